//! The match tool: two engine processes, refereed games, results and a games file.

use large_shogi::protocol::session::new_session;
use large_shogi::tools::match_runner::{
    Adjudicated, Adjudication, DrawRule, MatchConfig, MaterialRule, ResignRule, TimeControl,
    parse_openings, run,
};
use large_shogi::types::Side;
use large_shogi::variants::{self, dai::DAI};
use std::process::Command;
use std::time::Duration;

fn engine() -> String {
    env!("CARGO_BIN_EXE_large-shogi").to_string()
}

/// The engine with its `info` lines filtered out: it reports no scores.
fn silent_engine() -> String {
    format!("{} | grep --line-buffered -v '^info'", engine())
}

/// Black is three lions up, the kings far apart: no capture of a royal for
/// several moves, whoever plays.
const LIONS_UP: &str = "7k7/15/15/15/15/15/15/15/15/15/15/15/15/15/(LN)(LN)(LN)2K9 b - 1";
/// Bare kings: every score near zero.
const BARE_KINGS: &str = "7k7/15/15/15/15/15/15/15/15/15/15/15/15/15/7K7 b - 1";

/// Two games from `opening` (each engine Black once) at depth 2.
fn two_games(engines: [String; 2], opening: &str, adjudication: Adjudication) -> MatchConfig {
    MatchConfig {
        games: 2,
        tc: TimeControl::Depth(2),
        openings: vec![opening.to_string()],
        max_plies: 40,
        adjudication,
        ..MatchConfig::new(engines, &DAI)
    }
}

#[test]
fn a_short_match_between_two_instances() {
    let engine = env!("CARGO_BIN_EXE_large-shogi").to_string();
    let out = std::env::temp_dir().join(format!("large-shogi-match-{}.txt", std::process::id()));
    // A quick mate (the lion takes the king at once) as one of the openings, so
    // that a decisive result is recorded too.
    let mate = "7k7/15/7(LN)7/15/15/15/15/15/15/15/15/15/15/15/7K7 b - 1".to_string();
    let cfg = MatchConfig {
        engines: [engine.clone(), engine],
        variant: &DAI,
        games: 4,
        concurrency: 2,
        tc: TimeControl::Nodes(300),
        settings: Default::default(),
        openings: vec![DAI.setup.to_string(), mate],
        max_plies: 40,
        sprt: None,
        games_out: Some(out.clone()),
        adjudication: Adjudication::default(),
    };
    let (tally, games) = run(&cfg, &|_, _| {}).unwrap();
    assert_eq!(tally.games(), 4);
    assert_eq!(games.len(), 4);
    // Games 3 and 4 start from the mate: Black captures the king, whoever plays it.
    for g in &games[2..] {
        assert_eq!(g.moves.len(), 1, "{g:?}");
        assert_eq!(g.reason, "Black wins: last royal captured");
    }
    assert_eq!(tally.wins, 1);
    assert_eq!(tally.losses, 1);
    // Each opening's two games make a pair; the mate's pair is split 1-1.
    assert_eq!(tally.pair_count(), 2);
    assert!(tally.pairs[2] >= 1, "{tally:?}");
    let pair_points: u32 = (0..5).map(|k| k as u32 * tally.pairs[k]).sum();
    assert_eq!(pair_points, 2 * tally.wins + tally.draws, "{tally:?}");
    let text = std::fs::read_to_string(&out).unwrap();
    assert_eq!(text.matches("[Game ").count(), 4);
    assert!(text.contains("[Result \"1-0\"]"));
    std::fs::remove_file(out).ok();
}

#[test]
fn time_controls_parse() {
    let ms = Duration::from_millis;
    assert_eq!(
        TimeControl::parse("movetime=50"),
        Ok(TimeControl::MoveTime(ms(50)))
    );
    assert_eq!(
        TimeControl::parse("nodes=1000"),
        Ok(TimeControl::Nodes(1000))
    );
    assert_eq!(TimeControl::parse("depth=3"), Ok(TimeControl::Depth(3)));
    assert_eq!(
        TimeControl::parse("10+0.1"),
        Ok(TimeControl::Clock {
            base: ms(10_000),
            inc: ms(100),
            byoyomi: ms(0)
        })
    );
    assert_eq!(
        TimeControl::parse("0/1"),
        Ok(TimeControl::Clock {
            base: ms(0),
            inc: ms(0),
            byoyomi: ms(1000)
        })
    );
    for bad in ["", "x", "movetime=", "10+", "-1", "nodes=-3"] {
        assert!(TimeControl::parse(bad).is_err(), "{bad}");
    }
}

#[test]
fn a_broken_engine_is_reported() {
    let cfg = MatchConfig {
        engines: ["/nonexistent/engine".into(), "/nonexistent/engine".into()],
        variant: &DAI,
        games: 1,
        concurrency: 1,
        tc: TimeControl::Nodes(10),
        settings: Default::default(),
        openings: vec![],
        max_plies: 10,
        sprt: None,
        games_out: None,
        adjudication: Adjudication::default(),
    };
    assert!(run(&cfg, &|_, _| {}).is_err());
}

/// The second engine spoken to in CECP (the same binary in XBoard mode): moves
/// cross between the two notations, and the referee accepts every one.
#[test]
fn a_cecp_engine_plays_a_usi_engine() {
    let engine = env!("CARGO_BIN_EXE_large-shogi").to_string();
    let cfg = MatchConfig {
        engines: [engine.clone(), format!("cecp:{engine}")],
        variant: &DAI,
        games: 2,
        concurrency: 1,
        tc: TimeControl::Depth(1),
        settings: Default::default(),
        openings: vec![],
        max_plies: 30,
        sprt: None,
        games_out: None,
        adjudication: Adjudication::default(),
    };
    let (tally, games) = run(&cfg, &|_, _| {}).unwrap();
    assert_eq!(tally.games(), 2);
    for g in &games {
        assert_eq!(g.moves.len(), 30, "{g:?}");
        assert_eq!(g.reason, "draw: 30 plies");
    }
}

/// Both engines' scores give Black the game (one engine speaks USI, the other
/// CECP, so both kinds of score line are read): adjudicated after the fourth ply,
/// long before the ply limit, and said so in the games file.
#[test]
fn scores_adjudicate_a_won_game() {
    let out = std::env::temp_dir().join(format!("large-shogi-adj-{}.txt", std::process::id()));
    let rules = Adjudication {
        resign: Some(ResignRule {
            score: 600,
            plies: 4,
        }),
        ..Default::default()
    };
    let cfg = MatchConfig {
        games_out: Some(out.clone()),
        ..two_games([engine(), format!("cecp:{}", engine())], LIONS_UP, rules)
    };
    let (tally, games) = run(&cfg, &|_, _| {}).unwrap();
    for g in &games {
        assert_eq!(g.moves.len(), 4, "{g:?}");
        assert_eq!(g.winner, Some(Side::Black), "{g:?}");
        assert_eq!(g.adjudicated, Some(Adjudicated::Scores), "{g:?}");
        assert!(
            g.reason.starts_with("Black wins: adjudicated: scores"),
            "{g:?}"
        );
    }
    assert_eq!((tally.wins, tally.losses, tally.draws), (1, 1, 0));
    let text = std::fs::read_to_string(&out).unwrap();
    assert_eq!(
        text.matches("[Termination \"Black wins: adjudicated: scores")
            .count(),
        2
    );
    std::fs::remove_file(out).ok();
}

/// Without scores from the engines, the score rules never fire: the game runs
/// to the ply limit.
#[test]
fn no_scores_no_score_adjudication() {
    let rules = Adjudication {
        resign: Some(ResignRule {
            score: 600,
            plies: 2,
        }),
        draw: Some(DrawRule {
            score: 100,
            plies: 2,
            after: 0,
        }),
        ..Default::default()
    };
    let cfg = MatchConfig {
        max_plies: 6,
        ..two_games([silent_engine(), engine()], LIONS_UP, rules)
    };
    let (_, games) = run(&cfg, &|_, _| {}).unwrap();
    for g in &games {
        assert_eq!(
            (g.moves.len(), g.winner, g.adjudicated),
            (6, None, None),
            "{g:?}"
        );
        assert_eq!(g.reason, "draw: 6 plies");
    }
}

/// Scores near zero draw the game once `--draw-plies` of them have come after
/// ply `--draw-after`: at ply 4 + 6.
#[test]
fn scores_adjudicate_a_draw() {
    let rules = Adjudication {
        draw: Some(DrawRule {
            score: 50,
            plies: 6,
            after: 4,
        }),
        resign: Some(ResignRule {
            score: 600,
            plies: 6,
        }),
        ..Default::default()
    };
    let cfg = two_games([engine(), format!("cecp:{}", engine())], BARE_KINGS, rules);
    let (tally, games) = run(&cfg, &|_, _| {}).unwrap();
    assert_eq!(tally.draws, 2);
    for g in &games {
        assert_eq!(g.moves.len(), 10, "{g:?}");
        assert_eq!((g.winner, g.adjudicated), (None, Some(Adjudicated::Scores)));
        assert!(g.reason.starts_with("draw: adjudicated: scores"), "{g:?}");
        assert!(g.reason.contains("after ply 4"), "{g:?}");
    }
}

/// The referee's material count needs nothing from the engines.
#[test]
fn material_adjudicates_without_scores() {
    let rules = Adjudication {
        material: Some(MaterialRule {
            margin: 1500,
            plies: 3,
        }),
        resign: Some(ResignRule {
            score: 600,
            plies: 2,
        }),
        ..Default::default()
    };
    let cfg = two_games([silent_engine(), silent_engine()], LIONS_UP, rules);
    let (_, games) = run(&cfg, &|_, _| {}).unwrap();
    for g in &games {
        assert_eq!(g.moves.len(), 3, "{g:?}");
        assert_eq!(
            (g.winner, g.adjudicated),
            (Some(Side::Black), Some(Adjudicated::Material))
        );
        assert!(
            g.reason.starts_with("Black wins: adjudicated: material"),
            "{g:?}"
        );
    }
}

fn run_binary(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(engine()).args(args).output().unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// A bad option value stops `match` before any engine starts, saying which
/// option and what it wants.
#[test]
fn bad_adjudication_options_are_refused() {
    for (args, says) in [
        (
            &["--resign-score", "-5"][..],
            "error: --resign-score: expected a whole number from 1 to 99999, got '-5'",
        ),
        (
            &["--resign-score", "600", "--resign-plies", "0"],
            "error: --resign-plies: expected a whole number from 1",
        ),
        (
            &["--draw-plies", "10"],
            "error: --draw-plies needs --draw-score",
        ),
        (
            &["--draw-score", "20", "--draw-after", "soon"],
            "error: --draw-after: expected a whole number",
        ),
        (
            &["--material-margin", "0"],
            "error: --material-margin: expected a whole number from 1",
        ),
        (
            &["--resign-score", "50", "--draw-score", "80"],
            "error: --draw-score (80) must be below --resign-score (50)",
        ),
    ] {
        let mut all = vec![
            "match",
            "--engine1",
            "/nonexistent/a",
            "--engine2",
            "/nonexistent/b",
        ];
        all.extend(args);
        let (code, _, err) = run_binary(&all);
        assert_eq!(code, 2, "{args:?}: {err}");
        assert!(err.starts_with(says), "{args:?}: {err}");
    }
}

/// Runs `match` with `args` through the binary, logging what the referee says to
/// the engines (`LARGE_SHOGI_MATCH_LOG`); its output and the log. `tag` names
/// the log file.
fn logged_match(tag: &str, args: &[&str]) -> (String, String) {
    let log = std::env::temp_dir().join(format!("large-shogi-{tag}-{}.log", std::process::id()));
    let out = Command::new(engine())
        .arg("match")
        .args(args)
        .env("LARGE_SHOGI_MATCH_LOG", &log)
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout).to_string();
    assert_eq!(out.status.code(), Some(0), "{stdout}");
    let text = std::fs::read_to_string(&log).unwrap();
    std::fs::remove_file(&log).ok();
    (stdout, text)
}

/// The lines of a match log sent to the engines.
fn sent_lines(log: &str) -> Vec<&str> {
    (log.lines())
        .filter_map(|l| l.split_once(" > ").map(|(_, line)| line))
        .collect()
}

/// Per-engine time controls and options through the binary: each engine's
/// control stays with it when the colours swap, the option is sent after the
/// variant and before `isready`, and the reports name both controls.
#[test]
fn per_engine_time_controls_and_options() {
    let engine = engine();
    let (stdout, text) = logged_match(
        "tc12",
        &[
            "--engine1",
            &engine,
            "--engine2",
            &engine,
            "--games",
            "2",
            "--tc1",
            "depth=1",
            "--tc2",
            "depth=2",
            "--option2",
            "MultiPV=1",
            "--max-plies",
            "4",
        ],
    );
    assert!(stdout.contains("in 2 games"), "{stdout}");
    // Both drawn at the ply limit: one pair, scoring 1.
    assert!(
        stdout.contains(
            "By pairs (the two games of an opening): 0.0 (95% interval 0.0 to 0.0); \
             pairs scoring 0: 0, 1/2: 0, 1: 1, 3/2: 0, 2: 0\n"
        ),
        "{stdout}"
    );
    assert_eq!(
        (stdout.matches("Time controls: engine1 depth=1, engine2 depth=2\n")).count(),
        2,
        "{stdout}"
    );
    let sent = sent_lines(&text);
    // Game 1 has engine1 as Black, game 2 engine2: four plies each.
    let gos: Vec<&str> = sent
        .iter()
        .copied()
        .filter(|l| l.starts_with("go "))
        .collect();
    assert_eq!(
        gos,
        ["1", "2", "1", "2", "2", "1", "2", "1"].map(|d| format!("go depth {d}")),
        "{text}"
    );
    let at = |line: &str| sent.iter().position(|l| *l == line);
    let option = at("setoption name MultiPV value 1").expect("option sent");
    assert_eq!(sent.iter().filter(|l| l.contains("MultiPV")).count(), 1);
    assert!(
        sent[option - 1].starts_with("setoption name USI_Variant"),
        "{text}"
    );
    assert_eq!(sent[option + 1], "isready", "{text}");
}

/// `openings` writes an openings file `--openings` reads: distinct legal
/// positions of the variant, the same for the same seed, others for another.
#[test]
fn the_openings_tool_is_deterministic() {
    let args = [
        "openings",
        "--variant",
        "dai",
        "--count",
        "5",
        "--plies",
        "4",
        "--seed",
        "7",
    ];
    let (code, first, err) = run_binary(&args);
    assert_eq!(code, 0, "{err}");
    let (_, again, _) = run_binary(&args);
    assert_eq!(first, again);
    let sfens = parse_openings(&first);
    assert_eq!(sfens.len(), 5);
    let mut distinct = sfens.clone();
    distinct.sort();
    distinct.dedup();
    assert_eq!(distinct.len(), 5);
    for s in &sfens {
        new_session(&DAI).set_position(s, &[]).unwrap();
    }
    let mut other = args;
    other[8] = "8";
    let (_, different, _) = run_binary(&other);
    assert_ne!(parse_openings(&different), sfens);
    let (code, _, err) = run_binary(&["openings", "--count", "0"]);
    assert_eq!(code, 2, "{err}");
}

/// The books in `books/`: legal, distinct positions of their variant, enough of
/// them, each file saying how it was made; the dai book is regenerated and must
/// come out the same.
#[test]
fn the_checked_in_books() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("books");
    for (variant, least) in [
        ("dai", 50),
        ("daidai", 20),
        ("makadaidai", 20),
        ("tai", 20),
        ("taikyoku", 20),
    ] {
        let path = dir.join(format!("{variant}-openings.txt"));
        let text = std::fs::read_to_string(&path).unwrap();
        let sfens = parse_openings(&text);
        let mut distinct = sfens.clone();
        distinct.sort();
        distinct.dedup();
        assert!(
            distinct.len() == sfens.len() && sfens.len() >= least,
            "{variant}"
        );
        let def = variants::by_name(variant).unwrap();
        for s in &sfens {
            new_session(def).set_position(s, &[]).unwrap();
        }
        let made_by = (text.lines())
            .find_map(|l| l.strip_prefix("# Made by: large-shogi "))
            .unwrap_or_else(|| panic!("{variant}: no command"));
        assert!(
            made_by.contains(&format!("--variant {variant} ")),
            "{made_by}"
        );
        if ["dai", "daidai"].contains(&variant) {
            let args: Vec<&str> = made_by.split_whitespace().collect();
            let (code, again, err) = run_binary(&args);
            assert_eq!(code, 0, "{err}");
            assert_eq!(
                again, text,
                "books/{variant}-openings.txt is not what its command makes"
            );
        }
    }
}

/// A CECP engine under a fixed time a move is told that time as its clock, as
/// XBoard tells it (HaChu reads `time 0` as no time left and plays at one ply).
#[test]
fn a_cecp_engine_under_movetime_is_told_the_move_time() {
    let engine = engine();
    let (_, text) = logged_match(
        "st",
        &[
            "--engine1",
            &engine,
            "--engine2",
            &format!("cecp:{engine}"),
            "--games",
            "1",
            "--tc",
            "movetime=100",
            "--max-plies",
            "2",
        ],
    );
    let sent = sent_lines(&text);
    let go = sent.iter().position(|l| *l == "go").expect("a CECP go");
    assert_eq!(&sent[go - 2..go], ["time 10", "otim 10"], "{text}");
    assert!(sent.contains(&"st 1"), "{text}");
}

/// An engine that does not move in time loses that game, and a fresh process
/// plays the next: the old one, still thinking, would answer it with a move of
/// the lost game.
#[test]
fn an_engine_that_stalls_is_replaced() {
    let flag = std::env::temp_dir().join(format!("large-shogi-stall-{}", std::process::id()));
    std::fs::remove_file(&flag).ok();
    // The first process answers the handshake but never a `go`; later ones are
    // the engine.
    let stalling = format!(
        "if [ -e {f} ]; then exec {e}; fi; touch {f}; while read l; do case $l in \
         usi) echo usiok;; isready) echo readyok;; esac; done",
        f = flag.display(),
        e = engine()
    );
    let cfg = MatchConfig {
        tc: TimeControl::MoveTime(Duration::from_millis(50)),
        max_plies: 4,
        ..two_games([engine(), stalling], DAI.setup, Adjudication::default())
    };
    let (tally, games) = run(&cfg, &|_, _| {}).unwrap();
    std::fs::remove_file(&flag).ok();
    assert_eq!(tally.games(), 2);
    // Game 1: engine1 Black moves, engine2 never answers.
    assert_eq!(games[0].moves.len(), 1, "{:?}", games[0]);
    assert!(
        games[0].reason.ends_with("did not move in time"),
        "{:?}",
        games[0]
    );
    assert_eq!(games[0].winner, Some(Side::Black));
    assert_eq!(games[1].reason, "draw: 4 plies", "{:?}", games[1]);
}

/// Each game of a CECP engine is played by a fresh process (HaChu answered a
/// `setboard` after a finished game with a move of another position); a USI
/// engine keeps its process.
#[test]
fn a_cecp_engine_starts_afresh_for_each_game() {
    let starts = |tag: &str| {
        std::env::temp_dir().join(format!("large-shogi-starts-{tag}-{}", std::process::id()))
    };
    let (cecp_log, usi_log) = (starts("cecp"), starts("usi"));
    let counted =
        |log: &std::path::Path| format!("echo start >> {}; exec {}", log.display(), engine());
    let cfg = MatchConfig {
        games: 3,
        ..two_games(
            [counted(&usi_log), format!("cecp:{}", counted(&cecp_log))],
            DAI.setup,
            Adjudication::default(),
        )
    };
    let (tally, _) = run(&cfg, &|_, _| {}).unwrap();
    assert_eq!(tally.games(), 3);
    let count = |log: &std::path::Path| {
        let n = std::fs::read_to_string(log).unwrap().lines().count();
        std::fs::remove_file(log).ok();
        n
    };
    assert_eq!(count(&cecp_log), 3);
    assert_eq!(count(&usi_log), 1);
}

/// `tune` reads the games file a match wrote and prints its table; bad
/// arguments and a missing file are refused with their exit codes.
#[test]
fn the_tune_tool_reads_a_match_s_games() {
    let games = std::env::temp_dir().join(format!("large-shogi-tune-{}.txt", std::process::id()));
    let path = games.to_str().unwrap();
    let (code, out, err) = run_binary(&[
        "match",
        "--engine1",
        &engine(),
        "--engine2",
        &engine(),
        "--games",
        "2",
        "--tc",
        "depth=1",
        "--max-plies",
        "40",
        "--out",
        path,
    ]);
    assert_eq!(code, 0, "{out}{err}");
    let (code, table, err) = run_binary(&[
        "tune",
        "--variant",
        "dai",
        "--skip",
        "0",
        "--steps",
        "5",
        "--min-samples",
        "1",
        path,
    ]);
    std::fs::remove_file(&games).ok();
    assert_eq!(code, 0, "{err}");
    assert!(table.starts_with("2 games, "), "{table}");
    let lion = DAI.kinds.iter().find(|k| k.code == "LN").unwrap().value;
    assert!(
        table.contains(&format!("| lion | LN | {lion} |")),
        "{table}"
    );
    assert!(table.contains("| king | K | 400 | (kept) |"), "{table}");
    assert_eq!(run_binary(&["tune", "--steps", "0", path]).0, 2);
    assert_eq!(run_binary(&["tune"]).0, 2);
    assert_eq!(run_binary(&["tune", "/nonexistent/games.txt"]).0, 1);
}
