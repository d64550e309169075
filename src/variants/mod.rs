//! The variants, each a table of data (plus its rules document beside it).

/// `kind!(name, code, kanji, betza, promotes_to, value)`: a kind of the setup.
macro_rules! kind {
    ($name:expr, $code:expr, $kanji:expr, $betza:expr, $promo:expr, $value:expr) => {
        $crate::rules::kind::KindDef {
            name: $name,
            code: $code,
            kanji: $kanji,
            betza: $betza,
            promotes_to: $promo,
            value: $value,
            royal: false,
            promoted_only: false,
        }
    };
}

/// `promoted!(name, code, kanji, betza, value)`: a kind that appears only by promotion.
macro_rules! promoted {
    ($name:expr, $code:expr, $kanji:expr, $betza:expr, $value:expr) => {
        $crate::rules::kind::KindDef {
            promoted_only: true,
            ..kind!($name, $code, $kanji, $betza, None, $value)
        }
    };
}

/// `royal!(kind!(...))` or `royal!(promoted!(...))`: capturing every royal of a side wins.
macro_rules! royal {
    ($def:expr) => {
        $crate::rules::kind::KindDef {
            royal: true,
            ..$def
        }
    };
}

pub mod dai;
pub mod dai_xboard;

use crate::rules::kind::VariantDef;

/// Every variant the engine plays, by protocol name.
pub static ALL: &[&VariantDef] = &[&dai::DAI];

pub fn by_name(name: &str) -> Option<&'static VariantDef> {
    ALL.iter()
        .copied()
        .find(|v| v.name.eq_ignore_ascii_case(name))
}
