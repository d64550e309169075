//! The searcher's handling of the game rules.

use super::*;
use crate::game::Game;
use crate::rules::Rules;
use crate::variants::dai::DAI;

/// Black's rook checks the white king on rank a, then on rank b, then on rank a
/// again: the position after the fifth move repeats the one after the first, and
/// every Black move of the cycle gave check.
const CHASE: [&str; 5] = ["15c15a", "8a8b", "15a15b", "8b8a", "15b15a"];

fn score_of_last_chase_move(with_checks: bool) -> i32 {
    let rules = Rules::get(&DAI);
    let sfen = "7k7/15/R14/15/15/15/15/15/15/15/15/15/15/15/14K b - 1";
    let mut game = Game::<2>::new(rules, sfen).unwrap();
    for m in &CHASE[..4] {
        let mv = game.pos.parse_move(m).unwrap();
        game.play(mv);
    }
    let last = game.pos.parse_move(CHASE[4]).unwrap();
    let keys = game.keys();
    let history = keys[..keys.len() - 1].to_vec();
    let stop = AtomicBool::new(false);
    let tt = Arc::new(TranspositionTable::new(1));
    let mut s = Searcher::new(game.pos.clone(), history, &stop, tt);
    if with_checks {
        s = s.with_game_checks(game.checks());
    }
    let limits = Limits {
        depth: Some(1),
        searchmoves: vec![last],
        ..Limits::default()
    };
    s.run(&limits, &mut |_| {}).score
}

#[test]
fn perpetual_check_loses_for_the_checking_side() {
    assert_eq!(score_of_last_chase_move(true), -PERPETUAL_SCORE);
}

#[test]
fn without_the_game_s_checks_the_repetition_is_a_draw() {
    // Only the last move is on the search path; the earlier checks are unknown.
    assert_eq!(score_of_last_chase_move(false), 0);
}
