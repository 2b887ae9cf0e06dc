//! Random legal hands in every variant: every legal action applies, every hand ends,
//! replaying the public events alone rebuilds the same public state and points, and at every
//! step the dealt hands fit the public state (`State::from_public`: the totals shown and
//! those kept hidden).

use rand::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;
use truco_game::log::replay;
use truco_game::{ActionList, Actor, Event, PublicState, RuleSet, State};

#[test]
fn random_hands_replay_from_public_events() {
    let sets = [
        RuleSet::ARG_1V1,
        RuleSet::ARG_2V2,
        RuleSet::new("arg-classic", &["players=6", "flor"]).unwrap(),
        RuleSet::new("arg-classic", &["players=2", "flor", "early-mazo"]).unwrap(),
        RuleSet::new("arg-classic", &["flor", "falta-in-malas"]).unwrap(),
    ];
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(7);
    let mut legal = ActionList::new();
    for rules in sets {
        for _ in 0..3000 {
            let score = [
                (rng.next_u32() % rules.target as u32) as u8,
                (rng.next_u32() % rules.target as u32) as u8,
            ];
            let mano = (rng.next_u32() % rules.players as u32) as u8;
            let start = PublicState::new_hand(rules, score, mano).unwrap();
            let mut st = State::sample_deal(start, &mut rng);
            let mut events = vec![Event::Deal];
            let mut pts = [0u32; 2];
            let mut steps = 0;
            while st.actor() != Actor::Terminal {
                st.legal_actions(&mut legal);
                assert!(!legal.is_empty(), "{:?}", st.public());
                let a = legal.as_slice()[rng.next_u32() as usize % legal.len()];
                let (e, aw) = st.apply(a).unwrap();
                events.push(e);
                pts[0] += aw.points(0);
                pts[1] += aw.points(1);
                steps += 1;
                assert!(steps < 64, "a hand must end");
                let hands: Vec<_> = (0..rules.players).map(|s| st.dealt(s).unwrap()).collect();
                if let Err(e) = State::from_public(*st.public(), &hands) {
                    panic!("{e}: {:?} {events:?}", st.public());
                }
            }
            let (p, rpts) = replay(start, &events).unwrap();
            assert_eq!(&p, st.public());
            assert_eq!(rpts, pts);
            let over = p.match_over();
            assert!(
                over || p.hand_winner().is_some(),
                "a finished hand has a winner"
            );
            let s = p.score();
            assert_eq!(
                [s[0] as u32 - score[0] as u32, s[1] as u32 - score[1] as u32],
                pts
            );
        }
    }
}
