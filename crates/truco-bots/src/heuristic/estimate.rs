//! The heuristic's estimate of winning the hand in the tricks, from one seat's view only.
//!
//! Each unplayed card gets a percentile: the share of the cards this seat has not seen (the
//! deck minus its own cards minus every card played face up) that it beats, ties counting half.
//! A trick's win chance for the seat's team treats every unknown card (partners' and
//! opponents') as an independent uniform percentile. The tricks still to play are assigned the
//! seat's remaining cards in the best order, and the known trick results with the pardas rules
//! of the engine ([`hand_winner`]) turn per-trick chances into the hand's. Nothing allocates.

use truco_game::cards::CardSet;
use truco_game::ranking::RankTable;
use truco_game::tricks::{hand_winner, PARDA};
use truco_game::View;

/// Most strength levels a rank table can have (14 Argentine tiers plus overlays).
const LEVELS: usize = 32;

/// Percentile of a card strength among the cards a seat has not seen.
#[derive(Clone, Copy, Debug)]
pub struct Percentiles {
    below: [u8; LEVELS],
    equal: [u8; LEVELS],
    total: u8,
}

impl Percentiles {
    /// The percentiles among `unseen` under `table`.
    pub fn new(table: &RankTable, unseen: CardSet) -> Percentiles {
        let mut equal = [0u8; LEVELS];
        let mut total = 0u8;
        for c in unseen {
            let s = table.strength(c) as usize;
            if s > 0 && s < LEVELS {
                equal[s] += 1;
                total += 1;
            }
        }
        let mut below = [0u8; LEVELS];
        for s in 1..LEVELS {
            below[s] = below[s - 1] + equal[s - 1];
        }
        Percentiles {
            below,
            equal,
            total,
        }
    }

    /// The share of unseen cards that strength `s` beats (ties count half); 0 for `s = 0`.
    pub fn pct(&self, s: u8) -> f64 {
        let s = s as usize;
        if s == 0 {
            return 0.0;
        }
        if self.total == 0 || s >= LEVELS {
            return 1.0;
        }
        (self.below[s] as f64 + 0.5 * self.equal[s] as f64) / self.total as f64
    }
}

/// Chance that a team wins a trick when its best known card has percentile `w`, `mates` partner
/// cards are still unknown and `opps` opponent cards are unknown (all uniform percentiles):
/// `E[max(w, U_1..U_mates)^opps] = w^(m+o) + m (1 - w^(m+o)) / (m+o)`.
pub fn team_trick_chance(w: f64, mates: u32, opps: u32) -> f64 {
    if opps == 0 {
        return 1.0;
    }
    let k = (mates + opps) as i32;
    let wk = w.powi(k);
    wk + mates as f64 * (1.0 - wk) / k as f64
}

/// Chance of winning a trick the team is currently losing to a card of percentile `v`: some
/// unknown partner card must beat it (`1 - v^mates`), then survive the unknown opponent cards
/// (taken as beating a card half-way between `v` and the top).
fn comeback_chance(v: f64, mates: u32, opps: u32) -> f64 {
    if mates == 0 {
        return 0.0;
    }
    (1.0 - v.powi(mates as i32)) * ((1.0 + v) / 2.0).powi(opps as i32)
}

/// Chance that the hand ends won by `team`, given the first `done` results and each remaining
/// trick won by `team` with probability `probs[t]` (else lost); stops as soon as the hand is
/// decided, as the engine does.
fn hand_chance(results: [u8; 3], done: usize, probs: &[f64; 3], team: u8, mano_team: u8) -> f64 {
    if done > 0 {
        if let Some(w) = hand_winner(&results, done, mano_team) {
            return if w == team { 1.0 } else { 0.0 };
        }
    }
    if done >= 3 {
        return 0.5;
    }
    let p = probs[done];
    let mut win = results;
    win[done] = team;
    let mut lose = results;
    lose[done] = 1 - team;
    p * hand_chance(win, done + 1, probs, team, mano_team)
        + (1.0 - p) * hand_chance(lose, done + 1, probs, team, mano_team)
}

const PERMS3: [[usize; 3]; 6] = [
    [0, 1, 2],
    [0, 2, 1],
    [1, 0, 2],
    [1, 2, 0],
    [2, 0, 1],
    [2, 1, 0],
];

/// Chance that a team wins a hand whose tricks are all still to play, when its best card in
/// each trick has one of the strengths `cards[..m]` (best order over the tricks; a trick with
/// no known card is a coin flip), each against `mates` unknown partner cards and `opps`
/// unknown opponent cards per trick (percentiles from `pc`).
pub fn fresh_hand_chance(
    pc: &Percentiles,
    cards: [u8; 3],
    m: usize,
    (mates, opps): (u32, u32),
    team: u8,
    mano_team: u8,
) -> f64 {
    let mut best = 0.0f64;
    for perm in PERMS3 {
        if perm.iter().enumerate().skip(m).any(|(i, &x)| x != i) {
            continue;
        }
        let mut probs = [0.5f64; 3];
        for (slot, prob) in probs.iter_mut().enumerate().take(m) {
            *prob = team_trick_chance(pc.pct(cards[perm[slot]]), mates, opps);
        }
        best = best.max(hand_chance([PARDA; 3], 0, &probs, team, mano_team));
    }
    best
}

/// What the seat knows of the trick in progress.
#[derive(Clone, Copy, Debug)]
pub struct TrickState {
    /// Best strength played by the seat's team in this trick (0 = none).
    pub best_us: u8,
    /// Best strength played by the opponents in this trick (0 = none).
    pub best_them: u8,
    /// Partners (not folded) still to play in this trick.
    pub mates_left: u32,
    /// Opponents (not folded) still to play in this trick.
    pub opps_left: u32,
    /// Whether the seat itself played in this trick.
    pub i_played: bool,
}

impl TrickState {
    /// The trick in progress as `view`'s seat sees it.
    pub fn of(view: &View) -> TrickState {
        let p = view.public();
        let table = p.rank_table();
        let me = view.seat();
        let t = p.trick().min(2) as usize;
        let mut st = TrickState {
            best_us: 0,
            best_them: 0,
            mates_left: 0,
            opps_left: 0,
            i_played: false,
        };
        for s in 0..p.rules().players {
            let ours = s % 2 == me % 2;
            if p.is_hidden(t, s) {
                // A face-down card (paulista) has played but neither wins nor ties.
                st.i_played |= s == me;
                continue;
            }
            match p.played(t, s) {
                Some(c) => {
                    let v = table.strength(c);
                    if ours {
                        st.best_us = st.best_us.max(v);
                        st.i_played |= s == me;
                    } else {
                        st.best_them = st.best_them.max(v);
                    }
                }
                None if p.is_folded(s) || s == me => {}
                None if ours => st.mates_left += 1,
                None => st.opps_left += 1,
            }
        }
        st
    }

    /// The team's chance in this trick if its best card there has strength `ours`.
    fn chance(&self, pc: &Percentiles, ours: u8) -> f64 {
        let (m, o) = (self.mates_left, self.opps_left);
        if ours > self.best_them {
            team_trick_chance(pc.pct(ours), m, o)
        } else if ours == self.best_them && ours > 0 {
            // Currently a parda: count it half, a later card may still break it either way.
            0.5 * team_trick_chance(pc.pct(ours), m, o) + 0.5 * comeback_chance(pc.pct(ours), m, o)
        } else {
            comeback_chance(pc.pct(self.best_them), m, o)
        }
    }
}

/// The cards `view`'s seat has not seen ([`View::unseen`]).
pub fn unseen(view: &View) -> CardSet {
    view.unseen()
}

/// Estimated chance that `view`'s team wins the hand in the tricks (truco points).
pub fn hand_win_chance(view: &View) -> f64 {
    let p = view.public();
    let rules = p.rules();
    let table = p.rank_table();
    let team = view.seat() % 2;
    let mano_team = p.mano() % 2;
    let t = p.trick() as usize;
    if t >= 3 || p.is_over() {
        return p
            .hand_winner()
            .map_or(0.5, |w| if w == team { 1.0 } else { 0.0 });
    }
    let mut results = [PARDA; 3];
    for (i, r) in results.iter_mut().enumerate().take(t) {
        *r = p.trick_result(i).unwrap_or(PARDA);
    }
    let pc = Percentiles::new(&table, unseen(view));
    let trick = TrickState::of(view);
    let mut mates = 0u32;
    let mut opps = 0u32;
    for s in 0..rules.players {
        if s != view.seat() && !p.is_folded(s) {
            if s % 2 == team {
                mates += 1;
            } else {
                opps += 1;
            }
        }
    }
    let mut cards = [0u8; 3];
    let mut m = 0usize;
    for c in view.hand() {
        if m < 3 {
            cards[m] = table.strength(c);
            m += 1;
        }
    }
    let mut best = 0.0f64;
    for perm in PERMS3 {
        // The distinct orders of `m` cards: permutations fixing every index from `m` on.
        if perm.iter().enumerate().skip(m).any(|(i, &x)| x != i) {
            continue;
        }
        let mut probs = [0.5f64; 3];
        let mut k = 0usize;
        for (slot, prob) in probs.iter_mut().enumerate().skip(t) {
            let current = slot == t;
            if current && trick.i_played {
                *prob = trick.chance(&pc, trick.best_us);
                continue;
            }
            let s = if k < m { cards[perm[k]] } else { 0 };
            k += 1;
            *prob = if current {
                trick.chance(&pc, trick.best_us.max(s))
            } else if s == 0 {
                0.5
            } else {
                team_trick_chance(pc.pct(s), mates, opps)
            };
        }
        best = best.max(hand_chance(results, t, &probs, team, mano_team));
    }
    best
}

#[cfg(test)]
mod tests {
    use super::*;
    use truco_game::{PublicState, RuleSet, State};

    fn deal(rules: RuleSet, hands: &[&str]) -> State {
        let public = PublicState::new_hand(rules, [0, 0], 0).unwrap();
        let hs: Vec<[truco_game::Card; 3]> = hands
            .iter()
            .map(|h| {
                let v = rules.deck.parse_cards(h).unwrap();
                [v[0], v[1], v[2]]
            })
            .collect();
        State::deal(public, &hs).unwrap()
    }

    #[test]
    fn trick_chance_formula_limits() {
        assert_eq!(team_trick_chance(0.3, 0, 1), 0.3);
        assert_eq!(team_trick_chance(0.3, 1, 0), 1.0);
        // Two against two, a top card always wins; a bottom card wins through the partner.
        assert!((team_trick_chance(1.0, 1, 2) - 1.0).abs() < 1e-12);
        assert!((team_trick_chance(0.0, 1, 2) - 1.0 / 3.0).abs() < 1e-12);
    }

    #[test]
    fn percentiles_rank_the_unseen_cards() {
        let table = RuleSet::ARG_1V1.ranking.table();
        let all = RuleSet::ARG_1V1.deck.cards();
        let pc = Percentiles::new(table, all);
        let ancho: truco_game::Card = "1E".parse().unwrap();
        let four: truco_game::Card = "4O".parse().unwrap();
        assert!((pc.pct(table.strength(ancho)) - 39.5 / 40.0).abs() < 1e-12);
        assert!((pc.pct(table.strength(four)) - 2.0 / 40.0).abs() < 1e-12);
    }

    #[test]
    fn strong_hands_estimate_higher() {
        let r = RuleSet::ARG_1V1;
        let strong = deal(r, &["1E 1B 7E", "4O 5C 6B"]);
        let weak = deal(r, &["4O 5C 6B", "1E 1B 7E"]);
        let s = hand_win_chance(&strong.view(0).unwrap());
        let w = hand_win_chance(&weak.view(0).unwrap());
        assert!(s > 0.9, "{s}");
        assert!(w < 0.2, "{w}");
        // Seat 1 sees its own hand only: the same cards give the same estimate.
        assert!((hand_win_chance(&weak.view(1).unwrap()) - s).abs() < 0.1);
    }

    #[test]
    fn fresh_hand_chance_matches_the_view_estimate_at_hand_start() {
        let r = RuleSet::ARG_2V2;
        let st = deal(r, &["1E 4O 7C", "2E 6B 10C", "3B 5C 11O", "12E 4B 6O"]);
        let view = st.view(0).unwrap();
        let table = view.public().rank_table();
        let pc = Percentiles::new(&table, unseen(&view));
        let mut cards = [0u8; 3];
        for (k, c) in view.dealt().into_iter().enumerate() {
            cards[k] = table.strength(c);
        }
        let fresh = fresh_hand_chance(&pc, cards, 3, (1, 2), 0, 0);
        assert!((fresh - hand_win_chance(&view)).abs() < 1e-12, "{fresh}");
        // No known card: every trick a coin flip, the hand too.
        let none = fresh_hand_chance(&pc, [0; 3], 0, (1, 2), 0, 0);
        assert!((none - 0.5).abs() < 1e-12, "{none}");
        // Top cards beat bottom cards.
        let top = fresh_hand_chance(&pc, [14, 13, 12], 3, (0, 2), 0, 0);
        let bottom = fresh_hand_chance(&pc, [1, 1, 2], 3, (0, 2), 0, 0);
        assert!(top > 0.9 && bottom < 0.05, "{top} {bottom}");
    }

    #[test]
    fn known_results_count() {
        let r = RuleSet::ARG_1V1;
        // Same remaining cards (4O 5C), trick 1 won in one deal and lost in the other.
        let mut won = deal(r, &["3E 4O 5C", "2E 6B 10C"]);
        won.apply("3E".parse().unwrap()).unwrap();
        won.apply("2E".parse().unwrap()).unwrap();
        let mut lost = deal(r, &["2E 4O 5C", "3E 6B 10C"]);
        lost.apply("2E".parse().unwrap()).unwrap();
        lost.apply("3E".parse().unwrap()).unwrap();
        let up = hand_win_chance(&won.view(0).unwrap());
        let down = hand_win_chance(&lost.view(0).unwrap());
        // One more trick (of two, each ~4% and ~12%) wins; losing needs both.
        assert!(up > 0.12 && up < 0.25, "{up}");
        assert!(down < 0.02, "{down}");
        let other = hand_win_chance(&won.view(1).unwrap());
        // Seat 1 must win both tricks with a 10 and a 6 against cards it has not seen.
        assert!(other > 0.05 && other < 0.2, "{other}");
    }
}
