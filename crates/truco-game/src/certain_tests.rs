//! Ruling 14: a hand ends as soon as the cards played face up decide its winner.

use crate::action::{Action, ActionList, Actor};
use crate::rules::RuleSet;
use crate::testutil::{deal, run};

#[test]
fn an_unbeatable_lead_after_winning_trick_one_ends_the_hand() {
    // 1B beats 5O; the mano leads 1E, the top card: nothing can beat or tie it.
    let mut st = deal(RuleSet::ARG_1V1, [0, 0], 0, "1B 1E 4C / 5O 6O 7C");
    assert_eq!(run(&mut st, "1B 5O 1E"), [1, 0]);
    assert!(st.public().is_over());
    assert_eq!(st.actor(), Actor::Terminal);
    assert_eq!(st.public().hand_winner(), Some(0));
    let mut l = ActionList::new();
    st.legal_actions(&mut l);
    assert!(
        l.is_empty(),
        "no truco, no mazo after the hand is decided: {l:?}"
    );
}

#[test]
fn the_accepted_truco_is_paid_at_once() {
    let mut st = deal(RuleSet::ARG_1V1, [0, 0], 0, "1B 1E 4C / 5O 6O 7C");
    assert_eq!(run(&mut st, "raise quiero 1B 5O 1E"), [2, 0]);
    assert!(st.public().is_over());
}

#[test]
fn a_lead_that_can_still_be_beaten_leaves_the_hand_open() {
    // 3C can be beaten by an ace, a 7E or 7O the other seat may hold.
    let mut st = deal(RuleSet::ARG_1V1, [0, 0], 0, "1B 3C 4C / 5O 6O 7C");
    run(&mut st, "1B 5O 3C");
    assert!(!st.public().is_over());
    assert_eq!(st.actor(), Actor::Seat(1));
    let mut l = ActionList::new();
    st.legal_actions(&mut l);
    assert!(l.contains(Action::Raise) && l.contains(Action::Mazo));
}

#[test]
fn after_a_parda_the_top_card_decides_and_a_lower_one_does_not() {
    // Trick 1 parda (two 3s on top); the mano leads trick 2 again.
    let hands = "3E 1E 4C / 3O 5O 6C / 4E 7B 5C / 4O 12B 10C";
    let mut st = deal(RuleSet::ARG_2V2, [0, 0], 0, hands);
    run(&mut st, "3E 3O 4E 4O");
    assert_eq!(st.public().trick_result(0), Some(crate::tricks::PARDA));
    run(&mut st, "1E");
    assert!(st.public().is_over(), "1E cannot be beaten nor tied");
    assert_eq!(st.public().hand_winner(), Some(0));
    // The same with 4C led: anything may come.
    let mut st = deal(RuleSet::ARG_2V2, [0, 0], 0, hands);
    run(&mut st, "3E 3O 4E 4O 4C");
    assert!(!st.public().is_over());
}

#[test]
fn a_lead_that_can_only_be_tied_after_winning_trick_one_ends_the_hand() {
    // Team 0 wins trick 1; 1E, 1B, 7E, 7O are seen, so a 3 led in trick 2 can be tied (a
    // parda, which keeps trick 1's winner) but not beaten.
    let hands = "1E 3C 4C / 1B 5O 6C / 7E 7B 5C / 7O 12B 10C";
    let mut st = deal(RuleSet::ARG_2V2, [0, 0], 0, hands);
    run(&mut st, "1E 1B 7E 7O");
    assert_eq!(st.public().trick_result(0), Some(0));
    assert_eq!(st.actor(), Actor::Seat(0));
    assert_eq!(run(&mut st, "3C"), [1, 0]);
    assert!(st.public().is_over());
}

#[test]
fn the_third_trick_ends_when_its_card_cannot_be_beaten() {
    // 1-1 after two tricks; trick 3 is led with 1E.
    let mut st = deal(RuleSet::ARG_1V1, [0, 0], 0, "1E 4C 5C / 3O 1B 6C");
    run(&mut st, "4C 3O 1B 5C");
    assert_eq!(st.public().trick_result(0), Some(1));
    assert_eq!(st.public().trick_result(1), Some(1));
    assert!(st.public().is_over(), "two tricks to team 1");
    let mut st = deal(RuleSet::ARG_1V1, [0, 0], 0, "1E 4C 5C / 3O 4O 1B");
    run(&mut st, "4C 3O 4O 5C");
    assert_eq!(st.public().trick_result(1), Some(0));
    assert_eq!(st.actor(), Actor::Seat(0));
    assert_eq!(run(&mut st, "1E"), [1, 0]);
    assert!(st.public().is_over());
}
