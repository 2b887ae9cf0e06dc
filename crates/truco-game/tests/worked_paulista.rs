//! Every worked example of the paulista rule text (`docs/rules/paulista.md`), through the
//! engine, and the paulista views (hidden card, mão de onze, mão de ferro).

mod common;

use common::{deal, legal, run};
use truco_game::{Action, Actor, Event, RuleSet, Source, State};

const P: RuleSet = RuleSet::PAULISTA;

/// A 7 as vira: the valets (10) are the manilhas.
const HANDS: &str = "10O 3E 4C / 3B 2E 5C / 10B 6E 4O / 1C 12B 7B";

fn hand(score: [u8; 2]) -> State {
    deal(P, score, [0, 0], 0, HANDS, Some("7O"))
}

#[test]
fn manilhas_with_a_seven_as_vira_in_a_trick() {
    // The pica-fumo (10O) beats every three; the zap (10B) beats it.
    let mut st = hand([0, 0]);
    run(&mut st, "0:10O 1:3B 2:6E 3:1C");
    assert_eq!(
        st.public().trick_result(0),
        Some(0),
        "10O (manilha) beats 3B"
    );
    let mut st = hand([0, 0]);
    run(&mut st, "0:10O 1:3B 2:10B 3:1C");
    assert_eq!(st.public().trick_result(0), Some(0));
    // Same-rank non-manilhas tie (suits equal): 3E vs 3B is a parda.
    let mut st = hand([0, 0]);
    run(&mut st, "0:3E 1:3B 2:4O 3:7B");
    assert_eq!(st.public().trick_result(0), Some(2), "3E and 3B tie");
}

#[test]
fn the_deal_event_carries_the_vira() {
    let st = hand([0, 0]);
    assert_eq!(st.deal_event(), Event::Vira("7O".parse().unwrap()));
    assert_eq!(st.public().vira(), Some("7O".parse().unwrap()));
    // The vira is no one's card.
    let start = truco_game::PublicState::new_hand(P, [0, 0], 0).unwrap();
    let hs: Vec<_> = HANDS.split('/').map(common::cards).collect();
    assert!(State::deal_with_vira(start, &hs, Some("10O".parse().unwrap())).is_err());
    assert!(
        State::deal(start, &hs).is_err(),
        "a paulista deal needs a vira"
    );
}

#[test]
fn truco_six_nine_twelve_and_refusals() {
    // Refusing pays what the hand was worth before: truco 1, six 3, nine 6, twelve 9.
    for (calls, pts) in [
        ("0:truco 1:no-quiero", [1, 0]),
        ("0:truco 1:seis 2:no-quiero", [0, 3]),
        ("0:truco 1:seis 2:nove 3:no-quiero", [6, 0]),
        ("0:truco 1:seis 2:nove 3:doze 0:no-quiero", [0, 9]),
    ] {
        let mut st = hand([0, 0]);
        assert_eq!(run(&mut st, calls).points, pts, "{calls}");
    }
    // After twelve no one raises; an accepted twelve is worth 12.
    let mut st = hand([0, 0]);
    run(&mut st, "0:truco 1:seis 2:nove 3:doze 0:quiero");
    assert!(!legal(&st).contains(&Action::Raise));
    assert_eq!(st.public().truco_value(), 12);
    // Only the team that accepted the last bet raises, on its turn.
    let mut st = hand([0, 0]);
    run(&mut st, "0:truco 1:quiero");
    assert!(
        !legal(&st).contains(&Action::Raise),
        "seat 0's team called it"
    );
    run(&mut st, "0:10O");
    assert!(
        legal(&st).contains(&Action::Raise),
        "seat 1's team accepted it"
    );
}

#[test]
fn no_envido_no_flor_no_fold() {
    let st = hand([0, 0]);
    let l = legal(&st);
    for a in [Action::Envido, Action::Flor, Action::Mazo, Action::Pass] {
        assert!(!l.contains(&a), "{a} in {l:?}");
    }
    assert!(l.contains(&Action::Raise));
}

#[test]
fn hidden_card_from_trick_two() {
    let mut st = hand([0, 0]);
    assert!(
        !legal(&st).iter().any(|a| matches!(a, Action::Hide(_))),
        "no hidden card in trick 1"
    );
    // Trick 1: seat 0's manilha wins; seat 0 leads trick 2 and may hide.
    run(&mut st, "0:10O 1:3B 2:6E 3:1C");
    assert!(legal(&st).contains(&Action::Hide("3E".parse().unwrap())));
    let r = run(&mut st, "0:hide-3E");
    assert_eq!(
        r.events,
        [Event::Hidden { seat: 0 }],
        "the event does not name the card"
    );
    assert!(st.public().is_hidden(1, 0));
    assert!(
        !st.hand(0).contains("3E".parse().unwrap()),
        "the State removed the card"
    );
    // The hidden card neither wins nor ties: 5C (seat 1) wins trick 2 alone.
    run(&mut st, "1:5C 2:4O 3:7B");
    assert_eq!(st.public().trick_result(1), Some(1));
    // Views: other seats do not learn the card; seat 0 knows it hid it.
    let v0 = st.view(0).unwrap();
    assert!(v0.hidden_played().contains("3E".parse().unwrap()));
    assert!(!v0.hand().contains("3E".parse().unwrap()));
    let v1 = st.view(1).unwrap();
    assert!(v1.hidden_played().is_empty());
    assert!(!v1.public().played_set().contains("3E".parse().unwrap()));
}

#[test]
fn a_hidden_card_view_does_not_depend_on_which_card() {
    // Seat 0 hides 3E or 4C: the other seats' views are equal.
    let views = |hide: &str| {
        let mut st = hand([0, 0]);
        run(&mut st, &format!("0:10O 1:3B 2:6E 3:1C 0:hide-{hide}"));
        (1..4).map(|s| st.view(s).unwrap()).collect::<Vec<_>>()
    };
    assert_eq!(views("3E"), views("4C"));
}

#[test]
fn mao_de_onze_play_for_three_or_run() {
    // Team 1 at 11: its first seat from the mano (seat 1) decides, no truco in the hand.
    let mut st = hand([5, 11]);
    assert_eq!(st.actor(), Actor::Team { team: 1, seat: 1 });
    assert_eq!(legal(&st), [Action::Quiero, Action::NoQuiero]);
    let r = run(&mut st, "1:run");
    assert_eq!(r.points, [1, 0], "running gives the other team 1");
    assert_eq!(r.awards[0].source, Source::ElevenRun);
    let mut st = hand([5, 11]);
    run(&mut st, "1:play");
    assert!(
        !legal(&st).contains(&Action::Raise),
        "no truco in the mão de onze"
    );
    // Team 0 wins trick 1 (zap) and trick 2 (a three over a two): the hand is worth 3.
    let r = run(&mut st, "0:10O 1:3B 2:10B 3:1C 2:6E 3:7B 0:3E 1:2E");
    assert!(st.public().is_over());
    assert_eq!(r.points, [3, 0]);
}

#[test]
fn mao_de_onze_decider_sees_the_partner() {
    let st = hand([11, 4]);
    // Team 0 at 11 decides with seat 0 (the mano), who sees seat 2's cards.
    assert_eq!(st.actor(), Actor::Team { team: 0, seat: 0 });
    let v0 = st.view(0).unwrap();
    assert_eq!(
        v0.partner_cards(),
        Some(
            st.dealt(2)
                .map(|mut h| {
                    h.sort();
                    h
                })
                .unwrap()
        )
    );
    assert!(st.view(2).unwrap().partner_cards().is_some());
    assert_eq!(
        st.view(1).unwrap().partner_cards(),
        None,
        "the other team sees no partner"
    );
    assert_eq!(st.view(3).unwrap().partner_cards(), None);
    // Outside a mão de onze nobody sees a partner.
    assert_eq!(hand([10, 4]).view(0).unwrap().partner_cards(), None);
}

#[test]
fn mao_de_ferro_is_blind() {
    let mut st = hand([11, 11]);
    assert!(st.public().is_iron());
    assert_eq!(
        legal(&st),
        [Action::Blind(0), Action::Blind(1), Action::Blind(2)],
        "blind choices, no truco"
    );
    let v = st.view(0).unwrap();
    assert!(v.is_blind());
    assert_eq!(v.known_dealt(), None, "no one sees even their own cards");
    assert!(v.hand().is_empty());
    // Two deals with the same vira give the same (blind) views before any card falls.
    let other = deal(
        P,
        [11, 11],
        [0, 0],
        0,
        "3B 2E 5C / 10O 3E 4C / 1C 12B 7B / 10B 6E 4O",
        Some("7O"),
    );
    for s in 0..4 {
        assert_eq!(st.view(s).unwrap(), other.view(s).unwrap());
    }
    // The card turns over as it falls: blind-1 is seat 0's second card in deal order.
    let r = run(&mut st, "0:blind-1");
    assert_eq!(
        r.events,
        [Event::Act {
            seat: 0,
            action: Action::Play("3E".parse().unwrap())
        }]
    );
}

#[test]
fn mao_de_ferro_triple_parda_scores_nothing() {
    // Every trick ties on top between the teams.
    let hands = "3E 2E 1E / 3B 2B 1B / 4E 5E 6E / 4B 5B 6B";
    let mut st = deal(P, [11, 11], [0, 0], 0, hands, Some("7O"));
    let r = run(
        &mut st,
        "0:blind-0 1:blind-0 2:blind-0 3:blind-0 0:blind-0 1:blind-0 2:blind-0 3:blind-0 0:blind-0 1:blind-0 2:blind-0 3:blind-0",
    );
    assert!(st.public().is_over());
    assert_eq!(
        r.points,
        [0, 0],
        "no one scores: another mão de ferro is dealt"
    );
    assert_eq!(st.public().hand_winner(), None);
    assert!(!st.public().match_over());
}

#[test]
fn a_won_mao_de_ferro_wins_the_match_and_scores_may_pass_twelve() {
    let mut st = deal(P, [11, 11], [0, 0], 0, HANDS, Some("7O"));
    // Seat 0 plays 10O (manilha) first, then seat 2 its 10B.
    run(&mut st, "0:blind-0 1:blind-0 2:blind-0 3:blind-0");
    assert_eq!(st.public().trick_result(0), Some(0));
    let mut legal_now = legal(&st);
    while !st.public().is_over() {
        st.apply(legal_now[0]).unwrap();
        legal_now = legal(&st);
    }
    assert!(st.public().match_over());
    // A six accepted at 10-10 and won gives 16: the score passes 12.
    let mut st = hand([10, 10]);
    let r = run(
        &mut st,
        "0:truco 1:seis 2:quiero 0:10O 1:3B 2:10B 3:1C 2:6E 3:7B 0:3E 1:2E",
    );
    assert_eq!(r.points, [6, 0]);
    assert_eq!(st.public().score(), [16, 10]);
}
