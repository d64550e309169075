//! Squares and moves in XBoard's coordinates (files lettered from the left,
//! ranks numbered from the first mover's side).

use crate::board::Geometry;
use crate::moves::MoveText;

/// A square in XBoard's coordinates.
pub fn xb_square(geo: &Geometry, sq: u16) -> String {
    let file = (b'a' + geo.x(sq) as u8) as char;
    format!("{file}{}", geo.height - geo.y(sq))
}

/// Parses an XBoard square (`a1`..`o15`) at the start of `s`.
pub(super) fn parse_xb_square<'a>(geo: &Geometry, s: &'a str) -> Option<(u16, &'a str)> {
    let b = s.as_bytes();
    let file = *b.first()?;
    if !file.is_ascii_lowercase() {
        return None;
    }
    let x = (file - b'a') as usize;
    let digits = b[1..].iter().take_while(|c| c.is_ascii_digit()).count();
    if digits == 0 || digits > 2 {
        return None;
    }
    let rank: usize = s[1..1 + digits].parse().ok()?;
    if x >= geo.width || rank == 0 || rank > geo.height {
        return None;
    }
    Some((geo.square(x, geo.height - rank), &s[1 + digits..]))
}

/// Our move text to XBoard legs (one string per `move` line).
pub fn to_xboard(geo: &Geometry, text: &str) -> Result<Vec<String>, String> {
    let t = MoveText::parse(text, geo)?;
    let suffix = if t.promote == Some(true) { "+" } else { "" };
    let sq = |s| xb_square(geo, s);
    // One leg per step between stops: a lion's double move or an igui or pass
    // has two, a lion dog's three-step move three.
    let legs = t.squares.windows(2).count();
    if legs == 0 {
        return Err(format!("'{text}' has no destination"));
    }
    Ok((t.squares.windows(2).enumerate())
        .map(|(i, w)| {
            let end = if i + 1 == legs { suffix } else { "," };
            format!("{}{}{end}", sq(w[0]), sq(w[1]))
        })
        .collect())
}

/// An XBoard move (`h13h12`, `h13h12+`, `h13h12,h12h13`) to our text.
pub fn from_xboard(geo: &Geometry, text: &str) -> Result<String, String> {
    let bad = || format!("malformed move '{text}'");
    let (body, promote) = match text.strip_suffix('+') {
        Some(b) => (b, true),
        None => (text, false),
    };
    let mut squares = Vec::new();
    for (i, leg) in body.split(',').enumerate() {
        let (a, rest) = parse_xb_square(geo, leg).ok_or_else(bad)?;
        let (b, rest) = parse_xb_square(geo, rest).ok_or_else(bad)?;
        if !rest.is_empty() {
            return Err(bad());
        }
        if i == 0 {
            squares.push(a);
        } else if squares.last() != Some(&a) {
            return Err(format!("legs of '{text}' do not join"));
        }
        squares.push(b);
    }
    // A lion dog's three steps stop on four squares.
    if squares.len() > 4 {
        return Err(bad());
    }
    let mut out: String = squares.iter().map(|&s| geo.name(s)).collect();
    if promote {
        out.push('+');
    }
    Ok(out)
}
