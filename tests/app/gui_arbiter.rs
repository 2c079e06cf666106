//! The arbiter's view, the plots and the rulings windows, driven through the
//! accessibility tree (egui_kittest). The game folders are made with
//! `game::generate` + `Save` + `game::folder` in temporary folders.
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU32, Ordering};
use std::time::Duration;

use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use nebutil::game::folder;
use nebutil::game::save::Save;
use nebutil::gui::arbiter::{ArbiterCommand, WATCH_INTERVAL};
use nebutil::gui::path_prompt::DialogAnswer;
use nebutil::gui::{Command, NebutilApp, WindowId};
use nebutil::model::PlayerId;

use crate::support::app::write_game;
use crate::support::fresh_dir::fresh_dir;

struct TempDir(PathBuf);

impl TempDir {
    fn new(tag: &str) -> TempDir {
        static COUNTER: AtomicU32 = AtomicU32::new(0);
        let n = COUNTER.fetch_add(1, Ordering::SeqCst);
        let path = PathBuf::from(env!("CARGO_TARGET_TMPDIR"))
            .join(format!("gui-arbiter-{}-{tag}-{n}", std::process::id()));
        let _ = std::fs::remove_dir_all(&path);
        TempDir(path)
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// A new 3-player game written to `dir` as `nebutil game new` writes it.
fn make_game(dir: &Path) -> Save {
    write_game(dir, "KITTEST")
}

fn app(paths: Vec<PathBuf>) -> Harness<'static, NebutilApp> {
    let mut harness = Harness::builder()
        .with_size(egui::vec2(1600.0, 1000.0))
        .build_eframe(move |cc| NebutilApp::new(cc, paths).with_data_dir(Some(fresh_dir("data"))));
    harness.run();
    harness
}

/// Runs frames until the resolution on its background thread is done.
fn wait_for_resolution(harness: &mut Harness<'_, NebutilApp>) {
    for _ in 0..3000 {
        let _ = harness.try_run();
        if !harness.state().arbiter().is_running() {
            harness.run();
            return;
        }
        std::thread::sleep(Duration::from_millis(10));
    }
    panic!("the turn was not resolved");
}

#[test]
fn a_game_folder_lists_its_players_and_shows_a_players_view() {
    let dir = TempDir::new("view");
    make_game(&dir.0);
    let mut harness = app(vec![dir.0.clone()]);
    let game = harness.state().arbiter().game().map(|g| g.players.len());
    assert_eq!(game, Some(3));
    // Named in the players' table (and in the galaxy's lists).
    for name in ["Ardent", "Boreal", "Cyan"] {
        assert!(harness.query_all_by_label(name).count() >= 1, "{name}");
    }
    // No order file yet: every player is ONR.
    assert_eq!(harness.query_all_by_label("ONR").count(), 3);
    // The galaxy is the arbiter's, not a "player 0"'s.
    let selector = harness
        .state()
        .current_turn()
        .map(|t| nebutil::gui::seat_text(&t.view, nebutil::i18n::Lang::Fr));
    assert!(
        selector
            .as_deref()
            .is_some_and(|s| s.ends_with("la galaxie entière (arbitre)") && !s.contains(":0")),
        "{selector:?}"
    );

    harness.get_by_label("Voir comme le joueur 2").click();
    harness.run();
    // His view is not covered by the arbiter's table: it stays docked.
    assert!(harness.state().arbiter().docked, "docked beside it");
    let player = harness
        .state()
        .current_turn()
        .and_then(|t| t.view.player.clone())
        .map(|p| (p.name, p.number));
    assert_eq!(player, Some(("Boreal".to_string(), Some(2))));
    // The status bar names him.
    harness.get_by_label_contains("Joueur \"Boreal\":2");
    assert_eq!(harness.state().session().turns().len(), 1);
    assert_eq!(
        harness.state().current_turn().and_then(|t| t.view.turn),
        Some(1)
    );
}

#[test]
fn resolving_a_turn_writes_the_cli_files_and_shows_the_voided_order() {
    let dir = TempDir::new("resolve");
    let save = make_game(&dir.0);
    let galaxy = &save.galaxy;
    let fleet = galaxy
        .fleets_of(PlayerId(1))
        .next()
        .unwrap_or_else(|| panic!("player 1 has a fleet"));
    let here = fleet.world;
    let far = galaxy
        .worlds
        .values()
        .find(|w| {
            w.id != here
                && galaxy
                    .world(here)
                    .is_some_and(|h| !h.connections.contains(&w.id))
        })
        .map(|w| w.id)
        .unwrap_or_else(|| panic!("a world that is not a neighbour"));
    let orders = format!("BLA BLA\nF_{} M_{far}\n", fleet.id);
    std::fs::write(dir.0.join(folder::orders_file(PlayerId(1), 1)), &orders)
        .unwrap_or_else(|e| panic!("{e}"));

    let mut harness = app(vec![dir.0.join("game.ron")]);
    assert_eq!(harness.query_all_by_label("ONR").count(), 2);
    harness.get_by_label_contains("1 ordre, 1 ligne illisible");
    harness.get_by_label("Résoudre le tour").click();
    harness.run();
    harness.get_by_label("Résoudre").click();
    wait_for_resolution(&mut harness);

    let log = harness
        .state()
        .arbiter()
        .log()
        .map(|l| (l.turn, l.next_turn, l.voided.len(), l.onr.len()));
    assert_eq!(log, Some((1, 2, 1, 2)));
    harness.get_by_label_contains("Ordres annulés (1)");
    // The order as the log prints it (canonical form).
    harness.get_by_label(&format!("F_{} MM {far}", fleet.id));
    harness.get_by_label_contains("orders-001.txt:2");
    // The same files as `nebutil game turn`, byte for byte.
    let mut sent = std::collections::BTreeMap::new();
    sent.insert(
        PlayerId(1),
        folder::sent_from_bytes(PlayerId(1), 1, orders.as_bytes()),
    );
    let expected = folder::resolve(&save, &sent).unwrap_or_else(|e| panic!("{e:?}"));
    for (relative, text) in &expected.files {
        let written = std::fs::read_to_string(dir.0.join(relative)).unwrap_or_default();
        assert!(written == *text, "{} differs", relative.display());
    }
    let game_ron = std::fs::read_to_string(dir.0.join("game.ron")).unwrap_or_default();
    assert_eq!(game_ron, expected.save_text);
    // The view follows the folder: turn 2 now.
    let turn = harness.state().arbiter().game().map(|g| g.save.galaxy.turn);
    assert_eq!(turn, Some(2));

    // Player 1's view now has his two reports: turn 1 from the folder, turn 2.
    harness.get_by_label("Voir comme le joueur 1").click();
    harness.run();
    let turns: Vec<Option<u32>> = harness
        .state()
        .session()
        .turns()
        .iter()
        .map(|t| t.view.turn)
        .collect();
    assert_eq!(turns, [Some(1), Some(2)]);
    let series = nebutil::gui::plots::series(harness.state().knowledge());
    let score_turns: Vec<u32> = series
        .first()
        .map(|s| s.points.iter().map(|(turn, _)| *turn).collect())
        .unwrap_or_default();
    assert_eq!(score_turns, [1, 2]);
}

#[test]
fn resolving_again_over_existing_files_asks_first() {
    let dir = TempDir::new("overwrite");
    make_game(&dir.0);
    // A stale log of turn 1 is in the way.
    let log = dir.0.join(folder::log_file(1));
    std::fs::create_dir_all(log.parent().unwrap_or(&dir.0)).unwrap_or_default();
    std::fs::write(&log, "old").unwrap_or_default();
    let mut harness = app(vec![dir.0.clone()]);
    harness.get_by_label("Résoudre le tour").click();
    harness.run();
    harness.get_by_label("Résoudre").click();
    wait_for_resolution(&mut harness);
    assert_eq!(
        harness
            .state()
            .arbiter()
            .pending_overwrite()
            .map(<[_]>::len),
        Some(1)
    );
    // Nothing written yet.
    assert_eq!(std::fs::read_to_string(&log).unwrap_or_default(), "old");
    assert!(!dir.0.join("saves/game-001.ron").exists());
    harness.get_by_label("Remplacer").click();
    harness.run();
    assert!(std::fs::read_to_string(&log).unwrap_or_default().len() > 3);
    assert!(dir.0.join("saves/game-001.ron").exists());
}

#[test]
fn the_rulings_window_lists_g62_and_the_plots_window_has_a_score_line() {
    let mut harness = app(Vec::new());
    harness.get_by_label("Aide").click();
    harness.run();
    harness.get_by_label_contains("Règles appliquées").click();
    harness.run();
    assert!(harness.state().rulings().open);
    assert!(harness.query_all_by_label("G-62").count() >= 1);

    harness.get_by_label("Affichage").click();
    harness.run();
    harness.get_by_label_contains("Graphiques").click();
    harness.run();
    assert!(harness.state().plots().open);
    let series = nebutil::gui::plots::series(harness.state().knowledge());
    let score = series
        .iter()
        .find(|s| s.key == nebutil::gui::plots::SeriesKey::Score)
        .map(|s| s.points.len());
    // A score point per loaded turn of the demo.
    assert_eq!(score, Some(harness.state().session().turns().len()));
    let turn = harness
        .state()
        .current_turn()
        .and_then(|t| t.view.turn)
        .map_or_else(|| "?".to_string(), |t| t.to_string());
    harness.get_by_label(&format!("Classements espionnés (tour {turn})"));
}

#[test]
fn the_plots_window_exports_the_statistics_as_csv_to_a_typed_path() {
    use egui::{Key, Modifiers};
    use nebutil::i18n::Lang;
    use nebutil::model::series::{self, Separator};

    let mut harness = app(Vec::new());
    harness.get_by_label("Affichage").click();
    harness.run();
    harness.get_by_label_contains("Graphiques").click();
    harness.run();
    assert!(harness.state().plots().open);
    // "point-virgule": for a French spreadsheet.
    harness.get_by_label("point-virgule").click();
    harness.run();
    assert_eq!(harness.state().plots().separator, Separator::Semicolon);
    harness
        .get_by_label("Exporter les statistiques vers un chemin…")
        .click();
    harness.run();
    let path = fresh_dir("plots-csv").join("statistiques.csv");
    harness.get_by_label("Fichier CSV").focus();
    harness.run();
    harness.key_press_modifiers(Modifiers::COMMAND, Key::A);
    harness.run();
    harness
        .get_by_label("Fichier CSV")
        .type_text(&path.display().to_string());
    harness.run();
    harness.get_by_label("Enregistrer le CSV").click();
    harness.run();
    harness.get_by_label_contains("Statistiques exportées vers");
    let written = std::fs::read_to_string(&path).expect("the CSV is written");
    // The table of the player's knowledge, byte for byte.
    let knowledge = harness.state().knowledge();
    assert_eq!(
        written,
        series::to_csv(&series::table(knowledge), Separator::Semicolon, Lang::Fr)
    );
    let body = written.strip_prefix('\u{feff}').expect("a BOM with `;`");
    let lines: Vec<&str> = body.split("\r\n").filter(|l| !l.is_empty()).collect();
    assert!(lines[0].starts_with("Tour;Points;Variation des points;Capacité minière;"));
    // One row a turn: the turn and its score as the CR printed it.
    let scores = knowledge.score_series();
    assert_eq!(lines.len(), 1 + knowledge.turns().len());
    assert!(!scores.is_empty());
    for (turn, score) in scores {
        assert!(
            lines
                .iter()
                .any(|l| l.starts_with(&format!("{turn};{score};"))),
            "turn {turn}: {lines:?}"
        );
    }

    // Again with commas, over the same file: asked first, then replaced.
    harness.get_by_label("virgule").click();
    harness.run();
    harness
        .get_by_label("Exporter les statistiques vers un chemin…")
        .click();
    harness.run();
    harness.get_by_label("Fichier CSV").focus();
    harness.run();
    harness.key_press_modifiers(Modifiers::COMMAND, Key::A);
    harness.run();
    harness
        .get_by_label("Fichier CSV")
        .type_text(&path.display().to_string());
    harness.run();
    harness.get_by_label("Enregistrer le CSV").click();
    harness.run();
    assert!(std::fs::read_to_string(&path).is_ok_and(|t| t.starts_with('\u{feff}')));
    harness.get_by_label("Remplacer").click();
    harness.run();
    let written = std::fs::read_to_string(&path).expect("the CSV is written");
    assert!(written.starts_with("Tour,Points,"), "{written}");
}

/// A CR opened by hand: turn 7 of the ORION fixture (player Maxtor).
fn orion_t7() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/orion/demo_t7.cr")
}

fn loaded_turns(harness: &Harness<'_, NebutilApp>) -> Vec<(Option<String>, Option<u32>)> {
    harness
        .state()
        .session()
        .turns()
        .iter()
        .map(|t| (t.view.player.as_ref().map(|p| p.name.clone()), t.view.turn))
        .collect()
}

#[test]
fn viewing_as_a_player_asks_before_closing_other_turns_and_cancel_keeps_them() {
    let dir = TempDir::new("ask-cancel");
    make_game(&dir.0);
    let mut harness = app(vec![orion_t7(), dir.0.clone()]);
    let before = loaded_turns(&harness);
    // Turn 7, and his earlier turns beside it (5 and 6).
    let maxtor = |turn| (Some("Maxtor".to_string()), Some(turn));
    assert_eq!(before, [maxtor(5), maxtor(6), maxtor(7)]);
    // Opening the game asks before its galaxy replaces the CR: not now.
    harness.get_by_label("Afficher la galaxie de l'arbitre ?");
    harness.get_by_label("Annuler").click();
    harness.run();
    assert_eq!(loaded_turns(&harness), before);
    assert!(!harness.state().shows_galaxy());

    harness.get_by_label("Voir comme le joueur 2").click();
    harness.run();
    // Nothing replaced yet: the question, naming what would be closed.
    assert_eq!(loaded_turns(&harness), before);
    let pending = harness.state().view_as_pending().cloned();
    assert_eq!(
        pending.map(|p| (p.number, p.closed_turns, p.unsaved_orders)),
        Some((2, 3, false))
    );
    harness.get_by_label("Voir comme le joueur 2 ?");
    harness.get_by_label_contains("3 tours chargés seront fermés et remplacés");
    assert!(harness.query_by_label_contains("aucun brouillon").is_none());

    harness.get_by_label("Annuler").click();
    harness.run();
    assert!(harness.state().view_as_pending().is_none());
    assert!(harness.query_by_label("Voir comme le joueur 2 ?").is_none());
    assert_eq!(loaded_turns(&harness), before);
}

#[test]
fn viewing_as_a_player_replaces_the_turns_once_confirmed_and_names_unsaved_orders() {
    let dir = TempDir::new("ask-replace");
    make_game(&dir.0);
    // A CR whose draft cannot be saved (a file stands where the drafts folder
    // goes): the orders typed for it are saved nowhere.
    let anonymous = dir.0.join("anonymous_t3.cr");
    std::fs::write(
        &anonymous,
        "NEBULA - Partie ORION - Tour 3\nM_12 (4,5) \"Maxtor:2\" [P=20(40)]=1 MP=3(+1)\n",
    )
    .unwrap_or_else(|e| panic!("{e}"));
    let data = fresh_dir("blocked-data");
    let blocking = data.join("drafts");
    std::fs::write(&blocking, "").unwrap_or_else(|e| panic!("{e}"));
    let paths = vec![anonymous, dir.0.clone()];
    let mut harness = Harness::builder()
        .with_size(egui::vec2(1600.0, 1000.0))
        .build_eframe(move |cc| NebutilApp::new(cc, paths).with_data_dir(Some(data)));
    harness.run();
    // The galaxy would replace the CR: not now.
    harness.get_by_label("Annuler").click();
    harness.run();
    harness.key_press(egui::Key::F2);
    harness.run();
    harness.get_by_label("Ordres du tour").focus();
    harness.run();
    harness
        .get_by_label("Ordres du tour")
        .type_text("M_12 C 1 I");
    harness.run();
    assert!(harness.state().editor().has_unsaved_text());

    harness.get_by_label("Voir comme le joueur 3").click();
    harness.run();
    let pending = harness.state().view_as_pending().cloned();
    assert_eq!(
        pending.map(|p| (p.closed_turns, p.unsaved_orders)),
        Some((1, true))
    );
    harness.get_by_label_contains("aucun brouillon");
    harness.get_by_label("Remplacer").click();
    harness.run();
    assert!(harness.state().view_as_pending().is_none());
    assert_eq!(
        loaded_turns(&harness),
        [(Some("Cyan".to_string()), Some(1))]
    );
    // The text was not thrown away: it stays in the editor.
    assert_eq!(harness.state().editor().text, "M_12 C 1 I");

    // Drafts can be saved again: the next change saves the text as his draft.
    std::fs::remove_file(&blocking).unwrap_or_else(|e| panic!("{e}"));
    harness.get_by_label("Ordres du tour").focus();
    harness.run();
    harness.get_by_label("Ordres du tour").type_text(" ");
    harness.run();
    assert!(!harness.state().editor().has_unsaved_text());
    // His own files again: nothing would be lost, no question.
    harness.get_by_label("Voir comme le joueur 3").click();
    harness.run();
    assert!(harness.state().view_as_pending().is_none());
    assert_eq!(
        loaded_turns(&harness),
        [(Some("Cyan".to_string()), Some(1))]
    );
}

/// The window drawn on top of the others (the last `Middle` layer).
fn top_window(harness: &Harness<'_, NebutilApp>) -> Option<egui::Id> {
    harness.ctx.memory(|m| {
        m.layer_ids()
            .filter(|l| l.order == egui::Order::Middle)
            .last()
            .map(|l| l.id)
    })
}

#[test]
fn a_window_opened_from_the_menu_comes_in_front_of_the_others() {
    let mut harness = app(Vec::new());
    harness.get_by_label("Affichage").click();
    harness.run();
    harness.get_by_label("Simulateur de combat").click();
    harness.run();
    assert_eq!(
        top_window(&harness),
        Some(egui::Id::unique(nebutil::gui::simulator::WINDOW_ID))
    );
    // Used a moment (a click in it raises it too).
    harness.get_by_label("Exemple du livre").click();
    harness.run();
    harness.get_by_label("Partie").click();
    harness.run();
    harness.get_by_label("Vue arbitre").click();
    harness.run();
    assert_eq!(
        top_window(&harness),
        Some(egui::Id::unique(nebutil::gui::arbiter::WINDOW_ID))
    );
    // The simulator, hidden and shown again (F-key, menu): in front again.
    harness
        .state_mut()
        .send(Command::Toggle(WindowId::Simulator));
    harness.run();
    assert!(!harness.state().simulator().open);
    harness
        .state_mut()
        .send(Command::Toggle(WindowId::Simulator));
    harness.run();
    assert!(harness.state().simulator().open);
    assert_eq!(
        top_window(&harness),
        Some(egui::Id::unique(nebutil::gui::simulator::WINDOW_ID))
    );
}

/// Runs frames until the arbiter's view has looked at the folder again.
fn wait_for_a_look(harness: &mut Harness<'_, NebutilApp>) {
    std::thread::sleep(WATCH_INTERVAL + Duration::from_millis(150));
    harness.run();
}

#[test]
fn the_table_follows_the_order_files_on_disk_without_a_reload() {
    let dir = TempDir::new("watch");
    make_game(&dir.0);
    let mut harness = app(vec![dir.0.clone()]);
    assert_eq!(harness.query_all_by_label("ONR").count(), 3);
    let file = dir.0.join(folder::orders_file(PlayerId(2), 1));

    // A file arrives: read without pressing "Relire les ordres".
    std::fs::write(&file, "BLA BLA\n").unwrap_or_else(|e| panic!("{e}"));
    wait_for_a_look(&mut harness);
    assert_eq!(harness.query_all_by_label("ONR").count(), 2);
    harness.get_by_label_contains("0 ordre, 1 ligne illisible");

    // It changes: read again.
    std::fs::write(&file, "BLA BLA\nBLO BLO\nBLU\n").unwrap_or_else(|e| panic!("{e}"));
    wait_for_a_look(&mut harness);
    harness.get_by_label_contains("0 ordre, 3 lignes illisibles");
    let row = harness
        .state()
        .arbiter()
        .game()
        .and_then(|g| g.players.iter().find(|r| r.number == 2).cloned())
        .map(|r| (r.orders, r.unreadable));
    assert_eq!(row, Some((Some(0), 3)));

    // It goes away: ONR again.
    std::fs::remove_file(&file).unwrap_or_else(|e| panic!("{e}"));
    wait_for_a_look(&mut harness);
    assert_eq!(harness.query_all_by_label("ONR").count(), 3);
}

#[test]
fn resolving_asks_first_with_a_summary_and_cancel_resolves_nothing() {
    let dir = TempDir::new("ask-resolve");
    make_game(&dir.0);
    std::fs::write(
        dir.0.join(folder::orders_file(PlayerId(1), 1)),
        "BLA BLA\nM_1 C 1 I\n",
    )
    .unwrap_or_else(|e| panic!("{e}"));
    let mut harness = app(vec![dir.0.clone()]);
    harness.get_by_label("Résoudre le tour").click();
    harness.run();
    assert!(harness.state().arbiter().confirming_resolve());
    assert!(!harness.state().arbiter().is_running());
    // The summary: who sent orders, who is ONR, per player.
    harness.get_by_label("Résoudre le tour 1 ?");
    harness.get_by_label_contains(
        "1 joueur sur 3 a envoyé ses ordres : 1 ordre lu, 1 ligne illisible",
    );
    harness.get_by_label_contains("2 joueurs sont ONR");
    harness.get_by_label("1 « Ardent »");
    harness.get_by_label("3 « Cyan »");
    // Two ONR in the summary, two in the table behind it.
    assert_eq!(harness.query_all_by_label("ONR").count(), 4);

    harness.get_by_label("Annuler").click();
    harness.run();
    assert!(!harness.state().arbiter().confirming_resolve());
    assert!(harness.query_by_label("Résoudre le tour 1 ?").is_none());
    // Nothing resolved, nothing written.
    std::thread::sleep(Duration::from_millis(100));
    harness.run();
    assert!(!harness.state().arbiter().is_running());
    assert!(harness.state().arbiter().log().is_none());
    assert!(!dir.0.join(folder::kept_save_file(1)).exists());
    assert!(!dir.0.join(folder::log_file(1)).exists());
    let turn = harness.state().arbiter().game().map(|g| g.save.galaxy.turn);
    assert_eq!(turn, Some(1));

    // Escape cancels too.
    harness.get_by_label("Résoudre le tour").click();
    harness.run();
    assert!(harness.state().arbiter().confirming_resolve());
    harness.key_press(egui::Key::Escape);
    harness.run();
    assert!(!harness.state().arbiter().confirming_resolve());
    assert!(!harness.state().arbiter().is_running());
    assert!(!dir.0.join(folder::log_file(1)).exists());
}

#[test]
fn the_resolve_summary_is_in_english_too() {
    let dir = TempDir::new("ask-resolve-en");
    make_game(&dir.0);
    let mut harness = app(vec![dir.0.clone()]);
    harness
        .state_mut()
        .send(Command::SetLang(nebutil::i18n::Lang::En));
    harness.run();
    harness.get_by_label("Resolve the turn").click();
    harness.run();
    harness.get_by_label("Resolve turn 1?");
    harness.get_by_label_contains("0 of 3 players sent orders");
    harness.get_by_label_contains("3 players are ONR");
    // Names quoted as English quotes them, never « ».
    assert!(harness.query_all_by_label("1 “Ardent”").count() > 0);
    assert!(harness.query_all_by_label_contains("« ").next().is_none());
    harness.get_by_label("Cancel").click();
    harness.run();
    assert!(!harness.state().arbiter().confirming_resolve());
}

#[test]
fn opening_a_folder_without_a_portal_falls_back_to_the_path_prompt() {
    let dir = TempDir::new("no-portal");
    make_game(&dir.0);
    let mut harness = app(Vec::new());
    // What the folder dialog answers where there is no desktop portal.
    harness
        .state_mut()
        .send(Command::Arbiter(ArbiterCommand::DialogAnswered(
            DialogAnswer::Unavailable,
        )));
    harness.run();
    assert_eq!(
        harness.state().arbiter().path_prompt(),
        Some(Some("gui-arbiter-no-folder-dialog"))
    );
    // The window says why, and takes the folder's path.
    harness.get_by_label_contains("pas de portail de bureau");
    let field = "Chemin du dossier de la partie ou de la sauvegarde";
    harness.get_by_label(field).focus();
    harness.run();
    harness
        .get_by_label(field)
        .type_text(&dir.0.display().to_string());
    harness.run();
    harness.get_by_label("Ouvrir la partie").click();
    harness.run();
    assert!(harness.state().arbiter().path_prompt().is_none());
    let players = harness.state().arbiter().game().map(|g| g.players.len());
    assert_eq!(players, Some(3));
    harness.get_by_label("Boreal");

    // A cancelled dialog opens nothing.
    harness
        .state_mut()
        .send(Command::Arbiter(ArbiterCommand::DialogAnswered(
            DialogAnswer::Cancelled,
        )));
    harness.run();
    assert!(harness.state().arbiter().path_prompt().is_none());
}

#[test]
fn the_rulings_window_shows_book_sections_and_no_source_path_in_both_languages() {
    let mut harness = app(Vec::new());
    harness.get_by_label("Aide").click();
    harness.run();
    harness.get_by_label_contains("Règles appliquées").click();
    harness.run();
    assert!(harness.state().rulings().open);
    for (lang, section, applies, g62) in [
        (
            nebutil::i18n::Lang::Fr,
            "§ VII.1.2 « Résolution des tirs »",
            "S'applique à : les combats",
            "Un CR décrit les mondes que le joueur possède",
        ),
        (
            nebutil::i18n::Lang::En,
            "§ VII.1.2 “Resolving fire”",
            "Applies to: fights",
            "a CR describes the worlds the player owns",
        ),
    ] {
        harness.state_mut().send(Command::SetLang(lang));
        harness.run();
        harness.get_by_label_contains(g62);
        assert!(harness.query_all_by_label("G-62").count() >= 1);
        assert!(harness.query_all_by_label(section).count() >= 1, "{lang:?}");
        assert!(
            harness.query_all_by_label_contains(applies).count() >= 1,
            "{lang:?}"
        );
        // Every ruling shows its section.
        assert_eq!(
            harness.query_all_by_label_contains("§ ").count(),
            nebutil::rulings::all().len(),
            "{lang:?}"
        );
        for path in ["src/", ".rs:", ".rs "] {
            let leaked: Vec<String> = harness
                .query_all_by_label_contains(path)
                .filter_map(|n| n.accesskit_node().label())
                .collect();
            assert!(leaked.is_empty(), "{lang:?}: {leaked:?}");
        }
    }
}

/// "Résoudre le tour" writes through the same crash-safe commit as `nebutil
/// game turn`: nothing of its work folder is left, and a folder locked by
/// another writer is refused with a message, nothing written.
#[test]
fn resolving_commits_like_the_cli_and_a_locked_folder_is_refused() {
    let dir = TempDir::new("resolve-lock");
    make_game(&dir.0);
    let mut harness = app(vec![dir.0.join("game.ron")]);
    // Another writer holds the folder.
    let lock = nebutil::storage::lock::lock(&dir.0);
    assert!(lock.is_ok());
    harness.get_by_label("Résoudre le tour").click();
    harness.run();
    harness.get_by_label("Résoudre").click();
    wait_for_resolution(&mut harness);
    harness.get_by_label_contains("déjà utilisée par un autre programme");
    assert!(!dir.0.join(folder::kept_save_file(1)).exists());
    assert_eq!(
        Save::from_ron(&std::fs::read_to_string(dir.0.join("game.ron")).unwrap_or_default())
            .map(|s| s.galaxy.turn)
            .ok(),
        Some(1)
    );
    drop(lock);
    harness.get_by_label("Résoudre le tour").click();
    harness.run();
    harness.get_by_label("Résoudre").click();
    wait_for_resolution(&mut harness);
    assert!(dir.0.join(folder::kept_save_file(1)).exists());
    assert!(!dir.0.join(nebutil::storage::turn::WORK_DIR).exists());
}

/// Every file of a folder (relative path, bytes), the lock file left out.
fn folder_bytes(dir: &Path) -> Vec<(String, Vec<u8>)> {
    let mut files = crate::support::cli::folder_files(dir);
    files.retain(|(path, _)| !path.ends_with(".nebutil.lock"));
    files
}

#[test]
fn a_game_folder_shows_the_whole_galaxy_in_the_main_window_with_who_knows_each_world() {
    let dir = TempDir::new("galaxy");
    let save = make_game(&dir.0);
    let mut harness = app(vec![dir.0.clone()]);
    assert!(harness.state().shows_galaxy());
    let view = harness
        .state()
        .current_turn()
        .map(|t| (t.view.worlds.len(), t.view.fleets.len()));
    assert_eq!(
        view,
        Some((save.galaxy.worlds.len(), save.galaxy.fleets.len())),
        "every world and fleet of the save"
    );
    assert_eq!(
        harness.state().window_title(),
        "Arbitre — partie KITTEST, tour 1 sur 20"
    );
    // Who knows a player's start world: at least he does.
    let start = save
        .galaxy
        .worlds
        .values()
        .find(|w| w.start_owner == Some(PlayerId(2)))
        .map(|w| w.id)
        .unwrap_or_else(|| panic!("a start world"));
    harness
        .state_mut()
        .send(Command::Select(Some(nebutil::gui::Selection::World(start))));
    harness.run();
    harness.get_by_label_contains("Connu de : ");
    harness.get_by_label_contains("2 « Boreal »");
    // A player's view, and back to the galaxy.
    harness.get_by_label("Voir comme le joueur 2").click();
    harness.run();
    assert!(!harness.state().shows_galaxy());
    harness.get_by_label("Voir la galaxie").click();
    harness.run();
    assert!(harness.state().shows_galaxy());
}

#[test]
fn undoing_the_last_turn_in_the_app_asks_first_and_gives_the_folder_back() {
    let dir = TempDir::new("undo");
    make_game(&dir.0);
    let before = folder_bytes(&dir.0);
    let mut harness = app(vec![dir.0.clone()]);
    harness.get_by_label("Résoudre le tour").click();
    harness.run();
    harness.get_by_label("Résoudre").click();
    wait_for_resolution(&mut harness);
    harness.run();
    assert_eq!(
        harness.state().current_turn().and_then(|t| t.view.turn),
        Some(2),
        "the galaxy follows the turn"
    );
    harness.get_by_label("Annuler le dernier tour…").click();
    harness.run();
    harness.get_by_label("Annuler le tour 1 ?");
    harness.get_by_label("Garder le tour").click();
    harness.run();
    assert_eq!(
        harness.state().arbiter().game().map(|g| g.save.galaxy.turn),
        Some(2)
    );
    harness.get_by_label("Annuler le dernier tour…").click();
    harness.run();
    harness.get_by_label("Annuler le tour").click();
    harness.run();
    assert_eq!(
        harness.state().arbiter().game().map(|g| g.save.galaxy.turn),
        Some(1)
    );
    harness.get_by_label_contains("la partie est revenue au tour 1");
    assert_eq!(folder_bytes(&dir.0), before, "byte for byte");
    assert_eq!(
        harness.state().current_turn().and_then(|t| t.view.turn),
        Some(1)
    );
}

#[test]
fn a_player_s_orders_open_read_only_with_the_checks_against_his_cr_and_past_logs_and_forms_show() {
    let dir = TempDir::new("orders-read-only");
    make_game(&dir.0);
    std::fs::write(
        dir.0.join(folder::orders_file(PlayerId(2), 1)),
        "# mes ordres\nF_9999 * M\nBLA BLA\n",
    )
    .unwrap_or_else(|e| panic!("{e}"));
    std::fs::create_dir_all(dir.0.join("arbiter")).unwrap_or_else(|e| panic!("{e}"));
    std::fs::write(
        dir.0.join("arbiter/registrations.txt"),
        "Adresse : a@x.org\nClasse : Empereur\nPseudonyme : Ardent\nTour final : 19\n",
    )
    .unwrap_or_else(|e| panic!("{e}"));
    let mut harness = app(vec![dir.0.clone()]);
    harness
        .get_by_label_contains("1 ordre, 1 ligne illisible")
        .click();
    harness.run();
    harness.get_by_label_contains("Ordres du joueur 2 (players/2/orders-001.txt)");
    // The validator against his CR: the unknown fleet, the unreadable line.
    harness.get_by_label_contains("players/2/orders-001.txt:2:");
    harness.get_by_label_contains("players/2/orders-001.txt:3:");
    // Messages, not the command line's codes.
    assert!(
        harness
            .query_all_by_label_contains("error[")
            .next()
            .is_none()
    );
    let shown = harness
        .state()
        .arbiter()
        .shown_orders
        .as_ref()
        .map(|s| (s.player, s.text.clone(), s.diagnostics.len()));
    assert_eq!(
        shown.map(|(p, t, _)| (p, t)),
        Some((2, Some("# mes ordres\nF_9999 * M\nBLA BLA\n".to_string())))
    );
    harness.get_by_label("Fermer").click();
    harness.run();
    assert!(harness.state().arbiter().shown_orders.is_none());
    // Escape closes it too, as every window.
    harness
        .get_by_label_contains("1 ordre, 1 ligne illisible")
        .click();
    harness.run();
    assert!(harness.state().arbiter().shown_orders.is_some());
    harness.key_press(egui::Key::Escape);
    harness.run();
    assert!(harness.state().arbiter().shown_orders.is_none());
    // The forms, the choice given marked (further down the desk).
    harness.get_by_label("Inscriptions").scroll_to_me();
    harness.run();
    harness.get_by_label("Inscriptions").click_accesskit();
    harness.run();
    harness.get_by_label_contains("1. Empereur « Ardent », tour final 19 — choix donné");
    // After a turn: its log can be read again.
    harness.get_by_label("Résoudre le tour").click();
    harness.run();
    harness.get_by_label("Résoudre").click();
    wait_for_resolution(&mut harness);
    harness.get_by_label("tour 1").scroll_to_me();
    harness.run();
    harness.get_by_label("tour 1").click_accesskit();
    harness.run();
    let log = harness
        .state()
        .arbiter()
        .shown_log
        .as_ref()
        .map(|(t, _)| *t);
    assert_eq!(log, Some(1));
}

/// One rule for every window: Escape closes the one in front, then the next.
#[test]
fn escape_closes_the_window_in_front_then_the_next() {
    let mut harness = app(Vec::new());
    for id in [WindowId::Rulings, WindowId::Plots, WindowId::Simulator] {
        harness.state_mut().send(Command::OpenWindow(id));
        harness.run();
    }
    let shown = |harness: &Harness<'_, NebutilApp>| harness.state().windows_shown();
    assert_eq!(
        shown(&harness),
        [WindowId::Simulator, WindowId::Plots, WindowId::Rulings]
    );
    harness.key_press(egui::Key::Escape);
    harness.run();
    assert_eq!(shown(&harness), [WindowId::Plots, WindowId::Rulings]);
    harness.key_press(egui::Key::Escape);
    harness.run();
    assert_eq!(shown(&harness), [WindowId::Rulings]);
    harness.key_press(egui::Key::Escape);
    harness.run();
    assert!(shown(&harness).is_empty());
}
