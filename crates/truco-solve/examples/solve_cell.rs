//! Solves one heads-up paulista cell from the crate alone (what `truco solve` does), for
//! `scripts/solve_bench.sh`: `solve_cell SCORE DEALER CLASSES EPS [MV_FILE]`, e.g.
//! `solve_cell 11-11 0 all 1e-3 mv.json` or `solve_cell 11-10 1 6 1e-3 mv.json`.

use std::path::PathBuf;

use truco_game::RuleSet;
use truco_solve::driver::{peak_rss, record, solve_cell, DealSet, SolveConfig};
use truco_solve::paulista::parse_vira_class;
use truco_solve::{Cell, MatchValues};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.len() < 4 {
        return Err("usage: solve_cell SCORE DEALER CLASSES|all EPS [MV_FILE]".into());
    }
    let (a, b) = args[0].split_once('-').ok_or("score A-B")?;
    let cell = Cell::new(a.parse()?, b.parse()?, args[1].parse()?);
    let classes: Vec<u8> = if args[2] == "all" {
        (0..9).collect()
    } else {
        args[2]
            .split(',')
            .map(|c| parse_vira_class(c).ok_or("vira class"))
            .collect::<Result<_, _>>()?
    };
    let rules = RuleSet::new("paulista", &["players=2", "ferro=open"])?;
    let game = "paulista players=2 ferro=open";
    let mv_path = args.get(4).map(PathBuf::from);
    let mut mv = match &mv_path {
        Some(p) => MatchValues::load_or_new(p, game, 12, 2)?,
        None => MatchValues::new(game, 12, 2),
    };
    let cfg = SolveConfig {
        eps: args[3].parse()?,
        ..SolveConfig::default()
    };
    let r = solve_cell(
        &rules,
        cell,
        &DealSet::ViraClasses(classes),
        &cfg,
        &mv,
        None,
        &mut |vc, it, e| eprintln!("  class {vc}: iteration {it}, exploitability {e:.3e}"),
    )?;
    for c in &r.classes {
        println!(
            "| {cell} | {} | {} | {} | {} | {} | {:.2e} | {:+.5} | {:.0} | {:.1} | {:.1} |",
            c.vira_class,
            c.deals,
            c.nodes,
            c.info_sets,
            c.iterations,
            c.exploitability,
            c.value0,
            c.bytes as f64 / 1e6,
            c.build_secs,
            c.solve_secs
        );
    }
    println!(
        "cell {cell}: dealer value {:+.5}, exploitability {:.2e}, mv {:.5}, peak RSS {:.0} MB",
        r.dealer_value(),
        r.exploitability(),
        r.match_value(),
        peak_rss().unwrap_or(0) as f64 / 1e6
    );
    if record(&r, &mut mv)? {
        if let Some(p) = &mv_path {
            mv.save(p)?;
            println!("recorded in {}", p.display());
        }
    }
    Ok(())
}
