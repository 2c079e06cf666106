#![no_main]
//! Fuzz target `orders_mail`: see `check::orders_mail`.

libfuzzer_sys::fuzz_target!(|data: &[u8]| nebutil_fuzz::orders_mail(data));
