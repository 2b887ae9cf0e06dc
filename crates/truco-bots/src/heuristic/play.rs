//! Which card the heuristic plays (see the rule table in [`super`]).

use truco_game::tricks::PARDA;
use truco_game::{Card, View};

use super::estimate::TrickState;

/// The seat's unplayed cards sorted weakest first (ties by card index), and how many.
fn sorted_hand(view: &View) -> ([Card; 3], usize) {
    let table = view.public().rank_table();
    let mut cards = [view.dealt()[0]; 3];
    let mut n = 0usize;
    for c in view.hand() {
        if n < 3 {
            cards[n] = c;
            n += 1;
        }
    }
    cards[..n].sort_unstable_by_key(|&c| (table.strength(c), c.index()));
    (cards, n)
}

/// The card to play, or `None` if the seat holds none.
///
/// - Leading trick 1: the middle card of three (keep the best, do not waste the trick);
///   leading a later trick: the best card.
/// - The partner already wins the trick: the lowest card.
/// - Otherwise the cheapest card that beats the opponents' best card in the trick; if none
///   beats it, a card that ties it when a parda helps (trick 1, or trick 1 was won or tied),
///   else the lowest card.
pub fn choose_card(view: &View) -> Option<Card> {
    let (cards, n) = sorted_hand(view);
    if n == 0 {
        return None;
    }
    let (lowest, highest) = (cards[0], cards[n - 1]);
    let p = view.public();
    let table = p.rank_table();
    let trick = TrickState::of(view);
    let t = p.trick() as usize;
    let team = view.seat() % 2;
    if trick.best_us == 0 && trick.best_them == 0 {
        return Some(if t == 0 && n == 3 { cards[1] } else { highest });
    }
    if trick.best_us > trick.best_them {
        return Some(lowest);
    }
    if let Some(&c) = cards[..n]
        .iter()
        .find(|&&c| table.strength(c) > trick.best_them)
    {
        return Some(c);
    }
    let first = p.trick_result(0);
    let parda_helps = t == 0 || first == Some(team) || first == Some(PARDA);
    if parda_helps {
        if let Some(&c) = cards[..n]
            .iter()
            .find(|&&c| table.strength(c) == trick.best_them)
        {
            return Some(c);
        }
    }
    Some(lowest)
}

#[cfg(test)]
mod tests {
    use super::*;
    use truco_game::{PublicState, RuleSet, State};

    fn deal(rules: RuleSet, hands: &str) -> State {
        let public = PublicState::new_hand(rules, [0, 0], 0).unwrap();
        let hs: Vec<[Card; 3]> = hands
            .split('/')
            .map(|h| {
                let v = rules.deck.parse_cards(h).unwrap();
                [v[0], v[1], v[2]]
            })
            .collect();
        State::deal(public, &hs).unwrap()
    }

    fn c(s: &str) -> Card {
        s.parse().unwrap()
    }

    #[test]
    fn leads_the_middle_card_then_the_best() {
        let mut st = deal(RuleSet::ARG_1V1, "1E 4O 12C / 3B 5E 6C");
        assert_eq!(choose_card(&st.view(0).unwrap()), Some(c("12C")));
        st.apply(c("12C").into_play()).unwrap();
        st.apply(c("5E").into_play()).unwrap();
        // Seat 0 won trick 1 and leads trick 2 with its best card.
        assert_eq!(choose_card(&st.view(0).unwrap()), Some(c("1E")));
    }

    #[test]
    fn cheapest_winner_or_lowest() {
        let mut st = deal(RuleSet::ARG_1V1, "2E 4O 12C / 3B 1C 6C");
        st.apply(c("12C").into_play()).unwrap();
        // 1C (tier 7) is the cheapest card over a king; 3B also wins but costs more.
        assert_eq!(choose_card(&st.view(1).unwrap()), Some(c("1C")));
        let mut st = deal(RuleSet::ARG_1V1, "1E 4O 12C / 3B 1C 6C");
        st.apply(c("1E").into_play()).unwrap();
        assert_eq!(
            choose_card(&st.view(1).unwrap()),
            Some(c("6C")),
            "cannot win: lowest"
        );
    }

    #[test]
    fn ties_in_trick_one_and_lets_the_partner_win() {
        let mut st = deal(RuleSet::ARG_1V1, "3E 4O 12C / 3B 1E 6C");
        st.apply(c("3E").into_play()).unwrap();
        // 1E wins; the cheapest winner is preferred over the tie.
        assert_eq!(choose_card(&st.view(1).unwrap()), Some(c("1E")));
        let mut st = deal(RuleSet::ARG_1V1, "3E 4O 12C / 3B 5E 6C");
        st.apply(c("3E").into_play()).unwrap();
        assert_eq!(
            choose_card(&st.view(1).unwrap()),
            Some(c("3B")),
            "parda in trick 1"
        );
        let mut st = deal(
            RuleSet::ARG_2V2,
            "1E 4O 5O / 3B 5E 6C / 4E 7C 6O / 2O 10E 11E",
        );
        st.apply(c("1E").into_play()).unwrap();
        st.apply(c("3B").into_play()).unwrap();
        assert_eq!(
            choose_card(&st.view(2).unwrap()),
            Some(c("4E")),
            "partner wins: lowest"
        );
    }

    trait IntoPlay {
        fn into_play(self) -> truco_game::Action;
    }
    impl IntoPlay for Card {
        fn into_play(self) -> truco_game::Action {
            truco_game::Action::Play(self)
        }
    }
}
