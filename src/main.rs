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
                      [--movetime MS] [--multipv N] [--threads N] [--hash MB]
                      [--option NAME=VALUE] [--stream] [--moves <m1> ...]
                                 JSON on stdout: a bestmove object with the best
                                 N lines (and, with --stream, an info object per
                                 iteration and line first); --option (repeatable):
                                 an Eval weight, Contempt or a rule reading, as
                                 setoption takes them (default: depth 4, 1 thread,
                                 64 MB)
  large-shogi match --engine1 <cmd> --engine2 <cmd> [--games N] [--concurrency K]
                    [--tc movetime=MS|nodes=N|depth=N|SEC[+INC][/BYO]] [--variant <name>]
                    [--tc1 <tc>] [--tc2 <tc>] [--option1 NAME=VALUE] [--option2 NAME=VALUE]
                    [--openings <file of sfens>] [--max-plies N]
                    [--sprt ELO0,ELO1[,ALPHA,BETA]] [--out <games file>]
                    [--resign-score CP [--resign-plies N]]
                    [--draw-score CP [--draw-plies N] [--draw-after PLY]]
                    [--material-margin CP [--material-plies N]]
                                 adjudication (off unless asked): a win once the
                                 engines' last N scores all give one side >= CP
                                 (default N 6); a draw once they are all within CP
                                 of 0 after ply PLY (N 20, PLY 0); a win once one
                                 side's material is >= CP ahead N plies running (N 10)
                                 --tcN: engine N's own control instead of --tc;
                                 --optionN (repeatable): sent to engine N after the
                                 handshake (USI setoption, CECP option)
  large-shogi openings [--variant <name>] [--count N] [--plies N] [--seed S]
                       [--max-eval CP] [--depth D] [--option EvalX=N]
                                 an openings file on stdout: random sensible plies
                                 from the start, positions searched to depth D
                                 within CP of equal, no duplicates (see books/);
                                 --option (repeatable): an Eval weight for them
  large-shogi bench [--depth-offset N] [--repeat N]
                                 fixed positions of every variant, one thread:
                                 nodes, nodes per second, and the node signature
                                 (--repeat: each position N times, median time)
  large-shogi tune [--variant <name>] [--skip N] [--steps N] [--rate CP]
                   [--min-samples N] [--prior W] [--holdout N]
                   [--mobility yes|no] <games file> ...
                                 piece values fitted to the results of played
                                 games (match --out files): the quiet positions
                                 from ply N on (default 16), a Markdown table out;
                                 --prior: pull towards the table's values (0 to 1),
                                 --holdout N: every Nth game scored, not fitted,
                                 --mobility yes: the mobility weight fitted too
  large-shogi pieces [--variant <name>] [<code> ...]
                                 each piece's moves as a diagram on an empty board
variants:";

/// The usage text, with the variants' protocol names.
fn usage() -> String {
    let names: Vec<&str> = variants::ALL.iter().map(|v| v.name).collect();
    format!("{USAGE} {}", names.join(", "))
}

/// `println!` for the subcommands' output: when stdout's reader has gone (`analyse
/// ... | head -1`) the process ends quietly, where `println!` would panic.
macro_rules! say {
    ($($arg:tt)*) => {{
        if writeln!(std::io::stdout(), $($arg)*).is_err() {
            std::process::exit(0);
        }
    }};
}

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
        Some("match") => tool_match(&args[1..]),
        Some("openings") => tool_openings(&args[1..]),
        Some("pieces") => tool_pieces(&args[1..]),
        Some("bench") => tool_bench(&args[1..]),
        Some("tune") => tool_tune(&args[1..]),
        Some("help" | "--help" | "-h") => {
            say!("{}", usage());
            0
        }
        Some(other) => {
            eprintln!("unknown subcommand '{other}'\n{}", usage());
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

fn tool_match(args: &[String]) -> i32 {
    use large_shogi::tools::match_runner::{Adjudicated, MatchConfig, run};
    use large_shogi::tools::stats::Verdict;
    let cfg = match MatchConfig::from_args(args) {
        Ok(cfg) => cfg,
        Err(e) => {
            eprintln!("error: {e}\n{}", usage());
            return 2;
        }
    };
    let tcs = cfg.differing_tcs().map(|t| format!("Time controls: {t}"));
    if let Some(t) = &tcs {
        say!("{t}");
    }
    let report = |g: &large_shogi::tools::match_runner::GameRecord,
                  t: &large_shogi::tools::stats::Tally| {
        let (lo, elo, hi) = t.elo();
        say!(
            "game {}: engine{} as Black: {} after {} plies ({}); +{} -{} ={} elo {elo:.0} [{lo:.0}, {hi:.0}]",
            g.index + 1,
            g.black + 1,
            match g.winner {
                Some(large_shogi::types::Side::Black) => "Black won",
                Some(large_shogi::types::Side::White) => "White won",
                None => "draw",
            },
            g.moves.len(),
            g.reason,
            t.wins,
            t.losses,
            t.draws
        );
    };
    match run(&cfg, &report) {
        Ok((t, games)) => {
            let (lo, elo, hi) = t.elo();
            say!(
                "Score of engine1 vs engine2: +{} -{} ={} ({:.1}%) in {} games",
                t.wins,
                t.losses,
                t.draws,
                100.0 * t.score(),
                t.games()
            );
            say!("Elo difference: {elo:.1} (95% interval {lo:.1} to {hi:.1})");
            if t.pair_count() > 0 {
                let (lo, elo, hi) = t.pair_elo();
                let [l, ll, even, ww, w] = t.pairs;
                say!(
                    "By pairs (the two games of an opening): {elo:.1} (95% interval {lo:.1} to {hi:.1}); \
                     pairs scoring 0: {l}, 1/2: {ll}, 1: {even}, 3/2: {ww}, 2: {w}"
                );
            }
            if let Some(t) = &tcs {
                say!("{t}");
            }
            let count = |f: &dyn Fn(&large_shogi::tools::match_runner::GameRecord) -> bool| {
                games.iter().filter(|g| f(g)).count()
            };
            let by = |how| count(&|g| g.adjudicated == Some(how) && g.winner.is_some());
            say!(
                "Adjudicated: {} won on scores, {} drawn on scores, {} won on material; {} drawn at the ply limit",
                by(Adjudicated::Scores),
                count(&|g| g.adjudicated == Some(Adjudicated::Scores) && g.winner.is_none()),
                by(Adjudicated::Material),
                count(&|g| g.adjudicated.is_none()
                    && g.winner.is_none()
                    && g.moves.len() >= cfg.max_plies)
            );
            if let Some(s) = &cfg.sprt {
                let (a, b) = s.bounds();
                let verdict = match s.verdict(&t) {
                    Verdict::AcceptH1 => "H1 accepted",
                    Verdict::AcceptH0 => "H0 accepted",
                    Verdict::Continue => "no decision yet",
                };
                say!(
                    "SPRT elo0={} elo1={} by pairs: LLR {:.2} (bounds {a:.2}, {b:.2}): {verdict}",
                    s.elo0,
                    s.elo1,
                    t.llr(s.elo0, s.elo1)
                );
            }
            0
        }
        Err(e) => {
            eprintln!("match failed: {e}");
            1
        }
    }
}

/// Walks the `--flag value` pairs of `args`, handing each to `set` (the flag,
/// the value's text, and the value as a number if it is one), which says
/// whether it took it; with `files`, arguments not starting `--` go there. A
/// pair refused is reported with the usage: `Err(2)`, the exit code.
fn flag_pairs(
    args: &[String],
    mut files: Option<&mut Vec<String>>,
    mut set: impl FnMut(&str, &str, Option<u64>) -> bool,
) -> Result<(), i32> {
    let mut i = 0;
    while i < args.len() {
        if let Some(files) = files.as_deref_mut()
            && !args[i].starts_with("--")
        {
            files.push(args[i].clone());
            i += 1;
            continue;
        }
        let value = args.get(i + 1).map(String::as_str).unwrap_or("");
        if !set(&args[i], value, value.parse::<u64>().ok()) {
            eprintln!("bad argument '{} {value}'\n{}", args[i], usage());
            return Err(2);
        }
        i += 2;
    }
    Ok(())
}

/// `openings [--variant V] [--count N] [--plies N] [--seed S] [--max-eval CP]
/// [--depth D] [--option EvalX=N]...`: an openings file on stdout (see
/// `tools::openings`).
fn tool_openings(args: &[String]) -> i32 {
    use large_shogi::tools::openings::{OpeningsConfig, file_text, generate};
    let mut cfg = OpeningsConfig {
        variant: variants::ALL[0],
        count: 60,
        plies: 8,
        seed: 1,
        max_eval: 80,
        depth: 2,
        options: Vec::new(),
    };
    let parsed = flag_pairs(args, None, |flag, value, n| match (flag, n) {
        ("--variant", _) => variants::by_name(value).map(|v| cfg.variant = v).is_some(),
        ("--count", Some(n @ 1..=100_000)) => {
            cfg.count = n as usize;
            true
        }
        ("--plies", Some(n @ 1..=1000)) => {
            cfg.plies = n as usize;
            true
        }
        ("--seed", Some(n)) => {
            cfg.seed = n;
            true
        }
        ("--max-eval", Some(n @ 0..=100_000)) => {
            cfg.max_eval = n as i32;
            true
        }
        ("--depth", Some(n @ 1..=64)) => {
            cfg.depth = n as u32;
            true
        }
        ("--option", _) => {
            let (name, text) = value.split_once('=').unwrap_or((value, ""));
            let param = large_shogi::eval::param(name);
            let mut w = large_shogi::eval::Weights::default();
            match param.map(|p| (p, p.set(&mut w, Some(text)))) {
                Some((p, Ok(()))) => {
                    cfg.options.push((p, p.get(&w)));
                    true
                }
                _ => false,
            }
        }
        _ => false,
    });
    if let Err(code) = parsed {
        return code;
    }
    match generate(&cfg) {
        Ok(openings) => {
            print!("{}", file_text(&cfg, &openings));
            0
        }
        Err(e) => {
            eprintln!("error: {e}");
            1
        }
    }
}

/// `tune [--variant V] [--skip N] [--steps N] [--rate CP] [--min-samples N]
/// [--prior W] [--holdout N] [--mobility yes|no] FILE...`: fitted piece values (see `tools::tune`).
fn tool_tune(args: &[String]) -> i32 {
    use large_shogi::tools::tune::{TuneConfig, report_text, run};
    let mut cfg = TuneConfig {
        variant: variants::ALL[0],
        files: Vec::new(),
        skip: 16,
        steps: 2000,
        rate: 1.0,
        min_samples: 500,
        prior: 0.0,
        holdout: 0,
        mobility: false,
    };
    let mut files = Vec::new();
    let parsed = flag_pairs(args, Some(&mut files), |flag, value, n| match (flag, n) {
        ("--variant", _) => variants::by_name(value).map(|v| cfg.variant = v).is_some(),
        ("--skip", Some(n @ 0..=10_000)) => {
            cfg.skip = n as usize;
            true
        }
        ("--steps", Some(n @ 1..=100_000)) => {
            cfg.steps = n as usize;
            true
        }
        ("--rate", Some(n @ 1..=100)) => {
            cfg.rate = n as f64;
            true
        }
        ("--prior", _) => match value.parse::<f64>() {
            Ok(p) if (0.0..=1.0).contains(&p) => {
                cfg.prior = p;
                true
            }
            _ => false,
        },
        ("--holdout", Some(n @ 0..=100)) => {
            cfg.holdout = n as usize;
            true
        }
        ("--min-samples", Some(n @ 1..=10_000_000)) => {
            cfg.min_samples = n as usize;
            true
        }
        ("--mobility", _) => match value {
            "yes" | "no" => {
                cfg.mobility = value == "yes";
                true
            }
            _ => false,
        },
        _ => false,
    });
    if let Err(code) = parsed {
        return code;
    }
    cfg.files = files;
    if cfg.files.is_empty() {
        eprintln!("error: no games file given\n{}", usage());
        return 2;
    }
    match run(&cfg) {
        Ok(report) => {
            print!("{}", report_text(&report));
            0
        }
        Err(e) => {
            eprintln!("error: {e}");
            1
        }
    }
}

fn tool_analyse(args: &[String]) -> i32 {
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
                None => Err(format!("--variant takes one of: {}", variant_names())),
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

fn variant_names() -> String {
    let names: Vec<&str> = variants::ALL.iter().map(|v| v.name).collect();
    names.join(", ")
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

/// `pieces [--variant <name>] [<code> ...]`: piece diagrams on stdout.
fn tool_pieces(args: &[String]) -> i32 {
    let mut variant = variants::ALL[0];
    let mut codes = Vec::new();
    let mut i = 0;
    while i < args.len() {
        if args[i] == "--variant" {
            let Some(v) = variant_arg(args.get(i + 1)) else {
                return 2;
            };
            variant = v;
            i += 2;
        } else {
            codes.push(args[i].as_str());
            i += 1;
        }
    }
    match large_shogi::diagram::variant_pieces(variant, &codes) {
        Ok(text) => {
            print!("{text}");
            0
        }
        Err(e) => {
            eprintln!("{e}");
            2
        }
    }
}

/// `bench [--depth-offset N] [--repeat N]`: the search bench (see
/// `tools::bench`). With `--repeat`, each position is searched that many
/// times and its median time is reported (the searches are the same each
/// time), so that one run gives a node rate a shared machine's noise does not
/// swing.
fn tool_bench(args: &[String]) -> i32 {
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

/// The variant named after `--variant`, or `None` after saying what is wrong.
fn variant_arg(name: Option<&String>) -> Option<&'static large_shogi::rules::kind::VariantDef> {
    let v = name.and_then(|v| variants::by_name(v));
    if v.is_none() {
        eprintln!("bad argument '--variant'\n{}", usage());
    }
    v
}
