//! The order editor of the desktop application, driven through its
//! accessibility tree (egui_kittest): typing, diagnostics, completion, undo,
//! drafts, export. Each test keeps its drafts and exports in its own folder.
use std::path::{Path, PathBuf};

use egui::{Key, Modifiers};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use nebutil::gui::{Command, NebutilApp, Selection, WindowId};
use nebutil::i18n::Lang;
use nebutil::orders::{explain, parse_order};

use crate::support::app::retype;
use crate::support::fresh_dir::fresh_dir;
use crate::support::orion::orion;

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

/// Types a path into the "export to a path" window and saves.
fn export_to(harness: &mut Harness<'_, NebutilApp>, path: &Path) {
    harness.get_by_label("Exporter vers un chemin…").click();
    harness.run();
    save_to_path(harness, path);
}

/// Exports orders that have errors: the question answered "export anyway",
/// then the path typed and saved.
fn export_anyway_to(harness: &mut Harness<'_, NebutilApp>, path: &Path) {
    harness.get_by_label("Exporter vers un chemin…").click();
    harness.run();
    harness.get_by_label("Exporter quand même").click();
    harness.run();
    save_to_path(harness, path);
}

/// In the open "export to a path" window: replaces the path and saves.
fn save_to_path(harness: &mut Harness<'_, NebutilApp>, path: &Path) {
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
fn the_orders_print_as_an_html_page_with_the_game_turn_and_player() {
    let data = fresh_dir("print");
    let mut harness = app(orion(), &data);
    harness.key_press(Key::F2);
    harness.run();
    retype(&mut harness, "F_57 MM 304 ; <vite> & \"bien\"");
    harness.get_by_label("Imprimer").click();
    harness.run();
    harness.get_by_label("Impression vers un chemin…").click();
    harness.run();
    let page = data.join("ordres_t7.html");
    harness.get_by_label("Chemin du fichier").focus();
    harness.run();
    harness.key_press_modifiers(Modifiers::COMMAND, Key::A);
    harness.run();
    harness
        .get_by_label("Chemin du fichier")
        .type_text(&page.display().to_string());
    harness.run();
    harness.get_by_label("Enregistrer en HTML").click();
    harness.run();
    harness.get_by_label_contains("Ordres pour impression exportés dans");
    let html = std::fs::read_to_string(&page).expect("the page is written");
    let view = harness
        .state()
        .current_turn()
        .map(|t| t.view.clone())
        .expect("a turn");
    let game = view.game.clone().expect("the demo's game");
    let player = view.player.clone().expect("the demo's player");
    assert!(html.starts_with("<!DOCTYPE html>"), "{html}");
    assert!(
        html.contains(&format!("<th>Partie</th><td>{game}</td>")),
        "{html}"
    );
    assert!(
        html.contains(&format!(
            "<th>Tour</th><td>{}</td>",
            view.turn.unwrap_or_default()
        )),
        "{html}"
    );
    assert!(html.contains(&player.name), "{html}");
    assert!(
        html.contains("<pre>F_57 MM 304 ; &lt;vite&gt; &amp; &quot;bien&quot;\n</pre>"),
        "{html}"
    );
}

#[test]
fn the_cr_prints_as_text_under_the_same_header_from_its_text_tab() {
    let data = fresh_dir("print-cr");
    let mut harness = app(orion(), &data);
    harness
        .state_mut()
        .send(Command::ShowSource(nebutil::gui::session::FileRole::Cr));
    harness.run();
    harness.get_by_label("Imprimer le compte rendu").click();
    harness.run();
    harness.get_by_label("Impression vers un chemin…").click();
    harness.run();
    let out = data.join("cr_t7.txt");
    harness.get_by_label("Fichier à écrire").focus();
    harness.run();
    harness.key_press_modifiers(Modifiers::COMMAND, Key::A);
    harness.run();
    harness
        .get_by_label("Fichier à écrire")
        .type_text(&out.display().to_string());
    harness.run();
    harness.get_by_label("Enregistrer en texte").click();
    harness.run();
    harness.get_by_label_contains("Compte rendu pour impression exporté vers");
    let printed = std::fs::read_to_string(&out).expect("the text is written");
    let turn = harness.state().current_turn().expect("a turn");
    let game = turn.view.game.clone().expect("the demo's game");
    let lines: Vec<&str> = printed.lines().collect();
    assert_eq!(lines[0], "Compte rendu");
    assert_eq!(lines[1], format!("Partie : {game}"));
    assert_eq!(
        lines[2],
        format!("Tour : {}", turn.view.turn.unwrap_or_default())
    );
    // The CR's text follows, line for line.
    let cr = turn.cr.text.replace("\r\n", "\n");
    assert!(printed.contains(cr.trim_end()), "{printed}");
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
fn a_cr_without_player_line_has_its_draft_too() {
    let data = fresh_dir("pending");
    let drafts = data.join("drafts");
    std::fs::create_dir_all(&drafts).unwrap_or_default();
    std::fs::write(drafts.join("LYRA_1_t5.txt"), "F_57 P\n").unwrap_or_default();
    // A CR without its player line: its orders still have a draft (player `_`).
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
    harness.get_by_label_contains("Brouillon enregistré automatiquement");
    assert_eq!(
        std::fs::read_to_string(drafts.join("ORION___t3.txt"))
            .ok()
            .as_deref(),
        Some("M_12 C 1 I")
    );
    // The demo's last turn (LYRA, player 1, turn 5) has a draft: the text is
    // saved, so the turn's draft is shown at once.
    harness.state_mut().send(Command::OpenDemo);
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
    // Listed in the shortcuts window, with F5 (one table for the menus, the
    // help and the keys) and Escape, which closes it.
    harness.key_press(Key::F1);
    harness.run();
    harness.get_by_label("F2");
    harness.get_by_label("F5");
    harness.get_by_label("Prévisualiser le tour");
    harness.get_by_label("Échap");
    harness.key_press(Key::Escape);
    harness.run();
    assert!(harness.query_by_label("F5").is_none());
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
    // The body is the order file line for line, as typed.
    harness.get_by_label("DEBUT\n# tour 7\nf57 mm 304 ; vers le sud\nFIN\n");
    harness.get_by_label("Copier le courrier").click();
    harness.step();
    assert_eq!(
        copied(&harness).as_deref(),
        Some("ORDRES ORION 5 toto\nDEBUT\n# tour 7\nf57 mm 304 ; vers le sud\nFIN\n")
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
    // The constructions menu: VC on F_57 with the UP M_48 has (its active industries).
    harness.get_by_label("Construire").click();
    harness.run();
    harness.get_by_label_contains("VC sur F_57").click();
    harness.run();
    assert!(harness.state().editor().open);
    let written = text(&harness);
    assert!(
        written.starts_with("M_48 C ") && written.ends_with(" VC F_57\n"),
        "{written}"
    );
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

/// Orders with an error ask before they leave the editor: the counts, the first
/// lines, "back to the editor" (nothing written) or "export anyway".
#[test]
fn exporting_orders_with_errors_asks_first() {
    let data = fresh_dir("errors-ask");
    let target = data.join("mine.txt");
    let mut harness = app(orion(), &data);
    // F_11 is TAPIMOKET's fleet: an error.
    harness
        .state_mut()
        .send(Command::AppendOrder("F_57 MM 304".into()));
    harness
        .state_mut()
        .send(Command::AppendOrder("F_11 MM 304".into()));
    harness.run();
    let errors = harness
        .state()
        .editor()
        .diagnostics()
        .iter()
        .filter(|d| d.severity == nebutil::diagnostic::Severity::Error)
        .count();
    assert_eq!(errors, 1);
    harness.get_by_label("Exporter vers un chemin…").click();
    harness.run();
    harness.get_by_label("Ces ordres contiennent des erreurs");
    harness.get_by_label_contains("1 erreur et");
    harness.get_by_label_contains("ligne 2 : ");
    assert!(harness.query_by_label("Chemin du fichier").is_none());
    harness.get_by_label("Revenir à l'éditeur").click();
    harness.run();
    assert!(
        harness
            .query_by_label("Ces ordres contiennent des erreurs")
            .is_none()
    );
    assert!(harness.query_by_label("Chemin du fichier").is_none());
    // The clipboard asks too; Escape is "back to the editor".
    harness.get_by_label("Copier").click();
    harness.run();
    harness.get_by_label("Copier quand même");
    harness.key_press(Key::Escape);
    harness.run();
    assert!(harness.query_by_label("Copier quand même").is_none());
    assert_eq!(copied(&harness), None);
    // Export anyway: the file holds every line, the faulty one included.
    export_anyway_to(&mut harness, &target);
    assert_eq!(
        std::fs::read_to_string(&target).ok().as_deref(),
        Some("F_57 MM 304\nF_11 MM 304\n")
    );
}

/// The order file, the clipboard and the mail's body carry the same bytes: the
/// text as typed, comments and faulty lines included.
#[test]
fn the_file_the_clipboard_and_the_mail_carry_the_same_orders() {
    let data = fresh_dir("same-bytes");
    let target = data.join("orders.txt");
    let mut harness = app(orion(), &data);
    for line in [
        "# tour 7",
        "f57 mm 304 ; vers le sud",
        "F_11 MM 304",
        "M_48 C 2 VC F_57",
    ] {
        harness.state_mut().send(Command::AppendOrder(line.into()));
    }
    harness.run();
    // The file.
    export_anyway_to(&mut harness, &target);
    let file = std::fs::read_to_string(&target).unwrap_or_default();
    assert_eq!(
        file,
        "# tour 7\nf57 mm 304 ; vers le sud\nF_11 MM 304\nM_48 C 2 VC F_57\n"
    );
    // The clipboard.
    harness.get_by_label("Copier").click();
    harness.run();
    harness.get_by_label("Copier quand même").click();
    harness.step();
    assert_eq!(copied(&harness).as_deref(), Some(file.as_str()));
    harness.run();
    // The mail: subject, then DEBUT, the same lines, FIN.
    harness.get_by_label("Courrier…").click();
    harness.run();
    harness.get_by_label("Mot de passe").focus();
    harness.run();
    harness.get_by_label("Mot de passe").type_text("toto");
    harness.run();
    harness.get_by_label("Copier le courrier").click();
    harness.run();
    harness.get_by_label("Copier quand même").click();
    harness.step();
    assert_eq!(
        copied(&harness),
        Some(format!("ORDRES ORION 5 toto\nDEBUT\n{file}FIN\n"))
    );
}

/// A CR of a game folder (`players/<n>/turn-TTT.cr`, as `nebutil game new`
/// writes it): the export offered is the order file `nebutil game turn` reads.
#[test]
fn a_cr_of_a_game_folder_is_exported_where_the_arbiter_reads() {
    use nebutil::game::folder;
    use nebutil::game::generate::{GeneratorParams, PlayerSetup, generate_seeded};
    use nebutil::game::save::Save;
    use nebutil::model::{Class, PlayerId};
    use nebutil::rules::Ruleset;

    let data = fresh_dir("game-folder-data");
    let game = fresh_dir("game-folder");
    let ruleset = Ruleset::builtin_2002();
    let players = vec![
        PlayerSetup::new("Ardent", Class::Emperor),
        PlayerSetup::new("Boreal", Class::Merchant),
    ];
    let galaxy = generate_seeded(&GeneratorParams::new(players), &ruleset, 7)
        .unwrap_or_else(|e| panic!("{e:?}"));
    // A game created without a name.
    let save = Save::new(None, ruleset, 7, galaxy);
    for (relative, text) in folder::game_files(&save) {
        let path = game.join(relative);
        std::fs::create_dir_all(path.parent().unwrap_or(&game)).unwrap_or_default();
        std::fs::write(&path, text).unwrap_or_else(|e| panic!("{e}"));
    }
    let me = PlayerId(1);
    let cr = game.join(folder::cr_file(me, 1));
    let mut harness = app(vec![cr, game.join(folder::nbt_file(me, 1))], &data);
    let expected = game.join(folder::orders_file(me, 1));
    assert_eq!(
        harness
            .state()
            .editor()
            .default_export_path(nebutil::gui::editor::Export::Orders),
        expected
    );
    // A draft although the game has no name: under the game folder's name.
    let key = harness.state().editor().draft_key().cloned();
    assert_eq!(
        key.map(|k| k.file_name()),
        Some(format!(
            "{}_1_t1.txt",
            game.file_name()
                .map(|n| n.to_string_lossy().replace('.', "_"))
                .unwrap_or_default()
        ))
    );
    harness
        .state_mut()
        .send(Command::AppendOrder("# mes ordres".into()));
    harness.run();
    // The path offered is the arbiter's: save it as offered.
    harness.get_by_label("Exporter vers un chemin…").click();
    harness.run();
    harness.get_by_label("Enregistrer").click();
    harness.run();
    assert_eq!(
        std::fs::read_to_string(&expected).ok().as_deref(),
        Some("# mes ordres\n")
    );
    // `nebutil game turn` reads it: player 1 is not ONR.
    let sent =
        folder::read_sent(&save, |relative| std::fs::read(game.join(relative))).unwrap_or_default();
    assert!(sent.contains_key(&me));
}

/// With the order editor focused and the mouse still, nothing asks for another
/// frame: the window is not redrawn while nothing changes. A blinking text
/// cursor would redraw the whole window twice a second (measured: a quarter of
/// a core on the demo with the editor focused); the cursor is steady, in both
/// themes, and the last frame asks for no other.
#[test]
fn an_idle_editor_asks_for_no_frame() {
    let data = fresh_dir("idle");
    let mut harness = app(orion(), &data);
    harness.input_mut().focused = true;
    harness.key_press(Key::F2);
    harness.run();
    harness.get_by_label("Ordres du tour").focus();
    harness.run();
    harness.get_by_label("Ordres du tour").type_text("F_57 P");
    harness.run();
    assert!(harness.state().editor().text.contains("F_57 P"));
    for theme in [egui::Theme::Light, egui::Theme::Dark] {
        assert!(!harness.ctx.style_of(theme).visuals.text_cursor.blink);
    }
    for _ in 0..3 {
        harness.step();
    }
    let delay = harness
        .output()
        .viewport_output
        .get(&egui::ViewportId::ROOT)
        .map(|v| v.repaint_delay);
    assert_eq!(
        delay,
        Some(std::time::Duration::MAX),
        "{:?}",
        harness.ctx.repaint_causes()
    );
}

#[test]
fn the_order_language_opens_from_the_help_menu_and_finds_research() {
    let data = fresh_dir("order-language");
    let mut harness = app(orion(), &data);
    harness.get_by_label("Aide").click();
    harness.run();
    harness.get_by_label_contains("Langage des ordres").click();
    harness.run();
    assert!(
        harness
            .state()
            .windows_shown()
            .contains(&WindowId::OrderLanguage)
    );
    harness.get_by_label("Rechercher :").focus();
    harness
        .get_by_label("Rechercher :")
        .type_text("recherche déplacement");
    harness.run();
    harness.get_by_label("M_m C x DEP");
    harness.get_by_label("M_65 C 1 DEP");
    assert!(harness.query_by_label("M_m C x VC F_f").is_none());
    // Escape closes it, as every window.
    harness.key_press(Key::Escape);
    harness.run();
    assert!(
        !harness
            .state()
            .windows_shown()
            .contains(&WindowId::OrderLanguage)
    );
}

#[test]
fn a_diagnostic_and_the_completion_open_the_forms_of_their_line() {
    let data = fresh_dir("order-forms");
    let mut harness = app(orion(), &data);
    harness
        .state_mut()
        .send(Command::AppendOrder("M_48 C 10 Q".into()));
    harness.run();
    assert!(!codes(&harness).is_empty());
    harness
        .get_by_label("Ouvre le langage des ordres sur les formes que cette ligne peut prendre")
        .click();
    harness.run();
    // The reference opens on the line: the forms "M_48 C 10 …" may become.
    assert!(
        harness
            .state()
            .windows_shown()
            .contains(&WindowId::OrderLanguage)
    );
    harness.get_by_label("M_m C x DEP");
    harness.get_by_label("M_m C x VC F_f");
    assert!(harness.query_by_label("F_f * F_g").is_none());
    harness.key_press(Key::Escape);
    harness.run();
    // The completion shows the forms of the line being written, and links to them.
    harness.key_press(Key::F2);
    harness.run();
    harness.key_press(Key::F2);
    harness.run();
    retype(&mut harness, "F_57 D");
    harness.get_by_label("F_f D (x) MP");
    harness.get_by_label("Les 6 formes possibles…").click();
    harness.run();
    assert!(
        harness
            .state()
            .windows_shown()
            .contains(&WindowId::OrderLanguage)
    );
    harness.get_by_label("F_f D (x) R");
}

#[test]
fn a_suggestion_clicked_with_the_mouse_is_written() {
    let data = fresh_dir("completion-click");
    let mut harness = app(orion(), &data);
    harness.key_press(Key::F2);
    harness.run();
    retype(&mut harness, "M_4");
    harness.get_by_label_contains("M_48  \"Maxtor\"").click();
    harness.run();
    assert_eq!(text(&harness), "M_48");
    assert!(harness.get_by_label("Ordres du tour").is_focused());
}

#[test]
fn the_orders_check_grows_to_show_its_messages_at_1280_by_800() {
    let data = fresh_dir("check-room");
    let data_dir = data.clone();
    let mut harness = Harness::builder()
        .with_size(egui::vec2(1280.0, 800.0))
        .build_eframe(move |cc| NebutilApp::new(cc, orion()).with_data_dir(Some(data_dir)));
    harness.run();
    harness.key_press(Key::F2);
    harness.run();
    for order in [
        "F_11 MM 304",
        "M_1 C 5 VI",
        "M_2 C 5 VI",
        "M_3 C 5 VI",
        "M_4 C 5 VI",
    ] {
        harness.state_mut().send(Command::AppendOrder(order.into()));
    }
    harness.run();
    harness.run();
    let diagnostics = harness.state().editor().diagnostics().to_vec();
    assert!(diagnostics.len() >= 5, "{diagnostics:?}");
    let title = harness
        .get_by_label_contains("Vérification des ordres")
        .rect();
    for diagnostic in diagnostics.iter().take(5) {
        let message = diagnostic.message(Lang::Fr);
        let rect = harness
            .get_by_label_contains(&format!(
                "{}:{}  {message}",
                diagnostic.span.line, diagnostic.span.column
            ))
            .rect();
        assert!(
            rect.top() > title.bottom() && rect.bottom() <= 800.0,
            "{rect:?} {message}"
        );
    }
}

#[test]
fn enter_typed_in_the_same_frame_as_a_letter_ends_the_line() {
    let data = fresh_dir("completion-fast");
    let mut harness = app(orion(), &data);
    harness.key_press(Key::F2);
    harness.run();
    retype(&mut harness, "M_48 C 1 DE");
    // The popup offers DEP and DEF for "DE"; a fast typist's "P" and Enter
    // arrive in one frame.
    harness.get_by_label("DEP");
    let input = harness.input_mut();
    input.events.push(egui::Event::Text("P".into()));
    for pressed in [true, false] {
        input.events.push(egui::Event::Key {
            key: Key::Enter,
            physical_key: None,
            pressed,
            repeat: false,
            modifiers: Modifiers::NONE,
        });
    }
    harness.step();
    harness.run();
    harness.get_by_label("Ordres du tour").type_text("M_99");
    harness.run();
    assert_eq!(text(&harness), "M_48 C 1 DEP\nM_99");
}
