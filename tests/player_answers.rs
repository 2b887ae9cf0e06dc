//! One player everywhere: for spots met in real matches of every shipped table's rules, the
//! same spot and seed get the same move from the player library, from the bot `truco eval`
//! plays, from `truco query`, and from `truco serve` over stdin, TCP and HTTP. And the player
//! never refuses where refusing loses the match while accepting does not.

mod common;

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Command, Stdio};

use common::server::{bounded, start};
use rand::SeedableRng;
use serde_json::{json, Value};
use truco_arena::BotSpec;
use truco_bots::{Bot, BotRng, HandEvents, Heuristic};
use truco_game::{ActionList, Match, RuleSet, Spot, View};
use truco_player::answer::action_name;
use truco_player::Player;

/// The shipped tables of each rule set, and the rules they are for.
const MODELS: [(&str, &str, &[&str]); 6] = [
    ("arg-1v1", "arg-1v1", &[]),
    ("arg-2v2", "arg-2v2", &[]),
    ("paulista", "paulista", &[]),
    ("paulista-hu", "paulista", &["players=2"]),
    ("valencian", "valencian", &[]),
    (
        "arg-classic-players-6-flor-pica-pica",
        "arg-classic",
        &["players=6", "flor", "pica-pica"],
    ),
];

/// Spots per table.
const SPOTS: usize = 6;

fn model_path(name: &str) -> String {
    format!("{}/models/{name}.tbl", env!("CARGO_MANIFEST_DIR"))
}

/// Decisions met in a heuristic match of `rules` (seeded), as spots with their views and
/// events: every few decisions, up to SPOTS.
fn spots(rules: RuleSet, seed: u64) -> Vec<(Spot, View, Vec<truco_game::Event>)> {
    let mut out = Vec::new();
    let mut rng = BotRng::seed_from_u64(seed);
    let mut m = Match::new(rules, seed);
    let mut events = HandEvents::new();
    let mut k = 0u32;
    while m.winner().is_none() && out.len() < SPOTS {
        m.play_round(&mut |_seat: u8, view: &View, legal: &ActionList| {
            events.observe(view);
            k += 1;
            if legal.len() > 1 && k.is_multiple_of(3) && out.len() < SPOTS {
                if let Ok(spot) = Spot::from_view_and_log(view, events.as_slice()) {
                    out.push((spot, *view, events.as_slice().to_vec()));
                }
            }
            let a = Heuristic.act(view, legal.as_slice(), &mut rng);
            events.record(view, a);
            a
        })
        .unwrap();
    }
    out
}

/// The answers of `truco serve` over stdin to `lines`.
fn serve_stdin(model: &str, lines: &[String]) -> Vec<Value> {
    let mut child = Command::new(env!("CARGO_BIN_EXE_truco"))
        .args(["serve", "--no-verify", "--model", model])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    for l in lines {
        writeln!(stdin, "{l}").unwrap();
    }
    drop(stdin);
    let out = child.wait_with_output().unwrap();
    String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

/// The answers of `truco serve --listen` to `lines`, on one connection.
fn serve_tcp(model: &str, lines: &[String]) -> Vec<Value> {
    let (_server, addr) = start(
        &[
            "serve",
            "--no-verify",
            "--model",
            model,
            "--listen",
            "127.0.0.1:0",
        ],
        "listening on ",
    );
    let lines = lines.to_vec();
    bounded(move || {
        let mut s = TcpStream::connect(&addr).unwrap();
        let mut reader = BufReader::new(s.try_clone().unwrap());
        lines
            .iter()
            .map(|l| {
                writeln!(s, "{l}").unwrap();
                let mut answer = String::new();
                reader.read_line(&mut answer).unwrap();
                serde_json::from_str(&answer).unwrap()
            })
            .collect()
    })
}

/// The answers of `truco serve --http` (`POST /api/query`) to `lines`.
fn serve_http(model: &str, lines: &[String]) -> Vec<Value> {
    let (_server, addr) = start(
        &[
            "serve",
            "--no-verify",
            "--model",
            model,
            "--http",
            "127.0.0.1:0",
        ],
        "listening on http://",
    );
    let lines = lines.to_vec();
    bounded(move || {
        lines
            .iter()
            .map(|body| {
                let mut s = TcpStream::connect(&addr).unwrap();
                write!(
                    s,
                    "POST /api/query HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\n\
                     Content-Length: {}\r\nConnection: close\r\n\r\n{body}",
                    body.len()
                )
                .unwrap();
                let mut text = String::new();
                s.read_to_string(&mut text).unwrap();
                let (_, body) = text.split_once("\r\n\r\n").unwrap();
                serde_json::from_str(body).unwrap_or_else(|e| panic!("{e}: {text}"))
            })
            .collect()
    })
}

#[test]
fn the_same_spot_and_seed_get_the_same_move_everywhere() {
    for (k, (name, variant, options)) in MODELS.iter().enumerate() {
        let rules = RuleSet::new(variant, options).unwrap();
        let path = model_path(name);
        let mut player = Player::open(&path).unwrap();
        let spec: BotSpec = path.parse().unwrap();
        let eval_bot = spec.maker_for(&rules).unwrap();
        let found = spots(rules, 100 + k as u64);
        assert!(found.len() >= 3, "{name}: {} spots", found.len());
        let mut lines = Vec::new();
        let mut moves = Vec::new();
        for (i, (spot, view, events)) in found.iter().enumerate() {
            let seed = 7 * i as u64 + 1;
            // The library, on a fresh player (a spot carries no match history).
            let mut fresh = player.clone();
            let d = fresh.decide_spot(spot, seed).unwrap();
            // The bot `truco eval` plays, at its first decision of a match.
            let mut legal = ActionList::new();
            view.legal_actions(&mut legal);
            let mut bot = eval_bot();
            let mut rng = BotRng::seed_from_u64(seed);
            let a = bot.act_in_hand(view, events, legal.as_slice(), &mut rng);
            assert_eq!(a, d.action, "{name}: eval vs library at {spot}");
            moves.push(action_name(spot, d.action));
            lines.push(json!({"id": i, "spot": spot.to_string(), "seed": seed}).to_string());
        }
        let check = |how: &str, answers: Vec<Value>| {
            assert_eq!(answers.len(), moves.len(), "{name} {how}");
            for (i, (a, want)) in answers.iter().zip(&moves).enumerate() {
                assert_eq!(a["id"], i, "{name} {how}: {a}");
                assert_eq!(a["move"]["action"], want.as_str(), "{name} {how}: {a}");
            }
        };
        check("stdin", serve_stdin(&path, &lines));
        check("tcp", serve_tcp(&path, &lines));
        check("http", serve_http(&path, &lines));
        // `truco query` on the first spot.
        let (spot, ..) = &found[0];
        let out = Command::new(env!("CARGO_BIN_EXE_truco"))
            .args([
                "query",
                "--no-verify",
                "--json",
                "--seed",
                "1",
                "--model",
                &path,
            ])
            .args(["--spot", &spot.to_string()])
            .output()
            .unwrap();
        assert!(out.status.success(), "{name}: {out:?}");
        let v: Value = serde_json::from_slice(&out.stdout).unwrap();
        assert_eq!(v["move"]["action"], moves[0].as_str(), "{name} query: {v}");
        let _ = &mut player;
    }
}

/// Spots where refusing (or folding) ends the match lost and accepting does not, one per
/// variant: the player accepts whatever its table says.
#[test]
fn the_player_never_refuses_into_a_lost_match() {
    let cases = [
        (
            "arg-1v1",
            "arg-1v1 | score 14-13 | dealer 0 | seat 0: 5E 6E 12B | 1:falta-envido 0:no-quiero 1:truco",
        ),
        (
            "arg-2v2",
            "arg-2v2 | score 27-29 | dealer 2 | seat 0: 4E 5C 6O | 3:truco",
        ),
        (
            "valencian",
            "valencian | score 0-23 camas 0-1 | dealer 3 | seat 2: 4O 5C 6E | 1:truc 0:pass",
        ),
        (
            "paulista",
            "paulista | score 5-9 | dealer 3 vira 4O | seat 2: 1E 5C 6O | 0:truco 1:seis",
        ),
        (
            "paulista-hu",
            "paulista players=2 | score 5-9 | dealer 1 vira 4O | seat 0: 1E 5C 6O | 0:truco 1:seis",
        ),
        (
            "arg-classic-players-2-target-15-flor",
            "arg-classic players=2 target=15 flor | score 12-14 | dealer 0 | seat 0: 4E 5C 6O | 1:truco",
        ),
    ];
    for (name, text) in cases {
        let spot: Spot = text.parse().unwrap_or_else(|e| panic!("{text}: {e}"));
        let view = spot.to_view().unwrap();
        assert!(
            truco_player::keep::loses_the_match(&view, truco_game::Action::NoQuiero),
            "{text}: refusing must lose the match here"
        );
        let mut player = Player::open(model_path(name)).unwrap();
        if name == "arg-1v1" {
            // Its table refuses or folds here: the player's rule keeps the match.
            let d = player.clone().decide_spot(&spot, 0).unwrap();
            let kept = d
                .changes
                .iter()
                .any(|c| c.rule == truco_player::Rule::KeepTheMatch);
            assert!(kept, "{d:?}");
        }
        for seed in 0..8 {
            let d = player.clone().decide_spot(&spot, seed).unwrap();
            assert!(
                !truco_player::keep::loses_the_match(&view, d.action),
                "{name}: {} at {text}",
                d.action
            );
        }
        let _ = &mut player;
    }
}

/// Bad requests get clear errors naming the cause, and the server answers the next good one.
#[test]
fn bad_requests_are_clear_errors_and_the_server_stays_up() {
    let path = model_path("arg-1v1");
    let good = "arg-1v1 | score 0-0 | dealer 1 | seat 0: 1E 7O 3C";
    let lines: Vec<String> = [
        json!({"id": 1, "spot": "arg-9v9 | score 0-0 | dealer 1 | seat 0: 1E 7O 3C"}),
        json!({"id": 2, "spot": "arg-1v1 | score 0-0 | dealer 1 | seat 1: 4C 5B 6E"}),
        json!({"id": 3, "spot": "arg-2v2 | score 0-0 | dealer 3 | seat 0: 1E 7O 3C"}),
        json!({"id": 4, "spot": good, "earlier": "not a list"}),
        json!({"id": 5, "spot": good, "earlier": ["arg-1v1 | nonsense"]}),
        json!({"id": 6, "spot": good, "seed": 3}),
    ]
    .iter()
    .map(Value::to_string)
    .collect();
    let answers = serve_stdin(&path, &lines);
    let kind = |i: usize| {
        answers[i]["error"]["kind"]
            .as_str()
            .unwrap_or("")
            .to_string()
    };
    let message = |i: usize| answers[i]["error"]["message"].to_string();
    assert_eq!(kind(0), "bad_spot");
    assert!(message(0).contains("arg-9v9"), "{}", answers[0]);
    assert_eq!(kind(1), "no_decision");
    assert!(message(1).contains("seat 0 is to act"), "{}", answers[1]);
    assert_eq!(kind(2), "wrong_variant");
    assert!(message(2).contains("arg-2v2"), "{}", answers[2]);
    assert_eq!(kind(3), "bad_request");
    assert!(message(3).contains("earlier"), "{}", answers[3]);
    assert_eq!(kind(4), "bad_spot");
    assert!(message(4).contains("earlier hand 1"), "{}", answers[4]);
    assert!(answers[5]["move"]["action"].is_string(), "{}", answers[5]);
    // Search budgets of zero or over a minute are refused before serving.
    for (budget, model, says) in [("0ms", "arg-1v1", "positive"), ("61s", "arg-1v1", "60 s")] {
        let out = Command::new(env!("CARGO_BIN_EXE_truco"))
            .args(["serve", "--no-verify", "--model", &model_path(model)])
            .args(["--search", budget])
            .stdin(Stdio::null())
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(!out.status.success(), "{budget} {model}");
        assert!(err.contains(says), "{budget} {model}: {err}");
    }
}
