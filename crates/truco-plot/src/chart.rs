//! [`Chart`]: what one picture shows (title, axis labels, named series with optional 95%
//! intervals), independent of the backend.

/// One point of a series, with an optional interval `(low, high)` around `y`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Point {
    /// Abscissa.
    pub x: f64,
    /// Ordinate.
    pub y: f64,
    /// The 95% interval of `y`, if known.
    pub ci: Option<(f64, f64)>,
}

/// A named line.
#[derive(Clone, Debug, PartialEq)]
pub struct Series {
    /// Legend text.
    pub name: String,
    /// Points in drawing order.
    pub points: Vec<Point>,
}

/// A chart: a title, axis labels and series.
#[derive(Clone, Debug, PartialEq)]
pub struct Chart {
    /// Title drawn above the plot.
    pub title: String,
    /// The x axis label.
    pub x_label: String,
    /// The y axis label.
    pub y_label: String,
    /// The lines.
    pub series: Vec<Series>,
}

impl Chart {
    /// Whether there is at least one point.
    pub fn has_points(&self) -> bool {
        self.series.iter().any(|s| !s.points.is_empty())
    }

    /// The drawing ranges: every point and interval end, padded by 5% (a flat or one-point
    /// range is widened so the axes are never empty).
    pub fn bounds(&self) -> ((f64, f64), (f64, f64)) {
        let (mut x0, mut x1, mut y0, mut y1) = (f64::MAX, f64::MIN, f64::MAX, f64::MIN);
        for p in self.series.iter().flat_map(|s| &s.points) {
            x0 = x0.min(p.x);
            x1 = x1.max(p.x);
            let (lo, hi) = p.ci.unwrap_or((p.y, p.y));
            y0 = y0.min(p.y).min(lo);
            y1 = y1.max(p.y).max(hi);
        }
        if x0 > x1 {
            return ((0.0, 1.0), (0.0, 1.0));
        }
        (pad(x0, x1), pad(y0, y1))
    }
}

/// `[lo, hi]` widened by 5% each side, or by 1 (or 10% of the value) when flat.
fn pad(lo: f64, hi: f64) -> (f64, f64) {
    let w = hi - lo;
    if w <= f64::EPSILON * hi.abs().max(1.0) {
        let d = (lo.abs() * 0.1).max(1.0);
        return (lo - d, hi + d);
    }
    (lo - 0.05 * w, hi + 0.05 * w)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(x: f64, y: f64, ci: Option<(f64, f64)>) -> Point {
        Point { x, y, ci }
    }

    #[test]
    fn bounds_cover_points_and_intervals_with_padding() {
        let c = Chart {
            title: "t".into(),
            x_label: "x".into(),
            y_label: "y".into(),
            series: vec![Series {
                name: "a".into(),
                points: vec![p(0.0, 1.0, Some((0.5, 1.5))), p(10.0, 2.0, None)],
            }],
        };
        let ((x0, x1), (y0, y1)) = c.bounds();
        assert!((x0 + 0.5).abs() < 1e-12 && (x1 - 10.5).abs() < 1e-12);
        assert!((y0 - 0.425).abs() < 1e-12 && (y1 - 2.075).abs() < 1e-12);
        assert!(c.has_points());
    }

    #[test]
    fn a_single_point_gets_a_non_empty_range() {
        let c = Chart {
            title: "t".into(),
            x_label: "x".into(),
            y_label: "y".into(),
            series: vec![Series {
                name: "a".into(),
                points: vec![p(5.0, 0.0, None)],
            }],
        };
        let ((x0, x1), (y0, y1)) = c.bounds();
        assert!(x0 < 5.0 && x1 > 5.0 && y0 < 0.0 && y1 > 0.0);
    }
}
