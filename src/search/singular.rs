//! Singular extension: a table move that beats every other move by a margin
//! is searched a ply deeper (it is the node's only good move, and a
//! shallower look may have missed why); if the others too beat the node's
//! beta, the node is taken as a cut (multi-cut). Against the search without
//! it, dai at 300 ms a move: +51 -31 =23 in 105 games (+67 Elo, +9 to +129);
//! at 120 ms +83 -77 =40 in 200 (+10); maka dai dai at 150 ms +43 -45 =12
//! (tuning/README.md, thirty-fifth session). With the search of the
//! forty-ninth session the dai gain did not come back: without it +88 -74
//! =39 at 200 ms and +41 -32 =27 at 300 ms (+27 by pairs over 300 games, -9 to
//! +63); maka dai dai at 300 ms +40 -48 =12 (fiftieth session). 112 more
//! games at 300 ms (fifty-first session): +50 -37 =25 without it; all 412
//! games, +30 by pairs (+0.3 to +61), so dai searches without it now. It
//! grows the trees to a fixed depth (dai, 16 book positions to depth 12: 1.47x
//! the nodes).

use super::tt::{Bound, Hit, score_from_tt};
use super::{MATE_BOUND, Searcher};
use crate::moves::Move;

/// From this depth a table move may be tested for singularity.
pub(super) const SINGULAR_DEPTH: i32 = 6;

/// Variants searched without the test (tuning/README.md, forty-ninth to
/// fifty-first sessions). Dai: without it +30 Elo by pairs in 206 pairs of
/// games at 200 and 300 ms (+0.3 to +61). Dai dai: without it +89 -56 =15 in
/// 160 games at 200 ms (+73 Elo, +24 to +124 by pairs); it grew the trees to
/// depth 12 1.34x there. Tai:
/// never shown to win (it seldom fires in the few-second searches games can
/// test), and deeper it extends most of the moves it tests (57-79 %; dai
/// 19-22 %): the trees to depth 8 grew 1.50x over 12 book positions, one to
/// depth 9 15x.
pub(super) const SINGULAR_OFF: &[&str] = &["dai", "daidai", "tai"];

/// The table's entry must be at most this much shallower than the node.
const SINGULAR_TT_SLACK: i32 = 3;
/// The other moves must stay this many centipawns a ply below the table's
/// score for the move to count as singular.
const SINGULAR_MARGIN: i32 = 2;

/// What the test found.
pub(super) enum Singular {
    /// Search the table move one ply deeper.
    Extend,
    /// Another move reaches beta too: the node cuts off with this score.
    Cut(i32),
    /// Neither.
    No,
}

impl<const C: usize> Searcher<'_, C> {
    /// Tests the table move `mv` (legal here, from `hit`) of a node at `depth`
    /// and `ply` with window top `beta`: the node searched again without it, at
    /// half the depth, against a bound just under the table's score. The
    /// caller asks only below the root and outside another such test (where
    /// it has a table move to try first).
    pub(super) fn singular(
        &mut self,
        mv: Move,
        hit: &Hit,
        depth: i32,
        ply: usize,
        beta: i32,
    ) -> Singular {
        let tt_score = score_from_tt(hit.score, ply);
        if depth < self.singular_depth
            || hit.bound == Bound::Upper
            || hit.depth < depth - SINGULAR_TT_SLACK
            || tt_score.abs() >= MATE_BOUND
            // Extensions stop at twice the iteration's depth from the root.
            || ply as i32 >= 2 * self.root_depth
        {
            return Singular::No;
        }
        let bound = tt_score - SINGULAR_MARGIN * depth;
        self.verdict(mv, bound, (depth - 1) / 2, ply, beta)
    }

    /// The node at `ply` searched to `depth` without `mv` against `bound`: if
    /// every other move fails low, `mv` is singular.
    fn verdict(&mut self, mv: Move, bound: i32, depth: i32, ply: usize, beta: i32) -> Singular {
        self.excluded[ply] = Some(mv);
        let score = self.negamax(depth, ply, bound - 1, bound);
        self.excluded[ply] = None;
        if self.aborted {
            Singular::No
        } else if score < bound {
            Singular::Extend
        } else if bound >= beta {
            Singular::Cut(bound)
        } else {
            Singular::No
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::position::Position;
    use crate::rules::Rules;
    use crate::search::tt::TranspositionTable;
    use crate::search::{INF, Limits};
    use crate::variants::dai::DAI;
    use std::sync::Arc;
    use std::sync::atomic::AtomicBool;

    /// Searches `sfen` (dai, White to move) after White's king steps `8a8b`
    /// to depth 2, then searches the position again as a node one ply from
    /// the root (the king's step), to depth 2 without its best move, against
    /// a bound 10 cp under its score and with window top the score less
    /// `below`; also checks that this stored nothing.
    fn test_best(sfen: &str, below: i32) -> (String, i32, Singular) {
        let mut pos = Position::<2>::from_sfen(Rules::get(&DAI), sfen).unwrap();
        pos.make(pos.parse_move("8a8b").unwrap());
        let stop = AtomicBool::new(false);
        let tt = Arc::new(TranspositionTable::new(1));
        let mut s = Searcher::new(pos, Vec::new(), &stop, tt.clone());
        let limits = Limits {
            depth: Some(2),
            ..Limits::default()
        };
        let best = s.run(&limits, &mut |_| {}).best.unwrap();
        let key = s.pos.hash();
        let hit = tt.probe(key).unwrap();
        assert_eq!((hit.mv, hit.depth), (Some(best), 2));
        let found = s.verdict(best, hit.score - 10, 2, 1, hit.score - below);
        assert_eq!(tt.probe(key), Some(hit), "the test stores nothing");
        (best.to_text(&s.pos.rules.geo), hit.score, found)
    }

    #[test]
    fn only_maka_dai_dai_and_taikyoku_search_with_the_test() {
        fn depth<const C: usize>(def: &'static crate::rules::kind::VariantDef) -> i32 {
            let stop = AtomicBool::new(false);
            let tt = Arc::new(TranspositionTable::new(1));
            let pos = Position::<C>::from_sfen(Rules::get(def), def.setup).unwrap();
            Searcher::new(pos, Vec::new(), &stop, tt).singular_depth
        }
        use crate::variants::{dai_dai, maka_dai_dai, tai, taikyoku};
        assert_eq!(depth::<2>(&DAI), i32::MAX);
        assert_eq!(depth::<3>(&dai_dai::DAI_DAI), i32::MAX);
        assert_eq!(depth::<3>(&maka_dai_dai::MAKA_DAI_DAI), SINGULAR_DEPTH);
        assert_eq!(depth::<5>(&tai::TAI), i32::MAX);
        assert_eq!(depth::<11>(&taikyoku::TAIKYOKU), SINGULAR_DEPTH);
    }

    #[test]
    fn the_one_winning_capture_is_extended() {
        // Black's rook takes the lone white gold; nothing else wins anything.
        let sfen = "7k7/15/g13R/15/15/15/15/15/15/15/15/15/15/15/7K7 w - 1";
        let (best, score, found) = test_best(sfen, -INF);
        assert!(best.starts_with("1c15c"), "{best}");
        assert!(score > 200, "{score}");
        assert!(matches!(found, Singular::Extend));
    }

    #[test]
    fn two_equal_captures_cut_off_below_their_score() {
        // Either rook takes the gold two squares above it, then the other
        // one: mirror images, the same score.
        let sfen = "7k7/15/g13g/15/R13R/15/15/15/15/15/15/15/15/15/7K7 w - 1";
        let (best, score, found) = test_best(sfen, 100);
        assert!(
            ["15e15c", "1e1c"].iter().any(|m| best.starts_with(m)),
            "{best}"
        );
        let Singular::Cut(cut) = found else {
            panic!(
                "no multi-cut below {score}: {}",
                matches!(found, Singular::Extend)
            );
        };
        assert_eq!(cut, score - 10);
        // With beta above the bound the other capture neither cuts nor lets
        // the first be extended.
        assert!(matches!(test_best(sfen, -INF).2, Singular::No));
    }
}
