//! [`Opponents`]: what a bot has seen, over a match, of how its opponents answer its calls.
//!
//! A bluff (a call on a hand that loses most showdowns) pays only against opponents who
//! decline often enough: one who accepts or raises it most of the time (a loose caller, or a
//! beginner) turns every bluff into a lost showdown or a declined raise. The trained tables
//! bluff as their self-play opponents made it pay, which wins against the sound bots (session
//! 14: without its envido bluffs the arg-1v1 table lost 4 points of match wins against both the
//! search bot and the heuristic) and loses against loose ones (it gained 1.8 against random).
//! So a table bot counts its opponents' answers to its team's calls, the envido chain and the
//! truco ladder apart, and stops bluffing on a ladder once they fold there too seldom: the
//! estimate is the mean of a Beta([`PRIOR_FOLDS`], [`PRIOR_OTHERS`]) posterior over the fold
//! rate, and the bluffs stop below [`BLUFF_FOLD_RATE`].

use truco_game::{Action, Event, View};

/// Prior folds (pseudo-counts): with [`PRIOR_OTHERS`], a uniform prior over the fold rate.
pub const PRIOR_FOLDS: f64 = 1.0;
/// Prior accepts and raises (pseudo-counts).
pub const PRIOR_OTHERS: f64 = 1.0;
/// Estimated fold rate below which the bot makes no bluff. A bluff risks about two points (a
/// showdown lost, or a raise declined) to win one (the declined call), so it needs opponents
/// who fold at least about one answer in three.
pub const BLUFF_FOLD_RATE: f64 = 1.0 / 3.0;

/// How an opponent answered a call.
#[derive(Clone, Copy)]
enum Answer {
    Fold,
    Accept,
    Raise,
}

/// The two kinds of calls whose answers are counted apart.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ladder {
    /// Envido, real envido, falta envido (valencian envide, torne, falta).
    Envido,
    /// Truco, retruco, vale cuatro (paulista truco to doze, valencian truc to joc fora).
    Truco,
}

impl Ladder {
    /// The ladder a call climbs, `None` for any other action.
    pub fn of(action: Action) -> Option<Ladder> {
        match action {
            Action::Envido | Action::RealEnvido | Action::FaltaEnvido => Some(Ladder::Envido),
            Action::Raise => Some(Ladder::Truco),
            _ => None,
        }
    }
}

/// Declined, accepted and raised answers on one ladder.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Answers {
    folds: u32,
    accepts: u32,
    raises: u32,
}

impl Answers {
    const NONE: Answers = Answers {
        folds: 0,
        accepts: 0,
        raises: 0,
    };

    fn all(&self) -> f64 {
        (self.folds + self.accepts + self.raises) as f64
    }
}

/// The opponents' answers to the bot's team's calls in the match so far. Fed the hand's public
/// events at every decision; each event is counted once.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Opponents {
    envido: Answers,
    truco: Answers,
    /// The score the hand whose events were read started from (every hand changes it).
    hand: Option<[u8; 2]>,
    /// Events of that hand already read.
    read: usize,
}

impl Opponents {
    /// Nothing seen yet.
    pub const fn new() -> Opponents {
        Opponents {
            envido: Answers::NONE,
            truco: Answers::NONE,
            hand: None,
            read: 0,
        }
    }

    fn answers_mut(&mut self, ladder: Ladder) -> &mut Answers {
        match ladder {
            Ladder::Envido => &mut self.envido,
            Ladder::Truco => &mut self.truco,
        }
    }

    /// Reads the events of the current hand not read yet (`events` as `Bot::act_in_hand` gets
    /// them, from the deal), from the side of the seat of `view`.
    pub fn observe(&mut self, view: &View, events: &[Event]) {
        // The score the hand started from (points already won in it are in the score).
        let p = view.public();
        let (score, won) = (p.score(), p.hand_points());
        let start = [score[0] - won[0], score[1] - won[1]];
        if self.hand != Some(start) || events.len() < self.read {
            self.hand = Some(start);
            self.read = 0;
        }
        let team = view.seat() % 2;
        // The team whose call waits for an answer on each ladder. The hand is replayed from
        // the deal; answers are counted only from `read` on. An envido chain called over a
        // pending truco is answered first.
        let (mut envido, mut truco): (Option<u8>, Option<u8>) = (None, None);
        for (i, e) in events.iter().enumerate() {
            let (seat, action) = match *e {
                Event::Act { seat, action } | Event::Reveal { seat, action, .. } => (seat, action),
                _ => continue,
            };
            let (by, counted) = (seat % 2, i >= self.read);
            let answering = if envido.is_some() {
                Some((Ladder::Envido, envido))
            } else if truco.is_some() {
                Some((Ladder::Truco, truco))
            } else {
                None
            };
            let answer = match (action, answering) {
                (Action::NoQuiero | Action::Mazo, Some(_)) => Some(Answer::Fold),
                (Action::Quiero, Some(_)) => Some(Answer::Accept),
                (a, Some((ladder, _))) if Ladder::of(a) == Some(ladder) => Some(Answer::Raise),
                _ => None,
            };
            if let (Some(answer), Some((ladder, Some(caller)))) = (answer, answering) {
                if counted && caller == team && by != team {
                    let a = self.answers_mut(ladder);
                    match answer {
                        Answer::Fold => a.folds += 1,
                        Answer::Accept => a.accepts += 1,
                        Answer::Raise => a.raises += 1,
                    }
                }
                match ladder {
                    Ladder::Envido => envido = None,
                    Ladder::Truco => truco = None,
                }
            }
            match action {
                Action::Flor => envido = None,
                a => match Ladder::of(a) {
                    Some(Ladder::Envido) => envido = Some(by),
                    Some(Ladder::Truco) => truco = Some(by),
                    None => {}
                },
            }
        }
        self.read = events.len();
    }

    fn answers_on(&self, ladder: Ladder) -> Answers {
        match ladder {
            Ladder::Envido => self.envido,
            Ladder::Truco => self.truco,
        }
    }

    /// The estimated share of the bot's calls on `ladder` its opponents decline (the
    /// posterior mean; the prior's one half before any answer).
    pub fn fold_rate(&self, ladder: Ladder) -> f64 {
        let a = self.answers_on(ladder);
        (a.folds as f64 + PRIOR_FOLDS) / (a.all() + PRIOR_FOLDS + PRIOR_OTHERS)
    }

    /// Whether a bluff on `ladder` still pays against these opponents.
    pub fn bluffs_pay(&self, ladder: Ladder) -> bool {
        self.fold_rate(ladder) >= BLUFF_FOLD_RATE
    }

    /// Answers seen on `ladder`: declined, accepted, raised.
    pub fn answers(&self, ladder: Ladder) -> (u32, u32, u32) {
        let a = self.answers_on(ladder);
        (a.folds, a.accepts, a.raises)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use truco_game::Spot;

    /// Feeds the model the spot's view and history, as a bot reads them at its decision.
    fn see(model: &mut Opponents, at: &str) {
        let spot: Spot = at.parse().unwrap();
        model.observe(&spot.to_view().unwrap(), spot.history());
    }

    #[test]
    fn counts_each_answer_to_the_seats_calls_once() {
        let mut m = Opponents::new();
        assert_eq!(m.fold_rate(Ladder::Envido), 0.5);
        let at = "arg-1v1 | score 0-0 | dealer 1 | seat 0: 1E 7O 3C | 0:envido 1:no-quiero";
        see(&mut m, at);
        see(&mut m, at);
        assert_eq!(m.answers(Ladder::Envido), (1, 0, 0));
        // A raise answers the call; the seat's own answer to the raise is not the opponents'.
        see(
            &mut m,
            "arg-1v1 | score 1-0 | dealer 0 | seat 0: 1E 7O 3C | 1:4B 0:envido 1:real-envido 0:no-quiero",
        );
        assert_eq!(m.answers(Ladder::Envido), (1, 0, 1));
        // The opponents' own calls, and the seat's answers to them, are not counted.
        see(
            &mut m,
            "arg-1v1 | score 1-3 | dealer 1 | seat 0: 1E 7O 3C | 0:1E 1:envido 0:no-quiero",
        );
        assert_eq!(m.answers(Ladder::Envido), (1, 0, 1));
        // In a team game an opponent team's answer counts, the partner's calls are the team's.
        see(
            &mut m,
            "arg-2v2 | score 2-3 | dealer 3 | seat 2: 1E 7O 3C | 0:envido 1:real-envido",
        );
        assert_eq!(m.answers(Ladder::Envido), (1, 0, 2));
    }

    #[test]
    fn bluffs_stop_when_the_opponents_seldom_fold() {
        let mut m = Opponents::new();
        assert!(m.bluffs_pay(Ladder::Envido));
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
        assert_eq!(m.answers(Ladder::Envido), (0, 1, 2));
        assert!((m.fold_rate(Ladder::Envido) - 0.2).abs() < 1e-12);
        assert!(!m.bluffs_pay(Ladder::Envido));
        // Folds bring the bluffs back.
        for k in 3..5 {
            see(
                &mut m,
                &format!(
                    "arg-1v1 | score {k}-0 | dealer 1 | seat 0: 1E 7O 3C | 0:envido 1:no-quiero"
                ),
            );
        }
        assert_eq!(m.answers(Ladder::Envido), (2, 1, 2));
        assert!(m.bluffs_pay(Ladder::Envido));
    }

    #[test]
    fn truco_answers_are_counted_apart_from_the_envido_first() {
        let mut m = Opponents::new();
        // Truco, answered with the envido first (not an answer to the truco), which the seat
        // declines; then the truco is accepted.
        see(
            &mut m,
            "arg-1v1 | score 0-0 | dealer 1 | seat 0: 1E 7O 3C | 0:truco 1:envido 0:no-quiero 1:quiero",
        );
        assert_eq!(m.answers(Ladder::Truco), (0, 1, 0));
        assert_eq!(m.answers(Ladder::Envido), (0, 0, 0));
        see(
            &mut m,
            "arg-1v1 | score 1-0 | dealer 0 | seat 0: 1E 7O 3C | 1:4B 0:truco 1:no-quiero",
        );
        assert_eq!(m.answers(Ladder::Truco), (1, 1, 0));
        // A raise answers the call; the seat's answer to it is its own.
        see(
            &mut m,
            "arg-1v1 | score 2-0 | dealer 0 | seat 0: 1E 7O 3C | 1:4B 0:truco 1:retruco 0:quiero",
        );
        assert_eq!(m.answers(Ladder::Truco), (1, 1, 1));
    }
}
