//! Piece kinds and variants as plain data.

/// One piece kind of a variant: everything the engine knows about it comes from here.
#[derive(Debug)]
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
}
