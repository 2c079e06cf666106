//! Keyboard shortcuts, and the small windows: the shortcuts list (F1), About, and
//! "open a path" (for systems without a file dialog).

use egui::{Key, KeyboardShortcut, Modifiers, RichText};

use super::command::{Command, WindowKind};
use super::path_prompt::{PathPrompt, PromptTexts, path_prompt_window};
use crate::i18n::{Lang, tr};

/// What a keyboard shortcut does.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    Open,
    OpenPath,
    CloseTurn,
    Quit,
    PreviousTurn,
    NextTurn,
    Worlds,
    Fleets,
    Filter,
    ToggleText,
    /// Shows or hides the order editor.
    Editor,
    Help,
    /// Opens a game folder (the arbiter's view).
    OpenGame,
    /// Shows or hides the plots window.
    Plots,
    /// Shows or hides the rulings applied.
    Rulings,
    /// Runs the what-if preview of the order draft.
    Preview,
    /// Brings the map back to the player's worlds (the first view).
    FitMap,
}

impl Action {
    /// The message id naming the action (also its menu item).
    pub fn message_id(self) -> &'static str {
        match self {
            Action::Open => "gui-menu-open",
            Action::OpenPath => "gui-menu-open-path",
            Action::CloseTurn => "gui-menu-close-turn",
            Action::Quit => "gui-menu-quit",
            Action::PreviousTurn => "gui-action-previous-turn",
            Action::NextTurn => "gui-action-next-turn",
            Action::Worlds => "gui-menu-worlds",
            Action::Fleets => "gui-menu-fleets",
            Action::Filter => "gui-action-filter",
            Action::ToggleText => "gui-menu-toggle-text",
            Action::Editor => "gui-editor-toggle",
            Action::Help => "gui-menu-shortcuts",
            Action::OpenGame => "gui-arbiter-menu-open",
            Action::Plots => "gui-plots-menu",
            Action::Rulings => "gui-rulings-menu",
            Action::Preview => "gui-action-preview",
            Action::FitMap => "gui-map-fit-help",
        }
    }
}

const fn command(key: Key) -> KeyboardShortcut {
    KeyboardShortcut::new(Modifiers::COMMAND, key)
}

/// Every shortcut of the application, in the order of the help window: the one
/// table read by the menus (the keys shown beside their items), the help window
/// (F1) and the key handler ([`pressed_actions`]). Keys that only act inside a
/// panel or a dialog are listed in [`LOCAL_KEYS`].
pub const SHORTCUTS: [(Action, KeyboardShortcut); 17] = [
    (Action::Open, command(Key::O)),
    (Action::OpenPath, command(Key::L)),
    (Action::CloseTurn, command(Key::W)),
    (Action::Quit, command(Key::Q)),
    (Action::PreviousTurn, command(Key::PageUp)),
    (Action::NextTurn, command(Key::PageDown)),
    (Action::Worlds, command(Key::Num1)),
    (Action::Fleets, command(Key::Num2)),
    (Action::Filter, command(Key::F)),
    (Action::ToggleText, command(Key::U)),
    (
        Action::Editor,
        KeyboardShortcut::new(Modifiers::NONE, Key::F2),
    ),
    (
        Action::Help,
        KeyboardShortcut::new(Modifiers::NONE, Key::F1),
    ),
    (Action::OpenGame, command(Key::G)),
    (
        Action::Plots,
        KeyboardShortcut::new(Modifiers::NONE, Key::F3),
    ),
    (
        Action::Rulings,
        KeyboardShortcut::new(Modifiers::NONE, Key::F4),
    ),
    (
        Action::Preview,
        KeyboardShortcut::new(Modifiers::NONE, Key::F5),
    ),
    (Action::FitMap, command(Key::H)),
];

/// The keys that act inside a panel or a dialog (not through the key handler),
/// listed after [`SHORTCUTS`] in the help window: (keys, what they do), as
/// message ids.
pub const LOCAL_KEYS: [(&str, &str); 4] = [
    ("gui-shortcut-drop-keys", "gui-shortcut-drop"),
    ("gui-editor-shortcut-undo-keys", "gui-editor-shortcut-undo"),
    (
        "gui-editor-shortcut-complete-keys",
        "gui-editor-shortcut-complete",
    ),
    ("gui-shortcut-escape-keys", "gui-shortcut-escape"),
];

/// The shortcut of an action.
pub fn shortcut(action: Action) -> Option<KeyboardShortcut> {
    SHORTCUTS
        .iter()
        .find(|(a, _)| *a == action)
        .map(|(_, shortcut)| *shortcut)
}

/// The actions whose shortcut was pressed this frame (the key presses are consumed).
pub fn pressed_actions(ctx: &egui::Context) -> Vec<Action> {
    ctx.input_mut(|input| {
        SHORTCUTS
            .iter()
            .filter(|(_, shortcut)| input.consume_shortcut(shortcut))
            .map(|(action, _)| *action)
            .collect()
    })
}

const SHORTCUTS_WINDOW: &str = "shortcuts-window";
const ABOUT_WINDOW: &str = "about-window";

/// The id of a window of this module drawn among the other windows (the "open a
/// path" window is above them all: `None`).
pub fn window_id(kind: WindowKind) -> Option<&'static str> {
    match kind {
        WindowKind::Shortcuts => Some(SHORTCUTS_WINDOW),
        WindowKind::About => Some(ABOUT_WINDOW),
        WindowKind::OpenPath => None,
    }
}

/// Which windows are open.
#[derive(Clone, Debug, Default)]
pub struct Windows {
    pub shortcuts: bool,
    pub about: bool,
    /// "Open a path": CRs and NBTs typed, one a line.
    pub open_path: PathPrompt,
}

impl Windows {
    pub fn open(&mut self, kind: WindowKind) {
        match kind {
            WindowKind::Shortcuts => self.shortcuts = true,
            WindowKind::About => self.about = true,
            WindowKind::OpenPath => self.open_path.reopen(),
        }
    }
}

/// Draws the open windows. Escape closes the help and About windows.
pub fn windows_ui(
    ctx: &egui::Context,
    windows: &mut Windows,
    lang: Lang,
    commands: &mut Vec<Command>,
) {
    if ctx.input(|i| i.key_pressed(Key::Escape)) {
        windows.shortcuts = false;
        windows.about = false;
    }
    egui::Window::new(tr(lang, "gui-menu-shortcuts"))
        .id(egui::Id::unique(SHORTCUTS_WINDOW))
        .pivot(egui::Align2::CENTER_CENTER)
        .default_pos(ctx.content_rect().center())
        .open(&mut windows.shortcuts)
        .auto_sized()
        .collapsible(false)
        .show(ctx, |ui| {
            egui::Grid::new("shortcuts")
                .num_columns(2)
                .striped(true)
                .spacing([24.0, 4.0])
                .show(ui, |ui| {
                    for (action, shortcut) in SHORTCUTS {
                        ui.label(RichText::new(ctx.format_shortcut(&shortcut)).monospace());
                        ui.label(tr(lang, action.message_id()));
                        ui.end_row();
                    }
                    for (keys, what) in LOCAL_KEYS {
                        ui.label(RichText::new(tr(lang, keys)).monospace());
                        ui.label(tr(lang, what));
                        ui.end_row();
                    }
                });
        });

    egui::Window::new(tr(lang, "gui-menu-about"))
        .id(egui::Id::unique(ABOUT_WINDOW))
        .pivot(egui::Align2::CENTER_CENTER)
        .default_pos(ctx.content_rect().center())
        .open(&mut windows.about)
        .auto_sized()
        .collapsible(false)
        .show(ctx, |ui| {
            ui.heading(format!("Nébutil NG {}", env!("CARGO_PKG_VERSION")));
            ui.label(tr(lang, "gui-about-text"));
            ui.add_space(6.0);
            ui.label(tr(lang, "gui-about-license"));
            ui.hyperlink(env!("CARGO_PKG_REPOSITORY"));
        });

    let texts = PromptTexts {
        title: tr(lang, "gui-menu-open-path"),
        help: Some(tr(lang, "gui-open-path-help")),
        label: tr(lang, "gui-open-path-label"),
        multiline: true,
        cancel: tr(lang, "gui-cancel"),
    };
    let buttons = [((), tr(lang, "gui-open-path-button"))];
    if let Some(((), paths)) = path_prompt_window(
        ctx,
        "open-path-window",
        &mut windows.open_path,
        &texts,
        &buttons,
    ) {
        commands.push(Command::OpenFiles(paths));
        windows.open_path.text.clear();
    }
}
