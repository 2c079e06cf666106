#![no_main]
//! Fuzz target `mail_incoming`: see `check::mail_incoming`.

libfuzzer_sys::fuzz_target!(|data: &[u8]| nebutil_fuzz::mail_incoming(data));
