//! Precomputed leap targets: for each distinct leap set of a variant and each
//! square, the squares it reaches. Steppers' attack sets then cost one copy.
//! Boards whose tables would be too large fall back to computing leaps on the fly.

use crate::board::{Bitboard, Square};
use crate::rules::Rules;
use std::any::Any;
use std::sync::{Mutex, OnceLock};

/// Largest table built (bytes).
const MAX_BYTES: usize = 64 << 20;

pub struct LeapTable<const C: usize> {
    /// Per form and side: index of its leap set, or `u16::MAX` for none.
    set_of: Vec<[u16; 2]>,
    /// Per leap set, per square.
    targets: Vec<Vec<Bitboard<C>>>,
}

impl<const C: usize> LeapTable<C> {
    fn build(rules: &Rules) -> Option<Self> {
        let geo = &rules.geo;
        let mut sets: Vec<&[(i8, i8)]> = Vec::new();
        let mut set_of = Vec::new();
        for form in &rules.forms {
            set_of.push([0, 1].map(|s| {
                let leaps = form.movement[s].leaps.as_slice();
                match sets.iter().position(|&l| l == leaps) {
                    Some(i) => i as u16,
                    None => {
                        sets.push(leaps);
                        (sets.len() - 1) as u16
                    }
                }
            }));
        }
        if sets.len() * geo.squares() * std::mem::size_of::<Bitboard<C>>() > MAX_BYTES {
            return None;
        }
        let targets = sets
            .iter()
            .map(|leaps| {
                (0..geo.squares() as Square)
                    .map(|sq| {
                        let mut b = Bitboard::EMPTY;
                        for &(dx, dy) in leaps.iter() {
                            if let Some(t) = geo.offset(sq, dx as i32, dy as i32) {
                                b.set(t as usize);
                            }
                        }
                        b
                    })
                    .collect()
            })
            .collect();
        Some(LeapTable { set_of, targets })
    }

    /// The table for a variant, built once per process (`None` if too large).
    pub fn get(rules: &'static Rules) -> Option<&'static Self> {
        type Cache = Mutex<Vec<((usize, usize), Option<&'static (dyn Any + Send + Sync)>)>>;
        static CACHE: OnceLock<Cache> = OnceLock::new();
        let key = (rules as *const Rules as usize, C);
        let mut cache = CACHE
            .get_or_init(Default::default)
            .lock()
            .unwrap_or_else(|e| e.into_inner());
        if let Some((_, t)) = cache.iter().find(|(k, _)| *k == key) {
            return t.map(|t| t.downcast_ref().expect("cached leaps of this chunk count"));
        }
        let table: Option<&'static LeapTable<C>> =
            LeapTable::build(rules).map(|t| &*Box::leak(Box::new(t)));
        cache.push((key, table.map(|t| t as &(dyn Any + Send + Sync))));
        table
    }

    #[inline]
    pub fn targets(&self, form: u16, side: usize, sq: Square) -> Bitboard<C> {
        self.targets[self.set_of[form as usize][side] as usize][sq as usize]
    }
}
