//! The `truco` command-line tool: thin commands over the member crates.

use clap::Parser;

/// A counterfactual-regret solver for truco.
#[derive(Parser)]
#[command(name = "truco", version, about)]
enum Cli {}

fn main() {
    let _ = Cli::parse();
}
