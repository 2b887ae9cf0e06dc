//! A bot's decision at a training state, as a fixed function of the state: the building block
//! of training against a bot ([`crate::restricted`]) and of measuring a bot's exploitability
//! (`truco-exploit`'s `BotPolicy`).
//!
//! A bot that draws random numbers (the heuristic bluffs now and then) gets a generator seeded
//! from the whole state (score, mano, both hands, the public history), so it answers a state
//! always the same way, as a table row would; seen from an opponent who does not see its cards
//! the draws still look random.

use rand::SeedableRng;
use truco_bots::{Bot, BotRng};
use truco_game::abstraction::order_actions;
use truco_game::action::MAX_ACTIONS;
use truco_game::{Action, ActionList};

use crate::game::GState;

/// A running 64-bit digest of a state's parts.
struct Digest(u64);

impl Digest {
    /// A digest from `seed` of what every seat knows: the public history and the start score.
    fn of_public(seed: u64, s: &GState) -> Digest {
        let mut d = Digest(seed);
        d.mix(s.history as u64);
        d.mix((s.history >> 64) as u64);
        d.mix(s.history_len as u64);
        let [a, b] = s.start_score();
        d.mix(((a as u64) << 8) | b as u64);
        d
    }

    fn mix(&mut self, x: u64) {
        self.0 ^= x;
        self.0 = self.0.wrapping_mul(0xBF58_476D_1CE4_E5B9).rotate_left(31);
    }
}

/// A 64-bit digest of everything the acting bot could depend on.
fn state_seed(s: &GState) -> u64 {
    let mut d = Digest::of_public(0x9E37_79B9_7F4A_7C15, s);
    if let Some(st) = s.state() {
        for seat in 0..st.public().rules().players {
            d.mix(st.dealt_set(seat).0);
        }
        d.mix(st.public().mano() as u64);
    }
    d.0
}

/// A 64-bit digest of what the acting seat knows (score, mano, its own cards, the public
/// history), mixed with `salt`: a bot seeded from it draws as a function of its own
/// information and of a salt its opponent does not see, so that an opponent who models it
/// with another salt predicts its draws no better than its mixed strategy allows.
pub fn info_seed(s: &GState, salt: u64) -> u64 {
    let mut d = Digest::of_public(0x2545_F491_4F6C_DD1D ^ salt, s);
    if let Some(st) = s.state() {
        if let Some(seat) = st.actor().seat() {
            d.mix(st.dealt_set(seat).0);
        }
        d.mix(st.public().mano() as u64);
    }
    d.mix(salt);
    d.0
}

/// What a bot did at a state.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BotChoice {
    /// The index of its action among the legal actions in the game's (canonical) order, and
    /// how many there are.
    Index(usize, usize),
    /// The state has no seat to act.
    NoDecision,
    /// The bot chose an action that is not legal.
    Illegal(Action),
}

/// The choice of `bot` (a fresh copy of it) for the acting seat of `s`.
pub fn bot_choice<B: Bot + Clone>(bot: &B, s: &GState) -> BotChoice {
    choice_of(&mut bot.clone(), s)
}

/// The choice of `bot` itself for the acting seat of `s` (for a bot that cannot be cloned,
/// e.g. a boxed arena bot; it must not learn from the decisions it is asked).
pub fn choice_of(bot: &mut dyn Bot, s: &GState) -> BotChoice {
    choice_seeded(bot, s, state_seed(s))
}

/// The choice of `bot` for the acting seat of `s`, its draws seeded by `seed` (e.g.
/// [`info_seed`]).
pub fn choice_seeded(bot: &mut dyn Bot, s: &GState, seed: u64) -> BotChoice {
    let Some(st) = s.state() else {
        return BotChoice::NoDecision;
    };
    let Some(seat) = st.actor().seat() else {
        return BotChoice::NoDecision;
    };
    let Ok(view) = st.view(seat) else {
        return BotChoice::NoDecision;
    };
    let mut legal = ActionList::new();
    st.legal_actions(&mut legal);
    let n = legal.len().min(MAX_ACTIONS);
    let mut canonical = [Action::Mazo; MAX_ACTIONS];
    canonical[..n].copy_from_slice(&legal.as_slice()[..n]);
    order_actions(&view, &mut canonical[..n]);
    let mut rng = BotRng::seed_from_u64(seed);
    let chosen = bot.act(&view, legal.as_slice(), &mut rng);
    match canonical[..n].iter().position(|&a| a == chosen) {
        Some(i) => BotChoice::Index(i, n),
        None => BotChoice::Illegal(chosen),
    }
}

#[cfg(test)]
mod tests {
    use rand::SeedableRng;
    use truco_cfr::{play_out, Game};

    use super::*;
    use crate::game::TrucoGame;
    use crate::keying::Exact;

    /// The digests are pinned: bots seeded from them draw as they did when the project's
    /// figures were measured, so those stay reproducible.
    #[test]
    fn the_seeds_are_stable() {
        let g = TrucoGame::arg_1v1(Exact);
        let mut rng = rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(5);
        let mut seeds = Vec::new();
        play_out(&g, g.root(), &mut rng, |s, actions, _| {
            seeds.push((state_seed(s), info_seed(s, 7)));
            seeds.len() % actions.len()
        });
        assert_eq!(
            seeds,
            [
                (3012862013730783273, 1645757065390182791),
                (6794588457543416930, 16466375719691322736),
                (13308135146887781865, 4740159524397652821)
            ]
        );
    }
}
