//! Score-aware exact solving.
//!
//! - [`cell`]: score cells and the top-down solving order (fixed-point groups for replays).
//! - [`driver`]: per-cell exact solving (tree, CFR+/DCFR, best response, strategy table).
//! - [`mv`]: the match-value table `mv(a, b, dealer)` (with camas and hand kinds where the
//!   match has them), JSON on disk, typed unsolved reads.
//! - [`paulista`]: heads-up paulista card classes and the hands without truco as games.
//! - [`sampled`]: match values from a sampled per-hand points distribution (arg-1v1).
//! - [`topdown`]: the top-down driver and the per-hand points model.
//!
//! See the crate README for the rules covered and measured figures.

pub mod cell;
pub mod driver;
pub mod error;
pub mod mv;
pub mod paulista;
pub mod sampled;
pub mod topdown;

pub use cell::{top_down_order, top_down_order_of, Cell, Shape, VoidRule};
pub use error::SolveError;
pub use mv::MatchValues;
pub use topdown::{solve_top_down, value_from_next, value_from_outcomes, HandOutcome};
pub use truco_cfr::Algorithm;
