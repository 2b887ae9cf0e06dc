//! Helpers shared by the CLI tests: run the `truco` binary, check its exit, make temp folders.

// Each test binary uses only some of these.
#![allow(dead_code)]

pub mod server;

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// Runs the `truco` binary with `args` and waits for it.
pub fn truco(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_truco"))
        .args(args)
        .output()
        .expect("the truco binary runs")
}

/// Asserts that `out` is a success (showing its stderr if not) and returns its stdout.
pub fn ok(out: &Output) -> String {
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stderr}");
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// A variant and its options, as `--variant` and `--option` take them.
pub type VariantSet = (&'static str, &'static [&'static str]);

/// The Argentine variants with their default options.
pub const ARGENTINE: [VariantSet; 3] = [("arg-1v1", &[]), ("arg-2v2", &[]), ("arg-classic", &[])];

/// Runs `truco` with `args` followed by an `--option` for each of `options` and `--json` if
/// asked; asserts success (naming `variant` and the options) and returns stdout as UTF-8.
pub fn run_variant<'a>(
    mut args: Vec<&'a str>,
    variant: &str,
    options: &[&'a str],
    json: bool,
) -> String {
    for o in options {
        args.extend(["--option", o]);
    }
    if json {
        args.push("--json");
    }
    let out = truco(&args);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{variant} {options:?}: {stderr}");
    String::from_utf8(out.stdout).expect("utf-8 output")
}

/// The arguments of a quiet `truco train` of `variant` for `iterations`, writing `out`, with
/// no evaluation deals.
pub fn train_args<'a>(variant: &'a str, iterations: &'a str, out: &'a str) -> Vec<&'a str> {
    vec![
        "train",
        "--variant",
        variant,
        "--iterations",
        iterations,
        "--out",
        out,
        "--eval-deals",
        "0",
        "--quiet",
    ]
}

/// A fresh, empty temp folder `truco-cli-{test}-{pid}-{name}`, removed with what it holds
/// when the value is dropped (a test that panics leaves nothing behind either).
pub fn tmp_dir(test: &str, name: &str) -> TmpDir {
    let dir = std::env::temp_dir().join(format!("truco-cli-{test}-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    TmpDir(dir)
}

/// A temp folder of [`tmp_dir`]: a path that removes its folder when dropped.
pub struct TmpDir(PathBuf);

impl std::ops::Deref for TmpDir {
    type Target = Path;

    fn deref(&self) -> &Path {
        &self.0
    }
}

impl AsRef<Path> for TmpDir {
    fn as_ref(&self) -> &Path {
        &self.0
    }
}

impl Drop for TmpDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}
