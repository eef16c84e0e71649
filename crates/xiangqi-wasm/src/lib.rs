#![doc = include_str!("../README.md")]
#![forbid(unsafe_code)]

pub mod analysis;
pub mod input;
pub mod js;
pub mod position;
pub mod records;
pub mod ruling;
pub mod standings;
