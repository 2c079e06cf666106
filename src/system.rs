//! What the command line and the app read from the process's environment, in
//! one place below both (the core never reads it).

use crate::i18n::Lang;

/// The language of the environment (`LC_ALL`, `LC_MESSAGES`, `LANG`, the first
/// set), else French: the command line's default, and the app's on its first
/// start (then the language chosen in its menu is remembered).
pub fn lang() -> Lang {
    ["LC_ALL", "LC_MESSAGES", "LANG"]
        .iter()
        .filter_map(|name| std::env::var(name).ok())
        .find(|value| !value.is_empty())
        .and_then(|value| Lang::from_code(&value))
        .unwrap_or_default()
}

/// Gives the operating system back the memory the program freed and the
/// allocator still holds; returns whether any was given back. Called by the
/// app 2 s after a big turn's knowledge is installed, once its first frames
/// have replaced what it shows (`gui::app::knowledge_job`).
///
/// glibc's allocator returns freed memory only from the top of each heap: the
/// temporary lists made while a 10 MB report is read, merged, its threats
/// found and its map laid out leave free pages between the lists kept, and
/// they stay resident (21 MB of 272 measured on a 10 MB report, 76,596
/// worlds). `malloc_trim(0)` gives back every whole free page of every arena
/// (glibc ≥ 2.8, with `madvise`); the lists kept are not moved. Elsewhere
/// (musl, macOS, Windows) it does nothing: their allocators give memory back
/// themselves or have no such call.
///
/// The one use of `unsafe` in the crate (the lint denies it everywhere else;
/// `tests/core/layering.rs` checks that this is the only exception): a call
/// to a C function of the platform's own C library that takes no pointer and
/// that glibc serializes with every other allocator call (MT-Safe).
#[cfg(all(target_os = "linux", target_env = "gnu"))]
#[allow(unsafe_code)]
pub fn release_free_memory() -> bool {
    unsafe extern "C" {
        fn malloc_trim(pad: usize) -> std::ffi::c_int;
    }
    // SAFETY: `malloc_trim` takes no pointer and has no precondition; glibc
    // locks each arena while it trims it.
    unsafe { malloc_trim(0) == 1 }
}

/// Nothing to give back on this platform (see the Linux version).
#[cfg(not(all(target_os = "linux", target_env = "gnu")))]
pub fn release_free_memory() -> bool {
    false
}
