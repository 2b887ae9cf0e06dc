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
    /// Draw the x axis in log scale (ignored unless every x is positive).
    pub log_x: bool,
    /// Draw the y axis in log scale (ignored unless every y and interval end is positive).
    pub log_y: bool,
}

/// A corner of the plot, for the legend.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Corner {
    /// Top right.
    UpperRight,
    /// Top left.
    UpperLeft,
    /// Bottom right.
    LowerRight,
    /// Bottom left.
    LowerLeft,
}

impl Chart {
    /// Whether there is at least one point.
    pub fn has_points(&self) -> bool {
        self.series.iter().any(|s| !s.points.is_empty())
    }

    /// Whether the x axis is drawn in log scale.
    pub fn x_is_log(&self) -> bool {
        self.log_x && self.points().all(|p| p.x > 0.0)
    }

    /// Whether the y axis is drawn in log scale.
    pub fn y_is_log(&self) -> bool {
        self.log_y
            && self
                .points()
                .all(|p| p.y > 0.0 && p.ci.is_none_or(|(lo, _)| lo > 0.0))
    }

    fn points(&self) -> impl Iterator<Item = &Point> {
        self.series.iter().flat_map(|s| &s.points)
    }

    /// The chart in drawing coordinates: log10 of the values on a log axis.
    pub fn to_drawing(&self) -> Chart {
        let (lx, ly) = (self.x_is_log(), self.y_is_log());
        let fx = |v: f64| if lx { v.log10() } else { v };
        let fy = |v: f64| if ly { v.log10() } else { v };
        let mut c = self.clone();
        for p in c.series.iter_mut().flat_map(|s| &mut s.points) {
            p.x = fx(p.x);
            p.y = fy(p.y);
            p.ci = p.ci.map(|(lo, hi)| (fy(lo), fy(hi)));
        }
        c
    }

    /// The corner of the plot area (in drawing coordinates) with the fewest points, for the
    /// legend; ties keep the first of upper right, upper left, lower right, lower left.
    pub fn legend_corner(&self) -> Corner {
        let ((x0, x1), (y0, y1)) = self.bounds();
        let mut count = [0usize; 4];
        for p in self.points() {
            let (u, v) = ((p.x - x0) / (x1 - x0), (p.y - y0) / (y1 - y0));
            let (right, left, top, bottom) = (u > 0.6, u < 0.4, v > 0.7, v < 0.3);
            count[0] += (right && top) as usize;
            count[1] += (left && top) as usize;
            count[2] += (right && bottom) as usize;
            count[3] += (left && bottom) as usize;
        }
        let corners = [
            Corner::UpperRight,
            Corner::UpperLeft,
            Corner::LowerRight,
            Corner::LowerLeft,
        ];
        let best = (1..4).fold(0, |b, i| if count[i] < count[b] { i } else { b });
        corners[best]
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
            log_x: false,
            log_y: false,
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
            log_x: false,
            log_y: false,
        };
        let ((x0, x1), (y0, y1)) = c.bounds();
        assert!(x0 < 5.0 && x1 > 5.0 && y0 < 0.0 && y1 > 0.0);
    }

    fn falling(log: bool) -> Chart {
        Chart {
            title: "t".into(),
            x_label: "x".into(),
            y_label: "y".into(),
            series: vec![Series {
                name: "a".into(),
                points: vec![
                    p(10.0, 100.0, None),
                    p(100.0, 10.0, None),
                    p(1000.0, 1.0, None),
                ],
            }],
            log_x: log,
            log_y: log,
        }
    }

    #[test]
    fn log_axes_transform_positive_data_only() {
        let c = falling(true);
        assert!(c.x_is_log() && c.y_is_log());
        let d = c.to_drawing();
        let ys: Vec<f64> = d.series[0].points.iter().map(|p| p.y).collect();
        assert_eq!(ys, vec![2.0, 1.0, 0.0]);
        let mut z = falling(true);
        z.series[0].points[2].y = 0.0;
        assert!(z.x_is_log() && !z.y_is_log());
        assert_eq!(z.to_drawing().series[0].points[2].y, 0.0);
        assert!(!falling(false).to_drawing().x_is_log());
    }

    #[test]
    fn the_legend_avoids_the_data() {
        // A falling line crosses the upper left and lower right corners.
        assert_eq!(
            falling(false).to_drawing().legend_corner(),
            Corner::UpperRight
        );
        let mut rising = falling(false);
        for (i, pt) in rising.series[0].points.iter_mut().enumerate() {
            pt.y = [1.0, 2.0, 100.0][i];
            pt.x = [1.0, 500.0, 1000.0][i];
        }
        assert_ne!(rising.legend_corner(), Corner::UpperRight);
    }
}
