//! On the predicted turn: the worlds whose values the preview's odds found
//! random, ringed with a dotted circle (their "≈" values and odds are in the
//! lists and the inspector).

use egui::Vec2;

use super::draw::{Frame, MapLayer, MeshPainter, Palette};
use crate::model::WorldId;

/// The worlds drawn as uncertain.
pub struct UncertainLayer<'a> {
    pub worlds: &'a [WorldId],
}

/// Dots on the ring.
const DOTS: usize = 12;

impl MapLayer for UncertainLayer<'_> {
    fn paint(&self, frame: &Frame<'_>, out: &mut MeshPainter, palette: &Palette) {
        let r = (frame.radius * 2.4).max(9.0);
        let color = palette.text.gamma_multiply(0.7);
        for &world in self.worlds {
            let Some(c) = frame.world_pos(world) else {
                continue;
            };
            for k in 0..DOTS {
                let a = std::f32::consts::TAU * k as f32 / DOTS as f32;
                let b = a + std::f32::consts::TAU / (DOTS as f32 * 2.0);
                out.line(c + Vec2::angled(a) * r, c + Vec2::angled(b) * r, 1.3, color);
            }
        }
    }
}
