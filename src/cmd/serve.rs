//! `truco serve`: answers recommendation requests, one JSON object a line, on stdin/stdout or
//! over TCP (`--listen`), from one strategy table shared read-only by every client.
//!
//! The requests and answers are `truco_query::protocol`'s. Lines holding only
//! whitespace are skipped; every other line gets exactly one answer, in order. No request can
//! stop the server.
//!
//! Over TCP (`--listen`) the server is asynchronous (tokio): thousands of open connections
//! cost a task each, not a thread, and no client can hold the others up. A client that sends
//! no request for `--idle-timeout` (blank lines are not requests: they do not keep a
//! connection open), or whose request line does not arrive within `--line-timeout` of its
//! first byte, gets one `timeout` error line and is closed; a client that does not read its
//! answers within the write timeout is closed; past `--max-clients`, or past
//! `--max-per-address` connections from its address, a new client gets one readable `busy`
//! error line (then the server closes its side after reading what the client sent, so the
//! line is not lost to a reset). Only loopback addresses are served unless `--allow-remote`.

use std::io::{BufRead, Read, Write};
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use tokio::io::{AsyncBufReadExt, AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::Semaphore;

use serde_json::Value;
use truco_query::protocol::{error_answer, too_long};
use truco_query::PolicyError;
use truco_search::SearchBudget;

use super::net_limits::{
    check_bind, descriptor_limit, fit_to_descriptors, parse_max_clients, PerAddress,
};
use super::served::{ServeAs, ServedModel};

/// Arguments of `truco serve`.
#[derive(clap::Args, Debug, Clone)]
pub struct Args {
    /// The strategy table (e.g. models/arg-1v1.tbl). With --http, repeatable: the explorer
    /// lets you choose among the tables and compare two.
    #[arg(long, value_name = "FILE", required = true)]
    pub model: Vec<PathBuf>,
    /// Serve over TCP on this address (e.g. 127.0.0.1:7878; port 0 picks a free port) instead
    /// of stdin/stdout. The first line on stdout is `listening on ADDR`.
    #[arg(long, value_name = "ADDR", conflicts_with = "http")]
    pub listen: Option<String>,
    /// Serve the web spot explorer and its JSON API over HTTP on this address (default
    /// 127.0.0.1:8080; port 0 picks a free port). The first line on stdout is
    /// `listening on http://ADDR`.
    #[arg(long, value_name = "ADDR", num_args = 0..=1, default_missing_value = "127.0.0.1:8080")]
    pub http: Option<String>,
    /// Serve on an address other than loopback (reachable from other machines: there is no
    /// authentication). Without it such an address is refused.
    #[arg(long)]
    pub allow_remote: bool,
    /// Skip the body checksum at open (faster for a large table).
    #[arg(long)]
    pub no_verify: bool,
    /// Search every answer over the table for this budget (50ms, 2000it...; every
    /// variant): the player plays the searched strategy; the answer
    /// carries its probabilities, each action's value in points and match-win chance, and a
    /// `search` field.
    #[arg(long, value_name = "BUDGET", conflicts_with = "raw")]
    pub search: Option<SearchBudget>,
    /// Answer with the table's row alone, as trained (`"raw": true`, no `"move"`).
    #[arg(long)]
    pub raw: bool,
    /// Most connections held at once (1 to 1000000); more are refused (TCP: a `busy` error
    /// line; HTTP: a 503 with a JSON body).
    #[arg(long, default_value_t = MAX_CLIENTS, value_parser = parse_max_clients)]
    pub max_clients: usize,
    /// Most connections held at once from one client address; more are refused like those
    /// past --max-clients.
    #[arg(long, default_value_t = MAX_PER_ADDRESS, value_parser = parse_max_clients)]
    pub max_per_address: usize,
    /// Close a client that sends no request for this long (90s, 10m...). With --http, an idle
    /// keep-alive connection is closed after the shorter of this and --line-timeout.
    #[arg(long, value_parser = super::train::parse_duration, default_value = "5m")]
    pub idle_timeout: Duration,
    /// A request line (HTTP: a request's header, and its whole exchange) must be complete this
    /// long after it starts, else the client gets a `timeout` error (HTTP: 408) and is closed
    /// (slow senders cannot hold a slot).
    #[arg(long, value_parser = super::train::parse_duration, default_value = "10s")]
    pub line_timeout: Duration,
}

/// Why the server stopped or could not start.
#[derive(Debug, thiserror::Error)]
pub enum ServeError {
    /// The model could not be opened.
    #[error("{0}")]
    Policy(#[from] PolicyError),
    /// The listening address could not be bound.
    #[error("cannot listen on {addr}: {source}")]
    Bind {
        /// The address asked for.
        addr: String,
        /// The error.
        #[source]
        source: std::io::Error,
    },
    /// Reading requests or writing answers failed (stdin/stdout mode).
    #[error("i/o error: {0}")]
    Io(#[from] std::io::Error),
    /// `--search` cannot search this table.
    #[error("{0}")]
    Search(#[from] truco_search::SearchError),
}

/// Longest request line read, in bytes; a longer line gets a `too_long` error.
pub const MAX_LINE: usize = 64 * 1024;

/// Most TCP clients served at once by default; more are answered with one `busy` error and
/// closed.
pub const MAX_CLIENTS: usize = 4096;

/// Most connections from one address by default.
pub const MAX_PER_ADDRESS: usize = 64;

/// A client that has not read its answers for this long is closed.
const WRITE_TIMEOUT: Duration = Duration::from_secs(10);

/// How long a refused (`busy`) client's input is read and discarded before its connection is
/// closed.
const BUSY_DRAIN: Duration = Duration::from_millis(500);

/// The server's limits (TCP and HTTP).
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    /// Most clients at once.
    pub max_clients: usize,
    /// Most refused connections answered (`busy`) at once; more are closed at once.
    pub refusals: usize,
    /// Most clients at once from one address.
    pub per_address: usize,
    /// Longest wait for a request's first byte.
    pub idle: Duration,
    /// Longest time from a request's first byte to its newline.
    pub line: Duration,
}

/// How the models of `args` are served.
fn serve_as(args: &Args) -> ServeAs {
    ServeAs {
        no_verify: args.no_verify,
        raw: args.raw,
        search: args.search,
    }
}

/// Runs `truco serve`.
pub fn run(args: &Args, out: &mut impl Write) -> Result<(), ServeError> {
    if args.idle_timeout.is_zero() || args.line_timeout.is_zero() {
        return Err(invalid(
            "--idle-timeout and --line-timeout must be more than 0",
        ));
    }
    let (max_clients, refusals) = fit_to_descriptors(args.max_clients, descriptor_limit());
    if max_clients < args.max_clients {
        eprintln!(
            "truco serve: --max-clients lowered to {max_clients}: the process may open only so many connections (raise `ulimit -n` for more)"
        );
    }
    let limits = Limits {
        max_clients,
        refusals,
        per_address: args.max_per_address,
        idle: args.idle_timeout,
        line: args.line_timeout,
    };
    if let Some(addr) = &args.http {
        let how = super::web::How {
            serve: serve_as(args),
            allow_remote: args.allow_remote,
            limits,
        };
        return super::web::run(addr, &args.model, how, out);
    }
    let [model] = args.model.as_slice() else {
        return Err(invalid(
            "one --model per server (several only with --http, the explorer)",
        ));
    };
    let policy = Arc::new(ServedModel::open_as(model, &serve_as(args))?);
    match &args.listen {
        None => {
            let stdin = std::io::stdin();
            serve_lines(&policy, stdin.lock(), out)?;
            Ok(())
        }
        Some(addr) => {
            let rt = tokio::runtime::Builder::new_multi_thread()
                .enable_all()
                .build()?;
            rt.block_on(async {
                let listener =
                    TcpListener::bind(addr)
                        .await
                        .map_err(|source| ServeError::Bind {
                            addr: addr.clone(),
                            source,
                        })?;
                let local = listener.local_addr()?;
                check_bind(&local, args.allow_remote).map_err(invalid)?;
                writeln!(out, "listening on {local}")?;
                out.flush()?;
                serve_tcp(policy, listener, limits).await;
                Ok(())
            })
        }
    }
}

/// A usage error.
fn invalid(message: impl Into<String>) -> ServeError {
    ServeError::Io(std::io::Error::new(
        std::io::ErrorKind::InvalidInput,
        message.into(),
    ))
}

/// Accepts clients forever, one task each, at most `limits.max_clients` at once and
/// `limits.per_address` from one address.
async fn serve_tcp(policy: Arc<ServedModel>, listener: TcpListener, limits: Limits) {
    let slots = Arc::new(Semaphore::new(limits.max_clients));
    let per_address = PerAddress::new(limits.per_address);
    // Refused clients are drained by tasks too, boundedly: past this many, closed at once.
    let refusals = Arc::new(Semaphore::new(limits.refusals));
    loop {
        let (stream, peer) = match listener.accept().await {
            Ok(accepted) => accepted,
            Err(_) => {
                // Out of descriptors or the like: wait a little rather than spin.
                tokio::time::sleep(Duration::from_millis(10)).await;
                continue;
            }
        };
        let _ = stream.set_nodelay(true);
        let held = per_address.try_hold(peer.ip());
        match (Arc::clone(&slots).try_acquire_owned(), held) {
            (Ok(permit), Some(held)) => {
                let policy = Arc::clone(&policy);
                tokio::spawn(async move {
                    let _ = serve_client(&policy, stream, limits).await;
                    drop((permit, held));
                });
            }
            _ => {
                if let Ok(permit) = Arc::clone(&refusals).try_acquire_owned() {
                    tokio::spawn(async move {
                        refuse_busy(stream).await;
                        drop(permit);
                    });
                }
            }
        }
    }
}

/// Answers a client over the limit with one `busy` line, reads (and drops) what it sent for a
/// moment, then closes: closing with unread input would reset the connection and the client
/// would never see the line.
async fn refuse_busy(mut stream: TcpStream) {
    let busy = error_answer(Value::Null, "busy", "too many clients; retry later");
    let line = format!("{busy}\n");
    let sent = tokio::time::timeout(WRITE_TIMEOUT, stream.write_all(line.as_bytes())).await;
    if !matches!(sent, Ok(Ok(()))) {
        return;
    }
    let _ = stream.shutdown().await;
    let mut sink = [0u8; 4096];
    let deadline = tokio::time::Instant::now() + BUSY_DRAIN;
    while let Ok(Ok(n)) = tokio::time::timeout_at(deadline, stream.read(&mut sink)).await {
        if n == 0 {
            break;
        }
    }
}

/// Serves one TCP client until it closes the connection, idles too long, sends a line too
/// slowly, or stops reading its answers.
async fn serve_client(
    policy: &ServedModel,
    stream: TcpStream,
    limits: Limits,
) -> std::io::Result<()> {
    let (read, mut write) = stream.into_split();
    let mut reader = tokio::io::BufReader::new(read);
    let mut line = Vec::new();
    // Blank lines are not requests: the idle deadline runs from the last answer.
    let mut idle_until = tokio::time::Instant::now() + limits.idle;
    loop {
        // Wait for the next request's first byte (or the end of the connection).
        let ready = tokio::time::timeout_at(idle_until, reader.fill_buf()).await;
        match ready {
            Err(_) => {
                let msg = format!("no request for {} s: closing", limits.idle.as_secs_f64());
                return send(&mut write, &error_answer(Value::Null, "timeout", &msg)).await;
            }
            Ok(Err(e)) => return Err(e),
            Ok(Ok([])) => return Ok(()),
            Ok(Ok(_)) => {}
        }
        line.clear();
        let read = tokio::time::timeout(
            limits.line,
            (&mut reader)
                .take(MAX_LINE as u64 + 1)
                .read_until(b'\n', &mut line),
        )
        .await;
        let n = match read {
            Err(_) => {
                let msg = format!(
                    "request line not complete {} s after its first byte: closing",
                    limits.line.as_secs_f64()
                );
                return send(&mut write, &error_answer(Value::Null, "timeout", &msg)).await;
            }
            Ok(r) => r?,
        };
        if n == 0 {
            return Ok(());
        }
        let answer = if line.len() > MAX_LINE && line.last() != Some(&b'\n') {
            // The rest of an over-long line is discarded under the same deadline.
            let skipped = tokio::time::timeout(limits.line, skip_line_async(&mut reader)).await;
            if !matches!(skipped, Ok(Ok(()))) {
                return Ok(());
            }
            too_long(MAX_LINE)
        } else {
            // A searched answer computes for its budget: off the async workers' hot path.
            match tokio::task::block_in_place(|| policy.answer(&line)) {
                Some(a) => a,
                None => continue,
            }
        };
        send(&mut write, &answer).await?;
        idle_until = tokio::time::Instant::now() + limits.idle;
    }
}

/// Writes one answer line, within the write timeout.
async fn send(write: &mut tokio::net::tcp::OwnedWriteHalf, answer: &Value) -> std::io::Result<()> {
    let text = format!("{answer}\n");
    match tokio::time::timeout(WRITE_TIMEOUT, write.write_all(text.as_bytes())).await {
        Ok(r) => r,
        Err(_) => Err(std::io::Error::new(
            std::io::ErrorKind::TimedOut,
            "the client does not read its answers",
        )),
    }
}

/// Discards the rest of an over-long line (async).
async fn skip_line_async<R: tokio::io::AsyncBufRead + Unpin>(input: &mut R) -> std::io::Result<()> {
    loop {
        let buf = input.fill_buf().await?;
        if buf.is_empty() {
            return Ok(());
        }
        match buf.iter().position(|&b| b == b'\n') {
            Some(i) => {
                input.consume(i + 1);
                return Ok(());
            }
            None => {
                let n = buf.len();
                input.consume(n);
            }
        }
    }
}

/// Answers every request line of `input` on `out`, in order, flushing after each answer.
pub fn serve_lines(
    policy: &ServedModel,
    mut input: impl BufRead,
    out: &mut impl Write,
) -> std::io::Result<()> {
    let mut line = Vec::new();
    loop {
        line.clear();
        let n = (&mut input)
            .take(MAX_LINE as u64 + 1)
            .read_until(b'\n', &mut line)?;
        if n == 0 {
            return Ok(());
        }
        let answer = if line.len() > MAX_LINE && line.last() != Some(&b'\n') {
            skip_line(&mut input)?;
            too_long(MAX_LINE)
        } else {
            match policy.answer(&line) {
                Some(a) => a,
                None => continue,
            }
        };
        writeln!(out, "{answer}")?;
        out.flush()?;
    }
}

/// Discards the rest of an over-long line.
fn skip_line(input: &mut impl BufRead) -> std::io::Result<()> {
    loop {
        let buf = input.fill_buf()?;
        if buf.is_empty() {
            return Ok(());
        }
        match buf.iter().position(|&b| b == b'\n') {
            Some(i) => {
                input.consume(i + 1);
                return Ok(());
            }
            None => {
                let n = buf.len();
                input.consume(n);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn skip_line_discards_to_the_newline() {
        let mut input = std::io::Cursor::new(b"xxxxxxxx\nnext\n".to_vec());
        skip_line(&mut input).unwrap();
        let mut rest = String::new();
        Read::read_to_string(&mut input, &mut rest).unwrap();
        assert_eq!(rest, "next\n");
    }

    #[test]
    fn error_answers_have_kind_and_message() {
        let v = error_answer(serde_json::json!(7), "bad_spot", "oops");
        assert_eq!(v["id"], 7);
        assert_eq!(v["error"]["kind"], "bad_spot");
        assert_eq!(v["error"]["message"], "oops");
    }
}
