//! The arbiter's desk on the command line: `game undo` (byte for byte, killed at
//! any step), `game show` on a save file and the final turn, `game turn` on a
//! file, the computer seats and the registration forms of `game new`.

use std::path::Path;
use std::process::Output;

use crate::support::cli::{
    TempDir, copy_files, folder_files, nebutil, nebutil_command, stderr, stdout, text,
};
use nebutil::game::save::Save;

fn read_save(dir: &Path) -> Save {
    let text = std::fs::read_to_string(dir.join("game.ron")).expect("game.ron");
    Save::from_ron(&text).expect("a valid save")
}

/// Every file of a folder (relative path, bytes), sorted; the lock file left out.
fn folder_bytes(dir: &Path) -> Vec<(String, Vec<u8>)> {
    let mut files = folder_files(dir);
    files.retain(|(path, _)| !path.ends_with(".nebutil.lock"));
    files
}

fn ok(output: &Output) -> String {
    assert_eq!(output.status.code(), Some(0), "{}", stderr(output));
    stdout(output)
}

fn new_game(dir: &TempDir, extra: &[&str]) {
    let mut args = vec![
        "game",
        "new",
        "--players",
        "3",
        "--seed",
        "42",
        "--out",
        dir.arg(),
    ];
    args.extend_from_slice(extra);
    ok(&nebutil(&args));
}

fn game(args: &[&str], dir: &Path, fault: Option<&str>) -> Output {
    let mut all: Vec<&str> = args.to_vec();
    all.push(dir.to_str().expect("UTF-8 path"));
    let mut command = nebutil_command(&all);
    if let Some(fault) = fault {
        command.env("NEBUTIL_FAULT", fault);
    }
    command.output().expect("the binary runs")
}

#[test]
fn undo_brings_the_folder_back_byte_for_byte_and_resolving_again_gives_the_same_bytes() {
    let dir = TempDir::new("desk-undo");
    new_game(&dir, &[]);
    std::fs::write(dir.path().join("players/2/orders-001.txt"), "# rien\nBLA\n").expect("orders");
    let before = folder_bytes(dir.path());
    ok(&game(&["game", "turn"], dir.path(), None));
    let after_one = folder_bytes(dir.path());
    std::fs::write(dir.path().join("players/1/orders-002.txt"), "# tour 2\n").expect("orders");
    ok(&game(&["game", "turn"], dir.path(), None));
    assert_eq!(read_save(dir.path()).galaxy.turn, 3);
    let undone = ok(&game(&["game", "undo"], dir.path(), None));
    assert!(undone.contains("tour 2"), "{undone}");
    let mut expected = after_one.clone();
    expected.push((
        "players/1/orders-002.txt".to_string(),
        b"# tour 2\n".to_vec(),
    ));
    expected.sort();
    assert_eq!(
        folder_bytes(dir.path()),
        expected,
        "the orders files are kept"
    );
    ok(&game(&["game", "undo"], dir.path(), None));
    let mut first = before.clone();
    first.push((
        "players/1/orders-002.txt".to_string(),
        b"# tour 2\n".to_vec(),
    ));
    first.sort();
    assert_eq!(folder_bytes(dir.path()), first);
    assert!(!dir.path().join("saves").exists() && !dir.path().join("arbiter").exists());
    let refused = game(&["game", "undo"], dir.path(), None);
    assert_eq!(refused.status.code(), Some(2));
    assert!(
        stderr(&refused).contains("premier tour"),
        "{}",
        stderr(&refused)
    );
    // Resolved again: the same bytes as the first time.
    ok(&game(&["game", "turn"], dir.path(), None));
    let mut again = after_one;
    again.push((
        "players/1/orders-002.txt".to_string(),
        b"# tour 2\n".to_vec(),
    ));
    again.sort();
    assert_eq!(folder_bytes(dir.path()), again);
}

/// `game undo` killed at every step of its writing, then run again: the folder
/// ends as after an uninterrupted undo — and a rerun after an undo finished by
/// the recovery undoes nothing more.
#[test]
fn an_undo_killed_at_any_step_finishes_on_rerun_with_the_same_bytes() {
    let original = TempDir::new("desk-undo-kill-original");
    new_game(&original, &[]);
    ok(&game(&["game", "turn"], original.path(), None));
    ok(&game(&["game", "turn"], original.path(), None));
    let reference = TempDir::new("desk-undo-kill-reference");
    copy_files(folder_bytes(original.path()), reference.path());
    ok(&game(&["game", "undo"], reference.path(), None));
    let expected = folder_bytes(reference.path());
    let mut killed_at = 0;
    for step in 1.. {
        let dir = TempDir::new(&format!("desk-undo-kill-{step}"));
        copy_files(folder_bytes(original.path()), dir.path());
        let killed = game(&["game", "undo"], dir.path(), Some(&format!("kill:{step}")));
        if killed.status.success() {
            assert_eq!(folder_bytes(dir.path()), expected);
            break;
        }
        assert_eq!(
            killed.status.code(),
            None,
            "step {step}: killed by a signal"
        );
        killed_at += 1;
        ok(&game(&["game", "undo"], dir.path(), None));
        let mut after = folder_bytes(dir.path());
        after.retain(|(p, _)| !p.starts_with(".nebutil-turn"));
        assert_eq!(after, expected, "step {step}");
        assert_eq!(read_save(dir.path()).galaxy.turn, 2, "step {step}");
        assert!(step < 100, "the undo has a bounded number of steps");
    }
    eprintln!("game undo killed at {killed_at} steps, each rerun gave the same bytes");
    assert!(killed_at >= 5, "killed at {killed_at} steps");
}

#[test]
fn show_reads_a_save_file_and_states_the_secret_final_turn() {
    let dir = TempDir::new("desk-show");
    new_game(&dir, &[]);
    ok(&game(&["game", "turn"], dir.path(), None));
    let kept = dir.path().join("saves/game-001.ron");
    let shown = ok(&nebutil(&["game", "show", kept.to_str().expect("UTF-8")]));
    assert!(shown.contains("tour 1 sur 20"), "{shown}");
    let json = ok(&nebutil(&["game", "show", dir.arg(), "--json"]));
    let value: serde_json::Value = serde_json::from_str(&json).expect("JSON");
    assert_eq!(value["final_turn"], 20);
    assert_eq!(value["turn"], 2);
    // `game turn` on a file: one sentence, no system error text.
    let refused = nebutil(&["game", "turn", kept.to_str().expect("UTF-8")]);
    assert_eq!(refused.status.code(), Some(2));
    let message = stderr(&refused);
    assert!(
        message.contains("est un fichier") && message.contains("game.ron"),
        "{message}"
    );
    assert_eq!(message.lines().count(), 1, "{message}");
    assert!(!message.contains("os error"), "{message}");
}

#[test]
fn no_player_file_states_the_final_turn() {
    let dir = TempDir::new("desk-secret");
    new_game(&dir, &["--final-turn", "17"]);
    ok(&game(&["game", "turn"], dir.path(), None));
    assert_eq!(read_save(dir.path()).galaxy.final_turn, 17);
    for (path, bytes) in folder_bytes(dir.path()) {
        if path.starts_with("players/") {
            let text = text(&bytes);
            for needle in ["17", "final"] {
                let found = text
                    .lines()
                    .any(|l| l.to_ascii_lowercase().contains("final") && l.contains(needle));
                assert!(!found, "{path} states the final turn");
            }
        }
    }
}

const FORMS: &str = "\
Adresse : bof@example.org, bof@work.example.org
1er choix :
Classe : Empereur
Pseudonyme : BOF III
Tour final : 19

2ème choix :
Classe : Pirate
Pseudonyme : Miria
Tour final : 15

Adresse : miria@example.org
1er choix :
Classe : Pirate
Pseudonyme : Miria
Tour final : 12
2e choix :
Classe : Marchand
Pseudonyme : Miria II
Tour final : 14

Address: kate@example.org
1st choice:
Class: Explorer
Pseudonym: bof iii
Final turn: 30
2nd choice:
Class: Antiquarian
Pseudonym: Kate
Final turn: 21

Adresse : tik@example.org
Classe : Robotron
Pseudonyme : Tik
Tour final : 10

Adresse : ana@example.org
Classe : Missionnaire
Pseudonyme : Ana
";

#[test]
fn registration_forms_give_names_classes_addresses_and_the_secret_final_turn() {
    let root = TempDir::new("desk-registrations");
    std::fs::create_dir_all(root.path()).expect("root");
    let forms = root.path().join("inscriptions.txt");
    std::fs::write(&forms, FORMS).expect("forms");
    let dir = root.path().join("game");
    let d = dir.to_str().expect("UTF-8");
    let made = ok(&nebutil(&[
        "game",
        "new",
        "--registrations",
        forms.to_str().expect("UTF-8"),
        "--seed",
        "3",
        "--out",
        d,
        "--name",
        "KARNAJ",
    ]));
    let save = read_save(&dir);
    let players: Vec<(u32, String, String)> = save
        .galaxy
        .players
        .values()
        .filter(|p| !p.is_neutral())
        .map(|p| (p.id.0, p.name.clone(), format!("{:?}", p.class)))
        .collect();
    assert_eq!(
        players,
        [
            (1, "BOF III".into(), "Some(Emperor)".into()),
            (2, "Miria".into(), "Some(Pirate)".into()),
            (3, "Kate".into(), "Some(Antiquarian)".into()),
            (4, "Tik".into(), "Some(Robotron)".into()),
            (5, "Ana".into(), "Some(Missionary)".into()),
        ]
    );
    // The choices given: 19, 12, 21, 10 (Ana gave none): 62 / 4 = 15.5 → 16.
    assert_eq!(save.galaxy.final_turn, 16);
    // A password for each, printed once; the robot's state holds hashes.
    let lines: Vec<&str> = made
        .lines()
        .filter(|l| l.contains("@example.org"))
        .collect();
    assert_eq!(lines.len(), 5, "{made}");
    let password = lines[0]
        .rsplit(": ")
        .next()
        .expect("a password")
        .trim()
        .to_string();
    assert_eq!(password.split('-').count(), 4, "{password}");
    let state = std::fs::read_to_string(dir.join("mail/state.json")).expect("state");
    assert!(state.contains("bof@work.example.org") && state.contains("$argon2id$"));
    // The first run of the robot mails it with the first CR, then forgets it.
    ok(&nebutil(&["mail", "run", d, "--from", "robot@example.org"]));
    let outbox = dir.join("mail/outbox/new");
    let first: String = std::fs::read_dir(&outbox)
        .expect("outbox")
        .flatten()
        .filter(|e| e.file_name().to_string_lossy().ends_with("-p1"))
        .map(|e| crate::support::mail::body_of(&std::fs::read_to_string(e.path()).expect("mail")))
        .collect();
    assert!(first.contains(&password), "{first}");
    let state = std::fs::read_to_string(dir.join("mail/state.json")).expect("state");
    assert!(
        !state.contains(&password),
        "the password is not kept once mailed"
    );
    // `game show` states the final turn; no player's file does.
    assert!(ok(&nebutil(&["game", "show", d])).contains("sur 16"));
    for (path, bytes) in folder_bytes(&dir) {
        if path.starts_with("players/") {
            assert!(!text(&bytes).contains("16 (tour final"), "{path}");
        }
    }
}

#[test]
fn registration_problems_are_located_and_nothing_is_created() {
    let root = TempDir::new("desk-registrations-bad");
    std::fs::create_dir_all(root.path()).expect("root");
    let forms = root.path().join("inscriptions.txt");
    let dir = root.path().join("game");
    let d = dir.to_str().expect("UTF-8");
    let f = forms.to_str().expect("UTF-8");
    for (text, expected) in [
        (
            "Adresse : a@x.org\nClasse : Pirate\nPseudonyme : Miria\n\nAdresse : b@x.org\nClasse : Pirate\nPseudonyme : MIRIA\n",
            "inscriptions.txt:5:1: error[registration-no-free-choice]: Aucun choix libre pour b@x.org",
        ),
        (
            "Adresse : a@x.org\nClasse : Pirate\nPseudonyme : Miria\nTour final : 40\n",
            "inscriptions.txt:2:1:",
        ),
        (
            "Adresse : a@x.org\nClasse : Boulanger\nPseudonyme : Miria\n",
            "inscriptions.txt:2:1: error[registration-bad-class]: Classe inconnue",
        ),
        (
            "Adresse : Jean Dupont\nClasse : Pirate\nPseudonyme : Miria\n",
            "Jean Dupont",
        ),
    ] {
        std::fs::write(&forms, text).expect("forms");
        let refused = nebutil(&[
            "game",
            "new",
            "--registrations",
            f,
            "--seed",
            "1",
            "--out",
            d,
        ]);
        assert_eq!(refused.status.code(), Some(2), "{text}");
        let message = stderr(&refused);
        assert!(message.contains(expected), "{text}: {message}");
        assert!(!dir.exists(), "nothing created");
    }
    let refused = nebutil(&[
        "game",
        "new",
        "--players",
        "2",
        "--seed",
        "1",
        "--out",
        d,
        "--final-turn",
        "9",
    ]);
    assert_eq!(refused.status.code(), Some(2));
    assert!(!dir.exists());
}

#[test]
fn computer_seats_get_their_orders_written_and_recorded_each_turn() {
    let dir = TempDir::new("desk-computer");
    new_game(&dir, &["--computer", "2,3"]);
    std::fs::write(dir.path().join("players/2/orders-001.txt"), "# à la main\n").expect("orders");
    let done = ok(&game(&["game", "turn"], dir.path(), None));
    assert!(done.contains("ordinateur"), "{done}");
    let by_hand =
        std::fs::read_to_string(dir.path().join("players/2/orders-001.txt")).expect("kept");
    assert_eq!(by_hand, "# à la main\n", "a file written by hand is kept");
    let computer =
        std::fs::read_to_string(dir.path().join("players/3/orders-001.txt")).expect("written");
    assert!(computer.lines().count() > 1, "{computer}");
    let log = std::fs::read_to_string(dir.path().join("arbiter/turn-001.log")).expect("log");
    assert!(!log.contains("joueur 3 n'a pas envoyé"), "{log}");
    ok(&game(&["game", "turn"], dir.path(), None));
    assert!(dir.path().join("players/2/orders-002.txt").exists());
    assert!(
        !dir.path().join("players/1/orders-002.txt").exists(),
        "player 1 is a person"
    );
    // The same save gives the same orders: undone and resolved again, the same bytes.
    let before = folder_bytes(dir.path());
    ok(&game(&["game", "undo"], dir.path(), None));
    ok(&game(&["game", "turn"], dir.path(), None));
    assert_eq!(folder_bytes(dir.path()), before);
    let refused = nebutil(&[
        "game",
        "new",
        "--players",
        "2",
        "--seed",
        "1",
        "--out",
        "/tmp/nebutil-nowhere",
        "--computer",
        "3",
    ]);
    assert_eq!(refused.status.code(), Some(2));
    assert!(stderr(&refused).contains("pas de joueur 3"));
}

#[test]
fn the_next_nbt_records_the_orders_sent_and_the_standings_count_ships_as_the_cr() {
    let dir = TempDir::new("desk-orders-sent");
    new_game(&dir, &[]);
    let orders = "# mes ordres\nBLA BLA\n";
    std::fs::write(dir.path().join("players/1/orders-001.txt"), orders).expect("orders");
    ok(&game(&["game", "turn"], dir.path(), None));
    let nbt = std::fs::read_to_string(dir.path().join("players/1/turn-002.nbt")).expect("nbt");
    let (file, _) = nebutil::nbt::read(&nbt);
    let file = file.expect("an NBT");
    assert_eq!(file.orders_sent.as_deref(), Some(orders));
    let onr = std::fs::read_to_string(dir.path().join("players/2/turn-002.nbt")).expect("nbt");
    assert_eq!(
        nebutil::nbt::read(&onr).0.expect("an NBT").orders_sent,
        None
    );
    // `game show --json` counts ships as the CR's statistics do (G-123).
    let json = ok(&nebutil(&["game", "show", dir.arg(), "--json"]));
    let value: serde_json::Value = serde_json::from_str(&json).expect("JSON");
    for standing in value["standings"].as_array().expect("standings") {
        let number = standing["number"].as_u64().expect("number");
        let cr = std::fs::read_to_string(dir.path().join(format!("players/{number}/turn-002.cr")))
            .expect("cr");
        let (view, _) = nebutil::report::read(&cr);
        let ships = view
            .statistics
            .iter()
            .find(|(kind, _)| format!("{kind:?}") == "Ships")
            .map(|(_, value)| format!("{value:?}"))
            .expect("the CR's Vaisseaux");
        assert!(
            ships.contains(&format!("({})", standing["ships"])),
            "player {number}: CR {ships}, table {}",
            standing["ships"]
        );
    }
}

#[test]
fn game_show_speaks_english_through_and_through() {
    let dir = TempDir::new("desk-show-english");
    new_game(&dir, &[]);
    let shown = ok(&nebutil(&["game", "show", dir.arg(), "--lang", "en"]));
    assert!(shown.starts_with("Game (no name) — rules 2002"), "{shown}");
    assert!(
        shown.contains("Emperor") && !shown.contains("Empereur"),
        "{shown}"
    );
    let french = ok(&nebutil(&["game", "show", dir.arg()]));
    assert!(
        french.starts_with("Partie (sans nom)") && french.contains("Empereur"),
        "{french}"
    );
}

#[test]
fn the_log_of_a_game_without_a_name_names_no_placeholder() {
    let dir = TempDir::new("desk-unnamed-log");
    new_game(&dir, &[]);
    ok(&game(&["game", "turn"], dir.path(), None));
    let log = std::fs::read_to_string(dir.path().join("arbiter/turn-001.log")).expect("log");
    assert_eq!(
        log.lines().next(),
        Some("Journal de l'arbitre — tour 1 → 2")
    );
}

/// Every save of a played folder — `game.ron` and each kept `saves/game-TTT.ron`
/// — reads back equal and is written again byte for byte, one line per world.
#[test]
fn every_save_of_a_played_folder_is_compact_and_round_trips() {
    let dir = TempDir::new("desk-saves-round-trip");
    new_game(&dir, &["--computer", "1,2,3"]);
    for _ in 0..3 {
        ok(&game(&["game", "turn"], dir.path(), None));
    }
    let mut saves = vec![dir.path().join("game.ron")];
    saves.extend((1..=3).map(|turn| dir.path().join(format!("saves/game-{turn:03}.ron"))));
    for path in saves {
        let text = std::fs::read_to_string(&path).expect("a save");
        let save = Save::from_ron(&text).expect("a valid save");
        assert_eq!(save.to_ron(), text, "{}", path.display());
        assert_eq!(Save::from_ron(&save.to_ron()).as_ref(), Ok(&save));
        let g = &save.galaxy;
        let items = g.worlds.len() + g.fleets.len() + g.players.len() + g.treasures.len();
        let lines = text.lines().count();
        assert!(lines < items + 300, "{}: {lines} lines", path.display());
    }
}

/// A folder whose `game.ron` an older Nébutil wrote (pretty-printed, every
/// field): the turn resolves from it, the kept save and the next `game.ron`
/// are compact, and undone the folder holds the same save, compact.
#[test]
fn a_game_saved_by_an_older_version_is_resolved_and_undone() {
    let fixture = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/game/pretty-v1.ron");
    let pretty = std::fs::read_to_string(fixture).expect("the fixture");
    let old = Save::from_ron(&pretty).expect("an older save");
    let dir = TempDir::created("desk-older-save");
    std::fs::write(dir.path().join("game.ron"), &pretty).expect("game.ron");
    ok(&game(&["game", "turn"], dir.path(), None));
    let kept = std::fs::read_to_string(dir.path().join("saves/game-005.ron")).expect("kept");
    assert_eq!(kept, old.to_ron());
    assert_eq!(read_save(dir.path()).galaxy.turn, 6);
    ok(&game(&["game", "undo"], dir.path(), None));
    assert_eq!(read_save(dir.path()), old);
}
