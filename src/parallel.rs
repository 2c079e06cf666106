//! Work shared by the machine's cores: scoped threads, each taking the next
//! piece of the work as it is free (a core slowed by another program takes
//! fewer), the results left in slots the caller reads in order.

/// Runs `work` on this thread and on `threads - 1` helpers, and returns when
/// all are done. A helper that panicked is joined here, not by the scope (which
/// would panic again): what it left undone the caller finds in its empty slot.
pub fn on_threads(threads: usize, work: impl Fn() + Sync) {
    std::thread::scope(|scope| {
        let helpers: Vec<_> = (1..threads).map(|_| scope.spawn(&work)).collect();
        work();
        for helper in helpers {
            let _ = helper.join();
        }
    });
}
