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

use std::ops::Range;
use std::sync::{Barrier, Mutex};
use std::time::Instant;

use rand::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;
use serde::de::DeserializeOwned;
use serde::Serialize;

use crate::error::CfrError;
use crate::game::Game;
use crate::mccfr::McSolver;
use crate::table::{Entry, InfoTable};

/// How many records ahead a merge prefetches the map slot of the key it will apply.
const PREFETCH_AHEAD: usize = 16;

/// The collective operations a distributed run needs. Every rank calls them in the same order.
pub trait Comm {
    /// This rank, `0..size`.
    fn rank(&self) -> usize;
    /// Number of ranks.
    fn size(&self) -> usize;
    /// Every rank's bytes concatenated in rank order into `all` (cleared first); returns where
    /// each rank's bytes are.
    fn all_gather(&self, mine: &[u8], all: &mut Vec<u8>) -> Result<Vec<Range<usize>>, CfrError>;
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
    fn all_gather(&self, mine: &[u8], all: &mut Vec<u8>) -> Result<Vec<Range<usize>>, CfrError> {
        all.clear();
        all.extend_from_slice(mine);
        Ok(std::iter::once(0..mine.len()).collect())
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
    fn all_gather(&self, mine: &[u8], all: &mut Vec<u8>) -> Result<Vec<Range<usize>>, CfrError> {
        let board = || self.group.board.lock().unwrap_or_else(|e| e.into_inner());
        board()[self.rank] = mine.to_vec();
        self.group.barrier.wait();
        all.clear();
        let mut ranges = Vec::with_capacity(self.group.size);
        for part in board().iter() {
            ranges.push(all.len()..all.len() + part.len());
            all.extend_from_slice(part);
        }
        // Nobody writes the board again before everyone has read it.
        self.group.barrier.wait();
        Ok(ranges)
    }
    fn sum(&self, x: u64) -> Result<u64, CfrError> {
        let mut all = Vec::new();
        let ranges = self.all_gather(&x.to_le_bytes(), &mut all)?;
        Ok(ranges
            .into_iter()
            .map(|r| u64::from_le_bytes(all[r].try_into().unwrap_or([0; 8])))
            .sum())
    }
}

/// The bytes of one rank's changes: for each changed or new information set, its key
/// (bincode's standard encoding), its action count (one byte), then `[regret, strategy sum]`
/// changes as little-endian `f32`s. Written and read in place, without intermediate vectors.
const BINCODE: bincode::config::Configuration = bincode::config::standard();

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
    /// Information sets of other ranks this rank's full table had no room for.
    pub dropped: u64,
    /// Records of other ranks for information sets this rank changed in the same round: what
    /// summing each key's changes at an owner before broadcasting them would save.
    pub overlapping: u64,
}

/// Keeps the snapshot a rank's changes are measured from, and merges.
pub struct Merger<K> {
    /// `[regret, sum]` per action slot at the last merge.
    snapshot: Vec<[f32; 2]>,
    /// Every information set of the table, as of the last merge.
    known: Vec<(K, Entry)>,
    /// This rank's changed information sets (reused between merges).
    own_entries: Vec<Entry>,
    /// This rank's changes, encoded (reused).
    bytes: Vec<u8>,
    /// Per action slot: whether an information set starting there is in `own_entries`.
    own_mark: Vec<bool>,
    /// Every rank's changes (reused).
    all: Vec<u8>,
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
        let mut known = Vec::with_capacity(solver.table.max_info_sets());
        known.extend(solver.table.inserted_since(0));
        let mut m = Merger {
            snapshot: Vec::new(),
            known,
            own_entries: Vec::new(),
            bytes: Vec::new(),
            own_mark: Vec::new(),
            all: Vec::new(),
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
        self.encode_changes(t, first_new)?;
        let ranges = comm.all_gather(&self.bytes, &mut self.all)?;
        // Own changes undone (new information sets to zero), then every rank's changes added in
        // rank order: the same additions in the same order on every rank. The snapshot follows
        // each addition.
        self.snapshot.resize(t.action_slots(), [0.0; 2]);
        self.own_mark.resize(t.action_slots(), false);
        for e in &self.own_entries {
            self.own_mark[e.offset] = true;
            for i in e.offset..e.offset + e.len {
                let [r, s] = self.snapshot[i];
                t.set_regret(i, r);
                t.set_sum(i, s);
            }
        }
        let all = std::mem::take(&mut self.all);
        let own_entries = std::mem::take(&mut self.own_entries);
        let mut received = 0;
        let applied = (|| {
            for (rank, range) in ranges.iter().enumerate() {
                let mut part = Records::new(&all[range.clone()], rank);
                if rank == comm.rank() {
                    for &e in &own_entries {
                        part.next_key::<K>()?;
                        self.add(t, e, &mut part)?;
                    }
                    continue;
                }
                received += range.len() as u64;
                let mut ahead = Records::new(&all[range.clone()], rank);
                for _ in 0..PREFETCH_AHEAD {
                    ahead.prefetch_next(t);
                }
                while let Some((key, n)) = part.next_key::<K>()? {
                    ahead.prefetch_next(t);
                    let e = match t.get_or_insert(&key, n) {
                        Ok(e) => e,
                        // A full table keeps training over the information sets it holds (as a
                        // lazy run does): the changes of one it has no room for are dropped.
                        Err(CfrError::TableFull { .. } | CfrError::ActionSlotsFull { .. }) => {
                            for _ in 0..n {
                                part.next_pair()?;
                            }
                            self.stats.dropped += 1;
                            continue;
                        }
                        Err(e) => return Err(e),
                    };
                    if self.own_mark.get(e.offset) == Some(&true) {
                        self.stats.overlapping += 1;
                    }
                    if e.offset + e.len > self.snapshot.len() {
                        self.snapshot.resize(t.action_slots(), [0.0; 2]);
                    }
                    self.add(t, e, &mut part)?;
                }
            }
            Ok::<(), CfrError>(())
        })();
        self.all = all;
        for e in &own_entries {
            self.own_mark[e.offset] = false;
        }
        self.stats.info_sets_sent += own_entries.len() as u64;
        self.own_entries = own_entries;
        applied?;
        // Information sets this rank met first in the others' changes.
        self.known.extend(t.inserted_since(self.known.len()));
        let own_iterations = solver.iterations - self.merged_iterations;
        solver.iterations = self.merged_iterations + comm.sum(own_iterations)?;
        self.merged_iterations = solver.iterations;
        self.stats.merges += 1;
        self.stats.bytes_sent += self.bytes.len() as u64;
        self.stats.bytes_received += received;
        self.stats.seconds += start.elapsed().as_secs_f64();
        Ok(())
    }

    /// Adds the next `e.len` changes of `part` to `e`, and moves the snapshot along.
    #[inline]
    fn add(&mut self, t: &InfoTable<K>, e: Entry, part: &mut Records<'_>) -> Result<(), CfrError> {
        for i in e.offset..e.offset + e.len {
            let [r, s] = part.next_pair()?;
            t.add_regret(i, r);
            t.add_sum(i, s);
            self.snapshot[i] = [t.regret(i), t.sum(i)];
        }
        Ok(())
    }

    /// Encodes this rank's changed information sets since the snapshot, and the ones it
    /// created (`known[first_new..]`), into `self.bytes`; lists them in `self.own_entries`.
    fn encode_changes(&mut self, t: &InfoTable<K>, first_new: usize) -> Result<(), CfrError> {
        self.bytes.clear();
        self.own_entries.clear();
        for (j, &(key, e)) in self.known.iter().enumerate() {
            let delta = |i: usize| {
                let [r, s] = self.snapshot.get(i).copied().unwrap_or([0.0; 2]);
                [t.regret(i) - r, t.sum(i) - s]
            };
            let range = e.offset..e.offset + e.len;
            if j < first_new && range.clone().all(|i| delta(i) == [0.0; 2]) {
                continue;
            }
            bincode::serde::encode_into_std_write(key, &mut self.bytes, BINCODE)?;
            self.bytes.push(e.len as u8);
            for i in range {
                for v in delta(i) {
                    self.bytes.extend_from_slice(&v.to_le_bytes());
                }
            }
            self.own_entries.push(e);
        }
        Ok(())
    }
}

/// A reader over one rank's encoded changes.
struct Records<'a> {
    bytes: &'a [u8],
    rank: usize,
}

impl<'a> Records<'a> {
    fn new(bytes: &'a [u8], rank: usize) -> Self {
        Self { bytes, rank }
    }

    fn cut(&self) -> CfrError {
        CfrError::Merge(format!("rank {}'s changes are cut short", self.rank))
    }

    /// The next key and action count, `None` at the end.
    fn next_key<K: DeserializeOwned>(&mut self) -> Result<Option<(K, usize)>, CfrError> {
        if self.bytes.is_empty() {
            return Ok(None);
        }
        let (key, used): (K, usize) = bincode::serde::decode_from_slice(self.bytes, BINCODE)?;
        let n = *self.bytes.get(used).ok_or_else(|| self.cut())? as usize;
        self.bytes = &self.bytes[used + 1..];
        Ok(Some((key, n)))
    }

    fn next_pair(&mut self) -> Result<[f32; 2], CfrError> {
        let Some((pair, rest)) = self.bytes.split_first_chunk::<8>() else {
            return Err(self.cut());
        };
        self.bytes = rest;
        let f = |b: &[u8]| f32::from_le_bytes(b.try_into().unwrap_or([0; 4]));
        Ok([f(&pair[..4]), f(&pair[4..])])
    }

    /// Skips to the next record, prefetching its key's map slot (stops quietly at the end or
    /// at a damaged record: the reader that applies reports it).
    fn prefetch_next<K>(&mut self, t: &InfoTable<K>)
    where
        K: Copy + Eq + std::hash::Hash + std::fmt::Debug + DeserializeOwned,
    {
        if let Ok(Some((key, n))) = self.next_key::<K>() {
            t.prefetch(&key);
            self.bytes = self.bytes.get(8 * n..).unwrap_or(&[]);
        }
    }
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
    while solver.iterations() < total {
        let mine = round_share(Some(total - solver.iterations()), merge_every, comm);
        solver.train(game, mine)?;
        m.merge(solver, comm)?;
    }
    Ok(m.stats)
}

/// The iterations this rank runs before the next merge: `merge_every`, or with `left`
/// iterations of a budget left, an even split of them that does not overshoot it. Every rank
/// computes it from the same global count, so the ranks agree on the round.
pub fn round_share(left: Option<u64>, merge_every: u64, comm: &dyn Comm) -> u64 {
    let Some(left) = left else {
        return merge_every;
    };
    let n = merge_every.min(left.div_ceil(comm.size() as u64));
    n.min(left.saturating_sub(n * comm.rank() as u64))
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
            // Leduc is small: the ranks change many of the same information sets.
            assert!(stats.overlapping > stats.info_sets_sent / 4, "{stats:?}");
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

    /// A rank whose table is full drops the others' new information sets, counts them, and
    /// trains on.
    #[test]
    fn a_full_table_drops_what_it_cannot_hold() {
        let group = ThreadGroup::new(2);
        let out: Vec<(usize, MergeStats)> = std::thread::scope(|sc| {
            let hs: Vec<_> = (0..2)
                .map(|r| {
                    let group = &group;
                    sc.spawn(move || {
                        // Rank 1's table holds 300 information sets, Leduc has 936.
                        let cap = if r == 0 { 4096 } else { 300 };
                        let mut s = McSolver::<u32>::new(McConfig {
                            seed: 2,
                            max_info_sets: cap,
                            max_actions: cap * 4,
                            lazy: r == 1,
                            ..McConfig::default()
                        })
                        .unwrap();
                        let m = train_distributed(&mut s, &Leduc, &group.rank(r), 2000, 100);
                        (s.table().len(), m.unwrap())
                    })
                })
                .collect();
            hs.into_iter().map(|h| h.join().unwrap()).collect()
        });
        assert!(out[0].0 > 600, "{out:?}");
        assert!(out[1].0 <= 300 && out[1].1.dropped > 0, "{out:?}");
        assert_eq!(out[0].1.dropped, 0);
    }

    /// A damaged merge (a record cut short, a key that does not decode) is a typed error.
    #[test]
    fn damaged_changes_are_typed_errors() {
        let mut bytes = Vec::new();
        bincode::serde::encode_into_std_write(7u32, &mut bytes, BINCODE).unwrap();
        bytes.extend([2, 0, 0, 128, 63]); // two actions announced, half a value sent
        let mut r = Records::new(&bytes, 1);
        assert_eq!(r.next_key::<u32>().unwrap(), Some((7, 2)));
        assert!(matches!(r.next_pair(), Err(CfrError::Merge(m)) if m.contains("rank 1")));
        let mut r = Records::new(&[0xff], 0);
        assert!(r.next_key::<u32>().is_err());
        let mut r = Records::new(&[3], 0); // a key and no action count
        assert!(matches!(r.next_key::<u32>(), Err(CfrError::Merge(_))));
    }

    #[test]
    fn a_zero_merge_interval_is_refused() {
        let mut s = solver(1);
        assert!(train_distributed(&mut s, &Leduc, &Single, 10, 0).is_err());
    }
}
