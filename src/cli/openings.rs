//! `openings`: an openings file for `match --openings`.

use super::{flag_pairs, put};
use large_shogi::variants;

/// `openings [--variant V] [--count N] [--plies N] [--seed S] [--max-eval CP]
/// [--depth D] [--option EvalX=N]...`: an openings file on stdout (see
/// `tools::openings`).
pub fn run(args: &[String]) -> i32 {
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
        ("--count", Some(n @ 1..=100_000)) => put(&mut cfg.count, n),
        ("--plies", Some(n @ 1..=1000)) => put(&mut cfg.plies, n),
        ("--seed", Some(n)) => put(&mut cfg.seed, n),
        ("--max-eval", Some(n @ 0..=100_000)) => put(&mut cfg.max_eval, n),
        ("--depth", Some(n @ 1..=64)) => put(&mut cfg.depth, n),
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
