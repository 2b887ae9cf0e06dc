use super::*;
use crate::action::Actor;
use crate::cards::CardError;
use crate::hand::Hand;
use crate::rules::RuleError;
use rand::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;

/// The readable examples of the README's "Spot notation" section, in canonical form.
pub(crate) const EXAMPLES: [&str; 6] = [
    // A fresh hand: seat 0 is mano (the dealer is seat 1) and has not acted yet.
    "arg-1v1 | score 0-0 | dealer 1 | seat 0: 1E 7O 4C",
    // The arg-1v1 envido diagram: 33 against 25, both shown; then a truco in trick 2.
    "arg-1v1 | score 3-9 | dealer 1 | seat 0: 6O 7O 1C | 0:envido 1:quiero [0:33 1:25] 0:1C 1:4E / 0:truco 1:quiero",
    // Four players: the table announces 31 and the others say "son buenas".
    "arg-2v2 | score 12-20 | dealer 3 | seat 1: 1E 7O 3C | 0:envido 1:quiero [0:31 1:- 2:- 3:-] 0:4B 1:7O 2:truco 3:quiero",
    // Flor: the mano declares it at his first action, it scores 3 when trick 1 ends.
    "arg-classic flor | score 0-0 | dealer 3 | seat 0: 4O 5O 6O | 0:flor 0:4O 1:12B 2:1E 3:3B / 2:7E",
    // Six players: a truco called on turn, answered by seat 2 for team 0.
    "arg-classic players=6 target=15 | score 5-8 | dealer 5 | seat 3: 2E 2B 12C | 0:3O 1:truco 2:quiero 1:7E 2:4C 3:2E 4:5C 5:1B",
    // A falta envido declined at 14-13 gives 1 point; then a truco waits for seat 0's answer.
    "arg-1v1 | score 14-13 | dealer 0 | seat 0: 5E 6E 12B | 1:falta-envido 0:no-quiero 1:truco",
];

fn spot(s: &str) -> Spot {
    s.parse().unwrap_or_else(|e| panic!("{s}\n{e}"))
}

fn err(s: &str) -> SpotError {
    match s.parse::<Spot>() {
        Ok(sp) => panic!("{s} parsed as {sp}"),
        Err(e) => e,
    }
}

#[test]
fn examples_are_canonical_and_round_trip() {
    for text in EXAMPLES {
        let s = spot(text);
        assert_eq!(s.to_string(), text, "canonical print");
        assert_eq!(spot(&s.to_string()), s, "parse(print(s)) == s");
        let v = s.to_view().unwrap();
        assert_eq!(v.seat(), s.seat());
        assert_eq!(v.dealt(), s.cards());
    }
}

#[test]
fn examples_reach_the_stated_points() {
    let v = spot(EXAMPLES[1]).to_view().unwrap();
    assert_eq!(v.public().score(), [5, 9], "envido 2 to seat 0");
    assert_eq!(v.public().truco().level, 1);
    let v = spot(EXAMPLES[3]).to_view().unwrap();
    assert_eq!(v.public().hand_points(), [3, 0], "uncontested flor");
    let v = spot(EXAMPLES[4]).to_view().unwrap();
    assert_eq!(v.public().trick_result(0), Some(1), "1B takes trick 1");
    let v = spot(EXAMPLES[5]).to_view().unwrap();
    assert_eq!(v.public().score(), [14, 14], "declined falta gives 1");
    assert_eq!(v.public().actor(), Actor::Team { team: 0, seat: 0 });
}

#[test]
fn loose_input_prints_canonically() {
    let loose = "ARG-1v1|score 3-9|dealer 1|seat 0: 1C 7O 6O|0:ENVIDO 1:quiero[1:25 0:33] 0:1c 1:4e 0:raise 1:quiero|";
    assert_eq!(spot(loose).to_string(), EXAMPLES[1]);
    let opts = "arg-classic target=15 players=6 | score 5-8 | dealer 5 | seat 3: 12C 2B 2E";
    assert_eq!(
        spot(opts).to_string(),
        "arg-classic players=6 target=15 | score 5-8 | dealer 5 | seat 3: 2E 2B 12C"
    );
}

#[test]
fn every_view_of_random_hands_round_trips() {
    let sets = [
        RuleSet::ARG_1V1,
        RuleSet::ARG_2V2,
        RuleSet::new("arg-classic", &["players=6", "flor"]).unwrap(),
        RuleSet::new("arg-classic", &["players=2", "flor", "target=15"]).unwrap(),
        RuleSet::new("arg-classic", &["players=6", "flor", "pica-pica", "pair=3"]).unwrap(),
    ];
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(3);
    let mut legal = crate::action::ActionList::new();
    for rules in sets {
        for k in 0..60u32 {
            let score = [
                (k % rules.target as u32) as u8,
                (k * 7 % rules.target as u32) as u8,
            ];
            let start = PublicState::new_hand(rules, score, (k % rules.players as u32) as u8);
            let mut h = Hand::sample(start.unwrap(), &mut rng);
            loop {
                for seat in 0..rules.players {
                    let v = h.view(seat).unwrap();
                    let s = Spot::from_view_and_log(&v, h.public_events()).unwrap();
                    let back = spot(&s.to_string());
                    assert_eq!(back, s);
                    assert_eq!(back.to_view().unwrap(), v);
                    let rebuilt = Spot::from_view(&v).unwrap();
                    assert_eq!(spot(&rebuilt.to_string()).to_view().unwrap(), v);
                    assert_eq!(rebuilt.score(), s.score());
                }
                if h.actor() == Actor::Terminal {
                    break;
                }
                h.legal_actions(&mut legal);
                let a = legal.as_slice()[rand::Rng::next_u32(&mut rng) as usize % legal.len()];
                h.apply(a).unwrap();
            }
        }
    }
}

#[test]
fn from_view_and_log_checks_the_log() {
    let s = spot(EXAMPLES[1]);
    let v = s.to_view().unwrap();
    assert!(matches!(
        Spot::from_view_and_log(&v, &s.history()[..2]),
        Err(SpotError::Log(_))
    ));
    assert_eq!(Spot::from_view_and_log(&v, s.history()).unwrap(), s);
}

#[test]
fn from_view_rebuilds_a_history_reaching_the_view() {
    for text in EXAMPLES {
        let s = spot(text);
        let v = s.to_view().unwrap();
        let r = Spot::from_view(&v).unwrap();
        assert_eq!(r.to_view().unwrap(), v, "{text}");
        assert_eq!(r.history().len(), s.history().len(), "{text}");
    }
    // Calls may come back in another order that reaches the same public state.
    let s = spot(EXAMPLES[2]);
    assert_eq!(
        Spot::from_view(&s.to_view().unwrap()).unwrap().to_string(),
        EXAMPLES[2]
    );
}

#[test]
fn header_errors_name_field_and_column() {
    assert_eq!(err("arg-1v1 | score 0-0"), SpotError::Fields { found: 2 });
    assert!(matches!(
        err("truco-x | score 0-0 | dealer 0 | seat 0: 1E 2E 3E"),
        SpotError::Rules {
            column: 1,
            source: RuleError::UnknownVariant(_)
        }
    ));
    assert!(matches!(
        err("arg-classic florr | score 0-0 | dealer 0 | seat 0: 1E 2E 3E"),
        SpotError::Rules {
            source: RuleError::UnknownOption { .. },
            ..
        }
    ));
    let e = err("arg-1v1 | score 12- | dealer 0 | seat 0: 1E 2E 3E");
    assert_eq!(
        e.to_string(),
        "score `score 12-` (column 11): expected two numbers like score 12-20"
    );
    let e = err("arg-1v1 | score 15-0 | dealer 0 | seat 0: 1E 2E 3E");
    assert!(e.to_string().contains("below the target 15"), "{e}");
    let e = err("arg-2v2 | score 0-0 | dealer 4 | seat 0: 1E 2E 3E");
    assert!(
        matches!(
            e,
            SpotError::Field {
                field: "dealer",
                column: 23,
                ..
            }
        ),
        "{e:?}"
    );
    assert!(e.to_string().contains("0 to 3"), "{e}");
    let e = err("arg-1v1 | score 0-0 | dealer 0 | seat 0: 1E 2E");
    assert!(
        e.to_string().contains("three cards like 1E 7O 3C, found 2"),
        "{e}"
    );
    let e = err("arg-1v1 | score 0-0 | dealer 0 | seat 0: 1E 8E 3E");
    assert!(
        matches!(
            e,
            SpotError::Card {
                column: 45,
                source: CardError::NoSuchRank { .. }
            }
        ),
        "{e:?}"
    );
    let e = err("arg-1v1 | score 0-0 | dealer 0 | seat 0: 1E 1E 3E");
    assert!(matches!(
        e,
        SpotError::Card {
            source: CardError::Duplicate { .. },
            ..
        }
    ));
    let e = err("arg-1v1 | score 0-0 | dealer 0 | seat 2: 1E 2E 3E");
    assert!(matches!(e, SpotError::Field { field: "seat", .. }));
}

const H: &str = "arg-1v1 | score 0-0 | dealer 1 | seat 0: 6O 7O 1C | ";

#[test]
fn history_errors_say_what_was_expected() {
    let e = err(&format!("{H}0:envido 1:quero"));
    assert_eq!(
        e.to_string(),
        format!(
            "history token 2 `1:quero` (column 62): expected {}",
            parse_actions()
        )
    );
    let e = err(&format!("{H}0:envido 0:quiero"));
    assert_eq!(
        e.to_string(),
        "history token 2 `0:quiero` (column 62): it is team 1's answer (seat 1 decides), not seat 0's"
    );
    let e = err(&format!("{H}1:7E"));
    assert!(matches!(e, SpotError::Turn { seat: 1, .. }));
    assert!(
        e.to_string().contains("it is seat 0's turn, not seat 1's"),
        "{e}"
    );
    let e = err(&format!("{H}0:truco 1:quiero 0:retruco"));
    assert!(matches!(e, SpotError::Illegal { .. }));
    assert!(
        e.to_string()
            .contains("seat 0 may not raise: the last truco was accepted by the other team"),
        "{e}"
    );
    let e = err(&format!("{H}0:truco 1:vale-cuatro"));
    assert!(
        e.to_string()
            .contains("the next truco step here is retruco"),
        "{e}"
    );
    let e = err(&format!("{H}0:7O 1:quiero"));
    assert!(e.to_string().contains("no call is pending"), "{e}");
    let e = err(&format!("{H}0:1C 1:4E 0:7O 1:5E 0:6O 1:envido"));
    assert!(
        e.to_string().contains("hand is already over") || e.to_string().contains("first trick"),
        "{e}"
    );
    let e = err(&format!("{H}0:1C 1:4E / / 0:7O"));
    assert!(e.to_string().contains("history token 4 `/`"), "{e}");
    let e = err(&format!("{H}0:1C / 1:4E"));
    assert!(matches!(e, SpotError::Token { .. }), "{e:?}");
}

fn parse_actions() -> &'static str {
    "a card like 7O or one of truco, retruco, vale-cuatro, quiero, no-quiero, envido, real-envido, falta-envido, flor, contraflor, mazo"
}

#[test]
fn history_errors_against_own_cards() {
    let e = err(&format!("{H}0:1C 1:7O"));
    assert!(matches!(e, SpotError::Hand { .. }));
    assert!(
        e.to_string()
            .contains("seat 1 plays 7O but 7O is in your own hand (seat 0)"),
        "{e}"
    );
    let e = err(&format!("{H}0:4C"));
    assert!(
        e.to_string().contains("seat 0 plays 4C but your hand is"),
        "{e}"
    );
    let e = err(&format!("{H}0:1C 1:4E / 0:1C"));
    assert!(e.to_string().contains("already played"), "{e}");
    let flor = "arg-classic flor | score 0-0 | dealer 3 | seat 0: 4O 5O 6O | 0:4O";
    assert!(err(flor).to_string().contains("must declare it"));
    let noflor = "arg-classic flor | score 0-0 | dealer 3 | seat 0: 4O 5O 6E | 0:flor";
    assert!(err(noflor).to_string().contains("holds none"));
}

#[test]
fn reveal_errors() {
    let e = err(&format!("{H}0:envido 1:quiero 0:1C"));
    assert!(matches!(e, SpotError::Reveal { .. }));
    assert!(e.to_string().contains("totals must follow"), "{e}");
    let e = err(&format!("{H}0:envido 1:quiero [0:31 1:25]"));
    assert!(e.to_string().contains("your cards 6O 7O 1C make 33"), "{e}");
    let e = err(&format!("{H}0:envido 1:quiero [0:33]"));
    assert!(e.to_string().contains("seat 1 must show"), "{e}");
    let e = err(&format!("{H}0:envido 1:quiero [0:33 1:34]"));
    assert!(e.to_string().contains("not a possible envido total"), "{e}");
    let e = err(&format!("{H}0:1C [0:33]"));
    assert!(e.to_string().contains("reveals no totals"), "{e}");
    let e = err(&format!("{H}[0:33]"));
    assert!(e.to_string().contains("directly follow"), "{e}");
    let e = err(&format!("{H}0:envido 1:quiero [0:33 0:1]"));
    assert!(e.to_string().contains("two totals"), "{e}");
    let e = err(&format!("{H}0:envido 1:quiero [0:33 1:25"));
    assert!(e.to_string().contains("missing `]`"), "{e}");
    let two =
        "arg-2v2 | score 0-0 | dealer 3 | seat 1: 1E 7O 3C | 0:envido 1:quiero [0:31 1:- 2:27 3:-]";
    assert!(err(two).to_string().contains("it would say son buenas"));
    let mine =
        "arg-2v2 | score 0-0 | dealer 3 | seat 1: 6E 7E 3C | 0:envido 1:quiero [0:31 1:- 2:- 3:-]";
    assert!(err(mine).to_string().contains("your envido total 33 beats"));
}

/// Spots of the paulista and valencian hands, in canonical form.
const VARIANT_EXAMPLES: [&str; 6] = [
    // Paulista: the vira in the dealer field; a hidden card of another seat and the own seat's.
    "paulista | score 3-5 | dealer 3 vira 7O | seat 0: 3E 10O 4C | 0:10O 1:3B 2:6E 3:1C / 0:hide-3E 1:hidden 2:4O 3:7B / 3:truco 0:seis",
    // Mão de onze: the team at 11 sees the partner's cards and decides to play.
    "paulista | score 11-4 | dealer 3 vira 7O | seat 2: 6E 10B 4O partner 3E 10O 4C | 0:play 0:10O",
    // The other team in a mão de onze sees no partner; the team at 11 ran.
    "paulista | score 2-11 | dealer 0 vira 12E | seat 2: 3B 6O 5C | 1:run",
    // Mão de ferro: blind; each card shows as it falls.
    "paulista | score 11-11 | dealer 3 vira 7O | seat 1: blind | 0:4C 1:2E 2:6E 3:1C",
    // Valencian: camas in the score, out-of-turn windows (pass), envit words.
    "valencian | score 5-17 camas 1-0 | dealer 0 | seat 1: 6O 7O 3C | 2:pass 1:envide 2:torne 3:quiero 1:3C 3:pass 2:truc 3:quiero 2:4O",
    // Valencian: the hand ends by folds; the table names the envit winner's total.
    "valencian | score 0-0 camas 0-0 | dealer 0 | seat 2: 1E 3E 7E | 2:pass 1:envide 2:quiero 1:mazo 3:pass 2:1E 0:pass 3:mazo [0:- 1:- 2:30 3:-]",
];

#[test]
fn variant_examples_round_trip() {
    for text in VARIANT_EXAMPLES {
        let s = spot(text);
        assert_eq!(s.to_string(), text, "canonical print");
        assert_eq!(spot(&s.to_string()), s);
        let v = s.to_view().unwrap();
        let back = Spot::from_view_and_log(&v, s.history()).unwrap();
        assert_eq!(back, s);
        let rebuilt = Spot::from_view(&v).unwrap_or_else(|e| panic!("{text}\n{e}"));
        assert_eq!(rebuilt.to_view().unwrap(), v, "{text}");
    }
    let v = spot(VARIANT_EXAMPLES[0]).to_view().unwrap();
    assert!(v.public().is_hidden(1, 0) && v.public().is_hidden(1, 1));
    assert!(v.hidden_played().contains("3E".parse().unwrap()));
    assert_eq!(v.public().truco().level, 1, "truco accepted by the seis");
    let v = spot(VARIANT_EXAMPLES[2]).to_view().unwrap();
    assert_eq!(v.public().score(), [3, 11], "running gives 1");
    let v = spot(VARIANT_EXAMPLES[3]).to_view().unwrap();
    assert!(v.is_blind());
    let v = spot(VARIANT_EXAMPLES[5]).to_view().unwrap();
    assert_eq!(
        v.public().score(),
        [2 + 1, 0],
        "envit 2 to seat 2, then the fold"
    );
}

#[test]
fn variant_spot_errors() {
    let e = err("paulista | score 0-0 | dealer 3 | seat 0: 3E 4C 10O");
    assert!(e.to_string().contains("vira"), "{e}");
    let e = err("valencian | score 0-0 | dealer 3 | seat 0: 3E 4C 7O");
    assert!(e.to_string().contains("camas"), "{e}");
    let e = err("paulista | score 11-11 | dealer 3 vira 7O | seat 1: 3E 4C 10O");
    assert!(e.to_string().contains("blind"), "{e}");
    let e = err("paulista | score 11-2 | dealer 3 vira 7O | seat 0: 3E 4C 10O");
    assert!(e.to_string().contains("partner"), "{e}");
    let e = err("paulista | score 0-0 | dealer 3 vira 7O | seat 0: 3E 4C 7O");
    assert!(e.to_string().contains("vira"), "{e}");
    // Another seat's hidden card is not known; no hidden card in trick 1.
    let e = err("paulista | score 0-0 | dealer 3 vira 7O | seat 0: 3E 4C 10O | 0:10O 1:3B 2:6E 3:1C / 0:3E 1:hide-2E");
    assert!(e.to_string().contains("not known"), "{e}");
    let e = err("paulista | score 0-0 | dealer 3 vira 7O | seat 0: 3E 4C 10O | 0:hide-3E");
    assert!(e.to_string().contains("second trick"), "{e}");
    // The truco step names follow the variant.
    let e = err("paulista | score 0-0 | dealer 3 vira 7O | seat 0: 3E 4C 10O | 0:truco 1:retruco");
    assert!(e.to_string().contains("seis"), "{e}");
    let e = err("valencian | score 0-0 camas 0-0 | dealer 0 | seat 1: 3C 6O 7O | 2:pass 1:envide 2:quiero 1:mazo 3:pass 2:1E 0:pass 3:mazo [0:- 1:- 2:30 3:-]");
    assert!(e.to_string().contains("33"), "{e}");
}

#[test]
fn duplicate_or_conflicting_options_are_refused() {
    for (spot, option) in [
        ("arg-classic players=4 players=6", "players=6"),
        ("arg-classic flor flor", "flor"),
        ("arg-classic target=15 TARGET=30", "TARGET=30"),
        ("paulista players=2 players=4", "players=4"),
    ] {
        let e = err(&format!("{spot} | score 0-0 | dealer 0 | seat 0: 1E 2E 3E"));
        let text = e.to_string();
        // The same value twice is "given twice"; two values "conflict".
        let twice = spot.ends_with("flor flor");
        let says = if twice { "given twice" } else { "conflicts" };
        assert!(text.contains(says), "{spot}: {text}");
        assert!(text.contains(&format!("`{option}`")), "{spot}: {text}");
    }
    // The engine's own constructor says the same.
    let e = RuleSet::new("arg-classic", &["flor", "players=6", "flor"]).unwrap_err();
    assert!(e.to_string().contains("given twice"), "{e}");
}

#[test]
fn a_huge_bad_token_is_echoed_as_a_bounded_prefix() {
    let long = "x".repeat(100_000);
    for spot in [
        format!("{long} | score 0-0 | dealer 0 | seat 0: 1E 2E 3E"),
        format!("arg-classic {long} | score 0-0 | dealer 0 | seat 0: 1E 2E 3E"),
        format!("arg-1v1 | score {long} | dealer 0 | seat 0: 1E 2E 3E"),
        format!("arg-1v1 | score 0-0 | dealer 0 | seat 0: 1E 2E 3E | 0:{long}"),
    ] {
        let text = err(&spot).to_string();
        assert!(text.len() < 600, "{} bytes: {}", text.len(), &text[..200]);
        assert!(text.contains("more bytes"), "{text}");
    }
}
