//! Helpers shared by the integration tests.
#![allow(dead_code)]

/// A small deterministic generator (xorshift64) for randomised tests.
pub struct Rng(pub u64);

impl Rng {
    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    /// A uniformly chosen element.
    pub fn pick<'a, T>(&mut self, v: &'a [T]) -> &'a T {
        &v[(self.next() % v.len() as u64) as usize]
    }

    /// A random move of `list` (not empty), a capture half of the time where
    /// there is one, so that lion double moves and promotions by capture are
    /// exercised, not only quiet shuffles.
    pub fn pick_move<const C: usize>(
        &mut self,
        pos: &large_shogi::position::Position<C>,
        list: &[large_shogi::moves::Move],
    ) -> large_shogi::moves::Move {
        let captures: Vec<_> = (list.iter().copied())
            .filter(|&m| !pos.victims(m).is_empty())
            .collect();
        if !captures.is_empty() && self.next().is_multiple_of(2) {
            *self.pick(&captures)
        } else {
            *self.pick(list)
        }
    }
}

use large_shogi::protocol::session::Out;
use std::sync::{Arc, Mutex};

/// An output sink for the protocol that collects the lines it is given.
pub fn capture() -> (Out, Arc<Mutex<Vec<String>>>) {
    let lines = Arc::new(Mutex::new(Vec::new()));
    let sink = lines.clone();
    let out: Out = Arc::new(move |l: &str| sink.lock().unwrap().push(l.to_string()));
    (out, lines)
}
