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

    /// Sends a command and waits for a line starting with `prefix`, which may come
    /// while the command is handled; returns everything from the command on (and
    /// perhaps a last line of a search the command ends).
    fn send_wait(&mut self, cmd: &str, prefix: &str) -> Vec<String> {
        self.lines.lock().unwrap().clear();
        assert_eq!(self.fe.handle(cmd, &self.out), Flow::Continue);
        self.wait_for(prefix)
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
        panic!("no {prefix:?} line in {:?}", self.lines.lock().unwrap());
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
        let out = h.send_wait(&format!("usermove {xb}"), "move ");
        game.play_text(ours_text).unwrap();
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
    let out = h.send_wait("analyze", "3 ");
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
    let out = h.send_wait("go", "move ");
    assert!(out.iter().any(|l| l.starts_with("move ")), "{out:?}");
}

/// A game set up from XBoard's FEN (White, our Black, to move), in force mode.
fn set_up(fen: &str) -> Harness {
    let mut h = Harness::new();
    for cmd in ["xboard", "protover 2", "new", "variant dai", "force"] {
        h.send(cmd);
    }
    assert!(h.send(&format!("setboard {fen} w - - 0 1")).is_empty());
    h
}

/// A Black (XBoard's white) lion on 8h (`h8`) beside a White pawn on 7g (`i9`).
const LION: &str = "7k7/15/15/15/15/15/8p6/7L!7/15/15/15/15/15/15/7K7";

/// `lift` is answered with the targets of the piece: yellow for moves, cyan for the
/// first leg of a lion's two-leg moves; a `lift` of that square then marks the second
/// legs (red where the lion stops on the pawn, yellow for the igui back to h8).
#[test]
fn lift_highlights_targets_and_lion_legs() {
    let mut h = set_up(LION);
    assert_eq!(
        h.send("lift h8"),
        vec!["highlight 15/15/15/15/15/5YYYYY5/5YYYCY5/5YY1YY5/5YYYYY5/5YYYYY5/15/15/15/15/15"]
    );
    assert!(h.send("put i9").is_empty());
    assert_eq!(
        h.send("lift i9"),
        vec!["highlight 15/15/15/15/15/7YYY5/7YRY5/7YYY5/15/15/15/15/15/15/15"]
    );
    // The move entered that way is legal.
    assert!(h.send("usermove h8i9,i9j10").is_empty());
    h.send("undo");
    // Put down elsewhere: the entry is over, and i9 holds no piece of the mover.
    h.send("lift h8");
    assert!(h.send("put h9").is_empty());
    assert_eq!(
        h.send("lift i9"),
        vec![format!("highlight {}", ["15"; 15].join("/"))]
    );
    // The king: steps only; hover is accepted silently.
    assert_eq!(
        h.send("lift h1"),
        vec!["highlight 15/15/15/15/15/15/15/15/15/15/15/15/15/6YYY6/6Y1Y6"]
    );
    assert!(h.send("hover h2").is_empty());
    assert!(h.send("put h2,").is_empty(), "Ctrl held: a trailing comma");
    for bad in ["lift", "lift p1", "lift h16", "put h", "hover h1 h2"] {
        let cmd = bad.split(' ').next().unwrap();
        assert_eq!(
            h.send(bad),
            vec![format!("Error (bad square): {cmd}")],
            "{bad}"
        );
    }
    // Nothing was lost on the way.
    assert!(h.send("usermove h8i9").is_empty());
}

/// Red marks a capture, magenta a square where the move may promote.
#[test]
fn highlight_colours_captures_and_promotions() {
    // A Black pawn on 8f (h10), a White pawn on 7e (i11) for the gold on 8f to take.
    let mut h = set_up("7k7/15/15/15/8p6/7P7/15/15/15/15/15/15/7G7/15/7K7");
    assert_eq!(
        h.send("lift h10"),
        vec!["highlight 15/15/15/15/7M7/15/15/15/15/15/15/15/15/15/15"]
    );
    let mut h = set_up("7k7/15/15/15/15/15/15/15/15/8p6/7G7/15/15/15/7K7");
    assert_eq!(
        h.send("lift h5"),
        vec!["highlight 15/15/15/15/15/15/15/15/15/6YYR6/6Y1Y6/7Y7/15/15/15"]
    );
}

/// `exclude` keeps moves out of the analysis, `include` lets them back, and a new
/// position forgets both; bad moves are errors that change nothing.
#[test]
fn exclude_and_include_restrict_the_analysis() {
    // A Black lion on 8c (h13) takes the White king on 8a (h15) at once.
    let mut h = set_up("7k7/15/7L!7/15/15/15/15/15/15/15/15/15/15/15/7K7");
    assert!(h.send("exclude h13h15").is_empty());
    assert!(h.send("exclude h13h15").is_empty(), "twice is once");
    // The lion still wins the king a move later wherever it goes (every king
    // move stays in the lion's reach): a mate at depth 2 ends the analysis.
    let out = h.send_wait("analyze", "2 ");
    let pv = |l: &String| l.split_whitespace().nth(4).unwrap_or("").to_string();
    assert!(out.iter().all(|l| pv(l) != "h13h15"), "{out:?}");
    let second = out.iter().find(|l| l.starts_with("2 ")).unwrap();
    assert!(second.starts_with("2 100002 "), "{out:?}");
    // Back in: the capture is found at once (mate in one move: 100001).
    let out = h.send_wait("include h13h15", "1 ");
    let first = out.iter().find(|l| l.starts_with("1 ")).unwrap();
    assert!(
        first.starts_with("1 100001 ") && pv(first) == "h13h15",
        "{out:?}"
    );
    // Only one move left in.
    h.send("exclude all");
    let out = h.send_wait("include h13g12", "2 ");
    assert!(out.iter().all(|l| pv(l) == "h13g12"), "{out:?}");
    for (bad, reply) in [
        ("exclude", "Error (expected one move or 'all'): exclude"),
        ("include zz", "Error (malformed move 'zz'): include"),
        ("exclude h1h3", "Error (illegal move 8o8m): exclude"),
        (
            "exclude h13h15 h13h14",
            "Error (expected one move or 'all'): exclude",
        ),
    ] {
        // The analysis starts again, still restricted.
        let out = h.send_wait(bad, "2 ");
        let (errors, thinking): (Vec<&String>, Vec<&String>) =
            out.iter().partition(|l| l.starts_with("Error"));
        assert_eq!(errors, vec![reply], "{bad}: {out:?}");
        assert!(thinking.iter().all(|l| pv(l) == "h13g12"), "{out:?}");
    }
    // `exclude all` with nothing let back: no analysis until a move is included.
    h.send("exclude all");
    std::thread::sleep(Duration::from_millis(200));
    assert!(h.send("ping 7") == vec!["pong 7"]);
    // A new position includes every move again.
    h.send("exit");
    h.send("usermove h13g12");
    h.send("undo");
    let out = h.send_wait("analyze", "1 ");
    let first = out.iter().find(|l| l.starts_with("1 ")).unwrap();
    assert!(pv(first) == "h13h15", "{out:?}");
    h.send("exit");
}

/// The alternative readings are check options; `option` sets them, and a bad name
/// or value is an error that keeps the setting.
#[test]
fn option_features_and_commands() {
    let mut h = Harness::new();
    h.send("xboard");
    let features = h.send("protover 2");
    assert!(
        features[0].contains(" exclude=1 highlight=1 "),
        "{features:?}"
    );
    let options: Vec<&String> = features
        .iter()
        .filter(|l| l.starts_with("feature option="))
        .collect();
    let names = large_shogi::variants::alternative_options();
    let params = large_shogi::eval::PARAMS;
    // The readings, the weights and the time horizon.
    assert_eq!(options.len(), names.len() + params.len() + 1);
    assert!(features.contains(&"feature option=\"MoveHorizon -spin 0 0 1000\"".to_string()));
    for name in &names {
        let line = format!("feature option=\"{name} -check 0\"");
        assert!(features.contains(&line), "{line}");
    }
    for p in params {
        let line = format!(
            "feature option=\"{} -spin {} {} {}\"",
            p.name,
            p.default_value(),
            p.min,
            p.max
        );
        assert!(features.contains(&line), "{line}");
    }
    assert!(h.send("option EvalMobility=3").is_empty());
    assert_eq!(
        h.send("option EvalMobility=1000"),
        ["Error (EvalMobility must be a number from 0 to 100): option"]
    );
    assert_eq!(features.last().unwrap(), "feature done=1");
    assert!(h.send("option TsaLionDog=1").is_empty());
    for (bad, reply) in [
        (
            "option TsaLionDog=2",
            "Error (TsaLionDog takes 0 or 1): option",
        ),
        (
            "option TsaLionDog",
            "Error (TsaLionDog takes 0 or 1): option",
        ),
        ("option Hash=64", "Error (unknown option 'Hash'): option"),
        ("option", "Error (unknown option ''): option"),
        (
            "option MoveHorizon=1001",
            "Error (MoveHorizon must be a number from 0 to 1000): option",
        ),
        (
            "option MoveHorizon",
            "Error (MoveHorizon must be a number from 0 to 1000): option",
        ),
    ] {
        assert_eq!(h.send(bad), vec![reply], "{bad}");
    }
    assert!(h.send("option MoveHorizon=160").is_empty());
    let features = h.send("protover 2");
    assert!(features.contains(&"feature option=\"TsaLionDog -check 1\"".to_string()));
    assert!(features.contains(&"feature option=\"MoveHorizon -spin 160 0 1000\"".to_string()));
    assert!(h.send("option TsaLionDog=0").is_empty());
    let features = h.send("protover 2");
    assert!(features.contains(&"feature option=\"TsaLionDog -check 0\"".to_string()));
    // A reading of another variant leaves dai shogi as it was.
    h.send("option DonkeyWithoutVerticalStep=1");
    h.send("new");
    h.send("force");
    assert!(h.send("usermove g5g6").is_empty());
}

/// `?` moves now; in analysis it is ignored, as is `.`.
#[test]
fn move_now_and_analysis_status() {
    let mut h = Harness::new();
    for cmd in ["xboard", "protover 2", "new", "st 60"] {
        h.send(cmd);
    }
    let t = Instant::now();
    h.send("go");
    std::thread::sleep(Duration::from_millis(100));
    let out = h.send("?");
    assert!(out.iter().any(|l| l.starts_with("move ")), "{out:?}");
    assert!(t.elapsed() < Duration::from_secs(30), "{:?}", t.elapsed());
    // The engine's move was played: a move of the other side is legal.
    h.send("force");
    assert!(h.send("usermove g11g10").is_empty());
    h.send_wait("analyze", "1 ");
    for cmd in ["?", "."] {
        assert!(h.send(cmd).iter().all(|l| !l.starts_with("move")));
        // The analysis goes on: another iteration arrives.
        let out = h.wait_for("");
        assert!(out.iter().all(|l| !l.starts_with("move")), "{cmd}: {out:?}");
    }
    h.send("exit");
}

/// `playother` makes the engine answer the next move; `result` ends the game (a
/// search in progress is dropped) and leaves force mode on; `undo` and `remove`
/// take back what there is, and say so when there is not enough.
#[test]
fn playother_result_undo_remove() {
    let mut h = Harness::new();
    for cmd in ["xboard", "protover 2", "new", "sd 1"] {
        h.send(cmd);
    }
    assert!(h.send("playother").is_empty());
    let out = h.send_wait("usermove g5g6", "move ");
    let reply: Vec<String> = out.into_iter().filter(|l| l.starts_with("move ")).collect();
    assert_eq!(reply.len(), 1, "{reply:?}");
    h.send("sd 64");
    h.send("st 60");
    h.send("usermove f5f6");
    std::thread::sleep(Duration::from_millis(100));
    assert!(h.send("result 1-0 {White resigns}").is_empty());
    std::thread::sleep(Duration::from_millis(100));
    assert!(h.send("ping 2") == vec!["pong 2"], "no move after result");
    assert!(h.send("usermove f11f10").is_empty(), "force mode");
    // Four moves: remove takes two, undo one, and then one is left.
    h.send("remove");
    h.send("undo");
    assert!(h.send("remove") == vec!["Error (command not legal now): remove"]);
    h.send("undo");
    assert!(h.send("undo") == vec!["Error (command not legal now): undo"]);
    assert!(h.send("usermove g5g6").is_empty(), "back at the start");
}

/// `exclude` and `include` while the engine thinks on its move: it thinks again over
/// the moves left, and with none left it waits for one.
#[test]
fn exclude_while_thinking() {
    let mut h = Harness::new();
    for cmd in ["xboard", "protover 2", "new", "st 60"] {
        h.send(cmd);
    }
    h.send("go");
    assert!(h.send("exclude all").is_empty());
    assert!(h.send("include a5a6").is_empty());
    std::thread::sleep(Duration::from_millis(100));
    assert_eq!(h.send("?"), vec!["move a5a6"]);
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

/// A move of the engine that ends the game is followed at once by the result, not
/// at the next command (XBoard facing a person would wait for it); asked to move
/// in a finished game, the engine gives the result again.
#[test]
fn a_game_the_engines_move_ends_is_announced_at_once() {
    // A Black (XBoard's white) rook below White's lone king.
    let mut h = set_up("7k7/7R7/15/15/15/15/15/15/15/15/15/15/15/15/7K7");
    h.send("sd 2");
    let out = h.send_wait("go", "1-0");
    assert!(out.iter().any(|l| l.starts_with("move ")), "{out:?}");
    let result = out.iter().position(|l| l.starts_with("1-0 {")).unwrap();
    assert!(
        out[..result].iter().any(|l| l.starts_with("move ")),
        "{out:?}"
    );
    std::thread::sleep(Duration::from_millis(50));
    assert_eq!(h.send("ping 1"), vec!["pong 1"], "the result once");
    assert!(h.send("go")[0].starts_with("1-0 {"));
}
