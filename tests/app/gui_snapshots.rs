//! Image snapshots of the app at three window sizes — 1024×700, 1280×800 and
//! 1920×1080 — for the main screen (the demo), the order editor, the combat
//! simulator and the arbiter's view: nothing cut, no tab bar on two lines,
//! diagnostics wrapped. Rendered with wgpu (GL through Mesa's llvmpipe in CI,
//! `WGPU_BACKEND=gl`); `UPDATE_SNAPSHOTS=1 cargo test --test app gui_snapshots::`
//! writes them again, to look at before committing (`tests/snapshots/gui/`).
//!
//! No path of the machine is drawn: no data folder (drafts not saved), and the
//! arbiter's game folder under a fixed name.

use std::path::{Path, PathBuf};

use crate::support::app::write_game;
use egui_kittest::{Harness, SnapshotOptions};
use nebutil::gui::{Command, NebutilApp, WindowId};

const SMALL: (f32, f32) = (1024.0, 700.0);
const MEDIUM: (f32, f32) = (1280.0, 800.0);
const LARGE: (f32, f32) = (1920.0, 1080.0);

/// One test per screen and size (a test keeps one snapshot of its own).
macro_rules! at_three_sizes {
    ($screen:ident) => {
        mod $screen {
            #[test]
            fn at_1024x700() {
                super::$screen(super::SMALL);
            }
            #[test]
            fn at_1280x800() {
                super::$screen(super::MEDIUM);
            }
            #[test]
            fn at_1920x1080() {
                super::$screen(super::LARGE);
            }
        }
    };
}

fn app(size: (f32, f32), paths: Vec<PathBuf>) -> Harness<'static, NebutilApp> {
    let mut harness = Harness::builder()
        .with_size(egui::vec2(size.0, size.1))
        .wgpu()
        .build_eframe(move |cc| NebutilApp::new(cc, paths).with_data_dir(None));
    harness.run();
    harness
}

fn snapshot(harness: &mut Harness<'_, NebutilApp>, what: &str, size: (f32, f32)) {
    let options = SnapshotOptions::new().output_path("tests/snapshots/gui");
    harness.snapshot_options(format!("{what}_{}x{}", size.0, size.1), &options);
}

fn main_screen(size: (f32, f32)) {
    let mut harness = app(size, Vec::new());
    snapshot(&mut harness, "main", size);
}
at_three_sizes!(main_screen);

fn order_editor(size: (f32, f32)) {
    let mut harness = app(size, Vec::new());
    harness.state_mut().send(Command::ToggleEditor);
    harness.run();
    for line in ["M_26 C 1 I", "F_16 M", "F_99 MM 1 ; une flotte inconnue"] {
        harness.state_mut().send(Command::AppendOrder(line.into()));
    }
    harness.run();
    snapshot(&mut harness, "editor", size);
}
at_three_sizes!(order_editor);

fn plots_window(size: (f32, f32)) {
    let mut harness = app(size, Vec::new());
    harness.state_mut().send(Command::Toggle(WindowId::Plots));
    harness.run();
    harness.run();
    snapshot(&mut harness, "plots", size);
}
at_three_sizes!(plots_window);

fn order_language_window(size: (f32, f32)) {
    let mut harness = app(size, Vec::new());
    harness
        .state_mut()
        .send(Command::ShowOrderForms("M_26 C 10".into()));
    harness.run();
    harness.run();
    snapshot(&mut harness, "order_language", size);
}
at_three_sizes!(order_language_window);

fn combat_window(size: (f32, f32)) {
    let mut harness = app(size, Vec::new());
    harness
        .state_mut()
        .send(Command::Toggle(WindowId::Simulator));
    harness.run();
    snapshot(&mut harness, "combat", size);
}
at_three_sizes!(combat_window);

/// A 3-player game written under a fixed folder name (its path is shown).
fn game_folder(size: (f32, f32)) -> PathBuf {
    // The same path on every machine: the view shows it.
    let dir = Path::new("/tmp/nebutil-snapshots").join(format!("game-{}", size.0));
    let _ = std::fs::remove_dir_all(&dir);
    write_game(&dir, "INSTANTANE");
    dir
}

fn arbiter_view(size: (f32, f32)) {
    let dir = game_folder(size);
    let mut harness = app(size, vec![dir.join("game.ron")]);
    snapshot(&mut harness, "arbiter", size);
}
at_three_sizes!(arbiter_view);
