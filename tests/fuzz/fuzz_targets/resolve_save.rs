#![no_main]
//! Fuzz target `resolve_save`: see `check::resolve_save`.

libfuzzer_sys::fuzz_target!(|data: &[u8]| nebutil_fuzz::resolve_save(data));
