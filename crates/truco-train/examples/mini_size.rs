//! Prints the size of the arg-1v1-mini game tree (exact and abstract keys).
use std::time::Instant;
use truco_cfr::Tree;
use truco_game::abstraction::Abstraction;
use truco_train::game::TrucoGame;
use truco_train::keying::{Abstract, Exact};

fn main() {
    let t = Instant::now();
    let exact = Tree::build(&TrucoGame::mini(Exact), 200_000_000).unwrap();
    println!(
        "exact: {} nodes, {} info sets, {} actions, {} MB tree, {:.1}s",
        exact.num_nodes(),
        exact.num_info_sets(),
        exact.num_actions(),
        exact.bytes() >> 20,
        t.elapsed().as_secs_f64()
    );
    drop(exact);
    for a in Abstraction::ARG_1V1 {
        let t = Instant::now();
        let tr = Tree::build(&TrucoGame::mini(Abstract(a)), 200_000_000).unwrap();
        println!(
            "{}: {} info sets, {} actions, {:.1}s",
            a.id(),
            tr.num_info_sets(),
            tr.num_actions(),
            t.elapsed().as_secs_f64()
        );
    }
}
