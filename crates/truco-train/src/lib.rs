//! Training truco strategies with the solvers of `truco-cfr`.
//!
//! - [`game`]: the truco hand as a [`truco_cfr::Game`] (chance deals score, mano and hands;
//!   score-aware terminal utility).
//! - [`keying`]: information-set keys (the abstraction's, the exact one, both).
//! - [`variant`]: the trainable variants (`arg-1v1`, `arg-1v1-mini`).
//! - [`train`]: the training loop (progress, checkpoints, resume, log, table export).
//! - [`checkpoint`]: the checked checkpoint file. [`export`]: the table writer.
//! - [`history`]: every run that trained a table (checkpoint and table sidecar).
//! - [`warm`]: the sidecar that lets a table be trained further without its checkpoint.
//! - [`eval`]: duplicate evaluation against the arena bots. [`mini`]: exact exploitability on
//!   the mini variant.
//!
//! See the crate README for the measured figures.

#![warn(missing_docs)]

pub mod checkpoint;
pub mod error;
pub mod eval;
pub mod export;
pub mod frozen;
pub mod game;
pub mod history;
pub mod keying;
pub mod mv;
pub mod restricted;
pub mod scores;
pub mod train;
pub mod variant;
pub mod warm;

pub use error::TrainError;
pub use scores::ScoreDist;
pub use train::{train, train_on, TrainOptions, TrainReport, Utility};
pub use variant::TrainVariant;
