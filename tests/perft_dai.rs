//! Perft of dai shogi: the start position, a cross-check against HaChu, and tactical
//! positions whose counts were worked out by hand (the reasoning is beside each).

use large_shogi::moves::{DECLINE, Move};
use large_shogi::perft::{divide, game_over, perft};
use large_shogi::position::Position;
use large_shogi::rules::Rules;
use large_shogi::variants::dai::DAI;

fn pos(sfen: &str) -> Position<2> {
    Position::from_sfen(Rules::get(&DAI), sfen).unwrap()
}

#[test]
fn start_position() {
    let mut p = pos(DAI.setup);
    let expected = [71, 5_041, 357_978, 25_421_252];
    for (depth, &n) in expected.iter().enumerate() {
        assert_eq!(perft(&mut p, depth as u32 + 1), n, "depth {}", depth + 1);
    }
    p.validate().unwrap();
}

/// HaChu 0.21 (Debian's `hachu`, with a perft command added to a private build)
/// counts 71, 5041, 357836 and 25400968 from the start. It generates no declining
/// move where the promoted piece moves at least as well in every direction (pawn to
/// gold, bishop to dragon horse, ...). Dropping exactly those moves from our tree
/// reproduces its numbers: an independent check of everything else.
#[test]
fn start_position_agrees_with_hachu() {
    let rules = Rules::get(&DAI);
    // Which forms' declines HaChu omits: promoted attack set covers the unpromoted
    // one from the centre of an empty board.
    let centre = rules.geo.square(7, 7);
    let dominated: Vec<bool> = (0..rules.forms.len() as u16)
        .map(|f| match rules.form(f).promotes_to {
            None => false,
            Some(pf) => {
                let side = large_shogi::types::Side::Black;
                let a = Position::<2>::from_pieces(rules, &[(centre, f, side)], side, 1);
                let b = Position::<2>::from_pieces(rules, &[(centre, pf, side)], side, 1);
                a.attacks_of(0).and_not(&b.attacks_of(0)).is_empty()
            }
        })
        .collect();
    fn count(p: &mut Position<2>, depth: u32, dominated: &[bool]) -> u64 {
        if game_over(p) {
            return 0;
        }
        let mut list = Vec::new();
        p.generate(&mut list);
        let keep = |m: &Move| {
            m.flags & DECLINE == 0 || !dominated[p.piece(p.piece_at(m.from).unwrap()).form as usize]
        };
        let list: Vec<Move> = list.into_iter().filter(keep).collect();
        if depth == 1 {
            return list.len() as u64;
        }
        list.iter()
            .map(|&m| {
                p.make(m);
                let n = count(p, depth - 1, dominated);
                p.unmake();
                n
            })
            .sum()
    }
    let mut p = pos(DAI.setup);
    assert_eq!(count(&mut p, 3, &dominated), 357_836);
    assert_eq!(count(&mut p, 4, &dominated), 25_400_968);
}

/// Black lion on 8h, White pawns on 8g and 7g (both adjacent, ahead), kings in the
/// corners.
/// Depth 1 = 44: king 3 (corner); lion 24 single destinations (two of them captures),
/// 2 igui, 14 capture-then-step (7 onward squares from each pawn, the origin
/// excluded; the two double captures end on the other pawn's square, so both orders
/// are distinct outcomes), 1 pass.
/// Depth 2 = 200: White always has king 3 plus one move per surviving pawn (its
/// forward square is empty or holds the lion). King moves 3x5, lion single
/// captures 2x4, quiet singles 22x5, igui 2x4, double captures 2x3, capture then
/// quiet step 12x4, pass 1x5.
#[test]
fn lion_double_moves_igui_and_pass() {
    let mut p = pos("14k/15/15/15/15/15/7pp6/7(LN)7/15/15/15/15/15/15/K14 b - 1");
    assert_eq!(perft(&mut p, 1), 44);
    assert_eq!(perft(&mut p, 2), 200);
    let texts: Vec<String> = divide(&mut p, 1)
        .iter()
        .map(|(m, _)| m.to_text(&p.rules.geo))
        .collect();
    for m in [
        "8h8g8h", "8h7g8h", "8h8g7g", "8h7g8g", "8h8g9f", "8h7g6h", "8h8f", "8h6f",
    ] {
        assert!(texts.contains(&m.to_string()), "{m} missing");
    }
    assert_eq!(
        texts
            .iter()
            .filter(|t| t.len() == 6 && t[..2] == t[4..])
            .count(),
        3
    );
}

/// Promotion in and around the zone (Black's zone is ranks a-e).
/// - silver 3f (outside): three moves entering the zone x2, two retreats = 8
/// - gold 10c (inside, declined earlier): five quiet moves inside the zone without
///   promotion, the capture of the pawn on 9b may promote = 5 + 2 = 7
/// - copper 6e (inside): three quiet moves inside = 3, capture of 6f leaving the
///   zone may promote = 2; total 5
/// - pawn 2b to the last rank (dead square: the last-rank rule offers promotion) = 2
/// - knight 13c: both jumps land on rank a (dead) = 4
/// - lance 14d (inside): 14c, 14b quietly, 14a dead = 1 + 1 + 2 = 4
/// - dead pawn on 11a and dead knight on 8b: no moves; king 3
///
/// Depth 1 = 33. Depth 2: White has king 3 + pawn 9b + pawn 6f = 5 replies, 4 after
/// either capture (4 capturing moves): 29x5 + 4x4 = 161.
#[test]
fn promotions_entering_inside_leaving_and_dead_squares() {
    let mut p = pos("4P9k/6pN5P1/2N2G9/1L13/9C5/9p2S2/15/15/15/15/15/15/15/15/K14 b - 1");
    assert_eq!(perft(&mut p, 1), 33);
    assert_eq!(perft(&mut p, 2), 161);
    let texts: Vec<String> = divide(&mut p, 1)
        .iter()
        .map(|(m, _)| m.to_text(&p.rules.geo))
        .collect();
    for m in [
        "3f3e+", "3f3e=", "3f4g", "10c10b", "10c9b+", "10c9b=", "6e6f+", "6e6f=", "6e6d", "2b2a+",
        "2b2a=", "13c14a+", "13c12a=", "14d14c", "14d14a+", "14d14a=",
    ] {
        assert!(texts.contains(&m.to_string()), "{m} missing from {texts:?}");
    }
    for m in ["10c10b+", "6e6d+", "3f4g+", "14d14c+"] {
        assert!(!texts.contains(&m.to_string()), "{m} should not promote");
    }
}

/// Horned falcon 8h with White pawns 8g and 8f ahead; soaring eagle on 2a (its
/// forward diagonals are off the board: no lion move, no pass); White king 1d.
/// - falcon: diagonals 7+7+7+6 (own king on 15o), sideways and back 7x3, step
///   capture 8g and jump capture 8f, igui 8g, double capture 8g then 8f = 52
/// - eagle: rank a 13 left + 1 right, file 2 down 14, back diagonals 6 (to the pawn
///   on 8g) + 1 = 35; king 3. Depth 1 = 90.
///
/// Depth 2: White has the king's 5 moves and the 8g pawn's capture of the falcon
/// (8f is blocked by 8g) = 6; every capture of 8g frees 8f's step instead (still 6);
/// only the double capture leaves 5. 89x6 + 5 = 539.
#[test]
fn falcon_and_eagle_line_lions() {
    let mut p = pos("13+(DK)1/15/15/14k/15/7p7/7p7/7+(DH)7/15/15/15/15/15/15/K14 b - 1");
    assert_eq!(perft(&mut p, 1), 90);
    assert_eq!(perft(&mut p, 2), 539);
    let texts: Vec<String> = divide(&mut p, 1)
        .iter()
        .map(|(m, _)| m.to_text(&p.rules.geo))
        .collect();
    assert!(texts.contains(&"8h8g8h".to_string()));
    assert!(texts.contains(&"8h8g8f".to_string()));
    let eagle = p.rules.geo.parse_square("2a").unwrap();
    let multi = divide(&mut p, 1)
        .iter()
        .filter(|(m, _)| m.from == eagle && m.mid != large_shogi::board::NO_SQUARE)
        .count();
    assert_eq!(multi, 0);
}
