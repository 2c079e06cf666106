//! Where worlds without coordinates go: a graph layout over the connections the
//! player knows, stable from turn to turn ([`place_turns`]: each turn's new worlds
//! placed around the ones already placed), kept [`MIN_GAP`] apart.

use std::collections::{BTreeMap, BTreeSet, HashMap};

use egui::{Pos2, Vec2};

use super::torus::Torus;
use crate::model::WorldId;
use crate::model::knowledge::Knowledge;

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

/// The most worlds a spot's neighbourhood is searched through (the grid's nine
/// cells around it): where more crowd there — a CR putting thousands of worlds
/// on the same coordinates, or more worlds than its galaxy holds — the spot
/// counts as taken and a world feels the push of these only, so the layout
/// stays linear in the worlds whatever the file holds. A real map has a handful
/// of worlds around a spot.
const MAX_NEARBY: usize = 32;

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

    /// No point within `gap` of `p`, and the cells around it not crowded (at
    /// most [`MAX_NEARBY`] points).
    fn is_free(&self, torus: &Torus, p: Pos2, gap: f32) -> bool {
        let mut seen = 0;
        for (_, q) in self.around(p) {
            seen += 1;
            if seen > MAX_NEARBY || torus.distance(p, q) < gap {
                return false;
            }
        }
        true
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
    // On a plane, the groups without coordinates go below the known worlds.
    let bottom = (!fixed.is_empty()).then(|| fixed.values().map(|p| p.y).fold(0.0, f32::max));
    // The worlds left that touch a placed one: the next round's (each round
    // looks at these only, not at every world left — a CR of many unconnected
    // worlds would make that quadratic).
    let mut frontier: BTreeSet<WorldId> = todo
        .iter()
        .copied()
        .filter(|id| {
            neighbours
                .get(id)
                .is_some_and(|ns| ns.iter().any(|n| placed.contains_key(n)))
        })
        .collect();
    while !todo.is_empty() {
        // One round: every world touching the placed ones.
        let mut round: Vec<(WorldId, Pos2)> = Vec::new();
        for &id in &frontier {
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
            let p = spiral(torus, bottom, seeds);
            seeds += 1;
            taken.insert(id, p);
            round.push((id, p));
        }
        frontier.clear();
        for &(id, p) in &round {
            todo.remove(&id);
            placed.insert(id, p);
        }
        for (id, _) in round {
            for n in neighbours.get(&id).into_iter().flatten() {
                if todo.contains(n) {
                    frontier.insert(*n);
                }
            }
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
            let nearby = fixed_grid.around(p).chain(moving.around(p));
            for (other, q) in nearby.take(MAX_NEARBY) {
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
/// golden-angle spiral around the middle of the map; on a plane with known
/// worlds, below them (`bottom`: the lowest known world's `y`; the known worlds
/// only, so that many groups stay on one spiral rather than each one going
/// below the last).
fn spiral(torus: &Torus, bottom: Option<f32>, k: u32) -> Pos2 {
    let centre = Pos2::new(torus.width / 2.0, torus.height / 2.0);
    let golden = std::f32::consts::PI * (3.0 - 5f32.sqrt());
    let radius = 3.0 * (k as f32).sqrt();
    let angle = k as f32 * golden;
    let p = centre + Vec2::new(angle.cos(), angle.sin()) * radius;
    match bottom {
        Some(bottom) if !torus.wraps => {
            // Beside the known worlds on a plane: below them.
            Pos2::new(p.x, bottom + 3.0 + radius)
        }
        _ => torus.wrap(p),
    }
}
