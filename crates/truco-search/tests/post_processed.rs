//! A table that declares a post-processing step is searched over its rows as trained: the
//! ranges and the search's answer are those of the same table without the step.

use std::path::PathBuf;
use std::sync::Arc;

use truco_cfr::resolve::Budget;
use truco_game::Spot;
use truco_query::{write_post_processed, OpenOptions, Policy, PostProcess};
use truco_search::ranges::seat_range;
use truco_search::root::Replay;
use truco_search::{SearchBudget, Searcher};

fn open(path: &std::path::Path) -> Arc<Policy> {
    let opts = OpenOptions {
        verify_checksum: false,
    };
    Arc::new(Policy::open_with(path, opts).unwrap())
}

#[test]
fn a_purified_table_is_searched_as_trained() {
    let shipped = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../models/arg-1v1.tbl");
    let purified = std::env::temp_dir().join(format!("ts-purified-{}.tbl", std::process::id()));
    write_post_processed(&shipped, PostProcess::Purify, &purified).unwrap();
    let (trained, processed) = (open(&shipped), open(&purified));
    let _ = std::fs::remove_file(&purified);
    assert_eq!(processed.post_process(), PostProcess::Purify);

    // Seat 1 to answer a truco in trick 2, after an envido shown 33 against 6.
    let spot: Spot = "arg-1v1 | score 3-9 | dealer 1 | seat 1: 4E 5C 6O \
                      | 0:envido 1:quiero [0:33 1:6] 0:7E 1:4E 0:truco"
        .parse()
        .unwrap();
    let view = spot.to_view().unwrap();
    // The served rows are one-hot, the trained ones are not.
    let served = processed.recommend(&view, spot.history()).unwrap();
    assert!(served
        .actions()
        .iter()
        .all(|a| a.prob == 0.0 || a.prob == 1.0));
    assert_eq!(
        processed.recommend_trained(&view, spot.history()).unwrap(),
        trained.recommend(&view, spot.history()).unwrap()
    );

    let replay = Replay::new(&view, spot.history()).unwrap();
    let deck = truco_game::RuleSet::ARG_1V1.deck.cards();
    let want = seat_range(&trained, deck, &replay, 0).unwrap();
    let got = seat_range(&processed, deck, &replay, 0).unwrap();
    assert_eq!(got, want, "ranges from the trained rows");
    // Not degenerate: several hands keep weight above the floor.
    let weighty = want.iter().filter(|(_, w)| *w > 1e-3).count();
    assert!(weighty > 1, "{weighty}");

    let budget = SearchBudget(Budget::Iterations(300));
    let a = Searcher::new(trained, budget).unwrap();
    let b = Searcher::new(processed, budget).unwrap();
    let (x, y) = (
        a.decide(&view, spot.history(), 7, true).unwrap(),
        b.decide(&view, spot.history(), 7, true).unwrap(),
    );
    assert_eq!(y.blueprint, None);
    assert_eq!(x, y);
}
