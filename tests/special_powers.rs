//! Positions exercising the larger variants' special powers, with move counts
//! worked out by hand (the reasoning is in each test), and make/unmake checked
//! against a fresh build after each special move.

use large_shogi::game::Game;
use large_shogi::perft::perft;
use large_shogi::rules::Rules;
use large_shogi::rules::kind::VariantDef;
use large_shogi::variants::{maka_dai_dai::MAKA_DAI_DAI, taikyoku::TAIKYOKU};

/// SFEN of a board with the given pieces: (x from the left, y from the top, token).
fn sfen(def: &VariantDef, pieces: &[(usize, usize, &str)], stm: &str) -> String {
    let mut ranks = Vec::new();
    for y in 0..def.height {
        let mut rank = String::new();
        let mut empty = 0;
        for x in 0..def.width {
            match pieces.iter().find(|p| p.0 == x && p.1 == y) {
                Some(p) => {
                    if empty > 0 {
                        rank.push_str(&empty.to_string());
                        empty = 0;
                    }
                    rank.push_str(p.2);
                }
                None => empty += 1,
            }
        }
        if empty > 0 {
            rank.push_str(&empty.to_string());
        }
        ranks.push(rank);
    }
    format!("{} {stm} - 1", ranks.join("/"))
}

fn maka(pieces: &[(usize, usize, &str)]) -> Game<3> {
    Game::new(Rules::get(&MAKA_DAI_DAI), &sfen(&MAKA_DAI_DAI, pieces, "b")).unwrap()
}

fn moves_from<const C: usize>(game: &Game<C>, x: usize, y: usize) -> Vec<String> {
    let geo = &game.pos.rules.geo;
    let from = geo.square(x, y);
    let mut list = Vec::new();
    game.pos.generate(&mut list);
    let mut v: Vec<String> = (list.iter())
        .filter(|m| m.from == from)
        .map(|m| m.to_text(geo))
        .collect();
    v.sort();
    v
}

/// The emperor (+K) alone against a king, two golds and a pawn: it goes to each of
/// the 356 empty squares and takes the three unprotected pieces (king, both golds),
/// never the pawn its gold protects.
#[test]
fn emperor_takes_only_unprotected_pieces() {
    let mut game = maka(&[
        (9, 9, "+K"),
        (18, 0, "k"),
        (9, 4, "g"),
        (14, 3, "g"),
        (14, 4, "p"),
    ]);
    let moves = moves_from(&game, 9, 9);
    assert_eq!(moves.len(), 356 + 3);
    for target in ["1a", "10e", "5d"] {
        assert!(
            moves.contains(&format!("10j{target}+")) || moves.contains(&format!("10j{target}")),
            "{target}"
        );
    }
    assert!(
        !moves.iter().any(|m| m.starts_with("10j5e")),
        "the protected pawn"
    );
    assert_eq!(perft(&mut game.pos, 1), 359);
    game.play_text("10j10e").unwrap();
    game.pos.validate().unwrap();
}

/// A white emperor protects every white piece: Black's emperor takes nothing.
#[test]
fn an_emperor_protects_its_side() {
    let game = maka(&[(9, 9, "+K"), (18, 0, "+k"), (9, 4, "g")]);
    let moves = moves_from(&game, 9, 9);
    // 358 empty squares; the gold is protected, the white emperor is not.
    assert_eq!(moves.len(), 358 + 1);
    assert!(moves.iter().any(|m| m.starts_with("10j1a")));
}

/// The emperor's captures alone (quiescence's generation): the unprotected
/// pieces with one enemy emperor or none, nothing with two.
#[test]
fn emperor_captures_only_what_it_may_take() {
    let captures = |game: &Game<3>| {
        let geo = &game.pos.rules.geo;
        let from = geo.square(9, 9);
        let mut list = Vec::new();
        game.pos.generate_captures(&mut list);
        let mut v: Vec<String> = (list.iter())
            .filter(|m| m.from == from)
            .map(|m| m.to_text(geo).trim_end_matches('+').to_string())
            .collect();
        v.sort();
        v
    };
    let none = maka(&[
        (9, 9, "+K"),
        (18, 0, "k"),
        (9, 4, "g"),
        (14, 3, "g"),
        (14, 4, "p"),
    ]);
    assert_eq!(captures(&none), ["10j10e", "10j1a", "10j5d"]);
    let one = maka(&[(9, 9, "+K"), (18, 0, "+k"), (9, 4, "g")]);
    assert_eq!(captures(&one), ["10j1a"]);
    let two = maka(&[(9, 9, "+K"), (18, 0, "+k"), (0, 0, "+k"), (9, 4, "g")]);
    assert!(captures(&two).is_empty());
    // Its quiet moves are still there: every empty square.
    assert_eq!(moves_from(&two, 9, 9).len(), 361 - 4);
}

/// Contagion: a gold taking a deva becomes a teaching king; a drunk elephant
/// (which promotes to a royal) just promotes to prince.
#[test]
fn capturing_a_deva_makes_a_teaching_king() {
    let mut game = maka(&[
        (9, 9, "G"),
        (9, 8, "(dv)"),
        (4, 9, "(DE)"),
        (4, 8, "(dv)"),
        (18, 18, "K"),
        (18, 0, "k"),
    ]);
    game.play_text("10j10i").unwrap();
    let geo = &game.pos.rules.geo;
    let id = game.pos.piece_at(geo.square(9, 8)).unwrap();
    assert_eq!(game.pos.form(id).kind.code, "TK");
    game.pos.validate().unwrap();
    game.play_text("1a2a").unwrap();
    game.play_text("15j15i").unwrap();
    let id = game.pos.piece_at(geo.square(4, 8)).unwrap();
    assert_eq!(game.pos.form(id).kind.code, "PR");
    game.pos.validate().unwrap();
    for _ in 0..3 {
        game.undo();
    }
    game.pos.validate().unwrap();
}

/// Contagion to a lion power: a gold taking a dark spirit becomes a Buddhist
/// spirit, whose lion moves are generated apart from its attack set (the
/// position keeps which pieces have such moves; validate checks it both ways).
#[test]
fn capturing_a_dark_spirit_makes_a_buddhist_spirit() {
    let mut game = maka(&[
        (9, 9, "G"),
        (9, 8, "(ds)"),
        (9, 6, "p"),
        (18, 18, "K"),
        (18, 0, "k"),
    ]);
    game.play_text("10j10i").unwrap();
    let geo = &game.pos.rules.geo;
    let id = game.pos.piece_at(geo.square(9, 8)).unwrap();
    assert_eq!(game.pos.form(id).kind.code, "BS");
    game.pos.validate().unwrap();
    game.play_text("1a2a").unwrap();
    // The lion's double move through the empty 10h onto the pawn on 10g.
    let mut captures = Vec::new();
    game.pos.generate_captures(&mut captures);
    assert!(captures.iter().any(|m| m.to == geo.square(9, 6)));
    game.undo();
    game.undo();
    game.pos.validate().unwrap();
}

/// Lion dog on 10j with enemies on 10i and 10h and 10g empty. Its 24 leaps (K, D,
/// A, H, G) all land on empty or enemy squares; along the forward line it adds igui
/// on 10i, 10i then 10h, both and back to 10i, both and on to 10g, and a jump over
/// 10i taking 10h then 10g (5); and one pass. The black king in the corner has 3.
#[test]
fn lion_dog_line_moves() {
    let mut game = maka(&[
        (9, 9, "(LD)"),
        (9, 8, "p"),
        (9, 7, "p"),
        (0, 18, "K"),
        (18, 0, "k"),
    ]);
    let moves = moves_from(&game, 9, 9);
    for m in [
        "10j10i10j+",
        "10j10i10h+",
        "10j10i10h10i+",
        "10j10i10h10g+",
        "10j10h10g+",
    ] {
        assert!(moves.contains(&m.to_string()), "{m} in {moves:?}");
    }
    assert_eq!(moves.len(), 24 + 5 + 1);
    assert_eq!(perft(&mut game.pos, 1), 33);
    // The triple move, written with every stop, takes both pawns.
    game.play_text("10j10i10h10g").unwrap();
    assert_eq!(
        game.pos.pieces_of(large_shogi::types::Side::White).count(),
        1
    );
    game.pos.validate().unwrap();
}

/// Taikyoku's great general on (17, 17): forward it flies over two white pawns and
/// its own pawn, reaching each pawn square that is not its own, the empty square
/// behind, and the white king that stops it (4); the other seven lines are empty to
/// the edge (17 + 18 + 18 + 17 + 17 + 17 + 18 = 122). Its pawn has 1 move, the
/// taikyoku king (two squares any way) in the corner 6.
#[test]
fn great_general_range_capture() {
    let def = &TAIKYOKU;
    let s = sfen(
        def,
        &[
            (17, 17, "(GG)"),
            (17, 16, "p"),
            (17, 15, "p"),
            (17, 14, "P"),
            (17, 12, "k"),
            (0, 35, "K"),
        ],
        "b",
    );
    let mut game = Game::<11>::new(Rules::get(def), &s).unwrap();
    assert_eq!(moves_from(&game, 17, 17).len(), 126);
    assert_eq!(perft(&mut game.pos, 1), 126 + 1 + 6);
    let geo = &game.pos.rules.geo;
    let to = geo.name(geo.square(17, 13));
    let from = geo.name(geo.square(17, 17));
    game.play_text(&format!("{from}{to}")).unwrap();
    // Both white pawns and the black pawn are gone.
    assert_eq!(game.pos.occupied().count(), 3);
    game.pos.validate().unwrap();
    game.undo();
    assert_eq!(game.pos.occupied().count(), 6);
    game.pos.validate().unwrap();
}

/// A range capture promotes when it removes an enemy, wherever it stops; one that
/// removes only friends does not (taikyoku.md, I7). The vice general promotes to
/// great general.
#[test]
fn range_capture_promotes_only_on_enemies() {
    let def = &TAIKYOKU;
    let s = sfen(
        def,
        &[
            (17, 17, "(VG)"),
            (16, 16, "p"),
            (14, 14, "P"),
            (18, 16, "P"),
            (0, 35, "K"),
            (35, 0, "k"),
        ],
        "b",
    );
    let game = Game::<11>::new(Rules::get(def), &s).unwrap();
    let geo = &game.pos.rules.geo;
    let name = |x, y| geo.name(geo.square(x, y));
    let moves = moves_from(&game, 17, 17);
    let from = name(17, 17);
    // Over the white pawn to the empty square behind it, and on over the own pawn.
    for (x, y) in [(16, 16), (15, 15), (13, 13)] {
        let m = format!("{from}{}+", name(x, y));
        assert!(moves.contains(&m), "{m} in {moves:?}");
    }
    // Over the own pawn only: no capture, no promotion.
    let m = format!("{from}{}", name(19, 15));
    assert!(moves.contains(&m), "{m} in {moves:?}");
}

/// Range lines fly over lower ranks, so make leaves them alone when only such
/// pieces cross them and recomputes them when a stop (a piece of the line's
/// rank or higher) comes or goes: each step checked against a fresh build.
#[test]
fn range_lines_follow_only_their_stops() {
    let def = &TAIKYOKU;
    let s = sfen(
        def,
        &[
            (17, 17, "(GG)"),
            (15, 15, "(RO)"),
            (17, 14, "p"),
            (17, 10, "(gg)"),
            (19, 19, "K"),
            (35, 0, "k"),
        ],
        "b",
    );
    let mut game = Game::<11>::new(Rules::get(def), &s).unwrap();
    let geo = game.pos.rules.geo.clone();
    let mv = |a: (usize, usize), b: (usize, usize)| {
        let name = |(x, y)| geo.name(geo.square(x, y));
        format!("{}{}", name(a), name(b))
    };
    let gg = game.pos.piece_at(geo.square(17, 17)).unwrap();
    let sees = |game: &Game<11>, x, y| game.pos.compute_attacks(gg).test(geo.square(x, y) as usize);
    assert!(
        !sees(&game, 17, 9),
        "the white great general stops the file"
    );
    // A rank-1 piece leaves the great general's diagonal, a pawn (unranked) steps
    // along its file: neither was a stop.
    for (from, to) in [((15, 15), (15, 14)), ((17, 14), (17, 15))] {
        game.play_text(&mv(from, to)).unwrap();
        game.pos.validate().unwrap();
    }
    // The white great general leaves the file: the line runs on to the edge.
    game.play_text(&mv((19, 19), (19, 18))).unwrap();
    game.play_text(&mv((17, 10), (20, 10))).unwrap();
    game.pos.validate().unwrap();
    assert!(sees(&game, 17, 0));
    // A royal (above every rank) steps onto the diagonal and cuts it.
    game.play_text(&mv((19, 18), (18, 18))).unwrap();
    game.pos.validate().unwrap();
    assert!(!sees(&game, 19, 19));
    for _ in 0..5 {
        game.undo();
        game.pos.validate().unwrap();
    }
    assert!(!sees(&game, 17, 9));
}
