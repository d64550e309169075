//! Move ordering: the order keys of captures (most valuable victim, cheapest
//! attacker, losing exchanges late), promotions, killers and the history table.

use super::quiesce::QuiesceCapture;
use super::range_gain::RangeGains;
use super::{Searcher, picker};
use crate::board::NO_SQUARE;
use crate::moves::Move;
use crate::position::leap_table::Motion;
use crate::types::PieceId;

/// Order keys: captures and promotions before killers, then captures that lose
/// the exchange, then the quiet moves by history (capped below those).
const CAPTURES_FIRST: i32 = 1 << 24;
pub(super) const KILLER_KEY: i32 = 1 << 22;
const BAD_CAPTURE_KEY: i32 = 3 << 20;

/// Losses beyond this order alike.
const LOSS_CAP: i32 = 1 << 19;
const HISTORY_CAP: i32 = (1 << 21) - 1;

/// A range piece's lines are summed once (`RangeGains`) when it has at least
/// this many moves in a list; fewer are cheaper walked one by one.
const RANGE_SUM_FROM: usize = 3;

/// Whether an order key is that of a capture losing the exchange (see
/// `key_from_gain`): the band `LOSS_CAP` wide from `-BAD_CAPTURE_KEY`, which no
/// other kind of key reaches (killers lie below it, quiet moves above it, good
/// captures far below).
pub(super) fn losing_key(key: i32) -> bool {
    (-BAD_CAPTURE_KEY..=-BAD_CAPTURE_KEY + LOSS_CAP).contains(&key)
}

/// The order key of a move that takes `victims` or promotes, made by a piece
/// worth `attacker()` (asked only for such a move), as if it did not lose the
/// exchange (most valuable victim first, cheapest attacker first); `None` for
/// other moves.
fn capture_key(mv: Move, victims: i32, attacker: impl FnOnce() -> i32) -> Option<i32> {
    let promo = if mv.promotes() { 50 } else { 0 };
    if victims == 0 && promo == 0 {
        return None;
    }
    let first = if victims >= 0 { CAPTURES_FIRST } else { 0 };
    Some(-(first + victims * 16 - attacker() / 8 + promo))
}

/// The leading moves of `moves` that start on its first move's square.
pub(super) fn piece_run(moves: &[Move]) -> &[Move] {
    let from = moves[0].from;
    let n = (moves.iter()).position(|m| m.from != from);
    &moves[..n.unwrap_or(moves.len())]
}

impl<'a, const C: usize> Searcher<'a, C> {
    /// A quiet move caused a cutoff: remember it as a killer of this ply and
    /// credit its (form, destination) in the history table.
    pub(super) fn reward(&mut self, mv: Move, ply: usize, depth: i32) {
        self.killers.reward(ply, mv);
        self.quiet_history
            .reward(self.history_index(mv), depth * depth);
    }

    /// The killers of `ply` (none past the table's end).
    pub(super) fn killers_at(&self, ply: usize) -> [Move; 2] {
        self.killers.at(ply)
    }

    fn history_index(&self, mv: Move) -> usize {
        let form = self.pos.piece(self.pos.piece_at(mv.from).unwrap()).form as usize;
        form * self.pos.rules.geo.squares() + mv.to as usize
    }

    /// Keys captures (`generate_captures`' list) onto `moves` for `picker::pick`:
    /// by victims and attacker as if none lost the exchange, with what each
    /// takes and whether it must be asked if it loses the exchange before it
    /// is tried (most nodes cut off first). Captures taking `floor` or less
    /// are left out: the caller would prune them (a stable order among the
    /// others is the same without them). Returns the smallest key left out
    /// (`i32::MAX` if none).
    pub(super) fn key_captures(
        &mut self,
        list: &[Move],
        moves: &mut Vec<(i32, QuiesceCapture)>,
        floor: i32,
    ) -> i32 {
        let mut left_out = i32::MAX;
        let mut rest = list;
        while !rest.is_empty() {
            let run = piece_run(rest);
            rest = &rest[run.len()..];
            // One piece's moves: its value read once.
            let attacker = self
                .pos
                .piece_at(run[0].from)
                .map_or(0, |id| self.pos.value_of(id).0);
            self.visit_gains(run, |s, mv, gain| {
                let gain = gain.unwrap_or_else(|| s.gain(mv));
                let (key, checked) = match capture_key(mv, gain, || attacker) {
                    Some(key) => (key, true),
                    None => (s.quiet_key(mv, [Move::NULL; 2]), false),
                };
                if gain <= floor {
                    left_out = left_out.min(key);
                } else {
                    moves.push((key, (gain, mv, checked)));
                }
            });
        }
        left_out
    }

    /// A move's order key (smaller first, see `score_moves`).
    fn order_key(&self, mv: Move, killers: [Move; 2], tt_move: Option<Move>) -> i32 {
        if Some(mv) == tt_move {
            return i32::MIN;
        }
        self.key_from_gain(mv, self.gain(mv), killers)
    }

    /// Readies `lines` for the range lines of the piece whose moves are `run`
    /// (summed as its moves ask), and says true, if it is a range piece with
    /// enough moves to repay summing them.
    fn range_gains(&self, lines: &mut RangeGains, run: &[Move]) -> bool {
        let Some(id) = run.first().and_then(|m| self.pos.piece_at(m.from)) else {
            return false;
        };
        let sum = run.len() >= RANGE_SUM_FROM && self.pos.motion_of(id).has(Motion::RANGE);
        if sum {
            lines.ready(&self.pos, id);
        }
        sum
    }

    /// `order_key` of a move other than the table's, given its `gain`.
    fn key_from_gain(&self, mv: Move, victims: i32, killers: [Move; 2]) -> i32 {
        let attacker = || self.pos.value_of(self.pos.piece_at(mv.from).unwrap()).0;
        match capture_key(mv, victims, attacker) {
            Some(key) => match self.losing_capture(mv, victims) {
                Some(loss) => -BAD_CAPTURE_KEY + loss.min(LOSS_CAP),
                None => key,
            },
            None => self.quiet_key(mv, killers),
        }
    }

    /// The order key of a quiet move: killers, then by history.
    fn quiet_key(&self, mv: Move, killers: [Move; 2]) -> i32 {
        if killers.contains(&mv) {
            return -KILLER_KEY;
        }
        -(self.quiet_history.get(self.history_index(mv))).min(HISTORY_CAP)
    }

    /// Scores `list` into `scored` for `picker::pick`: the transposition table's
    /// move first, then captures by victim value (most valuable first, cheapest
    /// attacker first) and promotions, then the killers, then captures that lose
    /// the exchange (least loss first), then the other quiet moves by history.
    pub(super) fn score_moves(
        &mut self,
        list: &[Move],
        scored: &mut picker::Scored,
        ply: usize,
        tt_move: Option<Move>,
    ) {
        let killers = self.killers_at(ply);
        scored.clear();
        scored.reserve(list.len());
        // The generator lists each piece's moves together: the mover's facts are
        // read once per piece, and its quiet moves (most of a list) keyed here
        // directly, as `order_key` would.
        let squares = self.pos.rules.geo.squares();
        let (mut from, mut history_base) = (NO_SQUARE, 0);
        let mut moves = list.iter().enumerate();
        while let Some((i, &mv)) = moves.next() {
            if mv.from != from {
                from = mv.from;
                let id = self.pos.piece_at(from).expect("a move's piece");
                if self.pos.motion_of(id).has(Motion::RANGE) {
                    let n = self.score_range_moves(id, &list[i..], scored, killers, tt_move);
                    if n > 1 {
                        moves.nth(n - 2);
                    }
                    continue;
                }
                history_base = self.pos.piece(id).form as usize * squares;
            }
            let quiet = mv.mid == NO_SQUARE
                && mv.to != mv.from
                && !mv.promotes()
                && self.pos.piece_at(mv.to).is_none()
                && Some(mv) != tt_move;
            let key = if !quiet {
                self.order_key(mv, killers, tt_move)
            } else if killers.contains(&mv) {
                -KILLER_KEY
            } else {
                -(self.quiet_history.get(history_base + mv.to as usize)).min(HISTORY_CAP)
            };
            scored.push((key, mv));
        }
    }

    /// `score_moves` for the moves of range piece `id` that start `moves` (never
    /// keyed as quiet directly: they may take what they fly over); how many.
    #[inline(never)]
    fn score_range_moves(
        &mut self,
        id: PieceId,
        moves: &[Move],
        scored: &mut picker::Scored,
        killers: [Move; 2],
        tt_move: Option<Move>,
    ) -> usize {
        let run = piece_run(moves);
        debug_assert_eq!(self.pos.piece_at(run[0].from), Some(id));
        self.visit_gains(run, |s, mv, gain| {
            let key = match gain.filter(|_| Some(mv) != tt_move) {
                Some(gain) => s.key_from_gain(mv, gain, killers),
                None => s.order_key(mv, killers, tt_move),
            };
            scored.push((key, mv));
        });
        run.len()
    }

    /// Calls `visit(self, mv, gain)` for each move of `run` (one piece's moves),
    /// `gain` read off the piece's summed range lines where `range_gains` found
    /// them worth summing, else `None` (the caller walks the move). The lines'
    /// buffer is lent out for the while.
    fn visit_gains(&mut self, run: &[Move], mut visit: impl FnMut(&Self, Move, Option<i32>)) {
        if !self.pos.rules.has_range_capture {
            return run.iter().for_each(|&mv| visit(self, mv, None));
        }
        let mut lines = self.range_lines.take().unwrap_or_default();
        let value = |id| self.pos.exchange_value(id);
        let summed = self.range_gains(&mut lines, run);
        for &mv in run {
            visit(
                self,
                mv,
                summed.then(|| lines.gain(&self.pos, mv, value)).flatten(),
            );
        }
        self.range_lines = Some(lines);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_losing_captures_key_in_the_losing_band() {
        for loss in [0, 1, 900, LOSS_CAP] {
            assert!(losing_key(-BAD_CAPTURE_KEY + loss));
        }
        let others = [
            i32::MIN,                        // the table's move
            -(CAPTURES_FIRST + 16 * 100),    // a good capture
            -(CAPTURES_FIRST - 100_000 / 8), // an even trade by a dear piece
            -KILLER_KEY,                     // a killer
            -HISTORY_CAP,                    // the best quiet move
            0,                               // a quiet move without history
            16 * 100 + 50,                   // a range capture removing friends
        ];
        for key in others {
            assert!(!losing_key(key), "{key}");
        }
    }
}
