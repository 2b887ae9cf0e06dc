//! The table `truco serve` answers from, replaced safely while the server runs.
//!
//! The safe way to replace a served table is to write the new file beside it and rename it
//! over the old name (what `truco train` does): the server notices the new file at the path
//! before its next answer and switches to it; answers in flight keep the old mapping, which
//! the rename leaves intact. A new file that cannot be opened (damaged, of another variant) is
//! reported once on stderr and the old table keeps serving.
//!
//! A file changed in place (overwritten, truncated) cannot be read safely through a mapping:
//! before each answer the open file is checked (length and modification time against the
//! values at open), and a changed one is never read again. The server then reopens the path if
//! it holds a complete table, and otherwise answers with a `table_changed` error until one is
//! there. (A truncation in the microseconds between the check and the lookup can still fault:
//! no reader of a mapped file can exclude that; renaming does.)

use std::path::{Path, PathBuf};
use std::sync::{Arc, RwLock};

use serde_json::Value;
use truco_player::answer::{searcher_for, PlayerAnswers};
use truco_query::protocol::{answer_line_with, Refine};
use truco_query::{Policy, PolicyError};
use truco_search::SearchBudget;

use super::query::open_policy;

/// A served table and the path it came from.
#[derive(Debug)]
pub struct ServedModel {
    path: PathBuf,
    no_verify: bool,
    current: RwLock<Arc<Policy>>,
    /// The last reopening error reported (so a bad replacement is reported once).
    reported: RwLock<Option<String>>,
    /// How answers are made: by the player (its move beside the table's row; with
    /// `--search`, searched), or `None` for the table's row alone (`--raw`).
    answers: Option<PlayerAnswers>,
}

/// How a table is served: checksum check, and how answers are made.
#[derive(Clone, Copy, Debug, Default)]
pub struct ServeAs {
    /// Skip the body checksum at open.
    pub no_verify: bool,
    /// The table's row alone (`--raw`).
    pub raw: bool,
    /// The player searches every answer for this budget (`--search`).
    pub search: Option<SearchBudget>,
}

impl ServedModel {
    /// Opens the table at `path` to serve it as `how` says (a table the search does not
    /// cover is refused here, before serving).
    pub fn open_as(path: &Path, how: &ServeAs) -> Result<ServedModel, super::serve::ServeError> {
        let mut served = ServedModel::open(path, how.no_verify)?;
        if how.raw {
            served = served.raw();
        }
        if let Some(budget) = how.search {
            served = served.with_search(budget)?;
        }
        Ok(served)
    }

    /// Opens the table at `path`.
    pub fn open(path: &Path, no_verify: bool) -> Result<ServedModel, PolicyError> {
        let policy = open_policy(path, no_verify)?;
        Ok(ServedModel {
            path: path.to_path_buf(),
            no_verify,
            current: RwLock::new(Arc::new(policy)),
            reported: RwLock::new(None),
            answers: Some(PlayerAnswers::default()),
        })
    }

    /// The same server, answering with the table's row alone (`--raw`): no move, no search.
    pub fn raw(mut self) -> ServedModel {
        self.answers = None;
        self
    }

    /// The same server, its player searching every answer for `budget` (tables the search
    /// does not cover are refused here, before serving).
    pub fn with_search(
        mut self,
        budget: SearchBudget,
    ) -> Result<ServedModel, truco_search::SearchError> {
        searcher_for(
            &self.get().map_err(truco_search::SearchError::Events)?,
            budget,
        )?;
        let answers = self.answers.get_or_insert_with(PlayerAnswers::default);
        answers.search = Some(budget);
        Ok(self)
    }

    /// The answer to one request line (`None` for a blank line).
    pub fn answer(&self, line: &[u8]) -> Option<Value> {
        let refine = self.answers.as_ref().map(|r| r as &dyn Refine<Arc<Policy>>);
        answer_line_with(|| self.get(), line, refine)
    }

    /// The table to answer with now, or why there is none (the served file was changed in
    /// place and the path holds no complete table yet).
    pub fn get(&self) -> Result<Arc<Policy>, String> {
        let policy = Arc::clone(&self.current.read().unwrap_or_else(|e| e.into_inner()));
        let table = policy.table();
        let damaged = table.changed_in_place();
        if damaged.is_none() && table.is_at(&self.path) {
            return Ok(policy);
        }
        match open_policy(&self.path, self.no_verify) {
            Ok(fresh) => {
                let fresh = Arc::new(fresh);
                *self.current.write().unwrap_or_else(|e| e.into_inner()) = Arc::clone(&fresh);
                *self.reported.write().unwrap_or_else(|e| e.into_inner()) = None;
                eprintln!("truco serve: reloaded {}", self.path.display());
                Ok(fresh)
            }
            Err(e) => {
                self.report(&e.to_string());
                match damaged {
                    // Renamed over by a bad file: the old table is intact; keep it.
                    None => Ok(policy),
                    Some(what) => Err(format!(
                        "the served table {} was changed in place ({what}) and no complete table is there now ({e}); replace tables by renaming a new file over the old name",
                        self.path.display()
                    )),
                }
            }
        }
    }

    fn report(&self, message: &str) {
        let mut last = self.reported.write().unwrap_or_else(|e| e.into_inner());
        if last.as_deref() != Some(message) {
            eprintln!(
                "truco serve: cannot reload {}: {message}",
                self.path.display()
            );
            *last = Some(message.to_string());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SPOT: &str = "arg-1v1 | score 0-0 | dealer 1 | seat 0: 1E 7O 3C | 0:1E 1:4C";

    fn served(model: &str) -> ServedModel {
        ServedModel::open(Path::new(model), true).unwrap()
    }

    #[test]
    fn a_searching_server_answers_the_search_and_the_values() {
        let m = served("models/arg-1v1.tbl")
            .with_search("200it".parse().unwrap())
            .unwrap();
        let line = format!(r#"{{"id": 1, "spot": "{SPOT}", "seed": 4}}"#);
        let a = m.answer(line.as_bytes()).unwrap();
        assert_eq!(a["id"], 1);
        assert_eq!(a["search"]["iterations"], 200);
        assert_eq!(a["search"]["searched"], true);
        assert!(a["move"]["action"].is_string(), "{a}");
        assert!(a["table"].is_array(), "{a}");
        let actions = a["actions"].as_array().unwrap();
        assert!(actions.iter().all(|x| x["value"].is_number()), "{a}");
        let total: f64 = actions.iter().map(|x| x["prob"].as_f64().unwrap()).sum();
        assert!((total - 1.0).abs() < 1e-3, "{a}");
        // Bad requests stay the protocol's errors.
        let bad = m.answer(br#"{"spot": "arg-1v1 | nonsense"}"#).unwrap();
        assert_eq!(bad["error"]["kind"], "bad_spot");
        // Without --search the values stay unknown.
        let plain = served("models/arg-1v1.tbl")
            .answer(line.as_bytes())
            .unwrap();
        assert!(plain.get("search").is_none());
        assert!(plain["actions"][0]["value"].is_null());
        assert!(plain["move"]["action"].is_string(), "{plain}");
        // --raw: the table alone, labelled.
        let raw = served("models/arg-1v1.tbl")
            .raw()
            .answer(line.as_bytes())
            .unwrap();
        assert!(raw.get("move").is_none());
        assert_eq!(raw["raw"], true);
    }

    #[test]
    fn a_table_the_search_does_not_cover_is_refused_before_serving() {
        let e = served("models/paulista.tbl")
            .with_search("20ms".parse().unwrap())
            .err()
            .unwrap();
        assert!(e.to_string().contains("paulista"), "{e}");
    }
}
