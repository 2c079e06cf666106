//! The app on a big CR (6,400 worlds, 2,100 fleets): the map zoomed out draws
//! dots in one picture (no disc in its mesh, no label), drawn once per view;
//! moving the pointer recomputes neither the map's picture and labels nor the
//! lists; a click on a world leaves "send a fleet here" (a route per fleet)
//! to a background thread, the window going on meanwhile.
use std::fmt::Write as _;
use std::time::{Duration, Instant};

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use nebutil::gui::settings::Settings;
use nebutil::gui::{BACKGROUND_ITEMS, NebutilApp, Selection};

use crate::support::fresh_dir::fresh_dir;

/// Worlds on a side of the square grid.
const SIDE: u32 = 80;

/// A CR of `SIDE`² worlds on a grid, each linked to its right and lower
/// neighbours, and 2,100 fleets (50 of them the player's).
fn big_cr() -> String {
    big_cr_of(SIDE, 2100)
}

/// A CR of `side`² worlds on a grid (each linked to its right and lower
/// neighbours) and `fleets` fleets on every third world, the first 50 the
/// player's.
fn big_cr_of(side: u32, fleets: u32) -> String {
    let mut s = String::from(
        "NEBULA - Partie GRANDE - Tour 12\nJoueur : \"Maxtor\":5 (Empereur)\nPoints : 412 (+64)\n\n",
    );
    let owners = ["Miria", "Backchiche", "TAPIMOKET", "Maxtor"];
    let id = |x: u32, y: u32| (y % side) * side + (x % side) + 1;
    let mut fleet = 0;
    for y in 0..side {
        for x in 0..side {
            let m = id(x, y);
            let owner = owners[m as usize % owners.len()];
            let _ = writeln!(
                s,
                "M_{m} ({},{}) \"{owner}\" I=1 P=21(100) MP=1(+1) [{x},{y}]",
                id(x + 1, y),
                id(x, y + 1),
            );
            if m % 3 == 0 && fleet < fleets {
                fleet += 1;
                let who = if fleet <= 50 { "Maxtor" } else { owner };
                let _ = writeln!(s, "  F_{fleet} \"{who}\" []=2");
            }
        }
    }
    s
}

/// The world at the grid's centre (40, 40), away from the legend.
const CENTRE: u32 = 40 * SIDE + 40 + 1;

/// The menu of "send a fleet here" (its proposals are there).
const SEND_HERE: &str = "Envoyer une flotte ici";

fn big_app() -> Harness<'static, NebutilApp> {
    let mut harness = app_of(&big_cr());
    harness.run();
    harness
}

/// The app opening `cr`, before its first frame.
fn app_of(cr: &str) -> Harness<'static, NebutilApp> {
    let dir = fresh_dir("scale");
    let path = dir.join("big.cr");
    std::fs::write(&path, cr).expect("write the CR");
    let data = dir.join("data");
    Harness::builder()
        .with_size(egui::vec2(1400.0, 900.0))
        .build_eframe(move |_cc| {
            NebutilApp::with_settings(Settings::default(), vec![path]).with_data_dir(Some(data))
        })
}

/// A turn past [`BACKGROUND_ITEMS`] worlds and fleets: its knowledge, threats
/// and map are made beside the window, which shows the turn's header at once
/// with "Lecture des rapports…"; once built they are all shown together. A
/// small turn (the other tests) is merged at once, as before.
#[test]
fn a_big_turn_s_knowledge_is_built_beside_the_window() {
    let side = 150;
    let worlds = (side * side) as usize;
    assert!(worlds >= BACKGROUND_ITEMS);
    let mut harness = app_of(&big_cr_of(side, 3000));
    // Opened: the turn is there, its knowledge is being made.
    assert!(harness.state().current_turn().is_some());
    assert!(harness.state().knowledge_pending());
    assert_eq!(harness.state().knowledge().worlds().count(), 0);
    // A first frame is drawn meanwhile, saying so in the status bar and on
    // the map's toolbar (in place of the counts of the knowledge before).
    harness.step();
    assert_eq!(
        harness.query_all_by_label("Lecture des rapports…").count(),
        2,
        "the status bar and the map say the reports are being read"
    );
    // The threats are not counted yet (not "none").
    harness.get_by_label("Menaces (…)");
    let waited = Instant::now();
    while harness.state().knowledge_pending() {
        assert!(waited.elapsed() < Duration::from_secs(120), "never built");
        std::thread::sleep(Duration::from_millis(20));
        harness.step();
    }
    // In: the knowledge, the threat next turn and the map's layout (made on
    // that thread, not again on the window's).
    assert_eq!(harness.state().knowledge().worlds().count(), worlds);
    assert_eq!(harness.state().knowledge().fleets().count(), 3000);
    assert!(!harness.state().threats().is_empty());
    assert_eq!(harness.state().map().layout().worlds.len(), worlds);
    harness.step();
    assert_eq!(
        harness.query_all_by_label("Lecture des rapports…").count(),
        0
    );
    let threats = harness.state().threats().len();
    harness.get_by_label(&format!("Menaces ({threats})"));
}

/// The whole galaxy in view: dots, no disc tessellated, no label; moving the
/// pointer draws the picture and places the labels no more, and the lists are
/// not sorted again; zoomed in, discs (only those in view) and labels again.
#[test]
fn the_whole_big_galaxy_is_dots_drawn_once_and_zoomed_in_discs_in_view() {
    let mut harness = big_app();
    let worlds = (SIDE * SIDE) as usize;
    assert_eq!(harness.state().map().layout().worlds.len(), worlds);
    harness.get_by_label("Tout").click();
    harness.run();
    let map = harness.state().map();
    let drawn = map.drawn();
    assert!(drawn.dots, "{drawn:?}");
    assert_eq!(drawn.discs, 0);
    assert!(drawn.vertices < 2000, "{drawn:?}");
    assert!(map.annotations().labels.is_empty());
    let (pictures, passes) = (drawn.dot_pictures, map.annotation_passes());
    let sorted = harness.state().lists().rows.passes();
    for i in 0..10 {
        let id = 1 + i * 517;
        let pos = harness
            .state()
            .map()
            .world_screen_pos(id)
            .expect("a world on screen");
        harness.hover_at(pos);
        harness.run();
    }
    let map = harness.state().map();
    assert_eq!(map.drawn().dot_pictures, pictures);
    assert_eq!(map.annotation_passes(), passes);
    assert_eq!(harness.state().lists().rows.passes(), sorted);
    // Zoomed in: discs for the worlds in view only, labels.
    for _ in 0..12 {
        if !harness.state().map().drawn().dots {
            break;
        }
        harness.get_by_label("+").click();
        harness.run();
    }
    let drawn = harness.state().map().drawn();
    assert!(!drawn.dots, "{drawn:?}");
    assert!(drawn.discs > 0 && drawn.discs < worlds / 2, "{drawn:?}");
    // Closer still: room for labels.
    for _ in 0..3 {
        harness.get_by_label("+").click();
        harness.run();
    }
    let map = harness.state().map();
    assert!(map.drawn().discs < drawn.discs, "{:?}", map.drawn());
    assert!(!map.annotations().labels.is_empty());
}

/// A click on a world over thousands of fleets: the inspector shows it at
/// once; "send a fleet here" (a route per fleet) waits for the player to ask,
/// then is computed on a background thread (said while it runs), the window
/// going on, then its proposals come.
#[test]
fn send_a_fleet_here_over_many_fleets_does_not_block_the_window() {
    let mut harness = big_app();
    let pos = harness
        .state()
        .map()
        .world_screen_pos(CENTRE)
        .expect("the centre world on screen");
    harness.hover_at(pos);
    harness.run();
    for pressed in [true, false] {
        harness.event(egui::Event::PointerButton {
            pos,
            button: egui::PointerButton::Primary,
            pressed,
            modifiers: egui::Modifiers::NONE,
        });
        harness.step();
    }
    harness.step();
    harness.step();
    assert_eq!(harness.state().selection(), Some(Selection::World(CENTRE)));
    // Nothing started by the click: the player asks.
    assert!(
        harness
            .query_by_label_contains("Calcul des routes")
            .is_none()
    );
    harness.get_by_label("Envoyer une flotte ici…").click();
    harness.step();
    harness.step();
    harness.get_by_label_contains("Calcul des routes");
    assert!(harness.query_by_label(SEND_HERE).is_none());
    let start = Instant::now();
    while harness
        .query_by_label_contains("Calcul des routes")
        .is_some()
    {
        assert!(
            start.elapsed() < Duration::from_secs(120),
            "the routes never came"
        );
        std::thread::sleep(Duration::from_millis(50));
        harness.step();
    }
    harness.run_ok();
    // The background thread's proposals are there: their menu.
    harness.get_by_label(SEND_HERE);
}
