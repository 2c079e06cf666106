#![no_main]
//! Fuzz target `report_read`: see `check::report_read`.

libfuzzer_sys::fuzz_target!(|data: &[u8]| nebutil_fuzz::report_read(data));
