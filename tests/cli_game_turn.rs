//! `nebutil game turn DIR`, run as the built binary on games made by `game new`
//! in temporary folders: orders read per player (missing = ONR, unreadable lines
//! reported, the rest executed), the next save, every player's next CR and NBT,
//! the arbiter's log, the previous save kept, nothing overwritten, same bytes for
//! the same game and orders.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::sync::atomic::{AtomicU32, Ordering};

use nebutil::game::save::Save;
use nebutil::model::PlayerId;

fn nebutil(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_nebutil"))
        .args(args)
        .env_remove("LC_ALL")
        .env_remove("LC_MESSAGES")
        .env_remove("LANG")
        .output()
        .expect("the binary runs")
}

struct TempDir(PathBuf);

impl TempDir {
    fn new(tag: &str) -> TempDir {
        static COUNTER: AtomicU32 = AtomicU32::new(0);
        let n = COUNTER.fetch_add(1, Ordering::SeqCst);
        let path =
            std::env::temp_dir().join(format!("nebutil-cli-turn-{}-{tag}-{n}", std::process::id()));
        let _ = std::fs::remove_dir_all(&path);
        TempDir(path)
    }

    fn path(&self) -> &Path {
        &self.0
    }

    fn arg(&self) -> &str {
        self.0.to_str().expect("temp path is UTF-8")
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn text(output: &[u8]) -> String {
    String::from_utf8_lossy(output).into_owned()
}

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
    let dir = TempDir::new("resolve");
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
    let a = TempDir::new("same-a");
    let b = TempDir::new("same-b");
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
    let dir = TempDir::new("exists");
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
    let dir = TempDir::new("over");
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
    let dir = TempDir::new("missing");
    let run = nebutil(&["game", "turn", dir.arg()]);
    assert_eq!(run.status.code(), Some(2));
}
