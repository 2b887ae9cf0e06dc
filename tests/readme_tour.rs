//! The README's tour, pasted line by line: every command of its `sh` blocks runs in the
//! repository root with the built `truco` first on the `PATH`, and must succeed. A line marked
//! `# long` (a long training) is skipped; a line marked `# until Ctrl-C` (a server) must still
//! be running after a few seconds, and is then stopped. The ports of the servers are replaced
//! by 0 (a free port), so that the test never depends on a port being free. Every example of
//! `docs/spot-notation.md` is queried against the shipped table of its rules.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// The repository root.
fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// `PATH` with the built `truco` first.
fn path_with_truco() -> String {
    let bin = Path::new(env!("CARGO_BIN_EXE_truco"));
    let dir = bin.parent().unwrap().to_string_lossy().into_owned();
    match std::env::var("PATH") {
        Ok(p) => format!("{dir}:{p}"),
        Err(_) => dir,
    }
}

/// The lines of the `sh` code blocks of the README section titled `title`.
fn tour_lines(readme: &str, title: &str) -> Vec<String> {
    let start = readme
        .find(&format!("\n## {title}\n"))
        .unwrap_or_else(|| panic!("the README has no section {title}"));
    let rest = &readme[start + 1..];
    let end = rest[3..].find("\n## ").map_or(rest.len(), |i| i + 3);
    let mut lines = Vec::new();
    let mut in_sh = false;
    for line in rest[..end].lines() {
        let t = line.trim();
        if t.starts_with("```") {
            in_sh = !in_sh && t == "```sh";
            continue;
        }
        if in_sh && !t.is_empty() && !t.starts_with('#') {
            lines.push(t.to_string());
        }
    }
    lines
}

/// A `sh -c LINE` command in the repository root with `truco` on the `PATH`.
fn shell(line: &str) -> Command {
    let mut c = Command::new("sh");
    c.arg("-c")
        .arg(line)
        .current_dir(root())
        .env("PATH", path_with_truco())
        .stdin(Stdio::null());
    c
}

#[test]
fn every_tour_command_of_the_readme_runs() {
    let readme = std::fs::read_to_string(root().join("README.md")).unwrap();
    let lines = tour_lines(&readme, "Tour");
    assert!(lines.len() >= 15, "the tour has {} commands", lines.len());
    let mut ran = 0;
    for line in &lines {
        assert!(
            line.starts_with("truco ") || line.starts_with("echo "),
            "a tour line that is not a truco command: {line}"
        );
        if line.ends_with("# long") {
            continue;
        }
        let line = line.replace(":8080", ":0").replace(":7878", ":0");
        if let Some(cmd) = line.strip_suffix("# until Ctrl-C") {
            let mut child = shell(cmd)
                .stdout(Stdio::null())
                .stderr(Stdio::piped())
                .spawn()
                .unwrap();
            let t0 = Instant::now();
            while t0.elapsed() < Duration::from_secs(3) {
                if let Some(status) = child.try_wait().unwrap() {
                    let out = child.wait_with_output().unwrap();
                    panic!(
                        "`{cmd}` stopped ({status}): {}",
                        String::from_utf8_lossy(&out.stderr)
                    );
                }
                std::thread::sleep(Duration::from_millis(100));
            }
            child.kill().unwrap();
            child.wait().unwrap();
        } else {
            let out = shell(&line).output().unwrap();
            assert!(
                out.status.success(),
                "`{line}` failed ({}):\n{}\n{}",
                out.status,
                String::from_utf8_lossy(&out.stdout),
                String::from_utf8_lossy(&out.stderr)
            );
        }
        ran += 1;
    }
    assert!(ran >= 12, "only {ran} tour commands ran");
}

/// The shipped table that answers spots of these rules.
fn table_for(rules: &str) -> &'static str {
    match rules.trim() {
        "arg-1v1" => "models/arg-1v1.tbl",
        "arg-2v2" => "models/arg-2v2.tbl",
        "arg-classic flor" => "models/arg-classic-players-4-flor.tbl",
        r if r.starts_with("arg-classic players=6 pica-pica") => {
            "models/arg-classic-players-6-pica-pica.tbl"
        }
        r => panic!("no shipped table for the rules `{r}`: add it here"),
    }
}

#[test]
fn every_spot_notation_example_is_a_decision_the_tables_answer() {
    let doc = std::fs::read_to_string(root().join("docs/spot-notation.md")).unwrap();
    let block = doc.split("```text\n").nth(1).expect("the examples block");
    let block = &block[..block.find("```").unwrap()];
    let mut n = 0;
    for spot in block.lines().filter(|l| !l.trim().is_empty()) {
        let model = table_for(spot.split('|').next().unwrap());
        let out = Command::new(env!("CARGO_BIN_EXE_truco"))
            .args(["query", "--model", model, "--spot", spot])
            .current_dir(root())
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "`{spot}`: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        n += 1;
    }
    assert!(n >= 5, "{n} examples");
}
