//! Draws a [`Chart`] with plotters to an SVG file and a PNG file.

use std::path::{Path, PathBuf};

use plotters::coord::Shift;
use plotters::prelude::*;

use crate::chart::{Chart, Corner};
use crate::error::PlotError;
use crate::font::{ensure_font, FAMILY};

/// Picture size in pixels.
pub const SIZE: (u32, u32) = (1000, 620);

/// Writes `chart` to `<stem>.svg` and `<stem>.png`; returns both paths.
pub fn render(chart: &Chart, stem: &Path) -> Result<[PathBuf; 2], PlotError> {
    ensure_font()?;
    let svg = stem.with_extension("svg");
    let png = stem.with_extension("png");
    let err = |path: &Path| {
        let path = path.to_path_buf();
        move |e: String| PlotError::Draw {
            path: path.clone(),
            message: e,
        }
    };
    draw(SVGBackend::new(&svg, SIZE).into_drawing_area(), chart).map_err(err(&svg))?;
    draw(BitMapBackend::new(&png, SIZE).into_drawing_area(), chart).map_err(err(&png))?;
    // The backends report some write failures only by leaving no file behind.
    for p in [&svg, &png] {
        std::fs::metadata(p).map_err(|source| PlotError::Io {
            path: p.clone(),
            source,
        })?;
    }
    Ok([svg, png])
}

/// Draws `chart` on `root`: white background, title, labelled mesh, one colour per series
/// with its points, 95% intervals as vertical bars, and a legend.
fn draw<DB: DrawingBackend>(root: DrawingArea<DB, Shift>, original: &Chart) -> Result<(), String> {
    let e = |e: DrawingAreaErrorKind<DB::ErrorType>| e.to_string();
    root.fill(&WHITE).map_err(e)?;
    let (log_x, log_y) = (original.x_is_log(), original.y_is_log());
    let chart = &original.to_drawing();
    let ((x0, x1), (y0, y1)) = chart.bounds();
    let x_fmt = move |v: &f64| {
        if log_x {
            short(10f64.powf(*v))
        } else {
            short(*v)
        }
    };
    let y_fmt = move |v: &f64| {
        if log_y {
            short(10f64.powf(*v))
        } else {
            short(*v)
        }
    };
    let x_desc = if log_x {
        format!("{} (log scale)", chart.x_label)
    } else {
        chart.x_label.clone()
    };
    let y_desc = if log_y {
        format!("{} (log scale)", chart.y_label)
    } else {
        chart.y_label.clone()
    };
    let mut c = ChartBuilder::on(&root)
        .caption(&chart.title, (FAMILY, 26))
        .margin(20)
        .x_label_area_size(55)
        .y_label_area_size(80)
        .build_cartesian_2d(x0..x1, y0..y1)
        .map_err(e)?;
    c.configure_mesh()
        .x_desc(x_desc)
        .y_desc(y_desc)
        .label_style((FAMILY, 15))
        .axis_desc_style((FAMILY, 18))
        .x_label_formatter(&x_fmt)
        .y_label_formatter(&y_fmt)
        .draw()
        .map_err(e)?;
    for (i, s) in chart.series.iter().enumerate() {
        let color = Palette99::pick(i).to_rgba();
        let line = s.points.iter().map(|p| (p.x, p.y));
        c.draw_series(LineSeries::new(line, color.stroke_width(2)))
            .map_err(e)?
            .label(s.name.as_str())
            .legend(move |(x, y)| {
                PathElement::new(vec![(x, y), (x + 24, y)], color.stroke_width(3))
            });
        c.draw_series(
            s.points
                .iter()
                .map(|p| Circle::new((p.x, p.y), 3, color.filled())),
        )
        .map_err(e)?;
        c.draw_series(s.points.iter().filter_map(|p| {
            p.ci.map(|(lo, hi)| PathElement::new(vec![(p.x, lo), (p.x, hi)], color.stroke_width(2)))
        }))
        .map_err(e)?;
    }
    c.configure_series_labels()
        .label_font((FAMILY, 16))
        .background_style(WHITE.mix(0.85))
        .border_style(BLACK)
        .position(match chart.legend_corner() {
            Corner::UpperRight => SeriesLabelPosition::UpperRight,
            Corner::UpperLeft => SeriesLabelPosition::UpperLeft,
            Corner::LowerRight => SeriesLabelPosition::LowerRight,
            Corner::LowerLeft => SeriesLabelPosition::LowerLeft,
        })
        .draw()
        .map_err(e)?;
    root.present().map_err(e)
}

/// A tick label: integers plainly up to 10^6, then with a k / M suffix; fractions with up to
/// 3 significant decimals.
pub fn short(v: f64) -> String {
    let a = v.abs();
    if a >= 1e6 {
        format!("{}M", trim(v / 1e6))
    } else if a >= 1e4 {
        format!("{}k", trim(v / 1e3))
    } else {
        trim(v)
    }
}

fn trim(v: f64) -> String {
    // Three significant digits below 100 (log-axis ticks such as 10^1.5), whole numbers above.
    let decimals = if v.abs() >= 100.0 || v == 0.0 {
        0
    } else {
        (2 - v.abs().log10().floor() as i32).clamp(0, 6) as usize
    };
    let s = format!("{v:.decimals$}");
    if !s.contains('.') {
        return if s == "-0" { "0".into() } else { s };
    }
    let s = s.trim_end_matches('0').trim_end_matches('.');
    if s == "-0" {
        "0".into()
    } else {
        s.into()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tick_labels_are_short() {
        assert_eq!(short(0.0), "0");
        assert_eq!(short(0.125), "0.125");
        assert_eq!(short(0.0012345), "0.00123");
        assert_eq!(short(31.6227), "31.6");
        assert_eq!(short(2.5), "2.5");
        assert_eq!(short(1500.0), "1500");
        assert_eq!(short(250_000.0), "250k");
        assert_eq!(short(3_000_000.0), "3M");
        assert_eq!(short(-0.0001), "-0.0001");
        assert_eq!(short(-1e-12), "0");
    }
}
