//! Zero heap allocations per playout after warm-up, checked with a counting global allocator
//! (this test binary only). Only allocations of the test's own thread are counted: the test
//! harness's threads may allocate at any time.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;
use std::sync::atomic::{AtomicUsize, Ordering};

use rand::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;
use truco_game::sim::random_playout;
use truco_game::{PublicState, RuleSet};

struct Counting;

static ALLOCS: AtomicUsize = AtomicUsize::new(0);

thread_local! {
    /// Whether this thread's allocations are counted (const-initialized: no allocation).
    static COUNTED: Cell<bool> = const { Cell::new(false) };
}

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, l: Layout) -> *mut u8 {
        if COUNTED.with(Cell::get) {
            ALLOCS.fetch_add(1, Ordering::Relaxed);
        }
        unsafe { System.alloc(l) }
    }
    unsafe fn dealloc(&self, p: *mut u8, l: Layout) {
        unsafe { System.dealloc(p, l) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

#[test]
fn playouts_allocate_nothing() {
    COUNTED.with(|c| c.set(true));
    // The counter sees heap allocations.
    let b = ALLOCS.load(Ordering::Relaxed);
    drop(std::hint::black_box(vec![1u8; 8]));
    assert!(ALLOCS.load(Ordering::Relaxed) > b);
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
        let before = ALLOCS.load(Ordering::Relaxed);
        let mut total = 0u32;
        for _ in 0..20_000 {
            let st = random_playout(start, &mut rng).unwrap();
            let h = st.public().hand_points();
            total += h[0] as u32 + h[1] as u32;
        }
        let after = ALLOCS.load(Ordering::Relaxed);
        assert!(total > 0);
        assert_eq!(
            after - before,
            0,
            "{:?}: allocations during playouts",
            rules.variant
        );
    }
}
