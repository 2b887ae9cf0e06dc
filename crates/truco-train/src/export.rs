//! Writes a solver's average strategy as a `truco-query` table.

use std::path::Path;

use truco_cfr::McSolver;
use truco_game::abstraction::Abstraction;
use truco_query::{PostProcess, TableMeta, TableWriter, WriteSummary};

use crate::error::TrainError;
use crate::restricted::OPPONENT_BIT;
use crate::variant::TrainVariant;

/// The table metadata of a run.
pub fn table_meta(variant: TrainVariant, abstraction: Abstraction) -> TableMeta {
    TableMeta {
        variant: variant.id().to_string(),
        options: variant.options(),
        abstraction_id: abstraction.id().to_string(),
        abstraction_hash: abstraction.definition_hash(),
    }
}

/// Writes the information sets' average strategies (actions in the abstraction's canonical
/// order) to `path`, atomically. With `max_rows`, only the most visited information sets are
/// kept (the strategy-sum mass counts the visits); the others fall back to uniform at query time.
pub fn write_table(
    solver: &McSolver<u64>,
    variant: TrainVariant,
    abstraction: Abstraction,
    path: &Path,
    max_rows: Option<usize>,
) -> Result<WriteSummary, TrainError> {
    write_table_with(
        solver,
        variant,
        abstraction,
        path,
        max_rows,
        PostProcess::None,
    )
}

/// [`write_table`] declaring the post-processing step `post` in the table's header (its
/// readers serve the rows processed; the rows are stored as trained).
pub fn write_table_with(
    solver: &McSolver<u64>,
    variant: TrainVariant,
    abstraction: Abstraction,
    path: &Path,
    max_rows: Option<usize>,
    post: PostProcess,
) -> Result<WriteSummary, TrainError> {
    let mut w = TableWriter::new(table_meta(variant, abstraction));
    w.set_post_process(post);
    let table = solver.table();
    let mut probs = [0.0f64; truco_cfr::MAX_ACTIONS];
    let mut entries = table.entries();
    // A restricted Nash response trains its opponent too: only the responder is the table.
    entries.retain(|(key, _)| key & OPPONENT_BIT == 0);
    if let Some(cap) = max_rows.filter(|&c| c < entries.len()) {
        let mass = |e: &truco_cfr::Entry| -> f64 {
            (0..e.len).map(|a| table.sum(e.offset + a) as f64).sum()
        };
        let mut scored: Vec<(f64, usize)> = entries
            .iter()
            .enumerate()
            .map(|(i, (_, e))| (mass(e), i))
            .collect();
        scored.sort_unstable_by(|a, b| b.0.total_cmp(&a.0).then(a.1.cmp(&b.1)));
        let mut keep: Vec<usize> = scored[..cap].iter().map(|&(_, i)| i).collect();
        keep.sort_unstable();
        entries = keep.into_iter().map(|i| entries[i]).collect();
    }
    for (key, e) in entries {
        table.average_strategy(e, &mut probs)?;
        w.push(key, &probs[..e.len], None)?;
    }
    Ok(w.write(path)?)
}
