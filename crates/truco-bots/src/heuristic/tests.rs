//! Decision tests of the heuristic on hand-made deals.

use rand::SeedableRng;
use truco_game::{Action, ActionList, Card, PublicState, RuleSet, State};

use super::*;

fn deal(rules: RuleSet, score: [u8; 2], hands: &str) -> State {
    let public = PublicState::new_hand(rules, score, 0).unwrap();
    let hs: Vec<[Card; 3]> = hands
        .split('/')
        .map(|h| {
            let v = rules.deck.parse_cards(h).unwrap();
            [v[0], v[1], v[2]]
        })
        .collect();
    State::deal(public, &hs).unwrap()
}

fn run(st: &mut State, actions: &str) {
    for a in actions.split_whitespace() {
        st.apply(a.parse().unwrap()).unwrap();
    }
}

/// The heuristic's action for the seat to act (the same for every rng seed tried, unless
/// `allow_bluff`).
fn decide(st: &State) -> Action {
    let seat = st.actor().seat().unwrap();
    let mut legal = ActionList::new();
    st.legal_actions(&mut legal);
    let mut rng = BotRng::seed_from_u64(7);
    let a = Heuristic.act(&st.view(seat).unwrap(), legal.as_slice(), &mut rng);
    assert!(legal.contains(a), "{a} is not legal");
    a
}

#[test]
fn strong_cards_call_truco_weak_cards_play() {
    // No two cards of a suit: envido total 7, not worth an envido call.
    let st = deal(RuleSet::ARG_1V1, [0, 0], "1E 1B 7O / 4C 5B 6E");
    assert_eq!(decide(&st), Action::Raise);
    let st = deal(RuleSet::ARG_1V1, [0, 0], "4C 5B 6E / 1E 1B 7O");
    assert!(matches!(decide(&st), Action::Play(_)));
}

#[test]
fn answers_truco_by_strength_and_score() {
    let mut st = deal(RuleSet::ARG_1V1, [0, 0], "1E 1B 7O / 4C 5B 6E");
    run(&mut st, "raise");
    assert_eq!(decide(&st), Action::NoQuiero, "hopeless hand declines");
    let mut st = deal(RuleSet::ARG_1V1, [0, 0], "4C 5B 6E / 1E 1B 7O");
    run(&mut st, "raise");
    assert_eq!(decide(&st), Action::Raise, "the best cards raise back");
    // Declining would give the opponent the match: accept whatever the cards.
    let mut st = deal(RuleSet::ARG_1V1, [14, 0], "1E 1B 7O / 4C 5B 6E");
    run(&mut st, "raise");
    assert_eq!(decide(&st), Action::Quiero);
}

#[test]
fn envido_by_total() {
    // 7-6 of oros = 33: a strong call (real envido at least).
    let st = deal(RuleSet::ARG_1V1, [0, 0], "7O 6O 4C / 5B 4E 12C");
    assert!(matches!(
        decide(&st),
        Action::RealEnvido | Action::FaltaEnvido | Action::Envido
    ));
    assert_ne!(
        decide(&st),
        Action::Envido,
        "33 calls more than a plain envido"
    );
    // Facing an envido with a total of 5: decline.
    let mut st = deal(RuleSet::ARG_1V1, [0, 0], "7O 6O 4C / 5B 4E 12C");
    run(&mut st, "envido");
    assert_eq!(decide(&st), Action::NoQuiero);
    // Near the end a strong total calls the falta.
    let st = deal(RuleSet::ARG_1V1, [12, 12], "7O 6O 4C / 5B 4E 12C");
    assert_eq!(decide(&st), Action::FaltaEnvido);
}

#[test]
fn envido_first_against_a_truco() {
    let mut st = deal(RuleSet::ARG_1V1, [0, 0], "1E 1B 7O / 7C 6C 4E");
    run(&mut st, "raise");
    // Seat 1 holds 33 and answers the truco with an envido call first.
    assert!(matches!(
        decide(&st),
        Action::Envido | Action::RealEnvido | Action::FaltaEnvido
    ));
}

#[test]
fn declares_flor() {
    let rules = RuleSet::new("arg-classic", &["players=2", "flor"]).unwrap();
    let st = deal(rules, [0, 0], "7O 6O 5O / 5B 4E 12C");
    assert_eq!(decide(&st), Action::Flor);
}

#[test]
fn never_folds_by_choice() {
    // A hopeless hand on its own turn with an accepted truco still plays a card.
    let mut st = deal(RuleSet::ARG_1V1, [0, 0], "4C 5B 6E / 1E 1B 7O");
    run(&mut st, "4C");
    run(&mut st, "raise quiero");
    assert!(matches!(decide(&st), Action::Play(_)));
}

#[test]
fn near_end_by_score() {
    let r = RuleSet::ARG_2V2;
    assert!(!near_end(&r, [0, 0], 0));
    assert!(near_end(&r, [25, 3], 1), "falta worth 5");
    assert!(near_end(&r, [3, 27], 0), "opponents need 3");
}

#[test]
fn documented_one_against_one_call_totals() {
    // README: in arg-1v1 the heuristic calls envido from 25 and real envido from 28 (the
    // mano, who wins ties, from 24 and 27).
    for (ties, envido, real) in [(0.0, 25, 28), (1.0, 24, 27)] {
        let p = |t| tanto::envido_win_chance(truco_game::Deck::Spanish40, t, 0, 1, ties, None);
        for t in 0..=33u8 {
            assert_eq!(
                p(t) >= ENVIDO_CALL,
                t >= envido,
                "envido at {t}, ties {ties}"
            );
            assert_eq!(p(t) >= REAL_CALL, t >= real, "real at {t}, ties {ties}");
        }
    }
}

#[test]
fn a_falta_is_below_break_even_by_the_own_total_and_the_score() {
    let below = |score: [u8; 2], hands: &str, actions: &str| {
        let mut st = deal(RuleSet::ARG_1V1, score, hands);
        run(&mut st, actions);
        let seat = st.actor().seat().unwrap();
        envido_below_break_even(&st.view(seat).unwrap())
    };
    // Seat 0 called envido, seat 1 raised to the falta (the whole match at 0-0).
    assert!(
        below([0, 0], "4C 5B 6E / 7O 6O 4E", "envido falta-envido"),
        "6"
    );
    assert!(
        !below([0, 0], "7O 6O 4C / 5B 4E 6E", "envido falta-envido"),
        "33"
    );
    // Declining hands the opponents the 2 points they need: never below.
    assert!(!below(
        [0, 13],
        "4C 5B 6E / 7O 6O 4E",
        "envido falta-envido"
    ));
    // Only a pending falta counts.
    assert!(!below([0, 0], "4C 5B 6E / 7O 6O 4E", "envido"));
    assert!(!below(
        [0, 0],
        "4C 5B 6E / 7O 6O 4E",
        "envido falta-envido no-quiero"
    ));
}

#[test]
fn a_falta_call_is_below_even_by_the_own_total_away_from_the_end() {
    let below = |score: [u8; 2], hands: &str, actions: &str| {
        let mut st = deal(RuleSet::ARG_1V1, score, hands);
        run(&mut st, actions);
        let seat = st.actor().seat().unwrap();
        falta_call_below_even(&st.view(seat).unwrap())
    };
    // The mano to act at 0-0, the falta worth the match: holding 6, below; holding 33, not.
    assert!(below([0, 0], "4C 5B 6E / 7O 6O 4E", ""), "6");
    assert!(!below([0, 0], "7O 6O 4C / 5B 4E 6E", ""), "33");
    // Raising a pending envido to the falta with 6: below.
    assert!(below([0, 0], "7O 6O 4E / 4C 5B 6E", "envido"));
    // Judged against a hand that accepts (23+): 26, which beats an unknown hand three times in
    // four, is below on its turn and over an envido; 28 is not.
    assert!(below([0, 0], "4C 2C 1E / 7O 6O 4E", ""), "26, own turn");
    assert!(
        below([0, 0], "7O 6O 4E / 4C 2C 1E", "envido"),
        "26 over an envido"
    );
    assert!(!below([0, 0], "5C 3C 1E / 7O 6O 4E", ""), "28, own turn");
    assert!(
        !below([0, 0], "7O 6O 4E / 5C 3C 1E", "envido"),
        "28 over an envido"
    );
    // Near the end (the opponent needs 2, the falta worth 2): not judged.
    assert!(!below([0, 13], "4C 5B 6E / 7O 6O 4E", ""));
    // Two against two: the partner's unknown total counts for the team.
    let mut st = deal(
        RuleSet::ARG_2V2,
        [0, 0],
        "4C 5B 6E / 1E 2E 3E / 7O 6O 4E / 4B 7B 10C",
    );
    run(&mut st, "");
    assert!(
        falta_call_below_even(&st.view(0).unwrap()),
        "6 and a partner"
    );
}

#[test]
fn any_envido_chain_is_judged_by_its_break_even() {
    let below = |hands: &str, actions: &str| {
        let mut st = deal(RuleSet::ARG_1V1, [0, 0], hands);
        run(&mut st, actions);
        let seat = st.actor().seat().unwrap();
        envido_below_break_even(&st.view(seat).unwrap())
    };
    // A real envido (3, or 1 declined) against 6: below; against 33: not.
    assert!(below("7O 6O 4E / 4C 5B 6E", "real-envido"));
    assert!(!below("4C 5B 6E / 7O 6O 4E", "real-envido"));
    // An envido (2, or 1 declined: break-even 1/4) against 20, which loses to every caller of
    // 23+ but beats an unknown hand four times in ten: judged against any total, not below.
    assert!(!below("7O 6O 4E / 10C 11C 5E", "envido"), "20");
    assert!(below("7O 6O 4E / 4C 5B 6E", "envido"), "6");
}

#[test]
fn a_truco_is_below_break_even_by_the_hand_win_chance() {
    let below = |hands: &str| {
        let mut st = deal(RuleSet::ARG_1V1, [0, 0], hands);
        run(&mut st, "raise");
        let seat = st.actor().seat().unwrap();
        truco_below_break_even(&st.view(seat).unwrap(), &mut Percentile)
    };
    assert!(below("1E 1B 7E / 4C 5B 6E"), "4-5-6 against a truco");
    assert!(!below("4C 5B 6E / 1E 1B 7E"), "both top cards");
    // No call pending: nothing to judge.
    let st = deal(RuleSet::ARG_1V1, [0, 0], "1E 1B 7E / 4C 5B 6E");
    assert!(!truco_below_break_even(
        &st.view(0).unwrap(),
        &mut Percentile
    ));
}
