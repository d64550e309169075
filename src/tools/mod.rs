//! Tools behind subcommands: matches and their statistics, opening sets, the
//! search bench, piece values tuned on games.
pub mod bench;
pub mod match_runner;
pub mod openings;
pub mod stats;
pub mod tune;
