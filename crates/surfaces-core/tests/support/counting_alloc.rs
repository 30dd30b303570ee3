//! The system allocator, counting the bytes it holds now and the most it held: for the
//! figures `examples/hostile.rs` prints and the bounds `tests/envelope_memory.rs` holds.
//! Included by `#[path]` into each (a binary has one global allocator, declared here).

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering::Relaxed};

struct Counting;

pub static CURRENT: AtomicUsize = AtomicUsize::new(0);
pub static PEAK: AtomicUsize = AtomicUsize::new(0);
/// Every byte allocated, freed or not: what a pass that builds and drops costs.
#[allow(dead_code)]
pub static TOTAL: AtomicUsize = AtomicUsize::new(0);

fn grew(n: usize) {
    TOTAL.fetch_add(n, Relaxed);
    let now = CURRENT.fetch_add(n, Relaxed) + n;
    PEAK.fetch_max(now, Relaxed);
}

// SAFETY: every call goes to `System` as it came; only sizes are counted.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let p = unsafe { System.alloc(layout) };
        if !p.is_null() {
            grew(layout.size());
        }
        p
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        let p = unsafe { System.alloc_zeroed(layout) };
        if !p.is_null() {
            grew(layout.size());
        }
        p
    }

    unsafe fn dealloc(&self, p: *mut u8, layout: Layout) {
        unsafe { System.dealloc(p, layout) };
        CURRENT.fetch_sub(layout.size(), Relaxed);
    }

    unsafe fn realloc(&self, p: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        let q = unsafe { System.realloc(p, layout, new_size) };
        if !q.is_null() {
            if q != p {
                // Moved: both blocks were held at once.
                grew(new_size);
                CURRENT.fetch_sub(layout.size(), Relaxed);
            } else if new_size >= layout.size() {
                grew(new_size - layout.size());
            } else {
                CURRENT.fetch_sub(layout.size() - new_size, Relaxed);
            }
        }
        q
    }
}

#[global_allocator]
static ALLOCATOR: Counting = Counting;

/// Starts a peak measure: the bytes held now, and the peak reset to them.
pub fn reset_peak() -> usize {
    let now = CURRENT.load(Relaxed);
    PEAK.store(now, Relaxed);
    now
}
