//! [`TableWriter`]: collects rows in any order, quantizes them, and writes a table atomically.

use std::fs::{self, File};
use std::io::{self, BufWriter, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};

use xxhash_rust::xxh3::Xxh3Default;

use crate::error::WriteError;
use crate::format::{
    block_count, counts_len, header_len_for, pad8, Header, Section, Span, BLOCK_SHIFT,
    FLAG_NIBBLE_COUNTS, FLAG_VALUES, MAX_ACTIONS, MAX_NIBBLE_ACTIONS, SECTION_COUNT,
};
use crate::index::RadixParams;
use crate::meta::TableMeta;
use crate::postprocess::PostProcess;
use crate::quantize::{quantize, QuantizeError};

/// Largest stored magnitude of a scaled value.
const VALUE_MAX: f32 = i16::MAX as f32;

/// Collects rows (key, action probabilities, optional per-action values) and writes a table.
///
/// Rows may come in any order; probabilities are normalized and quantized to bytes as they are
/// pushed, so memory stays near the size of the final file.
#[derive(Debug)]
pub struct TableWriter {
    meta: TableMeta,
    post: PostProcess,
    keys: Vec<u64>,
    counts_m1: Vec<u8>,
    starts: Vec<u64>,
    probs: Vec<u8>,
    values: Vec<f32>,
    has_values: Option<bool>,
    max_abs_value: f32,
    scratch_p: Vec<f64>,
    scratch_q: Vec<u8>,
    scratch_f: Vec<f64>,
}

/// What [`TableWriter::write`] wrote.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct WriteSummary {
    /// Number of rows (information sets).
    pub rows: u64,
    /// Total number of actions.
    pub actions: u64,
    /// File size in bytes.
    pub bytes: u64,
}

impl TableWriter {
    /// A writer for a table with this metadata.
    pub fn new(meta: TableMeta) -> Self {
        TableWriter {
            meta,
            post: PostProcess::None,
            keys: Vec::new(),
            counts_m1: Vec::new(),
            starts: Vec::new(),
            probs: Vec::new(),
            values: Vec::new(),
            has_values: None,
            max_abs_value: 0.0,
            scratch_p: Vec::new(),
            scratch_q: Vec::new(),
            scratch_f: Vec::new(),
        }
    }

    /// Declares a post-processing step in the header: readers apply it to every row they
    /// serve (the rows are stored as trained). Default: [`PostProcess::None`].
    pub fn set_post_process(&mut self, post: PostProcess) {
        self.post = post;
    }

    /// Number of rows pushed so far.
    pub fn len(&self) -> usize {
        self.keys.len()
    }

    /// Whether no row was pushed yet.
    pub fn is_empty(&self) -> bool {
        self.keys.is_empty()
    }

    /// Adds one row: `probs` are non-negative weights (normalized here), one per action in the
    /// game's action order; `values`, if given, has one value per action. Either every row has
    /// values or none does. Duplicate keys are reported by [`TableWriter::write`].
    pub fn push<T: Copy + Into<f64>>(
        &mut self,
        key: u64,
        probs: &[T],
        values: Option<&[T]>,
    ) -> Result<(), WriteError> {
        let n = probs.len();
        if n == 0 {
            return Err(WriteError::EmptyRow { key });
        }
        if n > MAX_ACTIONS {
            return Err(WriteError::TooManyActions {
                key,
                count: n,
                max: MAX_ACTIONS,
            });
        }
        if self.has_values.is_some_and(|h| h != values.is_some()) {
            return Err(WriteError::MixedValues { key });
        }
        if let Some(v) = values {
            if v.len() != n {
                return Err(WriteError::ValuesLength {
                    key,
                    expected: n,
                    found: v.len(),
                });
            }
            for (index, &x) in v.iter().enumerate() {
                let x: f64 = x.into();
                if !(x as f32).is_finite() {
                    return Err(WriteError::BadValue {
                        key,
                        index,
                        value: x,
                    });
                }
            }
        }
        self.scratch_p.clear();
        self.scratch_p.extend(probs.iter().map(|&p| p.into()));
        self.scratch_q.resize(n, 0);
        self.scratch_f.resize(n, 0.0);
        quantize(&self.scratch_p, &mut self.scratch_q, &mut self.scratch_f).map_err(
            |e| match e {
                QuantizeError::Bad(index, value) => {
                    WriteError::BadProbability { key, index, value }
                }
                QuantizeError::ZeroSum => WriteError::ZeroSum { key },
            },
        )?;
        if let Some(v) = values {
            for &x in v {
                let x = x.into() as f32;
                self.max_abs_value = self.max_abs_value.max(x.abs());
                self.values.push(x);
            }
        }
        self.has_values = Some(values.is_some());
        self.keys.push(key);
        self.counts_m1.push((n - 1) as u8);
        self.starts.push(self.probs.len() as u64);
        self.probs.extend_from_slice(&self.scratch_q[..n - 1]);
        Ok(())
    }

    /// Sorts the rows, builds the index and writes the table to `path` atomically: a temporary
    /// file in the same directory, fsync, rename over `path`, fsync of the directory.
    pub fn write(&self, path: &Path) -> Result<WriteSummary, WriteError> {
        let n = self.keys.len();
        if n as u64 > u32::MAX as u64 {
            return Err(WriteError::TooManyRows { count: n as u64 });
        }
        for (field, s) in [
            ("variant", &self.meta.variant),
            ("options", &self.meta.options),
            ("abstraction id", &self.meta.abstraction_id),
        ] {
            if s.len() > u16::MAX as usize {
                return Err(WriteError::StringTooLong {
                    field,
                    len: s.len(),
                });
            }
        }
        let mut order: Vec<u32> = (0..n as u32).collect();
        order.sort_unstable_by_key(|&i| self.keys[i as usize]);
        for w in order.windows(2) {
            if self.keys[w[0] as usize] == self.keys[w[1] as usize] {
                return Err(WriteError::DuplicateKey {
                    key: self.keys[w[0] as usize],
                });
            }
        }
        let bytes = write_atomically(path, |tmp| self.write_to(tmp, &order))?;
        Ok(WriteSummary {
            rows: n as u64,
            actions: (self.probs.len() + n) as u64,
            bytes,
        })
    }

    /// Writes the whole file to `tmp` and syncs it; returns its length.
    fn write_to(&self, tmp: &Path, order: &[u32]) -> io::Result<u64> {
        let n = order.len() as u64;
        let n_actions = self.probs.len() as u64 + n;
        let nibbles = self
            .counts_m1
            .iter()
            .all(|&c| (c as usize) < MAX_NIBBLE_ACTIONS);
        let has_values = self.has_values == Some(true);
        let sorted_key = |r: usize| self.keys[order[r] as usize];
        let radix = match (order.first(), order.last()) {
            (Some(&a), Some(&b)) => {
                RadixParams::choose(n, self.keys[a as usize], self.keys[b as usize])
            }
            _ => RadixParams::choose(0, 0, 0),
        };
        let strings_len =
            self.meta.variant.len() + self.meta.options.len() + self.meta.abstraction_id.len();
        let header_len = header_len_for(strings_len) as u64;
        let lengths: [u64; SECTION_COUNT] = [
            4 * (radix.buckets() + 1),
            8 * n,
            8 * block_count(n),
            counts_len(n, nibbles),
            n_actions - n,
            if has_values { 2 * n_actions } else { 0 },
        ];
        let mut sections = [Span::default(); SECTION_COUNT];
        let mut at = header_len;
        for (s, &len) in sections.iter_mut().zip(lengths.iter()) {
            *s = Span { offset: at, len };
            at += pad8(len);
        }
        let body_len = at - header_len;
        let value_scale = if self.max_abs_value > 0.0 {
            self.max_abs_value / VALUE_MAX
        } else {
            0.0
        };

        let file = File::create(tmp)?;
        let mut w = HashingWriter {
            inner: BufWriter::with_capacity(1 << 20, file),
            hasher: Xxh3Default::new(),
            written: 0,
        };
        w.inner.write_all(&vec![0u8; header_len as usize])?;
        for section in Section::ALL {
            match section {
                Section::Index => {
                    let mut row = 0u64;
                    for b in 0..=radix.buckets() {
                        while row < n && radix.bucket(sorted_key(row as usize)) < b {
                            row += 1;
                        }
                        w.write(&(row as u32).to_le_bytes())?;
                    }
                }
                Section::Keys => {
                    for r in 0..n as usize {
                        w.write(&sorted_key(r).to_le_bytes())?;
                    }
                }
                Section::Bases => {
                    let mut stored = 0u64;
                    for (r, &i) in order.iter().enumerate() {
                        if r & ((1 << BLOCK_SHIFT) - 1) == 0 {
                            w.write(&stored.to_le_bytes())?;
                        }
                        stored += self.counts_m1[i as usize] as u64;
                    }
                }
                Section::Counts => {
                    if nibbles {
                        for pair in order.chunks(2) {
                            let lo = self.counts_m1[pair[0] as usize];
                            let hi = pair.get(1).map_or(0, |&i| self.counts_m1[i as usize]);
                            w.write(&[lo | (hi << 4)])?;
                        }
                    } else {
                        for &i in order {
                            w.write(&[self.counts_m1[i as usize]])?;
                        }
                    }
                }
                Section::Probs => {
                    for &i in order {
                        let s = self.starts[i as usize] as usize;
                        let c = self.counts_m1[i as usize] as usize;
                        w.write(&self.probs[s..s + c])?;
                    }
                }
                Section::Values => {
                    if has_values {
                        for &i in order {
                            let s = self.starts[i as usize] as usize + i as usize;
                            let c = self.counts_m1[i as usize] as usize + 1;
                            for &v in &self.values[s..s + c] {
                                let q = if value_scale > 0.0 {
                                    (v / value_scale).round().clamp(-VALUE_MAX, VALUE_MAX) as i16
                                } else {
                                    0
                                };
                                w.write(&q.to_le_bytes())?;
                            }
                        }
                    }
                }
            }
            let pad = (8 - w.written % 8) % 8;
            w.write(&[0u8; 8][..pad as usize])?;
        }
        debug_assert_eq!(w.written, body_len);
        let header = Header {
            flags: if has_values { FLAG_VALUES } else { 0 }
                | if nibbles { FLAG_NIBBLE_COUNTS } else { 0 },
            header_len: header_len as u32,
            value_scale,
            n_rows: n,
            n_actions,
            abstraction_hash: self.meta.abstraction_hash,
            radix_bits: radix.bits,
            radix_shift: radix.shift,
            radix_base: radix.base,
            body_len,
            body_checksum: w.hasher.digest(),
            sections,
            variant: self.meta.variant.clone(),
            options: self.meta.options.clone(),
            abstraction_id: self.meta.abstraction_id.clone(),
            post: self.post,
        };
        let mut file = w.inner.into_inner().map_err(|e| e.into_error())?;
        file.seek(SeekFrom::Start(0))?;
        file.write_all(&header.encode())?;
        file.sync_all()?;
        Ok(header_len + body_len)
    }
}

/// Writes a file at `path` atomically: `write` fills and syncs a temporary file in the same
/// directory (`.{name}.{pid}.tmp`, returning its length), which is then renamed over `path`,
/// and the directory synced. Temporaries left by killed writers of the same name are removed
/// first; on failure the temporary is removed and `path` is untouched.
pub(crate) fn write_atomically(
    path: &Path,
    write: impl FnOnce(&Path) -> io::Result<u64>,
) -> Result<u64, WriteError> {
    let dir = match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
        _ => PathBuf::from("."),
    };
    let name = path
        .file_name()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_else(|| "table".into());
    remove_stale_temporaries(&dir, &name);
    let tmp = dir.join(format!(".{name}.{}.tmp", std::process::id()));
    let io_err = |p: &Path| {
        let p = p.to_path_buf();
        move |source| WriteError::Io { path: p, source }
    };
    let bytes = match write(&tmp) {
        Ok(b) => b,
        Err(e) => {
            let _ = fs::remove_file(&tmp);
            return Err(io_err(&tmp)(e));
        }
    };
    if let Err(e) = fs::rename(&tmp, path) {
        let _ = fs::remove_file(&tmp);
        return Err(io_err(path)(e));
    }
    // Make the rename durable; some filesystems refuse to sync a directory, which is harmless.
    if let Ok(d) = File::open(&dir) {
        let _ = d.sync_all();
    }
    Ok(bytes)
}

/// A buffered writer that hashes and counts the body bytes as they go out.
struct HashingWriter {
    inner: BufWriter<File>,
    hasher: Xxh3Default,
    written: u64,
}

impl HashingWriter {
    fn write(&mut self, bytes: &[u8]) -> io::Result<()> {
        self.hasher.update(bytes);
        self.written += bytes.len() as u64;
        self.inner.write_all(bytes)
    }
}

/// Removes the temporary files `.{name}.{pid}.tmp` in `dir` left by writers of the same
/// table that were killed while writing (their process is gone); a live writer's file is kept.
fn remove_stale_temporaries(dir: &Path, name: &str) {
    let Ok(entries) = fs::read_dir(dir) else {
        return;
    };
    let prefix = format!(".{name}.");
    for entry in entries.flatten() {
        let file = entry.file_name();
        let Some(pid) = file
            .to_str()
            .and_then(|f| f.strip_prefix(&prefix))
            .and_then(|rest| rest.strip_suffix(".tmp"))
            .and_then(|pid| pid.parse::<u32>().ok())
        else {
            continue;
        };
        if pid != std::process::id() && !process_alive(pid) {
            let _ = fs::remove_file(entry.path());
        }
    }
}

/// Whether a process with this id runs (on other systems than Unix: assumed so).
fn process_alive(pid: u32) -> bool {
    #[cfg(unix)]
    {
        let Ok(pid) = libc::pid_t::try_from(pid) else {
            return false;
        };
        // SAFETY: signal 0 only checks that the process exists and may be signalled.
        let r = unsafe { libc::kill(pid, 0) };
        r == 0 || std::io::Error::last_os_error().raw_os_error() != Some(libc::ESRCH)
    }
    #[cfg(not(unix))]
    {
        let _ = pid;
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn meta() -> TableMeta {
        TableMeta {
            variant: "arg-1v1".into(),
            options: String::new(),
            abstraction_id: "test".into(),
            abstraction_hash: 1,
        }
    }

    #[test]
    fn refuses_bad_rows() {
        let mut w = TableWriter::new(meta());
        assert!(matches!(
            w.push::<f32>(1, &[], None),
            Err(WriteError::EmptyRow { key: 1 })
        ));
        assert!(matches!(
            w.push(2, &[0.5f32, -1.0], None),
            Err(WriteError::BadProbability {
                key: 2,
                index: 1,
                ..
            })
        ));
        assert!(matches!(
            w.push(3, &[0.0f64, 0.0], None),
            Err(WriteError::ZeroSum { key: 3 })
        ));
        assert!(matches!(
            w.push(4, &[1.0f32; 257], None),
            Err(WriteError::TooManyActions { count: 257, .. })
        ));
        assert!(w.is_empty());
        w.push(5, &[1.0f32, 2.0], Some(&[0.5, 0.25][..])).unwrap();
        assert!(matches!(
            w.push(6, &[1.0f32], None),
            Err(WriteError::MixedValues { key: 6 })
        ));
        assert!(matches!(
            w.push(7, &[1.0f32], Some(&[1.0, 2.0][..])),
            Err(WriteError::ValuesLength {
                expected: 1,
                found: 2,
                ..
            })
        ));
        assert!(matches!(
            w.push(8, &[1.0f64], Some(&[f64::INFINITY][..])),
            Err(WriteError::BadValue { key: 8, .. })
        ));
        assert_eq!(w.len(), 1);
    }

    #[test]
    fn refuses_duplicate_keys() {
        let mut w = TableWriter::new(meta());
        w.push(9, &[1.0f32], None).unwrap();
        w.push(3, &[1.0f32], None).unwrap();
        w.push(9, &[1.0f32, 1.0], None).unwrap();
        let path = std::env::temp_dir().join(format!("tq-dup-{}.tbl", std::process::id()));
        assert!(matches!(
            w.write(&path),
            Err(WriteError::DuplicateKey { key: 9 })
        ));
        assert!(!path.exists());
    }
}
