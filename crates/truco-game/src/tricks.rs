//! Trick resolution and the hand winner after pardas (`docs/rules/README.md`, 'What every rule set shares').

use crate::action::NONE;
use crate::ranking::RankTable;

/// A trick result code: the winning team (0 or 1), or [`PARDA`].
pub const PARDA: u8 = 2;

/// Resolves a trick. `cards[s]` is the card index seat `s` played ([`NONE`] if none);
/// seats are visited in play order from `lead`. Returns `(result, seat)`: the winning team or
/// [`PARDA`], and the seat that leads next (the winner; for partners who tied, the first of them
/// to play; for a parda, the trick's leader).
pub fn resolve_trick(table: &RankTable, cards: &[u8], lead: u8) -> (u8, u8) {
    let n = cards.len() as u8;
    if n == 0 {
        return (PARDA, lead);
    }
    let mut best = 0u8;
    let mut best_seat = NONE;
    let mut teams = 0u8; // bit t: team t holds the top strength
    for k in 0..n {
        let s = crate::action::seat_after(lead % n, k, n);
        let c = cards[s as usize];
        if c == NONE {
            continue;
        }
        let st = table.strength_of_index(c);
        if st == 0 {
            // A hidden card (paulista) neither wins nor ties.
            continue;
        }
        if st > best {
            best = st;
            best_seat = s;
            teams = 1 << (s % 2);
        } else if st == best {
            teams |= 1 << (s % 2);
        }
    }
    if teams == 0b11 || teams == 0 {
        (PARDA, lead)
    } else {
        (best_seat % 2, best_seat)
    }
}

/// The hand's winner given the first `n` trick results, if it is already certain.
/// Two tricks won win; trick 1 parda: trick 2 decides, then trick 3; all three parda: the
/// mano's team; a later parda: the winner of trick 1; 1-1 and trick 3 parda: the winner of trick 1.
pub fn hand_winner(results: &[u8; 3], n: usize, mano_team: u8) -> Option<u8> {
    let [r0, r1, r2] = *results;
    match n {
        2 => {
            if r0 != PARDA && (r1 == r0 || r1 == PARDA) {
                Some(r0)
            } else if r0 == PARDA && r1 != PARDA {
                Some(r1)
            } else {
                None
            }
        }
        3 => Some(if r2 != PARDA {
            r2
        } else if r0 != PARDA {
            r0
        } else {
            mano_team
        }),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ranking::ARGENTINE;

    fn idx(s: &str) -> u8 {
        s.parse::<crate::cards::Card>().unwrap().index()
    }

    #[test]
    fn trick_resolution() {
        // Two threes: parda (1v1 diagram), the leader leads again.
        assert_eq!(
            resolve_trick(&ARGENTINE, &[idx("3E"), idx("3O")], 1),
            (PARDA, 1)
        );
        assert_eq!(
            resolve_trick(&ARGENTINE, &[idx("4E"), idx("12O")], 0),
            (1, 1)
        );
        // Partners tie on top: their team wins, the first of them to play leads.
        let cards = [idx("3E"), idx("4O"), idx("3B"), idx("2C")];
        assert_eq!(resolve_trick(&ARGENTINE, &cards, 2), (0, 2));
        assert_eq!(resolve_trick(&ARGENTINE, &cards, 1), (0, 2));
        assert_eq!(resolve_trick(&ARGENTINE, &cards, 3), (0, 0));
        // Opponents tie on top: parda even if a lower card of one team was played.
        let cards = [idx("3E"), idx("3O"), idx("4B"), NONE];
        assert_eq!(resolve_trick(&ARGENTINE, &cards, 0), (PARDA, 0));
    }

    #[test]
    fn hand_winner_rules() {
        let p = PARDA;
        assert_eq!(
            hand_winner(&[0, 0, NONE], 2, 1),
            Some(0),
            "two first tricks"
        );
        assert_eq!(hand_winner(&[1, p, NONE], 2, 0), Some(1), "win then parda");
        assert_eq!(hand_winner(&[p, 1, NONE], 2, 0), Some(1), "parda then win");
        assert_eq!(
            hand_winner(&[0, 1, NONE], 2, 0),
            None,
            "1-1 goes to trick 3"
        );
        assert_eq!(
            hand_winner(&[p, p, NONE], 2, 0),
            None,
            "two pardas go to trick 3"
        );
        assert_eq!(hand_winner(&[0, 1, 1], 3, 0), Some(1));
        assert_eq!(
            hand_winner(&[1, 0, p], 3, 0),
            Some(1),
            "1-1, parda: first trick"
        );
        assert_eq!(hand_winner(&[p, p, 0], 3, 1), Some(0));
        assert_eq!(
            hand_winner(&[p, p, p], 3, 1),
            Some(1),
            "all parda: the mano"
        );
        assert_eq!(hand_winner(&[0, NONE, NONE], 1, 1), None);
    }
}
