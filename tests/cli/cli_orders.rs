//! `nebutil orders`, run as the built binary on the validator's fixture folders
//! (`tests/fixtures/orders/validate/`, see `tests/core/orders_validate.rs`): every
//! folder's `bad.orders` prints exactly its expected lines, as
//! `file:line:col: severity[code]: message`, and exits 1 when one is an error;
//! `good.orders` prints nothing and exits 0. Then the JSON document, the
//! languages, the exit status 2 and the inputs (mail, Windows-1252, NBT, several
//! CRs).

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use serde_json::Value;

use crate::support::cli::{nebutil_command, stderr, stdout};

fn dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/orders/validate")
}

/// `nebutil orders -q ARGS…` in the fixture folder (the diagnostics alone,
/// without the summary line).
fn nebutil(args: &[&str]) -> Output {
    let mut command = nebutil_command(&["orders", "-q"]);
    command.args(args).current_dir(dir());
    command.output().expect("the binary runs")
}

/// `--report` arguments for every CR of a folder, in name order.
fn reports(folder: &Path) -> Vec<String> {
    let mut crs: Vec<String> = std::fs::read_dir(folder)
        .expect("folder")
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == "cr"))
        .filter_map(|p| {
            p.strip_prefix(dir())
                .ok()
                .map(|p| p.to_string_lossy().into_owned())
        })
        .collect();
    crs.sort();
    crs.into_iter()
        .flat_map(|cr| ["--report".to_string(), cr])
        .collect()
}

fn expected(path: &Path) -> Vec<String> {
    std::fs::read_to_string(path)
        .expect("expected file")
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(str::to_string)
        .collect()
}

#[test]
fn every_fixture_folder_through_the_command() {
    let mut folders: Vec<PathBuf> = std::fs::read_dir(dir())
        .expect("fixtures")
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.is_dir() && !p.ends_with("cli"))
        .collect();
    folders.sort();
    assert!(folders.len() > 40);
    let mut failures = Vec::new();
    for folder in &folders {
        let name = folder
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        let bad = format!("{name}/bad.orders");
        let mut args = vec![bad.clone()];
        args.extend(reports(folder));
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let output = nebutil(&args);
        let out = stdout(&output);
        let want = expected(&folder.join("bad.expected"));
        let got: Vec<String> = out
            .lines()
            .map(|l| {
                // `file:line:col: severity[code]: message` → `line:col: severity[code]`
                let rest = l.strip_prefix(&format!("{bad}:")).unwrap_or(l);
                rest.split("]: ").next().unwrap_or(rest).to_string() + "]"
            })
            .collect();
        if got != want {
            failures.push(format!("{name}: got\n{out}expected\n{}", want.join("\n")));
        }
        for line in out.lines() {
            let message = line.split("]: ").nth(1).unwrap_or("");
            if message.len() < 10 {
                failures.push(format!("{name}: no message in {line}"));
            }
        }
        let errors = want.iter().any(|l| l.contains(" error["));
        let status = output.status.code();
        if status != Some(if errors { 1 } else { 0 }) {
            failures.push(format!("{name}: exit {status:?}"));
        }

        // The good orders, against the good CRs when the folder has them.
        let good_dir = folder.join("good");
        let good_reports = if good_dir.is_dir() {
            reports(&good_dir)
        } else {
            reports(folder)
        };
        let mut args = vec![format!("{name}/good.orders")];
        args.extend(good_reports);
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let output = nebutil(&args);
        if !stdout(&output).is_empty() || output.status.code() != Some(0) {
            failures.push(format!(
                "{name}/good: exit {:?}\n{}",
                output.status.code(),
                stdout(&output)
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn messages_follow_the_language() {
    let args = ["g8-up-budget/bad.orders", "--report", "g8-up-budget/t5.cr"];
    let french = stdout(&nebutil(&args));
    assert_eq!(
        french,
        "g8-up-budget/bad.orders:2:1: error[order-check-up-budget]: M_10 n'a que 20 industries \
         actives : les ordres des lignes 1, 2, 3 demandent 28 UP. L'arbitre réduit l'ordre qui \
         dépasse et ignore les suivants.\n"
    );
    let mut english_args = args.to_vec();
    english_args.extend(["--lang", "en"]);
    let english = stdout(&nebutil(&english_args));
    assert!(
        english
            .contains("M_10 has only 20 active industries: the orders of lines 1, 2, 3 need 28 UP"),
        "{english}"
    );
    let from_environment = Command::new(env!("CARGO_BIN_EXE_nebutil"))
        .args(["orders", "-q"])
        .args(args)
        .current_dir(dir())
        .env("LANG", "en_GB.UTF-8")
        .env_remove("LC_ALL")
        .env_remove("LC_MESSAGES")
        .output()
        .expect("runs");
    assert_eq!(stdout(&from_environment), english);
}

#[test]
fn json_document() {
    let output = nebutil(&[
        "g12-route/bad.orders",
        "--report",
        "g12-route/t5.cr",
        "--json",
        "--lang",
        "en",
    ]);
    assert_eq!(output.status.code(), Some(1));
    let document: Value = serde_json::from_slice(&output.stdout).expect("JSON");
    assert_eq!(document["schema"], "nebutil-orders/1");
    assert_eq!(document["file"], "g12-route/bad.orders");
    assert_eq!(document["reports"][0], "g12-route/t5.cr");
    assert_eq!(document["rules"], "2002");
    assert_eq!(document["turn"], 5);
    assert_eq!(document["player"]["name"], "Maxtor");
    assert_eq!(document["player"]["class"], "emperor");
    let orders = document["orders"].as_array().expect("orders");
    assert_eq!(orders.len(), 2);
    assert_eq!(orders[0]["line"], 1);
    assert_eq!(orders[0]["text"], "F_1 MM 10 11");
    assert_eq!(orders[0]["canonical"], "F_1 MM 10 11");
    assert_eq!(orders[0]["kind"], "move");
    assert_eq!(orders[0]["form"], 87);
    assert_eq!(
        orders[0]["explanation"],
        "Fleet 1 moves through world 10 to world 11"
    );
    let diagnostics = document["diagnostics"].as_array().expect("diagnostics");
    assert_eq!(diagnostics.len(), 2);
    let first = &diagnostics[0];
    assert_eq!(first["line"], 1);
    assert_eq!(first["column"], 8);
    assert_eq!(first["end_column"], 10);
    assert_eq!(first["severity"], "error");
    assert_eq!(first["code"], "order-check-route-starts-here");
    assert!(
        first["message"]
            .as_str()
            .is_some_and(|m| m.starts_with("F_1 is already on M_10"))
    );
    assert_eq!(diagnostics[1]["column"], 17);
    assert_eq!(diagnostics[1]["end_column"], 19);
    assert_eq!(document["counts"]["orders"], 2);
    assert_eq!(document["counts"]["errors"], 2);
    assert_eq!(
        document["report_diagnostics"].as_array().map(Vec::len),
        Some(0)
    );
}

#[test]
fn written_text_and_canonical_form_differ_when_the_order_is_abbreviated() {
    let output = nebutil(&[
        "cli/abbreviated.orders",
        "--report",
        "g8-up-budget/t5.cr",
        "--json",
    ]);
    assert_eq!(output.status.code(), Some(0), "{}", stdout(&output));
    let document: Value = serde_json::from_slice(&output.stdout).expect("JSON");
    let order = &document["orders"][0];
    assert_eq!(order["text"], "m10 c 3 vc f1");
    assert_eq!(order["canonical"], "M_10 C 3 VC F_1");
    assert_eq!(order["column"], 3);
    assert_eq!(
        order["explanation"],
        "Le monde 10 construit 3 VC sur la flotte 1"
    );
}

/// The two movement syntaxes are two forms of the order table: `F_f MM m …` #87,
/// `F_f M_m …` #88 (however abbreviated), in the JSON as written.
#[test]
fn each_movement_syntax_is_its_own_form() {
    let output = nebutil(&["cli/moves.orders", "--report", "g12-route/t5.cr", "--json"]);
    let document: Value = serde_json::from_slice(&output.stdout).expect("JSON");
    let orders = document["orders"].as_array().expect("orders");
    let forms: Vec<(&str, &str, u64)> = orders
        .iter()
        .map(|o| {
            (
                o["text"].as_str().unwrap_or_default(),
                o["kind"].as_str().unwrap_or_default(),
                o["form"].as_u64().unwrap_or_default(),
            )
        })
        .collect();
    assert_eq!(
        forms,
        [
            ("F_4 MM 10", "move", 87),
            ("F_7 M_10", "move", 88),
            ("f8 m 10", "move", 88),
        ]
    );
    // One canonical writing for both.
    assert_eq!(orders[1]["canonical"], "F_7 MM 10");
}

#[test]
fn unreadable_files_and_wrong_arguments_exit_with_2() {
    let missing = nebutil(&["nothing.orders", "--report", "g8-up-budget/t5.cr"]);
    assert_eq!(missing.status.code(), Some(2));
    assert!(
        stderr(&missing).contains("nothing.orders"),
        "{}",
        stderr(&missing)
    );
    assert!(stdout(&missing).is_empty());

    let missing_cr = nebutil(&["g8-up-budget/bad.orders", "--report", "nothing.cr"]);
    assert_eq!(missing_cr.status.code(), Some(2));
    assert!(stderr(&missing_cr).contains("nothing.cr"));

    let no_report = nebutil(&["g8-up-budget/bad.orders"]);
    assert_eq!(no_report.status.code(), Some(2));

    let bad_rules = nebutil(&[
        "g8-up-budget/bad.orders",
        "--report",
        "g8-up-budget/t5.cr",
        "--rules",
        "g8-up-budget/bad.orders",
    ]);
    assert_eq!(bad_rules.status.code(), Some(2));
    assert!(stderr(&bad_rules).contains("g8-up-budget/bad.orders"));
    // The ruleset's own diagnostics in the language asked for.
    assert!(stderr(&bad_rules).contains("Fichier de règles illisible"));
    let bad_rules_en = nebutil(&[
        "g8-up-budget/bad.orders",
        "--report",
        "g8-up-budget/t5.cr",
        "--rules",
        "g8-up-budget/bad.orders",
        "--lang",
        "en",
    ]);
    assert_eq!(bad_rules_en.status.code(), Some(2));
    assert!(
        stderr(&bad_rules_en).contains("Unreadable ruleset file"),
        "{}",
        stderr(&bad_rules_en)
    );

    let bad_lang = nebutil(&[
        "g8-up-budget/bad.orders",
        "--report",
        "g8-up-budget/t5.cr",
        "--lang",
        "de",
    ]);
    assert_eq!(bad_lang.status.code(), Some(2));
}

#[test]
fn an_orders_mail_in_windows_1252_is_read() {
    let output = nebutil(&[
        "cli/mail-1252.orders",
        "--report",
        "g8-up-budget/t5.cr",
        "--lang",
        "en",
    ]);
    let out = stdout(&output);
    assert_eq!(output.status.code(), Some(1), "{out}");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 2, "{out}");
    assert!(lines[0].starts_with("cli/mail-1252.orders:3:"), "{out}");
    assert!(lines[0].contains("info[text-windows-1252]"), "{out}");
    assert!(
        lines[1].starts_with("cli/mail-1252.orders:5:1: error[order-check-world-not-yours]"),
        "{out}"
    );
}

#[test]
fn the_nbt_completes_the_cr_and_names_the_rules() {
    // The CR has no header: the NBT gives the player, his class and the rules.
    // Not named on the command line, the NBT of the same name beside the CR
    // still tells its turn, player and class.
    let without = nebutil(&[
        "cli/robots.orders",
        "--report",
        "cli/bare.cr",
        "--lang",
        "en",
    ]);
    assert_eq!(
        stdout(&without).lines().collect::<Vec<_>>(),
        [
            "cli/robots.orders:1:1: error[order-check-class]: Order reserved to the robotron; you are a merchant."
        ],
    );
    assert_eq!(without.status.code(), Some(1));
    let with = nebutil(&[
        "cli/robots.orders",
        "--report",
        "cli/bare.cr",
        "--nbt",
        "cli/bare.nbt",
        "--lang",
        "en",
    ]);
    let out = stdout(&with);
    assert_eq!(with.status.code(), Some(1), "{out}");
    assert!(
        out.contains("cli/robots.orders:1:1: error[order-check-class]: Order reserved to the robotron; you are a merchant."),
        "{out}"
    );
    let document: Value = serde_json::from_slice(
        &nebutil(&[
            "cli/robots.orders",
            "--report",
            "cli/bare.cr",
            "--nbt",
            "cli/bare.nbt",
            "--json",
        ])
        .stdout,
    )
    .expect("JSON");
    assert_eq!(document["rules"], "1999");
    assert_eq!(document["nbt"][0], "cli/bare.nbt");
    assert_eq!(document["player"]["class"], "merchant");
}

#[test]
fn older_reports_complete_the_latest() {
    // The technology block is only on the turn-4 CR: the route length is a warning.
    let output = nebutil(&[
        "route-old-dep/bad.orders",
        "--report",
        "route-old-dep/t5.cr",
        "--report",
        "route-old-dep/t4.cr",
    ]);
    assert_eq!(output.status.code(), Some(0));
    assert!(stdout(&output).contains("warning[order-check-route-too-long-old]"));
    // A CR of another player is refused, and said so.
    let output = nebutil(&[
        "g8-up-budget/good.orders",
        "--report",
        "g8-up-budget/t5.cr",
        "--report",
        "cli/other-player.cr",
    ]);
    let out = stdout(&output);
    assert!(
        out.starts_with("cli/other-player.cr:1:1: error[knowledge-other-player]"),
        "{out}"
    );
    assert_eq!(
        output.status.code(),
        Some(0),
        "the orders themselves are fine"
    );
}

/// Without `-q`, one line sums up the check, in the language asked: a clean
/// file says so, instead of printing nothing.
#[test]
fn a_summary_line_counts_errors_warnings_and_orders() {
    let clean = nebutil_command(&[
        "orders",
        "g8-up-budget/good.orders",
        "--report",
        "g8-up-budget/t5.cr",
    ])
    .current_dir(dir())
    .output()
    .expect("runs");
    assert_eq!(clean.status.code(), Some(0), "{}", stdout(&clean));
    let text = stdout(&clean);
    assert!(
        text.ends_with("0 erreur, 0 avertissement (3 ordres)\n"),
        "{text}"
    );
    let english = nebutil_command(&[
        "orders",
        "g8-up-budget/bad.orders",
        "--report",
        "g8-up-budget/t5.cr",
        "--lang",
        "en",
    ])
    .current_dir(dir())
    .output()
    .expect("runs");
    assert!(
        stdout(&english).ends_with("1 error, 0 warnings (3 orders)\n"),
        "{}",
        stdout(&english)
    );
}

/// `nebutil orders -q ARGS…` in the allies' fixture folder, in English.
fn with_ally(args: &[&str]) -> Output {
    let mut command = nebutil_command(&["orders", "-q", "--lang", "en"]);
    command
        .args(args)
        .current_dir(Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/orders/ally"));
    command.output().expect("the binary runs")
}

#[test]
fn an_ally_s_report_makes_a_move_checkable() {
    // M_13's connections: only Miria saw them.
    let alone = with_ally(&["through-ally.orders", "--report", "maxtor_t5.cr"]);
    assert_eq!(alone.status.code(), Some(0));
    assert!(
        stdout(&alone).contains("warning[order-check-adjacency-unknown]"),
        "{}",
        stdout(&alone)
    );
    let allied = with_ally(&[
        "through-ally.orders",
        "--report",
        "maxtor_t5.cr",
        "--ally",
        "miria_t5.cr",
    ]);
    assert_eq!(allied.status.code(), Some(0));
    assert_eq!(stdout(&allied), "", "checked, clean");
    // And a route that her report shows wrong is an error.
    let wrong = with_ally(&[
        "wrong-through-ally.orders",
        "--report",
        "maxtor_t5.cr",
        "--ally",
        "miria_t5.cr",
    ]);
    assert_eq!(wrong.status.code(), Some(1));
    assert!(
        stdout(&wrong).contains("error[order-check-not-adjacent]: M_17 is not connected to M_13"),
        "{}",
        stdout(&wrong)
    );
}

#[test]
fn an_ally_of_another_game_or_the_player_himself_stops_the_check() {
    let other = with_ally(&[
        "through-ally.orders",
        "--report",
        "maxtor_t5.cr",
        "--ally",
        "miria_other_game.cr",
    ]);
    assert_eq!(other.status.code(), Some(2));
    assert!(
        stderr(&other).contains("miria_other_game.cr cannot be used as an ally's report")
            && stderr(&other).contains("\"ORION\""),
        "{}",
        stderr(&other)
    );
    let himself = with_ally(&[
        "through-ally.orders",
        "--report",
        "maxtor_t5.cr",
        "--ally",
        "maxtor_t5.cr",
    ]);
    assert_eq!(himself.status.code(), Some(2));
    assert!(
        stderr(&himself).contains("your own"),
        "{}",
        stderr(&himself)
    );
}

#[test]
fn the_nbt_beside_a_report_is_used_as_the_app_uses_it() {
    let dir = crate::support::cli::TempDir::created("orders-nbt-beside");
    let fixtures = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/orion");
    let cr = std::fs::read_to_string(fixtures.join("demo_t7.cr")).expect("CR");
    let nbt = std::fs::read_to_string(fixtures.join("demo_t7.nbt"))
        .expect("NBT")
        .replace("ruleset: Some(\"2002\")", "ruleset: Some(\"1999\")");
    std::fs::write(dir.path().join("turn-007.cr"), cr).expect("write");
    std::fs::write(dir.path().join("turn-007.nbt"), nbt).expect("write");
    std::fs::write(dir.path().join("orders.txt"), "Z\n").expect("write");
    let mut command =
        nebutil_command(&["orders", "orders.txt", "--report", "turn-007.cr", "--json"]);
    command.current_dir(dir.path());
    let out = command.output().expect("runs");
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let json: Value = serde_json::from_slice(&out.stdout).expect("JSON");
    // Its ruleset (the 1999 variant) and its file, found beside the CR.
    assert_eq!(json["rules"], "1999");
    assert_eq!(json["nbt"], serde_json::json!(["turn-007.nbt"]));
}

/// A 1999-ruleset game's turn 5 in a folder of its own: the CR as
/// `turn-005.cr` and, when `nbt`, its `turn-005.nbt` (naming the 1999 rules)
/// beside it; an order file asking a MEVA of 7 VC on a world without MEVA.
/// The 2002 rules count MEVA in eighths (7 ≤ 8 fits); the 1999 rules in sixths
/// (7 > 6: clipped, a warning).
fn meva_1999_folder(tag: &str, nbt: bool) -> crate::support::cli::TempDir {
    let dir = crate::support::cli::TempDir::created(tag);
    let cr = std::fs::read_to_string(dir_of("g116-meva").join("t5.cr")).expect("CR");
    std::fs::write(dir.path().join("turn-005.cr"), cr).expect("write");
    if nbt {
        let nbt = "(\n    version: 1,\n    game: Some(\"TEST\"),\n    turn: 5,\n    ruleset: Some(\"1999\"),\n    player: (number: 5, name: \"Maxtor\", class: Some(Explorer)),\n)\n";
        std::fs::write(dir.path().join("turn-005.nbt"), nbt).expect("write");
    }
    std::fs::write(dir.path().join("meva.orders"), "F_8 E 7 VC P\n").expect("write");
    dir
}

fn dir_of(folder: &str) -> PathBuf {
    dir().join(folder)
}

#[test]
fn a_1999_report_is_checked_with_the_1999_rules_its_nbt_beside_names() {
    let run = |dir: &Path, json: bool| {
        let mut args = vec!["orders", "meva.orders", "--report", "turn-005.cr", "-q"];
        if json {
            args.push("--json");
        }
        let mut command = nebutil_command(&args);
        command.args(["--lang", "en"]).current_dir(dir);
        command.output().expect("runs")
    };
    // The NBT beside the CR names the 1999 rules: MEVA in sixths.
    let with = meva_1999_folder("orders-1999-beside", true);
    let out = run(with.path(), false);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(
        stdout(&out).lines().collect::<Vec<_>>(),
        [
            "meva.orders:1:7: warning[order-check-meva-clipped]: M_14 has only 6 possible MEVA left out of 6: the order sacrifices 7 VC, only 6 will be."
        ],
        "{}",
        stdout(&out)
    );
    let json: Value = serde_json::from_slice(&run(with.path(), true).stdout).expect("JSON");
    assert_eq!(json["rules"], "1999");
    assert_eq!(json["nbt"], serde_json::json!(["turn-005.nbt"]));
    // Without it, the 2002 rules: eighths, the MEVA fits.
    let without = meva_1999_folder("orders-1999-alone", false);
    let out = run(without.path(), false);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(stdout(&out), "", "{}", stdout(&out));
}

#[test]
fn an_nbt_beside_of_another_player_is_left_out_as_the_app_leaves_it() {
    let dir = meva_1999_folder("orders-1999-other", false);
    let nbt = "(\n    version: 1,\n    game: Some(\"TEST\"),\n    turn: 5,\n    ruleset: Some(\"1999\"),\n    player: (number: 7, name: \"Miria\", class: Some(Explorer)),\n)\n";
    std::fs::write(dir.path().join("turn-005.nbt"), nbt).expect("write");
    let mut command =
        nebutil_command(&["orders", "meva.orders", "--report", "turn-005.cr", "--json"]);
    command.current_dir(dir.path());
    let out = command.output().expect("runs");
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let json: Value = serde_json::from_slice(&out.stdout).expect("JSON");
    assert_eq!(json["rules"], "2002");
    assert_eq!(json["nbt"], serde_json::json!([]));
}

/// `--preview N` prints what the app's preview window shows (the voided
/// orders, each value that may change with its odds, the assumptions), the
/// same bytes on one thread or four, and as data with `--json`.
#[test]
fn the_preview_is_printed_as_the_app_shows_it_the_same_on_any_number_of_threads() {
    let dir = crate::support::cli::TempDir::created("orders-preview");
    let fixtures = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/orion");
    for name in ["demo_t7.cr", "demo_t7.nbt"] {
        std::fs::copy(fixtures.join(name), dir.path().join(name)).expect("copied");
    }
    // F_57 goes to M_127; F_90 asks a route the resolver refuses.
    std::fs::write(dir.path().join("orders.txt"), "F_57 M_127\nF_90 M_999\n").expect("write");
    let run = |threads: &str, json: bool| {
        let mut args = vec![
            "orders",
            "orders.txt",
            "--report",
            "demo_t7.cr",
            "--preview",
            "60",
            "--threads",
            threads,
            "--lang",
            "fr",
        ];
        if json {
            args.push("--json");
        }
        let mut command = nebutil_command(&args);
        command.current_dir(dir.path());
        command.output().expect("runs")
    };
    let one = run("1", false);
    let four = run("4", false);
    assert_eq!(one.status.code(), Some(1), "{}", stderr(&one));
    assert_eq!(one.stdout, four.stdout, "the same bytes on 1 or 4 threads");
    let text = String::from_utf8_lossy(&one.stdout);
    assert!(text.contains("60 simulations."), "{text}");
    assert!(
        text.contains(
            "Ordres qui seraient annulés :\n  orders.txt:2:1: error[resolve-void-move-route]"
        ),
        "{text}"
    );
    assert!(
        text.contains("  F_57 · Position : M_48 -> M_127\n"),
        "{text}"
    );
    // A random growth, with its odds (the app's words).
    assert!(
        text.lines()
            .any(|l| l.starts_with("  M_48 · Population : 99 -> ") && l.contains(" ou ")),
        "{text}"
    );
    assert!(text.contains("Hypothèses :\n"), "{text}");

    let json: Value = serde_json::from_slice(&run("2", true).stdout).expect("JSON");
    let preview = &json["preview"];
    assert_eq!(preview["turn"], 8);
    assert_eq!(preview["runs"], 60);
    assert_eq!(preview["voided"][0]["code"], "resolve-void-move-route");
    let growth = preview["changes"]
        .as_array()
        .and_then(|c| {
            c.iter()
                .find(|c| c["item"] == "M_48" && c["field"] == "population")
        })
        .expect("M_48's population");
    assert_eq!(growth["now"], 99);
    let runs: u64 = growth["outcomes"]
        .as_array()
        .map(|o| o.iter().filter_map(|o| o["runs"].as_u64()).sum())
        .unwrap_or(0);
    assert_eq!(runs, 60);
    // Without --preview there is no preview key.
    let plain: Value = serde_json::from_slice(
        &nebutil_command(&["orders", "orders.txt", "--report", "demo_t7.cr", "--json"])
            .current_dir(dir.path())
            .output()
            .expect("runs")
            .stdout,
    )
    .expect("JSON");
    assert!(plain.get("preview").is_none());
}
