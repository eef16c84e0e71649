//! Swiss pairing (积分编排): hand-worked events, the documented worked example, errors and properties.

mod cases;
#[path = "../tournament/common.rs"]
mod common;
mod play;
mod properties;
mod worked_example;
