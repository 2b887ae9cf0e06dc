//! Test helpers shared by the workspace's crates.
//!
//! [`CountingAlloc`] counts heap allocations per thread, so the "hot paths allocate nothing"
//! tests of every crate check the same way. Install it in a test binary:
//!
//! ```ignore
//! #[global_allocator]
//! static GLOBAL: truco_testkit::CountingAlloc = truco_testkit::CountingAlloc;
//! ```
//!
//! Only the calling thread's allocations are counted: the test harness's own threads may
//! allocate at any time.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

thread_local! {
    /// Allocations made by this thread (const-initialized: reading it never allocates).
    static ALLOCATIONS: Cell<u64> = const { Cell::new(0) };
}

/// The system allocator, counting the allocations of each thread.
pub struct CountingAlloc;

// SAFETY: defers to the system allocator; only counts calls on the current thread.
unsafe impl GlobalAlloc for CountingAlloc {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        ALLOCATIONS.with(|c| c.set(c.get() + 1));
        // SAFETY: same contract as the caller's.
        unsafe { System.alloc(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: same contract as the caller's.
        unsafe { System.dealloc(ptr, layout) }
    }
}

/// Allocations this thread has made so far (always 0 unless [`CountingAlloc`] is installed).
pub fn allocations() -> u64 {
    ALLOCATIONS.with(Cell::get)
}

/// Runs `f` and returns its result with the number of allocations it made on this thread.
pub fn count<T>(f: impl FnOnce() -> T) -> (T, u64) {
    let before = allocations();
    let out = f();
    (out, allocations() - before)
}
