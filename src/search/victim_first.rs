//! Victim-first capture generation, for quiescence and the captures stage.
//!
//! A big board's node has dozens of captures (taikyoku: about 65 where
//! quiescence reaches its move loop, most of them range captures landing on
//! every square past their victims), and most nodes cut off on the first one
//! tried. So the captures of the pieces attacking the most valuable enemy are
//! generated and keyed first (of the most valuable enemies, if several are
//! worth as much); the other pieces' captures join the ones left only when
//! the picks run below that worth, or out.

use super::{QuiesceCapture, Searcher, picker, see};
use crate::board::{Bitboard, Square};
use crate::moves::Move;

/// What the first captures were generated for: the most valuable enemies'
/// worth, and the pieces attacking one of them (every enemy of that worth, so
/// that its captures still come cheapest attacker first).
#[derive(Clone, Copy, Debug)]
pub(super) struct Victim<const C: usize> {
    value: i32,
    attackers: Bitboard<C>,
}

impl<const C: usize> Searcher<'_, C> {
    /// Appends to `list` the captures of the pieces attacking the most valuable
    /// enemies, and returns those; with no enemy attacked, every capture
    /// (those of the pieces moving apart from their attack sets), and `None`.
    pub(super) fn first_captures(&self, list: &mut Vec<Move>) -> Option<Victim<C>> {
        let us = self.pos.side_to_move();
        let mut best: Option<Victim<C>> = None;
        for sq in self.pos.attacked_enemies(us).iter() {
            let sq = sq as Square;
            let value = self
                .pos
                .piece_at(sq)
                .map_or(0, |id| see::value(&self.pos, id));
            match &mut best {
                Some(b) if value < b.value => {}
                Some(b) if value == b.value => b.attackers |= self.pos.attackers_of(sq, us),
                _ => {
                    let attackers = self.pos.attackers_of(sq, us);
                    best = Some(Victim { value, attackers });
                }
            }
        }
        match &best {
            Some(v) => self.pos.generate_captures_by(v.attackers, list),
            None => self.pos.generate_captures(list),
        }
        best
    }

    /// The `k`-th capture of `moves` in key order (`picker::pick`), victim
    /// first: once the picks of the first captures run below the victims'
    /// worth, or out, the other pieces' captures are keyed onto `moves`
    /// (through `list`) and the victims forgotten, before the pick is made
    /// again.
    pub(super) fn pick_capture(
        &mut self,
        victim: &mut Option<Victim<C>>,
        list: &mut Vec<Move>,
        moves: &mut Vec<(i32, QuiesceCapture)>,
        k: usize,
    ) -> Option<QuiesceCapture> {
        let picked = picker::pick(moves, k);
        let Some(v) = victim else {
            return picked;
        };
        if picked.is_some_and(|(gain, _, _)| gain >= v.value) {
            return picked;
        }
        let us = self.pos.side_to_move();
        let others = (*self.pos.hitters(us) | self.pos.moving_apart(us)).and_not(&v.attackers);
        *victim = None;
        list.clear();
        self.pos.generate_captures_by(others, list);
        self.key_captures(list, moves);
        picker::appended(moves, k);
        picker::pick(moves, k)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::position::Position;
    use crate::rules::Rules;
    use crate::search::tt::TranspositionTable;
    use std::sync::Arc;
    use std::sync::atomic::AtomicBool;

    /// Picks every capture as quiescence does (first captures, the others
    /// joined when due): each comes out once, and the first pick takes at
    /// least as much as any plain capture read off the attack sets.
    #[test]
    fn victim_first_picks_hand_out_every_capture_once() {
        let rules = Rules::get(crate::variants::by_name("taikyoku").unwrap());
        let mut pos = Position::<11>::from_sfen(rules, rules.def.setup).unwrap();
        let stop = AtomicBool::new(false);
        let mut seed = 0x9e37_79b9_7f4a_7c15u64;
        let (mut joined, mut spared) = (0, 0);
        for _ in 0..60 {
            let mut all = Vec::new();
            pos.generate_captures(&mut all);
            let tt = Arc::new(TranspositionTable::new(1));
            let mut s = Searcher::new(pos.clone(), Vec::new(), &stop, tt);
            let (mut list, mut moves) = (Vec::new(), Vec::new());
            let mut victim = s.first_captures(&mut list);
            let had_victim = victim.is_some();
            let first_len = list.len();
            s.key_captures(&list.clone(), &mut moves);
            let mut picked = Vec::new();
            while let Some((gain, mv, _)) =
                s.pick_capture(&mut victim, &mut list, &mut moves, picked.len())
            {
                picked.push((gain, mv));
            }
            // The others joined (at the latest when the first ran out).
            joined += (had_victim && victim.is_none()) as usize;
            spared += (first_len < all.len()) as usize;
            let mut got: Vec<Move> = picked.iter().map(|p| p.1).collect();
            got.sort_by_key(|m| format!("{m:?}"));
            all.sort_by_key(|m| format!("{m:?}"));
            assert_eq!(got, all, "each capture once in {}", pos.to_sfen());
            let us = pos.side_to_move();
            for &mv in &all {
                let apart = pos
                    .moving_apart(us)
                    .test(pos.piece_at(mv.from).unwrap() as usize);
                if pos.is_plain(mv) && !apart {
                    assert!(picked[0].0 >= s.gain(mv), "{mv:?} first");
                }
            }
            // Captures first, so that the game gets sharp.
            let mut legal = Vec::new();
            pos.generate(&mut legal);
            crate::test_rng::next(&mut seed);
            let pool = if all.is_empty() { &legal } else { &all };
            pos.make(pool[seed as usize % pool.len()]);
            if pos.royal_count(pos.side_to_move()) == 0 {
                break;
            }
        }
        assert!(
            joined > 10 && spared > 10,
            "{joined} joined, {spared} spared"
        );
    }
}
