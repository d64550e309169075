//! The material of range moves, found once per piece: a range-capturing piece
//! (taikyoku) has moves along lines of up to 35 squares, and each move takes every
//! piece it flies over. Walking each move's line anew costs the sum of the
//! distances; here each line is walked once, only as far as a move asks (a
//! capture list seldom needs all eight lines, or their far ends), and its running
//! sums read per move.

use crate::board::{NO_SQUARE, Square};
use crate::moves::Move;
use crate::position::Position;
use crate::types::{PieceId, Side};

/// Longest line on the largest board.
const MAX_LINE: usize = 36;

/// For one piece: per direction of its range lines, the signed value of the
/// pieces flown over, summed outwards (`sums[d][k]`: the pieces at distances 1
/// to `k`; enemies count for the mover, friends against it), filled lazily.
pub(super) struct RangeGains {
    sums: [[i32; MAX_LINE]; 8],
    /// Per direction, how far its range line reaches (0: no range line).
    reach: [u8; 8],
    /// Per direction, how far `sums` holds the line's sums so far.
    filled: [u8; 8],
    from: Square,
    us: Side,
}

impl Default for RangeGains {
    fn default() -> Self {
        RangeGains {
            sums: [[0; MAX_LINE]; 8],
            reach: [0; 8],
            filled: [0; 8],
            from: NO_SQUARE,
            us: Side::Black,
        }
    }
}

impl RangeGains {
    /// Readies the table for piece `id`'s range lines (the table is kept by the
    /// searcher: too large to build per node); the lines are summed as `gain`
    /// reads them.
    pub(super) fn ready<const C: usize>(&mut self, pos: &Position<C>, id: PieceId) {
        let p = pos.piece(id);
        let geo = &pos.rules.geo;
        self.reach = [0; 8];
        self.filled = [0; 8];
        self.from = p.sq;
        self.us = p.side;
        for &(d, max) in &pos.form(id).movement[p.side.index()].range_rays {
            let n = geo.ray_len(p.sq, d as usize).min(max as usize);
            let n = n.min(MAX_LINE - 1) as u8;
            self.reach[d as usize] = self.reach[d as usize].max(n);
        }
    }

    /// Sums direction `d`'s line out to distance `upto` (within its reach), from
    /// where it was left.
    fn extend<const C: usize>(
        &mut self,
        pos: &Position<C>,
        d: usize,
        upto: usize,
        value: impl Fn(PieceId) -> i32,
    ) {
        let delta = pos.rules.geo.delta(d);
        let start = self.filled[d] as usize;
        let line = &mut self.sums[d];
        let mut sum = line[start];
        for (k, slot) in line.iter_mut().enumerate().take(upto + 1).skip(start + 1) {
            let s = (self.from as isize + k as isize * delta) as Square;
            if let Some(v) = pos.piece_at(s) {
                let worth = value(v);
                sum += if pos.piece(v).side == self.us {
                    -worth
                } else {
                    worth
                };
            }
            *slot = sum;
        }
        self.filled[d] = upto as u8;
    }

    /// What `mv` (a move of this piece) takes, as `Searcher::gain` counts it, when
    /// it is a single-destination move; `None` for moves with stops.
    pub(super) fn gain<const C: usize>(
        &mut self,
        pos: &Position<C>,
        mv: Move,
        value: impl Fn(PieceId) -> i32,
    ) -> Option<i32> {
        if mv.mid != NO_SQUARE || mv.from != self.from {
            return None;
        }
        let (d, dist) = pos.line(mv.from, mv.to);
        let mut gain = 0;
        if d < 8 && dist >= 1 && dist <= self.reach[d] as usize {
            if dist - 1 > self.filled[d] as usize {
                self.extend(pos, d, dist - 1, &value);
            }
            gain += self.sums[d][dist - 1];
        }
        if mv.to != mv.from
            && let Some(v) = pos.piece_at(mv.to)
            && pos.piece(v).side != self.us
        {
            gain += value(v);
        }
        Some(gain)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::position::leap_table::Motion;
    use crate::rules::Rules;
    use crate::variants;

    /// What `mv` takes, walking its victims one by one (`Searcher::gain`).
    fn walked<const C: usize>(pos: &Position<C>, mv: Move) -> i32 {
        let us = pos.side_to_move();
        let mut sum = 0;
        pos.visit_victims(mv, |_, id| {
            let v = pos.exchange_value(id);
            sum += if pos.piece(id).side == us { -v } else { v };
        });
        sum
    }

    #[test]
    fn summed_lines_give_every_range_move_s_walked_gain() {
        let rules = Rules::get(variants::by_name("taikyoku").unwrap());
        let mut pos = Position::<11>::from_sfen(rules, rules.def.setup).unwrap();
        let mut list = Vec::new();
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        let (mut checked, mut taking) = (0, 0);
        for _ in 0..60 {
            list.clear();
            pos.generate(&mut list);
            let mut lines = RangeGains::default();
            let value = |id| pos.exchange_value(id);
            for &mv in &list {
                let id = pos.piece_at(mv.from).unwrap();
                if !pos.motion_of(id).has(Motion::RANGE) {
                    continue;
                }
                lines.ready(&pos, id);
                if let Some(gain) = lines.gain(&pos, mv, value) {
                    assert_eq!(gain, walked(&pos, mv), "{mv:?} in {}", pos.to_sfen());
                    checked += 1;
                    taking += (gain != 0) as usize;
                }
            }
            // Captures first, so that lines open and range moves fly over pieces.
            crate::test_rng::next(&mut seed);
            let captures: Vec<Move> = list
                .iter()
                .copied()
                .filter(|&m| pos.is_capture(m))
                .collect();
            let pool = if captures.is_empty() {
                &list
            } else {
                &captures
            };
            pos.make(pool[seed as usize % pool.len()]);
        }
        assert!(
            checked > 1000 && taking > 100,
            "{checked} range moves, {taking} taking"
        );
    }
}
