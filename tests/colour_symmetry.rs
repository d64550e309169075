//! Colour symmetry: a position and its mirror (board turned half a circle, the
//! sides swapped, the other side to move) must have the same evaluation from the
//! mover's point of view, and mirrored moves. An asymmetry would make the engine
//! play one colour worse than the other.

mod common;

use common::Rng;
use large_shogi::board::{Geometry, Square};
use large_shogi::eval::{Weights, evaluate, threat_penalty};
use large_shogi::moves::MoveText;
use large_shogi::perft::game_over;
use large_shogi::position::Position;
use large_shogi::rules::Rules;
use large_shogi::types::Side;

/// Square `sq` with the board turned half a circle.
fn turn(geo: &Geometry, sq: Square) -> Square {
    geo.square(geo.width - 1 - geo.x(sq), geo.height - 1 - geo.y(sq))
}

/// `pos` turned half a circle with the colours swapped.
fn mirror<const C: usize>(pos: &Position<C>) -> Position<C> {
    let geo = &pos.rules.geo;
    let pieces: Vec<_> = (0..geo.squares() as Square)
        .filter_map(|sq| pos.piece_at(sq).map(|id| (sq, pos.piece(id))))
        .map(|(sq, p)| (turn(geo, sq), p.form, p.side.flip()))
        .collect();
    let stm = pos.side_to_move().flip();
    Position::from_pieces(pos.rules, &pieces, stm, pos.move_number())
}

/// Walks a random game of up to `plies` plies, checking every position; the
/// plies checked.
fn walk<const C: usize>(name: &str, seed: u64, plies: usize) -> usize {
    let def = large_shogi::variants::by_name(name).unwrap();
    let rules = Rules::get(def);
    // Every term switched on, so each is checked.
    let w = Weights {
        royal_attack: 3,
        advance: 2,
        center: 3,
        threat: 50,
        threat_first: 10,
        ..Weights::default()
    }
    .for_variant(name);
    // The centrality on every board, where it counts in play or not.
    let w = Weights {
        center_scale: 100,
        ..w
    };
    let mut rng = Rng(seed);
    let mut pos = Position::<C>::from_sfen(rules, def.setup).unwrap();
    pos.track_mobility();
    let (mut list, mut other) = (Vec::new(), Vec::new());
    let geo = &rules.geo;
    let mut checked = 0;
    for ply in 0..plies {
        if game_over(&pos) {
            break;
        }
        checked += 1;
        let mut m = mirror(&pos);
        m.track_mobility();
        let at = format!("{name} ply {ply}: {}", pos.to_sfen());
        assert_eq!(evaluate(&pos, &w), evaluate(&m, &w), "{at}");
        assert_eq!(threat_penalty(&pos, &w), threat_penalty(&m, &w), "{at}");
        assert_eq!(pos.material(), -m.material(), "{at}");
        for side in [Side::Black, Side::White] {
            assert_eq!(pos.mobility(side), m.mobility(side.flip()), "{at}");
        }
        list.clear();
        pos.generate(&mut list);
        other.clear();
        m.generate(&mut other);
        // A lion's pass (out to an empty square and back) is named by whichever
        // empty neighbour the generator met first: compare passes as passes.
        let text = |p: &Position<C>, mv: &large_shogi::moves::Move, turned: bool| {
            let MoveText {
                mut squares,
                promote,
            } = MoveText::parse(&mv.to_text(geo), geo).unwrap();
            if squares.len() == 3 && squares[0] == squares[2] && p.piece_at(squares[1]).is_none() {
                squares.remove(1);
            }
            if turned {
                squares.iter_mut().for_each(|s| *s = turn(geo, *s));
            }
            (squares, promote)
        };
        let mut mine: Vec<_> = list.iter().map(|mv| text(&pos, mv, false)).collect();
        let mut theirs: Vec<_> = other.iter().map(|mv| text(&m, mv, true)).collect();
        mine.sort();
        theirs.sort();
        assert_eq!(mine, theirs, "{at}");
        if list.is_empty() {
            break;
        }
        let mv = rng.pick_move(&pos, &list);
        pos.make(mv);
    }
    checked
}

#[test]
fn mirrored_positions_evaluate_and_move_alike() {
    for (name, checked) in [
        ("dai", walk::<2>("dai", 1, 400)),
        ("daidai", walk::<3>("daidai", 2, 300)),
        ("makadaidai", walk::<3>("makadaidai", 3, 300)),
        ("tai", walk::<5>("tai", 4, 300)),
        ("taikyoku", walk::<11>("taikyoku", 5, 200)),
    ] {
        assert!(checked >= 100, "{name}: only {checked} positions checked");
    }
}
