//! The player with a decision-time search over the shipped arg-1v1 table.

use std::path::PathBuf;
use std::sync::Arc;

use rand::SeedableRng;
use truco_bots::{Bot, BotRng};
use truco_cfr::resolve::Budget;
use truco_game::Spot;
use truco_player::{Player, Source, TablePlay};
use truco_query::{OpenOptions, Policy};
use truco_search::{SearchBudget, Searcher};

fn policy() -> Arc<Policy> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../models/arg-1v1.tbl");
    let opts = OpenOptions {
        verify_checksum: false,
    };
    Arc::new(Policy::open_with(path, opts).unwrap())
}

fn searcher(budget: Budget) -> Searcher {
    Searcher::new(policy(), SearchBudget(budget)).unwrap()
}

/// Seat 1 to answer a truco in trick 2, after an envido shown 33 against 6.
const TRICK2: &str = "arg-1v1 | score 3-9 | dealer 1 | seat 1: 4E 5C 6O \
                      | 0:envido 1:quiero [0:33 1:6] 0:7E 1:4E 0:truco";

#[test]
fn a_searched_decision_says_so_with_its_values() {
    let spot: Spot = TRICK2.parse().unwrap();
    let s = Arc::new(searcher(Budget::Iterations(200)));
    let mut player = Player::new(policy()).with_search(s, true);
    let d = player.decide_spot(&spot, 5).unwrap();
    assert_eq!(d.source, Source::Search, "{d:?}");
    let (r, searched) = d.searched.as_ref().unwrap();
    assert!(searched.values.is_some());
    assert!(r
        .actions()
        .iter()
        .any(|a| a.action == d.action || !d.changes.is_empty()));
    // The same spot and seed: the same move.
    let s = Arc::new(searcher(Budget::Iterations(200)));
    let again = Player::new(policy())
        .with_search(s, true)
        .decide_spot(&spot, 5)
        .unwrap();
    assert_eq!(again.action, d.action);
}

#[test]
fn against_erratic_opponents_the_bot_plays_as_the_search_bot() {
    let spot: Spot = TRICK2.parse().unwrap();
    let view = spot.to_view().unwrap();
    let mut legal = truco_game::ActionList::new();
    view.legal_actions(&mut legal);
    let s = Arc::new(searcher(Budget::Iterations(50)));
    let mut bot = Player::new(policy())
        .with_play(TablePlay::STRONG)
        .with_search(s, false);
    let mut rng = BotRng::seed_from_u64(3);
    let a = bot.act_in_hand(&view, spot.history(), legal.as_slice(), &mut rng);
    assert!(legal.contains(a));
    let searched = bot.fallbacks().unwrap();
    assert_eq!(searched.erratic_decisions, 0);
    assert_eq!((searched.searched, searched.searches_given_up), (1, 0));
    // The opponent folded while leading the tricks, with nothing to answer.
    let fold: Spot =
        "arg-1v1 | score 0-0 | dealer 1 | seat 0: 1E 5C 6O | 0:envido 1:no-quiero 0:1E 1:4B"
            .parse()
            .unwrap();
    bot.seen(
        fold.to_view().unwrap().public(),
        truco_game::Action::Mazo,
        true,
    );
    let a = bot.act_in_hand(&view, spot.history(), legal.as_slice(), &mut rng);
    assert!(legal.contains(a));
    let after = bot.fallbacks().unwrap();
    assert_eq!(after.erratic_decisions, 1);
    assert_eq!(after.decisions, searched.decisions, "no search after");
}

#[test]
fn a_search_that_gives_up_leaves_the_decision_to_the_table_and_is_counted() {
    let spot: Spot = TRICK2.parse().unwrap();
    let view = spot.to_view().unwrap();
    let mut legal = truco_game::ActionList::new();
    view.legal_actions(&mut legal);
    let s = Arc::new(searcher(Budget::Time(std::time::Duration::from_nanos(1))));
    let mut bot = Player::new(policy()).with_search(s, false);
    let mut rng = BotRng::seed_from_u64(3);
    let a = bot.act_in_hand(&view, spot.history(), legal.as_slice(), &mut rng);
    assert!(legal.contains(a));
    let counts = bot.fallbacks().unwrap();
    assert_eq!((counts.searched, counts.searches_given_up), (0, 1));
    // The table knew the spot: no fallback.
    assert_eq!((counts.decisions, counts.fallbacks), (1, 0));
}
