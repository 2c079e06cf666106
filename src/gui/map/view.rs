//! The camera of the map: which point of the torus is in the middle of the panel
//! and how many points a radar unit takes. Pure geometry (no egui painting).
//!
//! Every world is drawn once, at its image nearest to the camera's centre: the
//! panel shows one period of the torus around the centre, and panning moves the
//! centre, which wraps around.

use egui::{Pos2, Rect, Vec2};
use serde::{Deserialize, Serialize};

use super::torus::Torus;

/// Zoom bounds, in points per radar unit.
pub const MIN_ZOOM: f32 = 0.5;
pub const MAX_ZOOM: f32 = 160.0;
/// Fitting a few worlds does not zoom in further than this.
pub const FIT_MAX_ZOOM: f32 = MAX_ZOOM;
/// The part of the panel the worlds fitted span, in its tighter direction.
pub const FIT_SPAN: f32 = 0.85;
/// Points kept free around the worlds fitted, on each side of the panel, at
/// least (room for the labels and badges beside the outer worlds).
pub const FIT_MARGIN: f32 = 28.0;

/// The camera.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct MapView {
    /// The torus point at the centre of the panel (radar units).
    pub center: Pos2,
    /// Points per radar unit.
    pub zoom: f32,
}

impl Default for MapView {
    fn default() -> Self {
        MapView {
            center: Pos2::ZERO,
            zoom: 20.0,
        }
    }
}

impl MapView {
    /// Where torus point `p` is drawn in `rect`: its image nearest to the centre.
    pub fn to_screen(&self, torus: &Torus, rect: Rect, p: Pos2) -> Pos2 {
        rect.center() + torus.delta(self.center, p) * self.zoom
    }

    /// The torus point under screen point `s` (wrapped).
    pub fn from_screen(&self, torus: &Torus, rect: Rect, s: Pos2) -> Pos2 {
        torus.wrap(self.center + (s - rect.center()) / self.zoom)
    }

    /// Moves the map with the pointer by `drag` points; the centre wraps.
    pub fn pan(&mut self, torus: &Torus, drag: Vec2) {
        self.center = torus.wrap(self.center - drag / self.zoom);
    }

    /// Multiplies the zoom by `factor`, keeping the torus point under `anchor`
    /// (screen) where it is.
    pub fn zoom_at(&mut self, torus: &Torus, rect: Rect, anchor: Pos2, factor: f32) {
        if !factor.is_finite() || factor <= 0.0 {
            return;
        }
        let before = self.center + (anchor - rect.center()) / self.zoom;
        self.zoom = (self.zoom * factor).clamp(MIN_ZOOM, MAX_ZOOM);
        self.center = torus.wrap(before - (anchor - rect.center()) / self.zoom);
    }

    /// The whole torus in `rect`, centred on `center` (radar units).
    pub fn fit(torus: &Torus, rect: Rect, center: Pos2) -> Self {
        let margin = 24.0;
        let zoom_x = (rect.width() - 2.0 * margin).max(16.0) / torus.width;
        let zoom_y = (rect.height() - 2.0 * margin).max(16.0) / torus.height;
        MapView {
            center: torus.wrap(center),
            zoom: zoom_x.min(zoom_y).clamp(MIN_ZOOM, MAX_ZOOM),
        }
    }

    /// The smallest window holding every point of `points`, with margins: centred
    /// on their [`bounds`] (across the seam when that is smaller), zoomed so that
    /// the points span [`FIT_SPAN`] of `rect` in its tighter direction (never
    /// closer than [`FIT_MARGIN`] points to an edge: room for the labels and
    /// badges beside the worlds); never less than the whole torus, never more
    /// than [`FIT_MAX_ZOOM`]. No points: the whole torus.
    pub fn fit_points(torus: &Torus, rect: Rect, points: impl IntoIterator<Item = Pos2>) -> Self {
        let Some((center, extent)) = bounds(torus, points) else {
            return Self::fit(
                torus,
                rect,
                Pos2::new(torus.width / 2.0, torus.height / 2.0),
            );
        };
        let whole = Self::fit(torus, rect, center);
        // A single world, or worlds in a row, still span one radar unit.
        let extent = extent.max(Vec2::splat(1.0));
        let span = |size: f32| (size * FIT_SPAN).min(size - 2.0 * FIT_MARGIN).max(16.0);
        let zoom_x = span(rect.width()) / extent.x;
        let zoom_y = span(rect.height()) / extent.y;
        MapView {
            center: whole.center,
            zoom: zoom_x
                .min(zoom_y)
                .clamp(whole.zoom, FIT_MAX_ZOOM.max(whole.zoom)),
        }
    }

    /// The period of the torus shown, on screen: every world is inside it.
    pub fn period_rect(&self, torus: &Torus, rect: Rect) -> Rect {
        Rect::from_center_size(rect.center(), torus.size() * self.zoom)
    }
}

/// The circular mean of `points` on the torus (the middle of a group of worlds
/// that may straddle the seam), or `None` for no points.
pub fn torus_mean(torus: &Torus, points: impl IntoIterator<Item = Pos2>) -> Option<Pos2> {
    let mut iter = points.into_iter();
    let first = iter.next()?;
    if !torus.wraps {
        let (mut sum, mut n) = (first.to_vec2(), 1.0);
        for p in iter {
            sum += p.to_vec2();
            n += 1.0;
        }
        return Some((sum / n).to_pos2());
    }
    // Angles on each axis: the mean direction does not depend on the seam.
    let tau = std::f32::consts::TAU;
    let (mut cx, mut sx, mut cy, mut sy) = (0.0f32, 0.0f32, 0.0f32, 0.0f32);
    for p in std::iter::once(first).chain(iter) {
        let ax = p.x / torus.width * tau;
        let ay = p.y / torus.height * tau;
        cx += ax.cos();
        sx += ax.sin();
        cy += ay.cos();
        sy += ay.sin();
    }
    let mean_axis = |c: f32, s: f32, size: f32, fallback: f32| {
        if c.abs() < 1e-4 && s.abs() < 1e-4 {
            fallback
        } else {
            (s.atan2(c) / tau * size).rem_euclid(size)
        }
    };
    Some(torus.wrap(Pos2::new(
        mean_axis(cx, sx, torus.width, first.x),
        mean_axis(cy, sy, torus.height, first.y),
    )))
}

/// The smallest window of the torus holding `points`: its centre (wrapped) and
/// its size, in radar units. On a torus each axis takes the shortest arc that
/// covers the points' coordinates: everything but the widest gap between two
/// of them, which may be the gap across the seam (then the window is the plain
/// one) or any other (then the window crosses the seam). On a plane, the plain
/// bounding box. `None` for no points.
pub fn bounds(torus: &Torus, points: impl IntoIterator<Item = Pos2>) -> Option<(Pos2, Vec2)> {
    let (mut xs, mut ys): (Vec<f32>, Vec<f32>) = points
        .into_iter()
        .map(|p| torus.wrap(p))
        .filter(|p| p.x.is_finite() && p.y.is_finite())
        .map(|p| (p.x, p.y))
        .unzip();
    if xs.is_empty() {
        return None;
    }
    let (cx, wx) = axis_bounds(&mut xs, torus.width, torus.wraps);
    let (cy, wy) = axis_bounds(&mut ys, torus.height, torus.wraps);
    Some((torus.wrap(Pos2::new(cx, cy)), Vec2::new(wx, wy)))
}

/// The middle and length of the shortest arc (segment on a plane) covering
/// `values`, which is not empty.
fn axis_bounds(values: &mut [f32], size: f32, wraps: bool) -> (f32, f32) {
    values.sort_by(f32::total_cmp);
    let (first, last) = (values[0], values[values.len() - 1]);
    if !wraps {
        return ((first + last) / 2.0, last - first);
    }
    // The widest gap: across the seam first (ties keep the plain window).
    let mut gap = first + size - last;
    let mut start = first;
    for pair in values.windows(2) {
        let g = pair[1] - pair[0];
        if g > gap {
            gap = g;
            start = pair[1];
        }
    }
    let length = (size - gap).max(0.0);
    ((start + length / 2.0).rem_euclid(size), length)
}
