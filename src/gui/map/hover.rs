//! The map's tooltips: a world's or a fleet's CR lines, verbatim, from the
//! last turn that described it; a fleet badge's fleets.

use egui::RichText;

use super::layout::{MapLayout, OwnerKey};
use crate::gui::command::Selection;
use crate::gui::context::UiContext;
use crate::gui::inspector;
use crate::gui::session::LoadedTurn;
use crate::i18n::{tr, tr_args};

/// The loaded turn whose CR has number `turn`.
fn turn_numbered<'a>(cx: &UiContext<'a>, turn: u32) -> Option<&'a LoadedTurn> {
    cx.session
        .turns()
        .iter()
        .find(|t| t.view.turn == Some(turn))
}

/// The tooltip of a world or fleet: its CR lines, verbatim, from the last turn
/// that described it.
pub(super) fn hover_ui(
    ui: &mut egui::Ui,
    cx: &UiContext<'_>,
    layout: &MapLayout,
    target: Selection,
) {
    let lang = cx.lang;
    let current = layout.current_turn;
    const MAX_LINES: usize = 12;
    match target {
        Selection::World(id) => {
            let Some(world) = cx.knowledge.world(id) else {
                return;
            };
            let described = world.last_described;
            let lines: Vec<String> = described
                .and_then(|t| turn_numbered(cx, t))
                .and_then(|turn| {
                    let w = turn.view.world(id)?;
                    Some(
                        inspector::world_lines(&turn.view, &turn.cr, w)
                            .into_iter()
                            .filter_map(|n| turn.cr.line(n).map(str::to_string))
                            .collect(),
                    )
                })
                .unwrap_or_default();
            ui.label(RichText::new(format!("M_{id}")).strong());
            show_lines(ui, &lines, MAX_LINES);
            match described {
                Some(t) => {
                    if t < current || lines.is_empty() {
                        ui.weak(tr_args(
                            lang,
                            "gui-map-seen",
                            &[
                                ("turn", &t.to_string()),
                                ("age", &(current.saturating_sub(t)).to_string()),
                            ],
                        ));
                    }
                }
                None => {
                    let by = world.revealed_by.as_ref().map(|s| s.value.to_string());
                    ui.weak(tr_args(
                        lang,
                        "gui-map-never-described",
                        &[("world", by.as_deref().unwrap_or("?"))],
                    ));
                }
            }
            if layout.world(id).is_some_and(|w| w.approximate) {
                ui.weak(tr(lang, "gui-map-approximate"));
            } else if layout.world(id).is_some_and(|w| w.radar) {
                ui.weak(tr(lang, "gui-map-radar"));
            }
        }
        Selection::Fleet(id) => {
            let Some(fleet) = cx.knowledge.fleet(id) else {
                return;
            };
            let lines: Vec<String> = turn_numbered(cx, fleet.last_seen)
                .and_then(|turn| {
                    let f = turn.view.fleet(id)?;
                    Some(
                        inspector::fleet_lines(&turn.view, f)
                            .into_iter()
                            .filter_map(|n| turn.cr.line(n).map(str::to_string))
                            .collect(),
                    )
                })
                .unwrap_or_default();
            ui.label(RichText::new(format!("F_{id}")).strong());
            show_lines(ui, &lines, MAX_LINES);
            if fleet.last_seen < current || lines.is_empty() {
                ui.weak(tr_args(
                    lang,
                    "gui-map-seen",
                    &[
                        ("turn", &fleet.last_seen.to_string()),
                        ("age", &current.saturating_sub(fleet.last_seen).to_string()),
                    ],
                ));
            }
        }
    }
}

/// The tooltip of a fleet badge: its owner, its counts, then each fleet with its
/// CR lines (a few fleets at most).
pub(super) fn badge_hover_ui(
    ui: &mut egui::Ui,
    cx: &UiContext<'_>,
    layout: &MapLayout,
    badge: usize,
) {
    let lang = cx.lang;
    let Some(badge) = layout.badges.get(badge) else {
        return;
    };
    const MAX_FLEETS: usize = 6;
    let me = cx.knowledge.player.as_ref().map(|p| p.name.as_str());
    let owner = match &badge.owner {
        OwnerKey::Me => tr_args(lang, "gui-map-legend-me", &[("name", me.unwrap_or("?"))]),
        OwnerKey::Player(name) => name.to_string(),
        OwnerKey::Neutral => tr(lang, "gui-map-legend-neutral"),
        OwnerKey::Unknown => tr(lang, "gui-map-legend-unknown"),
    };
    let world = layout.worlds[badge.world as usize].id;
    ui.label(RichText::new(format!("M_{world} · {owner}")).strong());
    ui.label(tr_args(
        lang,
        "gui-map-badge-counts",
        &[
            ("fleets", &badge.fleets.len().to_string()),
            (
                "ships",
                &badge
                    .ships
                    .map_or_else(|| "?".to_string(), |s| s.to_string()),
            ),
        ],
    ));
    for &fleet in layout.fleets[badge.fleets.range()].iter().take(MAX_FLEETS) {
        ui.separator();
        hover_ui(ui, cx, layout, Selection::Fleet(fleet));
    }
    if badge.fleets.len() > MAX_FLEETS {
        ui.weak(tr_args(
            lang,
            "gui-map-legend-more",
            &[("count", &(badge.fleets.len() - MAX_FLEETS).to_string())],
        ));
    }
    if badge.fleets.len() > 1 {
        ui.weak(tr(lang, "gui-map-badge-click"));
    }
}

fn show_lines(ui: &mut egui::Ui, lines: &[String], max: usize) {
    for line in lines.iter().take(max) {
        // CR lines are shown whole, as in the file.
        ui.add(egui::Label::new(RichText::new(line).monospace()).extend());
    }
    if lines.len() > max {
        ui.weak("…");
    }
}
