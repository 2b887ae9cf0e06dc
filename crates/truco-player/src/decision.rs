//! [`Decision`]: what the [`crate::Player`] plays at one decision, and why.

use truco_game::Action;
use truco_query::Recommendation;
use truco_search::Searched;

/// Where a decision's move came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Source {
    /// The only legal action (a flor's declaration, the last card): no decision.
    Forced,
    /// The table's row, played as the player's [`crate::TablePlay`] says.
    Table,
    /// A decision-time search over the table, played by the same rules.
    Search,
    /// The table never saw the spot (or could not answer it): the search bot's play.
    Fallback,
    /// The opponents have shown themselves erratic this match: the search bot's play.
    Erratic,
}

impl Source {
    /// Its name in answers (`"table"`, `"search"`...).
    pub fn name(self) -> &'static str {
        match self {
            Source::Forced => "forced",
            Source::Table => "table",
            Source::Search => "search",
            Source::Fallback => "fallback",
            Source::Erratic => "erratic",
        }
    }
}

/// One rule of the player's [`crate::TablePlay`] that changed what the table (or the search)
/// would have played: the move it wanted (`from`) and the one played instead (`to`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Change {
    /// Which rule.
    pub rule: Rule,
    /// The action the table (or search) drew.
    pub from: Action,
    /// The action played instead.
    pub to: Action,
}

/// The rules of [`crate::TablePlay`] that can change a move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rule {
    /// A falta envido or a match-staking raise made on a showdown more likely lost than won
    /// ([`crate::TablePlay::big_bluffs`]).
    BigBluff,
    /// A truco-ladder call on a hand with less than even chances
    /// ([`crate::TablePlay::drop_truco_bluffs`]).
    TrucoBluff,
    /// An envido call on a losing total against opponents who seldom decline
    /// ([`crate::TablePlay::adapt_envido_bluffs`]).
    EnvidoBluff,
    /// A fold where playing on cannot cost more ([`crate::TablePlay::drop_dominated_folds`]).
    DominatedFold,
    /// A bet accepted below its break-even at the score
    /// ([`crate::TablePlay::refuse_below_break_even`]).
    BelowBreakEven,
    /// The card: the search bot's exact play picks which ([`crate::TablePlay::cards`]).
    CardBySearch,
    /// A refusal or fold that ends the match lost while another action does not
    /// ([`crate::TablePlay::keep_the_match`]).
    KeepTheMatch,
}

impl Rule {
    /// Its name in answers (`"big_bluff"`...).
    pub fn name(self) -> &'static str {
        match self {
            Rule::BigBluff => "big_bluff",
            Rule::TrucoBluff => "truco_bluff",
            Rule::EnvidoBluff => "envido_bluff",
            Rule::DominatedFold => "dominated_fold",
            Rule::BelowBreakEven => "below_break_even",
            Rule::CardBySearch => "card_by_search",
            Rule::KeepTheMatch => "keep_the_match",
        }
    }

    /// Why the rule changed the move, in words.
    pub fn why(self) -> &'static str {
        match self {
            Rule::BigBluff => "a call that stakes the match on a showdown more likely lost",
            Rule::TrucoBluff => "a truco-ladder call on a hand with less than even chances",
            Rule::EnvidoBluff => "an envido bluff against opponents who seldom decline",
            Rule::DominatedFold => "folding here cannot save anything playing on would lose",
            Rule::BelowBreakEven => "accepting loses at this score even against a random hand",
            Rule::CardBySearch => "the card by exact play over sampled deals",
            Rule::KeepTheMatch => "refusing or folding here ends the match lost",
        }
    }
}

/// At most this many [`Change`]s per decision (each rule acts at most once).
pub const MAX_CHANGES: usize = 4;

/// The changes of one decision, in the order they were made (no heap).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Changes {
    items: [Option<Change>; MAX_CHANGES],
}

impl Changes {
    /// Records a change (one past [`MAX_CHANGES`] is dropped).
    pub fn push(&mut self, c: Change) {
        if let Some(slot) = self.items.iter_mut().find(|s| s.is_none()) {
            *slot = Some(c);
        }
    }

    /// The changes, in order.
    pub fn iter(&self) -> impl Iterator<Item = &Change> {
        self.items.iter().map_while(Option::as_ref)
    }

    /// Whether no rule changed the move.
    pub fn is_empty(&self) -> bool {
        self.items[0].is_none()
    }
}

/// What the player plays at one decision, and why.
#[derive(Clone, Debug)]
pub struct Decision {
    /// The move.
    pub action: Action,
    /// Where it came from.
    pub source: Source,
    /// The table's row for the spot (`None` for a forced move; flagged
    /// [`Recommendation::fallback`] where the table never saw the spot).
    pub table: Option<Recommendation>,
    /// The strategy the move was drawn from when it is not the table's row: a search's, with
    /// each action's value in points where the search estimated them.
    pub searched: Option<(Recommendation, Searched)>,
    /// The rules that changed the drawn action.
    pub changes: Changes,
}

impl Decision {
    /// The strategy the move was drawn from: the search's where it searched, else the table's.
    pub fn strategy(&self) -> Option<&Recommendation> {
        self.searched
            .as_ref()
            .map(|(r, _)| r)
            .or(self.table.as_ref())
    }
}
