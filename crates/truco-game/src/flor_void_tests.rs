//! Ruling 13 (arg-classic `flor`): a flor voids the hand's envido, pending or already settled.

use crate::action::{Action, ActionList};
use crate::rules::RuleSet;
use crate::testutil::{deal, run};

fn flor4() -> RuleSet {
    RuleSet::new("arg-classic", &["flor"]).unwrap()
}

// Seat 2 (team 0) holds a flor of copas; nobody else does.
const HANDS: &str = "7E 6E 4B / 5O 3B 12E / 4C 5C 6C / 1B 2O 11B";

#[test]
fn a_flor_after_a_settled_envido_voids_it() {
    let mut st = deal(flor4(), [0, 0], 0, HANDS);
    // Mano seat 0 calls envido, team 1 (seat 1) accepts: settled (33 for seat 0), but seats
    // 2 and 3 have not acted, so a flor may still void it: nothing is paid yet.
    assert_eq!(run(&mut st, "envido quiero"), [0, 0]);
    assert!(st.public().envido().done);
    assert_eq!(st.public().envido().held, 2);
    // Seat 0 plays; seat 1 plays; seat 2 must declare its flor.
    run(&mut st, "7E 5O");
    let mut l = ActionList::new();
    st.legal_actions(&mut l);
    assert_eq!(l.as_slice(), [Action::Flor]);
    run(&mut st, "flor");
    assert_eq!(st.public().envido().held, 0, "the flor voided the envido");
    // The flor's 3 points come with the end of trick 1; the envido's 2 never do.
    let pts = run(&mut st, "4C 1B");
    assert_eq!(pts, [3, 0]);
    assert_eq!(st.public().score(), [3, 0]);
}

#[test]
fn without_a_flor_the_held_envido_is_paid_once_every_seat_has_acted() {
    let hands = "7E 6E 4B / 5O 3B 12E / 4C 5C 6O / 1B 2O 11B";
    let mut st = deal(flor4(), [0, 0], 0, hands);
    assert_eq!(run(&mut st, "envido quiero 7E 5O"), [0, 0]);
    // Seat 2 acts (no flor), seat 3 is the last that could hold one: paid after it acts.
    assert_eq!(run(&mut st, "4C"), [0, 0]);
    assert_eq!(run(&mut st, "1B"), [2, 0]);
    assert_eq!(st.public().envido().held, 0);
}

#[test]
fn a_declined_envido_is_held_and_voided_too() {
    let mut st = deal(flor4(), [0, 0], 0, HANDS);
    assert_eq!(run(&mut st, "envido no-quiero 7E 5O flor 4C 1B"), [3, 0]);
}

#[test]
fn without_the_flor_option_the_envido_is_paid_at_once() {
    let mut st = deal(RuleSet::ARG_CLASSIC, [0, 0], 0, HANDS);
    assert_eq!(run(&mut st, "envido quiero"), [2, 0]);
}
