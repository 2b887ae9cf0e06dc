//! Every worked example of the Valencian rule text (`docs/rules/valencian.md`), through the engine.

mod common;

use common::{deal, legal, pass_windows, run};
use truco_game::ranking::VALENCIAN;
use truco_game::tricks::{resolve_trick, PARDA};
use truco_game::{Action, Card, Event, RuleSet, Source};

const V: RuleSet = RuleSet::VALENCIAN;

fn idx(s: &str) -> u8 {
    s.parse::<Card>().unwrap().index()
}

/// Seat 0 leads; then the opponent on its right (seat 1), its partner (2), the other
/// opponent (3).
fn trick(cards: [&str; 4]) -> (u8, u8) {
    resolve_trick(&VALENCIAN, &cards.map(idx), 0)
}

#[test]
fn the_three_example_tricks() {
    // The seven of oros is the highest card: the trick goes to the other team.
    assert_eq!(trick(["3O", "7O", "5C", "4B"]), (1, 1));
    // Two threes on top, of different teams: parda, the leader leads again.
    assert_eq!(trick(["3E", "3C", "6B", "5O"]), (PARDA, 0));
    // You and your partner tie on top (7C, 7B): your team, you lead.
    assert_eq!(trick(["7C", "4O", "7B", "6E"]), (0, 0));
}

#[test]
fn example_tricks_in_a_hand() {
    // The first two example tricks in one hand: won by team 1, then a parda: team 1 wins.
    let mut st = deal(
        V,
        [0, 0],
        [0, 0],
        0,
        "3O 3E 7C / 7O 4C 4O / 5C 6B 7B / 4B 3C 6E",
        None,
    );
    let r = run(&mut st, "0:3O 1:7O 2:5C 3:4B 1:4C 2:6B 3:3C 0:3E");
    // Trick 2 led by seat 1: 4C, 6B, 3C, 3E -> the threes of seats 3 and 0 tie: parda.
    assert_eq!(st.public().trick_result(1), Some(PARDA));
    assert_eq!(r.points, [0, 1]);
    assert_eq!(st.public().hand_winner(), Some(1));
}

/// Hands for the envit: seat 0 holds 29, seat 1 33, seat 2 30, seat 3 6 (the text's totals).
const ENVIT: &str = "5E 4E 7B / 7O 6O 3C / 1E 7E 3E / 6C 5B 4O";

#[test]
fn envit_totals_and_settlement_at_the_end() {
    let mut st = deal(V, [0, 0], [0, 0], 0, ENVIT, None);
    let r = run(&mut st, "0:envide 1:quiero");
    assert_eq!(
        r.points,
        [0, 0],
        "the envit is scored at the end of the hand"
    );
    assert!(st.public().envido().accepted);
    // Both seats of team 0 fold: the hand ends, the table names the best total (33, seat 1).
    let r = run(&mut st, "0:mazo 1:3C 2:mazo");
    assert_eq!(
        r.awards.iter().map(|a| a.source).collect::<Vec<_>>(),
        [Source::Envido, Source::Fold],
        "envit before truc"
    );
    assert_eq!(r.points, [0, 3]);
    match r.events.last() {
        Some(Event::Reveal { totals, .. }) => {
            assert_eq!(totals[1], 33);
            assert_eq!(totals.iter().filter(|&&t| t != 255).count(), 1);
        }
        e => panic!("the last event reveals the winner's total: {e:?}"),
    }
}

#[test]
fn envit_counts_folded_players_and_ties_go_from_the_mano() {
    // Seat 2 holds 30 and folds before the end: its total still counts. Seat 1 (the mano)
    // also holds 30 (7O 3O): the tie goes to seat 1, first in play order from the mano.
    let hands = "5E 4E 7B / 7O 3O 4C / 1E 7E 3E / 6C 5B 4O";
    let mut st = deal(V, [0, 0], [0, 0], 1, hands, None);
    // Mano 1 calls envide, seat 2 accepts; seat 1's total 30 (7O 3O) ties seat 2's 30.
    let r = run(&mut st, "1:envide 2:quiero 1:mazo 2:mazo 3:4O 0:mazo");
    assert_eq!(r.awards[0].source, Source::Envido);
    assert_eq!(
        r.awards[0].team, 1,
        "the tie goes to the seat first from the mano"
    );
}

/// Declines a chain and ends the hand by team 0 folding; returns team 1's envit points.
fn declined(chain: &str) -> (u8, u8) {
    let mut st = deal(V, [0, 0], [0, 0], 0, ENVIT, None);
    let r = run(&mut st, chain);
    assert_eq!(r.points, [0, 0], "paid at the end");
    let mut st2 = st;
    let actor = st2.actor().seat().unwrap();
    let more = match actor {
        0 => "0:mazo 1:3C 2:mazo",
        _ => "1:3C 2:mazo 3:4O 0:mazo",
    };
    let r = run(&mut st2, more);
    let a = r.awards[0];
    assert_eq!(a.source, Source::EnvidoDeclined);
    (a.team, a.points)
}

#[test]
fn refusal_values() {
    assert_eq!(
        declined("0:envide 1:no-quiero"),
        (0, 1),
        "envide refused: 1"
    );
    assert_eq!(
        declined("0:envide 1:torne 2:no-quiero"),
        (1, 2),
        "torne refused: 2"
    );
    assert_eq!(declined("0:falta 1:no-quiero"), (0, 1), "falta refused: 1");
    assert_eq!(
        declined("0:envide 1:falta 2:no-quiero"),
        (1, 2),
        "falta answering an envide: 2"
    );
    assert_eq!(
        declined("0:envide 1:torne 2:falta 3:no-quiero"),
        (0, 4),
        "falta answering a torne: 4"
    );
}

#[test]
fn envit_call_rules() {
    let mut st = deal(V, [0, 0], [0, 0], 0, ENVIT, None);
    // Seat 1's window before seat 0's first card: raise or pass, no envit.
    assert_eq!(legal(&st), [Action::Raise, Action::Pass]);
    run(&mut st, "0:envide");
    let l = legal(&st);
    assert!(l.contains(&Action::RealEnvido) && l.contains(&Action::FaltaEnvido));
    assert!(!l.contains(&Action::Envido), "no second envide");
    run(&mut st, "1:torne");
    assert_eq!(
        legal(&st),
        [Action::Quiero, Action::NoQuiero, Action::FaltaEnvido],
        "torne is not repeated"
    );
    run(&mut st, "2:falta");
    assert_eq!(
        legal(&st),
        [Action::Quiero, Action::NoQuiero],
        "falta is final"
    );
    // Opening with torne is not allowed.
    let st = deal(V, [0, 0], [0, 0], 0, ENVIT, None);
    let mut s2 = st;
    run(&mut s2, "0:4E");
    pass_windows(&mut s2);
    let l = legal(&s2);
    assert!(!l.contains(&Action::RealEnvido) && l.contains(&Action::Envido));
}

#[test]
fn envit_timing_limits() {
    // A seat that called a truc may not call envit after; once a truc is accepted, no envit.
    let mut st = deal(V, [0, 0], [0, 0], 0, ENVIT, None);
    run(&mut st, "0:truc 1:quiero");
    let l = legal(&st);
    assert!(!l.contains(&Action::Envido), "truc accepted: no envit");
    // Ruling 12: a truc called on turn (seat 0) goes to a team that is not on turn: its
    // decider (seat 1) answers it and may not open the envit.
    let mut st = deal(V, [0, 0], [0, 0], 0, ENVIT, None);
    run(&mut st, "0:truc");
    assert_eq!(st.actor().seat(), Some(1));
    assert_eq!(
        legal(&st),
        [Action::Raise, Action::Quiero, Action::NoQuiero]
    );
    // An out-of-turn truc (seat 1, before seat 0's card): seat 0, on turn and not yet played,
    // may open the envit first (or pass); the decider (seat 2) may not.
    let mut st = deal(V, [0, 0], [0, 0], 0, ENVIT, None);
    run(&mut st, "1:truc");
    assert_eq!(st.actor(), truco_game::Actor::Seat(0));
    assert_eq!(
        legal(&st),
        [Action::Envido, Action::FaltaEnvido, Action::Pass]
    );
    run(&mut st, "0:envide");
    // Team 1 answers the envit (seat 1 decides, ruling 1).
    assert!(legal(&st).contains(&Action::Quiero));
    run(&mut st, "1:quiero");
    // The truc waited until the envit was settled; team 0's decider, seat 2, answers it.
    assert_eq!(st.actor().seat(), Some(2));
    let l = legal(&st);
    assert!(l.contains(&Action::Quiero) && !l.contains(&Action::Envido));
    // Passing leaves the truc to the decider, who may not open the envit either.
    let mut st = deal(V, [0, 0], [0, 0], 0, ENVIT, None);
    run(&mut st, "1:truc 0:pass");
    assert_eq!(st.actor().seat(), Some(2));
    assert_eq!(
        legal(&st),
        [Action::Raise, Action::Quiero, Action::NoQuiero]
    );
    // A seat that played may not call envit later: seat 0 plays, then on seat 2's turn...
    let mut st = deal(V, [0, 0], [0, 0], 0, ENVIT, None);
    run(&mut st, "0:4E 1:3C");
    pass_windows(&mut st);
    assert!(
        legal(&st).contains(&Action::Envido),
        "seat 2 has not played"
    );
    run(&mut st, "2:7E 3:4O");
    pass_windows(&mut st);
    // Trick 2: nobody may call envit any more (all have played).
    assert!(!legal(&st).contains(&Action::Envido));
}

#[test]
fn out_of_turn_truc_window() {
    let mut st = deal(V, [0, 0], [0, 0], 0, ENVIT, None);
    // Before seat 0's card, seat 1 (the other team, next in play order) may raise.
    assert_eq!(st.actor().seat(), Some(1));
    let r = run(&mut st, "1:truc 0:pass");
    assert!(r.points == [0, 0]);
    // Ruling 1: the answer is decided by team 0's seat first after the caller: seat 2.
    assert_eq!(st.actor().seat(), Some(2));
    run(&mut st, "2:quiero");
    // Then seat 0 plays as usual; team 0 accepted: its window is the next raise chance.
    assert_eq!(st.actor().seat(), Some(0));
    assert!(
        legal(&st).contains(&Action::Raise),
        "the accepting team raises next"
    );
    run(&mut st, "0:4E");
    // Before seat 1's card, seat 2 (team 0) holds the window: retruc or pass.
    assert_eq!(st.actor().seat(), Some(2));
    assert_eq!(legal(&st), [Action::Raise, Action::Pass]);
    run(&mut st, "2:pass");
    assert_eq!(st.actor().seat(), Some(1));
    assert!(
        !legal(&st).contains(&Action::Raise),
        "team 1 did not accept the last bet"
    );
}

#[test]
fn joc_fora_refused_pays_four() {
    let mut st = deal(V, [3, 5], [0, 0], 0, ENVIT, None);
    let r = run(
        &mut st,
        "0:truc 1:retruc 2:quatre-val 3:joc-fora 0:no-quiero",
    );
    assert_eq!(r.points, [0, 4]);
    assert_eq!(r.awards[0].source, Source::TrucoDeclined);
    assert!(!legal(&st).contains(&Action::Raise));
}

#[test]
fn joc_fora_accepted_wins_the_match() {
    let mut st = deal(V, [3, 5], [0, 0], 0, ENVIT, None);
    run(&mut st, "0:truc 1:retruc 2:quatre-val 3:joc-fora 0:quiero");
    assert_eq!(st.public().truco().level, 4);
    // Team 0 folds: team 1 wins the hand, hence both camas and the match.
    let r = run(&mut st, "0:mazo 1:3C 2:mazo");
    assert_eq!(r.awards.last().unwrap().source, Source::JocFora);
    assert_eq!(st.public().camas(), [0, 2]);
    assert!(st.public().match_over());
    assert_eq!(st.public().match_winner(), Some(1));
}

#[test]
fn falta_at_15_8_is_worth_9() {
    // Team 1 (8, holding the 33) wins the falta: 9, reaching 17; then 1 for the folded hand.
    let mut st = deal(V, [15, 8], [0, 0], 0, ENVIT, None);
    let r = run(&mut st, "0:falta 1:quiero 0:mazo 1:3C 2:mazo");
    assert_eq!(r.awards[0].points, 9, "15 vs 8: the falta is worth 9");
    assert_eq!(r.awards[0].team, 1);
    assert_eq!(st.public().score(), [15, 17 + 1]);
}

#[test]
fn camas_reset_excess_lost_envit_before_truc() {
    // Team 1 at 20 wins an envide (2) and the truc hand folds to it: envit 22, truc +1 = 23.
    let mut st = deal(V, [5, 20], [0, 0], 0, ENVIT, None);
    run(&mut st, "0:envide 1:quiero 0:mazo 1:3C 2:mazo");
    assert_eq!(st.public().score(), [5, 23]);
    // At 22, a retruc hand (3) won by team 1: 25 closes the cama, the excess 1 is lost.
    let mut st = deal(V, [5, 22], [1, 0], 0, ENVIT, None);
    run(&mut st, "0:truc 1:retruc 2:quiero 0:mazo 1:3C 2:mazo");
    assert_eq!(st.public().camas(), [1, 1]);
    assert_eq!(
        st.public().score(),
        [0, 0],
        "both scores reset, excess lost"
    );
    // The envit closes the cama: the hand's truc does not count in the new cama.
    let mut st = deal(V, [5, 23], [0, 0], 0, ENVIT, None);
    let r = run(
        &mut st,
        "0:envide 1:quiero 0:truc 1:quiero 0:mazo 1:3C 2:mazo",
    );
    assert_eq!(st.public().camas(), [0, 1]);
    assert_eq!(
        st.public().score(),
        [0, 0],
        "the truc is not counted in the new cama"
    );
    assert_eq!(r.awards.len(), 1);
    assert_eq!(r.awards[0].source, Source::Envido);
    // A falta while both teams are in the malas is worth 24: it closes the cama.
    let mut st = deal(V, [11, 3], [0, 0], 0, ENVIT, None);
    let r = run(&mut st, "0:falta 1:quiero 0:mazo 1:3C 2:mazo");
    assert_eq!(r.awards[0].points, 24);
    assert_eq!(st.public().camas(), [0, 1]);
    // The second cama wins the match.
    let mut st = deal(V, [5, 23], [1, 1], 0, ENVIT, None);
    run(&mut st, "0:envide 1:quiero 0:mazo 1:3C 2:mazo");
    assert_eq!(st.public().match_winner(), Some(1));
}

#[test]
fn folding_only_on_turn_without_a_pending_bet() {
    let mut st = deal(V, [0, 0], [0, 0], 0, ENVIT, None);
    run(&mut st, "0:truc");
    assert!(!legal(&st).contains(&Action::Mazo), "no fold as an answer");
    run(&mut st, "1:quiero");
    assert!(legal(&st).contains(&Action::Mazo));
}
