//! `perft` and `divide`: move-path counts from a position.

use super::{usage, variant_arg};
use large_shogi::protocol::session::new_session;
use large_shogi::variants;
use std::time::Instant;

/// `perft <depth>` (or `divide <depth>`, each root move's count too)
/// `[--variant V] [--sfen S] [--moves ...]`.
pub fn run(args: &[String], divide: bool) -> i32 {
    let mut depth = None;
    let mut variant = variants::ALL[0];
    let mut sfen = None;
    let mut moves: Vec<&str> = Vec::new();
    let mut i = 0;
    while i < args.len() {
        match args[i].as_str() {
            "--variant" => {
                let Some(v) = variant_arg(args.get(i + 1)) else {
                    return 2;
                };
                variant = v;
                i += 2;
            }
            "--sfen" => {
                sfen = args.get(i + 1).cloned();
                i += 2;
            }
            "--moves" => {
                moves.extend(args[i + 1..].iter().map(String::as_str));
                break;
            }
            d => {
                match d.parse::<u32>() {
                    Ok(n) if (1..=10).contains(&n) && depth.is_none() => depth = Some(n),
                    _ => {
                        eprintln!("bad argument '{d}'\n{}", usage());
                        return 2;
                    }
                }
                i += 1;
            }
        }
    }
    let Some(depth) = depth else {
        eprintln!("{}", usage());
        return 2;
    };
    let mut session = new_session(variant);
    let sfen = sfen.unwrap_or_else(|| variant.setup.to_string());
    if let Err(e) = session.set_position(&sfen, &moves) {
        eprintln!("error: {e}");
        return 2;
    }
    let t = Instant::now();
    let total: u64 = if divide {
        let rows = session.divide(depth);
        for (m, n) in &rows {
            say!("{m}: {n}");
        }
        rows.iter().map(|(_, n)| n).sum()
    } else {
        session.perft(depth)
    };
    let secs = t.elapsed().as_secs_f64();
    say!(
        "perft {depth}: {total} nodes in {:.3} s ({:.0} nodes/s)",
        secs,
        total as f64 / secs.max(1e-9)
    );
    0
}
