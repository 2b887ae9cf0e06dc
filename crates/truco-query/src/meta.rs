//! Table metadata: which game and which abstraction a table answers for.

/// What a table was trained for. Written in the header; a reader refuses a table whose metadata
/// does not match what it expects (see [`crate::Table::expect`]).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct TableMeta {
    /// Variant id, e.g. `arg-1v1`.
    pub variant: String,
    /// Canonical rule options string of the variant (empty when the variant has none).
    pub options: String,
    /// Abstraction id, e.g. `arg-1v1-tiers-v1`.
    pub abstraction_id: String,
    /// 64-bit hash of the abstraction's definition.
    pub abstraction_hash: u64,
}
