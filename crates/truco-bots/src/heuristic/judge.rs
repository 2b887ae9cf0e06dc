//! [`Judge`]: what the heuristic's rules read from the cards — the chance of winning the hand
//! in the tricks and the card to play. The heuristic judges by card percentiles
//! ([`Percentile`]); the search bot ([`crate::search`]) by sampling the hidden cards and
//! playing the rest of the hand out exactly. The calling rules are the same for both.

use truco_game::{Card, View};

use super::{estimate, play};

/// The two judgements the heuristic's rules need.
pub trait Judge {
    /// The chance that the seat's team wins the hand in the tricks.
    fn win_chance(&mut self, view: &View) -> f64;
    /// The card to play face up (the paulista rule may then hide it).
    fn card(&mut self, view: &View) -> Option<Card>;
    /// The chance, at a paulista mão de onze, that the team at 11 wins the hand if it plays.
    fn eleven_chance(&mut self, view: &View) -> f64 {
        super::paulista::eleven_chance(view)
    }
}

/// The heuristic's own judgement: percentiles of the cards among the unseen ones
/// ([`estimate::hand_win_chance`]) and its card rules ([`play::choose_card`]).
#[derive(Clone, Copy, Debug, Default)]
pub struct Percentile;

impl Judge for Percentile {
    fn win_chance(&mut self, view: &View) -> f64 {
        estimate::hand_win_chance(view)
    }

    fn card(&mut self, view: &View) -> Option<Card> {
        play::choose_card(view)
    }
}
