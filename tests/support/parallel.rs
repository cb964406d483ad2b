//! Tests that check every case of a corpus in one test function: the cases run on every
//! core, as separate tests would, and the results come back in the cases' order.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

/// `check` of every item, in the items' order, computed on as many threads as there are cores.
/// A panicking check fails the test with its own message (the scope re-raises it).
pub fn each<T: Sync, R: Send>(items: &[T], check: impl Fn(&T) -> R + Sync) -> Vec<R> {
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get()).min(items.len().max(1));
    let next = AtomicUsize::new(0);
    let results: Mutex<Vec<Option<R>>> = Mutex::new((0..items.len()).map(|_| None).collect());
    std::thread::scope(|scope| {
        for _ in 0..threads {
            scope.spawn(|| loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                let Some(item) = items.get(i) else { break };
                let result = check(item);
                results.lock().unwrap_or_else(|e| e.into_inner())[i] = Some(result);
            });
        }
    });
    results.into_inner().unwrap_or_else(|e| e.into_inner()).into_iter().map(|r| r.expect("every item checked")).collect()
}
