//! `analyse`: one position searched, JSON out.

use super::usage;
use large_shogi::protocol::session::{Out, new_session};
use large_shogi::variants;
use std::sync::Arc;

/// `analyse [--variant V] [--sfen S] [--depth N] ...`: see the usage text.
pub fn run(args: &[String]) -> i32 {
    use large_shogi::protocol::analyse::JsonReporter;
    use large_shogi::protocol::session::{
        DEFAULT_HASH_MB, MAX_HASH_MB, MAX_THREADS, SearchSetup, Signals,
    };
    use large_shogi::search::tt::TranspositionTable;
    use large_shogi::search::{Limits, MAX_DEPTH};
    use std::time::Duration;
    let mut variant = variants::ALL[0];
    let mut sfen = None;
    let mut moves: Vec<&str> = Vec::new();
    let mut limits = Limits::default();
    let mut stream = false;
    let (mut threads, mut hash_mb) = (1, DEFAULT_HASH_MB);
    let mut weights = large_shogi::eval::Weights::default();
    let mut alternatives: Vec<String> = Vec::new();
    let mut i = 0;
    // The number after flag `i`, if it lies in `lo..=hi`.
    let number = |i: usize, lo: u64, hi: u64| -> Result<u64, String> {
        match args.get(i + 1).and_then(|v| v.parse::<u64>().ok()) {
            Some(n) if (lo..=hi).contains(&n) => Ok(n),
            _ => Err(format!("{} takes a number from {lo} to {hi}", args[i])),
        }
    };
    while i < args.len() {
        let step: Result<usize, String> = match args[i].as_str() {
            "--variant" => match args.get(i + 1).and_then(|v| variants::by_name(v)) {
                Some(v) => {
                    variant = v;
                    Ok(2)
                }
                None => Err(format!("--variant takes one of: {}", variants::names(", "))),
            },
            "--sfen" => match args.get(i + 1) {
                Some(s) => {
                    sfen = Some(s.clone());
                    Ok(2)
                }
                None => Err("--sfen takes a position".into()),
            },
            "--depth" => number(i, 1, MAX_DEPTH as u64).map(|d| {
                limits.depth = Some(d as u32);
                2
            }),
            "--nodes" => number(i, 1, u64::MAX).map(|n| {
                limits.nodes = Some(n);
                2
            }),
            "--movetime" => number(i, 1, 1 << 40).map(|ms| {
                limits.movetime = Some(Duration::from_millis(ms));
                2
            }),
            "--multipv" => number(i, 1, 500).map(|n| {
                limits.multipv = n as usize;
                2
            }),
            "--threads" => number(i, 1, MAX_THREADS as u64).map(|n| {
                threads = n as usize;
                2
            }),
            "--hash" => number(i, 1, MAX_HASH_MB as u64).map(|mb| {
                hash_mb = mb as usize;
                2
            }),
            "--option" => engine_option(args.get(i + 1), &mut weights, &mut alternatives)
                .map(|()| 2)
                .map_err(|e| format!("--option: {e}")),
            "--stream" => {
                stream = true;
                Ok(1)
            }
            "--moves" => {
                moves.extend(args[i + 1..].iter().map(String::as_str));
                Ok(args.len() - i)
            }
            other => Err(format!("unknown argument '{other}'")),
        };
        match step {
            Ok(n) => i += n,
            Err(why) => {
                eprintln!("error: {why}\n{}", usage());
                return 2;
            }
        }
    }
    if limits.depth.is_none() && limits.nodes.is_none() && limits.movetime.is_none() {
        limits.depth = Some(4);
    }
    let tt = match TranspositionTable::try_new(hash_mb) {
        Ok(tt) => Arc::new(tt),
        Err(e) => {
            eprintln!("error: {e}");
            return 2;
        }
    };
    let mut session = new_session(variants::with_alternatives(variant, &alternatives));
    session.set_search(SearchSetup {
        tt,
        threads,
        weights,
        kept_history: Default::default(),
    });
    let sfen = sfen.unwrap_or_else(|| variant.setup.to_string());
    if let Err(e) = session.set_position(&sfen, &moves) {
        eprintln!("error: {e}");
        return 2;
    }
    let out: Out = Arc::new(|line: &str| say!("{line}"));
    let reporter = Box::new(JsonReporter::new(out, stream));
    let _ = session
        .spawn_search(limits.clone(), Signals::new(&limits), reporter)
        .join();
    0
}

/// `--option NAME=VALUE` of `analyse`: an evaluation weight (`EvalMobility=3`) or
/// an alternative rule reading (`TaiGreatDragonJumps=true`), as the protocol's
/// `setoption` takes them.
fn engine_option(
    arg: Option<&String>,
    weights: &mut large_shogi::eval::Weights,
    alternatives: &mut Vec<String>,
) -> Result<(), String> {
    let Some((name, value)) = arg.and_then(|a| a.split_once('=')) else {
        return Err("NAME=VALUE expected".into());
    };
    if let Some(p) = large_shogi::eval::param(name) {
        return p.set(weights, Some(value));
    }
    if !variants::alternative_options().contains(&name) {
        return Err(format!("unknown option '{name}'"));
    }
    let on = match value {
        "true" => true,
        "false" => false,
        _ => return Err(format!("{name} takes the value true or false")),
    };
    variants::switch_alternative(alternatives, name, on);
    Ok(())
}
