//! Repetitions inside the search, judged as the rules judge them: perpetual
//! check, perpetual pursuit and repeated passes lose; other repetitions draw
//! (scored by the `Contempt` setting, 0 by default).

use super::{ATTACK, CHECK, MoveFacts, PASS, PERPETUAL_SCORE, Searcher};
use crate::moves::Move;

impl<'a, const C: usize> Searcher<'a, C> {
    /// The score of a repetition, if this position repeats one `back` plies
    /// earlier (2, 4, ... plies back, first on the search path, then in the game).
    /// The search takes the first repetition for the fourth the rules need, and
    /// judges its cycle as they do: a side that gave check with every one of its
    /// moves in it (and the other side not) loses; else one that attacked an enemy
    /// piece with every move (perpetual pursuit); else, when every move of the
    /// cycle was a pass, the side that began the run of passes; else it is a
    /// draw.
    pub(super) fn repetition(&mut self, ply: usize) -> Option<i32> {
        let key = self.pos.hash();
        let path_len = ply;
        // No position before the last capture comes back (the pieces only
        // grow fewer): the walk stops there, not at the game's start, which in
        // a long game was hundreds of keys at every node.
        let reach = (path_len + self.history.len()).min(self.pos.quiet_plies() as usize);
        let mut back = 2;
        while back <= reach {
            let k = if back <= path_len {
                self.pos.key_back(back)
            } else {
                let i = self.history.len() + path_len - back;
                self.history[i]
            };
            if k == key {
                // The facts of the last move read its attacks.
                self.pos.sync();
                for fact in [CHECK, ATTACK] {
                    let them = (1..back).step_by(2).all(|k| self.move_fact(ply, k, fact));
                    let us = (2..=back).step_by(2).all(|k| self.move_fact(ply, k, fact));
                    match (them, us) {
                        (true, false) => return Some(PERPETUAL_SCORE),
                        (false, true) => return Some(-PERPETUAL_SCORE),
                        _ => {}
                    }
                }
                if (1..=back).all(|k| self.move_fact(ply, k, PASS)) {
                    // The position before the first pass of the run is the
                    // one that occurs a fourth time first, so its mover is the
                    // side the rules find passing first in the judged cycle.
                    let mut first = back;
                    while self.move_fact(ply, first + 1, PASS) {
                        first += 1;
                    }
                    let us_first = first % 2 == 0;
                    return Some(if us_first {
                        -PERPETUAL_SCORE
                    } else {
                        PERPETUAL_SCORE
                    });
                }
                return Some(self.draw_score(ply));
            }
            back += 2;
        }
        None
    }

    /// A draw's score for the side to move at `ply`: `Contempt` below equal
    /// for the side the search is for (to move at even plies), as much above
    /// for its opponent.
    fn draw_score(&self, ply: usize) -> i32 {
        let contempt = self.weights.contempt;
        if ply.is_multiple_of(2) {
            -contempt
        } else {
            contempt
        }
    }

    /// Whether the move `k` plies before the node at `ply` gave check (`CHECK`) or
    /// left the moved piece attacking an enemy (`ATTACK`). The node's own facts
    /// (`k = 1`) are found here: only nodes with children record theirs.
    fn move_fact(&self, ply: usize, k: usize, fact: usize) -> bool {
        if k == 1 && ply > 0 {
            return self.last_move_facts()[fact];
        }
        if k <= ply {
            return self.path_facts[ply + 1 - k][fact];
        }
        let moves = self.game_facts.len();
        (moves.checked_sub(k - ply)).is_some_and(|i| self.game_facts[i][fact])
    }

    /// The facts of the move that led to this node (see `move_fact`).
    pub(super) fn last_move_facts(&self) -> MoveFacts {
        let attack = match self.pos.last_move() {
            Some(mv) if mv != Move::NULL => {
                (self.pos.piece_at(mv.to)).is_some_and(|id| self.pos.attacks_an_enemy(id))
            }
            _ => false,
        };
        [
            self.pos.in_check(self.pos.side_to_move()),
            attack,
            self.pos.last_move_passed(),
        ]
    }
}
