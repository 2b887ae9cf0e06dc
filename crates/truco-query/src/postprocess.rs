//! [`PostProcess`]: a step a table declares in its header, applied by the reader to every row
//! it serves (Ganzfried and Sandholm's purification and thresholding of an abstract strategy).
//!
//! - `none`: the row as trained.
//! - `purify`: the most likely action gets probability 1 (ties: the first in the row's order).
//! - `threshold:T` (`0 <= T < 1`): actions whose probability is below `T` get 0, the rest are
//!   renormalised; the most likely action always survives, so a row is never emptied.
//!
//! The step works on the stored bytes (`q / 255`) and gives bytes that again sum to exactly 255
//! (cumulative rounding: `out_i = round(255 C_i / S) - round(255 C_{i-1} / S)` with `C_i` the
//! kept bytes up to action `i` and `S` their total), so a processed row is read, sampled and
//! printed like any other. The trained row stays readable ([`crate::Row::trained`]).

use std::fmt;
use std::str::FromStr;

use crate::quantize::SCALE;

/// A post-processing step of a table's rows. Written in the table's header
/// ([`crate::TableWriter::set_post_process`], [`crate::write_post_processed`]); a table without
/// one (every table written before the field existed) reads as [`PostProcess::None`].
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub enum PostProcess {
    /// The rows as trained.
    #[default]
    None,
    /// The most likely action of each row (first on ties) gets probability 1.
    Purify,
    /// Actions below this probability get 0, the rest are renormalised (the most likely action
    /// always stays). Build it with [`PostProcess::threshold`], which checks `0 <= T < 1`.
    Threshold(f32),
}

/// Why a post-processing step was refused.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum PostProcessError {
    /// A threshold outside `[0, 1)` or not a number.
    #[error("bad post-processing threshold {0}: it must be a number in [0, 1)")]
    BadThreshold(String),
    /// Text that names no step.
    #[error(
        "unknown post-processing step `{0}` (valid: none, purify, threshold:T with 0 <= T < 1)"
    )]
    Unknown(String),
}

/// The header's code of each step (byte 51; see `FORMAT.md`).
pub(crate) const CODE_PURIFY: u8 = 1;
/// The header's code of [`PostProcess::Threshold`].
pub(crate) const CODE_THRESHOLD: u8 = 2;

impl PostProcess {
    /// A thresholding step, refused unless `0 <= t < 1` (NaN refused).
    pub fn threshold(t: f32) -> Result<PostProcess, PostProcessError> {
        if (0.0..1.0).contains(&t) {
            Ok(PostProcess::Threshold(t))
        } else {
            Err(PostProcessError::BadThreshold(t.to_string()))
        }
    }

    /// Whether rows are served as trained.
    pub fn is_none(&self) -> bool {
        matches!(self, PostProcess::None)
    }

    /// The smallest stored byte an action needs to survive the step besides the most likely
    /// action: 0 keeps every action, 256 keeps only the most likely.
    pub(crate) fn keep_min(&self) -> u16 {
        match *self {
            PostProcess::None => 0,
            PostProcess::Purify => SCALE as u16 + 1,
            PostProcess::Threshold(t) => {
                // The smallest q with q / 255 >= t, as `Row::prob` computes it (t < 1: at most
                // 255).
                (0..=SCALE as u16)
                    .find(|&q| q as f32 / SCALE as f32 >= t)
                    .unwrap_or(SCALE as u16)
            }
        }
    }

    /// The step applied to a row's stored bytes `raw` (summing to 255), written to `out` (same
    /// length): bytes summing to 255 again. Allocates nothing.
    pub fn apply(&self, raw: &[u8], out: &mut [u8]) {
        let keep_min = self.keep_min();
        for (o, q) in out
            .iter_mut()
            .zip(processed(keep_min, raw.len(), |i| raw[i]))
        {
            *o = q;
        }
    }
}

/// The processed bytes of a row of `n` actions whose byte `i` is `q(i)`, for a step that keeps
/// the bytes of at least `keep_min` (and the most likely action, first on ties).
pub(crate) fn processed(
    keep_min: u16,
    n: usize,
    q: impl Fn(usize) -> u8,
) -> impl Iterator<Item = u8> {
    let mut best = 0;
    let mut kept = 0u32;
    if keep_min > 0 {
        for i in 0..n {
            if q(i) > q(best) {
                best = i;
            }
        }
        kept = (0..n)
            .filter(|&i| i == best || q(i) as u16 >= keep_min)
            .map(|i| q(i) as u32)
            .sum();
    }
    let mut cum = 0u32;
    let mut prev = 0u32;
    (0..n).map(move |i| {
        let b = q(i);
        if keep_min == 0 {
            return b;
        }
        if kept == 0 {
            // A row of zeros can only come from a damaged table: the first action takes all.
            return if i == 0 { SCALE as u8 } else { 0 };
        }
        if i == best || b as u16 >= keep_min {
            cum += b as u32;
        }
        let now = (2 * SCALE * cum + kept) / (2 * kept);
        let out = now - prev;
        prev = now;
        out as u8
    })
}

impl fmt::Display for PostProcess {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PostProcess::None => f.write_str("none"),
            PostProcess::Purify => f.write_str("purify"),
            PostProcess::Threshold(t) => write!(f, "threshold:{t}"),
        }
    }
}

impl FromStr for PostProcess {
    type Err = PostProcessError;

    /// `none`, `purify` or `threshold:T` (`0 <= T < 1`).
    fn from_str(s: &str) -> Result<PostProcess, PostProcessError> {
        let s = s.trim();
        match s {
            "none" => Ok(PostProcess::None),
            "purify" => Ok(PostProcess::Purify),
            _ => match s.strip_prefix("threshold:") {
                Some(t) => t
                    .trim()
                    .parse::<f32>()
                    .map_err(|_| PostProcessError::BadThreshold(t.to_string()))
                    .and_then(PostProcess::threshold),
                None => Err(PostProcessError::Unknown(s.to_string())),
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(step: PostProcess, raw: &[u8]) -> Vec<u8> {
        let mut out = vec![0; raw.len()];
        step.apply(raw, &mut out);
        out
    }

    #[test]
    fn none_is_the_identity() {
        assert_eq!(run(PostProcess::None, &[10, 200, 45]), vec![10, 200, 45]);
    }

    #[test]
    fn purify_is_one_hot_on_the_first_argmax() {
        assert_eq!(run(PostProcess::Purify, &[10, 200, 45]), vec![0, 255, 0]);
        // Ties: the first of the most likely actions.
        assert_eq!(
            run(PostProcess::Purify, &[5, 100, 100, 50]),
            vec![0, 255, 0, 0]
        );
        assert_eq!(run(PostProcess::Purify, &[255]), vec![255]);
    }

    #[test]
    fn threshold_drops_small_actions_and_renormalises() {
        // 0.5 / 0.3 / 0.15 / 0.05 at 0.2: 0.625 / 0.375.
        let out = run(PostProcess::threshold(0.2).unwrap(), &[128, 76, 38, 13]);
        assert_eq!(out.iter().map(|&q| q as u32).sum::<u32>(), 255);
        assert_eq!(&out[2..], &[0, 0]);
        assert_eq!(out[0], 160); // 255 * 128 / 204 = 160.0
        assert_eq!(out[1], 95);
        // Nothing dropped: unchanged.
        assert_eq!(
            run(PostProcess::threshold(0.05).unwrap(), &[128, 76, 38, 13]),
            vec![128, 76, 38, 13]
        );
        // Zero keeps everything.
        assert_eq!(
            run(PostProcess::threshold(0.0).unwrap(), &[0, 255]),
            vec![0, 255]
        );
    }

    #[test]
    fn threshold_never_empties_a_row() {
        // No action reaches 0.5: the most likely (first on ties) takes everything.
        let t = PostProcess::threshold(0.5).unwrap();
        assert_eq!(run(t, &[60, 90, 90, 15]), vec![0, 255, 0, 0]);
        let t = PostProcess::threshold(0.99).unwrap();
        assert_eq!(run(t, &[51; 5]), vec![255, 0, 0, 0, 0]);
    }

    #[test]
    fn processed_rows_always_sum_to_255_and_keep_the_max() {
        // Every row of 3 actions with bytes summing to 255, at several steps.
        let steps = [
            PostProcess::Purify,
            PostProcess::threshold(0.05).unwrap(),
            PostProcess::threshold(0.1).unwrap(),
            PostProcess::threshold(0.3).unwrap(),
            PostProcess::threshold(0.9).unwrap(),
        ];
        for a in 0..=255u8 {
            for b in 0..=(255 - a) {
                let raw = [a, b, 255 - a - b];
                let max = *raw.iter().max().unwrap();
                let first_max = raw.iter().position(|&q| q == max).unwrap();
                for step in steps {
                    let out = run(step, &raw);
                    assert_eq!(out.iter().map(|&q| q as u32).sum::<u32>(), 255);
                    assert!(out[first_max] >= max, "{step} {raw:?} -> {out:?}");
                    for i in 0..3 {
                        // Never more weight to a dropped action, never less to a kept one.
                        if out[i] > 0 {
                            assert!(out[i] >= raw[i], "{step} {raw:?} -> {out:?}");
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn bad_thresholds_are_refused() {
        for t in [-0.1f32, 1.0, 1.5, f32::NAN, f32::INFINITY] {
            let e = PostProcess::threshold(t).unwrap_err();
            assert!(e.to_string().contains("[0, 1)"), "{e}");
        }
        for s in [
            "threshold:-0.1",
            "threshold:1",
            "threshold:NaN",
            "threshold:x",
        ] {
            let e = s.parse::<PostProcess>().unwrap_err();
            assert!(matches!(e, PostProcessError::BadThreshold(_)), "{s}: {e}");
        }
        let e = "purge".parse::<PostProcess>().unwrap_err();
        assert!(e
            .to_string()
            .contains("unknown post-processing step `purge`"));
    }

    #[test]
    fn text_round_trips() {
        for s in ["none", "purify", "threshold:0.15", "threshold:0"] {
            let p: PostProcess = s.parse().unwrap();
            assert_eq!(p.to_string(), s);
        }
        assert_eq!(
            "threshold:0.3".parse::<PostProcess>().unwrap(),
            PostProcess::Threshold(0.3)
        );
    }
}
