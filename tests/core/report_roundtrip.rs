//! Write → read round trip (the acceptance criterion of the CR writer).
//!
//! 1. For random valid galaxies and turn records (tests/support/galaxy_strategy.rs),
//!    for every player: reading the CR written for him gives back exactly what the
//!    projection says his CR tells — `read(&write(g, p)).0 == project(g, p)` up to
//!    the `line` fields — and the reader reports no error.
//! 2. For views with unknowns (projected views with parts blanked: unknown
//!    connections `(...)`, unknown owner `"..."`, elided lines `. . .` with some
//!    items unknown, hidden cargo `[?]`, hidden composition `24?`):
//!    `read(print(v)) == v`.

use crate::support::galaxy_strategy::{self, Tape};
use nebutil::diagnostic::Severity;
use nebutil::model::Galaxy;
use nebutil::model::PlayerId;
use nebutil::model::record::TurnRecord;
use nebutil::model::view::TurnView;
use nebutil::report::read;
use nebutil::report::write::{WriteOptions, print, project, write};
use nebutil::rules::Ruleset;
use proptest::prelude::*;

/// Clears what only reading sets: the source line numbers.
fn normalise(mut view: TurnView) -> TurnView {
    for w in &mut view.worlds {
        w.line = 0;
    }
    for f in &mut view.fleets {
        f.line = 0;
    }
    for t in &mut view.traces {
        t.line = 0;
    }
    for t in &mut view.treasures {
        t.line = 0;
    }
    view
}

fn players(galaxy: &Galaxy) -> Vec<PlayerId> {
    galaxy
        .players
        .keys()
        .copied()
        .filter(|p| !p.is_neutral())
        .collect()
}

fn errors(text: &str) -> Vec<String> {
    let (_, diagnostics) = read(text);
    diagnostics
        .iter()
        .filter(|d| d.severity == Severity::Error)
        .map(|d| format!("{d:?}"))
        .collect()
}

/// The first differing item, to make a failure readable.
fn first_difference(read: &TurnView, expected: &TurnView) -> String {
    for (a, b) in read.worlds.iter().zip(&expected.worlds) {
        if a != b {
            return format!("world read     {a:?}\nworld expected {b:?}");
        }
    }
    for (a, b) in read.fleets.iter().zip(&expected.fleets) {
        if a != b {
            return format!("fleet read     {a:?}\nfleet expected {b:?}");
        }
    }
    for (a, b) in read.traces.iter().zip(&expected.traces) {
        if a != b {
            return format!("trace read     {a:?}\ntrace expected {b:?}");
        }
    }
    for (a, b) in read.treasures.iter().zip(&expected.treasures) {
        if a != b {
            return format!("treasure read     {a:?}\ntreasure expected {b:?}");
        }
    }
    let mut a = read.clone();
    let mut b = expected.clone();
    a.worlds.clear();
    b.worlds.clear();
    a.fleets.clear();
    b.fleets.clear();
    a.traces.clear();
    b.traces.clear();
    a.treasures.clear();
    b.treasures.clear();
    format!(
        "counts read {}/{}/{}/{} expected {}/{}/{}/{}\nrest read     {a:?}\nrest expected {b:?}",
        read.worlds.len(),
        read.fleets.len(),
        read.traces.len(),
        read.treasures.len(),
        expected.worlds.len(),
        expected.fleets.len(),
        expected.traces.len(),
        expected.treasures.len()
    )
}

fn check_player(
    galaxy: &Galaxy,
    record: &TurnRecord,
    ruleset: &Ruleset,
    player: PlayerId,
) -> Result<(), TestCaseError> {
    let options = WriteOptions {
        ruleset,
        record: Some(record),
        game_name: Some("ROUND TRIP"),
    };
    let text = write(galaxy, player, &options);
    let expected = normalise(project(
        galaxy,
        player,
        Some(record),
        ruleset,
        Some("ROUND TRIP"),
    ));
    let got = normalise(read(&text).0);
    prop_assert!(
        got == expected,
        "player {player}: {}\n--- CR ---\n{text}",
        first_difference(&got, &expected)
    );
    let errors = errors(&text);
    prop_assert!(errors.is_empty(), "errors {errors:?}\n--- CR ---\n{text}");
    Ok(())
}

/// 256 cases, or `PROPTEST_CASES` when set (e.g. 5000 for a long run).
fn cases() -> u32 {
    std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(256)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(cases()))]

    /// `read(write(g, p)) == project(g, p)` for every player of random galaxies.
    #[test]
    fn reading_the_written_cr_gives_the_projection(
        (galaxy, record) in galaxy_strategy::galaxy_and_record(&Ruleset::builtin_2002())
    ) {
        let ruleset = Ruleset::builtin_2002();
        for player in players(&galaxy) {
            check_player(&galaxy, &record, &ruleset, player)?;
        }
    }

    /// The same at game start: no record, no markers.
    #[test]
    fn reading_a_cr_without_record_gives_the_projection(
        (galaxy, _) in galaxy_strategy::galaxy_and_record(&Ruleset::builtin_2002())
    ) {
        let ruleset = Ruleset::builtin_2002();
        for player in players(&galaxy) {
            let options = WriteOptions { ruleset: &ruleset, record: None, game_name: None };
            let text = write(&galaxy, player, &options);
            let expected = normalise(project(&galaxy, player, None, &ruleset, None));
            let got = normalise(read(&text).0);
            prop_assert!(got == expected, "{}\n--- CR ---\n{text}", first_difference(&got, &expected));
        }
    }

    /// `read(print(v)) == v` for views with unknowns.
    #[test]
    fn reading_a_printed_view_with_unknowns_gives_it_back(
        (galaxy, record) in galaxy_strategy::galaxy_and_record(&Ruleset::builtin_2002()),
        blanks in proptest::collection::vec(any::<u32>(), 0..400),
    ) {
        let ruleset = Ruleset::builtin_2002();
        for player in players(&galaxy) {
            let mut view = project(&galaxy, player, Some(&record), &ruleset, None);
            blank(&mut view, &mut Tape::new(&blanks));
            let text = print(&view);
            let got = normalise(read(&text).0);
            prop_assert!(got == view, "{}\n--- CR ---\n{text}", first_difference(&got, &view));
        }
    }
}

/// Makes parts of a projected view unknown, the ways a CR can say "unknown".
fn blank(view: &mut TurnView, t: &mut Tape<'_>) {
    for w in view.worlds.iter_mut().filter(|w| !w.black_hole) {
        // `(...)` elides the line (its absent items are unknown, not zero).
        let unknown_connections = t.chance(20);
        if unknown_connections {
            w.connections = None;
        }
        if !unknown_connections && !t.chance(30) {
            continue;
        }
        w.elided = true;
        let neutral = w
            .owner
            .as_ref()
            .is_some_and(|o| o.name.is_none() && o.previous.is_none());
        // A neutral world has no owner block: on an elided line, its absence
        // says nothing.
        if neutral || t.chance(30) {
            w.owner = None;
        }
        // Items blanked by groups: the notation cannot say "VI known, industries
        // unknown" (`[]=2` says "no industries"), nor "mining known, stock
        // unknown" (`MP=(+2)` says "no stock").
        if t.chance(40) {
            w.set_industries(None);
            w.set_active_industries(None);
            w.set_vi(None);
            w.set_vi_fire(None);
        }
        if t.chance(40) {
            w.set_population(None);
            w.set_converts(None);
            w.converts_owner = None;
            w.set_robots(None);
            w.set_pop_limit(None);
            w.set_deaths(Vec::new());
            w.set_vp(None);
            w.set_vp_fire(None);
        }
        if t.chance(40) {
            w.set_mp(None);
            w.set_mining(None);
        }
        if t.chance(40) {
            w.set_pc(None);
        }
        if t.chance(40) {
            w.set_pillage_count(None);
            w.set_pillage_recovery(None);
        }
        if t.chance(40) {
            w.set_pe(None);
        }
        if t.chance(40) {
            w.set_meva(None);
            w.set_meva_slots(None);
        } else if w.meva() == Some(0) {
            // A known zero counter on an elided line is written `E=0/8`.
            w.set_meva_slots(Some(8));
        }
        if t.chance(40) {
            w.coords = None;
        }
    }
    for f in &mut view.fleets {
        if f.total.unwrap_or(0) == 0 {
            continue;
        }
        if t.chance(30) {
            f.cargo = None;
        }
        if t.chance(30) {
            f.vc = None;
            f.vt = None;
        }
    }
}

/// A named feature of a CR text and how to spot it.
type Feature = (&'static str, fn(&str) -> bool);

/// The random galaxies reach every part of the notation (so the round trip above
/// tests them all): over a few hundred samples, each feature appears.
#[test]
fn the_strategy_covers_the_notation() {
    use proptest::strategy::ValueTree;
    use proptest::test_runner::TestRunner;

    let ruleset = Ruleset::builtin_2002();
    let strategy = galaxy_strategy::galaxy_and_record(&ruleset);
    let mut runner = TestRunner::deterministic();
    let mut seen: std::collections::BTreeMap<&str, u32> = std::collections::BTreeMap::new();
    let features: [Feature; 36] = [
        ("start world Md_", |t| t.contains("\nMd_")),
        ("bombed M#", |t| t.contains("\nM#")),
        ("black-hole line", |t| t.contains("* Trou noir *****")),
        ("black hole @ (explorer)", |t| {
            t.contains(",@") || t.contains("(@")
        }),
        ("counter :o", |t| t.contains(":1\"") || t.contains(":2\"")),
        ("counters :o:c", |t| {
            t.lines()
                .any(|l| l.starts_with('M') && l.matches(':').count() >= 2)
        }),
        ("captured !", |t| t.contains("\"!")),
        ("gift C", |t| t.contains("\"C ")),
        ("pillaged P", |t| t.contains("\"P ")),
        ("previous owner", |t| {
            t.contains(")\" ") || t.contains(")\")")
        }),
        ("became neutral", |t| t.contains("\" (")),
        ("active industries a/n", |t| {
            t.contains("[I=") && t.contains('/')
        }),
        ("VI without industries []=", |t| t.contains(" []=")),
        ("robots R(", |t| t.contains("R(")),
        ("all converted C(", |t| t.contains("C(")),
        ("foreign converts /nC:\"", |t| t.contains("C:\"")),
        ("deaths {-", |t| t.contains("{-")),
        ("MP=(+", |t| t.contains("MP=(+")),
        ("PC=", |t| t.contains(" PC=")),
        ("Pi=k/r", |t| t.contains(" Pi=") && t.contains('/')),
        ("PE=", |t| t.contains(" PE=")),
        ("+Pop=", |t| t.contains("+Pop=+")),
        ("E=x/8", |t| t.contains(" E=")),
        ("coordinates", |t| t.contains("] [") || t.contains(") [")),
        ("name line", |t| t.contains("  Nom : ")),
        ("corruption line", |t| t.contains("  Corrompu par : ")),
        ("peace fleet", |t| t.contains("(\"")),
        ("hidden total n?", |t| {
            t.contains("?]=") && t.contains("?\n")
        }),
        ("own mixed cargo", |t| {
            t.contains("N,") || t.contains("C,") || t.contains(",2R")
        }),
        ("bomb F#", |t| t.contains("  F#")),
        ("arrival du M_", |t| t.contains(" du M_")),
        ("fire marker", |t| t.contains("*F_") || t.contains("*M")),
        ("trace crossing + ambushed", |t| t.contains("}**")),
        ("spy ranking", |t| t.contains("[Erreur=")),
        ("neutral empty fleet []=0", |t| t.contains(" []=0\n")),
        ("wiped-out fleet \"X\" *", |t| {
            t.lines()
                .any(|l| l.trim_start().starts_with('F') && l.contains("\" *"))
        }),
    ];
    for _ in 0..300 {
        let Ok(tree) = strategy.new_tree(&mut runner) else {
            continue;
        };
        let (galaxy, record) = tree.current();
        for player in players(&galaxy) {
            let options = WriteOptions {
                ruleset: &ruleset,
                record: Some(&record),
                game_name: None,
            };
            let text = write(&galaxy, player, &options);
            for (name, test) in &features {
                if test(&text) {
                    *seen.entry(name).or_default() += 1;
                }
            }
            if text.contains("Classement final") {
                *seen.entry("final ranking").or_default() += 1;
            }
            if text.contains("  T_") {
                *seen.entry("treasure").or_default() += 1;
            }
            if text.contains(" J:\"") {
                *seen.entry("Jihad declaration").or_default() += 1;
            }
        }
    }
    let missing: Vec<&str> = features
        .iter()
        .map(|(name, _)| *name)
        .chain(["final ranking", "treasure", "Jihad declaration"])
        .filter(|name| !seen.contains_key(name))
        .collect();
    assert!(
        missing.is_empty(),
        "never generated: {missing:?} (seen: {seen:?})"
    );
}
