//! Tests of the CR reader (`nebutil::report::read`).
//!
//! # Fixtures
//!
//! - `tests/fixtures/cr/book/`: every example line of catalog §2.3 (202 lines in
//!   96 groups, typos included), one case per group: `NN_section_ref.cr` is the
//!   CR text given to the reader, `NN_section_ref.expected` the values written by
//!   hand from the book's meaning (format: `tests/report_read/expect.rs`). Its
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

#[path = "report_read/expect.rs"]
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
