//! Quiescence search: captures only from the horizon on, with stand pat (a lazy
//! one before the attack upkeep), delta pruning where the variant keeps it, and
//! captures losing the exchange skipped.

use super::tt::{bound_of, score_to_tt, table_cut};
use super::{MATE, Searcher, see};
use crate::board::Square;
use crate::moves::Move;
use crate::position::{AfterPending, ROYAL_VALUE};

/// Deepest quiescence below the horizon.
const QUIESCE_PLIES: usize = 8;

/// From this many plies into quiescence only recaptures (moves taking the piece
/// that just moved) are searched: on the big boards capture chains otherwise
/// fan out over the whole front (taikyoku's deeper plies held as many nodes as
/// the first).
const QUIESCE_RECAPTURES_FROM: usize = 3;

/// Delta-pruning margin: what positional terms may add to a capture's material.
pub(super) const DELTA_MARGIN: i32 = 200;

/// Variants whose quiescence searches without delta pruning: those that promote
/// by capture. A capture there also promotes the capturer, which the pruning's
/// gain (the victims' values) leaves out, and opens lines for long-range pieces
/// worth far more than the margin; a null-window search pruned what the whole
/// window then found (a taikyoku depth-2 search scored a move -755 or +41 by
/// its window). Without the pruning the engine scored, against itself with it,
/// +80 -40 in taikyoku, +63 -32 =5 in tai (tuning/README.md, thirtieth session),
/// +64 -25 =11 in dai dai and +114 -76 =10 in maka dai dai (thirty-first).
/// Dai, which promotes in a zone, keeps it: +86 -81 =33 without, no difference.
pub(super) fn delta_pruned(rules: &crate::rules::Rules) -> bool {
    rules.def.promotion != crate::rules::kind::PromotionRule::Capture
}

/// Quiescence's lazy stand pat (`quiesce`): how far a move's change of mobility
/// is assumed to move the score at most. In taikyoku, 124 of 200 k quiescence
/// nodes (depth 5 from the start) stood pat lazily where the full evaluation
/// would not have. 50 and 200 cp both lost to 100 in dai (`tuning/README.md`).
const LAZY_MARGIN: i32 = 100;

/// Quiescence probes and fills the transposition table on boards of this many
/// chunks and more (tai, taikyoku), where a node's attack upkeep costs far more
/// than a probe and capture sequences transpose: tai's and taikyoku's searches
/// reach their depths in two thirds of the time. On the smaller boards the
/// probes' cache misses cost more than the nodes they save (dai 1.28x slower,
/// maka dai dai 1.53x; tuning/README.md, twenty-second session).
const QUIESCE_TABLE_FROM_CHUNKS: usize = 5;

/// Variants whose quiescence asks, before making a capture, whether the reply
/// would stand pat lazily at once (`reply_stands_pat`). The same results with
/// fewer nodes everywhere; it pays where many captures lose that much (maka
/// dai dai 1.14x and taikyoku 1.04x fewer instructions to the same depth),
/// not in dai, dai dai and tai (0.99-1.01x: the asking costs what it saves;
/// tuning/README.md, fifty-first session).
pub(super) const ASK_BEFORE_CAPTURE: &[&str] = &["makadaidai", "taikyoku"];

/// Variants whose quiescence ends a pending node before its attack upkeep
/// where it can tell the result without it (`Searcher::without_upkeep`): the
/// same trees in fewer instructions, dai 7.6 % and dai dai 2.2 % (to depths 9
/// and 7). In maka dai dai (+0.3 %) most moves touch pieces whose change is
/// not cheap to count (hook movers, lion dogs), and on tai's and taikyoku's
/// boards the table and the lazy stand pat leave it little to do (0 % and
/// +0.1 % for its first part; tuning/README.md, eighty-second session).
/// A node ended there stores nothing in the table, which quiescence fills
/// only on those boards.
pub(super) const END_BEFORE_UPKEEP: &[&str] = &["dai", "daidai"];

/// Variants of `END_BEFORE_UPKEEP` whose pending quiescence nodes also ask,
/// before the upkeep, whether every capture would be skipped
/// (`no_capture_tried`): in dai, at depth 9, 34 of the 45 k nodes that
/// asked ended so, and the others synced with the sets worked out (7 %
/// fewer instructions to depths 9 and 12). Dai dai, which has no delta
/// pruning, tried a capture in 41 of 67 k (4 % more instructions when asked
/// first, 12 % after the score; tuning/README.md, eighty-third session).
pub(super) const CAPTURES_BEFORE_UPKEEP: &[&str] = &["dai"];

/// What a pending quiescence node learnt before its attack upkeep
/// (`Searcher::without_upkeep`).
enum BeforeUpkeep {
    /// Its result, the same as after the upkeep.
    Ends(i32),
    /// Sync with the sets worked out (`Searcher::after`), and the static
    /// score where it was worked out too.
    SyncWith(Option<i32>),
    /// Sync.
    Sync,
}

/// A quiescence capture: what it takes, the move, and whether it must be asked
/// if it loses the exchange before it is tried.
pub(super) type QuiesceCapture = (i32, Move, bool);

impl<'a, const C: usize> Searcher<'a, C> {
    /// Captures only, from the horizon on (`qply` plies into it).
    pub(super) fn quiesce(&mut self, ply: usize, qply: usize, mut alpha: i32, beta: i32) -> i32 {
        self.nodes += 1;
        self.seldepth = self.seldepth.max(ply as u32);
        self.pv[ply].clear();
        if self.pos.royal_count(self.pos.side_to_move()) == 0 {
            return -(MATE - ply as i32);
        }
        // The table before the attack upkeep: capture sequences transpose.
        let key = self.pos.hash();
        let mut table = C >= QUIESCE_TABLE_FROM_CHUNKS;
        if table && let Some(hit) = self.tt.probe(key) {
            // A main-search result for this position is not overwritten.
            table = hit.depth == 0;
            if let Some(score) = table_cut(&hit, ply, alpha, beta) {
                return score;
            }
        }
        let alpha_in = alpha;
        // The static score, where worked out before the upkeep.
        let mut known = None;
        if self.pos.is_pending() {
            // Lazy stand pat: most quiescence nodes stand pat, and the score
            // without the move's change of mobility, less a margin for it, tells
            // most of them before the attack upkeep is paid for. It returns
            // beta, not the lazy score: with that score (from a stale mobility,
            // often far above beta) two Lazy-SMP threads searched 46 % more
            // nodes than one to the same depth in dai, against 10 % without the
            // lazy stand pat and 0.95x with beta (tuning/README.md, seventeenth
            // session; the likely reason is there).
            if let Some(lazy) = crate::eval::evaluate_deferred(&self.pos, &self.weights) {
                if lazy - LAZY_MARGIN >= beta {
                    return beta;
                }
                if self.end_before_upkeep {
                    match self.without_upkeep(lazy, ply, qply, alpha, beta) {
                        BeforeUpkeep::Ends(score) => return score,
                        BeforeUpkeep::SyncWith(stand) => {
                            self.pos.sync_with(&self.after);
                            known = stand;
                        }
                        BeforeUpkeep::Sync => {}
                    }
                }
            }
            self.pos.sync();
        }
        let stand = known.unwrap_or_else(|| crate::eval::evaluate(&self.pos, &self.weights));
        // Capture chains on the big boards (range captures take whole lines) can
        // run very long: past QUIESCE_PLIES the static evaluation stands.
        if stand >= beta
            || ply + 1 >= self.lists.len()
            || qply >= QUIESCE_PLIES
            || self.should_abort()
        {
            return stand;
        }
        alpha = alpha.max(stand);
        let mut list = std::mem::take(&mut self.lists[ply]);
        list.clear();
        // Each capture's key and gain once (victims are dear to find for range
        // captures), none that delta pruning would drop (below). Whether it
        // loses the exchange on its square is asked only when its turn comes
        // (most nodes cut off first); a losing one is then skipped, so the
        // others keep the order they would have alone.
        let mut moves = std::mem::take(&mut self.qmoves[ply]);
        moves.clear();
        let floor = self.delta_floor(alpha, stand); // delta pruning's, below
        let mut victim = None;
        match self.pos.last_move() {
            Some(last) if qply >= QUIESCE_RECAPTURES_FROM => {
                self.pos.generate_captures_near(last.to, &mut list);
                list.retain(|&mv| self.takes_on(mv, last.to));
                self.key_captures(&list, &mut moves, floor);
            }
            _ => victim = self.first_captures(&mut list, &mut moves, floor),
        }
        let mut best = stand;
        let mut best_move = None;
        let mut k = 0;
        loop {
            // Delta pruning: a capture taking `floor` or less cannot lift the
            // score to alpha even with a margin, and is not tried (royals count
            // as winning). Alpha only rises, and the floor with it.
            let floor = self.delta_floor(alpha, stand);
            let Some((gain, mv, checked)) =
                self.pick_capture(&mut victim, &mut list, &mut moves, k, floor)
            else {
                break;
            };
            k += 1;
            if gain <= floor || (checked && self.losing_capture(mv, gain).is_some()) {
                continue;
            }
            if self.ask_before_capture && self.reply_stands_pat(mv, alpha) {
                // What searching it would give (the reply returns its beta):
                // the same result without making the move.
                if alpha > best {
                    best = alpha;
                    best_move = Some(mv);
                }
                continue;
            }
            self.pos.make_deferred(mv);
            let score = -self.quiesce(ply + 1, qply + 1, -beta, -alpha);
            self.pos.unmake();
            if self.aborted {
                break;
            }
            if score > best {
                best = score;
                best_move = Some(mv);
                if score > alpha {
                    alpha = score;
                }
                if score >= beta {
                    break;
                }
            }
        }
        self.lists[ply] = list;
        self.qmoves[ply] = moves;
        // Stored as depth 0: never a cut for the main search, whose depths
        // start at 1, but its move is tried first there. Not from the
        // recaptures-only plies: a node searching every capture would take
        // their narrower result for its own.
        if table && qply < QUIESCE_RECAPTURES_FROM && !self.aborted {
            let bound = bound_of(best, alpha_in, beta);
            self.tt
                .store(key, best_move, score_to_tt(best, ply), 0, bound);
        }
        best
    }

    /// A pending quiescence node's result where it is known before the attack
    /// upkeep, the same as the node returns after it: its exact score
    /// (`eval::evaluate_pending`, from the sets `Position::after_pending`
    /// says the upkeep will give) where that stands pat, or where the node
    /// would try no capture (`no_capture_tried`). Where the lazy score is
    /// below beta and no piece of the side to move attacked an enemy before
    /// the move (`Position::hit_nothing_before_pending`), or it is so far
    /// below alpha that even the margin leaves delta pruning a floor, a bound
    /// on what any capture takes (`Position::most_taken_after_pending`) is
    /// asked first: it ends most such nodes more cheaply than the captures.
    fn without_upkeep(
        &mut self,
        lazy: i32,
        ply: usize,
        qply: usize,
        alpha: i32,
        beta: i32,
    ) -> BeforeUpkeep {
        let far_below = (self.delta_margin).filter(|m| lazy + LAZY_MARGIN + m < alpha);
        let mut most = None;
        if lazy < beta && (far_below.is_some() || self.pos.hit_nothing_before_pending()) {
            // Nothing to take, or, where that beats the floor even with the
            // score at the low end of the lazy margin, it almost surely beats
            // the floor the exact score gives.
            most = self.pos.most_taken_after_pending().filter(|&most| {
                most == 0 || far_below.is_some_and(|m| most <= alpha - (lazy - LAZY_MARGIN) - m)
            });
        }
        if lazy < beta && most.is_none() && !self.captures_before_upkeep {
            return BeforeUpkeep::Sync;
        }
        if !self.pos.after_pending_into(&mut self.after) {
            return BeforeUpkeep::Sync;
        }
        let after = &self.after;
        let Some(stand) = crate::eval::evaluate_pending(&self.pos, &self.weights, after) else {
            return BeforeUpkeep::SyncWith(None);
        };
        if stand >= beta || ply + 1 >= self.lists.len() || qply >= QUIESCE_PLIES {
            return BeforeUpkeep::Ends(stand);
        }
        let floor = self.delta_floor(alpha.max(stand), stand);
        if !most.is_some_and(|most| most == 0 || most <= floor)
            && (!self.captures_before_upkeep
                || self.no_capture_tried(after, floor, qply) != Some(true))
        {
            return BeforeUpkeep::SyncWith(Some(stand));
        }
        // The node would have polled here (a node limit stops at the same node).
        self.should_abort();
        BeforeUpkeep::Ends(stand)
    }

    /// Whether a pending quiescence node whose upkeep would give the sets
    /// `after` tries no capture: every capture it would consider (only those
    /// on the last move's square from `QUIESCE_RECAPTURES_FROM` plies on)
    /// takes `floor` or less (delta pruning) or loses the exchange, by the
    /// same static exchange evaluation on the attacks the upkeep will leave.
    /// None where a capture may not be a plain move
    /// (`Position::plain_captures_after`).
    fn no_capture_tried(&self, after: &AfterPending<C>, floor: i32, qply: usize) -> Option<bool> {
        let pos = &self.pos;
        let only_on = pos
            .last_move()
            .filter(|_| qply >= QUIESCE_RECAPTURES_FROM)
            .map(|last| last.to);
        pos.plain_captures_after(after, only_on, |attacker, sq| {
            let victim = pos.piece_at(sq).expect("a capture's victim");
            let taken = pos.exchange_value(victim);
            if taken <= floor {
                return true;
            }
            // `losing_capture` of a plain capture.
            if pos.exchange_value(attacker) <= taken {
                return false;
            }
            let all = pos.all_attackers_after(after, sq);
            see::exchange(pos, attacker, victim, |side| all & pos.pieces_of(side)) < 0
        })
    }

    /// Delta pruning's floor in a quiescence node: captures taking this much or
    /// less cannot lift `stand` to `alpha`. Never as high as a royal's worth:
    /// with a won mate in alpha (a null-window search at mate scores) the floor
    /// would pass every royal's value, and the capture of the last royal, which
    /// wins sooner than alpha's mate, was pruned. Taikyoku's two-thread search
    /// played into a royal capture four plies deep that way (tuning/README.md,
    /// thirtieth session).
    fn delta_floor(&self, alpha: i32, stand: i32) -> i32 {
        match self.delta_margin {
            Some(margin) => (alpha - stand - margin).min(ROYAL_VALUE / 2),
            None => i32::MIN,
        }
    }

    /// Whether the reply to capture `mv` would stand pat lazily (below) at
    /// once: the move's material and promotion leave the mover so far below
    /// `alpha` that the reply's lazy score passes its beta (`-alpha`). Worked
    /// out before the move is made; in taikyoku three quiescence nodes in four
    /// ended that way. Where quiescence probes the table first, the reply could
    /// also have ended on its entry (tai, taikyoku).
    pub(super) fn reply_stands_pat(&self, mv: Move, alpha: i32) -> bool {
        self.pos.capture_change(mv).is_some_and(|change| {
            crate::eval::evaluate_after(&self.pos, &self.weights, change)
                .is_some_and(|after| after + LAZY_MARGIN <= alpha)
        })
    }

    /// Whether `mv` takes the piece on `sq`.
    fn takes_on(&self, mv: Move, sq: Square) -> bool {
        if mv.to == sq || self.pos.is_plain(mv) {
            return mv.to == sq;
        }
        let mut hit = false;
        self.pos.visit_victims(mv, |s, _| hit |= s == sq);
        hit
    }

    /// Material a move takes: its victims' values, a royal counting as winning,
    /// less the friends a range capture removes.
    pub(super) fn gain(&self, mv: Move) -> i32 {
        let value = |id| self.pos.exchange_value(id);
        if self.pos.is_plain(mv) {
            return self.pos.piece_at(mv.to).map_or(0, value);
        }
        let us = self.pos.side_to_move();
        let mut sum = 0;
        self.pos.visit_victims(mv, |_, id| {
            let v = value(id);
            sum += if self.pos.piece(id).side == us { -v } else { v };
        });
        sum
    }

    /// For a capture that loses material, what it loses. Plain moves: static
    /// exchange evaluation on the attack maps. Lion moves, igui and range
    /// captures: the mover is lost if it lands (or stays) where the enemy attacks
    /// and is worth more than what it took.
    pub(super) fn losing_capture(&self, mv: Move, taken: i32) -> Option<i32> {
        if self.pos.is_plain(mv) {
            if !see::may_lose(&self.pos, mv) {
                return None;
            }
            let s = see::see(&self.pos, mv);
            return (s < 0).then_some(-s);
        }
        let value = self.pos.exchange_value(self.pos.piece_at(mv.from)?);
        let them = self.pos.side_to_move().flip();
        (taken < value && self.pos.is_attacked(mv.to, them)).then_some(value - taken)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Game;
    use crate::rules::Rules;
    use crate::search::tt::TranspositionTable;
    use crate::variants::dai::DAI;
    use std::sync::Arc;
    use std::sync::atomic::AtomicBool;

    /// Quiescence's recaptures: a lion's igui and its double capture take the
    /// piece on a square they do not end on; a plain capture elsewhere does not.
    #[test]
    fn takes_on_sees_the_victims_of_lion_moves() {
        let rules = Rules::get(&DAI);
        let sfen = "14k/15/15/15/15/15/7pp6/7(LN)7/15/15/15/15/15/15/K14 b - 1";
        let game = Game::<2>::new(rules, sfen).unwrap();
        let stop = AtomicBool::new(false);
        let s = Searcher::new(
            game.pos.clone(),
            Vec::new(),
            &stop,
            Arc::new(TranspositionTable::new(1)),
        );
        let pos = &game.pos;
        let sq = |t: &str| pos.parse_move(&format!("8h{t}")).unwrap().to;
        let (g8, g7) = (sq("8g"), sq("7g"));
        for (text, on_8g, on_7g) in [
            ("8h8g", true, false),
            ("8h7g", false, true),
            ("8h8g8h", true, false),
            ("8h8g7g", true, true),
            ("8h7g6h", false, true),
        ] {
            let mv = pos.parse_move(text).unwrap();
            assert_eq!(s.takes_on(mv, g8), on_8g, "{text} on 8g");
            assert_eq!(s.takes_on(mv, g7), on_7g, "{text} on 7g");
        }
    }
}
