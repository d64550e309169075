//! The match tool: two engine processes, refereed games, results and a games file.

use large_shogi::tools::match_runner::{MatchConfig, TimeControl, run};
use large_shogi::variants::dai::DAI;
use std::time::Duration;

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
        openings: vec![DAI.setup.to_string(), mate],
        max_plies: 40,
        sprt: None,
        games_out: Some(out.clone()),
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
        openings: vec![],
        max_plies: 10,
        sprt: None,
        games_out: None,
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
        openings: vec![],
        max_plies: 30,
        sprt: None,
        games_out: None,
    };
    let (tally, games) = run(&cfg, &|_, _| {}).unwrap();
    assert_eq!(tally.games(), 2);
    for g in &games {
        assert_eq!(g.moves.len(), 30, "{g:?}");
        assert_eq!(g.reason, "draw: 30 plies");
    }
}
