//! The protocols around the engine.
pub mod analyse;
pub mod cecp;
pub mod session;
pub mod usi;

pub use usi::{Engine, Flow};

use session::Out;

/// The protocol loop's state: USI until the first `xboard` command.
pub enum Frontend {
    Usi(Engine),
    Cecp(cecp::CecpEngine),
}

impl Frontend {
    pub fn new(out: Out) -> Self {
        Frontend::Usi(Engine::new(out))
    }

    pub fn handle(&mut self, line: &str, out: &Out) -> Flow {
        match self {
            Frontend::Usi(e) if line.trim() == "xboard" => {
                e.finish_search();
                *self = Frontend::Cecp(cecp::CecpEngine::new(out.clone()));
                Flow::Continue
            }
            Frontend::Usi(e) => e.handle(line),
            Frontend::Cecp(e) => e.handle(line),
        }
    }

    /// The current position's SFEN (for tests).
    pub fn sfen(&self) -> String {
        match self {
            Frontend::Usi(e) => e.sfen(),
            Frontend::Cecp(e) => e.sfen(),
        }
    }

    /// Checks the game's state against a fresh build of its position (for tests).
    pub fn validate(&self) -> Result<(), String> {
        match self {
            Frontend::Usi(e) => e.validate(),
            Frontend::Cecp(e) => e.validate(),
        }
    }

    /// Whether a search may still be running or have a move to deliver (for tests).
    pub fn searching(&self) -> bool {
        match self {
            Frontend::Usi(e) => e.searching(),
            Frontend::Cecp(e) => e.searching(),
        }
    }

    /// At the end of input: lets a running search finish its work.
    pub fn finish(&mut self) {
        match self {
            Frontend::Usi(e) => e.finish_search(),
            Frontend::Cecp(e) => e.finish(),
        }
    }
}
