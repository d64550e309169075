//! Engine-vs-engine matches over the USI-like protocol, refereed by the engine's
//! own rules: any variant, any time control (one per engine if asked), engine
//! options, games in parallel, colours alternating, openings from a file, Elo
//! with error bars (by games and by opening pairs) and an SPRT verdict (by
//! pairs), and games ended early on the engines' scores or the material balance
//! (adjudication, like cutechess-cli's `-resign` and `-draw`).

mod adjudication;
mod config;
mod engine;

pub use adjudication::{
    Adjudicated, Adjudication, Adjudicator, Decision, DrawRule, MATE_SCORE, MaterialRule,
    ResignRule, cecp_thinking_score, usi_info_score,
};
pub use config::{EngineSettings, MatchConfig, TimeControl, parse_openings, read_openings};

use super::stats::{Tally, Verdict};
use crate::game::{Outcome, describe};
use crate::protocol::session::new_session;
use crate::types::Side;
use engine::{EngineProcess, Reply};
use std::io::Write;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicU32, Ordering};
use std::time::Instant;

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
            let allowed = *c + *byoyomi;
            if elapsed > allowed {
                // By how much: a few milliseconds over is the machine, seconds the engine.
                let (took, had) = (elapsed.as_millis(), allowed.as_millis());
                return lose(format!("{name} lost on time ({took} ms of {had})"), moves);
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
    let results: Mutex<Results> = Mutex::new(Default::default());
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
                    let pair_done = res.add(&rec);
                    if let Some(f) = &out {
                        let _ = write_game(&mut f.lock().unwrap(), &rec, &engines);
                    }
                    report(&rec, &res.tally);
                    if let Some(s) = &cfg.sprt
                        && pair_done
                        && s.verdict(&res.tally) != Verdict::Continue
                    {
                        stop.store(true, Ordering::Relaxed);
                    }
                    res.games.push(rec);
                }
            });
        }
    });
    let errors = errors.into_inner().unwrap();
    if !errors.is_empty() {
        return Err(errors.join("; "));
    }
    let Results {
        tally, mut games, ..
    } = results.into_inner().unwrap();
    games.sort_by_key(|g| g.index);
    Ok((tally, games))
}

/// The tally, the games, and the first engine's points in the games whose
/// partner (the other game of their opening pair) has not finished.
#[derive(Default)]
struct Results {
    tally: Tally,
    games: Vec<GameRecord>,
    halves: std::collections::HashMap<u32, f64>,
}

impl Results {
    /// Counts a finished game; true if it finished its pair.
    fn add(&mut self, rec: &GameRecord) -> bool {
        let points = match rec.winner {
            Some(w) if (w == Side::Black) == (rec.black == 0) => 1.0,
            Some(_) => 0.0,
            None => 0.5,
        };
        self.tally.add_game(points);
        // Games 2k and 2k + 1 share an opening with the colours swapped.
        match self.halves.remove(&(rec.index / 2)) {
            Some(other) => {
                self.tally.add_pair(points + other);
                true
            }
            None => {
                self.halves.insert(rec.index / 2, points);
                false
            }
        }
    }
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
