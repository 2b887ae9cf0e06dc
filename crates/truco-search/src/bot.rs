//! [`SearchingBot`]: an arena bot that searches every decision over its blueprint table.

use std::sync::Arc;

use rand::RngExt;
use truco_arena::{Bot, BotRng, Fallbacks, PolicyBot, TablePlay};
use truco_game::{Action, Event, PublicState, Spot, View};

use crate::Searcher;

/// Plays the [`Searcher`]'s answer: the re-solved strategy, played as its blueprint's
/// [`TablePlay`] plays a table's strategy ([`PolicyBot::play_strategy`]: with
/// [`TablePlay::RAW`] sampled as it is; with [`TablePlay::STRONG`] purified, without the folds,
/// bets and bluffs its rules drop, and once the search decided to play a card, the card by the
/// search bot's play, which won more than the re-solved card: 53.7% against 52.0% for the
/// arg-1v1 default bot with search against the same bot without it). A decision the search
/// cannot take (an error) or that ran out of time is played by the blueprint as a
/// [`PolicyBot`] plays it (its own fallback for unseen spots included); both count as
/// fallbacks in [`Bot::fallbacks`]. The decisions the searcher leaves out
/// ([`Searcher::searches`]: before its first trick, or outside its [`crate::SearchScope`], by
/// default everything but the answers to truco calls) are the blueprint's.
pub struct SearchingBot {
    searcher: Arc<Searcher>,
    blueprint: PolicyBot,
    name: String,
    counts: Fallbacks,
}

impl SearchingBot {
    /// A bot searching with `searcher`, named `name` in reports.
    pub fn new(searcher: Arc<Searcher>, name: impl Into<String>) -> SearchingBot {
        let policy = Arc::clone(searcher.policy_arc());
        SearchingBot {
            blueprint: PolicyBot::new(policy, "blueprint"),
            searcher,
            name: name.into(),
            counts: Fallbacks::default(),
        }
    }

    /// The same bot, playing the decisions it does not search, and the searched strategies, as
    /// `play` says ([`TablePlay::RAW`] by default).
    pub fn with_play(mut self, play: TablePlay) -> SearchingBot {
        let policy = Arc::clone(self.searcher.policy_arc());
        self.blueprint = PolicyBot::new(policy, "blueprint").with_play(play);
        self
    }
}

impl Bot for SearchingBot {
    fn name(&self) -> &str {
        &self.name
    }

    fn act(&mut self, view: &View, legal: &[Action], rng: &mut BotRng) -> Action {
        match Spot::from_view(view) {
            Ok(spot) => self.act_in_hand(view, spot.history(), legal, rng),
            Err(_) => self.blueprint.act(view, legal, rng),
        }
    }

    fn act_in_hand(
        &mut self,
        view: &View,
        events: &[Event],
        legal: &[Action],
        rng: &mut BotRng,
    ) -> Action {
        // Against opponents shown erratic the blueprint plays as the search bot, which expects
        // no ranges of them: re-solving over the table's would not.
        if legal.len() == 1 || !self.searcher.searches(view) || self.blueprint.facing_erratic() {
            return self.blueprint.act_in_hand(view, events, legal, rng);
        }
        let searched = self
            .searcher
            .decide(view, events, rng.random::<u64>(), false)
            .ok()
            .filter(|s| s.blueprint.is_none());
        let Some(s) = searched else {
            // The blueprint counts the decision; the failed search counts as a fallback.
            self.counts.fallbacks += 1;
            return self.blueprint.act_in_hand(view, events, legal, rng);
        };
        self.counts.decisions += 1;
        let r = self
            .searcher
            .policy()
            .recommend(view, events)
            .ok()
            .map(|r| s.refine(r));
        let cards = self.blueprint.cards_by_search();
        self.blueprint
            .play_strategy(view, events, legal, rng, r, cards)
    }

    fn seen(&mut self, public: &PublicState, action: Action, by_opponent: bool) {
        self.blueprint.seen(public, action, by_opponent);
    }

    /// Every decision (the blueprint's and the search's), and as fallbacks the searches that
    /// failed or ran out of time plus the blueprint's unseen spots.
    fn fallbacks(&self) -> Option<Fallbacks> {
        Fallbacks::merge(Some(self.counts), self.blueprint.fallbacks())
    }
}
