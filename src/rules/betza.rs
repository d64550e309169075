//! Betza notation, compiled into the movement atoms the move generator walks.
//!
//! Supported: the leapers `W F D N A H G C Z`, the compounds `K` (= WF), the riders
//! `R B Q` (and doubled leaper letters such as `WW`), a range suffix (`R2`: at most two
//! squares), and the direction modifiers `f b l r v s` with doubled letters (`ffN`).
//!
//! Direction modifiers combine by conjunction: a vertical letter and a horizontal
//! letter together select the diagonals having both (`frlK` = forward, forward
//! diagonals, sideways: the seed's evil wolf). A lone letter on a diagonal atom
//! selects both diagonals on that side (`fF` = the two forward diagonals).
//!
//! Chained moves in brackets (the seeds' `a` extension; modifiers before the
//! bracket pick the first leg's directions):
//! - `[DavR]`, `[HavR]`, `[AavB]`, `[GavB]`: jump to the n-th square, then continue
//!   ranging straight on (a range suffix limits the continuation: `[DavR3]`).
//! - `[RasR]`, `[BasB]`: hook move: range, turn 90 degrees once, range on.
//!
//! Lion powers, written as the seeds write them:
//! - `caK` / `mcabK`: the area lion move (two king steps with a capture on each,
//!   igui, pass); the plain destinations come from `KNAD` beside them.
//! - `[avW]`, `[avF]` with direction modifiers before the bracket: lion power along
//!   those lines (first step, optional second step straight on, capture on each, igui,
//!   pass). The straight two-square jump is written separately (`fD`, `fA`).
//!
//! Modality, standard Betza: `m` before an atom makes it move-only, `c` capture-only
//! (`mW` steps only to empty squares, `cB` captures diagonally only).
//!
//! Extensions for powers Betza cannot say (named in braces, placed where a modifier
//! goes, i.e. before the atom they qualify):
//! - `[avavW]`, `[avavF]` with direction modifiers before the bracket: lion-dog line
//!   power, up to three steps along one line (each step may capture; igui and retreats
//!   along the line as the variant's rules document states).
//! - `{rc}` before a rider (`{rc}Q`, `{rc}B`, `{rc}fR`): range capture. The move flies
//!   over every piece of lower rank in its way, friend or foe, removing them all, and
//!   stops at (may capture an enemy of) equal or higher rank. Ranks come from
//!   `VariantDef::ranks`.
//! - `{j}` before a rider (`{j}fR`, `{j}B3`): jumping rider: goes to any square along
//!   the line within its range whatever stands between, capturing only at the end.
//! - `{j3}` before a rider: passes over at most three pieces (left where they stand),
//!   capturing only at the end (taikyoku).
//! - `{js4}` before a rider: jumps to the fourth square, then ranges on (taikyoku free
//!   eagle; like `[AavB]` with a longer first leg).
//! - `{igui}K`: captures on an adjacent square without moving (taikyoku heavenly
//!   tetrarch king).
//! - `{emperor}`: the maka dai dai emperor (any empty square; captures any enemy piece
//!   that is not protected; never a protected royal).
//!
//! Coordinates are Black's: `dx > 0` is Black's right, `dy < 0` is forward.

/// A straight slide: unit vector and the most squares it may go (255 = unlimited).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Slide {
    pub dx: i8,
    pub dy: i8,
    pub max: u8,
}

pub const UNLIMITED: u8 = u8::MAX;

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct MoveSpec {
    /// Slides of two or more squares (one-square slides are stored as leaps).
    pub slides: Vec<Slide>,
    /// Leaps (steps included): the target is reached whatever stands between.
    pub leaps: Vec<(i8, i8)>,
    /// Area lion power: two king steps in any directions.
    pub lion_area: bool,
    /// Lion power along single lines (unit vectors).
    pub lion_lines: Vec<(i8, i8)>,
    /// Jump to the `jump`-th square along a unit vector, then range on.
    pub jump_slides: Vec<JumpSlide>,
    /// Hook moves: first leg along the unit vector, then one 90-degree turn.
    pub hooks: Vec<(i8, i8)>,
    /// Lion-dog line power (up to three steps along one line): unit vectors.
    pub lion_dog_lines: Vec<(i8, i8)>,
    /// Move-only or capture-only atoms, and jumping riders that are either.
    pub modal: Vec<ModalAtom>,
    /// Range-capturing slides (`{rc}`).
    pub range_slides: Vec<Slide>,
    /// The emperor's power (`{emperor}`).
    pub emperor: bool,
    /// Capture without moving on these adjacent squares (`{igui}K`).
    pub igui: Vec<(i8, i8)>,
}

/// What an atom may do on its target squares.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    MoveOnly,
    CaptureOnly,
    /// Either (a ride over a limited number of pieces, `{j3}`).
    Both,
}

/// `ModalAtom::hurdles` of a ride that passes over any number of pieces.
pub const ANY_HURDLES: u8 = u8::MAX;

/// A leap (`max == 1`, any vector) or a ride along a unit vector (`max` squares,
/// `UNLIMITED` for the board), restricted to moving or to capturing, or a ride that
/// passes over up to `hurdles` pieces (`ANY_HURDLES`: whatever stands between; a
/// leap has `ANY_HURDLES`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ModalAtom {
    pub dx: i8,
    pub dy: i8,
    pub max: u8,
    pub hurdles: u8,
    pub mode: Mode,
}

/// Longest line on the largest board: an unlimited jumping ride is written as leaps
/// of every length up to this.
const LONGEST_LINE: u8 = 35;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct JumpSlide {
    pub dx: i8,
    pub dy: i8,
    pub jump: u8,
    pub max: u8,
}

#[derive(Default, Clone, Copy)]
struct Mods {
    f: bool,
    b: bool,
    l: bool,
    r: bool,
    ff: bool,
    bb: bool,
    ll: bool,
    rr: bool,
}

impl Mods {
    fn add(&mut self, c: char, prev: Option<char>) -> Result<(), String> {
        let doubled = prev == Some(c);
        match c {
            'f' => {
                self.ff |= doubled;
                self.f = true
            }
            'b' => {
                self.bb |= doubled;
                self.b = true
            }
            'l' => {
                self.ll |= doubled;
                self.l = true
            }
            'r' => {
                self.rr |= doubled;
                self.r = true
            }
            'v' => {
                self.f = true;
                self.b = true
            }
            's' => {
                self.l = true;
                self.r = true
            }
            _ => return Err(format!("unsupported modifier '{c}'")),
        }
        Ok(())
    }

    fn admits(&self, dx: i8, dy: i8) -> bool {
        let any_v = self.f || self.b;
        let any_h = self.l || self.r;
        let v_ok = |dy: i8| (dy < 0 && self.f) || (dy > 0 && self.b);
        let h_ok = |dx: i8| (dx > 0 && self.r) || (dx < 0 && self.l);
        if !any_v && !any_h {
            return true;
        }
        if dx == 0 {
            return v_ok(dy);
        }
        if dy == 0 {
            return h_ok(dx);
        }
        let ok = (!any_v || v_ok(dy)) && (!any_h || h_ok(dx));
        let (ax, ay) = (dx.unsigned_abs(), dy.unsigned_abs());
        let narrow = (!(self.ff || self.bb) || ay > ax) && (!(self.ll || self.rr) || ax > ay);
        ok && narrow
    }
}

/// The eight (or four) symmetric images of a leap `(a, b)`, `a >= b`.
fn images(a: i8, b: i8) -> Vec<(i8, i8)> {
    let mut v = Vec::new();
    for (x, y) in [(a, b), (b, a)] {
        for sx in [1, -1] {
            for sy in [1, -1] {
                let p = (x * sx, y * sy);
                if !v.contains(&p) {
                    v.push(p);
                }
            }
        }
    }
    v
}

fn atom_vectors(atom: char) -> Option<(Vec<(i8, i8)>, bool)> {
    // (basic leaps, rides by default)
    let leap = |a, b| images(a, b);
    Some(match atom {
        'W' => (leap(1, 0), false),
        'F' => (leap(1, 1), false),
        'D' => (leap(2, 0), false),
        'N' => (leap(2, 1), false),
        'A' => (leap(2, 2), false),
        'H' => (leap(3, 0), false),
        'C' => (leap(3, 1), false),
        'Z' => (leap(3, 2), false),
        'G' => (leap(3, 3), false),
        'K' => ([leap(1, 0), leap(1, 1)].concat(), false),
        'R' => (leap(1, 0), true),
        'B' => (leap(1, 1), true),
        'Q' => ([leap(1, 0), leap(1, 1)].concat(), true),
        _ => return None,
    })
}

pub fn parse(text: &str) -> Result<MoveSpec, String> {
    let mut spec = MoveSpec::default();
    let chars: Vec<char> = text.chars().collect();
    let mut i = 0;
    let mut mods = Mods::default();
    let mut chained = false;
    let mut modality = String::new();
    let mut prev: Option<char> = None;
    let mut range = false;
    let mut hurdles = 0;
    let mut skip = 0;
    let mut igui = false;
    while i < chars.len() {
        let c = chars[i];
        match c {
            '{' => {
                let close = chars[i..]
                    .iter()
                    .position(|&c| c == '}')
                    .ok_or_else(|| format!("unclosed '{{' in {text}"))?;
                let name: String = chars[i + 1..i + close].iter().collect();
                match name.as_str() {
                    "rc" => range = true,
                    "j" => hurdles = ANY_HURDLES,
                    "j3" => hurdles = 3,
                    "js4" => skip = 4,
                    "igui" => igui = true,
                    "emperor" => spec.emperor = true,
                    _ => return Err(format!("unknown power {{{name}}} in {text}")),
                }
                i += close + 1;
            }
            'a' => {
                chained = true;
                prev = Some(c);
                i += 1;
            }
            'm' | 'c' => {
                modality.push(c);
                prev = Some(c);
                i += 1;
            }
            '[' => {
                let close = chars[i..]
                    .iter()
                    .position(|&c| c == ']')
                    .ok_or_else(|| format!("unclosed '[' in {text}"))?;
                let inner: String = chars[i + 1..i + close].iter().collect();
                parse_group(&inner, &mods, &mut spec)
                    .map_err(|e| format!("{e} in group [{inner}] of {text}"))?;
                mods = Mods::default();
                prev = None;
                i += close + 1;
            }
            c if c.is_ascii_lowercase() => {
                mods.add(c, prev)?;
                prev = Some(c);
                i += 1;
            }
            c if c.is_ascii_uppercase() => {
                let (vecs, mut rides) =
                    atom_vectors(c).ok_or_else(|| format!("unknown atom '{c}' in {text}"))?;
                i += 1;
                let mut max: u8 = if rides { UNLIMITED } else { 1 };
                // Doubled leaper letter: a rider.
                if i < chars.len() && chars[i] == c && !rides {
                    rides = true;
                    max = UNLIMITED;
                    i += 1;
                }
                let digits: String = chars[i..]
                    .iter()
                    .take_while(|c| c.is_ascii_digit())
                    .collect();
                if !digits.is_empty() {
                    i += digits.len();
                    let n: u8 = digits
                        .parse()
                        .map_err(|_| format!("bad range {digits} in {text}"))?;
                    if n == 0 {
                        rides = true;
                        max = UNLIMITED;
                    } else {
                        rides = n > 1;
                        max = n;
                    }
                }
                if chained {
                    // The only chained move the seeds use outside brackets is the
                    // area lion's double king step (caK, mcabK).
                    if c != 'K' || rides {
                        return Err(format!("unsupported chained atom '{c}' in {text}"));
                    }
                    spec.lion_area = true;
                } else {
                    let mode = match modality.as_str() {
                        "" | "mc" | "cm" => None,
                        "m" => Some(Mode::MoveOnly),
                        "c" => Some(Mode::CaptureOnly),
                        _ => return Err(format!("unsupported modality '{modality}' in {text}")),
                    };
                    let vecs = vecs.into_iter().filter(|&(dx, dy)| mods.admits(dx, dy));
                    let qualified = range || hurdles > 0 || skip > 0;
                    if qualified && !(rides && max > 1) {
                        return Err(format!("{{rc}}, {{j}} and {{js4}} need a rider in {text}"));
                    }
                    if igui && (rides || mode.is_some() || qualified) {
                        return Err(format!("{{igui}} qualifies a plain step in {text}"));
                    }
                    if igui {
                        for v in vecs {
                            push_unique(&mut spec.igui, v);
                        }
                    } else if range {
                        if mode.is_some() || hurdles > 0 || skip > 0 {
                            return Err(format!("range capture cannot be qualified in {text}"));
                        }
                        for (dx, dy) in vecs {
                            spec.range_slides.push(Slide { dx, dy, max });
                        }
                    } else if skip > 0 {
                        if mode.is_some() || hurdles > 0 {
                            return Err(format!("{{js4}} cannot be qualified in {text}"));
                        }
                        for (dx, dy) in vecs {
                            spec.jump_slides.push(JumpSlide {
                                dx,
                                dy,
                                jump: skip,
                                max,
                            });
                        }
                    } else if mode.is_some() || (hurdles > 0 && hurdles < ANY_HURDLES) {
                        for (dx, dy) in vecs {
                            let (max, hurdles) = if rides {
                                (max, hurdles)
                            } else {
                                (1, ANY_HURDLES)
                            };
                            spec.modal.push(ModalAtom {
                                dx,
                                dy,
                                max,
                                hurdles,
                                mode: mode.unwrap_or(Mode::Both),
                            });
                        }
                    } else if hurdles == ANY_HURDLES {
                        let n = max.min(LONGEST_LINE) as i8;
                        for (dx, dy) in vecs {
                            if dx.abs() > 1 || dy.abs() > 1 {
                                return Err(format!(
                                    "riding leaper '{c}' is not supported in {text}"
                                ));
                            }
                            for k in 1..=n {
                                push_unique(&mut spec.leaps, (dx * k, dy * k));
                            }
                        }
                    } else {
                        for (dx, dy) in vecs {
                            let unit = dx.abs() <= 1 && dy.abs() <= 1;
                            if rides && max > 1 {
                                if !unit {
                                    return Err(format!(
                                        "riding leaper '{c}' is not supported in {text}"
                                    ));
                                }
                                if !spec.slides.iter().any(|s| (s.dx, s.dy) == (dx, dy)) {
                                    spec.slides.push(Slide { dx, dy, max });
                                }
                            } else {
                                push_unique(&mut spec.leaps, (dx, dy));
                            }
                        }
                    }
                }
                mods = Mods::default();
                range = false;
                hurdles = 0;
                skip = 0;
                igui = false;
                chained = false;
                modality.clear();
                prev = None;
            }
            _ => return Err(format!("unexpected '{c}' in {text}")),
        }
    }
    if prev.is_some() || range || hurdles > 0 || skip > 0 || igui {
        return Err(format!("modifiers without an atom at the end of {text}"));
    }
    // A step is implied by any slide in the same direction; keep it only once.
    spec.leaps
        .retain(|&(dx, dy)| !spec.slides.iter().any(|s| (s.dx, s.dy) == (dx, dy)));
    Ok(spec)
}

/// A bracketed chain `<atom>a<mods><atom>[range]` (see the module notes).
fn parse_group(inner: &str, mods: &Mods, spec: &mut MoveSpec) -> Result<(), String> {
    let mut c: Vec<char> = inner.chars().collect();
    // Lion-dog line: `[avavW]`, `[avavF]`, `[avavK]`.
    if c.len() == 5 && c[..4] == ['a', 'v', 'a', 'v'] && "WFK".contains(c[4]) {
        let (vecs, _) = atom_vectors(c[4]).expect("W, F or K");
        for v in vecs.into_iter().filter(|&(dx, dy)| mods.admits(dx, dy)) {
            push_unique(&mut spec.lion_dog_lines, v);
            push_unique(&mut spec.leaps, v);
        }
        return Ok(());
    }
    // The seeds write the lion line `[avW]`: the first leg is the same atom.
    if c.len() == 3 && c[0] == 'a' {
        c.insert(0, c[2]);
    }
    if c.len() < 4 || c[1] != 'a' {
        return Err("unsupported chain".into());
    }
    let (first, turn, second) = (c[0], c[2], c[3]);
    let range: String = c[4..].iter().collect();
    let max = match range.as_str() {
        "" => UNLIMITED,
        r => r
            .parse::<u8>()
            .ok()
            .filter(|&n| n > 0)
            .ok_or_else(|| format!("bad range '{r}'"))?,
    };
    let (vecs, _) = atom_vectors(first).ok_or_else(|| format!("unknown atom '{first}'"))?;
    let vecs: Vec<(i8, i8)> = vecs
        .into_iter()
        .filter(|&(dx, dy)| mods.admits(dx, dy))
        .collect();
    let unit = |(dx, dy): (i8, i8)| {
        let n = dx.abs().max(dy.abs());
        ((dx / n, dy / n), n as u8)
    };
    match (first, turn, second) {
        ('W', 'v', 'W') | ('F', 'v', 'F') if range.is_empty() => {
            for v in vecs {
                spec.lion_lines.push(v);
                push_unique(&mut spec.leaps, v);
            }
        }
        ('D' | 'H', 'v', 'R') | ('A' | 'G', 'v', 'B') => {
            for v in vecs {
                let ((dx, dy), jump) = unit(v);
                spec.jump_slides.push(JumpSlide { dx, dy, jump, max });
            }
        }
        ('R', 's', 'R') | ('B', 's', 'B') if range.is_empty() => spec.hooks.extend(vecs),
        _ => return Err("unsupported chain".into()),
    }
    Ok(())
}

fn push_unique(v: &mut Vec<(i8, i8)>, p: (i8, i8)) {
    if !v.contains(&p) {
        v.push(p);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn leaps(s: &str) -> Vec<(i8, i8)> {
        let mut v = parse(s).unwrap().leaps;
        v.sort();
        v
    }

    fn sorted(mut v: Vec<(i8, i8)>) -> Vec<(i8, i8)> {
        v.sort();
        v
    }

    #[test]
    fn steppers() {
        assert_eq!(leaps("fW"), vec![(0, -1)]);
        assert_eq!(leaps("fK"), sorted(vec![(0, -1), (1, -1), (-1, -1)]));
        assert_eq!(
            leaps("fKbW"),
            sorted(vec![(0, -1), (1, -1), (-1, -1), (0, 1)])
        );
        assert_eq!(leaps("WfF").len(), 6);
        assert_eq!(leaps("FfW").len(), 5);
        // The seed's evil wolf: forward, forward diagonals, sideways.
        assert_eq!(
            leaps("frlK"),
            sorted(vec![(0, -1), (1, -1), (-1, -1), (1, 0), (-1, 0)])
        );
        assert_eq!(leaps("FrlbW").len(), 7);
        assert!(!leaps("FrlbW").contains(&(0, -1)));
        assert_eq!(leaps("FfrlW").len(), 7);
        assert!(!leaps("FfrlW").contains(&(0, 1)));
        assert_eq!(leaps("FfbW").len(), 6);
        assert_eq!(leaps("ffN"), sorted(vec![(1, -2), (-1, -2)]));
        assert_eq!(leaps("fN").len(), 4);
        assert_eq!(leaps("WA").len(), 8);
        assert_eq!(leaps("KNAD").len(), 24);
    }

    #[test]
    fn sliders() {
        let r = parse("R").unwrap();
        assert_eq!(r.slides.len(), 4);
        assert!(r.slides.iter().all(|s| s.max == UNLIMITED));
        let ox = parse("R2").unwrap();
        assert!(ox.slides.iter().all(|s| s.max == 2));
        assert_eq!(ox.slides.len(), 4);
        let horse = parse("fQbR").unwrap();
        assert_eq!(horse.slides.len(), 4);
        assert!(
            horse
                .slides
                .iter()
                .all(|s| s.dy != 0 && (s.dx == 0 || s.dy < 0))
        );
        let whale = parse("fRbQ").unwrap();
        assert_eq!(whale.slides.len(), 4);
        let dh = parse("BW").unwrap();
        assert_eq!((dh.slides.len(), dh.leaps.len()), (4, 4));
        // A step in a slide's direction is not stored twice.
        let stag = parse("fbRK").unwrap();
        assert_eq!((stag.slides.len(), stag.leaps.len()), (2, 6));
        assert_eq!(parse("WW").unwrap().slides.len(), 4);
    }

    #[test]
    fn lion_powers() {
        let lion = parse("KNADcaKmcabK").unwrap();
        assert!(lion.lion_area);
        assert_eq!(lion.leaps.len(), 24);
        let falcon = parse("BrlbRf[avW]fD").unwrap();
        assert_eq!(falcon.lion_lines, vec![(0, -1)]);
        assert_eq!(sorted(falcon.leaps), vec![(0, -2), (0, -1)]);
        assert_eq!(falcon.slides.len(), 7);
        let eagle = parse("RbBf[avF]fA").unwrap();
        assert_eq!(sorted(eagle.lion_lines), vec![(-1, -1), (1, -1)]);
        assert_eq!(eagle.slides.len(), 6);
    }

    #[test]
    fn chained_moves() {
        let j = parse("f[DavR]").unwrap();
        assert_eq!(
            j.jump_slides,
            vec![JumpSlide {
                dx: 0,
                dy: -1,
                jump: 2,
                max: UNLIMITED
            }]
        );
        let j3 = parse("[GavB2]").unwrap();
        assert_eq!(j3.jump_slides.len(), 4);
        assert!(j3.jump_slides.iter().all(|s| s.jump == 3 && s.max == 2));
        let hook = parse("[RasR]").unwrap();
        assert_eq!(hook.hooks.len(), 4);
        assert_eq!(parse("f[BasB]").unwrap().hooks.len(), 2);
    }

    #[test]
    fn extensions() {
        let gg = parse("{rc}Q").unwrap();
        assert_eq!(gg.range_slides.len(), 8);
        assert!(gg.slides.is_empty() && gg.leaps.is_empty());
        let jumper = parse("{j}fR3").unwrap();
        assert_eq!(sorted(jumper.leaps), vec![(0, -3), (0, -2), (0, -1)]);
        let m = parse("mWcF").unwrap();
        assert_eq!(m.modal.len(), 8);
        assert!(m.modal.iter().all(|a| a.max == 1));
        assert_eq!(
            m.modal.iter().filter(|a| a.mode == Mode::MoveOnly).count(),
            4
        );
        let cj = parse("c{j}B").unwrap();
        assert!((cj.modal.iter()).all(|a| a.hurdles == ANY_HURDLES && a.max == UNLIMITED));
        let j3 = parse("{j3}B").unwrap();
        assert!(
            j3.modal
                .iter()
                .all(|a| a.hurdles == 3 && a.mode == Mode::Both)
        );
        assert_eq!(parse("{js4}fB").unwrap().jump_slides[0].jump, 4);
        assert_eq!(parse("{igui}K").unwrap().igui.len(), 8);
        let dog = parse("KADG[avavK]").unwrap();
        assert_eq!(dog.lion_dog_lines.len(), 8);
        assert_eq!(dog.leaps.len(), 20);
        assert!(parse("{emperor}").unwrap().emperor);
    }

    #[test]
    fn errors() {
        for bad in [
            "X", "f", "[avW", "[abK]", "NN", "caR", "R0x", "{rc}W", "{x}R", "{j}", "m{rc}R",
            "[DavB]", "[RavR]", "[WavW2]",
        ] {
            assert!(parse(bad).is_err(), "{bad}");
        }
    }
}
