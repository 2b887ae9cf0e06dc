//! `truco serve --http` against hostile clients and pages of other sites: idle, slow-header,
//! keep-alive and slow-body connections are closed within `--line-timeout`; one address holds
//! at most `--max-per-address` connections; range requests past the limit get a 503 at once;
//! a Host or Origin of another site is refused; the page carries its security headers; every
//! error status has a JSON body; a non-loopback address needs `--allow-remote`. Every wait is
//! bounded.

use std::io::{Read, Write};
use std::net::TcpStream;
use std::time::Duration;

use serde_json::{json, Value};

mod common;

use common::server::{connect_from, refused, start, Model, Server, SPOT, TIMEOUT};

/// Starts the explorer on `model` with `extra` flags; returns the process and its `host:port`.
fn start_http(model: &Model, extra: &[&str]) -> (Server, String) {
    let mut args = vec!["serve", "--http", "127.0.0.1:0", "--model"];
    args.push(model.0.to_str().unwrap());
    args.extend(extra);
    start(&args, "listening on http://")
}

fn connect(addr: &str) -> TcpStream {
    let s = TcpStream::connect(addr).unwrap();
    s.set_read_timeout(Some(TIMEOUT)).unwrap();
    s.set_write_timeout(Some(TIMEOUT)).unwrap();
    s
}

/// Sends `raw` and reads until the server closes; the status and the whole answer.
fn exchange(mut s: TcpStream, raw: &str) -> (u16, String) {
    let _ = s.write_all(raw.as_bytes());
    let mut out = Vec::new();
    let _ = s.read_to_end(&mut out);
    let text = String::from_utf8_lossy(&out).into_owned();
    let status = text
        .split_whitespace()
        .nth(1)
        .and_then(|c| c.parse().ok())
        .unwrap_or(0);
    (status, text)
}

fn request(addr: &str, method: &str, path: &str, extra: &str, body: &str) -> String {
    format!(
        "{method} {path} HTTP/1.1\r\nHost: {addr}\r\n{extra}Content-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    )
}

/// The JSON body of an answer.
fn body(text: &str) -> Value {
    let b = text.split_once("\r\n\r\n").map_or("", |(_, b)| b);
    serde_json::from_str(b).unwrap_or_else(|e| panic!("{e}: {text}"))
}

/// Whether the server closes `s` (an end of stream, not the read timeout) while it sends
/// `sent` then nothing.
fn closed_by_server(mut s: TcpStream, sent: &[u8]) -> bool {
    s.write_all(sent).unwrap();
    let mut out = Vec::new();
    s.read_to_end(&mut out).is_ok()
}

#[test]
fn idle_slow_header_keep_alive_and_slow_body_connections_are_closed() {
    let model = Model::new("http-timeouts");
    let (_server, addr) = start_http(&model, &["--line-timeout", "1s"]);
    // Before, each of these stayed open for as long as the client liked.
    assert!(closed_by_server(connect(&addr), b""), "idle");
    assert!(
        closed_by_server(connect(&addr), b"GET / HTTP/1.1\r\nHost: x"),
        "slow header"
    );
    let keep = format!("GET /api/models HTTP/1.1\r\nHost: {addr}\r\n\r\n");
    assert!(
        closed_by_server(connect(&addr), keep.as_bytes()),
        "keep-alive"
    );
    let slow_body = format!(
        "POST /api/query HTTP/1.1\r\nHost: {addr}\r\nContent-Length: 100\r\n\r\n{{\"spot\":"
    );
    let (status, text) = exchange(connect(&addr), &slow_body);
    assert_eq!(status, 408, "{text}");
    assert_eq!(body(&text)["error"]["kind"], "timeout");
    let chunked = format!(
        "POST /api/query HTTP/1.1\r\nHost: {addr}\r\nTransfer-Encoding: chunked\r\n\r\n5\r\n{{\"spo"
    );
    assert!(
        closed_by_server(connect(&addr), chunked.as_bytes()),
        "chunked"
    );
}

#[test]
fn one_address_holds_at_most_its_cap_and_others_are_served() {
    let model = Model::new("http-per-address");
    let (_server, addr) = start_http(&model, &["--max-per-address", "3"]);
    let held: Vec<TcpStream> = (0..3).map(|_| connect_from("127.0.0.2", &addr)).collect();
    std::thread::sleep(Duration::from_millis(100));
    let (status, text) = exchange(
        connect_from("127.0.0.2", &addr),
        &request(&addr, "GET", "/api/models", "", ""),
    );
    assert_eq!(status, 503, "{text}");
    assert_eq!(body(&text)["error"]["kind"], "busy");
    let (status, text) = exchange(
        connect(&addr),
        &request(&addr, "GET", "/api/models", "", ""),
    );
    assert_eq!(status, 200, "{text}");
    drop(held);
}

#[test]
fn range_requests_past_the_limit_are_refused_at_once() {
    let model = Model::new("http-range");
    let (mut server, addr) = start_http(&model, &[]);
    let spot = json!({"spot": SPOT}).to_string();
    // The server computes one range per core and queues as many: send four times that, all
    // at once (before, all were computed, the good clients waiting behind them).
    let n = 4 * std::thread::available_parallelism().map_or(2, |n| n.get()) + 8;
    let go = std::sync::Arc::new(std::sync::Barrier::new(n));
    let clients: Vec<_> = (0..n)
        .map(|_| {
            let (addr, spot, go) = (addr.clone(), spot.clone(), std::sync::Arc::clone(&go));
            std::thread::spawn(move || {
                let s = connect(&addr);
                go.wait();
                exchange(s, &request(&addr, "POST", "/api/range", "", &spot))
            })
        })
        .collect();
    let answers: Vec<(u16, String)> = clients.into_iter().map(|c| c.join().unwrap()).collect();
    let statuses: Vec<u16> = answers.iter().map(|a| a.0).collect();
    assert!(
        statuses.iter().all(|s| *s == 200 || *s == 503),
        "{statuses:?}"
    );
    assert!(statuses.contains(&200), "{statuses:?}");
    let busy = answers
        .iter()
        .find(|a| a.0 == 503)
        .expect("some were refused");
    assert_eq!(body(&busy.1)["error"]["kind"], "busy");
    assert!(server.0.try_wait().unwrap().is_none());
    // Once they are done, the next is served.
    let (status, _) = exchange(
        connect(&addr),
        &request(&addr, "POST", "/api/range", "", &spot),
    );
    assert_eq!(status, 200);
}

#[test]
fn another_sites_host_or_origin_is_refused() {
    let model = Model::new("http-origin");
    let (_server, addr) = start_http(&model, &[]);
    let port = addr.rsplit(':').next().unwrap();
    let q = json!({"spot": SPOT}).to_string();
    // DNS rebinding: a name of the attacker's resolving to 127.0.0.1.
    let forged = format!(
        "GET /api/models HTTP/1.1\r\nHost: evil.example:{port}\r\nConnection: close\r\n\r\n"
    );
    let (status, text) = exchange(connect(&addr), &forged);
    assert_eq!(status, 403, "{text}");
    assert_eq!(body(&text)["error"]["kind"], "forbidden");
    // A page of another site posting from the visitor's browser.
    let cross = request(
        &addr,
        "POST",
        "/api/query",
        "Origin: http://evil.example\r\n",
        &q,
    );
    assert_eq!(exchange(connect(&addr), &cross).0, 403);
    // The explorer's own page, by either loopback name.
    let own = format!("Origin: http://{addr}\r\n");
    assert_eq!(
        exchange(
            connect(&addr),
            &request(&addr, "POST", "/api/query", &own, &q)
        )
        .0,
        200
    );
    let local = format!("localhost:{port}");
    let own = format!("Origin: http://{local}\r\n");
    assert_eq!(
        exchange(
            connect(&addr),
            &request(&local, "POST", "/api/query", &own, &q)
        )
        .0,
        200
    );
}

#[test]
fn the_page_has_security_headers_and_every_error_a_json_body() {
    let model = Model::new("http-headers");
    let (_server, addr) = start_http(&model, &[]);
    let (status, text) = exchange(connect(&addr), &request(&addr, "GET", "/", "", ""));
    assert_eq!(status, 200);
    let head = text.split_once("\r\n\r\n").unwrap().0.to_ascii_lowercase();
    assert!(
        head.contains("content-security-policy: default-src 'none'"),
        "{head}"
    );
    assert!(head.contains("frame-ancestors 'none'"), "{head}");
    assert!(head.contains("x-content-type-options: nosniff"), "{head}");
    assert!(head.contains("x-frame-options: deny"), "{head}");
    // Before, a 405 had an empty body.
    let (status, text) = exchange(
        connect(&addr),
        &request(&addr, "DELETE", "/api/query", "", ""),
    );
    assert_eq!(status, 405);
    assert_eq!(body(&text)["error"]["kind"], "method_not_allowed");
}

#[test]
fn a_non_loopback_address_needs_allow_remote() {
    let model = Model::new("http-remote");
    let path = model.0.to_str().unwrap();
    let stderr = refused(&["serve", "--model", path, "--http", "0.0.0.0:0"]);
    assert!(stderr.contains("--allow-remote"), "{stderr}");
    let (_server, addr) = start(
        &[
            "serve",
            "--model",
            path,
            "--http",
            "0.0.0.0:0",
            "--allow-remote",
        ],
        "listening on http://",
    );
    assert!(addr.starts_with("0.0.0.0:"), "{addr}");
}

#[test]
fn under_a_low_descriptor_limit_a_flood_leaves_no_client_hanging() {
    let model = Model::new("http-fds");
    // 256 descriptors (soft and hard): the server fits its caps to them.
    let cmd = format!(
        "ulimit -n 256 && exec '{}' serve --http 127.0.0.1:0 --model '{}'",
        common::server::truco_bin(),
        model.0.display()
    );
    let mut server = Server(
        std::process::Command::new("sh")
            .args(["-c", &cmd])
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::null())
            .spawn()
            .unwrap(),
    );
    let mut first = String::new();
    std::io::BufRead::read_line(
        &mut std::io::BufReader::new(server.0.stdout.take().unwrap()),
        &mut first,
    )
    .unwrap();
    let addr = first
        .trim()
        .strip_prefix("listening on http://")
        .unwrap()
        .to_string();
    // 300 idle connections from five addresses: more than the descriptors.
    let flood: Vec<TcpStream> = (2..7)
        .flat_map(|k| (0..60).map(move |_| k))
        .map(|k| connect_from(&format!("127.0.0.{k}"), &addr))
        .collect();
    std::thread::sleep(Duration::from_millis(300));
    // Before: accept failed and a new client hung, unanswered. Now it is answered (200, or a
    // 503 while refusals have room) or closed at once: never left waiting.
    let s = connect(&addr);
    s.set_read_timeout(Some(Duration::from_secs(5))).unwrap();
    let _ = (&s).write_all(request(&addr, "GET", "/api/models", "", "").as_bytes());
    let mut out = Vec::new();
    let read = (&s).read_to_end(&mut out);
    let hung = matches!(&read, Err(e) if matches!(e.kind(), std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut));
    assert!(!hung, "the client was left waiting");
    let text = String::from_utf8_lossy(&out);
    let answered = ["", "HTTP/1.1 200", "HTTP/1.1 503"];
    assert!(
        answered
            .iter()
            .any(|a| text.starts_with(a) && (a.is_empty() == text.is_empty())),
        "{text}"
    );
    drop(flood);
    std::thread::sleep(Duration::from_millis(300));
    let (status, text) = exchange(
        connect(&addr),
        &request(&addr, "GET", "/api/models", "", ""),
    );
    assert_eq!(status, 200, "{text}");
    assert!(server.0.try_wait().unwrap().is_none());
}

#[test]
fn http_without_an_address_binds_loopback() {
    let model = Model::new("http-default");
    let mut server = Server(
        std::process::Command::new(common::server::truco_bin())
            .args(["serve", "--http", "--model", model.0.to_str().unwrap()])
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .unwrap(),
    );
    let stdout = server.0.stdout.take().unwrap();
    let first = common::server::bounded(move || {
        let mut line = String::new();
        let _ = std::io::BufRead::read_line(&mut std::io::BufReader::new(stdout), &mut line);
        line
    });
    if first.is_empty() {
        // Port 8080 taken on this machine: the error still names the loopback address.
        let mut err = String::new();
        server
            .0
            .stderr
            .take()
            .unwrap()
            .read_to_string(&mut err)
            .unwrap();
        assert!(err.contains("127.0.0.1:8080"), "{err}");
    } else {
        assert_eq!(first.trim(), "listening on http://127.0.0.1:8080");
    }
}

#[test]
fn max_clients_is_honoured_over_http() {
    let model = Model::new("http-max-clients");
    // Before, --max-clients was accepted with --http and ignored.
    let (_server, addr) = start_http(&model, &["--max-clients", "2"]);
    let held: Vec<TcpStream> = ["127.0.0.2", "127.0.0.3"]
        .iter()
        .map(|from| connect_from(from, &addr))
        .collect();
    std::thread::sleep(Duration::from_millis(100));
    let (status, text) = exchange(
        connect(&addr),
        &request(&addr, "GET", "/api/models", "", ""),
    );
    assert_eq!(status, 503, "{text}");
    assert_eq!(body(&text)["error"]["kind"], "busy");
    drop(held);
    std::thread::sleep(Duration::from_millis(200));
    let (status, text) = exchange(
        connect(&addr),
        &request(&addr, "GET", "/api/models", "", ""),
    );
    assert_eq!(status, 200, "{text}");
}
