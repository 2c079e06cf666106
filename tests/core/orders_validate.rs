//! The order validator, driven by the fixture folders of
//! `tests/fixtures/orders/validate/`, one folder per check:
//! - `*.cr` — the player's CRs (one or several turns: the history), with an
//!   optional `*.nbt` of the same name applied to the CR of that name;
//! - `rules` (optional) — the name of a built-in ruleset (`1999`); 2002 otherwise;
//! - `bad.orders` and `bad.expected` — an order file that triggers the check and
//!   every diagnostic expected, parser's included, as `line:col: severity[code]`
//!   lines in position order (nothing more, nothing less);
//! - `good.orders` — the same kind of orders that do not trigger it: no
//!   diagnostic at all (against the CRs of the subfolder `good/` when there is
//!   one: a CR that does not trigger the check).
//!
//! The folder `cli/` holds the inputs of `tests/cli/cli_orders.rs` only.
//!
//! A folder named `gN-…` is the test of ruling G-N: every ruling the validator
//! applies has one. Every diagnostic code of the validator is triggered by some
//! folder.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use nebutil::diagnostic::{Diagnostic, Severity};
use nebutil::i18n::Lang;
use nebutil::model::knowledge::Knowledge;
use nebutil::orders::validate::{Focus, PlayerContext, check_orders, validate, validate_with};
use nebutil::orders::{parse_orders, print_orders};
use nebutil::rules::Ruleset;

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/orders/validate")
}

fn folders() -> Vec<PathBuf> {
    let mut folders: Vec<PathBuf> = std::fs::read_dir(root())
        .expect("fixtures folder")
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.is_dir() && !p.ends_with("cli"))
        .collect();
    folders.sort();
    folders
}

fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The knowledge of a folder's CRs (and NBTs), and its ruleset.
fn knowledge(folder: &Path) -> (Knowledge, Ruleset) {
    let mut crs: Vec<PathBuf> = std::fs::read_dir(folder)
        .expect("folder")
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == "cr"))
        .collect();
    crs.sort();
    let mut views = Vec::new();
    for cr in &crs {
        let (mut view, diagnostics) = nebutil::report::read(&read(cr));
        let errors: Vec<&Diagnostic> = diagnostics
            .iter()
            .filter(|d| d.severity == Severity::Error)
            .collect();
        assert!(errors.is_empty(), "{}: {errors:?}", cr.display());
        let nbt = cr.with_extension("nbt");
        if nbt.exists() {
            let (file, mut diagnostics) = nebutil::nbt::read(&read(&nbt));
            let file = file.unwrap_or_else(|| panic!("{}: {diagnostics:?}", nbt.display()));
            nebutil::nbt::apply(&file, &mut view, &mut diagnostics);
            assert!(diagnostics.is_empty(), "{}: {diagnostics:?}", nbt.display());
        }
        views.push(view);
    }
    let (knowledge, diagnostics) = Knowledge::from_views(views);
    assert!(
        diagnostics.is_empty(),
        "{}: {diagnostics:?}",
        folder.display()
    );
    let rules = match std::fs::read_to_string(folder.join("rules")) {
        Ok(name) => Ruleset::builtin(name.trim()).expect("a built-in ruleset"),
        Err(_) => Ruleset::builtin_2002(),
    };
    (knowledge, rules)
}

fn lines(diagnostics: &[Diagnostic]) -> Vec<String> {
    diagnostics
        .iter()
        .map(|d| {
            format!(
                "{}:{}: {}[{}]",
                d.span.line,
                d.span.column,
                d.severity.as_str(),
                d.code
            )
        })
        .collect()
}

fn expected(path: &Path) -> Vec<String> {
    read(path)
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(str::to_string)
        .collect()
}

#[test]
fn fixture_folders() {
    let mut failures = Vec::new();
    for folder in folders() {
        let name = folder
            .file_name()
            .map(|n| n.to_string_lossy().to_string())
            .unwrap_or_default();
        let (knowledge, rules) = knowledge(&folder);
        let bad = check_orders(&read(&folder.join("bad.orders")), &knowledge, &rules);
        let got = lines(&bad.diagnostics);
        let want = expected(&folder.join("bad.expected"));
        if got != want {
            failures.push(format!(
                "{name}/bad: got\n  {}\nexpected\n  {}\nmessages:\n  {}",
                got.join("\n  "),
                want.join("\n  "),
                bad.diagnostics
                    .iter()
                    .map(|d| d.message(Lang::En))
                    .collect::<Vec<_>>()
                    .join("\n  ")
            ));
        }
        if want.is_empty() {
            failures.push(format!("{name}/bad.expected is empty"));
        }
        let good_knowledge = folder.join("good");
        let (knowledge, rules) = if good_knowledge.is_dir() {
            self::knowledge(&good_knowledge)
        } else {
            (knowledge, rules)
        };
        let good = check_orders(&read(&folder.join("good.orders")), &knowledge, &rules);
        if !good.diagnostics.is_empty() {
            failures.push(format!(
                "{name}/good: {}\n  {}",
                lines(&good.diagnostics).join("\n  "),
                good.diagnostics
                    .iter()
                    .map(|d| d.message(Lang::En))
                    .collect::<Vec<_>>()
                    .join("\n  ")
            ));
        }
        if good.file.orders.is_empty() {
            failures.push(format!("{name}/good.orders has no order"));
        }
        // Every message renders with all its arguments, in both languages.
        for d in &bad.diagnostics {
            for lang in Lang::ALL {
                let message = d.message(lang);
                assert!(
                    !message.contains("{$") && !message.contains("{ $") && message != d.code,
                    "{name}: {} does not render in {lang:?}: {message}",
                    d.code
                );
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

/// The validator's source files.
fn validator_sources() -> Vec<(PathBuf, String)> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/orders/validate");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .expect("validator folder")
        .flatten()
        .map(|e| e.path())
        .collect();
    files.sort();
    files.into_iter().map(|p| (p.clone(), read(&p))).collect()
}

#[test]
fn every_code_is_triggered_by_a_fixture() {
    let mut codes = BTreeSet::new();
    for (_, text) in validator_sources() {
        let mut rest = text.as_str();
        while let Some(at) = rest.find("\"order-check-") {
            let tail = &rest[at + 1..];
            let end = tail.find('"').unwrap_or(tail.len());
            codes.insert(tail[..end].to_string());
            rest = &tail[end..];
        }
    }
    assert!(codes.len() > 40, "codes found: {codes:?}");
    let mut triggered = BTreeSet::new();
    for folder in folders() {
        for line in expected(&folder.join("bad.expected")) {
            if let Some(code) = line.split('[').nth(1).and_then(|c| c.split(']').next()) {
                triggered.insert(code.to_string());
            }
        }
    }
    // Tested below with a hand-made view: a CR always shows the numbers.
    triggered.insert("order-check-player-unchecked".to_string());
    let missing: Vec<&String> = codes.difference(&triggered).collect();
    assert!(missing.is_empty(), "never triggered: {missing:?}");
    // Every code has a message in both languages.
    for code in &codes {
        for lang in Lang::ALL {
            assert!(nebutil::i18n::has_message(lang, code), "{code} in {lang:?}");
        }
    }
}

#[test]
fn every_ruling_of_the_validator_has_its_fixture() {
    let names: Vec<String> = folders()
        .iter()
        .filter_map(|f| f.file_name().map(|n| n.to_string_lossy().to_string()))
        .collect();
    let mut rulings = BTreeSet::new();
    for (path, text) in validator_sources() {
        for line in text.lines() {
            // The canonical statement or a reference to it (`Applies ruling G-n`):
            // a ruling decided in the resolver but anticipated here needs its fixture too.
            let line = line.trim_start();
            let found = line.strip_prefix("/// Ruling G-").or_else(|| {
                line.strip_prefix("///")
                    .and_then(|doc| doc.split_once("Applies ruling G-"))
                    .map(|(_, rest)| rest)
            });
            if let Some(rest) = found {
                let digits: String = rest.chars().take_while(char::is_ascii_digit).collect();
                let id: u32 = digits.parse().expect("a ruling number");
                rulings.insert((id, path.display().to_string()));
            }
        }
    }
    assert!(rulings.len() >= 20, "{rulings:?}");
    for (id, path) in rulings {
        let prefix = format!("g{id}-");
        assert!(
            names.iter().any(|n| n.starts_with(&prefix)),
            "ruling G-{id} ({path}) has no fixture folder {prefix}…"
        );
    }
}

#[test]
fn without_knowledge_only_the_orders_themselves_are_checked() {
    let text = "F_1 MM 2 3\nF_1 * P\nM_5 T 7 R VI\nM_5 C 2 E 12\nA : 7\n";
    let file = parse_orders(text);
    assert!(file.diagnostics.is_empty());
    let rules = Ruleset::builtin_2002();
    let diagnostics = validate(&file.orders, &Knowledge::new(), &rules);
    let codes: Vec<(u32, &str)> = diagnostics
        .iter()
        .map(|d| (d.span.line, d.code.as_str()))
        .collect();
    assert_eq!(
        codes,
        [
            (2, "order-check-exclusive"),
            // A robotron's order, the class unknown: cannot be checked.
            (3, "order-check-class-unknown"),
            (3, "order-check-robot-multiple"),
            (4, "order-check-spy-category"),
        ]
    );
    // validate() spans whole orders; check_orders() narrows to the token.
    assert_eq!(diagnostics[1].span.column, 1);
    let checked = check_orders(text, &Knowledge::new(), &rules);
    let spans: Vec<(u32, u32, u32)> = checked
        .diagnostics
        .iter()
        .map(|d| (d.span.line, d.span.column, d.span.end_column))
        .collect();
    assert_eq!(spans, [(2, 1, 4), (3, 1, 13), (3, 7, 8), (4, 11, 13)]);
}

#[test]
fn parser_and_validator_diagnostics_come_together_in_order() {
    let folder = root().join("g10-world-not-yours");
    let (knowledge, rules) = knowledge(&folder);
    let text = "Md_10 C 1 VI\nM_11 C 2 VI\nF 1 X\n";
    let checked = check_orders(text, &knowledge, &rules);
    assert_eq!(
        lines(&checked.diagnostics),
        [
            "1:1: error[order-md-notation]",
            "2:1: error[order-check-world-not-yours]",
            "3:5: error[order-unexpected]",
        ]
    );
    assert_eq!(checked.file.orders.len(), 1);
    assert_eq!(print_orders(&checked.file.kinds()), "M_11 C 2 VI\n");
}

#[test]
fn messages_carry_the_numbers() {
    let folder = root().join("g8-up-budget");
    let (knowledge, rules) = knowledge(&folder);
    let checked = check_orders(&read(&folder.join("bad.orders")), &knowledge, &rules);
    let budget = checked
        .diagnostics
        .iter()
        .find(|d| d.code == "order-check-up-budget")
        .expect("the budget error");
    let english = budget.message(Lang::En);
    let french = budget.message(Lang::Fr);
    assert!(
        english.contains("M_10 has only 20 active industries"),
        "{english}"
    );
    assert!(english.contains("lines 1, 2, 3 need 28 UP"), "{english}");
    assert!(
        french.contains("M_10 n'a que 20 industries actives"),
        "{french}"
    );
}

/// The Jihad delay is the ruleset's `combat.jihad_change_delay`, not a fixed 5: the
/// g13 folder's Jihad dates from turn 3 and the orders are those of turn 5.
#[test]
fn the_jihad_delay_is_read_from_the_ruleset() {
    let folder = root().join("g13-jihad-five-turns");
    let (knowledge, mut rules) = knowledge(&folder);
    let too_soon = |rules: &Ruleset| -> Vec<Option<String>> {
        check_orders("J : 8\n", &knowledge, rules)
            .diagnostics
            .iter()
            .filter(|d| d.code == "order-check-jihad-too-soon")
            .map(|d| {
                d.args
                    .iter()
                    .find(|(name, _)| name == "allowed")
                    .map(|(_, value)| value.clone())
            })
            .collect()
    };
    assert_eq!(
        too_soon(&rules),
        [Some("8".to_string())],
        "the book's 5 turns"
    );
    rules.combat.jihad_change_delay = 2;
    assert!(too_soon(&rules).is_empty(), "3 + 2 <= 5: allowed");
    rules.combat.jihad_change_delay = 3;
    assert_eq!(too_soon(&rules), [Some("6".to_string())], "3 + 3 > 5");
}

#[test]
fn a_context_is_reusable_and_findings_name_their_order() {
    let folder = root().join("g7-exclusive");
    let (knowledge, rules) = knowledge(&folder);
    let context = PlayerContext::new(&knowledge);
    assert_eq!(context.turn, Some(5));
    assert_eq!(context.me, Some("Maxtor"));
    let file = parse_orders(&read(&folder.join("bad.orders")));
    let first = validate_with(&file.orders, &context, &rules);
    let second = validate_with(&file.orders, &context, &rules);
    assert_eq!(first, second);
    let finding = first
        .iter()
        .find(|f| f.diagnostic.code == "order-check-exclusive")
        .expect("an exclusivity error");
    assert!(matches!(finding.focus, Focus::Fleet(1)));
    assert_eq!(file.orders[finding.order].span.line, 2);
}

/// A player known by name whose number is unknown (a view built by hand: the CR
/// always shows numbers, other sources may not).
#[test]
fn a_number_that_may_be_an_unnumbered_known_player_is_a_warning() {
    use nebutil::model::view::{OwnerView, PlayerRef as Named, TurnView, WorldView};
    let view = TurnView {
        turn: Some(3),
        player: Some(Named {
            name: "Maxtor".into(),
            number: Some(5),
        }),
        known_players: vec![
            Named {
                name: "Miria".into(),
                number: Some(7),
            },
            Named {
                name: "Zorg".into(),
                number: None,
            },
        ],
        worlds: vec![WorldView {
            id: 10,
            owner: Some(OwnerView {
                name: Some("Maxtor".into()),
                ..OwnerView::default()
            }),
            connections: Some(Vec::new()),
            line: 1,
            ..WorldView::default()
        }],
        ..TurnView::default()
    };
    let (knowledge, diagnostics) = Knowledge::from_views([view]);
    assert!(diagnostics.is_empty());
    let rules = Ruleset::builtin_2002();
    let checked = check_orders("A : 9\nA : 7\nA : \"Zorg\"\n", &knowledge, &rules);
    assert_eq!(
        lines(&checked.diagnostics),
        ["1:5: warning[order-check-player-unchecked]"]
    );
    // Once every known player's number is known, 9 is nobody known.
    let mut all_numbered = Knowledge::new();
    let _ = all_numbered.add(TurnView {
        turn: Some(3),
        player: knowledge.player.clone(),
        ..TurnView::default()
    });
    let checked = check_orders("A : 9\n", &all_numbered, &rules);
    assert_eq!(
        lines(&checked.diagnostics),
        ["1:5: error[order-check-player-unknown]"]
    );
}

/// Order files made of every kind of order with any numbers (0, huge, the ids of
/// the fixture's worlds and fleets) never make the validator panic, and every
/// diagnostic lies on an order's line.
mod robustness {
    use super::*;
    use proptest::prelude::*;

    const TEMPLATES: &[&str] = &[
        "M_{a} C {b} VC F_{c}",
        "M_{a} C {b} VT F_{c}",
        "M_{a} C {b} VI",
        "M_{a} C {b} I",
        "M_{a} C {b} P",
        "M_{a} C {b} R",
        "M_{a} C {b} E {c}",
        "M_{a} C {b} CAR",
        "M_{a} C {b} DEP",
        "VI M_{a} C {b} I",
        "M_{a} T {b} R F_{c}",
        "M_{a} T {b} R I",
        "M_{a} E {b} P M_{c}",
        "M_{a} E {b} R M_{c}",
        "F_{a} D {b} MP",
        "F_{a} D P",
        "F_{a} C {b} MP",
        "F_{a} C {b} C",
        "F_{a} C N",
        "F_{a} T {b} VC F_{c}",
        "F_{a} T {b} VT F_{c}",
        "F_{a} T {b} VC VI",
        "M_{a} T {b} VI F_{c}",
        "M_{a} T {b} VP VI",
        "F_{a} E {b} VC P",
        "F_{a} MM {b} {c}",
        "F_{a} MM {c} {a} {b} {c} {a} {b} {c} {a}",
        "F_{a} * F_{c}",
        "F_{a} ? M",
        "VP M_{a} * F_{c}",
        "VI M_{a} ? F_{c}",
        "VI M_{a} S M_{c}",
        "F_{a} S M_{c}",
        "F_{a} C BOMBE",
        "F_{a} L BOMBE",
        "F_{a} T {b} R",
        "T_{a} M",
        "T_{a} F_{c}",
        "M_{a} P",
        "M_{a} = \"N{b}\"",
        "A : {a}",
        "J : {b}",
        "F_{a} C : {c}",
        "M_{a} C : \"Miria\"",
        "F_{a} P",
        "Z {a}",
    ];

    fn number() -> impl Strategy<Value = u64> {
        prop_oneof![
            0u64..20,
            Just(u64::from(u32::MAX)),
            Just(u64::from(u32::MAX) - 1),
            1u64..100_000,
        ]
    }

    fn line() -> impl Strategy<Value = String> {
        (0..TEMPLATES.len(), number(), number(), number()).prop_map(|(t, a, b, c)| {
            TEMPLATES[t]
                .replace("{a}", &a.to_string())
                .replace("{b}", &b.to_string())
                .replace("{c}", &c.to_string())
        })
    }

    /// The fixture's knowledge blown up: worlds of `u32::MAX` people, industries,
    /// MP and VI, and none at all; fleets of `u32::MAX` ships and cargo; every
    /// technology at `u32::MAX`. Extreme orders on it run without an overflow.
    fn extreme_knowledge(folder: &str, value: u32) -> (Knowledge, Ruleset) {
        let mut crs: Vec<PathBuf> = std::fs::read_dir(root().join(folder))
            .expect("folder")
            .flatten()
            .map(|e| e.path())
            .filter(|p| p.extension().is_some_and(|e| e == "cr"))
            .collect();
        crs.sort();
        let views = crs.iter().map(|cr| {
            let (view, _) = nebutil::report::read(&read(cr));
            blow_up(view, value)
        });
        let (knowledge, _) = Knowledge::from_views(views.collect::<Vec<_>>());
        (knowledge, Ruleset::builtin_2002())
    }

    fn blow_up(
        mut view: nebutil::model::view::TurnView,
        value: u32,
    ) -> nebutil::model::view::TurnView {
        for (i, w) in view.worlds.iter_mut().enumerate() {
            let v = if i % 3 == 0 { 0 } else { value };
            w.set_population(Some(v));
            w.set_industries(Some(v));
            w.set_active_industries(Some(v));
            w.set_mp(Some(v));
            w.set_vi(Some(v));
            w.set_vp(Some(v));
            w.set_robots(Some(v));
        }
        for f in view.fleets.iter_mut() {
            f.vc = Some(value);
            f.vt = Some(value);
            f.total = Some(value);
        }
        if let Some(tech) = view.tech.as_mut() {
            for line in tech.lines.iter_mut() {
                line.level = value;
                line.invested = value;
                line.cost = Some(value);
            }
        }
        view
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]
        #[test]
        fn extreme_values_never_overflow(
            lines in proptest::collection::vec(line(), 1..30),
            value in prop_oneof![Just(u32::MAX), Just(u32::MAX - 1), Just(0u32), Just(1u32)],
        ) {
            let text = lines.join("\n");
            for folder in ["g8-up-budget", "g116-meva"] {
                let (knowledge, rules) = extreme_knowledge(folder, value);
                let checked = check_orders(&text, &knowledge, &rules);
                for d in &checked.diagnostics {
                    prop_assert!(d.span.line >= 1 && d.span.line as usize <= lines.len());
                    prop_assert!(!d.message(Lang::Fr).is_empty());
                }
            }
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(256))]
        #[test]
        fn never_panics(lines in proptest::collection::vec(line(), 1..40)) {
            let text = lines.join("\n");
            let rules = Ruleset::builtin_2002();
            for folder in ["g8-up-budget", "g42-robot-multiples", "g13-jihad-five-turns", "g116-meva"] {
                let (knowledge, _) = knowledge(&root().join(folder));
                let checked = check_orders(&text, &knowledge, &rules);
                for d in &checked.diagnostics {
                    prop_assert!(d.span.line >= 1 && d.span.line as usize <= lines.len());
                    prop_assert!(d.span.column <= d.span.end_column);
                    prop_assert!(!d.message(Lang::En).is_empty());
                }
            }
        }
    }
}
