//! The desktop application (eframe/egui): a player opens his turn reports (CR and
//! `.NBT`), browses his worlds and fleets on the map and in lists, sees what the
//! reader understood, writes his orders and previews the turn; an arbiter
//! resolves his game.
//!
//! # Shape
//!
//! - [`NebutilApp`] (`app/`) owns the state (`app/mod.rs`) and is the only
//!   place that changes it. Every panel and window draws from a [`UiContext`]
//!   ([`context`]: the language, the loaded turns, the turn shown, the
//!   player's knowledge, the selection) and *sends* [`Command`]s through it
//!   (`command.rs`), handled at the end of the frame in `app/commands.rs`
//!   (files opened in `app/open.rs`); `app/ui.rs` lays the frame out.
//! - `command.rs` names what the commands speak of (lists, windows, the
//!   arbiter's requests) and imports no panel: the panels import it.
//! - `ui_command.rs`, the command table: every menu item and key with its
//!   label, tooltip and shortcut, read by the menus, the shortcuts window
//!   (F1), the tooltips that name a key, and the key handler.
//! - `windows.rs`, the window registry: each floating window implements
//!   `AppWindow` (id, title, `show`; its keys from the table), drawn in one
//!   loop, opened and toggled by id ([`Command::OpenWindow`],
//!   [`Command::Toggle`]).
//! - `task.rs`: background work (a thread sending messages, polled each
//!   frame, cancelled when dropped) — the arbiter's resolution and the
//!   preview's runs.
//! - [`session`]: the loaded files, turn by turn (no egui: reading, decoding,
//!   sorting, NBT merging; one file as the app holds it in `session/file.rs`).
//! - Panels, one module each, functions taking `&mut egui::Ui` named `*_ui`:
//!   `menu` (menu bar, turn selector, notices), `header` (the turn and player
//!   of a CR that does not tell them), [`first_steps`], `tables` (worlds and
//!   fleets lists), `inspector` (the selected world or fleet — what is said of
//!   it computed without egui in `inspector/facts.rs` — and the files' text),
//!   `summary` (the player's own facts), `diagnostics` (the reader's
//!   messages), `status` (status bar), [`map`] (the galaxy: its geometry in
//!   `torus.rs`, the placement of worlds without coordinates in
//!   `placement.rs`, what is drawn in `layout.rs`, hit-testing in `spatial.rs`,
//!   the painting in `draw/`), [`editor`] (the order draft: checks, completion,
//!   exports, mail).
//! - Windows: `help` (shortcuts, About, open a path), [`simulator`] (combat),
//!   [`preview`] (the turn resolved on what the player knows), [`arbiter`]
//!   (a game folder: players, view as a player, resolve the turn, the log),
//!   [`plots`] (score and statistics, spy rankings), [`rulings`] (the rulings
//!   applied, searchable), [`order_language`] (every order form, searchable); [`path_prompt`]: the system's file dialogs, and the
//!   typed path where there is none.
//! - [`settings`]: what eframe persists between runs (language, theme, recent
//!   files, list sorting). Window size and panel sizes are persisted by eframe.
//!   Game data stays in its own files.
//! - The data folder ([`data_dir`]): eframe's `app.ron`, the order drafts, the
//!   exports offered by default. `NEBUTIL_DATA_DIR` moves it (a portable
//!   installation, tests); [`NebutilApp`] itself never looks for it: [`run`]
//!   gives it with [`NebutilApp::with_data_dir`], so an app built in a test
//!   reads and writes nothing of the user's.
//! - [`demo`]: the demo game shown when no file is given.

mod app;
pub mod arbiter;
mod command;
pub mod context;
pub mod courrier;
pub mod demo;
mod diagnostics;
pub mod editor;
pub mod first_steps;
mod format;
mod header;
mod help;
mod inspector;
pub mod map;
mod menu;
pub mod order_language;
pub mod path_prompt;
pub mod plots;
pub mod preview;
mod printable;
pub mod rulings;
pub mod session;
pub mod settings;
pub mod simulator;
mod status;
mod summary;
mod tables;
mod task;
mod ui_command;
mod widgets;
mod windows;

use std::ffi::OsString;
use std::path::PathBuf;

pub use app::{BACKGROUND_ITEMS, NebutilApp, ViewAsPending, seat_text};
pub use command::{Command, Selection, WindowId};
pub use context::UiContext;
pub use tables::ListTab;

use crate::i18n::tr_args;

/// The application id: eframe's storage folder and the window's app id.
pub const APP_ID: &str = "nebutil";

/// The environment variable naming the application's data folder.
pub const DATA_DIR_ENV: &str = "NEBUTIL_DATA_DIR";

/// eframe's file in the data folder (language, theme, recent files, window size).
pub const STORAGE_FILE: &str = "app.ron";

/// The data folder for the value of [`DATA_DIR_ENV`]: that folder when it is
/// set and not empty, else the system's data folder of the application
/// (`~/.local/share/nebutil` on Linux, `%APPDATA%\nebutil\data` on Windows,
/// `~/Library/Application Support/nebutil` on macOS — where eframe keeps its
/// file by default); `None` when the system has none.
pub fn data_dir_from(env: Option<OsString>) -> Option<PathBuf> {
    match env.filter(|value| !value.is_empty()) {
        Some(value) => Some(PathBuf::from(value)),
        None => editor::drafts::default_data_dir(),
    }
}

/// The application's data folder (see [`data_dir_from`]), read from the
/// environment.
pub fn data_dir() -> Option<PathBuf> {
    data_dir_from(std::env::var_os(DATA_DIR_ENV))
}

/// The window icon (title bar, task bar, Alt-Tab): the 256 px PNG of
/// `packaging/icons`, which `packaging/build-icons.sh` renders from the SVG source.
const ICON_PNG: &[u8] = include_bytes!("../../packaging/icons/nebutil-256.png");

/// The decoded window icon; `None` (eframe's default icon) if it cannot be decoded.
pub fn window_icon() -> Option<egui::IconData> {
    eframe::icon_data::from_png_bytes(ICON_PNG).ok()
}

/// Starts the desktop application with the given files (none: the demo game),
/// its data folder from [`data_dir`].
/// Returns the process exit code: 0 after a normal exit, 1 when no window could be
/// opened (the reason is printed on stderr).
pub fn run(paths: Vec<PathBuf>) -> i32 {
    let data_dir = data_dir();
    // eframe's file goes in the same folder (its own default is that folder too,
    // unless NEBUTIL_DATA_DIR moved it); eframe makes the folder when it saves.
    let persistence_path = data_dir.as_ref().map(|dir| dir.join(STORAGE_FILE));
    let mut options = eframe::NativeOptions {
        persistence_path,
        viewport: egui::ViewportBuilder::default()
            .with_title(app::WINDOW_TITLE)
            .with_app_id(APP_ID)
            .with_inner_size([1280.0, 800.0])
            .with_min_inner_size([640.0, 400.0])
            .with_drag_and_drop(true),
        ..Default::default()
    };
    if let Some(icon) = window_icon() {
        options.viewport = options.viewport.with_icon(icon);
    }
    if let Some(missing) = no_display() {
        eprintln!(
            "{}",
            tr_args(
                crate::system::lang(),
                "gui-no-display",
                &[("missing", missing)]
            )
        );
        return 1;
    }
    let result = eframe::run_native(
        APP_ID,
        options,
        Box::new(move |cc| Ok(Box::new(NebutilApp::new(cc, paths).with_data_dir(data_dir)))),
    );
    match result {
        Ok(()) => 0,
        Err(error) => {
            eprintln!(
                "{}",
                tr_args(
                    crate::system::lang(),
                    "gui-start-failed",
                    &[("error", &without_source_places(&error.to_string()))]
                )
            );
            1
        }
    }
}

/// On Linux and the BSDs, the variables a window needs when none is set
/// (`DISPLAY`, `WAYLAND_DISPLAY`): there is no screen to open a window on.
fn no_display() -> Option<&'static str> {
    if !cfg!(all(unix, not(target_os = "macos"))) {
        return None;
    }
    let set = |name: &str| std::env::var_os(name).is_some_and(|v| !v.is_empty());
    (!set("DISPLAY") && !set("WAYLAND_DISPLAY") && !set("WAYLAND_SOCKET"))
        .then_some("DISPLAY, WAYLAND_DISPLAY")
}

/// A library's error without the source file places it carries (`at
/// /…/winit-0.30/src/…/mod.rs:765:`): what a user reads.
fn without_source_places(text: &str) -> String {
    let mut out = String::new();
    let mut rest = text;
    while let Some(at) = rest.find(" at ") {
        let after = &rest[at + 4..];
        match after.find(".rs:") {
            Some(rs) if !after[..rs].contains(' ') => {
                out.push_str(&rest[..at]);
                // Past `.rs:LINE:` (and a column when there is one).
                let tail = &after[rs + 4..];
                let skip = tail
                    .find(|c: char| !c.is_ascii_digit() && c != ':')
                    .unwrap_or(tail.len());
                rest = tail[skip..].trim_start();
                out.push_str(": ");
            }
            _ => {
                out.push_str(&rest[..at + 4]);
                rest = after;
            }
        }
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_start_error_loses_the_source_places_of_the_library() {
        assert_eq!(
            without_source_places(
                "winit EventLoopError: os error at /root/.cargo/registry/src/x/winit-0.30.13/src/platform_impl/linux/mod.rs:765: neither WAYLAND_DISPLAY nor DISPLAY is set."
            ),
            "winit EventLoopError: os error: neither WAYLAND_DISPLAY nor DISPLAY is set."
        );
        assert_eq!(without_source_places("look at me"), "look at me");
    }

    #[test]
    fn the_data_folder_is_the_variables_when_set_and_not_empty() {
        let portable = data_dir_from(Some(OsString::from("/media/key/nebutil-data")));
        assert_eq!(portable, Some(PathBuf::from("/media/key/nebutil-data")));
        // Empty or unset: the system's folder (which a bare test machine may lack).
        assert_eq!(
            data_dir_from(Some(OsString::new())),
            editor::drafts::default_data_dir()
        );
        assert_eq!(data_dir_from(None), editor::drafts::default_data_dir());
        assert_ne!(
            data_dir_from(None),
            Some(PathBuf::from("/media/key/nebutil-data"))
        );
    }
}
