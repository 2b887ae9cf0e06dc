//! Every subcommand's `--help` ends with examples, and every example runs from the repository
//! root: pasted as it is (its `/tmp/` files in a folder of this test, its server addresses on
//! a free port); a server line (`# until Ctrl-C`) must start and keep running.

use std::process::{Command, Stdio};
use std::thread::sleep;
use std::time::{Duration, Instant};

mod common;

use common::{ok, tmp_dir, truco};

const SUBCOMMANDS: [&str; 11] = [
    "simulate",
    "eval",
    "query",
    "serve",
    "train",
    "info",
    "exploit",
    "plot",
    "play",
    "solve",
    "postprocess",
];

/// The example lines of `truco <cmd> --help`.
fn examples(cmd: &str) -> Vec<String> {
    let help = ok(&truco(&[cmd, "--help"]));
    let (_, tail) = help
        .split_once("\nExamples:\n")
        .unwrap_or_else(|| panic!("`truco {cmd} --help` has no examples:\n{help}"));
    tail.lines()
        .take_while(|l| l.starts_with("  "))
        .map(|l| l.trim().to_string())
        .collect()
}

/// `line` made runnable here: the built binary for `truco`, `dir` for `/tmp/`, a free port
/// for a fixed one.
fn runnable(line: &str, dir: &str) -> String {
    let bin = format!("'{}' ", env!("CARGO_BIN_EXE_truco"));
    let mut s = line.replace("/tmp/", &format!("{dir}/"));
    if s.starts_with("truco ") {
        s = s.replacen("truco ", &bin, 1);
    }
    s = s.replace("| truco ", &format!("| {bin}"));
    for port in ["127.0.0.1:8080", "127.0.0.1:7878"] {
        s = s.replace(port, "127.0.0.1:0");
    }
    s
}

#[test]
fn every_subcommand_help_has_examples_that_run() {
    let dir = tmp_dir("cli_help", "examples");
    let dir = dir.to_str().unwrap();
    for cmd in SUBCOMMANDS {
        let lines = examples(cmd);
        assert!(lines.len() >= 2, "`truco {cmd} --help`: {lines:?}");
        for line in &lines {
            assert!(line.contains(&format!("truco {cmd} ")), "{cmd}: {line}");
            let script = runnable(line, dir);
            let mut child = Command::new("sh")
                .arg("-c")
                .arg(format!("exec {script}"))
                .current_dir(env!("CARGO_MANIFEST_DIR"))
                .stdin(Stdio::null())
                .stdout(Stdio::null())
                .stderr(Stdio::piped())
                .spawn()
                .unwrap();
            if line.ends_with("# until Ctrl-C") {
                sleep(Duration::from_secs(2));
                let status = child.try_wait().unwrap();
                assert!(status.is_none(), "the server stopped: {line}: {status:?}");
                child.kill().unwrap();
                child.wait().unwrap();
                continue;
            }
            let start = Instant::now();
            let out = child.wait_with_output().unwrap();
            assert!(
                out.status.success(),
                "{line}\n{}",
                String::from_utf8_lossy(&out.stderr)
            );
            assert!(
                start.elapsed() < Duration::from_secs(60),
                "too slow: {line}"
            );
        }
    }
}
