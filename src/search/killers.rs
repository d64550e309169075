//! Killers: per ply, the two quiet moves that last caused a cutoff there. One
//! table serves every thread of a Lazy-SMP search: threads splitting a node's
//! moves (`busy`) meet the same plies of sibling subtrees, whose refutations are
//! what killers are for.
//!
//! Slots are relaxed atomic words (`tt::pack_move`; 0 for none). A killer read
//! while another thread rewrites the pair may be stale or doubled; it is only
//! tried where it is legal and quiet (`stages`), so that only changes an order.
//! With one thread the table behaves as a plain array.

use super::tt::{pack_move, unpack_move};
use crate::moves::Move;
use std::sync::atomic::{AtomicU64, Ordering};

pub struct Killers {
    slots: Box<[[AtomicU64; 2]]>,
}

/// As many plies as the searcher's other per-ply tables.
impl Default for Killers {
    fn default() -> Self {
        Killers::new(super::MAX_DEPTH as usize + 65)
    }
}

impl Killers {
    /// An empty table for `plies` plies.
    pub fn new(plies: usize) -> Self {
        Killers {
            slots: (0..plies)
                .map(|_| [AtomicU64::new(0), AtomicU64::new(0)])
                .collect(),
        }
    }

    /// The killers of `ply`, the newer first (`Move::NULL` where none; none
    /// past the table's end).
    #[inline]
    pub fn at(&self, ply: usize) -> [Move; 2] {
        let Some(pair) = self.slots.get(ply) else {
            return [Move::NULL; 2];
        };
        pair.each_ref()
            .map(|s| unpack_move(s.load(Ordering::Relaxed)).unwrap_or(Move::NULL))
    }

    /// Whether `mv` is a killer of `ply`.
    #[inline]
    pub fn contains(&self, ply: usize, mv: Move) -> bool {
        let w = pack_move(mv);
        (self.slots.get(ply)).is_some_and(|p| p.iter().any(|s| s.load(Ordering::Relaxed) == w))
    }

    /// `mv` caused a cutoff at `ply`: it becomes the newer killer there.
    #[inline]
    pub fn reward(&self, ply: usize, mv: Move) {
        let Some([newer, older]) = self.slots.get(ply) else {
            return;
        };
        let (w, first) = (pack_move(mv), newer.load(Ordering::Relaxed));
        if first != w {
            older.store(first, Ordering::Relaxed);
            newer.store(w, Ordering::Relaxed);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_newest_two_cutoffs_of_a_ply() {
        let k = Killers::new(4);
        let (a, b, c) = (
            Move::simple(1, 2, 0),
            Move::simple(1, 3, 0),
            Move::simple(5, 6, 0),
        );
        assert_eq!(k.at(2), [Move::NULL; 2]);
        k.reward(2, a);
        k.reward(2, a);
        assert_eq!(k.at(2), [a, Move::NULL]);
        k.reward(2, b);
        k.reward(2, c);
        assert_eq!(k.at(2), [c, b]);
        assert!(k.contains(2, b) && !k.contains(2, a) && !k.contains(1, c));
        assert!(!k.contains(2, Move::NULL), "an empty slot holds no move");
        assert_eq!(k.at(9), [Move::NULL; 2]);
        k.reward(9, a);
        assert!(!k.contains(9, a));
    }
}
