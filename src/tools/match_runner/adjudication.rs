//! Games ended early on the engines' reported scores or on the material
//! balance (cutechess-cli's `-resign` and `-draw`), and reading those scores
//! off the engines' USI `info` and CECP thinking lines.

use super::config::MAX_CP;
use crate::types::Side;

/// Score adjudication for a win (cutechess-cli's `-resign`, `--resign-score CP
/// --resign-plies N`): the game is won for side X once the scores the engines
/// reported with their last N moves all give X at least `score` centipawns
/// (mate counts as beyond any threshold). Each score is the engine's own, from
/// its side's point of view, so with N >= 2 both engines must agree: the loser's
/// engine at most -CP, the winner's at least +CP.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ResignRule {
    pub score: i32,
    pub plies: u32,
}

impl ResignRule {
    pub const DEFAULT_PLIES: u32 = 6;
}

/// Score adjudication for a draw (cutechess-cli's `-draw`, `--draw-score CP
/// --draw-plies N --draw-after PLY`): the game is drawn once the scores
/// reported with the last N moves are all within `score` centipawns of zero and
/// all of those moves came after ply `after` of the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DrawRule {
    pub score: i32,
    pub plies: u32,
    pub after: u32,
}

impl DrawRule {
    pub const DEFAULT_PLIES: u32 = 20;
}

/// Material adjudication, needing no engine scores (`--material-margin CP
/// --material-plies N`): the game is won for side X once X's material (the
/// referee's piece values, as the evaluation counts them) has been at least
/// `margin` centipawns ahead after each of the last N moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MaterialRule {
    pub margin: i32,
    pub plies: u32,
}

impl MaterialRule {
    pub const DEFAULT_PLIES: u32 = 10;
}

/// The rules that may end a game before its natural end or the ply limit.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Adjudication {
    pub resign: Option<ResignRule>,
    pub draw: Option<DrawRule>,
    pub material: Option<MaterialRule>,
}

impl Adjudication {
    /// Rejects thresholds that make no sense, or that let both a win and a draw
    /// be declared on the same scores.
    pub fn check(&self) -> Result<(), String> {
        if let Some(r) = self.resign
            && !(1..=MAX_CP as i32).contains(&r.score)
        {
            return Err(format!(
                "--resign-score must be 1 to {MAX_CP}, not {}",
                r.score
            ));
        }
        if let Some(d) = self.draw
            && !(0..=MAX_CP as i32).contains(&d.score)
        {
            return Err(format!(
                "--draw-score must be 0 to {MAX_CP}, not {}",
                d.score
            ));
        }
        if let Some(m) = self.material
            && m.margin < 1
        {
            return Err(format!(
                "--material-margin must be positive, not {}",
                m.margin
            ));
        }
        let plies = [
            self.resign.map(|r| ("--resign-plies", r.plies)),
            self.draw.map(|d| ("--draw-plies", d.plies)),
            self.material.map(|m| ("--material-plies", m.plies)),
        ];
        if let Some((flag, _)) = plies.into_iter().flatten().find(|(_, n)| *n == 0) {
            return Err(format!("{flag} must be at least 1"));
        }
        if let (Some(r), Some(d)) = (self.resign, self.draw)
            && d.score >= r.score
        {
            return Err(format!(
                "--draw-score ({}) must be below --resign-score ({})",
                d.score, r.score
            ));
        }
        Ok(())
    }
}

/// Which adjudication ended a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Adjudicated {
    /// The engines' scores (a win under `ResignRule`, a draw under `DrawRule`).
    Scores,
    /// The material balance (`MaterialRule`).
    Material,
}

/// A score that stands for mate in an engine's report: beyond any threshold.
pub const MATE_SCORE: i32 = 1_000_000_000;

/// The running streaks of one game's adjudication rules.
#[derive(Clone, Debug)]
pub struct Adjudicator {
    rules: Adjudication,
    /// The side the last scores favour by the resign threshold, and for how many
    /// plies in a row.
    lead: Option<(Side, u32)>,
    /// Plies in a row (after `DrawRule::after`) with scores near zero.
    quiet: u32,
    /// The side ahead in material by the margin, and for how many plies in a row.
    material: Option<(Side, u32)>,
}

/// A decision: the winner (`None`: a draw), how, and the reason to record.
pub type Decision = (Option<Side>, Adjudicated, String);

impl Adjudicator {
    pub fn new(rules: Adjudication) -> Adjudicator {
        Adjudicator {
            rules,
            lead: None,
            quiet: 0,
            material: None,
        }
    }

    /// Called after ply `ply` of the game (1 for its first move), made by
    /// `mover` whose engine reported `score` with it (from `mover`'s point of
    /// view, mate as +/-`MATE_SCORE`; `None` if it reported none, which breaks
    /// the score streaks), with `material` the balance from Black's point of
    /// view after it. A win on scores is checked first, then a draw on scores,
    /// then material.
    pub fn after_ply(
        &mut self,
        ply: usize,
        mover: Side,
        score: Option<i32>,
        material: i32,
    ) -> Option<Decision> {
        // Black's point of view.
        let black = score.map(|s| if mover == Side::Black { s } else { -s });
        let ahead = |v: i32, margin: i32| {
            if v >= margin {
                Some(Side::Black)
            } else if v <= -margin {
                Some(Side::White)
            } else {
                None
            }
        };
        let mut verdict = None;
        if let Some(r) = self.rules.resign {
            let n = extend(&mut self.lead, black.and_then(|b| ahead(b, r.score)));
            if n >= r.plies
                && let Some((side, _)) = self.lead
            {
                verdict = Some(win(side, Adjudicated::Scores, r.score, n));
            }
        }
        if let Some(d) = self.rules.draw {
            let near_zero = black.is_some_and(|b| b.abs() <= d.score);
            self.quiet = if near_zero && ply > d.after as usize {
                self.quiet + 1
            } else {
                0
            };
            if self.quiet >= d.plies && verdict.is_none() {
                verdict = Some((
                    None,
                    Adjudicated::Scores,
                    format!(
                        "draw: adjudicated: scores (within {} cp of 0 for {} plies after ply {})",
                        d.score, self.quiet, d.after
                    ),
                ));
            }
        }
        if let Some(m) = self.rules.material {
            let n = extend(&mut self.material, ahead(material, m.margin));
            if n >= m.plies
                && verdict.is_none()
                && let Some((side, _)) = self.material
            {
                verdict = Some(win(side, Adjudicated::Material, m.margin, n));
            }
        }
        verdict
    }
}

/// A win adjudicated on `kind` (scores or material): `side` ahead by at least
/// `margin` centipawns for `plies` plies.
fn win(side: Side, kind: Adjudicated, margin: i32, plies: u32) -> Decision {
    let w = match side {
        Side::Black => "Black",
        Side::White => "White",
    };
    let what = match kind {
        Adjudicated::Material => "material",
        _ => "scores",
    };
    (
        Some(side),
        kind,
        format!("{w} wins: adjudicated: {what} ({w} +{margin} cp or more for {plies} plies)"),
    )
}

/// Extends a streak of plies favouring one side (or breaks it); its length.
fn extend(streak: &mut Option<(Side, u32)>, leader: Option<Side>) -> u32 {
    *streak = match (leader, *streak) {
        (Some(l), Some((s, n))) if l == s => Some((l, n + 1)),
        (Some(l), _) => Some((l, 1)),
        (None, _) => None,
    };
    streak.map_or(0, |(_, n)| n)
}

/// The score of a USI `info` line (`score cp N`, `score mate N`), from the
/// engine's point of view, mate as +/-`MATE_SCORE`. `None` for lines without
/// one, `info string` text, and MultiPV lines other than the first.
pub fn usi_info_score(line: &str) -> Option<i32> {
    let mut tokens = line.split_whitespace();
    if tokens.next()? != "info" {
        return None;
    }
    let tokens: Vec<&str> = tokens.take_while(|t| *t != "string").collect();
    if let Some(i) = tokens.iter().position(|t| *t == "multipv")
        && tokens.get(i + 1) != Some(&"1")
    {
        return None;
    }
    let i = tokens.iter().position(|t| *t == "score")?;
    let value = *tokens.get(i + 2)?;
    match *tokens.get(i + 1)? {
        "cp" => value
            .parse::<i64>()
            .ok()
            .map(|v| v.clamp(-(MATE_SCORE as i64), MATE_SCORE as i64) as i32),
        "mate" => {
            // `mate N` (plies or moves; negative when the engine is mated), or
            // `mate +` / `mate -` when the distance is unknown.
            let losing = value.starts_with('-');
            (value == "+"
                || value == "-"
                || value.trim_start_matches(['+', '-']).parse::<u32>().is_ok())
            .then_some(if losing { -MATE_SCORE } else { MATE_SCORE })
        }
        _ => None,
    }
}

/// The score of a CECP thinking line (`depth score time nodes pv...`), from the
/// engine's point of view, mate (+/-100000 or beyond) as +/-`MATE_SCORE`.
pub fn cecp_thinking_score(line: &str) -> Option<i32> {
    let t: Vec<&str> = line.split_whitespace().take(4).collect();
    let [depth, score, time, nodes] = t[..] else {
        return None;
    };
    // Some engines mark the depth (`12.`, `12&`).
    let depth = depth.trim_end_matches(|c: char| !c.is_ascii_digit());
    depth.parse::<u32>().ok()?;
    time.parse::<u64>().ok()?;
    nodes.parse::<u64>().ok()?;
    let score: i64 = score.parse().ok()?;
    Some(if score >= 100_000 {
        MATE_SCORE
    } else if score <= -100_000 {
        -MATE_SCORE
    } else {
        score as i32
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn usi_scores_are_read_from_info_lines() {
        let s = usi_info_score;
        assert_eq!(
            s("info depth 3 seldepth 6 score cp 56 nodes 10 pv 9k9j"),
            Some(56)
        );
        assert_eq!(
            s("info depth 3 score cp -120 lowerbound nodes 10"),
            Some(-120)
        );
        assert_eq!(s("info depth 9 score mate 5 pv a b"), Some(MATE_SCORE));
        assert_eq!(s("info depth 9 score mate -4 pv a b"), Some(-MATE_SCORE));
        assert_eq!(s("info score mate -"), Some(-MATE_SCORE));
        assert_eq!(s("info score mate +"), Some(MATE_SCORE));
        assert_eq!(s("info depth 4 multipv 1 score cp 7 pv x"), Some(7));
        assert_eq!(s("info depth 4 multipv 2 score cp 7 pv x"), None);
        assert_eq!(s("info string score cp 300"), None);
        assert_eq!(s("info depth 3 nodes 100"), None);
        assert_eq!(s("info depth 3 score cp x"), None);
        assert_eq!(s("bestmove 9k9j"), None);
    }

    #[test]
    fn cecp_scores_are_read_from_thinking_lines() {
        let s = cecp_thinking_score;
        assert_eq!(s("4 -35 12 5012 9k9j 7e7f"), Some(-35));
        assert_eq!(s("12. 40 100 99999 a"), Some(40));
        assert_eq!(s("3 100003 5 20 a b c"), Some(MATE_SCORE));
        assert_eq!(s("3 -100002 5 20 a b"), Some(-MATE_SCORE));
        assert_eq!(s("move 9k9j"), None);
        assert_eq!(s("feature done=1"), None);
        assert_eq!(s("1 2 3"), None);
        assert_eq!(s("Illegal move: 1 2 3 4"), None);
    }

    /// Runs the adjudicator over plies of (score for the mover, material for Black).
    fn decide(rules: Adjudication, plies: &[(Option<i32>, i32)]) -> Option<(usize, Decision)> {
        let mut a = Adjudicator::new(rules);
        let mut mover = Side::Black;
        for (i, &(score, material)) in plies.iter().enumerate() {
            if let Some(d) = a.after_ply(i + 1, mover, score, material) {
                return Some((i + 1, d));
            }
            mover = mover.flip();
        }
        None
    }

    #[test]
    fn score_wins_need_every_score_of_the_streak() {
        let resign = Adjudication {
            resign: Some(ResignRule {
                score: 500,
                plies: 4,
            }),
            ..Default::default()
        };
        // Black's engine says +600, White's -600 (White's view): Black is ahead.
        let ahead = [(Some(600), 0), (Some(-600), 0)].repeat(3);
        let (ply, (winner, how, reason)) = decide(resign, &ahead).unwrap();
        assert_eq!(
            (ply, winner, how),
            (4, Some(Side::Black), Adjudicated::Scores)
        );
        assert!(
            reason.starts_with("Black wins: adjudicated: scores"),
            "{reason}"
        );
        // One engine disagreeing, or silent, restarts the count.
        let mut broken = ahead.clone();
        broken[2].0 = Some(100);
        assert_eq!(decide(resign, &broken), None);
        broken.push((Some(600), 0));
        assert_eq!(decide(resign, &broken).map(|d| d.0), Some(7));
        let silent = [(Some(600), 0), (None, 0)].repeat(4);
        assert_eq!(decide(resign, &silent), None);
        // Mate counts as beyond the threshold; White wins when both agree.
        let white = [(Some(-MATE_SCORE), 0), (Some(900), 0)].repeat(2);
        assert_eq!(decide(resign, &white).unwrap().1.0, Some(Side::White));
        // A lead changing hands restarts the count.
        let swing = [
            (Some(600), 0),
            (Some(-600), 0),
            (Some(-600), 0),
            (Some(600), 0),
            (Some(-600), 0),
        ];
        assert_eq!(decide(resign, &swing), None);
    }

    #[test]
    fn score_draws_count_only_after_the_given_ply() {
        let draw = Adjudication {
            draw: Some(DrawRule {
                score: 20,
                plies: 3,
                after: 4,
            }),
            ..Default::default()
        };
        let quiet = [(Some(10), 0), (Some(-20), 0)].repeat(5);
        let (ply, (winner, how, reason)) = decide(draw, &quiet).unwrap();
        assert_eq!((ply, winner, how), (7, None, Adjudicated::Scores));
        assert!(reason.starts_with("draw: adjudicated: scores"), "{reason}");
        let mut loud = quiet.clone();
        loud[5].0 = Some(21);
        assert_eq!(decide(draw, &loud).map(|d| d.0), Some(9));
        loud[7].0 = None;
        assert_eq!(decide(draw, &loud), None);
    }

    #[test]
    fn material_wins_need_no_scores() {
        let material = Adjudication {
            material: Some(MaterialRule {
                margin: 1000,
                plies: 3,
            }),
            ..Default::default()
        };
        // White ahead: after a capture and the recapture the margin is gone.
        let plies = [
            (None, -1200),
            (None, -1200),
            (None, 0),
            (None, -1000),
            (None, -1500),
            (None, -1000),
        ];
        let (ply, (winner, how, reason)) = decide(material, &plies).unwrap();
        assert_eq!(
            (ply, winner, how),
            (6, Some(Side::White), Adjudicated::Material)
        );
        assert!(
            reason.starts_with("White wins: adjudicated: material"),
            "{reason}"
        );
        // Scores first: a score win is declared even when material would be too.
        let both = Adjudication {
            resign: Some(ResignRule {
                score: 500,
                plies: 3,
            }),
            ..material
        };
        let plies = [(Some(-600), -2000), (Some(600), -2000), (Some(-600), -2000)];
        assert_eq!(decide(both, &plies).unwrap().1.1, Adjudicated::Scores);
    }
}
