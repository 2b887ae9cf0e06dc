//! The transitions of [`PublicState`]: what each action does to the hand and the score.

use crate::action::{seat_after, Action, Award, Awards, Source, Totals, NONE};
use crate::cards::Card;
use crate::public::{Phase, PublicState, HIDDEN};
use crate::rules::TeamFoldValue;
use crate::tricks::{hand_winner, resolve_trick, PARDA};

impl PublicState {
    /// Applies an action already checked legal. `totals` are the revealed totals when the
    /// action settles a contest (see [`PublicState::reveal_kind`]).
    pub(crate) fn step(&mut self, seat: u8, action: Action, totals: Option<Totals>) -> Awards {
        let mut aw = Awards::default();
        let team = seat % 2;
        self.acted |= 1 << seat;
        if self.rules.envit {
            if let Some(t) = totals {
                // The accepted envit is settled when this action ends the hand.
                self.envido.totals = t;
            }
        }
        match action {
            Action::Play(c) => self.put_card(seat, c.index(), &mut aw),
            Action::Hide(_) => self.put_card(seat, HIDDEN, &mut aw),
            // Never public: `State::apply` turns a blind play into the card it picks.
            Action::Blind(_) => {}
            Action::Pass if self.envit_turn => self.envit_turn = false,
            Action::Pass => self.window = false,
            Action::Mazo => self.mazo(seat, &mut aw),
            Action::Raise => {
                if self.truco.pending {
                    self.truco.level += 1;
                }
                self.truco.pending = true;
                self.truco.caller = seat;
                self.mark_truc_acted(seat);
                if seat != self.turn {
                    self.window = false;
                    // Ruling 12: a truc called at the team on turn lets its player on turn
                    // open the envit first, if it still may.
                    self.envit_turn = self.rules.envit
                        && self.turn % 2 != team
                        && self.envido_open_for(self.turn);
                }
            }
            Action::Quiero => {
                if self.eleven_pending {
                    self.eleven_pending = false;
                } else if self.flor.pending {
                    let pts = self.rules.contraflor_points;
                    self.settle_flor(totals, pts, Source::Contraflor, &mut aw);
                } else if self.envido.pending {
                    if self.rules.envit {
                        self.envido.pending = false;
                        self.envido.done = true;
                        self.envido.accepted = true;
                    } else {
                        self.settle_envido(totals.unwrap_or([NONE; 6]), &mut aw);
                    }
                } else {
                    self.truco.level += 1;
                    self.truco.pending = false;
                    self.truco.raiser = team;
                    self.mark_truc_acted(seat);
                }
            }
            Action::NoQuiero => {
                if self.eleven_pending {
                    // Mão de onze: the team at 11 runs; the other team scores 1.
                    self.eleven_pending = false;
                    let v = self.rules.truco_values[0];
                    self.end_hand(&mut aw, 1 - team, v, Source::ElevenRun);
                } else if self.flor.pending {
                    self.flor.pending = false;
                    self.flor.done = true;
                    let pts = self.rules.flor_points;
                    self.award(&mut aw, 1 - team, pts, Source::ContraflorDeclined);
                } else if self.envido.pending {
                    self.decline_envido(&mut aw);
                } else {
                    self.truco.pending = false;
                    self.mark_truc_acted(seat);
                    let v = self.truco_value();
                    self.end_hand(&mut aw, 1 - team, v, Source::TrucoDeclined);
                }
            }
            Action::Envido | Action::RealEnvido | Action::FaltaEnvido => {
                self.envit_turn = false;
                let e = &mut self.envido;
                e.prev_value = e.value;
                match action {
                    Action::Envido => {
                        e.envidos += 1;
                        e.value += self.rules.envido_points;
                    }
                    Action::RealEnvido => {
                        e.real = true;
                        e.value += self.rules.real_envido_points;
                    }
                    _ => e.falta = true,
                }
                e.pending = true;
                e.caller = seat;
            }
            Action::Flor => {
                if self.flor.declared != 0 {
                    self.flor.declared |= 1 << team;
                    let pts = self.rules.flor_points;
                    self.settle_flor(totals, pts, Source::Flor, &mut aw);
                } else {
                    self.flor.declared |= 1 << team;
                    self.flor.caller = seat;
                    // Ruling 13: a declared flor closes the envido and voids its chain, pending
                    // or settled (held points are never paid).
                    self.envido.pending = false;
                    self.envido.done = true;
                    self.envido.held = 0;
                }
            }
            Action::Contraflor => {
                self.flor.declared |= 1 << team;
                self.flor.pending = true;
                self.flor.caller = seat;
            }
        }
        if self.envido.held > 0 && !self.flor_still_possible() {
            self.pay_held_envido(&mut aw);
        }
        aw
    }

    /// Ruling 13: whether a seat may still declare a flor in this hand (trick 1, no flor yet,
    /// a seat still in that has not acted).
    fn flor_still_possible(&self) -> bool {
        let n = self.n();
        self.rules.flor
            && self.phase == Phase::Play
            && self.trick == 0
            && self.flor.declared == 0
            && (0..n).any(|s| (self.acted | self.folded) & (1 << s) == 0)
    }

    /// Pays the envido points held by ruling 13.
    fn pay_held_envido(&mut self, aw: &mut Awards) {
        let e = self.envido;
        self.envido.held = 0;
        let source = if e.held_declined {
            Source::EnvidoDeclined
        } else {
            Source::Envido
        };
        self.award(aw, e.winner, e.held, source);
    }

    /// Scores a settled envido chain, or holds it while a flor could still void it.
    fn award_envido(&mut self, aw: &mut Awards, team: u8, points: u8, declined: bool) {
        if self.flor_still_possible() {
            self.envido.held = points;
            self.envido.held_declined = declined;
            return;
        }
        let source = if declined {
            Source::EnvidoDeclined
        } else {
            Source::Envido
        };
        self.award(aw, team, points, source);
    }

    /// Valencian: `seat` called or answered a truc (it may not call envit any more). Other
    /// variants keep no such record (the public state stays canonical).
    fn mark_truc_acted(&mut self, seat: u8) {
        if self.rules.envit {
            self.truc_acted |= 1 << seat;
        }
    }

    /// A card (or [`HIDDEN`]) from `seat` in the current trick.
    fn put_card(&mut self, seat: u8, index: u8, aw: &mut Awards) {
        let t = self.trick as usize;
        self.played[t][seat as usize] = index;
        if self.trick_lead[t] == NONE {
            self.trick_lead[t] = seat;
        }
        self.after_move(seat, aw);
    }

    /// Scores `points` for `team`, ending the hand if the match is won. With camas, reaching
    /// the cama's size closes it: the team wins a cama, both scores go back to 0 (the excess
    /// is lost), and the hand's later points do not count in the new cama.
    fn award(&mut self, aw: &mut Awards, team: u8, points: u8, source: Source) {
        if self.phase == Phase::Over || points == 0 || self.cama_closed {
            return;
        }
        let t = team as usize & 1;
        self.score[t] = self.score[t].saturating_add(points);
        self.hand_points[t] = self.hand_points[t].saturating_add(points);
        aw.push(Award {
            team,
            points,
            source,
        });
        if self.rules.camas > 0 && self.score[t] >= self.rules.target {
            self.camas[t] += 1;
            self.score = [0, 0];
            self.cama_closed = true;
        }
        if self.match_over() {
            self.phase = Phase::Over;
        }
    }

    /// Valencian: scores the hand's envit (accepted: on the revealed totals; declined: what it
    /// owes), once, at the end of the hand and before the truc.
    fn score_envit(&mut self, aw: &mut Awards) {
        if !self.rules.envit || self.envido.scored || !self.envido.done {
            return;
        }
        let e = self.envido;
        self.envido.scored = true;
        if e.accepted {
            self.settle_envido(e.totals, aw);
        } else if e.owed > 0 {
            self.award(aw, e.winner, e.owed, Source::EnvidoDeclined);
        }
    }

    /// Scores an uncontested declared flor, once.
    fn award_open_flor(&mut self, aw: &mut Awards) {
        let d = self.flor.declared;
        if !self.flor.done && !self.flor.pending && (d == 1 || d == 2) {
            self.flor.done = true;
            let pts = self.rules.flor_points;
            self.award(aw, d >> 1, pts, Source::Flor);
        }
    }

    /// Ends the hand with `team` winning it for `points` (the envit first, valencian).
    fn end_hand(&mut self, aw: &mut Awards, team: u8, points: u8, source: Source) {
        self.award_open_flor(aw);
        if self.envido.held > 0 && self.flor.declared == 0 {
            // No flor can come any more: the envido is paid, before the hand.
            self.pay_held_envido(aw);
        }
        if self.winner == NONE {
            self.winner = team;
        }
        self.score_envit(aw);
        let joc_fora = self.rules.joc_fora
            && self.truco.level == self.rules.truco_top
            && source != Source::TrucoDeclined;
        if joc_fora && self.phase != Phase::Over {
            // An accepted joc fora gives the whole game to the hand's winner.
            let t = team as usize & 1;
            self.camas[t] = self.rules.camas;
            aw.push(Award {
                team,
                points,
                source: Source::JocFora,
            });
        } else {
            self.award(aw, team, points, source);
        }
        self.phase = Phase::Over;
    }

    /// The seat with the best revealed total, ties to the first in play order from the mano.
    fn best_seat(&self, totals: &Totals) -> u8 {
        let n = self.n();
        let mut best = (0u8, NONE);
        for k in 0..n {
            let s = seat_after(self.mano, k, n);
            let v = totals[s as usize];
            if v != NONE && (best.1 == NONE || v > best.0) {
                best = (v, s);
            }
        }
        best.1
    }

    fn settle_envido(&mut self, totals: Totals, aw: &mut Awards) {
        let seat = self.best_seat(&totals);
        let team = if seat == NONE {
            self.mano % 2
        } else {
            seat % 2
        };
        let e = &mut self.envido;
        e.pending = false;
        e.done = true;
        e.totals = totals;
        e.winner = team;
        let pts = if e.falta {
            self.rules.falta_value(self.score, team)
        } else {
            e.value
        };
        self.award_envido(aw, team, pts, false);
    }

    fn decline_envido(&mut self, aw: &mut Awards) {
        let e = &mut self.envido;
        e.pending = false;
        e.done = true;
        e.winner = e.caller % 2;
        let (team, pts) = (e.winner, e.declined_value());
        if self.rules.envit {
            // Paid at the end of the hand, before the truc.
            self.envido.owed = pts;
        } else {
            self.award_envido(aw, team, pts, true);
        }
    }

    fn settle_flor(&mut self, totals: Option<Totals>, pts: u8, src: Source, aw: &mut Awards) {
        let totals = totals.unwrap_or([NONE; 6]);
        let seat = self.best_seat(&totals);
        let team = if seat == NONE {
            self.mano % 2
        } else {
            seat % 2
        };
        self.flor.pending = false;
        self.flor.done = true;
        self.flor.totals = totals;
        self.award(aw, team, pts, src);
    }

    fn mazo(&mut self, seat: u8, aw: &mut Awards) {
        let team = seat % 2;
        let answering = self.flor.pending || self.envido.pending || self.truco.pending;
        if answering {
            // Ruling 5: folding declines the pending call, then loses the hand at its value.
            if self.flor.pending {
                self.flor.pending = false;
                self.flor.done = true;
                let pts = self.rules.flor_points;
                self.award(aw, 1 - team, pts, Source::ContraflorDeclined);
            } else if self.envido.pending {
                self.decline_envido(aw);
            } else {
                self.truco.pending = false;
                let v = self.truco_value();
                self.end_hand(aw, 1 - team, v, Source::TrucoDeclined);
                return;
            }
            let v = self.truco_value();
            self.end_hand(aw, 1 - team, v, Source::Fold);
            return;
        }
        let open_envido = self.envido_still_callable();
        self.folded |= 1 << seat;
        let team_mask = if team == 0 { 0b010101 } else { 0b101010 };
        let seats_mask = (1u8 << self.n()) - 1;
        if self.folded & team_mask & seats_mask == team_mask & seats_mask {
            let mut v = self.truco_value();
            if self.rules.team_fold_value == TeamFoldValue::TrucoPlusOpenEnvido && open_envido {
                v += 1;
            }
            if self.rules.early_mazo
                && self.trick == 0
                && !self.envido.done
                && !self.envido.called()
            {
                v = v.max(2);
            }
            self.end_hand(aw, 1 - team, v, Source::Fold);
        } else {
            self.after_move(seat, aw);
        }
    }

    /// After a card or a partial fold: finish the trick if complete, else pass the turn.
    fn after_move(&mut self, seat: u8, aw: &mut Awards) {
        let n = self.n();
        let t = self.trick as usize;
        let mut next = NONE;
        for k in 1..=n {
            let s = seat_after(seat, k, n);
            if self.folded & (1 << s) == 0 && self.played[t][s as usize] == NONE {
                next = s;
                break;
            }
        }
        if next != NONE {
            // Ruling 14: the cards face up may already decide the hand (never in trick 1).
            if let Some(w) = (t > 0).then(|| self.certain_winner()).flatten() {
                let v = self.truco_value();
                self.end_hand(aw, w, v, Source::Tricks);
                return;
            }
            self.set_turn(next);
            return;
        }
        let lead = self.trick_lead[t];
        // Paulista builds the hand's table from the vira; the others use the static table.
        let with_manilhas;
        let table = match self.vira() {
            Some(_) => {
                with_manilhas = self.rank_table();
                &with_manilhas
            }
            None => self.rules.ranking.table(),
        };
        let (result, leader) = resolve_trick(
            table,
            &self.played[t][..n as usize],
            if lead == NONE { seat } else { lead },
        );
        self.trick_result[t] = result;
        if t == 0 {
            self.award_open_flor(aw);
            if self.phase == Phase::Over {
                return;
            }
        }
        if t == 2 && (self.rules.triple_parda_void || self.iron) && self.trick_result == [PARDA; 3]
        {
            // Paulista: all three tricks parda, no one scores (a mão de ferro is replayed;
            // heads-up, other hands go to the mão through `hand_winner`).
            self.trick = 3;
            self.phase = Phase::Over;
            return;
        }
        if let Some(w) = hand_winner(&self.trick_result, t + 1, self.mano % 2) {
            let v = self.truco_value();
            self.trick = t as u8 + 1;
            self.end_hand(aw, w, v, Source::Tricks);
            return;
        }
        self.trick += 1;
        let mut s = leader;
        for _ in 0..n {
            if self.folded & (1 << s) == 0 {
                break;
            }
            s = seat_after(s, 1, n);
        }
        self.set_turn(s);
    }
}

impl PublicState {
    /// Ruling 14: the hand's winner while a trick is in progress, if the cards played face up
    /// already decide it whatever cards the seats still to play may hold. Judged from public
    /// cards only: any card of the deck not played face up (nor the vira) may still come.
    fn certain_winner(&self) -> Option<u8> {
        let t = self.trick as usize;
        if t == 0 || t > 2 {
            // Trick 1 alone never decides a hand.
            return None;
        }
        let table = &self.rank_table();
        let n = self.n() as usize;
        let mut unseen = self.rules.deck.cards();
        if let Some(v) = self.vira() {
            unseen.remove(v);
        }
        for trick in &self.played[..=t] {
            for &i in &trick[..n] {
                if let Some(c) = Card::from_index(i) {
                    unseen.remove(c);
                }
            }
        }
        // The trick so far: the top strength and the teams holding it (bit per team).
        let (mut best, mut top) = (0u8, 0u8);
        // Teams with a seat still to play in the trick.
        let mut to_play = 0u8;
        for s in 0..n {
            let i = self.played[t][s];
            if i == NONE {
                if self.folded & (1 << s) == 0 {
                    to_play |= 1 << (s % 2);
                }
                continue;
            }
            let st = table.strength_of_index(i);
            if st == 0 {
                continue;
            }
            if st > best {
                (best, top) = (st, 1 << (s % 2));
            } else if st == best {
                top |= 1 << (s % 2);
            }
        }
        let (mut over, mut tie) = (false, false);
        for c in unseen {
            let st = table.strength(c);
            over |= st > best;
            tie |= st == best;
            if over && tie {
                break; // nothing more to learn from the other cards
            }
        }
        // The trick's possible results, as bits: team 0, team 1, PARDA.
        let now = match top {
            1 => 0,
            2 => 1,
            _ => PARDA,
        };
        let mut possible = 1u8 << now;
        if over {
            possible |= to_play;
            if to_play == 0b11 {
                possible |= 1 << PARDA;
            }
        }
        // A seat of a team not on top may tie it.
        if tie && top != 0 && to_play & !top != 0 {
            possible |= 1 << PARDA;
        }
        let mut winner = NONE;
        for r in 0..3u8 {
            if possible & (1 << r) == 0 {
                continue;
            }
            let mut results = self.trick_result;
            results[t] = r;
            if t == 2 && (self.rules.triple_parda_void || self.iron) && results == [PARDA; 3] {
                return None;
            }
            let w = hand_winner(&results, t + 1, self.mano % 2)?;
            if winner != NONE && w != winner {
                return None;
            }
            winner = w;
        }
        (winner != NONE).then_some(winner)
    }
}

#[cfg(test)]
#[path = "step_tests.rs"]
mod tests;

#[cfg(test)]
#[path = "certain_tests.rs"]
mod certain_tests;

#[cfg(test)]
#[path = "flor_void_tests.rs"]
mod flor_void_tests;
