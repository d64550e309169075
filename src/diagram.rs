//! Text diagrams: the board, and the moves of one piece.

use crate::board::{NO_SQUARE, Square};
use crate::position::Position;
use crate::types::Side;

/// The board as rows of SFEN tokens, rank letters on the right, files on top.
pub fn board<const C: usize>(pos: &Position<C>) -> String {
    let geo = &pos.rules.geo;
    let cell = 5;
    let mut out = String::new();
    for x in 0..geo.width {
        out.push_str(&format!("{:>cell$}", geo.width - x));
    }
    out.push('\n');
    for y in 0..geo.height {
        for x in 0..geo.width {
            let tok = match pos.piece_at(geo.square(x, y)) {
                Some(id) => {
                    let p = pos.piece(id);
                    pos.form(id).sfen_token(p.side)
                }
                None => ".".to_string(),
            };
            out.push_str(&format!("{tok:>cell$}"));
        }
        out.push_str(&format!("  {}\n", crate::board::geometry::rank_name(y)));
    }
    let side = match pos.side_to_move() {
        Side::Black => "Black (sente)",
        Side::White => "White (gote)",
    };
    out.push_str(&format!("{side} to move, move {}\n", pos.move_number()));
    out
}

/// Where the piece on `from` can go: `@` the piece, `*` a move to an empty square,
/// `x` a capture, `o` a piece of its own side, `e` an enemy it cannot take, `.` empty.
/// Multi-step (lion) moves follow the diagram, one per line.
pub fn piece_moves<const C: usize>(pos: &Position<C>, from: Square) -> String {
    let geo = &pos.rules.geo;
    let mut list = Vec::new();
    pos.generate(&mut list);
    list.retain(|m| m.from == from);
    let Some(id) = pos.piece_at(from) else {
        return String::new();
    };
    let side = pos.piece(id).side;
    let mut out = String::new();
    for y in 0..geo.height {
        for x in 0..geo.width {
            let sq = geo.square(x, y);
            let single = list.iter().any(|m| m.to == sq && m.mid == NO_SQUARE);
            let c = match pos.piece_at(sq) {
                _ if sq == from => '@',
                Some(_) if single => 'x',
                None if single => '*',
                Some(o) if pos.piece(o).side == side => 'o',
                Some(_) => 'e',
                None => '.',
            };
            out.push(c);
            if x + 1 < geo.width {
                out.push(' ');
            }
        }
        out.push('\n');
    }
    let mut multi: Vec<String> = list
        .iter()
        .filter(|m| m.mid != NO_SQUARE)
        .map(|m| m.to_text(geo))
        .collect();
    multi.sort();
    multi.dedup();
    for m in multi {
        out.push_str(&m);
        out.push('\n');
    }
    out
}
