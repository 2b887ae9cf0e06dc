//! One worker's MCCFR traversals: external sampling, outcome sampling, the pruning rule and the
//! unpruned average-strategy pass. Generic over where updates go ([`crate::delta::Updates`]).

use rand::Rng;

use crate::algo::Algorithm;
use crate::delta::Updates;
use crate::error::CfrError;
use crate::game::{ActionList, Game, NodeKind, Player, MAX_ACTIONS};
use crate::games::unit_f64;
use crate::mccfr::McConfig;
use crate::table::{Entry, InfoTable};

/// One worker's traversal state.
pub(crate) struct Walker<'a, G: Game, R, U> {
    game: &'a G,
    table: &'a InfoTable<G::Key>,
    pub(crate) upd: U,
    config: &'a McConfig,
    rng: &'a mut R,
    weight: f32,
    prune: bool,
    /// Nodes visited so far.
    pub(crate) nodes: u64,
    /// Actions skipped by pruning so far.
    pub(crate) pruned: u64,
}

impl<'a, G: Game, R: Rng, U: Updates> Walker<'a, G, R, U> {
    pub(crate) fn new(
        game: &'a G,
        table: &'a InfoTable<G::Key>,
        upd: U,
        config: &'a McConfig,
        rng: &'a mut R,
    ) -> Self {
        Self {
            game,
            table,
            upd,
            config,
            rng,
            weight: 1.0,
            prune: false,
            nodes: 0,
            pruned: 0,
        }
    }

    /// Runs `count` iterations numbered `first + 1 ..= first + count`.
    pub(crate) fn run(&mut self, first: u64, count: u64) -> Result<(), CfrError> {
        let root = self.game.root();
        for k in 0..count {
            let t = first + 1 + k;
            self.weight = self.config.averaging.weight(t) as f32;
            self.prune = match self.config.pruning {
                Some(p) if t > p.warmup => unit_f64(self.rng) < p.probability,
                _ => false,
            };
            let separate_average = match self.config.pruning {
                Some(p) if self.config.algorithm == Algorithm::EsMccfr => t
                    .is_multiple_of(p.average_interval.max(1))
                    .then_some(p.average_interval.max(1)),
                _ => None,
            };
            for seat in 0..self.game.seats() {
                if let Some(interval) = separate_average {
                    let w = self.weight;
                    self.weight *= interval as f32;
                    self.average_pass(&root, seat)?;
                    self.weight = w;
                }
                match self.config.algorithm {
                    Algorithm::OsMccfr => {
                        self.outcome(&root, seat, 1.0, 1.0, 1.0)?;
                    }
                    _ => {
                        self.external(&root, seat)?;
                    }
                }
            }
        }
        Ok(())
    }

    /// Looks up the node's information set and its current strategy.
    #[inline]
    fn node_info(
        &mut self,
        s: &G::State,
        actions: &mut ActionList<G::Action>,
        sigma: &mut [f32; MAX_ACTIONS],
    ) -> Result<Entry, CfrError> {
        let t = self.table;
        let key = self.game.key_and_actions(s, actions, |k| t.prefetch(k));
        let e = t.get_or_insert(&key, actions.len())?;
        if !self.upd.current_strategy(e, sigma) {
            self.game.prior(s, &mut sigma[..e.len]);
        }
        Ok(e)
    }

    /// [`Walker::node_info`] under [`McConfig::lazy`]: `insert` says whether a missing
    /// information set may be created here (a traverser's node while the table has room);
    /// `None` means it does not exist, and `sigma` is uniform.
    #[inline]
    fn lazy_node_info(
        &mut self,
        s: &G::State,
        actions: &mut ActionList<G::Action>,
        sigma: &mut [f32; MAX_ACTIONS],
        insert: bool,
    ) -> Result<Option<Entry>, CfrError> {
        if !self.config.lazy {
            return self.node_info(s, actions, sigma).map(Some);
        }
        let t = self.table;
        // The map slot loads from memory while the legal actions are listed.
        let key = self.game.key_and_actions(s, actions, |k| t.prefetch(k));
        let room = t.len() < t.max_info_sets() / 10 * 9
            && t.action_slots() + MAX_ACTIONS < t.max_actions() / 10 * 9;
        let e = if insert && room {
            Some(t.get_or_insert(&key, actions.len())?)
        } else {
            t.get(&key)
        };
        match e {
            Some(e) if e.len == actions.len() => {
                if !self.upd.current_strategy(e, sigma) {
                    self.game.prior(s, &mut sigma[..e.len]);
                }
                Ok(Some(e))
            }
            Some(e) => Err(CfrError::ActionCountMismatch {
                key: format!("{key:?}"),
                stored: e.len,
                seen: actions.len(),
            }),
            None => {
                let n = actions.len().max(1);
                sigma[..n].fill(1.0 / n as f32);
                self.game.prior(s, &mut sigma[..actions.len()]);
                Ok(None)
            }
        }
    }

    fn sample(&mut self, probs: &[f32]) -> usize {
        let u = unit_f64(self.rng) as f32;
        let mut acc = 0.0;
        for (a, &p) in probs.iter().enumerate() {
            acc += p;
            if u < acc {
                return a;
            }
        }
        // Rounding left `u` above the total: take the last action with positive probability.
        probs.iter().rposition(|&p| p > 0.0).unwrap_or(0)
    }

    /// Whether the traversal of `seat` explores the node `s` of player `p` (it is that seat's).
    #[inline]
    fn is_traversers(&self, s: &G::State, p: Player, seat: usize) -> bool {
        p == self.game.seat_player(seat) && self.game.acting_seat(s) == seat
    }

    /// External sampling: returns the sampled value of `s` for the traversing `seat`'s player.
    fn external(&mut self, s: &G::State, seat: usize) -> Result<f64, CfrError> {
        self.nodes += 1;
        let g = self.game;
        match g.node_kind(s) {
            NodeKind::Terminal => Ok(g.utility(s, g.seat_player(seat))),
            NodeKind::Chance => {
                let mut c = *s;
                let o = g.sample_chance(s, self.rng);
                g.apply_chance(&mut c, o);
                self.external(&c, seat)
            }
            NodeKind::Player(p) => {
                let mut actions = ActionList::new();
                let mut sigma = [0.0f32; MAX_ACTIONS];
                let mine = self.is_traversers(s, p, seat);
                let entry = self.lazy_node_info(s, &mut actions, &mut sigma, mine)?;
                let n = actions.len();
                if mine {
                    let mut values = [0.0f64; MAX_ACTIONS];
                    let mut explored = [true; MAX_ACTIONS];
                    let mut v = 0.0;
                    for a in 0..n {
                        let mut c = *s;
                        g.apply_listed(&mut c, actions[a]);
                        if let Some(e) = entry {
                            if self.prune && self.prunable(e.offset + a, &c) {
                                explored[a] = false;
                                self.pruned += 1;
                                continue;
                            }
                        }
                        values[a] = self.external(&c, seat)?;
                        v += sigma[a] as f64 * values[a];
                    }
                    if let Some(e) = entry {
                        self.upd.touch(e);
                        for a in 0..n {
                            if explored[a] {
                                self.upd.add_regret(e.offset + a, (values[a] - v) as f32);
                            }
                        }
                    }
                    Ok(v)
                } else {
                    if let (None, Some(e)) = (self.config.pruning, entry) {
                        self.upd.touch(e);
                        for (a, &p) in sigma[..n].iter().enumerate() {
                            self.upd.add_sum(e.offset + a, self.weight * p);
                        }
                    }
                    let a = self.sample(&sigma[..n]);
                    let mut c = *s;
                    g.apply_listed(&mut c, actions[a]);
                    self.external(&c, seat)
                }
            }
        }
    }

    /// Average-strategy pass for `player` (a seat, used with pruning): at the seat's nodes add
    /// the current strategy to the sums and follow one sampled action; explore every other action.
    fn average_pass(&mut self, s: &G::State, player: usize) -> Result<(), CfrError> {
        self.nodes += 1;
        let g = self.game;
        match g.node_kind(s) {
            NodeKind::Terminal => Ok(()),
            NodeKind::Chance => {
                let mut c = *s;
                let o = g.sample_chance(s, self.rng);
                g.apply_chance(&mut c, o);
                self.average_pass(&c, player)
            }
            NodeKind::Player(p) => {
                let mut actions = ActionList::new();
                let mut sigma = [0.0f32; MAX_ACTIONS];
                let e = self.node_info(s, &mut actions, &mut sigma)?;
                if self.is_traversers(s, p, player) {
                    self.upd.touch(e);
                    for (a, &q) in sigma[..e.len].iter().enumerate() {
                        self.upd.add_sum(e.offset + a, self.weight * q);
                    }
                    let a = self.sample(&sigma[..e.len]);
                    let mut c = *s;
                    g.apply_listed(&mut c, actions[a]);
                    self.average_pass(&c, player)
                } else {
                    for &a in actions.iter() {
                        let mut c = *s;
                        g.apply_listed(&mut c, a);
                        self.average_pass(&c, player)?;
                    }
                    Ok(())
                }
            }
        }
    }

    /// Pluribus-style pruning: skip a low-regret action unless it leads straight to a terminal
    /// or chance node (those are never pruned, so payoffs and chance events stay exact).
    #[inline]
    fn prunable(&self, slot: usize, child: &G::State) -> bool {
        let threshold = self
            .config
            .pruning
            .map_or(f32::NEG_INFINITY, |p| p.threshold);
        self.upd.regret(slot) < threshold
            && matches!(self.game.node_kind(child), NodeKind::Player(_))
    }

    /// Outcome sampling (OpenSpiel's formulation without baseline): returns the sampled value of
    /// `s` for the traversing seat `player`'s team, already divided by the sampling probability
    /// below `s`.
    fn outcome(
        &mut self,
        s: &G::State,
        player: usize,
        my_reach: f64,
        opp_reach: f64,
        sample_reach: f64,
    ) -> Result<f64, CfrError> {
        self.nodes += 1;
        let g = self.game;
        match g.node_kind(s) {
            NodeKind::Terminal => Ok(g.utility(s, g.seat_player(player))),
            NodeKind::Chance => {
                let mut c = *s;
                let o = g.sample_chance(s, self.rng);
                g.apply_chance(&mut c, o);
                self.outcome(&c, player, my_reach, opp_reach, sample_reach)
            }
            NodeKind::Player(p) => {
                let mut actions = ActionList::new();
                let mut sigma = [0.0f32; MAX_ACTIONS];
                let e = self.node_info(s, &mut actions, &mut sigma)?;
                let n = e.len;
                let mut q = sigma;
                let mine = self.is_traversers(s, p, player);
                if mine {
                    let eps = self.config.os_exploration as f32;
                    for x in q[..n].iter_mut() {
                        *x = eps / n as f32 + (1.0 - eps) * *x;
                    }
                }
                let a = self.sample(&q[..n]);
                let (pa, qa) = (sigma[a] as f64, q[a] as f64);
                let mut c = *s;
                g.apply_listed(&mut c, actions[a]);
                let (my, opp) = if mine {
                    (my_reach * pa, opp_reach)
                } else {
                    (my_reach, opp_reach * pa)
                };
                let child = self.outcome(&c, player, my, opp, sample_reach * qa)?;
                // Importance-weighted estimate: only the sampled action has a nonzero value.
                let sampled_value = child / qa;
                let v = pa * sampled_value;
                if mine {
                    self.upd.touch(e);
                    let w = opp_reach / sample_reach;
                    for b in 0..n {
                        let vb = if b == a { sampled_value } else { 0.0 };
                        self.upd.add_regret(e.offset + b, ((vb - v) * w) as f32);
                    }
                    let avg = my_reach / sample_reach * self.weight as f64;
                    for (b, &pb) in sigma[..n].iter().enumerate() {
                        self.upd.add_sum(e.offset + b, (avg * pb as f64) as f32);
                    }
                }
                Ok(v)
            }
        }
    }
}
