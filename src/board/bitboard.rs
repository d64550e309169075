//! Fixed-size bit sets over `u128` words.
//!
//! The same type serves two index spaces: squares (a board of up to 36x36 = 1296
//! squares needs 11 words) and piece ids (a position never holds more pieces than
//! it has squares, so a board's chunk count always covers its piece ids too).

use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not};

#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Bitboard<const C: usize>(pub [u128; C]);

impl<const C: usize> Default for Bitboard<C> {
    fn default() -> Self {
        Self::EMPTY
    }
}

impl<const C: usize> Bitboard<C> {
    pub const EMPTY: Self = Bitboard([0; C]);
    /// Number of bits the set can hold.
    pub const CAPACITY: usize = 128 * C;

    /// The set of indices `0..n`: the board mask of an `n`-square board.
    pub fn first_n(n: usize) -> Self {
        assert!(n <= Self::CAPACITY, "{n} bits do not fit in {C} chunks");
        let mut b = Self::EMPTY;
        for (i, w) in b.0.iter_mut().enumerate() {
            let lo = i * 128;
            if n >= lo + 128 {
                *w = u128::MAX;
            } else if n > lo {
                *w = (1u128 << (n - lo)) - 1;
            }
        }
        b
    }

    #[inline]
    pub fn from_index(i: usize) -> Self {
        let mut b = Self::EMPTY;
        b.set(i);
        b
    }

    #[inline]
    pub fn set(&mut self, i: usize) {
        self.0[i >> 7] |= 1u128 << (i & 127);
    }

    #[inline]
    pub fn clear(&mut self, i: usize) {
        self.0[i >> 7] &= !(1u128 << (i & 127));
    }

    #[inline]
    pub fn toggle(&mut self, i: usize) {
        self.0[i >> 7] ^= 1u128 << (i & 127);
    }

    #[inline]
    pub fn test(&self, i: usize) -> bool {
        (self.0[i >> 7] >> (i & 127)) & 1 != 0
    }

    #[inline]
    pub fn is_empty(&self) -> bool {
        self.0.iter().all(|&w| w == 0)
    }

    #[inline]
    pub fn any(&self) -> bool {
        !self.is_empty()
    }

    #[inline]
    pub fn count(&self) -> u32 {
        self.0.iter().map(|w| w.count_ones()).sum()
    }

    /// Lowest set index.
    #[inline]
    pub fn first(&self) -> Option<usize> {
        for (i, &w) in self.0.iter().enumerate() {
            if w != 0 {
                return Some(i * 128 + w.trailing_zeros() as usize);
            }
        }
        None
    }

    /// Highest set index.
    #[inline]
    pub fn last(&self) -> Option<usize> {
        for (i, &w) in self.0.iter().enumerate().rev() {
            if w != 0 {
                return Some(i * 128 + 127 - w.leading_zeros() as usize);
            }
        }
        None
    }

    /// Removes and returns the lowest set index.
    #[inline]
    pub fn pop_first(&mut self) -> Option<usize> {
        for (i, w) in self.0.iter_mut().enumerate() {
            if *w != 0 {
                let b = w.trailing_zeros() as usize;
                *w &= *w - 1;
                return Some(i * 128 + b);
            }
        }
        None
    }

    /// `self & !other`.
    #[inline]
    pub fn and_not(&self, other: &Self) -> Self {
        let mut r = *self;
        for (a, b) in r.0.iter_mut().zip(other.0.iter()) {
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
        self.0.iter().zip(other.0.iter()).any(|(a, b)| a & b != 0)
    }

    /// Shift towards higher indices by `n` bits; bits past the capacity fall off.
    pub fn shl(&self, n: usize) -> Self {
        let mut r = Self::EMPTY;
        let (words, bits) = (n / 128, n % 128);
        for i in (words..C).rev() {
            let src = i - words;
            let mut w = self.0[src] << bits;
            if bits > 0 && src > 0 {
                w |= self.0[src - 1] >> (128 - bits);
            }
            r.0[i] = w;
        }
        r
    }

    /// Shift towards lower indices by `n` bits.
    pub fn shr(&self, n: usize) -> Self {
        let mut r = Self::EMPTY;
        let (words, bits) = (n / 128, n % 128);
        for i in 0..C.saturating_sub(words) {
            let src = i + words;
            let mut w = self.0[src] >> bits;
            if bits > 0 && src + 1 < C {
                w |= self.0[src + 1] << (128 - bits);
            }
            r.0[i] = w;
        }
        r
    }

    #[inline]
    pub fn iter(&self) -> BitIter<C> {
        BitIter {
            words: self.0,
            word: 0,
            cur: self.0[0],
        }
    }

    /// Toggles bit `bit` of every set whose index is in `self`: the attack-map
    /// update. The word and mask are computed once, and each word is walked in a
    /// register.
    #[inline]
    pub fn toggle_in(&self, sets: &mut [Bitboard<C>], bit: usize) {
        let (w, mask) = (bit >> 7, 1u128 << (bit & 127));
        for (i, &word) in self.0.iter().enumerate() {
            // Walk 64-bit halves: cheaper bit tricks than on u128.
            for half in 0..2 {
                let mut x = (word >> (64 * half)) as u64;
                let base = i * 128 + half * 64;
                while x != 0 {
                    let b = x.trailing_zeros() as usize;
                    x &= x - 1;
                    sets[base + b].0[w] ^= mask;
                }
            }
        }
    }
}

/// Iterates set indices in increasing order.
pub struct BitIter<const C: usize> {
    words: [u128; C],
    word: usize,
    cur: u128,
}

impl<const C: usize> Iterator for BitIter<C> {
    type Item = usize;
    #[inline]
    fn next(&mut self) -> Option<usize> {
        while self.cur == 0 {
            self.word += 1;
            if self.word >= C {
                return None;
            }
            self.cur = self.words[self.word];
        }
        let b = self.cur.trailing_zeros() as usize;
        self.cur &= self.cur - 1;
        Some(self.word * 128 + b)
    }
}

macro_rules! bitop {
    ($tr:ident, $f:ident, $tra:ident, $fa:ident, $op:tt, $opa:tt) => {
        impl<const C: usize> $tr for Bitboard<C> {
            type Output = Self;
            #[inline]
            fn $f(mut self, rhs: Self) -> Self {
                for (a, b) in self.0.iter_mut().zip(rhs.0.iter()) {
                    *a $opa b;
                }
                self
            }
        }
        impl<const C: usize> $tra for Bitboard<C> {
            #[inline]
            fn $fa(&mut self, rhs: Self) {
                for (a, b) in self.0.iter_mut().zip(rhs.0.iter()) {
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
        for w in self.0.iter_mut() {
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
}
