//! Move generation: reads each piece's attack set (kept by the position) for its
//! single-destination moves and adds the lion powers' multi-step moves.
//!
//! Every generated move is legal: these games allow moving into check. The caller
//! stops at game end (a side without royals) before asking for moves.

use crate::board::{Bitboard, NO_SQUARE, Square};
use crate::moves::{DECLINE, Move, MoveText, PROMOTE};
use crate::position::Position;
use crate::position::leap_table::Motion;
use crate::rules::Form;
use crate::rules::kind::PromotionRule;
use crate::types::{PieceId, Side};

const NO_STOPS: [Square; 2] = [NO_SQUARE; 2];

impl<const C: usize> Position<C> {
    /// Appends every legal move of the side to move. (Kept out of line: a thin
    /// wrapper, it would otherwise pull the whole generator into each caller.)
    #[inline(never)]
    pub fn generate(&self, out: &mut Vec<Move>) {
        self.debug_assert_synced();
        self.generate_some::<false>(out);
    }

    /// Every legal move, or with `CAPTURES_ONLY` a superset of the captures that
    /// leaves out the quiet single-destination moves of ordinary pieces (their
    /// targets are then the enemy's squares only).
    #[inline(always)]
    fn generate_some<const CAPTURES_ONLY: bool>(&self, out: &mut Vec<Move>) {
        let us = self.side_to_move();
        let own = self.occupied_by(us);
        let enemy = self.occupied_by(us.flip());
        if CAPTURES_ONLY {
            // A capture is made by a piece attacking an enemy, or by a move
            // generated apart from the attack set.
            return self.captures_of(*self.hitters(us) | self.moving_apart(us), out);
        }
        for id in self.pieces_of(us).iter() {
            self.piece_moves::<CAPTURES_ONLY>(out, id as PieceId, &own, &enemy);
        }
    }

    /// Appends the legal moves of the side to move's piece on `from`, if any:
    /// enough to check a move from the table without generating every move.
    pub fn generate_from(&self, from: Square, out: &mut Vec<Move>) {
        self.debug_assert_synced();
        let us = self.side_to_move();
        if let Some(id) = self.piece_at(from)
            && self.piece(id).side == us
        {
            let (own, enemy) = (self.occupied_by(us), self.occupied_by(us.flip()));
            self.piece_moves::<false>(out, id, &own, &enemy);
        }
    }

    /// Whether `mv` is one of `generate_from(mv.from)`'s moves (`scratch`: a
    /// buffer to generate into). A move to one square of a piece whose moves
    /// are its attack set is looked up on that square alone: dai's main
    /// search checked its table moves by generating the piece's every move,
    /// 1.9 % of its instructions.
    pub fn holds_move(&self, mv: Move, scratch: &mut Vec<Move>) -> bool {
        self.debug_assert_synced();
        let us = self.side_to_move();
        let Some(id) = self
            .piece_at(mv.from)
            .filter(|&id| self.piece(id).side == us)
        else {
            return false;
        };
        let motion = self.motion_of(id);
        let own = self.occupied_by(us);
        scratch.clear();
        if mv.mid == NO_SQUARE && mv.to != mv.from && !motion.generates(Motion::GEN_MODAL) {
            let to = mv.to as usize;
            if self.attacks_ref(id).test(to) && !own.test(to) {
                let target = Bitboard::from_index(to);
                self.push_targets(scratch, id, mv.from, &target, motion, None);
                if scratch.contains(&mv) {
                    return true;
                }
            }
            // Only the moves generated apart from the attack set are left.
            if !motion.moves_apart() {
                return false;
            }
            scratch.clear();
            if !motion.generates(Motion::GEN_MULTI) {
                // An emperor's: asked for the one target too (generated
                // whole, they test every enemy it might take for protection).
                let (form, target) = (self.form(id), Bitboard::from_index(to));
                self.emperor_moves::<false>(scratch, form, us, mv.from, &target);
                return scratch.contains(&mv);
            }
        }
        let enemy = self.occupied_by(us.flip());
        self.piece_moves::<false>(scratch, id, &own, &enemy);
        scratch.contains(&mv)
    }

    /// The moves of piece `id` (see `generate_some`).
    #[inline(always)]
    fn piece_moves<const CAPTURES_ONLY: bool>(
        &self,
        out: &mut Vec<Move>,
        id: PieceId,
        own: &Bitboard<C>,
        enemy: &Bitboard<C>,
    ) {
        let us = self.side_to_move();
        let from = self.piece(id).sq;
        // The common case reads only the piece's cached motion facts.
        let motion = self.motion_of(id);
        // Where the captures-only moves are not all captures: filtered below.
        let mut unsure = out.len();
        // Captures only: whether the piece attacks an enemy at all.
        let hits = CAPTURES_ONLY && self.attacks_ref(id).intersects(enemy);
        if motion.generates(Motion::GEN_MODAL) {
            let targets = self.modal_targets(id).and_not(own);
            self.push_targets(out, id, from, &targets, motion, None);
        } else {
            let att = self.attacks_ref(id);
            if CAPTURES_ONLY {
                // Landing on an enemy, or (range capture) flying over one: every
                // such move takes an enemy. A range move that removes only
                // friends is left out: it is no capture (taikyoku.md, I7). A
                // piece that attacks no enemy flies over none either.
                if hits {
                    let mut takes = *enemy;
                    let range = motion.has(Motion::RANGE).then(|| self.range_takes(id));
                    if let Some(r) = &range {
                        // Past the first enemy; not onto a friend.
                        takes |= r.and_not(own);
                    }
                    self.push_targets(out, id, from, &(*att & takes), motion, range);
                }
                unsure = out.len();
            // Most pieces of a big setup have nowhere to go: one pass over the
            // words says so before any iteration.
            } else if (0..2 * C).fold(0, |a, w| a | (att.word(w) & !own.word(w))) != 0 {
                let mut targets = *att;
                targets.and_not_assign(own);
                self.push_targets(out, id, from, &targets, motion, None);
            }
        }
        if motion.generates(Motion::GEN_EMPEROR) {
            self.emperor_moves::<CAPTURES_ONLY>(out, self.form(id), us, from, self.squares());
            // Its captures-only moves are all captures.
            if CAPTURES_ONLY {
                unsure = out.len();
            }
        }
        // Every capture of a lion power, lion dog or igui takes on a square
        // its leaps attack: a piece attacking no enemy has none.
        if motion.generates(Motion::GEN_MULTI) && (!CAPTURES_ONLY || hits) {
            self.lion_moves(out, self.form(id), us, from);
        }
        if CAPTURES_ONLY && unsure < out.len() {
            let mut keep = unsure;
            for i in unsure..out.len() {
                let mv = out[i];
                if self.takes_enemy(mv) {
                    out[keep] = mv;
                    keep += 1;
                }
            }
            out.truncate(keep);
        }
    }

    /// The single-destination moves of piece `id` to `targets` (`range`: the
    /// piece's `range_takes`, if the caller has already worked them out).
    #[inline(always)]
    fn push_targets(
        &self,
        out: &mut Vec<Move>,
        id: PieceId,
        from: Square,
        targets: &Bitboard<C>,
        motion: Motion,
        range: Option<Bitboard<C>>,
    ) {
        let us = self.side_to_move();
        if !motion.generates(Motion::GEN_PROMOTES) {
            // Most moves: no promotion to weigh, no capture to look at.
            out.extend(targets.iter().map(|to| Move::simple(from, to as Square, 0)));
            return;
        }
        let form = self.form(id);
        // A range capture that removes an enemy is a capture wherever it stops.
        let enemy = self.occupied_ref(us.flip());
        let range = range.or_else(|| motion.has(Motion::RANGE).then(|| self.range_takes(id)));
        for to in targets.iter() {
            let capture =
                enemy.test(to) || range.as_ref().is_some_and(|r: &Bitboard<C>| r.test(to));
            let to = to as Square;
            self.push_promotions(out, form, us, from, NO_STOPS, to, capture);
        }
    }

    /// Squares where a range-capturing move of piece `id` would have removed an
    /// enemy on the way (one that removes only friends is no capture: taikyoku.md,
    /// I7): along each range-capturing line, everything past the first enemy.
    #[inline(never)]
    fn range_takes(&self, id: PieceId) -> Bitboard<C> {
        let p = self.piece(id);
        let m = &self.form(id).movement[p.side.index()];
        let rays = self.rays();
        let enemy = self.occupied_ref(p.side.flip());
        let att = self.attacks_ref(id);
        let mut out = Bitboard::EMPTY;
        for &(d, max) in &m.range_rays {
            let d = d as usize;
            // Most lines hold no enemy the piece attacks: nothing to take there.
            if !rays.ray(p.sq, d).intersects_both(att, enemy) {
                continue;
            }
            // The unbroken run of attacked squares out from the piece, by masks
            // (range lines run long), then what lies past its first enemy.
            let mut run = rays.ray_within(p.sq, d, max as usize);
            if let Some(gap) = rays.nearest(p.sq, d, &run.and_not(att)) {
                run = run.and_not(rays.ray(gap as Square, d));
                run.clear(gap);
            }
            if let Some(e) = rays.nearest(p.sq, d, &(run & *enemy)) {
                out |= run & *rays.ray(e as Square, d);
            }
        }
        out
    }

    /// Only the captures, the moves that take an enemy (a lion's igui and double
    /// moves included): for quiescence.
    pub fn generate_captures(&self, out: &mut Vec<Move>) {
        self.debug_assert_synced();
        self.generate_some::<true>(out);
    }

    /// `generate_captures` of only the pieces that might take on `sq`
    /// (`may_take_on`), in the same order: a superset of the captures that
    /// take the piece there, for the recaptures of deep quiescence.
    pub fn generate_captures_near(&self, sq: Square, out: &mut Vec<Move>) {
        self.debug_assert_synced();
        self.captures_of(self.may_take_on(sq, self.side_to_move()), out);
    }

    /// `generate_captures` of only the side to move's pieces `ids`, in id
    /// order: quiescence asks for the captures of its best victim's attackers
    /// first, and for the others' only if those do not cut off.
    pub fn generate_captures_by(&self, ids: Bitboard<C>, out: &mut Vec<Move>) {
        self.debug_assert_synced();
        self.captures_of(ids, out);
    }

    /// Where a capture by piece `id` lands that takes a piece on one of
    /// `victims`: on a victim, or (a range move) past a victim on one of its
    /// range-capturing lines, flying over it. `None` for a piece whose moves
    /// are generated apart from its attack set, whose captures must be asked
    /// one by one (`visit_victims`). Quiescence orders by it, so a landing
    /// misfiled (past a victim but out of range, reached by another atom)
    /// costs order, not a move.
    pub(crate) fn landings_taking(
        &self,
        id: PieceId,
        victims: &Bitboard<C>,
    ) -> Option<Bitboard<C>> {
        let motion = self.motion_of(id);
        if motion.generates(Motion::GEN_MODAL) || motion.moves_apart() {
            return None;
        }
        let mut out = *victims;
        if motion.has(Motion::RANGE) {
            // Past each victim on a range line (usually one victim).
            let (sq, rays) = (self.piece(id).sq, self.rays());
            for v in victims.iter() {
                let (d, _) = rays.line(sq, v as Square);
                if d < 8 && motion.range_dirs & 1 << d != 0 {
                    out |= *rays.ray(v as Square, d);
                }
            }
        }
        Some(out)
    }

    /// The captures of the side to move's pieces `ids`, in id order.
    fn captures_of(&self, ids: Bitboard<C>, out: &mut Vec<Move>) {
        let us = self.side_to_move();
        let (own, enemy) = (self.occupied_by(us), self.occupied_by(us.flip()));
        for id in ids.iter() {
            self.piece_moves::<true>(out, id as PieceId, &own, &enemy);
        }
    }

    /// Whether `mv` takes at least one enemy piece.
    fn takes_enemy(&self, mv: Move) -> bool {
        let them = self.side_to_move().flip();
        let mut takes = false;
        self.visit_victims(mv, |_, id| takes |= self.piece(id).side == them);
        takes
    }

    /// Pushes `from -> to` (via `mid`) once, or twice where promotion is optional.
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    fn push_promotions(
        &self,
        out: &mut Vec<Move>,
        form: &Form,
        side: Side,
        from: Square,
        [mid, mid2]: [Square; 2],
        to: Square,
        capture: bool,
    ) {
        let mv = Move::with_stops(from, [mid, mid2], to, 0);
        if form.promotes_to.is_none() {
            out.push(mv);
        } else if self.rules.def.promotion == PromotionRule::Capture {
            // Compulsory, at the end of the first capturing move.
            out.push(if capture {
                Move {
                    flags: PROMOTE,
                    ..mv
                }
            } else {
                mv
            });
        } else if self.may_promote(form, side, from, mid, to, capture) {
            out.push(Move {
                flags: PROMOTE,
                ..mv
            });
            out.push(Move {
                flags: DECLINE,
                ..mv
            });
        } else {
            out.push(mv);
        }
    }

    /// Promotion zone rule: entering the zone, or capturing with any part of the move
    /// in it, or (the chu shogi last-rank rule, extended) arriving where the unpromoted
    /// piece could never move again.
    fn may_promote(
        &self,
        form: &Form,
        side: Side,
        from: Square,
        mid: Square,
        to: Square,
        capture: bool,
    ) -> bool {
        let r = self.rules;
        let zf = r.in_zone(side, from);
        let zt = r.in_zone(side, to);
        (!zf && zt)
            || (capture && (zf || zt || (mid != NO_SQUARE && r.in_zone(side, mid))))
            || form.dead_square[side.index()][to as usize]
    }

    /// The emperor: to any empty square, or onto any enemy no enemy piece protects
    /// (a protected royal is never taken). Squares its other atoms reach are
    /// generated already. Destinations in square order, those on `within`
    /// only; with `CAPTURES_ONLY`, the captures alone.
    #[inline(never)]
    fn emperor_moves<const CAPTURES_ONLY: bool>(
        &self,
        out: &mut Vec<Move>,
        form: &Form,
        us: Side,
        from: Square,
        within: &Bitboard<C>,
    ) {
        let them = us.flip();
        let id = self.piece_at(from).expect("the emperor");
        let enemy = self.occupied_ref(them);
        // An enemy emperor protects every other piece of its side: with one,
        // only it may be taken; with two, nothing. (Emperors move apart from
        // their attack sets, so they are among those few pieces.)
        let (n, one) = (self.moving_apart(them).iter())
            .filter(|&e| self.motion_of(e as PieceId).generates(Motion::GEN_EMPEROR))
            .fold((0, None), |(n, _), e| (n + 1, Some(e as PieceId)));
        let takeable = match (n, one) {
            (0, _) => *enemy,
            (1, Some(e)) => Bitboard::from_index(self.piece(e).sq as usize),
            _ => Bitboard::EMPTY,
        };
        // Captures only: the takeable enemies, not the hundreds of empty
        // squares (a third of a tai search went to generating and filtering
        // those).
        let mut targets = if CAPTURES_ONLY {
            takeable
        } else {
            self.squares().and_not(&self.occupied()) | takeable
        };
        targets.and_not_assign(self.attacks_ref(id));
        targets &= *within;
        for to in targets.iter() {
            let to = to as Square;
            let capture = enemy.test(to as usize);
            if capture {
                let v = self.piece_at(to).expect("an enemy");
                if self.protected_from_emperor(v, from) {
                    continue;
                }
            }
            self.push_promotions(out, form, us, from, NO_STOPS, to, capture);
        }
    }

    /// Whether a piece of the victim's side other than an emperor could move to
    /// the victim's square once the emperor on `from` has taken it (a slider
    /// behind the emperor sees through `from` once it is empty).
    fn protected_from_emperor(&self, victim: PieceId, from: Square) -> bool {
        let side = self.piece(victim).side;
        let to = self.piece(victim).sq;
        if (self.attackers_of(to, side).iter()).any(|p| self.protects(p as PieceId, to)) {
            return true;
        }
        // X-rays through the square the emperor leaves.
        let geo = &self.rules.geo;
        let (d_ft, dist_ft) = self.line_between(from, to);
        (self.attackers_of(from, side).iter()).any(|p| {
            let p = p as PieceId;
            let sq = self.piece(p).sq;
            let (d, dist) = self.line_between(sq, from);
            let m = &self.form(p).movement[side.index()];
            d < 8
                && d == d_ft
                && m.ray_max[d] as usize >= dist + dist_ft
                && (1..dist_ft).all(|k| {
                    let s = (from as isize + k as isize * geo.delta(d)) as Square;
                    self.piece_at(s).is_none()
                })
        })
    }

    /// Multi-step lion moves: igui, capture-then-move, double capture, pass.
    #[inline(never)]
    fn lion_moves(&self, out: &mut Vec<Move>, form: &Form, us: Side, from: Square) {
        let m = &form.movement[us.index()];
        if !m.lion_area && m.lion_dirs.is_empty() && m.lion_dog_dirs.is_empty() {
            if !m.igui.is_empty() {
                self.igui_moves(out, form, us, from);
            }
            return;
        }
        let geo = &self.rules.geo;
        let them = us.flip();
        let enemy = self.occupied_by(them);
        let own = self.occupied_by(us);
        let mut pass_via = NO_SQUARE;
        let mut first_steps = [NO_SQUARE; 8];
        let mut n = 0;
        for d in 0..8u8 {
            let in_scope = m.lion_area || m.lion_dirs.contains(&d);
            if in_scope && geo.ray_len(from, d as usize) > 0 {
                first_steps[n] = (from as isize + geo.delta(d as usize)) as Square;
                n += 1;
            }
        }
        for &m1 in &first_steps[..n] {
            if !self.occupied().test(m1 as usize) {
                if pass_via == NO_SQUARE {
                    pass_via = m1;
                }
                continue;
            }
            if !enemy.test(m1 as usize) {
                continue;
            }
            // Capture on the first step, then come back (igui) or step on.
            self.push_promotions(out, form, us, from, [m1, NO_SQUARE], from, true);
            if m.lion_area {
                for d in 0..8 {
                    if geo.ray_len(m1, d) == 0 {
                        continue;
                    }
                    let t = (m1 as isize + geo.delta(d)) as Square;
                    if t != from && !own.test(t as usize) {
                        self.push_promotions(out, form, us, from, [m1, NO_SQUARE], t, true);
                    }
                }
            } else {
                // Straight on along the same line.
                let d = (m.lion_dirs.iter().copied())
                    .find(|&d| (from as isize + geo.delta(d as usize)) as Square == m1)
                    .expect("line of the first step");
                if geo.ray_len(m1, d as usize) > 0 {
                    let t = (m1 as isize + geo.delta(d as usize)) as Square;
                    if !own.test(t as usize) {
                        self.push_promotions(out, form, us, from, [m1, NO_SQUARE], t, true);
                    }
                }
            }
        }
        for &d in &m.lion_dog_dirs {
            let lion_too = m.lion_area || m.lion_dirs.contains(&d);
            self.lion_dog_line(out, form, us, from, d as usize, lion_too, &mut pass_via);
        }
        if pass_via != NO_SQUARE {
            out.push(Move::with_stops(from, [pass_via, NO_SQUARE], from, 0));
        }
    }

    /// Captures without moving (`{igui}`), for pieces without a lion power.
    fn igui_moves(&self, out: &mut Vec<Move>, form: &Form, us: Side, from: Square) {
        let geo = &self.rules.geo;
        let enemy = self.occupied_by(us.flip());
        for &(dx, dy) in &form.movement[us.index()].igui {
            if let Some(t) = geo.offset(from, dx as i32, dy as i32)
                && enemy.test(t as usize)
            {
                self.push_promotions(out, form, us, from, [t, NO_SQUARE], from, true);
            }
        }
    }

    /// The lion dog's multi-step moves along direction `d` (its plain steps and jumps
    /// to the first three squares are leaps). With squares s1, s2, s3 along the line:
    /// igui on s1; capture s1 and go on to s2; capture s1 and s2 and come back to s1;
    /// capture s2 from an empty s1 and come back to s1; go through to s3 capturing
    /// every enemy on s1 and s2 (nearest first), or jump to an enemy on s2 and step
    /// on to s3. `lion_too`: a lion power on this line makes the igui and the
    /// capture-then-step already. The rules document of maka dai dai spells it out.
    #[allow(clippy::too_many_arguments)]
    fn lion_dog_line(
        &self,
        out: &mut Vec<Move>,
        form: &Form,
        us: Side,
        from: Square,
        d: usize,
        lion_too: bool,
        pass_via: &mut Square,
    ) {
        let geo = &self.rules.geo;
        let n = geo.ray_len(from, d).min(3);
        if n == 0 {
            return;
        }
        let delta = geo.delta(d);
        let s: [Square; 3] = [1, 2, 3].map(|k| {
            if k <= n {
                (from as isize + k as isize * delta) as Square
            } else {
                NO_SQUARE
            }
        });
        let them = us.flip();
        // 0: empty, 1: enemy, 2: own (or off the board).
        let what = |sq: Square| match sq {
            NO_SQUARE => 2,
            _ => match self.piece_at(sq) {
                None => 0,
                Some(v) if self.piece(v).side == them => 1,
                Some(_) => 2,
            },
        };
        let [w1, w2, w3] = s.map(what);
        let mut push = |stops: [Square; 2], to: Square| {
            self.push_promotions(out, form, us, from, stops, to, true);
        };
        let none = NO_SQUARE;
        if w1 == 0 && *pass_via == NO_SQUARE {
            *pass_via = s[0];
        }
        if w1 == 1 {
            if !lion_too {
                push([s[0], none], from);
                if w2 != 2 {
                    push([s[0], none], s[1]);
                }
            }
            if w2 == 1 {
                push([s[0], s[1]], s[0]);
            }
            if w2 == 0 && w3 != 2 {
                push([s[0], none], s[2]);
            }
            if w2 == 1 && w3 != 2 {
                push([s[0], s[1]], s[2]);
            }
        }
        if w2 == 1 {
            if w1 == 0 {
                push([s[1], none], s[0]);
            }
            if w3 != 2 {
                push([s[1], none], s[2]);
            }
        }
    }

    /// Matches move text against the legal moves. A missing suffix where promotion is
    /// optional means declining (USI tools send no `=`); where it is compulsory (by
    /// capture), promoting. A lion's step through an
    /// empty square is the same move as its jump; any empty first step names a pass.
    pub fn parse_move(&self, text: &str) -> Result<Move, String> {
        let geo = &self.rules.geo;
        let t = MoveText::parse(text, geo)?;
        let from = t.squares[0];
        let Some(id) = self.piece_at(from) else {
            return Err(format!(
                "illegal move {text}: no piece on {}",
                geo.name(from)
            ));
        };
        if self.piece(id).side != self.side_to_move() {
            return Err(format!(
                "illegal move {text}: the piece on {} is not the side to move's",
                geo.name(from)
            ));
        }
        let mut legal = Vec::new();
        self.generate(&mut legal);
        legal.retain(|m| m.from == from);
        let (mid, to) = match t.squares[..] {
            [_, to] => (NO_SQUARE, to),
            [_, mid, to] => (mid, to),
            _ => return self.parse_three_steps(text, &t, legal),
        };
        let candidates: Vec<Move> = if mid != NO_SQUARE && self.piece_at(mid).is_none() {
            // Through an empty square: a pass, or the same move as the plain jump,
            // provided the piece's lion (or lion dog) power could take that path.
            let form = self.form(id);
            let m = &form.movement[self.side_to_move().index()];
            let step1 = geo.distance(from, mid) == 1
                && (m.lion_area
                    || m.lion_dirs.iter().chain(&m.lion_dog_dirs).any(|&d| {
                        geo.ray_len(from, d as usize) > 0
                            && (from as isize + geo.delta(d as usize)) as Square == mid
                    }));
            let step2 = geo.distance(mid, to) == 1
                && (m.lion_area || {
                    let (dx1, dy1) = delta_xy(geo, from, mid);
                    let (dx2, dy2) = delta_xy(geo, mid, to);
                    (dx1, dy1) == (dx2, dy2) || (dx1, dy1) == (-dx2, -dy2)
                });
            if !step1 || !step2 {
                return Err(format!("illegal move {text}: not a lion path"));
            }
            if to == from {
                legal
                    .into_iter()
                    .filter(|m| m.to == from && self.piece_at(m.mid).is_none())
                    .collect()
            } else {
                legal
                    .into_iter()
                    .filter(|m| m.to == to && m.mid == NO_SQUARE)
                    .collect()
            }
        } else {
            legal
                .into_iter()
                .filter(|m| m.to == to && m.mid == mid)
                .collect()
        };
        if candidates.is_empty() {
            return Err(format!("illegal move {text}"));
        }
        let wanted = match t.promote {
            Some(true) => PROMOTE,
            Some(false) if candidates.iter().any(|m| m.flags & DECLINE != 0) => DECLINE,
            Some(false) => return Err(format!("illegal move {text}: no promotion to decline")),
            None if candidates.iter().any(|m| m.flags == 0) => 0,
            None if candidates.iter().any(|m| m.flags & DECLINE != 0) => DECLINE,
            // Compulsory promotion: the `+` may be left out.
            None => PROMOTE,
        };
        candidates
            .into_iter()
            .find(|m| m.flags == wanted)
            .ok_or_else(|| format!("illegal move {text}: this move cannot promote"))
    }
}

impl<const C: usize> Position<C> {
    /// A lion dog's three-step move `from s1 s2 to`: unit steps along one line.
    /// Empty intermediate stops capture nothing, so the move is the one without them
    /// (a pass keeps its first stop).
    fn parse_three_steps(
        &self,
        text: &str,
        t: &MoveText,
        legal: Vec<Move>,
    ) -> Result<Move, String> {
        let geo = &self.rules.geo;
        let sq = &t.squares;
        let line = delta_xy(geo, sq[0], sq[1]);
        let on_line = sq.windows(2).all(|w| {
            let d = delta_xy(geo, w[0], w[1]);
            d == line || d == (-line.0, -line.1)
        });
        if geo.distance(sq[0], sq[1]) != 1 || !on_line {
            return Err(format!("illegal move {text}: not a lion dog path"));
        }
        let stops: Vec<Square> = sq[1..3]
            .iter()
            .copied()
            .filter(|&s| s != sq[0] && self.piece_at(s).is_some())
            .collect();
        let to = sq[3];
        let (mid, mid2) = match stops[..] {
            [] if to == sq[0] => (sq[1], NO_SQUARE),
            [] => (NO_SQUARE, NO_SQUARE),
            [a] => (a, NO_SQUARE),
            [a, b] => (a, b),
            _ => unreachable!(),
        };
        let candidates: Vec<Move> = legal
            .into_iter()
            .filter(|m| {
                m.to == to
                    && if mid == NO_SQUARE || self.piece_at(mid).is_some() {
                        m.mid == mid && m.mid2() == mid2
                    } else {
                        m.mid != NO_SQUARE && self.piece_at(m.mid).is_none()
                    }
            })
            .collect();
        let wanted = match t.promote {
            Some(true) => PROMOTE,
            _ if candidates.iter().any(|m| m.flags == 0) => 0,
            _ => PROMOTE,
        };
        candidates
            .into_iter()
            .find(|m| m.flags == wanted && t.promote != Some(false))
            .ok_or_else(|| format!("illegal move {text}"))
    }
}

fn delta_xy(geo: &crate::board::Geometry, a: Square, b: Square) -> (i32, i32) {
    (
        geo.x(b) as i32 - geo.x(a) as i32,
        geo.y(b) as i32 - geo.y(a) as i32,
    )
}
