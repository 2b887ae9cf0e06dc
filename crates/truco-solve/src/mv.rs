//! The match-value table `mv(score_a, score_b, dealer)`: the probability that team 0 wins the
//! match from the start of a hand at that cell, under the solved strategies. A table of a
//! match with camas (valencian) or hand kinds (six-player pica-pica) holds those dimensions
//! too (see [`Shape`]).
//!
//! A finished match has value 1 (team 0 reached the target, or won its camas) or 0. Reading a
//! cell that was not solved is a typed error ([`SolveError::Unsolved`]), so a solving order
//! that reads ahead is caught. Solvers use the ±1 scale `2·mv − 1` ([`MatchValues::utility`]).
//! The table is stored as JSON, written to a temporary file and renamed: format
//! [`MV_FORMAT`] for a table of score and dealer only, [`MV_FORMAT_2`] (the same with the
//! camas and kinds fields) otherwise.

use std::fs;
use std::path::Path;

use serde::{Deserialize, Serialize};

use crate::cell::{Cell, Shape};
use crate::error::SolveError;

/// Format tag of the match-value file of a table of score and dealer only.
pub const MV_FORMAT: &str = "truco-mv/1";

/// Format tag of a match-value file whose table has camas or hand kinds: the file-level
/// fields `camas` (camas to win) and `kinds`, and the cell fields `camas_a`, `camas_b` (camas
/// won by team 0 and team 1) and `kind` (see [`crate::cell::Cell::kind`]), each left out when
/// 0 (`kinds`: 1).
pub const MV_FORMAT_2: &str = "truco-mv/2";

/// Match values of one game (a rule set), cell by cell.
#[derive(Clone, Debug, PartialEq)]
pub struct MatchValues {
    game: String,
    shape: Shape,
    values: Vec<Option<f64>>,
}

fn is_zero(x: &u8) -> bool {
    *x == 0
}

fn is_one(x: &u8) -> bool {
    *x == 1
}

fn one() -> u8 {
    1
}

#[derive(Serialize, Deserialize)]
struct MvFile {
    format: String,
    game: String,
    target: u8,
    dealers: u8,
    #[serde(default, skip_serializing_if = "is_zero")]
    camas: u8,
    #[serde(default = "one", skip_serializing_if = "is_one")]
    kinds: u8,
    cells: Vec<MvCell>,
}

#[derive(Serialize, Deserialize)]
struct MvCell {
    a: u8,
    b: u8,
    #[serde(default, skip_serializing_if = "is_zero")]
    camas_a: u8,
    #[serde(default, skip_serializing_if = "is_zero")]
    camas_b: u8,
    dealer: u8,
    #[serde(default, skip_serializing_if = "is_zero")]
    kind: u8,
    mv: f64,
}

impl MatchValues {
    /// An empty table for the game named `game` (its rule text, checked on load), a match to
    /// `target`, with `dealers` dealer seats.
    pub fn new(game: &str, target: u8, dealers: u8) -> MatchValues {
        MatchValues::of_shape(game, Shape::plain(target, dealers))
    }

    /// An empty table of `shape` for the game named `game`.
    pub fn of_shape(game: &str, shape: Shape) -> MatchValues {
        MatchValues {
            game: game.to_string(),
            shape,
            values: vec![None; shape.cells()],
        }
    }

    /// The game name given at creation.
    pub fn game(&self) -> &str {
        &self.game
    }

    /// The match target.
    pub fn target(&self) -> u8 {
        self.shape.target
    }

    /// Number of dealer seats.
    pub fn dealers(&self) -> u8 {
        self.shape.dealers
    }

    /// The table's dimensions.
    pub fn shape(&self) -> Shape {
        self.shape
    }

    fn index(&self, c: Cell) -> Result<usize, SolveError> {
        let Shape {
            target: t,
            dealers,
            kinds,
            ..
        } = self.shape;
        let n = self.shape.camas_standings();
        if c.score[0] >= t
            || c.score[1] >= t
            || c.dealer >= dealers
            || c.camas[0] >= n
            || c.camas[1] >= n
            || c.kind >= kinds
        {
            return Err(SolveError::BadCell {
                a: c.score[0],
                b: c.score[1],
                dealer: c.dealer,
                target: t,
                dealers,
            });
        }
        let standing = c.camas[0] as usize * n as usize + c.camas[1] as usize;
        let layer = c.kind as usize * (n as usize * n as usize) + standing;
        let score = c.score[0] as usize * t as usize + c.score[1] as usize;
        Ok((layer * t as usize * t as usize + score) * dealers as usize + c.dealer as usize)
    }

    /// Probability that team 0 wins from `score` with `dealer` dealing next; 1 or 0 once a
    /// team reached the target; [`SolveError::Unsolved`] for a cell not solved yet.
    pub fn get(&self, score: [u8; 2], dealer: u8) -> Result<f64, SolveError> {
        self.value(Cell {
            score,
            dealer,
            camas: [0, 0],
            kind: 0,
        })
    }

    /// [`MatchValues::get`] of any cell: 1 or 0 once a team won the match (reached the
    /// target; with camas, won its camas). With camas, a score at the cama's size closes the
    /// cama as the engine does (that team wins a cama, both scores go back to 0; the engine
    /// itself never leaves a score there).
    pub fn value(&self, cell: Cell) -> Result<f64, SolveError> {
        let Shape {
            target: t, camas, ..
        } = self.shape;
        let mut c = cell;
        if camas > 0 {
            if let Some(w) = (0..2).find(|&w| c.score[w] >= t) {
                c.camas[w] = c.camas[w].saturating_add(1);
                c.score = [0, 0];
            }
            if c.camas[0] >= camas || c.camas[1] >= camas {
                return Ok(if c.camas[0] >= camas { 1.0 } else { 0.0 });
            }
        } else if c.score[0] >= t || c.score[1] >= t {
            return Ok(if c.score[0] >= t { 1.0 } else { 0.0 });
        }
        let i = self.index(c)?;
        self.values[i].ok_or(SolveError::Unsolved {
            a: c.score[0],
            b: c.score[1],
            dealer: c.dealer,
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
        let sh = self.shape;
        let mut cells = Vec::new();
        for kind in 0..sh.kinds {
            for camas_a in 0..sh.camas_standings() {
                for camas_b in 0..sh.camas_standings() {
                    for a in 0..sh.target {
                        for b in 0..sh.target {
                            for dealer in 0..sh.dealers {
                                let c = Cell {
                                    score: [a, b],
                                    dealer,
                                    camas: [camas_a, camas_b],
                                    kind,
                                };
                                if let Ok(Some(mv)) = self.index(c).map(|i| self.values[i]) {
                                    cells.push(MvCell {
                                        a,
                                        b,
                                        camas_a,
                                        camas_b,
                                        dealer,
                                        kind,
                                        mv,
                                    });
                                }
                            }
                        }
                    }
                }
            }
        }
        let format = if sh.is_plain() {
            MV_FORMAT
        } else {
            MV_FORMAT_2
        };
        let file = MvFile {
            format: format.to_string(),
            game: self.game.clone(),
            target: sh.target,
            dealers: sh.dealers,
            camas: sh.camas,
            kinds: sh.kinds,
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
    /// `target` and `dealers` (and has neither camas nor kinds).
    pub fn load(path: &Path, game: &str, target: u8, dealers: u8) -> Result<Self, SolveError> {
        MatchValues::load_shaped(path, game, Shape::plain(target, dealers))
    }

    /// [`MatchValues::load`] of a table of any [`Shape`].
    pub fn load_shaped(path: &Path, game: &str, shape: Shape) -> Result<Self, SolveError> {
        let p = path.display().to_string();
        // A regular file of sane length only: a device or a FIFO is refused at once.
        let text =
            truco_query::read_regular_text(path, 1 << 28).map_err(|source| SolveError::Io {
                path: p.clone(),
                source,
            })?;
        MatchValues::parse_shaped(&text, &p, game, shape)
    }

    /// [`MatchValues::load`] of a file's `text` (named `name` in errors), e.g. one compiled in.
    pub fn parse(
        text: &str,
        name: &str,
        game: &str,
        target: u8,
        dealers: u8,
    ) -> Result<Self, SolveError> {
        MatchValues::parse_shaped(text, name, game, Shape::plain(target, dealers))
    }

    /// [`MatchValues::parse`] of a table of any [`Shape`] (camas and kinds are checked too).
    pub fn parse_shaped(
        text: &str,
        name: &str,
        game: &str,
        shape: Shape,
    ) -> Result<Self, SolveError> {
        let bad = |why: String| SolveError::BadFile {
            path: name.to_string(),
            why,
        };
        let f: MvFile = serde_json::from_str(text).map_err(|e| bad(e.to_string()))?;
        let found = Shape {
            target: f.target,
            dealers: f.dealers,
            camas: f.camas,
            kinds: f.kinds,
        };
        let format = if found.is_plain() {
            MV_FORMAT
        } else {
            MV_FORMAT_2
        };
        if f.format != format && f.format != MV_FORMAT_2 {
            return Err(bad(format!("format `{}`, expected `{format}`", f.format)));
        }
        if f.game != game || found != shape {
            return Err(bad(format!(
                "holds `{}` {}, expected `{game}` {}",
                f.game,
                describe(found),
                describe(shape)
            )));
        }
        let mut mv = MatchValues::of_shape(game, shape);
        for c in f.cells {
            let cell = Cell {
                score: [c.a, c.b],
                dealer: c.dealer,
                camas: [c.camas_a, c.camas_b],
                kind: c.kind,
            };
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

/// A table's dimensions in words, for errors.
fn describe(s: Shape) -> String {
    let mut out = format!("to {} with {} dealers", s.target, s.dealers);
    if s.camas > 0 {
        out += &format!(", {} camas", s.camas);
    }
    if s.kinds != 1 {
        out += &format!(", {} hand kinds", s.kinds);
    }
    out
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

    #[test]
    fn camas_and_kinds_round_trip_in_the_second_format() {
        let dir = std::env::temp_dir().join(format!("truco-mv2-test-{}", std::process::id()));
        fs::create_dir_all(&dir).unwrap();
        let path = dir.join("mv.json");
        let shape = Shape {
            target: 4,
            dealers: 2,
            camas: 2,
            kinds: 1,
        };
        let mut mv = MatchValues::of_shape("valencian", shape);
        let c = Cell::in_camas([3, 1], [1, 0], 1);
        mv.set(c, 0.75).unwrap();
        mv.set(Cell::in_camas([3, 1], [0, 1], 1), 0.25).unwrap();
        assert_eq!(mv.value(c).unwrap(), 0.75);
        assert!(matches!(
            mv.value(Cell::in_camas([3, 1], [0, 0], 1)),
            Err(SolveError::Unsolved { .. })
        ));
        assert!(matches!(
            mv.set(Cell::in_camas([0, 0], [2, 0], 0), 0.5),
            Err(SolveError::BadCell { .. })
        ));
        mv.save(&path).unwrap();
        let text = fs::read_to_string(&path).unwrap();
        assert!(text.contains(MV_FORMAT_2) && text.contains("\"camas_a\": 1"));
        assert_eq!(
            MatchValues::load_shaped(&path, "valencian", shape).unwrap(),
            mv
        );
        // A reader of score-only tables refuses it, and the other way round.
        assert!(matches!(
            MatchValues::load(&path, "valencian", 4, 2),
            Err(SolveError::BadFile { .. })
        ));
        let kinds = Shape {
            target: 3,
            dealers: 2,
            camas: 0,
            kinds: 4,
        };
        let mut mv = MatchValues::of_shape("arg-classic", kinds);
        mv.set(Cell::new(2, 1, 0).with_kind(3), 0.5).unwrap();
        assert!(mv.set(Cell::new(2, 1, 0).with_kind(4), 0.5).is_err());
        assert!(!mv.is_solved(Cell::new(2, 1, 0)));
        mv.save(&path).unwrap();
        assert_eq!(
            MatchValues::load_shaped(&path, "arg-classic", kinds).unwrap(),
            mv
        );
        // A score-only table is still written in the first format, without the new fields.
        let mut mv = MatchValues::new("arg-1v1", 3, 2);
        mv.set(Cell::new(2, 1, 0), 0.5).unwrap();
        mv.save(&path).unwrap();
        let text = fs::read_to_string(&path).unwrap();
        assert!(text.contains(MV_FORMAT) && !text.contains("camas") && !text.contains("kind"));
        assert!(matches!(
            MatchValues::load_shaped(&path, "arg-1v1", kinds),
            Err(SolveError::BadFile { .. })
        ));
        // A first-format file that claims camas is refused.
        fs::write(
            &path,
            text.replace("\"dealers\": 2,", "\"dealers\": 2, \"camas\": 2,"),
        )
        .unwrap();
        let two = Shape {
            target: 3,
            dealers: 2,
            camas: 2,
            kinds: 1,
        };
        assert!(matches!(
            MatchValues::load_shaped(&path, "arg-1v1", two),
            Err(SolveError::BadFile { .. })
        ));
        fs::remove_dir_all(&dir).unwrap();
    }
}
