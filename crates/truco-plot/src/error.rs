//! [`PlotError`]: why a chart could not be read or drawn.

use std::path::PathBuf;

use thiserror::Error;

/// Why plotting failed.
#[derive(Debug, Error)]
pub enum PlotError {
    /// A file could not be read or written.
    #[error("{path}: {source}")]
    Io {
        /// The file.
        path: PathBuf,
        /// The cause.
        source: std::io::Error,
    },
    /// A JSON document or line is malformed.
    #[error("{path}:{line}: malformed JSON: {source}")]
    Json {
        /// The file.
        path: PathBuf,
        /// Its 1-based line (1 for a whole-file document).
        line: usize,
        /// The parser's message.
        source: serde_json::Error,
    },
    /// A line or document parses but lacks a needed field or has a wrong one.
    #[error("{path}:{line}: {message}")]
    Field {
        /// The file.
        path: PathBuf,
        /// Its 1-based line.
        line: usize,
        /// What is wrong.
        message: String,
    },
    /// A CSV line is malformed.
    #[error("{path}:{line}: {message}")]
    Csv {
        /// The file.
        path: PathBuf,
        /// Its 1-based line.
        line: usize,
        /// What is wrong.
        message: String,
    },
    /// The input has nothing to plot.
    #[error("{path}: nothing to plot ({why})")]
    Empty {
        /// The file.
        path: PathBuf,
        /// Why.
        why: String,
    },
    /// No input was given.
    #[error("no input: give --log, --eval or --curve")]
    NoInput,
    /// The bundled font could not be loaded.
    #[error("the bundled font could not be loaded")]
    Font,
    /// The drawing backend failed.
    #[error("drawing {path}: {message}")]
    Draw {
        /// The output file.
        path: PathBuf,
        /// The backend's message.
        message: String,
    },
}
