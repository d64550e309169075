//! The diagram of every piece kind of every variant, promoted forms included: a
//! reviewer compares these snapshots with the seeds' diagrams piece by piece.

use large_shogi::diagram::variant_pieces;
use large_shogi::variants;

#[test]
fn piece_diagrams() {
    for def in variants::ALL {
        let text = variant_pieces(def, &[]).unwrap();
        assert!(text.matches(" (").count() >= def.kinds.len());
        insta::assert_snapshot!(format!("pieces_{}", def.name), text);
    }
}

#[test]
fn unknown_code_is_an_error() {
    let err = variant_pieces(variants::ALL[0], &["ZZZ"]).unwrap_err();
    assert!(err.contains("ZZZ"), "{err}");
}
