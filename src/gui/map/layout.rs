//! Where every known world goes on the map, computed once per knowledge (not per
//! frame): torus geometry, approximate places for worlds without coordinates,
//! links toward the nearest image of their other end, owner colours, markers and a
//! spatial index for hit-testing.
//!
//! Positions are in radar units (`[x,y]` of the CR, one unit between neighbouring
//! grid points), as `f32`: they only place pixels, no rule reads them.

use std::collections::{BTreeMap, BTreeSet, HashMap};

use egui::{Color32, Pos2, Vec2};

use crate::model::knowledge::{Knowledge, WorldKnowledge};
use crate::model::{FleetId, WorldId};

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

/// A deterministic 32-bit mix (no global RNG): spreads approximate positions.
fn mix(mut x: u32) -> u32 {
    x ^= x >> 16;
    x = x.wrapping_mul(0x7feb_352d);
    x ^= x >> 15;
    x = x.wrapping_mul(0x846c_a68b);
    x ^= x >> 16;
    x
}

/// A deterministic angle in radians for world `id` (and a salt).
fn angle_of(id: u32, salt: u32) -> f32 {
    (mix(id ^ salt.wrapping_mul(0x9e37_79b9)) as f32 / u32::MAX as f32) * std::f32::consts::TAU
}

/// Approximate worlds are kept at least this far (radar units) from other worlds
/// when a free spot is found.
pub const MIN_GAP: f32 = 0.45;

/// Distance, in radar units, at which a world with a single placed neighbour is
/// put from it.
pub const APPROX_STEP: f32 = 1.0;

/// The positions of worlds, exact where known and approximate elsewhere.
///
/// `exact` holds the worlds with coordinates (exact or radar-3); `links` are the
/// known connections (both directions need not be listed). Every world of `ids`
/// gets a position:
/// - in rounds, a world with at least one placed neighbour goes to the mean of its
///   placed neighbours (nearest images on a torus), moved by a small offset so
///   that it does not cover them ([`APPROX_STEP`] from a lone neighbour): the first
///   spot at least [`MIN_GAP`] from every placed world among eight directions
///   (the first one derived from its number), then farther out; the worlds of one round are placed
///   from the positions of the previous rounds, in the order of their numbers, so
///   the result does not depend on the order of the input;
/// - a group of worlds with no placed neighbour at all starts from its lowest
///   numbered world, put on a deterministic spiral around the middle of the map.
///
/// Returns the positions, wrapped onto the torus.
pub fn place(
    torus: &Torus,
    ids: &[WorldId],
    exact: &BTreeMap<WorldId, Pos2>,
    links: &[(WorldId, WorldId)],
) -> BTreeMap<WorldId, Pos2> {
    let mut neighbours: BTreeMap<WorldId, BTreeSet<WorldId>> = BTreeMap::new();
    for &(a, b) in links {
        if a != b {
            neighbours.entry(a).or_default().insert(b);
            neighbours.entry(b).or_default().insert(a);
        }
    }
    let mut placed: BTreeMap<WorldId, Pos2> =
        exact.iter().map(|(id, p)| (*id, torus.wrap(*p))).collect();
    let mut todo: BTreeSet<WorldId> = ids
        .iter()
        .copied()
        .filter(|id| !placed.contains_key(id))
        .collect();
    // Spots taken (points indexed by half-unit cells), so that approximate worlds
    // do not cover known ones or each other.
    let cell = |p: Pos2| ((p.x * 2.0).floor() as i64, (p.y * 2.0).floor() as i64);
    let mut taken: HashMap<(i64, i64), Vec<Pos2>> = HashMap::new();
    let take = |taken: &mut HashMap<(i64, i64), Vec<Pos2>>, p: Pos2| {
        taken.entry(cell(p)).or_default().push(p);
    };
    let cells = (
        (torus.width * 2.0).ceil() as i64,
        (torus.height * 2.0).ceil() as i64,
    );
    let is_free = |taken: &HashMap<(i64, i64), Vec<Pos2>>, p: Pos2| {
        let (cx, cy) = cell(p);
        for dy in -1..=1 {
            for dx in -1..=1 {
                let key = if torus.wraps {
                    ((cx + dx).rem_euclid(cells.0), (cy + dy).rem_euclid(cells.1))
                } else {
                    (cx + dx, cy + dy)
                };
                let near = taken
                    .get(&key)
                    .is_some_and(|points| points.iter().any(|q| torus.distance(p, *q) < MIN_GAP));
                if near {
                    return false;
                }
            }
        }
        true
    };
    for p in placed.values() {
        take(&mut taken, *p);
    }
    let mut seeds = 0u32;
    while !todo.is_empty() {
        // One round: every world touching the placed ones.
        let mut round: Vec<(WorldId, Pos2)> = Vec::new();
        for &id in &todo {
            let around: Vec<Pos2> = neighbours
                .get(&id)
                .into_iter()
                .flatten()
                .filter_map(|n| placed.get(n).copied())
                .collect();
            let Some(&first) = around.first() else {
                continue;
            };
            let mut sum = Vec2::ZERO;
            for p in &around {
                sum += torus.delta(first, *p);
            }
            let mean = first + sum / around.len() as f32;
            // Beside a lone neighbour, or near the middle of several: the first
            // free spot of eight directions (from a direction of its own), then
            // farther out.
            let radii = if around.len() == 1 {
                [APPROX_STEP, APPROX_STEP * 1.5, APPROX_STEP * 2.0]
            } else {
                [APPROX_STEP * 0.35, APPROX_STEP * 0.7, APPROX_STEP * 1.2]
            };
            // Eight fixed directions, so that the worlds around one anchor stay
            // apart; which one comes first depends on the world's number.
            let eighth = std::f32::consts::FRAC_PI_4;
            let start = (angle_of(id, 1) / eighth).floor() * eighth;
            let candidates = radii.iter().flat_map(|radius| {
                (0..8).map(move |k| {
                    let angle = start + k as f32 * std::f32::consts::FRAC_PI_4;
                    Vec2::angled(angle) * *radius
                })
            });
            let mut chosen = torus.wrap(mean + Vec2::angled(start) * radii[0]);
            for offset in candidates {
                let p = torus.wrap(mean + offset);
                if is_free(&taken, p) {
                    chosen = p;
                    break;
                }
            }
            take(&mut taken, chosen);
            round.push((id, chosen));
        }
        if round.is_empty() {
            // No world touches the placed ones: seed the lowest remaining one.
            let Some(&id) = todo.iter().next() else { break };
            let p = spiral(torus, &placed, seeds);
            seeds += 1;
            take(&mut taken, p);
            round.push((id, p));
        }
        for (id, p) in round {
            todo.remove(&id);
            placed.insert(id, p);
        }
    }
    placed
}

/// The `k`-th seed of a group of worlds without any known coordinates: on a
/// golden-angle spiral around the middle of the map, away from the placed worlds'
/// extent on a plane.
fn spiral(torus: &Torus, placed: &BTreeMap<WorldId, Pos2>, k: u32) -> Pos2 {
    let centre = Pos2::new(torus.width / 2.0, torus.height / 2.0);
    let golden = std::f32::consts::PI * (3.0 - 5f32.sqrt());
    let radius = 3.0 * (k as f32).sqrt();
    let angle = k as f32 * golden;
    let p = centre + Vec2::new(angle.cos(), angle.sin()) * radius;
    if placed.is_empty() || torus.wraps {
        torus.wrap(p)
    } else {
        // Beside the known worlds on a plane: below them.
        let bottom = placed.values().map(|p| p.y).fold(0.0, f32::max);
        Pos2::new(p.x, bottom + 3.0 + radius)
    }
}

/// A uniform grid over the torus for hit-testing (cells of one radar unit).
#[derive(Clone, Debug, Default)]
pub struct SpatialIndex {
    columns: usize,
    rows: usize,
    /// Origin of the grid (the minimum corner on a plane).
    origin: Pos2,
    cells: Vec<Vec<u32>>,
    wraps: bool,
}

impl SpatialIndex {
    /// Indexes `points` (by their index in the slice).
    pub fn new(torus: &Torus, points: &[Pos2]) -> Self {
        let (origin, extent) = if torus.wraps || points.is_empty() {
            (Pos2::ZERO, torus.size())
        } else {
            let min = points
                .iter()
                .fold(Pos2::new(f32::MAX, f32::MAX), |m, p| m.min(*p));
            let max = points
                .iter()
                .fold(Pos2::new(f32::MIN, f32::MIN), |m, p| m.max(*p));
            (min, max - min + Vec2::splat(1.0))
        };
        let columns = (extent.x.ceil() as usize).clamp(1, 4096);
        let rows = (extent.y.ceil() as usize).clamp(1, 4096);
        let mut index = SpatialIndex {
            columns,
            rows,
            origin,
            cells: vec![Vec::new(); columns * rows],
            wraps: torus.wraps,
        };
        for (i, p) in points.iter().enumerate() {
            let (cx, cy) = index.cell_of(*p);
            let cell = index.cell_index(cx, cy);
            if let (Some(cell), Ok(i)) = (cell, u32::try_from(i)) {
                index.cells[cell].push(i);
            }
        }
        index
    }

    fn cell_of(&self, p: Pos2) -> (i64, i64) {
        (
            (p.x - self.origin.x).floor() as i64,
            (p.y - self.origin.y).floor() as i64,
        )
    }

    fn cell_index(&self, cx: i64, cy: i64) -> Option<usize> {
        let (columns, rows) = (self.columns as i64, self.rows as i64);
        let (cx, cy) = if self.wraps {
            (cx.rem_euclid(columns), cy.rem_euclid(rows))
        } else {
            (cx.clamp(0, columns - 1), cy.clamp(0, rows - 1))
        };
        usize::try_from(cy * columns + cx).ok()
    }

    /// The index of the point nearest to `p` within `radius` (torus distance), if
    /// any. On a tie, the lowest index.
    pub fn nearest(&self, torus: &Torus, points: &[Pos2], p: Pos2, radius: f32) -> Option<usize> {
        let p = torus.wrap(p);
        let (cx, cy) = self.cell_of(p);
        let reach = radius.ceil().max(1.0) as i64;
        // Do not visit a cell twice when the radius spans the whole torus.
        let span_x = reach.min(self.columns as i64 / 2);
        let span_y = reach.min(self.rows as i64 / 2);
        let mut visited: BTreeSet<usize> = BTreeSet::new();
        let mut best: Option<(f32, usize)> = None;
        for dy in -span_y..=span_y {
            for dx in -span_x..=span_x {
                let Some(cell) = self.cell_index(cx + dx, cy + dy) else {
                    continue;
                };
                if !visited.insert(cell) {
                    continue;
                }
                for &i in &self.cells[cell] {
                    let i = i as usize;
                    let d = torus.distance(p, points[i]);
                    if d <= radius && best.is_none_or(|(bd, bi)| d < bd || (d == bd && i < bi)) {
                        best = Some((d, i));
                    }
                }
            }
        }
        best.map(|(_, i)| i)
    }
}

/// Who owns a world, as the map colours it.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum OwnerKey {
    /// The player himself.
    Me,
    /// Another player, by name.
    Player(String),
    Neutral,
    /// Never described: only seen as a number in a connection list.
    Unknown,
}

/// Owner colours, far apart from each other and from the player's own green.
const PALETTE: [(u8, u8, u8); 16] = [
    (230, 75, 75),
    (80, 140, 240),
    (245, 150, 40),
    (170, 100, 230),
    (235, 215, 60),
    (60, 200, 220),
    (230, 90, 200),
    (170, 120, 70),
    (250, 160, 190),
    (40, 130, 150),
    (190, 170, 250),
    (160, 160, 60),
    (240, 130, 110),
    (120, 120, 200),
    (200, 170, 90),
    (225, 225, 235),
];

/// A distinct colour, stable for a player: from his number when known (the same
/// every turn and every game), else from his name.
pub fn player_color(name: &str, number: Option<u32>) -> Color32 {
    let key = match number {
        Some(n) => n.saturating_sub(1),
        None => name.bytes().fold(0x811c_9dc5u32, |h, b| {
            (h ^ u32::from(b)).wrapping_mul(0x0100_0193)
        }),
    };
    let (r, g, b) = PALETTE[key as usize % PALETTE.len()];
    // Beyond 16 players, the same hues darker.
    let shade = if (key as usize / PALETTE.len()) % 2 == 1 {
        0.7
    } else {
        1.0
    };
    let scale = |c: u8| (f32::from(c) * shade) as u8;
    Color32::from_rgb(scale(r), scale(g), scale(b))
}

/// The player's own colour.
pub fn my_color() -> Color32 {
    Color32::from_rgb(90, 215, 120)
}

/// Neutral worlds.
pub const NEUTRAL_COLOR: Color32 = Color32::from_rgb(150, 150, 150);
/// Worlds never described.
pub const UNKNOWN_COLOR: Color32 = Color32::from_rgb(105, 105, 115);

/// How much of a colour remains for information `age` turns old (`None`: never
/// described): 1 for this turn, fading to 0.3.
pub fn fade(age: Option<u32>) -> f32 {
    match age {
        Some(age) => (1.0 / (1.0 + 0.25 * age as f32)).max(0.3),
        None => 0.3,
    }
}

/// One world as drawn.
#[derive(Clone, Debug, PartialEq)]
pub struct MapWorld {
    pub id: WorldId,
    /// Radar units, wrapped onto the torus.
    pub pos: Pos2,
    /// No coordinates known: placed near its known neighbours.
    pub approximate: bool,
    /// Coordinates from a radar-3 neighbour's position (NBT), not exact ones.
    pub radar: bool,
    pub owner: OwnerKey,
    /// Owner colour, not faded.
    pub color: Color32,
    /// Turns since last described (`None`: never described).
    pub age: Option<u32>,
    pub black_hole: bool,
    pub bombed: bool,
    /// Pillaged at least once (`Pi=`); `recovering` while `Pi=k/r` with r > 0.
    pub pillaged: bool,
    pub recovering: bool,
    pub start_world: bool,
    /// Indices in [`MapLayout::fleets`] of the fleets last seen here.
    pub fleets: std::ops::Range<usize>,
}

/// A connection, drawn from `a` toward the nearest image of `b`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MapLink {
    pub a: u32,
    pub b: u32,
    /// From `a`'s position to the nearest image of `b`'s (radar units).
    pub offset: Vec2,
    /// Turns since the connection list was seen.
    pub age: u32,
    /// The two ends are farther apart than half the torus would allow without
    /// wrapping: the link crosses the seam.
    pub crosses_seam: bool,
}

/// A fleet marker, at the world it was last seen.
#[derive(Clone, Debug, PartialEq)]
pub struct MapFleet {
    pub id: FleetId,
    pub world: u32,
    pub mine: bool,
    pub color: Color32,
    pub age: u32,
}

/// A trace `{F_f "X" vers M_n}`: an arrow from the world where it was seen.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MapTrace {
    pub fleet: FleetId,
    pub world: u32,
    pub to: u32,
    pub color: Color32,
    pub age: u32,
}

/// One line of the legend.
#[derive(Clone, Debug, PartialEq)]
pub struct LegendEntry {
    pub owner: OwnerKey,
    pub color: Color32,
    /// Worlds of that owner on the map.
    pub worlds: usize,
    /// Fleets of that owner on the map (a player may be seen by his fleets only).
    pub fleets: usize,
}

/// Everything the map draws for one knowledge.
#[derive(Clone, Debug, Default)]
pub struct MapLayout {
    pub torus: Option<Torus>,
    pub worlds: Vec<MapWorld>,
    pub links: Vec<MapLink>,
    pub fleets: Vec<MapFleet>,
    pub traces: Vec<MapTrace>,
    pub legend: Vec<LegendEntry>,
    /// The turn the ages count from.
    pub current_turn: u32,
    positions: Vec<Pos2>,
    by_id: HashMap<WorldId, usize>,
    index: SpatialIndex,
}

impl MapLayout {
    /// Lays out what the player knows, seen from turn `current` (ages count from
    /// it).
    pub fn build(knowledge: &Knowledge, current: u32) -> Self {
        let me = knowledge.player.as_ref().map(|p| p.name.as_str());
        let worlds: Vec<&WorldKnowledge> = knowledge.worlds().collect();
        let ids: Vec<WorldId> = worlds.iter().map(|w| w.id).collect();

        // Connections, each once.
        let mut pairs: BTreeMap<(WorldId, WorldId), u32> = BTreeMap::new();
        for w in &worlds {
            if let Some(seen) = &w.connections {
                for c in &seen.value {
                    if c.world == w.id {
                        continue;
                    }
                    let key = (w.id.min(c.world), w.id.max(c.world));
                    let turn = pairs.entry(key).or_insert(seen.turn);
                    *turn = (*turn).max(seen.turn);
                }
            }
        }
        let links: Vec<(WorldId, WorldId)> = pairs.keys().copied().collect();

        let exact: BTreeMap<WorldId, Pos2> = worlds
            .iter()
            .filter_map(|w| {
                w.coords()
                    .map(|c| (w.id, Pos2::new(c.x as f32, c.y as f32)))
            })
            .collect();
        let torus = match &knowledge.galaxy_size {
            Some(size) => Torus::new(size.value.0, size.value.1),
            None => {
                let max = exact
                    .values()
                    .fold(Pos2::ZERO, |m, p| m.max(*p + Vec2::splat(1.0)));
                Torus::plane(max.x.max(8.0), max.y.max(8.0))
            }
        };
        let placed = place(&torus, &ids, &exact, &links);

        let mut layout = MapLayout {
            torus: Some(torus),
            current_turn: current,
            ..MapLayout::default()
        };
        // Fleets grouped by world.
        let mut fleets_at: BTreeMap<WorldId, Vec<MapFleet>> = BTreeMap::new();
        for fleet in knowledge.fleets() {
            let Some(world) = &fleet.world else { continue };
            let owner = fleet.owner.as_ref().map(|o| o.value.as_str());
            let mine = owner.is_some() && owner == me;
            let color = match owner {
                _ if mine => my_color(),
                Some(name) => player_color(name, knowledge.player_number(name)),
                None => UNKNOWN_COLOR,
            };
            fleets_at.entry(world.value).or_default().push(MapFleet {
                id: fleet.id,
                world: 0,
                mine,
                color,
                age: current.saturating_sub(fleet.last_seen),
            });
        }
        // (worlds, fleets) per owner.
        let mut counts: BTreeMap<OwnerKey, (usize, usize)> = BTreeMap::new();
        for fleet in knowledge.fleets().filter(|f| f.world.is_some()) {
            let key = match fleet.owner.as_ref().map(|o| o.value.as_str()) {
                None => OwnerKey::Unknown,
                Some(name) if Some(name) == me => OwnerKey::Me,
                Some(name) => OwnerKey::Player(name.to_string()),
            };
            counts.entry(key).or_default().1 += 1;
        }
        for (i, w) in worlds.iter().enumerate() {
            let owner = match w.owner_name() {
                None => OwnerKey::Unknown,
                Some(None) => OwnerKey::Neutral,
                Some(Some(name)) if Some(name) == me => OwnerKey::Me,
                Some(Some(name)) => OwnerKey::Player(name.to_string()),
            };
            let color = owner_color(knowledge, &owner);
            counts.entry(owner.clone()).or_default().0 += 1;
            let start = layout.fleets.len();
            if let Some(list) = fleets_at.remove(&w.id) {
                for mut f in list {
                    f.world = i as u32;
                    layout.fleets.push(f);
                }
            }
            let pillage = w.pillage_count.as_ref().map_or(0, |s| s.value);
            let recovery = w.pillage_recovery.as_ref().map_or(0, |s| s.value);
            layout.worlds.push(MapWorld {
                id: w.id,
                pos: placed.get(&w.id).copied().unwrap_or(Pos2::ZERO),
                approximate: w.coords().is_none(),
                radar: w.position.as_ref().is_some_and(|p| !p.value.exact),
                owner,
                color,
                age: w.last_described.map(|t| current.saturating_sub(t)),
                black_hole: w.black_hole.as_ref().is_some_and(|s| s.value),
                bombed: w.bombed.as_ref().is_some_and(|s| s.value),
                pillaged: pillage > 0,
                recovering: pillage > 0 && recovery > 0,
                start_world: w.start_world.as_ref().is_some_and(|s| s.value),
                fleets: start..layout.fleets.len(),
            });
            layout.by_id.insert(w.id, i);
        }
        layout.positions = layout.worlds.iter().map(|w| w.pos).collect();
        for ((a, b), turn) in pairs {
            let (Some(&ia), Some(&ib)) = (layout.by_id.get(&a), layout.by_id.get(&b)) else {
                continue;
            };
            let (pa, pb) = (layout.positions[ia], layout.positions[ib]);
            let offset = torus.delta(pa, pb);
            layout.links.push(MapLink {
                a: ia as u32,
                b: ib as u32,
                offset,
                age: current.saturating_sub(turn),
                crosses_seam: (pb - pa) != offset,
            });
        }
        for trace in knowledge.traces() {
            let (Some(world), Some(&to)) = (
                trace.value.world.and_then(|w| layout.by_id.get(&w)),
                layout.by_id.get(&trace.value.to),
            ) else {
                continue;
            };
            let owner = trace.value.owner.as_deref();
            let color = match owner {
                Some(name) if Some(name) == me => my_color(),
                Some(name) => player_color(name, knowledge.player_number(name)),
                None => UNKNOWN_COLOR,
            };
            layout.traces.push(MapTrace {
                fleet: trace.value.fleet,
                world: *world as u32,
                to: to as u32,
                color,
                age: current.saturating_sub(trace.turn),
            });
        }
        let mut legend: Vec<LegendEntry> = counts
            .into_iter()
            .map(|(owner, (worlds, fleets))| LegendEntry {
                color: owner_color(knowledge, &owner),
                owner,
                worlds,
                fleets,
            })
            .collect();
        // Me first, then players by number of worlds, then neutral and unknown.
        legend.sort_by(|a, b| {
            let rank = |e: &LegendEntry| match e.owner {
                OwnerKey::Me => 0,
                OwnerKey::Player(_) => 1,
                OwnerKey::Neutral => 2,
                OwnerKey::Unknown => 3,
            };
            rank(a)
                .cmp(&rank(b))
                .then(b.worlds.cmp(&a.worlds))
                .then(b.fleets.cmp(&a.fleets))
                .then(a.owner.cmp(&b.owner))
        });
        layout.legend = legend;
        layout.index = SpatialIndex::new(&torus, &layout.positions);
        layout
    }

    /// The index in [`MapLayout::worlds`] of world `id`.
    pub fn world_index(&self, id: WorldId) -> Option<usize> {
        self.by_id.get(&id).copied()
    }

    pub fn world(&self, id: WorldId) -> Option<&MapWorld> {
        self.world_index(id).map(|i| &self.worlds[i])
    }

    /// The world nearest to `p` (radar units) within `radius`.
    pub fn world_at(&self, p: Pos2, radius: f32) -> Option<&MapWorld> {
        let torus = self.torus?;
        self.index
            .nearest(&torus, &self.positions, p, radius)
            .map(|i| &self.worlds[i])
    }

    /// The worlds connected to world `id` on the map.
    pub fn neighbours(&self, id: WorldId) -> Vec<WorldId> {
        let Some(i) = self.world_index(id) else {
            return Vec::new();
        };
        let i = i as u32;
        let mut out: Vec<WorldId> = self
            .links
            .iter()
            .filter_map(|l| {
                if l.a == i {
                    Some(self.worlds[l.b as usize].id)
                } else if l.b == i {
                    Some(self.worlds[l.a as usize].id)
                } else {
                    None
                }
            })
            .collect();
        out.sort_unstable();
        out
    }
}

fn owner_color(knowledge: &Knowledge, owner: &OwnerKey) -> Color32 {
    match owner {
        OwnerKey::Me => my_color(),
        OwnerKey::Player(name) => player_color(name, knowledge.player_number(name)),
        OwnerKey::Neutral => NEUTRAL_COLOR,
        OwnerKey::Unknown => UNKNOWN_COLOR,
    }
}
