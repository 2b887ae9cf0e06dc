//! The serving soak (run by `scripts/serve_soak.sh`; ignored by a plain `cargo test`): for
//! `SOAK_SECONDS` (default 5), hostile clients from other loopback addresses (127.0.0.2...)
//! hold idle connections, send requests one byte at a time (slowloris), keep connections
//! alive with blank lines or idle keep-alive, and hammer the expensive requests, while the
//! served table is swapped in a loop (renamed over, rewritten in place, truncated); a good
//! client on 127.0.0.1 opens a fresh connection and asks one request every 20 ms. Asserts the
//! server stays up and the good client's p99 is under 100 ms (and none over 1 s); prints the
//! figures: requests, p50, p99, max, connections the server held.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use serde_json::json;

mod common;

use common::server::{connect_from, start, write_model_rows, Model, Server, SPOT};

/// How long each soak runs.
fn soak_time() -> Duration {
    let s = std::env::var("SOAK_SECONDS")
        .ok()
        .and_then(|s| s.parse().ok());
    Duration::from_secs_f64(s.unwrap_or(5.0))
}

/// A table of about 1.5 MB whose SPOT row weighs action i by `w(i)`.
fn big_model(tag: &str) -> Model {
    let m =
        Model(std::env::temp_dir().join(format!("truco-soak-{tag}-{}.tbl", std::process::id())));
    write_model_rows(&m.0, |i| (i + 1) as f32, 100_000);
    m
}

/// Swaps the table at `model` until `stop`: a new file renamed over, the file rewritten in
/// place, truncated then restored.
fn swapper(model: &Model, stop: &Arc<AtomicBool>) -> JoinHandle<()> {
    let (path, stop) = (model.0.clone(), Arc::clone(stop));
    std::thread::spawn(move || {
        let good = std::fs::read(&path).unwrap();
        let next = path.with_extension("next");
        let mut round = 0u64;
        while !stop.load(Ordering::Relaxed) {
            match round % 3 {
                0 => {
                    write_model_rows(&next, |i| (i + 2) as f32, 100_000);
                    std::fs::rename(&next, &path).unwrap();
                }
                1 => std::fs::write(&path, &good).unwrap(),
                _ => {
                    std::fs::write(&path, &good[..good.len() / 3]).unwrap();
                    std::thread::sleep(Duration::from_millis(20));
                    std::fs::write(&path, &good).unwrap();
                }
            }
            round += 1;
            std::thread::sleep(Duration::from_millis(50));
        }
    })
}

/// Connections from `from` held open and silent.
fn idle_flood(from: &str, addr: &str, n: usize) -> Vec<TcpStream> {
    (0..n).map(|_| connect_from(from, addr)).collect()
}

/// `n` connections sending `request` one byte every 100 ms (reconnecting when closed).
fn slowloris(addr: &str, request: String, n: usize, stop: &Arc<AtomicBool>) -> JoinHandle<()> {
    let (addr, stop) = (addr.to_string(), Arc::clone(stop));
    std::thread::spawn(move || {
        let mut conns: Vec<(TcpStream, usize)> = (0..n)
            .map(|_| (connect_from("127.0.0.3", &addr), 0))
            .collect();
        while !stop.load(Ordering::Relaxed) {
            for c in conns.iter_mut() {
                let b = request.as_bytes()[c.1 % request.len()];
                if c.0.write_all(&[b]).is_err() {
                    *c = (connect_from("127.0.0.3", &addr), 0);
                } else {
                    c.1 += 1;
                }
            }
            std::thread::sleep(Duration::from_millis(100));
        }
    })
}

/// `n` threads sending `request` in a loop on fresh connections from 127.0.0.5 (answers
/// read, refusals counted as answers).
fn hammer(addr: &str, request: String, n: usize, stop: &Arc<AtomicBool>) -> Vec<JoinHandle<()>> {
    (0..n)
        .map(|_| {
            let (addr, request, stop) = (addr.to_string(), request.clone(), Arc::clone(stop));
            std::thread::spawn(move || {
                while !stop.load(Ordering::Relaxed) {
                    let mut s = connect_from("127.0.0.5", &addr);
                    s.set_read_timeout(Some(Duration::from_secs(5))).unwrap();
                    let _ = s.write_all(request.as_bytes());
                    let mut buf = [0u8; 4096];
                    while matches!(s.read(&mut buf), Ok(n) if n > 0) {}
                }
            })
        })
        .collect()
}

/// The good client: one request on a fresh connection every 20 ms until `until`; each
/// answer's latency. `ask` sends the request and reads the answer.
fn good_client(until: Instant, ask: impl Fn() -> bool) -> Vec<Duration> {
    let mut times = Vec::new();
    while Instant::now() < until {
        let t = Instant::now();
        assert!(ask(), "the good client got no good answer");
        times.push(t.elapsed());
        std::thread::sleep(Duration::from_millis(20));
    }
    times
}

/// Number of open sockets of the server process (Linux), or 0.
fn sockets_held(server: &Server) -> usize {
    let dir = format!("/proc/{}/fd", server.0.id());
    std::fs::read_dir(dir).map_or(0, |d| {
        d.filter_map(|e| std::fs::read_link(e.ok()?.path()).ok())
            .filter(|t| t.to_string_lossy().starts_with("socket:"))
            .count()
    })
}

/// Prints the figures and asserts the latency bound.
fn report(mode: &str, mut times: Vec<Duration>, held: usize) {
    times.sort();
    let at = |q: f64| times[((times.len() - 1) as f64 * q) as usize];
    let ms = |d: Duration| d.as_secs_f64() * 1e3;
    println!(
        "soak {mode}: {} good requests, p50 {:.2} ms, p99 {:.2} ms, max {:.2} ms; server sockets held at the end: {held}",
        times.len(),
        ms(at(0.5)),
        ms(at(0.99)),
        ms(at(1.0))
    );
    assert!(
        at(0.99) < Duration::from_millis(100),
        "{mode}: p99 {:?}",
        at(0.99)
    );
    assert!(
        at(1.0) < Duration::from_secs(1),
        "{mode}: max {:?}",
        at(1.0)
    );
}

#[test]
#[ignore = "soak: run by scripts/serve_soak.sh"]
fn soak_listen() {
    let model = big_model("listen");
    let path = model.0.to_str().unwrap();
    let (server, addr) = start(
        &[
            "serve",
            "--model",
            path,
            "--listen",
            "127.0.0.1:0",
            "--idle-timeout",
            "2s",
            "--line-timeout",
            "2s",
        ],
        "listening on ",
    );
    let stop = Arc::new(AtomicBool::new(false));
    let line = format!("{}\n", json!({"id": 1, "spot": SPOT}));
    let idle: Vec<_> = ["127.0.0.2", "127.0.0.4"]
        .iter()
        .flat_map(|from| idle_flood(from, &addr, 100))
        .collect();
    let mut workers = vec![
        swapper(&model, &stop),
        slowloris(&addr, line.clone(), 60, &stop),
    ];
    // Blank lines every 200 ms on 60 connections (before, they kept a slot for ever).
    workers.push(slowloris(&addr, "\n".into(), 60, &stop));
    workers.extend(hammer(&addr, line.clone(), 4, &stop));
    let times = good_client(Instant::now() + soak_time(), || {
        let Ok(s) = TcpStream::connect(&addr) else {
            return false;
        };
        s.set_read_timeout(Some(Duration::from_secs(5))).unwrap();
        if (&s).write_all(line.as_bytes()).is_err() {
            return false;
        }
        let mut answer = String::new();
        BufReader::new(&s).read_line(&mut answer).is_ok() && answer.contains("\"actions\"")
    });
    let held = sockets_held(&server);
    stop.store(true, Ordering::Relaxed);
    for w in workers {
        w.join().unwrap();
    }
    drop(idle);
    report("--listen", times, held);
}

#[test]
#[ignore = "soak: run by scripts/serve_soak.sh"]
fn soak_http() {
    let model = big_model("http");
    let path = model.0.to_str().unwrap();
    let (server, addr) = start(
        &[
            "serve",
            "--model",
            path,
            "--http",
            "127.0.0.1:0",
            "--line-timeout",
            "2s",
        ],
        "listening on http://",
    );
    let stop = Arc::new(AtomicBool::new(false));
    let post = |path: &str, body: &str, close: bool| {
        format!(
            "POST {path} HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\nContent-Length: {}\r\n{}\r\n{body}",
            body.len(),
            if close { "Connection: close\r\n" } else { "" }
        )
    };
    let spot = json!({"spot": SPOT}).to_string();
    let idle: Vec<_> = ["127.0.0.2", "127.0.0.4"]
        .iter()
        .flat_map(|from| idle_flood(from, &addr, 100))
        .collect();
    let mut workers = vec![
        swapper(&model, &stop),
        // Slow headers, and keep-alive requests sent one byte at a time.
        slowloris(&addr, post("/api/query", &spot, false), 60, &stop),
    ];
    workers.extend(hammer(&addr, post("/api/range", &spot, true), 4, &stop));
    let request = post("/api/query", &spot, true);
    let times = good_client(Instant::now() + soak_time(), || {
        let Ok(mut s) = TcpStream::connect(&addr) else {
            return false;
        };
        s.set_read_timeout(Some(Duration::from_secs(5))).unwrap();
        if s.write_all(request.as_bytes()).is_err() {
            return false;
        }
        let mut answer = String::new();
        s.read_to_string(&mut answer).is_ok()
            && answer.starts_with("HTTP/1.1 200")
            && answer.contains("\"actions\"")
    });
    let held = sockets_held(&server);
    stop.store(true, Ordering::Relaxed);
    for w in workers {
        w.join().unwrap();
    }
    drop(idle);
    report("--http", times, held);
}
