//! A table replaced or damaged under a running `truco serve --listen`: a rename is picked up
//! before the next answer; a bad file (damaged, of another variant) renamed over, copied over,
//! overwritten or truncated in place leaves the last good table serving (the server holds a
//! private copy: no crash, no silent wrong answer) until a complete table is back.

use std::fs::OpenOptions;
use std::io::{BufRead, BufReader, Write};
use std::net::TcpStream;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;

use serde_json::Value;
use truco_query::{Table, TableWriter};

mod common;

use common::server::{start_tcp, write_model, write_model_rows, Model, SPOT, TIMEOUT};

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
fn a_table_changed_in_place_keeps_the_last_good_table_serving() {
    let model = Model::new("replace-inplace");
    let (mut server, addr) = start_tcp(&model, &[]);
    let good = first_prob(&ask(&addr));
    // Overwritten in place with zeros (same length): before, a `table_changed` error (and
    // before that, zeroed probabilities answered `mazo` with 1.0).
    let len = std::fs::metadata(&model.0).unwrap().len();
    let mut f = OpenOptions::new().write(true).open(&model.0).unwrap();
    f.write_all(&vec![0u8; len as usize]).unwrap();
    f.sync_all().unwrap();
    assert_eq!(first_prob(&ask(&addr)), good);
    // Truncated in place: before, the server died of SIGBUS.
    f.set_len(16).unwrap();
    assert_eq!(first_prob(&ask(&addr)), good);
    assert!(server.0.try_wait().unwrap().is_none(), "the server died");
    // A complete table written back (renamed over) serves again.
    let next = model.0.with_extension("next");
    write_model(&next, |i| if i == 0 { 1.0 } else { 0.0 });
    std::fs::rename(&next, &model.0).unwrap();
    assert!(first_prob(&ask(&addr)) > 0.99);
}

#[test]
fn a_write_in_place_that_restores_the_modification_time_is_seen() {
    let model = Model::new("replace-mtime");
    let (_server, addr) = start_tcp(&model, &[]);
    let good = first_prob(&ask(&addr));
    let mtime = std::fs::metadata(&model.0).unwrap().modified().unwrap();
    let len = std::fs::metadata(&model.0).unwrap().len();
    // Zeros written in place, the modification time set back: before, the mapping read the
    // zeros and answered `mazo` with 1.0.
    let f = OpenOptions::new().write(true).open(&model.0).unwrap();
    (&f).write_all(&vec![0u8; len as usize]).unwrap();
    f.set_modified(mtime).unwrap();
    drop(f);
    assert_eq!(first_prob(&ask(&addr)), good);
    // A good table of the same length written in place the same way is adopted.
    let next = model.0.with_extension("next");
    write_model(&next, |i| if i == 0 { 1.0 } else { 0.0 });
    let bytes = std::fs::read(&next).unwrap();
    assert_eq!(bytes.len() as u64, len);
    let f = OpenOptions::new().write(true).open(&model.0).unwrap();
    (&f).write_all(&bytes).unwrap();
    f.set_modified(mtime).unwrap();
    drop(f);
    let _ = std::fs::remove_file(&next);
    assert!(first_prob(&ask(&addr)) > 0.99);
}

#[test]
fn a_table_of_another_variant_renamed_over_is_refused() {
    let model = Model::new("replace-variant");
    let (_server, addr) = start_tcp(&model, &[]);
    let good = first_prob(&ask(&addr));
    // A valid table of arg-2v2 (the metadata of the shipped model, one row).
    let meta = Table::open("models/arg-2v2.tbl", Default::default())
        .unwrap()
        .meta()
        .clone();
    let other = model.0.with_extension("other");
    let mut w = TableWriter::new(meta);
    w.push(1, &[1.0f32, 1.0], None).unwrap();
    w.write(&other).unwrap();
    std::fs::rename(&other, &model.0).unwrap();
    // Before, adopted: every answer was a `wrong_variant` error.
    let v = ask(&addr);
    assert!(v.get("error").is_none(), "{v}");
    assert_eq!(first_prob(&v), good);
}

#[test]
fn a_table_rewritten_and_copied_over_in_a_loop_under_load_never_kills_the_server() {
    // About 1.5 MB (hundreds of pages): reading a page past a truncation through a mapping
    // faults.
    let model = Model(std::env::temp_dir().join(format!(
        "truco-serve-replace-loop-{}.tbl",
        std::process::id()
    )));
    write_model_rows(&model.0, |i| (i + 1) as f32, 100_000);
    let bytes = std::fs::read(&model.0).unwrap();
    let (mut server, addr) = start_tcp(&model, &[]);
    let good = first_prob(&ask(&addr));
    let stop = Arc::new(AtomicBool::new(false));
    let answered = Arc::new(AtomicU64::new(0));
    let clients: Vec<_> = (0..2)
        .map(|_| {
            let (stop, answered, addr) = (Arc::clone(&stop), Arc::clone(&answered), addr.clone());
            std::thread::spawn(move || {
                let s = TcpStream::connect(&addr).unwrap();
                s.set_read_timeout(Some(TIMEOUT)).unwrap();
                let mut reader = BufReader::new(&s);
                let request = format!("{{\"spot\":\"{SPOT}\"}}\n");
                while !stop.load(Ordering::Relaxed) {
                    (&s).write_all(request.as_bytes()).unwrap();
                    let mut line = String::new();
                    reader.read_line(&mut line).unwrap();
                    let v: Value = serde_json::from_str(&line).unwrap();
                    assert_eq!(first_prob(&v), good, "{v}");
                    answered.fetch_add(1, Ordering::Relaxed);
                }
            })
        })
        .collect();
    for cycle in 0..40 {
        let mut f = OpenOptions::new()
            .write(true)
            .truncate(true)
            .open(&model.0)
            .unwrap();
        if cycle % 2 == 0 {
            // Truncate, then rewrite in chunks (as `cp` does).
            for chunk in bytes.chunks(64 * 1024) {
                f.write_all(chunk).unwrap();
            }
        } else {
            // Truncate, then rewrite half of it.
            f.write_all(&bytes[..bytes.len() / 2]).unwrap();
        }
    }
    stop.store(true, Ordering::Relaxed);
    for c in clients {
        c.join()
            .expect("a client saw a wrong answer or lost the server");
    }
    assert!(server.0.try_wait().unwrap().is_none(), "the server died");
    assert!(answered.load(Ordering::Relaxed) > 0);
}
