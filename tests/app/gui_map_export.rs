//! "Exporter la carte" (issue 26): the map of the demo game as an SVG (the
//! legend's owners, the worlds' labels, the draft's orders) and a PNG (the map
//! panel's size times the scale, decoded, not one colour), built directly and
//! through the window driven by its labels (the typed-path route: no file
//! dialog in tests).
use std::path::Path;

use egui::Vec2;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use nebutil::gui::map::draft::DraftLayer;
use nebutil::gui::map::draw::{AnnotationStyle, Palette};
use nebutil::gui::map::export::{
    ExportFormat, ExportOptions, LegendBox, build_scene, encode, file_stem, to_svg,
};
use nebutil::gui::map::layout::OwnerKey;
use nebutil::gui::settings::Settings;
use nebutil::gui::{Command, NebutilApp};
use nebutil::i18n::Lang;

use crate::support::fresh_dir::fresh_dir;
use crate::support::orion::orion;

fn app() -> Harness<'static, NebutilApp> {
    let data = fresh_dir("data");
    let mut harness = Harness::builder()
        .with_size(egui::vec2(1400.0, 900.0))
        .build_eframe(move |_cc| {
            NebutilApp::with_settings(Settings::default(), orion()).with_data_dir(Some(data))
        });
    harness.run();
    harness
}

/// The owners' names of the demo's legend (other players).
fn players(harness: &Harness<'_, NebutilApp>) -> Vec<String> {
    harness
        .state()
        .map()
        .layout()
        .legend
        .iter()
        .filter_map(|e| match &e.owner {
            OwnerKey::Player(name) => Some(name.to_string()),
            _ => None,
        })
        .collect()
}

fn decode(bytes: &[u8]) -> resvg::tiny_skia::Pixmap {
    resvg::tiny_skia::Pixmap::decode_png(bytes).unwrap_or_else(|e| panic!("not a PNG: {e}"))
}

fn not_one_colour(pixmap: &resvg::tiny_skia::Pixmap) -> bool {
    let pixels = pixmap.pixels();
    pixels.iter().any(|p| *p != pixels[0])
}

#[test]
fn the_scene_of_the_demo_makes_an_svg_with_legend_and_labels_and_a_png_of_its_size() {
    let harness = app();
    let map = harness.state().map();
    let layout = map.layout();
    let view = map.view.expect("the map has a view");
    let legend = LegendBox::new(
        "ORION — tour 7".into(),
        &layout.legend,
        Some("Maxtor"),
        Lang::Fr,
    );
    let size = Vec2::new(640.0, 400.0);
    let scene = build_scene(
        layout,
        view,
        size,
        &Palette::new(true),
        &AnnotationStyle::fixed(),
        None,
        &legend,
    )
    .expect("a scene");
    assert!(!scene.shapes.is_empty());
    let svg = to_svg(&scene);
    assert!(svg.starts_with("<?xml version=\"1.0\" encoding=\"UTF-8\"?>"));
    assert!(
        svg.contains("width=\"640\" height=\"400\""),
        "{}",
        &svg[..300]
    );
    assert!(svg.contains("ORION — tour 7"));
    assert!(svg.contains("Maxtor (vous)"));
    for name in players(&harness) {
        assert!(svg.contains(&name), "{name} not in the legend");
    }
    assert!(svg.contains(">M_"), "no world label");
    assert!(svg.contains("font-family="));

    let png = encode(
        &scene,
        &ExportOptions {
            format: ExportFormat::Png,
            scale: 2,
            whole: false,
            with_draft: false,
        },
    )
    .expect("a PNG");
    let pixmap = decode(&png);
    assert_eq!((pixmap.width(), pixmap.height()), (1280, 800));
    assert!(not_one_colour(&pixmap));
}

#[test]
fn the_draft_is_in_the_picture_only_when_asked() {
    let mut harness = app();
    for line in ["F_57 MM 304", "M_48 C 1 VC F_57"] {
        harness.state_mut().send(Command::AppendOrder(line.into()));
    }
    harness.run();
    let app = harness.state();
    let marks = app.draft_marks();
    assert!(!marks.is_empty());
    let map = app.map();
    let view = map.view.expect("the map has a view");
    let draft = DraftLayer {
        placed: marks,
        selected_line: None,
    };
    let scene = |draft: Option<&DraftLayer<'_>>| {
        build_scene(
            map.layout(),
            view,
            Vec2::new(800.0, 600.0),
            &Palette::new(false),
            &AnnotationStyle::fixed(),
            draft,
            &LegendBox::default(),
        )
        .expect("a scene")
    };
    let (without, with) = (scene(None), scene(Some(&draft)));
    assert!(with.shapes.len() > without.shapes.len());
    // The move's step count against DEP ("1/3").
    let counts = |s: &nebutil::gui::map::export::Scene| {
        s.texts.iter().filter(|t| t.text.starts_with("1/")).count()
    };
    assert_eq!(counts(&without), 0);
    assert_eq!(counts(&with), 1, "{:?}", with.texts);
    assert!(to_svg(&with).contains(">1/"));
}

#[test]
fn the_file_name_offered_names_the_game_and_the_turn() {
    assert_eq!(file_stem(Some("ORION"), Some(7)), "carte_ORION_t7");
    assert_eq!(file_stem(Some("a/b c"), None), "carte_abc");
    assert_eq!(file_stem(None, None), "carte");
}

/// In the open export window: types `path` and writes the picture.
fn export_to(harness: &mut Harness<'static, NebutilApp>, path: &Path) {
    harness.get_by_label("Saisir le chemin…").click();
    harness.run();
    harness.get_by_label("Fichier de l'image").focus();
    harness.run();
    harness.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::A);
    harness.run();
    harness
        .get_by_label("Fichier de l'image")
        .type_text(&path.display().to_string());
    harness.run();
    harness.get_by_label("Écrire l'image").click();
    harness.run();
}

#[test]
fn the_export_window_writes_the_map_as_svg_and_png() {
    let mut harness = app();
    let dir = fresh_dir("map-export");
    harness.get_by_label("Fichier").click();
    harness.run();
    harness.get_by_label("Exporter la carte…").click();
    harness.run();
    harness.get_by_label("Exporter la carte");

    // SVG, the whole galaxy, with the draft.
    harness.get_by_label("SVG").click();
    harness.run();
    harness.get_by_label("Toute la galaxie").click();
    harness.run();
    let svg_path = dir.join("carte.svg");
    export_to(&mut harness, &svg_path);
    harness.get_by_label_contains("Carte exportée vers");
    let svg = std::fs::read_to_string(&svg_path).expect("the SVG written");
    assert!(svg.contains("<svg"));
    assert!(svg.contains("Maxtor (vous)"));
    assert!(svg.contains("ORION"), "the heading names the game");
    for name in players(&harness) {
        assert!(svg.contains(&name), "{name} not in the legend");
    }
    assert!(svg.contains(">M_"), "no world label");

    // PNG at the map's size (×1), the view on screen.
    let canvas = harness.get_by_label("Carte de la galaxie").rect();
    harness.get_by_label("PNG").click();
    harness.run();
    harness.get_by_label("×1").click();
    harness.run();
    harness.get_by_label("La vue actuelle").click();
    harness.run();
    let png_path = dir.join("carte.png");
    export_to(&mut harness, &png_path);
    let bytes = std::fs::read(&png_path).expect("the PNG written");
    let pixmap = decode(&bytes);
    assert_eq!(
        (pixmap.width(), pixmap.height()),
        (
            canvas.width().round() as u32,
            canvas.height().round() as u32
        )
    );
    assert!(not_one_colour(&pixmap));
    // ×2: twice as large.
    harness.get_by_label("×2").click();
    harness.run();
    let big = dir.join("carte2.png");
    export_to(&mut harness, &big);
    let pixmap = decode(&std::fs::read(&big).expect("the PNG written"));
    assert_eq!(pixmap.width(), 2 * canvas.width().round() as u32);
}

#[test]
fn an_export_to_a_folder_that_does_not_exist_says_why() {
    let mut harness = app();
    let dir = fresh_dir("map-export-fail");
    harness.get_by_label("Fichier").click();
    harness.run();
    harness.get_by_label("Exporter la carte…").click();
    harness.run();
    harness.get_by_label("SVG").click();
    harness.run();
    let path = dir.join("missing").join("carte.svg");
    export_to(&mut harness, &path);
    harness.get_by_label_contains("Impossible d'exporter la carte vers");
    assert!(!path.exists());
}
