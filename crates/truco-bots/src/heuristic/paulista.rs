//! The paulista arm of the heuristic (see the rule table in [`super`]).
//!
//! - Card strength: the hand's rank table with the vira's manilhas
//!   ([`truco_game::PublicState::rank_table`]); the vira is a seen card.
//! - Truco 3 / seis 6 / nove 9 / doze 12: the shared truco rules with the variant's values
//!   (calls at [`super::LADDER_CALL`], answers by break-even + margin with score awareness).
//! - Mão de onze (the team at 11 decides): [`eleven_chance`] values the team's hand from both
//!   hands when the partner's cards are shown (heads-up: own cards alone), and it plays iff that
//!   chance reaches [`super::equity::onze_threshold`] at the score.
//! - Hidden card: from trick 2, a card that can neither win nor tie the trick (below the best
//!   card already in it, the partner's or an opponent's) is played face down. Its result is the
//!   same as playing it open, and face down it tells the opponents nothing about the cards
//!   still out. A lead is never hidden (it would give the trick away).
//! - Mão de ferro: blind, so every position is the same unknown card: the first one.

use truco_game::{Action, Actor, Card, View};

use super::estimate::{fresh_hand_chance, unseen, Percentiles, TrickState};
use super::{answer_truco, wants_raise, Judge, Seat, LADDER_CALL};
use crate::bot::BotRng;

/// The paulista decision.
pub(super) fn decide(
    view: &View,
    legal: &[Action],
    rng: &mut BotRng,
    judge: &mut dyn Judge,
) -> Option<Action> {
    if view.is_blind() {
        return legal
            .iter()
            .copied()
            .find(|a| matches!(a, Action::Blind(_)));
    }
    let p = view.public();
    if p.eleven_pending() {
        return Some(if plays_eleven(view, judge) {
            Action::Quiero
        } else {
            Action::NoQuiero
        });
    }
    let e = judge.win_chance(view);
    if matches!(p.actor(), Actor::Team { .. }) && p.truco().pending {
        return Some(answer_truco(view, legal, &Seat::of(view), e));
    }
    if legal.contains(&Action::Raise) && wants_raise(&LADDER_CALL, p.truco().level, e, rng) {
        return Some(Action::Raise);
    }
    let card = judge.card(view)?;
    Some(
        if legal.contains(&Action::Hide(card)) && cannot_count(view, card) {
            Action::Hide(card)
        } else {
            Action::Play(card)
        },
    )
}

/// Whether `card` can neither win nor tie the trick in progress: some card already in it is
/// stronger (later cards only raise the bar).
pub fn cannot_count(view: &View, card: Card) -> bool {
    let t = TrickState::of(view);
    view.public().rank_table().strength(card) < t.best_us.max(t.best_them)
}

/// The mão de onze team's chance of winning the hand in the tricks, from the deciding seat's
/// view: with the partner's cards shown, the team's best card of each trick is one of the three
/// strongest of its six cards (each player plays one per trick, so they can always go to three
/// different tricks), against the unknown cards of the opponents; heads-up, its own three cards
/// against one unknown hand.
pub fn eleven_chance(view: &View) -> f64 {
    let p = view.public();
    let table = p.rank_table();
    let team = view.seat() % 2;
    let mut strengths = [0u8; 6];
    let mut n = 0usize;
    let known = [view.known_dealt(), view.partner_cards()];
    for c in known.into_iter().flatten().flatten() {
        if n < 6 {
            strengths[n] = table.strength(c);
            n += 1;
        }
    }
    strengths[..n].sort_unstable_by(|a, b| b.cmp(a));
    let mut best = [0u8; 3];
    best.copy_from_slice(&strengths[..3]);
    let players = p.rules().players as u32;
    let partner_known = view.partner_cards().is_some();
    let mates = if partner_known { 0 } else { players / 2 - 1 };
    let pc = Percentiles::new(&table, unseen(view));
    fresh_hand_chance(
        &pc,
        best,
        n.min(3),
        (mates, players / 2),
        team,
        p.mano() % 2,
    )
}

/// Whether the team at 11 plays the mão de onze: its hand chance against the break-even of
/// playing for the played value (3) rather than giving the opponents 1.
pub fn plays_eleven(view: &View, judge: &mut dyn Judge) -> bool {
    let p = view.public();
    let rules = p.rules();
    let team = view.seat() % 2;
    let opp = p.score()[1 - team as usize];
    let played = rules.truco_values[1];
    let threshold = super::equity::onze_threshold(rules, opp, played, 1);
    judge.eleven_chance(view) >= threshold
}
