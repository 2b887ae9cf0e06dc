//! Arguments checked before any work: a time budget too short for one iteration still writes
//! a table with rows, `--out` naming a directory, `--eval-deals` out of range and
//! `exploit --deals 0` are refused at once; stale temporary files of the same table are
//! removed by the next run; two values of one variant option are a conflict.

use truco_query::{OpenOptions, Table};

mod common;

use common::{tmp_dir, truco};

fn fails_with(args: &[&str], needle: &str) {
    let r = truco(args);
    let err = String::from_utf8_lossy(&r.stderr);
    assert!(!r.status.success(), "{args:?} succeeded");
    assert!(err.contains(needle), "{args:?}: {err}");
    assert!(!err.contains("panicked"), "{args:?}: {err}");
}

#[test]
fn a_time_budget_shorter_than_one_iteration_still_trains_one() {
    let dir = tmp_dir("arguments", "tiny-time");
    let out = dir.join("t.tbl");
    // A table killed while writing left its temporary file (a process that is gone).
    let stale = dir.join(".t.tbl.4194303.tmp");
    std::fs::write(&stale, b"half a table").unwrap();
    let o = out.to_str().unwrap();
    let args = [
        "train",
        "--time",
        "0.000000001s",
        "--out",
        o,
        "--eval-deals",
        "0",
        "--quiet",
        "--max-info-sets",
        "100000",
    ];
    common::ok(&truco(&args));
    // Before: a table of 0 rows, exit 0.
    let t = Table::open(&out, OpenOptions::default()).unwrap();
    assert!(!t.is_empty(), "an empty table was written");
    assert!(!stale.exists(), "the stale temporary file is still there");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_directory_as_out_is_refused_before_training() {
    let dir = tmp_dir("arguments", "out-dir");
    let d = dir.to_str().unwrap();
    let slash = format!("{}/new/", d);
    for out in [d, slash.as_str()] {
        fails_with(
            &[
                "train",
                "--iterations",
                "1000000000",
                "--out",
                out,
                "--quiet",
            ],
            "is a directory",
        );
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn eval_deals_and_exploit_deals_out_of_range_are_refused_at_once() {
    fails_with(
        &[
            "train",
            "--iterations",
            "1000000000",
            "--eval-deals",
            "18446744073709551615",
        ],
        "--eval-deals must be at most",
    );
    fails_with(
        &["exploit", "--model", "models/arg-1v1.tbl", "--deals", "0"],
        "--deals must be at least 1",
    );
}

#[test]
fn two_values_of_one_option_conflict() {
    fails_with(
        &[
            "train",
            "--variant",
            "paulista",
            "--option",
            "players=2",
            "--option",
            "players=4",
            "--iterations",
            "1",
        ],
        "conflicts",
    );
}

#[test]
fn ctrl_c_during_an_evaluation_stops_the_run() {
    let dir = tmp_dir("arguments", "eval-ctrl-c");
    let out = dir.join("t.tbl");
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_truco"))
        .args(["train", "--iterations", "1000000000", "--eval-every", "0s"])
        .args([
            "--eval-deals",
            "1000000",
            "--quiet",
            "--max-info-sets",
            "100000",
        ])
        .arg("--out")
        .arg(&out)
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    // Well into the first evaluation (a million deals: minutes), then Ctrl-C.
    std::thread::sleep(std::time::Duration::from_secs(2));
    // SAFETY: signalling the child this test started.
    unsafe { libc::kill(child.id() as libc::pid_t, libc::SIGINT) };
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(30);
    let status = loop {
        if let Some(s) = child.try_wait().unwrap() {
            break s;
        }
        if std::time::Instant::now() > deadline {
            let _ = child.kill();
            let _ = child.wait();
            panic!("Ctrl-C did not stop the evaluation (before: kill -9 was needed)");
        }
        std::thread::sleep(std::time::Duration::from_millis(50));
    };
    assert!(status.success(), "{status}");
    assert!(!Table::open(&out, OpenOptions::default())
        .unwrap()
        .is_empty());
    std::fs::remove_dir_all(&dir).unwrap();
}
