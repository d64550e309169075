//! Ray masks: for each square and direction, the squares beyond it to the edge.
//! A slider's attacks along a line are the ray minus the ray beyond the first
//! blocker (the "classical" method, which works at any board size and chunk count).

use super::geometry::dir_index;
use super::{Bitboard, Geometry, Square};

/// Board size (in chunks) from which `slide_into` walks lines instead of
/// masking them: taikyoku only (see `bitboard::SPARSE_FROM_CHUNKS`).
const WALK_FROM_CHUNKS: usize = 6;

/// Boards of this many chunks and more walk a hook's first legs square by
/// square (`first_leg_into`), filling the leg and its turning squares in one
/// pass, rather than masking a slide and then its empty squares: taikyoku
/// -0.7 % of the instructions to depth 4, tai -0.5 % (depth 6), dai dai and
/// maka dai dai -0.1 % (eighty-fourth session).
const WALK_LEGS_FROM_CHUNKS: usize = 3;

pub struct Rays<const C: usize> {
    ray: Vec<[Bitboard<C>; 8]>,
    /// Whether the direction walks towards higher square indices.
    ascending: [bool; 8],
    /// Squares between each square and the edge, per direction.
    len: Vec<[u8; 8]>,
    /// Square offsets of the directions.
    delta: [isize; 8],
    /// `(x, y)` of each square.
    xy: Vec<(u8, u8)>,
    /// Each square's centrality (`centrality`).
    centrality: Vec<i8>,
    width: usize,
    height: usize,
    /// The board's squares.
    board: Bitboard<C>,
    /// Direction index of each vector `(dx, dy)` between two squares, at
    /// `(dy + height - 1) * (2 * width - 1) + dx + width - 1`; 8 when the vector is
    /// not along a line.
    line_dir: Vec<u8>,
}

/// The centrality of square `(x, y)` on a `width` x `height` board: the
/// distance from the centre, squared across the files and linear along the
/// ranks, scaled to 10 at the centre and -10 in the corners. The shape is
/// HaChu's centralization table for steppers (its `eval.c`): a piece is worth
/// most where it reaches both wings, and a little more in the middle ranks
/// than on its own back rank or the enemy's.
fn centrality(x: usize, y: usize, width: usize, height: usize) -> i8 {
    let (x, y, w, h) = (x as i32, y as i32, width as i32, height as i32);
    let full = h * (h - 2);
    let d = full - (2 * y - h + 1).abs() * (h - 1) - (2 * x - w + 1).pow(2);
    (d * 10 / full).clamp(-10, 10) as i8
}

impl<const C: usize> Rays<C> {
    fn build(geo: &Geometry) -> Self {
        let ray = (0..geo.squares())
            .map(|sq| {
                std::array::from_fn(|d| {
                    let mut b = Bitboard::EMPTY;
                    let mut s = sq as isize;
                    for _ in 0..geo.ray_len(sq as Square, d) {
                        s += geo.delta(d);
                        b.set(s as usize);
                    }
                    b
                })
            })
            .collect();
        let (w, h) = (geo.width as isize, geo.height as isize);
        let mut line_dir = Vec::with_capacity(((2 * w - 1) * (2 * h - 1)) as usize);
        for dy in 1 - h..h {
            for dx in 1 - w..w {
                let n = dx.abs().max(dy.abs());
                let on_line = n > 0 && (dx == 0 || dy == 0 || dx.abs() == dy.abs());
                line_dir.push(if on_line {
                    dir_index((dx / n) as i8, (dy / n) as i8).expect("unit vector") as u8
                } else {
                    8
                });
            }
        }
        Rays {
            ray,
            ascending: std::array::from_fn(|d| geo.delta(d) > 0),
            len: (0..geo.squares() as Square)
                .map(|sq| std::array::from_fn(|d| geo.ray_len(sq, d) as u8))
                .collect(),
            delta: std::array::from_fn(|d| geo.delta(d)),
            xy: (0..geo.squares() as Square)
                .map(|sq| (geo.x(sq) as u8, geo.y(sq) as u8))
                .collect(),
            centrality: (0..geo.squares() as Square)
                .map(|sq| centrality(geo.x(sq), geo.y(sq), geo.width, geo.height))
                .collect(),
            width: geo.width,
            height: geo.height,
            board: Bitboard::first_n(geo.squares()),
            line_dir,
        }
    }

    /// The tables for a board size, built once per process.
    pub fn get(geo: &Geometry) -> &'static Self {
        crate::cache::shared(geo.width * 64 + geo.height, || Rays::build(geo))
    }

    /// How far `sq` lies towards White's side from Black's back rank, and so
    /// how far a Black piece there has advanced: 0 on the bottom rank. White's
    /// is `height - 1` minus this.
    #[inline]
    pub fn black_advance(&self, sq: Square) -> usize {
        self.height - 1 - self.xy[sq as usize].1 as usize
    }

    /// How central `sq` is, from 10 in the middle of the board to -10 in its
    /// corners (`centrality`).
    #[inline]
    pub fn centrality(&self, sq: Square) -> i32 {
        self.centrality[sq as usize] as i32
    }

    #[inline]
    pub fn height(&self) -> usize {
        self.height
    }

    /// The set of the board's squares.
    #[inline]
    pub fn board(&self) -> &Bitboard<C> {
        &self.board
    }

    #[inline]
    pub fn ray(&self, sq: Square, dir: usize) -> &Bitboard<C> {
        &self.ray[sq as usize][dir]
    }

    /// The direction from `from` to `to` and their distance, when `to` lies on one
    /// of the eight lines through `from` (else direction 8).
    #[inline]
    pub fn line(&self, from: Square, to: Square) -> (usize, usize) {
        let (fx, fy) = self.xy[from as usize];
        let (tx, ty) = self.xy[to as usize];
        let dx = tx as isize - fx as isize;
        let dy = ty as isize - fy as isize;
        let w = self.width as isize;
        let i = (dy + self.height as isize - 1) * (2 * w - 1) + dx + w - 1;
        let dist = dx.unsigned_abs().max(dy.unsigned_abs());
        (self.line_dir[i as usize] as usize, dist)
    }

    /// Adds `slide(sq, dir, max, occ)` to `acc`. On boards of `WALK_FROM_CHUNKS`
    /// chunks or more, by walking the line square by square: a line crosses few
    /// of the words there, and the mask operations would touch them all.
    #[inline(always)]
    pub fn slide_into(
        &self,
        acc: &mut Bitboard<C>,
        sq: Square,
        dir: usize,
        max: usize,
        occ: &Bitboard<C>,
    ) {
        if C < WALK_FROM_CHUNKS {
            *acc |= self.slide(sq, dir, max, occ);
            return;
        }
        let n = max.min(self.len[sq as usize][dir] as usize);
        let delta = self.delta[dir];
        let mut s = sq as isize;
        for _ in 0..n {
            s += delta;
            acc.set(s as usize);
            if occ.test(s as usize) {
                break;
            }
        }
    }

    /// A hook move's first leg from `sq` along `dir`: its squares added to
    /// `acc`, the empty ones (where it may turn) to `turns`. Walked on boards
    /// of `WALK_LEGS_FROM_CHUNKS` chunks or more.
    #[inline(always)]
    pub fn first_leg_into(
        &self,
        acc: &mut Bitboard<C>,
        turns: &mut Bitboard<C>,
        sq: Square,
        dir: usize,
        occ: &Bitboard<C>,
    ) {
        if C < WALK_LEGS_FROM_CHUNKS {
            let leg = self.slide(sq, dir, usize::MAX, occ);
            *acc |= leg;
            *turns |= leg.and_not(occ);
            return;
        }
        let delta = self.delta[dir];
        let mut s = sq as isize;
        for _ in 0..self.len[sq as usize][dir] {
            s += delta;
            acc.set(s as usize);
            if occ.test(s as usize) {
                break;
            }
            turns.set(s as usize);
        }
    }

    /// Adds the squares hook moves reach after their turn: from each square of
    /// `turns` (the empty squares of first legs along `dir` or its opposite:
    /// only the axis counts), a slide each way at right angles.
    #[inline]
    pub fn hook_turns_into(
        &self,
        acc: &mut Bitboard<C>,
        turns: &Bitboard<C>,
        dir: usize,
        occ: &Bitboard<C>,
    ) {
        if C >= WALK_FROM_CHUNKS {
            self.hook_turns_by_rank(acc, turns, dir, occ);
        } else {
            self.hook_turns_by_slides(acc, turns, dir, occ);
        }
    }

    /// `hook_turns_into` as two slides from each turning square (masks, also
    /// on the big boards: the test of `hook_turns_by_rank` compares with it).
    fn hook_turns_by_slides(
        &self,
        acc: &mut Bitboard<C>,
        turns: &Bitboard<C>,
        dir: usize,
        occ: &Bitboard<C>,
    ) {
        for t in turns.iter() {
            for turn in [(dir + 2) % 8, (dir + 6) % 8] {
                *acc |= self.slide(t as Square, turn, usize::MAX, occ);
            }
        }
    }

    /// `hook_turns_into` rank by rank on words: on the big boards a walk per
    /// square and side cost taikyoku 7 % of its search (and masks touch
    /// every word), where on the small ones the masks were faster.
    fn hook_turns_by_rank(
        &self,
        acc: &mut Bitboard<C>,
        turns: &Bitboard<C>,
        dir: usize,
        occ: &Bitboard<C>,
    ) {
        match dir % 4 {
            // A leg along a file turns along ranks: each turning square's rank
            // on its own.
            0 => self.rank_slides_into(acc, turns, occ),
            // Along a rank, it turns along files; along a diagonal, along the
            // other diagonal (directions 1 and 5 run along one, 3 and 7 along
            // the other).
            2 => self.floods_into(acc, turns, [(0, -1), (0, 1)], occ),
            1 => self.floods_into(acc, turns, [(1, 1), (-1, -1)], occ),
            _ => self.floods_into(acc, turns, [(1, -1), (-1, 1)], occ),
        }
    }

    /// Adds the slides east and west from each square of `starts`.
    fn rank_slides_into(&self, acc: &mut Bitboard<C>, starts: &Bitboard<C>, occ: &Bitboard<C>) {
        let w = self.width;
        let full = (1u64 << w) - 1;
        for t in starts.iter() {
            let (x, y) = self.xy[t];
            let (x, row) = (x as usize, y as usize * w);
            let blockers = occ.bits(row, w);
            let east = full & !((2u64 << x) - 1);
            let stop = match blockers & east {
                0 => w - 1,
                b => b.trailing_zeros() as usize,
            };
            let west = (1u64 << x) - 1;
            let start = match blockers & west {
                0 => 0,
                b => 63 - b.leading_zeros() as usize,
            };
            acc.or_bits(
                row,
                (east & ((2u64 << stop) - 1)) | (west & !((1u64 << start) - 1)),
            );
        }
    }

    /// Adds the slides from every square of `starts` (empty squares) along
    /// each direction `(dx, dy)` of `dirs` (`dy` not 0): all of them at once,
    /// a rank further at each step, while a line is still open or a start is
    /// still ahead.
    fn floods_into(
        &self,
        acc: &mut Bitboard<C>,
        starts: &Bitboard<C>,
        dirs: [(isize, isize); 2],
        occ: &Bitboard<C>,
    ) {
        let (Some(first), Some(last)) = (starts.first(), starts.last()) else {
            return;
        };
        let w = self.width;
        let full = (1u64 << w) - 1;
        let (top, bottom) = (self.xy[first].1 as isize, self.xy[last].1 as isize);
        for (dx, dy) in dirs {
            // Ranks are walked from the starts' first in the direction of travel.
            let (mut y, end) = if dy > 0 { (top, bottom) } else { (bottom, top) };
            let mut open = 0u64;
            while (0..self.height as isize).contains(&y) {
                let row = y as usize * w;
                // Where the open lines of the rank before arrive.
                let arrive = match dx {
                    0 => open,
                    1 => (open << 1) & full,
                    _ => open >> 1,
                };
                acc.or_bits(row, arrive);
                open = arrive & !occ.bits(row, w) | starts.bits(row, w);
                if open == 0 && (y - end) * dy >= 0 {
                    break;
                }
                y += dy;
            }
        }
    }

    /// The square of `set` (squares on the ray from `sq` along `dir`) nearest
    /// `sq`. On the big boards only the words from `sq`'s on are looked at: on
    /// taikyoku's board a scan from the far end crossed a dozen empty words
    /// (on the smaller ones the whole scan, unrolled, costs less).
    #[inline]
    pub fn nearest(&self, sq: Square, dir: usize, set: &Bitboard<C>) -> Option<usize> {
        if C < WALK_FROM_CHUNKS {
            return if self.ascending[dir] {
                set.first()
            } else {
                set.last()
            };
        }
        if self.ascending[dir] {
            set.first_from(sq as usize)
        } else {
            set.last_to(sq as usize)
        }
    }

    /// The squares along `dir` from `sq`, at most `max` of them.
    #[inline]
    pub fn ray_within(&self, sq: Square, dir: usize, max: usize) -> Bitboard<C> {
        let mut r = self.ray[sq as usize][dir];
        if max < self.len[sq as usize][dir] as usize {
            let end = (sq as isize + max as isize * self.delta[dir]) as usize;
            r = r.and_not(&self.ray[end][dir]);
        }
        r
    }

    /// Squares a slider on `sq` reaches along `dir`, at most `max`, up to and
    /// including the first occupied square.
    #[inline(always)]
    pub fn slide(&self, sq: Square, dir: usize, max: usize, occ: &Bitboard<C>) -> Bitboard<C> {
        let mut r = self.ray_within(sq, dir, max);
        if let Some(b) = self.nearest(sq, dir, &(r & *occ)) {
            r = r.and_not(&self.ray[b][dir]);
        }
        r
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// 10 in the middle (9 on an even board), -10 in the corners, the same for
    /// both sides (a half turn of the board), and falling off towards the
    /// edges.
    #[test]
    fn centrality_peaks_in_the_middle() {
        for n in [15usize, 17, 19, 25, 36] {
            let geo = Geometry::new(n, n);
            let rays = Rays::<11>::build(&geo);
            let at = |x: usize, y: usize| rays.centrality((y * n + x) as Square);
            let mid = (n - 1) / 2;
            // An even board's middle is four squares, none right at the centre.
            assert_eq!(at(mid, mid), if n % 2 == 1 { 10 } else { 9 }, "{n}");
            assert_eq!((at(0, 0), at(n - 1, n - 1)), (-10, -10), "{n}");
            for sq in 0..n * n {
                let turned = (n * n - 1 - sq) as Square;
                assert_eq!(rays.centrality(sq as Square), rays.centrality(turned));
            }
            assert!(at(0, mid) < at(2, mid) && at(2, mid) < at(mid, mid), "{n}");
            assert!(at(mid, 0) < at(mid, 3) && at(mid, 3) < at(mid, mid), "{n}");
        }
    }

    #[test]
    fn slides_match_walking() {
        let geo = Geometry::new(15, 15);
        let rays = Rays::<2>::get(&geo);
        let mut occ = Bitboard::<2>::EMPTY;
        for sq in [3usize, 40, 77, 112, 113, 150, 200, 224] {
            occ.set(sq);
        }
        for sq in 0..225u16 {
            for d in 0..8 {
                for max in [1, 2, 3, 255] {
                    let mut walked = Bitboard::EMPTY;
                    let mut s = sq as isize;
                    for _ in 0..geo.ray_len(sq, d).min(max) {
                        s += geo.delta(d);
                        walked.set(s as usize);
                        if occ.test(s as usize) {
                            break;
                        }
                    }
                    assert_eq!(rays.slide(sq, d, max, &occ), walked, "{sq} {d} {max}");
                }
            }
        }
    }

    /// `hook_turns_by_rank` against a slide each way from each turning square
    /// (`hook_turns_by_slides`, whose masks `slides_match_walking` checks),
    /// and `first_leg_into` against a masked slide, on random occupancies of
    /// four board sizes (ranks in one word and across two).
    #[test]
    fn hook_turns_match_slides() {
        fn check<const C: usize>(width: usize, height: usize) {
            let geo = Geometry::new(width, height);
            let rays = Rays::<C>::get(&geo);
            let mut seed = 0x9e37_79b9_7f4a_7c15u64;
            for _ in 0..6 {
                let mut occ = Bitboard::<C>::EMPTY;
                for sq in 0..geo.squares() {
                    if crate::test_rng::next(&mut seed) % 10 < 3 {
                        occ.set(sq);
                    }
                }
                for sq in 0..geo.squares() as Square {
                    for dir in 0..8 {
                        let leg = rays.slide(sq, dir, usize::MAX, &occ);
                        let turns = leg.and_not(&occ);
                        let (mut leg_walked, mut turns_walked) = (occ, Bitboard::EMPTY);
                        rays.first_leg_into(&mut leg_walked, &mut turns_walked, sq, dir, &occ);
                        assert_eq!(leg_walked, leg | occ, "{width}x{height}: {sq} {dir}");
                        assert_eq!(turns_walked, turns, "{width}x{height}: {sq} {dir}");
                        let mut walked = Bitboard::EMPTY;
                        rays.hook_turns_by_slides(&mut walked, &turns, dir, &occ);
                        let mut by_rank = Bitboard::EMPTY;
                        rays.hook_turns_by_rank(&mut by_rank, &turns, dir, &occ);
                        assert_eq!(by_rank, walked, "{width}x{height}: {sq} {dir}");
                    }
                }
            }
        }
        check::<11>(36, 36);
        check::<5>(25, 25);
        check::<3>(17, 17);
        check::<1>(7, 5);
    }

    #[test]
    fn lines_between_squares() {
        let geo = Geometry::new(7, 5);
        let rays = Rays::<1>::get(&geo);
        for a in 0..geo.squares() as Square {
            for b in 0..geo.squares() as Square {
                let (d, dist) = rays.line(a, b);
                let on = (0..8).find(|&d| rays.ray(a, d).test(b as usize));
                assert_eq!(on, (d < 8).then_some(d), "{a} {b}");
                if d < 8 {
                    assert_eq!(dist, geo.distance(a, b));
                }
            }
        }
    }
}
