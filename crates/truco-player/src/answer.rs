//! The player's answers in the JSON-lines protocol of `truco serve` (`truco_query::protocol`):
//! every answer carries the `"move"` the player plays beside the table's probabilities.
//!
//! Request fields read here, beside the protocol's `spot` and `seed`: `"earlier"`, the match's
//! earlier hands (an array of spots, oldest first, each seen from the same seat), which the
//! player learns its opponents from ([`Player::learn_hand`]) before deciding. Without them the
//! rules that learn the opponents act as at a match's start.
//!
//! Answer fields added: `"move": {"action", "source", "changes": [{"rule", "from", "to",
//! "why"}]}`; with a search, `"search"` (budget, iterations, information sets, each action's
//! `values` in points and match-win chance) and `"table"` (the table's own row); the
//! `"actions"` are then the searched strategy the move was drawn from.

use std::sync::Arc;

use serde_json::{json, Map, Value};
use truco_game::spot::Words;
use truco_game::{Action, Spot};
use truco_query::protocol::{actions_json, AnswerError, Refine, Refined};
use truco_query::{Policy, Recommendation};
use truco_search::{SearchBudget, SearchScope, Searched, Searcher};

use crate::{Decision, Player, PlayerError, TablePlay};

/// Most earlier hands a request may carry (a match to 30 lasts far fewer).
pub const MAX_EARLIER: usize = 256;

/// Answers every request with the [`Player`]'s move: a fresh player per request (nothing
/// learned carries over between requests), over the table served at that moment.
#[derive(Clone, Copy, Debug)]
pub struct PlayerAnswers {
    /// How the player plays the table.
    pub play: TablePlay,
    /// A decision-time search of every decision, for this budget (see [`searcher_for`]).
    pub search: Option<SearchBudget>,
}

impl Default for PlayerAnswers {
    fn default() -> Self {
        PlayerAnswers {
            play: TablePlay::STRONG,
            search: None,
        }
    }
}

/// The searcher answers use: every decision asked about, from the first trick, with each
/// action's value (a bot in a match searches fewer decisions by default: see
/// `truco eval --search-decisions`). Errors: a table the search does not support.
pub fn searcher_for(
    policy: &Arc<Policy>,
    budget: SearchBudget,
) -> Result<Searcher, truco_search::SearchError> {
    Ok(Searcher::new(Arc::clone(policy), budget)?
        .from_trick(0)
        .with_scope(SearchScope::All))
}

impl PlayerAnswers {
    /// The player for one request over `policy`.
    pub fn player(&self, policy: &Arc<Policy>) -> Result<Player, AnswerError> {
        let player = Player::new(Arc::clone(policy)).with_play(self.play);
        Ok(match self.search {
            None => player,
            Some(budget) => {
                let s = searcher_for(policy, budget).map_err(|e| ("no_search", e.to_string()))?;
                player.with_search(Arc::new(s), true)
            }
        })
    }

    /// The player's decision for `spot` after the request's earlier hands.
    pub fn decide(
        &self,
        policy: &Arc<Policy>,
        spot: &Spot,
        seed: u64,
        req: &Map<String, Value>,
    ) -> Result<Decision, AnswerError> {
        let mut player = self.player(policy)?;
        for earlier in earlier_hands(req)? {
            player.learn_hand(&earlier).map_err(error)?;
        }
        player.decide_spot(spot, seed).map_err(error)
    }
}

/// An error's kind and message for an answer.
fn error(e: PlayerError) -> AnswerError {
    (e.kind(), e.to_string())
}

/// The request's `"earlier"` hands, parsed.
fn earlier_hands(req: &Map<String, Value>) -> Result<Vec<Spot>, AnswerError> {
    let bad = |m: String| ("bad_request", m);
    let list = match req.get("earlier") {
        None | Some(Value::Null) => return Ok(Vec::new()),
        Some(Value::Array(a)) => a,
        Some(_) => return Err(bad("`earlier` must be an array of spots".into())),
    };
    if list.len() > MAX_EARLIER {
        return Err(bad(format!(
            "`earlier` holds {} hands, at most {MAX_EARLIER}",
            list.len()
        )));
    }
    list.iter()
        .enumerate()
        .map(|(i, v)| match v {
            Value::String(s) => s
                .parse::<Spot>()
                .map_err(|e| ("bad_spot", format!("earlier hand {}: {e}", i + 1))),
            _ => Err(bad(format!("earlier hand {} must be a spot string", i + 1))),
        })
        .collect()
}

impl Refine<Arc<Policy>> for PlayerAnswers {
    fn refine(
        &self,
        policy: &Arc<Policy>,
        spot: &Spot,
        r: Recommendation,
        seed: u64,
        req: &Map<String, Value>,
    ) -> Result<Refined, AnswerError> {
        let d = self.decide(policy, spot, seed, req)?;
        let mut fields = Map::new();
        fields.insert("move".into(), move_json(spot, &d));
        if let Some(budget) = self.search {
            fields.insert("search".into(), search_json(budget, &d));
        }
        match &d.searched {
            Some((searched, _)) => {
                fields.insert("table".into(), actions_json(&r));
                Ok((*searched, fields))
            }
            None => Ok((r, fields)),
        }
    }
}

/// An action's name in the spot's words (`truco`, `seis`, `envide`...).
pub fn action_name(spot: &Spot, action: Action) -> String {
    name_in(spot_words(spot).as_ref(), action)
}

/// The variant's words for the calls at `spot` (`None` for a spot that does not replay).
fn spot_words(spot: &Spot) -> Option<Words> {
    spot.to_view().ok().map(|v| Words::of(v.public()))
}

/// `action`'s name in `words` (the engine's name without them).
fn name_in(words: Option<&Words>, action: Action) -> String {
    match words.and_then(|w| w.word(action)) {
        Some(w) => w.to_string(),
        None => action.to_string(),
    }
}

/// The `"move"` of an answer: the action, its source and the rules that changed it.
pub fn move_json(spot: &Spot, d: &Decision) -> Value {
    let words = spot_words(spot);
    let name = |a| name_in(words.as_ref(), a);
    let changes: Vec<Value> = d
        .changes
        .iter()
        .map(|c| {
            json!({
                "rule": c.rule.name(),
                "from": name(c.from),
                "to": name(c.to),
                "why": c.rule.why(),
            })
        })
        .collect();
    json!({
        "action": name(d.action),
        "source": d.source.name(),
        "changes": changes,
    })
}

/// The `"search"` of an answer: what the search did, and each action's value in points and
/// match-win chance (`values`: null where the decision was not searched).
pub fn search_json(budget: SearchBudget, d: &Decision) -> Value {
    let round = |x: f64, k: f64| (x * k).round() / k;
    let Some((r, s)) = &d.searched else {
        return json!({
            "budget": budget.to_string(),
            "searched": false,
            "why": not_searched_why(d),
            "values": Value::Null,
        });
    };
    json!({
        "budget": budget.to_string(),
        "searched": true,
        "iterations": s.stats.iterations,
        "info_sets": s.stats.info_sets,
        "values": values_json(r, s, round),
    })
}

fn values_json(r: &Recommendation, s: &Searched, round: impl Fn(f64, f64) -> f64) -> Value {
    match &s.values {
        Some(v) => Value::Array(
            s.probs
                .iter()
                .zip(v)
                .map(|((a, _), v)| {
                    json!({
                        "action": r.name(*a).to_string(),
                        "points": round(v.points, 1e3),
                        "win": round(v.win, 1e4),
                    })
                })
                .collect(),
        ),
        None => Value::Null,
    }
}

/// Why a decision was not searched, in words.
fn not_searched_why(d: &Decision) -> &'static str {
    match d.source {
        crate::Source::Forced => "a forced move",
        crate::Source::Erratic => "against erratic opponents the search bot plays",
        _ => "the search could not finish in its budget, or never reached the decision: the table's answer",
    }
}
