//! [`Table`]: opens a table file with memmap2 ([`Table::open`]) or reads a private copy of it
//! ([`Table::load`]), and answers key lookups in place.

use std::fs::File;
use std::io::Read;
use std::ops::Range;
use std::path::Path;

use memmap2::{Advice, Mmap};

use crate::error::TableError;
use crate::format::{checksum, Header, Section, BLOCK_SHIFT, FIXED_LEN, SECTION_COUNT};
use crate::index::{count_prefix, RadixParams};
use crate::meta::TableMeta;
use crate::postprocess::PostProcess;
use crate::row::Row;

/// How to open a table.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct OpenOptions {
    /// Check the body checksum at open (reads the whole file once). The header, its checksum and
    /// every section bound are always checked; without this, a corrupted body can give wrong
    /// answers (never a panic).
    pub verify_checksum: bool,
}

impl Default for OpenOptions {
    fn default() -> Self {
        OpenOptions {
            verify_checksum: true,
        }
    }
}

/// A strategy table mapped in memory ([`Table::open`]) or copied into private memory
/// ([`Table::load`]). Lookups read the bytes in place.
///
/// A private copy cannot change or fault whatever is later done to the file (the choice of a
/// long-running server). A mapped file must not be modified while it is mapped (the writer
/// never does: it renames a new file over the old name, which leaves existing mappings
/// intact). Replace a table by writing a new file and renaming it over the old name; a server
/// notices the rename with [`Table::is_at`] (or compares [`Table::stamp`] with
/// [`FileStamp::at`]) and reopens. A mapped file changed in place is detected by
/// [`Table::changed_in_place`] (its length or modification time moved since it was opened).
#[derive(Debug)]
pub struct Table {
    bytes: Bytes,
    /// What the file was when mapped or copied (for [`Table::changed_in_place`]).
    opened: FileStamp,
    meta: TableMeta,
    n_rows: usize,
    n_actions: u64,
    radix: RadixParams,
    nibbles: bool,
    value_scale: f32,
    body: Range<usize>,
    body_checksum: u64,
    sections: [Range<usize>; SECTION_COUNT],
    /// The declared post-processing step, applied to every row served.
    post: PostProcess,
    /// The step's smallest kept byte (see `PostProcess::keep_min`).
    keep_min: u16,
}

impl Table {
    /// Opens and checks a table: magic, version, key width, flags, header checksum, file length,
    /// section bounds and lengths, and (if `opts.verify_checksum`) the body checksum.
    pub fn open(path: impl AsRef<Path>, opts: OpenOptions) -> Result<Table, TableError> {
        let path = path.as_ref();
        let io = |source| TableError::Io {
            path: path.to_path_buf(),
            source,
        };
        // Checked before opening (opening a FIFO blocks, reading a device never ends), and
        // opened without blocking and checked again (a FIFO swapped in meanwhile).
        regular_file(path)?;
        let file = crate::file::open_regular(path).map_err(io)?;
        let meta = file.metadata().map_err(io)?;
        if !meta.is_file() {
            return Err(TableError::NotAFile {
                path: path.to_path_buf(),
                kind: file_kind(&meta.file_type()),
            });
        }
        let len = meta.len();
        if len == 0 {
            return Err(TableError::Empty {
                path: path.to_path_buf(),
            });
        }
        if len < (FIXED_LEN + 8) as u64 {
            // Too short for a header: decode it from a copy (bounded by the length the file
            // had), which always fails with the right error.
            let mut bytes = Vec::new();
            file.take(len).read_to_end(&mut bytes).map_err(io)?;
            return match Header::decode(&bytes) {
                Err(e) => Err(e),
                Ok(_) => Err(TableError::Truncated {
                    expected: (FIXED_LEN + 8) as u64,
                    actual: bytes.len() as u64,
                }),
            };
        }
        // SAFETY: the mapping is read-only and lives as long as the `Table`. Tables are replaced
        // by rename, never rewritten in place; a file truncated by another process while mapped
        // would fault, which no reader of a mapped file can prevent ([`Table::load`] can).
        let map = unsafe { Mmap::map(&file) }.map_err(io)?;
        let opened = FileStamp::of(&meta);
        Self::from_bytes(Bytes::Mapped { map, file }, opened, opts)
    }

    /// Opens and checks a table like [`Table::open`], from a private copy of the file read
    /// with `read(2)` (never mapped): nothing later done to the file (overwritten, truncated,
    /// copied or renamed over) can change the table or fault a lookup. Costs the file's length
    /// in memory. A file whose length, modification or change time moved while it was read is
    /// refused (its bytes may mix two versions).
    pub fn load(path: impl AsRef<Path>, opts: OpenOptions) -> Result<Table, TableError> {
        let path = path.as_ref();
        let io = |source| TableError::Io {
            path: path.to_path_buf(),
            source,
        };
        regular_file(path)?;
        let mut file = crate::file::open_regular(path).map_err(io)?;
        let meta = file.metadata().map_err(io)?;
        if !meta.is_file() {
            return Err(TableError::NotAFile {
                path: path.to_path_buf(),
                kind: file_kind(&meta.file_type()),
            });
        }
        let before = FileStamp::of(&meta);
        if before.len == 0 {
            return Err(TableError::Empty {
                path: path.to_path_buf(),
            });
        }
        let len = usize::try_from(before.len).map_err(|_| {
            io(std::io::Error::new(
                std::io::ErrorKind::OutOfMemory,
                "the file does not fit in memory",
            ))
        })?;
        let mut bytes = Vec::new();
        bytes.try_reserve_exact(len).map_err(|_| {
            io(std::io::Error::new(
                std::io::ErrorKind::OutOfMemory,
                "no memory for a copy of the file",
            ))
        })?;
        (&mut file)
            .take(before.len)
            .read_to_end(&mut bytes)
            .map_err(io)?;
        let after = FileStamp::of(&file.metadata().map_err(io)?);
        if after != before || bytes.len() != len {
            return Err(io(std::io::Error::other(
                "the file changed while it was read",
            )));
        }
        if len < FIXED_LEN + 8 {
            return match Header::decode(&bytes) {
                Err(e) => Err(e),
                Ok(_) => Err(TableError::Truncated {
                    expected: (FIXED_LEN + 8) as u64,
                    actual: len as u64,
                }),
            };
        }
        Self::from_bytes(Bytes::Owned(bytes.into_boxed_slice()), before, opts)
    }

    /// What the file was when this table was mapped or copied: compare it with
    /// [`FileStamp::at`] of the path to see whether the path still holds those bytes.
    pub fn stamp(&self) -> FileStamp {
        self.opened
    }

    /// Whether the file at `path` is still the one this table mapped (not renamed over or
    /// removed). Reads only metadata.
    pub fn is_at(&self, path: &Path) -> bool {
        match std::fs::metadata(path) {
            Ok(m) => FileStamp::of(&m).same_file(&self.opened),
            Err(_) => false,
        }
    }

    /// What changed in the mapped file since it was opened, if anything: it was truncated or
    /// extended, or written in place (its modification time moved). A table whose file changed
    /// must not be read any more (answers could be wrong, or a truncated mapping fault).
    /// A private copy ([`Table::load`]) never changes: `None`.
    pub fn changed_in_place(&self) -> Option<&'static str> {
        let Bytes::Mapped { file, .. } = &self.bytes else {
            return None;
        };
        let now = match file.metadata() {
            Ok(m) => FileStamp::of(&m),
            Err(_) => return Some("its metadata cannot be read"),
        };
        if now.len != self.opened.len {
            Some("its length changed")
        } else if now.modified != self.opened.modified {
            Some("it was written to")
        } else {
            None
        }
    }

    fn from_bytes(bytes: Bytes, opened: FileStamp, opts: OpenOptions) -> Result<Table, TableError> {
        if let Bytes::Mapped { map, .. } = &bytes {
            // Lookups touch a few scattered pages: ask the kernel not to read around each page
            // fault (read-ahead can be megabytes per fault). Advisory only: a refusal is ignored.
            let _ = map.advise(Advice::Random);
        }
        let map: &[u8] = &bytes;
        let h = Header::decode(map)?;
        h.check_layout(map.len() as u64)?;
        let to_usize = |v: u64| {
            usize::try_from(v)
                .map_err(|_| TableError::corrupted("header", format!("{v} does not fit in memory")))
        };
        let mut sections: [Range<usize>; SECTION_COUNT] = Default::default();
        for (r, s) in sections.iter_mut().zip(h.sections.iter()) {
            let start = to_usize(s.offset)?;
            *r = start..start + to_usize(s.len)?;
        }
        if opts.verify_checksum {
            let computed = checksum(&map[h.header_len as usize..]);
            if computed != h.body_checksum {
                return Err(TableError::ChecksumMismatch {
                    region: "body",
                    stored: h.body_checksum,
                    computed,
                });
            }
        }
        Ok(Table {
            n_rows: to_usize(h.n_rows)?,
            n_actions: h.n_actions,
            radix: RadixParams {
                bits: h.radix_bits,
                shift: h.radix_shift,
                base: h.radix_base,
            },
            nibbles: h.nibble_counts(),
            value_scale: h.value_scale,
            body: h.header_len as usize..map.len(),
            body_checksum: h.body_checksum,
            meta: TableMeta {
                variant: h.variant,
                options: h.options,
                abstraction_id: h.abstraction_id,
                abstraction_hash: h.abstraction_hash,
            },
            sections,
            bytes,
            opened,
            keep_min: h.post.keep_min(),
            post: h.post,
        })
    }

    /// The post-processing step the table declares ([`PostProcess::None`] for a table without
    /// one, e.g. any written before the field existed). Every row [`Table::lookup`] serves has
    /// it applied; [`Row::trained`] gives the row as trained.
    pub fn post_process(&self) -> PostProcess {
        self.post
    }

    /// What the table was trained for.
    pub fn meta(&self) -> &TableMeta {
        &self.meta
    }

    /// Number of rows (information sets).
    pub fn len(&self) -> usize {
        self.n_rows
    }

    /// Whether the table has no row.
    pub fn is_empty(&self) -> bool {
        self.n_rows == 0
    }

    /// Total number of actions over all rows.
    pub fn n_actions(&self) -> u64 {
        self.n_actions
    }

    /// Whether the table stores per-action values.
    pub fn has_values(&self) -> bool {
        !self.sections[Section::Values as usize].is_empty()
    }

    /// The whole file's bytes, header included.
    pub(crate) fn file_bytes(&self) -> &[u8] {
        &self.bytes
    }

    /// Size of the mapped file in bytes.
    pub fn file_len(&self) -> usize {
        self.bytes.len()
    }

    /// Refuses the table unless it was written for this variant and options and with this
    /// abstraction (id and definition hash); the error names both sides.
    pub fn expect(
        &self,
        variant: &str,
        options: &str,
        abstraction_id: &str,
        abstraction_hash: u64,
    ) -> Result<(), TableError> {
        let m = &self.meta;
        if m.variant != variant || m.options != options {
            return Err(TableError::WrongVariant {
                expected_variant: variant.into(),
                expected_options: options.into(),
                found_variant: m.variant.clone(),
                found_options: m.options.clone(),
            });
        }
        if m.abstraction_id != abstraction_id || m.abstraction_hash != abstraction_hash {
            return Err(TableError::WrongAbstraction {
                expected_id: abstraction_id.into(),
                expected_hash: abstraction_hash,
                found_id: m.abstraction_id.clone(),
                found_hash: m.abstraction_hash,
            });
        }
        Ok(())
    }

    /// [`Table::expect`] with the fields of `meta`.
    pub fn expect_meta(&self, meta: &TableMeta) -> Result<(), TableError> {
        self.expect(
            &meta.variant,
            &meta.options,
            &meta.abstraction_id,
            meta.abstraction_hash,
        )
    }

    /// Asks the kernel to read the whole file into the page cache in the background
    /// (`MADV_WILLNEED`), for a server that wants every lookup warm. Advisory: errors are
    /// returned but harmless.
    pub fn prefetch(&self) -> std::io::Result<()> {
        match &self.bytes {
            Bytes::Mapped { map, .. } => map.advise(Advice::WillNeed),
            Bytes::Owned(_) => Ok(()),
        }
    }

    /// Checks the body checksum now (for a table opened without verification).
    pub fn verify(&self) -> Result<(), TableError> {
        let body = self.bytes.get(self.body.clone()).unwrap_or(&[]);
        let stored = self.body_checksum;
        let computed = checksum(body);
        if computed != stored {
            return Err(TableError::ChecksumMismatch {
                region: "body",
                stored,
                computed,
            });
        }
        Ok(())
    }

    /// The row for `key`, or `None` if the table never saw it. A row found inconsistent (only
    /// possible in a corrupted table opened without checksum verification) is also `None`; use
    /// [`Table::try_lookup`] to tell the two apart.
    #[inline]
    pub fn lookup(&self, key: u64) -> Option<Row<'_>> {
        self.try_lookup(key).ok().flatten()
    }

    /// The row for `key`, or [`TableError::UnknownKey`] if the table never saw it.
    pub fn get(&self, key: u64) -> Result<Row<'_>, TableError> {
        self.try_lookup(key)?.ok_or(TableError::UnknownKey { key })
    }

    /// The row for `key`: `Ok(None)` if absent, an error if the bytes are inconsistent.
    #[inline]
    pub fn try_lookup(&self, key: u64) -> Result<Option<Row<'_>>, TableError> {
        let Some((lo, hi)) = self.bucket(key)? else {
            return Ok(None);
        };
        // Read the offset of the bucket's first row before searching the keys: these loads do
        // not depend on the search, so their cache misses overlap it, and the row found is
        // usually in the same block of 64 rows.
        let block = lo >> BLOCK_SHIFT;
        let early = self.offset_in_block(block, lo);
        let Some(row) = self.find(key, lo, hi)? else {
            return Ok(None);
        };
        let (start, own) = match early {
            Some(base) if row >> BLOCK_SHIFT == block => {
                let (more, own) =
                    count_prefix(self.section(Section::Counts), self.nibbles, lo, row)
                        .ok_or_else(|| corrupt("counts", "row past the end"))?;
                (base.checked_add(more), own)
            }
            _ => {
                let block = row >> BLOCK_SHIFT;
                let base = self
                    .offset_in_block(block, block << BLOCK_SHIFT)
                    .ok_or_else(|| corrupt("bases", "block past the end"))?;
                let (more, own) = count_prefix(
                    self.section(Section::Counts),
                    self.nibbles,
                    block << BLOCK_SHIFT,
                    row,
                )
                .ok_or_else(|| corrupt("counts", "row past the end"))?;
                (base.checked_add(more), own)
            }
        };
        let start = start
            .and_then(|s| usize::try_from(s).ok())
            .ok_or_else(|| corrupt("bases", "offset overflows"))?;
        self.row(row, start, own as usize).map(Some)
    }

    /// Rows `lo..hi` of the radix bucket of `key`, or `None` if the key is outside the index.
    #[inline]
    fn bucket(&self, key: u64) -> Result<Option<(usize, usize)>, TableError> {
        let Some(b) = self.radix.try_bucket(key) else {
            return Ok(None);
        };
        let index = self.section(Section::Index);
        let (lo, hi) = match (read_u32(index, b as usize), read_u32(index, b as usize + 1)) {
            (Some(lo), Some(hi)) => (lo as usize, hi as usize),
            _ => return Err(corrupt("index", "bucket past the end")),
        };
        if lo > hi || hi > self.n_rows {
            return Err(corrupt("index", "bucket bounds out of order"));
        }
        Ok((lo < hi).then_some((lo, hi)))
    }

    /// Number of probability bytes stored before row `row` of block `block` (`row` in the block).
    #[inline]
    fn offset_in_block(&self, block: usize, row: usize) -> Option<u64> {
        let base = read_u64(self.section(Section::Bases), block)?;
        let (prefix, _) = count_prefix(
            self.section(Section::Counts),
            self.nibbles,
            block << BLOCK_SHIFT,
            row,
        )?;
        base.checked_add(prefix)
    }

    /// Row number of `key` among rows `lo..hi`.
    #[inline]
    fn find(&self, key: u64, lo: usize, hi: usize) -> Result<Option<usize>, TableError> {
        let keys = self.section(Section::Keys);
        let (mut lo, mut size) = (lo, hi - lo);
        // Narrow a large bucket by binary search, then scan the rest: the scan's loads are
        // independent, so a cold bucket costs one round of cache misses instead of log2(size).
        while size > SCAN_ROWS {
            let half = size / 2;
            let k = read_u64(keys, lo + half).ok_or_else(|| corrupt("keys", "row past the end"))?;
            if k <= key {
                lo += half;
            }
            size -= half;
        }
        let run = keys
            .get(lo * 8..(lo + size) * 8)
            .ok_or_else(|| corrupt("keys", "row past the end"))?;
        let below = run
            .chunks_exact(8)
            .map(|c| (read_u64(c, 0).unwrap_or(u64::MAX) < key) as usize)
            .sum::<usize>();
        if below == size {
            return Ok(None);
        }
        let at = lo + below;
        let k = read_u64(keys, at).ok_or_else(|| corrupt("keys", "row past the end"))?;
        Ok((k == key).then_some(at))
    }

    /// Decodes row number `row`, whose `stored` probability bytes start at `start`.
    #[inline]
    fn row(&self, row: usize, start: usize, stored: usize) -> Result<Row<'_>, TableError> {
        let probs = self
            .section(Section::Probs)
            .get(start..start + stored)
            .ok_or_else(|| corrupt("probs", "row past the end"))?;
        let values = if self.has_values() {
            let v = 2 * (start + row);
            self.section(Section::Values)
                .get(v..v + 2 * (stored + 1))
                .ok_or_else(|| corrupt("values", "row past the end"))?
        } else {
            &[]
        };
        Row::new(probs, values, self.value_scale)
            .map(|r| r.with_keep_min(self.keep_min))
            .ok_or_else(|| corrupt("probs", "row sums to more than 255"))
    }

    /// All keys in ascending order.
    pub fn keys(&self) -> impl Iterator<Item = u64> + '_ {
        self.section(Section::Keys)
            .chunks_exact(8)
            .map(|c| u64::from_le_bytes([c[0], c[1], c[2], c[3], c[4], c[5], c[6], c[7]]))
    }

    #[inline]
    fn section(&self, s: Section) -> &[u8] {
        // Ranges were checked against the file length at open.
        self.bytes
            .get(self.sections[s as usize].clone())
            .unwrap_or(&[])
    }
}

/// Buckets of at most this many rows are scanned linearly.
const SCAN_ROWS: usize = 32;

fn corrupt(section: &'static str, detail: &str) -> TableError {
    TableError::corrupted(section, detail.to_owned())
}

#[inline]
fn read_u32(bytes: &[u8], i: usize) -> Option<u32> {
    let b = bytes.get(i.checked_mul(4)?..)?.first_chunk::<4>()?;
    Some(u32::from_le_bytes(*b))
}

#[inline]
fn read_u64(bytes: &[u8], i: usize) -> Option<u64> {
    let b = bytes.get(i.checked_mul(8)?..)?.first_chunk::<8>()?;
    Some(u64::from_le_bytes(*b))
}

/// A table's bytes: a read-only mapping of its file, or a private copy.
#[derive(Debug)]
enum Bytes {
    /// The file mapped (kept open for [`Table::changed_in_place`]).
    Mapped { map: Mmap, file: File },
    /// A copy read into memory ([`Table::load`]).
    Owned(Box<[u8]>),
}

impl std::ops::Deref for Bytes {
    type Target = [u8];

    fn deref(&self) -> &[u8] {
        match self {
            Bytes::Mapped { map, .. } => map,
            Bytes::Owned(b) => b,
        }
    }
}

/// A file's identity and state: device, inode, length, modification time and change time.
/// Any write, truncation, `touch` or rename over the path changes it (the change time cannot
/// be set back by a user, so a write that restores the modification time is still seen).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FileStamp {
    dev: u64,
    ino: u64,
    len: u64,
    modified: Option<std::time::SystemTime>,
    changed: (i64, i64),
}

impl FileStamp {
    /// The stamp of the file at `path` now (following symbolic links).
    pub fn at(path: &Path) -> std::io::Result<FileStamp> {
        std::fs::metadata(path).map(|m| FileStamp::of(&m))
    }

    /// The stamp of a file's metadata.
    pub fn of(m: &std::fs::Metadata) -> FileStamp {
        #[cfg(unix)]
        let (dev, ino, changed) = {
            use std::os::unix::fs::MetadataExt;
            (m.dev(), m.ino(), (m.ctime(), m.ctime_nsec()))
        };
        #[cfg(not(unix))]
        let (dev, ino, changed) = (0, 0, (0, 0));
        FileStamp {
            dev,
            ino,
            len: m.len(),
            modified: m.modified().ok(),
            changed,
        }
    }

    fn same_file(&self, other: &FileStamp) -> bool {
        self.dev == other.dev && self.ino == other.ino
    }
}

/// Refuses a path that is not a regular file (following symbolic links), with what it is.
pub fn regular_file(path: &Path) -> Result<(), TableError> {
    let meta = std::fs::metadata(path).map_err(|source| TableError::Io {
        path: path.to_path_buf(),
        source,
    })?;
    if meta.is_file() {
        return Ok(());
    }
    Err(TableError::NotAFile {
        path: path.to_path_buf(),
        kind: file_kind(&meta.file_type()),
    })
}

/// What a file type is, for messages.
pub fn file_kind(t: &std::fs::FileType) -> &'static str {
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if t.is_fifo() {
            return "a FIFO";
        } else if t.is_char_device() {
            return "a character device";
        } else if t.is_block_device() {
            return "a block device";
        } else if t.is_socket() {
            return "a socket";
        }
    }
    if t.is_dir() {
        "a directory"
    } else if t.is_file() {
        "a regular file"
    } else {
        "not a regular file"
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::TableWriter;

    fn write(rows: &[(u64, &[f32])]) -> std::path::PathBuf {
        static NEXT: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
        let n = NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let path = std::env::temp_dir().join(format!("tq-reader-{}-{n}.tbl", std::process::id()));
        let mut w = TableWriter::new(TableMeta::default());
        for &(k, p) in rows {
            w.push(k, p, None).unwrap();
        }
        w.write(&path).unwrap();
        path
    }

    #[test]
    fn table_is_shareable_between_threads() {
        fn assert_send_sync<T: Send + Sync>() {}
        assert_send_sync::<Table>();
        assert_send_sync::<Row<'static>>();
    }

    #[test]
    fn rows_across_block_boundaries() {
        // 200 consecutive keys with 1 to 3 actions: rows in blocks 0 to 3, buckets straddling
        // block boundaries.
        let probs: [&[f32]; 3] = [&[1.0], &[1.0, 3.0], &[2.0, 0.0, 2.0]];
        let rows: Vec<(u64, &[f32])> = (0..200u64)
            .map(|k| (k * 3, probs[(k % 3) as usize]))
            .collect();
        let path = write(&rows);
        let t = Table::open(&path, OpenOptions::default()).unwrap();
        assert_eq!(t.len(), 200);
        assert_eq!(t.n_actions(), 67 + 67 * 2 + 66 * 3);
        for (k, p) in &rows {
            let row = t.lookup(*k).unwrap();
            let want: Vec<u8> = match p.len() {
                1 => vec![255],
                2 => vec![64, 191],
                _ => vec![128, 0, 127],
            };
            assert_eq!(row.probs_u8().collect::<Vec<_>>(), want, "key {k}");
            assert!(t.lookup(k + 1).is_none());
        }
        assert!(t.prefetch().is_ok());
        assert!(t.verify().is_ok());
        assert_eq!(t.keys().count(), 200);
        std::fs::remove_file(&path).unwrap();
    }

    #[test]
    fn a_private_copy_survives_its_file_truncated_and_rewritten() {
        let rows: Vec<(u64, &[f32])> = (0..5000u64).map(|k| (k * 7, &[1.0f32, 3.0][..])).collect();
        let path = write(&rows);
        let t = Table::load(&path, OpenOptions::default()).unwrap();
        let stamp = FileStamp::at(&path).unwrap();
        assert_eq!(t.stamp(), stamp);
        std::fs::File::create(&path).unwrap();
        assert_ne!(FileStamp::at(&path).unwrap(), stamp);
        assert_eq!(t.changed_in_place(), None);
        for (k, _) in &rows {
            assert_eq!(
                t.lookup(*k).unwrap().probs_u8().collect::<Vec<_>>(),
                [64, 191]
            );
        }
        assert!(t.verify().is_ok());
        // The empty file and a directory are refused like `open` refuses them.
        assert!(matches!(
            Table::load(&path, OpenOptions::default()),
            Err(TableError::Empty { .. })
        ));
        assert!(matches!(
            Table::load(std::env::temp_dir(), OpenOptions::default()),
            Err(TableError::NotAFile { .. })
        ));
        std::fs::remove_file(&path).unwrap();
    }

    #[test]
    fn absent_keys_outside_the_index_range() {
        let path = write(&[(1000, &[1.0]), (2000, &[1.0, 1.0])]);
        let t = Table::open(&path, OpenOptions::default()).unwrap();
        for k in [0, 999, 1001, 1999, 2001, u64::MAX] {
            assert!(t.lookup(k).is_none(), "{k}");
            assert!(matches!(t.get(k), Err(TableError::UnknownKey { key }) if key == k));
        }
        assert_eq!(t.get(2000).unwrap().len(), 2);
        assert!(t.expect_meta(&TableMeta::default()).is_ok());
        let other = TableMeta {
            abstraction_hash: 1,
            ..TableMeta::default()
        };
        assert!(matches!(
            t.expect_meta(&other),
            Err(TableError::WrongAbstraction {
                expected_hash: 1,
                found_hash: 0,
                ..
            })
        ));
        std::fs::remove_file(&path).unwrap();
    }
}
