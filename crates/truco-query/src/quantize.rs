//! Largest-remainder quantization of a probability row to bytes summing to exactly 255.

/// The quantization scale: a stored byte `q` decodes to `q / 255`.
pub const SCALE: u32 = 255;

/// Why a row could not be quantized (the writer adds the key).
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum QuantizeError {
    /// Probability at this index is negative, NaN or infinite.
    Bad(usize, f64),
    /// The probabilities sum to zero.
    ZeroSum,
}

/// Quantizes `probs` (any non-negative weights, normalized here) into `out`, which must have the
/// same length, so that `out` sums to exactly 255 and each `out[i] / 255` is within 1/255 of the
/// normalized `probs[i]` (largest-remainder rounding). `frac` is scratch space of the same length.
pub fn quantize(probs: &[f64], out: &mut [u8], frac: &mut [f64]) -> Result<(), QuantizeError> {
    debug_assert_eq!(probs.len(), out.len());
    debug_assert_eq!(probs.len(), frac.len());
    let mut sum = 0.0;
    for (i, &p) in probs.iter().enumerate() {
        if !(p.is_finite() && p >= 0.0) {
            return Err(QuantizeError::Bad(i, p));
        }
        sum += p;
    }
    if sum <= 0.0 || !sum.is_finite() {
        return Err(QuantizeError::ZeroSum);
    }
    let mut total: i64 = 0;
    for ((&p, q), f) in probs.iter().zip(out.iter_mut()).zip(frac.iter_mut()) {
        let t = (p / sum * SCALE as f64).min(SCALE as f64);
        let fl = t.floor();
        *q = fl as u8;
        *f = t - fl;
        total += fl as i64;
    }
    // Exact arithmetic gives 0 <= deficit < n; rounding may push it just outside, handled too.
    let mut deficit = SCALE as i64 - total;
    while deficit > 0 {
        // Give one unit to the largest remaining fractional part (first index on ties).
        let mut best = None;
        let mut best_f = -1.0;
        for (i, (&f, &q)) in frac.iter().zip(out.iter()).enumerate() {
            if q < u8::MAX && f > best_f {
                best_f = f;
                best = Some(i);
            }
        }
        let Some(i) = best else { break };
        out[i] += 1;
        frac[i] = -1.0;
        deficit -= 1;
    }
    while deficit < 0 {
        // Take one unit from the smallest fractional part among non-zero entries.
        let mut best = None;
        let mut best_f = f64::INFINITY;
        for (i, (&f, &q)) in frac.iter().zip(out.iter()).enumerate() {
            if q > 0 && f < best_f {
                best_f = f;
                best = Some(i);
            }
        }
        let Some(i) = best else { break };
        out[i] -= 1;
        frac[i] = f64::INFINITY;
        deficit += 1;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn q(p: &[f64]) -> Vec<u8> {
        let mut out = vec![0; p.len()];
        let mut frac = vec![0.0; p.len()];
        quantize(p, &mut out, &mut frac).unwrap();
        out
    }

    #[test]
    fn sums_to_255() {
        for p in [
            vec![1.0],
            vec![1.0, 1.0, 1.0],
            vec![0.1, 0.2, 0.7],
            vec![1e-9, 1.0, 1e-9, 0.5],
            vec![3.0; 7],
        ] {
            let out = q(&p);
            assert_eq!(out.iter().map(|&x| x as u32).sum::<u32>(), 255, "{p:?}");
        }
    }

    #[test]
    fn largest_remainder_picks() {
        // 255/3 = 85 exactly.
        assert_eq!(q(&[1.0, 1.0, 1.0]), vec![85, 85, 85]);
        // 255/2 = 127.5: the first of the tied remainders gets the extra unit.
        assert_eq!(q(&[1.0, 1.0]), vec![128, 127]);
        // 0.25*255 = 63.75, 0.75*255 = 191.25.
        assert_eq!(q(&[0.25, 0.75]), vec![64, 191]);
    }

    #[test]
    fn within_one_step() {
        let p = [0.013, 0.4, 0.287, 0.3];
        let s: f64 = p.iter().sum();
        for (x, &o) in p.iter().zip(q(&p).iter()) {
            assert!((x / s - o as f64 / 255.0).abs() < 1.0 / 255.0);
        }
    }

    #[test]
    fn refuses_bad_input() {
        let mut out = [0; 2];
        let mut frac = [0.0; 2];
        assert_eq!(
            quantize(&[0.5, -0.1], &mut out, &mut frac),
            Err(QuantizeError::Bad(1, -0.1))
        );
        assert!(matches!(
            quantize(&[f64::NAN, 1.0], &mut out, &mut frac),
            Err(QuantizeError::Bad(0, _))
        ));
        assert_eq!(
            quantize(&[0.0, 0.0], &mut out, &mut frac),
            Err(QuantizeError::ZeroSum)
        );
    }
}
