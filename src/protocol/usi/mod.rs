//! The USI-like protocol (engine-protocol.md is the contract).
//!
//! Every malformed or illegal command gets one `info string error: ...` line and
//! leaves the engine's state as it was.

mod reporter;

use super::session::{
    DEFAULT_HASH_MB, MAX_HASH_MB, MAX_THREADS, Out, SearchSetup, Session, Signals,
};
use reporter::UsiReporter;

/// Most MultiPV lines accepted.
pub const MAX_MULTIPV: usize = 500;
use crate::game::describe;
use crate::search::{Limits, MAX_DEPTH, MAX_HORIZON};
use crate::variants;
use std::sync::Arc;
use std::sync::atomic::Ordering;
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

pub const ENGINE_NAME: &str = concat!("Large Shogi ", env!("CARGO_PKG_VERSION"));
pub const MAX_PERFT_DEPTH: u32 = 8;

struct RunningSearch {
    signals: Arc<Signals>,
    handle: JoinHandle<()>,
}

pub struct Engine {
    out: Out,
    session: Box<dyn Session>,
    search: Option<RunningSearch>,
    /// Alternative readings switched on (`setoption name <reading> value true`).
    alternatives: Vec<String>,
    /// Table and threads (`USI_Hash`, `Threads`), kept from game to game.
    setup: SearchSetup,
    /// Lines every search reports (`MultiPV`).
    multipv: usize,
    /// Moves to go assumed on a clock (`MoveHorizon`); None: the variant's own.
    horizon: Option<u32>,
}

/// Whether the loop should go on after a command.
#[derive(Debug, PartialEq, Eq)]
pub enum Flow {
    Continue,
    Quit,
}

impl Engine {
    pub fn new(out: Out) -> Self {
        let setup = SearchSetup::default();
        Engine {
            out,
            session: setup.start(variants::ALL[0]),
            search: None,
            alternatives: Vec::new(),
            setup,
            multipv: 1,
            horizon: None,
        }
    }

    fn say(&self, line: &str) {
        (self.out)(line);
    }

    fn error(&self, msg: &str) {
        self.say(&format!("info string error: {msg}"));
    }

    /// Stops a running search and waits for its `bestmove`.
    pub fn finish_search(&mut self) {
        if let Some(s) = self.search.take() {
            s.signals.stop.store(true, Ordering::Relaxed);
            let _ = s.handle.join();
        }
    }

    /// The current position's SFEN (for tests).
    pub fn sfen(&self) -> String {
        self.session.sfen()
    }

    /// Checks the game's state against a fresh build (for tests).
    pub fn validate(&self) -> Result<(), String> {
        self.session.validate()
    }

    /// Whether a search has been started and not yet reaped (for tests).
    pub fn searching(&self) -> bool {
        self.search.is_some()
    }

    /// Reaps a search that has ended by itself.
    fn reap(&mut self) {
        if self.search.as_ref().is_some_and(|s| s.handle.is_finished()) {
            self.finish_search();
        }
    }

    pub fn handle(&mut self, line: &str) -> Flow {
        self.reap();
        let tokens: Vec<&str> = line.split_whitespace().collect();
        let Some((&cmd, args)) = tokens.split_first() else {
            return Flow::Continue;
        };
        // Commands answered while a search runs.
        match cmd {
            "isready" => {
                self.say("readyok");
                return Flow::Continue;
            }
            "stop" => {
                self.finish_search();
                return Flow::Continue;
            }
            "ponderhit" => {
                match &self.search {
                    Some(s) if s.signals.pondering.swap(false, Ordering::Relaxed) => {}
                    _ => self.error("ponderhit without a pondering search"),
                }
                return Flow::Continue;
            }
            "quit" => {
                self.finish_search();
                return Flow::Quit;
            }
            _ => {}
        }
        // Everything else acts on the state: a running search ends first.
        if self.search.is_some() {
            self.finish_search();
        }
        match cmd {
            "usi" => self.usi(),
            "setoption" => self.setoption(args),
            "usinewgame" => {
                self.new_game(self.session.def());
            }
            "position" => self.position(args),
            "go" => self.go(args),
            "gameover" => match args {
                ["win" | "lose" | "draw"] => {}
                _ => self.error("usage: gameover win|lose|draw"),
            },
            "display" | "d" => self.display(),
            "pieces" => match crate::diagram::variant_pieces(self.session.def(), args) {
                Ok(text) => text.lines().for_each(|l| self.say(l)),
                Err(e) => self.say(&format!("info string error: {e}")),
            },
            "moves" => {
                let moves = self.session.legal_moves();
                self.say(&format!(
                    "info string {} legal moves: {}",
                    moves.len(),
                    moves.join(" ")
                ));
            }
            "perft" => self.perft(args, false),
            "divide" => self.perft(args, true),
            _ => self.error(&format!("unknown command '{}'", truncate(cmd))),
        }
        Flow::Continue
    }

    /// A new game of `def` with the current table (emptied) and threads.
    fn new_game(&mut self, def: &'static crate::rules::kind::VariantDef) {
        self.session = self.setup.start(def);
    }

    fn usi(&self) {
        self.say(&format!("id name {ENGINE_NAME}"));
        self.say("id author the Large Shogi developers");
        self.say(&format!(
            "option name USI_Variant type combo default {} var {}",
            variants::ALL[0].name,
            variants::names(" var ")
        ));
        self.say(&format!(
            "option name USI_Hash type spin default {DEFAULT_HASH_MB} min 1 max {MAX_HASH_MB}"
        ));
        self.say(&format!(
            "option name Threads type spin default 1 min 1 max {MAX_THREADS}"
        ));
        self.say(&format!(
            "option name MultiPV type spin default 1 min 1 max {MAX_MULTIPV}"
        ));
        self.say("option name USI_Ponder type check default false");
        self.say(&format!(
            "option name MoveHorizon type spin default 0 min 0 max {MAX_HORIZON}"
        ));
        for p in crate::eval::PARAMS {
            self.say(&format!(
                "option name {} type spin default {} min {} max {}",
                p.name,
                p.default_value(),
                p.min,
                p.max
            ));
        }
        for name in variants::alternative_options() {
            self.say(&format!("option name {name} type check default false"));
        }
        self.say("usiok");
    }

    fn setoption(&mut self, args: &[&str]) {
        // setoption name <id...> [value <x...>]
        if args.first() != Some(&"name") || args.len() < 2 {
            return self.error("usage: setoption name <id> [value <x>]");
        }
        let value_at = args.iter().position(|&a| a == "value");
        let name = args[1..value_at.unwrap_or(args.len())].join(" ");
        let value = value_at.map(|i| args[i + 1..].join(" "));
        match name.as_str() {
            "USI_Variant" => match value.as_deref().and_then(variants::by_name) {
                Some(def) => {
                    if def.name != self.session.def().name {
                        self.new_game(variants::with_alternatives(def, &self.alternatives));
                    }
                }
                None => self.error(&format!(
                    "USI_Variant must be one of: {}",
                    variants::names(", ")
                )),
            },
            "Threads" => match value.as_deref().and_then(|v| v.parse::<usize>().ok()) {
                Some(n) if (1..=MAX_THREADS).contains(&n) => {
                    self.setup.threads = n;
                    self.session.set_search(self.setup.clone());
                }
                _ => self.error(&format!("Threads must be a number from 1 to {MAX_THREADS}")),
            },
            "USI_Hash" => match value.as_deref().and_then(|v| v.parse::<usize>().ok()) {
                Some(mb) if (1..=MAX_HASH_MB).contains(&mb) => match self.setup.resize(mb) {
                    Ok(()) => self.session.set_search(self.setup.clone()),
                    Err(e) => self.error(&e),
                },
                _ => self.error(&format!(
                    "USI_Hash must be a number of megabytes from 1 to {MAX_HASH_MB}"
                )),
            },
            // Pondering is the GUI's choice (`go ponder`); nothing to set up.
            "USI_Ponder" => match value.as_deref() {
                Some("true" | "false") => {}
                _ => self.error("USI_Ponder takes the value true or false"),
            },
            "MultiPV" => match value.as_deref().and_then(|v| v.parse::<usize>().ok()) {
                Some(n) if (1..=MAX_MULTIPV).contains(&n) => self.multipv = n,
                _ => self.error(&format!("MultiPV must be a number from 1 to {MAX_MULTIPV}")),
            },
            "MoveHorizon" => match parse_horizon(value.as_deref()) {
                Ok(h) => self.horizon = h,
                Err(e) => self.error(&e),
            },
            eval if let Some(p) = crate::eval::param(eval) => {
                match p.set(&mut self.setup.weights, value.as_deref()) {
                    Ok(()) => self.session.set_search(self.setup.clone()),
                    Err(e) => self.error(&e),
                }
            }
            alt if variants::alternative_options().contains(&alt) => {
                let on = match value.as_deref() {
                    Some("true") => true,
                    Some("false") => false,
                    _ => return self.error(&format!("{alt} takes the value true or false")),
                };
                if !variants::switch_alternative(&mut self.alternatives, alt, on) {
                    return;
                }
                // A different rule set: a new game of the current variant.
                let base = variants::by_name(self.session.def().name).expect("a known variant");
                let def = variants::with_alternatives(base, &self.alternatives);
                if !std::ptr::eq(def, self.session.def()) {
                    self.new_game(def);
                    self.say(&format!(
                        "info string {alt} {}: new game",
                        if on { "on" } else { "off" }
                    ));
                }
            }
            other => self.error(&format!("unknown option '{}'", truncate(other))),
        }
    }

    fn position(&mut self, args: &[&str]) {
        let moves_at = args.iter().position(|&a| a == "moves");
        let (head, moves) = match moves_at {
            Some(i) => (&args[..i], &args[i + 1..]),
            None => (args, &[][..]),
        };
        let sfen = match head {
            ["startpos"] => self.session.def().setup.to_string(),
            ["sfen", rest @ ..] if !rest.is_empty() => rest.join(" "),
            _ => return self.error("usage: position startpos|sfen <sfen> [moves <m1> ...]"),
        };
        if let Err(e) = self.session.set_position(&sfen, moves) {
            self.error(&format!("position unchanged: {e}"));
        }
    }

    fn go(&mut self, args: &[&str]) {
        let black = self.session.sfen().split_whitespace().nth(1) == Some("b");
        let (mut limits, searchmoves) = match parse_go(args, black) {
            Ok(l) => l,
            Err(e) => return self.error(&e),
        };
        if let Some(o) = self.session.outcome() {
            self.say(&format!("info string game over: {}", describe(&o)));
            self.say(if limits.mate {
                "checkmate nomate"
            } else {
                "bestmove resign"
            });
            return;
        }
        let parsed: Result<Vec<_>, _> = (searchmoves.iter())
            .map(|m| self.session.parse_move(m))
            .collect();
        limits.searchmoves = match parsed {
            Ok(m) => m,
            Err(e) => return self.error(&format!("go searchmoves: {e}")),
        };
        limits.multipv = self.multipv;
        limits.horizon = self.horizon;
        let signals = Signals::new(&limits);
        let reporter = Box::new(UsiReporter {
            out: self.out.clone(),
            mate_search: limits.mate,
        });
        let handle = self.session.spawn_search(limits, signals.clone(), reporter);
        self.search = Some(RunningSearch { signals, handle });
    }

    fn display(&self) {
        for line in self.session.board_diagram().lines() {
            self.say(line);
        }
        self.say(&format!("sfen {}", self.session.sfen()));
        if let Some(o) = self.session.outcome() {
            self.say(&format!("info string game over: {}", describe(&o)));
        }
    }

    fn perft(&mut self, args: &[&str], divide: bool) {
        let depth = match args {
            [d] => d
                .parse::<u32>()
                .ok()
                .filter(|d| (1..=MAX_PERFT_DEPTH).contains(d)),
            _ => None,
        };
        let Some(depth) = depth else {
            return self.error(&format!("usage: perft|divide <depth 1..{MAX_PERFT_DEPTH}>"));
        };
        let t = Instant::now();
        let total = if divide {
            let rows = self.session.divide(depth);
            for (m, n) in &rows {
                self.say(&format!("{m}: {n}"));
            }
            rows.iter().map(|(_, n)| n).sum()
        } else {
            self.session.perft(depth)
        };
        let ms = t.elapsed().as_millis();
        let nps = total as u128 * 1000 / ms.max(1);
        self.say(&format!("perft {depth}: {total} nodes, {ms} ms, {nps} nps"));
    }
}

/// Parses the arguments of `go`, and the texts of its `searchmoves` (checked
/// against the position by the caller). `black_to_move` picks the clock (USI:
/// `btime` is the first mover's).
pub fn parse_go<'a>(
    args: &[&'a str],
    black_to_move: bool,
) -> Result<(Limits, Vec<&'a str>), String> {
    let mut l = Limits::default();
    let mut searchmoves = Vec::new();
    let (mut btime, mut wtime, mut binc, mut winc) = (None, None, Duration::ZERO, Duration::ZERO);
    let mut i = 0;
    let number = |i: usize, name: &str| -> Result<u64, String> {
        let v = args
            .get(i + 1)
            .ok_or_else(|| format!("go {name} needs a number"))?;
        v.parse::<i64>()
            .map(|n| n.max(0) as u64)
            .map_err(|_| format!("go {name}: '{}' is not a number", truncate(v)))
    };
    let ms = Duration::from_millis;
    while i < args.len() {
        let name = args[i];
        match name {
            "infinite" => {
                l.infinite = true;
                i += 1;
                continue;
            }
            "ponder" => {
                l.ponder = true;
                i += 1;
                continue;
            }
            // USI: `go mate <milliseconds>|infinite`, a search for a forced win.
            "mate" => {
                l.mate = true;
                match args.get(i + 1) {
                    Some(&"infinite") => l.infinite = true,
                    _ => l.movetime = Some(ms(number(i, name)?)),
                }
            }
            // The rest of the line: moves (USI puts searchmoves last).
            "searchmoves" => {
                searchmoves = args[i + 1..].to_vec();
                if searchmoves.is_empty() {
                    return Err("go searchmoves needs at least one move".into());
                }
                break;
            }
            "btime" => btime = Some(ms(number(i, name)?)),
            "wtime" => wtime = Some(ms(number(i, name)?)),
            "binc" => binc = ms(number(i, name)?),
            "winc" => winc = ms(number(i, name)?),
            "byoyomi" => l.byoyomi = ms(number(i, name)?),
            "movestogo" => l.movestogo = Some(number(i, name)?.clamp(1, 1000) as u32),
            "depth" => l.depth = Some(number(i, name)?.clamp(1, MAX_DEPTH as u64) as u32),
            "nodes" => l.nodes = Some(number(i, name)?.max(1)),
            "movetime" => l.movetime = Some(ms(number(i, name)?)),
            other => return Err(format!("go: unknown parameter '{}'", truncate(other))),
        }
        i += 2;
    }
    let (time, inc) = if black_to_move {
        (btime, binc)
    } else {
        (wtime, winc)
    };
    if time.is_none() && (btime.is_some() || wtime.is_some()) {
        let mine = if black_to_move { "btime" } else { "wtime" };
        return Err(format!(
            "go: no {mine} for the side to move (btime is Black's clock, wtime White's)"
        ));
    }
    l.time = time;
    l.inc = inc;
    let limited =
        l.depth.is_some() || l.nodes.is_some() || l.movetime.is_some() || l.time.is_some();
    if !limited && l.byoyomi > Duration::ZERO {
        l.time = Some(Duration::ZERO);
    }
    if !limited && l.byoyomi.is_zero() {
        // A bare `go` searches until `stop`, as `go infinite` does.
        l.infinite = true;
    }
    Ok((l, searchmoves))
}

/// Echoes at most 40 characters of untrusted input.
pub(super) fn truncate(s: &str) -> String {
    let mut t: String = s.chars().take(40).collect();
    if s.chars().count() > 40 {
        t.push_str("...");
    }
    t
}

/// The `MoveHorizon` option's value: moves to go assumed on a clock, None (0)
/// for the variant's own.
pub(super) fn parse_horizon(value: Option<&str>) -> Result<Option<u32>, String> {
    value
        .and_then(|v| v.trim().parse::<u32>().ok())
        .filter(|&h| h <= MAX_HORIZON)
        .map(|h| (h > 0).then_some(h))
        .ok_or_else(|| format!("MoveHorizon must be a number from 0 to {MAX_HORIZON}"))
}
