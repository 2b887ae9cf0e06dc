//! `truco plot`: charts of a training log (`--log`), of evaluation reports (`--eval`, one
//! `truco eval --json` output per checkpoint) and of an exploitability curve CSV (`--curve`),
//! each written as SVG and PNG into `--out`.

use std::io::Write;
use std::path::PathBuf;

use thiserror::Error;
use truco_plot::{plot, PlotError, PlotRequest};

/// Arguments of `truco plot`.
#[derive(clap::Args, Debug, Clone)]
pub struct Args {
    /// A `truco train` log (JSON lines): quality against iterations and against time.
    #[arg(long)]
    pub log: Option<PathBuf>,
    /// `truco eval --json` reports, one per checkpoint: win rate with its 95% interval (the
    /// x axis is the number in each file name, e.g. ckpt-200000.json, else the file order).
    #[arg(long, num_args = 1..)]
    pub eval: Vec<PathBuf>,
    /// Exploitability curve CSV: `iterations,seconds,exploitability[,series]`, or with a header
    /// naming those columns (and `series` or `config`).
    #[arg(long)]
    pub curve: Option<PathBuf>,
    /// Output directory (created if missing).
    #[arg(long, default_value = "plots")]
    pub out: PathBuf,
}

/// Why `truco plot` failed.
#[derive(Debug, Error)]
pub enum PlotCmdError {
    /// Reading the inputs or drawing failed.
    #[error(transparent)]
    Plot(#[from] PlotError),
    /// The list of files could not be printed.
    #[error("cannot write the file list: {0}")]
    Io(#[from] std::io::Error),
}

/// Runs `truco plot`: prints each file written.
pub fn run(args: &Args, out: &mut impl Write) -> Result<(), PlotCmdError> {
    let req = PlotRequest {
        log: args.log.clone(),
        eval: args.eval.clone(),
        curve: args.curve.clone(),
        out: args.out.clone(),
    };
    for f in plot(&req)? {
        writeln!(out, "{}", f.display())?;
    }
    Ok(())
}
