//! The protocols around the engine.
pub mod session;
pub mod usi;

pub use usi::{Engine, Flow};
