//! Arena throughput: one duplicate pair (two full matches) of heuristic against random, and
//! one heuristic decision, per Argentine variant.

use criterion::{criterion_group, criterion_main, Criterion};
use rand::SeedableRng;
use std::hint::black_box;
use truco_arena::arena::play_pair;
use truco_bots::{Bot, BotRng, Heuristic, Random};
use truco_game::{ActionList, PublicState, RuleSet, State};

fn heuristic() -> Box<dyn Bot> {
    Box::new(Heuristic)
}

fn random() -> Box<dyn Bot> {
    Box::new(Random)
}

fn pairs(c: &mut Criterion) {
    for (name, rules) in [("arg-1v1", RuleSet::ARG_1V1), ("arg-2v2", RuleSet::ARG_2V2)] {
        let mut pair = 0u64;
        c.bench_function(&format!("duplicate pair heuristic-random {name}"), |b| {
            b.iter(|| {
                pair += 1;
                black_box(play_pair(rules, 1, pair, &heuristic, &random, None).unwrap())
            })
        });
    }
}

fn decisions(c: &mut Criterion) {
    let mut rng = BotRng::seed_from_u64(3);
    let public = PublicState::new_hand(RuleSet::ARG_2V2, [0, 0], 0).unwrap();
    let states: Vec<State> = (0..256)
        .map(|_| State::sample_deal(public, &mut rng))
        .collect();
    let mut legal = ActionList::new();
    let mut i = 0usize;
    c.bench_function("heuristic first decision arg-2v2", |b| {
        b.iter(|| {
            i = (i + 1) % states.len();
            let st = &states[i];
            st.legal_actions(&mut legal);
            let view = st.view(0).unwrap();
            black_box(Heuristic.act(&view, legal.as_slice(), &mut rng))
        })
    });
}

criterion_group!(benches, pairs, decisions);
criterion_main!(benches);
