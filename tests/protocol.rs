//! The protocol loop driven in-process: transcripts, searches, and garbage input.

mod common;

use common::Rng;
use large_shogi::game::Game;
use large_shogi::protocol::{Engine, Flow};
use large_shogi::rules::Rules;
use large_shogi::variants::dai::DAI;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

struct Harness {
    engine: Engine,
    lines: Arc<Mutex<Vec<String>>>,
}

impl Harness {
    fn new() -> Harness {
        let (out, lines) = common::capture();
        Harness {
            engine: Engine::new(out),
            lines,
        }
    }

    /// Sends a command and returns what it printed (searches are waited for).
    fn send(&mut self, cmd: &str) -> Vec<String> {
        self.engine.handle(cmd);
        let failed =
            (self.lines.lock().unwrap().iter()).any(|l| l.starts_with("info string error"));
        if cmd.trim_start().starts_with("go") && !cmd.contains("ponder") && !failed {
            self.wait_bestmove(Duration::from_secs(60));
        }
        std::mem::take(&mut *self.lines.lock().unwrap())
    }

    /// Sends a command without waiting for a search it starts: the next command
    /// that touches the state stops it.
    fn send_nowait(&mut self, cmd: &str) -> Vec<String> {
        self.engine.handle(cmd);
        std::mem::take(&mut *self.lines.lock().unwrap())
    }

    fn wait_bestmove(&mut self, limit: Duration) {
        let t = Instant::now();
        while t.elapsed() < limit {
            if self
                .lines
                .lock()
                .unwrap()
                .iter()
                .any(|l| l.starts_with("bestmove") || l.starts_with("checkmate"))
            {
                return;
            }
            std::thread::sleep(Duration::from_millis(1));
        }
        panic!("no bestmove within {limit:?}");
    }

    fn sfen(&mut self) -> String {
        let out = self.send("display");
        out.iter()
            .find_map(|l| l.strip_prefix("sfen "))
            .expect("display prints the sfen")
            .to_string()
    }
}

/// Removes the fields that depend on the machine (time, speed).
fn stable(lines: &[String]) -> String {
    lines
        .iter()
        .map(|l| {
            if let Some(i) = l.find(" nodes, ") {
                l[..i + 6].to_string()
            } else {
                l.clone()
            }
        })
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn transcript() {
    let mut h = Harness::new();
    let mut t = Vec::new();
    for cmd in [
        "usi",
        "isready",
        "setoption name USI_Variant value dai",
        "usinewgame",
        "position startpos moves 10k10j 6e6f",
        "display",
        "perft 2",
        "position sfen 14k/15/15/15/15/15/7pp6/7(LN)7/15/15/15/15/15/15/K14 b - 1",
        "divide 1",
        "position sfen 14k/15/15/15/15/15/7pp6/7(LN)7/15/15/15/15/15/15/K14 b - 1 moves 8h8g7g",
        "display",
    ] {
        t.push(format!("> {cmd}"));
        t.extend(h.send(cmd));
    }
    insta::assert_snapshot!(stable(&t));
}

#[test]
fn errors_leave_the_state_alone() {
    let mut h = Harness::new();
    h.send("position startpos moves 10k10j");
    let before = h.sfen();
    let mut t = Vec::new();
    for cmd in [
        "frobnicate",
        "position startpos moves 11j11i 5e5f 8h8g",
        "position sfen 15/15/15 b - 1",
        "position sfen ln(st)icsgkgsci(st)nl/(rc)1(cs)1(fl)1(bt)(de)(bt)1(fl)1(cs)1(rc)/1(vo)1(ab)1(ew)(ph)(ln)(kr)(ew)1(ab)1(vo)1/r(fd)(sm)(vm)b(dh)(dk)q(dk)(dh)b(vm)(sm)(fd)r/ppppppppppppppp/4(gb)5(gb)4/15/15/15/4(GB)5(GB)4/PPPPPPPPPPPPPPP/R(FD)(SM)(VM)B(DH)(DK)Q(DK)(DH)B(VM)(SM)(FD)R/1(VO)1(AB)1(EW)(KR)(LN)(PH)(EW)1(AB)1(VO)1/(RC)1(CS)1(FL)1(BT)(DE)(BT)1(zz)1(CS)1(RC)/LN(ST)ICSGKGSCI(ST)NL b - 1",
        "position sfen 15/15/15/15/15/15/15/15/15/15/15/15/15/15/14+K b - 1",
        "position sfen 16/15/15/15/15/15/15/15/15/15/15/15/15/15/15 b - 1",
        "position sfen 15/15/15/15/15/15/15/15/15/15/15/15/15/15/15 x - 1",
        "position",
        "go depth",
        "go depth ten",
        "go wibble 3",
        "go mate soon",
        "go searchmoves",
        "go depth 2 searchmoves 9k9j 1a1b",
        "go btime 5000",
        "perft 0",
        "perft 99",
        "divide",
        "setoption name Hash value 1",
        "setoption name MultiPV value 0",
        "setoption name MoveHorizon value 1001",
        "setoption name MoveHorizon value soon",
        "setoption name USI_Ponder value maybe",
        "setoption name USI_Variant value chess",
        "setoption",
        "gameover maybe",
        "ponderhit",
    ] {
        t.push(format!("> {cmd}"));
        let out = h.send(cmd);
        assert!(
            out.len() == 1 && out[0].starts_with("info string error: "),
            "{cmd}: {out:?}"
        );
        t.extend(out);
        assert_eq!(h.sfen(), before, "{cmd} changed the position");
    }
    insta::assert_snapshot!(t.join("\n"));
}

#[test]
fn search_returns_a_legal_move_and_respects_limits() {
    let mut h = Harness::new();
    let rules = Rules::get(&DAI);
    for (setup, go) in [
        ("position startpos", "go depth 3"),
        ("position startpos moves 10k10j", "go nodes 5000"),
        ("position startpos", "go movetime 200"),
        (
            "position startpos",
            "go btime 2000 wtime 2000 binc 100 winc 100",
        ),
        (
            "position startpos moves 10k10j",
            "go btime 0 wtime 0 byoyomi 300",
        ),
        (
            "position sfen 14k/15/15/15/15/15/7pp6/7(LN)7/15/15/15/15/15/15/K14 b - 1",
            "go depth 2",
        ),
    ] {
        h.send(setup);
        let sfen = h.sfen();
        let t = Instant::now();
        let out = h.send(go);
        let elapsed = t.elapsed();
        let best = out
            .iter()
            .find_map(|l| l.strip_prefix("bestmove "))
            .and_then(|rest| rest.split_whitespace().next())
            .unwrap();
        let mut game = Game::<2>::new(rules, &sfen).unwrap();
        game.play_text(best)
            .unwrap_or_else(|e| panic!("{go}: illegal bestmove {best}: {e}"));
        assert!(
            out.iter().any(|l| l.starts_with("info depth")),
            "{go}: {out:?}"
        );
        if go == "go depth 3" {
            assert!(out.iter().any(|l| l.starts_with("info depth 3 ")));
            assert!(!out.iter().any(|l| l.starts_with("info depth 4 ")));
        }
        // Generous bounds: the machine is shared; these only catch a search that
        // ignores its clock altogether.
        if go.contains("movetime") || go.contains("byoyomi") {
            assert!(elapsed < Duration::from_secs(5), "{go} took {elapsed:?}");
        }
    }
}

#[test]
fn stop_ends_an_infinite_search() {
    let mut h = Harness::new();
    h.send("position startpos");
    h.engine.handle("go infinite");
    std::thread::sleep(Duration::from_millis(100));
    assert!(
        !h.lines
            .lock()
            .unwrap()
            .iter()
            .any(|l| l.starts_with("bestmove"))
    );
    h.engine.handle("isready");
    assert!(h.lines.lock().unwrap().iter().any(|l| l == "readyok"));
    h.engine.handle("stop");
    assert!(
        h.lines
            .lock()
            .unwrap()
            .iter()
            .any(|l| l.starts_with("bestmove "))
    );
    assert_eq!(h.engine.handle("quit"), Flow::Quit);
}

#[test]
fn a_finished_game_gets_resign() {
    let mut h = Harness::new();
    // White has no royal left.
    h.send("position sfen 15/15/15/15/15/15/15/15/15/15/15/15/15/15/K14 w - 1");
    let out = h.send("go depth 2");
    assert_eq!(out.last().unwrap(), "bestmove resign");
    assert!(out[0].contains("Black wins"), "{out:?}");
}

/// Random and mutated command lines: no panic, every error leaves the position as
/// it was, and the engine still answers afterwards.
#[test]
fn garbage_never_panics() {
    let mut h = Harness::new();
    let mut rng = Rng(0xdead_beef_cafe_f00d);
    let words = [
        "usi",
        "isready",
        "setoption",
        "name",
        "value",
        "USI_Variant",
        "dai",
        "position",
        "startpos",
        "sfen",
        "moves",
        "go",
        "depth",
        "nodes",
        "movetime",
        "btime",
        "wtime",
        "byoyomi",
        "binc",
        "winc",
        "infinite",
        "stop",
        "perft",
        "divide",
        "display",
        "d",
        "moves",
        "gameover",
        "win",
        "11k11j",
        "8h7g6f",
        "5e5f",
        "+",
        "=",
        "(",
        ")",
        "/",
        "-",
        "b",
        "w",
        "15",
        "0",
        "-1",
        "99999999999999999999",
        "1",
        "2",
        "+(DH)",
        "(ln)",
        "K14",
        "15o1a+",
        "8h8g8h",
        "",
        "\t",
        "ü",
        "🐉",
        "usinewgame",
        "ponderhit",
    ];
    let valid = [
        "position startpos moves 10k10j 6e6f 9k9j",
        "position sfen 14k/15/15/15/15/15/7pp6/7(LN)7/15/15/15/15/15/15/K14 b - 1 moves 8h8g7g",
        "go depth 1",
        "go nodes 50",
        "perft 1",
        "setoption name USI_Variant value dai",
    ];
    let mut errors = 0;
    let mut count = 0;
    for _ in 0..20_000 {
        let line: String = match rng.next() % 3 {
            0 => (0..rng.next() % 8)
                .map(|_| *rng.pick(&words))
                .collect::<Vec<_>>()
                .join(" "),
            1 => {
                // A valid command with characters deleted, doubled or replaced.
                let mut c: Vec<char> = rng.pick(&valid).chars().collect();
                for _ in 0..1 + rng.next() % 3 {
                    let i = (rng.next() % c.len() as u64) as usize;
                    match rng.next() % 3 {
                        0 => {
                            c.remove(i);
                        }
                        1 => c.insert(i, c[i]),
                        _ => c[i] = char::from(32 + (rng.next() % 95) as u8),
                    }
                }
                c.into_iter().collect()
            }
            _ => (0..rng.next() % 30)
                .map(|_| char::from_u32((rng.next() % 0x3000) as u32).unwrap_or('?'))
                .collect(),
        };
        // Deep perft runs to completion (minutes), quit ends the loop: skip both.
        let tokens: Vec<&str> = line.split_whitespace().collect();
        let deep_perft = tokens.windows(2).any(|w| {
            matches!(w[0], "perft" | "divide") && w[1].parse::<u32>().is_ok_and(|d| d > 3)
        });
        if line.contains("quit") || deep_perft {
            continue;
        }
        let before = h.sfen();
        let out = h.send_nowait(&line);
        count += 1;
        if out.iter().any(|l| l.starts_with("info string error")) {
            errors += 1;
            assert_eq!(h.sfen(), before, "'{line}' failed but changed the position");
        }
    }
    assert!(
        errors > 1000,
        "the garbage was not garbage enough: {errors} errors"
    );
    assert!(count > 15_000);
    eprintln!("{count} garbage lines, {errors} errors, no panic");
    assert_eq!(h.send("isready"), vec!["readyok".to_string()]);
}

/// Every variant plays under the protocol, and an alternative reading switches one
/// piece's move (here the maka dai dai donkey loses its vertical step).
#[test]
fn variants_and_alternative_readings() {
    let mut h = Harness::new();
    for v in ["daidai", "makadaidai", "tai", "taikyoku", "dai"] {
        let out = h.send(&format!("setoption name USI_Variant value {v}"));
        assert!(out.is_empty(), "{out:?}");
        let out = h.send("go depth 1");
        assert!(
            out.iter()
                .any(|l| l.starts_with("bestmove ") && !l.contains("resign")),
            "{v}: {out:?}"
        );
    }
    let usi = h.send("usi");
    assert!(
        usi.iter()
            .any(|l| l == "option name DonkeyWithoutVerticalStep type check default false")
    );
    h.send("setoption name USI_Variant value makadaidai");
    let before = h.send("pieces DN").join("\n");
    assert!(before.contains("WfbD"), "{before}");
    let out = h.send("setoption name DonkeyWithoutVerticalStep value true");
    assert_eq!(
        out,
        vec!["info string DonkeyWithoutVerticalStep on: new game"]
    );
    let after = h.send("pieces DN").join("\n");
    assert!(after.contains("rlWfbD"), "{after}");
    let out = h.send("setoption name DonkeyWithoutVerticalStep value maybe");
    assert!(out[0].starts_with("info string error"), "{out:?}");
    h.send("setoption name DonkeyWithoutVerticalStep value false");
    assert!(h.send("pieces DN").join("\n").contains("WfbD"));
    let out = h.send("pieces ZZ");
    assert!(out[0].starts_with("info string error"), "{out:?}");
}

/// `USI_Hash` resizes the transposition table; absurd sizes are refused and the
/// engine plays on.
#[test]
fn hash_size_option() {
    let mut h = Harness::new();
    assert!(h.send("setoption name USI_Hash value 16").is_empty());
    for bad in ["0", "-5", "lots", "99999999999"] {
        let out = h.send(&format!("setoption name USI_Hash value {bad}"));
        assert!(
            out[0].starts_with("info string error: USI_Hash"),
            "{bad}: {out:?}"
        );
    }
    let out = h.send("go depth 3");
    assert!(out.iter().any(|l| l.starts_with("bestmove ")), "{out:?}");
}

/// `Threads` runs a Lazy-SMP search that still answers with a legal move and
/// honours `stop`; absurd counts are refused.
#[test]
fn threads_option() {
    let mut h = Harness::new();
    assert!(h.send("setoption name Threads value 2").is_empty());
    for bad in ["0", "257", "many"] {
        let out = h.send(&format!("setoption name Threads value {bad}"));
        assert!(
            out[0].starts_with("info string error: Threads"),
            "{bad}: {out:?}"
        );
    }
    h.send("position startpos moves 9k9j");
    let out = h.send("go depth 6");
    // Depths are reported once each, in increasing order, whichever thread
    // completed them, up to the limit: the main thread takes over a helper's
    // iteration that got there first, which may skip one it was still in.
    let exact: Vec<u32> = (out.iter())
        .filter(|l| l.starts_with("info depth") && l.contains(" score "))
        .filter(|l| !l.contains("bound"))
        .map(|l| l.split_whitespace().nth(2).unwrap().parse().unwrap())
        .collect();
    assert!(exact.windows(2).all(|w| w[0] < w[1]), "{out:?}");
    assert_eq!(exact.last(), Some(&6), "{out:?}");
    let best = out
        .iter()
        .find_map(|l| l.strip_prefix("bestmove "))
        .and_then(|rest| rest.split_whitespace().next())
        .unwrap()
        .to_string();
    let rules = Rules::get(&DAI);
    let mut game = Game::<2>::new(rules, DAI.setup).unwrap();
    game.play_text("9k9j").unwrap();
    game.play_text(&best).unwrap();
    h.send_nowait("go infinite");
    std::thread::sleep(Duration::from_millis(200));
    let out = h.send("stop");
    assert!(out.iter().any(|l| l.starts_with("bestmove ")), "{out:?}");
}

/// `info` lines as (depth, multipv, score, first pv move).
fn info_lines(out: &[String]) -> Vec<(u32, usize, String, String)> {
    (out.iter())
        .filter(|l| l.starts_with("info depth"))
        .map(|l| {
            let words: Vec<&str> = l.split_whitespace().collect();
            let after = |key: &str| {
                let i = words.iter().position(|w| *w == key)?;
                words.get(i + 1).map(|w| w.to_string())
            };
            (
                after("depth").unwrap().parse().unwrap(),
                after("multipv").map_or(1, |m| m.parse().unwrap()),
                format!(
                    "{} {}",
                    after("score").unwrap(),
                    words[words.iter().position(|w| *w == "score").unwrap() + 2]
                ),
                after("pv").unwrap_or_default(),
            )
        })
        .collect()
}

#[test]
fn multipv_reports_distinct_lines_best_first() {
    let mut h = Harness::new();
    let usi = h.send("usi");
    assert!(
        usi.iter()
            .any(|l| l.starts_with("option name MultiPV type spin default 1"))
    );
    h.send("setoption name MultiPV value 3");
    h.send("position startpos moves 10k10j");
    let out = h.send("go depth 3");
    let lines: Vec<_> = info_lines(&out).into_iter().filter(|l| l.0 == 3).collect();
    assert_eq!(
        lines.iter().map(|l| l.1).collect::<Vec<_>>(),
        [1, 2, 3],
        "{out:?}"
    );
    let firsts: std::collections::HashSet<_> = lines.iter().map(|l| &l.3).collect();
    assert_eq!(firsts.len(), 3, "three different moves: {out:?}");
    let cp = |l: &(u32, usize, String, String)| -> i32 {
        l.2.strip_prefix("cp ").unwrap().parse().unwrap()
    };
    assert!(
        cp(&lines[0]) >= cp(&lines[1]) && cp(&lines[1]) >= cp(&lines[2]),
        "{out:?}"
    );
    let best = out.last().unwrap().split_whitespace().nth(1).unwrap();
    assert_eq!(best, lines[0].3);
    assert!(
        out.iter()
            .all(|l| !l.starts_with("info depth") || l.contains(" hashfull "))
    );
    // Back to one line: no multipv field.
    h.send("setoption name MultiPV value 1");
    let out = h.send("go depth 2");
    assert!(out.iter().all(|l| !l.contains("multipv")), "{out:?}");
}

#[test]
fn searchmoves_restricts_the_root() {
    let mut h = Harness::new();
    h.send("position startpos");
    let out = h.send("go depth 3 searchmoves 1k1j 15k15j");
    let lines = info_lines(&out);
    assert!(!lines.is_empty());
    for l in &lines {
        assert!(["1k1j", "15k15j"].contains(&l.3.as_str()), "{out:?}");
    }
    let best = out.last().unwrap();
    assert!(
        best == "bestmove 1k1j"
            || best.starts_with("bestmove 1k1j ponder")
            || best.starts_with("bestmove 15k15j"),
        "{best}"
    );
}

#[test]
fn ponder_waits_for_ponderhit_or_stop() {
    let mut h = Harness::new();
    let usi = h.send("usi");
    assert!(
        usi.iter()
            .any(|l| l == "option name USI_Ponder type check default false")
    );
    h.send("setoption name USI_Ponder value true");
    h.send("position startpos moves 10k10j");
    // A clock so short that a normal search would answer at once.
    h.send_nowait("go ponder btime 300 wtime 300");
    std::thread::sleep(Duration::from_millis(600));
    let lines = |h: &Harness| h.lines.lock().unwrap().clone();
    assert!(
        !lines(&h).iter().any(|l| l.starts_with("bestmove")),
        "answered while pondering"
    );
    h.engine.handle("isready");
    assert!(lines(&h).iter().any(|l| l == "readyok"));
    h.engine.handle("ponderhit");
    h.wait_bestmove(Duration::from_secs(10));
    let out = std::mem::take(&mut *h.lines.lock().unwrap());
    assert!(!out.iter().any(|l| l.contains("error")), "{out:?}");
    // A second ponderhit has nothing to act on.
    assert!(h.send("ponderhit")[0].starts_with("info string error: ponderhit without"));
    // `stop` ends a pondering search too, with a move.
    h.send_nowait("go ponder btime 60000 wtime 60000");
    std::thread::sleep(Duration::from_millis(100));
    h.engine.handle("stop");
    assert!(lines(&h).iter().any(|l| l.starts_with("bestmove ")));
}

#[test]
fn go_mate_answers_checkmate() {
    let mut h = Harness::new();
    // Black's rook takes White's only king.
    h.send("position sfen 15/15/15/15/15/15/15/7k7/15/15/15/15/15/7R7/7K7 b - 1");
    let out = h.send("go mate 2000");
    assert_eq!(out.last().unwrap(), "checkmate 8n8h", "{out:?}");
    // No forced win from the start within a few milliseconds.
    h.send("position startpos");
    let out = h.send("go mate 50");
    assert_eq!(out.last().unwrap(), "checkmate timeout", "{out:?}");
    // The game is over: no mate to look for.
    h.send("position sfen 15/15/15/15/15/15/15/15/15/15/15/15/15/15/K14 w - 1");
    let out = h.send("go mate 100");
    assert_eq!(out.last().unwrap(), "checkmate nomate", "{out:?}");
}

#[test]
fn bestmove_names_a_ponder_move_from_the_pv() {
    let mut h = Harness::new();
    h.send("position startpos");
    let out = h.send("go depth 4");
    let pv = out
        .iter()
        .rev()
        .find_map(|l| l.split(" pv ").nth(1))
        .unwrap();
    let moves: Vec<&str> = pv.split_whitespace().collect();
    assert!(moves.len() >= 2, "{out:?}");
    assert_eq!(
        out.last().unwrap(),
        &format!("bestmove {} ponder {}", moves[0], moves[1])
    );
}

/// Every move `moves` lists is accepted back by `position ... moves`: a lion dog's
/// pass through an empty square (listed as `10j9j10j`) was once refused as "not a
/// lion path", and so were the empty stops of its plain moves.
#[test]
fn listed_moves_are_accepted_back() {
    let mut h = Harness::new();
    h.send("setoption name USI_Variant value makadaidai");
    let sfen = "9k9/19/19/19/19/19/19/19/19/9(LD)9/19/19/19/19/19/19/19/19/9K9 b - 1";
    h.send(&format!("position sfen {sfen}"));
    let out = h.send("moves");
    let list = out[0].split_once("legal moves: ").unwrap().1.to_string();
    assert!(list.split(' ').any(|m| m == "10j9j10j"), "{list}");
    for m in list
        .split(' ')
        .chain(["10j10i10j", "10j10i10h", "10j11i12h"])
    {
        let out = h.send(&format!("position sfen {sfen} moves {m}"));
        assert!(out.is_empty(), "{m}: {out:?}");
    }
    let out = h.send(&format!("position sfen {sfen} moves 10j10i9h"));
    assert!(out[0].contains("not a lion path"), "{out:?}");
}

/// A search stopped before it has searched one root move reports no iteration: it
/// once printed `info depth 1 ... score mate 1 ... pv` with an empty PV (its score
/// was -INF, read as a mate).
#[test]
fn a_search_cut_before_its_first_move_claims_nothing() {
    let mut h = Harness::new();
    let out = h.send("go nodes 1");
    assert!(out.iter().all(|l| !l.starts_with("info depth")), "{out:?}");
    assert_eq!(out.last().unwrap(), "bestmove 11j11i");
}

/// An empty-square count near `usize::MAX` is refused: it once wrapped round to a
/// small column, so `P18446744073709551615P...` put two pawns on one square.
#[test]
fn a_huge_empty_square_count_is_refused() {
    let mut h = Harness::new();
    let before = h.sfen();
    for rank in [
        "P18446744073709551615P6K7",
        "P18446744073709551614PP6K7",
        "18446744073709551615(LN)",
    ] {
        let out = h.send(&format!(
            "position sfen 7k7/15/15/15/15/15/15/15/15/15/15/15/15/15/{rank} b - 1"
        ));
        assert!(
            out.len() == 1
                && out[0].starts_with("info string error: position unchanged: sfen rank o")
                && out[0].ends_with("rank is longer than 15 files"),
            "{rank}: {out:?}"
        );
        assert_eq!(h.sfen(), before);
    }
}

/// Past a second of search, each root move is announced as it is taken up.
#[test]
fn long_searches_announce_root_moves() {
    let mut h = Harness::new();
    h.send("position startpos");
    // An infinite search runs past the first second; each iteration's second and
    // later root moves are announced from then on.
    h.send_nowait("go infinite");
    let t = Instant::now();
    while t.elapsed() < Duration::from_secs(30)
        && !(h.lines.lock().unwrap().iter()).any(|l| l.contains(" currmove "))
    {
        std::thread::sleep(Duration::from_millis(10));
    }
    let out = h.send("stop");
    let current: Vec<&String> = out.iter().filter(|l| l.contains(" currmove ")).collect();
    assert!(!current.is_empty(), "{out:?}");
    for l in current {
        let w: Vec<&str> = l.split_whitespace().collect();
        assert!(
            matches!(
                w[..],
                ["info", "depth", _, "currmove", _, "currmovenumber", _]
            ),
            "{l}"
        );
        assert!(w[6].parse::<usize>().unwrap() >= 1);
    }
}

/// A game's searches pass their quiet-move history on to the next
/// (`Searcher::sharing`); `usinewgame` forgets it with the table,
/// so a new game's first search is a fresh engine's, node for node.
#[test]
fn a_new_game_forgets_the_last_game_s_history() {
    let nodes = |out: &[String]| {
        (out.iter().rev())
            .find_map(|l| l.strip_prefix("info depth 7 "))
            .and_then(|l| l.split(" nodes ").nth(1))
            .and_then(|l| l.split_whitespace().next())
            .map(str::to_string)
            .expect("a depth-7 line")
    };
    let second = "position startpos moves 9k9j 7e7f";
    let mut fresh = Harness::new();
    fresh.send("usinewgame");
    fresh.send(second);
    let fresh_nodes = nodes(&fresh.send("go depth 7"));
    let mut h = Harness::new();
    h.send("usinewgame");
    h.send("position startpos");
    h.send("go depth 7");
    h.send(second);
    let in_game = nodes(&h.send("go depth 7"));
    assert_ne!(
        in_game, fresh_nodes,
        "the game's first search left nothing (table or history)"
    );
    h.send("usinewgame");
    h.send(second);
    assert_eq!(nodes(&h.send("go depth 7")), fresh_nodes);
}
