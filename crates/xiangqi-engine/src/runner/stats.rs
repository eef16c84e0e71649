//! Match statistics: a [`Tally`] of wins, draws and losses, its Elo difference with a 95% interval, the
//! likelihood of superiority, and the sequential probability ratio test ([`Sprt`]).

use core::fmt;

/// The 97.5% quantile of the standard normal distribution (a two-sided 95% interval).
const Z_95: f64 = 1.959_963_984_540_054;

/// Wins, draws and losses of one engine against another.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Tally {
    /// Games won.
    pub wins: u32,
    /// Games drawn.
    pub draws: u32,
    /// Games lost.
    pub losses: u32,
}

/// An Elo difference and its 95% interval.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct EloEstimate {
    /// The difference (positive when the engine is stronger).
    pub elo: f64,
    /// The lower end of the 95% interval (`-inf` when it has none).
    pub lower: f64,
    /// The upper end of the 95% interval (`inf` when it has none).
    pub upper: f64,
}

impl Tally {
    /// The games counted.
    pub const fn games(&self) -> u32 {
        self.wins + self.draws + self.losses
    }

    /// The points: a win 1, a draw ½.
    pub fn points(&self) -> f64 {
        f64::from(self.wins) + f64::from(self.draws) / 2.0
    }

    /// The tally seen from the other engine.
    pub const fn reversed(&self) -> Tally {
        Tally { wins: self.losses, draws: self.draws, losses: self.wins }
    }

    /// The mean score a game and its variance a game (results 1, ½, 0); `None` with no games.
    fn mean_and_variance(&self) -> Option<(f64, f64)> {
        let n = f64::from(self.games());
        if n == 0.0 {
            return None;
        }
        let p = self.points() / n;
        let variance = (f64::from(self.wins) * (1.0 - p).powi(2)
            + f64::from(self.draws) * (0.5 - p).powi(2)
            + f64::from(self.losses) * p.powi(2))
            / n;
        Some((p, variance))
    }

    /// The Elo difference of the score (`-400 log10(1/p − 1)`, the logistic model) and its 95% interval from
    /// the normal approximation of the mean score (the results' own variance, draws included); `None` with no
    /// games. A score of 0 or 1 gives an infinite difference.
    ///
    /// ```
    /// use xiangqi::engine::runner::Tally;
    ///
    /// let tally = Tally { wins: 60, draws: 20, losses: 20 };
    /// let estimate = tally.elo().unwrap();
    /// assert_eq!(format!("{:.1}", estimate.elo), "147.2");
    /// assert!(estimate.lower < estimate.elo && estimate.elo < estimate.upper);
    /// assert_eq!(format!("{:.4}", tally.los()), "1.0000");
    /// ```
    pub fn elo(&self) -> Option<EloEstimate> {
        let (p, variance) = self.mean_and_variance()?;
        let margin = Z_95 * (variance / f64::from(self.games())).sqrt();
        Some(EloEstimate { elo: elo_of(p), lower: elo_of(p - margin), upper: elo_of(p + margin) })
    }

    /// The likelihood of superiority: the chance that the engine is the stronger, from its wins and losses
    /// (`½ (1 + erf((W − L) / √(2 (W + L))))`; draws tell nothing). ½ without decisive games.
    pub fn los(&self) -> f64 {
        let decisive = f64::from(self.wins + self.losses);
        if decisive == 0.0 {
            return 0.5;
        }
        0.5 * (1.0 + erf((f64::from(self.wins) - f64::from(self.losses)) / (2.0 * decisive).sqrt()))
    }
}

/// The Elo difference of a mean score `p` (clamped: 0 and 1 give infinities).
fn elo_of(p: f64) -> f64 {
    if p <= 0.0 {
        f64::NEG_INFINITY
    } else if p >= 1.0 {
        f64::INFINITY
    } else {
        -400.0 * (1.0 / p - 1.0).log10()
    }
}

/// The mean score of an Elo difference.
fn score_of(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// The error function, after Abramowitz and Stegun 7.1.26 (absolute error below 1.5e-7).
fn erf(x: f64) -> f64 {
    let t = 1.0 / (1.0 + 0.327_591_1 * x.abs());
    let poly =
        t * (0.254_829_592 + t * (-0.284_496_736 + t * (1.421_413_741 + t * (-1.453_152_027 + t * 1.061_405_429))));
    let y = 1.0 - poly * (-x * x).exp();
    if x < 0.0 {
        -y
    } else {
        y
    }
}

/// A sequential probability ratio test of H0: the Elo difference is `elo0`, against H1: it is `elo1`, with
/// error rates `alpha` (accepting H1 wrongly) and `beta` (accepting H0 wrongly).
///
/// The log-likelihood ratio is the generalised SPRT's normal approximation on the trinomial results (as engine
/// testers use it): `LLR = N (s1 − s0) (2 s̄ − s0 − s1) / (2 σ²)`, with `s0`, `s1` the mean scores of `elo0` and
/// `elo1` in the logistic model, `s̄` the mean score and `σ²` the variance of a game's result. The test stops
/// when the LLR leaves `[ln(β / (1 − α)), ln((1 − β) / α)]`.
///
/// ```
/// use xiangqi::engine::runner::{Sprt, SprtStatus, Tally};
///
/// let sprt: Sprt = "0,10,0.05,0.05".parse()?;
/// let (lower, upper) = sprt.bounds();
/// assert_eq!(format!("{lower:.3} {upper:.3}"), "-2.944 2.944");
/// assert_eq!(sprt.status(&Tally { wins: 10, draws: 10, losses: 10 }), SprtStatus::Continue);
/// assert_eq!(sprt.status(&Tally { wins: 900, draws: 200, losses: 700 }), SprtStatus::AcceptH1);
/// assert_eq!(sprt.status(&Tally { wins: 700, draws: 200, losses: 900 }), SprtStatus::AcceptH0);
/// # Ok::<_, xiangqi::engine::runner::ParseSprtError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sprt {
    /// The Elo difference of H0.
    pub elo0: f64,
    /// The Elo difference of H1.
    pub elo1: f64,
    /// The chance of accepting H1 when H0 holds.
    pub alpha: f64,
    /// The chance of accepting H0 when H1 holds.
    pub beta: f64,
}

/// Where a [`Sprt`] stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SprtStatus {
    /// Not decided yet.
    Continue,
    /// H0 accepted: the difference is `elo0` (or less).
    AcceptH0,
    /// H1 accepted: the difference is `elo1` (or more).
    AcceptH1,
}

impl fmt::Display for SprtStatus {
    /// `continue`, `H0 accepted`, `H1 accepted`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            SprtStatus::Continue => "continue",
            SprtStatus::AcceptH0 => "H0 accepted",
            SprtStatus::AcceptH1 => "H1 accepted",
        })
    }
}

impl Sprt {
    /// The bounds of the LLR: `(ln(β / (1 − α)), ln((1 − β) / α))`.
    pub fn bounds(&self) -> (f64, f64) {
        ((self.beta / (1.0 - self.alpha)).ln(), ((1.0 - self.beta) / self.alpha).ln())
    }

    /// The log-likelihood ratio of `tally` (0 while its results have no variance).
    pub fn llr(&self, tally: &Tally) -> f64 {
        let Some((mean, variance)) = tally.mean_and_variance() else { return 0.0 };
        if variance <= 0.0 {
            return 0.0;
        }
        let (s0, s1) = (score_of(self.elo0), score_of(self.elo1));
        f64::from(tally.games()) * (s1 - s0) * (2.0 * mean - s0 - s1) / (2.0 * variance)
    }

    /// Where the test stands after `tally`.
    pub fn status(&self, tally: &Tally) -> SprtStatus {
        let llr = self.llr(tally);
        let (lower, upper) = self.bounds();
        if llr >= upper {
            SprtStatus::AcceptH1
        } else if llr <= lower {
            SprtStatus::AcceptH0
        } else {
            SprtStatus::Continue
        }
    }
}

xiangqi_board::parse_error! {
    /// The error of reading a [`Sprt`].
    pub struct ParseSprtError: "SPRT", "`ELO0,ELO1,ALPHA,BETA` with ELO0 < ELO1 and 0 < ALPHA, BETA < 1, such as `0,5,0.05,0.05`"
}

impl core::str::FromStr for Sprt {
    type Err = ParseSprtError;

    /// Reads `elo0,elo1,alpha,beta`.
    fn from_str(text: &str) -> Result<Sprt, ParseSprtError> {
        let numbers: Vec<f64> = text
            .split(',')
            .map(|part| part.trim().parse::<f64>())
            .collect::<Result<_, _>>()
            .map_err(|_| ParseSprtError::new(text))?;
        let &[elo0, elo1, alpha, beta] = &numbers[..] else { return Err(ParseSprtError::new(text)) };
        let rate = |x: f64| x > 0.0 && x < 1.0;
        if !(elo0.is_finite() && elo1.is_finite() && elo0 < elo1 && rate(alpha) && rate(beta)) {
            return Err(ParseSprtError::new(text));
        }
        Ok(Sprt { elo0, elo1, alpha, beta })
    }
}

impl fmt::Display for Sprt {
    /// `elo0,elo1,alpha,beta`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{},{},{},{}", self.elo0, self.elo1, self.alpha, self.beta)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn elo_of_known_scores() {
        assert_eq!(elo_of(0.5), 0.0);
        assert!((elo_of(0.75) - 190.848).abs() < 1e-3);
        assert!((score_of(190.848_501_887) - 0.75).abs() < 1e-9);
        let even = Tally { wins: 5, draws: 10, losses: 5 }.elo().unwrap();
        assert_eq!(even.elo, 0.0);
        assert!((even.lower + even.upper).abs() < 1e-9, "symmetric: {even:?}");
        assert_eq!(Tally::default().elo(), None);
        let all = Tally { wins: 3, draws: 0, losses: 0 }.elo().unwrap();
        assert_eq!((all.elo, all.lower), (f64::INFINITY, f64::INFINITY), "no variance: no interval");
    }

    #[test]
    fn the_interval_of_a_known_tally() {
        // p = 0.6 over 100 games, variance (50·0.16 + 20·0.01 + 30·0.36)/100 = 0.19; margin 1.96·√0.0019.
        let estimate = Tally { wins: 50, draws: 20, losses: 30 }.elo().unwrap();
        let margin = Z_95 * (0.19f64 / 100.0).sqrt();
        assert!((estimate.elo - elo_of(0.6)).abs() < 1e-9);
        assert!((estimate.lower - elo_of(0.6 - margin)).abs() < 1e-9);
        assert_eq!(format!("{:.1} {:.1} {:.1}", estimate.elo, estimate.lower, estimate.upper), "70.4 10.1 135.3");
    }

    #[test]
    fn los_and_erf() {
        assert!((erf(1.0) - 0.842_700_79).abs() < 2e-7);
        assert!((erf(-0.5) + 0.520_499_88).abs() < 2e-7);
        assert!((Tally { wins: 4, draws: 9, losses: 4 }.los() - 0.5).abs() < 1e-8, "erf(0) within its error");
        // 10 wins, 4 losses: ½(1 + erf(6/√28)).
        assert_eq!(format!("{:.4}", Tally { wins: 10, draws: 3, losses: 4 }.los()), "0.9456");
    }

    #[test]
    fn the_sprt_reads_and_decides() {
        assert!("5,0,0.05,0.05".parse::<Sprt>().is_err());
        assert!("0,5,0,0.05".parse::<Sprt>().is_err());
        assert!("0,5,0.05".parse::<Sprt>().is_err());
        let sprt: Sprt = "-5, 5, 0.1, 0.1".parse().unwrap();
        assert_eq!(sprt.to_string(), "-5,5,0.1,0.1");
        assert_eq!(sprt.llr(&Tally::default()), 0.0);
        assert_eq!(sprt.llr(&Tally { wins: 3, draws: 0, losses: 0 }), 0.0, "no variance yet");
        // Scores exactly between s0 and s1 tell nothing.
        assert!(sprt.llr(&Tally { wins: 10, draws: 0, losses: 10 }).abs() < 1e-12);
    }
}
