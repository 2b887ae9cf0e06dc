//! [`Policy`]: a strategy table read through the game's abstraction, answering views and spots.
//!
//! [`Policy::open`] maps a table (see [`Table::open`]), reads its variant, options and
//! abstraction from the header, and refuses a table whose abstraction definition hash differs
//! from the one compiled into `truco-game` ([`PolicyError::WrongAbstraction`] names both).
//! [`Policy::recommend`] turns a [`View`] and the hand's public events into the abstraction key,
//! looks the key up and returns every legal action with its probability (rows are in the order
//! of `truco_game::abstraction::order_actions`; the answer is in the engine's order unless
//! [`ActionOrder::Canonical`] is asked for).
//!
//! **Fallback**: a spot the table never saw (no row for its key) gets the uniform distribution
//! over its legal actions other than `mazo` (a fold is never the answer of a table that does
//! not know the spot; it keeps `mazo` only when nothing else is legal), with
//! [`Recommendation::fallback`] set. Every other failure is a typed
//! [`PolicyError`]: a view of other rules than the table's, a seat with no decision, a view the
//! abstraction cannot key, a row whose length differs from the legal actions.
//!
//! Tables written for `arg-1v1-mini` are read with the `arg-1v1` rules (the mini variant is
//! `arg-1v1` dealt from a reduced deck; its views are `arg-1v1` views).
//!
//! **Post-processing**: a table that declares a step ([`Table::post_process`]: purify or
//! threshold) is answered with the step applied ([`Policy::recommend`], [`Policy::sample`]);
//! [`Policy::recommend_trained`] answers with the rows as trained (what a decision-time search
//! reads to build the other seats' ranges, and what the player reads).
//!
//! The answering path allocates nothing: the key, the lookup in the mapped file and the
//! fixed-capacity [`Recommendation`] all live on the stack.

mod error;
mod recommendation;
#[cfg(test)]
mod tests;

use std::path::Path;

use rand::Rng;
use truco_game::abstraction::{order_actions, Abstraction};
use truco_game::action::MAX_ACTIONS;
use truco_game::spot::rules_text;
use truco_game::{Action, ActionList, Event, RuleSet, Spot, View};

pub use error::PolicyError;
pub use recommendation::{ActionName, ActionOrder, Advice, Recommendation};

use crate::postprocess::PostProcess;
use crate::reader::{OpenOptions, Table};
use crate::row::Row;

/// A strategy table checked against this build's rules engine and abstraction. `Send + Sync`:
/// share it between threads behind an `Arc`.
#[derive(Debug)]
pub struct Policy {
    table: Table,
    rules: RuleSet,
    abstraction: Abstraction,
}

/// The legal actions of a decision in the engine's and the canonical order, and its row.
struct Decision<'a> {
    engine: ActionList,
    canonical: [Action; MAX_ACTIONS],
    key: u64,
    row: Option<Row<'a>>,
}

impl Policy {
    /// Opens `path` with the default options (body checksum verified).
    pub fn open(path: impl AsRef<Path>) -> Result<Policy, PolicyError> {
        Policy::open_with(path, OpenOptions::default())
    }

    /// Opens `path` with `opts` and checks its metadata (see [`Policy::from_table`]).
    pub fn open_with(path: impl AsRef<Path>, opts: OpenOptions) -> Result<Policy, PolicyError> {
        Policy::from_table(Table::open(path, opts)?)
    }

    /// Checks an open table's metadata: a known abstraction whose definition hash is the
    /// compiled one, and a variant (with options) the engine builds and the abstraction covers.
    pub fn from_table(table: Table) -> Result<Policy, PolicyError> {
        let m = table.meta();
        let abstraction = Abstraction::from_id(&m.abstraction_id).map_err(|_| {
            let (found, known) = (
                m.abstraction_id.clone(),
                Abstraction::ALL.map(|a| a.id()).join(", "),
            );
            // The exact solver's ids (truco-solve, which this crate does not depend on).
            if found.starts_with("paulista-hu-classes") {
                PolicyError::SolverTable { found, known }
            } else {
                PolicyError::UnknownAbstraction { found, known }
            }
        })?;
        let compiled = abstraction.definition_hash();
        if compiled != m.abstraction_hash {
            return Err(PolicyError::WrongAbstraction {
                id: m.abstraction_id.clone(),
                found: m.abstraction_hash,
                compiled,
            });
        }
        let rules = table_rules(&m.variant, &m.options)?;
        if !abstraction.supports(&rules) {
            return Err(PolicyError::UnsupportedVariant {
                variant: m.variant.clone(),
                abstraction: m.abstraction_id.clone(),
            });
        }
        Ok(Policy {
            table,
            rules,
            abstraction,
        })
    }

    /// The underlying table.
    pub fn table(&self) -> &Table {
        &self.table
    }

    /// The rules the table answers for.
    pub fn rules(&self) -> &RuleSet {
        &self.rules
    }

    /// The table's abstraction.
    pub fn abstraction(&self) -> Abstraction {
        self.abstraction
    }

    /// The recommendation for `view`, whose hand produced the public `events` (as
    /// `truco_game::Hand::public_events` records them; a leading `Deal` is optional), in the
    /// engine's action order.
    #[inline]
    pub fn recommend(&self, view: &View, events: &[Event]) -> Result<Recommendation, PolicyError> {
        self.recommend_in(view, events, ActionOrder::Engine)
    }

    /// [`Policy::recommend`] with the actions listed in `order`.
    #[inline]
    pub fn recommend_in(
        &self,
        view: &View,
        events: &[Event],
        order: ActionOrder,
    ) -> Result<Recommendation, PolicyError> {
        self.answer(view, events, order, false)
    }

    /// [`Policy::recommend`] from the rows as trained: the table's post-processing step
    /// ([`Table::post_process`]) is not applied. The same answer on a table without one.
    #[inline]
    pub fn recommend_trained(
        &self,
        view: &View,
        events: &[Event],
    ) -> Result<Recommendation, PolicyError> {
        self.answer(view, events, ActionOrder::Engine, true)
    }

    /// The table's post-processing step (see [`Table::post_process`]).
    pub fn post_process(&self) -> PostProcess {
        self.table.post_process()
    }

    /// The answer for `view` in `order`, from the rows as served or as `trained`.
    #[inline]
    fn answer(
        &self,
        view: &View,
        events: &[Event],
        order: ActionOrder,
        trained: bool,
    ) -> Result<Recommendation, PolicyError> {
        let mut d = self.decide(view, events)?;
        if trained {
            d.row = d.row.map(|r| r.trained());
        }
        // The row's probabilities, decoded once (a processed row is computed as it is read).
        let mut probs = [0f32; MAX_ACTIONS];
        if let Some(row) = &d.row {
            row.copy_probs(&mut probs);
        }
        let n = d.engine.len();
        let canonical = &d.canonical[..n];
        let mut out = Recommendation::new(d.key, d.row.is_none(), view.public());
        let listed = match order {
            ActionOrder::Engine => d.engine.as_slice(),
            ActionOrder::Canonical => canonical,
        };
        for &action in listed {
            let (prob, value) = match (&d.row, canonical.iter().position(|&c| c == action)) {
                (Some(row), Some(j)) => (probs[j], row.value(j)),
                _ => (
                    fallback_probability(d.engine.as_slice(), action) as f32,
                    None,
                ),
            };
            out.push(Advice {
                action,
                prob,
                value,
            });
        }
        Ok(out)
    }

    /// The recommendation for a spot (its history gives the events).
    pub fn recommend_spot(
        &self,
        spot: &Spot,
        order: ActionOrder,
    ) -> Result<Recommendation, PolicyError> {
        let view = spot.to_view()?;
        self.recommend_in(&view, spot.history(), order)
    }

    /// Draws one action from the recommendation for `view` (uniform for a fallback).
    pub fn sample<R: Rng + ?Sized>(
        &self,
        view: &View,
        events: &[Event],
        rng: &mut R,
    ) -> Result<Action, PolicyError> {
        let d = self.decide(view, events)?;
        let n = d.engine.len();
        let Some(row) = d.row else {
            let legal = d.engine.as_slice();
            let kept = legal.iter().filter(|&&a| a != Action::Mazo).count();
            if kept == 0 {
                return Ok(legal[uniform(rng, n)]);
            }
            let pick = uniform(rng, kept);
            let chosen = legal.iter().filter(|&&a| a != Action::Mazo).nth(pick);
            return Ok(chosen.copied().unwrap_or(legal[0]));
        };
        // The row's bytes sum to exactly 255: draw one of 255 units.
        let mut r = uniform(rng, 255) as u32;
        for (j, q) in row.probs_u8().enumerate() {
            if r < q as u32 {
                return Ok(d.canonical[j]);
            }
            r -= q as u32;
        }
        Ok(d.canonical[n - 1])
    }

    /// Checks the view, lists its legal actions in both orders, keys it and looks it up.
    #[inline]
    fn decide(&self, view: &View, events: &[Event]) -> Result<Decision<'_>, PolicyError> {
        let p = view.public();
        // A pica-pica hand (two seats) is a hand of its six-player match's table.
        if p.rules().match_rules() != self.rules {
            return Err(PolicyError::WrongVariant {
                table: describe(&self.rules),
                view: describe(p.rules()),
            });
        }
        let actor = p.actor();
        if actor.seat() != Some(view.seat()) {
            return Err(PolicyError::NoDecision {
                seat: view.seat(),
                why: match actor.seat() {
                    Some(s) => format!("seat {s} is to act"),
                    None if p.is_over() => "the hand is over".into(),
                    None => "the cards are not dealt".into(),
                },
            });
        }
        let mut engine = ActionList::new();
        view.legal_actions(&mut engine);
        let n = engine.len();
        if n == 0 {
            return Err(PolicyError::NoDecision {
                seat: view.seat(),
                why: "no legal action".into(),
            });
        }
        let mut canonical = [Action::Mazo; MAX_ACTIONS];
        canonical[..n].copy_from_slice(engine.as_slice());
        order_actions(view, &mut canonical[..n]);
        let key = self.abstraction.key(view, events)?;
        let row = self.table.try_lookup(key)?;
        if let Some(r) = &row {
            if r.len() != n {
                return Err(PolicyError::RowMismatch {
                    key,
                    row: r.len(),
                    legal: n,
                });
            }
        }
        Ok(Decision {
            engine,
            canonical,
            key,
            row,
        })
    }
}

/// The fallback's probability of `action` among the `legal` actions of a spot a table never
/// saw: uniform over the actions other than `mazo`, or over all of them when `mazo` is the only
/// one. The trainer's evaluation plays the same rule.
pub fn fallback_probability(legal: &[Action], action: Action) -> f64 {
    let kept = legal.iter().filter(|&&a| a != Action::Mazo).count();
    match (kept, action) {
        (0, _) => 1.0 / legal.len().max(1) as f64,
        (_, Action::Mazo) => 0.0,
        (k, _) => 1.0 / k as f64,
    }
}

/// The rule set a table header names. `arg-1v1-mini` is played with the `arg-1v1` rules.
fn table_rules(variant: &str, options: &str) -> Result<RuleSet, PolicyError> {
    if variant == RuleSet::ARG_1V1_MINI_ID && options.trim().is_empty() {
        return Ok(RuleSet::ARG_1V1);
    }
    let opts: Vec<&str> = options
        .split(|c: char| c.is_whitespace() || c == ',')
        .filter(|o| !o.is_empty())
        .collect();
    RuleSet::new(variant, &opts).map_err(|source| PolicyError::UnknownVariant {
        variant: variant.to_string(),
        options: options.to_string(),
        source,
    })
}

/// A rule set as its variant id and options, for error messages.
fn describe(r: &RuleSet) -> String {
    rules_text(r).unwrap_or_else(|_| format!("{} (custom rules)", r.variant))
}

/// Uniform index in `0..n` (`n > 0`) from one 32-bit draw (multiply-shift).
#[inline]
fn uniform<R: Rng + ?Sized>(rng: &mut R, n: usize) -> usize {
    ((rng.next_u32() as u64 * n as u64) >> 32) as usize
}
