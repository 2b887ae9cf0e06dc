//! Confidence intervals: Wilson's score interval for a proportion, and a Student-t interval for
//! the mean of independent observations (the duplicate pairs).

use serde::Serialize;

/// The normal quantile of a two-sided 95% interval.
pub const Z95: f64 = 1.959_963_984_540_054;

/// Two-sided 95% Student-t quantiles for 1..=30 degrees of freedom.
const T95: [f64; 30] = [
    12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179, 2.160,
    2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086, 2.080, 2.074, 2.069, 2.064, 2.060, 2.056,
    2.052, 2.048, 2.045, 2.042,
];

/// The two-sided 95% Student-t quantile for `df` degrees of freedom (the normal one above 30,
/// within 0.05 of the exact value up to df 120 and converging after).
pub fn t95(df: u64) -> f64 {
    match df {
        0 => f64::INFINITY,
        1..=30 => T95[df as usize - 1],
        // Cornish-Fisher style correction: z + (z^3 + z) / (4 df).
        _ => Z95 + (Z95.powi(3) + Z95) / (4.0 * df as f64),
    }
}

/// An estimate with its 95% confidence interval.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Estimate {
    /// The point estimate.
    pub value: f64,
    /// Lower end of the 95% interval.
    pub low: f64,
    /// Upper end of the 95% interval.
    pub high: f64,
}

impl Estimate {
    /// Whether the interval contains `x`.
    pub fn contains(&self, x: f64) -> bool {
        self.low <= x && x <= self.high
    }
}

/// Wilson's 95% score interval for `successes` out of `n` (the whole `[0, 1]` when `n = 0`).
pub fn wilson(successes: f64, n: f64) -> Estimate {
    if n <= 0.0 {
        return Estimate {
            value: 0.5,
            low: 0.0,
            high: 1.0,
        };
    }
    let p = successes / n;
    let z2 = Z95 * Z95;
    let denom = 1.0 + z2 / n;
    let centre = (p + z2 / (2.0 * n)) / denom;
    let half = Z95 * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).max(0.0).sqrt() / denom;
    Estimate {
        value: p,
        low: (centre - half).max(0.0),
        high: (centre + half).min(1.0),
    }
}

/// Running mean and variance (Welford), for observations fed in a fixed order.
#[derive(Clone, Copy, Debug, Default)]
pub struct Moments {
    n: u64,
    mean: f64,
    m2: f64,
}

impl Moments {
    /// Adds one observation.
    pub fn push(&mut self, x: f64) {
        self.n += 1;
        let d = x - self.mean;
        self.mean += d / self.n as f64;
        self.m2 += d * (x - self.mean);
    }

    /// Number of observations.
    pub fn count(&self) -> u64 {
        self.n
    }

    /// The mean (0 with no observation).
    pub fn mean(&self) -> f64 {
        self.mean
    }

    /// The sample variance (0 with fewer than two observations).
    pub fn variance(&self) -> f64 {
        if self.n < 2 {
            0.0
        } else {
            self.m2 / (self.n - 1) as f64
        }
    }

    /// The Student-t 95% interval of the mean.
    pub fn t_interval(&self) -> Estimate {
        let half = t95(self.n.saturating_sub(1)) * (self.variance() / self.n.max(1) as f64).sqrt();
        let half = if half.is_finite() { half } else { f64::MAX };
        Estimate {
            value: self.mean,
            low: self.mean - half,
            high: self.mean + half,
        }
    }
}

/// The 95% interval of a win rate from duplicate pairs: each pair's score (wins of the two
/// matches / 2, in `{0, 0.5, 1}`) is one observation, and the interval is the Student-t interval
/// of their mean, clipped to `[0, 1]`. When every pair scored the same (no spread to estimate
/// from), it falls back to Wilson's interval over the pairs, which needs no variance estimate.
pub fn paired_rate(pairs: &Moments) -> Estimate {
    let n = pairs.count() as f64;
    if pairs.variance() <= 0.0 {
        return wilson(pairs.mean() * n, n);
    }
    let t = pairs.t_interval();
    Estimate {
        value: t.value,
        low: t.low.max(0.0),
        high: t.high.min(1.0),
    }
}

#[cfg(test)]
mod tests {
    use rand::{RngExt, SeedableRng};
    use rand_xoshiro::Xoshiro256PlusPlus;

    use super::*;

    #[test]
    fn wilson_known_values() {
        // 8 of 10: the textbook Wilson interval is (0.490, 0.943).
        let e = wilson(8.0, 10.0);
        assert!(
            (e.low - 0.4902).abs() < 1e-3 && (e.high - 0.9433).abs() < 1e-3,
            "{e:?}"
        );
        // All successes still leaves room below 1.
        let e = wilson(20.0, 20.0);
        assert!(e.high == 1.0 && e.low < 0.9 && e.low > 0.8, "{e:?}");
    }

    #[test]
    fn t_quantiles() {
        assert_eq!(t95(1), 12.706);
        assert!((t95(60) - 2.000).abs() < 0.01, "{}", t95(60));
        assert!((t95(1000) - Z95).abs() < 0.01);
    }

    /// Coverage on a synthetic Bernoulli source: the 95% intervals of 100 seeded runs contain
    /// the true rate at least 90 times, for Wilson over independent matches and for the paired
    /// interval over correlated pairs (half the pairs' two matches share their outcome).
    #[test]
    fn intervals_cover_a_known_rate() {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(2026);
        for p in [0.1, 0.3, 0.5, 0.8] {
            let (mut wilson_hits, mut paired_hits) = (0, 0);
            for _ in 0..100 {
                let mut wins = 0u32;
                let mut pairs = Moments::default();
                for _ in 0..100 {
                    wins += rng.random_bool(p) as u32 + rng.random_bool(p) as u32;
                    let a = rng.random_bool(p);
                    let b = if rng.random_bool(0.5) {
                        a
                    } else {
                        rng.random_bool(p)
                    };
                    pairs.push((a as u8 + b as u8) as f64 / 2.0);
                }
                wilson_hits += wilson(wins as f64, 200.0).contains(p) as u32;
                paired_hits += paired_rate(&pairs).contains(p) as u32;
            }
            assert!(wilson_hits >= 90, "Wilson covered p={p} {wilson_hits}/100");
            assert!(paired_hits >= 90, "paired covered p={p} {paired_hits}/100");
        }
    }

    #[test]
    fn moments_and_degenerate_pairs() {
        let mut m = Moments::default();
        for x in [1.0, 2.0, 3.0, 4.0] {
            m.push(x);
        }
        assert_eq!(m.mean(), 2.5);
        assert!((m.variance() - 5.0 / 3.0).abs() < 1e-12);
        let mut all = Moments::default();
        for _ in 0..50 {
            all.push(1.0);
        }
        let e = paired_rate(&all);
        assert_eq!(e.value, 1.0);
        assert!(e.low < 1.0 && e.low > 0.9, "no zero-width interval: {e:?}");
    }
}
