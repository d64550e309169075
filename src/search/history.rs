//! The quiet-move history: per (form, destination), how often a quiet move
//! there caused a cutoff, weighted by depth. One table serves every thread of a
//! Lazy-SMP search (threads splitting a node's moves each see only part of its
//! cutoffs) and is kept from one search of a game to the next.
//!
//! Cells are relaxed atomics: on the common targets a plain load and store. Two
//! threads rewarding one cell at once may lose one reward, and a halving may
//! cross another thread's reward; either only changes an order. With one thread
//! the table behaves as a plain array, so single-threaded searches stay
//! deterministic.

use std::sync::atomic::{AtomicI32, Ordering};

/// Scores are halved, all of them, when one passes this.
const HISTORY_MAX: i32 = 1 << 20;

pub struct QuietHistory {
    cells: Box<[AtomicI32]>,
}

impl QuietHistory {
    /// An empty table of `len` cells (forms times squares).
    pub fn new(len: usize) -> Self {
        QuietHistory {
            cells: (0..len).map(|_| AtomicI32::new(0)).collect(),
        }
    }

    /// An empty table for the variant of `rules`.
    pub fn for_rules(rules: &crate::rules::Rules) -> Self {
        Self::new(Self::len_for(rules))
    }

    /// The cells of a table for the variant of `rules`.
    fn len_for(rules: &crate::rules::Rules) -> usize {
        rules.forms.len() * rules.geo.squares()
    }

    /// Whether this is a table for the variant of `rules` (a game's kept
    /// history is of its board; another board's is not used).
    pub fn fits(&self, rules: &crate::rules::Rules) -> bool {
        self.len() == Self::len_for(rules)
    }

    pub fn len(&self) -> usize {
        self.cells.len()
    }

    pub fn is_empty(&self) -> bool {
        self.cells.is_empty()
    }

    #[inline]
    pub fn get(&self, i: usize) -> i32 {
        self.cells[i].load(Ordering::Relaxed)
    }

    /// Credits cell `i` with `bonus`; past `HISTORY_MAX` every cell is halved.
    #[inline]
    pub fn reward(&self, i: usize, bonus: i32) {
        let h = self.get(i).saturating_add(bonus);
        self.cells[i].store(h, Ordering::Relaxed);
        if h > HISTORY_MAX {
            self.halve();
        }
    }

    /// Halves every cell (a new search of the game: what cut off two plies ago
    /// mostly still does, but counts for less than what cuts off now).
    pub fn halve(&self) {
        for c in self.cells.iter() {
            c.store(c.load(Ordering::Relaxed) / 2, Ordering::Relaxed);
        }
    }

    /// Whether any quiet move was rewarded.
    pub fn any(&self) -> bool {
        self.cells.iter().any(|c| c.load(Ordering::Relaxed) != 0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rewards_add_up_and_overflow_halves_every_cell() {
        let h = QuietHistory::new(3);
        assert!(!h.any());
        h.reward(0, 100);
        h.reward(0, 20);
        h.reward(1, 7);
        assert_eq!((h.get(0), h.get(1), h.get(2)), (120, 7, 0));
        h.reward(2, HISTORY_MAX);
        assert_eq!(h.get(0), 120, "at the maximum nothing is halved yet");
        h.reward(2, 2);
        assert_eq!((h.get(0), h.get(1), h.get(2)), (60, 3, HISTORY_MAX / 2 + 1));
        h.halve();
        assert_eq!((h.get(0), h.get(1)), (30, 1));
    }
}
