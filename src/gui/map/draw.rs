//! Painting one frame of the map: a handful of meshes (grid, links, traces,
//! worlds, markers) instead of one shape per item, so that thousands of worlds
//! and links tessellate in a few milliseconds. Worlds and links outside the panel
//! are skipped.

use std::sync::Arc;

use egui::epaint::{Mesh, Shape};
use egui::{Align2, Color32, FontId, Pos2, Rect, Vec2};

use super::layout::{MapLayout, MapWorld, OwnerKey, Torus, fade};
use super::view::MapView;
use crate::model::{FleetId, WorldId};

/// Labels are written when a radar unit is at least this many points…
const LABEL_ZOOM: f32 = 28.0;
/// …and at most this many worlds are in view.
const MAX_LABELS: usize = 900;
/// Fleet markers shown beside a world (a "+n" tells the rest).
pub const MAX_FLEET_MARKERS: usize = 6;
/// Traces older than this many turns are not drawn.
const MAX_TRACE_AGE: u32 = 2;

/// What is highlighted on the map.
#[derive(Clone, Debug, Default)]
pub struct Highlights {
    pub selected_world: Option<WorldId>,
    pub selected_fleet: Option<FleetId>,
    pub hovered_world: Option<WorldId>,
    pub hovered_fleet: Option<FleetId>,
    /// A route being drawn: the fleet's world then the worlds clicked.
    pub route: Vec<WorldId>,
}

/// Colours that follow the theme.
#[derive(Clone, Copy, Debug)]
pub struct Palette {
    pub background: Color32,
    pub grid: Color32,
    pub link: Color32,
    pub text: Color32,
    pub highlight: Color32,
    pub dark: bool,
}

impl Palette {
    pub fn new(dark: bool) -> Self {
        if dark {
            Palette {
                background: Color32::from_rgb(14, 16, 24),
                grid: Color32::from_rgb(30, 34, 46),
                link: Color32::from_rgb(110, 115, 135),
                text: Color32::from_rgb(210, 210, 220),
                highlight: Color32::from_rgb(255, 214, 60),
                dark,
            }
        } else {
            Palette {
                background: Color32::from_rgb(246, 246, 250),
                grid: Color32::from_rgb(224, 226, 234),
                link: Color32::from_rgb(120, 124, 140),
                text: Color32::from_rgb(30, 30, 40),
                highlight: Color32::from_rgb(220, 120, 0),
                dark,
            }
        }
    }
}

/// A world's disc radius, in points, at a zoom.
pub fn world_radius(zoom: f32) -> f32 {
    (zoom * 0.28).clamp(2.5, 11.0)
}

/// The centre of the `k`-th fleet marker of a world drawn at `center`.
pub fn fleet_marker_pos(center: Pos2, zoom: f32, k: usize) -> Pos2 {
    let r = world_radius(zoom);
    let s = fleet_marker_size(zoom);
    Pos2::new(
        center.x + r + 2.0 + s + k as f32 * (2.0 * s + 1.5),
        center.y,
    )
}

/// The half-size of a fleet marker.
pub fn fleet_marker_size(zoom: f32) -> f32 {
    (world_radius(zoom) * 0.45).clamp(2.0, 4.5)
}

/// Unit directions of an `n`-gon.
fn directions(n: usize) -> Vec<Vec2> {
    (0..n)
        .map(|k| Vec2::angled(k as f32 * std::f32::consts::TAU / n as f32))
        .collect()
}

/// Meshes of one frame.
struct Painter {
    mesh: Mesh,
    tiny: Vec<Vec2>,
    small: Vec<Vec2>,
    large: Vec<Vec2>,
}

impl Painter {
    /// A painter filling `mesh` (emptied first: its buffers are reused).
    fn new(mut mesh: Mesh) -> Self {
        mesh.clear();
        Painter {
            mesh,
            tiny: directions(6),
            small: directions(8),
            large: directions(14),
        }
    }

    /// Fewer sides for smaller discs: a soft-edged hexagon of 4 points looks round.
    fn dirs(&self, r: f32) -> &[Vec2] {
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
    fn disc(&mut self, c: Pos2, r: f32, color: Color32) {
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
    fn ring(&mut self, c: Pos2, r: f32, width: f32, color: Color32) {
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
    fn line(&mut self, a: Pos2, b: Pos2, width: f32, color: Color32) {
        let d = b - a;
        let len = d.length();
        if len < 0.01 {
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
    fn triangle(&mut self, points: [Pos2; 3], color: Color32) {
        let a = self.vertex(points[0], color);
        let b = self.vertex(points[1], color);
        let c = self.vertex(points[2], color);
        self.mesh.add_triangle(a, b, c);
    }

    /// The mesh as a shape, and a handle on it: once egui has drawn the frame and
    /// dropped its copy, the next frame refills the same buffers.
    fn finish(self) -> (Shape, Arc<Mesh>) {
        let mesh = Arc::new(self.mesh);
        (Shape::Mesh(Arc::clone(&mesh)), mesh)
    }
}

/// True when the segment's bounding box meets `rect`.
fn segment_visible(rect: &Rect, a: Pos2, b: Pos2) -> bool {
    Rect::from_two_pos(a, b).intersects(*rect)
}

/// The label of a world on the map.
pub fn world_label(world: &MapWorld) -> String {
    if world.start_world && world.owner == OwnerKey::Me {
        format!("Md_{}", world.id)
    } else {
        format!("M_{}", world.id)
    }
}

/// Paints the map into `painter` (its clip rect is the map's panel).
pub fn paint(
    painter: &egui::Painter,
    layout: &MapLayout,
    view: &MapView,
    rect: Rect,
    palette: &Palette,
    highlights: &Highlights,
    reuse: &mut Option<Arc<Mesh>>,
) {
    let Some(torus) = layout.torus else { return };
    painter.rect_filled(rect, 0.0, palette.background);
    let clip = painter.clip_rect().intersect(rect);
    let screen: Vec<Pos2> = layout
        .worlds
        .iter()
        .map(|w| view.to_screen(&torus, rect, w.pos))
        .collect();
    let zoom = view.zoom;
    let r = world_radius(zoom);
    let margin = r + 40.0;
    let visible_rect = clip.expand(margin);
    let visible: Vec<usize> = (0..screen.len())
        .filter(|&i| visible_rect.contains(screen[i]))
        .collect();

    // Everything goes into one mesh, reserved at once: growing a mesh of 100 000
    // vertices by doubling, then copying several of them into the frame's mesh,
    // costs more than filling it.
    // Refill last frame's mesh when egui no longer holds it: a fresh mesh of a few
    // megabytes per frame costs more in page faults than in drawing.
    let mesh = reuse
        .take()
        .and_then(|mut arc| Arc::get_mut(&mut arc).map(std::mem::take))
        .unwrap_or_default();
    let mut out = Painter::new(mesh);
    let sides = out.dirs(r).len();
    out.mesh.reserve_vertices(
        layout.links.len() * 6
            + visible.len() * (1 + 2 * sides)
            + layout.fleets.len() * 3
            + layout.traces.len() * 11
            + 4096,
    );
    out.mesh.reserve_triangles(
        layout.links.len() * 4
            + visible.len() * 3 * sides
            + layout.fleets.len()
            + layout.traces.len() * 7
            + 4096,
    );
    grid(&mut out, &torus, view, rect, &clip, palette);

    // Links, toward the nearest image of their other end.
    for link in &layout.links {
        let a = screen[link.a as usize];
        let b = a + link.offset * zoom;
        if !segment_visible(&clip, a, b) {
            continue;
        }
        let color = palette.link.gamma_multiply(fade(Some(link.age)) * 0.75);
        out.line(a, b, 1.0, color);
    }
    // Traces: arrows toward where the fleet went.
    for trace in &layout.traces {
        if trace.age > MAX_TRACE_AGE {
            continue;
        }
        let a = screen[trace.world as usize];
        let to = layout.worlds[trace.to as usize].pos;
        let from = layout.worlds[trace.world as usize].pos;
        let b = a + torus.delta(from, to) * zoom;
        if !segment_visible(&clip, a, b) {
            continue;
        }
        let color = trace.color.gamma_multiply(fade(Some(trace.age)));
        arrow(&mut out, a, b, r, color);
    }
    // The route being drawn.
    if highlights.route.len() > 1 {
        let mut previous: Option<(Pos2, Pos2)> = None;
        for id in &highlights.route {
            let Some(i) = layout.world_index(*id) else {
                continue;
            };
            let pos = layout.worlds[i].pos;
            let s = match previous {
                None => screen[i],
                Some((p, ps)) => ps + torus.delta(p, pos) * zoom,
            };
            if let Some((_, ps)) = previous {
                arrow(&mut out, ps, s, r, palette.highlight);
            }
            previous = Some((pos, s));
        }
    }
    // The seam: the edges of the period shown, dashed.
    if torus.wraps {
        let period = view.period_rect(&torus, rect);
        let color = palette.link.gamma_multiply(0.6);
        let corners = [
            period.left_top(),
            period.right_top(),
            period.right_bottom(),
            period.left_bottom(),
            period.left_top(),
        ];
        for side in corners.windows(2) {
            dashes(&mut out, side[0], side[1], &clip, color);
        }
    }

    // Worlds and their markers.
    for &i in &visible {
        world_shapes(
            &mut out,
            layout,
            &layout.worlds[i],
            screen[i],
            zoom,
            palette,
        );
    }
    // Highlights on top.
    let rings = [
        (highlights.hovered_world, palette.text, 1.5),
        (highlights.selected_world, palette.highlight, 2.5),
    ];
    for (world, color, width) in rings {
        if let Some(i) = world.and_then(|id| layout.world_index(id)) {
            out.ring(screen[i], r + 4.0, width, color);
        }
    }
    for (fleet, color) in [
        (highlights.hovered_fleet, palette.text),
        (highlights.selected_fleet, palette.highlight),
    ] {
        let Some(fleet) = fleet else { continue };
        if let Some(k) = layout.fleets.iter().position(|f| f.id == fleet) {
            let f = &layout.fleets[k];
            let w = &layout.worlds[f.world as usize];
            let slot = k - w.fleets.start;
            if slot < MAX_FLEET_MARKERS {
                let c = fleet_marker_pos(screen[f.world as usize], zoom, slot);
                out.ring(c, fleet_marker_size(zoom) + 2.5, 1.5, color);
            }
        }
    }
    let (shape, mesh) = out.finish();
    painter.add(shape);
    *reuse = Some(mesh);

    // Labels, when zoomed in enough; else only the selected and hovered worlds.
    let all_labels = zoom >= LABEL_ZOOM && visible.len() <= MAX_LABELS;
    let labelled: Vec<usize> = if all_labels {
        visible
    } else {
        [highlights.selected_world, highlights.hovered_world]
            .into_iter()
            .flatten()
            .filter_map(|id| layout.world_index(id))
            .collect()
    };
    {
        let font = FontId::proportional(if zoom >= 40.0 { 12.0 } else { 10.5 });
        for &i in &labelled {
            let w = &layout.worlds[i];
            if !clip.contains(screen[i]) {
                continue;
            }
            let color = palette.text.gamma_multiply(fade(w.age).max(0.55));
            painter.text(
                screen[i] + Vec2::new(0.0, r + 2.0),
                Align2::CENTER_TOP,
                world_label(w),
                font.clone(),
                color,
            );
            let extra = w.fleets.len().saturating_sub(MAX_FLEET_MARKERS);
            if extra > 0 {
                let last = fleet_marker_pos(screen[i], zoom, MAX_FLEET_MARKERS);
                painter.text(
                    last,
                    Align2::LEFT_CENTER,
                    format!("+{extra}"),
                    font.clone(),
                    color,
                );
            }
        }
    }
}

/// A dashed segment (6 points on, 5 off), only its part inside `clip`.
fn dashes(out: &mut Painter, a: Pos2, b: Pos2, clip: &Rect, color: Color32) {
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
            out.line(p, q, 1.0, color);
        }
        t += 11.0;
    }
}

/// Faint lines every radar unit (every 5 when zoomed out), inside the period.
fn grid(
    out: &mut Painter,
    torus: &Torus,
    view: &MapView,
    rect: Rect,
    clip: &Rect,
    palette: &Palette,
) {
    let step = if view.zoom >= 12.0 {
        1.0
    } else if view.zoom >= 3.0 {
        5.0
    } else {
        10.0
    };
    let period = if torus.wraps {
        view.period_rect(torus, rect)
    } else {
        Rect::from_two_pos(
            view.to_screen(torus, rect, Pos2::ZERO),
            view.to_screen(torus, rect, Pos2::new(torus.width, torus.height)),
        )
    };
    let area = period.intersect(*clip);
    if area.width() <= 0.0 || area.height() <= 0.0 {
        return;
    }
    let mut x = 0.0;
    while x < torus.width {
        let sx = view.to_screen(torus, rect, Pos2::new(x, 0.0)).x;
        if sx >= area.left() && sx <= area.right() {
            out.line(
                Pos2::new(sx, area.top()),
                Pos2::new(sx, area.bottom()),
                1.0,
                palette.grid,
            );
        }
        x += step;
    }
    let mut y = 0.0;
    while y < torus.height {
        let sy = view.to_screen(torus, rect, Pos2::new(0.0, y)).y;
        if sy >= area.top() && sy <= area.bottom() {
            out.line(
                Pos2::new(area.left(), sy),
                Pos2::new(area.right(), sy),
                1.0,
                palette.grid,
            );
        }
        y += step;
    }
}

/// A line from `a` to `b` stopping short of `b`'s disc, with a head.
fn arrow(out: &mut Painter, a: Pos2, b: Pos2, r: f32, color: Color32) {
    let d = b - a;
    let len = d.length();
    if len <= 2.0 * r + 2.0 {
        return;
    }
    let dir = d / len;
    let start = a + dir * (r + 1.0);
    let tip = b - dir * (r + 2.0);
    let head = (r * 1.1).clamp(4.0, 9.0);
    let back = tip - dir * head;
    out.line(start, back, 1.6, color);
    let n = Vec2::new(-dir.y, dir.x) * head * 0.5;
    out.triangle([tip, back + n, back - n], color);
}

/// One world's disc and markers.
fn world_shapes(
    out: &mut Painter,
    layout: &MapLayout,
    w: &MapWorld,
    c: Pos2,
    zoom: f32,
    palette: &Palette,
) {
    let r = world_radius(zoom);
    let f = fade(w.age);
    let color = w.color.gamma_multiply(f);
    if w.black_hole {
        out.disc(c, r, Color32::from_rgb(8, 4, 14));
        out.ring(
            c,
            r,
            1.5,
            Color32::from_rgb(160, 90, 230).gamma_multiply(f.max(0.6)),
        );
    } else if w.approximate {
        // Placed near its neighbours: a hollow disc.
        out.disc(c, r * 0.45, color.gamma_multiply(0.7));
        out.ring(c, r - 0.5, 1.2, color);
    } else if w.owner == OwnerKey::Unknown {
        out.disc(c, r * 0.7, color);
    } else {
        out.disc(c, r, color);
    }
    if w.start_world {
        out.ring(c, r + 2.0, 1.2, color);
    }
    if w.bombed {
        let red = Color32::from_rgb(230, 40, 40).gamma_multiply(f.max(0.6));
        let d = r * 0.8;
        out.line(c + Vec2::new(-d, -d), c + Vec2::new(d, d), 1.8, red);
        out.line(c + Vec2::new(-d, d), c + Vec2::new(d, -d), 1.8, red);
    }
    if w.pillaged {
        let orange = Color32::from_rgb(255, 150, 20);
        let orange = if w.recovering {
            orange
        } else {
            orange.gamma_multiply(0.5)
        };
        let p = c + Vec2::new(-r * 0.9, -r * 0.9);
        out.disc(p, (r * 0.4).max(1.8), orange);
    }
    let s = fleet_marker_size(zoom);
    for (k, fleet) in layout.fleets[w.fleets.clone()]
        .iter()
        .take(MAX_FLEET_MARKERS)
        .enumerate()
    {
        let p = fleet_marker_pos(c, zoom, k);
        let col = fleet.color.gamma_multiply(fade(Some(fleet.age)));
        out.triangle(
            [
                p + Vec2::new(s, 0.0),
                p + Vec2::new(-s, -s),
                p + Vec2::new(-s, s),
            ],
            col,
        );
        if fleet.mine && palette.dark {
            // A light edge tells the player's own fleets at a glance.
            out.ring(p, s * 0.35, 1.0, Color32::WHITE.gamma_multiply(0.8));
        }
    }
}
