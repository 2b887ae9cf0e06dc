//! The counting allocator sees this thread's allocations and nothing else.

use truco_testkit::{count, CountingAlloc};

#[global_allocator]
static GLOBAL: CountingAlloc = CountingAlloc;

#[test]
fn counts_this_threads_allocations_only() {
    let (v, n) = count(|| std::hint::black_box(vec![1u8; 64]));
    assert_eq!(v.len(), 64);
    assert!(n >= 1, "{n}");
    let (_, n) = count(|| std::hint::black_box(3u64 + 4));
    assert_eq!(n, 0);
    let (_, n) = count(|| {
        std::thread::spawn(|| std::hint::black_box(vec![0u8; 1024]).len())
            .join()
            .unwrap()
    });
    // Spawning allocates on this thread, but the child's 1 KiB buffer is not counted here:
    // the count stays small.
    assert!(n < 64, "{n}");
}
