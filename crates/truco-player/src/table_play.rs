//! [`TablePlay`]: how the [`crate::Player`] turns its table's answer into a move.

/// Who chooses the card when a table bot's answer is to play one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CardPlay {
    /// The table's own choice.
    Table,
    /// The search bot's exact card play over sampled deals (perfect-information Monte Carlo):
    /// the table decides whether to call, answer, fold or play; the search which card.
    Search,
    /// The search where the table's abstraction merges cards into buckets, the table where it
    /// keys every card by its own tier ([`Abstraction::keys_every_card`]). Measured on the
    /// shipped tables: the search's card wins more matches over bucketed keys (arg-1v1,
    /// arg-2v2, paulista, valencian, arg-classic), the table's over card-exact keys
    /// (paulista-hu).
    ///
    /// [`Abstraction::keys_every_card`]: truco_game::abstraction::Abstraction::keys_every_card
    ByAbstraction,
}

impl CardPlay {
    /// Every choice, in the order the command line lists them.
    pub const ALL: [CardPlay; 3] = [CardPlay::Table, CardPlay::Search, CardPlay::ByAbstraction];

    /// Its name in a bot spec (`@cards=NAME`).
    pub fn name(self) -> &'static str {
        match self {
            CardPlay::Table => "table",
            CardPlay::Search => "search",
            CardPlay::ByAbstraction => "auto",
        }
    }

    /// The choice named `name` in a bot spec.
    pub fn from_name(name: &str) -> Option<CardPlay> {
        CardPlay::ALL.into_iter().find(|c| c.name() == name)
    }
}

/// Whether the player makes the big bluffs its table draws ([`TablePlay::big_bluffs`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BigBluffs {
    /// Every big bluff the table draws is made.
    Keep,
    /// None is made.
    Drop,
    /// None is made by a player that does not search; a searching player makes them. Measured
    /// with both sides searching (`crates/truco-player/README.md`, "Which rules still pay
    /// with search on"): in arg-1v1 the player without the rule won 51.1% of 4,000 matches
    /// against the player with it, and the rule won nothing beyond its interval elsewhere.
    DropUnlessSearching,
}

impl BigBluffs {
    /// Every choice, in the order the command line lists them.
    pub const ALL: [BigBluffs; 3] = [
        BigBluffs::Keep,
        BigBluffs::Drop,
        BigBluffs::DropUnlessSearching,
    ];

    /// Its name in a bot spec (`@bluffs=NAME`).
    pub fn name(self) -> &'static str {
        match self {
            BigBluffs::Keep => "all",
            BigBluffs::Drop => "small",
            BigBluffs::DropUnlessSearching => "auto",
        }
    }

    /// The choice named `name` in a bot spec.
    pub fn from_name(name: &str) -> Option<BigBluffs> {
        BigBluffs::ALL.into_iter().find(|b| b.name() == name)
    }

    /// Whether a player that searches (`searching`) or not drops its table's big bluffs.
    pub fn drops(self, searching: bool) -> bool {
        match self {
            BigBluffs::Keep => false,
            BigBluffs::Drop => true,
            BigBluffs::DropUnlessSearching => !searching,
        }
    }
}

/// How a [`crate::Player`] turns its table's answer into a move.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TablePlay {
    /// Actions whose probability is below this are dropped, the rest renormalized and sampled
    /// ([`Recommendation::purified`]); 0 samples the table's strategy as it is, 0.5 plays its
    /// most likely action.
    ///
    /// [`Recommendation::purified`]: truco_query::Recommendation::purified
    pub purify: f32,
    /// Who picks the card.
    pub cards: CardPlay,
    /// Never go to the mazo where playing on weakly dominates it
    /// ([`truco_game::PublicState::fold_is_dominated`]: nothing pending, no envido or flor left
    /// to call, the seat the last of its team still in): a fold the table draws there becomes a
    /// card (or a pass) drawn from the table's own weights on them, or the search's card; never
    /// a call.
    pub drop_dominated_folds: bool,
    /// Never accept a bet below its break-even at the score
    /// ([`truco_bots::SearchBot::accept_below_break_even`]: an envido chain by the seat's own total
    /// against any caller's, a
    /// truco call by the search's hand win chance, a paulista mão de onze by the team's): such
    /// a `quiero`, or a raise over such a truco-ladder call (which accepts it first), becomes a
    /// `no quiero`. A caller's hand is no weaker than a random one, so the
    /// rule refuses only what loses against any sound caller; the tables, trained against
    /// bluffing copies of themselves over coarse keys, accepted such bets.
    pub refuse_below_break_even: bool,
    /// When to make no big bluff ([`truco_bots::SearchBot::big_bluff`]): a falta envido away
    /// from the end, or a truco-ladder raise that stakes the match (the valencian joc fora,
    /// paulista's doze from 0-0), called on a showdown the seat is more likely to lose than
    /// win. The table's other actions share the call's weight (the search bot acts if the table
    /// wants nothing else). The tables bluffed such calls, which stake the match for a few
    /// points: that pays only against opponents who rarely accept.
    pub big_bluffs: BigBluffs,
    /// Make no truco-ladder bluff ([`truco_bots::SearchBot::truco_call_is_bluff`]): no truco, retruco or
    /// vale cuatro (paulista seis to doze, valencian retruc to joc fora), called on one's turn or
    /// raised over a call, on a hand the search gives less than even chances. Accepted, such a
    /// call plays a bigger hand as the underdog; it pays only through folds. The table's other
    /// actions share the call's weight.
    pub drop_truco_bluffs: bool,
    /// Make no envido bluff ([`truco_bots::heuristic::envido_call_is_bluff`]: an envido-family call on a
    /// total more likely to lose its showdown than win it) once the match shows the opponents
    /// decline the team's envido calls too seldom for bluffs to pay
    /// ([`truco_bots::Opponents::envido_bluffs_pay`]). The table's other actions share the call's weight.
    pub adapt_envido_bluffs: bool,
    /// Play as the search bot once the opponents have shown themselves erratic
    /// ([`truco_bots::Opponents::erratic`]: folds or envido answers no sound player makes). The table
    /// expects its opponents' calls to mean strength and folds or declines weak hands against
    /// them; the search bot judges every call by the hand's chance against unknown hands.
    pub search_against_erratic: bool,
    /// Never refuse, run or fold where that ends the match lost while another legal action
    /// does not (a `no quiero` to a truco or an envido chain, a mazo, a paulista mão de onze
    /// refused, a valencian cama): the move becomes the best action that keeps the match alive
    /// ([`crate::Player`] tries accepting first, then playing on).
    pub keep_the_match: bool,
    /// Read the table's rows as served, with its declared post-processing step applied
    /// ([`truco_query::Table::post_process`]: purify, threshold), rather than as trained. The
    /// same rows on a table that declares none.
    pub served_rows: bool,
}

impl TablePlay {
    /// The table's strategy as trained (as served: with the post-processing step the table
    /// declares, if any): sampled, its own cards, its folds.
    pub const RAW: TablePlay = TablePlay {
        purify: 0.0,
        cards: CardPlay::Table,
        drop_dominated_folds: false,
        refuse_below_break_even: false,
        big_bluffs: BigBluffs::Keep,
        drop_truco_bluffs: false,
        adapt_envido_bluffs: false,
        search_against_erratic: false,
        keep_the_match: false,
        served_rows: true,
    };

    /// How the player plays a table by default (the model cards): its actions of probability
    /// 0.2 or more, sampled (thresholding), the card by [`CardPlay::ByAbstraction`], no dominated
    /// fold, no bet accepted below its break-even, no big bluff (unless it searches), no truco
    /// bluff, no envido bluff against opponents who seldom decline one, the search bot's play
    /// against erratic opponents, no move that loses the match where another does not. It reads
    /// the rows as trained: its own threshold already drops the small actions, and its rules
    /// redraw from the actions a processed row would have zeroed.
    ///
    /// The threshold is 0.2, not 0.5 (the most likely action): measured by local best response
    /// on the heads-up tables, playing the most likely action alone doubles to quadruples what
    /// a best response wins (paulista heads-up +0.20 points per hand against +0.09 at 0.2), and
    /// in the Argentine heads-up tables it won nothing against the bots
    /// (`crates/truco-player/README.md`, "Thresholding, not purification").
    pub const STRONG: TablePlay = TablePlay {
        purify: 0.2,
        cards: CardPlay::ByAbstraction,
        drop_dominated_folds: true,
        refuse_below_break_even: true,
        big_bluffs: BigBluffs::DropUnlessSearching,
        drop_truco_bluffs: true,
        adapt_envido_bluffs: true,
        search_against_erratic: true,
        keep_the_match: true,
        served_rows: false,
    };
}
