//! Piece values tuned on played games (`large-shogi tune`), the "Texel" way: the
//! quiet positions of the games (where quiescence finds nothing better than the
//! static score) are scored with the evaluation, the score is mapped to an
//! expected result by a logistic curve, and the piece values are moved, by
//! gradient descent, to where the mean squared difference between expected and
//! actual results is least. Everything in the evaluation but material stays as
//! it is: its share of each position's score is kept as a constant.
//!
//! The evaluation is linear in the piece values: material is their sum, and the
//! promotion potential of the promote-by-capture variants adds a fixed share of
//! the difference between a piece's promoted value and its own. So a position
//! is reduced to a few (kind, weight) pairs and a constant, and the fit runs on
//! those alone.
//!
//! Mobility (`--mobility`) can be fitted with them: it is linear too, a weight
//! times the difference of the sides' mobility counts. That weight is the one
//! extra parameter after the kinds, kept in hundredths of a centipawn so that
//! the descent's steps suit it as they suit the values.

use crate::eval::Weights;
use crate::game::Game;
use crate::rules::Rules;
use crate::rules::kind::VariantDef;
use crate::search::Searcher;
use crate::search::tt::TranspositionTable;
use crate::types::Side;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;

/// One game of a match's games file (`match --out`).
#[derive(Clone, Debug, PartialEq)]
pub struct GameText {
    pub sfen: String,
    pub moves: Vec<String>,
    /// Black's score: 1, 0.5 or 0.
    pub result: f64,
}

/// The games of a `match --out` file: a `[SFEN "..."]` and a `[Result "..."]`
/// tag, then numbered move lines (`12. 9k9j 7e7f`). Games without a decided
/// or drawn result (`*`) are left out.
pub fn parse_games(text: &str) -> Result<Vec<GameText>, String> {
    let mut games = Vec::new();
    let (mut sfen, mut result, mut moves) = (None, None, Vec::new());
    let mut finish =
        |sfen: &mut Option<String>, result: &mut Option<f64>, moves: &mut Vec<String>| {
            if let (Some(s), Some(r)) = (sfen.take(), result.take()) {
                games.push(GameText {
                    sfen: s,
                    moves: std::mem::take(moves),
                    result: r,
                });
            }
            moves.clear();
        };
    for (n, line) in text.lines().enumerate() {
        let line = line.trim();
        if let Some(tag) = line.strip_prefix('[') {
            let tag = tag.strip_suffix(']').unwrap_or(tag);
            let (name, value) = tag.split_once(' ').unwrap_or((tag, ""));
            let value = value.trim().trim_matches('"');
            match name {
                "Game" => finish(&mut sfen, &mut result, &mut moves),
                "SFEN" => sfen = Some(value.to_string()),
                "Result" => {
                    result = match value {
                        "1-0" => Some(1.0),
                        "0-1" => Some(0.0),
                        "1/2-1/2" => Some(0.5),
                        _ => None,
                    }
                }
                _ => {}
            }
        } else if let Some((number, rest)) = line.split_once(". ") {
            if number.parse::<u32>().is_err() {
                return Err(format!("line {}: not a move line: {line}", n + 1));
            }
            moves.extend(rest.split_whitespace().map(String::from));
        }
    }
    finish(&mut sfen, &mut result, &mut moves);
    Ok(games)
}

/// A position reduced to what the fit needs.
#[derive(Clone, Debug, PartialEq)]
pub struct Sample {
    /// (kind index in the variant's table, weight): the position's score from
    /// Black's point of view is the sum of value times weight, plus `rest`.
    pub terms: Vec<(usize, f64)>,
    /// The evaluation's part that does not depend on the piece values.
    pub rest: f64,
    /// Black's score in the game.
    pub result: f64,
    /// The game's index among those read (to hold whole games out).
    pub game: usize,
}

impl Sample {
    fn score(&self, values: &[f64]) -> f64 {
        self.rest + self.terms.iter().map(|&(k, w)| values[k] * w).sum::<f64>()
    }
}

/// The kind index of every form of `rules` in its variant's table.
fn kind_of_form(rules: &Rules) -> Vec<usize> {
    (rules.forms.iter())
        .map(|f| {
            (rules.def.kinds.iter())
                .position(|k| std::ptr::eq(k, f.kind))
                .expect("a form's kind is in its variant's table")
        })
        .collect()
}

/// The parameters the fit starts from: the variant's piece values, then the
/// mobility weight the evaluation uses on its board, in hundredths of a
/// centipawn a square.
fn start_values(def: &VariantDef) -> Vec<f64> {
    let w = Weights::default().for_variant(def.name);
    let mut values: Vec<f64> = def.kinds.iter().map(|k| k.value as f64).collect();
    values.push((w.mobility * w.mobility_pct) as f64);
    values
}

/// The (kind, weight) pairs of the position's pieces, from Black's point of
/// view, merged by kind: a piece counts its kind's value, and in the
/// promote-by-capture variants `share` (the evaluation's promotion percent as a
/// fraction) of its promoted kind's value less its own. With `mobility`, the
/// mobility difference in hundreds is the pair of the index after the kinds.
fn terms<const C: usize>(
    pos: &crate::position::Position<C>,
    kinds: &[usize],
    share: f64,
    mobility: bool,
) -> Vec<(usize, f64)> {
    let rules = pos.rules;
    let mut weight = vec![0.0; rules.def.kinds.len() + 1];
    if mobility {
        let counts = pos.mobility(Side::Black) - pos.mobility(Side::White);
        weight[rules.def.kinds.len()] = counts as f64 / 100.0;
    }
    for side in [Side::Black, Side::White] {
        let sign = if side == Side::Black { 1.0 } else { -1.0 };
        for id in pos.pieces_of(side).iter() {
            let form = pos.piece(id as _).form as usize;
            let k = kinds[form];
            weight[k] += sign;
            if rules.forms[form].potential != 0
                && let Some(p) = rules.forms[form].promotes_to
            {
                weight[kinds[p as usize]] += sign * share;
                weight[k] -= sign * share;
            }
        }
    }
    (weight.into_iter().enumerate())
        .filter(|&(_, w)| w != 0.0)
        .collect()
}

/// The quiet positions of `games` from ply `skip` on, as samples, in the games'
/// order. A position is quiet when quiescence from it scores what the
/// evaluation does. The games are shared out between the machine's cores.
pub fn samples<const C: usize>(
    def: &'static VariantDef,
    games: &[GameText],
    skip: usize,
) -> Result<Vec<Sample>, String> {
    let parts = on_every_core(games, |first, part| {
        game_samples::<C>(def, part, first, skip)
    });
    let mut out = Vec::new();
    for part in parts {
        out.extend(part?);
    }
    Ok(out)
}

/// The samples of `games`, the first of which is game number `first`.
fn game_samples<const C: usize>(
    def: &'static VariantDef,
    games: &[GameText],
    first: usize,
    skip: usize,
) -> Result<Vec<Sample>, String> {
    let rules = Rules::get(def);
    let kinds = kind_of_form(rules);
    let weights = Weights::default().for_variant(def.name);
    let share = (weights.promotion_pct * weights.promotion_scale) as f64 / 10_000.0;
    let values = start_values(def);
    let stop = AtomicBool::new(false);
    let mut out = Vec::new();
    for (g, text) in (first..).zip(games) {
        // A table of its own for each game, so that no sample depends on how
        // the games were shared out.
        let tt = Arc::new(TranspositionTable::new(1));
        let mut game =
            Game::<C>::new(rules, &text.sfen).map_err(|e| format!("game {}: {e}", g + 1))?;
        for (ply, mv) in text.moves.iter().enumerate() {
            if ply >= skip && !crate::perft::game_over(&game.pos) {
                let mut searcher = Searcher::new(game.pos.clone(), Vec::new(), &stop, tt.clone());
                let (quiet, black) = searcher.quiet_evaluation();
                if quiet {
                    let mut sample = Sample {
                        terms: terms(&game.pos, &kinds, share, weights.mobility != 0),
                        rest: 0.0,
                        result: text.result,
                        game: g,
                    };
                    sample.rest = black as f64 - sample.score(&values);
                    out.push(sample);
                }
            }
            game.play_text(mv)
                .map_err(|e| format!("game {}, ply {}: {e}", g + 1, ply + 1))?;
        }
    }
    Ok(out)
}

/// What `large-shogi tune` is asked.
#[derive(Clone, Debug)]
pub struct TuneConfig {
    pub variant: &'static VariantDef,
    /// Games files (`match --out`).
    pub files: Vec<String>,
    /// Plies of each game left out from its start (the book's and the first
    /// moves, whose results say little).
    pub skip: usize,
    pub steps: usize,
    /// Adam's step, in centipawns.
    pub rate: f64,
    /// Kinds present (unequal in number) in fewer samples keep their value.
    pub min_samples: usize,
    /// Weight of the pull towards the table's values: this times the sum of
    /// the squared relative changes is added to the error.
    pub prior: f64,
    /// Every this-many-th game is held out of the fit and only scored (0: none).
    pub holdout: usize,
    /// Fit the mobility weight too.
    pub mobility: bool,
}

/// One kind's line of the result.
#[derive(Clone, Debug)]
pub struct Tuned {
    pub code: &'static str,
    pub name: &'static str,
    pub value: i32,
    pub tuned: i32,
    /// Samples in which the two sides' counts of it differ.
    pub samples: usize,
    pub fixed: bool,
}

/// The fit: samples, logistic scale, errors before and after, the values.
#[derive(Clone, Debug)]
pub struct TuneReport {
    pub games: usize,
    pub samples: usize,
    pub scale: f64,
    pub error_before: f64,
    pub error_after: f64,
    /// The same on the held-out games' samples (`holdout`), and their number.
    pub held_out: usize,
    pub held_out_before: f64,
    pub held_out_after: f64,
    pub kinds: Vec<Tuned>,
    /// The mobility weight in centipawns a square, before and after, if fitted.
    pub mobility: Option<(f64, f64)>,
}

/// Reads the games, takes their quiet positions and fits the piece values.
/// Royal kinds and the pawn (the unit) keep their values, as do kinds seen in
/// fewer than `min_samples` samples.
pub fn run(cfg: &TuneConfig) -> Result<TuneReport, String> {
    let mut games = Vec::new();
    for f in &cfg.files {
        let text = std::fs::read_to_string(f).map_err(|e| format!("{f}: {e}"))?;
        games.extend(parse_games(&text).map_err(|e| format!("{f}: {e}"))?);
    }
    let def = cfg.variant;
    let samples = crate::with_chunks!(def, samples(def, &games, cfg.skip))?;
    let (test, samples): (Vec<Sample>, Vec<Sample>) = (samples.into_iter())
        .partition(|s| cfg.holdout > 0 && s.game % cfg.holdout == cfg.holdout - 1);
    if samples.is_empty() {
        return Err("no quiet position in the games past the skipped plies".into());
    }
    let values = start_values(def);
    let mut seen = vec![0; values.len()];
    for s in &samples {
        for &(k, _) in &s.terms {
            seen[k] += 1;
        }
    }
    let mut fixed: Vec<bool> = (def.kinds.iter().zip(&seen))
        .map(|(k, &n)| k.royal || k.code == "P" || n < cfg.min_samples)
        .collect();
    let mobility = def.kinds.len();
    fixed.push(!cfg.mobility || values[mobility] == 0.0);
    let scale = fit_scale(&samples, &values);
    let tuned = descend(&samples, &values, &fixed, scale, cfg);
    Ok(TuneReport {
        games: games.len(),
        samples: samples.len(),
        scale,
        error_before: error(&samples, &values, scale),
        error_after: error(&samples, &tuned, scale),
        held_out: test.len(),
        held_out_before: error(&test, &values, scale),
        held_out_after: error(&test, &tuned, scale),
        kinds: (def.kinds.iter().enumerate())
            .map(|(i, k)| Tuned {
                code: k.code,
                name: k.name,
                value: k.value,
                tuned: tuned[i].round() as i32,
                samples: seen[i],
                fixed: fixed[i],
            })
            .collect(),
        mobility: (!fixed[mobility]).then(|| (values[mobility] / 100.0, tuned[mobility] / 100.0)),
    })
}

/// The report as a Markdown table with a summary line before it.
pub fn report_text(r: &TuneReport) -> String {
    let mut out = format!(
        "{} games, {} quiet positions fitted; logistic scale {:.6} per cp; \
         mean squared error {:.6} -> {:.6}\n",
        r.games, r.samples, r.scale, r.error_before, r.error_after,
    );
    if r.held_out > 0 {
        out += &format!(
            "{} positions of held-out games: mean squared error {:.6} -> {:.6}\n",
            r.held_out, r.held_out_before, r.held_out_after
        );
    }
    if let Some((before, after)) = r.mobility {
        out += &format!("mobility weight: {before:.2} -> {after:.2} cp a square\n");
    }
    out += "\n| kind | code | value | tuned | positions with unequal counts |\n|---|---|---|---|---|\n";
    for k in &r.kinds {
        let tuned = if k.fixed {
            "(kept)".to_string()
        } else {
            k.tuned.to_string()
        };
        out += &format!(
            "| {} | {} | {} | {} | {} |\n",
            k.name, k.code, k.value, tuned, k.samples
        );
    }
    out
}

/// The expected result for Black of a score from Black's point of view.
fn expected(score: f64, k: f64) -> f64 {
    1.0 / (1.0 + (-k * score).exp())
}

/// Mean squared error of the samples' expected results under `values`.
pub fn error(samples: &[Sample], values: &[f64], k: f64) -> f64 {
    let sum: f64 = (samples.iter())
        .map(|s| (s.result - expected(s.score(values), k)).powi(2))
        .sum();
    sum / samples.len().max(1) as f64
}

/// The logistic scale that fits the samples best under `values` (golden-section
/// search over 0.0001 to 0.05 per centipawn).
pub fn fit_scale(samples: &[Sample], values: &[f64]) -> f64 {
    let (mut lo, mut hi) = (1e-4, 5e-2);
    let g = (5f64.sqrt() - 1.0) / 2.0;
    for _ in 0..60 {
        let a = hi - g * (hi - lo);
        let b = lo + g * (hi - lo);
        if error(samples, values, a) < error(samples, values, b) {
            hi = b;
        } else {
            lo = a;
        }
    }
    (lo + hi) / 2.0
}

/// The gradient of the summed squared error by every value, the samples shared
/// out between the machine's cores (the descent's whole cost).
fn gradient(samples: &[Sample], values: &[f64], k: f64) -> Vec<f64> {
    let part = |part: &[Sample]| {
        let mut grad = vec![0.0; values.len()];
        for x in part {
            let p = expected(x.score(values), k);
            let d = -2.0 * (x.result - p) * p * (1.0 - p) * k;
            for &(kind, w) in &x.terms {
                grad[kind] += d * w;
            }
        }
        grad
    };
    let mut grad = vec![0.0; values.len()];
    for partial in on_every_core(samples, |_, chunk| part(chunk)) {
        for (g, p) in grad.iter_mut().zip(partial) {
            *g += p;
        }
    }
    grad
}

/// `f(index of the chunk's first item, chunk)` for `items` cut into one
/// contiguous chunk per core, the results in the items' order. A thread's
/// panic is passed on.
fn on_every_core<T: Sync, R: Send>(items: &[T], f: impl Fn(usize, &[T]) -> R + Sync) -> Vec<R> {
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    let per_thread = items.len().div_ceil(threads).max(1);
    let f = &f;
    std::thread::scope(|scope| {
        let handles: Vec<_> = (items.chunks(per_thread).enumerate())
            .map(|(i, chunk)| scope.spawn(move || f(i * per_thread, chunk)))
            .collect();
        (handles.into_iter())
            .map(|h| h.join().unwrap_or_else(|e| std::panic::resume_unwind(e)))
            .collect()
    })
}

/// Gradient descent (Adam, `cfg.steps` steps of about `cfg.rate` centipawns)
/// on the values of the kinds not in `fixed`, at logistic scale `k`, pulled
/// towards `values` by `cfg.prior`.
pub fn descend(
    samples: &[Sample],
    values: &[f64],
    fixed: &[bool],
    k: f64,
    cfg: &TuneConfig,
) -> Vec<f64> {
    let mut v = values.to_vec();
    let (mut m, mut s) = (vec![0.0; v.len()], vec![0.0; v.len()]);
    let (b1, b2, eps) = (0.9, 0.999, 1e-12);
    for t in 1..=cfg.steps {
        let grad = gradient(samples, &v, k);
        for i in 0..v.len() {
            if fixed[i] {
                continue;
            }
            let pull = 2.0 * cfg.prior * (v[i] - values[i]) / (values[i] * values[i]).max(1.0);
            let g = grad[i] / samples.len() as f64 + pull;
            m[i] = b1 * m[i] + (1.0 - b1) * g;
            s[i] = b2 * s[i] + (1.0 - b2) * g * g;
            let mh = m[i] / (1.0 - b1.powi(t as i32));
            let sh = s[i] / (1.0 - b2.powi(t as i32));
            v[i] -= cfg.rate * mh / (sh.sqrt() + eps);
        }
    }
    v
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn games_files_are_read_with_their_results() {
        let text = "[Game \"1\"]\n[Black \"a\"]\n[Result \"0-1\"]\n\
            [Termination \"White wins\"]\n[SFEN \"x b - 1\"]\n1. 9k9j 7e7f\n2. 8l12h\n0-1\n\n\
            [Game \"2\"]\n[Result \"1/2-1/2\"]\n[SFEN \"y w - 1\"]\n1. 1a1b\n1/2-1/2\n";
        let games = parse_games(text).unwrap();
        assert_eq!(games.len(), 2);
        assert_eq!(games[0].sfen, "x b - 1");
        assert_eq!(games[0].moves, ["9k9j", "7e7f", "8l12h"]);
        assert_eq!((games[0].result, games[1].result), (0.0, 0.5));
        assert_eq!(games[1].moves, ["1a1b"]);
        assert!(parse_games("[SFEN \"x\"]\nx. 9k9j\n").is_err());
    }

    /// A quiet position's sample: the kinds whose counts differ, weighted by
    /// the difference, and the rest of the score; a position with a winning
    /// capture gives none.
    #[test]
    fn quiet_positions_become_samples_of_their_material() {
        use crate::variants::dai::DAI;
        let game = |sfen: &str| GameText {
            sfen: sfen.into(),
            moves: vec!["8a8b".into()],
            result: 1.0,
        };
        let rook_up = "7k7/15/15/15/15/15/15/15/15/15/15/15/15/15/R6K7 w - 1";
        let gold_takes = "7k7/g14/R14/15/15/15/15/15/15/15/15/15/15/15/7K7 w - 1";
        let out = samples::<2>(&DAI, &[game(rook_up), game(gold_takes)], 0).unwrap();
        assert_eq!(out.len(), 1, "{out:?}");
        let rook = DAI.kinds.iter().position(|k| k.code == "R").unwrap();
        // The rook, and the mobility difference in hundreds after the kinds.
        let pos = crate::position::Position::<2>::from_sfen(Rules::get(&DAI), rook_up).unwrap();
        let counts = pos.mobility(Side::Black) - pos.mobility(Side::White);
        assert!(counts > 0);
        let mobility = (DAI.kinds.len(), counts as f64 / 100.0);
        assert_eq!(out[0].terms, [(rook, 1.0), mobility]);
        assert_eq!((out[0].result, out[0].game), (1.0, 0));
        let values = start_values(&DAI);
        assert_eq!(values[DAI.kinds.len()], 200.0);
        let stop = AtomicBool::new(false);
        let mut searcher =
            Searcher::new(pos, Vec::new(), &stop, Arc::new(TranspositionTable::new(1)));
        assert_eq!(out[0].score(&values), searcher.quiet_evaluation().1 as f64);
        // Material and mobility are all of dai's evaluation: nothing is left over.
        assert!(out[0].rest.abs() < 1e-9, "{}", out[0].rest);
    }

    /// Results drawn from a known logistic model: the descent finds the value
    /// it was made with, from a wrong start, and leaves fixed values alone.
    #[test]
    fn the_descent_recovers_the_values_that_made_the_results() {
        let truth = [100.0, 450.0];
        let k = 0.01;
        let mut seed = 7;
        let mut below = |n: u64| (crate::test_rng::next(&mut seed) % n) as f64;
        let samples: Vec<Sample> = (0..4000)
            .map(|_| {
                let pawns = below(7) - 3.0;
                let rooks = below(3) - 1.0;
                let terms = vec![(0, pawns), (1, rooks)];
                let mut s = Sample {
                    terms,
                    rest: 0.0,
                    result: 0.0,
                    game: 0,
                };
                // The expected result itself: the least error is at the truth.
                s.result = expected(s.score(&truth), k);
                s
            })
            .collect();
        let start = [100.0, 300.0];
        let cfg = TuneConfig {
            variant: &crate::variants::dai::DAI,
            files: Vec::new(),
            skip: 0,
            steps: 3000,
            rate: 2.0,
            min_samples: 0,
            prior: 0.0,
            holdout: 0,
            mobility: false,
        };
        let tuned = descend(&samples, &start, &[true, false], k, &cfg);
        assert_eq!(tuned[0], 100.0);
        assert!((tuned[1] - 450.0).abs() < 5.0, "{tuned:?}");
        assert!(error(&samples, &tuned, k) < error(&samples, &start, k));
        let fitted = fit_scale(&samples, &truth);
        assert!((fitted - k).abs() < 1e-4, "{fitted}");
    }
}
