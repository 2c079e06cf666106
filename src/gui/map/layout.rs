//! What the map draws for one knowledge, computed once per knowledge (not per
//! frame): every known world at its place (coordinates, or the graph layout of
//! [`super::placement`] for worlds without), links toward the nearest image of
//! their other end, owner colours, markers, fleet badges (one per world and
//! owner), traces, the legend, and the [`SpatialIndex`] for hit-testing.
//!
//! Positions are in radar units (`[x,y]` of the CR, one unit between neighbouring
//! grid points), as `f32`: they only place pixels, no rule reads them.

use std::collections::BTreeMap;
use std::sync::Arc;

use egui::{Color32, Pos2, Vec2};

use super::placement::{place_turns, turn_graphs};
use super::spatial::SpatialIndex;
use super::torus::Torus;
use crate::model::knowledge::{Knowledge, WorldKnowledge};
use crate::model::view::Name;
use crate::model::{FleetId, WorldId};

/// Who owns a world, as the map colours it.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum OwnerKey {
    /// The player himself.
    Me,
    /// Another player, by name (allocated once per name for the whole map).
    Player(Arc<str>),
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

/// A run of indices in one of the layout's lists ([`MapWorld::fleets`]…), in
/// `u32`: 8 bytes, not a `Range<usize>`'s 16 (the lists are far shorter than
/// 4 billion).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Span {
    start: u32,
    end: u32,
}

impl Span {
    /// The indices.
    pub fn range(self) -> std::ops::Range<usize> {
        self.start()..self.end as usize
    }

    pub fn start(self) -> usize {
        self.start as usize
    }

    pub fn len(self) -> usize {
        self.range().len()
    }

    pub fn is_empty(self) -> bool {
        self.start >= self.end
    }

    pub fn contains(self, index: usize) -> bool {
        self.range().contains(&index)
    }
}

impl From<std::ops::Range<usize>> for Span {
    fn from(range: std::ops::Range<usize>) -> Self {
        let at = |i: usize| u32::try_from(i).unwrap_or(u32::MAX);
        Span {
            start: at(range.start),
            end: at(range.end),
        }
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
    /// Described by an ally's report only (none of the player's own).
    pub ally_only: bool,
    /// Indices in [`MapLayout::fleets`] of the fleets last seen here, grouped by
    /// owner (the player's own first).
    pub fleets: Span,
    /// Indices in [`MapLayout::badges`]: one per owner of those fleets.
    pub badges: Span,
}

/// A connection, drawn from `a` toward the nearest image of `b`
/// ([`MapLayout::link_offset`]).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MapLink {
    pub a: u32,
    pub b: u32,
    /// Turns since the connection list was seen.
    pub age: u32,
    /// The two ends are farther apart than half the torus would allow without
    /// wrapping: the link crosses the seam.
    pub crosses_seam: bool,
}

/// A fleet while the layout is built, at the world it was last seen (the
/// layout keeps only its number: its badge tells the rest).
#[derive(Clone, Debug, PartialEq)]
struct LaidFleet {
    id: FleetId,
    /// The world's number.
    world: WorldId,
    owner: OwnerKey,
    color: Color32,
    age: u32,
    /// Its ships (`total`, else VC + VT), when the CR told them.
    ships: Option<u32>,
}

/// The fleets of one owner at one world: drawn as one badge.
#[derive(Clone, Debug, PartialEq)]
pub struct MapBadge {
    pub world: u32,
    pub owner: OwnerKey,
    pub color: Color32,
    /// Indices in [`MapLayout::fleets`] (the player's own first).
    pub fleets: Span,
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
    /// The fleets of known position, by world, owner (the player's own first)
    /// and number: each world's fleets one run of the list, each of its
    /// badges one run within it. Only their numbers (4 bytes, not 56, for each of 114,894 fleets): the
    /// badge holds the owner, colour, ships and age.
    pub fleets: Vec<FleetId>,
    pub badges: Vec<MapBadge>,
    pub traces: Vec<MapTrace>,
    pub legend: Vec<LegendEntry>,
    /// The turn the ages count from.
    pub current_turn: u32,
    positions: Vec<Pos2>,
    index: SpatialIndex,
}

impl MapLayout {
    /// Lays out what the player knows, seen from turn `current` (ages count from
    /// it).
    pub fn build(knowledge: &Knowledge, current: u32) -> Self {
        let me = knowledge.player.as_ref().map(|p| p.name.as_str());
        let worlds: Vec<&WorldKnowledge> = knowledge.worlds().collect();
        let torus = torus_of(knowledge, &worlds);
        let placed = place_turns(&torus, &turn_graphs(knowledge));
        let mut layout = MapLayout {
            torus: Some(torus),
            current_turn: current,
            ..MapLayout::default()
        };
        // Every placed fleet once, sorted by world, then owner (the player's own
        // first), then number: each world's fleets are one run of the list, each
        // badge one run within it (no list per world); the layout keeps their
        // numbers once the badges are made.
        let mut laid = fleets_by_world(knowledge, me, current);
        // (worlds, fleets) per owner: every fleet of known position counts,
        // laid out or not.
        let mut counts: BTreeMap<OwnerKey, (usize, usize)> = BTreeMap::new();
        for fleet in &laid {
            counts.entry(fleet.owner.clone()).or_default().1 += 1;
        }
        laid.retain(|f| knowledge.world(f.world).is_some());
        let fleets = &laid;
        let badges = (0..fleets.len())
            .filter(|&k| {
                k.checked_sub(1)
                    .and_then(|before| fleets.get(before))
                    .is_none_or(|b| (b.world, &b.owner) != (fleets[k].world, &fleets[k].owner))
            })
            .count();
        layout.worlds.reserve_exact(worlds.len());
        layout.badges.reserve_exact(badges);
        let mut next = 0;
        for w in &worlds {
            let owner = match w.owner.as_ref().map(|o| o.value.name.as_ref()) {
                None => OwnerKey::Unknown,
                Some(None) => OwnerKey::Neutral,
                Some(Some(name)) => owner_key(me, Some(name)),
            };
            counts.entry(owner.clone()).or_default().0 += 1;
            // Both lists by world number, every fleet's world laid out.
            let here = laid
                .get(next..)
                .unwrap_or_default()
                .partition_point(|f| f.world == w.id);
            let pos = placed.get(&w.id).copied().unwrap_or(Pos2::ZERO);
            layout.push_world(knowledge, w, owner, pos, &laid, next..next + here);
            next += here;
        }
        layout.fleets = laid.iter().map(|f| f.id).collect();
        drop(laid);
        layout.positions = layout.worlds.iter().map(|w| w.pos).collect();
        layout.push_links(&torus, connection_pairs(&worlds));
        layout.push_traces(knowledge, me);
        layout.legend = legend(knowledge, counts);
        layout.index = SpatialIndex::new(&torus, &layout.positions);
        layout
    }

    /// Adds world `w` (the next index) at `pos`, with its fleets grouped into
    /// badges by owner, the player's own first.
    fn push_world(
        &mut self,
        knowledge: &Knowledge,
        w: &WorldKnowledge,
        owner: OwnerKey,
        pos: Pos2,
        laid: &[LaidFleet],
        fleets: std::ops::Range<usize>,
    ) {
        let i = self.worlds.len();
        let current = self.current_turn;
        let first_badge = self.badges.len();
        // Grouped by owner, the player's own first (sorted so).
        for k in fleets.clone() {
            let Some(f) = laid.get(k) else {
                continue;
            };
            let grouping = self.badges.len() > first_badge;
            match self.badges.last_mut() {
                Some(badge) if grouping && badge.owner == f.owner => {
                    badge.fleets = Span::from(badge.fleets.start()..k + 1);
                    badge.ships = badge.ships.zip(f.ships).map(|(a, b)| a.saturating_add(b));
                    badge.age = badge.age.min(f.age);
                }
                _ => self.badges.push(MapBadge {
                    world: i as u32,
                    owner: f.owner.clone(),
                    color: f.color,
                    fleets: Span::from(k..k + 1),
                    ships: f.ships,
                    age: f.age,
                }),
            }
        }
        let pillage = w.pillage_count().as_ref().map_or(0, |s| s.value);
        let recovery = w.pillage_recovery().as_ref().map_or(0, |s| s.value);
        self.worlds.push(MapWorld {
            id: w.id,
            pos,
            approximate: w.coords().is_none(),
            radar: w.position.as_ref().is_some_and(|p| !p.value.exact),
            color: owner_color(knowledge, &owner),
            owner,
            age: w.last_described.map(|t| current.saturating_sub(t)),
            black_hole: w.black_hole.as_ref().is_some_and(|s| s.value),
            bombed: w.bombed.as_ref().is_some_and(|s| s.value),
            pillaged: pillage > 0,
            recovering: pillage > 0 && recovery > 0,
            start_world: w.start_world.as_ref().is_some_and(|s| s.value),
            ally_only: w.only_ally_saw(),
            fleets: Span::from(fleets),
            badges: Span::from(first_badge..self.badges.len()),
        });
    }

    /// Adds the links between laid-out worlds, each toward the nearest image of
    /// its other end (`pairs`: the turn each was last seen).
    fn push_links(&mut self, torus: &Torus, pairs: BTreeMap<(WorldId, WorldId), u32>) {
        self.links.reserve_exact(pairs.len());
        for ((a, b), turn) in pairs {
            let (Some(ia), Some(ib)) = (self.world_index(a), self.world_index(b)) else {
                continue;
            };
            let (pa, pb) = (self.positions[ia], self.positions[ib]);
            let offset = torus.delta(pa, pb);
            self.links.push(MapLink {
                a: ia as u32,
                b: ib as u32,
                age: self.current_turn.saturating_sub(turn),
                crosses_seam: (pb - pa) != offset,
            });
        }
    }

    /// Adds the traces whose two worlds are laid out.
    fn push_traces(&mut self, knowledge: &Knowledge, me: Option<&str>) {
        for trace in knowledge.traces() {
            let (Some(world), Some(to)) = (
                trace.value.world.and_then(|w| self.world_index(w)),
                self.world_index(trace.value.to),
            ) else {
                continue;
            };
            let owner = trace.value.owner.as_deref();
            let color = match owner {
                Some(name) if Some(name) == me => my_color(),
                Some(name) => player_color(name, knowledge.player_number(name)),
                None => UNKNOWN_COLOR,
            };
            self.traces.push(MapTrace {
                fleet: trace.value.fleet,
                world: world as u32,
                to: to as u32,
                color,
                age: self.current_turn.saturating_sub(trace.turn),
            });
        }
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
                    || self.badges[w.badges.range()]
                        .iter()
                        .any(|b| b.owner == OwnerKey::Me)
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
        let k = self.fleets.iter().position(|&f| f == id)?;
        // The badges' runs follow one another along the list.
        let b = self.badges.partition_point(|b| b.fleets.range().end <= k);
        self.badges.get(b)?.fleets.contains(k).then_some(b)
    }

    /// From link `link`'s world `a` to the nearest image of its world `b`
    /// (radar units): worked out when drawn, not kept (8 bytes of each of
    /// ~150,000 links on a big map).
    pub fn link_offset(&self, link: &MapLink) -> Vec2 {
        let (Some(torus), Some(&a), Some(&b)) = (
            self.torus,
            self.positions.get(link.a as usize),
            self.positions.get(link.b as usize),
        ) else {
            return Vec2::ZERO;
        };
        torus.delta(a, b)
    }

    /// The index in [`MapLayout::worlds`] of world `id`.
    pub fn world_index(&self, id: WorldId) -> Option<usize> {
        // Laid out by number (the knowledge's order): no map beside them.
        self.worlds.binary_search_by_key(&id, |w| w.id).ok()
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

/// The key of a fleet or world owned by `owner` (`None`: not known) for the
/// player named `me`: another player's name is the knowledge's own (one per
/// player, shared), not a copy.
fn owner_key(me: Option<&str>, owner: Option<&Name>) -> OwnerKey {
    match owner {
        None => OwnerKey::Unknown,
        Some(name) if Some(&**name) == me => OwnerKey::Me,
        Some(name) => OwnerKey::Player(Arc::clone(name)),
    }
}

/// The connections between known worlds, each once (smaller number first), with
/// the last turn they were seen.
fn connection_pairs(worlds: &[&WorldKnowledge]) -> BTreeMap<(WorldId, WorldId), u32> {
    let mut pairs: BTreeMap<(WorldId, WorldId), u32> = BTreeMap::new();
    for w in worlds {
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
    pairs
}

/// The galaxy's torus when its size is known; else a plane just wider than the
/// worlds of known coordinates (at least 8 × 8).
fn torus_of(knowledge: &Knowledge, worlds: &[&WorldKnowledge]) -> Torus {
    match &knowledge.galaxy_size {
        Some(size) => Torus::new(size.value.0, size.value.1),
        None => {
            let max = worlds
                .iter()
                .filter_map(|w| w.coords())
                .map(|c| Pos2::new(c.x as f32, c.y as f32))
                .fold(Pos2::ZERO, |m, p| m.max(p + Vec2::splat(1.0)));
            Torus::plane(max.x.max(8.0), max.y.max(8.0))
        }
    }
}

/// The fleets of known position, sorted by world number, owner (the player's
/// own first) and number.
fn fleets_by_world(knowledge: &Knowledge, me: Option<&str>, current: u32) -> Vec<LaidFleet> {
    // Nearly every fleet has a known position (the list lives while the
    // layout is built).
    let mut fleets = Vec::with_capacity(knowledge.fleet_count());
    for fleet in knowledge.fleets() {
        let Some(world) = &fleet.world else { continue };
        let key = owner_key(me, fleet.owner.as_ref().map(|o| &o.value));
        let ships = fleet.total.as_ref().map(|t| t.value).or_else(|| {
            let vc = fleet.vc.as_ref()?.value;
            Some(vc.saturating_add(fleet.vt.as_ref().map_or(0, |v| v.value)))
        });
        fleets.push(LaidFleet {
            id: fleet.id,
            world: world.value,
            color: owner_color(knowledge, &key),
            owner: key,
            age: current.saturating_sub(fleet.last_seen),
            ships,
        });
    }
    fleets.sort_unstable_by(|a, b| (a.world, &a.owner, a.id).cmp(&(b.world, &b.owner, b.id)));
    fleets
}

/// The legend: one entry per owner with its worlds and fleets on the map, the
/// player first, then players by number of worlds, then neutral and unknown.
fn legend(knowledge: &Knowledge, counts: BTreeMap<OwnerKey, (usize, usize)>) -> Vec<LegendEntry> {
    let mut legend: Vec<LegendEntry> = counts
        .into_iter()
        .map(|(owner, (worlds, fleets))| LegendEntry {
            color: owner_color(knowledge, &owner),
            owner,
            worlds,
            fleets,
        })
        .collect();
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
    legend
}
