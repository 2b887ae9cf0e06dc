//! Reading input files: the whole text with a typed error naming the file.

use std::path::Path;

use crate::error::PlotError;

/// Longest input file read, in bytes (a training log of years is far shorter).
pub const MAX_INPUT: u64 = 1 << 30;

/// The text of `path` (a regular file of at most [`MAX_INPUT`] bytes: a device or a FIFO is
/// refused at once).
pub fn read(path: &Path) -> Result<String, PlotError> {
    truco_query::read_regular_text(path, MAX_INPUT).map_err(|source| PlotError::Io {
        path: path.to_path_buf(),
        source,
    })
}

/// A field error at `line` of `path`.
pub fn field(path: &Path, line: usize, message: impl Into<String>) -> PlotError {
    PlotError::Field {
        path: path.to_path_buf(),
        line,
        message: message.into(),
    }
}

/// The numeric field `name` of a JSON object.
pub fn number(
    v: &serde_json::Value,
    name: &str,
    path: &Path,
    line: usize,
) -> Result<f64, PlotError> {
    v.get(name)
        .and_then(serde_json::Value::as_f64)
        .ok_or_else(|| field(path, line, format!("missing or non-numeric field `{name}`")))
}
