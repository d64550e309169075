//! CECP (XBoard protocol) driven in-process.

mod common;

use large_shogi::game::Game;
use large_shogi::protocol::session::Out;
use large_shogi::protocol::{Flow, Frontend};
use large_shogi::rules::Rules;
use large_shogi::variants::dai::DAI;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

struct Harness {
    fe: Frontend,
    out: Out,
    lines: Arc<Mutex<Vec<String>>>,
}

impl Harness {
    fn new() -> Harness {
        let (out, lines) = common::capture();
        Harness {
            fe: Frontend::new(out.clone()),
            out,
            lines,
        }
    }

    fn send(&mut self, cmd: &str) -> Vec<String> {
        assert_eq!(self.fe.handle(cmd, &self.out), Flow::Continue);
        std::mem::take(&mut *self.lines.lock().unwrap())
    }

    /// Waits until a line starting with `prefix` arrives; returns everything.
    fn wait_for(&mut self, prefix: &str) -> Vec<String> {
        let t = Instant::now();
        while t.elapsed() < Duration::from_secs(60) {
            if self
                .lines
                .lock()
                .unwrap()
                .iter()
                .any(|l| l.starts_with(prefix))
            {
                return std::mem::take(&mut *self.lines.lock().unwrap());
            }
            std::thread::sleep(Duration::from_millis(1));
        }
        panic!("no '{prefix}' line");
    }
}

/// XBoard to our notation, for refereeing the engine's replies.
fn ours(xb: &[String]) -> String {
    let legs: Vec<&str> = xb.iter().map(|l| l.trim_start_matches("move ")).collect();
    large_shogi::protocol::cecp::from_xboard(&Rules::get(&DAI).geo, &legs.concat()).unwrap()
}

#[test]
fn handshake_and_a_few_moves() {
    let mut h = Harness::new();
    assert!(h.send("xboard").is_empty());
    let features = h.send("protover 2");
    assert!(features[0].starts_with("feature ping=1"), "{features:?}");
    assert!(features[0].contains("variants=\"dai,dai-shogi\""));
    assert_eq!(features.last().unwrap(), "feature done=1");
    assert!(h.send("new").is_empty());
    let definition = h.send("variant dai-shogi");
    assert!(definition[0].starts_with("setup ("), "{definition:?}");
    assert!(definition[0].contains(") 15x15+0_chu lnuicsgkgsciunl/"));
    assert!(definition[1..].iter().all(|l| l.starts_with("piece ")));
    assert_eq!(definition.len(), 1 + 29 + 26);
    for cmd in ["sd 2", "post"] {
        assert!(h.send(cmd).is_empty(), "{cmd}");
    }
    let mut game = Game::<2>::new(Rules::get(&DAI), DAI.setup).unwrap();
    for (xb, ours_text) in [("g5g6", "9k9j"), ("f5f6", "10k10j")] {
        h.send(&format!("usermove {xb}"));
        game.play_text(ours_text).unwrap();
        let out = h.wait_for("move ");
        assert!(
            out.iter().any(|l| l.starts_with("2 ")),
            "thinking output: {out:?}"
        );
        let moves: Vec<String> = out.into_iter().filter(|l| l.starts_with("move ")).collect();
        game.play_text(&ours(&moves)).unwrap();
    }
    assert_eq!(h.send("ping 3"), vec!["pong 3"]);
}

#[test]
fn errors_and_force_mode() {
    let mut h = Harness::new();
    h.send("xboard");
    h.send("protover 2");
    h.send("new");
    h.send("force");
    assert_eq!(
        h.send("usermove h3h4"),
        vec!["Illegal move (illegal move 8m8l): h3h4"]
    );
    assert!(
        h.send("usermove zz9")
            .first()
            .unwrap()
            .starts_with("Illegal move (malformed")
    );
    assert!(h.send("usermove g5g6").is_empty(), "force mode: no reply");
    assert!(h.send("usermove g11g10").is_empty());
    assert_eq!(
        h.send("frobnicate"),
        vec!["Error (unknown command): frobnicate"]
    );
    assert_eq!(
        h.send("variant chess"),
        vec!["Error (unsupported variant): chess"]
    );
    assert_eq!(h.send("sd x"), vec!["Error (bad value): sd"]);
    assert!(h.send("undo").is_empty());
    // After the undo it is White's move again: g11g10 is legal once more.
    assert!(h.send("usermove g11g10").is_empty());
    h.send("remove");
    assert!(h.send("usermove g5g6").is_empty());
}

#[test]
fn analyze_prints_thinking_until_exit() {
    let mut h = Harness::new();
    h.send("xboard");
    h.send("protover 2");
    h.send("new");
    h.send("analyze");
    let out = h.wait_for("3 ");
    assert!(out.iter().all(|l| !l.starts_with("move")), "{out:?}");
    h.send("exit");
    assert_eq!(h.send("ping 1"), vec!["pong 1"]);
    assert_eq!(h.fe.handle("quit", &h.out), Flow::Quit);
}

/// `memory` sizes the transposition table and `cores` sets the search threads (the
/// features XBoard is told of); bad values are errors and the game goes on.
#[test]
fn memory_and_cores() {
    let mut h = Harness::new();
    h.send("xboard");
    h.send("protover 2");
    assert!(h.send("memory 32").is_empty());
    assert!(h.send("cores 2").is_empty());
    assert_eq!(h.send("memory 0"), vec!["Error (bad size): memory"]);
    assert_eq!(h.send("cores lots"), vec!["Error (bad count): cores"]);
    h.send("new");
    h.send("sd 3");
    h.send("go");
    let out = h.wait_for("move ");
    assert!(out.iter().any(|l| l.starts_with("move ")), "{out:?}");
}

/// Clock values whose arithmetic overflows are refused, and the engine goes on:
/// `time` (centiseconds times 10) and `level`'s base (minutes times 60) once
/// overflowed (a panic in a debug build, a wrapped-round clock in a release one).
#[test]
fn overflowing_clock_values_are_refused() {
    let mut h = Harness::new();
    h.send("xboard");
    h.send("protover 2");
    assert!(h.send("time 1844674407370955161").is_empty());
    assert_eq!(
        h.send("time 1844674407370955162"),
        vec!["Error (bad time): time"]
    );
    assert_eq!(
        h.send("level 0 307445734561825861 0"),
        vec!["Error (bad value): level"]
    );
    assert_eq!(
        h.send("level 0 1:18446744073709551615 0"),
        vec!["Error (bad value): level"]
    );
    assert!(h.send("level 40 5 0").is_empty());
    assert_eq!(h.send("ping 2"), vec!["pong 2"]);
}
