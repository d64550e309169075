//! `bench`: a fixed set of positions searched to fixed depths with one thread and a
//! fresh table each, so that the total node count is a signature of the search (any
//! change to search or evaluation changes it) and the node rate a speed figure.

use crate::game::Game;
use crate::rules::Rules;
use crate::rules::kind::VariantDef;
use crate::search::tt::TranspositionTable;
use crate::search::{Limits, Searcher};
use crate::variants;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

/// One bench position: variant, moves from the start, depth.
pub struct BenchPosition {
    pub variant: &'static str,
    pub moves: &'static str,
    pub depth: u32,
}

/// The positions: each variant's start and a dai shogi middlegame.
pub const POSITIONS: &[BenchPosition] = &[
    BenchPosition {
        variant: "dai",
        moves: "",
        depth: 8,
    },
    BenchPosition {
        variant: "dai",
        moves: "9k9j 7e7f 8l12h 8d3i 10l8j 6d9g 12h12g 9e9f",
        depth: 7,
    },
    BenchPosition {
        variant: "daidai",
        moves: "",
        depth: 7,
    },
    BenchPosition {
        variant: "makadaidai",
        moves: "",
        depth: 6,
    },
    BenchPosition {
        variant: "tai",
        moves: "",
        depth: 5,
    },
    BenchPosition {
        variant: "taikyoku",
        moves: "",
        depth: 3,
    },
];

/// The total node count of `bench` over `POSITIONS`. A change that alters it
/// changes the search or the evaluation: update it in the same commit, and say so.
pub const SIGNATURE: u64 = 289_895;

pub struct BenchResult {
    pub nodes: u64,
    pub elapsed: Duration,
    pub best: String,
}

/// Searches one position (`depth_offset` added to its depth, at least 1).
pub fn run_position(p: &BenchPosition, depth_offset: i32) -> Result<BenchResult, String> {
    let def = variants::by_name(p.variant).ok_or_else(|| format!("no variant {}", p.variant))?;
    let depth = (p.depth as i32 + depth_offset).max(1) as u32;
    crate::with_chunks!(def, search(def, p.moves, depth))
}

/// A position searched `repeat` times (at least once): its median time in
/// `elapsed`, and the fastest and slowest. The searches are the same each time
/// (one thread, a fresh table); a run that differs is an error.
pub fn run_repeated(
    p: &BenchPosition,
    depth_offset: i32,
    repeat: usize,
) -> Result<RepeatedResult, String> {
    let first = run_position(p, depth_offset)?;
    let mut times = vec![first.elapsed];
    for _ in 1..repeat {
        let r = run_position(p, depth_offset)?;
        if (r.nodes, &r.best) != (first.nodes, &first.best) {
            return Err(format!(
                "{} searched {} nodes ({}), then {} ({}): not deterministic",
                p.variant, first.nodes, first.best, r.nodes, r.best
            ));
        }
        times.push(r.elapsed);
    }
    times.sort();
    Ok(RepeatedResult {
        nodes: first.nodes,
        elapsed: times[times.len() / 2],
        fastest: times[0],
        slowest: times[times.len() - 1],
        best: first.best,
    })
}

/// `run_repeated`'s answer.
pub struct RepeatedResult {
    pub nodes: u64,
    /// The median time (the upper one of an even count).
    pub elapsed: Duration,
    pub fastest: Duration,
    pub slowest: Duration,
    pub best: String,
}

fn search<const C: usize>(
    def: &'static VariantDef,
    moves: &str,
    depth: u32,
) -> Result<BenchResult, String> {
    let rules = Rules::get(def);
    let mut game = Game::<C>::new(rules, def.setup)?;
    for m in moves.split_whitespace() {
        game.play_text(m)?;
    }
    let history = game.keys_before();
    let stop = AtomicBool::new(false);
    let tt = Arc::new(TranspositionTable::new(16));
    let mut searcher = Searcher::new(game.pos.clone(), history, &stop, tt);
    let limits = Limits {
        depth: Some(depth),
        ..Limits::default()
    };
    let start = Instant::now();
    let result = searcher.run(&limits, &mut |_| {});
    Ok(BenchResult {
        nodes: result.nodes,
        elapsed: start.elapsed(),
        best: (result.best)
            .map(|m| m.to_text(&rules.geo))
            .unwrap_or_else(|| "none".into()),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Runs the whole bench (a few seconds in a release build).
    #[test]
    #[cfg_attr(debug_assertions, ignore = "the whole bench: release builds only")]
    fn signature_is_pinned() {
        let total: u64 = (POSITIONS.iter())
            .map(|p| run_position(p, 0).unwrap().nodes)
            .sum();
        assert_eq!(total, SIGNATURE, "bench signature changed");
    }

    #[test]
    fn repeated_runs_report_the_median() {
        let p = &POSITIONS[1];
        let r = run_repeated(p, -3, 3).unwrap();
        assert_eq!(r.nodes, run_position(p, -3).unwrap().nodes);
        assert!(r.fastest <= r.elapsed && r.elapsed <= r.slowest);
    }

    #[test]
    fn one_thread_search_is_deterministic() {
        let p = &POSITIONS[1];
        let a = run_position(p, -2).unwrap();
        let b = run_position(p, -2).unwrap();
        assert_eq!((a.nodes, &a.best), (b.nodes, &b.best));
        assert!(a.nodes > 0);
    }
}
