//! Perft: counts the leaves of the legal move tree, the arbiter of move generation.
//!
//! A move is its outcome (origin, every square captured, destination, promotion
//! choice); promoting and declining are two moves; nothing is filtered for check
//! (moving into check is legal). A side without royals has lost: no moves.

use crate::moves::Move;
use crate::position::Position;
use crate::types::Side;

/// Whether the side to move has already lost its last royal.
pub fn game_over<const C: usize>(pos: &Position<C>) -> bool {
    Side::BOTH.iter().any(|&s| pos.royal_count(s) == 0)
}

pub fn perft<const C: usize>(pos: &mut Position<C>, depth: u32) -> u64 {
    let mut lists: Vec<Vec<Move>> = (0..=depth).map(|_| Vec::with_capacity(512)).collect();
    perft_inner(pos, depth, &mut lists)
}

fn perft_inner<const C: usize>(pos: &mut Position<C>, depth: u32, lists: &mut [Vec<Move>]) -> u64 {
    if depth == 0 {
        return 1;
    }
    if game_over(pos) {
        return 0;
    }
    let (list, rest) = lists.split_first_mut().unwrap();
    list.clear();
    pos.generate(list);
    if depth == 1 {
        return list.len() as u64;
    }
    let mut total = 0;
    for &mv in list.iter() {
        pos.make(mv);
        total += perft_inner(pos, depth - 1, rest);
        pos.unmake();
    }
    total
}

/// Perft split by root move, in generation order.
pub fn divide<const C: usize>(pos: &mut Position<C>, depth: u32) -> Vec<(Move, u64)> {
    let mut list = Vec::new();
    if depth == 0 || game_over(pos) {
        return vec![];
    }
    pos.generate(&mut list);
    list.iter()
        .map(|&mv| {
            pos.make(mv);
            let n = perft(pos, depth - 1);
            pos.unmake();
            (mv, n)
        })
        .collect()
}
