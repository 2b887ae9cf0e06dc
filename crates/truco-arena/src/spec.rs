//! [`BotSpec`]: a bot named on the command line, and the bots it builds.

use std::fmt;
use std::path::PathBuf;
use std::str::FromStr;
use std::sync::Arc;

use thiserror::Error;
use truco_bots::{Bot, BotMaker, Heuristic, Random, SearchBot, TeamBot};
use truco_game::spot::rules_text;
use truco_game::RuleSet;
use truco_player::{BigBluffs, CardPlay, Player, TablePlay};
use truco_query::Policy;

/// Why a bot could not be named or built.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum BotError {
    /// A strategy-table file could not be opened or is refused (the reason, from truco-query).
    #[error("cannot use model {path}: {message}")]
    Model {
        /// The file.
        path: PathBuf,
        /// Why (the `PolicyError` text).
        message: String,
    },
    /// A strategy table was trained for other rules than the arena plays.
    #[error("model {path} is for {table}, the arena plays {arena}")]
    ModelRules {
        /// The file.
        path: PathBuf,
        /// The table's rules.
        table: String,
        /// The arena's rules.
        arena: String,
    },
    /// The text is neither a bot name nor a file path.
    #[error("unknown bot `{0}` (valid: heuristic, search, random, or a model file path, optionally followed by @purify=T (0 <= T < 1), @cards=table|search|auto, @folds=all|undominated, @accepts=all|break-even, @bluffs=all|small|auto, @truco-bluffs=all|none, @envido-bluffs=all|adapt and @erratic=table|search, @rows=trained|served, or @raw (the table as trained, with the post-processing step it declares); in team variants two of them joined by `+`, e.g. models/arg-2v2.tbl+heuristic)")]
    Unknown(String),
    /// A mixed team was asked for in a game without partners.
    #[error("`{0}` is a team of two bots, but {1} has no partners (one seat per team)")]
    NoPartners(String, String),
}

/// A bot as named on the command line: `heuristic`, `search`, `random`, or a model file path.
#[derive(Clone, Debug, PartialEq)]
pub enum BotSpec {
    /// The [`Heuristic`] bot.
    Heuristic,
    /// The [`SearchBot`]: sampled deals played out exactly.
    Search,
    /// The [`Random`] bot.
    Random,
    /// A trained strategy table, played by the [`Player`] as the [`TablePlay`] says: written
    /// `path` for [`TablePlay::STRONG`]; `@purify=T`, `@cards=table|search|auto`,
    /// `@folds=all|undominated`, `@accepts=all|break-even`, `@bluffs=all|small|auto`,
    /// `@truco-bluffs=all|none`, `@envido-bluffs=all|adapt`, `@erratic=table|search` and
    /// `@match=keep|risk` and `@rows=trained|served` after
    /// the path change it; `path@raw` is [`TablePlay::RAW`], the table as trained, with the
    /// post-processing step it declares (options after `@raw` change it in turn).
    Model(PathBuf, TablePlay),
    /// A mixed team (written `first+second`): the first bot holds the team's first seat (0 or
    /// 1), the second its partner's (team games only).
    Team(Box<BotSpec>, Box<BotSpec>),
}

impl BotSpec {
    /// A function that builds a fresh bot of this kind (for the arena's workers). A model
    /// file is opened (and its checksum verified) once here; its bots share the table.
    pub fn maker(&self) -> Result<BotMaker, BotError> {
        self.make(None)
    }

    /// [`BotSpec::maker`], refusing a model trained for other rules than `rules`.
    pub fn maker_for(&self, rules: &RuleSet) -> Result<BotMaker, BotError> {
        self.make(Some(rules))
    }

    fn make(&self, rules: Option<&RuleSet>) -> Result<BotMaker, BotError> {
        let (path, play) = match self {
            BotSpec::Heuristic => return Ok(Box::new(|| Box::new(Heuristic))),
            BotSpec::Search => return Ok(Box::new(|| Box::new(SearchBot))),
            BotSpec::Random => return Ok(Box::new(|| Box::new(Random))),
            BotSpec::Model(p, play) => (p, *play),
            BotSpec::Team(first, second) => {
                if let Some(r) = rules.filter(|r| r.players < 4) {
                    let arena = rules_text(r).unwrap_or_else(|_| r.variant.to_string());
                    return Err(BotError::NoPartners(self.to_string(), arena));
                }
                let (a, b) = (first.make(rules)?, second.make(rules)?);
                let name = self.to_string();
                return Ok(Box::new(move || {
                    Box::new(TeamBot::new(a(), b(), name.clone()))
                }));
            }
        };
        let policy = Policy::open(path).map_err(|e| BotError::Model {
            path: path.clone(),
            message: e.to_string(),
        })?;
        if let Some(rules) = rules.filter(|&r| r != policy.rules()) {
            let text = |r: &RuleSet| rules_text(r).unwrap_or_else(|_| r.variant.to_string());
            return Err(BotError::ModelRules {
                path: path.clone(),
                table: text(policy.rules()),
                arena: text(rules),
            });
        }
        let policy = Arc::new(policy);
        let name = self.to_string();
        Ok(Box::new(move || {
            Box::new(
                Player::new(Arc::clone(&policy))
                    .with_name(name.clone())
                    .with_play(play),
            )
        }))
    }

    /// Builds a fresh bot.
    pub fn build(&self) -> Result<Box<dyn Bot>, BotError> {
        Ok(self.maker()?())
    }
}

impl FromStr for BotSpec {
    type Err = BotError;

    /// `heuristic`, `search` and `random` (case-insensitive) name the built-in bots; a text that looks
    /// like a path (contains `/` or `\`, or ends in `.tbl`) names a model file, optionally
    /// followed by `@raw` or `@purify=T` (a threshold in [0, 1)), `@cards=table|search|auto`,
    /// `@folds=all|undominated`, `@accepts=all|break-even`, `@bluffs=all|small|auto`,
    /// `@truco-bluffs=all|none`, `@envido-bluffs=all|adapt`, `@erratic=table|search` and
    /// `@match=keep|risk`, `@rows=trained|served` (the table's rows as trained, or with the
    /// post-processing step it declares: `@raw` reads them served) (see
    /// [`BotSpec::Model`]).
    fn from_str(s: &str) -> Result<BotSpec, BotError> {
        let t = s.trim();
        if let Some((first, second)) = t.split_once('+') {
            let (a, b) = (first.parse::<BotSpec>()?, second.parse::<BotSpec>()?);
            if matches!(a, BotSpec::Team(..)) || matches!(b, BotSpec::Team(..)) {
                return Err(BotError::Unknown(t.to_string()));
            }
            return Ok(BotSpec::Team(Box::new(a), Box::new(b)));
        }
        // Options follow the file name: an `@` in a directory name is part of the path.
        let name_at = t.rfind(['/', '\\']).map_or(0, |i| i + 1);
        if let Some(at) = t[name_at..].find('@').map(|i| name_at + i) {
            let (path, options) = (&t[..at], &t[at + 1..]);
            let bad = || BotError::Unknown(t.to_string());
            if path.is_empty() {
                return Err(bad());
            }
            let mut play = TablePlay::STRONG;
            for option in options.split('@') {
                if option == "raw" {
                    play = TablePlay::RAW;
                    continue;
                }
                match option.split_once('=').ok_or_else(bad)? {
                    ("purify", x) => match x.parse::<f32>() {
                        Ok(x) if (0.0..1.0).contains(&x) => play.purify = x,
                        _ => return Err(bad()),
                    },
                    ("cards", name) => play.cards = CardPlay::from_name(name).ok_or_else(bad)?,
                    ("folds", "all") => play.drop_dominated_folds = false,
                    ("folds", "undominated") => play.drop_dominated_folds = true,
                    ("accepts", "all") => play.refuse_below_break_even = false,
                    ("accepts", "break-even") => play.refuse_below_break_even = true,
                    ("bluffs", name) => {
                        play.big_bluffs = BigBluffs::from_name(name).ok_or_else(bad)?
                    }
                    ("truco-bluffs", "all") => play.drop_truco_bluffs = false,
                    ("truco-bluffs", "none") => play.drop_truco_bluffs = true,
                    ("envido-bluffs", "all") => play.adapt_envido_bluffs = false,
                    ("envido-bluffs", "adapt") => play.adapt_envido_bluffs = true,
                    ("erratic", "table") => play.search_against_erratic = false,
                    ("erratic", "search") => play.search_against_erratic = true,
                    ("match", "risk") => play.keep_the_match = false,
                    ("match", "keep") => play.keep_the_match = true,
                    ("rows", "served") => play.served_rows = true,
                    ("rows", "trained") => play.served_rows = false,
                    _ => return Err(bad()),
                }
            }
            return Ok(BotSpec::Model(PathBuf::from(path), play));
        }
        match t.to_ascii_lowercase().as_str() {
            "heuristic" => Ok(BotSpec::Heuristic),
            "search" => Ok(BotSpec::Search),
            "random" => Ok(BotSpec::Random),
            _ if t.contains('/') || t.contains('\\') || t.ends_with(".tbl") => {
                Ok(BotSpec::Model(PathBuf::from(t), TablePlay::STRONG))
            }
            _ => Err(BotError::Unknown(t.to_string())),
        }
    }
}

impl fmt::Display for BotSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BotSpec::Heuristic => f.write_str("heuristic"),
            BotSpec::Search => f.write_str("search"),
            BotSpec::Random => f.write_str("random"),
            BotSpec::Model(p, play) => {
                write!(f, "{}", p.display())?;
                if *play == TablePlay::RAW {
                    return f.write_str("@raw");
                }
                let trained_raw = TablePlay {
                    served_rows: false,
                    ..TablePlay::RAW
                };
                if *play == trained_raw {
                    return f.write_str("@raw@rows=trained");
                }
                if play.purify != TablePlay::STRONG.purify {
                    write!(f, "@purify={}", play.purify)?;
                }
                if play.cards != TablePlay::STRONG.cards {
                    write!(f, "@cards={}", play.cards.name())?;
                }
                if !play.drop_dominated_folds {
                    f.write_str("@folds=all")?;
                }
                if !play.refuse_below_break_even {
                    f.write_str("@accepts=all")?;
                }
                if play.big_bluffs != TablePlay::STRONG.big_bluffs {
                    write!(f, "@bluffs={}", play.big_bluffs.name())?;
                }
                if !play.drop_truco_bluffs {
                    f.write_str("@truco-bluffs=all")?;
                }
                if !play.adapt_envido_bluffs {
                    f.write_str("@envido-bluffs=all")?;
                }
                if !play.search_against_erratic {
                    f.write_str("@erratic=table")?;
                }
                if !play.keep_the_match {
                    f.write_str("@match=risk")?;
                }
                if play.served_rows {
                    f.write_str("@rows=served")?;
                }
                Ok(())
            }
            BotSpec::Team(a, b) => write!(f, "{a}+{b}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use truco_bots::BotRng;
    use truco_game::{Action, View};

    use super::*;

    #[test]
    fn parses_specs() {
        assert_eq!("Heuristic".parse::<BotSpec>(), Ok(BotSpec::Heuristic));
        assert_eq!(" random ".parse::<BotSpec>(), Ok(BotSpec::Random));
        assert_eq!(
            "models/arg-1v1.tbl".parse::<BotSpec>(),
            Ok(BotSpec::Model(
                PathBuf::from("models/arg-1v1.tbl"),
                TablePlay::STRONG
            ))
        );
        assert_eq!(
            "champion".parse::<BotSpec>(),
            Err(BotError::Unknown("champion".into()))
        );
        let p = "models/arg-1v1.tbl@purify=0.5".parse::<BotSpec>();
        let play = TablePlay {
            purify: 0.5,
            ..TablePlay::STRONG
        };
        assert_eq!(
            p,
            Ok(BotSpec::Model(PathBuf::from("models/arg-1v1.tbl"), play))
        );
        assert_eq!(p.unwrap().to_string(), "models/arg-1v1.tbl@purify=0.5");
        for (text, canonical) in [
            ("m.tbl@purify=0@cards=table", "m.tbl@purify=0@cards=table"),
            (
                "m.tbl@folds=all@cards=table@purify=0",
                "m.tbl@purify=0@cards=table@folds=all",
            ),
            ("m.tbl@accepts=all@folds=all", "m.tbl@folds=all@accepts=all"),
            ("m.tbl@accepts=break-even", "m.tbl"),
            ("m.tbl@bluffs=auto", "m.tbl"),
            ("m.tbl@bluffs=small", "m.tbl@bluffs=small"),
            ("m.tbl@truco-bluffs=none@envido-bluffs=adapt", "m.tbl"),
            ("m.tbl@erratic=search", "m.tbl"),
            ("m.tbl@erratic=table@bluffs=all", "m.tbl@bluffs=all@erratic=table"),
            (
                "m.tbl@envido-bluffs=all@bluffs=all@truco-bluffs=all",
                "m.tbl@bluffs=all@truco-bluffs=all@envido-bluffs=all",
            ),
            (
                "m.tbl@bluffs=all@accepts=all",
                "m.tbl@accepts=all@bluffs=all",
            ),
            (
                "m.tbl@purify=0@cards=table@folds=all@accepts=all@bluffs=all@truco-bluffs=all@envido-bluffs=all@erratic=table@match=risk@rows=served",
                "m.tbl@raw",
            ),
            (
                "m.tbl@raw@purify=0.2",
                "m.tbl@cards=table@folds=all@accepts=all@bluffs=all@truco-bluffs=all@envido-bluffs=all@erratic=table@match=risk@rows=served",
            ),
            ("m.tbl@rows=served", "m.tbl@rows=served"),
            ("m.tbl@rows=trained@raw", "m.tbl@raw"),
            ("m.tbl@raw@rows=trained", "m.tbl@raw@rows=trained"),
            ("m.tbl@rows=trained", "m.tbl"),
            ("m.tbl@folds=undominated", "m.tbl"),
            ("m.tbl@purify=0.2@cards=auto", "m.tbl"),
            ("m.tbl@cards=search", "m.tbl@cards=search"),
        ] {
            assert_eq!(text.parse::<BotSpec>().unwrap().to_string(), canonical);
        }
        assert_eq!(
            "m.tbl@raw".parse::<BotSpec>(),
            Ok(BotSpec::Model(PathBuf::from("m.tbl"), TablePlay::RAW))
        );
        // An `@` in a directory name belongs to the path.
        assert_eq!(
            "/tmp/run@2/m.tbl".parse::<BotSpec>(),
            Ok(BotSpec::Model(
                PathBuf::from("/tmp/run@2/m.tbl"),
                TablePlay::STRONG
            ))
        );
        assert_eq!(
            "/tmp/run@2/m.tbl@raw".parse::<BotSpec>(),
            Ok(BotSpec::Model(
                PathBuf::from("/tmp/run@2/m.tbl"),
                TablePlay::RAW
            ))
        );
        for c in CardPlay::ALL {
            assert_eq!(CardPlay::from_name(c.name()), Some(c));
        }
        let team = "models/arg-2v2.tbl+heuristic".parse::<BotSpec>().unwrap();
        assert_eq!(
            team,
            BotSpec::Team(
                Box::new(BotSpec::Model(
                    PathBuf::from("models/arg-2v2.tbl"),
                    TablePlay::STRONG
                )),
                Box::new(BotSpec::Heuristic)
            )
        );
        assert_eq!(team.to_string(), "models/arg-2v2.tbl+heuristic");
        for bad in [
            "m.tbl@purify=1.5",
            "m.tbl@purify=x",
            "@purify=0.1",
            "m.tbl@cards=heuristic",
            "m.tbl@folds=some",
            "m.tbl@accepts=none",
            "m.tbl@bluffs=none",
            "m.tbl@truco-bluffs=small",
            "m.tbl@envido-bluffs=none",
            "m.tbl@erratic=heuristic",
            "m.tbl@raw=1",
            "m.tbl@rows=processed",
            "m.tbl@purify",
            "m.tbl@speed=2",
            "m.tbl@",
            "heuristic+champion",
            "random+random+random",
        ] {
            assert!(bad.parse::<BotSpec>().is_err(), "{bad}");
        }
    }

    #[test]
    fn a_missing_model_is_a_clear_error() {
        let e = match BotSpec::Model(PathBuf::from("/nonexistent/m.tbl"), TablePlay::RAW).build() {
            Err(e) => e,
            Ok(_) => panic!("a missing model must not build"),
        };
        assert!(matches!(e, BotError::Model { .. }), "{e}");
        assert!(e.to_string().contains("/nonexistent/m.tbl"), "{e}");
        assert_eq!(BotSpec::Random.build().unwrap().name(), "random");
        assert_eq!(BotSpec::Heuristic.build().unwrap().name(), "heuristic");
    }

    #[test]
    fn a_team_plays_each_seat_with_its_own_bot_and_needs_partners() {
        use rand::SeedableRng;
        let team: BotSpec = "random+heuristic".parse().unwrap();
        let e = team.maker_for(&RuleSet::ARG_1V1).err().unwrap();
        assert!(matches!(e, BotError::NoPartners(..)), "{e}");
        let bot = team.maker_for(&RuleSet::ARG_2V2).unwrap()();
        assert_eq!(bot.name(), "random+heuristic");
        // A team of random (seats 0, 1) and a bot that always plays the first legal action
        // (seats 2, 3): each seat's view goes to its own bot.
        struct First;
        impl Bot for First {
            fn name(&self) -> &str {
                "first"
            }
            fn act(&mut self, _: &View, legal: &[Action], _: &mut BotRng) -> Action {
                legal[0]
            }
        }
        let mut team = TeamBot::new(Box::new(Random), Box::new(First), "t".into());
        let public = truco_game::PublicState::new_hand(RuleSet::ARG_2V2, [0, 0], 3).unwrap();
        let mut rng = BotRng::seed_from_u64(4);
        let st = truco_game::State::sample_deal(public, &mut rng);
        let mut legal = truco_game::ActionList::new();
        st.legal_actions(&mut legal);
        let picks = |team: &mut TeamBot, seat: u8, rng: &mut BotRng| {
            let view = st.view(seat).unwrap();
            (0..200)
                .map(|_| team.act(&view, legal.as_slice(), rng))
                .collect::<std::collections::HashSet<Action>>()
        };
        assert!(picks(&mut team, 0, &mut rng).len() > 2);
        assert_eq!(picks(&mut team, 2, &mut rng).len(), 1);
        // Six players, a pica-pica hand (the view's seat is the pair's hand seat 0): the
        // arena's match seat decides, so the first bot holds only the team's first seat.
        let six = RuleSet::new("arg-classic", &["players=6", "pica-pica"]).unwrap();
        let public = truco_game::PublicState::new_hand(six.pica_pica_hand(2), [0, 0], 0).unwrap();
        let st = truco_game::State::sample_deal(public, &mut rng);
        st.legal_actions(&mut legal);
        let view = st.view(0).unwrap();
        let mut distinct = |team: &mut TeamBot, match_seat: u8| {
            team.at_match_seat(match_seat);
            (0..200)
                .map(|_| team.act(&view, legal.as_slice(), &mut rng))
                .collect::<std::collections::HashSet<Action>>()
                .len()
        };
        assert!(distinct(&mut team, 1) > 2);
        assert_eq!(distinct(&mut team, 3), 1);
        assert_eq!(distinct(&mut team, 5), 1);
    }
}
