//! Evaluation: material (the variant table's values), promotion potential, mobility
//! read off the attack maps, the steppers' centrality, and royal safety. Every
//! weight is a field of `Weights`, settable as an engine option (`PARAMS`) for
//! tuning and for matches against reduced versions (`tuning/README.md`).

use crate::board::Square;
use crate::position::{AfterPending, Position};
use crate::types::{PieceId, Side};

mod weights;

pub use weights::{PARAMS, Param, Weights, param};

/// Score from Black's point of view.
pub fn evaluate_black<const C: usize>(pos: &Position<C>, w: &Weights) -> i32 {
    let mobility = if w.mobility != 0 {
        pos.mobility(Side::Black) - pos.mobility(Side::White)
    } else {
        0
    };
    score_black(pos, w, mobility, [0; 4])
}

/// `evaluate_black` with the given mobility difference (Black's less White's),
/// the material, the promotion potential, the advance and the centrality
/// changed by `change` (Black's view, `Position::capture_change`).
fn score_black<const C: usize>(
    pos: &Position<C>,
    w: &Weights,
    mobility: i32,
    change: [i32; 4],
) -> i32 {
    let mut s = pos.material() + change[0];
    if w.promotion_pct != 0 && w.promotion_scale != 0 {
        // In i64: taikyoku's potentials summed, times both percents, pass i32.
        let pct = w.promotion_pct as i64 * w.promotion_scale as i64;
        s += ((pos.potential() + change[1]) as i64 * pct / 10_000) as i32;
    }
    if w.mobility != 0 {
        s += w.mobility * w.mobility_pct * mobility / 100;
    }
    if w.advance != 0 {
        s += w.advance * (pos.advance() + change[2]);
    }
    if w.center != 0 && w.center_scale != 0 {
        s += w.center * w.center_scale * (pos.center() + change[3]) / 100;
    }
    if w.royal_attack != 0 {
        s += w.royal_attack * (royal_danger(pos, Side::White) - royal_danger(pos, Side::Black));
    }
    if w.progress != 0 {
        let span = 2 * w.progress as i64;
        let quiet = (pos.quiet_plies() as i64).min(w.progress as i64);
        s = (s as i64 * (span - quiet) / span) as i32;
    }
    round_to_grain(s, w.grain)
}

/// `s` rounded to the nearest multiple of `grain`, halves away from zero, so
/// that a position and its colour-swapped copy still score the same.
fn round_to_grain(s: i32, grain: i32) -> i32 {
    if grain <= 1 {
        return s;
    }
    let half = grain / 2;
    let r = (s.abs() + half) / grain * grain;
    if s < 0 { -r } else { r }
}

/// Score from the side to move's point of view.
pub fn evaluate<const C: usize>(pos: &Position<C>, w: &Weights) -> i32 {
    for_side_to_move(pos, evaluate_black(pos, w))
}

/// What the threats against the side to move take off its static score
/// (`Weights::threat`). Asked by the main search's pruning only (reverse
/// futility, razoring, null move), where a score that a quiet move cannot keep
/// would cut a node. On quiescence's stand pat too it cost 7 % of dai's node
/// rate and scored -32 Elo in 109 games (`tuning/README.md`, sixty-second
/// session).
pub fn threat_penalty<const C: usize>(pos: &Position<C>, w: &Weights) -> i32 {
    if w.threat == 0 && w.threat_first == 0 {
        return 0;
    }
    let [first, second] = threats(pos, pos.side_to_move());
    (first * w.threat_first + second * w.threat) / 100
}

/// The two largest losses `side`'s non-royal pieces face where they stand
/// (largest first): a piece the enemy attacks loses its value if none of
/// `side` defends it, else its value less the cheapest attacker's (0 if that
/// is worth as much). A royal attacker counts at its exchange value
/// (`Position::exchange_value`), more than any piece: it cannot take a defended
/// piece.
pub fn threats<const C: usize>(pos: &Position<C>, side: Side) -> [i32; 2] {
    let enemy = side.flip();
    let mut top = [0, 0];
    for sq in pos.attacked_enemies(enemy).iter() {
        let sq = sq as Square;
        let Some(id) = pos.piece_at(sq) else {
            continue;
        };
        let (value, royal) = pos.value_of(id);
        if royal {
            continue;
        }
        let loss = if pos.is_attacked(sq, side) {
            let cheapest = (pos.attackers_of(sq, enemy).iter())
                .map(|a| pos.exchange_value(a as PieceId))
                .min()
                .unwrap_or(i32::MAX);
            (value - cheapest).max(0)
        } else {
            value
        };
        if loss > top[0] {
            top = [loss, top[0]];
        } else if loss > top[1] {
            top[1] = loss;
        }
    }
    top
}

/// A score from Black's point of view turned to the side to move's.
fn for_side_to_move<const C: usize>(pos: &Position<C>, black: i32) -> i32 {
    if pos.side_to_move() == Side::Black {
        black
    } else {
        -black
    }
}

/// A lazy `evaluate` of a position whose last move's attack upkeep is pending
/// (`Position::make_deferred`): the mobility as it was before that move, every
/// other term exact. None where a term needs the attacks (royal attack) or the
/// mobility is not tracked; the caller then syncs and evaluates.
pub fn evaluate_deferred<const C: usize>(pos: &Position<C>, w: &Weights) -> Option<i32> {
    evaluate_with_mobility(pos, w, || pos.mobility_before_pending())
}

/// `evaluate` of a position whose last move's attack upkeep is pending, the
/// same score, without the upkeep: the mobility it would leave counted
/// (`Position::mobility_after`, from the sets `after` the upkeep will give).
/// None where a term needs the attacks (royal attack) or the mobility is not
/// tracked; the caller then syncs and evaluates.
pub fn evaluate_pending<const C: usize>(
    pos: &Position<C>,
    w: &Weights,
    after: &AfterPending<C>,
) -> Option<i32> {
    evaluate_with_mobility(pos, w, || pos.mobility_after(after))
}

/// `evaluate` with the tracked mobility (Black's, White's) `mobility` gives
/// (asked only where royal attack, which needs the attacks, is off).
fn evaluate_with_mobility<const C: usize>(
    pos: &Position<C>,
    w: &Weights,
    mobility: impl FnOnce() -> Option<[i32; 2]>,
) -> Option<i32> {
    if w.royal_attack != 0 {
        return None;
    }
    let [black, white] = mobility()?;
    Some(for_side_to_move(
        pos,
        score_black(pos, w, black - white, [0; 4]),
    ))
}

/// What `evaluate_deferred` will say, for the side to move here, once a move
/// changing the material, the promotion potential, the advance and the
/// centrality by `change` (Black's view, `Position::capture_change`) is made:
/// this position's tracked mobility and every other term as they stand. None where
/// a term the move changes otherwise counts (progress) or the lazy evaluation
/// would give up (royal attack, mobility not tracked).
pub fn evaluate_after<const C: usize>(
    pos: &Position<C>,
    w: &Weights,
    change: [i32; 4],
) -> Option<i32> {
    if w.royal_attack != 0 || w.progress != 0 {
        return None;
    }
    let mobility = pos.mobility_if_tracked()?;
    Some(for_side_to_move(pos, score_black(pos, w, mobility, change)))
}

/// How exposed `side`'s royals are: enemy attacks on each royal's square and its
/// neighbours, divided by the number of royals.
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
    attacks / royals
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

    /// A value of the dai table, by kind name.
    fn dai_value(name: &str) -> i32 {
        let rules = crate::rules::Rules::get(variants::by_name("dai").unwrap());
        let form = rules.forms.iter().find(|f| f.kind.name == name).unwrap();
        form.value()
    }

    #[test]
    fn threats_are_the_two_largest_losses_of_attacked_pieces() {
        let (rook, gold, pawn) = (
            dai_value("rook"),
            dai_value("gold general"),
            dai_value("pawn"),
        );
        // A White pawn above a Black rook and another above a Black gold: both
        // hang; each Black piece attacks its pawn, which hangs too.
        let hanging = "14k/15/3p11/3G11/15/7p7/7R7/15/15/15/15/15/15/15/14K b - 1";
        let p = pos("dai", hanging);
        assert_eq!(threats(&p, Side::Black), [rook, gold]);
        assert_eq!(threats(&p, Side::White), [pawn, pawn]);
        // A gold behind the rook defends it: the pawn still wins the exchange.
        let defended = "14k/15/3p11/3G11/15/7p7/7R7/7G7/15/15/15/15/15/15/14K b - 1";
        let p = pos("dai", defended);
        assert_eq!(threats(&p, Side::Black), [rook - pawn, gold]);
        // Only the side to move pays, in the weights' shares.
        let w = Weights {
            threat: 50,
            threat_first: 10,
            ..Weights::MATERIAL
        };
        assert_eq!(
            threat_penalty(&p, &w),
            ((rook - pawn) * 10 + gold * 50) / 100
        );
        let white = pos("dai", &defended.replace(" b ", " w "));
        assert_eq!(threat_penalty(&white, &w), (pawn * 10 + pawn * 50) / 100);
        assert_eq!(threat_penalty(&white, &Weights::default()), 0);
        // A royal attacked is no threat here (the search sees the check).
        let check = pos(
            "dai",
            "14k/15/15/15/15/15/15/15/15/15/15/15/15/14p/14K b - 1",
        );
        assert_eq!(threats(&check, Side::Black), [0, 0]);
    }

    #[test]
    fn potential_is_what_the_promotion_adds_in_capture_variants_only() {
        let dai = crate::rules::Rules::get(variants::by_name("dai").unwrap());
        assert!(dai.forms.iter().all(|f| f.potential == 0));
        let dd = crate::rules::Rules::get(variants::by_name("daidai").unwrap());
        for f in &dd.forms {
            match f.promotes_to {
                Some(p) => {
                    let to = dd.forms[p as usize].value();
                    assert_eq!(f.potential, to - f.value(), "{}", f.kind.name);
                }
                None => assert_eq!(f.potential, 0, "{}", f.kind.name),
            }
        }
        let start = Position::<3>::from_sfen(dd, dd.def.setup).unwrap();
        // Symmetric start: the potentials cancel.
        assert_eq!(start.potential(), 0);
    }

    #[test]
    fn grain_rounds_to_the_nearest_multiple_alike_for_both_colours() {
        assert_eq!(round_to_grain(37, 1), 37);
        for (s, r) in [(0, 0), (3, 0), (4, 8), (11, 8), (12, 16), (-4, -8), (-3, 0)] {
            assert_eq!(round_to_grain(s, 8), r, "{s}");
        }
        let w = Weights {
            grain: 8,
            ..Weights::default()
        };
        let dai = pos(
            "dai",
            "15/7r7/15/15/15/15/15/7K7/15/15/15/15/15/15/k14 b - 1",
        );
        let exact = evaluate_black(&dai, &Weights::default());
        assert_ne!(exact % 8, 0, "a position whose exact score needs rounding");
        assert_eq!(evaluate_black(&dai, &w), round_to_grain(exact, 8));
    }

    #[test]
    fn a_royal_under_attack_costs_and_a_spare_royal_halves_it() {
        // Black king on 8h, a white rook on 8b: it attacks the king's square and
        // the one in front of it.
        let file = pos(
            "dai",
            "15/7r7/15/15/15/15/15/7K7/15/15/15/15/15/15/k14 b - 1",
        );
        assert_eq!(royal_danger(&file, Side::Black), 2);
        // On rank g it sweeps the three squares in front of the king.
        let rank = pos(
            "dai",
            "15/15/15/15/15/15/r14/7K7/15/15/15/15/15/15/k14 b - 1",
        );
        assert_eq!(royal_danger(&rank, Side::Black), 3);
        let quiet = pos(
            "dai",
            "15/15/r14/15/15/15/15/7K7/15/15/15/15/15/15/k14 b - 1",
        );
        assert_eq!(royal_danger(&quiet, Side::Black), 0);
        // A prince far away: two royals, the king's danger divided between them.
        let two = pos(
            "dai",
            "15/7r7/15/15/15/15/15/7K7/15/15/15/15/15/15/k13+(DE) b - 1",
        );
        assert_eq!(royal_danger(&two, Side::Black), 1);
        let w = Weights {
            royal_attack: 7,
            ..Weights::MATERIAL
        };
        assert_eq!(evaluate_black(&file, &w), file.material() - 14);
        assert_eq!(evaluate_black(&file, &Weights::MATERIAL), file.material());
    }

    /// Dai's and tai's start positions (on tai's five chunks).
    fn dai_and_tai_starts() -> [Position<5>; 2] {
        ["dai", "tai"].map(|v| {
            let rules = crate::rules::Rules::get(variants::by_name(v).unwrap());
            Position::<5>::from_sfen(rules, rules.def.setup).unwrap()
        })
    }

    #[test]
    fn advance_counts_ranks_forward_of_each_side_s_back_rank_royals_excepted() {
        // A Black pawn on 8l (3 ranks up from the bottom rank o), a White gold on
        // 2c (2 ranks down from the top rank a), the kings on their back ranks.
        let p = pos(
            "dai",
            "15/15/13g1/15/15/15/15/15/15/15/15/7P7/15/15/k6K7 b - 1",
        );
        assert_eq!(p.advance(), 3 - 2);
        // Kings anywhere count nothing.
        let kings = pos(
            "dai",
            "15/15/15/15/15/15/15/k6K7/15/15/15/15/15/15/15 b - 1",
        );
        assert_eq!(kings.advance(), 0);
        let w = Weights {
            advance: 5,
            ..Weights::MATERIAL
        };
        assert_eq!(evaluate_black(&p, &w), p.material() + 5);
        // The symmetric starts: even.
        for start in dai_and_tai_starts() {
            assert_eq!(start.advance(), 0, "{}", start.rules.def.name);
        }
    }

    #[test]
    fn center_counts_the_steppers_centrality_where_it_was_measured() {
        // A Black gold in the middle (10), a White gold in a corner (-10 for
        // White: +10 for Black), a Black rook (a slider) and the kings in
        // corners (royals): 20 in all.
        let p = pos(
            "dai",
            "g6k7/15/15/15/15/15/15/7G7/15/15/15/15/15/15/R13K b - 1",
        );
        assert_eq!(p.center(), 20);
        let w = Weights {
            center: 3,
            ..Weights::MATERIAL
        };
        assert_eq!(evaluate_black(&p, &w), p.material() + 60);
        // Dai and maka dai dai count it half again (`CENTER_PCT`).
        for (measured, bonus) in [("dai", 90), ("daidai", 60), ("makadaidai", 90)] {
            let weights = w.for_variant(measured);
            assert_eq!(
                evaluate_black(&p, &weights),
                p.material() + bonus,
                "{measured}"
            );
        }
        // Not measured in the other variants: off there.
        for unmeasured in ["tai", "taikyoku"] {
            let weights = w.for_variant(unmeasured);
            assert_eq!(evaluate_black(&p, &weights), p.material(), "{unmeasured}");
        }
        // The symmetric starts: even.
        for start in dai_and_tai_starts() {
            assert_eq!(start.center(), 0, "{}", start.rules.def.name);
        }
    }

    #[test]
    fn progress_halves_the_score_over_its_span_of_plies_without_a_capture() {
        // Black's rook can take the white pawn on 7h; the kings shuffle.
        let mut p = pos(
            "dai",
            "k14/15/15/15/15/15/15/7p7/15/15/15/15/15/7R7/K14 b - 1",
        );
        let w = Weights {
            progress: 4,
            ..Weights::MATERIAL
        };
        let full = p.material();
        assert!(full > 0);
        assert_eq!(evaluate_black(&p, &w), full);
        for (text, quiet) in [("15o14o", 1), ("15a14a", 2), ("14o15o", 3), ("14a15a", 4)] {
            let mv = p.parse_move(text).unwrap();
            p.make(mv);
            assert_eq!(p.quiet_plies(), quiet);
            // Linear from the whole score at 0 plies to half at 4.
            assert_eq!(evaluate_black(&p, &w), full * (8 - quiet as i32) / 8);
        }
        // It stops at half.
        p.make_null();
        assert_eq!(p.quiet_plies(), 5);
        assert_eq!(evaluate_black(&p, &w), full / 2);
        p.unmake_null();
        // A capture starts the count again; unmake restores it.
        let take = p.parse_move("8n8h").unwrap();
        p.make(take);
        assert_eq!(p.quiet_plies(), 0);
        assert_eq!(evaluate_black(&p, &w), p.material());
        p.unmake();
        assert_eq!(p.quiet_plies(), 4);
        assert_eq!(evaluate_black(&p, &w), full / 2);
        // Off (0): no scaling.
        assert_eq!(evaluate_black(&p, &Weights::MATERIAL), full);
    }

    #[test]
    fn a_deferred_move_is_evaluated_with_the_mobility_from_before_it() {
        // The dai start (every piece hemmed in but the front line's) and a
        // position with open lines, every move of each.
        let rules = crate::rules::Rules::get(variants::by_name("dai").unwrap());
        let w = Weights::default();
        let no_mobility = Weights { mobility: 0, ..w };
        let open = "15/15/7r7/15/15/4b10/15/7K7/15/15/15/2R12/15/15/k14 b - 1";
        for sfen in [rules.def.setup, open] {
            let mut p = Position::<2>::from_sfen(rules, sfen).unwrap();
            p.track_mobility();
            assert_eq!(evaluate_deferred(&p, &w), None, "nothing pending");
            let before = p.mobility(Side::Black) - p.mobility(Side::White);
            let mut list = Vec::new();
            p.generate(&mut list);
            let mut mobility_changed = 0;
            for mv in list {
                p.make_deferred(mv);
                let lazy = evaluate_deferred(&p, &w).unwrap();
                let lazy_material = evaluate_deferred(&p, &no_mobility).unwrap();
                // White to move: the score is White's.
                assert_eq!(lazy - lazy_material, -w.mobility * before, "{sfen}");
                p.sync();
                // The other terms were exact before the upkeep.
                assert_eq!(lazy_material, evaluate(&p, &no_mobility));
                mobility_changed += (evaluate(&p, &w) != lazy) as usize;
                p.unmake();
            }
            assert!(mobility_changed > 0, "no move changed the mobility: {sfen}");
        }
        let w = Weights {
            royal_attack: 1,
            ..Weights::default()
        };
        let mut p = Position::<2>::from_sfen(rules, rules.def.setup).unwrap();
        p.track_mobility();
        let mut list = Vec::new();
        p.generate(&mut list);
        p.make_deferred(list[0]);
        assert_eq!(
            evaluate_deferred(&p, &w),
            None,
            "royal attack reads the map"
        );
    }

    #[test]
    fn params_set_their_weight_within_range() {
        let mut w = Weights::default();
        let p = PARAMS.iter().find(|p| p.name == "EvalMobility").unwrap();
        assert_eq!(p.default_value(), 2);
        p.set(&mut w, Some("5")).unwrap();
        assert_eq!(w.mobility, 5);
        assert!(p.set(&mut w, Some("101")).is_err());
        assert!(p.set(&mut w, Some("x")).is_err());
        assert!(p.set(&mut w, None).is_err());
        assert_eq!(w.mobility, 5);
    }

    #[test]
    fn tai_counts_half_the_mobility() {
        let rules = crate::rules::Rules::get(variants::by_name("tai").unwrap());
        let mut p = Position::<5>::from_sfen(rules, rules.def.setup).unwrap();
        p.track_mobility();
        let mv = p.parse_move("16r16q").unwrap();
        p.make(mv);
        let diff = p.mobility(Side::Black) - p.mobility(Side::White);
        assert_ne!(diff, 0);
        let only_mobility = Weights {
            mobility: 4,
            ..Weights::MATERIAL
        };
        let tai = only_mobility.for_variant("tai");
        // Dai dai scales none of the weights.
        let daidai = only_mobility.for_variant("daidai");
        assert_eq!(daidai, only_mobility);
        let base = p.material();
        assert_eq!(evaluate_black(&p, &daidai) - base, 4 * diff);
        assert_eq!(evaluate_black(&p, &tai) - base, 2 * diff);
    }

    #[test]
    fn taikyoku_counts_no_promotion_potential() {
        let rules = crate::rules::Rules::get(variants::by_name("daidai").unwrap());
        // A lone Black piece whose promotion by capture adds to its value.
        let f = (rules.forms.iter())
            .find(|f| !f.promoted && f.potential > 0)
            .unwrap();
        let code = f.sfen_token(Side::Black);
        let sfen = format!("8k8/17/17/17/17/17/17/17/17/17/17/17/17/17/17/8{code}8/8K8 b - 1");
        let p = Position::<3>::from_sfen(rules, &sfen).unwrap();
        assert!(p.potential() > 0, "{sfen}");
        let only_potential = Weights {
            promotion_pct: 25,
            ..Weights::MATERIAL
        };
        let base = p.material();
        let counted = only_potential.for_variant("daidai");
        assert_eq!(evaluate_black(&p, &counted) - base, p.potential() / 4);
        let taikyoku = only_potential.for_variant("taikyoku");
        assert_eq!(evaluate_black(&p, &taikyoku), base);
    }
}
