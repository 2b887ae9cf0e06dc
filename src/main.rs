//! The `truco` command-line tool: thin commands over the member crates.
//!
//! Each subcommand is one variant of [`Command`] and one file in `src/cmd/`; its `--help` ends
//! with examples (`examples.rs`).

mod cmd;
mod examples;

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
    #[command(after_help = examples::SIMULATE)]
    Simulate(cmd::simulate::Args),
    /// Duplicate matches between two bots: win rate and points per hand with 95% intervals.
    #[command(after_help = examples::EVAL)]
    Eval(cmd::eval::Args),
    /// Recommend actions for one spot from a strategy table (table or --json).
    #[command(after_help = examples::QUERY)]
    Query(cmd::query::Args),
    /// Answer JSON-lines recommendation requests on stdin/stdout or over TCP (--listen).
    #[command(after_help = examples::SERVE)]
    Serve(cmd::serve::Args),
    /// Write a copy of a table that declares a post-processing step (purify, threshold).
    #[command(after_help = examples::POSTPROCESS)]
    Postprocess(cmd::postprocess::Args),
    /// Train a strategy table (progress bar, checkpoints, Ctrl-C, --resume, training log).
    #[command(after_help = examples::TRAIN)]
    Train(cmd::train::Args),
    /// What a strategy table is and how it was trained (iterations, core-hours, every run).
    #[command(after_help = examples::INFO)]
    Info(cmd::info::Args),
    /// Exploitability of a table (exact on arg-1v1-mini, elsewhere a sampled lower bound) or of
    /// any arena bot as it plays (--bot; trained responder or LBR).
    #[command(after_help = examples::EXPLOIT)]
    Exploit(cmd::exploit::Args),
    /// Charts of training logs, eval reports and exploitability curves (SVG and PNG).
    #[command(after_help = examples::PLOT)]
    Plot(cmd::plot::Args),
    /// Play a match in the terminal against strategy tables or the heuristic.
    #[command(after_help = examples::PLAY)]
    Play(cmd::play::Args),
    /// Exact score-aware solve of one heads-up paulista cell (11-11 open ferro, mão de onze).
    #[command(after_help = examples::SOLVE)]
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
        Command::Postprocess(args) => cmd::postprocess::run(&args, &mut out).map_err(Into::into),
        Command::Train(args) => cmd::train::run(&args, &mut out),
        Command::Info(args) => cmd::info::run(&args, &mut out),
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
