//! A match-equity table the search reads for its match-win values and utility:
//! `mv(score, dealer)`, the chance that team 0 wins the match from the start of a hand at that
//! cell (`dealer`: the dealer's team, whose parity is all that matters), when every seat plays
//! like the heuristic bot. At each cell HANDS hands are played by heuristics from random deals;
//! the cells their ends lead to give the cell's value, solved top-down from the end of the
//! match (truco-solve's machinery).
//!
//! Valencian cells also hold the camas each team has won (a hand's end is the engine's: a cama
//! closed resets both scores, an accepted joc fora won ends the match). Six-player pica-pica
//! cells also hold the kind of hand played from them (`truco_solve::cell::Cell::kind`): the
//! six-seat hand (redonda), then the three one-against-one hands of the pica-pica round that
//! follows it (pair `k` leads with the round's mano's `k`-th seat), then a redonda again; the
//! deal moves one seat after a redonda and after the round's third pair hand, and the match
//! ends as soon as a team reaches the target.
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
use truco_solve::cell::{top_down_order_of, Cell, Shape, VoidRule, KIND_ALL_SEATS};
use truco_solve::mv::MatchValues;
use truco_solve::topdown::{solve_top_down, value_from_next};

/// How the hand of a cell is played: its rules, its mano, and whether its teams are the
/// match's teams swapped (a pica-pica pair led by a seat of team 1).
struct HandAt {
    rules: RuleSet,
    start: PublicState,
    flip: bool,
}

/// The hand played from `cell` of a match of `rules` (two dealer parities: the dealer is a
/// seat of team `cell.dealer`).
fn hand_at(rules: RuleSet, cell: Cell) -> HandAt {
    let n = rules.players;
    let mano = (cell.dealer + 1) % n;
    if cell.kind == KIND_ALL_SEATS {
        let start = PublicState::new_hand_in_camas(rules, cell.score, cell.camas, mano)
            .expect("a cell starts a hand");
        return HandAt {
            rules,
            start,
            flip: false,
        };
    }
    // Pair `k` of a pica-pica round: the round's mano's `k`-th seat against its opposite, the
    // pair's first seat leading as hand seat 0 (as `truco_game::Match` plays it).
    let first = (mano + cell.kind - 1) % n;
    let flip = first % 2 == 1;
    let score = if flip {
        [cell.score[1], cell.score[0]]
    } else {
        cell.score
    };
    let sub = rules.pica_pica_hand(cell.kind);
    let start = PublicState::new_hand(sub, score, 0).expect("a cell starts a pair hand");
    HandAt {
        rules: sub,
        start,
        flip,
    }
}

/// The cell after the hand of `cell` that ended in `end` (the match's teams; a finished match
/// is a cell whose score or camas say so).
fn next_cell(rules: RuleSet, shape: Shape, cell: Cell, end: &PublicState, flip: bool) -> Cell {
    let fix = |x: [u8; 2]| if flip { [x[1], x[0]] } else { x };
    let mut next = cell;
    if rules.camas > 0 {
        // The engine closes camas (the excess is lost) and gives a joc fora its camas.
        next.score = end.score();
        next.camas = end.camas();
    } else {
        let p = fix(end.hand_points());
        let t = rules.target;
        next.score = [0, 1].map(|i| cell.score[i].saturating_add(p[i]).min(t));
    }
    // The deal moves after a redonda of a pica-pica match and after its third pair hand;
    // every hand of another match.
    let kinds = shape.kinds;
    next.kind = if kinds > 1 {
        (cell.kind + 1) % kinds
    } else {
        0
    };
    if next.kind == KIND_ALL_SEATS || cell.kind == KIND_ALL_SEATS {
        next.dealer = (cell.dealer + 1) % shape.dealers;
    }
    next
}

/// The distribution of the cells `hands` heuristic hands at `cell` lead to.
fn outcomes(rules: RuleSet, shape: Shape, cell: Cell, hands: u32, seed: u64) -> Vec<(Cell, f64)> {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let mut deck: Vec<Card> = rules.deck.cards().iter().collect();
    let at = hand_at(rules, cell);
    let n = at.rules.players as usize;
    let mut counts: BTreeMap<Cell, u32> = BTreeMap::new();
    let mut legal = ActionList::new();
    for _ in 0..hands {
        deck.shuffle(&mut rng);
        let dealt: Vec<[Card; 3]> = (0..n)
            .map(|s| [deck[3 * s], deck[3 * s + 1], deck[3 * s + 2]])
            .collect();
        let vira = deck[3 * n];
        let mut st = State::deal_with_vira(
            at.start,
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
        let next = next_cell(rules, shape, cell, st.public(), at.flip);
        *counts.entry(next).or_default() += 1;
    }
    counts
        .into_iter()
        .map(|(c, k)| (c, k as f64 / hands as f64))
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
    let shape = Shape::of(&rules);
    let mut mv = MatchValues::of_shape(variant, shape);
    let order = top_down_order_of(shape, VoidRule::of(&rules));
    // Each cell's hands are played once: a group of cells that lead to each other (hands that
    // score nothing) is iterated over the same outcomes until it settles.
    let mut played: BTreeMap<Cell, Vec<(Cell, f64)>> = BTreeMap::new();
    let mut k = 0u64;
    let clock = std::time::Instant::now();
    solve_top_down(&mut mv, &order, 1e-12, |c, mv| {
        let o = played.entry(c).or_insert_with(|| {
            k += 1;
            outcomes(rules, shape, c, hands, k)
        });
        value_from_next(o, mv)
    })
    .expect("top-down solve");
    mv.save(&out).expect("write the table");
    let last = rules.target - 1;
    println!(
        "{} cells, {hands} hands each, {:.0} s: mv(0-0, dealer 0) = {:.4}, mv(last-last, dealer 0) = {:.4}; {}",
        mv.solved(),
        clock.elapsed().as_secs_f64(),
        mv.get([0, 0], 0).unwrap_or(f64::NAN),
        mv.value(Cell::in_camas([last; 2], [shape.camas_standings() - 1; 2], 0))
            .unwrap_or(f64::NAN),
        out.display()
    );
}
