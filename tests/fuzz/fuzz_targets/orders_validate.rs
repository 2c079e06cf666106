#![no_main]
//! Fuzz target `orders_validate`: see `check::orders_validate`.

libfuzzer_sys::fuzz_target!(|data: &[u8]| nebutil_fuzz::orders_validate(data));
