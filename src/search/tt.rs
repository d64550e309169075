//! The transposition table: one table shared by every search thread, without locks.
//!
//! An entry is three 64-bit atomics: the move, the data (score, depth, bound,
//! generation), and the position key XORed with both. A reader accepts an entry only
//! if the key it recomputes from the three words matches, so an entry torn by two
//! threads writing at once reads as a miss rather than as another position's data.

use super::MATE_BOUND;
use crate::moves::Move;
use std::sync::atomic::{AtomicU8, AtomicU64, Ordering};

/// What a stored score says about the true score.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    /// The true score (a PV node).
    Exact,
    /// At least this (the search failed high).
    Lower,
    /// At most this (every move failed low).
    Upper,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Hit {
    pub mv: Option<Move>,
    pub score: i32,
    pub depth: i32,
    pub bound: Bound,
}

/// Aligned to 32 bytes so that no entry straddles two cache lines (a probe is
/// one memory access). A power-of-two megabyte table holds as many entries as
/// with 24-byte entries: the count is rounded down to a power of two either way.
#[derive(Default)]
#[repr(C, align(32))]
struct Entry {
    check: AtomicU64,
    mv: AtomicU64,
    data: AtomicU64,
}

pub struct TranspositionTable {
    entries: Vec<Entry>,
    mask: usize,
    generation: AtomicU8,
}

/// Bytes per entry, for sizing from megabytes.
const ENTRY_BYTES: usize = std::mem::size_of::<Entry>();

impl TranspositionTable {
    /// A table of at most `mb` megabytes (a power of two entries, at least 1024).
    pub fn new(mb: usize) -> Self {
        Self::try_new(mb).expect("memory for the transposition table")
    }

    /// As `new`, or an error if the memory cannot be had.
    pub fn try_new(mb: usize) -> Result<Self, String> {
        let want = (mb.max(1) << 20) / ENTRY_BYTES;
        let n = want.next_power_of_two();
        let n = if n > want { n >> 1 } else { n }.max(1024);
        let mut entries = Vec::new();
        entries
            .try_reserve_exact(n)
            .map_err(|_| format!("cannot allocate a {mb} MB transposition table"))?;
        // Before the first touch, so that the pages are had large.
        advise_huge_pages(&entries);
        entries.extend((0..n).map(|_| Entry::default()));
        Ok(TranspositionTable {
            entries,
            mask: n - 1,
            generation: AtomicU8::new(0),
        })
    }

    /// Empties the table (a new game).
    pub fn clear(&self) {
        for e in &self.entries {
            e.check.store(0, Ordering::Relaxed);
            e.mv.store(0, Ordering::Relaxed);
            e.data.store(0, Ordering::Relaxed);
        }
    }

    /// A new search: entries of earlier searches become the first to be replaced.
    pub fn new_search(&self) {
        self.generation.fetch_add(1, Ordering::Relaxed);
    }

    /// Permille of a sample of entries written by the current search (`hashfull`).
    pub fn hashfull(&self) -> u32 {
        let generation = self.generation.load(Ordering::Relaxed) as u64;
        let sample = &self.entries[..self.entries.len().min(1000)];
        let used = (sample.iter())
            .filter(|e| {
                let data = e.data.load(Ordering::Relaxed);
                data != 0 && (data >> 48) & 0xff == generation
            })
            .count();
        (used * 1000 / sample.len()) as u32
    }

    /// Starts loading `key`'s entry into the cache, for a probe a little later.
    pub fn prefetch(&self, key: u64) {
        #[cfg(target_arch = "x86_64")]
        {
            use std::arch::x86_64::{_MM_HINT_T0, _mm_prefetch};
            let e: *const Entry = &self.entries[key as usize & self.mask];
            // SAFETY: a prefetch is only a hint: it cannot fault and changes
            // nothing the program reads; `e` points into the table anyway.
            unsafe { _mm_prefetch::<_MM_HINT_T0>(e.cast()) };
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = key;
    }

    pub fn probe(&self, key: u64) -> Option<Hit> {
        let e = &self.entries[key as usize & self.mask];
        let mv = e.mv.load(Ordering::Relaxed);
        let data = e.data.load(Ordering::Relaxed);
        if e.check.load(Ordering::Relaxed) ^ mv ^ data != key || data == 0 {
            return None;
        }
        let bound = match (data >> 40) & 3 {
            1 => Bound::Exact,
            2 => Bound::Lower,
            _ => Bound::Upper,
        };
        Some(Hit {
            mv: unpack_move(mv),
            score: data as u32 as i32,
            depth: ((data >> 32) & 0xff) as i32,
            bound,
        })
    }

    /// Stores a result. An entry of the current search is kept against a
    /// shallower result for another position; anything else is replaced.
    pub fn store(&self, key: u64, mv: Option<Move>, score: i32, depth: i32, bound: Bound) {
        let e = &self.entries[key as usize & self.mask];
        let generation = self.generation.load(Ordering::Relaxed) as u64;
        let old_mv = e.mv.load(Ordering::Relaxed);
        let old = e.data.load(Ordering::Relaxed);
        let same = e.check.load(Ordering::Relaxed) ^ old_mv ^ old == key;
        let old_depth = ((old >> 32) & 0xff) as i32;
        if old != 0 && !same && (old >> 48) & 0xff == generation && old_depth > depth {
            return;
        }
        // Keep the old move when this result has none for the same position.
        let mv = match mv {
            Some(m) => pack_move(m),
            None if same => old_mv,
            None => 0,
        };
        let bound = match bound {
            Bound::Exact => 1u64,
            Bound::Lower => 2,
            Bound::Upper => 3,
        };
        let data = (score as u32 as u64)
            | ((depth.clamp(0, 255) as u64) << 32)
            | (bound << 40)
            | (generation << 48);
        e.mv.store(mv, Ordering::Relaxed);
        e.data.store(data, Ordering::Relaxed);
        e.check.store(key ^ mv ^ data, Ordering::Relaxed);
    }
}

/// Asks Linux to back the table with 2 MB pages (transparent huge pages, which
/// this machine's kernel gives only where asked: "madvise" mode). A probe is a
/// random access into tens of megabytes; with 4 KB pages nearly every probe also
/// misses the TLB and walks the page tables.
#[cfg(target_os = "linux")]
fn advise_huge_pages<T>(v: &Vec<T>) {
    unsafe extern "C" {
        fn madvise(addr: *mut std::ffi::c_void, len: usize, advice: i32) -> i32;
    }
    const MADV_HUGEPAGE: i32 = 14;
    const PAGE: usize = 4096;
    let start = v.as_ptr() as usize;
    let end = start + v.capacity() * std::mem::size_of::<T>();
    let (from, to) = (start.next_multiple_of(PAGE), end / PAGE * PAGE);
    if to > from {
        // SAFETY: the range lies inside the vector's own allocation, and
        // MADV_HUGEPAGE changes only how the kernel backs it, never its contents
        // or its mapping. A failure (a kernel without huge pages) changes nothing,
        // so its result is ignored.
        unsafe {
            madvise(from as *mut std::ffi::c_void, to - from, MADV_HUGEPAGE);
        }
    }
}

#[cfg(not(target_os = "linux"))]
fn advise_huge_pages<T>(_: &Vec<T>) {}

/// A move in one word; 0 stands for no move (it would be square 0 to square 0
/// with no stop, which no piece can play).
pub(super) fn pack_move(m: Move) -> u64 {
    (m.from as u64)
        | ((m.to as u64) << 16)
        | ((m.mid as u64) << 32)
        | ((m.mid2_delta as u8 as u64) << 48)
        | ((m.flags as u64) << 56)
}

pub(super) fn unpack_move(w: u64) -> Option<Move> {
    (w != 0).then_some(Move {
        from: w as u16,
        to: (w >> 16) as u16,
        mid: (w >> 32) as u16,
        mid2_delta: (w >> 48) as u8 as i8,
        flags: (w >> 56) as u8,
    })
}

/// A table entry's score where its bound settles the node's window, else
/// `None`.
pub(super) fn table_cut(hit: &Hit, ply: usize, alpha: i32, beta: i32) -> Option<i32> {
    let score = score_from_tt(hit.score, ply);
    let cut = match hit.bound {
        Bound::Exact => true,
        Bound::Lower => score >= beta,
        Bound::Upper => score <= alpha,
    };
    cut.then_some(score)
}

/// What a node's best score says of its true score, given the window it was
/// searched with.
pub(super) fn bound_of(best: i32, alpha: i32, beta: i32) -> Bound {
    if best >= beta {
        Bound::Lower
    } else if best > alpha {
        Bound::Exact
    } else {
        Bound::Upper
    }
}

/// Mate scores are stored relative to the node, read back relative to the root.
pub(super) fn score_to_tt(score: i32, ply: usize) -> i32 {
    if score > MATE_BOUND {
        score + ply as i32
    } else if score < -MATE_BOUND {
        score - ply as i32
    } else {
        score
    }
}

pub(super) fn score_from_tt(score: i32, ply: usize) -> i32 {
    if score > MATE_BOUND {
        score - ply as i32
    } else if score < -MATE_BOUND {
        score + ply as i32
    } else {
        score
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::NO_SQUARE;

    #[test]
    fn store_and_probe() {
        let tt = TranspositionTable::new(1);
        let m = Move::with_stops(10, [11, 12], 13, 1);
        tt.store(0xdead_beef, Some(m), -1234, 7, Bound::Lower);
        let hit = tt.probe(0xdead_beef).unwrap();
        assert_eq!(hit.mv, Some(m));
        assert_eq!(hit.mv.unwrap().mid2(), 12);
        assert_eq!((hit.score, hit.depth, hit.bound), (-1234, 7, Bound::Lower));
        assert!(tt.probe(0xdead_beef ^ (1 << 40)).is_none());
        // A result without a move keeps the stored one.
        tt.store(0xdead_beef, None, 55, 8, Bound::Upper);
        assert_eq!(tt.probe(0xdead_beef).unwrap().mv, Some(m));
        let plain = Move::simple(3, 4, 0);
        assert_eq!(plain.mid, NO_SQUARE);
        tt.store(42, Some(plain), 1_000_000 - 3, 1, Bound::Exact);
        assert_eq!(tt.probe(42).unwrap().mv, Some(plain));
        assert_eq!(tt.probe(42).unwrap().score, 999_997);
        tt.clear();
        assert!(tt.probe(42).is_none());
    }

    #[test]
    fn hashfull_counts_this_searchs_entries() {
        let tt = TranspositionTable::new(1);
        assert_eq!(tt.hashfull(), 0);
        // Keys 0..500 fill half of the sampled first thousand slots.
        (0..500u64).for_each(|k| tt.store(k, None, 1, 1, Bound::Exact));
        assert_eq!(tt.hashfull(), 500);
        tt.new_search();
        assert_eq!(tt.hashfull(), 0);
    }
}
