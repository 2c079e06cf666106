//! The map's legend: the owners' colours and the markers.

use egui::{Color32, Rect, Sense, Vec2};

use super::draw::Palette;
use super::layout::{LegendEntry, OwnerKey};
use crate::gui::context::UiContext;
use crate::i18n::{tr, tr_args};

/// Owners listed in the legend (the others are counted).
const LEGEND_OWNERS: usize = 10;

/// The owners' colours and the markers, in the map's top-left corner.
pub(super) fn legend_ui(
    ui: &mut egui::Ui,
    cx: &UiContext<'_>,
    rect: Rect,
    legend: &[LegendEntry],
    palette: &Palette,
) -> Rect {
    let lang = cx.lang;
    let area = Rect::from_min_size(
        rect.min + Vec2::splat(8.0),
        Vec2::new(230.0, rect.height() - 16.0),
    );
    let mut child = ui.new_child(egui::UiBuilder::new().max_rect(area));
    egui::Frame::popup(child.style())
        .multiply_with_opacity(0.92)
        .show(&mut child, |ui| {
            ui.set_max_width(220.0);
            // A short map scrolls the legend rather than cutting it.
            egui::ScrollArea::vertical()
                .id_salt("map-legend-scroll")
                .max_height((area.height() - 16.0).max(40.0))
                .show(ui, |ui| {
                    let me = cx.knowledge.player.as_ref().map(|p| p.name.clone());
                    for entry in legend.iter().take(LEGEND_OWNERS) {
                        let name = match &entry.owner {
                            OwnerKey::Me => tr_args(
                                lang,
                                "gui-map-legend-me",
                                &[("name", me.as_deref().unwrap_or("?"))],
                            ),
                            OwnerKey::Player(name) => name.to_string(),
                            OwnerKey::Neutral => tr(lang, "gui-map-legend-neutral"),
                            OwnerKey::Unknown => tr(lang, "gui-map-legend-unknown"),
                        };
                        ui.horizontal(|ui| {
                            swatch(ui, entry.color, Marker::Disc);
                            ui.label(name).on_hover_text(tr_args(
                                lang,
                                "gui-map-legend-counts",
                                &[
                                    ("worlds", &entry.worlds.to_string()),
                                    ("fleets", &entry.fleets.to_string()),
                                ],
                            ));
                            ui.weak(format!("{} · {}", entry.worlds, entry.fleets));
                        });
                    }
                    if legend.len() > LEGEND_OWNERS {
                        ui.weak(tr_args(
                            lang,
                            "gui-map-legend-more",
                            &[("count", &(legend.len() - LEGEND_OWNERS).to_string())],
                        ));
                    }
                    let grey = palette.text;
                    egui::CollapsingHeader::new(tr(lang, "gui-map-legend-symbols"))
                        .id_salt("map-legend-symbols")
                        .default_open(false)
                        .show(ui, |ui| {
                            for (marker, id) in [
                                (Marker::Approximate, "gui-map-legend-approximate"),
                                (Marker::BlackHole, "gui-map-legend-black-hole"),
                                (Marker::Start, "gui-map-legend-start"),
                                (Marker::Ally, "gui-map-legend-ally"),
                                (Marker::Bombed, "gui-map-legend-bombed"),
                                (Marker::Pillaged, "gui-map-legend-pillaged"),
                                (Marker::Fleet, "gui-map-legend-badge"),
                                (Marker::Trace, "gui-map-legend-trace"),
                                (Marker::Faded, "gui-map-legend-faded"),
                                (Marker::Threat, "gui-map-legend-threat"),
                            ] {
                                ui.horizontal(|ui| {
                                    swatch(ui, grey, marker);
                                    ui.add(egui::Label::new(tr(lang, id)).wrap());
                                });
                            }
                        });
                });
        })
        .response
        .rect
}

#[derive(Clone, Copy)]
enum Marker {
    Disc,
    Approximate,
    BlackHole,
    Start,
    Ally,
    Bombed,
    Pillaged,
    Fleet,
    Trace,
    Faded,
    Threat,
}

/// A small picture of a marker, as the map draws it.
fn swatch(ui: &mut egui::Ui, color: Color32, marker: Marker) {
    let (rect, _) = ui.allocate_exact_size(Vec2::new(18.0, 14.0), Sense::hover());
    let painter = ui.painter();
    let c = rect.center();
    let r = 5.0;
    match marker {
        Marker::Disc => {
            painter.circle_filled(c, r, color);
        }
        Marker::Approximate => {
            painter.circle_stroke(c, r, (1.2, color));
            painter.circle_filled(c, r * 0.45, color.gamma_multiply(0.7));
        }
        Marker::BlackHole => {
            painter.circle(
                c,
                r,
                Color32::from_rgb(8, 4, 14),
                (1.5, Color32::from_rgb(160, 90, 230)),
            );
        }
        Marker::Start => {
            painter.circle_filled(c, r - 1.5, color);
            painter.circle_stroke(c, r + 1.0, (1.2, color));
        }
        Marker::Ally => {
            painter.circle_filled(c, r - 1.5, color);
            painter.circle_stroke(c, r + 1.5, (1.0, super::draw::ALLY_RING));
        }
        Marker::Bombed => {
            painter.circle_filled(c, r, color.gamma_multiply(0.5));
            let red = Color32::from_rgb(230, 40, 40);
            let d = r * 0.8;
            painter.line_segment([c + Vec2::new(-d, -d), c + Vec2::new(d, d)], (1.8, red));
            painter.line_segment([c + Vec2::new(-d, d), c + Vec2::new(d, -d)], (1.8, red));
        }
        Marker::Pillaged => {
            painter.circle_filled(c, r, color.gamma_multiply(0.5));
            painter.circle_filled(
                c + Vec2::new(-r * 0.9, -r * 0.9),
                2.2,
                Color32::from_rgb(255, 150, 20),
            );
        }
        Marker::Threat => {
            painter.circle_filled(c, r - 2.0, color);
            painter.circle_stroke(c, r + 1.0, (1.8, super::threat::THREAT));
        }
        Marker::Fleet => {
            let s = 4.0;
            painter.add(egui::Shape::convex_polygon(
                vec![
                    c + Vec2::new(s, 0.0),
                    c + Vec2::new(-s, -s),
                    c + Vec2::new(-s, s),
                ],
                color,
                egui::Stroke::NONE,
            ));
        }
        Marker::Trace => {
            painter.arrow(c - Vec2::new(7.0, 0.0), Vec2::new(14.0, 0.0), (1.5, color));
        }
        Marker::Faded => {
            painter.circle_filled(c - Vec2::new(4.0, 0.0), 3.5, color);
            painter.circle_filled(c + Vec2::new(4.0, 0.0), 3.5, color.gamma_multiply(0.3));
        }
    }
}
