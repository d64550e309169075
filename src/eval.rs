//! Evaluation: material (the variant table's values) and mobility read off the
//! attack maps. All weights live here, ready for tuning.

use crate::position::Position;
use crate::types::Side;

/// Centipawns per attacked square not blocked by one's own pieces.
pub const MOBILITY_CP: i32 = 2;

/// Score from Black's point of view.
pub fn evaluate_black<const C: usize>(pos: &Position<C>) -> i32 {
    pos.material() + MOBILITY_CP * (pos.mobility(Side::Black) - pos.mobility(Side::White))
}

/// Score from the side to move's point of view.
pub fn evaluate<const C: usize>(pos: &Position<C>) -> i32 {
    let s = evaluate_black(pos);
    if pos.side_to_move() == Side::Black {
        s
    } else {
        -s
    }
}
