//! Tools behind subcommands: matches and their statistics.
pub mod match_runner;
pub mod stats;
