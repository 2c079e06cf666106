//! A world's or a fleet's history in the inspector: each report that described
//! it, turn by turn, with whose report it was (the player's own, or an ally's),
//! from [`crate::model::knowledge::Knowledge::world_timeline`] and
//! [`crate::model::knowledge::Knowledge::fleet_timeline`].

use egui::RichText;

use super::facts::seen_when;
use super::threats::world_text;
use crate::gui::command::{Command, Selection};
use crate::gui::context::UiContext;
use crate::gui::format::UNKNOWN;
use crate::i18n::tr;
use crate::model::{FleetId, WorldId};

fn number(value: Option<u32>) -> String {
    value.map_or_else(|| UNKNOWN.to_string(), |v| v.to_string())
}

/// World `id`'s history, collapsed, when more than one report described it.
pub fn world_history_ui(ui: &mut egui::Ui, cx: &mut UiContext<'_>, id: WorldId) {
    let lang = cx.lang;
    let rows = cx.knowledge.world_timeline(id);
    if rows.len() < 2 {
        return;
    }
    let allies = cx.knowledge.allies().to_vec();
    let mut select = None;
    let headers = [
        "gui-history-seen",
        "gui-history-owner",
        "gui-history-population",
        "gui-history-industries",
        "gui-history-mp",
        "gui-history-fleets",
    ];
    history_table_ui(ui, lang, ("world-history", id), &headers, |ui| {
        for row in &rows {
            ui.label(seen_when(lang, &allies, row.turn, row.source));
            ui.label(match &row.owner {
                None => UNKNOWN.to_string(),
                Some(None) => tr(lang, "gui-neutral"),
                Some(Some(name)) => format!("\"{name}\""),
            });
            ui.label(number(row.population));
            ui.label(number(row.industries));
            ui.label(number(row.mp));
            ui.horizontal(|ui| {
                for fleet in &row.fleets {
                    if ui.link(format!("F_{fleet}")).clicked() {
                        select = Some(Selection::Fleet(*fleet));
                    }
                }
            });
            ui.end_row();
        }
    });
    if let Some(selection) = select {
        cx.send(Command::Select(Some(selection)));
    }
}

/// Fleet `id`'s history, collapsed, when more than one report listed it.
pub fn fleet_history_ui(ui: &mut egui::Ui, cx: &mut UiContext<'_>, id: FleetId) {
    let lang = cx.lang;
    let rows = cx.knowledge.fleet_timeline(id);
    if rows.len() < 2 {
        return;
    }
    let allies = cx.knowledge.allies().to_vec();
    let mut select = None;
    let headers = [
        "gui-history-seen",
        "gui-history-world",
        "gui-history-owner",
        "gui-history-ships",
    ];
    history_table_ui(ui, lang, ("fleet-history", id), &headers, |ui| {
        for row in &rows {
            ui.label(seen_when(lang, &allies, row.turn, row.source));
            match row.world {
                Some(world) => {
                    if ui.link(world_text(cx.knowledge, world)).clicked() {
                        select = Some(Selection::World(world));
                    }
                }
                None => {
                    ui.label(UNKNOWN);
                }
            }
            ui.label(
                row.owner
                    .as_ref()
                    .map_or_else(|| tr(lang, "gui-neutral"), |o| format!("\"{o}\"")),
            );
            ui.label(number(row.ships));
            ui.end_row();
        }
    });
    if let Some(selection) = select {
        cx.send(Command::Select(Some(selection)));
    }
}

/// The history's frame: collapsed under "Historique", a table scrolling
/// sideways (no cell wraps) with its header line, then `rows`.
fn history_table_ui(
    ui: &mut egui::Ui,
    lang: crate::i18n::Lang,
    salt: (&str, u32),
    headers: &[&str],
    rows: impl FnOnce(&mut egui::Ui),
) {
    ui.add_space(6.0);
    egui::CollapsingHeader::new(RichText::new(tr(lang, "gui-history")).strong())
        .id_salt(salt)
        .default_open(false)
        .show(ui, |ui| {
            egui::ScrollArea::horizontal()
                .id_salt((salt, "sideways"))
                .show(ui, |ui| {
                    ui.style_mut().wrap_mode = Some(egui::TextWrapMode::Extend);
                    egui::Grid::new((salt, "grid"))
                        .striped(true)
                        .num_columns(headers.len())
                        .show(ui, |ui| {
                            for id in headers {
                                ui.strong(tr(lang, id));
                            }
                            ui.end_row();
                            rows(ui);
                        });
                });
        });
}
