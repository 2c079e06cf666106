//! The top of the window: the menu bar, the turn selector, and the notices
//! (messages about files that could not be opened).

use std::path::PathBuf;

use egui::RichText;

use super::command::{Command, WindowId};
use super::context::UiContext;
use super::settings::ThemeChoice;
use super::ui_command::UiCommand;
use crate::diagnostic::Severity;
use crate::i18n::{Lang, tr, tr_args};

/// A message to the user about something the application did (a file that could
/// not be opened…). Kept as a message id and arguments, so that it follows the
/// language.
#[derive(Clone, Debug, PartialEq)]
pub struct Notice {
    pub severity: Severity,
    pub id: String,
    pub args: Vec<(String, String)>,
    /// When it was first shown (egui's clock, seconds): it goes
    /// [`Notice::lifetime`] seconds later.
    pub shown_at: Option<f64>,
}

impl Notice {
    pub fn new(severity: Severity, id: &str, args: Vec<(String, String)>) -> Self {
        Notice {
            severity,
            id: id.to_string(),
            args,
            shown_at: None,
        }
    }

    /// How long it stays, in seconds: 10 for news, 30 for a warning, 60 for
    /// an error (each can be dismissed sooner).
    pub fn lifetime(&self) -> f64 {
        match self.severity {
            Severity::Info => 10.0,
            Severity::Warning => 30.0,
            Severity::Error => 60.0,
        }
    }

    /// The file it speaks of (its `file` argument), if any.
    pub fn file(&self) -> Option<&str> {
        self.args
            .iter()
            .find(|(key, _)| key == "file")
            .map(|(_, value)| value.as_str())
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

/// What the menus show besides the [`UiContext`].
pub struct MenuState<'a> {
    pub theme: ThemeChoice,
    pub recent: &'a [PathBuf],
    /// The map is shown.
    pub map_shown: bool,
    /// The map's "Menaces" layer is drawn.
    pub threats_shown: bool,
    /// The order editor is shown.
    pub editor_shown: bool,
    /// The windows shown (their menu items are shown selected: a click hides
    /// them).
    pub windows_shown: Vec<WindowId>,
}

/// A menu item of the command table, its keys on the right: sends its
/// command when clicked.
fn command_item(ui: &mut egui::Ui, cx: &mut UiContext<'_>, command: UiCommand, enabled: bool) {
    let mut button = egui::Button::new(command.label(cx.lang));
    if let Some(shortcut) = command.shortcut() {
        button = button.shortcut_text(ui.ctx().format_shortcut(&shortcut));
    }
    if ui.add_enabled(enabled, button).clicked() {
        send_command(cx, command);
    }
}

/// A menu item that shows or hides a window or panel: selected while shown.
fn toggle_item(ui: &mut egui::Ui, cx: &mut UiContext<'_>, command: UiCommand, shown: bool) {
    let mut button = egui::Button::new(command.label(cx.lang)).selected(shown);
    if let Some(shortcut) = command.shortcut() {
        button = button.shortcut_text(ui.ctx().format_shortcut(&shortcut));
    }
    if ui.add(button).clicked() {
        send_command(cx, command);
    }
}

/// The menu item showing or hiding the window `id`.
fn window_item(ui: &mut egui::Ui, cx: &mut UiContext<'_>, id: WindowId, state: &MenuState<'_>) {
    let shown = state.windows_shown.contains(&id);
    toggle_item(ui, cx, id.ui_command(), shown);
}

fn send_command(cx: &mut UiContext<'_>, command: UiCommand) {
    if let Some(command) = command.command(cx.current) {
        cx.send(command);
    }
}

/// The menu bar: Fichier, Partie, Affichage, Aide.
pub fn menu_bar_ui(ui: &mut egui::Ui, cx: &mut UiContext<'_>, state: &MenuState<'_>) {
    egui::MenuBar::new().ui(ui, |ui| {
        ui.menu_button(cx.tr("gui-menu-file"), |ui| file_menu_ui(ui, cx, state));
        ui.menu_button(cx.tr("gui-arbiter-menu"), |ui| {
            command_item(ui, cx, UiCommand::OpenGame, true);
            window_item(ui, cx, WindowId::Arbiter, state);
        });
        ui.menu_button(cx.tr("gui-menu-view"), |ui| view_menu_ui(ui, cx, state));
        ui.menu_button(cx.tr("gui-menu-help"), |ui| {
            command_item(ui, cx, UiCommand::FirstSteps, true);
            window_item(ui, cx, WindowId::OrderLanguage, state);
            command_item(ui, cx, UiCommand::Help, true);
            window_item(ui, cx, WindowId::Rulings, state);
            command_item(ui, cx, UiCommand::About, true);
        });
    });
}

/// Fichier: open, recent files, demo, close, quit.
fn file_menu_ui(ui: &mut egui::Ui, cx: &mut UiContext<'_>, state: &MenuState<'_>) {
    command_item(ui, cx, UiCommand::Open, true);
    command_item(ui, cx, UiCommand::OpenPath, true);
    // An ally's report joins the player's turns: one must be loaded.
    let loaded = !cx.session.is_empty();
    let item = ui.add_enabled(loaded, egui::Button::new(UiCommand::AddAlly.label(cx.lang)));
    if item
        .on_hover_text(cx.tr("gui-menu-add-ally-hint"))
        .on_disabled_hover_text(cx.tr("gui-menu-add-ally-none"))
        .clicked()
    {
        send_command(cx, UiCommand::AddAlly);
    }
    ui.menu_button(cx.tr("gui-menu-recent"), |ui| {
        if state.recent.is_empty() {
            ui.weak(cx.tr("gui-recent-empty"));
        }
        for path in state.recent {
            if ui.button(path.display().to_string()).clicked() {
                cx.send(Command::OpenRecent(path.clone()));
            }
        }
        ui.separator();
        if ui
            .add_enabled(
                !state.recent.is_empty(),
                egui::Button::new(cx.tr("gui-menu-clear-recent")),
            )
            .clicked()
        {
            cx.send(Command::ClearRecent);
        }
    });
    command_item(ui, cx, UiCommand::OpenDemo, true);
    let loaded = !cx.session.is_empty();
    if ui
        .add_enabled(loaded, egui::Button::new(cx.tr("gui-menu-export-map")))
        .clicked()
    {
        cx.send(Command::ExportMap);
    }
    command_item(ui, cx, UiCommand::CloseTurn, loaded);
    ui.separator();
    command_item(ui, cx, UiCommand::Quit, true);
}

/// Affichage: language, theme, and the panels and windows.
fn view_menu_ui(ui: &mut egui::Ui, cx: &mut UiContext<'_>, state: &MenuState<'_>) {
    let lang = cx.lang;
    ui.menu_button(cx.tr("gui-menu-language"), |ui| {
        // Language names are written in their own language.
        for (choice, name) in [(Lang::Fr, "Français"), (Lang::En, "English")] {
            if ui.radio(lang == choice, name).clicked() {
                cx.send(Command::SetLang(choice));
            }
        }
    });
    ui.menu_button(cx.tr("gui-menu-theme"), |ui| {
        for choice in ThemeChoice::ALL {
            if ui
                .radio(state.theme == choice, tr(lang, choice.message_id()))
                .clicked()
            {
                cx.send(Command::SetTheme(choice));
            }
        }
    });
    ui.separator();
    let mut map_shown = state.map_shown;
    if ui
        .checkbox(&mut map_shown, UiCommand::Map.label(lang))
        .clicked()
    {
        send_command(cx, UiCommand::Map);
    }
    toggle_item(ui, cx, UiCommand::Threats, state.threats_shown);
    let loaded = !cx.session.is_empty();
    command_item(ui, cx, UiCommand::Worlds, true);
    command_item(ui, cx, UiCommand::Fleets, true);
    command_item(ui, cx, UiCommand::ToggleText, loaded);
    toggle_item(ui, cx, UiCommand::Editor, state.editor_shown);
    command_item(ui, cx, UiCommand::Preview, loaded);
    window_item(ui, cx, WindowId::Simulator, state);
    window_item(ui, cx, WindowId::Plots, state);
    window_item(ui, cx, WindowId::Courrier, state);
}

/// The turn selector: previous/next buttons and a list of the loaded turns.
pub fn turn_bar_ui(ui: &mut egui::Ui, cx: &mut UiContext<'_>) {
    let lang = cx.lang;
    let turns = cx.session.turns();
    let current = cx.current;
    let showing = cx.showing_prediction;
    let predicted = cx.predicted.map(|t| predicted_label(lang, t));
    let last = current + 1 == turns.len();
    ui.horizontal(|ui| {
        let label = ui.label(tr(lang, "gui-turn-selector"));
        if ui
            .add_enabled(current > 0 || showing, egui::Button::new("<"))
            .on_hover_text(tr(lang, "gui-action-previous-turn"))
            .clicked()
        {
            cx.send(Command::StepTurn(-1));
        }
        let selected = match (&predicted, showing) {
            (Some(text), true) => text.clone(),
            _ => turns
                .get(current)
                .map(|t| turn_label(lang, t))
                .unwrap_or_default(),
        };
        egui::ComboBox::from_id_salt("turn-selector")
            .selected_text(selected)
            .width(420.0)
            .show_ui(ui, |ui| {
                for (index, turn) in turns.iter().enumerate() {
                    if ui
                        .selectable_label(index == current && !showing, turn_label(lang, turn))
                        .clicked()
                    {
                        cx.send(Command::SelectTurn(index));
                    }
                }
                if let Some(text) = &predicted
                    && ui.selectable_label(showing, text).clicked()
                {
                    cx.send(Command::ShowPrediction(true));
                }
            })
            .response
            .labelled_by(label.id);
        let next = !showing && (current + 1 < turns.len() || (last && predicted.is_some()));
        if ui
            .add_enabled(next, egui::Button::new(">"))
            .on_hover_text(tr(lang, "gui-action-next-turn"))
            .clicked()
        {
            cx.send(Command::StepTurn(1));
        }
        for (name, turn) in cx.session.pending_nbt() {
            ui.weak(tr_args(
                lang,
                "gui-nbt-waiting",
                &[("file", name), ("turn", &turn.to_string())],
            ));
        }
    });
    if showing {
        prediction_bar_ui(ui, cx);
    }
    allies_bar_ui(ui, cx);
}

/// `Tour 8 (prévu)`: the predicted turn in the turn selector.
fn predicted_label(lang: Lang, turn: &super::session::LoadedTurn) -> String {
    tr_args(
        lang,
        "gui-turn-predicted",
        &[
            ("seat", &super::app::seat_text(&turn.view, lang)),
            ("turn", &super::status::turn_text(&turn.view, lang)),
        ],
    )
}

/// While the predicted turn is shown: what it is, and the way back.
fn prediction_bar_ui(ui: &mut egui::Ui, cx: &mut UiContext<'_>) {
    let lang = cx.lang;
    let real = cx
        .session
        .turn(cx.current)
        .map(|t| super::status::turn_text(&t.view, lang))
        .unwrap_or_default();
    ui.horizontal_wrapped(|ui| {
        ui.colored_label(
            ui.visuals().warn_fg_color,
            RichText::new(tr(lang, "gui-prediction-banner")).strong(),
        );
        if ui
            .button(tr_args(lang, "gui-prediction-back", &[("turn", &real)]))
            .clicked()
        {
            cx.send(Command::ShowPrediction(false));
        }
    });
}

/// The allies' reports loaded, each with its file and a button to close it.
fn allies_bar_ui(ui: &mut egui::Ui, cx: &mut UiContext<'_>) {
    let lang = cx.lang;
    let allies = cx.session.allies();
    if allies.is_empty() {
        return;
    }
    let mut close = None;
    ui.horizontal_wrapped(|ui| {
        ui.label(tr(lang, "gui-allies-label"))
            .on_hover_text(tr(lang, "gui-allies-hint"));
        for (index, ally) in allies.iter().enumerate() {
            let name = ally.view.player.as_ref().map_or("?", |p| p.name.as_str());
            let turn = super::status::turn_text(&ally.view, lang);
            ui.label(
                RichText::new(tr_args(
                    lang,
                    "gui-ally-entry",
                    &[("player", name), ("turn", &turn)],
                ))
                .color(ui.visuals().hyperlink_color),
            )
            .on_hover_text(&ally.cr.name);
            let hint = tr_args(lang, "gui-ally-close", &[("file", &ally.cr.name)]);
            let button = ui.small_button("x");
            // "x" on screen; what it does for the accessibility tree.
            button.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Button, true, &hint));
            if button.on_hover_text(&hint).clicked() {
                close = Some(index);
            }
        }
    });
    if let Some(index) = close {
        cx.send(Command::CloseAlly(index));
    }
}

/// `LYRA · "Maxtor":1 — Tour 7 — demo_t7.cr (+ NBT)`: the game and the
/// player first, so that the turns of two seats are never taken one for the
/// other.
pub fn turn_label(lang: Lang, turn: &super::session::LoadedTurn) -> String {
    let number = super::status::turn_text(&turn.view, lang);
    let mut label = tr_args(
        lang,
        "gui-turn-label",
        &[
            ("seat", &super::app::seat_text(&turn.view, lang)),
            ("turn", &number),
            ("file", &turn.cr.name),
        ],
    );
    if turn.nbt.is_some() {
        label.push_str(" + NBT");
    }
    label
}

/// The notices in one place: the newest, each with a button to dismiss it,
/// and the others behind "+n" (all of them when `expanded`), with "dismiss
/// all". They go by themselves ([`Notice::lifetime`]).
pub fn notices_ui(
    ui: &mut egui::Ui,
    cx: &mut UiContext<'_>,
    notices: &[Notice],
    expanded: &mut bool,
) {
    let lang = cx.lang;
    let older = notices.len().saturating_sub(1);
    if older == 0 {
        *expanded = false;
    }
    let shown = if *expanded { notices.len() } else { 1 };
    for (rank, (index, notice)) in notices.iter().enumerate().rev().take(shown).enumerate() {
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
                cx.send(Command::DismissNotice(index));
            }
            if rank == 0 && older > 0 {
                let more = tr_args(
                    lang,
                    if *expanded {
                        "gui-notices-fewer"
                    } else {
                        "gui-notices-more"
                    },
                    &[("count", &older.to_string())],
                );
                if ui.small_button(more).clicked() {
                    *expanded = !*expanded;
                }
                if ui
                    .small_button(tr(lang, "gui-notices-dismiss-all"))
                    .clicked()
                {
                    cx.send(Command::DismissNotices);
                }
            }
            ui.add(egui::Label::new(RichText::new(notice.text(lang)).color(color)).wrap());
        });
    }
}
