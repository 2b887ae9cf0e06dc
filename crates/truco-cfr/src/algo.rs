//! Algorithm selection by name and shared options.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use crate::error::CfrError;

/// The solver algorithms, parsed from their names.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum Algorithm {
    /// External-sampling Monte-Carlo CFR (`"es-mccfr"`): the default for big games.
    #[default]
    EsMccfr,
    /// Outcome-sampling Monte-Carlo CFR (`"os-mccfr"`).
    OsMccfr,
    /// Full-traversal CFR+ (`"cfr+"`): regrets floored at 0, linear averaging, alternating updates.
    CfrPlus,
    /// Full-traversal Discounted CFR (`"dcfr"`), alpha 1.5, beta 0, gamma 2.
    Dcfr,
}

impl Algorithm {
    /// Whether the algorithm samples (MCCFR) rather than traversing the whole tree.
    pub fn is_sampling(self) -> bool {
        matches!(self, Algorithm::EsMccfr | Algorithm::OsMccfr)
    }

    /// The canonical name.
    pub fn name(self) -> &'static str {
        match self {
            Algorithm::EsMccfr => "es-mccfr",
            Algorithm::OsMccfr => "os-mccfr",
            Algorithm::CfrPlus => "cfr+",
            Algorithm::Dcfr => "dcfr",
        }
    }
}

impl fmt::Display for Algorithm {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Algorithm {
    type Err = CfrError;
    fn from_str(s: &str) -> Result<Self, CfrError> {
        match s.trim().to_ascii_lowercase().as_str() {
            "es-mccfr" | "es" | "mccfr" => Ok(Algorithm::EsMccfr),
            "os-mccfr" | "os" => Ok(Algorithm::OsMccfr),
            "cfr+" | "cfrplus" | "cfr-plus" => Ok(Algorithm::CfrPlus),
            "dcfr" => Ok(Algorithm::Dcfr),
            _ => Err(CfrError::UnknownAlgorithm(s.to_string())),
        }
    }
}

/// How iterations are weighted in the average strategy.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub enum Averaging {
    /// Every iteration weighs 1 (vanilla CFR / MCCFR).
    Uniform,
    /// Iteration `t` weighs `t` (linear averaging, CFR+ and Linear CFR).
    Linear,
    /// Iteration `t` weighs `t^gamma` (DCFR's discounted averaging; gamma 2 is DCFR's default).
    Discounted {
        /// The exponent.
        gamma: f64,
    },
}

impl Averaging {
    /// Weight of iteration `t` (1-based).
    #[inline]
    pub fn weight(self, t: u64) -> f64 {
        match self {
            Averaging::Uniform => 1.0,
            Averaging::Linear => t as f64,
            Averaging::Discounted { gamma } => (t as f64).powf(gamma),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        for a in [
            Algorithm::EsMccfr,
            Algorithm::OsMccfr,
            Algorithm::CfrPlus,
            Algorithm::Dcfr,
        ] {
            assert_eq!(a.name().parse::<Algorithm>().unwrap(), a);
        }
        assert!(matches!(
            "cfr-x".parse::<Algorithm>(),
            Err(CfrError::UnknownAlgorithm(_))
        ));
        assert!(Algorithm::OsMccfr.is_sampling());
        assert!(!Algorithm::Dcfr.is_sampling());
    }

    #[test]
    fn averaging_weights() {
        assert_eq!(Averaging::Uniform.weight(7), 1.0);
        assert_eq!(Averaging::Linear.weight(7), 7.0);
        assert_eq!(Averaging::Discounted { gamma: 2.0 }.weight(3), 9.0);
    }
}
