//! Move generation, make/unmake and perft speed, per variant.

use criterion::{Criterion, black_box, criterion_group, criterion_main};
use large_shogi::perft::perft;
use large_shogi::position::Position;
use large_shogi::rules::Rules;
use large_shogi::rules::kind::VariantDef;
use large_shogi::variants::{self, dai::DAI};

/// A middlegame position reached by a fixed line, so that sliders and lions are
/// out and captures exist.
const DAI_MIDGAME: &str = "position after 9k9j 7e7f 8l12h 8d3i 10l8j 6d9g 12h12g 9e9f";

fn dai_positions() -> Vec<(&'static str, Position<2>)> {
    let rules = Rules::get(&DAI);
    let start = Position::<2>::from_sfen(rules, DAI.setup).unwrap();
    let mut mid = start.clone();
    for m in DAI_MIDGAME.split_whitespace().skip(2) {
        let mv = mid.parse_move(m).unwrap();
        mid.make(mv);
    }
    vec![("start", start), ("midgame", mid)]
}

/// Generation, and make/unmake of every legal move, in one position.
fn position_benches<const C: usize>(c: &mut Criterion, name: &str, pos: &mut Position<C>) {
    let mut list = Vec::with_capacity(2048);
    c.bench_function(&format!("{name}/generate"), |b| {
        b.iter(|| {
            list.clear();
            black_box(&*pos).generate(&mut list);
            list.len()
        })
    });
    let mut moves = Vec::new();
    pos.generate(&mut moves);
    // One iteration makes and unmakes every legal move once.
    c.bench_function(&format!("{name}/make_unmake_all_{}", moves.len()), |b| {
        b.iter(|| {
            for &m in &moves {
                pos.make(black_box(m));
                pos.unmake();
            }
        })
    });
}

fn benches(c: &mut Criterion) {
    for (name, mut pos) in dai_positions() {
        position_benches(c, &format!("dai/{name}"), &mut pos);
    }
    let rules = Rules::get(&DAI);
    let mut start = Position::<2>::from_sfen(rules, DAI.setup).unwrap();
    let mut g = c.benchmark_group("dai/perft");
    g.sample_size(10);
    g.bench_function("3", |b| b.iter(|| perft(&mut start, 3)));
    g.bench_function("4", |b| b.iter(|| perft(&mut start, 4)));
    g.finish();
}

/// Start positions of the larger variants: generation, make/unmake of every move,
/// and perft at the depth the note reports.
fn larger<const C: usize>(c: &mut Criterion, def: &'static VariantDef, depth: u32) {
    let rules = Rules::get(def);
    let mut pos = Position::<C>::from_sfen(rules, def.setup).unwrap();
    position_benches(c, &format!("{}/start", def.name), &mut pos);
    let mut g = c.benchmark_group(format!("{}/perft", def.name));
    g.sample_size(10);
    g.bench_function(depth.to_string(), |b| b.iter(|| perft(&mut pos, depth)));
    g.finish();
}

fn larger_variants(c: &mut Criterion) {
    larger::<3>(c, &variants::dai_dai::DAI_DAI, 4);
    larger::<3>(c, &variants::maka_dai_dai::MAKA_DAI_DAI, 3);
    larger::<5>(c, &variants::tai::TAI, 3);
    larger::<11>(c, &variants::taikyoku::TAIKYOKU, 3);
}

criterion_group!(movegen, benches, larger_variants);
criterion_main!(movegen);
