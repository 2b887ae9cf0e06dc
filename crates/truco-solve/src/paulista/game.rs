//! The heads-up paulista hands without truco (the open 11-11 hand of `ferro=open` and the mão
//! de onze), over card classes, as a [`truco_cfr::Game`].
//!
//! Rules (checked against the engine in `tests` by random playouts): seat 0 is team 0; the mão
//! (the seat after the dealer) leads trick 1; a trick's higher class wins, equal plain classes
//! tie (parda), a hidden card (from trick 2 on) neither wins nor ties and two hidden cards are a
//! parda; the trick's winner leads the next, after a parda its leader leads again; two tricks
//! win, a parda is decided by the next won trick, 1-1 then parda goes to trick 1's winner,
//! three pardas to the mão. The hand is worth 3. In a mão de onze the seat at 11 first
//! chooses to play or to run (the other team scores 1).
//!
//! Chance deals seat 0's hand then seat 1's, each in two steps (a block of at most
//! [`BLOCK`] hands, then the hand) so that no chance node has more than 255 outcomes.
//!
//! Information-set key (`u64`, documented in `abstractions/paulista-hu.md`):
//! bits 0-3 vira class (15 = a custom deck), bit 4 the seat, bits 5-16 the dealt classes
//! (3 x 4 bits, ascending), bit 17 set at the mão de onze decision, bits 18-47 the plays in
//! order (6 x 5 bits): 0 none, 1 + class for a face-up card, 14 + class for one's own hidden
//! card, 27 for the opponent's hidden card.

use rand::Rng;
use truco_cfr::{ActionList, Game, NodeKind, Player};

use super::classes::CLASSES;
use super::hands::{hands, without, ClassHand};

/// Hands per first deal step.
pub const BLOCK: usize = 64;
/// Flag on a play action: the card goes face down.
pub const HIDE: u8 = 0x10;
/// Mão de onze: play the hand.
pub const PLAY_ELEVEN: u8 = 0x20;
/// Mão de onze: run (the other team scores 1).
pub const RUN_ELEVEN: u8 = 0x21;
/// Vira class code of a custom deck.
pub const CUSTOM_DECK: u8 = 15;

const DECIDE: u8 = 4;
const PLAY: u8 = 5;
const OVER: u8 = 6;
const PARDA: u8 = 2;
const RAN: u8 = 2;

/// Which hand without truco is played.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HandKind {
    /// `ferro=open` at 11-11: worth 3, no decision.
    OpenFerro,
    /// Mão de onze: `team` is at 11 and decides to play (for 3) or run.
    Eleven {
        /// The team (seat) at 11.
        team: u8,
    },
}

/// Team 0's utility (±1 match-value scale) of each way the hand can end.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct HandValues {
    /// The hand won (3 points) by team 0, by team 1.
    pub win: [f64; 2],
    /// The team at 11 ran (mão de onze only).
    pub run: f64,
}

/// One heads-up hand without truco, ready to be solved.
#[derive(Clone, Debug)]
pub struct HuHand {
    kind: HandKind,
    mao: u8,
    vira_class: u8,
    values: HandValues,
    last_hide: bool,
    collapse_forced: bool,
    counts: [u8; CLASSES],
    h0: Vec<ClassHand>,
    h1: Vec<Vec<ClassHand>>,
}

/// A state of [`HuHand`]: small and `Copy`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct HuState {
    stage: u8,
    h0: u16,
    h1: u16,
    hands: [[u8; 3]; 2],
    left: [u8; 2],
    plays: [u8; 6],
    by1: u8,
    n: u8,
    results: [u8; 3],
    trick: u8,
    leader: u8,
    turn: u8,
    outcome: u8,
}

impl HuHand {
    /// A hand dealt from `counts` cards per class (manilha classes at most 1), with `mao`
    /// leading; `vira_class` is only recorded in the keys ([`CUSTOM_DECK`] for a test deck).
    pub fn new(
        kind: HandKind,
        mao: u8,
        vira_class: u8,
        counts: [u8; CLASSES],
        values: HandValues,
    ) -> HuHand {
        let h0 = hands(&counts);
        let h1 = h0
            .iter()
            .map(|h| hands(&without(&counts, h.classes)))
            .collect();
        HuHand {
            kind,
            mao: mao & 1,
            vira_class,
            values,
            last_hide: false,
            collapse_forced: true,
            counts,
            h0,
            h1,
        }
    }

    /// Whether a card may be hidden in trick 3 (default: no). Hiding one's last card is weakly
    /// dominated by playing it face up: a hidden card neither wins nor ties, and once the last
    /// trick's cards are down no decision is left that the information could change (the
    /// follower's own last choice is dominated the same way). Removing a weakly dominated
    /// action keeps the game's value and every best-response value, so exploitability is
    /// unchanged; it removes about 40% of the nodes. `true` keeps the full action set.
    pub fn with_last_trick_hide(mut self, allow: bool) -> HuHand {
        self.last_hide = allow;
        self
    }

    /// Number of (seat 0, seat 1) class deals.
    pub fn num_deals(&self) -> usize {
        self.h1.iter().map(Vec::len).sum()
    }

    /// Whether a move with no alternative (e.g. the last card in trick 3) is played
    /// automatically (default: yes) instead of being a one-action decision node.
    pub fn with_forced_moves_collapsed(mut self, collapse: bool) -> HuHand {
        self.collapse_forced = collapse;
        self
    }

    /// The state just after dealing these classes (ascending) to seat 0 and seat 1, without
    /// the chance steps (for analysis and tests; the classes are not checked against the deck).
    pub fn dealt(&self, hands: [[u8; 3]; 2]) -> HuState {
        let mut s = HuState {
            hands,
            ..HuState::default()
        };
        self.start_play(&mut s);
        self.force(&mut s);
        s
    }

    /// The hand's kind.
    pub fn kind(&self) -> HandKind {
        self.kind
    }

    fn list(&self, s: &HuState) -> &[ClassHand] {
        if s.stage < 2 {
            &self.h0
        } else {
            &self.h1[s.h0 as usize]
        }
    }

    fn start_play(&self, s: &mut HuState) {
        s.left = [0b111, 0b111];
        s.turn = self.mao;
        s.leader = self.mao;
        s.results = [u8::MAX; 3];
        s.stage = match self.kind {
            HandKind::OpenFerro => PLAY,
            HandKind::Eleven { .. } => DECIDE,
        };
    }

    /// The hand's winner once `done` tricks are resolved, if decided.
    fn winner(&self, r: &[u8; 3], done: usize) -> Option<u8> {
        match done {
            2 if r[0] != PARDA && (r[1] == r[0] || r[1] == PARDA) => Some(r[0]),
            2 if r[0] == PARDA && r[1] != PARDA => Some(r[1]),
            3 if r[2] != PARDA => Some(r[2]),
            3 if r[0] != PARDA => Some(r[0]),
            3 => Some(self.mao),
            _ => None,
        }
    }
}

impl HuHand {
    /// Applies one action (no forced moves).
    fn step(&self, s: &mut HuState, a: u8) {
        if s.stage == DECIDE {
            if a == RUN_ELEVEN {
                s.stage = OVER;
                s.outcome = RAN;
            } else {
                s.stage = PLAY;
            }
            return;
        }
        let seat = s.turn & 1;
        let class = a & 0x0f;
        let hand = s.hands[seat as usize];
        if let Some(i) = (0..3).find(|&i| s.left[seat as usize] & (1 << i) != 0 && hand[i] == class)
        {
            s.left[seat as usize] &= !(1 << i);
        }
        let n = s.n as usize;
        s.plays[n] = a;
        s.by1 |= seat << n;
        s.n += 1;
        let t = s.trick as usize;
        if n == 2 * t {
            // Ruling 14: a lead the follower can neither beat nor tie may decide the hand.
            if let Some(w) = self.certain_winner(s, a) {
                s.stage = OVER;
                s.outcome = w;
                return;
            }
            s.turn = 1 - seat;
            return;
        }
        let r = trick_result(s.leader, s.plays[2 * t], a);
        s.results[t] = r;
        if let Some(w) = self.winner(&s.results, t + 1) {
            s.stage = OVER;
            s.outcome = w;
            return;
        }
        s.trick += 1;
        if r != PARDA {
            s.leader = r;
        }
        s.turn = s.leader;
    }

    /// Ruling 14 after the lead `lead` of trick 2 or 3 (as the engine judges it: from the
    /// cards face up only): the hand's winner if every result the follower could still bring
    /// about gives the same one.
    fn certain_winner(&self, s: &HuState, lead: u8) -> Option<u8> {
        let t = s.trick as usize;
        if t == 0 {
            return None;
        }
        let mut unseen = self.counts;
        for &p in &s.plays[..s.n as usize] {
            if p & HIDE == 0 {
                let c = (p & 0x0f) as usize;
                unseen[c] = unseen[c].saturating_sub(1);
            }
        }
        let leader = s.leader;
        // Possible results as bits: seat 0, seat 1, PARDA.
        let possible = if lead & HIDE != 0 {
            (1 << (1 - leader)) | (1 << PARDA)
        } else {
            let c = (lead & 0x0f) as usize;
            let over = unseen[c + 1..].iter().any(|&k| k > 0);
            (1 << leader) | ((over as u8) << (1 - leader)) | (((unseen[c] > 0) as u8) << PARDA)
        };
        let mut winner = None;
        for r in 0..3u8 {
            if possible & (1 << r) == 0 {
                continue;
            }
            let mut results = s.results;
            results[t] = r;
            let w = self.winner(&results, t + 1)?;
            if winner.is_some_and(|x| x != w) {
                return None;
            }
            winner = Some(w);
        }
        winner
    }

    /// Plays forced moves (a single legal action) unless `forced` is off: a move with no
    /// alternative is no decision, so skipping its node changes no value and no strategy.
    fn force(&self, s: &mut HuState) {
        if !self.collapse_forced {
            return;
        }
        let mut l = ActionList::new();
        while s.stage == PLAY {
            self.legal_actions(s, &mut l);
            if l.len() != 1 {
                return;
            }
            self.step(s, l[0]);
        }
    }
}

/// The result of a trick: the winning seat, or [`PARDA`].
fn trick_result(lead_seat: u8, lead: u8, follow: u8) -> u8 {
    let strength = |code: u8| (code & HIDE == 0).then_some(code & 0x0f);
    match (strength(lead), strength(follow)) {
        (None, None) => PARDA,
        (Some(_), None) => lead_seat,
        (None, Some(_)) => 1 - lead_seat,
        (Some(a), Some(b)) if a == b => PARDA,
        (Some(a), Some(b)) => {
            if a > b {
                lead_seat
            } else {
                1 - lead_seat
            }
        }
    }
}

impl Game for HuHand {
    type State = HuState;
    type Action = u8;
    type Outcome = u16;
    type Key = u64;

    fn root(&self) -> HuState {
        HuState::default()
    }

    fn node_kind(&self, s: &HuState) -> NodeKind {
        match s.stage {
            0..=3 => NodeKind::Chance,
            DECIDE => NodeKind::Player(match self.kind {
                HandKind::Eleven { team } => team as Player & 1,
                HandKind::OpenFerro => 0,
            }),
            PLAY => NodeKind::Player(s.turn as Player),
            _ => NodeKind::Terminal,
        }
    }

    fn legal_actions(&self, s: &HuState, out: &mut ActionList<u8>) {
        out.clear();
        if s.stage == DECIDE {
            out.push(PLAY_ELEVEN);
            out.push(RUN_ELEVEN);
            return;
        }
        let seat = s.turn as usize & 1;
        let mut seen = 0u16;
        let mut classes = [0u8; 3];
        let mut k = 0;
        for (i, &c) in s.hands[seat].iter().enumerate() {
            if s.left[seat] & (1 << i) != 0 && seen & (1 << c) == 0 {
                seen |= 1 << c;
                classes[k] = c;
                k += 1;
            }
        }
        for &c in &classes[..k] {
            out.push(c);
        }
        if s.trick == 1 || (s.trick == 2 && self.last_hide) {
            for &c in &classes[..k] {
                out.push(c | HIDE);
            }
        }
    }

    fn apply(&self, s: &mut HuState, a: u8) {
        self.step(s, a);
        self.force(s);
    }

    fn chance_outcomes(&self, s: &HuState, out: &mut Vec<(u16, f64)>) {
        out.clear();
        let list = self.list(s);
        let total: f64 = list.iter().map(|h| h.weight as f64).sum();
        if s.stage & 1 == 0 {
            for (b, block) in list.chunks(BLOCK).enumerate() {
                let w: f64 = block.iter().map(|h| h.weight as f64).sum();
                out.push((b as u16, w / total));
            }
        } else {
            let b = if s.stage == 1 { s.h0 } else { s.h1 } as usize;
            let block = &list[b..(b + BLOCK).min(list.len())];
            let w: f64 = block.iter().map(|h| h.weight as f64).sum();
            for (i, h) in block.iter().enumerate() {
                out.push((i as u16, h.weight as f64 / w));
            }
        }
    }

    fn sample_chance<R: Rng + ?Sized>(&self, s: &HuState, rng: &mut R) -> u16 {
        let list = self.list(s);
        let (range, step) = if s.stage & 1 == 0 {
            (0..list.len(), BLOCK)
        } else {
            let b = if s.stage == 1 { s.h0 } else { s.h1 } as usize;
            (b..(b + BLOCK).min(list.len()), 1)
        };
        let total: u64 = list[range.clone()].iter().map(|h| h.weight as u64).sum();
        let mut x = ((rng.next_u64() as u128 * total.max(1) as u128) >> 64) as u64;
        for i in range.clone() {
            let w = list[i].weight as u64;
            if x < w {
                return ((i - range.start) / step) as u16;
            }
            x -= w;
        }
        0
    }

    fn apply_chance(&self, s: &mut HuState, o: u16) {
        match s.stage {
            0 => s.h0 = o * BLOCK as u16,
            1 => {
                s.h0 += o;
                s.hands[0] = self.h0[s.h0 as usize].classes;
            }
            2 => s.h1 = o * BLOCK as u16,
            _ => {
                s.h1 += o;
                s.hands[1] = self.h1[s.h0 as usize][s.h1 as usize].classes;
            }
        }
        s.stage += 1;
        if s.stage == DECIDE {
            self.start_play(s);
            self.force(s);
        }
    }

    fn info_key(&self, s: &HuState) -> u64 {
        let seat = match s.stage {
            DECIDE => match self.kind {
                HandKind::Eleven { team } => team & 1,
                HandKind::OpenFerro => 0,
            },
            _ => s.turn & 1,
        };
        let h = s.hands[seat as usize];
        let mut key = (self.vira_class as u64 & 0xf)
            | (seat as u64) << 4
            | (h[0] as u64) << 5
            | (h[1] as u64) << 9
            | (h[2] as u64) << 13
            | ((s.stage == DECIDE) as u64) << 17;
        for i in 0..s.n as usize {
            let a = s.plays[i];
            let mine = (s.by1 >> i) & 1 == seat;
            let code = match (a & HIDE != 0, mine) {
                (false, _) => 1 + (a & 0x0f) as u64,
                (true, true) => 14 + (a & 0x0f) as u64,
                (true, false) => 27,
            };
            key |= code << (18 + 5 * i);
        }
        key
    }

    fn utility(&self, s: &HuState, player: Player) -> f64 {
        let u0 = match s.outcome {
            RAN => self.values.run,
            w => self.values.win[w as usize & 1],
        };
        if player == 0 {
            u0
        } else {
            -u0
        }
    }
}

impl HuState {
    /// Seat 0's and seat 1's dealt classes (once dealt).
    pub fn hands(&self) -> [[u8; 3]; 2] {
        self.hands
    }

    /// The winning seat, or `None` if the hand is not over or the team at 11 ran.
    pub fn winner(&self) -> Option<u8> {
        (self.stage == OVER && self.outcome != RAN).then_some(self.outcome)
    }

    /// Whether the team at 11 ran.
    pub fn ran(&self) -> bool {
        self.stage == OVER && self.outcome == RAN
    }
}

#[cfg(test)]
#[path = "game_tests.rs"]
mod tests;
