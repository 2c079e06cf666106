//! The central panel: the selected world or fleet (its CR lines verbatim, its facts
//! with unknowns marked, what is on it), or the text of the turn's files.
//!
//! `facts.rs` computes what is said of a world or a fleet (plain data, tested
//! without egui); `entity.rs` draws it; this file holds the tabs, the text of
//! the files, and which CR lines belong to what.

mod entity;
pub(crate) mod facts;
mod history;
mod plans;
pub mod threats;

use std::collections::BTreeSet;

use egui::{Color32, RichText, Sense};

use super::command::{Command, Selection};
use super::context::UiContext;
use super::editor::quick::OrderInput;
use super::session::{FileRole, SourceFile};
use super::summary::summary_ui;
use crate::diagnostic::Severity;
use crate::i18n::{tr, tr_args};
use crate::model::view::{FleetView, TreasureSite, TurnView, WorldView};

/// What the central panel shows.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum CentralTab {
    /// The turn summary (score, technologies, statistics…).
    #[default]
    Summary,
    Inspector,
    Source(FileRole),
    /// The threat next turn, a sortable table.
    Threats,
}

/// The central panel's view state.
#[derive(Clone, Debug, Default)]
pub struct CentralState {
    pub tab: CentralTab,
    /// How the threats' table is sorted.
    pub threat_sort: threats::ThreatSort,
    /// The line shown highlighted in a file's text.
    pub highlight: Option<(FileRole, u32)>,
    /// Scroll the text to this line next frame.
    pub scroll_to: Option<u32>,
    /// The CR's printable export ("Imprimer le compte rendu").
    pub print: crate::gui::printable::PrintExport,
}

/// The line numbers in `lines` a world, fleet, trace or treasure of the view
/// was read from (a range: not a set of every line of an 80,000-world CR
/// built on every frame).
fn entity_lines(view: &TurnView, lines: std::ops::RangeInclusive<u32>) -> BTreeSet<u32> {
    view.worlds
        .iter()
        .map(|w| w.line)
        .chain(view.fleets.iter().map(|f| f.line))
        .chain(view.traces.iter().map(|t| t.line))
        .chain(view.treasures.iter().map(|t| t.line))
        .filter(|line| *line > 0 && lines.contains(line))
        .collect()
}

/// A line that continues the block above it: indented, or `E=…` alone.
fn continues(text: &str) -> bool {
    text.starts_with([' ', '\t'])
        || text
            .trim_start()
            .strip_prefix('E')
            .is_some_and(|rest| rest.trim_start().starts_with('='))
}

/// The CR lines of a world's block: its line, the lines of its fleets, traces and
/// treasures (and its fleets' treasures), and the unattached lines that continue
/// it (`  Nom : "…"`, `  Corrompu par : …`, `E=1/8` alone). Empty for a world not
/// read from the CR (`line` 0).
pub fn world_lines(view: &TurnView, source: &SourceFile, world: &WorldView) -> Vec<u32> {
    if world.line == 0 {
        return Vec::new();
    }
    let fleets: BTreeSet<u32> = view
        .fleets
        .iter()
        .filter(|f| f.world == Some(world.id))
        .map(|f| f.id)
        .collect();
    let mut own: BTreeSet<u32> = BTreeSet::from([world.line]);
    own.extend(
        view.fleets
            .iter()
            .filter(|f| fleets.contains(&f.id))
            .map(|f| f.line),
    );
    own.extend(
        view.traces
            .iter()
            .filter(|t| t.world == Some(world.id))
            .map(|t| t.line),
    );
    own.extend(
        view.treasures
            .iter()
            .filter(|t| match t.site {
                TreasureSite::World(id) => id == world.id,
                TreasureSite::Fleet(id) => fleets.contains(&id),
                TreasureSite::Unattached => false,
            })
            .map(|t| t.line),
    );
    // The lines the block may reach (before another entity's line may end
    // it): the other entities' lines are looked for among those only.
    let mut last = world.line;
    while let Some(next) = last.checked_add(1) {
        match source.line(next) {
            Some(text) if !text.trim().is_empty() && (own.contains(&next) || continues(text)) => {
                last = next;
            }
            _ => break,
        }
    }
    let others = entity_lines(view, world.line.saturating_add(1)..=last);
    let mut lines = vec![world.line];
    let mut number = world.line;
    while let Some(next) = number.checked_add(1) {
        number = next;
        let Some(text) = source.line(number) else {
            break;
        };
        let continuation = continues(text);
        if text.trim().is_empty() || (others.contains(&number) && !own.contains(&number)) {
            break;
        }
        if own.contains(&number) || continuation {
            lines.push(number);
        } else {
            break;
        }
    }
    lines
}

/// The CR lines of a fleet: its line and its treasures' lines.
pub fn fleet_lines(view: &TurnView, fleet: &FleetView) -> Vec<u32> {
    if fleet.line == 0 {
        return Vec::new();
    }
    let mut lines = vec![fleet.line];
    lines.extend(
        view.treasures
            .iter()
            .filter(|t| t.site == TreasureSite::Fleet(fleet.id) && t.line > 0)
            .map(|t| t.line),
    );
    lines.sort_unstable();
    lines
}

/// What a line of the CR is about: the world or fleet read from it, else the world
/// whose block holds it.
pub fn selection_at(view: &TurnView, source: &SourceFile, line: u32) -> Option<Selection> {
    if line == 0 {
        return None;
    }
    if let Some(world) = view.worlds.iter().find(|w| w.line == line) {
        return Some(Selection::World(world.id));
    }
    if let Some(fleet) = view.fleets.iter().find(|f| f.line == line) {
        return Some(Selection::Fleet(fleet.id));
    }
    if let Some(treasure) = view.treasures.iter().find(|t| t.line == line) {
        match treasure.site {
            TreasureSite::Fleet(id) => return Some(Selection::Fleet(id)),
            TreasureSite::World(id) => return Some(Selection::World(id)),
            TreasureSite::Unattached => {}
        }
    }
    view.worlds
        .iter()
        .filter(|w| w.line > 0 && w.line < line)
        .max_by_key(|w| w.line)
        .filter(|w| world_lines(view, source, w).contains(&line))
        .map(|w| Selection::World(w.id))
}

/// Draws the central panel for a loaded turn.
pub fn central_ui(
    ui: &mut egui::Ui,
    cx: &mut UiContext<'_>,
    orders: &OrderInput<'_>,
    state: &mut CentralState,
) {
    let Some(turn) = cx.turn() else {
        return;
    };
    let (selection, lang) = (cx.selection, cx.lang);
    // One line of tabs whatever the panel's width (a menu when they do not
    // fit); the content scrolls sideways rather than growing over its
    // neighbours.
    let mut tabs = vec![
        (CentralTab::Summary, tr(lang, "gui-tab-summary")),
        (CentralTab::Inspector, tr(lang, "gui-tab-inspector")),
        (
            CentralTab::Source(FileRole::Cr),
            tr(lang, "gui-tab-cr-text"),
        ),
    ];
    if turn.nbt.is_some() {
        tabs.push((
            CentralTab::Source(FileRole::Nbt),
            tr(lang, "gui-tab-nbt-text"),
        ));
    }
    tabs.push((
        CentralTab::Threats,
        tr_args(
            lang,
            "gui-tab-threats",
            // Not yet counted while a big turn's knowledge is made.
            &[(
                "count",
                &if cx.reading {
                    "…".to_string()
                } else {
                    cx.threats.len().to_string()
                },
            )],
        ),
    ));
    match super::widgets::tab_bar_ui(ui, "central-tabs", &tabs, state.tab) {
        Some(CentralTab::Threats) => cx.send(Command::ShowThreats),
        Some(CentralTab::Summary) => cx.send(Command::ShowSummary),
        Some(CentralTab::Inspector) => cx.send(Command::ShowInspector),
        Some(CentralTab::Source(role)) => cx.send(Command::ShowSource(role)),
        None => {}
    }
    ui.separator();
    match state.tab {
        CentralTab::Summary => {
            egui::ScrollArea::both()
                .id_salt("summary")
                .auto_shrink([false, false])
                .show(ui, |ui| {
                    plans::plans_ui(ui, cx, None);
                    summary_ui(ui, &turn.view, cx.knowledge, lang);
                });
        }
        CentralTab::Inspector => {
            egui::ScrollArea::both()
                .id_salt("inspector")
                .auto_shrink([false, false])
                .show(ui, |ui| match selection {
                    Some(Selection::World(id)) => {
                        match turn.view.world(id) {
                            Some(world) => entity::world_ui(ui, cx, orders, world),
                            None => entity::known_world_ui(ui, cx, id),
                        }
                        history::world_history_ui(ui, cx, id);
                    }
                    Some(Selection::Fleet(id)) => {
                        match turn.view.fleet(id) {
                            Some(fleet) => entity::fleet_ui(ui, cx, orders, fleet),
                            None => entity::known_fleet_ui(ui, cx, id),
                        }
                        plans::plans_ui(ui, cx, Some(id));
                        history::fleet_history_ui(ui, cx, id);
                    }
                    None => {
                        ui.weak(tr(lang, "gui-inspector-empty"));
                    }
                });
        }
        CentralTab::Threats => {
            let found = cx.threats;
            egui::ScrollArea::both()
                .id_salt("threats-tab")
                .auto_shrink([false, false])
                .show(ui, |ui| {
                    threats::threats_ui(ui, cx, found, &mut state.threat_sort)
                });
        }
        CentralTab::Source(role) => match turn.source(role) {
            Some(source) => {
                if role == FileRole::Cr {
                    let printed = crate::gui::printable::Printed {
                        document: crate::report::printable::Document::Report,
                        header: crate::report::printable::PrintHeader::of_view(&turn.view),
                        text: &source.text,
                        stem: std::path::Path::new(&source.name)
                            .file_stem()
                            .map_or_else(|| "cr".to_string(), |s| s.to_string_lossy().into_owned()),
                    };
                    ui.horizontal_wrapped(|ui| state.print.print_ui(ui, &printed, lang));
                }
                source_ui(ui, cx, source, role, state);
            }
            None => {
                ui.weak(tr(lang, "gui-inspector-empty"));
            }
        },
    }
}

/// The colour of a severity.
pub fn severity_color(ui: &egui::Ui, severity: Severity) -> Color32 {
    let visuals = ui.visuals();
    match severity {
        Severity::Error => visuals.error_fg_color,
        Severity::Warning => visuals.warn_fg_color,
        Severity::Info => visuals.hyperlink_color,
    }
}

/// A whole file, with line numbers; diagnostics' lines marked, the highlighted
/// line framed. Clicking a line selects what was read from it.
fn source_ui(
    ui: &mut egui::Ui,
    cx: &mut UiContext<'_>,
    source: &SourceFile,
    role: FileRole,
    state: &mut CentralState,
) {
    ui.label(RichText::new(&source.name).strong());
    let row_height = ui.text_style_height(&egui::TextStyle::Monospace);
    let spacing = ui.spacing().item_spacing.y;
    let mut area = egui::ScrollArea::both()
        .id_salt(("source", role == FileRole::Cr))
        .auto_shrink([false, false]);
    if let Some(line) = state.scroll_to.take() {
        let offset = (line.saturating_sub(4)) as f32 * (row_height + spacing);
        area = area.vertical_scroll_offset(offset);
    }
    let highlight = state
        .highlight
        .filter(|(r, _)| *r == role)
        .map(|(_, line)| line);
    let digits = source.line_count().max(1).to_string().len();
    area.show_rows(ui, row_height, source.line_count(), |ui, range| {
        for index in range {
            let number = u32::try_from(index + 1).unwrap_or(u32::MAX);
            let job = source_line_job(ui, source, number, digits, highlight == Some(number));
            let response = ui.add(
                egui::Label::new(job)
                    .sense(Sense::click())
                    .wrap_mode(egui::TextWrapMode::Extend),
            );
            if response.clicked() {
                cx.send(Command::PickLine { role, line: number });
            }
        }
    });
}

/// One line of a file's text: its number in the gutter (coloured by the worst
/// diagnostic of the line), the text, the diagnostics' columns underlined.
fn source_line_job(
    ui: &egui::Ui,
    source: &SourceFile,
    number: u32,
    digits: usize,
    highlighted: bool,
) -> egui::text::LayoutJob {
    let font = egui::TextStyle::Monospace.resolve(ui.style());
    let visuals = ui.visuals();
    let background = if highlighted {
        visuals.selection.bg_fill
    } else {
        Color32::TRANSPARENT
    };
    let text_color = if highlighted {
        visuals.selection.stroke.color
    } else {
        visuals.text_color()
    };
    let diagnostics: Vec<_> = source
        .diagnostics
        .iter()
        .filter(|d| d.span.line == number)
        .collect();
    let worst = diagnostics.iter().map(|d| d.severity).min();
    let format = |color: Color32| egui::text::TextFormat {
        font_id: font.clone(),
        color,
        background,
        ..Default::default()
    };
    let mut job = egui::text::LayoutJob::default();
    let gutter_color = match worst {
        Some(severity) => severity_color(ui, severity),
        None => visuals.weak_text_color(),
    };
    job.append(&format!("{number:>digits$} | "), 0.0, format(gutter_color));
    // Characters of the line inside a diagnostic's span (1-based, end exclusive;
    // a point span marks one character).
    let text = source.line(number).unwrap_or_default();
    let marked = |column: usize| {
        diagnostics.iter().find(|d| {
            let start = d.span.column as usize;
            let end = (d.span.end_column as usize).max(start + 1);
            (start..end).contains(&column)
        })
    };
    let mut run = String::new();
    let mut run_mark: Option<Severity> = None;
    let flush = |job: &mut egui::text::LayoutJob, run: &mut String, mark: Option<Severity>| {
        if run.is_empty() {
            return;
        }
        let mut section = format(text_color);
        if let Some(severity) = mark {
            let color = severity_color(ui, severity);
            section.color = if highlighted { text_color } else { color };
            section.underline = egui::Stroke::new(1.5, color);
        }
        job.append(run, 0.0, section);
        run.clear();
    };
    for (index, character) in text.chars().enumerate() {
        let mark = marked(index + 1).map(|d| d.severity);
        if mark != run_mark {
            flush(&mut job, &mut run, run_mark);
            run_mark = mark;
        }
        run.push(character);
    }
    flush(&mut job, &mut run, run_mark);
    job
}
