//! `truco play` driven by scripted standard input: a whole match to its end, bad choices asked
//! again, `hint` from a table, quitting and the end of input mid-match, team variants with a
//! partner, and clear errors for bad arguments.

use std::io::Write;
use std::process::{Command, Output, Stdio};

/// Runs `truco play ARGS` with `input` on standard input.
fn play(args: &[&str], input: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_truco"))
        .arg("play")
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let input = input.to_string();
    // The player may stop reading before the input ends (a finished match): ignore EPIPE.
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(input.as_bytes());
    });
    let out = child.wait_with_output().unwrap();
    writer.join().unwrap();
    out
}

fn text(o: &Output) -> String {
    assert!(
        o.status.success(),
        "exit {:?}: {}",
        o.status,
        String::from_utf8_lossy(&o.stderr)
    );
    String::from_utf8_lossy(&o.stdout).into_owned()
}

#[test]
fn a_whole_match_is_played_to_its_end() {
    let o = play(
        &["--variant", "arg-1v1", "--seed", "5"],
        &"1\n".repeat(3000),
    );
    let t = text(&o);
    assert!(
        t.contains("wins the match") && t.contains("Final score"),
        "{t}"
    );
    assert!(
        t.contains("=== hand over ===") && t.contains("seat 1:"),
        "{t}"
    );
    // Every hand's points are explained.
    assert!(
        t.contains("the hand won in the tricks") || t.contains("folded"),
        "{t}"
    );
    // The same seed and choices replay the same match.
    assert_eq!(
        t,
        text(&play(
            &["--variant", "arg-1v1", "--seed", "5"],
            &"1\n".repeat(3000)
        ))
    );
}

#[test]
fn bad_choices_are_asked_again_and_hint_reads_the_table() {
    let o = play(
        &[
            "--variant",
            "arg-1v1",
            "--model",
            "models/arg-1v1.tbl",
            "--seed",
            "2",
        ],
        "0\n99\nfoo\nhint\nhelp\nquit\n",
    );
    let t = text(&o);
    assert!(t.contains("0 is not a choice here"), "{t}");
    assert!(t.contains("99 is not a choice here"), "{t}");
    assert!(t.contains("`foo` is not a legal move here"), "{t}");
    assert!(t.contains("hint (the table):") && t.contains('%'), "{t}");
    assert!(t.contains("type the number of a move"), "{t}");
    assert!(t.contains("You left the match"), "{t}");
}

#[test]
fn with_search_the_table_searches_and_hint_gives_values() {
    let args = [
        "--variant",
        "arg-1v1",
        "--model",
        "models/arg-1v1.tbl",
        "--search",
        "200it",
        "--seed",
        "2",
    ];
    let t = text(&play(&args, "hint\nquit\n"));
    assert!(t.contains("the other team is the table + search"), "{t}");
    assert!(t.contains("hint (the search, 200 iterations):"), "{t}");
    assert!(t.contains("points,") && t.contains("% match)"), "{t}");
    for (model, bad, why) in [
        (
            "heuristic",
            "200it",
            "--search searches a table: --model heuristic has none",
        ),
        ("models/arg-1v1.tbl", "0it", "zero iterations"),
    ] {
        let o = play(&["--model", model, "--search", bad], "");
        assert!(!o.status.success());
        let e = String::from_utf8_lossy(&o.stderr);
        assert!(e.contains(why), "{e}");
    }
}

#[test]
fn the_end_of_input_mid_match_exits_cleanly() {
    let o = play(&["--variant", "paulista", "--seed", "3"], "1\n");
    let t = text(&o);
    assert!(t.contains("end of input: leaving the match"), "{t}");
    assert!(t.contains("vira"), "{t}");
    let o = play(&["--variant", "valencian", "--seed", "3"], "");
    assert!(text(&o).contains("end of input"));
}

#[test]
fn team_variants_play_with_a_partner_and_in_their_words() {
    let o = play(
        &[
            "--variant",
            "arg-2v2",
            "--model",
            "models/arg-2v2.tbl",
            "--partner",
            "heuristic",
            "--seat",
            "1",
            "--seed",
            "9",
        ],
        &"1\n".repeat(4000),
    );
    let t = text(&o);
    assert!(t.contains("You are seat 1 (team 1)"), "{t}");
    assert!(t.contains("Your partner(s): seats 3 (heuristic)"), "{t}");
    assert!(t.contains("wins the match"), "{t}");
    // Six players with pica-pica: the one-against-one hands say so.
    let o = play(
        &[
            "--variant",
            "arg-classic",
            "--option",
            "players=6",
            "--option",
            "pica-pica",
            "--seat",
            "3",
            "--seed",
            "2",
        ],
        &"1\n".repeat(8000),
    );
    let t = text(&o);
    assert!(
        t.contains("pica-pica: a one-against-one hand") && t.contains("wins the match"),
        "{t}"
    );
    // Valencian's own words for the calls.
    let o = play(
        &["--variant", "valencian", "--seed", "4"],
        &"1\n".repeat(6000),
    );
    let t = text(&o);
    assert!(t.contains("truc") && t.contains("wins the match"), "{t}");
}

#[test]
fn bad_arguments_are_clear_errors() {
    for (args, want) in [
        (vec!["--variant", "arg-1v1", "--seat", "2"], "seats 0 to 1"),
        (vec!["--variant", "mus"], "mus"),
        (
            vec!["--variant", "paulista", "--option", "players=5"],
            "players",
        ),
        (
            vec!["--variant", "paulista", "--model", "models/arg-1v1.tbl"],
            "arg-1v1",
        ),
    ] {
        let o = play(&args, "");
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(!o.status.success() && err.contains(want), "{args:?}: {err}");
    }
}
