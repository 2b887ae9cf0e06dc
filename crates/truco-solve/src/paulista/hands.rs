//! Three-card hands as class multisets, with the number of real card deals each stands for.

use super::classes::CLASSES;

/// A hand: three classes in ascending order, and how many card sets of the deck it stands for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ClassHand {
    /// Classes, ascending.
    pub classes: [u8; 3],
    /// Number of three-card sets with these classes given the counts.
    pub weight: u32,
}

fn choose(n: u8, k: u8) -> u32 {
    match (n, k) {
        (_, 0) => 1,
        (n, k) if k > n => 0,
        (n, 1) => n as u32,
        (n, 2) => n as u32 * (n as u32 - 1) / 2,
        (n, 3) => n as u32 * (n as u32 - 1) * (n as u32 - 2) / 6,
        _ => 0,
    }
}

/// Every hand the counts allow, in a fixed order (lexicographic on ascending classes).
pub fn hands(counts: &[u8; CLASSES]) -> Vec<ClassHand> {
    let mut out = Vec::new();
    for a in 0..CLASSES as u8 {
        for b in a..CLASSES as u8 {
            for c in b..CLASSES as u8 {
                let mut m = [0u8; CLASSES];
                for k in [a, b, c] {
                    m[k as usize] += 1;
                }
                let mut w = 1u32;
                for (k, &n) in m.iter().enumerate() {
                    w *= choose(counts[k], n);
                }
                if w > 0 {
                    out.push(ClassHand {
                        classes: [a, b, c],
                        weight: w,
                    });
                }
            }
        }
    }
    out
}

/// The counts left after dealing `hand`.
pub fn without(counts: &[u8; CLASSES], hand: [u8; 3]) -> [u8; CLASSES] {
    let mut c = *counts;
    for k in hand {
        c[k as usize] = c[k as usize].saturating_sub(1);
    }
    c
}

#[cfg(test)]
mod tests {
    use super::super::classes::class_counts;
    use super::*;

    #[test]
    fn weights_count_every_card_deal() {
        let counts = class_counts(4);
        let h0 = hands(&counts);
        assert_eq!(h0.iter().map(|h| h.weight as u64).sum::<u64>(), 9139); // C(39, 3)
        let pairs: u64 = h0
            .iter()
            .map(|h| {
                let rest = without(&counts, h.classes);
                h.weight as u64 * hands(&rest).iter().map(|g| g.weight as u64).sum::<u64>()
            })
            .sum();
        assert_eq!(pairs, 9139 * 7140); // C(39, 3) * C(36, 3)
        assert!(h0
            .iter()
            .all(|h| h.classes.windows(2).all(|w| w[0] <= w[1])));
    }
}
