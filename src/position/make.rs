//! Make and unmake, with an undo record (no copy-make: large boards make copies dear).

use super::leap_table::Motion;
use super::{
    ADVANCE, CENTER, Logged, Pending, Position, RANKS, SIDE_KEY, Undo, add_shares, piece_key,
};
use crate::board::{Bitboard, NO_SQUARE, Square};
use crate::moves::Move;
use crate::types::{FormId, NO_PIECE, PieceId};
use arrayvec::ArrayVec;

impl<const C: usize> Position<C> {
    /// Makes a move generated for this position (or matched by `parse_move`).
    pub fn make(&mut self, mv: Move) {
        self.make_deferred(mv);
        self.sync();
    }

    /// What unmake needs to restore the position as it stands, before `mv`
    /// (by `mover`, whose form is `old_form`) changes it.
    #[inline(always)]
    fn undo_record(&self, mv: Move, mover: PieceId, old_form: FormId) -> Undo<C> {
        Undo {
            mv,
            mover,
            old_form,
            captured_start: self.captured.len() as u32,
            attack_log_start: self.attack_log.len() as u32,
            hash: self.hash,
            mobility: self.mobility,
            quiet_plies: self.quiet_plies,
        }
    }

    /// Makes `mv` but leaves the attack upkeep (other pieces' attack sets, the
    /// mover's, the per-square map, `hitters`, and with them the tracked
    /// mobility) for `sync`. Everything else is up to date: the board, material,
    /// promotion potential, royals, hash and side to move. The search asks the
    /// evaluation whether a quiescence node stands pat before it pays for the
    /// upkeep; most do, and unmake of a move never synced has no attacks to undo.
    pub fn make_deferred(&mut self, mv: Move) {
        self.sync();
        let mover = self.board[mv.from as usize];
        debug_assert!(mover != NO_PIECE, "no piece on the from square");
        let old_form = self.pieces[mover as usize].form;
        let undo = self.undo_record(mv, mover, old_form);
        // Squares whose occupancy changes: only these can alter other pieces'
        // attacks. Emptied: the victims' squares off the destination and the from
        // square; filled: the destination, unless it held a victim (then it is
        // `replaced`: same occupancy, another piece, which matters to range capture).
        if self.is_plain(mv) {
            // The common move: one piece to one square, taking at most what is there.
            let v = self.board[mv.to as usize];
            let (filled, replaced, last_victim) = if v != NO_PIECE {
                let victim = self.pieces[v as usize].form;
                self.capture(v);
                (NO_SQUARE, mv.to, Some(victim))
            } else {
                (mv.to, NO_SQUARE, None)
            };
            let new_form = if mv.promotes() || last_victim.is_some() {
                self.form_after(mover, mv, last_victim)
            } else {
                old_form
            };
            self.relocate(mover, mv, old_form, new_form);
            return self.finish_make(mover, undo, &[mv.from], filled, replaced);
        }
        let victims = self.victims(mv);
        let mut emptied: ArrayVec<Square, MAX_VICTIMS> = ArrayVec::new();
        let mut filled = NO_SQUARE;
        let mut replaced = NO_SQUARE;
        let mut last_victim = None;
        for &s in &victims {
            let v = self.board[s as usize];
            last_victim = Some(self.pieces[v as usize].form);
            self.capture(v);
            if s == mv.to {
                replaced = s;
            } else {
                emptied.push(s);
            }
        }
        let new_form = self.form_after(mover, mv, last_victim);
        if mv.to != mv.from {
            if replaced == NO_SQUARE {
                filled = mv.to;
            }
            emptied.push(mv.from);
            self.relocate(mover, mv, old_form, new_form);
        } else if new_form != old_form {
            // Igui with promotion: the piece stays but turns over.
            self.lift::<true>(mover);
            self.set_form(mover, new_form);
            self.refresh_share(mover);
            self.put::<true>(mover);
            replaced = mv.from;
        }
        self.finish_make(mover, undo, &emptied, filled, replaced);
    }

    /// Ends a move whose pieces have moved: the record for unmake and the turn
    /// now; the attack upkeep is left pending for `sync`.
    #[inline(always)]
    fn finish_make(
        &mut self,
        mover: PieceId,
        undo: Undo<C>,
        emptied: &[Square],
        filled: Square,
        replaced: Square,
    ) {
        self.quiet_plies = if self.captured.len() > undo.captured_start as usize {
            0
        } else {
            undo.quiet_plies + 1
        };
        self.pending = Some(Pending {
            mover,
            emptied: emptied
                .try_into()
                .expect("at most MAX_VICTIMS squares, as in make"),
            filled,
            replaced,
            log_start: undo.attack_log_start,
        });
        self.history.push(undo);
        self.stm = self.stm.flip();
        self.hash ^= SIDE_KEY;
        self.move_number += 1;
    }

    /// Whether the last move's attack upkeep is still pending (`make_deferred`).
    #[inline]
    pub fn is_pending(&self) -> bool {
        self.pending.is_some()
    }

    /// Does the attack upkeep a `make_deferred` left pending, if any.
    #[inline]
    pub fn sync(&mut self) {
        if let Some(p) = self.pending.take() {
            self.upkeep(p.mover, &p.emptied, p.filled, p.replaced, p.log_start);
        }
    }

    /// `sync`, given the sets `after_pending` worked out for the move now
    /// pending (quiescence asks for them first, and syncs where they did not
    /// settle the node): the same changes, in the same order, not worked out
    /// again.
    pub fn sync_with(&mut self, after: &super::AfterPending<C>) {
        debug_assert_eq!(after.key, self.hash, "sets worked out for another move");
        if let Some(p) = self.pending.take() {
            for &(id, set) in after.sets() {
                self.replace_attacks(id, set);
            }
            self.update_hitters(
                p.mover,
                p.log_start as usize,
                &p.emptied,
                p.filled,
                p.replaced,
            );
        }
    }

    /// The attack upkeep after the pieces have moved: sliders that saw a changed
    /// square (only their lines through it change), then the mover. The
    /// per-square map still holds the attacks from before the move, which is
    /// what finds the sliders.
    #[inline(always)]
    fn upkeep(
        &mut self,
        mover: PieceId,
        emptied: &[Square],
        filled: Square,
        replaced: Square,
        log_start: u32,
    ) {
        let ranks = self.touched_ranks(mover, emptied, replaced);
        let mut seen = self.seeing(emptied, filled);
        if replaced != NO_SQUARE && self.rules.has_range_capture {
            for id in (self.attackers[replaced as usize] & self.dependent).iter() {
                if self.motion[id].has(Motion::RANGE) {
                    seen.set(id);
                }
            }
        }
        // The mover's attacks are recomputed below. Walked word by word (no
        // iterator): usually one or two sliders see the changed squares.
        seen.clear(mover as usize);
        for w in 0..2 * C {
            let mut x = seen.word(w);
            while x != 0 {
                let id = w * 64 + x.trailing_zeros() as usize;
                x &= x - 1;
                self.update_lines(id as PieceId, emptied, filled, replaced, &ranks);
            }
        }
        self.refresh_attacks(mover);
        self.update_hitters(mover, log_start as usize, emptied, filled, replaced);
    }

    /// The pieces on the board whose attacks depend on occupancy and reach a
    /// square the move `emptied` or `filled` (read off the per-square map from
    /// before the upkeep): those whose lines the upkeep may change.
    #[inline(always)]
    pub(super) fn seeing(&self, emptied: &[Square], filled: Square) -> Bitboard<C> {
        let mut seen = Bitboard::EMPTY;
        for &s in emptied {
            seen |= self.attackers[s as usize];
        }
        if filled != NO_SQUARE {
            seen |= self.attackers[filled as usize];
        }
        seen & self.dependent
    }

    /// Per changed square, the highest range-capture rank (clamped to `RANKS`)
    /// among the pieces that left or reached it: the mover in its old form and
    /// its new, and what it took. A range line of a higher rank flies over
    /// them all, so that square cannot change it. The top rank where no piece
    /// captures by range (nothing to skip).
    fn touched_ranks(&self, mover: PieceId, emptied: &[Square], replaced: Square) -> TouchedRanks {
        let top = RANKS as u8;
        let mut ranks = TouchedRanks {
            emptied: [top; MAX_VICTIMS],
            more: [top; 2],
            max: top,
        };
        if !self.rules.has_range_capture {
            return ranks;
        }
        let undo = self.history.last().expect("a move was made");
        let clamp = |r: u8| r.min(top);
        let old = clamp(self.rules.rank[undo.old_form as usize]);
        let new = clamp(self.motion[mover as usize].rank);
        // `make_deferred` empties the victims' squares in the order it takes
        // them (the one on the destination replaced, not emptied), then the
        // mover's square.
        let mut i = 0;
        let mut on_replaced = 0;
        for &v in &self.captured[undo.captured_start as usize..] {
            let rank = clamp(self.motion[v as usize].rank);
            if self.pieces[v as usize].sq == replaced {
                on_replaced = rank;
            } else {
                ranks.emptied[i] = rank;
                i += 1;
            }
        }
        if i < emptied.len() {
            ranks.emptied[i] = old;
        }
        ranks.more = [new, on_replaced.max(new)];
        if replaced == undo.mv.from {
            // Igui with promotion: the piece stays but turns over.
            ranks.more[1] = old.max(new).max(on_replaced);
        }
        ranks.max = (ranks.emptied[..emptied.len()].iter())
            .chain(&ranks.more)
            .fold(0, |m, &r| m.max(r));
        ranks
    }

    /// Brings `hitters` up to date after the pieces moved and the attacks were
    /// updated. A piece whose attacks changed (logged since `log_start`) is
    /// tested whole. Any other can change only through a square it attacks
    /// whose occupant changed side: it becomes a hitter where an enemy of it
    /// arrived, and may stop being one where an enemy of it left (tested whole
    /// then, if it was one). Captured pieces drop out.
    #[inline(never)]
    fn update_hitters(
        &mut self,
        mover: PieceId,
        log_start: usize,
        emptied: &[Square],
        filled: Square,
        replaced: Square,
    ) {
        // Logged for unmake before they change.
        self.hitters_log.push(self.hitters);
        let us = self.pieces[mover as usize].side.index();
        let undo = self.history.last().expect("a move was made");
        let (mv, first_victim) = (undo.mv, undo.captured_start as usize);
        // `us`' enemies attacking a square the mover (or none) now holds gain
        // it; pieces of the side whose piece left a square may lose it.
        let mut gain = Bitboard::EMPTY;
        let mut lose = [Bitboard::EMPTY; 2];
        if filled != NO_SQUARE {
            gain |= self.attackers[filled as usize];
        }
        // A victim replaced by the mover (not an igui piece turned over); its
        // side's loss is the victims' below.
        if replaced != NO_SQUARE && replaced != mv.from {
            gain |= self.attackers[replaced as usize];
        }
        if emptied.contains(&mv.from) {
            lose[1 - us] |= self.attackers[mv.from as usize];
        }
        // Victims, friends too (a range capture removes those it flies over).
        for &v in &self.captured[first_victim..] {
            let p = self.pieces[v as usize];
            lose[1 - p.side.index()] |= self.attackers[p.sq as usize];
        }
        for side in 0..2 {
            self.hitters[side] &= self.side_ids[side];
        }
        gain &= self.side_ids[1 - us];
        self.hitters[1 - us] |= gain;
        let mut ids = (lose[0] & self.hitters[0]) | (lose[1] & self.hitters[1]);
        for l in &self.attack_log[log_start..] {
            ids.set(l.id as usize);
        }
        ids &= self.side_ids[0] | self.side_ids[1];
        ids = ids.and_not(&gain);
        // Word by word, as in `finish_make`: an iterator here cost dai 4 % of
        // its instructions (and a shared closure-taking helper for both loops,
        // 1.4 %).
        for w in 0..2 * C {
            let mut x = ids.word(w);
            while x != 0 {
                let id = w * 64 + x.trailing_zeros() as usize;
                x &= x - 1;
                self.refresh_hitter(id as PieceId);
            }
        }
    }

    /// How `mv` would change the material, the promotion potential, the
    /// advance and the centrality (Black's view): its victims gone, its mover
    /// moved and promoted or turned by contagion. None if it takes a royal (the
    /// reply's node ends on that first).
    pub fn capture_change(&self, mv: Move) -> Option<[i32; 4]> {
        let mover = self.board[mv.from as usize];
        let (mut change, mut last, mut royal) = ([0; 4], None, false);
        self.visit_victims(mv, |_, v| {
            add_shares(&mut change, &self.shares[v as usize], -1);
            royal |= self.motion[v as usize].has(Motion::ROYAL);
            last = Some(self.pieces[v as usize].form);
        });
        if royal {
            return None;
        }
        let p = self.pieces[mover as usize];
        let new_form = self.form_after(mover, mv, last);
        let new = if new_form != p.form {
            &self.tables.motion(new_form, p.side.index())
        } else {
            &self.motion[mover as usize]
        };
        // A piece promoting to a royal leaves the advance's sum.
        add_shares(&mut change, &self.share_as(new, p.side, mv.to), 1);
        add_shares(&mut change, &self.shares[mover as usize], -1);
        Some(change)
    }

    /// The mover's form after the move: promoted if the move says so, then turned
    /// by contagion (maka dai dai) if the last piece it took carries it.
    #[inline]
    fn form_after(&self, mover: PieceId, mv: Move, last_victim: Option<FormId>) -> FormId {
        let old = self.pieces[mover as usize].form;
        let mut form = old;
        if mv.promotes() {
            form = self.form_of(old).promotes_to.expect("promotable");
        }
        if let Some(victim) = last_victim
            && !self.rules.contagion.is_empty()
            && !self.rules.contagion_immune[old as usize]
            && let Some(&(_, to)) = self.rules.contagion.iter().find(|c| c.0 == victim)
        {
            form = to;
        }
        form
    }

    /// Carries the mover from `mv.from` to `mv.to` (emptied of any victim), turning it
    /// into `new_form` on the way if that differs.
    #[inline(always)]
    fn relocate(&mut self, mover: PieceId, mv: Move, old_form: FormId, new_form: FormId) {
        if new_form != old_form {
            self.lift::<true>(mover);
            self.set_form(mover, new_form);
            self.pieces[mover as usize].sq = mv.to;
            self.refresh_share(mover);
            self.put::<true>(mover);
        } else {
            let us = self.pieces[mover as usize].side;
            self.shift(mover, mv.from, mv.to);
            self.hash ^= piece_key(old_form, us, mv.from) ^ piece_key(old_form, us, mv.to);
        }
    }

    /// Moves piece `id` from `from` to `to` (an empty square) without changing its
    /// form: mailbox, occupancy and piece list (not the hash).
    #[inline(always)]
    fn shift(&mut self, id: PieceId, from: Square, to: Square) {
        let side = self.pieces[id as usize].side;
        // Only the advance and the centrality depend on the square.
        let m = &self.motion[id as usize];
        let (advance, center) = (
            self.advance_share(m, side, to),
            self.center_share(m, side, to),
        );
        let share = &mut self.shares[id as usize];
        self.sums[ADVANCE] += advance - share[ADVANCE];
        self.sums[CENTER] += center - share[CENTER];
        (share[ADVANCE], share[CENTER]) = (advance, center);
        let side = side.index();
        self.board[from as usize] = NO_PIECE;
        self.board[to as usize] = id;
        if self.mobility_tracked {
            self.cover_moved(side, from, to);
        }
        let rank = self.motion[id as usize].rank;
        self.toggle_occupancy(side, rank, from);
        self.toggle_occupancy(side, rank, to);
        self.pieces[id as usize].sq = to;
    }

    /// The tracked mobility's share of a piece of side `side` moving from `from`
    /// to `to`: its side's attackers of the two squares.
    #[inline(never)]
    fn cover_moved(&mut self, side: usize, from: Square, to: Square) {
        let ids = self.side_ids[side];
        self.mobility[side] -= (self.attackers[to as usize] & ids).count() as i32
            - (self.attackers[from as usize] & ids).count() as i32;
    }

    /// Gives piece `id` (off the board) the form `form`.
    #[inline]
    fn set_form(&mut self, id: PieceId, form: FormId) {
        let p = &mut self.pieces[id as usize];
        p.form = form;
        let motion = self.tables.motion(form, p.side.index());
        self.motion[id as usize] = motion;
        if motion.moves_apart() {
            self.apart.set(id as usize);
        } else {
            self.apart.clear(id as usize);
        }
    }

    /// Brings slider `id`'s attacks up to date after the occupancy of squares it
    /// attacks changed: `emptied` squares it saw were blockers, so its line goes on
    /// past them; a `filled` square it saw now cuts its line (`replaced`: another
    /// piece stands there, which matters only to range capture).
    #[inline(always)]
    fn update_lines(
        &mut self,
        id: PieceId,
        emptied: &[Square],
        filled: Square,
        replaced: Square,
        ranks: &TouchedRanks,
    ) {
        let m = self.motion[id as usize];
        if !m.has(Motion::SEPARABLE) {
            if m.has(Motion::LINEWISE) {
                return self.recompute_lines(id, m, emptied, [filled, replaced], ranks);
            }
            return self.refresh_attacks(id);
        }
        let old = self.attacks[id as usize];
        let new = self.slides_after(id, &m, emptied, filled);
        self.apply_diff(id, old ^ new);
    }

    /// The attacks of plain slider `id` (`Motion::SEPARABLE`, moving as `m`)
    /// once the upkeep of a move that `emptied` and `filled` squares is done:
    /// its lines through those squares lengthened or cut, the rest as they
    /// are. Read off the per-square map from before the upkeep.
    #[inline(always)]
    pub(super) fn slides_after(
        &self,
        id: PieceId,
        m: &Motion,
        emptied: &[Square],
        filled: Square,
    ) -> Bitboard<C> {
        let sq = self.pieces[id as usize].sq;
        let mut new = self.attacks[id as usize];
        let rays = self.rays;
        for &s in emptied {
            if self.attackers[s as usize].test(id as usize) {
                let (d, dist) = rays.line(sq, s);
                // Off the lines, or on a line without a slide: reached by a leap.
                if d < 8 && m.ray_max[d] as usize > dist {
                    rays.slide_into(&mut new, s, d, m.ray_max[d] as usize - dist, &self.occ_all);
                }
            }
        }
        if filled != NO_SQUARE && self.attackers[filled as usize].test(id as usize) {
            let (d, _) = rays.line(sq, filled);
            if d < 8 && m.ray_max[d] > 0 {
                new = new.and_not(rays.ray(filled, d));
            }
        }
        new
    }

    /// `update_lines` for a piece whose attacks run along its lines but are not
    /// plain slides (`Motion::LINEWISE`: range captures, jumping slides, modal
    /// atoms, leaps on a slide's line): each of its lines through a changed
    /// square it attacks, where the change can alter it (`line_through`), is
    /// recomputed whole, and the leaps put back: one line walked, where a
    /// refresh walks every line the piece has.
    #[inline(never)]
    fn recompute_lines(
        &mut self,
        id: PieceId,
        m: Motion,
        emptied: &[Square],
        more: [Square; 2],
        ranks: &TouchedRanks,
    ) {
        // Whether the pieces that left or reached a square of touched rank
        // `r` are all flown over by this piece's range lines.
        let flown_over = |r: u8| m.rank != 0 && r < m.rank.min(RANKS as u8);
        let mut live = m.dirs | m.range_dirs | m.extra_dirs;
        if flown_over(ranks.max) {
            // No stop of this piece's range lines came or went (it flies over
            // every piece the move moved or took): a line with nothing but a
            // range slide stands. In taikyoku 85 % of such lines did.
            live = m.dirs | m.extra_dirs;
            if live == 0 {
                return;
            }
        }
        let sq = self.pieces[id as usize].sq;
        let rays = self.rays;
        let mut dirs = 0u8;
        for (i, &s) in emptied.iter().enumerate() {
            if self.attackers[s as usize].test(id as usize) {
                dirs |= self.line_through(&m, sq, s, flown_over(ranks.emptied[i]), true);
            }
        }
        // `replaced`'s occupancy did not change: another piece stands there.
        for (k, &s) in more.iter().enumerate() {
            if s != NO_SQUARE && self.attackers[s as usize].test(id as usize) {
                dirs |= self.line_through(&m, sq, s, flown_over(ranks.more[k]), k == 0);
            }
        }
        dirs &= live;
        if dirs == 0 {
            return;
        }
        let old = self.attacks[id as usize];
        let mut new = old;
        let stops = self.range_stops(m.rank);
        let mut left = dirs;
        while left != 0 {
            let d = left.trailing_zeros() as usize;
            left &= left - 1;
            new.and_not_assign(rays.ray(sq, d));
            if m.ray_max[d] > 0 {
                rays.slide_into(&mut new, sq, d, m.ray_max[d] as usize, &self.occ_all);
            }
            if m.range_max[d] > 0 {
                // Masked, not walked: a range line flies over most pieces.
                new |= rays.slide(sq, d, m.range_max[d] as usize, stops);
            }
        }
        if dirs & m.leap_dirs != 0 {
            new |= self.leap_targets(id);
        }
        if dirs & m.extra_dirs != 0 {
            self.line_extras_into(&mut new, id, dirs & m.extra_dirs);
        }
        self.apply_diff(id, old ^ new);
    }

    /// For `recompute_lines`: the direction bit of the line from `sq` (a
    /// piece moving as `m`) through changed square `s`, if the change can
    /// alter it, else 0. Only these parts can: the plain and jumping slides
    /// where the square's `occupancy` changed within their span
    /// (`leap_table::occupancy_span`); the range slide short of its end,
    /// unless it has `flown_over` every piece that came or went; modal atoms
    /// and igui always; the leaps never. In taikyoku (depth 4) 13 % of the
    /// lines recomputed came out the same, 31 % before the slides' span.
    #[inline(always)]
    fn line_through(
        &self,
        m: &Motion,
        sq: Square,
        s: Square,
        flown_over: bool,
        occupancy: bool,
    ) -> u8 {
        let (d, dist) = self.rays.line(sq, s);
        if d >= 8 {
            return 0;
        }
        let slides = occupancy && m.occ_from[d] as usize <= dist && dist < m.occ_end[d] as usize;
        let range = !flown_over && dist < m.range_max[d] as usize;
        ((slides || range || m.sticky_dirs & (1 << d) != 0) as u8) << d
    }

    /// Takes a captured piece off the board. Its attack set and its bits in the
    /// per-square map stay as they were, frozen: every reader of the map masks it
    /// with the pieces on the board, and unmake brings the piece back to the very
    /// position it was taken in, where that set is right again. In taikyoku,
    /// where a range capture takes whole lines, this saved a fifth of the map's
    /// flips.
    fn capture(&mut self, id: PieceId) {
        self.lift::<true>(id);
        self.captured.push(id);
    }

    /// Passes the turn without moving (the search's null move). Nothing on the board
    /// changes, so no attack needs upkeep.
    pub fn make_null(&mut self) {
        self.sync();
        let undo = self.undo_record(Move::NULL, NO_PIECE, 0);
        self.history.push(undo);
        self.quiet_plies += 1;
        self.stm = self.stm.flip();
        self.hash ^= SIDE_KEY;
        self.move_number += 1;
    }

    /// Takes back `make_null`.
    pub fn unmake_null(&mut self) {
        let undo = self.history.pop().expect("unmake_null without a null move");
        debug_assert!(undo.mover == NO_PIECE);
        self.stm = self.stm.flip();
        self.move_number -= 1;
        self.hash = undo.hash;
        self.quiet_plies = undo.quiet_plies;
    }

    /// Takes back the last move made.
    pub fn unmake(&mut self) {
        // A move never synced logged no attack change (the loop below finds
        // none) and left `hitters` as they were.
        let synced = self.pending.take().is_none();
        let undo = self.history.pop().expect("unmake without a move");
        self.stm = self.stm.flip();
        self.move_number -= 1;
        // The mobility is put back whole at the end, not undone change by change.
        let tracked = std::mem::replace(&mut self.mobility_tracked, false);
        let start = undo.attack_log_start as usize;
        for i in (start..self.attack_log.len()).rev() {
            let Logged { diff, id, nonzero } = self.attack_log[i];
            self.undo_diff(id, diff, nonzero);
        }
        self.attack_log.truncate(start);
        let mv = undo.mv;
        let mover = undo.mover;
        let p = self.pieces[mover as usize];
        if p.form == undo.old_form && p.sq != mv.from {
            self.shift(mover, p.sq, mv.from);
        } else if p.form != undo.old_form {
            self.lift::<false>(mover);
            self.set_form(mover, undo.old_form);
            self.pieces[mover as usize].sq = mv.from;
            self.refresh_share(mover);
            self.put::<false>(mover);
        }
        while self.captured.len() > undo.captured_start as usize {
            let id = self.captured.pop().unwrap();
            self.put::<false>(id);
        }
        self.hash = undo.hash;
        self.mobility_tracked = tracked;
        self.mobility = undo.mobility;
        if synced {
            self.hitters = self
                .hitters_log
                .pop()
                .expect("a synced move logged its hitters");
        }
        self.quiet_plies = undo.quiet_plies;
    }

    /// Whether `mv` is the common kind: one piece to another square with no stop
    /// on the way and no range capture, taking at most the piece standing there.
    #[inline]
    pub fn is_plain(&self, mv: Move) -> bool {
        mv.mid == NO_SQUARE
            && mv.to != mv.from
            && !self.motion[self.board[mv.from as usize] as usize].has(Motion::RANGE)
    }

    /// Whether `mv` takes anything: `!victims(mv).is_empty()`, without building the
    /// list for plain moves (which never land on a friend).
    #[inline]
    pub fn is_capture(&self, mv: Move) -> bool {
        if self.is_plain(mv) {
            return self.board[mv.to as usize] != NO_PIECE;
        }
        let mut any = false;
        self.visit_victims(mv, |_, _| any = true);
        any
    }

    /// Squares whose pieces `mv` would capture, in the order it takes them: the
    /// enemies on its stops and destination, and for a range capture every piece it
    /// flies over, friends included.
    pub fn victims(&self, mv: Move) -> ArrayVec<Square, MAX_VICTIMS> {
        let mut out = ArrayVec::new();
        self.visit_victims(mv, |s, _| out.push(s));
        out
    }

    /// Calls `visit(square, piece)` for each victim of `mv`, in `victims` order.
    #[inline]
    pub fn visit_victims(&self, mv: Move, mut visit: impl FnMut(Square, PieceId)) {
        let mover = self.board[mv.from as usize];
        let us = self.pieces[mover as usize].side;
        let enemy = |s: Square| {
            let v = self.board[s as usize];
            (v != NO_PIECE && self.pieces[v as usize].side != us).then_some(v)
        };
        let mid2 = mv.mid2();
        for s in [mv.mid, mid2] {
            if s != NO_SQUARE
                && s != mv.from
                && let Some(v) = enemy(s)
            {
                visit(s, v);
            }
        }
        if mv.mid == NO_SQUARE && self.motion[mover as usize].has(Motion::RANGE) {
            let m = &self.form_of(self.pieces[mover as usize].form).movement[us.index()];
            let (d, dist) = self.rays.line(mv.from, mv.to);
            if d < 8
                && m.range_rays
                    .iter()
                    .any(|&(rd, max)| rd as usize == d && max as usize >= dist)
            {
                let delta = self.rules.geo.delta(d);
                for k in 1..dist {
                    let s = (mv.from as isize + k as isize * delta) as Square;
                    let v = self.board[s as usize];
                    if v != NO_PIECE {
                        visit(s, v);
                    }
                }
            }
        }
        // A lion dog that comes back to a square it took on has taken it already.
        if mv.to != mv.from
            && mv.to != mv.mid
            && mv.to != mid2
            && let Some(v) = enemy(mv.to)
        {
            visit(mv.to, v);
        }
    }
}

/// `Position::touched_ranks`: the rank of each changed square, in the order
/// of `emptied` and of `[filled, replaced]`, and the highest.
struct TouchedRanks {
    emptied: [u8; MAX_VICTIMS],
    more: [u8; 2],
    max: u8,
}

/// Most pieces one move can take: a range capture along the longest line.
pub const MAX_VICTIMS: usize = 40;
