//! [`PolicyBot`]: plays a trained strategy table (a `truco_query::Policy`).

use std::sync::Arc;

use truco_game::{Action, Event, Spot, View};
use truco_query::Policy;

use crate::bot::{uniform_index, Bot, BotRng, Fallbacks};
use crate::search::SearchBot;

/// Samples its action from a strategy table. The table is shared (`Arc`) between the arena's
/// workers. It keys a decision with the hand's public events (`Bot::act_in_hand`, which the
/// arena calls). A spot the table never saw, or cannot answer (a row whose length differs from
/// the legal actions, possible only with a table from another engine build), is played by the
/// [`SearchBot`]: a fallback never weaker than the heuristic, which folds nothing the
/// heuristic would play (the served answer of `truco query` / `serve` stays the table's flagged
/// uniform-but-mazo fallback: the library has no bots). [`Bot::fallbacks`] counts them.
/// With a purification threshold it samples from [`Recommendation::purified`] instead.
///
/// [`Recommendation::purified`]: truco_query::Recommendation::purified
pub struct PolicyBot {
    policy: Arc<Policy>,
    name: String,
    purify: f32,
    counts: Fallbacks,
}

impl PolicyBot {
    /// A bot playing `policy`, named `name` in reports.
    pub fn new(policy: Arc<Policy>, name: impl Into<String>) -> PolicyBot {
        PolicyBot {
            policy,
            name: name.into(),
            purify: 0.0,
            counts: Fallbacks::default(),
        }
    }

    /// The same bot, playing only actions of probability at least `threshold` (renormalized).
    pub fn with_purify(mut self, threshold: f32) -> PolicyBot {
        self.purify = threshold;
        self
    }

    /// The table it plays.
    pub fn policy(&self) -> &Policy {
        &self.policy
    }
}

impl Bot for PolicyBot {
    fn name(&self) -> &str {
        &self.name
    }

    /// Without the hand's events, the history is rebuilt from the view (one history reaching
    /// it: with the `arg-1v1-tiers-v1` abstraction the timing of the calls may differ from the
    /// real one). Prefer [`Bot::act_in_hand`].
    fn act(&mut self, view: &View, legal: &[Action], rng: &mut BotRng) -> Action {
        match Spot::from_view(view) {
            Ok(spot) => self.act_in_hand(view, spot.history(), legal, rng),
            Err(_) => legal[uniform_index(rng, legal.len())],
        }
    }

    fn act_in_hand(
        &mut self,
        view: &View,
        events: &[Event],
        legal: &[Action],
        rng: &mut BotRng,
    ) -> Action {
        // A forced move (a flor's declaration, the last card) is no decision: tables store no
        // row for it, and it is not counted as one the table did not know.
        if let [only] = legal {
            return *only;
        }
        let r = self
            .policy
            .recommend(view, events)
            .ok()
            .filter(|r| !r.fallback);
        self.counts.decisions += 1;
        self.counts.fallbacks += u64::from(r.is_none());
        let chosen = r.and_then(|r| r.purified(self.purify).sample(rng));
        match chosen {
            Some(a) if legal.contains(&a) => a,
            _ => SearchBot.act_in_hand(view, events, legal, rng),
        }
    }

    fn fallbacks(&self) -> Option<Fallbacks> {
        Some(self.counts)
    }
}

#[cfg(test)]
mod tests {
    use std::path::PathBuf;

    use rand::SeedableRng;
    use truco_game::abstraction::Abstraction;
    use truco_game::ActionList;
    use truco_query::{TableMeta, TableWriter};

    use super::*;
    use crate::{run_specs, ArenaConfig, BotError, BotSpec};

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
        let a = Abstraction::Tiers;
        let spot: Spot = SPOT.parse().unwrap();
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
        weights[legal.len() - 1] = 1.0;
        w.push(a.key(&view, spot.history()).unwrap(), &weights, None)
            .unwrap();
        let path = std::env::temp_dir().join(format!(
            "truco-arena-policy-{tag}-{}.tbl",
            std::process::id()
        ));
        w.write(&path).unwrap();
        Tmp(path)
    }

    #[test]
    fn plays_the_row_and_falls_back_without_folding() {
        let t = table("row", "arg-1v1");
        let policy = Arc::new(Policy::open(&t.0).unwrap());
        let mut bot = PolicyBot::new(Arc::clone(&policy), "m");
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
    fn eval_runs_a_model_and_refuses_other_rules() {
        let t = table("eval", "arg-1v1");
        let spec = BotSpec::Model(t.0.clone());
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
        let e = BotSpec::Model(bad.0.clone()).maker().err().unwrap();
        assert!(matches!(e, BotError::Model { .. }), "{e}");
    }
}
