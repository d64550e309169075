//! Move generation, make/unmake and perft speed, per variant.

use criterion::{Criterion, black_box, criterion_group, criterion_main};
use large_shogi::perft::perft;
use large_shogi::position::Position;
use large_shogi::rules::Rules;
use large_shogi::variants::dai::DAI;

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

fn benches(c: &mut Criterion) {
    for (name, pos) in dai_positions() {
        let mut list = Vec::with_capacity(1024);
        c.bench_function(&format!("dai/{name}/generate"), |b| {
            b.iter(|| {
                list.clear();
                black_box(&pos).generate(&mut list);
                list.len()
            })
        });
        let mut moves = Vec::new();
        pos.generate(&mut moves);
        let mut p = pos.clone();
        // One iteration makes and unmakes every legal move once.
        c.bench_function(
            &format!("dai/{name}/make_unmake_all_{}", moves.len()),
            |b| {
                b.iter(|| {
                    for &m in &moves {
                        p.make(black_box(m));
                        p.unmake();
                    }
                })
            },
        );
    }
    let rules = Rules::get(&DAI);
    let mut start = Position::<2>::from_sfen(rules, DAI.setup).unwrap();
    let mut g = c.benchmark_group("dai/perft");
    g.sample_size(10);
    g.bench_function("3", |b| b.iter(|| perft(&mut start, 3)));
    g.bench_function("4", |b| b.iter(|| perft(&mut start, 4)));
    g.finish();
}

criterion_group!(movegen, benches);
criterion_main!(movegen);
