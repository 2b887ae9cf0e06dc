//! `truco train` and its files under bad conditions: a full disk while saving keeps the table
//! and leaves no temporary file, and budgets or paths that would lose or misplace a table are
//! clear errors.

use std::process::Command;

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
fn budgets_that_would_write_an_empty_table_are_refused() {
    let dir = tmp_dir("train-files", "budgets");
    let out = dir.join("t.tbl");
    let o = out.to_str().unwrap();
    std::fs::write(&out, b"keep me").unwrap();
    fails_with(
        &["train", "--time", "0", "--out", o],
        "--time must be more than 0",
    );
    fails_with(
        &["train", "--iterations", "0", "--out", o],
        "--iterations must be at least 1",
    );
    fails_with(
        &["train", "--time", "99999999999999999999h", "--out", o],
        "too long",
    );
    assert_eq!(
        std::fs::read(&out).unwrap(),
        b"keep me",
        "the table was replaced"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_missing_output_folder_is_an_error_not_created() {
    let dir = tmp_dir("train-files", "nodir");
    let out = dir.join("no/such/dir/x.tbl");
    fails_with(
        &[
            "train",
            "--iterations",
            "10",
            "--out",
            out.to_str().unwrap(),
        ],
        "does not exist",
    );
    assert!(!dir.join("no").exists(), "the folders were created");
    let ck = dir.join("none/x.ckpt");
    let out = dir.join("x.tbl");
    fails_with(
        &[
            "train",
            "--iterations",
            "10",
            "--out",
            out.to_str().unwrap(),
            "--checkpoint",
            ck.to_str().unwrap(),
        ],
        "--checkpoint: directory",
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A disk that fills while the run saves: the file-size limit (`ulimit -f`, with SIGXFSZ
/// ignored so that writes fail with an error) lets the small table through and stops the
/// checkpoint (0.8 MB and 2.7 MB here). Before: the checkpoint went first, its failure aborted the run, no
/// table was written, and a partial `.ckpt.tmp` stayed.
#[test]
fn a_full_disk_while_saving_keeps_the_table_and_leaves_no_temporary_file() {
    let dir = tmp_dir("train-files", "full");
    let out = dir.join("t.tbl");
    let script = format!(
        "trap '' XFSZ; ulimit -f 1500; exec '{}' train --variant arg-1v1 --iterations 300 \
         --eval-deals 0 --quiet --out '{}'",
        env!("CARGO_BIN_EXE_truco"),
        out.display()
    );
    let r = Command::new("bash").args(["-c", &script]).output().unwrap();
    let err = String::from_utf8_lossy(&r.stderr);
    assert!(!r.status.success(), "the checkpoint should not fit: {err}");
    assert!(
        err.contains("ckpt"),
        "the error names the checkpoint: {err}"
    );
    let t = Table::open(&out, OpenOptions::default()).expect("the table was written");
    assert!(!t.is_empty());
    let left: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert!(
        !left.iter().any(|n| n.ends_with(".tmp")),
        "temporary files left: {left:?}"
    );
    assert!(!dir.join("t.tbl.ckpt").exists(), "no partial checkpoint");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_device_or_a_folder_given_as_a_checkpoint_is_refused() {
    let dir = tmp_dir("train-files", "devckpt");
    let out = dir.join("t.tbl");
    for bad in ["/dev/zero", dir.to_str().unwrap()] {
        fails_with(
            &[
                "train",
                "--iterations",
                "10",
                "--out",
                out.to_str().unwrap(),
                "--resume",
                bad,
            ],
            "not a regular file",
        );
    }
    std::fs::remove_dir_all(&dir).unwrap();
}
