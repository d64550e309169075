//! Attack sets of single pieces and their incremental upkeep.

use super::Position;
use crate::board::Bitboard;
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
            let n = geo.ray_len(p.sq, dir as usize).min(max as usize);
            let delta = geo.delta(dir as usize);
            let mut s = p.sq as isize;
            for _ in 0..n {
                s += delta;
                bb.set(s as usize);
                if self.occ_all.test(s as usize) {
                    break;
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
