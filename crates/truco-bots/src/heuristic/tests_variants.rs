//! Decision tests of the paulista and valencian arms on hand-made deals.

use rand::SeedableRng;
use truco_game::{Action, ActionList, Card, PublicState, RuleSet, State};

use super::*;

/// A hand of `rules` at `score` / `camas`, mano 0, hands `"a b c / d e f / ..."` in seat order.
fn deal(rules: RuleSet, score: [u8; 2], camas: [u8; 2], vira: Option<&str>, hands: &str) -> State {
    let public = PublicState::new_hand_in_camas(rules, score, camas, 0).unwrap();
    let hs: Vec<[Card; 3]> = hands
        .split('/')
        .map(|h| {
            let v = rules.deck.parse_cards(h).unwrap();
            [v[0], v[1], v[2]]
        })
        .collect();
    State::deal_with_vira(public, &hs, vira.map(|v| v.parse().unwrap())).unwrap()
}

fn run(st: &mut State, actions: &str) {
    for a in actions.split_whitespace() {
        st.apply(a.parse().unwrap()).unwrap();
    }
}

/// The heuristic's action for the seat to act (checked legal).
fn decide(st: &State) -> Action {
    let seat = st.actor().seat().unwrap();
    let mut legal = ActionList::new();
    st.legal_actions(&mut legal);
    let mut rng = BotRng::seed_from_u64(7);
    let a = Heuristic.act(&st.view(seat).unwrap(), legal.as_slice(), &mut rng);
    assert!(
        legal.contains(a),
        "{a} is not legal in {:?}",
        legal.as_slice()
    );
    a
}

fn paulista(score: [u8; 2], vira: &str, hands: &str) -> State {
    deal(RuleSet::PAULISTA, score, [0, 0], Some(vira), hands)
}

// Vira 7O: the manilhas are the sotas (10), zap = 10B.
const WEAK_PAIR: &str = "4C 5B 6E / 3E 2O 1C / 4E 5C 6O / 3B 2E 1B";
const STRONG_PAIR: &str = "10B 10C 3E / 4C 5B 6E / 10E 3B 2O / 4E 5C 6O";
const WEAK_WITH_STRONG_PARTNER: &str = "4C 5B 6E / 3E 2E 1C / 10B 10C 3O / 4E 5C 6O";

#[test]
fn mao_de_onze_runs_hopeless_and_plays_strong_pairs() {
    let st = paulista([11, 0], "7O", WEAK_PAIR);
    assert!(st.public().eleven_pending());
    assert_eq!(decide(&st), Action::NoQuiero, "hopeless pair runs");
    let st = paulista([11, 0], "7O", STRONG_PAIR);
    assert_eq!(decide(&st), Action::Quiero, "strong pair plays");
    // Seat 0's own cards are hopeless, its partner's are not: the team plays.
    let st = paulista([11, 0], "7O", WEAK_WITH_STRONG_PARTNER);
    let view = st.view(0).unwrap();
    assert!(view.partner_cards().is_some());
    assert!(paulista::eleven_chance(&view) > 0.6);
    assert_eq!(decide(&st), Action::Quiero);
    // Team 1 at 11 (seat 1 decides) with the weak pair: runs.
    let st = paulista([0, 11], "7O", "3E 2O 1C / 4C 5B 6E / 3B 2E 1B / 4E 5C 6O");
    assert_eq!(st.actor().seat(), Some(1));
    assert_eq!(decide(&st), Action::NoQuiero);
}

#[test]
fn mao_de_onze_threshold_follows_the_score() {
    // A middling pair: plays when a loss only sends the opponents to the mão de ferro (8),
    // runs at 11-0 where the opponents are far from 11 (a run costs little).
    let hands = "3E 6C 5O / 4C 5B 6E / 2O 7C 4O / 4E 5C 6O";
    let at = |opp: u8| {
        let st = paulista([11, opp], "7O", hands);
        let e = paulista::eleven_chance(&st.view(0).unwrap());
        (e, equity::onze_threshold(&RuleSet::PAULISTA, opp, 3, 1))
    };
    let (e, t0) = at(0);
    let (_, t8) = at(8);
    assert!(t8 < t0, "{t8} vs {t0}");
    assert!(e > t8 && e < t0, "chance {e}, thresholds {t8} {t0}");
    assert_eq!(decide(&paulista([11, 8], "7O", hands)), Action::Quiero);
    assert_eq!(decide(&paulista([11, 0], "7O", hands)), Action::NoQuiero);
}

#[test]
fn manilhas_count_in_the_truco_call() {
    // Vira 3O: the manilhas are the fours. Three of them call truco; the same cards with
    // another vira are the weakest hand and play a card.
    let hands = "4B 4C 4E / 3E 2O 1C / 5C 6O 7B / 3B 2E 1B";
    assert_eq!(decide(&paulista([0, 0], "3O", hands)), Action::Raise);
    assert!(matches!(
        decide(&paulista([0, 0], "7O", hands)),
        Action::Play(_)
    ));
}

#[test]
fn hides_a_card_that_cannot_count_from_trick_two() {
    // Vira 7O. Trick 1: seat 1 wins with a 3, then leads 2E in trick 2.
    let mut st = paulista([0, 0], "7O", "4C 5B 1O / 3E 2E 6C / 4E 5C 6O / 7B 7E 12B");
    run(&mut st, "4C 3E 4E 7B 2E");
    // Seat 2 holds 5C 6O: neither beats nor ties the 2: face down.
    assert_eq!(st.actor().seat(), Some(2));
    assert!(matches!(decide(&st), Action::Hide(_)));
    // In trick 1 hiding is not allowed: a plain play.
    let st = paulista([0, 0], "7O", "4C 5B 1O / 3E 2E 6C / 4E 5C 6O / 7B 7E 12B");
    assert!(matches!(decide(&st), Action::Play(_) | Action::Raise));
    // A card that can still win is played open.
    let mut st = paulista([0, 0], "7O", "4C 5B 10O / 3E 2E 6C / 4E 5C 6O / 7B 7E 12B");
    run(&mut st, "4C 3E 4E 7B 2E");
    run(&mut st, "hide-5C 7E");
    // The face-down card has been played: no partner is left to play, and it counts nothing.
    let t = estimate::TrickState::of(&st.view(0).unwrap());
    assert_eq!((t.mates_left, t.opps_left, t.best_us), (0, 0, 0));
    // Seat 0 holds 5B and the manilha 10O, which beats the 2: played open.
    assert_eq!(decide(&st), Action::Play("10O".parse().unwrap()));
}

#[test]
fn mao_de_ferro_plays_blind() {
    let st = paulista([11, 11], "7O", WEAK_PAIR);
    assert!(st.public().is_iron());
    assert!(matches!(decide(&st), Action::Blind(_)));
}

#[test]
fn heads_up_mao_de_onze_decides_on_its_own_cards() {
    let rules = RuleSet::new("paulista", &["players=2", "ferro=open"]).unwrap();
    let st = deal(rules, [11, 0], [0, 0], Some("7O"), "10B 10C 3E / 4C 5B 6E");
    assert!(st.view(0).unwrap().partner_cards().is_none());
    assert_eq!(decide(&st), Action::Quiero);
    let st = deal(rules, [11, 0], [0, 0], Some("7O"), "4C 5B 6E / 10B 10C 3E");
    assert_eq!(decide(&st), Action::NoQuiero);
    // 11-11 open: a normal hand worth 3 with no truco: plays a card.
    let st = deal(rules, [11, 11], [0, 0], Some("7O"), "10B 10C 3E / 4C 5B 6E");
    assert!(st.public().is_open_iron());
    assert!(matches!(decide(&st), Action::Play(_)));
}

fn valencian(score: [u8; 2], camas: [u8; 2], hands: &str) -> State {
    deal(RuleSet::VALENCIAN, score, camas, None, hands)
}

/// Passes every out-of-turn window until a seat is on its turn (or answering).
fn skip_windows(st: &mut State) {
    let mut legal = ActionList::new();
    loop {
        st.legal_actions(&mut legal);
        if !legal.contains(Action::Pass) {
            return;
        }
        st.apply(Action::Pass).unwrap();
    }
}

#[test]
fn envit_calls_with_33_not_with_4() {
    let mut st = valencian([0, 0], [0, 0], "7O 6O 3C / 4E 5B 3B / 7E 6E 5C / 3E 4B 5O");
    skip_windows(&mut st);
    assert_eq!(st.actor().seat(), Some(0));
    assert!(matches!(decide(&st), Action::Envido | Action::FaltaEnvido));
    // 4E 3B 3O: no two of a suit, 4 high.
    let mut st = valencian([0, 0], [0, 0], "4E 3B 3O / 7O 6O 3C / 7E 6E 5C / 3E 4B 5O");
    skip_windows(&mut st);
    assert!(matches!(decide(&st), Action::Play(_)), "no envit with 4");
}

#[test]
fn envit_answers_by_total_and_falta_by_the_cama() {
    // Seat 0 calls envide; seat 1 (4 high) declines, seat 1 with 33 raises.
    let mut st = valencian([0, 0], [0, 0], "7E 6E 5C / 4E 3B 3O / 7O 3C 4O / 3E 4B 5O");
    skip_windows(&mut st);
    run(&mut st, "envido");
    assert_eq!(decide(&st), Action::NoQuiero);
    let mut st = valencian([0, 0], [0, 0], "7E 6E 5C / 7O 6O 3C / 4E 4O 3B / 3E 4B 5O");
    skip_windows(&mut st);
    run(&mut st, "envido");
    assert!(matches!(
        decide(&st),
        Action::RealEnvido | Action::FaltaEnvido
    ));
    // A falta while both are in the malas is a whole cama: 33 calls it at 0-0.
    let mut st = valencian([0, 0], [0, 0], "7O 6O 3C / 4E 5B 3B / 7E 4O 5C / 3E 4B 5O");
    skip_windows(&mut st);
    assert_eq!(decide(&st), Action::FaltaEnvido);
    // Facing a falta (a whole cama) with a middling 27 (4E 3E: 20 + 4 + 3): declines.
    let mut st = valencian([0, 0], [0, 0], "7O 6O 3C / 4E 3E 5B / 7E 4O 5C / 6C 4B 5O");
    skip_windows(&mut st);
    run(&mut st, "falta");
    assert_eq!(decide(&st), Action::NoQuiero);
}

#[test]
fn out_of_turn_window_raises_only_with_strength() {
    // Before seat 0's first card, seat 1 holds the window.
    let st = valencian([0, 0], [0, 0], "4E 5B 3B / 1E 1B 7E / 4O 5C 6O / 7O 3C 6E");
    assert_eq!(st.actor().seat(), Some(1));
    assert_eq!(decide(&st), Action::Raise);
    let st = valencian([0, 0], [0, 0], "1E 1B 7E / 4E 5B 4C / 4O 5C 6O / 7O 3C 6E");
    assert_eq!(decide(&st), Action::Pass);
}

#[test]
fn joc_fora_is_answered_by_match_equity() {
    // Seat 1 passes, seat 0 truc, team 1 retruc, team 0 quatre val, team 1 joc fora; seat 0
    // answers the joc fora.
    let chain = "pass raise raise raise raise";
    let weak = "4E 5B 4C / 1E 1B 7E / 4O 5C 6O / 7O 3C 6E";
    let mut st = valencian([0, 0], [0, 0], weak);
    run(&mut st, chain);
    assert_eq!(st.actor().seat(), Some(0));
    assert_eq!(decide(&st), Action::NoQuiero, "hopeless hand concedes 4");
    let strong = "1E 1B 7E / 4E 5B 4C / 4O 5C 6O / 7O 3C 6E";
    let mut st = valencian([0, 0], [0, 0], strong);
    run(&mut st, chain);
    assert_eq!(decide(&st), Action::Quiero, "the best cards play the match");
    // Conceding 4 closes the opponents' second cama: accept whatever the cards.
    let mut st = valencian([3, 21], [0, 1], weak);
    run(&mut st, chain);
    assert_eq!(decide(&st), Action::Quiero);
}

#[test]
fn envit_caller_floor_is_the_least_total_it_calls_with() {
    let p = |t| tanto::envido_win_chance(truco_game::Deck::Valencian22, t, 1, 2, 0.5, None);
    let floor = valencian::ENVIT_CALLER_FLOOR;
    assert!(p(floor) >= ENVIDO_CALL, "{}", p(floor));
    assert!(p(floor - 1) < ENVIDO_CALL, "{}", p(floor - 1));
}

#[test]
fn a_valencian_falta_is_below_break_even_with_27_not_with_33() {
    let below = |hands: &str| {
        let mut st = valencian([0, 0], [0, 0], hands);
        skip_windows(&mut st);
        run(&mut st, "falta");
        let seat = st.actor().seat().unwrap();
        super::envido_below_break_even(&st.view(seat).unwrap())
    };
    assert!(below("7O 6O 3C / 4E 3E 5B / 7E 4O 5C / 6C 4B 5O"), "27");
    assert!(!below("7E 6E 5C / 7O 6O 3C / 4E 4O 3B / 3E 4B 5O"), "33");
}

#[test]
fn a_mao_de_onze_is_below_break_even_with_a_hopeless_pair() {
    let below = |hands: &str| {
        let st = paulista([11, 0], "7O", hands);
        super::eleven_below_break_even(&st.view(0).unwrap())
    };
    assert!(below(WEAK_PAIR));
    assert!(!below(STRONG_PAIR));
    assert!(
        !below(WEAK_WITH_STRONG_PARTNER),
        "the partner's cards count"
    );
    // Nothing pending: nothing to judge.
    let mut st = paulista([0, 0], "7O", WEAK_PAIR);
    st.apply(Action::Play("4C".parse().unwrap())).unwrap();
    assert!(!super::eleven_below_break_even(&st.view(1).unwrap()));
}

#[test]
fn a_joc_fora_call_is_below_even_by_the_hand_win_chance() {
    let judge = |hands: &str, chain: &str| {
        let mut st = valencian([0, 0], [0, 0], hands);
        run(&mut st, chain);
        let view = st.view(st.actor().seat().unwrap()).unwrap();
        assert_eq!(view.seat() % 2, 1, "team 1 answers");
        (
            super::raise_stakes_the_match(&view),
            super::match_raise_below_even(&view, || Percentile.win_chance(&view)),
        )
    };
    // Team 1's two hands: the weakest cards, or the strongest.
    let weak = "1E 1B 7E / 4E 5B 4C / 7O 3C 7C / 4O 5C 5O";
    let strong = "4E 5B 4C / 1E 1B 7E / 4O 5C 5O / 7O 3C 7C";
    // Team 1 answers a quatre val: its raise is the joc fora.
    let quatre_val = "pass raise raise raise";
    assert_eq!(
        judge(weak, quatre_val),
        (true, true),
        "4s and 5s stake the match"
    );
    assert_eq!(judge(strong, quatre_val), (true, false), "both top cards");
    // Team 1 answers the truc: its raise is the retruc.
    assert_eq!(judge(weak, "pass raise"), (false, false));
}
