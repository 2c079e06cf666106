//! The map zoomed out over many worlds: a level of detail where each world is a
//! dot and each link a hairline, rasterised once per view into one picture
//! (an egui texture) instead of a mesh of tens of thousands of discs. A frame
//! then draws one textured rectangle, whatever the galaxy's size: moving the
//! pointer over 80,000 worlds costs what it costs over ten.
//!
//! No label and no fleet badge is placed at this level (only the selection's);
//! the highlights, the layers (route, draft, threats) and the grid stay in the
//! frame's mesh, over and under the picture.

use egui::{Color32, ColorImage, Pos2};

use super::{Frame, Palette, fade};

/// More worlds in view than this: dots ([`Frame::dots`]), no labels. A real
/// player's map (a few hundred worlds) never comes near it.
pub const DOTS_ABOVE: usize = 2500;

/// The radius of a dot (points) at a zoom: smaller than a disc, at least a
/// pixel wide.
pub fn dot_radius(zoom: f32) -> f32 {
    (zoom * 0.28).clamp(0.6, 2.5)
}

/// `src` (premultiplied) over `dst`.
fn over(dst: Color32, src: Color32) -> Color32 {
    let a = u16::from(src.a());
    if a == 255 {
        return src;
    }
    let keep = 255 - a;
    let mix = |s: u8, d: u8| (u16::from(s) + (u16::from(d) * keep + 127) / 255).min(255) as u8;
    Color32::from_rgba_premultiplied(
        mix(src.r(), dst.r()),
        mix(src.g(), dst.g()),
        mix(src.b(), dst.b()),
        mix(src.a(), dst.a()),
    )
}

/// A picture of the frame's clip rectangle, `ppp` pixels per point.
struct Canvas {
    image: ColorImage,
    origin: Pos2,
    ppp: f32,
}

impl Canvas {
    fn pixel(&self, p: Pos2) -> (f32, f32) {
        (
            (p.x - self.origin.x) * self.ppp,
            (p.y - self.origin.y) * self.ppp,
        )
    }

    fn blend(&mut self, x: i64, y: i64, color: Color32) {
        let [w, h] = self.image.size;
        if x < 0 || y < 0 || x >= w as i64 || y >= h as i64 {
            return;
        }
        let i = y as usize * w + x as usize;
        if let Some(px) = self.image.pixels.get_mut(i) {
            *px = over(*px, color);
        }
    }

    /// A filled dot of radius `r` points.
    fn dot(&mut self, c: Pos2, r: f32, color: Color32) {
        let (cx, cy) = self.pixel(c);
        let r = (r * self.ppp).max(0.5);
        let (x0, x1) = ((cx - r).floor() as i64, (cx + r).ceil() as i64);
        let (y0, y1) = ((cy - r).floor() as i64, (cy + r).ceil() as i64);
        let r2 = (r + 0.5) * (r + 0.5);
        for y in y0..y1 {
            for x in x0..x1 {
                let (dx, dy) = (x as f32 + 0.5 - cx, y as f32 + 0.5 - cy);
                if dx * dx + dy * dy <= r2 {
                    self.blend(x, y, color);
                }
            }
        }
    }

    /// A one-pixel line (no end pixel twice).
    fn line(&mut self, a: Pos2, b: Pos2, color: Color32) {
        let (ax, ay) = self.pixel(a);
        let (bx, by) = self.pixel(b);
        let steps = (bx - ax)
            .abs()
            .max((by - ay).abs())
            .ceil()
            .clamp(1.0, 4096.0);
        let (dx, dy) = ((bx - ax) / steps, (by - ay) / steps);
        for k in 0..steps as i64 {
            let (x, y) = (ax + dx * k as f32, ay + dy * k as f32);
            self.blend(x.floor() as i64, y.floor() as i64, color);
        }
    }
}

/// The dots picture of `frame`: its links, then its worlds in view, over a
/// transparent background (the grid drawn under it shows through), for the
/// frame's clip rectangle at `ppp` pixels per point.
pub fn rasterise(frame: &Frame<'_>, palette: &Palette, ppp: f32) -> ColorImage {
    let clip = frame.clip;
    let size = [
        ((clip.width() * ppp).round().max(1.0)) as usize,
        ((clip.height() * ppp).round().max(1.0)) as usize,
    ];
    let mut canvas = Canvas {
        image: ColorImage::new(size, vec![Color32::TRANSPARENT; size[0] * size[1]]),
        origin: clip.min,
        ppp,
    };
    let layout = frame.layout;
    let zoom = frame.view.zoom;
    let visible = clip.expand(4.0);
    for link in &layout.links {
        let a = frame.screen[link.a as usize];
        let b = a + layout.link_offset(link) * zoom;
        if !super::mesh::segment_visible(&visible, a, b) {
            continue;
        }
        let color = palette.link.gamma_multiply(fade(Some(link.age)) * 0.45);
        canvas.line(a, b, color);
    }
    let r = dot_radius(zoom);
    for &i in &frame.visible {
        let w = &layout.worlds[i];
        let color = if w.black_hole {
            Color32::from_rgb(160, 90, 230)
        } else {
            w.color.gamma_multiply(fade(w.age))
        };
        canvas.dot(frame.screen[i], r, color);
    }
    canvas.image
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_opaque_colour_covers_and_a_transparent_one_leaves() {
        let red = Color32::from_rgb(200, 0, 0);
        assert_eq!(over(Color32::BLUE, red), red);
        assert_eq!(over(red, Color32::TRANSPARENT), red);
        let half = Color32::from_black_alpha(128);
        let mixed = over(Color32::WHITE, half);
        assert!(mixed.r() > 100 && mixed.r() < 140, "{mixed:?}");
        assert_eq!(mixed.a(), 255);
    }
}
