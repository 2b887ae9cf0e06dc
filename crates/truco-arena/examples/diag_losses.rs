//! Where a bot loses its matches: plays bot A against bot B (duplicate pairs, as `truco eval`
//! deals them) and prints every hand of each match A lost: the score before it (A first), the
//! vira (paulista), each action (`A`/`b` and the match seat, `A*` where A's table bot played
//! as the search bot against opponents it took for erratic; the seat's cards with every call
//! or answer) and the points it gave.
//!
//!   cargo run --release -p truco-arena --example diag_losses -- VARIANT A B MATCHES SEED [OPTION...]
//!   e.g. ... -- arg-2v2 models/arg-2v2.tbl random 400 11
//!
//! The bots' generators are seeded from the deal seed, not as the arena seeds them: the matches
//! are the arena's deals, not its exact games.
use rand::SeedableRng;
use truco_arena::arena::deal_seed;
use truco_arena::BotSpec;
use truco_bots::{BotRng, HandEvents};
use truco_game::{Action, ActionList, Match, RuleSet, View};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    if args.len() < 6 {
        eprintln!("usage: diag_losses VARIANT A B MATCHES SEED [OPTION...]");
        std::process::exit(2);
    }
    let fail = |e: String| -> ! {
        eprintln!("error: {e}");
        std::process::exit(2)
    };
    let variant = &args[1];
    let a: BotSpec = args[2].parse().unwrap_or_else(|e| fail(format!("{e}")));
    let b: BotSpec = args[3].parse().unwrap_or_else(|e| fail(format!("{e}")));
    let matches: u64 = args[4]
        .parse()
        .unwrap_or_else(|e| fail(format!("MATCHES: {e}")));
    let seed: u64 = args[5]
        .parse()
        .unwrap_or_else(|e| fail(format!("SEED: {e}")));
    let opts: Vec<&str> = args[6..].iter().map(String::as_str).collect();
    let rules = RuleSet::new(variant, &opts).unwrap_or_else(|e| fail(format!("{e}")));
    let ma = a.maker_for(&rules).unwrap_or_else(|e| fail(format!("{e}")));
    let mb = b.maker_for(&rules).unwrap_or_else(|e| fail(format!("{e}")));
    let mut lost = 0;
    for pair in 0..matches.div_ceil(2) {
        let ds = deal_seed(seed, pair);
        for leg in 0..2u8 {
            let (mut ba, mut bb) = (ma(), mb());
            let mut ra = BotRng::seed_from_u64(ds ^ 77 ^ leg as u64);
            let mut rb = BotRng::seed_from_u64(ds ^ 99 ^ leg as u64);
            let mut m = Match::new(rules, ds);
            let mut lines: Vec<String> = Vec::new();
            let mut events = HandEvents::new();
            while m.winner().is_none() {
                let before = m.score();
                let nrec = m.records().len();
                let mut acts: Vec<String> = Vec::new();
                let mut choose = |seat: u8, view: &View, legal: &ActionList| -> Action {
                    events.observe(view);
                    let by_a = seat % 2 == leg;
                    let erratic =
                        |b: &dyn truco_bots::Bot| b.fallbacks().map_or(0, |f| f.erratic_decisions);
                    let before = erratic(&*ba);
                    let act = if by_a {
                        ba.at_match_seat(seat);
                        ba.act_in_hand(view, events.as_slice(), legal.as_slice(), &mut ra)
                    } else {
                        bb.at_match_seat(seat);
                        bb.act_in_hand(view, events.as_slice(), legal.as_slice(), &mut rb)
                    };
                    ba.seen(view.public(), act, !by_a);
                    bb.seen(view.public(), act, by_a);
                    events.record(view, act);
                    if acts.is_empty() {
                        if let Some(v) = view.public().vira() {
                            acts.push(format!("vira {v}"));
                        }
                    }
                    let d = view.dealt();
                    let tag = match (by_a, erratic(&*ba) > before) {
                        (true, true) => "A*",
                        (true, false) => "A",
                        (false, _) => "b",
                    };
                    if matches!(act, Action::Play(_)) {
                        acts.push(format!("{tag}{seat}:{act}"));
                    } else {
                        acts.push(format!("{tag}{seat}[{} {} {}]:{act}", d[0], d[1], d[2]));
                    }
                    act
                };
                m.play_round(&mut choose)
                    .unwrap_or_else(|e| fail(format!("{e}")));
                let aw: Vec<String> = m.records()[nrec..]
                    .iter()
                    .map(|r| {
                        let who = if r.award.team == leg { "A" } else { "b" };
                        format!("{who}+{} {:?}", r.award.points, r.award.source)
                    })
                    .collect();
                let (sa, sb) = (before[leg as usize], before[1 - leg as usize]);
                lines.push(format!(
                    "  {sa:2}-{sb:2} | {} | {}",
                    acts.join(" "),
                    aw.join(", ")
                ));
            }
            if m.winner() != Some(leg) {
                lost += 1;
                println!("LOST pair {pair} leg {leg}");
                for l in &lines {
                    println!("{l}");
                }
            }
        }
    }
    println!("lost {lost} of {} matches", 2 * matches.div_ceil(2));
}
