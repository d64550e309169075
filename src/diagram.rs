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

/// Symbols of `piece_rules`' diagrams, strongest first where several apply.
pub const PIECE_LEGEND: &str = "legend: @ the piece (Black, moving up); o step; J jump (leap); \
| - \\ / ranging line; L lion power (two steps, capture on each); D lion-dog line power \
(up to three steps); X range capture (flies over lower ranks); h hook (after one 90-degree \
turn); m move only; c capture only; j jump over up to three pieces; i capture \
without moving; E emperor (any square); . unreachable";

/// One piece form's moves on an empty board, Black's view, in the style of the
/// seeds' diagrams: a window of `2 * radius + 1` squares around the piece.
pub fn piece_rules(rules: &crate::rules::Rules, form: crate::types::FormId, radius: i32) -> String {
    use crate::board::geometry::DIRS;
    let f = rules.form(form);
    let m = &f.movement[Side::Black.index()];
    let n = (2 * radius + 1) as usize;
    let mut grid = vec![vec!['.'; n]; n];
    // Later marks win: weakest first.
    let mut mark = |dx: i32, dy: i32, c: char| {
        let (x, y) = (dx + radius, dy + radius);
        if (0..n as i32).contains(&x) && (0..n as i32).contains(&y) {
            grid[y as usize][x as usize] = c;
        }
    };
    let line = |d: usize| ['|', '/', '-', '\\', '|', '/', '-', '\\'][d];
    if m.emperor {
        for dy in -radius..=radius {
            for dx in -radius..=radius {
                mark(dx, dy, 'E');
            }
        }
    }
    for &d in &m.hooks {
        let (ux, uy) = DIRS[d as usize];
        for k in 1..=radius {
            for turn in [(d as usize + 2) % 8, (d as usize + 6) % 8] {
                let (tx, ty) = DIRS[turn];
                for j in 1..=2 * radius {
                    mark(
                        ux as i32 * k + tx as i32 * j,
                        uy as i32 * k + ty as i32 * j,
                        'h',
                    );
                }
            }
        }
    }
    for a in &m.modal {
        let c = match a.mode {
            crate::rules::betza::Mode::MoveOnly => 'm',
            crate::rules::betza::Mode::CaptureOnly => 'c',
            crate::rules::betza::Mode::Both => 'j',
        };
        for k in 1..=(a.max as i32).min(2 * radius) {
            mark(a.dx as i32 * k, a.dy as i32 * k, c);
        }
    }
    for &(dx, dy) in &m.igui {
        mark(dx as i32, dy as i32, 'i');
    }
    for &(dx, dy) in &m.leaps {
        let c = if dx.abs() <= 1 && dy.abs() <= 1 {
            'o'
        } else {
            'J'
        };
        mark(dx as i32, dy as i32, c);
    }
    // A hook's first leg ranges like a slide.
    let hook_legs = m.hooks.iter().map(|&d| (d, u8::MAX));
    for (d, max) in m.rays.iter().copied().chain(hook_legs) {
        let (ux, uy) = DIRS[d as usize];
        for k in 1..=(max as i32).min(radius) {
            mark(ux as i32 * k, uy as i32 * k, line(d as usize));
        }
    }
    for &(d, jump, max) in &m.jump_rays {
        let (ux, uy) = DIRS[d as usize];
        mark(ux as i32 * jump as i32, uy as i32 * jump as i32, 'J');
        for k in 1..=(max as i32).min(radius) {
            let k = k + jump as i32;
            mark(ux as i32 * k, uy as i32 * k, line(d as usize));
        }
    }
    for &d in &m.lion_dog_dirs {
        let (ux, uy) = DIRS[d as usize];
        for k in 1..=3 {
            mark(ux as i32 * k, uy as i32 * k, 'D');
        }
    }
    if m.lion_area {
        for dy in -2..=2 {
            for dx in -2..=2 {
                mark(dx, dy, 'L');
            }
        }
    }
    for &d in &m.lion_dirs {
        let (ux, uy) = DIRS[d as usize];
        for k in 1..=2 {
            mark(ux as i32 * k, uy as i32 * k, 'L');
        }
    }
    for &(d, max) in &m.range_rays {
        let (ux, uy) = DIRS[d as usize];
        for k in 1..=(max as i32).min(radius) {
            mark(ux as i32 * k, uy as i32 * k, 'X');
        }
    }
    mark(0, 0, '@');
    let kind = f.kind;
    let mut out = format!(
        "{} {} ({}){}: {}\n",
        f.sfen_token(Side::Black),
        kind.name,
        kind.kanji,
        if f.royal() { ", royal" } else { "" },
        kind.betza
    );
    if let Some(p) = f.promotes_to {
        out.push_str(&format!("promotes to {}\n", rules.form(p).kind.name));
    }
    for row in grid {
        let row: Vec<String> = row.iter().map(|c| c.to_string()).collect();
        out.push_str(&row.join(" "));
        out.push('\n');
    }
    out
}

/// Window radius of piece diagrams: 11x11 squares around the piece.
pub const PIECE_RADIUS: i32 = 5;

/// The diagrams of the kinds named by `codes` (every kind of the variant when empty),
/// in table order, after the legend. Promoted-only kinds are shown by the first form
/// that moves as them (written `+` and its base).
pub fn variant_pieces(
    def: &'static crate::rules::kind::VariantDef,
    codes: &[&str],
) -> Result<String, String> {
    let rules = crate::rules::Rules::get(def);
    for c in codes {
        if !def.kinds.iter().any(|k| k.code.eq_ignore_ascii_case(c)) {
            return Err(format!("{} has no piece {c}", def.title));
        }
    }
    let mut out = format!("{}\n{PIECE_LEGEND}\n", def.title);
    let wanted =
        |code: &str| codes.is_empty() || codes.iter().any(|c| c.eq_ignore_ascii_case(code));
    for k in def.kinds.iter().filter(|k| wanted(k.code)) {
        let form = (0..rules.forms.len())
            .filter(|&i| std::ptr::eq(rules.forms[i].kind, k))
            .min_by_key(|&i| rules.forms[i].promoted)
            .expect("every kind has a form");
        out.push('\n');
        out.push_str(&piece_rules(
            rules,
            form as crate::types::FormId,
            PIECE_RADIUS,
        ));
    }
    Ok(out)
}
