//! Alpha-beta search: iterative deepening, principal variation search with a shared
//! transposition table, null-move pruning, killer and history move ordering,
//! late-move reductions (of late quiet moves and of captures losing the exchange),
//! quiescence on captures (depth-capped, recaptures only past its third ply,
//! delta-pruned, losing exchanges skipped), static exchange evaluation in the move
//! order. It returns a
//! legal move for every position that has one and honours `stop` and every limit.

mod busy;
pub mod lead;
pub mod limits;
mod picker;
mod range_gain;
pub mod see;
mod stages;
pub mod tt;
mod victim_first;

use crate::board::{NO_SQUARE, Square};
use crate::moves::Move;
use crate::position::Position;
use crate::position::leap_table::Motion;
use crate::types::PieceId;
use arrayvec::ArrayVec;
pub use busy::Busy;
use lead::Lead;
pub use limits::{Limits, MAX_DEPTH};
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
    /// No new iteration is started after this: half the soft limit on a clock,
    /// the whole move time under `movetime` (a cut-short iteration still gives
    /// its better root move, `keep_cut_short`).
    deepen_until: Option<Duration>,
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
    /// Per ply, two quiet moves that last caused a cutoff there.
    killers: Vec<[Move; 2]>,
    /// Per (form, destination), how often a quiet move there caused a cutoff,
    /// weighted by depth.
    quiet_history: Vec<i32>,
    /// Room for one piece's moves (checking the table's move).
    scratch: Vec<Move>,
    /// Room for one range piece's summed lines (`range_gains`), lent out while
    /// a move list is scored.
    range_lines: Option<Box<RangeGains>>,
    /// Told each root move as it is searched (`info currmove`).
    currmove: Option<CurrMoveListener<'a>>,
    weights: crate::eval::Weights,
    /// Reverse futility pruning's depth limit in this variant (0: none, `RFP_OFF`).
    rfp_depth: i32,
    /// Quiescence's delta-pruning margin in this variant (none: `delta_pruned`).
    delta_margin: Option<i32>,
    /// Per ply of the search path, the facts of the move that led there (`CHECK`:
    /// the side to move is in check; `ATTACK`: the moved piece attacks one of its
    /// pieces; `PASS`: the move was a pass); per move of the game before the
    /// root, the same.
    path_facts: Vec<MoveFacts>,
    game_facts: Vec<MoveFacts>,
}

/// Receives (move, its number in the root order from 1, depth).
pub type CurrMoveListener<'a> = Box<dyn FnMut(Move, usize, u32) + 'a>;

/// Root moves are announced only after this long (USI GUIs show them for long
/// searches; a flood of them in short ones helps no one).
const CURRMOVE_AFTER: Duration = Duration::from_secs(1);

/// The stop flag and the clock are read once `POLL_NODES` nodes have passed
/// since the last reading: every 1024 let a taikyoku search (20-40 k nodes/s)
/// overrun `stop` by 50-100 ms. (A count, not a node-number mask: nodes that
/// return on a stand-pat never ask, so a mask could be missed for long runs.)
const POLL_NODES: u64 = 128;

/// Null-move pruning: from this depth, reduced by `NULL_MOVE_R` (plus a ply per six).
const NULL_MOVE_DEPTH: i32 = 3;
const NULL_MOVE_R: i32 = 2;
/// Reverse futility pruning: up to this depth, with `RFP_MARGIN` centipawns a ply.
const RFP_DEPTH: i32 = 3;
const RFP_MARGIN: i32 = 150;
/// Variants searched without reverse futility pruning. Taikyoku: a static score
/// there misses the whole lines a range capture takes next; with the pruning the
/// engine scored +17 -23 against itself without, and 67.5 % against the 1-ply
/// baseline where it had scored 82.5 % (tuning/README.md, eleventh session).
const RFP_OFF: &[&str] = &["taikyoku"];
/// Moves before this index are never reduced.
const LMR_FROM_MOVE: usize = 3;
/// Late-move reduction of the `i`-th move at `depth`: ln(depth) * ln(i) divided
/// by this, at least one ply, leaving at least one. The large boards have
/// hundreds of quiet moves a node; most deserve a glance only.
const LMR_DIVISOR: f64 = 2.25;

const LMR_DEPTHS: usize = 64;
const LMR_MOVES: usize = 256;

/// The reduction of a late quiet move (see `LMR_DIVISOR`).
fn lmr_reduction(depth: i32, i: usize) -> i32 {
    let r = (depth as f64).ln() * (i as f64).ln() / LMR_DIVISOR;
    (r.round() as i32).clamp(1, (depth - 2).max(1))
}

/// `lmr_reduction` tabulated by depth and move index, built once per process.
fn lmr_table() -> &'static [[i32; LMR_MOVES]] {
    static TABLE: std::sync::OnceLock<Vec<[i32; LMR_MOVES]>> = std::sync::OnceLock::new();
    TABLE.get_or_init(|| {
        (0..LMR_DEPTHS as i32)
            .map(|d| std::array::from_fn(|i| lmr_reduction(d.max(1), i.max(1))))
            .collect()
    })
}
/// History scores are halved when one passes this.
const HISTORY_MAX: i32 = 1 << 20;
/// Order keys: captures and promotions before killers, then captures that lose
/// the exchange, then the quiet moves by history (capped below those).
const CAPTURES_FIRST: i32 = 1 << 24;
const KILLER_KEY: i32 = 1 << 22;
const BAD_CAPTURE_KEY: i32 = 3 << 20;
/// Losses beyond this order alike.
const LOSS_CAP: i32 = 1 << 19;
const HISTORY_CAP: i32 = (1 << 21) - 1;
/// A range piece's lines are summed once (`RangeGains`) when it has at least
/// this many moves in a list; fewer are cheaper walked one by one.
const RANGE_SUM_FROM: usize = 3;

/// Aspiration windows: from this depth, first searched within this many
/// centipawns of the last score, doubled on each failure; past the maximum the
/// window is open.
const ASPIRATION_DEPTH: u32 = 5;
const ASPIRATION_WINDOW: i32 = 40;
const ASPIRATION_MAX: i32 = 1000;

/// Lazy SMP: from this depth, a later move another thread is searching is put
/// off to the end of the node's list (`busy`), at most `DEFERRED` of them
/// (taikyoku's nodes have hundreds of moves: with 16 a helper soon searched
/// in step with the main thread; tuning/README.md, eleventh session).
const DEFER_DEPTH: i32 = 3;
const DEFERRED: usize = 64;

/// Deepest quiescence below the horizon.
const QUIESCE_PLIES: usize = 8;
/// From this many plies into quiescence only recaptures (moves taking the piece
/// that just moved) are searched: on the big boards capture chains otherwise
/// fan out over the whole front (taikyoku's deeper plies held as many nodes as
/// the first).
const QUIESCE_RECAPTURES_FROM: usize = 3;
/// Delta-pruning margin: what positional terms may add to a capture's material.
const DELTA_MARGIN: i32 = 200;
/// Variants whose quiescence searches without delta pruning: those that promote
/// by capture. A capture there also promotes the capturer, which the pruning's
/// gain (the victims' values) leaves out, and opens lines for long-range pieces
/// worth far more than the margin; a null-window search pruned what the whole
/// window then found (a taikyoku depth-2 search scored a move -755 or +41 by
/// its window). Without the pruning the engine scored, against itself with it,
/// +80 -40 in taikyoku, +63 -32 =5 in tai (tuning/README.md, thirtieth session),
/// +64 -25 =11 in dai dai and +114 -76 =10 in maka dai dai (thirty-first).
/// Dai, which promotes in a zone, keeps it: +86 -81 =33 without, no difference.
fn delta_pruned(rules: &crate::rules::Rules) -> bool {
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
/// The main search probes the table before a node's attack upkeep on boards of
/// this many chunks and more (tai, taikyoku), where the upkeep is dear and the
/// nodes the table cuts off skip it. On the smaller boards the upkeep is done
/// while the entry is fetched, hiding the probe's cache miss: the same trees,
/// dai 3 % and dai dai 6 % faster, maka dai dai even; tai 2 % and taikyoku 6 %
/// slower that way (tuning/README.md, twenty-third session).
const PROBE_BEFORE_UPKEEP_FROM_CHUNKS: usize = 5;

impl<'a, const C: usize> Searcher<'a, C> {
    pub fn new(
        pos: Position<C>,
        history: Vec<u64>,
        stop: &'a AtomicBool,
        tt: Arc<TranspositionTable>,
    ) -> Self {
        let mut pos = pos;
        pos.track_mobility();
        let squares = pos.rules.geo.squares();
        let forms = pos.rules.forms.len();
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
            killers: vec![[Move::NULL; 2]; MAX_DEPTH as usize + 65],
            quiet_history: vec![0; squares * forms],
            scratch: Vec::with_capacity(256),
            range_lines: Some(Box::default()),
            currmove: None,
            weights: crate::eval::Weights::default().for_variant(pos.rules.def.name),
            rfp_depth: if RFP_OFF.contains(&pos.rules.def.name) {
                0
            } else {
                RFP_DEPTH
            },
            delta_margin: delta_pruned(pos.rules).then_some(DELTA_MARGIN),
            path_facts: vec![[false; 3]; MAX_DEPTH as usize + 65],
            game_facts: Vec::new(),
            pos,
            history,
            stop,
            start: Instant::now(),
            deepen_until: None,
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

    /// Iterative deepening; `report` gets every completed iteration.
    pub fn run(&mut self, limits: &Limits, report: &mut dyn FnMut(&Iteration)) -> SearchResult {
        self.start = Instant::now();
        self.ponder_seen = false;
        self.pondering();
        if let Some((soft, hard)) = limits.budget() {
            self.deepen_until = Some(match limits.movetime {
                Some(_) => soft,
                None => soft / 2,
            });
            self.hard = Some(hard);
        }
        self.max_nodes = limits.nodes.unwrap_or(u64::MAX);
        let max_depth = limits.depth.unwrap_or(MAX_DEPTH).clamp(1, MAX_DEPTH);
        let mut root = Vec::new();
        if !crate::perft::game_over(&self.pos) {
            self.pos.generate(&mut root);
        }
        if root.iter().any(|m| limits.searchmoves.contains(m)) {
            root.retain(|m| limits.searchmoves.contains(m));
        }
        let mut result = SearchResult {
            best: root.first().copied(),
            ..Default::default()
        };
        if root.is_empty() {
            return result;
        }
        let lines = limits.multipv.clamp(1, root.len());
        self.root_moves = root;
        // One new generation a search: a helper's increment, coming after the
        // main thread's first stores, would make them look a search old.
        if !matches!(self.lead, Some((_, false))) {
            self.tt.new_search();
        }
        let mut depth = self.first_depth.min(max_depth);
        while depth <= max_depth {
            match &self.lead {
                Some((lead, true)) => lead.publish(depth),
                // A helper joins the main thread's iteration (deferral splits
                // it between them) rather than running one ahead: time to depth
                // and play both measured better (tuning/README.md, tenth session).
                Some((lead, false)) => depth = depth.max(lead.main_depth()).min(max_depth),
                None => {}
            }
            if lines == 1
                && let Some(taken) = self.take_over(depth, report)
            {
                // A helper got here first: its iteration stands for this one.
                result = taken;
                depth = result.depth;
                if result.score.abs() > MATE_BOUND || self.deepening_time_spent() {
                    break;
                }
                depth += 1;
                continue;
            }
            self.root_excluded.clear();
            for line in 1..=lines {
                self.seldepth = 0;
                let score = if lines == 1 {
                    self.aspiration(depth, &result, report)
                } else {
                    self.negamax(depth as i32, 0, -INF, INF)
                };
                if self.overtaken {
                    break;
                }
                // A search cut short is used only while there is nothing better,
                // but a root move it searched to the end and found better than
                // the moves before it (the last best came first) is played: on
                // the big boards an iteration costs a hundred times the last, so
                // the clock often stops one at its root.
                if self.aborted && (depth > 1 || line > 1) {
                    if lines == 1 && depth > 1 {
                        self.keep_cut_short(depth, &mut result, report);
                    }
                    break;
                }
                let pv = self.extend_pv(self.pv[0].clone(), depth as usize);
                let Some(&first) = pv.first() else { break };
                let nodes = self.total_nodes();
                if line == 1 {
                    result = SearchResult {
                        best: Some(first),
                        score,
                        depth,
                        nodes,
                        pv: pv.clone(),
                    };
                }
                self.root_excluded.push(first);
                let seldepth = self.seldepth.max(depth);
                report(&self.exact_line(depth, seldepth, score, (line, lines), nodes, &pv));
            }
            if self.overtaken {
                // Taken over at the top of the loop.
                (self.overtaken, self.aborted) = (false, false);
                continue;
            }
            if !self.aborted
                && let Some((lead, false)) = &self.lead
            {
                lead.post(&result, self.seldepth.max(depth));
            }
            let decided = lines == 1 && result.score.abs() > MATE_BOUND;
            if self.aborted || decided || self.deepening_time_spent() {
                break;
            }
            depth += 1;
        }
        // Stopped: a helper may have completed a deeper iteration than this
        // thread did.
        if lines == 1
            && let Some(taken) = self.take_over(result.depth + 1, report)
        {
            result = taken;
        }
        self.flush_nodes();
        result.nodes = self.total_nodes();
        result
    }

    /// Takes from an iteration the clock cut short its best root move searched to
    /// the end, if it is not `result`'s (reported at the iteration's depth; the
    /// result keeps the depth last completed).
    fn keep_cut_short(
        &mut self,
        depth: u32,
        result: &mut SearchResult,
        report: &mut dyn FnMut(&Iteration),
    ) {
        let Some(&first) = self.pv[0].first() else {
            return;
        };
        if result.best == Some(first) {
            return;
        }
        let pv = self.extend_pv(self.pv[0].clone(), depth as usize);
        *result = SearchResult {
            best: Some(first),
            score: self.root_score,
            depth: depth - 1,
            nodes: self.total_nodes(),
            pv,
        };
        let (seldepth, score, nodes) = (self.seldepth.max(depth), result.score, result.nodes);
        report(&self.exact_line(depth, seldepth, score, (1, 1), nodes, &result.pv));
    }

    /// An exact line of this search as reported: `(multipv, lines)` as in
    /// `Iteration`.
    fn exact_line<'p>(
        &self,
        depth: u32,
        seldepth: u32,
        score: i32,
        (multipv, lines): (usize, usize),
        nodes: u64,
        pv: &'p [Move],
    ) -> Iteration<'p> {
        Iteration {
            depth,
            seldepth,
            score,
            bound: Bound::Exact,
            multipv,
            lines,
            nodes,
            elapsed: self.start.elapsed(),
            hashfull: self.tt.hashfull(),
            pv,
        }
    }

    /// Whether the time to start iterations in is spent (not while pondering).
    fn deepening_time_spent(&mut self) -> bool {
        !self.pondering()
            && self
                .deepen_until
                .is_some_and(|until| self.start.elapsed() >= until)
    }

    /// The main thread's take-over of a helper's result of at least `depth`,
    /// reported as its own iteration.
    fn take_over(&self, depth: u32, report: &mut dyn FnMut(&Iteration)) -> Option<SearchResult> {
        let Some((lead, true)) = &self.lead else {
            return None;
        };
        let (taken, seldepth) = lead.take_over(depth)?;
        let result = SearchResult {
            nodes: self.total_nodes(),
            ..taken
        };
        let (depth, score, nodes) = (result.depth, result.score, result.nodes);
        report(&self.exact_line(depth, seldepth, score, (1, 1), nodes, &result.pv));
        Some(result)
    }

    /// A principal variation cut short by table hits, continued with the table's
    /// moves (each checked to be legal) up to `len` moves.
    fn extend_pv(&mut self, mut pv: Vec<Move>, len: usize) -> Vec<Move> {
        // No line: the search was stopped before it finished a root move.
        if pv.is_empty() {
            return pv;
        }
        for &m in &pv {
            self.pos.make(m);
        }
        let mut list = Vec::new();
        while pv.len() < len && self.pos.royal_count(self.pos.side_to_move()) > 0 {
            let Some(mv) = self.tt.probe(self.pos.hash()).and_then(|h| h.mv) else {
                break;
            };
            list.clear();
            self.pos.generate(&mut list);
            if !list.contains(&mv) {
                break;
            }
            self.pos.make(mv);
            pv.push(mv);
        }
        for _ in 0..pv.len() {
            self.pos.unmake();
        }
        pv
    }

    /// One root search in a window around the last iteration's score, widened
    /// on each side that fails (reported as a bound) until the score is inside.
    fn aspiration(
        &mut self,
        depth: u32,
        last: &SearchResult,
        report: &mut dyn FnMut(&Iteration),
    ) -> i32 {
        let (last, last_pv) = (last.score, &last.pv);
        if depth < ASPIRATION_DEPTH || last.abs() > MATE_BOUND {
            return self.negamax(depth as i32, 0, -INF, INF);
        }
        let mut delta = ASPIRATION_WINDOW;
        let (mut alpha, mut beta) = (last - delta, last + delta);
        loop {
            let score = self.negamax(depth as i32, 0, alpha, beta);
            if self.aborted {
                return score;
            }
            let bound = if score <= alpha {
                alpha = (score - delta).max(-INF);
                Bound::Upper
            } else if score >= beta {
                beta = (score + delta).min(INF);
                Bound::Lower
            } else {
                return score;
            };
            delta *= 2;
            if delta > ASPIRATION_MAX {
                (alpha, beta) = (-INF, INF);
            }
            // Fail-high lines show the move that failed high; fail-low ones, which
            // found none, the last iteration's line.
            let pv = match self.pv[0].is_empty() {
                true => last_pv.clone(),
                false => self.pv[0].clone(),
            };
            report(&Iteration {
                depth,
                seldepth: self.seldepth.max(depth),
                score,
                bound,
                multipv: 1,
                lines: 1,
                nodes: self.total_nodes(),
                elapsed: self.start.elapsed(),
                hashfull: self.tt.hashfull(),
                pv: &pv,
            });
        }
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

    /// The score of a repetition, if this position repeats one `back` plies
    /// earlier (2, 4, ... plies back, first on the search path, then in the game).
    /// The search takes the first repetition for the fourth the rules need, and
    /// judges its cycle as they do: a side that gave check with every one of its
    /// moves in it (and the other side not) loses; else one that attacked an enemy
    /// piece with every move (perpetual pursuit); else, when every move of the
    /// cycle was a pass, the side that began the run of passes; else it is a
    /// draw.
    fn repetition(&mut self, ply: usize) -> Option<i32> {
        let key = self.pos.hash();
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
                return Some(0);
            }
            back += 2;
        }
        None
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
    fn last_move_facts(&self) -> MoveFacts {
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

    fn negamax(&mut self, depth: i32, ply: usize, mut alpha: i32, beta: i32) -> i32 {
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
        let key = self.pos.hash();
        if C < PROBE_BEFORE_UPKEEP_FROM_CHUNKS {
            // The attack upkeep while the table's entry loads: its cache miss
            // was most of this function's own time in dai.
            self.tt.prefetch(key);
            self.pos.sync();
        }
        let mut tt_move = None;
        if let Some(hit) = self.tt.probe(key) {
            tt_move = hit.mv;
            if ply > 0
                && hit.depth >= depth
                && let Some(score) = table_cut(&hit, ply, alpha, beta)
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
        let null_move =
            pruneable && depth >= NULL_MOVE_DEPTH && self.pos.last_move() != Some(Move::NULL);
        // The static score only where one of the two may use it.
        let static_eval = if reverse_futility || null_move {
            crate::eval::evaluate(&self.pos, &self.weights)
        } else {
            -INF
        };
        // Reverse futility: near the leaves, a zero-window node whose static score
        // beats beta by a margin a ply cannot undo is taken as a cut.
        if reverse_futility && static_eval - RFP_MARGIN * depth >= beta {
            return static_eval;
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
        let mut moves = std::mem::take(&mut self.node_moves[ply]);
        // Below the root the moves come in stages (`stages`), the table's move
        // first: a node that cuts off early never generates the rest. The root
        // keys its whole list at once.
        let mut restricted = false;
        if ply > 0 {
            let first = tt_move.filter(|&m| self.legal_here(m));
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
            if ply == 0 {
                self.announce_root_move(mv, i + 1, depth as u32);
            }
            if let Some((b, k)) = busy_key {
                b.enter(k);
            }
            self.pos.make_deferred(mv);
            let score = if i == 0 {
                -self.negamax(depth - 1, ply + 1, -beta, -alpha)
            } else {
                // Late quiet moves and captures that lose the exchange are
                // searched shallower first.
                let reduce = if depth >= 3
                    && i >= LMR_FROM_MOVE
                    && (quiet || losing)
                    && !in_check
                    && !self.killers[ply].contains(&mv)
                {
                    lmr_table()[(depth as usize).min(LMR_DEPTHS - 1)][i.min(LMR_MOVES - 1)]
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
        // A best move among some root moves only is no result for the position.
        if !self.aborted && !restricted {
            let bound = bound_of(best, alpha_in, beta);
            self.tt
                .store(key, best_move, score_to_tt(best, ply), depth, bound);
        }
        best
    }

    /// Tells the `currmove` listener (if any) which root move is being searched,
    /// once the search has run long enough for a person to care.
    fn announce_root_move(&mut self, mv: Move, number: usize, depth: u32) {
        if self.start.elapsed() < CURRMOVE_AFTER {
            return;
        }
        if let Some(listen) = self.currmove.as_mut() {
            listen(mv, number, depth);
        }
    }

    /// Whether a move from the table is legal here (its piece's moves hold it).
    fn legal_here(&mut self, mv: Move) -> bool {
        self.scratch.clear();
        self.pos.generate_from(mv.from, &mut self.scratch);
        self.scratch.contains(&mv)
    }

    /// Keeps the root moves this search may play; true if any were dropped.
    fn restrict_root(&self, list: &mut Vec<Move>) -> bool {
        let before = list.len();
        list.retain(|m| self.root_moves.contains(m) && !self.root_excluded.contains(m));
        list.len() < before
    }

    /// A quiet move caused a cutoff: remember it as a killer of this ply and
    /// credit its (form, destination) in the history table.
    fn reward(&mut self, mv: Move, ply: usize, depth: i32) {
        let k = &mut self.killers[ply];
        if k[0] != mv {
            k[1] = k[0];
            k[0] = mv;
        }
        let i = self.history_index(mv);
        let h = &mut self.quiet_history[i];
        *h += depth * depth;
        if *h > HISTORY_MAX {
            for h in self.quiet_history.iter_mut() {
                *h /= 2;
            }
        }
    }

    /// The killers of `ply` (none past the table's end).
    fn killers_at(&self, ply: usize) -> [Move; 2] {
        self.killers.get(ply).copied().unwrap_or([Move::NULL; 2])
    }

    fn history_index(&self, mv: Move) -> usize {
        let form = self.pos.piece(self.pos.piece_at(mv.from).unwrap()).form as usize;
        form * self.pos.rules.geo.squares() + mv.to as usize
    }

    /// Captures only, from the horizon on (`qply` plies into it).
    fn quiesce(&mut self, ply: usize, qply: usize, mut alpha: i32, beta: i32) -> i32 {
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
        if self.pos.is_pending() {
            // Lazy stand pat: most quiescence nodes stand pat, and the score
            // without the move's change of mobility, less a margin for it, tells
            // most of them before the attack upkeep is paid for. It returns
            // beta, not the lazy score: with that score (from a stale mobility,
            // often far above beta) two Lazy-SMP threads searched 46 % more
            // nodes than one to the same depth in dai, against 10 % without the
            // lazy stand pat and 0.95x with beta (tuning/README.md, seventeenth
            // session; the likely reason is there).
            if let Some(lazy) = crate::eval::evaluate_deferred(&self.pos, &self.weights)
                && lazy - LAZY_MARGIN >= beta
            {
                return beta;
            }
            self.pos.sync();
        }
        let stand = crate::eval::evaluate(&self.pos, &self.weights);
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

    /// Delta pruning's floor in a quiescence node: captures taking this much or
    /// less cannot lift `stand` to `alpha`. Never as high as a royal's worth:
    /// with a won mate in alpha (a null-window search at mate scores) the floor
    /// would pass every royal's value, and the capture of the last royal, which
    /// wins sooner than alpha's mate, was pruned. Taikyoku's two-thread search
    /// played into a royal capture four plies deep that way (tuning/README.md,
    /// thirtieth session).
    fn delta_floor(&self, alpha: i32, stand: i32) -> i32 {
        match self.delta_margin {
            Some(margin) => (alpha - stand - margin).min(see::ROYAL_VALUE / 2),
            None => i32::MIN,
        }
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
    fn gain(&self, mv: Move) -> i32 {
        let value = |id| see::value(&self.pos, id);
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
    fn losing_capture(&self, mv: Move, taken: i32) -> Option<i32> {
        if self.pos.is_plain(mv) {
            if !see::may_lose(&self.pos, mv) {
                return None;
            }
            let s = see::see(&self.pos, mv);
            return (s < 0).then_some(-s);
        }
        let value = see::value(&self.pos, self.pos.piece_at(mv.from)?);
        let them = self.pos.side_to_move().flip();
        (taken < value && self.pos.is_attacked(mv.to, them)).then_some(value - taken)
    }

    /// Keys captures (`generate_captures`' list) onto `moves` for `picker::pick`:
    /// by victims and attacker as if none lost the exchange, with what each
    /// takes and whether it must be asked if it loses the exchange before it
    /// is tried (most nodes cut off first). Captures taking `floor` or less
    /// are left out: the caller would prune them (a stable order among the
    /// others is the same without them). Returns the smallest key left out
    /// (`i32::MAX` if none).
    fn key_captures(
        &mut self,
        list: &[Move],
        moves: &mut Vec<(i32, QuiesceCapture)>,
        floor: i32,
    ) -> i32 {
        let mut left_out = i32::MAX;
        let mut rest = list;
        while !rest.is_empty() {
            let run = piece_run(rest);
            rest = &rest[run.len()..];
            // One piece's moves: its value read once.
            let attacker = self
                .pos
                .piece_at(run[0].from)
                .map_or(0, |id| self.pos.value_of(id).0);
            self.visit_gains(run, |s, mv, gain| {
                let gain = gain.unwrap_or_else(|| s.gain(mv));
                let (key, checked) = match capture_key(mv, gain, || attacker) {
                    Some(key) => (key, true),
                    None => (s.quiet_key(mv, [Move::NULL; 2]), false),
                };
                if gain <= floor {
                    left_out = left_out.min(key);
                } else {
                    moves.push((key, (gain, mv, checked)));
                }
            });
        }
        left_out
    }

    /// A move's order key (smaller first, see `score_moves`).
    fn order_key(&self, mv: Move, killers: [Move; 2], tt_move: Option<Move>) -> i32 {
        if Some(mv) == tt_move {
            return i32::MIN;
        }
        self.key_from_gain(mv, self.gain(mv), killers)
    }

    /// Fills `lines` with the summed range lines of the piece whose moves are
    /// `run`, and says true, if it is a range piece with enough moves to repay
    /// summing them.
    fn range_gains(
        &self,
        lines: &mut RangeGains,
        run: &[Move],
        value: impl Fn(PieceId) -> i32,
    ) -> bool {
        let Some(id) = run.first().and_then(|m| self.pos.piece_at(m.from)) else {
            return false;
        };
        let sum = run.len() >= RANGE_SUM_FROM && self.pos.motion_of(id).has(Motion::RANGE);
        if sum {
            lines.fill(&self.pos, id, value);
        }
        sum
    }

    /// `order_key` of a move other than the table's, given its `gain`.
    fn key_from_gain(&self, mv: Move, victims: i32, killers: [Move; 2]) -> i32 {
        let attacker = || self.pos.value_of(self.pos.piece_at(mv.from).unwrap()).0;
        match capture_key(mv, victims, attacker) {
            Some(key) => match self.losing_capture(mv, victims) {
                Some(loss) => -BAD_CAPTURE_KEY + loss.min(LOSS_CAP),
                None => key,
            },
            None => self.quiet_key(mv, killers),
        }
    }

    /// The order key of a quiet move: killers, then by history.
    fn quiet_key(&self, mv: Move, killers: [Move; 2]) -> i32 {
        if killers.contains(&mv) {
            return -KILLER_KEY;
        }
        -self.quiet_history[self.history_index(mv)].min(HISTORY_CAP)
    }

    /// Scores `list` into `scored` for `picker::pick`: the transposition table's
    /// move first, then captures by victim value (most valuable first, cheapest
    /// attacker first) and promotions, then the killers, then captures that lose
    /// the exchange (least loss first), then the other quiet moves by history.
    fn score_moves(
        &mut self,
        list: &[Move],
        scored: &mut picker::Scored,
        ply: usize,
        tt_move: Option<Move>,
    ) {
        let killers = self.killers_at(ply);
        scored.clear();
        scored.reserve(list.len());
        // The generator lists each piece's moves together: the mover's facts are
        // read once per piece, and its quiet moves (most of a list) keyed here
        // directly, as `order_key` would.
        let squares = self.pos.rules.geo.squares();
        let (mut from, mut history_base) = (NO_SQUARE, 0);
        let mut moves = list.iter().enumerate();
        while let Some((i, &mv)) = moves.next() {
            if mv.from != from {
                from = mv.from;
                let id = self.pos.piece_at(from).expect("a move's piece");
                if self.pos.motion_of(id).has(Motion::RANGE) {
                    let n = self.score_range_moves(id, &list[i..], scored, killers, tt_move);
                    if n > 1 {
                        moves.nth(n - 2);
                    }
                    continue;
                }
                history_base = self.pos.piece(id).form as usize * squares;
            }
            let quiet = mv.mid == NO_SQUARE
                && mv.to != mv.from
                && !mv.promotes()
                && self.pos.piece_at(mv.to).is_none()
                && Some(mv) != tt_move;
            let key = if !quiet {
                self.order_key(mv, killers, tt_move)
            } else if killers.contains(&mv) {
                -KILLER_KEY
            } else {
                -self.quiet_history[history_base + mv.to as usize].min(HISTORY_CAP)
            };
            scored.push((key, mv));
        }
    }

    /// `score_moves` for the moves of range piece `id` that start `moves` (never
    /// keyed as quiet directly: they may take what they fly over); how many.
    #[inline(never)]
    fn score_range_moves(
        &mut self,
        id: PieceId,
        moves: &[Move],
        scored: &mut picker::Scored,
        killers: [Move; 2],
        tt_move: Option<Move>,
    ) -> usize {
        let run = piece_run(moves);
        debug_assert_eq!(self.pos.piece_at(run[0].from), Some(id));
        self.visit_gains(run, |s, mv, gain| {
            let key = match gain.filter(|_| Some(mv) != tt_move) {
                Some(gain) => s.key_from_gain(mv, gain, killers),
                None => s.order_key(mv, killers, tt_move),
            };
            scored.push((key, mv));
        });
        run.len()
    }

    /// Calls `visit(self, mv, gain)` for each move of `run` (one piece's moves),
    /// `gain` read off the piece's summed range lines where `range_gains` found
    /// them worth summing, else `None` (the caller walks the move). The lines'
    /// buffer is lent out for the while.
    fn visit_gains(&mut self, run: &[Move], mut visit: impl FnMut(&Self, Move, Option<i32>)) {
        if !self.pos.rules.has_range_capture {
            return run.iter().for_each(|&mv| visit(self, mv, None));
        }
        let mut lines = self.range_lines.take().unwrap_or_default();
        let value = |id| see::value(&self.pos, id);
        let summed = self.range_gains(&mut lines, run, value);
        for &mv in run {
            visit(
                self,
                mv,
                summed.then(|| lines.gain(&self.pos, mv, value)).flatten(),
            );
        }
        self.range_lines = Some(lines);
    }
}

/// Whether an order key is that of a capture losing the exchange (see
/// `key_from_gain`): the band `LOSS_CAP` wide from `-BAD_CAPTURE_KEY`, which no
/// other kind of key reaches (killers lie below it, quiet moves above it, good
/// captures far below).
fn losing_key(key: i32) -> bool {
    (-BAD_CAPTURE_KEY..=-BAD_CAPTURE_KEY + LOSS_CAP).contains(&key)
}

/// The order key of a move that takes `victims` or promotes, made by a piece
/// worth `attacker()` (asked only for such a move), as if it did not lose the
/// exchange (most valuable victim first, cheapest attacker first); `None` for
/// other moves.
fn capture_key(mv: Move, victims: i32, attacker: impl FnOnce() -> i32) -> Option<i32> {
    let promo = if mv.promotes() { 50 } else { 0 };
    if victims == 0 && promo == 0 {
        return None;
    }
    let first = if victims >= 0 { CAPTURES_FIRST } else { 0 };
    Some(-(first + victims * 16 - attacker() / 8 + promo))
}

/// The leading moves of `moves` that start on its first move's square.
fn piece_run(moves: &[Move]) -> &[Move] {
    let from = moves[0].from;
    let n = (moves.iter()).position(|m| m.from != from);
    &moves[..n.unwrap_or(moves.len())]
}

/// A quiescence capture: what it takes, the move, and whether it must be asked
/// if it loses the exchange before it is tried.
type QuiesceCapture = (i32, Move, bool);

/// A table entry's score where its bound settles the node's window, else
/// `None`.
fn table_cut(hit: &tt::Hit, ply: usize, alpha: i32, beta: i32) -> Option<i32> {
    let score = score_from_tt(hit.score, ply);
    let cut = match hit.bound {
        Bound::Exact => true,
        Bound::Lower => score >= beta,
        Bound::Upper => score <= alpha,
    };
    cut.then_some(score)
}

/// What a node's best score says of its true score, given the window it was
/// searched with.
fn bound_of(best: i32, alpha: i32, beta: i32) -> Bound {
    if best >= beta {
        Bound::Lower
    } else if best > alpha {
        Bound::Exact
    } else {
        Bound::Upper
    }
}

/// Mate scores are stored relative to the node, read back relative to the root.
fn score_to_tt(score: i32, ply: usize) -> i32 {
    if score > MATE_BOUND {
        score + ply as i32
    } else if score < -MATE_BOUND {
        score - ply as i32
    } else {
        score
    }
}

fn score_from_tt(score: i32, ply: usize) -> i32 {
    if score > MATE_BOUND {
        score - ply as i32
    } else if score < -MATE_BOUND {
        score + ply as i32
    } else {
        score
    }
}

#[cfg(test)]
mod tests;
