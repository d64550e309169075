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
pub mod dai_dai;
pub mod dai_xboard;
pub mod maka_dai_dai;
pub mod tai;
pub mod taikyoku;

/// `with_chunks!(def, f(args..))`: calls `f::<C>(args..)` with the number of
/// u128 chunks a bitboard of the variant's board needs. The engine is built for
/// these five sizes only (1: test boards up to 128 squares; 2: dai; 3: dai dai
/// and maka dai dai; 5: tai; 11: taikyoku), so every entry point that goes from
/// a variant to its position type goes through here.
#[macro_export]
macro_rules! with_chunks {
    ($def:expr, $f:ident($($arg:expr),* $(,)?)) => {
        match $def.width * $def.height {
            0..=128 => $f::<1>($($arg),*),
            129..=256 => $f::<2>($($arg),*),
            257..=384 => $f::<3>($($arg),*),
            385..=640 => $f::<5>($($arg),*),
            _ => $f::<11>($($arg),*),
        }
    };
}

use crate::rules::kind::{KindDef, VariantDef};

/// Every variant the engine plays, by protocol name.
pub static ALL: &[&VariantDef] = &[
    &dai::DAI,
    &dai_dai::DAI_DAI,
    &maka_dai_dai::MAKA_DAI_DAI,
    &tai::TAI,
    &taikyoku::TAIKYOKU,
];

/// The variants' protocol names, in `ALL`'s order, joined by `sep`.
pub fn names(sep: &str) -> String {
    let names: Vec<&str> = ALL.iter().map(|v| v.name).collect();
    names.join(sep)
}

pub fn by_name(name: &str) -> Option<&'static VariantDef> {
    ALL.iter()
        .copied()
        .find(|v| v.name.eq_ignore_ascii_case(name))
}

/// Names of the alternative-reading options of every variant, each once.
pub fn alternative_options() -> Vec<&'static str> {
    let mut names: Vec<&str> = ALL
        .iter()
        .flat_map(|v| v.alternatives.iter().map(|a| a.option))
        .collect();
    names.sort();
    names.dedup();
    names
}

/// Turns alternative reading `name` on or off in `enabled` (each name at most
/// once); false if it already was so.
pub fn switch_alternative(enabled: &mut Vec<String>, name: &str, on: bool) -> bool {
    if on == enabled.iter().any(|a| a == name) {
        return false;
    }
    if on {
        enabled.push(name.to_string());
    } else {
        enabled.retain(|a| a != name);
    }
    true
}

/// The variant with the alternative readings named in `enabled` that apply to it
/// (built once per combination; the variant itself when none applies).
pub fn with_alternatives(def: &'static VariantDef, enabled: &[String]) -> &'static VariantDef {
    let applied: Vec<&crate::rules::kind::AltMove> = (def.alternatives.iter())
        .filter(|a| enabled.iter().any(|e| e.eq_ignore_ascii_case(a.option)))
        .collect();
    if applied.is_empty() {
        return def;
    }
    // The cache key: the variant's address mixed with the chosen options.
    let mut key = def as *const VariantDef as usize;
    for a in &applied {
        for b in a.option.bytes().chain(a.code.bytes()) {
            key = key.wrapping_mul(31).wrapping_add(b as usize);
        }
    }
    let table: &'static &'static VariantDef = crate::cache::shared(key, || {
        let kinds: Vec<KindDef> = (def.kinds.iter())
            .map(
                |k| match applied.iter().find(|a| a.code.eq_ignore_ascii_case(k.code)) {
                    Some(a) => KindDef {
                        betza: a.betza,
                        ..k.clone()
                    },
                    None => k.clone(),
                },
            )
            .collect();
        let kinds: &'static [KindDef] = Box::leak(kinds.into_boxed_slice());
        let variant: &'static VariantDef = Box::leak(Box::new(VariantDef { kinds, ..*def }));
        variant
    });
    table
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_reading_is_switched_once() {
        let mut on = Vec::new();
        assert!(switch_alternative(&mut on, "TaiGreatDragonJumps", true));
        assert!(!switch_alternative(&mut on, "TaiGreatDragonJumps", true));
        assert_eq!(on, ["TaiGreatDragonJumps"]);
        assert!(switch_alternative(&mut on, "TaiGreatDragonJumps", false));
        assert!(!switch_alternative(&mut on, "TaiGreatDragonJumps", false));
        assert!(on.is_empty());
    }
}
