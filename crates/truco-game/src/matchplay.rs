//! A match driver: dealer rotation, malas/buenas, camas, pica-pica, and where every point came
//! from.
//!
//! Seats are absolute end to end: a hand with all players is played with the match's seats
//! (the mano is the seat after the dealer), so its views and spots carry the real dealer and
//! seat numbers. Only a pica-pica hand (a two-player hand between opposite seats) has its own
//! seats 0 and 1, mapped to match seats by [`Match::last_hand`]'s map.

use rand::Rng;
use rand::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;

use crate::action::{Action, ActionList, Actor, Award};
use crate::log::EventLog;
use crate::public::{PlayError, PublicState};
use crate::rules::{RuleSet, Variant};
use crate::state::State;
use crate::view::View;

/// One scoring entry of a match.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PointRecord {
    /// The hand number (0-based; the three pica-pica hands of a round count separately).
    pub hand: u32,
    /// The points, the team (a match team) and the rule that gave them.
    pub award: Award,
}

/// A match: the score, the dealer, and the record of every point awarded.
#[derive(Clone, Debug)]
pub struct Match {
    rules: RuleSet,
    score: [u8; 2],
    camas: [u8; 2],
    dealer: u8,
    hands: u32,
    rounds: u32,
    rng: Xoshiro256PlusPlus,
    records: Vec<PointRecord>,
    last_log: EventLog,
    last_hand: Option<(State, [u8; 6])>,
}

impl Match {
    /// A new match; the first dealer is drawn at random from `seed` (valencian: seat 0, the
    /// host, deals first), which also drives deals.
    pub fn new(rules: RuleSet, seed: u64) -> Match {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
        let drawn = ((rng.next_u32() as u64 * rules.players as u64) >> 32) as u8;
        let dealer = if rules.variant == Variant::Valencian {
            0
        } else {
            drawn
        };
        Match {
            rules,
            score: [0, 0],
            camas: [0, 0],
            dealer,
            hands: 0,
            rounds: 0,
            rng,
            records: Vec::new(),
            last_log: EventLog::new(),
            last_hand: None,
        }
    }

    /// Hands played so far (a pica-pica round counts up to three).
    pub fn hands_played(&self) -> u32 {
        self.hands
    }
    /// Rounds played so far (a redonda, or a pica-pica round).
    pub fn rounds_played(&self) -> u32 {
        self.rounds
    }
    /// The rule set.
    pub fn rules(&self) -> &RuleSet {
        &self.rules
    }
    /// The score of teams 0 and 1 (valencian: in the current cama).
    pub fn score(&self) -> [u8; 2] {
        self.score
    }
    /// Camas won by teams 0 and 1 (valencian; `[0, 0]` otherwise).
    pub fn camas(&self) -> [u8; 2] {
        self.camas
    }
    /// The current dealer.
    pub fn dealer(&self) -> u8 {
        self.dealer
    }
    /// Every point awarded so far, in order.
    pub fn records(&self) -> &[PointRecord] {
        &self.records
    }
    /// The public events of the last hand played.
    pub fn last_log(&self) -> &EventLog {
        &self.last_log
    }
    /// The final state of the last hand played (with every dealt card, for display after the
    /// hand) and its seat map: hand seat `i` was match seat `map[i]` (the identity, except in
    /// a pica-pica hand).
    pub fn last_hand(&self) -> Option<(State, [u8; 6])> {
        self.last_hand
    }
    /// Whether `team` is in the buenas (has passed the malas), for rule sets with the split.
    pub fn in_buenas(&self, team: u8) -> bool {
        self.rules.malas > 0 && self.score[team as usize & 1] >= self.rules.malas
    }
    /// The winning team once a team reached the target (valencian: won its second cama).
    pub fn winner(&self) -> Option<u8> {
        (0..2).find(|&t| {
            if self.rules.camas > 0 {
                self.camas[t as usize] >= self.rules.camas
            } else {
                self.score[t as usize] >= self.rules.target
            }
        })
    }
    /// Whether the next round is a pica-pica round (six players with the option, every
    /// second round).
    pub fn next_is_pica_pica(&self) -> bool {
        self.rules.pica_pica && self.rounds % 2 == 1
    }

    /// Plays one round: a hand with all players, or (pica-pica) the three one-against-one
    /// hands between opposite seats. `choose(seat, view, legal)` picks the action of the match
    /// seat `seat`, with the view in match seats; in a pica-pica hand the view is that of a
    /// two-player hand whose seat 0 is the pair's first player. Then the deal moves one seat.
    /// A paulista mão de ferro whose three tricks are parda scores nothing, so the next round
    /// is another mão de ferro.
    pub fn play_round<F>(&mut self, choose: &mut F) -> Result<(), PlayError>
    where
        F: FnMut(u8, &View, &ActionList) -> Action,
    {
        if self.winner().is_some() {
            return Err(PlayError::HandOver);
        }
        let n = self.rules.players;
        let mano = (self.dealer + 1) % n;
        if self.next_is_pica_pica() {
            for k in 0..3 {
                let a = (mano + k) % n;
                let sub = self.rules.pica_pica_hand(k + 1);
                self.play_hand(sub, 0, [a, (a + 3) % n], choose)?;
                if self.winner().is_some() {
                    break;
                }
            }
        } else {
            let mut map = [0u8; 6];
            for (i, m) in map.iter_mut().enumerate() {
                *m = i as u8;
            }
            self.play_hand(self.rules, mano, map, choose)?;
        }
        self.dealer = (self.dealer + 1) % n;
        self.rounds += 1;
        Ok(())
    }

    /// Plays rounds until a team reaches the target; returns the winning team.
    pub fn play<F>(&mut self, mut choose: F) -> Result<u8, PlayError>
    where
        F: FnMut(u8, &View, &ActionList) -> Action,
    {
        loop {
            if let Some(w) = self.winner() {
                return Ok(w);
            }
            self.play_round(&mut choose)?;
        }
    }

    /// Plays one hand of `rules` with `mano` first, where hand seat `i` is match seat
    /// `map[i]` (the identity for a full hand). Match team of hand team `t` is
    /// `t ^ (map[0] % 2)`.
    fn play_hand<F, const K: usize>(
        &mut self,
        rules: RuleSet,
        mano: u8,
        map: [u8; K],
        choose: &mut F,
    ) -> Result<(), PlayError>
    where
        F: FnMut(u8, &View, &ActionList) -> Action,
    {
        let flip = (map[0] % 2) as usize;
        let score = [self.score[flip], self.score[1 - flip]];
        let public = PublicState::new_hand_in_camas(rules, score, self.camas, mano)?;
        let mut st = State::sample_deal(public, &mut self.rng);
        self.last_log.clear();
        self.last_log.push(st.deal_event());
        let mut legal = ActionList::new();
        let hand_no = self.hands;
        self.hands += 1;
        loop {
            let seat = match st.actor() {
                Actor::Terminal => break,
                Actor::Chance => return Err(PlayError::WrongPhase("deal")),
                Actor::Seat(s) | Actor::Team { seat: s, .. } => s,
            };
            st.legal_actions(&mut legal);
            let view = st.view(seat)?;
            let a = choose(map[seat as usize], &view, &legal);
            let (event, awards) = st.apply(a)?;
            self.last_log.push(event);
            for mut aw in awards.iter() {
                aw.team ^= flip as u8;
                self.records.push(PointRecord {
                    hand: hand_no,
                    award: aw,
                });
            }
        }
        // The hand's final score and camas (cama closings are the engine's).
        let (sc, camas) = (st.public().score(), st.public().camas());
        self.score = [sc[flip], sc[1 - flip]];
        self.camas = [camas[flip], camas[1 - flip]];
        let mut full = [0u8; 6];
        full[..K].copy_from_slice(&map);
        self.last_hand = Some((st, full));
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::action::Source;

    fn random_chooser(seed: u64) -> impl FnMut(u8, &View, &ActionList) -> Action {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
        move |_, _, legal| {
            let i = (rng.next_u32() as usize) % legal.len();
            legal.as_slice()[i]
        }
    }

    fn check_match(rules: RuleSet, seed: u64) -> Match {
        let mut m = Match::new(rules, seed);
        let w = m.play(random_chooser(seed ^ 0xABCD)).unwrap();
        assert_eq!(m.winner(), Some(w));
        assert!(m.score()[w as usize] >= rules.target);
        assert!(m.score()[1 - w as usize] < rules.target);
        // Every point is explained by a record.
        for t in 0..2u8 {
            let sum: u32 = m
                .records()
                .iter()
                .filter(|r| r.award.team == t)
                .map(|r| r.award.points as u32)
                .sum();
            assert_eq!(sum, m.score()[t as usize] as u32);
        }
        m
    }

    #[test]
    fn random_matches_every_variant() {
        let sets = [
            RuleSet::ARG_1V1,
            RuleSet::ARG_2V2,
            RuleSet::ARG_CLASSIC,
            RuleSet::new("arg-classic", &["players=6", "pica-pica", "flor"]).unwrap(),
            RuleSet::new("arg-classic", &["players=2", "target=15", "early-mazo"]).unwrap(),
            RuleSet::new("arg-classic", &["falta-in-malas", "flor"]).unwrap(),
        ];
        for (i, r) in sets.into_iter().enumerate() {
            for seed in 0..20 {
                check_match(r, seed * 7 + i as u64);
            }
        }
    }

    #[test]
    fn random_paulista_matches() {
        for seed in 0..30 {
            let m = check_match(RuleSet::PAULISTA, seed);
            assert!(m.score().iter().all(|&s| s <= 12 + 12));
        }
    }

    #[test]
    fn random_valencian_matches_close_camas() {
        let mut sources = std::collections::HashSet::new();
        for seed in 0..30 {
            let mut m = Match::new(RuleSet::VALENCIAN, seed);
            assert_eq!(m.dealer(), 0, "the host deals first");
            let w = m.play(random_chooser(seed ^ 0x55)).unwrap();
            assert_eq!(m.camas()[w as usize], 2);
            assert!(m.camas()[1 - w as usize] < 2);
            assert!(m.score().iter().all(|&s| s < 24), "a closed cama resets");
            for r in m.records() {
                sources.insert(r.award.source);
            }
        }
        for s in [
            Source::Envido,
            Source::Tricks,
            Source::TrucoDeclined,
            Source::Fold,
        ] {
            assert!(sources.contains(&s), "{s:?} never scored in 30 matches");
        }
    }

    #[test]
    fn match_views_use_absolute_seats() {
        // A view taken inside a match names the real dealer and seats: its spot says so.
        let mut m = Match::new(RuleSet::ARG_2V2, 77);
        let dealer = m.dealer();
        let mut seen = Vec::new();
        m.play_round(&mut |seat: u8, v: &View, l: &ActionList| {
            assert_eq!(v.seat(), seat, "the view's seat is the match seat");
            assert_eq!(v.public().mano(), (dealer + 1) % 4);
            if seen.is_empty() {
                let spot = crate::spot::Spot::from_view(v).unwrap();
                seen.push(spot.to_string());
            }
            l.as_slice()[0]
        })
        .unwrap();
        let text = &seen[0];
        assert!(text.contains(&format!("| dealer {dealer} |")), "{text}");
        assert!(
            text.contains(&format!("seat {}:", (dealer + 1) % 4)),
            "{text}"
        );
    }

    #[test]
    fn seeded_matches_repeat() {
        let a = check_match(RuleSet::ARG_2V2, 42);
        let b = check_match(RuleSet::ARG_2V2, 42);
        assert_eq!(a.records(), b.records());
        assert_eq!(a.score(), b.score());
    }

    #[test]
    fn dealer_rotates_and_first_dealer_varies() {
        let dealers: std::collections::HashSet<u8> = (0..40)
            .map(|s| Match::new(RuleSet::ARG_2V2, s).dealer())
            .collect();
        assert_eq!(dealers.len(), 4, "the first dealer is drawn at random");
        let mut m = Match::new(RuleSet::ARG_2V2, 1);
        let d0 = m.dealer();
        m.play_round(&mut random_chooser(3)).unwrap();
        assert_eq!(m.dealer(), (d0 + 1) % 4);
    }

    #[test]
    fn pica_pica_alternates() {
        let r = RuleSet::new("arg-classic", &["players=6", "pica-pica"]).unwrap();
        let mut m = Match::new(r, 5);
        let mut choose = random_chooser(9);
        assert!(!m.next_is_pica_pica());
        m.play_round(&mut choose).unwrap();
        assert_eq!(m.hands_played(), 1);
        assert!(m.next_is_pica_pica());
        // A pica-pica round plays three one-against-one hands between opposite seats.
        let mut pairs = Vec::new();
        let mut seen = |seat: u8, v: &View, l: &ActionList| {
            assert_eq!(v.public().rules().players, 2);
            pairs.push(seat);
            choose(seat, v, l)
        };
        m.play_round(&mut seen).unwrap();
        if m.winner().is_none() {
            assert_eq!(m.hands_played(), 4);
            let mut s: Vec<u8> = pairs.clone();
            s.sort_unstable();
            s.dedup();
            assert_eq!(s.len(), 6, "all six seats play in the pica-pica");
        }
        assert!(!m.next_is_pica_pica());
    }

    /// Folds whenever allowed: each hand goes to the team that did not fold first.
    fn always_fold(_: u8, _: &View, legal: &ActionList) -> Action {
        if legal.contains(Action::Mazo) {
            Action::Mazo
        } else {
            legal.as_slice()[0]
        }
    }

    #[test]
    fn pica_pica_points_go_to_the_right_teams() {
        let r = RuleSet::new("arg-classic", &["players=6", "pica-pica"]).unwrap();
        let mut m = Match::new(r, 8);
        let m1 = (m.dealer() + 1) % 6;
        let (t, u) = ((m1 % 2) as usize, ((m1 + 1) % 2) as usize);
        // Redonda: seats m1, m1+1, ... fold in turn; m1's team is the first all folded.
        m.play_round(&mut always_fold).unwrap();
        assert_eq!((m.score()[t], m.score()[u]), (0, 1));
        // Pica-pica with mano m1+1: pairs (m1+1, m1+4), (m1+2, m1+5), (m1+3, m1): each
        // pair's first player folds, so the teams of m1+4, m1+5, m1 score: t twice, u once.
        m.play_round(&mut always_fold).unwrap();
        assert_eq!((m.score()[t], m.score()[u]), (2, 2));
        assert_eq!(m.hands_played(), 4);
        let (last, map) = m.last_hand().unwrap();
        assert_eq!(last.public().rules().players, 2);
        assert_eq!(map[1], (map[0] + 3) % 6);
        assert!(m.records().iter().all(|r| r.award.source == Source::Fold));
    }

    #[test]
    fn records_name_sources() {
        let m = check_match(RuleSet::ARG_1V1, 11);
        assert!(m.records().iter().any(|r| matches!(
            r.award.source,
            Source::Tricks | Source::TrucoDeclined | Source::Fold
        )));
        assert!(!m.in_buenas(0), "arg-1v1 has no malas/buenas split");
        let m = check_match(RuleSet::ARG_2V2, 12);
        let w = m.winner().unwrap();
        assert!(m.in_buenas(w));
    }
}
