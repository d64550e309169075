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
    /// The lines of iteration `depth` so far, and of the one before: (first
    /// move, the object's fields after `multipv`).
    lines: Vec<(String, String)>,
    before: Vec<(String, String)>,
    /// Lines asked for (`MultiPV`).
    wanted: usize,
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
            if r.depth != last.depth {
                last.before = std::mem::take(&mut last.lines);
            }
            last.depth = r.depth;
            last.lines.clear();
            last.wanted = r.lines.max(1);
        }
        if r.depth == last.depth {
            let first = r.pv.first().cloned().unwrap_or_default();
            let line = format!(
                "\"depth\":{},\"score\":{},\"pv\":{}",
                r.depth,
                score_json(r.score),
                list(r.pv)
            );
            last.lines.push((first, line));
        }
    }

    fn best(&self, mv: Option<&str>) {
        let last = std::mem::take(&mut *self.last.lock().unwrap_or_else(|e| e.into_inner()));
        let best = match mv {
            Some(m) => format!("\"{m}\""),
            None => "null".into(),
        };
        // A limit that stopped the last iteration between its lines leaves the
        // lines it did not reach to the iteration before (each says its depth).
        let mut lines: Vec<&str> = last.lines.iter().map(|(_, l)| l.as_str()).collect();
        for (first, line) in &last.before {
            if lines.len() < last.wanted && !last.lines.iter().any(|(f, _)| f == first) {
                lines.push(line);
            }
        }
        let lines: Vec<String> = (lines.iter().enumerate())
            .map(|(i, l)| format!("{{\"multipv\":{},{l}}}", i + 1))
            .collect();
        let rest = match &last.best {
            Some(f) => format!(",{f},\"lines\":[{}]", lines.join(",")),
            None => String::new(),
        };
        (self.out)(&format!(
            "{{\"type\":\"bestmove\",\"bestmove\":{best}{rest}}}"
        ));
    }
}
