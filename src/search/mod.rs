//! A first alpha-beta search: iterative deepening, quiescence on captures, material
//! evaluation, capture-first move ordering. It returns a legal move for every
//! position that has one and honours `stop` and every limit. (The full search with
//! transposition table and Lazy SMP is the strength work's.)

pub mod limits;

use crate::moves::Move;
use crate::position::Position;
pub use limits::{Limits, MAX_DEPTH};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

pub const MATE: i32 = 1_000_000;
const INF: i32 = MATE + 1;
/// Scores beyond this are wins or losses by royal capture.
pub const MATE_BOUND: i32 = MATE - 1000;

/// For a win or loss by royal capture, the plies to it: positive when the side to
/// move wins, negative when it loses.
pub fn mate_plies(score: i32) -> Option<i32> {
    if score > MATE_BOUND {
        Some(MATE - score)
    } else if score < -MATE_BOUND {
        Some(-(MATE + score))
    } else {
        None
    }
}

#[derive(Clone, Debug, Default)]
pub struct SearchResult {
    pub best: Option<Move>,
    pub score: i32,
    pub depth: u32,
    pub nodes: u64,
    pub pv: Vec<Move>,
}

/// One completed iteration, for `info` lines.
pub struct Iteration<'a> {
    pub depth: u32,
    pub seldepth: u32,
    pub score: i32,
    pub nodes: u64,
    pub elapsed: Duration,
    pub pv: &'a [Move],
}

pub struct Searcher<'a, const C: usize> {
    pos: Position<C>,
    /// Hashes of the game before the root (repetition inside the search).
    history: Vec<u64>,
    stop: &'a AtomicBool,
    start: Instant,
    soft: Option<Duration>,
    hard: Option<Duration>,
    max_nodes: u64,
    nodes: u64,
    seldepth: u32,
    aborted: bool,
    lists: Vec<Vec<Move>>,
    pv: Vec<Vec<Move>>,
    prev_pv: Vec<Move>,
}

/// Deepest quiescence below the horizon.
const QUIESCE_PLIES: usize = 8;
/// Delta-pruning margin: what positional terms may add to a capture's material.
const DELTA_MARGIN: i32 = 200;

impl<'a, const C: usize> Searcher<'a, C> {
    pub fn new(pos: Position<C>, history: Vec<u64>, stop: &'a AtomicBool) -> Self {
        Searcher {
            pos,
            history,
            stop,
            start: Instant::now(),
            soft: None,
            hard: None,
            max_nodes: u64::MAX,
            nodes: 0,
            seldepth: 0,
            aborted: false,
            lists: (0..=MAX_DEPTH as usize + 64)
                .map(|_| Vec::with_capacity(256))
                .collect(),
            pv: vec![Vec::new(); MAX_DEPTH as usize + 65],
            prev_pv: Vec::new(),
        }
    }

    /// Iterative deepening; `report` gets every completed iteration.
    pub fn run(&mut self, limits: &Limits, report: &mut dyn FnMut(&Iteration)) -> SearchResult {
        self.start = Instant::now();
        if let Some((soft, hard)) = limits.budget() {
            self.soft = Some(soft);
            self.hard = Some(hard);
        }
        self.max_nodes = limits.nodes.unwrap_or(u64::MAX);
        let max_depth = limits.depth.unwrap_or(MAX_DEPTH).clamp(1, MAX_DEPTH);
        let mut root = Vec::new();
        if !crate::perft::game_over(&self.pos) {
            self.pos.generate(&mut root);
        }
        let mut result = SearchResult {
            best: root.first().copied(),
            ..Default::default()
        };
        if root.is_empty() {
            return result;
        }
        for depth in 1..=max_depth {
            self.seldepth = 0;
            let score = self.negamax(depth as i32, 0, -INF, INF);
            if self.aborted && depth > 1 {
                break;
            }
            let pv = self.pv[0].clone();
            if let Some(&best) = pv.first() {
                result = SearchResult {
                    best: Some(best),
                    score,
                    depth,
                    nodes: self.nodes,
                    pv: pv.clone(),
                };
            }
            report(&Iteration {
                depth,
                seldepth: self.seldepth.max(depth),
                score,
                nodes: self.nodes,
                elapsed: self.start.elapsed(),
                pv: &pv,
            });
            self.prev_pv = pv;
            if self.aborted || score.abs() > MATE_BOUND {
                break;
            }
            if let Some(soft) = self.soft
                && self.start.elapsed() >= soft / 2
            {
                break;
            }
        }
        result.nodes = self.nodes;
        result
    }

    fn should_abort(&mut self) -> bool {
        if self.aborted {
            return true;
        }
        if self.nodes >= self.max_nodes {
            self.aborted = true;
        } else if self.nodes & 1023 == 0 {
            if self.stop.load(Ordering::Relaxed) {
                self.aborted = true;
            } else if let Some(hard) = self.hard
                && self.start.elapsed() >= hard
            {
                self.aborted = true;
            }
        }
        self.aborted
    }

    fn is_repetition(&self, ply: usize) -> bool {
        let key = self.pos.hash();
        // Positions with the same side to move: 2, 4, ... plies back, first on the
        // search path, then in the game.
        let path_len = ply;
        let mut back = 2;
        while back <= path_len + self.history.len() {
            let k = if back <= path_len {
                self.pos.key_back(back)
            } else {
                let i = self.history.len() + path_len - back;
                self.history[i]
            };
            if k == key {
                return true;
            }
            back += 2;
        }
        false
    }

    fn negamax(&mut self, depth: i32, ply: usize, mut alpha: i32, beta: i32) -> i32 {
        self.pv[ply].clear();
        if self.pos.royal_count(self.pos.side_to_move()) == 0 {
            return -(MATE - ply as i32);
        }
        if ply > 0 && self.is_repetition(ply) {
            return 0;
        }
        if depth <= 0 {
            return self.quiesce(ply, 0, alpha, beta);
        }
        self.nodes += 1;
        if ply > 0 && self.should_abort() {
            return 0;
        }
        let mut list = std::mem::take(&mut self.lists[ply]);
        list.clear();
        self.pos.generate(&mut list);
        if list.is_empty() {
            self.lists[ply] = list;
            return -(MATE - ply as i32); // stalemate loses
        }
        self.order(&mut list, ply);
        let mut best = -INF;
        for &mv in list.iter() {
            self.pos.make(mv);
            let score = -self.negamax(depth - 1, ply + 1, -beta, -alpha);
            self.pos.unmake();
            if self.aborted {
                break;
            }
            if score > best {
                best = score;
                if score > alpha {
                    alpha = score;
                    let (head, tail) = self.pv.split_at_mut(ply + 1);
                    head[ply].clear();
                    head[ply].push(mv);
                    head[ply].extend_from_slice(&tail[0]);
                }
                if score >= beta {
                    break;
                }
            }
        }
        self.lists[ply] = list;
        best
    }

    /// Captures only, from the horizon on (`qply` plies into it).
    fn quiesce(&mut self, ply: usize, qply: usize, mut alpha: i32, beta: i32) -> i32 {
        self.nodes += 1;
        self.seldepth = self.seldepth.max(ply as u32);
        self.pv[ply].clear();
        if self.pos.royal_count(self.pos.side_to_move()) == 0 {
            return -(MATE - ply as i32);
        }
        let stand = crate::eval::evaluate(&self.pos);
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
        self.pos.generate_captures(&mut list);
        self.order(&mut list, usize::MAX);
        let mut best = stand;
        for &mv in list.iter() {
            // Delta pruning: a capture that cannot lift the score to alpha even
            // with a margin is not tried (royals count as winning).
            if stand + self.gain(mv) + DELTA_MARGIN <= alpha {
                continue;
            }
            self.pos.make(mv);
            let score = -self.quiesce(ply + 1, qply + 1, -beta, -alpha);
            self.pos.unmake();
            if self.aborted {
                break;
            }
            if score > best {
                best = score;
                if score > alpha {
                    alpha = score;
                }
                if score >= beta {
                    break;
                }
            }
        }
        self.lists[ply] = list;
        best
    }

    /// Material a move takes: its victims' values, a royal counting as winning,
    /// less the friends a range capture removes.
    fn gain(&self, mv: Move) -> i32 {
        let us = self.pos.side_to_move();
        (self.pos.victims(mv).iter())
            .map(|&s| {
                let id = self.pos.piece_at(s).unwrap();
                let f = self.pos.form(id);
                let v = if f.royal() { 100_000 } else { f.value() };
                if self.pos.piece(id).side == us { -v } else { v }
            })
            .sum()
    }

    /// Previous iteration's PV move first, then captures by victim value (most
    /// valuable first, cheapest attacker first), then promotions, then the rest.
    fn order(&self, list: &mut [Move], ply: usize) {
        let pv_move = self.prev_pv.get(ply).copied();
        let on_pv = ply != usize::MAX
            && (0..ply).all(|i| self.prev_pv.get(i).copied() == self.pos.line_move(ply - i));
        let key = |mv: &Move| -> i32 {
            if on_pv && Some(*mv) == pv_move {
                return i32::MIN;
            }
            let victims = self.gain(*mv);
            let attacker = self.pos.form(self.pos.piece_at(mv.from).unwrap()).value();
            let promo = if mv.promotes() { 50 } else { 0 };
            -(victims * 16 - if victims > 0 { attacker / 8 } else { 0 } + promo)
        };
        list.sort_by_cached_key(key);
    }
}
