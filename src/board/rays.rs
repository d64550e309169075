//! Ray masks: for each square and direction, the squares beyond it to the edge.
//! A slider's attacks along a line are the ray minus the ray beyond the first
//! blocker (the "classical" method, which works at any board size and chunk count).

use super::{Bitboard, Geometry, Square};
use std::any::Any;
use std::sync::{Mutex, OnceLock};

pub struct Rays<const C: usize> {
    ray: Vec<[Bitboard<C>; 8]>,
    /// Whether the direction walks towards higher square indices.
    ascending: [bool; 8],
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
        Rays {
            ray,
            ascending: std::array::from_fn(|d| geo.delta(d) > 0),
        }
    }

    /// The tables for a board size, built once per process.
    pub fn get(geo: &Geometry) -> &'static Self {
        type Cache = Mutex<Vec<((usize, usize, usize), &'static (dyn Any + Send + Sync))>>;
        static CACHE: OnceLock<Cache> = OnceLock::new();
        let key = (geo.width, geo.height, C);
        let mut cache = CACHE
            .get_or_init(Default::default)
            .lock()
            .unwrap_or_else(|e| e.into_inner());
        if let Some((_, t)) = cache.iter().find(|(k, _)| *k == key) {
            return t.downcast_ref().expect("cached rays of this chunk count");
        }
        let t: &'static Rays<C> = Box::leak(Box::new(Rays::build(geo)));
        cache.push((key, t));
        t
    }

    #[inline]
    pub fn ray(&self, sq: Square, dir: usize) -> &Bitboard<C> {
        &self.ray[sq as usize][dir]
    }

    /// Squares a slider on `sq` reaches along `dir`, at most `max`, up to and
    /// including the first occupied square.
    #[inline(always)]
    pub fn slide(
        &self,
        geo: &Geometry,
        sq: Square,
        dir: usize,
        max: usize,
        occ: &Bitboard<C>,
    ) -> Bitboard<C> {
        let mut r = self.ray[sq as usize][dir];
        if max < geo.ray_len(sq, dir) {
            let end = (sq as isize + max as isize * geo.delta(dir)) as usize;
            r = r.and_not(&self.ray[end][dir]);
        }
        let blockers = r & *occ;
        let first = if self.ascending[dir] {
            blockers.first()
        } else {
            blockers.last()
        };
        if let Some(b) = first {
            r = r.and_not(&self.ray[b][dir]);
        }
        r
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
                    assert_eq!(rays.slide(&geo, sq, d, max, &occ), walked, "{sq} {d} {max}");
                }
            }
        }
    }
}
