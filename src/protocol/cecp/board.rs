//! XBoard's picture of a variant: its parent variant, piece letters and FEN,
//! where XBoard has one (dai shogi, as a 15x15 chu shogi), and the translation
//! between our SFEN and its FEN.

/// What XBoard needs to draw and referee a variant.
pub(super) struct XboardDef {
    pub(super) parent: &'static str,
    pub(super) slots: &'static [&'static str],
    pub(super) ids: &'static [(&'static str, &'static str)],
    pub(super) pieces: &'static [(&'static str, &'static str)],
}

/// The board field of XBoard's FEN for one of our SFENs (for `setboard`), where
/// the variant has an XBoard description.
pub fn xboard_board(variant: &str, sfen: &str) -> Option<String> {
    let fen = xboard_def(variant)?.sfen_to_fen(sfen).ok()?;
    fen.split_whitespace().next().map(String::from)
}

pub(super) fn xboard_def(variant: &str) -> Option<XboardDef> {
    use crate::variants::dai_xboard as d;
    (variant == "dai").then_some(XboardDef {
        parent: "chu",
        slots: d::SLOTS,
        ids: d::IDS,
        pieces: d::PIECES,
    })
}

/// Rewrites a FEN-style board: empty-square counts, `/` and `+` pass through;
/// `piece` reads one piece token at `chars[*i]` (advancing `i`) and returns its
/// rewriting.
fn map_pieces(
    board: &str,
    mut piece: impl FnMut(&[char], &mut usize) -> Result<String, String>,
) -> Result<String, String> {
    let chars: Vec<char> = board.chars().collect();
    let mut out = String::new();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if c.is_ascii_digit() || c == '/' || c == '+' {
            out.push(c);
            i += 1;
        } else {
            out.push_str(&piece(&chars, &mut i)?);
        }
    }
    Ok(out)
}

impl XboardDef {
    fn id_of(&self, code: &str) -> Option<&'static str> {
        self.ids
            .iter()
            .find(|(c, _)| c.eq_ignore_ascii_case(code))
            .map(|&(_, id)| id)
    }

    fn code_of(&self, id: &str) -> Option<&'static str> {
        self.ids
            .iter()
            .find(|(_, i)| i.eq_ignore_ascii_case(id))
            .map(|&(c, _)| c)
    }

    /// Our SFEN board and side to XBoard's FEN board and side.
    pub(super) fn sfen_to_fen(&self, sfen: &str) -> Result<String, String> {
        let mut f = sfen.split_whitespace();
        let (board, side) = (f.next().unwrap_or(""), f.next().unwrap_or("b"));
        let out = map_pieces(board, |chars, i| {
            let code: String = if chars[*i] == '(' {
                let close = chars[*i..]
                    .iter()
                    .position(|&c| c == ')')
                    .ok_or("bad sfen")?;
                let code = chars[*i + 1..*i + close].iter().collect();
                *i += close + 1;
                code
            } else {
                *i += 1;
                chars[*i - 1].to_string()
            };
            let id = self
                .id_of(&code)
                .ok_or_else(|| format!("no XBoard letter for {code}"))?;
            Ok(if code.chars().all(|c| c.is_ascii_lowercase()) {
                id.to_ascii_lowercase()
            } else {
                id.to_string()
            })
        })?;
        let side = if side == "b" { "w" } else { "b" };
        Ok(format!("{out} {side}"))
    }

    /// XBoard's FEN (`setboard`) to our SFEN.
    pub(super) fn fen_to_sfen(&self, fen: &[&str]) -> Result<String, String> {
        let board = fen.first().ok_or("setboard needs a position")?;
        let side = match fen.get(1).copied() {
            Some("w") | None => "b",
            Some("b") => "w",
            Some(s) => return Err(format!("bad side to move '{s}'")),
        };
        let out = map_pieces(board, |chars, i| {
            let c = chars[*i];
            if !c.is_ascii_alphabetic() {
                return Err(format!("unexpected '{c}' in the position"));
            }
            let mut id = c.to_string();
            *i += 1;
            if let Some(&d) = chars.get(*i).filter(|&&d| d == '\'' || d == '!') {
                id.push(d);
                *i += 1;
            }
            let code = self
                .code_of(&id)
                .ok_or_else(|| format!("unknown piece '{id}'"))?;
            let code = if c.is_ascii_lowercase() {
                code.to_ascii_lowercase()
            } else {
                code.to_string()
            };
            Ok(if code.len() > 1 {
                format!("({code})")
            } else {
                code
            })
        })?;
        Ok(format!("{out} {side} - 1"))
    }
}
