//! The galaxy's shape on the map: a torus of radar units (or a plane when the
//! size is unknown), its wrapping and shortest offsets.

use egui::{Pos2, Vec2};

/// The galaxy's shape: a torus of `width` × `height` radar units ("les mondes d'en
/// haut sont connectés avec ceux d'en bas et les mondes de droite avec ceux de
/// gauche"), or a plane when the size is unknown (a CR read without its NBT).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Torus {
    pub width: f32,
    pub height: f32,
    /// False: the size is not known; nothing wraps.
    pub wraps: bool,
}

impl Torus {
    /// A torus of the given size (at least one unit each way).
    pub fn new(width: u32, height: u32) -> Self {
        Torus {
            width: width.max(1) as f32,
            height: height.max(1) as f32,
            wraps: true,
        }
    }

    /// A plane (unknown galaxy size): `width`/`height` only bound the worlds known.
    pub fn plane(width: f32, height: f32) -> Self {
        Torus {
            width: width.max(1.0),
            height: height.max(1.0),
            wraps: false,
        }
    }

    pub fn size(&self) -> Vec2 {
        Vec2::new(self.width, self.height)
    }

    /// The point brought back into `[0, width) × [0, height)` (unchanged on a plane).
    pub fn wrap(&self, p: Pos2) -> Pos2 {
        if !self.wraps {
            return p;
        }
        Pos2::new(wrap_axis(p.x, self.width), wrap_axis(p.y, self.height))
    }

    /// The shortest displacement from `from` to an image of `to`: each component
    /// in `[-size/2, size/2)` on a torus, the plain difference on a plane.
    pub fn delta(&self, from: Pos2, to: Pos2) -> Vec2 {
        let d = to - from;
        if !self.wraps {
            return d;
        }
        Vec2::new(shortest(d.x, self.width), shortest(d.y, self.height))
    }

    /// The image of `to` nearest to `from`.
    pub fn nearest_image(&self, from: Pos2, to: Pos2) -> Pos2 {
        from + self.delta(from, to)
    }

    /// The distance between the nearest images.
    pub fn distance(&self, a: Pos2, b: Pos2) -> f32 {
        self.delta(a, b).length()
    }
}

fn wrap_axis(v: f32, size: f32) -> f32 {
    let r = v.rem_euclid(size);
    // rem_euclid of a tiny negative number can round to `size` itself.
    if r >= size { 0.0 } else { r }
}

fn shortest(d: f32, size: f32) -> f32 {
    let r = wrap_axis(d, size);
    if r >= size / 2.0 { r - size } else { r }
}
