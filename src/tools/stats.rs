//! Match statistics: Elo difference with a 95% interval, counted by games and by
//! pairs of games, and the sequential probability ratio test used to accept or
//! reject a change.
//!
//! The two games of a pair start from one opening with the colours swapped. Where
//! an opening favours one colour, both games go to whoever has it, and the two
//! results are not independent: counted by pairs (pentanomial, as fishtest does),
//! the interval is honest, and narrower where openings decide most games.

/// Results from the first engine's point of view.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    pub wins: u32,
    pub losses: u32,
    pub draws: u32,
    /// Finished pairs by the first engine's points in them: 0, ½, 1, 1½, 2.
    pub pairs: [u32; 5],
}

impl Tally {
    pub fn games(&self) -> u32 {
        self.wins + self.losses + self.draws
    }

    /// Mean score per game (0..1).
    pub fn score(&self) -> f64 {
        (self.wins as f64 + 0.5 * self.draws as f64) / self.games().max(1) as f64
    }

    /// The games as samples: (count, score per game) of losses, draws, wins.
    fn game_samples(&self) -> [(u32, f64); 3] {
        [(self.losses, 0.0), (self.draws, 0.5), (self.wins, 1.0)]
    }

    /// The pairs as samples: (count, score per game of the pair).
    fn pair_samples(&self) -> [(u32, f64); 5] {
        std::array::from_fn(|k| (self.pairs[k], k as f64 / 4.0))
    }

    pub fn pair_count(&self) -> u32 {
        self.pairs.iter().sum()
    }

    /// Records one game's result, `points` (0, 0.5 or 1) for the first engine.
    pub fn add_game(&mut self, points: f64) {
        match points {
            p if p > 0.75 => self.wins += 1,
            p if p < 0.25 => self.losses += 1,
            _ => self.draws += 1,
        }
    }

    /// Records a finished pair, `points` (0 to 2 in halves) for the first engine.
    pub fn add_pair(&mut self, points: f64) {
        self.pairs[((points * 2.0).round() as usize).min(4)] += 1;
    }

    /// Elo difference by games and its 95% interval `(low, elo, high)`.
    pub fn elo(&self) -> (f64, f64, f64) {
        Samples::of(&self.game_samples()).elo()
    }

    /// The same counted by pairs.
    pub fn pair_elo(&self) -> (f64, f64, f64) {
        Samples::of(&self.pair_samples()).elo()
    }

    /// Log-likelihood ratio of H1 (elo1) against H0 (elo0) over the finished
    /// pairs, normal approximation.
    pub fn llr(&self, elo0: f64, elo1: f64) -> f64 {
        Samples::of(&self.pair_samples()).llr(elo0, elo1)
    }
}

/// Count, mean and variance of a set of scores (per game, 0..1).
struct Samples {
    n: f64,
    mean: f64,
    variance: f64,
}

impl Samples {
    fn of(counts: &[(u32, f64)]) -> Samples {
        let n: f64 = counts.iter().map(|&(c, _)| c as f64).sum();
        let per = |f: &dyn Fn(f64) -> f64| {
            counts.iter().map(|&(c, x)| c as f64 * f(x)).sum::<f64>() / n.max(1.0)
        };
        let mean = per(&|x| x);
        let variance = per(&|x| (x - mean).powi(2));
        Samples { n, mean, variance }
    }

    fn elo(&self) -> (f64, f64, f64) {
        let margin = 1.96 * (self.variance / self.n.max(1.0)).sqrt();
        let s = if self.n == 0.0 { 0.5 } else { self.mean };
        (elo_of(s - margin), elo_of(s), elo_of(s + margin))
    }

    fn llr(&self, elo0: f64, elo1: f64) -> f64 {
        if self.n == 0.0 || self.variance <= 0.0 {
            return 0.0;
        }
        let (s0, s1) = (score_of(elo0), score_of(elo1));
        self.n * (s1 - s0) * (2.0 * self.mean - s0 - s1) / (2.0 * self.variance)
    }
}

/// Expected score of a player `elo` points stronger.
pub fn score_of(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// Elo difference of an expected score (clamped away from 0 and 1).
pub fn elo_of(score: f64) -> f64 {
    let s = score.clamp(1e-6, 1.0 - 1e-6);
    // `+ 0.0` turns an even score's -0 into 0 (printed "-0.0" otherwise).
    -400.0 * (1.0 / s - 1.0).log10() + 0.0
}

#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sprt {
    pub elo0: f64,
    pub elo1: f64,
    pub alpha: f64,
    pub beta: f64,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    AcceptH1,
    AcceptH0,
    Continue,
}

impl Sprt {
    pub fn bounds(&self) -> (f64, f64) {
        (
            (self.beta / (1.0 - self.alpha)).ln(),
            ((1.0 - self.beta) / self.alpha).ln(),
        )
    }

    pub fn verdict(&self, t: &Tally) -> Verdict {
        let llr = t.llr(self.elo0, self.elo1);
        let (lo, hi) = self.bounds();
        if llr >= hi {
            Verdict::AcceptH1
        } else if llr <= lo {
            Verdict::AcceptH0
        } else {
            Verdict::Continue
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn games(wins: u32, losses: u32, draws: u32) -> Tally {
        Tally {
            wins,
            losses,
            draws,
            ..Default::default()
        }
    }

    fn pairs(pairs: [u32; 5]) -> Tally {
        Tally {
            pairs,
            ..Default::default()
        }
    }

    #[test]
    fn elo_of_known_scores() {
        assert!((elo_of(0.5)).abs() < 1e-9);
        assert!((elo_of(0.75) - 190.85).abs() < 0.01);
        assert!((score_of(elo_of(0.3)) - 0.3).abs() < 1e-9);
        let (lo, e, hi) = games(50, 50, 0).elo();
        assert!(e.abs() < 1e-9 && lo < -60.0 && hi > 60.0 && (lo + hi).abs() < 1e-6);
        assert_eq!(Tally::default().elo(), (0.0, 0.0, 0.0));
    }

    #[test]
    fn games_and_pairs_are_recorded() {
        let mut t = Tally::default();
        for (a, b) in [(1.0, 0.0), (1.0, 1.0), (0.5, 0.0), (0.0, 0.0), (0.5, 1.0)] {
            t.add_game(a);
            t.add_game(b);
            t.add_pair(a + b);
        }
        assert_eq!((t.wins, t.losses, t.draws), (4, 4, 2));
        assert_eq!(t.pairs, [1, 1, 1, 1, 1]);
        assert_eq!(t.pair_count(), 5);
    }

    #[test]
    fn pairs_that_split_narrow_the_interval() {
        // 58 won, 42 lost: as 50 pairs, 42 split 1-1 and 8 went 2-0. By games
        // the interval is that of 100 independent games; by pairs only the eight
        // decided pairs vary, so it is narrower, with the same score.
        let by_games = games(58, 42, 0).elo();
        let by_pairs = pairs([0, 0, 42, 0, 8]).pair_elo();
        assert!((by_games.1 - by_pairs.1).abs() < 1e-9);
        assert!(by_pairs.2 - by_pairs.0 < 0.7 * (by_games.2 - by_games.0));
        assert!(by_pairs.0 > 0.0 && by_games.0 < 0.0);
        // Pairs that go 2-0 and 0-2 alike widen it instead.
        let swings = pairs([20, 0, 0, 0, 30]).pair_elo();
        assert!(swings.2 - swings.0 > by_games.2 - by_games.0);
    }

    #[test]
    fn sprt_decides_clear_cases() {
        let sprt = Sprt {
            elo0: 0.0,
            elo1: 10.0,
            alpha: 0.05,
            beta: 0.05,
        };
        let (lo, hi) = sprt.bounds();
        assert!((hi - 2.944).abs() < 0.01 && (lo + 2.944).abs() < 0.01);
        assert_eq!(
            sprt.verdict(&pairs([50, 50, 150, 100, 150])),
            Verdict::AcceptH1
        );
        assert_eq!(
            sprt.verdict(&pairs([150, 100, 150, 50, 50])),
            Verdict::AcceptH0
        );
        assert_eq!(sprt.verdict(&pairs([1, 0, 1, 0, 2])), Verdict::Continue);
        // Games without finished pairs decide nothing.
        assert_eq!(sprt.verdict(&games(600, 300, 100)), Verdict::Continue);
    }
}
