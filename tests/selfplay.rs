//! Two instances of the engine play each other over the protocol, refereed by the
//! library's own game rules: every move must be legal, and the game must run at
//! least 300 plies or end by the rules.

use large_shogi::game::Game;
use large_shogi::rules::Rules;
use large_shogi::variants::dai::DAI;
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};

struct Player {
    child: Child,
    stdin: ChildStdin,
    stdout: BufReader<ChildStdout>,
}

impl Player {
    fn start() -> Player {
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
        p.send("setoption name USI_Variant value dai");
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

#[test]
fn three_hundred_plies_of_legal_moves() {
    let rules = Rules::get(&DAI);
    let mut game = Game::<2>::new(rules, DAI.setup).unwrap();
    let mut players = [Player::start(), Player::start()];
    let mut moves: Vec<String> = Vec::new();
    let limit = 320;
    while moves.len() < limit && game.outcome().is_none() {
        let p = &mut players[moves.len() % 2];
        p.send(&format!("position startpos moves {}", moves.join(" ")));
        // Fixed node budgets make the game reproducible; they differ per side so
        // the two instances do not mirror each other.
        p.send(&format!("go nodes {}", 20_000 + 5_000 * (moves.len() % 2)));
        let reply = p.wait_for("bestmove");
        let mv = reply.split_whitespace().nth(1).unwrap().to_string();
        assert_ne!(
            mv,
            "resign",
            "resigned in a running game at ply {}",
            moves.len()
        );
        game.play_text(&mv)
            .unwrap_or_else(|e| panic!("ply {}: {e}", moves.len() + 1));
        moves.push(mv);
    }
    for p in players.iter_mut() {
        p.send("quit");
        assert!(p.child.wait().unwrap().success());
    }
    let over = game.outcome();
    eprintln!(
        "{} plies, outcome {:?}: {}",
        moves.len(),
        over,
        moves.join(" ")
    );
    assert!(
        moves.len() >= 300 || over.is_some(),
        "stopped after {} plies without a result",
        moves.len()
    );
    assert!(
        moves.len() >= 300,
        "the game ended early: {over:?} after {} plies",
        moves.len()
    );
    game.pos.validate().unwrap();
}
