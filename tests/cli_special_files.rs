//! Every file input goes through one open function that refuses what is not a regular file,
//! at once: `plot --log/--eval/--curve` and `solve --mv` given `/dev/zero` (before: read
//! without bound) or a FIFO nobody writes (before: blocked forever). Every wait is bounded.

use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

mod common;

/// Runs `truco ARGS`, killed (and the test failed) if it has not exited within 20 s.
fn run_bounded(args: &[&str]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_truco"))
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let deadline = Instant::now() + Duration::from_secs(20);
    while child.try_wait().unwrap().is_none() {
        if Instant::now() > deadline {
            let _ = child.kill();
            let _ = child.wait();
            panic!("`truco {}` did not exit", args.join(" "));
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    child.wait_with_output().unwrap()
}

/// A FIFO in the temporary folder, removed on drop.
struct Fifo(std::path::PathBuf);

impl Fifo {
    fn new(tag: &str) -> Fifo {
        let path = std::env::temp_dir().join(format!("truco-fifo-{tag}-{}", std::process::id()));
        let _ = std::fs::remove_file(&path);
        let made = Command::new("mkfifo").arg(&path).status().unwrap();
        assert!(made.success());
        Fifo(path)
    }
}

impl Drop for Fifo {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.0);
    }
}

fn refused(args: &[&str]) {
    let out = run_bounded(args);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success(), "{stderr}");
    assert!(stderr.contains("not a regular file"), "{stderr}");
}

#[test]
fn plot_inputs_that_are_not_regular_files_are_refused_at_once() {
    let fifo = Fifo::new("plot");
    let dir = common::tmp_dir("special", "plot");
    let out = dir.to_str().unwrap();
    for bad in ["/dev/zero", fifo.0.to_str().unwrap()] {
        for flag in ["--log", "--eval", "--curve"] {
            refused(&["plot", flag, bad, "--out", out]);
        }
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_match_value_table_that_is_not_a_regular_file_is_refused_at_once() {
    let fifo = Fifo::new("mv");
    for bad in ["/dev/zero", fifo.0.to_str().unwrap()] {
        let mut args = vec!["solve"];
        args.extend(HU);
        args.extend([
            "--score", "11-10", "--dealer", "1", "--deck", DECK, "--mv", bad,
        ]);
        refused(&args);
    }
}

const HU: [&str; 6] = [
    "--variant",
    "paulista",
    "--option",
    "players=2",
    "--option",
    "ferro=open",
];
const DECK: &str = "1:2,4:2,7:2,10:1,12:1";
