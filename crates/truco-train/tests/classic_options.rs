//! Every option set the engine accepts for arg-classic is trainable: it becomes a
//! [`TrainVariant`] whose header options name it exactly, and every decision of random hands
//! (both kinds of pica-pica hand included) has a key.

use rand::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;
use truco_cfr::{play_out, random_pick, Game};
use truco_game::RuleSet;
use truco_train::keying::{Abstract, NO_KEY};
use truco_train::variant::TrainVariant;

/// Every combination of the classic options (players, target and the four flags).
fn every_option_set() -> Vec<Vec<String>> {
    let mut all = Vec::new();
    for players in [2, 4, 6] {
        for target in [15, 30] {
            for flags in 0..16u32 {
                let mut o = vec![format!("players={players}"), format!("target={target}")];
                for (bit, name) in ["flor", "falta-in-malas", "early-mazo", "pica-pica"]
                    .iter()
                    .enumerate()
                {
                    if flags & 1 << bit != 0 {
                        o.push(name.to_string());
                    }
                }
                all.push(o);
            }
        }
    }
    all
}

#[test]
fn every_accepted_option_set_trains_and_keys_every_decision() {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(9);
    let mut trainable = 0;
    for opts in every_option_set() {
        let refs: Vec<&str> = opts.iter().map(String::as_str).collect();
        let Ok(rules) = RuleSet::new("arg-classic", &refs) else {
            // pica-pica without six players: refused by the engine, and by training too.
            assert!(refs.contains(&"pica-pica"), "{refs:?}");
            assert!(TrainVariant::from_rules("arg-classic", &refs).is_err());
            continue;
        };
        let v = TrainVariant::from_rules("arg-classic", &refs).unwrap();
        assert_eq!(v.rules(), rules);
        let again: Vec<String> = v.options().split_whitespace().map(String::from).collect();
        let again: Vec<&str> = again.iter().map(String::as_str).collect();
        assert_eq!(
            RuleSet::new("arg-classic", &again).unwrap(),
            rules,
            "{refs:?}"
        );
        v.check_abstraction(v.default_abstraction()).unwrap();
        let g = v.game(Abstract(v.default_abstraction()));
        for _ in 0..40 {
            play_out(&g, g.root(), &mut rng, |s, actions, rng| {
                assert_ne!(g.info_key(s), NO_KEY, "{refs:?}");
                random_pick(s, actions, rng)
            });
        }
        trainable += 1;
    }
    // 3 x 2 x 8 without pica-pica, and 2 x 8 with it (six players).
    assert_eq!(trainable, 64);
}
