//! The answers of the web explorer's JSON API, as pure functions (the HTTP wiring is
//! `web.rs`): the served tables, the next step of a spot being built, and the status code of
//! each protocol error.

use serde_json::{json, Value};
use truco_game::spot::Words;
use truco_game::{Action, ActionList, Spot};
use truco_query::Policy;

/// The calls a seat may make, in the order the explorer shows them.
const CALLS: [Action; 10] = [
    Action::Raise,
    Action::Quiero,
    Action::NoQuiero,
    Action::Envido,
    Action::RealEnvido,
    Action::FaltaEnvido,
    Action::Flor,
    Action::Contraflor,
    Action::Mazo,
    Action::Pass,
];

/// One served table as `/api/models` lists it.
pub fn model_json(name: &str, policy: &Policy) -> Value {
    let m = policy.table().meta();
    let r = policy.rules();
    json!({
        "name": name,
        "variant": m.variant,
        "options": m.options,
        "abstraction": m.abstraction_id,
        "rows": policy.table().len(),
        "players": r.players,
        "target": r.target,
        "deck": r.deck.cards().into_iter().map(|c| c.to_string()).collect::<Vec<_>>(),
        "vira": r.ranking == truco_game::ranking::Ranking::Paulista,
        "camas": r.camas > 0,
    })
}

/// What can happen next in `spot` (a request `{"spot": ".."}`): who acts, and the history
/// tokens the explorer may append. For the spot's own seat, its legal actions; for another
/// seat, the calls the public state allows and the cards it could play (any card not yet
/// seen), plus `hidden` where a face-down card is allowed.
pub fn next_step(body: &Value) -> Result<Value, (&'static str, String)> {
    let text = match body.get("spot") {
        Some(Value::String(s)) => s,
        Some(_) => return Err(("bad_request", "`spot` must be a string".into())),
        None => return Err(("bad_request", "missing `spot`".into())),
    };
    let spot: Spot = text
        .parse()
        .map_err(|e: truco_game::SpotError| ("bad_spot", e.to_string()))?;
    let view = spot.to_view().map_err(|e| ("bad_spot", e.to_string()))?;
    let p = view.public();
    let words = Words::of(p);
    let name = |a: Action| words.word(a).map_or_else(|| a.to_string(), str::to_string);
    let actor = p.actor();
    let Some(seat) = actor.seat() else {
        return Ok(json!({"spot": spot.to_string(), "actor": null, "over": p.is_over()}));
    };
    let team_answer = matches!(actor, truco_game::Actor::Team { .. });
    let (actions, cards, hidden) = if seat == spot.seat() {
        let mut legal = ActionList::new();
        view.legal_actions(&mut legal);
        let actions: Vec<String> = legal.as_slice().iter().map(|&a| name(a)).collect();
        (actions, Vec::new(), false)
    } else {
        let calls: Vec<String> = CALLS
            .iter()
            .filter(|&&a| p.is_publicly_legal(a))
            .map(|&a| name(a))
            .collect();
        let cards: Vec<String> = p
            .rules()
            .deck
            .cards()
            .into_iter()
            .filter(|&c| !view.known_dealt().is_some_and(|d| d.contains(&c)))
            .filter(|&c| p.is_publicly_legal(Action::Play(c)))
            .map(|c| c.to_string())
            .collect();
        let any = p.rules().deck.cards().into_iter().next();
        let hidden = any.is_some_and(|c| p.is_publicly_legal(Action::Hide(c)));
        (calls, cards, hidden)
    };
    // Actions whose event must carry the totals the table showed (an envido settled...).
    let reveals: Vec<String> = CALLS
        .iter()
        .filter(|&&a| p.reveal_kind(a).is_some())
        .map(|&a| name(a))
        .collect();
    let example: Vec<String> = (0..p.rules().players)
        .map(|s| {
            if s == 0 {
                "0:31".into()
            } else {
                format!("{s}:-")
            }
        })
        .collect();
    Ok(json!({
        "spot": spot.to_string(),
        "actor": seat,
        "reveals": reveals,
        "totals_example": format!("[{}]", example.join(" ")),
        "team_answer": team_answer,
        "own": seat == spot.seat(),
        "actions": actions,
        "cards": cards,
        "hidden": hidden,
    }))
}

/// The HTTP status of a protocol error kind: the client's mistakes are 4xx, the server's 5xx.
pub fn status_of(kind: &str) -> u16 {
    match kind {
        "unknown_model" | "not_found" => 404,
        "too_long" => 413,
        "table_changed" | "internal" => 503,
        _ => 400,
    }
}
