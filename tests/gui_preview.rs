//! The what-if preview of the desktop application, driven through its
//! accessibility tree (egui_kittest): the demo opens, an order is typed in the
//! editor, its diagnostic appears, it is fixed, the preview shows the predicted
//! change, and the export still writes the file.
#![cfg(feature = "gui")]

use std::path::{Path, PathBuf};
use std::time::Duration;

use egui::{Key, Modifiers};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use nebutil::gui::NebutilApp;
use nebutil::resolve::partial::{Field, Item};

fn folder(name: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR"))
        .join("gui_preview")
        .join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap_or_default();
    dir
}

fn app(data: &Path) -> Harness<'static, NebutilApp> {
    let data = data.to_path_buf();
    let mut harness = Harness::builder()
        .with_size(egui::vec2(1600.0, 1000.0))
        .build_eframe(move |cc| NebutilApp::new(cc, Vec::new()).with_data_dir(Some(data)));
    harness.run();
    harness
}

fn retype(harness: &mut Harness<'_, NebutilApp>, text: &str) {
    harness.get_by_label("Ordres du tour").focus();
    harness.run();
    harness.key_press_modifiers(Modifiers::COMMAND, Key::A);
    harness.run();
    harness.get_by_label("Ordres du tour").type_text(text);
    harness.run();
}

/// Runs frames until the preview's background work is done.
fn wait_for_preview(harness: &mut Harness<'_, NebutilApp>) {
    for _ in 0..3000 {
        // The background thread asks for repaints while it works: step freely.
        let _ = harness.try_run();
        if !harness.state().preview().is_running() && harness.state().preview().odds().is_some() {
            harness.run();
            return;
        }
        std::thread::sleep(Duration::from_millis(10));
    }
    panic!("the preview did not finish");
}

#[test]
fn an_order_typed_fixed_then_previewed_shows_the_predicted_change() {
    let data = folder("scenario");
    let mut harness = app(&data);
    harness.key_press(Key::F2);
    harness.run();
    // F_57 is not on Md_127: the validator says so.
    retype(&mut harness, "M_127 C 2 VC F_57");
    assert!(
        !harness.state().editor().diagnostics().is_empty(),
        "no diagnostic for ships built on a fleet elsewhere"
    );
    // Fixed: F_301 is on Md_127 (12 active industries, 12 MP).
    retype(&mut harness, "M_127 C 2 VC F_301");
    assert!(harness.state().editor().diagnostics().is_empty());
    harness.get_by_label("Aucun problème.");

    // Preview: the fleet's VC +2, the world's MP −2, over the Monte-Carlo runs.
    harness.get_by_label("Prévisualiser").click();
    let _ = harness.try_run();
    assert!(harness.state().preview().open);
    wait_for_preview(&mut harness);
    harness.get_by_label("Prévisualisation du tour");
    harness.get_by_label("F_301 · VC : 6 -> 8 (+2)");
    harness.get_by_label_contains("Md_127");
    let preview = harness.state().preview().preview().expect("a preview");
    assert!(preview.voided.is_empty(), "{:?}", preview.voided);
    let mp = preview
        .changes
        .iter()
        .find(|c| c.key.item == Item::World(127) && c.key.field == Field::Mp)
        .expect("Md_127's MP");
    // 2 MP spent on the VC, then the turn's mining (the capacity the world has
    // after the turn: its counter may reach 7 and raise it, G-36).
    let mining = preview
        .next
        .world(127)
        .and_then(|w| w.mining)
        .expect("Md_127's mining");
    assert_eq!(mp.after, Some(12 - 2 + i64::from(mining)), "{mp:?}");
    harness.get_by_label_contains("simulations.");

    // The export still writes the orders.
    harness.get_by_label("Exporter vers un chemin…").click();
    harness.run();
    harness.get_by_label("Chemin du fichier").focus();
    harness.run();
    harness.key_press_modifiers(Modifiers::COMMAND, Key::A);
    harness.run();
    let exported = data.join("ordres_t7.txt");
    harness
        .get_by_label("Chemin du fichier")
        .type_text(&exported.display().to_string());
    harness.run();
    harness.get_by_label("Enregistrer").click();
    harness.run();
    assert_eq!(
        std::fs::read_to_string(&exported).ok().as_deref(),
        Some("M_127 C 2 VC F_301\n")
    );
}

#[test]
fn f5_previews_and_random_growth_shows_its_odds() {
    let data = folder("odds");
    let mut harness = app(&data);
    harness.key_press(Key::F5);
    let _ = harness.try_run();
    wait_for_preview(&mut harness);
    // M_123: 31 people (limit 60) grow by 3.1: +3 or +4, with their odds.
    let rows = harness.state().preview().rows(nebutil::i18n::Lang::Fr);
    let growth = rows
        .iter()
        .find(|r| r.starts_with("M_123 · Population : 31 -> "))
        .unwrap_or_else(|| panic!("no growth row in {rows:?}"));
    assert!(growth.contains(" %"), "{growth}");
    harness.get_by_label(growth);
}

#[test]
fn the_preview_shows_nothing_the_crs_do_not_tell() {
    let data = folder("leak");
    let mut harness = app(&data);
    harness.key_press(Key::F5);
    let _ = harness.try_run();
    wait_for_preview(&mut harness);
    let state = harness.state();
    let preview = state.preview().preview().expect("a preview");
    let knowledge = state.knowledge();
    // Every world and fleet of the predicted CR is one the player's CRs named;
    // foreign fleets seen without ALI keep their cargo hidden.
    for w in &preview.next.worlds {
        assert!(knowledge.world(w.id).is_some(), "M_{} unknown", w.id);
    }
    for f in &preview.next.fleets {
        assert!(knowledge.fleet(f.id).is_some(), "F_{} unknown", f.id);
        if f.owner.as_deref() != Some("Maxtor") {
            assert_eq!(f.cargo, None, "F_{}'s cargo shown", f.id);
        }
    }
    // No player number no CR gave: "Backchiche" etc. are numbered by the CR.
    for p in &preview.next.known_players {
        let known = knowledge
            .known_players
            .get(&p.name)
            .and_then(|k| k.number.as_ref());
        assert_eq!(p.number, known.map(|n| n.value), "{}'s number", p.name);
    }
}
