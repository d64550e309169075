//! Fixed-size bit sets in 128-bit chunks, stored as pairs of `u64` words.
//!
//! The same type serves two index spaces: squares (a board of up to 36x36 = 1296
//! squares needs 11 chunks) and piece ids (a position never holds more pieces than
//! it has squares, so a board's chunk count always covers its piece ids too).
//!
//! The words are `u64`, not `u128`: single-bit updates of a `u128` in memory are
//! narrowed by the compiler to 32-bit stores, and the wider loads that follow
//! then stall (store forwarding fails); `u128` bit scans also cost more.

use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not};

/// Board size (in chunks) from which sparse sets are walked through the mask
/// of their non-zero words (`nonzero_words`) rather than word by word: of the
/// variants, taikyoku (11 chunks) only. Criterion make/unmake of every start
/// move: taikyoku 1.02 -> 0.92 ms with it (and `rays::WALK_FROM_CHUNKS`), tai
/// (5) 19 -> 27 us, dai dai (3) 11 -> 16 us.
pub const SPARSE_FROM_CHUNKS: usize = 6;

#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Bitboard<const C: usize>(pub [[u64; 2]; C]);

impl<const C: usize> Default for Bitboard<C> {
    fn default() -> Self {
        Self::EMPTY
    }
}

impl<const C: usize> Bitboard<C> {
    pub const EMPTY: Self = Bitboard([[0; 2]; C]);
    /// Number of bits the set can hold.
    pub const CAPACITY: usize = 128 * C;

    /// The words, lowest first.
    #[inline]
    fn words(&self) -> &[u64] {
        self.0.as_flattened()
    }

    /// Bit `i` set for each non-zero 64-bit word `i` (boards of up to 16 chunks).
    #[inline]
    pub fn nonzero_words(&self) -> u32 {
        const { assert!(C <= 16) };
        #[cfg(all(target_arch = "x86_64", target_feature = "avx2"))]
        if C >= SPARSE_FROM_CHUNKS {
            return self.nonzero_words_avx2();
        }
        (self.words().iter().enumerate()).fold(0, |m, (i, &w)| m | ((w != 0) as u32) << i)
    }

    /// `nonzero_words` four words at a time (the scalar fold was 2 % of
    /// taikyoku's instructions).
    #[cfg(all(target_arch = "x86_64", target_feature = "avx2"))]
    #[inline(always)]
    fn nonzero_words_avx2(&self) -> u32 {
        use std::arch::x86_64::*;
        let w = self.words();
        let mut m = 0u32;
        let mut i = 0;
        while i + 4 <= w.len() {
            // SAFETY: the build enables AVX2 (the cfg above); the four words
            // read are within `w` (i + 4 <= len), and an unaligned load asks
            // no alignment.
            let is_zero = unsafe {
                let v = _mm256_loadu_si256(w.as_ptr().add(i).cast());
                let z = _mm256_cmpeq_epi64(v, _mm256_setzero_si256());
                _mm256_movemask_pd(_mm256_castsi256_pd(z))
            };
            m |= (!is_zero as u32 & 0xf) << i;
            i += 4;
        }
        for (j, &x) in w.iter().enumerate().skip(i) {
            m |= ((x != 0) as u32) << j;
        }
        m
    }

    /// The 64-bit word `i` (bits `64 * i ..`).
    #[inline(always)]
    pub fn word(&self, i: usize) -> u64 {
        self.0[i >> 1][i & 1]
    }

    /// `self &= !other`, in place.
    #[inline]
    pub fn and_not_assign(&mut self, other: &Self) {
        for (a, b) in self.words_mut().iter_mut().zip(other.words()) {
            *a &= !b;
        }
    }

    #[inline]
    fn words_mut(&mut self) -> &mut [u64] {
        self.0.as_flattened_mut()
    }

    /// The `len` bits (at most 64) from index `pos` on, lowest first: one
    /// rank of the board, as a word.
    #[inline]
    pub fn bits(&self, pos: usize, len: usize) -> u64 {
        let (w, off) = (pos >> 6, pos & 63);
        let mut x = self.word(w) >> off;
        if off + len > 64 {
            x |= self.word(w + 1) << (64 - off);
        }
        if len < 64 { x & ((1u64 << len) - 1) } else { x }
    }

    /// Adds the bits of `m` (a word as `bits` gives it) at index `pos` on.
    #[inline]
    pub fn or_bits(&mut self, pos: usize, m: u64) {
        let (w, off) = (pos >> 6, pos & 63);
        let words = self.words_mut();
        words[w] |= m << off;
        if off != 0 && m >> (64 - off) != 0 {
            words[w + 1] |= m >> (64 - off);
        }
    }

    /// The set of indices `0..n`: the board mask of an `n`-square board.
    pub fn first_n(n: usize) -> Self {
        assert!(n <= Self::CAPACITY, "{n} bits do not fit in {C} chunks");
        let mut b = Self::EMPTY;
        for (i, w) in b.words_mut().iter_mut().enumerate() {
            let lo = i * 64;
            if n >= lo + 64 {
                *w = u64::MAX;
            } else if n > lo {
                *w = (1u64 << (n - lo)) - 1;
            }
        }
        b
    }

    /// The set of bit `i` alone, built word by word from comparisons so that it
    /// can stay in registers: a set written bit by bit into memory and read back
    /// whole stalls on store forwarding.
    #[inline]
    pub fn from_index(i: usize) -> Self {
        let (w, bit) = (i >> 6, 1u64 << (i & 63));
        Bitboard(std::array::from_fn(|c| {
            [
                if 2 * c == w { bit } else { 0 },
                if 2 * c + 1 == w { bit } else { 0 },
            ]
        }))
    }

    #[inline]
    pub fn set(&mut self, i: usize) {
        self.0[i >> 7][(i >> 6) & 1] |= 1u64 << (i & 63);
    }

    #[inline]
    pub fn clear(&mut self, i: usize) {
        self.0[i >> 7][(i >> 6) & 1] &= !(1u64 << (i & 63));
    }

    #[inline]
    pub fn toggle(&mut self, i: usize) {
        self.0[i >> 7][(i >> 6) & 1] ^= 1u64 << (i & 63);
    }

    #[inline]
    pub fn test(&self, i: usize) -> bool {
        (self.0[i >> 7][(i >> 6) & 1] >> (i & 63)) & 1 != 0
    }

    #[inline]
    pub fn is_empty(&self) -> bool {
        self.words().iter().fold(0, |a, &w| a | w) == 0
    }

    #[inline]
    pub fn any(&self) -> bool {
        !self.is_empty()
    }

    #[inline]
    pub fn count(&self) -> u32 {
        self.words().iter().map(|w| w.count_ones()).sum()
    }

    /// `self.and_not(other).count()`, without building the difference.
    #[inline]
    pub fn count_and_not(&self, other: &Self) -> u32 {
        (self.words().iter().zip(other.words()))
            .map(|(a, b)| (a & !b).count_ones())
            .sum()
    }

    /// `self.count_and_not(not) - (other & and).count()` in one pass over the
    /// words: the tracked mobility's share of a piece put on or taken off the
    /// board (its attacks off its side's squares, less its side's other
    /// pieces covering its square), which a range capture asks of each of its
    /// many victims.
    #[inline]
    pub fn count_and_not_less(&self, not: &Self, other: &Self, and: &Self) -> i32 {
        let (a, n, o, b) = (self.words(), not.words(), other.words(), and.words());
        let mut count = 0i32;
        for i in 0..2 * C {
            count += (a[i] & !n[i]).count_ones() as i32 - (o[i] & b[i]).count_ones() as i32;
        }
        count
    }

    /// Lowest set index.
    #[inline]
    pub fn first(&self) -> Option<usize> {
        for (i, &w) in self.words().iter().enumerate() {
            if w != 0 {
                return Some(i * 64 + w.trailing_zeros() as usize);
            }
        }
        None
    }

    /// Lowest set index, where none lies below bit `from`: the words below
    /// its word are not looked at.
    #[inline]
    pub fn first_from(&self, from: usize) -> Option<usize> {
        let start = from / 64;
        for (i, &w) in self.words().iter().enumerate().skip(start) {
            if w != 0 {
                return Some(i * 64 + w.trailing_zeros() as usize);
            }
        }
        None
    }

    /// Highest set index, where none lies above bit `to`: the words above its
    /// word are not looked at.
    #[inline]
    pub fn last_to(&self, to: usize) -> Option<usize> {
        let end = (to / 64 + 1).min(2 * C);
        for (i, &w) in self.words()[..end].iter().enumerate().rev() {
            if w != 0 {
                return Some(i * 64 + 63 - w.leading_zeros() as usize);
            }
        }
        None
    }

    /// Highest set index.
    #[inline]
    pub fn last(&self) -> Option<usize> {
        for (i, &w) in self.words().iter().enumerate().rev() {
            if w != 0 {
                return Some(i * 64 + 63 - w.leading_zeros() as usize);
            }
        }
        None
    }

    /// Removes and returns the lowest set index.
    #[inline]
    pub fn pop_first(&mut self) -> Option<usize> {
        for (i, w) in self.words_mut().iter_mut().enumerate() {
            if *w != 0 {
                let b = w.trailing_zeros() as usize;
                *w &= *w - 1;
                return Some(i * 64 + b);
            }
        }
        None
    }

    /// `self & !other`.
    #[inline]
    pub fn and_not(&self, other: &Self) -> Self {
        let mut r = *self;
        for (a, b) in r.words_mut().iter_mut().zip(other.words()) {
            *a &= !b;
        }
        r
    }

    /// Complement restricted to the first `mask` bits (the board): `!self & mask`.
    #[inline]
    pub fn not_within(&self, mask: &Self) -> Self {
        mask.and_not(self)
    }

    #[inline]
    pub fn intersects(&self, other: &Self) -> bool {
        self.words()
            .iter()
            .zip(other.words())
            .fold(0, |a, (x, y)| a | (x & y))
            != 0
    }

    /// Whether some bit is set in all three sets, without building either
    /// intersection.
    #[inline]
    pub fn intersects_both(&self, a: &Self, b: &Self) -> bool {
        let (s, a, b) = (self.words(), a.words(), b.words());
        (0..2 * C).fold(0, |acc, i| acc | (s[i] & a[i] & b[i])) != 0
    }

    /// Shift towards higher indices by `n` bits; bits past the capacity fall off.
    pub fn shl(&self, n: usize) -> Self {
        let mut r = Self::EMPTY;
        let (words, bits) = (n / 64, n % 64);
        let src = self.words();
        let dst = r.words_mut();
        for i in (words..dst.len()).rev() {
            let s = i - words;
            let mut w = src[s] << bits;
            if bits > 0 && s > 0 {
                w |= src[s - 1] >> (64 - bits);
            }
            dst[i] = w;
        }
        r
    }

    /// Shift towards lower indices by `n` bits.
    pub fn shr(&self, n: usize) -> Self {
        let mut r = Self::EMPTY;
        let (words, bits) = (n / 64, n % 64);
        let src = self.words();
        let dst = r.words_mut();
        for i in 0..dst.len().saturating_sub(words) {
            let s = i + words;
            let mut w = src[s] >> bits;
            if bits > 0 && s + 1 < src.len() {
                w |= src[s + 1] << (64 - bits);
            }
            dst[i] = w;
        }
        r
    }

    #[inline]
    pub fn iter(&self) -> BitIter<'_, C> {
        if C >= SPARSE_FROM_CHUNKS {
            // Big boards: the iterator jumps between the non-zero words.
            let rest = self.nonzero_words();
            let word = (rest.trailing_zeros() as usize).min(2 * C - 1);
            return BitIter {
                words: &self.0,
                word,
                cur: self.word(word),
                rest: rest & rest.wrapping_sub(1),
            };
        }
        BitIter {
            words: &self.0,
            word: 0,
            cur: self.0[0][0],
            rest: 0,
        }
    }

    /// Toggles bit `bit` of every set whose index is in `self`: the attack-map
    /// update. The word and mask are computed once, and each word is walked in a
    /// register; only the one word of each set that holds the bit is written.
    /// `nonzero` is `self.nonzero_words()` on boards of `SPARSE_FROM_CHUNKS`
    /// chunks or more (the caller has it already), ignored on smaller ones.
    #[inline]
    pub fn toggle_in(&self, sets: &mut [Bitboard<C>], bit: usize, nonzero: u32) {
        // `sets` must have an entry for every bit this set could hold; sliced to
        // that length, the indexing below needs no bounds checks.
        let sets = &mut sets[..Self::CAPACITY];
        let (chunk, half, mask) = (bit >> 7, (bit >> 6) & 1, 1u64 << (bit & 63));
        assert!(chunk < C, "bit {bit} out of range");
        // Word `i`'s bits, each toggled in its set's one word.
        let mut toggle_word = |i: usize, mut x: u64| {
            while x != 0 {
                let b = x.trailing_zeros() as usize;
                x &= x - 1;
                sets[i * 64 + b].0[chunk][half] ^= mask;
            }
        };
        if C >= SPARSE_FROM_CHUNKS {
            // Big boards: a diff touches few of the many words.
            debug_assert_eq!(nonzero, self.nonzero_words());
            let mut nonzero = nonzero;
            while nonzero != 0 {
                let i = nonzero.trailing_zeros() as usize;
                nonzero &= nonzero - 1;
                toggle_word(i, self.words()[i]);
            }
            return;
        }
        for (i, &word) in self.words().iter().enumerate() {
            toggle_word(i, word);
        }
    }
}

/// Iterates set indices in increasing order. It borrows the set: copying an
/// 11-chunk set into every iterator cost a memcpy per piece in move generation.
pub struct BitIter<'a, const C: usize> {
    words: &'a [[u64; 2]; C],
    word: usize,
    cur: u64,
    /// Boards of `SPARSE_FROM_CHUNKS` or more: the non-zero words after `word`
    /// (bit `i`: word `i`), so that empty words are skipped in one step.
    rest: u32,
}

impl<const C: usize> Iterator for BitIter<'_, C> {
    type Item = usize;
    #[inline]
    fn next(&mut self) -> Option<usize> {
        if self.cur == 0 {
            if C >= SPARSE_FROM_CHUNKS {
                // The next non-zero word at once.
                if self.rest == 0 {
                    return None;
                }
                self.word = self.rest.trailing_zeros() as usize;
                self.rest &= self.rest - 1;
            } else {
                loop {
                    self.word += 1;
                    if self.word >= 2 * C {
                        return None;
                    }
                    if self.words[self.word >> 1][self.word & 1] != 0 {
                        break;
                    }
                }
            }
            self.cur = self.words[self.word >> 1][self.word & 1];
        }
        let b = self.cur.trailing_zeros() as usize;
        self.cur &= self.cur - 1;
        Some(self.word * 64 + b)
    }
}

macro_rules! bitop {
    ($tr:ident, $f:ident, $tra:ident, $fa:ident, $op:tt, $opa:tt) => {
        impl<const C: usize> $tr for Bitboard<C> {
            type Output = Self;
            #[inline]
            fn $f(mut self, rhs: Self) -> Self {
                for (a, b) in self.words_mut().iter_mut().zip(rhs.words()) {
                    *a $opa b;
                }
                self
            }
        }
        impl<const C: usize> $tra for Bitboard<C> {
            #[inline]
            fn $fa(&mut self, rhs: Self) {
                for (a, b) in self.words_mut().iter_mut().zip(rhs.words()) {
                    *a $opa b;
                }
            }
        }
    };
}
bitop!(BitAnd, bitand, BitAndAssign, bitand_assign, &, &=);
bitop!(BitOr, bitor, BitOrAssign, bitor_assign, |, |=);
bitop!(BitXor, bitxor, BitXorAssign, bitxor_assign, ^, ^=);

impl<const C: usize> Not for Bitboard<C> {
    type Output = Self;
    #[inline]
    fn not(mut self) -> Self {
        for w in self.words_mut() {
            *w = !*w;
        }
        self
    }
}

impl<const C: usize> std::fmt::Debug for Bitboard<C> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Exercises every operation at the edges of an `n`-bit board held in `C` chunks.
    fn check_size<const C: usize>(n: usize) {
        let mask = Bitboard::<C>::first_n(n);
        assert_eq!(mask.count() as usize, n);
        assert_eq!(mask.first(), Some(0));
        assert_eq!(mask.last(), Some(n - 1));
        let edges = [0, 1, 63, 64, 127, 128, 129, n / 2, n - 2, n - 1];
        let mut b = Bitboard::<C>::EMPTY;
        for &i in edges.iter().filter(|&&i| i < n) {
            b.set(i);
            assert!(b.test(i));
        }
        let expected: Vec<usize> = {
            let mut v: Vec<usize> = edges.iter().copied().filter(|&i| i < n).collect();
            v.sort();
            v.dedup();
            v
        };
        assert_eq!(b.iter().collect::<Vec<_>>(), expected);
        assert_eq!(b.count() as usize, expected.len());
        assert_eq!(b.first(), expected.first().copied());
        assert_eq!(b.last(), expected.last().copied());
        // Complement within the board never leaks past bit n-1.
        let inv = b.not_within(&mask);
        assert_eq!(inv.count() as usize, n - expected.len());
        assert!(!inv.intersects(&b));
        assert_eq!((inv | b), mask);
        assert_eq!((inv ^ mask), b);
        assert_eq!((inv & b), Bitboard::EMPTY);
        assert_eq!(mask.and_not(&b), inv);
        assert_eq!(mask.count_and_not(&b) as usize, n - expected.len());
        assert!(!mask.intersects_both(&b, &inv));
        assert_eq!(mask.intersects_both(&b, &b), !expected.is_empty());
        let e = expected.len() as i32;
        assert_eq!(mask.count_and_not_less(&b, &b, &mask), n as i32 - 2 * e);
        assert_eq!(b.count_and_not_less(&inv, &inv, &mask), 2 * e - n as i32);
        // Full complement does leak (that is what not_within is for).
        assert_eq!((!b).count() as usize, C * 128 - expected.len());
        // Shifts cross word boundaries and drop bits at the ends.
        let top = Bitboard::<C>::from_index(n - 1);
        assert_eq!(top.shr(n - 1), Bitboard::from_index(0));
        assert_eq!(Bitboard::<C>::from_index(0).shl(n - 1), top);
        if C > 1 {
            assert_eq!(Bitboard::<C>::from_index(127).shl(1).first(), Some(128));
            assert_eq!(Bitboard::<C>::from_index(128).shr(1).first(), Some(127));
            assert_eq!(Bitboard::<C>::from_index(100).shl(130).first(), Some(230));
        } else {
            assert!(Bitboard::<C>::from_index(127).shl(1).is_empty());
        }
        assert!(top.shl(C * 128 - n + 1).is_empty());
        assert!(Bitboard::<C>::from_index(5).shr(6).is_empty());
        // pop_first drains in order.
        let mut d = b;
        let mut drained = vec![];
        while let Some(i) = d.pop_first() {
            drained.push(i);
        }
        assert_eq!(drained, expected);
        assert!(d.is_empty());
        // toggle and clear.
        let mut t = Bitboard::<C>::EMPTY;
        t.toggle(n - 1);
        assert!(t.test(n - 1));
        t.toggle(n - 1);
        assert!(t.is_empty());
        t.set(n - 1);
        t.clear(n - 1);
        assert!(t.is_empty());
    }

    #[test]
    fn sizes_at_chunk_boundaries() {
        check_size::<1>(128);
        check_size::<2>(225); // dai
        check_size::<2>(256);
        check_size::<3>(289); // dai dai
        check_size::<3>(361); // maka dai dai
        check_size::<3>(384);
        check_size::<5>(625); // tai
        check_size::<5>(640);
        check_size::<11>(1296); // taikyoku
        check_size::<11>(1408);
    }

    /// `iter`, `first` and `last` agree with testing every bit, on small boards
    /// (the iterator walks word by word) and big ones (it jumps between non-zero
    /// words): empty sets, full ones, and sparse ones whose empty words lie at
    /// either end.
    fn check_iter<const C: usize>() {
        let naive = |b: &Bitboard<C>| -> Vec<usize> {
            (0..Bitboard::<C>::CAPACITY)
                .filter(|&i| b.test(i))
                .collect()
        };
        let mut seed = 0x9e37_79b9_7f4a_7c15u64;
        let mut sets = vec![Bitboard::<C>::EMPTY, !Bitboard::<C>::EMPTY];
        for density in [1, 4, 64] {
            let mut b = Bitboard::<C>::EMPTY;
            for _ in 0..density {
                crate::test_rng::next(&mut seed);
                b.set(seed as usize % Bitboard::<C>::CAPACITY);
            }
            sets.push(b);
        }
        sets.push(Bitboard::from_index(Bitboard::<C>::CAPACITY - 1));
        for b in &sets {
            let bits = naive(b);
            assert_eq!(b.iter().collect::<Vec<_>>(), bits, "{b:?}");
            assert_eq!(b.first(), bits.first().copied());
            assert_eq!(b.last(), bits.last().copied());
            // From or up to any bit (the scans that skip the words beyond it),
            // for the sets that hold nothing on the skipped side.
            for bound in [0, 63, 64, 65, 127, 128, Bitboard::<C>::CAPACITY - 1] {
                let above: Vec<_> = bits.iter().copied().filter(|&i| i >= bound).collect();
                let below: Vec<_> = bits.iter().copied().filter(|&i| i <= bound).collect();
                let mut upper = *b;
                let mut lower = *b;
                for i in 0..Bitboard::<C>::CAPACITY {
                    if i < bound {
                        upper.clear(i);
                    } else if i > bound {
                        lower.clear(i);
                    }
                }
                assert_eq!(upper.first_from(bound), above.first().copied());
                assert_eq!(lower.last_to(bound), below.last().copied());
            }
        }
    }

    #[test]
    fn iteration_lists_the_set_bits() {
        check_iter::<2>();
        check_iter::<5>();
        check_iter::<11>();
    }

    fn check_nonzero_words<const C: usize>() {
        let mut x = 0x2545_f491_4f6c_dd1du64;
        for _ in 0..200 {
            let mut b = Bitboard::<C>::EMPTY;
            for i in 0..2 * C {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                // Words left empty half of the time, single bits at either end.
                if x & 1 == 1 {
                    b.set(i * 64 + [0, 63, 17][(x >> 1) as usize % 3]);
                }
            }
            let want = (0..2 * C).fold(0, |m, i| m | ((b.word(i) != 0) as u32) << i);
            assert_eq!(b.nonzero_words(), want, "{C}");
        }
    }

    #[test]
    fn nonzero_words_marks_the_words_with_bits() {
        check_nonzero_words::<2>();
        check_nonzero_words::<6>();
        check_nonzero_words::<11>();
        check_nonzero_words::<16>();
    }
}
