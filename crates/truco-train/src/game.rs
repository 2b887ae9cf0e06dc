//! The truco hand as a [`truco_cfr::Game`]: chance deals the score, the mano and every seat's
//! hand; the two teams are the solver's players (heads-up, a team is one seat; in arg-2v2 the
//! two partners of a team act for the same solver player, each on its own information: see
//! `crates/truco-cfr/README.md`, "Team games"); the terminal utility is score-aware.
//!
//! **Terminal utility** (documented in the README): a team's points in the hand, capped at what
//! it needed to win the match (points past the target, 15 or 30, are worth nothing more), minus
//! the same for the other team. The engine already scores the falta envido from the score
//! (ruling 3) and stops the hand when a side reaches the target. With [`TrucoGame::with_match_values`] the utility is instead
//! the match value of the cell the hand leads to, `2·mv − 1` (see [`crate::mv`]).

use rand::Rng;
use truco_cfr::{ActionList, Game, NodeKind, Player};
use truco_game::abstraction::{order_actions, Order};
use truco_game::action::MAX_SEATS;
use truco_game::{Action, Actor, Card, CardSet, Event, PublicState, RuleSet, State, View};

use crate::keying::Keyer;
use crate::mv::MvGrid;
use crate::scores::ScoreDist;

/// A player action (the engine's [`Action`] with a `Default` for the solver's lists).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move(pub Action);

impl Default for Move {
    fn default() -> Self {
        Move(Action::Mazo)
    }
}

/// How the root chooses the score and the mano.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Start {
    /// One score and mano (the mini variant: 0-0, seat 0 mano).
    Fixed {
        /// Points of seat 0 and seat 1.
        score: [u8; 2],
        /// Camas won by each team (valencian; `[0, 0]` elsewhere).
        camas: [u8; 2],
        /// The mano.
        mano: u8,
    },
    /// The score drawn from a [`ScoreDist`], then the mano uniform (arg-1v1 training).
    Drawn(ScoreDist),
}

/// A chance outcome.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// The score of both seats.
    Score([u8; 2]),
    /// The mano.
    Mano(u8),
    /// The camas each team has won (valencian).
    Camas([u8; 2]),
    /// The next seat's three cards.
    Cards([Card; 3]),
    /// The vira (paulista), turned after the deal.
    Vira(Card),
    /// The kind of hand (arg-classic pica-pica): 0 a hand with all six seats, 1..=3 the
    /// round's one-against-one hand of that pair.
    Kind(u8),
}

/// Where a [`GState`] is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Stage {
    Score,
    Kind,
    Camas,
    Mano,
    Deal(u8),
    Vira,
    Play,
}

/// A node: the hand being dealt or played, plus what the keys need of its history.
#[derive(Clone, Copy, Debug)]
pub struct GState {
    stage: Stage,
    score: [u8; 2],
    /// The pica-pica pair playing this hand (0: every seat plays it).
    pair: u8,
    camas: [u8; 2],
    mano: u8,
    vira: Option<Card>,
    hands: [[Card; 3]; MAX_SEATS],
    state: Option<State>,
    /// The event order the abstraction keeps.
    pub order: Order,
    /// Every public event as 4-bit codes (the exact key), oldest in the high bits.
    pub history: u128,
    /// Number of codes in `history`.
    pub history_len: u8,
}

impl GState {
    /// The full state once dealt.
    pub fn state(&self) -> Option<&State> {
        self.state.as_ref()
    }

    /// The score at the start of the hand.
    pub fn start_score(&self) -> [u8; 2] {
        self.score
    }

    /// The camas each team had won at the start of the hand (valencian; else `[0, 0]`).
    pub fn start_camas(&self) -> [u8; 2] {
        self.camas
    }

    /// The vira (paulista, once turned).
    pub fn vira(&self) -> Option<Card> {
        self.vira
    }

    /// The hand's public state before the deal (score, camas, mano), for a game of `rules`
    /// (a pica-pica hand is played with its pair's rules).
    pub fn start(&self, rules: RuleSet) -> Option<PublicState> {
        let rules = if self.pair > 0 {
            rules.match_rules().pica_pica_hand(self.pair)
        } else {
            rules
        };
        PublicState::new_hand_in_camas(rules, self.score, self.camas, self.mano).ok()
    }

    /// Seats dealt in this hand.
    fn seats(&self, rules: &RuleSet) -> u8 {
        if self.pair > 0 {
            2
        } else {
            rules.players
        }
    }
}

/// A truco hand for the solvers, dealt from `deck`, keyed by `K`.
#[derive(Clone, Copy, Debug)]
pub struct TrucoGame<K> {
    rules: RuleSet,
    deck: CardSet,
    start: Start,
    first_hand: Option<[Card; 3]>,
    keyer: K,
    mv: Option<MvGrid>,
}

impl<K: Keyer> TrucoGame<K> {
    /// A hand of `rules` at every score (uniform; with camas, every cama standing too),
    /// every mano, dealt from the rules' deck (paulista: then the vira).
    pub fn new(rules: RuleSet, keyer: K) -> Self {
        TrucoGame {
            rules,
            deck: rules.deck.cards(),
            start: Start::Drawn(ScoreDist::Uniform),
            first_hand: None,
            keyer,
            mv: None,
        }
    }

    /// The `arg-1v1` hand at every score (uniform), dealt from the 40 cards.
    pub fn arg_1v1(keyer: K) -> Self {
        TrucoGame::new(RuleSet::ARG_1V1, keyer)
    }

    /// The `arg-2v2` hand (two teams of two, to 30) at every score (uniform), dealt from the
    /// 40 cards.
    pub fn arg_2v2(keyer: K) -> Self {
        TrucoGame::new(RuleSet::ARG_2V2, keyer)
    }

    /// The rules of the hand.
    pub fn rules(&self) -> &RuleSet {
        &self.rules
    }

    /// One hand of `rules` at `score` (and `camas`, valencian) with `mano` leading, dealt from
    /// `deck` (the root of a decision-time search replays a hand from here).
    pub fn at_score(
        rules: RuleSet,
        deck: CardSet,
        (score, camas): ([u8; 2], [u8; 2]),
        mano: u8,
        keyer: K,
    ) -> Self {
        TrucoGame {
            rules,
            deck,
            start: Start::Fixed { score, camas, mano },
            first_hand: None,
            keyer,
            mv: None,
        }
    }

    /// `arg-1v1-mini`: the arg-1v1 rules at 0-0 with seat 0 mano, dealt from
    /// [`truco_game::cards::MINI_DECK`].
    pub fn mini(keyer: K) -> Self {
        TrucoGame {
            rules: RuleSet::ARG_1V1,
            deck: truco_game::cards::MINI_DECK,
            start: Start::Fixed {
                score: [0, 0],
                camas: [0, 0],
                mano: 0,
            },
            first_hand: None,
            keyer,
            mv: None,
        }
    }

    /// The same game with the start score drawn from `dist` (a game with a fixed start is
    /// unchanged).
    pub fn with_scores(mut self, dist: ScoreDist) -> Self {
        if let Start::Drawn(_) = self.start {
            self.start = Start::Drawn(dist);
        }
        self
    }

    /// The distribution of the start score (uniform for a fixed start, which has no draw).
    pub fn score_dist(&self) -> ScoreDist {
        match self.start {
            Start::Drawn(d) => d,
            Start::Fixed { .. } => ScoreDist::Uniform,
        }
    }

    /// The same game with seat 0's hand fixed (a sub-game: chance deals only seat 1), for fast
    /// exact tests on the mini variant.
    pub fn with_first_hand(mut self, hand: [Card; 3]) -> Self {
        self.first_hand = Some(hand);
        self
    }

    /// The same game keyed by another keyer.
    pub fn with_keyer<K2: Keyer>(&self, keyer: K2) -> TrucoGame<K2> {
        TrucoGame {
            rules: self.rules,
            deck: self.deck,
            start: self.start,
            first_hand: self.first_hand,
            keyer,
            mv: self.mv,
        }
    }

    /// The same game scored by match values: the terminal utility of seat 0 becomes
    /// `2·mv(score after the hand, next dealer) − 1` (valencian: at the camas won after the
    /// hand, a joc fora won being the match; default: capped points).
    pub fn with_match_values(mut self, mv: MvGrid) -> Self {
        self.mv = Some(mv);
        self
    }

    /// The keyer.
    pub fn keyer(&self) -> &K {
        &self.keyer
    }

    /// The deck dealt from.
    pub fn deck(&self) -> CardSet {
        self.deck
    }

    /// The 4-bit history code of an action (cards by their position in the deck).
    fn code(&self, a: Action) -> u128 {
        match a {
            Action::Play(c) => (CardSet(self.deck.0 & ((1u64 << c.index()) - 1)).len() & 7) as u128,
            Action::Raise => 8,
            Action::Quiero => 9,
            Action::NoQuiero => 10,
            Action::Envido => 11,
            Action::RealEnvido => 12,
            Action::FaltaEnvido => 13,
            Action::Mazo => 14,
            // Hide, blind and pass (paulista, valencian) share a code: the exact key serves
            // only the mini variant.
            _ => 15,
        }
    }

    fn used(&self, s: &GState, seat: u8) -> u64 {
        s.hands[..seat as usize]
            .iter()
            .flatten()
            .fold(0u64, |m, c| m | 1 << c.index())
    }

    /// Whether the deal turns a vira (paulista).
    fn turns_vira(&self) -> bool {
        self.rules.ranking == truco_game::ranking::Ranking::Paulista
    }

    fn advance_stage(&self, s: &mut GState) {
        let dealt = s.stage == Stage::Deal(s.seats(&self.rules));
        if dealt && self.turns_vira() {
            s.stage = Stage::Vira;
            return;
        }
        if dealt || s.stage == Stage::Vira {
            let n = s.seats(&self.rules) as usize;
            s.state = s
                .start(self.rules)
                .and_then(|p| State::deal_with_vira(p, &s.hands[..n], s.vira).ok());
            s.stage = Stage::Play;
        }
    }
}

impl<K: Keyer> TrucoGame<K> {
    /// Applies `a` to `s`, through the engine's legality check when `check` (else `a` must be
    /// one that `legal_actions` listed at `s`), and folds its event into the key history.
    #[inline]
    fn apply_checked(&self, s: &mut GState, a: Move, check: bool) {
        let Some(st) = s.state.as_mut() else { return };
        let applied = if check {
            st.apply(a.0)
        } else {
            st.apply_listed(a.0)
        };
        if let Ok((event, _)) = applied {
            s.order.push(&event);
            let total = match event {
                Event::Reveal { totals, .. } => totals,
                _ => [truco_game::NONE; 6],
            };
            s.history = s.history << 4 | self.code(a.0);
            s.history_len = s.history_len.saturating_add(1);
            if total[0] != truco_game::NONE {
                // Revealed totals are public: fold both into the history.
                s.history = s.history << 12 | (total[0] as u128) << 6 | total[1] as u128 & 63;
            }
        }
    }
}

impl<K: Keyer> Game for TrucoGame<K> {
    type State = GState;
    type Action = Move;
    type Outcome = Outcome;
    type Key = K::Key;

    fn root(&self) -> GState {
        let (stage, score, camas, mano) = match self.start {
            Start::Fixed { score, camas, mano } => (Stage::Deal(0), score, camas, mano),
            Start::Drawn(_) => (Stage::Score, [0, 0], [0, 0], 0),
        };
        let c0 = Card::from_index(0).unwrap_or_else(|| unreachable!("card 0 exists"));
        GState {
            stage,
            score,
            pair: 0,
            camas,
            mano,
            vira: None,
            hands: [[c0; 3]; MAX_SEATS],
            state: None,
            order: Order::new(),
            history: 0,
            history_len: 0,
        }
    }

    fn node_kind(&self, s: &GState) -> NodeKind {
        match (s.stage, &s.state) {
            (Stage::Play, Some(st)) => match st.actor() {
                Actor::Seat(p) | Actor::Team { seat: p, .. } => {
                    NodeKind::Player(self.rules.team(p) as Player)
                }
                _ => NodeKind::Terminal,
            },
            (Stage::Play, None) => NodeKind::Terminal,
            _ => NodeKind::Chance,
        }
    }

    fn legal_actions(&self, s: &GState, out: &mut ActionList<Move>) {
        out.clear();
        let Some(st) = &s.state else { return };
        let view = st.actor().seat().and_then(|seat| st.view(seat).ok());
        list_actions(st, view.as_ref(), out);
    }

    #[inline]
    fn key_and_actions(
        &self,
        s: &GState,
        out: &mut ActionList<Move>,
        on_key: impl FnOnce(&K::Key),
    ) -> K::Key {
        out.clear();
        let Some(st) = &s.state else {
            let key = self.keyer.key(s);
            on_key(&key);
            return key;
        };
        // One view serves the key and the actions' canonical order, and one listing of the
        // legal actions serves the key and the actions.
        let view = st.actor().seat().and_then(|seat| st.view(seat).ok());
        let mut legal = truco_game::ActionList::new();
        st.legal_actions(&mut legal);
        let key = self
            .keyer
            .key_in_view_with_legal(s, view.as_ref(), legal.as_slice());
        on_key(&key);
        push_ordered(view.as_ref(), legal.as_slice(), out);
        key
    }

    fn apply(&self, s: &mut GState, a: Move) {
        self.apply_checked(s, a, true);
    }

    #[inline]
    fn apply_listed(&self, s: &mut GState, a: Move) {
        self.apply_checked(s, a, false);
    }

    fn chance_outcomes(&self, s: &GState, out: &mut Vec<(Outcome, f64)>) {
        out.clear();
        match s.stage {
            Stage::Score => {
                let p = self.score_dist().probabilities(&self.rules);
                let t = self.rules.target;
                for a in 0..t {
                    for b in 0..t {
                        let i = t as usize * a as usize + b as usize;
                        out.push((Outcome::Score([a, b]), p[i]));
                    }
                }
            }
            Stage::Kind => out.extend((0..4).map(|k| (Outcome::Kind(k), 0.25))),
            Stage::Camas => {
                let c = self.rules.camas;
                let p = 1.0 / (c as f64 * c as f64);
                for a in 0..c {
                    out.extend((0..c).map(|b| (Outcome::Camas([a, b]), p)));
                }
            }
            Stage::Mano => {
                let n = self.rules.players;
                out.extend((0..n).map(|m| (Outcome::Mano(m), 1.0 / n as f64)));
            }
            Stage::Vira => {
                let left = CardSet(self.deck.0 & !self.used(s, s.seats(&self.rules)));
                let p = 1.0 / left.len().max(1) as f64;
                out.extend(left.iter().map(|c| (Outcome::Vira(c), p)));
            }
            Stage::Deal(0) if self.first_hand.is_some() => {
                out.extend(self.first_hand.map(|h| (Outcome::Cards(h), 1.0)));
            }
            Stage::Deal(seat) => {
                let avail: Vec<Card> = CardSet(self.deck.0 & !self.used(s, seat)).iter().collect();
                let n = avail.len();
                for i in 0..n {
                    for j in i + 1..n {
                        for k in j + 1..n {
                            out.push((Outcome::Cards([avail[i], avail[j], avail[k]]), 0.0));
                        }
                    }
                }
                let p = 1.0 / out.len().max(1) as f64;
                out.iter_mut().for_each(|o| o.1 = p);
            }
            Stage::Play => {}
        }
    }

    fn sample_chance<R: Rng + ?Sized>(&self, s: &GState, rng: &mut R) -> Outcome {
        let mut below = |n: u32| ((rng.next_u32() as u64 * n as u64) >> 32) as u32;
        match s.stage {
            Stage::Score => match self.score_dist() {
                ScoreDist::Uniform => {
                    let t = self.rules.target as u32;
                    Outcome::Score([below(t) as u8, below(t) as u8])
                }
                d => {
                    let u = (rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64;
                    Outcome::Score(d.cell(&self.rules, u))
                }
            },
            Stage::Kind => Outcome::Kind(below(4) as u8),
            Stage::Camas => {
                let c = self.rules.camas as u32;
                Outcome::Camas([below(c) as u8, below(c) as u8])
            }
            Stage::Mano => Outcome::Mano(below(self.rules.players as u32) as u8),
            Stage::Vira => {
                let mut left = self.deck.0 & !self.used(s, self.rules.players);
                let mut k = below(left.count_ones().max(1));
                while k > 0 {
                    left &= left - 1;
                    k -= 1;
                }
                let c0 = Card::from_index(0).unwrap_or_else(|| unreachable!("card 0 exists"));
                Outcome::Vira(Card::from_index(left.trailing_zeros() as u8).unwrap_or(c0))
            }
            Stage::Deal(0) if self.first_hand.is_some() => {
                Outcome::Cards(self.first_hand.unwrap_or(s.hands[0]))
            }
            _ => {
                let seat = match s.stage {
                    Stage::Deal(k) => k,
                    _ => 0,
                };
                let mut avail = self.deck.0 & !self.used(s, seat);
                let c0 = Card::from_index(0).unwrap_or_else(|| unreachable!("card 0 exists"));
                let mut hand = [c0; 3];
                for slot in hand.iter_mut() {
                    let n = avail.count_ones();
                    let mut k = below(n.max(1));
                    let mut m = avail;
                    while k > 0 {
                        m &= m - 1;
                        k -= 1;
                    }
                    let i = m.trailing_zeros() as u8;
                    avail &= !(1u64 << i);
                    *slot = Card::from_index(i).unwrap_or(c0);
                }
                Outcome::Cards(hand)
            }
        }
    }

    fn apply_chance(&self, s: &mut GState, o: Outcome) {
        match (s.stage, o) {
            (Stage::Score, Outcome::Score(score)) => {
                s.score = score;
                s.stage = if self.rules.pica_pica {
                    Stage::Kind
                } else if self.rules.camas > 0 {
                    Stage::Camas
                } else {
                    Stage::Mano
                };
            }
            (Stage::Kind, Outcome::Kind(k)) => {
                s.pair = k;
                // A pair's hand is led by its first player, hand seat 0 (as `Match` plays it).
                s.stage = if k > 0 { Stage::Deal(0) } else { Stage::Mano };
            }
            (Stage::Camas, Outcome::Camas(camas)) => {
                s.camas = camas;
                s.stage = Stage::Mano;
            }
            (Stage::Vira, Outcome::Vira(v)) => {
                s.vira = Some(v);
                self.advance_stage(s);
            }
            (Stage::Mano, Outcome::Mano(m)) => {
                s.mano = m;
                s.stage = Stage::Deal(0);
            }
            (Stage::Deal(k), Outcome::Cards(h)) => {
                if let Some(slot) = s.hands.get_mut(k as usize) {
                    *slot = h;
                }
                s.stage = Stage::Deal(k + 1);
                self.advance_stage(s);
            }
            _ => {}
        }
    }

    fn seats(&self) -> usize {
        self.rules.players as usize
    }

    fn acting_seat(&self, s: &GState) -> usize {
        s.state
            .as_ref()
            .and_then(|st| st.actor().seat())
            .map_or(0, |seat| seat as usize)
    }

    fn seat_player(&self, seat: usize) -> Player {
        self.rules.team(seat as u8) as Player
    }

    fn info_key(&self, s: &GState) -> K::Key {
        self.keyer.key(s)
    }

    fn utility(&self, s: &GState, player: Player) -> f64 {
        let Some(st) = &s.state else { return 0.0 };
        if let Some(g) = &self.mv {
            let u0 = g.utility0_of_end(st.public());
            return if player & 1 == 0 { u0 } else { -u0 };
        }
        let u = capped_points(st.public(), s.score, s.camas);
        let p = player & 1;
        u[p] - u[1 - p]
    }
}

/// The legal actions at `st` into `out` (cleared by the caller), the cards in the canonical
/// order of the acting seat's `view`.
#[inline]
fn list_actions(st: &State, view: Option<&View>, out: &mut ActionList<Move>) {
    let mut legal = truco_game::ActionList::new();
    st.legal_actions(&mut legal);
    push_ordered(view, legal.as_slice(), out);
}

/// Pushes `legal` into `out` in the canonical order of `view` (as listed without one).
fn push_ordered(view: Option<&View>, legal: &[Action], out: &mut ActionList<Move>) {
    let mut buf = [Action::Mazo; truco_game::action::MAX_ACTIONS];
    let n = legal.len();
    buf[..n].copy_from_slice(legal);
    if let Some(view) = view {
        order_actions(view, &mut buf[..n]);
    }
    for &a in &buf[..n] {
        out.push(Move(a));
    }
}

/// Each team's points from the finished hand `p` that started at `score` (and `camas`),
/// capped at what the team still needed: points past the target (or past the cama's close, in
/// valencian, where the excess is lost) are worth nothing. A valencian joc fora won takes the
/// whole match, so it is worth everything the winner still needed for the match: the rest of
/// this cama and every cama still to win.
pub fn capped_points(p: &PublicState, score: [u8; 2], camas: [u8; 2]) -> [f64; 2] {
    let r = p.rules();
    let pts = p.hand_points();
    let need = |t: usize| r.target.saturating_sub(score[t]) as f64;
    let mut u = [0, 1].map(|t| (pts[t] as f64).min(need(t)));
    if r.camas > 0 {
        if let Some(w) = p.match_winner() {
            let w = w as usize & 1;
            let later = r.camas.saturating_sub(camas[w] + 1) as f64 * r.target as f64;
            u[w] = need(w) + later;
        }
    }
    u
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::keying::{Abstract, Exact};
    use truco_cfr::{play_out, random_pick, Tree};
    use truco_game::abstraction::Abstraction;

    #[test]
    fn mini_subgame_tree_builds_for_both_keys() {
        let c = |s: &str| s.parse::<Card>().unwrap();
        let hand = [c("7E"), c("3B"), c("5C")];
        let exact = Tree::build(&TrucoGame::mini(Exact).with_first_hand(hand), 50_000_000).unwrap();
        let abs = Tree::build(
            &TrucoGame::mini(Abstract(Abstraction::TiersNoOrder)).with_first_hand(hand),
            50_000_000,
        )
        .unwrap();
        assert_eq!(exact.num_nodes(), abs.num_nodes());
        assert!(abs.num_info_sets() < exact.num_info_sets());
        assert_eq!(truco_game::cards::MINI_DECK.len(), 7);
    }

    #[test]
    fn team_hands_give_each_seat_its_team_and_cap_at_30() {
        use rand::SeedableRng;
        let g = TrucoGame::arg_2v2(Abstract(Abstraction::Arg2v2BucketsV1));
        assert_eq!((g.seats(), g.seat_player(2), g.seat_player(3)), (4, 0, 1));
        let mut rng = rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(4);
        let mut seats_seen = [0u32; 4];
        for _ in 0..500 {
            let s = play_out(&g, g.root(), &mut rng, |s, actions, rng| {
                let seat = g.acting_seat(s);
                seats_seen[seat] += 1;
                let team = NodeKind::Player(seat % 2);
                assert_eq!(g.node_kind(s), team, "the player is the acting seat's team");
                random_pick(s, actions, rng)
            });
            let (u0, u1) = (g.utility(&s, 0), g.utility(&s, 1));
            assert_eq!(u0, -u1);
            let need = 30 - s.start_score()[0].min(s.start_score()[1]);
            assert!(u0.abs() <= need as f64, "{u0} with need {need}");
            assert!(s.start_score().iter().all(|&x| x < 30));
        }
        assert!(seats_seen.iter().all(|&n| n > 500), "{seats_seen:?}");
    }

    /// A valencian joc fora won is worth the whole match to its winner (the engine gives it no
    /// hand points: the camas close), never 0.
    #[test]
    fn a_joc_fora_won_is_worth_the_match() {
        use rand::SeedableRng;
        let g = TrucoGame::new(
            RuleSet::VALENCIAN,
            Abstract(Abstraction::ValencianBucketsV1),
        );
        let mut rng = rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(8);
        let mut seen = 0;
        for _ in 0..20_000 {
            // Raise and accept often, so that joc fora is reached.
            let s = play_out(&g, g.root(), &mut rng, |_, actions, rng| {
                actions
                    .iter()
                    .position(|m| matches!(m.0, Action::Raise | Action::Quiero))
                    .filter(|_| rng.next_u32() % 3 != 0)
                    .unwrap_or((rng.next_u32() as usize) % actions.len())
            });
            let p = s.state().unwrap().public();
            let Some(w) = p.match_winner() else { continue };
            let w = w as usize;
            if p.truco().level != RuleSet::VALENCIAN.truco_top {
                continue;
            }
            seen += 1;
            let need = 24 - s.start_score()[w] as u32;
            let later = 24 * (1 - s.start_camas()[w].min(1)) as u32;
            let u = g.utility(&s, w);
            let other = capped_points(p, s.start_score(), s.start_camas())[1 - w];
            assert_eq!(u, (need + later) as f64 - other, "{:?}", s.start_score());
        }
        assert!(seen > 20, "{seen} joc fora wins");
    }

    #[test]
    fn sampled_hands_end_with_capped_points() {
        use rand::SeedableRng;
        let g = TrucoGame::arg_1v1(Abstract(Abstraction::Tiers));
        let mut rng = rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(3);
        for _ in 0..2000 {
            let s = play_out(&g, g.root(), &mut rng, |s, actions, rng| {
                assert!(!actions.is_empty());
                let _ = g.info_key(s);
                random_pick(s, actions, rng)
            });
            let (u0, u1) = (g.utility(&s, 0), g.utility(&s, 1));
            assert_eq!(u0, -u1);
            let need = 15 - s.start_score()[0].min(s.start_score()[1]);
            assert!(u0.abs() <= need as f64, "{u0} with need {need}");
        }
    }

    /// The trainer's one listing of the legal actions per node gives the same keys and actions
    /// as listing them apart (`key_with_legal` against `key_with_order`), in every variant.
    #[test]
    fn key_and_actions_match_the_key_and_the_actions_apart() {
        use crate::variant::TrainVariant;
        use rand::SeedableRng;
        let mut rng = rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(5);
        let variants = TrainVariant::ALL.into_iter().chain([
            TrainVariant::from_rules("arg-classic", &["players=6", "flor", "pica-pica"]).unwrap(),
            TrainVariant::from_rules("paulista", &["players=2", "ferro=open"]).unwrap(),
        ]);
        for v in variants {
            let g = v.game(Abstract(v.default_abstraction()));
            let (mut together, mut apart) = (ActionList::new(), ActionList::new());
            let mut nodes = 0;
            for _ in 0..300 {
                play_out(&g, g.root(), &mut rng, |s, actions, rng| {
                    let key = g.key_and_actions(s, &mut together, |_| {});
                    g.legal_actions(s, &mut apart);
                    assert_eq!(key, g.info_key(s), "{}", v.name());
                    assert_ne!(key, crate::keying::NO_KEY, "{}", v.name());
                    assert_eq!(together.as_slice(), apart.as_slice(), "{}", v.name());
                    assert_eq!(together.as_slice(), actions, "{}", v.name());
                    nodes += 1;
                    random_pick(s, actions, rng)
                });
            }
            assert!(nodes > 1000, "{}: {nodes} nodes", v.name());
        }
    }

    #[test]
    fn pica_pica_training_deals_both_kinds_of_hand() {
        use crate::variant::TrainVariant;
        use rand::SeedableRng;
        let v = TrainVariant::from_rules("arg-classic", &["players=6", "pica-pica"]).unwrap();
        assert_eq!(v.name(), "arg-classic-players-6-pica-pica");
        let g = v.game(Abstract(v.default_abstraction()));
        let mut rng = rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(3);
        let mut kinds = [0u32; 4];
        for _ in 0..4000 {
            let mut s = g.root();
            while g.node_kind(&s) == NodeKind::Chance {
                let o = g.sample_chance(&s, &mut rng);
                g.apply_chance(&mut s, o);
            }
            let r = *s.state().unwrap().public().rules();
            assert_eq!(r.match_rules(), v.rules());
            assert_eq!(r.players, if r.pica_pair > 0 { 2 } else { 6 });
            if r.pica_pair > 0 {
                assert_eq!(
                    s.state().unwrap().public().mano(),
                    0,
                    "the pair's first seat leads"
                );
            }
            kinds[r.pica_pair as usize] += 1;
        }
        assert!(kinds.iter().all(|&k| (850..1150).contains(&k)), "{kinds:?}");
        // The exact chance lists the same four kinds.
        let mut out = Vec::new();
        let mut s = g.root();
        g.apply_chance(&mut s, Outcome::Score([0, 0]));
        g.chance_outcomes(&s, &mut out);
        assert_eq!(out.len(), 4);
    }
}
