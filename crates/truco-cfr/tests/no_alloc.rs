//! The hot paths allocate nothing: ES/OS-MCCFR iterations on one thread once every information
//! set is known, and full-traversal iterations once the solver is built.

use truco_cfr::games::Leduc;
use truco_cfr::{Algorithm, FullSolver, McConfig, McSolver, Tree};

#[global_allocator]
static GLOBAL: truco_testkit::CountingAlloc = truco_testkit::CountingAlloc;

use truco_testkit::allocations;

#[test]
fn the_counter_sees_allocations() {
    let before = allocations();
    let v = std::hint::black_box(vec![1u8; 64]);
    assert!(allocations() > before);
    drop(v);
}

#[test]
fn mccfr_iterations_do_not_allocate() {
    for algorithm in [Algorithm::EsMccfr, Algorithm::OsMccfr] {
        let mut s = McSolver::new(McConfig {
            algorithm,
            ..McConfig::default()
        })
        .unwrap();
        s.train(&Leduc, 50_000).unwrap(); // discover the information sets
        let before = allocations();
        s.train(&Leduc, 20_000).unwrap();
        assert_eq!(allocations(), before, "{algorithm}");
    }
}

#[test]
fn full_traversal_iterations_do_not_allocate() {
    let tree = Tree::build(&Leduc, 1 << 20).unwrap();
    let mut s = FullSolver::new(&tree, Algorithm::Dcfr).unwrap();
    let before = allocations();
    s.run(&tree, 20);
    assert_eq!(allocations(), before);
    assert_eq!(s.iterations(), 20);
}
