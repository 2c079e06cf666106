//! The "Menaces" tab: the threat next turn ([`crate::model::threat`]) as a
//! sortable table — the player's world, the fleet, its owner and ships, where
//! and when it was last seen, and its route against its reach. A world or a
//! fleet clicked is selected (the inspector and the map follow).

use egui_extras::{Column, TableBuilder};

use crate::gui::command::{Command, Selection};
use crate::gui::context::UiContext;
use crate::gui::tables::{SortOrder, header_button};
use crate::i18n::{tr, tr_args};
use crate::model::knowledge::{Knowledge, Seen};
use crate::model::threat::Threat;

/// A column of the threats' table; each sorts it (a second click reverses).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum ThreatColumn {
    /// The player's world, then the shortest routes.
    #[default]
    World,
    Fleet,
    Owner,
    /// Ships as last seen (unknown last).
    Ships,
    /// The turn it was last seen.
    Seen,
    /// The known connections it must cross.
    Route,
}

impl ThreatColumn {
    pub const ALL: [ThreatColumn; 6] = [
        ThreatColumn::World,
        ThreatColumn::Fleet,
        ThreatColumn::Owner,
        ThreatColumn::Ships,
        ThreatColumn::Seen,
        ThreatColumn::Route,
    ];

    fn message_id(self) -> &'static str {
        match self {
            ThreatColumn::World => "gui-threats-col-world",
            ThreatColumn::Fleet => "gui-threats-col-fleet",
            ThreatColumn::Owner => "gui-threats-col-owner",
            ThreatColumn::Ships => "gui-threats-col-ships",
            ThreatColumn::Seen => "gui-threats-col-seen",
            ThreatColumn::Route => "gui-threats-col-route",
        }
    }
}

/// How the threats' table is sorted.
pub type ThreatSort = SortOrder<ThreatColumn>;

/// The threats in the order `sort` asks: by its column (an unknown ship count
/// last in both directions), then world, route and fleet.
pub fn sorted(threats: &[Threat], sort: ThreatSort) -> Vec<&Threat> {
    let mut rows: Vec<&Threat> = threats.iter().collect();
    let tie =
        |a: &Threat, b: &Threat| (a.world, a.steps, a.fleet).cmp(&(b.world, b.steps, b.fleet));
    rows.sort_by(|a, b| {
        let order = match sort.column {
            ThreatColumn::World => a.world.cmp(&b.world),
            ThreatColumn::Fleet => a.fleet.cmp(&b.fleet),
            ThreatColumn::Owner => a.owner.to_lowercase().cmp(&b.owner.to_lowercase()),
            ThreatColumn::Ships => match (a.ships, b.ships) {
                (Some(x), Some(y)) => x.cmp(&y),
                (Some(_), None) => return std::cmp::Ordering::Less,
                (None, Some(_)) => return std::cmp::Ordering::Greater,
                (None, None) => std::cmp::Ordering::Equal,
            },
            ThreatColumn::Seen => a.seen.cmp(&b.seen),
            ThreatColumn::Route => a.steps.cmp(&b.steps),
        };
        let order = if sort.descending {
            order.reverse()
        } else {
            order
        };
        order.then_with(|| tie(a, b))
    });
    rows
}

/// `Md_34`, `M#34` or `M_34`, as the player's reports last wrote the world.
pub fn world_text(knowledge: &Knowledge, id: u32) -> String {
    let world = knowledge.world(id);
    let flag = |f: Option<&Option<Seen<bool>>>| f.and_then(|s| s.as_ref()).is_some_and(|s| s.value);
    if flag(world.map(|w| &w.start_world)) {
        format!("Md_{id}")
    } else if flag(world.map(|w| &w.bombed)) {
        format!("M#{id}")
    } else {
        format!("M_{id}")
    }
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
    if cx.reading {
        // Not "none": the threats come with the knowledge being made.
        ui.horizontal(|ui| {
            ui.spinner();
            ui.weak(tr(lang, "gui-status-reading"));
        });
        return;
    }
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
    let knowledge = cx.knowledge;
    // A narrow panel scrolls the table sideways: every column keeps its width.
    egui::ScrollArea::horizontal()
        .id_salt("threats-sideways")
        .show(ui, |ui| {
            TableBuilder::new(ui)
                .id_salt("threats")
                .striped(true)
                .resizable(true)
                .column(Column::auto().at_least(56.0))
                .column(Column::auto().at_least(48.0))
                .column(Column::auto().at_least(80.0))
                .column(Column::auto().at_least(64.0))
                .column(Column::auto().at_least(96.0))
                .column(Column::auto().at_least(120.0))
                .header(row_height, |mut header| {
                    for column in ThreatColumn::ALL {
                        header.col(|ui| {
                            ui.horizontal(|ui| {
                                let shown = (sort.column == column).then_some(sort.descending);
                                if header_button(ui, &tr(lang, column.message_id()), shown) {
                                    let first = sort.column != column;
                                    sort.click(column);
                                    // The strongest first, the first time.
                                    if first && column == ThreatColumn::Ships {
                                        sort.descending = true;
                                    }
                                }
                            });
                        });
                    }
                })
                .body(|body| {
                    body.rows(row_height, rows.len(), |mut row| {
                        let Some(threat) = rows.get(row.index()) else {
                            return;
                        };
                        row.col(|ui| {
                            if ui.link(world_text(knowledge, threat.world)).clicked() {
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
                                    ("seen_at", &world_text(knowledge, threat.from)),
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
        });
    if let Some(selection) = select {
        cx.send(Command::Select(Some(selection)));
    }
}
