//! The top of the window: the menu bar, the turn selector, and the notices
//! (messages about files that could not be opened).

use std::path::PathBuf;

use egui::RichText;

use super::arbiter::ArbiterCommand;
use super::command::{Command, WindowKind};
use super::help::{Action, shortcut};
use super::session::Session;
use super::settings::ThemeChoice;
use super::tables::ListTab;
use crate::diagnostic::Severity;
use crate::i18n::{Lang, tr, tr_args};

/// A message to the user about something the application did (a file that could
/// not be opened…). Kept as a message id and arguments, so that it follows the
/// language.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Notice {
    pub severity: Severity,
    pub id: String,
    pub args: Vec<(String, String)>,
}

impl Notice {
    pub fn new(severity: Severity, id: &str, args: Vec<(String, String)>) -> Self {
        Notice {
            severity,
            id: id.to_string(),
            args,
        }
    }

    /// The message in `lang`.
    pub fn text(&self, lang: Lang) -> String {
        let args: Vec<(&str, &str)> = self
            .args
            .iter()
            .map(|(k, v)| (k.as_str(), v.as_str()))
            .collect();
        tr_args(lang, &self.id, &args)
    }
}

/// What the menus need to know.
pub struct MenuContext<'a> {
    pub lang: Lang,
    pub theme: ThemeChoice,
    pub recent: &'a [PathBuf],
    pub session: &'a Session,
    pub current: usize,
    /// The map is shown.
    pub map_shown: bool,
    /// The windows and panels shown (their menu items are shown selected: a
    /// click hides them).
    pub shown: Shown,
}

/// Which toggled windows and panels are shown.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Shown {
    pub editor: bool,
    pub simulator: bool,
    pub plots: bool,
    pub arbiter: bool,
    pub rulings: bool,
}

/// A menu item with its shortcut shown on the right.
fn item(ui: &mut egui::Ui, lang: Lang, action: Action, enabled: bool) -> bool {
    let mut button = egui::Button::new(tr(lang, action.message_id()));
    if let Some(shortcut) = shortcut(action) {
        button = button.shortcut_text(ui.ctx().format_shortcut(&shortcut));
    }
    ui.add_enabled(enabled, button).clicked()
}

/// A menu item that shows or hides a window or panel: selected while shown.
fn toggle_item(ui: &mut egui::Ui, text: String, action: Option<Action>, shown: bool) -> bool {
    let mut button = egui::Button::new(text).selected(shown);
    if let Some(shortcut) = action.and_then(shortcut) {
        button = button.shortcut_text(ui.ctx().format_shortcut(&shortcut));
    }
    ui.add(button).clicked()
}

/// The menu bar: Fichier, Affichage, Aide.
pub fn menu_bar_ui(ui: &mut egui::Ui, context: &MenuContext<'_>, commands: &mut Vec<Command>) {
    let lang = context.lang;
    egui::MenuBar::new().ui(ui, |ui| {
        ui.menu_button(tr(lang, "gui-menu-file"), |ui| {
            if item(ui, lang, Action::Open, true) {
                commands.push(Command::OpenDialog);
            }
            if item(ui, lang, Action::OpenPath, true) {
                commands.push(Command::OpenWindow(WindowKind::OpenPath));
            }
            ui.menu_button(tr(lang, "gui-menu-recent"), |ui| {
                if context.recent.is_empty() {
                    ui.weak(tr(lang, "gui-recent-empty"));
                }
                for path in context.recent {
                    if ui.button(path.display().to_string()).clicked() {
                        commands.push(Command::OpenRecent(path.clone()));
                    }
                }
                ui.separator();
                if ui
                    .add_enabled(
                        !context.recent.is_empty(),
                        egui::Button::new(tr(lang, "gui-menu-clear-recent")),
                    )
                    .clicked()
                {
                    commands.push(Command::ClearRecent);
                }
            });
            if ui.button(tr(lang, "gui-menu-open-demo")).clicked() {
                commands.push(Command::OpenDemo);
            }
            if item(ui, lang, Action::CloseTurn, !context.session.is_empty()) {
                commands.push(Command::CloseTurn(context.current));
            }
            ui.separator();
            if item(ui, lang, Action::Quit, true) {
                commands.push(Command::Quit);
            }
        });
        ui.menu_button(tr(lang, "gui-arbiter-menu"), |ui| {
            if item(ui, lang, Action::OpenGame, true) {
                commands.push(Command::Arbiter(ArbiterCommand::OpenDialog));
            }
            let text = tr(lang, "gui-arbiter-menu-view");
            if toggle_item(ui, text, None, context.shown.arbiter) {
                commands.push(Command::ToggleArbiter);
            }
        });
        ui.menu_button(tr(lang, "gui-menu-view"), |ui| {
            ui.menu_button(tr(lang, "gui-menu-language"), |ui| {
                // Language names are written in their own language.
                for (choice, name) in [(Lang::Fr, "Français"), (Lang::En, "English")] {
                    if ui.radio(lang == choice, name).clicked() {
                        commands.push(Command::SetLang(choice));
                    }
                }
            });
            ui.menu_button(tr(lang, "gui-menu-theme"), |ui| {
                for choice in ThemeChoice::ALL {
                    if ui
                        .radio(context.theme == choice, tr(lang, choice.message_id()))
                        .clicked()
                    {
                        commands.push(Command::SetTheme(choice));
                    }
                }
            });
            ui.separator();
            let mut map_shown = context.map_shown;
            if ui
                .checkbox(&mut map_shown, tr(lang, "gui-menu-map"))
                .clicked()
            {
                commands.push(Command::ToggleMap);
            }
            if item(ui, lang, Action::Worlds, true) {
                commands.push(Command::ShowList(ListTab::Worlds));
            }
            if item(ui, lang, Action::Fleets, true) {
                commands.push(Command::ShowList(ListTab::Fleets));
            }
            if item(ui, lang, Action::ToggleText, !context.session.is_empty()) {
                commands.push(Command::ToggleText);
            }
            let shown = context.shown;
            let text = tr(lang, Action::Editor.message_id());
            if toggle_item(ui, text, Some(Action::Editor), shown.editor) {
                commands.push(Command::ToggleEditor);
            }
            if item(ui, lang, Action::Preview, !context.session.is_empty()) {
                commands.push(Command::Preview);
            }
            if toggle_item(ui, tr(lang, "gui-sim-menu"), None, shown.simulator) {
                commands.push(Command::ToggleSimulator);
            }
            let text = tr(lang, Action::Plots.message_id());
            if toggle_item(ui, text, Some(Action::Plots), shown.plots) {
                commands.push(Command::TogglePlots);
            }
        });
        ui.menu_button(tr(lang, "gui-menu-help"), |ui| {
            if ui.button(tr(lang, "gui-first-steps-menu")).clicked() {
                commands.push(Command::ShowFirstSteps);
            }
            if item(ui, lang, Action::Help, true) {
                commands.push(Command::OpenWindow(WindowKind::Shortcuts));
            }
            let text = tr(lang, Action::Rulings.message_id());
            if toggle_item(ui, text, Some(Action::Rulings), context.shown.rulings) {
                commands.push(Command::ToggleRulings);
            }
            if ui.button(tr(lang, "gui-menu-about")).clicked() {
                commands.push(Command::OpenWindow(WindowKind::About));
            }
        });
    });
}

/// The turn selector: previous/next buttons and a list of the loaded turns.
pub fn turn_bar_ui(ui: &mut egui::Ui, context: &MenuContext<'_>, commands: &mut Vec<Command>) {
    let lang = context.lang;
    let turns = context.session.turns();
    ui.horizontal(|ui| {
        let label = ui.label(tr(lang, "gui-turn-selector"));
        if ui
            .add_enabled(context.current > 0, egui::Button::new("<"))
            .on_hover_text(tr(lang, "gui-action-previous-turn"))
            .clicked()
        {
            commands.push(Command::StepTurn(-1));
        }
        let selected = turns
            .get(context.current)
            .map(|t| turn_label(lang, t))
            .unwrap_or_default();
        egui::ComboBox::from_id_salt("turn-selector")
            .selected_text(selected)
            .width(320.0)
            .show_ui(ui, |ui| {
                for (index, turn) in turns.iter().enumerate() {
                    if ui
                        .selectable_label(index == context.current, turn_label(lang, turn))
                        .clicked()
                    {
                        commands.push(Command::SelectTurn(index));
                    }
                }
            })
            .response
            .labelled_by(label.id);
        if ui
            .add_enabled(context.current + 1 < turns.len(), egui::Button::new(">"))
            .on_hover_text(tr(lang, "gui-action-next-turn"))
            .clicked()
        {
            commands.push(Command::StepTurn(1));
        }
        for (name, turn) in context.session.pending_nbt() {
            ui.weak(tr_args(
                lang,
                "gui-nbt-waiting",
                &[("file", name), ("turn", &turn.to_string())],
            ));
        }
    });
}

/// `Tour 7 — demo_t7.cr (+ NBT)`.
pub fn turn_label(lang: Lang, turn: &super::session::LoadedTurn) -> String {
    let number = super::status::turn_text(&turn.view, lang);
    let mut label = tr_args(
        lang,
        "gui-turn-label",
        &[("turn", &number), ("file", &turn.cr.name)],
    );
    if turn.nbt.is_some() {
        label.push_str(" + NBT");
    }
    label
}

/// The notices, newest first, each with a button to dismiss it.
pub fn notices_ui(ui: &mut egui::Ui, notices: &[Notice], lang: Lang, commands: &mut Vec<Command>) {
    for (index, notice) in notices.iter().enumerate().rev() {
        let color = match notice.severity {
            Severity::Error => ui.visuals().error_fg_color,
            Severity::Warning => ui.visuals().warn_fg_color,
            Severity::Info => ui.visuals().text_color(),
        };
        ui.horizontal(|ui| {
            if ui
                .small_button("x")
                .on_hover_text(tr(lang, "gui-notice-dismiss"))
                .clicked()
            {
                commands.push(Command::DismissNotice(index));
            }
            ui.label(RichText::new(notice.text(lang)).color(color));
        });
    }
}
