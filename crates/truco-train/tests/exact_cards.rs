//! [`ExactCards`] keys a seat's information exactly: a card it played face down is its own to
//! know (its key tells which), and nobody else's (their keys do not).

use rand::seq::IndexedRandom;
use rand::{RngExt, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;
use truco_cfr::{ActionList, Game, NodeKind};
use truco_game::{Action, RuleSet};
use truco_train::game::{GState, Move, TrucoGame};
use truco_train::keying::ExactCards;

/// Plays a hand at random to a decision where its seat may hide either of two cards.
fn to_a_choice_of_hidden_cards(
    g: &TrucoGame<ExactCards>,
    rng: &mut Xoshiro256PlusPlus,
) -> Option<(GState, Move, Move)> {
    let mut s = g.root();
    let mut outcomes = Vec::new();
    let mut legal = ActionList::new();
    loop {
        match g.node_kind(&s) {
            NodeKind::Terminal => return None,
            NodeKind::Chance => {
                g.chance_outcomes(&s, &mut outcomes);
                let (o, _) = *outcomes.choose(rng)?;
                g.apply_chance(&mut s, o);
            }
            NodeKind::Player(_) => {
                g.legal_actions(&s, &mut legal);
                let hides: Vec<Move> = legal
                    .iter()
                    .copied()
                    .filter(|m| matches!(m.0, Action::Hide(_)))
                    .collect();
                if hides.len() >= 2 {
                    return Some((s, hides[0], hides[1]));
                }
                let m = *legal.as_slice().choose(rng)?;
                g.apply(&mut s, m);
            }
        }
    }
}

#[test]
fn a_card_played_face_down_is_in_its_seat_key_only() {
    let rules = RuleSet::new("paulista", &["players=2"]).unwrap();
    let g = TrucoGame::new(rules, ExactCards);
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(5);
    let mut checked = 0;
    for _ in 0..2000 {
        let Some((s, x, y)) = to_a_choice_of_hidden_cards(&g, &mut rng) else {
            continue;
        };
        let hider = g.acting_seat(&s);
        let (mut a, mut b) = (s, s);
        g.apply(&mut a, x);
        g.apply(&mut b, y);
        // Both worlds go on alike (the same action by index) until the hand ends.
        let mut legal = ActionList::new();
        while let (NodeKind::Player(_), NodeKind::Player(_)) = (g.node_kind(&a), g.node_kind(&b)) {
            let seat = g.acting_seat(&a);
            assert_eq!(seat, g.acting_seat(&b));
            if seat == hider {
                assert_ne!(g.info_key(&a), g.info_key(&b), "the hider knows its card");
            } else {
                assert_eq!(g.info_key(&a), g.info_key(&b), "the others do not");
                checked += 1;
            }
            // The same action in both worlds, while one is legal in both (the hider's cards
            // differ: playing one face up would tell the worlds apart).
            g.legal_actions(&a, &mut legal);
            let m = legal[rng.random_range(0..legal.len())];
            g.legal_actions(&b, &mut legal);
            if !legal.contains(&m) {
                break;
            }
            g.apply(&mut a, m);
            g.apply(&mut b, m);
        }
    }
    assert!(checked > 0, "no decision after a face-down card was met");
}
