//! Moves other threads are searching right now (Lazy SMP with deferral, after
//! ABDADA): a thread about to search a node's later move that another thread is
//! already in puts it off to the end of that node's list and searches the
//! others first. Threads at the same depth then split a node's moves between
//! them instead of walking them in the same order; when a put-off move's turn
//! comes, its result is usually in the shared table.
//!
//! A fixed table of atomic words: a slot holds the (position, move) key of the
//! search in progress there or 0. Two keys sharing a slot only cost a deferral
//! that was not needed, or one missed; no result depends on it beyond order.

use super::tt::pack_move;
use crate::moves::Move;
use std::sync::atomic::{AtomicU64, Ordering};

const SLOTS: usize = 1 << 14;

pub struct Busy {
    slots: Box<[AtomicU64]>,
}

impl Default for Busy {
    fn default() -> Self {
        Busy {
            slots: (0..SLOTS).map(|_| AtomicU64::new(0)).collect(),
        }
    }
}

/// The key of move `mv` in the position of hash `hash` (never 0).
#[inline]
pub fn busy_key(hash: u64, mv: Move) -> u64 {
    let k = (hash ^ pack_move(mv).wrapping_mul(0x9e37_79b9_7f4a_7c15)).rotate_left(17);
    k | 1
}

impl Busy {
    #[inline]
    fn slot(&self, key: u64) -> &AtomicU64 {
        &self.slots[(key >> 40) as usize % SLOTS]
    }

    /// Whether another thread is searching the move of `key`.
    #[inline]
    pub fn is_busy(&self, key: u64) -> bool {
        self.slot(key).load(Ordering::Relaxed) == key
    }

    /// This thread starts searching the move of `key`.
    #[inline]
    pub fn enter(&self, key: u64) {
        self.slot(key).store(key, Ordering::Relaxed);
    }

    /// This thread is done with the move of `key` (the slot is freed unless
    /// another key took it meanwhile).
    #[inline]
    pub fn leave(&self, key: u64) {
        let _ = self
            .slot(key)
            .compare_exchange(key, 0, Ordering::Relaxed, Ordering::Relaxed);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_move_is_busy_between_enter_and_leave() {
        let busy = Busy::default();
        let (a, b) = (Move::simple(1, 2, 0), Move::simple(1, 3, 0));
        let (ka, kb) = (busy_key(77, a), busy_key(77, b));
        assert_ne!(ka, kb);
        assert!(!busy.is_busy(ka));
        busy.enter(ka);
        assert!(busy.is_busy(ka) && !busy.is_busy(kb));
        assert!(!busy.is_busy(busy_key(78, a)));
        busy.leave(ka);
        assert!(!busy.is_busy(ka));
    }
}
