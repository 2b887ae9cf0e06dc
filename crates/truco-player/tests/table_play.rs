//! The player's rules on hand-made one-row tables, and in whole matches.

use std::path::PathBuf;
use std::sync::Arc;

use rand::SeedableRng;
use truco_arena::{run_specs, ArenaConfig, BotError, BotSpec};
use truco_bots::{Bot, BotRng};
use truco_game::abstraction::Abstraction;
use truco_game::{Action, ActionList, Spot};
use truco_player::{BigBluffs, CardPlay, Player, Rule, Source, TablePlay};
use truco_query::{Policy, TableMeta, TableWriter};
use truco_search::Searcher;

const SPOT: &str = "arg-1v1 | score 0-0 | dealer 1 | seat 0: 1E 7O 3C";

/// A temporary table, removed on drop.
struct Tmp(PathBuf);

impl Drop for Tmp {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.0);
    }
}

/// A table of `variant` whose only row is SPOT, all weight on its last (canonical) action.
fn table(tag: &str, variant: &str) -> Tmp {
    table_on(tag, variant, SPOT, |legal| legal.len() - 1)
}

/// A table of `variant` whose only row is `spot`, all weight on the action `heavy` picks
/// among the legal ones (in canonical order).
fn table_on(tag: &str, variant: &str, spot: &str, heavy: impl Fn(&[Action]) -> usize) -> Tmp {
    let a = if variant == "valencian" {
        Abstraction::ValencianBucketsV1
    } else {
        Abstraction::Tiers
    };
    let spot: Spot = spot.parse().unwrap();
    let view = spot.to_view().unwrap();
    let mut legal = ActionList::new();
    view.legal_actions(&mut legal);
    let mut w = TableWriter::new(TableMeta {
        variant: variant.into(),
        options: String::new(),
        abstraction_id: a.id().into(),
        abstraction_hash: a.definition_hash(),
    });
    let mut weights = vec![0.0f32; legal.len()];
    weights[heavy(legal.as_slice())] = 1.0;
    w.push(a.key(&view, spot.history()).unwrap(), &weights, None)
        .unwrap();
    let path = std::env::temp_dir().join(format!("truco-player-{tag}-{}.tbl", std::process::id()));
    w.write(&path).unwrap();
    Tmp(path)
}

#[test]
fn plays_the_row_and_falls_back_without_folding() {
    let t = table("row", "arg-1v1");
    let policy = Arc::new(Policy::open(&t.0).unwrap());
    let mut bot = Player::new(Arc::clone(&policy))
        .with_name("m")
        .with_play(TablePlay::RAW);
    assert_eq!(bot.name(), "m");
    let spot: Spot = SPOT.parse().unwrap();
    let view = spot.to_view().unwrap();
    let mut legal = ActionList::new();
    view.legal_actions(&mut legal);
    let mut rng = BotRng::seed_from_u64(1);
    // Mazo is last in both orders: the row puts all its weight there.
    for _ in 0..50 {
        let a = bot.act_in_hand(&view, spot.history(), legal.as_slice(), &mut rng);
        assert_eq!(a, Action::Mazo);
        assert_eq!(bot.act(&view, legal.as_slice(), &mut rng), Action::Mazo);
    }
    // Another hand: unseen, played by the search bot (never a fold), and counted.
    let other: Spot = "arg-1v1 | score 0-0 | dealer 1 | seat 0: 4B 5B 6C"
        .parse()
        .unwrap();
    let view = other.to_view().unwrap();
    view.legal_actions(&mut legal);
    let before = bot.fallbacks().unwrap();
    for _ in 0..100 {
        let a = bot.act_in_hand(&view, other.history(), legal.as_slice(), &mut rng);
        assert!(legal.contains(a) && a != Action::Mazo, "{a}");
    }
    let after = bot.fallbacks().unwrap();
    assert_eq!(after.fallbacks - before.fallbacks, 100);
    // A forced move is played, and not counted as a decision.
    let forced = [legal.as_slice()[0]];
    let a = bot.act_in_hand(&view, other.history(), &forced, &mut rng);
    assert_eq!((a, bot.fallbacks().unwrap()), (forced[0], after));
}

#[test]
fn the_table_decides_to_play_a_card_and_the_search_picks_which() {
    let ace: Action = Action::Play("1E".parse().unwrap());
    let t = table_on("cards", "arg-1v1", SPOT, |legal| {
        legal
            .iter()
            .position(|&a| a == Action::Play("1E".parse().unwrap()))
            .unwrap()
    });
    let policy = Arc::new(Policy::open(&t.0).unwrap());
    let spot: Spot = SPOT.parse().unwrap();
    let view = spot.to_view().unwrap();
    let mut legal = ActionList::new();
    view.legal_actions(&mut legal);
    let own_cards = TablePlay {
        cards: CardPlay::Table,
        ..TablePlay::STRONG
    };
    let mut table_cards = Player::new(Arc::clone(&policy))
        .with_name("t")
        .with_play(own_cards);
    let by_search = TablePlay {
        cards: CardPlay::Search,
        ..TablePlay::STRONG
    };
    let mut search_cards = Player::new(Arc::clone(&policy))
        .with_name("s")
        .with_play(by_search);
    // The test table's abstraction keys every card: by abstraction, the table's card.
    let mut auto = Player::new(Arc::clone(&policy))
        .with_name("a")
        .with_play(TablePlay::STRONG);
    let mut played = Vec::new();
    for seed in 0..40 {
        let mut rng = BotRng::seed_from_u64(seed);
        let a = table_cards.act_in_hand(&view, spot.history(), legal.as_slice(), &mut rng);
        assert_eq!(a, ace);
        let b = search_cards.act_in_hand(&view, spot.history(), legal.as_slice(), &mut rng);
        assert!(matches!(b, Action::Play(_)), "{b}");
        played.push(b);
        let c = auto.act_in_hand(&view, spot.history(), legal.as_slice(), &mut rng);
        assert_eq!(c, ace);
    }
    // The search plays a weaker card where it wins as many deals (ties go to the weakest).
    assert!(played.iter().any(|&b| b != ace), "{played:?}");
    // A call (here the mazo of the other table) stays the table's.
    let m = table("cards-mazo", "arg-1v1");
    let mut bot = Player::new(Arc::new(Policy::open(&m.0).unwrap()))
        .with_name("m")
        .with_play(by_search);
    let mut rng = BotRng::seed_from_u64(3);
    for _ in 0..20 {
        let a = bot.act_in_hand(&view, spot.history(), legal.as_slice(), &mut rng);
        assert_eq!(a, Action::Mazo);
    }
}

#[test]
fn a_dominated_fold_is_not_played() {
    // The envido refused, nothing pending: playing on can cost no more than the mazo.
    let at = "arg-1v1 | score 0-0 | dealer 1 | seat 0: 1E 7O 3C | 0:envido 1:no-quiero";
    let t = table_on("folds", "arg-1v1", at, |legal| {
        legal.iter().position(|&a| a == Action::Mazo).unwrap()
    });
    let policy = Arc::new(Policy::open(&t.0).unwrap());
    let spot: Spot = at.parse().unwrap();
    let view = spot.to_view().unwrap();
    assert!(view.public().fold_is_dominated());
    let mut legal = ActionList::new();
    view.legal_actions(&mut legal);
    let mut raw = Player::new(Arc::clone(&policy))
        .with_name("raw")
        .with_play(TablePlay::RAW);
    let mut strong = Player::new(Arc::clone(&policy))
        .with_name("s")
        .with_play(TablePlay::STRONG);
    let mut rng = BotRng::seed_from_u64(5);
    for _ in 0..20 {
        let a = raw.act_in_hand(&view, spot.history(), legal.as_slice(), &mut rng);
        assert_eq!(a, Action::Mazo);
        // Playing on: a card, never a call the table did not make.
        let b = strong.act_in_hand(&view, spot.history(), legal.as_slice(), &mut rng);
        assert!(matches!(b, Action::Play(_)) && legal.contains(b), "{b}");
    }
    assert_eq!(strong.fallbacks().unwrap().folds_dropped, 20);
    assert_eq!(raw.fallbacks().unwrap().folds_dropped, 0);
}

#[test]
fn a_strategy_from_elsewhere_is_played_by_the_same_rules() {
    // The table's row plays a card; a search's strategy (any other) folds where the fold
    // is dominated, and the default play drops that fold as it drops the table's.
    let at = "arg-1v1 | score 0-0 | dealer 1 | seat 0: 1E 7O 3C | 0:envido 1:no-quiero";
    let t = table_on("strategy", "arg-1v1", at, |legal| {
        legal
            .iter()
            .position(|&a| matches!(a, Action::Play(_)))
            .unwrap()
    });
    let policy = Arc::new(Policy::open(&t.0).unwrap());
    let spot: Spot = at.parse().unwrap();
    let view = spot.to_view().unwrap();
    let mut legal = ActionList::new();
    view.legal_actions(&mut legal);
    let folds = || {
        let r = policy.recommend(&view, spot.history()).unwrap();
        assert!(!r.fallback);
        Some(r.refined(|a| (f32::from(u8::from(a == Action::Mazo)), None)))
    };
    let mut raw = Player::new(Arc::clone(&policy))
        .with_name("raw")
        .with_play(TablePlay::RAW);
    let mut strong = Player::new(Arc::clone(&policy))
        .with_name("s")
        .with_play(TablePlay::STRONG);
    let mut rng = BotRng::seed_from_u64(5);
    for _ in 0..10 {
        let h = spot.history();
        let a = raw
            .play_strategy(&view, h, legal.as_slice(), &mut rng, folds(), false)
            .action;
        assert_eq!(a, Action::Mazo);
        let d = strong.play_strategy(&view, h, legal.as_slice(), &mut rng, folds(), true);
        let b = d.action;
        let change = d.changes.iter().next().unwrap();
        assert_eq!(
            (change.rule, change.from),
            (Rule::DominatedFold, Action::Mazo)
        );
        assert!(matches!(b, Action::Play(_)) && legal.contains(b), "{b}");
    }
    assert_eq!(strong.fallbacks().unwrap().folds_dropped, 10);
    // Counted as the rules' changes, not as decisions (the caller counts those).
    assert_eq!(strong.fallbacks().unwrap().decisions, 0);
    // No strategy at all: the search bot's play, never the fold.
    let c = strong.play_strategy(
        &view,
        spot.history(),
        legal.as_slice(),
        &mut rng,
        None,
        true,
    );
    assert_eq!(c.source, Source::Fallback);
    let c = c.action;
    assert!(legal.contains(c) && c != Action::Mazo, "{c}");
}

#[test]
fn a_bet_below_break_even_is_refused() {
    // Holding 6 against a falta for the whole match; the row accepts it.
    let weak = "arg-1v1 | score 0-0 | dealer 1 | seat 0: 4C 5B 6E | 0:envido 1:falta-envido";
    // Holding 33: accepted.
    let strong = "arg-1v1 | score 0-0 | dealer 1 | seat 0: 7O 6O 4C | 0:envido 1:falta-envido";
    // A truco against 4-5-6 (its hand win chance far below the 1/4 break-even), and
    // against both top cards.
    let hopeless = "arg-1v1 | score 0-0 | dealer 1 | seat 1: 4C 5B 6E | 0:truco";
    let aces = "arg-1v1 | score 0-0 | dealer 1 | seat 1: 1E 1B 7E | 0:truco";
    // A raise over a pending truco accepts it first: judged alike.
    for (at, refused, call) in [
        (weak, true, Action::Quiero),
        (strong, false, Action::Quiero),
        (hopeless, true, Action::Quiero),
        (aces, false, Action::Quiero),
        (hopeless, true, Action::Raise),
        (aces, false, Action::Raise),
    ] {
        let t = table_on("envidos", "arg-1v1", at, |legal| {
            legal.iter().position(|&a| a == call).unwrap()
        });
        let policy = Arc::new(Policy::open(&t.0).unwrap());
        let spot: Spot = at.parse().unwrap();
        let view = spot.to_view().unwrap();
        let mut legal = ActionList::new();
        view.legal_actions(&mut legal);
        let mut raw = Player::new(Arc::clone(&policy))
            .with_name("raw")
            .with_play(TablePlay::RAW);
        let mut play = Player::new(Arc::clone(&policy))
            .with_name("s")
            .with_play(TablePlay::STRONG);
        let mut rng = BotRng::seed_from_u64(9);
        let a = raw.act_in_hand(&view, spot.history(), legal.as_slice(), &mut rng);
        assert_eq!(a, call);
        let b = play.act_in_hand(&view, spot.history(), legal.as_slice(), &mut rng);
        let want = if refused { Action::NoQuiero } else { call };
        assert_eq!(b, want, "{at}");
        let counts = play.fallbacks().unwrap();
        assert_eq!(counts.bets_refused, u64::from(refused), "{at}");
        assert_eq!(raw.fallbacks().unwrap().bets_refused, 0);
    }
}

#[test]
fn a_big_bluff_is_not_made() {
    // The row's only action: the falta, or a raise.
    fn falta(legal: &[Action]) -> usize {
        legal
            .iter()
            .position(|&a| a == Action::FaltaEnvido)
            .unwrap()
    }
    fn raise(legal: &[Action]) -> usize {
        legal.iter().position(|&a| a == Action::Raise).unwrap()
    }
    let arg = |hand: &str| format!("arg-1v1 | score 0-0 | dealer 1 | seat 0: {hand}");
    // Team 1 answers a quatre val at its deciding seat 3: its raise is the joc fora.
    let val = |hand: &str| {
        format!(
            "valencian | score 0-0 camas 0-0 | dealer 3 | seat 3: {hand} \
             | 1:pass 0:truc 1:retruc 2:quatre-val"
        )
    };
    // The mano at 0-0 calls the falta (the match) holding 6, not with 33; the joc fora is
    // raised with 4s and 5s, not with both aces.
    let cases = [
        ("arg-1v1", arg("4C 5B 6E"), Action::FaltaEnvido, true),
        ("arg-1v1", arg("7O 6O 4C"), Action::FaltaEnvido, false),
        ("valencian", val("4O 5O 5C"), Action::Raise, true),
        ("valencian", val("1E 1B 7E"), Action::Raise, false),
    ];
    for (variant, at, call, dropped) in cases {
        let heavy: fn(&[Action]) -> usize = if call == Action::Raise { raise } else { falta };
        let t = table_on("bluffs", variant, &at, heavy);
        let policy = Arc::new(Policy::open(&t.0).unwrap());
        let spot: Spot = at.parse().unwrap();
        let view = spot.to_view().unwrap();
        let mut legal = ActionList::new();
        view.legal_actions(&mut legal);
        let mut raw = Player::new(Arc::clone(&policy))
            .with_name("raw")
            .with_play(TablePlay::RAW);
        let mut play = Player::new(Arc::clone(&policy))
            .with_name("s")
            .with_play(TablePlay::STRONG);
        let mut rng = BotRng::seed_from_u64(2);
        for _ in 0..10 {
            let a = raw.act_in_hand(&view, spot.history(), legal.as_slice(), &mut rng);
            assert_eq!(a, call);
            // Where the table wants nothing else, the search bot acts.
            let b = play.act_in_hand(&view, spot.history(), legal.as_slice(), &mut rng);
            assert!(legal.contains(b), "{b}");
            assert_eq!(b != call, dropped, "{at}: {b}");
        }
        let counts = play.fallbacks().unwrap();
        assert_eq!(counts.bluffs_dropped, if dropped { 10 } else { 0 }, "{at}");
        assert_eq!(raw.fallbacks().unwrap().bluffs_dropped, 0);
        // A searching player makes the bluff (`BigBluffs::DropUnlessSearching`); one told to
        // drop it always (`@bluffs=small`) does not, searching or not.
        let searcher =
            Arc::new(Searcher::new(Arc::clone(&policy), "10it".parse().unwrap()).unwrap());
        let searching = |big_bluffs| {
            Player::new(Arc::clone(&policy))
                // This rule alone (the joc fora on 4-5-5 is a truco bluff too).
                .with_play(TablePlay {
                    big_bluffs,
                    ..TablePlay::RAW
                })
                .with_search(Arc::clone(&searcher), false)
        };
        let (mut auto, mut small) = (
            searching(BigBluffs::DropUnlessSearching),
            searching(BigBluffs::Drop),
        );
        for _ in 0..10 {
            let a = auto.act_in_hand(&view, spot.history(), legal.as_slice(), &mut rng);
            assert_eq!(a, call, "{at}");
            let b = small.act_in_hand(&view, spot.history(), legal.as_slice(), &mut rng);
            assert_eq!(b != call, dropped, "{at}: {b}");
        }
        assert_eq!(auto.fallbacks().unwrap().bluffs_dropped, 0);
    }
}

#[test]
fn a_truco_bluff_is_not_made() {
    // The mano at 0-0 calls truco: not with 4-5-6, with both top cards.
    for (hand, dropped) in [("4C 5B 6E", true), ("1E 1B 7E", false)] {
        let at = format!("arg-1v1 | score 0-0 | dealer 1 | seat 0: {hand}");
        let t = table_on("truco-bluffs", "arg-1v1", &at, |legal| {
            legal.iter().position(|&a| a == Action::Raise).unwrap()
        });
        let policy = Arc::new(Policy::open(&t.0).unwrap());
        let spot: Spot = at.parse().unwrap();
        let view = spot.to_view().unwrap();
        let mut legal = ActionList::new();
        view.legal_actions(&mut legal);
        let mut play = Player::new(Arc::clone(&policy))
            .with_name("s")
            .with_play(TablePlay::STRONG);
        let all = TablePlay {
            drop_truco_bluffs: false,
            ..TablePlay::STRONG
        };
        let mut bluffing = Player::new(Arc::clone(&policy))
            .with_name("b")
            .with_play(all);
        let mut rng = BotRng::seed_from_u64(8);
        for _ in 0..10 {
            let a = play.act_in_hand(&view, spot.history(), legal.as_slice(), &mut rng);
            assert!(legal.contains(a), "{a}");
            assert_eq!(a != Action::Raise, dropped, "{at}: {a}");
            let b = bluffing.act_in_hand(&view, spot.history(), legal.as_slice(), &mut rng);
            assert_eq!(b, Action::Raise);
        }
        let counts = play.fallbacks().unwrap();
        assert_eq!(counts.truco_bluffs_dropped, if dropped { 10 } else { 0 });
        assert_eq!(bluffing.fallbacks().unwrap().truco_bluffs_dropped, 0);
    }
}

#[test]
fn bluffs_stop_against_opponents_who_seldom_fold() {
    // The mano holding 6 at 3-0; the row calls envido.
    let bluff = "arg-1v1 | score 3-0 | dealer 1 | seat 0: 4C 5B 6E";
    let t = table_on("loose", "arg-1v1", bluff, |legal| {
        legal.iter().position(|&a| a == Action::Envido).unwrap()
    });
    let policy = Arc::new(Policy::open(&t.0).unwrap());
    let spot: Spot = bluff.parse().unwrap();
    let view = spot.to_view().unwrap();
    let mut legal = ActionList::new();
    view.legal_actions(&mut legal);
    let mut rng = BotRng::seed_from_u64(6);
    let mut fresh = Player::new(Arc::clone(&policy))
        .with_name("s")
        .with_play(TablePlay::STRONG);
    let mut seen = Player::new(Arc::clone(&policy))
        .with_name("s")
        .with_play(TablePlay::STRONG);
    // Two earlier hands of the match: the opponent raised both envidos.
    for (k, raise) in ["real-envido", "falta-envido"].iter().enumerate() {
        let at =
            format!("arg-1v1 | score {k}-0 | dealer 1 | seat 0: 4C 5B 6E | 0:envido 1:{raise}");
        let s: Spot = at.parse().unwrap();
        let v = s.to_view().unwrap();
        let mut l = ActionList::new();
        v.legal_actions(&mut l);
        seen.act_in_hand(&v, s.history(), l.as_slice(), &mut rng);
    }
    for _ in 0..10 {
        let a = fresh.act_in_hand(&view, spot.history(), legal.as_slice(), &mut rng);
        assert_eq!(a, Action::Envido);
        let b = seen.act_in_hand(&view, spot.history(), legal.as_slice(), &mut rng);
        assert!(b != Action::Envido && legal.contains(b), "{b}");
    }
    assert_eq!(fresh.fallbacks().unwrap().envido_bluffs_dropped, 0);
    assert_eq!(seen.fallbacks().unwrap().envido_bluffs_dropped, 10);
    // With 33 the call is no bluff: made against anyone.
    let value = "arg-1v1 | score 3-0 | dealer 1 | seat 0: 7O 6O 4C";
    let t = table_on("loose-value", "arg-1v1", value, |legal| {
        legal.iter().position(|&a| a == Action::Envido).unwrap()
    });
    // The same two hands learned from their spots (as `truco serve` does with `earlier`).
    let mut seen = Player::new(Arc::new(Policy::open(&t.0).unwrap()));
    for (k, raise) in ["real-envido", "falta-envido"].iter().enumerate() {
        let at =
            format!("arg-1v1 | score {k}-0 | dealer 1 | seat 0: 4C 5B 6E | 0:envido 1:{raise}");
        seen.learn_hand(&at.parse().unwrap()).unwrap();
    }
    assert_eq!(seen.opponents().answers(), (0, 2));
    let spot: Spot = value.parse().unwrap();
    let view = spot.to_view().unwrap();
    view.legal_actions(&mut legal);
    let a = seen.act_in_hand(&view, spot.history(), legal.as_slice(), &mut rng);
    assert_eq!(a, Action::Envido);
}

#[test]
fn plays_as_the_search_bot_against_erratic_opponents() {
    // The row folds the hand's first move; the search bot never does.
    let t = table("erratic", "arg-1v1");
    let policy = Arc::new(Policy::open(&t.0).unwrap());
    let spot: Spot = SPOT.parse().unwrap();
    let view = spot.to_view().unwrap();
    let mut legal = ActionList::new();
    view.legal_actions(&mut legal);
    // An opponent's fold while leading the tricks, where playing on could not lose.
    let dominated: Spot =
        "arg-1v1 | score 0-0 | dealer 1 | seat 0: 1E 5C 6O | 0:envido 1:no-quiero 0:1E 1:4B"
            .parse()
            .unwrap();
    let dominated = *dominated.to_view().unwrap().public();
    let table_kept = TablePlay {
        search_against_erratic: false,
        ..TablePlay::STRONG
    };
    let mut strong = Player::new(Arc::clone(&policy))
        .with_name("s")
        .with_play(TablePlay::STRONG);
    let mut kept = Player::new(Arc::clone(&policy))
        .with_name("k")
        .with_play(table_kept);
    let mut rng = BotRng::seed_from_u64(9);
    for bot in [&mut strong, &mut kept] {
        // A partner's folds say nothing of the opponents.
        bot.seen(&dominated, Action::Mazo, false);
        bot.seen(&dominated, Action::Mazo, false);
        let a = bot.act_in_hand(&view, spot.history(), legal.as_slice(), &mut rng);
        assert_eq!(a, Action::Mazo);
        bot.seen(&dominated, Action::Mazo, true);
    }
    for _ in 0..10 {
        let a = strong.act_in_hand(&view, spot.history(), legal.as_slice(), &mut rng);
        assert!(legal.contains(a) && a != Action::Mazo, "{a}");
        let b = kept.act_in_hand(&view, spot.history(), legal.as_slice(), &mut rng);
        assert_eq!(b, Action::Mazo);
    }
    assert_eq!(strong.fallbacks().unwrap().erratic_decisions, 10);
    assert_eq!(kept.fallbacks().unwrap().erratic_decisions, 0);
    // In whole matches: random folds where no sound player does, the heuristic never.
    let spec = BotSpec::Model(t.0.clone(), TablePlay::STRONG);
    let cfg = ArenaConfig {
        variant: "arg-1v1".into(),
        options: Vec::new(),
        matches: 20,
        seed: 5,
    };
    let r = run_specs(&cfg, &spec, &BotSpec::Random).unwrap();
    assert!(r.fallbacks_a.unwrap().erratic_decisions > 0, "{r}");
    let r = run_specs(&cfg, &spec, &BotSpec::Heuristic).unwrap();
    assert_eq!(r.fallbacks_a.unwrap().erratic_decisions, 0, "{r}");
}

#[test]
fn eval_runs_a_model_and_refuses_other_rules() {
    let t = table("eval", "arg-1v1");
    let spec = BotSpec::Model(t.0.clone(), TablePlay::STRONG);
    let cfg = |variant: &str| ArenaConfig {
        variant: variant.into(),
        options: Vec::new(),
        matches: 20,
        seed: 4,
    };
    let r = run_specs(&cfg("arg-1v1"), &spec, &BotSpec::Heuristic).unwrap();
    assert_eq!(r.a, spec.to_string());
    assert_eq!(r.matches, 20);
    assert!(r.hands > 20, "{r}");
    let e = run_specs(&cfg("arg-2v2"), &spec, &BotSpec::Heuristic).unwrap_err();
    let text = e.to_string();
    assert!(
        text.contains("arg-2v2") && text.contains("arg-1v1"),
        "{text}"
    );

    let bad = table("bad", "arg-1v1");
    std::fs::write(&bad.0, b"garbage").unwrap();
    let e = BotSpec::Model(bad.0.clone(), TablePlay::RAW)
        .maker()
        .err()
        .unwrap();
    assert!(matches!(e, BotError::Model { .. }), "{e}");
}
