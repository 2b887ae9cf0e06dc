//! Training logs (`truco train` JSON lines): each measured quality against iterations and
//! against training time.
//!
//! A line is a JSON object with numeric `iterations` and `seconds`, and the measurements made
//! at that point: `eval`, a list of `{opponent, points_per_hand, ci95}` (one series per
//! opponent, with its 95% interval), and optionally a numeric `exploitability` (one series).
//! Blank lines are skipped.

use std::collections::BTreeMap;
use std::path::Path;

use serde_json::Value;

use crate::chart::{Chart, Point, Series};
use crate::error::PlotError;
use crate::input::{field, number, read};

/// One measured quantity at one moment of training.
#[derive(Clone, Debug, PartialEq)]
pub struct Measure {
    /// The series it belongs to.
    pub series: String,
    /// Iterations done.
    pub iterations: f64,
    /// Training seconds.
    pub seconds: f64,
    /// The value.
    pub value: f64,
    /// Half-width of its 95% interval.
    pub ci95: Option<f64>,
}

/// Parses a training log into measures (in file order).
pub fn parse_log(path: &Path) -> Result<Vec<Measure>, PlotError> {
    let text = read(path)?;
    let mut out = Vec::new();
    let mut lines = 0;
    for (i, raw) in text.lines().enumerate() {
        let line = i + 1;
        if raw.trim().is_empty() {
            continue;
        }
        lines += 1;
        let v: Value = serde_json::from_str(raw).map_err(|source| PlotError::Json {
            path: path.to_path_buf(),
            line,
            source,
        })?;
        if !v.is_object() {
            return Err(field(path, line, "a log line must be a JSON object"));
        }
        let iterations = number(&v, "iterations", path, line)?;
        let seconds = number(&v, "seconds", path, line)?;
        let mut push = |series: String, value: f64, ci95: Option<f64>| {
            out.push(Measure {
                series,
                iterations,
                seconds,
                value,
                ci95,
            })
        };
        match v.get("eval") {
            None | Some(Value::Null) => {}
            Some(Value::Array(evals)) => {
                for e in evals {
                    let opponent = e
                        .get("opponent")
                        .and_then(Value::as_str)
                        .ok_or_else(|| field(path, line, "an `eval` entry has no `opponent`"))?;
                    let ppi = number(e, "points_per_hand", path, line)?;
                    let ci = e.get("ci95").and_then(Value::as_f64);
                    push(format!("vs {opponent}: points per hand"), ppi, ci);
                }
            }
            Some(_) => return Err(field(path, line, "`eval` must be a list")),
        }
        if let Some(x) = v.get("exploitability") {
            let x = x
                .as_f64()
                .ok_or_else(|| field(path, line, "`exploitability` must be a number"))?;
            push("exploitability".into(), x, None);
        }
    }
    if lines == 0 {
        return Err(PlotError::Empty {
            path: path.to_path_buf(),
            why: "the log has no lines".into(),
        });
    }
    if out.is_empty() {
        return Err(PlotError::Empty {
            path: path.to_path_buf(),
            why: "no line has a quality measurement (`eval` or `exploitability`)".into(),
        });
    }
    Ok(out)
}

/// The two charts of a log: quality against iterations, then against training time.
pub fn log_charts(measures: &[Measure]) -> [Chart; 2] {
    let series = |by_time: bool| -> Vec<Series> {
        let mut map: BTreeMap<&str, Vec<Point>> = BTreeMap::new();
        for m in measures {
            map.entry(&m.series).or_default().push(Point {
                x: if by_time { m.seconds } else { m.iterations },
                y: m.value,
                ci: m.ci95.map(|c| (m.value - c, m.value + c)),
            });
        }
        map.into_iter()
            .map(|(name, points)| Series {
                name: name.to_string(),
                points,
            })
            .collect()
    };
    let chart = |by_time: bool, title: &str, x: &str| Chart {
        title: title.into(),
        x_label: x.into(),
        y_label: "points per hand (bars: 95% interval)".into(),
        series: series(by_time),
        log_x: false,
        log_y: false,
    };
    [
        chart(false, "Training quality against iterations", "iterations"),
        chart(true, "Training quality against time", "training time (s)"),
    ]
}
