//! `truco serve`: answers recommendation requests, one JSON object a line, on stdin/stdout or
//! over TCP (`--listen`), from one strategy table shared read-only by every client.
//!
//! Request: `{"id": <any>, "spot": "<spot notation>", "sample": false, "seed": 1}` (`id`
//! optional, echoed as is, `null` if absent; `sample` optional, default false; `seed` optional,
//! default 0, used when `sample` is true).
//! Answer: `{"id": .., "actions": [{"action": "truco", "prob": 0.31, "value": null}, ...],
//! "fallback": false}` plus `"action": "<drawn>"` when `sample` is true; or
//! `{"id": .., "error": {"kind": "bad_spot", "message": ".."}}`. Lines holding only
//! whitespace are skipped; every other line gets exactly one answer, in order. No request can
//! stop the server.

use std::io::{BufRead, BufReader, BufWriter, Read, Write};
use std::net::{TcpListener, TcpStream};
use std::path::PathBuf;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;

use rand::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;
use serde_json::{json, Map, Value};
use truco_game::Spot;
use truco_query::{ActionOrder, Policy, PolicyError};

use super::query::{actions_json, open_policy};

/// Arguments of `truco serve`.
#[derive(clap::Args, Debug, Clone)]
pub struct Args {
    /// The strategy table (e.g. models/arg-1v1.tbl).
    #[arg(long, value_name = "FILE")]
    pub model: PathBuf,
    /// Serve over TCP on this address (e.g. 127.0.0.1:7878; port 0 picks a free port) instead
    /// of stdin/stdout. The first line on stdout is `listening on ADDR`.
    #[arg(long, value_name = "ADDR")]
    pub listen: Option<String>,
    /// Skip the body checksum at open (faster for a large table).
    #[arg(long)]
    pub no_verify: bool,
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
}

/// Longest request line read, in bytes; a longer line gets a `too_long` error.
pub const MAX_LINE: usize = 64 * 1024;

/// Most TCP clients served at once; more are answered with one `busy` error and closed.
pub const MAX_CLIENTS: usize = 256;

/// Runs `truco serve`.
pub fn run(args: &Args, out: &mut impl Write) -> Result<(), ServeError> {
    let policy = Arc::new(open_policy(&args.model, args.no_verify)?);
    match &args.listen {
        None => {
            let stdin = std::io::stdin();
            serve_lines(&policy, stdin.lock(), out)?;
            Ok(())
        }
        Some(addr) => {
            let listener = TcpListener::bind(addr).map_err(|source| ServeError::Bind {
                addr: addr.clone(),
                source,
            })?;
            writeln!(out, "listening on {}", listener.local_addr()?)?;
            out.flush()?;
            serve_tcp(policy, &listener);
            Ok(())
        }
    }
}

/// Accepts clients forever, one thread each.
fn serve_tcp(policy: Arc<Policy>, listener: &TcpListener) {
    let clients = Arc::new(AtomicUsize::new(0));
    for stream in listener.incoming() {
        let Ok(mut stream) = stream else { continue };
        if clients.fetch_add(1, Ordering::AcqRel) >= MAX_CLIENTS {
            clients.fetch_sub(1, Ordering::AcqRel);
            let busy = error_answer(Value::Null, "busy", "too many clients; retry later");
            let _ = writeln!(stream, "{busy}");
            continue;
        }
        let (policy, clients) = (Arc::clone(&policy), Arc::clone(&clients));
        let spawned = std::thread::Builder::new()
            .name("truco-serve-client".into())
            .spawn(move || {
                let _ = serve_client(&policy, stream);
                clients.fetch_sub(1, Ordering::AcqRel);
            });
        if spawned.is_err() {
            eprintln!("truco serve: cannot start a client thread");
        }
    }
}

/// Serves one TCP client until it closes the connection.
fn serve_client(policy: &Policy, stream: TcpStream) -> std::io::Result<()> {
    let reader = BufReader::new(stream.try_clone()?);
    let mut writer = BufWriter::new(stream);
    serve_lines(policy, reader, &mut writer)
}

/// Answers every request line of `input` on `out`, in order, flushing after each answer.
pub fn serve_lines(
    policy: &Policy,
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
            error_answer(
                Value::Null,
                "too_long",
                &format!("request longer than {MAX_LINE} bytes"),
            )
        } else {
            match std::str::from_utf8(&line) {
                Ok(text) if text.trim().is_empty() => continue,
                Ok(text) => answer(policy, text),
                Err(_) => error_answer(Value::Null, "bad_json", "the line is not UTF-8"),
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

/// The answer to one request line.
pub fn answer(policy: &Policy, line: &str) -> Value {
    let req: Value = match serde_json::from_str(line) {
        Ok(v) => v,
        Err(e) => return error_answer(Value::Null, "bad_json", &e.to_string()),
    };
    let Value::Object(req) = req else {
        return error_answer(
            Value::Null,
            "bad_request",
            "the request must be a JSON object",
        );
    };
    let id = req.get("id").cloned().unwrap_or(Value::Null);
    match respond(policy, &req) {
        Ok(mut fields) => {
            fields.insert("id".into(), id);
            Value::Object(fields)
        }
        Err((kind, message)) => error_answer(id, kind, &message),
    }
}

/// The fields of a good answer, or an error's kind and message.
fn respond(
    policy: &Policy,
    req: &Map<String, Value>,
) -> Result<Map<String, Value>, (&'static str, String)> {
    let bad = |m: &str| ("bad_request", m.to_string());
    let spot = match req.get("spot") {
        Some(Value::String(s)) => s,
        Some(_) => return Err(bad("`spot` must be a string")),
        None => return Err(bad("missing `spot`")),
    };
    let sample = match req.get("sample") {
        None | Some(Value::Null) => false,
        Some(Value::Bool(b)) => *b,
        Some(_) => return Err(bad("`sample` must be true or false")),
    };
    let seed = match req.get("seed") {
        None | Some(Value::Null) => 0,
        Some(v) => v
            .as_u64()
            .ok_or_else(|| bad("`seed` must be a non-negative integer"))?,
    };
    let spot: Spot = spot
        .parse()
        .map_err(|e: truco_game::SpotError| ("bad_spot", e.to_string()))?;
    let r = policy
        .recommend_spot(&spot, ActionOrder::Engine)
        .map_err(|e| (e.kind(), e.to_string()))?;
    let mut fields = Map::new();
    fields.insert("actions".into(), actions_json(&r));
    fields.insert("fallback".into(), Value::Bool(r.fallback));
    if sample {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
        if let Some(a) = r.sample(&mut rng) {
            fields.insert("action".into(), Value::String(r.name(a).to_string()));
        }
    }
    Ok(fields)
}

/// `{"id": id, "error": {"kind": kind, "message": message}}`.
fn error_answer(id: Value, kind: &str, message: &str) -> Value {
    json!({"id": id, "error": {"kind": kind, "message": message}})
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn skip_line_discards_to_the_newline() {
        let mut input = std::io::Cursor::new(b"xxxxxxxx\nnext\n".to_vec());
        skip_line(&mut input).unwrap();
        let mut rest = String::new();
        input.read_to_string(&mut rest).unwrap();
        assert_eq!(rest, "next\n");
    }

    #[test]
    fn error_answers_have_kind_and_message() {
        let v = error_answer(json!(7), "bad_spot", "oops");
        assert_eq!(v["id"], 7);
        assert_eq!(v["error"]["kind"], "bad_spot");
        assert_eq!(v["error"]["message"], "oops");
    }
}
