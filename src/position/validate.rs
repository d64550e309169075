//! Consistency check used by the tests: a position after any sequence of make and
//! unmake must equal a fresh build from its own SFEN.

use super::Position;
use crate::types::{PieceId, Side};

/// A position's state in a form that does not depend on piece ids.
#[derive(Debug, PartialEq, Eq)]
struct Canonical {
    sfen: String,
    hash: u64,
    royals: [u32; 2],
    /// Per side, the (square, form) of every piece in the piece list, sorted.
    piece_list: [Vec<(u16, u16)>; 2],
    /// Per square and side, the squares of the attackers, sorted.
    attackers: Vec<[Vec<u16>; 2]>,
    /// Per square, the squares it attacks from there, for the piece standing on it.
    attacks: Vec<Vec<usize>>,
}

impl<const C: usize> Position<C> {
    fn canonical(&self) -> Canonical {
        let n = self.rules.geo.squares();
        let piece_list = Side::BOTH.map(|side| {
            let mut v: Vec<(u16, u16)> = self
                .pieces_of(side)
                .iter()
                .map(|id| {
                    let p = self.piece(id as PieceId);
                    (p.sq, p.form)
                })
                .collect();
            v.sort();
            v
        });
        let attackers = (0..n)
            .map(|sq| {
                Side::BOTH.map(|side| {
                    let mut v: Vec<u16> = self
                        .attackers_of(sq as u16, side)
                        .iter()
                        .map(|id| self.piece(id as PieceId).sq)
                        .collect();
                    v.sort();
                    v
                })
            })
            .collect();
        let attacks = (0..n)
            .map(|sq| match self.piece_at(sq as u16) {
                Some(id) => self.attacks_of(id).iter().collect(),
                None => vec![],
            })
            .collect();
        Canonical {
            sfen: self.to_sfen(),
            hash: self.hash,
            royals: self.royals,
            piece_list,
            attackers,
            attacks,
        }
    }

    /// Checks every incrementally kept structure against a fresh build.
    pub fn validate(&self) -> Result<(), String> {
        if self.pending.is_some() {
            return Err("the last move's attack upkeep is pending (sync first)".into());
        }
        // Internal agreement: mailbox, piece list and bitboards.
        for side in Side::BOTH {
            for id in self.pieces_of(side).iter() {
                let p = self.piece(id as PieceId);
                if p.side != side || self.piece_at(p.sq) != Some(id as PieceId) {
                    return Err(format!(
                        "piece list and mailbox disagree at {}",
                        self.square_name(p.sq)
                    ));
                }
                if !self.occupied_by(side).test(p.sq as usize) {
                    return Err(format!("occupancy misses {}", self.square_name(p.sq)));
                }
            }
        }
        let count = self.pieces_of(Side::Black).count() + self.pieces_of(Side::White).count();
        if count != self.occupied().count() {
            return Err("piece list and occupancy sizes differ".into());
        }
        self.check_mobility()?;
        for side in Side::BOTH {
            let them = self.occupied_by(side.flip());
            let ids = self.pieces_of(side);
            let hitting =
                (ids.iter()).filter(|&id| self.attacks_of(id as PieceId).intersects(&them));
            if !hitting.eq(self.hitters(side).iter()) {
                return Err(format!("{side:?} pieces attacking an enemy kept wrong"));
            }
            let apart = (ids.iter()).filter(|&id| self.motion_of(id as PieceId).moves_apart());
            if !apart.eq(self.moving_apart(side).iter()) {
                return Err(format!("{side:?} pieces moving apart kept wrong"));
            }
        }
        // The per-square map is the transpose of the attack sets.
        for side in Side::BOTH {
            let mut pairs = 0;
            for id in self.pieces_of(side).iter() {
                for sq in self.attacks_of(id as PieceId).iter() {
                    if !self.attackers_of(sq as u16, side).test(id) {
                        return Err(format!(
                            "the map misses the attack of the piece on {} on {}",
                            self.square_name(self.piece(id as PieceId).sq),
                            self.square_name(sq as u16)
                        ));
                    }
                    pairs += 1;
                }
            }
            let listed: u32 = (0..self.rules.geo.squares())
                .map(|sq| self.attackers_of(sq as u16, side).count())
                .sum();
            if listed != pairs {
                return Err(format!("{side:?}: the map lists attacks no piece has"));
            }
        }
        let fresh = Position::<C>::from_sfen(self.rules, &self.to_sfen())?;
        // Every piece's share, on the board or taken (put back as it was).
        for id in 0..self.pieces.len() as PieceId {
            if self.shares[id as usize] != self.share_of(id) {
                return Err(format!(
                    "the share of the piece on {} kept wrong",
                    self.square_name(self.piece(id).sq)
                ));
            }
        }
        let names = ["material", "potential", "advance", "center"];
        for (k, name) in names.iter().enumerate() {
            if self.sums[k] != fresh.sums[k] {
                return Err(format!(
                    "{name} {} vs fresh {}",
                    self.sums[k], fresh.sums[k]
                ));
            }
        }
        if self.occ_rank != fresh.occ_rank {
            return Err("range-capture rank occupancy differs".into());
        }
        let (a, b) = (self.canonical(), fresh.canonical());
        if a.sfen != b.sfen {
            return Err(format!("sfen differs: {} vs {}", a.sfen, b.sfen));
        }
        if a.hash != b.hash {
            return Err(format!("hash differs: {:x} vs fresh {:x}", a.hash, b.hash));
        }
        if a.royals != b.royals {
            return Err(format!(
                "royal counts differ: {:?} vs {:?}",
                a.royals, b.royals
            ));
        }
        if a.piece_list != b.piece_list {
            return Err("piece lists differ".into());
        }
        for sq in 0..a.attacks.len() {
            if a.attacks[sq] != b.attacks[sq] {
                return Err(format!(
                    "attacks of the piece on {} differ",
                    self.square_name(sq as u16)
                ));
            }
            if a.attackers[sq] != b.attackers[sq] {
                return Err(format!(
                    "attackers of {} differ",
                    self.square_name(sq as u16)
                ));
            }
        }
        let alive = self.side_ids[0] | self.side_ids[1];
        if self.dependent.and_not(&alive).any() {
            return Err("a captured piece is still marked as a slider".into());
        }
        Ok(())
    }
}
