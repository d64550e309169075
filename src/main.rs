//! `large-shogi`: the protocol loop on stdin/stdout (no arguments), or a tool
//! subcommand.

use large_shogi::protocol::session::{Out, new_session};
use large_shogi::protocol::{Flow, Frontend};
use large_shogi::variants;
use std::io::{BufRead, Write};
use std::sync::Arc;
use std::time::Instant;

const USAGE: &str = "usage:
  large-shogi                    protocol loop on stdin/stdout (USI-like, see engine-protocol.md)
  large-shogi perft <depth> [--variant <name>] [--sfen <sfen>] [--moves <m1> ...]
  large-shogi divide <depth> [--variant <name>] [--sfen <sfen>] [--moves <m1> ...]
  large-shogi analyse [--variant <name>] [--sfen <sfen>] [--depth N] [--nodes N]
                      [--movetime MS] [--stream] [--moves <m1> ...]
                                 JSON on stdout: a bestmove object (and, with
                                 --stream, an info object per iteration first)
variants: dai";

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let code = match args.first().map(String::as_str) {
        None | Some("usi") => {
            protocol_loop();
            0
        }
        Some("perft") => tool_perft(&args[1..], false),
        Some("divide") => tool_perft(&args[1..], true),
        Some("analyse" | "analyze") => tool_analyse(&args[1..]),
        Some("help" | "--help" | "-h") => {
            println!("{USAGE}");
            0
        }
        Some(other) => {
            eprintln!("unknown subcommand '{other}'\n{USAGE}");
            2
        }
    };
    std::process::exit(code);
}

fn protocol_loop() {
    let out: Out = Arc::new(|line: &str| {
        let mut stdout = std::io::stdout().lock();
        let _ = writeln!(stdout, "{line}");
        let _ = stdout.flush();
    });
    let mut engine = Frontend::new(out.clone());
    let stdin = std::io::stdin();
    let mut bytes = Vec::new();
    loop {
        bytes.clear();
        match stdin.lock().read_until(b'\n', &mut bytes) {
            Ok(0) => break,
            Ok(_) => {
                // Bytes that are not UTF-8 become U+FFFD, and the command is
                // reported as unknown like any other garbage.
                let line = String::from_utf8_lossy(&bytes);
                if engine.handle(&line, &out) == Flow::Quit {
                    break;
                }
            }
            Err(_) => break,
        }
    }
    engine.finish();
}

fn tool_analyse(args: &[String]) -> i32 {
    use large_shogi::protocol::analyse::JsonReporter;
    use large_shogi::search::Limits;
    use std::sync::atomic::AtomicBool;
    use std::time::Duration;
    let mut variant = variants::ALL[0];
    let mut sfen = None;
    let mut moves: Vec<&str> = Vec::new();
    let mut limits = Limits::default();
    let mut stream = false;
    let mut i = 0;
    let number = |i: usize| -> Option<u64> { args.get(i + 1)?.parse().ok() };
    while i < args.len() {
        let step = match args[i].as_str() {
            "--variant" => match args.get(i + 1).and_then(|v| variants::by_name(v)) {
                Some(v) => {
                    variant = v;
                    2
                }
                None => 0,
            },
            "--sfen" => {
                sfen = args.get(i + 1).cloned();
                2
            }
            "--depth" => number(i).map_or(0, |d| {
                limits.depth = Some(d.clamp(1, 64) as u32);
                2
            }),
            "--nodes" => number(i).map_or(0, |n| {
                limits.nodes = Some(n.max(1));
                2
            }),
            "--movetime" => number(i).map_or(0, |ms| {
                limits.movetime = Some(Duration::from_millis(ms));
                2
            }),
            "--stream" => {
                stream = true;
                1
            }
            "--moves" => {
                moves.extend(args[i + 1..].iter().map(String::as_str));
                args.len() - i
            }
            _ => 0,
        };
        if step == 0 {
            eprintln!("bad argument '{}'\n{USAGE}", args[i]);
            return 2;
        }
        i += step;
    }
    if limits.depth.is_none() && limits.nodes.is_none() && limits.movetime.is_none() {
        limits.depth = Some(4);
    }
    let mut session = new_session(variant);
    let sfen = sfen.unwrap_or_else(|| variant.setup.to_string());
    if let Err(e) = session.set_position(&sfen, &moves) {
        eprintln!("error: {e}");
        return 2;
    }
    let out: Out = Arc::new(|line: &str| println!("{line}"));
    let stop = Arc::new(AtomicBool::new(false));
    let reporter = Box::new(JsonReporter::new(out, stream));
    let _ = session.spawn_search(limits, stop, reporter).join();
    0
}

fn tool_perft(args: &[String], divide: bool) -> i32 {
    let mut depth = None;
    let mut variant = variants::ALL[0];
    let mut sfen = None;
    let mut moves: Vec<&str> = Vec::new();
    let mut i = 0;
    while i < args.len() {
        match args[i].as_str() {
            "--variant" => {
                match args.get(i + 1).and_then(|v| variants::by_name(v)) {
                    Some(v) => variant = v,
                    None => {
                        eprintln!("--variant needs one of: dai");
                        return 2;
                    }
                }
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
                        eprintln!("bad argument '{d}'\n{USAGE}");
                        return 2;
                    }
                }
                i += 1;
            }
        }
    }
    let Some(depth) = depth else {
        eprintln!("{USAGE}");
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
            println!("{m}: {n}");
        }
        rows.iter().map(|(_, n)| n).sum()
    } else {
        session.perft(depth)
    };
    let secs = t.elapsed().as_secs_f64();
    println!(
        "perft {depth}: {total} nodes in {:.3} s ({:.0} nodes/s)",
        secs,
        total as f64 / secs.max(1e-9)
    );
    0
}
