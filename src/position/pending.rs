//! What a pending move's attack upkeep would give, worked out without doing
//! the upkeep.
//!
//! Quiescence stands pat on most nodes, and on many others tries no capture.
//! Where the lazy score (the mobility from before the move) leaves that in
//! doubt, the node synced only to learn it: in dai 44 % of the synced
//! quiescence nodes then stood pat at once, and most of the others tried no
//! capture. Where the only pieces the move's upkeep touches are the mover and
//! plain sliders, the sets it would work out are worked out here, but nothing
//! is written (no per-square map, log or hitters).

use super::Position;
use super::leap_table::Motion;
use crate::board::{Bitboard, NO_SQUARE};
use crate::types::PieceId;

impl<const C: usize> Position<C> {
    /// While a `make_deferred` move awaits `sync`: the tracked mobility (Black's,
    /// White's) that `sync` will leave, where every piece whose attacks the
    /// move changes is the mover or a plain slider (`Motion::SEPARABLE`). None
    /// otherwise, when nothing is pending, or when the mobility is not tracked.
    pub fn mobility_after_pending(&self) -> Option<[i32; 2]> {
        let p = self.pending.as_ref()?;
        if !self.mobility_tracked || (p.replaced != NO_SQUARE && self.rules.has_range_capture) {
            return None;
        }
        // The pieces `upkeep` updates: those seeing a changed square, then the
        // mover.
        let mut seen = self.seeing(&p.emptied, p.filled);
        seen.clear(p.mover as usize);
        let mut mobility = self.mobility;
        for id in seen.iter() {
            let m = self.motion[id];
            if !m.has(Motion::SEPARABLE) {
                return None;
            }
            let new = self.slides_after(id as PieceId, &m, &p.emptied, p.filled);
            self.count_change(&mut mobility, id as PieceId, new);
        }
        let new = self.current_attacks(p.mover);
        self.count_change(&mut mobility, p.mover, new);
        Some(mobility)
    }

    /// While a `make_deferred` move awaits `sync`: at most what one capture of the
    /// side to move can take once the upkeep is done, in its victims'
    /// `exchange_value` (0: no capture at all). Its pieces' attacks change only
    /// where the move emptied a square on a line (which carries on), filled
    /// one (cut short) or took the piece, and an enemy arrives only on the
    /// mover's square: so the enemies its hitters attack now, the mover if
    /// attacked, and what its plain slides carry on to are all it may take,
    /// one at a time, or two (three for a lion dog) of those a lion power's
    /// piece attacks. None where that is not known without the upkeep: a
    /// piece of it that sees an emptied square is not a plain slider, an
    /// emperor (which takes where it does not attack), or range capture.
    pub fn most_taken_after_pending(&self) -> Option<i32> {
        let p = self.pending.as_ref()?;
        if self.rules.has_range_capture {
            return None;
        }
        let i = self.side_to_move().index();
        let (mine, enemies) = (&self.side_ids[i], &self.occ[1 - i]);
        let carried = self.seeing(&p.emptied, NO_SQUARE) & *mine;
        // A superset of the squares piece `id` attacks after the upkeep.
        let reach_of = |id: usize| -> Option<Bitboard<C>> {
            if !carried.test(id) {
                return Some(self.attacks[id]);
            }
            let m = self.motion[id];
            m.has(Motion::SEPARABLE)
                .then(|| self.slides_after(id as PieceId, &m, &p.emptied, NO_SQUARE))
        };
        let mut reach = Bitboard::EMPTY;
        for id in (self.hitters[i] | carried).and_not(&self.apart).iter() {
            if mine.test(id) {
                reach |= reach_of(id)?;
            }
        }
        // No line to the mover's square is cut by the move (the only square it
        // fills is that one): whatever attacked it still does.
        let to = self.pieces[p.mover as usize].sq as usize;
        if self.attackers[to].intersects(mine) {
            reach.set(to);
        }
        let mut most = 0;
        for sq in (reach & *enemies).iter() {
            most = most.max(self.exchange_value(self.board[sq]));
        }
        for id in (self.apart & *mine).iter() {
            let piece = self.pieces[id];
            let m = &self.form_of(piece.form).movement[i];
            if self.motion[id].generates(Motion::GEN_EMPEROR) {
                return None;
            }
            let takes = if !m.lion_dog_dirs.is_empty() {
                3
            } else if m.lion_area || !m.lion_dirs.is_empty() {
                2
            } else {
                1
            };
            let mut top = [0; 3];
            for sq in (reach_of(id)? & *enemies).iter() {
                let v = self.exchange_value(self.board[sq]);
                if v > top[2] {
                    top[2] = v;
                    top.sort_unstable_by(|a, b| b.cmp(a));
                }
            }
            most = most.max(top[..takes].iter().sum());
        }
        Some(most)
    }

    /// While a `make_deferred` move awaits `sync`: whether the side to move's
    /// pieces attacked no enemy before the move and none attacked the mover's
    /// square, the cheap half of finding that it may take nothing after it
    /// (`most_taken_after_pending` 0).
    pub fn hit_nothing_before_pending(&self) -> bool {
        let Some(p) = self.pending.as_ref() else {
            return false;
        };
        let i = self.side_to_move().index();
        let mine = &self.side_ids[i];
        let to = self.pieces[p.mover as usize].sq as usize;
        !self.hitters[i].intersects(mine) && !self.attackers[to].intersects(mine)
    }

    /// Adds to `mobility` what piece `id`'s attacks becoming `new` changes (as
    /// `account` does).
    #[inline(always)]
    fn count_change(&self, mobility: &mut [i32; 2], id: PieceId, new: Bitboard<C>) {
        let i = self.pieces[id as usize].side.index();
        if self.side_ids[i].test(id as usize) {
            let old = &self.attacks[id as usize];
            mobility[i] += self.mobility_change(i, old, &(*old ^ new));
        }
    }
}
