//! Tests of the CR reader (`nebutil::report::read`).
//!
//! # Fixtures
//!
//! - `tests/fixtures/cr/book/`: every example line of catalog §2.3 (202 lines in
//!   96 groups, typos included), one case per group: `NN_section_ref.cr` is the
//!   CR text given to the reader, `NN_section_ref.expected` the values written by
//!   hand from the book's meaning (format: `tests/core/report_read/expect.rs`). Its
//!   `book` lines repeat the catalog lines verbatim; a test checks that each one is
//!   in the input.
//!
//!   **Fragments** (partial lines quoted in the book's prose or annex) are not CR
//!   lines on their own. Their input file keeps the fragment verbatim and gives it
//!   the smallest context that makes it a CR line:
//!   - a world item (`[I=2]=3`, `[]=2`, `MP=7(+2)`, `I=5`, `P=14 (26) /8C:Gehowa`,
//!     `{-6P}`, `Pi=2/4`, `E=7/8`, …) is put on its own line after a synthetic
//!     world line (`M_1 (2)`, or the book's own `M_15 (13,75,584)`), i.e. it is
//!     read as a continuation line (G-22); groups of several item fragments give
//!     each fragment its own synthetic world so each value is asserted alone;
//!   - an owner block (`"Maxtor:5"`, `"Miria(Maxtor) "`, `" (BACKCHICHE) "`,
//!     `"GASKOR:21"`, `"GASKOR:2:5"`, `"Miria:5"P`) or a connection list
//!     (`(13,75,584)`) gets a world-line prefix on the same line (`M_1 (2) `,
//!     `M_15 `, …);
//!   - a fleet fire-marker fragment (`[...] =5*N`, …) gets the fleet prefix
//!     `F_1 "..." ` of the annex on the same line;
//!   - the player number `"BOF III":7` follows a `Vous connaissez de nom :` line,
//!     as the continuation of that list;
//!   - a bare world or fleet number (`M_15`, `M#28`, `F#102`) is read as it is: a
//!     mention with a `cr-world-incomplete` / `cr-fleet-incomplete` warning,
//!     nothing known but the number and its prefix flags.
//! - `tests/fixtures/cr/composed/`: complete CRs composed from the notation with
//!   new numbers and combinations, same format.

mod expect;

use std::fmt::Debug;
use std::path::{Path, PathBuf};

use nebutil::diagnostic::{Diagnostic, Severity};
use nebutil::model::view::TurnView;
use nebutil::report::read;

fn fixture_dir(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/cr")
        .join(name)
}

/// The `.cr` files of a fixture folder, sorted.
fn cases(name: &str) -> Vec<PathBuf> {
    let mut cases: Vec<PathBuf> = std::fs::read_dir(fixture_dir(name))
        .expect("fixture folder")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "cr"))
        .collect();
    cases.sort();
    cases
}

fn diff_list<T: Debug + PartialEq>(
    what: &str,
    expected: &[T],
    actual: &[T],
    out: &mut Vec<String>,
) {
    if expected == actual {
        return;
    }
    if expected.len() != actual.len() {
        out.push(format!(
            "{what}: expected {} entries, read {}:\n  expected {expected:?}\n  read     {actual:?}",
            expected.len(),
            actual.len()
        ));
        return;
    }
    for (i, (e, a)) in expected.iter().zip(actual).enumerate() {
        if e != a {
            out.push(format!("{what}[{i}]:\n  expected {e:?}\n  read     {a:?}"));
        }
    }
}

fn diff_value<T: Debug + PartialEq>(what: &str, expected: &T, actual: &T, out: &mut Vec<String>) {
    if expected != actual {
        out.push(format!(
            "{what}:\n  expected {expected:?}\n  read     {actual:?}"
        ));
    }
}

/// Every difference between an expected and a read view.
fn diff_views(e: &TurnView, a: &TurnView) -> Vec<String> {
    let mut out = Vec::new();
    diff_list("worlds", &e.worlds, &a.worlds, &mut out);
    diff_list("fleets", &e.fleets, &a.fleets, &mut out);
    diff_list("traces", &e.traces, &a.traces, &mut out);
    diff_list("treasures", &e.treasures, &a.treasures, &mut out);
    diff_value("statistics", &e.statistics, &a.statistics, &mut out);
    diff_value("tech", &e.tech, &a.tech, &mut out);
    diff_list(
        "known_players",
        &e.known_players,
        &a.known_players,
        &mut out,
    );
    diff_value("declarations", &e.declarations, &a.declarations, &mut out);
    diff_list("ranking", &e.ranking, &a.ranking, &mut out);
    diff_value("game", &e.game, &a.game, &mut out);
    diff_value("turn", &e.turn, &a.turn, &mut out);
    diff_value("player", &e.player, &a.player, &mut out);
    diff_value("class", &e.class, &a.class, &mut out);
    diff_value("score", &e.score, &a.score, &mut out);
    diff_value("score_delta", &e.score_delta, &a.score_delta, &mut out);
    // Whatever the detailed comparison above does not cover.
    if out.is_empty() && e != a {
        out.push(format!(
            "views differ:\n  expected {e:#?}\n  read     {a:#?}"
        ));
    }
    out
}

fn diag_key(d: &Diagnostic) -> (Severity, String, u32, u32) {
    (d.severity, d.code.clone(), d.span.line, d.span.column)
}

/// Runs one case; returns its failures.
fn run_case(input: &Path) -> Vec<String> {
    let name = input
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let text = std::fs::read_to_string(input).expect("input");
    let expected_path = input.with_extension("expected");
    let expected_text = match std::fs::read_to_string(&expected_path) {
        Ok(text) => text,
        Err(_) => return vec![format!("{name}: no .expected file")],
    };
    let expected = match expect::parse(&expected_text) {
        Ok(e) => e,
        Err(message) => return vec![format!("{name}: {message}")],
    };
    let (view, diags) = read(&text);
    let mut failures: Vec<String> = diff_views(&expected.view, &view)
        .into_iter()
        .map(|m| format!("{name}: {m}"))
        .collect();
    let read_diags: Vec<_> = diags.iter().map(diag_key).collect();
    if read_diags != expected.diags {
        failures.push(format!(
            "{name}: diagnostics\n  expected {:?}\n  read     {read_diags:?}",
            expected.diags
        ));
    }
    failures
}

fn run_folder(name: &str) -> usize {
    let cases = cases(name);
    let failures: Vec<String> = cases.iter().flat_map(|c| run_case(c)).collect();
    assert!(
        failures.is_empty(),
        "{} failure(s):\n\n{}",
        failures.len(),
        failures.join("\n\n")
    );
    cases.len()
}

#[test]
fn book_fixtures_read_to_the_books_values() {
    assert_eq!(run_folder("book"), 96, "one case per catalog §2.3 group");
}

#[test]
fn book_fixtures_cover_every_catalog_line() {
    let mut lines = 0;
    for input in cases("book") {
        let text = std::fs::read_to_string(&input).expect("input");
        let expected =
            expect::parse(&std::fs::read_to_string(input.with_extension("expected")).expect("exp"))
                .expect("expectation");
        assert!(!expected.book.is_empty(), "{input:?} names no book line");
        for book in &expected.book {
            lines += 1;
            assert!(
                text.lines()
                    .any(|l| l == book || l.ends_with(&format!(" {book}"))),
                "{input:?}: book line {book:?} is not in the input"
            );
        }
    }
    assert_eq!(lines, 202, "catalog §2.3 has 202 fixture lines");
}

#[test]
fn composed_fixtures_read_to_their_values() {
    assert!(run_folder("composed") >= 3);
}

// ---------------------------------------------------------------------------
// Helpers for the tests below.

type DiagKey = (Severity, String, u32, u32);

fn read_keys(text: &str) -> (TurnView, Vec<DiagKey>) {
    let (view, diags) = read(text);
    (view, diags.iter().map(diag_key).collect())
}

fn codes(diags: &[DiagKey]) -> Vec<&str> {
    diags.iter().map(|d| d.1.as_str()).collect()
}

fn only_world(text: &str) -> nebutil::model::view::WorldView {
    let (view, diags) = read(text);
    assert_eq!(view.worlds.len(), 1, "{text:?} → {diags:?}");
    view.worlds.into_iter().next().expect("one world")
}

fn only_fleet(text: &str) -> nebutil::model::view::FleetView {
    let (view, diags) = read(text);
    assert_eq!(view.fleets.len(), 1, "{text:?} → {diags:?}");
    view.fleets.into_iter().next().expect("one fleet")
}

use nebutil::model::view::{FireMark, Origin, PopKind, WorldEvent};

// ---------------------------------------------------------------------------
// One test per ruling of catalog §6.B the reader applies.

/// G-15: our sections (score, world name, corruption) read; an unknown indented
/// line is skipped with an information, an unknown unindented one is an error.
#[test]
fn ruling_g15_our_sections_and_unknown_indented_lines() {
    let text = "Points : 120 (+7)\nM_4 (5) \"Ann:2\"\n  Nom : \"Le Rocher \"\n  Corrompu par : \"Bob\"\n  Futur : 3\nFutur : 3\n  F_9 \"Ann\"";
    let (view, diags) = read_keys(text);
    assert_eq!((view.score, view.score_delta), (Some(120), Some(7)));
    let w = &view.worlds[0];
    assert_eq!(w.name(), Some("Le Rocher "));
    assert_eq!(w.corrupted_by(), Some("Bob"));
    assert_eq!(
        diags,
        vec![
            (Severity::Info, "cr-unknown-indented-line".into(), 5, 3),
            (Severity::Error, "cr-unknown-line".into(), 6, 1),
        ]
    );
    // The skipped lines do not break the world context.
    assert_eq!(view.fleets[0].world, Some(4));
}

/// G-16: `Md_` marks a start world; `M_` does not.
#[test]
fn ruling_g16_start_world_prefix() {
    assert!(only_world("Md_127 (48,123,287) \"Maxtor\"").start_world);
    assert!(!only_world("M_440 (13,75,584) \"Maxtor:6\"").start_world);
}

/// G-17: no counter = 0; `:o` = o with the mining counter equal; `:o:c` apart.
#[test]
fn ruling_g17_possession_counters() {
    let counters = |text: &str| {
        let o = only_world(text).owner.expect("owner");
        (o.owned_turns, o.mining_counter)
    };
    assert_eq!(counters("M_1 (2) \"Maxtor\""), (0, None));
    assert_eq!(counters("M_1 (2) \"Maxtor:1\""), (1, None));
    assert_eq!(counters("M_1 (2) \"Miranda:0:3\""), (0, Some(3)));
    assert_eq!(counters("M_1 (2) \"Miranda:3:9\"P"), (3, Some(9)));
}

/// G-18: `!` inside or outside the quotes.
#[test]
fn ruling_g18_capture_flag_inside_or_outside() {
    let inside = only_world("M_13 (1) \"Maxtor!\"");
    let outside = only_world("M_13 (1) \"Maxtor\"!");
    let spaced = only_world("M_13 (1) \"Maxtor\" !");
    assert_eq!(inside, outside);
    assert_eq!(spaced, outside);
    let owner = outside.owner.expect("owner");
    assert_eq!(owner.event, Some(WorldEvent::Captured));
    assert_eq!(owner.name.as_deref(), Some("Maxtor"));
}

/// G-19: a departure trace names the next hop only; a crossing trace both hops.
#[test]
fn ruling_g19_departure_and_crossing_traces() {
    let (view, diags) =
        read("M_127 (48)\n{F_57 \"Maxtor\" vers M_48}\n{F_9 \"X\" du M_12 vers M_441}");
    assert!(diags.is_empty(), "{diags:?}");
    let departure = &view.traces[0];
    assert_eq!((departure.from, departure.to), (None, 48));
    let crossing = &view.traces[1];
    assert_eq!((crossing.from, crossing.to), (Some(Origin::World(12)), 441));
    assert_eq!(crossing.world, Some(127));
}

/// G-20: bold wrapping lines is dropped; `}**` outside bold = ambushed.
#[test]
fn ruling_g20_bold_and_ambushed_traces() {
    let (view, diags) = read_keys("**M_1 (2)\n{F_3 \"A\" vers M_2}**\n\n{F_4 \"A\" vers M_2}**");
    // The first `**` pair is bold: the first trace is not ambushed.
    assert!(!view.traces[0].ambushed);
    assert!(view.traces[1].ambushed);
    assert_eq!(codes(&diags), vec!["cr-markdown-bold", "cr-markdown-bold"]);
    // A fleet's `**` is its ambush fire marker.
    assert_eq!(only_fleet("F_1 \"A\" []=5**").fire, Some(FireMark::Ambush));
}

/// G-21: destroyed fleets without owner; with owner and no ships, empty.
#[test]
fn ruling_g21_destroyed_fleet_lines() {
    let wiped = only_fleet("F_12 *M");
    assert_eq!((wiped.owner.clone(), wiped.at_peace), (None, None));
    assert_eq!(
        (wiped.vc, wiped.vt, wiped.total),
        (Some(0), Some(0), Some(0))
    );
    assert_eq!(wiped.fire, Some(FireMark::Protections));
    let printed = only_fleet("F_12 \"Maxtor\" *F_7");
    assert_eq!(printed.owner.as_deref(), Some("Maxtor"));
    assert_eq!(printed.total, Some(0));
    assert_eq!(printed.fire, Some(FireMark::Fleet(7)));
}

/// G-22: world items alone on a line continue the last world line; without a
/// world above, the line is an error.
#[test]
fn ruling_g22_continuation_lines() {
    let w = only_world("M_440 (13) \"Maxtor:6\" PE=300\nE=1/8\n  Pi=2/3 [4,5]");
    assert_eq!((w.meva(), w.meva_slots()), (Some(1), Some(8)));
    assert_eq!(
        (w.pillage_count(), w.pillage_recovery()),
        (Some(2), Some(3))
    );
    assert_eq!(w.coords.map(|c| (c.x, c.y)), Some((4, 5)));
    assert_eq!(w.pe(), Some(300));
    assert_eq!(w.line, 1);
    let (_, diags) = read_keys("E=1/8");
    assert_eq!(
        diags,
        vec![(
            Severity::Error,
            "cr-continuation-without-world".into(),
            1,
            1
        )]
    );
}

/// G-23: deaths markers anywhere in the population item; no letter = P.
#[test]
fn ruling_g23_deaths_markers() {
    let deaths = |text: &str| {
        only_world(text)
            .deaths()
            .iter()
            .map(|d| (d.count, d.kind))
            .collect::<Vec<_>>()
    };
    assert_eq!(
        deaths("M#51 (8) P=0{-351} (0)"),
        vec![(351, PopKind::NonConverts)]
    );
    assert_eq!(
        deaths("M_1 (2) [P=5 (9){-2C} {-1R}]=1"),
        vec![(2, PopKind::Converts), (1, PopKind::Robots)]
    );
    assert_eq!(
        deaths("M_1 (2) P=5{-6P}(9)"),
        vec![(6, PopKind::NonConverts)]
    );
}

/// G-24: the typos of the book read with their intended meaning, with warnings.
#[test]
fn ruling_g24_typos() {
    let ten = only_fleet("F_57 \"Maxtor\" [=]10 du M_127");
    let one = only_fleet("F_111 \"Petipas\" [=1");
    let five = only_fleet("F_2 \"X\" []]=5");
    assert_eq!((ten.vc, one.vc, five.vc), (Some(10), Some(1), Some(5)));
    let unclosed = only_fleet(" F_124 \"Maxtor []=10*M");
    assert_eq!(unclosed.owner.as_deref(), Some("Maxtor"));
    assert_eq!(
        (unclosed.vc, unclosed.fire),
        (Some(10), Some(FireMark::Protections))
    );
    let w = only_world("M_51 (8) \" Maxtor :5\" [P=351 (351) ]=3 [] = 2 E = 3/8");
    assert_eq!(w.owner.as_ref().map(|o| o.owned_turns), Some(5));
    assert_eq!(
        (w.population(), w.vp(), w.vi(), w.meva()),
        (Some(351), Some(3), Some(2), Some(3))
    );
    let (_, diags) = read_keys("M_456 (95) \"Maxtor :3\"\nF_2 \"X\" []]=5\nF_3 \"X []=1");
    assert_eq!(
        diags,
        vec![
            (Severity::Warning, "cr-owner-spacing".into(), 1, 19),
            (Severity::Warning, "cr-ships-block-repaired".into(), 2, 9),
            (Severity::Warning, "cr-unclosed-quote".into(), 3, 5),
        ]
    );
}

/// G-25: `@` before or after the connection number.
#[test]
fn ruling_g25_black_hole_marker_position() {
    assert_eq!(
        only_world("M_12 (18, 65@)").connections,
        only_world("M_12 (18,@65)").connections
    );
    let c = only_world("M_12 (18, 65@)")
        .connections
        .expect("connections");
    assert!(c[1].black_hole && !c[0].black_hole);
}

/// G-26: converts with a quoted or bare name, with or without a space.
#[test]
fn ruling_g26_converts_suffix_styles() {
    let a = only_world("M_1 (2) \"Ann\" [P=86(167)/12C:\"Miria\"]=1");
    let b = only_world("M_1 (2) \"Ann\" [P=86 (167) /12C:Miria]=1");
    let c = only_world("M_1 (2) \"Ann\" [P=86(167) / 12C : \"Miria\" ]=1");
    assert_eq!(a, b);
    assert_eq!(a, c);
    assert_eq!(
        (a.converts(), a.converts_owner.as_deref()),
        (Some(12), Some("Miria"))
    );
    let own = only_world("M_1 (2) \"Ann\" P=14 (26) /5C");
    assert_eq!(
        (own.converts(), own.converts_owner.as_deref()),
        (Some(5), Some("Ann"))
    );
}

/// G-27: one converts suffix per world; a second is dropped with a warning.
#[test]
fn ruling_g27_one_converts_suffix() {
    let (view, diags) = read_keys("M_1 (2) P=14 (26) /5C:\"A\" /3C:\"B\"");
    let w = &view.worlds[0];
    assert_eq!(
        (w.converts(), w.converts_owner.as_deref()),
        (Some(5), Some("A"))
    );
    assert_eq!(
        diags,
        vec![(Severity::Warning, "cr-several-converts".into(), 1, 27)]
    );
}

// ---------------------------------------------------------------------------
// Diagnostics: positions, recovery.

#[test]
fn errors_point_at_the_first_unreadable_character() {
    let text = "M_1 (2) \"A\" P=5 (9) Q=3\n  F_2 \"A\" [3X]=4\nM_3 (4,,5)\n{F_4 \"A\" vers M_}\nT_5 La\nÉtat : 3\nM_6 (7) \"é\" P=1 (1) %";
    let (view, diags) = read_keys(text);
    assert_eq!(
        diags,
        vec![
            (Severity::Error, "cr-syntax".into(), 1, 21),
            (Severity::Error, "cr-syntax".into(), 2, 13),
            (Severity::Error, "cr-syntax".into(), 3, 8),
            (Severity::Error, "cr-syntax".into(), 4, 17),
            (Severity::Error, "cr-syntax".into(), 5, 5),
            (Severity::Error, "cr-unknown-line".into(), 6, 1),
            // Columns count characters, not bytes.
            (Severity::Error, "cr-syntax".into(), 7, 21),
        ]
    );
    // Unreadable lines are skipped entirely.
    assert!(view.worlds.is_empty() && view.fleets.is_empty() && view.traces.is_empty());
    assert!(view.treasures.is_empty());
}

#[test]
fn the_rest_of_the_file_still_reads_after_errors() {
    let text =
        "garbage\nM_1 (2) \"A\" [P=5(9)]=1 MP=2(+1)\nM_2 ((\n  F_3 \"A\" []=4\nM_4 (1) \"B:2\"";
    let (view, diags) = read_keys(text);
    assert_eq!(codes(&diags), vec!["cr-unknown-line", "cr-syntax"]);
    assert_eq!(
        view.worlds.iter().map(|w| w.id).collect::<Vec<_>>(),
        vec![1, 4]
    );
    // The fleet under the unreadable world line still knows its world.
    assert_eq!(view.fleets[0].world, Some(2));
    assert_eq!(view.worlds[1].line, 5);
}

#[test]
fn warnings_carry_the_column_of_the_repair() {
    let (_, diags) = read_keys("\n\n    F_57 \"Maxtor\" [=]10");
    assert_eq!(
        diags,
        vec![(Severity::Warning, "cr-ships-block-repaired".into(), 3, 19)]
    );
}

#[test]
fn every_diagnostic_code_has_a_message_in_both_languages() {
    use nebutil::i18n::{Lang, has_message};
    let source = [
        include_str!("../../src/report/read.rs"),
        include_str!("../../src/report/read/common.rs"),
        include_str!("../../src/report/read/cursor.rs"),
        include_str!("../../src/report/read/fleet.rs"),
        include_str!("../../src/report/read/sections.rs"),
        include_str!("../../src/report/read/world.rs"),
    ]
    .concat();
    let mut found = 0;
    for piece in source.split('"').filter(|p| p.starts_with("cr-")) {
        if piece.chars().all(|c| c.is_ascii_lowercase() || c == '-') {
            found += 1;
            for lang in Lang::ALL {
                assert!(has_message(lang, piece), "{piece} has no {lang:?} message");
            }
        }
    }
    assert!(found >= 15);
}

// ---------------------------------------------------------------------------
// Other behaviours.

#[test]
fn line_endings_and_bom_do_not_matter() {
    let lf = "Md_1 (2) \"A\" [I=3]=1\n  F_2 \"A\" []=1\n  T_3 <La coupe céleste>\n";
    let crlf = format!("\u{feff}{}", lf.replace('\n', "\r\n"));
    assert_eq!(read(lf), read(&crlf));
}

#[test]
fn no_break_spaces_read_as_spaces() {
    let w = only_world("M_1\u{a0}(2)\u{a0}\"A:3\"\u{202f}P=4\u{a0}(5)");
    assert_eq!((w.population(), w.pop_limit()), (Some(4), Some(5)));
}

#[test]
fn header_variants() {
    let (v, d) = read_keys("NEBULA-Partie LA-GUERRE DES MONDES--Tour 9\nJoueur : \"Ann\":4");
    assert!(d.is_empty(), "{d:?}");
    assert_eq!(
        (v.game.as_deref(), v.turn),
        (Some("LA-GUERRE DES MONDES"), Some(9))
    );
    assert_eq!(
        v.player.as_ref().map(|p| (p.name.as_str(), p.number)),
        Some(("Ann", Some(4)))
    );
    let (v, _) = read_keys("NEBULA - Partie ZED");
    assert_eq!((v.game.as_deref(), v.turn), (Some("ZED"), None));
    let (v, d) = read_keys("Joueur : \"Ann\":4 (Sorcier)");
    assert_eq!(v.class, None);
    assert_eq!(codes(&d), vec!["cr-unknown-class"]);
}

#[test]
fn a_world_name_needs_a_world() {
    let (v, d) = read_keys("Nom : \"Terra\"\nStatistiques\n  Nom : \"X\"");
    assert!(v.worlds.is_empty());
    assert_eq!(
        codes(&d),
        vec!["cr-name-without-world", "cr-name-without-world"]
    );
}

#[test]
fn treasures_attach_to_the_latest_world_or_fleet() {
    use nebutil::model::view::TreasureSite;
    let (v, d) = read_keys(
        "T_1 <La coupe royale>\nM_2 (3)\nT_2 <Le grand diamant>\nF_4 \"A\"\n{F_5 \"B\" vers M_3}\nT_3 <L'arche d'or>\nM_6 (7)\nT_4 <Une chose>",
    );
    assert!(d.is_empty(), "{d:?}");
    let sites: Vec<_> = v
        .treasures
        .iter()
        .map(|t| (t.id, t.site, t.kind.is_some()))
        .collect();
    assert_eq!(
        sites,
        vec![
            (1, TreasureSite::Unattached, true),
            (2, TreasureSite::World(2), true),
            (3, TreasureSite::Fleet(4), true),
            (4, TreasureSite::World(6), false),
        ]
    );
}

#[test]
fn foreign_fleet_visibility() {
    let hidden = only_fleet("F_124 \"X\" [?]=24?");
    assert_eq!(
        (hidden.vc, hidden.vt, hidden.total, hidden.cargo),
        (None, None, Some(24), None)
    );
    let vc_only = only_fleet("F_17 \"X\" [?]=3");
    assert_eq!(
        (vc_only.vc, vc_only.vt, vc_only.total, vc_only.cargo),
        (Some(3), Some(0), Some(3), None)
    );
    let mention = only_fleet("F#102");
    assert!(mention.bomb);
    assert_eq!(
        (mention.vc, mention.total, mention.cargo),
        (None, None, None)
    );
}

// ---------------------------------------------------------------------------
// Robustness: random input never panics, diagnostics stay in range.

mod robustness {
    use super::*;
    use proptest::prelude::*;

    /// Every valid line of the fixtures, to be mutated.
    fn corpus() -> Vec<String> {
        let mut lines = Vec::new();
        for folder in ["book", "composed"] {
            for case in cases(folder) {
                let text = std::fs::read_to_string(case).expect("input");
                lines.extend(
                    text.lines()
                        .filter(|l| !l.trim().is_empty())
                        .map(String::from),
                );
            }
        }
        lines
    }

    fn check_invariants(text: &str) {
        let (view, diags) = read(text);
        let lines: Vec<&str> = text.split('\n').collect();
        for d in &diags {
            let line = lines
                .get(d.span.line as usize - 1)
                .unwrap_or_else(|| panic!("diagnostic on line {} of {}", d.span.line, lines.len()));
            let len = line.trim_end_matches('\r').chars().count() as u32 + 1;
            assert!(
                d.span.column >= 1 && d.span.column <= len + 1,
                "{d:?} for {line:?}"
            );
            assert!(d.span.end_column >= d.span.column);
            assert!(d.code.starts_with("cr-"));
        }
        // A line with an error gives nothing.
        for d in diags.iter().filter(|d| d.severity == Severity::Error) {
            let l = d.span.line;
            assert!(view.worlds.iter().all(|w| w.line != l), "{text:?}");
            assert!(view.fleets.iter().all(|f| f.line != l), "{text:?}");
            assert!(view.traces.iter().all(|t| t.line != l), "{text:?}");
            assert!(view.treasures.iter().all(|t| t.line != l), "{text:?}");
        }
        for w in &view.worlds {
            assert!(w.line >= 1 && (w.line as usize) <= lines.len());
        }
    }

    proptest! {
        #[test]
        fn random_bytes_never_panic(bytes in proptest::collection::vec(any::<u8>(), 0..400)) {
            check_invariants(&String::from_utf8_lossy(&bytes));
        }

        #[test]
        fn random_notation_never_panics(text in "[ MFTd_#0-9\"()\\[\\]{}=+*,./:@<>?!NCRPIEPiM\\-é\t\n]{0,300}") {
            check_invariants(&text);
        }

        #[test]
        fn mutated_lines_never_panic(
            pick in any::<prop::sample::Index>(),
            cut in any::<prop::sample::Index>(),
            insert in any::<prop::sample::Index>(),
            c in prop::sample::select(vec!['"', '[', ']', '(', ')', '=', '*', '{', '}', '/', ':', '@', ' ', '9', 'T', '?', '!', '.', ',', '<', '>', '_', 'é', '\u{a0}']),
            mode in 0..4u8,
        ) {
            let corpus = corpus();
            let line = pick.get(&corpus);
            let chars: Vec<char> = line.chars().collect();
            let at = cut.index(chars.len() + 1);
            let mutated: String = match mode {
                // Truncation.
                0 => chars[..at].iter().collect(),
                // Insertion.
                1 => {
                    let mut v = chars.clone();
                    v.insert(insert.index(chars.len() + 1), c);
                    v.into_iter().collect()
                }
                // Deletion.
                2 if !chars.is_empty() => {
                    let mut v = chars.clone();
                    v.remove(insert.index(chars.len()));
                    v.into_iter().collect()
                }
                // Replacement, inside a small CR.
                _ => {
                    let mut v = chars.clone();
                    if !v.is_empty() {
                        let i = insert.index(v.len());
                        v[i] = c;
                    }
                    let s: String = v.into_iter().collect();
                    format!("M_1 (2) \"A\"\n{s}\n  F_3 \"A\" []=1\n{s}")
                }
            };
            check_invariants(&mutated);
        }
    }
}

/// Every CR of the tests (fixtures and fuzz findings) and a few made for it:
/// a streamed reading (`read_report_streamed`, for `nebutil report`) hands over
/// exactly the worlds and fleets a kept reading keeps, with the same
/// diagnostics (duplicates' warnings included) — through the fuzz target's own
/// check, which also prints and reads again.
#[test]
fn a_streamed_reading_hands_over_what_a_kept_reading_keeps() {
    fn cr_files(dir: &Path, out: &mut Vec<PathBuf>) {
        for entry in std::fs::read_dir(dir).into_iter().flatten().flatten() {
            let path = entry.path();
            if path.is_dir() {
                cr_files(&path, out);
            } else if path
                .extension()
                .is_some_and(|e| e.eq_ignore_ascii_case("cr"))
            {
                out.push(path);
            }
        }
    }
    let mut files = Vec::new();
    cr_files(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("tests"),
        &mut files,
    );
    assert!(files.len() > 100, "{} CR files", files.len());
    for file in &files {
        let data = std::fs::read(file).expect("a test CR reads");
        crate::fuzz_regressions::check::report_read(&data);
    }
    let made = [
        // Duplicated worlds and fleets (the first kept, a warning on each later
        // line), the annex's `...` fleets that are no duplicates, a world
        // continued on the next lines, then a section and a world at the end.
        "Joueur : \"A\":1\nM_1 (2) \"A\" P=3\n  F_3 \"A\" []=1\n  F_3 \"A\" []=2\n\
         M_1 (2) \"B\"\n  E=1/8\n  Nom : \"X\"\nF_1 \"...\" [...] =5*N\n\
         F_1 \"...\" [...] =5*C\nStatistiques\nMondes : 2\nM_2 (1) \"A\" P=1\n  [4,5]\n",
        // The player named after the first worlds, and named again.
        "M_1 (2) \"A\"\nJoueur : \"A\":1\nM_2 (1) \"B\"\nJoueur : \"B\":2\nF_9 \"B\" []=1\n",
        // A continuation with no world before it, one after an unreadable world.
        "E=1/8\nM_x (2)\n  E=2/8\nM_3 (4) \"C\"\n  E=3/8\n",
    ];
    for text in made {
        crate::fuzz_regressions::check::report_read(text.as_bytes());
    }
}
