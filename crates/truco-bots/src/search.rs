//! [`SearchBot`]: a search baseline for every variant, independent of the trained tables.
//!
//! At each decision it deals the cards it cannot see [`SAMPLES`] times, consistently with
//! everything public: the cards played face up stay where they are, the vira, a partner's shown
//! cards and the seat's own cards are out of the pool, and a deal must reproduce every envido
//! total and flor the table showed, and every total it kept hidden below the ones shown before
//! it (each seat's hand redrawn until it fits, [`sample_deal`]). On each
//! deal it plays the rest of the hand out exactly: a minimax over the remaining card plays
//! with every hand known (alpha-beta on win / lose; no further calls; hidden cards are left
//! out, since a card played face down can neither win nor tie and is never better than the
//! same card face up when every card is known). That gives
//! - the chance of winning the hand in the tricks: the share of deals the seat's team wins;
//! - the card to play: the one with the most deals won (perfect-information Monte Carlo).
//!
//! Where more than [`MAX_PLAYS`] card plays are left (the first trick of six players) the
//! exact search would be too large: there it judges by the heuristic's card percentiles.
//!
//! The calls (truco ladder, envido, flor, mão de onze, joc fora) are then decided by the
//! heuristic's rules from those figures, with its match-equity break-evens at the score
//! ([`crate::heuristic`]): the search bot is the heuristic with its card percentiles and card
//! rules replaced by search. Known limits: calls do not condition the deals (a caller is not
//! taken to be stronger), and perfect-information play overrates a hand whose best line needs
//! to know the hidden cards (strategy fusion).

use rand::{Rng, RngExt};
use truco_game::cards::CardSet;
use truco_game::{Action, ActionList, Actor, Card, PublicState, State, View};

use crate::bot::{Bot, BotRng};
use crate::heuristic::{self, Judge};

/// Deals sampled per decision.
pub const SAMPLES: usize = 24;

/// Tries to draw a deal consistent with the shown totals before giving up on one sample.
const TRIES: usize = 10;

/// Draws of one seat's hand, in one try, before the try is given up.
const SEAT_TRIES: usize = 100;

/// Most card plays left for an exact search: more (the first trick of six players, 18 plays)
/// is judged by the heuristic's percentiles instead.
pub const MAX_PLAYS: u32 = 12;

/// Card plays left in the hand (every seat still in it, its cards not yet played).
fn plays_left(view: &View) -> u32 {
    let p = view.public();
    (0..p.rules().players)
        .filter(|&s| !p.is_folded(s))
        .map(|s| {
            let played = (0..3)
                .filter(|&t| p.played(t, s).is_some() || p.is_hidden(t, s))
                .count() as u32;
            3 - played
        })
        .sum()
}

/// The search bot (see the module docs).
#[derive(Clone, Copy, Debug, Default)]
pub struct SearchBot;

impl Bot for SearchBot {
    fn name(&self) -> &str {
        "search"
    }

    fn act(&mut self, view: &View, legal: &[Action], rng: &mut BotRng) -> Action {
        if legal.len() == 1 {
            return legal[0];
        }
        let mut judge = Sampled::new(rng.next_u64());
        heuristic::decide(view, legal, rng, &mut judge)
    }
}

impl SearchBot {
    /// The card to play among `legal`'s card plays (face up or, in paulista, face down), by the
    /// search: perfect-information Monte Carlo over sampled deals, as [`SearchBot`] plays its
    /// cards. The calls in `legal` are ignored; `None` if `legal` holds no card play.
    pub fn play_card(view: &View, legal: &[Action], rng: &mut BotRng) -> Option<Action> {
        let mut cards = [Action::Mazo; 2 * 3];
        let mut n = 0;
        for &a in legal {
            if matches!(a, Action::Play(_) | Action::Hide(_)) && n < cards.len() {
                cards[n] = a;
                n += 1;
            }
        }
        match &cards[..n] {
            [] => None,
            [only] => Some(*only),
            cards => Some(SearchBot.act(view, cards, rng)),
        }
    }

    /// Whether accepting the bet pending for the seat is below its break-even at the score: an
    /// envido or envit chain by the seat's own total ([`heuristic::envido_below_break_even`]), a
    /// paulista mão de onze by the team's hand win chance
    /// ([`heuristic::eleven_below_break_even`]), a truco-ladder call by the search's hand win
    /// chance over sampled deals ([`heuristic::truco_below_break_even`]). `false` when no bet
    /// waits for the seat's answer.
    pub fn accept_below_break_even(view: &View, rng: &mut BotRng) -> bool {
        heuristic::envido_below_break_even(view)
            || heuristic::eleven_below_break_even(view)
            || heuristic::truco_below_break_even(view, &mut Sampled::new(rng.next_u64()))
    }

    /// Whether a truco-ladder raise now (a call on one's turn, or a raise over a pending call)
    /// is a bluff: the seat's team wins the hand in the tricks less often than not, by the
    /// search's chance over sampled deals.
    pub fn truco_call_is_bluff(view: &View, rng: &mut BotRng) -> bool {
        Sampled::new(rng.next_u64()).win_chance(view) < 0.5
    }

    /// Whether calling `action` now is a big bluff: a falta envido
    /// ([`heuristic::falta_call_below_even`]: by the seat's own total) or a truco-ladder raise
    /// that stakes the match, the valencian joc fora included
    /// ([`heuristic::match_raise_below_even`]: by the search's hand win chance over sampled
    /// deals), on a showdown the seat is more likely to lose than win. `false` for every other
    /// action.
    pub fn big_bluff(view: &View, action: Action, rng: &mut BotRng) -> bool {
        match action {
            Action::FaltaEnvido => heuristic::falta_call_below_even(view),
            Action::Raise => heuristic::match_raise_below_even(view, || {
                Sampled::new(rng.next_u64()).win_chance(view)
            }),
            _ => false,
        }
    }
}

/// The sampling judge of one decision: its own generator, and the deals drawn once and
/// shared by the judgements of that decision.
struct Sampled {
    rng: BotRng,
    deals: Vec<State>,
    drawn: bool,
}

impl Sampled {
    fn new(seed: u64) -> Sampled {
        Sampled {
            rng: rand::SeedableRng::seed_from_u64(seed),
            deals: Vec::with_capacity(SAMPLES),
            drawn: false,
        }
    }

    /// The deals of this decision (drawn at the first call; none where the search would be
    /// too large, see [`MAX_PLAYS`]).
    fn deals(&mut self, view: &View) -> &[State] {
        if !self.drawn {
            self.drawn = true;
            let size = if plays_left(view) <= MAX_PLAYS {
                SAMPLES
            } else {
                0
            };
            for _ in 0..size {
                if let Some(st) = sample_deal(view, &mut self.rng) {
                    self.deals.push(st);
                }
            }
        }
        &self.deals
    }
}

impl Judge for Sampled {
    fn win_chance(&mut self, view: &View) -> f64 {
        let team = view.seat() % 2;
        let deals = self.deals(view);
        if deals.is_empty() {
            return heuristic::estimate::hand_win_chance(view);
        }
        let won: f64 = deals.iter().map(|st| solve(st, team)).sum();
        won / deals.len() as f64
    }

    fn card(&mut self, view: &View) -> Option<Card> {
        let team = view.seat() % 2;
        let deals = self.deals(view);
        if deals.is_empty() {
            return heuristic::play::choose_card(view);
        }
        let table = view.public().rank_table();
        let mut cards: Vec<Card> = view.hand().iter().collect();
        // Ties go to the weakest card (keep the strong ones).
        cards.sort_by_key(|&c| table.strength(c));
        let mut best: Option<(Card, f64)> = None;
        for &c in &cards {
            let mut won = 0.0;
            for st in deals {
                let mut s = *st;
                if s.apply(Action::Play(c)).is_err() {
                    won = f64::NEG_INFINITY;
                    break;
                }
                won += solve(&s, team);
            }

            if best.is_none_or(|(_, w)| won > w) {
                best = Some((c, won));
            }
        }
        best.map(|(c, _)| c)
    }
}

/// A full state consistent with `view`: the unseen cards dealt at random to the seats that
/// may hold them, each seat's hand redrawn until it makes the totals the table showed of it
/// (and keeps those it kept hidden below the ones shown before it; `None` after [`TRIES`]
/// tries). Seat by seat, a deal is close to uniform over the consistent ones, not exactly:
/// a seat drawn early does not weigh how many hands it leaves the later ones.
pub fn sample_deal<R: Rng + ?Sized>(view: &View, rng: &mut R) -> Option<State> {
    let p = view.public();
    let r = p.rules();
    let n = r.players as usize;
    let own = view.known_dealt()?;
    let partner_seat = (view.seat() + r.players / 2) % r.players;
    let partner = view.partner_cards();
    let mut seen = CardSet::from_cards(&own);
    if let Some(v) = p.vira() {
        seen.insert(v);
    }
    for c in partner.into_iter().flatten() {
        seen.insert(c);
    }
    for t in 0..3 {
        for s in 0..r.players {
            if let Some(c) = p.played(t, s) {
                seen.insert(c);
            }
        }
    }
    let pool: Vec<Card> = r
        .deck
        .cards()
        .into_iter()
        .filter(|&c| !seen.contains(c))
        .collect();
    let c0 = own[0];
    let mut hands = [[c0; 3]; truco_game::action::MAX_SEATS];
    for _ in 0..TRIES {
        let mut free = pool.clone();
        let dealt = (0..n as u8).all(|s| {
            let hand = &mut hands[s as usize];
            if s == view.seat() {
                *hand = own;
                return true;
            }
            if let Some(cards) = partner.filter(|_| s == partner_seat) {
                *hand = cards;
                return true;
            }
            let mut k = 0;
            for t in 0..3 {
                if let Some(c) = p.played(t, s) {
                    hand[k] = c;
                    k += 1;
                }
            }
            // Each seat's totals depend on its own cards only: its hand is redrawn alone
            // until it makes what the table showed of it.
            for _ in 0..SEAT_TRIES {
                for slot in &mut hand[k..] {
                    *slot = free.swap_remove(rng.random_range(0..free.len()));
                }
                if p.check_hand_totals(s, CardSet::from_cards(hand)).is_ok() {
                    return true;
                }
                free.extend_from_slice(&hand[k..]);
            }
            false
        });
        if dealt {
            if let Ok(st) = State::from_public(*p, &hands[..n]) {
                return Some(st);
            }
        }
    }
    None
}

/// 1 if `team` wins the hand from `st` with every hand known and no further calls, else 0
/// (minimax with alpha-beta over the card plays).
pub fn solve(st: &State, team: u8) -> f64 {
    search(st, team, 0.0, 1.0)
}

fn search(st: &State, team: u8, mut alpha: f64, mut beta: f64) -> f64 {
    let seat = match st.actor() {
        Actor::Seat(s) | Actor::Team { seat: s, .. } => s,
        _ => return outcome(st.public(), team),
    };
    let mut legal = ActionList::new();
    st.legal_actions(&mut legal);
    let cards = legal
        .as_slice()
        .iter()
        .filter(|a| matches!(a, Action::Play(_) | Action::Blind(_)))
        .count();
    if cards == 0 {
        // An answer, a window or a declaration: accept, pass or declare, and play on.
        let pick = [Action::Pass, Action::Quiero, Action::Flor]
            .into_iter()
            .find(|a| legal.contains(*a))
            .or_else(|| {
                legal
                    .as_slice()
                    .iter()
                    .copied()
                    .find(|&a| a != Action::Mazo)
            })
            .unwrap_or(Action::Mazo);
        let mut s = *st;
        if s.apply(pick).is_err() {
            return outcome(st.public(), team);
        }
        return search(&s, team, alpha, beta);
    }
    let maximize = seat % 2 == team;
    let mut best = if maximize { 0.0 } else { 1.0 };
    for &a in legal.as_slice() {
        if !matches!(a, Action::Play(_) | Action::Blind(_)) {
            continue;
        }
        let mut s = *st;
        if s.apply(a).is_err() {
            continue;
        }
        let v = search(&s, team, alpha, beta);
        if maximize {
            best = f64::max(best, v);
            alpha = alpha.max(v);
        } else {
            best = f64::min(best, v);
            beta = beta.min(v);
        }
        if alpha >= beta {
            break;
        }
    }
    best
}

/// 1 if `team` won the hand (in the tricks, or by the other side folding), else 0.
fn outcome(p: &PublicState, team: u8) -> f64 {
    f64::from(p.hand_winner() == Some(team))
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;
    use truco_game::{Hand, RuleSet, Spot};

    fn view_of(spot: &str) -> View {
        spot.parse::<Spot>().unwrap().to_view().unwrap()
    }

    #[test]
    fn sampled_deals_keep_what_is_public() {
        let v = view_of(
            "arg-1v1 | score 0-0 | dealer 1 | seat 0: 6O 7O 1C | 0:envido 1:quiero [0:33 1:25] 0:1C 1:4E",
        );
        let mut rng = BotRng::seed_from_u64(1);
        for _ in 0..50 {
            let st = sample_deal(&v, &mut rng).unwrap();
            let other = st.dealt_set(1);
            assert!(other.contains("4E".parse().unwrap()));
            assert_eq!(truco_game::envido::envido_value(other), 25);
            assert_eq!(st.public(), v.public());
            assert_eq!(st.dealt(0).unwrap(), v.dealt());
        }
    }

    #[test]
    fn sampled_deals_keep_the_totals_kept_hidden_below_the_shown_ones() {
        // Seat 0 showed 28 and played 4B (few hands make that: 7B 1B, 6B 2B, 5B 3B); seats
        // 1-3 said son buenas, so none of them holds more.
        let v = view_of(
            "arg-2v2 | score 12-20 | dealer 3 | seat 1: 1E 7O 3C | 0:envido 1:quiero [0:28 1:- 2:- 3:-] 0:4B",
        );
        let mut rng = BotRng::seed_from_u64(1);
        for _ in 0..100 {
            let st = sample_deal(&v, &mut rng).unwrap();
            assert_eq!(truco_game::envido::envido_value(st.dealt_set(0)), 28);
            for seat in [2, 3] {
                assert!(truco_game::envido::envido_value(st.dealt_set(seat)) <= 28);
            }
        }
    }

    #[test]
    fn exact_play_knows_who_wins_with_every_card_known() {
        let start = PublicState::new_hand(RuleSet::ARG_1V1, [0, 0], 0).unwrap();
        let c = |s: &str| -> [Card; 3] {
            let v: Vec<Card> = s.split(' ').map(|x| x.parse().unwrap()).collect();
            [v[0], v[1], v[2]]
        };
        // Seat 0 leads 3E holding 3O 2C; seat 1 holds 1B 5C 6C. Whether seat 1 takes the
        // first trick with the ancho or not, seat 0 wins two tricks with its 3 and its 2.
        let mut h = Hand::deal(start, &[c("3E 3O 2C"), c("1B 5C 6C")]).unwrap();
        h.apply(Action::Play("3E".parse().unwrap())).unwrap();
        assert_eq!(solve(h.state(), 0), 1.0);
        assert_eq!(solve(h.state(), 1), 0.0);
        // With 4C instead of 2C, the ancho then the 5 win two tricks for seat 1.
        let mut h = Hand::deal(start, &[c("3E 3O 4C"), c("1B 5C 6C")]).unwrap();
        h.apply(Action::Play("3E".parse().unwrap())).unwrap();
        assert_eq!(solve(h.state(), 1), 1.0);
        // Seat 1 knows none of seat 0's last two cards: its chance is strictly between.
        let mut judge = Sampled::new(5);
        let p = judge.win_chance(&h.view(1).unwrap());
        assert!(p > 0.0 && p < 1.0, "{p}");
        // Giving up the first trick with the 6 leaves too much to win: never the choice.
        assert_ne!(judge.card(&h.view(1).unwrap()), Some("6C".parse().unwrap()));
    }

    #[test]
    fn plays_every_variant() {
        for (variant, opts) in [
            ("arg-1v1", vec![]),
            ("arg-2v2", vec![]),
            ("paulista", vec![]),
            ("paulista", vec!["players=2"]),
            ("valencian", vec![]),
            ("arg-classic", vec!["players=6", "flor", "pica-pica"]),
        ] {
            let rules = RuleSet::new(variant, &opts).unwrap();
            let (mut a, mut b) = (SearchBot, heuristic::Heuristic);
            let mut rng = BotRng::seed_from_u64(1);
            let mut m = truco_game::Match::new(rules, 7);
            let mut hands = 0;
            while m.winner().is_none() {
                m.play_round(&mut |seat: u8, view: &View, legal: &ActionList| {
                    if seat.is_multiple_of(2) {
                        a.act(view, legal.as_slice(), &mut rng)
                    } else {
                        b.act(view, legal.as_slice(), &mut rng)
                    }
                })
                .unwrap_or_else(|e| panic!("{variant} {opts:?}: {e}"));
                hands += 1;
            }
            assert!(hands > 0);
        }
    }
}
