#![no_main]
//! Fuzz target `ruleset_load`: see `check::ruleset_load`.

libfuzzer_sys::fuzz_target!(|data: &[u8]| nebutil_fuzz::ruleset_load(data));
