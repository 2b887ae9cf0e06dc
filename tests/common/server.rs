//! A `truco serve` process for the server tests: a one-row model, the process killed on drop,
//! the TCP address it listens on, and bounded waits.

use std::io::{BufRead, BufReader};
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::sync::mpsc;
use std::time::Duration;

use truco_game::abstraction::Abstraction;
use truco_game::Spot;
use truco_query::{TableMeta, TableWriter};

/// The spot the one-row model answers.
pub const SPOT: &str = "arg-1v1 | score 0-0 | dealer 1 | seat 0: 1E 7O 3C";
/// Longest wait of any test step.
pub const TIMEOUT: Duration = Duration::from_secs(20);

/// A temporary model with one row (SPOT's key), removed on drop.
pub struct Model(pub PathBuf);

impl Model {
    /// A model whose one row weighs action i by i + 1.
    pub fn new(tag: &str) -> Model {
        let path =
            std::env::temp_dir().join(format!("truco-serve-{tag}-{}.tbl", std::process::id()));
        write_model(&path, |i| (i + 1) as f32);
        Model(path)
    }
}

/// Writes a one-row arg-1v1 table for SPOT, weighing action i by `weight(i)`.
pub fn write_model(path: &std::path::Path, weight: impl Fn(usize) -> f32) {
    write_model_rows(path, weight, 0);
}

/// [`write_model`] with `filler` more rows (keys other than SPOT's): a table of many pages,
/// whose truncation under a mapping faults.
pub fn write_model_rows(path: &std::path::Path, weight: impl Fn(usize) -> f32, filler: u64) {
    let a = Abstraction::Tiers;
    let spot: Spot = SPOT.parse().unwrap();
    let view = spot.to_view().unwrap();
    let mut legal = truco_game::ActionList::new();
    view.public().legal_actions(view.hand(), &mut legal);
    let weights: Vec<f32> = (0..legal.len()).map(weight).collect();
    let mut w = TableWriter::new(TableMeta {
        variant: "arg-1v1".into(),
        options: String::new(),
        abstraction_id: a.id().into(),
        abstraction_hash: a.definition_hash(),
    });
    let key = a.key(&view, spot.history()).unwrap();
    w.push(key, &weights, None).unwrap();
    for k in (0..filler).map(|i| i.wrapping_mul(0x9e37_79b9_7f4a_7c15)) {
        if k != key {
            w.push(k, &[1.0f32, 2.0, 3.0], None).unwrap();
        }
    }
    w.write(path).unwrap();
}

impl Drop for Model {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.0);
    }
}

/// The server process, killed on drop.
pub struct Server(pub Child);

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// The binary under test: `$TRUCO_BIN` when set (to run these tests against another build,
/// e.g. one without a fix), else the one cargo built.
pub fn truco_bin() -> String {
    std::env::var("TRUCO_BIN").unwrap_or_else(|_| env!("CARGO_BIN_EXE_truco").to_string())
}

/// Runs `f` on a thread and waits at most TIMEOUT for it.
pub fn bounded<T: Send + 'static>(f: impl FnOnce() -> T + Send + 'static) -> T {
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        let _ = tx.send(f());
    });
    rx.recv_timeout(TIMEOUT).expect("timed out")
}

/// Starts `truco serve --listen 127.0.0.1:0` on `model` with `extra` flags; returns the
/// process and the address it listens on.
pub fn start_tcp(model: &Model, extra: &[&str]) -> (Server, String) {
    let mut args = vec!["serve", "--model", model.0.to_str().unwrap()];
    args.extend(["--listen", "127.0.0.1:0"]);
    args.extend(extra);
    start(&args, "listening on ")
}

/// Starts `truco ARGS` (a server) and reads its first line, `PREFIX` then the address;
/// returns the process and the address.
pub fn start(args: &[&str], prefix: &str) -> (Server, String) {
    let mut server = Server(
        Command::new(truco_bin())
            .args(args)
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .unwrap(),
    );
    let stdout = server.0.stdout.take().unwrap();
    let first = bounded(move || {
        let mut line = String::new();
        BufReader::new(stdout).read_line(&mut line).unwrap();
        line
    });
    let addr = first
        .trim()
        .strip_prefix(prefix)
        .unwrap_or_else(|| panic!("{first}"))
        .to_string();
    (server, addr)
}

/// A connection to `addr` from the loopback address `from` (127.0.0.2, 127.0.0.3...: another
/// client address on the same machine, for the per-address caps), with bounded reads and
/// writes.
pub fn connect_from(from: &str, addr: &str) -> std::net::TcpStream {
    use socket2::{Domain, Socket, Type};
    let to: std::net::SocketAddr = addr.parse().unwrap();
    let s = Socket::new(Domain::IPV4, Type::STREAM, None).unwrap();
    let local: std::net::SocketAddr = format!("{from}:0").parse().unwrap();
    s.bind(&local.into()).unwrap();
    s.connect_timeout(&to.into(), TIMEOUT).unwrap();
    let s: std::net::TcpStream = s.into();
    s.set_read_timeout(Some(TIMEOUT)).unwrap();
    s.set_write_timeout(Some(TIMEOUT)).unwrap();
    s
}

/// Runs `truco ARGS`, which must exit with an error within TIMEOUT (a server that starts
/// instead is killed and the test fails); returns its stderr.
pub fn refused(args: &[&str]) -> String {
    let mut child = Server(
        Command::new(truco_bin())
            .args(args)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap(),
    );
    let deadline = std::time::Instant::now() + TIMEOUT;
    let status = loop {
        if let Some(status) = child.0.try_wait().unwrap() {
            break status;
        }
        assert!(
            std::time::Instant::now() < deadline,
            "`truco {}` did not exit: it served",
            args.join(" ")
        );
        std::thread::sleep(Duration::from_millis(20));
    };
    let mut stderr = String::new();
    std::io::Read::read_to_string(&mut child.0.stderr.take().unwrap(), &mut stderr).unwrap();
    let mut stdout = String::new();
    std::io::Read::read_to_string(&mut child.0.stdout.take().unwrap(), &mut stdout).unwrap();
    assert!(
        !status.success(),
        "`truco {}` succeeded: {stdout}",
        args.join(" ")
    );
    assert!(!stdout.contains("listening"), "{stdout}");
    stderr
}
