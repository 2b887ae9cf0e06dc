//! Information-set abstraction of `arg-1v1` (and `arg-1v1-mini`): a [`View`] plus the hand's
//! public events become one packed `u64` key, computed here once for the trainer and the query
//! side. Definition and rationale: `abstractions/arg-1v1.md`; the radices are data in
//! `abstractions/arg-1v1.toml`, whose bytes feed [`Abstraction::definition_hash`].
//!
//! The key is a mixed-radix number (no hashing, so no collisions; the radices multiply to less
//! than 2^64, checked by a test) of:
//! - the dealt hand's class ([`hand_class`]: sorted tiers + suit pattern, 1,812 classes);
//! - whether the seat is the mano; the score bucket ([`score_bucket`], 147 buckets);
//! - which of its dealt cards the seat played in each trick, and the tier of each opponent card;
//! - the truco ladder and the envido chain as the public state holds them, with the opponent's
//!   revealed envido total;
//! - [`Order`]: when the truco calls and the envido came relative to the cards (dropped by
//!   [`Abstraction::TiersNoOrder`]).
//!
//! Card actions must be listed in the same order for every hand of a class: use
//! [`order_actions`] on the legal actions before reading or writing a table row.

mod buckets;
pub mod equity;
mod hand;
mod table;
mod team;

use buckets::Grouping;
mod order;
mod score;

use thiserror::Error;

pub use buckets::{
    BUCKET_RADICES, BUCKET_RADICES_EQUITY, BUCKET_RADICES_EQUITY_COARSE, BUCKET_RADICES_V2,
    BUCKET_RADICES_V3,
};
pub use hand::{hand_class, HAND_CLASSES};
pub use order::{Order, ORDER_STATES};
pub use score::{score_bucket, NEED_CAP, SCORE_BUCKETS};
use table::Profile;
pub use table::{
    PAULISTA_HU_TIERS_RADICES, PAULISTA_HU_TIERS_V2_RADICES, PAULISTA_RADICES, VALENCIAN_RADICES,
};
use team::TeamVersion;
pub use team::{CLASSIC_RADICES, TEAM_RADICES, TEAM_RADICES_V2};

use crate::action::{Action, Event, NONE};
use crate::cards::Card;
use crate::rules::Variant;
use crate::view::View;

/// The definition file (its bytes feed the definition hash).
pub const DEFINITION: &str = include_str!("../../../../abstractions/arg-1v1.toml");

/// The definition file of `arg-1v1-buckets-v2` (kept apart so that the hashes, hence the
/// tables, of the earlier abstractions stay valid).
pub const DEFINITION_V2: &str = include_str!("../../../../abstractions/arg-1v1-buckets-v2.toml");

/// The definition file of `arg-1v1-buckets-v3`.
pub const DEFINITION_V3: &str = include_str!("../../../../abstractions/arg-1v1-buckets-v3.toml");

/// The definition file of `arg-1v1-equity-v1` (measured card buckets, with the buckets as data).
pub const DEFINITION_EQUITY: &str = include_str!("../../../../abstractions/arg-1v1-equity-v1.toml");

/// The definition file of `arg-1v1-equity-coarse-v1`.
pub const DEFINITION_EQUITY_COARSE: &str =
    include_str!("../../../../abstractions/arg-1v1-equity-coarse-v1.toml");

/// The definition file of `arg-2v2-buckets-v1`.
pub const DEFINITION_2V2: &str = include_str!("../../../../abstractions/arg-2v2.toml");

/// The definition file of `arg-2v2-buckets-v2`.
pub const DEFINITION_2V2_V2: &str =
    include_str!("../../../../abstractions/arg-2v2-buckets-v2.toml");

/// The definition file of `arg-classic-buckets-v1`.
pub const DEFINITION_CLASSIC: &str = include_str!("../../../../abstractions/arg-classic.toml");

/// The definition file of `paulista-buckets-v1`.
pub const DEFINITION_PAULISTA: &str = include_str!("../../../../abstractions/paulista.toml");

/// The definition file of `paulista-hu-tiers-v1`.
pub const DEFINITION_PAULISTA_HU_TIERS: &str =
    include_str!("../../../../abstractions/paulista-hu-tiers.toml");

/// The definition file of `paulista-hu-tiers-v2`.
pub const DEFINITION_PAULISTA_HU_TIERS_V2: &str =
    include_str!("../../../../abstractions/paulista-hu-tiers-v2.toml");

/// The definition file of `valencian-buckets-v1`.
pub const DEFINITION_VALENCIAN: &str = include_str!("../../../../abstractions/valencian.toml");

/// The digits' radices, most significant first (mirrors `abstractions/arg-1v1.toml`).
pub const RADICES: [u64; 12] = [
    HAND_CLASSES,
    2,
    SCORE_BUCKETS,
    16,
    15,
    15,
    15,
    36,
    12,
    6,
    35,
    ORDER_STATES,
];

/// Why a view has no key.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum AbstractionError {
    /// The abstraction is not defined for the view's rules.
    #[error("abstraction {abstraction} does not apply to {variant} with {players} players and target {target} (it covers {covers})")]
    Unsupported {
        /// The abstraction's id.
        abstraction: &'static str,
        /// The rules it covers.
        covers: &'static str,
        /// The view's variant.
        variant: Variant,
        /// Its players.
        players: u8,
        /// Its target.
        target: u8,
    },
    /// The match is over (a side needs no more points): no decision is left.
    #[error("score {0}-{1}: the match is over")]
    MatchOver(u8, u8),
    /// A key digit fell out of its range (a view no arg-1v1 hand can reach).
    #[error("key digit {index} is {value}, outside 0..{radix}")]
    OutOfRange {
        /// Digit position.
        index: usize,
        /// Its value.
        value: u64,
        /// Its radix.
        radix: u64,
    },
    /// An abstraction id is unknown.
    #[error("unknown abstraction `{0}` (valid: arg-1v1-tiers-v1, arg-1v1-tiers-noorder-v1, arg-1v1-buckets-v1, arg-1v1-buckets-v2, arg-1v1-buckets-v3, arg-1v1-equity-v1, arg-1v1-equity-coarse-v1, arg-2v2-buckets-v1, arg-2v2-buckets-v2, arg-classic-buckets-v1, paulista-buckets-v1, paulista-hu-tiers-v1, valencian-buckets-v1)")]
    UnknownId(String),
}

/// The abstractions of `arg-1v1`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Abstraction {
    /// Everything described above, order included (the default).
    #[default]
    Tiers,
    /// The same without [`Order`]: the key is a function of the [`View`] alone.
    TiersNoOrder,
    /// The first lossy abstraction for the full game (see the `buckets` module docs).
    Buckets,
    /// The lossy abstraction with finer card groups and each own card's result against the
    /// card on the table (see the `buckets` module docs).
    BucketsV2,
    /// v2 plus the strongest card the opponent showed in a finished trick.
    BucketsV3,
    /// v1 with the full hand keyed by a measured bucket: hands clustered by their equity
    /// against classes of opponent hands (the `equity` module), 54 buckets.
    EquityV1,
    /// The same with 32 buckets.
    EquityCoarseV1,
    /// The lossy abstraction of `arg-2v2` (two teams of two, to 30; see the `team` module
    /// docs and `abstractions/arg-2v2.md`).
    Arg2v2BucketsV1,
    /// v1 with a coarser score digit and the envido chain only while pending (so that the
    /// table trains further in the same time; `abstractions/arg-2v2.md`).
    Arg2v2BucketsV2,
    /// The lossy abstraction of `arg-classic` with any options: 2, 4 or 6 players, flor,
    /// target 15, pica-pica (`abstractions/arg-classic.md`).
    ArgClassicBucketsV1,
    /// The lossy abstraction of paulista, 4 players or heads-up (see the `table` module docs
    /// and `abstractions/paulista.md`).
    PaulistaBucketsV1,
    /// Heads-up paulista with every card keyed by its own tier under the vira
    /// (`abstractions/paulista.md`).
    PaulistaHuTiersV1,
    /// v1 that also keys how many unseen cards beat the seat's best unplayed card
    /// (`abstractions/paulista.md`).
    PaulistaHuTiersV2,
    /// The lossy abstraction of Valencian truc (`abstractions/valencian.md`).
    ValencianBucketsV1,
}

impl Abstraction {
    /// Every abstraction.
    pub const ALL: [Abstraction; 14] = [
        Abstraction::Tiers,
        Abstraction::TiersNoOrder,
        Abstraction::Buckets,
        Abstraction::BucketsV2,
        Abstraction::BucketsV3,
        Abstraction::EquityV1,
        Abstraction::EquityCoarseV1,
        Abstraction::Arg2v2BucketsV1,
        Abstraction::Arg2v2BucketsV2,
        Abstraction::ArgClassicBucketsV1,
        Abstraction::PaulistaBucketsV1,
        Abstraction::PaulistaHuTiersV1,
        Abstraction::PaulistaHuTiersV2,
        Abstraction::ValencianBucketsV1,
    ];

    /// The abstractions of `arg-1v1` (and `arg-1v1-mini`).
    pub const ARG_1V1: [Abstraction; 7] = [
        Abstraction::Tiers,
        Abstraction::TiersNoOrder,
        Abstraction::Buckets,
        Abstraction::BucketsV2,
        Abstraction::BucketsV3,
        Abstraction::EquityV1,
        Abstraction::EquityCoarseV1,
    ];

    /// The id written in table headers.
    pub const fn id(self) -> &'static str {
        match self {
            Abstraction::Tiers => "arg-1v1-tiers-v1",
            Abstraction::TiersNoOrder => "arg-1v1-tiers-noorder-v1",
            Abstraction::Buckets => "arg-1v1-buckets-v1",
            Abstraction::BucketsV2 => "arg-1v1-buckets-v2",
            Abstraction::BucketsV3 => "arg-1v1-buckets-v3",
            Abstraction::EquityV1 => "arg-1v1-equity-v1",
            Abstraction::EquityCoarseV1 => "arg-1v1-equity-coarse-v1",
            Abstraction::Arg2v2BucketsV1 => "arg-2v2-buckets-v1",
            Abstraction::Arg2v2BucketsV2 => "arg-2v2-buckets-v2",
            Abstraction::ArgClassicBucketsV1 => "arg-classic-buckets-v1",
            Abstraction::PaulistaBucketsV1 => "paulista-buckets-v1",
            Abstraction::PaulistaHuTiersV1 => "paulista-hu-tiers-v1",
            Abstraction::PaulistaHuTiersV2 => "paulista-hu-tiers-v2",
            Abstraction::ValencianBucketsV1 => "valencian-buckets-v1",
        }
    }

    /// Whether the key holds each of the seat's own cards by its own strength tier (no two
    /// cards that play differently merged into one bucket), so that a table's choice of card
    /// is as precise as its training made it.
    pub const fn keys_every_card(self) -> bool {
        matches!(
            self,
            Abstraction::Tiers
                | Abstraction::TiersNoOrder
                | Abstraction::PaulistaHuTiersV1
                | Abstraction::PaulistaHuTiersV2
        )
    }

    /// The rules the abstraction keys, as text for messages.
    pub const fn covers(self) -> &'static str {
        match self {
            Abstraction::Arg2v2BucketsV1 | Abstraction::Arg2v2BucketsV2 => "arg-2v2",
            Abstraction::ArgClassicBucketsV1 => "arg-classic (every option set)",
            Abstraction::PaulistaBucketsV1 => "paulista (4 players or players=2, either ferro)",
            Abstraction::PaulistaHuTiersV1 | Abstraction::PaulistaHuTiersV2 => {
                "paulista players=2 (either ferro)"
            }
            Abstraction::ValencianBucketsV1 => "valencian",
            _ => "arg-1v1 and arg-1v1-mini",
        }
    }

    /// Whether the abstraction keys views of `rules`.
    pub fn supports(self, rules: &crate::rules::RuleSet) -> bool {
        match self {
            Abstraction::Arg2v2BucketsV1 | Abstraction::Arg2v2BucketsV2 => {
                *rules == crate::rules::RuleSet::ARG_2V2
            }
            Abstraction::ArgClassicBucketsV1 => rules.variant == Variant::ArgClassic,
            Abstraction::PaulistaBucketsV1 => {
                rules.variant == Variant::Paulista && matches!(rules.players, 2 | 4)
            }
            Abstraction::PaulistaHuTiersV1 | Abstraction::PaulistaHuTiersV2 => {
                rules.variant == Variant::Paulista && rules.players == 2
            }
            Abstraction::ValencianBucketsV1 => *rules == crate::rules::RuleSet::VALENCIAN,
            _ => rules.variant == Variant::Arg1v1 && rules.players == 2 && rules.target == 15,
        }
    }

    /// The definition text whose bytes feed [`Abstraction::definition_hash`].
    pub const fn definition(self) -> &'static str {
        match self {
            Abstraction::BucketsV2 => DEFINITION_V2,
            Abstraction::BucketsV3 => DEFINITION_V3,
            Abstraction::EquityV1 => DEFINITION_EQUITY,
            Abstraction::EquityCoarseV1 => DEFINITION_EQUITY_COARSE,
            Abstraction::Arg2v2BucketsV1 => DEFINITION_2V2,
            Abstraction::Arg2v2BucketsV2 => DEFINITION_2V2_V2,
            Abstraction::ArgClassicBucketsV1 => DEFINITION_CLASSIC,
            Abstraction::PaulistaBucketsV1 => DEFINITION_PAULISTA,
            Abstraction::PaulistaHuTiersV1 => DEFINITION_PAULISTA_HU_TIERS,
            Abstraction::PaulistaHuTiersV2 => DEFINITION_PAULISTA_HU_TIERS_V2,
            Abstraction::ValencianBucketsV1 => DEFINITION_VALENCIAN,
            _ => DEFINITION,
        }
    }

    /// The abstraction with this id.
    pub fn from_id(id: &str) -> Result<Abstraction, AbstractionError> {
        Abstraction::ALL
            .into_iter()
            .find(|a| a.id() == id.trim())
            .ok_or_else(|| AbstractionError::UnknownId(id.to_string()))
    }

    /// 64-bit FNV-1a hash of the definition file's bytes and the id.
    pub fn definition_hash(self) -> u64 {
        let mut h: u64 = 0xcbf2_9ce4_8422_2325;
        for &b in self
            .definition()
            .as_bytes()
            .iter()
            .chain(self.id().as_bytes())
        {
            h ^= b as u64;
            h = h.wrapping_mul(0x0000_0100_0000_01b3);
        }
        h
    }

    /// The key of `view` in the hand whose public events are `events` (as [`crate::Hand`]
    /// records them).
    pub fn key(self, view: &View, events: &[Event]) -> Result<u64, AbstractionError> {
        self.key_with_order(view, &Order::from_events(events))
    }

    /// The key of `view` given the hand's [`Order`] (kept step by step by a trainer).
    pub fn key_with_order(self, view: &View, order: &Order) -> Result<u64, AbstractionError> {
        self.key_given(view, order, None)
    }

    /// [`Abstraction::key_with_order`] for a caller that has listed the seat's legal actions
    /// already (a trainer, which needs them anyway): `legal` must be what
    /// [`View::legal_actions`] writes for `view`, in any order (the keys read only which kinds
    /// of action it holds), and saves listing them again.
    pub fn key_with_legal(
        self,
        view: &View,
        order: &Order,
        legal: &[Action],
    ) -> Result<u64, AbstractionError> {
        self.key_given(view, order, Some(legal))
    }

    fn key_given(
        self,
        view: &View,
        order: &Order,
        legal: Option<&[Action]>,
    ) -> Result<u64, AbstractionError> {
        let p = view.public();
        let r = p.rules();
        if !self.supports(r) {
            return Err(AbstractionError::Unsupported {
                abstraction: self.id(),
                covers: self.covers(),
                variant: r.variant,
                players: r.players,
                target: r.target,
            });
        }
        if let Some(profile) = self.profile() {
            let team = r.team(view.seat()) as usize;
            let score = p.score();
            let (me, opp) = (score[team], score[1 - team]);
            let (need_me, need_opp) = (r.target.saturating_sub(me), r.target.saturating_sub(opp));
            if need_me == 0 || need_opp == 0 || p.match_over() {
                return Err(AbstractionError::MatchOver(me, opp));
            }
            let d = table::digits(profile, view, need_me, need_opp, legal);
            return pack(&d, profile.radices());
        }
        let team_version = match self {
            Abstraction::Arg2v2BucketsV1 => Some((TeamVersion::V1, &TEAM_RADICES[..])),
            Abstraction::Arg2v2BucketsV2 => Some((TeamVersion::V2, &TEAM_RADICES_V2[..])),
            Abstraction::ArgClassicBucketsV1 => Some((TeamVersion::Classic, &CLASSIC_RADICES[..])),
            _ => None,
        };
        if let Some((version, radices)) = team_version {
            let team = r.team(view.seat()) as usize;
            let score = p.score();
            let (me, opp) = (score[team], score[1 - team]);
            let (need_me, need_opp) = (r.target.saturating_sub(me), r.target.saturating_sub(opp));
            if need_me == 0 || need_opp == 0 {
                return Err(AbstractionError::MatchOver(me, opp));
            }
            let d = team::digits(version, view, need_me, need_opp, legal);
            return pack(&d[..radices.len()], radices);
        }
        let seat = view.seat() & 1;
        let opp = 1 - seat;
        let score = p.score();
        let (me_pts, opp_pts) = (score[seat as usize], score[opp as usize]);
        let bucket = score_bucket(
            r.target.saturating_sub(me_pts),
            r.target.saturating_sub(opp_pts),
        )
        .ok_or(AbstractionError::MatchOver(me_pts, opp_pts))?;
        if let Some((grouping, radices)) = match self {
            Abstraction::Buckets => Some((Grouping::Six, &BUCKET_RADICES)),
            Abstraction::BucketsV2 => Some((Grouping::Eight, &BUCKET_RADICES_V2)),
            Abstraction::BucketsV3 => Some((Grouping::EightShown, &BUCKET_RADICES_V3)),
            Abstraction::EquityV1 => Some((
                Grouping::Equity(buckets::EquityKind::Fine),
                &BUCKET_RADICES_EQUITY,
            )),
            Abstraction::EquityCoarseV1 => Some((
                Grouping::Equity(buckets::EquityKind::Coarse),
                &BUCKET_RADICES_EQUITY_COARSE,
            )),
            _ => None,
        } {
            let d = buckets::digits(
                view,
                grouping,
                r.target.saturating_sub(me_pts),
                r.target.saturating_sub(opp_pts),
            );
            return pack(&d, radices);
        }
        let (ordered, pat) = canonical_order(view);
        let tr = p.truco();
        let pending = match (tr.pending, tr.caller == seat) {
            (false, _) => 0,
            (true, true) => 1,
            (true, false) => 2,
        };
        let who = |team: u8| match team {
            NONE => 0,
            t if t == seat => 1,
            _ => 2,
        };
        let e = p.envido();
        let chain = (e.envidos.min(2) as u64) * 4 + (e.real as u64) * 2 + e.falta as u64;
        let status = if e.pending {
            1 + (e.caller != seat) as u64
        } else if e.done {
            3 + who(e.winner)
        } else {
            0
        };
        let total = match e.totals[opp as usize] {
            NONE => 0,
            v => 1 + v as u64,
        };
        let opp_tier = |t: usize| p.played(t, opp).map_or(0, |c| hand::tier(c) as u64);
        let digits = [
            hand::class_of(ordered, pat),
            (p.mano() == view.seat()) as u64,
            bucket,
            plays_code(view, &ordered) as u64,
            opp_tier(0),
            opp_tier(1),
            opp_tier(2),
            (tr.level as u64) * 9 + pending * 3 + who(tr.raiser),
            chain,
            status,
            total,
            match self {
                Abstraction::Tiers => order.digit(),
                _ => 0,
            },
        ];
        pack(&digits, &RADICES)
    }
}

impl Abstraction {
    /// The key's digit radices, most significant first (as in the definition file).
    pub fn radices(self) -> &'static [u64] {
        match self {
            Abstraction::Tiers | Abstraction::TiersNoOrder => &RADICES,
            Abstraction::Buckets => &BUCKET_RADICES,
            Abstraction::BucketsV2 => &BUCKET_RADICES_V2,
            Abstraction::BucketsV3 => &BUCKET_RADICES_V3,
            Abstraction::EquityV1 => &BUCKET_RADICES_EQUITY,
            Abstraction::EquityCoarseV1 => &BUCKET_RADICES_EQUITY_COARSE,
            Abstraction::Arg2v2BucketsV1 => &TEAM_RADICES,
            Abstraction::Arg2v2BucketsV2 => &TEAM_RADICES_V2,
            Abstraction::ArgClassicBucketsV1 => &CLASSIC_RADICES,
            Abstraction::PaulistaBucketsV1 => &PAULISTA_RADICES,
            Abstraction::PaulistaHuTiersV1 => &PAULISTA_HU_TIERS_RADICES,
            Abstraction::PaulistaHuTiersV2 => &PAULISTA_HU_TIERS_V2_RADICES,
            Abstraction::ValencianBucketsV1 => &VALENCIAN_RADICES,
        }
    }

    /// The digits of `key`, most significant first (a key this abstraction packed).
    pub fn digits(self, mut key: u64) -> Vec<u64> {
        let r = self.radices();
        let mut out = vec![0; r.len()];
        for (slot, &radix) in out.iter_mut().zip(r).rev() {
            *slot = key % radix;
            key /= radix;
        }
        out
    }

    /// The profile of the rank-table scheme (paulista, valencian), if the abstraction uses it.
    fn profile(self) -> Option<Profile> {
        match self {
            Abstraction::PaulistaBucketsV1 => Some(Profile::Paulista),
            Abstraction::PaulistaHuTiersV1 => Some(Profile::PaulistaHuTiers),
            Abstraction::PaulistaHuTiersV2 => Some(Profile::PaulistaHuTiersV2),
            Abstraction::ValencianBucketsV1 => Some(Profile::Valencian),
            _ => None,
        }
    }
}

/// The union of `bit` over the seat's legal actions: `legal` where the caller listed them,
/// else listed here.
fn legal_mask(view: &View, legal: Option<&[Action]>, bit: fn(Action) -> u64) -> u64 {
    let mask = |actions: &[Action]| actions.iter().fold(0u64, |m, &a| m | bit(a));
    let listed = || {
        let mut listed = crate::ActionList::new();
        view.legal_actions(&mut listed);
        mask(listed.as_slice())
    };
    match legal {
        Some(actions) => {
            debug_assert_eq!(mask(actions), listed(), "not the view's legal actions");
            mask(actions)
        }
        None => listed(),
    }
}

/// The envido value of the seat's dealt cards (computed where a key's digit reads it).
fn dealt_envido(view: &View) -> u8 {
    crate::envido::envido_value(crate::cards::CardSet::from_cards(&view.dealt()))
}

/// Packs digits into one mixed-radix number, checking each digit's range.
fn pack(digits: &[u64], radices: &[u64]) -> Result<u64, AbstractionError> {
    let mut key = 0u64;
    for (index, (&value, &radix)) in digits.iter().zip(radices).enumerate() {
        if value >= radix {
            return Err(AbstractionError::OutOfRange {
                index,
                value,
                radix,
            });
        }
        key = key * radix + value;
    }
    Ok(key)
}

/// Which of `ordered` the seat played in tricks 1, 2, 3, as one code 0..16: none; the first
/// card's position (1..4); or the first position and the second among the two left (4..10 for
/// two cards, 10..16 for three, where the third is forced).
fn plays_code(view: &View, ordered: &[Card; 3]) -> u8 {
    let p = view.public();
    let mut pos = [0u8; 3];
    let mut n = 0;
    for t in 0..3 {
        if let Some(c) = p.played(t, view.seat()) {
            if let Some(i) = ordered.iter().position(|&o| o == c) {
                pos[n] = i as u8;
                n += 1;
            }
        }
    }
    let second = |f: u8, s: u8| if s > f { s - 1 } else { s };
    match n {
        0 => 0,
        1 => 1 + pos[0],
        2 => 4 + pos[0] * 2 + second(pos[0], pos[1]),
        _ => 10 + pos[0] * 2 + second(pos[0], pos[1]),
    }
}

/// The seat's dealt cards in the abstraction's canonical order at this point of the hand
/// (strongest tier first; ties broken by suit pattern, then by the cards already played).
fn canonical_order(view: &View) -> ([Card; 3], u8) {
    hand::canonical(view.dealt(), |o| plays_code(view, o))
}

/// The seat's dealt cards in the canonical order the key uses.
pub fn card_order(view: &View) -> [Card; 3] {
    canonical_order(view).0
}

/// Reorders the card actions of `actions` (the engine lists them first) into the canonical card
/// order, so that action `i` means the same card for every hand of a class; other actions keep
/// their place. No allocation.
pub fn order_actions(view: &View, actions: &mut [Action]) {
    let is_card = |a: &Action| matches!(a, Action::Play(_) | Action::Hide(_));
    let cards = actions.iter().filter(|a| is_card(a)).count();
    if cards == 0 || (cards == 1 && actions.first().is_some_and(is_card)) {
        // No card, or one already first: the sort below would leave every action in place.
        return;
    }
    if view.public().rules().ranking != crate::ranking::Ranking::Argentine {
        // Paulista and valencian: unplayed cards strongest first, face up before face down
        // (blind plays keep their deal-order positions).
        let order = table::card_order(view);
        let pos = |c: &Card| order.iter().position(|o| *o == Some(*c)).unwrap_or(3);
        sort_stable(actions, |a| match a {
            Action::Play(c) => pos(c),
            Action::Hide(c) => 4 + pos(c),
            _ => 8,
        });
        return;
    }
    let order = card_order(view);
    sort_stable(actions, |a| match a {
        Action::Play(c) => order.iter().position(|o| o == c).unwrap_or(3),
        _ => 4,
    });
}

/// Sorts `actions` (at most [`crate::action::MAX_ACTIONS`]) by `rank` (below 256), stable,
/// without allocating; each action is ranked once.
fn sort_stable(actions: &mut [Action], rank: impl Fn(&Action) -> usize) {
    let mut ranks = [0u8; crate::action::MAX_ACTIONS];
    let ranks = &mut ranks[..actions.len()];
    for (r, a) in ranks.iter_mut().zip(actions.iter()) {
        *r = rank(a) as u8;
    }
    // Insertion sort on at most a dozen items, stable.
    for i in 1..actions.len() {
        let mut j = i;
        while j > 0 && ranks[j - 1] > ranks[j] {
            ranks.swap(j - 1, j);
            actions.swap(j - 1, j);
            j -= 1;
        }
    }
}

#[cfg(test)]
mod tests;
#[cfg(test)]
mod tests_classic;
#[cfg(test)]
mod tests_equity;
#[cfg(test)]
mod tests_table;
#[cfg(test)]
mod tests_team;
