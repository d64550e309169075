//! The searcher's handling of the game rules.

use super::*;
use crate::game::Game;
use crate::rules::Rules;
use crate::variants::dai::DAI;
use crate::variants::maka_dai_dai::MAKA_DAI_DAI;
use crate::variants::tai::TAI;

/// Black's rook checks the white king on rank a, then on rank b, then on rank a
/// again: the position after the fifth move repeats the one after the first, and
/// every Black move of the cycle gave check.
const CHASE: [&str; 5] = ["15c15a", "8a8b", "15a15b", "8b8a", "15b15a"];

/// Black's rook attacks a white gold on rank c, then on rank b, then on rank c
/// again, never giving check: perpetual pursuit.
const PURSUIT: [&str; 5] = ["15d15c", "8c8b", "15c15b", "8b8c", "15b15c"];

fn score_of_last_chase_move(with_checks: bool) -> i32 {
    let sfen = "7k7/15/R14/15/15/15/15/15/15/15/15/15/15/15/14K b - 1";
    score_of_last_move(sfen, &CHASE, with_checks)
}

fn score_of_last_move(sfen: &str, line: &[&str; 5], with_checks: bool) -> i32 {
    score_after(sfen, &line[..4], line[4], 1, with_checks)
}

/// The score of `mv` searched to `depth` after the game's `moves` from `sfen`,
/// with the game's move facts given to the searcher or not.
fn score_after(sfen: &str, moves: &[&str], mv: &str, depth: u32, with_facts: bool) -> i32 {
    let weights = crate::eval::Weights::default();
    score_with(sfen, moves, mv, depth, with_facts, weights)
}

/// `score_after` with these weights (and `Contempt`).
fn score_with(
    sfen: &str,
    moves: &[&str],
    mv: &str,
    depth: u32,
    with_facts: bool,
    weights: crate::eval::Weights,
) -> i32 {
    let rules = Rules::get(&DAI);
    let mut game = Game::<2>::new(rules, sfen).unwrap();
    for m in moves {
        game.play_text(m).unwrap();
    }
    let stop = AtomicBool::new(false);
    let tt = Arc::new(TranspositionTable::new(1));
    let mut s =
        Searcher::new(game.pos.clone(), game.keys_before(), &stop, tt).with_weights(weights);
    if with_facts {
        s = s.with_game_facts(game.repetition_facts());
    }
    let limits = Limits {
        depth: Some(depth),
        searchmoves: vec![game.pos.parse_move(mv).unwrap()],
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

/// The walk back for a repetition reaches the game's first position: here the
/// repeated one is the start, exactly as many plies back as there were moves
/// without a capture (where the walk stops).
#[test]
fn a_return_to_the_start_position_is_a_repetition() {
    let sfen = "7k7/15/R14/15/15/15/15/15/15/15/15/15/15/15/14K b - 1";
    let moves = ["15c14c", "8a7a", "14c15c"];
    // White, a rook down, would score far below a draw but for the repetition.
    assert_eq!(score_after(sfen, &moves, "7a8a", 1, true), 0);
    // One move of the cycle different: no repetition, the rook counts.
    assert!(score_after(sfen, &moves, "7a7b", 1, true) < -500);
}

/// Contempt scores a draw by repetition below equal for the side searched
/// for, wherever in the tree the repetition falls, and the other way round
/// when negative.
#[test]
fn contempt_moves_the_draw_score_for_the_side_searched_for() {
    let sfen = "7k7/15/R14/15/15/15/15/15/15/15/15/15/15/15/14K b - 1";
    let moves = ["15c14c", "8a7a", "14c15c"];
    let with = |plies: usize, mv: &str, depth: u32, contempt: i32| {
        let weights = crate::eval::Weights {
            contempt,
            ..Default::default()
        };
        score_with(sfen, &moves[..plies], mv, depth, true, weights)
    };
    // White's move repeats the start one ply from the root.
    assert_eq!(with(3, "7a8a", 1, 0), 0);
    assert_eq!(with(3, "7a8a", 1, 50), -50);
    assert_eq!(with(3, "7a8a", 1, -50), 50);
    // Two plies from the root: White, a rook down, repeats the start, and
    // the draw costs Black, searched for, its contempt.
    assert_eq!(with(2, "14c15c", 2, 70), -70);
}

#[test]
fn perpetual_pursuit_loses_for_the_pursuer() {
    let sfen = "14k/15/7g7/R14/15/15/15/15/15/15/15/15/15/15/K14 b - 1";
    assert_eq!(score_of_last_move(sfen, &PURSUIT, true), -PERPETUAL_SCORE);
}

/// Two lions, each able to pass (`8n8m8n`, `8b8c8b`), and nothing else but kings.
const LIONS: &str = "7k7/7(ln)7/15/15/15/15/15/15/15/15/15/15/15/7(LN)7/7K7 b - 1";

/// The score of `mv` searched to `depth` after the game's `moves` from `LIONS`.
fn lions_score_after(moves: &[&str], mv: &str, depth: u32) -> i32 {
    score_after(LIONS, moves, mv, depth, true)
}

#[test]
fn a_pass_answered_by_a_pass_loses_for_the_first_passer() {
    assert_eq!(lions_score_after(&[], "8n8m8n", 2), -PERPETUAL_SCORE);
}

#[test]
fn the_run_of_passes_in_the_game_names_the_first_passer() {
    // The cycle the search sees (White's pass, then Black's) starts with
    // White, but Black began the passing: the rules' fourth occurrence comes
    // first for the position before Black's first pass.
    let passes = ["8n8m8n", "8b8c8b"];
    assert_eq!(lions_score_after(&passes, "8n8m8n", 1), -PERPETUAL_SCORE);
    // White to move after Black's first pass: passing back closes the cycle
    // Black began, and wins.
    assert_eq!(
        lions_score_after(&passes[..1], "8b8c8b", 1),
        PERPETUAL_SCORE
    );
}

#[test]
fn a_cycle_with_a_real_move_in_it_is_a_draw() {
    // White's pass brings back the start, but Black's lion went away and back.
    assert_eq!(
        lions_score_after(&["8n9n", "8b8c8b", "9n8n"], "8b8c8b", 1),
        0
    );
    assert_eq!(
        lions_score_after(&["8n9n", "8b8c8b", "9n8n", "8b8c8b"], "8n9n", 1),
        0
    );
}

/// Node limits that stop an iteration part-way: the move played is the last
/// completed iteration's, or a root move the cut-short iteration searched to
/// the end and found better (then reported at that iteration's depth).
#[test]
fn a_cut_short_iteration_gives_the_better_root_move_it_completed() {
    let rules = Rules::get(&DAI);
    // Book position 3 (`books/dai-openings.txt`), whose best move changes with
    // depth often.
    let sfen = "ln(st)i1sgk1sci(st)nl/(rc)1(cs)1(fl)c(bt)(de)(bt)g(fl)1(cs)1(rc)/\
        1(vo)1(ab)1(ew)(ph)(ln)(kr)(ew)1(ab)1(vo)r/\
        r(fd)(sm)(vm)b(dh)(dk)q(dk)(dh)b(vm)(sm)(fd)1/ppppp1ppppppppp/4(gb)p4(gb)4/15/\
        15/15/1P2(GB)5(GB)4/P1PPPPPPPPPPPPP/\
        R(FD)(SM)(VM)B(DH)(DK)Q(DK)(DH)B(VM)(SM)(FD)R/\
        1(VO)1(AB)(EW)1(KR)(LN)(PH)(EW)1(AB)N(VO)(RC)/\
        (RC)1(CS)1(FL)1(BT)(DE)(BT)1(FL)1(CS)2/LN(ST)ICSGKGSCI(ST)1L b - 9";
    let game = Game::<2>::new(rules, sfen).unwrap();
    let mut changed = 0;
    for nodes in (2_000..40_000).step_by(1_000) {
        let stop = AtomicBool::new(false);
        let tt = Arc::new(TranspositionTable::new(1));
        let mut s = Searcher::new(game.pos.clone(), Vec::new(), &stop, tt);
        let limits = Limits {
            nodes: Some(nodes),
            ..Limits::default()
        };
        let mut lines: Vec<(u32, i32, Vec<Move>)> = Vec::new();
        let result = s.run(&limits, &mut |it| {
            if it.bound == Bound::Exact {
                lines.push((it.depth, it.score, it.pv.to_vec()));
            }
        });
        let (depth, score, pv) = lines.last().unwrap().clone();
        assert_eq!(result.best, pv.first().copied(), "{nodes} nodes");
        assert_eq!((result.score, &result.pv), (score, &pv), "{nodes} nodes");
        if depth == result.depth + 1 {
            // The cut-short line: it replaced the completed iteration's move.
            let (done, _, done_pv) = &lines[lines.len() - 2];
            assert_eq!(*done, result.depth, "{nodes} nodes");
            assert_ne!(done_pv.first(), pv.first(), "{nodes} nodes");
            changed += 1;
        } else {
            assert_eq!(depth, result.depth, "{nodes} nodes");
        }
    }
    // Some of these limits do stop an iteration after a better move.
    assert!(changed >= 3, "{changed}");
}

#[test]
fn only_the_main_thread_starts_a_new_table_generation() {
    // Half of the sampled entries (two in each of the 250 sampled buckets) are
    // this search's; a helper's run must leave them this search's (a new
    // generation would make them look old).
    let rules = Rules::get(&DAI);
    let pos = Game::<2>::new(rules, DAI.setup).unwrap().pos;
    let tt = Arc::new(TranspositionTable::new(1));
    tt.new_search();
    for k in (0..250u64).flat_map(|k| [k, k | 1 << 40]) {
        tt.store(k, None, 1, 1, Bound::Exact);
    }
    assert_eq!(tt.hashfull(), 500);
    let stop = AtomicBool::new(false);
    let lead = Arc::new(Lead::default());
    let limits = Limits {
        depth: Some(2),
        ..Limits::default()
    };
    let mut helper =
        Searcher::new(pos.clone(), Vec::new(), &stop, tt.clone()).with_lead(lead.clone(), false);
    helper.run(&limits, &mut |_| {});
    assert!(tt.hashfull() >= 500, "{}", tt.hashfull());
    let mut main = Searcher::new(pos, Vec::new(), &stop, tt.clone()).with_lead(lead, true);
    main.run(&limits, &mut |_| {});
    assert!(tt.hashfull() < 500, "{}", tt.hashfull());
}

/// Taikyoku: the taikyoku book's second opening, then `moves`.
fn taikyoku_game(moves: &[&str]) -> Game<11> {
    use crate::variants::taikyoku::TAIKYOKU;
    let mut game = Game::<11>::new(Rules::get(&TAIKYOKU), TAIKYOKU.setup).unwrap();
    let opening = ["6hh6c+", "7b6c+", "22y22x", "7i6i", "25z25y", "8b7b"];
    for m in opening.iter().chain(moves) {
        let mv = game.pos.parse_move(m).unwrap();
        game.play(mv);
    }
    game
}

/// A searcher of `game`'s position with delta pruning on (taikyoku has none:
/// these tests are about the pruning's floor).
fn searcher_of<'a, const C: usize>(game: &Game<C>, stop: &'a AtomicBool) -> Searcher<'a, C> {
    let history = game.keys_before();
    let tt = Arc::new(TranspositionTable::new(16));
    let mut s =
        Searcher::new(game.pos.clone(), history, stop, tt).with_game_facts(game.repetition_facts());
    s.delta_margin = Some(DELTA_MARGIN);
    s
}

#[test]
fn quiescence_takes_the_last_royal_even_with_a_mate_in_alpha() {
    // Black's range piece on 2q can take White's last royal on 18a. A null
    // window at a won mate's score (as a later move's scout sees after the
    // first found one) once delta-pruned that capture and stood pat.
    let game = taikyoku_game(&["19gg19a", "20b19a+", "16gg1r", "32c6cc+"]);
    let stop = AtomicBool::new(false);
    let mut s = searcher_of(&game, &stop);
    let (alpha, beta) = (MATE - 4, MATE - 3);
    assert!(s.quiesce(2, 0, alpha, beta) >= beta);
}

#[test]
fn a_royal_capture_three_plies_deep_is_found_at_depth_two() {
    // 16gg1r threatens 1r18a+, which takes White's last royal, and White has
    // no defence: the search played 18aa30o for 571 cp when the scout of
    // 16gg1r stood pat after the capture at a mate-score window.
    let game = taikyoku_game(&["19gg19a", "20b19a+"]);
    let stop = AtomicBool::new(false);
    let mut s = searcher_of(&game, &stop);
    let limits = Limits {
        depth: Some(2),
        ..Limits::default()
    };
    let result = s.run(&limits, &mut |_| {});
    assert_eq!(mate_plies(result.score), Some(3), "score {}", result.score);
}

/// `Searcher::razor` at depth 1 in `sfen` (dai, White to move), alpha just
/// past the razoring margin above White's static score; with that alpha.
fn razor_at_depth_one(sfen: &str) -> (Option<i32>, i32) {
    let pos = Position::<2>::from_sfen(Rules::get(&DAI), sfen).unwrap();
    let stop = AtomicBool::new(false);
    let mut s = Searcher::new(pos, Vec::new(), &stop, Arc::new(TranspositionTable::new(1)));
    let eval = crate::eval::evaluate(&s.pos, &s.weights);
    let alpha = eval + negamax::RAZOR_MARGIN + 1;
    (s.razor(1, 1, eval, alpha), alpha)
}

#[test]
fn razoring_takes_quiescence_s_score_where_no_capture_helps() {
    // White has its king alone against Black's rook: nothing to take.
    let (razored, alpha) =
        razor_at_depth_one("7k7/15/15/15/15/15/15/15/15/15/15/15/15/15/R6K7 w - 1");
    assert!(
        razored.is_some_and(|score| score <= alpha),
        "{razored:?} against {alpha}"
    );
}

#[test]
fn razoring_leaves_a_node_whose_capture_lifts_it_above_alpha() {
    // White's gold takes Black's undefended rook: a rook's worth back, more
    // than the margin.
    let (razored, alpha) =
        razor_at_depth_one("7k7/g14/R14/15/15/15/15/15/15/15/15/15/15/15/7K7 w - 1");
    assert_eq!(razored, None, "against {alpha}");
}

/// A zero-window depth-2 node (one ply below the root) of `game`'s position,
/// alpha `above` its static score so that every move fails low: the nodes
/// searched, with late-move pruning as `lmp` says and futility pruning only
/// where `futility` says (and the variant has it).
fn fail_low_nodes<const C: usize>(game: &Game<C>, above: i32, lmp: bool, futility: bool) -> u64 {
    let stop = AtomicBool::new(false);
    let tt = Arc::new(TranspositionTable::new(16));
    let mut s = Searcher::new(game.pos.clone(), game.keys_before(), &stop, tt);
    assert!(s.lmp, "every variant prunes late moves");
    s.lmp = lmp;
    s.futility &= futility;
    let alpha = crate::eval::evaluate(&game.pos, &s.weights) + above;
    let score = s.negamax(2, 1, alpha, alpha + 1);
    assert!(score <= alpha, "{score} fails low");
    s.nodes
}

/// Fails the test unless the pruning saved nodes in `variant`.
fn assert_prunes(variant: &str, pruned: u64, full: u64) {
    assert!(
        pruned < full,
        "{variant}: {pruned} nodes pruned against {full}"
    );
}

#[test]
fn late_move_pruning_skips_the_late_quiet_moves_of_a_failing_node() {
    let taikyoku = taikyoku_game(&[]);
    assert_prunes(
        "taikyoku",
        fail_low_nodes(&taikyoku, 5000, true, true),
        fail_low_nodes(&taikyoku, 5000, false, true),
    );
    // Tai's start, where each side has hundreds of quiet moves; alpha close
    // enough to the static score that razoring leaves the node to its moves.
    let tai = Game::<5>::new(Rules::get(&TAI), TAI.setup).unwrap();
    assert_prunes(
        "tai",
        fail_low_nodes(&tai, 500, true, true),
        fail_low_nodes(&tai, 500, false, true),
    );
}

#[test]
fn futility_skips_the_quiet_moves_of_a_node_far_below_alpha() {
    // The starts, depth 2: alpha 300 above the static score is past the
    // futility margin (200) and short of razoring's (600).
    let dai = Game::<2>::new(Rules::get(&DAI), DAI.setup).unwrap();
    assert_prunes(
        "dai",
        fail_low_nodes(&dai, 300, true, true),
        fail_low_nodes(&dai, 300, true, false),
    );
    let maka = Game::<3>::new(Rules::get(&MAKA_DAI_DAI), MAKA_DAI_DAI.setup).unwrap();
    assert_prunes(
        "maka dai dai",
        fail_low_nodes(&maka, 300, true, true),
        fail_low_nodes(&maka, 300, true, false),
    );
    // Not a variant it was played in: the same nodes either way.
    let tai = Game::<5>::new(Rules::get(&TAI), TAI.setup).unwrap();
    assert_eq!(
        fail_low_nodes(&tai, 300, true, true),
        fail_low_nodes(&tai, 300, true, false)
    );
}

#[test]
fn dai_reduces_late_moves_less_than_the_larger_boards() {
    let (dai, rest) = (negamax::lmr_table("dai"), negamax::lmr_table("taikyoku"));
    assert!(std::ptr::eq(rest, negamax::lmr_table("makadaidai")));
    // Depth 10, the 40th move: ln 10 * ln 40 = 8.49, over 2.25 and 2.6.
    assert_eq!((rest[10][40], dai[10][40]), (4, 3));
    for (d, i) in [(3, 3), (6, 100), (63, 255)] {
        assert!(dai[d][i] <= rest[d][i]);
        assert!(
            (1..d as i32 - 1).contains(&dai[d][i]),
            "a ply at least, one left"
        );
    }
}

/// The quiet-move history a search leaves is the next one's start, halved:
/// the same search from it, with an empty table each time, takes another
/// tree; a history of another board is ignored.
#[test]
fn a_kept_history_starts_the_next_search() {
    let rules = Rules::get(&DAI);
    let mut game = Game::<2>::new(rules, DAI.setup).unwrap();
    let stop = AtomicBool::new(false);
    let search = |game: &Game<2>, history: Option<Arc<QuietHistory>>| {
        let tt = Arc::new(TranspositionTable::new(1));
        let (pos, keys) = (game.pos.clone(), game.keys_before());
        let mut s = match history {
            Some(h) => Searcher::sharing(pos, keys, &stop, tt, h, Arc::default()),
            None => Searcher::new(pos, keys, &stop, tt),
        };
        let limits = Limits {
            depth: Some(6),
            ..Limits::default()
        };
        let nodes = s.run(&limits, &mut |_| {}).nodes;
        (nodes, s.quiet_history())
    };
    let (_, kept) = search(&game, None);
    assert!(kept.any(), "the search rewarded no quiet move");
    game.play_text("9k9j").unwrap();
    game.play_text("7e7f").unwrap();
    let (fresh, _) = search(&game, None);
    kept.halve();
    let (warm, _) = search(&game, Some(kept.clone()));
    assert_ne!(fresh, warm, "the kept history changed nothing");
    let other = QuietHistory::new(kept.len() + 1);
    other.reward(0, 5);
    let (other_board, _) = search(&game, Some(Arc::new(other)));
    assert_eq!(other_board, fresh);
}

/// MultiPV lines are reported best first whatever order they were searched in,
/// and the best of them is the result (ties keep the order searched).
#[test]
fn multipv_lines_are_ranked_by_score() {
    let rules = Rules::get(&DAI);
    let pos = Position::<2>::from_sfen(rules, DAI.setup).unwrap();
    let stop = AtomicBool::new(false);
    let s = Searcher::new(
        pos.clone(),
        Vec::new(),
        &stop,
        Arc::new(TranspositionTable::new(1)),
    );
    let mv = |t: &str| pos.parse_move(t).unwrap();
    let (a, b, c) = (mv("9k9j"), mv("7k7j"), mv("10k10j"));
    let mut found = vec![
        (16, 3, vec![a]),
        (-18, 3, vec![b]),
        (32, 4, vec![c]),
        (16, 5, vec![b]),
    ];
    let mut result = SearchResult::default();
    let mut reported = Vec::new();
    s.report_lines((3, 4), &mut found, &mut result, &mut |it: &Iteration| {
        reported.push((it.multipv, it.lines, it.score, it.seldepth, it.pv[0]));
    });
    assert_eq!(
        reported,
        [
            (1, 4, 32, 4, c),
            (2, 4, 16, 3, a),
            (3, 4, 16, 5, b),
            (4, 4, -18, 3, b)
        ]
    );
    assert_eq!((result.best, result.score, result.depth), (Some(c), 32, 3));
}
