//! Quality measured during training: points per hand of the average strategy against the
//! `truco-bots` bots, over a fixed set of duplicate deals (each deal played twice, teams
//! swapped, so the cards' luck cancels). In a team game the strategy holds both seats of its
//! team and the bot both seats of the other.

use std::sync::atomic::{AtomicBool, Ordering};

use rand::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;
use serde::Serialize;
use truco_bots::{Bot, BotRng};
use truco_cfr::{Game, McSolver, NodeKind};
use truco_game::abstraction::{order_actions, Abstraction};
use truco_game::{Action, ActionList, Card, Hand};

use crate::game::{GState, TrucoGame};
use crate::keying::Keyer;

/// The result of one duplicate evaluation.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct EvalResult {
    /// The opponent bot.
    pub opponent: String,
    /// Deals (each played twice).
    pub deals: u64,
    /// Mean points per hand for the strategy (score-capped, as the training utility).
    pub points_per_hand: f64,
    /// Half-width of the 95% interval of the mean (paired over deals).
    pub ci95: f64,
    /// Share of the strategy's decisions whose information set the table holds.
    pub coverage: f64,
}

/// Draws the `i`-th deal of the evaluation set: score, mano and hands, from `game`'s chance.
fn deal<K: Keyer>(game: &TrucoGame<K>, seed: u64, i: u64) -> GState {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed ^ i.wrapping_mul(0x9E37_79B9_7F4A_7C15));
    let mut s = game.root();
    while game.node_kind(&s) == NodeKind::Chance {
        let o = game.sample_chance(&s, &mut rng);
        game.apply_chance(&mut s, o);
    }
    s
}

/// Plays one hand: the strategy holds the seats of team `ours`, the bot the others. Returns the
/// strategy's capped points and counts its decisions (found, total).
fn play_hand(
    dealt: &GState,
    ours: u8,
    policy: &dyn Fn(u64, &mut [f64]) -> bool,
    abstraction: Abstraction,
    bot: &mut dyn Bot,
    rng: &mut BotRng,
    seen: &mut (u64, u64),
) -> f64 {
    let Some(st) = dealt.state() else { return 0.0 };
    let rules = *st.public().rules();
    let start_score = dealt.start_score();
    let Some(start) = dealt.start(rules) else {
        return 0.0;
    };
    let Some(c0) = Card::from_index(0) else {
        return 0.0;
    };
    let mut hands = [[c0; 3]; truco_game::action::MAX_SEATS];
    let n = rules.players as usize;
    for (seat, h) in hands[..n].iter_mut().enumerate() {
        match st.dealt(seat as u8) {
            Ok(d) => *h = d,
            Err(_) => return 0.0,
        }
    }
    let dealt_hand = match dealt.vira() {
        Some(v) => Hand::deal_with_vira(start, &hands[..n], v),
        None => Hand::deal(start, &hands[..n]),
    };
    let Ok(mut hand) = dealt_hand else {
        return 0.0;
    };
    let mut legal = ActionList::new();
    let mut probs = [0.0f64; 16];
    while let Some(seat) = hand.actor().seat() {
        hand.legal_actions(&mut legal);
        let Ok(view) = hand.view(seat) else { break };
        let mut acts = [Action::Mazo; 16];
        let n = legal.len().min(16);
        acts[..n].copy_from_slice(&legal.as_slice()[..n]);
        let action = if n == 1 {
            // A forced move (a flor's declaration): no row, and no decision to count.
            acts[0]
        } else if rules.team(seat) == ours {
            order_actions(&view, &mut acts[..n]);
            seen.1 += 1;
            let found = abstraction
                .key(&view, hand.public_events())
                .is_ok_and(|k| policy(k, &mut probs[..n]));
            if found {
                seen.0 += 1;
            } else {
                // The served fallback: uniform over the actions but mazo.
                for (p, &a) in probs[..n].iter_mut().zip(&acts[..n]) {
                    *p = truco_query::fallback_probability(&acts[..n], a);
                }
            }
            let u = (rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64;
            let mut acc = 0.0;
            let mut pick = n - 1;
            for (a, &p) in probs[..n].iter().enumerate() {
                acc += p;
                if u < acc {
                    pick = a;
                    break;
                }
            }
            acts[pick]
        } else {
            bot.act(&view, &acts[..n], rng)
        };
        if hand.apply(action).is_err() {
            break;
        }
    }
    let u = crate::game::capped_points(hand.state().public(), start_score, dealt.start_camas());
    u[ours as usize] - u[1 - ours as usize]
}

/// Evaluates `solver`'s average strategy against `bot` over `deals` duplicate deals of `game`,
/// or over those played before `stop` is set (Ctrl-C; the result counts the deals played).
pub fn duplicate_eval<K: Keyer>(
    game: &TrucoGame<K>,
    solver: &McSolver<u64>,
    abstraction: Abstraction,
    bot: &mut dyn Bot,
    deals: u64,
    seed: u64,
    stop: &AtomicBool,
) -> EvalResult {
    let policy = |k: u64, out: &mut [f64]| -> bool {
        match solver.average_strategy(&k, out) {
            Ok(Some(n)) => n == out.len(),
            _ => false,
        }
    };
    let mut rng = BotRng::seed_from_u64(seed);
    let mut seen = (0u64, 0u64);
    let (mut sum, mut sq) = (0.0, 0.0);
    let mut played = 0;
    for i in 0..deals {
        // Ctrl-C: the deals played so far are the measurement.
        if i % 64 == 0 && stop.load(Ordering::Relaxed) {
            break;
        }
        played += 1;
        let d = deal(game, seed, i);
        let mut pair = 0.0;
        for ours in 0..2 {
            pair += play_hand(&d, ours, &policy, abstraction, bot, &mut rng, &mut seen);
        }
        let v = pair / 2.0;
        sum += v;
        sq += v * v;
    }
    let deals = played;
    let n = deals.max(1) as f64;
    let mean = sum / n;
    let var = (sq / n - mean * mean).max(0.0) * n / (n - 1.0).max(1.0);
    EvalResult {
        opponent: bot.name().to_string(),
        deals,
        points_per_hand: mean,
        ci95: 1.96 * (var / n).sqrt(),
        coverage: seen.0 as f64 / seen.1.max(1) as f64,
    }
}
