#![no_main]
//! Fuzz target `orders_parse`: see `check::orders_parse`.

libfuzzer_sys::fuzz_target!(|data: &[u8]| nebutil_fuzz::orders_parse(data));
