//! Shared regret and strategy-sum storage for sampled solvers.
//!
//! Layout: one dense array of "action slots", each an interleaved `f32` pair (regret, strategy
//! sum: the two values a traversal touches together sit in one cache line); an information set
//! owns `n` consecutive slots starting at its offset. A fixed-capacity, insert-only, open-addressing
//! hash map sends a key to its `(offset, n)` entry. Both grow concurrently without locks:
//! - a map slot is claimed with one compare-and-swap on its state word (empty -> busy), the key is
//!   written, then the state is published as `ready | offset | n` with release ordering; readers
//!   never write, so lookups of hot information sets do not bounce cache lines between cores;
//! - action slots are handed out with one `fetch_add` on a counter.
//!
//! Values are `f32` stored as bits in `AtomicU32`, read and written with relaxed loads and
//! stores (a plain `mov` on x86). `add_regret` / `add_sum` are load + store, for one writer at a
//! time (the single-thread solver, a merge); `atomic_add_regret` / `atomic_add_sum` are
//! compare-and-swap loops for parallel workers ([`crate::delta`]). Concurrent *readers* are
//! always fine.
//!
//! Memory: 8 bytes per action (regret + sum) plus one map slot per `1 / load` information sets
//! plus 8 bytes per information set of capacity (the insertion log);
//! a map slot is 8 bytes of state plus the key (padded), e.g. 16 bytes for `u64` keys at most 50%
//! load => 32 bytes per information set.

use std::cell::UnsafeCell;
use std::fmt::Debug;
use std::hash::{Hash, Hasher};
use std::mem::MaybeUninit;
use std::sync::atomic::{AtomicU32, AtomicU64, AtomicUsize, Ordering};

use crate::error::CfrError;

const EMPTY: u64 = 0;
const BUSY: u64 = 1;
const READY: u64 = 1 << 63;

/// Where an information set lives in the dense arrays.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Entry {
    /// First action slot.
    pub offset: usize,
    /// Number of actions.
    pub len: usize,
}

impl Entry {
    fn pack(self) -> u64 {
        READY | (self.offset as u64) << 8 | self.len as u64
    }

    fn unpack(state: u64) -> Self {
        Entry {
            offset: ((state & !READY) >> 8) as usize,
            len: (state & 0xff) as usize,
        }
    }
}

struct Slot<K> {
    state: AtomicU64,
    key: UnsafeCell<MaybeUninit<K>>,
}

/// A multiply-xorshift hasher: fast for the small integer keys games use.
#[derive(Default)]
struct MixHasher(u64);

impl Hasher for MixHasher {
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(b as u64);
        }
    }
    fn write_u8(&mut self, i: u8) {
        self.write_u64(i as u64);
    }
    fn write_u16(&mut self, i: u16) {
        self.write_u64(i as u64);
    }
    fn write_u32(&mut self, i: u32) {
        self.write_u64(i as u64);
    }
    fn write_u64(&mut self, i: u64) {
        self.0 = (self.0.rotate_left(26) ^ i).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    }
    fn write_u128(&mut self, i: u128) {
        self.write_u64(i as u64);
        self.write_u64((i >> 64) as u64);
    }
    fn write_usize(&mut self, i: usize) {
        self.write_u64(i as u64);
    }
    fn finish(&self) -> u64 {
        let mut h = self.0;
        h ^= h >> 32;
        h = h.wrapping_mul(0xD6E8_FEB8_6659_FD93);
        h ^ (h >> 32)
    }
}

fn hash_key<K: Hash>(k: &K) -> u64 {
    let mut h = MixHasher::default();
    k.hash(&mut h);
    h.finish()
}

/// Asks Linux to back a freshly reserved, not yet touched, vector with transparent huge pages
/// (`MADV_HUGEPAGE`; on machines where THP is in `madvise` mode nothing else would). The map is
/// probed at random over gigabytes, so with 4 KiB pages nearly every probe misses the TLB. A
/// refusal (or another OS) only loses the speed.
fn advise_huge_pages<T>(v: &mut Vec<T>) {
    #[cfg(target_os = "linux")]
    {
        const HUGE: usize = 2 << 20;
        let bytes = v.capacity() * std::mem::size_of::<T>();
        let start = v.as_mut_ptr() as usize;
        let first = start.next_multiple_of(HUGE);
        let end = (start + bytes) / HUGE * HUGE;
        if end > first {
            // SAFETY: the range lies inside the vector's own allocation; madvise changes how
            // the kernel backs it, never its contents or its validity.
            unsafe {
                libc::madvise(first as *mut libc::c_void, end - first, libc::MADV_HUGEPAGE);
            }
        }
    }
    #[cfg(not(target_os = "linux"))]
    let _ = v;
}

/// Concurrent regret/strategy-sum table keyed by information-set key.
pub struct InfoTable<K> {
    slots: Box<[Slot<K>]>,
    mask: usize,
    max_info_sets: usize,
    /// Per action slot: regret bits, strategy-sum bits.
    values: Box<[[AtomicU32; 2]]>,
    next_slot: AtomicUsize,
    len: AtomicUsize,
    /// Map slot of each information set, in the order their insertions completed (so a caller
    /// can list the ones inserted since some point without scanning the map).
    inserted: Box<[AtomicUsize]>,
    logged: AtomicUsize,
}

// SAFETY: a slot's key is written once by the thread that won the EMPTY->BUSY CAS, before the
// release store of READY; other threads read it only after an acquire load observed READY.
unsafe impl<K: Send + Sync> Sync for InfoTable<K> {}
// SAFETY: the table owns plain data; moving it between threads is sound when K is Send.
unsafe impl<K: Send> Send for InfoTable<K> {}

impl<K: Copy + Eq + Hash + Debug> InfoTable<K> {
    /// A table for up to `max_info_sets` information sets and `max_actions` action slots in total.
    /// The map keeps its load at or below 50%.
    pub fn new(max_info_sets: usize, max_actions: usize) -> Result<Self, CfrError> {
        if max_info_sets == 0
            || max_actions == 0
            || max_info_sets > 1 << 40
            || max_actions > 1 << 40
        {
            return Err(CfrError::InvalidConfig(format!(
                "table capacity {max_info_sets} info sets / {max_actions} actions"
            )));
        }
        let cap = (max_info_sets * 2).next_power_of_two();
        let no_memory = |what: &str| {
            CfrError::InvalidConfig(format!(
                "cannot allocate the {what} for {max_info_sets} info sets / {max_actions} actions"
            ))
        };
        let mut slots = Vec::new();
        slots
            .try_reserve_exact(cap)
            .map_err(|_| no_memory("key map"))?;
        advise_huge_pages(&mut slots);
        slots.extend((0..cap).map(|_| Slot {
            state: AtomicU64::new(EMPTY),
            key: UnsafeCell::new(MaybeUninit::uninit()),
        }));
        let mut values = Vec::new();
        values
            .try_reserve_exact(max_actions)
            .map_err(|_| no_memory("value arrays"))?;
        advise_huge_pages(&mut values);
        values.extend((0..max_actions).map(|_| [AtomicU32::new(0), AtomicU32::new(0)]));
        Ok(Self {
            slots: slots.into_boxed_slice(),
            mask: cap - 1,
            max_info_sets,
            values: values.into_boxed_slice(),
            next_slot: AtomicUsize::new(0),
            len: AtomicUsize::new(0),
            inserted: (0..max_info_sets).map(|_| AtomicUsize::new(0)).collect(),
            logged: AtomicUsize::new(0),
        })
    }

    /// The entry of `key`, if it was inserted.
    #[inline]
    pub fn get(&self, key: &K) -> Option<Entry> {
        let mut i = hash_key(key) as usize & self.mask;
        loop {
            let slot = &self.slots[i];
            let mut s = slot.state.load(Ordering::Acquire);
            while s == BUSY {
                std::hint::spin_loop();
                s = slot.state.load(Ordering::Acquire);
            }
            if s == EMPTY {
                return None;
            }
            // SAFETY: READY was observed with acquire ordering, so the key is initialised.
            if unsafe { (*slot.key.get()).assume_init_ref() } == key {
                return Some(Entry::unpack(s));
            }
            i = (i + 1) & self.mask;
        }
    }

    /// Asks the CPU to start loading the map slot `key` hashes to (a hint, no effect on
    /// results): a loop over many keys in random order that prefetches a few keys ahead waits
    /// on several cache misses at once instead of one after the other.
    #[inline]
    pub fn prefetch(&self, key: &K) {
        #[cfg(target_arch = "x86_64")]
        {
            let slot = &self.slots[hash_key(key) as usize & self.mask];
            // SAFETY: a prefetch of a valid address has no effect on memory or results.
            unsafe {
                std::arch::x86_64::_mm_prefetch(
                    slot as *const Slot<K> as *const i8,
                    std::arch::x86_64::_MM_HINT_T0,
                )
            };
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = key;
    }

    /// The entry of `key`, inserting it with `n` zeroed actions if absent.
    #[inline]
    pub fn get_or_insert(&self, key: &K, n: usize) -> Result<Entry, CfrError> {
        let mut i = hash_key(key) as usize & self.mask;
        loop {
            let slot = &self.slots[i];
            let mut s = slot.state.load(Ordering::Acquire);
            if s == EMPTY {
                match slot
                    .state
                    .compare_exchange(EMPTY, BUSY, Ordering::Acquire, Ordering::Acquire)
                {
                    Ok(_) => return self.fill(i, key, n),
                    Err(now) => s = now,
                }
            }
            while s == BUSY {
                std::hint::spin_loop();
                s = slot.state.load(Ordering::Acquire);
            }
            if s == EMPTY {
                continue; // an insertion here was abandoned: try this slot again
            }
            // SAFETY: READY was observed with acquire ordering, so the key is initialised.
            if unsafe { (*slot.key.get()).assume_init_ref() } == key {
                let e = Entry::unpack(s);
                if e.len != n {
                    return Err(CfrError::ActionCountMismatch {
                        key: format!("{key:?}"),
                        stored: e.len,
                        seen: n,
                    });
                }
                return Ok(e);
            }
            i = (i + 1) & self.mask;
        }
    }

    /// Completes an insertion into a slot this thread moved to BUSY.
    #[cold]
    fn fill(&self, i: usize, key: &K, n: usize) -> Result<Entry, CfrError> {
        let slot = &self.slots[i];
        if n == 0 || n > 255 {
            slot.state.store(EMPTY, Ordering::Release);
            return Err(CfrError::NoLegalAction);
        }
        // Reservations never overshoot (compare-and-swap, no add-then-undo): an undone
        // fetch_add could, between another thread's add and its own undo, hand the same action
        // slots to two entries once the table is nearly full.
        if reserve(&self.len, 1, self.max_info_sets).is_none() {
            slot.state.store(EMPTY, Ordering::Release);
            return Err(CfrError::TableFull {
                capacity: self.max_info_sets,
            });
        }
        let Some(offset) = reserve(&self.next_slot, n, self.values.len()) else {
            self.len.fetch_sub(1, Ordering::Relaxed);
            slot.state.store(EMPTY, Ordering::Release);
            return Err(CfrError::ActionSlotsFull {
                capacity: self.values.len(),
            });
        };
        // SAFETY: this thread owns the slot while it is BUSY; no reader touches the key yet.
        unsafe { (*slot.key.get()).write(*key) };
        let e = Entry { offset, len: n };
        slot.state.store(e.pack(), Ordering::Release);
        // At most `max_info_sets` insertions complete, so the log never overflows.
        let j = self.logged.fetch_add(1, Ordering::Relaxed);
        self.inserted[j].store(i, Ordering::Release);
        Ok(e)
    }

    /// Number of information sets stored.
    pub fn len(&self) -> usize {
        self.len.load(Ordering::Relaxed)
    }

    /// Whether no information set is stored.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Number of action slots in use.
    pub fn action_slots(&self) -> usize {
        self.next_slot
            .load(Ordering::Relaxed)
            .min(self.values.len())
    }

    /// Regret of action slot `i`.
    #[inline]
    pub fn regret(&self, i: usize) -> f32 {
        f32::from_bits(self.values[i][0].load(Ordering::Relaxed))
    }

    /// Sets the regret of action slot `i`.
    #[inline]
    pub fn set_regret(&self, i: usize, v: f32) {
        self.values[i][0].store(v.to_bits(), Ordering::Relaxed);
    }

    /// Adds to the regret of action slot `i` (one writer at a time: see the module docs).
    #[inline]
    pub fn add_regret(&self, i: usize, d: f32) {
        self.set_regret(i, self.regret(i) + d);
    }

    /// Strategy sum of action slot `i`.
    #[inline]
    pub fn sum(&self, i: usize) -> f32 {
        f32::from_bits(self.values[i][1].load(Ordering::Relaxed))
    }

    /// Sets the strategy sum of action slot `i`.
    #[inline]
    pub fn set_sum(&self, i: usize, v: f32) {
        self.values[i][1].store(v.to_bits(), Ordering::Relaxed);
    }

    /// Adds to the strategy sum of action slot `i` (one writer at a time).
    #[inline]
    pub fn add_sum(&self, i: usize, d: f32) {
        self.set_sum(i, self.sum(i) + d);
    }

    /// Adds to the regret of action slot `i` atomically (a compare-and-swap loop): any number
    /// of threads may add at once and no add is lost.
    #[inline]
    pub fn atomic_add_regret(&self, i: usize, d: f32) {
        atomic_add(&self.values[i][0], d);
    }

    /// Adds to the strategy sum of action slot `i` atomically.
    #[inline]
    pub fn atomic_add_sum(&self, i: usize, d: f32) {
        atomic_add(&self.values[i][1], d);
    }

    /// The strategy-sum mass of `e` (its sums added up: how much averaging it carries) and its
    /// positive regret (its regrets above zero added up: what its current strategy stands on).
    pub fn masses(&self, e: Entry) -> (f32, f32) {
        let slots = e.offset..e.offset + e.len;
        let sum = slots.clone().map(|i| self.sum(i)).sum();
        let regret = slots.map(|i| self.regret(i).max(0.0)).sum();
        (sum, regret)
    }

    /// The normalised average strategy of `e` into `out[..e.len]` (uniform if never updated).
    pub fn average_strategy(&self, e: Entry, out: &mut [f64]) -> Result<(), CfrError> {
        if out.len() < e.len {
            return Err(CfrError::BufferTooSmall {
                needed: e.len,
                got: out.len(),
            });
        }
        let total: f64 = (0..e.len).map(|a| self.sum(e.offset + a) as f64).sum();
        for (a, o) in out[..e.len].iter_mut().enumerate() {
            *o = if total > 0.0 {
                self.sum(e.offset + a) as f64 / total
            } else {
                1.0 / e.len as f64
            };
        }
        Ok(())
    }

    /// Every stored `(key, entry)`, in insertion (offset) order.
    pub fn entries(&self) -> Vec<(K, Entry)> {
        let mut v: Vec<(K, Entry)> = self
            .slots
            .iter()
            .filter_map(|slot| {
                let s = slot.state.load(Ordering::Acquire);
                (s & READY != 0).then(|| {
                    // SAFETY: READY observed with acquire ordering.
                    (
                        unsafe { *(*slot.key.get()).assume_init_ref() },
                        Entry::unpack(s),
                    )
                })
            })
            .collect();
        v.sort_by_key(|(_, e)| e.offset);
        v
    }

    /// The information sets whose insertion completed `from`-th or later (counted from 0 in
    /// the order insertions completed), in that order. Meant for a table no thread is inserting
    /// into; an insertion still under way may be missed.
    pub fn inserted_since(&self, from: usize) -> impl Iterator<Item = (K, Entry)> + '_ {
        let to = self.logged.load(Ordering::Acquire).min(self.inserted.len());
        self.inserted[from.min(to)..to].iter().filter_map(|i| {
            let slot = &self.slots[i.load(Ordering::Acquire)];
            let s = slot.state.load(Ordering::Acquire);
            // SAFETY: READY observed with acquire ordering, so the key is initialised.
            (s & READY != 0).then(|| {
                (
                    unsafe { *(*slot.key.get()).assume_init_ref() },
                    Entry::unpack(s),
                )
            })
        })
    }

    /// Capacity in information sets.
    pub fn max_info_sets(&self) -> usize {
        self.max_info_sets
    }

    /// Capacity in action slots.
    pub fn max_actions(&self) -> usize {
        self.values.len()
    }

    /// Bytes of the map (all its slots; capacity is twice `max_info_sets`, rounded up to a power
    /// of two).
    pub fn map_bytes(&self) -> usize {
        self.slots.len() * std::mem::size_of::<Slot<K>>()
    }

    /// Bytes of the value arrays (regret + sum) per action slot.
    pub const BYTES_PER_ACTION: usize = 8;
}

/// `*cell += d` on `f32` bits, by compare-and-swap.
#[inline]
fn atomic_add(cell: &AtomicU32, d: f32) {
    let mut cur = cell.load(Ordering::Relaxed);
    loop {
        let new = (f32::from_bits(cur) + d).to_bits();
        match cell.compare_exchange_weak(cur, new, Ordering::Relaxed, Ordering::Relaxed) {
            Ok(_) => return,
            Err(now) => cur = now,
        }
    }
}

/// Takes `n` units of `counter` if that keeps it at most `cap`; returns where they start.
#[inline]
fn reserve(counter: &AtomicUsize, n: usize, cap: usize) -> Option<usize> {
    let mut cur = counter.load(Ordering::Relaxed);
    loop {
        if cur + n > cap {
            return None;
        }
        match counter.compare_exchange_weak(cur, cur + n, Ordering::Relaxed, Ordering::Relaxed) {
            Ok(_) => return Some(cur),
            Err(now) => cur = now,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn insert_then_get() {
        let t: InfoTable<u64> = InfoTable::new(100, 1000).unwrap();
        let a = t.get_or_insert(&42, 3).unwrap();
        let b = t.get_or_insert(&7, 2).unwrap();
        assert_eq!(a, Entry { offset: 0, len: 3 });
        assert_eq!(b, Entry { offset: 3, len: 2 });
        assert_eq!(t.get(&42), Some(a));
        assert_eq!(t.get_or_insert(&42, 3).unwrap(), a);
        assert_eq!(t.get(&8), None);
        assert_eq!(t.len(), 2);
        assert_eq!(t.entries(), vec![(42, a), (7, b)]);
        assert_eq!(
            t.inserted_since(0).collect::<Vec<_>>(),
            vec![(42, a), (7, b)]
        );
        assert_eq!(t.inserted_since(1).collect::<Vec<_>>(), vec![(7, b)]);
        assert_eq!(t.inserted_since(5).count(), 0);
    }

    #[test]
    fn capacity_and_mismatch_are_typed_errors() {
        let t: InfoTable<u32> = InfoTable::new(2, 5).unwrap();
        t.get_or_insert(&1, 2).unwrap();
        assert!(matches!(
            t.get_or_insert(&1, 3),
            Err(CfrError::ActionCountMismatch { .. })
        ));
        assert!(matches!(
            t.get_or_insert(&2, 4),
            Err(CfrError::ActionSlotsFull { .. })
        ));
        t.get_or_insert(&3, 3).unwrap();
        assert!(matches!(
            t.get_or_insert(&4, 1),
            Err(CfrError::TableFull { capacity: 2 })
        ));
        assert!(matches!(
            t.get_or_insert(&5, 0),
            Err(CfrError::NoLegalAction)
        ));
        assert!(InfoTable::<u32>::new(0, 1).is_err());
        assert!(InfoTable::<u32>::new(1 << 41, 1).is_err());
        // Within the limits but far beyond any memory: a typed error, not an abort.
        assert!(matches!(
            InfoTable::<u32>::new(1 << 40, 1 << 40),
            Err(CfrError::InvalidConfig(_))
        ));
    }

    #[test]
    fn average_strategy_normalises_and_checks_the_buffer() {
        let t: InfoTable<u32> = InfoTable::new(4, 8).unwrap();
        let e = t.get_or_insert(&9, 2).unwrap();
        let mut out = [0.0f64; 2];
        t.average_strategy(e, &mut out).unwrap();
        assert_eq!(out, [0.5, 0.5]);
        t.add_sum(e.offset, 3.0);
        t.add_sum(e.offset + 1, 1.0);
        t.average_strategy(e, &mut out).unwrap();
        assert_eq!(out, [0.75, 0.25]);
        assert!(matches!(
            t.average_strategy(e, &mut [0.0; 1]),
            Err(CfrError::BufferTooSmall { needed: 2, got: 1 })
        ));
    }

    #[test]
    fn storage_sizes_match_the_readme() {
        assert_eq!(std::mem::size_of::<Slot<u32>>(), 16);
        assert_eq!(std::mem::size_of::<Slot<u64>>(), 16);
        assert_eq!(std::mem::size_of::<Slot<u128>>(), 32);
        let t: InfoTable<u64> = InfoTable::new(1000, 4000).unwrap();
        // 2048 slots of 16 bytes for 1000 information sets.
        assert_eq!(t.map_bytes(), 2048 * 16);
        assert_eq!(InfoTable::<u64>::BYTES_PER_ACTION, 8);
    }

    #[test]
    fn concurrent_inserts_agree() {
        let t: InfoTable<u64> = InfoTable::new(5000, 20000).unwrap();
        let found: Vec<Vec<Entry>> = std::thread::scope(|sc| {
            let hs: Vec<_> = (0..2)
                .map(|_| {
                    sc.spawn(|| {
                        (0..4000u64)
                            .map(|k| t.get_or_insert(&k, 2).unwrap())
                            .collect()
                    })
                })
                .collect();
            hs.into_iter().map(|h| h.join().unwrap()).collect()
        });
        assert_eq!(found[0], found[1]);
        assert_eq!(t.len(), 4000);
        let mut logged: Vec<(u64, Entry)> = t.inserted_since(0).collect();
        logged.sort_by_key(|(k, _)| *k);
        assert_eq!(
            logged,
            (0..4000u64)
                .zip(found[0].iter().copied())
                .collect::<Vec<_>>()
        );
        assert_eq!(t.action_slots(), 8000);
    }

    /// Threads filling a table past its action-slot capacity: every entry that got in owns
    /// action slots no other entry owns, all within capacity, and the counters match.
    #[test]
    fn a_table_filled_by_several_threads_never_shares_action_slots() {
        for round in 0..200u64 {
            let cap_actions = 997;
            let t: InfoTable<u64> = InfoTable::new(4000, cap_actions).unwrap();
            let got: Vec<Vec<Entry>> = std::thread::scope(|sc| {
                let hs: Vec<_> = (0..4u64)
                    .map(|th| {
                        let t = &t;
                        sc.spawn(move || {
                            (0..400u64)
                                .filter_map(|k| {
                                    let key = round << 32 | th << 16 | k;
                                    t.get_or_insert(&key, 1 + (k as usize * 7 + th as usize) % 9)
                                        .ok()
                                })
                                .collect()
                        })
                    })
                    .collect();
                hs.into_iter().map(|h| h.join().unwrap()).collect()
            });
            let mut used = vec![false; cap_actions];
            let mut total = 0;
            for e in got.iter().flatten() {
                for slot in &mut used[e.offset..e.offset + e.len] {
                    assert!(!*slot, "round {round}: action slot shared");
                    *slot = true;
                }
                total += e.len;
            }
            assert_eq!(t.action_slots(), total, "round {round}");
            assert_eq!(t.len(), got.iter().map(Vec::len).sum::<usize>());
        }
    }
}
