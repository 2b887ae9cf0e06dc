//! Driver tests on reduced deal sets (custom decks), fast in release mode.

use super::*;

fn hu() -> RuleSet {
    RuleSet::new("paulista", &["players=2", "ferro=open"]).unwrap()
}

/// Eight cards: two plain classes of two, a plain class of two, two manilhas.
fn small_deck() -> DealSet {
    let mut c = [0u8; CLASSES];
    c[1] = 2;
    c[4] = 2;
    c[7] = 2;
    c[10] = 1;
    c[12] = 1;
    DealSet::Custom(c)
}

fn cfg(eps: f64) -> SolveConfig {
    SolveConfig {
        eps,
        check_every: 5,
        max_iterations: 3000,
        ..SolveConfig::default()
    }
}

#[test]
fn open_ferro_reaches_the_requested_exploitability() {
    let mv = MatchValues::new("paulista players=2 ferro=open", 12, 2);
    let mut seen = Vec::new();
    let r = solve_cell(
        &hu(),
        Cell::new(11, 11, 0),
        &small_deck(),
        &cfg(1e-3),
        &mv,
        None,
        &mut |_, it, e| seen.push((it, e)),
    )
    .unwrap();
    assert_eq!(r.kind, HandKind::OpenFerro);
    let e = r.exploitability();
    assert!(e <= 1e-3, "exploitability {e}");
    assert!(seen.len() >= 2 && seen[0].1 > e, "it falls: {seen:?}");
    assert!(r.classes[0].iterations < 3000);
    // The seats swap with the dealer: the dealer's value is the same from both seats.
    let r1 = solve_cell(
        &hu(),
        Cell::new(11, 11, 1),
        &small_deck(),
        &cfg(1e-3),
        &mv,
        None,
        &mut |_, _, _| {},
    )
    .unwrap();
    let (d0, d1) = (r.dealer_value(), r1.dealer_value());
    assert!((d0 - d1).abs() < 4e-3, "dealer value {d0} vs {d1}");
    assert!(d0.abs() < 1.0 && d0 != 0.0);
}

#[test]
fn mao_de_onze_reads_the_next_cells_and_never_does_worse_than_running() {
    let rules = hu();
    let mut mv = MatchValues::new("paulista players=2 ferro=open", 12, 2);
    let cell = Cell::new(11, 10, 1);
    // Running leads to 11-11 with dealer 0: not solved yet.
    let err = solve_cell(
        &rules,
        cell,
        &small_deck(),
        &cfg(1e-3),
        &mv,
        None,
        &mut |_, _, _| {},
    );
    assert!(
        matches!(
            err,
            Err(SolveError::Unsolved {
                a: 11,
                b: 11,
                dealer: 0
            })
        ),
        "{err:?}"
    );
    mv.set(Cell::new(11, 11, 0), 0.55).unwrap();
    let r = solve_cell(
        &rules,
        cell,
        &small_deck(),
        &cfg(1e-3),
        &mv,
        None,
        &mut |_, _, _| {},
    )
    .unwrap();
    assert_eq!(r.kind, HandKind::Eleven { team: 0 });
    let run = 2.0 * 0.55 - 1.0;
    assert!(r.value0() >= run - 2e-3, "{} < run {run}", r.value0());
    assert!(r.exploitability() <= 1e-3);
    // A partial solve (custom deck) is not the cell's value.
    assert!(!record(&r, &mut mv).unwrap());
    assert!(!mv.is_solved(cell));
}

#[test]
fn cells_with_truco_and_other_rule_sets_are_refused() {
    let rules = hu();
    assert!(matches!(
        cell_kind(&rules, Cell::new(5, 5, 0)),
        Err(SolveError::Unsupported(_))
    ));
    assert!(matches!(
        cell_kind(&rules, Cell::new(12, 5, 0)),
        Err(SolveError::BadCell { .. })
    ));
    assert!(matches!(
        cell_kind(&RuleSet::PAULISTA, Cell::new(11, 11, 0)),
        Err(SolveError::Unsupported(_))
    ));
    assert_eq!(
        cell_kind(&rules, Cell::new(3, 11, 0)).unwrap(),
        HandKind::Eleven { team: 1 }
    );
    let mv = MatchValues::new("g", 12, 2);
    let mut bad = [0u8; CLASSES];
    bad[9] = 2;
    bad[0] = 4;
    let err = solve_cell(
        &rules,
        Cell::new(11, 11, 0),
        &DealSet::Custom(bad),
        &cfg(1e-3),
        &mv,
        None,
        &mut |_, _, _| {},
    );
    assert!(matches!(err, Err(SolveError::Unsupported(_))));
}

#[test]
fn strategy_table_is_written() {
    let dir = std::env::temp_dir().join(format!("truco-solve-tbl-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("cell.tbl");
    let mv = MatchValues::new("g", 12, 2);
    let r = solve_cell(
        &hu(),
        Cell::new(11, 11, 0),
        &small_deck(),
        &cfg(1e-2),
        &mv,
        Some(&path),
        &mut |_, _, _| {},
    )
    .unwrap();
    let t = truco_query::Table::open(&path, truco_query::OpenOptions::default()).unwrap();
    assert_eq!(t.len(), r.classes[0].info_sets);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn the_eleven_region_solves_top_down_on_a_small_deck() {
    let rules = hu();
    let mut mv = MatchValues::new("paulista players=2 ferro=open deck=small", 12, 2);
    let reports = solve_eleven_region(
        &rules,
        &small_deck(),
        &cfg(1e-4),
        &mut mv,
        &mut |_, _, _, _| {},
    )
    .unwrap();
    // 11-11 and 11-x / x-11 for x in 0..=10, both dealers.
    assert_eq!(reports.len(), 2 + 2 * 11 * 2);
    assert_eq!(reports[0].cell.score, [11, 11]);
    for r in &reports {
        assert!(r.exploitability() <= 1e-4, "{}", r.cell);
        if let HandKind::Eleven { team } = r.kind {
            // The team at 11 can always run: its value is at least the run's.
            let mut run_score = r.cell.score;
            run_score[1 - team as usize] += 1;
            let run0 = mv.utility(run_score, 1 - r.cell.dealer).unwrap();
            let (v, run) = if team == 0 {
                (r.value0(), run0)
            } else {
                (-r.value0(), -run0)
            };
            assert!(v >= run - 3e-4, "{}: {v} < run {run}", r.cell);
        }
    }
    // Seat symmetry: a cell and its mirror (scores and seats swapped) have complementary values.
    for x in [0u8, 5, 10] {
        for d in 0..2u8 {
            let a = mv.get([11, x], d).unwrap();
            let b = mv.get([x, 11], 1 - d).unwrap();
            assert!((a + b - 1.0).abs() < 2e-3, "11-{x} d{d}: {a} + {b}");
        }
    }
    // Further from the end, the team at 11 is safer.
    assert!(mv.get([11, 0], 0).unwrap() >= mv.get([11, 10], 0).unwrap() - 1e-3);
}
