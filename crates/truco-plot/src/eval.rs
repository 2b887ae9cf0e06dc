//! Evaluation results (`truco eval --json`, one report per file, e.g. one per checkpoint):
//! bot A's win rate with its 95% interval against the checkpoint.
//!
//! The x axis is the number in each file's name (its last run of digits, e.g. the iterations in
//! `ckpt-200000.json`) when every file has one, else the files' order (1, 2, ...). One series per
//! opponent (`b`).

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use serde_json::Value;

use crate::chart::{Chart, Point, Series};
use crate::error::PlotError;
use crate::input::{field, number, read};

/// One evaluation report.
#[derive(Clone, Debug, PartialEq)]
pub struct EvalPoint {
    /// The file.
    pub path: PathBuf,
    /// The opponent (`b`).
    pub opponent: String,
    /// Win rate of A, with the ends of its 95% interval.
    pub win_rate: (f64, f64, f64),
}

/// Parses one `truco eval --json` report.
pub fn parse_eval(path: &Path) -> Result<EvalPoint, PlotError> {
    let text = read(path)?;
    if text.trim().is_empty() {
        return Err(PlotError::Empty {
            path: path.to_path_buf(),
            why: "the file is empty".into(),
        });
    }
    let v: Value = serde_json::from_str(&text).map_err(|source| PlotError::Json {
        path: path.to_path_buf(),
        line: source.line(),
        source,
    })?;
    let wr = v
        .get("win_rate")
        .ok_or_else(|| field(path, 1, "no `win_rate`: not a `truco eval --json` report"))?;
    let opponent = v
        .get("b")
        .and_then(Value::as_str)
        .ok_or_else(|| field(path, 1, "no opponent name `b`"))?;
    Ok(EvalPoint {
        path: path.to_path_buf(),
        opponent: opponent.to_string(),
        win_rate: (
            number(wr, "value", path, 1)?,
            number(wr, "low", path, 1)?,
            number(wr, "high", path, 1)?,
        ),
    })
}

/// The last run of digits in a file name's stem.
pub fn stem_number(path: &Path) -> Option<f64> {
    let stem = path.file_stem()?.to_str()?;
    let end = stem.rfind(|c: char| c.is_ascii_digit())? + 1;
    let start = stem[..end]
        .rfind(|c: char| !c.is_ascii_digit())
        .map_or(0, |i| i + 1);
    stem[start..end].parse().ok()
}

/// The win-rate chart of several reports.
pub fn eval_chart(points: &[EvalPoint]) -> Chart {
    let numbers: Option<Vec<f64>> = points.iter().map(|p| stem_number(&p.path)).collect();
    let (xs, x_label) = match numbers {
        Some(n) => (n, "checkpoint (number in the file name)"),
        None => (
            (1..=points.len()).map(|i| i as f64).collect(),
            "evaluation (file order)",
        ),
    };
    let mut map: BTreeMap<&str, Vec<Point>> = BTreeMap::new();
    for (p, &x) in points.iter().zip(&xs) {
        let (v, lo, hi) = p.win_rate;
        map.entry(&p.opponent).or_default().push(Point {
            x,
            y: 100.0 * v,
            ci: Some((100.0 * lo, 100.0 * hi)),
        });
    }
    Chart {
        title: "Match win rate by checkpoint".into(),
        x_label: x_label.into(),
        y_label: "win rate, % (bars: 95% interval)".into(),
        series: map
            .into_iter()
            .map(|(name, mut points)| {
                points.sort_by(|a, b| a.x.total_cmp(&b.x));
                Series {
                    name: format!("vs {name}"),
                    points,
                }
            })
            .collect(),
        log_x: false,
        log_y: false,
    }
}
