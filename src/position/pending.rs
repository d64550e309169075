//! What a pending move's attack upkeep would give, worked out without doing
//! the upkeep.
//!
//! Quiescence stands pat on most nodes, and on many others tries no capture.
//! Where the lazy score (the mobility from before the move) leaves that in
//! doubt, the node synced only to learn it: in dai 44 % of the synced
//! quiescence nodes then stood pat at once, and most of the others tried no
//! capture. Where the only pieces the move's upkeep touches are the mover and
//! plain sliders, the sets it would work out are worked out here, but nothing
//! is written (no per-square map, log or hitters): from them the mobility
//! (so the exact score), each square's attackers and the side to move's
//! captures, and, where the node must sync after all, the upkeep itself
//! (`Position::sync_with`).

use super::Position;
use super::leap_table::Motion;
use crate::board::{Bitboard, NO_SQUARE, Square};
use crate::types::{PieceId, Side};
use arrayvec::ArrayVec;

/// Most pieces whose attacks one pending move may change that
/// `AfterPending` lists (with more, the upkeep runs as usual).
const MAX_TOUCHED: usize = 16;

/// The attack sets a pending move's upkeep will give the pieces it changes
/// (`Position::after_pending`), worked out without writing them.
#[derive(Default)]
pub struct AfterPending<const C: usize> {
    /// The pieces listed in `sets`.
    touched: Bitboard<C>,
    /// Each changed piece's attacks after the upkeep, the mover's last.
    sets: ArrayVec<(PieceId, Bitboard<C>), MAX_TOUCHED>,
    /// The hash of the position they were worked out in (`sync_with` checks
    /// it in debug builds).
    pub(super) key: u64,
}

impl<const C: usize> AfterPending<C> {
    /// The changed pieces and their sets after the upkeep, in the upkeep's
    /// order (the mover last).
    pub(super) fn sets(&self) -> &[(PieceId, Bitboard<C>)] {
        &self.sets
    }
}

impl<const C: usize> Position<C> {
    /// While a `make_deferred` move awaits `sync`: the attack sets `sync` will
    /// give the pieces whose attacks the move changes, where each of them is
    /// the mover or a plain slider (`Motion::SEPARABLE`). None otherwise, when
    /// nothing is pending, or where a range capture replaced a piece.
    pub fn after_pending(&self) -> Option<AfterPending<C>> {
        let mut after = AfterPending::default();
        self.after_pending_into(&mut after).then_some(after)
    }

    /// `after_pending` written into `after` (kept by the caller, not moved
    /// about: on the big boards the sets are large); false where it is None.
    pub fn after_pending_into(&self, after: &mut AfterPending<C>) -> bool {
        let Some(p) = self.pending.as_ref() else {
            return false;
        };
        if p.replaced != NO_SQUARE && self.rules.has_range_capture {
            return false;
        }
        // The pieces `upkeep` updates: those seeing a changed square, then the
        // mover.
        let mut seen = self.seeing(&p.emptied, p.filled);
        seen.clear(p.mover as usize);
        after.touched = seen;
        after.touched.set(p.mover as usize);
        after.sets.clear();
        for id in seen.iter() {
            let m = self.motion[id];
            if !m.has(Motion::SEPARABLE) || after.sets.is_full() {
                return false;
            }
            let new = self.slides_after(id as PieceId, &m, &p.emptied, p.filled);
            after.sets.push((id as PieceId, new));
        }
        after.sets.push((p.mover, self.current_attacks(p.mover)));
        after.key = self.hash;
        true
    }

    /// The tracked mobility (Black's, White's) that `sync` will leave, given
    /// the sets it will give (`after_pending`). None where the mobility is not
    /// tracked.
    pub fn mobility_after(&self, after: &AfterPending<C>) -> Option<[i32; 2]> {
        if !self.mobility_tracked {
            return None;
        }
        let mut mobility = self.mobility;
        for (id, new) in &after.sets {
            self.count_change(&mut mobility, *id, *new);
        }
        Some(mobility)
    }

    /// Piece `id`'s attacks once the pending upkeep is done.
    #[inline]
    pub fn attacks_after(&self, after: &AfterPending<C>, id: PieceId) -> Bitboard<C> {
        if after.touched.test(id as usize) {
            for (i, set) in &after.sets {
                if *i == id {
                    return *set;
                }
            }
        }
        self.attacks[id as usize]
    }

    /// `attackers_of(sq, side)` once the pending upkeep is done.
    pub fn attackers_after(&self, after: &AfterPending<C>, sq: Square, side: Side) -> Bitboard<C> {
        self.all_attackers_after(after, sq) & self.side_ids[side.index()]
    }

    /// The ids attacking `sq` once the pending upkeep is done, both sides'
    /// (and those of captured pieces: mask with `pieces_of`).
    pub fn all_attackers_after(&self, after: &AfterPending<C>, sq: Square) -> Bitboard<C> {
        let mut ids = self.attackers[sq as usize].and_not(&after.touched);
        for (id, set) in &after.sets {
            if set.test(sq as usize) {
                ids.set(*id as usize);
            }
        }
        ids
    }

    /// Calls `visit(attacker, square)` for each capture of the side to move
    /// once the pending upkeep is done (only those landing on `only_on`, if
    /// given), each pair once however many promotion choices it has, while
    /// `visit` says true; returns whether every call did. None where a piece
    /// with an enemy in reach may capture otherwise than by a plain move onto
    /// an attacked square (a lion power, igui, the emperor, a modal atom,
    /// range capture): those are not listed here.
    pub fn plain_captures_after(
        &self,
        after: &AfterPending<C>,
        only_on: Option<Square>,
        mut visit: impl FnMut(PieceId, Square) -> bool,
    ) -> Option<bool> {
        let p = self.pending.as_ref()?;
        let i = self.side_to_move().index();
        let mine = &self.side_ids[i];
        // An emperor takes where it does not attack.
        for id in (self.apart & *mine).iter() {
            if self.motion[id].generates(Motion::GEN_EMPEROR) {
                return None;
            }
        }
        let enemies = self.occ[1 - i];
        let (targets, candidates) = match only_on {
            Some(sq) => (
                enemies & Bitboard::from_index(sq as usize),
                self.attackers_after(after, sq, self.side_to_move()),
            ),
            // Pieces that attacked an enemy before the move, those attacking
            // the mover's square, and those whose attacks it changes: the
            // enemies' squares change only by the mover's.
            None => {
                let to = self.pieces[p.mover as usize].sq as usize;
                (
                    enemies,
                    (self.hitters[i] | self.attackers[to] | after.touched) & *mine,
                )
            }
        };
        for id in candidates.iter() {
            let hit = self.attacks_after(after, id as PieceId) & targets;
            if !hit.any() {
                continue;
            }
            let m = self.motion[id];
            if m.moves_apart() || m.generates(Motion::GEN_MODAL) || m.has(Motion::RANGE) {
                return None;
            }
            for sq in hit.iter() {
                if !visit(id as PieceId, sq as Square) {
                    return Some(false);
                }
            }
        }
        Some(true)
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
