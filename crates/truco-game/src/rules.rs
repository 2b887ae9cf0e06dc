//! Rule sets: a small `Copy` struct of data that parameterizes the one engine.
//!
//! Build one with [`RuleSet::new`], e.g. `RuleSet::new("arg-classic", &["players=6", "flor"])`.
//!
//! The rules each variant plays are described for players in `docs/rules/` at the root of the
//! repository; "ruling N" in these docs is rule N of its list (`docs/rules/README.md`).
//!
//! # Choices where the texts are silent (all three Argentine variants)
//! - Envido chain: envido at most twice, real envido once, falta envido last; steps may be
//!   skipped but never taken back (the German ladder; the French 2v2 text says the same; the
//!   1v1 text does not limit it, and the common convention is used there too).
//! - A truco raise after an acceptance may be made only by the team that accepted the last bet,
//!   on its turn or as its answer (2v2 and German texts; the 1v1 text is silent).
//! - Accepted envido totals: arg-1v1 shows both totals (its diagram shows both hands after a
//!   quiero). arg-2v2 and arg-classic: the table announces, from the mano on, each total that
//!   beats every total announced before it; the others say "son buenas" and stay hidden. The
//!   winner is the highest total, ties to the seat first in play order from the mano.
//! - The winner's cards shown after the hand (2v2, classic) are not modelled: they are shown
//!   after the hand ended and the next hand is a fresh deal.
//!
//! # Flor (`arg-classic` option `flor`), the common Argentine convention
//! - A player holding three cards of one suit must declare `Flor` at his first action of the
//!   hand if it comes in trick 1 before he played a card (on his turn, or instead of answering
//!   an envido or truco call, like the envido-first). A second flor of an already declared team
//!   is not declared again (the team's best flor counts in a contest).
//! - A declared flor cancels the envido: a pending envido chain is void (no points) and none may
//!   be called after. An envido settled before the flor was declared stays.
//! - A flor cannot be declined. If no opposing flor is declared before trick 1 ends (or before the
//!   hand ends, if sooner), the flor's team scores [`RuleSet::flor_points`] (3).
//! - When the other team holds a flor, its holder at his first action answers with `Flor` (the
//!   best flors are compared at once, winner scores 3) or `Contraflor` (worth 6); the flor team
//!   then answers `Quiero` (compare, winner scores 6) or `No quiero` (the contraflor team
//!   scores the value before the raise, 3, as for a declined envido, ruling 4).
//! - "Con flor me achico" (conceding a flor contest without showing one's flor) is not a
//!   separate action: in points it is the same as losing the `Flor` comparison (the first
//!   flor's team scores 3); only the concealed total differs.
//! - Flor totals are revealed as the envido totals are.
//!
//! # Pica-pica (`arg-classic`, `players=6`, option `pica-pica`)
//! Hands alternate: a hand with all six (redonda), then the three one-against-one hands between
//! opposite seats (seat s against s+3, the pair of the mano's seat first), each scored for its
//! team, then a redonda again; the deal moves one seat per round (a redonda, or the three
//! pica-pica hands). The German text alternates throughout; the regional convention of
//! stopping the pica-pica near the end of the match is not modelled. See `matchplay`.

use std::fmt;

use thiserror::Error;

use crate::cards::Deck;
use crate::ranking::Ranking;

/// The variants this engine knows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Variant {
    /// `arg-1v1`: one against one, to 15 (`docs/rules/arg-1v1.md`).
    Arg1v1,
    /// `arg-2v2`: two teams of two, to 30, no flor (`docs/rules/arg-2v2.md`).
    Arg2v2,
    /// `arg-classic`: 2, 4 or 6 players with its options (`docs/rules/arg-classic.md`).
    ArgClassic,
    /// `paulista`: truco paulista (`docs/rules/paulista.md`, [`RuleSet::PAULISTA`]).
    Paulista,
    /// `valencian`: Valencian truc (`docs/rules/valencian.md`, [`RuleSet::VALENCIAN`]).
    Valencian,
}

impl Variant {
    /// All variant ids.
    pub const IDS: [&'static str; 5] =
        ["arg-1v1", "arg-2v2", "arg-classic", "paulista", "valencian"];

    /// The variant's id (`arg-1v1`...).
    pub const fn id(self) -> &'static str {
        match self {
            Variant::Arg1v1 => "arg-1v1",
            Variant::Arg2v2 => "arg-2v2",
            Variant::ArgClassic => "arg-classic",
            Variant::Paulista => "paulista",
            Variant::Valencian => "valencian",
        }
    }
}

impl fmt::Display for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

/// How the accepted envido totals are made public.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum EnvidoReveal {
    /// Every (non-folded) player's total is shown.
    All,
    /// From the mano on, a total is announced only if it beats every total announced before it;
    /// the others say "son buenas" and stay hidden.
    Records,
    /// Only the winning seat's total is announced, computed by the table from the starting
    /// hands of all seats, folded ones included (valencian envit, at the end of the hand).
    Winner,
}

/// When a player may fold (irse al mazo).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FoldRule {
    /// On one's turn to play, or as the answer to a pending call (arg-1v1, ruling 5).
    TurnOrAnswer,
    /// Only on one's turn to play.
    TurnOnly,
    /// Never: the rules have no fold (paulista: only a call can be refused).
    Never,
}

/// What the other team gets when a whole team folds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TeamFoldValue {
    /// The hand's current (accepted truco) value.
    Truco,
    /// The truco value plus 1 if the envido could still have been called (arg-2v2, ruling 6).
    TrucoPlusOpenEnvido,
}

/// A rule set: all the data the engine needs to play one variant with its options.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct RuleSet {
    /// The variant.
    pub variant: Variant,
    /// Number of players (2, 4 or 6); teams alternate seats.
    pub players: u8,
    /// Points to win the match.
    pub target: u8,
    /// Size of the malas (first half), 0 if the variant has no malas/buenas split.
    pub malas: u8,
    /// The deck.
    pub deck: Deck,
    /// The trick ranking.
    pub ranking: Ranking,
    /// Value of the hand at each truco level: none, then each accepted step (Argentine: 1, 2,
    /// 3, 4; paulista 1, 3, 6, 9, 12; valencian 1, 2, 3, 4 and joc fora, see
    /// [`RuleSet::joc_fora`]). Entries past [`RuleSet::truco_top`] are unused.
    pub truco_values: [u8; 5],
    /// The highest truco level (Argentine 3: vale cuatro; paulista and valencian 4).
    pub truco_top: u8,
    /// Whether the envido (envit) exists at all (not in paulista).
    pub envido: bool,
    /// Points of one envido call.
    pub envido_points: u8,
    /// Points of a real envido call.
    pub real_envido_points: u8,
    /// How many envido calls one chain may hold.
    pub max_envidos: u8,
    /// Whether the answering team may call the envido first (ruling 7) only with a player who
    /// has not yet played in trick 1 (arg-2v2), rather than any time during trick 1.
    pub envido_first_needs_unplayed: bool,
    /// How accepted envido totals are revealed.
    pub envido_reveal: EnvidoReveal,
    /// When players may fold.
    pub fold: FoldRule,
    /// Value of a whole-team fold.
    pub team_fold_value: TeamFoldValue,
    /// `early-mazo`: a whole-team fold in trick 1 before the envido was played gives 2 at least.
    pub early_mazo: bool,
    /// `falta-in-malas`: an accepted falta while both teams are in the malas wins the match.
    pub falta_in_malas: bool,
    /// `flor` with contraflor.
    pub flor: bool,
    /// Points of an uncontested flor (and of a plain flor contest).
    pub flor_points: u8,
    /// Points of an accepted contraflor.
    pub contraflor_points: u8,
    /// `pica-pica` (six players only): alternate redonda and one-against-one hands.
    pub pica_pica: bool,
    /// In a pica-pica hand, which of the round's three one-against-one hands this is (1: the
    /// pair of the round's mano, then 2 and 3); such a hand has `players == 2`, its seats 0 and
    /// 1 are the pair's players (0 leads) and its teams are theirs. 0 in every other hand.
    /// Spots write it as the option `pair=K` after `players=6 pica-pica`.
    pub pica_pair: u8,
    /// Camas to win the match (valencian 2); 0 = no camas: the match is won at `target`.
    /// With camas, `target` is the cama's size: a team reaching it closes the cama, both scores
    /// reset to 0 and the excess is lost.
    pub camas: u8,
    /// The falta is the whole cama (`target`) while both teams are in the malas (valencian).
    pub falta_full_in_malas: bool,
    /// Valencian envit: torne only answers an envide, the chain is settled (or its refusal
    /// paid) at the end of the hand before the truc, and ruling 7's per-seat limits apply.
    pub envit: bool,
    /// Valencian out-of-turn truc (ruling 2): before each card the team not on turn may raise.
    pub out_of_turn_truco: bool,
    /// The top truco level is joc fora: accepted, the hand's winner wins the match.
    pub joc_fora: bool,
    /// Paulista hidden card: from trick 2 on a card may be played face down.
    pub hidden_card: bool,
    /// Paulista mão de onze / mão de ferro at `target - 1`.
    pub mao_de_onze: bool,
    /// All three tricks parda: no one scores the hand (paulista), instead of the mano's team.
    /// A blind mão de ferro whose three tricks are parda is replayed whatever this flag says.
    pub triple_parda_void: bool,
    /// Paulista `ferro=open`: at 11-11 the hand is played with one's own cards visible, worth
    /// the first truco value (3), with no raise and no decision (instead of the blind mão de
    /// ferro).
    pub ferro_open: bool,
}

/// Why a rule set could not be built.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum RuleError {
    /// The variant id is not known.
    #[error("unknown variant `{0}` (valid: arg-1v1, arg-2v2, arg-classic, paulista, valencian)")]
    UnknownVariant(String),
    /// The option is not known for this variant.
    #[error("unknown option `{option}` for {variant} (valid: {valid})")]
    UnknownOption {
        /// The variant.
        variant: Variant,
        /// The option text.
        option: String,
        /// The valid options.
        valid: &'static str,
    },
    /// The option is known but its value is not allowed.
    #[error("invalid option `{option}` for {variant}: {why}")]
    InvalidOption {
        /// The variant.
        variant: Variant,
        /// The option text.
        option: String,
        /// Why it is invalid.
        why: &'static str,
    },
}

const PAULISTA_OPTIONS: &str = "players=2|4, ferro=open|blind";

const CLASSIC_OPTIONS: &str =
    "players=2|4|6, target=15|30, flor, falta-in-malas, early-mazo, pica-pica (players=6), pair=1|2|3 (a pica-pica hand)";

impl RuleSet {
    /// The base Argentine rules shared by the three variants.
    const fn argentine(variant: Variant, players: u8, target: u8, malas: u8) -> RuleSet {
        RuleSet {
            variant,
            players,
            target,
            malas,
            deck: Deck::Spanish40,
            ranking: Ranking::Argentine,
            truco_values: [1, 2, 3, 4, 4],
            truco_top: 3,
            envido: true,
            envido_points: 2,
            real_envido_points: 3,
            max_envidos: 2,
            envido_first_needs_unplayed: false,
            envido_reveal: EnvidoReveal::Records,
            fold: FoldRule::TurnOnly,
            team_fold_value: TeamFoldValue::Truco,
            early_mazo: false,
            falta_in_malas: false,
            flor: false,
            flor_points: 3,
            contraflor_points: 6,
            pica_pica: false,
            pica_pair: 0,
            camas: 0,
            falta_full_in_malas: false,
            envit: false,
            out_of_turn_truco: false,
            joc_fora: false,
            hidden_card: false,
            mao_de_onze: false,
            triple_parda_void: false,
            ferro_open: false,
        }
    }

    /// `arg-1v1-mini` is [`RuleSet::ARG_1V1`] (same calls, answers, falta and scoring) dealt
    /// from [`crate::cards::MINI_DECK`] instead of the 40 cards: a game small enough for an exact
    /// best response, used to measure the solver and the abstraction. The deal is the caller's
    /// (e.g. `truco-train`): the engine accepts any cards of the Spanish deck.
    pub const ARG_1V1_MINI_ID: &'static str = "arg-1v1-mini";

    /// `arg-1v1` with no options.
    pub const ARG_1V1: RuleSet = {
        let mut r = RuleSet::argentine(Variant::Arg1v1, 2, 15, 0);
        r.fold = FoldRule::TurnOrAnswer;
        r.envido_reveal = EnvidoReveal::All;
        r
    };

    /// `arg-2v2` (it has no options).
    pub const ARG_2V2: RuleSet = {
        let mut r = RuleSet::argentine(Variant::Arg2v2, 4, 30, 15);
        r.envido_first_needs_unplayed = true;
        r.team_fold_value = TeamFoldValue::TrucoPlusOpenEnvido;
        r
    };

    /// `arg-classic` with its defaults (4 players, 30 points, no option).
    pub const ARG_CLASSIC: RuleSet = RuleSet::argentine(Variant::ArgClassic, 4, 30, 15);

    /// `paulista` (no options): 4 players, 40 cards, 12 points; vira and manilhas; truco 3, 6,
    /// 9, 12 (raised only by the team that accepted the last bet); no envido, flor or fold; the
    /// hidden card from trick 2; mão de onze and mão de ferro at 11; a triple parda scores
    /// nothing. Modelling choices:
    /// - Mão de onze: the team at 11 decides with its player first in play order from the mano
    ///   (`Quiero` = play for 3, `NoQuiero` = run, the other team scores 1). Both players of
    ///   the team at 11 see each other's cards for the whole hand (the text: "chaque joueur de
    ///   l'équipe à 11 voit les cartes de son partenaire"; seen cards are not forgotten).
    /// - Mão de ferro: no one sees their cards; a card is chosen by position
    ///   ([`crate::Action::Blind`]) among one's face-down cards in deal order and is shown as it
    ///   falls. No truco, and no hidden card (the card turns over as it falls).
    /// - A hidden card never wins or ties; a trick of hidden cards only is a parda.
    ///
    /// Heads-up options (the text allows games of two; the common heads-up rule set):
    /// - `players=2`: two seats, the dealer alternates, the non-dealer (mão) leads; the player
    ///   on 11 decides the mão de onze alone, seeing own cards and the vira; three parda
    ///   tricks go to the mão (a blind mão de ferro ending so is still replayed).
    /// - `ferro=open`: at 11-11 the hand is simply worth 3, with no raise and no decision,
    ///   played normally with one's own cards visible (hidden card allowed from trick 2).
    ///   `ferro=blind` is the default mão de ferro.
    pub const PAULISTA: RuleSet = {
        let mut r = RuleSet::argentine(Variant::Paulista, 4, 12, 0);
        r.ranking = Ranking::Paulista;
        r.truco_values = [1, 3, 6, 9, 12];
        r.truco_top = 4;
        r.envido = false;
        r.fold = FoldRule::Never;
        r.hidden_card = true;
        r.mao_de_onze = true;
        r.triple_parda_void = true;
        r
    };

    /// `valencian` (no options): 4 players, the 22-card deck, two camas of 24 (12 malas, 12
    /// buenas). Envit: `Envido` = envide (2), `RealEnvido` = torne (4, only answering an
    /// envide), `FaltaEnvido` = falta (opening or answering); settled at the end of the hand.
    /// Truc 2, retruc 3, quatre val 4, joc fora (the match). Modelling choices:
    /// - Out-of-turn truc (ruling 2): before each card is played (each time the turn passes to
    ///   a seat), if the team not on turn may raise, its player next in play order after the
    ///   seat on turn gets one chance: [`crate::Action::Raise`] or [`crate::Action::Pass`];
    ///   then the seat on turn acts as usual. The answer is decided by ruling 1.
    /// - After an acceptance the next raise belongs to the team that received (and accepted)
    ///   the bet, on its turn, in its out-of-turn window or as its answer.
    /// - Envit: opened with envide or falta on one's turn (or by a truc's decider who has not
    ///   played, ruling 7) by a seat that has not played, folded, called or answered a truc,
    ///   while no truc was accepted. At the end of the hand the table computes every seat's
    ///   total from the starting hands (folded seats included) and announces only the
    ///   winner's seat and total (ties to the seat first from the mano): the least that
    ///   explains the score; the next hand starts fresh, so nothing else is public.
    /// - Joc fora accepted and won: the winner takes the match, even if the hand's envit just
    ///   closed a cama for the other team.
    /// - Folding: only on one's turn to play, no bet pending; a whole team folded gives the
    ///   other team the truc's current value.
    pub const VALENCIAN: RuleSet = {
        let mut r = RuleSet::argentine(Variant::Valencian, 4, 24, 12);
        r.deck = Deck::Valencian22;
        r.ranking = Ranking::Valencian;
        r.truco_values = [1, 2, 3, 4, 24];
        r.truco_top = 4;
        r.envido_points = 2;
        r.real_envido_points = 2;
        r.max_envidos = 1;
        r.envido_reveal = EnvidoReveal::Winner;
        r.camas = 2;
        r.falta_full_in_malas = true;
        r.envit = true;
        r.out_of_turn_truco = true;
        r.joc_fora = true;
        r
    };

    /// Builds the rule set of `variant` with `options` (`name` or `name=value`).
    pub fn new(variant: &str, options: &[&str]) -> Result<RuleSet, RuleError> {
        let mut r = match variant.trim().to_ascii_lowercase().as_str() {
            "arg-1v1" => RuleSet::ARG_1V1,
            "arg-2v2" => RuleSet::ARG_2V2,
            "arg-classic" => RuleSet::ARG_CLASSIC,
            "paulista" => RuleSet::PAULISTA,
            "valencian" => RuleSet::VALENCIAN,
            _ => return Err(RuleError::UnknownVariant(crate::echo(variant))),
        };
        for (i, &opt) in options.iter().enumerate() {
            let name = |o: &str| {
                o.split('=')
                    .next()
                    .unwrap_or("")
                    .trim()
                    .to_ascii_lowercase()
            };
            if let Some(&earlier) = options[..i].iter().find(|&&o| name(o) == name(opt)) {
                let same = earlier.trim().eq_ignore_ascii_case(opt.trim());
                return Err(RuleError::InvalidOption {
                    variant: r.variant,
                    option: crate::echo(opt.trim()),
                    why: if same {
                        "given twice (each option at most once)"
                    } else {
                        "conflicts with another value of the same option (each option at most once)"
                    },
                });
            }
            r.apply_option(opt.trim())?;
        }
        if r.pica_pica && r.players != 6 {
            return Err(RuleError::InvalidOption {
                variant: r.variant,
                option: "pica-pica".into(),
                why: "pica-pica needs players=6",
            });
        }
        if r.pica_pair > 0 {
            if !r.pica_pica {
                return Err(RuleError::InvalidOption {
                    variant: r.variant,
                    option: format!("pair={}", r.pica_pair),
                    why: "pair names a hand of a pica-pica round: it needs players=6 pica-pica",
                });
            }
            r = r.pica_pica_hand(r.pica_pair);
        }
        Ok(r)
    }

    /// The rules of the one-against-one hand of pair `pair` (1..=3) in a pica-pica round of
    /// these six-player rules: two seats, the pair's players, with every other rule kept.
    pub const fn pica_pica_hand(self, pair: u8) -> RuleSet {
        let mut r = self;
        r.players = 2;
        r.pica_pair = pair;
        r
    }

    /// The rules of the match these hand rules belong to: a pica-pica hand's six-player rules,
    /// any other rules themselves.
    pub const fn match_rules(self) -> RuleSet {
        let mut r = self;
        if r.pica_pair > 0 {
            r.players = 6;
            r.pica_pair = 0;
        }
        r
    }

    fn apply_option(&mut self, opt: &str) -> Result<(), RuleError> {
        if self.variant == Variant::Paulista {
            return self.apply_paulista_option(opt);
        }
        let variant = self.variant;
        if variant != Variant::ArgClassic {
            return Err(RuleError::UnknownOption {
                variant,
                option: crate::echo(opt),
                valid: "none",
            });
        }
        let invalid = |why| RuleError::InvalidOption {
            variant,
            option: crate::echo(opt),
            why,
        };
        let (name, value) = match opt.split_once('=') {
            Some((n, v)) => (n.trim(), Some(v.trim())),
            None => (opt, None),
        };
        match (name.to_ascii_lowercase().as_str(), value) {
            ("players", Some(v)) => {
                self.players = match v {
                    "2" => 2,
                    "4" => 4,
                    "6" => 6,
                    _ => return Err(invalid("players must be 2, 4 or 6")),
                }
            }
            ("target", Some(v)) => match v {
                "15" => {
                    self.target = 15;
                    self.malas = 0;
                }
                "30" => {
                    self.target = 30;
                    self.malas = 15;
                }
                _ => return Err(invalid("target must be 15 or 30")),
            },
            ("flor", None) => self.flor = true,
            ("falta-in-malas", None) => self.falta_in_malas = true,
            ("early-mazo", None) => self.early_mazo = true,
            ("pica-pica", None) => self.pica_pica = true,
            ("pair", Some(v)) => {
                self.pica_pair = match v {
                    "1" => 1,
                    "2" => 2,
                    "3" => 3,
                    _ => return Err(invalid("pair must be 1, 2 or 3")),
                }
            }
            ("players" | "target" | "pair", None) => {
                return Err(invalid("needs a value, e.g. players=4"))
            }
            ("flor" | "falta-in-malas" | "early-mazo" | "pica-pica", Some(_)) => {
                return Err(invalid("this option takes no value"))
            }
            _ => {
                return Err(RuleError::UnknownOption {
                    variant,
                    option: crate::echo(opt),
                    valid: CLASSIC_OPTIONS,
                })
            }
        }
        Ok(())
    }

    /// The paulista options (`players=2|4`, `ferro=open|blind`).
    fn apply_paulista_option(&mut self, opt: &str) -> Result<(), RuleError> {
        let variant = self.variant;
        let invalid = |why| RuleError::InvalidOption {
            variant,
            option: crate::echo(opt),
            why,
        };
        let (name, value) = match opt.split_once('=') {
            Some((n, v)) => (n.trim().to_ascii_lowercase(), Some(v.trim())),
            None => (opt.to_ascii_lowercase(), None),
        };
        match (name.as_str(), value) {
            ("players", Some("2")) => {
                self.players = 2;
                self.triple_parda_void = false;
            }
            ("players", Some("4")) => {
                self.players = 4;
                self.triple_parda_void = true;
            }
            ("players", _) => return Err(invalid("players must be 2 or 4")),
            ("ferro", Some(v)) if v.eq_ignore_ascii_case("open") => self.ferro_open = true,
            ("ferro", Some(v)) if v.eq_ignore_ascii_case("blind") => self.ferro_open = false,
            ("ferro", _) => return Err(invalid("ferro must be open or blind")),
            _ => {
                return Err(RuleError::UnknownOption {
                    variant,
                    option: crate::echo(opt),
                    valid: PAULISTA_OPTIONS,
                })
            }
        }
        Ok(())
    }

    /// The team of a seat (partners alternate).
    #[inline]
    pub const fn team(&self, seat: u8) -> u8 {
        seat % 2
    }

    /// The falta envido value at this score (ruling 3): what the leading team needs to reach
    /// the target; with `falta-in-malas` while both teams are in the malas ("unter 15": below
    /// 15, which with `target=15` is the whole game), what the winner needs to reach the target
    /// (the accepted falta wins the match).
    /// Valencian: the whole cama while both teams are in the malas, else what the leader needs
    /// to close the cama.
    pub fn falta_value(&self, score: [u8; 2], winner: u8) -> u8 {
        let malas = if self.malas > 0 { self.malas } else { 15 };
        if self.falta_full_in_malas && score[0] < malas && score[1] < malas {
            return self.target;
        }
        if self.falta_in_malas && score[0] < malas && score[1] < malas {
            return self.target.saturating_sub(score[winner as usize & 1]);
        }
        let lead = score[0].max(score[1]);
        self.target.saturating_sub(lead).max(1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn new_variants() {
        assert_eq!(RuleSet::new("paulista", &[]).unwrap(), RuleSet::PAULISTA);
        assert_eq!(RuleSet::new("Valencian", &[]).unwrap(), RuleSet::VALENCIAN);
        assert!(RuleSet::new("paulista", &["flor"]).is_err());
        let hu = RuleSet::new("paulista", &["players=2", "ferro=open"]).unwrap();
        assert_eq!(
            (hu.players, hu.ferro_open, hu.triple_parda_void),
            (2, true, false)
        );
        assert_eq!(
            RuleSet::new("paulista", &["players=4", "ferro=blind"]).unwrap(),
            RuleSet::PAULISTA
        );
        assert!(matches!(
            RuleSet::new("paulista", &["players=6"]),
            Err(RuleError::InvalidOption { .. })
        ));
        assert!(matches!(
            RuleSet::new("paulista", &["ferro=half"]),
            Err(RuleError::InvalidOption { .. })
        ));
        assert!(matches!(
            RuleSet::new("valencian", &["players=2"]),
            Err(RuleError::UnknownOption { .. })
        ));
        // Valencian falta: 24 while both are in the malas; at 15 vs 8, 9.
        let v = RuleSet::VALENCIAN;
        assert_eq!(v.falta_value([11, 3], 1), 24);
        assert_eq!(v.falta_value([15, 8], 1), 9);
        assert_eq!(v.falta_value([8, 15], 0), 9);
    }

    #[test]
    fn pica_pica_hands_are_options() {
        let six = RuleSet::new("arg-classic", &["players=6", "pica-pica", "flor"]).unwrap();
        let hand = RuleSet::new("arg-classic", &["players=6", "pica-pica", "flor", "pair=2"]);
        assert_eq!(hand.unwrap(), six.pica_pica_hand(2));
        assert_eq!(
            (
                six.pica_pica_hand(2).players,
                six.pica_pica_hand(2).pica_pair
            ),
            (2, 2)
        );
        assert_eq!(six.pica_pica_hand(3).match_rules(), six);
        assert_eq!(six.match_rules(), six);
        for (opts, word) in [
            (&["players=6", "pair=1"][..], "pair=1"),
            (&["players=6", "pica-pica", "pair=4"][..], "pair=4"),
            (&["players=6", "pica-pica", "pair"][..], "pair"),
        ] {
            let e = RuleSet::new("arg-classic", opts).unwrap_err().to_string();
            assert!(e.contains(word), "{e}");
        }
    }

    #[test]
    fn builds_variants() {
        let r = RuleSet::new("arg-1v1", &[]).unwrap();
        assert_eq!(
            (r.players, r.target, r.fold),
            (2, 15, FoldRule::TurnOrAnswer)
        );
        let r = RuleSet::new("ARG-2v2", &[]).unwrap();
        assert_eq!((r.players, r.target, r.malas), (4, 30, 15));
        assert_eq!(r.team_fold_value, TeamFoldValue::TrucoPlusOpenEnvido);
        let r = RuleSet::new(
            "arg-classic",
            &["players=6", "pica-pica", "flor", "target=15"],
        )
        .unwrap();
        assert!(r.flor && r.pica_pica);
        assert_eq!((r.players, r.target, r.malas), (6, 15, 0));
        assert_eq!(
            RuleSet::new("arg-classic", &[]).unwrap(),
            RuleSet::ARG_CLASSIC
        );
    }

    #[test]
    fn typed_errors() {
        assert_eq!(
            RuleSet::new("truco-x", &[]),
            Err(RuleError::UnknownVariant("truco-x".into()))
        );
        let e = RuleSet::new("arg-classic", &["florr"]).unwrap_err();
        assert!(matches!(e, RuleError::UnknownOption { .. }));
        assert!(e.to_string().contains("early-mazo"), "{e}");
        assert!(matches!(
            RuleSet::new("arg-classic", &["players=5"]),
            Err(RuleError::InvalidOption { .. })
        ));
        assert!(matches!(
            RuleSet::new("arg-classic", &["pica-pica"]),
            Err(RuleError::InvalidOption { .. })
        ));
        assert!(matches!(
            RuleSet::new("arg-2v2", &["flor"]),
            Err(RuleError::UnknownOption { .. })
        ));
        assert!(matches!(
            RuleSet::new("arg-classic", &["target=20"]),
            Err(RuleError::InvalidOption { .. })
        ));
    }

    #[test]
    fn falta_values() {
        // German text: 12 vs 20 -> 10. French 2v2 text: 22 vs 10 -> 8.
        let r = RuleSet::ARG_CLASSIC;
        assert_eq!(r.falta_value([12, 20], 0), 10);
        assert_eq!(RuleSet::ARG_2V2.falta_value([22, 10], 1), 8);
        assert_eq!(RuleSet::ARG_1V1.falta_value([3, 9], 0), 6);
        let m = RuleSet::new("arg-classic", &["falta-in-malas"]).unwrap();
        assert_eq!(
            m.falta_value([4, 10], 0),
            26,
            "wins the match from the malas"
        );
        assert_eq!(m.falta_value([4, 17], 0), 13);
        let m15 = RuleSet::new("arg-classic", &["target=15", "falta-in-malas"]).unwrap();
        assert_eq!(
            m15.falta_value([2, 9], 0),
            13,
            "below 15 the falta wins the match"
        );
    }
}
