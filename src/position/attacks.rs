//! Attack sets of single pieces and their incremental upkeep.

use super::Position;
use crate::board::{Bitboard, Square};
use crate::types::PieceId;

impl<const C: usize> Position<C> {
    /// The squares piece `id` attacks in the current occupancy.
    pub fn compute_attacks(&self, id: PieceId) -> Bitboard<C> {
        let p = self.pieces[id as usize];
        let m = &self.form_of(p.form).movement[p.side.index()];
        let geo = &self.rules.geo;
        let mut bb = match self.leap_table {
            Some(t) => t.targets(p.form, p.side.index(), p.sq),
            None => {
                let mut bb = Bitboard::EMPTY;
                for &(dx, dy) in &m.leaps {
                    if let Some(t) = geo.offset(p.sq, dx as i32, dy as i32) {
                        bb.set(t as usize);
                    }
                }
                bb
            }
        };
        let occ = self.occ_all;
        let rays = self.rays;
        for &(dir, max) in &m.rays {
            bb |= rays.slide(geo, p.sq, dir as usize, max as usize, &occ);
        }
        for &(dir, jump, max) in &m.jump_rays {
            let (dir, jump) = (dir as usize, jump as usize);
            if geo.ray_len(p.sq, dir) >= jump {
                let land = (p.sq as isize + jump as isize * geo.delta(dir)) as Square;
                bb.set(land as usize);
                if !occ.test(land as usize) {
                    bb |= rays.slide(geo, land, dir, max as usize, &occ);
                }
            }
        }
        for &dir in &m.hooks {
            let dir = dir as usize;
            let first_leg = rays.slide(geo, p.sq, dir, usize::MAX, &occ);
            bb |= first_leg;
            // Turn 90 degrees on any empty square of the first leg.
            for s in first_leg.and_not(&occ).iter() {
                for turn in [(dir + 2) % 8, (dir + 6) % 8] {
                    bb |= rays.slide(geo, s as Square, turn, usize::MAX, &occ);
                }
            }
        }
        bb
    }

    /// Recomputes piece `id`'s attack set, updating the per-square map and logging
    /// the old set for unmake.
    pub(super) fn refresh_attacks(&mut self, id: PieceId) {
        let new = self.compute_attacks(id);
        self.replace_attacks(id, new);
    }

    pub(super) fn replace_attacks(&mut self, id: PieceId, new: Bitboard<C>) {
        let old = self.attacks[id as usize];
        let diff = old ^ new;
        if diff.is_empty() {
            return;
        }
        self.attack_log.push((id, old));
        self.attacks[id as usize] = new;
        diff.toggle_in(&mut self.attackers, id as usize);
    }

    /// Sets piece `id`'s attack set without logging.
    pub(super) fn set_attacks(&mut self, id: PieceId, new: Bitboard<C>) {
        let old = self.attacks[id as usize];
        (old ^ new).toggle_in(&mut self.attackers, id as usize);
        self.attacks[id as usize] = new;
    }
}
