//! Where every known world goes on the map, computed once per knowledge (not per
//! frame): torus geometry, a graph layout for worlds without coordinates (stable
//! from turn to turn: [`place_turns`]), links toward the nearest image of their
//! other end, owner colours, markers, fleet badges (one per world and owner) and
//! a spatial index for hit-testing.
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

/// Worlds without coordinates are kept at least this far (radar units) from every
/// other world: at the zoom the map fits them, their discs and labels stay apart.
pub const MIN_GAP: f32 = 0.6;

/// The length (radar units) the graph layout gives a connection to a world
/// without coordinates; a world with a single placed neighbour starts this far
/// from it.
pub const APPROX_STEP: f32 = 1.0;

/// Iterations of the force-directed refinement (a fixed budget: the same files
/// give the same picture, in a bounded time).
const LAYOUT_ITERATIONS: usize = 60;

/// What was known of the map up to one turn: the worlds known, the coordinates
/// known, the connections known (each list cumulative over the turns before).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct TurnGraph {
    pub worlds: BTreeSet<WorldId>,
    pub exact: BTreeMap<WorldId, Pos2>,
    pub links: BTreeSet<(WorldId, WorldId)>,
}

impl TurnGraph {
    /// Adds a connection (once, whatever its direction; a loop is ignored).
    pub fn link(&mut self, a: WorldId, b: WorldId) {
        if a != b {
            self.links.insert((a.min(b), a.max(b)));
        }
    }
}

/// The map's knowledge turn by turn, for [`place_turns`]: one cumulative
/// [`TurnGraph`] per loaded turn, from the turns' views; the last one is the
/// whole knowledge (its coordinates win).
pub fn turn_graphs(knowledge: &Knowledge) -> Vec<TurnGraph> {
    let mut graphs = Vec::new();
    let mut graph = TurnGraph::default();
    for turn in knowledge.turns() {
        let Some(view) = knowledge.view_at(turn) else {
            continue;
        };
        for w in &view.worlds {
            graph.worlds.insert(w.id);
            if let Some(c) = w.coords {
                graph
                    .exact
                    .entry(w.id)
                    .or_insert(Pos2::new(c.x as f32, c.y as f32));
            }
            for c in w.connections.iter().flatten() {
                graph.worlds.insert(c.world);
                graph.link(w.id, c.world);
            }
        }
        graphs.push(graph.clone());
    }
    // The knowledge itself: every world, the coordinates it keeps.
    let mut last = graph;
    for w in knowledge.worlds() {
        last.worlds.insert(w.id);
        if let Some(c) = w.coords() {
            last.exact.insert(w.id, Pos2::new(c.x as f32, c.y as f32));
        }
        if let Some(seen) = &w.connections {
            for c in &seen.value {
                last.link(w.id, c.world);
            }
        }
    }
    graphs.push(last);
    graphs
}

/// The positions of worlds, exact where known and laid out elsewhere, STABLE
/// from turn to turn: the worlds of the earliest turn are placed first; each
/// later turn places only the worlds it shows for the first time, the others
/// keeping their places (a world whose coordinates become known goes to them:
/// known coordinates always win). So the map of turns 1–5 shows the worlds of
/// turns 1–4 where the map of turns 1–4 showed them.
///
/// Returns the positions of the last graph's worlds, wrapped onto the torus.
pub fn place_turns(torus: &Torus, turns: &[TurnGraph]) -> BTreeMap<WorldId, Pos2> {
    let mut laid_out: BTreeMap<WorldId, Pos2> = BTreeMap::new();
    for graph in turns {
        let mut fixed: BTreeMap<WorldId, Pos2> = graph
            .exact
            .iter()
            .map(|(id, p)| (*id, torus.wrap(*p)))
            .collect();
        for (id, p) in &laid_out {
            fixed.entry(*id).or_insert(*p);
        }
        let new: Vec<WorldId> = graph
            .worlds
            .iter()
            .copied()
            .filter(|id| !fixed.contains_key(id))
            .collect();
        if new.is_empty() {
            continue;
        }
        let links: Vec<(WorldId, WorldId)> = graph.links.iter().copied().collect();
        let placed = place_new(torus, &new, &fixed, &links);
        for id in new {
            if let Some(p) = placed.get(&id) {
                laid_out.insert(id, *p);
            }
        }
    }
    let Some(last) = turns.last() else {
        return BTreeMap::new();
    };
    last.worlds
        .iter()
        .filter_map(|id| {
            let p = last.exact.get(id).map(|p| torus.wrap(*p));
            p.or_else(|| laid_out.get(id).copied()).map(|p| (*id, p))
        })
        .collect()
}

/// The positions of worlds, exact where known and laid out elsewhere, on one
/// turn's knowledge ([`place_turns`] with a single turn).
///
/// `exact` holds the worlds with coordinates (exact or radar-3); `links` are the
/// known connections (both directions need not be listed). Every world of `ids`
/// gets a position. The result does not depend on the order of the input.
pub fn place(
    torus: &Torus,
    ids: &[WorldId],
    exact: &BTreeMap<WorldId, Pos2>,
    links: &[(WorldId, WorldId)],
) -> BTreeMap<WorldId, Pos2> {
    let mut graph = TurnGraph {
        worlds: ids.iter().copied().collect(),
        exact: exact.clone(),
        links: BTreeSet::new(),
    };
    graph.worlds.extend(exact.keys().copied());
    for &(a, b) in links {
        graph.link(a, b);
    }
    place_turns(torus, &[graph])
}

/// Places the worlds `new` (none of them in `fixed`), the worlds of `fixed`
/// staying where they are:
/// 1. in rounds, a world with at least one placed neighbour starts near the mean
///    of its placed neighbours ([`APPROX_STEP`] from a lone neighbour), on the
///    first free spot among eight directions (the first one derived from its
///    number); a group of worlds with no placed neighbour at all starts from its
///    lowest numbered world, on a deterministic spiral around the middle of the
///    map;
/// 2. a force-directed refinement of the new worlds only, with a fixed budget
///    of [`LAYOUT_ITERATIONS`]: each connection pulls toward [`APPROX_STEP`],
///    worlds not connected and closer than `1.2 × APPROX_STEP` push each other
///    apart;
/// 3. a world left closer than [`MIN_GAP`] to another goes to the nearest free
///    spot around it.
///
/// Everything runs in the order of the worlds' numbers: deterministic.
fn place_new(
    torus: &Torus,
    new: &[WorldId],
    fixed: &BTreeMap<WorldId, Pos2>,
    links: &[(WorldId, WorldId)],
) -> BTreeMap<WorldId, Pos2> {
    // Only the connections of the new worlds matter.
    let is_new: BTreeSet<WorldId> = new.iter().copied().collect();
    let mut neighbours: BTreeMap<WorldId, BTreeSet<WorldId>> = BTreeMap::new();
    for &(a, b) in links {
        if a != b && (is_new.contains(&a) || is_new.contains(&b)) {
            neighbours.entry(a).or_default().insert(b);
            neighbours.entry(b).or_default().insert(a);
        }
    }
    let seeded = seed(torus, new, fixed, &neighbours);
    let refined = refine(torus, fixed, &neighbours, seeded);
    separate(torus, new, fixed, refined)
}

/// A fast hasher for the grid's cell keys (small integers; no untrusted keys):
/// SipHash, the default, dominates the layout's time otherwise.
#[derive(Default)]
struct CellHasher(u64);

impl std::hash::Hasher for CellHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(u64::from(b));
        }
    }

    fn write_u64(&mut self, n: u64) {
        self.0 = (self.0.rotate_left(5) ^ n).wrapping_mul(0x517c_c1b7_2722_0a95);
    }

    fn write_i64(&mut self, n: i64) {
        self.write_u64(n as u64);
    }
}

type CellMap<V> = HashMap<(i64, i64), V, std::hash::BuildHasherDefault<CellHasher>>;

/// Points indexed by cells of `size` radar units, wrap-aware: "is any point
/// within `reach` of p" in a few cells.
struct Grid {
    size: f32,
    cells: CellMap<Vec<(WorldId, Pos2)>>,
    columns: i64,
    rows: i64,
    wraps: bool,
}

impl Grid {
    fn new(torus: &Torus, size: f32) -> Self {
        Grid {
            size,
            cells: CellMap::default(),
            columns: (torus.width / size).floor().max(1.0) as i64,
            rows: (torus.height / size).floor().max(1.0) as i64,
            wraps: torus.wraps,
        }
    }

    fn key(&self, cx: i64, cy: i64) -> (i64, i64) {
        if self.wraps {
            (cx.rem_euclid(self.columns), cy.rem_euclid(self.rows))
        } else {
            (cx, cy)
        }
    }

    fn cell(&self, p: Pos2) -> (i64, i64) {
        self.key(
            (p.x / self.size).floor() as i64,
            (p.y / self.size).floor() as i64,
        )
    }

    fn insert(&mut self, id: WorldId, p: Pos2) {
        let key = self.cell(p);
        self.cells.entry(key).or_default().push((id, p));
    }

    /// The points of the cells around `p` (within one cell size at least).
    fn around(&self, p: Pos2) -> impl Iterator<Item = (WorldId, Pos2)> + '_ {
        let (cx, cy) = (
            (p.x / self.size).floor() as i64,
            (p.y / self.size).floor() as i64,
        );
        // On a torus of fewer than three cells a way, a cell is visited once.
        let span = |n: i64| if self.wraps && n < 3 { 0..n } else { -1..2 };
        let (xs, ys) = if self.wraps && (self.columns < 3 || self.rows < 3) {
            (span(self.columns), span(self.rows))
        } else {
            (-1..2, -1..2)
        };
        let whole = self.wraps && (self.columns < 3 || self.rows < 3);
        ys.flat_map(move |dy| xs.clone().map(move |dx| (dx, dy)))
            .filter_map(move |(dx, dy)| {
                let key = if whole {
                    // Visit the (few) cells of a small torus by their index.
                    let x = if self.columns < 3 { dx } else { cx + dx };
                    let y = if self.rows < 3 { dy } else { cy + dy };
                    self.key(x, y)
                } else {
                    self.key(cx + dx, cy + dy)
                };
                self.cells.get(&key)
            })
            .flatten()
            .copied()
    }

    fn is_free(&self, torus: &Torus, p: Pos2, gap: f32) -> bool {
        self.around(p).all(|(_, q)| torus.distance(p, q) >= gap)
    }
}

/// Step 1 of [`place_new`]: starting places.
fn seed(
    torus: &Torus,
    new: &[WorldId],
    fixed: &BTreeMap<WorldId, Pos2>,
    neighbours: &BTreeMap<WorldId, BTreeSet<WorldId>>,
) -> BTreeMap<WorldId, Pos2> {
    let mut placed = fixed.clone();
    let mut todo: BTreeSet<WorldId> = new.iter().copied().collect();
    let mut taken = Grid::new(torus, MIN_GAP.max(0.5));
    for (id, p) in &placed {
        taken.insert(*id, *p);
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
                (0..8).map(move |k| Vec2::angled(start + k as f32 * eighth) * *radius)
            });
            let mut chosen = torus.wrap(mean + Vec2::angled(start) * radii[0]);
            for offset in candidates {
                let p = torus.wrap(mean + offset);
                if taken.is_free(torus, p, MIN_GAP) {
                    chosen = p;
                    break;
                }
            }
            taken.insert(id, chosen);
            round.push((id, chosen));
        }
        if round.is_empty() {
            // No world touches the placed ones: seed the lowest remaining one.
            let Some(&id) = todo.iter().next() else { break };
            let p = spiral(torus, &placed, seeds);
            seeds += 1;
            taken.insert(id, p);
            round.push((id, p));
        }
        for (id, p) in round {
            todo.remove(&id);
            placed.insert(id, p);
        }
    }
    new.iter()
        .filter_map(|id| placed.get(id).map(|p| (*id, *p)))
        .collect()
}

/// Step 2 of [`place_new`]: springs on the connections, repulsion between close
/// worlds; only the new worlds move, by at most a shrinking step per iteration.
fn refine(
    torus: &Torus,
    fixed: &BTreeMap<WorldId, Pos2>,
    neighbours: &BTreeMap<WorldId, BTreeSet<WorldId>>,
    positions: BTreeMap<WorldId, Pos2>,
) -> BTreeMap<WorldId, Pos2> {
    let reach = APPROX_STEP * 1.2;
    // The fixed worlds near any new one, indexed once.
    let mut fixed_grid = Grid::new(torus, reach);
    for (id, p) in fixed {
        fixed_grid.insert(*id, *p);
    }
    // The new worlds by index, in the order of their numbers.
    let order: Vec<WorldId> = positions.keys().copied().collect();
    let index: HashMap<WorldId, usize> = order.iter().enumerate().map(|(i, id)| (*id, i)).collect();
    let mut pos: Vec<Pos2> = positions.values().copied().collect();
    enum End {
        Moving(usize),
        Fixed(Pos2),
    }
    let springs: Vec<Vec<End>> = order
        .iter()
        .map(|id| {
            neighbours
                .get(id)
                .into_iter()
                .flatten()
                .filter_map(|n| {
                    index
                        .get(n)
                        .map(|i| End::Moving(*i))
                        .or_else(|| fixed.get(n).map(|p| End::Fixed(*p)))
                })
                .collect()
        })
        .collect();
    for iteration in 0..LAYOUT_ITERATIONS {
        let cooling = 1.0 - iteration as f32 / LAYOUT_ITERATIONS as f32;
        let max_step = 0.25 * APPROX_STEP * cooling + 0.02;
        let mut moving = Grid::new(torus, reach);
        for (id, p) in order.iter().zip(&pos) {
            moving.insert(*id, *p);
        }
        let mut next = pos.clone();
        for (i, &id) in order.iter().enumerate() {
            let p = pos[i];
            let mut force = Vec2::ZERO;
            for end in &springs[i] {
                let q = match end {
                    End::Moving(j) => pos[*j],
                    End::Fixed(q) => *q,
                };
                let d = torus.delta(p, q);
                let len = d.length();
                if len > 1e-4 {
                    force += d / len * (len - APPROX_STEP) * 0.5;
                }
            }
            // The others (not its neighbours: their springs keep them at length).
            let linked = neighbours.get(&id);
            for (other, q) in fixed_grid.around(p).chain(moving.around(p)) {
                if other == id {
                    continue;
                }
                let d = torus.delta(q, p);
                let len = d.length();
                if len >= reach || linked.is_some_and(|l| l.contains(&other)) {
                    continue;
                }
                let dir = if len > 1e-4 {
                    d / len
                } else {
                    // Same spot: a direction of its own.
                    Vec2::angled(angle_of(id, 2))
                };
                force += dir * (reach - len) * 0.6;
            }
            let len = force.length();
            let step = if len > max_step {
                force / len * max_step
            } else {
                force
            };
            next[i] = torus.wrap(p + step);
        }
        pos = next;
    }
    order.into_iter().zip(pos).collect()
}

/// Step 3 of [`place_new`]: no new world closer than [`MIN_GAP`] to another.
fn separate(
    torus: &Torus,
    new: &[WorldId],
    fixed: &BTreeMap<WorldId, Pos2>,
    mut positions: BTreeMap<WorldId, Pos2>,
) -> BTreeMap<WorldId, Pos2> {
    let mut taken = Grid::new(torus, MIN_GAP.max(0.5));
    for (id, p) in fixed {
        taken.insert(*id, *p);
    }
    for &id in new {
        let Some(&p) = positions.get(&id) else {
            continue;
        };
        let mut chosen = p;
        if !taken.is_free(torus, p, MIN_GAP) {
            // Rings of twelve spots, farther and farther.
            let start = angle_of(id, 3);
            'search: for ring in 1..=40 {
                let radius = MIN_GAP * 0.5 * ring as f32;
                for k in 0..12 {
                    let angle = start + k as f32 * std::f32::consts::TAU / 12.0;
                    let q = torus.wrap(p + Vec2::angled(angle) * radius);
                    if taken.is_free(torus, q, MIN_GAP) {
                        chosen = q;
                        break 'search;
                    }
                }
            }
        }
        taken.insert(id, chosen);
        positions.insert(id, chosen);
    }
    positions
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
    /// Indices in [`MapLayout::fleets`] of the fleets last seen here, grouped by
    /// owner (the player's own first).
    pub fleets: std::ops::Range<usize>,
    /// Indices in [`MapLayout::badges`]: one per owner of those fleets.
    pub badges: std::ops::Range<usize>,
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

/// A fleet, at the world it was last seen.
#[derive(Clone, Debug, PartialEq)]
pub struct MapFleet {
    pub id: FleetId,
    pub world: u32,
    pub owner: OwnerKey,
    pub mine: bool,
    pub color: Color32,
    pub age: u32,
    /// Its ships (`total`, else VC + VT), when the CR told them.
    pub ships: Option<u32>,
}

/// The fleets of one owner at one world: drawn as one badge.
#[derive(Clone, Debug, PartialEq)]
pub struct MapBadge {
    pub world: u32,
    pub owner: OwnerKey,
    pub color: Color32,
    /// Indices in [`MapLayout::fleets`] (the player's own first).
    pub fleets: std::ops::Range<usize>,
    /// Their ships; `None` when a fleet's count is unknown.
    pub ships: Option<u32>,
    /// The freshest fleet's age.
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
    pub badges: Vec<MapBadge>,
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
        let placed = place_turns(&torus, &turn_graphs(knowledge));

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
            let key = match owner {
                _ if mine => OwnerKey::Me,
                Some(name) => OwnerKey::Player(name.to_string()),
                None => OwnerKey::Unknown,
            };
            let ships = fleet.total.as_ref().map(|t| t.value).or_else(|| {
                let vc = fleet.vc.as_ref()?.value;
                Some(vc.saturating_add(fleet.vt.as_ref().map_or(0, |v| v.value)))
            });
            fleets_at.entry(world.value).or_default().push(MapFleet {
                id: fleet.id,
                world: 0,
                color: owner_color(knowledge, &key),
                owner: key,
                mine,
                age: current.saturating_sub(fleet.last_seen),
                ships,
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
            let first_badge = layout.badges.len();
            if let Some(mut list) = fleets_at.remove(&w.id) {
                // Grouped by owner, the player's own first (the owner keys' order).
                list.sort_by(|a, b| a.owner.cmp(&b.owner).then(a.id.cmp(&b.id)));
                for mut f in list {
                    f.world = i as u32;
                    let k = layout.fleets.len();
                    let grouping = layout.badges.len() > first_badge;
                    match layout.badges.last_mut() {
                        Some(badge) if grouping && badge.owner == f.owner => {
                            badge.fleets.end = k + 1;
                            badge.ships = badge.ships.zip(f.ships).map(|(a, b)| a + b);
                            badge.age = badge.age.min(f.age);
                        }
                        _ => layout.badges.push(MapBadge {
                            world: i as u32,
                            owner: f.owner.clone(),
                            color: f.color,
                            fleets: k..k + 1,
                            ships: f.ships,
                            age: f.age,
                        }),
                    }
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
                badges: first_badge..layout.badges.len(),
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

    /// What the first view fits ("what the player owns and knows"): his
    /// worlds, the worlds where his fleets are, the worlds described, and the
    /// worlds laid out beside them (named in their connection lists) — not the
    /// worlds known only by a radar position. None of those: every world.
    pub fn home_positions(&self) -> Vec<Pos2> {
        let known: Vec<Pos2> = self
            .worlds
            .iter()
            .filter(|w| {
                w.owner == OwnerKey::Me
                    || w.age.is_some()
                    || w.approximate
                    || self.fleets[w.fleets.clone()].iter().any(|f| f.mine)
            })
            .map(|w| w.pos)
            .collect();
        if known.is_empty() {
            self.worlds.iter().map(|w| w.pos).collect()
        } else {
            known
        }
    }

    /// The index in [`MapLayout::badges`] of the badge holding fleet `id`.
    pub fn badge_of(&self, id: FleetId) -> Option<usize> {
        let k = self.fleets.iter().position(|f| f.id == id)?;
        let world = &self.worlds[self.fleets[k].world as usize];
        world
            .badges
            .clone()
            .find(|&b| self.badges[b].fleets.contains(&k))
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
