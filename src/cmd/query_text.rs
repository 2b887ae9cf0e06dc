//! The readable form of a `truco query` answer: who is mano, the seat's envido total or the
//! manilhas, the player's move and why, then each action's probability bar and, where a search
//! estimated them, its values.

use std::io::Write;

use serde_json::{Map, Value};
use truco_game::ranking::{manilhas, Ranking};
use truco_game::{CardSet, Spot};

/// Width of a probability bar of 1.
const BAR: usize = 30;

/// Writes the answer `a` (the protocol's fields) for `spot`.
pub fn write(spot: &Spot, a: &Map<String, Value>, out: &mut impl Write) -> std::io::Result<()> {
    writeln!(out, "spot: {spot}")?;
    writeln!(out, "{}", facts(spot))?;
    if let Some(key) = a.get("key").and_then(Value::as_str) {
        writeln!(out, "key:  {key}")?;
    }
    let post = a.get("post_process").and_then(Value::as_str);
    if a.contains_key("key") {
        writeln!(out, "post-processing: {}", post.unwrap_or("none"))?;
    }
    let forced = a.get("actions").and_then(Value::as_array).map(Vec::len) == Some(1);
    match a.get("move") {
        Some(m) => writeln!(out, "{}", move_line(m))?,
        None => match post.filter(|&p| p != "none") {
            Some(p) => writeln!(
                out,
                "raw: the table's probabilities, post-processed ({p}; no move: none of the \
                 player's rules)"
            )?,
            None => writeln!(
                out,
                "raw: the table's probabilities as trained (no move: none of the player's rules)"
            )?,
        },
    }
    if a.get("fallback") == Some(&Value::Bool(true)) {
        if forced {
            writeln!(
                out,
                "forced: the only legal action (tables store no row for it)"
            )?;
        } else {
            writeln!(
                out,
                "fallback: the table never saw this spot; its row is uniform over the legal \
                 actions but mazo (the player plays the search bot's move)"
            )?;
        }
    }
    let search = a.get("search");
    if let Some(s) = search {
        writeln!(out, "{}", search_line(s))?;
    }
    let values = search
        .and_then(|s| s.get("values"))
        .and_then(Value::as_array);
    let title = if values.is_some() {
        "the search's strategy"
    } else {
        "the table's probabilities"
    };
    let header = if values.is_some() {
        "   value     win"
    } else {
        ""
    };
    writeln!(
        out,
        "{:<13} {:>6}  {:<BAR$}{header}",
        "action", "prob", title
    )?;
    for x in a
        .get("actions")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
    {
        let name = x["action"].as_str().unwrap_or("?");
        let p = x["prob"].as_f64().unwrap_or(0.0);
        let filled = ((p * BAR as f64).round() as usize).min(BAR);
        let bar = format!("{}{}", "#".repeat(filled), ".".repeat(BAR - filled));
        let value = values
            .and_then(|v| v.iter().find(|y| y["action"] == x["action"]))
            .map(|y| {
                let win = y["win"]
                    .as_f64()
                    .map_or_else(|| "-".to_string(), |w| format!("{:.1}%", 100.0 * w));
                format!(
                    "  {:>+6.3}  {win:>6}",
                    y["points"].as_f64().unwrap_or(f64::NAN)
                )
            })
            .or_else(|| x["value"].as_f64().map(|v| format!("  {v:>+6.3}")))
            .unwrap_or_default();
        writeln!(out, "{name:<13} {p:>6.4}  {bar}{value}")?;
    }
    if let Some(table) = a.get("table").and_then(Value::as_array) {
        let row: Vec<String> = table
            .iter()
            .map(|x| {
                format!(
                    "{} {:.2}",
                    x["action"].as_str().unwrap_or("?"),
                    x["prob"].as_f64().unwrap_or(0.0)
                )
            })
            .collect();
        writeln!(out, "the table's own row: {}", row.join(", "))?;
    }
    Ok(())
}

/// Who is mano, and the seat's envido total (Argentine and valencian rules) or the hand's
/// manilhas (paulista).
fn facts(spot: &Spot) -> String {
    let rules = spot.rules();
    let mut line = format!("mano: seat {}; you: seat {}", spot.mano(), spot.seat());
    if spot.is_blind() {
        line.push_str(" (mão de ferro: your cards are face down)");
        return line;
    }
    let hand = CardSet::from_cards(&spot.cards());
    if rules.envido {
        let total = truco_game::envido::envido_value(hand);
        let word = if rules.ranking == Ranking::Valencian {
            "envit"
        } else {
            "envido"
        };
        line.push_str(&format!(", your {word}: {total}"));
        if rules.flor && truco_game::envido::has_flor(hand) {
            line.push_str(" (you hold flor)");
        }
    }
    if let Some(vira) = spot.vira() {
        let m: Vec<String> = manilhas(vira).iter().map(|c| c.to_string()).collect();
        line.push_str(&format!(
            ", vira {vira}: manilhas {} (strongest first)",
            m.join(" ")
        ));
    }
    line
}

/// `move: quiero (table)`, with each rule that changed it.
fn move_line(m: &Value) -> String {
    let mut line = format!(
        "move: {} ({})",
        m["action"].as_str().unwrap_or("?"),
        m["source"].as_str().unwrap_or("?")
    );
    for c in m["changes"].as_array().into_iter().flatten() {
        line.push_str(&format!(
            "\n  {} instead of {}: {}",
            c["to"].as_str().unwrap_or("?"),
            c["from"].as_str().unwrap_or("?"),
            c["why"].as_str().unwrap_or("?")
        ));
    }
    line
}

/// One line on what the search did.
fn search_line(s: &Value) -> String {
    let budget = s["budget"].as_str().unwrap_or("?");
    if s["searched"] == Value::Bool(true) {
        format!(
            "search: {} iterations over {} information sets ({budget}); value: net points for \
             the seat's side to the end of the hand; win: its match-win chance after the hand \
             (where a match-equity table is known)",
            s["iterations"], s["info_sets"]
        )
    } else {
        format!(
            "search: not searched ({budget}): {}",
            s["why"].as_str().unwrap_or("?")
        )
    }
}
