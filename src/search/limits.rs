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
    /// Root moves to consider (`go searchmoves`, CECP `exclude`); empty: all.
    pub searchmoves: Vec<crate::moves::Move>,
}

/// Kept back from every clock so that transmission and start-up never flag.
pub const SAFETY: Duration = Duration::from_millis(50);
pub const MAX_DEPTH: u32 = 64;

impl Limits {
    /// `(soft, hard)`: stop deepening after `soft`, abort the search at `hard`.
    pub fn budget(&self) -> Option<(Duration, Duration)> {
        if self.infinite {
            return None;
        }
        if let Some(t) = self.movetime {
            let t = t.saturating_sub(SAFETY).max(Duration::from_millis(1));
            return Some((t, t));
        }
        let time = self.time?;
        // Keep back a twentieth of the clock too: on a loaded machine the process
        // may wait for a core before and after its search.
        let usable = time.saturating_sub(SAFETY + time / 20);
        let moves_left = self.movestogo.unwrap_or(40).clamp(1, 40);
        let base = usable / moves_left + self.inc * 3 / 4;
        // Byoyomi is spent fully when the main time is gone.
        let soft = (base + self.byoyomi * 9 / 10).saturating_sub(SAFETY / 2);
        // No single move may spend more than a third of what is left.
        let hard_cap = usable / 3 + self.byoyomi.saturating_sub(SAFETY);
        let hard = (soft * 4).min(hard_cap).max(Duration::from_millis(1));
        Some((soft.min(hard).max(Duration::from_millis(1)), hard))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn budgets_never_exceed_the_clock() {
        let ms = Duration::from_millis;
        let sudden = Limits {
            time: Some(ms(10_000)),
            ..Default::default()
        };
        let (soft, hard) = sudden.budget().unwrap();
        assert!(soft <= hard && hard < ms(10_000));
        assert!(soft >= ms(200));
        let nearly_flagged = Limits {
            time: Some(ms(30)),
            ..Default::default()
        };
        let (_, hard) = nearly_flagged.budget().unwrap();
        assert!(hard <= ms(1));
        let byoyomi = Limits {
            time: Some(ms(0)),
            byoyomi: ms(1000),
            ..Default::default()
        };
        let (soft, hard) = byoyomi.budget().unwrap();
        assert!(soft >= ms(800) && hard <= ms(950));
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
}
