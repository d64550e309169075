//! The board: geometry and bit sets.
pub mod bitboard;
pub mod geometry;
pub mod rays;

pub use bitboard::Bitboard;
pub use geometry::{DIRS, Geometry, NO_SQUARE, Square};
pub use rays::Rays;
