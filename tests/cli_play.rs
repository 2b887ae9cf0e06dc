//! `truco play` driven by scripted standard input: a whole match to its end, bad choices asked
//! again, `hint` from a table, quitting and the end of input mid-match, team variants with a
//! partner, what the screen says (tricks in play order, envido totals, each hand's header, the
//! variant's words and rules), hostile input (huge lines, invalid UTF-8), and clear errors for
//! bad arguments.

use std::io::Write;
use std::process::{Command, Output, Stdio};

/// Runs `truco play ARGS` with `input` on standard input.
fn play(args: &[&str], input: &str) -> Output {
    play_bytes(args, input.as_bytes().to_vec())
}

/// Runs `truco play ARGS` with raw bytes on standard input.
fn play_bytes(args: &[&str], input: Vec<u8>) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_truco"))
        .arg("play")
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    // The player may stop reading before the input ends (a finished match): ignore EPIPE.
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(&input);
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
    assert!(t.contains("hint: the table bot would play"), "{t}");
    assert!(
        t.contains("why: ") && t.contains("table's probability"),
        "{t}"
    );
    assert!(t.contains("<- the bot's move") && t.contains('%'), "{t}");
    assert!(t.contains("type the number of a move"), "{t}");
    // `help` gives the variant's ranking and scoring; the hint and help lines fit a terminal.
    assert!(
        t.contains("cards, strongest first: 1E > 1B > 7E > 7O"),
        "{t}"
    );
    assert!(t.contains("scoring: a hand is worth 1; truco 2"), "{t}");
    assert!(t.contains("docs/rules/arg-1v1.md"), "{t}");
    let start = t.find("hint: the table bot").unwrap();
    let end = t.find("docs/rules/arg-1v1.md").unwrap();
    for line in t[start..end].lines() {
        let line = line
            .trim_start_matches("your move:")
            .trim_start_matches("> ");
        if !line.contains("1) ") {
            assert!(line.chars().count() <= 80, "a long line: {line}");
        }
    }
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

/// The lines of `t` that show a trick.
fn trick_lines(t: &str) -> Vec<&str> {
    t.lines().filter(|l| l.starts_with("trick ")).collect()
}

#[test]
fn tricks_show_cards_in_play_order_with_the_leader_marked() {
    let t = text(&play(
        &["--variant", "arg-1v1", "--seed", "5"],
        &"1\n".repeat(3000),
    ));
    let lines = trick_lines(&t);
    assert!(!lines.is_empty(), "{t}");
    // Every trick line marks its first card as led, and only that one.
    for l in &lines {
        let cards: Vec<&str> = l
            .split("  ")
            .skip(1)
            .filter(|c| !c.starts_with("->"))
            .collect();
        assert!(cards[0].contains("(led"), "{l}");
        assert!(cards[1..].iter().all(|c| !c.contains("led")), "{l}");
    }
    // Seat 1 leads some tricks: its card comes first, before seat 0's.
    assert!(
        lines
            .iter()
            .any(|l| l.contains(":  1:") && l.contains("(led)  0:")),
        "{t}"
    );
}

#[test]
fn envido_totals_are_said_aloud_and_your_total_is_shown() {
    let t = text(&play(
        &["--variant", "arg-2v2", "--seed", "9"],
        &"5\n".repeat(3000),
    ));
    assert!(t.contains("(your envido total: "), "{t}");
    // The table announces from the mano: better totals said, the others "son buenas".
    let said = t
        .lines()
        .find(|l| l.starts_with("envido: seat") && l.contains("son buenas"))
        .unwrap_or_else(|| panic!("{t}"));
    assert!(said.contains("wins it for"), "{said}");
    // One against one: both totals are shown.
    let t = text(&play(
        &[
            "--variant",
            "arg-1v1",
            "--model",
            "models/arg-1v1.tbl",
            "--seed",
            "2",
        ],
        "1\n1\n1\n1\n1\n1\n1\n1\nquit\n",
    ));
    assert!(t.contains("envido: seat 1: 28, seat 0 (you): 5"), "{t}");
}

#[test]
fn every_hand_has_its_header() {
    let t = text(&play(
        &["--variant", "arg-2v2", "--seat", "1", "--seed", "9"],
        &"1\n".repeat(4000),
    ));
    let headers = t
        .lines()
        .filter(|l| l.starts_with("=== hand ") && l.contains("=== score"))
        .count();
    let ends = t.matches("=== hand over ===").count();
    let played: usize = t
        .rsplit_once("after ")
        .and_then(|(_, n)| n.split(' ').next())
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("{t}"));
    assert_eq!((headers, ends), (played, played), "{t}");
    assert!(t.contains(" is the mano and leads"), "{t}");
}

#[test]
fn paulista_names_the_manilhas_and_says_mao() {
    let t = text(&play(
        &["--variant", "paulista", "--seed", "3"],
        "1\n1\n1\nhelp\nquit\n",
    ));
    assert!(t.contains("manilhas") && t.contains("(zap) >"), "{t}");
    assert!(
        t.contains("is the mão and leads") && t.contains("| mão: seat"),
        "{t}"
    );
    assert!(!t.contains("mano"), "{t}");
    assert!(
        t.contains("scoring: a hand is worth 1; truco 3, seis 6"),
        "{t}"
    );
}

#[test]
fn team_answers_say_who_answers_and_what_pass_means() {
    let t = text(&play(
        &[
            "--variant",
            "valencian",
            "--model",
            "models/valencian.tbl",
            "--seed",
            "3",
        ],
        &"1\n".repeat(40),
    ));
    assert!(t.contains("You answer for your team"), "{t}");
    assert!(t.contains("pass means\n  no truc now"), "{t}");
    let t = text(&play(
        &[
            "--variant",
            "paulista",
            "--model",
            "models/paulista.tbl",
            "--seed",
            "3",
        ],
        &"1\n".repeat(40),
    ));
    assert!(t.contains("You answer for your team"), "{t}");
}

#[test]
fn a_huge_line_is_skipped_without_holding_it() {
    // 100 MB on one line, then a choice: the line is dropped as it is read.
    let mut input = vec![b'7'; 100 << 20];
    input.extend_from_slice(b"\nquit\n");
    let t = text(&play_bytes(&["--variant", "arg-1v1", "--seed", "2"], input));
    assert!(t.contains("that line is longer than 4096 bytes"), "{t}");
    assert!(t.contains("You left the match"), "{t}");
}

#[test]
fn invalid_utf8_is_answered_and_the_match_goes_on() {
    let input = b"\xff\xfe\x80\n1\nquit\n".to_vec();
    let t = text(&play_bytes(&["--variant", "arg-1v1", "--seed", "2"], input));
    assert!(t.contains("that line is not valid UTF-8 text"), "{t}");
    assert!(t.contains("You left the match"), "{t}");
    // The choice after it was taken: a second table was shown.
    assert!(t.matches("--- score:").count() >= 2, "{t}");
}
