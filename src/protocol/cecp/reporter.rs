//! Thinking output and moves as XBoard wants them.

use super::to_xboard;
use crate::board::Geometry;
use crate::protocol::session::{Out, Report, Reporter, Session};
use crate::search::{Bound, mate_plies};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};

/// Thinking output and moves, as XBoard wants them.
pub(super) struct CecpReporter {
    pub(super) out: Out,
    pub(super) geo: &'static Geometry,
    pub(super) post: bool,
    /// Analysis prints no move.
    pub(super) analyze: bool,
    /// Set when the search was abandoned: print nothing more.
    pub(super) discard: Arc<AtomicBool>,
    /// The move played, for the protocol loop to apply to its game.
    pub(super) played: Arc<Mutex<Option<String>>>,
    pub(super) pass: Option<String>,
    /// The game before the move: the move is played on it to announce at once a
    /// result it brings (XBoard, facing a person, would otherwise not learn it
    /// until the next command). `announced` tells the loop not to repeat it.
    /// None in analysis, which plays no move.
    pub(super) referee: Option<Mutex<Box<dyn Session>>>,
    pub(super) announced: Arc<AtomicBool>,
}

fn xb_score(score: i32) -> i32 {
    // XBoard reads +/-(100000 + N) as mate in N moves.
    match mate_plies(score) {
        Some(n) if n > 0 => 100_000 + (n + 1) / 2,
        Some(n) => -100_000 + n / 2,
        None => score,
    }
}

impl Reporter for CecpReporter {
    fn error(&self, msg: &str) {
        (self.out)(&format!("Error (internal): {msg}"));
    }

    fn iteration(&self, r: &Report) {
        // Thinking output shows settled scores of the best line only.
        if !self.post
            || self.discard.load(Ordering::Relaxed)
            || r.bound != Bound::Exact
            || r.multipv > 1
        {
            return;
        }
        let pv: Vec<String> =
            r.pv.iter()
                .map(|m| {
                    to_xboard(self.geo, m)
                        .map(|l| l.concat())
                        .unwrap_or_default()
                })
                .collect();
        (self.out)(&format!(
            "{} {} {} {} {}",
            r.depth,
            xb_score(r.score),
            r.elapsed.as_millis() / 10,
            r.nodes,
            pv.join(" ")
        ));
    }

    fn best(&self, mv: Option<&str>) {
        if self.analyze || self.discard.load(Ordering::Relaxed) {
            return;
        }
        let Some(m) = mv else {
            (self.out)("resign");
            return;
        };
        let legs = if Some(m) == self.pass.as_deref() {
            vec!["@@@@".to_string()]
        } else {
            to_xboard(self.geo, m).unwrap_or_default()
        };
        *self.played.lock().unwrap_or_else(|e| e.into_inner()) = Some(m.to_string());
        for leg in legs {
            (self.out)(&format!("move {leg}"));
        }
        let Some(referee) = &self.referee else {
            return;
        };
        let mut referee = referee.lock().unwrap_or_else(|e| e.into_inner());
        if referee.play(m).is_ok()
            && let Some(line) = super::result_line(referee.as_ref())
        {
            (self.out)(&line);
            self.announced.store(true, Ordering::Relaxed);
        }
    }
}
