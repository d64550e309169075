//! The variants, each a table of data (plus its rules document beside it).

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
