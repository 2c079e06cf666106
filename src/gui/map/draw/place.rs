//! Where the labels and the fleet badges go ([`annotate`]): pure placement,
//! no painting.

use egui::{Pos2, Rect, Vec2};

use super::{
    AnnotationStyle, Annotations, Frame, Highlights, LABEL_ZOOM, MAX_LABELS, PlacedBadge,
    PlacedLabel, world_label,
};
use crate::gui::map::layout::{MapBadge, MapLayout, MapWorld, OwnerKey};
use crate::model::{FleetId, WorldId};

/// Spatial hash of the rectangles taken on screen (cells of [`CELL`] points).
struct Taken {
    origin: Pos2,
    columns: usize,
    rows: usize,
    /// (rectangle, the world whose disc it is, if a disc).
    cells: Vec<Vec<(Rect, u32)>>,
    /// The discs whose centre is in each cell.
    discs: Vec<u32>,
}

/// A world whose cell holds more discs than this gets no label or badge tried
/// (only the selected world and fleet are): a label is about a cell wide, it
/// cannot find room there, and trying every spot of tens of thousands of
/// worlds zoomed out made a frame cost seconds.
const CROWDED: u32 = 8;

const CELL: f32 = 32.0;
const NOT_A_DISC: u32 = u32::MAX;

impl Taken {
    fn new(area: Rect) -> Self {
        let columns = ((area.width() / CELL).ceil() as usize).clamp(1, 512);
        let rows = ((area.height() / CELL).ceil() as usize).clamp(1, 512);
        Taken {
            origin: area.min,
            columns,
            rows,
            cells: vec![Vec::new(); columns * rows],
            discs: vec![0; columns * rows],
        }
    }

    fn cell_of(&self, p: Pos2) -> usize {
        let (x, _, y, _) = self.span(Rect::from_min_max(p, p));
        y * self.columns + x
    }

    /// Counts a disc centred at `p`.
    fn count_disc(&mut self, p: Pos2) {
        let cell = self.cell_of(p);
        if let Some(n) = self.discs.get_mut(cell) {
            *n += 1;
        }
    }

    /// True when the cell of `p` is too crowded for a label ([`CROWDED`]).
    fn crowded(&self, p: Pos2) -> bool {
        self.discs
            .get(self.cell_of(p))
            .is_some_and(|n| *n > CROWDED)
    }

    fn span(&self, r: Rect) -> (usize, usize, usize, usize) {
        let cell =
            |v: f32, o: f32, n: usize| (((v - o) / CELL).floor().max(0.0) as usize).min(n - 1);
        (
            cell(r.min.x, self.origin.x, self.columns),
            cell(r.max.x, self.origin.x, self.columns),
            cell(r.min.y, self.origin.y, self.rows),
            cell(r.max.y, self.origin.y, self.rows),
        )
    }

    fn insert(&mut self, r: Rect, disc_of: u32) {
        let (x0, x1, y0, y1) = self.span(r);
        for y in y0..=y1 {
            for x in x0..=x1 {
                self.cells[y * self.columns + x].push((r, disc_of));
            }
        }
    }

    /// True when `r` meets nothing taken but the disc of world `own`.
    fn is_free(&self, r: Rect, own: u32) -> bool {
        let (x0, x1, y0, y1) = self.span(r);
        for y in y0..=y1 {
            for x in x0..=x1 {
                for (taken, disc_of) in &self.cells[y * self.columns + x] {
                    if *disc_of != own && taken.intersects(r) {
                        return false;
                    }
                }
            }
        }
        true
    }
}

/// Places of a `size` text around a world drawn at `c` with a gap `g` from its
/// centre: below, above, right, left, then the four diagonals.
fn label_spots(c: Pos2, g: f32, size: Vec2) -> [Rect; 8] {
    let d = g * std::f32::consts::FRAC_1_SQRT_2;
    let at = |min: Vec2| Rect::from_min_size(c + min, size);
    [
        at(Vec2::new(-size.x / 2.0, g)),
        at(Vec2::new(-size.x / 2.0, -g - size.y)),
        at(Vec2::new(g, -size.y / 2.0)),
        at(Vec2::new(-g - size.x, -size.y / 2.0)),
        at(Vec2::new(d, d)),
        at(Vec2::new(-d - size.x, d)),
        at(Vec2::new(d, -d - size.y)),
        at(Vec2::new(-d - size.x, -d - size.y)),
    ]
}

/// Places of a badge: right first, then left, the diagonals, above, below.
fn badge_spots(c: Pos2, g: f32, size: Vec2) -> [Rect; 8] {
    let s = label_spots(c, g, size);
    [s[2], s[3], s[6], s[4], s[7], s[5], s[1], s[0]]
}

/// How much a label matters (lower first): the selected world; the player's
/// worlds; worlds with fleets or owned by a player; neutral worlds; the rest.
fn label_rank(w: &MapWorld, selected: Option<WorldId>) -> u8 {
    if Some(w.id) == selected {
        0
    } else if w.owner == OwnerKey::Me {
        1
    } else if !w.fleets.is_empty() || matches!(w.owner, OwnerKey::Player(_)) {
        2
    } else if w.owner == OwnerKey::Neutral {
        3
    } else {
        4
    }
}

/// How much a badge matters: the selected fleet's, the player's, the others.
fn badge_rank(layout: &MapLayout, b: &MapBadge, selected: Option<FleetId>) -> u8 {
    if selected.is_some_and(|id| layout.fleets[b.fleets.range()].contains(&id)) {
        0
    } else if b.owner == OwnerKey::Me {
        1
    } else {
        2
    }
}

/// Where the labels and badges of the worlds in view go: each around its world
/// (several places tried), never over a world's disc, another label or badge,
/// nor out of the panel. The most important come first (the selected world or
/// fleet, then the player's own worlds and fleets, then worlds with fleets or
/// owners, then the others); what finds no room is left out (a badge becomes a
/// mark on its world's rim). Pure: no painting.
pub fn annotate(
    frame: &Frame<'_>,
    highlights: &Highlights,
    style: &AnnotationStyle,
) -> Annotations {
    let layout = frame.layout;
    let r = frame.radius;
    let clip = frame.clip;
    let mut taken = Taken::new(clip);
    for r in &frame.reserved {
        taken.insert(*r, NOT_A_DISC);
    }
    // Every disc in view: nothing covers a world.
    for &i in &frame.visible {
        let disc = Rect::from_center_size(frame.screen[i], Vec2::splat(2.0 * r + 2.0));
        taken.insert(disc, i as u32);
        taken.count_disc(frame.screen[i]);
    }
    // (rank, badge before label, world, what).
    #[derive(Clone, Copy)]
    enum Item {
        Badge(usize),
        Label(usize),
    }
    let zoomed_out = frame.view.zoom < LABEL_ZOOM;
    let mut items: Vec<(u8, u8, u32, Item)> = Vec::new();
    for &i in &frame.visible {
        if !clip.contains(frame.screen[i]) {
            continue;
        }
        let w = &layout.worlds[i];
        let rank = label_rank(w, highlights.selected_world);
        // Dots: the selection's label and badge only.
        if frame.dots {
            if rank == 0 {
                items.push((rank, 1, i as u32, Item::Label(i)));
            }
            for b in w.badges.range() {
                if badge_rank(layout, &layout.badges[b], highlights.selected_fleet) == 0 {
                    items.push((0, 0, i as u32, Item::Badge(b)));
                }
            }
            continue;
        }
        // A crowded world's label would be skipped below: not even listed.
        let crowded = rank > 0 && taken.crowded(frame.screen[i]);
        if (!zoomed_out || rank <= 2) && !crowded {
            items.push((rank, 1, i as u32, Item::Label(i)));
        }
        for b in w.badges.range() {
            let rank = badge_rank(layout, &layout.badges[b], highlights.selected_fleet);
            items.push((rank, 0, i as u32, Item::Badge(b)));
        }
    }
    // The keys are unique: an unstable sort gives the same order, faster.
    items.sort_unstable_by_key(|(rank, kind, world, item)| {
        let sub = match item {
            Item::Badge(b) => *b,
            Item::Label(_) => 0,
        };
        (*rank, *kind, *world, sub)
    });
    let gap = r + 2.0;
    let mut out = Annotations::default();
    for (rank, _, world, item) in items {
        let c = frame.screen[world as usize];
        // Among too many discs nothing fits: only the selection is tried.
        let hopeless = rank > 0 && taken.crowded(c);
        match item {
            Item::Label(_) if hopeless => {}
            Item::Label(i) => {
                if out.labels.len() >= MAX_LABELS {
                    continue;
                }
                let w = &layout.worlds[i];
                let size = Vec2::new(style.label_width(w) + 4.0, style.label.height);
                let spot = label_spots(c, gap, size)
                    .into_iter()
                    .find(|s| clip.contains_rect(*s) && taken.is_free(*s, world));
                if let Some(rect) = spot {
                    taken.insert(rect, NOT_A_DISC);
                    out.labels.push(PlacedLabel {
                        world: i,
                        rect,
                        text: world_label(w),
                    });
                }
            }
            Item::Badge(b) => {
                let badge = &layout.badges[b];
                // Room for the fleet triangle before the text.
                let size = Vec2::new(
                    style.badge_width(badge) + style.badge.height * 0.8 + 6.0,
                    style.badge.height + 2.0,
                );
                let spot = if hopeless {
                    None
                } else {
                    badge_spots(c, gap + 1.0, size)
                        .into_iter()
                        .find(|s| clip.contains_rect(*s) && taken.is_free(*s, world))
                };
                if let Some(rect) = spot {
                    taken.insert(rect, NOT_A_DISC);
                }
                // The mark: on the rim, one direction per owner at the world.
                let slot = b - layout.worlds[world as usize].badges.start();
                let angle =
                    -std::f32::consts::FRAC_PI_4 + slot as f32 * std::f32::consts::FRAC_PI_3;
                out.badges.push(PlacedBadge {
                    badge: b,
                    rect: spot,
                    mark: c + Vec2::angled(angle) * (r + 2.5),
                    text: match spot {
                        Some(_) => style.badge_text(badge),
                        None => String::new(),
                    },
                });
            }
        }
    }
    out
}
