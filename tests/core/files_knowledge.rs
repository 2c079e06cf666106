//! Files → knowledge, built once (`nebutil::storage::session`) for the app, the
//! command line and the mail robot: the NBT beside a CR, the one rule pairing
//! an NBT with its CR, the one merge of own and ally reports — on a folder
//! holding two players' CRs of the same turn, each with his NBT.

use std::path::{Path, PathBuf};

use nebutil::storage::beside;
use nebutil::storage::session::{
    self, Loaded, Session, SourceOrigin, merge_reports, nbt_goes_with, read_text_file,
};

fn fixture(name: &str) -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/orders/ally")
        .join(name);
    std::fs::read_to_string(path).expect("fixture")
}

fn nbt_text(number: u32, name: &str, width: u32) -> String {
    format!(
        "(\n    version: 1,\n    game: Some(\"TEST\"),\n    turn: 5,\n    ruleset: Some(\"2002\"),\n    player: (number: {number}, name: \"{name}\"),\n    galaxy_size: Some((width: {width}, height: 20)),\n)\n"
    )
}

/// A folder with Maxtor's and Miria's turn 5 (game TEST), each CR with its NBT
/// of the same name (Maxtor's galaxy 30 wide, Miria's 40: which NBT went where
/// shows).
struct Seats {
    dir: PathBuf,
}

impl Seats {
    fn new(tag: &str) -> Seats {
        let dir = std::env::temp_dir().join(format!(
            "nebutil-files-knowledge-{tag}-{}",
            std::process::id()
        ));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("temp folder");
        let write = |name: &str, text: String| {
            std::fs::write(dir.join(name), text).expect("write");
        };
        write("maxtor-005.cr", fixture("maxtor_t5.cr"));
        write("maxtor-005.nbt", nbt_text(5, "Maxtor", 30));
        write("miria-005.cr", fixture("miria_t5.cr"));
        write("miria-005.nbt", nbt_text(7, "Miria", 40));
        Seats { dir }
    }

    fn path(&self, name: &str) -> PathBuf {
        self.dir.join(name)
    }
}

impl Drop for Seats {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

fn read_cr(path: &Path) -> nebutil::model::view::TurnView {
    let (text, _) = read_text_file(path).expect("readable");
    nebutil::report::read_report(&text).expect("a CR").0
}

fn read_nbt(path: &Path) -> nebutil::nbt::NbtFile {
    let (text, _) = read_text_file(path).expect("readable");
    nebutil::nbt::read(&text).0.expect("an NBT")
}

#[test]
fn each_nbt_goes_with_its_own_player_s_cr_of_the_turn() {
    let seats = Seats::new("rule");
    let origin = |name: &str| SourceOrigin::File(seats.path(name));
    let maxtor = read_cr(&seats.path("maxtor-005.cr"));
    let miria = read_cr(&seats.path("miria-005.cr"));
    let maxtor_nbt = read_nbt(&seats.path("maxtor-005.nbt"));
    let miria_nbt = read_nbt(&seats.path("miria-005.nbt"));
    // What the command line looks for beside a CR.
    assert_eq!(
        beside::nbt_path(&seats.path("maxtor-005.cr")),
        Some(seats.path("maxtor-005.nbt"))
    );
    // The one rule: same turn, same player (both CRs are of turn 5).
    let goes = |nbt, nbt_name: &str, cr, cr_name: &str| {
        nbt_goes_with(nbt, &origin(nbt_name), cr, &origin(cr_name))
    };
    assert!(goes(
        &maxtor_nbt,
        "maxtor-005.nbt",
        &maxtor,
        "maxtor-005.cr"
    ));
    assert!(goes(&miria_nbt, "miria-005.nbt", &miria, "miria-005.cr"));
    assert!(!goes(&maxtor_nbt, "maxtor-005.nbt", &miria, "miria-005.cr"));
    assert!(!goes(&miria_nbt, "miria-005.nbt", &maxtor, "maxtor-005.cr"));
    // A CR that does not tell its turn nor player: the NBT of its file name only.
    let mut bare = maxtor.clone();
    bare.turn = None;
    bare.player = None;
    assert!(goes(&maxtor_nbt, "maxtor-005.nbt", &bare, "maxtor-005.cr"));
    assert!(!goes(&maxtor_nbt, "maxtor-005.nbt", &bare, "miria-005.cr"));
}

#[test]
fn the_app_pairs_the_folder_as_the_rule_does_whatever_the_order_of_opening() {
    let seats = Seats::new("app");
    let mut session = Session::default();
    // NBTs first: they wait for their CR.
    for name in ["miria-005.nbt", "maxtor-005.nbt"] {
        assert!(matches!(
            session.open_path(&seats.path(name)),
            Ok(Loaded::NbtPending { turn: 5 })
        ));
    }
    assert_eq!(
        session.open_path(&seats.path("maxtor-005.cr")),
        Ok(Loaded::Cr(0))
    );
    // Another player's report of the game loaded: an ally's.
    assert_eq!(
        session.open_path(&seats.path("miria-005.cr")),
        Ok(Loaded::AllyCr(0))
    );
    assert_eq!(session.pending_nbt().count(), 0);
    let own = &session.turns()[0];
    let ally = &session.allies()[0];
    assert_eq!(
        own.nbt.as_ref().map(|n| n.source.name.as_str()),
        Some("maxtor-005.nbt")
    );
    assert_eq!(
        ally.nbt.as_ref().map(|n| n.source.name.as_str()),
        Some("miria-005.nbt")
    );
    assert_eq!(own.view.galaxy_size, Some((30, 20)));
    assert_eq!(ally.view.galaxy_size, Some((40, 20)));
    // The knowledge: his own turn and his ally's, merged once.
    let knowledge = session.knowledge_at(0);
    assert_eq!(knowledge.allies(), ["Miria".to_string()]);
    assert_eq!(
        knowledge.galaxy_size.as_ref().map(|s| s.value),
        Some((30, 20))
    );
}

#[test]
fn the_robot_s_knowledge_is_the_app_s_and_the_merge_refuses_as_the_knowledge() {
    let seats = Seats::new("robot");
    // The mail robot: a CR on disk and the NBT beside it.
    let knowledge = session::turn_knowledge(&seats.path("maxtor-005.cr")).expect("knowledge");
    assert_eq!(
        knowledge.player.as_ref().map(|p| p.name.as_str()),
        Some("Maxtor")
    );
    assert_eq!(
        knowledge.galaxy_size.as_ref().map(|s| s.value),
        Some((30, 20))
    );
    assert!(session::turn_knowledge(&seats.path("missing.cr")).is_none());
    // The one merge: the player himself is no ally of his.
    let maxtor = read_cr(&seats.path("maxtor-005.cr"));
    let miria = read_cr(&seats.path("miria-005.cr"));
    let merged = merge_reports([maxtor.clone()], [miria, maxtor]);
    assert!(merged.own_refused.iter().all(Vec::is_empty));
    assert!(merged.allies_refused[0].is_empty());
    assert_eq!(
        merged.allies_refused[1].first().map(|d| d.code.as_str()),
        Some("knowledge-ally-is-self")
    );
}

#[test]
fn a_file_with_a_nul_byte_is_no_text_for_every_reader() {
    let seats = Seats::new("binary");
    let path = seats.path("binary-005.cr");
    std::fs::write(&path, b"NEBULA - Partie TEST - Tour 5\0").expect("write");
    assert!(matches!(
        read_text_file(&path),
        Err(session::LoadError::Binary { .. })
    ));
    assert!(matches!(
        nebutil::storage::text_file::read_text(
            &path,
            nebutil::storage::text_file::TextKind::Report
        ),
        Err(nebutil::storage::text_file::ReadError::Binary)
    ));
}
