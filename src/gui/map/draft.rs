//! The orders being drafted, drawn on the map as the player types
//! ([`crate::orders::place`] says where each happens): moves dashed along their
//! route with their step count against DEP, fire and bombs as marks on their
//! target, transfers, probes and emigration as short arrows, constructions,
//! loads and gifts as rings on their world. An order with an error is drawn in
//! the error colour; the order on the editor's cursor line is highlighted; a
//! click on a drawn order selects its line in the editor ([`order_at`]).

use egui::{Color32, FontId, Pos2, Rect, Vec2};

use super::draw::{Frame, MapLayer, MeshPainter, Palette};
use crate::orders::place::{Mark, Placed};

/// The draft's layer.
pub struct DraftLayer<'a> {
    pub placed: &'a [Placed],
    /// The editor's cursor line: its order is highlighted.
    pub selected_line: Option<u32>,
}

/// What one drawn order covers on screen, for clicks.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct DraftHit {
    pub line: u32,
    pub segments: Vec<(Pos2, Pos2)>,
    /// Rings: centre and radius.
    pub rings: Vec<(Pos2, f32)>,
}

/// The colours of the draft.
fn colors(palette: &Palette) -> (Color32, Color32, Color32) {
    if palette.dark {
        (
            Color32::from_rgb(80, 200, 255),
            Color32::from_rgb(255, 90, 90),
            Color32::from_rgb(255, 160, 60),
        )
    } else {
        (
            Color32::from_rgb(0, 110, 190),
            Color32::from_rgb(200, 30, 30),
            Color32::from_rgb(200, 110, 0),
        )
    }
}

/// Segments on screen (from, to).
type Segments = Vec<(Pos2, Pos2)>;
/// Rings on screen (centre, radius).
type Rings = Vec<(Pos2, f32)>;

/// The screen shapes of a mark: segments (a route follows the nearest image
/// of each next world, so a move across the seam is drawn across it) and rings.
pub fn shapes(frame: &Frame<'_>, mark: &Mark) -> (Segments, Rings) {
    let r = frame.radius;
    let mut segments = Vec::new();
    let mut rings = Vec::new();
    let chain = |worlds: &[crate::model::WorldId], segments: &mut Vec<(Pos2, Pos2)>| {
        let mut previous: Option<(crate::model::WorldId, Pos2)> = None;
        for &id in worlds {
            let Some(here) = frame.world_pos(id) else {
                previous = None;
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
                segments.push((ps, s));
            }
            previous = Some((id, s));
        }
    };
    match mark {
        Mark::Move { from, route, .. } => {
            let worlds: Vec<_> = std::iter::once(*from)
                .chain(route.iter().copied())
                .collect();
            chain(&worlds, &mut segments);
        }
        Mark::Fire { from, at, .. } => {
            if let Some(from) = from {
                chain(&[*from, *at], &mut segments);
            }
            if let Some(p) = segments
                .last()
                .map(|s| s.1)
                .or_else(|| frame.world_pos(*at))
            {
                rings.push((p, (r * 1.9).max(7.0)));
            }
        }
        Mark::Arrow { from, to } => {
            chain(&[*from, *to], &mut segments);
            if segments.is_empty()
                && let Some(p) = frame.world_pos(*from)
            {
                rings.push((p, (r * 1.6).max(6.0)));
            }
        }
        Mark::Bomb { at, .. } => {
            rings.extend(frame.world_pos(*at).map(|p| (p, (r * 2.2).max(8.0))))
        }
        Mark::At { world } => {
            rings.extend(frame.world_pos(*world).map(|p| (p, (r * 1.6).max(6.0))))
        }
        Mark::Gift { at } => rings.extend(frame.world_pos(*at).map(|p| (p, (r * 2.5).max(9.0)))),
    }
    (segments, rings)
}

/// A dashed segment `width` points wide (7 on, 5 off).
fn dashed(out: &mut MeshPainter, a: Pos2, b: Pos2, width: f32, color: Color32) {
    let d = b - a;
    let len = d.length();
    if len < 1.0 {
        return;
    }
    let dir = d / len;
    let mut t = 0.0;
    while t < len {
        out.line(a + dir * t, a + dir * (t + 7.0).min(len), width, color);
        t += 12.0;
    }
}

impl DraftLayer<'_> {
    fn color(&self, placed: &Placed, palette: &Palette) -> (Color32, f32) {
        let (draft, error, too_far) = colors(palette);
        let selected = self.selected_line == Some(placed.line);
        let base = if placed.error {
            error
        } else if placed
            .mark
            .steps()
            .is_some_and(|(_, within)| within == Some(false))
        {
            too_far
        } else {
            draft
        };
        if selected {
            (palette.highlight, 3.0)
        } else {
            (base, 1.6)
        }
    }
}

impl MapLayer for DraftLayer<'_> {
    fn paint(&self, frame: &Frame<'_>, out: &mut MeshPainter, palette: &Palette) {
        let r = frame.radius;
        for placed in self.placed {
            let (color, width) = self.color(placed, palette);
            let (segments, rings) = shapes(frame, &placed.mark);
            match &placed.mark {
                Mark::Move { .. } => {
                    let last = segments.len().saturating_sub(1);
                    for (i, (a, b)) in segments.iter().enumerate() {
                        if i == last {
                            let head = (r * 1.1).clamp(5.0, 9.0);
                            let d = *b - *a;
                            let len = d.length().max(1.0);
                            let tip = *b - d / len * (r + 2.0);
                            dashed(out, *a, tip - d / len * head, width, color);
                            out.arrow(tip - d / len * (head + 2.0), *b, r, width, head, color);
                        } else {
                            dashed(out, *a, *b, width, color);
                        }
                    }
                }
                Mark::Fire { .. } => {
                    for (a, b) in &segments {
                        dashed(out, *a, *b, width * 0.8, color);
                    }
                    for (c, radius) in &rings {
                        out.ring(*c, *radius, width, color);
                        // A cross-hair: the target.
                        let k = radius * 0.5;
                        out.line(
                            *c + egui::vec2(-radius - k, 0.0),
                            *c + egui::vec2(-radius + k, 0.0),
                            width,
                            color,
                        );
                        out.line(
                            *c + egui::vec2(radius - k, 0.0),
                            *c + egui::vec2(radius + k, 0.0),
                            width,
                            color,
                        );
                        out.line(
                            *c + egui::vec2(0.0, -radius - k),
                            *c + egui::vec2(0.0, -radius + k),
                            width,
                            color,
                        );
                        out.line(
                            *c + egui::vec2(0.0, radius - k),
                            *c + egui::vec2(0.0, radius + k),
                            width,
                            color,
                        );
                    }
                }
                Mark::Bomb { dropped, .. } => {
                    for (c, radius) in &rings {
                        out.ring(*c, *radius, width, color);
                        if *dropped {
                            out.disc(*c + egui::vec2(*radius, -*radius), 4.0, color);
                        }
                    }
                }
                Mark::Arrow { .. } => {
                    for (a, b) in &segments {
                        out.arrow(*a, *b, r, width, (r * 0.9).clamp(4.0, 7.0), color);
                    }
                    for (c, radius) in &rings {
                        out.ring(*c, *radius, width, color);
                    }
                }
                Mark::At { .. } | Mark::Gift { .. } => {
                    for (c, radius) in &rings {
                        out.ring(*c, *radius, width, color);
                    }
                }
            }
        }
    }

    fn paint_texts(&self, frame: &Frame<'_>, painter: &egui::Painter, palette: &Palette) {
        let mut galleys = Vec::new();
        let counts = self.step_counts(frame, palette, &mut |text, color| {
            let galley = painter.layout_no_wrap(
                text.to_string(),
                FontId::proportional(STEP_FONT_SIZE),
                color,
            );
            let size = galley.size();
            galleys.push(galley);
            size
        });
        for (count, galley) in counts.into_iter().zip(galleys) {
            painter.galley(count.rect.min, galley, count.color);
        }
    }
}

/// The size of a route's step count.
pub const STEP_FONT_SIZE: f32 = 11.0;

/// A route's step count ("2/3") placed beside its last step.
#[derive(Clone, Debug, PartialEq)]
pub struct StepCount {
    pub rect: Rect,
    pub text: String,
    pub color: Color32,
}

impl DraftLayer<'_> {
    /// The moves' step counts, placed apart from each other; `measure` gives
    /// a text's size at [`STEP_FONT_SIZE`] (called once per count, in order).
    pub fn step_counts(
        &self,
        frame: &Frame<'_>,
        palette: &Palette,
        measure: &mut dyn FnMut(&str, Color32) -> Vec2,
    ) -> Vec<StepCount> {
        let mut counts: Vec<StepCount> = Vec::new();
        for placed in self.placed {
            let Some((steps, _)) = placed.mark.steps() else {
                continue;
            };
            let (segments, _) = shapes(frame, &placed.mark);
            let Some(&(start, end)) = segments.last() else {
                continue;
            };
            let (color, _) = self.color(placed, palette);
            let text = match &placed.mark {
                Mark::Move { dep: Some(dep), .. } => format!("{steps}/{dep}"),
                _ => steps.to_string(),
            };
            // Beside the middle of the last step, off the line (the world's
            // own label is at the world).
            let d = end - start;
            let normal = egui::vec2(-d.y, d.x) / d.length().max(1.0);
            let normal = if normal.y > 0.0 { -normal } else { normal };
            let size = measure(&text, color);
            let taken: Vec<Rect> = counts.iter().map(|c| c.rect).collect();
            let rect = step_label_rect(start + d * 0.5, normal, size, &taken);
            counts.push(StepCount { rect, text, color });
        }
        counts
    }
}

/// Where a route's step count goes: beside `middle` (the middle of its last
/// step), 9 points off the line along `normal`, then further on either side
/// until it overlaps none of the counts `taken` (two routes sharing a step
/// would write "1/3" over "2/3").
pub fn step_label_rect(middle: Pos2, normal: Vec2, size: Vec2, taken: &[Rect]) -> Rect {
    // The label's extent along the normal, and a little room.
    let step = normal.x.abs() * size.x + normal.y.abs() * size.y + 2.0;
    let mut first = None;
    for k in 0..8 {
        let distance = 9.0 + step * (k / 2) as f32;
        let side = if k % 2 == 0 { 1.0 } else { -1.0 };
        let rect = Rect::from_center_size(middle + normal * distance * side, size);
        if !taken.iter().any(|t| t.intersects(rect)) {
            return rect;
        }
        first.get_or_insert(rect);
    }
    first.unwrap_or_else(|| Rect::from_center_size(middle, size))
}

/// Where each drawn order is on screen (kept for the next frame's clicks).
pub fn hits(frame: &Frame<'_>, placed: &[Placed]) -> Vec<DraftHit> {
    placed
        .iter()
        .map(|p| {
            let (segments, rings) = shapes(frame, &p.mark);
            DraftHit {
                line: p.line,
                segments,
                rings,
            }
        })
        .collect()
}

/// The line of the drawn order nearest to `pos`, within `tolerance` points of
/// one of its segments or rings.
pub fn order_at(hits: &[DraftHit], pos: Pos2, tolerance: f32) -> Option<u32> {
    let mut best: Option<(f32, u32)> = None;
    for hit in hits {
        let near_segment = hit
            .segments
            .iter()
            .map(|(a, b)| distance_to_segment(pos, *a, *b));
        let near_ring = hit
            .rings
            .iter()
            .map(|(c, radius)| ((pos - *c).length() - radius).abs());
        if let Some(d) = near_segment.chain(near_ring).reduce(f32::min)
            && d <= tolerance
            && best.is_none_or(|(b, _)| d < b)
        {
            best = Some((d, hit.line));
        }
    }
    best.map(|(_, line)| line)
}

fn distance_to_segment(p: Pos2, a: Pos2, b: Pos2) -> f32 {
    let ab = b - a;
    let len2 = ab.length_sq();
    if len2 <= f32::EPSILON {
        return (p - a).length();
    }
    let t = ((p - a).dot(ab) / len2).clamp(0.0, 1.0);
    (p - (a + ab * t)).length()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn step_counts_of_routes_sharing_a_step_do_not_overlap() {
        let size = Vec2::new(22.0, 12.0);
        let middle = Pos2::new(100.0, 100.0);
        let normal = Vec2::new(0.0, -1.0);
        let mut taken = Vec::new();
        for _ in 0..4 {
            let rect = step_label_rect(middle, normal, size, &taken);
            assert!(
                taken.iter().all(|t: &Rect| !t.intersects(rect)),
                "{rect:?} {taken:?}"
            );
            // Near the line still: within a few labels of it.
            assert!((rect.center().y - middle.y).abs() < 40.0, "{rect:?}");
            taken.push(rect);
        }
        // A vertical step: the counts move sideways by their width.
        let first = step_label_rect(middle, Vec2::new(1.0, 0.0), size, &[]);
        assert_eq!(first.center(), Pos2::new(109.0, 100.0));
    }

    #[test]
    fn a_click_picks_the_nearest_drawn_order() {
        let hits = vec![
            DraftHit {
                line: 2,
                segments: vec![(Pos2::new(0.0, 0.0), Pos2::new(100.0, 0.0))],
                rings: Vec::new(),
            },
            DraftHit {
                line: 5,
                segments: Vec::new(),
                rings: vec![(Pos2::new(50.0, 50.0), 10.0)],
            },
        ];
        assert_eq!(order_at(&hits, Pos2::new(50.0, 3.0), 6.0), Some(2));
        assert_eq!(order_at(&hits, Pos2::new(50.0, 41.0), 6.0), Some(5));
        assert_eq!(order_at(&hits, Pos2::new(50.0, 25.0), 6.0), None);
        assert_eq!(
            distance_to_segment(Pos2::new(5.0, 5.0), Pos2::ZERO, Pos2::ZERO),
            50f32.sqrt()
        );
    }
}
