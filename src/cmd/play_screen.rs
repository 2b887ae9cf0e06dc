//! What `truco play` shows: each hand's header, the table before each of the person's
//! decisions (tricks in play order, envido totals as the table announced them, the person's
//! own total), the variant's rules on `help`, and each hand's end with every card shown and
//! the points explained.

use std::fmt::Write as _;

use truco_game::action::MAX_SEATS;
use truco_game::envido::{envido_value, flor_value};
use truco_game::matchplay::PointRecord;
use truco_game::ranking::manilhas;
use truco_game::rules::EnvidoReveal;
use truco_game::spot::Words;
use truco_game::tricks::PARDA;
use truco_game::{
    Action, Card, CardSet, Event, PublicState, RuleSet, Source, Spot, State, Variant, View, NONE,
};

/// The match seats of a hand's seats when they are the same (every hand but pica-pica's).
pub const SAME_SEATS: [u8; 6] = [0, 1, 2, 3, 4, 5];

/// The word for the seat that leads the first trick: "mão" in paulista, "mano" elsewhere.
pub fn mano_word(r: &RuleSet) -> &'static str {
    if r.variant == Variant::Paulista {
        "mão"
    } else {
        "mano"
    }
}

/// The header printed when a hand starts, whether or not the person decides anything in it.
pub fn hand_header(view: &View, number: u32, you: u8, score: [u8; 2], camas: [u8; 2]) -> String {
    let p = view.public();
    let r = p.rules();
    let n = r.players;
    let team = (you % 2) as usize;
    let mut s = format!("\n=== hand {number} ===");
    let _ = write!(
        s,
        " score: your team {} - {} other team",
        score[team],
        score[1 - team]
    );
    if r.camas > 0 {
        let _ = write!(s, " (camas {} - {})", camas[team], camas[1 - team]);
    }
    let dealer = (p.mano() + n - 1) % n;
    let _ = write!(
        s,
        "\nseat {dealer} deals; seat {} is the {} and leads",
        p.mano(),
        mano_word(r)
    );
    if let Some(v) = p.vira() {
        let _ = write!(s, "\nvira {v}: {}", manilha_words(v));
    }
    if p.mao_de_onze().is_some() {
        s.push_str(
            "\nmão de onze: the team at 11 decides to play (for 3) or run (1 to the others)",
        );
    }
    if p.is_iron() {
        s.push_str("\nmão de ferro: no one sees their own cards; no truco");
    }
    s.push('\n');
    s
}

/// The manilhas of a vira, named: "manilhas 10B (zap) > 10C (copas) > 10E (espadilha) > 10O
/// (pica-fumo)".
pub fn manilha_words(vira: Card) -> String {
    let names = ["zap", "copas", "espadilha", "pica-fumo"];
    let m = manilhas(vira);
    let list: Vec<String> = m
        .iter()
        .zip(names)
        .map(|(c, n)| format!("{c} ({n})"))
        .collect();
    format!("manilhas {}", list.join(" > "))
}

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
    let _ = write!(s, " | {}: seat {}", mano_word(r), p.mano());
    if let Some(v) = p.vira() {
        let _ = write!(s, " | vira {v}");
    }
    s.push_str(" ---\n");
    s.push_str(&trick_lines(p, events, &SAME_SEATS, view.seat()));
    if let Some(calls) = history(view, events) {
        let _ = writeln!(s, "so far: {calls}");
    }
    for line in announcements(p, events, &SAME_SEATS, view.seat()) {
        let _ = writeln!(s, "{line}");
    }
    let e = p.envido();
    if e.accepted && !e.scored && r.envit {
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
        let _ = write!(s, "your cards: {}", cards.join(" "));
        if let Some(totals) = own_totals(r, view.dealt()) {
            let _ = write!(s, "   ({totals})");
        }
        s.push('\n');
    }
    if let Some(partner) = view.partner_cards() {
        let cards: Vec<String> = partner.iter().map(|c| c.to_string()).collect();
        let _ = writeln!(s, "your partner's cards (mão de onze): {}", cards.join(" "));
    }
    s
}

/// The person's own envido (envit) total, and flor, from the dealt cards.
fn own_totals(r: &RuleSet, dealt: [Card; 3]) -> Option<String> {
    if !r.envido {
        return None;
    }
    let set = CardSet::from_cards(&dealt);
    let word = if r.envit { "envit" } else { "envido" };
    let mut s = format!("your {word} total: {}", envido_value(set));
    if r.flor {
        if let Some(f) = flor_value(set) {
            let _ = write!(s, "; flor {f}");
        }
    }
    Some(s)
}

/// Whether an action plays a card (face up, face down or blind).
fn is_card(a: Action) -> bool {
    matches!(a, Action::Play(_) | Action::Hide(_) | Action::Blind(_))
}

/// The seats that played in trick `t`, in play order: a seat's k-th card of the hand is its
/// card of trick k (a seat never skips a trick; a folded one plays no more).
fn trick_order(p: &PublicState, events: &[Event], t: usize) -> Vec<u8> {
    let n = p.rules().players;
    let mut count = [0usize; MAX_SEATS];
    let mut order = Vec::new();
    for e in events {
        let seat = match *e {
            Event::Hidden { seat } => seat,
            Event::Act { seat, action } | Event::Reveal { seat, action, .. } if is_card(action) => {
                seat
            }
            _ => continue,
        };
        let Some(k) = count.get_mut(seat as usize) else {
            continue;
        };
        if *k == t {
            order.push(seat);
        }
        *k += 1;
    }
    // Any card the events missed, from the mano (never expected).
    for k in 0..n {
        let s = (p.mano() + k) % n;
        if (p.played(t, s).is_some() || p.is_hidden(t, s)) && !order.contains(&s) {
            order.push(s);
        }
    }
    order
}

/// One line per trick started: the cards in the order they were played, the leader marked,
/// and the trick's result. `map` gives the match seat of each hand seat; `you` is the
/// person's seat in the same numbering as `map`'s values.
pub fn trick_lines(p: &PublicState, events: &[Event], map: &[u8; 6], you: u8) -> String {
    let mut s = String::new();
    for t in 0..=p.trick().min(2) as usize {
        let order = trick_order(p, events, t);
        if order.is_empty() {
            continue;
        }
        let mut line = String::new();
        for (i, &hs) in order.iter().enumerate() {
            let card = match p.played(t, hs) {
                Some(c) => c.to_string(),
                None => "hidden".into(),
            };
            let seat = map[hs as usize];
            let _ = write!(line, "  {seat}:{card}");
            match (i == 0, seat == you) {
                (true, true) => line.push_str(" (led, you)"),
                (true, false) => line.push_str(" (led)"),
                (false, true) => line.push_str(" (you)"),
                (false, false) => {}
            }
        }
        let result = match p.trick_result(t) {
            Some(PARDA) => "  -> parda".to_string(),
            Some(w) if map[w as usize] % 2 == you % 2 => "  -> won by your team".to_string(),
            Some(_) => "  -> won by the other team".to_string(),
            None => String::new(),
        };
        let _ = writeln!(s, "trick {}:{line}{result}", t + 1);
    }
    s
}

/// The envido (envit, flor) totals the table announced in this hand, said aloud as at a table:
/// from the mano, each announced total, "son buenas" for those not shown, then the winner.
pub fn announcements(p: &PublicState, events: &[Event], map: &[u8; 6], you: u8) -> Vec<String> {
    let r = p.rules();
    let n = r.players;
    let mut lines = Vec::new();
    let mut flor_seen = false;
    let mut folded = [false; MAX_SEATS];
    for e in events {
        let Some((seat, action, totals)) = e.act() else {
            continue;
        };
        if matches!(action, Action::Flor | Action::Contraflor) {
            flor_seen = true;
        }
        if action == Action::Mazo {
            if let Some(f) = folded.get_mut(seat as usize) {
                *f = true;
            }
        }
        let Some(totals) = totals else { continue };
        if totals.iter().take(n as usize).all(|&t| t == NONE) {
            continue; // not filled in yet
        }
        let what = if flor_seen {
            "flor"
        } else if r.envit {
            "envit"
        } else {
            "envido"
        };
        let mut said = Vec::new();
        let mut best: Option<(u8, u8)> = None;
        for k in 0..n {
            let hs = (p.mano() + k) % n;
            let seat = map[hs as usize];
            let me = if seat == you { " (you)" } else { "" };
            match totals[hs as usize] {
                NONE if r.envido_reveal == EnvidoReveal::Winner || folded[hs as usize] => {}
                NONE => said.push(format!("seat {seat}{me}: son buenas")),
                t => {
                    said.push(format!("seat {seat}{me}: {t}"));
                    if !matches!(best, Some((_, b)) if t <= b) {
                        best = Some((hs, t));
                    }
                }
            }
        }
        let mut line = format!("{what}: {}", said.join(", "));
        if let Some((hs, t)) = best {
            let seat = map[hs as usize];
            let side = if seat % 2 == you % 2 {
                "your team"
            } else {
                "the other team"
            };
            if r.envido_reveal == EnvidoReveal::Winner {
                line = format!("{what}: seat {seat} has the best total, {t}: {side} wins it");
            } else {
                let _ = write!(line, " -> seat {seat} wins it for {side}");
            }
        }
        lines.push(line);
    }
    lines
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

/// The variant's card ranking and scoring, for `help`.
pub fn rules_help(p: &PublicState) -> String {
    let r = p.rules();
    let argentine =
        "1E > 1B > 7E > 7O > 3s > 2s > 1C = 1O > 12s > 11s > 10s > 7C = 7B > 6s > 5s > 4s";
    let (ranking, scoring) = match r.variant {
        Variant::Paulista => {
            let top = match p.vira() {
                Some(v) => format!("the {} of this hand (vira {v})", manilha_words(v)),
                None => {
                    "the four manilhas (the rank after the vira's; bastos > copas > espadas > oros)"
                        .into()
                }
            };
            (
                format!(
                    "{top}, then 3s > 2s > 1s > 12s > 11s > 10s > 7s > 6s > 5s > 4s (suits equal)"
                ),
                "a hand is worth 1; truco 3, seis 6, nove 9, doze 12 (refused: the value before); \
                 mão de onze: 3, or 1 to the others if the team at 11 runs; first to 12 wins"
                    .to_string(),
            )
        }
        Variant::Valencian => (
            "1E > 1B > 7E > 7O > 3s > 7C = 7B > 6s > 5s > 4s (22 cards)".to_string(),
            "a hand is worth 1; truc 2, retruc 3, quatre val 4, joc fora the match (refused: the \
             value before); envit, settled at the end of the hand: envide 2, torne 4, falta 24 \
             in the malas (else what the leader needs); a cama is 24 points, two camas win"
                .to_string(),
        ),
        _ => {
            let target = if r.malas > 0 {
                format!(
                    "first to {} ({} malas, {} buenas)",
                    r.target,
                    r.malas,
                    r.target - r.malas
                )
            } else {
                format!("first to {}", r.target)
            };
            let flor = if r.flor {
                "; flor 3, contraflor 6 (a flor voids the envido)"
            } else {
                ""
            };
            (
                argentine.to_string(),
                format!(
                    "a hand is worth 1; truco 2, retruco 3, vale cuatro 4 (refused: the value \
                     before); envido 2, real envido 3, falta envido what the leader needs \
                     (refused: the chain before the last call, at least 1){flor}; {target} wins"
                ),
            )
        }
    };
    let id = r.variant.id();
    format!(
        "{}\n{}\n{}\n",
        wrap(
            &format!("cards, strongest first: {ranking}; equal cards tie (a parda)"),
            78
        ),
        wrap(&format!("scoring: {scoring}"), 78),
        wrap(
            &format!("the full rules: docs/rules/{id}.md in the repository"),
            78
        )
    )
}

/// `text` cut into lines of at most `width` columns at spaces (a longer word keeps its line);
/// continuation lines are indented by two spaces.
pub fn wrap(text: &str, width: usize) -> String {
    wrap_indented(text, width, "", "  ")
}

/// [`wrap`] with the first line starting with `first` and the others with `rest`.
pub fn wrap_indented(text: &str, width: usize, first: &str, rest: &str) -> String {
    let mut out = String::new();
    let mut line = String::from(first);
    let mut empty = true;
    for word in text.split_whitespace() {
        let len = line.chars().count();
        if !empty && len + 1 + word.chars().count() > width {
            out.push_str(&line);
            out.push('\n');
            line = String::from(rest);
            empty = true;
        }
        if !empty {
            line.push(' ');
        }
        line.push_str(word);
        empty = false;
    }
    out.push_str(&line);
    out
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

/// The end of a hand: its tricks in play order, the totals announced, every seat's cards
/// (match seats through `map`), the points and why.
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
    s.push_str(&trick_lines(p, log, map, you));
    for line in announcements(p, log, map, you) {
        let _ = writeln!(s, "{line}");
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
