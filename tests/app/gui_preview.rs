//! The what-if preview of the desktop application, driven through its
//! accessibility tree (egui_kittest): the demo opens, an order is typed in the
//! editor, its diagnostic appears, it is fixed, the preview shows the predicted
//! change, and the export still writes the file.
use std::path::Path;
use std::time::Duration;

use egui::{Key, Modifiers};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use nebutil::gui::NebutilApp;
use nebutil::resolve::partial::{Assumed, Field, HiddenSplit, Item};

use crate::support::app::retype;
use crate::support::fresh_dir::fresh_dir;

fn app(data: &Path) -> Harness<'static, NebutilApp> {
    let data = data.to_path_buf();
    let mut harness = Harness::builder()
        .with_size(egui::vec2(1600.0, 1000.0))
        .build_eframe(move |cc| NebutilApp::new(cc, Vec::new()).with_data_dir(Some(data)));
    harness.run();
    harness
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

/// What the test builds on, taken from the turn the app shows (whatever the demo
/// game is): one of the player's worlds able to build 2 VC, a fleet of his on it,
/// and a fleet elsewhere.
struct Pick {
    world: u32,
    fleet: u32,
    vc: u32,
    mp: u32,
    elsewhere: u32,
}

fn pick(harness: &Harness<'_, NebutilApp>) -> Pick {
    let view = &harness.state().current_turn().expect("a turn").view;
    let me = view.player.as_ref().map(|p| p.name.as_str());
    let mine = |name: &Option<nebutil::model::view::Name>| name.is_some() && name.as_deref() == me;
    for w in &view.worlds {
        let owned = w.owner.as_ref().is_some_and(|o| mine(&o.name));
        if !owned || w.active_industries().unwrap_or(0) < 2 || w.mp().unwrap_or(0) < 2 {
            continue;
        }
        let here = view
            .fleets
            .iter()
            .find(|f| f.world == Some(w.id) && mine(&f.owner) && f.vc.is_some());
        // A fleet not on that world: one seen elsewhere, else a number no
        // fleet of the CR has (the demo may keep every fleet at home).
        let elsewhere = view
            .fleets
            .iter()
            .find(|f| f.world != Some(w.id))
            .map(|f| f.id)
            .unwrap_or_else(|| view.fleets.iter().map(|f| f.id).max().unwrap_or(0) + 1);
        if let Some(f) = here {
            return Pick {
                world: w.id,
                fleet: f.id,
                vc: f.vc.unwrap_or(0),
                mp: w.mp().unwrap_or(0),
                elsewhere,
            };
        }
    }
    panic!("the demo has no world of the player able to build on a fleet");
}

#[test]
fn an_order_typed_fixed_then_previewed_shows_the_predicted_change() {
    let data = fresh_dir("scenario");
    let mut harness = app(&data);
    let p = pick(&harness);
    harness.key_press(Key::F2);
    harness.run();
    // Ships built on a fleet that is not on the world: the validator says so.
    retype(
        &mut harness,
        &format!("M_{} C 2 VC F_{}", p.world, p.elsewhere),
    );
    assert!(
        !harness.state().editor().diagnostics().is_empty(),
        "no diagnostic for ships built on a fleet elsewhere"
    );
    // Fixed: the player's fleet on that world.
    let order = format!("M_{} C 2 VC F_{}", p.world, p.fleet);
    retype(&mut harness, &order);
    assert!(harness.state().editor().diagnostics().is_empty());
    harness.get_by_label("Aucun problème.");

    // Preview: the fleet's VC +2, over the Monte-Carlo runs.
    harness.get_by_label("Prévisualiser").click();
    let _ = harness.try_run();
    assert!(harness.state().preview().open);
    wait_for_preview(&mut harness);
    harness.get_by_label("Prévisualisation du tour");
    harness.get_by_label(&format!(
        "F_{} · VC : {} -> {} (+2)",
        p.fleet,
        p.vc,
        p.vc + 2
    ));
    let preview = harness.state().preview().preview().expect("a preview");
    assert!(preview.voided.is_empty(), "{:?}", preview.voided);
    // 2 MP spent on the VC, then the turn's mining (the capacity the world has
    // after the turn: its counter may reach 7 and raise it, G-36).
    let mining = preview
        .next
        .world(p.world)
        .and_then(|w| w.mining())
        .expect("the world's mining");
    let mp_after = i64::from(p.mp) - 2 + i64::from(mining);
    let mp = preview
        .changes
        .iter()
        .find(|c| c.key.item == Item::World(p.world) && c.key.field == Field::Mp);
    match mp {
        Some(change) => assert_eq!(change.after, Some(mp_after), "{change:?}"),
        None => assert_eq!(mp_after, i64::from(p.mp)),
    }
    harness.get_by_label_contains("simulations.");

    // The export still writes the orders.
    harness.get_by_label("Exporter vers un chemin…").click();
    harness.run();
    harness.get_by_label("Chemin du fichier").focus();
    harness.run();
    harness.key_press_modifiers(Modifiers::COMMAND, Key::A);
    harness.run();
    let exported = data.join("ordres.txt");
    harness
        .get_by_label("Chemin du fichier")
        .type_text(&exported.display().to_string());
    harness.run();
    harness.get_by_label("Enregistrer").click();
    harness.run();
    assert_eq!(
        std::fs::read_to_string(&exported).ok().as_deref(),
        Some(format!("{order}\n").as_str())
    );
}

#[test]
fn f5_previews_and_random_growth_shows_its_odds() {
    let data = fresh_dir("odds");
    let mut harness = app(&data);
    // A world of the player whose growth (10 %) has a fraction and room to grow.
    let view = &harness.state().current_turn().expect("a turn").view;
    let me = view.player.as_ref().map(|p| p.name.clone());
    let (world, people) = view
        .worlds
        .iter()
        .filter(|w| {
            w.owner
                .as_ref()
                .is_some_and(|o| o.name.is_some() && o.name.as_deref() == me.as_deref())
        })
        .filter_map(|w| Some((w.id, w.population()?, w.pop_limit()?, w.growth_rate())))
        .find(|(_, p, limit, rate)| rate.is_none() && p % 10 != 0 && p + p / 10 < *limit)
        .map(|(id, p, _, _)| (id, p))
        .expect("a world of the player with a fractional growth");
    harness.key_press(Key::F5);
    let _ = harness.try_run();
    wait_for_preview(&mut harness);
    let rows = harness.state().preview().rows(nebutil::i18n::Lang::Fr);
    let head = format!("M_{world} · Population : {people} -> ");
    let growth = rows
        .iter()
        .find(|r| r.starts_with(&head))
        .unwrap_or_else(|| panic!("no growth row {head} in {rows:?}"));
    // Two outcomes, +p/10 and one more, each with its odds, readable:
    // "63 -> 69 (70 %) ou 70 (30 %)".
    let low = people + people / 10;
    let percent = |text: &str, value: u32| -> Option<u32> {
        let at = text.find(&format!(" {value} ("))? + format!(" {value} (").len();
        text[at..].split(" %)").next()?.parse().ok()
    };
    let (p_low, p_high) = (percent(growth, low), percent(growth, low + 1));
    assert!(p_low.is_some() && p_high.is_some(), "{growth}");
    assert_eq!(p_low.unwrap_or(0) + p_high.unwrap_or(0), 100, "{growth}");
    assert!(growth.contains(" ou "), "{growth}");
    harness.get_by_label(growth);
}

#[test]
fn the_preview_shows_nothing_the_crs_do_not_tell() {
    let data = fresh_dir("leak");
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

#[test]
fn the_assumptions_are_shown_changed_and_used_again() {
    let data = fresh_dir("assumptions");
    let mut harness = app(&data);
    harness.key_press(Key::F5);
    let _ = harness.try_run();
    wait_for_preview(&mut harness);
    let reverse = |h: &Harness<'_, NebutilApp>| {
        h.state()
            .preview()
            .preview()
            .expect("a preview")
            .assumed
            .iter()
            .any(|a| matches!(a, Assumed::ReverseLinks { .. }))
    };
    assert!(
        reverse(&harness),
        "the demo names worlds only in connection lists"
    );
    harness.get_by_label("Hypothèses").click();
    harness.run();
    // Every assumption used is listed in words.
    harness.get_by_label_contains("connexions supposées dans les deux sens");
    // Scrolled into view first: the window scrolls.
    for label in ["Connexions dans les deux sens", "tout en VT", "Recalculer"] {
        harness.get_by_label(label).scroll_to_me();
        harness.run();
        harness.get_by_label(label).click();
        // "Recalculer" starts the background work: repaints until it is done.
        let _ = harness.try_run();
    }
    let _ = harness.try_run();
    wait_for_preview(&mut harness);
    let assumptions = &harness.state().preview().assumptions;
    assert!(!assumptions.symmetric_links);
    assert_eq!(assumptions.hidden_split, HiddenSplit::AllVt);
    assert!(!reverse(&harness), "the links were still added back");
}

#[test]
fn the_predicted_turn_is_shown_like_a_turn_and_one_click_from_the_real_one() {
    let data = fresh_dir("predicted");
    let mut harness = app(&data);
    let real = harness
        .state()
        .current_turn()
        .and_then(|t| t.view.turn)
        .expect("a turn");
    // Nothing predicted yet: no entry for it.
    assert!(harness.state().prediction().is_none());
    harness.key_press(Key::F5);
    let _ = harness.try_run();
    wait_for_preview(&mut harness);
    harness.run();
    let prediction = harness.state().prediction().expect("a predicted turn");
    // Exactly the preview's predicted CR: what the preview's no-leak tests
    // guarantee holds for it.
    let next = harness.state().preview().preview().map(|p| p.next.clone());
    assert_eq!(Some(&*prediction.turn.view), next.as_ref());
    assert_eq!(prediction.turn.view.turn, Some(real + 1));
    // Random values are marked in the lists ("≈", their odds on hover).
    let uncertain = prediction.uncertain.len();
    assert!(uncertain > 0, "the demo's growth has odds");
    harness.get_by_label("Tour :").click();
    harness.run();
    harness
        .get_by_label_contains(&format!("Tour {} (prévu)", real + 1))
        .click();
    harness.run();
    assert!(harness.state().showing_prediction());
    harness.get_by_label_contains("Prévision : ce tour est celui que l'aperçu prédit");
    assert!(harness.query_all_by_label_contains("≈ ").count() > 0);
    // The inspector marks them too.
    let random_world = prediction_world(&harness);
    let before = harness.query_all_by_label_contains("≈ ").count();
    harness.state_mut().send(nebutil::gui::Command::Select(Some(
        nebutil::gui::Selection::World(random_world),
    )));
    harness.run();
    assert!(harness.query_all_by_label_contains("≈ ").count() > before);
    // The summary is the predicted turn's.
    harness.state_mut().send(nebutil::gui::Command::ShowSummary);
    harness.run();
    harness.get_by_label(&format!("Tour {}", real + 1));
    // One click back.
    harness
        .get_by_label(&format!("Revenir au tour {real}"))
        .click();
    harness.run();
    assert!(!harness.state().showing_prediction());
    harness.get_by_label(&format!("Tour {real}"));
    // ">" from the newest real turn goes to the prediction again.
    harness.get_by_label(">").click();
    harness.run();
    assert!(harness.state().showing_prediction());
}

/// A world of the predicted turn whose population the odds found random.
fn prediction_world(harness: &Harness<'_, NebutilApp>) -> u32 {
    harness
        .state()
        .prediction()
        .and_then(|p| {
            p.uncertain.keys().find_map(|k| match (k.item, k.field) {
                (Item::World(w), Field::Population) => Some(w),
                _ => None,
            })
        })
        .expect("a world whose growth is random")
}

/// An empty fleet of the player alone on a world is lost at the end of the
/// turn (G-94): the preview says why, not only "perdu".
#[test]
fn an_empty_fleet_lost_says_why() {
    let dir = fresh_dir("empty-fleet");
    let cr = dir.join("vide-t5.cr");
    std::fs::write(
        &cr,
        "NEBULA - Partie VIDE - Tour 5
Joueur : \"Maxtor\":5 (Empereur)

Vos niveaux technologiques :
DEplacement : 1 (10)
ATtaque : 1 (10), Votre CA est de : 50
DEfense : 1 (10), Votre CD est de : 100
RADar : 0 (5)
Connaissance des ALIens : 0 (5)
CARgaison : 2 (10)

M_1 (2) \"Maxtor:3\" [I=20]=2 [P=40(60)]=1 MP=25(+2)
M_2 (1) P=3(10) MP=2
  F_2 \"Maxtor\"
",
    )
    .expect("written");
    let data = fresh_dir("empty-fleet-data");
    let mut harness = Harness::builder()
        .with_size(egui::vec2(1600.0, 1000.0))
        .build_eframe(move |cc| NebutilApp::new(cc, vec![cr]).with_data_dir(Some(data)));
    harness.run();
    harness.key_press(Key::F5);
    let _ = harness.try_run();
    wait_for_preview(&mut harness);
    let rows = harness.state().preview().rows(nebutil::i18n::Lang::Fr);
    let lost = rows
        .iter()
        .find(|r| r.starts_with("F_2 · possession"))
        .unwrap_or_else(|| panic!("F_2 not lost: {rows:?}"));
    assert!(
        lost.contains("flotte vide") && lost.contains("G-94"),
        "{lost}"
    );
}
