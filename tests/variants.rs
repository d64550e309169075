//! Every variant's table and setup: the piece and type counts the seeds state,
//! point symmetry, every kind reachable, and the start position's SFEN round trip.

use large_shogi::game::Game;
use large_shogi::rules::Rules;
use large_shogi::rules::kind::VariantDef;
use large_shogi::types::{PieceId, Side};
use large_shogi::variants;
use std::collections::{BTreeMap, BTreeSet};

/// (protocol name, pieces a side, kinds in the setup).
const COUNTS: &[(&str, usize, usize)] = &[
    ("dai", 65, 29),
    ("daidai", 96, 64),
    ("makadaidai", 96, 50),
    ("tai", 177, 93),
    ("taikyoku", 402, 209),
];

fn check<const C: usize>(def: &'static VariantDef, pieces: usize, kinds: usize) {
    let rules = Rules::get(def);
    let game = Game::<C>::new(rules, def.setup).unwrap();
    let pos = &game.pos;
    assert_eq!(pos.to_sfen(), def.setup, "{}: SFEN round trip", def.name);
    let geo = &rules.geo;
    let mut per_side = [BTreeMap::new(), BTreeMap::new()];
    for side in Side::BOTH {
        for id in pos.pieces_of(side).iter() {
            let f = pos.form(id as PieceId);
            assert!(!f.promoted, "{}: promoted piece in the setup", def.name);
            *per_side[side.index()].entry(f.base.code).or_insert(0) += 1;
            // Point symmetry: the square turned half a circle holds the same kind of
            // the other side.
            let sq = pos.piece(id as PieceId).sq;
            let mirror = geo.square(geo.width - 1 - geo.x(sq), geo.height - 1 - geo.y(sq));
            let other = pos
                .piece_at(mirror)
                .expect("a piece on the mirrored square");
            assert_eq!(pos.piece(other).side, side.flip(), "{}", def.name);
            assert_eq!(pos.form(other).base.code, f.base.code, "{}", def.name);
        }
    }
    assert_eq!(per_side[0], per_side[1], "{}: both sides alike", def.name);
    let total: usize = per_side[0].values().sum();
    assert_eq!(total, pieces, "{}: pieces a side", def.name);
    assert_eq!(per_side[0].len(), kinds, "{}: kinds in the setup", def.name);
    // Every kind appears in the setup, as a promotion of a setup kind, or by contagion.
    let mut reached: BTreeSet<&str> = per_side[0].keys().copied().collect();
    for f in &rules.forms {
        if reached.contains(f.base.code) {
            reached.insert(f.kind.code);
        }
    }
    for c in def.contagion {
        reached.insert(c.becomes);
    }
    for k in def.kinds {
        assert!(
            reached.contains(k.code),
            "{}: {} is unreachable",
            def.name,
            k.name
        );
    }
    // Codes are unique, case-insensitively.
    let codes: BTreeSet<String> = def.kinds.iter().map(|k| k.code.to_uppercase()).collect();
    assert_eq!(
        codes.len(),
        def.kinds.len(),
        "{}: duplicate codes",
        def.name
    );
    // At least one royal a side.
    for side in Side::BOTH {
        assert!(pos.royal_count(side) >= 1, "{}", def.name);
    }
}

#[test]
fn setups_match_the_sources() {
    assert_eq!(variants::ALL.len(), COUNTS.len());
    for &(name, pieces, kinds) in COUNTS {
        let def = variants::by_name(name).unwrap();
        large_shogi::with_chunks!(def, check(def, pieces, kinds))
    }
}
