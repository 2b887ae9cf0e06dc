//! The match-value table `mv(score_a, score_b, dealer)`: the probability that team 0 wins the
//! match from the start of a hand at that cell, under the solved strategies.
//!
//! A finished match has value 1 (team 0 reached the target) or 0. Reading a cell that was not
//! solved is a typed error ([`SolveError::Unsolved`]), so a solving order that reads ahead is
//! caught. Solvers use the ±1 scale `2·mv − 1` ([`MatchValues::utility`]). The table is stored
//! as JSON, written to a temporary file and renamed.

use std::fs;
use std::path::Path;

use serde::{Deserialize, Serialize};

use crate::cell::Cell;
use crate::error::SolveError;

/// Format tag of the match-value file.
pub const MV_FORMAT: &str = "truco-mv/1";

/// Match values of one game (a rule set), cell by cell.
#[derive(Clone, Debug, PartialEq)]
pub struct MatchValues {
    game: String,
    target: u8,
    dealers: u8,
    values: Vec<Option<f64>>,
}

#[derive(Serialize, Deserialize)]
struct MvFile {
    format: String,
    game: String,
    target: u8,
    dealers: u8,
    cells: Vec<MvCell>,
}

#[derive(Serialize, Deserialize)]
struct MvCell {
    a: u8,
    b: u8,
    dealer: u8,
    mv: f64,
}

impl MatchValues {
    /// An empty table for the game named `game` (its rule text, checked on load), a match to
    /// `target`, with `dealers` dealer seats.
    pub fn new(game: &str, target: u8, dealers: u8) -> MatchValues {
        MatchValues {
            game: game.to_string(),
            target,
            dealers,
            values: vec![None; target as usize * target as usize * dealers as usize],
        }
    }

    /// The game name given at creation.
    pub fn game(&self) -> &str {
        &self.game
    }

    /// The match target.
    pub fn target(&self) -> u8 {
        self.target
    }

    /// Number of dealer seats.
    pub fn dealers(&self) -> u8 {
        self.dealers
    }

    fn index(&self, c: Cell) -> Result<usize, SolveError> {
        let t = self.target;
        if c.score[0] >= t || c.score[1] >= t || c.dealer >= self.dealers {
            return Err(SolveError::BadCell {
                a: c.score[0],
                b: c.score[1],
                dealer: c.dealer,
                target: t,
                dealers: self.dealers,
            });
        }
        Ok(
            (c.score[0] as usize * t as usize + c.score[1] as usize) * self.dealers as usize
                + c.dealer as usize,
        )
    }

    /// Probability that team 0 wins from `score` with `dealer` dealing next; 1 or 0 once a
    /// team reached the target; [`SolveError::Unsolved`] for a cell not solved yet.
    pub fn get(&self, score: [u8; 2], dealer: u8) -> Result<f64, SolveError> {
        let t = self.target;
        if score[0] >= t || score[1] >= t {
            return Ok(if score[0] >= t { 1.0 } else { 0.0 });
        }
        let i = self.index(Cell { score, dealer })?;
        self.values[i].ok_or(SolveError::Unsolved {
            a: score[0],
            b: score[1],
            dealer,
        })
    }

    /// [`MatchValues::get`] on the ±1 scale of team 0: `2·mv − 1`.
    pub fn utility(&self, score: [u8; 2], dealer: u8) -> Result<f64, SolveError> {
        Ok(2.0 * self.get(score, dealer)? - 1.0)
    }

    /// Whether `cell` holds a value.
    pub fn is_solved(&self, cell: Cell) -> bool {
        self.index(cell).is_ok_and(|i| self.values[i].is_some())
    }

    /// Stores the value of `cell` (a probability).
    pub fn set(&mut self, cell: Cell, mv: f64) -> Result<(), SolveError> {
        if !(0.0..=1.0).contains(&mv) {
            return Err(SolveError::BadValue(mv));
        }
        let i = self.index(cell)?;
        self.values[i] = Some(mv);
        Ok(())
    }

    /// Number of solved cells.
    pub fn solved(&self) -> usize {
        self.values.iter().filter(|v| v.is_some()).count()
    }

    /// Writes the table as JSON to `path` atomically (temporary file in the same directory,
    /// then rename).
    pub fn save(&self, path: &Path) -> Result<(), SolveError> {
        let io = |source| SolveError::Io {
            path: path.display().to_string(),
            source,
        };
        let mut cells = Vec::new();
        for a in 0..self.target {
            for b in 0..self.target {
                for dealer in 0..self.dealers {
                    if let Ok(mv) = self.get([a, b], dealer) {
                        cells.push(MvCell { a, b, dealer, mv });
                    }
                }
            }
        }
        let file = MvFile {
            format: MV_FORMAT.to_string(),
            game: self.game.clone(),
            target: self.target,
            dealers: self.dealers,
            cells,
        };
        let text = serde_json::to_string_pretty(&file).map_err(|e| SolveError::BadFile {
            path: path.display().to_string(),
            why: e.to_string(),
        })?;
        let name = path
            .file_name()
            .map(|n| n.to_string_lossy().to_string())
            .unwrap_or_else(|| "mv".into());
        let tmp = path.with_file_name(format!(".{name}.tmp{}", std::process::id()));
        fs::write(&tmp, text).map_err(io)?;
        fs::rename(&tmp, path).map_err(io)
    }

    /// Reads a table written by [`MatchValues::save`], checking that it belongs to `game`,
    /// `target` and `dealers`.
    pub fn load(path: &Path, game: &str, target: u8, dealers: u8) -> Result<Self, SolveError> {
        let p = path.display().to_string();
        // A regular file of sane length only: a device or a FIFO is refused at once.
        let text =
            truco_query::read_regular_text(path, 1 << 28).map_err(|source| SolveError::Io {
                path: p.clone(),
                source,
            })?;
        MatchValues::parse(&text, &p, game, target, dealers)
    }

    /// [`MatchValues::load`] of a file's `text` (named `name` in errors), e.g. one compiled in.
    pub fn parse(
        text: &str,
        name: &str,
        game: &str,
        target: u8,
        dealers: u8,
    ) -> Result<Self, SolveError> {
        let bad = |why: String| SolveError::BadFile {
            path: name.to_string(),
            why,
        };
        let f: MvFile = serde_json::from_str(text).map_err(|e| bad(e.to_string()))?;
        if f.format != MV_FORMAT {
            return Err(bad(format!(
                "format `{}`, expected `{MV_FORMAT}`",
                f.format
            )));
        }
        if f.game != game || f.target != target || f.dealers != dealers {
            return Err(bad(format!(
                "holds `{}` to {} with {} dealers, expected `{game}` to {target} with {dealers}",
                f.game, f.target, f.dealers
            )));
        }
        let mut mv = MatchValues::new(game, target, dealers);
        for c in f.cells {
            let cell = Cell::new(c.a, c.b, c.dealer);
            mv.set(cell, c.mv).map_err(|e| bad(e.to_string()))?;
        }
        Ok(mv)
    }

    /// [`MatchValues::load`] if `path` exists, else an empty table.
    pub fn load_or_new(
        path: &Path,
        game: &str,
        target: u8,
        dealers: u8,
    ) -> Result<Self, SolveError> {
        if path.exists() {
            MatchValues::load(path, game, target, dealers)
        } else {
            Ok(MatchValues::new(game, target, dealers))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finished_matches_and_unsolved_cells() {
        let mut mv = MatchValues::new("g", 12, 2);
        assert_eq!(mv.get([12, 3], 0).unwrap(), 1.0);
        assert_eq!(mv.get([5, 14], 1).unwrap(), 0.0);
        assert_eq!(mv.utility([5, 14], 1).unwrap(), -1.0);
        assert!(matches!(
            mv.get([11, 11], 0),
            Err(SolveError::Unsolved {
                a: 11,
                b: 11,
                dealer: 0
            })
        ));
        mv.set(Cell::new(11, 11, 0), 0.25).unwrap();
        assert_eq!(mv.utility([11, 11], 0).unwrap(), -0.5);
        assert!(mv.is_solved(Cell::new(11, 11, 0)));
        assert!(!mv.is_solved(Cell::new(11, 11, 1)));
        assert!(matches!(
            mv.set(Cell::new(1, 1, 0), 1.5),
            Err(SolveError::BadValue(_))
        ));
        assert!(matches!(
            mv.set(Cell::new(1, 1, 2), 0.5),
            Err(SolveError::BadCell { .. })
        ));
        assert!(matches!(mv.get([1, 1], 5), Err(SolveError::BadCell { .. })));
    }

    #[test]
    fn save_load_round_trip_and_checks() {
        let dir = std::env::temp_dir().join(format!("truco-mv-test-{}", std::process::id()));
        fs::create_dir_all(&dir).unwrap();
        let path = dir.join("mv.json");
        let mut mv = MatchValues::new("paulista players=2", 12, 2);
        mv.set(Cell::new(11, 10, 1), 0.625).unwrap();
        mv.set(Cell::new(0, 0, 0), 0.5).unwrap();
        mv.save(&path).unwrap();
        let back = MatchValues::load(&path, "paulista players=2", 12, 2).unwrap();
        assert_eq!(back, mv);
        assert_eq!(back.solved(), 2);
        assert!(matches!(
            MatchValues::load(&path, "arg-1v1", 12, 2),
            Err(SolveError::BadFile { .. })
        ));
        fs::write(&path, "{not json").unwrap();
        assert!(matches!(
            MatchValues::load(&path, "paulista players=2", 12, 2),
            Err(SolveError::BadFile { .. })
        ));
        let missing = dir.join("none.json");
        assert_eq!(
            MatchValues::load_or_new(&missing, "g", 3, 2)
                .unwrap()
                .solved(),
            0
        );
        assert!(matches!(
            MatchValues::load(&missing, "g", 3, 2),
            Err(SolveError::Io { .. })
        ));
        fs::remove_dir_all(&dir).unwrap();
    }
}
