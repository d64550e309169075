//! CECP (the XBoard/WinBoard protocol, version 2).
//!
//! XBoard numbers files with letters from the left and ranks with numbers from the
//! first mover's side: our `15o` (bottom left) is its `a1`, our `1a` its `o15`. Its
//! "white" is the first mover, our Black. A move of several legs arrives as one
//! `usermove` with legs separated by commas, and leaves as one `move` line per leg,
//! earlier legs ending in a comma. A pass is `@@@@`.
//!
//! With `feature highlight=1` XBoard leaves the rules to the engine: it sends `lift`
//! when the user picks a piece up and draws the `highlight` board it gets back, and
//! takes the marked squares as the only legal targets.

mod board;
mod highlight;
mod notation;
mod reporter;

pub use board::xboard_board;
pub use notation::{from_xboard, to_xboard, xb_square};

use board::xboard_def;
use highlight::{Lifted, colour_board, mark, occupancy};
use notation::parse_xb_square;
use reporter::CecpReporter;

use super::session::{MAX_HASH_MB, MAX_THREADS, Out, SearchSetup, Session, Signals};
use crate::game::{Outcome, describe};
use crate::moves::{Move, MoveText};
use crate::rules::Rules;
use crate::search::{Limits, MAX_HORIZON};
use crate::types::Side;
use crate::variants;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::Duration;

use super::usi::{ENGINE_NAME, Flow, parse_horizon, truncate};

/// Variant names offered to XBoard: its own name for dai shogi, and one its New
/// Variant dialog does not hide.
const VARIANT_NAMES: &[(&str, &str)] = &[("dai", "dai"), ("dai-shogi", "dai")];

/// Names XBoard may use for an engine-defined variant (size and parent).
const ALIASES: &[(&str, &str)] = &[("15x15+0_chu", "dai")];

struct Thinking {
    signals: Arc<Signals>,
    discard: Arc<AtomicBool>,
    played: Arc<Mutex<Option<String>>>,
    /// The search thread has announced the result its move brought.
    announced: Arc<AtomicBool>,
    handle: JoinHandle<()>,
}

/// `1-0 {reason}`, `0-1 {...}` or `1/2-1/2 {...}` if the game is over.
pub(super) fn result_line(session: &dyn Session) -> Option<String> {
    let o = session.outcome()?;
    let score = match &o {
        Outcome::Win {
            winner: Side::Black,
            ..
        } => "1-0",
        Outcome::Win { .. } => "0-1",
        Outcome::Draw { .. } => "1/2-1/2",
    };
    Some(format!("{score} {{{}}}", describe(&o)))
}

/// Under `level MPS ...` with MPS > 0, the moves the side to move has left to
/// make before its clock is refilled, `plies` into the game: it has made
/// `plies / 2` moves (whichever side began). None in sudden death (MPS 0).
fn moves_to_go(moves_per_session: u32, plies: usize) -> Option<u32> {
    let mps = moves_per_session as usize;
    (mps > 0).then(|| (mps - plies / 2 % mps) as u32)
}

/// Time control from `level`, `st` and `sd`, and the clocks from `time`/`otim`.
#[derive(Default)]
struct Clock {
    moves_per_session: u32,
    increment: Duration,
    per_move: Option<Duration>,
    depth: Option<u32>,
    mine: Option<Duration>,
}

pub struct CecpEngine {
    out: Out,
    session: Box<dyn Session>,
    /// The session's variant's rules (its board geometry, its SFEN reading).
    rules: &'static Rules,
    force: bool,
    engine_side: Side,
    post: bool,
    analyzing: bool,
    clock: Clock,
    thinking: Option<Thinking>,
    /// Table and threads (`memory`, `cores`), kept from game to game.
    setup: SearchSetup,
    /// Alternative readings switched on (`option <reading>=1`), applied from the
    /// next `new` or `variant`.
    alternatives: Vec<String>,
    /// Root moves left out of thinking and analysis (`exclude`); the set belongs to
    /// the current position.
    excluded: Vec<Move>,
    lifted: Option<Lifted>,
    /// Moves played since the game's first position (how far `undo` may go).
    plies: usize,
    /// Moves to go assumed on a clock (`option MoveHorizon`); None: the variant's own.
    horizon: Option<u32>,
}

fn rules_of(session: &dyn Session) -> &'static Rules {
    Rules::get(session.def())
}

impl CecpEngine {
    pub fn new(out: Out) -> Self {
        let setup = SearchSetup::default();
        let session = setup.start(variants::ALL[0]);
        let rules = rules_of(session.as_ref());
        CecpEngine {
            out,
            session,
            rules,
            force: false,
            engine_side: Side::White,
            post: false,
            analyzing: false,
            clock: Clock::default(),
            thinking: None,
            setup,
            alternatives: Vec::new(),
            excluded: Vec::new(),
            lifted: None,
            plies: 0,
            horizon: None,
        }
    }

    fn say(&self, line: &str) {
        (self.out)(line);
    }

    fn side_to_move(&self) -> Side {
        if self.session.sfen().split_whitespace().nth(1) == Some("b") {
            Side::Black
        } else {
            Side::White
        }
    }

    /// Ends a search. `keep` plays its move (`?`, or a search that ended by
    /// itself); otherwise the move is dropped unseen.
    fn end_search(&mut self, keep: bool) {
        let Some(t) = self.thinking.take() else {
            return;
        };
        if !keep {
            t.discard.store(true, Ordering::Relaxed);
        }
        t.signals.stop.store(true, Ordering::Relaxed);
        let _ = t.handle.join();
        let played = t.played.lock().unwrap_or_else(|e| e.into_inner()).take();
        if let Some(m) = played {
            match self.session.play(&m) {
                Ok(()) => self.moved(),
                Err(e) => self.say(&format!("Error (internal): own move {m}: {e}")),
            }
            if !t.announced.load(Ordering::Relaxed) {
                self.announce_result();
            }
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

    /// Whether a search has been started and not yet ended: its move, if it plays
    /// one, is applied when the next command arrives (for tests).
    pub fn searching(&self) -> bool {
        self.thinking.is_some()
    }

    fn announce_result(&self) {
        if let Some(line) = result_line(self.session.as_ref()) {
            self.say(&line);
        }
    }

    pub fn handle(&mut self, line: &str) -> Flow {
        // A search that has delivered its move: apply it before anything else (its
        // thread may still be on its way out).
        if self
            .thinking
            .as_ref()
            .is_some_and(|t| t.handle.is_finished() || t.played.lock().is_ok_and(|p| p.is_some()))
        {
            self.end_search(true);
        }
        let tokens: Vec<&str> = line.split_whitespace().collect();
        let Some((&cmd, args)) = tokens.split_first() else {
            return Flow::Continue;
        };
        match cmd {
            "quit" => {
                self.end_search(false);
                return Flow::Quit;
            }
            // Move now; analysis has no move to make and goes on.
            "?" => {
                if !self.analyzing {
                    self.end_search(true);
                }
                return Flow::Continue;
            }
            "ping" => {
                self.say(&format!("pong {}", args.first().unwrap_or(&"")));
                return Flow::Continue;
            }
            "post" => self.post = true,
            "nopost" => self.post = false,
            // `.` asks for an analysis status line, which this engine does not
            // give; it must not stop the analysis.
            "xboard" | "accepted" | "rejected" | "hard" | "easy" | "random" | "computer"
            | "name" | "ics" | "draw" | "otim" | "hint" | "bk" | "." => {}
            // The user handling pieces, and settings of later games: a search in
            // progress goes on.
            "lift" | "put" | "hover" => self.board_marker(cmd, args),
            "option" => self.option(args),
            // Centiseconds; a count whose milliseconds overflow is refused rather
            // than wrapped round to a small clock.
            "time" => match (args.first())
                .and_then(|t| t.parse::<u64>().ok())
                .and_then(|cs| cs.checked_mul(10))
            {
                Some(ms) => self.clock.mine = Some(Duration::from_millis(ms)),
                None => self.say("Error (bad time): time"),
            },
            _ => {
                // Everything else changes the game: a running search is dropped
                // (analysis restarts on the new position).
                self.end_search(false);
                self.command(cmd, args);
            }
        }
        Flow::Continue
    }

    /// A new game of `def`, with the readings, table (emptied) and threads XBoard set.
    fn new_game(&mut self, def: &'static crate::rules::kind::VariantDef) {
        let base = variants::by_name(def.name).unwrap_or(def);
        self.session = self
            .setup
            .start(variants::with_alternatives(base, &self.alternatives));
        self.rules = rules_of(self.session.as_ref());
        self.plies = 0;
        self.new_position();
    }

    /// A move was played: one more to take back.
    fn moved(&mut self) {
        self.plies += 1;
        self.new_position();
    }

    /// The position changed: excluded moves and a lifted piece belonged to the old one.
    fn new_position(&mut self) {
        self.excluded.clear();
        self.lifted = None;
    }

    fn command(&mut self, cmd: &str, args: &[&str]) {
        match cmd {
            "protover" => self.protover(),
            "memory" => match args.first().and_then(|m| m.parse::<usize>().ok()) {
                Some(mb) if (1..=MAX_HASH_MB).contains(&mb) => match self.setup.resize(mb) {
                    Ok(()) => self.session.set_search(self.setup.clone()),
                    Err(e) => self.say(&format!("Error ({e}): memory")),
                },
                _ => self.say("Error (bad size): memory"),
            },
            "cores" => match args.first().and_then(|n| n.parse::<usize>().ok()) {
                Some(n) if (1..=MAX_THREADS).contains(&n) => {
                    self.setup.threads = n;
                    self.session.set_search(self.setup.clone());
                }
                _ => self.say("Error (bad count): cores"),
            },
            "new" => {
                self.new_game(self.session.def());
                self.force = false;
                self.engine_side = Side::White;
                self.clock.depth = None;
                self.analyzing = false;
            }
            "variant" => {
                let name = args.first().copied().unwrap_or("");
                match VARIANT_NAMES
                    .iter()
                    .chain(ALIASES)
                    .find(|(n, _)| *n == name)
                    .and_then(|(_, v)| variants::by_name(v))
                {
                    Some(def) => {
                        self.new_game(def);
                        self.describe_variant();
                    }
                    None => self.say(&format!("Error (unsupported variant): {name}")),
                }
            }
            "force" => self.force = true,
            "go" => {
                self.force = false;
                self.engine_side = self.side_to_move();
                // Asked to move in a finished game: the result again, not silence.
                self.announce_result();
                self.maybe_think();
            }
            "playother" => {
                self.force = false;
                self.engine_side = self.side_to_move().flip();
            }
            "usermove" => {
                let text = args.first().copied().unwrap_or("");
                self.usermove(text);
            }
            "level" => self.level(args),
            "st" => match args.first().and_then(|s| s.parse::<f64>().ok()) {
                Some(s) if s > 0.0 && s < 1e7 => {
                    self.clock.per_move = Some(Duration::from_secs_f64(s))
                }
                _ => self.say("Error (bad value): st"),
            },
            "sd" => match args.first().and_then(|s| s.parse::<u32>().ok()) {
                Some(d) if d > 0 => self.clock.depth = Some(d),
                _ => self.say("Error (bad value): sd"),
            },
            "undo" | "remove" => {
                let n = if cmd == "undo" { 1 } else { 2 };
                if self.plies < n {
                    return self.say(&format!("Error (command not legal now): {cmd}"));
                }
                for _ in 0..n {
                    self.session.undo();
                }
                self.plies -= n;
                self.new_position();
                if self.analyzing {
                    self.analyze();
                }
            }
            "result" => self.force = true,
            "analyze" => {
                self.analyzing = true;
                self.analyze();
            }
            "exit" => self.analyzing = false,
            "setboard" => self.setboard(args),
            "exclude" | "include" => {
                if let Err(e) = self.restrict(cmd == "exclude", args) {
                    self.say(&format!("Error ({e}): {cmd}"));
                }
                // New root moves: analysis starts again, and the engine on move
                // thinks again (its search was dropped).
                if self.analyzing {
                    self.analyze();
                } else {
                    self.maybe_think();
                }
            }
            _ => self.say(&format!("Error (unknown command): {cmd}")),
        }
    }

    /// The `setup` and `piece` lines that let XBoard draw and referee the variant.
    fn describe_variant(&self) {
        let def = self.session.def();
        let Some(xb) = xboard_def(def.name) else {
            return;
        };
        let white: String = xb.slots.concat();
        let table = format!("{white}{}", white.to_ascii_lowercase());
        match xb.sfen_to_fen(def.setup) {
            Ok(fen) => self.say(&format!(
                "setup ({table}) {}x{}+0_{} {fen} 0 1",
                def.width, def.height, xb.parent
            )),
            Err(e) => self.say(&format!("Error (internal): {e}")),
        }
        for (id, betza) in xb.pieces {
            self.say(&format!("piece {id}& {betza}"));
        }
    }

    fn setboard(&mut self, args: &[&str]) {
        let def = self.session.def();
        let result = xboard_def(def.name)
            .ok_or_else(|| "no XBoard description".to_string())
            .and_then(|xb| xb.fen_to_sfen(args))
            .and_then(|sfen| self.session.set_position(&sfen, &[]));
        match result {
            Ok(()) => {
                self.plies = 0;
                self.new_position();
                if self.analyzing {
                    self.analyze();
                }
            }
            Err(e) => self.say(&format!("tellusererror Illegal position: {e}")),
        }
    }

    fn protover(&self) {
        let names: Vec<&str> = VARIANT_NAMES.iter().map(|(n, _)| *n).collect();
        self.say(&format!(
            "feature ping=1 setboard=1 usermove=1 playother=1 colors=0 sigint=0 sigterm=0 \
             memory=1 smp=1 analyze=1 time=1 draw=0 reuse=1 exclude=1 highlight=1 \
             myname=\"{ENGINE_NAME}\" variants=\"{}\"",
            names.join(",")
        ));
        // The table size and the threads are not options: XBoard's `memory` and
        // `cores` set them before every game and would override an option.
        for name in variants::alternative_options() {
            let on = self.alternatives.iter().any(|a| a == name);
            self.say(&format!("feature option=\"{name} -check {}\"", on as u8));
        }
        for p in crate::eval::PARAMS {
            self.say(&format!(
                "feature option=\"{} -spin {} {} {}\"",
                p.name,
                p.get(&self.setup.weights),
                p.min,
                p.max
            ));
        }
        self.say(&format!(
            "feature option=\"MoveHorizon -spin {} 0 {MAX_HORIZON}\"",
            self.horizon.unwrap_or(0)
        ));
        self.say("feature done=1");
    }

    /// `option NAME=VALUE`: the alternative readings (check options, 0 or 1),
    /// the evaluation's weights and the time horizon (spin options).
    fn option(&mut self, args: &[&str]) {
        let line = args.join(" ");
        let (name, value) = match line.split_once('=') {
            Some((n, v)) => (n.trim(), Some(v.trim())),
            None => (line.trim(), None),
        };
        if let Some(p) = crate::eval::param(name) {
            return match p.set(&mut self.setup.weights, value) {
                Ok(()) => self.session.set_search(self.setup.clone()),
                Err(e) => self.say(&format!("Error ({e}): option")),
            };
        }
        if name == "MoveHorizon" {
            return match parse_horizon(value) {
                Ok(h) => self.horizon = h,
                Err(e) => self.say(&format!("Error ({e}): option")),
            };
        }
        let Some(&name) = variants::alternative_options().iter().find(|&&n| n == name) else {
            return self.say(&format!(
                "Error (unknown option '{}'): option",
                truncate(name)
            ));
        };
        let on = match value {
            Some("1" | "true") => true,
            Some("0" | "false") => false,
            _ => return self.say(&format!("Error ({name} takes 0 or 1): option")),
        };
        variants::switch_alternative(&mut self.alternatives, name, on);
    }

    /// `lift`, `put` and `hover`: where the user picks pieces up and puts them down.
    fn board_marker(&mut self, cmd: &str, args: &[&str]) {
        // `put` marks a square with a comma when the user held Ctrl.
        let text = args.first().map_or("", |a| a.trim_end_matches(','));
        let sq = match parse_xb_square(&self.rules.geo, text) {
            Some((sq, "")) if args.len() == 1 => sq,
            _ => return self.say(&format!("Error (bad square): {cmd}")),
        };
        match cmd {
            "lift" => self.lift(sq),
            // Put down anywhere but on a first leg: the move entry is over.
            "put"
                if !self
                    .lifted
                    .as_ref()
                    .is_some_and(|l| l.first_legs.contains(&sq)) =>
            {
                self.lifted = None;
            }
            _ => {}
        }
    }

    /// Answers `lift` with the targets of the piece on `sq`: yellow for a move, red
    /// for a capture, magenta where it may promote, cyan for the first leg of a
    /// two-leg (lion) move. A `lift` of a square marked cyan for the piece lifted
    /// before marks the second legs through it, that square itself among them when
    /// the piece may also stop there. Passes are not marked: XBoard sends them as
    /// `@@@@`.
    fn lift(&mut self, sq: u16) {
        let geo = &self.rules.geo;
        let occ = occupancy(self.rules, &self.session.sfen());
        let moves: Vec<MoveText> = if self.session.outcome().is_some() {
            Vec::new()
        } else {
            (self.session.legal_moves().iter())
                .filter_map(|m| MoveText::parse(m, geo).ok())
                .collect()
        };
        let colour = |t: &MoveText, to: u16| match (t.promote, occ[to as usize]) {
            (Some(true), _) => 'M',
            (_, Some(_)) if to != t.squares[0] => 'R',
            _ => 'Y',
        };
        let mut marks = vec![None; geo.squares()];
        match self.lifted.as_ref() {
            Some(l) if l.first_legs.contains(&sq) => {
                for t in moves.iter().filter(|t| t.squares[0] == l.from) {
                    match t.squares[..] {
                        [_, to] if to == sq => mark(&mut marks, to, colour(t, to)),
                        [_, mid, to] if mid == sq => mark(&mut marks, to, colour(t, to)),
                        _ => {}
                    }
                }
            }
            _ => {
                let mut first_legs = Vec::new();
                for t in moves.iter().filter(|t| t.squares[0] == sq) {
                    match t.squares[..] {
                        [_, to] => mark(&mut marks, to, colour(t, to)),
                        // A first stop that captures; an empty one is a pass.
                        [_, mid, ..] if occ[mid as usize].is_some() => {
                            mark(&mut marks, mid, 'C');
                            first_legs.push(mid);
                        }
                        _ => {}
                    }
                }
                self.lifted = Some(Lifted {
                    from: sq,
                    first_legs,
                });
            }
        }
        self.say(&format!("highlight {}", colour_board(geo, &marks)));
    }

    /// The legal moves of the position, as move values.
    fn legal(&self) -> Vec<Move> {
        (self.session.legal_moves().iter())
            .filter_map(|m| self.session.parse_move(m).ok())
            .collect()
    }

    /// `exclude`/`include` a move (XBoard's notation, `@@@@` for every pass) or
    /// `all`; the set changes only when the whole command is good.
    fn restrict(&mut self, exclude: bool, args: &[&str]) -> Result<(), String> {
        let [text] = args else {
            return Err("expected one move or 'all'".into());
        };
        let moves = if *text == "all" {
            self.legal()
        } else if *text == "@@@@" {
            let occ = occupancy(self.rules, &self.session.sfen());
            let passes: Vec<Move> = (self.legal().into_iter())
                .filter(|m| m.from == m.to && occ.get(m.mid as usize) == Some(&None))
                .collect();
            if passes.is_empty() {
                return Err("no piece can pass".into());
            }
            passes
        } else if text.len() > 40 {
            return Err(format!("malformed move '{}'", truncate(text)));
        } else {
            let ours = from_xboard(&self.rules.geo, text)?;
            vec![self.session.parse_move(&ours)?]
        };
        if exclude {
            for m in moves {
                if !self.excluded.contains(&m) {
                    self.excluded.push(m);
                }
            }
        } else if *text == "all" {
            self.excluded.clear();
        } else {
            self.excluded.retain(|m| !moves.contains(m));
        }
        Ok(())
    }

    fn level(&mut self, args: &[&str]) {
        let parsed = (|| {
            let mps: u32 = args.first()?.parse().ok()?;
            let base = args.get(1)?;
            let (min, sec) = match base.split_once(':') {
                Some((m, s)) => (m.parse::<u64>().ok()?, s.parse::<u64>().ok()?),
                None => (base.parse::<u64>().ok()?, 0),
            };
            let inc: f64 = args.get(2)?.parse().ok()?;
            let base = min.checked_mul(60)?.checked_add(sec)?;
            Some((mps, Duration::from_secs(base), inc))
        })();
        match parsed {
            Some((mps, _base, inc)) if (0.0..1e6).contains(&inc) => {
                self.clock.moves_per_session = mps;
                self.clock.increment = Duration::from_secs_f64(inc);
                self.clock.per_move = None;
            }
            _ => self.say("Error (bad value): level"),
        }
    }

    fn usermove(&mut self, text: &str) {
        let ours = if text == "@@@@" {
            self.session
                .pass_move()
                .ok_or_else(|| "no piece can pass".to_string())
        } else {
            from_xboard(&self.rules.geo, text)
        };
        match ours.and_then(|m| self.session.play(&m)) {
            Ok(()) => {
                self.moved();
                self.announce_result();
                if self.analyzing {
                    self.analyze();
                } else {
                    self.maybe_think();
                }
            }
            Err(e) => self.say(&format!("Illegal move ({e}): {text}")),
        }
    }

    /// Starts thinking if it is the engine's turn.
    fn maybe_think(&mut self) {
        if self.force || self.side_to_move() != self.engine_side {
            return;
        }
        if self.session.outcome().is_some() {
            return;
        }
        let c = &self.clock;
        let mut limits = Limits {
            depth: c.depth,
            ..Default::default()
        };
        if let Some(t) = c.per_move {
            limits.movetime = Some(t);
        } else if let Some(mine) = c.mine {
            limits.time = Some(mine);
            limits.inc = c.increment;
            limits.movestogo = moves_to_go(c.moves_per_session, self.plies);
        } else if limits.depth.is_none() {
            limits.movetime = Some(Duration::from_secs(5));
        }
        self.start(limits, false);
    }

    fn analyze(&mut self) {
        self.end_search(false);
        if self.session.outcome().is_none() {
            self.start(
                Limits {
                    infinite: true,
                    ..Default::default()
                },
                true,
            );
        }
    }

    fn start(&mut self, mut limits: Limits, analyze: bool) {
        limits.horizon = self.horizon;
        if !self.excluded.is_empty() {
            limits.searchmoves = (self.legal().into_iter())
                .filter(|m| !self.excluded.contains(m))
                .collect();
            // Every move excluded: nothing to search until one is included again.
            if limits.searchmoves.is_empty() {
                return;
            }
        }
        let signals = Signals::new(&limits);
        let discard = Arc::new(AtomicBool::new(false));
        let played = Arc::new(Mutex::new(None));
        let announced = Arc::new(AtomicBool::new(false));
        let reporter = Box::new(CecpReporter {
            out: self.out.clone(),
            geo: &self.rules.geo,
            post: self.post || analyze,
            analyze,
            discard: discard.clone(),
            played: played.clone(),
            pass: self.session.pass_move(),
            referee: (!analyze).then(|| Mutex::new(self.session.fork())),
            announced: announced.clone(),
        });
        let handle = self.session.spawn_search(limits, signals.clone(), reporter);
        self.thinking = Some(Thinking {
            signals,
            discard,
            played,
            announced,
            handle,
        });
    }

    /// Waits for a running search of the engine's own move and applies it.
    pub fn finish(&mut self) {
        if let Some(t) = &self.thinking
            && !self.analyzing
        {
            while !t.handle.is_finished() {
                std::thread::sleep(Duration::from_millis(1));
            }
        }
        self.end_search(!self.analyzing);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Geometry;

    #[test]
    fn coordinates_round_trip() {
        let g = Geometry::new(15, 15);
        assert_eq!(xb_square(&g, g.parse_square("15o").unwrap()), "a1");
        assert_eq!(xb_square(&g, g.parse_square("1a").unwrap()), "o15");
        assert_eq!(from_xboard(&g, "h3h4").unwrap(), "8m8l");
        assert_eq!(from_xboard(&g, "h13h12,h12h13").unwrap(), "8c8d8c");
        assert_eq!(from_xboard(&g, "a11a12+").unwrap(), "15e15d+");
        assert_eq!(to_xboard(&g, "8c8d8c").unwrap(), vec!["h13h12,", "h12h13"]);
        assert_eq!(to_xboard(&g, "15e15d+").unwrap(), vec!["a11a12+"]);
        // A lion dog's three-step move: three legs.
        let legs = to_xboard(&g, "8h8g8f8e").unwrap();
        assert_eq!(legs, vec!["h8h9,", "h9h10,", "h10h11"]);
        assert_eq!(from_xboard(&g, &legs.concat()).unwrap(), "8h8g8f8e");
        for bad in [
            "",
            "h3",
            "h3h",
            "p1a1",
            "a0a1",
            "a1a16",
            "h3h4,h5h6",
            "h3h4x",
        ] {
            assert!(from_xboard(&g, bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn moves_to_go_counts_down_to_each_time_control() {
        // `level 40 ...`: the first move has 40 to go, the 40th 1, the 41st
        // (a new session) 40 again; each side counts its own moves.
        assert_eq!(moves_to_go(40, 0), Some(40));
        assert_eq!(moves_to_go(40, 1), Some(40));
        assert_eq!(moves_to_go(40, 2), Some(39));
        assert_eq!(moves_to_go(40, 78), Some(1));
        assert_eq!(moves_to_go(40, 79), Some(1));
        assert_eq!(moves_to_go(40, 80), Some(40));
        assert_eq!(moves_to_go(1, 7), Some(1));
        assert_eq!(moves_to_go(0, 10), None);
    }

    #[test]
    fn dai_start_position_in_xboard_letters() {
        let xb = xboard_def("dai").unwrap();
        let dai = crate::variants::dai::DAI.setup;
        let fen = xb.sfen_to_fen(dai).unwrap();
        // As XBoard 4.9.1 sends it back with `setboard`.
        assert_eq!(
            fen,
            "lnuicsgkgsciunl/a1c'1f1tet1f1c'1a/1x'1a'1wxl!ow1a'1x'1/rf'mvbhdqdhbvmf'r/\
             ppppppppppppppp/4p'5p'4/15/15/15/4P'5P'4/PPPPPPPPPPPPPPP/RF'MVBHDQDHBVMF'R/\
             1X'1A'1WOL!XW1A'1X'1/A1C'1F1TET1F1C'1A/LNUICSGKGSCIUNL w"
        );
        let words: Vec<&str> = fen.split(' ').chain(["-", "0", "1"]).collect();
        assert_eq!(xb.fen_to_sfen(&words).unwrap(), dai);
        // Promoted pieces and White to move.
        let sfen = xb.fen_to_sfen(&["15/15/15/15/15/15/15/15/15/15/15/15/15/2+p'+B11/K13k", "b"]);
        assert_eq!(
            sfen.unwrap(),
            "15/15/15/15/15/15/15/15/15/15/15/15/15/2+(gb)+B11/K13k w - 1"
        );
        assert!(
            xb.fen_to_sfen(&["15/15/15/15/15/15/15/15/15/15/15/15/15/15/K13Z"])
                .is_err()
        );
        // Every piece has a slot and a move, and a promoted slot exactly when it
        // promotes.
        for (code, id) in xb.ids {
            assert!(xb.slots.contains(id), "{code}");
            assert!(xb.pieces.iter().any(|(p, _)| p == id), "{code}");
            let promoted = format!("^{id}");
            let has_promotion = crate::variants::dai::KINDS
                .iter()
                .any(|k| k.code == *code && k.promotes_to.is_some());
            assert_eq!(
                xb.slots.contains(&promoted.as_str()),
                has_promotion,
                "{code}"
            );
        }
        // 44 base slots, then `/` jumps to the promoted slots 46..=65, the king last.
        let slash = xb.slots.iter().position(|s| *s == "/").unwrap();
        assert_eq!((slash, xb.slots.len() - slash - 1), (44, 20));
        assert_eq!(xb.slots.last(), Some(&"K"));
    }
}
