//! Distributed training under `mpirun -np 2 --oversubscribe` (built only with `--features mpi`;
//! `.ci/run` installs OpenMPI, builds with the feature and runs these, or says SKIPPED):
//! Kuhn and Leduc on two ranks against one process at the same total iterations, `truco train
//! --distributed` end to end with resume on another number of ranks, and a rank killed mid-run.
//!
//! The Kuhn and Leduc ranks are this test binary itself, started by `mpirun` on the ignored
//! test `mpi_rank` with `TRUCO_MPI_RANK_OUT` set.
#![cfg(feature = "mpi")]

use std::path::Path;
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

use truco_cfr::games::{Kuhn, Leduc};
use truco_cfr::mpi_comm::MpiComm;
use truco_cfr::{
    expected_value, exploitability, train_distributed, Comm, Game, McConfig, McSolver, Tree,
};

mod common;

use common::{ok, tmp_dir};

/// `mpirun -np N --oversubscribe` with what a root container needs.
fn mpirun(ranks: usize) -> Command {
    let mut c = Command::new("mpirun");
    c.args(["-np", &ranks.to_string(), "--oversubscribe"])
        .env("OMPI_ALLOW_RUN_AS_ROOT", "1")
        .env("OMPI_ALLOW_RUN_AS_ROOT_CONFIRM", "1")
        // Containers often forbid the cross-process memory attach of the shared-memory path.
        .env("OMPI_MCA_btl_vader_single_copy_mechanism", "none");
    c
}

fn run(mut c: Command) -> Output {
    c.output()
        .expect("mpirun runs (install openmpi-bin: see the README)")
}

const TOTAL: [u64; 2] = [200_000, 300_000];

/// Exploitability and value of a solver trained to `total` iterations of `game`.
fn measure<G: Game>(game: &G, s: &McSolver<G::Key>) -> (f64, f64) {
    let tree = Tree::build(game, 1 << 20).unwrap();
    let p = s.tree_policy(&tree);
    (exploitability(&tree, &p), expected_value(&tree, &p))
}

fn solver<K: Copy + Eq + std::hash::Hash + std::fmt::Debug + Send + Sync>(
    seed: u64,
) -> McSolver<K> {
    McSolver::new(McConfig {
        seed,
        max_info_sets: 4096,
        max_actions: 16384,
        ..McConfig::default()
    })
    .unwrap()
}

/// Iterations per rank between merges, Kuhn and Leduc: every information set changes in every
/// iteration of games this small, so a longer interval slows the convergence down (see the
/// crate README).
const MERGE_EVERY: [u64; 2] = [2, 5];

/// One MPI rank: Kuhn then Leduc on every rank of the job; rank 0 writes the figures.
#[test]
#[ignore = "run by mpirun from two_ranks_reach_the_values_of_one_process"]
fn mpi_rank() {
    let Ok(out) = std::env::var("TRUCO_MPI_RANK_OUT") else {
        panic!("run by mpirun with TRUCO_MPI_RANK_OUT set");
    };
    let comm = MpiComm::init().unwrap();
    let mut lines = String::new();
    for seed in 1..=5 {
        let mut s = solver(seed);
        train_distributed(&mut s, &Kuhn, &comm, TOTAL[0], MERGE_EVERY[0]).unwrap();
        let (e, v) = measure(&Kuhn, &s);
        lines.push_str(&format!("kuhn {e} {v} {}\n", s.iterations()));
        let mut s = solver(seed);
        let stats = train_distributed(&mut s, &Leduc, &comm, TOTAL[1], MERGE_EVERY[1]).unwrap();
        let (e, v) = measure(&Leduc, &s);
        lines.push_str(&format!(
            "leduc {e} {v} {} {}\n",
            s.iterations(),
            stats.bytes_sent
        ));
    }
    if comm.rank() == 0 {
        std::fs::write(out, lines).unwrap();
    }
}

#[test]
fn two_ranks_reach_the_values_of_one_process() {
    let dir = tmp_dir("mpi", "values");
    let out = dir.join("ranks.txt");
    let mut c = mpirun(2);
    c.arg(std::env::current_exe().unwrap())
        .args(["--exact", "mpi_rank", "--ignored", "--test-threads=1"])
        .env("TRUCO_MPI_RANK_OUT", &out);
    let o = run(c);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let text = std::fs::read_to_string(&out).unwrap();
    let mut two: [Vec<f64>; 2] = [Vec::new(), Vec::new()];
    for line in text.lines() {
        let f: Vec<&str> = line.split(' ').collect();
        let (e, v, it): (f64, f64, u64) = (
            f[1].parse().unwrap(),
            f[2].parse().unwrap(),
            f[3].parse().unwrap(),
        );
        let g = usize::from(f[0] == "leduc");
        assert_eq!(it, TOTAL[g], "{line}");
        let known = [-1.0 / 18.0, -0.0856][g];
        assert!((v - known).abs() < 0.02, "{line}: value {v}, known {known}");
        two[g].push(e);
    }
    // One process, the same seeds and total iterations: the run-to-run spread.
    let mut one: [Vec<f64>; 2] = [Vec::new(), Vec::new()];
    for seed in 1..=5 {
        let mut s = solver(seed);
        s.train(&Kuhn, TOTAL[0]).unwrap();
        one[0].push(measure(&Kuhn, &s).0);
        let mut s = solver(seed);
        s.train(&Leduc, TOTAL[1]).unwrap();
        one[1].push(measure(&Leduc, &s).0);
    }
    for g in 0..2 {
        let max = |v: &[f64]| v.iter().cloned().fold(0.0, f64::max);
        let min = |v: &[f64]| v.iter().cloned().fold(f64::INFINITY, f64::min);
        // Within the spread: neither side's best run beats the other side's worst by more
        // than the widest of the two spreads.
        let spread = (max(&one[g]) - min(&one[g])).max(max(&two[g]) - min(&two[g]));
        assert!(
            max(&two[g]) <= max(&one[g]) + spread && min(&two[g]) + spread >= min(&one[g]),
            "game {g}: 2 ranks {:?}, 1 process {:?}",
            two[g],
            one[g]
        );
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

fn truco_train(ranks: usize, args: &[&str]) -> Output {
    let mut c = mpirun(ranks);
    c.arg(env!("CARGO_BIN_EXE_truco"))
        .args([
            "train",
            "--distributed",
            "--eval-deals",
            "0",
            "--quiet",
            "--json",
        ])
        .args(args);
    run(c)
}

fn report(o: &Output) -> serde_json::Value {
    serde_json::from_str(ok(o).trim()).unwrap()
}

#[test]
fn truco_train_on_two_ranks_then_resumed_on_one_and_on_three() {
    let dir = tmp_dir("mpi", "train");
    let table = dir.join("t.tbl");
    let ckpt = dir.join("t.tbl.ckpt");
    let t = table.to_str().unwrap();
    let common = [
        "--variant",
        "arg-1v1",
        "--max-info-sets",
        "2000000",
        "--out",
        t,
    ];
    let r = report(&truco_train(
        2,
        &[
            &common[..],
            &["--iterations", "3001", "--merge-every", "300"],
        ]
        .concat(),
    ));
    assert_eq!(r["ranks"], 2);
    assert_eq!(r["iterations"], 3001);
    assert!(r["merge"]["merges"].as_u64().unwrap() >= 5, "{r}");
    assert!(r["merge"]["bytes_sent"].as_u64().unwrap() > 0, "{r}");
    assert!(r["table_rows"].as_u64().unwrap() > 1000, "{r}");
    // The table answers a query.
    ok(&common::truco(&[
        "query",
        "--model",
        t,
        "--spot",
        "arg-1v1 | score 0-0 | dealer 1 | seat 0: 1E 7O 3C",
    ]));
    // Resumed by one plain process, then by three ranks.
    let c = ckpt.to_str().unwrap();
    let o = common::truco(
        &[
            &["train", "--eval-deals", "0", "--quiet", "--json"][..],
            &common[..],
            &["--resume", c, "--iterations", "3500"],
        ]
        .concat(),
    );
    assert_eq!(report(&o)["iterations"], 3500);
    let r = report(&truco_train(
        3,
        &[&common[..], &["--resume", c, "--iterations", "4400"]].concat(),
    ));
    assert_eq!(r["ranks"], 3);
    assert_eq!(r["iterations"], 4400);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_killed_rank_stops_the_job_and_the_checkpoint_resumes() {
    let dir = tmp_dir("mpi", "kill");
    let table = dir.join("k.tbl");
    let ckpt = dir.join("k.tbl.ckpt");
    let t = table.to_str().unwrap();
    let mut c = mpirun(2);
    c.arg(env!("CARGO_BIN_EXE_truco"))
        .args(["train", "--distributed", "--eval-deals", "0", "--quiet"])
        .args([
            "--variant",
            "arg-1v1",
            "--max-info-sets",
            "2000000",
            "--out",
            t,
        ])
        .args([
            "--time",
            "120s",
            "--checkpoint-every",
            "1s",
            "--merge-every",
            "200",
        ])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    let mut job = c.spawn().unwrap();
    let start = Instant::now();
    while !ckpt.exists() {
        assert!(start.elapsed() < Duration::from_secs(60), "no checkpoint");
        std::thread::sleep(Duration::from_millis(100));
    }
    std::thread::sleep(Duration::from_millis(1500));
    let ranks = children(job.id());
    assert_eq!(
        ranks.len(),
        2,
        "the ranks of mpirun {}: {ranks:?}",
        job.id()
    );
    assert!(Command::new("kill")
        .args(["-9", &ranks[1].to_string()])
        .status()
        .unwrap()
        .success());
    let start = Instant::now();
    let status = loop {
        if let Some(s) = job.try_wait().unwrap() {
            break s;
        }
        assert!(
            start.elapsed() < Duration::from_secs(60),
            "the job goes on without a rank"
        );
        std::thread::sleep(Duration::from_millis(100));
    };
    let out = job.wait_with_output().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!status.success());
    assert!(
        stderr.contains("signal 9") || stderr.contains("Killed"),
        "{stderr}"
    );
    // The last checkpoint is whole: a plain process resumes from it.
    let c = ckpt.to_str().unwrap();
    let o = common::truco(&[
        "train",
        "--eval-deals",
        "0",
        "--quiet",
        "--json",
        "--variant",
        "arg-1v1",
        "--max-info-sets",
        "2000000",
        "--out",
        t,
        "--resume",
        c,
        "--time",
        "2s",
    ]);
    let r = report(&o);
    assert!(r["iterations"].as_u64().unwrap() > 0, "{r}");
    assert!(Path::new(t).exists());
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The processes whose parent is `pid` (from /proc).
fn children(pid: u32) -> Vec<u32> {
    let mut out = Vec::new();
    for e in std::fs::read_dir("/proc").unwrap().flatten() {
        let Some(p) = e.file_name().to_str().and_then(|s| s.parse::<u32>().ok()) else {
            continue;
        };
        let Ok(stat) = std::fs::read_to_string(format!("/proc/{p}/stat")) else {
            continue;
        };
        let rest = stat.rsplit(')').next().unwrap_or("");
        if rest.split_whitespace().nth(1) == Some(&pid.to_string()) {
            out.push(p);
        }
    }
    out.sort();
    out
}
