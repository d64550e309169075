//! An engine for the large historical shogi variants.
//!
//! The flow runs one way: protocol -> game -> search -> position -> move generation,
//! with the rules of each variant kept as data (`variants`) and compiled once
//! (`rules`).

pub mod board;
pub mod cache;
pub mod diagram;
pub mod eval;
pub mod game;
pub mod movegen;
pub mod moves;
pub mod perft;
pub mod position;
pub mod protocol;
pub mod rules;
pub mod search;
#[cfg(test)]
mod test_rng;
pub mod tools;
pub mod types;
pub mod variants;
