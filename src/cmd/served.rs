//! The table `truco serve` answers from, replaced safely while the server runs.
//!
//! **Mechanism: a private copy, replaced only by a checked table.** The served table is read
//! into the server's own memory ([`Table::load`], `read(2)`, never a mapping), so nothing done
//! to the file afterwards (overwritten or truncated in place, `cp` over, renamed over) can
//! change an answer or fault the process: there is no SIGBUS to catch. It costs the table's
//! length in memory per served table.
//!
//! Before each answer the path's stamp (device, inode, length, modification and change time:
//! one `stat`) is compared with the stamp of the copy. When it differs, one request (the
//! others keep answering from the current copy meanwhile) reads the file again and checks it
//! completely (header, layout, body checksum even with `--no-verify`, the engine and the
//! abstraction, and the same variant, options and abstraction as the served table). A good
//! replacement is adopted (`reloaded` on stderr); a bad one (damaged, half copied, of another
//! variant, a path removed) is reported once on stderr and its stamp remembered, so it is not
//! read again until the file changes again: answers keep coming from the last good table. A
//! file that changes while it is being read is neither adopted nor remembered; the next
//! request tries again.
//!
//! The safe way to replace a served table stays to write the new file beside it and rename it
//! over the old name (what `truco train` does): the server switches to it before its next
//! answer.

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, RwLock};

use serde_json::Value;
use truco_player::answer::{searcher_for, PlayerAnswers};
use truco_query::protocol::{answer_line_with, Refine};
use truco_query::{FileStamp, OpenOptions, Policy, PolicyError, Table};
use truco_search::SearchBudget;

/// A served table and the path it came from.
#[derive(Debug)]
pub struct ServedModel {
    path: PathBuf,
    current: RwLock<Arc<Policy>>,
    /// The stamp of the last file refused as a replacement: not read again while unchanged.
    refused: Mutex<Option<FileStamp>>,
    /// The last problem reported on stderr (each is reported once).
    reported: Mutex<Option<String>>,
    /// Held while a replacement is read and checked (one at a time).
    reloading: Mutex<()>,
    /// How many replacement files were read and checked.
    checks: AtomicU64,
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

    /// Reads the table at `path` into private memory (its body checksum verified unless
    /// `no_verify`).
    pub fn open(path: &Path, no_verify: bool) -> Result<ServedModel, PolicyError> {
        let policy = load(path, !no_verify)?;
        Ok(ServedModel {
            path: path.to_path_buf(),
            current: RwLock::new(Arc::new(policy)),
            refused: Mutex::new(None),
            reported: Mutex::new(None),
            reloading: Mutex::new(()),
            checks: AtomicU64::new(0),
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

    /// The table to answer with now: the file at the path if it changed and holds a good
    /// replacement, else the last good table. Never fails (the `Result` is the protocol's
    /// table source).
    pub fn get(&self) -> Result<Arc<Policy>, String> {
        let policy = self.current();
        let now = match FileStamp::at(&self.path) {
            Ok(s) => s,
            Err(e) => {
                self.report(&format!(
                    "cannot read its metadata ({e}); serving the last good table"
                ));
                return Ok(policy);
            }
        };
        if now == policy.table().stamp() || *lock(&self.refused) == Some(now) {
            return Ok(policy);
        }
        // One request checks the new file; the others answer from the current copy meanwhile.
        let Ok(_reloading) = self.reloading.try_lock() else {
            return Ok(policy);
        };
        let policy = self.current();
        if now == policy.table().stamp() {
            return Ok(policy);
        }
        self.checks.fetch_add(1, Ordering::Relaxed);
        match load(&self.path, true)
            .map_err(|e| e.to_string())
            .and_then(|fresh| same_game(fresh, &policy))
        {
            Ok(fresh) => {
                let fresh = Arc::new(fresh);
                *self.current.write().unwrap_or_else(|e| e.into_inner()) = Arc::clone(&fresh);
                *lock(&self.refused) = None;
                *lock(&self.reported) = None;
                eprintln!("truco serve: reloaded {}", self.path.display());
                Ok(fresh)
            }
            Err(why) => {
                // Remembered only if the file did not move while it was read (a file still
                // being written is tried again at the next request).
                if FileStamp::at(&self.path).ok() == Some(now) {
                    *lock(&self.refused) = Some(now);
                    self.report(&format!(
                        "cannot reload it: {why}; serving the last good table"
                    ));
                }
                Ok(policy)
            }
        }
    }

    /// How many replacement files were read and checked so far.
    #[cfg(test)]
    pub fn checks(&self) -> u64 {
        self.checks.load(Ordering::Relaxed)
    }

    /// The table answering now.
    fn current(&self) -> Arc<Policy> {
        Arc::clone(&self.current.read().unwrap_or_else(|e| e.into_inner()))
    }

    fn report(&self, message: &str) {
        let mut last = lock(&self.reported);
        if last.as_deref() != Some(message) {
            eprintln!("truco serve: {}: {message}", self.path.display());
            *last = Some(message.to_string());
        }
    }
}

/// Reads and checks a table into private memory (see the module documentation).
fn load(path: &Path, verify_checksum: bool) -> Result<Policy, PolicyError> {
    Policy::from_table(Table::load(path, OpenOptions { verify_checksum })?)
}

/// `fresh` if it answers the same game as `served` (variant, options, abstraction), else why
/// not.
fn same_game(fresh: Policy, served: &Policy) -> Result<Policy, String> {
    let (new, old) = (fresh.table().meta(), served.table().meta());
    if new == old {
        return Ok(fresh);
    }
    Err(format!(
        "it is a table of {} {:?} ({}), the server serves {} {:?} ({})",
        new.variant, new.options, new.abstraction_id, old.variant, old.options, old.abstraction_id
    ))
}

/// A mutex's value, even if a panicking thread held it.
fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
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
    fn a_bad_replacement_is_read_once_and_the_last_good_table_keeps_answering() {
        let path =
            std::env::temp_dir().join(format!("truco-served-once-{}.tbl", std::process::id()));
        std::fs::copy("models/arg-classic-players-2-target-15-flor.tbl", &path).unwrap();
        let m = served(path.to_str().unwrap());
        let good = m.get().unwrap();
        assert_eq!(m.checks(), 0);
        // A damaged file renamed over: read and refused once, however many requests follow.
        let bad = path.with_extension("bad");
        std::fs::write(&bad, b"TRUCOTBL but nothing else").unwrap();
        std::fs::rename(&bad, &path).unwrap();
        for _ in 0..5 {
            assert!(Arc::ptr_eq(&m.get().unwrap(), &good));
        }
        assert_eq!(m.checks(), 1);
        // Removed: the last good table answers, nothing is read.
        std::fs::remove_file(&path).unwrap();
        assert!(Arc::ptr_eq(&m.get().unwrap(), &good));
        assert_eq!(m.checks(), 1);
        // A good table back: adopted once.
        std::fs::copy("models/arg-classic-players-2-target-15-flor.tbl", &path).unwrap();
        let fresh = m.get().unwrap();
        assert!(!Arc::ptr_eq(&fresh, &good));
        assert!(Arc::ptr_eq(&m.get().unwrap(), &fresh));
        assert_eq!(m.checks(), 2);
        std::fs::remove_file(&path).unwrap();
    }

    #[test]
    fn every_variant_is_searched() {
        // Paulista: the vira, and a card played face down in trick 2.
        let m = served("models/paulista-hu.tbl")
            .with_search("100it".parse().unwrap())
            .unwrap();
        let spot = "paulista players=2 | score 3-4 | dealer 1 vira 4O | seat 0: 1E 6O 7C \
                    | 0:1E 1:3C 1:hidden 0:6O";
        let line = format!(r#"{{"id": 2, "spot": "{spot}", "seed": 1}}"#);
        let a = m.answer(line.as_bytes()).unwrap();
        assert_eq!(a["search"]["searched"], true, "{a}");
        assert!(a["move"]["action"].is_string(), "{a}");
    }
}
