//! Decision-time search over a trained truco table (the *blueprint*).
//!
//! At a decision, [`Searcher::decide`]:
//! 1. replays the hand's public events ([`root::Replay`]);
//! 2. builds the seats' ranges: every hand each seat could hold given the public cards and the
//!    revealed totals, weighted by the blueprint's probability of the seat's own actions of the
//!    hand with that hand ([`ranges::seat_range`]);
//! 3. solves the rest of the hand from there, with exact keys (no card abstraction inside:
//!    [`truco_train::keying::ExactCards`]), by external-sampling MCCFR for the budget, the
//!    searcher's actual hand drawn half of the time with importance weights
//!    ([`truco_cfr::resolve`]);
//! 4. answers with the re-solved average strategy at the searcher's information set; if the
//!    budget ran out before [`truco_cfr::resolve::MIN_ITERATIONS`] or the search never reached
//!    the decision, with the blueprint's answer, and says so ([`Searched::blueprint`]).
//!
//! The search reads the blueprint **as trained**: a table that declares a post-processing
//! step (`truco_query::PostProcess`: purify, threshold) is served processed to its players,
//! but a purified row would give one-hot action probabilities, hence degenerate ranges (every
//! hand that would have played another action dropped to the floor weight) and priors. So the
//! ranges (`Policy::recommend_trained`), the priors (`Row::trained`) and the blueprint's
//! fallback answers all use the trained rows.
//!
//! The re-solving is *unsafe* (no gadget): see the crate README for what that risks and what
//! was measured. Every variant (paulista's worlds turn the vira and replay cards played face
//! down from each deal's hidden cards): heads-up
//! the other seat's range is enumerated; with more seats the other seats' hands are joint
//! deals drawn from their ranges ([`ranges::others_range`]).

#![warn(missing_docs)]

pub mod budget;
pub mod error;
pub mod ranges;
pub mod root;
pub mod searcher;
pub mod vector;

pub use budget::SearchBudget;
pub use error::SearchError;
pub use searcher::{searchable, ActionValue, SearchScope, Searched, Searcher, Utility};
