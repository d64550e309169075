//! Piece kinds and variants as plain data.

/// One piece kind of a variant: everything the engine knows about it comes from here.
#[derive(Clone, Debug)]
pub struct KindDef {
    pub name: &'static str,
    /// Abbreviation used in SFEN (case-insensitive; multi-letter codes go in parentheses).
    pub code: &'static str,
    pub kanji: &'static str,
    /// Move in Betza notation (see `rules::betza`).
    pub betza: &'static str,
    /// Code of the kind this one promotes to, if any.
    pub promotes_to: Option<&'static str>,
    /// Material value in centipawns.
    pub value: i32,
    /// Capturing every royal of a side wins.
    pub royal: bool,
    /// The kind appears only by promotion (its SFEN is `+` and the base's code).
    pub promoted_only: bool,
}

/// How pieces promote.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PromotionRule {
    /// Optional promotion on entering the far `depth` ranks, or on a capture with any
    /// part of the move inside them (chu and dai shogi).
    Zone { depth: usize },
    /// Compulsory promotion at the end of a piece's first capturing move (dai dai,
    /// maka dai dai, tai and taikyoku shogi); a form that promoted, or a kind that
    /// starts as another's promoted form, never promotes again.
    Capture,
}

/// Contagious promotion (maka dai dai): a non-royal piece that captures a piece of
/// kind `captured` becomes the kind `becomes` (a promoted form: it never promotes again).
#[derive(Debug)]
pub struct Contagion {
    pub captured: &'static str,
    pub becomes: &'static str,
}

/// A documented alternative reading of one kind's move, offered as a protocol option
/// (`setoption name <option> value true`).
#[derive(Debug)]
pub struct AltMove {
    pub option: &'static str,
    /// Code of the kind whose move changes.
    pub code: &'static str,
    pub betza: &'static str,
    /// One line: what the alternative is and where it comes from.
    pub note: &'static str,
}

#[derive(Debug)]
pub struct VariantDef {
    /// Protocol name (`USI_Variant` value).
    pub name: &'static str,
    pub title: &'static str,
    pub width: usize,
    pub height: usize,
    pub kinds: &'static [KindDef],
    /// Start position in SFEN.
    pub setup: &'static str,
    pub promotion: PromotionRule,
    /// Contagious promotions (empty in most variants).
    pub contagion: &'static [Contagion],
    /// Ranks for range capture (`{rc}` moves): a range-capturing move flies over and
    /// removes pieces of lower rank and stops at an equal or higher one. Kinds not
    /// listed have rank 0; royals always outrank every listed kind.
    pub ranks: &'static [(&'static str, u8)],
    /// Alternative readings offered as options.
    pub alternatives: &'static [AltMove],
}
