//! Staged move generation for the nodes below the root: the table's move, then
//! the captures that do not lose the exchange, then the killers, and only then
//! every move. Most nodes that have no table move cut off on a capture or a
//! killer (dai, depth 11 from the start: 92 % of them), so the full list, most of
//! it quiet moves, is seldom generated or keyed.

use super::victim_first::Victim;
use super::{KILLER_KEY, QuiesceCapture, Searcher, losing_key, picker};
use crate::moves::Move;

/// Where a node's next move comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Stage {
    /// The transposition table's move (checked legal by the caller).
    Table,
    /// Captures in victim order (generated victim first), those losing the
    /// exchange left for `Rest`.
    Captures,
    /// The two killers of the ply, where legal and quiet here.
    Killers,
    /// Every move not tried yet, in `score_moves` order.
    Rest,
}

/// A node's move source and its buffers (kept per ply, reused).
pub(super) struct NodeMoves<const C: usize> {
    stage: Stage,
    first: Option<Move>,
    killers: [Move; 2],
    /// Picks made in the current stage (and the killer index).
    k: usize,
    /// The captures (`Captures`), then every move (`Rest`).
    list: Vec<Move>,
    captures: Vec<(i32, QuiesceCapture)>,
    /// The victim of those, while the other pieces' captures are not keyed.
    victim: Option<Victim<C>>,
    scored: picker::Scored,
    /// The moves handed out before `Rest`, which leaves them out.
    tried: Vec<Move>,
    /// The full generation found no move at all: stalemate.
    pub(super) no_moves: bool,
    /// `first` is left out, not handed out (a singular-extension test).
    skip_first: bool,
}

impl<const C: usize> Default for NodeMoves<C> {
    fn default() -> Self {
        NodeMoves {
            stage: Stage::Table,
            first: None,
            killers: [Move::NULL; 2],
            k: 0,
            list: Vec::new(),
            captures: Vec::new(),
            victim: None,
            scored: Vec::new(),
            tried: Vec::new(),
            no_moves: false,
            skip_first: false,
        }
    }
}

impl<const C: usize> NodeMoves<C> {
    /// Starts a node at the table's move `first` (legal here), then the stages.
    pub(super) fn start(&mut self, first: Option<Move>, killers: [Move; 2]) {
        self.stage = Stage::Table;
        self.first = first;
        self.killers = killers;
        self.k = 0;
        self.tried.clear();
        self.no_moves = false;
        self.skip_first = false;
    }

    /// Starts a node that hands out every move but `excluded`.
    pub(super) fn start_excluding(&mut self, excluded: Move, killers: [Move; 2]) {
        self.start(Some(excluded), killers);
        self.skip_first = true;
    }
}

impl<const C: usize> Searcher<'_, C> {
    /// Starts the root: its whole list (the moves this search may play) keyed at
    /// once, the table's move first if it is among them. Whether any move was
    /// dropped (`restrict_root`).
    pub(super) fn start_root(&mut self, nm: &mut NodeMoves<C>, tt_move: Option<Move>) -> bool {
        nm.start(None, [Move::NULL; 2]);
        nm.stage = Stage::Rest;
        nm.list.clear();
        self.pos.generate(&mut nm.list);
        let restricted = self.restrict_root(&mut nm.list);
        nm.no_moves = nm.list.is_empty();
        // A stored move from another position sharing the slot is ignored.
        let tt_move = tt_move.filter(|m| nm.list.contains(m));
        self.score_moves(&nm.list, &mut nm.scored, 0, tt_move);
        restricted
    }

    /// Enters `Rest`: every move, less those tried, keyed.
    fn generate_rest(&mut self, nm: &mut NodeMoves<C>, ply: usize) {
        nm.stage = Stage::Rest;
        nm.k = 0;
        nm.list.clear();
        self.pos.generate(&mut nm.list);
        nm.no_moves = nm.list.is_empty();
        if !nm.tried.is_empty() {
            let tried = &nm.tried;
            nm.list.retain(|m| !tried.contains(m));
        }
        self.score_moves(&nm.list, &mut nm.scored, ply, None);
    }

    /// The node's next move, and whether it was ordered as a capture losing
    /// the exchange; `None` once every move has been handed out.
    pub(super) fn next_move(&mut self, nm: &mut NodeMoves<C>, ply: usize) -> Option<(Move, bool)> {
        loop {
            match nm.stage {
                Stage::Table => {
                    nm.stage = Stage::Captures;
                    if let Some(m) = nm.first {
                        nm.tried.push(m);
                        if !nm.skip_first {
                            return Some((m, false));
                        }
                    }
                }
                Stage::Captures => {
                    if nm.k == 0 {
                        nm.list.clear();
                        nm.captures.clear();
                        nm.victim = self.first_captures(&mut nm.list, &mut nm.captures, i32::MIN);
                    }
                    let picked = self.pick_capture(
                        &mut nm.victim,
                        &mut nm.list,
                        &mut nm.captures,
                        nm.k,
                        i32::MIN,
                    );
                    let Some((gain, mv, checked)) = picked else {
                        nm.stage = Stage::Killers;
                        nm.k = 0;
                        continue;
                    };
                    // Past the captures ordered ahead of the killers: the rest
                    // come with every other move.
                    if nm.captures[nm.k].0 >= -KILLER_KEY {
                        nm.stage = Stage::Killers;
                        nm.k = 0;
                        continue;
                    }
                    nm.k += 1;
                    if Some(mv) == nm.first || (checked && self.losing_capture(mv, gain).is_some())
                    {
                        continue;
                    }
                    nm.tried.push(mv);
                    return Some((mv, false));
                }
                Stage::Killers => {
                    let Some(&mv) = nm.killers.get(nm.k) else {
                        self.generate_rest(nm, ply);
                        continue;
                    };
                    nm.k += 1;
                    if mv == Move::NULL
                        || Some(mv) == nm.first
                        || !self.legal_here(mv)
                        || self.pos.is_capture(mv)
                    {
                        continue;
                    }
                    nm.tried.push(mv);
                    return Some((mv, false));
                }
                Stage::Rest => {
                    let mv = picker::pick(&mut nm.scored, nm.k)?;
                    let losing = losing_key(nm.scored[nm.k].0);
                    nm.k += 1;
                    return Some((mv, losing));
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::position::Position;
    use crate::rules::Rules;
    use crate::search::tt::TranspositionTable;
    use std::sync::Arc;
    use std::sync::atomic::AtomicBool;

    /// Every move of the position, once each, in stage order: `first` first,
    /// captures before the legal killers, every other move after them.
    fn check_stages<const C: usize>(pos: Position<C>, first: Option<Move>, killers: [Move; 2]) {
        let mut all = Vec::new();
        pos.generate(&mut all);
        let stop = AtomicBool::new(false);
        let mut s = Searcher::new(pos, Vec::new(), &stop, Arc::new(TranspositionTable::new(1)));
        let mut nm = NodeMoves::<C>::default();
        nm.start(first, killers);
        let mut out = Vec::new();
        while let Some((mv, _)) = s.next_move(&mut nm, 1) {
            out.push((mv, nm.stage));
        }
        let mut got: Vec<Move> = out.iter().map(|e| e.0).collect();
        assert_eq!(got.len(), all.len(), "each move once");
        got.sort_by_key(|m| format!("{m:?}"));
        all.sort_by_key(|m| format!("{m:?}"));
        assert_eq!(got, all);
        if let Some(f) = first {
            assert_eq!(out[0].0, f);
        }
        let stages: Vec<Stage> = out.iter().map(|e| e.1).collect();
        assert!(stages.is_sorted(), "stages in order: {stages:?}");
        for (mv, stage) in &out {
            let capture = s.pos.is_capture(*mv);
            if *stage == Stage::Killers {
                assert!(killers.contains(mv) && !capture);
            }
        }
    }

    #[test]
    fn an_excluded_move_is_never_handed_out() {
        let rules = Rules::get(&crate::variants::dai::DAI);
        let book = include_str!("../../books/dai-openings.txt");
        let line = book.lines().find(|l| !l.is_empty() && !l.starts_with('#'));
        let pos = Position::<2>::from_sfen(rules, line.unwrap()).unwrap();
        let mut all = Vec::new();
        pos.generate(&mut all);
        let stop = AtomicBool::new(false);
        let mut s = Searcher::new(pos, Vec::new(), &stop, Arc::new(TranspositionTable::new(1)));
        // Each of the first moves left out, given as a killer too.
        for &excluded in all.iter().take(4) {
            let mut nm = NodeMoves::<2>::default();
            nm.start_excluding(excluded, [excluded, all[5]]);
            let mut out = Vec::new();
            while let Some((mv, _)) = s.next_move(&mut nm, 1) {
                out.push(mv);
            }
            assert_eq!(out.len(), all.len() - 1);
            assert!(!out.contains(&excluded));
            out.sort_by_key(|m| format!("{m:?}"));
            out.dedup();
            assert_eq!(out.len(), all.len() - 1, "each move once");
        }
    }

    #[test]
    fn stages_hand_out_every_move_once() {
        let rules = Rules::get(&crate::variants::dai::DAI);
        // The dai opening book's positions have captures on offer in some.
        let book = include_str!("../../books/dai-openings.txt");
        let (mut positions, mut with_captures) = (0, 0);
        for line in book
            .lines()
            .filter(|l| !l.is_empty() && !l.starts_with('#'))
            .take(12)
        {
            let pos = Position::<2>::from_sfen(rules, line).unwrap();
            let mut moves = Vec::new();
            pos.generate(&mut moves);
            let quiet: Vec<Move> = (moves.iter().copied())
                .filter(|&m| !pos.is_capture(m) && !m.promotes())
                .collect();
            let capture = moves.iter().copied().find(|&m| pos.is_capture(m));
            // A killer from elsewhere (not a move here) and a legal quiet one.
            let foreign = Move::simple(0, 1, 0);
            check_stages(pos.clone(), None, [Move::NULL; 2]);
            check_stages(pos.clone(), quiet.last().copied(), [quiet[0], foreign]);
            check_stages(pos.clone(), capture, [foreign, quiet[quiet.len() / 2]]);
            check_stages(pos, Some(quiet[1]), [quiet[1], quiet[2]]);
            positions += 1;
            with_captures += capture.is_some() as usize;
        }
        assert_eq!(positions, 12);
        assert!(
            with_captures >= 3,
            "{with_captures} positions with a capture"
        );
    }
}
