//! What a `go` command asks for, and how much time that leaves for this move.

use std::time::Duration;

#[derive(Clone, Debug, Default, PartialEq)]
pub struct Limits {
    pub depth: Option<u32>,
    pub nodes: Option<u64>,
    pub movetime: Option<Duration>,
    /// Remaining time of the side to move, and the increment and byoyomi it gets.
    pub time: Option<Duration>,
    pub inc: Duration,
    pub byoyomi: Duration,
    pub movestogo: Option<u32>,
    pub infinite: bool,
    /// Lines to search and report (`MultiPV`); 0 and 1 both mean one.
    pub multipv: usize,
    /// Root moves to consider (`go searchmoves`, CECP `exclude`); empty: all.
    pub searchmoves: Vec<crate::moves::Move>,
    /// Started as `go ponder`: no clock runs until `ponderhit` clears the shared
    /// pondering flag, and the best move waits for it or for `stop`.
    pub ponder: bool,
    /// `go mate`: a search for a forced royal capture, answered with `checkmate`.
    pub mate: bool,
    /// Moves to go assumed on a clock without `movestogo` (the `MoveHorizon`
    /// option); `None`: the variant's own (`horizon`).
    pub horizon: Option<u32>,
}

/// Kept back from every clock so that transmission and start-up never flag.
pub const SAFETY: Duration = Duration::from_millis(50);
pub const MAX_DEPTH: u32 = 64;

/// Moves to go assumed on a clock without `movestogo`: each move gets this
/// share of what is left. Games run long in these variants, and the fortieth
/// chess engines spend left too little for the middlegame and the end: at
/// 30 s sudden death, 80 moves against 40 scored +18 -3 =3 in dai, +13 -2 =1
/// in dai dai, +13 -6 =1 in maka dai dai and +14 -0 in tai; 120 against 80,
/// even in dai (+18 -19 =5), +13 -6 =2 in tai, whose games are the longest
/// (tuning/README.md, fifty-fifth session); 160 against 120 in tai, +91 -71
/// =25 in 187 games, not shown (fifty-sixth). Taikyoku's are short (half of the
/// engine's own end within 17 moves a side, on a royal's capture or material),
/// and there 80 lost (+8 -14) and 20 drew (+11 -10): it keeps 40. With an
/// increment fewer are assumed (`with_increment`).
const HORIZON: u32 = 80;
const HORIZONS: &[(&str, u32)] = &[("tai", 120), ("taikyoku", 40)];

/// Most moves to go the `MoveHorizon` option takes.
pub const MAX_HORIZON: u32 = 1000;

/// The moves to go assumed in the variant called `name` (`HORIZONS`).
pub fn horizon(name: &str) -> u32 {
    HORIZONS
        .iter()
        .find(|h| h.0 == name)
        .map_or(HORIZON, |h| h.1)
}

/// The moves to go assumed on a clock with increment `inc`: fewer than
/// `horizon`, since the clock need not last the game when every move adds to
/// it. The clock is spread over the horizon as if the increments to come were
/// on it already (`horizon * usable / (usable + inc * horizon)`), but never over
/// fewer than half the horizon: the budget then stays under the increment once
/// the clock runs low. At 10 s + 0.1 s in dai that is 43 moves at the start
/// (40 from 8 s left), where a fixed 40 beat 80 by 58 Elo (tuning/README.md,
/// fifty-sixth session); without an increment it is the horizon.
fn with_increment(horizon: u32, usable: Duration, inc: Duration) -> u32 {
    if inc.is_zero() {
        return horizon;
    }
    let (u, i, h) = (usable.as_micros(), inc.as_micros(), horizon as u128);
    let spread = (h * u / (u + i * h)) as u32;
    spread.max(horizon / 2).max(1)
}

impl Limits {
    /// `budget_over` for a game of the variant called `variant`: the horizon
    /// asked for (`MoveHorizon`) or else the variant's own.
    pub fn budget_for(&self, variant: &str) -> Option<(Duration, Duration)> {
        self.budget_over(self.horizon.unwrap_or_else(|| horizon(variant)))
    }

    /// `budget_over` with the horizon asked for, or else the default one.
    pub fn budget(&self) -> Option<(Duration, Duration)> {
        self.budget_over(self.horizon.unwrap_or(HORIZON))
    }

    /// The part of `budget_over`'s deepening time that is the move's own
    /// whatever the search finds: all of a `movetime`, or the byoyomi. The
    /// rest, the main clock's share, may be stretched or cut (`stability`).
    pub fn fixed_time(&self) -> Duration {
        match self.movetime {
            Some(t) => t,
            None => self.byoyomi.saturating_sub(SAFETY),
        }
    }

    /// `(deepen, hard)`: start no iteration after `deepen`, abort the search
    /// at `hard`. On a clock without `movestogo`, `horizon` moves are assumed
    /// to go (and `movestogo` counts as at most that many).
    ///
    /// A clock's move aims at its share of the main time and increment, and
    /// iterations start until half of that is spent (the next would rarely
    /// finish in time). Byoyomi is added whole to both: it is lost if not used,
    /// so, as under `movetime`, iterations go on until it is spent (a cut-short
    /// iteration's better root move is still played).
    pub fn budget_over(&self, horizon: u32) -> Option<(Duration, Duration)> {
        if self.infinite {
            return None;
        }
        let ms = Duration::from_millis;
        if let Some(t) = self.movetime {
            let t = t.saturating_sub(SAFETY).max(ms(1));
            return Some((t, t));
        }
        let time = self.time?;
        // Keep back a twentieth of the clock too: on a loaded machine the process
        // may wait for a core before and after its search.
        let usable = time.saturating_sub(SAFETY + time / 20);
        let horizon = horizon.max(1);
        let assumed = with_increment(horizon, usable, self.inc);
        let moves_left = self.movestogo.unwrap_or(assumed).clamp(1, horizon);
        let share = (usable / moves_left + self.inc * 3 / 4).saturating_sub(SAFETY / 2);
        // No single move may spend more than a third of the main time left.
        let main_hard = (share * 4).min(usable / 3);
        let byoyomi = self.byoyomi.saturating_sub(SAFETY);
        let hard = (main_hard + byoyomi).max(ms(1));
        let deepen = (share.min(main_hard) / 2 + byoyomi).clamp(ms(1), hard);
        Some((deepen, hard))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Sudden death with `t` left.
    fn on_clock(t: Duration) -> Limits {
        Limits {
            time: Some(t),
            ..Default::default()
        }
    }

    #[test]
    fn budgets_never_exceed_the_clock() {
        let ms = Duration::from_millis;
        let sudden = on_clock(ms(10_000));
        let (deepen, hard) = sudden.budget_over(40).unwrap();
        assert!(deepen <= hard && hard < ms(10_000));
        assert!(deepen >= ms(100));
        let (deepen, hard) = sudden.budget().unwrap();
        assert!(deepen <= hard && deepen >= ms(45));
        let nearly_flagged = on_clock(ms(30));
        let (_, hard) = nearly_flagged.budget().unwrap();
        assert!(hard <= ms(1));
        let byoyomi = Limits {
            byoyomi: ms(1000),
            ..on_clock(ms(0))
        };
        assert_eq!(byoyomi.budget(), Some((ms(950), ms(950))));
        let fixed = Limits {
            movetime: Some(ms(500)),
            ..Default::default()
        };
        assert_eq!(fixed.budget(), Some((ms(450), ms(450))));
        assert_eq!(
            Limits {
                infinite: true,
                ..Default::default()
            }
            .budget(),
            None
        );
        assert_eq!(Limits::default().budget(), None);
    }

    #[test]
    fn a_longer_horizon_spreads_the_clock_over_more_moves() {
        let ms = Duration::from_millis;
        let clock = on_clock(ms(60_000));
        let (forty, _) = clock.budget_over(40).unwrap();
        let (eighty, hard) = clock.budget_over(80).unwrap();
        assert_eq!(clock.budget_over(HORIZON), clock.budget());
        // 60 s less 50 ms and a twentieth (56.95 s), over 40 and over 80 moves.
        let usable = ms(56_950);
        assert_eq!(forty, (usable / 40 - ms(25)) / 2);
        assert_eq!(eighty, (usable / 80 - ms(25)) / 2);
        assert!(eighty <= hard);
        // `movestogo` is believed up to the horizon.
        let to_go = |n| Limits {
            movestogo: Some(n),
            ..clock.clone()
        };
        assert_eq!(to_go(10).budget_over(80), to_go(10).budget_over(40));
        assert_eq!(
            to_go(60).budget_over(80).unwrap().0,
            (usable / 60 - ms(25)) / 2
        );
        assert_eq!(to_go(200).budget_over(80), clock.budget_over(80));
        assert_eq!(horizon("dai"), HORIZON);
        assert_eq!(horizon("tai"), 120);
        assert_eq!(horizon("taikyoku"), 40);
    }

    #[test]
    fn an_increment_shortens_the_horizon_to_half_at_most() {
        let ms = Duration::from_millis;
        assert_eq!(with_increment(80, ms(9_450), Duration::ZERO), 80);
        // 10 s + 0.1 s: 9.45 s usable, 8 s of increments over 80 moves.
        assert_eq!(with_increment(80, ms(9_450), ms(100)), 43);
        assert_eq!(with_increment(80, ms(57_000), ms(100)), 70);
        // Never under half: with little left the budget stays under the increment.
        assert_eq!(with_increment(80, ms(1_000), ms(100)), 40);
        assert_eq!(with_increment(80, ms(0), ms(100)), 40);
        assert_eq!(with_increment(1, ms(0), ms(100)), 1);
        let clock = Limits {
            inc: ms(100),
            ..on_clock(ms(10_000))
        };
        let (deepen, _) = clock.budget_over(80).unwrap();
        assert_eq!(deepen, (ms(9_450) / 43 + ms(75) - ms(25)) / 2);
        let low = Limits {
            inc: ms(100),
            ..on_clock(ms(1_000))
        };
        let (deepen, hard) = low.budget_over(80).unwrap();
        assert!(
            deepen < ms(50) && hard <= ms(900) / 3,
            "{deepen:?} {hard:?}"
        );
        // `movestogo` still counts as it is, up to the horizon.
        let to_go = Limits {
            movestogo: Some(60),
            ..clock.clone()
        };
        assert_eq!(
            to_go.budget_over(80).unwrap().0,
            (ms(9_450) / 60 + ms(50)) / 2
        );
    }

    #[test]
    fn byoyomi_is_spent_whole_on_top_of_the_main_times_share() {
        let ms = Duration::from_millis;
        // Main time gone: the byoyomi less the safety margin, as under movetime.
        let only = Limits {
            byoyomi: ms(300),
            ..on_clock(ms(0))
        };
        let movetime = Limits {
            movetime: Some(ms(300)),
            ..Default::default()
        };
        assert_eq!(only.budget(), movetime.budget());
        // 10 s of main time (9.45 s usable) and 1 s byoyomi, over 80 moves: half
        // the main time's share, then all the byoyomi less the margin; at most
        // four shares (a third of the main time caps that) and the byoyomi.
        let both = Limits {
            byoyomi: ms(1_000),
            ..on_clock(ms(10_000))
        };
        let share = ms(9_450) / 80 - ms(25);
        assert_eq!(
            both.budget(),
            Some((share / 2 + ms(950), share * 4 + ms(950)))
        );
        // Never more than the main time and the byoyomi together.
        let low = Limits {
            byoyomi: ms(1_000),
            ..on_clock(ms(90))
        };
        let (deepen, hard) = low.budget().unwrap();
        assert!(deepen <= hard && hard < ms(1_090), "{deepen:?} {hard:?}");
    }

    #[test]
    fn only_the_main_times_share_may_be_scaled() {
        let ms = Duration::from_millis;
        let movetime = Limits {
            movetime: Some(ms(300)),
            ..Default::default()
        };
        let (deepen, _) = movetime.budget().unwrap();
        assert!(
            movetime.fixed_time() >= deepen,
            "all of a move time is fixed"
        );
        let both = Limits {
            byoyomi: ms(1_000),
            ..on_clock(ms(10_000))
        };
        assert_eq!(both.fixed_time(), ms(950));
        assert_eq!(on_clock(ms(10_000)).fixed_time(), Duration::ZERO);
    }

    #[test]
    fn an_asked_horizon_overrides_the_variants() {
        let clock = on_clock(Duration::from_secs(60));
        assert_eq!(clock.budget_for("tai"), clock.budget_over(120));
        assert_eq!(clock.budget_for("dai"), clock.budget());
        let asked = Limits {
            horizon: Some(160),
            ..clock.clone()
        };
        assert_eq!(asked.budget_for("tai"), clock.budget_over(160));
        assert_eq!(asked.budget_for("taikyoku"), clock.budget_over(160));
        assert_eq!(asked.budget(), clock.budget_over(160));
    }
}
