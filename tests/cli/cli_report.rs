//! `nebutil report`, run as the built binary on the fixtures of
//! `tests/fixtures/cli/`:
//! - `cases/NAME.args` — the arguments, one per line (paths relative to
//!   `tests/fixtures/cli/`), `#` comments;
//! - `cases/NAME.exit` — the expected exit status;
//! - `cases/NAME.stdout` (optional) — the exact expected standard output;
//! - `cases/NAME.contains` (optional) — lines that must appear in the output
//!   (stdout then stderr), in that order;
//!
//! and JSON checks written out below.

use std::path::{Path, PathBuf};
use std::process::Output;

use serde_json::Value;

use crate::support::cli::{TempDir, nebutil_in, stderr, stdout};

fn dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/cli")
}

/// `nebutil ARGS…` in the fixture folder.
fn nebutil(args: &[&str]) -> Output {
    nebutil_in(&dir(), args)
}

#[test]
fn fixture_cases() {
    let cases = dir().join("cases");
    let mut names: Vec<PathBuf> = std::fs::read_dir(&cases)
        .expect("cases folder")
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == "args"))
        .collect();
    names.sort();
    let mut failures = Vec::new();
    for args_path in &names {
        let name = args_path
            .file_stem()
            .map(|s| s.to_string_lossy().to_string())
            .unwrap_or_default();
        let args_text = std::fs::read_to_string(args_path).expect("args");
        let args: Vec<&str> = args_text
            .lines()
            .map(str::trim)
            .filter(|l| !l.is_empty() && !l.starts_with('#'))
            .collect();
        let output = nebutil(&args);
        let out = stdout(&output);
        let err = stderr(&output);

        let exit: i32 = std::fs::read_to_string(args_path.with_extension("exit"))
            .expect("exit file")
            .trim()
            .parse()
            .expect("exit status");
        if output.status.code() != Some(exit) {
            failures.push(format!(
                "{name}: exit {:?}, expected {exit}\n{out}{err}",
                output.status.code()
            ));
        }
        if let Ok(expected) = std::fs::read_to_string(args_path.with_extension("stdout"))
            && out != expected
        {
            failures.push(format!(
                "{name}: stdout differs\n--- expected\n{expected}--- got\n{out}"
            ));
        }
        if let Ok(contains) = std::fs::read_to_string(args_path.with_extension("contains")) {
            let all = format!("{out}{err}");
            let mut from = 0;
            for wanted in contains.lines().filter(|l| !l.trim().is_empty()) {
                match all[from..].find(wanted) {
                    Some(at) => from += at + wanted.len(),
                    None => failures.push(format!("{name}: missing (in order) {wanted:?}\n{all}")),
                }
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
    assert!(names.len() >= 8, "only {} cases", names.len());
}

fn json(args: &[&str]) -> (Value, Option<i32>) {
    let output = nebutil(args);
    let text = stdout(&output);
    let value: Value = serde_json::from_str(&text)
        .unwrap_or_else(|e| panic!("one JSON object on stdout ({e}):\n{text}"));
    (value, output.status.code())
}

fn by_id(list: &Value, id: u64) -> &Value {
    list.as_array()
        .and_then(|items| items.iter().find(|i| i["id"] == id))
        .unwrap_or_else(|| panic!("no id {id} in {list}"))
}

const WORLD_KEYS: &[&str] = &[
    "id",
    "described",
    "line",
    "connections",
    "black_hole_connections",
    "owner",
    "neutral",
    "owned_turns",
    "start_world",
    "black_hole",
    "bombed",
    "industries",
    "active_industries",
    "vi",
    "vp",
    "population",
    "converts",
    "converts_owner",
    "robots",
    "pop_limit",
    "mp",
    "mining",
    "coords",
    "pillage",
    "meva",
    "treasures",
];

const FLEET_KEYS: &[&str] = &[
    "id",
    "owner",
    "world",
    "vc",
    "vt",
    "total",
    "cargo",
    "at_peace",
    "bomb",
    "treasures",
];

#[test]
fn json_schema_keys_are_present() {
    let (doc, code) = json(&["report", "start.cr", "--json"]);
    assert_eq!(code, Some(0));
    for key in [
        "schema",
        "file",
        "nbt",
        "game",
        "turn",
        "player",
        "score",
        "score_delta",
        "galaxy_size",
        "counts",
        "tech",
        "statistics",
        "known_players",
        "declarations",
        "ranking",
        "orders_sent",
        "worlds",
        "fleets",
        "traces",
        "treasures",
        "diagnostics",
    ] {
        assert!(doc.get(key).is_some(), "top-level key {key} missing");
    }
    assert_eq!(doc["schema"], "nebutil-report/1");
    assert_eq!(doc["turn"], 1);
    assert_eq!(doc["player"]["name"], "Maxtor");
    assert_eq!(doc["player"]["number"], 5);
    assert_eq!(doc["player"]["class"], "emperor");
    let worlds = doc["worlds"].as_array().expect("worlds[]");
    assert_eq!(worlds.len(), 2);
    for world in worlds {
        for key in WORLD_KEYS {
            assert!(world.get(key).is_some(), "world key {key} missing: {world}");
        }
    }
    let fleets = doc["fleets"].as_array().expect("fleets[]");
    assert_eq!(fleets.len(), 5);
    for fleet in fleets {
        for key in FLEET_KEYS {
            assert!(fleet.get(key).is_some(), "fleet key {key} missing: {fleet}");
        }
        for key in ["mp", "n", "c", "r"] {
            if !fleet["cargo"].is_null() {
                assert!(fleet["cargo"].get(key).is_some(), "cargo.{key}: {fleet}");
            }
        }
    }
    assert_eq!(doc["diagnostics"], Value::Array(vec![]));
}

#[test]
fn json_unknown_is_null() {
    let (doc, _) = json(&["report", "start.cr", "--json"]);
    let fleets = &doc["fleets"];
    // F_204 "Miria" [?]=24? : composition and cargo hidden, total known.
    let hidden = by_id(fleets, 204);
    assert_eq!(hidden["vc"], Value::Null);
    assert_eq!(hidden["vt"], Value::Null);
    assert_eq!(hidden["total"], 24);
    assert_eq!(hidden["cargo"], Value::Null);
    assert_eq!(hidden["owner"], "Miria");
    assert_eq!(hidden["at_peace"], false);
    // F_205 ("Miria") [?]=6+18T : split known (ALI >= 1 view), at peace.
    let split = by_id(fleets, 205);
    assert_eq!(
        (split["vc"].clone(), split["vt"].clone()),
        (6.into(), 18.into())
    );
    assert_eq!(split["total"], 24);
    assert_eq!(split["at_peace"], true);
    // Own fleets show their cargo; an empty fleet has no ships.
    let own = by_id(fleets, 59);
    assert_eq!(
        own["cargo"],
        serde_json::json!({"mp": 5, "n": 7, "c": 0, "r": 0})
    );
    assert_eq!((own["vc"].clone(), own["vt"].clone()), (1.into(), 3.into()));
    let empty = by_id(fleets, 58);
    assert_eq!(empty["total"], 0);
    // Without an NBT and RAD 0, no coordinates: null, not [0,0].
    let start = by_id(&doc["worlds"], 127);
    assert_eq!(start["coords"], Value::Null);
    assert_eq!(start["start_world"], true);
    assert_eq!(start["owner"], "Maxtor");
    assert_eq!(start["neutral"], false);
    assert_eq!(start["industries"], 30);
    assert_eq!(start["vi"], 1);
    // A neutral world: owner null, neutral true; its treasure is listed on it.
    let neutral = by_id(&doc["worlds"], 48);
    assert_eq!(neutral["owner"], Value::Null);
    assert_eq!(neutral["neutral"], true);
    assert_eq!(neutral["owned_turns"], Value::Null);
    assert_eq!(neutral["treasures"][0]["id"], 57);
    assert_eq!(doc["galaxy_size"], Value::Null);
}

#[test]
fn json_with_nbt_carries_its_facts() {
    let (doc, code) = json(&["report", "start.cr", "--nbt", "karnaj.nbt", "--json"]);
    assert_eq!(code, Some(0));
    assert_eq!(doc["nbt"], "karnaj.nbt");
    assert_eq!(
        doc["galaxy_size"],
        serde_json::json!({"width": 40, "height": 30})
    );
    let worlds = &doc["worlds"];
    assert_eq!(
        by_id(worlds, 127)["coords"],
        serde_json::json!({"x": 12, "y": 7, "exact": true})
    );
    // A radar-3 neighbour known only by its position.
    let neighbour = by_id(worlds, 123);
    assert_eq!(neighbour["described"], false);
    assert_eq!(
        neighbour["coords"],
        serde_json::json!({"x": 10, "y": 6, "exact": false})
    );
    assert_eq!(neighbour["owner"], Value::Null);
    assert_eq!(neighbour["neutral"], Value::Null);
    assert_eq!(neighbour["start_world"], Value::Null);
    assert_eq!(doc["counts"]["worlds_described"], 2);
    assert_eq!(doc["known_players"][0]["number"], 7);
}

#[test]
fn json_diagnostics_are_located() {
    let (doc, code) = json(&["report", "errors.cr", "--json", "--lang", "en"]);
    assert_eq!(code, Some(1));
    let diagnostics = doc["diagnostics"].as_array().expect("diagnostics[]");
    let error = diagnostics
        .iter()
        .find(|d| d["severity"] == "error")
        .expect("an error");
    assert_eq!(error["file"], "errors.cr");
    assert_eq!(error["line"], 5);
    assert_eq!(error["column"], 1);
    for key in ["end_column", "code", "message"] {
        assert!(error.get(key).is_some(), "{key}");
    }
    assert_eq!(doc["counts"]["errors"], 1);
}

#[test]
fn json_future_nbt_is_an_error_of_the_nbt_file() {
    let (doc, code) = json(&[
        "report",
        "start.cr",
        "--nbt",
        "future.nbt",
        "--json",
        "--lang",
        "en",
    ]);
    assert_eq!(code, Some(1));
    let d = &doc["diagnostics"][0];
    assert_eq!(d["file"], "future.nbt");
    assert_eq!(d["code"], "nbt-future-version");
    let message = d["message"].as_str().unwrap_or_default();
    assert!(
        message.contains("newer Nébutil NG") && message.contains('2'),
        "{message}"
    );
    // The CR alone is still reported.
    assert_eq!(doc["turn"], 1);
    assert_eq!(doc["galaxy_size"], Value::Null);
}

#[test]
fn unreadable_file_exits_2_with_a_message_on_stderr() {
    for args in [
        vec!["report", "no-such-file.cr"],
        vec!["report", "start.cr", "--nbt", "no-such-file.NBT", "--json"],
    ] {
        let output = nebutil(&args);
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        assert!(stdout(&output).is_empty(), "nothing on stdout");
        assert!(
            stderr(&output).contains("no-such-file"),
            "{}",
            stderr(&output)
        );
    }
}

#[test]
fn version_is_printed() {
    let output = nebutil(&["--version"]);
    assert_eq!(output.status.code(), Some(0));
    assert_eq!(
        stdout(&output).trim(),
        format!("nebutil {}", env!("CARGO_PKG_VERSION"))
    );
}

/// The summary of a CR alone is built as it is read; a CR naming its player
/// after some of its worlds, or twice, still lists the (last) player's worlds
/// and fleets, as with an NBT beside it.
#[test]
fn the_summary_lists_the_last_named_player_s_worlds() {
    let dir = TempDir::created("summary-player");
    let cr = dir.path().join("late.cr");
    std::fs::write(
        &cr,
        "M_1 (2) \"Ann\" P=3\nJoueur : \"Ann\":1\nM_2 (1) \"Bob\" P=4\n  F_7 \"Bob\" []=2\n\
         Joueur : \"Bob\":2\nM_3 (1) \"Bob\" P=5\n",
    )
    .expect("writes the CR");
    let output = nebutil(&["report", "--lang", "en", cr.to_str().expect("utf-8 path")]);
    let text = stdout(&output);
    assert!(
        text.contains("Worlds described: 3 (2 yours) · fleets: 1 (1 yours)"),
        "{text}"
    );
    let own_worlds = text
        .lines()
        .skip_while(|l| !l.starts_with("Your worlds"))
        .take_while(|l| !l.is_empty())
        .collect::<Vec<_>>()
        .join("\n");
    assert!(
        own_worlds.contains("M_2") && own_worlds.contains("M_3"),
        "{text}"
    );
    assert!(!own_worlds.contains("M_1 "), "{text}");
    assert!(text.contains("F_7"), "{text}");
}

/// The summary of a big CR is read on every core, slice by slice (the rows and
/// the evidence of each slice joined in order): the same bytes as the summary
/// of the whole view read in one piece — a world described again far down, an
/// unreadable line and a markdown bold block included.
#[test]
fn the_summary_of_a_big_report_read_on_every_core_is_the_whole_view_s() {
    use nebutil::cli::summary;
    let dir = TempDir::created("summary-big");
    let mut cr = String::from("NEBULA - Partie GRANDE - Tour 9\nJoueur : \"Zarkan\":3\n\n");
    let owners = ["Zarkan", "Vellia", "Old Tom 2"];
    let mut i = 0u32;
    while cr.len() < 6 * 1024 * 1024 {
        let owner = owners[i as usize % 3];
        cr.push_str(&format!(
            "M_{i} ({},{}) \"{owner}\" [I=3]=2 P={}(90) MP=4(+1) [{},{}]\n  F_{i} \"{owner}\" [2,5C]=7\n",
            i + 1,
            i + 2,
            i % 80,
            i % 300,
            i / 300
        ));
        match i % 20_000 {
            7_000 => cr.push_str("M_12 (3) \"Vellia\" P=4\n"),
            9_000 => cr.push_str("**M_9999999 (1)\n  F_9999999 \"Zarkan\" []=3**\n"),
            11_000 => cr.push_str("M_? (1) ???\n"),
            _ => {}
        }
        i += 1;
    }
    let path = dir.path().join("big.cr");
    std::fs::write(&path, &cr).expect("writes the CR");
    let output = nebutil(&["report", path.to_str().expect("utf-8 path")]);
    assert_eq!(
        output.status.code(),
        Some(1),
        "an unreadable line: status 1"
    );

    let (view, diagnostics) = read_whole(&cr);
    let name = path.display().to_string();
    let located = located(&name, &diagnostics);
    let mut expected = Vec::new();
    summary::write_summary(&mut expected, &view, &located, nebutil::i18n::Lang::Fr)
        .expect("written");
    assert!(
        diagnostics.iter().any(|d| d.code == "cr-duplicate-world"),
        "the world described again is warned about"
    );
    assert!(
        output.stdout == expected,
        "the summary read on every core differs from the whole view's"
    );
}

/// Without a screen, the app says so in one sentence and names the command
/// line (no library error with source paths).
#[cfg(all(feature = "gui", unix, not(target_os = "macos")))]
#[test]
fn without_a_screen_the_app_says_so_and_names_the_command_line() {
    let output = crate::support::cli::nebutil_command(&[])
        .env_remove("DISPLAY")
        .env_remove("WAYLAND_DISPLAY")
        .env_remove("WAYLAND_SOCKET")
        .output()
        .expect("the binary runs");
    assert_eq!(output.status.code(), Some(1));
    let message = String::from_utf8_lossy(&output.stderr);
    assert_eq!(message.lines().count(), 1, "{message}");
    assert!(message.contains("nebutil --help"), "{message}");
    assert!(!message.contains(".rs:"), "{message}");
}

#[test]
fn an_ally_s_worlds_and_fleets_follow_with_their_source() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/orders/ally");
    let run = |args: &[&str]| {
        let mut command = crate::support::cli::nebutil_command(&["report"]);
        command.args(args).current_dir(&dir);
        command.output().expect("the binary runs")
    };
    let out = run(&["maxtor_t5.cr", "--ally", "miria_t5.cr", "--json"]);
    assert_eq!(out.status.code(), Some(0));
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    let sources = |list: &str| -> Vec<(u64, Option<String>)> {
        json[list]
            .as_array()
            .map(|a| {
                a.iter()
                    .map(|e| {
                        (
                            e["id"].as_u64().unwrap_or_default(),
                            e["source"].as_str().map(str::to_string),
                        )
                    })
                    .collect()
            })
            .unwrap_or_default()
    };
    // His own lines first (M_11 too: his report describes it), then hers.
    assert_eq!(
        sources("worlds"),
        [(10, None), (11, None), (13, Some("Miria".to_string()))]
    );
    assert_eq!(
        sources("fleets"),
        [(1, None), (20, Some("Miria".to_string()))]
    );
    // The summary says what she adds.
    let out = run(&["maxtor_t5.cr", "--ally", "miria_t5.cr", "--lang", "en"]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains(
            "Ally \"Miria\" (turn 5): 1 world and 1 fleet your report does not show. M_13"
        ),
        "{text}"
    );
    // Another game's report: refused with a sentence, exit 2.
    let out = run(&[
        "maxtor_t5.cr",
        "--ally",
        "miria_other_game.cr",
        "--lang",
        "en",
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("cannot be used as an ally's report"),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

#[test]
fn the_json_gives_the_threat_next_turn_from_the_report_alone() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/orion");
    let mut command = crate::support::cli::nebutil_command(&[
        "report",
        "demo_t7.cr",
        "--nbt",
        "demo_t7.nbt",
        "--json",
    ]);
    command.current_dir(&dir);
    let out = command.output().expect("runs");
    assert_eq!(out.status.code(), Some(0));
    let json: Value = serde_json::from_slice(&out.stdout).expect("JSON");
    let threats = json["threats"].as_array().cloned().unwrap_or_default();
    assert!(!threats.is_empty());
    let fleets = json["fleets"].as_array().cloned().unwrap_or_default();
    let worlds = json["worlds"].as_array().cloned().unwrap_or_default();
    for threat in &threats {
        // A fleet the report lists, where it lists it; aimed at one of his worlds.
        let fleet = fleets
            .iter()
            .find(|f| f["id"] == threat["fleet"])
            .unwrap_or_else(|| panic!("{threat}: not in the report"));
        assert_eq!(fleet["world"], threat["from"], "{threat}");
        assert_ne!(fleet["owner"], json["player"]["name"], "{threat}");
        let world = worlds
            .iter()
            .find(|w| w["id"] == threat["world"])
            .unwrap_or_else(|| panic!("{threat}: unknown world"));
        assert_eq!(world["owner"], json["player"]["name"], "{threat}");
        assert!(threat["steps"].as_u64() <= threat["reach"].as_u64());
    }
}

#[test]
fn the_json_gives_the_levels_known_of_each_player() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/orders/ally");
    let mut command = crate::support::cli::nebutil_command(&[
        "report",
        "maxtor_ali3_t5.cr",
        "--ally",
        "miria_t5.cr",
        "--json",
    ]);
    command.current_dir(&dir);
    let out = command.output().expect("the binary runs");
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    // Bof's from his ALI 3 (`Niveaux connus`), Miria's from her own report.
    assert_eq!(
        json["known_players"],
        serde_json::json!([
            {"name": "Miria", "number": 7, "attack": 1, "defense": 1},
            {"name": "Bof", "number": 9, "attack": 3, "defense": 2},
        ])
    );
    // Without the ally's report, Miria's levels are unknown: no keys.
    let mut command =
        crate::support::cli::nebutil_command(&["report", "maxtor_ali3_t5.cr", "--json"]);
    command.current_dir(&dir);
    let out = command.output().expect("the binary runs");
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    assert_eq!(
        json["known_players"][0],
        serde_json::json!({"name": "Miria", "number": 7})
    );
}

/// `nebutil report --json` in `dir`.
fn json_in(dir: &Path, args: &[&str]) -> (Value, Option<i32>) {
    let output = nebutil_in(dir, args);
    let text = stdout(&output);
    let value: Value = serde_json::from_str(&text)
        .unwrap_or_else(|e| panic!("one JSON object on stdout ({e}):\n{text}"));
    (value, output.status.code())
}

#[test]
fn the_nbt_beside_the_report_is_applied_when_it_goes_with_it() {
    // `turn-001.nbt` beside `turn-001.cr`, not named: found as the app finds it.
    let folder = TempDir::created("report-nbt-beside");
    let cr = std::fs::read_to_string(dir().join("start.cr")).expect("CR");
    let nbt = std::fs::read_to_string(dir().join("karnaj.nbt")).expect("NBT");
    std::fs::write(folder.path().join("turn-001.cr"), &cr).expect("write");
    std::fs::write(folder.path().join("turn-001.nbt"), &nbt).expect("write");
    let (doc, code) = json_in(folder.path(), &["report", "turn-001.cr", "--json"]);
    assert_eq!(code, Some(0));
    assert_eq!(doc["nbt"], "turn-001.nbt");
    assert_eq!(
        doc["galaxy_size"],
        serde_json::json!({"width": 40, "height": 30})
    );
    // The summary is the one of `--nbt`: the NBT's coordinates.
    let output = nebutil_in(folder.path(), &["report", "turn-001.cr", "--lang", "en"]);
    assert!(stdout(&output).contains("[12,7]"), "{}", stdout(&output));
    // Another player's NBT beside it does not go with it (the app's rule): left out.
    let other = nbt.replace("number: 5, name: \"Maxtor\"", "number: 7, name: \"Miria\"");
    assert_ne!(other, nbt);
    std::fs::write(folder.path().join("turn-001.nbt"), other).expect("write");
    let (doc, code) = json_in(folder.path(), &["report", "turn-001.cr", "--json"]);
    assert_eq!(code, Some(0));
    assert_eq!(doc["nbt"], Value::Null);
    assert_eq!(doc["galaxy_size"], Value::Null);
    assert_eq!(doc["diagnostics"], Value::Array(vec![]));
}

/// Two players' CRs of the same turn in one folder, each with his NBT beside it
/// (each NBT placing a world only its player's report describes).
fn two_seats(tag: &str) -> TempDir {
    let folder = TempDir::created(tag);
    let ally = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/orders/ally");
    for (from, to) in [
        ("maxtor_t5.cr", "maxtor-005.cr"),
        ("miria_t5.cr", "miria-005.cr"),
    ] {
        let text = std::fs::read_to_string(ally.join(from)).expect("CR");
        std::fs::write(folder.path().join(to), text).expect("write");
    }
    let nbt = |number: u32, name: &str, world: u32, x: u32| {
        format!(
            "(\n    version: 1,\n    game: Some(\"TEST\"),\n    turn: 5,\n    player: (number: {number}, name: \"{name}\"),\n    coords: {{ {world}: (x: {x}, y: 4, exact: true) }},\n)\n"
        )
    };
    std::fs::write(
        folder.path().join("maxtor-005.nbt"),
        nbt(5, "Maxtor", 10, 1),
    )
    .expect("write");
    std::fs::write(folder.path().join("miria-005.nbt"), nbt(7, "Miria", 13, 3)).expect("write");
    folder
}

#[test]
fn the_command_line_and_the_app_pair_the_same_files_the_same_way() {
    let folder = two_seats("report-two-seats");
    // The command line: Maxtor's report, Miria's as his ally's.
    let (doc, code) = json_in(
        folder.path(),
        &[
            "report",
            "maxtor-005.cr",
            "--ally",
            "miria-005.cr",
            "--json",
        ],
    );
    assert_eq!(code, Some(0), "{doc}");
    assert_eq!(doc["nbt"], "maxtor-005.nbt");
    let x_of = |world: u64| by_id(&doc["worlds"], world)["coords"]["x"].as_u64();
    assert_eq!(x_of(10), Some(1), "Maxtor's NBT on Maxtor's CR");
    assert_eq!(x_of(13), Some(3), "Miria's NBT on Miria's CR");
    // The app, opening the four files in any order.
    let mut session = nebutil::storage::session::Session::default();
    for name in [
        "miria-005.nbt",
        "maxtor-005.cr",
        "maxtor-005.nbt",
        "miria-005.cr",
    ] {
        assert!(
            session.open_path(&folder.path().join(name)).is_ok(),
            "{name}"
        );
    }
    let nbt_of = |turn: &nebutil::storage::session::LoadedTurn| {
        turn.nbt.as_ref().map(|part| part.source.name.clone())
    };
    assert_eq!(
        nbt_of(&session.turns()[0]).as_deref(),
        Some("maxtor-005.nbt")
    );
    assert_eq!(
        nbt_of(&session.allies()[0]).as_deref(),
        Some("miria-005.nbt")
    );
    let x_in = |view: &nebutil::model::view::TurnView, world: u32| {
        view.worlds
            .iter()
            .find(|w| w.id == world)
            .and_then(|w| w.coords)
            .map(|c| u64::from(c.x))
    };
    assert_eq!(x_in(&session.turns()[0].view, 10), x_of(10));
    assert_eq!(x_in(&session.allies()[0].view, 13), x_of(13));
}

/// `report --json` of a CR alone is written as the CR is read again (its worlds
/// and fleets never held together): the same bytes as the document of the
/// whole view, its threats found from the knowledge of that report — on every
/// player's report of generated games.
#[test]
fn the_json_of_a_report_alone_is_written_as_it_is_read_with_the_same_bytes() {
    use nebutil::cli::json;
    let folder = TempDir::created("report-json-streamed");
    let mut threats = 0;
    for turns in [4, 12] {
        let (save, _) = nebutil::game::demo::demo_game(turns);
        for player in 1..=7 {
            let Some((cr, _)) =
                nebutil::game::folder::player_files(&save, nebutil::model::PlayerId(player))
            else {
                continue;
            };
            let name = format!("p{player}-t{turns}.cr");
            std::fs::write(folder.path().join(&name), &cr).expect("written");
            let output = nebutil_in(folder.path(), &["report", &name, "--json"]);
            assert_eq!(output.status.code(), Some(0), "{name}");

            let (view, diagnostics) = read_whole(&cr);
            let located = located(&name, &diagnostics);
            let mut document =
                json::report(&name, None, &view, &[], &located, nebutil::i18n::Lang::Fr);
            let (knowledge, _) = nebutil::model::knowledge::Knowledge::from_views([view.clone()]);
            document.threats = nebutil::model::threat::threats(
                &knowledge,
                nebutil::rules::Ruleset::builtin_2002().highest_dep(),
                &std::collections::BTreeMap::new(),
            );
            threats += document.threats.len();
            let mut expected = serde_json::to_string_pretty(&document).expect("JSON");
            expected.push('\n');
            assert!(
                stdout(&output) == expected,
                "{name}: the streamed document differs from the whole view's"
            );
        }
    }
    assert!(threats > 0, "some threat in the generated games");
}

/// A CR read whole, its diagnostics capped as the command caps them.
fn read_whole(
    cr: &str,
) -> (
    nebutil::model::view::TurnView,
    Vec<nebutil::diagnostic::Diagnostic>,
) {
    let (view, diagnostics) = nebutil::report::read_report(cr).expect("a CR");
    (view, nebutil::diagnostic::cap(diagnostics))
}

/// `diagnostics` as the command writes them, of the file `name`.
fn located<'d>(
    name: &'d str,
    diagnostics: &'d [nebutil::diagnostic::Diagnostic],
) -> Vec<nebutil::cli::json::FileDiagnostic<'d>> {
    diagnostics
        .iter()
        .map(|diagnostic| nebutil::cli::json::FileDiagnostic {
            file: name,
            diagnostic,
        })
        .collect()
}
