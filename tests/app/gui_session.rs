//! Loading files in the app as a player has them: a recent file reopened in place
//! of the session with its NBT and the player's other turns; a CR without header
//! line completed and its turn and player stated in the app; a file that is not a
//! CR refused with one notice. Driven through egui_kittest (no display).
use std::path::{Path, PathBuf};

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use nebutil::gui::settings::Settings;
use nebutil::gui::{Command, NebutilApp, Selection};
use nebutil::report::infer::Stated;

use crate::support::app::app_with;
use crate::support::fresh_dir::fresh_dir;
use crate::support::orion::orion;

fn fixture(name: &str) -> String {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/orion");
    std::fs::read_to_string(path.join(name)).unwrap_or_default()
}

/// A game folder as `nebutil game` writes it: `players/5/turn-00T.cr` and
/// `.nbt` for ORION turns 5–7, and a CR of another player named alike.
fn player_folder() -> PathBuf {
    let dir = fresh_dir("game").join("players").join("5");
    std::fs::create_dir_all(&dir).unwrap_or_default();
    for turn in 5..=7 {
        let cr = fixture(&format!("demo_t{turn}.cr"));
        let nbt = fixture(&format!("demo_t{turn}.nbt"));
        std::fs::write(dir.join(format!("turn-00{turn}.cr")), cr).unwrap_or_default();
        std::fs::write(dir.join(format!("turn-00{turn}.nbt")), nbt).unwrap_or_default();
    }
    std::fs::write(
        dir.join("turn-004.cr"),
        "NEBULA - Partie ORION - Tour 4\nJoueur : \"Miria\":7 (Pirate)\n\
         M_404 (48) \"Miria:1\" [P=20(40)]=1 MP=3(+1)\n",
    )
    .unwrap_or_default();
    dir
}

fn turns(harness: &Harness<'_, NebutilApp>) -> Vec<(Option<u32>, String, bool)> {
    harness
        .state()
        .session()
        .turns()
        .iter()
        .map(|t| (t.view.turn, t.cr.name.clone(), t.nbt.is_some()))
        .collect()
}

fn click_recent(harness: &mut Harness<'_, NebutilApp>, path: &Path) {
    harness.get_by_label("Fichier").click();
    harness.run();
    harness.get_by_label("Fichiers récents").hover();
    harness.run();
    harness
        .get_by_role_and_label(egui::accesskit::Role::Button, &path.display().to_string())
        .click();
    harness.run();
}

#[test]
fn a_recent_file_replaces_the_session_and_brings_its_nbt_and_other_turns() {
    let dir = player_folder();
    let recent = dir.join("turn-007.cr");
    let settings = Settings {
        recent: vec![recent.clone()],
        ..Settings::default()
    };
    // The app holds the ORION demo files of another folder.
    let mut harness = app_with(move |_cc| NebutilApp::with_settings(settings, orion()));
    assert_eq!(turns(&harness).len(), 3);
    click_recent(&mut harness, &recent);
    let want = vec![
        (Some(5), "turn-005.cr".to_string(), true),
        (Some(6), "turn-006.cr".to_string(), true),
        (Some(7), "turn-007.cr".to_string(), true),
    ];
    // Miria's turn-004.cr, in the same folder, is not his.
    assert_eq!(turns(&harness), want);
    let current = harness.state().current_turn().map(|t| t.cr.name.clone());
    assert_eq!(current.as_deref(), Some("turn-007.cr"));
    assert_eq!(harness.state().knowledge().turns(), [5, 6, 7]);
    harness.get_by_label_contains("turn-007.cr est rouvert");
    // The companions did not become recent files.
    let recent_files = &harness.state().settings().recent;
    assert_eq!(recent_files.first(), Some(&recent));
    assert!(
        !recent_files
            .iter()
            .any(|p| p.starts_with(&dir) && p != &recent),
        "{recent_files:?}"
    );
    // Reopened again: still one copy of each turn.
    click_recent(&mut harness, &recent);
    assert_eq!(turns(&harness), want);
}

#[test]
fn a_cr_opened_twice_is_one_turn() {
    let dir = player_folder();
    let path = dir.join("turn-006.cr");
    let mut harness = app_with(move |cc| NebutilApp::new(cc, vec![path]));
    // With it, his earlier turn beside it (turn 5), not the later one.
    assert_eq!(turns(&harness).len(), 2);
    harness
        .state_mut()
        .send(Command::OpenFiles(vec![dir.join("turn-006.cr")]));
    harness.run();
    // Opened again: still one turn 6, with the `.NBT` of its name (not a
    // recent file).
    assert_eq!(
        turns(&harness),
        [
            (Some(5), "turn-005.cr".to_string(), true),
            (Some(6), "turn-006.cr".to_string(), true)
        ]
    );
    assert!(
        harness
            .state()
            .settings()
            .recent
            .iter()
            .all(|p| p.extension().is_some_and(|e| e == "cr"))
    );
}

/// ORION turn 7 without its first line.
fn headerless_t7() -> String {
    let text = fixture("demo_t7.cr");
    text.split_once('\n')
        .map_or(String::new(), |(_, rest)| rest.to_string())
}

#[test]
fn a_cr_without_header_feeds_the_knowledge_and_its_turn_can_be_stated() {
    // `players/5/turn-007.cr` without the header line, beside turn 6 (with it).
    let dir = fresh_dir("game").join("players").join("5");
    std::fs::create_dir_all(&dir).unwrap_or_default();
    std::fs::write(dir.join("turn-006.cr"), fixture("demo_t6.cr")).unwrap_or_default();
    std::fs::write(dir.join("turn-007.cr"), headerless_t7()).unwrap_or_default();
    let paths = vec![dir.join("turn-006.cr"), dir.join("turn-007.cr")];
    let mut harness = app_with(move |cc| NebutilApp::new(cc, paths));
    let view = |h: &Harness<'_, NebutilApp>| h.state().current_turn().map(|t| t.view.clone());
    let shown = view(&harness).unwrap_or_default();
    // Turn from the file name, game from turn 6 beside it, player from the
    // `Joueur :` line.
    assert_eq!(shown.turn, Some(7));
    assert_eq!(shown.game.as_deref(), Some("ORION"));
    assert_eq!(
        shown.player.as_ref().map(|p| p.name.as_str()),
        Some("Maxtor")
    );
    // Its worlds and fleets join turn 6's in the knowledge.
    let knowledge = harness.state().knowledge();
    assert_eq!(knowledge.turns(), [6, 7]);
    assert!(
        knowledge
            .world(99)
            .is_some_and(|w| w.last_described == Some(7))
    );
    harness.get_by_label("M_99");
    // The inference is said, in the diagnostics.
    harness.get_by_label_contains("c'est le tour 7, d'après le nom du fichier");

    // The control under the turn selector.
    harness.get_by_label_contains("n'indique pas son tour ou son joueur");
    let key = harness.state().editor().draft_key().cloned();
    assert_eq!(key.as_ref().map(|k| k.turn), Some(7));
    harness.state_mut().send(Command::StateHeader {
        index: 1,
        stated: Stated {
            turn: Some(8),
            ..Stated::default()
        },
    });
    harness.run();
    let shown = view(&harness).unwrap_or_default();
    assert_eq!((shown.turn, shown.turn_assumed), (Some(8), false));
    assert_eq!(harness.state().knowledge().turns(), [6, 8]);
    let key = harness.state().editor().draft_key().cloned();
    assert_eq!(key.map(|k| k.turn), Some(8));
}

#[test]
fn the_turn_and_player_are_stated_with_the_control() {
    // A mail body pasted from its first world line, alone: the player from the
    // Md_ world, the turn a stand-in.
    let text = fixture("demo_t7.cr");
    let body = text
        .find("\nM_")
        .and_then(|i| text.get(i + 1..))
        .unwrap_or_default()
        .to_string();
    let path = fresh_dir("mail").join("mail.txt");
    std::fs::write(&path, body).unwrap_or_default();
    let mut harness = app_with(move |cc| NebutilApp::new(cc, vec![path]));
    let shown = harness
        .state()
        .current_turn()
        .map(|t| t.view.clone())
        .unwrap_or_default();
    assert_eq!((shown.turn, shown.turn_assumed), (Some(1), true));
    harness.get_by_label_contains("Tour 1 (supposé)");
    harness.get_by_label_contains("le tour 1 ; indiquez le bon tour");
    let spin = egui::accesskit::Role::SpinButton;
    harness.get_by_role_and_label(spin, "Tour").click();
    harness.run();
    harness.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::A);
    harness.get_by_role_and_label(spin, "Tour").type_text("7");
    harness.run();
    harness.key_press(egui::Key::Enter);
    harness.run();
    harness.get_by_label("Appliquer").click();
    harness.run();
    let shown = harness
        .state()
        .current_turn()
        .map(|t| t.view.clone())
        .unwrap_or_default();
    assert_eq!((shown.turn, shown.turn_assumed), (Some(7), false));
    assert_eq!(
        shown.player.as_ref().map(|p| p.name.clone()),
        Some("Maxtor".to_string())
    );
    assert_eq!(harness.state().knowledge().latest_turn(), Some(7));
}

fn temp_file(name: &str, content: &[u8]) -> PathBuf {
    let path = fresh_dir("files").join(name);
    std::fs::write(&path, content).unwrap_or_default();
    path
}

#[test]
fn a_file_that_is_not_a_cr_gives_one_notice_and_changes_nothing() {
    let readme = temp_file("README.cr", include_str!("../../README.md").as_bytes());
    let empty = temp_file("empty.cr", b"");
    let paths: Vec<PathBuf> = orion()
        .into_iter()
        .chain([readme.clone(), empty.clone()])
        .collect();
    let harness = app_with(move |cc| NebutilApp::new(cc, paths));
    assert_eq!(turns(&harness).len(), 3);
    let notices = harness.state().notices();
    assert_eq!(notices.len(), 2, "{notices:?}");
    assert!(
        notices[0].starts_with("README.cr : Ce fichier n'est pas un compte rendu de Nebula"),
        "{notices:?}"
    );
    assert!(
        notices[1].contains("empty.cr : Ce fichier est vide"),
        "{notices:?}"
    );
    assert!(notices.iter().all(|n| !n.contains('\n')), "{notices:?}");
    // Reopening it as a recent file leaves the session as it was.
    let recent = readme.clone();
    let mut harness = app_with(move |_cc| {
        let settings = Settings {
            recent: vec![recent],
            ..Settings::default()
        };
        NebutilApp::with_settings(settings, orion())
    });
    click_recent(&mut harness, &readme);
    assert_eq!(turns(&harness).len(), 3);
    assert_eq!(harness.state().notices().len(), 1);
    let _ = Path::new(&empty);
}

#[test]
fn a_recent_nbt_brings_its_cr_and_the_other_turns() {
    let dir = player_folder();
    let recent = dir.join("turn-006.nbt");
    let settings = Settings {
        recent: vec![recent.clone()],
        ..Settings::default()
    };
    let mut harness = app_with(move |_cc| NebutilApp::with_settings(settings, Vec::new()));
    click_recent(&mut harness, &recent);
    assert_eq!(
        turns(&harness),
        [
            (Some(5), "turn-005.cr".to_string(), true),
            (Some(6), "turn-006.cr".to_string(), true),
            (Some(7), "turn-007.cr".to_string(), true),
        ]
    );
    let current = harness.state().current_turn().map(|t| t.cr.name.clone());
    assert_eq!(current.as_deref(), Some("turn-006.cr"));
    assert_eq!(harness.state().settings().recent.first(), Some(&recent));
    assert_eq!(harness.state().session().pending_nbt().count(), 0);
}

#[test]
fn notices_stack_in_one_place_can_be_dismissed_and_go_by_themselves() {
    let readme = temp_file("README.cr", include_str!("../../README.md").as_bytes());
    let empty = temp_file("empty.cr", b"");
    let paths: Vec<PathBuf> = orion().into_iter().chain([readme, empty]).collect();
    let paths_again = paths.clone();
    let mut harness = app_with(move |cc| NebutilApp::new(cc, paths));
    assert_eq!(harness.state().notices().len(), 2);
    // The newest shows, the other behind "+1 autre".
    harness.get_by_label_contains("empty.cr : Ce fichier est vide");
    assert!(
        harness
            .query_by_label_contains("README.cr : Ce fichier n'est pas")
            .is_none()
    );
    harness.get_by_label("+1 autre").click();
    harness.run();
    harness.get_by_label_contains("README.cr : Ce fichier n'est pas");
    harness.get_by_label("Tout fermer").click();
    harness.run();
    assert!(harness.state().notices().is_empty());
    // Untouched, they go: an error after a minute.
    let mut harness = app_with(move |cc| NebutilApp::new(cc, paths_again));
    assert_eq!(harness.state().notices().len(), 2);
    for _ in 0..(59 * 4) {
        harness.step();
    }
    assert_eq!(harness.state().notices().len(), 2);
    for _ in 0..(2 * 4) {
        harness.step();
    }
    assert!(harness.state().notices().is_empty());
}

#[test]
fn closing_a_file_takes_away_what_was_said_of_it() {
    let dir = player_folder();
    let recent = dir.join("turn-007.cr");
    let settings = Settings {
        recent: vec![recent.clone()],
        ..Settings::default()
    };
    let mut harness = app_with(move |_cc| NebutilApp::with_settings(settings, orion()));
    click_recent(&mut harness, &recent);
    harness.get_by_label_contains("turn-007.cr est rouvert");
    let index = harness
        .state()
        .session()
        .turns()
        .iter()
        .position(|t| t.cr.name == "turn-007.cr")
        .expect("turn 7");
    harness.state_mut().send(Command::CloseTurn(index));
    harness.run();
    assert!(harness.state().notices().is_empty());
    assert!(harness.query_by_label_contains("est rouvert").is_none());
}

/// The games of the turns loaded, each once.
fn games(harness: &Harness<'_, NebutilApp>) -> Vec<String> {
    let mut games: Vec<String> = harness
        .state()
        .session()
        .turns()
        .iter()
        .filter_map(|t| t.view.game.clone())
        .collect();
    games.dedup();
    games
}

#[test]
fn the_demo_replaces_the_turns_of_another_game_and_the_selector_names_game_and_player() {
    let mut harness = app_with(move |cc| NebutilApp::new(cc, orion()));
    assert_eq!(games(&harness), ["ORION"]);
    harness.get_by_value("ORION · \"Maxtor\":5 — Tour 7 — demo_t7.cr + NBT");
    harness.state_mut().send(Command::OpenDemo);
    harness.run();
    assert_eq!(games(&harness), ["LYRA"]);
    assert!(harness.state().replace_pending().is_none());
    harness.get_by_label_contains("remplace les tours d'une autre partie");
    harness.get_by_value("LYRA · \"Maxtor\":1 — Tour 5 — lyra_t5.cr + NBT");
}

#[test]
fn orders_saved_in_no_draft_make_the_replacement_ask_first() {
    // No data folder: the editor's orders are saved nowhere.
    let mut harness = Harness::builder()
        .with_size(egui::vec2(1400.0, 900.0))
        .build_eframe(move |cc| NebutilApp::new(cc, orion()).with_data_dir(None));
    harness.run();
    harness
        .state_mut()
        .send(Command::AppendOrder("M_48 C 1 VI".into()));
    harness.run();
    harness.state_mut().send(Command::OpenDemo);
    harness.run();
    harness.get_by_label("Remplacer les tours chargés ?");
    harness.get_by_label_contains("les 3 tours chargés seront fermés");
    // "Do not open": the demo goes, the loaded game and the orders stay.
    harness.get_by_label("Ne pas ouvrir").click();
    harness.run();
    assert_eq!(games(&harness), ["ORION"]);
    assert_eq!(harness.state().editor().text, "M_48 C 1 VI\n");
    // Asked again, "Replace".
    harness.state_mut().send(Command::OpenDemo);
    harness.run();
    harness.get_by_label("Remplacer").click();
    harness.run();
    assert_eq!(games(&harness), ["LYRA"]);
    assert!(
        harness
            .query_by_label("Remplacer les tours chargés ?")
            .is_none()
    );
}

#[test]
fn an_unknown_player_number_is_asked_for_not_shown_as_0() {
    let text = fixture("demo_t7.cr");
    let body = text
        .find("\nM_")
        .and_then(|i| text.get(i + 1..))
        .unwrap_or_default()
        .to_string();
    let path = fresh_dir("mail-number").join("mail.txt");
    std::fs::write(&path, body).unwrap_or_default();
    let mut harness = app_with(move |cc| NebutilApp::new(cc, vec![path]));
    // Orders written before the number is given stay with the report.
    harness
        .state_mut()
        .send(Command::AppendOrder("M_48 C 1 DEP".into()));
    harness.run();
    // An empty field that asks, not a 0.
    let field = harness.get_by_label("N°");
    assert_eq!(field.value().as_deref(), Some(""));
    harness.get_by_label("N°").click();
    harness.run();
    harness.get_by_label("N°").type_text("5x");
    harness.run();
    assert_eq!(harness.get_by_label("N°").value().as_deref(), Some("5"));
    harness.get_by_label("Appliquer").click();
    harness.run();
    let player = harness
        .state()
        .current_turn()
        .and_then(|t| t.view.player.clone());
    assert_eq!(player.and_then(|p| p.number), Some(5));
    assert_eq!(harness.state().editor().text, "M_48 C 1 DEP\n");
    harness.get_by_label_contains("indiqués par vous");
}

fn ally_fixture(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/orders/ally")
        .join(name)
}

#[test]
fn an_ally_s_report_joins_the_knowledge_opened_or_added() {
    let own = ally_fixture("maxtor_t5.cr");
    let mut harness = app_with(move |cc| NebutilApp::new(cc, vec![own]));
    assert!(
        harness
            .state()
            .knowledge()
            .world(13)
            .is_none_or(|w| w.last_described.is_none())
    );
    // Opened like any file: another player's report of the same game is an ally's.
    harness
        .state_mut()
        .send(Command::OpenFiles(vec![ally_fixture("miria_t5.cr")]));
    harness.run();
    assert_eq!(
        harness.state().session().turns().len(),
        1,
        "still his own turn alone"
    );
    assert_eq!(harness.state().session().allies().len(), 1);
    let m13 = harness
        .state()
        .knowledge()
        .world(13)
        .cloned()
        .expect("M_13");
    assert!(m13.only_ally_saw());
    assert_eq!(harness.state().knowledge().allies(), ["Miria".to_string()]);
    harness.get_by_label("Alliés :");
    harness.get_by_label("Miria (tour 5)");
    harness.get_by_label_contains("ce que votre allié a vu rejoint ce que vous savez");
    // On the map, ringed as an ally's sighting; in the inspector, whose it is.
    let ringed: Vec<u32> = harness
        .state()
        .map()
        .layout()
        .worlds
        .iter()
        .filter(|w| w.ally_only)
        .map(|w| w.id)
        .collect();
    assert_eq!(ringed, [13]);
    harness
        .state_mut()
        .send(Command::Select(Some(Selection::World(13))));
    harness.run();
    harness.get_by_label_contains("Vu seulement par Miria, votre allié, au tour 5");
    assert!(
        harness
            .query_all_by_label_contains("(vu par Miria au tour 5)")
            .count()
            >= 2
    );
    // Closed, her facts go.
    harness.get_by_label("Retirer miria_t5.cr").click();
    harness.run();
    assert!(harness.state().session().allies().is_empty());
    assert!(
        harness
            .state()
            .knowledge()
            .world(13)
            .is_none_or(|w| w.last_described.is_none())
    );
    // Added from the menu's command; another game's is refused with a sentence.
    harness
        .state_mut()
        .send(Command::AddAllyFiles(vec![ally_fixture(
            "miria_other_game.cr",
        )]));
    harness.run();
    assert!(harness.state().session().allies().is_empty());
    harness.get_by_label_contains("miria_other_game.cr ne peut pas servir de compte rendu d'allié");
    harness
        .state_mut()
        .send(Command::AddAllyFiles(vec![ally_fixture("miria_t5.cr")]));
    harness.run();
    assert_eq!(harness.state().session().allies().len(), 1);
}

#[test]
fn opening_a_players_newest_cr_brings_his_earlier_turns_beside_it() {
    let dir = player_folder();
    let newest = dir.join("turn-007.cr");
    let harness = app_with(move |cc| NebutilApp::new(cc, vec![newest]));
    assert_eq!(
        turns(&harness),
        vec![
            (Some(5), "turn-005.cr".to_string(), true),
            (Some(6), "turn-006.cr".to_string(), true),
            (Some(7), "turn-007.cr".to_string(), true),
        ]
    );
    let current = harness.state().current_turn().map(|t| t.cr.name.clone());
    assert_eq!(current.as_deref(), Some("turn-007.cr"));
    // Plots get a line, not a point.
    assert_eq!(harness.state().knowledge().score_series().len(), 3);
    harness.get_by_label_contains("les 2 tours précédents du même joueur");
    // Miria's turn in the same folder is not his.
    assert!(harness.state().session().allies().is_empty());
}

#[test]
fn the_lists_show_what_an_ally_adds_and_filter_by_source() {
    let own = ally_fixture("maxtor_ali3_t5.cr");
    let ally = ally_fixture("miria_t5.cr");
    let mut harness = app_with(move |cc| NebutilApp::new(cc, vec![own, ally]));
    harness.run();
    // Her M_13 follows his worlds; her F_20 his fleets.
    harness.get_by_label("Mondes (3)");
    harness.get_by_label("M_13");
    harness.get_by_label("Source").click();
    harness.run();
    harness.get_by_label("Mes CR").click();
    harness.run();
    // The tabs count what is listed.
    harness.get_by_label("Mondes (2)");
    assert!(harness.query_by_label("M_13").is_none());
    harness.get_by_label("Source").click();
    harness.run();
    harness.get_by_label("Ceux des alliés").click();
    harness.run();
    harness.get_by_label("M_13");
    assert!(harness.query_by_label("M_10").is_none());
    // The summary shows the levels his ALI 3 shows; Miria's, hidden from his
    // report, come from her own.
    harness.get_by_label("Vous connaissez de nom");
    harness.get_by_label("\"Bof\":9");
    assert!(harness.query_by_label("caché").is_none());
    harness.get_by_label("Retirer miria_t5.cr").click();
    harness.run();
    assert_eq!(harness.query_all_by_label("caché").count(), 2);
}
