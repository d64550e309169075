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
    /// Bit `d` set when a modal atom or an igui lies along direction `d`: any
    /// change on that line it reaches may alter it.
    pub sticky_dirs: u8,
    /// Per direction, the distances `[from, end)` from the piece where a
    /// change of occupancy can alter its plain and jumping slides that way
    /// (`occupancy_span`; `from` 255 where none can).
    pub occ_from: [u8; 8],
    pub occ_end: [u8; 8],
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
                    let mut sticky_dirs = 0u8;
                    // A modal atom off the lines is a single leap or a ride
                    // that may cross the lines anywhere.
                    let mut off_line_ride = false;
                    for a in &m.modal {
                        match line_dir(a.dx, a.dy) {
                            Some(d) => sticky_dirs |= 1 << d,
                            None => off_line_ride |= a.max > 1,
                        }
                    }
                    for &(dx, dy) in &m.igui {
                        if let Some(d) = line_dir(dx, dy) {
                            sticky_dirs |= 1 << d;
                        }
                    }
                    extra_dirs |= sticky_dirs;
                    let (occ_from, occ_end) = occupancy_span(m);
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
                        sticky_dirs,
                        occ_from,
                        occ_end,
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

/// Per direction, the distances `[from, end)` from a piece moving as `m` at
/// which a change of occupancy can alter its plain and jumping slides along
/// that line (`Motion::occ_from`, `occ_end`). A slide or jumping slide enters
/// the line at distance `a` (1 for a slide, the jump's length for a jumping
/// slide: it lands there whatever stands between) and may go on to `e`;
/// whether square `t` is empty decides only how it goes on past `t`. That is
/// the whole reach from `t + 1` of a slide entering at `t + 1` that goes as
/// far, so a square where such a one enters changes nothing (the treacherous
/// fox, sliding and jumping two or three squares, is altered only from its
/// third square on; in taikyoku 57 % of the lines of such pieces recomputed
/// without this came out the same). `from` is the nearest square that can
/// alter the line, `end` the farthest reach; all between count.
pub(crate) fn occupancy_span(m: &crate::rules::Movement) -> ([u8; 8], [u8; 8]) {
    let (mut from, mut end) = ([u8::MAX; 8], [0u8; 8]);
    for d in 0..8 {
        // (enters at, reaches to) of each slide along `d`.
        let mut atoms: Vec<(u16, u16)> = Vec::new();
        if m.ray_max[d] > 0 {
            atoms.push((1, m.ray_max[d] as u16));
        }
        for &(jd, jump, max) in &m.jump_rays {
            if jd as usize == d {
                atoms.push((jump as u16, (jump as u16 + max as u16).min(u8::MAX as u16)));
            }
        }
        let reach = atoms.iter().map(|a| a.1).max().unwrap_or(0);
        end[d] = reach as u8;
        from[d] = (1..reach)
            .find(|&t| {
                atoms.iter().any(|&(a, e)| {
                    a <= t && t < e && !atoms.iter().any(|&(a2, e2)| a2 == t + 1 && e2 >= e)
                })
            })
            .map_or(u8::MAX, |t| t as u8);
    }
    (from, end)
}

#[cfg(test)]
mod tests {
    use super::occupancy_span;
    use crate::rules::Rules;

    /// The squares (bit `i`: distance `i + 1`) a piece's plain and jumping
    /// slides reach along direction `d` of a line of `len` squares whose
    /// occupancy is `occ` (same bits).
    fn line_reach(m: &crate::rules::Movement, d: usize, len: u32, occ: u32) -> u32 {
        let mut atoms = vec![];
        if m.ray_max[d] > 0 {
            atoms.push((1u32, m.ray_max[d] as u32));
        }
        for &(jd, jump, max) in &m.jump_rays {
            if jd as usize == d {
                atoms.push((jump as u32, jump as u32 + max as u32));
            }
        }
        let mut reach = 0;
        for (a, e) in atoms {
            let mut t = a;
            while t <= e.min(len) {
                reach |= 1 << (t - 1);
                if occ & 1 << (t - 1) != 0 {
                    break;
                }
                t += 1;
            }
        }
        reach
    }

    /// Every form of every variant: along each direction, no change of
    /// occupancy outside the span alters the reach (all occupancies of a
    /// line of 10 squares).
    #[test]
    fn changes_outside_the_span_alter_nothing() {
        const LEN: u32 = 10;
        let mut narrowed = 0;
        for def in crate::variants::ALL {
            let rules = Rules::get(def);
            for form in &rules.forms {
                for m in &form.movement {
                    let (from, end) = occupancy_span(m);
                    for d in 0..8 {
                        narrowed += (from[d] > 1 && from[d] < u8::MAX) as u32;
                        for t in 1..=LEN {
                            if from[d] as u32 <= t && t < end[d] as u32 {
                                continue;
                            }
                            for occ in 0..1u32 << LEN {
                                let flipped = occ ^ 1 << (t - 1);
                                assert_eq!(
                                    line_reach(m, d, LEN, occ),
                                    line_reach(m, d, LEN, flipped),
                                    "{} {} dir {d} distance {t}",
                                    def.name,
                                    form.kind.name
                                );
                            }
                        }
                    }
                }
            }
        }
        // The treacherous fox and its kin are there to narrow.
        assert!(narrowed > 0);
    }
}
