//! The move value: which squares the piece visits and whether it promotes.
//!
//! What a move captures is read off the board when it is made: every enemy piece
//! on a visited square. A move is its outcome, so a lion that reaches the same
//! square with the same captures by different paths is one move.

use crate::board::geometry::{Geometry, NO_SQUARE, Square};

pub const PROMOTE: u8 = 1;
/// Promotion was possible and declined (written `=`).
pub const DECLINE: u8 = 2;

#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Move {
    pub from: Square,
    pub to: Square,
    /// First stop of a multi-step (lion) move, or `NO_SQUARE`.
    pub mid: Square,
    /// Second stop of a three-step (lion dog) move, as its offset from `mid` (the
    /// two are neighbours; 0: none). Kept in a byte so that a move fits in 8 bytes:
    /// move lists are written at the rate of the whole move generator.
    pub(crate) mid2_delta: i8,
    pub flags: u8,
}

impl Move {
    pub const NULL: Move = Move {
        from: NO_SQUARE,
        to: NO_SQUARE,
        mid: NO_SQUARE,
        mid2_delta: 0,
        flags: 0,
    };

    #[inline]
    pub fn simple(from: Square, to: Square, flags: u8) -> Move {
        Move {
            from,
            to,
            mid: NO_SQUARE,
            mid2_delta: 0,
            flags,
        }
    }

    /// A move through the stops `mid` and `mid2` (either may be `NO_SQUARE`; a
    /// second stop neighbours the first).
    #[inline]
    pub fn with_stops(from: Square, [mid, mid2]: [Square; 2], to: Square, flags: u8) -> Move {
        let mid2_delta = if mid2 == NO_SQUARE {
            0
        } else {
            debug_assert!(mid != NO_SQUARE);
            (mid2 as i32 - mid as i32) as i8
        };
        Move {
            from,
            to,
            mid,
            mid2_delta,
            flags,
        }
    }

    /// Second stop of a three-step (lion dog) move, or `NO_SQUARE`.
    #[inline]
    pub fn mid2(&self) -> Square {
        if self.mid2_delta == 0 {
            NO_SQUARE
        } else {
            (self.mid as i32 + self.mid2_delta as i32) as Square
        }
    }

    #[inline]
    pub fn promotes(&self) -> bool {
        self.flags & PROMOTE != 0
    }

    /// Text form: the squares visited, then `+` (promote) or `=` (declined).
    pub fn to_text(&self, geo: &Geometry) -> String {
        let mut s = geo.name(self.from);
        for stop in [self.mid, self.mid2()] {
            if stop != NO_SQUARE {
                s.push_str(&geo.name(stop));
            }
        }
        s.push_str(&geo.name(self.to));
        if self.flags & PROMOTE != 0 {
            s.push('+');
        } else if self.flags & DECLINE != 0 {
            s.push('=');
        }
        s
    }
}

/// A move as written, before it is matched against the legal moves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveText {
    pub squares: Vec<Square>,
    /// `Some(true)` for `+`, `Some(false)` for `=`, `None` without a suffix.
    pub promote: Option<bool>,
}

impl MoveText {
    pub fn parse(text: &str, geo: &Geometry) -> Result<MoveText, String> {
        let (body, promote) = match text.as_bytes().last() {
            Some(b'+') => (&text[..text.len() - 1], Some(true)),
            Some(b'=') => (&text[..text.len() - 1], Some(false)),
            _ => (text, None),
        };
        let mut squares = Vec::new();
        let mut rest = body;
        while !rest.is_empty() {
            let (sq, r) = geo
                .parse_square_prefix(rest)
                .ok_or_else(|| format!("malformed move '{text}': bad square at '{rest}'"))?;
            squares.push(sq);
            rest = r;
        }
        if !(2..=4).contains(&squares.len()) {
            return Err(format!(
                "malformed move '{text}': expected 2 to 4 squares, found {}",
                squares.len()
            ));
        }
        Ok(MoveText { squares, promote })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_round_trip() {
        let g = Geometry::new(15, 15);
        let sq = |s| g.parse_square(s).unwrap();
        let m = Move::simple(sq("8h"), sq("7h"), 0);
        assert_eq!(m.to_text(&g), "8h7h");
        let lion = Move {
            from: sq("8h"),
            mid: sq("7g"),
            to: sq("6f"),
            mid2_delta: 0,
            flags: 0,
        };
        assert_eq!(lion.to_text(&g), "8h7g6f");
        assert_eq!(
            Move::simple(sq("15o"), sq("1a"), PROMOTE).to_text(&g),
            "15o1a+"
        );
        assert_eq!(
            Move::simple(sq("12e"), sq("12d"), DECLINE).to_text(&g),
            "12e12d="
        );
        let t = MoveText::parse("8h7g6f", &g).unwrap();
        assert_eq!(t.squares, vec![sq("8h"), sq("7g"), sq("6f")]);
        assert_eq!(MoveText::parse("15o1a+", &g).unwrap().promote, Some(true));
        assert_eq!(MoveText::parse("12e12d=", &g).unwrap().promote, Some(false));
        for bad in [
            "",
            "8h",
            "8h7",
            "8h7g6f5e4d",
            "16a1a",
            "8h+7h",
            "x8h7h",
            "8h7h++",
        ] {
            assert!(MoveText::parse(bad, &g).is_err(), "{bad}");
        }
    }
}
