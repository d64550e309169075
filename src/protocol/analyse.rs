//! Analysis for scripts: one position in, JSON out (one object per line).

use super::session::{Out, Report, Reporter};
use crate::search::mate_plies;
use std::sync::Mutex;

/// Prints an `info` object per completed iteration when `stream` is set, and
/// always a final `bestmove` object.
pub struct JsonReporter {
    pub out: Out,
    pub stream: bool,
    last: Mutex<Option<String>>,
}

impl JsonReporter {
    pub fn new(out: Out, stream: bool) -> Self {
        JsonReporter {
            out,
            stream,
            last: Mutex::new(None),
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
        let fields = format!(
            "\"depth\":{},\"seldepth\":{},\"score\":{},\"nodes\":{},\"nps\":{},\"time_ms\":{},\"pv\":{}",
            r.depth,
            r.seldepth,
            score_json(r.score),
            r.nodes,
            r.nodes * 1000 / ms.max(1),
            ms,
            list(r.pv)
        );
        if self.stream {
            (self.out)(&format!("{{\"type\":\"info\",{fields}}}"));
        }
        *self.last.lock().unwrap_or_else(|e| e.into_inner()) = Some(fields);
    }

    fn best(&self, mv: Option<&str>) {
        let last = self.last.lock().unwrap_or_else(|e| e.into_inner()).take();
        let best = match mv {
            Some(m) => format!("\"{m}\""),
            None => "null".into(),
        };
        let rest = last.map(|f| format!(",{f}")).unwrap_or_default();
        (self.out)(&format!(
            "{{\"type\":\"bestmove\",\"bestmove\":{best}{rest}}}"
        ));
    }
}
