use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, Ordering};

use rand::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;
use truco_game::abstraction::{order_actions, Abstraction};
use truco_game::{Action, ActionList, Event, Hand, PublicState, RuleSet, Spot, View};

use super::*;
use crate::{TableMeta, TableWriter};

/// A temporary table path, removed on drop.
struct Tmp(PathBuf);

impl Tmp {
    fn new() -> Tmp {
        static NEXT: AtomicU64 = AtomicU64::new(0);
        let n = NEXT.fetch_add(1, Ordering::Relaxed);
        Tmp(std::env::temp_dir().join(format!("tq-policy-{}-{n}.tbl", std::process::id())))
    }
}

impl Drop for Tmp {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.0);
    }
}

fn meta(a: Abstraction) -> TableMeta {
    TableMeta {
        variant: "arg-1v1".into(),
        options: String::new(),
        abstraction_id: a.id().into(),
        abstraction_hash: a.definition_hash(),
    }
}

/// A decision met in random play: the view, the hand's events, the legal actions in the
/// canonical order.
struct Seen {
    view: View,
    events: Vec<Event>,
    canonical: Vec<Action>,
}

/// Plays `hands` random arg-1v1 hands (random scores and mano) and records every decision.
fn random_decisions(hands: usize, seed: u64) -> Vec<Seen> {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let mut out = Vec::new();
    let mut legal = ActionList::new();
    for _ in 0..hands {
        let score = [rng.next_u32() as u8 % 15, rng.next_u32() as u8 % 15];
        let start =
            PublicState::new_hand(RuleSet::ARG_1V1, score, (rng.next_u32() % 2) as u8).unwrap();
        let mut hand = Hand::sample(start, &mut rng);
        while let Some(seat) = hand.actor().seat() {
            hand.legal_actions(&mut legal);
            let view = hand.view(seat).unwrap();
            let mut canonical = legal.as_slice().to_vec();
            order_actions(&view, &mut canonical);
            out.push(Seen {
                view,
                events: hand.public_events().to_vec(),
                canonical,
            });
            let a = legal.as_slice()[rng.next_u32() as usize % legal.len()];
            hand.apply(a).unwrap();
        }
    }
    out
}

/// Writes a table with random weights for every key of `seen` (values too if asked); returns
/// the normalized probabilities (and values) by key.
fn write_random(
    path: &Tmp,
    a: Abstraction,
    seen: &[Seen],
    values: bool,
) -> HashMap<u64, (Vec<f64>, Vec<f32>)> {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(99);
    let mut rows: HashMap<u64, (Vec<f64>, Vec<f32>)> = HashMap::new();
    let mut w = TableWriter::new(meta(a));
    for s in seen {
        let key = a.key(&s.view, &s.events).unwrap();
        if let Some((p, _)) = rows.get(&key) {
            assert_eq!(p.len(), s.canonical.len(), "one key, two action counts");
            continue;
        }
        let weights: Vec<f32> = (0..s.canonical.len())
            .map(|_| (rng.next_u32() % 1000) as f32 + 1.0)
            .collect();
        let vals: Vec<f32> = (0..s.canonical.len())
            .map(|_| (rng.next_u32() % 2000) as f32 / 100.0 - 10.0)
            .collect();
        w.push(key, &weights, values.then_some(&vals[..])).unwrap();
        let sum: f64 = weights.iter().map(|&x| x as f64).sum();
        rows.insert(
            key,
            (weights.iter().map(|&x| x as f64 / sum).collect(), vals),
        );
    }
    w.write(&path.0).unwrap();
    rows
}

#[test]
fn round_trip_every_decision_within_one_step() {
    let seen = random_decisions(3000, 1);
    for a in Abstraction::ARG_1V1 {
        let tmp = Tmp::new();
        let rows = write_random(&tmp, a, &seen, a == Abstraction::Tiers);
        let policy = Policy::open(&tmp.0).unwrap();
        assert_eq!(policy.abstraction(), a);
        assert_eq!(policy.table().len(), rows.len());
        for s in &seen {
            let r = policy
                .recommend_in(&s.view, &s.events, ActionOrder::Canonical)
                .unwrap();
            assert!(!r.fallback);
            let (probs, vals) = &rows[&r.key];
            let got: Vec<Action> = r.actions().iter().map(|x| x.action).collect();
            assert_eq!(got, s.canonical);
            for (i, adv) in r.actions().iter().enumerate() {
                assert!(
                    (adv.prob as f64 - probs[i]).abs() <= 1.0 / 255.0 + 1e-6,
                    "{a:?} key {:#x} action {i}: {} vs {}",
                    r.key,
                    adv.prob,
                    probs[i]
                );
                match adv.value {
                    Some(v) => assert!((v - vals[i]).abs() < 0.01, "{v} vs {}", vals[i]),
                    None => assert!(a != Abstraction::Tiers, "values were written"),
                }
            }
            // The engine order lists the same advice, in the engine's order.
            let e = policy.recommend(&s.view, &s.events).unwrap();
            let mut legal = ActionList::new();
            s.view.public().legal_actions(s.view.hand(), &mut legal);
            let engine: Vec<Action> = e.actions().iter().map(|x| x.action).collect();
            assert_eq!(engine, legal.as_slice());
            for adv in e.actions() {
                assert_eq!(Some(adv), r.get(adv.action));
            }
        }
    }
}

#[test]
fn unseen_spot_is_a_flagged_fallback_that_never_folds() {
    let seen = random_decisions(200, 2);
    let tmp = Tmp::new();
    // A table holding only the first decision's key.
    let a = Abstraction::Tiers;
    let first = a.key(&seen[0].view, &seen[0].events).unwrap();
    let mut w = TableWriter::new(meta(a));
    w.push(first, &vec![1.0f32; seen[0].canonical.len()], None)
        .unwrap();
    w.write(&tmp.0).unwrap();
    let policy = Policy::open(&tmp.0).unwrap();
    let mut fallbacks = 0;
    for s in &seen {
        let r = policy.recommend(&s.view, &s.events).unwrap();
        if r.key == first {
            assert!(!r.fallback);
            continue;
        }
        fallbacks += 1;
        assert!(r.fallback);
        // Uniform over the legal actions but mazo (kept only when it is the only one).
        let mazo = s.canonical.contains(&Action::Mazo) && s.canonical.len() > 1;
        let n = (s.canonical.len() - mazo as usize) as f32;
        for adv in r.actions() {
            let want = if mazo && adv.action == Action::Mazo {
                0.0
            } else {
                1.0 / n
            };
            assert_eq!(adv.prob, want, "{:?}", adv.action);
            assert_eq!(adv.value, None);
        }
        let total: f32 = r.actions().iter().map(|x| x.prob).sum();
        assert!((total - 1.0).abs() < 1e-5);
    }
    assert!(fallbacks > 100, "{fallbacks}");
}

#[test]
fn sample_follows_the_row() {
    let seen = random_decisions(50, 3);
    let s = seen.iter().find(|s| s.canonical.len() >= 3).unwrap();
    let a = Abstraction::Tiers;
    let key = a.key(&s.view, &s.events).unwrap();
    let mut weights = vec![0.0f32; s.canonical.len()];
    weights[0] = 3.0;
    weights[2] = 1.0;
    let tmp = Tmp::new();
    let mut w = TableWriter::new(meta(a));
    w.push(key, &weights, None).unwrap();
    w.write(&tmp.0).unwrap();
    let policy = Policy::open(&tmp.0).unwrap();
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(5);
    let mut counts = vec![0u32; s.canonical.len()];
    for _ in 0..4000 {
        let act = policy.sample(&s.view, &s.events, &mut rng).unwrap();
        counts[s.canonical.iter().position(|&c| c == act).unwrap()] += 1;
    }
    assert_eq!(counts.iter().sum::<u32>(), 4000);
    assert!((2850..3150).contains(&counts[0]), "{counts:?}");
    assert!((850..1150).contains(&counts[2]), "{counts:?}");
    assert_eq!(counts[1], 0, "{counts:?}");
    // The recommendation's own sampler agrees.
    let r = policy.recommend(&s.view, &s.events).unwrap();
    let mut first = 0;
    for _ in 0..4000 {
        let act = r.sample(&mut rng).unwrap();
        assert!(act == s.canonical[0] || act == s.canonical[2], "{act}");
        first += u32::from(act == s.canonical[0]);
    }
    assert!((2850..3150).contains(&first), "{first}");
    // A spot the table never saw samples uniformly over its legal actions but mazo.
    let other = seen
        .iter()
        .find(|x| a.key(&x.view, &x.events).unwrap() != key && x.canonical.contains(&Action::Mazo))
        .unwrap();
    let mut hits = vec![0u32; other.canonical.len()];
    for _ in 0..3000 {
        let act = policy.sample(&other.view, &other.events, &mut rng).unwrap();
        hits[other.canonical.iter().position(|&c| c == act).unwrap()] += 1;
    }
    let expect = 3000 / (other.canonical.len() as u32 - 1);
    for (h, act) in hits.iter().zip(&other.canonical) {
        match act {
            Action::Mazo => assert_eq!(*h, 0, "{hits:?}"),
            _ => assert!(*h > expect * 3 / 4, "{hits:?}"),
        }
    }
}

fn write_meta(m: TableMeta) -> Tmp {
    let tmp = Tmp::new();
    let mut w = TableWriter::new(m);
    w.push(1, &[1.0f32, 2.0], None).unwrap();
    w.write(&tmp.0).unwrap();
    tmp
}

#[test]
fn refuses_other_abstractions_and_variants_by_name() {
    let a = Abstraction::Tiers;
    let mut m = meta(a);
    m.abstraction_hash ^= 1;
    let e = Policy::open(&write_meta(m).0).unwrap_err();
    assert!(matches!(e, PolicyError::WrongAbstraction { .. }), "{e}");
    let text = e.to_string();
    assert!(text.contains("arg-1v1-tiers-v1"), "{text}");
    assert!(
        text.contains(&format!("{:#018x}", a.definition_hash())),
        "{text}"
    );
    assert!(
        text.contains(&format!("{:#018x}", a.definition_hash() ^ 1)),
        "{text}"
    );

    let mut m = meta(a);
    m.abstraction_id = "arg-1v1-tiers-v0".into();
    let e = Policy::open(&write_meta(m).0).unwrap_err();
    assert!(e.to_string().contains("arg-1v1-tiers-v0"), "{e}");
    assert_eq!(e.kind(), "wrong_abstraction");

    let mut m = meta(a);
    m.variant = "arg-2v2".into();
    let e = Policy::open(&write_meta(m).0).unwrap_err();
    assert!(matches!(e, PolicyError::UnsupportedVariant { .. }), "{e}");
    assert!(e.to_string().contains("arg-2v2"), "{e}");

    let mut m = meta(a);
    m.variant = "bridge".into();
    let e = Policy::open(&write_meta(m).0).unwrap_err();
    assert!(matches!(e, PolicyError::UnknownVariant { .. }), "{e}");
    assert!(e.to_string().contains("bridge"), "{e}");

    let mut m = meta(a);
    m.variant = "arg-1v1".into();
    m.options = "flor".into();
    let e = Policy::open(&write_meta(m).0).unwrap_err();
    assert!(matches!(e, PolicyError::UnknownVariant { .. }), "{e}");

    let mut m = meta(a);
    m.variant = RuleSet::ARG_1V1_MINI_ID.into();
    let p = Policy::open(&write_meta(m).0).unwrap();
    assert_eq!(*p.rules(), RuleSet::ARG_1V1);

    let e = Policy::open("/nonexistent/dir/x.tbl").unwrap_err();
    assert!(matches!(e, PolicyError::Table(_)), "{e}");
}

#[test]
fn refuses_views_of_other_rules_and_seats_without_a_decision() {
    let tmp = write_meta(meta(Abstraction::Tiers));
    let policy = Policy::open(&tmp.0).unwrap();

    let spot: Spot = "arg-2v2 | score 0-0 | dealer 3 | seat 0: 1E 7O 3C"
        .parse()
        .unwrap();
    let e = policy
        .recommend_spot(&spot, ActionOrder::Engine)
        .unwrap_err();
    assert!(matches!(e, PolicyError::WrongVariant { .. }), "{e}");
    assert!(e.to_string().contains("arg-2v2"), "{e}");
    assert!(e.to_string().contains("arg-1v1"), "{e}");
    assert_eq!(e.kind(), "wrong_variant");

    // Seat 1 is the dealer: seat 0 (the mano) acts first.
    let spot: Spot = "arg-1v1 | score 0-0 | dealer 1 | seat 1: 1E 7O 3C"
        .parse()
        .unwrap();
    let e = policy
        .recommend_spot(&spot, ActionOrder::Engine)
        .unwrap_err();
    assert!(matches!(e, PolicyError::NoDecision { seat: 1, .. }), "{e}");

    // A hand over: the mano folded.
    let spot: Spot = "arg-1v1 | score 0-0 | dealer 1 | seat 1: 1E 7O 3C | 0:mazo"
        .parse()
        .unwrap();
    let e = policy
        .recommend_spot(&spot, ActionOrder::Engine)
        .unwrap_err();
    assert!(e.to_string().contains("over"), "{e}");
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(1);
    let view = spot.to_view().unwrap();
    assert!(policy.sample(&view, spot.history(), &mut rng).is_err());
}

#[test]
fn a_row_of_the_wrong_length_is_an_error() {
    let seen = random_decisions(20, 4);
    let s = &seen[0];
    let a = Abstraction::Tiers;
    let key = a.key(&s.view, &s.events).unwrap();
    let tmp = Tmp::new();
    let mut w = TableWriter::new(meta(a));
    w.push(key, &vec![1.0f32; s.canonical.len() + 1], None)
        .unwrap();
    w.write(&tmp.0).unwrap();
    let policy = Policy::open(&tmp.0).unwrap();
    let e = policy.recommend(&s.view, &s.events).unwrap_err();
    assert!(matches!(e, PolicyError::RowMismatch { .. }), "{e}");
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(1);
    assert!(policy.sample(&s.view, &s.events, &mut rng).is_err());
}

#[test]
fn raise_is_named_by_the_truco_level() {
    let tmp = write_meta(meta(Abstraction::Tiers));
    let policy = Policy::open(&tmp.0).unwrap();
    let name = |line: &str| {
        let spot: Spot = line.parse().unwrap();
        let r = policy.recommend_spot(&spot, ActionOrder::Engine).unwrap();
        assert!(r.get(Action::Raise).is_some(), "{line}");
        r.name(Action::Raise).to_string()
    };
    assert_eq!(
        name("arg-1v1 | score 0-0 | dealer 1 | seat 0: 1E 7O 3C"),
        "truco"
    );
    assert_eq!(
        name("arg-1v1 | score 0-0 | dealer 1 | seat 1: 1E 7O 3C | 0:truco"),
        "retruco"
    );
    let spot: Spot = "arg-1v1 | score 0-0 | dealer 1 | seat 0: 1E 7O 3C"
        .parse()
        .unwrap();
    let r = policy.recommend_spot(&spot, ActionOrder::Engine).unwrap();
    assert_eq!(r.name("7O".parse().unwrap()).to_string(), "7O");
    assert!(r.best().is_some());
}

#[test]
fn policy_is_send_and_sync() {
    fn check<T: Send + Sync>() {}
    check::<Policy>();
}

#[test]
fn a_post_processed_table_serves_the_step_and_keeps_the_trained_rows() {
    let seen = random_decisions(300, 5);
    let a = Abstraction::Tiers;
    let tmp = Tmp::new();
    write_random(&tmp, a, &seen, false);
    let trained = Policy::open(&tmp.0).unwrap();
    assert_eq!(trained.post_process(), crate::PostProcess::None);
    for step in [
        crate::PostProcess::Purify,
        crate::PostProcess::threshold(0.25).unwrap(),
    ] {
        let out = Tmp::new();
        crate::write_post_processed(&tmp.0, step, &out.0).unwrap();
        let policy = Policy::open(&out.0).unwrap();
        assert_eq!(policy.post_process(), step);
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(8);
        for s in seen.iter().filter(|s| s.canonical.len() > 1) {
            let raw = trained.recommend(&s.view, &s.events).unwrap();
            // As trained: the same answer as the unprocessed table's.
            assert_eq!(policy.recommend_trained(&s.view, &s.events).unwrap(), raw);
            let served = policy.recommend(&s.view, &s.events).unwrap();
            let max = raw.best().unwrap().prob;
            let total: f32 = served.actions().iter().map(|x| x.prob).sum();
            assert!((total - 1.0).abs() < 1e-5);
            let mut kept_max = 0;
            for (x, y) in served.actions().iter().zip(raw.actions()) {
                let kept = x.prob > 0.0;
                kept_max += usize::from(kept && y.prob == max);
                match step {
                    // One-hot on a most likely action.
                    crate::PostProcess::Purify => assert!(!kept || y.prob == max),
                    // Kept at or above the threshold, dropped below (but the most likely).
                    _ if y.prob >= 0.25 => assert!(kept || y.prob == 0.0, "{x:?} {y:?}"),
                    _ => assert!(!kept || y.prob == max, "{x:?} {y:?}"),
                }
                if kept {
                    assert!(x.prob >= y.prob - 1e-6, "renormalised up: {y:?} -> {x:?}");
                }
            }
            assert!(kept_max >= 1, "{step}: the most likely action survives");
            // Sampling draws from the served row: never a dropped action.
            let drawn = policy.sample(&s.view, &s.events, &mut rng).unwrap();
            assert!(
                served.get(drawn).unwrap().prob > 0.0,
                "{step} drew {drawn:?}"
            );
        }
    }
}
