//! The system's file dialogs, and the "type the path" window offered where there
//! is none (no desktop portal, a bare X server, a remote session): one place for
//! both, used by the main window (open CRs), the order editor (export) and the
//! combat simulator (load / save a setup).
//!
//! A dialog is never shown by the tests: they drive the typed-path window.

use std::path::PathBuf;
use std::time::{Duration, Instant};

use egui::{Key, KeyboardShortcut, Modifiers};

/// A file dialog that answers faster than this was never shown: no person
/// cancels a dialog this fast.
pub const NO_DIALOG_DELAY: Duration = Duration::from_millis(300);

/// What a file dialog answered.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DialogAnswer<T> {
    /// The user picked this.
    Picked(T),
    /// The user closed the dialog.
    Cancelled,
    /// There was no dialog to show: offer to type the path.
    Unavailable,
}

/// Runs a blocking file dialog (`rfd`) and tells a cancel from a dialog that
/// could not be shown.
pub fn ask<T>(dialog: impl FnOnce() -> Option<T>) -> DialogAnswer<T> {
    let asked = Instant::now();
    answer(dialog(), asked.elapsed())
}

/// The answer for what the dialog returned after `elapsed`.
fn answer<T>(picked: Option<T>, elapsed: Duration) -> DialogAnswer<T> {
    match picked {
        Some(picked) => DialogAnswer::Picked(picked),
        None if elapsed < NO_DIALOG_DELAY => DialogAnswer::Unavailable,
        None => DialogAnswer::Cancelled,
    }
}

/// The state of a "type the path" window.
#[derive(Clone, Debug, Default)]
pub struct PathPrompt {
    /// The window is shown.
    pub open: bool,
    /// The text of the path field (one path a line when several are asked).
    pub text: String,
    /// Put the keyboard focus on the field next frame.
    focus: bool,
}

impl PathPrompt {
    /// Shows the window with `text` in the field (a path to start from, or
    /// nothing) and the keyboard focus on it.
    pub fn show(&mut self, text: String) {
        self.open = true;
        self.text = text;
        self.focus = true;
    }

    /// Shows the window, keeping what was typed.
    pub fn reopen(&mut self) {
        self.open = true;
        self.focus = true;
    }

    pub fn close(&mut self) {
        self.open = false;
    }

    /// The paths typed: one a line, trimmed, blank lines left out.
    pub fn paths(&self) -> Vec<PathBuf> {
        self.text
            .lines()
            .map(str::trim)
            .filter(|p| !p.is_empty())
            .map(PathBuf::from)
            .collect()
    }
}

/// The words of one "type the path" window (already translated).
pub struct PromptTexts {
    pub title: String,
    /// A line above the field.
    pub help: Option<String>,
    /// The field's label (also its accessible name).
    pub label: String,
    /// Several paths, one a line (Ctrl+Enter confirms); else one path (Enter).
    pub multiline: bool,
    /// The "cancel" button.
    pub cancel: String,
}

/// Draws the window when it is open. `buttons`: what the typed paths can be used
/// for, each with its button's text (Enter / Ctrl+Enter = the first). Returns the
/// button chosen and the paths typed (never empty); the window then closes and
/// keeps the text for next time.
pub fn path_prompt_window<B: Clone>(
    ctx: &egui::Context,
    id: &str,
    prompt: &mut PathPrompt,
    texts: &PromptTexts,
    buttons: &[(B, String)],
) -> Option<(B, Vec<PathBuf>)> {
    if !prompt.open {
        return None;
    }
    // Escape closes it, like every dialog of the application.
    let mut open = !ctx.input(|i| i.key_pressed(Key::Escape));
    let mut chosen = None;
    let mut cancel = false;
    crate::gui::windows::app_window(ctx, texts.title.as_str())
        .id(egui::Id::unique(id))
        // Above every window: the window it was asked from must not cover it.
        .order(egui::Order::Foreground)
        .pivot(egui::Align2::CENTER_CENTER)
        .default_pos(ctx.content_rect().center())
        .open(&mut open)
        .resizable(false)
        .collapsible(false)
        .show(ctx, |ui| {
            if let Some(help) = &texts.help {
                ui.label(help.as_str());
            }
            let label = ui.label(texts.label.as_str());
            let field = if texts.multiline {
                egui::TextEdit::multiline(&mut prompt.text).desired_rows(3)
            } else {
                egui::TextEdit::singleline(&mut prompt.text)
            };
            let edit = ui.add(field.desired_width(460.0)).labelled_by(label.id);
            if prompt.focus {
                edit.request_focus();
                prompt.focus = false;
            }
            let entered = if texts.multiline {
                edit.has_focus()
                    && ui.input_mut(|i| {
                        i.consume_shortcut(&KeyboardShortcut::new(Modifiers::COMMAND, Key::Enter))
                    })
            } else {
                edit.lost_focus() && ui.input(|i| i.key_pressed(Key::Enter))
            };
            let paths = prompt.paths();
            ui.horizontal(|ui| {
                for (index, (what, text)) in buttons.iter().enumerate() {
                    let clicked = ui
                        .add_enabled(!paths.is_empty(), egui::Button::new(text.as_str()))
                        .clicked();
                    if (clicked || (entered && index == 0)) && !paths.is_empty() {
                        chosen = Some((what.clone(), paths.clone()));
                    }
                }
                if ui.button(texts.cancel.as_str()).clicked() {
                    cancel = true;
                }
            });
        });
    if chosen.is_some() || cancel || !open {
        prompt.open = false;
    }
    chosen
}

/// "Replace the file?" before an export writes over a file that exists:
/// `Some(true)` to write, `Some(false)` when cancelled (or Escape), `None`
/// while the player has not answered.
pub fn overwrite_window(
    ctx: &egui::Context,
    id: &str,
    path: &std::path::Path,
    lang: crate::i18n::Lang,
) -> Option<bool> {
    use crate::i18n::{tr, tr_args};
    let mut answer = ctx.input(|i| i.key_pressed(Key::Escape)).then_some(false);
    crate::gui::windows::app_window(ctx, tr(lang, "gui-editor-overwrite-title"))
        .id(egui::Id::unique(id))
        .order(egui::Order::Foreground)
        .pivot(egui::Align2::CENTER_CENTER)
        .default_pos(ctx.content_rect().center())
        .resizable(false)
        .collapsible(false)
        .show(ctx, |ui| {
            ui.label(tr_args(
                lang,
                "gui-editor-overwrite",
                &[("file", &path.display().to_string())],
            ));
            ui.horizontal(|ui| {
                if ui.button(tr(lang, "gui-editor-overwrite-yes")).clicked() {
                    answer = Some(true);
                }
                if ui.button(tr(lang, "gui-cancel")).clicked() {
                    answer = Some(false);
                }
            });
        });
    answer
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_fast_empty_answer_means_no_dialog_a_slow_one_a_cancel() {
        assert_eq!(
            answer(Some(3), Duration::from_millis(5)),
            DialogAnswer::Picked(3)
        );
        assert_eq!(
            answer::<u8>(None, Duration::from_millis(5)),
            DialogAnswer::Unavailable
        );
        assert_eq!(
            answer::<u8>(None, Duration::from_secs(4)),
            DialogAnswer::Cancelled
        );
    }

    #[test]
    fn typed_paths_are_one_a_line_trimmed_without_blank_lines() {
        let mut prompt = PathPrompt::default();
        prompt.show("  /cr/t5.txt \n\n/cr/t5.NBT\n   \n".to_string());
        assert!(prompt.open);
        assert_eq!(
            prompt.paths(),
            [PathBuf::from("/cr/t5.txt"), PathBuf::from("/cr/t5.NBT")]
        );
        prompt.close();
        assert!(!prompt.open);
    }
}
