//! The training hot paths of the team game allocate nothing: walking arg-2v2 hands through
//! the solver's game (legal actions, apply, the abstraction key of every seat) and lazy
//! ES-MCCFR iterations once their information sets are known. Counted with the per-thread
//! counting allocator of truco-testkit.

use rand::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;
use truco_cfr::{play_out, random_pick, Game, McConfig, McSolver};
use truco_game::abstraction::Abstraction;
use truco_train::game::TrucoGame;
use truco_train::keying::{Abstract, NO_KEY};

#[global_allocator]
static GLOBAL: truco_testkit::CountingAlloc = truco_testkit::CountingAlloc;

use truco_testkit::allocations;

#[test]
fn arg_2v2_keys_and_moves_allocate_nothing() {
    walks_allocate_nothing(TrucoGame::arg_2v2(Abstract(Abstraction::Arg2v2BucketsV2)));
}

/// The same for paulista (4 players and heads-up, the vira dealt) and valencian (camas).
#[test]
fn paulista_and_valencian_keys_and_moves_allocate_nothing() {
    use truco_train::variant::TrainVariant;
    for v in [
        TrainVariant::Paulista,
        TrainVariant::PaulistaHu,
        TrainVariant::PaulistaHuOpen,
        TrainVariant::Valencian,
    ] {
        walks_allocate_nothing(v.game(Abstract(v.default_abstraction())));
    }
    let hu = TrainVariant::PaulistaHu;
    walks_allocate_nothing(hu.game(Abstract(Abstraction::PaulistaHuTiersV1)));
    walks_allocate_nothing(hu.game(Abstract(Abstraction::PaulistaHuTiersV2)));
}

/// The same for the classic Argentine option sets: 2, 4 and 6 players, flor, and both kinds
/// of pica-pica hand.
#[test]
fn arg_classic_keys_and_moves_allocate_nothing() {
    use truco_train::variant::TrainVariant;
    for opts in [
        &["players=4", "flor"][..],
        &["players=6", "flor", "pica-pica"][..],
        &["players=2", "flor", "target=15"][..],
    ] {
        let v = TrainVariant::from_rules("arg-classic", opts).unwrap();
        walks_allocate_nothing(v.game(Abstract(v.default_abstraction())));
    }
}

/// Random walks through `g`'s hands (chance, keys of every decision, legal actions, apply)
/// allocate nothing once warm.
fn walks_allocate_nothing(g: TrucoGame<Abstract>) {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(5);
    let walk = |rng: &mut Xoshiro256PlusPlus| -> u64 {
        let mut keys = 0u64;
        play_out(&g, g.root(), rng, |s, actions, rng| {
            let k = g.info_key(s);
            assert_ne!(k, NO_KEY);
            keys ^= k;
            random_pick(s, actions, rng)
        });
        keys
    };
    for _ in 0..100 {
        walk(&mut rng);
    }
    let before = allocations();
    let mut x = 0u64;
    for _ in 0..5000 {
        x ^= walk(&mut rng);
    }
    assert_eq!(allocations(), before);
    assert_ne!(x, 0);
}

#[test]
fn lazy_team_iterations_allocate_nothing() {
    let g = TrucoGame::arg_2v2(Abstract(Abstraction::Arg2v2BucketsV2));
    let mut s = McSolver::new(McConfig {
        max_info_sets: 1 << 16,
        max_actions: 1 << 18,
        lazy: true,
        ..McConfig::default()
    })
    .unwrap();
    // Fill the table (lazy: it stops creating information sets at 90%), then count.
    s.train(&g, 3000).unwrap();
    assert!(s.table().len() >= (1 << 16) / 10 * 9 - 16);
    let before = allocations();
    s.train(&g, 300).unwrap();
    assert_eq!(allocations(), before);
}
