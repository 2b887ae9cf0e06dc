//! [`SearchError`]: why a search could not run.

use truco_query::PolicyError;

/// Why a decision-time search could not run.
#[derive(Debug, thiserror::Error)]
pub enum SearchError {
    /// A budget that is zero, negative, absurd or malformed.
    #[error("bad search budget `{0}`: {1}")]
    Budget(String, String),
    /// Rules or a hand the search does not cover.
    #[error("decision-time search does not cover {0}: the table plays it")]
    Unsupported(String),
    /// The hand's events do not replay.
    #[error("the hand's events do not replay: {0}")]
    Events(String),
    /// The blueprint could not answer.
    #[error(transparent)]
    Policy(#[from] PolicyError),
    /// The solver refused the subgame.
    #[error("the search failed: {0}")]
    Solver(#[from] truco_cfr::CfrError),
}
