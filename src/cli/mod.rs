//! The subcommands' command lines: each tool's arguments read and its
//! results printed (the tools themselves live in the library, `tools::`).

/// `println!` for the subcommands' output: when stdout's reader has gone (`analyse
/// ... | head -1`) the process ends quietly, where `println!` would panic.
macro_rules! say {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        if writeln!(std::io::stdout(), $($arg)*).is_err() {
            std::process::exit(0);
        }
    }};
}

pub mod analyse;
pub mod bench;
pub mod engine_match;
pub mod openings;
pub mod perft;
pub mod pieces;
pub mod tune;

use large_shogi::variants;

const USAGE: &str = "usage:
  large-shogi                    protocol loop on stdin/stdout (USI-like, see engine-protocol.md)
  large-shogi perft <depth> [--variant <name>] [--sfen <sfen>] [--moves <m1> ...]
  large-shogi divide <depth> [--variant <name>] [--sfen <sfen>] [--moves <m1> ...]
  large-shogi analyse [--variant <name>] [--sfen <sfen>] [--depth N] [--nodes N]
                      [--movetime MS] [--multipv N] [--threads N] [--hash MB]
                      [--option NAME=VALUE] [--stream] [--moves <m1> ...]
                                 JSON on stdout: a bestmove object with the best
                                 N lines (and, with --stream, an info object per
                                 iteration and line first); --option (repeatable):
                                 an Eval weight, Contempt or a rule reading, as
                                 setoption takes them (default: depth 4, 1 thread,
                                 64 MB)
  large-shogi match --engine1 <cmd> --engine2 <cmd> [--games N] [--concurrency K]
                    [--tc movetime=MS|nodes=N|depth=N|SEC[+INC][/BYO]] [--variant <name>]
                    [--tc1 <tc>] [--tc2 <tc>] [--option1 NAME=VALUE] [--option2 NAME=VALUE]
                    [--openings <file of sfens>] [--max-plies N]
                    [--sprt ELO0,ELO1[,ALPHA,BETA]] [--out <games file>]
                    [--resign-score CP [--resign-plies N]]
                    [--draw-score CP [--draw-plies N] [--draw-after PLY]]
                    [--material-margin CP [--material-plies N]]
                                 adjudication (off unless asked): a win once the
                                 engines' last N scores all give one side >= CP
                                 (default N 6); a draw once they are all within CP
                                 of 0 after ply PLY (N 20, PLY 0); a win once one
                                 side's material is >= CP ahead N plies running (N 10)
                                 --tcN: engine N's own control instead of --tc;
                                 --optionN (repeatable): sent to engine N after the
                                 handshake (USI setoption, CECP option)
  large-shogi openings [--variant <name>] [--count N] [--plies N] [--seed S]
                       [--max-eval CP] [--depth D] [--option EvalX=N]
                                 an openings file on stdout: random sensible plies
                                 from the start, positions searched to depth D
                                 within CP of equal, no duplicates (see books/);
                                 --option (repeatable): an Eval weight for them
  large-shogi bench [--depth-offset N] [--repeat N]
                                 fixed positions of every variant, one thread:
                                 nodes, nodes per second, and the node signature
                                 (--repeat: each position N times, median time)
  large-shogi tune [--variant <name>] [--skip N] [--steps N] [--rate CP]
                   [--min-samples N] [--prior W] [--holdout N]
                   [--mobility yes|no] <games file> ...
                                 piece values fitted to the results of played
                                 games (match --out files): the quiet positions
                                 from ply N on (default 16), a Markdown table out;
                                 --prior: pull towards the table's values (0 to 1),
                                 --holdout N: every Nth game scored, not fitted,
                                 --mobility yes: the mobility weight fitted too
  large-shogi pieces [--variant <name>] [<code> ...]
                                 each piece's moves as a diagram on an empty board
variants:";

/// The usage text, with the variants' protocol names.
pub fn usage() -> String {
    format!("{USAGE} {}", variants::names(", "))
}

/// Walks the `--flag value` pairs of `args`, handing each to `set` (the flag,
/// the value's text, and the value as a number if it is one), which says
/// whether it took it; with `files`, arguments not starting `--` go there. A
/// pair refused is reported with the usage: `Err(2)`, the exit code.
pub fn flag_pairs(
    args: &[String],
    mut files: Option<&mut Vec<String>>,
    mut set: impl FnMut(&str, &str, Option<u64>) -> bool,
) -> Result<(), i32> {
    let mut i = 0;
    while i < args.len() {
        if let Some(files) = files.as_deref_mut()
            && !args[i].starts_with("--")
        {
            files.push(args[i].clone());
            i += 1;
            continue;
        }
        let value = args.get(i + 1).map(String::as_str).unwrap_or("");
        if !set(&args[i], value, value.parse::<u64>().ok()) {
            eprintln!("bad argument '{} {value}'\n{}", args[i], usage());
            return Err(2);
        }
        i += 2;
    }
    Ok(())
}

/// Stores flag value `n` (already checked against its range) in `slot`: true,
/// for `flag_pairs`, unless it does not fit the slot's type.
pub fn put<T: TryFrom<u64>>(slot: &mut T, n: u64) -> bool {
    T::try_from(n).map(|v| *slot = v).is_ok()
}

/// The variant named after `--variant`, or `None` after saying what is wrong.
pub fn variant_arg(name: Option<&String>) -> Option<&'static large_shogi::rules::kind::VariantDef> {
    let v = name.and_then(|v| variants::by_name(v));
    if v.is_none() {
        eprintln!("bad argument '--variant'\n{}", usage());
    }
    v
}
