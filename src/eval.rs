//! Evaluation: material (the variant table's values) and mobility read off the
//! attack maps. All weights live here, ready for tuning.

use crate::position::Position;
use crate::types::{PieceId, Side};

/// Centipawns per attacked square not blocked by one's own pieces.
pub const MOBILITY_CP: i32 = 2;

/// Score from Black's point of view.
pub fn evaluate_black<const C: usize>(pos: &Position<C>) -> i32 {
    let mut score = pos.material();
    for side in Side::BOTH {
        let sign = if side == Side::Black { 1 } else { -1 };
        let own = pos.occupied_by(side);
        let reach: u32 = (pos.pieces_of(side).iter())
            .map(|id| pos.attacks_of(id as PieceId).and_not(&own).count())
            .sum();
        score += sign * MOBILITY_CP * reach as i32;
    }
    score
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
