//! CECP (the XBoard/WinBoard protocol, version 2).
//!
//! XBoard numbers files with letters from the left and ranks with numbers from the
//! first mover's side: our `15o` (bottom left) is its `a1`, our `1a` its `o15`. Its
//! "white" is the first mover, our Black. A move of several legs arrives as one
//! `usermove` with legs separated by commas, and leaves as one `move` line per leg,
//! earlier legs ending in a comma. A pass is `@@@@`.

use super::session::{Out, Report, Reporter, SearchSetup, Session};
use crate::board::Geometry;
use crate::game::{Outcome, describe};
use crate::moves::MoveText;
use crate::search::{Limits, mate_plies};
use crate::types::Side;
use crate::variants;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::Duration;

use super::usi::{ENGINE_NAME, Flow};

/// Variant names offered to XBoard: its own name for dai shogi, and one its New
/// Variant dialog does not hide.
const VARIANT_NAMES: &[(&str, &str)] = &[("dai", "dai"), ("dai-shogi", "dai")];

/// Names XBoard may use for an engine-defined variant (size and parent).
const ALIASES: &[(&str, &str)] = &[("15x15+0_chu", "dai")];

/// What XBoard needs to draw and referee a variant.
struct XboardDef {
    parent: &'static str,
    slots: &'static [&'static str],
    ids: &'static [(&'static str, &'static str)],
    pieces: &'static [(&'static str, &'static str)],
}

/// The board field of XBoard's FEN for one of our SFENs (for `setboard`), where
/// the variant has an XBoard description.
pub fn xboard_board(variant: &str, sfen: &str) -> Option<String> {
    let fen = xboard_def(variant)?.sfen_to_fen(sfen).ok()?;
    fen.split_whitespace().next().map(String::from)
}

fn xboard_def(variant: &str) -> Option<XboardDef> {
    use crate::variants::dai_xboard as d;
    (variant == "dai").then_some(XboardDef {
        parent: "chu",
        slots: d::SLOTS,
        ids: d::IDS,
        pieces: d::PIECES,
    })
}

/// Rewrites a FEN-style board: empty-square counts, `/` and `+` pass through;
/// `piece` reads one piece token at `chars[*i]` (advancing `i`) and returns its
/// rewriting.
fn map_pieces(
    board: &str,
    mut piece: impl FnMut(&[char], &mut usize) -> Result<String, String>,
) -> Result<String, String> {
    let chars: Vec<char> = board.chars().collect();
    let mut out = String::new();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if c.is_ascii_digit() || c == '/' || c == '+' {
            out.push(c);
            i += 1;
        } else {
            out.push_str(&piece(&chars, &mut i)?);
        }
    }
    Ok(out)
}

impl XboardDef {
    fn id_of(&self, code: &str) -> Option<&'static str> {
        self.ids
            .iter()
            .find(|(c, _)| c.eq_ignore_ascii_case(code))
            .map(|&(_, id)| id)
    }

    fn code_of(&self, id: &str) -> Option<&'static str> {
        self.ids
            .iter()
            .find(|(_, i)| i.eq_ignore_ascii_case(id))
            .map(|&(c, _)| c)
    }

    /// Our SFEN board and side to XBoard's FEN board and side.
    fn sfen_to_fen(&self, sfen: &str) -> Result<String, String> {
        let mut f = sfen.split_whitespace();
        let (board, side) = (f.next().unwrap_or(""), f.next().unwrap_or("b"));
        let out = map_pieces(board, |chars, i| {
            let code: String = if chars[*i] == '(' {
                let close = chars[*i..]
                    .iter()
                    .position(|&c| c == ')')
                    .ok_or("bad sfen")?;
                let code = chars[*i + 1..*i + close].iter().collect();
                *i += close + 1;
                code
            } else {
                *i += 1;
                chars[*i - 1].to_string()
            };
            let id = self
                .id_of(&code)
                .ok_or_else(|| format!("no XBoard letter for {code}"))?;
            Ok(if code.chars().all(|c| c.is_ascii_lowercase()) {
                id.to_ascii_lowercase()
            } else {
                id.to_string()
            })
        })?;
        let side = if side == "b" { "w" } else { "b" };
        Ok(format!("{out} {side}"))
    }

    /// XBoard's FEN (`setboard`) to our SFEN.
    fn fen_to_sfen(&self, fen: &[&str]) -> Result<String, String> {
        let board = fen.first().ok_or("setboard needs a position")?;
        let side = match fen.get(1).copied() {
            Some("w") | None => "b",
            Some("b") => "w",
            Some(s) => return Err(format!("bad side to move '{s}'")),
        };
        let out = map_pieces(board, |chars, i| {
            let c = chars[*i];
            if !c.is_ascii_alphabetic() {
                return Err(format!("unexpected '{c}' in the position"));
            }
            let mut id = c.to_string();
            *i += 1;
            if let Some(&d) = chars.get(*i).filter(|&&d| d == '\'' || d == '!') {
                id.push(d);
                *i += 1;
            }
            let code = self
                .code_of(&id)
                .ok_or_else(|| format!("unknown piece '{id}'"))?;
            let code = if c.is_ascii_lowercase() {
                code.to_ascii_lowercase()
            } else {
                code.to_string()
            };
            Ok(if code.len() > 1 {
                format!("({code})")
            } else {
                code
            })
        })?;
        Ok(format!("{out} {side} - 1"))
    }
}

/// A square in XBoard's coordinates.
pub fn xb_square(geo: &Geometry, sq: u16) -> String {
    let file = (b'a' + geo.x(sq) as u8) as char;
    format!("{file}{}", geo.height - geo.y(sq))
}

/// Parses an XBoard square (`a1`..`o15`) at the start of `s`.
fn parse_xb_square<'a>(geo: &Geometry, s: &'a str) -> Option<(u16, &'a str)> {
    let b = s.as_bytes();
    let file = *b.first()?;
    if !file.is_ascii_lowercase() {
        return None;
    }
    let x = (file - b'a') as usize;
    let digits = b[1..].iter().take_while(|c| c.is_ascii_digit()).count();
    if digits == 0 || digits > 2 {
        return None;
    }
    let rank: usize = s[1..1 + digits].parse().ok()?;
    if x >= geo.width || rank == 0 || rank > geo.height {
        return None;
    }
    Some((geo.square(x, geo.height - rank), &s[1 + digits..]))
}

/// Our move text to XBoard legs (one string per `move` line).
pub fn to_xboard(geo: &Geometry, text: &str) -> Result<Vec<String>, String> {
    let t = MoveText::parse(text, geo)?;
    let suffix = if t.promote == Some(true) { "+" } else { "" };
    let sq = |s| xb_square(geo, s);
    Ok(match t.squares[..] {
        [from, to] => vec![format!("{}{}{suffix}", sq(from), sq(to))],
        // Igui and pass look alike in our text; the reporter names passes `@@@@`.
        [from, mid, to] => vec![
            format!("{}{},", sq(from), sq(mid)),
            format!("{}{}{suffix}", sq(mid), sq(to)),
        ],
        _ => unreachable!(),
    })
}

/// An XBoard move (`h13h12`, `h13h12+`, `h13h12,h12h13`) to our text.
pub fn from_xboard(geo: &Geometry, text: &str) -> Result<String, String> {
    let bad = || format!("malformed move '{text}'");
    let (body, promote) = match text.strip_suffix('+') {
        Some(b) => (b, true),
        None => (text, false),
    };
    let mut squares = Vec::new();
    for (i, leg) in body.split(',').enumerate() {
        let (a, rest) = parse_xb_square(geo, leg).ok_or_else(bad)?;
        let (b, rest) = parse_xb_square(geo, rest).ok_or_else(bad)?;
        if !rest.is_empty() {
            return Err(bad());
        }
        if i == 0 {
            squares.push(a);
        } else if squares.last() != Some(&a) {
            return Err(format!("legs of '{text}' do not join"));
        }
        squares.push(b);
    }
    if squares.len() > 3 {
        return Err(bad());
    }
    let mut out: String = squares.iter().map(|&s| geo.name(s)).collect();
    if promote {
        out.push('+');
    }
    Ok(out)
}

/// Thinking output and moves, as XBoard wants them.
struct CecpReporter {
    out: Out,
    geo: &'static Geometry,
    post: bool,
    /// Analysis prints no move.
    analyze: bool,
    /// Set when the search was abandoned: print nothing more.
    discard: Arc<AtomicBool>,
    /// The move played, for the protocol loop to apply to its game.
    played: Arc<Mutex<Option<String>>>,
    pass: Option<String>,
}

fn xb_score(score: i32) -> i32 {
    // XBoard reads +/-(100000 + N) as mate in N moves.
    match mate_plies(score) {
        Some(n) if n > 0 => 100_000 + (n + 1) / 2,
        Some(n) => -100_000 + n / 2,
        None => score,
    }
}

impl Reporter for CecpReporter {
    fn error(&self, msg: &str) {
        (self.out)(&format!("Error (internal): {msg}"));
    }

    fn iteration(&self, r: &Report) {
        if !self.post || self.discard.load(Ordering::Relaxed) {
            return;
        }
        let pv: Vec<String> =
            r.pv.iter()
                .map(|m| {
                    to_xboard(self.geo, m)
                        .map(|l| l.concat())
                        .unwrap_or_default()
                })
                .collect();
        (self.out)(&format!(
            "{} {} {} {} {}",
            r.depth,
            xb_score(r.score),
            r.elapsed.as_millis() / 10,
            r.nodes,
            pv.join(" ")
        ));
    }

    fn best(&self, mv: Option<&str>) {
        if self.analyze || self.discard.load(Ordering::Relaxed) {
            return;
        }
        let Some(m) = mv else {
            (self.out)("resign");
            return;
        };
        let legs = if Some(m) == self.pass.as_deref() {
            vec!["@@@@".to_string()]
        } else {
            to_xboard(self.geo, m).unwrap_or_default()
        };
        *self.played.lock().unwrap_or_else(|e| e.into_inner()) = Some(m.to_string());
        for leg in legs {
            (self.out)(&format!("move {leg}"));
        }
    }
}

struct Thinking {
    stop: Arc<AtomicBool>,
    discard: Arc<AtomicBool>,
    played: Arc<Mutex<Option<String>>>,
    handle: JoinHandle<()>,
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
    geo: &'static Geometry,
    force: bool,
    engine_side: Side,
    post: bool,
    analyzing: bool,
    clock: Clock,
    thinking: Option<Thinking>,
    /// Table and threads (`memory`, `cores`), kept from game to game.
    setup: SearchSetup,
}

fn geometry_of(session: &dyn Session) -> &'static Geometry {
    &crate::rules::Rules::get(session.def()).geo
}

impl CecpEngine {
    pub fn new(out: Out) -> Self {
        let setup = SearchSetup::default();
        let session = setup.start(variants::ALL[0]);
        let geo = geometry_of(session.as_ref());
        CecpEngine {
            out,
            session,
            geo,
            force: false,
            engine_side: Side::White,
            post: false,
            analyzing: false,
            clock: Clock::default(),
            thinking: None,
            setup,
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
        t.stop.store(true, Ordering::Relaxed);
        let _ = t.handle.join();
        let played = t.played.lock().unwrap_or_else(|e| e.into_inner()).take();
        if let Some(m) = played {
            if let Err(e) = self.session.play(&m) {
                self.say(&format!("Error (internal): own move {m}: {e}"));
            }
            self.announce_result();
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
        if let Some(o) = self.session.outcome() {
            let (score, why) = match &o {
                Outcome::Win {
                    winner: Side::Black,
                    ..
                } => ("1-0", describe(&o)),
                Outcome::Win { .. } => ("0-1", describe(&o)),
                Outcome::Draw { .. } => ("1/2-1/2", describe(&o)),
            };
            self.say(&format!("{score} {{{why}}}"));
        }
    }

    pub fn handle(&mut self, line: &str) -> Flow {
        // A search that has delivered its move: apply it before anything else.
        if self
            .thinking
            .as_ref()
            .is_some_and(|t| t.handle.is_finished())
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
            "?" => {
                self.end_search(true);
                return Flow::Continue;
            }
            "ping" => {
                self.say(&format!("pong {}", args.first().unwrap_or(&"")));
                return Flow::Continue;
            }
            "post" => self.post = true,
            "nopost" => self.post = false,
            "xboard" | "accepted" | "rejected" | "hard" | "easy" | "random" | "computer"
            | "name" | "ics" | "draw" | "otim" | "hint" | "bk" => {}
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

    /// A new game of `def` with the table (emptied) and threads XBoard set.
    fn new_game(&mut self, def: &'static crate::rules::kind::VariantDef) {
        self.session = self.setup.start(def);
    }

    fn command(&mut self, cmd: &str, args: &[&str]) {
        match cmd {
            "protover" => self.protover(),
            "memory" => match args.first().and_then(|m| m.parse::<usize>().ok()) {
                Some(mb) if (1..=1 << 20).contains(&mb) => match self.setup.resize(mb) {
                    Ok(()) => self.session.set_search(self.setup.clone()),
                    Err(e) => self.say(&format!("Error ({e}): memory")),
                },
                _ => self.say("Error (bad size): memory"),
            },
            "cores" => match args.first().and_then(|n| n.parse::<usize>().ok()) {
                Some(n) if (1..=256).contains(&n) => {
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
                        self.geo = geometry_of(self.session.as_ref());
                        self.describe_variant();
                    }
                    None => self.say(&format!("Error (unsupported variant): {name}")),
                }
            }
            "force" => self.force = true,
            "go" => {
                self.force = false;
                self.engine_side = self.side_to_move();
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
            "undo" => {
                self.session.undo();
                if self.analyzing {
                    self.analyze();
                }
            }
            "remove" => {
                self.session.undo();
                self.session.undo();
            }
            "result" => self.force = true,
            "analyze" => {
                self.analyzing = true;
                self.analyze();
            }
            "exit" => self.analyzing = false,
            "." => {}
            "setboard" => self.setboard(args),
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
        if let Err(e) = result {
            self.say(&format!("tellusererror Illegal position: {e}"));
        }
    }

    fn protover(&self) {
        let names: Vec<&str> = VARIANT_NAMES.iter().map(|(n, _)| *n).collect();
        self.say(&format!(
            "feature ping=1 setboard=1 usermove=1 playother=1 colors=0 sigint=0 sigterm=0 \
             memory=1 smp=1 analyze=1 time=1 draw=0 reuse=1 myname=\"{ENGINE_NAME}\" \
             variants=\"{}\"",
            names.join(",")
        ));
        self.say("feature done=1");
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
            from_xboard(self.geo, text)
        };
        match ours.and_then(|m| self.session.play(&m)) {
            Ok(()) => {
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
            if c.moves_per_session > 0 {
                limits.movestogo = Some(c.moves_per_session);
            }
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

    fn start(&mut self, limits: Limits, analyze: bool) {
        let stop = Arc::new(AtomicBool::new(false));
        let discard = Arc::new(AtomicBool::new(false));
        let played = Arc::new(Mutex::new(None));
        let reporter = Box::new(CecpReporter {
            out: self.out.clone(),
            geo: self.geo,
            post: self.post || analyze,
            analyze,
            discard: discard.clone(),
            played: played.clone(),
            pass: self.session.pass_move(),
        });
        let handle = self.session.spawn_search(limits, stop.clone(), reporter);
        self.thinking = Some(Thinking {
            stop,
            discard,
            played,
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
