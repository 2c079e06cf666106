//! The editor's panel and windows: the toolbar, the text with its
//! highlighting, hover and completion, the diagnostics, the export windows.

use std::sync::Arc;

use egui::text::{CCursor, CCursorRange};
use egui::text_edit::TextEditState;
use egui::{Id, Key, Modifiers, RichText};

use super::{
    EditorContext, EditorState, Export, Outgoing, PopupHit, char_index, complete, drafts,
    escape_pressed, highlight, line_of, text_id,
};
use crate::diagnostic::{Diagnostic, Severity};
use crate::gui::inspector::severity_color;
use crate::gui::path_prompt::{PromptTexts, path_prompt_window};
use crate::gui::ui_command::UiCommand;
use crate::i18n::{Lang, tr, tr_args};
use crate::orders::explain;
use crate::orders::mail::MailKind;

/// The editor panel.
pub fn editor_ui(ui: &mut egui::Ui, state: &mut EditorState, context: &EditorContext<'_>) {
    let lang = context.lang;
    toolbar_ui(ui, state, context);
    draft_line_ui(ui, state, lang);
    if let Some(status) = &state.status {
        let mut dismiss = false;
        ui.horizontal_wrapped(|ui| {
            if ui
                .small_button("x")
                .on_hover_text(tr(lang, "gui-notice-dismiss"))
                .clicked()
            {
                dismiss = true;
            }
            ui.label(RichText::new(status.text(lang)).color(severity_color(ui, status.severity)));
        });
        if dismiss {
            state.status = None;
        }
    }
    // The orders check grows with its messages (up to six, two lines each, and
    // never over 45 % of the panel); the player may drag it taller.
    let room = ui.available_height();
    let row = ui.text_style_height(&egui::TextStyle::Body) + ui.spacing().item_spacing.y;
    let messages = state.analysis.checked.diagnostics.len().clamp(1, 6) as f32;
    let wanted = (2.0 * row + messages * 2.0 * row).clamp(60.0, (room * 0.45).max(60.0));
    egui::Panel::bottom("editor-diagnostics")
        .resizable(true)
        .default_size(170.0)
        .min_size(wanted)
        .max_size((room * 0.8).max(wanted))
        .show(ui, |ui| diagnostics_list_ui(ui, state, lang));
    egui::CentralPanel::default().show(ui, |ui| text_ui(ui, state, context));
    windows_ui(ui.ctx(), state, context);
}

fn toolbar_ui(ui: &mut egui::Ui, state: &mut EditorState, context: &EditorContext<'_>) {
    let lang = context.lang;
    let ctx = ui.ctx().clone();
    ui.horizontal_wrapped(|ui| {
        ui.strong(tr(lang, "gui-editor-title"));
        let (can_undo, can_redo) = state.can_undo_redo(&ctx);
        if ui
            .add_enabled(can_undo, egui::Button::new(tr(lang, "gui-editor-undo")))
            .on_hover_text("Ctrl+Z")
            .clicked()
        {
            state.undo_redo(&ctx, false);
        }
        if ui
            .add_enabled(can_redo, egui::Button::new(tr(lang, "gui-editor-redo")))
            .on_hover_text("Ctrl+Shift+Z, Ctrl+Y")
            .clicked()
        {
            state.undo_redo(&ctx, true);
        }
        if ui
            .button(tr(lang, "gui-editor-format"))
            .on_hover_text(tr(lang, "gui-editor-format-hint"))
            .clicked()
        {
            let formatted = crate::orders::format_orders(&state.text);
            if formatted != state.text {
                state.replace_text(&ctx, formatted, false);
            }
        }
        ui.separator();
        let offered = state
            .default_export_path(Export::Orders)
            .display()
            .to_string();
        if ui
            .button(tr(lang, "gui-editor-export"))
            .on_hover_text(tr_args(
                lang,
                "gui-editor-export-hint",
                &[("file", &offered)],
            ))
            .clicked()
        {
            state.request_outgoing(&ctx, Outgoing::ExportDialog, lang);
        }
        if ui.button(tr(lang, "gui-editor-export-path")).clicked() {
            state.request_outgoing(&ctx, Outgoing::ExportPath, lang);
        }
        // Printing is no sending: the orders go out as they are, errors or not.
        ui.menu_button(tr(lang, "gui-editor-print"), |ui| {
            if ui.button(tr(lang, "gui-editor-print-html")).clicked() {
                state.export_dialog(Export::PrintHtml, lang);
            }
            if ui.button(tr(lang, "gui-editor-print-text")).clicked() {
                state.export_dialog(Export::PrintText, lang);
            }
            if ui.button(tr(lang, "gui-editor-print-path")).clicked() {
                state.open_path_window(Export::PrintHtml);
            }
        });
        if ui
            .button(tr(lang, "gui-editor-copy"))
            .on_hover_text(tr(lang, "gui-editor-copy-hint"))
            .clicked()
        {
            state.request_outgoing(&ctx, Outgoing::Copy, lang);
        }
        if ui.button(tr(lang, "gui-editor-mail")).clicked() {
            state.open_mail(context.knowledge);
        }
        // The what-if preview (the resolver run on the player's view with these
        // orders): the application runs it (`Command::Preview`).
        if ui
            .button(tr(lang, "gui-editor-preview"))
            .on_hover_text(UiCommand::Preview.hover_text(&ctx, lang))
            .clicked()
        {
            state.preview_requested = true;
        }
    });
}

fn draft_line_ui(ui: &mut egui::Ui, state: &mut EditorState, lang: Lang) {
    let checked = &state.analysis.checked;
    let count = |severity: Severity| {
        checked
            .diagnostics
            .iter()
            .filter(|d| d.severity == severity)
            .count()
            .to_string()
    };
    ui.weak(tr_args(
        lang,
        "gui-editor-counts",
        &[
            ("orders", &checked.file.orders.len().to_string()),
            ("errors", &count(Severity::Error)),
            ("warnings", &count(Severity::Warning)),
        ],
    ));
    let draft = match (&state.data_dir, &state.key, &state.save_error) {
        (None, _, _) => tr(lang, "gui-editor-draft-no-dir"),
        (_, None, _) => tr(lang, "gui-editor-draft-no-key"),
        (_, _, Some(error)) => tr_args(lang, "gui-editor-draft-error", &[("error", error)]),
        (Some(dir), Some(key), None) => tr_args(
            lang,
            "gui-editor-draft-saved",
            &[("file", &drafts::draft_path(dir, key).display().to_string())],
        ),
    };
    ui.weak(draft);
    if let Some(draft) = state.pending_draft.clone() {
        ui.group(|ui| {
            ui.label(
                RichText::new(tr(lang, "gui-editor-draft-found")).color(ui.visuals().warn_fg_color),
            );
            ui.horizontal(|ui| {
                if ui.button(tr(lang, "gui-editor-draft-load")).clicked() {
                    state.replace_text(ui.ctx(), draft.clone(), false);
                    state.pending_draft = None;
                }
                if ui.button(tr(lang, "gui-editor-draft-keep")).clicked() {
                    // The text is saved over the draft at the next autosave.
                    state.pending_draft = None;
                }
            });
        });
    }
}

/// How many diagnostics the editor's list lays out.
const EDITOR_LISTED: usize = 300;

fn diagnostics_list_ui(ui: &mut egui::Ui, state: &mut EditorState, lang: Lang) {
    let diagnostics = &state.analysis.checked.diagnostics;
    ui.strong(tr_args(
        lang,
        "gui-editor-diagnostics",
        &[("count", &diagnostics.len().to_string())],
    ));
    if diagnostics.is_empty() {
        ui.weak(tr(lang, "gui-editor-no-diagnostics"));
        return;
    }
    let mut jump = None;
    let mut forms = None;
    // Each message whole, wrapped to the panel's width, after a "?" that opens
    // the order language on its line's forms. At most
    // `EDITOR_LISTED` are laid out (the count above is the total): a draft
    // full of errors stays fast.
    egui::ScrollArea::vertical()
        .id_salt("editor-diagnostics-list")
        .auto_shrink([false, false])
        .show(ui, |ui| {
            for diagnostic in diagnostics.iter().take(EDITOR_LISTED) {
                let color = severity_color(ui, diagnostic.severity);
                let message = diagnostic.message(lang);
                let text = format!(
                    "{}:{}  {message}",
                    diagnostic.span.line, diagnostic.span.column,
                );
                let line = state.line_text(diagnostic.span.line);
                let is_order = !line.trim().is_empty() && !line.trim_start().starts_with('#');
                ui.horizontal(|ui| {
                    if is_order {
                        // "?" on screen; its full name for the accessibility tree.
                        let hint = tr(lang, "gui-order-language-see-hint");
                        let button = ui.small_button("?");
                        button.widget_info(|| {
                            egui::WidgetInfo::labeled(egui::Role::Button, true, &hint)
                        });
                        if button.on_hover_text(&hint).clicked() {
                            forms = Some(line.to_string());
                        }
                    }
                    let response = ui
                        .add(
                            egui::Button::selectable(false, RichText::new(text).color(color))
                                .wrap(),
                        )
                        .on_hover_text(format!(
                            "{} [{}]",
                            crate::gui::diagnostics::severity_text(lang, diagnostic.severity),
                            diagnostic.code
                        ));
                    if response.clicked() {
                        jump = Some(diagnostic.span);
                    }
                });
            }
            if diagnostics.len() > EDITOR_LISTED {
                ui.weak(tr_args(
                    lang,
                    "gui-editor-diagnostics-more",
                    &[("count", &(diagnostics.len() - EDITOR_LISTED).to_string())],
                ));
            }
        });
    if forms.is_some() {
        state.order_forms_requested = forms;
    }
    if let Some(span) = jump {
        let start = char_index(&state.text, span.line, span.column);
        let end = char_index(&state.text, span.line, span.end_column).max(start);
        state.jump = Some((start, end, 0));
        ui.ctx().request_repaint();
    }
}

/// Keys for the completion popup, taken before the text field sees them.
#[derive(Default)]
struct PopupKeys {
    up: usize,
    down: usize,
    accept: bool,
    dismiss: bool,
}

fn consume(input: &mut egui::InputState, key: Key) -> usize {
    let mut count = 0;
    while input.consume_key(Modifiers::NONE, key) {
        count += 1;
    }
    count
}

fn text_ui(ui: &mut egui::Ui, state: &mut EditorState, context: &EditorContext<'_>) {
    let lang = context.lang;
    let ctx = ui.ctx().clone();
    let id = text_id();

    // A diagnostic clicked: focus the text, then (once focused: an unfocused
    // text field keeps only the cursor of a selection) select its span.
    if let Some((start, end, tries)) = state.jump {
        if ctx.memory(|m| m.has_focus(id)) || tries >= 3 {
            let mut edit_state = TextEditState::load(&ctx, id).unwrap_or_default();
            edit_state.cursor.set_char_range(Some(CCursorRange::two(
                CCursor::new(start),
                CCursor::new(end),
            )));
            edit_state.store(&ctx, id);
            state.jump = None;
        } else {
            ctx.memory_mut(|m| m.request_focus(id));
            state.jump = Some((start, end, tries + 1));
        }
        ctx.request_repaint();
    }

    let mut keys = PopupKeys::default();
    if state.completion.open && ctx.memory(|m| m.has_focus(id)) {
        ctx.input_mut(|input| {
            // Letters typed in the same frame as Enter (a fast typist): the
            // popup shows what was written before them, so Enter ends the
            // line rather than accept a suggestion for an older word.
            let typing = input
                .events
                .iter()
                .any(|e| matches!(e, egui::Event::Text(_)));
            keys.up = consume(input, Key::ArrowUp);
            keys.down = consume(input, Key::ArrowDown);
            keys.accept = consume(input, Key::Tab) > 0;
            if state.completion.enter_accepts && !typing {
                keys.accept |= consume(input, Key::Enter) > 0;
            }
            keys.dismiss = consume(input, Key::Escape) > 0;
        });
    }

    // A click on a row of the popup drawn last frame.
    let popup_hit = if state.completion.open {
        ctx.input(|i| i.pointer.any_click().then(|| i.pointer.interact_pos()))
            .flatten()
            .and_then(|pos| {
                state
                    .completion
                    .hits
                    .iter()
                    .find(|(rect, _)| rect.contains(pos))
                    .map(|(_, hit)| hit.clone())
            })
    } else {
        None
    };

    let label = ui.label(tr(lang, "gui-editor-text-label"));
    state.load_rules(context.ruleset);
    let before = state.text.clone();
    let EditorState {
        text,
        analysis,
        rules,
        layout,
        ..
    } = state;
    let font = egui::TextStyle::Monospace.resolve(ui.style());
    let mut layouter = |ui: &egui::Ui, buffer: &dyn egui::TextBuffer, wrap_width: f32| {
        if let Some((_, rules)) = rules.as_ref() {
            analysis.ensure(buffer.as_str(), context, rules);
        }
        let dark = ui.visuals().dark_mode;
        let cache_key = (analysis.generation, dark, font.size.to_bits());
        let job = match layout {
            Some((key, job)) if *key == cache_key => job.clone(),
            _ => {
                let job = highlight::layout_job(
                    buffer.as_str(),
                    &analysis.checked.diagnostics,
                    font.clone(),
                    ui.visuals(),
                );
                *layout = Some((cache_key, job.clone()));
                job
            }
        };
        let mut job = job;
        job.wrap.max_width = wrap_width;
        ui.fonts_mut(|f| f.layout_job(job))
    };
    let output = egui::ScrollArea::vertical()
        .id_salt("editor-text-scroll")
        .auto_shrink([false, false])
        .show(ui, |ui| {
            egui::TextEdit::multiline(text)
                .id(id)
                .code_editor()
                .hint_text(tr(lang, "gui-editor-hint"))
                .desired_width(f32::INFINITY)
                .desired_rows(24)
                .layouter(&mut layouter)
                .show(ui)
        })
        .inner;
    let response = output.response.response.clone().labelled_by(label.id);
    let changed = state.text != before;

    hover_ui(&response, &output.galley, output.galley_pos, state, lang);
    match popup_hit {
        Some(PopupHit::Suggestion(chosen)) => {
            let cursor = state.completion.cursor.unwrap_or_default();
            accept_suggestion(&ctx, state, cursor, &chosen);
            ctx.memory_mut(|m| m.request_focus(id));
        }
        Some(PopupHit::Forms(line)) => {
            state.order_forms_requested = Some(line);
            state.completion.open = false;
        }
        None => completion_ui(ui, state, context, &output, changed, keys),
    }
    if !state.completion.open {
        state.completion.hits.clear();
    }
}

/// The tooltip of the order line under the pointer: its explanation and its
/// diagnostics.
fn hover_ui(
    response: &egui::Response,
    galley: &Arc<egui::Galley>,
    galley_pos: egui::Pos2,
    state: &EditorState,
    lang: Lang,
) {
    let Some(pointer) = response.hover_pos() else {
        return;
    };
    let cursor = galley.cursor_from_pos(pointer - galley_pos);
    let line = line_of(&state.text, cursor.index.0);
    let checked = &state.analysis.checked;
    let order = checked.file.orders.iter().find(|o| o.span.line == line);
    let diagnostics: Vec<&Diagnostic> = checked
        .diagnostics
        .iter()
        .filter(|d| d.span.line == line)
        .collect();
    if order.is_none() && diagnostics.is_empty() {
        return;
    }
    response.clone().on_hover_ui(|ui| {
        if let Some(order) = order {
            ui.label(explain(&order.kind, lang));
            ui.label(RichText::new(order.kind.to_string()).monospace().weak());
        }
        for diagnostic in diagnostics {
            ui.label(
                RichText::new(diagnostic.message(lang))
                    .color(severity_color(ui, diagnostic.severity)),
            );
        }
    });
}

/// The completion popup under the cursor.
fn completion_ui(
    ui: &mut egui::Ui,
    state: &mut EditorState,
    context: &EditorContext<'_>,
    output: &egui::text_edit::TextEditOutput,
    changed: bool,
    keys: PopupKeys,
) {
    let ctx = ui.ctx().clone();
    let focused = output.response.response.has_focus();
    let Some(range) = output.cursor_range else {
        state.completion.open = false;
        return;
    };
    let cursor = range.primary.index.0;
    let suggestions = if range.is_empty() {
        complete::suggest(&state.text, cursor, context.knowledge)
    } else {
        Vec::new()
    };
    let completion = &mut state.completion;
    if keys.dismiss {
        completion.dismissed = Some(state.text.clone());
    }
    if completion.dismissed.as_deref() != Some(state.text.as_str()) {
        completion.dismissed = None;
    }
    // Opens while typing; closes when the cursor moves without typing, on
    // Escape, without focus or without suggestions.
    let moved = completion.cursor != Some(cursor);
    completion.cursor = Some(cursor);
    if changed {
        completion.open = true;
        completion.selected = 0;
        completion.navigated = false;
    } else if moved {
        completion.open = false;
    }
    if !focused || suggestions.is_empty() || completion.dismissed.is_some() {
        completion.open = false;
    }
    if !completion.open {
        return;
    }
    let len = suggestions.len();
    completion.selected = (completion.selected + keys.down + len * keys.up.max(1) - keys.up) % len;
    completion.navigated |= keys.up + keys.down > 0;
    completion.enter_accepts =
        completion.navigated || !complete::is_complete(&state.text, cursor, context.knowledge);
    if keys.accept {
        let chosen = suggestions[completion.selected.min(len - 1)].insert.clone();
        accept_suggestion(&ctx, state, cursor, &chosen);
        return;
    }
    let caret = output
        .galley
        .pos_from_cursor(range.primary)
        .translate(output.galley_pos.to_vec2());
    let selected = completion.selected;
    let line = state
        .line_text(super::line_of(&state.text, cursor))
        .to_string();
    state.completion.hits =
        suggestions_popup_ui(&ctx, &suggestions, selected, caret, &line, context.lang);
}

/// Replaces the word before the cursor with the suggestion chosen with the
/// keyboard; the cursor goes after it, and it is an undo point.
fn accept_suggestion(ctx: &egui::Context, state: &mut EditorState, cursor: usize, chosen: &str) {
    let word = complete::word_before(&state.text, cursor);
    let mut text: String = state.text.chars().take(word.start).collect();
    text.push_str(chosen);
    let caret = text.chars().count();
    text.extend(state.text.chars().skip(word.end));
    state.completion.open = false;
    state.replace_text(ctx, text, false);
    // The cursor after the inserted word.
    let mut edit_state = TextEditState::load(ctx, text_id()).unwrap_or_default();
    edit_state
        .cursor
        .set_char_range(Some(CCursorRange::one(CCursor::new(caret))));
    let mut undoer = edit_state.undoer();
    undoer.add_undo(&(CCursorRange::one(CCursor::new(caret)), state.text.clone()));
    edit_state.set_undoer(undoer);
    edit_state.store(ctx, text_id());
    ctx.request_repaint();
}

/// How many of the forms the line may become the completion shows.
const FORMS_SHOWN: usize = 3;

/// The suggestions under the cursor (`caret`), `selected` highlighted, and
/// below them the forms `line` may become (the first few) with a link to the
/// order language; where each row is and what it does when clicked.
fn suggestions_popup_ui(
    ctx: &egui::Context,
    suggestions: &[complete::Suggestion],
    selected: usize,
    caret: egui::Rect,
    line: &str,
    lang: Lang,
) -> Vec<(egui::Rect, PopupHit)> {
    let mut hits = Vec::new();
    let forms = crate::orders::forms::matching_line(line);
    egui::Area::new(Id::unique("order-editor-completion"))
        .order(egui::Order::Foreground)
        .fixed_pos(caret.left_bottom() + egui::vec2(0.0, 2.0))
        .show(ctx, |ui| {
            egui::Frame::popup(ui.style()).show(ui, |ui| {
                ui.set_max_width(320.0);
                for (index, suggestion) in suggestions.iter().enumerate() {
                    let text = if suggestion.detail.is_empty() {
                        RichText::new(&suggestion.insert).monospace()
                    } else {
                        RichText::new(format!("{}  {}", suggestion.insert, suggestion.detail))
                            .monospace()
                    };
                    let row = ui.add(egui::Button::selectable(index == selected, text));
                    hits.push((row.rect, PopupHit::Suggestion(suggestion.insert.clone())));
                }
                if forms.is_empty() {
                    return;
                }
                ui.separator();
                for form in forms.iter().take(FORMS_SHOWN) {
                    ui.weak(RichText::new(form.syntax).monospace());
                }
                let more = tr_args(
                    lang,
                    "gui-order-language-forms",
                    &[("count", &forms.len().to_string())],
                );
                let link = ui
                    .link(more)
                    .on_hover_text(tr(lang, "gui-order-language-see-hint"));
                hits.push((link.rect, PopupHit::Forms(line.to_string())));
            });
        });
    hits
}

/// How many diagnostics the "orders with errors" question lists.
const OUTGOING_LISTED: usize = 5;

/// "These orders have errors": asked before orders with errors leave the
/// editor (export, copy, mail). "Export anyway" goes on; "Back to the editor"
/// (or Escape) puts the cursor on the first error.
fn outgoing_confirm_ui(ctx: &egui::Context, state: &mut EditorState, lang: Lang) {
    let Some(what) = state.outgoing else {
        return;
    };
    let diagnostics = &state.analysis.checked.diagnostics;
    let count = |severity: Severity| {
        diagnostics
            .iter()
            .filter(|d| d.severity == severity)
            .count()
    };
    let (errors, warnings) = (count(Severity::Error), count(Severity::Warning));
    let mut answer = escape_pressed(ctx).then_some(false);
    crate::gui::windows::app_window(ctx, tr(lang, "gui-editor-errors-title"))
        .id(Id::unique("editor-errors-window"))
        .order(egui::Order::Foreground)
        .pivot(egui::Align2::CENTER_CENTER)
        .default_pos(ctx.content_rect().center())
        .resizable(false)
        .collapsible(false)
        .show(ctx, |ui| {
            ui.set_max_width(520.0);
            ui.label(tr_args(
                lang,
                "gui-editor-errors-counts",
                &[
                    ("errors", &errors.to_string()),
                    ("warnings", &warnings.to_string()),
                ],
            ));
            listed_diagnostics_ui(ui, diagnostics, errors + warnings, lang);
            let copy = matches!(what, Outgoing::Copy | Outgoing::MailCopy);
            ui.label(tr(
                lang,
                if copy {
                    "gui-editor-errors-question-copy"
                } else {
                    "gui-editor-errors-question"
                },
            ));
            ui.horizontal(|ui| {
                if ui.button(tr(lang, "gui-editor-errors-back")).clicked() {
                    answer = Some(false);
                }
                let anyway = if copy {
                    "gui-editor-errors-anyway-copy"
                } else {
                    "gui-editor-errors-anyway"
                };
                if ui.button(tr(lang, anyway)).clicked() {
                    answer = Some(true);
                }
            });
        });
    match answer {
        Some(true) => {
            state.outgoing = None;
            state.perform_outgoing(ctx, what, lang);
        }
        Some(false) => {
            state.outgoing = None;
            if let Some(first) = diagnostics.iter().find(|d| d.severity == Severity::Error) {
                let span = first.span;
                let start = char_index(&state.text, span.line, span.column);
                let end = char_index(&state.text, span.line, span.end_column).max(start);
                state.jump = Some((start, end, 0));
            }
            state.mail.open = false;
        }
        None => {}
    }
}

/// The first errors, then warnings, of the draft (a few), and how many more.
fn listed_diagnostics_ui(ui: &mut egui::Ui, diagnostics: &[Diagnostic], total: usize, lang: Lang) {
    let listed: Vec<&Diagnostic> = diagnostics
        .iter()
        .filter(|d| d.severity == Severity::Error)
        .chain(
            diagnostics
                .iter()
                .filter(|d| d.severity == Severity::Warning),
        )
        .take(OUTGOING_LISTED)
        .collect();
    for diagnostic in &listed {
        let line = tr_args(
            lang,
            "gui-editor-errors-line",
            &[
                ("line", &diagnostic.span.line.to_string()),
                ("message", &diagnostic.message(lang)),
            ],
        );
        ui.add(
            egui::Label::new(RichText::new(line).color(severity_color(ui, diagnostic.severity)))
                .wrap(),
        );
    }
    let more = total.saturating_sub(listed.len());
    if more > 0 {
        ui.weak(tr_args(
            lang,
            "gui-editor-errors-more",
            &[("count", &more.to_string())],
        ));
    }
}

/// The editor's windows: export to a typed path, overwrite confirmation, mail.
fn windows_ui(ctx: &egui::Context, state: &mut EditorState, context: &EditorContext<'_>) {
    let lang = context.lang;

    let texts = PromptTexts {
        title: tr(lang, "gui-editor-path-title"),
        help: None,
        label: tr(lang, "gui-editor-path-label"),
        multiline: false,
        cancel: tr(lang, "gui-cancel"),
    };
    let buttons = match state.path_for {
        Export::PrintHtml | Export::PrintText => vec![
            (Export::PrintHtml, tr(lang, "gui-editor-print-path-html")),
            (Export::PrintText, tr(lang, "gui-editor-print-path-text")),
        ],
        what => vec![(what, tr(lang, "gui-editor-path-button"))],
    };
    if let Some((what, paths)) = path_prompt_window(
        ctx,
        "editor-path-window",
        &mut state.path_prompt,
        &texts,
        &buttons,
    ) && let Some(path) = paths.into_iter().next()
    {
        state.request_write(path, what);
    }

    outgoing_confirm_ui(ctx, state, lang);

    overwrite_confirm_ui(ctx, state, lang);
    if state.mail.open {
        mail_window(ctx, state, lang);
    }
}

/// "Write over this file?" before an export replaces a file.
fn overwrite_confirm_ui(ctx: &egui::Context, state: &mut EditorState, lang: Lang) {
    if let Some(pending) = state.confirm.clone() {
        let mut answer = escape_pressed(ctx).then_some(false);
        crate::gui::windows::app_window(ctx, tr(lang, "gui-editor-overwrite-title"))
            .id(Id::unique("editor-overwrite-window"))
            .pivot(egui::Align2::CENTER_CENTER)
            .default_pos(ctx.content_rect().center())
            .resizable(false)
            .collapsible(false)
            .show(ctx, |ui| {
                ui.label(tr_args(
                    lang,
                    "gui-editor-overwrite",
                    &[("file", &pending.path.display().to_string())],
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
        match answer {
            Some(true) => {
                state.confirm = None;
                state.write(&pending.path, &pending.content, pending.what);
            }
            Some(false) => state.confirm = None,
            None => {}
        }
    }
}

/// The mail for the arbiter's server: its fields, its checks, its subject and
/// body, copy and save.
fn mail_window(ctx: &egui::Context, state: &mut EditorState, lang: Lang) {
    let mut open = !escape_pressed(ctx);
    let mut outgoing = None;
    crate::gui::windows::app_window(ctx, tr(lang, "gui-editor-mail-title"))
        .id(Id::unique("editor-mail-window"))
        .pivot(egui::Align2::CENTER_CENTER)
        .default_pos(ctx.content_rect().center())
        .min_width(460.0)
        .open(&mut open)
        .collapsible(false)
        .show(ctx, |ui| {
            egui::Grid::new("editor-mail-fields")
                .num_columns(2)
                .show(ui, |ui| {
                    for (id, field, password) in [
                        ("gui-editor-mail-game", &mut state.mail.game, false),
                        ("gui-editor-mail-player", &mut state.mail.player, false),
                        ("gui-editor-mail-password", &mut state.mail.password, true),
                        (
                            "gui-editor-mail-ack",
                            &mut state.mail.acknowledgement,
                            false,
                        ),
                    ] {
                        let label = ui.label(tr(lang, id));
                        ui.add(
                            egui::TextEdit::singleline(field)
                                .password(password)
                                .desired_width(260.0)
                                .min_size(egui::vec2(260.0, 0.0)),
                        )
                        .labelled_by(label.id);
                        ui.end_row();
                    }
                });
            // The Courrier window sends it (and keeps the address, the
            // password in the keyring): one click there.
            ui.horizontal_wrapped(|ui| {
                ui.weak(tr(lang, "gui-editor-mail-more"));
                if ui
                    .button(tr(lang, "gui-editor-mail-open-courrier"))
                    .clicked()
                {
                    state.courrier_requested = true;
                    state.mail.open = false;
                }
            });
            ui.separator();
            match state.orders_mail() {
                None => {
                    ui.weak(tr(lang, "gui-editor-mail-missing"));
                }
                Some(mail) => {
                    for diagnostic in MailKind::Orders(mail.clone()).check() {
                        ui.label(
                            RichText::new(diagnostic.message(lang))
                                .color(severity_color(ui, diagnostic.severity)),
                        );
                    }
                    let mail = mail.to_mail();
                    ui.label(tr(lang, "gui-editor-mail-subject"));
                    ui.label(RichText::new(&mail.subject).monospace());
                    ui.label(tr(lang, "gui-editor-mail-body"));
                    egui::ScrollArea::vertical()
                        .id_salt("editor-mail-body")
                        .max_height(300.0)
                        .show(ui, |ui| {
                            ui.label(RichText::new(&mail.body).monospace());
                        });
                    ui.horizontal(|ui| {
                        if ui.button(tr(lang, "gui-editor-mail-copy")).clicked() {
                            outgoing = Some(Outgoing::MailCopy);
                        }
                        if ui.button(tr(lang, "gui-editor-mail-save")).clicked() {
                            outgoing = Some(Outgoing::MailSave);
                        }
                    });
                }
            }
            ui.separator();
            super::checksum::ack_check_ui(ui, &state.text, &mut state.mail.received_checksum, lang);
        });
    state.mail.open = open;
    if let Some(what) = outgoing {
        state.request_outgoing(ctx, what, lang);
    }
}
