//! [`Row`]: one information set's decoded strategy, borrowed from the mapped table.

use crate::postprocess::processed;
use crate::quantize::SCALE;

/// The strategy of one information set, read in place from the table.
///
/// Probabilities are stored as bytes `q` with `q / 255` the probability; the bytes of a row sum
/// to exactly 255, so the decoded probabilities sum to 1 (up to f32 rounding).
///
/// A row is served with its table's post-processing step applied
/// ([`crate::Table::post_process`]: purified or thresholded bytes, again summing to 255);
/// [`Row::trained`] gives the same row as trained.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Row<'a> {
    stored: &'a [u8],
    last: u8,
    values: &'a [u8],
    scale_bits: u32,
    /// The step's smallest kept byte (0: as trained; see `PostProcess::keep_min`).
    keep_min: u16,
}

impl<'a> Row<'a> {
    /// Builds a row from its stored bytes (all but the last probability), checking that they sum
    /// to at most 255; `values` is empty or holds one little-endian `i16` per action.
    pub(crate) fn new(stored: &'a [u8], values: &'a [u8], scale: f32) -> Option<Self> {
        let sum: u32 = stored.iter().map(|&q| q as u32).sum();
        let last = SCALE.checked_sub(sum)? as u8;
        Some(Row {
            stored,
            last,
            values,
            scale_bits: scale.to_bits(),
            keep_min: 0,
        })
    }

    /// The row with a post-processing step applied (its `keep_min`).
    pub(crate) fn with_keep_min(mut self, keep_min: u16) -> Self {
        self.keep_min = keep_min;
        self
    }

    /// The same row as trained: no post-processing step (a no-op on a table without one).
    /// For what needs the trained mixed strategy, e.g. the ranges of a decision-time search.
    pub fn trained(&self) -> Row<'a> {
        self.with_keep_min(0)
    }

    /// Whether a post-processing step applies to this row's probabilities.
    pub fn is_processed(&self) -> bool {
        self.keep_min != 0
    }

    /// Stored byte `i` as trained (`i < len`).
    #[inline]
    fn raw_u8(&self, i: usize) -> u8 {
        self.stored.get(i).copied().unwrap_or(self.last)
    }

    /// Number of actions.
    pub fn len(&self) -> usize {
        self.stored.len() + 1
    }

    /// Always false: a row has at least one action.
    pub fn is_empty(&self) -> bool {
        false
    }

    /// Quantized probability of action `i` (out of 255), or `None` past the last action.
    pub fn prob_u8(&self, i: usize) -> Option<u8> {
        if i >= self.len() {
            return None;
        }
        if self.keep_min == 0 {
            return Some(self.raw_u8(i));
        }
        self.probs_u8().nth(i)
    }

    /// Probability of action `i`, or `None` past the last action.
    pub fn prob(&self, i: usize) -> Option<f32> {
        self.prob_u8(i).map(|q| q as f32 / SCALE as f32)
    }

    /// Quantized probabilities (out of 255) in action order; they sum to 255.
    pub fn probs_u8(&self) -> impl Iterator<Item = u8> + 'a {
        let row = *self;
        processed(self.keep_min, self.len(), move |i| row.raw_u8(i))
    }

    /// Probabilities in action order.
    pub fn probs(&self) -> impl Iterator<Item = f32> + 'a {
        self.probs_u8().map(|q| q as f32 / SCALE as f32)
    }

    /// Writes the probabilities into `out` (up to its length); returns how many were written.
    pub fn copy_probs(&self, out: &mut [f32]) -> usize {
        let mut n = 0;
        for (o, p) in out.iter_mut().zip(self.probs()) {
            *o = p;
            n += 1;
        }
        n
    }

    /// Whether the table stores per-action values.
    pub fn has_values(&self) -> bool {
        !self.values.is_empty()
    }

    /// Value of action `i` (as written, up to the table's scale / 2), or `None` if the table has
    /// no values or `i` is past the last action.
    pub fn value(&self, i: usize) -> Option<f32> {
        let b = self.values.get(2 * i..2 * i + 2)?;
        Some(i16::from_le_bytes([b[0], b[1]]) as f32 * f32::from_bits(self.scale_bits))
    }

    /// Values in action order (empty if the table has none).
    pub fn values(&self) -> impl Iterator<Item = f32> + 'a {
        let scale = f32::from_bits(self.scale_bits);
        self.values
            .chunks_exact(2)
            .map(move |b| i16::from_le_bytes([b[0], b[1]]) as f32 * scale)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decodes_implicit_last_and_values() {
        let values = [10i16, -20, 0]
            .iter()
            .flat_map(|v| v.to_le_bytes())
            .collect::<Vec<u8>>();
        let r = Row::new(&[100, 55], &values, 0.5).unwrap();
        assert_eq!(r.len(), 3);
        assert_eq!(r.probs_u8().collect::<Vec<_>>(), vec![100, 55, 100]);
        assert_eq!(r.prob_u8(3), None);
        assert!((r.probs().sum::<f32>() - 1.0).abs() < 1e-6);
        assert_eq!(r.value(1), Some(-10.0));
        assert_eq!(r.value(3), None);
        assert_eq!(r.values().collect::<Vec<_>>(), vec![5.0, -10.0, 0.0]);
        let mut out = [0.0; 5];
        assert_eq!(r.copy_probs(&mut out), 3);
        assert_eq!(out[1], 55.0 / 255.0);
    }

    #[test]
    fn a_processed_row_serves_the_step_and_keeps_the_trained_row() {
        let r = Row::new(&[100, 55, 20], &[], 0.0).unwrap();
        let purified = r.with_keep_min(256);
        assert!(purified.is_processed());
        assert_eq!(purified.probs_u8().collect::<Vec<_>>(), vec![255, 0, 0, 0]);
        assert_eq!(purified.prob_u8(0), Some(255));
        assert_eq!(purified.prob_u8(3), Some(0));
        assert_eq!(purified.prob_u8(4), None);
        assert_eq!(purified.prob(1), Some(0.0));
        let trained = purified.trained();
        assert!(!trained.is_processed());
        assert_eq!(trained, r);
        assert_eq!(
            trained.probs_u8().collect::<Vec<_>>(),
            vec![100, 55, 20, 80]
        );
    }

    #[test]
    fn refuses_overfull_row() {
        assert!(Row::new(&[200, 56], &[], 0.0).is_none());
        let r = Row::new(&[], &[], 0.0).unwrap();
        assert_eq!(r.probs_u8().collect::<Vec<_>>(), vec![255]);
        assert!(!r.has_values());
        assert_eq!(r.values().count(), 0);
    }
}
