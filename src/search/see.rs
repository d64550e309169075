//! Static exchange evaluation read off the attack maps: what a capture wins once
//! both sides have recaptured on its square with their cheapest attackers for as
//! long as that pays.
//!
//! Approximations, all of them cheap to live with in ordering and quiescence
//! pruning: only plain moves are evaluated (a lion's double capture, an igui or a
//! range capture counts its victims' values, see `Searcher::gain`); recapturers are
//! the pieces attacking the square now, so a slider behind another joins the
//! exchange only if it already sees through (no x-rays); a recapturing lion takes
//! one piece; promotions on the way are not counted.

use crate::board::Bitboard;
use crate::moves::Move;
use crate::position::Position;
use crate::types::{PieceId, Side};
use arrayvec::ArrayVec;

/// Longest exchange followed.
const MAX_EXCHANGE: usize = 32;

/// Whether the exchange on a plain capture's square could lose material: only
/// when the mover is worth more than its victim.
pub fn may_lose<const C: usize>(pos: &Position<C>, mv: Move) -> bool {
    match (pos.piece_at(mv.from), pos.piece_at(mv.to)) {
        (Some(a), Some(v)) => pos.exchange_value(a) > pos.exchange_value(v),
        _ => false,
    }
}

/// The exchange value of the plain move `mv` for the side making it (0 for a
/// move to an empty square).
pub fn see<const C: usize>(pos: &Position<C>, mv: Move) -> i32 {
    let (Some(mover), Some(victim)) = (pos.piece_at(mv.from), pos.piece_at(mv.to)) else {
        return 0;
    };
    exchange(pos, mover, victim, |side| pos.attackers_of(mv.to, side))
}

/// The exchange value for `mover`'s side of `mover` taking `victim`, each
/// side's attackers of the victim's square given by `attackers` (the attack
/// maps', or those a pending upkeep will leave).
#[inline]
pub fn exchange<const C: usize>(
    pos: &Position<C>,
    mover: PieceId,
    victim: PieceId,
    attackers: impl Fn(Side) -> Bitboard<C>,
) -> i32 {
    let mut gains = ArrayVec::<i32, MAX_EXCHANGE>::new();
    gains.push(pos.exchange_value(victim));
    // Grown by whole-set unions, never bit by bit: see `Bitboard::from_index`.
    let mut used = Bitboard::<C>::from_index(mover as usize);
    let mut on_square = pos.exchange_value(mover);
    let mut side = pos.piece(mover).side.flip();
    while gains.len() < MAX_EXCHANGE {
        let attackers = attackers(side).and_not(&used);
        let Some(next) = (attackers.iter())
            .map(|id| id as PieceId)
            .min_by_key(|&id| pos.exchange_value(id))
        else {
            break;
        };
        used |= Bitboard::from_index(next as usize);
        let last = *gains.last().unwrap();
        gains.push(on_square - last);
        on_square = pos.exchange_value(next);
        side = side.flip();
    }
    // Each side may stop the exchange where it stands best.
    while gains.len() > 1 {
        let g = gains.pop().unwrap();
        let prev = gains.last_mut().unwrap();
        *prev = -(-*prev).max(g);
    }
    gains[0]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::position::Position;

    fn pos(sfen: &str) -> Position<2> {
        let rules = crate::rules::Rules::get(crate::variants::by_name("dai").unwrap());
        Position::from_sfen(rules, sfen).unwrap()
    }

    fn mv(p: &Position<2>, s: &str) -> Move {
        let mut list = Vec::new();
        p.clone().generate(&mut list);
        (list.into_iter())
            .find(|m| [s.to_string(), format!("{s}=")].contains(&m.to_text(&p.rules.geo)))
            .unwrap_or_else(|| panic!("{s} not legal"))
    }

    /// The table's value of the dai kind of `code`.
    fn value(code: &str) -> i32 {
        let kinds = crate::variants::dai::KINDS;
        kinds.iter().find(|k| k.code == code).unwrap().value
    }

    #[test]
    fn exchanges_are_counted_to_where_each_side_stops() {
        let (p, g, r) = (value("P"), value("G"), value("R"));
        // Black rook on 8h takes a pawn on 8d.
        let free = pos("15/15/15/7p7/15/15/15/7R7/15/15/15/15/15/15/k13K b - 1");
        assert_eq!(see(&free, mv(&free, "8h8d")), p);
        // The pawn defended by a gold: the rook is lost for it.
        let defended = pos("15/15/7g7/7p7/15/15/15/7R7/15/15/15/15/15/15/k13K b - 1");
        assert!(may_lose(&defended, mv(&defended, "8h8d")));
        assert_eq!(see(&defended, mv(&defended, "8h8d")), p - r);
        // A pawn takes the defended pawn: the gold takes back, equal trade.
        let pawn = pos("15/15/7g7/7p7/7P7/15/15/15/15/15/15/15/15/15/k13K b - 1");
        assert_eq!(see(&pawn, mv(&pawn, "8e8d")), 0);
        assert!(!may_lose(&pawn, mv(&pawn, "8e8d")));
        // A defended gold attacked by two rooks: RxG gxR RxG leaves Black two
        // golds for a rook.
        let two = pos("15/15/7g7/R6g7/15/15/15/7R7/15/15/15/15/15/15/k13K b - 1");
        assert_eq!(see(&two, mv(&two, "8h8d")), g - r + g);
        // A rook behind the first on its file is not counted (no x-rays).
        let xray = pos("15/15/7g7/7g7/15/15/15/7R7/15/15/15/15/15/15/k6R6K b - 1");
        assert_eq!(see(&xray, mv(&xray, "8h8d")), g - r);
    }
}
