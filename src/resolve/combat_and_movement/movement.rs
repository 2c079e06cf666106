//! 14b, "Résolution des déplacements" (V.5, VII.1.5, VII.1.6, III.3): fleets that
//! still have ships after the fire move hop by hop, taking the ambushes of the
//! worlds they cross and falling into black holes; traces and arrivals are noted.

use std::collections::BTreeMap;

use rand::RngExt;

use crate::combat::{apply_fleet_losses as losses_of, resolve_ambush_route};
use crate::model::record::{Shooter, Trace};
use crate::model::view::FireMark;
use crate::model::{FleetId, PlayerId, WorldId};
use crate::resolve::{Cause, EventKind, Turn};

use super::fire::{apply_fleet_losses, fleet_target, gun};
use super::{MoveAct, Plan, ambushers_by_world};
use crate::resolve::kills::{Kill, credit, split};

pub(super) fn resolve(turn: &mut Turn<'_>, plan: &Plan) {
    if plan.moves.is_empty() {
        return;
    }
    let ambushers = ambushers_by_world(turn, plan);
    let mut landing: Option<Vec<WorldId>> = None;
    for act in &plan.moves {
        move_fleet(turn, plan, &ambushers, &mut landing, act);
    }
}

/// Moves one fleet along its checked route.
///
/// Ruling G-73 (VII.1.6): moves are resolved after every loss of the step; a fleet
/// left without ships is intercepted and stays where it is (its cargo went with its
/// ships), and a fleet emptied by an ambush stops on that world.
///
/// Ruling G-19 (VII.1.5): a fleet leaves a trace on every world it leaves — on its
/// start world toward its first hop (`{F_57 "Maxtor" vers M_48}`: the next hop, not
/// the destination), on each world it crosses from the previous hop toward the next
/// one (`du M_54 vers M_247`); an arrival notes the world it came from last.
fn move_fleet(
    turn: &mut Turn<'_>,
    plan: &Plan,
    ambushers: &BTreeMap<WorldId, Vec<FleetId>>,
    landing: &mut Option<Vec<WorldId>>,
    act: &MoveAct,
) {
    let fleet = act.fleet;
    let Some(f) = turn.galaxy.fleet(fleet) else {
        return;
    };
    if f.ships() == 0 {
        return;
    }
    let owner = f.owner;
    let start = f.world;
    let mut path = vec![start];
    let mut here = start;
    let mut came_from: Option<WorldId> = None;
    let mut ambushed_here = false;
    for (i, &hop) in act.route.iter().enumerate() {
        turn.record.traces.push(Trace {
            fleet,
            owner,
            world: here,
            from: came_from,
            to: hop,
            ambushed: ambushed_here,
        });
        ambushed_here = false;
        came_from = Some(here);
        here = hop;
        path.push(hop);
        if turn.galaxy.world(hop).is_some_and(|w| w.black_hole) {
            if let Some(to) = black_hole(turn, fleet, owner, hop, landing) {
                came_from = Some(hop);
                here = to;
                path.push(to);
            }
            break;
        }
        let crossing = i + 1 < act.route.len();
        if crossing {
            let (fired, emptied) = ambush(turn, plan, ambushers, fleet, owner, hop);
            ambushed_here = fired;
            if emptied {
                break;
            }
        }
    }
    if let Some(f) = turn.galaxy.fleets.get_mut(&fleet) {
        f.world = here;
    }
    if path.len() > 1 {
        turn.record
            .arrivals
            .insert(fleet, came_from.unwrap_or(start));
    }
    turn.scratch.moved.insert(fleet);
    turn.log(EventKind::Moved { fleet, path });
}

/// True when `player` declared `other` ally.
fn allied(turn: &Turn<'_>, player: PlayerId, other: PlayerId) -> bool {
    turn.galaxy
        .player(player)
        .is_some_and(|p| p.declarations.allies.contains(&other))
}

/// The ambushes on a fleet crossing `world`; returns (someone fired, the fleet is empty).
///
/// Ruling G-75 (VII.1.5): a moving fleet is ambushed by every group on the crossed
/// world — fleets at war with ships (VC and VT), the world's VI and VP, neutral ones
/// included — whose owner is not its owner, has not declared its owner ally, gave
/// neither `Z` nor `Z m` for that world, and that carried out no exclusive order this
/// turn; the mover's peace status does not matter.
///
/// Ruling G-76 (VII.3.6): a world's gift is exclusive for the world only (its VI and
/// VP may still fire); a fleet's gift is exclusive with its fire, move, robot attack
/// and bomb; a gift does not keep a fleet or a world's guards from ambushing (only
/// fire, moves, robot attacks and bomb drops of step 14 do).
fn ambush(
    turn: &mut Turn<'_>,
    plan: &Plan,
    ambushers: &BTreeMap<WorldId, Vec<FleetId>>,
    fleet: FleetId,
    mover: PlayerId,
    world: WorldId,
) -> (bool, bool) {
    let may_ambush = |turn: &Turn<'_>, owner: PlayerId, shooter: Shooter| {
        owner != mover
            && !allied(turn, owner, mover)
            && !turn.scratch.ambush_disabled(owner, world)
            && !plan.busy.contains(&shooter)
    };
    let mut shooters: Vec<Shooter> = Vec::new();
    for &f in ambushers.get(&world).map(Vec::as_slice).unwrap_or(&[]) {
        let Some(owner) = turn.galaxy.fleet(f).map(|f| f.owner) else {
            continue;
        };
        if may_ambush(turn, owner, Shooter::Fleet(f)) {
            shooters.push(Shooter::Fleet(f));
        }
    }
    if let Some(w) = turn.galaxy.world(world) {
        let owner = w.owner;
        if w.vi > 0 && may_ambush(turn, owner, Shooter::Vi(world)) {
            shooters.push(Shooter::Vi(world));
        }
        if w.vp > 0 && may_ambush(turn, owner, Shooter::Vp(world)) {
            shooters.push(Shooter::Vp(world));
        }
    }
    if shooters.is_empty() {
        return (false, false);
    }
    let mut guns = Vec::with_capacity(shooters.len());
    let mut owners = Vec::with_capacity(shooters.len());
    for &s in &shooters {
        if let Some((owner, g)) = gun(turn, s, &[mover]) {
            guns.push(g.ambush(turn.rules));
            owners.push((owner, s));
        }
    }
    let Some(target) = fleet_target(turn, fleet, false) else {
        return (false, false);
    };
    let outcome = resolve_ambush_route(&target, &[guns]);
    let Some(hop) = outcome.hops.first() else {
        return (false, false);
    };
    for ((_, shooter), detail) in owners.iter().zip(&hop.shots) {
        turn.record.fire.entry(*shooter).or_insert(FireMark::Ambush);
        turn.log(EventKind::Fired {
            shooter: *shooter,
            hits: u64::try_from(detail.hits.n).unwrap_or(u64::MAX),
        });
    }
    let missionary = turn.galaxy.fleet(fleet).and_then(|f| f.cargo.c_missionary);
    let (n, c, r) = apply_fleet_losses(turn, fleet, &hop.losses, Cause::Ambush);
    let weights: Vec<u64> = hop
        .shots
        .iter()
        .map(|d| match &d.effect {
            crate::combat::ShotEffect::Fleet { destroy, .. } => destroy.nd,
            _ => 0,
        })
        .collect();
    let ships = split(hop.losses.ships_lost(), &weights);
    let pops = split(n + c + r, &weights);
    let converts = split(c, &weights);
    for (i, (owner, _)) in owners.iter().enumerate() {
        let kill = Kill {
            ships: ships.get(i).copied().unwrap_or(0),
            populations: pops.get(i).copied().unwrap_or(0),
            industries: 0,
            converts: match missionary {
                Some(m) => vec![(m, converts.get(i).copied().unwrap_or(0))],
                None => Vec::new(),
            },
        };
        credit(turn, *owner, mover, Some(world), &kill);
    }
    (true, hop.losses.ships_left() == 0)
}

/// A fleet entering a black hole; returns the world it is thrown onto.
///
/// Ruling G-132 (III.3): a fleet entering a black hole loses a uniform random number
/// of ships between 0 and all of them (at most the ruleset's maximum percentage),
/// VC first, the cargo above the remaining capacity with them; it is then thrown onto
/// a world drawn uniformly among the worlds that are not black holes, the rest of its
/// route is cancelled, and its owner learns the black hole.
///
/// Ruling G-133 (III.3): a black hole met anywhere on a route, not only as its
/// destination, has this effect.
fn black_hole(
    turn: &mut Turn<'_>,
    fleet: FleetId,
    owner: PlayerId,
    hole: WorldId,
    landing: &mut Option<Vec<WorldId>>,
) -> Option<WorldId> {
    turn.record
        .black_holes_crossed
        .entry(owner)
        .or_default()
        .insert(hole);
    if let Some(target) = fleet_target(turn, fleet, false) {
        let ships = target.ships();
        let percent = u128::from(turn.rules.economy.black_hole_max_loss_percent.min(100));
        let max = u64::try_from(u128::from(ships) * percent / 100).unwrap_or(ships);
        let lost = turn.rng.random_range(0..=max);
        let losses = losses_of(&target, lost);
        apply_fleet_losses(turn, fleet, &losses, Cause::BlackHole);
    }
    let worlds = landing.get_or_insert_with(|| {
        turn.galaxy
            .worlds
            .values()
            .filter(|w| !w.black_hole)
            .map(|w| w.id)
            .collect()
    });
    if worlds.is_empty() {
        return None;
    }
    let index = turn.rng.random_range(0..worlds.len());
    worlds.get(index).copied()
}
