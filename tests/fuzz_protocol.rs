//! Protocol fuzzing: random and mutated command lines fed to fresh in-process
//! engines (USI, CECP, and USI switched to CECP midway) for a bounded time.
//!
//! The generator mixes valid lines of both protocols (every option `usi` lists,
//! positions and moves from random playouts of all five variants, every CECP
//! command), mutations of them (tokens dropped, doubled, swapped; absurd numbers;
//! truncation; stray unicode; corrupted SFEN and move text; impossible squares) and
//! plain garbage. Searches are kept short: `go` limits, `sd`, `st`, perft depths,
//! table sizes and thread counts are capped before a line is sent, and any other
//! command stops a running search anyway.
//!
//! After every line: no panic (in the protocol thread or in a search thread), no
//! internal error, at most one error line, an error leaves the position as it was,
//! search output has a move, and in USI mode every search has printed its one
//! `bestmove` before the next command (other than `isready`) returns. After every
//! sequence: the engine still answers (`isready`/`readyok`, `ping`/`pong`), its
//! game passes `validate` (incrementally kept state against a fresh build), and a
//! short search answers with a legal move. Building the corpus checks too: every
//! move `moves` lists is accepted back, and XBoard's notation of it leads back to
//! the same move.
//!
//! Environment:
//! - `FUZZ_SECONDS`: time budget in seconds (default 20);
//! - `FUZZ_SEED`: the seed, decimal or `0x` hex (default a fixed seed, so CI runs
//!   the same inputs every time);
//! - `FUZZ_ONLY=<k>`: replay only sequence `k` of that seed and print its
//!   transcript;
//! - `FUZZ_KEEP_GOING=1`: go on after a failure (up to 20) instead of stopping.
//!
//! `FUZZ_SECONDS=600 cargo test --release --test fuzz_protocol -- --nocapture`

mod common;

use common::Rng;
use large_shogi::protocol::cecp::{from_xboard, to_xboard, xboard_board};
use large_shogi::protocol::session::{Out, new_session};
use large_shogi::protocol::usi::parse_go;
use large_shogi::protocol::{Flow, Frontend};
use large_shogi::rules::Rules;
use large_shogi::variants;
use std::io::Write;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, Once};
use std::time::{Duration, Instant};

const DEFAULT_SEED: u64 = 0x1a26_e5b0_61f0_2202;
const DEFAULT_SECONDS: f64 = 20.0;
/// A single line running longer than this is a hang: the process reports and exits.
const HANG: Duration = Duration::from_secs(120);

// ---------------------------------------------------------------------------
// Randomness

fn splitmix(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// A generator for sequence `index` of `seed` (xorshift must not start at 0).
fn rng_for(seed: u64, index: u64) -> Rng {
    Rng(splitmix(seed ^ splitmix(index)) | 1)
}

trait Draw {
    fn below(&mut self, n: usize) -> usize;
    fn chance(&mut self, percent: u64) -> bool;
    fn one<T: Clone>(&mut self, v: &[T]) -> T;
}

impl Draw for Rng {
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
    fn chance(&mut self, percent: u64) -> bool {
        self.next() % 100 < percent
    }
    fn one<T: Clone>(&mut self, v: &[T]) -> T {
        self.pick(v).clone()
    }
}

// ---------------------------------------------------------------------------
// Panics anywhere in the process (search threads catch theirs, so a hook counts)

static PANICS: AtomicUsize = AtomicUsize::new(0);
static PANIC_MESSAGES: Mutex<Vec<String>> = Mutex::new(Vec::new());
/// The line being handled and since when, for the hang watchdog.
static CURRENT: Mutex<Option<(Instant, String)>> = Mutex::new(None);

fn install_hooks() {
    static ONCE: Once = Once::new();
    ONCE.call_once(|| {
        let default = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            PANICS.fetch_add(1, Ordering::SeqCst);
            let thread = std::thread::current();
            let name = thread.name().unwrap_or("unnamed").to_string();
            if let Ok(mut m) = PANIC_MESSAGES.lock() {
                m.push(format!("thread '{name}': {info}"));
            }
            default(info);
        }));
        std::thread::spawn(|| {
            loop {
                std::thread::sleep(Duration::from_secs(1));
                let current = CURRENT.lock().unwrap_or_else(|e| e.into_inner()).clone();
                if let Some((since, what)) = current
                    && since.elapsed() > HANG
                {
                    let _ = writeln!(
                        std::io::stderr(),
                        "fuzz_protocol: HANG: {what} has run for {:?}",
                        since.elapsed()
                    );
                    std::process::exit(101);
                }
            }
        });
    });
}

fn panic_text(p: &(dyn std::any::Any + Send)) -> String {
    if let Some(s) = p.downcast_ref::<&str>() {
        s.to_string()
    } else if let Some(s) = p.downcast_ref::<String>() {
        s.clone()
    } else {
        "(non-text panic)".into()
    }
}

// ---------------------------------------------------------------------------
// The corpus of valid lines

/// A random game of one variant: its moves and the SFEN before each move and at
/// the end.
struct Playout {
    variant: &'static str,
    moves: Vec<String>,
    sfens: Vec<String>,
}

fn playout(
    def: &'static large_shogi::rules::kind::VariantDef,
    rng: &mut Rng,
    plies: usize,
) -> Playout {
    let mut s = new_session(def);
    let mut p = Playout {
        variant: def.name,
        moves: Vec::new(),
        sfens: vec![s.sfen()],
    };
    for _ in 0..plies {
        if s.outcome().is_some() {
            break;
        }
        let legal = s.legal_moves();
        if legal.is_empty() {
            break;
        }
        let m = rng.one(&legal);
        s.play(&m).unwrap_or_else(|e| {
            panic!(
                "{}: the listed move {m} is refused in {}: {e}",
                def.name,
                s.sfen()
            )
        });
        p.moves.push(m);
        p.sfens.push(s.sfen());
        if p.moves.len().is_multiple_of(10) {
            s.validate()
                .unwrap_or_else(|e| panic!("{} after {:?}: {e}", def.name, p.moves));
        }
    }
    p
}

struct Corpus {
    usi: Vec<String>,
    cecp: Vec<String>,
    words: Vec<String>,
    playouts: Vec<Playout>,
    /// Dai playouts in XBoard notation (the variant CECP plays).
    xb_games: Vec<(Vec<String>, Vec<String>)>,
    /// CECP runs that end a game (royal capture, repetition, no king).
    endings: Vec<Vec<String>>,
}

/// Every option the engine lists, with valid and edge values.
fn option_lines() -> (Vec<String>, Vec<String>) {
    let (out, lines) = common::capture();
    let mut fe = Frontend::new(out.clone());
    fe.handle("usi", &out);
    fe.handle("quit", &out);
    let text = lines.lock().unwrap().clone();
    let (mut v, mut names) = (Vec::new(), Vec::new());
    for l in text.iter().filter_map(|l| l.strip_prefix("option name ")) {
        let (name, rest) = l.split_once(" type ").expect("option name <id> type <t>");
        names.push(name.to_string());
        let w: Vec<&str> = rest.split_whitespace().collect();
        let after = |key: &str| {
            w.windows(2)
                .find(|p| p[0] == key)
                .and_then(|p| p[1].parse::<i64>().ok())
        };
        match w[0] {
            "combo" => {
                for p in w.windows(2).filter(|p| p[0] == "var") {
                    v.push(format!("setoption name {name} value {}", p[1]));
                    v.push(format!(
                        "setoption name {name} value {}",
                        p[1].to_uppercase()
                    ));
                }
            }
            "check" => {
                v.push(format!("setoption name {name} value true"));
                v.push(format!("setoption name {name} value false"));
            }
            "spin" => {
                let (min, max) = (after("min").unwrap(), after("max").unwrap());
                for x in [min, min - 1, max, max + 1, (min + 3).min(max)] {
                    v.push(format!("setoption name {name} value {x}"));
                }
                if let Some(d) = after("default") {
                    v.push(format!("setoption name {name} value {d}"));
                }
            }
            _ => v.push(format!("setoption name {name}")),
        }
    }
    assert!(
        names.iter().any(|n| n == "USI_Variant"),
        "usi lists no USI_Variant: {text:?}"
    );
    v.push("setoption name USI_Ponder value true".into());
    (v, names)
}

fn build_corpus(seed: u64) -> Corpus {
    let mut rng = rng_for(seed, u64::MAX);
    let (mut usi, option_names) = option_lines();
    let mut playouts = Vec::new();
    for def in variants::ALL {
        let plies = match def.width {
            0..=15 => 240,
            16..=19 => 120,
            20..=25 => 70,
            _ => 50,
        };
        for _ in 0..2 {
            playouts.push(playout(def, &mut rng, plies));
        }
    }
    for p in &playouts {
        let n = p.moves.len();
        for k in [0, 1, 2, 5, 12, 30, n / 2, n] {
            let k = k.min(n);
            let head = p.moves[..k].join(" ");
            usi.push(
                format!("position startpos moves {head}")
                    .trim_end()
                    .to_string(),
            );
            usi.push(format!("position sfen {}", p.sfens[k]));
            let tail = p.moves[k..(k + 3).min(n)].join(" ");
            usi.push(format!("position sfen {} moves {tail}", p.sfens[k]));
        }
    }
    let lion = "14k/15/15/15/15/15/7pp6/7(LN)7/15/15/15/15/15/15/K14 b - 1";
    let lion2 = "7k7/15/15/15/15/15/8p6/7(LN)7/15/15/15/15/15/15/7K7 b - 1";
    let passes = "7k7/7(ln)7/15/15/15/15/15/15/15/15/15/15/15/7(LN)7/7K7 b - 1";
    let pawn = "7k7/15/15/15/15/7P7/15/15/15/15/15/15/15/15/7K7 b - 1";
    let no_king = "15/15/15/15/15/15/15/15/15/15/15/15/15/15/K14 w - 1";
    for l in [
        "usi",
        "isready",
        "usinewgame",
        "position startpos",
        "position startpos moves 9k9j",
        "go depth 1",
        "go depth 2",
        "go nodes 500",
        "go nodes 2000",
        "go movetime 10",
        "go movetime 20",
        "go infinite",
        "go",
        "go btime 1000 wtime 1000 binc 10 winc 10",
        "go btime 0 wtime 0 byoyomi 20",
        "go movestogo 5 btime 200 wtime 200",
        "go ponder",
        "go mate 3",
        "go searchmoves 9k9j",
        "stop",
        "ponderhit",
        "gameover win",
        "gameover lose",
        "gameover draw",
        "display",
        "d",
        "moves",
        "perft 1",
        "perft 2",
        "divide 1",
        "divide 2",
        "pieces",
        "pieces K",
        "pieces LN",
        "pieces DN",
        "pieces K P (LN) +P",
        &format!("position sfen {lion}"),
        &format!("position sfen {lion} moves 8h8g7g"),
        &format!("position sfen {lion} moves 8h8g8h"),
        &format!("position sfen {lion2} moves 8h7g8h"),
        &format!("position sfen {lion2} moves 8h7g6f"),
        &format!("position sfen {lion2} moves 8h9h8h 8a8b"),
        &format!("position sfen {passes} moves 8n8m8n 8b8c8b 8n8m8n 8b8c8b 8n8m8n 8b8c8b"),
        &format!(
            "position sfen {passes} moves 8n9n 8b9b 9n8n 9b8b 8n9n 8b9b 9n8n 9b8b 8n9n 8b9b 9n8n 9b8b"
        ),
        &format!("position sfen {pawn} moves 8f8e+"),
        &format!("position sfen {pawn} moves 8f8e="),
        &format!("position sfen {pawn} moves 8f8e"),
        &format!("position sfen {no_king}"),
        &format!("position sfen {no_king} moves 15o14o"),
    ] {
        usi.push(l.to_string());
    }

    // CECP: dai games in XBoard's notation.
    let geo = &Rules::get(variants::ALL[0]).geo;
    let mut xb_games = Vec::new();
    for p in playouts.iter().filter(|p| p.variant == "dai") {
        let moves: Vec<String> = (p.moves.iter())
            .map(|m| to_xboard(geo, m).expect("an engine move converts").concat())
            .collect();
        // XBoard's notation leads back to the same move.
        let mut s = new_session(variants::ALL[0]);
        for (k, xb) in moves.iter().enumerate() {
            let ours = from_xboard(geo, xb).expect("a converted move reads back");
            s.set_position(&p.sfens[k], &[&ours])
                .unwrap_or_else(|e| panic!("{xb} ({}) in {}: {e}", p.moves[k], p.sfens[k]));
            assert_eq!(s.sfen(), p.sfens[k + 1], "{xb} ({})", p.moves[k]);
        }
        let fens: Vec<String> = (p.sfens.iter())
            .map(|s| {
                let board = xboard_board("dai", s).expect("a dai position converts");
                let side = if s.split_whitespace().nth(1) == Some("b") {
                    "w"
                } else {
                    "b"
                };
                format!("setboard {board} {side} - - 0 1")
            })
            .collect();
        xb_games.push((moves, fens));
    }
    let mut cecp: Vec<String> = [
        "xboard",
        "protover 2",
        "new",
        "variant dai",
        "variant dai-shogi",
        "variant 15x15+0_chu",
        "variant chess",
        "variant taikyoku",
        "force",
        "go",
        "playother",
        "undo",
        "remove",
        "?",
        "ping 1",
        "ping",
        "result 1-0 {Black mates}",
        "result *",
        "analyze",
        "exit",
        ".",
        "post",
        "nopost",
        "memory 1",
        "memory 4",
        "memory 0",
        "cores 1",
        "cores 2",
        "cores 0",
        "time 6000",
        "time 100",
        "time 0",
        "otim 6000",
        "level 40 5 0",
        "level 0 2:30 1",
        "level 0 0:05 0.5",
        "st 1",
        "st 0.05",
        "sd 1",
        "sd 2",
        "sd 3",
        "accepted setboard",
        "rejected usermove",
        "hard",
        "easy",
        "random",
        "computer",
        "name Some Body",
        "ics -",
        "draw",
        "hint",
        "bk",
        "usermove @@@@",
        "usermove h13h12,h12h13",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    for (moves, fens) in &xb_games {
        for m in moves.iter().take(6) {
            cecp.push(format!("usermove {m}"));
        }
        for k in [0, 1, 7, fens.len() / 2, fens.len() - 1] {
            cecp.push(fens[k.min(fens.len() - 1)].clone());
        }
    }
    // Positions near the end of a game: a royal to take, passes to repeat, no king.
    let setboard = |sfen: &str| {
        let board = xboard_board("dai", sfen).expect("a dai position converts");
        let side = if sfen.split_whitespace().nth(1) == Some("b") {
            "w"
        } else {
            "b"
        };
        format!("setboard {board} {side} - - 0 1")
    };
    let royal_to_take = "7k7/7(LN)7/15/15/15/15/15/15/15/15/15/15/15/15/7K7 b - 1";
    for sfen in [lion, lion2, passes, pawn, no_king, royal_to_take] {
        cecp.push(setboard(sfen));
    }
    let endings = vec![
        vec!["force".to_string(), setboard(royal_to_take), "go".into()],
        vec![
            "force".to_string(),
            setboard(royal_to_take),
            "usermove h14h15".into(),
        ],
        std::iter::once("force".to_string())
            .chain([setboard(passes)])
            .chain(std::iter::repeat_n("usermove @@@@".to_string(), 7))
            .chain(["go".to_string()])
            .collect(),
        vec![
            "new".to_string(),
            "force".into(),
            setboard(no_king),
            "go".into(),
        ],
    ];

    let mut words: Vec<String> = [
        "usi",
        "isready",
        "setoption",
        "name",
        "value",
        "usinewgame",
        "position",
        "startpos",
        "sfen",
        "moves",
        "go",
        "depth",
        "nodes",
        "movetime",
        "infinite",
        "btime",
        "wtime",
        "binc",
        "winc",
        "byoyomi",
        "movestogo",
        "ponder",
        "mate",
        "searchmoves",
        "stop",
        "ponderhit",
        "gameover",
        "win",
        "lose",
        "draw",
        "display",
        "d",
        "perft",
        "divide",
        "pieces",
        "quit",
        "xboard",
        "protover",
        "new",
        "variant",
        "setboard",
        "usermove",
        "time",
        "otim",
        "level",
        "st",
        "sd",
        "force",
        "playother",
        "undo",
        "remove",
        "?",
        "ping",
        "result",
        "analyze",
        "exit",
        ".",
        "post",
        "nopost",
        "memory",
        "cores",
        "true",
        "false",
        "b",
        "w",
        "-",
        "+",
        "=",
        "/",
        "(",
        ")",
        "@@@@",
        "(LN)",
        "+(DH)",
        "K14",
        "15",
        "1-0",
        "0-1",
        "1/2-1/2",
        "*",
        "{",
        "}",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    words.extend(option_names);
    words.extend(variants::ALL.iter().map(|v| v.name.to_string()));
    for p in &playouts {
        words.extend(p.moves.iter().take(4).cloned());
    }
    words.extend(ABSURD_NUMBERS.iter().map(|s| s.to_string()));
    words.extend(SQUARES.iter().map(|s| s.to_string()));
    Corpus {
        usi,
        cecp,
        words,
        playouts,
        xb_games,
        endings,
    }
}

// ---------------------------------------------------------------------------
// Mutations

const ABSURD_NUMBERS: &[&str] = &[
    "-1",
    "0",
    "-0",
    "+3",
    "1",
    "2",
    "64",
    "65",
    "257",
    "1000001",
    "1048576",
    "1048577",
    "4294967295",
    "4294967296",
    "9223372036854775807",
    "-9223372036854775808",
    "18446744073709551615",
    "1844674407370955162",
    "307445734561825861",
    "18446744073709551601",
    "18446744073709551616",
    "99999999999999999999999999999",
    "1e30",
    "-1e30",
    "1e-9",
    "1.5",
    "-0.5",
    "NaN",
    "inf",
    "-inf",
    "0x10",
    "1_000",
    "٣",
    "３",
    "2:30",
    ":",
    "1:",
    ":5",
    "0:0",
    "",
];

const SQUARES: &[&str] = &[
    "0a",
    "1a",
    "36jj",
    "99zz",
    "1ab",
    "15o",
    "16a",
    "1p",
    "aa",
    "1aa",
    "1jj",
    "1kk",
    "37a",
    "0",
    "a1",
    "o15",
    "p16",
    "a0",
    "z99",
    "1A",
    "@@",
    "15o15o",
    "1a1a1a1a1a",
    "8h8g8h",
    "8h8g8g8g8g",
    "4294967297a",
    "1zz",
    "36kk",
    "25y",
    "19s",
];

const STRANGE_CHARS: &[char] = &[
    '\u{0}',
    '\u{1}',
    '\t',
    '\r',
    '\u{b}',
    '\u{c}',
    '\u{7f}',
    '\u{85}',
    '\u{a0}',
    '\u{200b}',
    '\u{200e}',
    '\u{202e}',
    '\u{2028}',
    '\u{3000}',
    '\u{feff}',
    '\u{fffd}',
    '\u{10ffff}',
    '\u{301}',
    'é',
    'ß',
    'ǅ',
    'İ',
    'ﬀ',
    'Ω',
    'K',
    'ſ',
    '金',
    '将',
    '🐉',
    '１',
    '٣',
    '(',
    ')',
    '+',
    '=',
    '/',
    ',',
    '@',
    '-',
    '9',
    'z',
];

fn random_square(rng: &mut Rng) -> String {
    if rng.chance(40) {
        return rng.one(SQUARES).to_string();
    }
    let file = match rng.below(4) {
        0 => rng.below(40).to_string(),
        1 => rng
            .one(&["0", "16", "17", "20", "26", "37", "99", "4294967296"])
            .to_string(),
        _ => (1 + rng.below(36)).to_string(),
    };
    let letter = (b'a' + rng.below(26) as u8) as char;
    let rank = match rng.below(6) {
        0 => format!("{letter}{letter}"),
        1 => format!("{letter}{}", (b'a' + rng.below(26) as u8) as char),
        2 => letter.to_ascii_uppercase().to_string(),
        3 => String::new(),
        _ => letter.to_string(),
    };
    if rng.chance(10) {
        // XBoard style.
        format!("{letter}{file}")
    } else {
        format!("{file}{rank}")
    }
}

fn random_move(rng: &mut Rng) -> String {
    let mut m: String = (0..1 + rng.below(4)).map(|_| random_square(rng)).collect();
    if rng.chance(30) {
        m.push_str(rng.one(&["+", "=", "++", "+=", ",", "!"]));
    }
    m
}

fn insert_at_char(s: &str, at: usize, what: &str) -> String {
    let mut chars: Vec<char> = s.chars().collect();
    let at = at.min(chars.len());
    chars.splice(at..at, what.chars());
    chars.into_iter().collect()
}

fn corrupt_sfen(rng: &mut Rng, board: &str) -> String {
    let mut c: Vec<char> = board.chars().collect();
    if c.is_empty() {
        return "/".into();
    }
    let i = rng.below(c.len());
    match rng.below(9) {
        0 => {
            c[i] = rng.one(&[
                '(', ')', '+', '/', '-', '0', '1', '9', 'K', 'k', 'x', 'Z', ' ',
            ])
        }
        1 => {
            c.remove(i);
        }
        2 => {
            let n = rng.one(&[
                "0",
                "99999999999999999999",
                "4294967296",
                "16",
                "37",
                "00",
                "18446744073709551615",
                "18446744073709551614",
                "18446744073709551601",
            ]);
            return insert_at_char(board, i, n);
        }
        3 => {
            let mut ranks: Vec<&str> = board.split('/').collect();
            let r = rng.below(ranks.len());
            if rng.chance(50) {
                ranks.insert(r, ranks[r]);
            } else {
                ranks.remove(r);
            }
            return ranks.join("/");
        }
        4 => return insert_at_char(board, i, rng.one(&["+", "(", ")", "+(", "()", "(LN", "++"])),
        5 => c[i] = rng.one(STRANGE_CHARS),
        6 => return insert_at_char(board, i, rng.one(SQUARES)),
        7 => c.truncate(i),
        _ => {
            // Swap the case of one piece code.
            c[i] = if c[i].is_ascii_lowercase() {
                c[i].to_ascii_uppercase()
            } else {
                c[i].to_ascii_lowercase()
            }
        }
    }
    c.into_iter().collect()
}

fn corrupt_move(rng: &mut Rng, m: &str) -> String {
    match rng.below(7) {
        0 => random_move(rng),
        1 => format!(
            "{m}{}",
            rng.one(&["+", "=", "++", "+=", "=+", ",", "!", "x"])
        ),
        2 => m.trim_end_matches(['+', '=']).to_string(),
        3 => {
            // Replace the first number with another.
            let digits = m.chars().take_while(|c| c.is_ascii_digit()).count();
            let n = rng.one(&["0", "16", "36", "99", "4294967296", "-1"]);
            format!("{n}{}", m.chars().skip(digits).collect::<String>())
        }
        4 => format!("{m}{}", random_square(rng)),
        5 => {
            let mut c: Vec<char> = m.chars().collect();
            if !c.is_empty() {
                let i = rng.below(c.len());
                c[i] = rng.one(&['a', 'z', 'j', '0', '9', ',', '@', 'A', '+']);
            }
            c.into_iter().collect()
        }
        _ => m.to_uppercase(),
    }
}

fn looks_like_move(t: &str) -> bool {
    t.len() >= 4
        && t.chars().next().is_some_and(|c| c.is_ascii_alphanumeric())
        && t.chars().any(|c| c.is_ascii_digit())
        && !t.contains('/')
}

fn mutate_once(rng: &mut Rng, corpus: &Corpus, line: &str) -> String {
    let mut toks: Vec<String> = line.split_whitespace().map(String::from).collect();
    if toks.is_empty() {
        toks.push(rng.one(&corpus.words));
    }
    let n = toks.len();
    let i = rng.below(n);
    match rng.below(14) {
        0 => {
            toks.remove(i);
        }
        1 => toks.insert(i, toks[i].clone()),
        2 => toks.swap(i, rng.below(n)),
        3 => {
            let numeric: Vec<usize> = (0..n)
                .filter(|&j| toks[j].parse::<f64>().is_ok() || toks[j].contains(':'))
                .collect();
            let j = if numeric.is_empty() {
                i
            } else {
                rng.one(&numeric)
            };
            toks[j] = rng.one(ABSURD_NUMBERS).to_string();
        }
        4 => {
            let len = line.chars().count();
            return line.chars().take(rng.below(len + 1)).collect();
        }
        5 => {
            let len = line.chars().count();
            let c = rng.one(STRANGE_CHARS).to_string();
            return insert_at_char(line, rng.below(len + 1), &c);
        }
        6 => match (0..n).find(|&j| toks[j].contains('/')) {
            Some(j) => toks[j] = corrupt_sfen(rng, &toks[j]),
            None => toks.insert(i, corrupt_sfen(rng, "15/15/15")),
        },
        7 => {
            let moves: Vec<usize> = (0..n).filter(|&j| looks_like_move(&toks[j])).collect();
            match moves.is_empty() {
                true => toks.insert(i, random_move(rng)),
                false => {
                    let j = rng.one(&moves);
                    toks[j] = corrupt_move(rng, &toks[j]);
                }
            }
        }
        8 => toks[i] = rng.one(&corpus.words),
        9 => {
            for _ in 0..1 + rng.below(3) {
                let w = rng.one(&corpus.words);
                let at = rng.below(toks.len() + 1);
                toks.insert(at, w);
            }
        }
        10 => toks[i] = toks[i].to_uppercase(),
        11 => {
            // Character level: delete, double or replace one character.
            let mut c: Vec<char> = line.chars().collect();
            if c.is_empty() {
                return rng.one(&corpus.words);
            }
            let k = rng.below(c.len());
            match rng.below(3) {
                0 => {
                    c.remove(k);
                }
                1 => c.insert(k, c[k]),
                _ => c[k] = char::from(32 + rng.below(95) as u8),
            }
            return c.into_iter().collect();
        }
        12 => toks[i] = random_square(rng),
        _ => toks.truncate(i),
    }
    let sep = match rng.below(10) {
        0 => "\t",
        1 => "  ",
        _ => " ",
    };
    toks.join(sep)
}

fn mutate(rng: &mut Rng, corpus: &Corpus, line: &str) -> String {
    let mut line = line.to_string();
    for _ in 0..1 + rng.below(3) {
        line = mutate_once(rng, corpus, &line);
    }
    line
}

fn random_text(rng: &mut Rng) -> String {
    match rng.below(3) {
        0 => {
            let bytes: Vec<u8> = (0..rng.below(80)).map(|_| rng.next() as u8).collect();
            String::from_utf8_lossy(&bytes).into_owned()
        }
        1 => (0..rng.below(40))
            .map(|_| char::from_u32((rng.next() % 0x11_0000) as u32).unwrap_or('\u{fffd}'))
            .collect(),
        _ => (0..rng.below(30)).map(|_| rng.one(STRANGE_CHARS)).collect(),
    }
}

fn random_tokens(rng: &mut Rng, corpus: &Corpus) -> String {
    (0..1 + rng.below(10))
        .map(|_| rng.one(&corpus.words))
        .collect::<Vec<_>>()
        .join(" ")
}

/// Very long lines: many moves, a huge number, a board of many ranks.
fn long_line(rng: &mut Rng, corpus: &Corpus) -> String {
    let n = 200 + rng.below(3000);
    match rng.below(5) {
        0 => {
            let moves: Vec<String> = (0..n).map(|_| rng.one(&corpus.words)).collect();
            format!("position startpos moves {}", moves.join(" "))
        }
        1 => format!("position sfen {}k/15 b - 1", "9".repeat(n)),
        2 => format!("position sfen {} b - 1", vec!["15"; n].join("/")),
        3 => format!("usermove {}", "a1".repeat(n)),
        _ => "x".repeat(n * 10),
    }
}

// ---------------------------------------------------------------------------
// Coherent runs of lines

fn usi_script(rng: &mut Rng, corpus: &Corpus) -> Vec<String> {
    let p = rng.pick(&corpus.playouts);
    let n = p.moves.len();
    let k = rng.below(n + 1);
    let mut s = Vec::new();
    if rng.chance(70) {
        s.push(format!("setoption name USI_Variant value {}", p.variant));
    }
    if rng.chance(50) {
        s.push(format!(
            "position startpos moves {}",
            p.moves[..k].join(" ")
        ));
    } else {
        let tail = p.moves[k..(k + 4).min(n)].join(" ");
        s.push(format!("position sfen {} moves {tail}", p.sfens[k]));
    }
    for _ in 0..1 + rng.below(3) {
        let l = rng.one(&[
            "go nodes 300",
            "go depth 1",
            "go movetime 20",
            "go infinite",
            "stop",
            "isready",
            "display",
            "moves",
            "perft 1",
            "divide 1",
            "pieces K",
            "usinewgame",
            "gameover draw",
        ]);
        s.push(l.to_string());
    }
    s
}

fn cecp_script(rng: &mut Rng, corpus: &Corpus) -> Vec<String> {
    if rng.chance(15) {
        return rng.one(&corpus.endings);
    }
    let (moves, fens) = rng.pick(&corpus.xb_games);
    let mut s = Vec::new();
    if rng.chance(60) {
        s.push("new".into());
        s.push(
            rng.one(&["sd 1", "sd 2", "st 0.05", "level 0 0:01 0"])
                .to_string(),
        );
        if rng.chance(70) {
            s.push("force".into());
        }
        let k = rng.below(moves.len().min(24) + 1);
        for m in &moves[..k] {
            s.push(format!("usermove {m}"));
        }
    } else {
        s.push("force".into());
        let k = rng.below(fens.len());
        s.push(fens[k].clone());
        for m in moves.iter().skip(k).take(rng.below(5)) {
            s.push(format!("usermove {m}"));
        }
    }
    for _ in 0..rng.below(4) {
        let l = rng.one(&[
            "go",
            "?",
            "undo",
            "remove",
            "analyze",
            "exit",
            "playother",
            "usermove @@@@",
            "ping 5",
            "time 50",
            "otim 50",
            "post",
            "result 1/2-1/2 {agreed}",
            "new",
        ]);
        s.push(l.to_string());
    }
    s
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Kind {
    Usi,
    Cecp,
    /// USI lines, then `xboard`, then CECP lines.
    Mixed,
}

fn chunk(rng: &mut Rng, corpus: &Corpus, cecp: bool) -> Vec<String> {
    let (own, other) = if cecp {
        (&corpus.cecp, &corpus.usi)
    } else {
        (&corpus.usi, &corpus.cecp)
    };
    match rng.below(100) {
        0..=27 => vec![rng.one(own)],
        28..=54 => {
            let l = rng.one(own);
            vec![mutate(rng, corpus, &l)]
        }
        55..=66 => {
            let mut s = if cecp {
                cecp_script(rng, corpus)
            } else {
                usi_script(rng, corpus)
            };
            if rng.chance(50) {
                let i = rng.below(s.len());
                s[i] = mutate(rng, corpus, &s[i]);
            }
            s
        }
        67..=75 => vec![random_tokens(rng, corpus)],
        76..=81 => vec![random_text(rng)],
        82..=86 => {
            let l = rng.one(other);
            vec![if rng.chance(50) {
                mutate(rng, corpus, &l)
            } else {
                l
            }]
        }
        87..=88 => vec![long_line(rng, corpus)],
        // A quit ends the sequence early (after a check of the position).
        89 if rng.chance(25) => vec!["quit".into()],
        89..=94 => vec![
            rng.one(&[
                "isready", "stop", "display", "moves", "ping 9", "?", "exit", "",
            ])
            .to_string(),
        ],
        _ => {
            let l = rng.one(own);
            let once = mutate(rng, corpus, &l);
            vec![mutate(rng, corpus, &once)]
        }
    }
}

fn generate(rng: &mut Rng, corpus: &Corpus, kind: Kind) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    let cecp_prologue = |rng: &mut Rng, lines: &mut Vec<String>| {
        if rng.chance(80) {
            lines.push("protover 2".into());
        }
        if rng.chance(70) {
            lines.push("memory 1".into());
        }
        if rng.chance(70) {
            lines.push("new".into());
        }
        lines.push(rng.one(&["sd 1", "sd 2", "st 0.05"]).to_string());
    };
    match kind {
        Kind::Cecp => {
            lines.push("xboard".into());
            cecp_prologue(rng, &mut lines);
        }
        Kind::Usi | Kind::Mixed => {
            if rng.chance(50) {
                lines.push("setoption name USI_Hash value 1".into());
            }
        }
    }
    let n = lines.len() + 20 + rng.below(41);
    let switch_at = lines.len() + rng.below(n - lines.len());
    let mut cecp = kind == Kind::Cecp;
    while lines.len() < n {
        if kind == Kind::Mixed && !cecp && lines.len() >= switch_at {
            lines.push(rng.one(&["xboard", " xboard ", "xboard\t"]).to_string());
            cecp = true;
            if rng.chance(50) {
                cecp_prologue(rng, &mut lines);
            }
            continue;
        }
        lines.extend(chunk(rng, corpus, cecp));
    }
    lines
}

// ---------------------------------------------------------------------------
// Keeping every command bounded in time

/// The board height of a SFEN (the number of ranks).
fn height(sfen: &str) -> usize {
    sfen.split_whitespace()
        .next()
        .map_or(0, |b| b.split('/').count())
}

/// Rewrites a line so that whatever it starts ends soon (and allocates little):
/// limits as the engine would read them are capped, everything else is untouched.
fn bound(line: &str, ranks: usize) -> String {
    let mut t: Vec<String> = line.split_whitespace().map(String::from).collect();
    let Some(cmd) = t.first().cloned() else {
        return line.to_string();
    };
    let before = t.clone();
    // The first argument, read as the engine reads it.
    fn arg<T: std::str::FromStr>(t: &[String]) -> Option<T> {
        t.get(1).and_then(|v| v.parse::<T>().ok())
    }
    match cmd.as_str() {
        "perft" | "divide" if t.len() == 2 && arg::<u32>(&t).is_some_and(|d| d > 2) => {
            t[1] = "2".into()
        }
        "go" => {
            // The walk of `parse_go`: a keyword and its number, `infinite` alone.
            let max_depth = if ranks > 25 { 1 } else { 2 };
            let mut i = 1;
            while i < t.len() {
                if t[i] == "infinite" {
                    i += 1;
                    continue;
                }
                let cap = match t[i].as_str() {
                    "depth" => max_depth,
                    "nodes" => 2000,
                    "movetime" => 20,
                    _ => i64::MAX,
                };
                if let Some(v) = t.get_mut(i + 1)
                    && v.parse::<i64>().is_ok_and(|n| n > cap)
                {
                    *v = cap.to_string();
                }
                i += 2;
            }
        }
        "setoption" => {
            let args = &t[1..];
            let value_at = args.iter().position(|a| a == "value");
            let name = args
                .get(1..value_at.unwrap_or(args.len()))
                .map(|n| n.join(" "));
            let value = value_at.map(|i| args[i + 1..].join(" "));
            let n = value.and_then(|v| v.parse::<usize>().ok());
            match (name.as_deref(), n) {
                (Some("USI_Hash"), Some(mb)) if (17..=1 << 20).contains(&mb) => {
                    return format!("setoption name USI_Hash value {}", 1 + mb % 16);
                }
                (Some("Threads"), Some(k)) if (5..=256).contains(&k) => {
                    return format!("setoption name Threads value {}", 1 + k % 4);
                }
                _ => {}
            }
        }
        "memory" if arg::<usize>(&t).is_some_and(|mb| mb > 16) => t[1] = "4".into(),
        "cores" if arg::<usize>(&t).is_some_and(|k| k > 4) => t[1] = "2".into(),
        "sd" if arg::<u32>(&t).is_some_and(|d| d > 3) => t[1] = "3".into(),
        "st" if arg::<f64>(&t).is_some_and(|s| s > 0.1) => t[1] = "0.05".into(),
        _ => {}
    }
    if t == before {
        line.to_string()
    } else {
        t.join(" ")
    }
}

/// Whether a USI `go` line starts a search that ends by itself soon. A depth limit
/// alone does not bound the big boards: a taikyoku middlegame has taken 27 s to
/// depth 1 (760 000 nodes of capture search), so there only nodes and time count.
fn bounded_go(line: &str, black: bool, ranks: usize) -> bool {
    let t: Vec<&str> = line.split_whitespace().collect();
    if t.first() != Some(&"go") {
        return false;
    }
    match parse_go(&t[1..], black) {
        // A pondering search waits for `ponderhit` or `stop` whatever its limits.
        Ok((l, _)) if !l.infinite && !l.ponder => {
            (ranks <= 19 && l.depth.is_some_and(|d| d <= 2))
                || l.nodes.is_some_and(|n| n <= 2000)
                || l.budget()
                    .is_some_and(|(_, hard)| hard <= Duration::from_millis(200))
        }
        _ => false,
    }
}

// ---------------------------------------------------------------------------
// Running sequences

struct Runner {
    fe: Frontend,
    out: Out,
    lines: Arc<Mutex<Vec<String>>>,
    transcript: Vec<String>,
    label: String,
    sent: u64,
    /// The first output line that breaks a rule of the protocol.
    problem: Option<String>,
    /// USI searches started (or answered at once) and `bestmove` lines seen.
    searches: usize,
    bestmoves: usize,
}

/// A line as the transcript shows it: escaped, and cut after `max` characters.
fn shown_max(s: &str, max: usize) -> String {
    let e: String = s.escape_debug().collect();
    if e.chars().count() > max {
        let head: String = e.chars().take(max).collect();
        format!("{head}... ({} chars)", s.len())
    } else {
        e
    }
}

fn shown(s: &str) -> String {
    shown_max(s, 300)
}

fn is_error(l: &str, cecp: bool) -> bool {
    if cecp {
        l.starts_with("Error (") || l.starts_with("Illegal move") || l.starts_with("tellusererror")
    } else {
        l.starts_with("info string error")
    }
}

/// What is wrong with an output line, if anything: internal errors, and search
/// reports without a move.
fn bad_output(l: &str) -> Option<String> {
    if l.contains("internal error") || l.starts_with("Error (internal)") {
        return Some(format!("internal error: {l}"));
    }
    let w: Vec<&str> = l.split_whitespace().collect();
    let bad = match w[..] {
        // USI: `info depth ... pv <moves>`, `bestmove <move>|resign`.
        ["info", "depth", _, "currmove", _, "currmovenumber", _] => false,
        ["info", "depth", ..] => w.last() == Some(&"pv") || !w.contains(&"pv"),
        ["bestmove", _, "ponder", _] => false,
        ["bestmove", ..] => w.len() != 2,
        // CECP thinking output: depth, score, time, nodes, then the PV.
        [first, ..] if first.chars().all(|c| c.is_ascii_digit()) => w.len() < 5,
        ["move", ..] => w.len() != 2,
        _ => false,
    };
    bad.then(|| format!("malformed search output: {l}"))
}

impl Runner {
    fn new(label: String) -> Runner {
        let (out, lines) = common::capture();
        Runner {
            fe: Frontend::new(out.clone()),
            out,
            lines,
            transcript: Vec::new(),
            label,
            sent: 0,
            problem: None,
            searches: 0,
            bestmoves: 0,
        }
    }

    fn cecp(&self) -> bool {
        matches!(self.fe, Frontend::Cecp(_))
    }

    fn take(&mut self) -> Vec<String> {
        let out = std::mem::take(&mut *self.lines.lock().unwrap_or_else(|e| e.into_inner()));
        if self.problem.is_none() {
            self.problem = out.iter().find_map(|l| bad_output(l));
        }
        // `go mate` ends with `checkmate` instead.
        self.bestmoves += (out.iter())
            .filter(|l| l.starts_with("bestmove") || l.starts_with("checkmate"))
            .count();
        let shown_lines = out.len().min(12);
        for l in &out[..shown_lines] {
            self.transcript.push(format!("< {}", shown(l)));
        }
        if out.len() > shown_lines {
            self.transcript
                .push(format!("< ... {} more lines", out.len() - shown_lines));
        }
        out
    }

    /// Runs `f` on the engine, turning a panic anywhere into an error.
    fn guarded<T>(
        &mut self,
        what: &str,
        f: impl FnOnce(&mut Frontend, &Out) -> T,
    ) -> Result<T, String> {
        *CURRENT.lock().unwrap_or_else(|e| e.into_inner()) =
            Some((Instant::now(), format!("{}: {}", self.label, shown(what))));
        let panics = PANICS.load(Ordering::SeqCst);
        let r = catch_unwind(AssertUnwindSafe(|| f(&mut self.fe, &self.out)));
        *CURRENT.lock().unwrap_or_else(|e| e.into_inner()) = None;
        let r = r.map_err(|p| format!("panic in {}: {}", shown(what), panic_text(&*p)))?;
        if PANICS.load(Ordering::SeqCst) != panics {
            let m = PANIC_MESSAGES.lock().unwrap_or_else(|e| e.into_inner());
            return Err(format!("panic during {}: {}", shown(what), m.join(" | ")));
        }
        Ok(r)
    }

    /// Sends one line; returns what it printed.
    fn send(&mut self, line: &str) -> Result<(Flow, Vec<String>), String> {
        // Sent lines in full (bar the longest), so that a failure can be replayed.
        self.transcript
            .push(format!("> {}", shown_max(line, 20_000)));
        self.sent += 1;
        let flow = self.guarded(line, |fe, out| fe.handle(line, out))?;
        let out = self.take();
        self.problem.take().map_or(Ok((flow, out)), Err)
    }

    /// Waits up to `limit` for a line starting with one of `prefixes`; returns
    /// what arrived, or `None` if no such line did.
    fn wait_for(
        &mut self,
        prefixes: &[&str],
        limit: Duration,
    ) -> Result<Option<Vec<String>>, String> {
        let t = Instant::now();
        let mut got = Vec::new();
        let found = |got: &Vec<String>| {
            got.iter()
                .any(|l| prefixes.iter().any(|p| l.starts_with(p)))
        };
        while t.elapsed() < limit && !found(&got) {
            got.extend(self.take());
            std::thread::sleep(Duration::from_millis(1));
        }
        if let Some(p) = self.problem.take() {
            return Err(p);
        }
        Ok(found(&got).then_some(got))
    }

    fn validate(&mut self, when: &str) -> Result<(), String> {
        self.guarded("validate", |fe, _| fe.validate())?
            .map_err(|e| format!("position invalid {when}: {e}"))
    }

    fn sfen(&mut self) -> Result<String, String> {
        self.guarded("sfen", |fe, _| fe.sfen())
    }

    /// One generated line, with the per-line checks.
    fn step(&mut self, rng: &mut Rng, line: &str) -> Result<Flow, String> {
        let before = self.sfen()?;
        let line = bound(line, height(&before));
        let cecp = self.cecp();
        let searching = self.fe.searching();
        let (flow, out) = self.send(&line)?;
        let errors = out.iter().filter(|l| is_error(l, cecp)).count();
        if errors > 1 {
            return Err(format!("{errors} error lines for one command"));
        }
        // An error changes nothing (in CECP, unless a finished search's move was
        // still to be applied when the line came).
        if errors == 1 && (!cecp || !searching) {
            let after = self.sfen()?;
            if after != before {
                return Err(format!(
                    "an error changed the position:\n  before {before}\n  after  {after}"
                ));
            }
        }
        // USI: one `bestmove` per search, printed before the next command (other
        // than `isready` and `ponderhit`, which leave a search running) returns.
        let first = line.split_whitespace().next();
        if !cecp && !self.cecp() && first == Some("go") && errors == 0 {
            self.searches += 1;
        }
        let may_run = match first {
            None | Some("isready" | "ponderhit") => self.searches,
            Some("go") if !cecp => 1,
            Some(_) => 0,
        };
        if self.bestmoves > self.searches || self.bestmoves + may_run < self.searches {
            return Err(format!(
                "{} searches started, {} bestmove lines",
                self.searches, self.bestmoves
            ));
        }
        if flow == Flow::Quit {
            return Ok(flow);
        }
        if rng.chance(25) {
            self.validate("after the line")?;
        }
        // Sometimes let a short search end by itself (its move is reaped or played
        // on the next command).
        if self.fe.searching() && rng.chance(25) {
            if !cecp
                && bounded_go(
                    &line,
                    before.split_whitespace().nth(1) == Some("b"),
                    height(&before),
                )
            {
                let done =
                    (out.iter()).any(|l| l.starts_with("bestmove") || l.starts_with("checkmate"));
                if !done
                    && self
                        .wait_for(&["bestmove", "checkmate"], Duration::from_secs(30))?
                        .is_none()
                {
                    return Err("a bounded search gave no bestmove within 30 s".into());
                }
            } else {
                self.wait_for(
                    &["bestmove", "checkmate", "move ", "resign"],
                    Duration::from_millis(40),
                )?;
            }
        }
        Ok(flow)
    }

    /// The checks after a sequence: the engine answers and plays a legal move.
    fn finish(&mut self, quit: bool) -> Result<(), String> {
        if quit {
            return self.validate("after quit");
        }
        if self.cecp() {
            let (_, out) = self.send("ping 4242")?;
            if !out.iter().any(|l| l == "pong 4242") {
                return Err(format!("ping 4242 got {out:?}"));
            }
            self.validate("at the end")?;
            // The engine still plays: a one-ply search of the side to move.
            self.send("sd 1")?;
            let (_, out) = self.send("go")?;
            let answered = out
                .iter()
                .any(|l| l.starts_with("move ") || l.starts_with("resign"));
            if self.fe.searching() {
                if !answered {
                    self.wait_for(&["move ", "resign"], Duration::from_secs(30))?
                        .ok_or("no move within 30 s after the sequence")?;
                }
                // The next command applies the move.
                self.send("force")?;
                self.validate("after the engine's move")?;
            }
        } else {
            let (_, out) = self.send("isready")?;
            if !out.iter().any(|l| l == "readyok") {
                return Err(format!("isready got {out:?}"));
            }
            self.send("stop")?;
            if self.fe.searching() || self.bestmoves != self.searches {
                return Err(format!(
                    "after stop: searching {}, {} searches started, {} bestmove lines",
                    self.fe.searching(),
                    self.searches,
                    self.bestmoves
                ));
            }
            self.validate("at the end")?;
            let (_, out) = self.send("moves")?;
            let legal: Vec<String> = out
                .iter()
                .find_map(|l| l.strip_prefix("info string "))
                .and_then(|l| l.split_once("legal moves:"))
                .map(|(_, m)| m.split_whitespace().map(String::from).collect())
                .ok_or_else(|| format!("moves got {out:?}"))?;
            let (_, mut out) = self.send("go depth 1 nodes 3000")?;
            if !out.iter().any(|l| l.starts_with("bestmove")) {
                out.extend(
                    self.wait_for(&["bestmove"], Duration::from_secs(30))?
                        .ok_or("no bestmove within 30 s after the sequence")?,
                );
            }
            let best = out
                .iter()
                .find_map(|l| l.strip_prefix("bestmove "))
                .and_then(|rest| rest.split_whitespace().next())
                .expect("a bestmove line");
            let over = out.iter().any(|l| l.contains("game over"));
            match best {
                "resign" if over || legal.is_empty() => {}
                m if !over && legal.iter().any(|l| l == m) => {}
                m => {
                    return Err(format!(
                        "bestmove {m} (game over: {over}) is not among the {} legal moves",
                        legal.len()
                    ));
                }
            }
            self.validate("after the search")?;
        }
        let (flow, _) = self.send("quit")?;
        if flow != Flow::Quit {
            return Err("quit did not quit".into());
        }
        Ok(())
    }
}

struct Failure {
    index: u64,
    kind: Kind,
    message: String,
    transcript: Vec<String>,
}

/// Runs sequence `index`; returns the number of generated lines it sent.
fn run_sequence(seed: u64, index: u64, corpus: &Corpus) -> Result<u64, Box<Failure>> {
    let mut rng = rng_for(seed, index);
    let kind = match index % 5 {
        0 | 1 => Kind::Usi,
        2 | 3 => Kind::Cecp,
        _ => Kind::Mixed,
    };
    let lines = generate(&mut rng, corpus, kind);
    let mut runner = Runner::new(format!("FUZZ_SEED={seed:#x} FUZZ_ONLY={index}"));
    let mut generated = 0;
    let mut result = Ok(());
    let mut quit = false;
    for line in &lines {
        generated += 1;
        match runner.step(&mut rng, line) {
            Ok(Flow::Quit) => {
                quit = true;
                break;
            }
            Ok(Flow::Continue) => {}
            Err(e) => {
                result = Err(e);
                break;
            }
        }
    }
    if result.is_ok() {
        result = runner.finish(quit);
    }
    if result.is_err() {
        // Stop whatever still runs; a panic here is part of the same failure.
        let _ = runner.guarded("quit", |fe, out| fe.handle("quit", out));
    }
    SENT.fetch_add(runner.sent as usize, Ordering::Relaxed);
    if VERBOSE.load(Ordering::Relaxed) && result.is_ok() {
        let _ = writeln!(std::io::stderr(), "{}", runner.transcript.join("\n"));
    }
    match result {
        Ok(()) => Ok(generated),
        Err(message) => Err(Box::new(Failure {
            index,
            kind,
            message,
            transcript: runner.transcript,
        })),
    }
}

/// Lines sent in all (generated ones and the checks'), and whether to print every
/// transcript (`FUZZ_ONLY`).
static SENT: AtomicUsize = AtomicUsize::new(0);
static VERBOSE: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

fn env_seed() -> u64 {
    match std::env::var("FUZZ_SEED") {
        Ok(s) => {
            let s = s.trim();
            match s.strip_prefix("0x") {
                Some(h) => u64::from_str_radix(h, 16),
                None => s.parse(),
            }
            .expect("FUZZ_SEED: a number, decimal or 0x hex")
        }
        Err(_) => DEFAULT_SEED,
    }
}

#[test]
fn protocol_fuzz() {
    install_hooks();
    let seed = env_seed();
    let seconds: f64 = std::env::var("FUZZ_SECONDS")
        .ok()
        .map(|s| s.parse().expect("FUZZ_SECONDS: a number of seconds"))
        .unwrap_or(DEFAULT_SECONDS);
    let only: Option<u64> = std::env::var("FUZZ_ONLY")
        .ok()
        .map(|s| s.parse().expect("FUZZ_ONLY: a sequence number"));
    let keep_going = std::env::var("FUZZ_KEEP_GOING").is_ok_and(|v| v == "1");
    VERBOSE.store(only.is_some(), Ordering::Relaxed);
    let _ = writeln!(
        std::io::stderr(),
        "fuzz_protocol: seed {seed:#x} (FUZZ_SEED), budget {seconds} s (FUZZ_SECONDS)"
    );
    let t = Instant::now();
    let corpus = build_corpus(seed);
    let budget = Duration::from_secs_f64(seconds);
    let (mut sequences, mut generated) = (0u64, 0u64);
    let mut failures: Vec<Box<Failure>> = Vec::new();
    let mut index = only.unwrap_or(0);
    loop {
        match run_sequence(seed, index, &corpus) {
            Ok(g) => generated += g,
            Err(f) => failures.push(f),
        }
        sequences += 1;
        index += 1;
        let stop_for_failure = !failures.is_empty() && (!keep_going || failures.len() >= 20);
        if only.is_some() || stop_for_failure || t.elapsed() >= budget {
            break;
        }
    }
    let elapsed = t.elapsed().as_secs_f64();
    if only.is_some() && failures.is_empty() {
        let _ = writeln!(std::io::stderr(), "sequence {} passed", index - 1);
    }
    for f in &failures {
        let _ = writeln!(
            std::io::stderr(),
            "\nFAILURE in sequence {} ({:?}): {}\nreplay: FUZZ_SEED={seed:#x} FUZZ_ONLY={} \
             cargo test --release --test fuzz_protocol -- --nocapture\ntranscript:\n{}",
            f.index,
            f.kind,
            f.message,
            f.index,
            f.transcript.join("\n")
        );
    }
    let _ = writeln!(
        std::io::stderr(),
        "fuzz_protocol: seed {seed:#x}: {sequences} sequences, {generated} generated command \
         lines ({} lines sent with the checks) in {elapsed:.1} s, {} failures, {} panics",
        SENT.load(Ordering::Relaxed),
        failures.len(),
        PANICS.load(Ordering::SeqCst)
    );
    assert!(failures.is_empty(), "{} fuzz failures", failures.len());
    assert!(sequences >= 1);
}
