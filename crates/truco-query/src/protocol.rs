//! The JSON-lines protocol of `truco serve` (one request a line, one answer a line), as pure
//! functions over a [`Policy`]: the server does the I/O, this module the answers, so that bots,
//! the fuzzing harness and any front end answer exactly alike.
//!
//! Request: `{"id": <any>, "spot": "<spot notation>", "sample": false, "seed": 1}` (`id`
//! optional, echoed as is, `null` if absent; `sample` optional, default false; `seed` optional,
//! default 0, used when `sample` is true).
//! Answer: `{"id": .., "actions": [{"action": "truco", "prob": 0.31, "value": null}, ...],
//! "fallback": false}` plus `"action": "<drawn>"` when `sample` is true; or
//! `{"id": .., "error": {"kind": "bad_spot", "message": ".."}}`.
//! An answer straight from the table says so (`"raw": true`). A server that refines its answers
//! ([`Refine`]: the player of `truco-player`, which adds the `"move"` it plays, and its
//! decision-time search) answers with the refined probabilities and its own fields; a search
//! that cannot run is a `no_search` error. A table that declares a post-processing step
//! ([`Policy::post_process`]) answers with its rows processed and says which step applied
//! (`"post_process": "purify"`, `"threshold:0.15"`); a table without one adds nothing.

use rand::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;
use serde_json::{json, Map, Value};
use truco_game::Spot;

use crate::{ActionOrder, Policy, Recommendation};

/// A refined recommendation and the fields it adds to the answer.
pub type Refined = (Recommendation, Map<String, Value>);

/// An answer's error: its kind (`bad_spot`, `no_search`...) and message.
pub type AnswerError = (&'static str, String);

/// A refinement of the table's answer at answer time (decision-time search, in
/// `truco-search`), applied by [`answer_line_with`] to every good request.
pub trait Refine<P>: Sync {
    /// A better recommendation for `spot` than the table's `r`, and the fields to add to the
    /// answer (e.g. `"move"`, `"search"`); or an error kind and message. `seed` is the
    /// request's, `req` the whole request (for fields of its own).
    fn refine(
        &self,
        policy: &P,
        spot: &Spot,
        r: Recommendation,
        seed: u64,
        req: &Map<String, Value>,
    ) -> Result<Refined, AnswerError>;
}

/// The answer to one complete request line (`None` for a blank line, which gets none).
pub fn answer_line<P: std::ops::Deref<Target = Policy>>(
    policy: impl FnOnce() -> Result<P, String>,
    line: &[u8],
) -> Option<Value> {
    answer_line_with(policy, line, None)
}

/// [`answer_line`], each answer refined by `refine` if given.
pub fn answer_line_with<P: std::ops::Deref<Target = Policy>>(
    policy: impl FnOnce() -> Result<P, String>,
    line: &[u8],
    refine: Option<&dyn Refine<P>>,
) -> Option<Value> {
    match std::str::from_utf8(line) {
        Ok(text) if text.trim().is_empty() => None,
        Ok(text) => Some(answer_with(policy, text, refine)),
        Err(_) => Some(error_answer(
            Value::Null,
            "bad_json",
            "the line is not UTF-8",
        )),
    }
}

/// The answer to one request line (`policy` gives the table to answer with, or why there is
/// none: a `table_changed` error).
pub fn answer<P: std::ops::Deref<Target = Policy>>(
    policy: impl FnOnce() -> Result<P, String>,
    line: &str,
) -> Value {
    answer_with(policy, line, None)
}

/// [`answer`], refined by `refine` if given.
pub fn answer_with<P: std::ops::Deref<Target = Policy>>(
    policy: impl FnOnce() -> Result<P, String>,
    line: &str,
    refine: Option<&dyn Refine<P>>,
) -> Value {
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
    match respond(policy, &req, refine) {
        Ok(mut fields) => {
            fields.insert("id".into(), id);
            Value::Object(fields)
        }
        Err((kind, message)) => error_answer(id, kind, &message),
    }
}

/// The fields of a good answer, or an error's kind and message.
fn respond<P: std::ops::Deref<Target = Policy>>(
    policy: impl FnOnce() -> Result<P, String>,
    req: &Map<String, Value>,
    refine: Option<&dyn Refine<P>>,
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
    let policy = policy().map_err(|m| ("table_changed", m))?;
    let r = policy
        .recommend_spot(&spot, ActionOrder::Engine)
        .map_err(|e| (e.kind(), e.to_string()))?;
    let (r, mut fields) = match refine {
        Some(f) => f.refine(&policy, &spot, r, seed, req)?,
        None => (r, Map::from_iter([("raw".to_string(), Value::Bool(true))])),
    };
    fields.insert("actions".into(), actions_json(&r));
    fields.insert("fallback".into(), Value::Bool(r.fallback));
    let post = policy.post_process();
    if !post.is_none() {
        fields.insert("post_process".into(), Value::String(post.to_string()));
    }
    if sample {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
        if let Some(a) = r.sample(&mut rng) {
            fields.insert("action".into(), Value::String(r.name(a).to_string()));
        }
    }
    Ok(fields)
}

/// The answer to a request line longer than `max` bytes (its rest is discarded unread).
pub fn too_long(max: usize) -> Value {
    error_answer(
        Value::Null,
        "too_long",
        &format!("request longer than {max} bytes"),
    )
}

/// `{"id": id, "error": {"kind": kind, "message": message}}`.
pub fn error_answer(id: Value, kind: &str, message: &str) -> Value {
    json!({"id": id, "error": {"kind": kind, "message": message}})
}

/// The actions of a recommendation as JSON: `[{"action": "truco", "prob": 0.31, "value": null}]`
/// (probabilities rounded to 4 decimals, values to 3).
pub fn actions_json(r: &Recommendation) -> Value {
    let round = |x: f32, k: f64| ((x as f64) * k).round() / k;
    Value::Array(
        r.actions()
            .iter()
            .map(|a| {
                json!({
                    "action": r.name(a.action).to_string(),
                    "prob": round(a.prob, 1e4),
                    "value": a.value.map(|v| round(v, 1e3)),
                })
            })
            .collect(),
    )
}
