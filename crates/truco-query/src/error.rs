//! Typed errors of the reader ([`TableError`]) and the writer ([`WriteError`]).

use std::path::PathBuf;

/// Why a table could not be opened, was refused, or a key could not be answered.
#[derive(Debug, thiserror::Error)]
pub enum TableError {
    /// The file could not be opened, read or mapped.
    #[error("cannot read table {path}: {source}")]
    Io {
        /// The file.
        path: PathBuf,
        /// The underlying error.
        #[source]
        source: std::io::Error,
    },
    /// The path is not a regular file (a directory, a device, a FIFO, a socket): refused
    /// before it is opened, so that nothing is read without bound and nothing blocks.
    #[error("cannot read table {path}: it is {kind}, not a regular file")]
    NotAFile {
        /// The path.
        path: PathBuf,
        /// What it is (`a directory`, `a FIFO`...).
        kind: &'static str,
    },
    /// The file is empty.
    #[error("cannot read table {path}: the file is empty")]
    Empty {
        /// The path.
        path: PathBuf,
    },
    /// The file does not start with the table magic.
    #[error("not a strategy table: magic {found:02x?} (expected \"TRUCOTBL\")")]
    NotATable {
        /// The first bytes found (zero-padded if the file is shorter).
        found: [u8; 8],
    },
    /// The file has a format version this reader does not know.
    #[error("unsupported table format version {found} (this reader supports {supported})")]
    UnsupportedVersion {
        /// Version in the file.
        found: u16,
        /// Version this reader supports.
        supported: u16,
    },
    /// The file uses a key width this reader does not know.
    #[error("unsupported key width {found} bytes (this reader supports 8)")]
    UnsupportedKeyWidth {
        /// Key width in the file.
        found: u16,
    },
    /// The header sets flag bits this reader does not know.
    #[error("unknown table flags {flags:#x}")]
    UnknownFlags {
        /// The flags in the file.
        flags: u32,
    },
    /// The file is shorter than its header says.
    #[error("table truncated: expected {expected} bytes, found {actual}")]
    Truncated {
        /// Length the header asks for.
        expected: u64,
        /// Actual file length.
        actual: u64,
    },
    /// The file is longer than its header says.
    #[error("table has trailing data: expected {expected} bytes, found {actual}")]
    TrailingData {
        /// Length the header asks for.
        expected: u64,
        /// Actual file length.
        actual: u64,
    },
    /// A stored checksum does not match the bytes.
    #[error("table corrupted: {region} checksum mismatch (stored {stored:#018x}, computed {computed:#018x})")]
    ChecksumMismatch {
        /// `"header"` or `"body"`.
        region: &'static str,
        /// Checksum stored in the header.
        stored: u64,
        /// Checksum of the bytes as found.
        computed: u64,
    },
    /// A header field or a section is inconsistent.
    #[error("table corrupted: section {section}: {detail}")]
    Corrupted {
        /// The header or the body section at fault.
        section: &'static str,
        /// What is wrong.
        detail: String,
    },
    /// The table was trained for another variant or rule options.
    #[error("wrong variant: expected {expected_variant} [{expected_options}], table is for {found_variant} [{found_options}]")]
    WrongVariant {
        /// Variant the caller wants.
        expected_variant: String,
        /// Options the caller wants.
        expected_options: String,
        /// Variant in the table.
        found_variant: String,
        /// Options in the table.
        found_options: String,
    },
    /// The table was written with another abstraction (id or definition hash).
    #[error("wrong abstraction: expected {expected_id} (hash {expected_hash:#018x}), table uses {found_id} (hash {found_hash:#018x})")]
    WrongAbstraction {
        /// Abstraction id the caller uses.
        expected_id: String,
        /// Hash of the caller's abstraction definition.
        expected_hash: u64,
        /// Abstraction id in the table.
        found_id: String,
        /// Hash in the table.
        found_hash: u64,
    },
    /// The table has no row for this key: the trainer never reached that spot.
    #[error("unknown key {key:#018x}: the table never saw this information set")]
    UnknownKey {
        /// The key asked for.
        key: u64,
    },
}

impl TableError {
    pub(crate) fn corrupted(section: &'static str, detail: String) -> Self {
        TableError::Corrupted { section, detail }
    }
}

/// Why a row was refused or a table could not be written.
#[derive(Debug, thiserror::Error)]
pub enum WriteError {
    /// Creating, writing, syncing or renaming the file failed.
    #[error("cannot write table {path}: {source}")]
    Io {
        /// The file being written (the temporary or the final name).
        path: PathBuf,
        /// The underlying error.
        #[source]
        source: std::io::Error,
    },
    /// A row has no action.
    #[error("row {key:#018x} has no action")]
    EmptyRow {
        /// The row's key.
        key: u64,
    },
    /// A row has more actions than the format stores.
    #[error("row {key:#018x} has {count} actions (at most {max})")]
    TooManyActions {
        /// The row's key.
        key: u64,
        /// Its number of actions.
        count: usize,
        /// The limit.
        max: usize,
    },
    /// A probability is negative, NaN or infinite.
    #[error("row {key:#018x}: probability {index} is {value} (must be finite and >= 0)")]
    BadProbability {
        /// The row's key.
        key: u64,
        /// Action index.
        index: usize,
        /// The value given.
        value: f64,
    },
    /// A row's probabilities sum to zero.
    #[error("row {key:#018x}: probabilities sum to zero")]
    ZeroSum {
        /// The row's key.
        key: u64,
    },
    /// A row's values do not have one entry per action.
    #[error("row {key:#018x}: {found} values for {expected} actions")]
    ValuesLength {
        /// The row's key.
        key: u64,
        /// Number of actions.
        expected: usize,
        /// Number of values given.
        found: usize,
    },
    /// Some rows have values and some do not.
    #[error("row {key:#018x}: either every row has values or none does")]
    MixedValues {
        /// The first row that differs from the first row.
        key: u64,
    },
    /// A value is NaN or infinite.
    #[error("row {key:#018x}: value {index} is {value} (must be finite)")]
    BadValue {
        /// The row's key.
        key: u64,
        /// Action index.
        index: usize,
        /// The value given.
        value: f64,
    },
    /// The same key was given twice.
    #[error("key {key:#018x} given twice")]
    DuplicateKey {
        /// The key.
        key: u64,
    },
    /// More rows than the format stores.
    #[error("{count} rows (at most 2^32 - 1)")]
    TooManyRows {
        /// Number of rows.
        count: u64,
    },
    /// A metadata string is too long.
    #[error("{field} is {len} bytes long (at most 65535)")]
    StringTooLong {
        /// Which field.
        field: &'static str,
        /// Its length.
        len: usize,
    },
}
