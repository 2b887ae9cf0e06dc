//! Random legal playouts of whole hands per variant; reports hands per second.
//!
//! Run: `cargo bench -p truco-game --bench playout`

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use rand::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;
use truco_game::sim::random_playout;
use truco_game::{Action, ActionList, Actor, PublicState, RuleSet, State};

/// A full-length playout: random cards (blind in a mão de ferro), calls only where forced (a
/// flor), valencian windows passed, every hand played through its tricks (uniform random play
/// folds early; this is the long case).
fn card_playout(start: PublicState, rng: &mut Xoshiro256PlusPlus) -> State {
    let mut st = State::sample_deal(start, rng);
    let mut legal = ActionList::new();
    while st.actor() != Actor::Terminal {
        st.legal_actions(&mut legal);
        let s = legal.as_slice();
        let cards = s
            .iter()
            .take_while(|a| matches!(a, Action::Play(_) | Action::Blind(_)))
            .count();
        let k = if cards > 0 {
            (rng.next_u32() as usize) % cards
        } else {
            s.iter().position(|&a| a == Action::Pass).unwrap_or(0)
        };
        st.apply(s[k]).expect("legal action");
    }
    st
}

const HANDS: u64 = 1000;

fn bench(c: &mut Criterion) {
    let sets = [
        ("arg-1v1", RuleSet::ARG_1V1),
        ("arg-2v2", RuleSet::ARG_2V2),
        (
            "arg-classic-6p",
            RuleSet::new("arg-classic", &["players=6"]).expect("valid rule set"),
        ),
        (
            "arg-classic-6p-flor",
            RuleSet::new("arg-classic", &["players=6", "flor"]).expect("valid rule set"),
        ),
        ("paulista", RuleSet::PAULISTA),
        ("valencian", RuleSet::VALENCIAN),
    ];
    let mut g = c.benchmark_group("playout");
    g.throughput(Throughput::Elements(HANDS));
    for (name, rules) in sets {
        let start = PublicState::new_hand(rules, [0, 0], 0).expect("valid hand");
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(1);
        g.bench_function(name, |b| {
            b.iter(|| {
                let mut pts = 0u32;
                for _ in 0..HANDS {
                    let st = random_playout(black_box(start), &mut rng).expect("legal playout");
                    let h = st.public().hand_points();
                    pts += h[0] as u32 + h[1] as u32;
                }
                black_box(pts)
            })
        });
    }
    for (name, rules) in [
        ("arg-1v1-cards-only", RuleSet::ARG_1V1),
        (
            "arg-classic-6p-cards-only",
            RuleSet::new("arg-classic", &["players=6"]).expect("valid rule set"),
        ),
        ("paulista-cards-only", RuleSet::PAULISTA),
        ("valencian-cards-only", RuleSet::VALENCIAN),
    ] {
        let start = PublicState::new_hand(rules, [0, 0], 0).expect("valid hand");
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(2);
        g.bench_function(name, |b| {
            b.iter(|| {
                let mut pts = 0u32;
                for _ in 0..HANDS {
                    let st = card_playout(black_box(start), &mut rng);
                    pts += st.public().hand_points()[0] as u32;
                }
                black_box(pts)
            })
        });
    }
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
