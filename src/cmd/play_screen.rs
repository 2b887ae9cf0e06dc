//! What `truco play` shows: the table before each of the person's decisions, and each hand's
//! end with every card shown and the points explained.

use std::fmt::Write as _;

use truco_game::matchplay::PointRecord;
use truco_game::spot::Words;
use truco_game::tricks::PARDA;
use truco_game::{Action, Event, Source, Spot, State, View};

/// The table as the person's seat sees it (`seat` is the match seat; the view may be a
/// pica-pica hand's own two seats).
pub fn table(
    view: &View,
    events: &[Event],
    (seat, match_players): (u8, u8),
    score: [u8; 2],
    camas: [u8; 2],
) -> String {
    let p = view.public();
    let r = p.rules();
    let mut s = String::new();
    if r.players < match_players {
        let _ = write!(
            s,
            "\n(pica-pica: a one-against-one hand; you are its seat {}, the seats below are this hand's)",
            view.seat()
        );
    }
    let team = seat % 2;
    let _ = write!(
        s,
        "\n--- score: your team {} - {} other team",
        score[team as usize],
        score[1 - team as usize]
    );
    if r.camas > 0 {
        let _ = write!(
            s,
            " (camas {} - {})",
            camas[team as usize],
            camas[1 - team as usize]
        );
    }
    let _ = write!(s, " | mano: seat {}", p.mano());
    if let Some(v) = p.vira() {
        let _ = write!(s, " | vira {v}");
    }
    s.push_str(" ---\n");
    for t in 0..=p.trick().min(2) as usize {
        let mut line = String::new();
        for k in 0..r.players {
            let who = (p.mano() + k) % r.players;
            let card = match (p.played(t, who), p.is_hidden(t, who)) {
                (Some(c), _) => c.to_string(),
                (None, true) => "hidden".into(),
                (None, false) => continue,
            };
            let _ = write!(line, "  {who}:{card}");
        }
        if line.is_empty() {
            continue;
        }
        let result = match p.trick_result(t) {
            Some(PARDA) => "  (parda)".to_string(),
            Some(w) if w == view.seat() % 2 => "  (won by your team)".to_string(),
            Some(_) => "  (won by the other team)".to_string(),
            None => String::new(),
        };
        let _ = writeln!(s, "trick {}:{line}{result}", t + 1);
    }
    if let Some(calls) = history(view, events) {
        let _ = writeln!(s, "so far: {calls}");
    }
    let e = p.envido();
    if e.accepted && !e.scored {
        s.push_str("envit accepted: settled at the end of the hand\n");
    }
    if view.is_blind() {
        let _ = writeln!(
            s,
            "your cards: {} face down (mão de ferro: no one sees their cards)",
            view.cards_left()
        );
    } else {
        let cards: Vec<String> = view.hand().iter().map(|c| c.to_string()).collect();
        let _ = writeln!(s, "your cards: {}", cards.join(" "));
    }
    if let Some(partner) = view.partner_cards() {
        let cards: Vec<String> = partner.iter().map(|c| c.to_string()).collect();
        let _ = writeln!(s, "your partner's cards (mão de onze): {}", cards.join(" "));
    }
    s
}

/// A finished hand's calls and cards in spot notation (`log`: its public events).
pub fn finished_history(state: &State, log: &[Event]) -> Option<String> {
    history(&state.view(0).ok()?, log)
}

/// The hand's calls and cards so far in spot notation, if any.
fn history(view: &View, events: &[Event]) -> Option<String> {
    let spot = Spot::from_view_and_log(view, events).ok()?;
    let text = spot.to_string();
    let (_, calls) = text.rsplit_once(" | ")?;
    (!spot.history().is_empty()).then(|| calls.to_string())
}

/// The numbered choices in the variant's words.
pub fn choices(view: &View, legal: &[Action]) -> String {
    let words = Words::of(view.public());
    let mut s = String::from("your move:");
    for (i, &a) in legal.iter().enumerate() {
        let _ = write!(s, "  {}) {}", i + 1, name(&words, a));
    }
    s.push_str("   (or: hint, help, quit)\n");
    s
}

/// An action in the variant's words.
pub fn name(words: &Words, a: Action) -> String {
    words.word(a).map_or_else(|| a.to_string(), str::to_string)
}

/// Why the points of a record were given, in words.
fn because(source: Source, envit: bool) -> &'static str {
    match source {
        Source::Envido if envit => "the envit won on totals",
        Source::EnvidoDeclined if envit => "the envit refused",
        Source::Envido => "the envido won on totals",
        Source::EnvidoDeclined => "the envido refused",
        Source::Flor => "flor",
        Source::Contraflor => "the contraflor won",
        Source::ContraflorDeclined => "the contraflor refused",
        Source::Tricks => "the hand won in the tricks",
        Source::TrucoDeclined => "the truco refused",
        Source::Fold => "the other team folded (mazo)",
        Source::JocFora => "joc fora won: the match",
        Source::ElevenRun => "the team at 11 ran from the mão de onze",
    }
}

/// The end of a hand: every seat's cards (match seats through `map`), the points and why.
pub fn hand_end(
    state: &State,
    map: &[u8; 6],
    records: &[PointRecord],
    log: &[Event],
    you: u8,
    score: [u8; 2],
) -> String {
    let p = state.public();
    let mut s = String::from("\n=== hand over ===\n");
    if let Some(calls) = finished_history(state, log) {
        let _ = writeln!(s, "the hand: {calls}");
    }
    for hand_seat in 0..p.rules().players {
        let cards = state
            .dealt(hand_seat)
            .map(|c| c.map(|c| c.to_string()).join(" "))
            .unwrap_or_default();
        let seat = map[hand_seat as usize];
        let who = if seat == you { " (you)" } else { "" };
        let _ = writeln!(s, "seat {seat}{who}: {cards}");
    }
    if let Some(v) = p.vira() {
        let _ = writeln!(s, "vira: {v}");
    }
    if records.is_empty() {
        s.push_str("no one scored this hand\n");
    }
    let team = you % 2;
    for r in records {
        let side = if r.award.team == team {
            "your team"
        } else {
            "the other team"
        };
        let _ = writeln!(
            s,
            "{side} +{}: {}",
            r.award.points,
            because(r.award.source, p.rules().envit)
        );
    }
    let _ = writeln!(
        s,
        "score: your team {} - {} other team",
        score[team as usize],
        score[1 - team as usize]
    );
    s
}
