//! Two instances of the engine play each other over the protocol, refereed by the
//! library's own game rules: every move must be legal, and the game must run at
//! least 300 plies or end by the rules.

use large_shogi::game::Game;
use large_shogi::rules::Rules;
use large_shogi::rules::kind::VariantDef;
use large_shogi::variants;
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};

struct Player {
    child: Child,
    stdin: ChildStdin,
    stdout: BufReader<ChildStdout>,
}

impl Player {
    fn start(variant: &str) -> Player {
        let mut child = Command::new(env!("CARGO_BIN_EXE_large-shogi"))
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .expect("start the engine");
        let stdin = child.stdin.take().unwrap();
        let stdout = BufReader::new(child.stdout.take().unwrap());
        let mut p = Player {
            child,
            stdin,
            stdout,
        };
        p.send("usi");
        p.wait_for("usiok");
        p.send(&format!("setoption name USI_Variant value {variant}"));
        p.send("usinewgame");
        p.send("isready");
        p.wait_for("readyok");
        p
    }

    fn send(&mut self, line: &str) {
        writeln!(self.stdin, "{line}").unwrap();
        self.stdin.flush().unwrap();
    }

    /// Reads lines until one starts with `prefix`; fails on any error line.
    fn wait_for(&mut self, prefix: &str) -> String {
        loop {
            let mut line = String::new();
            assert!(
                self.stdout.read_line(&mut line).unwrap() > 0,
                "engine closed"
            );
            assert!(!line.contains("error"), "engine reported: {line}");
            if line.starts_with(prefix) {
                return line.trim().to_string();
            }
        }
    }
}

/// Plays `limit` plies (or to the end by the rules) with `nodes` per move; returns
/// the number of plies played.
fn play<const C: usize>(def: &'static VariantDef, limit: usize, nodes: usize) -> usize {
    let rules = Rules::get(def);
    let mut game = Game::<C>::new(rules, def.setup).unwrap();
    let mut players = [Player::start(def.name), Player::start(def.name)];
    let mut moves: Vec<String> = Vec::new();
    while moves.len() < limit && game.outcome().is_none() {
        let p = &mut players[moves.len() % 2];
        p.send(&format!("position startpos moves {}", moves.join(" ")));
        // Fixed node budgets make the game reproducible; they differ per side so
        // the two instances do not mirror each other.
        p.send(&format!(
            "go nodes {}",
            nodes + nodes / 4 * (moves.len() % 2)
        ));
        let reply = p.wait_for("bestmove");
        let mv = reply.split_whitespace().nth(1).unwrap().to_string();
        assert_ne!(
            mv,
            "resign",
            "{}: resigned in a running game at ply {}",
            def.name,
            moves.len()
        );
        game.play_text(&mv)
            .unwrap_or_else(|e| panic!("{} ply {}: {e}", def.name, moves.len() + 1));
        moves.push(mv);
    }
    for p in players.iter_mut() {
        p.send("quit");
        assert!(p.child.wait().unwrap().success());
    }
    let over = game.outcome();
    eprintln!(
        "{}: {} plies, outcome {:?}: {}",
        def.name,
        moves.len(),
        over,
        moves.join(" ")
    );
    assert!(
        moves.len() >= limit || over.is_some(),
        "{}: stopped after {} plies without a result",
        def.name,
        moves.len()
    );
    game.pos.validate().unwrap();
    moves.len()
}

/// A dai game of at least 300 plies. Whether one lasts that long depends on the
/// search (a royal may fall early), so up to three node budgets are tried, each
/// game deterministic; a game that ends sooner by the rules is still checked.
#[test]
fn three_hundred_plies_of_legal_moves() {
    let mut lengths = Vec::new();
    for nodes in [20_000, 30_000, 40_000] {
        let plies = play::<2>(&variants::dai::DAI, 320, nodes);
        if plies >= 300 {
            return;
        }
        lengths.push(plies);
    }
    panic!("every dai game ended before 300 plies: {lengths:?}");
}

/// Each larger variant: a 600-ply game (or one that ends by the rules before),
/// every move checked by the library's referee.
#[test]
fn six_hundred_plies_in_every_larger_variant() {
    play::<3>(&variants::dai_dai::DAI_DAI, 600, 3_000);
    play::<3>(&variants::maka_dai_dai::MAKA_DAI_DAI, 600, 3_000);
    play::<5>(&variants::tai::TAI, 600, 2_000);
    play::<11>(&variants::taikyoku::TAIKYOKU, 600, 1_000);
}
