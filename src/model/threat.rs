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
use super::view::DeclarationKind;

/// A fleet that could reach one of the player's worlds next turn: each fleet
/// once, with the nearest of his worlds it could reach.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Threat {
    /// The nearest of the player's worlds it could reach.
    pub world: WorldId,
    pub fleet: FleetId,
    /// Its owner's name, as last seen.
    pub owner: String,
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
        && let Some(declarations) = &facts.declarations
    {
        friends.extend(
            declarations
                .made
                .iter()
                .filter(|d| d.kind == DeclarationKind::Ally)
                .map(|d| d.player.name.as_str()),
        );
    }
    let graph = known_graph(knowledge);
    // One search from all his worlds at once: for every world within the
    // highest reach, how far the nearest of his worlds is, and which (time and
    // memory in proportion to the galaxy known, whatever the number of fleets).
    let farthest = known_dep
        .values()
        .copied()
        .chain([max_dep])
        .max()
        .unwrap_or(max_dep);
    let nearest = nearest_mine(&graph, &mine, farthest);
    let mut found = Vec::new();
    for fleet in knowledge.fleets() {
        let (Some(owner), Some(from)) = (&fleet.owner, &fleet.world) else {
            // Without owner: a neutral fleet, which never moves.
            continue;
        };
        let owner = owner.value.as_str();
        if owner == me || friends.contains(owner) {
            continue;
        }
        // An empty fleet cannot move.
        let ships = fleet.total.as_ref().map(|t| t.value);
        if ships == Some(0) {
            continue;
        }
        let (reach, reach_known) = match known_dep.get(owner) {
            Some(dep) => (*dep, true),
            None => (max_dep, false),
        };
        // On one of his worlds already (0 steps): it may fire there next turn.
        if let Some(&(steps, world)) = nearest.get(&from.value)
            && steps <= reach
        {
            found.push(Threat {
                world,
                fleet: fleet.id,
                owner: owner.to_string(),
                from: from.value,
                seen: from.turn,
                ships,
                steps,
                reach,
                reach_known,
            });
        }
    }
    found.sort_by_key(|t| (t.world, t.steps, t.fleet));
    found
}

/// For every world within `reach` known connections of one of `mine`: the
/// distance to the nearest, and that world (one of equally near ones, always
/// the same).
fn nearest_mine(
    graph: &BTreeMap<WorldId, BTreeSet<WorldId>>,
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
        for next in graph.get(&world).into_iter().flatten() {
            if !nearest.contains_key(next) {
                nearest.insert(*next, (d + 1, source));
                queue.push_back(*next);
            }
        }
    }
    nearest
}

/// Every connection the player knows (his reports' and his allies'), both
/// ways (a world in another's list is connected to it), black holes left out.
fn known_graph(knowledge: &Knowledge) -> BTreeMap<WorldId, BTreeSet<WorldId>> {
    let mut graph: BTreeMap<WorldId, BTreeSet<WorldId>> = BTreeMap::new();
    for world in knowledge.worlds() {
        let Some(connections) = &world.connections else {
            continue;
        };
        // A black hole swallows a fleet: no route goes through it.
        for c in connections.value.iter().filter(|c| !c.black_hole) {
            graph.entry(world.id).or_default().insert(c.world);
            graph.entry(c.world).or_default().insert(world.id);
        }
    }
    graph
}
