//! [`Opponents`]: what a bot has seen, over a match, of its opponents: how they answer its
//! envido calls, and whether they play erratically.
//!
//! An envido bluff (a call on a total that loses most showdowns) pays only against opponents
//! who decline it often enough: one who accepts or raises it most of the time (a loose caller,
//! or a beginner) turns every bluff into a lost showdown or a declined raise. The trained tables
//! bluff the envido as their self-play opponents made it pay, which wins against the sound bots
//! (measured before commit 346ccf3: without its envido bluffs the arg-1v1 table lost 4 points
//! of match wins against both the search bot and the heuristic) and loses against loose ones
//! (it gained 1.8 against random). So a table bot counts its opponents' answers to its team's envido-family calls and
//! stops bluffing once they decline too seldom: the estimate is the mean of a
//! Beta([`PRIOR_FOLDS`], [`PRIOR_OTHERS`]) posterior over the fold rate, and the bluffs stop
//! below [`BLUFF_FOLD_RATE`].
//!
//! A table plays as if its opponents were the copies of itself it was trained against: their
//! calls mean strength, so it folds and declines weak hands against them. Against an erratic
//! player, whose calls mean nothing, that gives points away. What marks one is a move a sound
//! player makes seldom or never:
//! - going to the mazo where the fold saves nothing ([`PublicState::fold_saves_nothing`]: no
//!   call to answer, no envido or flor left to call; a seat whose partner plays on included)
//!   while the hand is still open: its team leads the tricks ([`LEADING`]), or no team does
//!   ([`LEVEL_FIRST_TRICK`], [`LEVEL_LATER`]). A fold behind in the tricks is not taken as
//!   evidence: people give up lost hands, and a table as trained folds where playing on and
//!   folding are worth the same;
//! - accepting the team's envido call (not a falta) holding no two cards of a suit: a total
//!   of 7 or less, revealed by the showdown, that loses to nearly any call
//!   ([`HOPELESS_ENVIDO_ACCEPT`]; not counted when a team is within 4 points of the target,
//!   where the match, not the hand, decides).
//!
//! Each such chance an opponent takes or passes moves a log-likelihood ratio between an erratic
//! player (the uniformly random bot) and a sound one (the table as trained, which folds more
//! than the other sound bots: the heuristic and the search bot never fold there); the opponents
//! are taken for erratic once it reaches [`ERRATIC_LOG_ODDS`].

use truco_game::{Action, Actor, Event, PublicState, View, NONE};

/// Prior folds (pseudo-counts): with [`PRIOR_OTHERS`], a uniform prior over the fold rate.
pub const PRIOR_FOLDS: f64 = 1.0;
/// Prior accepts and raises (pseudo-counts).
pub const PRIOR_OTHERS: f64 = 1.0;
/// Estimated fold rate below which the bot makes no envido bluff. A bluff risks about two
/// points (a showdown lost, or a raise declined) to win one (the declined call), so it needs
/// opponents who fold at least about one answer in three.
pub const BLUFF_FOLD_RATE: f64 = 1.0 / 3.0;

/// How often an erratic and a sound player take a chance of a kind (see the module docs).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rates {
    /// The erratic player's rate (the random bot's).
    pub erratic: f64,
    /// The sound player's (the tables as trained, `@raw`).
    pub sound: f64,
}

impl Rates {
    /// The log-likelihood ratio (erratic against sound) of a chance taken or passed.
    fn log_odds(self, taken: bool) -> f64 {
        if taken {
            (self.erratic / self.sound).ln()
        } else {
            ((1.0 - self.erratic) / (1.0 - self.sound)).ln()
        }
    }
}

/// A fold that saves nothing while the folding team leads the tricks. Over 1,000 arg-1v1
/// matches against the shipped table the random bot folds at 564 of 2,023 such chances, the
/// table as trained at 29 of 6,017; over 500 players=4 flor matches random at 494 of 1,731,
/// that table as trained at 116 of 7,661 (the sound rate is the higher of the two tables').
/// The heuristic, the search bot and the shipped tables (played as `truco eval` plays them)
/// never fold there.
pub const LEADING: Rates = Rates {
    erratic: 0.25,
    sound: 0.015,
};
/// A fold that saves nothing in trick 1, no trick decided (after the envido): random 807 of
/// 3,838 and 587 of 2,794, the tables as trained 165 of 12,448 and 219 of 8,027 (same
/// matches).
pub const LEVEL_FIRST_TRICK: Rates = Rates {
    erratic: 0.21,
    sound: 0.027,
};
/// A fold that saves nothing in a later trick, the tricks level: random 583 of 1,492 and 557
/// of 1,390, the tables as trained 598 of 9,638 and 564 of 6,847.
pub const LEVEL_LATER: Rates = Rates {
    erratic: 0.39,
    sound: 0.082,
};
/// An accepted envido call revealing a total of 7 or less as the accepting team's best: over
/// 2,000 arg-1v1 matches against the shipped table (kept playing as the table), the random bot
/// 359 of 933 answers whose total was shown; the heuristic, the search bot, the table as
/// trained and the shipped table none of 5,832 (the sound rate is set at one in a thousand).
pub const HOPELESS_ENVIDO_ACCEPT: Rates = Rates {
    erratic: 0.39,
    sound: 0.001,
};
/// The highest envido total an accepting team may reveal for [`HOPELESS_ENVIDO_ACCEPT`]: no
/// two cards of a suit.
pub const HOPELESS_ENVIDO: u8 = 7;
/// Log-likelihood ratio (erratic against sound) from which the opponents are taken for
/// erratic: odds of about 7 to 1. One fold while leading the tricks or level in trick 1
/// reaches it unless the opponents passed several such chances before it; a hopeless envido
/// accepted reaches it at once.
pub const ERRATIC_LOG_ODDS: f64 = 2.0;

/// `team`'s lead in the hand's finished tricks: tricks won minus tricks lost (a tied trick
/// counts for neither).
fn trick_lead(public: &PublicState, team: u8) -> i32 {
    (0..public.trick() as usize)
        .filter_map(|t| public.trick_result(t))
        .map(|r| match r {
            r if r == team => 1,
            r if r == 1 - team => -1,
            _ => 0,
        })
        .sum()
}

/// The rates of a fold by `team` in `public` that saves nothing (see the module docs), or
/// `None` where a fold is no evidence: it may save points, or the team is behind in the tricks.
fn idle_fold_rates(public: &PublicState, team: u8) -> Option<Rates> {
    if !public.fold_saves_nothing() {
        return None;
    }
    match trick_lead(public, team) {
        l if l > 0 => Some(LEADING),
        0 if public.trick() == 0 => Some(LEVEL_FIRST_TRICK),
        0 => Some(LEVEL_LATER),
        _ => None,
    }
}

/// Whether `action` is an envido-family call: envido, real envido, falta envido (valencian
/// envide, torne, falta).
fn is_envido_call(action: Action) -> bool {
    matches!(
        action,
        Action::Envido | Action::RealEnvido | Action::FaltaEnvido
    )
}

/// What the bot has seen of its opponents in the match so far: their answers to its team's
/// envido-family calls, and how erratic their folds are ([`Opponents::seen_opponent`]). Fed the
/// hand's public events at every decision; each event is counted once. (A declined envido never
/// ends the hand before the match, so the bot sees every answer at a later decision.)
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Opponents {
    /// Answers that declined the call.
    folds: u32,
    /// Answers that accepted or raised it.
    others: u32,
    /// The score the hand whose events were read started from (every hand changes it).
    hand: Option<[u8; 2]>,
    /// Events of that hand already read.
    read: usize,
    /// The log-likelihood ratio of erratic against sound opponents, from their folds.
    erratic_llr: f64,
    /// Whether it has reached [`ERRATIC_LOG_ODDS`].
    erratic: bool,
}

impl Opponents {
    /// Nothing seen yet.
    pub const fn new() -> Opponents {
        Opponents {
            folds: 0,
            others: 0,
            hand: None,
            read: 0,
            erratic_llr: 0.0,
            erratic: false,
        }
    }

    /// Takes in an action an opponent took in `public` (the state it chose in): a chance to
    /// fold where a sound player seldom does (see the module docs), taken or passed, moves the
    /// estimate of [`Opponents::erratic`]; other actions do not.
    pub fn seen_opponent(&mut self, public: &PublicState, action: Action) {
        let Actor::Seat(seat) = public.actor() else {
            return;
        };
        if let Some(rates) = idle_fold_rates(public, seat % 2) {
            self.weigh(rates, action == Action::Mazo);
        }
    }

    /// Moves the log-likelihood ratio by a chance taken or passed.
    fn weigh(&mut self, rates: Rates, taken: bool) {
        self.erratic_llr += rates.log_odds(taken);
        self.erratic |= self.erratic_llr >= ERRATIC_LOG_ODDS;
    }

    /// Whether the opponents have shown themselves erratic (see the module docs). Once shown,
    /// for the rest of the match: the evidence is a log-likelihood ratio that has crossed
    /// [`ERRATIC_LOG_ODDS`], not a state they can leave.
    pub fn erratic(&self) -> bool {
        self.erratic
    }

    /// Reads the events of the current hand not read yet (`events` as `Bot::act_in_hand` gets
    /// them, from the deal), from the side of the seat of `view`.
    pub fn observe(&mut self, view: &View, events: &[Event]) {
        // The score the hand started from (points already won in it are in the score).
        let p = view.public();
        let (score, won) = (p.score(), p.hand_points());
        let start = [
            score[0].saturating_sub(won[0]),
            score[1].saturating_sub(won[1]),
        ];
        if self.hand != Some(start) || events.len() < self.read {
            self.hand = Some(start);
            self.read = 0;
        }
        let team = view.seat() % 2;
        // Whether an accepted envido (not a falta, far enough from the target) shows how the
        // opponents answer: see the module docs.
        let rules = p.rules();
        let envido_tells = !p.envido().falta && p.score().iter().all(|&s| s + 4 < rules.target);
        // The team whose envido call waits for an answer. The hand is replayed from the deal;
        // answers are counted only from `read` on. An envido called over a pending truco is
        // answered first, so the next `quiero` or `no quiero` answers it.
        let mut waiting: Option<u8> = None;
        for (i, e) in events.iter().enumerate() {
            let Some((seat, action, shown)) = e.act() else {
                continue;
            };
            let by = seat % 2;
            let ours = i >= self.read && waiting == Some(team) && by != team;
            if let Some(totals) = shown {
                if ours && action == Action::Quiero && envido_tells {
                    // The accepting team's best total, if every seat of it still in the hand
                    // showed one (a total that does not beat the best announced before it may
                    // stay hidden, "son buenas": then the answer tells nothing).
                    let team_totals = (0..rules.players)
                        .filter(|&s| s % 2 == by && !p.is_folded(s))
                        .map(|s| totals[s as usize]);
                    if team_totals.clone().all(|t| t != NONE) {
                        let best = team_totals.max().unwrap_or(NONE);
                        self.weigh(HOPELESS_ENVIDO_ACCEPT, best <= HOPELESS_ENVIDO);
                    }
                }
            }
            match action {
                a if is_envido_call(a) => {
                    self.others += u32::from(ours);
                    waiting = Some(by);
                }
                Action::Quiero | Action::NoQuiero if waiting.is_some() => {
                    if action == Action::NoQuiero {
                        self.folds += u32::from(ours);
                    } else {
                        self.others += u32::from(ours);
                    }
                    waiting = None;
                }
                // A flor answers an envido by cancelling it: neither a fold nor an accept.
                Action::Flor => waiting = None,
                _ => {}
            }
        }
        self.read = events.len();
    }

    /// The estimated share of the bot's envido calls its opponents decline (the posterior mean;
    /// the prior's one half before any answer).
    pub fn fold_rate(&self) -> f64 {
        (self.folds as f64 + PRIOR_FOLDS)
            / ((self.folds + self.others) as f64 + PRIOR_FOLDS + PRIOR_OTHERS)
    }

    /// Whether an envido bluff still pays against these opponents.
    pub fn envido_bluffs_pay(&self) -> bool {
        self.fold_rate() >= BLUFF_FOLD_RATE
    }

    /// Answers seen: declined, and accepted or raised.
    pub fn answers(&self) -> (u32, u32) {
        (self.folds, self.others)
    }
}

#[cfg(test)]
mod tests {
    use rand::{Rng, SeedableRng};
    use truco_game::{Match, RuleSet, Spot};

    use super::*;
    use crate::{Bot, BotRng, HandEvents};

    /// Feeds the model the spot's view and history, as a bot reads them at its decision.
    fn see(model: &mut Opponents, at: &str) {
        let spot: Spot = at.parse().unwrap();
        model.observe(&spot.to_view().unwrap(), spot.history());
    }

    #[test]
    fn counts_each_answer_to_the_seats_calls_once() {
        let mut m = Opponents::new();
        assert_eq!(m.fold_rate(), 0.5);
        let at = "arg-1v1 | score 0-0 | dealer 1 | seat 0: 1E 7O 3C | 0:envido 1:no-quiero";
        see(&mut m, at);
        see(&mut m, at);
        assert_eq!(m.answers(), (1, 0));
        // A raise answers the call; the seat's own answer to the raise is not the opponents'.
        see(
            &mut m,
            "arg-1v1 | score 1-0 | dealer 0 | seat 0: 1E 7O 3C | 1:4B 0:envido 1:real-envido 0:no-quiero",
        );
        assert_eq!(m.answers(), (1, 1));
        // The opponents' own calls, and the seat's answers to them, are not counted.
        see(
            &mut m,
            "arg-1v1 | score 1-3 | dealer 1 | seat 0: 1E 7O 3C | 0:1E 1:envido 0:no-quiero",
        );
        assert_eq!(m.answers(), (1, 1));
        // In a team game an opponent team's answer counts, the partner's calls are the team's.
        see(
            &mut m,
            "arg-2v2 | score 2-3 | dealer 3 | seat 2: 1E 7O 3C | 0:envido 1:real-envido",
        );
        assert_eq!(m.answers(), (1, 2));
    }

    #[test]
    fn bluffs_stop_when_the_opponents_seldom_fold() {
        let mut m = Opponents::new();
        assert!(m.envido_bluffs_pay());
        for (k, answer) in ["real-envido", "quiero [0:7 1:30]", "falta-envido"]
            .iter()
            .enumerate()
        {
            see(
                &mut m,
                &format!(
                    "arg-1v1 | score {k}-0 | dealer 1 | seat 0: 1E 7O 3C | 0:envido 1:{answer}"
                ),
            );
        }
        assert_eq!(m.answers(), (0, 3));
        assert!((m.fold_rate() - 0.2).abs() < 1e-12);
        assert!(!m.envido_bluffs_pay());
        // Folds bring the bluffs back.
        for k in 3..5 {
            see(
                &mut m,
                &format!(
                    "arg-1v1 | score {k}-0 | dealer 1 | seat 0: 1E 7O 3C | 0:envido 1:no-quiero"
                ),
            );
        }
        assert_eq!(m.answers(), (2, 3));
        assert!(m.envido_bluffs_pay());
    }

    #[test]
    fn an_envido_over_a_truco_is_answered_first() {
        let mut m = Opponents::new();
        // The opponent's envido over the seat's truco is theirs; the truco's answer is no
        // envido answer.
        see(
            &mut m,
            "arg-1v1 | score 0-0 | dealer 1 | seat 0: 1E 7O 3C | 0:truco 1:envido 0:no-quiero 1:quiero",
        );
        assert_eq!(m.answers(), (0, 0));
        // The seat's envido over the opponent's truco: its `no quiero` declines the envido.
        see(
            &mut m,
            "arg-1v1 | score 1-1 | dealer 0 | seat 0: 1E 7O 3C | 1:truco 0:envido 1:no-quiero",
        );
        assert_eq!(m.answers(), (1, 0));
    }

    #[test]
    fn whole_random_matches_count_at_most_one_answer_per_call() {
        let classic6 = RuleSet::new("arg-classic", &["players=6", "flor", "pica-pica"]).unwrap();
        for rules in [
            RuleSet::ARG_1V1,
            RuleSet::ARG_2V2,
            RuleSet::new("paulista", &[]).unwrap(),
            RuleSet::new("valencian", &[]).unwrap(),
            classic6,
        ] {
            for seed in 0..6u64 {
                let mut rng = BotRng::seed_from_u64(seed);
                let mut m = Match::new(rules, seed);
                let (mut model, mut events) = (Opponents::new(), HandEvents::new());
                let mut calls = 0u32;
                while m.winner().is_none() {
                    m.play_round(
                        &mut |seat: u8, view: &View, legal: &truco_game::ActionList| {
                            events.observe(view);
                            // Team 0's seats, in match numbering.
                            let ours = seat.is_multiple_of(2);
                            if ours {
                                model.observe(view, events.as_slice());
                            }
                            let a = legal.as_slice()[(rng.next_u32() as usize) % legal.len()];
                            calls += u32::from(ours && is_envido_call(a));
                            events.record(view, a);
                            a
                        },
                    )
                    .unwrap();
                }
                let (folds, others) = model.answers();
                assert!(
                    folds + others <= calls,
                    "{rules:?} {seed}: {folds} + {others} > {calls}"
                );
                assert!((0.0..1.0).contains(&model.fold_rate()));
            }
        }
    }

    /// The public state the seat of `at` decides in.
    fn state(at: &str) -> PublicState {
        *at.parse::<Spot>().unwrap().to_view().unwrap().public()
    }

    #[test]
    fn folds_no_sound_player_makes_mark_the_opponents_erratic() {
        // The envido refused, trick 1 won by the ace: the seat on turn leads the tricks, nothing
        // is pending, playing on cannot lose more than the mazo.
        let hand =
            "arg-1v1 | score 0-0 | dealer 1 | seat 0: 1E 5C 6O | 0:envido 1:no-quiero 0:1E 1:4B";
        let leading = state(hand);
        assert!(leading.fold_is_dominated());
        // The same hand on the other side, behind in the tricks: a lost hand may be given up.
        let behind = state(&format!(
            "{} 0:5C",
            hand.replace("seat 0: 1E 5C 6O", "seat 1: 4B 7C 12O")
        ));
        assert!(behind.fold_is_dominated());
        // The hand's first move, and an answer to a pending envido: folds that may save points.
        let open = state("arg-1v1 | score 0-0 | dealer 1 | seat 0: 4B 5C 6O");
        let over_envido = state("arg-1v1 | score 0-0 | dealer 1 | seat 1: 4B 5C 6O | 0:envido");
        let play = Action::Play("6O".parse().unwrap());

        let mut m = Opponents::new();
        for at in [&open, &over_envido, &behind] {
            for _ in 0..20 {
                m.seen_opponent(at, Action::Mazo);
            }
        }
        assert!(!m.erratic());
        // A sound table's rate: a fold while leading now and then, among many plays.
        for _ in 0..30 {
            m.seen_opponent(&leading, play);
        }
        m.seen_opponent(&leading, Action::Mazo);
        assert!(!m.erratic());
        // A first fold after 6 plays is not enough; a second one soon after is.
        let mut m = Opponents::new();
        for _ in 0..6 {
            m.seen_opponent(&leading, play);
        }
        m.seen_opponent(&leading, Action::Mazo);
        assert!(!m.erratic());
        for _ in 0..3 {
            m.seen_opponent(&leading, play);
        }
        m.seen_opponent(&leading, Action::Mazo);
        assert!(m.erratic());
        // Once seen, for the rest of the match.
        for _ in 0..100 {
            m.seen_opponent(&leading, play);
        }
        assert!(m.erratic());
        // A first fold while leading is enough.
        let mut m = Opponents::new();
        m.seen_opponent(&leading, Action::Mazo);
        assert!(m.erratic());
        // Level in the tricks, the hand still open: in trick 1 after the envido, one fold is
        // enough; in a later trick (trick 1 tied) a sound table folds more often, it takes two.
        let level = state(&hand.replace(" 0:1E 1:4B", " 0:5C"));
        assert!(level.fold_is_dominated());
        let mut m = Opponents::new();
        m.seen_opponent(&level, Action::Mazo);
        assert!(m.erratic());
        let tied = state(
            "arg-1v1 | score 0-0 | dealer 1 | seat 1: 4B 7C 12O | 0:envido 1:no-quiero 0:4C 1:4B",
        );
        assert!(tied.fold_is_dominated() && tied.trick() == 1);
        let mut m = Opponents::new();
        m.seen_opponent(&tied, Action::Mazo);
        assert!(!m.erratic());
        m.seen_opponent(&tied, Action::Mazo);
        assert!(m.erratic());
    }

    #[test]
    fn a_seat_folding_alone_is_judged_as_its_team() {
        // Trick 1 won by the ace: seat 1 leads trick 2 for the leading team, its partner in.
        let alone =
            state("arg-2v2 | score 0-0 | dealer 3 | seat 1: 1E 7O 3C | 0:4C 1:1E 2:5C 3:6C");
        assert!(alone.fold_saves_nothing() && !alone.fold_is_dominated());
        let mut m = Opponents::new();
        m.seen_opponent(&alone, Action::Play("7O".parse().unwrap()));
        assert!(!m.erratic());
        m.seen_opponent(&alone, Action::Mazo);
        assert!(m.erratic());
    }

    #[test]
    fn a_hopeless_envido_accepted_marks_the_opponents_erratic() {
        // The seat's envido accepted by an opponent who shows `total`.
        let accepted = |score: &str, call: &str, total: u8| {
            let mut m = Opponents::new();
            see(
                &mut m,
                &format!(
                    "arg-1v1 | score {score} | dealer 1 | seat 0: 1E 7O 3C | 0:{call} 1:quiero [0:7 1:{total}]"
                ),
            );
            m.erratic()
        };
        assert!(accepted("0-0", "envido", 5), "no two cards of a suit");
        assert!(accepted("3-6", "real-envido", 7));
        assert!(!accepted("0-0", "envido", 27));
        assert!(
            !accepted("0-0", "falta-envido", 5),
            "a falta stakes the match"
        );
        assert!(
            !accepted("11-3", "envido", 5),
            "near the target the match decides"
        );
        // The opponents' own call, accepted by the seat and lost, is a bluff: no evidence.
        let mut m = Opponents::new();
        see(
            &mut m,
            "arg-1v1 | score 0-0 | dealer 1 | seat 0: 1E 7O 3C | 0:3C 1:envido 0:quiero [0:7 1:4]",
        );
        assert!(!m.erratic());
        // Accepted totals that would win now and then weigh against erratic opponents.
        let mut m = Opponents::new();
        for k in 0..4 {
            see(
                &mut m,
                &format!(
                    "arg-1v1 | score {k}-0 | dealer 1 | seat 0: 1E 7O 3C | 0:envido 1:quiero [0:7 1:28]"
                ),
            );
        }
        assert!(m.erratic_llr < -1.5, "{}", m.erratic_llr);
    }

    #[test]
    fn the_sound_bots_never_look_erratic() {
        // Whole matches of the heuristic (team 0) against the search bot (team 1), each team's
        // model reading the hand's events at its decisions and judging the other's actions.
        let classic = |o: &[&str]| RuleSet::new("arg-classic", o).unwrap();
        let rules = [
            RuleSet::ARG_1V1,
            RuleSet::ARG_2V2,
            classic(&["players=4", "flor"]),
            classic(&["players=6", "flor", "pica-pica"]),
        ];
        for (rules, seed) in rules
            .into_iter()
            .flat_map(|r| (0..3u64).map(move |s| (r, s)))
        {
            let mut rng = BotRng::seed_from_u64(seed);
            let (mut heuristic, mut search) = (crate::Heuristic, crate::SearchBot);
            let (mut models, mut events) = ([Opponents::new(); 2], HandEvents::new());
            let mut m = Match::new(rules, seed);
            while m.winner().is_none() {
                m.play_round(
                    &mut |seat: u8, view: &View, legal: &truco_game::ActionList| {
                        events.observe(view);
                        let team = (seat % 2) as usize;
                        models[team].observe(view, events.as_slice());
                        let a = if team == 0 {
                            heuristic.act(view, legal.as_slice(), &mut rng)
                        } else {
                            search.act(view, legal.as_slice(), &mut rng)
                        };
                        models[1 - team].seen_opponent(view.public(), a);
                        events.record(view, a);
                        a
                    },
                )
                .unwrap();
            }
            assert!(
                !models[0].erratic() && !models[1].erratic(),
                "{rules:?} {seed}"
            );
        }
    }
}
