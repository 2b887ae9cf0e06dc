//! Small test games with known solutions, implemented on [`crate::Game`].

pub mod kuhn;
pub mod leduc;

pub use kuhn::Kuhn;
pub use leduc::{Leduc, LeducN};

/// Uniform `f64` in `[0, 1)` from 53 random bits.
pub(crate) fn unit_f64<R: rand::Rng + ?Sized>(rng: &mut R) -> f64 {
    (rng.next_u64() >> 11) as f64 * (1.0 / (1u64 << 53) as f64)
}
