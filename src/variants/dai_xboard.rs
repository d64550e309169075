//! How dai shogi is described to XBoard 4.9.1 (CECP `setup` and `piece` lines).
//!
//! XBoard has a fixed list of 66 piece slots per side. The table below keeps chu
//! shogi's pieces in the slots XBoard's own chu parent gives them and puts dai's
//! extra pieces in chu's unused slots, with HaChu's letter scheme. The lion sits in
//! slot 23, not XBoard's lion slot 21: in slot 21 XBoard enforces chu shogi's
//! lion-trading rules, which dai shogi does not have (seed 003). Measured with
//! Debian's XBoard 4.9.1; XBoard's Betza dialect has no brackets, so the line-lion
//! pieces are written with `a` legs, and it reads direction modifiers on K and Q
//! differently (it forfeited an evil wolf's forward-diagonal step written `fKsW`
//! and a white horse's diagonal written `fQbR`), so pieces are spelt with W, F, R
//! and B only.

/// Slot tokens in XBoard's order (`/` starts the promoted slots; `^X` is `+X`).
pub const SLOTS: &[&str] = &[
    "P", "N", "B", "R", "Q", "S", "E", "X", "O", "G", "I", "U", "W", "H", "D", "X'", "F'", "^D",
    "L", "P'", "^H", "A'", "V", "L!", "C'", "^N", "^I", "^U", "^W", "^X'", "^F'", "^T", "^A'",
    "^C'", "^L", ".", "C", ".", ".", ".", "A", "^A", "F", "T", "/", "^F", "^G", "^M", ".", "^E",
    "^X", "^O", "^P'", ".", "^P", ".", "^B", "^R", ".", ".", "M", "^S", "^C", "^V", "K",
];

/// Our code -> XBoard's piece letter.
pub const IDS: &[(&str, &str)] = &[
    ("K", "K"),
    ("Q", "Q"),
    ("LN", "L!"),
    ("DK", "D"),
    ("DH", "H"),
    ("R", "R"),
    ("B", "B"),
    ("KR", "O"),
    ("PH", "X"),
    ("VO", "X'"),
    ("FD", "F'"),
    ("DE", "E"),
    ("BT", "T"),
    ("FL", "F"),
    ("G", "G"),
    ("S", "S"),
    ("C", "C"),
    ("AB", "A'"),
    ("CS", "C'"),
    ("VM", "V"),
    ("SM", "M"),
    ("RC", "A"),
    ("L", "L"),
    ("N", "N"),
    ("EW", "W"),
    ("I", "I"),
    ("ST", "U"),
    ("GB", "P'"),
    ("P", "P"),
];

/// `piece` lines: XBoard letter (with `+` for the promoted form) and its move.
pub const PIECES: &[(&str, &str)] = &[
    ("K", "K"),
    ("Q", "Q"),
    ("L!", "KNADcaKmabK"),
    ("D", "RF"),
    ("H", "BW"),
    ("R", "R"),
    ("B", "B"),
    ("O", "FD"),
    ("X", "WA"),
    ("X'", "R2"),
    ("F'", "B2"),
    ("E", "FfsW"),
    ("T", "FsbW"),
    ("F", "FvW"),
    ("G", "WfF"),
    ("S", "FfW"),
    ("C", "fFvW"),
    ("A'", "W"),
    ("C'", "F"),
    ("V", "WvR"),
    ("M", "WsR"),
    ("A", "vR"),
    ("L", "fR"),
    ("N", "ffN"),
    ("W", "fFfsW"),
    ("I", "fFfW"),
    ("U", "fF"),
    ("P'", "vW"),
    ("P", "fW"),
    ("+D", "RbBfFfAfcafFfcabFfmabF"),
    ("+H", "BsRbRfWfDfcafWfcabWfmabW"),
    ("+R", "RF"),
    ("+B", "BW"),
    ("+O", "KNADcaKmabK"),
    ("+X", "Q"),
    ("+X'", "WfF"),
    ("+F'", "WfF"),
    ("+E", "K"),
    ("+T", "vRK"),
    ("+F", "B"),
    ("+G", "R"),
    ("+S", "WvR"),
    ("+C", "WsR"),
    ("+A'", "WfF"),
    ("+C'", "WfF"),
    ("+V", "BvR"),
    ("+M", "BsR"),
    ("+A", "vRbB"),
    ("+L", "fBvR"),
    ("+N", "WfF"),
    ("+W", "WfF"),
    ("+I", "WfF"),
    ("+U", "WfF"),
    ("+P'", "FfsW"),
    ("+P", "WfF"),
];
