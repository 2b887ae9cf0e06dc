//! Errors of the trainer.

use std::path::PathBuf;

use thiserror::Error;

/// Everything that can stop a training run.
#[derive(Debug, Error)]
pub enum TrainError {
    /// The variant cannot be trained (yet).
    #[error("cannot train variant `{0}` (valid: arg-1v1, arg-1v1-mini, arg-2v2)")]
    UnknownVariant(String),
    /// The rules exist but no abstraction keys them yet.
    #[error("no abstraction covers `{0}` yet: it cannot be trained")]
    NoAbstraction(String),
    /// The abstraction does not key the variant.
    #[error("abstraction `{abstraction}` does not key {variant} (use {valid})")]
    WrongAbstraction {
        /// The abstraction asked for.
        abstraction: String,
        /// The variant.
        variant: String,
        /// The abstractions that key it.
        valid: String,
    },
    /// A bad option.
    #[error("invalid option: {0}")]
    InvalidOption(String),
    /// The solver failed.
    #[error("solver: {0}")]
    Solver(#[from] truco_cfr::CfrError),
    /// The abstraction failed.
    #[error("abstraction: {0}")]
    Abstraction(#[from] truco_game::abstraction::AbstractionError),
    /// A file is not a checkpoint of this program.
    #[error("{path}: not a truco checkpoint (bad magic)")]
    NotACheckpoint {
        /// The file.
        path: PathBuf,
    },
    /// A checkpoint is damaged.
    #[error("{path}: corrupt checkpoint: {why}")]
    CorruptCheckpoint {
        /// The file.
        path: PathBuf,
        /// What is wrong.
        why: String,
    },
    /// A checkpoint belongs to another run.
    #[error("{path}: checkpoint is for {found}, this run is {expected}")]
    CheckpointMismatch {
        /// The file.
        path: PathBuf,
        /// What this run trains.
        expected: String,
        /// What the checkpoint holds.
        found: String,
    },
    /// A table cannot be trained further from its warm-start sidecar ([`crate::warm`]).
    #[error("{path}: cannot warm-start from it: {why}")]
    WarmStart {
        /// The table or its sidecar.
        path: PathBuf,
        /// What is wrong.
        why: String,
    },
    /// Writing the table failed.
    #[error("writing the table: {0}")]
    Table(#[from] truco_query::WriteError),
    /// File I/O failed.
    #[error("{path}: {source}")]
    Io {
        /// The file.
        path: PathBuf,
        /// The error.
        source: std::io::Error,
    },
    /// JSON encoding failed.
    #[error("json: {0}")]
    Json(#[from] serde_json::Error),
}
