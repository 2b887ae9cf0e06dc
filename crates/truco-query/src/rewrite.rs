//! [`write_post_processed`]: a copy of a table that declares another post-processing step.

use std::fs::File;
use std::io::Write;
use std::path::{Path, PathBuf};

use crate::error::{TableError, WriteError};
use crate::format::Header;
use crate::postprocess::PostProcess;
use crate::reader::{OpenOptions, Table};
use crate::writer::{write_atomically, WriteSummary};

/// Why [`write_post_processed`] failed.
#[derive(Debug, thiserror::Error)]
pub enum RewriteError {
    /// The input table could not be read or is damaged (its checksums are verified).
    #[error("cannot post-process {path}: {source}")]
    Read {
        /// The input table.
        path: PathBuf,
        /// What is wrong with it.
        #[source]
        source: TableError,
    },
    /// The output could not be written (the destination is left as it was).
    #[error(transparent)]
    Write(#[from] WriteError),
}

/// Writes to `dst`, atomically (temporary file, fsync, rename, fsync of the directory), the
/// table at `src` with `post` as its declared post-processing step: the same rows, stored as
/// trained, with only the header changed (so the file keeps its length and its body checksum).
/// `src` is opened with its body checksum verified. `dst` may be `src`.
pub fn write_post_processed(
    src: &Path,
    post: PostProcess,
    dst: &Path,
) -> Result<WriteSummary, RewriteError> {
    let read_err = |source| RewriteError::Read {
        path: src.to_path_buf(),
        source,
    };
    let table = Table::load(src, OpenOptions::default()).map_err(read_err)?;
    let bytes = table.file_bytes();
    let header = Header::decode(bytes).map_err(read_err)?;
    let header_len = header.header_len as usize;
    let encoded = Header { post, ..header }.encode();
    // The step lives in fixed header bytes: the length cannot change.
    debug_assert_eq!(encoded.len(), header_len);
    let written = write_atomically(dst, |tmp| {
        let mut f = File::create(tmp)?;
        f.write_all(&encoded)?;
        f.write_all(&bytes[header_len..])?;
        f.sync_all()?;
        Ok(bytes.len() as u64)
    })?;
    Ok(WriteSummary {
        rows: table.len() as u64,
        actions: table.n_actions(),
        bytes: written,
    })
}
