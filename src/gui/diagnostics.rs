//! The bottom panel: what the readers said about the current turn's files, as
//! severity (its code on hover), `file:line:col` and message. Clicking one
//! shows its line.

use egui::{Align, Layout, RichText, Sense};
use egui_extras::{Column, TableBuilder};
use serde::{Deserialize, Serialize};

use super::command::Command;
use super::context::UiContext;
use super::inspector::severity_color;
use super::session::{FileRole, LoadedTurn};
use crate::diagnostic::{Diagnostic, Severity};
use crate::i18n::{Lang, tr, tr_args};

/// Which severities the list shows; persisted with the lists.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct DiagnosticsState {
    pub errors: bool,
    pub warnings: bool,
    pub infos: bool,
}

impl Default for DiagnosticsState {
    fn default() -> Self {
        DiagnosticsState {
            errors: true,
            warnings: true,
            infos: true,
        }
    }
}

impl DiagnosticsState {
    fn shows(&self, severity: Severity) -> bool {
        match severity {
            Severity::Error => self.errors,
            Severity::Warning => self.warnings,
            Severity::Info => self.infos,
        }
    }
}

/// The storage key of [`DiagnosticsState`].
pub const STORAGE_KEY: &str = "nebutil-diagnostics";

/// The word of a severity in the interface language.
pub fn severity_text(lang: Lang, severity: Severity) -> String {
    tr(
        lang,
        match severity {
            Severity::Error => "gui-severity-error",
            Severity::Warning => "gui-severity-warning",
            Severity::Info => "gui-severity-info",
        },
    )
}

/// `file:line:col`.
pub fn location(file: &str, diagnostic: &Diagnostic) -> String {
    format!("{file}:{}:{}", diagnostic.span.line, diagnostic.span.column)
}

/// The widths of the fixed columns (severity, file:line:column) and the least
/// width of the message column (points). The code, for tools and the command
/// line, is the severity's tooltip.
const SEVERITY_WIDTH: f32 = 90.0;
const LOCATION_WIDTH: f32 = 170.0;
const MESSAGE_MIN_WIDTH: f32 = 200.0;

/// The panel's title and a check box per severity, with its count.
fn filters_ui(ui: &mut egui::Ui, turn: &LoadedTurn, state: &mut DiagnosticsState, lang: Lang) {
    let count = |severity: Severity| {
        turn.diagnostics()
            .filter(|(_, _, d)| d.severity == severity)
            .count()
            .to_string()
    };
    ui.horizontal(|ui| {
        ui.label(RichText::new(tr(lang, "gui-diagnostics")).strong());
        ui.checkbox(
            &mut state.errors,
            tr_args(
                lang,
                "gui-show-errors",
                &[("count", &count(Severity::Error))],
            ),
        );
        ui.checkbox(
            &mut state.warnings,
            tr_args(
                lang,
                "gui-show-warnings",
                &[("count", &count(Severity::Warning))],
            ),
        );
        ui.checkbox(
            &mut state.infos,
            tr_args(lang, "gui-show-infos", &[("count", &count(Severity::Info))]),
        );
    });
}

/// The height of each row. Each message wraps to as many lines as it needs
/// in the last column: its height is measured at that column's width (the
/// other columns' widths are fixed), so the table stays virtual (only the
/// visible rows are drawn).
fn row_heights<'a>(
    ui: &egui::Ui,
    diagnostics: impl Iterator<Item = &'a Diagnostic>,
    lang: Lang,
) -> Vec<f32> {
    let line_height = ui.text_style_height(&egui::TextStyle::Body);
    let spacing = ui.spacing().item_spacing.x;
    let fixed = SEVERITY_WIDTH + LOCATION_WIDTH + 3.0 * spacing;
    let message_width = (ui.available_width() - fixed).max(MESSAGE_MIN_WIDTH);
    diagnostics
        .map(|diagnostic| {
            let galley = egui::WidgetText::from(diagnostic.message(lang)).into_galley(
                ui,
                Some(egui::TextWrapMode::Wrap),
                message_width,
                egui::TextStyle::Body,
            );
            galley.size().y.max(line_height) + 4.0
        })
        .collect()
}

/// Draws the panel.
pub fn diagnostics_ui(
    ui: &mut egui::Ui,
    cx: &mut UiContext<'_>,
    state: &mut DiagnosticsState,
    highlight: Option<(FileRole, u32)>,
) {
    let Some(turn) = cx.turn() else {
        return;
    };
    let lang = cx.lang;
    filters_ui(ui, turn, state, lang);
    let mut rows: Vec<_> = turn
        .diagnostics()
        .filter(|(_, _, d)| state.shows(d.severity))
        .collect();
    rows.sort_by_key(|(role, _, d)| (*role == FileRole::Nbt, d.span, d.severity));
    if rows.is_empty() {
        ui.weak(tr(lang, "gui-no-diagnostics"));
        return;
    }
    let heights = row_heights(ui, rows.iter().map(|(_, _, d)| *d), lang);
    TableBuilder::new(ui)
        .id_salt("diagnostics")
        .striped(true)
        .sense(Sense::click())
        .auto_shrink([false, false])
        .min_scrolled_height(0.0)
        .cell_layout(Layout::top_down(Align::Min))
        .column(Column::exact(SEVERITY_WIDTH))
        .column(Column::exact(LOCATION_WIDTH))
        .column(Column::remainder().at_least(MESSAGE_MIN_WIDTH))
        .body(|body| {
            body.heterogeneous_rows(heights.into_iter(), |mut row| {
                let Some(&(role, source, diagnostic)) = rows.get(row.index()) else {
                    return;
                };
                let selected = highlight == Some((role, diagnostic.span.line));
                row.set_selected(selected);
                let mut clicked = false;
                row.col(|ui| {
                    ui.label(
                        RichText::new(severity_text(lang, diagnostic.severity))
                            .color(severity_color(ui, diagnostic.severity)),
                    )
                    .on_hover_text(format!("[{}]", diagnostic.code));
                });
                row.col(|ui| {
                    clicked |= ui
                        .selectable_label(selected, location(&source.name, diagnostic))
                        .clicked();
                });
                row.col(|ui| {
                    ui.add(egui::Label::new(diagnostic.message(lang)).wrap());
                });
                if clicked || row.response().clicked() {
                    cx.send(Command::JumpTo {
                        role,
                        line: diagnostic.span.line,
                    });
                }
            });
        });
}
