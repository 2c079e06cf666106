//! Routes over several turns on the map: the one being planned (each turn's leg
//! an arrow, "T+1", "T+2"… at the end of each, the arrival turn at the last;
//! the waypoints ringed) and the routes planned before (their legs still to
//! go, fainter).

use egui::{Color32, FontId, Pos2, Rect};

use super::draft::step_label_rect;
use super::draw::{Frame, MapLayer, MeshPainter, Palette};
use crate::i18n::{Lang, tr_args};
use crate::model::WorldId;
use crate::orders::propose::RoutePlan;

/// The planned routes drawn.
pub struct PlanLayer<'a> {
    /// The route being planned (its plan, when it has one).
    pub planning: Option<&'a RoutePlan>,
    /// Its waypoints, as clicked.
    pub waypoints: &'a [WorldId],
    /// The routes planned before.
    pub saved: &'a [RoutePlan],
    /// The turn shown.
    pub turn: u32,
    pub lang: Lang,
}

/// The colour of a route's legs: this turn's move bright, the later ones
/// paler as they go.
fn leg_color(palette: &Palette, leg: usize, faint: bool) -> Color32 {
    let base = if palette.dark {
        Color32::from_rgb(90, 200, 255)
    } else {
        Color32::from_rgb(0, 110, 190)
    };
    let color = if leg == 0 { palette.highlight } else { base };
    let fade = 1.0 - (leg as f32 * 0.12).min(0.5);
    color.gamma_multiply(if faint { fade * 0.5 } else { fade })
}

impl PlanLayer<'_> {
    /// The plans drawn, each with the first leg to draw (this turn's) and
    /// whether it is a saved one (fainter).
    fn drawn(&self) -> Vec<(&RoutePlan, usize, bool)> {
        let mut out = Vec::new();
        if let Some(plan) = self.planning {
            out.push((plan, 0, false));
        }
        for plan in self.saved {
            if self.planning.is_some_and(|p| p.fleet == plan.fleet) {
                continue;
            }
            let from = self.turn.saturating_sub(plan.turn) as usize;
            if self.turn >= plan.turn && from < plan.legs.len() {
                out.push((plan, from, true));
            }
        }
        out
    }

    /// Each leg's worlds from where the fleet starts it: (leg, from, worlds).
    fn legs(plan: &RoutePlan, first: usize) -> Vec<(usize, WorldId, &[WorldId])> {
        let mut from = plan.start;
        let mut out = Vec::new();
        for (k, leg) in plan.legs.iter().enumerate() {
            if k >= first {
                out.push((k, from, leg.as_slice()));
            }
            from = leg.last().copied().unwrap_or(from);
        }
        out
    }
}

impl MapLayer for PlanLayer<'_> {
    fn paint(&self, frame: &Frame<'_>, out: &mut MeshPainter, palette: &Palette) {
        let r = frame.radius;
        let head = (r * 1.1).clamp(5.0, 9.0);
        // A link crossed again (out and back, or by another leg) is drawn
        // beside the first crossing, not on it.
        let mut crossed: std::collections::HashMap<(WorldId, WorldId), u32> =
            std::collections::HashMap::new();
        for (plan, first, faint) in self.drawn() {
            for (k, from, worlds) in Self::legs(plan, first) {
                let color = leg_color(palette, k - first, faint);
                let width = if faint { 1.5 } else { 2.5 };
                let mut at = from;
                for &to in worlds {
                    if let Some((a, b)) = frame.segment(at, to) {
                        let times = crossed.entry((at.min(to), at.max(to))).or_insert(0);
                        let d = b - a;
                        let normal = egui::vec2(-d.y, d.x) / d.length().max(1.0);
                        // Always the same side of the link, whatever the direction.
                        let side = if at < to { 1.0 } else { -1.0 };
                        let shift = normal * (*times as f32 * 4.0 * side);
                        out.arrow(a + shift, b + shift, r, width, head, color);
                        *times += 1;
                    }
                    at = to;
                }
            }
        }
        if self.planning.is_some() || !self.waypoints.is_empty() {
            for &w in self.waypoints {
                if let Some(c) = frame.world_pos(w) {
                    out.ring(c, (r * 1.8).max(7.0), 1.5, palette.highlight);
                }
            }
        }
    }

    fn paint_texts(&self, frame: &Frame<'_>, painter: &egui::Painter, palette: &Palette) {
        let mut taken: Vec<Rect> = Vec::new();
        for (plan, first, faint) in self.drawn() {
            let legs = Self::legs(plan, first);
            let last = legs.len().saturating_sub(1);
            for (i, (k, from, worlds)) in legs.into_iter().enumerate() {
                let Some(&end) = worlds.last() else {
                    continue;
                };
                let before = worlds.len().checked_sub(2).map_or(from, |j| worlds[j]);
                let Some((a, b)) = frame.segment(before, end) else {
                    continue;
                };
                // "T+k" counts from the turn shown; the arrival says its turn.
                let ahead = k - first + 1;
                let text = if i == last {
                    tr_args(
                        self.lang,
                        "gui-map-plan-arrival",
                        &[
                            ("ahead", &ahead.to_string()),
                            ("turn", &(plan.turn + k as u32 + 1).to_string()),
                        ],
                    )
                } else {
                    format!("T+{ahead}")
                };
                let color = leg_color(palette, k - first, faint);
                let d = b - a;
                let normal = egui::vec2(-d.y, d.x) / d.length().max(1.0);
                let normal = if normal.y > 0.0 { -normal } else { normal };
                let galley = painter.layout_no_wrap(text, FontId::proportional(11.0), color);
                let middle = a + d * 0.75;
                let rect =
                    step_label_rect(Pos2::new(middle.x, middle.y), normal, galley.size(), &taken);
                painter.galley(rect.min, galley, color);
                taken.push(rect);
            }
        }
    }
}
