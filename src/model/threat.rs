//! The threat next turn: for each of the player's worlds, the fleets of other
//! players (not his allies) that could reach it at the next movement, from what
//! he knows only — each fleet's last-seen world and strength, the connections
//! his reports (and his allies') showed, and a reach in worlds: its owner's DEP
//! when known, else the highest the rules allow. Nothing of the galaxy as it
//! is: a connection never seen is not crossed, a fleet never seen is not there.

use std::collections::{BTreeMap, BTreeSet, VecDeque};

use serde::Serialize;

use super::ids::{FleetId, WorldId};
use super::knowledge::Knowledge;
use super::view::{Connection, DeclarationKind, DeclarationsView, Name, Names};

/// A fleet that could reach one of the player's worlds next turn: each fleet
/// once, with the nearest of his worlds it could reach.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Threat {
    /// The nearest of the player's worlds it could reach.
    pub world: WorldId,
    pub fleet: FleetId,
    /// Its owner's name, as last seen.
    pub owner: Name,
    /// Where it was last seen, and on which turn.
    pub from: WorldId,
    pub seen: u32,
    /// Its ships as last seen (VC + VT), when known.
    pub ships: Option<u32>,
    /// Known connections crossed: its shortest route to the world.
    pub steps: u32,
    /// How far it may go in one turn (worlds), and whether that is its owner's
    /// known DEP (else the rules' highest).
    pub reach: u32,
    pub reach_known: bool,
}

/// The threats to the player's worlds next turn, by world then steps then
/// fleet. `max_dep`: the highest DEP the rules allow (the reach of a fleet
/// whose owner's DEP is unknown); `known_dep`: the DEP of players whose level
/// the player knows, by name.
pub fn threats(
    knowledge: &Knowledge,
    max_dep: u32,
    known_dep: &BTreeMap<String, u32>,
) -> Vec<Threat> {
    let Some(me) = knowledge.player.as_ref().map(|p| p.name.as_str()) else {
        return Vec::new();
    };
    let mine: BTreeSet<WorldId> = knowledge
        .worlds()
        .filter(|w| w.owner_name() == Some(Some(me)))
        .map(|w| w.id)
        .collect();
    if mine.is_empty() {
        return Vec::new();
    }
    // Friends: the allies whose reports he added, and those he declared allies
    // in his latest report.
    let mut friends: BTreeSet<&str> = knowledge.allies().iter().map(String::as_str).collect();
    if let Some(facts) = knowledge
        .latest_turn()
        .and_then(|turn| knowledge.facts_at(turn))
    {
        friends.extend(declared_allies(facts.declarations.as_ref()));
    }
    let graph = Graph::new(knowledge.worlds().filter_map(|world| {
        let connections = world.connections.as_ref()?;
        Some((world.id, connections.value.as_slice()))
    }));
    let fleets = knowledge.fleets().filter_map(|fleet| {
        let (owner, from) = (fleet.owner.as_ref()?, fleet.world.as_ref()?);
        Some(Sighting {
            fleet: fleet.id,
            owner: owner.value.clone(),
            from: from.value,
            seen: from.turn,
            ships: fleet.total.as_ref().map(|t| t.value),
        })
    });
    threats_of(
        Known {
            me,
            mine: &mine,
            friends: &friends,
            graph: &graph,
        },
        fleets,
        max_dep,
        known_dep,
    )
}

/// [`threats`] of the knowledge made of this one report alone, read from the
/// report itself (the same threats: a test compares them): for a report too
/// big to be held twice. Its worlds' owners, connections and fleets come as
/// the report lists them; `turn` is the report's (none: no threat, as the
/// knowledge refuses a report without a turn).
pub fn threats_of_report<'a>(
    report: ReportSightings<'a>,
    max_dep: u32,
    known_dep: &BTreeMap<String, u32>,
) -> Vec<Threat> {
    let (Some(me), Some(turn)) = (report.me, report.turn) else {
        return Vec::new();
    };
    let mine: BTreeSet<WorldId> = report
        .owners
        .iter()
        .filter(|(_, owner)| *owner == me)
        .map(|(world, _)| *world)
        .collect();
    if mine.is_empty() {
        return Vec::new();
    }
    let friends: BTreeSet<&str> = declared_allies(report.declarations).collect();
    let graph = Graph::from_edges(report.edges);
    let fleets = report
        .fleets
        .iter()
        .map(|&(fleet, owner, from, ships)| Sighting {
            fleet,
            owner,
            from,
            seen: turn,
            ships,
        });
    threats_of(
        Known {
            me,
            mine: &mine,
            friends: &friends,
            graph: &graph,
        },
        fleets,
        max_dep,
        known_dep,
    )
}

/// What [`threats_of_report`] needs of one report, gathered as it is read.
#[derive(Debug, Default)]
pub struct ReportSightings<'a> {
    /// The report's player.
    pub me: Option<&'a str>,
    pub turn: Option<u32>,
    pub declarations: Option<&'a DeclarationsView>,
    /// Each owned world's owner (neutral worlds left out).
    pub owners: Vec<(WorldId, &'a str)>,
    /// Each world's connections that are no black hole (`Graph::edges_of`).
    pub edges: Vec<(WorldId, WorldId)>,
    /// Each fleet with an owner and a world: (fleet, owner, world, ships).
    pub fleets: Vec<(FleetId, &'a str, WorldId, Option<u32>)>,
}

/// The players the player declared his allies.
fn declared_allies(declarations: Option<&DeclarationsView>) -> impl Iterator<Item = &str> {
    declarations
        .into_iter()
        .flat_map(|d| &d.made)
        .filter(|d| d.kind == DeclarationKind::Ally)
        .map(|d| d.player.name.as_str())
}

/// What the player knows that the threats are measured against.
struct Known<'k> {
    me: &'k str,
    mine: &'k BTreeSet<WorldId>,
    friends: &'k BTreeSet<&'k str>,
    graph: &'k Graph,
}

/// A fleet as last seen.
/// `S`: the owner's name, borrowed from a report or shared from the knowledge.
struct Sighting<S> {
    fleet: FleetId,
    owner: S,
    from: WorldId,
    seen: u32,
    ships: Option<u32>,
}

/// The threats from what is known and the fleets seen.
fn threats_of<'k>(
    known: Known<'k>,
    fleets: impl Iterator<Item = Sighting<impl AsRef<str>>>,
    max_dep: u32,
    known_dep: &BTreeMap<String, u32>,
) -> Vec<Threat> {
    // One search from all his worlds at once: for every world within the
    // highest reach, how far the nearest of his worlds is, and which (time and
    // memory in proportion to the galaxy known, whatever the number of fleets).
    let farthest = known_dep
        .values()
        .copied()
        .chain([max_dep])
        .max()
        .unwrap_or(max_dep);
    let nearest = nearest_mine(known.graph, known.mine, farthest);
    let mut found = Vec::new();
    let mut names = Names::default();
    for fleet in fleets {
        // A fleet without owner (neutral, which never moves) or without world
        // is not a sighting.
        let owner: &str = fleet.owner.as_ref();
        if owner == known.me || known.friends.contains(owner) {
            continue;
        }
        // An empty fleet cannot move.
        if fleet.ships == Some(0) {
            continue;
        }
        let (reach, reach_known) = match known_dep.get(owner) {
            Some(dep) => (*dep, true),
            None => (max_dep, false),
        };
        // On one of his worlds already (0 steps): it may fire there next turn.
        if let Some(&(steps, world)) = nearest.get(&fleet.from)
            && steps <= reach
        {
            found.push(Threat {
                world,
                fleet: fleet.fleet,
                owner: names.get(owner),
                from: fleet.from,
                seen: fleet.seen,
                ships: fleet.ships,
                steps,
                reach,
                reach_known,
            });
        }
    }
    found.sort_by_key(|t| (t.world, t.steps, t.fleet));
    found.shrink_to_fit();
    found
}

/// For every world within `reach` known connections of one of `mine`: the
/// distance to the nearest, and that world (one of equally near ones, always
/// the same).
fn nearest_mine(
    graph: &Graph,
    mine: &BTreeSet<WorldId>,
    reach: u32,
) -> BTreeMap<WorldId, (u32, WorldId)> {
    let mut nearest: BTreeMap<WorldId, (u32, WorldId)> =
        mine.iter().map(|w| (*w, (0, *w))).collect();
    let mut queue: VecDeque<WorldId> = mine.iter().copied().collect();
    while let Some(world) = queue.pop_front() {
        let Some(&(d, source)) = nearest.get(&world) else {
            continue;
        };
        if d >= reach {
            continue;
        }
        for next in graph.neighbours(world) {
            if let std::collections::btree_map::Entry::Vacant(entry) = nearest.entry(next) {
                entry.insert((d + 1, source));
                queue.push_back(next);
            }
        }
    }
    nearest
}

/// Every connection the player knows (his reports' and his allies'), both
/// ways (a world in another's list is connected to it), black holes left out
/// (a black hole swallows a fleet: no route goes through it). One sorted list
/// of pairs: eight bytes a connection, however big the galaxy.
#[derive(Debug, Default)]
pub struct Graph {
    /// (world, neighbour), both ways, sorted, without duplicates.
    edges: Vec<(WorldId, WorldId)>,
}

impl Graph {
    /// From each world's connection list.
    fn new<'c>(worlds: impl Iterator<Item = (WorldId, &'c [Connection])>) -> Graph {
        let mut edges = Vec::new();
        for (world, connections) in worlds {
            edges.extend(Graph::edges_of(world, connections));
        }
        Graph::from_edges(edges)
    }

    /// The connections of one world's list that a fleet can cross, one way
    /// (the graph adds the other).
    pub fn edges_of(
        world: WorldId,
        connections: &[Connection],
    ) -> impl Iterator<Item = (WorldId, WorldId)> + '_ {
        connections
            .iter()
            .filter(|c| !c.black_hole)
            .map(move |c| (world, c.world))
    }

    /// From connections one way.
    fn from_edges(mut edges: Vec<(WorldId, WorldId)>) -> Graph {
        let one_way = edges.len();
        edges.reserve(one_way);
        for i in 0..one_way {
            let (a, b) = edges[i];
            edges.push((b, a));
        }
        edges.sort_unstable();
        edges.dedup();
        edges.shrink_to_fit();
        Graph { edges }
    }

    /// The worlds connected to `world`, in increasing order.
    fn neighbours(&self, world: WorldId) -> impl Iterator<Item = WorldId> + '_ {
        let start = self.edges.partition_point(|&(a, _)| a < world);
        self.edges[start..]
            .iter()
            .take_while(move |&&(a, _)| a == world)
            .map(|&(_, b)| b)
    }
}
