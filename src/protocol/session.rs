//! One variant's game behind a trait object: the protocol picks the board's chunk
//! count once, when the variant is chosen; everything below is monomorphised.

use crate::diagram;
use crate::game::{Game, Outcome};
use crate::moves::Move;
use crate::perft;
use crate::rules::Rules;
use crate::rules::kind::VariantDef;
use crate::search::lead::Lead;
use crate::search::tt::TranspositionTable;
use crate::search::{Busy, Iteration, Killers, Limits, QuietHistory, Searcher, mate_plies};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::thread::JoinHandle;
use std::time::Duration;

/// Where protocol output goes: one call per line.
pub type Out = Arc<dyn Fn(&str) + Send + Sync>;

/// One completed search iteration (or MultiPV line, or failed aspiration
/// search), moves in the engine's own notation.
pub type Report<'a> = Iteration<'a, String>;

/// What a finished search answers.
pub struct Final<'a> {
    /// The move to play (`None`: no legal move).
    pub best: Option<&'a str>,
    /// The best line's score and moves (the best move first).
    pub score: i32,
    pub pv: &'a [String],
    /// The search ran out of time or was stopped (rather than reaching its depth
    /// or finding a forced result).
    pub cut_short: bool,
}

/// How a protocol prints a search: its iterations and its final move.
pub trait Reporter: Send + 'static {
    fn iteration(&self, r: &Report);
    /// The move to play (`None`: no legal move).
    fn best(&self, mv: Option<&str>);
    /// The end of the search; protocols that say more than the move override it.
    fn finish(&self, f: &Final) {
        self.best(f.best);
    }
    /// The root move being searched (long searches only); ignored unless a
    /// protocol shows it.
    fn currmove(&self, _mv: &str, _number: usize, _depth: u32) {}
    /// Something went wrong inside the engine (the game goes on).
    fn error(&self, msg: &str);
}

/// How the protocol steers a running search.
#[derive(Default)]
pub struct Signals {
    /// Stop now and answer.
    pub stop: AtomicBool,
    /// Set for `go ponder`; cleared by `ponderhit`, which starts the clock.
    pub pondering: AtomicBool,
}

impl Signals {
    /// Signals for a search started with `limits`.
    pub fn new(limits: &Limits) -> Arc<Self> {
        let s = Signals::default();
        s.pondering.store(limits.ponder, Ordering::Relaxed);
        Arc::new(s)
    }
}

pub trait Session: Send {
    fn def(&self) -> &'static VariantDef;
    /// The table and thread count its searches use (without one, a search makes a
    /// default table of its own).
    fn set_search(&mut self, setup: SearchSetup);
    /// Replaces the game, or leaves it untouched and says why not.
    fn set_position(&mut self, sfen: &str, moves: &[&str]) -> Result<(), String>;
    fn sfen(&self) -> String;
    fn board_diagram(&self) -> String;
    fn outcome(&self) -> Option<Outcome>;
    fn legal_moves(&self) -> Vec<String>;
    fn perft(&mut self, depth: u32) -> u64;
    fn divide(&mut self, depth: u32) -> Vec<(String, u64)>;
    /// The legal move of the side to move that text in the engine's notation names
    /// (as `play` would read it), without playing it.
    fn parse_move(&self, text: &str) -> Result<Move, String>;
    /// Plays one move given in the engine's notation.
    fn play(&mut self, text: &str) -> Result<(), String>;
    /// Takes back the last move; false if there is none.
    fn undo(&mut self) -> bool;
    /// A legal pass of the side to move, if it has one (every pass leads to the
    /// same position, so any piece's will do).
    fn pass_move(&self) -> Option<String>;
    /// Checks the game's incrementally kept state against a fresh build of its
    /// position (for tests: the protocol fuzz test calls it between commands).
    fn validate(&self) -> Result<(), String>;
    /// The material balance in centipawns from Black's point of view: the
    /// evaluation's piece values, kept incrementally by the position.
    fn material(&self) -> i32;
    /// A copy of the game without the search setup: a referee for the moves a
    /// search thread plays (CECP announces a game its own move ended at once).
    fn fork(&self) -> Box<dyn Session>;
    /// Searches in a thread of its own, printing through `reporter`.
    fn spawn_search(
        &self,
        limits: Limits,
        signals: Arc<Signals>,
        reporter: Box<dyn Reporter>,
    ) -> JoinHandle<()>;
}

struct GameSession<const C: usize> {
    rules: &'static Rules,
    game: Game<C>,
    search: Option<SearchSetup>,
}

/// Transposition table size of a protocol engine, in megabytes (`USI_Hash`).
pub const DEFAULT_HASH_MB: usize = 64;
/// Largest transposition table accepted, in megabytes.
pub const MAX_HASH_MB: usize = 1 << 20;
/// Most search threads accepted.
pub const MAX_THREADS: usize = 256;

/// What a protocol engine's searches share from game to game: the transposition
/// table (`USI_Hash`, CECP `memory`) and the thread count (`Threads`, `cores`).
/// Sessions made only to referee or count moves have none, and allocate nothing.
#[derive(Clone)]
pub struct SearchSetup {
    pub tt: Arc<TranspositionTable>,
    pub threads: usize,
    /// The evaluation's weights (the `Eval...` options).
    pub weights: crate::eval::Weights,
    /// The quiet-move history the last search of this game left, for its next
    /// one.
    pub kept_history: KeptHistory,
}

/// The quiet-move history kept from one search of a game to the next, and
/// shared by every thread of a search (`QuietHistory`); shared by the sessions
/// of one setup.
#[derive(Clone, Default)]
pub struct KeptHistory(Arc<std::sync::Mutex<Option<Arc<QuietHistory>>>>);

impl KeptHistory {
    /// The history for a new search in the variant of `rules`: the game's
    /// last one, halved, or an empty one (kept for the next search).
    fn for_search(&self, rules: &Rules) -> Arc<QuietHistory> {
        // A poisoned lock only means a search failed while taking the table;
        // the table itself is whole.
        let mut kept = self.0.lock().unwrap_or_else(|e| e.into_inner());
        match &*kept {
            Some(h) if h.fits(rules) => {
                h.halve();
                h.clone()
            }
            _ => kept
                .insert(Arc::new(QuietHistory::for_rules(rules)))
                .clone(),
        }
    }

    fn clear(&self) {
        *self.0.lock().unwrap_or_else(|e| e.into_inner()) = None;
    }
}

impl Default for SearchSetup {
    fn default() -> Self {
        SearchSetup {
            tt: Arc::new(TranspositionTable::new(DEFAULT_HASH_MB)),
            threads: 1,
            weights: crate::eval::Weights::default(),
            kept_history: KeptHistory::default(),
        }
    }
}

impl SearchSetup {
    /// A new game of `def`: the same table, emptied, and no history.
    pub fn start(&self, def: &'static VariantDef) -> Box<dyn Session> {
        self.forget();
        let mut session = new_session(def);
        session.set_search(self.clone());
        session
    }

    /// Empties the table and the kept history: the next search knows nothing
    /// of the ones before.
    pub fn forget(&self) {
        self.tt.clear();
        self.kept_history.clear();
    }

    /// A new, empty table of `mb` megabytes; the old one stays if the memory cannot
    /// be had.
    pub fn resize(&mut self, mb: usize) -> Result<(), String> {
        self.tt = Arc::new(TranspositionTable::try_new(mb)?);
        Ok(())
    }
}

/// A session of the variant at its start position.
pub fn new_session(def: &'static VariantDef) -> Box<dyn Session> {
    fn make<const C: usize>(def: &'static VariantDef) -> Box<dyn Session> {
        let rules = Rules::get(def);
        let game = Game::new(rules, def.setup).expect("the variant's setup parses");
        Box::new(GameSession::<C> {
            rules,
            game,
            search: None,
        })
    }
    crate::with_chunks!(def, make(def))
}

impl<const C: usize> Session for GameSession<C> {
    fn def(&self) -> &'static VariantDef {
        self.rules.def
    }

    fn set_search(&mut self, setup: SearchSetup) {
        self.search = Some(setup);
    }

    fn set_position(&mut self, sfen: &str, moves: &[&str]) -> Result<(), String> {
        let mut game = Game::<C>::new(self.rules, sfen)?;
        for (i, m) in moves.iter().enumerate() {
            game.play_text(m)
                .map_err(|e| format!("move {} ({m}): {e}", i + 1))?;
        }
        self.game = game;
        Ok(())
    }

    fn sfen(&self) -> String {
        self.game.pos.to_sfen()
    }

    fn board_diagram(&self) -> String {
        diagram::board(&self.game.pos)
    }

    fn outcome(&self) -> Option<Outcome> {
        self.game.outcome()
    }

    fn legal_moves(&self) -> Vec<String> {
        if perft::game_over(&self.game.pos) {
            return vec![];
        }
        let mut list = Vec::new();
        self.game.pos.generate(&mut list);
        list.iter().map(|m| m.to_text(&self.rules.geo)).collect()
    }

    fn perft(&mut self, depth: u32) -> u64 {
        perft::perft(&mut self.game.pos, depth)
    }

    fn divide(&mut self, depth: u32) -> Vec<(String, u64)> {
        perft::divide(&mut self.game.pos, depth)
            .into_iter()
            .map(|(m, n)| (m.to_text(&self.rules.geo), n))
            .collect()
    }

    fn parse_move(&self, text: &str) -> Result<Move, String> {
        self.game.pos.parse_move(text)
    }

    fn play(&mut self, text: &str) -> Result<(), String> {
        self.game.play_text(text).map(|_| ())
    }

    fn undo(&mut self) -> bool {
        self.game.undo().is_some()
    }

    fn fork(&self) -> Box<dyn Session> {
        Box::new(GameSession::<C> {
            rules: self.rules,
            game: self.game.clone(),
            search: None,
        })
    }

    fn pass_move(&self) -> Option<String> {
        if perft::game_over(&self.game.pos) {
            return None;
        }
        let pos = &self.game.pos;
        let mut list = Vec::new();
        pos.generate(&mut list);
        list.iter()
            .find(|m| m.from == m.to && pos.piece_at(m.mid).is_none())
            .map(|m| m.to_text(&self.rules.geo))
    }

    fn validate(&self) -> Result<(), String> {
        self.game.pos.validate()?;
        if self.game.keys().last() != Some(&self.game.pos.hash()) {
            return Err("the game's last key is not the position's hash".into());
        }
        Ok(())
    }

    fn material(&self) -> i32 {
        self.game.pos.material()
    }

    fn spawn_search(
        &self,
        limits: Limits,
        signals: Arc<Signals>,
        reporter: Box<dyn Reporter>,
    ) -> JoinHandle<()> {
        let pos = self.game.pos.clone();
        let SearchSetup {
            tt,
            threads,
            weights,
            kept_history,
        } = self.search.clone().unwrap_or_default();
        let shared = ThreadsShare {
            tt,
            nodes: Arc::new(AtomicU64::new(0)),
            weights,
            lead: Arc::new(Lead::default()),
            busy: (threads > 1).then(Busy::default),
            history: self.game.keys_before(),
            facts: self.game.repetition_facts(),
            quiet_history: kept_history.for_search(self.rules),
            killers: Arc::default(),
        };
        let geo = &self.rules.geo;
        let helpers = threads.max(1) - 1;
        std::thread::Builder::new()
            .name("search".into())
            .stack_size(64 << 20)
            .spawn(move || {
                // Lazy SMP: helper threads search the same root untimed (but no
                // deeper than a depth limit) until the main thread is done; all
                // share the table, the history and the killers (and count nodes
                // together), the helpers starting at staggered depths.
                let helpers_stop = AtomicBool::new(false);
                std::thread::scope(|scope| {
                    for i in 0..helpers {
                        let (pos, shared, helpers_stop) = (pos.clone(), &shared, &helpers_stop);
                        let (searchmoves, max_depth) = (&limits.searchmoves, limits.depth);
                        std::thread::Builder::new()
                            .name(format!("helper {}", i + 1))
                            .stack_size(64 << 20)
                            .spawn_scoped(scope, move || {
                                let mut helper = (shared.searcher(pos, helpers_stop, i + 1))
                                    .with_first_depth(1 + (i as u32 + 1) % 2);
                                // Depth 6 asked is depth 6 reported, not a
                                // helper's 7 won in a small tree's race.
                                let endless = Limits {
                                    infinite: true,
                                    depth: max_depth,
                                    searchmoves: searchmoves.clone(),
                                    ..Limits::default()
                                };
                                // A failing helper only stops helping.
                                let _ =
                                    std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                                        helper.run(&endless, &mut |_| {})
                                    }));
                            })
                            .expect("spawn a helper thread");
                    }
                    main_search(pos, &signals, &shared, &limits, &*reporter, geo);
                    helpers_stop.store(true, Ordering::Relaxed);
                })
            })
            .expect("spawn the search thread")
    }
}

/// What the threads of one search share: the transposition table, the node
/// count, the evaluation's weights, the threads' depths and results and the
/// moves they are in (Lazy SMP), the quiet-move history and the killers, and the
/// game before the root (its keys and move facts, for the repetition rules).
struct ThreadsShare {
    tt: Arc<TranspositionTable>,
    nodes: Arc<AtomicU64>,
    weights: crate::eval::Weights,
    lead: Arc<Lead>,
    busy: Option<Busy>,
    history: Vec<u64>,
    facts: Vec<crate::search::MoveFacts>,
    quiet_history: Arc<QuietHistory>,
    killers: Arc<Killers>,
}

impl ThreadsShare {
    /// A searcher of `pos` wired to the shared parts, for search thread
    /// `thread` (0: the main thread, whose result is played).
    fn searcher<'a, const C: usize>(
        &'a self,
        pos: crate::position::Position<C>,
        stop: &'a AtomicBool,
        thread: usize,
    ) -> Searcher<'a, C> {
        let searcher = Searcher::sharing(
            pos,
            self.history.clone(),
            stop,
            self.tt.clone(),
            self.quiet_history.clone(),
            self.killers.clone(),
        )
        .with_node_counter(self.nodes.clone())
        .with_weights(self.weights)
        .with_lead(self.lead.clone(), thread == 0)
        .with_game_facts(self.facts.clone());
        match &self.busy {
            Some(busy) => searcher.with_busy(busy),
            None => searcher,
        }
    }
}

/// The main thread's search: reports its iterations and, at the end, the best move.
fn main_search<const C: usize>(
    pos: crate::position::Position<C>,
    signals: &Signals,
    shared: &ThreadsShare,
    limits: &Limits,
    reporter: &dyn Reporter,
    geo: &crate::board::Geometry,
) {
    // Should the search ever fail, the engine still answers with a legal
    // move rather than leaving the game hanging.
    let mut legal = Vec::new();
    pos.generate(&mut legal);
    let fallback = legal.first().map(|m| m.to_text(geo));
    let texts = |moves: &[crate::moves::Move]| -> Vec<String> {
        moves.iter().map(|m| m.to_text(geo)).collect()
    };
    let mut searcher = (shared.searcher(pos, &signals.stop, 0))
        .with_ponder(&signals.pondering)
        .with_currmove(Box::new(|mv, number, depth| {
            reporter.currmove(&mv.to_text(geo), number, depth)
        }));
    let mut report = |it: &Iteration| {
        reporter.iteration(&it.with_pv(&texts(it.pv)));
    };
    let run = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        searcher.run(limits, &mut report)
    }));
    let (best, score, pv, depth) = match run {
        Ok(r) => (
            r.best.map(|m| m.to_text(geo)),
            r.score,
            texts(&r.pv),
            r.depth,
        ),
        Err(_) => {
            reporter.error("internal error in the search; playing a legal move");
            (fallback, 0, Vec::new(), 0)
        }
    };
    // Short of its depth without a forced result: stopped, or out of time.
    let max_depth = limits.depth.unwrap_or(crate::search::MAX_DEPTH);
    let cut_short = !legal.is_empty() && depth < max_depth && mate_plies(score).is_none();
    // After an infinite search the best move waits for `stop`; after a pondering
    // one, for `stop` or `ponderhit`.
    while !signals.stop.load(Ordering::Relaxed)
        && (limits.infinite || signals.pondering.load(Ordering::Relaxed))
    {
        std::thread::sleep(Duration::from_millis(2));
    }
    reporter.finish(&Final {
        best: best.as_deref(),
        score,
        pv: &pv,
        cut_short,
    });
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variants::{dai::DAI, tai::TAI};

    /// Every search of a game, and every thread of one, gets the game's one
    /// history, halved at each search; another board or a new game gets a new one.
    #[test]
    fn a_game_s_searches_share_one_history() {
        let (dai, tai) = (Rules::get(&DAI), Rules::get(&TAI));
        let kept = KeptHistory::default();
        let first = kept.for_search(dai);
        first.reward(7, 40);
        let second = kept.for_search(dai);
        assert!(Arc::ptr_eq(&first, &second));
        assert_eq!(second.get(7), 20, "halved for the next search");
        let other = kept.for_search(tai);
        assert!(!other.any() && other.len() != first.len());
        other.reward(3, 8);
        kept.clear();
        let after = kept.for_search(tai);
        assert!(!Arc::ptr_eq(&other, &after) && !after.any());
    }

    /// The threads of one search order their moves from one history and one
    /// set of killers (each thread sees the cutoffs of the others' subtrees).
    #[test]
    fn a_search_s_threads_share_history_and_killers() {
        let rules = Rules::get(&DAI);
        let game = Game::<2>::new(rules, DAI.setup).unwrap();
        let share = ThreadsShare {
            tt: Arc::new(TranspositionTable::new(1)),
            nodes: Arc::new(AtomicU64::new(0)),
            weights: crate::eval::Weights::default(),
            lead: Arc::new(Lead::default()),
            busy: Some(Busy::default()),
            history: game.keys_before(),
            facts: game.repetition_facts(),
            quiet_history: KeptHistory::default().for_search(rules),
            killers: Arc::default(),
        };
        let stop = AtomicBool::new(false);
        let main = share.searcher(game.pos.clone(), &stop, 0);
        let helper = share.searcher(game.pos.clone(), &stop, 1);
        assert!(Arc::ptr_eq(&main.quiet_history(), &helper.quiet_history()));
        assert!(Arc::ptr_eq(&main.killers(), &helper.killers()));
        let mv = crate::moves::Move::simple(3, 4, 0);
        main.killers().reward(5, mv);
        assert_eq!(helper.killers().at(5)[0], mv);
    }
}
