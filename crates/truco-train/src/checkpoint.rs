//! Training checkpoints: the solver state wrapped with what run it belongs to, checked on load.
//!
//! Layout: `TRUCOCKP` magic, format version (u32 LE), header length (u32 LE), the JSON
//! [`CheckpointHeader`], body length (u64 LE), the body ([`truco_cfr::McSolver::to_bytes`]),
//! and the xxh3-64 of everything before it (u64 LE). Written to `<path>.tmp`, synced, renamed.
//! A table's warm-start sidecar ([`crate::warm`]) uses the same container with its own magic.

use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};
use xxhash_rust::xxh3::xxh3_64;

use crate::error::TrainError;
use crate::history::RunRecord;

/// The magic of a checkpoint file.
pub const MAGIC: &[u8; 8] = b"TRUCOCKP";
const VERSION: u32 = 1;

/// What a checkpoint says about its run.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct CheckpointHeader {
    /// Variant id.
    pub variant: String,
    /// Abstraction id.
    pub abstraction: String,
    /// Abstraction definition hash.
    pub abstraction_hash: u64,
    /// Algorithm name.
    pub algorithm: String,
    /// Iterations done.
    pub iterations: u64,
    /// Training seconds so far (over every resumed segment).
    pub seconds: f64,
    /// Every run that trained the checkpoint, oldest first; `None` in a checkpoint written
    /// before histories were recorded (a resumed run starts its history with
    /// [`RunRecord::unknown`]).
    #[serde(default)]
    pub history: Option<Vec<RunRecord>>,
}

impl CheckpointHeader {
    fn identity(&self) -> String {
        format!(
            "{} / {} ({:016x})",
            self.variant, self.abstraction, self.abstraction_hash
        )
    }
}

fn io(path: &Path) -> impl Fn(std::io::Error) -> TrainError + '_ {
    move |source| TrainError::Io {
        path: path.to_path_buf(),
        source,
    }
}

/// Writes a checkpoint atomically.
pub fn save(path: &Path, header: &CheckpointHeader, body: &[u8]) -> Result<(), TrainError> {
    save_as(MAGIC, path, header, body)
}

/// Writes a file of the checkpoint container with the magic `magic`, atomically.
pub fn save_as(
    magic: &[u8; 8],
    path: &Path,
    header: &CheckpointHeader,
    body: &[u8],
) -> Result<(), TrainError> {
    let head = serde_json::to_vec(header)?;
    let mut bytes = Vec::with_capacity(body.len() + head.len() + 40);
    bytes.extend_from_slice(magic);
    bytes.extend_from_slice(&VERSION.to_le_bytes());
    bytes.extend_from_slice(&(head.len() as u32).to_le_bytes());
    bytes.extend_from_slice(&head);
    bytes.extend_from_slice(&(body.len() as u64).to_le_bytes());
    bytes.extend_from_slice(body);
    let sum = xxh3_64(&bytes);
    bytes.extend_from_slice(&sum.to_le_bytes());
    let mut tmp = path.as_os_str().to_owned();
    tmp.push(".tmp");
    let tmp = PathBuf::from(tmp);
    let written = (|| {
        let mut f = fs::File::create(&tmp)?;
        f.write_all(&bytes)?;
        f.sync_all()
    })();
    if let Err(e) = written {
        // A full disk must not leave a partial temporary file behind.
        let _ = fs::remove_file(&tmp);
        return Err(io(&tmp)(e));
    }
    fs::rename(&tmp, path).map_err(|e| {
        let _ = fs::remove_file(&tmp);
        io(path)(e)
    })
}

/// Reads and checks a checkpoint (a regular file only: a device or a FIFO is refused before
/// it is opened): magic, version, checksum, and that it belongs to a run of
/// `expected` (variant, abstraction id and hash). Returns the header and the solver body.
pub fn load(
    path: &Path,
    expected: &CheckpointHeader,
) -> Result<(CheckpointHeader, Vec<u8>), TrainError> {
    load_as(MAGIC, path, expected)
}

/// [`load`] for a file of the checkpoint container with the magic `magic`.
pub fn load_as(
    magic: &[u8; 8],
    path: &Path,
    expected: &CheckpointHeader,
) -> Result<(CheckpointHeader, Vec<u8>), TrainError> {
    let bytes = truco_query::read_regular(path, u64::MAX).map_err(|e| {
        if e.kind() == std::io::ErrorKind::InvalidInput {
            TrainError::CorruptCheckpoint {
                path: path.to_path_buf(),
                why: e.to_string(),
            }
        } else {
            io(path)(e)
        }
    })?;
    let corrupt = |why: &str| TrainError::CorruptCheckpoint {
        path: path.to_path_buf(),
        why: why.to_string(),
    };
    if bytes.len() < 8 || &bytes[..8] != magic {
        return Err(TrainError::NotACheckpoint {
            path: path.to_path_buf(),
        });
    }
    if bytes.len() < 8 + 4 + 4 + 8 + 8 {
        return Err(corrupt("truncated"));
    }
    let (data, tail) = bytes.split_at(bytes.len() - 8);
    let mut sum = [0u8; 8];
    sum.copy_from_slice(tail);
    if xxh3_64(data) != u64::from_le_bytes(sum) {
        return Err(corrupt("checksum mismatch (damaged or truncated file)"));
    }
    let u32_at = |i: usize| {
        let mut b = [0u8; 4];
        b.copy_from_slice(&data[i..i + 4]);
        u32::from_le_bytes(b)
    };
    let version = u32_at(8);
    if version != VERSION {
        return Err(corrupt(&format!(
            "format version {version}, expected {VERSION}"
        )));
    }
    let head_len = u32_at(12) as usize;
    let head_end = 16usize.saturating_add(head_len);
    if head_end.saturating_add(8) > data.len() {
        return Err(corrupt("header length out of range"));
    }
    let header: CheckpointHeader = serde_json::from_slice(&data[16..head_end])
        .map_err(|e| corrupt(&format!("header: {e}")))?;
    let mut len = [0u8; 8];
    len.copy_from_slice(&data[head_end..head_end + 8]);
    let body_len = u64::from_le_bytes(len) as usize;
    if head_end + 8 + body_len != data.len() {
        return Err(corrupt("body length mismatch"));
    }
    if header.identity() != expected.identity() {
        return Err(TrainError::CheckpointMismatch {
            path: path.to_path_buf(),
            expected: expected.identity(),
            found: header.identity(),
        });
    }
    Ok((header, data[head_end + 8..].to_vec()))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn header(variant: &str) -> CheckpointHeader {
        CheckpointHeader {
            variant: variant.into(),
            abstraction: "arg-1v1-tiers-v1".into(),
            abstraction_hash: 7,
            algorithm: "es-mccfr".into(),
            iterations: 10,
            seconds: 1.5,
            history: Some(vec![RunRecord::new("truco train", (0, 10), 1.5, 1)]),
        }
    }

    /// The bytes of a checkpoint whose header JSON is `head` (as `save` lays them out).
    fn raw(head: &[u8], body: &[u8]) -> Vec<u8> {
        let mut bytes = MAGIC.to_vec();
        bytes.extend_from_slice(&VERSION.to_le_bytes());
        bytes.extend_from_slice(&(head.len() as u32).to_le_bytes());
        bytes.extend_from_slice(head);
        bytes.extend_from_slice(&(body.len() as u64).to_le_bytes());
        bytes.extend_from_slice(body);
        let sum = xxh3_64(&bytes);
        bytes.extend_from_slice(&sum.to_le_bytes());
        bytes
    }

    /// A checkpoint written before histories (no `history` in its header) still loads, with
    /// no history; a truncated file and a damaged header are typed errors that say what is
    /// wrong.
    #[test]
    fn old_headers_load_and_damage_is_named() {
        let dir = std::env::temp_dir().join(format!("truco-train-old-ck-{}", std::process::id()));
        fs::create_dir_all(&dir).unwrap();
        let path = dir.join("old.ckpt");
        let old = r#"{"variant":"arg-1v1","abstraction":"arg-1v1-tiers-v1","abstraction_hash":7,"algorithm":"es-mccfr","iterations":10,"seconds":1.5}"#;
        fs::write(&path, raw(old.as_bytes(), b"body")).unwrap();
        let (h, body) = load(&path, &header("arg-1v1")).unwrap();
        assert_eq!(
            (h.iterations, h.history, body.as_slice()),
            (10, None, &b"body"[..])
        );
        let bytes = raw(b"{\"variant\": 3}", b"body");
        fs::write(&path, &bytes).unwrap();
        let e = load(&path, &header("arg-1v1")).unwrap_err().to_string();
        assert!(e.contains("corrupt checkpoint: header"), "{e}");
        fs::write(&path, &bytes[..bytes.len() - 3]).unwrap();
        let e = load(&path, &header("arg-1v1")).unwrap_err().to_string();
        assert!(e.contains("checksum mismatch"), "{e}");
        fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn round_trip_and_refusals() {
        let dir = std::env::temp_dir().join(format!("truco-train-ck-{}", std::process::id()));
        fs::create_dir_all(&dir).unwrap();
        let path = dir.join("a.ckpt");
        save(&path, &header("arg-1v1"), b"body").unwrap();
        let (h, body) = load(&path, &header("arg-1v1")).unwrap();
        assert_eq!((h, body.as_slice()), (header("arg-1v1"), &b"body"[..]));
        // Another variant.
        let e = load(&path, &header("arg-1v1-mini")).unwrap_err();
        assert!(matches!(e, TrainError::CheckpointMismatch { .. }), "{e}");
        assert!(e.to_string().contains("arg-1v1-mini"));
        // A flipped byte.
        let mut bytes = fs::read(&path).unwrap();
        bytes[20] ^= 1;
        fs::write(&path, &bytes).unwrap();
        let e = load(&path, &header("arg-1v1")).unwrap_err();
        assert!(matches!(e, TrainError::CorruptCheckpoint { .. }), "{e}");
        // Not a checkpoint at all.
        fs::write(&path, b"hello world, this is not it").unwrap();
        let e = load(&path, &header("arg-1v1")).unwrap_err();
        assert!(matches!(e, TrainError::NotACheckpoint { .. }), "{e}");
        fs::remove_dir_all(&dir).unwrap();
    }
}
