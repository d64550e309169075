//! How games end: royal capture (with the prince as a second royal), fourfold
//! repetition with the perpetual-check, pursuit and pass rules, stalemate.

use large_shogi::game::{Game, Outcome};
use large_shogi::rules::Rules;
use large_shogi::types::Side;
use large_shogi::variants::dai::DAI;

fn game(sfen: &str) -> Game<2> {
    Game::new(Rules::get(&DAI), sfen).unwrap()
}

/// Plays `cycle` `times` times; only the last move may end the game.
fn repeat(g: &mut Game<2>, cycle: &[&str], times: usize) {
    let total = cycle.len() * times;
    for i in 0..total {
        assert_eq!(g.outcome(), None, "ended early, before move {}", i + 1);
        g.play_text(cycle[i % cycle.len()]).unwrap();
    }
}

#[test]
fn capturing_the_last_royal_wins_and_the_prince_counts() {
    // White rook takes Black's king; Black still has a prince.
    let mut g = game("14k/15/15/15/15/15/15/15/15/15/r14/15/15/15/K2+(DE)11 w - 1");
    g.play_text("15k15o").unwrap();
    assert_eq!(g.outcome(), None);
    assert_eq!(g.pos.royal_count(Side::Black), 1);
    // Without the prince, the same capture ends the game.
    let mut g = game("14k/15/15/15/15/15/15/15/15/15/r14/15/15/15/K14 w - 1");
    g.play_text("15k15o").unwrap();
    assert_eq!(
        g.outcome(),
        Some(Outcome::Win {
            winner: Side::White,
            reason: "last royal captured"
        })
    );
    assert!(g.play_text("14a13a").is_err(), "no moves after the end");
}

#[test]
fn fourfold_repetition_is_a_draw() {
    let mut g = game("14k/15/15/15/15/15/15/15/15/15/15/15/15/15/K14 b - 1");
    repeat(&mut g, &["15o14o", "1a2a", "14o15o", "2a1a"], 3);
    assert_eq!(g.occurrences(), 4);
    assert_eq!(
        g.outcome(),
        Some(Outcome::Draw {
            reason: "fourfold repetition"
        })
    );
}

#[test]
fn perpetual_check_loses_for_the_checker() {
    // The rook checks on every move; the king steps between 1a and 2a.
    let mut g = game("14k/15/14R/15/15/15/15/15/15/15/15/15/15/15/K14 w - 1");
    assert!(g.pos.in_check(Side::White));
    repeat(&mut g, &["1a2a", "1c2c", "2a1a", "2c1c"], 3);
    assert_eq!(
        g.outcome(),
        Some(Outcome::Win {
            winner: Side::White,
            reason: "perpetual check: the checking side must deviate"
        })
    );
}

#[test]
fn perpetual_pursuit_loses_for_the_attacker() {
    // The rook attacks the gold on every move; no check.
    let mut g = game("14g/15/14R/15/6k8/15/15/15/15/15/15/15/15/15/K14 w - 1");
    repeat(&mut g, &["1a2a", "1c2c", "2a1a", "2c1c"], 3);
    assert_eq!(
        g.outcome(),
        Some(Outcome::Win {
            winner: Side::White,
            reason: "perpetual pursuit: the attacking side must deviate"
        })
    );
}

#[test]
fn repeated_passes_lose_for_the_first_passer() {
    let mut g = game("14k/15/15/7(ln)7/15/15/15/15/15/15/7(LN)7/15/15/15/K14 b - 1");
    // Any empty adjacent square names the pass.
    repeat(&mut g, &["8k8j8k", "8d8e8d"], 3);
    assert_eq!(
        g.outcome(),
        Some(Outcome::Win {
            winner: Side::White,
            reason: "repeated passes: the side passing first must deviate"
        })
    );
}

#[test]
fn stalemate_loses() {
    let g =
        game("PP12k/PP13/PP13/PP13/PP13/PP13/PP13/PP13/PP13/PP13/PP13/PP13/PP13/PP13/KP13 b - 1");
    assert_eq!(
        g.outcome(),
        Some(Outcome::Win {
            winner: Side::White,
            reason: "stalemate (no legal move) loses"
        })
    );
}

#[test]
fn undo_restores_the_history() {
    let mut g = game(DAI.setup);
    let start = g.pos.to_sfen();
    g.play_text("9k9j").unwrap();
    g.play_text("7e7f").unwrap();
    assert_eq!(
        g.undo().map(|m| m.to_text(&g.pos.rules.geo)),
        Some("7e7f".into())
    );
    g.undo();
    assert_eq!(g.pos.to_sfen(), start);
    assert_eq!(g.keys().len(), 1);
    assert_eq!(g.undo(), None);
}
