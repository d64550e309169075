//! `match`: engine against engine (see `tools::match_runner`).

use super::usage;

/// `match --engine1 CMD --engine2 CMD ...`: see the usage text.
pub fn run(args: &[String]) -> i32 {
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
