#![no_main]
//! Fuzz target `nbt_read`: see `check::nbt_read`.

libfuzzer_sys::fuzz_target!(|data: &[u8]| nebutil_fuzz::nbt_read(data));
