//! Byte layout of a strategy table: constants, the fixed header and the section table.
//!
//! See `FORMAT.md` beside this crate for the same layout in prose. Everything here is plain
//! little-endian encoding and decoding of the header; the body sections are read in place by
//! [`crate::Table`].

use crate::error::TableError;
use crate::postprocess::{PostProcess, CODE_PURIFY, CODE_THRESHOLD};

/// The first eight bytes of every table file.
pub const MAGIC: [u8; 8] = *b"TRUCOTBL";
/// The format version this crate writes and reads.
pub const VERSION: u16 = 1;
/// Key width, in bytes, that this version writes and reads (16 is reserved for later).
pub const KEY_WIDTH: u16 = 8;
/// Flag: the table stores one value per action (section `values`).
pub const FLAG_VALUES: u32 = 1;
/// Flag: per-row action counts are packed two per byte (each row has at most 16 actions).
pub const FLAG_NIBBLE_COUNTS: u32 = 2;
/// Flag: the table declares a post-processing step of its rows (byte 51: 1 purify, 2
/// threshold; bytes 60..64: the threshold as `f32`). Readers that do not know the flag refuse
/// the table rather than serve its rows unprocessed.
pub const FLAG_POST_PROCESS: u32 = 4;
/// All flags this version knows; any other bit set is refused.
pub const KNOWN_FLAGS: u32 = FLAG_VALUES | FLAG_NIBBLE_COUNTS | FLAG_POST_PROCESS;
/// Offset of the post-processing step's code in the header.
const POST_CODE_AT: usize = 51;
/// Offset of the post-processing threshold (`f32`) in the header.
const POST_THRESHOLD_AT: usize = 60;
/// Log2 of the number of rows per offset block (one `u64` base offset per block).
pub const BLOCK_SHIFT: u8 = 6;
/// Largest number of actions in one row.
pub const MAX_ACTIONS: usize = 256;
/// Largest number of actions in one row when counts are packed as nibbles.
pub const MAX_NIBBLE_ACTIONS: usize = 16;
/// Largest radix index a reader accepts, in bits (2^26 entries = 256 MiB).
pub const MAX_RADIX_BITS: u8 = 26;
/// Length of the fixed part of the header, before the metadata strings.
pub const FIXED_LEN: usize = 184;
/// Number of body sections.
pub const SECTION_COUNT: usize = 6;

/// The body sections, in file order.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Section {
    /// Radix index: `2^radix_bits + 1` little-endian `u32` row numbers.
    Index = 0,
    /// Sorted keys, one little-endian `u64` per row.
    Keys = 1,
    /// One little-endian `u64` per block of 64 rows: stored probability bytes before the block.
    Bases = 2,
    /// Per-row action count minus one: a nibble or a byte per row.
    Counts = 3,
    /// Quantized probabilities, `count - 1` bytes per row (the last one is implicit).
    Probs = 4,
    /// Optional values: one little-endian `i16` per action, scaled by `value_scale`.
    Values = 5,
}

impl Section {
    /// All sections in file order.
    pub const ALL: [Section; SECTION_COUNT] = [
        Section::Index,
        Section::Keys,
        Section::Bases,
        Section::Counts,
        Section::Probs,
        Section::Values,
    ];

    /// The section's name, as used in error messages and FORMAT.md.
    pub fn name(self) -> &'static str {
        match self {
            Section::Index => "index",
            Section::Keys => "keys",
            Section::Bases => "bases",
            Section::Counts => "counts",
            Section::Probs => "probs",
            Section::Values => "values",
        }
    }
}

/// Where a section lies in the file: byte offset from the file start and length in bytes.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Span {
    /// Offset from the start of the file (a multiple of 8).
    pub offset: u64,
    /// Length in bytes (without padding).
    pub len: u64,
}

/// The decoded header, as stored (strings kept as bytes until validated).
#[derive(Debug, Clone, PartialEq)]
pub struct Header {
    /// Flag bits (`FLAG_*`).
    pub flags: u32,
    /// Total header length in bytes, checksum included (a multiple of 8).
    pub header_len: u32,
    /// Scale of stored values: value = i16 * scale.
    pub value_scale: f32,
    /// Number of rows (information sets).
    pub n_rows: u64,
    /// Total number of actions over all rows.
    pub n_actions: u64,
    /// 64-bit hash of the abstraction definition.
    pub abstraction_hash: u64,
    /// Radix index width in bits.
    pub radix_bits: u8,
    /// Right shift applied to `key - radix_base` before indexing.
    pub radix_shift: u8,
    /// Smallest key (0 for an empty table).
    pub radix_base: u64,
    /// Body length in bytes (file length = header_len + body_len).
    pub body_len: u64,
    /// xxh3-64 of the body.
    pub body_checksum: u64,
    /// Section spans, indexed by `Section as usize`.
    pub sections: [Span; SECTION_COUNT],
    /// Variant id, e.g. `arg-1v1`.
    pub variant: String,
    /// Canonical rule options string.
    pub options: String,
    /// Abstraction id.
    pub abstraction_id: String,
    /// The declared post-processing step of the rows (flag `FLAG_POST_PROCESS`; encoding sets
    /// or clears the flag from this field).
    pub post: PostProcess,
}

/// Rounds `n` up to a multiple of 8.
pub fn pad8(n: u64) -> u64 {
    n.div_ceil(8) * 8
}

/// Header length for the given metadata string lengths.
pub fn header_len_for(strings_len: usize) -> usize {
    FIXED_LEN + (pad8(strings_len as u64) as usize) + 8
}

/// Number of offset blocks for `n_rows` rows.
pub fn block_count(n_rows: u64) -> u64 {
    n_rows.div_ceil(1 << BLOCK_SHIFT)
}

/// Length in bytes of the counts section.
pub fn counts_len(n_rows: u64, nibbles: bool) -> u64 {
    if nibbles {
        n_rows.div_ceil(2)
    } else {
        n_rows
    }
}

/// xxh3-64 of a byte slice: the checksum used for header and body.
pub fn checksum(bytes: &[u8]) -> u64 {
    xxhash_rust::xxh3::xxh3_64(bytes)
}

fn put_u16(b: &mut [u8], at: usize, v: u16) {
    b[at..at + 2].copy_from_slice(&v.to_le_bytes());
}
fn put_u32(b: &mut [u8], at: usize, v: u32) {
    b[at..at + 4].copy_from_slice(&v.to_le_bytes());
}
fn put_u64(b: &mut [u8], at: usize, v: u64) {
    b[at..at + 8].copy_from_slice(&v.to_le_bytes());
}
fn get_u16(b: &[u8], at: usize) -> u16 {
    let mut a = [0; 2];
    a.copy_from_slice(&b[at..at + 2]);
    u16::from_le_bytes(a)
}
fn get_u32(b: &[u8], at: usize) -> u32 {
    let mut a = [0; 4];
    a.copy_from_slice(&b[at..at + 4]);
    u32::from_le_bytes(a)
}
fn get_u64(b: &[u8], at: usize) -> u64 {
    let mut a = [0; 8];
    a.copy_from_slice(&b[at..at + 8]);
    u64::from_le_bytes(a)
}

impl Header {
    /// Encodes the header, checksum included. Strings must each be at most `u16::MAX` bytes
    /// (the writer checks this before).
    pub fn encode(&self) -> Vec<u8> {
        let strings_len = self.variant.len() + self.options.len() + self.abstraction_id.len();
        let len = header_len_for(strings_len);
        let mut b = vec![0u8; len];
        b[0..8].copy_from_slice(&MAGIC);
        put_u16(&mut b, 8, VERSION);
        put_u16(&mut b, 10, KEY_WIDTH);
        let post_flag = if self.post.is_none() {
            0
        } else {
            FLAG_POST_PROCESS
        };
        put_u32(&mut b, 12, (self.flags & !FLAG_POST_PROCESS) | post_flag);
        match self.post {
            PostProcess::None => {}
            PostProcess::Purify => b[POST_CODE_AT] = CODE_PURIFY,
            PostProcess::Threshold(t) => {
                b[POST_CODE_AT] = CODE_THRESHOLD;
                b[POST_THRESHOLD_AT..POST_THRESHOLD_AT + 4].copy_from_slice(&t.to_le_bytes());
            }
        }
        put_u32(&mut b, 16, len as u32);
        b[20..24].copy_from_slice(&self.value_scale.to_le_bytes());
        put_u64(&mut b, 24, self.n_rows);
        put_u64(&mut b, 32, self.n_actions);
        put_u64(&mut b, 40, self.abstraction_hash);
        b[48] = self.radix_bits;
        b[49] = self.radix_shift;
        b[50] = BLOCK_SHIFT;
        put_u16(&mut b, 52, self.variant.len() as u16);
        put_u16(&mut b, 54, self.options.len() as u16);
        put_u16(&mut b, 56, self.abstraction_id.len() as u16);
        put_u64(&mut b, 64, self.radix_base);
        put_u64(&mut b, 72, self.body_len);
        put_u64(&mut b, 80, self.body_checksum);
        for (i, s) in self.sections.iter().enumerate() {
            put_u64(&mut b, 88 + 16 * i, s.offset);
            put_u64(&mut b, 96 + 16 * i, s.len);
        }
        let mut at = FIXED_LEN;
        for s in [&self.variant, &self.options, &self.abstraction_id] {
            b[at..at + s.len()].copy_from_slice(s.as_bytes());
            at += s.len();
        }
        let sum = checksum(&b[..len - 8]);
        put_u64(&mut b, len - 8, sum);
        b
    }

    /// Decodes and checks the header at the start of `file` (the whole mapped file): magic,
    /// version, key width, flags, header checksum, strings. Section bounds are checked by
    /// [`Header::check_layout`].
    pub fn decode(file: &[u8]) -> Result<Header, TableError> {
        let actual = file.len() as u64;
        if file.len() < 8 || file[0..8] != MAGIC {
            let mut found = [0u8; 8];
            let n = file.len().min(8);
            found[..n].copy_from_slice(&file[..n]);
            return Err(TableError::NotATable { found });
        }
        if file.len() < FIXED_LEN + 8 {
            return Err(TableError::Truncated {
                expected: (FIXED_LEN + 8) as u64,
                actual,
            });
        }
        let version = get_u16(file, 8);
        if version != VERSION {
            return Err(TableError::UnsupportedVersion {
                found: version,
                supported: VERSION,
            });
        }
        let header_len = get_u32(file, 16);
        let strings_len =
            get_u16(file, 52) as usize + get_u16(file, 54) as usize + get_u16(file, 56) as usize;
        let want_len = header_len_for(strings_len);
        if header_len as usize != want_len {
            return Err(TableError::corrupted(
                "header",
                format!("header length {header_len} but its strings need {want_len}"),
            ));
        }
        if actual < header_len as u64 {
            return Err(TableError::Truncated {
                expected: header_len as u64,
                actual,
            });
        }
        let hl = header_len as usize;
        let stored = get_u64(file, hl - 8);
        let computed = checksum(&file[..hl - 8]);
        if stored != computed {
            return Err(TableError::ChecksumMismatch {
                region: "header",
                stored,
                computed,
            });
        }
        let key_width = get_u16(file, 10);
        if key_width != KEY_WIDTH {
            return Err(TableError::UnsupportedKeyWidth { found: key_width });
        }
        let flags = get_u32(file, 12);
        if flags & !KNOWN_FLAGS != 0 {
            return Err(TableError::UnknownFlags { flags });
        }
        if file[50] != BLOCK_SHIFT {
            return Err(TableError::corrupted(
                "header",
                format!("block shift {} (expected {BLOCK_SHIFT})", file[50]),
            ));
        }
        let mut sections = [Span::default(); SECTION_COUNT];
        for (i, s) in sections.iter_mut().enumerate() {
            s.offset = get_u64(file, 88 + 16 * i);
            s.len = get_u64(file, 96 + 16 * i);
        }
        let mut at = FIXED_LEN;
        let mut strings = [String::new(), String::new(), String::new()];
        for (i, (name, out)) in ["variant", "options", "abstraction id"]
            .iter()
            .zip(strings.iter_mut())
            .enumerate()
        {
            let n = get_u16(file, 52 + 2 * i) as usize;
            let bytes = &file[at..at + n];
            *out = std::str::from_utf8(bytes)
                .map_err(|_| TableError::corrupted("header", format!("{name} is not UTF-8")))?
                .to_owned();
            at += n;
        }
        let [variant, options, abstraction_id] = strings;
        let post = if flags & FLAG_POST_PROCESS == 0 {
            PostProcess::None
        } else {
            decode_post(file)?
        };
        Ok(Header {
            flags,
            header_len,
            value_scale: f32::from_le_bytes([file[20], file[21], file[22], file[23]]),
            n_rows: get_u64(file, 24),
            n_actions: get_u64(file, 32),
            abstraction_hash: get_u64(file, 40),
            radix_bits: file[48],
            radix_shift: file[49],
            radix_base: get_u64(file, 64),
            body_len: get_u64(file, 72),
            body_checksum: get_u64(file, 80),
            sections,
            variant,
            options,
            abstraction_id,
            post,
        })
    }

    /// Whether counts are packed as nibbles.
    pub fn nibble_counts(&self) -> bool {
        self.flags & FLAG_NIBBLE_COUNTS != 0
    }

    /// Whether per-action values are present.
    pub fn has_values(&self) -> bool {
        self.flags & FLAG_VALUES != 0
    }

    /// Expected length of each section from the counts in the header, or an error if the counts
    /// themselves are impossible.
    pub fn expected_lengths(&self) -> Result<[u64; SECTION_COUNT], TableError> {
        let bad = |d: String| Err(TableError::corrupted("header", d));
        if self.radix_bits > MAX_RADIX_BITS {
            return bad(format!("radix bits {} > {MAX_RADIX_BITS}", self.radix_bits));
        }
        if self.radix_shift > 64 {
            return bad(format!("radix shift {} > 64", self.radix_shift));
        }
        if self.n_rows > u32::MAX as u64 {
            return bad(format!("{} rows (at most 2^32 - 1)", self.n_rows));
        }
        let max_per_row = if self.nibble_counts() {
            MAX_NIBBLE_ACTIONS
        } else {
            MAX_ACTIONS
        } as u64;
        if self.n_actions < self.n_rows || self.n_actions > self.n_rows * max_per_row {
            return bad(format!(
                "{} actions for {} rows",
                self.n_actions, self.n_rows
            ));
        }
        // Scaled values must stay finite: |i16| * scale <= f32::MAX.
        if !(self.value_scale >= 0.0 && self.value_scale <= f32::MAX / 32768.0) {
            return bad(format!("value scale {}", self.value_scale));
        }
        let values = if self.has_values() {
            self.n_actions * 2
        } else {
            0
        };
        Ok([
            4 * ((1u64 << self.radix_bits) + 1),
            8 * self.n_rows,
            8 * block_count(self.n_rows),
            counts_len(self.n_rows, self.nibble_counts()),
            self.n_actions - self.n_rows,
            values,
        ])
    }

    /// Checks the file length and that every section has its expected length, is 8-aligned,
    /// follows the previous one and lies inside the body.
    pub fn check_layout(&self, file_len: u64) -> Result<(), TableError> {
        let expected_total = (self.header_len as u64)
            .checked_add(self.body_len)
            .ok_or_else(|| TableError::corrupted("header", "body length overflows".into()))?;
        if file_len < expected_total {
            return Err(TableError::Truncated {
                expected: expected_total,
                actual: file_len,
            });
        }
        if file_len > expected_total {
            return Err(TableError::TrailingData {
                expected: expected_total,
                actual: file_len,
            });
        }
        let lengths = self.expected_lengths()?;
        let mut end = self.header_len as u64;
        for (section, (span, want)) in Section::ALL
            .iter()
            .zip(self.sections.iter().zip(lengths.iter()))
        {
            let bad = |d: String| Err(TableError::corrupted(section.name(), d));
            if span.len != *want {
                return bad(format!("length {} (expected {want})", span.len));
            }
            if span.offset & 7 != 0 || span.offset < end {
                return bad(format!(
                    "offset {} (section must start at or after {end}, 8-aligned)",
                    span.offset
                ));
            }
            match span.offset.checked_add(span.len) {
                Some(e) if e <= expected_total => end = e,
                _ => return bad(format!("ends past the end of the file ({expected_total})")),
            }
        }
        Ok(())
    }
}

/// The post-processing step of a header whose flag says it declares one.
fn decode_post(file: &[u8]) -> Result<PostProcess, TableError> {
    match file[POST_CODE_AT] {
        CODE_PURIFY => Ok(PostProcess::Purify),
        CODE_THRESHOLD => {
            let mut t = [0u8; 4];
            t.copy_from_slice(&file[POST_THRESHOLD_AT..POST_THRESHOLD_AT + 4]);
            PostProcess::threshold(f32::from_le_bytes(t))
                .map_err(|e| TableError::corrupted("header", e.to_string()))
        }
        code => Err(TableError::corrupted(
            "header",
            format!("unknown post-processing step {code}"),
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> Header {
        Header {
            flags: FLAG_NIBBLE_COUNTS,
            header_len: 0,
            value_scale: 0.0,
            n_rows: 0,
            n_actions: 0,
            abstraction_hash: 0xdead_beef,
            radix_bits: 0,
            radix_shift: 0,
            radix_base: 0,
            body_len: 0,
            body_checksum: 7,
            sections: [Span::default(); SECTION_COUNT],
            variant: "arg-1v1".into(),
            options: "flor=0".into(),
            abstraction_id: "abs-v1".into(),
            post: PostProcess::None,
        }
    }

    #[test]
    fn post_processing_step_round_trips_and_old_headers_read_as_none() {
        for post in [
            PostProcess::None,
            PostProcess::Purify,
            PostProcess::threshold(0.15).unwrap(),
        ] {
            let bytes = Header { post, ..sample() }.encode();
            let back = Header::decode(&bytes).unwrap();
            assert_eq!(back.post, post);
            assert_eq!(back.flags & FLAG_POST_PROCESS != 0, !post.is_none());
        }
        // A header written before the field: flag clear, reserved bytes zero (or anything).
        let mut bytes = sample().encode();
        bytes[POST_CODE_AT] = 7;
        let len = bytes.len();
        let sum = checksum(&bytes[..len - 8]);
        bytes[len - 8..].copy_from_slice(&sum.to_le_bytes());
        assert_eq!(Header::decode(&bytes).unwrap().post, PostProcess::None);
    }

    #[test]
    fn bad_post_processing_fields_are_refused() {
        let reseal = |b: &mut Vec<u8>| {
            let len = b.len();
            let sum = checksum(&b[..len - 8]);
            b[len - 8..].copy_from_slice(&sum.to_le_bytes());
        };
        let mut bytes = Header {
            post: PostProcess::Purify,
            ..sample()
        }
        .encode();
        bytes[POST_CODE_AT] = 9;
        reseal(&mut bytes);
        let e = Header::decode(&bytes).unwrap_err().to_string();
        assert!(e.contains("unknown post-processing step 9"), "{e}");
        for bad in [1.0f32, -0.5, f32::NAN] {
            let mut bytes = Header {
                post: PostProcess::threshold(0.1).unwrap(),
                ..sample()
            }
            .encode();
            bytes[POST_THRESHOLD_AT..POST_THRESHOLD_AT + 4].copy_from_slice(&bad.to_le_bytes());
            reseal(&mut bytes);
            let e = Header::decode(&bytes).unwrap_err().to_string();
            assert!(e.contains("bad post-processing threshold"), "{e}");
        }
    }

    #[test]
    fn encode_decode_round_trip() {
        let h = sample();
        let bytes = h.encode();
        assert_eq!(bytes.len() % 8, 0);
        let back = Header::decode(&bytes).unwrap();
        assert_eq!(back.header_len as usize, bytes.len());
        assert_eq!(back.variant, "arg-1v1");
        assert_eq!(back.options, "flor=0");
        assert_eq!(back.abstraction_id, "abs-v1");
        assert_eq!(back.abstraction_hash, 0xdead_beef);
        assert_eq!(back.body_checksum, 7);
    }

    #[test]
    fn header_flip_is_caught_by_checksum() {
        let mut bytes = sample().encode();
        bytes[41] ^= 1;
        assert!(matches!(
            Header::decode(&bytes),
            Err(TableError::ChecksumMismatch {
                region: "header",
                ..
            })
        ));
    }

    #[test]
    fn bad_magic_and_version() {
        let mut bytes = sample().encode();
        bytes[0] = b'X';
        assert!(matches!(
            Header::decode(&bytes),
            Err(TableError::NotATable { .. })
        ));
        let mut bytes = sample().encode();
        bytes[8] = 9;
        assert!(matches!(
            Header::decode(&bytes),
            Err(TableError::UnsupportedVersion { found: 9, .. })
        ));
    }

    #[test]
    fn pad_and_counts() {
        assert_eq!(pad8(0), 0);
        assert_eq!(pad8(1), 8);
        assert_eq!(pad8(16), 16);
        assert_eq!(block_count(64), 1);
        assert_eq!(block_count(65), 2);
        assert_eq!(counts_len(5, true), 3);
        assert_eq!(counts_len(5, false), 5);
    }
}
