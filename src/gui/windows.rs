//! The window registry: every floating window implements [`AppWindow`] (its
//! id, title, shortcut, and `show`), and [`Windows`] holds them all, drawn in
//! one loop and opened or toggled by id (`Command::OpenWindow`,
//! `Command::Toggle`) — like the egui demo's window list.

use egui::{Id, LayerId, Order};

use super::arbiter::{ArbiterState, arbiter_window};
use super::command::WindowId;
use super::context::UiContext;
use super::help::{AboutWindow, OpenPathWindow, ShortcutsWindow};
use super::plots::{PlotsState, plots_window};
use super::preview::{PreviewState, preview_window};
use super::rulings::{RulingsState, rulings_window};
use super::simulator::{SimulatorState, simulator_window};
use super::ui_command::UiCommand;
use crate::i18n::{Lang, tr};

impl WindowId {
    /// Every window, in drawing order (the last drawn is above the others
    /// when they open together).
    pub const ALL: [WindowId; 8] = [
        WindowId::Shortcuts,
        WindowId::About,
        WindowId::OpenPath,
        WindowId::Simulator,
        WindowId::Preview,
        WindowId::Arbiter,
        WindowId::Plots,
        WindowId::Rulings,
    ];

    /// The name of its egui id (`egui::Id::unique(name)`), stable between runs
    /// (eframe remembers where each window was).
    pub const fn name(self) -> &'static str {
        match self {
            WindowId::Shortcuts => "shortcuts-window",
            WindowId::About => "about-window",
            WindowId::OpenPath => "open-path-window",
            WindowId::Simulator => "combat-simulator",
            WindowId::Preview => "nebutil-preview-window",
            WindowId::Arbiter => "arbiter-window",
            WindowId::Plots => "plots-window",
            WindowId::Rulings => "rulings-window",
        }
    }

    /// Its egui id.
    pub fn egui_id(self) -> Id {
        Id::unique(self.name())
    }

    /// Its title in `lang`.
    pub fn title(self, lang: Lang) -> String {
        let id = match self {
            WindowId::Shortcuts => "gui-menu-shortcuts",
            WindowId::About => "gui-menu-about",
            WindowId::OpenPath => "gui-menu-open-path",
            WindowId::Simulator => "gui-sim-title",
            WindowId::Preview => "gui-preview-title",
            WindowId::Arbiter => "gui-arbiter-title",
            WindowId::Plots => "gui-plots-title",
            WindowId::Rulings => "gui-rulings-title",
        };
        tr(lang, id)
    }

    /// The command of the table that shows it: its menu item, its keys.
    pub fn ui_command(self) -> UiCommand {
        match self {
            WindowId::Shortcuts => UiCommand::Help,
            WindowId::About => UiCommand::About,
            WindowId::OpenPath => UiCommand::OpenPath,
            WindowId::Simulator => UiCommand::Simulator,
            WindowId::Preview => UiCommand::Preview,
            WindowId::Arbiter => UiCommand::ArbiterView,
            WindowId::Plots => UiCommand::Plots,
            WindowId::Rulings => UiCommand::Rulings,
        }
    }

    /// Puts it in front of the other windows. The "open a path" window is a
    /// modal, above them all already.
    pub fn raise(self, ctx: &egui::Context) {
        if self != WindowId::OpenPath {
            ctx.move_to_top(LayerId::new(Order::Middle, self.egui_id()));
        }
    }
}

/// A floating window of the application. Its keys and menu item are those of
/// its command in the table ([`WindowId::ui_command`]).
pub trait AppWindow {
    fn id(&self) -> WindowId;

    fn is_open(&self) -> bool;

    fn set_open(&mut self, open: bool);

    /// Draws it (when open; some keep work going while closed).
    fn show(&mut self, ctx: &egui::Context, cx: &mut UiContext<'_>);

    fn title(&self, lang: Lang) -> String {
        self.id().title(lang)
    }
}

/// Every window of the application.
#[derive(Default)]
pub struct Windows {
    pub shortcuts: ShortcutsWindow,
    pub about: AboutWindow,
    pub open_path: OpenPathWindow,
    pub simulator: SimulatorState,
    pub preview: PreviewState,
    pub arbiter: ArbiterState,
    pub plots: PlotsState,
    pub rulings: RulingsState,
}

impl Windows {
    /// The window `id`.
    pub fn get(&self, id: WindowId) -> &dyn AppWindow {
        match id {
            WindowId::Shortcuts => &self.shortcuts,
            WindowId::About => &self.about,
            WindowId::OpenPath => &self.open_path,
            WindowId::Simulator => &self.simulator,
            WindowId::Preview => &self.preview,
            WindowId::Arbiter => &self.arbiter,
            WindowId::Plots => &self.plots,
            WindowId::Rulings => &self.rulings,
        }
    }

    /// The window `id`, to change.
    pub fn get_mut(&mut self, id: WindowId) -> &mut dyn AppWindow {
        match id {
            WindowId::Shortcuts => &mut self.shortcuts,
            WindowId::About => &mut self.about,
            WindowId::OpenPath => &mut self.open_path,
            WindowId::Simulator => &mut self.simulator,
            WindowId::Preview => &mut self.preview,
            WindowId::Arbiter => &mut self.arbiter,
            WindowId::Plots => &mut self.plots,
            WindowId::Rulings => &mut self.rulings,
        }
    }

    /// Shows the window `id` in front of the others.
    pub fn open(&mut self, ctx: &egui::Context, id: WindowId) {
        self.get_mut(id).set_open(true);
        id.raise(ctx);
    }

    /// Shows or hides the window `id` (in front when shown).
    pub fn toggle(&mut self, ctx: &egui::Context, id: WindowId) {
        let window = self.get_mut(id);
        let open = !window.is_open();
        window.set_open(open);
        if open {
            id.raise(ctx);
        }
    }

    /// Draws every window, in the order of [`WindowId::ALL`].
    pub fn show(&mut self, ctx: &egui::Context, cx: &mut UiContext<'_>) {
        for id in WindowId::ALL {
            self.get_mut(id).show(ctx, cx);
        }
    }
}

impl AppWindow for SimulatorState {
    fn id(&self) -> WindowId {
        WindowId::Simulator
    }
    fn is_open(&self) -> bool {
        self.open
    }
    fn set_open(&mut self, open: bool) {
        self.open = open;
    }
    fn show(&mut self, ctx: &egui::Context, cx: &mut UiContext<'_>) {
        simulator_window(ctx, self, cx.view(), cx.lang);
    }
}

impl AppWindow for PreviewState {
    fn id(&self) -> WindowId {
        WindowId::Preview
    }
    fn is_open(&self) -> bool {
        self.open
    }
    fn set_open(&mut self, open: bool) {
        self.open = open;
    }
    fn show(&mut self, ctx: &egui::Context, cx: &mut UiContext<'_>) {
        self.poll();
        preview_window(ctx, self, cx.lang);
    }
}

impl AppWindow for ArbiterState {
    fn id(&self) -> WindowId {
        WindowId::Arbiter
    }
    fn is_open(&self) -> bool {
        self.open
    }
    fn set_open(&mut self, open: bool) {
        self.open = open;
    }
    fn show(&mut self, ctx: &egui::Context, cx: &mut UiContext<'_>) {
        self.poll(cx.lang);
        arbiter_window(ctx, self, cx.lang, cx.commands());
    }
}

impl AppWindow for PlotsState {
    fn id(&self) -> WindowId {
        WindowId::Plots
    }
    fn is_open(&self) -> bool {
        self.open
    }
    fn set_open(&mut self, open: bool) {
        self.open = open;
    }
    fn show(&mut self, ctx: &egui::Context, cx: &mut UiContext<'_>) {
        plots_window(ctx, self, cx.knowledge, cx.view(), cx.lang);
    }
}

impl AppWindow for RulingsState {
    fn id(&self) -> WindowId {
        WindowId::Rulings
    }
    fn is_open(&self) -> bool {
        self.open
    }
    fn set_open(&mut self, open: bool) {
        self.open = open;
    }
    fn show(&mut self, ctx: &egui::Context, cx: &mut UiContext<'_>) {
        rulings_window(ctx, self, cx.lang);
    }
}
