#![no_main]
//! Fuzz target `save_load`: see `check::save_load`.

libfuzzer_sys::fuzz_target!(|data: &[u8]| nebutil_fuzz::save_load(data));
