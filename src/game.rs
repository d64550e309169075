//! A game: the position plus its history, and the rules that end it (royal capture,
//! repetition with the perpetual-check and pursuit rules, stalemate).

use crate::moves::Move;
use crate::position::Position;
use crate::rules::Rules;
use crate::search::{ATTACK, CHECK, MoveFacts, PASS};
use crate::types::Side;

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    Win { winner: Side, reason: &'static str },
    Draw { reason: &'static str },
}

#[derive(Clone)]
pub struct Game<const C: usize> {
    pub pos: Position<C>,
    start_sfen: String,
    moves: Vec<Move>,
    /// Hash of the position before each move and of the current one.
    keys: Vec<u64>,
    /// What each move did, for the repetition rules (as the search reads them).
    facts: Vec<MoveFacts>,
}

impl<const C: usize> Game<C> {
    pub fn new(rules: &'static Rules, sfen: &str) -> Result<Self, String> {
        let pos = Position::from_sfen(rules, sfen)?;
        Ok(Game {
            keys: vec![pos.hash()],
            start_sfen: pos.to_sfen(),
            pos,
            moves: Vec::new(),
            facts: Vec::new(),
        })
    }

    pub fn start_sfen(&self) -> &str {
        &self.start_sfen
    }

    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// Hashes of every position of the game so far, the current one last.
    pub fn keys(&self) -> &[u64] {
        &self.keys
    }

    /// Hashes of the positions before the current one: the game history a
    /// search from the current position checks repetitions against (the root
    /// itself is the searcher's own position).
    pub fn keys_before(&self) -> Vec<u64> {
        self.keys[..self.keys.len() - 1].to_vec()
    }

    /// For each move of the game, whether it gave check, whether the moved
    /// piece attacked an enemy and whether it was a pass (the perpetual check,
    /// pursuit and repeated-pass rules, judged in the search too).
    pub fn repetition_facts(&self) -> Vec<MoveFacts> {
        self.facts.clone()
    }

    /// Plays a legal move.
    pub fn play(&mut self, mv: Move) {
        let us = self.pos.side_to_move();
        self.pos.make(mv);
        let mover = self
            .pos
            .piece_at(mv.to)
            .expect("the mover stands on its destination");
        let attack = self.pos.attacks_an_enemy(mover);
        let mut facts = [false; 3];
        facts[CHECK] = self.pos.in_check(us.flip());
        facts[ATTACK] = attack;
        facts[PASS] = self.pos.last_move_passed();
        self.facts.push(facts);
        self.moves.push(mv);
        self.keys.push(self.pos.hash());
    }

    /// Parses and plays a move given as text.
    pub fn play_text(&mut self, text: &str) -> Result<Move, String> {
        if let Some(o) = self.outcome() {
            return Err(format!("the game is over ({})", describe(&o)));
        }
        let mv = self.pos.parse_move(text)?;
        self.play(mv);
        Ok(mv)
    }

    pub fn undo(&mut self) -> Option<Move> {
        let mv = self.moves.pop()?;
        self.pos.unmake();
        self.keys.pop();
        self.facts.pop();
        Some(mv)
    }

    /// How many times the current position has occurred with the same side to move.
    pub fn occurrences(&self) -> usize {
        let n = self.keys.len() - 1;
        let key = self.keys[n];
        (0..=n)
            .rev()
            .step_by(2)
            .filter(|&i| self.keys[i] == key)
            .count()
    }

    /// The result, if the game has ended.
    pub fn outcome(&self) -> Option<Outcome> {
        for side in Side::BOTH {
            if self.pos.royal_count(side) == 0 {
                return Some(Outcome::Win {
                    winner: side.flip(),
                    reason: "last royal captured",
                });
            }
        }
        if self.occurrences() >= 4 {
            return Some(self.repetition_outcome());
        }
        let mut list = Vec::new();
        self.pos.generate(&mut list);
        if list.is_empty() {
            return Some(Outcome::Win {
                winner: self.pos.side_to_move().flip(),
                reason: "stalemate (no legal move) loses",
            });
        }
        None
    }

    /// The fourth occurrence: judge the last cycle (JCSA chu shogi rule, seed 003).
    fn repetition_outcome(&self) -> Outcome {
        let n = self.keys.len() - 1;
        let key = self.keys[n];
        let prev = (0..n - 1)
            .rev()
            .step_by(2)
            .find(|&i| self.keys[i] == key)
            .expect("an earlier occurrence");
        let to_move_at = |i: usize| {
            // The side to move before move i.
            let now = self.pos.side_to_move();
            if (n - i).is_multiple_of(2) {
                now
            } else {
                now.flip()
            }
        };
        let all = |side: Side, fact: usize| {
            (prev..n)
                .filter(|&i| to_move_at(i) == side)
                .all(|i| self.facts[i][fact])
        };
        let loser = |fact: usize| match (all(Side::Black, fact), all(Side::White, fact)) {
            (true, false) => Some(Side::Black),
            (false, true) => Some(Side::White),
            _ => None,
        };
        if let Some(side) = loser(CHECK) {
            return Outcome::Win {
                winner: side.flip(),
                reason: "perpetual check: the checking side must deviate",
            };
        }
        if let Some(side) = loser(ATTACK) {
            return Outcome::Win {
                winner: side.flip(),
                reason: "perpetual pursuit: the attacking side must deviate",
            };
        }
        if (prev..n).all(|i| self.facts[i][PASS]) {
            return Outcome::Win {
                winner: to_move_at(prev).flip(),
                reason: "repeated passes: the side passing first must deviate",
            };
        }
        Outcome::Draw {
            reason: "fourfold repetition",
        }
    }
}

pub fn describe(o: &Outcome) -> String {
    match o {
        Outcome::Win { winner, reason } => {
            let w = match winner {
                Side::Black => "Black",
                Side::White => "White",
            };
            format!("{w} wins: {reason}")
        }
        Outcome::Draw { reason } => format!("draw: {reason}"),
    }
}
