//! USI's search output: `info` lines and `bestmove`.

use crate::protocol::session::{Final, Out, Report, Reporter};
use crate::search::{Bound, mate_plies};

/// USI output: `info ...` lines and `bestmove ... [ponder ...]`, or `checkmate`
/// after `go mate`.
pub struct UsiReporter {
    pub out: Out,
    pub mate_search: bool,
}

impl Reporter for UsiReporter {
    fn error(&self, msg: &str) {
        (self.out)(&format!("info string error: {msg}"));
    }

    fn iteration(&self, r: &Report) {
        let ms = r.elapsed.as_millis().max(1) as u64;
        let multipv = if r.lines > 1 {
            format!(" multipv {}", r.multipv)
        } else {
            String::new()
        };
        let bound = match r.bound {
            Bound::Exact => "",
            Bound::Lower => " lowerbound",
            Bound::Upper => " upperbound",
        };
        (self.out)(&format!(
            "info depth {} seldepth {}{multipv} score {}{bound} nodes {} nps {} time {} hashfull {} pv {}",
            r.depth,
            r.seldepth,
            score_text(r.score),
            r.nodes,
            r.nodes * 1000 / ms,
            r.elapsed.as_millis(),
            r.hashfull,
            r.pv.join(" ")
        ));
    }

    fn currmove(&self, mv: &str, number: usize, depth: u32) {
        (self.out)(&format!(
            "info depth {depth} currmove {mv} currmovenumber {number}"
        ));
    }

    fn best(&self, mv: Option<&str>) {
        match mv {
            Some(m) => (self.out)(&format!("bestmove {m}")),
            None => (self.out)("bestmove resign"),
        }
    }

    fn finish(&self, f: &Final) {
        if self.mate_search {
            let line = match mate_plies(f.score) {
                Some(n) if n > 0 => {
                    let moves = f.pv.len().min(n as usize);
                    format!("checkmate {}", f.pv[..moves].join(" "))
                }
                _ if f.cut_short => "checkmate timeout".into(),
                _ => "checkmate nomate".into(),
            };
            return (self.out)(&line);
        }
        match (f.best, f.pv.get(1)) {
            (Some(m), Some(p)) if f.pv.first().map(String::as_str) == Some(m) => {
                (self.out)(&format!("bestmove {m} ponder {p}"))
            }
            _ => self.best(f.best),
        }
    }
}

/// `score cp N` or `score mate N` (plies; negative when the engine is mated).
fn score_text(score: i32) -> String {
    match mate_plies(score) {
        Some(n) => format!("mate {n}"),
        None => format!("cp {score}"),
    }
}
