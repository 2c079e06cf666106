//! The "Menaces" layer (off by default, F7): each of the player's worlds an
//! enemy fleet could reach next turn ringed in red, and an arrow from each
//! such fleet's last-seen world to it ([`crate::model::threat`]).

use egui::Color32;

use super::draw::{Frame, MapLayer, MeshPainter, Palette};
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
