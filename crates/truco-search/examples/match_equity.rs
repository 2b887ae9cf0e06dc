//! A match-equity table the search reads for its match-win values and utility:
//! `mv(score, dealer)`, the chance that team 0 wins the match from the start of a hand at that
//! cell (`dealer`: the dealer's team, whose parity is all that matters), when every seat plays
//! like the heuristic bot. At each cell HANDS hands are played by heuristics from random deals;
//! their (points, points) outcomes give the cell's value from the cells they lead to, solved
//! top-down from the end of the match (truco-solve's machinery).
//!
//!   cargo run --release -p truco-search --example match_equity -- [HANDS] [OUT] [VARIANT [OPTION...]]
//!   (default: 2000 hands per cell, arg-1v1, crates/truco-train/src/arg-1v1-mv.json; the tables
//!   in crates/truco-train/src/*-mv.json are compiled into the trainer and the search: see
//!   `truco_train::mv::for_rules`)

use std::collections::BTreeMap;
use std::path::PathBuf;

use rand::seq::SliceRandom;
use rand::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;
use truco_bots::{Bot, Heuristic};
use truco_game::{ActionList, Card, PublicState, RuleSet, State};
use truco_solve::cell::{top_down_order, Cell, VoidRule};
use truco_solve::mv::MatchValues;
use truco_solve::topdown::{solve_top_down, value_from_outcomes, HandOutcome};

/// The (points of team 0, points of team 1) distribution of `hands` heuristic hands at `cell`.
fn outcomes(rules: RuleSet, cell: Cell, hands: u32, seed: u64) -> Vec<HandOutcome> {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let mut deck: Vec<Card> = rules.deck.cards().iter().collect();
    let n = rules.players as usize;
    let mano = (cell.dealer + 1) % rules.players;
    let mut counts: BTreeMap<[u8; 2], u32> = BTreeMap::new();
    let mut legal = ActionList::new();
    for _ in 0..hands {
        deck.shuffle(&mut rng);
        let start = PublicState::new_hand(rules, cell.score, mano).expect("a cell starts a hand");
        let dealt: Vec<[Card; 3]> = (0..n)
            .map(|s| [deck[3 * s], deck[3 * s + 1], deck[3 * s + 2]])
            .collect();
        let vira = deck[3 * n];
        let mut st = State::deal_with_vira(
            start,
            &dealt,
            Some(vira).filter(|_| rules.ranking == truco_game::ranking::Ranking::Paulista),
        )
        .expect("a deal");
        while let Some(seat) = st.actor().seat() {
            st.legal_actions(&mut legal);
            let view = st.view(seat).expect("the actor's view");
            let a = Heuristic.act(&view, legal.as_slice(), &mut rng);
            st.apply(a).expect("a legal action");
        }
        let p = st.public().hand_points();
        let cap = |x: u8| x.min(rules.target);
        *counts.entry([cap(p[0]), cap(p[1])]).or_default() += 1;
    }
    counts
        .into_iter()
        .map(|(points, k)| HandOutcome {
            points,
            prob: k as f64 / hands as f64,
        })
        .collect()
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let hands: u32 = args.get(1).map_or(2000, |s| s.parse().expect("hands"));
    let out = args.get(2).map_or_else(
        || PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../truco-train/src/arg-1v1-mv.json"),
        PathBuf::from,
    );
    let variant = args.get(3).map_or("arg-1v1", String::as_str);
    let options: Vec<&str> = args.iter().skip(4).map(String::as_str).collect();
    let rules = RuleSet::new(variant, &options).expect("a variant and its options");
    let mut mv = MatchValues::new(variant, rules.target, 2);
    let order = top_down_order(rules.target, 2, VoidRule::of(&rules));
    // Each cell's hands are played once: a group of cells that lead to each other (hands that
    // score nothing) is iterated over the same outcomes until it settles.
    let mut played: BTreeMap<Cell, Vec<HandOutcome>> = BTreeMap::new();
    let mut k = 0u64;
    solve_top_down(&mut mv, &order, 1e-12, |c, mv| {
        let o = played.entry(c).or_insert_with(|| {
            k += 1;
            outcomes(rules, c, hands, k)
        });
        value_from_outcomes(c, o, mv)
    })
    .expect("top-down solve");
    mv.save(&out).expect("write the table");
    println!(
        "{} cells, {hands} hands each: mv(0-0, dealer 0) = {:.4}, mv(last-last, dealer 0) = {:.4}; {}",
        mv.solved(),
        mv.get([0, 0], 0).unwrap_or(f64::NAN),
        mv.get([rules.target - 1; 2], 0).unwrap_or(f64::NAN),
        out.display()
    );
}
