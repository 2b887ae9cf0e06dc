//! What the table reveals of the envido and flor totals, and what a hidden total tells: a seat's
//! total fits the revealed totals alone (`PublicState::reveal_admits`) exactly when the table,
//! with that total for the seat and the others' unchanged, would have shown the same totals.

use rand::{RngExt, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;
use truco_game::action::MAX_SEATS;
use truco_game::{PublicState, RuleSet, NONE};

/// Every total a hand can make: envido 0-7 and 20-33; flor 20-38 or none.
fn totals(flor: bool) -> Vec<Option<u8>> {
    if flor {
        (20..=38).map(Some).chain([None]).collect()
    } else {
        (0..=7).chain(20..=33).map(Some).collect()
    }
}

#[test]
fn a_total_fits_the_revealed_ones_exactly_when_the_table_would_have_shown_them() {
    let six = {
        let mut r = RuleSet::ARG_CLASSIC;
        r.players = 6;
        r
    };
    // Every reveal rule: all totals (arg-1v1), records from the mano (arg-2v2, six players),
    // the winner only (valencian's envit).
    let sets = [RuleSet::ARG_1V1, RuleSet::ARG_2V2, six, RuleSet::VALENCIAN];
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(5);
    let mut hidden = 0;
    for rules in sets {
        for mano in 0..rules.players {
            let public = PublicState::new_hand(rules, [0, 0], mano).unwrap();
            for flor in [false, true] {
                let all = totals(flor);
                for _ in 0..200 {
                    let mut values = [None; MAX_SEATS];
                    for v in values.iter_mut().take(rules.players as usize) {
                        *v = all[rng.random_range(0..all.len())];
                    }
                    let shown = public.reveal_totals(flor, |s| values[s as usize]);
                    for seat in 0..rules.players {
                        hidden += usize::from(shown[seat as usize] == NONE);
                        for &value in &all {
                            let mut other = values;
                            other[seat as usize] = value;
                            let same = public.reveal_totals(flor, |s| other[s as usize]) == shown;
                            assert_eq!(
                                public.reveal_admits(flor, &shown, seat, value),
                                same,
                                "{} mano {mano} flor {flor}: {values:?} shows {shown:?}; seat {seat} with {value:?}",
                                rules.variant
                            );
                        }
                    }
                }
            }
        }
    }
    assert!(hidden > 1000, "too few hidden totals tried: {hidden}");
}
