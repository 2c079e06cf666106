//! The desktop application, driven through its accessibility tree (egui_kittest):
//! no display and no GPU needed.
use std::path::PathBuf;

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use nebutil::gui::settings::{self, Settings, ThemeChoice};
use nebutil::gui::{NebutilApp, Selection};

use crate::support::app::app_with;
use crate::support::fresh_dir::fresh_dir;
use crate::support::orion::orion;

/// The application on `paths`, its data folder a fresh temporary one.
fn app(paths: Vec<PathBuf>) -> Harness<'static, NebutilApp> {
    app_with(move |cc| NebutilApp::new(cc, paths))
}

/// A file in a fresh temporary folder of its own.
fn temp_file(name: &str, content: &[u8]) -> PathBuf {
    let path = fresh_dir("files").join(name);
    std::fs::write(&path, content).unwrap_or_default();
    path
}

#[test]
fn demo_opens_on_its_last_turn_with_its_worlds() {
    let harness = app(orion());
    let turn = harness.state().current_turn().map(|t| t.view.turn);
    assert_eq!(turn, Some(Some(7)));
    assert_eq!(harness.state().session().turns().len(), 3);
    harness.get_by_label("M_48");
    harness.get_by_label("Md_127");
    harness.get_by_value("ORION · \"Maxtor\":5 — Tour 7 — demo_t7.cr + NBT");
    // The demo is clean: the reader understood every line.
    harness.get_by_label("Erreurs (0)");
}

#[test]
fn clicking_a_world_shows_its_cr_line_in_the_inspector() {
    let mut harness = app(orion());
    assert!(
        harness
            .query_by_label_contains("M_48 (127,256,304) \"Maxtor:5\"")
            .is_none()
    );
    harness.get_by_label("M_48").click();
    harness.run();
    assert_eq!(harness.state().selection(), Some(Selection::World(48)));
    harness.get_by_label_contains("M_48 (127,256,304) \"Maxtor:5\" I=4 [P=99(120)]=1");
    // The fleets on it, and the unknown split of a foreign fleet marked.
    harness.get_by_label("F_57");
    harness.get_by_label("F_11");
}

#[test]
fn clicking_a_fleet_shows_its_line_and_its_world() {
    let mut harness = app(orion());
    harness.get_by_label_contains("Flottes (").click();
    harness.run();
    harness.get_by_label("F_204").click();
    harness.run();
    assert_eq!(harness.state().selection(), Some(Selection::Fleet(204)));
    harness.get_by_label_contains("F_204 \"Miria\" [?]=3+1T *F_128");
    harness.get_by_label("T_77 <La potion invisible>");
}

#[test]
fn switching_language_changes_the_labels() {
    let mut harness = app(orion());
    harness.get_by_label("Affichage").click();
    harness.run();
    harness.get_by_label("Langue").hover();
    harness.run();
    harness.get_by_label("English").click();
    harness.run();
    assert_eq!(harness.state().settings().lang, nebutil::i18n::Lang::En);
    harness.get_by_label("View");
    assert!(harness.query_by_label("Affichage").is_none());
    harness.get_by_label_contains("Worlds (");
}

#[test]
fn a_broken_cr_shows_its_diagnostics_and_the_app_keeps_running() {
    let path = temp_file(
        "broken_t3.cr",
        "NEBULA - Partie ORION - Tour 3\n\
         Joueur : \"Maxtor\":5 (Empereur)\n\
         M_12 (4,5) \"Maxtor:2\" [P=20(40)]=1 MP=3(+1)\n\
         M_13 (12) \"Maxtor:1\" P=#?!\n"
            .as_bytes(),
    );
    let mut harness = app(vec![path]);
    let turn = harness.state().current_turn().map(|t| t.view.turn);
    assert_eq!(turn, Some(Some(3)));
    let diagnostic = harness.get_by_label_contains("broken_t3.cr:4:");
    // Its message, not its code (the code is the severity's tooltip).
    let codes: Vec<String> = harness
        .state()
        .current_turn()
        .map(|t| t.diagnostics().map(|(_, _, d)| d.code.clone()).collect())
        .unwrap_or_default();
    assert!(!codes.is_empty());
    for code in &codes {
        assert!(harness.query_by_label(code).is_none(), "{code} shown");
    }
    diagnostic.click();
    harness.run();
    // The line is shown in the CR text.
    harness.get_by_label_contains("M_13 (12) \"Maxtor:1\" P=#?!");
    // The well-formed world is still listed.
    harness.get_by_label("M_12");
}

#[test]
fn an_unreadable_file_gives_a_notice_and_other_files_still_open() {
    let good = temp_file(
        "good_t4.cr",
        b"NEBULA - Partie ORION - Tour 4\nM_12 (4,5) \"Maxtor:2\" [P=20(40)]=1 MP=3(+1)\n",
    );
    let binary = temp_file("picture.cr", b"\x89PNG\r\n\x1a\n\0\0\0");
    let missing = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("no-such-file.cr");
    let mut harness = app(vec![missing, binary, good]);
    assert_eq!(harness.state().session().turns().len(), 1);
    // The newest notice shows; the other one behind "+1 autre".
    harness.get_by_label_contains("picture.cr n'est pas un fichier texte");
    harness.get_by_label("+1 autre").click();
    harness.run();
    harness.get_by_label_contains("no-such-file.cr");
    harness.get_by_label("M_12");
    assert_eq!(harness.state().notices().len(), 2);
}

#[test]
fn previous_turn_button_and_shortcut_change_the_turn() {
    let mut harness = app(orion());
    harness.get_by_label("<").click();
    harness.run();
    let turn = |h: &Harness<'_, NebutilApp>| h.state().current_turn().and_then(|t| t.view.turn);
    assert_eq!(turn(&harness), Some(6));
    harness.get_by_value("ORION · \"Maxtor\":5 — Tour 6 — demo_t6.cr + NBT");
    harness.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::PageUp);
    harness.run();
    assert_eq!(turn(&harness), Some(5));
    // On turn 5 the foreign fleet's split is hidden (ALI 0): `[?]=5?`.
    harness.get_by_label("M_48").click();
    harness.run();
    harness.get_by_label_contains("F_11 \"TAPIMOKET\" [?]=5?");
}

#[test]
fn f1_opens_the_shortcuts_window() {
    let mut harness = app(orion());
    assert!(harness.query_by_label("Ctrl+O").is_none());
    harness.key_press(egui::Key::F1);
    harness.run();
    harness.get_by_label("Ctrl+O");
    harness.get_by_label("Ctrl+Q");
}

#[test]
fn sorting_by_population_puts_the_largest_first() {
    let mut harness = app(orion());
    let y = |h: &Harness<'_, NebutilApp>, label: &str| h.get_by_label(label).rect().center().y;
    // By number: M_48 above Md_127.
    assert!(y(&harness, "M_48") < y(&harness, "Md_127"));
    harness.get_by_label("P").click();
    harness.run();
    // Ascending population: Md_127 (71) above M_48 (99).
    assert!(y(&harness, "Md_127") < y(&harness, "M_48"));
}

#[test]
fn the_filter_keeps_matching_worlds() {
    let mut harness = app(orion());
    harness.get_by_label("Filtre").focus();
    harness.run();
    harness.get_by_label("Filtre").type_text("256");
    harness.run();
    harness.get_by_label("M_256");
    assert!(harness.query_by_label("M_48").is_none());
}

#[test]
fn a_world_only_named_in_connections_shows_where_it_was_named() {
    let mut harness = app(orion());
    harness.get_by_label("M_123").click();
    harness.run();
    // M_77 is only a number in M_123's connections.
    harness.get_by_label("M_77").click();
    harness.run();
    assert_eq!(harness.state().selection(), Some(Selection::World(77)));
    harness.get_by_label("M_77 n'apparaît pas sur ce tour.");
    harness.get_by_label("Jamais décrit par un CR.");
    harness.get_by_label("Nommé dans les connexions de");
}

#[test]
fn looking_back_at_a_turn_shows_what_was_known_then() {
    let mut harness = app(orion());
    harness.get_by_label("M_123").click();
    harness.run();
    harness.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::PageUp);
    harness.run();
    // Turn 6 describes M_123: its line of turn 6.
    harness.get_by_label_contains("M_123 (127,77,410) \"Miria:6\"");
    harness.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::PageUp);
    harness.run();
    // Turn 5 does not; what was known at turn 5 comes from turn 5 only, not from
    // the later turns also loaded.
    harness.get_by_label("M_123 n'apparaît pas sur ce tour.");
    harness.get_by_label("Jamais décrit par un CR.");
    assert_eq!(harness.state().knowledge().latest_turn(), Some(5));
}

/// eframe's storage, in memory.
#[derive(Default)]
struct MemoryStorage(std::collections::BTreeMap<String, String>);

impl eframe::Storage for MemoryStorage {
    fn get_string(&self, key: &str) -> Option<String> {
        self.0.get(key).cloned()
    }

    fn set_string(&mut self, key: &str, value: String) {
        self.0.insert(key.to_string(), value);
    }

    fn remove_string(&mut self, key: &str) {
        self.0.remove(key);
    }

    fn flush(&mut self) {}
}

#[test]
fn language_theme_and_recent_files_are_saved_in_eframe_storage() {
    let good = temp_file(
        "saved_t4.cr",
        b"NEBULA - Partie ORION - Tour 4\nM_12 (4,5) \"Maxtor:2\" [P=20(40)]=1 MP=3(+1)\n",
    );
    let mut harness = app(vec![good.clone()]);
    harness.get_by_label("Affichage").click();
    harness.run();
    harness.get_by_label("Thème").hover();
    harness.run();
    harness.get_by_label("Sombre").click();
    harness.run();
    let mut storage = MemoryStorage::default();
    eframe::App::save(harness.state_mut(), &mut storage);
    let saved: Option<Settings> = eframe::get_value(&storage, settings::STORAGE_KEY);
    let saved = saved.unwrap_or_default();
    assert_eq!(saved.theme, ThemeChoice::Dark);
    assert_eq!(saved.recent, [good]);
    assert_eq!(saved.lang, nebutil::i18n::Lang::Fr);
}

#[test]
fn a_recent_file_opens_from_the_menu() {
    let path = temp_file(
        "recent_t2.cr",
        b"NEBULA - Partie ORION - Tour 2\nM_31 (4,5) \"Maxtor:1\" [P=20(40)]=1 MP=3(+1)\n",
    );
    let mut harness = app_with(move |_cc| {
        let settings = Settings {
            recent: vec![path],
            ..Settings::default()
        };
        NebutilApp::with_settings(settings, orion())
    });
    assert!(harness.query_by_label("M_31").is_none());
    harness.get_by_label("Fichier").click();
    harness.run();
    harness.get_by_label("Fichiers récents").hover();
    harness.run();
    harness.get_by_label_contains("recent_t2.cr").click();
    harness.run();
    // Turn 2 replaces the three ORION turns (reopening a file is not adding to
    // what is loaded).
    assert_eq!(harness.state().session().turns().len(), 1);
    harness.get_by_label("M_31");
    assert!(harness.query_by_label("Md_127").is_none());
}

#[test]
fn closing_turns_keeps_the_others_then_shows_the_welcome_screen() {
    let mut harness = app(orion());
    harness.get_by_label("<").click();
    harness.run();
    // Close turn 5 (not the current one): turn 6 stays shown.
    harness
        .state_mut()
        .send(nebutil::gui::Command::CloseTurn(0));
    harness.run();
    let turn = |h: &Harness<'_, NebutilApp>| h.state().current_turn().and_then(|t| t.view.turn);
    assert_eq!(turn(&harness), Some(6));
    harness.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::W);
    harness.run();
    assert_eq!(turn(&harness), Some(7));
    harness.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::W);
    harness.run();
    assert!(harness.state().session().is_empty());
    harness.get_by_label("Aucun tour chargé.");
    harness
        .get_by_label("Ouvrir la partie de démonstration")
        .click();
    harness.run();
    // The demo: four turns played by computer players, opened on the last.
    assert_eq!(turn(&harness), Some(5));
}

#[test]
fn with_no_file_the_generated_demo_opens_alive() {
    let harness = app(Vec::new());
    let state = harness.state();
    let turns: Vec<Option<u32>> = state
        .session()
        .turns()
        .iter()
        .map(|t| t.view.turn)
        .collect();
    assert_eq!(turns, [Some(1), Some(2), Some(3), Some(4), Some(5)]);
    harness.get_by_value("LYRA · \"Maxtor\":1 — Tour 5 — lyra_t5.cr + NBT");
    let current = state.current_turn().expect("a current turn");
    assert_eq!(current.diagnostics().count(), 0, "the demo reads cleanly");
    let view = &current.view;
    // A living galaxy: the player owns several worlds and has fleets away from home.
    let mine = view
        .worlds
        .iter()
        .filter(|w| {
            w.owner
                .as_ref()
                .is_some_and(|o| o.name.as_deref() == Some("Maxtor"))
        })
        .count();
    assert!(mine >= 2, "Maxtor owns {mine} worlds");
    assert!(view.fleets.len() >= 5);
}

#[test]
fn the_turn_summary_shows_technologies_spies_and_declarations() {
    let harness = app(orion());
    harness.get_by_label("Déplacement (DEP)");
    harness.get_by_label("4 / 10 UP");
    // The spy ranking replacing the populations statistic.
    harness.get_by_label("Espionnage : moyenne 241, erreur 10 %");
    harness.get_by_label("2. \"Miria\" 331");
    harness.get_by_label("1. joueur inconnu 402");
    // Miria's Jihad against the player, declared on turn 5.
    harness.get_by_label("J:\"Miria\":7(5)");
    // The orders of turn 6, from the NBT.
    harness.get_by_label("F_188 M_304 M_65");
}

/// A file dropped on the window.
#[derive(Debug)]
struct Dropped(PathBuf);

impl egui::DroppedFile for Dropped {
    fn path(&self) -> &std::path::Path {
        &self.0
    }

    fn bytes(&self) -> Result<Vec<u8>, String> {
        std::fs::read(&self.0).map_err(|e| e.to_string())
    }
}

#[test]
fn files_dropped_on_the_window_open() {
    let cr = temp_file(
        "dropped_t8.cr",
        b"NEBULA - Partie ORION - Tour 8\nJoueur : \"Maxtor\":5 (Empereur)\nM_404 (48) \"Maxtor:1\" [P=20(40)]=1 MP=3(+1)\n",
    );
    let mut harness = app(orion());
    harness
        .input_mut()
        .dropped_files
        .push(std::sync::Arc::new(Dropped(cr)));
    harness.run();
    let turn = harness.state().current_turn().and_then(|t| t.view.turn);
    assert_eq!(turn, Some(8));
    harness.get_by_label("M_404");
    assert_eq!(harness.state().session().turns().len(), 4);
}

#[test]
fn drafts_go_to_the_data_folder_given_and_an_app_without_one_saves_none() {
    // Made without a data folder (as every constructor does), the app knows none:
    // only `gui::run` looks for the user's.
    let bare = Harness::builder()
        .with_size(egui::vec2(1400.0, 900.0))
        .build_eframe(|cc| NebutilApp::new(cc, orion()));
    assert_eq!(bare.state().editor().data_dir(), None);
    drop(bare);

    let data = fresh_dir("drafts");
    let given = data.clone();
    let mut harness = Harness::builder()
        .with_size(egui::vec2(1400.0, 900.0))
        .build_eframe(move |cc| NebutilApp::new(cc, orion()).with_data_dir(Some(given)));
    harness.run();
    assert_eq!(harness.state().editor().data_dir(), Some(data.as_path()));
    harness.key_press(egui::Key::F2);
    harness.run();
    harness.get_by_label("Ordres du tour").focus();
    harness.run();
    harness
        .get_by_label("Ordres du tour")
        .type_text("M_48 C 10 VC F_57");
    harness.run();
    let draft = data.join("drafts").join("ORION_5_t7.txt");
    assert_eq!(
        std::fs::read_to_string(&draft).ok().as_deref(),
        Some("M_48 C 10 VC F_57")
    );
}

#[test]
fn with_the_editor_open_on_a_small_window_the_map_keeps_its_room() {
    let mut harness = Harness::builder()
        .with_size(egui::vec2(1280.0, 800.0))
        .build_eframe(|cc| NebutilApp::new(cc, Vec::new()).with_data_dir(Some(fresh_dir("data"))));
    harness.run();
    harness.key_press(egui::Key::F2);
    harness.run();
    harness.run();
    assert!(harness.state().editor().open);
    let map = harness.get_by_label("Carte de la galaxie").rect();
    assert!(
        map.width() >= 300.0,
        "the map is {} points wide",
        map.width()
    );
    // The panels do not overlap: on a small window the turn summary is under
    // the lists, left of the map; the editor right of the map.
    let summary = harness.get_by_label("Cargaison (CAR)").rect();
    let lists = harness.get_by_label("Filtre").rect();
    let editor = harness.get_by_label("Ordres du tour").rect();
    assert!(summary.right() <= map.left(), "{summary:?} over {map:?}");
    assert!(
        summary.top() >= lists.bottom(),
        "{summary:?} over {lists:?}"
    );
    assert!(editor.left() >= map.right(), "{editor:?} over {map:?}");
}

/// The demo opens with its "first steps" band: what the galaxy is, whose eyes,
/// and three buttons that do what they say; × closes it (remembered), Aide ▸
/// Premiers pas shows it again; in English too.
#[test]
fn the_demo_opens_with_first_steps_that_can_be_closed_and_shown_again() {
    let mut harness = app(Vec::new());
    harness.get_by_label("Premiers pas");
    harness.get_by_label_contains("Ceci est une partie de démonstration : la galaxie");
    harness.get_by_label_contains("avec les yeux du joueur 1");
    // 1. Click a world: his start world is selected.
    harness
        .get_by_label_contains("1. Cliquer un monde (Md_")
        .click();
    harness.run();
    assert!(matches!(
        harness.state().selection(),
        Some(Selection::World(_))
    ));
    // 2. Write an order: the editor opens.
    harness.get_by_label("2. Écrire un ordre").click();
    harness.run();
    assert!(harness.state().editor().open);
    harness.get_by_label("Ordres du tour");
    // 3. Preview: the preview window runs.
    harness.get_by_label("3. Prévisualiser le tour").click();
    let _ = harness.try_run();
    assert!(harness.state().preview().open);
    // Let the preview's background runs finish.
    for _ in 0..3000 {
        let _ = harness.try_run();
        if !harness.state().preview().is_running() && harness.state().preview().odds().is_some() {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
    harness.run();
    // Closed, and remembered.
    harness.get_by_label("×").click();
    harness.run();
    assert!(harness.query_by_label("2. Écrire un ordre").is_none());
    assert!(harness.state().settings().first_steps_closed);
    // Shown again from the Help menu.
    harness.get_by_label("Aide").click();
    harness.run();
    harness.get_by_label("Premiers pas").click();
    harness.run();
    harness.get_by_label("2. Écrire un ordre");
    assert!(!harness.state().settings().first_steps_closed);
    // In English.
    harness
        .state_mut()
        .send(nebutil::gui::Command::SetLang(nebutil::i18n::Lang::En));
    harness.run();
    harness.get_by_label_contains("This is a demo game: the galaxy");
    harness.get_by_label("2. Write an order");
}

#[test]
fn at_1024_by_700_every_window_opens_below_the_menus() {
    use nebutil::gui::{Command, WindowId};
    let windows = [
        (WindowId::Shortcuts, "Raccourcis clavier"),
        (WindowId::About, "À propos"),
        (WindowId::Simulator, "Simulateur de combat"),
        (WindowId::Preview, "Prévisualisation"),
        (WindowId::Plots, "Graphiques"),
        (WindowId::Rulings, "Règles appliquées (arbitrages)"),
        (WindowId::OrderLanguage, "Langage des ordres"),
    ];
    for (id, title) in windows {
        let mut harness = egui_kittest::Harness::builder()
            .with_size(egui::vec2(1024.0, 700.0))
            .build_eframe(|cc| NebutilApp::new(cc, orion()).with_data_dir(None));
        harness.run();
        let turn_bar = harness.get_by_label("Tour :").rect();
        harness.state_mut().send(Command::OpenWindow(id));
        harness.run();
        harness.run();
        let titles: Vec<egui::Rect> = harness
            .get_all_by_label_contains(title)
            .map(|node| node.rect())
            .collect();
        assert!(!titles.is_empty(), "{id:?}");
        for rect in titles {
            assert!(
                rect.top() >= turn_bar.bottom(),
                "{id:?}: {rect:?} over {turn_bar:?}"
            );
        }
    }
}

#[test]
fn the_map_toolbar_stays_one_line_beside_the_editor_at_1024_by_700() {
    let mut harness = egui_kittest::Harness::builder()
        .with_size(egui::vec2(1024.0, 700.0))
        .build_eframe(|cc| NebutilApp::new(cc, orion()).with_data_dir(None));
    harness.run();
    harness.key_press(egui::Key::F2);
    harness.run();
    harness.run();
    let fit = harness.get_by_label("Ajuster").rect();
    let legend = harness.get_by_label("Légende").rect();
    assert!(
        (fit.center().y - legend.center().y).abs() < 1.0,
        "{fit:?} {legend:?}"
    );
    for counts in harness.query_all_by_label_contains("connexions") {
        let rect = counts.rect();
        assert!(
            (rect.center().y - fit.center().y).abs() < 1.0,
            "{rect:?} {fit:?}"
        );
    }
    // On a wide window, the counts are on the toolbar.
    let mut wide = egui_kittest::Harness::builder()
        .with_size(egui::vec2(1920.0, 1080.0))
        .build_eframe(|cc| NebutilApp::new(cc, orion()).with_data_dir(None));
    wide.run();
    wide.get_by_label_contains(" connexions");
}

#[test]
fn a_world_s_history_lists_each_report_that_described_it() {
    let mut harness = app(orion());
    let timeline = harness.state().knowledge().world_timeline(48);
    assert!(timeline.len() >= 2, "{timeline:?}");
    harness
        .state_mut()
        .send(nebutil::gui::Command::Select(Some(Selection::World(48))));
    harness.run();
    harness.get_by_label("Historique").click();
    harness.run();
    for row in &timeline {
        assert!(
            harness
                .query_all_by_label(&format!("tour {}", row.turn))
                .next()
                .is_some(),
            "turn {}",
            row.turn
        );
    }
}
