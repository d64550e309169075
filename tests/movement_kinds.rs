//! Every movement kind of the compiled model, on an empty board and with friendly
//! and enemy blockers, on a 9x9 test board. Diagrams: `@` the piece, `*` move,
//! `x` capture, `o` own piece, `e` enemy out of reach, `.` empty. Multi-step (lion)
//! moves are listed after the diagram.

mod common;

use large_shogi::board::Square;
use large_shogi::diagram::piece_moves;
use large_shogi::position::Position;
use large_shogi::rules::Rules;
use large_shogi::rules::kind::{KindDef, PromotionRule, VariantDef};
use large_shogi::types::Side;

const fn kind(name: &'static str, code: &'static str, betza: &'static str) -> KindDef {
    KindDef {
        name,
        code,
        kanji: "",
        betza,
        promotes_to: None,
        value: 100,
        royal: false,
        promoted_only: false,
    }
}

static KINDS: &[KindDef] = &[
    kind("stepper", "W", "W"),
    kind("limited", "LR", "R2"),
    kind("rider", "R", "R"),
    kind("knight", "N", "N"),
    kind("jump ranger", "JR", "f[DavR]"),
    kind("hook", "HK", "[RasR]"),
    kind("lion", "LN", "KNADcaKmcabK"),
    kind("falcon", "HF", "BrlbRf[avW]fD"),
    kind("eagle", "SE", "RbBf[avF]fA"),
    kind("blocker", "X", "fW"),
];

static TESTBED: VariantDef = VariantDef {
    name: "testbed",
    title: "Movement test board",
    width: 9,
    height: 9,
    kinds: KINDS,
    setup: "9/9/9/9/9/9/9/9/9 b - 1",
    promotion: PromotionRule::Zone { depth: 3 },
    contagion: &[],
    ranks: &[],
    alternatives: &[],
};

/// Places `piece` (Black) on (4,4) with the given friendly and enemy blockers.
fn diagram(piece: &str, friends: &[(usize, usize)], enemies: &[(usize, usize)]) -> String {
    let rules = Rules::get(&TESTBED);
    let g = &rules.geo;
    let form = |code| rules.form_by_code(code, false).unwrap();
    let mut pieces = vec![(g.square(4, 4), form(piece), Side::Black)];
    for &(x, y) in friends {
        pieces.push((g.square(x, y), form("X"), Side::Black));
    }
    for &(x, y) in enemies {
        pieces.push((g.square(x, y), form("X"), Side::White));
    }
    let pos = Position::<1>::from_pieces(rules, &pieces, Side::Black, 1);
    pos.validate().unwrap();
    piece_moves(&pos, g.square(4, 4) as Square)
}

fn board(rows: &str) -> String {
    rows.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .map(|l| format!("{l}\n"))
        .collect()
}

#[test]
fn step() {
    assert_eq!(
        diagram("W", &[], &[]),
        board(
            ". . . . . . . . .
             . . . . . . . . .
             . . . . . . . . .
             . . . . * . . . .
             . . . * @ * . . .
             . . . . * . . . .
             . . . . . . . . .
             . . . . . . . . .
             . . . . . . . . ."
        )
    );
    assert_eq!(
        diagram("W", &[(4, 3)], &[(5, 4)]),
        board(
            ". . . . . . . . .
             . . . . . . . . .
             . . . . . . . . .
             . . . . o . . . .
             . . . * @ x . . .
             . . . . * . . . .
             . . . . . . . . .
             . . . . . . . . .
             . . . . . . . . ."
        )
    );
}

#[test]
fn limited_range() {
    assert_eq!(
        diagram("LR", &[(4, 3)], &[(6, 4), (4, 7)]),
        board(
            ". . . . . . . . .
             . . . . . . . . .
             . . . . . . . . .
             . . . . o . . . .
             . . * * @ * x . .
             . . . . * . . . .
             . . . . * . . . .
             . . . . e . . . .
             . . . . . . . . ."
        )
    );
}

#[test]
fn unlimited_range() {
    assert_eq!(
        diagram("R", &[(1, 4)], &[(4, 1)]),
        board(
            ". . . . . . . . .
             . . . . x . . . .
             . . . . * . . . .
             . . . . * . . . .
             . o * * @ * * * *
             . . . . * . . . .
             . . . . * . . . .
             . . . . * . . . .
             . . . . * . . . ."
        )
    );
}

#[test]
fn jump() {
    let ring = [
        (3, 3),
        (4, 3),
        (5, 3),
        (3, 4),
        (5, 4),
        (3, 5),
        (4, 5),
        (5, 5),
    ];
    let mut friends = ring.to_vec();
    friends.push((5, 2));
    assert_eq!(
        diagram("N", &friends, &[(2, 3)]),
        board(
            ". . . . . . . . .
             . . . . . . . . .
             . . . * . o . . .
             . . x o o o * . .
             . . . o @ o . . .
             . . * o o o * . .
             . . . * . * . . .
             . . . . . . . . .
             . . . . . . . . ."
        )
    );
}

#[test]
fn jump_then_range() {
    // Jumps the friend on the first square, lands on the second, ranges on to
    // the enemy.
    assert_eq!(
        diagram("JR", &[(4, 3)], &[(4, 1)]),
        board(
            ". . . . . . . . .
             . . . . x . . . .
             . . . . * . . . .
             . . . . o . . . .
             . . . . @ . . . .
             . . . . . . . . .
             . . . . . . . . .
             . . . . . . . . .
             . . . . . . . . ."
        )
    );
    // A friend on the landing square stops it altogether.
    assert_eq!(
        diagram("JR", &[(4, 2)], &[]),
        board(
            ". . . . . . . . .
             . . . . . . . . .
             . . . . o . . . .
             . . . . . . . . .
             . . . . @ . . . .
             . . . . . . . . .
             . . . . . . . . .
             . . . . . . . . .
             . . . . . . . . ."
        )
    );
    // An enemy on the landing square is captured; nothing beyond.
    assert_eq!(
        diagram("JR", &[], &[(4, 2)]),
        board(
            ". . . . . . . . .
             . . . . . . . . .
             . . . . x . . . .
             . . . . . . . . .
             . . . . @ . . . .
             . . . . . . . . .
             . . . . . . . . .
             . . . . . . . . .
             . . . . . . . . ."
        )
    );
}

#[test]
fn hook() {
    // Blocked forward by a friend and to the left by an enemy: the turn can only
    // happen on an empty square of the first leg.
    assert_eq!(
        diagram("HK", &[(4, 3)], &[(2, 4)]),
        board(
            ". . . * . * * * *
             . . . * . * * * *
             . . . * . * * * *
             . . . * o * * * *
             . . x * @ * * * *
             * * * * * * * * *
             * * * * * * * * *
             * * * * * * * * *
             * * * * * * * * *"
        )
    );
}

#[test]
fn lion() {
    let d = diagram("LN", &[(5, 5)], &[(4, 3)]);
    let expected = board(
        ". . . . . . . . .
         . . . . . . . . .
         . . * * * * * . .
         . . * * x * * . .
         . . * * @ * * . .
         . . * * * o * . .
         . . * * * * * . .
         . . . . . . . . .
         . . . . . . . . .
         5e4d5e
         5e5d4c
         5e5d4d
         5e5d4e
         5e5d5c
         5e5d5e
         5e5d6c
         5e5d6d
         5e5d6e",
    );
    assert_eq!(d, expected);
    // Surrounded by friends: no pass, only jumps.
    let ring = [
        (3, 3),
        (4, 3),
        (5, 3),
        (3, 4),
        (5, 4),
        (3, 5),
        (4, 5),
        (5, 5),
    ];
    let boxed = diagram("LN", &ring, &[]);
    assert!(!boxed.contains("5e"), "{boxed}");
    assert_eq!(boxed.matches('*').count(), 16);
}

#[test]
fn line_lion_orthogonal() {
    let d = diagram("HF", &[], &[(4, 3), (4, 2)]);
    let expected = board(
        "* . . . . . . . *
         . * . . . . . * .
         . . * . x . * . .
         . . . * x * . . .
         * * * * @ * * * *
         . . . * * * . . .
         . . * . * . * . .
         . * . . * . . * .
         * . . . * . . . *
         5e5d5c
         5e5d5e",
    );
    assert_eq!(d, expected);
    // Empty square in front: a pass, no igui.
    let free = diagram("HF", &[], &[]);
    assert!(free.ends_with("* . . . * . . . *\n5e5d5e\n"), "{free}");
    // Friend in front: neither.
    let blocked = diagram("HF", &[(4, 3)], &[]);
    assert!(blocked.ends_with("* . . . * . . . *\n"), "{blocked}");
}

#[test]
fn line_lion_diagonal() {
    let d = diagram("SE", &[(3, 3)], &[(5, 3)]);
    let lines: Vec<&str> = d.lines().skip(9).collect();
    assert_eq!(lines, vec!["5e4d3c", "5e4d5e"]);
    // The jump over the friend to the second diagonal square remains.
    assert_eq!(d.lines().nth(2).unwrap(), ". . * . * . * . .");
}

/// Random play with every movement kind on the board, both sides: the incremental
/// attack maps must match a fresh build after every make and every unmake.
#[test]
fn every_kind_survives_make_unmake() {
    let rules = Rules::get(&TESTBED);
    let g = &rules.geo;
    let codes = ["W", "LR", "R", "N", "JR", "HK", "LN", "HF", "SE", "X"];
    let mut pieces = Vec::new();
    for (i, code) in codes.iter().enumerate() {
        let form = rules.form_by_code(code, false).unwrap();
        pieces.push((g.square(i % 9, 8 - i / 9), form, Side::Black));
        pieces.push((g.square(8 - i % 9, i / 9), form, Side::White));
    }
    for x in [1, 3, 5, 7] {
        pieces.push((
            g.square(x, 6),
            rules.form_by_code("X", false).unwrap(),
            Side::Black,
        ));
        pieces.push((
            g.square(x, 2),
            rules.form_by_code("X", false).unwrap(),
            Side::White,
        ));
    }
    let start = Position::<1>::from_pieces(rules, &pieces, Side::Black, 1);
    start.validate().unwrap();
    let mut rng = common::Rng(0x9e37_79b9_7f4a_7c15);
    let mut list = Vec::new();
    let mut plies = 0;
    for _ in 0..40 {
        let mut pos = start.clone();
        for _ in 0..60 {
            list.clear();
            pos.generate(&mut list);
            if list.is_empty() {
                break;
            }
            let mv = *rng.pick(&list);
            pos.make(mv);
            plies += 1;
            pos.validate()
                .unwrap_or_else(|e| panic!("after {}: {e}", mv.to_text(g)));
        }
        while pos.ply() > 0 {
            pos.unmake();
            pos.validate().unwrap();
        }
        assert_eq!(pos.to_sfen(), start.to_sfen());
    }
    assert!(plies > 1000);
}
