//! Victim-first capture generation, for quiescence and the captures stage.
//!
//! A big board's node has dozens of captures (taikyoku: about 65 where
//! quiescence reaches its move loop, most of them range captures landing on
//! every square past their victims), and most nodes cut off on the first one
//! tried. So the captures that take the most valuable enemy are generated and
//! keyed first (of the most valuable enemies, if several are worth as much);
//! the other captures, its attackers' and the other pieces', join the ones
//! left only when the picks run below that worth, or out.

use super::ordering::piece_run;
use super::{QuiesceCapture, Searcher, picker};
use crate::board::{Bitboard, Square};
use crate::moves::Move;
use crate::position::leap_table::Motion;
use crate::types::PieceId;

/// What the first captures were generated for: the most valuable enemies'
/// worth, and the pieces attacking one of them (every enemy of that worth, so
/// that its captures still come cheapest attacker first).
#[derive(Clone, Copy, Debug)]
pub(super) struct Victim<const C: usize> {
    value: i32,
    attackers: Bitboard<C>,
    /// The most valuable attacked enemy worth less than `value` (0 if none):
    /// what any single capture by a piece outside `attackers` takes at most.
    second: i32,
    /// The smallest order key among the first captures left out for taking
    /// too little (`i32::MAX` if none): the others join before a pick past it,
    /// where they would have joined when it was picked.
    left_out: i32,
    /// How many of the attackers' captures, at the front of the caller's
    /// list, take one of the victims (keyed first); the rest of the list
    /// holds their other captures, keyed when the others join.
    taking: usize,
}

/// The fewest captures of the victims' attackers worth sorting into those
/// that take a victim and the rest: in taikyoku the attackers had 32 captures
/// on average and 1.2 took one; in dai 3.7 and 3.3, where sorting every list
/// cost 3.6 % of the instructions.
const SPLIT_FROM: usize = 16;

impl<const C: usize> Searcher<'_, C> {
    /// Appends to `list` the captures that take one of the most valuable
    /// enemies, keys them onto `moves`, and returns those victims; with no
    /// enemy attacked, every capture (those of the pieces moving apart from
    /// their attack sets), and `None`. Captures taking `floor` or less are
    /// left out of `moves` (see `pick_capture`).
    pub(super) fn first_captures(
        &mut self,
        list: &mut Vec<Move>,
        moves: &mut Vec<(i32, QuiesceCapture)>,
        floor: i32,
    ) -> Option<Victim<C>> {
        let us = self.pos.side_to_move();
        let mut best: Option<Victim<C>> = None;
        for sq in self.pos.attacked_enemies(us).iter() {
            let sq = sq as Square;
            let value = self
                .pos
                .piece_at(sq)
                .map_or(0, |id| self.pos.exchange_value(id));
            match &mut best {
                Some(b) if value < b.value => b.second = b.second.max(value),
                Some(b) if value == b.value => b.attackers |= self.pos.attackers_of(sq, us),
                _ => {
                    let attackers = self.pos.attackers_of(sq, us);
                    let second = best.map_or(0, |b| b.value);
                    best = Some(Victim {
                        value,
                        attackers,
                        second,
                        left_out: i32::MAX,
                        taking: 0,
                    });
                }
            }
        }
        match &mut best {
            Some(v) => {
                self.pos.generate_captures_by(v.attackers, list);
                v.taking = self.taking_first(list, v.value);
                let first = &list[..v.taking];
                // Below the victims' worth a pick makes the others join: a
                // capture left out must make them join where it would have
                // been picked. Above it (rare) all are kept.
                if floor < v.value {
                    v.left_out = self.key_captures(first, moves, floor);
                } else {
                    self.key_captures(first, moves, i32::MIN);
                }
            }
            None => {
                self.pos.generate_captures(list);
                self.key_captures(list, moves, floor);
            }
        }
        best
    }

    /// The `k`-th capture of `moves` in key order (`picker::pick`), victim
    /// first: once the picks of the first captures run below the victims'
    /// worth, or out, the other captures (the attackers' that take no such
    /// victim, and the other pieces') are keyed onto `moves` (through `list`)
    /// and the victims forgotten, before the pick is made again. The caller
    /// wants no capture taking `floor` or less (quiescence's delta pruning;
    /// `i32::MIN` for all), so pieces none of whose captures can take more
    /// are not joined: the same captures are searched, in the same order,
    /// without generating, keying and picking the ones pruned.
    pub(super) fn pick_capture(
        &mut self,
        victim: &mut Option<Victim<C>>,
        list: &mut Vec<Move>,
        moves: &mut Vec<(i32, QuiesceCapture)>,
        k: usize,
        floor: i32,
    ) -> Option<QuiesceCapture> {
        let picked = picker::pick(moves, k);
        let Some(v) = victim else {
            return picked;
        };
        if picked.is_some_and(|(gain, _, _)| gain >= v.value) && moves[k].0 < v.left_out {
            return picked;
        }
        let us = self.pos.side_to_move();
        let mut others = (*self.pos.hitters(us) | self.pos.moving_apart(us)).and_not(&v.attackers);
        // The attackers' captures keyed already go; their others stay.
        list.drain(..v.taking);
        if v.second <= floor {
            others = self.may_take_more(others, floor);
            if !list.is_empty() {
                // The attackers' other captures take no victim of that worth
                // either.
                let keep = self.may_take_more(v.attackers, floor);
                let pos = &self.pos;
                list.retain(|mv| {
                    pos.piece_at(mv.from)
                        .is_some_and(|id| keep.test(id as usize))
                });
            }
        }
        *victim = None;
        if others.is_empty() && list.is_empty() {
            return picked;
        }
        self.pos.generate_captures_by(others, list);
        self.key_captures(list, moves, floor);
        picker::appended(moves, k);
        picker::pick(moves, k)
    }

    /// Moves the captures of `list` that take an enemy worth `value` (the
    /// most valuable attacked) to its front, each part in its order, and
    /// returns how many there are; leaves a short list as it is, all of it
    /// first.
    fn taking_first(&mut self, list: &mut Vec<Move>, value: i32) -> usize {
        if list.len() < SPLIT_FROM {
            // Too few to repay sorting: all count as first.
            return list.len();
        }
        // The victims' squares found again here, not kept in `Victim` by
        // `first_captures`: building that set at every node cost dai 1 %.
        let us = self.pos.side_to_move();
        let mut victims = Bitboard::EMPTY;
        for sq in self.pos.attacked_enemies(us).iter() {
            let id = self.pos.piece_at(sq as Square).expect("an attacked enemy");
            if self.pos.exchange_value(id) == value {
                victims.set(sq);
            }
        }
        let victims = &victims;
        let mut taking = std::mem::take(&mut self.scratch);
        taking.clear();
        let (mut keep, mut i) = (0, 0);
        while i < list.len() {
            // One piece's moves: its landings read once. (`keep` trails `i`,
            // so the moves still to be read are not yet overwritten.)
            let end = i + piece_run(&list[i..]).len();
            let id = self.pos.piece_at(list[i].from).expect("a capture's mover");
            let landings = self.pos.landings_taking(id, victims);
            for j in i..end {
                let mv = list[j];
                let takes = match &landings {
                    Some(l) => l.test(mv.to as usize),
                    None => {
                        let mut hit = false;
                        (self.pos).visit_victims(mv, |s, _| hit |= victims.test(s as usize));
                        hit
                    }
                };
                if takes {
                    taking.push(mv);
                } else {
                    list[keep] = mv;
                    keep += 1;
                }
            }
            i = end;
        }
        list.truncate(keep);
        list.splice(0..0, taking.iter().copied());
        let n = taking.len();
        self.scratch = taking;
        n
    }

    /// Of `others` (pieces whose captures, but those taking the first
    /// victims, take no enemy worth more than `floor`), those whose captures
    /// may still take more: the pieces moving apart from their
    /// attack sets (lions, igui, the emperor: few), and the range capturers
    /// attacking more than `floor` of enemies along one of their range lines,
    /// which a range move may take together (it flies over attacked squares
    /// only: `range_takes`; the first victims counted too, so a range
    /// attacker of one may be kept for nothing). Every other capture takes
    /// one attacked enemy, worth `floor` or less.
    fn may_take_more(&self, others: Bitboard<C>, floor: i32) -> Bitboard<C> {
        let us = self.pos.side_to_move();
        let mut keep = others & self.pos.moving_apart(us);
        if !self.pos.rules.has_range_capture {
            return keep;
        }
        let rays = self.pos.rays();
        let enemies = self.pos.occupied_ref(us.flip());
        for id in others.and_not(&keep).iter() {
            let id = id as PieceId;
            let m = self.pos.motion_of(id);
            if !m.has(Motion::RANGE) {
                continue;
            }
            let sq = self.pos.piece(id).sq;
            let mut dirs = m.range_dirs;
            while dirs != 0 {
                let d = dirs.trailing_zeros() as usize;
                dirs &= dirs - 1;
                let on_line = *rays.ray(sq, d) & *enemies & *self.pos.attacks_ref(id);
                let taken: i32 = (on_line.iter())
                    .map(|s| {
                        self.pos
                            .exchange_value(self.pos.piece_at(s as Square).unwrap())
                    })
                    .sum();
                if taken > floor {
                    keep.set(id as usize);
                    break;
                }
            }
        }
        keep
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
        let (mut joined, mut spared, mut split) = (0, 0, 0);
        for _ in 0..60 {
            let mut all = Vec::new();
            pos.generate_captures(&mut all);
            let tt = Arc::new(TranspositionTable::new(1));
            let mut s = Searcher::new(pos.clone(), Vec::new(), &stop, tt);
            let (mut list, mut moves) = (Vec::new(), Vec::new());
            let mut victim = s.first_captures(&mut list, &mut moves, i32::MIN);
            let had_victim = victim.is_some();
            let first_len = list.len();
            // The attackers' captures that take no victim wait, unkeyed.
            split += (had_victim && moves.len() < first_len) as usize;
            let mut picked = Vec::new();
            while let Some((gain, mv, _)) =
                s.pick_capture(&mut victim, &mut list, &mut moves, picked.len(), i32::MIN)
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
            joined > 10 && spared > 10 && split > 5,
            "{joined} joined, {spared} spared, {split} split"
        );
    }

    /// A first capture taking the victims' worth, but ordered after one left
    /// out for taking too little (or level with it), comes only after the
    /// others joined: where the one left out would have been picked, they
    /// would have joined.
    #[test]
    fn the_others_join_at_a_capture_left_out() {
        let rules = Rules::get(crate::variants::by_name("dai").unwrap());
        let pos = Position::<2>::from_sfen(rules, rules.def.setup).unwrap();
        let stop = AtomicBool::new(false);
        let tt = Arc::new(TranspositionTable::new(1));
        let mut s = Searcher::new(pos, Vec::new(), &stop, tt);
        let mv = Move::simple(1, 2, 0);
        for (left_out, joins) in [(-3000, true), (-2000, true), (-1000, false)] {
            let mut victim = Some(Victim {
                value: 100,
                attackers: Bitboard::EMPTY,
                second: 0,
                left_out,
                taking: 0,
            });
            let mut moves = vec![(-2000, (150, mv, false))];
            let picked = s.pick_capture(&mut victim, &mut Vec::new(), &mut moves, 0, 0);
            assert_eq!(picked, Some((150, mv, false)));
            assert_eq!(victim.is_none(), joins, "left out at {left_out}");
        }
    }

    /// Every capture picked, in order, with `floor` passed to the picks (and
    /// the join's keying) as quiescence passes it.
    fn picks<const C: usize>(s: &mut Searcher<'_, C>, floor: i32) -> Vec<(i32, Move)> {
        let (mut list, mut moves) = (Vec::new(), Vec::new());
        let mut victim = s.first_captures(&mut list, &mut moves, floor);
        let mut picked = Vec::new();
        while let Some((gain, mv, _)) =
            s.pick_capture(&mut victim, &mut list, &mut moves, picked.len(), floor)
        {
            picked.push((gain, mv));
        }
        picked
    }

    /// A floor leaves out only captures taking that much or less, and keeps
    /// the others' order: quiescence, which prunes those, searches the same
    /// captures in the same order with or without it. Taikyoku (range
    /// captures) and dai (lions).
    #[test]
    fn a_floor_drops_only_the_captures_it_prunes() {
        fn check<const C: usize>(variant: &str, plies: usize) -> usize {
            let rules = Rules::get(crate::variants::by_name(variant).unwrap());
            let mut pos = Position::<C>::from_sfen(rules, rules.def.setup).unwrap();
            let stop = AtomicBool::new(false);
            let mut seed = 0x2545_f491_4f6c_dd1du64;
            let mut spared = 0;
            for _ in 0..plies {
                let tt = Arc::new(TranspositionTable::new(1));
                let mut s = Searcher::new(pos.clone(), Vec::new(), &stop, tt);
                let all = picks(&mut s, i32::MIN);
                for floor in [0, 50, 100, 200, 400, 800, 1600] {
                    let want: Vec<_> = all.iter().filter(|p| p.0 > floor).copied().collect();
                    let with = picks(&mut s, floor);
                    spared += all.len() - with.len();
                    let got: Vec<_> = with.into_iter().filter(|p| p.0 > floor).collect();
                    assert_eq!(got, want, "floor {floor} in {}", pos.to_sfen());
                }
                // Half the time a capture, so that the game gets sharp.
                crate::test_rng::next(&mut seed);
                let mut legal = Vec::new();
                if seed & 1 == 0 {
                    pos.generate_captures(&mut legal);
                }
                if legal.is_empty() {
                    pos.generate(&mut legal);
                }
                pos.make(legal[(seed >> 1) as usize % legal.len()]);
                if pos.royal_count(pos.side_to_move()) == 0 {
                    break;
                }
            }
            spared
        }
        // Dai's random game gets sharp later: its armies start further apart.
        let (t, d) = (check::<11>("taikyoku", 60), check::<2>("dai", 400));
        assert!(t > 1000 && d > 100, "spared {t} {d}");
    }
}
