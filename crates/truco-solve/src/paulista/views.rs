//! The solver's information sets as engine spots: the adapter that plays a strategy table
//! trained on the engine (`truco train`, any abstraction) inside the exact class game of
//! [`HuHand`](super::HuHand), so that its value and its best-response gain can be measured
//! exactly against the solver's answer (`examples/table_gap.rs`).
//!
//! A key (documented in [`super::game`]) holds the vira class, the seat, its dealt classes and
//! the plays in order (a face-up card by class, the seat's own hidden card by class, the
//! opponent's hidden card as "hidden"). It is decoded into one concrete deal of those classes
//! (the vira of its class in oros, then the lowest unused card of each class), the plays are
//! given to their seats by the solver's trick rules, and the result is written as a spot. Each
//! of the solver's actions stands for the engine actions of its class: playing (or hiding) any
//! of the seat's cards of that class, or the mão de onze's `play` / `run`.

use truco_game::spot::rules_text;
use truco_game::{Action, Card, RuleSet, Spot};
use truco_query::{ActionOrder, Policy};

use super::classes::{card_class, representative_vira};
use super::game::{HandKind, HIDE, PLAY_ELEVEN, RUN_ELEVEN};

/// One of the solver's information sets, as the engine states it.
#[derive(Clone, Debug)]
pub struct KeySpot {
    /// The spot (the acting seat's view and the hand's events).
    pub spot: Spot,
    /// The solver's actions in its order, each with the engine actions it stands for.
    pub actions: Vec<(u8, Vec<Action>)>,
}

/// The hand a key belongs to.
#[derive(Clone, Copy, Debug)]
pub struct KeyHand<'a> {
    /// The rules the spots are written in (a table's own rules: heads-up paulista).
    pub rules: &'a RuleSet,
    /// The score at the start of the hand.
    pub score: [u8; 2],
    /// The dealer.
    pub dealer: u8,
    /// Open ferro or a mão de onze.
    pub kind: HandKind,
}

/// Decodes `key` (a decision of the hand `hand`) into a spot and the solver's actions.
pub fn key_spot(key: u64, hand: KeyHand<'_>) -> Result<KeySpot, String> {
    let vira_class = (key & 0xf) as u8;
    if vira_class > 8 {
        return Err(format!(
            "key {key:#x}: vira class {vira_class} (a custom deck)"
        ));
    }
    let seat = ((key >> 4) & 1) as u8;
    let dealt = [5, 9, 13].map(|s| ((key >> s) & 0xf) as u8);
    let deciding = (key >> 17) & 1 == 1;
    let codes: Vec<u8> = (0..6)
        .map(|i| ((key >> (18 + 5 * i)) & 0x1f) as u8)
        .take_while(|&c| c != 0)
        .collect();
    let vira = representative_vira(vira_class);
    let mut free: Vec<Card> = (0..40)
        .filter_map(Card::from_index)
        .filter(|&c| c != vira)
        .collect();
    let mut take = |class: u8| -> Result<Card, String> {
        let i = free
            .iter()
            .position(|&c| card_class(c, vira) == class)
            .ok_or_else(|| format!("key {key:#x}: no card of class {class} left"))?;
        Ok(free.remove(i))
    };
    let mut own = [vira; 3];
    for (slot, &class) in own.iter_mut().zip(&dealt) {
        *slot = take(class)?;
    }
    let mut own_left = [true; 3];
    let mut play_own = |class: u8| -> Result<Card, String> {
        let i = (0..3)
            .find(|&i| own_left[i] && dealt[i] == class)
            .ok_or_else(|| format!("key {key:#x}: the seat holds no class {class} to play"))?;
        own_left[i] = false;
        Ok(own[i])
    };
    let mut history = Vec::new();
    if let HandKind::Eleven { team } = hand.kind {
        if deciding && !codes.is_empty() {
            return Err(format!(
                "key {key:#x}: plays before the mão de onze decision"
            ));
        }
        if !deciding {
            history.push(format!("{team}:play"));
        }
    }
    let mao = (hand.dealer + 1) % 2;
    let (mut leader, mut in_trick, mut trick) = (mao, 0u8, 0u8);
    let mut lead: (u8, Option<u8>) = (0, None);
    for &code in &codes {
        let actor = if in_trick == 0 { leader } else { 1 - leader };
        let strength = match code {
            1..=13 => {
                let class = code - 1;
                let card = if actor == seat {
                    play_own(class)?
                } else {
                    take(class)?
                };
                history.push(format!("{actor}:{card}"));
                Some(class)
            }
            14..=26 if actor == seat => {
                let card = play_own(code - 14)?;
                history.push(format!("{actor}:hide-{card}"));
                None
            }
            27 if actor != seat => {
                history.push(format!("{actor}:hidden"));
                None
            }
            _ => return Err(format!("key {key:#x}: play code {code} by seat {actor}")),
        };
        if in_trick == 0 {
            lead = (actor, strength);
            in_trick = 1;
            continue;
        }
        leader = match (lead.1, strength) {
            (Some(a), Some(b)) if a > b => lead.0,
            (Some(a), Some(b)) if a < b => actor,
            (Some(_), None) => lead.0,
            (None, Some(_)) => actor,
            _ => lead.0, // a parda: its leader leads again
        };
        in_trick = 0;
        trick += 1;
        history.push("/".into());
    }
    let to_act = if in_trick == 0 { leader } else { 1 - leader };
    if !deciding && to_act != seat {
        return Err(format!(
            "key {key:#x}: seat {seat} keyed, seat {to_act} to act"
        ));
    }
    let actions = if deciding {
        vec![
            (PLAY_ELEVEN, vec![Action::Quiero]),
            (RUN_ELEVEN, vec![Action::NoQuiero]),
        ]
    } else {
        let mut classes: Vec<u8> = (0..3).filter(|&i| own_left[i]).map(|i| dealt[i]).collect();
        classes.dedup();
        let cards = |class: u8| -> Vec<Card> {
            (0..3)
                .filter(|&i| own_left[i] && dealt[i] == class)
                .map(|i| own[i])
                .collect()
        };
        let mut out: Vec<(u8, Vec<Action>)> = classes
            .iter()
            .map(|&c| (c, cards(c).into_iter().map(Action::Play).collect()))
            .collect();
        if trick == 1 {
            out.extend(
                classes
                    .iter()
                    .map(|&c| (c | HIDE, cards(c).into_iter().map(Action::Hide).collect())),
            );
        }
        out
    };
    let rules = rules_text(hand.rules).map_err(|e| e.to_string())?;
    let text = format!(
        "{rules} | score {}-{} | dealer {} vira {vira} | seat {seat}: {} {} {} | {}",
        hand.score[0],
        hand.score[1],
        hand.dealer,
        own[0],
        own[1],
        own[2],
        history.join(" ")
    );
    let spot = text
        .parse::<Spot>()
        .map_err(|e| format!("key {key:#x}: spot `{text}`: {e}"))?;
    Ok(KeySpot { spot, actions })
}

/// What a table answered over a set of the solver's information sets.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct TableRows {
    /// Information sets asked.
    pub asked: u64,
    /// Of these, spots the table never saw (played uniformly).
    pub unseen: u64,
    /// Probability the table put on actions the solver's game leaves out (the mazo, which
    /// in a hand worth 3 with no call pending only loses), summed over the asked sets.
    pub dropped: f64,
}

/// The table's strategy at `key`, over the solver's actions (`out`, in its order): each
/// action gets the table's probability of the engine actions it stands for, renormalized;
/// uniform where the table has no row. Counts into `rows`.
pub fn table_row(
    policy: &Policy,
    key: u64,
    hand: KeyHand<'_>,
    out: &mut [f64],
    rows: &mut TableRows,
) -> Result<(), String> {
    let ks = key_spot(key, hand)?;
    if ks.actions.len() != out.len() {
        return Err(format!(
            "key {key:#x}: {} actions decoded, the solver has {}",
            ks.actions.len(),
            out.len()
        ));
    }
    rows.asked += 1;
    let r = policy
        .recommend_spot(&ks.spot, ActionOrder::Engine)
        .map_err(|e| format!("{}: {e}", ks.spot))?;
    let uniform = 1.0 / out.len() as f64;
    if r.fallback {
        rows.unseen += 1;
        out.fill(uniform);
        return Ok(());
    }
    for (slot, (_, engine)) in out.iter_mut().zip(&ks.actions) {
        *slot = engine
            .iter()
            .filter_map(|&a| r.get(a))
            .map(|a| f64::from(a.prob))
            .sum();
    }
    let kept: f64 = out.iter().sum();
    rows.dropped += (1.0 - kept).max(0.0);
    if kept > 0.0 {
        out.iter_mut().for_each(|p| *p /= kept);
    } else {
        out.fill(uniform);
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use rand::{RngExt, SeedableRng};

    use truco_cfr::{ActionList, Game, NodeKind};
    use truco_game::ActionList as EngineActions;

    use super::super::classes::class_counts;
    use super::super::game::{HandValues, HuHand};
    use super::*;

    /// Random playouts of both hand kinds: every decision's key decodes into a spot that the
    /// engine accepts, with the solver's actions and each one's engine actions legal there.
    #[test]
    fn every_key_met_in_play_is_a_legal_spot() {
        let blind = RuleSet::new("paulista", &["players=2"]).unwrap();
        let open = RuleSet::new("paulista", &["players=2", "ferro=open"]).unwrap();
        let values = HandValues {
            win: [1.0, -1.0],
            run: -0.5,
        };
        let mut rng = rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(3);
        let mut decisions = 0;
        for (score, dealer, kind) in [
            ([11, 10], 0, HandKind::Eleven { team: 0 }),
            ([7, 11], 1, HandKind::Eleven { team: 1 }),
            ([11, 11], 0, HandKind::OpenFerro),
        ] {
            for vc in [0, 4, 8] {
                let game = HuHand::new(kind, (dealer + 1) % 2, vc, class_counts(vc), values);
                let hand = KeyHand {
                    rules: if kind == HandKind::OpenFerro {
                        &open
                    } else {
                        &blind
                    },
                    score,
                    dealer,
                    kind,
                };
                for _ in 0..40 {
                    let mut s = game.root();
                    let mut legal = ActionList::new();
                    loop {
                        match game.node_kind(&s) {
                            NodeKind::Terminal => break,
                            NodeKind::Chance => {
                                let o = game.sample_chance(&s, &mut rng);
                                game.apply_chance(&mut s, o);
                            }
                            NodeKind::Player(_) => {
                                game.legal_actions(&s, &mut legal);
                                let key = game.info_key(&s);
                                let ks = key_spot(key, hand).unwrap();
                                let solver: Vec<u8> = ks.actions.iter().map(|a| a.0).collect();
                                assert_eq!(solver, legal.as_slice(), "{}", ks.spot);
                                let view = ks.spot.to_view().unwrap();
                                let mut engine = EngineActions::new();
                                view.legal_actions(&mut engine);
                                for (_, list) in &ks.actions {
                                    assert!(!list.is_empty(), "{}", ks.spot);
                                    for &a in list {
                                        assert!(engine.contains(a), "{a} in {}", ks.spot);
                                    }
                                }
                                decisions += 1;
                                let a = legal[rng.random_range(0..legal.len())];
                                game.apply(&mut s, a);
                            }
                        }
                    }
                }
            }
        }
        assert!(decisions > 500, "{decisions}");
    }
}
