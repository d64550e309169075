//! One engine process of a match: started, spoken to in USI or CECP, asked
//! for moves under the game's clock.

use super::adjudication::{cecp_thinking_score, usi_info_score};
use super::config::{MatchConfig, TimeControl};
use crate::types::Side;
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::time::{Duration, Instant};

pub(super) struct EngineProcess {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
    pub(super) name: String,
    /// Spoken to in CECP (command prefixed `cecp:`), else USI.
    pub(super) cecp: bool,
    /// CECP: moves of the game the engine has been told (or made).
    fed: usize,
    /// CECP: the engine asked for `usermove`.
    usermove: bool,
    /// This process may not start another game: a CECP engine once it has
    /// started one, any engine once it failed to move in time.
    pub(super) spent: bool,
}

/// What an engine answered when asked for a move.
pub(super) enum Reply {
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
    pub(super) fn of_match(cfg: &MatchConfig, i: usize) -> Result<EngineProcess, String> {
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
    pub(super) fn new_game(
        &mut self,
        cfg: &MatchConfig,
        tc: &TimeControl,
        start: &str,
    ) -> Result<(), String> {
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
    pub(super) fn think(
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
