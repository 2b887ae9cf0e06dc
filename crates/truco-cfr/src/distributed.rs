//! One table trained by several processes (MPI ranks, or threads in tests): each rank runs the
//! ordinary [`McSolver`] on its share of the iterations with its own random stream, and every
//! `merge_every` iterations the ranks exchange what changed and all end with the same table.
//!
//! A merge, on every rank at once:
//! 1. each rank lists the information sets whose regret or strategy sum changed since the last
//!    merge (or that it created), with the change (`current - snapshot`);
//! 2. the lists are all-gathered (every rank receives every other rank's list: see the crate
//!    README for why not an owner-per-key scheme);
//! 3. each rank resets its table to the snapshot and adds every rank's changes **in rank order**,
//!    inserting the keys it had not met, so all ranks hold bit-identical values (offsets may
//!    differ: a table is a map from key to values);
//! 4. the iteration count becomes the sum over ranks, and a new snapshot is taken.
//!
//! Between merges the ranks do not see each other's updates: a rank's regrets are up to
//! `merge_every x (ranks - 1)` iterations stale, which is what `merge_every` trades against
//! the bytes and the time of a merge.
//!
//! [`Comm`] is the transport: [`ThreadComm`] joins threads of one process (tests), and with the
//! `mpi` feature `MpiComm` joins MPI ranks.

use std::sync::{Barrier, Mutex};
use std::time::Instant;

use rand::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

use crate::error::CfrError;
use crate::game::Game;
use crate::mccfr::McSolver;
use crate::table::{Entry, InfoTable};

/// The collective operations a distributed run needs. Every rank calls them in the same order.
pub trait Comm {
    /// This rank, `0..size`.
    fn rank(&self) -> usize;
    /// Number of ranks.
    fn size(&self) -> usize;
    /// Every rank's bytes, in rank order.
    fn all_gather(&self, mine: &[u8]) -> Result<Vec<Vec<u8>>, CfrError>;
    /// The sum over ranks of `x`.
    fn sum(&self, x: u64) -> Result<u64, CfrError>;
}

/// A run of one process: no other rank.
pub struct Single;

impl Comm for Single {
    fn rank(&self) -> usize {
        0
    }
    fn size(&self) -> usize {
        1
    }
    fn all_gather(&self, mine: &[u8]) -> Result<Vec<Vec<u8>>, CfrError> {
        Ok(vec![mine.to_vec()])
    }
    fn sum(&self, x: u64) -> Result<u64, CfrError> {
        Ok(x)
    }
}

/// Ranks as threads of one process (for tests and for measuring a merge without MPI): create
/// one [`ThreadGroup`] and give each thread `group.rank(r)`.
pub struct ThreadGroup {
    size: usize,
    barrier: Barrier,
    board: Mutex<Vec<Vec<u8>>>,
}

impl ThreadGroup {
    /// A group of `size` ranks.
    pub fn new(size: usize) -> Self {
        Self {
            size,
            barrier: Barrier::new(size),
            board: Mutex::new(vec![Vec::new(); size]),
        }
    }

    /// The communicator of rank `rank`.
    pub fn rank(&self, rank: usize) -> ThreadComm<'_> {
        ThreadComm { group: self, rank }
    }
}

/// One rank of a [`ThreadGroup`].
pub struct ThreadComm<'a> {
    group: &'a ThreadGroup,
    rank: usize,
}

impl Comm for ThreadComm<'_> {
    fn rank(&self) -> usize {
        self.rank
    }
    fn size(&self) -> usize {
        self.group.size
    }
    fn all_gather(&self, mine: &[u8]) -> Result<Vec<Vec<u8>>, CfrError> {
        let board = || self.group.board.lock().unwrap_or_else(|e| e.into_inner());
        board()[self.rank] = mine.to_vec();
        self.group.barrier.wait();
        let all = board().clone();
        // Nobody writes the board again before everyone has read it.
        self.group.barrier.wait();
        Ok(all)
    }
    fn sum(&self, x: u64) -> Result<u64, CfrError> {
        let all = self.all_gather(&x.to_le_bytes())?;
        Ok(all
            .iter()
            .map(|b| u64::from_le_bytes(b[..8].try_into().unwrap_or([0; 8])))
            .sum())
    }
}

/// One rank's changes since the last merge.
#[derive(Serialize, Deserialize)]
struct Changes<K> {
    /// Changed or new information sets, with their action counts.
    keys: Vec<(K, u8)>,
    /// Their changes, `[regret, strategy sum]` per action, in `keys` order.
    values: Vec<[f32; 2]>,
}

/// What the merges of a run cost.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize)]
pub struct MergeStats {
    /// Merges done.
    pub merges: u64,
    /// Bytes this rank sent, over all merges.
    pub bytes_sent: u64,
    /// Bytes this rank received from the others.
    pub bytes_received: u64,
    /// Information sets this rank sent.
    pub info_sets_sent: u64,
    /// Seconds spent merging (listing, exchanging, applying, waiting for the other ranks).
    pub seconds: f64,
}

/// Keeps the snapshot a rank's changes are measured from, and merges.
pub struct Merger<K> {
    /// `[regret, sum]` per action slot at the last merge.
    snapshot: Vec<[f32; 2]>,
    /// Every information set of the table, as of the last merge.
    known: Vec<(K, Entry)>,
    /// Global iteration count at the last merge.
    merged_iterations: u64,
    /// Costs so far.
    pub stats: MergeStats,
}

impl<K> Merger<K>
where
    K: Copy + Eq + std::hash::Hash + std::fmt::Debug + Send + Sync + Serialize + DeserializeOwned,
{
    /// Starts a distributed run from `solver`'s current table, which must be the same on every
    /// rank (a fresh solver or the same checkpoint). Gives this rank a random stream of its own:
    /// every rank draws the same seed from the shared state, then jumps `rank` times 2^128
    /// steps ahead (xoshiro's jump), so the streams never overlap.
    pub fn start(solver: &mut McSolver<K>, comm: &dyn Comm) -> Self {
        let seed = solver.rng.next_u64();
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
        for _ in 0..comm.rank() {
            rng.jump();
        }
        solver.rng = rng;
        let mut m = Merger {
            snapshot: Vec::new(),
            known: solver.table.inserted_since(0).collect(),
            merged_iterations: solver.iterations,
            stats: MergeStats::default(),
        };
        m.resnapshot(solver);
        m
    }

    /// Takes the whole snapshot again (after the caller changed the whole table the same way
    /// on every rank, e.g. a discount).
    pub fn resnapshot(&mut self, solver: &McSolver<K>) {
        let t = &solver.table;
        self.snapshot.clear();
        self.snapshot
            .extend((0..t.action_slots()).map(|i| [t.regret(i), t.sum(i)]));
    }

    /// Merges every rank's changes into every rank's table (collective). Afterwards
    /// `solver.iterations()` counts every rank's iterations.
    pub fn merge(&mut self, solver: &mut McSolver<K>, comm: &dyn Comm) -> Result<(), CfrError> {
        let start = Instant::now();
        let t = &solver.table;
        let first_new = self.known.len();
        self.known.extend(t.inserted_since(first_new));
        let (own, own_entries) = self.changes(solver, first_new);
        let bytes = bincode::serde::encode_to_vec(&own, bincode::config::standard())?;
        let parts = comm.all_gather(&bytes)?;
        // Own changes undone (new information sets to zero), then every rank's changes added in
        // rank order: the same additions in the same order on every rank. The snapshot follows
        // each addition.
        self.snapshot.resize(t.action_slots(), [0.0; 2]);
        for e in &own_entries {
            for i in e.offset..e.offset + e.len {
                let [r, s] = self.snapshot[i];
                t.set_regret(i, r);
                t.set_sum(i, s);
            }
        }
        let mut received = 0;
        for (rank, part) in parts.iter().enumerate() {
            if rank == comm.rank() {
                let mut values = own.values.iter();
                for e in &own_entries {
                    self.add(t, *e, &mut values, rank)?;
                }
                continue;
            }
            received += part.len() as u64;
            let (ch, _): (Changes<K>, usize) =
                bincode::serde::decode_from_slice(part, bincode::config::standard())?;
            let mut values = ch.values.iter();
            for (key, n) in &ch.keys {
                let e = t.get_or_insert(key, *n as usize)?;
                if e.offset + e.len > self.snapshot.len() {
                    self.snapshot.resize(t.action_slots(), [0.0; 2]);
                }
                self.add(t, e, &mut values, rank)?;
            }
        }
        // Information sets this rank met first in the others' changes.
        self.known.extend(t.inserted_since(self.known.len()));
        let own_iterations = solver.iterations - self.merged_iterations;
        solver.iterations = self.merged_iterations + comm.sum(own_iterations)?;
        self.merged_iterations = solver.iterations;
        self.stats.merges += 1;
        self.stats.bytes_sent += bytes.len() as u64;
        self.stats.bytes_received += received;
        self.stats.info_sets_sent += own.keys.len() as u64;
        self.stats.seconds += start.elapsed().as_secs_f64();
        Ok(())
    }

    /// Adds the next `e.len` changes of `rank` to `e`, and moves the snapshot along.
    #[inline]
    fn add<'v>(
        &mut self,
        t: &InfoTable<K>,
        e: Entry,
        values: &mut impl Iterator<Item = &'v [f32; 2]>,
        rank: usize,
    ) -> Result<(), CfrError> {
        for i in e.offset..e.offset + e.len {
            let [r, s] = values
                .next()
                .ok_or_else(|| merge_error(format!("rank {rank}'s changes are cut short")))?;
            t.add_regret(i, *r);
            t.add_sum(i, *s);
            self.snapshot[i] = [t.regret(i), t.sum(i)];
        }
        Ok(())
    }

    /// This rank's changed information sets since the snapshot, and the ones it created
    /// (`known[first_new..]`).
    fn changes(&self, solver: &McSolver<K>, first_new: usize) -> (Changes<K>, Vec<Entry>) {
        let t = &solver.table;
        let mut ch = Changes {
            keys: Vec::new(),
            values: Vec::new(),
        };
        let mut entries = Vec::new();
        for (j, &(key, e)) in self.known.iter().enumerate() {
            let delta = |i: usize| {
                let [r, s] = self.snapshot.get(i).copied().unwrap_or([0.0; 2]);
                [t.regret(i) - r, t.sum(i) - s]
            };
            let range = e.offset..e.offset + e.len;
            if j < first_new && range.clone().all(|i| delta(i) == [0.0; 2]) {
                continue;
            }
            ch.keys.push((key, e.len as u8));
            ch.values.extend(range.map(delta));
            entries.push(e);
        }
        (ch, entries)
    }
}

fn merge_error(why: String) -> CfrError {
    CfrError::InvalidConfig(format!("merge: {why}"))
}

/// Trains `solver` to `total` iterations (every rank's counted) on all ranks of `comm`,
/// merging every `merge_every` iterations of each rank. Every rank must start from the same
/// table.
pub fn train_distributed<G: Game>(
    solver: &mut McSolver<G::Key>,
    game: &G,
    comm: &dyn Comm,
    total: u64,
    merge_every: u64,
) -> Result<MergeStats, CfrError>
where
    G::Key: Serialize + DeserializeOwned,
{
    if merge_every == 0 {
        return Err(CfrError::InvalidConfig(
            "merge_every must be at least 1".into(),
        ));
    }
    let mut m = Merger::start(solver, comm);
    let size = comm.size() as u64;
    while solver.iterations() < total {
        // The same count on every rank: the global count is the same after each merge.
        let left = total - solver.iterations();
        let n = merge_every.min(left.div_ceil(size));
        let mine = n.min(left.saturating_sub(n * comm.rank() as u64));
        solver.train(game, mine)?;
        m.merge(solver, comm)?;
    }
    Ok(m.stats)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::{expected_value, exploitability};
    use crate::games::{Kuhn, Leduc};
    use crate::mccfr::McConfig;
    use crate::tree::Tree;

    fn solver<K: Copy + Eq + std::hash::Hash + std::fmt::Debug + Send + Sync>(
        seed: u64,
    ) -> McSolver<K> {
        McSolver::new(McConfig {
            seed,
            max_info_sets: 4096,
            max_actions: 16384,
            ..McConfig::default()
        })
        .unwrap()
    }

    /// Runs `ranks` threads as ranks; returns each rank's solver.
    fn run<G: Game>(
        game: &G,
        ranks: usize,
        total: u64,
        merge_every: u64,
        seed: u64,
    ) -> Vec<(McSolver<G::Key>, MergeStats)>
    where
        G::Key: Serialize + DeserializeOwned,
    {
        let group = ThreadGroup::new(ranks);
        std::thread::scope(|sc| {
            let hs: Vec<_> = (0..ranks)
                .map(|r| {
                    let group = &group;
                    sc.spawn(move || {
                        let mut s = solver(seed);
                        let comm = group.rank(r);
                        let stats =
                            train_distributed(&mut s, game, &comm, total, merge_every).unwrap();
                        (s, stats)
                    })
                })
                .collect();
            hs.into_iter().map(|h| h.join().unwrap()).collect()
        })
    }

    fn values(s: &McSolver<u32>) -> Vec<(u32, Vec<(u32, u32)>)> {
        let t = s.table();
        let mut v: Vec<_> = t
            .entries()
            .into_iter()
            .map(|(k, e)| {
                let vals = (e.offset..e.offset + e.len)
                    .map(|i| (t.regret(i).to_bits(), t.sum(i).to_bits()))
                    .collect();
                (k, vals)
            })
            .collect();
        v.sort();
        v
    }

    #[test]
    fn ranks_end_with_identical_tables_and_count_every_iteration() {
        let out = run(&Leduc, 3, 10_001, 500, 4);
        for (s, stats) in &out {
            assert_eq!(s.iterations(), 10_001);
            assert!(stats.merges >= 6 && stats.bytes_sent > 0, "{stats:?}");
        }
        assert_eq!(values(&out[0].0), values(&out[1].0));
        assert_eq!(values(&out[0].0), values(&out[2].0));
        assert_eq!(out[0].0.table().len(), 936);
    }

    #[test]
    fn one_rank_merging_equals_plain_training() {
        let mut plain = solver::<u32>(9);
        let mut merged = solver(9);
        Merger::start(&mut plain, &Single); // the same random stream as the distributed run
        plain.train(&Leduc, 3000).unwrap();
        train_distributed(&mut merged, &Leduc, &Single, 3000, 3000).unwrap();
        assert_eq!(values(&plain), values(&merged));
    }

    #[test]
    fn two_ranks_reach_the_known_values() {
        let kuhn = Tree::build(&Kuhn, 1000).unwrap();
        // Merges every few iterations: in games this small every information set changes in
        // every iteration, and regrets a merge interval old slow the convergence down (Kuhn,
        // merging every 1,000: 0.013-0.016 against 0.0013-0.0023 for one process).
        let (s, _) = &run(&Kuhn, 2, 200_000, 2, 1)[0];
        let p = s.tree_policy(&kuhn);
        let (e, v) = (exploitability(&kuhn, &p), expected_value(&kuhn, &p));
        assert!(e < 0.01 && (v + 1.0 / 18.0).abs() < 0.01, "kuhn {e} {v}");
        let leduc = Tree::build(&Leduc, 1 << 20).unwrap();
        let (s, _) = &run(&Leduc, 2, 300_000, 5, 1)[0];
        let p = s.tree_policy(&leduc);
        let (e, v) = (exploitability(&leduc, &p), expected_value(&leduc, &p));
        assert!(e < 0.05 && (v + 0.0856).abs() < 0.02, "leduc {e} {v}");
    }

    #[test]
    fn a_zero_merge_interval_is_refused() {
        let mut s = solver(1);
        assert!(train_distributed(&mut s, &Leduc, &Single, 10, 0).is_err());
    }
}
