//! Reading input files: the whole text with a typed error naming the file.

use std::path::Path;

use crate::error::PlotError;

/// The text of `path`.
pub fn read(path: &Path) -> Result<String, PlotError> {
    std::fs::read_to_string(path).map_err(|source| PlotError::Io {
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
