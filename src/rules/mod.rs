//! Rules as data: piece kinds, Betza notation, and the compiled form the engine uses.
pub mod betza;
pub mod compiled;
pub mod kind;

pub use compiled::{Form, Movement, Rules};
