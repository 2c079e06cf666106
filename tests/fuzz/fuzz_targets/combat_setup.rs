#![no_main]
//! Fuzz target `combat_setup`: see `check::combat_setup`.

libfuzzer_sys::fuzz_target!(|data: &[u8]| nebutil_fuzz::combat_setup(data));
