//! Painting one frame of the map: a handful of meshes (grid, links, traces,
//! worlds, markers) instead of one shape per item, so that thousands of worlds
//! and links tessellate in a few milliseconds. Worlds and links outside the panel
//! are skipped.
//!
//! A frame goes in three steps:
//! 1. [`Frame::new`]: where every world is on screen, which are in view;
//! 2. [`annotate`] (pure, no painting): where the fleet badges and the labels
//!    go — around their world, never over another world, a badge or a label;
//!    the least important are left out when there is no room;
//! 3. [`paint`]: the mesh (links, traces, the [`MapLayer`]s such as a route
//!    being drawn, worlds, badges, highlights), then the texts.
//!
//! A new layer (the orders being drafted, say) implements [`MapLayer`]: it
//! reads world positions from the [`Frame`] and adds lines, arrows, dashes,
//! discs and rings to the frame's [`MeshPainter`], under the worlds.

pub mod dots;
mod mesh;
mod place;

use std::sync::Arc;

use egui::epaint::Mesh;
use egui::{Align2, Color32, FontId, Pos2, Rect, Vec2};

use self::mesh::segment_visible;
pub use self::mesh::{MeshPainter, Primitive};
pub use self::place::annotate;

use super::layout::{MapBadge, MapLayout, MapWorld, OwnerKey, fade};
use super::torus::Torus;
use super::view::MapView;
use crate::model::{FleetId, WorldId};

/// At most this many labels in one frame.
const MAX_LABELS: usize = 900;
/// Below this zoom (points per radar unit) only the labels of the player's
/// worlds, of worlds with fleets or owners, and of the selected world are tried.
const LABEL_ZOOM: f32 = 12.0;
/// Traces older than this many turns are not drawn.
const MAX_TRACE_AGE: u32 = 2;
/// The size of the labels' text (points): the same at every zoom.
pub const LABEL_FONT_SIZE: f32 = 11.5;
/// The size of the badges' text.
pub const BADGE_FONT_SIZE: f32 = 10.5;

/// What is highlighted on the map.
#[derive(Clone, Debug, Default)]
pub struct Highlights {
    pub selected_world: Option<WorldId>,
    pub selected_fleet: Option<FleetId>,
    pub hovered_world: Option<WorldId>,
    pub hovered_fleet: Option<FleetId>,
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

/// The ring around a world only an ally's report described (and its legend).
pub const ALLY_RING: Color32 = Color32::from_rgb(70, 200, 230);

/// A world's disc radius, in points, at a zoom.
pub fn world_radius(zoom: f32) -> f32 {
    (zoom * 0.28).clamp(2.5, 11.0)
}

/// The label of a world on the map.
pub fn world_label(world: &MapWorld) -> String {
    if world.start_world && world.owner == OwnerKey::Me {
        format!("Md_{}", world.id)
    } else {
        format!("M_{}", world.id)
    }
}

/// Text widths for placing labels and badges, from the font's glyph widths (no
/// text layout per label: thousands of them are measured per frame).
#[derive(Clone, Debug)]
pub struct TextMetrics {
    widths: [f32; 128],
    /// Width of a character beyond ASCII.
    fallback: f32,
    /// Height of a row of text.
    pub height: f32,
}

impl TextMetrics {
    /// Every character `width` points wide (for tests).
    pub fn fixed(width: f32, height: f32) -> Self {
        TextMetrics {
            widths: [width; 128],
            fallback: width,
            height,
        }
    }

    /// The widths of `font`'s glyphs.
    pub fn of_font(fonts: &mut egui::epaint::text::FontsView<'_>, font: &FontId) -> Self {
        let mut widths = [0.0; 128];
        for (c, w) in widths.iter_mut().enumerate().skip(32) {
            *w = fonts.glyph_width(font, c as u8 as char);
        }
        let fallback = fonts.glyph_width(font, 'W');
        TextMetrics {
            widths,
            fallback,
            height: fonts.row_height(font),
        }
    }

    /// The width of number `n` written in decimal (no text built).
    pub fn number_width(&self, mut n: u32) -> f32 {
        let mut width = 0.0;
        loop {
            width += self.widths[usize::from(b'0') + (n % 10) as usize];
            n /= 10;
            if n == 0 {
                return width;
            }
        }
    }

    /// The width of `text` (a little more than its glyphs: kerning never makes
    /// the text drawn wider than measured).
    pub fn width(&self, text: &str) -> f32 {
        text.chars()
            .map(|c| {
                self.widths
                    .get(c as usize)
                    .copied()
                    .unwrap_or(self.fallback)
            })
            .sum::<f32>()
            + 1.0
    }
}

/// What the annotations need besides the layout: the text sizes and the badges'
/// words.
#[derive(Clone, Debug)]
pub struct AnnotationStyle {
    pub label: TextMetrics,
    pub badge: TextMetrics,
    /// The badge's abbreviations for fleets and ships ("F", "V").
    pub fleets_suffix: String,
    pub ships_suffix: String,
}

impl AnnotationStyle {
    /// Fixed sizes (for tests): 7 × 14 points per character.
    pub fn fixed() -> Self {
        AnnotationStyle {
            label: TextMetrics::fixed(7.0, 14.0),
            badge: TextMetrics::fixed(6.5, 13.0),
            fleets_suffix: "F".into(),
            ships_suffix: "V".into(),
        }
    }

    /// The width of [`AnnotationStyle::badge_text`], without building it.
    fn badge_width(&self, badge: &MapBadge) -> f32 {
        let m = &self.badge;
        let ships = badge
            .ships
            .map_or_else(|| m.width("?") - 1.0, |s| m.number_width(s));
        m.number_width(badge.fleets.len() as u32)
            + ships
            + m.width(&self.fleets_suffix)
            + m.width(&self.ships_suffix)
            + m.width(" ")
            - 2.0
    }

    /// The width of [`world_label`], without building it.
    fn label_width(&self, world: &MapWorld) -> f32 {
        let prefix = if world.start_world && world.owner == OwnerKey::Me {
            "Md_"
        } else {
            "M_"
        };
        self.label.width(prefix) + self.label.number_width(world.id)
    }

    /// A badge's text: "2F 17V" (fleets, ships; "?" for unknown ships).
    pub fn badge_text(&self, badge: &MapBadge) -> String {
        let ships = badge
            .ships
            .map_or_else(|| "?".to_string(), |s| s.to_string());
        format!(
            "{}{} {}{}",
            badge.fleets.len(),
            self.fleets_suffix,
            ships,
            self.ships_suffix
        )
    }
}

/// A label placed: world `world`'s name in `rect`.
#[derive(Clone, Debug, PartialEq)]
pub struct PlacedLabel {
    pub world: usize,
    pub rect: Rect,
    pub text: String,
}

/// A badge of the frame: `badge` (an index in [`MapLayout::badges`]), in `rect`
/// beside its world, or, when there is no room, a small mark on the world's rim
/// at `mark` (then `text` is empty).
#[derive(Clone, Debug, PartialEq)]
pub struct PlacedBadge {
    pub badge: usize,
    pub rect: Option<Rect>,
    pub mark: Pos2,
    pub text: String,
}

impl PlacedBadge {
    /// Where it is clicked: its rectangle, else around its mark.
    pub fn hit_rect(&self) -> Rect {
        self.rect
            .unwrap_or_else(|| Rect::from_center_size(self.mark, Vec2::splat(8.0)))
    }
}

/// The labels and badges of one frame.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Annotations {
    pub labels: Vec<PlacedLabel>,
    pub badges: Vec<PlacedBadge>,
}

/// Where the worlds are on screen in one frame: what layers draw from.
pub struct Frame<'a> {
    pub layout: &'a MapLayout,
    pub torus: Torus,
    pub view: MapView,
    /// The map's panel.
    pub rect: Rect,
    /// What is visible of it.
    pub clip: Rect,
    /// Every world's position on screen (its image nearest to the centre), by
    /// index in [`MapLayout::worlds`].
    pub screen: Vec<Pos2>,
    /// The worlds in view (and a margin around it).
    pub visible: Vec<usize>,
    /// The worlds' disc radius (points).
    pub radius: f32,
    /// Areas drawn over the map (the legend): no label or badge goes there.
    pub reserved: Vec<Rect>,
    /// Zoomed out over many worlds ([`dots::DOTS_ABOVE`]): the worlds and
    /// links are a picture of dots ([`dots::rasterise`]), not in the mesh, and
    /// only the selection gets a label or a badge. Off unless the map panel
    /// sets it (a picture exported keeps every shape).
    pub dots: bool,
    /// The dots' picture ([`dots::rasterise`] uploaded as a texture), drawn
    /// under the mesh when [`Frame::dots`].
    pub picture: Option<egui::TextureId>,
}

impl<'a> Frame<'a> {
    /// The frame of `layout` seen through `view` in `rect`, clipped to `clip`;
    /// `None` before the galaxy is known.
    pub fn new(layout: &'a MapLayout, view: MapView, rect: Rect, clip: Rect) -> Option<Self> {
        let torus = layout.torus?;
        let clip = clip.intersect(rect);
        let screen: Vec<Pos2> = layout
            .worlds
            .iter()
            .map(|w| view.to_screen(&torus, rect, w.pos))
            .collect();
        let radius = world_radius(view.zoom);
        let visible_rect = clip.expand(radius + 40.0);
        let visible = (0..screen.len())
            .filter(|&i| visible_rect.contains(screen[i]))
            .collect();
        Some(Frame {
            layout,
            torus,
            view,
            rect,
            clip,
            screen,
            visible,
            radius,
            reserved: Vec::new(),
            dots: false,
            picture: None,
        })
    }

    /// World `id` on screen.
    pub fn world_pos(&self, id: WorldId) -> Option<Pos2> {
        self.layout.world_index(id).map(|i| self.screen[i])
    }

    /// The segment from world `from` to the image of world `to` nearest to it
    /// (a connection across the seam is drawn across it).
    pub fn segment(&self, from: WorldId, to: WorldId) -> Option<(Pos2, Pos2)> {
        let a = self.layout.world_index(from)?;
        let b = self.layout.world_index(to)?;
        let (pa, pb) = (self.layout.worlds[a].pos, self.layout.worlds[b].pos);
        let sa = self.screen[a];
        Some((sa, sa + self.torus.delta(pa, pb) * self.view.zoom))
    }
}

/// A layer drawn on the map over the links and traces, under the worlds (the
/// route being drawn; later the orders being drafted).
pub trait MapLayer {
    /// Shapes, into the frame's mesh.
    fn paint(&self, frame: &Frame<'_>, out: &mut MeshPainter, palette: &Palette);

    /// Texts (a step count beside a route, say), over everything; none by
    /// default.
    fn paint_texts(&self, _frame: &Frame<'_>, _painter: &egui::Painter, _palette: &Palette) {}
}

/// A route being drawn: arrows from the fleet's world through the worlds
/// clicked.
pub struct RouteLayer<'a>(pub &'a [WorldId]);

impl MapLayer for RouteLayer<'_> {
    fn paint(&self, frame: &Frame<'_>, out: &mut MeshPainter, palette: &Palette) {
        let mut previous: Option<(WorldId, Pos2)> = None;
        for &id in self.0 {
            let Some(here) = frame.world_pos(id) else {
                continue;
            };
            let s = match previous {
                None => here,
                Some((p, ps)) => match frame.segment(p, id) {
                    Some((a, b)) => ps + (b - a),
                    None => here,
                },
            };
            if let Some((_, ps)) = previous {
                let head = (frame.radius * 1.1).clamp(5.0, 9.0);
                out.arrow(ps, s, frame.radius, 2.0, head, palette.highlight);
            }
            previous = Some((id, s));
        }
    }
}

/// Paints the map into `painter` (its clip rect is the map's panel): the mesh,
/// then the texts of `annotations` (from [`annotate`] on the same frame).
pub fn paint(
    painter: &egui::Painter,
    frame: &Frame<'_>,
    palette: &Palette,
    highlights: &Highlights,
    annotations: &Annotations,
    layers: &[&dyn MapLayer],
    reuse: &mut Option<Arc<Mesh>>,
) {
    painter.rect_filled(frame.rect, 0.0, palette.background);
    if let Some(texture) = frame.picture.filter(|_| frame.dots) {
        let uv = Rect::from_min_max(Pos2::ZERO, Pos2::new(1.0, 1.0));
        painter.image(texture, frame.clip, uv, Color32::WHITE);
    }
    let mut out = frame_mesh(frame, annotations, reuse);
    paint_shapes(&mut out, frame, palette, highlights, annotations, layers);
    let (shape, mesh) = out.finish();
    painter.add(shape);
    *reuse = Some(mesh);
    texts(painter, frame, annotations, palette);
    for layer in layers {
        layer.paint_texts(frame, painter, palette);
    }
}

/// The shapes of the map, under its texts, into `out` (the frame's mesh on
/// screen; a recording painter for a picture): grid, links, traces, the layers,
/// the seam, worlds, badges, the labels' backs, highlights.
pub fn paint_shapes(
    out: &mut MeshPainter,
    frame: &Frame<'_>,
    palette: &Palette,
    highlights: &Highlights,
    annotations: &Annotations,
    layers: &[&dyn MapLayer],
) {
    // Dots: no grid over the picture (the dots fill the period anyway).
    if !frame.dots {
        grid(
            out,
            &frame.torus,
            &frame.view,
            frame.rect,
            &frame.clip,
            palette,
        );
        links_and_traces(out, frame, palette);
    }
    for layer in layers {
        layer.paint(frame, out, palette);
    }
    seam(out, frame, palette);
    // Worlds and their markers (dots: in the picture under the mesh).
    let layout = frame.layout;
    if !frame.dots {
        for &i in &frame.visible {
            world_shapes(out, &layout.worlds[i], frame.screen[i], frame.view.zoom);
        }
    }
    badges(out, frame, annotations, palette);
    let label_back = palette.background.gamma_multiply(0.6);
    for label in &annotations.labels {
        out.rect(label.rect, label_back);
    }
    highlight_shapes(out, frame, highlights, annotations, palette);
}

/// The frame's one mesh, reserved at once: growing a mesh of 100 000
/// vertices by doubling, then copying several of them into the frame's mesh,
/// costs more than filling it. Last frame's mesh is refilled when egui no
/// longer holds it: a fresh mesh of a few megabytes per frame costs more in
/// page faults than in drawing.
fn frame_mesh(
    frame: &Frame<'_>,
    annotations: &Annotations,
    reuse: &mut Option<Arc<Mesh>>,
) -> MeshPainter {
    let layout = frame.layout;
    let mesh = reuse
        .take()
        .and_then(|mut arc| Arc::get_mut(&mut arc).map(std::mem::take))
        .unwrap_or_default();
    let mut out = MeshPainter::new(mesh);
    let sides = out.dirs(frame.radius).len();
    // Dots: the worlds and links are in the picture, not in the mesh.
    let (visible, links) = match frame.dots {
        true => (0, 0),
        false => (frame.visible.len(), layout.links.len()),
    };
    out.mesh.reserve_vertices(
        links * 6
            + visible * (1 + 2 * sides)
            + annotations.badges.len() * 11
            + annotations.labels.len() * 8
            + layout.traces.len() * 9
            + 4096,
    );
    out.mesh.reserve_triangles(
        links * 4
            + visible * 3 * sides
            + annotations.badges.len() * 11
            + annotations.labels.len() * 10
            + layout.traces.len() * 5
            + 4096,
    );
    out
}

/// Links, toward the nearest image of their other end; traces, thin arrows
/// toward where the fleet went, beside the link.
fn links_and_traces(out: &mut MeshPainter, frame: &Frame<'_>, palette: &Palette) {
    let layout = frame.layout;
    let torus = frame.torus;
    let (clip, zoom, r) = (frame.clip, frame.view.zoom, frame.radius);
    let screen = &frame.screen;
    for link in &layout.links {
        let a = screen[link.a as usize];
        let b = a + layout.link_offset(link) * zoom;
        if !segment_visible(&clip, a, b) {
            continue;
        }
        let color = palette.link.gamma_multiply(fade(Some(link.age)) * 0.75);
        out.line(a, b, 1.0, color);
    }
    let head = (r * 0.8).clamp(3.5, 6.0);
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
        // Two points to the side: a trace does not hide the link under it.
        let d = b - a;
        let side = Vec2::new(-d.y, d.x).normalized() * 2.5;
        let color = trace.color.gamma_multiply(fade(Some(trace.age)) * 0.85);
        out.arrow(a + side, b + side, r, 1.0, head, color);
    }
}

/// The seam: the edges of the period shown, dashed.
fn seam(out: &mut MeshPainter, frame: &Frame<'_>, palette: &Palette) {
    let torus = frame.torus;
    if !torus.wraps {
        return;
    }
    let period = frame.view.period_rect(&torus, frame.rect);
    let color = palette.link.gamma_multiply(0.6);
    let corners = [
        period.left_top(),
        period.right_top(),
        period.right_bottom(),
        period.left_bottom(),
        period.left_top(),
    ];
    for side in corners.windows(2) {
        out.dashes(side[0], side[1], &frame.clip, color);
    }
}

/// The fleet badges (or, where there is no room, their marks).
fn badges(out: &mut MeshPainter, frame: &Frame<'_>, annotations: &Annotations, palette: &Palette) {
    let layout = frame.layout;
    let r = frame.radius;
    for placed in &annotations.badges {
        let badge = &layout.badges[placed.badge];
        let color = badge.color.gamma_multiply(fade(Some(badge.age)).max(0.45));
        match placed.rect {
            Some(rect) => {
                out.rect(rect, palette.background.gamma_multiply(0.85));
                out.rect(rect.shrink(1.0), color.gamma_multiply(0.35));
                let s = rect.height() * 0.28;
                let c = Pos2::new(rect.left() + 3.0 + s, rect.center().y);
                out.triangle(
                    [
                        c + Vec2::new(s, 0.0),
                        c + Vec2::new(-s, -s),
                        c + Vec2::new(-s, s),
                    ],
                    color,
                );
                if badge.owner == OwnerKey::Me {
                    out.ring(c, s * 0.35, 1.0, palette.text.gamma_multiply(0.8));
                }
            }
            None => {
                let c = placed.mark;
                let s = (r * 0.4).clamp(1.8, 3.0);
                out.triangle(
                    [
                        c + Vec2::new(s, 0.0),
                        c + Vec2::new(-s, -s),
                        c + Vec2::new(-s, s),
                    ],
                    color,
                );
            }
        }
    }
}

/// The hovered and selected world (rings) and fleet (its badge outlined), on
/// top of the rest.
fn highlight_shapes(
    out: &mut MeshPainter,
    frame: &Frame<'_>,
    highlights: &Highlights,
    annotations: &Annotations,
    palette: &Palette,
) {
    let layout = frame.layout;
    let rings = [
        (highlights.hovered_world, palette.text, 1.5),
        (highlights.selected_world, palette.highlight, 2.5),
    ];
    for (world, color, width) in rings {
        if let Some(i) = world.and_then(|id| layout.world_index(id)) {
            out.ring(frame.screen[i], frame.radius + 4.0, width, color);
        }
    }
    for (fleet, color) in [
        (highlights.hovered_fleet, palette.text),
        (highlights.selected_fleet, palette.highlight),
    ] {
        let Some(b) = fleet.and_then(|id| layout.badge_of(id)) else {
            continue;
        };
        if let Some(placed) = annotations.badges.iter().find(|p| p.badge == b) {
            match placed.rect {
                Some(rect) => outline(out, rect.expand(1.5), 1.5, color),
                None => out.ring(placed.mark, 5.0, 1.5, color),
            }
        }
    }
}

/// A text of the map: `text` starting at `left_center` (its left end, the
/// middle of its row), `size` points high.
#[derive(Clone, Debug, PartialEq)]
pub struct MapText<'a> {
    pub left_center: Pos2,
    pub text: &'a str,
    pub size: f32,
    pub color: Color32,
}

/// The worlds' labels and the badges' texts of a frame.
pub fn map_texts<'a>(
    frame: &Frame<'_>,
    annotations: &'a Annotations,
    palette: &Palette,
) -> Vec<MapText<'a>> {
    let layout = frame.layout;
    let labels = annotations.labels.iter().map(|label| {
        let w = &layout.worlds[label.world];
        MapText {
            left_center: label.rect.left_center() + Vec2::new(2.0, 0.0),
            text: &label.text,
            size: LABEL_FONT_SIZE,
            color: palette.text.gamma_multiply(fade(w.age).max(0.6)),
        }
    });
    let badges = annotations.badges.iter().filter_map(|placed| {
        let rect = placed.rect?;
        Some(MapText {
            left_center: Pos2::new(rect.left() + rect.height() * 0.8 + 4.0, rect.center().y),
            text: &placed.text,
            size: BADGE_FONT_SIZE,
            color: palette.text,
        })
    });
    labels.chain(badges).collect()
}

/// The worlds' labels and the badges' texts, over the mesh.
fn texts(painter: &egui::Painter, frame: &Frame<'_>, annotations: &Annotations, palette: &Palette) {
    for text in map_texts(frame, annotations, palette) {
        painter.text(
            text.left_center,
            Align2::LEFT_CENTER,
            text.text,
            FontId::proportional(text.size),
            text.color,
        );
    }
}

/// The four sides of `rect`.
fn outline(out: &mut MeshPainter, rect: Rect, width: f32, color: Color32) {
    let c = [
        rect.left_top(),
        rect.right_top(),
        rect.right_bottom(),
        rect.left_bottom(),
        rect.left_top(),
    ];
    for side in c.windows(2) {
        out.line(side[0], side[1], width, color);
    }
}

/// Faint lines every radar unit (every 5 when zoomed out), inside the period.
fn grid(
    out: &mut MeshPainter,
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

/// One world's disc and markers.
fn world_shapes(out: &mut MeshPainter, w: &MapWorld, c: Pos2, zoom: f32) {
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
    if w.ally_only {
        // Seen by an ally only: a thin outer ring of the allies' colour.
        out.ring(c, r + 3.5, 1.0, ALLY_RING.gamma_multiply(f.max(0.6)));
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
}
