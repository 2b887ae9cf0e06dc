//! Reading a spot line: fields, header values, and the history token by token.

use std::str::FromStr;

use crate::action::{Action, Event, Totals, MAX_SEATS, NONE};
use crate::cards::{Card, CardError, CardSet};
use crate::public::PublicState;
use crate::rules::RuleSet;
use crate::spot::error::{SpotError, Where};
use crate::spot::explain::{raise_word, RAISE_WORDS};
use crate::spot::replay::Replayer;
use crate::spot::Spot;

/// What a history action may be, for error messages.
const ACTIONS: &str = "a card like 7O or one of truco, retruco, vale-cuatro, quiero, no-quiero, envido, real-envido, falta-envido, flor, contraflor, mazo";

/// What a history action may be in `rules`, for error messages.
fn actions_for(rules: &RuleSet) -> String {
    match rules.variant {
        crate::rules::Variant::Paulista => "a card like 7O or one of truco, seis, nove, doze, quiero, no-quiero, play, run (mão de onze), S:hidden, S:hide-7O (your own)".into(),
        crate::rules::Variant::Valencian => "a card like 7O or one of truc, retruc, quatre-val, joc-fora, quiero, no-quiero, envide, torne, falta, mazo, pass".into(),
        _ => ACTIONS.into(),
    }
}

/// A piece of the line: its text and its byte offset in the line.
#[derive(Clone, Copy)]
struct Piece<'a> {
    text: &'a str,
    at: usize,
}

/// The 1-based character column of byte offset `at` in `line`.
fn column(line: &str, at: usize) -> usize {
    line[..at].chars().count() + 1
}

/// Splits `text` (at byte offset `base` in the line) on `sep`, trimming each part.
fn split_trim(text: &str, base: usize, sep: char) -> Vec<Piece<'_>> {
    let mut out = Vec::new();
    let mut start = 0;
    for (i, c) in text
        .char_indices()
        .chain(std::iter::once((text.len(), sep)))
    {
        if c == sep {
            let raw = &text[start..i];
            let lead = raw.len() - raw.trim_start().len();
            out.push(Piece {
                text: raw.trim(),
                at: base + start + lead,
            });
            start = i + c.len_utf8();
        }
    }
    out
}

/// Splits the history into tokens: `seat:action`, `/`, and `[...]` groups (kept whole).
fn history_tokens(text: &str, base: usize) -> Vec<Piece<'_>> {
    let mut out = Vec::new();
    let mut it = text.char_indices().peekable();
    while let Some(&(i, c)) = it.peek() {
        if c.is_whitespace() {
            it.next();
            continue;
        }
        let mut end = text.len();
        if c == '[' {
            for (j, d) in it.by_ref() {
                if d == ']' {
                    end = j + 1;
                    break;
                }
            }
        } else {
            while let Some(&(j, d)) = it.peek() {
                if d.is_whitespace() || (d == '[' && j > i) {
                    end = j;
                    break;
                }
                it.next();
            }
        }
        out.push(Piece {
            text: &text[i..end],
            at: base + i,
        });
    }
    out
}

fn field_err(line: &str, p: Piece, field: &'static str, expected: String) -> SpotError {
    SpotError::Field {
        field,
        text: crate::echo(p.text),
        column: column(line, p.at),
        expected,
    }
}

/// Reads `word N` (e.g. `dealer 3`), returning N.
fn keyword_number(p: Piece, word: &str) -> Option<u32> {
    let t = p.text;
    let rest = t
        .get(..word.len())?
        .eq_ignore_ascii_case(word)
        .then(|| &t[word.len()..])?;
    rest.trim().parse().ok()
}

fn parse_rules(line: &str, p: Piece) -> Result<RuleSet, SpotError> {
    let mut words = p.text.split_whitespace();
    let variant = words.next().unwrap_or("");
    let opts: Vec<&str> = words.collect();
    RuleSet::new(variant, &opts).map_err(|source| SpotError::Rules {
        column: column(line, p.at),
        source,
    })
}

/// Reads `A-B`.
fn pair(text: &str) -> Option<[u8; 2]> {
    let (a, b) = text.split_once('-')?;
    Some([a.trim().parse().ok()?, b.trim().parse().ok()?])
}

/// Reads `score A-B` (valencian: `score A-B camas C-D`): the score and the camas.
fn parse_score(line: &str, p: Piece, rules: &RuleSet) -> Result<([u8; 2], [u8; 2]), SpotError> {
    let err = |e: String| field_err(line, p, "score", e);
    let t = p.text;
    let body = t
        .get(..5)
        .filter(|w| w.eq_ignore_ascii_case("score"))
        .map(|_| t[5..].trim());
    let (score_text, camas_text) = match body {
        Some(b) => match b.to_ascii_lowercase().find("camas") {
            Some(i) => (Some(&b[..i]), Some(&b[i + 5..])),
            None => (Some(b), None),
        },
        None => (None, None),
    };
    let s = score_text
        .and_then(pair)
        .ok_or_else(|| err("two numbers like score 12-20".into()))?;
    if s[0] >= rules.target || s[1] >= rules.target {
        return Err(err(format!(
            "points below the target {} (a team at the target has already won)",
            rules.target
        )));
    }
    let camas = match (rules.camas, camas_text) {
        (0, None) => [0, 0],
        (0, Some(_)) => return Err(err(format!("no camas in {}", rules.variant))),
        (_, None) => return Err(err("the camas won too, like score 5-17 camas 1-0".into())),
        (max, Some(c)) => {
            let c = pair(c).ok_or_else(|| err("camas like camas 1-0".into()))?;
            if c[0] >= max || c[1] >= max {
                return Err(err(format!(
                    "camas below {max} (a team with {max} camas has already won)"
                )));
            }
            c
        }
    };
    Ok((s, camas))
}

/// Reads `dealer D` (paulista: `dealer D vira 7O`).
fn parse_dealer(line: &str, p: Piece, rules: &RuleSet) -> Result<(u8, Option<Card>), SpotError> {
    let paulista = rules.ranking == crate::ranking::Ranking::Paulista;
    let lower = p.text.to_ascii_lowercase();
    let (head, vira) = match lower.find("vira") {
        Some(i) => (&p.text[..i], Some(p.text[i + 4..].trim())),
        None => (p.text, None),
    };
    let dealer = parse_seat_number(
        line,
        Piece {
            text: head.trim(),
            at: p.at,
        },
        "dealer",
        rules.players,
    )?;
    let err = |e: String| field_err(line, p, "dealer", e);
    let vira = match (paulista, vira) {
        (false, None) => None,
        (false, Some(_)) => return Err(err(format!("no vira in {}", rules.variant))),
        (true, None) => return Err(err("the vira too, like dealer 3 vira 7O".into())),
        (true, Some(v)) => Some(
            Card::from_str(v)
                .and_then(|c| rules.deck.check(c))
                .map_err(|e| err(format!("a vira card like 7O ({e})")))?,
        ),
    };
    Ok((dealer, vira))
}

fn parse_seat_number(line: &str, p: Piece, field: &'static str, n: u8) -> Result<u8, SpotError> {
    match keyword_number(p, field) {
        Some(v) if v < n as u32 => Ok(v as u8),
        _ => Err(field_err(
            line,
            p,
            field,
            format!("`{field} N` with a seat number 0 to {}", n - 1),
        )),
    }
}

/// The seat field: the seat, its cards (`None`: blind) and the partner's cards if shown.
type SeatField = (u8, Option<[Card; 3]>, Option<[Card; 3]>);

/// Reads three distinct cards of the deck (not the vira) from `text` at byte offset `at`.
fn three_cards(
    line: &str,
    text: &str,
    at: usize,
    rules: &RuleSet,
    seen: &mut CardSet,
) -> Result<Vec<Card>, SpotError> {
    let mut cards = Vec::new();
    for tok in history_tokens(text, at) {
        let col = column(line, tok.at);
        let card = Card::from_str(tok.text)
            .and_then(|c| rules.deck.check(c))
            .map_err(|source| SpotError::Card {
                column: col,
                source,
            })?;
        if seen.contains(card) {
            return Err(SpotError::Card {
                column: col,
                source: CardError::Duplicate { card },
            });
        }
        seen.insert(card);
        cards.push(card);
    }
    Ok(cards)
}

fn parse_seat(line: &str, p: Piece, rules: &RuleSet) -> Result<SeatField, SpotError> {
    let n = rules.players;
    let Some(colon) = p.text.find(':') else {
        return Err(field_err(
            line,
            p,
            "seat",
            "`seat S: c c c`, e.g. seat 1: 1E 7O 3C".into(),
        ));
    };
    let head = Piece {
        text: p.text[..colon].trim(),
        at: p.at,
    };
    let seat = parse_seat_number(line, head, "seat", n)?;
    let rest = &p.text[colon + 1..];
    let cards_at = p.at + colon + 1;
    let (own_text, partner_text) = match rest.to_ascii_lowercase().find("partner") {
        Some(i) => (&rest[..i], Some((&rest[i + 7..], cards_at + i + 7))),
        None => (rest, None),
    };
    let three = |v: Vec<Card>| -> Result<[Card; 3], SpotError> {
        match v[..] {
            [a, b, c] => {
                let mut h = [a, b, c];
                h.sort_unstable();
                Ok(h)
            }
            _ => Err(field_err(
                line,
                p,
                "seat",
                format!("three cards like 1E 7O 3C, found {}", v.len()),
            )),
        }
    };
    let mut seen = CardSet::EMPTY;
    let own = if own_text.trim().eq_ignore_ascii_case("blind") {
        None
    } else {
        Some(three(three_cards(
            line, own_text, cards_at, rules, &mut seen,
        )?)?)
    };
    let partner = match partner_text {
        Some((t, at)) => Some(three(three_cards(line, t, at, rules, &mut seen)?)?),
        None => None,
    };
    Ok((seat, own, partner))
}

fn parse_totals(g: &str, at: &Where, n: u8) -> Result<Totals, SpotError> {
    let bad = |why: String| SpotError::Reveal {
        at: at.clone(),
        why,
    };
    let inner = g
        .strip_prefix('[')
        .and_then(|s| s.strip_suffix(']'))
        .ok_or_else(|| bad("totals look like [0:31 1:- 2:27 3:-] (missing `]`)".into()))?;
    let mut t: Totals = [NONE; MAX_SEATS];
    let mut given = [false; MAX_SEATS];
    for part in inner.split_whitespace() {
        let entry = part.split_once(':').and_then(|(s, v)| {
            let s: u8 = s.parse().ok().filter(|&s| s < n)?;
            let v = if v == "-" {
                NONE
            } else {
                v.parse().ok().filter(|&v| v != NONE)?
            };
            Some((s, v))
        });
        let Some((s, v)) = entry else {
            return Err(bad(format!(
                "total `{part}`: expected seat:total like 0:31 or 1:- with a seat 0 to {}",
                n - 1
            )));
        };
        if std::mem::replace(&mut given[s as usize], true) {
            return Err(bad(format!("seat {s} is given two totals")));
        }
        t[s as usize] = v;
    }
    Ok(t)
}

/// Reads one `seat:action` token into its seat and action, checking the truco step's name.
fn parse_action(tok: &str, at: &Where, public: &PublicState) -> Result<(u8, Action), SpotError> {
    let n = public.rules().players;
    let token_err = |expected: String| SpotError::Token {
        at: at.clone(),
        expected,
    };
    let Some((s, word)) = tok.split_once(':') else {
        return Err(token_err(format!(
            "seat:action like 0:7O or 1:quiero, with {}",
            actions_for(public.rules())
        )));
    };
    let seat = s
        .parse::<u8>()
        .ok()
        .filter(|&s| s < n)
        .ok_or_else(|| token_err(format!("a seat number 0 to {} before the colon", n - 1)))?;
    let action: Action = word
        .parse()
        .map_err(|_| token_err(actions_for(public.rules())))?;
    let w = word.to_ascii_lowercase();
    if RAISE_WORDS.contains(&w.as_str())
        && public.is_publicly_legal(Action::Raise)
        && w != raise_word(public)
    {
        return Err(SpotError::Illegal {
            at: at.clone(),
            why: format!(
                "the next truco step here is {}, not {w}",
                raise_word(public)
            ),
        });
    }
    Ok((seat, action))
}

/// The history's events and the spot's own hidden cards, in order.
type History = (Vec<Event>, Vec<Card>);

fn parse_history(line: &str, p: Piece, r: &mut Replayer) -> Result<History, SpotError> {
    let toks = history_tokens(p.text, p.at);
    let n = r.public.rules().players;
    let mut events = Vec::new();
    let mut own_hidden = Vec::new();
    let mut slash_ok = false;
    let mut i = 0;
    while i < toks.len() {
        let tok = toks[i];
        let at = Where {
            token: i + 1,
            text: crate::echo(tok.text),
            column: Some(column(line, tok.at)),
        };
        i += 1;
        if tok.text == "/" {
            if !slash_ok {
                return Err(SpotError::Token {
                    at,
                    expected: "an action: `/` may only mark the end of a trick".into(),
                });
            }
            slash_ok = false;
            continue;
        }
        if tok.text.starts_with('[') {
            return Err(SpotError::Reveal {
                at,
                why: "totals must directly follow the action that revealed them".into(),
            });
        }
        if let Some((s, word)) = tok.text.split_once(':') {
            let w = word.to_ascii_lowercase();
            let hidden = match w.strip_prefix("hide-") {
                Some(c) => Some(Some(Card::from_str(c).map_err(|_| SpotError::Token {
                    at: at.clone(),
                    expected: "a hidden card like 1:hide-7O".into(),
                })?)),
                None => (w == "hidden").then_some(None),
            };
            if let Some(card) = hidden {
                let seat =
                    s.parse::<u8>()
                        .ok()
                        .filter(|&s| s < n)
                        .ok_or_else(|| SpotError::Token {
                            at: at.clone(),
                            expected: format!("a seat number 0 to {} before the colon", n - 1),
                        })?;
                r.push_hidden(seat, card, &at)?;
                if let Some(c) = card {
                    own_hidden.push(c);
                }
                slash_ok = r.trick_done;
                events.push(Event::Hidden { seat });
                continue;
            }
        }
        let (seat, action) = parse_action(tok.text, &at, &r.public)?;
        let event = match toks.get(i).filter(|t| t.text.starts_with('[')) {
            Some(g) => {
                let gat = Where {
                    token: i + 1,
                    text: crate::echo(g.text),
                    column: Some(column(line, g.at)),
                };
                i += 1;
                let totals = parse_totals(g.text, &gat, n)?;
                Event::Reveal {
                    seat,
                    action,
                    totals,
                }
            }
            None => Event::Act { seat, action },
        };
        r.push(event, &at)?;
        slash_ok = r.trick_done;
        events.push(event);
    }
    Ok((events, own_hidden))
}

impl FromStr for Spot {
    type Err = SpotError;

    /// Parses a spot line, checking every field and replaying the history.
    fn from_str(line: &str) -> Result<Spot, SpotError> {
        let mut fields = split_trim(line, 0, '|');
        while fields.len() > 4 && fields.last().is_some_and(|f| f.text.is_empty()) {
            fields.pop();
        }
        let fields = match fields.len() {
            4 | 5 => &fields[..],
            found => return Err(SpotError::Fields { found }),
        };
        let rules = parse_rules(line, fields[0])?;
        let (score, camas) = parse_score(line, fields[1], &rules)?;
        let (dealer, vira) = parse_dealer(line, fields[2], &rules)?;
        let (seat, own, partner) = parse_seat(line, fields[3], &rules)?;
        let mano = (dealer + 1) % rules.players;
        let start = PublicState::new_hand_in_camas(rules, score, camas, mano)
            .map_err(|e| SpotError::Log(e.to_string()))?;
        let seat_err = |e: String| field_err(line, fields[3], "seat", e);
        if start.is_iron() != own.is_none() {
            return Err(seat_err(if start.is_iron() {
                "`blind`: in a mão de ferro (11-11) no one sees their cards".into()
            } else {
                "three cards (only a mão de ferro is blind)".into()
            }));
        }
        let sees_partner = start.mao_de_onze() == Some(seat % 2) && rules.players > 2;
        if sees_partner != partner.is_some() {
            return Err(seat_err(if sees_partner {
                "the partner's cards too (mão de onze: `partner c c c`)".into()
            } else {
                "no partner's cards (only the team at 11 sees them, in a mão de onze)".into()
            }));
        }
        let blind = own.is_none();
        let cards = own.unwrap_or([crate::cards::card(crate::cards::Suit::Espadas, 1); 3]);
        if let Some(v) = vira {
            let mut all = CardSet::from_cards(&cards);
            if let Some(pc) = partner {
                all = CardSet(all.0 | CardSet::from_cards(&pc).0);
            }
            if !blind && all.contains(v) {
                return Err(seat_err(format!("{v} is the vira: no one holds it")));
            }
        }
        let deal = match vira {
            Some(v) => Event::Vira(v),
            None => Event::Deal,
        };
        let mut r = Replayer::new(start, seat, cards, deal);
        let (history, own_hidden) = match fields.get(4) {
            Some(&h) => parse_history(line, h, &mut r)?,
            None => (Vec::new(), Vec::new()),
        };
        Ok(Spot {
            rules,
            score,
            dealer,
            seat,
            cards,
            history,
            camas,
            vira,
            blind,
            partner,
            own_hidden,
        })
    }
}
