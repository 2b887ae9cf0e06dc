//! Heads-up paulista (`players=2`, `ferro=open`): two seats, the non-dealer leads, the open
//! hand at 11-11, the mão de onze decided alone, three parda tricks to the mão.

mod common;

use common::{deal, legal, run};
use truco_game::{Action, Actor, Match, RuleSet, Source, Spot};

fn hu(open: bool) -> RuleSet {
    let opts: &[&str] = if open {
        &["players=2", "ferro=open"]
    } else {
        &["players=2"]
    };
    RuleSet::new("paulista", opts).unwrap()
}

/// A 7 as vira: the valets (10) are the manilhas. Seat 0 holds the pica-fumo.
const HANDS: &str = "10O 3E 4C / 3B 2E 5C";

#[test]
fn two_seats_the_mano_leads_and_truco_is_normal_below_eleven() {
    let mut st = deal(hu(true), [3, 4], [0, 0], 1, HANDS, Some("7O"));
    assert_eq!(st.actor(), Actor::Seat(1), "the non-dealer (mano) leads");
    assert!(legal(&st).contains(&Action::Raise));
    // Truco accepted, six refused: seat 1 takes 3.
    let r = run(&mut st, "1:truco 0:seis 1:no-quiero");
    assert_eq!(r.points, [3, 0]);
}

#[test]
fn open_ferro_is_worth_three_with_no_call() {
    let mut st = deal(hu(true), [11, 11], [0, 0], 0, HANDS, Some("7O"));
    let p = st.public();
    assert!(!p.is_iron() && p.is_open_iron());
    assert_eq!(p.truco_value(), 3);
    assert_eq!(p.mao_de_onze(), None);
    // Own cards visible, normal card play, no raise.
    let l = legal(&st);
    assert!(!l.contains(&Action::Raise));
    assert!(l.contains(&Action::Play("10O".parse().unwrap())));
    assert!(!st.view(0).unwrap().is_blind());
    let r = run(&mut st, "0:10O 1:3B 0:3E 1:2E");
    assert_eq!(r.points, [3, 0]);
    assert!(st.public().match_over());
    assert_eq!(st.public().score(), [14, 11]);
}

#[test]
fn blind_ferro_stays_the_default_heads_up() {
    let st = deal(hu(false), [11, 11], [0, 0], 0, HANDS, Some("7O"));
    assert!(st.public().is_iron() && !st.public().is_open_iron());
    assert_eq!(
        legal(&st),
        [Action::Blind(0), Action::Blind(1), Action::Blind(2)]
    );
}

#[test]
fn mao_de_onze_decided_alone() {
    let mut st = deal(hu(true), [4, 11], [0, 0], 0, HANDS, Some("7O"));
    assert_eq!(st.actor(), Actor::Team { team: 1, seat: 1 });
    let v = st.view(1).unwrap();
    assert_eq!(v.partner_cards(), None, "no partner heads-up");
    let r = run(&mut st, "1:run");
    assert_eq!((r.points, r.awards[0].source), ([1, 0], Source::ElevenRun));
    let mut st = deal(hu(true), [4, 11], [0, 0], 0, HANDS, Some("7O"));
    run(&mut st, "1:play");
    assert!(!legal(&st).contains(&Action::Raise));
    let r = run(&mut st, "0:10O 1:3B 0:4C 1:2E 1:5C 0:3E");
    assert_eq!(r.points, [3, 0], "won 2-1 by seat 0, worth 3");
}

#[test]
fn three_parda_tricks_go_to_the_mao() {
    // Same ranks on both sides (vira 7O: 10s are manilhas, none dealt).
    let hands = "3E 2E 1E / 3B 2B 1B";
    for (open, score, mano_pts) in [(true, [0, 0], 1), (true, [11, 11], 3), (false, [5, 5], 1)] {
        let mut st = deal(hu(open), score, [0, 0], 1, hands, Some("7O"));
        let r = run(&mut st, "1:3B 0:3E 1:2B 0:2E 1:1B 0:1E");
        assert_eq!(
            r.points,
            [0, mano_pts],
            "{score:?}: the mão (seat 1) scores"
        );
    }
    // The blind mão de ferro ending so is replayed.
    let mut st = deal(hu(false), [11, 11], [0, 0], 1, hands, Some("7O"));
    let r = run(
        &mut st,
        "1:blind-0 0:blind-0 1:blind-0 0:blind-0 1:blind-0 0:blind-0",
    );
    assert_eq!(r.points, [0, 0]);
    assert!(!st.public().match_over());
}

#[test]
fn heads_up_spots_round_trip() {
    let mut st = deal(hu(true), [11, 11], [0, 0], 0, HANDS, Some("7O"));
    run(&mut st, "0:10O 1:3B 0:hide-4C");
    let v = st.view(1).unwrap();
    let spot = Spot::from_view(&v).unwrap();
    let text = spot.to_string();
    assert!(text.starts_with("paulista players=2 ferro=open"), "{text}");
    let back: Spot = text.parse().unwrap();
    assert_eq!(back.to_view().unwrap(), v);
}

#[test]
fn heads_up_matches_alternate_the_dealer_and_end() {
    for seed in 0..20 {
        let mut m = Match::new(hu(true), seed);
        let w = m.play(|_, _, legal| legal.as_slice()[0]).unwrap();
        assert!(m.score()[w as usize] >= 12);
        assert!(m.score()[1 - w as usize] < 12);
    }
}
