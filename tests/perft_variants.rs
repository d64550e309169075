//! Perft of the larger variants' start positions (dai shogi's is in perft_dai.rs).
//! These are our generator's own counts, fixed here against regressions; the
//! special powers are checked by hand in special_powers.rs. Depths stay well
//! under a minute each.

use large_shogi::game::Game;
use large_shogi::perft::perft;
use large_shogi::rules::Rules;
use large_shogi::rules::kind::VariantDef;
use large_shogi::variants::{dai_dai, maka_dai_dai, tai, taikyoku};

fn counts<const C: usize>(def: &'static VariantDef, expected: &[u64]) {
    let mut game = Game::<C>::new(Rules::get(def), def.setup).unwrap();
    for (d, &n) in expected.iter().enumerate() {
        assert_eq!(
            perft(&mut game.pos, d as u32 + 1),
            n,
            "{} perft {}",
            def.name,
            d + 1
        );
    }
    game.pos.validate().unwrap();
}

#[test]
fn dai_dai_start() {
    counts::<3>(&dai_dai::DAI_DAI, &[59, 3463, 206662, 12280725, 742965694]);
}

#[test]
fn maka_dai_dai_start() {
    counts::<3>(&maka_dai_dai::MAKA_DAI_DAI, &[80, 6400, 535340, 44779419]);
}

#[test]
fn tai_start() {
    counts::<5>(&tai::TAI, &[304, 92664, 28467977]);
}

#[test]
fn taikyoku_start() {
    counts::<11>(&taikyoku::TAIKYOKU, &[265, 70227, 23513057]);
}
