//! `truco postprocess`: a copy of a strategy table that declares a post-processing step
//! (purification or thresholding), which every reader then applies to the rows it serves.

use std::io::Write;
use std::path::PathBuf;

use truco_query::{write_post_processed, PostProcess, PostProcessError, RewriteError};

/// Arguments of `truco postprocess`.
#[derive(clap::Args, Debug, Clone)]
#[command(group(clap::ArgGroup::new("step").required(true).args(["purify", "threshold", "none"])))]
pub struct Args {
    /// The input table (its checksums are verified).
    #[arg(long, value_name = "FILE")]
    pub model: PathBuf,
    /// Where to write the table (atomically: a temporary file renamed over it; may be --model).
    #[arg(long, value_name = "FILE")]
    pub out: PathBuf,
    /// Purification: every row served as its most likely action (the first on ties).
    #[arg(long)]
    pub purify: bool,
    /// Thresholding: actions below this probability dropped, the rest renormalised (the most
    /// likely action always kept); 0 <= T < 1.
    #[arg(long, value_name = "T", allow_negative_numbers = true)]
    pub threshold: Option<String>,
    /// No step: the rows served as trained (undoes a declared step).
    #[arg(long)]
    pub none: bool,
}

/// Why `truco postprocess` failed.
#[derive(Debug, thiserror::Error)]
pub enum PostprocessError {
    /// The threshold is not a number in [0, 1).
    #[error("{0}")]
    Step(#[from] PostProcessError),
    /// The input could not be read or the output written.
    #[error("{0}")]
    Rewrite(#[from] RewriteError),
    /// The summary could not be printed.
    #[error("cannot write the summary: {0}")]
    Io(#[from] std::io::Error),
}

impl Args {
    /// The step the flags name.
    fn step(&self) -> Result<PostProcess, PostProcessError> {
        match &self.threshold {
            Some(t) => format!("threshold:{t}").parse(),
            None if self.purify => Ok(PostProcess::Purify),
            None => Ok(PostProcess::None),
        }
    }
}

/// Runs `truco postprocess`.
pub fn run(args: &Args, out: &mut impl Write) -> Result<(), PostprocessError> {
    let step = args.step()?;
    let s = write_post_processed(&args.model, step, &args.out)?;
    writeln!(
        out,
        "wrote {} ({} rows, {} actions, {} bytes): post-processing {step}",
        args.out.display(),
        s.rows,
        s.actions,
        s.bytes
    )?;
    Ok(())
}
