//! [`MeshPainter`]: the one mesh a frame of the map is painted into — discs,
//! rings, lines, arrows, dashes, triangles, rectangles. The same calls can be
//! recorded as [`Primitive`]s instead (a painter made by
//! [`MeshPainter::recording`]): the map exported as a picture is drawn by the
//! very code that draws it on screen.

use std::sync::Arc;

use egui::epaint::{Mesh, Shape};
use egui::{Color32, Pos2, Rect, Vec2};

/// Unit directions of an `n`-gon.
fn directions(n: usize) -> Vec<Vec2> {
    (0..n)
        .map(|k| Vec2::angled(k as f32 * std::f32::consts::TAU / n as f32))
        .collect()
}

/// One shape as drawn, for a vector picture of the map (points, in the
/// frame's coordinates).
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Primitive {
    /// A segment `width` points wide.
    Line {
        a: Pos2,
        b: Pos2,
        width: f32,
        color: Color32,
    },
    Disc {
        c: Pos2,
        r: f32,
        color: Color32,
    },
    /// A circle stroked `width` points wide.
    Ring {
        c: Pos2,
        r: f32,
        width: f32,
        color: Color32,
    },
    Triangle {
        points: [Pos2; 3],
        color: Color32,
    },
    Rect {
        rect: Rect,
        color: Color32,
    },
}

/// The mesh of one frame: every shape of the map goes into it (or, when
/// recording, into a list of [`Primitive`]s).
pub struct MeshPainter {
    pub(super) mesh: Mesh,
    tiny: Vec<Vec2>,
    small: Vec<Vec2>,
    large: Vec<Vec2>,
    /// Recording: the shapes go here, not into the mesh.
    recorded: Option<Vec<Primitive>>,
}

impl MeshPainter {
    /// A painter filling `mesh` (emptied first: its buffers are reused).
    pub(super) fn new(mut mesh: Mesh) -> Self {
        mesh.clear();
        MeshPainter {
            mesh,
            tiny: directions(6),
            small: directions(8),
            large: directions(14),
            recorded: None,
        }
    }

    /// A painter that records the shapes (no mesh is built).
    pub fn recording() -> Self {
        MeshPainter {
            recorded: Some(Vec::new()),
            ..MeshPainter::new(Mesh::default())
        }
    }

    /// The shapes recorded (none unless made by [`MeshPainter::recording`]).
    pub fn into_recorded(self) -> Vec<Primitive> {
        self.recorded.unwrap_or_default()
    }

    /// Records `primitive` when recording; false when it is to be meshed.
    fn record(&mut self, primitive: Primitive) -> bool {
        match &mut self.recorded {
            Some(list) => {
                list.push(primitive);
                true
            }
            None => false,
        }
    }

    /// Fewer sides for smaller discs: a soft-edged hexagon of 4 points looks round.
    pub(super) fn dirs(&self, r: f32) -> &[Vec2] {
        if r > 7.0 {
            &self.large
        } else if r > 4.5 {
            &self.small
        } else {
            &self.tiny
        }
    }

    fn vertex(&mut self, pos: Pos2, color: Color32) -> u32 {
        let i = self.mesh.vertices.len() as u32;
        self.mesh.colored_vertex(pos, color);
        i
    }

    /// A filled disc with a one-point soft edge.
    pub fn disc(&mut self, c: Pos2, r: f32, color: Color32) {
        if self.record(Primitive::Disc { c, r, color }) {
            return;
        }
        let n = self.dirs(r).len();
        let centre = self.vertex(c, color);
        for k in 0..n {
            let d = self.dirs(r)[k];
            self.vertex(c + d * (r - 0.5).max(0.0), color);
            self.vertex(c + d * (r + 0.5), Color32::TRANSPARENT);
        }
        for k in 0..n as u32 {
            let next = (k + 1) % n as u32;
            let (i0, o0) = (centre + 1 + 2 * k, centre + 2 + 2 * k);
            let (i1, o1) = (centre + 1 + 2 * next, centre + 2 + 2 * next);
            self.mesh.add_triangle(centre, i0, i1);
            self.mesh.add_triangle(i0, o0, o1);
            self.mesh.add_triangle(i0, o1, i1);
        }
    }

    /// A ring between radii `r - width / 2` and `r + width / 2`, soft edges.
    pub fn ring(&mut self, c: Pos2, r: f32, width: f32, color: Color32) {
        if self.record(Primitive::Ring { c, r, width, color }) {
            return;
        }
        let n = self.dirs(r).len();
        let half = (width / 2.0).max(0.5);
        let radii = [
            (r - half - 0.5).max(0.0),
            (r - half + 0.5).max(0.0),
            r + half - 0.5,
            r + half + 0.5,
        ];
        let colors = [Color32::TRANSPARENT, color, color, Color32::TRANSPARENT];
        let base = self.mesh.vertices.len() as u32;
        for k in 0..n {
            let d = self.dirs(r)[k];
            for (radius, col) in radii.iter().zip(colors) {
                self.vertex(c + d * *radius, col);
            }
        }
        for k in 0..n as u32 {
            let next = (k + 1) % n as u32;
            for row in 0..3 {
                let a = base + 4 * k + row;
                let b = base + 4 * next + row;
                self.mesh.add_triangle(a, b, b + 1);
                self.mesh.add_triangle(a, b + 1, a + 1);
            }
        }
    }

    /// A segment `width` points wide with soft edges.
    pub fn line(&mut self, a: Pos2, b: Pos2, width: f32, color: Color32) {
        let d = b - a;
        let len = d.length();
        if len < 0.01 || self.record(Primitive::Line { a, b, width, color }) {
            return;
        }
        let n = Vec2::new(-d.y, d.x) / len;
        if width <= 1.0 {
            // A hairline: one coloured row between two transparent ones.
            let base = self.mesh.vertices.len() as u32;
            for p in [a, b] {
                self.vertex(p - n, Color32::TRANSPARENT);
                self.vertex(p, color);
                self.vertex(p + n, Color32::TRANSPARENT);
            }
            for row in 0..2 {
                let (a0, b0) = (base + row, base + 3 + row);
                self.mesh.add_triangle(a0, b0, b0 + 1);
                self.mesh.add_triangle(a0, b0 + 1, a0 + 1);
            }
            return;
        }
        let core = (width / 2.0 - 0.5).max(0.0);
        let edge = width / 2.0 + 0.5;
        let base = self.mesh.vertices.len() as u32;
        for p in [a, b] {
            self.vertex(p - n * edge, Color32::TRANSPARENT);
            self.vertex(p - n * core, color);
            self.vertex(p + n * core, color);
            self.vertex(p + n * edge, Color32::TRANSPARENT);
        }
        for row in 0..3 {
            let (a0, b0) = (base + row, base + 4 + row);
            self.mesh.add_triangle(a0, b0, b0 + 1);
            self.mesh.add_triangle(a0, b0 + 1, a0 + 1);
        }
    }

    /// A filled triangle (no soft edge: markers are small).
    pub fn triangle(&mut self, points: [Pos2; 3], color: Color32) {
        if self.record(Primitive::Triangle { points, color }) {
            return;
        }
        let a = self.vertex(points[0], color);
        let b = self.vertex(points[1], color);
        let c = self.vertex(points[2], color);
        self.mesh.add_triangle(a, b, c);
    }

    /// A filled rectangle with rounded-off soft edges (one point).
    pub fn rect(&mut self, r: Rect, color: Color32) {
        if self.record(Primitive::Rect { rect: r, color }) {
            return;
        }
        let outer = r.expand(0.5);
        let inner = r.shrink(0.5);
        let base = self.mesh.vertices.len() as u32;
        for (rect, col) in [(inner, color), (outer, Color32::TRANSPARENT)] {
            for p in [
                rect.left_top(),
                rect.right_top(),
                rect.right_bottom(),
                rect.left_bottom(),
            ] {
                self.vertex(p, col);
            }
        }
        self.mesh.add_triangle(base, base + 1, base + 2);
        self.mesh.add_triangle(base, base + 2, base + 3);
        for k in 0..4 {
            let next = (k + 1) % 4;
            let (i0, i1, o0, o1) = (base + k, base + next, base + 4 + k, base + 4 + next);
            self.mesh.add_triangle(i0, o0, o1);
            self.mesh.add_triangle(i0, o1, i1);
        }
    }

    /// A line from `a` to `b` stopping short of the discs (radius `r`) at both
    /// ends, with a head of `head` points, `width` points wide.
    pub fn arrow(&mut self, a: Pos2, b: Pos2, r: f32, width: f32, head: f32, color: Color32) {
        let d = b - a;
        let len = d.length();
        if len <= 2.0 * r + head + 2.0 {
            return;
        }
        let dir = d / len;
        let start = a + dir * (r + 1.0);
        let tip = b - dir * (r + 2.0);
        let back = tip - dir * head;
        self.line(start, back, width, color);
        let n = Vec2::new(-dir.y, dir.x) * head * 0.5;
        self.triangle([tip, back + n, back - n], color);
    }

    /// A dashed segment (6 points on, 5 off), only its part inside `clip`.
    pub fn dashes(&mut self, a: Pos2, b: Pos2, clip: &Rect, color: Color32) {
        let d = b - a;
        let len = d.length();
        if len < 1.0 || !segment_visible(clip, a, b) {
            return;
        }
        let dir = d / len;
        let mut t = 0.0;
        while t < len {
            let p = a + dir * t;
            let q = a + dir * (t + 6.0).min(len);
            if segment_visible(clip, p, q) {
                self.line(p, q, 1.0, color);
            }
            t += 11.0;
        }
    }

    /// The mesh as a shape, and a handle on it: once egui has drawn the frame and
    /// dropped its copy, the next frame refills the same buffers.
    pub(super) fn finish(self) -> (Shape, Arc<Mesh>) {
        let mesh = Arc::new(self.mesh);
        (Shape::Mesh(Arc::clone(&mesh)), mesh)
    }
}

/// True when the segment's bounding box meets `rect`.
pub(super) fn segment_visible(rect: &Rect, a: Pos2, b: Pos2) -> bool {
    Rect::from_two_pos(a, b).intersects(*rect)
}
