//! Charts for `truco plot`: training logs, evaluation results and exploitability curves, each
//! drawn to SVG and PNG with plotters (text in the bundled Lato font, so no system font is
//! needed).
//!
//! - [`log`]: `truco train` JSON-lines logs (quality against iterations and time).
//! - [`eval`]: `truco eval --json` reports (win rate with its 95% interval by checkpoint).
//! - [`curve`]: `iterations,seconds,exploitability[,series]` CSV.
//! - [`chart`]: the backend-free [`Chart`]; [`render`]: drawing it; [`font`]: the font.
//! - [`grid`]: a range grid (`truco query --range --png/--svg`); [`colors`]: its colour per
//!   action, shared with the web explorer.
//! - [`plot`]: all of it for one request.

#![warn(missing_docs)]

pub mod chart;
pub mod colors;
pub mod curve;
pub mod error;
pub mod eval;
pub mod font;
pub mod grid;
pub mod input;
pub mod log;
pub mod render;

use std::path::PathBuf;

pub use chart::{Chart, Point, Series};
pub use error::PlotError;
pub use grid::{render_grid, Grid, GridCell};

/// What to plot and where.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PlotRequest {
    /// A training log.
    pub log: Option<PathBuf>,
    /// Evaluation reports.
    pub eval: Vec<PathBuf>,
    /// An exploitability curve CSV.
    pub curve: Option<PathBuf>,
    /// The output directory (created if missing).
    pub out: PathBuf,
}

/// Reads every input first (so a bad one writes nothing), then writes the charts:
/// `train-iterations`, `train-time`, `eval-win-rate`, `curve-iterations`, `curve-time`
/// (`.svg` and `.png` each), each title naming its input file. Returns the files written.
pub fn plot(req: &PlotRequest) -> Result<Vec<PathBuf>, PlotError> {
    if req.log.is_none() && req.eval.is_empty() && req.curve.is_none() {
        return Err(PlotError::NoInput);
    }
    let mut charts: Vec<(&str, Chart)> = Vec::new();
    if let Some(path) = &req.log {
        let [a, b] = log::log_charts(&log::parse_log(path)?);
        let [a, b] = [a, b].map(|c| named(c, std::slice::from_ref(path)));
        charts.extend([("train-iterations", a), ("train-time", b)]);
    }
    if !req.eval.is_empty() {
        let points = req
            .eval
            .iter()
            .map(|p| eval::parse_eval(p))
            .collect::<Result<Vec<_>, _>>()?;
        charts.push(("eval-win-rate", named(eval::eval_chart(&points), &req.eval)));
    }
    if let Some(path) = &req.curve {
        let [a, b] = curve::curve_charts(&curve::parse_curve(path)?);
        let [a, b] = [a, b].map(|c| named(c, std::slice::from_ref(path)));
        charts.extend([("curve-iterations", a), ("curve-time", b)]);
    }
    std::fs::create_dir_all(&req.out).map_err(|source| PlotError::Io {
        path: req.out.clone(),
        source,
    })?;
    let mut written = Vec::new();
    for (name, chart) in &charts {
        written.extend(render::render(chart, &req.out.join(name))?);
    }
    Ok(written)
}

/// `chart` with its input's file name after its title (the first two names, then a count),
/// so that a picture says which model or run it shows.
fn named(mut chart: Chart, inputs: &[PathBuf]) -> Chart {
    let names: Vec<String> = inputs
        .iter()
        .map(|p| {
            p.file_name().map_or_else(
                || p.display().to_string(),
                |n| n.to_string_lossy().into_owned(),
            )
        })
        .collect();
    let shown = match names.len() {
        0 => return chart,
        1 | 2 => names.join(", "),
        n => format!("{}, {} and {} more", names[0], names[1], n - 2),
    };
    chart.title = format!("{} ({shown})", chart.title);
    chart
}

#[cfg(test)]
mod tests;
