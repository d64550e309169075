//! Evaluation: material (the variant table's values), promotion potential, mobility
//! read off the attack maps, and royal safety. All weights live here, ready for
//! tuning (`tuning/README.md`).

use crate::position::Position;
use crate::types::Side;

/// Centipawns per attacked square not blocked by one's own pieces.
pub const MOBILITY_CP: i32 = 2;

/// Promote-by-capture variants: the share (percent) of the value a piece gains
/// (or loses) on its compulsory promotion that it is worth before it. A piece
/// one capture away from becoming a much stronger one is worth more than its
/// face value; one that will turn into something weaker, less.
pub const PROMOTION_POTENTIAL_PCT: i32 = 25;

/// Centipawns per enemy attack on a royal's square or the squares around it,
/// for a side with one royal; divided by the number of royals (a side with a
/// spare royal survives losing one).
pub const ROYAL_ATTACK_CP: i32 = 6;

/// A form's promotion potential from its value and its promoted form's
/// (precomputed per form by the rules compiler).
pub fn promotion_potential(value: i32, promoted: i32) -> i32 {
    (promoted - value) * PROMOTION_POTENTIAL_PCT / 100
}

/// Score from Black's point of view.
pub fn evaluate_black<const C: usize>(pos: &Position<C>) -> i32 {
    pos.material()
        + pos.potential()
        + MOBILITY_CP * (pos.mobility(Side::Black) - pos.mobility(Side::White))
        - royal_danger(pos, Side::Black)
        + royal_danger(pos, Side::White)
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

/// How exposed `side`'s royals are: enemy attacks on each royal's square and
/// its neighbours, weighted by `ROYAL_ATTACK_CP`, less for several royals.
pub fn royal_danger<const C: usize>(pos: &Position<C>, side: Side) -> i32 {
    let royals = pos.royal_count(side) as i32;
    if royals == 0 {
        return 0;
    }
    let geo = &pos.rules.geo;
    let enemy = side.flip();
    let mut attacks = 0;
    for sq in pos.royal_squares(side) {
        for dy in -1..=1 {
            for dx in -1..=1 {
                if let Some(s) = geo.offset(sq, dx, dy) {
                    attacks += pos.attackers_of(s, enemy).count() as i32;
                }
            }
        }
    }
    ROYAL_ATTACK_CP * attacks / royals
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::position::Position;
    use crate::variants;

    fn pos(variant: &str, sfen: &str) -> Position<2> {
        let rules = crate::rules::Rules::get(variants::by_name(variant).unwrap());
        Position::from_sfen(rules, sfen).unwrap()
    }

    #[test]
    fn potential_follows_the_promoted_value_in_capture_variants_only() {
        assert_eq!(promotion_potential(300, 700), 100);
        assert_eq!(promotion_potential(700, 300), -100);
        let dai = crate::rules::Rules::get(variants::by_name("dai").unwrap());
        assert!(dai.forms.iter().all(|f| f.potential == 0));
        let dd = crate::rules::Rules::get(variants::by_name("daidai").unwrap());
        for f in &dd.forms {
            match f.promotes_to {
                Some(p) => {
                    let to = dd.forms[p as usize].value();
                    assert_eq!(f.potential, promotion_potential(f.value(), to), "{}", f.kind.name);
                }
                None => assert_eq!(f.potential, 0, "{}", f.kind.name),
            }
        }
    }

    #[test]
    fn a_royal_under_attack_costs_and_a_spare_royal_halves_it() {
        // Black king on 8h, a white rook on 8b: it attacks the king's square and
        // the one in front of it.
        let file = pos("dai", "15/7r7/15/15/15/15/15/7K7/15/15/15/15/15/15/k14 b - 1");
        assert_eq!(royal_danger(&file, Side::Black), 2 * ROYAL_ATTACK_CP);
        // On rank g it sweeps the three squares in front of the king.
        let rank = pos("dai", "15/15/15/15/15/15/r14/7K7/15/15/15/15/15/15/k14 b - 1");
        assert_eq!(royal_danger(&rank, Side::Black), 3 * ROYAL_ATTACK_CP);
        let quiet = pos("dai", "15/15/r14/15/15/15/15/7K7/15/15/15/15/15/15/k14 b - 1");
        assert_eq!(royal_danger(&quiet, Side::Black), 0);
        // A prince far away: two royals, the king's danger divided between them.
        let two = pos("dai", "15/7r7/15/15/15/15/15/7K7/15/15/15/15/15/15/k13+(DE) b - 1");
        assert_eq!(royal_danger(&two, Side::Black), ROYAL_ATTACK_CP);
        let rest = file.material() + MOBILITY_CP * (file.mobility(Side::Black) - file.mobility(Side::White));
        assert_eq!(evaluate_black(&file), rest - 2 * ROYAL_ATTACK_CP);
    }
}
