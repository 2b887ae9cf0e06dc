//! Typed errors of the solve crate.

use thiserror::Error;

/// Everything that can go wrong while building, solving or storing match values.
#[derive(Debug, Error)]
pub enum SolveError {
    /// A cell was read before it was solved (the top-down order is broken).
    #[error("match value of {a}-{b} (dealer {dealer}) read before it was solved")]
    Unsolved {
        /// Team 0's score.
        a: u8,
        /// Team 1's score.
        b: u8,
        /// The dealer seat.
        dealer: u8,
    },
    /// A cell outside the table (a finished score, or a dealer that is not a seat).
    #[error("no cell {a}-{b} dealer {dealer} in a table to {target} with {dealers} dealers")]
    BadCell {
        /// Team 0's score.
        a: u8,
        /// Team 1's score.
        b: u8,
        /// The dealer seat.
        dealer: u8,
        /// The match target.
        target: u8,
        /// Number of dealer seats.
        dealers: u8,
    },
    /// A match value outside [0, 1] or not finite.
    #[error("match value {0} is not a probability")]
    BadValue(f64),
    /// A group of cells that lead to each other did not converge.
    #[error("fixed point of {cells} cells did not converge in {iterations} iterations (last change {change:e})")]
    NoFixedPoint {
        /// Cells in the group.
        cells: usize,
        /// Iterations run.
        iterations: usize,
        /// The last largest change.
        change: f64,
    },
    /// The match-value file does not belong to this game, or is malformed.
    #[error("match-value file {path}: {why}")]
    BadFile {
        /// The file.
        path: String,
        /// What is wrong.
        why: String,
    },
    /// An I/O error on a file.
    #[error("{path}: {source}")]
    Io {
        /// The file.
        path: String,
        /// The cause.
        #[source]
        source: std::io::Error,
    },
    /// A rule set or option error.
    #[error(transparent)]
    Rules(#[from] truco_game::RuleError),
    /// The solver failed (tree too large, ...).
    #[error(transparent)]
    Cfr(#[from] truco_cfr::CfrError),
    /// Writing the strategy table failed.
    #[error("strategy table: {0}")]
    Table(String),
    /// The request is not supported by this solver (say why).
    #[error("unsupported: {0}")]
    Unsupported(String),
}
