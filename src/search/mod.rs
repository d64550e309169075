//! Alpha-beta search. It returns a legal move for every position that has one and
//! honours `stop` and every limit. The parts, a file each:
//! - `root`: iterative deepening, aspiration windows, MultiPV, what is reported;
//! - `stability`: how much of a clock's share a move's iterations may take;
//! - `negamax`: principal variation search with the shared transposition table
//!   (`tt`), reverse futility and null-move pruning, singular extension and
//!   multi-cut (`singular`), late-move reductions, and Lazy SMP's deferral of
//!   moves another thread is searching (`busy`, `lead`);
//! - `quiesce`: captures from the horizon on (depth-capped, recaptures only past
//!   its third ply, delta-pruned where the variant keeps it, losing exchanges
//!   skipped);
//! - `ordering`, `stages`, `picker`, `victim_first`, `range_gain`, `see`: the
//!   move order (table move, captures by static exchange, killers, history);
//! - `repetition`: repetitions judged on the search path and the game before it.
//!
//! This file holds the searcher's state and its set-up, and the node budget.

mod busy;
pub mod history;
pub mod killers;
pub mod lead;
pub mod limits;
mod negamax;
mod ordering;
mod picker;
mod quiesce;
mod range_gain;
mod repetition;
mod root;
pub mod see;
mod singular;
mod stability;
mod stages;
pub mod tt;
mod victim_first;

use crate::moves::Move;
use crate::position::Position;
pub use busy::Busy;
pub use history::QuietHistory;
pub use killers::Killers;
use lead::Lead;
pub use limits::{Limits, MAX_DEPTH, MAX_HORIZON};
use negamax::{RFP_DEPTH, RFP_OFF};
use ordering::{KILLER_KEY, losing_key};
use quiesce::{DELTA_MARGIN, QuiesceCapture, delta_pruned};
use range_gain::RangeGains;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};
pub use tt::Bound;
use tt::TranspositionTable;

pub const MATE: i32 = 1_000_000;
const INF: i32 = MATE + 1;
/// Scores beyond this are wins or losses by royal capture.
pub const MATE_BOUND: i32 = MATE - 1000;
/// A repetition lost by the side giving perpetual check, pursuing or passing
/// first: decisive, but not a royal capture (it is scored in centipawns).
pub const PERPETUAL_SCORE: i32 = 50_000;
/// What the repetition rules ask of a move (`Searcher::move_fact`), indexed by
/// `CHECK`, `ATTACK` and `PASS`.
pub type MoveFacts = [bool; 3];
pub const CHECK: usize = 0;
pub const ATTACK: usize = 1;
pub const PASS: usize = 2;

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

/// One completed iteration (or one line of it under MultiPV, or a failed
/// aspiration search), for `info` lines; its moves are `M`s (the protocol's
/// reports hold them as text).
pub struct Iteration<'a, M = Move> {
    pub depth: u32,
    pub seldepth: u32,
    pub score: i32,
    /// `Exact`, or which side of the true score `score` is after an aspiration
    /// window failed (the search is repeated with a wider one).
    pub bound: Bound,
    /// 1 for the best line, 2 for the second best, ... (MultiPV).
    pub multipv: usize,
    /// Lines searched per iteration (the `MultiPV` in force).
    pub lines: usize,
    pub nodes: u64,
    pub elapsed: Duration,
    /// Permille of the transposition table written by this search.
    pub hashfull: u32,
    pub pv: &'a [M],
}

impl<M> Iteration<'_, M> {
    /// The same iteration with its line given as `pv`.
    pub fn with_pv<'b, N>(&self, pv: &'b [N]) -> Iteration<'b, N> {
        Iteration {
            depth: self.depth,
            seldepth: self.seldepth,
            score: self.score,
            bound: self.bound,
            multipv: self.multipv,
            lines: self.lines,
            nodes: self.nodes,
            elapsed: self.elapsed,
            hashfull: self.hashfull,
            pv,
        }
    }
}

pub struct Searcher<'a, const C: usize> {
    pos: Position<C>,
    /// The root moves this search may play (`searchmoves`), and those already
    /// taken by better MultiPV lines of this iteration.
    root_moves: Vec<Move>,
    root_excluded: Vec<Move>,
    /// While set by the protocol (`go ponder`), no time limit applies; clearing
    /// it (`ponderhit`) starts the clock.
    pondering: Option<&'a AtomicBool>,
    ponder_seen: bool,
    /// Hashes of the game before the root (repetition inside the search).
    history: Vec<u64>,
    stop: &'a AtomicBool,
    start: Instant,
    /// No new iteration is started after this (`Limits::budget_over`): half a
    /// clock's share, but the whole byoyomi and the whole move time under
    /// `movetime` (a cut-short iteration still gives its better root move,
    /// `keep_cut_short`).
    deepen_until: Option<Duration>,
    /// The part of `deepen_until` that is not scaled (`Limits::fixed_time`),
    /// and the percent the rest counts at (`stability`).
    deepen_fixed: Duration,
    deepen_pct: u32,
    stability: stability::Stability,
    hard: Option<Duration>,
    max_nodes: u64,
    nodes: u64,
    /// Node count at which the stop flag and clock are next read.
    next_poll: u64,
    seldepth: u32,
    aborted: bool,
    lists: Vec<Vec<Move>>,
    /// Per ply, the node's staged moves (`stages`).
    node_moves: Vec<stages::NodeMoves<C>>,
    /// Per ply, quiescence's captures with their order keys.
    qmoves: Vec<Vec<(i32, QuiesceCapture)>>,
    pv: Vec<Vec<Move>>,
    /// The score of `pv[0]`'s first move, the best root move searched to the end
    /// in the current iteration (what a cut-short iteration leaves).
    root_score: i32,
    tt: Arc<TranspositionTable>,
    /// Nodes of every thread of a Lazy-SMP search, flushed every 1024 nodes.
    shared_nodes: Option<Arc<AtomicU64>>,
    flushed: u64,
    /// First depth of the iterative deepening (helper threads start deeper).
    first_depth: u32,
    /// Lazy SMP: the threads' depths and the helpers' deepest result (`Lead`),
    /// and whether this is the main thread.
    lead: Option<(Arc<Lead>, bool)>,
    /// The main thread's iteration was cut short because a helper completed
    /// one at least as deep.
    overtaken: bool,
    /// Lazy SMP: the moves the threads are searching (none with one thread).
    busy: Option<&'a Busy>,
    /// Per ply, two quiet moves that last caused a cutoff there; shared by a
    /// Lazy-SMP search's threads.
    killers: Arc<Killers>,
    /// Per ply, the move a singular-extension test leaves out there (`singular`).
    excluded: Vec<Option<Move>>,
    /// The depth of the iteration being searched (extensions stop at twice it).
    root_depth: i32,
    /// Per (form, destination), how often a quiet move there caused a cutoff,
    /// weighted by depth; shared by a Lazy-SMP search's threads.
    quiet_history: Arc<QuietHistory>,
    /// Room for one piece's moves (checking the table's move), or for the
    /// captures taking the best victims (`taking_first`).
    scratch: Vec<Move>,
    /// Room for one range piece's summed lines (`range_gains`), lent out while
    /// a move list is scored.
    range_lines: Option<Box<RangeGains>>,
    /// Told each root move as it is searched (`info currmove`).
    currmove: Option<CurrMoveListener<'a>>,
    weights: crate::eval::Weights,
    /// Reverse futility pruning's depth limit in this variant (0: none, `RFP_OFF`).
    rfp_depth: i32,
    /// Late-move pruning (`negamax::LMP_MOVES`): on in every variant; off
    /// only where a test compares the search without it.
    lmp: bool,
    /// Futility pruning of quiet moves (`negamax::FUTILITY_ON`).
    futility: bool,
    /// The singular extension's depth limit in this variant (`SINGULAR_OFF`:
    /// never reached).
    singular_depth: i32,
    /// Late-move reductions in this variant (`negamax::lmr_table`).
    lmr: &'static negamax::LmrTable,
    /// Quiescence's delta-pruning margin in this variant (none: `delta_pruned`).
    delta_margin: Option<i32>,
    /// Quiescence works out whether a capture's reply stands pat before making
    /// it (`quiesce::ASK_BEFORE_CAPTURE`).
    ask_before_capture: bool,
    /// Whether quiescence ends pending nodes before their upkeep where it can
    /// (`quiesce::END_BEFORE_UPKEEP`).
    end_before_upkeep: bool,
    /// Whether they also ask if every capture would be skipped
    /// (`quiesce::CAPTURES_BEFORE_UPKEEP`).
    captures_before_upkeep: bool,
    /// The sets a pending quiescence node's upkeep will give, worked out
    /// before it (`quiesce::without_upkeep`) and kept for `sync_with`.
    after: crate::position::AfterPending<C>,
    /// The same at depth-1 nodes (`negamax::ASK_AT_THE_HORIZON`).
    ask_at_the_horizon: bool,
    /// Per ply of the search path, the facts of the move that led there (`CHECK`:
    /// the side to move is in check; `ATTACK`: the moved piece attacks one of its
    /// pieces; `PASS`: the move was a pass); per move of the game before the
    /// root, the same.
    path_facts: Vec<MoveFacts>,
    game_facts: Vec<MoveFacts>,
}

/// Receives (move, its number in the root order from 1, depth).
pub type CurrMoveListener<'a> = Box<dyn FnMut(Move, usize, u32) + 'a>;

/// The stop flag and the clock are read once `POLL_NODES` nodes have passed
/// since the last reading: every 1024 let a taikyoku search (20-40 k nodes/s)
/// overrun `stop` by 50-100 ms. (A count, not a node-number mask: nodes that
/// return on a stand-pat never ask, so a mask could be missed for long runs.)
const POLL_NODES: u64 = 128;

impl<'a, const C: usize> Searcher<'a, C> {
    pub fn new(
        pos: Position<C>,
        history: Vec<u64>,
        stop: &'a AtomicBool,
        tt: Arc<TranspositionTable>,
    ) -> Self {
        let quiet_history = Arc::new(QuietHistory::for_rules(pos.rules));
        Self::sharing(pos, history, stop, tt, quiet_history, Arc::default())
    }

    /// `new` with the quiet-move history and the killers given, not made: the
    /// tables the threads of a Lazy-SMP search share, the history being the
    /// one an earlier search of the same game left (halved by its keeper,
    /// `KeptHistory`), where a search starting from nothing orders its first
    /// iterations' quiet moves blind. A history of another board is ignored
    /// (an empty one is made).
    pub fn sharing(
        pos: Position<C>,
        history: Vec<u64>,
        stop: &'a AtomicBool,
        tt: Arc<TranspositionTable>,
        quiet_history: Arc<QuietHistory>,
        killers: Arc<Killers>,
    ) -> Self {
        let quiet_history = if quiet_history.fits(pos.rules) {
            quiet_history
        } else {
            Arc::new(QuietHistory::for_rules(pos.rules))
        };
        let mut pos = pos;
        pos.track_mobility();
        Searcher {
            root_moves: Vec::new(),
            root_excluded: Vec::new(),
            pondering: None,
            ponder_seen: false,
            tt,
            shared_nodes: None,
            flushed: 0,
            first_depth: 1,
            lead: None,
            overtaken: false,
            root_score: -INF,
            busy: None,
            killers,
            excluded: vec![None; MAX_DEPTH as usize + 65],
            root_depth: 0,
            quiet_history,
            scratch: Vec::with_capacity(256),
            range_lines: Some(Box::default()),
            currmove: None,
            weights: crate::eval::Weights::default().for_variant(pos.rules.def.name),
            rfp_depth: if RFP_OFF.contains(&pos.rules.def.name) {
                0
            } else {
                RFP_DEPTH
            },
            lmp: true,
            futility: negamax::FUTILITY_ON.contains(&pos.rules.def.name),
            singular_depth: if singular::SINGULAR_OFF.contains(&pos.rules.def.name) {
                i32::MAX
            } else {
                singular::SINGULAR_DEPTH
            },
            lmr: negamax::lmr_table(pos.rules.def.name),
            delta_margin: delta_pruned(pos.rules).then_some(DELTA_MARGIN),
            ask_before_capture: quiesce::ASK_BEFORE_CAPTURE.contains(&pos.rules.def.name),
            end_before_upkeep: quiesce::END_BEFORE_UPKEEP.contains(&pos.rules.def.name),
            after: Default::default(),
            captures_before_upkeep: quiesce::CAPTURES_BEFORE_UPKEEP.contains(&pos.rules.def.name),
            ask_at_the_horizon: negamax::ASK_AT_THE_HORIZON.contains(&pos.rules.def.name),
            path_facts: vec![[false; 3]; MAX_DEPTH as usize + 65],
            game_facts: Vec::new(),
            pos,
            history,
            stop,
            start: Instant::now(),
            deepen_until: None,
            deepen_fixed: Duration::ZERO,
            deepen_pct: 100,
            stability: stability::Stability::default(),
            hard: None,
            max_nodes: u64::MAX,
            nodes: 0,
            next_poll: 0,
            seldepth: 0,
            aborted: false,
            lists: (0..=MAX_DEPTH as usize + 64)
                .map(|_| Vec::with_capacity(256))
                .collect(),
            pv: vec![Vec::new(); MAX_DEPTH as usize + 65],
            qmoves: vec![Vec::new(); MAX_DEPTH as usize + 65],
            node_moves: (0..MAX_DEPTH as usize + 65)
                .map(|_| Default::default())
                .collect(),
        }
    }

    /// Counts this searcher's nodes into `counter` too (Lazy SMP: `info` lines show
    /// every thread's nodes).
    pub fn with_node_counter(mut self, counter: Arc<AtomicU64>) -> Self {
        self.shared_nodes = Some(counter);
        self
    }

    /// Tells `listen` each root move as it is searched (after the first second).
    pub fn with_currmove(mut self, listen: CurrMoveListener<'a>) -> Self {
        self.currmove = Some(listen);
        self
    }

    /// For each move of the game before the root, whether it gave check, whether
    /// the moved piece attacked an enemy and whether it was a pass
    /// (`Game::repetition_facts`: the perpetual check, pursuit and repeated-pass
    /// rules; without them only the search path is judged).
    pub fn with_game_facts(mut self, facts: Vec<MoveFacts>) -> Self {
        self.game_facts = facts;
        self
    }

    /// Evaluates with these weights instead of the defaults (as they apply in
    /// the position's variant, `Weights::for_variant`).
    pub fn with_weights(mut self, weights: crate::eval::Weights) -> Self {
        self.weights = weights.for_variant(self.pos.rules.def.name);
        self
    }

    /// The quiet-move history this searcher uses.
    pub fn quiet_history(&self) -> Arc<QuietHistory> {
        self.quiet_history.clone()
    }

    /// The killers this searcher uses.
    pub fn killers(&self) -> Arc<Killers> {
        self.killers.clone()
    }

    /// Ponders while `flag` is set (see the field).
    pub fn with_ponder(mut self, flag: &'a AtomicBool) -> Self {
        self.pondering = Some(flag);
        self
    }

    /// Whether the search is pondering; the clock restarts when it stops.
    fn pondering(&mut self) -> bool {
        let now = self.pondering.is_some_and(|f| f.load(Ordering::Relaxed));
        if self.ponder_seen && !now {
            self.start = Instant::now();
        }
        self.ponder_seen = now;
        now
    }

    /// Starts the iterative deepening at `depth` (helper threads: variety).
    pub fn with_first_depth(mut self, depth: u32) -> Self {
        self.first_depth = depth.max(1);
        self
    }

    /// Lazy SMP: shares with the other threads which moves each is searching.
    pub fn with_busy(mut self, busy: &'a Busy) -> Self {
        self.busy = Some(busy);
        self
    }

    /// Lazy SMP: publishes this (main) thread's depth in `lead` and takes over
    /// the helpers' deeper results, or (helper) keeps ahead of it and posts them.
    pub fn with_lead(mut self, lead: Arc<Lead>, main: bool) -> Self {
        self.lead = Some((lead, main));
        self
    }

    /// Nodes searched: every thread's when counting together.
    fn total_nodes(&self) -> u64 {
        match &self.shared_nodes {
            Some(c) => c.load(Ordering::Relaxed) + self.nodes - self.flushed,
            None => self.nodes,
        }
    }

    /// Whether the position is quiet (quiescence from it, with the whole
    /// window, finds nothing better than its static score), and that score
    /// from Black's point of view (the tuner's samples, `tools::tune`).
    pub fn quiet_evaluation(&mut self) -> (bool, i32) {
        self.pos.sync();
        let stand = crate::eval::evaluate(&self.pos, &self.weights);
        let quiet = self.quiesce(0, 0, -INF, INF) == stand;
        let black = match self.pos.side_to_move() {
            crate::types::Side::Black => stand,
            crate::types::Side::White => -stand,
        };
        (quiet, black)
    }

    /// Whether the last `run` was cut short by `stop`, a node or a time limit.
    pub fn aborted(&self) -> bool {
        self.aborted
    }

    fn should_abort(&mut self) -> bool {
        if self.aborted {
            return true;
        }
        if self.nodes >= self.max_nodes {
            self.aborted = true;
        } else if self.nodes >= self.next_poll {
            self.next_poll = self.nodes + POLL_NODES;
            self.flush_nodes();
            if self.stop.load(Ordering::Relaxed) {
                self.aborted = true;
            } else if let Some((lead, true)) = &self.lead
                && lead.main_overtaken()
            {
                // A helper completed this depth: this iteration's work is in
                // the table, and the main thread moves on (`run`).
                (self.aborted, self.overtaken) = (true, true);
            } else if !self.pondering()
                && let Some(hard) = self.hard
                && self.start.elapsed() >= hard
            {
                self.aborted = true;
            }
        }
        self.aborted
    }

    fn flush_nodes(&mut self) {
        if let Some(c) = &self.shared_nodes {
            c.fetch_add(self.nodes - self.flushed, Ordering::Relaxed);
            self.flushed = self.nodes;
        }
    }
}

#[cfg(test)]
mod tests;
