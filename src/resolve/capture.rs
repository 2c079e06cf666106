//! Step 15c, "Captures" (VII.4, VIII step 17): world by world, with the fleets at
//! their destination, who owns each world and each empty fleet.

use std::collections::{BTreeMap, BTreeSet};

use crate::model::view::{FleetEvent, WorldEvent};
use crate::model::{FleetId, PlayerId, WorldId};

use super::Turn;

/// Gives `world` to `captor` with its protections (VI and VP belong to the world's
/// owner): the owner changes, the `!` marker is set, later steps are told, and the
/// first captor is noted (corruption, VI.4.1); the end of turn restarts the counters
/// (G-40).
pub(super) fn capture_world(turn: &mut Turn<'_>, world: WorldId, captor: PlayerId) {
    let Some(w) = turn.galaxy.worlds.get_mut(&world) else {
        return;
    };
    if w.owner == captor {
        return;
    }
    if !captor.is_neutral() && w.first_captor.is_none() {
        w.first_captor = Some(captor);
    }
    turn.set_world_owner(world, captor);
    if captor.is_neutral() {
        turn.record.world_events.remove(&world);
        turn.scratch.captured.remove(&world);
    } else {
        turn.record.world_events.insert(world, WorldEvent::Captured);
        turn.scratch.captured.insert(world, captor);
    }
}

/// True when `player` declared `other` ally.
fn allied(turn: &Turn<'_>, player: PlayerId, other: PlayerId) -> bool {
    turn.galaxy
        .player(player)
        .is_some_and(|p| p.declarations.allies.contains(&other))
}

pub(super) fn run(turn: &mut Turn<'_>) {
    let mut fleets_by_world: BTreeMap<WorldId, Vec<FleetId>> = BTreeMap::new();
    for f in turn.galaxy.fleets.values() {
        fleets_by_world.entry(f.world).or_default().push(f.id);
    }
    let worlds: Vec<WorldId> = turn.galaxy.worlds.keys().copied().collect();
    let empty: Vec<FleetId> = Vec::new();
    for world in worlds {
        let fleets = fleets_by_world.get(&world).unwrap_or(&empty);
        decide_world(turn, world, fleets);
        decide_empty_fleets(turn, world, fleets);
    }
}

/// Players with at least one ship (VC or VT) on a fleet at war on the world (a
/// neutral fleet is always at war, VII.2).
fn war_fleet_owners(turn: &Turn<'_>, fleets: &[FleetId]) -> BTreeSet<PlayerId> {
    fleets
        .iter()
        .filter_map(|&f| turn.galaxy.fleet(f))
        .filter(|f| (!f.at_peace || f.owner.is_neutral()) && f.ships() > 0)
        .map(|f| f.owner)
        .collect()
}

/// Who owns the world after the turn's fights.
///
/// Ruling G-92 (VII.4): with W the players having at least one VC or VT on a fleet
/// at war on the world (the neutral player included): a world without population
/// nor robots becomes neutral; else a protected world (VI + VP > 0) keeps its owner;
/// else nobody in W changes nothing; else a single X captures it unless X owns it or
/// declared its owner ally; else (two or more) it stays with its owner if he is in W
/// and becomes neutral otherwise. An entirely converted world of a missionary and a
/// world with robots cannot be taken by ships (VII.4).
///
/// Ruling G-93 (VII.4): VI and VP protect a world but do not count in W.
///
/// Ruling G-95 (VII.4): a world left without population nor robots becomes neutral
/// with its VI and VP, which become neutral ships.
fn decide_world(turn: &mut Turn<'_>, world: WorldId, fleets: &[FleetId]) {
    let Some(w) = turn.galaxy.world(world) else {
        return;
    };
    let owner = w.owner;
    let population = &w.population;
    if population.total() == 0 {
        if !owner.is_neutral() {
            capture_world(turn, world, PlayerId::NEUTRAL);
        }
        return;
    }
    let entirely_converted_by_owner = population.non_converts == 0
        && population.robots == 0
        && population.converts.len() == 1
        && population.converts.contains_key(&owner);
    if w.vi > 0 || w.vp > 0 || population.robots > 0 || entirely_converted_by_owner {
        return;
    }
    let present = war_fleet_owners(turn, fleets);
    let mut iter = present.iter();
    match (iter.next(), iter.next()) {
        (None, _) => {}
        (Some(&x), None) => {
            if x != owner && !allied(turn, x, owner) {
                capture_world(turn, world, x);
            }
        }
        (Some(_), Some(_)) => {
            if !present.contains(&owner) {
                capture_world(turn, world, PlayerId::NEUTRAL);
            }
        }
    }
}

/// Who owns each empty fleet on the world.
///
/// Ruling G-94 (VII.4): with W' the players having war ships on the world (ships of
/// fleets at war, and the owner's VI and VP): an empty fleet stays with its owner if
/// he is in W'; otherwise it goes to X if W' = {X} and X has not declared its owner
/// ally; otherwise it becomes neutral (and at war).
fn decide_empty_fleets(turn: &mut Turn<'_>, world: WorldId, fleets: &[FleetId]) {
    let empties: Vec<FleetId> = fleets
        .iter()
        .copied()
        .filter(|&f| turn.galaxy.fleet(f).is_some_and(|f| f.ships() == 0))
        .collect();
    if empties.is_empty() {
        return;
    }
    let mut present = war_fleet_owners(turn, fleets);
    if let Some(w) = turn.galaxy.world(world)
        && (w.vi > 0 || w.vp > 0)
    {
        present.insert(w.owner);
    }
    for fleet in empties {
        let Some(owner) = turn.galaxy.fleet(fleet).map(|f| f.owner) else {
            continue;
        };
        if present.contains(&owner) {
            continue;
        }
        let mut iter = present.iter();
        let to = match (iter.next(), iter.next()) {
            (Some(&x), None) if !allied(turn, x, owner) => x,
            _ => PlayerId::NEUTRAL,
        };
        if to == owner {
            continue;
        }
        turn.set_fleet_owner(fleet, to);
        if to.is_neutral() {
            if let Some(f) = turn.galaxy.fleets.get_mut(&fleet) {
                f.at_peace = false;
            }
        } else {
            turn.record.fleet_events.insert(fleet, FleetEvent::Captured);
        }
    }
}
