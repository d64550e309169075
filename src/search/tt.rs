//! The transposition table: one table shared by every search thread, without locks.
//!
//! An entry is two 64-bit atomics, 16 bytes: `info` (the move, depth, bound and
//! generation) and `check` (the score, and 43 bits that tie the entry to both its
//! position's key and `info`). A reader accepts an entry only if the tie it
//! recomputes from the key and the `info` it read matches, so an entry torn by two
//! threads writing at once reads as a miss rather than as another position's data.
//! Four entries share a 64-byte cache line (a bucket): a probe is one memory
//! access, and a position may stand in any of the four.

use super::MATE_BOUND;
use crate::board::NO_SQUARE;
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

#[derive(Default)]
#[repr(C)]
struct Entry {
    info: AtomicU64,
    check: AtomicU64,
}

/// Entries a bucket, all in one cache line.
const WAYS: usize = 4;

#[derive(Default)]
#[repr(C, align(64))]
struct Bucket([Entry; WAYS]);

// `info`'s fields: the move's 43 bits (`pack_entry_move`), then these.
const HAS_MOVE: u64 = 1 << 43;
/// The move and `HAS_MOVE`: what a result without a move keeps of its entry.
const MOVE_BITS: u64 = (HAS_MOVE << 1) - 1;
const DEPTH_SHIFT: u32 = 44;
const BOUND_SHIFT: u32 = 52;
const GENERATION_SHIFT: u32 = 54;
// `check`'s fields: the score (two's complement; every score, mates included,
// is within a million) under the tie.
const SCORE_BITS: u32 = 21;
const SCORE_MASK: u64 = (1 << SCORE_BITS) - 1;

/// The tie between a key and an entry's `info` (the upper 43 bits of `check`).
#[inline]
fn tie(key: u64, info: u64) -> u64 {
    (key ^ info.wrapping_mul(0x9e37_79b9_7f4a_7c15)) >> SCORE_BITS
}

#[inline]
fn depth_of(info: u64) -> i32 {
    ((info >> DEPTH_SHIFT) & 0xff) as i32
}

#[inline]
fn generation_of(info: u64) -> u8 {
    (info >> GENERATION_SHIFT) as u8
}

pub struct TranspositionTable {
    buckets: Vec<Bucket>,
    mask: usize,
    generation: AtomicU8,
}

/// Bytes per bucket, for sizing from megabytes.
const BUCKET_BYTES: usize = std::mem::size_of::<Bucket>();

impl TranspositionTable {
    /// A table of at most `mb` megabytes (a power of two buckets, at least 256).
    pub fn new(mb: usize) -> Self {
        Self::try_new(mb).expect("memory for the transposition table")
    }

    /// As `new`, or an error if the memory cannot be had.
    pub fn try_new(mb: usize) -> Result<Self, String> {
        let want = (mb.max(1) << 20) / BUCKET_BYTES;
        let n = want.next_power_of_two();
        let n = if n > want { n >> 1 } else { n }.max(256);
        let mut buckets = Vec::new();
        buckets
            .try_reserve_exact(n)
            .map_err(|_| format!("cannot allocate a {mb} MB transposition table"))?;
        // Before the first touch, so that the pages are had large.
        advise_huge_pages(&buckets);
        buckets.extend((0..n).map(|_| Bucket::default()));
        Ok(TranspositionTable {
            buckets,
            mask: n - 1,
            generation: AtomicU8::new(0),
        })
    }

    /// Empties the table (a new game).
    pub fn clear(&self) {
        for e in self.buckets.iter().flat_map(|b| &b.0) {
            e.info.store(0, Ordering::Relaxed);
            e.check.store(0, Ordering::Relaxed);
        }
    }

    /// A new search: entries of earlier searches become the first to be replaced.
    pub fn new_search(&self) {
        self.generation.fetch_add(1, Ordering::Relaxed);
    }

    /// Permille of a sample of entries written by the current search (`hashfull`).
    pub fn hashfull(&self) -> u32 {
        let generation = self.generation.load(Ordering::Relaxed);
        let sample = &self.buckets[..self.buckets.len().min(1000 / WAYS)];
        let used = (sample.iter().flat_map(|b| &b.0))
            .filter(|e| {
                let info = e.info.load(Ordering::Relaxed);
                info != 0 && generation_of(info) == generation
            })
            .count();
        (used * 1000 / (sample.len() * WAYS)) as u32
    }

    #[inline]
    fn bucket(&self, key: u64) -> &Bucket {
        &self.buckets[key as usize & self.mask]
    }

    /// Starts loading `key`'s bucket into the cache, for a probe a little later.
    pub fn prefetch(&self, key: u64) {
        #[cfg(target_arch = "x86_64")]
        {
            use std::arch::x86_64::{_MM_HINT_T0, _mm_prefetch};
            let b: *const Bucket = self.bucket(key);
            // SAFETY: a prefetch is only a hint: it cannot fault and changes
            // nothing the program reads; `b` points into the table anyway.
            unsafe { _mm_prefetch::<_MM_HINT_T0>(b.cast()) };
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = key;
    }

    pub fn probe(&self, key: u64) -> Option<Hit> {
        for e in &self.bucket(key).0 {
            let info = e.info.load(Ordering::Relaxed);
            let check = e.check.load(Ordering::Relaxed);
            if info == 0 || check >> SCORE_BITS != tie(key, info) {
                continue;
            }
            let bound = match (info >> BOUND_SHIFT) & 3 {
                1 => Bound::Exact,
                2 => Bound::Lower,
                _ => Bound::Upper,
            };
            // Sign-extend the score's field.
            let score = ((check << (64 - SCORE_BITS)) as i64 >> (64 - SCORE_BITS)) as i32;
            return Some(Hit {
                mv: (info & HAS_MOVE != 0).then(|| unpack_entry_move(info)),
                score,
                depth: depth_of(info),
                bound,
            });
        }
        None
    }

    /// Stores a result: over the position's own entry if its bucket has one,
    /// else over the entry least worth keeping (an empty one, else the
    /// shallowest, eight plies counted off an entry for each search since it
    /// was written).
    pub fn store(&self, key: u64, mv: Option<Move>, score: i32, depth: i32, bound: Bound) {
        debug_assert!(
            score.abs() < 1 << (SCORE_BITS - 1),
            "score {score} too large"
        );
        let generation = self.generation.load(Ordering::Relaxed);
        let bucket = self.bucket(key);
        let mut target = &bucket.0[0];
        let mut own = None;
        let mut least = i32::MAX;
        for e in &bucket.0 {
            let info = e.info.load(Ordering::Relaxed);
            if info != 0 && e.check.load(Ordering::Relaxed) >> SCORE_BITS == tie(key, info) {
                own = Some(info);
                target = e;
                break;
            }
            let worth = match info {
                0 => i32::MIN,
                _ => depth_of(info) - 8 * generation.wrapping_sub(generation_of(info)) as i32,
            };
            if worth < least {
                (target, least) = (e, worth);
            }
        }
        // Keep the old move when this result has none for the same position.
        let move_bits = match (mv, own) {
            (Some(m), _) => pack_entry_move(m) | HAS_MOVE,
            (None, Some(old)) => old & MOVE_BITS,
            (None, None) => 0,
        };
        let bound = match bound {
            Bound::Exact => 1u64,
            Bound::Lower => 2,
            Bound::Upper => 3,
        };
        let info = move_bits
            | ((depth.clamp(0, 255) as u64) << DEPTH_SHIFT)
            | (bound << BOUND_SHIFT)
            | ((generation as u64) << GENERATION_SHIFT);
        let check = (tie(key, info) << SCORE_BITS) | (score as i64 as u64 & SCORE_MASK);
        target.info.store(info, Ordering::Relaxed);
        target.check.store(check, Ordering::Relaxed);
    }
}

/// A square in 11 bits (the largest board has 1,296 squares); all ones for none.
const SQUARE_BITS: u32 = 11;
const SQUARE_NONE: u64 = (1 << SQUARE_BITS) - 1;

/// A move in the 43 low bits of an entry's `info`.
fn pack_entry_move(m: Move) -> u64 {
    let square = |s: u16| {
        debug_assert!(s == NO_SQUARE || (s as u64) < SQUARE_NONE);
        if s == NO_SQUARE {
            SQUARE_NONE
        } else {
            s as u64
        }
    };
    debug_assert!(m.flags < 4, "flags past PROMOTE and DECLINE");
    square(m.from)
        | (square(m.to) << SQUARE_BITS)
        | (square(m.mid) << (2 * SQUARE_BITS))
        | ((m.mid2_delta as u8 as u64) << (3 * SQUARE_BITS))
        | (((m.flags & 3) as u64) << (3 * SQUARE_BITS + 8))
}

fn unpack_entry_move(w: u64) -> Move {
    let square = |i: u32| match (w >> (i * SQUARE_BITS)) & SQUARE_NONE {
        SQUARE_NONE => NO_SQUARE,
        s => s as u16,
    };
    Move {
        from: square(0),
        to: square(1),
        mid: square(2),
        mid2_delta: (w >> (3 * SQUARE_BITS)) as u8 as i8,
        flags: ((w >> (3 * SQUARE_BITS + 8)) & 3) as u8,
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

/// A move in one word, for the killers and the busy table; 0 stands for no move
/// (it would be square 0 to square 0 with no stop, which no piece can play).
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
    use crate::moves::{DECLINE, PROMOTE};

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
    fn moves_and_scores_at_their_limits() {
        let tt = TranspositionTable::new(1);
        // Taikyoku's last square, a lion dog's backward second stop, both flags.
        let far = Move::with_stops(1295, [1294, 1294 - 37], 0, PROMOTE);
        let declined = Move::simple(0, 1295, DECLINE);
        // Square 0 to square 0 is an igui from the corner, not "no move".
        let igui = Move::with_stops(0, [1, NO_SQUARE], 0, 0);
        for (key, mv, score) in [(7, far, -1_000_001), (8, declined, 1_000_001), (9, igui, 0)] {
            tt.store(key, Some(mv), score, 255, Bound::Exact);
            let hit = tt.probe(key).unwrap();
            assert_eq!((hit.mv, hit.score, hit.depth), (Some(mv), score, 255));
        }
        tt.store(10, None, -5, 0, Bound::Upper);
        assert_eq!(tt.probe(10).unwrap().mv, None);
    }

    #[test]
    fn a_torn_entry_reads_as_a_miss() {
        let tt = TranspositionTable::new(1);
        let (a, b) = (0x1234_5678_0000_0040, 0x0bad_f00d_0000_0040);
        tt.store(a, Some(Move::simple(1, 2, 0)), 10, 3, Bound::Exact);
        let e = &tt.bucket(a).0[0];
        let first = (
            e.info.load(Ordering::Relaxed),
            e.check.load(Ordering::Relaxed),
        );
        tt.store(a, Some(Move::simple(5, 6, 0)), 10, 3, Bound::Exact);
        // The first write's `check` under the second write's `info`.
        e.check.store(first.1, Ordering::Relaxed);
        assert!(tt.probe(a).is_none());
        // Another position's key never reads an entry.
        e.info.store(first.0, Ordering::Relaxed);
        assert!(tt.probe(a).is_some() && tt.probe(b).is_none());
    }

    #[test]
    fn a_bucket_keeps_four_positions_and_drops_the_least_worth() {
        let tt = TranspositionTable::new(1);
        // One bucket (the low bits), told apart by the high bits.
        let key = |i: u64| 5 + (i << 40);
        for i in 0..4 {
            tt.store(key(i), None, i as i32, 10 + i as i32, Bound::Exact);
        }
        assert!((0..4).all(|i| tt.probe(key(i)).is_some()));
        // The shallowest goes first.
        tt.store(key(4), None, 4, 1, Bound::Exact);
        assert!(tt.probe(key(0)).is_none());
        assert!((1..5).all(|i| tt.probe(key(i)).is_some()));
        // An earlier search's entries count eight plies less a search.
        tt.new_search();
        tt.store(key(5), None, 5, 5, Bound::Exact);
        assert!(
            tt.probe(key(4)).is_none(),
            "depth 1, a search old: worth -7"
        );
        tt.store(key(6), None, 6, 5, Bound::Exact);
        assert!(
            tt.probe(key(1)).is_none(),
            "depth 11, a search old: worth 3"
        );
        assert!([2, 3, 5, 6].iter().all(|&i| tt.probe(key(i)).is_some()));
    }

    #[test]
    fn hashfull_counts_this_searchs_entries() {
        let tt = TranspositionTable::new(1);
        assert_eq!(tt.hashfull(), 0);
        // One entry in each of the 250 sampled buckets: a quarter of the sample.
        (0..250u64).for_each(|k| tt.store(k, None, 1, 1, Bound::Exact));
        assert_eq!(tt.hashfull(), 250);
        tt.new_search();
        assert_eq!(tt.hashfull(), 0);
    }
}
