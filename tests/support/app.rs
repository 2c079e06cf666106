//! The desktop application in a test harness (egui_kittest): built with a fresh
//! data folder, its order editor retyped, a game folder to open.

use std::path::Path;

use egui::{Key, Modifiers};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use nebutil::game::folder;
use nebutil::game::generate::{GeneratorParams, PlayerSetup, generate_seeded};
use nebutil::game::save::Save;
use nebutil::gui::NebutilApp;
use nebutil::model::Class;
use nebutil::rules::Ruleset;

use super::fresh_dir::fresh_dir;

/// The application `make` builds, given a fresh temporary data folder, in a
/// 1400 × 900 window, after its first frame.
pub fn app_with(
    make: impl FnOnce(&eframe::CreationContext<'_>) -> NebutilApp + 'static,
) -> Harness<'static, NebutilApp> {
    app_with_data(fresh_dir("data"), make)
}

/// The application `make` builds with the data folder `data` (a second
/// session of the same player), as [`app_with`].
pub fn app_with_data(
    data: std::path::PathBuf,
    make: impl FnOnce(&eframe::CreationContext<'_>) -> NebutilApp + 'static,
) -> Harness<'static, NebutilApp> {
    let mut harness = Harness::builder()
        .with_size(egui::vec2(1400.0, 900.0))
        .build_eframe(move |cc| make(cc).with_data_dir(Some(data)));
    harness.run();
    harness
}

/// Replaces the whole text of the order editor by typing.
pub fn retype(harness: &mut Harness<'_, NebutilApp>, text: &str) {
    harness.get_by_label("Ordres du tour").focus();
    harness.run();
    harness.key_press_modifiers(Modifiers::COMMAND, Key::A);
    harness.run();
    harness.get_by_label("Ordres du tour").type_text(text);
    harness.run();
}

/// A new 3-player game named `name` (seed 42) written to `dir` as `nebutil game
/// new` writes it.
pub fn write_game(dir: &Path, name: &str) -> Save {
    let players = vec![
        PlayerSetup::new("Ardent", Class::Emperor),
        PlayerSetup::new("Boreal", Class::Merchant),
        PlayerSetup::new("Cyan", Class::Pirate),
    ];
    let ruleset = Ruleset::builtin_2002();
    let galaxy = generate_seeded(&GeneratorParams::new(players), &ruleset, 42)
        .unwrap_or_else(|e| panic!("{e:?}"));
    let save = Save::new(Some(name.into()), ruleset, 42, galaxy);
    for (relative, text) in folder::game_files(&save) {
        let path = dir.join(relative);
        std::fs::create_dir_all(path.parent().unwrap_or(dir)).unwrap_or_default();
        std::fs::write(&path, text).unwrap_or_else(|e| panic!("{e}"));
    }
    save
}
