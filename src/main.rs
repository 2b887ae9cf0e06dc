//! The `truco` command-line tool: thin commands over the member crates.
//!
//! Each subcommand is one variant of [`Command`] and one file in `src/cmd/`.

mod cmd;

use std::process::ExitCode;

use clap::{Parser, Subcommand};

/// A counterfactual-regret solver for truco.
#[derive(Parser)]
#[command(name = "truco", version, about)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

/// The subcommands.
#[derive(Subcommand)]
enum Command {
    /// Play random legal matches and summarize where the points come from.
    Simulate(cmd::simulate::Args),
    /// Duplicate matches between two bots: win rate and points per hand with 95% intervals.
    Eval(cmd::eval::Args),
    /// Recommend actions for one spot from a strategy table (table or --json).
    Query(cmd::query::Args),
    /// Answer JSON-lines recommendation requests on stdin/stdout or over TCP (--listen).
    Serve(cmd::serve::Args),
    /// Train a strategy table (progress bar, checkpoints, Ctrl-C, --resume, training log).
    Train(cmd::train::Args),
    /// Exploitability of a table: exact on arg-1v1-mini, a sampled lower bound on arg-1v1.
    Exploit(cmd::exploit::Args),
    /// Charts of training logs, eval reports and exploitability curves (SVG and PNG).
    Plot(cmd::plot::Args),
    /// Play a match in the terminal against strategy tables or the heuristic.
    Play(cmd::play::Args),
    /// Exact score-aware solve of one heads-up paulista cell (11-11 open ferro, mão de onze).
    Solve(cmd::solve::Args),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let mut out = std::io::stdout().lock();
    let result: Result<(), Box<dyn std::error::Error>> = match cli.command {
        Command::Simulate(args) => cmd::simulate::run(&args, &mut out).map_err(Into::into),
        Command::Eval(args) => cmd::eval::run(&args, &mut out).map_err(Into::into),
        Command::Query(args) => cmd::query::run(&args, &mut out).map_err(Into::into),
        Command::Serve(args) => cmd::serve::run(&args, &mut out).map_err(Into::into),
        Command::Train(args) => cmd::train::run(&args, &mut out),
        Command::Exploit(args) => cmd::exploit::run(&args, &mut out).map_err(Into::into),
        Command::Plot(args) => cmd::plot::run(&args, &mut out).map_err(Into::into),
        Command::Play(args) => cmd::play::run(&args, &mut out).map_err(Into::into),
        Command::Solve(args) => cmd::solve::run(&args, &mut out).map_err(Into::into),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::FAILURE
        }
    }
}
