//! The plots window (egui_plot): the score and every statistic of the CR's
//! statistics block over the loaded turns, one small plot each (small
//! multiples: values that differ by 1,000× each get their own axis), its title
//! in the line's colour, turns as whole numbers, a single turn as a point,
//! values on hover; and the spy rankings of the turn shown.
//!
//! "Exporter (CSV)…" writes the same statistics, with the score's change and
//! the spy rankings of every turn, as one table ([`crate::model::series`]):
//! the separator chosen ("virgule" or "point-virgule"), through the system's
//! save dialog or, without one, the typed-path window.
//!
//! The series come from the player's [`Knowledge`] (the turns of the same game and
//! player, up to the turn shown). The plot's coordinates are floats for drawing
//! only: the values themselves stay the integers the CR printed.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use super::command::WindowId;
use super::path_prompt::{self, DialogAnswer, PathPrompt, PromptTexts, path_prompt_window};
use crate::diagnostic::Severity;
use crate::i18n::{Lang, tr, tr_args};
use crate::model::knowledge::Knowledge;
use crate::model::series::{self as table, Separator};
use crate::model::view::{StatKind, StatValue, TurnView};

/// The window's id (its layer: `Order::Middle`).
pub const WINDOW_ID: &str = WindowId::Plots.name();

/// One line of the plots.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum SeriesKey {
    Score,
    Statistic(StatKind),
}

impl SeriesKey {
    /// The message id naming the line.
    pub fn message_id(self) -> &'static str {
        match self {
            SeriesKey::Score => "gui-plots-score",
            SeriesKey::Statistic(kind) => stat_message(kind),
        }
    }
}

/// The message naming a statistic.
pub fn stat_message(kind: StatKind) -> &'static str {
    match kind {
        StatKind::MiningCapacity => "gui-stat-mining",
        StatKind::Populations => "gui-stat-populations",
        StatKind::Converts => "gui-stat-converts",
        StatKind::Robots => "gui-stat-robots",
        StatKind::Cargo => "gui-stat-cargo",
        StatKind::Worlds => "gui-stat-worlds",
        StatKind::Fleets => "gui-stat-fleets",
        StatKind::Industries => "gui-stat-industries",
        StatKind::ActiveIndustries => "gui-stat-active-industries",
        StatKind::Ships => "gui-stat-ships",
        StatKind::Treasures => "gui-stat-treasures",
    }
}

/// One line: (turn, value) where the CR printed it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Series {
    pub key: SeriesKey,
    pub points: Vec<(u32, i64)>,
}

/// The score, then every statistic in the CR's order, each with the turns where
/// it is known (a statistic never printed is left out; a spied statistic has no
/// own value that turn).
pub fn series(knowledge: &Knowledge) -> Vec<Series> {
    let mut all = vec![Series {
        key: SeriesKey::Score,
        points: knowledge.score_series(),
    }];
    for kind in StatKind::ALL {
        let points: Vec<(u32, i64)> = knowledge
            .statistic_series(kind)
            .into_iter()
            .map(|(turn, value)| (turn, i64::try_from(value).unwrap_or(i64::MAX)))
            .collect();
        if !points.is_empty() {
            all.push(Series {
                key: SeriesKey::Statistic(kind),
                points,
            });
        }
    }
    all
}

/// The plots window's state.
#[derive(Clone, Debug, Default)]
pub struct PlotsState {
    pub open: bool,
    /// Statistics the user unticked.
    hidden: BTreeSet<SeriesKey>,
    /// The CSV export's separator.
    pub separator: Separator,
    /// The "type the path" window of the CSV export.
    path_prompt: PathPrompt,
    /// The folder last exported to.
    last_dir: Option<PathBuf>,
    /// What the last export did: "exported to …" or the error.
    status: Option<(Severity, String)>,
    /// A file that exists, waiting for "Remplacer".
    overwrite: Option<PathBuf>,
}

impl PlotsState {
    pub fn toggle(&mut self) {
        self.open = !self.open;
    }

    /// What the last export said.
    pub fn status(&self) -> Option<&(Severity, String)> {
        self.status.as_ref()
    }

    /// Writes the statistics to `path`, or first asks when the file exists.
    fn request_export(&mut self, path: PathBuf, knowledge: &Knowledge, lang: Lang) {
        // A folder is no file to replace: writing says why it cannot.
        if path.is_file() {
            self.overwrite = Some(path);
        } else {
            self.export_csv(&path, knowledge, lang);
        }
    }

    /// Writes the statistics of `knowledge` as CSV to `path`.
    pub fn export_csv(&mut self, path: &Path, knowledge: &Knowledge, lang: Lang) {
        let csv = table::to_csv(&table::table(knowledge), self.separator, lang);
        let file = path.display().to_string();
        self.status = Some(
            match crate::storage::write_atomic(
                path,
                csv.as_bytes(),
                crate::storage::Durability::Synced,
            ) {
                Ok(()) => {
                    self.last_dir = path.parent().map(Path::to_path_buf);
                    (
                        Severity::Info,
                        tr_args(lang, "gui-plots-exported", &[("file", &file)]),
                    )
                }
                Err(error) => (
                    Severity::Error,
                    tr_args(
                        lang,
                        "gui-plots-export-failed",
                        &[("file", &file), ("error", &error.to_string())],
                    ),
                ),
            },
        );
    }

    /// The file offered: `<game>_<player>_statistiques.csv` in the folder last
    /// written to (else the documents or home folder).
    fn offered_path(&self, knowledge: &Knowledge) -> PathBuf {
        let mut name: Vec<String> = Vec::new();
        name.extend(knowledge.game.clone());
        name.extend(knowledge.player.as_ref().map(|p| p.name.clone()));
        name.push("statistiques.csv".to_string());
        let name: String = name
            .join("_")
            .chars()
            .map(|c| {
                if c.is_alphanumeric() || "._-".contains(c) {
                    c
                } else {
                    '_'
                }
            })
            .collect();
        // Never a path relative to wherever the app was started: the folder
        // last written to, else the documents folder, else the home folder.
        let dir = self.last_dir.clone().or_else(|| {
            directories::UserDirs::new().map(|u| {
                u.document_dir()
                    .unwrap_or_else(|| u.home_dir())
                    .to_path_buf()
            })
        });
        dir.unwrap_or_default().join(name)
    }

    /// Asks the system's save dialog; without one, the typed path window.
    fn export_dialog(&mut self, knowledge: &Knowledge, lang: Lang) {
        let offered = self.offered_path(knowledge);
        let mut dialog = rfd::FileDialog::new()
            .set_title(tr(lang, "gui-plots-export-title"))
            .add_filter(tr(lang, "gui-plots-export-filter"), &["csv"]);
        if let Some(name) = offered.file_name() {
            dialog = dialog.set_file_name(name.to_string_lossy());
        }
        if let Some(dir) = offered.parent().filter(|d| d.is_dir()) {
            dialog = dialog.set_directory(dir);
        }
        match path_prompt::ask(|| dialog.save_file()) {
            DialogAnswer::Picked(path) => self.request_export(path, knowledge, lang),
            DialogAnswer::Unavailable => self.open_path_window(knowledge),
            DialogAnswer::Cancelled => {}
        }
    }

    fn open_path_window(&mut self, knowledge: &Knowledge) {
        let offered = self.offered_path(knowledge).display().to_string();
        self.path_prompt.show(offered);
    }
}

fn points(series: &Series) -> Vec<[f64; 2]> {
    series
        .points
        .iter()
        .map(|(turn, value)| [f64::from(*turn), *value as f64])
        .collect()
}

/// The turns shown on the x axis: every turn of the series, half a turn of
/// margin each side; a single turn in the middle of three.
pub fn turn_range(series: &Series) -> Option<(f64, f64)> {
    let first = series.points.iter().map(|(t, _)| *t).min()?;
    let last = series.points.iter().map(|(t, _)| *t).max()?;
    if first == last {
        Some((f64::from(first) - 1.0, f64::from(first) + 1.0))
    } else {
        Some((f64::from(first) - 0.5, f64::from(last) + 0.5))
    }
}

/// Grid marks on whole numbers only (turns, counts): a step of 1, 2, 5, 10, 20, 50 …, the
/// smallest at least `min_step` (so that labels do not crowd).
pub fn turn_marks(bounds: (f64, f64), min_step: f64) -> Vec<egui_plot::GridMark> {
    let mut step = 1.0_f64;
    let mut factors = [2.0, 2.5, 2.0].iter().cycle();
    while step < min_step {
        step *= factors.next().copied().unwrap_or(2.0);
    }
    if !(bounds.0.is_finite() && bounds.1.is_finite()) {
        return Vec::new();
    }
    let (low, high) = (bounds.0.min(bounds.1), bounds.0.max(bounds.1));
    if (high - low) / step > 1_000.0 {
        return Vec::new();
    }
    let mut marks = Vec::new();
    let mut value = (low / step).ceil() * step;
    while value <= high {
        marks.push(egui_plot::GridMark {
            value,
            step_size: step,
        });
        value += step;
    }
    marks
}

/// The colour of a line (and of its plot's title, which is its legend).
pub fn series_color(key: SeriesKey, dark: bool) -> egui::Color32 {
    const PALETTE: [(u8, u8, u8); 12] = [
        (230, 159, 0),
        (86, 180, 233),
        (0, 158, 115),
        (213, 94, 0),
        (204, 121, 167),
        (0, 114, 178),
        (240, 228, 66),
        (153, 153, 255),
        (120, 190, 120),
        (255, 120, 120),
        (160, 160, 160),
        (190, 140, 60),
    ];
    let index = match key {
        SeriesKey::Score => 0,
        SeriesKey::Statistic(kind) => {
            1 + StatKind::ALL.iter().position(|k| *k == kind).unwrap_or(0)
        }
    };
    let (r, g, b) = PALETTE[index % PALETTE.len()];
    let color = egui::Color32::from_rgb(r, g, b);
    if dark {
        color
    } else {
        // Darker on a light background, for contrast.
        egui::Color32::from_rgb(r / 4 * 3, g / 4 * 3, b / 4 * 3)
    }
}

/// Hover text: the turn and the value (integers).
fn hover_label(lang: Lang) -> impl Fn(&egui_plot::HoverPosition<'_>) -> Option<String> {
    move |position| match position {
        egui_plot::HoverPosition::NearDataPoint {
            plot_name,
            position,
            ..
        } => Some(tr_args(
            lang,
            "gui-plots-hover",
            &[
                ("series", plot_name),
                ("turn", &format!("{:.0}", position.x)),
                ("value", &format!("{:.0}", position.y)),
            ],
        )),
        egui_plot::HoverPosition::Elsewhere { .. } => None,
    }
}

/// The width of one small plot.
const SMALL_PLOT_WIDTH: f32 = 290.0;
/// The height of one small plot.
const SMALL_PLOT_HEIGHT: f32 = 130.0;

/// One small plot: its title (name and last value, in the line's colour), then
/// the line over the turns, points on every turn known.
fn small_plot_ui(ui: &mut egui::Ui, series: &Series, lang: Lang) {
    let name = tr(lang, series.key.message_id());
    let color = series_color(series.key, ui.visuals().dark_mode);
    let last = series
        .points
        .last()
        .map(|(turn, value)| {
            tr_args(
                lang,
                "gui-plots-last",
                &[("turn", &turn.to_string()), ("value", &value.to_string())],
            )
        })
        .unwrap_or_default();
    ui.vertical(|ui| {
        ui.set_width(SMALL_PLOT_WIDTH);
        ui.horizontal(|ui| {
            ui.label(egui::RichText::new(&name).color(color).strong());
            ui.weak(last);
        });
        let points = points(series);
        let mut plot = egui_plot::Plot::new(("plots-small", series.key))
            .height(SMALL_PLOT_HEIGHT)
            .width(SMALL_PLOT_WIDTH)
            .allow_scroll(false)
            .allow_zoom(false)
            .allow_drag(false)
            .allow_boxed_zoom(false)
            .include_y(0.0)
            .x_grid_spacer(|input| turn_marks(input.bounds, input.base_step_size * 2.0))
            // Turn numbers are short: labelled from 24 points apart (egui_plot
            // waits for 60 by default, which hides them on a small plot).
            .custom_x_axes(vec![
                egui_plot::AxisHints::new_x()
                    .label_spacing(24.0..=32.0)
                    .formatter(|mark, _| format!("{}", mark.value.round() as i64)),
            ])
            // Whole values on the left, 1, 2, 5, 10… apart, labelled from 16
            // points apart: at least three labels on a 130-point plot (egui_plot
            // waits for 60, which leaves a lone "0").
            .y_grid_spacer(|input| turn_marks(input.bounds, input.base_step_size * 2.0))
            .custom_y_axes(vec![
                egui_plot::AxisHints::new_y()
                    .label_spacing(16.0..=24.0)
                    .formatter(|mark, _| format!("{}", mark.value.round() as i64)),
            ])
            .y_axis_min_width(36.0)
            .label_formatter(hover_label(lang));
        if let Some((low, high)) = turn_range(series) {
            plot = plot.include_x(low).include_x(high);
        }
        if series.points.iter().all(|(_, value)| *value == 0) {
            // A line at zero, not an axis from −2 to 2.
            plot = plot.include_y(1.0);
        }
        plot.show(ui, |plot| {
            if points.len() > 1 {
                plot.line(egui_plot::Line::new(name.clone(), points.clone()).color(color));
            }
            plot.points(
                egui_plot::Points::new(name.clone(), points)
                    .color(color)
                    .radius(3.0),
            );
        });
    });
}

/// Draws the plots window.
pub fn plots_window(
    ctx: &egui::Context,
    state: &mut PlotsState,
    knowledge: &Knowledge,
    view: Option<&TurnView>,
    lang: Lang,
) {
    let mut open = state.open;
    crate::gui::windows::app_window(ctx, WindowId::Plots.title(lang))
        .id(egui::Id::unique(WINDOW_ID))
        .open(&mut open)
        .default_size([640.0, 620.0])
        .vscroll(true)
        .show(ctx, |ui| plots_ui(ui, state, knowledge, view, lang));
    state.open = open;
    let texts = PromptTexts {
        title: tr(lang, "gui-plots-export-title"),
        help: None,
        label: tr(lang, "gui-plots-export-path-label"),
        multiline: false,
        cancel: tr(lang, "gui-cancel"),
    };
    let buttons = [((), tr(lang, "gui-plots-export-save"))];
    if let Some(((), paths)) = path_prompt_window(
        ctx,
        "plots-export-path-window",
        &mut state.path_prompt,
        &texts,
        &buttons,
    ) && let Some(path) = paths.into_iter().next()
    {
        state.request_export(path, knowledge, lang);
    }
    if let Some(path) = state.overwrite.clone() {
        match path_prompt::overwrite_window(ctx, "plots-overwrite-window", &path, lang) {
            Some(true) => {
                state.overwrite = None;
                state.export_csv(&path, knowledge, lang);
            }
            Some(false) => state.overwrite = None,
            None => {}
        }
    }
}

/// The CSV export's line: the button, the separator, the typed path, and what
/// the last export did.
fn export_ui(ui: &mut egui::Ui, state: &mut PlotsState, knowledge: &Knowledge, lang: Lang) {
    ui.horizontal_wrapped(|ui| {
        if ui
            .add_enabled(
                !knowledge.is_empty(),
                egui::Button::new(tr(lang, "gui-plots-export")),
            )
            .on_hover_text(tr(lang, "gui-plots-export-hint"))
            .clicked()
        {
            state.export_dialog(knowledge, lang);
        }
        if ui
            .add_enabled(
                !knowledge.is_empty(),
                egui::Button::new(tr(lang, "gui-plots-export-path")),
            )
            .clicked()
        {
            state.open_path_window(knowledge);
        }
        ui.label(tr(lang, "gui-plots-separator"));
        ui.radio_value(
            &mut state.separator,
            Separator::Comma,
            tr(lang, "gui-plots-separator-comma"),
        );
        ui.radio_value(
            &mut state.separator,
            Separator::Semicolon,
            tr(lang, "gui-plots-separator-semicolon"),
        );
    });
    if let Some((severity, text)) = &state.status {
        let color = crate::gui::inspector::severity_color(ui, *severity);
        ui.label(egui::RichText::new(text).color(color));
    }
}

fn plots_ui(
    ui: &mut egui::Ui,
    state: &mut PlotsState,
    knowledge: &Knowledge,
    view: Option<&TurnView>,
    lang: Lang,
) {
    let all = series(knowledge);
    let turns = knowledge.turns();
    ui.label(tr_args(
        lang,
        "gui-plots-turns",
        &[("count", &turns.len().to_string())],
    ));
    export_ui(ui, state, knowledge, lang);
    let (_, statistics) = all.split_at(1);
    if statistics.is_empty() {
        ui.weak(tr(lang, "gui-plots-no-statistics"));
    } else {
        ui.horizontal_wrapped(|ui| {
            ui.label(tr(lang, "gui-plots-statistics"));
            for s in statistics {
                let mut shown = !state.hidden.contains(&s.key);
                let color = series_color(s.key, ui.visuals().dark_mode);
                let text = egui::RichText::new(tr(lang, s.key.message_id())).color(color);
                if ui.checkbox(&mut shown, text).changed() {
                    if shown {
                        state.hidden.remove(&s.key);
                    } else {
                        state.hidden.insert(s.key);
                    }
                }
            }
        });
    }
    // As many columns as the window's width holds.
    let gap = 16.0;
    let columns = ((ui.available_width() + gap) / (SMALL_PLOT_WIDTH + gap))
        .floor()
        .max(1.0) as usize;
    let shown: Vec<&Series> = all
        .iter()
        .filter(|s| !state.hidden.contains(&s.key))
        .collect();
    for row in shown.chunks(columns) {
        ui.horizontal(|ui| {
            ui.spacing_mut().item_spacing.x = gap;
            for s in row {
                small_plot_ui(ui, s, lang);
            }
        });
        ui.add_space(8.0);
    }
    ui.separator();
    spy_ui(ui, view, lang);
}

/// The spy rankings of the turn shown (IV.4), one table per statistic spied.
fn spy_ui(ui: &mut egui::Ui, view: Option<&TurnView>, lang: Lang) {
    let turn = view
        .and_then(|v| v.turn)
        .map_or_else(|| "?".to_string(), |t| t.to_string());
    ui.heading(tr_args(lang, "gui-plots-spy-title", &[("turn", &turn)]));
    let spied: Vec<_> = view
        .into_iter()
        .flat_map(|v| v.statistics.iter())
        .filter_map(|(kind, value)| match value {
            StatValue::Spied(report) => Some((*kind, report)),
            StatValue::Own(_) => None,
        })
        .collect();
    if spied.is_empty() {
        ui.weak(tr(lang, "gui-plots-spy-none"));
        return;
    }
    for (kind, report) in spied {
        ui.strong(format!(
            "{} — {}",
            tr(lang, stat_message(kind)),
            tr_args(
                lang,
                "gui-plots-spy-mean",
                &[
                    ("mean", &report.mean.to_string()),
                    ("error", &report.error_percent.to_string()),
                ],
            )
        ));
        ui.horizontal_top(|ui| {
            egui::Grid::new(("plots-spy", kind))
                .striped(true)
                .num_columns(3)
                .spacing([16.0, 2.0])
                .show(ui, |ui| {
                    ui.strong(tr(lang, "gui-plots-spy-rank"));
                    ui.strong(tr(lang, "gui-plots-spy-player"));
                    ui.strong(tr(lang, "gui-plots-spy-value"));
                    ui.end_row();
                    for entry in &report.entries {
                        ui.label(entry.rank.to_string());
                        ui.label(entry.name.as_deref().unwrap_or("?"));
                        ui.label(entry.value.to_string());
                        ui.end_row();
                    }
                });
            // The same ranking as bars, by rank, with the mean as a line.
            let bars: Vec<egui_plot::Bar> = report
                .entries
                .iter()
                .map(|e| {
                    egui_plot::Bar::new(f64::from(e.rank), e.value as f64)
                        .name(e.name.as_deref().unwrap_or("?"))
                        .width(0.7)
                })
                .collect();
            let mean = report.mean as f64;
            egui_plot::Plot::new(("plots-spy-chart", kind))
                .height(120.0)
                .width(260.0)
                .allow_scroll(false)
                .allow_drag(false)
                .allow_zoom(false)
                .x_axis_label(tr(lang, "gui-plots-spy-rank"))
                .x_grid_spacer(|input| turn_marks(input.bounds, input.base_step_size * 2.0))
                .y_grid_spacer(|input| turn_marks(input.bounds, input.base_step_size * 2.0))
                .custom_y_axes(vec![
                    egui_plot::AxisHints::new_y()
                        .label_spacing(16.0..=24.0)
                        .formatter(|mark, _| format!("{}", mark.value.round() as i64)),
                ])
                .include_y(0.0)
                .show(ui, |plot| {
                    plot.bar_chart(egui_plot::BarChart::new(tr(lang, stat_message(kind)), bars));
                    plot.hline(egui_plot::HLine::new(
                        tr(lang, "gui-plots-spy-mean-line"),
                        mean,
                    ));
                });
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn turns_are_whole_and_a_single_turn_is_centred() {
        let one = Series {
            key: SeriesKey::Score,
            points: vec![(5, 245)],
        };
        assert_eq!(turn_range(&one), Some((4.0, 6.0)));
        let many = Series {
            key: SeriesKey::Score,
            points: vec![(1, 10), (2, 20), (5, 50)],
        };
        assert_eq!(turn_range(&many), Some((0.5, 5.5)));
        let marks = turn_marks((0.5, 5.5), 0.1);
        let values: Vec<f64> = marks.iter().map(|m| m.value).collect();
        assert_eq!(values, [1.0, 2.0, 3.0, 4.0, 5.0]);
        // Zoomed out: whole steps of 2, 5, 10 … only.
        for min_step in [1.5, 3.0, 7.0, 40.0] {
            let marks = turn_marks((0.0, 200.0), min_step);
            assert!(!marks.is_empty());
            for mark in &marks {
                assert_eq!(mark.value.fract(), 0.0);
                assert!(mark.step_size >= min_step);
                assert!([2.0, 5.0, 10.0, 20.0, 50.0].contains(&mark.step_size));
            }
        }
        assert!(turn_marks((f64::NAN, 3.0), 1.0).is_empty());
    }

    #[test]
    fn every_line_has_its_own_colour() {
        let mut keys = vec![SeriesKey::Score];
        keys.extend(StatKind::ALL.map(SeriesKey::Statistic));
        for dark in [false, true] {
            let colors: BTreeSet<[u8; 4]> = keys
                .iter()
                .map(|k| series_color(*k, dark).to_array())
                .collect();
            assert_eq!(colors.len(), keys.len());
        }
    }

    #[test]
    fn the_demo_gives_a_score_line_and_its_statistics_over_its_turns() {
        let mut session = crate::gui::session::Session::default();
        let last = crate::gui::demo::load(&mut session);
        let knowledge = session.knowledge_at(last);
        let all = series(&knowledge);
        assert_eq!(all[0].key, SeriesKey::Score);
        // One score point per loaded turn (whatever the demo is).
        let turns: Vec<u32> = all[0].points.iter().map(|(t, _)| *t).collect();
        let loaded: Vec<u32> = session.turns().iter().filter_map(|t| t.view.turn).collect();
        assert!(loaded.len() >= 2, "{loaded:?}");
        assert_eq!(turns, loaded);
        // The CSV export's table has the same turns and scores.
        let table = crate::model::series::table(&knowledge);
        let exported: Vec<(u32, i64)> = table
            .rows
            .iter()
            .filter_map(|row| match (&row[0], &row[1]) {
                (
                    crate::model::series::Cell::Number(turn),
                    crate::model::series::Cell::Number(score),
                ) => Some((u32::try_from(*turn).ok()?, *score)),
                _ => None,
            })
            .collect();
        assert_eq!(exported, all[0].points);
        // Every statistic listed has points, in the CR's order.
        assert!(all[1..].iter().all(|s| !s.points.is_empty()));
        let keys: Vec<SeriesKey> = all.iter().map(|s| s.key).collect();
        let mut sorted = keys.clone();
        sorted.sort();
        assert_eq!(keys, sorted);
    }
}
