//! The fuzzers' findings, kept: every file under `tests/fuzz/regressions/<target>/`
//! (a minimised input that once panicked, looped or broke a round trip) goes
//! through the same check as its fuzz target (`tests/fuzz/check.rs`), which must
//! now pass. See `tests/fuzz/run.sh` for running the fuzzers.

#[path = "../fuzz/check.rs"]
pub mod check;

use std::path::Path;

#[test]
fn every_kept_finding_passes_its_target_s_check() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fuzz/regressions");
    let mut replayed = 0;
    for (target, run) in check::TARGETS {
        let Ok(entries) = std::fs::read_dir(root.join(target)) else {
            continue;
        };
        let mut files: Vec<_> = entries.filter_map(|e| e.ok()).map(|e| e.path()).collect();
        files.sort();
        for file in files {
            let data = std::fs::read(&file).expect("a regression file reads");
            let outcome = std::panic::catch_unwind(|| run(&data));
            assert!(outcome.is_ok(), "{target}: {} fails again", file.display());
            replayed += 1;
        }
    }
    // Folders of unknown targets would be silently skipped: refuse them.
    for entry in std::fs::read_dir(&root)
        .expect("tests/fuzz/regressions exists")
        .flatten()
    {
        let name = entry.file_name();
        assert!(
            check::TARGETS.iter().any(|(t, _)| name == *t),
            "{name:?} is not a fuzz target"
        );
    }
    assert!(replayed > 0, "no finding replayed");
}

/// The mails of `tests/fixtures/mail/` (the `mail_incoming` fuzzer's seeds: nested
/// multiparts, encodings, a digest, a bounce, HTML, a broken base64) pass its check.
#[test]
fn the_mail_fixtures_pass_the_mail_incoming_check() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/mail");
    let mut checked = 0;
    for entry in std::fs::read_dir(root)
        .expect("tests/fixtures/mail")
        .flatten()
    {
        if entry.path().extension().is_some_and(|e| e == "eml") {
            let data = std::fs::read(entry.path()).expect("a mail reads");
            check::mail_incoming(&data);
            checked += 1;
        }
    }
    assert!(checked >= 6, "only {checked} mails");
}
