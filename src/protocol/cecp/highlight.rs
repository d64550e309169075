//! The colour boards of `feature highlight=1`: which squares a lifted piece
//! may move to, read off the legal moves.

use crate::board::Geometry;
use crate::position::parse_board;
use crate::rules::Rules;
use crate::types::Side;

/// Who stands on each square of the session's SFEN.
pub(super) fn occupancy(rules: &Rules, sfen: &str) -> Vec<Option<Side>> {
    let mut occ = vec![None; rules.geo.squares()];
    let board = sfen.split_whitespace().next().unwrap_or("");
    // The session writes its own position, so its board always reads back.
    for (sq, _, side) in parse_board(rules, board).unwrap_or_default() {
        occ[sq as usize] = Some(side);
    }
    occ
}

/// The colour board of a `highlight` command: ranks from the top, like a FEN board,
/// with a colour letter on each marked square.
pub(super) fn colour_board(geo: &Geometry, marks: &[Option<char>]) -> String {
    let mut out = String::new();
    for y in 0..geo.height {
        if y > 0 {
            out.push('/');
        }
        let mut run = 0;
        for x in 0..geo.width {
            match marks[geo.square(x, y) as usize] {
                Some(c) => {
                    if run > 0 {
                        out.push_str(&run.to_string());
                        run = 0;
                    }
                    out.push(c);
                }
                None => run += 1,
            }
        }
        if run > 0 {
            out.push_str(&run.to_string());
        }
    }
    out
}

/// Marks a square, keeping the stronger mark: cyan (the move goes on) over magenta
/// (promotion) over red (capture) over yellow.
pub(super) fn mark(marks: &mut [Option<char>], sq: u16, colour: char) {
    let rank = |c: Option<char>| match c {
        Some('C') => 4,
        Some('M') => 3,
        Some('R') => 2,
        Some(_) => 1,
        None => 0,
    };
    let m = &mut marks[sq as usize];
    if rank(Some(colour)) > rank(*m) {
        *m = Some(colour);
    }
}

/// A piece XBoard's user has picked up (`lift`), for a later `lift` of one of the
/// squares marked cyan: the second legs of the two-leg moves through it.
pub(super) struct Lifted {
    pub(super) from: u16,
    pub(super) first_legs: Vec<u16>,
}
