//! Make and unmake, with an undo record (no copy-make: large boards make copies dear).

use super::{PieceInfo, Position, SIDE_KEY, Undo};
use crate::board::geometry::dir_index;
use crate::board::{Bitboard, NO_SQUARE, Square};
use crate::moves::Move;
use crate::types::{NO_PIECE, PieceId};

impl<const C: usize> Position<C> {
    /// Makes a move generated for this position (or matched by `parse_move`).
    pub fn make(&mut self, mv: Move) {
        let mover = self.board[mv.from as usize];
        debug_assert!(mover != NO_PIECE, "no piece on the from square");
        let us = self.stm;
        let them = us.flip();
        let old_form = self.pieces[mover as usize].form;
        let undo = Undo {
            mv,
            mover,
            old_form,
            captured_start: self.captured.len() as u32,
            attack_log_start: self.attack_log.len() as u32,
            hash: self.hash,
        };
        // Squares whose occupancy changes: only these can alter other pieces' attacks.
        let mut changed = [NO_SQUARE; 3];
        let mut n_changed = 0;
        if mv.mid != NO_SQUARE {
            let v = self.board[mv.mid as usize];
            if v != NO_PIECE && self.pieces[v as usize].side == them {
                self.capture(v);
                changed[n_changed] = mv.mid;
                n_changed += 1;
            }
        }
        if mv.to != mv.from {
            let v = self.board[mv.to as usize];
            if v != NO_PIECE {
                debug_assert!(self.pieces[v as usize].side == them);
                self.capture(v);
            } else {
                changed[n_changed] = mv.to;
                n_changed += 1;
            }
            changed[n_changed] = mv.from;
            n_changed += 1;
            self.lift::<true>(mover);
            let new_form = if mv.promotes() {
                self.form_of(old_form).promotes_to.expect("promotable")
            } else {
                old_form
            };
            let info = &mut self.pieces[mover as usize];
            info.sq = mv.to;
            info.form = new_form;
            self.put::<true>(mover);
        } else if mv.promotes() {
            // Igui with promotion: the piece stays but turns over.
            self.lift::<true>(mover);
            self.pieces[mover as usize].form =
                self.form_of(old_form).promotes_to.expect("promotable");
            self.put::<true>(mover);
        }
        // Sliders that saw a changed square: only their line through it changes.
        let mut pairs = std::mem::take(&mut self.scratch);
        pairs.clear();
        for &s in &changed[..n_changed] {
            let mut seen = self.attackers[s as usize] & self.dependent;
            seen.clear(mover as usize);
            pairs.extend(seen.iter().map(|id| (id as PieceId, s)));
        }
        for &(id, s) in &pairs {
            self.update_line(id, s);
        }
        self.scratch = pairs;
        self.refresh_attacks(mover);
        self.history.push(undo);
        self.stm = them;
        self.hash ^= SIDE_KEY;
        self.move_number += 1;
    }

    /// Brings piece `id`'s attacks up to date after the occupancy of `s`, a square
    /// it attacks, changed.
    fn update_line(&mut self, id: PieceId, s: Square) {
        let p = self.pieces[id as usize];
        let m = &self.form_of(p.form).movement[p.side.index()];
        if !m.line_separable {
            return self.refresh_attacks(id);
        }
        let geo = &self.rules.geo;
        let dx = geo.x(s) as i32 - geo.x(p.sq) as i32;
        let dy = geo.y(s) as i32 - geo.y(p.sq) as i32;
        if dx != 0 && dy != 0 && dx.abs() != dy.abs() {
            return; // reached by a leap: occupancy does not matter
        }
        let d = dir_index(dx.signum() as i8, dy.signum() as i8).expect("a line");
        let max = m.ray_max[d];
        if max == 0 {
            return;
        }
        let ray = *self.rays.ray(p.sq, d);
        let new_line = self.rays.slide(geo, p.sq, d, max as usize, &self.occ_all);
        let old = self.attacks[id as usize];
        let new = old.and_not(&ray) | new_line;
        self.replace_attacks(id, new);
    }

    /// Removes a captured piece and its attacks.
    fn capture(&mut self, id: PieceId) {
        self.lift::<true>(id);
        self.replace_attacks(id, Bitboard::EMPTY);
        self.captured.push(id);
    }

    /// Takes back the last move made.
    pub fn unmake(&mut self) {
        let undo = self.history.pop().expect("unmake without a move");
        self.stm = self.stm.flip();
        self.move_number -= 1;
        while self.attack_log.len() > undo.attack_log_start as usize {
            let (id, old) = self.attack_log.pop().unwrap();
            self.set_attacks(id, old);
        }
        let mv = undo.mv;
        self.lift::<false>(undo.mover);
        self.pieces[undo.mover as usize] = PieceInfo {
            form: undo.old_form,
            sq: mv.from,
            ..self.pieces[undo.mover as usize]
        };
        self.put::<false>(undo.mover);
        while self.captured.len() > undo.captured_start as usize {
            let id = self.captured.pop().unwrap();
            self.put::<false>(id);
        }
        self.hash = undo.hash;
    }

    /// Squares whose pieces `mv` would capture, in the order it captures them.
    pub fn captures_of(&self, mv: Move) -> impl Iterator<Item = Square> + '_ {
        let them = self.stm.flip();
        [mv.mid, if mv.to != mv.from { mv.to } else { NO_SQUARE }]
            .into_iter()
            .filter(move |&s| {
                s != NO_SQUARE && {
                    let v = self.board[s as usize];
                    v != NO_PIECE && self.pieces[v as usize].side == them
                }
            })
    }
}
