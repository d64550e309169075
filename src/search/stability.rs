//! How much of a clock's share to spend on this move, from how settled the
//! iterations are: a best move that keeps changing, a score that falls, or a
//! search that spends much of its effort away from the best move earns more
//! time before the next iteration is started; a best move that has stood for
//! several iterations, has the search's attention and keeps its score, less.
//! Only the clock's share is scaled (`Limits::fixed_time` is never cut): under
//! `movetime` and byoyomi the whole time is the move's anyway.

use crate::moves::Move;

/// Percent of the deepening time by the number of completed iterations the
/// best move has stood unchanged (the last entry for that many or more).
const BY_STABILITY: [u32; 6] = [130, 115, 105, 100, 95, 90];

/// Each centipawn the score fell since the last iteration adds this many
/// tenths of a percent; a rise takes away as much, within the bounds below.
const PER_CP_FALL: i32 = 5;
const SCORE_PCT_MIN: i32 = 85;
const SCORE_PCT_MAX: i32 = 150;

/// The effort's percent is `EFFORT_BASE` plus `EFFORT_SLOPE` times the
/// fraction of the root's nodes spent on moves other than the best, within
/// the bounds: a best move that took 80 % of the nodes gives 80 %, one that
/// took half, 140 %.
const EFFORT_BASE: u64 = 40;
const EFFORT_SLOPE: u64 = 200;
const EFFORT_PCT_MIN: u64 = 50;
const EFFORT_PCT_MAX: u64 = 200;

/// Iterations this shallow are too quick and noisy to judge the move by.
const FIRST_JUDGED_DEPTH: u32 = 4;

/// The deepening time's percent never leaves these bounds.
const PCT_MIN: u64 = 40;
const PCT_MAX: u64 = 300;

#[derive(Clone, Debug, Default)]
pub struct Stability {
    best: Option<Move>,
    score: i32,
    /// Completed iterations since the best move last changed.
    stood: usize,
    /// Nodes this thread spent below each root move this search.
    effort: Vec<(Move, u64)>,
}

impl Stability {
    /// Counts `nodes` spent below root move `mv`.
    pub fn spent(&mut self, mv: Move, nodes: u64) {
        match self.effort.iter_mut().find(|e| e.0 == mv) {
            Some(e) => e.1 += nodes,
            None => self.effort.push((mv, nodes)),
        }
    }

    /// Takes the result of a completed iteration of `depth`; returns the percent
    /// of the deepening time to allow from now on.
    pub fn update(&mut self, depth: u32, best: Option<Move>, score: i32) -> u32 {
        let (last_best, last_score) = (self.best, self.score);
        self.best = best;
        self.score = score;
        if depth < FIRST_JUDGED_DEPTH || last_best.is_none() {
            self.stood = 0;
            return 100;
        }
        self.stood = if best == last_best { self.stood + 1 } else { 0 };
        let by_move = BY_STABILITY[self.stood.min(BY_STABILITY.len() - 1)] as u64;
        // Far-off scores (a royal's capture) are not compared in centipawns.
        let fall = (last_score - score).clamp(-1000, 1000);
        let by_score = (100 + fall * PER_CP_FALL / 10).clamp(SCORE_PCT_MIN, SCORE_PCT_MAX) as u64;
        let by_effort = self.by_effort(best);
        (by_move * by_score * by_effort / 10_000).clamp(PCT_MIN, PCT_MAX) as u32
    }

    /// The effort's percent (`EFFORT_BASE`); 100 before any node is counted.
    fn by_effort(&self, best: Option<Move>) -> u64 {
        let total: u64 = self.effort.iter().map(|e| e.1).sum();
        if total == 0 {
            return 100;
        }
        let on_best = self
            .effort
            .iter()
            .find(|e| Some(e.0) == best)
            .map_or(0, |e| e.1);
        let elsewhere = (total - on_best) * 100 / total;
        (EFFORT_BASE + EFFORT_SLOPE * elsewhere / 100).clamp(EFFORT_PCT_MIN, EFFORT_PCT_MAX)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn mv(to: u16) -> Option<Move> {
        Some(Move::simple(1, to, 0))
    }

    #[test]
    fn a_settled_move_gets_less_time_and_a_changing_one_more() {
        let mut s = Stability::default();
        assert_eq!(s.update(1, mv(2), 0), 100);
        assert_eq!(s.update(4, mv(2), 0), 115, "one iteration stood");
        assert_eq!(s.update(5, mv(2), 0), 105);
        for depth in 6..12 {
            s.update(depth, mv(2), 0);
        }
        assert_eq!(s.update(12, mv(2), 0), 90);
        assert_eq!(s.update(13, mv(3), 0), 130, "the best move changed");
    }

    #[test]
    fn a_falling_score_gets_more_time_within_bounds() {
        let mut s = Stability::default();
        s.update(4, mv(2), 0);
        assert_eq!(s.update(5, mv(2), -40), 115 * 120 / 100);
        assert_eq!(s.update(6, mv(2), -2000), 105 * 150 / 100, "capped");
        assert_eq!(
            s.update(7, mv(2), 2000),
            100 * 85 / 100,
            "a rise saves time"
        );
    }

    #[test]
    fn effort_away_from_the_best_move_gets_more_time() {
        let mut s = Stability::default();
        s.update(4, mv(2), 0);
        s.spent(mv(2).unwrap(), 800);
        s.spent(mv(3).unwrap(), 150);
        s.spent(mv(3).unwrap(), 50);
        assert_eq!(s.update(5, mv(2), 0), 115 * 80 / 100, "80 % on the best");
        assert_eq!(s.update(6, mv(3), 0), 130 * 200 / 100, "20 % on the best");
        s.spent(mv(4).unwrap(), 100_000);
        assert_eq!(s.update(7, mv(2), 0), 130 * 200 / 100, "within bounds");
    }

    #[test]
    fn shallow_iterations_are_not_judged() {
        let mut s = Stability::default();
        assert_eq!(s.update(2, mv(2), 0), 100);
        assert_eq!(s.update(3, mv(3), -500), 100);
        assert_eq!(s.update(4, mv(3), -500), 115);
    }
}
