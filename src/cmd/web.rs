//! `truco serve --http ADDR --model A [--model B ...]`: the web spot explorer. One page (built
//! into the binary: `web_page.html`, no build step) and a JSON API over axum:
//!
//! | method and path | body | answer |
//! |---|---|---|
//! | `GET /` | | the explorer page |
//! | `GET /api/models` | | `[{"name", "variant", "options", "abstraction", "rows"}]` |
//! | `POST /api/query?model=NAME` | a protocol request `{"spot": .., "id"?, "sample"?, "seed"?}` | the protocol answer (as `truco serve` on stdin) |
//! | `POST /api/range?model=NAME` | `{"spot": ..}` | the range grid (as `truco query --range --json`) |
//! | `POST /api/step` | `{"spot": ..}` | who acts next and the history tokens allowed (the spot builder) |
//!
//! `model` defaults to the first table. Errors are the protocol's error object
//! `{"id", "error": {"kind", "message"}}` with a 4xx status (400 bad JSON, request or spot,
//! a spot of other rules than the table's; 403 a Host or Origin of another site; 404 unknown
//! model or path; 405 a wrong method; 408 a request not complete within `--line-timeout`;
//! 413 a body over 64 KiB) or 503 (busy: too many connections, or too many range requests at
//! once). Every error status has that JSON body and no message names a file. The server stays
//! up whatever a client sends.
//!
//! The limits: connections (see `web_conn.rs`), Host, Origin and security headers (see
//! `web_guard.rs`), a timeout on each request's whole exchange, and at most
//! [`range_slots`] range computations at once with as many waiting (more get a 503 at once).

use std::collections::HashMap;
use std::io::Write;
use std::path::PathBuf;
use std::sync::Arc;

use axum::body::Bytes;
use axum::error_handling::HandleErrorLayer;
use axum::extract::rejection::BytesRejection;
use axum::extract::{DefaultBodyLimit, Query, State};
use axum::http::{header, StatusCode};
use axum::response::{Html, IntoResponse, Response};
use axum::routing::{get, post};
use axum::Router;
use serde_json::{json, Value};
use tower::ServiceBuilder;
use tower_http::timeout::TimeoutLayer;
use truco_query::protocol::error_answer;

use super::net_limits::check_bind;
use super::serve::{Limits, ServeError, MAX_LINE};
use super::served::{ServeAs, ServedModel};
use super::web_api::{model_json, next_step, status_of};
use super::web_guard::{guard, Guard};

/// The explorer page.
const PAGE: &str = include_str!("web_page.html");

/// The served tables, by name (the file stem; later duplicates get `-2`, `-3`...).
struct Models {
    list: Vec<(String, Arc<ServedModel>)>,
}

impl Models {
    fn open(paths: &[PathBuf], how: &ServeAs) -> Result<Models, ServeError> {
        let mut list: Vec<(String, Arc<ServedModel>)> = Vec::new();
        for path in paths {
            let stem = path
                .file_stem()
                .map_or_else(|| "model".into(), |s| s.to_string_lossy().into_owned());
            let mut name = stem.clone();
            let mut k = 2;
            while list.iter().any(|(n, _)| *n == name) {
                name = format!("{stem}-{k}");
                k += 1;
            }
            list.push((name, Arc::new(ServedModel::open_as(path, how)?)));
        }
        Ok(Models { list })
    }

    /// The table named `name` (the first one for `None`).
    fn get(&self, name: Option<&str>) -> Result<&Arc<ServedModel>, Value> {
        match name {
            None => self.list.first().map(|(_, m)| m),
            Some(n) => self.list.iter().find(|(k, _)| k == n).map(|(_, m)| m),
        }
        .ok_or_else(|| {
            let known: Vec<&str> = self.list.iter().map(|(n, _)| n.as_str()).collect();
            error_answer(
                Value::Null,
                "unknown_model",
                &format!(
                    "no model named `{}` (served: {})",
                    truco_game::echo(name.unwrap_or("")),
                    known.join(", ")
                ),
            )
        })
    }
}

/// How the explorer serves (from `truco serve`'s flags).
#[derive(Debug, Clone, Copy)]
pub struct How {
    /// How the tables are served (checksum, raw or the player, search).
    pub serve: ServeAs,
    /// Serve beyond loopback (`--allow-remote`).
    pub allow_remote: bool,
    /// The connection limits and timeouts.
    pub limits: Limits,
}

/// Range computations run at once (one per core), and as many more waiting; past those a
/// range request gets a 503 at once.
pub fn range_slots() -> usize {
    std::thread::available_parallelism().map_or(2, |n| n.get())
}

/// Serves the explorer on `addr` until the process is stopped.
pub fn run(
    addr: &str,
    paths: &[PathBuf],
    how: How,
    out: &mut impl Write,
) -> Result<(), ServeError> {
    let models = Arc::new(Models::open(paths, &how.serve)?);
    let rt = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()?;
    rt.block_on(async {
        let listener = tokio::net::TcpListener::bind(addr)
            .await
            .map_err(|source| ServeError::Bind {
                addr: addr.to_string(),
                source,
            })?;
        let local = listener.local_addr()?;
        check_bind(&local, how.allow_remote).map_err(|m| {
            ServeError::Io(std::io::Error::new(std::io::ErrorKind::InvalidInput, m))
        })?;
        writeln!(out, "listening on http://{local}")?;
        out.flush()?;
        let app = router(models, Guard::new(local, how.allow_remote), how.limits);
        super::web_conn::serve(listener, app, how.limits).await;
        Ok(())
    })
}

fn router(models: Arc<Models>, guard_: Arc<Guard>, limits: Limits) -> Router {
    let slots = range_slots();
    // At most `slots` ranges computing and `slots` waiting; past those, 503 at once.
    let range_limit = ServiceBuilder::new()
        .layer(HandleErrorLayer::new(|_: tower::BoxError| async {
            let busy = error_answer(
                Value::Null,
                "busy",
                "too many range requests at once; retry later",
            );
            let mut res = reply(busy);
            *res.status_mut() = StatusCode::SERVICE_UNAVAILABLE;
            res
        }))
        .load_shed()
        .buffer(slots)
        .concurrency_limit(slots);
    Router::new()
        .route("/", get(|| async { Html(PAGE) }))
        .route("/api/models", get(list_models))
        .route("/api/query", post(query))
        .route("/api/range", post(range).layer(range_limit))
        .route("/api/step", post(step))
        .fallback(|| async {
            reply(error_answer(
                Value::Null,
                "not_found",
                "no such page or endpoint",
            ))
        })
        .layer(DefaultBodyLimit::max(MAX_LINE))
        .layer(TimeoutLayer::with_status_code(
            StatusCode::REQUEST_TIMEOUT,
            limits.line,
        ))
        .layer(axum::middleware::from_fn_with_state(guard_, guard))
        .with_state(models)
}

/// A JSON reply whose status follows its error kind (200 without an error).
fn reply(v: Value) -> Response {
    let status = v["error"]["kind"].as_str().map_or(200, status_of);
    let code = StatusCode::from_u16(status).unwrap_or(StatusCode::BAD_REQUEST);
    (
        code,
        [(header::CONTENT_TYPE, "application/json")],
        v.to_string(),
    )
        .into_response()
}

/// A body the client sent, as text, or the error to answer with.
fn body_text(body: Result<Bytes, BytesRejection>) -> Result<String, Value> {
    let bytes = body.map_err(|r| {
        let kind = if r.status() == StatusCode::PAYLOAD_TOO_LARGE {
            "too_long"
        } else {
            "bad_request"
        };
        error_answer(
            Value::Null,
            kind,
            &format!("request body: {}", r.body_text()),
        )
    })?;
    String::from_utf8(bytes.to_vec())
        .map_err(|_| error_answer(Value::Null, "bad_json", "the body is not UTF-8"))
}

/// A JSON object body.
fn body_json(text: &str) -> Result<Value, Value> {
    match serde_json::from_str::<Value>(text) {
        Ok(v @ Value::Object(_)) => Ok(v),
        Ok(_) => Err(error_answer(
            Value::Null,
            "bad_request",
            "the body must be a JSON object",
        )),
        Err(e) => Err(error_answer(Value::Null, "bad_json", &e.to_string())),
    }
}

async fn list_models(State(models): State<Arc<Models>>) -> Response {
    let mut list = Vec::new();
    for (name, m) in &models.list {
        match m.get() {
            Ok(p) => list.push(model_json(name, &p)),
            Err(_) => list.push(json!({"name": name, "error": "the table cannot be read"})),
        }
    }
    reply(Value::Array(list))
}

async fn query(
    State(models): State<Arc<Models>>,
    Query(params): Query<HashMap<String, String>>,
    body: Result<Bytes, BytesRejection>,
) -> Response {
    let model = match models.get(params.get("model").map(String::as_str)) {
        Ok(m) => Arc::clone(m),
        Err(e) => return reply(e),
    };
    let text = match body_text(body) {
        Ok(t) => t,
        Err(e) => return reply(e),
    };
    // The player's move (a search with --search), and a changed table read and checked by
    // the request that sees it: off the async hot path.
    reply(tokio::task::block_in_place(|| {
        model
            .answer(text.as_bytes())
            .unwrap_or_else(|| error_answer(Value::Null, "bad_request", "the request is empty"))
    }))
}

async fn range(
    State(models): State<Arc<Models>>,
    Query(params): Query<HashMap<String, String>>,
    body: Result<Bytes, BytesRejection>,
) -> Response {
    let model = match models.get(params.get("model").map(String::as_str)) {
        Ok(m) => Arc::clone(m),
        Err(e) => return reply(e),
    };
    let req = match body_text(body).and_then(|t| body_json(&t)) {
        Ok(v) => v,
        Err(e) => return reply(e),
    };
    // A range asks the table about every hand the seat could hold: off the async threads.
    let answer = tokio::task::spawn_blocking(move || range_answer(&model, &req)).await;
    reply(
        answer.unwrap_or_else(|_| {
            error_answer(Value::Null, "internal", "the range computation failed")
        }),
    )
}

fn range_answer(model: &ServedModel, req: &Value) -> Value {
    let Some(text) = req.get("spot").and_then(Value::as_str) else {
        return error_answer(Value::Null, "bad_request", "missing `spot` (a string)");
    };
    let spot: truco_game::Spot = match text.parse() {
        Ok(s) => s,
        Err(e) => return error_answer(Value::Null, "bad_spot", &e.to_string()),
    };
    let policy = match model.get() {
        Ok(p) => p,
        // Never with a private copy (see `served.rs`); no file path goes to a client.
        Err(_) => {
            return error_answer(
                Value::Null,
                "table_changed",
                "the served table cannot be read",
            )
        }
    };
    match super::range::range_json(&policy, &spot) {
        Ok(v) => v,
        Err(super::query::QueryError::Policy(e)) => {
            error_answer(Value::Null, e.kind(), &e.to_string())
        }
        Err(e) => error_answer(Value::Null, "bad_spot", &e.to_string()),
    }
}

async fn step(body: Result<Bytes, BytesRejection>) -> Response {
    let req = match body_text(body).and_then(|t| body_json(&t)) {
        Ok(v) => v,
        Err(e) => return reply(e),
    };
    reply(next_step(&req).unwrap_or_else(|(kind, m)| error_answer(Value::Null, kind, &m)))
}
