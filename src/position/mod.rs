//! The position: mailbox, bitboards, piece list and incrementally updated attack maps.
//!
//! Piece ids are given out once, when the position is built, and stay with a piece
//! for its life (through promotion, capture and unmake). The attack map keeps, for
//! every piece, the set of squares it attacks (could capture on, or protects), and
//! for every square the set of piece ids attacking it. A piece whose attack set
//! depends on occupancy only depends on squares inside that set, so a move that
//! changes the occupancy of square `s` can only change the attack sets of
//! `attackers[s]`: make/unmake recompute exactly those. A captured piece's set
//! and map bits are left as they were (unmake revives it in the same position),
//! so every read of the map is masked with the pieces on the board.
//!
//! `make_deferred` leaves that upkeep for `sync` (`make` does both): the search
//! first asks what needs no attacks (the hash's table entry, a lazy stand pat in
//! quiescence), and a move taken back unsynced has no attack changes to undo.

mod attacks;
pub(crate) mod leap_table;
mod make;
mod pending;
mod sfen;
mod validate;

pub use pending::AfterPending;
pub use sfen::parse_board;

use crate::board::{Bitboard, Rays, Square};
use crate::moves::Move;
use crate::rules::{Form, Rules};
use crate::types::{FormId, NO_PIECE, PieceId, Side};
use arrayvec::ArrayVec;
use leap_table::Motion;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PieceInfo {
    pub form: FormId,
    pub side: Side,
    pub sq: Square,
}

#[derive(Clone, Debug)]
struct Undo<const C: usize> {
    mv: Move,
    mover: PieceId,
    old_form: FormId,
    captured_start: u32,
    attack_log_start: u32,
    hash: u64,
    /// The tracked mobility before the move: unmake restores it rather than
    /// undoing each attack change's share.
    mobility: [i32; 2],
    /// `quiet_plies` before the move.
    quiet_plies: u32,
}

/// The attack upkeep a `make_deferred` left for `sync`: the mover and the
/// squares whose occupancy changed (see `make`).
#[derive(Clone, Debug)]
struct Pending {
    mover: PieceId,
    emptied: ArrayVec<Square, { make::MAX_VICTIMS }>,
    filled: Square,
    replaced: Square,
    log_start: u32,
}

/// A change to a piece's attack set: the squares that flipped.
#[derive(Clone, Copy)]
struct Logged<const C: usize> {
    diff: Bitboard<C>,
    id: PieceId,
    /// `diff.nonzero_words()` on the big boards (`Bitboard::toggle_in`).
    nonzero: u32,
}

#[derive(Clone)]
pub struct Position<const C: usize> {
    pub rules: &'static Rules,
    rays: &'static Rays<C>,
    tables: &'static leap_table::LeapTable<C>,
    board: Vec<PieceId>,
    pieces: Vec<PieceInfo>,
    /// Per piece, the movement facts of its current form (kept with `pieces`).
    motion: Vec<Motion>,
    occ: [Bitboard<C>; 2],
    occ_all: Bitboard<C>,
    /// `occ_rank[k]`: squares of the pieces of range-capture rank above `k` (royals
    /// in all): what stops a range capture of rank `k + 1`, so that its line is a
    /// plain slide over these.
    occ_rank: [Bitboard<C>; RANKS],
    /// Ids of the pieces on the board, per side.
    side_ids: [Bitboard<C>; 2],
    /// Ids of pieces on the board whose attacks depend on occupancy (sliders).
    dependent: Bitboard<C>,
    /// Per side, ids of its pieces on the board that attack an enemy piece:
    /// where capture generation looks (with `apart`), not at every piece.
    hitters: [Bitboard<C>; 2],
    attacks: Vec<Bitboard<C>>,
    attackers: Vec<Bitboard<C>>,
    royals: [u32; 2],
    /// The evaluation's running sums, Black minus White (indexed by
    /// `MATERIAL`, `POTENTIAL`, `ADVANCE` and `CENTER`): the pieces on the
    /// board's `shares`, kept by `put`, `lift` and `shift`.
    sums: Shares,
    /// Per piece, what it adds to `sums` on its square in its current form:
    /// set where its square or form changes, so that taking it off (a range
    /// capture's many victims), putting it back, and asking what a capture
    /// would take (`capture_change`) read it rather than work it out.
    shares: Vec<Shares>,
    /// Ids of the pieces that are or may become royal (by promotion): where the
    /// royals are found without walking every piece.
    royal_watch: Vec<PieceId>,
    /// Ids of the pieces whose current form has moves generated apart from its
    /// attack set (lion powers, igui, the emperor's: `Motion::moves_apart`),
    /// captured ones included (masked with `side_ids` where read).
    apart: Bitboard<C>,
    /// Mobility kept incrementally once `track_mobility` is called (positions the
    /// search evaluates; perft does without): per side, the sum over its pieces
    /// of the attacked squares not holding its own pieces.
    mobility_tracked: bool,
    mobility: [i32; 2],
    hash: u64,
    stm: Side,
    move_number: u32,
    /// Plies since the last capture (or since the position was set up): what the
    /// evaluation's progress term reads.
    quiet_plies: u32,
    history: Vec<Undo<C>>,
    /// `hitters` before each synced move of `history` (only the attack upkeep
    /// changes them): most of the search's moves are taken back unsynced, and
    /// on the big boards the two sets are hundreds of bytes to copy.
    hitters_log: Vec<[Bitboard<C>; 2]>,
    captured: Vec<PieceId>,
    /// Changes to attack sets, as (piece, old set ^ new set), for unmake.
    attack_log: Vec<Logged<C>>,
    /// The last move's attack upkeep, if `make_deferred` left it to `sync`.
    pending: Option<Pending>,
}

/// A royal's worth in an exchange: losing it ends the game for a side with one.
pub const ROYAL_VALUE: i32 = 100_000;

/// Zobrist key of a piece form of a side on a square, from a mixing function
/// (no table: taikyoku would need hundreds of thousands of entries).
#[inline]
pub fn piece_key(form: FormId, side: Side, sq: Square) -> u64 {
    mix(((form as u64) << 32) ^ ((side as u64) << 24) ^ sq as u64 ^ 0x5348_4f47_4900_0000)
}

/// Range-capture ranks the position tracks (taikyoku uses 1 to 3).
pub const RANKS: usize = crate::rules::compiled::MAX_RANK;

pub const SIDE_KEY: u64 = 0x9e37_79b9_7f4a_7c15;

/// The evaluation's running sums of the pieces on the board (`Position::sums`)
/// or one piece's part of them (`Position::shares`), Black minus White: by
/// `MATERIAL`, `POTENTIAL`, `ADVANCE` and `CENTER`, the order
/// `capture_change` gives its change in.
pub type Shares = [i32; 4];
/// Piece values.
pub const MATERIAL: usize = 0;
/// Value the pieces' promotions still ahead would add (`Form::potential`).
pub const POTENTIAL: usize = 1;
/// Ranks the non-royal pieces stand forward of their own back rank.
pub const ADVANCE: usize = 2;
/// Centrality (`Rays::centrality`) of the stepping pieces (neither royal nor
/// sliding).
pub const CENTER: usize = 3;

/// `sums += sign * share`, lane by lane.
#[inline(always)]
fn add_shares(sums: &mut Shares, share: &Shares, sign: i32) {
    for (s, x) in sums.iter_mut().zip(share) {
        *s += sign * x;
    }
}

#[inline]
fn side_sign(side: Side) -> i32 {
    if side == Side::Black { 1 } else { -1 }
}

#[inline]
fn mix(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

impl<const C: usize> Position<C> {
    /// An empty board of the variant, Black to move.
    pub fn empty(rules: &'static Rules) -> Self {
        let n = rules.geo.squares();
        assert!(
            n <= Bitboard::<C>::CAPACITY,
            "board does not fit in {C} chunks"
        );
        Position {
            rules,
            rays: Rays::get(&rules.geo),
            tables: leap_table::LeapTable::get(rules),
            board: vec![NO_PIECE; n],
            pieces: Vec::new(),
            motion: Vec::new(),
            occ: [Bitboard::EMPTY; 2],
            occ_all: Bitboard::EMPTY,
            occ_rank: [Bitboard::EMPTY; RANKS],
            side_ids: [Bitboard::EMPTY; 2],
            dependent: Bitboard::EMPTY,
            attacks: Vec::new(),
            // One entry per bit a set can hold, so that walking a set's bits over
            // it needs no bounds checks.
            attackers: vec![Bitboard::EMPTY; Bitboard::<C>::CAPACITY],
            royals: [0; 2],
            sums: [0; 4],
            shares: Vec::new(),
            royal_watch: Vec::new(),
            apart: Bitboard::EMPTY,
            mobility_tracked: false,
            hitters: [Bitboard::EMPTY; 2],
            mobility: [0; 2],
            hash: 0,
            stm: Side::Black,
            move_number: 1,
            quiet_plies: 0,
            history: Vec::new(),
            hitters_log: Vec::new(),
            captured: Vec::new(),
            attack_log: Vec::new(),
            pending: None,
        }
    }

    /// Builds a position from pieces (square, form, side); ids follow the given order.
    pub fn from_pieces(
        rules: &'static Rules,
        pieces: &[(Square, FormId, Side)],
        stm: Side,
        move_number: u32,
    ) -> Self {
        let mut p = Self::empty(rules);
        for &(sq, form, side) in pieces {
            let id = p.pieces.len() as PieceId;
            p.pieces.push(PieceInfo { form, side, sq });
            p.motion.push(p.tables.motion(form, side.index()));
            p.attacks.push(Bitboard::EMPTY);
            p.shares.push(p.share_of(id));
            p.put::<true>(id);
            if rules.may_become_royal(form) {
                p.royal_watch.push(id);
            }
            if p.motion[id as usize].moves_apart() {
                p.apart.set(id as usize);
            }
        }
        for id in 0..p.pieces.len() as PieceId {
            p.refresh_attacks(id);
        }
        p.attack_log.clear();
        for id in 0..p.pieces.len() as PieceId {
            p.refresh_hitter(id);
        }
        p.stm = stm;
        if stm == Side::White {
            p.hash ^= SIDE_KEY;
        }
        p.move_number = move_number;
        p
    }

    /// Places piece `id` on its square (board, bitboards, hash, royal count).
    /// `HASH` is false in unmake, which restores the saved hash instead.
    #[inline]
    fn put<const HASH: bool>(&mut self, id: PieceId) {
        let PieceInfo { form, side, sq } = self.pieces[id as usize];
        let m = self.motion[id as usize];
        if self.mobility_tracked {
            // The square (covered by the side's other pieces: `id` is not among
            // its ids yet), then the piece's own attacks but its new square (they
            // may still be those of its old one): each pair counted once. Read
            // before the bits below are set, since a set read whole just after a
            // one-bit write into it stalls on store forwarding.
            let i = side.index();
            let att = &self.attacks[id as usize];
            self.mobility[i] += att.count_and_not_less(
                &self.occ[i],
                &self.attackers[sq as usize],
                &self.side_ids[i],
            ) - att.test(sq as usize) as i32;
        }
        self.board[sq as usize] = id;
        self.toggle_occupancy(side.index(), m.rank, sq);
        self.side_ids[side.index()].set(id as usize);
        if m.has(Motion::SLIDER) {
            self.dependent.set(id as usize);
        }
        if m.has(Motion::ROYAL) {
            self.royals[side.index()] += 1;
        }
        add_shares(&mut self.sums, &self.shares[id as usize], 1);
        if HASH {
            self.hash ^= piece_key(form, side, sq);
        }
    }

    /// Takes piece `id` off the board (its attacks are handled by the caller).
    #[inline]
    fn lift<const HASH: bool>(&mut self, id: PieceId) {
        let PieceInfo { form, side, sq } = self.pieces[id as usize];
        if self.mobility_tracked {
            // `put` undone: the piece's attacks, then its square as covered by
            // the side's other pieces.
            let i = side.index();
            // The side's pieces covering the square but this one (on the board,
            // so among them), without building a one-piece set to mask it.
            let att = &self.attacks[id as usize];
            let covering = &self.attackers[sq as usize];
            self.mobility[i] -= att.count_and_not_less(&self.occ[i], covering, &self.side_ids[i])
                + covering.test(id as usize) as i32;
        }
        let m = self.motion[id as usize];
        self.board[sq as usize] = NO_PIECE;
        self.toggle_occupancy(side.index(), m.rank, sq);
        self.side_ids[side.index()].clear(id as usize);
        self.dependent.clear(id as usize);
        if m.has(Motion::ROYAL) {
            self.royals[side.index()] -= 1;
        }
        add_shares(&mut self.sums, &self.shares[id as usize], -1);
        if HASH {
            self.hash ^= piece_key(form, side, sq);
        }
    }

    /// Flips `sq` in the occupancy sets of a piece of side index `side` and
    /// range-capture rank `rank`: `put` fills it, `lift` empties it, `shift` calls
    /// it for both squares. Bit by bit in place, never by xoring in a set built
    /// on the stack, which stalled on store forwarding (a fifth of make's time).
    #[inline(always)]
    fn toggle_occupancy(&mut self, side: usize, rank: u8, sq: Square) {
        self.occ[side].toggle(sq as usize);
        self.occ_all.toggle(sq as usize);
        for k in 0..(rank as usize).min(RANKS) {
            self.occ_rank[k].toggle(sq as usize);
        }
    }

    /// A non-royal piece of `side` on `sq`: its share of `advance`, signed.
    #[inline]
    fn advance_of(&self, side: Side, sq: Square) -> i32 {
        let black = self.rays.black_advance(sq) as i32;
        match side {
            Side::Black => black,
            Side::White => black - (self.rays.height() as i32 - 1),
        }
    }

    /// The share of `advance` a piece moving as `m` would have on `sq`: none
    /// for a royal.
    #[inline]
    fn advance_share(&self, m: &Motion, side: Side, sq: Square) -> i32 {
        if m.has(Motion::ROYAL) {
            0
        } else {
            self.advance_of(side, sq)
        }
    }

    /// The share of `center` a piece moving as `m` would have on `sq`: none
    /// for a royal or a slider.
    #[inline]
    pub(crate) fn center_share(&self, m: &Motion, side: Side, sq: Square) -> i32 {
        if m.has(Motion::ROYAL | Motion::SLIDER) {
            return 0;
        }
        side_sign(side) * self.rays.centrality(sq)
    }

    /// What piece `id` adds to `sums` on its square in its current form.
    #[inline]
    fn share_of(&self, id: PieceId) -> Shares {
        let PieceInfo { side, sq, .. } = self.pieces[id as usize];
        self.share_as(&self.motion[id as usize], side, sq)
    }

    /// What a piece of `side` moving as `m` would add to `sums` on `sq`.
    #[inline]
    fn share_as(&self, m: &Motion, side: Side, sq: Square) -> Shares {
        let sign = side_sign(side);
        [
            sign * m.value,
            sign * m.potential,
            self.advance_share(m, side, sq),
            self.center_share(m, side, sq),
        ]
    }

    /// Sets piece `id`'s `shares` entry after its square or form changed (off
    /// the board: `put` adds it).
    #[inline]
    fn refresh_share(&mut self, id: PieceId) {
        self.shares[id as usize] = self.share_of(id);
    }

    #[inline]
    fn form_of(&self, form: FormId) -> &'static Form {
        &self.rules.forms[form as usize]
    }

    #[inline]
    pub fn side_to_move(&self) -> Side {
        self.stm
    }

    #[inline]
    pub fn hash(&self) -> u64 {
        self.hash
    }

    pub fn move_number(&self) -> u32 {
        self.move_number
    }

    /// Plies since the last capture, or since the position was set up.
    pub fn quiet_plies(&self) -> u32 {
        self.quiet_plies
    }

    /// Plies made since the position was built.
    pub fn ply(&self) -> usize {
        self.history.len()
    }

    #[inline]
    pub fn piece_at(&self, sq: Square) -> Option<PieceId> {
        let id = self.board[sq as usize];
        (id != NO_PIECE).then_some(id)
    }

    #[inline]
    pub fn piece(&self, id: PieceId) -> PieceInfo {
        self.pieces[id as usize]
    }

    #[inline]
    pub fn form(&self, id: PieceId) -> &'static Form {
        self.form_of(self.pieces[id as usize].form)
    }

    /// The direction from `from` to `to` and their distance, when `to` lies on
    /// one of the eight lines through `from` (else direction 8).
    #[inline]
    pub fn line(&self, from: Square, to: Square) -> (usize, usize) {
        self.rays.line(from, to)
    }

    /// The variant's ray tables.
    #[inline]
    pub(crate) fn rays(&self) -> &'static Rays<C> {
        self.rays
    }

    /// The set of the board's squares.
    #[inline]
    pub fn squares(&self) -> &Bitboard<C> {
        self.rays.board()
    }

    #[inline]
    pub fn occupied(&self) -> Bitboard<C> {
        self.occ_all
    }

    #[inline]
    pub fn occupied_by(&self, side: Side) -> Bitboard<C> {
        self.occ[side.index()]
    }

    /// Ids of `side`'s pieces on the board.
    #[inline]
    pub fn pieces_of(&self, side: Side) -> Bitboard<C> {
        self.side_ids[side.index()]
    }

    /// Piece `id`'s value, and whether it is royal: `form(id)`'s, from the
    /// facts kept beside the piece (no walk to the form's record).
    #[inline]
    pub fn value_of(&self, id: PieceId) -> (i32, bool) {
        let m = &self.motion[id as usize];
        (m.value, m.has(Motion::ROYAL))
    }

    /// Piece `id`'s worth in an exchange: its value, or `ROYAL_VALUE` for a
    /// royal.
    #[inline]
    pub fn exchange_value(&self, id: PieceId) -> i32 {
        match self.value_of(id) {
            (_, true) => ROYAL_VALUE,
            (v, false) => v,
        }
    }

    /// The movement facts of piece `id`'s current form (what generation needs).
    #[inline]
    pub(crate) fn motion_of(&self, id: PieceId) -> Motion {
        self.motion[id as usize]
    }

    #[inline]
    pub(crate) fn occupied_ref(&self, side: Side) -> &Bitboard<C> {
        &self.occ[side.index()]
    }

    #[inline]
    pub(crate) fn attacks_ref(&self, id: PieceId) -> &Bitboard<C> {
        self.debug_assert_synced();
        &self.attacks[id as usize]
    }

    #[inline]
    pub fn attacks_of(&self, id: PieceId) -> Bitboard<C> {
        self.debug_assert_synced();
        self.attacks[id as usize]
    }

    /// Ids of `side`'s pieces that might take on `sq`: its attackers and the
    /// pieces with moves generated apart from their attack sets.
    #[inline]
    pub(crate) fn may_take_on(&self, sq: Square, side: Side) -> Bitboard<C> {
        self.attackers_of(sq, side) | self.moving_apart(side)
    }

    /// Ids of `side`'s pieces that have moves generated apart from their
    /// attack sets.
    #[inline]
    pub(crate) fn moving_apart(&self, side: Side) -> Bitboard<C> {
        self.apart & self.side_ids[side.index()]
    }

    /// Ids of `side`'s pieces that attack an enemy piece.
    #[inline]
    pub(crate) fn hitters(&self, side: Side) -> &Bitboard<C> {
        self.debug_assert_synced();
        &self.hitters[side.index()]
    }

    /// Squares of the enemy pieces that `side`'s pieces attack (read off the
    /// attack sets of its `hitters`): where quiescence looks for its most
    /// valuable victim before it generates any capture.
    pub(crate) fn attacked_enemies(&self, side: Side) -> Bitboard<C> {
        let mut bb = Bitboard::EMPTY;
        for id in self.hitters(side).iter() {
            bb |= self.attacks[id];
        }
        bb & self.occ[side.flip().index()]
    }

    /// Puts piece `id` (on the board) in its side's `hitters` or takes it out,
    /// as its attacks hold an enemy piece or not.
    #[inline]
    fn refresh_hitter(&mut self, id: PieceId) {
        let side = self.pieces[id as usize].side.index();
        let hit = self.attacks[id as usize].intersects(&self.occ[1 - side]);
        let set = &mut self.hitters[side];
        if hit {
            set.set(id as usize);
        } else {
            set.clear(id as usize);
        }
    }

    /// Ids of `side`'s pieces attacking `sq`.
    #[inline]
    pub fn attackers_of(&self, sq: Square, side: Side) -> Bitboard<C> {
        self.debug_assert_synced();
        self.attackers[sq as usize] & self.side_ids[side.index()]
    }

    #[inline]
    pub fn is_attacked(&self, sq: Square, by: Side) -> bool {
        self.debug_assert_synced();
        self.attackers[sq as usize].intersects(&self.side_ids[by.index()])
    }

    /// Royal pieces `side` has on the board.
    #[inline]
    pub fn royal_count(&self, side: Side) -> u32 {
        self.royals[side.index()]
    }

    /// Hash of the position `k` plies back (`k >= 1`, at most `ply()`).
    pub fn key_back(&self, k: usize) -> u64 {
        self.history[self.history.len() - k].hash
    }

    /// The move made `k` plies back (`k = 1` is the last one).
    pub fn line_move(&self, k: usize) -> Option<Move> {
        let i = self.history.len().checked_sub(k)?;
        Some(self.history[i].mv)
    }

    /// The move that led here, if any.
    pub fn last_move(&self) -> Option<Move> {
        self.history.last().map(|u| u.mv)
    }

    /// Whether the move that led here was a pass: a piece back on its own
    /// square, nothing captured (the repeated-pass rule).
    pub fn last_move_passed(&self) -> bool {
        self.history.last().is_some_and(|u| {
            u.mv != Move::NULL
                && u.mv.from == u.mv.to
                && self.captured.len() == u.captured_start as usize
        })
    }

    /// Whether `side` has a single royal and it is attacked: a check in these games,
    /// where a side with several royals can afford to lose one.
    pub fn in_check(&self, side: Side) -> bool {
        if self.royals[side.index()] != 1 {
            return false;
        }
        (self.royal_squares(side).next()).is_some_and(|sq| self.is_attacked(sq, side.flip()))
    }

    /// Whether piece `id` attacks a piece of the other side (the pursuit rule).
    pub fn attacks_an_enemy(&self, id: PieceId) -> bool {
        self.debug_assert_synced();
        let enemy = self.pieces[id as usize].side.flip();
        self.attacks[id as usize].intersects(&self.occ[enemy.index()])
    }

    /// Squares of `side`'s royals on the board.
    #[inline]
    pub fn royal_squares(&self, side: Side) -> impl Iterator<Item = Square> + '_ {
        let ids = &self.side_ids[side.index()];
        (self.royal_watch.iter())
            .filter(move |&&id| {
                ids.test(id as usize) && self.motion[id as usize].has(Motion::ROYAL)
            })
            .map(|&id| self.pieces[id as usize].sq)
    }

    /// Direction (8 when off every line) and distance from `from` to `to`.
    #[inline]
    pub fn line_between(&self, from: Square, to: Square) -> (usize, usize) {
        self.rays.line(from, to)
    }

    pub fn square_name(&self, sq: Square) -> String {
        self.rules.geo.name(sq)
    }

    /// Sum of piece values, Black minus White.
    #[inline]
    pub fn material(&self) -> i32 {
        self.sums[MATERIAL]
    }

    /// Value the promotions still ahead of the pieces on the board would add,
    /// Black minus White.
    #[inline]
    pub fn potential(&self) -> i32 {
        self.sums[POTENTIAL]
    }

    /// Ranks the non-royal pieces stand forward of their own back rank, summed,
    /// Black minus White.
    #[inline]
    pub fn advance(&self) -> i32 {
        self.sums[ADVANCE]
    }

    /// The stepping pieces' centrality, summed, Black minus White.
    #[inline]
    pub fn center(&self) -> i32 {
        self.sums[CENTER]
    }

    /// From now on, keeps the mobility incrementally (the search's positions).
    pub fn track_mobility(&mut self) {
        for side in Side::BOTH {
            let i = side.index();
            self.mobility[i] = (self.side_ids[i].iter())
                .map(|id| self.attacks[id].count_and_not(&self.occ[i]) as i32)
                .sum();
        }
        self.mobility_tracked = true;
    }

    /// Squares `side`'s pieces attack, counted once per attacker, less those
    /// holding its own pieces.
    pub fn mobility(&self, side: Side) -> i32 {
        self.debug_assert_synced();
        let i = side.index();
        if self.mobility_tracked {
            return self.mobility[i];
        }
        (self.side_ids[i].iter())
            .map(|id| self.attacks[id].count_and_not(&self.occ[i]) as i32)
            .sum()
    }

    /// Debug builds: the attacks are read only once no upkeep is pending.
    #[inline(always)]
    pub(crate) fn debug_assert_synced(&self) {
        debug_assert!(self.pending.is_none(), "attacks read before sync");
    }

    /// While a `make_deferred` move awaits `sync`: the tracked mobility of both
    /// sides before it (Black's, White's), what a lazy evaluation stands in for
    /// the mobility after it. None when synced or not tracked.
    pub fn mobility_before_pending(&self) -> Option<[i32; 2]> {
        if self.pending.is_none() || !self.mobility_tracked {
            return None;
        }
        self.history.last().map(|u| u.mobility)
    }

    /// The tracked mobility, Black's less White's, of a synced position (None
    /// if not tracked).
    pub fn mobility_if_tracked(&self) -> Option<i32> {
        self.debug_assert_synced();
        self.mobility_tracked
            .then(|| self.mobility[0] - self.mobility[1])
    }

    /// The mobility kept incrementally against a count from scratch.
    pub(crate) fn check_mobility(&self) -> Result<(), String> {
        if !self.mobility_tracked {
            return Ok(());
        }
        let mut fresh = self.clone();
        fresh.mobility_tracked = false;
        for side in Side::BOTH {
            if self.mobility(side) != fresh.mobility(side) {
                return Err(format!(
                    "{side:?} mobility {} kept, {} counted",
                    self.mobility(side),
                    fresh.mobility(side)
                ));
            }
        }
        Ok(())
    }
}
