//! `nebutil game turn DIR`, run as the built binary on games made by `game new`
//! in temporary folders: orders read per player (missing = ONR, unreadable lines
//! reported, the rest executed), the next save, every player's next CR and NBT,
//! the arbiter's log, the previous save kept, nothing overwritten, same bytes for
//! the same game and orders.

use std::path::Path;
use std::process::Output;

use crate::support::cli::{TempDir, copy_files, folder_files, nebutil, nebutil_command, text};
use nebutil::game::save::Save;
use nebutil::model::PlayerId;

fn read_save(dir: &Path) -> Save {
    let text = std::fs::read_to_string(dir.join("game.ron")).expect("game.ron");
    Save::from_ron(&text).expect("a valid save")
}

/// A new 3-player game, and player 1's orders for turn 1: build 5 VC on a fleet
/// of his start world, an unreadable line, a move to a world that is not a
/// neighbour (voided at execution). Returns the start world and the fleet.
fn game_with_orders(dir: &TempDir) -> (u32, u32) {
    let made = nebutil(&[
        "game",
        "new",
        "--players",
        "3",
        "--seed",
        "42",
        "--out",
        dir.arg(),
    ]);
    assert_eq!(made.status.code(), Some(0), "{}", text(&made.stderr));
    let save = read_save(dir.path());
    let galaxy = &save.galaxy;
    let md = galaxy
        .worlds
        .values()
        .find(|w| w.start_owner == Some(PlayerId(1)))
        .expect("player 1 has a start world");
    let fleet = galaxy
        .fleets_at(md.id)
        .find(|f| f.owner == PlayerId(1))
        .expect("a fleet of player 1 on his start world");
    let far = galaxy
        .worlds
        .keys()
        .copied()
        .find(|w| *w != md.id && !md.connections.contains(w))
        .expect("a world that is not a neighbour");
    let orders = format!(
        "M_{} C 5 VC F_{}\nBLA BLA BLA\nF_{} M_{}\n",
        md.id, fleet.id, fleet.id, far
    );
    std::fs::write(dir.path().join("players/1/orders-001.txt"), orders).expect("orders written");
    (md.id, fleet.id)
}

#[test]
fn a_turn_is_resolved_into_the_next_save_reports_and_log() {
    let dir = TempDir::new("cli-turn-resolve");
    let (_md, fleet) = game_with_orders(&dir);
    let before_text = std::fs::read_to_string(dir.path().join("game.ron")).expect("save");
    let before = read_save(dir.path());
    let vc_before = before.galaxy.fleet(fleet).map(|f| f.vc).unwrap_or(0);

    let run = nebutil(&["game", "turn", dir.arg()]);
    assert_eq!(run.status.code(), Some(0), "{}", text(&run.stderr));
    let stdout = text(&run.stdout);
    assert!(stdout.contains("tour 1 résolu → tour 2"), "{stdout}");
    let stderr = text(&run.stderr);
    assert!(
        stderr.contains("orders-001.txt:2:1"),
        "the unreadable line is reported: {stderr}"
    );

    let after = read_save(dir.path());
    assert_eq!(after.galaxy.turn, 2);
    assert!(after.last_record.is_some());
    let vc_after = after.galaxy.fleet(fleet).map(|f| f.vc).unwrap_or(0);
    assert_eq!(vc_after, vc_before + 5, "the readable build order ran");
    let kept =
        std::fs::read_to_string(dir.path().join("saves/game-001.ron")).expect("old save kept");
    assert_eq!(kept, before_text);
    for player in 1..=3 {
        for ext in ["cr", "nbt"] {
            let path = dir.path().join(format!("players/{player}/turn-002.{ext}"));
            assert!(path.is_file(), "{} written", path.display());
        }
    }
    let cr = std::fs::read_to_string(dir.path().join("players/1/turn-002.cr")).expect("CR");
    assert!(cr.contains("Tour 2") || cr.contains("tour 2"), "{cr}");
    let log = std::fs::read_to_string(dir.path().join("arbiter/turn-001.log")).expect("log");
    assert!(log.contains("Joueurs sans ordres (ONR)"), "{log}");
    let onr_section: String = log
        .split("Lignes d'ordres illisibles")
        .next()
        .unwrap_or_default()
        .to_string();
    assert!(
        onr_section.contains("2 « ") && onr_section.contains("3 « "),
        "{log}"
    );
    assert!(
        !onr_section.contains("\n  1 « "),
        "player 1 sent orders: {log}"
    );
    assert!(log.contains("orders-001.txt:2:1"), "{log}");
    assert!(
        log.contains(&format!("orders-001.txt:3: F_{fleet} ")),
        "the move to a non-neighbour is voided and logged: {log}"
    );
}

#[test]
fn the_same_game_and_orders_give_the_same_bytes() {
    let a = TempDir::new("cli-turn-same-a");
    let b = TempDir::new("cli-turn-same-b");
    game_with_orders(&a);
    game_with_orders(&b);
    for dir in [&a, &b] {
        let run = nebutil(&["game", "turn", dir.arg()]);
        assert_eq!(run.status.code(), Some(0), "{}", text(&run.stderr));
        let run = nebutil(&["game", "turn", dir.arg()]);
        assert_eq!(run.status.code(), Some(0), "a second turn (everyone ONR)");
    }
    for file in [
        "game.ron",
        "saves/game-002.ron",
        "players/2/turn-003.cr",
        "players/3/turn-003.nbt",
        "arbiter/turn-001.log",
    ] {
        let left = std::fs::read(a.path().join(file)).expect(file);
        let right = std::fs::read(b.path().join(file)).expect(file);
        assert!(left == right, "{file} differs");
    }
}

#[test]
fn nothing_of_the_next_turn_is_overwritten() {
    let dir = TempDir::new("cli-turn-exists");
    game_with_orders(&dir);
    std::fs::write(dir.path().join("players/2/turn-002.cr"), "mine").expect("write");
    let before = std::fs::read(dir.path().join("game.ron")).expect("save");
    let run = nebutil(&["game", "turn", dir.arg()]);
    assert_eq!(run.status.code(), Some(2));
    assert!(
        text(&run.stderr).contains("turn-002.cr"),
        "{}",
        text(&run.stderr)
    );
    assert_eq!(
        std::fs::read(dir.path().join("game.ron")).expect("save"),
        before
    );
    assert_eq!(
        std::fs::read_to_string(dir.path().join("players/2/turn-002.cr")).expect("cr"),
        "mine"
    );
    assert!(!dir.path().join("saves").exists());
}

#[test]
fn a_finished_game_is_not_resolved() {
    let dir = TempDir::new("cli-turn-over");
    game_with_orders(&dir);
    let mut save = read_save(dir.path());
    save.galaxy.final_turn = save.galaxy.turn;
    std::fs::write(dir.path().join("game.ron"), save.to_ron()).expect("write");
    let run = nebutil(&["game", "turn", dir.arg(), "--lang", "en"]);
    assert_eq!(run.status.code(), Some(2));
    assert!(
        text(&run.stderr).contains("the game is over"),
        "{}",
        text(&run.stderr)
    );
}

#[test]
fn a_missing_game_folder_is_refused() {
    let dir = TempDir::new("cli-turn-missing");
    let run = nebutil(&["game", "turn", dir.arg()]);
    assert_eq!(run.status.code(), Some(2));
}

/// Every file of a folder (relative path, bytes), sorted; the lock file, which
/// holds nothing, left out.
fn folder_bytes(dir: &Path) -> Vec<(String, Vec<u8>)> {
    let mut files = folder_files(dir);
    files.retain(|(path, _)| !path.ends_with(".nebutil.lock"));
    files
}

/// Copies a folder (the game as it was before the turn).
fn copy_folder(from: &Path, to: &Path) {
    copy_files(folder_bytes(from), to);
}

fn turn_with_fault(dir: &Path, fault: Option<&str>) -> Output {
    let mut command = nebutil_command(&["game", "turn", dir.to_str().expect("UTF-8 path")]);
    if let Some(fault) = fault {
        command.env("NEBUTIL_FAULT", fault);
    }
    command.output().expect("the binary runs")
}

/// `game turn` killed at every step of its writing (the real binary stops dead,
/// as in a power cut), then run again: the folder ends with exactly the bytes of
/// an uninterrupted run. Killed before the commit point, the rerun resolves the
/// turn itself; after it, the rerun finishes the interrupted one.
#[test]
fn a_turn_killed_at_any_step_completes_on_rerun_with_the_same_bytes() {
    let original = TempDir::new("cli-turn-kill-original");
    game_with_orders(&original);
    let before = folder_bytes(original.path());
    let reference = TempDir::new("cli-turn-kill-reference");
    copy_folder(original.path(), reference.path());
    let done = turn_with_fault(reference.path(), None);
    assert_eq!(done.status.code(), Some(0), "{}", text(&done.stderr));
    let expected = folder_bytes(reference.path());
    assert_ne!(expected, before);
    let mut killed_at = 0;
    for step in 1.. {
        let dir = TempDir::new(&format!("cli-turn-kill-{step}"));
        copy_folder(original.path(), dir.path());
        let killed = turn_with_fault(dir.path(), Some(&format!("kill:{step}")));
        if killed.status.success() {
            // No step left to kill at: the run went through.
            assert_eq!(folder_bytes(dir.path()), expected);
            break;
        }
        assert_eq!(
            killed.status.code(),
            None,
            "step {step}: killed by a signal"
        );
        killed_at += 1;
        let after = folder_bytes(dir.path());
        assert!(
            after.iter().all(|(p, _)| !p.ends_with(".tmp")),
            "step {step}: no temporary file in place"
        );
        let rerun = turn_with_fault(dir.path(), None);
        assert_eq!(
            rerun.status.code(),
            Some(0),
            "step {step}: {}",
            text(&rerun.stderr)
        );
        assert_eq!(folder_bytes(dir.path()), expected, "step {step}");
        // The rerun after a completed turn resolved nothing more.
        assert_eq!(read_save(dir.path()).galaxy.turn, 2, "step {step}");
        assert!(step < 200, "the turn has a bounded number of steps");
    }
    eprintln!("game turn killed at {killed_at} steps, each rerun gave the same bytes");
    assert!(killed_at >= 20, "killed at {killed_at} steps");
}

/// A write error (as on a full disk) at any step: the command fails with a
/// message and the folder is as before, or the rerun finishes the turn.
#[test]
fn a_write_error_leaves_the_game_as_before_or_finishable() {
    let original = TempDir::new("cli-turn-fail-original");
    game_with_orders(&original);
    let before = folder_bytes(original.path());
    let reference = TempDir::new("cli-turn-fail-reference");
    copy_folder(original.path(), reference.path());
    assert!(turn_with_fault(reference.path(), None).status.success());
    let expected = folder_bytes(reference.path());
    let mut as_before = 0;
    let mut failed_at = 0;
    for step in 1.. {
        let dir = TempDir::new(&format!("cli-turn-fail-{step}"));
        copy_folder(original.path(), dir.path());
        let failed = turn_with_fault(dir.path(), Some(&format!("fail:{step}")));
        if failed.status.success() {
            break;
        }
        assert_eq!(failed.status.code(), Some(2), "step {step}");
        failed_at += 1;
        assert!(
            text(&failed.stderr).contains("NEBUTIL_FAULT"),
            "step {step}: the error is said: {}",
            text(&failed.stderr)
        );
        let after = folder_bytes(dir.path());
        if after == before {
            as_before += 1;
        } else {
            let rerun = turn_with_fault(dir.path(), None);
            assert_eq!(rerun.status.code(), Some(0), "{}", text(&rerun.stderr));
            assert_eq!(folder_bytes(dir.path()), expected, "step {step}");
        }
        assert!(step < 200);
    }
    eprintln!(
        "a write error at {failed_at} steps: {as_before} left the folder as before, the others finished on rerun"
    );
    assert!(
        as_before >= 10,
        "{as_before} failures left the folder as before"
    );
}

/// Two writers never run on one folder at once: a held lock refuses the turn.
#[test]
fn a_locked_game_folder_is_refused() {
    let dir = TempDir::new("cli-turn-locked");
    game_with_orders(&dir);
    let lock = nebutil::storage::lock::lock(dir.path());
    assert!(lock.is_ok());
    let refused = turn_with_fault(dir.path(), None);
    assert_eq!(refused.status.code(), Some(2));
    assert!(text(&refused.stderr).contains(".nebutil.lock"));
    drop(lock);
    assert!(turn_with_fault(dir.path(), None).status.success());
}

/// A save that cannot be right is refused by `game turn` and `game show` with exit
/// 2 and a message naming the entity and its field; nothing is written.
#[test]
fn an_inconsistent_save_is_refused_naming_the_entity_and_field() {
    let dir = TempDir::new("cli-turn-inconsistent");
    game_with_orders(&dir);
    let good = read_save(dir.path());
    let fleet = *good.galaxy.fleets.keys().next().expect("a fleet");
    let world = *good.galaxy.worlds.keys().next().expect("a world");
    type Break = Box<dyn Fn(&mut Save)>;
    let cases: Vec<(Break, String, &str)> = vec![
        (
            Box::new(move |s: &mut Save| {
                if let Some(f) = s.galaxy.fleets.get_mut(&fleet) {
                    f.world = 99_999;
                }
            }),
            format!("F_{fleet}"),
            "world M_99999 does not exist",
        ),
        (
            Box::new(move |s: &mut Save| {
                if let Some(w) = s.galaxy.worlds.get_mut(&world) {
                    w.owner = PlayerId(77);
                }
            }),
            format!("M_{world}"),
            "player 77 does not exist",
        ),
        (
            Box::new(move |s: &mut Save| {
                let other = s.galaxy.worlds[&world].connections[0];
                if let Some(w) = s.galaxy.worlds.get_mut(&other) {
                    w.connections.retain(|&c| c != world);
                }
            }),
            format!("M_{world}"),
            "has no connection back",
        ),
        (
            Box::new(|s: &mut Save| s.galaxy.turn = s.galaxy.final_turn + 5),
            "galaxy".to_string(),
            "out of range",
        ),
    ];
    for (breaks, entity, says) in cases {
        let mut save = good.clone();
        breaks(&mut save);
        std::fs::write(dir.path().join("game.ron"), save.to_ron()).expect("write");
        let before = folder_bytes(dir.path());
        for command in ["turn", "show"] {
            let run = nebutil(&["game", command, dir.arg(), "--lang", "en"]);
            assert_eq!(run.status.code(), Some(2), "{command} {entity}");
            let err = text(&run.stderr);
            assert!(err.contains("Inconsistent save"), "{err}");
            assert!(err.contains(&entity) && err.contains(says), "{err}");
            assert_eq!(folder_bytes(dir.path()), before, "{command} wrote nothing");
        }
        let fr = nebutil(&["game", "show", dir.arg(), "--lang", "fr"]);
        assert!(text(&fr.stderr).contains("Sauvegarde incohérente"));
    }
}

#[test]
fn the_arbiter_s_log_is_written_in_french_whoever_resolves() {
    let dir = TempDir::new("cli-turn-log-lang");
    let _ = game_with_orders(&dir);
    let run = nebutil(&["game", "turn", dir.arg(), "--lang", "en"]);
    assert_eq!(run.status.code(), Some(0), "{}", text(&run.stderr));
    // The command speaks English, the game's record is French (G-166).
    assert!(
        text(&run.stdout).contains("turn 1 resolved"),
        "{}",
        text(&run.stdout)
    );
    let log = std::fs::read_to_string(dir.path().join("arbiter/turn-001.log")).expect("log");
    assert!(log.starts_with("Journal de l'arbitre"), "{log}");
    assert!(
        log.contains("Joueurs sans ordres (ONR)") && log.contains("2 « "),
        "{log}"
    );
}
