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
use truco_game::{Action, ActionList, Actor, Event, RuleSet, View};
use truco_player::{Decision, Player, Source, TablePlay};
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
    /// plays it: its actions of probability 0.2 or more, the card by search; `@purify=T`, `@cards=table`),
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
    /// With a table as --model: the table
    /// searches its answers to truco calls from the second trick on, and `hint` shows the
    /// search's strategy with each move's value (points and match-win chance), for this budget
    /// (20ms, 2000it...).
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
        (Some(policy), None) => Some(Hint::Table(policy, play)),
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
            "Your partner(s): seats {} ({}). Seats play in order from the {}.",
            (0..rules.players)
                .filter(|s| s % 2 == you % 2 && *s != you)
                .map(|s| s.to_string())
                .collect::<Vec<_>>()
                .join(", "),
            partner.name(),
            screen::mano_word(&rules)
        )?;
    }
    writeln!(
        out,
        "Type `help` at any move for the card ranking and the scoring of {}.",
        rules.variant
    )?;
    let mut m = Match::new(rules, seed);
    let mut rng = BotRng::seed_from_u64(seed ^ 0x9e37_79b9_7f4a_7c15);
    let mut events = HandEvents::new();
    let mut failure: Option<std::io::Error> = None;
    let mut hand_number = 0u32;
    while m.winner().is_none() {
        let first_hand = m.hands_played();
        let (score, camas) = (m.score(), m.camas());
        let mut quit = false;
        let mut choose = |seat: u8, view: &View, legal: &ActionList| -> Action {
            events.observe(view);
            let seen = events.as_slice();
            if seen.len() == 1 && !quit && failure.is_none() {
                // The hand's first decision: its header, whoever decides.
                hand_number += 1;
                let header = screen::hand_header(view, hand_number, you, score, camas);
                if let Err(e) = write!(out, "{header}") {
                    failure = Some(e);
                }
            }
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
        "\n{} Final score: your team {} - {} other team, after {} hand{}.",
        if won {
            "You win the match!"
        } else {
            "The other team wins the match."
        },
        s[(you % 2) as usize],
        s[1 - (you % 2) as usize],
        m.hands_played(),
        if m.hands_played() == 1 { "" } else { "s" }
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
    if let Some(who) = who_answers(view, legal) {
        writeln!(out, "{who}")?;
    }
    let words = Words::of(view.public());
    loop {
        write!(out, "{}> ", screen::choices(view, legal))?;
        out.flush()?;
        let line = match read_line(input, MAX_LINE)? {
            Line::End => {
                writeln!(out, "\nend of input: leaving the match")?;
                return Ok(Choice::Quit);
            }
            Line::TooLong => {
                writeln!(
                    out,
                    "that line is longer than {MAX_LINE} bytes: it was skipped (type a move)"
                )?;
                continue;
            }
            Line::NotUtf8 => {
                writeln!(
                    out,
                    "that line is not valid UTF-8 text: it was skipped (type a move)"
                )?;
                continue;
            }
            Line::Text(t) => t,
        };
        let text = line.trim();
        match text.to_ascii_lowercase().as_str() {
            "" => continue,
            "quit" | "q" | "exit" => return Ok(Choice::Quit),
            "hint" | "h" | "?" => {
                writeln!(out, "{}", hint_text(view, events, legal, hint, &words))?;
                continue;
            }
            "help" => {
                let moves = legal
                    .iter()
                    .map(|&a| screen::name(&words, a))
                    .collect::<Vec<_>>()
                    .join(", ");
                let usage = format!(
                    "type the number of a move, or its name ({moves}), `hint` for the table's \
                     advice, `quit` to leave"
                );
                writeln!(
                    out,
                    "{}\n{}",
                    screen::wrap(&usage, 78),
                    screen::rules_help(view.public())
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

/// The longest input line read (bytes); the rest of a longer line is read and dropped, never
/// held in memory.
pub const MAX_LINE: usize = 4096;

/// One line of the person's input.
enum Line {
    /// The input ended.
    End,
    /// The line (without its end) was longer than the limit; it was skipped.
    TooLong,
    /// The line is not UTF-8 text.
    NotUtf8,
    /// A line of text.
    Text(String),
}

/// Reads one line of at most `max` bytes from `input`, consuming (and dropping) the rest of a
/// longer one without holding it.
fn read_line(input: &mut impl BufRead, max: usize) -> std::io::Result<Line> {
    let mut bytes = Vec::new();
    let mut too_long = false;
    let mut any = false;
    loop {
        let buf = match input.fill_buf() {
            Ok(b) => b,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if buf.is_empty() {
            if !any {
                return Ok(Line::End);
            }
            break;
        }
        any = true;
        let (chunk, done) = match buf.iter().position(|&b| b == b'\n') {
            Some(i) => (&buf[..i], Some(i + 1)),
            None => (buf, None),
        };
        if !too_long {
            if bytes.len() + chunk.len() > max {
                too_long = true;
                bytes = Vec::new();
            } else {
                bytes.extend_from_slice(chunk);
            }
        }
        let used = done.unwrap_or(buf.len());
        input.consume(used);
        if done.is_some() {
            break;
        }
    }
    if too_long {
        return Ok(Line::TooLong);
    }
    Ok(String::from_utf8(bytes).map_or(Line::NotUtf8, Line::Text))
}

/// Who answers for the team and what `pass` means, when the person's decision is one of those.
fn who_answers(view: &View, legal: &[Action]) -> Option<String> {
    let p = view.public();
    let n = p.rules().players;
    let me = view.seat();
    match p.actor() {
        Actor::Team { seat, .. } if seat == me && n > 2 => Some(screen::wrap(
            "You answer for your team: the first of the team after the caller decides for all \
             (partners do not vote).",
            78,
        )),
        Actor::Seat(s) if s == me && legal.contains(&Action::Pass) => {
            let text = if p.truco().pending {
                // The envit step before the team answers a truc called out of turn.
                let partner = (me + 2) % n;
                format!(
                    "A truc was called at your team on your turn: you may open the envit first \
                     (the truc waits for it); pass leaves the truc to your team's answer, which \
                     your partner (seat {partner}) gives."
                )
            } else {
                "Out of turn: your team may call the truc now, before the next card; pass means \
                 no truc now (the play goes on)."
                    .to_string()
            };
            Some(screen::wrap(&text, 78))
        }
        _ => None,
    }
}

/// What `hint` reads: the table (and how the opponents play it), or the search over it.
enum Hint {
    Table(Arc<Policy>, TablePlay),
    Search(Arc<Searcher>),
}

/// The move the table's player would make here, and why: a fresh [`Player`] playing the table
/// as the opponents do, with a fixed seed. This is the one place the hint asks the player.
fn table_bot_move(
    policy: &Arc<Policy>,
    play: TablePlay,
    view: &View,
    events: &[Event],
    legal: &[Action],
) -> Decision {
    let mut player = Player::new(Arc::clone(policy)).with_play(play);
    let mut rng = BotRng::seed_from_u64(0x6869_6e74);
    player.decide(view, events, legal, &mut rng)
}

/// What the bot would play and why, with the table's probabilities and values beside each move
/// (or, without a table, the heuristic's choice; with `--search`, the search's strategy).
fn hint_text(
    view: &View,
    events: &[Event],
    legal: &[Action],
    hint: Option<&Hint>,
    words: &Words,
) -> String {
    let (policy, play) = match hint {
        None => {
            let mut rng = BotRng::seed_from_u64(0);
            let a = Heuristic.act_in_hand(view, events, legal, &mut rng);
            return format!(
                "hint: the heuristic bot would play {} (it has no table to show)",
                screen::name(words, a)
            );
        }
        Some(Hint::Search(searcher)) => return search_hint(searcher, view, events),
        Some(Hint::Table(policy, play)) => (policy, *play),
    };
    let rec = match policy.recommend(view, events) {
        Ok(rec) => rec,
        Err(e) => return format!("hint: the table cannot answer here: {e}"),
    };
    let decision = table_bot_move(policy, play, view, events, legal);
    let chosen = decision.action;
    let changes: Vec<String> = decision
        .changes
        .iter()
        .map(|c| {
            format!(
                "{} instead of {}: {}",
                screen::name(words, c.to),
                screen::name(words, c.from),
                c.rule.why()
            )
        })
        .collect();
    let why = match decision.source {
        Source::Fallback => "the table never saw this spot, so the bot plays by its search".into(),
        Source::Erratic => "your play looks erratic, so the bot plays by its search".into(),
        _ if !changes.is_empty() => changes.join("; "),
        _ => "the table's move".into(),
    };
    let mut s = format!(
        "hint: the table bot would play {}\n{}\n",
        screen::name(words, chosen),
        screen::wrap_indented(&why, 78, "  why: ", "    ")
    );
    let values = rec.actions().iter().any(|a| a.value.is_some());
    s.push_str("  move            table's probability");
    s.push_str(if values { "   value (points)\n" } else { "\n" });
    for adv in rec.actions() {
        let mut row = format!(
            "  {:<16}{:>18.0}%",
            rec.name(adv.action).to_string(),
            adv.prob * 100.0
        );
        if values {
            let v = adv.value.map_or("-".to_string(), |v| format!("{v:+.2}"));
            row.push_str(&format!("   {v:>14}"));
        }
        if adv.action == chosen {
            row.push_str("   <- the bot's move");
        }
        s.push_str(&row);
        s.push('\n');
    }
    if rec.fallback {
        s.push_str("  (the table's fallback for an unseen spot: uniform but mazo)\n");
    }
    s.pop();
    s
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
                    "\n  {:<16}{:>4.0}%",
                    rec.name(adv.action).to_string(),
                    adv.prob * 100.0
                ));
                let i = searched.probs.iter().position(|x| x.0 == adv.action);
                if let Some(v) = values.zip(i).and_then(|(v, i)| v.get(i)) {
                    s.push_str(&format!(
                        "  ({:+.2} points, {:.0}% match)",
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
