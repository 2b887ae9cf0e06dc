//! The bucket abstractions of paulista (`paulista-buckets-v1`, 4 players or heads-up) and
//! Valencian truc (`valencian-buckets-v1`): one digit scheme for every rule set whose cards are
//! ranked by a [`crate::ranking::RankTable`], parameterised by a [`Profile`] of data per variant
//! (which tiers share a group, how the score is bucketed, which digits exist at all).
//!
//! Digits, most significant first (rationale: `abstractions/paulista.md`,
//! `abstractions/valencian.md`; radices: the `.toml` files beside them):
//! - own unplayed cards by strength group, sorted (the hand's rank table: in paulista the
//!   vira's manilhas on top, so a card is keyed by what the vira makes of it, never its raw
//!   rank); nothing in a blind mão de ferro;
//! - the partner's dealt cards the same way, only where the view holds them (the paulista
//!   team at 11 in a mão de onze, ruling 1's one exception), else 0;
//! - the own envit value while it can still be called (valencian), else 0;
//! - the seat's position after the mano;
//! - the score in the variant's buckets (see [`Profile::score`]);
//! - each trick's result for the seat's team, the cards on the table in the current trick,
//!   the strongest opponent card there (a hidden card is no card), the partner's card there;
//! - the truco ladder (level, pending call, who may raise);
//! - the envit chain while a call is pending and its status (valencian);
//! - the mão de onze / mão de ferro state (paulista);
//! - which actions are legal (a bit mask), so that one key never has two action lists.
//!
//! Everything is read from the seat's [`View`].

use crate::action::{Action, NONE};
use crate::ranking::RankTable;
use crate::tricks::PARDA;
use crate::view::View;

use super::buckets::envido_bucket;

/// Radices of the `paulista-buckets-v1` key, most significant first.
pub const PAULISTA_RADICES: [u64; 14] = [729, 729, 1, 4, 25, 64, 4, 9, 4, 45, 1, 1, 6, 2048];

/// Radices of the `paulista-hu-tiers-v1` key (heads-up paulista): every card by its own tier
/// under the vira (15 per slot), no partner.
pub const PAULISTA_HU_TIERS_RADICES: [u64; 14] =
    [3375, 1, 1, 4, 25, 64, 4, 15, 4, 45, 1, 1, 6, 2048];

/// Radices of the `paulista-hu-tiers-v2` key: v1's, the unused partner digit holding how many
/// unseen cards beat the seat's best unplayed card (0, 1, 2, 3+).
pub const PAULISTA_HU_TIERS_V2_RADICES: [u64; 14] = PAULISTA_HU_TIERS_RADICES;

/// Radices of the `valencian-buckets-v1` key, most significant first.
pub const VALENCIAN_RADICES: [u64; 14] = [729, 1, 7, 4, 8, 64, 4, 9, 4, 45, 8, 6, 1, 2048];

/// What differs between the variants keyed by this scheme.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Profile {
    /// Paulista (4 players or heads-up, either ferro option).
    Paulista,
    /// Heads-up paulista with lossless card tiers.
    PaulistaHuTiers,
    /// [`Profile::PaulistaHuTiers`] that also counts the unseen cards above the seat's best.
    PaulistaHuTiersV2,
    /// Valencian truc.
    Valencian,
}

impl Profile {
    /// The radices of the profile's key.
    pub(crate) const fn radices(self) -> &'static [u64; 14] {
        match self {
            Profile::Paulista => &PAULISTA_RADICES,
            Profile::PaulistaHuTiers => &PAULISTA_HU_TIERS_RADICES,
            Profile::PaulistaHuTiersV2 => &PAULISTA_HU_TIERS_V2_RADICES,
            Profile::Valencian => &VALENCIAN_RADICES,
        }
    }

    /// The strength group (1..=8; 0 no card) of a tier (1 = strongest) of the hand's table.
    fn group(self, tier: u8) -> u8 {
        // Paulista's 14 tiers: zap | copas | espadilha, pica-fumo | 3 | 2 | A K | J Q 7 |
        // 6 5 4 (the manilha rank's plain tier is empty: its cards are the manilhas).
        const PAULISTA: [u8; 15] = [0, 1, 2, 3, 3, 4, 5, 6, 6, 7, 7, 7, 8, 8, 8];
        // Valencian's 9 tiers: 1E 1B | 7E 7O | 3s | 7C 7B | 6s | 5s 4s.
        const VALENCIAN: [u8; 10] = [0, 1, 1, 2, 2, 3, 4, 5, 6, 6];
        let table: &[u8] = match self {
            // Every tier its own group.
            Profile::PaulistaHuTiers | Profile::PaulistaHuTiersV2 => return tier.min(14),
            Profile::Paulista => &PAULISTA,
            Profile::Valencian => &VALENCIAN,
        };
        table.get(tier as usize).copied().unwrap_or(0)
    }

    /// The score digit from the points each team still needs.
    fn score(self, need_me: u8, need_opp: u8) -> u64 {
        match self {
            // To 12 with 1, 3, 6, 9, 12 at stake: 1 (a mão de onze) | 2-3 | 4-6 | 7-9 | 10-12.
            Profile::Paulista | Profile::PaulistaHuTiers | Profile::PaulistaHuTiersV2 => {
                let b = |n: u8| match n {
                    0..=1 => 0,
                    2..=3 => 1,
                    4..=6 => 2,
                    7..=9 => 3,
                    _ => 4,
                };
                b(need_me) * 5 + b(need_opp)
            }
            // A cama of 24 (12 malas, 12 buenas): the smaller need, 1-2 | 3-6 | 7-12 | 13-24
            // (both in the malas, where the falta is the whole cama), and whether the other
            // team is strictly closer. The camas won are not keyed: the training utility is the
            // points the hand brings toward closing the cama (see abstractions/valencian.md).
            Profile::Valencian => {
                let stake = match need_me.min(need_opp) {
                    0..=2 => 0,
                    3..=6 => 1,
                    7..=12 => 2,
                    _ => 3,
                };
                stake * 2 + (need_opp < need_me) as u64
            }
        }
    }
}

/// Bit of each action kind in the legal mask.
fn legal_bit(a: Action) -> u64 {
    match a {
        Action::Play(_) => 1,
        Action::Raise => 1 << 1,
        Action::Quiero => 1 << 2,
        Action::NoQuiero => 1 << 3,
        Action::Envido => 1 << 4,
        Action::RealEnvido => 1 << 5,
        Action::FaltaEnvido => 1 << 6,
        Action::Mazo => 1 << 7,
        Action::Hide(_) => 1 << 8,
        Action::Blind(_) => 1 << 9,
        Action::Pass => 1 << 10,
        // Flor and contraflor exist in neither variant (the caller checked the rules).
        Action::Flor | Action::Contraflor => 0,
    }
}

/// Three cards' groups as one sorted number in the profile's slot base (9, or 15 for the
/// tiers profile; strongest first; 0 = no card).
fn hand_digit(
    profile: Profile,
    table: &RankTable,
    cards: impl Iterator<Item = crate::Card>,
) -> u64 {
    let base = match profile {
        Profile::PaulistaHuTiers | Profile::PaulistaHuTiersV2 => 15,
        _ => 9,
    };
    let mut groups = [0u8; 3];
    for (slot, c) in groups.iter_mut().zip(cards) {
        *slot = profile.group(table.tier(c).unwrap_or(0));
    }
    groups.sort_unstable_by_key(|&g| if g == 0 { u8::MAX } else { g });
    groups.iter().fold(0, |acc, &g| acc * base + g as u64)
}

/// The key digits of `view` (the caller checked the rules and that the match is not over).
pub(crate) fn digits(
    profile: Profile,
    view: &View,
    need_me: u8,
    need_opp: u8,
    legal: Option<&[Action]>,
) -> [u64; 14] {
    let p = view.public();
    let r = p.rules();
    let players = r.players;
    let seat = view.seat();
    let team = r.team(seat);
    let partner = (seat + players / 2) % players;
    let table = p.rank_table();
    let group_of = |c| profile.group(table.tier(c).unwrap_or(0));
    let hand = hand_digit(profile, &table, view.hand().iter());
    let partner_hand = match (profile, view.partner_cards()) {
        (Profile::Paulista, Some(cards)) => hand_digit(profile, &table, cards.into_iter()),
        _ => 0,
    };
    let e = p.envido();
    // The envit is called in trick 1 (or answered while pending); once it is accepted or
    // refused, or trick 1 is over, the value is dropped.
    let open = p.trick() == 0 && !e.accepted && !e.called();
    let env = if r.envido && (open || e.pending) {
        view.known_dealt().map_or(0, |d| {
            envido_bucket(crate::envido::envido_value(
                crate::cards::CardSet::from_cards(&d),
            ))
        })
    } else {
        0
    };
    let position = ((seat + players - p.mano()) % players) as u64;
    let score = profile.score(need_me, need_opp);
    let mut results = 0u64;
    for t in 0..3 {
        let res = match p.trick_result(t) {
            None => 0,
            Some(PARDA) => 3,
            Some(w) if w == team => 1,
            Some(_) => 2,
        };
        results = results * 4 + res;
    }
    let (mut on_table, mut best_opp, mut partner_group) = (0u64, 0u8, 0u8);
    let (mut best_opp_strength, mut partner_strength) = (0u8, 0u8);
    let t = p.trick() as usize;
    if t < 3 {
        for s in 0..players {
            let hidden = p.is_hidden(t, s);
            let card = p.played(t, s);
            if card.is_none() && !hidden {
                continue;
            }
            on_table += 1;
            let Some(c) = card else { continue };
            let strength = table.strength(c);
            if r.team(s) != team {
                if strength > best_opp_strength {
                    best_opp_strength = strength;
                    best_opp = group_of(c);
                }
            } else if s == partner {
                partner_strength = strength;
                partner_group = group_of(c);
            }
        }
    }
    let partner_digit = match (profile, partner_strength) {
        (Profile::PaulistaHuTiersV2, _) => unseen_above_best(view, &table),
        (_, 0) => 0,
        (_, s) if s < best_opp_strength => 3,
        _ if partner_group <= 2 => 1,
        _ => 2,
    };
    let tr = p.truco();
    let who = |t: u8| match t {
        NONE => 0,
        t if t == team => 1,
        _ => 2,
    };
    let pending = match (tr.pending, r.team(tr.caller) == team) {
        (false, _) => 0,
        (true, true) => 1,
        (true, false) => 2,
    };
    // The envit (settled at the hand's end): its stake while pending, and its status: not
    // called | pending, own / other team's call | accepted | refused, paying own team / the
    // other team.
    let (chain, status) = if r.envido {
        let chain = if e.pending {
            (e.envidos.min(1) as u64) * 4 + (e.real as u64) * 2 + e.falta as u64
        } else {
            0
        };
        let caller_mine = r.team(e.caller) == team;
        let status = if e.pending {
            1 + !caller_mine as u64
        } else if e.accepted {
            3
        } else if e.called() {
            4 + !caller_mine as u64
        } else {
            0
        };
        (chain, status)
    } else {
        (0, 0)
    };
    let eleven = match profile {
        Profile::Valencian => 0,
        _ if p.is_iron() => 3,
        _ if p.is_open_iron() => 4,
        _ => p.mao_de_onze().map_or(0, |t| 1 + (t != team) as u64),
    };
    let mask = super::legal_mask(view, legal, legal_bit);
    [
        hand,
        partner_hand,
        env,
        position,
        score,
        results,
        on_table.min(3),
        best_opp as u64,
        partner_digit,
        (tr.level as u64) * 9 + pending * 3 + who(tr.raiser),
        chain,
        status,
        eleven,
        mask,
    ]
}

/// How many cards the seat has not seen ([`View::unseen`]) beat its best unplayed card under
/// the hand's rank table: 0, 1, 2 or 3 for three or more; 0 with no card known (a blind mão de
/// ferro). From trick 2 on this is what the finished tricks showed of the opponent's cards, in
/// the terms that decide a truco call: whether the seat holds the best card left.
fn unseen_above_best(view: &View, table: &RankTable) -> u64 {
    let Some(best) = view.hand().iter().map(|c| table.strength(c)).max() else {
        return 0;
    };
    let above = view
        .unseen()
        .iter()
        .filter(|&c| table.strength(c) > best)
        .count();
    above.min(3) as u64
}

/// The seat's unplayed cards in the scheme's canonical order: strongest first by the hand's
/// rank table, ties by card index (cards of one tier play alike).
pub(crate) fn card_order(view: &View) -> [Option<crate::Card>; 3] {
    let table = view.public().rank_table();
    let mut out = [None; 3];
    for (slot, c) in out.iter_mut().zip(view.hand().iter()) {
        *slot = Some(c);
    }
    out.sort_unstable_by_key(|c| match c {
        Some(c) => (u8::MAX - table.strength(*c), c.index()),
        None => (u8::MAX, u8::MAX),
    });
    out
}
