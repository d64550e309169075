//! Attack sets of single pieces and their incremental upkeep.

use super::leap_table::Motion;
use super::{Logged, Position};
use crate::board::{Bitboard, Square};
use crate::types::PieceId;

impl<const C: usize> Position<C> {
    /// The squares piece `id` attacks in the current occupancy.
    pub fn compute_attacks(&self, id: PieceId) -> Bitboard<C> {
        let p = self.pieces[id as usize];
        let m = &self.form_of(p.form).movement[p.side.index()];
        let geo = &self.rules.geo;
        let mut bb = if self.tables.tabulated() {
            self.tables.targets(&self.motion[id as usize], p.sq)
        } else {
            let mut bb = Bitboard::EMPTY;
            for &(dx, dy) in &m.leaps {
                if let Some(t) = geo.offset(p.sq, dx as i32, dy as i32) {
                    bb.set(t as usize);
                }
            }
            bb
        };
        let occ = self.occ_all;
        let rays = self.rays;
        for &(dir, max) in &m.rays {
            bb |= rays.slide(p.sq, dir as usize, max as usize, &occ);
        }
        for &(dir, jump, max) in &m.jump_rays {
            let (dir, jump) = (dir as usize, jump as usize);
            if geo.ray_len(p.sq, dir) >= jump {
                let land = (p.sq as isize + jump as isize * geo.delta(dir)) as Square;
                bb.set(land as usize);
                if !occ.test(land as usize) {
                    bb |= rays.slide(land, dir, max as usize, &occ);
                }
            }
        }
        for &dir in &m.hooks {
            let dir = dir as usize;
            let first_leg = rays.slide(p.sq, dir, usize::MAX, &occ);
            bb |= first_leg;
            // Turn 90 degrees on any empty square of the first leg.
            for s in first_leg.and_not(&occ).iter() {
                for turn in [(dir + 2) % 8, (dir + 6) % 8] {
                    bb |= rays.slide(s as Square, turn, usize::MAX, &occ);
                }
            }
        }
        bb
    }

    /// `compute_attacks`, from the piece's cached motion when its leaps are
    /// tabulated and its slides plain (the common case in make).
    #[inline]
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
            bb |= self.rays.slide(sq, d, m.ray_max[d] as usize, &self.occ_all);
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
    #[inline]
    pub(super) fn apply_diff(&mut self, id: PieceId, diff: Bitboard<C>) {
        if diff.is_empty() {
            return;
        }
        self.attack_log.push(Logged { diff, id });
        self.attacks[id as usize] ^= diff;
        diff.toggle_in(&mut self.attackers, id as usize);
    }

    /// Flips the squares of `diff` in piece `id`'s attack set without logging.
    #[inline]
    pub(super) fn undo_diff(&mut self, id: PieceId, diff: Bitboard<C>) {
        self.attacks[id as usize] ^= diff;
        diff.toggle_in(&mut self.attackers, id as usize);
    }
}
