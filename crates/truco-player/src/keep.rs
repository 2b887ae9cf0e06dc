//! The match-keeping rule ([`crate::TablePlay::keep_the_match`]): no refusal or fold that ends
//! the match lost where another legal action does not.

use truco_game::{Action, Event, View};

/// Where `chosen` ends the match lost for the seat of `view` and another of `legal` does not:
/// the action to play instead (accepting first, then playing on, then any other). `None` where
/// `chosen` keeps the match alive, or nothing does.
pub fn keeps_the_match(view: &View, legal: &[Action], chosen: Action) -> Option<Action> {
    if !loses_the_match(view, chosen) {
        return None;
    }
    let rank = |a: Action| match a {
        Action::Quiero => 0,
        Action::Play(_) | Action::Hide(_) | Action::Blind(_) | Action::Pass => 1,
        _ => 2,
    };
    let mut keep: Option<Action> = None;
    for &a in legal {
        if a != chosen && !loses_the_match(view, a) && keep.is_none_or(|k| rank(a) < rank(k)) {
            keep = Some(a);
        }
    }
    keep
}

/// Whether the seat of `view` taking `action` ends the hand with the match won by the other
/// team, whatever the hidden cards. Card plays are never judged lost here: their outcome can
/// depend on cards the seat does not see.
pub fn loses_the_match(view: &View, action: Action) -> bool {
    if matches!(action, Action::Play(_) | Action::Hide(_) | Action::Blind(_)) {
        return false;
    }
    let mut p = *view.public();
    let seat = view.seat();
    if p.apply_event(Event::Act { seat, action }).is_err() {
        return false;
    }
    p.match_winner() == Some(1 - seat % 2)
}

#[cfg(test)]
mod tests {
    use truco_game::{ActionList, Spot};

    use super::*;

    fn view(spot: &str) -> (View, ActionList) {
        let spot: Spot = spot.parse().unwrap();
        let v = spot.to_view().unwrap();
        let mut legal = ActionList::new();
        v.legal_actions(&mut legal);
        (v, legal)
    }

    #[test]
    fn a_refusal_that_loses_the_match_becomes_an_accept() {
        // Team 1 reaches 14 with the falta refused; refusing its truco gives it the 15th.
        let (v, legal) =
            view("arg-1v1 | score 14-13 | dealer 0 | seat 0: 5E 6E 12B | 1:falta-envido 0:no-quiero 1:truco");
        assert!(loses_the_match(&v, Action::NoQuiero));
        assert!(loses_the_match(&v, Action::Mazo));
        assert!(!loses_the_match(&v, Action::Quiero));
        let l = legal.as_slice();
        assert_eq!(
            keeps_the_match(&v, l, Action::NoQuiero),
            Some(Action::Quiero)
        );
        assert_eq!(keeps_the_match(&v, l, Action::Mazo), Some(Action::Quiero));
        assert_eq!(keeps_the_match(&v, l, Action::Quiero), None);
        // Far from the end, refusing loses a point, not the match.
        let (v, legal) = view("arg-1v1 | score 3-4 | dealer 0 | seat 0: 5E 6E 12B | 1:truco");
        assert_eq!(
            keeps_the_match(&v, legal.as_slice(), Action::NoQuiero),
            None
        );
    }
}
