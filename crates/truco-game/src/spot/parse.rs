//! Reading a spot line: fields, header values, and the history token by token.

use std::str::FromStr;

use crate::action::{Action, Event, Totals, MAX_SEATS, NONE};
use crate::cards::{Card, CardError, CardSet};
use crate::public::PublicState;
use crate::rules::RuleSet;
use crate::spot::error::{SpotError, Where};
use crate::spot::explain::raise_word;
use crate::spot::replay::Replayer;
use crate::spot::Spot;

/// What a history action may be, for error messages.
const ACTIONS: &str = "a card like 7O or one of truco, retruco, vale-cuatro, quiero, no-quiero, envido, real-envido, falta-envido, flor, contraflor, mazo";

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
        text: p.text.to_string(),
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

fn parse_score(line: &str, p: Piece, rules: &RuleSet) -> Result<[u8; 2], SpotError> {
    let err = |e: String| field_err(line, p, "score", e);
    let t = p.text;
    let body = t
        .get(..5)
        .filter(|w| w.eq_ignore_ascii_case("score"))
        .map(|_| t[5..].trim());
    let nums = body
        .and_then(|b| b.split_once('-'))
        .and_then(|(a, b)| Some([a.trim().parse::<u8>().ok()?, b.trim().parse::<u8>().ok()?]));
    let s = nums.ok_or_else(|| err("two numbers like score 12-20".into()))?;
    if s[0] >= rules.target || s[1] >= rules.target {
        return Err(err(format!(
            "points below the target {} (a team at the target has already won)",
            rules.target
        )));
    }
    Ok(s)
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

fn parse_seat(line: &str, p: Piece, rules: &RuleSet) -> Result<(u8, [Card; 3]), SpotError> {
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
    let cards_at = p.at + colon + 1;
    let mut cards = Vec::new();
    let mut seen = CardSet::EMPTY;
    for tok in history_tokens(&p.text[colon + 1..], cards_at) {
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
    match cards[..] {
        [a, b, c] => {
            let mut h = [a, b, c];
            h.sort_unstable();
            Ok((seat, h))
        }
        _ => Err(field_err(
            line,
            p,
            "seat",
            format!("three cards like 1E 7O 3C, found {}", cards.len()),
        )),
    }
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
            "seat:action like 0:7O or 1:quiero, with {ACTIONS}"
        )));
    };
    let seat = s
        .parse::<u8>()
        .ok()
        .filter(|&s| s < n)
        .ok_or_else(|| token_err(format!("a seat number 0 to {} before the colon", n - 1)))?;
    let action: Action = word.parse().map_err(|_| token_err(ACTIONS.into()))?;
    let w = word.to_ascii_lowercase();
    if matches!(w.as_str(), "truco" | "retruco" | "vale-cuatro")
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

fn parse_history(line: &str, p: Piece, r: &mut Replayer) -> Result<Vec<Event>, SpotError> {
    let toks = history_tokens(p.text, p.at);
    let n = r.public.rules().players;
    let mut events = Vec::new();
    let mut slash_ok = false;
    let mut i = 0;
    while i < toks.len() {
        let tok = toks[i];
        let at = Where {
            token: i + 1,
            text: tok.text.to_string(),
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
        let (seat, action) = parse_action(tok.text, &at, &r.public)?;
        let event = match toks.get(i).filter(|t| t.text.starts_with('[')) {
            Some(g) => {
                let gat = Where {
                    token: i + 1,
                    text: g.text.to_string(),
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
    Ok(events)
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
        let score = parse_score(line, fields[1], &rules)?;
        let dealer = parse_seat_number(line, fields[2], "dealer", rules.players)?;
        let (seat, cards) = parse_seat(line, fields[3], &rules)?;
        let mano = (dealer + 1) % rules.players;
        let start =
            PublicState::new_hand(rules, score, mano).map_err(|e| SpotError::Log(e.to_string()))?;
        let mut r = Replayer::new(start, seat, cards);
        let history = match fields.get(4) {
            Some(&h) => parse_history(line, h, &mut r)?,
            None => Vec::new(),
        };
        Ok(Spot {
            rules,
            score,
            dealer,
            seat,
            cards,
            history,
        })
    }
}
