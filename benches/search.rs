//! Search speed per variant: the `bench` positions one ply deeper, one thread,
//! a fresh table for each search. A search's node count is fixed (one thread is
//! deterministic), so criterion's throughput is the node rate, with its spread.

use criterion::{Criterion, SamplingMode, Throughput, criterion_group, criterion_main};
use large_shogi::tools::bench::{POSITIONS, run_position};
use std::time::Duration;

/// Plies added to each bench position's depth: the bench's own searches last a
/// few hundredths of a second, too short for a steady rate.
const DEPTH_OFFSET: i32 = 1;

fn search(c: &mut Criterion) {
    let mut g = c.benchmark_group("search");
    // Each search is one sample (taikyoku's takes a second or more): the same
    // count per sample, not criterion's rising one.
    g.sampling_mode(SamplingMode::Flat);
    g.sample_size(10);
    g.warm_up_time(Duration::from_secs(1));
    g.measurement_time(Duration::from_secs(5));
    for (i, p) in POSITIONS.iter().enumerate() {
        let nodes = run_position(p, DEPTH_OFFSET)
            .expect("a bench position")
            .nodes;
        g.throughput(Throughput::Elements(nodes));
        let depth = p.depth as i32 + DEPTH_OFFSET;
        // The search's own time (`run_position` times the search, not the
        // table's allocation).
        g.bench_function(format!("{i}-{}/depth-{depth}", p.variant), |b| {
            b.iter_custom(|iters| {
                (0..iters)
                    .map(|_| run_position(p, DEPTH_OFFSET).unwrap().elapsed)
                    .sum()
            })
        });
    }
    g.finish();
}

criterion_group!(benches, search);
criterion_main!(benches);
