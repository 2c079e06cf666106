//! The plots window (egui_plot): the score and every statistic of the CR's
//! statistics block over the loaded turns, one line each, values on hover; and
//! the spy rankings of the turn shown.
//!
//! The series come from the player's [`Knowledge`] (the turns of the same game and
//! player, up to the turn shown). The plot's coordinates are floats for drawing
//! only: the values themselves stay the integers the CR printed.

use std::collections::BTreeSet;

use crate::i18n::{Lang, tr, tr_args};
use crate::model::knowledge::Knowledge;
use crate::model::view::{StatKind, StatValue, TurnView};

/// The window's id (its layer: `Order::Middle`).
pub const WINDOW_ID: &str = "plots-window";

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
}

impl PlotsState {
    pub fn toggle(&mut self) {
        self.open = !self.open;
    }
}

fn points(series: &Series) -> Vec<[f64; 2]> {
    series
        .points
        .iter()
        .map(|(turn, value)| [f64::from(*turn), *value as f64])
        .collect()
}

/// Hover text: the line's name, the turn and the value (integers).
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

/// Draws the plots window.
pub fn plots_window(
    ctx: &egui::Context,
    state: &mut PlotsState,
    knowledge: &Knowledge,
    view: Option<&TurnView>,
    lang: Lang,
) {
    let mut open = state.open;
    egui::Window::new(tr(lang, "gui-plots-title"))
        .id(egui::Id::unique(WINDOW_ID))
        .open(&mut open)
        .default_size([640.0, 620.0])
        .vscroll(true)
        .show(ctx, |ui| plots_ui(ui, state, knowledge, view, lang));
    state.open = open;
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
    let (score, statistics) = all.split_at(1);
    ui.heading(tr(lang, "gui-plots-score"));
    egui_plot::Plot::new("plots-score")
        .height(160.0)
        .legend(egui_plot::Legend::default())
        .x_axis_label(tr(lang, "gui-plots-axis-turn"))
        .allow_scroll(false)
        .label_formatter(hover_label(lang))
        .show(ui, |plot| {
            for s in score {
                plot.line(
                    egui_plot::Line::new(tr(lang, s.key.message_id()), points(s))
                        .style(egui_plot::LineStyle::Solid),
                );
                plot.points(
                    egui_plot::Points::new(tr(lang, s.key.message_id()), points(s)).radius(3.0),
                );
            }
        });
    ui.heading(tr(lang, "gui-plots-statistics"));
    if statistics.is_empty() {
        ui.weak(tr(lang, "gui-plots-no-statistics"));
    } else {
        ui.horizontal_wrapped(|ui| {
            for s in statistics {
                let mut shown = !state.hidden.contains(&s.key);
                if ui
                    .checkbox(&mut shown, tr(lang, s.key.message_id()))
                    .changed()
                {
                    if shown {
                        state.hidden.remove(&s.key);
                    } else {
                        state.hidden.insert(s.key);
                    }
                }
            }
        });
        egui_plot::Plot::new("plots-statistics")
            .height(240.0)
            .legend(egui_plot::Legend::default())
            .x_axis_label(tr(lang, "gui-plots-axis-turn"))
            .allow_scroll(false)
            .label_formatter(hover_label(lang))
            .show(ui, |plot| {
                for s in statistics.iter().filter(|s| !state.hidden.contains(&s.key)) {
                    let name = tr(lang, s.key.message_id());
                    plot.line(egui_plot::Line::new(name.clone(), points(s)));
                    plot.points(egui_plot::Points::new(name, points(s)).radius(2.5));
                }
            });
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
        // Every statistic listed has points, in the CR's order.
        assert!(all[1..].iter().all(|s| !s.points.is_empty()));
        let keys: Vec<SeriesKey> = all.iter().map(|s| s.key).collect();
        let mut sorted = keys.clone();
        sorted.sort();
        assert_eq!(keys, sorted);
    }
}
