//! The evaluation's weights, in one place: each a field of `Weights` with its
//! default and the measurements behind it, and each settable as an engine
//! option (`PARAMS`) for tuning and for matches against reduced versions.

/// The evaluation's weights.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Weights {
    /// Centipawns per attacked square not holding one's own piece.
    pub mobility: i32,
    /// Promote-by-capture variants: the share (percent) of the value a piece gains
    /// (or loses) on its compulsory promotion that it is worth before it. A piece
    /// one capture away from becoming a much stronger one is worth more than its
    /// face value; one that will turn into something weaker, less.
    pub promotion_pct: i32,
    /// Centipawns per enemy attack on a royal's square or the squares around it,
    /// for a side with one royal; divided by the number of royals (a side with a
    /// spare royal survives losing one).
    pub royal_attack: i32,
    /// Centipawns per rank a non-royal piece stands forward of its own back rank:
    /// a reason to advance when mobility and material are level, as against a
    /// closed camp on the big boards.
    pub advance: i32,
    /// Centipawns per step of centrality (`Rays::centrality`, -10 in a corner
    /// to 10 in the middle) of each stepping piece, neither royal nor sliding:
    /// a stepper reaches the fight from the middle, and a slider's reach is
    /// counted by the mobility already.
    pub center: i32,
    /// Plies without a capture over which the score shrinks to half (0: never):
    /// a side that is ahead but only shuffles sees its lead fade, so it prefers
    /// the exchanges that open a closed position (as chess engines scale by the
    /// fifty-move counter).
    pub progress: i32,
    /// Threats against the side to move, in percent: of the second-largest
    /// loss one of its pieces faces (attacked and not defended, or attacked by
    /// a cheaper piece: its value, less the cheapest attacker's if defended).
    /// A static score assumes the side to move keeps it; it can move one
    /// threatened piece away with a quiet move, not two (`threat_penalty`).
    pub threat: i32,
    /// The same for the largest such loss (one move saves it, but a move is
    /// spent).
    pub threat_first: i32,
    /// The score is rounded to a multiple of this many centipawns (1: exact).
    /// Coarser scores make more of the search's bounds coincide, so that one
    /// result settles more later searches of the same position.
    pub grain: i32,
    /// What a draw by repetition is worth to the side the search is for, in
    /// centipawns below equal (contempt: positive, the engine plays on rather
    /// than repeat against a weaker opponent; negative, it takes the draw
    /// sooner). A search setting kept here so that it is an option like the
    /// weights; the static score never reads it.
    pub contempt: i32,
    /// The share (percent) of `mobility` that counts on this variant's board
    /// (`MOBILITY_PCT`; set by `for_variant`, not an option).
    pub mobility_pct: i32,
    /// The same for `promotion_pct` (`PROMOTION_PCT`).
    pub promotion_scale: i32,
    /// The same for `center` (`CENTER_PCT`).
    pub center_scale: i32,
}

/// `Weights::center`'s default: 2 won against 0 in dai (+54 Elo), dai dai
/// (+67) and maka dai dai (+47), and 4 against 2 at 120 ms in dai (+36, +10
/// to +62, 629 games), maka dai dai (+52, +6 to +101) and dai dai (+72, +25
/// to +122) (sixty-fifth to sixty-ninth sessions, `tuning/README.md`). Dai
/// and maka dai dai count half again (`CENTER_PCT`).
const CENTER: i32 = 4;

/// Variants whose mobility counts for less than `Weights::mobility` says, in
/// percent (the others count it whole). Tai: against the 1-ply material-only
/// baseline (200 ms, the tai book) the engine scored 62.5 % in 20 games with
/// 2 cp a square and 72.5 % in 60 with 1 cp, winning 28 of 30 games as White
/// against 6 of 10 (`tuning/README.md`, ninth and tenth sessions): at 2 cp its
/// pieces' freedom outweighed the material it gave for it.
const MOBILITY_PCT: &[(&str, i32)] = &[("tai", 50)];

/// Variants whose promotion potential counts for less than
/// `Weights::promotion_pct` says, in percent. Taikyoku: with 25 % the engine
/// lost to itself without the term, +19 -45 in 64 games at 300 ms (`tuning/README.md`,
/// thirty-first session), where tai gains about 95 Elo from it.
const PROMOTION_PCT: &[(&str, i32)] = &[("taikyoku", 0)];

/// Variants whose centrality counts for more or less than `Weights::center`
/// says, in percent (`CENTER`). Dai and maka dai dai: 6 cp a step won against
/// 4 at 120 ms (seventieth session); dai's 9 against 6 (-73 Elo) and dai
/// dai's 6 against 4 (-21) lost (seventy-first). Tai and taikyoku: off; in
/// taikyoku 4 against 0 lost 24 Elo (-73 to +24) in 200 games at 400 ms, and
/// in tai 3 against 0 lost 35 (-94 to +21) in 118 games at 100 ms
/// (seventy-third session).
const CENTER_PCT: &[(&str, i32)] = &[
    ("dai", 150),
    ("makadaidai", 150),
    ("tai", 0),
    ("taikyoku", 0),
];

/// `table`'s percent for the variant called `name` (100 if it has none).
fn share(table: &[(&str, i32)], name: &str) -> i32 {
    table.iter().find(|v| v.0 == name).map_or(100, |v| v.1)
}

impl Default for Weights {
    fn default() -> Self {
        Weights {
            mobility: 2,
            promotion_pct: 25,
            royal_attack: 0,
            advance: 0,
            center: CENTER,
            progress: 0,
            threat: 0,
            threat_first: 0,
            grain: 1,
            contempt: 0,
            mobility_pct: 100,
            promotion_scale: 100,
            center_scale: 100,
        }
    }
}

impl Weights {
    /// Material only (the baseline the strength matches are played against).
    pub const MATERIAL: Weights = Weights {
        mobility: 0,
        promotion_pct: 0,
        royal_attack: 0,
        advance: 0,
        center: 0,
        progress: 0,
        threat: 0,
        threat_first: 0,
        grain: 1,
        contempt: 0,
        mobility_pct: 100,
        promotion_scale: 100,
        center_scale: 100,
    };

    /// These weights as they apply in the variant called `name` (`MOBILITY_PCT`,
    /// `PROMOTION_PCT`).
    pub fn for_variant(self, name: &str) -> Weights {
        Weights {
            mobility_pct: share(MOBILITY_PCT, name),
            promotion_scale: share(PROMOTION_PCT, name),
            center_scale: share(CENTER_PCT, name),
            ..self
        }
    }
}

/// A weight as an engine option.
#[derive(Debug)]
pub struct Param {
    pub name: &'static str,
    pub min: i32,
    pub max: i32,
    pub field: fn(&mut Weights) -> &mut i32,
}

/// The weights' option names and ranges.
pub const PARAMS: &[Param] = &[
    Param {
        name: "EvalMobility",
        min: 0,
        max: 100,
        field: |w| &mut w.mobility,
    },
    Param {
        name: "EvalPromotionPotential",
        min: 0,
        max: 100,
        field: |w| &mut w.promotion_pct,
    },
    Param {
        name: "EvalRoyalAttack",
        min: 0,
        max: 100,
        field: |w| &mut w.royal_attack,
    },
    Param {
        name: "EvalAdvance",
        min: 0,
        max: 100,
        field: |w| &mut w.advance,
    },
    Param {
        name: "EvalCenter",
        min: 0,
        max: 100,
        field: |w| &mut w.center,
    },
    Param {
        name: "EvalProgress",
        min: 0,
        max: 10000,
        field: |w| &mut w.progress,
    },
    Param {
        name: "EvalThreat",
        min: 0,
        max: 100,
        field: |w| &mut w.threat,
    },
    Param {
        name: "EvalThreatFirst",
        min: 0,
        max: 100,
        field: |w| &mut w.threat_first,
    },
    Param {
        name: "EvalGrain",
        min: 1,
        max: 64,
        field: |w| &mut w.grain,
    },
    Param {
        name: "Contempt",
        min: -1000,
        max: 1000,
        field: |w| &mut w.contempt,
    },
];

/// The weight option called `name`, if there is one.
pub fn param(name: &str) -> Option<&'static Param> {
    PARAMS.iter().find(|p| p.name == name)
}

impl Param {
    /// This weight's value in `w`.
    pub fn get(&self, w: &Weights) -> i32 {
        *(self.field)(&mut w.clone())
    }

    pub fn default_value(&self) -> i32 {
        self.get(&Weights::default())
    }

    /// Sets this weight from option text; an error names the range.
    pub fn set(&self, w: &mut Weights, value: Option<&str>) -> Result<(), String> {
        match value.and_then(|v| v.trim().parse::<i32>().ok()) {
            Some(v) if (self.min..=self.max).contains(&v) => {
                *(self.field)(w) = v;
                Ok(())
            }
            _ => Err(format!(
                "{} must be a number from {} to {}",
                self.name, self.min, self.max
            )),
        }
    }
}
