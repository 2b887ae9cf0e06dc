//! A range grid (`truco query --range --png/--svg`): one cell per hand class, coloured by the
//! class's most likely action (a colour per action, [`crate::colors`], listed in a legend),
//! shaded by its mean probability, with the action, the probability and the number of hands
//! written in it. A class whose hands the table never saw is grey and says `fallback`.

use std::path::{Path, PathBuf};

use plotters::coord::Shift;
use plotters::prelude::*;

use crate::colors::{action_rgb, EMPTY, FALLBACK};
use crate::error::PlotError;
use crate::font::{ensure_font, FAMILY};

/// One cell: its most likely action, that action's mean probability and the hands it holds.
#[derive(Clone, Debug, PartialEq)]
pub struct GridCell {
    /// The action's name.
    pub action: String,
    /// Its mean probability over the cell's hands, in `[0, 1]`.
    pub prob: f64,
    /// Hands in the cell.
    pub hands: u64,
    /// Hands of the cell the table had no answer for (its uniform fallback answered them).
    pub fallbacks: u64,
}

impl GridCell {
    /// Whether every hand of the cell fell back: no decision of the table is shown.
    pub fn is_fallback(&self) -> bool {
        self.hands > 0 && self.fallbacks == self.hands
    }
}

/// A grid of hand classes.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Grid {
    /// The title (the spot).
    pub title: String,
    /// A line under the title (what rows and columns are).
    pub subtitle: String,
    /// Row labels, top to bottom.
    pub rows: Vec<String>,
    /// Column labels, left to right.
    pub cols: Vec<String>,
    /// `cells[row][col]`, `None` for an empty class.
    pub cells: Vec<Vec<Option<GridCell>>>,
}

impl Grid {
    /// The distinct actions of the cells, in first-seen order (their legend and colours).
    fn actions(&self) -> Vec<&str> {
        let mut seen: Vec<&str> = Vec::new();
        for c in self.cells.iter().flatten().flatten() {
            if !c.is_fallback() && !seen.contains(&c.action.as_str()) {
                seen.push(&c.action);
            }
        }
        seen
    }
}

/// Writes `grid` to `path`: SVG if it ends in `.svg`, else PNG.
pub fn render_grid(grid: &Grid, path: &Path) -> Result<PathBuf, PlotError> {
    ensure_font()?;
    let width = 180 + 150 * grid.cols.len().max(1) as u32;
    let height = 150 + 48 * grid.rows.len().max(1) as u32;
    let err = |e: String| PlotError::Draw {
        path: path.to_path_buf(),
        message: e,
    };
    let is_svg = path
        .extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("svg"));
    if is_svg {
        draw(
            SVGBackend::new(path, (width, height)).into_drawing_area(),
            grid,
        )
        .map_err(err)?;
    } else {
        draw(
            BitMapBackend::new(path, (width, height)).into_drawing_area(),
            grid,
        )
        .map_err(err)?;
    }
    std::fs::metadata(path).map_err(|source| PlotError::Io {
        path: path.to_path_buf(),
        source,
    })?;
    Ok(path.to_path_buf())
}

fn draw<DB: DrawingBackend>(root: DrawingArea<DB, Shift>, grid: &Grid) -> Result<(), String> {
    let e = |e: DrawingAreaErrorKind<DB::ErrorType>| e.to_string();
    root.fill(&WHITE).map_err(e)?;
    let text = |size: u32| TextStyle::from((FAMILY, size).into_font()).color(&BLACK);
    root.draw(&Text::new(grid.title.clone(), (12, 10), text(18)))
        .map_err(e)?;
    root.draw(&Text::new(grid.subtitle.clone(), (12, 36), text(14)))
        .map_err(e)?;
    let actions = grid.actions();
    let rgb = |(r, g, b): (u8, u8, u8)| RGBColor(r, g, b);
    let color = |a: &str| rgb(action_rgb(a));
    let (x0, y0, cw, ch) = (170i32, 90i32, 150i32, 48i32);
    for (c, label) in grid.cols.iter().enumerate() {
        let x = x0 + c as i32 * cw + 6;
        root.draw(&Text::new(label.clone(), (x, y0 - 22), text(14)))
            .map_err(e)?;
    }
    for (r, label) in grid.rows.iter().enumerate() {
        let y = y0 + r as i32 * ch;
        let short: String = label.chars().take(18).collect();
        root.draw(&Text::new(short, (10, y + 16), text(14)))
            .map_err(e)?;
        for c in 0..grid.cols.len() {
            let x = x0 + c as i32 * cw;
            let cell = grid
                .cells
                .get(r)
                .and_then(|row| row.get(c))
                .and_then(|x| x.as_ref());
            let rect = [(x, y), (x + cw - 2, y + ch - 2)];
            match cell {
                Some(cell) if cell.is_fallback() => {
                    root.draw(&Rectangle::new(rect, rgb(FALLBACK).filled()))
                        .map_err(e)?;
                    root.draw(&Text::new("fallback", (x + 5, y + 5), text(13)))
                        .map_err(e)?;
                    let line = format!("({})", cell.hands);
                    root.draw(&Text::new(line, (x + 5, y + 24), text(12)))
                        .map_err(e)?;
                }
                Some(cell) => {
                    let base = color(&cell.action);
                    let fill = base.mix(0.25 + 0.75 * cell.prob.clamp(0.0, 1.0));
                    root.draw(&Rectangle::new(rect, fill.filled())).map_err(e)?;
                    root.draw(&Text::new(cell.action.clone(), (x + 5, y + 5), text(13)))
                        .map_err(e)?;
                    let line = if cell.fallbacks > 0 {
                        format!("{:.2} ({}, {} fb)", cell.prob, cell.hands, cell.fallbacks)
                    } else {
                        format!("{:.2} ({})", cell.prob, cell.hands)
                    };
                    root.draw(&Text::new(line, (x + 5, y + 24), text(12)))
                        .map_err(e)?;
                }
                None => {
                    root.draw(&Rectangle::new(rect, rgb(EMPTY).filled()))
                        .map_err(e)?;
                }
            }
        }
    }
    // Legend: one swatch per action, then the fallback's.
    let ly = y0 + grid.rows.len() as i32 * ch + 14;
    let mut lx = 12;
    let fallback = grid
        .cells
        .iter()
        .flatten()
        .flatten()
        .any(GridCell::is_fallback);
    let mut swatches: Vec<(String, RGBColor)> =
        actions.iter().map(|a| (a.to_string(), color(a))).collect();
    if fallback {
        swatches.push((
            "fallback (the table never saw these hands)".into(),
            rgb(FALLBACK),
        ));
    }
    for (a, c) in &swatches {
        root.draw(&Rectangle::new([(lx, ly), (lx + 16, ly + 16)], c.filled()))
            .map_err(e)?;
        root.draw(&Text::new(a.clone(), (lx + 22, ly + 1), text(14)))
            .map_err(e)?;
        lx += 30 + 8 * a.len() as i32;
    }
    root.present().map_err(e)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn draws_a_grid_to_svg_and_png() {
        let grid = Grid {
            title: "arg-1v1 | score 0-0 | dealer 1 | seat 0: 1E 7O 4C".into(),
            subtitle: "rows: strongest card; columns: envido".into(),
            rows: vec!["1E".into(), "1B".into()],
            cols: vec!["0-7".into(), "20-23".into()],
            cells: vec![
                vec![
                    Some(GridCell {
                        action: "truco".into(),
                        prob: 0.8,
                        hands: 12,
                        fallbacks: 0,
                    }),
                    None,
                ],
                vec![
                    Some(GridCell {
                        action: "play high".into(),
                        prob: 0.4,
                        hands: 3,
                        fallbacks: 1,
                    }),
                    Some(GridCell {
                        action: "truco".into(),
                        prob: 0.25,
                        hands: 1,
                        fallbacks: 1,
                    }),
                ],
            ],
        };
        let dir = std::env::temp_dir().join(format!("truco-grid-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let svg = render_grid(&grid, &dir.join("g.svg")).unwrap();
        let body = std::fs::read_to_string(&svg).unwrap();
        assert!(body.contains("<svg") && body.contains("play high") && body.contains("truco"));
        assert!(body.contains("fallback") && body.contains("1 fb"), "{body}");
        let png = render_grid(&grid, &dir.join("g.png")).unwrap();
        let bytes = std::fs::read(&png).unwrap();
        assert_eq!(&bytes[1..4], b"PNG");
        // A folder that does not exist is an error, not a panic.
        assert!(render_grid(&grid, &dir.join("missing/g.png")).is_err());
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
