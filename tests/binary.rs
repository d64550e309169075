//! The binary itself: the stdin loop (including bytes that are not UTF-8) and the
//! tool subcommands with their exit codes.

use std::io::Write;
use std::process::{Command, Stdio};

fn engine() -> Command {
    Command::new(env!("CARGO_BIN_EXE_large-shogi"))
}

#[test]
fn stdin_loop_survives_invalid_bytes_and_ends_at_eof() {
    let mut child = engine()
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    stdin.write_all(b"\xff\xfe\x00garbage\n").unwrap();
    stdin
        .write_all(b"position startpos moves 9k9j\nisready\n")
        .unwrap();
    stdin.write_all(b"display\n").unwrap();
    drop(stdin); // EOF ends the loop
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert!(
        lines[0].starts_with("info string error: unknown command"),
        "{text}"
    );
    assert_eq!(lines[1], "readyok");
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("sfen ") && l.ends_with(" w - 2")),
        "{text}"
    );
}

#[test]
fn perft_and_divide_subcommands() {
    let out = engine().args(["perft", "2"]).output().unwrap();
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.starts_with("perft 2: 5041 nodes in "), "{text}");

    let lion = "14k/15/15/15/15/15/7pp6/7(LN)7/15/15/15/15/15/15/K14 b - 1";
    let out = engine()
        .args(["divide", "1", "--variant", "dai", "--sfen", lion])
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert_eq!(text.lines().count(), 45, "{text}");
    assert!(text.contains("8h8g7g: 1"));
    assert!(
        text.lines()
            .last()
            .unwrap()
            .starts_with("perft 1: 44 nodes")
    );

    let out = engine()
        .args(["perft", "2", "--moves", "9k9j"])
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.starts_with("perft 2: "), "{text}");
}

#[test]
fn bad_arguments_exit_with_status_2() {
    for args in [
        vec!["perft"],
        vec!["perft", "0"],
        vec!["perft", "x"],
        vec!["perft", "1", "--variant", "chess"],
        vec!["perft", "1", "--sfen", "15/15 b - 1"],
        vec!["perft", "1", "--moves", "1a1b"],
        vec!["frobnicate"],
        vec!["bench", "--repeat"],
        vec!["bench", "--repeat", "0"],
        vec!["bench", "--repeat", "2", "--depth-offset", "11"],
        vec!["bench", "--depth-offset", "1", "--fast"],
    ] {
        let out = engine().args(&args).output().unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(!out.stderr.is_empty(), "{args:?} printed no reason");
    }
}

#[test]
fn analyse_refuses_bad_arguments_with_a_reason() {
    for (args, reason) in [
        (vec!["--depth", "0"], "--depth takes a number from 1 to 64"),
        (vec!["--depth", "65"], "--depth takes a number from 1 to 64"),
        (
            vec!["--multipv", "501"],
            "--multipv takes a number from 1 to 500",
        ),
        (
            vec!["--threads", "0"],
            "--threads takes a number from 1 to 256",
        ),
        (
            vec!["--hash", "x"],
            "--hash takes a number from 1 to 1048576",
        ),
        (vec!["--nodes"], "--nodes takes a number"),
        (
            vec!["--variant", "chess"],
            "--variant takes one of: dai, daidai",
        ),
        (
            vec!["--option", "EvalMobility"],
            "--option: NAME=VALUE expected",
        ),
        (vec!["--option", "Foo=1"], "--option: unknown option 'Foo'"),
        (
            vec!["--option", "EvalMobility=101"],
            "EvalMobility must be a number from 0 to 100",
        ),
        (
            vec!["--option", "TaiGreatDragonJumps=yes"],
            "TaiGreatDragonJumps takes the value true or false",
        ),
        (vec!["--frobnicate"], "unknown argument '--frobnicate'"),
    ] {
        let out = engine().arg("analyse").args(&args).output().unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8(out.stderr).unwrap();
        assert!(
            err.starts_with("error: ") && err.contains(reason),
            "{args:?}: {err}"
        );
        assert!(out.stdout.is_empty(), "{args:?}");
    }
}

#[test]
fn analyse_takes_threads_hash_and_options() {
    let best = |args: &[&str]| {
        let out = engine().arg("analyse").args(args).output().unwrap();
        assert!(out.status.success(), "{args:?}");
        let text = String::from_utf8(out.stdout).unwrap();
        assert!(text.starts_with("{\"type\":\"bestmove\""), "{text}");
        text
    };
    // Two threads and a small table still complete the asked depth.
    let two = best(&["--depth", "6", "--threads", "2", "--hash", "4"]);
    assert!(two.contains("\"depth\":6,"), "{two}");
    // An evaluation weight changes the score of the same search.
    let plain = best(&["--depth", "3"]);
    let mobile = best(&["--depth", "3", "--option", "EvalMobility=50"]);
    let score = |t: &str| {
        t.split("\"score\":")
            .nth(1)
            .unwrap()
            .split('}')
            .next()
            .unwrap()
            .to_string()
    };
    assert_ne!(score(&plain), score(&mobile), "{plain}\n{mobile}");
    // A rule reading of another variant is accepted and leaves this one alone.
    assert_eq!(
        score(&best(&[
            "--depth",
            "3",
            "--option",
            "TaiGreatDragonJumps=true"
        ])),
        score(&plain)
    );
}

#[test]
fn analyse_prints_json_for_scripts() {
    let out = engine()
        .args(["analyse", "--depth", "2", "--stream", "--moves", "9k9j"])
        .output()
        .unwrap();
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 3, "{text}");
    assert!(
        lines[0].starts_with("{\"type\":\"info\",\"depth\":1,"),
        "{text}"
    );
    assert!(
        lines[1].starts_with("{\"type\":\"info\",\"depth\":2,"),
        "{text}"
    );
    assert!(
        lines[2].starts_with("{\"type\":\"bestmove\",\"bestmove\":\""),
        "{text}"
    );
    assert!(lines[2].contains("\"depth\":2,") && lines[2].contains("\"pv\":[\""));
    // The best move is legal after 9k9j.
    let best = lines[2].split('"').nth(7).unwrap();
    let rules = large_shogi::rules::Rules::get(&large_shogi::variants::dai::DAI);
    let mut game =
        large_shogi::game::Game::<2>::new(rules, large_shogi::variants::dai::DAI.setup).unwrap();
    game.play_text("9k9j").unwrap();
    game.play_text(best).unwrap();

    // MultiPV: two info objects per depth, and both lines in the final object.
    let out = engine()
        .args([
            "analyse",
            "--depth",
            "3",
            "--multipv",
            "2",
            "--moves",
            "9k9j",
        ])
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert_eq!(text.lines().count(), 1, "{text}");
    let lines = text.split("\"lines\":[").nth(1).expect("a lines field");
    assert!(lines.starts_with("{\"multipv\":1,"), "{text}");
    assert!(
        lines.contains("},{\"multipv\":2,\"depth\":3,\"score\":"),
        "{text}"
    );
    assert!(!lines.contains("\"multipv\":3"), "{text}");

    let bad = engine().args(["analyse", "--depth", "x"]).output().unwrap();
    assert_eq!(bad.status.code(), Some(2));
}

/// A node limit that stops an iteration between its MultiPV lines: the lines it
/// did not reach come from the iteration before, each with its depth.
#[test]
fn analyse_fills_the_lines_a_limit_cut_off() {
    let out = engine()
        .args(["analyse", "--nodes", "300000", "--multipv", "3"])
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    let lines = text.split("\"lines\":[").nth(1).expect("a lines field");
    let depths: Vec<u32> = (1..=3)
        .map(|k| {
            let at = lines
                .find(&format!("{{\"multipv\":{k},\"depth\":"))
                .unwrap_or_else(|| panic!("line {k}: {text}"));
            let rest = &lines[at + format!("{{\"multipv\":{k},\"depth\":").len()..];
            rest[..rest.find(',').unwrap()].parse().unwrap()
        })
        .collect();
    assert!(!lines.contains("\"multipv\":4"), "{text}");
    // Today's search stops here after two lines of depth 8 (one thread: the
    // same nodes every run) and takes the third from depth 7. Whatever a search
    // change does to that, the lines stay in order and at most a ply apart, and
    // the first is the reported depth's.
    assert!(
        depths.windows(2).all(|w| w[0] >= w[1] && w[0] - w[1] <= 1),
        "{text}"
    );
    assert!(
        text.contains(&format!("\"depth\":{},\"seldepth\"", depths[0])),
        "{text}"
    );
}

#[test]
fn a_reader_that_goes_away_ends_analyse_quietly() {
    use std::io::{BufRead, BufReader};
    // `analyse ... | head -1`: the reader closes after the first line while the
    // search is still printing.
    let mut child = engine()
        .args(["analyse", "--depth", "9", "--stream", "--moves", "9k9j"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut first = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut first)
        .unwrap();
    assert!(first.starts_with("{\"type\":\"info\""), "{first}");
    let out = child.wait_with_output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!err.contains("panicked"), "{err}");
    assert!(out.status.success(), "{:?}", out.status);
}
