//! Small shared value types.

/// Black moves first (sente); White second (gote).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum Side {
    Black = 0,
    White = 1,
}

impl Side {
    #[inline]
    pub fn flip(self) -> Side {
        match self {
            Side::Black => Side::White,
            Side::White => Side::Black,
        }
    }

    #[inline]
    pub fn index(self) -> usize {
        self as usize
    }

    pub const BOTH: [Side; 2] = [Side::Black, Side::White];
}

/// Index of a piece in a position's piece list; stable for the life of the position.
pub type PieceId = u16;
pub const NO_PIECE: PieceId = u16::MAX;

/// Index of a piece form (a base kind, promoted or not) in a variant's rules.
pub type FormId = u16;
