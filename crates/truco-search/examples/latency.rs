//! Latency of one searched decision on one core, at the start of a hand and after trick 1.
//!
//!   cargo run --release -p truco-search --example latency -- [TABLE] [BUDGET] [SPOTS]
//!
//! Spots: random deals at random scores, the hand played by random non-folding actions up to
//! the first decision of the hand ("start") or the first decision after trick 1 ("trick 2+").
//! Prints the median and 90th percentile wall time per decision, with the iterations and
//! information sets of the search.

use std::sync::Arc;
use std::time::Instant;

use rand::seq::SliceRandom;
use rand::{RngExt, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;
use truco_game::{Action, ActionList, Card, Event, PublicState, RuleSet, State};
use truco_query::Policy;
use truco_search::{SearchBudget, Searcher};

/// A decision of seat `seat`, its view and the hand's events, reached by random play; `after`:
/// the first decision after trick 1 instead of the hand's first.
fn spot(rng: &mut Xoshiro256PlusPlus, after: bool) -> Option<(truco_game::View, Vec<Event>)> {
    let rules = RuleSet::ARG_1V1;
    let mut deck: Vec<Card> = rules.deck.cards().iter().collect();
    deck.shuffle(rng);
    let hands = [[deck[0], deck[1], deck[2]], [deck[3], deck[4], deck[5]]];
    let score = [rng.random_range(0..15u8), rng.random_range(0..15u8)];
    let public = PublicState::new_hand(rules, score, rng.random_range(0..2u8)).ok()?;
    let mut st = State::deal(public, &hands).ok()?;
    let mut events = vec![st.deal_event()];
    loop {
        let seat = st.actor().seat()?;
        let mut legal = ActionList::new();
        st.legal_actions(&mut legal);
        if (!after || st.public().trick() >= 1) && legal.len() > 1 {
            return Some((st.view(seat).ok()?, events));
        }
        let keep: Vec<Action> = legal
            .as_slice()
            .iter()
            .copied()
            .filter(|a| !matches!(a, Action::Mazo | Action::NoQuiero))
            .collect();
        let a = if keep.is_empty() {
            legal.as_slice()[0]
        } else {
            keep[rng.random_range(0..keep.len())]
        };
        let (e, _) = st.apply(a).ok()?;
        events.push(e);
    }
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let table = args.get(1).map_or("models/arg-1v1.tbl", String::as_str);
    let budget: SearchBudget = args
        .get(2)
        .map_or("20ms", String::as_str)
        .parse()
        .expect("budget");
    let n: usize = args.get(3).map_or(30, |s| s.parse().expect("spots"));
    let policy = Arc::new(Policy::open(table).expect("table"));
    let searcher = Searcher::new(policy, budget).expect("searcher");
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(1);
    println!("table {table}, budget {budget}, {n} spots each");
    for (name, after) in [("start", false), ("trick 2+", true)] {
        let (mut ms, mut its, mut sets, mut fell) = (vec![], vec![], vec![], 0);
        while ms.len() < n {
            let Some((view, events)) = spot(&mut rng, after) else {
                continue;
            };
            let t = Instant::now();
            let r = searcher
                .decide(&view, &events, ms.len() as u64, false)
                .expect("search");
            ms.push(t.elapsed().as_secs_f64() * 1e3);
            its.push(r.stats.iterations as f64);
            sets.push(r.stats.info_sets as f64);
            fell += usize::from(r.blueprint.is_some());
        }
        let q = |v: &mut Vec<f64>, p: f64| {
            v.sort_by(f64::total_cmp);
            v[((v.len() - 1) as f64 * p).round() as usize]
        };
        println!(
            "{name:9} p50 {:7.1} ms  p90 {:7.1} ms  iterations p50 {:8.0}  info sets p50 {:8.0}  blueprint answers {fell}",
            q(&mut ms, 0.5),
            q(&mut ms, 0.9),
            q(&mut its, 0.5),
            q(&mut sets, 0.5)
        );
    }
}
