//! Strategy tables for the truco solver: the file format, its writer and its zero-copy reader.
//!
//! A table maps a 64-bit information-set key (computed by the game crate's abstraction) to the
//! average strategy at that information set: action probabilities quantized to bytes, and
//! optionally one value per action. [`TableWriter`] writes a table atomically; [`Table::open`]
//! maps it with memmap2 and checks it; [`Table::lookup`] finds a key in place, without copying
//! or allocating. The byte layout is in `FORMAT.md`.
//!
//! Unknown keys: [`Table::lookup`] returns `None` (and [`Table::get`] returns
//! [`TableError::UnknownKey`]) for an information set the trainer never reached. The recommender
//! then plays uniformly over the legal actions and flags the answer as a fallback.
//!
//! ```
//! use truco_query::{OpenOptions, Table, TableMeta, TableWriter};
//! let meta = TableMeta {
//!     variant: "arg-1v1".into(),
//!     options: String::new(),
//!     abstraction_id: "example".into(),
//!     abstraction_hash: 42,
//! };
//! let mut w = TableWriter::new(meta);
//! w.push(7, &[0.25f32, 0.75], None).unwrap();
//! let path = std::env::temp_dir().join(format!("doc-{}.tbl", std::process::id()));
//! w.write(&path).unwrap();
//! let table = Table::open(&path, OpenOptions::default()).unwrap();
//! table.expect("arg-1v1", "", "example", 42).unwrap();
//! let row = table.lookup(7).unwrap();
//! assert_eq!(row.probs_u8().collect::<Vec<_>>(), vec![64, 191]);
//! assert!(table.lookup(8).is_none());
//! # std::fs::remove_file(&path).unwrap();
//! ```

#![deny(missing_docs)]

mod error;
mod file;
pub mod format;
mod index;
mod meta;
pub mod policy;
mod postprocess;
pub mod protocol;
mod quantize;
mod reader;
mod rewrite;
mod row;
mod writer;

pub use error::{TableError, WriteError};
pub use file::{open_regular, read_regular, read_regular_text};
pub use meta::TableMeta;
pub use policy::{fallback_probability, ActionOrder, Advice, Policy, PolicyError, Recommendation};
pub use postprocess::{PostProcess, PostProcessError};
pub use reader::{file_kind, regular_file, FileStamp, OpenOptions, Table};
pub use rewrite::{write_post_processed, RewriteError};
pub use row::Row;
pub use writer::{TableWriter, WriteSummary};
