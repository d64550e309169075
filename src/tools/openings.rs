//! Opening sets for matches (`large-shogi openings`): positions a few random but
//! sensible plies from a variant's start, kept when a shallow search finds them
//! roughly balanced, without duplicates. The same options and seed give the same
//! file, so the sets in `books/` can be regenerated.

use crate::protocol::session::{Final, Report, Reporter, SearchSetup, Session, Signals};
use crate::rules::kind::VariantDef;
use crate::search::Limits;
use crate::search::tt::TranspositionTable;
use std::collections::HashSet;
use std::sync::{Arc, Mutex};

#[derive(Clone, Debug)]
pub struct OpeningsConfig {
    pub variant: &'static VariantDef,
    /// Positions wanted.
    pub count: usize,
    /// Random plies played from the start position.
    pub plies: usize,
    pub seed: u64,
    /// Balance: a kept position's score, and every random move's score for its
    /// mover, stay within this many centipawns (the latter only from below).
    pub max_eval: i32,
    /// Depth of the searches that judge moves and positions.
    pub depth: u32,
    /// Evaluation weights set over the defaults (`Eval...` options), so that a
    /// set made before a weight changed can be made again.
    pub options: Vec<(&'static crate::eval::Param, i32)>,
}

impl OpeningsConfig {
    /// The evaluation weights the searches use.
    pub fn weights(&self) -> crate::eval::Weights {
        let mut w = crate::eval::Weights::default();
        for &(p, value) in &self.options {
            *(p.field)(&mut w) = value;
        }
        w
    }
}

/// One generated position.
#[derive(Clone, Debug, PartialEq)]
pub struct Opening {
    pub sfen: String,
    /// The moves from the start position that lead to it.
    pub moves: Vec<String>,
    /// Its search score, from the side to move's point of view.
    pub score: i32,
}

/// SplitMix64: a small, fixed pseudo-random sequence for a seed.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// Keeps the final score of a search, prints nothing.
struct ScoreOnly(Arc<Mutex<Option<i32>>>);

impl Reporter for ScoreOnly {
    fn iteration(&self, _: &Report) {}
    fn best(&self, _: Option<&str>) {}
    fn finish(&self, f: &Final) {
        *self.0.lock().unwrap() = Some(f.score);
    }
    fn error(&self, _: &str) {}
}

/// A fixed-depth search of the session's position from an empty table (so that
/// every score depends on its position alone): the score for the side to move.
fn search(session: &dyn Session, setup: &SearchSetup, depth: u32) -> i32 {
    setup.forget();
    let limits = Limits {
        depth: Some(depth),
        ..Limits::default()
    };
    let score = Arc::new(Mutex::new(None));
    let handle = session.spawn_search(
        limits.clone(),
        Signals::new(&limits),
        Box::new(ScoreOnly(score.clone())),
    );
    let _ = handle.join();
    score.lock().unwrap().unwrap_or(0)
}

/// Generates `cfg.count` openings, or says why it cannot.
///
/// Each line starts from the start position. At every ply the legal moves are
/// shuffled and the first one is played that is no pass (nor any other move
/// ending where it started), does not end the game, and leaves its mover no worse
/// than `-max_eval` by a search of the reply to `depth`; a line in which no move
/// qualifies is dropped. After `plies` plies the position is kept if a search to
/// `depth` scores it within `max_eval` of equal and it was not kept before.
pub fn generate(cfg: &OpeningsConfig) -> Result<Vec<Opening>, String> {
    if cfg.count == 0 || cfg.plies == 0 || cfg.depth == 0 || cfg.max_eval < 0 {
        return Err("count, plies and depth must be positive, max-eval not negative".into());
    }
    let setup = SearchSetup {
        tt: Arc::new(TranspositionTable::new(2)),
        threads: 1,
        weights: cfg.weights(),
        kept_history: Default::default(),
    };
    let mut rng = Rng(cfg.seed);
    let mut seen = HashSet::new();
    let mut out = Vec::new();
    let max_lines = cfg.count * 50;
    for _ in 0..max_lines {
        if out.len() == cfg.count {
            break;
        }
        let mut session = setup.start(cfg.variant);
        let mut line = Vec::new();
        for _ in 0..cfg.plies {
            let mut moves = session.legal_moves();
            // Fisher-Yates, so that each seed fixes the order.
            for i in (1..moves.len()).rev() {
                moves.swap(i, rng.below(i + 1));
            }
            let chosen = moves.into_iter().find(|m| {
                let stays = session.parse_move(m).is_ok_and(|mv| mv.from == mv.to);
                if stays || session.play(m).is_err() {
                    return false;
                }
                let sound = session.outcome().is_none()
                    && -search(&*session, &setup, cfg.depth) >= -cfg.max_eval;
                if !sound {
                    session.undo();
                }
                sound
            });
            match chosen {
                Some(m) => line.push(m),
                None => break,
            }
        }
        if line.len() < cfg.plies {
            continue;
        }
        let score = search(&*session, &setup, cfg.depth);
        if score.abs() > cfg.max_eval {
            continue;
        }
        let sfen = session.sfen();
        if seen.insert(sfen.clone()) {
            out.push(Opening {
                sfen,
                moves: line,
                score,
            });
        }
    }
    if out.len() < cfg.count {
        return Err(format!(
            "only {} distinct balanced positions found in {max_lines} tries; \
             allow a larger --max-eval or fewer --plies",
            out.len()
        ));
    }
    Ok(out)
}

/// The command line that produces `cfg`'s openings.
pub fn command(cfg: &OpeningsConfig) -> String {
    let mut c = format!(
        "large-shogi openings --variant {} --count {} --plies {} --seed {} --max-eval {} --depth {}",
        cfg.variant.name, cfg.count, cfg.plies, cfg.seed, cfg.max_eval, cfg.depth
    );
    for (p, value) in &cfg.options {
        c.push_str(&format!(" --option {}={value}", p.name));
    }
    c
}

/// The openings file: a header saying how it was made, then for every position
/// a comment with its moves and score and the SFEN on a line of its own (the
/// format `match --openings` reads: one SFEN a line, `#` comments).
pub fn file_text(cfg: &OpeningsConfig, openings: &[Opening]) -> String {
    let mut s = format!(
        "# {} openings for `large-shogi match --openings`: one SFEN a line.\n\
         # {} distinct positions, each {} random plies from the start (no passes; no\n\
         # move a depth-{} search of the reply scores below -{} cp for its mover),\n\
         # kept when a depth-{} search scores them within {} cp of equal.\n\
         # Made by: {}\n",
        cfg.variant.title,
        openings.len(),
        cfg.plies,
        cfg.depth,
        cfg.max_eval,
        cfg.depth,
        cfg.max_eval,
        command(cfg)
    );
    for (i, o) in openings.iter().enumerate() {
        s.push_str(&format!(
            "\n# {}: {} (score {:+} for the side to move)\n{}\n",
            i + 1,
            o.moves.join(" "),
            o.score,
            o.sfen
        ));
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_generator_is_a_fixed_sequence() {
        let mut a = Rng(1);
        let mut b = Rng(1);
        let xs: Vec<u64> = (0..5).map(|_| a.next()).collect();
        assert_eq!(xs, (0..5).map(|_| b.next()).collect::<Vec<_>>());
        assert_ne!(xs[0], Rng(2).next());
        assert!((0..1000).all(|_| a.below(7) < 7));
    }
}
