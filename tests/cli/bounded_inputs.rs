//! Absurd and damaged inputs: files over the size limit of their kind refused
//! with one sentence (command line: status 2; app: a notice), diagnostics capped
//! per file with one summary in both languages, duplicates in a CR or an NBT
//! keeping the first, and the round trips that did not hold (`F#102`, a world
//! given twice, two byte order marks).

use std::path::PathBuf;
use std::process::Command;

use nebutil::diagnostic::{MAX_PER_FILE, MORE_CODE, Severity};
use nebutil::i18n::Lang;
use nebutil::orders::{format_orders, parse_orders};
use nebutil::report::{read, write::print};

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("nebutil-bounded-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    assert!(std::fs::create_dir_all(&dir).is_ok());
    dir
}

/// A file of `bytes` bytes that takes no disk space (a sparse file).
fn sparse_file(path: &PathBuf, bytes: u64) {
    let file = std::fs::File::create(path).expect("create");
    file.set_len(bytes).expect("set_len");
}

#[test]
fn a_file_over_its_limit_is_refused_with_one_sentence_and_status_2() {
    let dir = temp_dir("cli");
    let cr = dir.join("big.cr");
    sparse_file(&cr, 65 * 1024 * 1024);
    let orders = dir.join("orders.txt");
    sparse_file(&orders, 17 * 1024 * 1024);
    let small = dir.join("small.cr");
    assert!(std::fs::write(&small, "NEBULA - Partie K - Tour 1\nMd_1 (2)\n").is_ok());
    let run = |args: &[&str]| {
        Command::new(env!("CARGO_BIN_EXE_nebutil"))
            .args(args)
            .output()
            .expect("nebutil runs")
    };
    let cr_arg = cr.display().to_string();
    for (lang, words) in [
        ("fr", "65 Mo, plus que les 64 Mo"),
        ("en", "65 MB, more than the 64 MB"),
    ] {
        let output = run(&["report", &cr_arg, "--lang", lang]);
        assert_eq!(output.status.code(), Some(2));
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(stderr.lines().count(), 1, "one sentence: {stderr}");
        assert!(stderr.contains(words), "{stderr}");
        assert!(output.stdout.is_empty());
    }
    let output = run(&[
        "orders",
        &orders.display().to_string(),
        "--report",
        &small.display().to_string(),
        "--lang",
        "en",
    ]);
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(stderr.lines().count(), 1, "one sentence: {stderr}");
    assert!(stderr.contains("17 MB, more than the 16 MB"), "{stderr}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[cfg(feature = "gui")]
#[test]
fn the_app_refuses_a_file_over_its_limit_with_a_notice() {
    use nebutil::gui::session::Session;
    let dir = temp_dir("app");
    let cr = dir.join("big.cr");
    sparse_file(&cr, 65 * 1024 * 1024);
    let nbt = dir.join("big.NBT");
    sparse_file(&nbt, 65 * 1024 * 1024);
    for path in [&cr, &nbt] {
        let error = Session::default()
            .open_path(path)
            .expect_err("a file over the limit is refused");
        assert_eq!(error.message_id(), "gui-error-too-large");
        let args = error.args(Lang::Fr);
        let args: Vec<(&str, &str)> = args.iter().map(|(k, v)| (k.as_str(), v.as_str())).collect();
        let notice = nebutil::i18n::tr_args(Lang::Fr, error.message_id(), &args);
        assert!(notice.contains("65 Mo ; au plus 64 Mo"), "{notice}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn diagnostics_are_capped_with_one_summary_in_both_languages() {
    let mut text = String::from("NEBULA - Partie K - Tour 1\n");
    for _ in 0..(MAX_PER_FILE + 12_345) {
        text.push_str("§\n");
    }
    let (_, diagnostics) = read(&text);
    assert_eq!(diagnostics.len(), MAX_PER_FILE + 1);
    let summary = diagnostics.last().expect("a summary");
    assert_eq!(summary.code, MORE_CODE);
    assert_eq!(summary.severity, Severity::Error);
    let first = MAX_PER_FILE as u32 + 2;
    let last = (MAX_PER_FILE + 12_345) as u32 + 1;
    assert_eq!(
        summary.message(Lang::Fr),
        format!("… et 12345 autres messages, non montrés, des lignes {first} à {last}.")
    );
    assert_eq!(
        summary.message(Lang::En),
        format!("… and 12345 more messages, not shown, on lines {first} to {last}.")
    );
    // One more: singular, one line.
    let mut text = String::from("NEBULA - Partie K - Tour 1\n");
    for _ in 0..=MAX_PER_FILE {
        text.push_str("§\n");
    }
    let (_, diagnostics) = read(&text);
    let summary = diagnostics.last().expect("a summary");
    let line = MAX_PER_FILE as u32 + 2;
    assert_eq!(
        summary.message(Lang::Fr),
        format!("… et 1 autre message, non montré, à la ligne {line}.")
    );
    assert_eq!(
        summary.message(Lang::En),
        format!("… and 1 more message, not shown, on line {line}.")
    );
    // The command line counts every error, those of the summary included.
    let orders: String = "§\n".repeat(1000);
    let file = parse_orders(&orders);
    assert_eq!(file.diagnostics.len(), MAX_PER_FILE + 1);
    assert_eq!(
        nebutil::diagnostic::count_severity(&file.diagnostics, Severity::Error),
        1000
    );
}

const HEAD: &str = "NEBULA - Partie K - Tour 3\nJoueur : \"Maxtor\":5\n";

#[test]
fn a_fleet_mention_prints_back_as_a_mention() {
    let text = format!("{HEAD}M_5 (6) \"Maxtor\"\n  F#102\n");
    let (view, _) = read(&text);
    let printed = print(&view);
    assert!(printed.contains("F#102\n"), "{printed}");
    assert!(!printed.contains("[?]"), "{printed}");
    let (again, _) = read(&printed);
    let unlined = |fleets: &[nebutil::model::view::FleetView]| {
        let mut fleets = fleets.to_vec();
        fleets.iter_mut().for_each(|f| f.line = 0);
        fleets
    };
    assert_eq!(unlined(&again.fleets), unlined(&view.fleets));
    assert_eq!(print(&again), printed);
}

#[test]
fn a_world_given_twice_keeps_the_first_and_prints_stably() {
    let text =
        format!("{HEAD}M_5 (6) \"Maxtor\" [I=3]=0 P=50(100)\nM_6 (5)\nM_5 (6,7) \"Miria\" P=10\n");
    let (view, diagnostics) = read(&text);
    let fives: Vec<_> = view.worlds.iter().filter(|w| w.id == 5).collect();
    assert_eq!(fives.len(), 1);
    assert_eq!(fives[0].line, 3);
    assert_eq!(fives[0].population(), Some(50));
    assert!(
        diagnostics
            .iter()
            .any(|d| d.code == "cr-duplicate-world" && d.span.line == 5)
    );
    let printed = print(&view);
    let (again, _) = read(&printed);
    assert_eq!(print(&again), printed);
}

#[test]
fn fleets_and_treasures_given_twice_keep_the_first() {
    let text = format!(
        "{HEAD}M_5 (6) \"Maxtor\"\n  F_7 \"Maxtor\" []=3\n  T_2 <La machine perdue>\n  F_7 \"Miria\" []=9\n  T_2 <La potion invisible>\n"
    );
    let (view, diagnostics) = read(&text);
    assert_eq!(view.fleets.len(), 1);
    assert_eq!(view.fleets[0].vc, Some(3));
    assert_eq!(view.treasures.len(), 1);
    assert_eq!(view.treasures[0].name, "La machine perdue");
    let warnings: Vec<(&str, u32)> = diagnostics
        .iter()
        .filter(|d| d.severity == Severity::Warning)
        .map(|d| (d.code.as_str(), d.span.line))
        .collect();
    assert!(
        warnings.contains(&("cr-duplicate-fleet", 6)),
        "{warnings:?}"
    );
    assert!(
        warnings.contains(&("cr-duplicate-treasure", 7)),
        "{warnings:?}"
    );
}

#[test]
fn nbt_duplicate_keys_keep_the_first() {
    let text = "(\n    version: 1,\n    turn: 3,\n    player: (number: 5, name: \"Maxtor\"),\n    coords: {\n        15: (x: 1, y: 2, exact: true),\n        15: (x: 9, y: 9, exact: true),\n    },\n    known_players: {\n        7: \"Miria\",\n        7: \"Bof\",\n    },\n)\n";
    let (file, diagnostics) = nebutil::nbt::read(text);
    let file = file.expect("read");
    assert_eq!(file.coords.get(&15).map(|c| (c.x, c.y)), Some((1, 2)));
    assert_eq!(
        file.known_players.get(&7).map(String::as_str),
        Some("Miria")
    );
    let found: Vec<(&str, u32, Severity)> = diagnostics
        .iter()
        .map(|d| (d.code.as_str(), d.span.line, d.severity))
        .collect();
    assert_eq!(
        found,
        [
            ("nbt-duplicate-key", 7, Severity::Warning),
            ("nbt-duplicate-key", 11, Severity::Warning)
        ]
    );
}

#[test]
fn an_order_file_with_two_byte_order_marks_is_idempotent() {
    let text = "\u{feff}\u{feff}f12 m 48\nF_5 P ; note\n";
    let once = format_orders(text);
    assert_eq!(format_orders(&once), once);
    assert_eq!(once, "F_12 MM 48\nF_5 P ; note\n");
    let file = parse_orders(text);
    assert_eq!(file.orders.len(), 2);
    assert!(file.diagnostics.is_empty(), "{:?}", file.diagnostics);
}
