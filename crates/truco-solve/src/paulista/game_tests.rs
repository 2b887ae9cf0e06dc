//! The class game against the engine, and the chance and key contracts.

use rand::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;
use truco_cfr::{ActionList, Game, NodeKind, Tree};
use truco_game::{Action, Actor, Card, PublicState, RuleSet, State};

use super::*;
use crate::paulista::classes::{card_class, class_counts};

const VALUES: HandValues = HandValues {
    win: [1.0, -1.0],
    run: 0.25,
};

fn pick<R: Rng>(rng: &mut R, n: usize) -> usize {
    ((rng.next_u32() as u64 * n as u64) >> 32) as usize
}

/// Plays random class actions in both the engine and the class game from random real deals,
/// at 11-11 (`ferro=open`) and in mão de onze cells; every legal set, result and score agrees.
#[test]
fn class_game_matches_the_engine() {
    let rules = RuleSet::new("paulista", &["players=2", "ferro=open"]).unwrap();
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(7);
    let cards: Vec<Card> = (0..40).filter_map(Card::from_index).collect();
    let mut played_hidden = 0;
    for k in 0..3000 {
        let (score, kind) = match k % 3 {
            0 => ([11, 11], HandKind::OpenFerro),
            1 => ([11, 7], HandKind::Eleven { team: 0 }),
            _ => ([9, 11], HandKind::Eleven { team: 1 }),
        };
        let dealer = (k / 3 % 2) as u8;
        let mao = 1 - dealer;
        let mut deck = cards.clone();
        for i in 0..7 {
            let j = i + pick(&mut rng, deck.len() - i);
            deck.swap(i, j);
        }
        let vira = deck[6];
        let hands = [[deck[0], deck[1], deck[2]], [deck[3], deck[4], deck[5]]];
        let start = PublicState::new_hand(rules, score, mao).unwrap();
        let mut st = State::deal_with_vira(start, &hands, Some(vira)).unwrap();
        let class_hands = hands.map(|h| {
            let mut c = h.map(|c| card_class(c, vira));
            c.sort();
            c
        });
        let g = HuHand::new(kind, mao, 0, class_counts(0), VALUES)
            .with_last_trick_hide(true)
            .with_forced_moves_collapsed(false);
        let mut s = g.dealt(class_hands);
        let mut ours = ActionList::new();
        let mut theirs = truco_game::ActionList::new();
        loop {
            match g.node_kind(&s) {
                NodeKind::Terminal => break,
                NodeKind::Player(p) => {
                    assert_eq!(st.actor().seat(), Some(p as u8));
                }
                NodeKind::Chance => panic!("chance after the deal"),
            }
            g.legal_actions(&s, &mut ours);
            st.legal_actions(&mut theirs);
            let mut mapped: Vec<u8> = theirs
                .as_slice()
                .iter()
                .map(|&a| match a {
                    Action::Play(c) => card_class(c, vira),
                    Action::Hide(c) => card_class(c, vira) | HIDE,
                    Action::Quiero => PLAY_ELEVEN,
                    Action::NoQuiero => RUN_ELEVEN,
                    other => panic!("unexpected engine action {other}"),
                })
                .collect();
            mapped.sort();
            mapped.dedup();
            let mut mine = ours.as_slice().to_vec();
            mine.sort();
            assert_eq!(mine, mapped, "legal actions differ");
            let a = ours[pick(&mut rng, ours.len())];
            played_hidden += (a & HIDE != 0) as u32;
            let seat = st.actor().seat().unwrap();
            let engine_action = match a {
                PLAY_ELEVEN => Action::Quiero,
                RUN_ELEVEN => Action::NoQuiero,
                _ => {
                    let card = st
                        .hand(seat)
                        .iter()
                        .find(|&c| card_class(c, vira) == a & 0x0f)
                        .unwrap();
                    if a & HIDE != 0 {
                        Action::Hide(card)
                    } else {
                        Action::Play(card)
                    }
                }
            };
            st.apply(engine_action).unwrap();
            g.apply(&mut s, a);
        }
        assert_eq!(st.actor(), Actor::Terminal);
        let pts = st.public().hand_points();
        if s.ran() {
            let other = 1 - if let HandKind::Eleven { team } = kind {
                team
            } else {
                0
            };
            assert_eq!(pts[other as usize], 1);
        } else {
            let w = s.winner().unwrap();
            assert_eq!(st.public().hand_winner(), Some(w));
            assert_eq!((pts[w as usize], pts[1 - w as usize]), (3, 0));
        }
    }
    assert!(played_hidden > 100, "hidden cards were exercised");
}

#[test]
fn chance_probabilities_sum_to_one_and_keys_are_consistent() {
    let counts = class_counts(3);
    let g = HuHand::new(HandKind::OpenFerro, 1, 3, counts, VALUES);
    assert_eq!(g.num_deals(), 140_118);
    let mut out = Vec::new();
    let mut s = g.root();
    for _ in 0..4 {
        g.chance_outcomes(&s, &mut out);
        assert!(out.len() <= 255);
        let total: f64 = out.iter().map(|o| o.1).sum();
        assert!((total - 1.0).abs() < 1e-12);
        g.apply_chance(&mut s, out[out.len() / 2].0);
    }
    assert_eq!(
        g.node_kind(&s),
        NodeKind::Player(1),
        "the mão (seat 1) leads"
    );
    // Sampling stays in range.
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(1);
    for _ in 0..200 {
        let mut s = g.root();
        while g.node_kind(&s) == NodeKind::Chance {
            let o = g.sample_chance(&s, &mut rng);
            g.apply_chance(&mut s, o);
        }
        assert!(s.hands()[0].iter().all(|&c| c < 13));
    }
}

#[test]
fn small_deck_tree_builds_with_zero_sum_utilities() {
    let mut counts = [0u8; 13];
    counts[0] = 2;
    counts[3] = 2;
    counts[9] = 1;
    counts[12] = 1;
    let g = HuHand::new(HandKind::Eleven { team: 0 }, 0, CUSTOM_DECK, counts, VALUES);
    let tree = Tree::build(&g, 1_000_000).unwrap();
    assert!(tree.num_info_sets() > 10);
    // An opponent's hidden card is unknown: two states differing only by which card seat 0
    // hid have the same key for seat 1.
    let a = g.dealt([[0, 3, 9], [0, 3, 12]]);
    let mut s1 = a;
    let mut s2 = a;
    for (s, hidden) in [(&mut s1, 3u8), (&mut s2, 9u8)] {
        g.apply(s, PLAY_ELEVEN);
        g.apply(s, 0); // seat 0 leads a class-0 card
        g.apply(s, 0); // seat 1 ties
        g.apply(s, hidden | HIDE); // seat 0 leads again, face down
    }
    assert_eq!(g.info_key(&s1), g.info_key(&s2));
    assert_eq!(g.node_kind(&s1), NodeKind::Player(1));
}

#[test]
fn dropping_the_last_trick_hide_keeps_value_and_exploitability() {
    use truco_cfr::{best_response_value, expected_value, Algorithm, FullSolver};
    let mut counts = [0u8; 13];
    counts[1] = 2;
    counts[4] = 2;
    counts[7] = 2;
    counts[10] = 1;
    counts[12] = 1;
    let solve = |allow: bool| {
        let g = HuHand::new(HandKind::OpenFerro, 1, CUSTOM_DECK, counts, VALUES)
            .with_last_trick_hide(allow)
            .with_forced_moves_collapsed(false);
        let tree = Tree::build(&g, 1_000_000).unwrap();
        let mut s = FullSolver::new(&tree, Algorithm::Dcfr).unwrap();
        s.run(&tree, 400);
        let p = s.average_policy(&tree);
        (tree, p)
    };
    let (full, pf) = solve(true);
    let (pruned, pp) = solve(false);
    assert!(pruned.num_nodes() < full.num_nodes());
    let (vf, vp) = (expected_value(&full, &pf), expected_value(&pruned, &pp));
    assert!((vf - vp).abs() < 1e-4, "values {vf} vs {vp}");
    // The pruned solution, played in the full game (never hiding a last card), is exploitable
    // there exactly as much as in the pruned game.
    let keys: std::collections::HashMap<u64, Vec<f64>> = (0..pruned.num_info_sets())
        .map(|i| (*pruned.info_key(i), pp[pruned.info_range(i)].to_vec()))
        .collect();
    let lifted = full.policy_from_fn(|k, out| {
        out.fill(0.0);
        match keys.get(k) {
            Some(p) => out[..p.len()].copy_from_slice(p),
            // Only reached after the opponent hid a last card: play the last card face up.
            None => out[0] = 1.0,
        }
    });
    for player in 0..2 {
        let (a, b) = (
            best_response_value(&full, &lifted, player),
            best_response_value(&pruned, &pp, player),
        );
        assert!((a - b).abs() < 1e-9, "player {player}: {a} vs {b}");
    }
}

#[test]
fn collapsing_forced_moves_keeps_the_value_and_shrinks_the_tree() {
    use truco_cfr::{expected_value, exploitability, Algorithm, FullSolver};
    let mut counts = [0u8; 13];
    counts[0] = 3;
    counts[5] = 2;
    counts[9] = 1;
    counts[11] = 1;
    let solve = |collapse: bool| {
        let g = HuHand::new(HandKind::Eleven { team: 1 }, 0, CUSTOM_DECK, counts, VALUES)
            .with_forced_moves_collapsed(collapse);
        let tree = Tree::build(&g, 1_000_000).unwrap();
        let mut s = FullSolver::new(&tree, Algorithm::Dcfr).unwrap();
        s.run(&tree, 400);
        let p = s.average_policy(&tree);
        (
            tree.num_nodes(),
            expected_value(&tree, &p),
            exploitability(&tree, &p),
        )
    };
    let (n_full, v_full, e_full) = solve(false);
    let (n_small, v_small, e_small) = solve(true);
    assert!(n_small * 10 < n_full * 8, "{n_small} vs {n_full} nodes");
    assert!(e_full < 1e-4 && e_small < 1e-4, "{e_full} {e_small}");
    assert!((v_full - v_small).abs() < 2e-4, "{v_full} vs {v_small}");
}
