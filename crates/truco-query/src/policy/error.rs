//! [`PolicyError`]: why a table cannot serve, or a view cannot be answered.

use truco_game::abstraction::AbstractionError;
use truco_game::{RuleError, SpotError};

use crate::error::TableError;

/// Why a policy could not be opened, or could not answer a view.
#[derive(Debug, thiserror::Error)]
pub enum PolicyError {
    /// The table could not be opened or is damaged.
    #[error(transparent)]
    Table(#[from] TableError),
    /// The spot text is malformed or its history is illegal (the spot parser's message).
    #[error(transparent)]
    Spot(#[from] SpotError),
    /// The table's header names a variant or options the engine does not know.
    #[error("the table is for variant `{variant}` [{options}], which this engine cannot build: {source}")]
    UnknownVariant {
        /// Variant in the table header.
        variant: String,
        /// Options in the table header.
        options: String,
        /// Why the engine refused it.
        #[source]
        source: RuleError,
    },
    /// The table is an exact per-cell table of `truco solve` (heads-up paulista over card
    /// classes): it is not keyed by any serving abstraction.
    #[error("the table was written by `truco solve` (abstraction `{found}`: the exact strategy of one heads-up paulista score cell over card classes); its keys are computed by truco-solve, not from spots: `truco query` and `truco serve` answer from tables of `truco train` (known: {known}); read it with the truco-query library (`Table::open`, keys as in abstractions/paulista-hu.md)")]
    SolverTable {
        /// Abstraction id in the table header.
        found: String,
        /// The ids this build serves.
        known: String,
    },
    /// The table's header names an abstraction this build does not have.
    #[error("the table uses abstraction `{found}`, unknown to this build (known: {known})")]
    UnknownAbstraction {
        /// Abstraction id in the table header.
        found: String,
        /// The ids this build knows.
        known: String,
    },
    /// The table was written with another definition of its abstraction.
    #[error("wrong abstraction: the table was written with {id} hash {found:#018x}, this build's {id} has hash {compiled:#018x} (retrain or use a matching build)")]
    WrongAbstraction {
        /// The abstraction id.
        id: String,
        /// Hash in the table header.
        found: u64,
        /// Hash of the definition compiled into truco-game.
        compiled: u64,
    },
    /// The table's variant is not one its abstraction applies to.
    #[error(
        "the table is for {variant}, but its abstraction {abstraction} applies to arg-1v1 only"
    )]
    UnsupportedVariant {
        /// Variant in the table header.
        variant: String,
        /// Abstraction id in the table header.
        abstraction: String,
    },
    /// The view is of another variant or other rule options than the table.
    #[error("wrong variant: the table is for {table}, the spot is {view}")]
    WrongVariant {
        /// The table's rules, as variant id and options.
        table: String,
        /// The view's rules, as variant id and options.
        view: String,
    },
    /// The view's seat has no decision to make.
    #[error("no decision for seat {seat}: {why}")]
    NoDecision {
        /// The view's seat.
        seat: u8,
        /// Who acts instead, in words.
        why: String,
    },
    /// The abstraction gives the view no key (e.g. the match is already over).
    #[error("the view has no key: {0}")]
    NoKey(#[from] AbstractionError),
    /// The table's row for the view has another number of actions than the view's legal
    /// actions: the table does not match the engine that reads it.
    #[error("table row {key:#018x} has {row} actions but the spot has {legal} legal actions (the table does not match this engine)")]
    RowMismatch {
        /// The key.
        key: u64,
        /// Actions in the row.
        row: usize,
        /// Legal actions of the view.
        legal: usize,
    },
}

impl PolicyError {
    /// A short machine-readable name of the error kind (used by `truco serve`).
    pub fn kind(&self) -> &'static str {
        match self {
            PolicyError::Table(_) => "table",
            PolicyError::Spot(_) => "bad_spot",
            PolicyError::UnknownVariant { .. } | PolicyError::UnsupportedVariant { .. } => {
                "unsupported_table"
            }
            PolicyError::UnknownAbstraction { .. }
            | PolicyError::WrongAbstraction { .. }
            | PolicyError::SolverTable { .. } => "wrong_abstraction",
            PolicyError::WrongVariant { .. } => "wrong_variant",
            PolicyError::NoDecision { .. } => "no_decision",
            PolicyError::NoKey(_) => "no_key",
            PolicyError::RowMismatch { .. } => "row_mismatch",
        }
    }
}
