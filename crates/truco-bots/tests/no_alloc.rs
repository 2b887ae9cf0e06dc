//! The heuristic allocates nothing per decision once its envido table is built (once per deck),
//! checked with a counting global allocator around every decision (this test binary only).

use rand::SeedableRng;
use truco_bots::{Bot, BotRng, Heuristic};
use truco_game::{ActionList, Actor, PublicState, RuleSet, State};

#[global_allocator]
static GLOBAL: truco_testkit::CountingAlloc = truco_testkit::CountingAlloc;

/// Plays `hands` hands of heuristic self-play, the first team's score cycling below `cycle`
/// against `other`; returns the decisions made.
fn play(rules: RuleSet, hands: u32, (cycle, other): (u32, u8), rng: &mut BotRng) -> u32 {
    let mut legal = ActionList::new();
    let mut decisions = 0;
    for h in 0..hands {
        let public = PublicState::new_hand(rules, [(h % cycle) as u8, other], 0).unwrap();
        let mut st = State::sample_deal(public, rng);
        while let Actor::Seat(s) | Actor::Team { seat: s, .. } = st.actor() {
            st.legal_actions(&mut legal);
            let view = st.view(s).unwrap();
            let before = truco_testkit::allocations();
            let a = Heuristic.act(&view, legal.as_slice(), rng);
            let after = truco_testkit::allocations();
            assert_eq!(after, before, "{rules:?}: deciding {a} allocated");
            st.apply(a).unwrap();
            decisions += 1;
        }
    }
    decisions
}

#[test]
fn heuristic_decisions_allocate_nothing() {
    let b = truco_testkit::allocations();
    drop(std::hint::black_box(vec![1u8; 8]));
    assert!(
        truco_testkit::allocations() > b,
        "the counter sees allocations"
    );
    let mut rng = BotRng::seed_from_u64(4);
    // The one-time envido table.
    truco_bots::heuristic::tanto::total_pmf(truco_game::Deck::Spanish40);
    truco_bots::heuristic::tanto::total_pmf(truco_game::Deck::Valencian22);
    let sets = [
        (RuleSet::ARG_1V1, (20, 3)),
        (RuleSet::ARG_2V2, (20, 3)),
        (
            RuleSet::new("arg-classic", &["players=6", "flor"]).unwrap(),
            (20, 3),
        ),
        // Scores 0..=11 against 3 and against 11: mão de onze (both sides) and mão de ferro.
        (RuleSet::PAULISTA, (12, 3)),
        (RuleSet::PAULISTA, (12, 11)),
        (
            RuleSet::new("paulista", &["players=2", "ferro=open"]).unwrap(),
            (12, 11),
        ),
        (RuleSet::VALENCIAN, (24, 13)),
    ];
    for (rules, scores) in sets {
        let n = play(rules, 300, scores, &mut rng);
        assert!(n > 1000, "{rules:?}: {n} decisions");
    }
}
