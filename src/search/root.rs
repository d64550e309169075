//! The root: iterative deepening, aspiration windows, MultiPV lines, the Lazy-SMP
//! take-over of a helper's deeper iteration, and what is reported of each
//! iteration.

use super::{Bound, INF, Iteration, Limits, MATE_BOUND, MAX_DEPTH, SearchResult, Searcher};
use crate::moves::Move;
use std::time::{Duration, Instant};

/// Root moves are announced only after this long (USI GUIs show them for long
/// searches; a flood of them in short ones helps no one).
const CURRMOVE_AFTER: Duration = Duration::from_secs(1);

/// Aspiration windows: from this depth, first searched within this many
/// centipawns of the last score, doubled on each failure; past the maximum the
/// window is open.
const ASPIRATION_DEPTH: u32 = 5;
const ASPIRATION_WINDOW: i32 = 40;
const ASPIRATION_MAX: i32 = 1000;

impl<'a, const C: usize> Searcher<'a, C> {
    /// Iterative deepening; `report` gets every completed iteration.
    pub fn run(&mut self, limits: &Limits, report: &mut dyn FnMut(&Iteration)) -> SearchResult {
        self.start = Instant::now();
        self.ponder_seen = false;
        self.pondering();
        if let Some((deepen, hard)) = limits.budget_for(self.pos.rules.def.name) {
            self.deepen_until = Some(deepen);
            self.deepen_fixed = limits.fixed_time().min(deepen);
            self.hard = Some(hard);
        }
        self.deepen_pct = 100;
        self.stability = Default::default();
        self.max_nodes = limits.nodes.unwrap_or(u64::MAX);
        let max_depth = limits.depth.unwrap_or(MAX_DEPTH).clamp(1, MAX_DEPTH);
        let mut root = Vec::new();
        if !crate::perft::game_over(&self.pos) {
            self.pos.generate(&mut root);
        }
        if root.iter().any(|m| limits.searchmoves.contains(m)) {
            root.retain(|m| limits.searchmoves.contains(m));
        }
        let mut result = SearchResult {
            best: root.first().copied(),
            ..Default::default()
        };
        if root.is_empty() {
            return result;
        }
        let lines = limits.multipv.clamp(1, root.len());
        self.root_moves = root;
        // One new generation a search: a helper's increment, coming after the
        // main thread's first stores, would make them look a search old.
        if !matches!(self.lead, Some((_, false))) {
            self.tt.new_search();
        }
        let mut depth = self.first_depth.min(max_depth);
        while depth <= max_depth {
            match &self.lead {
                Some((lead, true)) => lead.publish(depth),
                // A helper joins the main thread's iteration (deferral splits
                // it between them) rather than running one ahead: time to depth
                // and play both measured better (tuning/README.md, tenth session).
                Some((lead, false)) => depth = depth.max(lead.main_depth()).min(max_depth),
                None => {}
            }
            if lines == 1
                && let Some(taken) = self.take_over(depth, report)
            {
                // A helper got here first: its iteration stands for this one.
                result = taken;
                depth = result.depth;
                self.judge_stability(&result);
                if result.score.abs() > MATE_BOUND || self.deepening_time_spent() {
                    break;
                }
                depth += 1;
                continue;
            }
            self.root_excluded.clear();
            // MultiPV: the iteration's lines, reported once it ends, best first.
            let mut found: Vec<(i32, u32, Vec<Move>)> = Vec::new();
            for line in 1..=lines {
                self.seldepth = 0;
                let score = if lines == 1 {
                    self.aspiration(depth, &result, report)
                } else {
                    self.negamax(depth as i32, 0, -INF, INF)
                };
                if self.overtaken {
                    break;
                }
                // A search cut short is used only while there is nothing better,
                // but a root move it searched to the end and found better than
                // the moves before it (the last best came first) is played: on
                // the big boards an iteration costs a hundred times the last, so
                // the clock often stops one at its root.
                if self.aborted && (depth > 1 || line > 1) {
                    if lines == 1 && depth > 1 {
                        self.keep_cut_short(depth, &mut result, report);
                    }
                    break;
                }
                let pv = self.extend_pv(self.pv[0].clone(), depth as usize);
                let Some(&first) = pv.first() else { break };
                self.root_excluded.push(first);
                let seldepth = self.seldepth.max(depth);
                if lines > 1 {
                    // The result is the best line's (`report_lines`).
                    found.push((score, seldepth, pv));
                    continue;
                }
                let nodes = self.total_nodes();
                report(&self.exact_line(depth, seldepth, score, (1, 1), nodes, &pv));
                result = SearchResult {
                    best: Some(first),
                    score,
                    depth,
                    nodes,
                    pv,
                };
            }
            self.report_lines((depth, lines), &mut found, &mut result, report);
            if self.overtaken {
                // Taken over at the top of the loop.
                (self.overtaken, self.aborted) = (false, false);
                continue;
            }
            if !self.aborted
                && let Some((lead, false)) = &self.lead
            {
                lead.post(&result, self.seldepth.max(depth));
            }
            if !self.aborted && lines == 1 {
                self.judge_stability(&result);
            }
            let decided = lines == 1 && result.score.abs() > MATE_BOUND;
            if self.aborted || decided || self.deepening_time_spent() {
                break;
            }
            depth += 1;
        }
        // Stopped: a helper may have completed a deeper iteration than this
        // thread did.
        if lines == 1
            && let Some(taken) = self.take_over(result.depth + 1, report)
        {
            result = taken;
        }
        self.flush_nodes();
        result.nodes = self.total_nodes();
        result
    }

    /// Takes from an iteration the clock cut short its best root move searched to
    /// the end, if it is not `result`'s (reported at the iteration's depth; the
    /// result keeps the depth last completed).
    fn keep_cut_short(
        &mut self,
        depth: u32,
        result: &mut SearchResult,
        report: &mut dyn FnMut(&Iteration),
    ) {
        let Some(&first) = self.pv[0].first() else {
            return;
        };
        if result.best == Some(first) {
            return;
        }
        let pv = self.extend_pv(self.pv[0].clone(), depth as usize);
        *result = SearchResult {
            best: Some(first),
            score: self.root_score,
            depth: depth - 1,
            nodes: self.total_nodes(),
            pv,
        };
        let (seldepth, score, nodes) = (self.seldepth.max(depth), result.score, result.nodes);
        report(&self.exact_line(depth, seldepth, score, (1, 1), nodes, &result.pv));
    }

    /// Reports the MultiPV lines an iteration of `depth` completed (`(score,
    /// seldepth, pv)`, in the order searched; `lines` asked) ranked by score,
    /// and makes the top one the result. Line k's search finds the best move
    /// outside lines 1 to k-1, but with root moves reduced and pruned it may
    /// score a move above an earlier line's, which then searched that move
    /// shallower and dropped it.
    pub(super) fn report_lines(
        &self,
        (depth, lines): (u32, usize),
        found: &mut [(i32, u32, Vec<Move>)],
        result: &mut SearchResult,
        report: &mut dyn FnMut(&Iteration),
    ) {
        // Stable: lines of equal score keep the order they were searched in.
        found.sort_by_key(|l| std::cmp::Reverse(l.0));
        let nodes = self.total_nodes();
        if let Some((score, _, pv)) = found.first() {
            *result = SearchResult {
                best: pv.first().copied(),
                score: *score,
                depth,
                nodes,
                pv: pv.clone(),
            };
        }
        for (k, (score, seldepth, pv)) in found.iter().enumerate() {
            report(&self.exact_line(depth, *seldepth, *score, (k + 1, lines), nodes, pv));
        }
    }

    /// An exact line of this search as reported: `(multipv, lines)` as in
    /// `Iteration`.
    fn exact_line<'p>(
        &self,
        depth: u32,
        seldepth: u32,
        score: i32,
        (multipv, lines): (usize, usize),
        nodes: u64,
        pv: &'p [Move],
    ) -> Iteration<'p> {
        Iteration {
            depth,
            seldepth,
            score,
            bound: Bound::Exact,
            multipv,
            lines,
            nodes,
            elapsed: self.start.elapsed(),
            hashfull: self.tt.hashfull(),
            pv,
        }
    }

    /// Whether the time to start iterations in is spent (not while pondering):
    /// the fixed part of it, and the clock's share scaled by `deepen_pct`,
    /// within the hard limit.
    fn deepening_time_spent(&mut self) -> bool {
        let Some(until) = self.deepen_until else {
            return false;
        };
        let flexible = until.saturating_sub(self.deepen_fixed);
        let mut until = self.deepen_fixed + flexible * self.deepen_pct / 100;
        if let Some(hard) = self.hard {
            until = until.min(hard);
        }
        !self.pondering() && self.start.elapsed() >= until
    }

    /// Sets the share of the clock's time to deepen in from how the best move
    /// and the score moved in the iteration just completed, and where the
    /// root's nodes went (`stability`).
    fn judge_stability(&mut self, result: &SearchResult) {
        self.deepen_pct = self
            .stability
            .update(result.depth, result.best, result.score);
    }

    /// The main thread's take-over of a helper's result of at least `depth`,
    /// reported as its own iteration.
    fn take_over(&self, depth: u32, report: &mut dyn FnMut(&Iteration)) -> Option<SearchResult> {
        let Some((lead, true)) = &self.lead else {
            return None;
        };
        let (taken, seldepth) = lead.take_over(depth)?;
        let result = SearchResult {
            nodes: self.total_nodes(),
            ..taken
        };
        let (depth, score, nodes) = (result.depth, result.score, result.nodes);
        report(&self.exact_line(depth, seldepth, score, (1, 1), nodes, &result.pv));
        Some(result)
    }

    /// A principal variation cut short by table hits, continued with the table's
    /// moves (each checked to be legal) up to `len` moves.
    fn extend_pv(&mut self, mut pv: Vec<Move>, len: usize) -> Vec<Move> {
        // No line: the search was stopped before it finished a root move.
        if pv.is_empty() {
            return pv;
        }
        for &m in &pv {
            self.pos.make(m);
        }
        let mut list = Vec::new();
        while pv.len() < len && self.pos.royal_count(self.pos.side_to_move()) > 0 {
            let Some(mv) = self.tt.probe(self.pos.hash()).and_then(|h| h.mv) else {
                break;
            };
            list.clear();
            self.pos.generate(&mut list);
            if !list.contains(&mv) {
                break;
            }
            self.pos.make(mv);
            pv.push(mv);
        }
        for _ in 0..pv.len() {
            self.pos.unmake();
        }
        pv
    }

    /// One root search in a window around the last iteration's score, widened
    /// on each side that fails (reported as a bound) until the score is inside.
    fn aspiration(
        &mut self,
        depth: u32,
        last: &SearchResult,
        report: &mut dyn FnMut(&Iteration),
    ) -> i32 {
        let (last, last_pv) = (last.score, &last.pv);
        if depth < ASPIRATION_DEPTH || last.abs() > MATE_BOUND {
            return self.negamax(depth as i32, 0, -INF, INF);
        }
        let mut delta = ASPIRATION_WINDOW;
        let (mut alpha, mut beta) = (last - delta, last + delta);
        loop {
            let score = self.negamax(depth as i32, 0, alpha, beta);
            if self.aborted {
                return score;
            }
            let bound = if score <= alpha {
                alpha = (score - delta).max(-INF);
                Bound::Upper
            } else if score >= beta {
                beta = (score + delta).min(INF);
                Bound::Lower
            } else {
                return score;
            };
            delta *= 2;
            if delta > ASPIRATION_MAX {
                (alpha, beta) = (-INF, INF);
            }
            // Fail-high lines show the move that failed high; fail-low ones, which
            // found none, the last iteration's line.
            let pv = match self.pv[0].is_empty() {
                true => last_pv.clone(),
                false => self.pv[0].clone(),
            };
            report(&Iteration {
                depth,
                seldepth: self.seldepth.max(depth),
                score,
                bound,
                multipv: 1,
                lines: 1,
                nodes: self.total_nodes(),
                elapsed: self.start.elapsed(),
                hashfull: self.tt.hashfull(),
                pv: &pv,
            });
        }
    }

    /// Tells the `currmove` listener (if any) which root move is being searched,
    /// once the search has run long enough for a person to care.
    pub(super) fn announce_root_move(&mut self, mv: Move, number: usize, depth: u32) {
        if self.start.elapsed() < CURRMOVE_AFTER {
            return;
        }
        if let Some(listen) = self.currmove.as_mut() {
            listen(mv, number, depth);
        }
    }

    /// Keeps the root moves this search may play; true if any were dropped.
    pub(super) fn restrict_root(&self, list: &mut Vec<Move>) -> bool {
        let before = list.len();
        list.retain(|m| self.root_moves.contains(m) && !self.root_excluded.contains(m));
        list.len() < before
    }
}
