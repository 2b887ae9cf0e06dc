//! Hands driven through `State::apply`, checking the points.

use crate::action::{Action, ActionList, Actor, Source};
use crate::log::EventLog;
use crate::public::Phase;
use crate::rules::RuleSet;
use crate::testutil::{deal, run};

const H1: &str = "1E 7O 4C / 3B 2B 12O";

fn one() -> RuleSet {
    RuleSet::ARG_1V1
}

#[test]
fn plain_hand_by_tricks() {
    let mut st = deal(one(), [0, 0], 0, H1);
    assert_eq!(st.actor(), Actor::Seat(0));
    let pts = run(&mut st, "1E 3B 4C 2B 12O 7O");
    assert_eq!(pts, [1, 0]);
    assert!(st.public().is_over());
    assert_eq!(st.public().hand_winner(), Some(0));
}

#[test]
fn hand_ends_as_soon_as_won() {
    let mut st = deal(one(), [0, 0], 0, "1E 7E 4C / 3B 2B 12O");
    assert_eq!(run(&mut st, "1E 3B 7E 2B"), [2 - 1, 0]);
    assert!(st.public().is_over(), "no third trick after two wins");
}

#[test]
fn truco_accepted_and_refusal_values() {
    let mut st = deal(one(), [0, 0], 0, H1);
    assert_eq!(run(&mut st, "raise quiero 1E 3B 4C 2B 12O 7O"), [2, 0]);
    // Truco refused: 1. Retruco refused: 2. Vale cuatro refused: 3.
    let mut st = deal(one(), [0, 0], 0, H1);
    assert_eq!(run(&mut st, "raise no-quiero"), [1, 0]);
    let mut st = deal(one(), [0, 0], 0, H1);
    assert_eq!(run(&mut st, "raise raise no-quiero"), [0, 2]);
    let mut st = deal(one(), [0, 0], 0, H1);
    assert_eq!(run(&mut st, "raise raise raise no-quiero"), [3, 0]);
    // Vale cuatro cannot be raised.
    let mut st = deal(one(), [0, 0], 0, H1);
    run(&mut st, "raise raise raise");
    let mut l = ActionList::new();
    st.legal_actions(&mut l);
    assert!(!l.contains(Action::Raise));
}

#[test]
fn only_the_accepting_side_raises_later() {
    let mut st = deal(one(), [0, 0], 0, H1);
    run(&mut st, "raise quiero");
    let mut l = ActionList::new();
    st.legal_actions(&mut l);
    assert_eq!(st.actor(), Actor::Seat(0));
    assert!(
        !l.contains(Action::Raise),
        "the caller may not raise his own accepted call"
    );
    run(&mut st, "1E");
    st.legal_actions(&mut l);
    assert!(
        l.contains(Action::Raise),
        "the accepting player may raise on his turn"
    );
    assert_eq!(run(&mut st, "raise no-quiero"), [0, 2]);
}

fn envido_points(chain: &str, answer: &str, score: [u8; 2]) -> [u32; 2] {
    let mut st = deal(one(), score, 0, "7O 6O 1C / 5C 10C 4E");
    run(&mut st, &format!("{chain} {answer}"))
}

#[test]
fn declined_envido_chain_values() {
    // Ruling 4: the chain's value before the last call, at least 1. Callers alternate seats.
    assert_eq!(envido_points("envido", "no-quiero", [0, 0]), [1, 0]);
    assert_eq!(envido_points("envido envido", "no-quiero", [0, 0]), [0, 2]);
    assert_eq!(envido_points("real-envido", "no-quiero", [0, 0]), [1, 0]);
    assert_eq!(
        envido_points("envido real-envido", "no-quiero", [0, 0]),
        [0, 2]
    );
    assert_eq!(
        envido_points("envido falta-envido", "no-quiero", [0, 0]),
        [0, 2]
    );
    assert_eq!(envido_points("falta-envido", "no-quiero", [0, 0]), [1, 0]);
    assert_eq!(
        envido_points(
            "envido envido real-envido falta-envido",
            "no-quiero",
            [0, 0]
        ),
        [0, 7]
    );
}

#[test]
fn accepted_envido_chain_values() {
    // Seat 0 holds 33, seat 1 holds 25.
    assert_eq!(envido_points("envido", "quiero", [0, 0]), [2, 0]);
    assert_eq!(envido_points("envido envido", "quiero", [0, 0]), [4, 0]);
    assert_eq!(
        envido_points("envido real-envido", "quiero", [0, 0]),
        [5, 0]
    );
    assert_eq!(envido_points("real-envido", "quiero", [0, 0]), [3, 0]);
    // Accepted falta replaces the chain: what the leader (9) needs for 15.
    assert_eq!(
        envido_points("envido envido falta-envido", "quiero", [3, 9]),
        [6, 0]
    );
}

#[test]
fn envido_chain_limits() {
    let mut st = deal(one(), [0, 0], 0, H1);
    run(&mut st, "envido envido");
    let mut l = ActionList::new();
    st.legal_actions(&mut l);
    assert!(!l.contains(Action::Envido), "envido only twice");
    assert!(l.contains(Action::RealEnvido) && l.contains(Action::FaltaEnvido));
    run(&mut st, "real-envido");
    st.legal_actions(&mut l);
    assert!(!l.contains(Action::RealEnvido) && l.contains(Action::FaltaEnvido));
    run(&mut st, "falta-envido");
    st.legal_actions(&mut l);
    assert!(!l.contains(Action::FaltaEnvido) && l.contains(Action::Quiero));
}

#[test]
fn envido_ties_go_to_the_mano() {
    let mut st = deal(one(), [0, 0], 1, "7O 6O 1C / 7E 6E 4C");
    assert_eq!(st.actor(), Actor::Seat(1));
    assert_eq!(run(&mut st, "envido quiero"), [0, 2]);
}

#[test]
fn envido_first_interrupts_truco() {
    // 1v1 diagram: B (mano, seat 0) calls truco, W (seat 1, 6-5 espadas = 31) answers envido.
    let mut st = deal(one(), [0, 0], 0, "7B 3O 12C / 6E 5E 2O");
    run(&mut st, "raise envido");
    assert_eq!(st.actor(), Actor::Team { team: 0, seat: 0 });
    assert_eq!(run(&mut st, "quiero"), [0, 2]);
    assert!(st.public().envido().done);
    // The truco is still pending and W must answer it.
    assert_eq!(st.actor(), Actor::Team { team: 1, seat: 1 });
    let mut l = ActionList::new();
    st.legal_actions(&mut l);
    assert!(!l.contains(Action::Envido));
    assert_eq!(run(&mut st, "quiero"), [0, 0]);
    assert_eq!(st.public().truco().level, 1);
}

#[test]
fn no_envido_after_truco_accepted_or_trick_one() {
    let mut st = deal(one(), [0, 0], 0, H1);
    run(&mut st, "raise quiero");
    let mut l = ActionList::new();
    st.legal_actions(&mut l);
    assert!(!l.contains(Action::Envido));
    let mut st = deal(one(), [0, 0], 0, H1);
    run(&mut st, "7O");
    st.legal_actions(&mut l);
    assert!(l.contains(Action::Envido), "1v1: until the end of trick 1");
    run(&mut st, "3B");
    st.legal_actions(&mut l);
    assert!(!l.contains(Action::Envido));
}

#[test]
fn arg_1v1_mano_may_call_envido_first_after_playing() {
    let mut st = deal(one(), [0, 0], 0, H1);
    run(&mut st, "4C raise");
    let mut l = ActionList::new();
    st.legal_actions(&mut l);
    assert!(l.contains(Action::Envido), "trick 1 is not over");
}

#[test]
fn ruling_5_fold_with_pending_calls() {
    // Envido pending: declined (1), then the hand lost at its value (1).
    let mut st = deal(one(), [0, 0], 0, H1);
    assert_eq!(run(&mut st, "envido mazo"), [2, 0]);
    // Envido-envido pending under an accepted truco: 2 declined + 2.
    let mut st = deal(one(), [0, 0], 0, H1);
    let pts = run(&mut st, "raise envido envido mazo");
    assert_eq!(
        pts,
        [2 + 1, 0],
        "seat 1 folds: envido declined 2, hand at value 1"
    );
    // Retruco pending: folding pays the refusal value 2 only.
    let mut st = deal(one(), [0, 0], 0, H1);
    assert_eq!(run(&mut st, "raise raise mazo"), [0, 2]);
    // Fold on one's turn.
    let mut st = deal(one(), [0, 0], 0, H1);
    assert_eq!(run(&mut st, "raise quiero mazo"), [0, 2]);
}

#[test]
fn ruling_6_whole_team_fold_2v2() {
    let r = RuleSet::ARG_2V2;
    let hands = "1E 7O 4C / 3B 2B 12O / 5E 6E 7C / 4O 5O 6O";
    // Both of team 0 fold in trick 1 before the envido: 1 + 1.
    let mut st = deal(r, [0, 0], 0, hands);
    assert_eq!(run(&mut st, "mazo 3B mazo"), [0, 2]);
    // After the envido was played: only the truco value.
    let mut st = deal(r, [0, 0], 0, hands);
    let pts = run(&mut st, "envido no-quiero mazo 3B mazo");
    assert_eq!(pts, [1, 1]);
    // After trick 1, with truco accepted: truco value 2.
    let mut st = deal(r, [0, 0], 0, hands);
    let pts = run(&mut st, "raise quiero 4C 12O 5E 4O");
    assert_eq!(st.public().trick(), 1);
    assert_eq!(pts, [0, 0]);
    assert_eq!(run(&mut st, "2B mazo 5O mazo"), [0, 2]);
}

#[test]
fn partner_continues_after_a_fold() {
    let r = RuleSet::ARG_2V2;
    let mut st = deal(r, [0, 0], 0, "1E 7O 4C / 3B 2B 12O / 5E 6E 7C / 4O 5O 6O");
    run(&mut st, "mazo 3B 5E 4O");
    assert_eq!(st.public().trick_result(0), Some(1));
    assert_eq!(st.actor(), Actor::Seat(1));
    assert!(st.public().is_folded(0));
    // 2v2: no folding as an answer.
    run(&mut st, "raise");
    let mut l = ActionList::new();
    st.legal_actions(&mut l);
    assert_eq!(st.actor(), Actor::Team { team: 0, seat: 2 });
    assert!(!l.contains(Action::Mazo));
}

#[test]
fn arg_2v2_envido_window() {
    let r = RuleSet::ARG_2V2;
    let hands = "1E 7O 4C / 3B 2B 12O / 5E 6E 7C / 4O 5O 6O";
    let mut st = deal(r, [0, 0], 0, hands);
    run(&mut st, "4C raise");
    // Truco by seat 1: team 0's decider is seat 2, who has not played: envido first allowed.
    let mut l = ActionList::new();
    st.legal_actions(&mut l);
    assert_eq!(st.actor(), Actor::Team { team: 0, seat: 2 });
    assert!(l.contains(Action::Envido));
    run(&mut st, "quiero 12O 7C 4O");
    assert_eq!(st.public().trick(), 1);
    // Seat 0 has played: a truco from seat 3 can't be answered with envido by seat 0.
    let mut st = deal(r, [0, 0], 0, hands);
    run(&mut st, "4C 12O 7C raise");
    assert_eq!(st.actor(), Actor::Team { team: 0, seat: 0 });
    st.legal_actions(&mut l);
    assert!(!l.contains(Action::Envido));
    // Classic allows it (the German envido-first has no such limit).
    let mut st = deal(RuleSet::ARG_CLASSIC, [0, 0], 0, hands);
    run(&mut st, "4C 12O 7C raise");
    st.legal_actions(&mut l);
    assert!(l.contains(Action::Envido));
}

#[test]
fn envido_reaching_target_stops_the_hand() {
    let mut st = deal(one(), [13, 14], 0, "7O 6O 1C / 5C 10C 4E");
    assert_eq!(run(&mut st, "envido quiero"), [2, 0]);
    assert!(st.public().is_over() && st.public().match_over());
    assert_eq!(st.public().score(), [15, 14]);
    assert_eq!(
        st.apply(Action::Mazo),
        Err(crate::public::PlayError::HandOver)
    );
}

#[test]
fn illegal_actions_are_errors() {
    let mut st = deal(one(), [0, 0], 0, H1);
    let before = st;
    assert!(st.apply(Action::Quiero).is_err());
    assert!(
        st.apply(Action::Play("3B".parse().unwrap())).is_err(),
        "not in hand"
    );
    assert_eq!(st, before, "a rejected action changes nothing");
}

#[test]
fn two_v_two_pardas_and_partner_ties() {
    let r = RuleSet::ARG_2V2;
    // Trick 1: 3E (s0) and 3B (s1) tie across teams: parda; seat 0 led, leads again.
    let mut st = deal(r, [0, 0], 0, "3E 1E 4C / 3B 4B 5B / 4O 5O 6O / 4E 5E 6E");
    run(&mut st, "3E 3B 4O 4E");
    assert_eq!(st.public().trick_result(0), Some(crate::tricks::PARDA));
    assert_eq!(st.actor(), Actor::Seat(0));
    // 1E led in trick 2 cannot be beaten nor tied: it decides the hand at once (ruling 14).
    assert_eq!(run(&mut st, "1E"), [1, 0]);
    assert!(st.public().is_over());
}

#[test]
fn replay_of_public_events_matches() {
    let mut st = deal(one(), [0, 0], 0, "7B 3O 12C / 6E 5E 2O");
    let start = crate::public::PublicState::new_hand(one(), [0, 0], 0).unwrap();
    let mut log = EventLog::new();
    log.push(crate::action::Event::Deal);
    for a in "raise envido quiero quiero 7B 2O 6E 3O 12C 5E".split_whitespace() {
        let (e, _) = st.apply(a.parse().unwrap()).unwrap();
        log.push(e);
    }
    let (replayed, pts) = log.replay(start).unwrap();
    assert_eq!(&replayed, st.public());
    assert_eq!(pts, [2, 2]);
    assert_eq!(replayed.envido().totals[0..2], [7, 31]);
    // A quiero to an envido without the revealed totals is rejected.
    let mut p = start;
    for e in &log.as_slice()[..3] {
        p.apply_event(*e).unwrap();
    }
    let bad = crate::action::Event::Act {
        seat: 0,
        action: Action::Quiero,
    };
    assert!(p.apply_event(bad).is_err());
}

#[test]
fn records_reveal_hides_losing_totals() {
    let r = RuleSet::ARG_2V2;
    // From mano 0: 5 (shown), 33 (shown), 20 (hidden: son buenas), 31 (hidden).
    let mut st = deal(
        r,
        [0, 0],
        0,
        "5E 12B 11O / 7O 6O 1C / 12C 11C 3B / 6C 5C 4E",
    );
    run(&mut st, "envido quiero");
    let t = st.public().envido().totals;
    assert_eq!(t[..4], [5, 33, crate::NONE, crate::NONE]);
    assert_eq!(st.public().score(), [0, 2]);
}

#[test]
fn early_mazo_option() {
    let r = RuleSet::new("arg-classic", &["players=2", "early-mazo"]).unwrap();
    let mut st = deal(r, [0, 0], 0, H1);
    assert_eq!(run(&mut st, "mazo"), [0, 2]);
    let r = RuleSet::new("arg-classic", &["players=2"]).unwrap();
    let mut st = deal(r, [0, 0], 0, H1);
    assert_eq!(run(&mut st, "mazo"), [0, 1]);
    let mut st = deal(r, [0, 0], 0, H1);
    assert_eq!(st.public().phase(), Phase::Play);
    assert_eq!(run(&mut st, "raise quiero mazo"), [0, 2]);
}

#[test]
fn awards_name_their_rule() {
    let mut st = deal(one(), [0, 0], 0, H1);
    let (_, aw) = st.apply(Action::Envido).unwrap();
    assert_eq!(aw.iter().count(), 0);
    let (_, aw) = st.apply(Action::Mazo).unwrap();
    let srcs: Vec<_> = aw.iter().map(|a| (a.source, a.team, a.points)).collect();
    assert_eq!(
        srcs,
        vec![(Source::EnvidoDeclined, 0, 1), (Source::Fold, 0, 1)]
    );
}

fn flor2() -> RuleSet {
    RuleSet::new("arg-classic", &["players=2", "flor"]).unwrap()
}

#[test]
fn flor_is_mandatory_and_scores_three_after_trick_one() {
    let mut st = deal(flor2(), [0, 0], 0, "1E 7E 4E / 3B 2B 12O");
    let mut l = ActionList::new();
    st.legal_actions(&mut l);
    assert_eq!(l.as_slice(), &[Action::Flor]);
    assert_eq!(run(&mut st, "flor"), [0, 0]);
    st.legal_actions(&mut l);
    assert!(!l.contains(Action::Envido), "a flor closes the envido");
    assert_eq!(run(&mut st, "4E"), [0, 0]);
    assert_eq!(
        run(&mut st, "3B"),
        [3, 0],
        "no opposing flor by the end of trick 1"
    );
}

#[test]
fn flor_voids_a_pending_envido() {
    let mut st = deal(flor2(), [0, 0], 0, "3B 2B 12O / 1E 7E 4E");
    run(&mut st, "envido");
    let mut l = ActionList::new();
    st.legal_actions(&mut l);
    assert_eq!(l.as_slice(), &[Action::Flor]);
    assert_eq!(run(&mut st, "flor"), [0, 0]);
    assert!(st.public().envido().done && !st.public().envido().pending);
    assert_eq!(st.actor(), Actor::Seat(0));
    assert_eq!(run(&mut st, "3B 4E"), [0, 3]);
}

#[test]
fn flor_answers_a_truco_first() {
    let mut st = deal(flor2(), [0, 0], 0, "3B 2B 12O / 1E 7E 4E");
    run(&mut st, "raise flor");
    assert_eq!(st.actor(), Actor::Team { team: 1, seat: 1 });
    assert_eq!(run(&mut st, "quiero 3B 4E 2B 1E 7E 12O"), [0, 3 + 2]);
}

#[test]
fn flor_contests() {
    const BOTH: &str = "1E 7E 4E / 3B 2B 6B";
    // Plain contest: the higher flor (32 vs 31) wins the flor points.
    let mut st = deal(flor2(), [0, 0], 0, BOTH);
    run(&mut st, "flor 4E");
    let mut l = ActionList::new();
    st.legal_actions(&mut l);
    assert_eq!(l.as_slice(), &[Action::Flor, Action::Contraflor]);
    assert_eq!(run(&mut st, "flor"), [3, 0]);
    assert_eq!(
        st.public().flor().totals[..2],
        [32, crate::NONE],
        "31 son buenas"
    );
    assert_eq!(run(&mut st, "6B"), [0, 0], "no second flor award");
    // Contraflor accepted: 6 to the best flor.
    let mut st = deal(flor2(), [0, 0], 0, BOTH);
    assert_eq!(run(&mut st, "flor 4E contraflor quiero"), [6, 0]);
    // Contraflor declined: the contraflor team scores the value before the raise, 3.
    let mut st = deal(flor2(), [0, 0], 0, BOTH);
    assert_eq!(run(&mut st, "flor 4E contraflor no-quiero"), [0, 3]);
}

#[test]
fn views_hide_other_hands() {
    let a = deal(
        RuleSet::ARG_2V2,
        [3, 4],
        0,
        "1E 7O 4C / 3B 2B 12O / 5E 6E 7C / 4O 5O 6O",
    );
    let b = deal(
        RuleSet::ARG_2V2,
        [3, 4],
        0,
        "1E 7O 4C / 3C 2C 12E / 5B 6B 7B / 4E 5C 6C",
    );
    assert_eq!(
        a.view(0).unwrap(),
        b.view(0).unwrap(),
        "other seats' cards are hidden from seat 0"
    );
    assert_ne!(a.view(1).unwrap(), b.view(1).unwrap());
    let mut a2 = a;
    let mut b2 = b;
    run(&mut a2, "4C");
    run(&mut b2, "4C");
    assert_eq!(a2.view(0).unwrap(), b2.view(0).unwrap());
    run(&mut a2, "3B");
    run(&mut b2, "3C");
    assert_ne!(
        a2.view(0).unwrap(),
        b2.view(0).unwrap(),
        "a card played face up is visible"
    );
    // Same public history, same own cards in another order: same view.
    let c = deal(
        RuleSet::ARG_2V2,
        [3, 4],
        0,
        "4C 1E 7O / 3C 2C 12E / 5B 6B 7B / 4E 5C 6C",
    );
    assert_eq!(c.view(0).unwrap(), b.view(0).unwrap());
    assert_eq!(a.view(0).unwrap().hand().len(), 3);
    assert_eq!(a2.view(0).unwrap().hand().len(), 2);
    assert_eq!(a.view(4), Err(crate::public::PlayError::NoSuchSeat(4)));
}

#[test]
fn state_is_small() {
    let ps = std::mem::size_of::<crate::public::PublicState>();
    let s = std::mem::size_of::<crate::state::State>();
    // 132 with the paulista / valencian fields (vira, camas, mão de onze, window...), 137 with
    // the pica-pica pair.
    assert!(s <= 140, "State is {s} bytes (PublicState {ps})");
    println!("State {s} bytes, PublicState {ps} bytes");
}

#[test]
fn public_replay_rejects_a_late_flor() {
    // Seat 1 answered a truco without declaring a flor: it cannot declare one later.
    let mut p = crate::public::PublicState::new_hand(flor2(), [0, 0], 0).unwrap();
    p.apply_event(crate::action::Event::Deal).unwrap();
    let act = |seat, action| crate::action::Event::Act { seat, action };
    p.apply_event(act(0, Action::Flor)).unwrap();
    p.apply_event(act(0, Action::Raise)).unwrap();
    assert!(
        p.is_publicly_legal(Action::Contraflor),
        "seat 1 has not acted yet"
    );
    p.apply_event(act(1, Action::Quiero)).unwrap();
    assert!(!p.is_publicly_legal(Action::Flor));
    assert!(p
        .apply_event(act(0, Action::Play("4E".parse().unwrap())))
        .is_ok());
    assert!(!p.is_publicly_legal(Action::Flor), "seat 1 already acted");
}

#[test]
fn full_state_from_a_public_state() {
    let mut st = deal(one(), [0, 0], 0, "7O 6O 1C / 5C 10C 4E");
    run(&mut st, "envido quiero 1C");
    let public = *st.public();
    let c = |s: &str| -> [crate::cards::Card; 3] {
        let v = crate::cards::Deck::Spanish40.parse_cards(s).unwrap();
        [v[0], v[1], v[2]]
    };
    let again = crate::state::State::from_public(public, &[c("7O 6O 1C"), c("5C 10C 4E")]);
    assert_eq!(again.unwrap(), st);
    // Another hand for seat 1 with the same shown total 25 is consistent.
    assert!(crate::state::State::from_public(public, &[c("7O 6O 1C"), c("5E 12E 4B")]).is_ok());
    // Seat 0 played 1C: a hand without it is rejected; so is a total that does not match.
    assert!(crate::state::State::from_public(public, &[c("7O 6O 2C"), c("5C 10C 4E")]).is_err());
    assert!(crate::state::State::from_public(public, &[c("7O 6O 1C"), c("6C 10C 4E")]).is_err());
}

#[test]
fn sample_deal_mid_hand_keeps_played_cards() {
    let mut st = deal(one(), [0, 0], 0, "7O 6O 1C / 5C 10C 4E");
    run(&mut st, "1C 4E 7O");
    let mut rng = <rand_xoshiro::Xoshiro256PlusPlus as rand::SeedableRng>::seed_from_u64(5);
    for _ in 0..100 {
        let s2 = crate::state::State::sample_deal(*st.public(), &mut rng);
        assert!(s2.dealt_set(0).contains("1C".parse().unwrap()));
        assert!(s2.dealt_set(0).contains("7O".parse().unwrap()));
        assert!(s2.dealt_set(1).contains("4E".parse().unwrap()));
        assert_eq!(s2.dealt_set(0).0 & s2.dealt_set(1).0, 0);
        assert_eq!(s2.hand(0).len(), 1);
        assert_eq!(s2.public(), st.public());
    }
}

#[test]
fn a_fold_is_dominated_once_nothing_is_pending_and_no_envido_is_left() {
    let dominated = |st: &crate::state::State| st.public().fold_is_dominated();
    let mut st = deal(one(), [0, 0], 0, H1);
    // Trick 1 with the envido still open: folding saves what an envido would cost.
    assert!(!dominated(&st));
    run(&mut st, "envido");
    assert!(!dominated(&st), "an envido waits for an answer");
    run(&mut st, "no-quiero");
    assert!(dominated(&st), "envido settled, nothing pending");
    run(&mut st, "truco");
    assert!(!dominated(&st), "a truco waits for an answer");
    run(&mut st, "quiero 1E 3B");
    assert!(dominated(&st));
    // Trick 2 without any envido called: it can no longer be.
    let mut st = deal(one(), [0, 0], 0, H1);
    run(&mut st, "1E 3B");
    assert!(dominated(&st));
    // With flor, a fold before the other seats have acted in trick 1 denies them their
    // flor; once every seat has acted, none can be announced any more.
    let flor = RuleSet::new("arg-classic", &["players=2", "flor"]).unwrap();
    let mut st = deal(flor, [0, 0], 0, H1);
    assert!(!dominated(&st));
    run(&mut st, "envido no-quiero");
    assert!(dominated(&st), "both seats have acted: no flor can come");
    let four = RuleSet::new("arg-classic", &["players=4", "flor"]).unwrap();
    let mut st = deal(
        four,
        [0, 0],
        0,
        "1E 7O 4C / 3B 2B 12O / 5E 6E 7C / 4B 5B 6O",
    );
    run(&mut st, "mazo envido no-quiero 2B");
    assert_eq!(st.actor(), Actor::Seat(2), "the last seat of its team");
    assert!(
        !dominated(&st),
        "seat 3 has not acted: a fold would deny its flor"
    );
    let mut st = deal(
        four,
        [0, 0],
        0,
        "1E 7O 4C / 3B 2B 12O / 5E 6E 7C / 4B 5B 6O",
    );
    run(&mut st, "mazo mazo envido no-quiero");
    assert_eq!(st.actor(), Actor::Seat(2));
    assert!(dominated(&st), "every seat has acted: no flor can come");
    // Teams: a seat whose partner is still in does not fold for the team (the partner would
    // decide the team's answers); the last seat of its team does.
    let two = RuleSet::new("arg-2v2", &[]).unwrap();
    let mut st = deal(two, [0, 0], 0, "1E 7O 4C / 3B 2B 12O / 5E 6E 7C / 4B 5B 6O");
    run(&mut st, "4C 12O 7C 6O");
    assert!(
        st.public().trick() == 1 && !dominated(&st),
        "partner still in"
    );
    assert!(
        st.public().fold_saves_nothing(),
        "the fold saves nothing all the same"
    );
    let Actor::Seat(leader) = st.actor() else {
        panic!("a seat leads trick 2")
    };
    run(&mut st, "mazo");
    let mut legal = ActionList::new();
    while st.actor() != Actor::Seat((leader + 2) % 4) {
        st.legal_actions(&mut legal);
        let card = legal
            .as_slice()
            .iter()
            .find(|a| matches!(a, Action::Play(_)));
        st.apply(*card.unwrap()).unwrap();
    }
    assert!(
        dominated(&st),
        "the partner folded: this seat's fold is the team's"
    );
    // Valencian: not claimed, even in trick 2 with nothing pending.
    let v = RuleSet::new("valencian", &[]).unwrap();
    let mut rng = <rand_xoshiro::Xoshiro256PlusPlus as rand::SeedableRng>::seed_from_u64(1);
    let start = crate::public::PublicState::new_hand(v, [0, 0], 0).unwrap();
    let mut st = crate::state::State::sample_deal(start, &mut rng);
    while st.public().trick() == 0 {
        st.legal_actions(&mut legal);
        let card = legal
            .as_slice()
            .iter()
            .find(|a| matches!(a, Action::Play(_)));
        let a = *card.unwrap_or(&Action::Pass);
        st.apply(a).unwrap();
    }
    assert!(matches!(st.actor(), Actor::Seat(_)) && !st.public().truco().pending);
    assert!(!dominated(&st));
}
