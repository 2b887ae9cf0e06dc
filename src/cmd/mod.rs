//! One module per subcommand: each exposes `Args` (clap) and
//! `run(&Args, &mut impl Write) -> Result<(), E>` with a typed error `E` that `main` prints.

pub mod eval;
pub mod exploit;
pub mod info;
pub mod net_limits;
pub mod play;
pub mod play_screen;
pub mod plot;
pub mod postprocess;
pub mod query;
pub mod query_text;
pub mod range;
pub mod serve;
pub mod served;
pub mod simulate;
pub mod solve;
pub mod train;
pub mod web;
pub mod web_api;
pub mod web_conn;
pub mod web_guard;
