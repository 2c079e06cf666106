//! The desktop application's tests, one binary (`cargo test --test app`, built with
//! the `gui` feature): the app driven through its accessibility tree with
//! egui_kittest (no display, no GPU), the map's geometry, and image snapshots
//! (`tests/snapshots/gui/`).

#[path = "../support/mod.rs"]
mod support;

mod gui;
mod gui_arbiter;
mod gui_courrier;
mod gui_editor;
mod gui_map;
mod gui_map_export;
mod gui_plans;
mod gui_preview;
mod gui_scale;
mod gui_session;
mod gui_simulator;
mod gui_snapshots;
