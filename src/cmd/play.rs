//! `truco play`: a person plays a whole match in the terminal against strategy tables (or the
//! heuristic), with a table or a bot as partner in the team variants. Every variant the engine
//! has; the person's decisions are read from standard input, one per line (a number, or the
//! action in the variant's words), so a script can play too.

use std::fmt;
use std::io::{BufRead, Write};
use std::sync::Arc;

use rand::SeedableRng;

use truco_arena::{BotError, BotSpec};
use truco_bots::{Bot, BotRng, HandEvents, Heuristic};
use truco_game::matchplay::Match;
use truco_game::spot::Words;
use truco_game::{Action, ActionList, Event, RuleSet, View};
use truco_player::{Player, TablePlay};
use truco_query::{Policy, PolicyError};
use truco_search::{SearchBudget, SearchError, Searcher};

use super::play_screen as screen;

/// Arguments of `truco play`.
#[derive(clap::Args, Debug, Clone)]
pub struct Args {
    /// Variant id: arg-1v1, arg-2v2, arg-classic, paulista or valencian.
    #[arg(long, default_value = "arg-1v1")]
    pub variant: String,
    /// A rule option, repeatable: --option players=2 --option ferro=open (paulista),
    /// --option flor (arg-classic).
    #[arg(long = "option", value_name = "OPTION")]
    pub options: Vec<String>,
    /// The other team: a strategy table file (e.g. models/arg-1v1.tbl, played as `truco eval`
    /// plays it: its most likely action, the card by search; `@purify=T`, `@cards=table`),
    /// `heuristic`, `search` or `random`. A table also gives the `hint`.
    #[arg(long, value_name = "BOT", default_value = "heuristic")]
    pub model: BotSpec,
    /// Team variants: your partner(s), as --model (default: the same as --model).
    #[arg(long, value_name = "BOT")]
    pub partner: Option<BotSpec>,
    /// Your seat (0 .. players-1; teams alternate seats, so your partners are the seats of
    /// your parity).
    #[arg(long, default_value_t = 0)]
    pub seat: u8,
    /// With a table as --model (arg-1v1): the table searches its answers to truco calls from
    /// the second trick on, and `hint` shows the search's strategy with each move's value
    /// (points and match-win chance), for this budget (20ms, 2000it...).
    #[arg(long, value_name = "BUDGET")]
    pub search: Option<SearchBudget>,
    /// Seed of the deals and of the bots (default: from the clock). The same seed and the
    /// same choices replay the same match.
    #[arg(long)]
    pub seed: Option<u64>,
}

/// Why a match could not be played.
#[derive(Debug)]
pub enum PlayError {
    /// An unknown variant or option.
    Rules(truco_game::rules::RuleError),
    /// A seat the variant does not have.
    Seat(u8, u8),
    /// A bot or table that cannot play this variant.
    Bot(BotError),
    /// The table for hints cannot be read.
    Hint(PolicyError),
    /// `--search` cannot search this table.
    Search(SearchError),
    /// `--search` with a bot that has no table.
    SearchNeedsTable(String),
    /// The engine refused a move (a bug, never a person's choice: those are re-asked).
    Engine(truco_game::public::PlayError),
    /// The terminal could not be read or written.
    Io(std::io::Error),
}

impl fmt::Display for PlayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlayError::Rules(e) => write!(f, "{e}"),
            PlayError::Seat(s, n) => write!(f, "--seat {s}: the variant has seats 0 to {}", n - 1),
            PlayError::Bot(e) => write!(f, "{e}"),
            PlayError::Hint(e) => write!(f, "cannot use the table for hints: {e}"),
            PlayError::Search(e) => write!(f, "{e}"),
            PlayError::SearchNeedsTable(m) => {
                write!(f, "--search searches a table: --model {m} has none")
            }
            PlayError::Engine(e) => write!(f, "{e}"),
            PlayError::Io(e) => write!(f, "terminal: {e}"),
        }
    }
}

impl std::error::Error for PlayError {}

impl From<std::io::Error> for PlayError {
    fn from(e: std::io::Error) -> Self {
        PlayError::Io(e)
    }
}

/// Runs `truco play` on the terminal (standard input).
pub fn run(args: &Args, out: &mut impl Write) -> Result<(), PlayError> {
    let stdin = std::io::stdin();
    play(args, &mut stdin.lock(), out)
}

/// What the person typed.
enum Choice {
    /// A legal action.
    Act(Action),
    /// Leave the match (or the input ended).
    Quit,
}

/// Plays one match, reading the person's choices from `input`.
pub fn play(args: &Args, input: &mut impl BufRead, out: &mut impl Write) -> Result<(), PlayError> {
    let opts: Vec<&str> = args.options.iter().map(String::as_str).collect();
    let rules = RuleSet::new(&args.variant, &opts).map_err(PlayError::Rules)?;
    if args.seat >= rules.players {
        return Err(PlayError::Seat(args.seat, rules.players));
    }
    let make = |spec: &BotSpec| -> Result<Box<dyn Bot>, PlayError> {
        Ok(spec.maker_for(&rules).map_err(PlayError::Bot)?())
    };
    let partner_spec = args.partner.as_ref().unwrap_or(&args.model);
    let mut others = make(&args.model)?;
    let mut partner = make(partner_spec)?;
    let (table, play) = match &args.model {
        BotSpec::Model(p, play) => (
            Some(Arc::new(Policy::open(p).map_err(PlayError::Hint)?)),
            *play,
        ),
        _ => (None, TablePlay::RAW),
    };
    let hint = match (table, args.search) {
        (Some(policy), Some(budget)) => {
            let searcher = Arc::new(Searcher::new(policy, budget).map_err(PlayError::Search)?);
            others = Box::new(
                Player::new(Arc::clone(searcher.policy_arc()))
                    .with_name("the table + search")
                    .with_play(play)
                    .with_search(Arc::clone(&searcher), false),
            );
            Some(Hint::Search(searcher))
        }
        (Some(policy), None) => Some(Hint::Table(policy)),
        (None, Some(_)) => return Err(PlayError::SearchNeedsTable(args.model.to_string())),
        (None, None) => None,
    };
    let seed = args.seed.unwrap_or_else(|| {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos() as u64)
    });
    let you = args.seat;
    let name = truco_game::spot::rules_text(&rules).unwrap_or_else(|_| args.variant.clone());
    writeln!(
        out,
        "truco play: {name}, seed {seed}. You are seat {you} (team {}); the other team is {}.",
        you % 2,
        others.name()
    )?;
    if rules.players > 2 {
        writeln!(
            out,
            "Your partner(s): seats {} ({}). Seats play in order from the mano.",
            (0..rules.players)
                .filter(|s| s % 2 == you % 2 && *s != you)
                .map(|s| s.to_string())
                .collect::<Vec<_>>()
                .join(", "),
            partner.name()
        )?;
    }
    let mut m = Match::new(rules, seed);
    let mut rng = BotRng::seed_from_u64(seed ^ 0x9e37_79b9_7f4a_7c15);
    let mut events = HandEvents::new();
    let mut failure: Option<std::io::Error> = None;
    while m.winner().is_none() {
        let first_hand = m.hands_played();
        let (score, camas) = (m.score(), m.camas());
        let mut quit = false;
        let mut choose = |seat: u8, view: &View, legal: &ActionList| -> Action {
            events.observe(view);
            let seen = events.as_slice();
            let action = if quit || failure.is_some() {
                legal.as_slice()[0]
            } else if seat == you {
                match ask(
                    view,
                    seen,
                    legal.as_slice(),
                    (you, rules.players),
                    (score, camas),
                    hint.as_ref(),
                    input,
                    out,
                ) {
                    Ok(Choice::Act(a)) => a,
                    Ok(Choice::Quit) => {
                        quit = true;
                        legal.as_slice()[0]
                    }
                    Err(e) => {
                        failure = Some(e);
                        legal.as_slice()[0]
                    }
                }
            } else if seat % 2 == you % 2 {
                partner.act_in_hand(view, seen, legal.as_slice(), &mut rng)
            } else {
                others.act_in_hand(view, seen, legal.as_slice(), &mut rng)
            };
            let action = if legal.contains(action) {
                action
            } else {
                legal.as_slice()[0]
            };
            // Both sides' bots watch every action (an opponents' model reads them).
            let ours = seat % 2 == you % 2;
            partner.seen(view.public(), action, !ours);
            others.seen(view.public(), action, ours);
            events.record(view, action);
            action
        };
        m.play_round(&mut choose).map_err(PlayError::Engine)?;
        if let Some(e) = failure {
            return Err(PlayError::Io(e));
        }
        if quit {
            writeln!(
                out,
                "\nYou left the match. The score was your team {} - {} other team.",
                score[(you % 2) as usize],
                score[1 - (you % 2) as usize]
            )?;
            return Ok(());
        }
        if let Some((state, map)) = m.last_hand() {
            let records: Vec<_> = m
                .records()
                .iter()
                .filter(|r| r.hand >= first_hand)
                .copied()
                .collect();
            let log = m.last_log().as_slice();
            let end = screen::hand_end(&state, &map, &records, log, you, m.score());
            write!(out, "{end}")?;
        }
    }
    let won = m.winner() == Some(you % 2);
    let s = m.score();
    writeln!(
        out,
        "\n{} Final score: your team {} - {} other team, after {} hands.",
        if won {
            "You win the match!"
        } else {
            "The other team wins the match."
        },
        s[(you % 2) as usize],
        s[1 - (you % 2) as usize],
        m.hands_played()
    )?;
    Ok(())
}

/// Shows the table and asks for a choice until a legal one (or quit, or the end of input).
#[allow(clippy::too_many_arguments)]
fn ask(
    view: &View,
    events: &[Event],
    legal: &[Action],
    you: (u8, u8),
    (score, camas): ([u8; 2], [u8; 2]),
    hint: Option<&Hint>,
    input: &mut impl BufRead,
    out: &mut impl Write,
) -> std::io::Result<Choice> {
    write!(out, "{}", screen::table(view, events, you, score, camas))?;
    let words = Words::of(view.public());
    loop {
        write!(out, "{}> ", screen::choices(view, legal))?;
        out.flush()?;
        let mut line = String::new();
        if input.read_line(&mut line)? == 0 {
            writeln!(out, "\nend of input: leaving the match")?;
            return Ok(Choice::Quit);
        }
        let text = line.trim();
        match text.to_ascii_lowercase().as_str() {
            "" => continue,
            "quit" | "q" | "exit" => return Ok(Choice::Quit),
            "hint" | "h" | "?" => {
                writeln!(out, "{}", hint_text(view, events, legal, hint, &words))?;
                continue;
            }
            "help" => {
                writeln!(
                    out,
                    "type the number of a move, or its name ({}), `hint` for the table's advice, `quit` to leave",
                    legal
                        .iter()
                        .map(|&a| screen::name(&words, a))
                        .collect::<Vec<_>>()
                        .join(", ")
                )?;
                continue;
            }
            _ => {}
        }
        if let Ok(k) = text.parse::<usize>() {
            if (1..=legal.len()).contains(&k) {
                return Ok(Choice::Act(legal[k - 1]));
            }
            writeln!(out, "{k} is not a choice here: type 1 to {}", legal.len())?;
            continue;
        }
        match text.parse::<Action>() {
            Ok(a) if legal.contains(&a) => return Ok(Choice::Act(a)),
            _ => writeln!(
                out,
                "`{}` is not a legal move here (type help)",
                truco_game::echo(text)
            )?,
        }
    }
}

/// What `hint` reads: the table, or the search over it.
enum Hint {
    Table(Arc<Policy>),
    Search(Arc<Searcher>),
}

/// The table's recommendation, or the search's with each move's value (or, without a table,
/// the heuristic's choice).
fn hint_text(
    view: &View,
    events: &[Event],
    legal: &[Action],
    hint: Option<&Hint>,
    words: &Words,
) -> String {
    let policy = match hint {
        None => {
            let mut rng = BotRng::seed_from_u64(0);
            let a = Heuristic.act_in_hand(view, events, legal, &mut rng);
            return format!("hint (the heuristic): {}", screen::name(words, a));
        }
        Some(Hint::Search(searcher)) => return search_hint(searcher, view, events),
        Some(Hint::Table(policy)) => policy,
    };
    match policy.recommend(view, events) {
        Ok(rec) => {
            let mut s = String::from("hint (the table):");
            for adv in rec.actions() {
                let value = adv.value.map_or("-".to_string(), |v| format!("{v:+.2}"));
                s.push_str(&format!(
                    "  {} {:.0}% (value {value})",
                    rec.name(adv.action),
                    adv.prob * 100.0
                ));
            }
            if rec.fallback {
                s.push_str("\n  (the table never saw this spot: its fallback, uniform but mazo)");
            }
            s
        }
        Err(e) => format!("hint: the table cannot answer here: {e}"),
    }
}

/// The search's strategy and each move's value in points and match-win chance.
fn search_hint(searcher: &Searcher, view: &View, events: &[Event]) -> String {
    match searcher.recommend(view, events, 0) {
        Ok((rec, searched)) => {
            let mut s = match &searched.blueprint {
                None => format!(
                    "hint (the search, {} iterations):",
                    searched.stats.iterations
                ),
                Some(why) => format!("hint (the table: {why}):"),
            };
            let values = searched
                .values
                .as_deref()
                .filter(|_| searched.blueprint.is_none());
            for adv in rec.actions() {
                s.push_str(&format!(
                    "  {} {:.0}%",
                    rec.name(adv.action),
                    adv.prob * 100.0
                ));
                let i = searched.probs.iter().position(|x| x.0 == adv.action);
                if let Some(v) = values.zip(i).and_then(|(v, i)| v.get(i)) {
                    s.push_str(&format!(
                        " ({:+.2} points, {:.0}% match)",
                        v.points,
                        v.win * 100.0
                    ));
                }
            }
            s
        }
        Err(e) => format!("hint: the search cannot answer here: {e}"),
    }
}
