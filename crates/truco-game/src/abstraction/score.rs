//! Score buckets: the fewest that keep the falta envido and the end of the match exact.
//!
//! With `need = target - score` for each side (1..=15 at 15 points), the hand's rewards depend
//! on the score only through (a) the falta value, `min(need_me, need_opp)`, and (b) the cap of
//! each side's gain at its own need (the match ends there). Without a falta a hand pays at most
//! 7 (envido + envido + real envido) + 4 (vale cuatro) = 11 points, and with one, the falta
//! value plus 4 ≤ the other side's need + 4; so a need of 12 or more never caps anything and is
//! stored as 12, except that the falta value must stay exact when both needs are 12 or more.

/// Needs at or above this are merged (a hand never pays 12 points without a falta).
pub const NEED_CAP: u8 = 12;

/// Number of score buckets at target 15 (radix of the key digit; the last one is unused).
pub const SCORE_BUCKETS: u64 = 4 + 12 * 12;

/// The score bucket of a seat needing `need_me` points against an opponent needing `need_opp`
/// (both 1..=15 at target 15), or `None` if a need is 0 (match over) or above 15.
#[inline]
pub fn score_bucket(need_me: u8, need_opp: u8) -> Option<u64> {
    if !(1..=15).contains(&need_me) || !(1..=15).contains(&need_opp) {
        return None;
    }
    if need_me >= NEED_CAP && need_opp >= NEED_CAP {
        // The falta value 12..=15 is all that matters.
        return Some((need_me.min(need_opp) - NEED_CAP) as u64);
    }
    let a = need_me.min(NEED_CAP) as u64 - 1;
    let b = need_opp.min(NEED_CAP) as u64 - 1;
    Some(4 + a * 12 + b)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn buckets_keep_falta_and_caps() {
        let mut seen = std::collections::HashMap::new();
        for me in 0..15u8 {
            for opp in 0..15u8 {
                let (a, b) = (15 - me, 15 - opp);
                let k = score_bucket(a, b).unwrap();
                assert!(k < SCORE_BUCKETS);
                // What the bucket must preserve: falta value and both capped needs.
                let facts = (a.min(b), a.min(NEED_CAP), b.min(NEED_CAP));
                assert_eq!(*seen.entry(k).or_insert(facts), facts, "{me}-{opp}");
            }
        }
        assert_eq!(seen.len(), 147);
        assert_eq!(score_bucket(0, 3), None);
        assert_ne!(score_bucket(15, 14), score_bucket(15, 13), "falta 14 vs 13");
        assert_eq!(score_bucket(15, 14), score_bucket(14, 14), "falta 14 both");
    }
}
