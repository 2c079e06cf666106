//! Every scenario folder under `tests/fixtures/resolve/` (a hand-written galaxy,
//! orders, and hand-computed results: see `tests/support/scenario.rs`) is run
//! through the resolver and must give exactly the expected values, voided orders
//! and events. The folder name says what is tested; `about` cites the book.

use std::path::Path;

use crate::support::scenario::Scenario;

#[test]
fn every_scenario_gives_its_hand_computed_results() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/resolve");
    let mut dirs: Vec<_> = std::fs::read_dir(&root)
        .expect("fixture folder")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.join("scenario.ron").is_file())
        .collect();
    dirs.sort();
    assert!(!dirs.is_empty(), "no scenario in {}", root.display());
    let only = std::env::var("SCENARIO").ok();
    let mut failures = Vec::new();
    let mut ran = 0;
    for dir in &dirs {
        let name = dir
            .file_name()
            .and_then(|n| n.to_str())
            .unwrap_or("?")
            .to_string();
        if only.as_deref().is_some_and(|o| !name.contains(o)) {
            continue;
        }
        ran += 1;
        let scenario = Scenario::load(&dir.join("scenario.ron"));
        let problems = scenario.check();
        if !problems.is_empty() {
            failures.push(format!(
                "{name} ({}):\n  {}",
                scenario.about,
                problems.join("\n  ")
            ));
        }
    }
    assert!(ran > 0, "no scenario matched SCENARIO");
    assert!(
        failures.is_empty(),
        "{} of {ran} scenarios failed:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

/// One test per ruling: every ruling written in the resolver (`src/resolve/`) is
/// cited (`G-n`) by the `about` of at least one scenario.
#[test]
fn every_resolver_ruling_has_a_scenario() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/resolve");
    let mut abouts = String::new();
    for entry in std::fs::read_dir(&root).expect("fixture folder").flatten() {
        let file = entry.path().join("scenario.ron");
        if file.is_file() {
            abouts.push_str(&Scenario::load(&file).about);
            abouts.push('\n');
        }
    }
    let cited = |id: u32| {
        let tag = format!("G-{id}");
        abouts.match_indices(&tag).any(|(at, _)| {
            !abouts[at + tag.len()..]
                .chars()
                .next()
                .is_some_and(|c| c.is_ascii_digit())
        })
    };
    // A ruling stated or applied (`Applies ruling G-n`) in the resolver: what the
    // game does, so it needs its scenario wherever it is stated.
    let mut missing: Vec<String> = nebutil::rulings::all()
        .iter()
        .filter(|r| !cited(r.id))
        .filter_map(|r| {
            r.places()
                .find(|(file, _)| file.starts_with("src/resolve/"))
                .map(|(file, line)| format!("G-{} ({file}:{line})", r.id))
        })
        .collect();
    missing.dedup();
    assert!(
        missing.is_empty(),
        "rulings without a scenario:\n{}",
        missing.join("\n")
    );
}
