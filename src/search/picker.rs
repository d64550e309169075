//! Lazy move ordering: a node's moves come out in the order a stable sort by key
//! would give, but the sort is put off until a few moves have been tried. Most
//! nodes that cut off do so on their first moves, and then no sort is paid.

use crate::moves::Move;

/// Moves picked by selection (one scan each) before the rest is sorted.
const SELECT_PICKS: usize = 3;

/// Moves with their order keys, smaller first.
pub type Scored = Vec<(i32, Move)>;

/// Makes `list[k]` the `k`-th move of the stable order by key, given that
/// `list[..k]` already holds the first `k` (call with k = 0, 1, 2, ...).
#[inline]
pub fn pick<T: Copy>(list: &mut [(i32, T)], k: usize) -> Option<T> {
    if k >= list.len() {
        return None;
    }
    if k < SELECT_PICKS {
        // The first smallest, brought forward by a rotation so that the others
        // keep their relative order (a swap would not: the order would then
        // differ from the stable sort's among equal keys).
        let mut best = k;
        for j in k + 1..list.len() {
            if list[j].0 < list[best].0 {
                best = j;
            }
        }
        list[k..=best].rotate_right(1);
    } else if k == SELECT_PICKS {
        list[k..].sort_by_key(|&(key, _)| key);
    }
    Some(list[k].1)
}

/// Keeps `pick`'s promise after moves were pushed onto `list` while
/// `list[..k]` holds the first `k` picked: past the selection picks the tail
/// was sorted already, so it is sorted again with the new moves in it.
pub fn appended<T: Copy>(list: &mut [(i32, T)], k: usize) {
    if k > SELECT_PICKS {
        list[k..].sort_by_key(|&(key, _)| key);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn picks_come_out_in_stable_sort_order() {
        let mut x = 7u32;
        for len in 0..40 {
            // Keys from a small range, so that many are equal.
            let list: Vec<(i32, Move)> = (0..len)
                .map(|i| {
                    x = x.wrapping_mul(1_664_525).wrapping_add(1_013_904_223);
                    ((x >> 28) as i32 % 6, Move::simple(i, i + 1, 0))
                })
                .collect();
            let mut sorted = list.clone();
            sorted.sort_by_key(|&(key, _)| key);
            let mut picked = list.clone();
            let out: Vec<Move> = (0..).map_while(|k| pick(&mut picked, k)).collect();
            assert_eq!(out, sorted.iter().map(|e| e.1).collect::<Vec<_>>());
        }
    }

    #[test]
    fn picks_after_an_append_come_out_in_sorted_order() {
        for k in 0..8 {
            let keys = [5, 3, 9, 1, 7, 2, 8, 6, 4, 0];
            let mut list: Vec<(i32, Move)> = (keys.iter())
                .map(|&key| (key, Move::simple(key as u16, 0, 0)))
                .collect();
            let mut out: Vec<i32> = (0..k)
                .map(|i| pick(&mut list, i).unwrap().from as i32)
                .collect();
            // Keys below some already picked are appended: they come next.
            list.extend([(-1, Move::simple(100, 0, 0)), (4, Move::simple(104, 0, 0))]);
            appended(&mut list, k);
            out.extend(
                (k..)
                    .map_while(|i| pick(&mut list, i))
                    .map(|m| m.from as i32),
            );
            let mut rest: Vec<i32> = keys
                .iter()
                .copied()
                .filter(|key| !out[..k].contains(key))
                .collect();
            rest.extend([100, 104]);
            rest.sort_by_key(|&f| {
                if f >= 100 {
                    [-1, 4][(f == 104) as usize]
                } else {
                    f
                }
            });
            assert_eq!(out[k..], rest[..], "appended after {k} picks");
        }
    }
}
