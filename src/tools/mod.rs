//! Tools behind subcommands: matches and their statistics, the search bench.
pub mod bench;
pub mod match_runner;
pub mod stats;
