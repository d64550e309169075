//! Engine-vs-engine matches over the USI-like protocol, refereed by the engine's
//! own rules: any variant, any time control (one per engine if asked), engine
//! options, games in parallel, colours alternating, openings from a file, Elo
//! with error bars and an SPRT verdict, and games ended early on the engines'
//! scores or the material balance (adjudication, like cutechess-cli's `-resign`
//! and `-draw`).

use super::stats::{Sprt, Tally, Verdict};
use crate::game::{Outcome, describe};
use crate::protocol::session::new_session;
use crate::rules::kind::VariantDef;
use crate::types::Side;
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicU32, Ordering};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::time::{Duration, Instant};

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
    fn clock(&self) -> (Duration, Duration, Duration) {
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
const MAX_CP: i64 = 99_999;

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

/// Score adjudication for a win (cutechess-cli's `-resign`, `--resign-score CP
/// --resign-plies N`): the game is won for side X once the scores the engines
/// reported with their last N moves all give X at least `score` centipawns
/// (mate counts as beyond any threshold). Each score is the engine's own, from
/// its side's point of view, so with N >= 2 both engines must agree: the loser's
/// engine at most -CP, the winner's at least +CP.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ResignRule {
    pub score: i32,
    pub plies: u32,
}

impl ResignRule {
    pub const DEFAULT_PLIES: u32 = 6;
}

/// Score adjudication for a draw (cutechess-cli's `-draw`, `--draw-score CP
/// --draw-plies N --draw-after PLY`): the game is drawn once the scores
/// reported with the last N moves are all within `score` centipawns of zero and
/// all of those moves came after ply `after` of the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DrawRule {
    pub score: i32,
    pub plies: u32,
    pub after: u32,
}

impl DrawRule {
    pub const DEFAULT_PLIES: u32 = 20;
}

/// Material adjudication, needing no engine scores (`--material-margin CP
/// --material-plies N`): the game is won for side X once X's material (the
/// referee's piece values, as the evaluation counts them) has been at least
/// `margin` centipawns ahead after each of the last N moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MaterialRule {
    pub margin: i32,
    pub plies: u32,
}

impl MaterialRule {
    pub const DEFAULT_PLIES: u32 = 10;
}

/// The rules that may end a game before its natural end or the ply limit.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Adjudication {
    pub resign: Option<ResignRule>,
    pub draw: Option<DrawRule>,
    pub material: Option<MaterialRule>,
}

impl Adjudication {
    /// Rejects thresholds that make no sense, or that let both a win and a draw
    /// be declared on the same scores.
    pub fn check(&self) -> Result<(), String> {
        if let Some(r) = self.resign
            && !(1..=MAX_CP as i32).contains(&r.score)
        {
            return Err(format!(
                "--resign-score must be 1 to {MAX_CP}, not {}",
                r.score
            ));
        }
        if let Some(d) = self.draw
            && !(0..=MAX_CP as i32).contains(&d.score)
        {
            return Err(format!(
                "--draw-score must be 0 to {MAX_CP}, not {}",
                d.score
            ));
        }
        if let Some(m) = self.material
            && m.margin < 1
        {
            return Err(format!(
                "--material-margin must be positive, not {}",
                m.margin
            ));
        }
        let plies = [
            self.resign.map(|r| ("--resign-plies", r.plies)),
            self.draw.map(|d| ("--draw-plies", d.plies)),
            self.material.map(|m| ("--material-plies", m.plies)),
        ];
        if let Some((flag, _)) = plies.into_iter().flatten().find(|(_, n)| *n == 0) {
            return Err(format!("{flag} must be at least 1"));
        }
        if let (Some(r), Some(d)) = (self.resign, self.draw)
            && d.score >= r.score
        {
            return Err(format!(
                "--draw-score ({}) must be below --resign-score ({})",
                d.score, r.score
            ));
        }
        Ok(())
    }
}

/// Which adjudication ended a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Adjudicated {
    /// The engines' scores (a win under `ResignRule`, a draw under `DrawRule`).
    Scores,
    /// The material balance (`MaterialRule`).
    Material,
}

/// A score that stands for mate in an engine's report: beyond any threshold.
pub const MATE_SCORE: i32 = 1_000_000_000;

/// The running streaks of one game's adjudication rules.
#[derive(Clone, Debug)]
pub struct Adjudicator {
    rules: Adjudication,
    /// The side the last scores favour by the resign threshold, and for how many
    /// plies in a row.
    lead: Option<(Side, u32)>,
    /// Plies in a row (after `DrawRule::after`) with scores near zero.
    quiet: u32,
    /// The side ahead in material by the margin, and for how many plies in a row.
    material: Option<(Side, u32)>,
}

/// A decision: the winner (`None`: a draw), how, and the reason to record.
pub type Decision = (Option<Side>, Adjudicated, String);

impl Adjudicator {
    pub fn new(rules: Adjudication) -> Adjudicator {
        Adjudicator {
            rules,
            lead: None,
            quiet: 0,
            material: None,
        }
    }

    /// Called after ply `ply` of the game (1 for its first move), made by
    /// `mover` whose engine reported `score` with it (from `mover`'s point of
    /// view, mate as +/-`MATE_SCORE`; `None` if it reported none, which breaks
    /// the score streaks), with `material` the balance from Black's point of
    /// view after it. A win on scores is checked first, then a draw on scores,
    /// then material.
    pub fn after_ply(
        &mut self,
        ply: usize,
        mover: Side,
        score: Option<i32>,
        material: i32,
    ) -> Option<Decision> {
        // Black's point of view.
        let black = score.map(|s| if mover == Side::Black { s } else { -s });
        let ahead = |v: i32, margin: i32| {
            if v >= margin {
                Some(Side::Black)
            } else if v <= -margin {
                Some(Side::White)
            } else {
                None
            }
        };
        let mut verdict = None;
        if let Some(r) = self.rules.resign {
            let n = extend(&mut self.lead, black.and_then(|b| ahead(b, r.score)));
            if n >= r.plies
                && let Some((side, _)) = self.lead
            {
                verdict = Some(win(side, Adjudicated::Scores, r.score, n));
            }
        }
        if let Some(d) = self.rules.draw {
            let near_zero = black.is_some_and(|b| b.abs() <= d.score);
            self.quiet = if near_zero && ply > d.after as usize {
                self.quiet + 1
            } else {
                0
            };
            if self.quiet >= d.plies && verdict.is_none() {
                verdict = Some((
                    None,
                    Adjudicated::Scores,
                    format!(
                        "draw: adjudicated: scores (within {} cp of 0 for {} plies after ply {})",
                        d.score, self.quiet, d.after
                    ),
                ));
            }
        }
        if let Some(m) = self.rules.material {
            let n = extend(&mut self.material, ahead(material, m.margin));
            if n >= m.plies
                && verdict.is_none()
                && let Some((side, _)) = self.material
            {
                verdict = Some(win(side, Adjudicated::Material, m.margin, n));
            }
        }
        verdict
    }
}

/// A win adjudicated on `kind` (scores or material): `side` ahead by at least
/// `margin` centipawns for `plies` plies.
fn win(side: Side, kind: Adjudicated, margin: i32, plies: u32) -> Decision {
    let w = match side {
        Side::Black => "Black",
        Side::White => "White",
    };
    let what = match kind {
        Adjudicated::Material => "material",
        _ => "scores",
    };
    (
        Some(side),
        kind,
        format!("{w} wins: adjudicated: {what} ({w} +{margin} cp or more for {plies} plies)"),
    )
}

/// Extends a streak of plies favouring one side (or breaks it); its length.
fn extend(streak: &mut Option<(Side, u32)>, leader: Option<Side>) -> u32 {
    *streak = match (leader, *streak) {
        (Some(l), Some((s, n))) if l == s => Some((l, n + 1)),
        (Some(l), _) => Some((l, 1)),
        (None, _) => None,
    };
    streak.map_or(0, |(_, n)| n)
}

/// The score of a USI `info` line (`score cp N`, `score mate N`), from the
/// engine's point of view, mate as +/-`MATE_SCORE`. `None` for lines without
/// one, `info string` text, and MultiPV lines other than the first.
pub fn usi_info_score(line: &str) -> Option<i32> {
    let mut tokens = line.split_whitespace();
    if tokens.next()? != "info" {
        return None;
    }
    let tokens: Vec<&str> = tokens.take_while(|t| *t != "string").collect();
    if let Some(i) = tokens.iter().position(|t| *t == "multipv")
        && tokens.get(i + 1) != Some(&"1")
    {
        return None;
    }
    let i = tokens.iter().position(|t| *t == "score")?;
    let value = *tokens.get(i + 2)?;
    match *tokens.get(i + 1)? {
        "cp" => value
            .parse::<i64>()
            .ok()
            .map(|v| v.clamp(-(MATE_SCORE as i64), MATE_SCORE as i64) as i32),
        "mate" => {
            // `mate N` (plies or moves; negative when the engine is mated), or
            // `mate +` / `mate -` when the distance is unknown.
            let losing = value.starts_with('-');
            (value == "+"
                || value == "-"
                || value.trim_start_matches(['+', '-']).parse::<u32>().is_ok())
            .then_some(if losing { -MATE_SCORE } else { MATE_SCORE })
        }
        _ => None,
    }
}

/// The score of a CECP thinking line (`depth score time nodes pv...`), from the
/// engine's point of view, mate (+/-100000 or beyond) as +/-`MATE_SCORE`.
pub fn cecp_thinking_score(line: &str) -> Option<i32> {
    let t: Vec<&str> = line.split_whitespace().take(4).collect();
    let [depth, score, time, nodes] = t[..] else {
        return None;
    };
    // Some engines mark the depth (`12.`, `12&`).
    let depth = depth.trim_end_matches(|c: char| !c.is_ascii_digit());
    depth.parse::<u32>().ok()?;
    time.parse::<u64>().ok()?;
    nodes.parse::<u64>().ok()?;
    let score: i64 = score.parse().ok()?;
    Some(if score >= 100_000 {
        MATE_SCORE
    } else if score <= -100_000 {
        -MATE_SCORE
    } else {
        score as i32
    })
}

/// A finished game.
#[derive(Clone, Debug)]
pub struct GameRecord {
    pub index: u32,
    /// Engine index (0 or 1) that played Black.
    pub black: usize,
    pub start: String,
    pub moves: Vec<String>,
    /// Winner's side, or `None` for a draw.
    pub winner: Option<Side>,
    pub reason: String,
    /// Set when an adjudication rule ended the game.
    pub adjudicated: Option<Adjudicated>,
}

struct EngineProcess {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
    name: String,
    /// Spoken to in CECP (command prefixed `cecp:`), else USI.
    cecp: bool,
    /// CECP: moves of the game the engine has been told (or made).
    fed: usize,
    /// CECP: the engine asked for `usermove`.
    usermove: bool,
    /// This process may not start another game: a CECP engine once it has
    /// started one, any engine once it failed to move in time.
    spent: bool,
}

/// What an engine answered when asked for a move.
enum Reply {
    /// A move in our notation (USI engines).
    Ours(String),
    /// A move in XBoard's notation (CECP engines).
    Xboard(String),
    Resign,
    Silent,
    /// A CECP engine refused a move the referee found legal.
    Refused(String),
}

impl EngineProcess {
    /// Starts the match's engine `i` (0 or 1) with its options.
    fn of_match(cfg: &MatchConfig, i: usize) -> Result<EngineProcess, String> {
        Self::start(&cfg.engines[i], cfg.variant.name, &cfg.settings[i].options)
    }

    /// Starts `cmd` and does the handshake, then sends `options` (the
    /// user's, after the referee's own so that they win).
    fn start(
        cmd: &str,
        variant: &str,
        options: &[(String, String)],
    ) -> Result<EngineProcess, String> {
        let (cecp, cmd) = match cmd.strip_prefix("cecp:") {
            Some(c) => (true, c),
            None => (false, cmd),
        };
        let mut child = Command::new("sh")
            .args(["-c", cmd])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| format!("cannot start '{cmd}': {e}"))?;
        let stdin = child.stdin.take().expect("piped stdin");
        let stdout = child.stdout.take().expect("piped stdout");
        let (tx, lines) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        let mut e = EngineProcess {
            child,
            stdin,
            lines,
            name: cmd.to_string(),
            cecp,
            fed: 0,
            usermove: false,
            spent: false,
        };
        if cecp {
            e.send("xboard")?;
            e.send("protover 2")?;
            let mut allow_repeats = false;
            loop {
                let line = e.recv(Duration::from_secs(10))?;
                if let Some(i) = line.find("myname=\"") {
                    let rest = &line[i + 8..];
                    e.name = rest[..rest.find('"').unwrap_or(rest.len())].to_string();
                }
                e.usermove |= line.contains("usermove=1");
                allow_repeats |= line.contains("option=\"Allow repeats ");
                if line.contains("done=1") {
                    break;
                }
            }
            // The referee applies the JCSA repetition rule (the fourth occurrence);
            // HaChu by default refuses any repetition.
            if allow_repeats {
                e.send("option Allow repeats=1")?;
            }
            // HaChu builds nothing before `memory`.
            e.send("memory 64")?;
            for (name, value) in options {
                e.send(&format!("option {name}={value}"))?;
            }
            return Ok(e);
        }
        e.send("usi")?;
        let short = Duration::from_secs(30);
        loop {
            let line = e.recv(short)?;
            if let Some(n) = line.strip_prefix("id name ") {
                e.name = n.to_string();
            }
            if line == "usiok" {
                break;
            }
        }
        e.send(&format!("setoption name USI_Variant value {variant}"))?;
        for (name, value) in options {
            e.send(format!("setoption name {name} value {value}").trim_end())?;
        }
        e.ready()?;
        Ok(e)
    }

    fn send(&mut self, line: &str) -> Result<(), String> {
        trace(&self.name, '>', line);
        writeln!(self.stdin, "{line}")
            .and_then(|_| self.stdin.flush())
            .map_err(|e| format!("{}: {e}", self.name))
    }

    fn recv(&mut self, timeout: Duration) -> Result<String, String> {
        match self.lines.recv_timeout(timeout) {
            Ok(l) => {
                trace(&self.name, '<', &l);
                Ok(l)
            }
            Err(RecvTimeoutError::Timeout) => Err(format!("{} did not answer", self.name)),
            Err(RecvTimeoutError::Disconnected) => Err(format!("{} exited", self.name)),
        }
    }

    fn ready(&mut self) -> Result<(), String> {
        if self.cecp {
            self.send("ping 1")?;
            while self.recv(Duration::from_secs(30))? != "pong 1" {}
            return Ok(());
        }
        self.send("isready")?;
        while self.recv(Duration::from_secs(30))? != "readyok" {}
        Ok(())
    }

    /// Readies the engine for a game from `start` with its time control `tc`.
    fn new_game(&mut self, cfg: &MatchConfig, tc: &TimeControl, start: &str) -> Result<(), String> {
        if !self.cecp {
            self.send("usinewgame")?;
            return self.ready();
        }
        self.fed = 0;
        self.send("new")?;
        self.send(&format!("variant {}", cfg.variant.name))?;
        self.send("force")?;
        // Thinking output: the scores adjudication reads.
        self.send("post")?;
        if start.split_whitespace().next() != cfg.variant.setup.split_whitespace().next() {
            let board = crate::protocol::cecp::xboard_board(cfg.variant.name, start)
                .ok_or("no XBoard position for this variant")?;
            // HaChu takes the board field only.
            self.send(&format!("setboard {board}"))?;
        }
        match tc {
            TimeControl::MoveTime(t) => self.send(&format!("st {}", t.as_secs().max(1)))?,
            TimeControl::Depth(d) => self.send(&format!("sd {d}"))?,
            TimeControl::Nodes(_) => return Err("CECP engines need a time or depth limit".into()),
            TimeControl::Clock { base, inc, .. } => {
                let s = base.as_secs();
                self.send(&format!(
                    "level 0 {}:{:02} {}",
                    s / 60,
                    s % 60,
                    inc.as_secs_f64()
                ))?
            }
        }
        self.ready()
    }

    /// Asks for a move. `moves` are the game's moves so far in XBoard notation
    /// (CECP) or ours (USI). With the reply comes the score of the last `info`
    /// line (USI) or thinking line (CECP) before the move, if there was one.
    /// `clocks` and `tcs` are per side: `tcs[side]` is this engine's control,
    /// the other the opponent's (whose increment USI's `go` also gives).
    fn think(
        &mut self,
        tcs: [&TimeControl; 2],
        start: &str,
        moves: &[String],
        clocks: [Duration; 2],
        side: Side,
    ) -> Result<(Reply, Option<i32>), String> {
        let limit = match tcs[side.index()] {
            TimeControl::MoveTime(t) => *t + Duration::from_secs(5),
            TimeControl::Nodes(_) => Duration::from_secs(120),
            TimeControl::Depth(_) => Duration::from_secs(600),
            TimeControl::Clock { byoyomi, .. } => {
                clocks[side.index()] + *byoyomi + Duration::from_secs(1)
            }
        };
        let t = Instant::now();
        let mut score = None;
        if self.cecp {
            for m in &moves[self.fed..] {
                let line = if self.usermove {
                    format!("usermove {m}")
                } else {
                    m.clone()
                };
                self.send(&line)?;
            }
            // The clock a CECP engine is told, as XBoard tells it: under `st`, the
            // move's time (HaChu takes `time 0` as no time and searches one ply,
            // or without `time` at all, without end); under `sd`, plenty.
            let shown = |s: Side| {
                let d = match tcs[s.index()] {
                    TimeControl::MoveTime(t) => *t,
                    TimeControl::Clock { .. } => clocks[s.index()],
                    TimeControl::Depth(_) | TimeControl::Nodes(_) => Duration::from_secs(600),
                };
                d.as_millis() / 10
            };
            self.send(&format!("time {}", shown(side)))?;
            self.send(&format!("otim {}", shown(side.flip())))?;
            self.send("go")?;
            let mut legs = String::new();
            let reply = loop {
                let Ok(line) = self.recv(limit.saturating_sub(t.elapsed())) else {
                    break Reply::Silent;
                };
                if line == "resign" || line.starts_with("tellics resign") {
                    break Reply::Resign;
                }
                if line.starts_with("Illegal move") {
                    break Reply::Refused(line);
                }
                if let Some(leg) = line.strip_prefix("move ") {
                    legs.push_str(leg.trim());
                    if !legs.ends_with(',') {
                        break Reply::Xboard(std::mem::take(&mut legs));
                    }
                } else if let Some(s) = cecp_thinking_score(&line) {
                    score = Some(s);
                }
            };
            self.send("force")?;
            self.fed = moves.len() + 1;
            return Ok((reply, score));
        }
        self.send(&format!("position sfen {start} moves {}", moves.join(" ")))?;
        let go = match tcs[side.index()] {
            TimeControl::MoveTime(t) => format!("go movetime {}", t.as_millis()),
            TimeControl::Nodes(n) => format!("go nodes {n}"),
            TimeControl::Depth(d) => format!("go depth {d}"),
            TimeControl::Clock { byoyomi, .. } => format!(
                "go btime {} wtime {} binc {} winc {} byoyomi {}",
                clocks[0].as_millis(),
                clocks[1].as_millis(),
                tcs[0].clock().1.as_millis(),
                tcs[1].clock().1.as_millis(),
                byoyomi.as_millis()
            ),
        };
        self.send(&go)?;
        loop {
            match self.recv(limit.saturating_sub(t.elapsed())) {
                Ok(line) => {
                    if let Some(rest) = line.strip_prefix("bestmove") {
                        let mv = rest.split_whitespace().next().unwrap_or("");
                        let reply = match mv {
                            "resign" | "" => Reply::Resign,
                            m => Reply::Ours(m.to_string()),
                        };
                        return Ok((reply, score));
                    }
                    if let Some(s) = usi_info_score(&line) {
                        score = Some(s);
                    }
                }
                Err(_) => return Ok((Reply::Silent, None)),
            }
        }
    }
}

impl Drop for EngineProcess {
    fn drop(&mut self) {
        let _ = self.send("quit");
        std::thread::sleep(Duration::from_millis(20));
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn play_game(
    cfg: &MatchConfig,
    engines: &mut [EngineProcess; 2],
    index: u32,
    start: &str,
    black: usize,
) -> Result<GameRecord, String> {
    let geo = &crate::rules::Rules::get(cfg.variant).geo;
    let mut session = new_session(cfg.variant);
    session.set_position(start, &[])?;
    // Per side: the controls follow the engines, whichever colour each has.
    let tcs = [cfg.tc_of(black), cfg.tc_of(1 - black)];
    for (i, e) in engines.iter_mut().enumerate() {
        if e.spent {
            *e = EngineProcess::of_match(cfg, i)?;
        }
        // A CECP engine plays each game in a fresh process: HaChu 0.21, told
        // `new` and `setboard` after a game, answered the new position with a
        // move of another (tuning/README.md, thirteenth session).
        e.spent = e.cecp;
        e.new_game(cfg, cfg.tc_of(i), start)?;
    }
    // The moves in our notation and in XBoard's.
    let mut moves: Vec<String> = Vec::new();
    let mut xb_moves: Vec<String> = Vec::new();
    let mut clocks = tcs.map(|tc| tc.clock().0);
    let end = |winner: Option<Side>, reason: String, moves: Vec<String>| GameRecord {
        index,
        black,
        start: start.to_string(),
        moves,
        winner,
        reason,
        adjudicated: None,
    };
    let mut adjudicator = Adjudicator::new(cfg.adjudication);
    loop {
        if let Some(o) = session.outcome() {
            let winner = match o {
                Outcome::Win { winner, .. } => Some(winner),
                Outcome::Draw { .. } => None,
            };
            return Ok(end(winner, describe(&o), moves));
        }
        if moves.len() >= cfg.max_plies {
            return Ok(end(None, format!("draw: {} plies", cfg.max_plies), moves));
        }
        let side = if moves.len().is_multiple_of(2) {
            session_side(start)
        } else {
            session_side(start).flip()
        };
        let who = if side == Side::Black {
            black
        } else {
            1 - black
        };
        let e = &mut engines[who];
        let t = Instant::now();
        let history = if e.cecp { &xb_moves } else { &moves };
        let (reply, score) = e.think(tcs, start, history, clocks, side)?;
        let elapsed = t.elapsed();
        let opponent_wins = Some(side.flip());
        let name = e.name.clone();
        let lose = |reason: String, moves: Vec<String>| Ok(end(opponent_wins, reason, moves));
        let pass = session.pass_move();
        let mv = match reply {
            Reply::Silent => {
                // Still thinking, it would answer the next game with this game's
                // move: a fresh process plays on.
                engines[who].spent = true;
                return lose(format!("{name} did not move in time"), moves);
            }
            Reply::Resign => return lose(format!("{name} resigned"), moves),
            Reply::Refused(why) => {
                return lose(format!("{name} refused a legal move ({why})"), moves);
            }
            Reply::Ours(m) => m,
            Reply::Xboard(x) if x == "@@@@" => match &pass {
                Some(p) => p.clone(),
                None => return lose(format!("{name} passed without a piece that can"), moves),
            },
            Reply::Xboard(x) => match crate::protocol::cecp::from_xboard(geo, &x) {
                Ok(m) => m,
                Err(err) => return lose(format!("{name} played {x}: {err}"), moves),
            },
        };
        if let TimeControl::Clock { inc, byoyomi, .. } = tcs[side.index()] {
            let c = &mut clocks[side.index()];
            if elapsed > *c + *byoyomi {
                return lose(format!("{name} lost on time"), moves);
            }
            *c = c.saturating_sub(elapsed) + *inc;
        }
        if let Err(err) = session.play(&mv) {
            return lose(format!("{name} played {mv}: {err}"), moves);
        }
        let xb = if pass.as_deref() == Some(mv.as_str()) {
            "@@@@".to_string()
        } else {
            crate::protocol::cecp::to_xboard(geo, &mv)?.concat()
        };
        xb_moves.push(xb);
        moves.push(mv);
        // A game that has ended on the board is not adjudicated.
        if session.outcome().is_none()
            && let Some((winner, how, reason)) =
                adjudicator.after_ply(moves.len(), side, score, session.material())
        {
            return Ok(GameRecord {
                adjudicated: Some(how),
                ..end(winner, reason, moves)
            });
        }
    }
}

/// With `LARGE_SHOGI_MATCH_LOG=<file>`, every line to and from the engines is
/// appended to that file (for debugging engine disagreements).
fn trace(name: &str, dir: char, line: &str) {
    if let Some(path) = std::env::var_os("LARGE_SHOGI_MATCH_LOG")
        && let Ok(mut f) = std::fs::OpenOptions::new()
            .append(true)
            .create(true)
            .open(path)
    {
        let _ = writeln!(f, "{name} {dir} {line}");
    }
}

fn session_side(sfen: &str) -> Side {
    if sfen.split_whitespace().nth(1) == Some("w") {
        Side::White
    } else {
        Side::Black
    }
}

/// Runs the match; `report` gets every finished game and the running tally.
pub fn run(
    cfg: &MatchConfig,
    report: &(dyn Fn(&GameRecord, &Tally) + Sync),
) -> Result<(Tally, Vec<GameRecord>), String> {
    let openings = if cfg.openings.is_empty() {
        vec![cfg.variant.setup.to_string()]
    } else {
        cfg.openings.clone()
    };
    for o in &openings {
        new_session(cfg.variant)
            .set_position(o, &[])
            .map_err(|e| format!("opening '{o}': {e}"))?;
    }
    let next = AtomicU32::new(0);
    let stop = AtomicBool::new(false);
    let results: Mutex<(Tally, Vec<GameRecord>)> = Mutex::new(Default::default());
    let errors: Mutex<Vec<String>> = Mutex::new(Vec::new());
    let out = cfg
        .games_out
        .as_ref()
        .map(|p| std::fs::File::create(p).map_err(|e| format!("{}: {e}", p.display())))
        .transpose()?
        .map(Mutex::new);
    std::thread::scope(|scope| {
        for _ in 0..cfg.concurrency.max(1) {
            scope.spawn(|| {
                let started = (|| {
                    Ok::<_, String>([
                        EngineProcess::of_match(cfg, 0)?,
                        EngineProcess::of_match(cfg, 1)?,
                    ])
                })();
                let mut engines = match started {
                    Ok(e) => e,
                    Err(e) => {
                        errors.lock().unwrap().push(e);
                        stop.store(true, Ordering::Relaxed);
                        return;
                    }
                };
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    if i >= cfg.games || stop.load(Ordering::Relaxed) {
                        break;
                    }
                    let start = &openings[(i as usize / 2) % openings.len()];
                    let black = (i % 2) as usize;
                    let rec = match play_game(cfg, &mut engines, i, start, black) {
                        Ok(r) => r,
                        Err(e) => {
                            errors.lock().unwrap().push(format!("game {}: {e}", i + 1));
                            stop.store(true, Ordering::Relaxed);
                            break;
                        }
                    };
                    let mut res = results.lock().unwrap();
                    let first_won = rec.winner.map(|w| (w == Side::Black) == (rec.black == 0));
                    match first_won {
                        Some(true) => res.0.wins += 1,
                        Some(false) => res.0.losses += 1,
                        None => res.0.draws += 1,
                    }
                    if let Some(f) = &out {
                        let _ = write_game(&mut f.lock().unwrap(), &rec, &engines);
                    }
                    report(&rec, &res.0);
                    if let Some(s) = &cfg.sprt
                        && s.verdict(&res.0) != Verdict::Continue
                    {
                        stop.store(true, Ordering::Relaxed);
                    }
                    res.1.push(rec);
                }
            });
        }
    });
    let errors = errors.into_inner().unwrap();
    if !errors.is_empty() {
        return Err(errors.join("; "));
    }
    let (tally, mut games) = results.into_inner().unwrap();
    games.sort_by_key(|g| g.index);
    Ok((tally, games))
}

fn write_game(
    f: &mut std::fs::File,
    g: &GameRecord,
    engines: &[EngineProcess; 2],
) -> std::io::Result<()> {
    let result = match g.winner {
        Some(Side::Black) => "1-0",
        Some(Side::White) => "0-1",
        None => "1/2-1/2",
    };
    writeln!(f, "[Game \"{}\"]", g.index + 1)?;
    writeln!(f, "[Black \"{}\"]", engines[g.black].name)?;
    writeln!(f, "[White \"{}\"]", engines[1 - g.black].name)?;
    writeln!(f, "[Result \"{result}\"]")?;
    writeln!(f, "[Termination \"{}\"]", g.reason)?;
    writeln!(f, "[SFEN \"{}\"]", g.start)?;
    for (i, pair) in g.moves.chunks(2).enumerate() {
        writeln!(f, "{}. {}", i + 1, pair.join(" "))?;
    }
    writeln!(f, "{result}\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(s: &str) -> Vec<String> {
        s.split_whitespace().map(String::from).collect()
    }

    #[test]
    fn usi_scores_are_read_from_info_lines() {
        let s = usi_info_score;
        assert_eq!(
            s("info depth 3 seldepth 6 score cp 56 nodes 10 pv 9k9j"),
            Some(56)
        );
        assert_eq!(
            s("info depth 3 score cp -120 lowerbound nodes 10"),
            Some(-120)
        );
        assert_eq!(s("info depth 9 score mate 5 pv a b"), Some(MATE_SCORE));
        assert_eq!(s("info depth 9 score mate -4 pv a b"), Some(-MATE_SCORE));
        assert_eq!(s("info score mate -"), Some(-MATE_SCORE));
        assert_eq!(s("info score mate +"), Some(MATE_SCORE));
        assert_eq!(s("info depth 4 multipv 1 score cp 7 pv x"), Some(7));
        assert_eq!(s("info depth 4 multipv 2 score cp 7 pv x"), None);
        assert_eq!(s("info string score cp 300"), None);
        assert_eq!(s("info depth 3 nodes 100"), None);
        assert_eq!(s("info depth 3 score cp x"), None);
        assert_eq!(s("bestmove 9k9j"), None);
    }

    #[test]
    fn cecp_scores_are_read_from_thinking_lines() {
        let s = cecp_thinking_score;
        assert_eq!(s("4 -35 12 5012 9k9j 7e7f"), Some(-35));
        assert_eq!(s("12. 40 100 99999 a"), Some(40));
        assert_eq!(s("3 100003 5 20 a b c"), Some(MATE_SCORE));
        assert_eq!(s("3 -100002 5 20 a b"), Some(-MATE_SCORE));
        assert_eq!(s("move 9k9j"), None);
        assert_eq!(s("feature done=1"), None);
        assert_eq!(s("1 2 3"), None);
        assert_eq!(s("Illegal move: 1 2 3 4"), None);
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

    /// Runs the adjudicator over plies of (score for the mover, material for Black).
    fn decide(rules: Adjudication, plies: &[(Option<i32>, i32)]) -> Option<(usize, Decision)> {
        let mut a = Adjudicator::new(rules);
        let mut mover = Side::Black;
        for (i, &(score, material)) in plies.iter().enumerate() {
            if let Some(d) = a.after_ply(i + 1, mover, score, material) {
                return Some((i + 1, d));
            }
            mover = mover.flip();
        }
        None
    }

    #[test]
    fn score_wins_need_every_score_of_the_streak() {
        let resign = Adjudication {
            resign: Some(ResignRule {
                score: 500,
                plies: 4,
            }),
            ..Default::default()
        };
        // Black's engine says +600, White's -600 (White's view): Black is ahead.
        let ahead = [(Some(600), 0), (Some(-600), 0)].repeat(3);
        let (ply, (winner, how, reason)) = decide(resign, &ahead).unwrap();
        assert_eq!(
            (ply, winner, how),
            (4, Some(Side::Black), Adjudicated::Scores)
        );
        assert!(
            reason.starts_with("Black wins: adjudicated: scores"),
            "{reason}"
        );
        // One engine disagreeing, or silent, restarts the count.
        let mut broken = ahead.clone();
        broken[2].0 = Some(100);
        assert_eq!(decide(resign, &broken), None);
        broken.push((Some(600), 0));
        assert_eq!(decide(resign, &broken).map(|d| d.0), Some(7));
        let silent = [(Some(600), 0), (None, 0)].repeat(4);
        assert_eq!(decide(resign, &silent), None);
        // Mate counts as beyond the threshold; White wins when both agree.
        let white = [(Some(-MATE_SCORE), 0), (Some(900), 0)].repeat(2);
        assert_eq!(decide(resign, &white).unwrap().1.0, Some(Side::White));
        // A lead changing hands restarts the count.
        let swing = [
            (Some(600), 0),
            (Some(-600), 0),
            (Some(-600), 0),
            (Some(600), 0),
            (Some(-600), 0),
        ];
        assert_eq!(decide(resign, &swing), None);
    }

    #[test]
    fn score_draws_count_only_after_the_given_ply() {
        let draw = Adjudication {
            draw: Some(DrawRule {
                score: 20,
                plies: 3,
                after: 4,
            }),
            ..Default::default()
        };
        let quiet = [(Some(10), 0), (Some(-20), 0)].repeat(5);
        let (ply, (winner, how, reason)) = decide(draw, &quiet).unwrap();
        assert_eq!((ply, winner, how), (7, None, Adjudicated::Scores));
        assert!(reason.starts_with("draw: adjudicated: scores"), "{reason}");
        let mut loud = quiet.clone();
        loud[5].0 = Some(21);
        assert_eq!(decide(draw, &loud).map(|d| d.0), Some(9));
        loud[7].0 = None;
        assert_eq!(decide(draw, &loud), None);
    }

    #[test]
    fn material_wins_need_no_scores() {
        let material = Adjudication {
            material: Some(MaterialRule {
                margin: 1000,
                plies: 3,
            }),
            ..Default::default()
        };
        // White ahead: after a capture and the recapture the margin is gone.
        let plies = [
            (None, -1200),
            (None, -1200),
            (None, 0),
            (None, -1000),
            (None, -1500),
            (None, -1000),
        ];
        let (ply, (winner, how, reason)) = decide(material, &plies).unwrap();
        assert_eq!(
            (ply, winner, how),
            (6, Some(Side::White), Adjudicated::Material)
        );
        assert!(
            reason.starts_with("White wins: adjudicated: material"),
            "{reason}"
        );
        // Scores first: a score win is declared even when material would be too.
        let both = Adjudication {
            resign: Some(ResignRule {
                score: 500,
                plies: 3,
            }),
            ..material
        };
        let plies = [(Some(-600), -2000), (Some(600), -2000), (Some(-600), -2000)];
        assert_eq!(decide(both, &plies).unwrap().1.1, Adjudicated::Scores);
    }
}
