#![doc = include_str!("../README.md")]
#![forbid(unsafe_code)]

pub mod convert;
pub mod diagram;
pub mod failure;
pub mod game;
pub mod js;
pub mod position;
pub mod records;
pub mod standings;
