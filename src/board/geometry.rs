//! Board geometry: squares, coordinates, directions, edges and square names.
//!
//! A square is an index `y * width + x` where `x` counts columns from the left as
//! Black sees the board (file `width` is `x = 0`) and `y` counts ranks from the top
//! (rank `a` is `y = 0`). This is also the order in which SFEN lists squares.
//! Black moves first and plays up the board: Black's forward is `dy = -1`.

pub type Square = u16;
pub const NO_SQUARE: Square = u16::MAX;
pub const MAX_SIDE: usize = 36;

/// The eight line directions as `(dx, dy)` in board coordinates, starting with
/// Black's forward and going clockwise.
pub const DIRS: [(i8, i8); 8] = [
    (0, -1),
    (1, -1),
    (1, 0),
    (1, 1),
    (0, 1),
    (-1, 1),
    (-1, 0),
    (-1, -1),
];

/// Index of a unit vector in `DIRS`.
#[inline]
pub fn dir_index(dx: i8, dy: i8) -> Option<usize> {
    // Indexed by (dy + 1) * 3 + (dx + 1); 8 marks the null vector.
    const TABLE: [u8; 9] = [7, 0, 1, 6, 8, 2, 5, 4, 3];
    if !(-1..=1).contains(&dx) || !(-1..=1).contains(&dy) {
        return None;
    }
    let d = TABLE[((dy + 1) * 3 + dx + 1) as usize];
    (d < 8).then_some(d as usize)
}

/// The direction (index in `DIRS`) of the line a vector `(dx, dy)` lies along,
/// whatever its length; `None` off the eight lines.
#[inline]
pub fn line_dir(dx: i8, dy: i8) -> Option<usize> {
    let n = dx.abs().max(dy.abs());
    if n == 0 || dx % n != 0 || dy % n != 0 {
        return None;
    }
    dir_index(dx / n, dy / n)
}

#[derive(Clone, Debug)]
pub struct Geometry {
    pub width: usize,
    pub height: usize,
    /// Square offsets of the eight directions.
    delta: [isize; 8],
    /// For each square and direction, the number of squares before the edge.
    ray_len: Vec<[u8; 8]>,
    /// `(x, y)` of each square, so hot paths need no division.
    coords: Vec<(u8, u8)>,
}

impl Geometry {
    pub fn new(width: usize, height: usize) -> Self {
        assert!((1..=MAX_SIDE).contains(&width) && (1..=MAX_SIDE).contains(&height));
        let mut delta = [0isize; 8];
        for (d, &(dx, dy)) in DIRS.iter().enumerate() {
            delta[d] = dy as isize * width as isize + dx as isize;
        }
        let mut ray_len = vec![[0u8; 8]; width * height];
        for (sq, lens) in ray_len.iter_mut().enumerate() {
            let (x, y) = ((sq % width) as isize, (sq / width) as isize);
            for (d, &(dx, dy)) in DIRS.iter().enumerate() {
                let mut n = 0;
                let (mut cx, mut cy) = (x + dx as isize, y + dy as isize);
                while cx >= 0 && cy >= 0 && cx < width as isize && cy < height as isize {
                    n += 1;
                    cx += dx as isize;
                    cy += dy as isize;
                }
                lens[d] = n;
            }
        }
        let coords = (0..width * height)
            .map(|sq| ((sq % width) as u8, (sq / width) as u8))
            .collect();
        Geometry {
            width,
            height,
            delta,
            ray_len,
            coords,
        }
    }

    #[inline]
    pub fn squares(&self) -> usize {
        self.width * self.height
    }

    #[inline]
    pub fn x(&self, sq: Square) -> usize {
        self.coords[sq as usize].0 as usize
    }

    #[inline]
    pub fn y(&self, sq: Square) -> usize {
        self.coords[sq as usize].1 as usize
    }

    #[inline]
    pub fn square(&self, x: usize, y: usize) -> Square {
        (y * self.width + x) as Square
    }

    /// The square `(dx, dy)` away, if it is on the board.
    #[inline]
    pub fn offset(&self, sq: Square, dx: i32, dy: i32) -> Option<Square> {
        let x = self.x(sq) as i32 + dx;
        let y = self.y(sq) as i32 + dy;
        if x >= 0 && y >= 0 && (x as usize) < self.width && (y as usize) < self.height {
            Some(self.square(x as usize, y as usize))
        } else {
            None
        }
    }

    /// Squares between `sq` and the edge in direction `dir`.
    #[inline]
    pub fn ray_len(&self, sq: Square, dir: usize) -> usize {
        self.ray_len[sq as usize][dir] as usize
    }

    #[inline]
    pub fn delta(&self, dir: usize) -> isize {
        self.delta[dir]
    }

    /// Chebyshev (king-move) distance.
    pub fn distance(&self, a: Square, b: Square) -> usize {
        let dx = self.x(a).abs_diff(self.x(b));
        let dy = self.y(a).abs_diff(self.y(b));
        dx.max(dy)
    }

    /// The file number of the notation: counted from Black's right, 1..width.
    pub fn file_number(&self, sq: Square) -> usize {
        self.width - self.x(sq)
    }

    pub fn name(&self, sq: Square) -> String {
        format!("{}{}", self.file_number(sq), rank_name(self.y(sq)))
    }

    /// Parses a square name such as `8h`, `15o` or `36jj`.
    pub fn parse_square(&self, s: &str) -> Option<Square> {
        let (sq, rest) = self.parse_square_prefix(s)?;
        rest.is_empty().then_some(sq)
    }

    /// Parses a square name at the start of `s`; returns it and the rest of `s`.
    pub fn parse_square_prefix<'a>(&self, s: &'a str) -> Option<(Square, &'a str)> {
        let digits = s.bytes().take_while(|b| b.is_ascii_digit()).count();
        if digits == 0 || digits > 2 {
            return None;
        }
        let file: usize = s[..digits].parse().ok()?;
        let rest = &s[digits..];
        let letters = rest.bytes().take_while(|b| b.is_ascii_lowercase()).count();
        // A rank is one letter, or a doubled letter for ranks 27..36. Try the longer
        // reading first only when both letters are the same.
        let (rank, used) = if letters >= 2 && rest.as_bytes()[0] == rest.as_bytes()[1] {
            (parse_rank(&rest[..2])?, 2)
        } else if letters >= 1 {
            (parse_rank(&rest[..1])?, 1)
        } else {
            return None;
        };
        if file == 0 || file > self.width || rank >= self.height {
            return None;
        }
        Some((self.square(self.width - file, rank), &rest[used..]))
    }
}

/// Rank letters from the top: `a`..`z`, then `aa`, `bb`, ... `jj`.
pub fn rank_name(y: usize) -> String {
    if y < 26 {
        ((b'a' + y as u8) as char).to_string()
    } else {
        let c = (b'a' + (y - 26) as u8) as char;
        format!("{c}{c}")
    }
}

fn parse_rank(s: &str) -> Option<usize> {
    let b = s.as_bytes();
    match b.len() {
        1 if b[0].is_ascii_lowercase() => Some((b[0] - b'a') as usize),
        2 if b[0] == b[1] && (b'a'..=b'j').contains(&b[0]) => Some(26 + (b[0] - b'a') as usize),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_follow_the_seed_notation() {
        let dai = Geometry::new(15, 15);
        assert_eq!(dai.name(dai.square(14, 0)), "1a");
        assert_eq!(dai.name(dai.square(0, 14)), "15o");
        let tk = Geometry::new(36, 36);
        assert_eq!(tk.name(tk.square(35, 0)), "1a");
        assert_eq!(tk.name(tk.square(0, 35)), "36jj");
        assert_eq!(tk.name(tk.square(0, 26)), "36aa");
        for g in [&dai, &tk] {
            for sq in 0..g.squares() as Square {
                assert_eq!(g.parse_square(&g.name(sq)), Some(sq));
            }
        }
    }

    #[test]
    fn malformed_squares_are_rejected() {
        let dai = Geometry::new(15, 15);
        for bad in ["", "0a", "16a", "1p", "a1", "1", "1ab", "100a", "1A", "1aa"] {
            assert_eq!(dai.parse_square(bad), None, "{bad}");
        }
        let tk = Geometry::new(36, 36);
        assert_eq!(tk.parse_square("1kk"), None);
        assert_eq!(tk.parse_square("1ab"), None);
    }

    #[test]
    fn direction_indices() {
        for (d, &(dx, dy)) in DIRS.iter().enumerate() {
            assert_eq!(dir_index(dx, dy), Some(d));
        }
        assert_eq!(dir_index(0, 0), None);
        assert_eq!(dir_index(2, 0), None);
    }

    #[test]
    fn rays_stop_at_every_edge() {
        let g = Geometry::new(15, 15);
        let corner = g.square(0, 0); // 15a
        assert_eq!(g.ray_len(corner, 0), 0);
        assert_eq!(g.ray_len(corner, 2), 14);
        assert_eq!(g.ray_len(corner, 3), 14);
        assert_eq!(g.ray_len(corner, 4), 14);
        assert_eq!(g.ray_len(corner, 6), 0);
        let c = g.square(7, 7);
        for (d, &(dx, dy)) in DIRS.iter().enumerate() {
            assert_eq!(g.ray_len(c, d), 7);
            assert_eq!(
                g.offset(c, dx as i32, dy as i32),
                Some((c as isize + g.delta(d)) as Square)
            );
        }
        assert_eq!(g.offset(corner, -1, 0), None);
        assert_eq!(g.offset(corner, 0, -1), None);
        let rect = Geometry::new(5, 3);
        assert_eq!(rect.ray_len(rect.square(4, 2), 7), 2);
        assert_eq!(rect.offset(rect.square(4, 2), 1, 0), None);
    }
}
