//! Zero heap allocations per playout after warm-up, checked with a counting global allocator
//! (this test binary only). Only allocations of the test's own thread are counted: the test
//! harness's threads may allocate at any time.

use rand::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;
use truco_game::sim::random_playout;
use truco_game::{PublicState, RuleSet};

#[global_allocator]
static GLOBAL: truco_testkit::CountingAlloc = truco_testkit::CountingAlloc;

#[test]
fn playouts_allocate_nothing() {
    // The counter sees heap allocations.
    let b = truco_testkit::allocations();
    drop(std::hint::black_box(vec![1u8; 8]));
    assert!(truco_testkit::allocations() > b);
    let sets = [
        (RuleSet::ARG_1V1, [10, 12], [0, 0]),
        (RuleSet::ARG_2V2, [10, 12], [0, 0]),
        (
            RuleSet::new("arg-classic", &["players=6", "flor"]).unwrap(),
            [10, 12],
            [0, 0],
        ),
        (RuleSet::PAULISTA, [3, 5], [0, 0]),
        (RuleSet::PAULISTA, [11, 5], [0, 0]),
        (RuleSet::PAULISTA, [11, 11], [0, 0]),
        (RuleSet::VALENCIAN, [10, 12], [1, 0]),
    ];
    for (rules, score, camas) in sets {
        let start = PublicState::new_hand_in_camas(rules, score, camas, 1).unwrap();
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(3);
        for _ in 0..100 {
            random_playout(start, &mut rng).unwrap();
        }
        let before = truco_testkit::allocations();
        let mut total = 0u32;
        for _ in 0..20_000 {
            let st = random_playout(start, &mut rng).unwrap();
            let h = st.public().hand_points();
            total += h[0] as u32 + h[1] as u32;
        }
        let after = truco_testkit::allocations();
        assert!(total > 0);
        assert_eq!(
            after - before,
            0,
            "{:?}: allocations during playouts",
            rules.variant
        );
    }
}
