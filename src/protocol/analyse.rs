//! Analysis for scripts: one position in, JSON out (one object per line).

use super::session::{Out, Report, Reporter};
use crate::search::{Bound, mate_plies};
use std::sync::Mutex;

/// Prints an `info` object per completed iteration (per line under MultiPV)
/// when `stream` is set, and always a final `bestmove` object.
pub struct JsonReporter {
    pub out: Out,
    pub stream: bool,
    /// The best line's fields and every line of the deepest complete iteration.
    last: Mutex<Last>,
}

#[derive(Default)]
struct Last {
    best: Option<String>,
    depth: u32,
    lines: Vec<String>,
}

impl JsonReporter {
    pub fn new(out: Out, stream: bool) -> Self {
        JsonReporter {
            out,
            stream,
            last: Mutex::new(Last::default()),
        }
    }
}

fn score_json(score: i32) -> String {
    match mate_plies(score) {
        Some(n) => format!("{{\"mate\":{n}}}"),
        None => format!("{{\"cp\":{score}}}"),
    }
}

/// Move texts are digits, lower-case letters, `+` and `=`: no escaping needed.
fn list(moves: &[String]) -> String {
    let quoted: Vec<String> = moves.iter().map(|m| format!("\"{m}\"")).collect();
    format!("[{}]", quoted.join(","))
}

impl Reporter for JsonReporter {
    fn error(&self, msg: &str) {
        (self.out)(&format!("{{\"type\":\"error\",\"message\":\"{msg}\"}}"));
    }

    fn iteration(&self, r: &Report) {
        let ms = r.elapsed.as_millis() as u64;
        let bound = match r.bound {
            Bound::Exact => "",
            Bound::Lower => ",\"bound\":\"lower\"",
            Bound::Upper => ",\"bound\":\"upper\"",
        };
        let fields = format!(
            "\"depth\":{},\"seldepth\":{},\"multipv\":{},\"score\":{}{bound},\"nodes\":{},\"nps\":{},\"time_ms\":{},\"hashfull\":{},\"pv\":{}",
            r.depth,
            r.seldepth,
            r.multipv,
            score_json(r.score),
            r.nodes,
            r.nodes * 1000 / ms.max(1),
            ms,
            r.hashfull,
            list(r.pv)
        );
        if self.stream {
            (self.out)(&format!("{{\"type\":\"info\",{fields}}}"));
        }
        if r.bound != Bound::Exact {
            return;
        }
        let mut last = self.last.lock().unwrap_or_else(|e| e.into_inner());
        if r.multipv == 1 {
            last.best = Some(fields);
            last.depth = r.depth;
            last.lines.clear();
        }
        if r.depth == last.depth {
            last.lines.push(format!(
                "{{\"multipv\":{},\"score\":{},\"pv\":{}}}",
                r.multipv,
                score_json(r.score),
                list(r.pv)
            ));
        }
    }

    fn best(&self, mv: Option<&str>) {
        let last = std::mem::take(&mut *self.last.lock().unwrap_or_else(|e| e.into_inner()));
        let best = match mv {
            Some(m) => format!("\"{m}\""),
            None => "null".into(),
        };
        let rest = match last.best {
            Some(f) => format!(",{f},\"lines\":[{}]", last.lines.join(",")),
            None => String::new(),
        };
        (self.out)(&format!(
            "{{\"type\":\"bestmove\",\"bestmove\":{best}{rest}}}"
        ));
    }
}
