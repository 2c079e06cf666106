//! The command table: every action of the menus and the keyboard, with its
//! label, its tooltip and its keys — the one table read by the menus (the keys
//! shown beside their items), the shortcuts window (F1), the tooltips that name
//! a key, and the key handler ([`pressed`]). Like rerun's `UICommand`.

use egui::{Key, KeyboardShortcut, Modifiers};

use super::command::{ArbiterCommand, Command, ListTab, WindowId};
use crate::i18n::{Lang, tr};

/// An action the user can ask for from a menu or the keyboard.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum UiCommand {
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
    /// Shows the shortcuts window.
    Help,
    /// Opens a game folder (the arbiter's view).
    OpenGame,
    /// Shows or hides the plots window.
    Plots,
    /// Shows or hides the mail window (Courrier).
    Courrier,
    /// Shows or hides the rulings applied.
    Rulings,
    /// Runs the what-if preview of the order draft.
    Preview,
    /// Brings the map back to the player's worlds (the first view).
    FitMap,
    /// Files dropped on the window open (listed, handled by the window).
    DropFiles,
    /// Undo and redo in the order editor (listed, handled by the editor).
    Undo,
    /// Completion in the order editor (listed, handled by the editor).
    Complete,
    /// Escape closes a window or a menu (listed, handled by each).
    Escape,
    OpenDemo,
    About,
    /// Shows the "first steps" band again.
    FirstSteps,
    /// Shows or hides the combat simulator.
    Simulator,
    /// Shows or hides the arbiter's view.
    ArbiterView,
    /// Shows or hides the map.
    Map,
    /// Shows or hides the order language's reference.
    OrderLanguage,
    /// Adds an ally's report (the system's file dialog).
    AddAlly,
    /// Shows or hides the map's "Menaces" layer.
    Threats,
}

/// The keys of a command.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Keys {
    /// A shortcut of the whole application, handled by [`pressed`].
    Shortcut(KeyboardShortcut),
    /// Keys that act inside a panel or a dialog, not through [`pressed`]: the
    /// message id of their text (listed in the shortcuts window).
    Local(&'static str),
    /// No keys: a menu item only.
    None,
}

/// One row of the command table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Entry {
    pub command: UiCommand,
    /// The message id naming the command (its menu item, its line in F1).
    pub label: &'static str,
    /// The message id of its tooltip, where a button shows one.
    pub tooltip: Option<&'static str>,
    pub keys: Keys,
}

const fn with_command(key: Key) -> Keys {
    Keys::Shortcut(KeyboardShortcut::new(Modifiers::COMMAND, key))
}

const fn alone(key: Key) -> Keys {
    Keys::Shortcut(KeyboardShortcut::new(Modifiers::NONE, key))
}

const fn entry(command: UiCommand, label: &'static str, keys: Keys) -> Entry {
    Entry {
        command,
        label,
        tooltip: None,
        keys,
    }
}

/// Every command, in the order of the shortcuts window (which lists those
/// with keys).
pub const TABLE: [Entry; 31] = [
    entry(UiCommand::Open, "gui-menu-open", with_command(Key::O)),
    entry(
        UiCommand::OpenPath,
        "gui-menu-open-path",
        with_command(Key::L),
    ),
    Entry {
        command: UiCommand::AddAlly,
        label: "gui-menu-add-ally",
        tooltip: Some("gui-menu-add-ally-hint"),
        keys: Keys::None,
    },
    entry(
        UiCommand::CloseTurn,
        "gui-menu-close-turn",
        with_command(Key::W),
    ),
    entry(UiCommand::Quit, "gui-menu-quit", with_command(Key::Q)),
    entry(
        UiCommand::PreviousTurn,
        "gui-action-previous-turn",
        with_command(Key::PageUp),
    ),
    entry(
        UiCommand::NextTurn,
        "gui-action-next-turn",
        with_command(Key::PageDown),
    ),
    entry(
        UiCommand::Worlds,
        "gui-menu-worlds",
        with_command(Key::Num1),
    ),
    entry(
        UiCommand::Fleets,
        "gui-menu-fleets",
        with_command(Key::Num2),
    ),
    entry(UiCommand::Filter, "gui-action-filter", with_command(Key::F)),
    entry(
        UiCommand::ToggleText,
        "gui-menu-toggle-text",
        with_command(Key::U),
    ),
    entry(UiCommand::Editor, "gui-editor-toggle", alone(Key::F2)),
    entry(UiCommand::Help, "gui-menu-shortcuts", alone(Key::F1)),
    entry(
        UiCommand::OpenGame,
        "gui-arbiter-menu-open",
        with_command(Key::G),
    ),
    entry(UiCommand::Plots, "gui-plots-menu", alone(Key::F3)),
    entry(UiCommand::Courrier, "gui-courrier-menu", alone(Key::F8)),
    entry(UiCommand::Rulings, "gui-rulings-menu", alone(Key::F4)),
    entry(
        UiCommand::OrderLanguage,
        "gui-order-language-menu",
        alone(Key::F6),
    ),
    Entry {
        command: UiCommand::Threats,
        label: "gui-map-threats",
        tooltip: Some("gui-map-threats-hint"),
        keys: alone(Key::F7),
    },
    Entry {
        command: UiCommand::Preview,
        label: "gui-action-preview",
        tooltip: Some("gui-editor-preview-hint"),
        keys: alone(Key::F5),
    },
    Entry {
        command: UiCommand::FitMap,
        label: "gui-map-fit-help",
        tooltip: Some("gui-map-fit-help"),
        keys: with_command(Key::H),
    },
    entry(
        UiCommand::DropFiles,
        "gui-shortcut-drop",
        Keys::Local("gui-shortcut-drop-keys"),
    ),
    entry(
        UiCommand::Undo,
        "gui-editor-shortcut-undo",
        Keys::Local("gui-editor-shortcut-undo-keys"),
    ),
    entry(
        UiCommand::Complete,
        "gui-editor-shortcut-complete",
        Keys::Local("gui-editor-shortcut-complete-keys"),
    ),
    entry(
        UiCommand::Escape,
        "gui-shortcut-escape",
        Keys::Local("gui-shortcut-escape-keys"),
    ),
    entry(UiCommand::OpenDemo, "gui-menu-open-demo", Keys::None),
    entry(UiCommand::About, "gui-menu-about", Keys::None),
    entry(UiCommand::FirstSteps, "gui-first-steps-menu", Keys::None),
    entry(UiCommand::Simulator, "gui-sim-menu", Keys::None),
    entry(UiCommand::ArbiterView, "gui-arbiter-menu-view", Keys::None),
    entry(UiCommand::Map, "gui-menu-map", Keys::None),
];

impl UiCommand {
    /// Its row of the table.
    pub fn entry(self) -> &'static Entry {
        // Every command has a row (a test checks it); the first is a fallback
        // that is never taken.
        TABLE
            .iter()
            .find(|e| e.command == self)
            .unwrap_or(&TABLE[0])
    }

    /// Its name in `lang` (menu item, line of the shortcuts window).
    pub fn label(self, lang: Lang) -> String {
        tr(lang, self.entry().label)
    }

    /// Its application shortcut, if any.
    pub fn shortcut(self) -> Option<KeyboardShortcut> {
        match self.entry().keys {
            Keys::Shortcut(shortcut) => Some(shortcut),
            Keys::Local(_) | Keys::None => None,
        }
    }

    /// Its keys as shown to the user (`F5`, `Ctrl+H`), empty when it has none.
    pub fn keys_text(self, ctx: &egui::Context, lang: Lang) -> String {
        match self.entry().keys {
            Keys::Shortcut(shortcut) => ctx.format_shortcut(&shortcut),
            Keys::Local(id) => tr(lang, id),
            Keys::None => String::new(),
        }
    }

    /// Its tooltip followed by its keys: `Résout le tour… (F5)`.
    pub fn hover_text(self, ctx: &egui::Context, lang: Lang) -> String {
        let entry = self.entry();
        let text = tr(lang, entry.tooltip.unwrap_or(entry.label));
        match self.entry().keys {
            Keys::None => text,
            _ => format!("{text} ({})", self.keys_text(ctx, lang)),
        }
    }

    /// What the application does for it; `current_turn`: the index of the
    /// turn shown. `None` for keys a panel handles itself.
    pub fn command(self, current_turn: usize) -> Option<Command> {
        Some(match self {
            UiCommand::Open => Command::OpenDialog,
            UiCommand::OpenPath => Command::OpenWindow(WindowId::OpenPath),
            UiCommand::AddAlly => Command::AddAllyDialog,
            UiCommand::Threats => Command::ToggleThreats,
            UiCommand::CloseTurn => Command::CloseTurn(current_turn),
            UiCommand::Quit => Command::Quit,
            UiCommand::PreviousTurn => Command::StepTurn(-1),
            UiCommand::NextTurn => Command::StepTurn(1),
            UiCommand::Worlds => Command::ShowList(ListTab::Worlds),
            UiCommand::Fleets => Command::ShowList(ListTab::Fleets),
            UiCommand::Filter => Command::FocusFilter,
            UiCommand::ToggleText => Command::ToggleText,
            UiCommand::Editor => Command::ToggleEditor,
            UiCommand::Help => Command::OpenWindow(WindowId::Shortcuts),
            UiCommand::OpenGame => Command::Arbiter(ArbiterCommand::OpenDialog),
            UiCommand::Plots => Command::Toggle(WindowId::Plots),
            UiCommand::Courrier => Command::Toggle(WindowId::Courrier),
            UiCommand::Rulings => Command::Toggle(WindowId::Rulings),
            UiCommand::OrderLanguage => Command::Toggle(WindowId::OrderLanguage),
            UiCommand::Preview => Command::Preview,
            UiCommand::FitMap => Command::FitMap,
            UiCommand::OpenDemo => Command::OpenDemo,
            UiCommand::About => Command::OpenWindow(WindowId::About),
            UiCommand::FirstSteps => Command::ShowFirstSteps,
            UiCommand::Simulator => Command::Toggle(WindowId::Simulator),
            UiCommand::ArbiterView => Command::Toggle(WindowId::Arbiter),
            UiCommand::Map => Command::ToggleMap,
            UiCommand::DropFiles | UiCommand::Undo | UiCommand::Complete | UiCommand::Escape => {
                return None;
            }
        })
    }
}

/// The commands whose shortcut was pressed this frame (the key presses are
/// consumed), in the order of the table.
pub fn pressed(ctx: &egui::Context) -> Vec<UiCommand> {
    ctx.input_mut(|input| {
        TABLE
            .iter()
            .filter(|entry| match entry.keys {
                Keys::Shortcut(shortcut) => input.consume_shortcut(&shortcut),
                Keys::Local(_) | Keys::None => false,
            })
            .map(|entry| entry.command)
            .collect()
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_command_has_one_row_and_each_shortcut_one_command() {
        for (index, entry) in TABLE.iter().enumerate() {
            let rows = TABLE.iter().filter(|e| e.command == entry.command).count();
            assert_eq!(rows, 1, "{:?}", entry.command);
            assert_eq!(entry.command.entry(), &TABLE[index]);
            if let Keys::Shortcut(shortcut) = entry.keys {
                let same = TABLE
                    .iter()
                    .filter(|e| e.keys == Keys::Shortcut(shortcut))
                    .count();
                assert_eq!(same, 1, "{:?}", entry.command);
            }
        }
    }

    #[test]
    fn the_shortcuts_run_commands_and_local_keys_none() {
        for entry in TABLE {
            let runs = entry.command.command(3).is_some();
            match entry.keys {
                Keys::Shortcut(_) | Keys::None => assert!(runs, "{:?}", entry.command),
                Keys::Local(_) => assert!(!runs, "{:?}", entry.command),
            }
        }
        assert_eq!(UiCommand::CloseTurn.command(3), Some(Command::CloseTurn(3)));
    }

    #[test]
    fn every_label_and_tooltip_is_translated() {
        for entry in TABLE {
            let ids = [
                Some(entry.label),
                entry.tooltip,
                match entry.keys {
                    Keys::Local(id) => Some(id),
                    _ => None,
                },
            ];
            for id in ids.into_iter().flatten() {
                for lang in [Lang::Fr, Lang::En] {
                    assert_ne!(tr(lang, id), id, "{id} in {lang:?}");
                }
            }
        }
    }

    #[test]
    fn the_preview_tooltip_names_its_key() {
        let ctx = egui::Context::default();
        let text = UiCommand::Preview.hover_text(&ctx, Lang::En);
        assert!(text.ends_with(" (F5)"), "{text}");
        assert_eq!(UiCommand::OpenDemo.keys_text(&ctx, Lang::En), "");
    }
}
