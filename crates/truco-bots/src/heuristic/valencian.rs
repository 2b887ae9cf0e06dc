//! The valencian arm of the heuristic (see the rule table in [`super`]).
//!
//! - Card strength: the 22-card ranking; the unseen cards are the 22 minus its own and the
//!   played ones (the 10 cards left out of the deal are unseen too, as they are to a player).
//! - Envit by its total ([`super::tanto`] over the 22-card deck, partner and opponents
//!   unknown): envide from [`super::ENVIDO_CALL`]; falta from [`super::FALTA_CALL`] when the
//!   falta's match equity (a whole cama while both teams are in the malas, else what the
//!   leader needs) beats the envide's; answers by the match-equity break-even of the chain
//!   ([`Standing::break_even`]) plus [`super::ENVIDO_MARGIN`], the caller holding
//!   [`ENVIT_CALLER_FLOOR`]+ (the least total it calls with itself), raising (torne, or falta when
//!   it is worth more) from [`super::ENVIDO_RAISE`]. Calls only where the legal actions allow
//!   them (its timing limits are the engine's).
//! - Truc, retruc, quatre val: the shared truco rules with the values 2, 3, 4, calling at
//!   [`super::LADDER_CALL`] (score awareness counts a closed cama). Out-of-turn window: `Raise` when its own call threshold is met,
//!   else `Pass` (no bluffs out of turn).
//! - Joc fora (the whole match): called when the hand chance beats the match equity of
//!   playing the quatre val out by [`JOC_FORA_MARGIN`]; accepted when the hand chance beats
//!   the match equity after conceding the 4 points by [`JOC_FORA_ANSWER_MARGIN`].
//! - Never folds by choice: a single fold leaves the partner alone for the same stake, and the
//!   envit is settled with the folded cards anyway.

use truco_game::{Action, Actor, View};

use super::equity::Standing;
use super::{
    answer_truco, wants_raise, Seat, ENVIDO_CALL, ENVIDO_MARGIN, ENVIDO_RAISE, FALTA_CALL,
    LADDER_CALL,
};
use crate::bot::BotRng;

/// Total the caller of an envit is assumed to hold at least: the least total with which this
/// heuristic opens one in a four-player hand (win chance [`super::ENVIDO_CALL`] at even ties;
/// checked by a test). The 22-card deck has no figures, so high totals are common and the
/// Argentine [`super::CALLER_FLOOR`] (23) made it accept too much: in self-play, 6000
/// matches, this floor won 60.1% [59.2, 60.9] against 23 (27: 51.4%, 29: 55.8%, 31: 61.9%).
pub const ENVIT_CALLER_FLOOR: u8 = 30;

/// Extra hand chance over the match equity of not raising, to call joc fora (0: in
/// self-play, margins of 0.05 to call and 0.10 to accept did worse than none).
pub const JOC_FORA_MARGIN: f64 = 0.0;
/// Extra hand chance over the match equity of declining, to accept joc fora (0, see
/// [`JOC_FORA_MARGIN`]; 0.2 lost 48.5% of the matches against 0.1).
pub const JOC_FORA_ANSWER_MARGIN: f64 = 0.0;

/// The valencian decision.
pub(super) fn decide(
    view: &View,
    legal: &[Action],
    rng: &mut BotRng,
    judge: &mut dyn super::Judge,
) -> Option<Action> {
    let p = view.public();
    let has = |a: Action| legal.contains(&a);
    let me = Seat::of(view);
    let answering = matches!(p.actor(), Actor::Team { .. });
    if answering && p.envido().pending {
        return Some(answer_envit(view, legal, &me));
    }
    if let Some(call) = call_envit(view, legal, &me) {
        return Some(call);
    }
    let e = judge.win_chance(view);
    let level = p.truco().level;
    let joc_next = level + 1 == me.rules.truco_top && me.rules.joc_fora;
    if answering && p.truco().pending {
        if level + 1 == me.rules.truco_top && me.rules.joc_fora {
            return Some(answer_joc_fora(view, &me, e));
        }
        let next_is_joc = level + 2 == me.rules.truco_top && me.rules.joc_fora;
        if next_is_joc && has(Action::Raise) && wants_joc_fora(view, &me, e) {
            return Some(Action::Raise);
        }
        let a = answer_truco(view, legal, &me, e);
        return Some(if a == Action::Raise && next_is_joc {
            Action::Quiero
        } else {
            a
        });
    }
    if has(Action::Raise) {
        let raise = if joc_next {
            wants_joc_fora(view, &me, e)
        } else if has(Action::Pass) {
            // The out-of-turn window: no bluffs.
            e >= LADDER_CALL[(level as usize).min(3)]
        } else {
            wants_raise(&LADDER_CALL, level, e, rng)
        };
        if raise {
            return Some(Action::Raise);
        }
    }
    if has(Action::Pass) {
        return Some(Action::Pass);
    }
    judge.card(view).map(Action::Play)
}

/// The standing of `me`'s team now.
fn standing(view: &View, me: &Seat) -> Standing {
    let c = view.public().camas();
    Standing {
        score: me.score,
        camas: (c[me.team as usize], c[1 - me.team as usize]),
    }
}

/// Calling joc fora: the hand chance `e` (the match, if accepted) against the match equity of
/// playing the quatre val (4) out.
fn wants_joc_fora(view: &View, me: &Seat, e: f64) -> bool {
    let st = standing(view, me);
    let four = me.rules.truco_values[(me.rules.truco_top - 1) as usize];
    let keep = e * st.after(&me.rules, true, four).equity(&me.rules)
        + (1.0 - e) * st.after(&me.rules, false, four).equity(&me.rules);
    e >= keep + JOC_FORA_MARGIN
}

/// Answering joc fora: accepting plays the match on this hand; declining gives the callers
/// the quatre val (4).
fn answer_joc_fora(view: &View, me: &Seat, e: f64) -> Action {
    let st = standing(view, me);
    let four = me.rules.truco_values[(me.rules.truco_top - 1) as usize];
    let declined = st.after(&me.rules, false, four).equity(&me.rules);
    if e >= declined + JOC_FORA_ANSWER_MARGIN || declined == 0.0 {
        Action::Quiero
    } else {
        Action::NoQuiero
    }
}

/// The falta's accepted value now (the envit is settled at the score the hand started with:
/// nothing is scored before it).
fn falta_value(view: &View, me: &Seat) -> u8 {
    me.rules
        .falta_value(view.public().score(), 1 - me.team)
        .max(1)
}

/// Whether a falta (accepted) is worth more in match equity than a bet of `other` points, at
/// envit win chance `pw`.
fn falta_beats(view: &View, me: &Seat, pw: f64, other: u8) -> bool {
    let st = standing(view, me);
    let r = &me.rules;
    let eq =
        |v: u8| pw * st.after(r, true, v).equity(r) + (1.0 - pw) * st.after(r, false, v).equity(r);
    eq(falta_value(view, me)) > eq(other)
}

/// The envit win chance from which `me` accepts the pending envit chain, `margin` over its
/// match-equity break-even; `None` when it is at or below zero (always accept).
pub(super) fn accept_need(view: &View, me: &Seat, margin: f64) -> Option<f64> {
    let e = view.public().envido();
    let value = if e.falta {
        falta_value(view, me)
    } else {
        e.value.max(1)
    };
    let need = standing(view, me).break_even(&me.rules, value, e.declined_value());
    (need > 0.0).then_some(need + margin)
}

/// Opening the envit (own turn, or a truc's decider who may still call it).
fn call_envit(view: &View, legal: &[Action], me: &Seat) -> Option<Action> {
    let has = |a: Action| legal.contains(&a);
    if view.public().envido().called() || !(has(Action::Envido) || has(Action::FaltaEnvido)) {
        return None;
    }
    let pw = me.envido_chance(None);
    let envide = me.rules.envido_points;
    if pw >= FALTA_CALL && has(Action::FaltaEnvido) && falta_beats(view, me, pw, envide) {
        Some(Action::FaltaEnvido)
    } else if pw >= ENVIDO_CALL && has(Action::Envido) {
        Some(Action::Envido)
    } else {
        None
    }
}

/// Answering a pending envit chain (envide, torne or falta).
fn answer_envit(view: &View, legal: &[Action], me: &Seat) -> Action {
    let has = |a: Action| legal.contains(&a);
    let e = view.public().envido();
    let pw = me.envido_chance(Some(ENVIT_CALLER_FLOOR));
    let torne = e.value + me.rules.real_envido_points;
    if pw >= ENVIDO_RAISE {
        if pw >= FALTA_CALL && has(Action::FaltaEnvido) && falta_beats(view, me, pw, torne) {
            return Action::FaltaEnvido;
        }
        if has(Action::RealEnvido) {
            return Action::RealEnvido;
        }
    }
    match accept_need(view, me, ENVIDO_MARGIN) {
        Some(need) if pw < need => Action::NoQuiero,
        _ => Action::Quiero,
    }
}
