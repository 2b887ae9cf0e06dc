//! Where a traversal's regret and strategy-sum updates go.
//!
//! One thread writes straight into the shared [`InfoTable`] (`Direct`). Parallel workers use
//! `Buffered`: each adds into its own dense delta array and reads `shared + own delta`, and
//! after each chunk of iterations (see `McConfig::sync_interval`) flushes the information sets
//! it touched into the table under a mutex. So
//! between flushes the shared arrays are only read, their cache lines stay valid in both cores,
//! and no update is lost (the flushes are serialized). The delta arrays are allocated zeroed
//! (lazily by the OS), so only pages a worker touches cost memory.

use std::sync::Mutex;

use crate::table::{Entry, InfoTable};

/// Reads and writes of regrets and strategy sums during a traversal.
pub(crate) trait Updates {
    /// Current regret of slot `i`.
    fn regret(&self, i: usize) -> f32;
    /// Adds to the regret of slot `i`.
    fn add_regret(&mut self, i: usize, d: f32);
    /// Adds to the strategy sum of slot `i`.
    fn add_sum(&mut self, i: usize, d: f32);
    /// Announces adds to the slots of `e` (call before them, once per node).
    fn touch(&mut self, e: Entry);

    /// Regret matching into `out[..e.len]`.
    #[inline]
    fn current_strategy(&self, e: Entry, out: &mut [f32]) {
        let mut total = 0.0f32;
        for (a, o) in out[..e.len].iter_mut().enumerate() {
            let r = self.regret(e.offset + a).max(0.0);
            *o = r;
            total += r;
        }
        if total > 0.0 {
            let inv = 1.0 / total;
            out[..e.len].iter_mut().for_each(|o| *o *= inv);
        } else {
            out[..e.len].fill(1.0 / e.len as f32);
        }
    }
}

/// Updates applied directly to the table (single thread).
pub(crate) struct Direct<'a, K> {
    pub table: &'a InfoTable<K>,
}

impl<K: Copy + Eq + std::hash::Hash + std::fmt::Debug> Updates for Direct<'_, K> {
    #[inline]
    fn regret(&self, i: usize) -> f32 {
        self.table.regret(i)
    }
    #[inline]
    fn add_regret(&mut self, i: usize, d: f32) {
        self.table.add_regret(i, d);
    }
    #[inline]
    fn add_sum(&mut self, i: usize, d: f32) {
        self.table.add_sum(i, d);
    }
    #[inline]
    fn touch(&mut self, _e: Entry) {}
}

/// A worker's private deltas (aligned so two workers' headers never share a cache line).
#[derive(Default)]
#[repr(align(128))]
pub(crate) struct DeltaBuffer {
    /// Per slot: regret delta, strategy-sum delta.
    delta: Vec<[f32; 2]>,
    /// Per slot, set on an information set's first slot once it is in `touched`.
    dirty: Vec<bool>,
    /// Information sets with deltas since the last flush.
    touched: Vec<Entry>,
}

impl DeltaBuffer {
    /// Deltas for `n` action slots.
    pub fn new(n: usize) -> Self {
        Self {
            delta: vec![[0.0; 2]; n],
            dirty: vec![false; n],
            touched: Vec::new(),
        }
    }

    /// Number of slots covered.
    pub fn len(&self) -> usize {
        self.delta.len()
    }

    #[inline]
    fn touch(&mut self, e: Entry) {
        if !self.dirty[e.offset] {
            self.dirty[e.offset] = true;
            self.touched.push(e);
        }
    }

    /// Adds the deltas into `table` (waiting for `lock`) and clears them.
    pub fn flush<K: Copy + Eq + std::hash::Hash + std::fmt::Debug>(
        &mut self,
        table: &InfoTable<K>,
        lock: &Mutex<()>,
    ) {
        let _guard = lock.lock().unwrap_or_else(|e| e.into_inner());
        self.apply(table);
    }

    /// Like [`DeltaBuffer::flush`] if `lock` is free right now; otherwise keeps the deltas for a
    /// later flush (so a worker never waits while the other one flushes). Returns whether it
    /// flushed.
    pub fn try_flush<K: Copy + Eq + std::hash::Hash + std::fmt::Debug>(
        &mut self,
        table: &InfoTable<K>,
        lock: &Mutex<()>,
    ) -> bool {
        let guard = match lock.try_lock() {
            Ok(g) => g,
            Err(std::sync::TryLockError::Poisoned(e)) => e.into_inner(),
            Err(std::sync::TryLockError::WouldBlock) => return false,
        };
        self.apply(table);
        drop(guard);
        true
    }

    /// Adds the deltas into `table` and clears them; the caller holds the flush lock.
    fn apply<K: Copy + Eq + std::hash::Hash + std::fmt::Debug>(&mut self, table: &InfoTable<K>) {
        for e in &self.touched {
            for i in e.offset..e.offset + e.len {
                let [r, s] = std::mem::take(&mut self.delta[i]);
                table.add_regret(i, r);
                table.add_sum(i, s);
            }
            self.dirty[e.offset] = false;
        }
        self.touched.clear();
    }
}

/// Updates buffered in a worker's [`DeltaBuffer`].
pub(crate) struct Buffered<'a, K> {
    pub table: &'a InfoTable<K>,
    pub buf: &'a mut DeltaBuffer,
}

impl<K: Copy + Eq + std::hash::Hash + std::fmt::Debug> Updates for Buffered<'_, K> {
    #[inline]
    fn regret(&self, i: usize) -> f32 {
        self.table.regret(i) + self.buf.delta[i][0]
    }
    #[inline]
    fn add_regret(&mut self, i: usize, d: f32) {
        self.buf.delta[i][0] += d;
    }
    #[inline]
    fn add_sum(&mut self, i: usize, d: f32) {
        self.buf.delta[i][1] += d;
    }
    #[inline]
    fn touch(&mut self, e: Entry) {
        self.buf.touch(e);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn regret_matching() {
        let t: InfoTable<u32> = InfoTable::new(4, 8).unwrap();
        let e = t.get_or_insert(&9, 3).unwrap();
        let mut d = Direct { table: &t };
        let mut s = [0.0f32; 3];
        d.current_strategy(e, &mut s);
        assert_eq!(s, [1.0 / 3.0; 3]);
        d.add_regret(e.offset, 3.0);
        d.add_regret(e.offset + 1, -5.0);
        d.add_regret(e.offset + 2, 1.0);
        d.current_strategy(e, &mut s);
        assert_eq!(s, [0.75, 0.0, 0.25]);
    }

    #[test]
    fn buffered_updates_reach_the_table_on_flush() {
        let t: InfoTable<u32> = InfoTable::new(4, 8).unwrap();
        let e = t.get_or_insert(&1, 2).unwrap();
        let mut buf = DeltaBuffer::new(t.max_actions());
        let lock = Mutex::new(());
        {
            let mut b = Buffered {
                table: &t,
                buf: &mut buf,
            };
            b.touch(e);
            b.add_regret(e.offset, 2.0);
            b.add_regret(e.offset, 1.0);
            b.add_sum(e.offset + 1, 0.5);
            assert_eq!(b.regret(e.offset), 3.0);
            let mut s = [0.0f32; 2];
            b.current_strategy(e, &mut s);
            assert_eq!(s, [1.0, 0.0]);
        }
        assert_eq!(t.regret(e.offset), 0.0); // not yet flushed
        let held = lock.lock().unwrap();
        assert!(!buf.try_flush(&t, &lock)); // busy: deltas kept
        drop(held);
        assert_eq!(t.regret(e.offset), 0.0);
        assert!(buf.try_flush(&t, &lock));
        assert_eq!(t.regret(e.offset), 3.0);
        assert_eq!(t.sum(e.offset + 1), 0.5);
        buf.flush(&t, &lock); // nothing left to add
        assert_eq!(t.regret(e.offset), 3.0);
    }
}
