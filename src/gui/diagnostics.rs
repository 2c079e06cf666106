//! The bottom panel: what the readers said about the current turn's files, as
//! `file:line:col`, severity, code and message. Clicking one shows its line.

use egui::{Align, Layout, RichText, Sense};
use egui_extras::{Column, TableBuilder};
use serde::{Deserialize, Serialize};

use super::command::Command;
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

/// Draws the panel.
pub fn diagnostics_ui(
    ui: &mut egui::Ui,
    turn: &LoadedTurn,
    state: &mut DiagnosticsState,
    highlight: Option<(FileRole, u32)>,
    lang: Lang,
    commands: &mut Vec<Command>,
) {
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
    let mut rows: Vec<_> = turn
        .diagnostics()
        .filter(|(_, _, d)| state.shows(d.severity))
        .collect();
    rows.sort_by_key(|(role, _, d)| (*role == FileRole::Nbt, d.span, d.severity));
    if rows.is_empty() {
        ui.weak(tr(lang, "gui-no-diagnostics"));
        return;
    }
    let row_height = ui.text_style_height(&egui::TextStyle::Body) + 4.0;
    TableBuilder::new(ui)
        .id_salt("diagnostics")
        .striped(true)
        .resizable(true)
        .sense(Sense::click())
        .auto_shrink([false, false])
        .min_scrolled_height(0.0)
        .cell_layout(Layout::left_to_right(Align::Center))
        .column(Column::auto().at_least(90.0))
        .column(Column::auto().at_least(140.0))
        .column(Column::auto().at_least(100.0))
        .column(Column::remainder())
        .body(|body| {
            body.rows(row_height, rows.len(), |mut row| {
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
                    );
                });
                row.col(|ui| {
                    clicked |= ui
                        .selectable_label(selected, location(&source.name, diagnostic))
                        .clicked();
                });
                row.col(|ui| {
                    ui.monospace(&diagnostic.code);
                });
                row.col(|ui| {
                    ui.label(diagnostic.message(lang));
                });
                if clicked || row.response().clicked() {
                    commands.push(Command::JumpTo {
                        role,
                        line: diagnostic.span.line,
                    });
                }
            });
        });
}
