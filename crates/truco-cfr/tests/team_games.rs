//! Team games: a solver player made of several seats, traversed seat by seat.
//!
//! Team Kuhn is Kuhn poker whose player 0 is a team of two seats: seat 0 makes the first
//! decision and its partner, seat 2, the decision after "pass, bet", knowing seat 0's card (the
//! team shares it, so the team has perfect recall and the game is Kuhn: value -1/18). External
//! sampling traverses seats 0, 1 and 2 in turn, sampling the partner's decision like an
//! opponent's; it must still converge to the equilibrium.

use rand::Rng;
use truco_cfr::games::Kuhn;
use truco_cfr::{
    expected_value, exploitability, ActionList, Game, McConfig, McSolver, NodeKind, Player, Tree,
};

#[derive(Clone, Copy)]
struct TeamKuhn;

type S = <Kuhn as Game>::State;

impl Game for TeamKuhn {
    type State = S;
    type Action = <Kuhn as Game>::Action;
    type Outcome = <Kuhn as Game>::Outcome;
    type Key = <Kuhn as Game>::Key;

    fn root(&self) -> S {
        Kuhn.root()
    }
    fn node_kind(&self, s: &S) -> NodeKind {
        Kuhn.node_kind(s)
    }
    fn legal_actions(&self, s: &S, out: &mut ActionList<Self::Action>) {
        Kuhn.legal_actions(s, out)
    }
    fn apply(&self, s: &mut S, a: Self::Action) {
        Kuhn.apply(s, a)
    }
    fn chance_outcomes(&self, s: &S, out: &mut Vec<(Self::Outcome, f64)>) {
        Kuhn.chance_outcomes(s, out)
    }
    fn sample_chance<R: Rng + ?Sized>(&self, s: &S, rng: &mut R) -> Self::Outcome {
        Kuhn.sample_chance(s, rng)
    }
    fn apply_chance(&self, s: &mut S, o: Self::Outcome) {
        Kuhn.apply_chance(s, o)
    }
    fn info_key(&self, s: &S) -> Self::Key {
        Kuhn.info_key(s)
    }
    fn utility(&self, s: &S, player: Player) -> f64 {
        Kuhn.utility(s, player)
    }
    fn seats(&self) -> usize {
        3
    }
    fn acting_seat(&self, s: &S) -> usize {
        // Player 0's second decision (after pass, bet) is the partner's.
        match Kuhn.node_kind(s) {
            NodeKind::Player(0) if Kuhn.info_key(s) >> 4 & 0xf == 2 => 2,
            NodeKind::Player(p) => p,
            _ => 0,
        }
    }
    fn seat_player(&self, seat: usize) -> Player {
        seat % 2
    }
}

#[test]
fn seat_by_seat_traversals_solve_team_kuhn() {
    let tree = Tree::build(&TeamKuhn, 1_000).unwrap();
    let mut s = McSolver::new(McConfig {
        seed: 3,
        ..McConfig::default()
    })
    .unwrap();
    s.train(&TeamKuhn, 100_000).unwrap();
    let policy = s.tree_policy(&tree);
    let v = expected_value(&tree, &policy);
    assert!((v + 1.0 / 18.0).abs() < 0.01, "value {v}");
    let e = exploitability(&tree, &policy);
    assert!(e < 0.01, "exploitability {e}");
}

#[test]
fn lazy_information_sets_solve_team_kuhn_too() {
    let tree = Tree::build(&TeamKuhn, 1_000).unwrap();
    let mut s = McSolver::new(McConfig {
        seed: 3,
        lazy: true,
        ..McConfig::default()
    })
    .unwrap();
    s.train(&TeamKuhn, 100_000).unwrap();
    let e = exploitability(&tree, &s.tree_policy(&tree));
    assert!(e < 0.01, "exploitability {e}");
    // Every decision was created by its own seat's traversal: 12 information sets.
    assert_eq!(s.table().len(), 12);
}

#[test]
fn a_full_lazy_table_keeps_training_what_it_holds() {
    // Room for 4 information sets only (90%: 3 are created): training goes on, the others
    // play uniformly, and nothing fails.
    let mut s = McSolver::new(McConfig {
        seed: 5,
        lazy: true,
        max_info_sets: 4,
        ..McConfig::default()
    })
    .unwrap();
    s.train(&TeamKuhn, 2_000).unwrap();
    assert!(s.table().len() <= 3, "{}", s.table().len());
}
