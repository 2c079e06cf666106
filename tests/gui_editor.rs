//! The order editor of the desktop application, driven through its
//! accessibility tree (egui_kittest): typing, diagnostics, completion, undo,
//! drafts, export. Each test keeps its drafts and exports in its own folder.
#![cfg(feature = "gui")]

use std::path::{Path, PathBuf};

use egui::{Key, Modifiers};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use nebutil::gui::{Command, NebutilApp, Selection};
use nebutil::i18n::Lang;
use nebutil::orders::{explain, parse_order};

#[path = "support/fresh_dir.rs"]
mod fresh_dir_support;
use fresh_dir_support::fresh_dir;
#[path = "support/orion.rs"]
mod orion_fixture;
use orion_fixture::orion;

/// The application on the demo game (or `paths`), its drafts in `data`.
fn app(paths: Vec<PathBuf>, data: &Path) -> Harness<'static, NebutilApp> {
    let data = data.to_path_buf();
    let mut harness = Harness::builder()
        .with_size(egui::vec2(1600.0, 1000.0))
        .build_eframe(move |cc| NebutilApp::new(cc, paths).with_data_dir(Some(data)));
    harness.run();
    harness
}

fn text(harness: &Harness<'_, NebutilApp>) -> String {
    harness.state().editor().text.clone()
}

fn codes(harness: &Harness<'_, NebutilApp>) -> Vec<String> {
    harness
        .state()
        .editor()
        .diagnostics()
        .iter()
        .map(|d| d.code.clone())
        .collect()
}

/// Replaces the whole text of the order editor by typing.
fn retype(harness: &mut Harness<'_, NebutilApp>, text: &str) {
    harness.get_by_label("Ordres du tour").focus();
    harness.run();
    harness.key_press_modifiers(Modifiers::COMMAND, Key::A);
    harness.run();
    harness.get_by_label("Ordres du tour").type_text(text);
    harness.run();
}

/// Types a path into the "export to a path" window and saves.
fn export_to(harness: &mut Harness<'_, NebutilApp>, path: &Path) {
    harness.get_by_label("Exporter vers un chemin…").click();
    harness.run();
    harness.get_by_label("Chemin du fichier").focus();
    harness.run();
    harness.key_press_modifiers(Modifiers::COMMAND, Key::A);
    harness.run();
    harness
        .get_by_label("Chemin du fichier")
        .type_text(&path.display().to_string());
    harness.run();
    harness.get_by_label("Enregistrer").click();
    harness.run();
}

#[test]
fn the_issue_scenario_from_a_world_to_an_exported_order_file() {
    let data = fresh_dir("scenario");
    let mut harness = app(orion(), &data);
    // Demo opens → click a world → the inspector shows it.
    harness.get_by_label("M_48").click();
    harness.run();
    assert_eq!(harness.state().selection(), Some(Selection::World(48)));
    harness.get_by_label_contains("M_48 (127,256,304) \"Maxtor:5\"");
    // F2 shows the editor; an order moving a fleet that is not ours.
    assert!(harness.query_by_label("Ordres du tour").is_none());
    harness.key_press(Key::F2);
    harness.run();
    retype(&mut harness, "F_11 MM 304");
    assert_eq!(text(&harness), "F_11 MM 304");
    // Its diagnostic appears, listed with its position.
    let found = codes(&harness);
    assert!(!found.is_empty(), "no diagnostic for a foreign fleet");
    let diagnostic = harness.state().editor().diagnostics()[0].clone();
    assert_eq!(diagnostic.span.line, 1);
    let message = diagnostic.message(Lang::Fr);
    harness.get_by_label_contains(&format!("1:{}  {message}", diagnostic.span.column));
    // Fix it: our fleet F_57, on M_48, to the connected M_304.
    retype(&mut harness, "F_57 MM 304");
    assert_eq!(codes(&harness), Vec::<String>::new());
    harness.get_by_label("Aucun problème.");
    assert!(
        harness
            .query_by_label_contains(&format!("  {message}"))
            .is_none()
    );
    // Export writes the file.
    let exported = data.join("ordres_t7.txt");
    export_to(&mut harness, &exported);
    assert_eq!(
        std::fs::read_to_string(&exported).ok().as_deref(),
        Some("F_57 MM 304\n")
    );
    harness.get_by_label_contains("Ordres exportés dans");
}

#[test]
fn an_existing_file_is_not_overwritten_without_confirmation() {
    let data = fresh_dir("overwrite");
    let target = data.join("ordres.txt");
    std::fs::write(&target, "ancien\n").unwrap_or_default();
    let mut harness = app(orion(), &data);
    harness.key_press(Key::F2);
    harness.run();
    retype(&mut harness, "F_57 MM 304");
    export_to(&mut harness, &target);
    // Asked, not written.
    harness.get_by_label("Remplacer le fichier ?");
    assert_eq!(
        std::fs::read_to_string(&target).ok().as_deref(),
        Some("ancien\n")
    );
    // Cancelled: still not written.
    harness.get_by_label("Annuler").click();
    harness.run();
    assert!(harness.query_by_label("Remplacer le fichier ?").is_none());
    assert_eq!(
        std::fs::read_to_string(&target).ok().as_deref(),
        Some("ancien\n")
    );
    // Confirmed: written.
    export_to(&mut harness, &target);
    harness.get_by_label("Remplacer").click();
    harness.run();
    assert_eq!(
        std::fs::read_to_string(&target).ok().as_deref(),
        Some("F_57 MM 304\n")
    );
}

#[test]
fn a_draft_is_autosaved_and_a_new_instance_restores_it() {
    let data = fresh_dir("drafts");
    {
        let mut harness = app(orion(), &data);
        harness.key_press(Key::F2);
        harness.run();
        retype(&mut harness, "M_48 C 10 VC F_57");
        let draft = data.join("drafts").join("ORION_5_t7.txt");
        assert_eq!(
            std::fs::read_to_string(draft).ok().as_deref(),
            Some("M_48 C 10 VC F_57")
        );
        // The harness is dropped without any save: as after a crash.
    }
    let harness = app(orion(), &data);
    assert_eq!(text(&harness), "M_48 C 10 VC F_57");
    assert_eq!(
        harness
            .state()
            .editor()
            .checked()
            .file
            .orders
            .first()
            .map(|o| o.kind.to_string()),
        Some("M_48 C 10 VC F_57".to_string())
    );
}

#[test]
fn a_draft_never_replaces_unsaved_text_without_asking() {
    let data = fresh_dir("pending");
    let drafts = data.join("drafts");
    std::fs::create_dir_all(&drafts).unwrap_or_default();
    std::fs::write(drafts.join("LYRA_1_t5.txt"), "F_57 P\n").unwrap_or_default();
    // A CR without its player line: its orders have no draft.
    let cr = data.join("anonymous_t3.cr");
    std::fs::write(
        &cr,
        "NEBULA - Partie ORION - Tour 3\nM_12 (4,5) \"Maxtor:2\" [P=20(40)]=1 MP=3(+1)\n",
    )
    .unwrap_or_default();
    let mut harness = app(vec![cr], &data);
    harness.key_press(Key::F2);
    harness.run();
    retype(&mut harness, "M_12 C 1 I");
    harness.get_by_label_contains("Brouillon non enregistré");
    // The demo's last turn (LYRA, player 1, turn 5) has a draft: the text stays,
    // the editor asks.
    harness.state_mut().send(Command::OpenDemo);
    harness.run();
    assert_eq!(text(&harness), "M_12 C 1 I");
    assert!(harness.state().editor().has_pending_draft());
    harness.get_by_label("Charger le brouillon").click();
    harness.run();
    assert_eq!(text(&harness), "F_57 P\n");
    assert!(!harness.state().editor().has_pending_draft());
}

#[test]
fn orders_from_the_map_are_appended_validated_and_undone() {
    let data = fresh_dir("append");
    let mut harness = app(orion(), &data);
    harness
        .state_mut()
        .send(Command::AppendOrder("F_57 MM 304".into()));
    harness.run();
    // The editor opened with the order, checked.
    assert!(harness.state().editor().open);
    assert_eq!(text(&harness), "F_57 MM 304\n");
    harness.get_by_label("Aucun problème.");
    harness
        .state_mut()
        .send(Command::AppendOrder("F_11 MM 304".into()));
    harness.run();
    assert_eq!(text(&harness), "F_57 MM 304\nF_11 MM 304\n");
    assert!(
        harness
            .state()
            .editor()
            .diagnostics()
            .iter()
            .all(|d| d.span.line == 2)
    );
    assert!(!codes(&harness).is_empty());
    // Undo removes the second order, redo brings it back.
    harness.get_by_label("Défaire").click();
    harness.run();
    assert_eq!(text(&harness), "F_57 MM 304\n");
    harness.get_by_label("Refaire").click();
    harness.run();
    assert_eq!(text(&harness), "F_57 MM 304\nF_11 MM 304\n");
}

#[test]
fn completion_offers_known_worlds_and_tab_accepts() {
    let data = fresh_dir("completion");
    let mut harness = app(orion(), &data);
    harness.key_press(Key::F2);
    harness.run();
    retype(&mut harness, "M_4");
    // The popup lists M_48 with its owner.
    harness.get_by_label_contains("M_48  \"Maxtor\"");
    harness.key_press(Key::Tab);
    harness.run();
    assert_eq!(text(&harness), "M_48");
    assert!(
        harness
            .query_by_label_contains("M_48  \"Maxtor\"")
            .is_none()
    );
    // `P` is a whole order keyword: Enter ends the line, even with `PI` offered.
    harness.get_by_label("Ordres du tour").type_text(" P");
    harness.run();
    harness.get_by_label("PI");
    harness.key_press(Key::Enter);
    harness.run();
    assert_eq!(text(&harness), "M_48 P\n");
    // Chosen with the arrows, Enter accepts.
    harness.get_by_label("Ordres du tour").type_text("F_2");
    harness.run();
    harness.key_press(Key::ArrowDown);
    harness.run();
    harness.key_press(Key::Enter);
    harness.run();
    assert_eq!(text(&harness), "M_48 P\nF_204");
}

#[test]
fn hovering_an_order_explains_it() {
    let data = fresh_dir("hover");
    let mut harness = app(orion(), &data);
    harness
        .state_mut()
        .send(Command::AppendOrder("M_48 C 10 VC F_57".into()));
    harness.run();
    let rect = harness.get_by_label("Ordres du tour").rect();
    harness.hover_at(rect.left_top() + egui::vec2(30.0, 8.0));
    harness.run();
    let kind = parse_order("M_48 C 10 VC F_57");
    let explanation = kind.map(|k| explain(&k, Lang::Fr)).unwrap_or_default();
    assert!(!explanation.is_empty());
    harness.get_by_label(&explanation);
}

#[test]
fn f2_and_the_view_menu_toggle_the_editor() {
    let data = fresh_dir("toggle");
    let mut harness = app(orion(), &data);
    assert!(!harness.state().editor().open);
    harness.key_press(Key::F2);
    harness.run();
    harness.get_by_label("Ordres du tour");
    harness.get_by_label("Affichage").click();
    harness.run();
    // The menu item, with its shortcut.
    harness.get_by_label("Ordres F2").click();
    harness.run();
    assert!(!harness.state().editor().open);
    assert!(harness.query_by_label("Ordres du tour").is_none());
    // Listed in the shortcuts window.
    harness.key_press(Key::F1);
    harness.run();
    harness.get_by_label("F2");
}

/// The text put on the clipboard during the last step, if any.
fn copied(harness: &Harness<'_, NebutilApp>) -> Option<String> {
    harness
        .output()
        .platform_output
        .commands
        .iter()
        .find_map(|c| match c {
            egui::OutputCommand::CopyText(text) => Some(text.clone()),
            _ => None,
        })
}

#[test]
fn the_mail_for_the_arbiter_has_its_subject_and_debut_fin() {
    let data = fresh_dir("mail");
    let mut harness = app(orion(), &data);
    harness
        .state_mut()
        .send(Command::AppendOrder("# tour 7".into()));
    harness
        .state_mut()
        .send(Command::AppendOrder("f57 mm 304 ; vers le sud".into()));
    harness.run();
    harness.get_by_label("Courrier…").click();
    harness.run();
    // Game and player number come from the CR; the password is asked.
    harness.get_by_label_contains("Indiquez la partie");
    harness.get_by_label("Mot de passe").focus();
    harness.run();
    harness.get_by_label("Mot de passe").type_text("toto");
    harness.run();
    harness.get_by_label("ORDRES ORION 5 toto");
    harness.get_by_label("DEBUT\n# tour 7\nF_57 MM 304\nFIN\n");
    harness.get_by_label("Copier le courrier").click();
    harness.step();
    assert_eq!(
        copied(&harness).as_deref(),
        Some("ORDRES ORION 5 toto\nDEBUT\n# tour 7\nF_57 MM 304\nFIN\n")
    );
    // The orders alone go to the clipboard too.
    harness.run();
    harness.get_by_label("Copier").click();
    harness.step();
    assert_eq!(
        copied(&harness).as_deref(),
        Some("# tour 7\nf57 mm 304 ; vers le sud\n")
    );
}

#[test]
fn clicking_a_diagnostic_selects_its_span_in_the_text() {
    let data = fresh_dir("jump");
    let mut harness = app(orion(), &data);
    harness
        .state_mut()
        .send(Command::AppendOrder("F_57 MM 304".into()));
    harness
        .state_mut()
        .send(Command::AppendOrder("F_11 MM 304".into()));
    harness.run();
    let diagnostic = harness.state().editor().diagnostics()[0].clone();
    assert_eq!(diagnostic.span.line, 2);
    let message = diagnostic.message(Lang::Fr);
    harness
        .get_by_label_contains(&format!("2:{}  {message}", diagnostic.span.column))
        .click();
    harness.run();
    let id = nebutil::gui::editor::text_id();
    let range = egui::TextEdit::load_state(&harness.ctx, id)
        .and_then(|s| s.cursor.char_range())
        .map(|r| {
            let (a, b) = (r.primary.index.0, r.secondary.index.0);
            (a.min(b), a.max(b))
        });
    // Line 2 starts at character 12; the span's columns are 1-based.
    let start = 12 + diagnostic.span.column as usize - 1;
    let end = 12 + diagnostic.span.end_column as usize - 1;
    assert_eq!(range, Some((start, end)));
    assert!(harness.get_by_label("Ordres du tour").is_focused());
}

#[test]
fn the_inspectors_order_buttons_append_to_the_draft() {
    let data = fresh_dir("inspector");
    let mut harness = app(orion(), &data);
    harness.get_by_label("M_48").click();
    harness.run();
    harness.get_by_label("M_48 C 1 VC F_57").click();
    harness.run();
    assert!(harness.state().editor().open);
    assert_eq!(text(&harness), "M_48 C 1 VC F_57\n");
    harness.get_by_label("Aucun problème.");
}

#[test]
fn formatting_writes_the_canonical_orders_and_can_be_undone() {
    let data = fresh_dir("format");
    let mut harness = app(orion(), &data);
    harness.key_press(Key::F2);
    harness.run();
    retype(
        &mut harness,
        "# plan\nm48 c 10 vc f57 ; renforts\nf 57 mm 304\nnimporte quoi",
    );
    harness.get_by_label("Mettre en forme").click();
    harness.run();
    assert_eq!(
        text(&harness),
        "# plan\nM_48 C 10 VC F_57 ; renforts\nF_57 MM 304\nnimporte quoi"
    );
    harness.get_by_label("Défaire").click();
    harness.run();
    assert_eq!(
        text(&harness),
        "# plan\nm48 c 10 vc f57 ; renforts\nf 57 mm 304\nnimporte quoi"
    );
}

#[test]
fn the_editor_speaks_english_too() {
    let data = fresh_dir("english");
    let mut harness = app(orion(), &data);
    harness.state_mut().send(Command::SetLang(Lang::En));
    harness
        .state_mut()
        .send(Command::AppendOrder("F_11 MM 304".into()));
    harness.run();
    harness.get_by_label("Orders of the turn");
    harness.get_by_label("Order editor");
    let diagnostic = harness.state().editor().diagnostics()[0].clone();
    harness.get_by_label_contains(&diagnostic.message(Lang::En));
    assert_ne!(diagnostic.message(Lang::En), diagnostic.message(Lang::Fr));
}

#[test]
fn the_path_offered_for_an_export_of_the_demo_can_be_saved_to_as_offered() {
    // The demo's turns have no folder of their own: the data folder's
    // `exports/` is offered, and it does not exist yet.
    let data = fresh_dir("exports");
    let mut harness = app(Vec::new(), &data);
    harness.key_press(Key::F2);
    harness.run();
    retype(&mut harness, "F_3 P");
    harness.get_by_label("Exporter vers un chemin…").click();
    harness.run();
    harness.get_by_label("Enregistrer").click();
    harness.run();
    let exports = data.join("exports");
    let written: Vec<String> = std::fs::read_dir(&exports)
        .map(|dir| {
            dir.filter_map(Result::ok)
                .map(|e| std::fs::read_to_string(e.path()).unwrap_or_default())
                .collect()
        })
        .unwrap_or_default();
    assert_eq!(written.len(), 1, "{}", exports.display());
    assert!(written[0].starts_with("F_3 P"), "{:?}", written[0]);
}
