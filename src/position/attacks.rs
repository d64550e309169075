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
        let mut bb = Bitboard::EMPTY;
        for &(dx, dy) in &m.leaps {
            if let Some(t) = geo.offset(p.sq, dx as i32, dy as i32) {
                bb.set(t as usize);
            }
        }
        for &(dir, max) in &m.rays {
            self.ride(&mut bb, p.sq, dir as usize, max as usize);
        }
        for &(dir, jump, max) in &m.jump_rays {
            let (dir, jump) = (dir as usize, jump as usize);
            if geo.ray_len(p.sq, dir) >= jump {
                let land = (p.sq as isize + jump as isize * geo.delta(dir)) as Square;
                bb.set(land as usize);
                if !self.occ_all.test(land as usize) {
                    self.ride(&mut bb, land, dir, max as usize);
                }
            }
        }
        for &dir in &m.hooks {
            let dir = dir as usize;
            let delta = geo.delta(dir);
            let mut s = p.sq as isize;
            for _ in 0..geo.ray_len(p.sq, dir) {
                s += delta;
                bb.set(s as usize);
                if self.occ_all.test(s as usize) {
                    break;
                }
                for turn in [(dir + 2) % 8, (dir + 6) % 8] {
                    self.ride(&mut bb, s as Square, turn, usize::MAX);
                }
            }
        }
        bb
    }

    /// Adds the squares a rider reaches from `from` along `dir` (at most `max`),
    /// the first occupied square included.
    #[inline]
    fn ride(&self, bb: &mut Bitboard<C>, from: Square, dir: usize, max: usize) {
        let geo = &self.rules.geo;
        let n = geo.ray_len(from, dir).min(max);
        let delta = geo.delta(dir);
        let mut s = from as isize;
        for _ in 0..n {
            s += delta;
            bb.set(s as usize);
            if self.occ_all.test(s as usize) {
                break;
            }
        }
    }

    /// Recomputes piece `id`'s attack set, updating the per-square map and logging
    /// the old set for unmake.
    pub(super) fn refresh_attacks(&mut self, id: PieceId) {
        let new = self.compute_attacks(id);
        self.replace_attacks(id, new);
    }

    pub(super) fn replace_attacks(&mut self, id: PieceId, new: Bitboard<C>) {
        let old = self.attacks[id as usize];
        if old == new {
            return;
        }
        self.attack_log.push((id, old));
        self.set_attacks(id, new);
    }

    /// Sets piece `id`'s attack set without logging.
    pub(super) fn set_attacks(&mut self, id: PieceId, new: Bitboard<C>) {
        let old = self.attacks[id as usize];
        for s in (old ^ new).iter() {
            self.attackers[s].toggle(id as usize);
        }
        self.attacks[id as usize] = new;
    }
}
