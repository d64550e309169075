//! A variant's tables compiled once into what move generation and evaluation read.

use super::betza::{self, ModalAtom, UNLIMITED};
use super::kind::{KindDef, PromotionRule, VariantDef};
use crate::board::geometry::{Geometry, Square, dir_index, line_dir};
use crate::types::{FormId, Side};
use std::collections::HashMap;

/// Movement of a form for one side, in board coordinates.
#[derive(Clone, Debug, Default)]
pub struct Movement {
    /// Leaps and steps `(dx, dy)`: reached whatever stands between.
    pub leaps: Vec<(i8, i8)>,
    /// Slides of two or more squares: direction index into `DIRS` and maximum length.
    pub rays: Vec<(u8, u8)>,
    pub lion_area: bool,
    /// Directions (into `DIRS`) with line-lion power.
    pub lion_dirs: Vec<u8>,
    /// Jump to the n-th square, then range on: direction, jump length, further range.
    pub jump_rays: Vec<(u8, u8, u8)>,
    /// Hook moves: direction of the first leg (the second turns 90 degrees).
    pub hooks: Vec<u8>,
    /// Lion-dog line power: directions (into `DIRS`).
    pub lion_dog_dirs: Vec<u8>,
    /// Move-only and capture-only atoms, in board coordinates.
    pub modal: Vec<ModalAtom>,
    /// Range-capturing slides: direction index and maximum length.
    pub range_rays: Vec<(u8, u8)>,
    /// The emperor's power: generated apart, it attacks nothing in the maps.
    pub emperor: bool,
    /// Adjacent squares it captures on without moving.
    pub igui: Vec<(i8, i8)>,
    /// Per direction, the range of the slide that way (0: none).
    pub ray_max: [u8; 8],
    /// Bit `d` set when one of its leaps lands on direction `d`'s line.
    pub leap_dirs: u8,
    /// The attack set is leaps plus plain slides, and no leap lies on a slide's
    /// line: an occupancy change on one line then changes only that line's slide.
    pub line_separable: bool,
}

impl Movement {
    /// Whether the attack set depends on which squares are occupied.
    pub fn occupancy_dependent(&self) -> bool {
        !self.rays.is_empty()
            || !self.jump_rays.is_empty()
            || !self.hooks.is_empty()
            || !self.range_rays.is_empty()
            || (self.modal.iter()).any(|a| a.max > 1 && a.hurdles != betza::ANY_HURDLES)
    }

    /// Whether some of its moves only move or only capture, pass a limited number
    /// of pieces or capture without moving (generated apart).
    pub fn is_modal(&self) -> bool {
        !self.modal.is_empty() || !self.igui.is_empty()
    }
}

/// A piece as it stands on the board: a base kind, promoted or not.
#[derive(Debug)]
pub struct Form {
    /// The kind written in SFEN (the base of a promoted form).
    pub base: &'static KindDef,
    pub promoted: bool,
    /// The kind whose move, value and royalty this form has.
    pub kind: &'static KindDef,
    /// Form reached by promoting, for unpromoted forms that promote.
    pub promotes_to: Option<FormId>,
    pub movement: [Movement; 2],
    /// Squares (per side) from which this form could never move again.
    pub dead_square: [Vec<bool>; 2],
    /// Per side: the attack set depends on occupancy.
    pub slider: [bool; 2],
    /// Promote-by-capture variants: what this form's compulsory promotion, still
    /// ahead of it, gains (or loses) in value; zero where none is ahead.
    pub potential: i32,
}

impl Form {
    pub fn royal(&self) -> bool {
        self.kind.royal
    }
    pub fn value(&self) -> i32 {
        self.kind.value
    }
    /// SFEN token for Black: `P`, `(DH)`, `+P`, `+(DE)`.
    pub fn sfen_token(&self, side: Side) -> String {
        let code = if side == Side::Black {
            self.base.code.to_ascii_uppercase()
        } else {
            self.base.code.to_ascii_lowercase()
        };
        let body = if code.len() == 1 {
            code
        } else {
            format!("({code})")
        };
        if self.promoted {
            format!("+{body}")
        } else {
            body
        }
    }
}

/// Highest range-capture rank a variant may give (the position keeps one occupancy
/// set per rank).
pub const MAX_RANK: usize = 4;

pub struct Rules {
    pub def: &'static VariantDef,
    pub geo: Geometry,
    pub forms: Vec<Form>,
    /// Uppercase base code and promoted flag -> form.
    codes: HashMap<(String, bool), FormId>,
    /// Promotion zone membership per side.
    pub zone: [Vec<bool>; 2],
    /// Per form, its rank for range capture (royals highest, unlisted kinds 0).
    pub rank: Vec<u8>,
    /// Contagious promotion: capturing a form of the first kind turns a non-royal
    /// capturer into the second form.
    pub contagion: Vec<(FormId, FormId)>,
    /// Per form: contagion leaves it alone (royals, and kinds promoting to a royal:
    /// the maka dai dai drunk elephant).
    pub contagion_immune: Vec<bool>,
    /// Some form has range-capturing moves.
    pub has_range_capture: bool,
}

impl std::fmt::Debug for Rules {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Rules({})", self.def.name)
    }
}

fn compile_movement(kind: &KindDef, side: Side) -> Result<Movement, String> {
    let spec = betza::parse(kind.betza).map_err(|e| format!("{}: {e}", kind.name))?;
    // White's pieces are Black's turned half a circle.
    let orient = |(dx, dy): (i8, i8)| match side {
        Side::Black => (dx, dy),
        Side::White => (-dx, -dy),
    };
    let dir = |v: (i8, i8)| {
        let (dx, dy) = orient(v);
        dir_index(dx, dy).expect("unit vector") as u8
    };
    let mut m = Movement {
        leaps: spec.leaps.iter().map(|&v| orient(v)).collect(),
        rays: spec
            .slides
            .iter()
            .map(|s| {
                (
                    dir((s.dx, s.dy)),
                    if s.max == UNLIMITED { 255 } else { s.max },
                )
            })
            .collect(),
        lion_area: spec.lion_area,
        lion_dirs: spec.lion_lines.iter().map(|&v| dir(v)).collect(),
        jump_rays: spec
            .jump_slides
            .iter()
            .map(|j| (dir((j.dx, j.dy)), j.jump, j.max))
            .collect(),
        hooks: spec.hooks.iter().map(|&v| dir(v)).collect(),
        lion_dog_dirs: spec.lion_dog_lines.iter().map(|&v| dir(v)).collect(),
        modal: spec
            .modal
            .iter()
            .map(|a| {
                let (dx, dy) = orient((a.dx, a.dy));
                ModalAtom { dx, dy, ..*a }
            })
            .collect(),
        range_rays: spec
            .range_slides
            .iter()
            .map(|s| (dir((s.dx, s.dy)), s.max))
            .collect(),
        emperor: spec.emperor,
        igui: spec.igui.iter().map(|&v| orient(v)).collect(),
        ray_max: [0; 8],
        leap_dirs: 0,
        line_separable: false,
    };
    for &(d, max) in &m.rays {
        m.ray_max[d as usize] = max;
    }
    for &(dx, dy) in &m.leaps {
        if let Some(d) = line_dir(dx, dy) {
            m.leap_dirs |= 1 << d;
        }
    }
    let slide_dirs = (0..8)
        .filter(|&d| m.ray_max[d] > 0)
        .fold(0u8, |a, d| a | 1 << d);
    m.line_separable = m.jump_rays.is_empty()
        && m.hooks.is_empty()
        && m.modal.is_empty()
        && m.igui.is_empty()
        && m.range_rays.is_empty()
        && m.leap_dirs & slide_dirs == 0;
    Ok(m)
}

/// Whether a piece with this movement has any move at all from `sq` on an empty board.
fn can_move_from(geo: &Geometry, m: &Movement, sq: Square) -> bool {
    m.leaps
        .iter()
        .any(|&(dx, dy)| geo.offset(sq, dx as i32, dy as i32).is_some())
        || m.rays.iter().any(|&(d, _)| geo.ray_len(sq, d as usize) > 0)
        || m.lion_area
        || m.emperor
        || (m.modal.iter()).any(|a| geo.offset(sq, a.dx as i32, a.dy as i32).is_some())
        || (m.range_rays.iter()).any(|&(d, _)| geo.ray_len(sq, d as usize) > 0)
        || (m.lion_dirs.iter().chain(&m.lion_dog_dirs)).any(|&d| geo.ray_len(sq, d as usize) > 0)
        || m.hooks.iter().any(|&d| geo.ray_len(sq, d as usize) > 0)
        || (m.jump_rays.iter()).any(|&(d, n, _)| geo.ray_len(sq, d as usize) >= n as usize)
}

impl Rules {
    pub fn compile(def: &'static VariantDef) -> Result<Rules, String> {
        let geo = Geometry::new(def.width, def.height);
        let find = |code: &str| {
            def.kinds
                .iter()
                .find(|k| k.code.eq_ignore_ascii_case(code))
                .ok_or_else(|| format!("{}: unknown kind code {code}", def.name))
        };
        let mut forms: Vec<Form> = Vec::new();
        let mut codes = HashMap::new();
        let make_form = |base: &'static KindDef, kind: &'static KindDef, promoted: bool| {
            let movement = [
                compile_movement(kind, Side::Black)?,
                compile_movement(kind, Side::White)?,
            ];
            let dead_square = [0, 1].map(|s| {
                (0..geo.squares() as Square)
                    .map(|sq| !can_move_from(&geo, &movement[s], sq))
                    .collect()
            });
            let slider = [0, 1].map(|s| movement[s].occupancy_dependent());
            Ok::<Form, String>(Form {
                base,
                promoted,
                kind,
                promotes_to: None,
                movement,
                dead_square,
                slider,
                potential: 0,
            })
        };
        for base in def.kinds.iter().filter(|k| !k.promoted_only) {
            let id = forms.len() as FormId;
            forms.push(make_form(base, base, false)?);
            codes.insert((base.code.to_ascii_uppercase(), false), id);
            if let Some(p) = base.promotes_to {
                let target = find(p)?;
                let pid = forms.len() as FormId;
                forms.push(make_form(base, target, true)?);
                forms[id as usize].promotes_to = Some(pid);
                codes.insert((base.code.to_ascii_uppercase(), true), pid);
            }
        }
        for k in def.kinds {
            let single = k.code.len() == 1;
            let letters = k.code.chars().all(|c| c.is_ascii_alphabetic());
            if !letters || (!single && k.code.len() > 4) {
                return Err(format!("{}: bad code {}", k.name, k.code));
            }
            if k.promoted_only && !def.kinds.iter().any(|b| b.promotes_to == Some(k.code)) {
                return Err(format!(
                    "{} is promoted-only but nothing promotes to it",
                    k.name
                ));
            }
        }
        let depth = match def.promotion {
            PromotionRule::Zone { depth } => depth,
            PromotionRule::Capture => 0,
        };
        let zone = [Side::Black, Side::White].map(|side| {
            (0..geo.squares() as Square)
                .map(|sq| {
                    let y = geo.y(sq);
                    match side {
                        Side::Black => y < depth,
                        Side::White => y >= def.height - depth,
                    }
                })
                .collect()
        });
        let rank = forms
            .iter()
            .map(|f| {
                if f.royal() {
                    u8::MAX
                } else {
                    (def.ranks.iter())
                        .find(|(code, _)| code.eq_ignore_ascii_case(f.kind.code))
                        .map_or(0, |&(_, r)| r)
                }
            })
            .collect();
        if let Some((code, r)) = def.ranks.iter().find(|(_, r)| *r as usize > MAX_RANK) {
            return Err(format!(
                "{code}: rank {r} above the highest tracked, {MAX_RANK}"
            ));
        }
        let mut contagion = Vec::new();
        for c in def.contagion {
            find(c.captured)?;
            find(c.becomes)?;
            let target = (0..forms.len())
                .filter(|&i| forms[i].kind.code.eq_ignore_ascii_case(c.becomes))
                .min_by_key(|&i| !forms[i].promoted)
                .ok_or_else(|| format!("no form moves as {}", c.becomes))?;
            for (i, f) in forms.iter().enumerate() {
                if f.kind.code.eq_ignore_ascii_case(c.captured) {
                    contagion.push((i as FormId, target as FormId));
                }
            }
        }
        if def.promotion == PromotionRule::Capture {
            for i in 0..forms.len() {
                if let Some(p) = forms[i].promotes_to {
                    forms[i].potential = forms[p as usize].value() - forms[i].value();
                }
            }
        }
        let contagion_immune = (forms.iter())
            .map(|f| f.royal() || f.promotes_to.is_some_and(|p| forms[p as usize].royal()))
            .collect();
        let has_range_capture =
            (forms.iter()).any(|f| f.movement.iter().any(|m| !m.range_rays.is_empty()));
        Ok(Rules {
            has_range_capture,
            contagion_immune,
            def,
            geo,
            forms,
            codes,
            zone,
            rank,
            contagion,
        })
    }

    /// Whether a piece of this form is or may become royal: royal or promoting to
    /// a royal (what makes it immune to contagion), or open to a contagion that
    /// makes royals.
    pub fn may_become_royal(&self, form: FormId) -> bool {
        self.contagion_immune[form as usize]
            || (self.contagion.iter()).any(|&(_, to)| self.form(to).royal())
    }

    /// The compiled rules of a variant, built once per process.
    pub fn get(def: &'static VariantDef) -> &'static Rules {
        crate::cache::shared(def as *const VariantDef as usize, || {
            Rules::compile(def).unwrap_or_else(|e| panic!("variant table {}: {e}", def.name))
        })
    }

    pub fn form(&self, id: FormId) -> &Form {
        &self.forms[id as usize]
    }

    /// Looks up a form by SFEN code (any case) and promoted flag.
    pub fn form_by_code(&self, code: &str, promoted: bool) -> Option<FormId> {
        self.codes
            .get(&(code.to_ascii_uppercase(), promoted))
            .copied()
    }

    #[inline]
    pub fn in_zone(&self, side: Side, sq: Square) -> bool {
        self.zone[side.index()][sq as usize]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variants::dai::DAI;

    #[test]
    fn dai_compiles_with_every_promotion() {
        let r = Rules::get(&DAI);
        // 29 starting kinds; 26 of them promote (king, queen, lion do not).
        assert_eq!(r.forms.iter().filter(|f| !f.promoted).count(), 29);
        assert_eq!(r.forms.iter().filter(|f| f.promoted).count(), 26);
        let de = r.form_by_code("de", false).unwrap();
        let prince = r.form(r.form(de).promotes_to.unwrap());
        assert!(prince.royal() && prince.kind.name == "prince");
        assert!(r.form_by_code("K", true).is_none());
        // Every promoted-only kind is reachable.
        for k in DAI.kinds.iter().filter(|k| k.promoted_only) {
            assert!(
                r.forms.iter().any(|f| std::ptr::eq(f.kind, k)),
                "{}",
                k.name
            );
        }
    }

    #[test]
    fn dead_squares() {
        let r = Rules::get(&DAI);
        let g = &r.geo;
        let pawn = r.form(r.form_by_code("P", false).unwrap());
        let knight = r.form(r.form_by_code("N", false).unwrap());
        let gold = r.form(r.form_by_code("G", false).unwrap());
        let top = g.square(3, 0);
        let second = g.square(3, 1);
        assert!(pawn.dead_square[0][top as usize]);
        assert!(!pawn.dead_square[0][second as usize]);
        assert!(knight.dead_square[0][second as usize]);
        assert!(!knight.dead_square[0][g.square(3, 2) as usize]);
        assert!(!gold.dead_square[0][top as usize]);
        // White's last rank is the bottom.
        assert!(pawn.dead_square[1][g.square(3, 14) as usize]);
        assert!(!pawn.dead_square[1][top as usize]);
    }
}
