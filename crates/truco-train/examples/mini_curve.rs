//! Exploitability against training time on `arg-1v1-mini`, in the unabstracted game:
//! full-traversal CFR+ and DCFR (exact information sets) and ES-MCCFR with the exact key and
//! with each abstraction, at equal wall time. Writes a CSV (stdout or `--out`).
//!
//! `cargo run --release -p truco-train --example mini_curve -- --seconds 240 --points 6 --out mini.csv`

use std::io::Write;
use std::time::Instant;

use truco_cfr::{exploitability, Algorithm, FullSolver, McConfig, McSolver, Tree};
use truco_game::abstraction::Abstraction;
use truco_train::game::TrucoGame;
use truco_train::keying::{Abstract, Dual, DualKey, Exact};

mod curve;
use curve::{arg, schedule};

struct Row {
    config: String,
    iterations: u64,
    seconds: f64,
    exploitability: f64,
    info_sets: usize,
}

fn full(tree: &Tree<DualKey>, algo: Algorithm, total: f64, points: usize, rows: &mut Vec<Row>) {
    let mut s = FullSolver::new(tree, algo).expect("full-traversal algorithm");
    let mut trained = 0.0;
    for stop in schedule(total, points) {
        while trained < stop {
            let t = Instant::now();
            s.run(tree, 1);
            trained += t.elapsed().as_secs_f64();
        }
        let e = exploitability(tree, &s.average_policy(tree));
        eprintln!(
            "{algo} exact: {} it, {trained:.1} s, {e:.5}",
            s.iterations()
        );
        rows.push(Row {
            config: format!("{algo} exact"),
            iterations: s.iterations(),
            seconds: trained,
            exploitability: e,
            info_sets: tree.num_info_sets(),
        });
    }
}

fn sampled<K: truco_train::keying::Keyer>(
    game: &TrucoGame<K>,
    name: &str,
    pick: impl Fn(&DualKey) -> K::Key,
    tree: &Tree<DualKey>,
    total: f64,
    points: usize,
    rows: &mut Vec<Row>,
) where
    K::Key: serde::Serialize,
{
    let config = McConfig {
        seed: 7,
        max_info_sets: 16 << 20,
        max_actions: 48 << 20,
        ..McConfig::default()
    };
    let mut s = McSolver::new(config).expect("solver");
    let mut trained = 0.0;
    let mut chunk = 100;
    for stop in schedule(total, points) {
        while trained < stop {
            let t = Instant::now();
            s.train(game, chunk).expect("training");
            let dt = t.elapsed().as_secs_f64();
            trained += dt;
            if dt < 0.2 {
                chunk *= 2;
            }
        }
        let policy = tree.policy_from_fn(|k, out| {
            if !matches!(s.average_strategy(&pick(k), out), Ok(Some(_))) {
                out.fill(1.0 / out.len() as f64);
            }
        });
        let e = exploitability(tree, &policy);
        eprintln!(
            "es-mccfr {name}: {} it, {trained:.1} s, {e:.5}",
            s.iterations()
        );
        rows.push(Row {
            config: format!("es-mccfr {name}"),
            iterations: s.iterations(),
            seconds: trained,
            exploitability: e,
            info_sets: s.table().len(),
        });
    }
}

fn main() {
    let total: f64 = arg("--seconds", "240").parse().expect("--seconds N");
    let points: usize = arg("--points", "6").parse().expect("--points N");
    let only = arg("--only", "all");
    let out = arg("--out", "-");
    let t = Instant::now();
    let game = TrucoGame::mini(Dual);
    let tree = Tree::build(&game, 200_000_000).expect("mini tree");
    eprintln!(
        "tree: {} nodes, {} exact info sets, built in {:.1} s",
        tree.num_nodes(),
        tree.num_info_sets(),
        t.elapsed().as_secs_f64()
    );
    let mut rows = Vec::new();
    let want = |c: &str| only == "all" || only.split(',').any(|o| o == c);
    if want("cfr+") {
        full(&tree, Algorithm::CfrPlus, total, points, &mut rows);
    }
    if want("dcfr") {
        full(&tree, Algorithm::Dcfr, total, points, &mut rows);
    }
    if want("es-exact") {
        sampled(
            &TrucoGame::mini(Exact),
            "exact",
            |k| k.0,
            &tree,
            total,
            points,
            &mut rows,
        );
    }
    for (i, a) in Abstraction::ARG_1V1.into_iter().enumerate() {
        if want(a.id()) {
            let g = TrucoGame::mini(Abstract(a));
            sampled(&g, a.id(), |k| k.1[i], &tree, total, points, &mut rows);
        }
    }
    let mut text = String::from("config,iterations,seconds,exploitability,info_sets\n");
    for r in &rows {
        text.push_str(&format!(
            "{},{},{:.2},{:.6},{}\n",
            r.config, r.iterations, r.seconds, r.exploitability, r.info_sets
        ));
    }
    if out == "-" {
        print!("{text}");
    } else {
        let mut f = std::fs::File::create(&out).expect("output file");
        f.write_all(text.as_bytes()).expect("write");
    }
}
