//! A table replaced or damaged under a running `truco serve --listen`: a rename is picked up
//! before the next answer; a bad file renamed over leaves the old table serving; a file
//! overwritten or truncated in place is never read again (a `table_changed` error, no crash,
//! no silent wrong answer) until a complete table is back.

use std::fs::OpenOptions;
use std::io::{BufRead, BufReader, Write};
use std::net::TcpStream;

use serde_json::Value;

mod common;

use common::server::{start_tcp, write_model, Model, SPOT, TIMEOUT};

/// One request on a fresh connection; the answer.
fn ask(addr: &str) -> Value {
    let s = TcpStream::connect(addr).unwrap();
    s.set_read_timeout(Some(TIMEOUT)).unwrap();
    (&s).write_all(format!("{{\"id\":1,\"spot\":\"{SPOT}\"}}\n").as_bytes())
        .unwrap();
    let mut line = String::new();
    BufReader::new(&s).read_line(&mut line).unwrap();
    serde_json::from_str(&line).unwrap_or_else(|e| panic!("{e}: {line:?}"))
}

/// The first action's probability of an answer.
fn first_prob(v: &Value) -> f64 {
    v["actions"][0]["prob"]
        .as_f64()
        .unwrap_or_else(|| panic!("{v}"))
}

#[test]
fn a_table_renamed_over_the_served_one_is_picked_up() {
    let model = Model::new("replace-rename");
    let (_server, addr) = start_tcp(&model, &[]);
    let before = first_prob(&ask(&addr));
    // A new table (all weight on the first action), written beside and renamed over.
    let next = model.0.with_extension("next");
    write_model(&next, |i| if i == 0 { 1.0 } else { 0.0 });
    std::fs::rename(&next, &model.0).unwrap();
    let after = first_prob(&ask(&addr));
    assert!(before < 0.5 && after > 0.99, "{before} then {after}");
    // A damaged file renamed over: reported, and the last good table keeps serving.
    let bad = model.0.with_extension("bad");
    std::fs::write(&bad, b"not a table at all").unwrap();
    std::fs::rename(&bad, &model.0).unwrap();
    assert!(first_prob(&ask(&addr)) > 0.99);
}

#[test]
fn a_table_changed_in_place_is_refused_not_read() {
    let model = Model::new("replace-inplace");
    let (mut server, addr) = start_tcp(&model, &[]);
    assert!(first_prob(&ask(&addr)) > 0.0);
    // Overwritten in place with zeros (same length): before, zeroed probabilities answered
    // `mazo` with 1.0.
    let len = std::fs::metadata(&model.0).unwrap().len();
    std::thread::sleep(std::time::Duration::from_millis(20));
    let mut f = OpenOptions::new().write(true).open(&model.0).unwrap();
    f.write_all(&vec![0u8; len as usize]).unwrap();
    f.sync_all().unwrap();
    let v = ask(&addr);
    assert_eq!(v["error"]["kind"], "table_changed", "{v}");
    assert!(v["error"]["message"]
        .as_str()
        .unwrap()
        .contains("changed in place"));
    // Truncated in place: before, the server died of SIGBUS.
    f.set_len(16).unwrap();
    let v = ask(&addr);
    assert_eq!(v["error"]["kind"], "table_changed", "{v}");
    assert!(server.0.try_wait().unwrap().is_none(), "the server died");
    // A complete table written back (renamed over) serves again.
    let next = model.0.with_extension("next");
    write_model(&next, |i| (i + 1) as f32);
    std::fs::rename(&next, &model.0).unwrap();
    assert!(first_prob(&ask(&addr)) > 0.0);
}
