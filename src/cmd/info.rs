//! `truco info --model M`: what a strategy table is (variant, options, abstraction, rows, the
//! post-processing step its header declares) and how it was trained (its history sidecar,
//! `<M>.history.json`: total iterations, core-hours, every run's command line).

use std::io::Write;
use std::path::PathBuf;

use truco_query::{OpenOptions, Table, TableMeta};
use truco_train::history;

/// Arguments of `truco info`.
#[derive(clap::Args, Debug, Clone)]
pub struct Args {
    /// The strategy table.
    #[arg(long, value_name = "FILE")]
    pub model: PathBuf,
    /// Print JSON instead of text.
    #[arg(long)]
    pub json: bool,
}

/// Runs `truco info`.
pub fn run(a: &Args, out: &mut impl Write) -> Result<(), Box<dyn std::error::Error>> {
    let table = Table::open(&a.model, OpenOptions::default())?;
    let training = history::read_sidecar(&a.model)?;
    let m: &TableMeta = table.meta();
    if a.json {
        // `training` is null for a table with no history sidecar.
        let info = serde_json::json!({
            "variant": m.variant,
            "options": m.options,
            "abstraction": m.abstraction_id,
            "abstraction_hash": format!("{:016x}", m.abstraction_hash),
            "rows": table.len(),
            "post_process": table.post_process().to_string(),
            "training": training,
        });
        writeln!(out, "{}", serde_json::to_string(&info)?)?;
        return Ok(());
    }
    let options = if m.options.is_empty() {
        String::new()
    } else {
        format!(" ({})", m.options)
    };
    writeln!(out, "{}: {}{options}", a.model.display(), m.variant)?;
    writeln!(
        out,
        "abstraction: {} ({:016x}), {} rows",
        m.abstraction_id,
        m.abstraction_hash,
        table.len()
    )?;
    // What `--raw` readers serve; the player and the search read the rows as trained.
    writeln!(out, "post-processing: {}", table.post_process())?;
    match training {
        Some(h) => {
            for line in h.lines() {
                writeln!(out, "{line}")?;
            }
        }
        None => writeln!(
            out,
            "training: no history ({} not found: written without one, or not kept beside the table; a shipped table's card in models/ says how it was trained)",
            history::sidecar_path(&a.model).display()
        )?,
    }
    Ok(())
}
