//! `tune`: piece values fitted to played games.

use super::{flag_pairs, put, usage};
use large_shogi::variants;

/// `tune [--variant V] [--skip N] [--steps N] [--rate CP] [--min-samples N]
/// [--prior W] [--holdout N] [--mobility yes|no] FILE...`: fitted piece values (see `tools::tune`).
pub fn run(args: &[String]) -> i32 {
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
        ("--skip", Some(n @ 0..=10_000)) => put(&mut cfg.skip, n),
        ("--steps", Some(n @ 1..=100_000)) => put(&mut cfg.steps, n),
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
        ("--holdout", Some(n @ 0..=100)) => put(&mut cfg.holdout, n),
        ("--min-samples", Some(n @ 1..=10_000_000)) => put(&mut cfg.min_samples, n),
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
