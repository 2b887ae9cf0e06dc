//! Cards, suits, decks and card sets, with the text notation `1E 7O 3C 12B`.
//!
//! A [`Card`] is a `Copy` index `suit * 10 + rank_index` (0..40) into the 40-card Spanish deck,
//! where the rank index runs over the ranks `1 2 3 4 5 6 7 10 11 12`. A [`CardSet`] is a `u64`
//! bitmask over those indices.

use std::fmt;
use std::str::FromStr;

use thiserror::Error;

/// The four Spanish suits, in index order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Suit {
    /// Espadas (swords), letter `E`.
    Espadas = 0,
    /// Bastos (clubs), letter `B`.
    Bastos = 1,
    /// Oros (coins), letter `O`.
    Oros = 2,
    /// Copas (cups), letter `C`.
    Copas = 3,
}

impl Suit {
    /// All suits in index order.
    pub const ALL: [Suit; 4] = [Suit::Espadas, Suit::Bastos, Suit::Oros, Suit::Copas];

    /// The suit's letter in the notation (`E`, `B`, `O`, `C`).
    pub const fn letter(self) -> char {
        match self {
            Suit::Espadas => 'E',
            Suit::Bastos => 'B',
            Suit::Oros => 'O',
            Suit::Copas => 'C',
        }
    }

    /// Parses a suit letter, case-insensitive.
    pub fn from_letter(c: char) -> Option<Suit> {
        match c.to_ascii_uppercase() {
            'E' => Some(Suit::Espadas),
            'B' => Some(Suit::Bastos),
            'O' => Some(Suit::Oros),
            'C' => Some(Suit::Copas),
            _ => None,
        }
    }
}

/// The ten ranks of a Spanish deck, by rank index.
pub const RANKS: [u8; 10] = [1, 2, 3, 4, 5, 6, 7, 10, 11, 12];

/// One card of the 40-card Spanish deck: `suit * 10 + rank_index`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Card(u8);

impl Card {
    /// Number of distinct cards (the 40-card Spanish deck).
    pub const COUNT: usize = 40;

    /// The card with the given suit and printed rank, or `None` if the rank is not 1-7, 10-12.
    pub const fn new(suit: Suit, rank: u8) -> Option<Card> {
        let ri = match rank {
            1..=7 => rank - 1,
            10..=12 => rank - 3,
            _ => return None,
        };
        Some(Card(suit as u8 * 10 + ri))
    }

    /// The card with this index (0..40), or `None`.
    pub const fn from_index(i: u8) -> Option<Card> {
        if i < 40 {
            Some(Card(i))
        } else {
            None
        }
    }

    /// The card's index 0..40.
    #[inline]
    pub const fn index(self) -> u8 {
        self.0
    }

    /// The card's suit.
    #[inline]
    pub const fn suit(self) -> Suit {
        Suit::ALL[(self.0 / 10) as usize]
    }

    /// The printed rank: 1-7, 10, 11 or 12.
    #[inline]
    pub const fn rank(self) -> u8 {
        RANKS[(self.0 % 10) as usize]
    }
}

/// Const helper for tables: the card of `suit` and `rank`; panics at compile time on a bad rank.
pub(crate) const fn card(suit: Suit, rank: u8) -> Card {
    match Card::new(suit, rank) {
        Some(c) => c,
        None => panic!("bad rank"),
    }
}

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.rank(), self.suit().letter())
    }
}

/// Why a card token could not be read.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum CardError {
    /// The token is empty.
    #[error("empty card token")]
    Empty,
    /// The token has no suit letter, e.g. `7`.
    #[error("card `{token}`: missing suit letter (E, B, O or C)")]
    MissingSuit {
        /// The offending token.
        token: String,
    },
    /// The suit letter is not E, B, O or C, e.g. `1X`.
    #[error("card `{token}`: unknown suit `{suit}` (expected E, B, O or C)")]
    UnknownSuit {
        /// The offending token.
        token: String,
        /// The unknown suit text.
        suit: String,
    },
    /// The rank is missing or not a number.
    #[error("card `{token}`: missing or non-numeric rank")]
    BadRank {
        /// The offending token.
        token: String,
    },
    /// The rank is not one of a Spanish deck's (8 and 9 are removed; nothing above 12).
    #[error("card `{token}`: no {rank} in a Spanish deck (ranks are 1-7, 10, 11, 12)")]
    NoSuchRank {
        /// The offending token.
        token: String,
        /// The rank read.
        rank: u32,
    },
    /// The card exists but is not in the variant's deck.
    #[error("card `{card}` is not in the {deck} deck")]
    NotInDeck {
        /// The card.
        card: Card,
        /// The deck's name.
        deck: Deck,
    },
    /// The same card appears twice.
    #[error("card `{card}` appears twice")]
    Duplicate {
        /// The repeated card.
        card: Card,
    },
}

impl FromStr for Card {
    type Err = CardError;

    fn from_str(s: &str) -> Result<Card, CardError> {
        let token = s.trim();
        if token.is_empty() {
            return Err(CardError::Empty);
        }
        let split = token
            .char_indices()
            .find(|(_, c)| !c.is_ascii_digit())
            .map(|(i, _)| i)
            .unwrap_or(token.len());
        let (digits, suit_text) = token.split_at(split);
        if digits.is_empty() {
            return Err(CardError::BadRank {
                token: token.to_string(),
            });
        }
        if suit_text.is_empty() {
            return Err(CardError::MissingSuit {
                token: token.to_string(),
            });
        }
        let mut chars = suit_text.chars();
        let suit = match (chars.next().and_then(Suit::from_letter), chars.next()) {
            (Some(s), None) => s,
            _ => {
                return Err(CardError::UnknownSuit {
                    token: token.to_string(),
                    suit: suit_text.to_string(),
                })
            }
        };
        let rank: u32 = digits.parse().map_err(|_| CardError::BadRank {
            token: token.to_string(),
        })?;
        u8::try_from(rank)
            .ok()
            .and_then(|r| Card::new(suit, r))
            .ok_or(CardError::NoSuchRank {
                token: token.to_string(),
                rank,
            })
    }
}

/// A set of cards as a bitmask over card indices.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct CardSet(pub u64);

impl CardSet {
    /// The empty set.
    pub const EMPTY: CardSet = CardSet(0);

    /// A set holding the given cards.
    pub fn from_cards(cards: &[Card]) -> CardSet {
        cards.iter().fold(CardSet::EMPTY, |s, &c| s.with(c))
    }

    /// Whether the set holds `c`.
    #[inline]
    pub const fn contains(self, c: Card) -> bool {
        self.0 & (1 << c.0) != 0
    }

    /// The set plus `c`.
    #[inline]
    #[must_use]
    pub const fn with(self, c: Card) -> CardSet {
        CardSet(self.0 | (1 << c.0))
    }

    /// The set without `c`.
    #[inline]
    #[must_use]
    pub const fn without(self, c: Card) -> CardSet {
        CardSet(self.0 & !(1 << c.0))
    }

    /// Adds `c`.
    #[inline]
    pub fn insert(&mut self, c: Card) {
        self.0 |= 1 << c.0;
    }

    /// Removes `c`.
    #[inline]
    pub fn remove(&mut self, c: Card) {
        self.0 &= !(1 << c.0);
    }

    /// Number of cards.
    #[inline]
    pub const fn len(self) -> u32 {
        self.0.count_ones()
    }

    /// Whether the set is empty.
    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Iterates the cards in index order.
    #[inline]
    pub fn iter(self) -> CardSetIter {
        CardSetIter(self.0)
    }
}

/// Iterator over a [`CardSet`] in index order.
#[derive(Clone, Copy, Debug)]
pub struct CardSetIter(u64);

impl Iterator for CardSetIter {
    type Item = Card;
    #[inline]
    fn next(&mut self) -> Option<Card> {
        if self.0 == 0 {
            return None;
        }
        let i = self.0.trailing_zeros() as u8;
        self.0 &= self.0 - 1;
        Some(Card(i))
    }
}

impl IntoIterator for CardSet {
    type Item = Card;
    type IntoIter = CardSetIter;
    fn into_iter(self) -> CardSetIter {
        self.iter()
    }
}

impl fmt::Display for CardSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, c) in self.iter().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            write!(f, "{c}")?;
        }
        Ok(())
    }
}

/// The decks the variants use.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Deck {
    /// The 40-card Spanish deck (no 8s and 9s).
    Spanish40,
    /// The 22-card Valencian deck: 3-7 of every suit plus 1E and 1B.
    Valencian22,
}

impl Deck {
    /// The deck's cards.
    pub const fn cards(self) -> CardSet {
        match self {
            Deck::Spanish40 => CardSet((1 << 40) - 1),
            Deck::Valencian22 => {
                // Rank indices 2..=6 are the ranks 3..=7.
                let per_suit: u64 = 0b111_1100;
                CardSet(
                    per_suit
                        | per_suit << 10
                        | per_suit << 20
                        | per_suit << 30
                        | 1 // 1E
                        | 1 << 10, // 1B
                )
            }
        }
    }

    /// Checks that `c` belongs to this deck.
    pub fn check(self, c: Card) -> Result<Card, CardError> {
        if self.cards().contains(c) {
            Ok(c)
        } else {
            Err(CardError::NotInDeck {
                card: c,
                deck: self,
            })
        }
    }

    /// Parses whitespace-separated cards of this deck with no repeats, in order.
    pub fn parse_cards(self, text: &str) -> Result<Vec<Card>, CardError> {
        let mut seen = CardSet::EMPTY;
        let mut out = Vec::new();
        for tok in text.split_whitespace() {
            let c = self.check(tok.parse()?)?;
            if seen.contains(c) {
                return Err(CardError::Duplicate { card: c });
            }
            seen.insert(c);
            out.push(c);
        }
        Ok(out)
    }

    /// Parses whitespace-separated cards of this deck into a set (no repeats allowed).
    pub fn parse_set(self, text: &str) -> Result<CardSet, CardError> {
        Ok(CardSet::from_cards(&self.parse_cards(text)?))
    }
}

/// The reduced deck of `arg-1v1-mini` ([`crate::rules::RuleSet::ARG_1V1_MINI_ID`]):
/// 1E 7E 3B 3O 4O 5C 12C. Seven cards keep six strength tiers with a possible tie (the two 3s),
/// three envido pairs (1E+7E = 28, 3O+4O = 27, 5C+12C = 25) and hidden information (one card
/// stays out, so neither seat knows the other's hand), while the 140 deals keep the exact best
/// response computable.
pub const MINI_DECK: CardSet = CardSet(
    1 << card(Suit::Espadas, 1).index()
        | 1 << card(Suit::Espadas, 7).index()
        | 1 << card(Suit::Bastos, 3).index()
        | 1 << card(Suit::Oros, 3).index()
        | 1 << card(Suit::Oros, 4).index()
        | 1 << card(Suit::Copas, 5).index()
        | 1 << card(Suit::Copas, 12).index(),
);

impl fmt::Display for Deck {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Deck::Spanish40 => "40-card Spanish",
            Deck::Valencian22 => "22-card Valencian",
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trip_all_cards() {
        for i in 0..40 {
            let c = Card::from_index(i).unwrap();
            let text = c.to_string();
            assert_eq!(text.parse::<Card>().unwrap(), c);
            assert_eq!(text.to_lowercase().parse::<Card>().unwrap(), c);
        }
        assert_eq!(Card::from_index(40), None);
    }

    #[test]
    fn notation_examples() {
        let cards = Deck::Spanish40.parse_cards("1E 7o 3C 12b").unwrap();
        assert_eq!(cards[0], Card::new(Suit::Espadas, 1).unwrap());
        assert_eq!(cards[1], Card::new(Suit::Oros, 7).unwrap());
        assert_eq!(cards[2].suit(), Suit::Copas);
        assert_eq!(cards[3].rank(), 12);
        assert_eq!(CardSet::from_cards(&cards).to_string(), "1E 12B 7O 3C");
    }

    #[test]
    fn errors_name_token_and_reason() {
        let e = "8E".parse::<Card>().unwrap_err();
        assert_eq!(
            e,
            CardError::NoSuchRank {
                token: "8E".into(),
                rank: 8
            }
        );
        assert!(e.to_string().contains("no 8 in a Spanish deck"));
        assert!(matches!(
            "13O".parse::<Card>(),
            Err(CardError::NoSuchRank { rank: 13, .. })
        ));
        let e = "1X".parse::<Card>().unwrap_err();
        assert!(matches!(&e, CardError::UnknownSuit { suit, .. } if suit == "X"));
        assert!(e.to_string().contains("`1X`"));
        assert!(matches!(
            "7".parse::<Card>(),
            Err(CardError::MissingSuit { .. })
        ));
        assert!(matches!(
            "E".parse::<Card>(),
            Err(CardError::BadRank { .. })
        ));
        assert!(matches!(
            "7EE".parse::<Card>(),
            Err(CardError::UnknownSuit { .. })
        ));
        assert_eq!(
            Deck::Spanish40.parse_cards("1E 3C 1e").unwrap_err(),
            CardError::Duplicate {
                card: Card::new(Suit::Espadas, 1).unwrap()
            }
        );
        let e = Deck::Valencian22.parse_cards("1E 2E").unwrap_err();
        assert!(matches!(e, CardError::NotInDeck { .. }));
        assert!(e.to_string().contains("2E"));
        assert!(Deck::Valencian22.parse_cards("1O").is_err());
    }

    #[test]
    fn decks_have_right_sizes() {
        assert_eq!(Deck::Spanish40.cards().len(), 40);
        let v = Deck::Valencian22.cards();
        assert_eq!(v.len(), 22);
        assert!(v.contains("1B".parse().unwrap()));
        assert!(v.contains("7C".parse().unwrap()));
        assert!(!v.contains("12C".parse().unwrap()));
        assert!(!v.contains("2O".parse().unwrap()));
    }

    #[test]
    fn cardset_ops() {
        let a: Card = "3C".parse().unwrap();
        let b: Card = "4C".parse().unwrap();
        let mut s = CardSet::EMPTY.with(a).with(b);
        assert_eq!(s.len(), 2);
        s.remove(a);
        assert!(!s.contains(a) && s.contains(b));
        assert_eq!(s.iter().collect::<Vec<_>>(), vec![b]);
    }
}
