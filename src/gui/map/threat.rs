//! The "Menaces" layer (off by default, F7): each of the player's worlds an
//! enemy fleet could reach next turn ringed in red, and an arrow from each
//! such fleet's last-seen world to it ([`crate::model::threat`]).

use egui::{Color32, Rect, Vec2};

use super::draw::{Frame, MapLayer, MeshPainter, Palette};
use crate::i18n::{Lang, tr, tr_args};
use crate::model::threat::Threat;

/// The threats' colour.
pub const THREAT: Color32 = Color32::from_rgb(235, 60, 60);

/// The threats drawn.
pub struct ThreatLayer<'a> {
    pub threats: &'a [Threat],
}

impl MapLayer for ThreatLayer<'_> {
    fn paint(&self, frame: &Frame<'_>, out: &mut MeshPainter, _palette: &Palette) {
        let r = frame.radius;
        let width = (r * 0.25).clamp(1.2, 2.5);
        let faint = THREAT.gamma_multiply(0.55);
        let mut ringed = Vec::new();
        for threat in self.threats {
            if let Some((a, b)) = frame.segment(threat.from, threat.world) {
                out.arrow(a, b, r, width, (r * 0.9).clamp(4.0, 7.0), faint);
            }
            if !ringed.contains(&threat.world)
                && let Some(c) = frame.world_pos(threat.world)
            {
                out.ring(c, (r * 2.2).max(8.0), width + 0.5, THREAT);
                ringed.push(threat.world);
            }
        }
    }
}

/// What the layer shows, in one line at the map's bottom-left corner while it is
/// on: "Menaces : 3 menaces sur 2 mondes", or that no known fleet can reach the
/// player's worlds (an empty layer would otherwise look like a layer not drawn).
/// `reading`: the knowledge (and its threats) is still being made.
pub fn threat_note_ui(
    ui: &mut egui::Ui,
    rect: Rect,
    threats: &[Threat],
    reading: bool,
    lang: Lang,
) {
    let text = if reading {
        tr(lang, "gui-status-reading")
    } else if threats.is_empty() {
        tr(lang, "gui-threats-none")
    } else {
        let mut worlds: Vec<u32> = threats.iter().map(|t| t.world).collect();
        worlds.sort_unstable();
        worlds.dedup();
        tr_args(
            lang,
            "gui-threats-count",
            &[
                ("count", &threats.len().to_string()),
                ("worlds", &worlds.len().to_string()),
            ],
        )
    };
    let text = tr_args(lang, "gui-map-threats-note", &[("text", &text)]);
    let width = (rect.width() - 16.0).max(80.0);
    let area = Rect::from_min_size(
        rect.left_bottom() + Vec2::new(8.0, -40.0),
        Vec2::new(width, 32.0),
    );
    let mut child = ui.new_child(egui::UiBuilder::new().max_rect(area));
    egui::Frame::popup(child.style())
        .multiply_with_opacity(0.92)
        .show(&mut child, |ui| {
            ui.horizontal(|ui| {
                let (dot, _) = ui.allocate_exact_size(Vec2::new(16.0, 14.0), egui::Sense::hover());
                ui.painter().circle_stroke(dot.center(), 5.0, (1.8, THREAT));
                ui.label(text);
            });
        });
}
