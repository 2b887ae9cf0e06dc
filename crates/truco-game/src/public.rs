//! The public state of a hand: everything every player sees, and nothing hidden.
//!
//! A [`PublicState`] is built for a hand by [`PublicState::new_hand`] and advanced only by
//! public [`Event`]s ([`PublicState::apply_event`]), so an analyst's spot (a list of events)
//! can be replayed without knowing any hidden card. The full game state
//! ([`crate::state::State`]) adds the hands and turns actions into events.

use thiserror::Error;

use crate::action::{
    seat_after, Action, ActionList, Actor, Awards, Event, Totals, MAX_ACTIONS, MAX_SEATS, NONE,
};
use crate::cards::{Card, CardSet};
use crate::envido::{envido_value, flor_value, has_flor};
use crate::ranking::Ranking;
use crate::rules::{EnvidoReveal, FoldRule, RuleSet};

/// The phase of a hand.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Phase {
    /// Waiting for the deal.
    Deal,
    /// Calls and card play.
    Play,
    /// The hand is over (or the match ended during it).
    Over,
}

/// The envido chain of a hand.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct EnvidoState {
    /// Envido calls in the chain.
    pub envidos: u8,
    /// Whether real envido was called.
    pub real: bool,
    /// Whether falta envido was called.
    pub falta: bool,
    /// Sum of the envido and real envido calls so far.
    pub value: u8,
    /// That sum before the last call.
    pub prev_value: u8,
    /// Whether the chain waits for an answer.
    pub pending: bool,
    /// The seat that made the last call ([`NONE`] if none).
    pub caller: u8,
    /// Settled (accepted or declined), or closed by a flor.
    pub done: bool,
    /// The team that scored it ([`NONE`] if none).
    pub winner: u8,
    /// The totals the table revealed after an accepted chain.
    pub totals: Totals,
    /// Valencian envit: the chain was accepted (it is settled at the end of the hand).
    pub accepted: bool,
    /// Valencian envit: points owed to the caller's team for a declined chain (paid at the end
    /// of the hand).
    pub owed: u8,
    /// Valencian envit: the chain's points were scored at the end of the hand.
    pub scored: bool,
    /// arg-classic `flor` (ruling 13): points of a settled chain held while a seat that has
    /// not acted may still declare a flor, which voids them; paid once none can.
    pub held: u8,
    /// Whether the held points are a declined chain's (else an accepted one's).
    pub held_declined: bool,
}

impl EnvidoState {
    /// Whether any envido call was made.
    pub const fn called(&self) -> bool {
        self.envidos > 0 || self.real || self.falta
    }

    /// The points the caller gets if the chain is declined (ruling 4): the chain's value before
    /// the last call, at least 1 (a falta is not added to the chain).
    pub const fn declined_value(&self) -> u8 {
        let v = if self.falta {
            self.value
        } else {
            self.prev_value
        };
        if v == 0 {
            1
        } else {
            v
        }
    }
}

/// The truco ladder of a hand.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct TrucoState {
    /// Accepted level: 0 none, 1 truco, 2 retruco, 3 vale cuatro.
    pub level: u8,
    /// Whether a call (to `level + 1`) waits for an answer.
    pub pending: bool,
    /// The seat that made the pending (or last) call ([`NONE`] if none).
    pub caller: u8,
    /// The team allowed to raise next ([`NONE`] = anyone: nothing accepted yet).
    pub raiser: u8,
}

/// The flor of a hand (`flor` option).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct FlorState {
    /// Bit t set: team t declared a flor.
    pub declared: u8,
    /// Whether a contraflor waits for an answer.
    pub pending: bool,
    /// The seat of the last flor declaration or contraflor ([`NONE`] if none).
    pub caller: u8,
    /// Whether the flor points were scored.
    pub done: bool,
    /// Flor totals revealed in a contest.
    pub totals: Totals,
}

/// Errors of the state machine.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum PlayError {
    /// The hand is over.
    #[error("the hand is over")]
    HandOver,
    /// An event that needs the deal phase came in another phase, or the reverse.
    #[error("event `{0}` does not fit the hand's phase")]
    WrongPhase(&'static str),
    /// The event's seat is not the seat to act.
    #[error("seat {seat} acted but {expected:?} is to act")]
    NotYourTurn {
        /// The seat in the event.
        seat: u8,
        /// Who is to act.
        expected: Actor,
    },
    /// The action is not legal here.
    #[error("action `{action}` is not legal for seat {seat} here")]
    Illegal {
        /// The seat.
        seat: u8,
        /// The action.
        action: Action,
    },
    /// The action settles a contest and needs the revealed totals.
    #[error("action `{0}` settles a contest: its event must carry the revealed totals")]
    NeedsReveal(Action),
    /// The revealed totals are impossible.
    #[error("revealed totals are invalid: {0}")]
    BadReveal(&'static str),
    /// The seat is not in the hand.
    #[error("seat {0} is not in this hand")]
    NoSuchSeat(u8),
    /// The deal is malformed.
    #[error("bad deal: {0}")]
    BadDeal(String),
}

/// Which options the acting seat has, before cards are expanded.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Options {
    pub play: bool,
    pub raise: bool,
    pub answer: bool,
    pub envido: bool,
    pub real: bool,
    pub falta: bool,
    pub flor: bool,
    pub contraflor: bool,
    pub mazo: bool,
    pub hide: bool,
    pub pass: bool,
}

impl Options {
    /// Whether a non-card action is allowed.
    #[inline]
    fn allows(&self, a: Action) -> bool {
        match a {
            Action::Play(_) => self.play,
            Action::Raise => self.raise,
            Action::Quiero | Action::NoQuiero => self.answer,
            Action::Envido => self.envido,
            Action::RealEnvido => self.real,
            Action::FaltaEnvido => self.falta,
            Action::Flor => self.flor,
            Action::Contraflor => self.contraflor,
            Action::Mazo => self.mazo,
            Action::Hide(_) => self.hide,
            Action::Pass => self.pass,
            Action::Blind(_) => false,
        }
    }
}

/// The public state of one hand (plus the match score it is played at).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PublicState {
    pub(crate) rules: RuleSet,
    pub(crate) score: [u8; 2],
    pub(crate) mano: u8,
    pub(crate) phase: Phase,
    pub(crate) trick: u8,
    pub(crate) played: [[u8; MAX_SEATS]; 3],
    pub(crate) trick_lead: [u8; 3],
    pub(crate) trick_result: [u8; 3],
    pub(crate) turn: u8,
    pub(crate) folded: u8,
    pub(crate) acted: u8,
    pub(crate) truco: TrucoState,
    pub(crate) envido: EnvidoState,
    pub(crate) flor: FlorState,
    pub(crate) hand_points: [u8; 2],
    pub(crate) winner: u8,
    pub(crate) camas: [u8; 2],
    pub(crate) start_score: [u8; 2],
    pub(crate) start_camas: [u8; 2],
    /// Paulista: the vira's card index ([`NONE`] before the deal or in other variants).
    pub(crate) vira: u8,
    /// Paulista mão de onze: the team at 11 ([`NONE`] if none).
    pub(crate) eleven: u8,
    /// Paulista: the mão de onze decision is pending.
    pub(crate) eleven_pending: bool,
    /// Paulista mão de ferro (both teams at 11).
    pub(crate) iron: bool,
    /// Valencian: the out-of-turn window before the current card is still open.
    pub(crate) window: bool,
    /// Valencian: bit s set once seat s called or answered a truc (no envit after that).
    pub(crate) truc_acted: u8,
    /// Valencian: a cama closed in this hand (later points of the hand do not count).
    pub(crate) cama_closed: bool,
    /// Valencian, ruling 12: an out-of-turn truc was called at the team on turn, whose player
    /// on turn (who has not played) may open the envit before the team answers, or pass.
    pub(crate) envit_turn: bool,
}

/// Marker in `played` for a card played face down (paulista).
pub(crate) const HIDDEN: u8 = NONE - 1;

impl PublicState {
    /// A hand of `rules` at `score`, with `mano` first to play, waiting for the deal.
    pub fn new_hand(rules: RuleSet, score: [u8; 2], mano: u8) -> Result<PublicState, PlayError> {
        PublicState::new_hand_in_camas(rules, score, [0, 0], mano)
    }

    /// [`PublicState::new_hand`] with the camas each team has won (valencian, ruling 8).
    pub fn new_hand_in_camas(
        rules: RuleSet,
        score: [u8; 2],
        camas: [u8; 2],
        mano: u8,
    ) -> Result<PublicState, PlayError> {
        if rules.camas > 0 && (camas[0] >= rules.camas || camas[1] >= rules.camas) {
            return Err(PlayError::BadDeal(format!(
                "camas {}-{}: the match is already won",
                camas[0], camas[1]
            )));
        }
        if rules.camas == 0 && camas != [0, 0] {
            return Err(PlayError::BadDeal(format!(
                "{} has no camas",
                rules.variant
            )));
        }
        let at_eleven = |t: usize| rules.mao_de_onze && score[t] == rules.target - 1;
        let (eleven, iron) = match (at_eleven(0), at_eleven(1)) {
            (true, true) => (NONE, !rules.ferro_open),
            (true, false) => (0, false),
            (false, true) => (1, false),
            (false, false) => (NONE, false),
        };
        if mano >= rules.players || !matches!(rules.players, 2 | 4 | 6) {
            return Err(PlayError::BadDeal(format!(
                "mano {mano} is not a seat of a {}-player hand",
                rules.players
            )));
        }
        if rules.deck.cards().len() < 3 * rules.players as u32 {
            return Err(PlayError::BadDeal(format!(
                "a {}-card deck cannot deal {} hands of three",
                rules.deck.cards().len(),
                rules.players
            )));
        }
        Ok(PublicState {
            rules,
            score,
            mano,
            phase: Phase::Deal,
            trick: 0,
            played: [[NONE; MAX_SEATS]; 3],
            trick_lead: [NONE; 3],
            trick_result: [NONE; 3],
            turn: mano,
            folded: 0,
            acted: 0,
            envit_turn: false,
            truco: TrucoState {
                level: 0,
                pending: false,
                caller: NONE,
                raiser: NONE,
            },
            envido: EnvidoState {
                envidos: 0,
                real: false,
                falta: false,
                value: 0,
                prev_value: 0,
                pending: false,
                caller: NONE,
                done: false,
                winner: NONE,
                totals: [NONE; MAX_SEATS],
                accepted: false,
                owed: 0,
                scored: false,
                held: 0,
                held_declined: false,
            },
            flor: FlorState {
                declared: 0,
                pending: false,
                caller: NONE,
                done: false,
                totals: [NONE; MAX_SEATS],
            },
            hand_points: [0, 0],
            winner: NONE,
            camas,
            start_score: score,
            start_camas: camas,
            vira: NONE,
            eleven,
            eleven_pending: false,
            iron,
            window: false,
            truc_acted: 0,
            cama_closed: false,
        })
    }

    /// The rule set.
    pub fn rules(&self) -> &RuleSet {
        &self.rules
    }
    /// The match score (updated as points are scored during the hand).
    pub fn score(&self) -> [u8; 2] {
        self.score
    }
    /// The mano (first to play).
    pub fn mano(&self) -> u8 {
        self.mano
    }
    /// The phase.
    pub fn phase(&self) -> Phase {
        self.phase
    }
    /// The current trick, 0-based (3 once all tricks are done).
    pub fn trick(&self) -> u8 {
        self.trick
    }
    /// The card `seat` played in `trick` (0-based), if any.
    pub fn played(&self, trick: usize, seat: u8) -> Option<Card> {
        Card::from_index(*self.played.get(trick)?.get(seat as usize)?)
    }
    /// Every card played face up so far.
    pub fn played_set(&self) -> CardSet {
        let mut s = CardSet::EMPTY;
        for t in &self.played {
            for &c in t {
                if let Some(c) = Card::from_index(c) {
                    s.insert(c);
                }
            }
        }
        s
    }
    /// Result of trick `t`: `Some(team)` or `Some(PARDA)`, `None` if not finished.
    pub fn trick_result(&self, t: usize) -> Option<u8> {
        self.trick_result.get(t).copied().filter(|&r| r != NONE)
    }
    /// Whether `seat` folded.
    pub fn is_folded(&self, seat: u8) -> bool {
        seat < 8 && self.folded & (1 << seat) != 0
    }
    /// The truco ladder.
    pub fn truco(&self) -> &TrucoState {
        &self.truco
    }
    /// The envido chain.
    pub fn envido(&self) -> &EnvidoState {
        &self.envido
    }
    /// The flor state.
    pub fn flor(&self) -> &FlorState {
        &self.flor
    }
    /// Points each team scored in this hand so far.
    pub fn hand_points(&self) -> [u8; 2] {
        self.hand_points
    }
    /// The hand's winner in the tricks (or by fold/refusal), once known.
    pub fn hand_winner(&self) -> Option<u8> {
        (self.winner != NONE).then_some(self.winner)
    }
    /// Whether a team has won the match (reached the target, or won its camas).
    pub fn match_over(&self) -> bool {
        self.match_winner().is_some()
    }
    /// The team that has won the match, if any.
    pub fn match_winner(&self) -> Option<u8> {
        let won = |t: usize| {
            if self.rules.camas > 0 {
                self.camas[t] >= self.rules.camas
            } else {
                self.score[t] >= self.rules.target
            }
        };
        (0..2u8).find(|&t| won(t as usize))
    }
    /// Camas won by each team (valencian; `[0, 0]` in other variants).
    pub fn camas(&self) -> [u8; 2] {
        self.camas
    }
    /// The score and camas when the hand started.
    pub fn start_score(&self) -> ([u8; 2], [u8; 2]) {
        (self.start_score, self.start_camas)
    }
    /// Paulista: the vira, once dealt.
    pub fn vira(&self) -> Option<Card> {
        Card::from_index(self.vira)
    }
    /// Paulista: whether `seat` played a hidden card in `trick`.
    pub fn is_hidden(&self, trick: usize, seat: u8) -> bool {
        self.played.get(trick).and_then(|t| t.get(seat as usize)) == Some(&HIDDEN)
    }
    /// Paulista: the team at 11 in a mão de onze.
    pub fn mao_de_onze(&self) -> Option<u8> {
        (self.eleven != NONE).then_some(self.eleven)
    }
    /// Paulista: whether the mão de onze decision (play or run) is pending.
    pub fn eleven_pending(&self) -> bool {
        self.eleven_pending
    }
    /// Paulista: whether this is a mão de ferro (blind hand).
    pub fn is_iron(&self) -> bool {
        self.iron
    }
    /// Paulista `ferro=open`: whether this is the open hand at 11-11 (worth 3, no truco).
    pub fn is_open_iron(&self) -> bool {
        let t = self.rules.target.wrapping_sub(1);
        self.rules.mao_de_onze
            && self.rules.ferro_open
            && self.start_score[0] == t
            && self.start_score[1] == t
    }
    /// Valencian: whether `seat` called or answered a truc in this hand.
    pub fn truc_acted(&self, seat: u8) -> bool {
        seat < 8 && self.truc_acted & (1 << seat) != 0
    }
    /// The trick strength table of this hand (paulista: with the vira's manilhas).
    #[inline]
    pub fn rank_table(&self) -> crate::ranking::RankTable {
        self.rules.ranking.table_for(self.vira())
    }
    /// Whether the hand is over.
    pub fn is_over(&self) -> bool {
        self.phase == Phase::Over
    }
    /// The hand's current value (the accepted truco level's value; a mão de onze played, or
    /// the open hand at 11-11 with `ferro=open`, is worth the truco value, 3).
    pub fn truco_value(&self) -> u8 {
        if self.eleven != NONE || self.is_open_iron() {
            return self.rules.truco_values[1];
        }
        self.rules.truco_values[(self.truco.level as usize).min(4)]
    }

    #[inline]
    pub(crate) fn n(&self) -> u8 {
        self.rules.players
    }

    #[inline]
    pub(crate) fn has_played(&self, trick: u8, seat: u8) -> bool {
        self.played[trick as usize % 3][seat as usize % MAX_SEATS] != NONE
    }

    /// The answering team's deciding seat for a call made by `caller` (ruling 1).
    #[inline]
    pub(crate) fn decider(&self, caller: u8) -> u8 {
        let n = self.n();
        for k in 1..n {
            let s = seat_after(caller, k, n);
            if s % 2 != caller % 2 && self.folded & (1 << s) == 0 {
                return s;
            }
        }
        seat_after(caller, 1, n)
    }

    /// The first seat of `team` in play order from the mano (the mão de onze decider).
    #[inline]
    fn first_of_team(&self, team: u8) -> u8 {
        if self.mano % 2 == team {
            self.mano
        } else {
            seat_after(self.mano, 1, self.n())
        }
    }

    /// Valencian: the seat holding the out-of-turn window now, if it is open.
    #[inline]
    fn window_seat(&self) -> Option<u8> {
        if !self.window || !self.rules.out_of_turn_truco || self.truco.level >= self.rules.truco_top
        {
            return None;
        }
        let n = self.n();
        for k in 1..n {
            let s = seat_after(self.turn, k, n);
            if s % 2 != self.turn % 2 && self.folded & (1 << s) == 0 {
                let ok = self.truco.raiser == NONE || self.truco.raiser == s % 2;
                return ok.then_some(s);
            }
        }
        None
    }

    /// Sets the seat on turn (opening the out-of-turn window before its card).
    #[inline]
    pub(crate) fn set_turn(&mut self, seat: u8) {
        self.turn = seat;
        self.window = self.rules.out_of_turn_truco;
    }

    /// Whether a truco may be called at all in this hand (not in a mão de onze, a mão de
    /// ferro, or the open 11-11 hand).
    #[inline]
    fn truco_allowed(&self) -> bool {
        self.eleven == NONE && !self.iron && !self.is_open_iron()
    }

    /// Who acts next.
    #[inline]
    pub fn actor(&self) -> Actor {
        match self.phase {
            Phase::Deal => Actor::Chance,
            Phase::Over => Actor::Terminal,
            Phase::Play => {
                if self.eleven_pending {
                    return Actor::Team {
                        team: self.eleven,
                        seat: self.first_of_team(self.eleven),
                    };
                }
                if self.envit_turn {
                    return Actor::Seat(self.turn);
                }
                let caller = if self.flor.pending {
                    self.flor.caller
                } else if self.envido.pending {
                    self.envido.caller
                } else if self.truco.pending {
                    self.truco.caller
                } else if let Some(w) = self.window_seat() {
                    return Actor::Seat(w);
                } else {
                    return Actor::Seat(self.turn);
                };
                Actor::Team {
                    team: 1 - caller % 2,
                    seat: self.decider(caller),
                }
            }
        }
    }

    /// Whether `seat` has taken any action in this hand.
    pub fn has_acted(&self, seat: u8) -> bool {
        seat < 8 && self.acted & (1 << seat) != 0
    }

    /// Whether `seat` may still declare a flor now (its first action, in trick 1).
    #[inline]
    fn flor_window(&self, seat: u8) -> bool {
        self.rules.flor
            && self.trick == 0
            && self.acted & (1 << seat) == 0
            && self.flor.declared & (1 << (seat % 2)) == 0
            && !self.flor.done
    }

    /// Whether the envido chain may be started now by a player who has not played in trick 1.
    #[inline]
    fn envido_open(&self) -> bool {
        self.rules.envido
            && !self.envido.done
            && !self.envido.called()
            && self.trick == 0
            && self.truco.level == 0
            && self.flor.declared == 0
    }

    /// Whether going to the mazo now is weakly dominated by playing on: no call waits for an
    /// answer and no envido or flor can be called any more in this hand
    /// ([`PublicState::fold_saves_nothing`]), so every later call
    /// can be refused for no more than the fold gives now (the hand's current value), and a
    /// card played can only win or tie a trick the fold would give up. Claimed only for the
    /// last seat of its team still in the hand: a seat whose partner still plays folds alone,
    /// and that hands the team's later answers to the partner (ruling 1's deciding seat is the
    /// first one not folded), which playing on cannot do. Not claimed in valencian (always
    /// `false`): there playing on where a table folded lost matches (`models/valencian.md`),
    /// and that was measured before this restriction.
    pub fn fold_is_dominated(&self) -> bool {
        let Actor::Seat(seat) = self.actor() else {
            return false;
        };
        let partner_in =
            (0..self.n()).any(|s| s != seat && s % 2 == seat % 2 && !self.is_folded(s));
        !partner_in && self.fold_saves_nothing()
    }

    /// Whether a fold now would save the folding team nothing: no call waits for an answer
    /// and no envido or flor can be called any more in this hand (with flor: every other seat
    /// has acted in trick 1, as a fold before then denies an opponent's flor). What
    /// [`PublicState::fold_is_dominated`] asks but whether the seat is the last of its team
    /// still in. Always `false` in valencian (see there).
    pub fn fold_saves_nothing(&self) -> bool {
        let Actor::Seat(seat) = self.actor() else {
            return false;
        };
        !self.rules.envit
            && self.phase == Phase::Play
            && !self.truco.pending
            && !self.envido.pending
            && !self.flor.pending
            && !self.eleven_pending
            && !self.envido_open()
            && !(0..self.n()).any(|s| s != seat && self.flor_window(s))
    }

    /// Whether the envido could still be called (for the fold values of ruling 6).
    #[inline]
    pub(crate) fn envido_still_callable(&self) -> bool {
        self.envido_open() && !self.truco.pending
    }

    /// Whether `seat` may open the envido now: the chain is open, and (valencian envit,
    /// ruling 7) the seat has not played, folded, called or answered a truc.
    #[inline]
    pub(crate) fn envido_open_for(&self, seat: u8) -> bool {
        self.envido_open()
            && !(self.rules.envit
                && (self.has_played(0, seat) || self.is_folded(seat) || self.truc_acted(seat)))
    }

    fn set_envido_calls(&self, o: &mut Options) {
        let e = &self.envido;
        o.envido = !e.real && !e.falta && e.envidos < self.rules.max_envidos;
        // Valencian: torne only answers an envide.
        o.real = !(e.real || e.falta || (self.rules.envit && e.envidos == 0));
        o.falta = !e.falta;
    }

    /// The acting seat's options. `hand` is the actor's own unplayed cards, or `None` for the
    /// public check (any unseen card may be played; a flor may be declared where the rules let
    /// a holder declare one).
    #[inline]
    pub(crate) fn options(&self, hand: Option<CardSet>) -> Options {
        self.options_for(self.actor(), hand)
    }

    /// [`PublicState::options`] with the actor already computed.
    #[inline]
    pub(crate) fn options_for(&self, actor: Actor, hand: Option<CardSet>) -> Options {
        let mut o = Options::default();
        let (seat, answering) = match actor {
            Actor::Seat(s) => (s, false),
            Actor::Team { seat, .. } => (seat, true),
            Actor::Chance | Actor::Terminal => return o,
        };
        if self.eleven_pending {
            o.answer = true;
            return o;
        }
        if self.flor.pending {
            o.answer = true;
            o.mazo = self.rules.fold == FoldRule::TurnOrAnswer;
            return o;
        }
        if self.flor_window(seat) {
            let holds = hand.is_none_or(has_flor);
            if holds {
                o.flor = true;
                o.contraflor = self.flor.declared != 0;
                if hand.is_some() {
                    // Mandatory declaration: nothing else until the flor is declared.
                    return o;
                }
            }
        }
        if self.envit_turn {
            // Ruling 12: open the envit (the truc waits for it) or leave the truc to the team.
            self.set_envido_calls(&mut o);
            o.pass = true;
            return o;
        }
        if answering {
            o.answer = true;
            o.mazo = self.rules.fold == FoldRule::TurnOrAnswer;
            if self.envido.pending {
                self.set_envido_calls(&mut o);
            } else {
                o.raise = self.truco.level + 1 < self.rules.truco_top;
                // Valencian: only the player on turn may open the envit against a truc, in
                // its own step before the answer (ruling 12, `envit_turn`), never the decider.
                let may_first = !self.rules.envit
                    && self.envido_open_for(seat)
                    && !(self.rules.envido_first_needs_unplayed && self.has_played(0, seat));
                if may_first {
                    self.set_envido_calls(&mut o);
                }
            }
        } else if seat != self.turn {
            // The valencian out-of-turn window: raise or pass.
            o.raise = true;
            o.pass = true;
        } else {
            o.play = true;
            o.mazo = self.rules.fold != FoldRule::Never;
            o.raise = self.truco_allowed()
                && self.truco.level < self.rules.truco_top
                && (self.truco.raiser == NONE || self.truco.raiser == seat % 2);
            if self.envido_open_for(seat) {
                self.set_envido_calls(&mut o);
            }
            o.hide = self.rules.hidden_card && self.trick > 0 && !self.iron;
        }
        o
    }

    /// Whether `action` is legal for the actor as far as public information can tell (a card
    /// must be in the deck and not yet seen; a flor needs a possible holder).
    pub fn is_publicly_legal(&self, action: Action) -> bool {
        let o = self.options(None);
        match action {
            Action::Play(c) => {
                o.play
                    && self.rules.deck.cards().contains(c)
                    && !self.played_set().contains(c)
                    && self.vira != c.index()
            }
            Action::Hide(_) => o.hide,
            other => o.allows(other),
        }
    }

    /// Whether `action` is legal for the actor holding the unplayed cards `hand`.
    #[inline]
    pub fn is_legal(&self, action: Action, hand: CardSet) -> bool {
        self.is_legal_for(self.actor(), action, hand)
    }

    #[inline]
    pub(crate) fn is_legal_for(&self, actor: Actor, action: Action, hand: CardSet) -> bool {
        let o = self.options_for(actor, Some(hand));
        match action {
            Action::Play(c) => o.play && !self.iron && hand.contains(c),
            Action::Blind(k) => o.play && self.iron && (k as u32) < hand.len(),
            Action::Hide(c) => o.hide && hand.contains(c),
            other => o.allows(other),
        }
    }

    /// Writes the actor's legal actions, given the actor's own unplayed cards, into `out`.
    #[inline]
    pub fn legal_actions(&self, hand: CardSet, out: &mut ActionList) {
        self.legal_actions_for(self.actor(), hand, out)
    }

    #[inline]
    pub(crate) fn legal_actions_for(&self, actor: Actor, hand: CardSet, out: &mut ActionList) {
        let o = self.options_for(actor, Some(hand));
        // Fill with a local length (one store at the end): this is the hottest loop.
        let items = &mut out.items;
        let mut n = 0usize;
        if o.play && self.iron {
            for k in 0..hand.len() as u8 {
                if n < MAX_ACTIONS {
                    items[n] = Action::Blind(k);
                    n += 1;
                }
            }
        } else if o.play {
            for c in hand {
                if n < MAX_ACTIONS {
                    items[n] = Action::Play(c);
                    n += 1;
                }
            }
        }
        if o.hide {
            for c in hand {
                if n < MAX_ACTIONS {
                    items[n] = Action::Hide(c);
                    n += 1;
                }
            }
        }
        let flags = [
            (o.raise, Action::Raise),
            (o.answer, Action::Quiero),
            (o.answer, Action::NoQuiero),
            (o.envido, Action::Envido),
            (o.real, Action::RealEnvido),
            (o.falta, Action::FaltaEnvido),
            (o.flor, Action::Flor),
            (o.contraflor, Action::Contraflor),
            (o.mazo, Action::Mazo),
            (o.pass, Action::Pass),
        ];
        for (on, a) in flags {
            if on && n < MAX_ACTIONS {
                items[n] = a;
                n += 1;
            }
        }
        out.len = n as u8;
    }

    /// Whether `action` by the actor settles a contest whose event must reveal totals, and
    /// which: `Some(false)` envido totals, `Some(true)` flor totals.
    /// Valencian: an accepted envit is revealed by the action that ends the hand.
    pub fn reveal_kind(&self, action: Action) -> Option<bool> {
        match action {
            Action::Quiero if self.flor.pending => Some(true),
            Action::Quiero if self.envido.pending && !self.rules.envit => Some(false),
            Action::Flor if self.flor.declared != 0 => Some(true),
            _ if self.rules.envit
                && self.envido.accepted
                && !self.envido.scored
                && self.would_end(action) =>
            {
                Some(false)
            }
            _ => None,
        }
    }

    /// The totals the table reveals when `value` gives each seat's total (its envido value, or
    /// with `flor` its flor value; `None`: it holds no flor, or the caller does not know it),
    /// by the rule set's reveal rule: seats in order from the mano, folded ones skipped
    /// (except for a valencian envit, revealed from every starting hand).
    pub fn reveal_totals(&self, flor: bool, value: impl Fn(u8) -> Option<u8>) -> Totals {
        self.reveal_among(flor, |s| !self.is_folded(s), value)
    }

    /// [`PublicState::reveal_totals`] with the seats still in the hand given by `in_hand`.
    fn reveal_among(
        &self,
        flor: bool,
        in_hand: impl Fn(u8) -> bool,
        value: impl Fn(u8) -> Option<u8>,
    ) -> Totals {
        let n = self.rules.players;
        let mut out = [NONE; MAX_SEATS];
        let mut best: Option<u8> = None;
        let winner_only = !flor && self.rules.envido_reveal == EnvidoReveal::Winner;
        for k in 0..n {
            let s = seat_after(self.mano, k, n);
            if !in_hand(s) && !winner_only {
                continue;
            }
            let Some(v) = value(s) else {
                continue;
            };
            let show = match self.rules.envido_reveal {
                EnvidoReveal::All => true,
                EnvidoReveal::Records => best.is_none_or(|b| v > b),
                EnvidoReveal::Winner => {
                    // Keep only the best so far (ties to the seat first from the mano).
                    if best.is_none_or(|b| v > b) {
                        out = [NONE; MAX_SEATS];
                        true
                    } else {
                        false
                    }
                }
            };
            if show {
                out[s as usize] = v;
                best = Some(best.map_or(v, |b| b.max(v)));
            }
        }
        out
    }

    /// Whether `seat` holding a hand of total `value` (as in [`PublicState::reveal_totals`])
    /// fits `totals`, revealed from this state: the table would show what it showed for the
    /// seat. A total it did not show is bounded by the totals shown before it ("son buenas"),
    /// which only the seats that showed theirs decide, so each seat is checked alone.
    pub fn reveal_admits(&self, flor: bool, totals: &Totals, seat: u8, value: Option<u8>) -> bool {
        let shown = |s: u8| {
            if s == seat {
                value
            } else {
                Some(totals[s as usize]).filter(|&t| t != NONE)
            }
        };
        self.reveal_totals(flor, shown)[seat as usize] == totals[seat as usize]
    }

    /// Whether `seat` holding a hand of envido (or with `flor` flor) total `value` fits the
    /// totals this hand revealed so far, as [`PublicState::reveal_admits`] from the state they
    /// were revealed in. Seats that showed a total were in the hand then; a seat folded since
    /// that showed none is not bounded (it may have folded before the reveal).
    pub fn revealed_admits(&self, flor: bool, seat: u8, value: Option<u8>) -> bool {
        let totals = if flor {
            self.flor.totals
        } else {
            self.envido.totals
        };
        if totals.iter().all(|&t| t == NONE)
            || (self.is_folded(seat) && totals[seat as usize] == NONE)
        {
            return true;
        }
        let in_hand = |s: u8| !self.is_folded(s) || totals[s as usize] != NONE;
        let shown = |s: u8| {
            if s == seat {
                value
            } else {
                Some(totals[s as usize]).filter(|&t| t != NONE)
            }
        };
        self.reveal_among(flor, in_hand, shown)[seat as usize] == totals[seat as usize]
    }

    /// Checks `hand`, dealt to `seat`, against the totals this hand revealed: it makes the
    /// envido and flor totals shown for the seat, and a total the table kept hidden ("son
    /// buenas") does not beat the ones shown before it.
    pub fn check_hand_totals(&self, seat: u8, hand: CardSet) -> Result<(), PlayError> {
        let envido = envido_value(hand);
        let shown = self.envido.totals[seat as usize];
        if shown != NONE && shown != envido {
            return Err(PlayError::BadDeal(format!(
                "seat {seat} showed envido {shown} but its cards make {envido}"
            )));
        }
        let flor = flor_value(hand);
        let shown = self.flor.totals[seat as usize];
        if shown != NONE && Some(shown) != flor {
            return Err(PlayError::BadDeal(format!(
                "seat {seat} showed flor {shown} but its cards do not make it"
            )));
        }
        if !self.revealed_admits(false, seat, Some(envido))
            || !self.revealed_admits(true, seat, flor)
        {
            return Err(PlayError::BadDeal(format!(
                "seat {seat}'s cards beat a total shown before it, so the table would have shown theirs"
            )));
        }
        Ok(())
    }

    /// Whether the actor's `action` ends the hand (a dry run on a copy, without settling).
    fn would_end(&self, action: Action) -> bool {
        let Some(seat) = self.actor().seat() else {
            return false;
        };
        let mut c = *self;
        c.envido.accepted = false;
        c.step(seat, action, None);
        c.phase == Phase::Over
    }

    /// Applies a public event (validating it as far as public information allows) and returns
    /// the points it scored.
    pub fn apply_event(&mut self, event: Event) -> Result<Awards, PlayError> {
        match event {
            Event::Deal => {
                if self.phase != Phase::Deal {
                    return Err(PlayError::WrongPhase("deal"));
                }
                if self.rules.ranking == Ranking::Paulista {
                    return Err(PlayError::WrongPhase("a paulista deal turns a vira"));
                }
                self.start_play();
                Ok(Awards::default())
            }
            Event::Vira(c) => {
                if self.phase != Phase::Deal || self.rules.ranking != Ranking::Paulista {
                    return Err(PlayError::WrongPhase("vira"));
                }
                self.rules
                    .deck
                    .check(c)
                    .map_err(|e| PlayError::BadDeal(e.to_string()))?;
                self.vira = c.index();
                self.start_play();
                Ok(Awards::default())
            }
            Event::Hidden { seat } => {
                let expected = self.actor();
                if expected == Actor::Terminal {
                    return Err(PlayError::HandOver);
                }
                if expected.seat() != Some(seat) || matches!(expected, Actor::Team { .. }) {
                    return Err(PlayError::NotYourTurn { seat, expected });
                }
                let dummy = crate::cards::card(crate::cards::Suit::Espadas, 1);
                if !self.options(None).hide {
                    return Err(PlayError::Illegal {
                        seat,
                        action: Action::Hide(dummy),
                    });
                }
                Ok(self.step(seat, Action::Hide(dummy), None))
            }
            Event::Act { seat, action } | Event::Reveal { seat, action, .. } => {
                let expected = self.actor();
                match expected {
                    Actor::Terminal => return Err(PlayError::HandOver),
                    Actor::Chance => return Err(PlayError::WrongPhase("action before the deal")),
                    _ if expected.seat() != Some(seat) => {
                        return Err(PlayError::NotYourTurn { seat, expected })
                    }
                    _ => {}
                }
                if !self.is_publicly_legal(action) {
                    return Err(PlayError::Illegal { seat, action });
                }
                let totals = match event {
                    Event::Reveal { totals, .. } => Some(totals),
                    _ => None,
                };
                match (self.reveal_kind(action), totals) {
                    (Some(_), None) => return Err(PlayError::NeedsReveal(action)),
                    (None, Some(_)) => {
                        return Err(PlayError::BadReveal("this action reveals nothing"))
                    }
                    (Some(flor), Some(t)) => self.check_totals(&t, flor)?,
                    (None, None) => {}
                }
                Ok(self.step(seat, action, totals))
            }
        }
    }

    fn check_totals(&self, t: &Totals, flor: bool) -> Result<(), PlayError> {
        let max = if flor { 38 } else { 33 };
        let winner_only = !flor && self.rules.envido_reveal == EnvidoReveal::Winner;
        if winner_only && t.iter().filter(|&&v| v != NONE).count() != 1 {
            return Err(PlayError::BadReveal(
                "the table announces the winner's total only",
            ));
        }
        let mut any = false;
        for (s, &v) in t.iter().enumerate() {
            if v == NONE {
                continue;
            }
            if s >= self.n() as usize || (self.is_folded(s as u8) && !winner_only) {
                return Err(PlayError::BadReveal("a total for a seat not in the hand"));
            }
            if v > max || (flor && v < 20) {
                return Err(PlayError::BadReveal("a total out of range"));
            }
            any = true;
        }
        if any {
            Ok(())
        } else {
            Err(PlayError::BadReveal("no total revealed"))
        }
    }

    pub(crate) fn start_play(&mut self) {
        self.phase = Phase::Play;
        self.set_turn(self.mano);
        self.eleven_pending = self.eleven != NONE;
    }
}
