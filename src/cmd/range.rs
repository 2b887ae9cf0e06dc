//! `truco query --range`: the table's strategy for every hand the acting seat could hold at
//! one public history, grouped into readable hand classes (a grid, as poker solvers show
//! ranges).
//!
//! The hands are every three cards of the deck that the seat could hold given what it sees:
//! not played face up by others, not the vira, not its partner's shown cards, and including
//! the cards it played itself; a hand that contradicts the history (a total the table
//! revealed) is dropped by the spot replay. Rows: the hand's strongest card (by the hand's
//! trick ranking); columns: its envido total where the rules have one, else its second card.
//! A cell shows the action with the highest mean probability over the hands the table answered,
//! that mean, and how many hands it holds (and how many of them fell back: the table never saw
//! them and answered uniformly); a cell whose hands all fell back shows no decision, only
//! `fallback`. Card plays are named by their role in the hand (`play high`, `play mid`,
//! `play low`), so that the hands of a cell add up. Rows and columns no hand falls into are
//! left out.

use std::collections::BTreeMap;
use std::io::Write;

use serde_json::{json, Value};
use truco_game::{Action, Card, CardSet, Spot, View};
use truco_plot::colors::{action_rgb, hex, EMPTY, FALLBACK};
use truco_query::{ActionOrder, Policy};

use super::query::QueryError;

/// Envido columns: the total's bucket.
const ENVIDO_COLS: [(&str, u8, u8); 6] = [
    ("0-7", 0, 7),
    ("20-23", 20, 23),
    ("24-26", 24, 26),
    ("27-29", 27, 29),
    ("30-31", 30, 31),
    ("32-33", 32, 33),
];

/// One cell of the grid: hands, how many fell back, and the summed probability of each action
/// by name over the hands the table answered (over the fallen-back ones apart).
#[derive(Default)]
struct Cell {
    hands: u64,
    fallbacks: u64,
    sums: BTreeMap<String, f64>,
    fallback_sums: BTreeMap<String, f64>,
}

impl Cell {
    /// Whether every hand of the cell fell back.
    fn is_fallback(&self) -> bool {
        self.hands > 0 && self.fallbacks == self.hands
    }

    /// The mean probability of each action: over the hands the table answered, or over the
    /// fallback's answers where it answered none.
    fn means(&self) -> impl Iterator<Item = (&str, f64)> {
        let (sums, n) = if self.is_fallback() {
            (&self.fallback_sums, self.fallbacks)
        } else {
            (&self.sums, self.hands - self.fallbacks)
        };
        sums.iter()
            .map(move |(a, s)| (a.as_str(), s / n.max(1) as f64))
    }

    /// The action with the highest mean probability, and that mean.
    fn top(&self) -> Option<(&str, f64)> {
        self.means().max_by(|a, b| a.1.total_cmp(&b.1))
    }
}

/// The range of `spot`'s seat: the grid, the hands counted, the fallbacks among them.
struct Range {
    rows: Vec<String>,
    cols: Vec<String>,
    cells: Vec<Vec<Cell>>,
    hands: u64,
    fallbacks: u64,
}

/// Builds the range of `spot`'s seat from `policy`.
fn build(policy: &Policy, spot: &Spot) -> Result<Range, QueryError> {
    let view = spot.to_view()?;
    // The spot itself must be a decision of its seat that the table can be asked about.
    policy.recommend_spot(spot, ActionOrder::Engine)?;
    if spot.is_blind() {
        return Err(QueryError::Range(
            "a blind spot (mão de ferro) has no hand to range over".into(),
        ));
    }
    let p = view.public();
    let table = p.rank_table();
    let seat = view.seat();
    // What the seat must hold (its own played and hidden cards) and what it could.
    let mut must = CardSet::from_cards(spot.own_hidden());
    let mut seen = CardSet::default();
    for t in 0..3 {
        for s in 0..p.rules().players {
            if let Some(c) = p.played(t, s) {
                if s == seat {
                    must.insert(c);
                } else {
                    seen.insert(c);
                }
            }
        }
    }
    if let Some(v) = p.vira() {
        seen.insert(v);
    }
    if let Some(partner) = spot.partner() {
        for c in partner {
            seen.insert(c);
        }
    }
    let pool: Vec<Card> = p
        .rules()
        .deck
        .cards()
        .into_iter()
        .filter(|&c| !seen.contains(c))
        .collect();
    let tiers = table.tier_count() as usize;
    let envido = p.rules().envido;
    let deck = p.rules().deck.cards();
    let manilhas = p.vira().map(truco_game::ranking::manilhas);
    let rows: Vec<String> = (1..=tiers as u8)
        .map(|t| tier_label(deck, &table, t, manilhas.as_ref()))
        .collect();
    let cols: Vec<String> = if envido {
        ENVIDO_COLS.iter().map(|c| c.0.to_string()).collect()
    } else {
        rows.iter().map(|r| format!("2nd {r}")).collect()
    };
    let mut cells: Vec<Vec<Cell>> = (0..rows.len())
        .map(|_| (0..cols.len()).map(|_| Cell::default()).collect())
        .collect();
    let (mut hands, mut fallbacks) = (0, 0);
    let n = pool.len();
    for i in 0..n {
        for j in i + 1..n {
            for k in j + 1..n {
                let hand = [pool[i], pool[j], pool[k]];
                if !must.into_iter().all(|c| hand.contains(&c)) {
                    continue;
                }
                let candidate = spot.with_cards(hand);
                let Ok(v) = candidate.to_view() else { continue };
                let Ok(r) = policy.recommend_in(&v, candidate.history(), ActionOrder::Engine)
                else {
                    continue;
                };
                let (row, col) = classify(&v, &hand, envido);
                let cell = &mut cells[row][col];
                cell.hands += 1;
                cell.fallbacks += u64::from(r.fallback);
                let sums = if r.fallback {
                    &mut cell.fallback_sums
                } else {
                    &mut cell.sums
                };
                for a in r.actions() {
                    let name =
                        card_role(&v, a.action).unwrap_or_else(|| r.name(a.action).to_string());
                    *sums.entry(name).or_default() += a.prob as f64;
                }
                hands += 1;
                fallbacks += u64::from(r.fallback);
            }
        }
    }
    Ok(trim(Range {
        rows,
        cols,
        cells,
        hands,
        fallbacks,
    }))
}

/// `r` without the rows and columns no hand falls into (a paulista rank lifted to manilha,
/// pairs below the diagonal, impossible envido totals).
fn trim(r: Range) -> Range {
    let keep_row: Vec<bool> = r
        .cells
        .iter()
        .map(|row| row.iter().any(|c| c.hands > 0))
        .collect();
    let keep_col: Vec<bool> = (0..r.cols.len())
        .map(|c| r.cells.iter().any(|row| row[c].hands > 0))
        .collect();
    let pick = |v: Vec<String>, keep: &[bool]| -> Vec<String> {
        v.into_iter()
            .zip(keep)
            .filter(|x| *x.1)
            .map(|x| x.0)
            .collect()
    };
    let cells = r
        .cells
        .into_iter()
        .zip(&keep_row)
        .filter(|x| *x.1)
        .map(|(row, _)| {
            row.into_iter()
                .zip(&keep_col)
                .filter(|x| *x.1)
                .map(|x| x.0)
                .collect()
        })
        .collect();
    Range {
        rows: pick(r.rows, &keep_row),
        cols: pick(r.cols, &keep_col),
        cells,
        hands: r.hands,
        fallbacks: r.fallbacks,
    }
}

/// The grid cell of a hand: its strongest card's tier, and its envido bucket (or second card).
fn classify(view: &View, hand: &[Card; 3], envido: bool) -> (usize, usize) {
    let table = view.public().rank_table();
    let mut t: Vec<usize> = hand
        .iter()
        .map(|&c| table.tier(c).map_or(0, |t| t as usize - 1))
        .collect();
    t.sort_unstable();
    let col = if envido {
        let v = truco_game::envido::envido_value(CardSet::from_cards(hand));
        ENVIDO_COLS
            .iter()
            .position(|&(_, lo, hi)| (lo..=hi).contains(&v))
            .unwrap_or(0)
    } else {
        t[1]
    };
    (t[0], col)
}

/// A card action named by its role in the hand, so that hands of one cell add up: `play high`,
/// `play mid`, `play low` among the unplayed cards (`hide` the same); `None` for a call.
fn card_role(view: &View, action: Action) -> Option<String> {
    let (verb, card) = match action {
        Action::Play(c) => ("play", c),
        Action::Hide(c) => ("hide", c),
        _ => return None,
    };
    let table = view.public().rank_table();
    let strength = table.strength(card);
    let unplayed: Vec<u8> = view.hand().into_iter().map(|c| table.strength(c)).collect();
    let above = unplayed.iter().filter(|&&s| s > strength).count();
    let below = unplayed.iter().filter(|&&s| s < strength).count();
    let role = match (above, below) {
        (0, 0) => "",
        (0, _) => " high",
        (_, 0) => " low",
        _ => " mid",
    };
    Some(format!("{verb}{role}"))
}

/// A tier's label: its rank when every card of it shares one (`3s`), else its cards (`1E`);
/// a paulista manilha says so (`manilha 4C`), and a tier left without cards (the rank whose
/// cards became the manilhas) names its rank.
fn tier_label(
    deck: CardSet,
    table: &truco_game::ranking::RankTable,
    tier: u8,
    manilhas: Option<&[Card; 4]>,
) -> String {
    let cards: Vec<Card> = deck
        .into_iter()
        .filter(|&c| table.tier(c) == Some(tier))
        .collect();
    if let ([c], Some(m)) = (cards.as_slice(), manilhas) {
        if m.contains(c) {
            return format!("manilha {c}");
        }
    }
    if cards.is_empty() {
        let rank = manilhas.map_or(String::new(), |m| format!("{}s ", m[0].rank()));
        return format!("{rank}(manilhas)");
    }
    let mut ranks: Vec<u8> = cards.iter().map(|c| c.rank()).collect();
    ranks.sort_unstable();
    ranks.dedup();
    match (ranks.as_slice(), cards.len()) {
        ([r], n) if n > 1 => format!("{r}s"),
        _ => cards
            .iter()
            .map(|c| c.to_string())
            .collect::<Vec<_>>()
            .join(" "),
    }
}

/// Runs `truco query --range`.
pub fn run(
    policy: &Policy,
    spot: &Spot,
    json: bool,
    pictures: &[Option<&std::path::Path>],
    out: &mut impl Write,
) -> Result<(), QueryError> {
    let r = build(policy, spot)?;
    for path in pictures.iter().flatten() {
        truco_plot::render_grid(&grid(&r, spot), path)?;
    }
    if json {
        writeln!(out, "{}", to_json(&r, spot))?;
        return Ok(());
    }
    writeln!(out, "range of seat {} at: {spot}", spot.seat())?;
    writeln!(
        out,
        "{} hands it could hold; {} answered by the fallback",
        r.hands, r.fallbacks
    )?;
    writeln!(
        out,
        "rows: its strongest card; columns: {}; cell: the most likely action, its mean probability over the hands the table answered (hands, fb: fallen back)",
        if spot.rules().envido { "its envido total" } else { "its second card" }
    )?;
    const W: usize = 26;
    write!(out, "{:<12}", "")?;
    for c in &r.cols {
        write!(out, " {c:<W$}")?;
    }
    writeln!(out)?;
    for (label, row) in r.rows.iter().zip(&r.cells) {
        write!(out, "{:<12}", truncate(label, 12))?;
        for c in row {
            let text = match c.top() {
                _ if c.is_fallback() => format!("fallback ({})", c.hands),
                Some((a, m)) if c.fallbacks > 0 => {
                    format!("{a} {m:.2} ({}, {} fb)", c.hands, c.fallbacks)
                }
                Some((a, m)) => format!("{a} {m:.2} ({})", c.hands),
                None => "-".into(),
            };
            write!(out, " {text:<W$}")?;
        }
        writeln!(out)?;
    }
    Ok(())
}

/// The range of `spot`'s seat from `policy`, as the JSON `truco query --range --json` prints
/// (and the web explorer's `/api/range` answers).
pub fn range_json(policy: &Policy, spot: &Spot) -> Result<Value, QueryError> {
    Ok(to_json(&build(policy, spot)?, spot))
}

fn to_json(r: &Range, spot: &Spot) -> Value {
    let cells: Vec<Vec<Value>> = r
        .cells
        .iter()
        .map(|row| {
            row.iter()
                .map(|c| {
                    let mean: serde_json::Map<String, Value> = c
                        .means()
                        .map(|(a, m)| (a.to_string(), json!((m * 1e4).round() / 1e4)))
                        .collect();
                    json!({
                        "hands": c.hands,
                        "fallbacks": c.fallbacks,
                        "fallback": c.is_fallback(),
                        "mean": mean,
                    })
                })
                .collect()
        })
        .collect();
    // The colour of every action named in a cell, as the picture draws it.
    let mut colors = serde_json::Map::new();
    for c in r.cells.iter().flatten() {
        for (a, _) in c.means() {
            colors.insert(a.to_string(), json!(hex(action_rgb(a))));
        }
    }
    json!({
        "spot": spot.to_string(),
        "seat": spot.seat(),
        "hands": r.hands,
        "fallbacks": r.fallbacks,
        "rows": r.rows,
        "cols": r.cols,
        "cells": cells,
        "colors": colors,
        "fallback_color": hex(FALLBACK),
        "empty_color": hex(EMPTY),
    })
}

/// The range as a picture's grid.
fn grid(r: &Range, spot: &Spot) -> truco_plot::Grid {
    truco_plot::Grid {
        title: format!("range of seat {} at: {spot}", spot.seat()),
        subtitle: format!(
            "rows: its strongest card; columns: {}; cell: the most likely action, its mean probability (hands, fb: fallen back); {} hands, {} by the fallback",
            if spot.rules().envido { "its envido total" } else { "its second card" },
            r.hands,
            r.fallbacks
        ),
        rows: r.rows.clone(),
        cols: r.cols.clone(),
        cells: r
            .cells
            .iter()
            .map(|row| {
                row.iter()
                    .map(|c| {
                        c.top().map(|(a, m)| truco_plot::GridCell {
                            action: a.to_string(),
                            prob: m,
                            hands: c.hands,
                            fallbacks: c.fallbacks,
                        })
                    })
                    .collect()
            })
            .collect(),
    }
}

fn truncate(s: &str, n: usize) -> String {
    s.chars().take(n).collect()
}
