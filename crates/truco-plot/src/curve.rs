//! Exploitability curves: CSV lines `iterations,seconds,exploitability[,series]` (an optional
//! header line starting with `iterations`; blank lines and `#` comments skipped), drawn against
//! iterations and against time, one line per series (default name `exploitability`).

use std::collections::BTreeMap;
use std::path::Path;

use crate::chart::{Chart, Point, Series};
use crate::error::PlotError;
use crate::input::read;

/// One row of the curve.
#[derive(Clone, Debug, PartialEq)]
pub struct CurveRow {
    /// The series.
    pub series: String,
    /// Iterations.
    pub iterations: f64,
    /// Seconds.
    pub seconds: f64,
    /// Exploitability in points per hand.
    pub exploitability: f64,
}

/// Parses a curve CSV.
pub fn parse_curve(path: &Path) -> Result<Vec<CurveRow>, PlotError> {
    let text = read(path)?;
    let mut out = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let line = i + 1;
        let t = raw.trim();
        if t.is_empty() || t.starts_with('#') || (out.is_empty() && t.starts_with("iterations")) {
            continue;
        }
        let bad = |message: String| PlotError::Csv {
            path: path.to_path_buf(),
            line,
            message,
        };
        let cols: Vec<&str> = t.split(',').map(str::trim).collect();
        if !(3..=4).contains(&cols.len()) {
            return Err(bad(format!(
                "expected `iterations,seconds,exploitability[,series]`, found {} columns",
                cols.len()
            )));
        }
        let num = |k: usize, name: &str| -> Result<f64, PlotError> {
            cols[k]
                .parse::<f64>()
                .ok()
                .filter(|x| x.is_finite())
                .ok_or_else(|| bad(format!("{name} `{}` is not a number", cols[k])))
        };
        out.push(CurveRow {
            iterations: num(0, "iterations")?,
            seconds: num(1, "seconds")?,
            exploitability: num(2, "exploitability")?,
            series: cols
                .get(3)
                .filter(|s| !s.is_empty())
                .map_or("exploitability", |s| s)
                .to_string(),
        });
    }
    if out.is_empty() {
        return Err(PlotError::Empty {
            path: path.to_path_buf(),
            why: "no data row".into(),
        });
    }
    Ok(out)
}

/// The two charts of a curve: against iterations, then against time.
pub fn curve_charts(rows: &[CurveRow]) -> [Chart; 2] {
    let chart = |by_time: bool| {
        let mut map: BTreeMap<&str, Vec<Point>> = BTreeMap::new();
        for r in rows {
            map.entry(&r.series).or_default().push(Point {
                x: if by_time { r.seconds } else { r.iterations },
                y: r.exploitability,
                ci: None,
            });
        }
        Chart {
            title: if by_time {
                "Exploitability against time".into()
            } else {
                "Exploitability against iterations".into()
            },
            x_label: if by_time {
                "seconds".into()
            } else {
                "iterations".into()
            },
            y_label: "exploitability (points per hand)".into(),
            series: map
                .into_iter()
                .map(|(name, points)| Series {
                    name: name.to_string(),
                    points,
                })
                .collect(),
        }
    };
    [chart(false), chart(true)]
}
