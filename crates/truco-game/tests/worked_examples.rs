//! The worked examples of the three Argentine rule texts (and of `docs/rules/`), driven through
//! the public API: hands are dealt, actions applied, and the points checked.

use truco_game::envido::envido_value;
use truco_game::tricks::PARDA;
use truco_game::{Action, Actor, Card, Deck, PublicState, RuleSet, Source, State, NONE};

fn deal(rules: RuleSet, score: [u8; 2], mano: u8, hands: &str) -> State {
    let hs: Vec<[Card; 3]> = hands
        .split('/')
        .map(|h| {
            let v = Deck::Spanish40.parse_cards(h).unwrap();
            [v[0], v[1], v[2]]
        })
        .collect();
    State::deal(PublicState::new_hand(rules, score, mano).unwrap(), &hs).unwrap()
}

/// Applies the actions; returns the points per team and the sources in order.
fn run(st: &mut State, actions: &str) -> ([u32; 2], Vec<Source>) {
    let mut pts = [0, 0];
    let mut src = Vec::new();
    for a in actions.split_whitespace() {
        let (_, aw) = st
            .apply(a.parse::<Action>().unwrap())
            .unwrap_or_else(|e| panic!("{a}: {e}"));
        for x in aw.iter() {
            pts[x.team as usize] += x.points as u32;
            src.push(x.source);
        }
    }
    (pts, src)
}

fn tanto(s: &str) -> u8 {
    envido_value(Deck::Spanish40.parse_set(s).unwrap())
}

#[test]
fn envido_totals_of_all_texts() {
    // arg-2v2 text.
    assert_eq!(tanto("7O 6O 1C"), 33);
    assert_eq!(tanto("7E 3E 10E"), 30);
    assert_eq!(tanto("12B 11B 4C"), 20);
    assert_eq!(tanto("5O 12E 11C"), 5);
    // arg-1v1 text and diagrams.
    assert_eq!(tanto("7O 6O 3E"), 33);
    assert_eq!(tanto("5C 10C 1E"), 25);
    assert_eq!(tanto("6E 5E 12O"), 31);
    assert_eq!(tanto("7B 3O 12C"), 7);
    // arg-classic text: 7♥ 5♥ K♠, K♦ D♦ 3♣, A♠ 6♣ 4♦ (hearts = copas, diamonds = oros,
    // clubs = bastos, spades = espadas).
    assert_eq!(tanto("7C 5C 12E"), 32);
    assert_eq!(tanto("12O 11O 3B"), 20);
    assert_eq!(tanto("1E 6B 4O"), 6);
}

#[test]
fn arg_1v1_envido_diagram_after_quiero() {
    // B (mano, seat 0) holds 7-6 oros = 33, W holds 5-10 copas = 25: B wins the 2 points and
    // both totals are shown.
    let mut st = deal(RuleSet::ARG_1V1, [0, 0], 0, "7O 6O 3E / 5C 10C 1E");
    let (pts, src) = run(&mut st, "envido quiero");
    assert_eq!(pts, [2, 0]);
    assert_eq!(src, vec![Source::Envido]);
    assert_eq!(st.public().envido().totals[..2], [33, 25]);
}

#[test]
fn arg_1v1_envido_interrupts_truco_diagram() {
    // B calls truco; W answers envido instead; W's 31 beats B's 7; then W answers the truco.
    let mut st = deal(RuleSet::ARG_1V1, [0, 0], 0, "7B 3O 12C / 6E 5E 12O");
    let (pts, _) = run(&mut st, "truco envido quiero");
    assert_eq!(pts, [0, 2]);
    assert_eq!(st.public().truco().level, 0, "the hand still shows 1 point");
    assert!(st.public().truco().pending);
    assert_eq!(st.actor(), Actor::Team { team: 1, seat: 1 });
}

#[test]
fn arg_1v1_parda_diagrams() {
    // Trick 1 parda (3E vs 3O), trick 2 parda (two kings), trick 3 parda (two 6s): the mano B
    // (seat 0) wins without winning a trick.
    let mut st = deal(RuleSet::ARG_1V1, [0, 0], 0, "3E 12E 6E / 3O 12O 6O");
    run(&mut st, "3E 3O");
    assert_eq!(st.public().trick_result(0), Some(PARDA));
    assert_eq!(
        st.actor(),
        Actor::Seat(0),
        "whoever led the parda leads again"
    );
    let (pts, _) = run(&mut st, "12E 12O 6E 6O");
    assert_eq!(pts, [1, 0]);
    // Same with seat 1 as mano: the mano's side wins.
    let mut st = deal(RuleSet::ARG_1V1, [0, 0], 1, "3E 12E 6E / 3O 12O 6O");
    assert_eq!(run(&mut st, "3O 3E 12O 12E 6O 6E").0, [0, 1]);
}

#[test]
fn arg_1v1_parda_bullets() {
    let r = RuleSet::ARG_1V1;
    // Win the first two tricks: over after two (here at once: once 1E is out, a 1B led in
    // trick 2 can be neither beaten nor tied, ruling 14).
    let mut st = deal(r, [0, 0], 0, "1E 1B 4C / 3O 2O 5C");
    assert_eq!(run(&mut st, "1E 3O 1B").0, [1, 0]);
    assert!(st.public().is_over());
    // Win one, parda the other (either order): won without a third trick.
    let mut st = deal(r, [0, 0], 0, "1E 3B 4C / 2O 3O 5C");
    assert_eq!(run(&mut st, "1E 2O 3B 3O").0, [1, 0]);
    let mut st = deal(r, [0, 0], 0, "3B 1E 4C / 3O 2O 5C");
    assert_eq!(run(&mut st, "3B 3O 1E").0, [1, 0]);
    // 1-1, then trick 3 decides; a parda there goes to the winner of trick 1.
    let mut st = deal(r, [0, 0], 0, "1E 4B 5C / 3O 2O 5O");
    assert_eq!(run(&mut st, "1E 3O 4B 2O 5O 5C").0, [1, 0]);
    let mut st = deal(r, [0, 0], 0, "4B 1E 5C / 3O 2O 6O");
    assert_eq!(run(&mut st, "4B 3O 2O 1E 5C 6O").0, [0, 1]);
    // Two pardas, then trick 3 decides.
    let mut st = deal(r, [0, 0], 0, "3E 12E 4E / 3O 12O 6O");
    assert_eq!(run(&mut st, "3E 3O 12E 12O 4E 6O").0, [0, 1]);
}

#[test]
fn arg_classic_hand_winner_after_pardas_four_players() {
    let r = RuleSet::ARG_CLASSIC;
    // Trick 1 parda (3E s0 vs 3O s1), trick 2 won by team 1: team 1 wins.
    let mut st = deal(r, [0, 0], 0, "3E 4E 5E / 3O 1B 4O / 4C 5C 6C / 4B 5B 6B");
    // (Ruling 14: once seat 2 has played, only team 1 is left to play in trick 2 and 1B
    // cannot lose it.)
    let (pts, _) = run(&mut st, "3E 3O 4C 4B 4E 1B 5C");
    assert!(st.public().is_over());
    assert_eq!(pts, [0, 1]);
    // A later trick parda: the winner of trick 1 wins.
    let mut st = deal(r, [0, 0], 0, "1E 3E 5E / 2O 3O 6O / 4C 5C 6C / 4B 5B 6B");
    run(&mut st, "1E 2O 4C 4B");
    assert_eq!(st.public().trick_result(0), Some(0));
    let (pts, _) = run(&mut st, "3E 3O 5C 5B");
    assert_eq!(st.public().trick_result(1), Some(PARDA));
    assert_eq!(pts, [1, 0]);
    assert!(st.public().is_over());
    // Three pardas: the mano's team.
    let mut st = deal(r, [0, 0], 1, "3E 12E 6E / 3O 12O 6O / 4C 5C 7C / 4B 5B 7B");
    let (pts, _) = run(&mut st, "3O 4C 4B 3E 12O 5C 5B 12E 6O 7C 7B 6E");
    assert_eq!(pts, [0, 1]);
    // Partners sharing the top card win the trick for their team.
    let mut st = deal(r, [0, 0], 0, "3E 4E 5E / 2O 4O 6O / 3C 5C 6C / 4B 5B 6B");
    run(&mut st, "3E 2O 3C 4B");
    assert_eq!(st.public().trick_result(0), Some(0));
    assert_eq!(
        st.actor(),
        Actor::Seat(0),
        "the first of the tied partners leads"
    );
}

#[test]
fn arg_classic_anna_carla_falta_example() {
    // Anna and Carla 12, Ben and Dan 20. Anna calls envido, Dan raises to falta envido (worth
    // 10: what the leaders need for 30), Anna accepts; Dan has 31, Anna 28: Ben and Dan reach
    // 30 and win. Ruling 1 lets the player first after the caller answer for his team, so the
    // seats are Anna 0, Ben 1, Carla 2, Dan 3 with Ben (mano) folded first: Dan then answers
    // Anna's envido, and Anna answers Dan's falta.
    let r = RuleSet::ARG_CLASSIC;
    let mut st = deal(
        r,
        [12, 20],
        1,
        "7C 1C 4B / 4C 5O 6B / 12O 11B 3E / 6E 5E 4O",
    );
    run(&mut st, "mazo 12O 4O");
    assert_eq!(st.actor(), Actor::Seat(0));
    run(&mut st, "envido");
    assert_eq!(st.actor(), Actor::Team { team: 1, seat: 3 });
    run(&mut st, "falta-envido");
    assert_eq!(st.actor(), Actor::Team { team: 0, seat: 0 });
    let (pts, src) = run(&mut st, "quiero");
    assert_eq!(pts, [0, 10]);
    assert_eq!(src, vec![Source::Envido]);
    assert_eq!(st.public().score(), [12, 30]);
    assert!(st.public().match_over() && st.public().is_over());
}

#[test]
fn arg_2v2_falta_example() {
    // 22 against 10: the falta is worth 8. The leader wins it: 30, the game ends.
    let r = RuleSet::ARG_2V2;
    let hands = "7O 6O 1C / 4C 5B 12E / 3E 2B 11O / 6E 4O 10B";
    let mut st = deal(r, [22, 10], 0, hands);
    let (pts, _) = run(&mut st, "falta-envido quiero");
    assert_eq!(pts, [8, 0]);
    assert!(st.public().match_over());
    // The other team wins it: it adds the same 8 points.
    let mut st = deal(r, [10, 22], 0, hands);
    let (pts, _) = run(&mut st, "falta-envido quiero");
    assert_eq!(pts, [8, 0]);
    assert_eq!(st.public().score(), [18, 22]);
    assert!(!st.public().is_over(), "the hand goes on");
}

#[test]
fn declined_envido_values_of_the_texts() {
    let r = RuleSet::ARG_1V1;
    let h = "7O 6O 1C / 5C 10C 4E";
    let cases: [(&str, [u32; 2]); 6] = [
        ("envido no-quiero", [1, 0]),
        ("envido envido no-quiero", [0, 2]),
        ("real-envido no-quiero", [1, 0]),
        ("envido real-envido no-quiero", [0, 2]),
        ("envido falta-envido no-quiero", [0, 2]),
        ("envido real-envido falta-envido no-quiero", [5, 0]),
    ];
    for (seq, want) in cases {
        let mut st = deal(r, [0, 0], 0, h);
        assert_eq!(run(&mut st, seq).0, want, "{seq}");
    }
}

#[test]
fn truco_refusal_values() {
    let r = RuleSet::ARG_CLASSIC;
    let h = "7O 6O 1C / 5C 10C 4E / 3E 2B 11O / 6E 4O 10B";
    for (seq, want) in [
        ("truco no-quiero", [1, 0]),
        ("truco retruco no-quiero", [0, 2]),
        ("truco retruco vale-cuatro no-quiero", [3, 0]),
    ] {
        let mut st = deal(r, [0, 0], 0, h);
        let (pts, src) = run(&mut st, seq);
        assert_eq!(pts, want, "{seq}");
        assert_eq!(src, vec![Source::TrucoDeclined]);
    }
}

#[test]
fn ruling_5_arg_1v1_fold_answering() {
    let r = RuleSet::ARG_1V1;
    let h = "7O 6O 1C / 5C 10C 4E";
    // Folding against a pending envido: envido declined (1) + hand lost (1).
    let mut st = deal(r, [0, 0], 0, h);
    let (pts, src) = run(&mut st, "envido mazo");
    assert_eq!(pts, [2, 0]);
    assert_eq!(src, vec![Source::EnvidoDeclined, Source::Fold]);
    // Folding against a pending truco: the truco refused.
    let mut st = deal(r, [0, 0], 0, h);
    assert_eq!(run(&mut st, "truco mazo").0, [1, 0]);
    // Folding against a retruco after an accepted truco: 2.
    let mut st = deal(r, [0, 0], 0, h);
    assert_eq!(run(&mut st, "truco retruco mazo").0, [0, 2]);
    // The caller cannot fold while his call is pending (he is not to act).
    let mut st = deal(r, [0, 0], 0, h);
    run(&mut st, "truco");
    assert_eq!(st.actor(), Actor::Team { team: 1, seat: 1 });
}

#[test]
fn ruling_6_whole_team_folds() {
    let h = "7O 6O 1C / 5C 10C 4E / 3E 2B 11O / 6E 4O 10B";
    // arg-2v2: truco value + 1 while the envido could still be called.
    let mut st = deal(RuleSet::ARG_2V2, [0, 0], 0, h);
    let (pts, src) = run(&mut st, "mazo 5C mazo");
    assert_eq!((pts, src), ([0, 2], vec![Source::Fold]));
    // arg-classic: the truco value alone.
    let mut st = deal(RuleSet::ARG_CLASSIC, [0, 0], 0, h);
    assert_eq!(run(&mut st, "mazo 5C mazo").0, [0, 1]);
    // arg-classic with early-mazo: 2.
    let em = RuleSet::new("arg-classic", &["early-mazo"]).unwrap();
    let mut st = deal(em, [0, 0], 0, h);
    assert_eq!(run(&mut st, "mazo 5C mazo").0, [0, 2]);
    // arg-2v2 after a truco accepted: 2 (no envido possible any more).
    let mut st = deal(RuleSet::ARG_2V2, [0, 0], 0, h);
    assert_eq!(run(&mut st, "truco quiero mazo 5C mazo").0, [0, 2]);
}

#[test]
fn envido_to_target_ends_match_before_tricks() {
    // "Les points de l'envido s'ajoutent tout de suite. S'ils amènent une équipe à 30, la
    // partie s'arrête sans jouer les tours."
    let mut st = deal(
        RuleSet::ARG_2V2,
        [28, 5],
        0,
        "7O 6O 1C / 5C 10C 4E / 3E 2B 11O / 6E 4O 10B",
    );
    let (pts, _) = run(&mut st, "envido quiero");
    assert_eq!(pts, [2, 0]);
    assert!(st.public().is_over());
    assert_eq!(st.actor(), Actor::Terminal);
    // arg-1v1: a falta envido can end the game before any trick is decided.
    let mut st = deal(RuleSet::ARG_1V1, [3, 11], 0, "7O 6O 1C / 5C 10C 4E");
    let (pts, _) = run(&mut st, "falta-envido quiero");
    assert_eq!(
        pts,
        [4, 0],
        "the falta is what the player closest to 15 needs"
    );
    let mut st = deal(RuleSet::ARG_1V1, [11, 3], 0, "7O 6O 1C / 5C 10C 4E");
    run(&mut st, "falta-envido quiero");
    assert_eq!(st.public().score(), [15, 3]);
    assert!(st.public().match_over());
}

#[test]
fn son_buenas_keeps_losing_totals_hidden() {
    // arg-2v2: the table announces from the mano; a total that does not beat the best so far
    // is "son buenas" and stays hidden.
    let mut st = deal(
        RuleSet::ARG_2V2,
        [0, 0],
        0,
        "7C 5C 12E / 12O 11O 3B / 1E 6B 4O / 7O 6O 1C",
    );
    run(&mut st, "envido quiero");
    assert_eq!(st.public().envido().totals[..4], [32, NONE, NONE, 33]);
    assert_eq!(st.public().score(), [0, 2]);
}

#[test]
fn arg_2v2_tricks_pardas_and_leads() {
    // "Si les deux cartes les plus fortes sont du même rang et d'équipes différentes, le tour
    // est nul ; si elles sont à deux partenaires, le tour revient à leur équipe. Après un tour
    // nul, celui qui avait ouvert le tour nul rejoue en premier."
    let r = RuleSet::ARG_2V2;
    let mut st = deal(r, [0, 0], 2, "4C 5C 6C / 2E 4B 5B / 2O 1E 6E / 4O 5O 6O");
    // Trick 1 led by seat 2 (mano): 2O (s2), 4O (s3), 4C (s0), 2E (s1): parda across teams.
    run(&mut st, "2O 4O 4C 2E");
    assert_eq!(st.public().trick_result(0), Some(PARDA));
    assert_eq!(st.actor(), Actor::Seat(2), "the parda's leader leads again");
    // Trick 2: 1E wins for team 0: parda then a win decides the hand, at once (ruling 14).
    let (pts, src) = run(&mut st, "1E");
    assert_eq!((pts, src), ([1, 0], vec![Source::Tricks]));
    // Partners' tie: 3E (s0) and 3C (s2) on top: team 0 wins trick 1, s0 (first of them) leads.
    let mut st = deal(r, [0, 0], 0, "3E 4C 5C / 2E 4B 5B / 3C 1E 6E / 4O 5O 6O");
    run(&mut st, "3E 2E 3C 4O");
    assert_eq!(st.public().trick_result(0), Some(0));
    assert_eq!(st.actor(), Actor::Seat(0));
}

/// Ruling 11, raise rights on the truco ladder: only the team that did not make the pending
/// call answers or raises it; once a call is accepted the next raise belongs to the accepting
/// team; the caller's team raises again only after the other team has raised.
#[test]
fn ruling_11_raise_rights() {
    let legal = |st: &State| {
        let mut l = truco_game::ActionList::new();
        st.legal_actions(&mut l);
        l.as_slice().to_vec()
    };
    // Heads-up: seat 0 calls truco; seat 1 answers (it may raise); seat 0 may not raise its
    // own pending call (it is not even the actor).
    let mut st = deal(RuleSet::ARG_1V1, [0, 0], 0, "4C 5C 6C / 4B 5B 6B");
    run(&mut st, "truco");
    assert_eq!(st.actor(), Actor::Team { team: 1, seat: 1 });
    assert!(legal(&st).contains(&Action::Raise));
    // Accepted: the caller (seat 0, on turn) may not raise; the acceptor may at its turn.
    run(&mut st, "quiero");
    assert!(!legal(&st).contains(&Action::Raise));
    run(&mut st, "4C");
    assert!(legal(&st).contains(&Action::Raise));
    // Seat 1 raises (retruco), seat 0 accepts: now seat 1 may not raise, seat 0 may again.
    run(&mut st, "retruco quiero");
    assert_eq!(st.actor(), Actor::Seat(1));
    assert!(!legal(&st).contains(&Action::Raise));
    run(&mut st, "4B");
    assert!(
        legal(&st).contains(&Action::Raise),
        "vale cuatro is seat 0's"
    );
    // Two teams of two: the same rights hold for every seat of the team.
    let mut st = deal(
        RuleSet::ARG_2V2,
        [0, 0],
        0,
        "4C 5C 6C / 4B 5B 6B / 4O 5O 6O / 4E 5E 6E",
    );
    run(&mut st, "truco quiero");
    assert!(!legal(&st).contains(&Action::Raise), "seat 0 called it");
    run(&mut st, "4C");
    assert!(legal(&st).contains(&Action::Raise), "seat 1 accepted it");
    run(&mut st, "4B");
    assert!(
        !legal(&st).contains(&Action::Raise),
        "seat 2: its team called"
    );
    run(&mut st, "4O");
    assert!(
        legal(&st).contains(&Action::Raise),
        "seat 3: its team accepted"
    );
}
