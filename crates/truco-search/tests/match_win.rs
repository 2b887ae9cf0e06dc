//! Match-win values of searched answers in the games whose match state is more than a score:
//! valencian (the camas won) and six-player pica-pica (six-seat hands alternate with rounds of
//! pair hands).

use std::path::PathBuf;
use std::sync::Arc;

use rand::SeedableRng;
use truco_bots::{Bot, BotRng, HandEvents, Heuristic};
use truco_cfr::resolve::Budget;
use truco_game::{ActionList, Event, PublicState, RuleSet, Spot, State, View};
use truco_query::{OpenOptions, Policy};
use truco_search::{SearchBudget, SearchError, Searched, Searcher, Utility};

fn policy(table: &str) -> Arc<Policy> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../models")
        .join(table);
    let opts = OpenOptions {
        verify_checksum: false,
    };
    Arc::new(Policy::open_with(path, opts).unwrap())
}

fn searcher(policy: &Arc<Policy>) -> Searcher {
    Searcher::new(policy.clone(), SearchBudget(Budget::Iterations(200))).unwrap()
}

/// The first decision after trick 1 with a choice in heuristic hands of `rules` at `score`
/// and `camas`, a seat of team `dealer` dealing, with the hand's events so far.
fn decision_at(
    rules: RuleSet,
    score: [u8; 2],
    camas: [u8; 2],
    dealer: u8,
    seed: u64,
) -> (View, Vec<Event>) {
    let mut rng = BotRng::seed_from_u64(seed);
    let mut legal = ActionList::new();
    loop {
        let mano = (dealer + 1) % rules.players;
        let start = PublicState::new_hand_in_camas(rules, score, camas, mano).unwrap();
        let mut st = State::sample_deal(start, &mut rng);
        let mut events = HandEvents::new();
        while let Some(seat) = st.actor().seat() {
            st.legal_actions(&mut legal);
            let view = st.view(seat).unwrap();
            events.observe(&view);
            if view.public().trick() >= 1 && legal.len() > 1 {
                return (view, events.as_slice().to_vec());
            }
            let a = Heuristic.act(&view, legal.as_slice(), &mut rng);
            events.record(&view, a);
            st.apply(a).unwrap();
        }
    }
}

/// The searched answer's values: each a finite match-win chance; their mean under the
/// answer's probabilities.
fn mean_win(a: &Searched, what: &str) -> f64 {
    assert!(a.blueprint.is_none(), "{what}: {:?}", a.blueprint);
    let values = a.values.as_ref().unwrap();
    assert!(
        values
            .iter()
            .all(|v| v.win.is_finite() && (0.0..=1.0).contains(&v.win) && v.points.is_finite()),
        "{what}: {values:?}"
    );
    a.probs
        .iter()
        .zip(values)
        .map(|((_, p), v)| p * v.win)
        .sum()
}

#[test]
fn a_valencian_answer_carries_a_match_win_value_read_at_its_camas() {
    let rules = RuleSet::VALENCIAN;
    let p = policy("valencian.tbl");
    let s = searcher(&p);
    // The search may also solve for the match (its utility reads the camas grid).
    let m = searcher(&p).with_utility(Utility::Match);
    // Team 0 has a cama and leads the second 20-9: the match is nearly won.
    for seed in 1..3 {
        let (view, events) = decision_at(rules, [20, 9], [1, 0], seed as u8, seed);
        let team = view.seat() % 2;
        let a = s.decide(&view, &events, seed, true).unwrap();
        let win = mean_win(&a, "valencian");
        let ours = if team == 0 { win } else { 1.0 - win };
        assert!(ours > 0.75, "seat {}: {win}", view.seat());
        mean_win(
            &m.decide(&view, &events, seed, true).unwrap(),
            "valencian, match",
        );
        // A decision at the same score a cama down: the chances turn.
        let (view, events) = decision_at(rules, [20, 9], [0, 1], seed as u8, seed);
        let team = view.seat() % 2;
        let win = mean_win(&s.decide(&view, &events, seed, true).unwrap(), "valencian");
        let ours = if team == 0 { win } else { 1.0 - win };
        assert!(ours < 0.6, "a cama down, seat {}: {win}", view.seat());
    }
}

#[test]
fn a_six_seat_pica_pica_answer_carries_a_match_win_value() {
    for (table, options) in [
        (
            "arg-classic-players-6-pica-pica.tbl",
            &["players=6", "pica-pica"][..],
        ),
        (
            "arg-classic-players-6-flor-pica-pica.tbl",
            &["players=6", "flor", "pica-pica"][..],
        ),
    ] {
        let rules = RuleSet::new("arg-classic", options).unwrap();
        let s = searcher(&policy(table)).with_utility(Utility::Match);
        for (seed, score) in [(1, [0, 0]), (2, [26, 17])] {
            let (view, events) = decision_at(rules, score, [0, 0], seed as u8, seed);
            assert_eq!(view.public().rules().players, 6);
            mean_win(&s.decide(&view, &events, seed, true).unwrap(), table);
        }
    }
    // A pair hand of a pica-pica round has no match-equity table: it is searched for points
    // (its win values unknown), and refused for match wins.
    let spot: Spot =
        "arg-classic players=6 pica-pica pair=2 | score 10-4 | dealer 1 | seat 1: 1E 7E 3B | 0:4B"
            .parse()
            .unwrap();
    let view = spot.to_view().unwrap();
    let pairs = searcher(&policy("arg-classic-players-6-pica-pica.tbl"));
    let points = pairs.decide(&view, spot.history(), 1, true).unwrap();
    assert!(points.blueprint.is_none(), "{:?}", points.blueprint);
    let values = points.values.unwrap();
    assert!(values
        .iter()
        .all(|v| v.points.is_finite() && v.win.is_nan()));
    let e = pairs
        .with_utility(Utility::Match)
        .decide(&view, spot.history(), 1, true)
        .unwrap_err();
    assert!(matches!(e, SearchError::Unsupported(_)), "{e}");
    assert!(e.to_string().contains("match-equity"), "{e}");
}
