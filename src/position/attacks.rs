//! Attack sets of single pieces and their incremental upkeep.

use super::leap_table::Motion;
use super::{Logged, Position};
use crate::board::bitboard::SPARSE_FROM_CHUNKS;
use crate::board::geometry::line_dir;
use crate::board::{Bitboard, Square};
use crate::rules::betza::{ModalAtom, Mode};
use crate::types::PieceId;

impl<const C: usize> Position<C> {
    /// The squares piece `id` attacks in the current occupancy.
    pub fn compute_attacks(&self, id: PieceId) -> Bitboard<C> {
        self.attacks_from_atoms(id, true)
    }

    /// The squares piece `id` reaches with its atoms, the move-only and capture-only
    /// ones only if `modal`.
    pub(crate) fn attacks_from_atoms(&self, id: PieceId, modal: bool) -> Bitboard<C> {
        let p = self.pieces[id as usize];
        let m = &self.form_of(p.form).movement[p.side.index()];
        let geo = &self.rules.geo;
        let mut bb = self.leap_targets(id);
        let occ = self.occ_all;
        let rays = self.rays;
        for &(dir, max) in &m.rays {
            rays.slide_into(&mut bb, p.sq, dir as usize, max as usize, &occ);
        }
        for &jump_ray in &m.jump_rays {
            self.jump_ray_into(&mut bb, p.sq, jump_ray);
        }
        for a in m.modal.iter().filter(|_| modal) {
            self.walk(p.sq, a, |t| {
                bb.set(t as usize);
                true
            });
        }
        for &(dx, dy) in &m.igui {
            if modal && let Some(t) = geo.offset(p.sq, dx as i32, dy as i32) {
                bb.set(t as usize);
            }
        }
        if !m.range_rays.is_empty() {
            // Flies over lower ranks, stops at an equal or higher one: a slide over
            // the pieces of at least its rank.
            let stops = self.range_stops(self.rules.rank[p.form as usize]);
            // Masked, not walked at any size: these lines fly over most pieces.
            for &(dir, max) in &m.range_rays {
                bb |= rays.slide(p.sq, dir as usize, max as usize, stops);
            }
        }
        if !m.hooks.is_empty() {
            self.hooks_into(&mut bb, p.sq, &m.hooks);
        }
        bb
    }

    /// Adds the squares of hook moves from `sq` (first legs along `hooks`).
    #[inline(never)]
    fn hooks_into(&self, bb: &mut Bitboard<C>, sq: Square, hooks: &[u8]) {
        let (rays, occ) = (self.rays, &self.occ_all);
        // Turns 90 degrees on any empty square of a first leg. Opposite legs
        // turn along the same lines, so their turning squares go in one pass
        // (`hook_turns_into` takes a direction's axis): a flood costs the
        // same for one leg or two (tai and maka dai dai -1 % of instructions).
        let mut turns = [Bitboard::EMPTY; 4];
        let mut axes = 0u8;
        for &dir in hooks {
            let dir = dir as usize;
            rays.first_leg_into(bb, &mut turns[dir % 4], sq, dir, occ);
            axes |= 1 << (dir % 4);
        }
        while axes != 0 {
            let axis = axes.trailing_zeros() as usize;
            axes &= axes - 1;
            rays.hook_turns_into(bb, &turns[axis], axis, occ);
        }
    }

    /// Adds the squares of a jumping slide `(dir, jump, max)` from `sq`: it lands
    /// `jump` squares away whatever stands between, then slides on at most `max`.
    #[inline]
    fn jump_ray_into(&self, bb: &mut Bitboard<C>, sq: Square, (dir, jump, max): (u8, u8, u8)) {
        let geo = &self.rules.geo;
        let (dir, jump) = (dir as usize, jump as usize);
        if geo.ray_len(sq, dir) >= jump {
            let land = (sq as isize + jump as isize * geo.delta(dir)) as Square;
            bb.set(land as usize);
            if !self.occ_all.test(land as usize) {
                self.rays
                    .slide_into(bb, land, dir, max as usize, &self.occ_all);
            }
        }
    }

    /// Adds the squares piece `id`'s jumping slides, modal atoms and igui reach
    /// along the directions of `dirs` (a `LINEWISE` piece's lines being
    /// recomputed; its slides and leaps are put back by the caller).
    #[inline(never)]
    pub(super) fn line_extras_into(&self, bb: &mut Bitboard<C>, id: PieceId, dirs: u8) {
        let p = self.pieces[id as usize];
        let m = &self.form_of(p.form).movement[p.side.index()];
        let on = |dx: i8, dy: i8| line_dir(dx, dy).is_some_and(|d| dirs & 1 << d != 0);
        for &jump_ray in m.jump_rays.iter().filter(|j| dirs & 1 << j.0 != 0) {
            self.jump_ray_into(bb, p.sq, jump_ray);
        }
        for a in m.modal.iter().filter(|a| on(a.dx, a.dy)) {
            self.walk(p.sq, a, |t| {
                bb.set(t as usize);
                true
            });
        }
        for &(dx, dy) in m.igui.iter().filter(|&&(dx, dy)| on(dx, dy)) {
            if let Some(t) = self.rules.geo.offset(p.sq, dx as i32, dy as i32) {
                bb.set(t as usize);
            }
        }
    }

    /// The squares piece `id`'s leaps reach (from the table where there is one).
    #[inline]
    pub(super) fn leap_targets(&self, id: PieceId) -> Bitboard<C> {
        let p = self.pieces[id as usize];
        if self.tables.tabulated() {
            return self.tables.targets(&self.motion[id as usize], p.sq);
        }
        let mut bb = Bitboard::EMPTY;
        for &(dx, dy) in &self.form_of(p.form).movement[p.side.index()].leaps {
            if let Some(t) = self.rules.geo.offset(p.sq, dx as i32, dy as i32) {
                bb.set(t as usize);
            }
        }
        bb
    }

    /// What stops a range-capturing slide of a piece of range rank `rank`: the
    /// pieces of at least its rank (every piece, for an unranked one).
    #[inline]
    pub(super) fn range_stops(&self, rank: u8) -> &Bitboard<C> {
        if rank == 0 {
            &self.occ_all
        } else {
            &self.occ_rank[(rank as usize).min(super::RANKS) - 1]
        }
    }

    /// Targets of a piece with move-only or capture-only atoms: its other atoms'
    /// reach, plus the empty squares its move-only atoms reach and the enemies its
    /// capture-only atoms reach (own pieces included; the caller removes them).
    #[inline(never)]
    pub(crate) fn modal_targets(&self, id: PieceId) -> Bitboard<C> {
        let p = self.pieces[id as usize];
        let m = &self.form_of(p.form).movement[p.side.index()];
        let mut bb = self.attacks_from_atoms(id, false);
        let enemy = self.occ[p.side.flip().index()];
        for a in &m.modal {
            self.walk(p.sq, a, |t| {
                let ok = match a.mode {
                    Mode::MoveOnly => !self.occ_all.test(t as usize),
                    Mode::CaptureOnly => enemy.test(t as usize),
                    Mode::Both => true,
                };
                if ok {
                    bb.set(t as usize);
                }
                true
            });
        }
        bb
    }

    /// Visits the squares a modal atom of a piece on `from` reaches, in order, until
    /// `visit` says stop or the atom is blocked (after its last allowed hurdle).
    fn walk(&self, from: Square, a: &ModalAtom, mut visit: impl FnMut(Square) -> bool) {
        let geo = &self.rules.geo;
        let mut t = from;
        let mut passed = 0u8;
        for _ in 0..a.max {
            match geo.offset(t, a.dx as i32, a.dy as i32) {
                Some(next) => t = next,
                None => return,
            }
            if !visit(t) {
                return;
            }
            if self.occ_all.test(t as usize) {
                if passed >= a.hurdles {
                    return;
                }
                passed += 1;
            }
        }
    }

    /// Whether piece `id` could capture on `sq` (an enemy there): its attack set,
    /// less the squares only its move-only atoms reach.
    pub fn protects(&self, id: PieceId, sq: Square) -> bool {
        if !self.attacks[id as usize].test(sq as usize) {
            return false;
        }
        let p = self.pieces[id as usize];
        let m = &self.form_of(p.form).movement[p.side.index()];
        if !m.is_modal() || self.attacks_from_atoms(id, false).test(sq as usize) {
            return true;
        }
        let geo = &self.rules.geo;
        let igui =
            (m.igui.iter()).any(|&(dx, dy)| geo.offset(p.sq, dx as i32, dy as i32) == Some(sq));
        igui || m
            .modal
            .iter()
            .filter(|a| a.mode != Mode::MoveOnly)
            .any(|a| {
                let mut hit = false;
                self.walk(p.sq, a, |t| {
                    hit |= t == sq;
                    !hit
                });
                hit
            })
    }

    /// `compute_attacks`, from the piece's cached motion when its leaps are
    /// tabulated and its slides plain (the common case in make).
    #[inline(always)]
    pub(super) fn current_attacks(&self, id: PieceId) -> Bitboard<C> {
        let m = &self.motion[id as usize];
        if !m.has(Motion::TABULATED) {
            return self.compute_attacks(id);
        }
        let sq = self.pieces[id as usize].sq;
        let mut bb = self.tables.targets(m, sq);
        let mut dirs = m.dirs;
        while dirs != 0 {
            let d = dirs.trailing_zeros() as usize;
            dirs &= dirs - 1;
            self.rays
                .slide_into(&mut bb, sq, d, m.ray_max[d] as usize, &self.occ_all);
        }
        bb
    }

    /// Recomputes piece `id`'s attack set, updating the per-square map and logging
    /// the change for unmake.
    #[inline]
    pub(super) fn refresh_attacks(&mut self, id: PieceId) {
        let new = self.current_attacks(id);
        self.replace_attacks(id, new);
    }

    #[inline]
    pub(super) fn replace_attacks(&mut self, id: PieceId, new: Bitboard<C>) {
        let diff = self.attacks[id as usize] ^ new;
        self.apply_diff(id, diff);
    }

    /// Flips the squares of `diff` in piece `id`'s attack set, logging the change.
    #[inline(always)]
    pub(super) fn apply_diff(&mut self, id: PieceId, diff: Bitboard<C>) {
        // On the big boards the diff's non-zero words are found once, for the
        // log, the mobility and the map (three scans of 22 words before).
        let nonzero = if C >= SPARSE_FROM_CHUNKS {
            diff.nonzero_words()
        } else {
            diff.any() as u32
        };
        if nonzero == 0 {
            return;
        }
        self.attack_log.push(Logged { diff, id, nonzero });
        if self.mobility_tracked {
            self.account(id, &diff, nonzero);
        }
        self.attacks[id as usize] ^= diff;
        diff.toggle_in(&mut self.attackers, id as usize, nonzero);
    }

    /// The tracked mobility's share of flipping `diff` in piece `id`'s attacks
    /// (counted only while the piece is on the board). Kept out of line: make
    /// and unmake outside the search do not pay for it.
    #[inline(never)]
    fn account(&mut self, id: PieceId, diff: &Bitboard<C>, nonzero: u32) {
        let i = self.pieces[id as usize].side.index();
        if !self.side_ids[i].test(id as usize) {
            return;
        }
        // Squares flipped off its own pieces' squares: each one gained counts +1,
        // each lost (set in the old attacks) -1.
        let old = &self.attacks[id as usize];
        if C >= SPARSE_FROM_CHUNKS {
            // Only the words the diff touches count.
            let (mut change, mut nonzero) = (0, nonzero);
            while nonzero != 0 {
                let w = nonzero.trailing_zeros() as usize;
                nonzero &= nonzero - 1;
                let d = diff.word(w) & !self.occ[i].word(w);
                change += d.count_ones() as i32 - 2 * (d & old.word(w)).count_ones() as i32;
            }
            self.mobility[i] += change;
            return;
        }
        self.mobility[i] += self.mobility_change(i, old, diff);
    }

    /// What flipping `diff` in the attacks `old` of a piece of side index `i`
    /// changes its side's tracked mobility by: each square gained off the
    /// side's pieces +1, each lost -1.
    #[inline(always)]
    pub(super) fn mobility_change(&self, i: usize, old: &Bitboard<C>, diff: &Bitboard<C>) -> i32 {
        let free = diff.and_not(&self.occ[i]);
        free.count() as i32 - 2 * (free & *old).count() as i32
    }

    /// Flips the squares of `diff` in piece `id`'s attack set without logging
    /// (unmake, which restores the tracked mobility itself).
    #[inline(always)]
    pub(super) fn undo_diff(&mut self, id: PieceId, diff: Bitboard<C>, nonzero: u32) {
        self.attacks[id as usize] ^= diff;
        diff.toggle_in(&mut self.attackers, id as usize, nonzero);
    }
}
