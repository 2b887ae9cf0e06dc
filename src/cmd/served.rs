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

use serde_json::{Map, Value};
use truco_game::Spot;
use truco_query::protocol::{answer_line_with, AnswerError, Refine, Refined};
use truco_query::{Policy, PolicyError, Recommendation};
use truco_search::{SearchBudget, Searcher};

use super::query::open_policy;

/// A served table and the path it came from.
#[derive(Debug)]
pub struct ServedModel {
    path: PathBuf,
    no_verify: bool,
    current: RwLock<Arc<Policy>>,
    /// The last reopening error reported (so a bad replacement is reported once).
    reported: RwLock<Option<String>>,
    /// Decision-time search of every answer (`--search`).
    search: Option<SearchRefine>,
}

/// Refines every answer by a decision-time search of the spot (`truco serve --search`): the
/// searched probabilities and each action's value, and a `search` field with the iterations
/// run and, when the table's answer stands, why.
#[derive(Clone, Copy, Debug)]
pub struct SearchRefine(pub SearchBudget);

impl Refine<Arc<Policy>> for SearchRefine {
    fn refine(
        &self,
        policy: &Arc<Policy>,
        spot: &Spot,
        _r: Recommendation,
        seed: u64,
    ) -> Result<Refined, AnswerError> {
        let searcher =
            Searcher::new(Arc::clone(policy), self.0).map_err(|e| ("no_search", e.to_string()))?;
        let view = spot.to_view().map_err(|e| ("bad_spot", e.to_string()))?;
        let (r, s) = searcher
            .recommend(&view, spot.history(), seed)
            .map_err(|e| ("no_search", e.to_string()))?;
        let mut fields = Map::new();
        fields.insert("search".into(), super::query::search_json(self.0, &s, &r));
        Ok((r, fields))
    }
}

impl ServedModel {
    /// Opens the table at `path`.
    pub fn open(path: &Path, no_verify: bool) -> Result<ServedModel, PolicyError> {
        let policy = open_policy(path, no_verify)?;
        Ok(ServedModel {
            path: path.to_path_buf(),
            no_verify,
            current: RwLock::new(Arc::new(policy)),
            reported: RwLock::new(None),
            search: None,
        })
    }

    /// The same server, searching every answer for `budget` (arg-1v1 tables only: another
    /// table is refused here, before serving).
    pub fn with_search(
        mut self,
        budget: SearchBudget,
    ) -> Result<ServedModel, truco_search::SearchError> {
        Searcher::new(
            self.get().map_err(truco_search::SearchError::Events)?,
            budget,
        )?;
        self.search = Some(SearchRefine(budget));
        Ok(self)
    }

    /// The answer to one request line (`None` for a blank line), searched with `--search`.
    pub fn answer(&self, line: &[u8]) -> Option<Value> {
        let refine = self.search.as_ref().map(|r| r as &dyn Refine<Arc<Policy>>);
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
        assert_eq!(a["search"]["blueprint"], Value::Null);
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
    }

    #[test]
    fn a_table_the_search_does_not_cover_is_refused_before_serving() {
        let e = served("models/arg-2v2.tbl")
            .with_search("20ms".parse().unwrap())
            .err()
            .unwrap();
        assert!(e.to_string().contains("arg-2v2"), "{e}");
    }
}
