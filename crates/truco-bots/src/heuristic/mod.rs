//! The heuristic bot: a sound casual player, from the acting seat's view only.
//!
//! # The rules it plays by (all thresholds are the constants of this module)
//!
//! | situation | decision |
//! |---|---|
//! | holds a flor (the engine makes the declaration mandatory) | `flor`; against a declared flor, `contraflor` with a flor worth [`CONTRAFLOR_AT`]+ |
//! | answering a contraflor | `quiero` with a flor worth [`ACCEPT_CONTRAFLOR_AT`]+, or when declining loses the match |
//! | envido window open, own turn (or envido-first against a truco) | with `P` = chance its team's best total wins (its own total, unknown partners and opponents, ties to the seat nearer the mano, [`tanto`]): `falta envido` if `P >=` [`FALTA_CALL`] and the game is near its end ([`near_end`]); `real envido` if `P >=` [`REAL_CALL`]; `envido` if `P >=` [`ENVIDO_CALL`] |
//! | answering an envido chain | `P` as above with the caller holding [`CALLER_FLOOR`]+; raise (envido, real, falta near the end) if `P >=` [`ENVIDO_RAISE`]; `quiero` if `P >=` break-even `(V - D) / 2V` + [`ENVIDO_MARGIN`] (`V` = chain value if accepted, `D` = value if declined), at least 0.5 if losing it ends the match; always accept when declining ends the match |
//! | own turn, truco may be raised | `E` = chance of winning the hand in the tricks ([`estimate`]: remaining cards' tiers against the unseen cards, tricks already won/lost/tied); call the next level if `E >=` [`TRUCO_CALL`]`[level]`; else with probability [`BLUFF`] when `E >=` [`BLUFF_FLOOR`] (truco only) |
//! | answering a truco call | raise back if `E >=` [`TRUCO_CALL`] of the next level + [`RAISE_BACK_MARGIN`]; `quiero` if `E >=` break-even `(new - old) / 2 new` + [`TRUCO_MARGIN`] (at least 0.5 if losing it ends the match); else `no quiero`; always accept when declining ends the match |
//! | card play | [`play::choose_card`]: lead the middle card in trick 1 and the best later; the lowest when the partner wins the trick; else the cheapest card that wins, else a tie when a parda helps, else the lowest |
//! | fold (mazo) | never by choice: under these rules a fold never costs less than declining the call (`no quiero`) or playing the hand out, so a hopeless hand facing a raise declines it |
//! | **paulista** ([`paulista`]) | |
//! | card strength | the hand's [`truco_game::PublicState::rank_table`] (manilhas of the vira by suit); the vira, and in a mão de onze the partner's shown cards, are seen cards |
//! | truco / seis / nove / doze | the truco rows above with the values 3, 6, 9, 12, calling at [`LADDER_CALL`] instead of [`TRUCO_CALL`] |
//! | mão de onze (team at 11 decides) | `E` = the team's hand chance from both hands ([`paulista::eleven_chance`]: the three best of its six cards, one per trick, against the unknown opponents; heads-up its own three); play (`quiero`) iff `E >=` [`equity::onze_threshold`] (break-even of playing for 3 against giving 1, with match-equity continuation values by the opponents' score), else run |
//! | hidden card (trick 2 on) | the card chosen above is played face down when it can neither win nor tie the trick (a stronger card is already in it): same result, nothing shown; never a lead |
//! | mão de ferro (blind) | the first face-down card (every position is the same unknown card) |
//! | **valencian** ([`valencian`]) | |
//! | envit (own turn, or envit-first against a truc, as the legal actions allow) | `P` as for the envido over the 22-card deck: `falta` if `P >=` [`FALTA_CALL`] and the falta (a whole cama while both teams are in the malas, else what the leader needs) is worth more in match equity ([`equity::Standing`]) than an envide; `envide` if `P >=` [`ENVIDO_CALL`] |
//! | answering an envit (caller taken to hold [`valencian::ENVIT_CALLER_FLOOR`]+) | raise (`falta` when worth more than the torne, else `torne`) if `P >=` [`ENVIDO_RAISE`]; `quiero` if `P >=` the match-equity break-even of the chain ([`equity::Standing::break_even`], camas and closing counted) + [`ENVIDO_MARGIN`] |
//! | truc / retruc / quatre val | the truco rows above with the values 2, 3, 4, calling at [`LADDER_CALL`]; a closed cama counts as the target in the score checks |
//! | out-of-turn window | `raise` if `E >=` [`LADDER_CALL`]`[level]` (no bluff), else `pass` |
//! | joc fora (the match) | call if `E >=` the match equity of playing the quatre val out + [`valencian::JOC_FORA_MARGIN`]; accept if `E >=` the match equity after conceding 4 + [`valencian::JOC_FORA_ANSWER_MARGIN`] (always when conceding loses the match) |
//!
//! Variants: [`Heuristic::act`] dispatches on [`Variant`] with one match arm per family
//! (Argentine here, [`paulista`], [`valencian`]), all reusing [`estimate`], [`tanto`],
//! [`play`] and the truco rules of this module.

pub mod equity;
pub mod estimate;
pub mod judge;
pub mod paulista;
pub mod play;
pub mod tanto;
pub mod valencian;

use rand::RngExt;
use truco_game::envido::{envido_value, flor_value};
use truco_game::{Action, Actor, CardSet, RuleSet, Variant, View};

use crate::bot::{Bot, BotRng};
pub use judge::{Judge, Percentile};

/// Flor value (20 + three cards) from which it answers a declared flor with a contraflor.
pub const CONTRAFLOR_AT: u8 = 32;
/// Flor value from which it accepts a contraflor.
pub const ACCEPT_CONTRAFLOR_AT: u8 = 30;
/// Envido win chance to call envido.
pub const ENVIDO_CALL: f64 = 0.60;
/// Envido win chance to call real envido.
pub const REAL_CALL: f64 = 0.75;
/// Envido win chance to call falta envido (near the end only).
pub const FALTA_CALL: f64 = 0.80;
/// Envido win chance to raise an envido chain it answers.
pub const ENVIDO_RAISE: f64 = 0.75;
/// Margin over break-even to accept an envido chain.
pub const ENVIDO_MARGIN: f64 = 0.05;
/// Total the caller of an envido chain is assumed to hold at least.
pub const CALLER_FLOOR: u8 = 23;
/// The falta is "near the end" when it is worth at most this much...
pub const FALTA_NEAR_VALUE: u8 = 6;
/// ...or when the opponents need at most this much to win.
pub const FALTA_NEAR_OPPONENT: u8 = 4;
/// Hand win chance to call the next truco level, by accepted level 0, 1, 2, 3 (Argentine:
/// truco, retruco, vale cuatro; paulista: truco, seis, nove, doze; valencian: truc, retruc,
/// quatre val, and joc fora, which [`valencian`] decides by match equity instead).
pub const TRUCO_CALL: [f64; 4] = [0.62, 0.72, 0.82, 0.88];
/// The paulista and valencian call thresholds, by accepted level (10 points above
/// [`TRUCO_CALL`]: in self-play, 6000 matches each, this beat the Argentine table with
/// 52.2% [51.4, 53.1] of the paulista matches and, with the joc fora margins at 0,
/// 52.3% [51.4, 53.3] of the valencian ones; 5 points lower lost 48.8% / 46.4%).
pub const LADDER_CALL: [f64; 4] = [0.72, 0.82, 0.92, 0.98];
/// Extra chance needed to answer a call with the next raise.
pub const RAISE_BACK_MARGIN: f64 = 0.05;
/// Margin over break-even to accept a truco call (the caller's call says he is strong).
pub const TRUCO_MARGIN: f64 = 0.15;
/// Probability of a bluff truco call.
pub const BLUFF: f64 = 0.05;
/// Least hand win chance for a bluff.
pub const BLUFF_FLOOR: f64 = 0.30;

/// The heuristic bot (stateless: every decision reads the view alone).
#[derive(Clone, Copy, Debug, Default)]
pub struct Heuristic;

impl Bot for Heuristic {
    fn name(&self) -> &str {
        "heuristic"
    }

    fn act(&mut self, view: &View, legal: &[Action], rng: &mut BotRng) -> Action {
        decide(view, legal, rng, &mut Percentile)
    }
}

/// The heuristic's rules with the card judgements of `judge`.
pub fn decide(view: &View, legal: &[Action], rng: &mut BotRng, judge: &mut dyn Judge) -> Action {
    let choice = match view.public().rules().variant {
        Variant::Arg1v1 | Variant::Arg2v2 | Variant::ArgClassic => {
            argentine(view, legal, rng, judge)
        }
        Variant::Paulista => paulista::decide(view, legal, rng, judge),
        Variant::Valencian => valencian::decide(view, legal, rng, judge),
    };
    match choice {
        Some(a) if legal.contains(&a) => a,
        // The valencian out-of-turn window: not raising means passing.
        _ if legal.contains(&Action::Pass) => Action::Pass,
        _ => fallback(legal),
    }
}

/// The first legal action that is not a fold (a fold if nothing else is legal).
fn fallback(legal: &[Action]) -> Action {
    legal
        .iter()
        .copied()
        .find(|&a| a != Action::Mazo)
        .unwrap_or(Action::Mazo)
}

/// What the acting seat's team and the score look like.
#[derive(Clone, Copy, Debug)]
struct Seat {
    rules: RuleSet,
    team: u8,
    /// Own score, opponents' score.
    score: (u8, u8),
    /// Partners and opponents still in the hand.
    mates: u32,
    opps: u32,
    /// Own envido total.
    total: u8,
    /// The share of envido ties it wins (ties go to the seat nearer the mano).
    ties: f64,
}

impl Seat {
    fn of(view: &View) -> Seat {
        let p = view.public();
        let rules = *p.rules();
        let team = view.seat() % 2;
        let sc = p.score();
        let (mut mates, mut opps) = (0, 0);
        for s in 0..rules.players {
            if s != view.seat() && !p.is_folded(s) {
                if s % 2 == team {
                    mates += 1;
                } else {
                    opps += 1;
                }
            }
        }
        Seat {
            rules,
            team,
            score: (sc[team as usize], sc[1 - team as usize]),
            mates,
            opps,
            total: envido_value(CardSet::from_cards(&view.dealt())),
            ties: tanto::tie_share(rules.players, p.mano(), view.seat(), |s| p.is_folded(s)),
        }
    }

    /// Whether the opponents reach the target with `points` more.
    fn opp_wins_with(&self, points: u8) -> bool {
        self.score.1 as u32 + points as u32 >= self.rules.target as u32
    }

    /// Whether the seat's team reaches the target with `points` more.
    fn wins_with(&self, points: u8) -> bool {
        self.score.0 as u32 + points as u32 >= self.rules.target as u32
    }

    /// The envido win chance, against a caller holding `floor`+ (`None`: no call yet).
    fn envido_chance(&self, floor: Option<u8>) -> f64 {
        let (deck, total) = (self.rules.deck, self.total);
        tanto::envido_win_chance(deck, total, self.mates, self.opps, self.ties, floor)
    }
}

/// Whether the falta envido is worth calling by the score: it is worth little more than a
/// real envido, or the opponents are about to win anyway.
pub fn near_end(rules: &RuleSet, score: [u8; 2], team: u8) -> bool {
    let opp_needs = rules.target.saturating_sub(score[1 - team as usize]);
    rules.falta_value(score, team) <= FALTA_NEAR_VALUE || opp_needs <= FALTA_NEAR_OPPONENT
}

/// Whether accepting the pending envido chain (valencian: envit chain) is below its break-even
/// at the score for the acting seat, judged by its own total against unknown hands ([`tanto`],
/// no floor on the caller's total): the heuristic's acceptance rule without its margin and
/// without its assumption that a caller holds [`CALLER_FLOOR`]+. A caller's total is no weaker
/// than a random one, so a refusal by this rule loses against no caller; judged against
/// callers of 23+, the refusals folded totals that any-total calls beat (the player's LBR gain
/// in arg-1v1 +0.21 points per hand with the floor, +0.03 without: `crates/truco-exploit/README.md`).
/// Argentine: `(V - D) / 2V` in points (`V` the chain's value accepted, the falta's at the
/// score, `D` declined), at least one half when losing it ends the match, never when declining
/// it does; valencian: the match-equity break-even ([`equity::Standing::break_even`]). `false`
/// when no chain is pending for the seat to answer, and in paulista (no envido).
pub fn envido_below_break_even(view: &View) -> bool {
    let p = view.public();
    if !(p.envido().pending && matches!(p.actor(), Actor::Team { .. })) {
        return false;
    }
    let me = Seat::of(view);
    let need = match me.rules.variant {
        Variant::Arg1v1 | Variant::Arg2v2 | Variant::ArgClassic => accept_need(view, &me, 0.0),
        Variant::Valencian => valencian::accept_need(view, &me, 0.0),
        Variant::Paulista => return false,
    };
    need.is_some_and(|need| me.envido_chance(None) < need)
}

/// Whether calling the falta envido now (on one's turn, or raising a pending chain) stakes it
/// on a showdown the acting seat is more likely to lose than win once it is accepted, away
/// from the end ([`near_end`]: there the falta is worth little more than a real envido).
/// Declined, such a falta wins the chain's declined value, a few points; accepted, it is
/// played against a hand that accepts it and loses the falta's value (from the malas, the
/// match) more often than not. So the seat's own total is judged as an answer to a chain is
/// ([`envido_below_break_even`]): against unknown partners' hands and opponents one of whom
/// holds [`CALLER_FLOOR`]+, the least total a sound player calls with (and so, at least,
/// accepts a falta with). Argentine variants only (valencian's falta envit closes a cama;
/// paulista has no envido).
pub fn falta_call_below_even(view: &View) -> bool {
    let me = Seat::of(view);
    matches!(
        me.rules.variant,
        Variant::Arg1v1 | Variant::Arg2v2 | Variant::ArgClassic
    ) && !near_end(&me.rules, view.public().score(), me.team)
        && me.envido_chance(Some(CALLER_FLOOR)) < 0.5
}

/// Whether an envido-family call now (envido, real envido or falta envido, on one's turn or
/// raising a chain; valencian envide, torne or falta) is a bluff: the acting seat's own total
/// is more likely to lose the showdown than win it against unknown hands ([`tanto`], no floor:
/// the call is judged before anyone answers). `false` in paulista (no envido).
pub fn envido_call_is_bluff(view: &View) -> bool {
    let me = Seat::of(view);
    me.rules.variant != Variant::Paulista && me.envido_chance(None) < 0.5
}

/// Whether a truco-ladder raise now (on one's turn, or over a pending call) stakes the match:
/// the valencian joc fora (the hand's winner takes the match), or a raise whose value, accepted,
/// brings whichever team wins the hand to the target (valencian: closes the cama) while the
/// value the opponents would concede by declining does not.
pub fn raise_stakes_the_match(view: &View) -> bool {
    let p = view.public();
    let (rules, t) = (p.rules(), p.truco());
    let next = t.level + 1 + u8::from(t.pending);
    if next > rules.truco_top {
        return false;
    }
    if rules.joc_fora && next == rules.truco_top {
        return true;
    }
    let me = Seat::of(view);
    let (declined, accepted) = (
        rules.truco_values[next as usize - 1],
        rules.truco_values[next as usize],
    );
    me.opp_wins_with(accepted) && me.wins_with(accepted) && !me.wins_with(declined)
}

/// Whether raising now stakes the match ([`raise_stakes_the_match`]) on a hand the seat's team
/// is more likely to lose than win, by the hand win chance `win_chance` gives (asked only where
/// the raise stakes the match). Declined, the raise wins a few points; accepted, it loses the
/// match more often than not, and more often still against an opponent who accepts with strong
/// hands: like the falta of [`falta_call_below_even`], such a bluff pays only against opponents
/// who rarely accept it.
pub fn match_raise_below_even(view: &View, win_chance: impl FnOnce() -> f64) -> bool {
    raise_stakes_the_match(view) && win_chance() < 0.5
}

/// Whether accepting the pending truco-ladder call (truco, retruco, vale cuatro; paulista's
/// truco to doze; valencian's truc to quatre val) is below its point break-even at the score,
/// by the hand win chance `judge` gives: `(new - old) / 2 new` (`old` the value declining gives,
/// `new` the value accepted), at least one half when losing at `new` ends the match, never when
/// declining ends it. `false` when no call is pending for the seat to answer (or an envido
/// chain is, answered first), and for valencian joc fora (the match: refusing it below its
/// match-equity break-even measured worse, 55.7% against 56.9% of matches won against the
/// heuristic).
pub fn truco_below_break_even(view: &View, judge: &mut dyn Judge) -> bool {
    let p = view.public();
    let t = p.truco();
    if !(t.pending && !p.envido().pending && matches!(p.actor(), Actor::Team { .. })) {
        return false;
    }
    let me = Seat::of(view);
    if me.rules.joc_fora && t.level + 1 >= me.rules.truco_top {
        return false;
    }
    truco_accept_need(view, &me, 0.0).is_some_and(|need| judge.win_chance(view) < need)
}

/// Whether playing the pending paulista mão de onze (worth 3, against conceding 1) is below its
/// match-equity break-even ([`equity::onze_threshold`]) by the team's hand win chance, both
/// hands known to the deciding seat ([`paulista::eleven_chance`]). `false` when no mão de onze
/// is pending.
pub fn eleven_below_break_even(view: &View) -> bool {
    view.public().eleven_pending() && !paulista::plays_eleven(view, &mut Percentile)
}

/// The envido win chance from which `me` accepts the pending Argentine envido chain, `margin`
/// over its point break-even; `None` when declining ends the match (always accept).
fn accept_need(view: &View, me: &Seat, margin: f64) -> Option<f64> {
    let p = view.public();
    let e = p.envido();
    let declined = e.declined_value();
    if me.opp_wins_with(declined) {
        return None;
    }
    let value = if e.falta {
        me.rules.falta_value(p.score(), 1 - me.team)
    } else {
        e.value
    }
    .max(1);
    let mut need = (value - declined.min(value)) as f64 / (2.0 * value as f64) + margin;
    if me.opp_wins_with(value) {
        need = need.max(0.5);
    }
    Some(need)
}

/// The hand win chance from which `me` accepts the pending truco-ladder call, `margin` over
/// its point break-even `(new - old) / 2 new`, at least one half when losing at `new` ends the
/// match; `None` when declining ends it (always accept).
fn truco_accept_need(view: &View, me: &Seat, margin: f64) -> Option<f64> {
    let level = view.public().truco().level as usize;
    let values = me.rules.truco_values;
    let (old, new) = (values[level.min(4)], values[(level + 1).min(4)]);
    if me.opp_wins_with(old) {
        return None;
    }
    let mut need = (new - old.min(new)) as f64 / (2.0 * new.max(1) as f64) + margin;
    if me.opp_wins_with(new) {
        need = need.max(0.5);
    }
    Some(need)
}

/// The Argentine decision (arg-1v1, arg-2v2, arg-classic and its options).
fn argentine(
    view: &View,
    legal: &[Action],
    rng: &mut BotRng,
    judge: &mut dyn Judge,
) -> Option<Action> {
    let p = view.public();
    let has = |a: Action| legal.contains(&a);
    let me = Seat::of(view);
    let flor = flor_value(CardSet::from_cards(&view.dealt()));
    if has(Action::Flor) {
        let strong = flor.is_some_and(|v| v >= CONTRAFLOR_AT);
        return Some(if strong && has(Action::Contraflor) {
            Action::Contraflor
        } else {
            Action::Flor
        });
    }
    let answering = matches!(p.actor(), Actor::Team { .. });
    if answering && p.flor().pending {
        let keep = flor.is_some_and(|v| v >= ACCEPT_CONTRAFLOR_AT)
            || me.opp_wins_with(me.rules.flor_points);
        return Some(if keep {
            Action::Quiero
        } else {
            Action::NoQuiero
        });
    }
    if answering && p.envido().pending {
        return Some(answer_envido(view, legal, &me));
    }
    if let Some(call) = call_envido(view, legal, &me) {
        return Some(call);
    }
    let e = judge.win_chance(view);
    if answering && p.truco().pending {
        return Some(answer_truco(view, legal, &me, e));
    }
    if has(Action::Raise) && wants_raise(&TRUCO_CALL, p.truco().level, e, rng) {
        return Some(Action::Raise);
    }
    judge.card(view).map(Action::Play)
}

/// Whether to call the next truco level on one's own turn at accepted `level`, with `e` the
/// hand win chance: the call table (`calls`[level]), or a [`BLUFF`] for the first call.
fn wants_raise(calls: &[f64; 4], level: u8, e: f64, rng: &mut BotRng) -> bool {
    let level = level as usize;
    let want = e >= calls[level.min(3)];
    let bluff = level == 0 && e >= BLUFF_FLOOR && rng.random_bool(BLUFF);
    want || bluff
}

/// Starting an envido chain (own turn, or envido-first against a pending truco).
fn call_envido(view: &View, legal: &[Action], me: &Seat) -> Option<Action> {
    let has = |a: Action| legal.contains(&a);
    if view.public().envido().called() || !(has(Action::Envido) || has(Action::RealEnvido)) {
        return None;
    }
    let pw = me.envido_chance(None);
    let score = view.public().score();
    if pw >= FALTA_CALL && has(Action::FaltaEnvido) && near_end(&me.rules, score, me.team) {
        Some(Action::FaltaEnvido)
    } else if pw >= REAL_CALL && has(Action::RealEnvido) {
        Some(Action::RealEnvido)
    } else if pw >= ENVIDO_CALL && has(Action::Envido) {
        Some(Action::Envido)
    } else {
        None
    }
}

/// Answering a pending envido chain.
fn answer_envido(view: &View, legal: &[Action], me: &Seat) -> Action {
    let has = |a: Action| legal.contains(&a);
    let p = view.public();
    let pw = me.envido_chance(Some(CALLER_FLOOR));
    let score = p.score();
    if pw >= ENVIDO_RAISE {
        if pw >= FALTA_CALL && has(Action::FaltaEnvido) && near_end(&me.rules, score, me.team) {
            return Action::FaltaEnvido;
        }
        for a in [Action::Envido, Action::RealEnvido] {
            if has(a) {
                return a;
            }
        }
    }
    match accept_need(view, me, ENVIDO_MARGIN) {
        Some(need) if pw < need => Action::NoQuiero,
        _ => Action::Quiero,
    }
}

/// Answering a pending truco call, with `e` the hand win chance.
fn answer_truco(view: &View, legal: &[Action], me: &Seat, e: f64) -> Action {
    let level = view.public().truco().level as usize;
    if legal.contains(&Action::Raise) && e >= TRUCO_CALL[(level + 1).min(3)] + RAISE_BACK_MARGIN {
        return Action::Raise;
    }
    match truco_accept_need(view, me, TRUCO_MARGIN) {
        Some(need) if e < need => Action::NoQuiero,
        _ => Action::Quiero,
    }
}

#[cfg(test)]
mod tests;
#[cfg(test)]
mod tests_variants;
