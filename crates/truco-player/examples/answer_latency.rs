//! Latency of one answer on one core: the table's raw lookup against the player's decision
//! (without search), over spots met in heuristic matches of the table's rules.
//!
//!   cargo run --release -p truco-player --example answer_latency -- [TABLE] [SPOTS]
//!
//! Prints the median and 99th percentile wall time per answer, for the raw lookup
//! (`Policy::recommend`, what `truco serve --raw` answers) and for `Player::decide` (what
//! `truco serve` answers: the lookup, the player's rules and, for a card, the search bot's exact
//! play over sampled deals).

use std::sync::Arc;
use std::time::Instant;

use rand::SeedableRng;
use truco_bots::{Bot, BotRng, HandEvents, Heuristic};
use truco_game::{ActionList, Event, Match, View};
use truco_player::Player;
use truco_query::Policy;

/// Decisions of heuristic matches of `policy`'s rules, with the hand's events.
fn spots(policy: &Policy, n: usize) -> Vec<(View, Vec<Event>, ActionList)> {
    let mut out = Vec::new();
    let mut rng = BotRng::seed_from_u64(1);
    let mut seed = 0;
    while out.len() < n {
        seed += 1;
        let mut m = Match::new(*policy.rules(), seed);
        let mut events = HandEvents::new();
        while m.winner().is_none() && out.len() < n {
            m.play_round(&mut |_seat: u8, view: &View, legal: &ActionList| {
                events.observe(view);
                if legal.len() > 1 && out.len() < n {
                    out.push((*view, events.as_slice().to_vec(), *legal));
                }
                let a = Heuristic.act(view, legal.as_slice(), &mut rng);
                events.record(view, a);
                a
            })
            .expect("a heuristic match plays");
        }
    }
    out
}

/// Median and 99th percentile of `times` (microseconds).
fn percentiles(mut times: Vec<f64>) -> (f64, f64) {
    times.sort_by(f64::total_cmp);
    let at = |q: f64| times[((times.len() - 1) as f64 * q).round() as usize];
    (at(0.5), at(0.99))
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let table = args.get(1).map_or("models/arg-1v1.tbl", String::as_str);
    let n: usize = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(2000);
    let policy = Arc::new(Policy::open(table).expect("a table"));
    let spots = spots(&policy, n);
    let mut raw = Vec::with_capacity(n);
    let mut played = Vec::with_capacity(n);
    let player = Player::new(Arc::clone(&policy));
    for (k, (view, events, legal)) in spots.iter().enumerate() {
        let t = Instant::now();
        let r = policy.recommend(view, events);
        raw.push(t.elapsed().as_secs_f64() * 1e6);
        std::hint::black_box(r.ok());
        let mut p = player.clone();
        let mut rng = BotRng::seed_from_u64(k as u64);
        let t = Instant::now();
        let d = p.decide(view, events, legal.as_slice(), &mut rng);
        played.push(t.elapsed().as_secs_f64() * 1e6);
        std::hint::black_box(d.action);
    }
    let (r50, r99) = percentiles(raw);
    let (p50, p99) = percentiles(played);
    println!("{table}: {n} decisions of heuristic matches, one core");
    println!("raw lookup         p50 {r50:>8.1} us   p99 {r99:>9.1} us");
    println!("player (no search) p50 {p50:>8.1} us   p99 {p99:>9.1} us");
}
