//! The radix index over sorted keys and the per-row count decoding used to find a row's bytes.

use crate::format::MAX_RADIX_BITS;

/// Largest radix width the writer chooses (2^24 entries = 64 MiB for ~2.7e8 rows).
const WRITER_MAX_BITS: u8 = 24;
/// Target average number of rows per radix bucket.
const ROWS_PER_BUCKET: u64 = 16;

/// Parameters of the radix index: bucket of a key = `(key - base) >> shift`, in
/// `0..2^bits`; the index stores, for each bucket `b`, the first row whose bucket is `>= b`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RadixParams {
    /// Index width in bits.
    pub bits: u8,
    /// Right shift of `key - base`.
    pub shift: u8,
    /// Smallest key of the table.
    pub base: u64,
}

impl RadixParams {
    /// Chooses the index for `n` sorted keys from `min` to `max`: about 16 rows per bucket on
    /// evenly spread keys (skewed keys give uneven buckets; lookups stay correct, only slower).
    pub fn choose(n: u64, min: u64, max: u64) -> Self {
        let range_bits = 64 - (max - min).leading_zeros() as u8;
        let want = (n / ROWS_PER_BUCKET).max(1).ilog2() as u8;
        let bits = want
            .min(WRITER_MAX_BITS)
            .min(MAX_RADIX_BITS)
            .min(range_bits);
        RadixParams {
            bits,
            shift: range_bits - bits,
            base: min,
        }
    }

    /// Number of buckets (the index holds one more entry: the row count).
    pub fn buckets(&self) -> u64 {
        1 << self.bits
    }

    /// Bucket of a key inside the indexed range (`u64::MAX` for a key outside it).
    #[inline]
    pub fn bucket(&self, key: u64) -> u64 {
        self.try_bucket(key).unwrap_or(u64::MAX)
    }

    /// Bucket of `key`, or `None` if the key lies outside the indexed range (so is absent).
    #[inline]
    pub fn try_bucket(&self, key: u64) -> Option<u64> {
        let d = key.checked_sub(self.base)?;
        let b = d.checked_shr(self.shift as u32).unwrap_or(0);
        (b < self.buckets()).then_some(b)
    }
}

/// Sum of `count - 1` over rows `start..end` of a counts section, and the `count - 1` of row
/// `end`; `None` if `start > end` or the section is too short.
#[inline]
pub fn count_prefix(counts: &[u8], nibbles: bool, start: usize, end: usize) -> Option<(u64, u8)> {
    if start > end {
        return None;
    }
    if nibbles {
        let mut sum: u32 = 0;
        let mut start = start;
        if start & 1 == 1 && start < end {
            sum += (*counts.get(start / 2)? >> 4) as u32;
            start += 1;
        }
        let full = counts.get(start / 2..end / 2)?;
        sum += full
            .iter()
            .map(|&b| (b & 15) as u32 + (b >> 4) as u32)
            .sum::<u32>();
        let last = *counts.get(end / 2)?;
        let own = if end & 1 == 0 {
            last & 15
        } else {
            if start < end {
                sum += (last & 15) as u32;
            }
            last >> 4
        };
        Some((sum as u64, own))
    } else {
        let full = counts.get(start..end)?;
        let sum: u32 = full.iter().map(|&b| b as u32).sum();
        Some((sum as u64, *counts.get(end)?))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn choose_spreads_rows() {
        let p = RadixParams::choose(1 << 20, 0, u64::MAX);
        assert_eq!(p.bits, 16);
        assert_eq!(p.shift, 48);
        assert_eq!(p.bucket(u64::MAX), (1 << 16) - 1);
        // A narrow key range never gets more buckets than distinct top bits.
        let p = RadixParams::choose(1 << 20, 100, 107);
        assert_eq!(p.bits, 3);
        assert_eq!(p.shift, 0);
        assert_eq!(p.try_bucket(99), None);
        assert_eq!(p.try_bucket(107), Some(7));
        assert_eq!(p.try_bucket(108), None);
        // One key: one bucket.
        let p = RadixParams::choose(1, 5, 5);
        assert_eq!((p.bits, p.shift), (0, 0));
        assert_eq!(p.try_bucket(5), Some(0));
        assert_eq!(p.try_bucket(6), None);
    }

    #[test]
    fn prefix_of_nibbles_and_bytes() {
        // Rows' count-1: 1, 2, 3, 4, 5 packed as nibbles.
        let nib = [0x21, 0x43, 0x05];
        assert_eq!(count_prefix(&nib, true, 0, 0), Some((0, 1)));
        assert_eq!(count_prefix(&nib, true, 0, 1), Some((1, 2)));
        assert_eq!(count_prefix(&nib, true, 0, 4), Some((10, 5)));
        assert_eq!(count_prefix(&nib, true, 2, 3), Some((3, 4)));
        assert_eq!(count_prefix(&nib, true, 0, 6), None);
        // Odd starts: rows 1..4 hold 2 + 3 + 4; row 3..3 is empty.
        assert_eq!(count_prefix(&nib, true, 1, 4), Some((9, 5)));
        assert_eq!(count_prefix(&nib, true, 3, 3), Some((0, 4)));
        assert_eq!(count_prefix(&nib, true, 1, 2), Some((2, 3)));
        assert_eq!(count_prefix(&nib, true, 3, 2), None);
        // Any split of a range sums to the whole.
        for lo in 0..5 {
            for mid in lo..5 {
                let a = count_prefix(&nib, true, lo, mid).unwrap().0;
                let b = count_prefix(&nib, true, mid, 4).unwrap().0;
                assert_eq!(a + b, count_prefix(&nib, true, lo, 4).unwrap().0);
            }
        }
        let bytes = [1, 2, 3, 200];
        assert_eq!(count_prefix(&bytes, false, 0, 3), Some((6, 200)));
        assert_eq!(count_prefix(&bytes, false, 0, 4), None);
    }
}
