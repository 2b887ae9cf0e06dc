//! How far a trained heads-up paulista table is from the exact answer on one cell without truco
//! (the open 11-11 hand, a mão de onze): for each vira class, the exact value (solved here as
//! `truco solve` solves it), the value of the table playing both seats, and what a best
//! response gains against each of the table's seats, all exact over the solver's class game
//! (the table is read through `truco_solve::paulista::views`). Values are team 0's match
//! value on the ±1 scale; half of a gap is match-win probability.
//!
//! `table_gap TABLE SCORE DEALER CLASSES|all EPS [MV_FILE]`, e.g.
//! `table_gap models/paulista-hu.tbl 11-10 0 all 1e-3 mv.json` (a mão de onze reads the
//! value of 11-11 from the file `truco solve --mv` wrote). `scripts/paulista_hu_gap.sh` runs it.

use std::path::PathBuf;

use truco_cfr::{best_response_value, expected_value, Tree};
use truco_game::RuleSet;
use truco_query::Policy;
use truco_solve::driver::{cell_kind, hand_values, solve_hand, SolveConfig};
use truco_solve::paulista::classes::class_counts;
use truco_solve::paulista::views::{table_row, KeyHand, TableRows};
use truco_solve::paulista::{parse_vira_class, vira_class_prob, HuHand};
use truco_solve::{Cell, MatchValues};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.len() < 5 {
        return Err("usage: table_gap TABLE SCORE DEALER CLASSES|all EPS [MV_FILE]".into());
    }
    let policy = Policy::open(&args[0])?;
    let (a, b) = args[1].split_once('-').ok_or("score A-B")?;
    let cell = Cell::new(a.parse()?, b.parse()?, args[2].parse()?);
    let classes: Vec<u8> = if args[3] == "all" {
        (0..9).collect()
    } else {
        args[3]
            .split(',')
            .map(|c| parse_vira_class(c).ok_or("vira class"))
            .collect::<Result<_, _>>()?
    };
    let cfg = SolveConfig {
        eps: args[4].parse()?,
        ..SolveConfig::default()
    };
    // The solver's rules (ferro=open: at 11-10 the same hand as the blind-ferro rules).
    let solver_rules = RuleSet::new("paulista", &["players=2", "ferro=open"])?;
    let game = "paulista players=2 ferro=open";
    let mv = match args.get(5).map(PathBuf::from) {
        Some(p) => MatchValues::load_or_new(&p, game, 12, 2)?,
        None => MatchValues::new(game, 12, 2),
    };
    let kind = cell_kind(&solver_rules, cell)?;
    let values = hand_values(&solver_rules, cell, kind, &mv)?;
    let table_rules = *policy.rules();
    let hand = KeyHand {
        rules: &table_rules,
        score: cell.score,
        dealer: cell.dealer,
        kind,
    };
    println!(
        "| cell | vira class | exact value | table vs table | best response vs table seat 0 | vs table seat 1 | unseen sets | mazo dropped |"
    );
    println!("|---|---|---|---|---|---|---|---|");
    let (mut sum, mut weights) = ([0.0f64; 5], 0.0);
    for vc in classes {
        let w = vira_class_prob(vc);
        let hu = HuHand::new(kind, (cell.dealer + 1) % 2, vc, class_counts(vc), values);
        let exact = solve_hand(&hu, vc, w, &cfg, None, &mut |_, _| {})?;
        let tree = Tree::build(&hu, cfg.max_nodes)?;
        let mut rows = TableRows::default();
        let mut failure = None;
        let table = tree.policy_from_fn(|&key, out| {
            if let Err(e) = table_row(&policy, key, hand, out, &mut rows) {
                failure.get_or_insert(e);
            }
        });
        if let Some(e) = failure {
            return Err(e.into());
        }
        let v_table = expected_value(&tree, &table);
        // Seat 1 best-responds to the table's seat 0, and the other way round.
        let gain_vs_0 = best_response_value(&tree, &table, 1) + exact.value0;
        let gain_vs_1 = best_response_value(&tree, &table, 0) - exact.value0;
        println!(
            "| {cell} | {vc} | {:+.4} | {v_table:+.4} | {gain_vs_0:+.4} | {gain_vs_1:+.4} | {} of {} | {:.3} |",
            exact.value0,
            rows.unseen,
            rows.asked,
            rows.dropped / rows.asked.max(1) as f64
        );
        for (s, x) in sum.iter_mut().zip([
            exact.value0,
            v_table,
            gain_vs_0,
            gain_vs_1,
            exact.exploitability,
        ]) {
            *s += w * x;
        }
        weights += w;
    }
    println!(
        "| {cell} | weighted | {:+.4} | {:+.4} | {:+.4} | {:+.4} | (exact solve's exploitability {:.1e}) | |",
        sum[0] / weights,
        sum[1] / weights,
        sum[2] / weights,
        sum[3] / weights,
        sum[4] / weights
    );
    Ok(())
}
