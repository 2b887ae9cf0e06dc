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

/// Where each field is in a row.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Columns {
    iterations: usize,
    seconds: usize,
    exploitability: usize,
    series: Option<usize>,
    /// Exact column count with a header; `None`: 3 or 4 positional columns.
    count: Option<usize>,
}

const POSITIONAL: Columns = Columns {
    iterations: 0,
    seconds: 1,
    exploitability: 2,
    series: Some(3),
    count: None,
};

/// The columns named by a header line (`iterations`, `seconds`, `exploitability`, and
/// `series` or `config` for the series name; other columns are ignored).
fn header(cols: &[&str]) -> Result<Columns, String> {
    let find = |names: &[&str]| cols.iter().position(|c| names.contains(c));
    let need = |name: &str| find(&[name]).ok_or(format!("the header has no `{name}` column"));
    Ok(Columns {
        iterations: need("iterations")?,
        seconds: need("seconds")?,
        exploitability: need("exploitability")?,
        series: find(&["series", "config"]),
        count: Some(cols.len()),
    })
}

/// Parses a curve CSV: positional `iterations,seconds,exploitability[,series]` rows, or a
/// header naming the columns (e.g. `mini_curve`'s `config,iterations,seconds,exploitability,
/// info_sets`, whose `config` is the series).
pub fn parse_curve(path: &Path) -> Result<Vec<CurveRow>, PlotError> {
    let text = read(path)?;
    let mut out = Vec::new();
    let mut columns: Option<Columns> = None;
    for (i, raw) in text.lines().enumerate() {
        let line = i + 1;
        let t = raw.trim();
        if t.is_empty() || t.starts_with('#') {
            continue;
        }
        let bad = |message: String| PlotError::Csv {
            path: path.to_path_buf(),
            line,
            message,
        };
        let cols: Vec<&str> = t.split(',').map(str::trim).collect();
        if columns.is_none() && cols.contains(&"iterations") {
            columns = Some(header(&cols).map_err(bad)?);
            continue;
        }
        let c = *columns.get_or_insert(POSITIONAL);
        let count_ok = match c.count {
            Some(n) => cols.len() == n,
            None => (3..=4).contains(&cols.len()),
        };
        if !count_ok {
            return Err(bad(format!(
                "expected {} columns, found {}",
                c.count.map_or(
                    "`iterations,seconds,exploitability[,series]`: 3 or 4".into(),
                    |n| n.to_string()
                ),
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
            iterations: num(c.iterations, "iterations")?,
            seconds: num(c.seconds, "seconds")?,
            exploitability: num(c.exploitability, "exploitability")?,
            series: c
                .series
                .and_then(|k| cols.get(k))
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
            log_x: true,
            log_y: true,
        }
    };
    [chart(false), chart(true)]
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(text: &str) -> Result<Vec<CurveRow>, PlotError> {
        let p = std::env::temp_dir().join(format!("truco-plot-curve-{}.csv", std::process::id()));
        std::fs::write(&p, text).unwrap();
        let r = parse_curve(&p);
        std::fs::remove_file(&p).unwrap();
        r
    }

    #[test]
    fn positional_and_named_columns() {
        let r = parse("10,1.5,0.25\n20,3,0.125,dcfr\n").unwrap();
        assert_eq!(r[0].series, "exploitability");
        assert_eq!(
            (r[1].iterations, r[1].seconds, r[1].exploitability),
            (20.0, 3.0, 0.125)
        );
        assert_eq!(r[1].series, "dcfr");
        let r = parse("config,iterations,seconds,exploitability,info_sets\ncfr+,5,0.5,1.5,400\n")
            .unwrap();
        assert_eq!(r[0].series, "cfr+");
        assert_eq!(
            (r[0].iterations, r[0].seconds, r[0].exploitability),
            (5.0, 0.5, 1.5)
        );
        let e = parse("config,iterations,seconds,exploitability,info_sets\ncfr+,5,0.5,1.5\n");
        assert!(matches!(e, Err(PlotError::Csv { line: 2, .. })));
        let e = parse("iterations,seconds\n");
        assert!(matches!(e, Err(PlotError::Csv { line: 1, .. })));
    }
}
