//! `nebutil game new` and `nebutil game show`, run as the built binary in
//! temporary folders (unique names under the system's temp dir, removed at the end).

use std::process::Output;

use crate::support::cli::{TempDir, folder_files, nebutil, text};
use nebutil::game::save::{FORMAT_VERSION, Save};
use nebutil::{nbt, report};

fn new_game(dir: &TempDir, extra: &[&str]) -> Output {
    let mut args = vec!["game", "new", "--out", dir.arg()];
    args.extend_from_slice(extra);
    nebutil(&args)
}

#[test]
fn new_writes_the_save_and_every_players_cr_and_nbt() {
    let dir = TempDir::new("cli-game-new");
    let output = new_game(
        &dir,
        &[
            "--players",
            "3",
            "--seed",
            "11",
            "--names",
            "Alice,Bob,Chloé",
            "--classes",
            "pirate,Explorateur,Merchant",
            "--name",
            "Essai",
        ],
    );
    assert_eq!(output.status.code(), Some(0), "{}", text(&output.stderr));

    let save_text = std::fs::read_to_string(dir.path().join("game.ron")).expect("save");
    let save = Save::from_ron(&save_text).expect("the save reads back");
    assert_eq!(save.seed, 11);
    assert_eq!(save.game_name.as_deref(), Some("Essai"));
    assert_eq!(save.ruleset.name, "2002");
    let turn = save.galaxy.turn;
    let expected = [
        (1, "Alice", "Pirate"),
        (2, "Bob", "Explorateur"),
        (3, "Chloé", "Marchand"),
    ];
    for (number, name, class) in expected {
        let folder = dir.path().join("players").join(number.to_string());
        let cr = std::fs::read_to_string(folder.join(format!("turn-{turn:03}.cr"))).expect("CR");
        let (view, diagnostics) = report::read(&cr);
        let errors: Vec<_> = diagnostics
            .iter()
            .filter(|d| d.severity == nebutil::diagnostic::Severity::Error)
            .collect();
        assert!(errors.is_empty(), "player {number}: {errors:?}");
        assert_eq!(view.turn, Some(turn), "player {number}");
        let me = view.player.as_ref().expect("the CR names its player");
        assert_eq!(me.name, name);
        assert_eq!(me.number, Some(number));
        assert_eq!(view.class.map(|c| c.french_name()), Some(class));
        assert_eq!(view.game.as_deref(), Some("Essai"));

        let nbt_text =
            std::fs::read_to_string(folder.join(format!("turn-{turn:03}.nbt"))).expect("NBT");
        let (file, diagnostics) = nbt::read(&nbt_text);
        assert!(
            diagnostics
                .iter()
                .all(|d| d.severity != nebutil::diagnostic::Severity::Error),
            "{diagnostics:?}"
        );
        let file = file.expect("the NBT reads");
        assert_eq!(file.turn, turn);
        assert_eq!(file.player.number, number);
    }
    // Nothing else: the save and two files per player.
    assert_eq!(folder_files(dir.path()).len(), 1 + 2 * expected.len());
}

#[test]
fn same_seed_gives_the_same_bytes() {
    let (a, b, c) = (
        TempDir::new("cli-game-det-a"),
        TempDir::new("cli-game-det-b"),
        TempDir::new("cli-game-det-c"),
    );
    for dir in [&a, &b] {
        let output = new_game(
            dir,
            &["--players", "4", "--seed", "2026", "--rules", "1999"],
        );
        assert_eq!(output.status.code(), Some(0), "{}", text(&output.stderr));
    }
    let output = new_game(&c, &["--players", "4", "--seed", "2027", "--rules", "1999"]);
    assert_eq!(output.status.code(), Some(0));
    let (fa, fb, fc) = (
        folder_files(a.path()),
        folder_files(b.path()),
        folder_files(c.path()),
    );
    assert_eq!(fa.len(), 9);
    assert_eq!(fa, fb);
    assert_ne!(fa, fc);
}

#[test]
fn a_non_empty_folder_is_never_overwritten() {
    let dir = TempDir::new("cli-game-full");
    std::fs::create_dir_all(dir.path()).expect("folder");
    let keep = dir.path().join("notes.txt");
    std::fs::write(&keep, "mine").expect("file");
    let output = new_game(&dir, &["--players", "2", "--seed", "1"]);
    assert_eq!(output.status.code(), Some(2));
    assert!(
        text(&output.stderr).contains("n'est pas vide"),
        "{}",
        text(&output.stderr)
    );
    assert_eq!(std::fs::read_to_string(&keep).expect("kept"), "mine");
    assert!(!dir.path().join("game.ron").exists());

    // An existing empty folder is fine.
    let empty = TempDir::new("cli-game-empty");
    std::fs::create_dir_all(empty.path()).expect("folder");
    assert_eq!(
        new_game(&empty, &["--players", "2", "--seed", "1"])
            .status
            .code(),
        Some(0)
    );
    // And a second run into it is refused.
    assert_eq!(
        new_game(&empty, &["--players", "2", "--seed", "1"])
            .status
            .code(),
        Some(2)
    );
}

#[test]
fn wrong_options_are_refused() {
    let dir = TempDir::new("cli-game-wrong");
    let cases: [&[&str]; 4] = [
        &["--players", "2", "--seed", "1", "--names", "A,B,C"],
        &[
            "--players",
            "2",
            "--seed",
            "1",
            "--classes",
            "Empereur,Boulanger",
        ],
        &[
            "--players",
            "2",
            "--seed",
            "1",
            "--rules",
            "/nonexistent/rules.ron",
        ],
        &["--players", "0", "--seed", "1"],
    ];
    for case in cases {
        let output = new_game(&dir, case);
        assert_eq!(output.status.code(), Some(2), "{case:?}");
        assert!(!dir.path().exists(), "{case:?} created the folder");
    }
}

#[test]
fn show_lists_every_player() {
    let dir = TempDir::new("cli-game-show");
    let output = new_game(
        &dir,
        &[
            "--players",
            "3",
            "--seed",
            "5",
            "--names",
            "Anne,Basile,Cyrano",
        ],
    );
    assert_eq!(output.status.code(), Some(0));
    let shown = nebutil(&["game", "show", dir.arg()]);
    assert_eq!(shown.status.code(), Some(0), "{}", text(&shown.stderr));
    let out = text(&shown.stdout);
    for (name, class) in [
        ("Anne", "Empereur"),
        ("Basile", "Pirate"),
        ("Cyrano", "Antiquaire"),
    ] {
        let line = out
            .lines()
            .find(|l| l.contains(name) && l.contains(class))
            .unwrap_or_else(|| panic!("{name} missing from the standings:\n{out}"));
        assert!(
            line.split_whitespace().any(|w| w == "5"),
            "5 fleets: {line}"
        );
        assert!(
            out.contains(&format!("« {name} »")),
            "{name} summary:\n{out}"
        );
    }

    let json = nebutil(&["game", "show", dir.arg(), "--json"]);
    assert_eq!(json.status.code(), Some(0));
    let value: serde_json::Value = serde_json::from_slice(&json.stdout).expect("JSON");
    assert_eq!(value["schema"], "nebutil-game/1");
    let standings = value["standings"].as_array().expect("standings");
    let names: Vec<&str> = standings
        .iter()
        .filter_map(|s| s["name"].as_str())
        .collect();
    assert_eq!(names, ["Anne", "Basile", "Cyrano"]);
    assert!(standings.iter().all(|s| s["worlds"] == 1));
}

#[test]
fn show_refuses_a_missing_or_bad_save() {
    let missing = TempDir::new("cli-game-missing");
    let output = nebutil(&["game", "show", missing.arg()]);
    assert_eq!(output.status.code(), Some(2));
    assert!(
        text(&output.stderr).contains("game.ron"),
        "{}",
        text(&output.stderr)
    );

    let bad = TempDir::new("cli-game-bad");
    std::fs::create_dir_all(bad.path()).expect("folder");
    std::fs::write(bad.path().join("game.ron"), "(format_version: 1, seed: [").expect("file");
    let output = nebutil(&["game", "show", bad.arg(), "--lang", "en"]);
    assert_eq!(output.status.code(), Some(2));
    assert!(
        text(&output.stderr).contains("Unreadable save"),
        "{}",
        text(&output.stderr)
    );
}

#[test]
fn show_refuses_a_future_save_version() {
    let dir = TempDir::new("cli-game-future");
    assert_eq!(
        new_game(&dir, &["--players", "2", "--seed", "3"])
            .status
            .code(),
        Some(0)
    );
    let path = dir.path().join("game.ron");
    let save = std::fs::read_to_string(&path).expect("save");
    let future = save.replacen(
        &format!("format_version: {FORMAT_VERSION},"),
        &format!("format_version: {},", FORMAT_VERSION + 1),
        1,
    );
    assert_ne!(future, save);
    std::fs::write(&path, future).expect("write");
    let output = nebutil(&["game", "show", dir.arg(), "--lang", "en"]);
    assert_eq!(output.status.code(), Some(2));
    let err = text(&output.stderr);
    assert!(err.contains("newer"), "{err}");
    assert!(err.contains(&(FORMAT_VERSION + 1).to_string()), "{err}");
}

#[test]
fn a_ruleset_file_is_kept_in_full_in_the_save() {
    let dir = TempDir::new("cli-game-rules-file");
    let rules_dir = TempDir::new("cli-game-rules-src");
    std::fs::create_dir_all(rules_dir.path()).expect("folder");
    let rules_text = nebutil::rules::Ruleset::builtin_text("2002")
        .expect("built-in")
        .replacen("name: \"2002\"", "name: \"maison\"", 1);
    let rules_path = rules_dir.path().join("maison.ron");
    std::fs::write(&rules_path, rules_text).expect("rules file");
    let rules_arg = rules_path.to_str().expect("UTF-8");
    let output = new_game(
        &dir,
        &["--players", "2", "--seed", "8", "--rules", rules_arg],
    );
    assert_eq!(output.status.code(), Some(0), "{}", text(&output.stderr));
    let save = Save::from_ron(&std::fs::read_to_string(dir.path().join("game.ron")).expect("save"))
        .expect("reads back");
    assert_eq!(save.ruleset.name, "maison");
    let mut expected = nebutil::rules::Ruleset::builtin_2002();
    expected.name = "maison".to_string();
    assert_eq!(save.ruleset, expected);
}
