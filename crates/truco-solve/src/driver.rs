//! Per-cell exact solving of heads-up paulista: full-tree CFR+/DCFR (truco-cfr's [`Tree`] and
//! [`FullSolver`]) over every class deal of each vira class, exact best response every few
//! iterations, the cell's match value, and its strategy table.
//!
//! A vira is public from the start of the hand, so each vira class is an independent game:
//! the cell's value and exploitability are the vira-class-probability-weighted sums of the
//! classes' values and exploitabilities.

use std::path::Path;
use std::time::Instant;

use truco_cfr::{expected_value, exploitability, Algorithm, FullSolver, Tree};
use truco_game::RuleSet;
use truco_query::{TableMeta, TableWriter};
use xxhash_rust::xxh3::xxh3_64;

use crate::cell::Cell;
use crate::error::SolveError;
use crate::mv::MatchValues;
use crate::paulista::classes::{class_counts, vira_class_prob, CLASSES};
use crate::paulista::game::{HandKind, HandValues, HuHand, CUSTOM_DECK};
use crate::topdown::next_cell;

/// Abstraction id written in strategy tables.
pub const ABSTRACTION_ID: &str = "paulista-hu-classes-v1";
/// The definition hashed into the table header (see `abstractions/paulista-hu.md`).
pub const ABSTRACTION_DEFINITION: &str =
    "paulista-hu-classes-v1: card class = strength (0-8 plain \
from the weakest, 9-12 manilhas oros espadas copas bastos); vira class = plain class of the vira \
(2 and 3 share 8); key bits 0-3 vira class, 4 seat, 5-16 dealt classes ascending, 17 mao de onze \
decision, 18-47 six plays of 5 bits (0 none, 1+class up, 14+class own hidden, 27 other's hidden); \
actions class | 0x10 hidden, 0x20 play, 0x21 run";

/// Which deals a cell is solved over.
#[derive(Clone, Debug, PartialEq)]
pub enum DealSet {
    /// These vira classes (each with the 39 cards left by its vira).
    ViraClasses(Vec<u8>),
    /// One custom deck of cards per class (tests, reduced solves); vira class code 15.
    Custom([u8; CLASSES]),
}

/// How long and how hard to solve.
#[derive(Clone, Copy, Debug)]
pub struct SolveConfig {
    /// Stop once the exploitability (match-value units, ±1 scale) is at most this.
    pub eps: f64,
    /// Iterations between two exact best-response checks.
    pub check_every: u64,
    /// Most iterations per vira class.
    pub max_iterations: u64,
    /// `CfrPlus` or `Dcfr`.
    pub algorithm: Algorithm,
    /// Most tree nodes per vira class (a typed error beyond).
    pub max_nodes: usize,
}

impl Default for SolveConfig {
    fn default() -> Self {
        SolveConfig {
            eps: 1e-3,
            check_every: 10,
            max_iterations: 5000,
            algorithm: Algorithm::Dcfr,
            max_nodes: 200_000_000,
        }
    }
}

/// What solving one vira class gave.
#[derive(Clone, Debug, PartialEq)]
pub struct ClassReport {
    /// Vira class (15: custom deck).
    pub vira_class: u8,
    /// Probability weight of the class in the cell.
    pub weight: f64,
    /// Class deals.
    pub deals: usize,
    /// Tree nodes.
    pub nodes: usize,
    /// Information sets.
    pub info_sets: usize,
    /// Iterations run.
    pub iterations: u64,
    /// Final exploitability (NashConv / 2, ±1 scale).
    pub exploitability: f64,
    /// Team 0's value (±1 scale) under the average strategy.
    pub value0: f64,
    /// Bytes of the tree arena plus the solver's buffers.
    pub bytes: usize,
    /// Seconds building the tree.
    pub build_secs: f64,
    /// Seconds iterating (best-response checks included).
    pub solve_secs: f64,
}

/// What solving a cell gave.
#[derive(Clone, Debug, PartialEq)]
pub struct CellReport {
    /// The cell.
    pub cell: Cell,
    /// The hand played there.
    pub kind: HandKind,
    /// One report per vira class solved.
    pub classes: Vec<ClassReport>,
}

impl CellReport {
    fn weight(&self) -> f64 {
        self.classes.iter().map(|c| c.weight).sum()
    }

    /// Team 0's value (±1 scale), weighted over the classes solved.
    pub fn value0(&self) -> f64 {
        self.classes
            .iter()
            .map(|c| c.weight * c.value0)
            .sum::<f64>()
            / self.weight()
    }

    /// The dealer's value (±1 scale).
    pub fn dealer_value(&self) -> f64 {
        if self.cell.dealer == 0 {
            self.value0()
        } else {
            -self.value0()
        }
    }

    /// Exploitability (±1 scale), weighted over the classes solved.
    pub fn exploitability(&self) -> f64 {
        self.classes
            .iter()
            .map(|c| c.weight * c.exploitability)
            .sum::<f64>()
            / self.weight()
    }

    /// Team 0's match value `mv` of the cell (a probability).
    pub fn match_value(&self) -> f64 {
        ((1.0 + self.value0()) / 2.0).clamp(0.0, 1.0)
    }
}

/// The hand without truco played at `cell` under heads-up `rules`, or why it cannot be solved
/// here (hands with truco are not handled by this solver).
pub fn cell_kind(rules: &RuleSet, cell: Cell) -> Result<HandKind, SolveError> {
    if rules.variant != truco_game::Variant::Paulista || rules.players != 2 || !rules.ferro_open {
        return Err(SolveError::Unsupported(
            "exact cell solving needs paulista with players=2 and ferro=open".into(),
        ));
    }
    let e = rules.target - 1;
    if cell.dealer > 1 || cell.score[0] > e || cell.score[1] > e {
        return Err(SolveError::BadCell {
            a: cell.score[0],
            b: cell.score[1],
            dealer: cell.dealer,
            target: rules.target,
            dealers: 2,
        });
    }
    match (cell.score[0] == e, cell.score[1] == e) {
        (true, true) => Ok(HandKind::OpenFerro),
        (true, false) => Ok(HandKind::Eleven { team: 0 }),
        (false, true) => Ok(HandKind::Eleven { team: 1 }),
        (false, false) => Err(SolveError::Unsupported(format!(
            "cell {cell}: hands with truco (no team at {e}) are not solved exactly yet"
        ))),
    }
}

/// Team 0's utilities of the ways the hand at `cell` can end, read from `mv`.
pub fn hand_values(
    rules: &RuleSet,
    cell: Cell,
    kind: HandKind,
    mv: &MatchValues,
) -> Result<HandValues, SolveError> {
    let worth = rules.truco_values[1];
    let read = |team: u8, points: u8| {
        let (score, dealer) = next_cell(cell, team, points, 2);
        mv.utility(score, dealer)
    };
    let win = [read(0, worth)?, read(1, worth)?];
    let run = match kind {
        HandKind::Eleven { team } => read(1 - team, 1)?,
        HandKind::OpenFerro => 0.0,
    };
    Ok(HandValues { win, run })
}

/// Peak resident memory of this process in bytes (Linux `VmHWM`), if known.
pub fn peak_rss() -> Option<usize> {
    let s = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = s.lines().find(|l| l.starts_with("VmHWM:"))?;
    let kb: usize = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb * 1024)
}

/// Solves one hand: builds its tree, iterates until the exploitability is at most `cfg.eps`
/// (checked every `cfg.check_every` iterations) or `cfg.max_iterations`; `progress` sees
/// (iterations, exploitability) at each check. Pushes the average strategy into `table`.
pub fn solve_hand(
    hand: &HuHand,
    vira_class: u8,
    weight: f64,
    cfg: &SolveConfig,
    table: Option<&mut TableWriter>,
    progress: &mut dyn FnMut(u64, f64),
) -> Result<ClassReport, SolveError> {
    let t0 = Instant::now();
    let tree = Tree::build(hand, cfg.max_nodes)?;
    let build_secs = t0.elapsed().as_secs_f64();
    let t1 = Instant::now();
    let mut solver = FullSolver::new(&tree, cfg.algorithm)?;
    let mut e = f64::INFINITY;
    let mut policy = tree.uniform_policy();
    while solver.iterations() < cfg.max_iterations {
        let n = cfg
            .check_every
            .max(1)
            .min(cfg.max_iterations - solver.iterations());
        solver.run(&tree, n);
        policy = solver.average_policy(&tree);
        e = exploitability(&tree, &policy);
        progress(solver.iterations(), e);
        if e <= cfg.eps {
            break;
        }
    }
    let value0 = expected_value(&tree, &policy);
    if let Some(w) = table {
        for i in 0..tree.num_info_sets() {
            let r = tree.info_range(i);
            w.push(*tree.info_key(i), &policy[r], None)
                .map_err(|e| SolveError::Table(e.to_string()))?;
        }
    }
    let (nodes, actions) = (tree.num_nodes(), tree.num_actions());
    Ok(ClassReport {
        vira_class,
        weight,
        deals: hand.num_deals(),
        nodes,
        info_sets: tree.num_info_sets(),
        iterations: solver.iterations(),
        exploitability: e,
        value0,
        bytes: tree.bytes() + 24 * nodes + 24 * actions,
        build_secs,
        solve_secs: t1.elapsed().as_secs_f64(),
    })
}

/// Solves `cell` over `deals`, reading the values of the cells it leads to from `mv`; if
/// `table_path` is given, writes the strategy table there (atomically). Does not store the
/// cell's value: see [`record`].
pub fn solve_cell(
    rules: &RuleSet,
    cell: Cell,
    deals: &DealSet,
    cfg: &SolveConfig,
    mv: &MatchValues,
    table_path: Option<&Path>,
    progress: &mut dyn FnMut(u8, u64, f64),
) -> Result<CellReport, SolveError> {
    let kind = cell_kind(rules, cell)?;
    let values = hand_values(rules, cell, kind, mv)?;
    let mao = (cell.dealer + 1) % 2;
    let list: Vec<(u8, [u8; CLASSES], f64)> = match deals {
        DealSet::ViraClasses(v) => {
            if v.is_empty() || v.iter().any(|&c| c > 8) {
                return Err(SolveError::Unsupported(format!("vira classes {v:?} (0-8)")));
            }
            v.iter()
                .map(|&c| (c, class_counts(c), vira_class_prob(c)))
                .collect()
        }
        DealSet::Custom(counts) => {
            let bad = counts[9..].iter().any(|&c| c > 1)
                || counts[..9].iter().any(|&c| c > 4)
                || counts.iter().map(|&c| c as u32).sum::<u32>() < 6;
            if bad {
                return Err(SolveError::Unsupported(format!(
                    "custom deck {counts:?}: at most 4 per plain class, 1 per manilha, 6 cards"
                )));
            }
            vec![(CUSTOM_DECK, *counts, 1.0)]
        }
    };
    let mut writer = table_path.map(|_| {
        TableWriter::new(TableMeta {
            variant: "paulista".into(),
            options: format!(
                "players=2 ferro=open score={}-{} dealer={}",
                cell.score[0], cell.score[1], cell.dealer
            ),
            abstraction_id: ABSTRACTION_ID.into(),
            abstraction_hash: xxh3_64(ABSTRACTION_DEFINITION.as_bytes()),
        })
    });
    let mut classes = Vec::new();
    for (vc, counts, weight) in list {
        let hand = HuHand::new(kind, mao, vc, counts, values);
        let report = solve_hand(&hand, vc, weight, cfg, writer.as_mut(), &mut |it, e| {
            progress(vc, it, e)
        })?;
        classes.push(report);
    }
    if let (Some(w), Some(p)) = (writer, table_path) {
        w.write(p).map_err(|e| SolveError::Table(e.to_string()))?;
    }
    Ok(CellReport {
        cell,
        kind,
        classes,
    })
}

/// Stores a cell's match value in `mv` if the report covers every vira class (a partial solve,
/// one class or a custom deck, is not the cell's value). Returns whether it was stored.
pub fn record(report: &CellReport, mv: &mut MatchValues) -> Result<bool, SolveError> {
    let all = (0..9u8).all(|c| report.classes.iter().any(|r| r.vira_class == c));
    if all {
        mv.set(report.cell, report.match_value())?;
    }
    Ok(all)
}

/// Solves every cell of `rules` that [`cell_kind`] accepts (11-11 and the mão de onze cells),
/// top-down ([`crate::cell::top_down_order`]), storing each cell's match value in `mv` whatever
/// `deals` is: with a reduced deck the table is that deck's game, so name it accordingly.
/// Cells already in `mv` are kept. Returns the reports of the cells solved.
pub fn solve_eleven_region(
    rules: &RuleSet,
    deals: &DealSet,
    cfg: &SolveConfig,
    mv: &mut MatchValues,
    progress: &mut dyn FnMut(Cell, u8, u64, f64),
) -> Result<Vec<CellReport>, SolveError> {
    let order = crate::cell::top_down_order(rules.target, 2, crate::cell::VoidRule::of(rules));
    let mut reports = Vec::new();
    for group in order {
        for cell in group {
            if mv.is_solved(cell) || cell_kind(rules, cell).is_err() {
                continue;
            }
            let r = solve_cell(rules, cell, deals, cfg, mv, None, &mut |vc, it, e| {
                progress(cell, vc, it, e)
            })?;
            mv.set(cell, r.match_value())?;
            reports.push(r);
        }
    }
    Ok(reports)
}

#[cfg(test)]
#[path = "driver_tests.rs"]
mod tests;
