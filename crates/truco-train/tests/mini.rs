//! Exact measurements on a sub-game of `arg-1v1-mini` (seat 0's hand fixed, so the tree is
//! built in a second): training lowers the exact exploitability, with the exact key and with
//! the abstraction, through the adapter.

use truco_cfr::{exploitability, Algorithm, FullSolver, McConfig, McSolver, Tree};
use truco_game::abstraction::Abstraction;
use truco_game::Card;
use truco_train::game::TrucoGame;
use truco_train::keying::{Abstract, Dual, DualKey, Exact};

fn first_hand() -> [Card; 3] {
    let c = |s: &str| s.parse::<Card>().unwrap();
    [c("1E"), c("3O"), c("12C")]
}

fn tree() -> Tree<DualKey> {
    Tree::build(
        &TrucoGame::mini(Dual).with_first_hand(first_hand()),
        50_000_000,
    )
    .unwrap()
}

#[test]
fn es_mccfr_lowers_exact_exploitability_with_and_without_abstraction() {
    let tree = tree();
    let uniform = exploitability(&tree, &tree.uniform_policy());
    let config = McConfig {
        seed: 3,
        max_info_sets: 1 << 21,
        max_actions: 1 << 23,
        ..McConfig::default()
    };
    let mut exact = McSolver::new(config.clone()).unwrap();
    let game = TrucoGame::mini(Exact).with_first_hand(first_hand());
    exact.train(&game, 3000).unwrap();
    let policy = tree.policy_from_fn(|k, out| {
        if !matches!(exact.average_strategy(&k.0, out), Ok(Some(_))) {
            out.fill(1.0 / out.len() as f64);
        }
    });
    let e_exact = exploitability(&tree, &policy);
    let mut abs = McSolver::new(config).unwrap();
    let game = TrucoGame::mini(Abstract(Abstraction::Tiers)).with_first_hand(first_hand());
    abs.train(&game, 3000).unwrap();
    let policy = tree.policy_from_fn(|k, out| {
        if !matches!(abs.average_strategy(&k.1[0], out), Ok(Some(_))) {
            out.fill(1.0 / out.len() as f64);
        }
    });
    let e_abs = exploitability(&tree, &policy);
    eprintln!("uniform {uniform:.4}, exact {e_exact:.4}, tiers {e_abs:.4}");
    assert!(e_exact < uniform * 0.5, "{e_exact} vs {uniform}");
    assert!(e_abs < uniform * 0.5, "{e_abs} vs {uniform}");
}

#[test]
fn cfr_plus_converges_on_the_exact_subgame() {
    let tree = tree();
    let mut s = FullSolver::new(&tree, Algorithm::CfrPlus).unwrap();
    s.run(&tree, 3);
    let early = exploitability(&tree, &s.average_policy(&tree));
    s.run(&tree, 17);
    let late = exploitability(&tree, &s.average_policy(&tree));
    assert!(late < early * 0.7, "{late} vs {early}");
}
