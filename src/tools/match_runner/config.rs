//! The `match` subcommand's settings: time controls, per-engine options,
//! adjudication thresholds and openings, parsed from its command line.

use super::adjudication::{Adjudication, DrawRule, MaterialRule, ResignRule};
use crate::rules::kind::VariantDef;
use crate::tools::stats::Sprt;
use std::time::Duration;

#[derive(Clone, Debug, PartialEq)]
pub enum TimeControl {
    MoveTime(Duration),
    Nodes(u64),
    Depth(u32),
    /// Main time, increment and byoyomi per side.
    Clock {
        base: Duration,
        inc: Duration,
        byoyomi: Duration,
    },
}

impl TimeControl {
    /// Parses `movetime=MS`, `nodes=N`, `depth=N` or `SECONDS[+INC][/BYOYOMI]`
    /// (for example `10+0.1` or `0/1`).
    pub fn parse(s: &str) -> Result<TimeControl, String> {
        let bad = || format!("bad time control '{s}'");
        if let Some(v) = s.strip_prefix("movetime=") {
            return Ok(TimeControl::MoveTime(Duration::from_millis(
                v.parse().map_err(|_| bad())?,
            )));
        }
        if let Some(v) = s.strip_prefix("nodes=") {
            return Ok(TimeControl::Nodes(v.parse().map_err(|_| bad())?));
        }
        if let Some(v) = s.strip_prefix("depth=") {
            return Ok(TimeControl::Depth(v.parse().map_err(|_| bad())?));
        }
        let secs = |t: &str| -> Result<Duration, String> {
            let f: f64 = t.parse().map_err(|_| bad())?;
            if !(0.0..1e6).contains(&f) {
                return Err(bad());
            }
            Ok(Duration::from_secs_f64(f))
        };
        let (main, byo) = match s.split_once('/') {
            Some((m, b)) => (m, secs(b)?),
            None => (s, Duration::ZERO),
        };
        let (base, inc) = match main.split_once('+') {
            Some((b, i)) => (secs(b)?, secs(i)?),
            None => (secs(main)?, Duration::ZERO),
        };
        Ok(TimeControl::Clock {
            base,
            inc,
            byoyomi: byo,
        })
    }

    /// The main time, increment and byoyomi of a clock control; zero for the
    /// others (an engine on a fixed limit still has a clock field in the
    /// opponent's `go` and `otim`).
    pub(super) fn clock(&self) -> (Duration, Duration, Duration) {
        match self {
            TimeControl::Clock { base, inc, byoyomi } => (*base, *inc, *byoyomi),
            _ => (Duration::ZERO, Duration::ZERO, Duration::ZERO),
        }
    }
}

/// The syntax `parse` reads, so a report shows what was given.
impl std::fmt::Display for TimeControl {
    fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        match self {
            TimeControl::MoveTime(t) => write!(f, "movetime={}", t.as_millis()),
            TimeControl::Nodes(n) => write!(f, "nodes={n}"),
            TimeControl::Depth(d) => write!(f, "depth={d}"),
            TimeControl::Clock { base, inc, byoyomi } => {
                write!(f, "{}", base.as_secs_f64())?;
                if !inc.is_zero() {
                    write!(f, "+{}", inc.as_secs_f64())?;
                }
                if !byoyomi.is_zero() {
                    write!(f, "/{}", byoyomi.as_secs_f64())?;
                }
                Ok(())
            }
        }
    }
}

/// One engine's own settings (`--option1`/`--tc1`, `--option2`/`--tc2`).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct EngineSettings {
    /// Options (name, value) sent after the handshake, in the order given.
    pub options: Vec<(String, String)>,
    /// This engine's time control, instead of `MatchConfig::tc`.
    pub tc: Option<TimeControl>,
}

/// An `--optionN NAME=VALUE` value: split at the first `=`, both sides trimmed.
fn parse_option(flag: &str, value: &str) -> Result<(String, String), String> {
    match value.split_once('=') {
        Some((name, v)) if !name.trim().is_empty() => {
            Ok((name.trim().to_string(), v.trim().to_string()))
        }
        _ => Err(format!("{flag}: expected NAME=VALUE, got '{value}'")),
    }
}

pub struct MatchConfig {
    /// Shell commands starting the two engines.
    pub engines: [String; 2],
    pub variant: &'static VariantDef,
    pub games: u32,
    pub concurrency: usize,
    /// Both engines' time control, unless `settings` gives one its own.
    pub tc: TimeControl,
    /// Per-engine options and time controls.
    pub settings: [EngineSettings; 2],
    /// Start positions (SFEN); each is played twice, colours swapped. Empty: the
    /// variant's start position.
    pub openings: Vec<String>,
    /// A game still running after this many plies is a draw.
    pub max_plies: usize,
    pub sprt: Option<Sprt>,
    /// Where the games are written, if anywhere.
    pub games_out: Option<std::path::PathBuf>,
    /// Rules ending games early (all off by default).
    pub adjudication: Adjudication,
}

impl MatchConfig {
    /// The `match` subcommand's defaults: dai shogi from its start position, two
    /// games, one at a time, 100 ms a move, 600 plies, no adjudication.
    pub fn new(engines: [String; 2], variant: &'static VariantDef) -> MatchConfig {
        MatchConfig {
            engines,
            variant,
            games: 2,
            concurrency: 1,
            tc: TimeControl::MoveTime(Duration::from_millis(100)),
            settings: Default::default(),
            openings: Vec::new(),
            max_plies: 600,
            sprt: None,
            games_out: None,
            adjudication: Adjudication::default(),
        }
    }

    /// Engine `i`'s time control (its own, or the shared one).
    pub fn tc_of(&self, i: usize) -> &TimeControl {
        self.settings[i].tc.as_ref().unwrap_or(&self.tc)
    }

    /// "engine1 X, engine2 Y" when the engines' time controls differ (a
    /// report's line; with one control for both there is nothing to tell apart).
    pub fn differing_tcs(&self) -> Option<String> {
        let [a, b] = [self.tc_of(0), self.tc_of(1)];
        (a != b).then(|| format!("engine1 {a}, engine2 {b}"))
    }

    /// Reads the `match` subcommand's options (every option takes one value).
    /// Errors name the option and say what it wants.
    pub fn from_args(args: &[String]) -> Result<MatchConfig, String> {
        let mut cfg = MatchConfig::new([String::new(), String::new()], crate::variants::ALL[0]);
        let mut resign_score: Option<i32> = None;
        let mut resign_plies: Option<u32> = None;
        let mut draw_score: Option<i32> = None;
        let mut draw_plies: Option<u32> = None;
        let mut draw_after: Option<u32> = None;
        let mut material_margin: Option<i32> = None;
        let mut material_plies: Option<u32> = None;
        let mut i = 0;
        while i < args.len() {
            let flag = args[i].as_str();
            let Some(value) = args.get(i + 1).map(String::as_str) else {
                return Err(format!("{flag} needs a value"));
            };
            if !flag.starts_with("--") {
                return Err(format!("unexpected argument '{flag}'"));
            }
            match flag {
                "--engine1" => cfg.engines[0] = value.to_string(),
                "--engine2" => cfg.engines[1] = value.to_string(),
                "--games" => cfg.games = number(flag, value, 1, u32::MAX as i64)? as u32,
                "--concurrency" => cfg.concurrency = number(flag, value, 1, 256)? as usize,
                "--max-plies" => cfg.max_plies = number(flag, value, 1, 100_000)? as usize,
                "--tc" => cfg.tc = TimeControl::parse(value)?,
                "--tc1" => cfg.settings[0].tc = Some(tc_arg(flag, value)?),
                "--tc2" => cfg.settings[1].tc = Some(tc_arg(flag, value)?),
                "--option1" => (cfg.settings[0].options).push(parse_option(flag, value)?),
                "--option2" => (cfg.settings[1].options).push(parse_option(flag, value)?),
                "--variant" => {
                    cfg.variant = crate::variants::by_name(value)
                        .ok_or_else(|| format!("--variant: unknown variant '{value}'"))?
                }
                "--out" => cfg.games_out = Some(value.into()),
                "--openings" => cfg.openings = read_openings(value)?,
                "--sprt" => cfg.sprt = Some(parse_sprt(value)?),
                "--resign-score" => resign_score = Some(number(flag, value, 1, MAX_CP)? as i32),
                "--resign-plies" => resign_plies = Some(number(flag, value, 1, 10_000)? as u32),
                "--draw-score" => draw_score = Some(number(flag, value, 0, MAX_CP)? as i32),
                "--draw-plies" => draw_plies = Some(number(flag, value, 1, 10_000)? as u32),
                "--draw-after" => draw_after = Some(number(flag, value, 0, 100_000)? as u32),
                "--material-margin" => {
                    material_margin = Some(number(flag, value, 1, 1_000_000_000)? as i32)
                }
                "--material-plies" => material_plies = Some(number(flag, value, 1, 10_000)? as u32),
                _ => return Err(format!("unknown option '{flag}'")),
            }
            i += 2;
        }
        if cfg.engines.iter().any(String::is_empty) {
            return Err("--engine1 and --engine2 are needed".into());
        }
        let needs = |given: bool, flag: &str, main: &str| {
            if given {
                Err(format!("{flag} needs {main} (which turns the rule on)"))
            } else {
                Ok(())
            }
        };
        needs(
            resign_score.is_none() && resign_plies.is_some(),
            "--resign-plies",
            "--resign-score",
        )?;
        needs(
            draw_score.is_none() && (draw_plies.is_some() || draw_after.is_some()),
            if draw_plies.is_some() {
                "--draw-plies"
            } else {
                "--draw-after"
            },
            "--draw-score",
        )?;
        needs(
            material_margin.is_none() && material_plies.is_some(),
            "--material-plies",
            "--material-margin",
        )?;
        cfg.adjudication = Adjudication {
            resign: resign_score.map(|score| ResignRule {
                score,
                plies: resign_plies.unwrap_or(ResignRule::DEFAULT_PLIES),
            }),
            draw: draw_score.map(|score| DrawRule {
                score,
                plies: draw_plies.unwrap_or(DrawRule::DEFAULT_PLIES),
                after: draw_after.unwrap_or(0),
            }),
            material: material_margin.map(|margin| MaterialRule {
                margin,
                plies: material_plies.unwrap_or(MaterialRule::DEFAULT_PLIES),
            }),
        };
        cfg.adjudication.check()?;
        Ok(cfg)
    }
}

/// Centipawn thresholds stay below the scores that mean mate (CECP's 100000).
pub(super) const MAX_CP: i64 = 99_999;

/// A `--tcN` value; the error names the flag (the engine it is for).
fn tc_arg(flag: &str, value: &str) -> Result<TimeControl, String> {
    TimeControl::parse(value).map_err(|e| format!("{flag}: {e}"))
}

/// An integer option in `lo..=hi`.
fn number(flag: &str, value: &str, lo: i64, hi: i64) -> Result<i64, String> {
    match value.parse::<i64>() {
        Ok(n) if (lo..=hi).contains(&n) => Ok(n),
        _ => Err(format!(
            "{flag}: expected a whole number from {lo} to {hi}, got '{value}'"
        )),
    }
}

fn parse_sprt(value: &str) -> Result<Sprt, String> {
    let bad = || format!("--sprt: expected ELO0,ELO1[,ALPHA,BETA], got '{value}'");
    let v: Vec<f64> = (value.split(','))
        .map(|x| x.trim().parse().map_err(|_| bad()))
        .collect::<Result<_, _>>()?;
    let (elo0, elo1, alpha, beta) = match v[..] {
        [elo0, elo1] => (elo0, elo1, 0.05, 0.05),
        [elo0, elo1, alpha, beta] => (elo0, elo1, alpha, beta),
        _ => return Err(bad()),
    };
    let probability = |p: f64| p > 0.0 && p < 0.5;
    let valid = elo0 < elo1 && probability(alpha) && probability(beta);
    if !valid {
        return Err(bad());
    }
    Ok(Sprt {
        elo0,
        elo1,
        alpha,
        beta,
    })
}

/// The positions of an openings file: one SFEN a line; blank lines and lines
/// starting with `#` are skipped.
pub fn read_openings(path: &str) -> Result<Vec<String>, String> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| format!("--openings: cannot read '{path}': {e}"))?;
    let openings = parse_openings(&text);
    if openings.is_empty() {
        return Err(format!("--openings: no positions in '{path}'"));
    }
    Ok(openings)
}

/// The SFENs of an openings file's text (see `read_openings`).
pub fn parse_openings(text: &str) -> Vec<String> {
    (text.lines().map(str::trim))
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(String::from)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(s: &str) -> Vec<String> {
        s.split_whitespace().map(String::from).collect()
    }

    fn rules(s: &str) -> Result<Adjudication, String> {
        MatchConfig::from_args(&args(&format!("--engine1 a --engine2 b {s}")))
            .map(|c| c.adjudication)
    }

    #[test]
    fn adjudication_options() {
        assert_eq!(rules(""), Ok(Adjudication::default()));
        assert_eq!(
            rules(
                "--resign-score 600 --resign-plies 4 --draw-score 20 --draw-plies 10 --draw-after 100 --material-margin 1500 --material-plies 8"
            ),
            Ok(Adjudication {
                resign: Some(ResignRule {
                    score: 600,
                    plies: 4
                }),
                draw: Some(DrawRule {
                    score: 20,
                    plies: 10,
                    after: 100
                }),
                material: Some(MaterialRule {
                    margin: 1500,
                    plies: 8
                }),
            })
        );
        // The plies have defaults once the rule is on.
        assert_eq!(
            rules("--resign-score 600 --draw-score 0 --material-margin 900"),
            Ok(Adjudication {
                resign: Some(ResignRule {
                    score: 600,
                    plies: 6
                }),
                draw: Some(DrawRule {
                    score: 0,
                    plies: 20,
                    after: 0
                }),
                material: Some(MaterialRule {
                    margin: 900,
                    plies: 10
                }),
            })
        );
        for (bad, says) in [
            (
                "--resign-score 0",
                "--resign-score: expected a whole number from 1 to 99999, got '0'",
            ),
            ("--resign-score -600", "--resign-score: expected"),
            ("--resign-score abc", "--resign-score: expected"),
            ("--resign-score 100000", "--resign-score: expected"),
            (
                "--resign-score 600 --resign-plies 0",
                "--resign-plies: expected a whole number from 1",
            ),
            ("--resign-plies 6", "--resign-plies needs --resign-score"),
            ("--draw-plies 6", "--draw-plies needs --draw-score"),
            ("--draw-after 100", "--draw-after needs --draw-score"),
            (
                "--draw-score -1",
                "--draw-score: expected a whole number from 0",
            ),
            ("--draw-score 20 --draw-after x", "--draw-after: expected"),
            (
                "--material-plies 4",
                "--material-plies needs --material-margin",
            ),
            ("--material-margin 0", "--material-margin: expected"),
            (
                "--resign-score 300 --draw-score 300",
                "--draw-score (300) must be below --resign-score (300)",
            ),
            ("--resign-score", "--resign-score needs a value"),
            ("--resign-cp 300", "unknown option '--resign-cp'"),
        ] {
            let e = rules(bad).unwrap_err();
            assert!(e.contains(says), "{bad}: {e}");
        }
    }

    #[test]
    fn other_options() {
        let c = MatchConfig::from_args(&args(
            "--engine1 a --engine2 b --games 10 --concurrency 2 --tc nodes=5 --variant tai --max-plies 50 --sprt 0,10",
        ))
        .unwrap();
        assert_eq!((c.games, c.concurrency, c.max_plies), (10, 2, 50));
        assert_eq!((c.tc, c.variant.name), (TimeControl::Nodes(5), "tai"));
        assert!(c.sprt.is_some());
        for (bad, says) in [
            ("--engine1 a", "--engine1 and --engine2 are needed"),
            ("--engine1 a --engine2 b --games x", "--games: expected"),
            ("--engine1 a --engine2 b --tc 1+", "bad time control '1+'"),
            (
                "--engine1 a --engine2 b --variant chess",
                "unknown variant 'chess'",
            ),
            ("--engine1 a --engine2 b --sprt 10", "--sprt: expected"),
            (
                "--engine1 a --engine2 b --openings /nonexistent/x",
                "--openings: cannot read",
            ),
        ] {
            let e = MatchConfig::from_args(&args(bad)).err().unwrap();
            assert!(e.contains(says), "{bad}: {e}");
        }
    }

    #[test]
    fn per_engine_options_and_time_controls() {
        let c = MatchConfig::from_args(&args(
            "--engine1 a --engine2 b --tc 10+0.1 --tc2 depth=3 --option1 Threads=2 --option2 MultiPV=1 --option1 USI_Hash=16",
        ))
        .unwrap();
        let opt = |n: &str, v: &str| (n.to_string(), v.to_string());
        assert_eq!(
            c.settings[0].options,
            vec![opt("Threads", "2"), opt("USI_Hash", "16")]
        );
        assert_eq!(c.settings[1].options, vec![opt("MultiPV", "1")]);
        // Engine 1 keeps --tc; engine 2 has its own, whatever the flags' order.
        assert_eq!(c.tc_of(0), &TimeControl::parse("10+0.1").unwrap());
        assert_eq!(c.tc_of(1), &TimeControl::Depth(3));
        assert_eq!(
            c.differing_tcs().as_deref(),
            Some("engine1 10+0.1, engine2 depth=3")
        );
        let c = MatchConfig::from_args(&args(
            "--tc1 nodes=50 --tc2 nodes=50 --engine1 a --engine2 b",
        ))
        .unwrap();
        assert_eq!(
            (c.tc_of(0), c.tc_of(1)),
            (&TimeControl::Nodes(50), &TimeControl::Nodes(50))
        );
        assert_eq!(c.differing_tcs(), None);
        // A quoted argument keeps its spaces; the split is at the first '='.
        let mut quoted = args("--engine1 a --engine2 b");
        quoted.extend(["--option2".into(), "Draw Rule = a=b c".into()]);
        let c = MatchConfig::from_args(&quoted).unwrap();
        assert_eq!(c.settings[1].options, vec![opt("Draw Rule", "a=b c")]);
        assert_eq!(c.settings[0], EngineSettings::default());
        for (bad, says) in [
            (
                "--option1 Threads",
                "--option1: expected NAME=VALUE, got 'Threads'",
            ),
            ("--option2 =3", "--option2: expected NAME=VALUE, got '=3'"),
            ("--option2", "--option2 needs a value"),
            ("--tc1 fast", "--tc1: bad time control 'fast'"),
            ("--tc2 depth=x", "--tc2: bad time control 'depth=x'"),
            ("--tc3 depth=1", "unknown option '--tc3'"),
        ] {
            let e = MatchConfig::from_args(&args(&format!("--engine1 a --engine2 b {bad}")))
                .err()
                .unwrap();
            assert!(e.contains(says), "{bad}: {e}");
        }
    }

    #[test]
    fn time_controls_print_as_given() {
        for tc in [
            "movetime=50",
            "nodes=1000",
            "depth=3",
            "10+0.1",
            "0/1",
            "60",
            "5+0.05/0.5",
        ] {
            assert_eq!(TimeControl::parse(tc).unwrap().to_string(), tc);
        }
    }

    #[test]
    fn openings_files_skip_comments_and_blank_lines() {
        assert_eq!(
            parse_openings("# a\n\n  x y z  \n#b\nu v\n"),
            vec!["x y z", "u v"]
        );
    }
}
