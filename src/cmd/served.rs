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

use truco_query::{Policy, PolicyError};

use super::query::open_policy;

/// A served table and the path it came from.
#[derive(Debug)]
pub struct ServedModel {
    path: PathBuf,
    no_verify: bool,
    current: RwLock<Arc<Policy>>,
    /// The last reopening error reported (so a bad replacement is reported once).
    reported: RwLock<Option<String>>,
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
        })
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
