//! Engine-vs-engine matches over the USI-like protocol, refereed by the engine's
//! own rules: any variant, any time control, games in parallel, colours
//! alternating, openings from a file, Elo with error bars and an SPRT verdict.

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
}

pub struct MatchConfig {
    /// Shell commands starting the two engines.
    pub engines: [String; 2],
    pub variant: &'static VariantDef,
    pub games: u32,
    pub concurrency: usize,
    pub tc: TimeControl,
    /// Start positions (SFEN); each is played twice, colours swapped. Empty: the
    /// variant's start position.
    pub openings: Vec<String>,
    /// A game still running after this many plies is a draw.
    pub max_plies: usize,
    pub sprt: Option<Sprt>,
    /// Where the games are written, if anywhere.
    pub games_out: Option<std::path::PathBuf>,
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
    fn start(cmd: &str, variant: &str) -> Result<EngineProcess, String> {
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

    fn new_game(&mut self, cfg: &MatchConfig, start: &str) -> Result<(), String> {
        if !self.cecp {
            self.send("usinewgame")?;
            return self.ready();
        }
        self.fed = 0;
        self.send("new")?;
        self.send(&format!("variant {}", cfg.variant.name))?;
        self.send("force")?;
        if start.split_whitespace().next() != cfg.variant.setup.split_whitespace().next() {
            let board = crate::protocol::cecp::xboard_board(cfg.variant.name, start)
                .ok_or("no XBoard position for this variant")?;
            // HaChu takes the board field only.
            self.send(&format!("setboard {board}"))?;
        }
        match &cfg.tc {
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
    /// (CECP) or ours (USI).
    fn think(
        &mut self,
        cfg: &MatchConfig,
        start: &str,
        moves: &[String],
        clocks: [Duration; 2],
        side: Side,
    ) -> Result<Reply, String> {
        let limit = match &cfg.tc {
            TimeControl::MoveTime(t) => *t + Duration::from_secs(5),
            TimeControl::Nodes(_) => Duration::from_secs(120),
            TimeControl::Depth(_) => Duration::from_secs(600),
            TimeControl::Clock { byoyomi, .. } => {
                clocks[side.index()] + *byoyomi + Duration::from_secs(1)
            }
        };
        let t = Instant::now();
        if self.cecp {
            for m in &moves[self.fed..] {
                let line = if self.usermove {
                    format!("usermove {m}")
                } else {
                    m.clone()
                };
                self.send(&line)?;
            }
            let cs = |d: Duration| d.as_millis() / 10;
            self.send(&format!("time {}", cs(clocks[side.index()])))?;
            self.send(&format!("otim {}", cs(clocks[side.flip().index()])))?;
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
                }
            };
            self.send("force")?;
            self.fed = moves.len() + 1;
            return Ok(reply);
        }
        self.send(&format!("position sfen {start} moves {}", moves.join(" ")))?;
        let go = match &cfg.tc {
            TimeControl::MoveTime(t) => format!("go movetime {}", t.as_millis()),
            TimeControl::Nodes(n) => format!("go nodes {n}"),
            TimeControl::Depth(d) => format!("go depth {d}"),
            TimeControl::Clock { inc, byoyomi, .. } => format!(
                "go btime {} wtime {} binc {} winc {} byoyomi {}",
                clocks[0].as_millis(),
                clocks[1].as_millis(),
                inc.as_millis(),
                inc.as_millis(),
                byoyomi.as_millis()
            ),
        };
        self.send(&go)?;
        loop {
            match self.recv(limit.saturating_sub(t.elapsed())) {
                Ok(line) => {
                    if let Some(rest) = line.strip_prefix("bestmove") {
                        let mv = rest.split_whitespace().next().unwrap_or("");
                        return Ok(match mv {
                            "resign" | "" => Reply::Resign,
                            m => Reply::Ours(m.to_string()),
                        });
                    }
                }
                Err(_) => return Ok(Reply::Silent),
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
    for e in engines.iter_mut() {
        e.new_game(cfg, start)?;
    }
    // The moves in our notation and in XBoard's.
    let mut moves: Vec<String> = Vec::new();
    let mut xb_moves: Vec<String> = Vec::new();
    let mut clocks = match &cfg.tc {
        TimeControl::Clock { base, .. } => [*base; 2],
        _ => [Duration::ZERO; 2],
    };
    let end = |winner: Option<Side>, reason: String, moves: Vec<String>| GameRecord {
        index,
        black,
        start: start.to_string(),
        moves,
        winner,
        reason,
    };
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
        let reply = e.think(cfg, start, history, clocks, side)?;
        let elapsed = t.elapsed();
        let opponent_wins = Some(side.flip());
        let name = e.name.clone();
        let lose = |reason: String, moves: Vec<String>| Ok(end(opponent_wins, reason, moves));
        let pass = session.pass_move();
        let mv = match reply {
            Reply::Silent => return lose(format!("{name} did not move in time"), moves),
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
        if let TimeControl::Clock { inc, byoyomi, .. } = &cfg.tc {
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
                        EngineProcess::start(&cfg.engines[0], cfg.variant.name)?,
                        EngineProcess::start(&cfg.engines[1], cfg.variant.name)?,
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
