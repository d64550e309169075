//! Per-variant tables for make: precomputed leap targets (for each distinct leap
//! set and square, the squares it reaches, so steppers' attack sets cost one copy)
//! and, per form and side, the movement facts make reads (copied into each piece).
//! Boards whose leap tables would be too large compute leaps on the fly.

use crate::board::geometry::line_dir;
use crate::board::{Bitboard, Square};
use crate::rules::Rules;

/// Largest leap table built (bytes).
const MAX_BYTES: usize = 64 << 20;

/// The movement facts make needs about a piece, kept per piece so that the hot
/// path does not chase `rules.forms[form].movement[side]`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Motion {
    /// Per direction, the range of the slide that way (0: none).
    pub ray_max: [u8; 8],
    /// Bit `d` set when the piece slides along direction `d`.
    pub dirs: u8,
    /// Per direction, the range of the range-capturing slide that way (0: none).
    pub range_max: [u8; 8],
    /// Bit `d` set when the piece has a range-capturing slide along `d`.
    pub range_dirs: u8,
    /// Bit `d` set when one of the piece's leaps lands on direction `d`'s line.
    pub leap_dirs: u8,
    /// Bit `d` set when a jumping slide, a modal atom or an igui of the piece
    /// lies along direction `d` (what `LINEWISE` recomputes beyond the slides).
    pub extra_dirs: u8,
    pub flags: u8,
    /// What move generation must do beyond the attack set (`GEN_*`).
    pub gen_flags: u8,
    /// Range-capture rank of the form (0: unranked; royals `u8::MAX`).
    pub rank: u8,
    /// Index of square 0 of the piece's leap set in the flat target table.
    pub leap_base: u32,
    /// The form's value (read for every victim in move ordering).
    pub value: i32,
    /// The form's promotion potential (`Form::potential`). Both are read here by
    /// `put` and `lift`: the form's own record, hundreds of bytes a form, missed
    /// the cache in taikyoku (a tenth of `lift`'s time).
    pub potential: i32,
}

impl Motion {
    /// Attacks are leaps plus plain slides, no leap on a slide's line.
    pub const SEPARABLE: u8 = 1;
    /// Separable, and the leap targets are tabulated: attacks come from the table
    /// and the slides alone.
    pub const TABULATED: u8 = 2;
    /// Attacks depend on occupancy.
    pub const SLIDER: u8 = 4;
    pub const ROYAL: u8 = 8;
    /// Has range-capturing slides: its attacks depend on the ranks it sees, not
    /// only on occupancy.
    pub const RANGE: u8 = 16;
    /// Every part of the attack set that depends on occupancy runs along one of
    /// the eight lines through the piece (no hooks, no modal atom that rides off
    /// the lines): a changed square changes only the line through it, recomputed
    /// whole with the leaps, jumping slides, modal atoms and igui on it.
    pub const LINEWISE: u8 = 32;

    /// Moves come from a filtered attack set (move-only, capture-only, igui atoms).
    pub const GEN_MODAL: u8 = 1;
    pub const GEN_EMPEROR: u8 = 2;
    /// Multi-step moves: lion, line lion, lion dog, igui.
    pub const GEN_MULTI: u8 = 4;
    /// The form can promote.
    pub const GEN_PROMOTES: u8 = 8;

    #[inline]
    pub fn has(&self, flag: u8) -> bool {
        self.flags & flag != 0
    }

    #[inline]
    pub fn generates(&self, flag: u8) -> bool {
        self.gen_flags & flag != 0
    }

    /// Whether some moves are generated apart from the attack set (lion
    /// powers, igui, the emperor's): such a piece may take where the attack
    /// maps do not list it.
    #[inline]
    pub fn moves_apart(&self) -> bool {
        self.generates(Motion::GEN_MULTI | Motion::GEN_EMPEROR)
    }
}

fn form_index(rules: &Rules, form: &crate::rules::Form) -> usize {
    rules
        .forms
        .iter()
        .position(|f| std::ptr::eq(f, form))
        .expect("a form of these rules")
}

pub struct LeapTable<const C: usize> {
    /// Per form and side.
    motion: Vec<[Motion; 2]>,
    /// Per leap set, per square (flat); empty when too large.
    targets: Vec<Bitboard<C>>,
}

impl<const C: usize> LeapTable<C> {
    fn build(rules: &Rules) -> Self {
        let geo = &rules.geo;
        let n = geo.squares();
        let mut sets: Vec<&[(i8, i8)]> = Vec::new();
        let mut set_of = Vec::new();
        for form in &rules.forms {
            set_of.push([0, 1].map(|s| {
                let leaps = form.movement[s].leaps.as_slice();
                match sets.iter().position(|&l| l == leaps) {
                    Some(i) => i,
                    None => {
                        sets.push(leaps);
                        sets.len() - 1
                    }
                }
            }));
        }
        let tabulate = sets.len() * n * std::mem::size_of::<Bitboard<C>>() <= MAX_BYTES;
        let mut targets = Vec::new();
        if tabulate {
            for leaps in &sets {
                targets.extend((0..n as Square).map(|sq| {
                    let mut b = Bitboard::EMPTY;
                    for &(dx, dy) in leaps.iter() {
                        if let Some(t) = geo.offset(sq, dx as i32, dy as i32) {
                            b.set(t as usize);
                        }
                    }
                    b
                }));
            }
        }
        let motion = rules
            .forms
            .iter()
            .zip(&set_of)
            .map(|(form, sets)| {
                [0, 1].map(|s| {
                    let m = &form.movement[s];
                    let mut flags = 0;
                    if m.line_separable {
                        flags |= Motion::SEPARABLE;
                        if tabulate {
                            flags |= Motion::TABULATED;
                        }
                    }
                    if form.slider[s] {
                        flags |= Motion::SLIDER;
                    }
                    if form.royal() {
                        flags |= Motion::ROYAL;
                    }
                    if !m.range_rays.is_empty() {
                        flags |= Motion::RANGE;
                    }
                    let mut extra_dirs = 0u8;
                    for &(d, _, _) in &m.jump_rays {
                        extra_dirs |= 1 << d;
                    }
                    // A modal atom off the lines is a single leap or a ride
                    // that may cross the lines anywhere.
                    let mut off_line_ride = false;
                    for a in &m.modal {
                        match line_dir(a.dx, a.dy) {
                            Some(d) => extra_dirs |= 1 << d,
                            None => off_line_ride |= a.max > 1,
                        }
                    }
                    for &(dx, dy) in &m.igui {
                        if let Some(d) = line_dir(dx, dy) {
                            extra_dirs |= 1 << d;
                        }
                    }
                    if m.hooks.is_empty() && !off_line_ride {
                        flags |= Motion::LINEWISE;
                    }
                    let mut range_max = [0u8; 8];
                    for &(d, max) in &m.range_rays {
                        range_max[d as usize] = range_max[d as usize].max(max);
                    }
                    let range_dirs = (0..8)
                        .filter(|&d| range_max[d] > 0)
                        .fold(0, |a, d| a | 1 << d);
                    let mut dirs = 0;
                    for (d, &max) in m.ray_max.iter().enumerate() {
                        if max > 0 {
                            dirs |= 1 << d;
                        }
                    }
                    let mut gen_flags = 0;
                    if m.is_modal() {
                        gen_flags |= Motion::GEN_MODAL;
                    }
                    if m.emperor {
                        gen_flags |= Motion::GEN_EMPEROR;
                    }
                    if m.lion_area
                        || !m.lion_dirs.is_empty()
                        || !m.lion_dog_dirs.is_empty()
                        || !m.igui.is_empty()
                    {
                        gen_flags |= Motion::GEN_MULTI;
                    }
                    if form.promotes_to.is_some() {
                        gen_flags |= Motion::GEN_PROMOTES;
                    }
                    Motion {
                        ray_max: m.ray_max,
                        dirs,
                        range_max,
                        range_dirs,
                        leap_dirs: m.leap_dirs,
                        extra_dirs,
                        flags,
                        gen_flags,
                        rank: rules.rank[form_index(rules, form)],
                        leap_base: if tabulate { (sets[s] * n) as u32 } else { 0 },
                        value: form.value(),
                        potential: form.potential,
                    }
                })
            })
            .collect();
        LeapTable { motion, targets }
    }

    /// The tables for a variant, built once per process.
    pub fn get(rules: &'static Rules) -> &'static Self {
        crate::cache::shared(rules as *const Rules as usize, || LeapTable::build(rules))
    }

    /// Whether leap targets are tabulated.
    #[inline]
    pub fn tabulated(&self) -> bool {
        !self.targets.is_empty()
    }

    #[inline]
    pub fn motion(&self, form: u16, side: usize) -> Motion {
        self.motion[form as usize][side]
    }

    /// Leap targets of a piece with motion `m` on `sq` (the table must exist).
    #[inline]
    pub fn targets(&self, m: &Motion, sq: Square) -> Bitboard<C> {
        self.targets[m.leap_base as usize + sq as usize]
    }
}
