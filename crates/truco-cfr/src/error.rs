//! Error type of the crate.

use thiserror::Error;

/// Everything that can go wrong in this crate.
#[derive(Debug, Error)]
pub enum CfrError {
    /// An algorithm name was not recognised.
    #[error("unknown algorithm {0:?} (expected es-mccfr, os-mccfr, cfr+ or dcfr)")]
    UnknownAlgorithm(String),
    /// The information-set map is full.
    #[error("information-set table full: capacity {capacity} information sets")]
    TableFull {
        /// Maximum number of information sets.
        capacity: usize,
    },
    /// The regret/strategy arrays are full.
    #[error("action-slot arrays full: capacity {capacity} action slots")]
    ActionSlotsFull {
        /// Maximum number of action slots.
        capacity: usize,
    },
    /// The game returned different action counts for one information set.
    #[error("information set {key} has {stored} actions in the table but {seen} at a node")]
    ActionCountMismatch {
        /// Debug form of the key.
        key: String,
        /// Count stored on first visit.
        stored: usize,
        /// Count seen now.
        seen: usize,
    },
    /// An output buffer is shorter than the information set's action count.
    #[error("output buffer holds {got} values but the information set has {needed} actions")]
    BufferTooSmall {
        /// Actions of the information set.
        needed: usize,
        /// Length of the buffer given.
        got: usize,
    },
    /// A node offered no legal action.
    #[error("a player node has no legal action")]
    NoLegalAction,
    /// The game tree has more nodes than the configured limit.
    #[error("game tree exceeds {limit} nodes")]
    TreeTooLarge {
        /// The configured limit.
        limit: usize,
    },
    /// A configuration value is out of range.
    #[error("invalid configuration: {0}")]
    InvalidConfig(String),
    /// A checkpoint could not be encoded.
    #[error("checkpoint encode error: {0}")]
    Encode(#[from] bincode::error::EncodeError),
    /// A checkpoint could not be decoded.
    #[error("checkpoint decode error: {0}")]
    Decode(#[from] bincode::error::DecodeError),
    /// A checkpoint is inconsistent.
    #[error("corrupt checkpoint: {0}")]
    CorruptCheckpoint(String),
    /// A distributed merge received bytes it cannot read, or a rank's table diverged.
    #[error("distributed merge: {0}")]
    Merge(String),
    /// File I/O failed.
    #[error("i/o error: {0}")]
    Io(#[from] std::io::Error),
}
