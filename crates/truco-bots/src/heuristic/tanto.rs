//! Envido chances: the distribution of envido totals over every three-card hand of a deck, and
//! the chance that a team's best total beats the opponents'.

use std::sync::OnceLock;

use truco_game::cards::{CardSet, Deck};
use truco_game::envido::envido_value;

/// Envido totals run 0..=33.
pub const TOTALS: usize = 34;

/// The share of three-card hands of `deck` with each envido total (computed once per deck).
pub fn total_pmf(deck: Deck) -> &'static [f64; TOTALS] {
    static SPANISH: OnceLock<[f64; TOTALS]> = OnceLock::new();
    static VALENCIAN: OnceLock<[f64; TOTALS]> = OnceLock::new();
    let cell = match deck {
        Deck::Spanish40 => &SPANISH,
        Deck::Valencian22 => &VALENCIAN,
    };
    cell.get_or_init(|| compute_pmf(deck.cards()))
}

fn compute_pmf(deck: CardSet) -> [f64; TOTALS] {
    let cards: Vec<_> = deck.iter().collect();
    let mut counts = [0u64; TOTALS];
    let mut n = 0u64;
    for i in 0..cards.len() {
        for j in i + 1..cards.len() {
            for k in j + 1..cards.len() {
                let v = envido_value(CardSet::from_cards(&[cards[i], cards[j], cards[k]]));
                counts[(v as usize).min(TOTALS - 1)] += 1;
                n += 1;
            }
        }
    }
    counts.map(|c| c as f64 / n.max(1) as f64)
}

/// Chance that a team holding `mine` (plus `mates` unknown partner hands) beats `opps` unknown
/// opponent hands at the envido. A tie with an opponent is won with probability `tie_share`
/// (the seat nearer the mano wins ties: see [`tie_share`]). When `caller_floor` is set, one
/// opponent (the caller) is taken to hold at least that total.
pub fn envido_win_chance(
    deck: Deck,
    mine: u8,
    mates: u32,
    opps: u32,
    tie_share: f64,
    caller_floor: Option<u8>,
) -> f64 {
    let pmf = total_pmf(deck);
    let mut cdf = [0.0f64; TOTALS];
    let mut acc = 0.0;
    for (x, c) in cdf.iter_mut().enumerate() {
        acc += pmf[x];
        *c = acc;
    }
    // The caller's distribution, truncated below `floor`.
    let floor = caller_floor.map_or(0, |f| (f as usize).min(TOTALS - 1));
    let tail: f64 = pmf[floor..].iter().sum();
    let caller_pmf = |x: usize| {
        if x < floor || tail <= 0.0 {
            0.0
        } else {
            pmf[x] / tail
        }
    };
    let caller_cdf = |x: usize| (0..=x).map(caller_pmf).sum::<f64>();
    let mine = (mine as usize).min(TOTALS - 1);
    let mut p = 0.0;
    let mut prev_team_cdf = 0.0;
    for x in 0..TOTALS {
        // P(team best <= x) = [x >= mine] * F(x)^mates.
        let team_cdf = if x >= mine {
            cdf[x].powi(mates as i32)
        } else {
            0.0
        };
        let team_pmf = team_cdf - prev_team_cdf;
        prev_team_cdf = team_cdf;
        if team_pmf <= 0.0 {
            continue;
        }
        // Each opponent below x, or equal (half).
        let below = if x == 0 { 0.0 } else { cdf[x - 1] };
        let plain = below + tie_share * pmf[x];
        let beat = if opps == 0 {
            1.0
        } else if caller_floor.is_some() {
            let cb = if x == 0 { 0.0 } else { caller_cdf(x - 1) };
            (cb + tie_share * caller_pmf(x)) * plain.powi(opps as i32 - 1)
        } else {
            plain.powi(opps as i32)
        };
        p += team_pmf * beat;
    }
    p
}

/// The share of envido ties `seat` wins: ties go to the seat first in play order from the
/// mano, so the share of the opponents (not folded) who come after `seat` from the mano.
pub fn tie_share(players: u8, mano: u8, seat: u8, folded: impl Fn(u8) -> bool) -> f64 {
    let pos = |s: u8| (s + players - mano) % players;
    let (mut after, mut opps) = (0u32, 0u32);
    for s in 0..players {
        if s % 2 != seat % 2 && !folded(s) {
            opps += 1;
            after += u32::from(pos(s) > pos(seat));
        }
    }
    if opps == 0 {
        1.0
    } else {
        after as f64 / opps as f64
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pmf_sums_to_one_and_tops_at_33() {
        let pmf = total_pmf(Deck::Spanish40);
        let s: f64 = pmf.iter().sum();
        assert!((s - 1.0).abs() < 1e-9);
        assert!(pmf[33] > 0.0);
        // 8..=19 are impossible: a pair gives 20 or more, no pair gives at most 7.
        assert!(pmf[8..20].iter().all(|&x| x == 0.0));
    }

    #[test]
    fn chances_grow_with_the_total_and_shrink_against_callers() {
        let d = Deck::Spanish40;
        let mut last = -1.0;
        for t in [0u8, 5, 7, 20, 25, 28, 31, 33] {
            let p = envido_win_chance(d, t, 0, 1, 0.5, None);
            assert!(p >= last, "{t}: {p} < {last}");
            last = p;
        }
        assert!(envido_win_chance(d, 33, 0, 1, 0.5, None) > 0.98);
        let open = envido_win_chance(d, 27, 0, 1, 0.5, None);
        let called = envido_win_chance(d, 27, 0, 1, 0.5, Some(25));
        assert!(called < open, "{called} vs {open}");
        // A partner helps; more opponents hurt.
        assert!(
            envido_win_chance(d, 25, 1, 2, 0.5, None) > envido_win_chance(d, 25, 0, 2, 0.5, None)
        );
        assert!(envido_win_chance(d, 25, 0, 2, 0.5, None) < open);
        // Winning ties helps.
        assert!(envido_win_chance(d, 27, 0, 1, 1.0, None) > open);
        assert!(envido_win_chance(d, 27, 0, 1, 0.0, None) < open);
    }

    #[test]
    fn ties_go_to_the_seat_nearer_the_mano() {
        let none = |_| false;
        assert_eq!(tie_share(2, 0, 0, none), 1.0);
        assert_eq!(tie_share(2, 0, 1, none), 0.0);
        // Four players, mano 1: order 1, 2, 3, 0. Seat 2 is before seat 3, after seat 1.
        assert_eq!(tie_share(4, 1, 2, none), 0.5);
        assert_eq!(tie_share(4, 1, 1, none), 1.0);
        assert_eq!(
            tie_share(4, 1, 2, |s| s == 1),
            1.0,
            "a folded seat does not count"
        );
    }
}
