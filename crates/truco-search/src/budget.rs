//! [`SearchBudget`]: how long one decision may search, parsed from the command line.

use std::fmt;
use std::str::FromStr;
use std::time::Duration;

use truco_cfr::resolve::Budget;

use crate::SearchError;

/// Longest time budget accepted for one decision.
pub const MAX_TIME: Duration = Duration::from_secs(60);

/// Most iterations accepted for one decision.
pub const MAX_ITERATIONS: u64 = 100_000_000;

/// The budget of one decision's search: wall time (`50ms`, `1.5s`) or iterations (`2000it`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SearchBudget(pub Budget);

impl SearchBudget {
    /// The default budget for bots: 18 ms of one core, which keeps a decision after trick 1
    /// under 20 ms (p50 19.0 ms, `examples/latency.rs`).
    pub const BOT_DEFAULT: SearchBudget = SearchBudget(Budget::Time(Duration::from_millis(18)));
}

impl FromStr for SearchBudget {
    type Err = SearchError;

    fn from_str(s: &str) -> Result<Self, SearchError> {
        let bad = |why: &str| SearchError::Budget(s.to_string(), why.to_string());
        let t = s.trim();
        if let Some(n) = t.strip_suffix("it") {
            let n: u64 = n
                .trim()
                .parse()
                .map_err(|_| bad("iterations must be a whole number, e.g. 2000it"))?;
            return match n {
                0 => Err(bad("zero iterations")),
                n if n > MAX_ITERATIONS => Err(bad("more than 100000000 iterations")),
                n => Ok(SearchBudget(Budget::Iterations(n))),
            };
        }
        let (num, scale) = if let Some(n) = t.strip_suffix("ms") {
            (n, 1e-3)
        } else if let Some(n) = t.strip_suffix('s') {
            (n, 1.0)
        } else {
            return Err(bad("give a time (50ms, 1.5s) or iterations (2000it)"));
        };
        let x: f64 = num
            .trim()
            .parse()
            .map_err(|_| bad("not a number before the unit"))?;
        if !x.is_finite() || x <= 0.0 {
            return Err(bad("a budget must be positive"));
        }
        let secs = x * scale;
        if secs > MAX_TIME.as_secs_f64() {
            return Err(bad("more than 60 s per decision"));
        }
        if secs < 1e-4 {
            return Err(bad("less than 0.1 ms per decision"));
        }
        Ok(SearchBudget(Budget::Time(Duration::from_secs_f64(secs))))
    }
}

impl fmt::Display for SearchBudget {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            Budget::Iterations(n) => write!(f, "{n}it"),
            Budget::Time(d) => write!(f, "{}ms", d.as_secs_f64() * 1e3),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_times_and_iterations() {
        let ms = |x| SearchBudget(Budget::Time(Duration::from_millis(x)));
        assert_eq!("50ms".parse::<SearchBudget>().unwrap(), ms(50));
        assert_eq!("1.5s".parse::<SearchBudget>().unwrap(), ms(1500));
        assert_eq!(
            "2000it".parse::<SearchBudget>().unwrap(),
            SearchBudget(Budget::Iterations(2000))
        );
        assert_eq!(
            "2000it".parse::<SearchBudget>().unwrap().to_string(),
            "2000it"
        );
    }

    #[test]
    fn zero_negative_and_absurd_budgets_are_clear_errors() {
        for (text, why) in [
            ("0ms", "positive"),
            ("-5ms", "positive"),
            ("0it", "zero"),
            ("-3it", "whole number"),
            ("2h", "give a time"),
            ("3600s", "60 s"),
            ("1e12it", "whole number"),
            ("999999999999it", "100000000"),
            ("NaNms", "positive"),
            ("fast", "give a time"),
        ] {
            let e = text.parse::<SearchBudget>().unwrap_err().to_string();
            assert!(e.contains(text) && e.contains(why), "{text}: {e}");
        }
    }
}
