//! The small windows of the Aide and Fichier menus: the shortcuts list (F1),
//! About, and "open a path" (for systems without a file dialog).

use egui::RichText;

use super::command::{Command, WindowId};
use super::context::UiContext;
use super::path_prompt::{PathPrompt, PromptTexts, path_prompt_window};
use super::ui_command::{Keys, TABLE};
use crate::i18n::{Lang, tr};

/// The keyboard shortcuts (F1): the command table's commands that have keys.
#[derive(Clone, Debug, Default)]
pub struct ShortcutsWindow {
    pub open: bool,
}

/// About Nébutil NG.
#[derive(Clone, Debug, Default)]
pub struct AboutWindow {
    pub open: bool,
}

/// "Open a path": CRs and NBTs typed, one a line.
#[derive(Clone, Debug, Default)]
pub struct OpenPathWindow {
    pub prompt: PathPrompt,
    /// The paths typed are allies' reports (File > Add an ally's report…
    /// without a file dialog), not the player's own files.
    pub for_ally: bool,
}

/// A small window in the middle of the screen, sized to its content.
fn centered<'a>(
    ctx: &egui::Context,
    id: WindowId,
    open: &'a mut bool,
    lang: Lang,
) -> egui::Window<'a> {
    crate::gui::windows::app_window(ctx, id.title(lang))
        .id(id.egui_id())
        .pivot(egui::Align2::CENTER_CENTER)
        .default_pos(ctx.content_rect().center())
        .open(open)
        .auto_sized()
        .collapsible(false)
}

/// Draws the shortcuts window (when open). Escape closes it when in front
/// (`Windows::show`).
pub fn shortcuts_window(ctx: &egui::Context, window: &mut ShortcutsWindow, lang: Lang) {
    centered(ctx, WindowId::Shortcuts, &mut window.open, lang).show(ctx, |ui| {
        egui::Grid::new("shortcuts")
            .num_columns(2)
            .striped(true)
            .spacing([24.0, 4.0])
            .show(ui, |ui| {
                for entry in TABLE.iter().filter(|e| e.keys != Keys::None) {
                    let keys = entry.command.keys_text(ctx, lang);
                    ui.label(RichText::new(keys).monospace());
                    ui.label(tr(lang, entry.label));
                    ui.end_row();
                }
            });
    });
}

/// Draws the About window (when open). Escape closes it when in front
/// (`Windows::show`).
pub fn about_window(ctx: &egui::Context, window: &mut AboutWindow, lang: Lang) {
    centered(ctx, WindowId::About, &mut window.open, lang).show(ctx, |ui| {
        ui.heading(format!("Nébutil NG {}", env!("CARGO_PKG_VERSION")));
        ui.label(tr(lang, "gui-about-text"));
        ui.add_space(6.0);
        ui.label(tr(lang, "gui-about-license"));
        ui.hyperlink(env!("CARGO_PKG_REPOSITORY"));
    });
}

/// Draws the "open a path" window (when open); the paths typed are sent as
/// `Command::OpenFiles`.
pub fn open_path_window(ctx: &egui::Context, window: &mut OpenPathWindow, cx: &mut UiContext<'_>) {
    let lang = cx.lang;
    let (title, help, button) = if window.for_ally {
        (
            tr(lang, "gui-ally-path-title"),
            tr(lang, "gui-ally-path-help"),
            tr(lang, "gui-ally-path-button"),
        )
    } else {
        (
            WindowId::OpenPath.title(lang),
            tr(lang, "gui-open-path-help"),
            tr(lang, "gui-open-path-button"),
        )
    };
    let texts = PromptTexts {
        title,
        help: Some(help),
        label: tr(lang, "gui-open-path-label"),
        multiline: true,
        cancel: tr(lang, "gui-cancel"),
    };
    let buttons = [((), button)];
    if let Some(((), paths)) = path_prompt_window(
        ctx,
        WindowId::OpenPath.name(),
        &mut window.prompt,
        &texts,
        &buttons,
    ) {
        cx.send(if window.for_ally {
            Command::AddAllyFiles(paths)
        } else {
            Command::OpenFiles(paths)
        });
        window.prompt.text.clear();
    }
}
