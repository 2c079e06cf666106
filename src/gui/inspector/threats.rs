//! The "Menaces" tab: the threat next turn ([`crate::model::threat`]) as a
//! sortable table — the player's world, the fleet, its owner and ships, where
//! and when it was last seen, and its route against its reach. A world or a
//! fleet clicked is selected (the inspector and the map follow).

use egui::RichText;
use egui_extras::{Column, TableBuilder};

use crate::gui::command::{Command, Selection};
use crate::gui::context::UiContext;
use crate::i18n::{tr, tr_args};
use crate::model::threat::Threat;

/// What the table is sorted by (a header clicked).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum ThreatSort {
    /// The player's world, then the shortest routes.
    #[default]
    World,
    /// The shortest routes first.
    Steps,
    /// The strongest fleets first.
    Ships,
    Owner,
}

/// The threats in the order `sort` asks.
pub fn sorted(threats: &[Threat], sort: ThreatSort) -> Vec<&Threat> {
    let mut rows: Vec<&Threat> = threats.iter().collect();
    match sort {
        ThreatSort::World => rows.sort_by_key(|t| (t.world, t.steps, t.fleet)),
        ThreatSort::Steps => rows.sort_by_key(|t| (t.steps, t.world, t.fleet)),
        ThreatSort::Ships => {
            rows.sort_by_key(|t| (std::cmp::Reverse(t.ships.unwrap_or(0)), t.world, t.fleet));
        }
        ThreatSort::Owner => {
            rows.sort_by(|a, b| (&a.owner, a.world, a.fleet).cmp(&(&b.owner, b.world, b.fleet)))
        }
    }
    rows
}

/// Draws the tab.
pub fn threats_ui(
    ui: &mut egui::Ui,
    cx: &mut UiContext<'_>,
    threats: &[Threat],
    sort: &mut ThreatSort,
) {
    let lang = cx.lang;
    ui.label(tr(lang, "gui-threats-help"));
    if threats.is_empty() {
        ui.weak(tr(lang, "gui-threats-none"));
        return;
    }
    ui.weak(tr_args(
        lang,
        "gui-threats-count",
        &[
            ("count", &threats.len().to_string()),
            (
                "worlds",
                &{
                    let mut worlds: Vec<u32> = threats.iter().map(|t| t.world).collect();
                    worlds.dedup();
                    worlds.len()
                }
                .to_string(),
            ),
        ],
    ));
    let rows = sorted(threats, *sort);
    let row_height = ui.spacing().interact_size.y;
    let mut select = None;
    TableBuilder::new(ui)
        .id_salt("threats")
        .striped(true)
        .column(Column::auto().at_least(60.0))
        .column(Column::auto().at_least(60.0))
        .column(Column::auto().at_least(90.0))
        .column(Column::auto().at_least(70.0))
        .column(Column::auto().at_least(90.0))
        .column(Column::remainder().at_least(90.0))
        .header(row_height, |mut header| {
            for (id, by) in [
                ("gui-threats-col-world", Some(ThreatSort::World)),
                ("gui-threats-col-fleet", None),
                ("gui-threats-col-owner", Some(ThreatSort::Owner)),
                ("gui-threats-col-ships", Some(ThreatSort::Ships)),
                ("gui-threats-col-seen", None),
                ("gui-threats-col-route", Some(ThreatSort::Steps)),
            ] {
                header.col(|ui| match by {
                    Some(by) => {
                        let text = RichText::new(tr(lang, id)).strong();
                        if ui.selectable_label(*sort == by, text).clicked() {
                            *sort = by;
                        }
                    }
                    None => {
                        ui.strong(tr(lang, id));
                    }
                });
            }
        })
        .body(|body| {
            body.rows(row_height, rows.len(), |mut row| {
                let Some(threat) = rows.get(row.index()) else {
                    return;
                };
                row.col(|ui| {
                    if ui.link(format!("M_{}", threat.world)).clicked() {
                        select = Some(Selection::World(threat.world));
                    }
                });
                row.col(|ui| {
                    if ui.link(format!("F_{}", threat.fleet)).clicked() {
                        select = Some(Selection::Fleet(threat.fleet));
                    }
                });
                row.col(|ui| {
                    ui.label(format!("\"{}\"", threat.owner));
                });
                row.col(|ui| {
                    ui.label(
                        threat
                            .ships
                            .map_or_else(|| "?".to_string(), |s| s.to_string()),
                    );
                });
                row.col(|ui| {
                    ui.label(tr_args(
                        lang,
                        "gui-threats-seen",
                        &[
                            ("world", &threat.from.to_string()),
                            ("turn", &threat.seen.to_string()),
                        ],
                    ));
                });
                row.col(|ui| {
                    let reach = if threat.reach_known {
                        "gui-threats-route-known"
                    } else {
                        "gui-threats-route-assumed"
                    };
                    ui.label(tr_args(
                        lang,
                        reach,
                        &[
                            ("steps", &threat.steps.to_string()),
                            ("reach", &threat.reach.to_string()),
                        ],
                    ));
                });
            });
        });
    if let Some(selection) = select {
        cx.send(Command::Select(Some(selection)));
    }
}
