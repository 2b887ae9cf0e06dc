//! `Policy::recommend` and `Policy::sample` allocate nothing (present and absent keys), checked
//! with a counting global allocator around every call (this test binary only).

use rand::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;
use truco_game::abstraction::Abstraction;
use truco_game::{ActionList, Event, Hand, PublicState, RuleSet, View};
use truco_query::{ActionOrder, Policy, TableMeta, TableWriter};

#[global_allocator]
static GLOBAL: truco_testkit::CountingAlloc = truco_testkit::CountingAlloc;

use truco_testkit::count;

#[test]
fn recommend_and_sample_allocate_nothing() {
    // The counter works.
    let (v, n) = count(|| vec![1u8; 10]);
    assert_eq!((v.len(), n), (10, 1));

    let mut rng = Xoshiro256PlusPlus::seed_from_u64(11);
    let mut seen: Vec<(View, Vec<Event>)> = Vec::new();
    let mut legal = ActionList::new();
    for _ in 0..500 {
        let score = [rng.next_u32() as u8 % 15, rng.next_u32() as u8 % 15];
        let start = PublicState::new_hand(RuleSet::ARG_1V1, score, 0).unwrap();
        let mut hand = Hand::sample(start, &mut rng);
        while let Some(seat) = hand.actor().seat() {
            hand.legal_actions(&mut legal);
            seen.push((hand.view(seat).unwrap(), hand.public_events().to_vec()));
            let a = legal.as_slice()[rng.next_u32() as usize % legal.len()];
            hand.apply(a).unwrap();
        }
    }
    // Every other decision's key is in the table, with values.
    let a = Abstraction::Tiers;
    let mut w = TableWriter::new(TableMeta {
        variant: "arg-1v1".into(),
        options: String::new(),
        abstraction_id: a.id().into(),
        abstraction_hash: a.definition_hash(),
    });
    let mut keys = std::collections::HashSet::new();
    for (view, events) in seen.iter().step_by(2) {
        let key = a.key(view, events).unwrap();
        view.legal_actions(&mut legal);
        if keys.insert(key) {
            let p = vec![1.0f32; legal.len()];
            w.push(key, &p, Some(&p)).unwrap();
        }
    }
    let path = std::env::temp_dir().join(format!("tq-noalloc-{}.tbl", std::process::id()));
    w.write(&path).unwrap();
    // The table as written, and the same table purified (rows processed as they are read).
    let purified = path.with_extension("purified.tbl");
    truco_query::write_post_processed(&path, truco_query::PostProcess::Purify, &purified).unwrap();
    for p in [&path, &purified] {
        let policy = Policy::open(p).unwrap();
        let _ = std::fs::remove_file(p);
        let mut fallbacks = 0;
        for (view, events) in &seen {
            let (r, n) = count(|| policy.recommend(view, events).unwrap());
            assert_eq!(n, 0, "recommend allocated");
            fallbacks += r.fallback as usize;
            let (_, n) = count(|| policy.recommend_in(view, events, ActionOrder::Canonical));
            assert_eq!(n, 0, "recommend_in allocated");
            let (_, n) = count(|| policy.recommend_trained(view, events));
            assert_eq!(n, 0, "recommend_trained allocated");
            let (_, n) = count(|| policy.sample(view, events, &mut rng).unwrap());
            assert_eq!(n, 0, "sample allocated");
        }
        assert!(fallbacks > 0 && fallbacks < seen.len(), "{fallbacks}");
    }
}
