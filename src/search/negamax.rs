//! The main search below the root and at it: principal variation search with
//! the transposition table, reverse futility, razoring and null-move pruning,
//! futility pruning of quiet moves (dai, dai dai and maka dai dai only),
//! late-move pruning, singular extension of the table's move (`singular`;
//! maka dai dai and taikyoku only), late-move reductions, and the
//! Lazy-SMP deferral of moves another thread is searching.

use super::singular::Singular;
use super::tt::{bound_of, score_to_tt, table_cut};
use super::{CHECK, INF, MATE, MATE_BOUND, Searcher, busy};
use crate::moves::Move;
use arrayvec::ArrayVec;

/// Null-move pruning: from this depth, reduced by `NULL_MOVE_R` (plus a ply per six).
const NULL_MOVE_DEPTH: i32 = 3;
const NULL_MOVE_R: i32 = 2;

/// Reverse futility pruning: up to this depth, with `RFP_MARGIN` centipawns a ply.
pub(super) const RFP_DEPTH: i32 = 3;
const RFP_MARGIN: i32 = 150;

/// Razoring (`Searcher::razor`, where reverse futility is on): up to this
/// depth, a static score `RAZOR_MARGIN` centipawns a ply below alpha.
const RAZOR_DEPTH: i32 = 2;
pub(super) const RAZOR_MARGIN: i32 = 300;

/// Variants searched without reverse futility pruning. Taikyoku: a static score
/// there misses the whole lines a range capture takes next; with the pruning the
/// engine scored +17 -23 against itself without, and 67.5 % against the 1-ply
/// baseline where it had scored 82.5 % (tuning/README.md, eleventh session).
pub(super) const RFP_OFF: &[&str] = &["taikyoku"];

/// Late-move pruning, in every variant: at a zero-window node of depth 1 or 2
/// not in check, the quiet moves (killers aside) from this place in the order
/// on are not searched. The places were chosen in taikyoku (thresholds 8, 16
/// and 32 at depths 1-3 searched the same trees: the quiet moves of those
/// nodes come after place 32, so it drops them almost whole); the other
/// variants won with the same places, untuned for their move lists. Against
/// the search without it (tuning/README.md): taikyoku +215 -184 =1 at 400 ms
/// (+27 Elo, +1.4 to +52.9 by pairs; forty-fifth session), maka dai dai +107
/// -79 =14 at 120 ms (+49 Elo, +5.3 to +94.2 by pairs; forty-sixth), dai dai
/// +108 -66 =26 at 120 ms (+74 Elo, +26.5 to +124.5 by pairs; forty-sixth),
/// dai +216 -129 =55 at 120 ms (+77 Elo, +45.7 to +109.1 by pairs;
/// forty-sixth; the eleventh session's 12/20/32 at depths 1-3 had shown +17,
/// not significant), tai +45 -16 =39 at 200 ms (+104 Elo, +54 to +158 by
/// pairs; fifty-fourth; 102 games at 120 ms in the forty-sixth had shown
/// +10). Tai's nodes hold hundreds of moves, 1,742 in one late middlegame,
/// where it takes depth 4 from 13.5 s to 0.35 s.
const LMP_MOVES: [usize; 3] = [usize::MAX, 32, 64];

/// Variants whose depth-1 nodes ask, before making a capture, whether the
/// reply's quiescence would stand pat at once (`reply_stands_pat`, as
/// quiescence does in `quiesce::ASK_BEFORE_CAPTURE`): the same results with
/// fewer nodes. Taikyoku 1.04-1.08x fewer instructions to the same depth; maka
/// dai dai 0.99x, where it is not done (tuning/README.md, fifty-first session).
pub(super) const ASK_AT_THE_HORIZON: &[&str] = &["taikyoku"];

/// Futility pruning (where reverse futility is on, in the variants of
/// `FUTILITY_ON`): at a zero-window node of depth up to `RFP_DEPTH` not in
/// check whose static score lies this many centipawns a ply below alpha, the
/// quiet moves other than the first and the killers are not searched. At
/// 120 ms a move, dai: 580 games, +262 -209 =109, +31.8 Elo (+6.4 to +57.6);
/// dai dai: 280 games, +147 -109 =24, +47.4 (+8.6 to +87.5); maka dai dai:
/// 600 games, +302 -246 =52, +32.5 (+6.0 to +59.4) (sixty-sixth to
/// sixty-eighth sessions, tuning/README.md). Tai lost with it: 164 games at
/// 100 ms, -40.4 (-89.7 to +7.2), seventy-fourth session. Taikyoku, where
/// reverse futility is off, is not played.
const FUTILITY_MARGIN: i32 = 100;
pub(super) const FUTILITY_ON: &[&str] = &["dai", "daidai", "makadaidai"];

/// Moves before this index are never reduced.
const LMR_FROM_MOVE: usize = 3;

/// Late-move reduction of the `i`-th move at `depth`: ln(depth) * ln(i) divided
/// by this, at least one ply, leaving at least one. The large boards have
/// hundreds of quiet moves a node; most deserve a glance only.
const LMR_DIVISOR: f64 = 2.25;
const LMR_DEPTHS: usize = 64;
const LMR_MOVES: usize = 256;

/// The divisor of the variants in `LMR_SHALLOW`: shallower reductions.
const LMR_DIVISOR_SHALLOW: f64 = 2.6;

/// Variants with `LMR_DIVISOR_SHALLOW`, each shown to win with it against
/// `LMR_DIVISOR` (tuning/README.md): dai +106 -65 =29 in 200 games at 120 ms
/// (+72 Elo, +27 to +120 by pairs; forty-seventh session; its nodes hold 60-80
/// moves, and late-move pruning already drops the last quiet moves of the
/// shallow ones). Maka dai dai's 200 games: +102 -89 =9 (+23, -24 to +71), so
/// it is not in.
const LMR_SHALLOW: &[&str] = &["dai"];

/// The reduction of a late quiet move (see `LMR_DIVISOR`).
fn lmr_reduction(depth: i32, i: usize, divisor: f64) -> i32 {
    let r = (depth as f64).ln() * (i as f64).ln() / divisor;
    (r.round() as i32).clamp(1, (depth - 2).max(1))
}

/// Late-move reductions by depth and move place.
pub(super) type LmrTable = [[i32; LMR_MOVES]; LMR_DEPTHS];

/// `lmr_reduction` tabulated for `variant`'s divisor, built once per process.
pub(super) fn lmr_table(variant: &str) -> &'static LmrTable {
    fn build(divisor: f64) -> LmrTable {
        std::array::from_fn(|d| {
            std::array::from_fn(|i| lmr_reduction((d as i32).max(1), i.max(1), divisor))
        })
    }
    static TABLES: std::sync::OnceLock<[LmrTable; 2]> = std::sync::OnceLock::new();
    let tables = TABLES.get_or_init(|| [build(LMR_DIVISOR), build(LMR_DIVISOR_SHALLOW)]);
    &tables[usize::from(LMR_SHALLOW.contains(&variant))]
}

/// Lazy SMP: from this depth, a later move another thread is searching is put
/// off to the end of the node's list (`busy`), at most `DEFERRED` of them
/// (taikyoku's nodes have hundreds of moves: with 16 a helper soon searched
/// in step with the main thread; tuning/README.md, eleventh session).
const DEFER_DEPTH: i32 = 3;
const DEFERRED: usize = 64;

/// The main search probes the table before a node's attack upkeep on boards of
/// this many chunks and more (tai, taikyoku), where the upkeep is dear and the
/// nodes the table cuts off skip it. On the smaller boards the upkeep is done
/// while the entry is fetched, hiding the probe's cache miss: the same trees,
/// dai 3 % and dai dai 6 % faster, maka dai dai even; tai 2 % and taikyoku 6 %
/// slower that way (tuning/README.md, twenty-third session).
const PROBE_BEFORE_UPKEEP_FROM_CHUNKS: usize = 5;

impl<'a, const C: usize> Searcher<'a, C> {
    pub(super) fn negamax(&mut self, depth: i32, ply: usize, mut alpha: i32, beta: i32) -> i32 {
        self.pv[ply].clear();
        if self.pos.royal_count(self.pos.side_to_move()) == 0 {
            return -(MATE - ply as i32);
        }
        if ply > 0
            && let Some(score) = self.repetition(ply)
        {
            return score;
        }
        if depth <= 0 {
            return self.quiesce(ply, 0, alpha, beta);
        }
        self.nodes += 1;
        if ply > 0 && self.should_abort() {
            return 0;
        }
        if ply == 0 {
            self.root_depth = depth;
        }
        // A singular-extension test of this node's table move (`singular`).
        let excluded = self.excluded[ply];
        let key = self.pos.hash();
        if C < PROBE_BEFORE_UPKEEP_FROM_CHUNKS {
            // The attack upkeep while the table's entry loads: its cache miss
            // was most of this function's own time in dai.
            self.tt.prefetch(key);
            self.pos.sync();
        }
        let mut tt_move = None;
        let hit = self.tt.probe(key);
        if let Some(hit) = &hit {
            tt_move = hit.mv;
            if ply > 0
                && excluded.is_none()
                && hit.depth >= depth
                && let Some(score) = table_cut(hit, ply, alpha, beta)
            {
                return score;
            }
        }
        // From here on the attacks count (big boards: the table answered with
        // the hash alone).
        self.pos.sync();
        let facts = self.last_move_facts();
        self.path_facts[ply] = facts;
        let in_check = facts[CHECK];
        let pruneable = ply > 0 && !in_check && beta.abs() < MATE_BOUND;
        let reverse_futility = pruneable && depth <= self.rfp_depth && beta - alpha == 1;
        let null_move = pruneable
            && excluded.is_none()
            && depth >= NULL_MOVE_DEPTH
            && self.pos.last_move() != Some(Move::NULL);
        // The static score only where one of the two may use it.
        let static_eval = if reverse_futility || null_move {
            crate::eval::evaluate(&self.pos, &self.weights)
                - crate::eval::threat_penalty(&self.pos, &self.weights)
        } else {
            -INF
        };
        // Reverse futility: near the leaves, a zero-window node whose static score
        // beats beta by a margin a ply cannot undo is taken as a cut.
        if reverse_futility && static_eval - RFP_MARGIN * depth >= beta {
            return static_eval;
        }
        if reverse_futility && let Some(score) = self.razor(depth, ply, static_eval, alpha) {
            return score;
        }
        // Null move: if passing still holds beta at reduced depth, so will a move.
        if null_move && static_eval >= beta {
            self.pos.make_null();
            let r = NULL_MOVE_R + depth / 6;
            let score = -self.negamax(depth - 1 - r, ply + 1, -beta, -beta + 1);
            self.pos.unmake_null();
            if self.aborted {
                return 0;
            }
            if score >= beta {
                return if score > MATE_BOUND { beta } else { score };
            }
        }
        // Below the root, the table's move if legal here (the root checks it
        // against its list; a singular test leaves it out).
        let first = tt_move.filter(|&m| ply > 0 && excluded.is_none() && self.legal_here(m));
        // The table's move searched a ply deeper where it is singular.
        let mut extend_first = 0;
        if let (Some(mv), Some(hit)) = (first, &hit) {
            match self.singular(mv, hit, depth, ply, beta) {
                Singular::Extend => extend_first = 1,
                Singular::Cut(score) => return score,
                Singular::No => {}
            }
        }
        let mut moves = std::mem::take(&mut self.node_moves[ply]);
        // Below the root the moves come in stages (`stages`), the table's move
        // first: a node that cuts off early never generates the rest. The root
        // keys its whole list at once.
        let mut restricted = false;
        if let Some(mv) = excluded {
            moves.start_excluding(mv, self.killers_at(ply));
        } else if ply > 0 {
            moves.start(first, self.killers_at(ply));
        } else {
            restricted = self.start_root(&mut moves, tt_move);
        }
        let alpha_in = alpha;
        let mut best = -INF;
        let mut best_move = None;
        // Moves another thread was searching, put off: (move, place, losing).
        let mut deferred: ArrayVec<(Move, usize, bool), DEFERRED> = ArrayVec::new();
        // A shared reference, not a clone of the `Arc`: its count would bounce
        // between the threads' caches at every node.
        let busy = self.busy.filter(|_| depth >= DEFER_DEPTH);
        // Late-move pruning: the place from which quiet moves are skipped here
        // while the window is zero (alpha may rise in the loop).
        let prune_quiet_from = if self.lmp && pruneable && depth <= 2 {
            LMP_MOVES[depth as usize]
        } else {
            usize::MAX
        };
        let futile_quiet =
            reverse_futility && self.futility && static_eval + FUTILITY_MARGIN * depth <= alpha;
        let mut picked = 0;
        loop {
            // `i`: the move's place in the order (LMR reads it); `losing`: whether
            // it was ordered as a capture losing the exchange.
            let (mv, i, losing) = match self.next_move(&mut moves, ply) {
                Some((m, losing)) => (m, picked, losing),
                None if !deferred.is_empty() => deferred.remove(0),
                None => break,
            };
            let busy_key = busy.filter(|_| i > 0).map(|b| (b, busy::busy_key(key, mv)));
            if picked == i {
                picked += 1;
                if let Some((b, k)) = busy_key
                    && b.is_busy(k)
                    && !deferred.is_full()
                {
                    deferred.push((mv, i, losing));
                    continue;
                }
            }
            let quiet = !mv.promotes() && !self.pos.is_capture(mv);
            // Futility: near the leaves, a quiet move is not expected to lift a
            // static score this far below alpha.
            if quiet && futile_quiet && i > 0 && best > -INF && !self.killers.contains(ply, mv) {
                continue;
            }
            if quiet
                && i >= prune_quiet_from
                && beta - alpha == 1
                && best > -INF
                && !self.killers.contains(ply, mv)
            {
                continue;
            }
            // At the horizon's edge a capture whose reply stands pat at once
            // (as in quiescence, `reply_stands_pat`) scores alpha unmade.
            if depth == 1
                && ply > 0
                && !quiet
                && self.ask_at_the_horizon
                && (i > 0 || extend_first == 0)
                && self.reply_stands_pat(mv, alpha)
            {
                if alpha > best {
                    best = alpha;
                    best_move = Some(mv);
                }
                continue;
            }
            if ply == 0 {
                self.announce_root_move(mv, i + 1, depth as u32);
            }
            if let Some((b, k)) = busy_key {
                b.enter(k);
            }
            let nodes_before = self.nodes;
            self.pos.make_deferred(mv);
            let score = if i == 0 {
                // The table's move where there is one (never put off).
                -self.negamax(depth - 1 + extend_first, ply + 1, -beta, -alpha)
            } else {
                // Late quiet moves and captures that lose the exchange are
                // searched shallower first.
                let reduce = if depth >= 3
                    && i >= LMR_FROM_MOVE
                    && (quiet || losing)
                    && !in_check
                    && !self.killers.contains(ply, mv)
                {
                    self.lmr[(depth as usize).min(LMR_DEPTHS - 1)][i.min(LMR_MOVES - 1)]
                } else {
                    0
                };
                let mut score = -self.negamax(depth - 1 - reduce, ply + 1, -alpha - 1, -alpha);
                if score > alpha && reduce > 0 {
                    score = -self.negamax(depth - 1, ply + 1, -alpha - 1, -alpha);
                }
                if score > alpha && score < beta {
                    score = -self.negamax(depth - 1, ply + 1, -beta, -alpha);
                }
                score
            };
            self.pos.unmake();
            if let Some((b, k)) = busy_key {
                b.leave(k);
            }
            if ply == 0 {
                self.stability.spent(mv, self.nodes - nodes_before);
            }
            if self.aborted {
                break;
            }
            if score > best {
                best = score;
                best_move = Some(mv);
                if score > alpha {
                    alpha = score;
                    if ply == 0 {
                        self.root_score = score;
                    }
                    let (head, tail) = self.pv.split_at_mut(ply + 1);
                    head[ply].clear();
                    head[ply].push(mv);
                    head[ply].extend_from_slice(&tail[0]);
                }
                if score >= beta {
                    if quiet {
                        self.reward(mv, ply, depth);
                    }
                    break;
                }
            }
        }
        // No move at all (at the root: none this search may play).
        let stalemate = picked == 0 && moves.no_moves;
        self.node_moves[ply] = moves;
        if stalemate {
            return -(MATE - ply as i32); // stalemate loses
        }
        if excluded.is_some() {
            // Not the node's result (one move left out): nothing stored, and
            // no move but that one fails low.
            return best.max(alpha_in);
        }
        // A best move among some root moves only is no result for the position.
        if !self.aborted && !restricted {
            let bound = bound_of(best, alpha_in, beta);
            self.tt
                .store(key, best_move, score_to_tt(best, ply), depth, bound);
        }
        best
    }

    /// Razoring: a zero-window node near the leaves whose static score lies
    /// far below alpha is asked of quiescence; if captures do not lift it
    /// above alpha either, no quiet move is expected to, and that is the
    /// node's score.
    pub(super) fn razor(&mut self, depth: i32, ply: usize, eval: i32, alpha: i32) -> Option<i32> {
        if depth > RAZOR_DEPTH || eval + RAZOR_MARGIN * depth >= alpha {
            return None;
        }
        let score = self.quiesce(ply, 0, alpha, alpha + 1);
        (score <= alpha).then_some(score)
    }

    /// Whether a move from the table is legal here (its piece's moves hold it).
    pub(super) fn legal_here(&mut self, mv: Move) -> bool {
        self.pos.holds_move(mv, &mut self.scratch)
    }
}
