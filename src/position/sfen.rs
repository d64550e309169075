//! SFEN: `<board> <b|w> - <move number>`, ranks from the top, files from the left,
//! pieces `X` or `(XYZ)`, uppercase Black, `+` for a promoted form.

use super::Position;
use crate::board::Square;
use crate::rules::Rules;
use crate::types::{FormId, Side};

/// Largest move number an SFEN may give (and the engine writes).
pub const MAX_MOVE_NUMBER: u32 = 1_000_000;

impl<const C: usize> Position<C> {
    pub fn from_sfen(rules: &'static Rules, sfen: &str) -> Result<Self, String> {
        let fields: Vec<&str> = sfen.split_whitespace().collect();
        if fields.len() < 2 || fields.len() > 4 {
            return Err(format!(
                "sfen needs '<board> <b|w> - <move number>', got {} fields",
                fields.len()
            ));
        }
        let pieces = parse_board(rules, fields[0])?;
        let stm = match fields[1] {
            "b" => Side::Black,
            "w" => Side::White,
            other => return Err(format!("sfen side to move must be b or w, not '{other}'")),
        };
        if let Some(&hand) = fields.get(2)
            && hand != "-"
        {
            return Err(format!(
                "sfen hand field must be '-' (no drops), not '{hand}'"
            ));
        }
        let move_number = match fields.get(3) {
            Some(n) => n
                .parse::<u32>()
                .ok()
                .filter(|&n| (1..=MAX_MOVE_NUMBER).contains(&n))
                .ok_or_else(|| {
                    format!("sfen move number must be 1..{MAX_MOVE_NUMBER}, not '{n}'")
                })?,
            None => 1,
        };
        Ok(Self::from_pieces(rules, &pieces, stm, move_number))
    }

    pub fn to_sfen(&self) -> String {
        let geo = &self.rules.geo;
        let mut s = String::new();
        for y in 0..geo.height {
            if y > 0 {
                s.push('/');
            }
            let mut empty = 0;
            for x in 0..geo.width {
                match self.piece_at(geo.square(x, y)) {
                    None => empty += 1,
                    Some(id) => {
                        if empty > 0 {
                            s.push_str(&empty.to_string());
                            empty = 0;
                        }
                        let p = self.piece(id);
                        s.push_str(&self.form_of(p.form).sfen_token(p.side));
                    }
                }
            }
            if empty > 0 {
                s.push_str(&empty.to_string());
            }
        }
        let side = if self.stm == Side::Black { 'b' } else { 'w' };
        // Capped as on input, so that every SFEN written reads back.
        format!("{s} {side} - {}", self.move_number.min(MAX_MOVE_NUMBER))
    }
}

/// The pieces an SFEN's board field places (square, form, side), checked against
/// `rules` as `Position::from_sfen` checks them.
pub fn parse_board(rules: &Rules, board: &str) -> Result<Vec<(Square, FormId, Side)>, String> {
    let geo = &rules.geo;
    let ranks: Vec<&str> = board.split('/').collect();
    if ranks.len() != geo.height {
        return Err(format!(
            "sfen board has {} ranks, {} needs {}",
            ranks.len(),
            rules.def.title,
            geo.height
        ));
    }
    let mut pieces = Vec::new();
    for (y, rank) in ranks.iter().enumerate() {
        let rank_name = crate::board::geometry::rank_name(y);
        let err = |col: usize, what: String| {
            format!(
                "sfen rank {rank_name} (rank {}), character {}: {what}",
                y + 1,
                col + 1
            )
        };
        let chars: Vec<char> = rank.chars().collect();
        let mut x = 0usize;
        let mut i = 0;
        while i < chars.len() {
            let start = i;
            let c = chars[i];
            if c.is_ascii_digit() {
                let digits: String = chars[i..]
                    .iter()
                    .take_while(|c| c.is_ascii_digit())
                    .collect();
                i += digits.len();
                let n: usize = digits
                    .parse()
                    .ok()
                    .filter(|&n| n > 0)
                    .ok_or_else(|| err(start, format!("bad empty-square count '{digits}'")))?;
                // Compared before adding: a count near usize::MAX must not wrap
                // round to a small column.
                if n > geo.width - x {
                    return Err(err(
                        start,
                        format!("rank is longer than {} files", geo.width),
                    ));
                }
                x += n;
                continue;
            }
            let promoted = c == '+';
            if promoted {
                i += 1;
            }
            let code: String = match chars.get(i) {
                Some('(') => {
                    let close = chars[i..]
                        .iter()
                        .position(|&c| c == ')')
                        .ok_or_else(|| err(i, "unclosed '('".into()))?;
                    let code: String = chars[i + 1..i + close].iter().collect();
                    i += close + 1;
                    code
                }
                Some(&c) if c.is_ascii_alphabetic() => {
                    i += 1;
                    c.to_string()
                }
                Some(&c) => return Err(err(i, format!("unexpected '{c}'"))),
                None => return Err(err(start, "'+' without a piece".into())),
            };
            if code.is_empty() || !code.chars().all(|c| c.is_ascii_alphabetic()) {
                return Err(err(start, format!("bad piece code '{code}'")));
            }
            let side = if code.chars().all(|c| c.is_ascii_uppercase()) {
                Side::Black
            } else if code.chars().all(|c| c.is_ascii_lowercase()) {
                Side::White
            } else {
                return Err(err(start, format!("piece code '{code}' mixes cases")));
            };
            let form = rules.form_by_code(&code, promoted).ok_or_else(|| {
                if promoted && rules.form_by_code(&code, false).is_some() {
                    err(start, format!("'{code}' does not promote"))
                } else {
                    err(
                        start,
                        format!("unknown piece '{code}' in {}", rules.def.title),
                    )
                }
            })?;
            if x >= geo.width {
                return Err(err(
                    start,
                    format!("rank is longer than {} files", geo.width),
                ));
            }
            pieces.push((geo.square(x, y), form, side));
            x += 1;
        }
        if x != geo.width {
            return Err(format!(
                "sfen rank {rank_name} (rank {}) covers {x} files, not {}",
                y + 1,
                geo.width
            ));
        }
    }
    Ok(pieces)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Game;
    use crate::variants::dai::DAI;

    #[test]
    fn a_written_move_number_reads_back_past_the_cap() {
        let rules = Rules::get(&DAI);
        let at_cap = DAI
            .setup
            .replace(" b - 1", &format!(" b - {MAX_MOVE_NUMBER}"));
        let mut game = Game::<2>::new(rules, &at_cap).unwrap();
        game.play_text("9k9j").unwrap();
        let written = game.pos.to_sfen();
        assert!(
            written.ends_with(&format!(" w - {MAX_MOVE_NUMBER}")),
            "{written}"
        );
        assert!(Position::<2>::from_sfen(rules, &written).is_ok());
        let past = written.replace(" w - 1000000", " w - 1000001");
        assert!(Position::<2>::from_sfen(rules, &past).is_err());
    }
}
