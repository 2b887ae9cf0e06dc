//! The heuristic allocates nothing per decision after warm-up (its envido table is built once),
//! checked with a counting global allocator (this test binary only, single test).

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering};

use rand::SeedableRng;
use truco_arena::{Bot, BotRng, Heuristic};
use truco_game::{ActionList, Actor, PublicState, RuleSet, State};

struct Counting;

static ALLOCS: AtomicUsize = AtomicUsize::new(0);

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, l: Layout) -> *mut u8 {
        ALLOCS.fetch_add(1, Ordering::Relaxed);
        unsafe { System.alloc(l) }
    }
    unsafe fn dealloc(&self, p: *mut u8, l: Layout) {
        unsafe { System.dealloc(p, l) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

/// Plays `hands` hands of heuristic self-play; returns the decisions made.
fn play(rules: RuleSet, hands: u32, rng: &mut BotRng) -> u32 {
    let mut legal = ActionList::new();
    let mut decisions = 0;
    for h in 0..hands {
        let public = PublicState::new_hand(rules, [(h % 20) as u8, 3], 0).unwrap();
        let mut st = State::sample_deal(public, rng);
        while let Actor::Seat(s) | Actor::Team { seat: s, .. } = st.actor() {
            st.legal_actions(&mut legal);
            let view = st.view(s).unwrap();
            let a = Heuristic.act(&view, legal.as_slice(), rng);
            st.apply(a).unwrap();
            decisions += 1;
        }
    }
    decisions
}

#[test]
fn heuristic_decisions_allocate_nothing() {
    let b = ALLOCS.load(Ordering::Relaxed);
    drop(std::hint::black_box(vec![1u8; 8]));
    assert!(
        ALLOCS.load(Ordering::Relaxed) > b,
        "the counter sees allocations"
    );
    let mut rng = BotRng::seed_from_u64(4);
    let sets = [
        RuleSet::ARG_1V1,
        RuleSet::ARG_2V2,
        RuleSet::new("arg-classic", &["players=6", "flor"]).unwrap(),
    ];
    for rules in sets {
        play(rules, 5, &mut rng); // warm-up: the envido table
        let before = ALLOCS.load(Ordering::Relaxed);
        let n = play(rules, 300, &mut rng);
        assert!(n > 1000, "{n} decisions");
        assert_eq!(ALLOCS.load(Ordering::Relaxed), before, "{rules:?}");
    }
}
