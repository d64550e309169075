//! `bench`: the search bench and its node signature.

use super::usage;

/// `bench [--depth-offset N] [--repeat N]`: the search bench (see
/// `tools::bench`). With `--repeat`, each position is searched that many
/// times and its median time is reported (the searches are the same each
/// time), so that one run gives a node rate a shared machine's noise does not
/// swing.
pub fn run(args: &[String]) -> i32 {
    let (mut offset, mut repeat) = (0, 1);
    let mut rest = args;
    while !rest.is_empty() {
        let parsed = match rest {
            [flag, n, ..] if flag == "--depth-offset" => n
                .parse::<i32>()
                .ok()
                .filter(|n| (-10..=10).contains(n))
                .map(|n| offset = n),
            [flag, n, ..] if flag == "--repeat" => n
                .parse::<usize>()
                .ok()
                .filter(|n| (1..=1000).contains(n))
                .map(|n| repeat = n),
            _ => None,
        };
        if parsed.is_none() {
            eprintln!("bad argument '{}'\n{}", rest.join(" "), usage());
            return 2;
        }
        rest = &rest[2..];
    }
    let mut nodes = 0u64;
    let mut elapsed = std::time::Duration::ZERO;
    for p in large_shogi::tools::bench::POSITIONS {
        match large_shogi::tools::bench::run_repeated(p, offset, repeat) {
            Ok(r) => {
                let nps = |t| nodes_per_second(r.nodes, t);
                let spread = if repeat > 1 {
                    format!(
                        "  (median of {repeat}; {} to {} nps)",
                        nps(r.slowest),
                        nps(r.fastest)
                    )
                } else {
                    String::new()
                };
                say!(
                    "{:<11} depth {:>2} {:>10} nodes {:>8.3} s {:>9} nps  best {}  moves [{}]{spread}",
                    p.variant,
                    (p.depth as i32 + offset).max(1),
                    r.nodes,
                    r.elapsed.as_secs_f64(),
                    nps(r.elapsed),
                    r.best,
                    p.moves
                );
                nodes += r.nodes;
                elapsed += r.elapsed;
            }
            Err(e) => {
                eprintln!("bench position failed: {e}");
                return 1;
            }
        }
    }
    say!(
        "bench: {nodes} nodes in {:.3} s, {} nps, signature {nodes}",
        elapsed.as_secs_f64(),
        nodes_per_second(nodes, elapsed)
    );
    0
}

/// The bench's rate: `nodes` searched in `t`.
fn nodes_per_second(nodes: u64, t: std::time::Duration) -> u64 {
    (nodes as f64 / t.as_secs_f64().max(1e-9)) as u64
}
