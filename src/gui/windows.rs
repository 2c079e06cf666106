//! The window registry: every floating window implements [`AppWindow`] (its
//! id — which gives its title, egui id, menu item and keys — and `show`), and
//! [`Windows`] holds them all, drawn in one loop and opened or toggled by id
//! (`Command::OpenWindow`, `Command::Toggle`), like the egui demo's window
//! list.

use egui::{Id, LayerId, Order};

use super::arbiter::{ArbiterState, arbiter_window};
use super::command::WindowId;
use super::context::UiContext;
use super::help::{
    AboutWindow, OpenPathWindow, ShortcutsWindow, about_window, open_path_window, shortcuts_window,
};
use super::order_language::{OrderLanguageState, order_language_window};
use super::plots::{PlotsState, plots_window};
use super::preview::{PreviewState, preview_window};
use super::rulings::{RulingsState, rulings_window};
use super::simulator::{SimulatorState, simulator_window};
use super::ui_command::UiCommand;
use crate::i18n::{Lang, tr};

impl WindowId {
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
            WindowId::OrderLanguage => "order-language-window",
            WindowId::Courrier => "courrier-window",
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
            WindowId::OrderLanguage => "gui-order-language-title",
            WindowId::Courrier => "gui-courrier-title",
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
            WindowId::OrderLanguage => UiCommand::OrderLanguage,
            WindowId::Courrier => UiCommand::Courrier,
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

/// Where the windows may go: the application's window below its menu bar
/// (set each frame once the menu is drawn, [`set_window_area`]), so that no
/// window opens over the menus on a small screen.
pub fn window_area(ctx: &egui::Context) -> egui::Rect {
    ctx.data(|d| d.get_temp(Id::unique(WINDOW_AREA)))
        .unwrap_or_else(|| ctx.content_rect())
}

/// Sets [`window_area`] for this frame.
pub fn set_window_area(ctx: &egui::Context, area: egui::Rect) {
    ctx.data_mut(|d| d.insert_temp(Id::unique(WINDOW_AREA), area));
}

const WINDOW_AREA: &str = "nebutil-window-area";

/// A window of the application (floating, or a question), kept within
/// [`window_area`].
pub fn app_window<'open>(
    ctx: &egui::Context,
    title: impl Into<egui::WidgetText>,
) -> egui::Window<'open> {
    egui::Window::new(title).constrain_to(window_area(ctx))
}

/// A floating window of the application. Its title, its egui id, its menu
/// item and keys follow from its [`WindowId`] ([`WindowId::title`],
/// [`WindowId::ui_command`]: its command in the table).
pub trait AppWindow {
    fn id(&self) -> WindowId;

    fn is_open(&self) -> bool;

    fn set_open(&mut self, open: bool);

    /// Draws it (when open; some keep work going while closed).
    fn show(&mut self, ctx: &egui::Context, cx: &mut UiContext<'_>);
}

/// A window Escape may close: one of the registry's, or one the arbiter's
/// view opens beside it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Front {
    Window(WindowId),
    ArbiterOrders,
    ArbiterLog,
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
    pub order_language: OrderLanguageState,
    pub courrier: super::courrier::CourrierState,
}

impl Windows {
    /// Every window, in drawing order (the last drawn is above the others
    /// when they open together).
    fn all(&self) -> [&dyn AppWindow; 10] {
        [
            &self.shortcuts,
            &self.about,
            &self.open_path,
            &self.simulator,
            &self.preview,
            &self.arbiter,
            &self.plots,
            &self.rulings,
            &self.order_language,
            &self.courrier,
        ]
    }

    fn all_mut(&mut self) -> [&mut dyn AppWindow; 10] {
        [
            &mut self.shortcuts,
            &mut self.about,
            &mut self.open_path,
            &mut self.simulator,
            &mut self.preview,
            &mut self.arbiter,
            &mut self.plots,
            &mut self.rulings,
            &mut self.order_language,
            &mut self.courrier,
        ]
    }

    /// The windows shown.
    pub fn shown(&self) -> Vec<WindowId> {
        self.all()
            .into_iter()
            .filter(|w| w.is_open())
            .map(|w| w.id())
            .collect()
    }

    /// Shows the window `id` in front of the others.
    pub fn open(&mut self, ctx: &egui::Context, id: WindowId) {
        for window in self.all_mut().into_iter().filter(|w| w.id() == id) {
            window.set_open(true);
            id.raise(ctx);
        }
    }

    /// Shows or hides the window `id` (in front when shown).
    pub fn toggle(&mut self, ctx: &egui::Context, id: WindowId) {
        for window in self.all_mut().into_iter().filter(|w| w.id() == id) {
            let open = !window.is_open();
            window.set_open(open);
            if open {
                id.raise(ctx);
            }
        }
    }

    /// Draws every window, in order. One rule for every window: Escape closes
    /// the one in front — unless a question (a modal) is open, which takes
    /// Escape for itself, or the editor took it first (its completion).
    pub fn show(&mut self, ctx: &egui::Context, cx: &mut UiContext<'_>) {
        let escape = ctx.input(|i| i.key_pressed(egui::Key::Escape))
            && ctx.memory(|m| m.top_modal_layer()).is_none();
        if escape {
            let front = ctx.memory(|m| {
                m.layer_ids()
                    .filter(|l| l.order == Order::Middle)
                    .map(|l| l.id)
                    .collect::<Vec<Id>>()
            });
            // The arbiter's view docked in the main window is no window.
            let docked = self.arbiter.docked;
            let mut open: Vec<(Id, Front)> = self
                .all()
                .into_iter()
                .filter(|w| w.is_open() && !(docked && w.id() == WindowId::Arbiter))
                .map(|w| (w.id().egui_id(), Front::Window(w.id())))
                .collect();
            // The arbiter's windows of a player's orders and of a past log.
            if self.arbiter.shown_orders.is_some() {
                open.push((
                    Id::unique(super::arbiter::ORDERS_WINDOW_ID),
                    Front::ArbiterOrders,
                ));
            }
            if self.arbiter.shown_log.is_some() {
                open.push((Id::unique(super::arbiter::LOG_WINDOW_ID), Front::ArbiterLog));
            }
            // The last drawn of the open windows is the one in front.
            let top = front.iter().rev().find_map(|layer| {
                open.iter()
                    .find(|(id, _)| id == layer)
                    .map(|(_, front)| *front)
            });
            match top {
                Some(Front::Window(top)) => {
                    for window in self.all_mut().into_iter().filter(|w| w.id() == top) {
                        window.set_open(false);
                    }
                }
                Some(Front::ArbiterOrders) => self.arbiter.shown_orders = None,
                Some(Front::ArbiterLog) => self.arbiter.shown_log = None,
                None => {}
            }
        }
        for window in self.all_mut() {
            window.show(ctx, cx);
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
        self.know_levels(cx.knowledge);
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
        arbiter_window(ctx, self, cx);
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

impl AppWindow for OrderLanguageState {
    fn id(&self) -> WindowId {
        WindowId::OrderLanguage
    }
    fn is_open(&self) -> bool {
        self.open
    }
    fn set_open(&mut self, open: bool) {
        self.open = open;
    }
    fn show(&mut self, ctx: &egui::Context, cx: &mut UiContext<'_>) {
        order_language_window(ctx, self, cx.lang);
    }
}

impl AppWindow for ShortcutsWindow {
    fn id(&self) -> WindowId {
        WindowId::Shortcuts
    }
    fn is_open(&self) -> bool {
        self.open
    }
    fn set_open(&mut self, open: bool) {
        self.open = open;
    }
    fn show(&mut self, ctx: &egui::Context, cx: &mut UiContext<'_>) {
        shortcuts_window(ctx, self, cx.lang);
    }
}

impl AppWindow for AboutWindow {
    fn id(&self) -> WindowId {
        WindowId::About
    }
    fn is_open(&self) -> bool {
        self.open
    }
    fn set_open(&mut self, open: bool) {
        self.open = open;
    }
    fn show(&mut self, ctx: &egui::Context, cx: &mut UiContext<'_>) {
        about_window(ctx, self, cx.lang);
    }
}

impl AppWindow for OpenPathWindow {
    fn id(&self) -> WindowId {
        WindowId::OpenPath
    }
    fn is_open(&self) -> bool {
        self.prompt.open
    }
    fn set_open(&mut self, open: bool) {
        if open {
            self.prompt.reopen();
        } else {
            self.prompt.close();
        }
    }
    fn show(&mut self, ctx: &egui::Context, cx: &mut UiContext<'_>) {
        open_path_window(ctx, self, cx);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_window_is_registered_once_and_toggles_by_its_id() {
        let ctx = egui::Context::default();
        let mut windows = Windows::default();
        let ids: Vec<WindowId> = windows.all().iter().map(|w| w.id()).collect();
        for id in &ids {
            assert_eq!(ids.iter().filter(|i| *i == id).count(), 1, "{id:?}");
        }
        assert!(windows.shown().is_empty());
        windows.toggle(&ctx, WindowId::Plots);
        windows.open(&ctx, WindowId::Rulings);
        assert_eq!(windows.shown(), [WindowId::Plots, WindowId::Rulings]);
        assert!(windows.plots.open && windows.rulings.open);
        windows.toggle(&ctx, WindowId::Plots);
        assert_eq!(windows.shown(), [WindowId::Rulings]);
    }
}
