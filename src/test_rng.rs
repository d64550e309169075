//! A small deterministic generator (xorshift64) for the unit tests' random
//! games and boards (the integration tests have theirs in `tests/common`).

/// Steps `seed` (not 0) and returns the new value.
pub(crate) fn next(seed: &mut u64) -> u64 {
    *seed ^= *seed << 13;
    *seed ^= *seed >> 7;
    *seed ^= *seed << 17;
    *seed
}
