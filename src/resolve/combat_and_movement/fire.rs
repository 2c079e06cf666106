//! 14a, "Résolution des combats" (VII.1.1–VII.1.3): which conditional fires go off,
//! then every shot of the step, simultaneous, on the start-of-step counts.

use std::collections::{BTreeMap, BTreeSet};

use crate::combat::{
    Aim, FleetTarget, Shooter as Gun, Shot, ShotEffect, VolleyResult, WorldAim, WorldLosses,
    WorldTarget, resolve_volley,
};
use crate::model::record::Shooter;
use crate::model::view::FireMark;
use crate::model::{Class, FleetId, PlayerId, Tech, WorldId};
use crate::resolve::{Cause, EventKind, Holder, PeopleKind, Place, ShipKind};

use super::{FireAct, FireAim, Plan};
use crate::resolve::Turn;
use crate::resolve::kills::{Kill, credit, kill_people, split};

/// Which of `plan.fires` go off: every unconditional fire, and the conditional ones
/// whose target's owner attacks (fire or robot attack) the issuer or one of his
/// allies — the rulings G-69 and G-71 of [`crate::combat::sim::conditional::triggered`],
/// computed here as a worklist over (aggressor, victim) pairs so that thousands of
/// orders settle in linear time.
pub(super) fn settle(turn: &Turn<'_>, plan: &Plan) -> Vec<bool> {
    let mut fires: Vec<bool> = plan.fires.iter().map(|a| !a.conditional).collect();
    // Conditional orders waiting on each possible aggressor (the owners of their targets).
    let mut waiting: BTreeMap<PlayerId, Vec<usize>> = BTreeMap::new();
    for (i, act) in plan.fires.iter().enumerate() {
        if act.conditional {
            for &v in &act.victims {
                waiting.entry(v).or_default().push(i);
            }
        }
    }
    let mut known: BTreeSet<(PlayerId, PlayerId)> = BTreeSet::new();
    let mut work: Vec<(PlayerId, PlayerId)> = Vec::new();
    let mut push = |pair: (PlayerId, PlayerId), work: &mut Vec<(PlayerId, PlayerId)>| {
        if known.insert(pair) {
            work.push(pair);
        }
    };
    for act in plan.fires.iter().filter(|a| !a.conditional) {
        for &v in &act.victims {
            push((act.player, v), &mut work);
        }
    }
    for attack in &plan.robot_attacks {
        let owner = turn
            .galaxy
            .world(attack.world)
            .map(|w| w.owner)
            .unwrap_or_default();
        push((attack.player, owner), &mut work);
    }
    let allied = |issuer: PlayerId, other: PlayerId| {
        turn.galaxy
            .player(issuer)
            .is_some_and(|p| p.declarations.allies.contains(&other))
    };
    while let Some((aggressor, victim)) = work.pop() {
        let Some(list) = waiting.get(&aggressor) else {
            continue;
        };
        let mut triggered_now = Vec::new();
        for &i in list {
            let Some(act) = plan.fires.get(i) else {
                continue;
            };
            if !fires[i] && (victim == act.player || allied(act.player, victim)) {
                fires[i] = true;
                triggered_now.push(i);
            }
        }
        for i in triggered_now {
            if let Some(act) = plan.fires.get(i) {
                for &v in &act.victims {
                    push((act.player, v), &mut work);
                }
            }
        }
    }
    fires
}

/// The class (neutral: none, fires like an emperor) and a tech level of a player.
pub(super) fn class_and_level(turn: &Turn<'_>, player: PlayerId, tech: Tech) -> (Class, u32) {
    let level = turn.galaxy.player(player).map_or(1, |p| p.tech.level(tech));
    (turn.class_of(player), level)
}

/// True when `shooter_owner` is a missionary whose Jihad target is among `victims`
/// (G-77: +4 ATT against the designated target's owner).
pub(super) fn jihad_against(
    turn: &Turn<'_>,
    shooter_owner: PlayerId,
    victims: &[PlayerId],
) -> bool {
    turn.galaxy
        .player(shooter_owner)
        .and_then(|p| p.declarations.jihad)
        .is_some_and(|j| victims.contains(&j.target))
}

/// A fleet as a target: its owner's DEF and CAR, fleeing or not.
pub(super) fn fleet_target(turn: &Turn<'_>, fleet: FleetId, fleeing: bool) -> Option<FleetTarget> {
    let f = turn.galaxy.fleet(fleet)?;
    let (_, def) = class_and_level(turn, f.owner, Tech::Def);
    let (_, car) = class_and_level(turn, f.owner, Tech::Car);
    Some(FleetTarget::new(turn.rules, def, car, f.vc, f.vt, &f.cargo).with_fleeing(fleeing))
}

/// The guns of a shooter (its owner's CAtt, with the Jihad bonus against `victims`).
pub(super) fn gun(
    turn: &Turn<'_>,
    shooter: Shooter,
    victims: &[PlayerId],
) -> Option<(PlayerId, Gun)> {
    let (owner, vc, vt) = match shooter {
        Shooter::Fleet(f) => {
            let f = turn.galaxy.fleet(f)?;
            (f.owner, f.vc, f.vt)
        }
        Shooter::Vi(w) => {
            let w = turn.galaxy.world(w)?;
            (w.owner, w.vi, 0)
        }
        Shooter::Vp(w) => {
            let w = turn.galaxy.world(w)?;
            (w.owner, w.vp, 0)
        }
    };
    let (class, att) = class_and_level(turn, owner, Tech::Att);
    let jihad = jihad_against(turn, owner, victims);
    Some((owner, Gun::fleet(turn.rules, class, att, jihad, vc, vt)))
}

fn mark_of(aim: FireAim) -> FireMark {
    match aim {
        FireAim::Fleet(g) => FireMark::Fleet(g),
        FireAim::World(WorldAim::Protection) => FireMark::Protections,
        FireAim::World(WorldAim::Population) => FireMark::Population,
        FireAim::World(WorldAim::Industries) => FireMark::Industries,
        FireAim::World(WorldAim::NonConverts) => FireMark::NonConverts,
        FireAim::World(WorldAim::Converts) => FireMark::Converts,
    }
}

/// Removes a fleet's losses (ships, then the cargo above the remaining capacity)
/// through the ledger; returns the people lost per kind `(N, C, R)`.
pub(super) fn apply_fleet_losses(
    turn: &mut Turn<'_>,
    fleet: FleetId,
    losses: &crate::combat::FleetLosses,
    cause: Cause,
) -> (u64, u64, u64) {
    let holder = Holder::Fleet(fleet);
    let place = Place::Fleet(fleet);
    let missionary = turn
        .galaxy
        .fleet(fleet)
        .and_then(|f| f.cargo.c_missionary)
        .unwrap_or_default();
    let neg = |n: u64| -i64::try_from(n).unwrap_or(i64::MAX);
    turn.change_ships(holder, ShipKind::Vc, neg(u64::from(losses.vc_lost)), cause);
    turn.change_ships(holder, ShipKind::Vt, neg(u64::from(losses.vt_lost)), cause);
    let [mp, n, c, r] = losses.cargo_lost;
    turn.change_mp(place, neg(mp), cause);
    turn.change_people(place, PeopleKind::N, neg(n), cause);
    turn.change_people(place, PeopleKind::C(missionary), neg(c), cause);
    turn.change_people(place, PeopleKind::R, neg(r), cause);
    (n, c, r)
}

/// Applies every shot that goes off; returns the VC each fleet lost (robot attacks
/// lose the VC meant to become robots first, VI.5.1).
///
/// Ruling G-138 (VII.1.2): what a target loses is credited to its shooters pro rata
/// of each shot's own `Nd` (or own losses per layer on a world); robots' kills go to
/// their owner, a bomb's to the bomber; overpopulation, pillage and black holes
/// credit nobody.
pub(super) fn resolve(turn: &mut Turn<'_>, plan: &Plan, firing: &[bool]) -> BTreeMap<FleetId, u64> {
    let mut by_world: BTreeMap<WorldId, Vec<&FireAct>> = BTreeMap::new();
    for (act, &fires) in plan.fires.iter().zip(firing) {
        if fires {
            by_world.entry(act.world).or_default().push(act);
        }
    }
    let mut vc_destroyed = BTreeMap::new();
    for (world, acts) in by_world {
        fire_on_world(turn, world, &acts, &mut vc_destroyed);
    }
    vc_destroyed
}

/// The shots of one world's step, aimed: the fleets fired on (in the volley's
/// order, with their owners) and each shot with its shooter's owner and order.
struct Aimed<'p> {
    fleet_ids: Vec<FleetId>,
    fleet_owners: Vec<PlayerId>,
    fleet_targets: Vec<FleetTarget>,
    shots: Vec<Shot>,
    shooters: Vec<(PlayerId, &'p FireAct)>,
}

/// Every shot of the step on `world`: the volley, the protection ships destroyed
/// first (phase 1), then fleets, populations and industries (phase 2), and each
/// shooter credited with its share.
fn fire_on_world(
    turn: &mut Turn<'_>,
    world: WorldId,
    acts: &[&FireAct],
    vc_destroyed: &mut BTreeMap<FleetId, u64>,
) {
    let Some((world_target, world_owner, missionaries)) = world_as_target(turn, world) else {
        return;
    };
    let aimed = aim(turn, acts);
    let volley = resolve_volley(
        &aimed.fleet_targets,
        std::slice::from_ref(&world_target),
        &aimed.shots,
    );
    for (detail, (_, act)) in volley.shots.iter().zip(&aimed.shooters) {
        turn.record.fire.insert(act.shooter, mark_of(act.aim));
        turn.log(EventKind::Fired {
            shooter: act.shooter,
            hits: u64::try_from(detail.hits.n).unwrap_or(u64::MAX),
        });
    }

    // Phase 1: the protection ships.
    let Some(world_losses) = volley.worlds.first().cloned() else {
        return;
    };
    let neg = |n: u64| -i64::try_from(n).unwrap_or(i64::MAX);
    turn.change_ships(
        Holder::Vi(world),
        ShipKind::Guard,
        neg(world_losses.vi),
        Cause::Fire,
    );
    turn.change_ships(
        Holder::Vp(world),
        ShipKind::Guard,
        neg(world_losses.vp),
        Cause::Fire,
    );

    // Phase 2: fleets, populations, industries.
    let carried_faith: Vec<Option<PlayerId>> = aimed
        .fleet_ids
        .iter()
        .map(|&f| turn.galaxy.fleet(f).and_then(|f| f.cargo.c_missionary))
        .collect();
    let mut fleet_people: Vec<(u64, u64, u64)> = Vec::with_capacity(aimed.fleet_ids.len());
    for (i, &fleet) in aimed.fleet_ids.iter().enumerate() {
        let Some(losses) = volley.fleets.get(i) else {
            fleet_people.push((0, 0, 0));
            continue;
        };
        vc_destroyed.insert(fleet, u64::from(losses.vc_lost));
        fleet_people.push(apply_fleet_losses(turn, fleet, losses, Cause::Fire));
    }
    let converts_lost: Vec<(PlayerId, u64)> = missionaries
        .iter()
        .copied()
        .zip(world_losses.converts.iter().copied())
        .collect();
    kill_people(
        turn,
        world,
        world_losses.non_converts,
        &converts_lost,
        world_losses.robots,
        Cause::Fire,
    );
    turn.change_industries(world, neg(world_losses.industries), Cause::Fire);

    // Credit: per shot, its share of each target's losses.
    let mut kills: Vec<Kill> = vec![Kill::default(); aimed.shooters.len()];
    let mut victims: Vec<PlayerId> = vec![world_owner; aimed.shooters.len()];
    credit_fleet_losses(
        &aimed,
        &volley,
        &fleet_people,
        &carried_faith,
        &mut kills,
        &mut victims,
    );
    credit_world_losses(&volley, &world_losses, &missionaries, &mut kills);
    for (i, (killer, _)) in aimed.shooters.iter().enumerate() {
        credit(turn, *killer, victims[i], Some(world), &kills[i]);
    }
}

/// The world as a target at the start of the step (its owner's DEF), with its
/// owner and the missionaries of its converts (in the target's order).
fn world_as_target(
    turn: &Turn<'_>,
    world: WorldId,
) -> Option<(WorldTarget, PlayerId, Vec<PlayerId>)> {
    let w = turn.galaxy.world(world)?;
    let missionaries: Vec<PlayerId> = w.population.converts.keys().copied().collect();
    let (_, owner_def) = class_and_level(turn, w.owner, Tech::Def);
    let mut target = WorldTarget::new(turn.rules, owner_def);
    target.vi = w.vi;
    target.vp = w.vp;
    target.non_converts = u64::from(w.population.non_converts);
    target.converts = w
        .population
        .converts
        .values()
        .map(|&c| u64::from(c))
        .collect();
    target.robots = u64::from(w.population.robots);
    target.industries = u64::from(w.industries);
    Some((target, w.owner, missionaries))
}

/// Each act's guns and aim; a fleet fired on becomes a target of the volley once
/// (fleeing or not). An act whose shooter or target fleet is gone is left out.
fn aim<'p>(turn: &Turn<'_>, acts: &[&'p FireAct]) -> Aimed<'p> {
    let mut aimed = Aimed {
        fleet_ids: Vec::new(),
        fleet_owners: Vec::new(),
        fleet_targets: Vec::new(),
        shots: Vec::new(),
        shooters: Vec::new(),
    };
    for &act in acts {
        let Some((owner, gun)) = gun(turn, act.shooter, &act.victims) else {
            continue;
        };
        let aim = match act.aim {
            FireAim::Fleet(g) => {
                let index = match aimed.fleet_ids.iter().position(|&id| id == g) {
                    Some(i) => i,
                    None => {
                        let fleeing = turn.scratch.fleeing.contains(&g);
                        let Some(target) = fleet_target(turn, g, fleeing) else {
                            continue;
                        };
                        aimed.fleet_ids.push(g);
                        aimed
                            .fleet_owners
                            .push(turn.galaxy.fleet(g).map(|f| f.owner).unwrap_or_default());
                        aimed.fleet_targets.push(target);
                        aimed.fleet_ids.len() - 1
                    }
                };
                Aim::Fleet(index)
            }
            FireAim::World(aim) => Aim::World(0, aim),
        };
        aimed.shots.push(Shot { shooter: gun, aim });
        aimed.shooters.push((owner, act));
    }
    aimed
}

/// Credits each fleet's losses (ships, populations, converts) to the shots on it,
/// pro rata of their `Nd`; the fleet's owner becomes those shots' victim.
fn credit_fleet_losses(
    aimed: &Aimed<'_>,
    volley: &VolleyResult,
    fleet_people: &[(u64, u64, u64)],
    carried_faith: &[Option<PlayerId>],
    kills: &mut [Kill],
    victims: &mut [PlayerId],
) {
    for j in 0..aimed.fleet_ids.len() {
        let weights: Vec<u64> = volley
            .shots
            .iter()
            .zip(&aimed.shots)
            .map(|(detail, shot)| match (&detail.effect, shot.aim) {
                (ShotEffect::Fleet { destroy, .. }, Aim::Fleet(k)) if k == j => destroy.nd,
                _ => 0,
            })
            .collect();
        let Some(losses) = volley.fleets.get(j) else {
            continue;
        };
        let (n, c, r) = fleet_people.get(j).copied().unwrap_or_default();
        let missionary = carried_faith.get(j).copied().flatten();
        let ships = split(losses.ships_lost(), &weights);
        let pops = split(n + c + r, &weights);
        let converts = split(c, &weights);
        for (i, w) in weights.iter().enumerate() {
            if *w == 0 {
                continue;
            }
            kills[i].ships += ships[i];
            kills[i].populations += pops[i];
            if let Some(m) = missionary
                && converts[i] > 0
            {
                kills[i].converts.push((m, converts[i]));
            }
            victims[i] = aimed.fleet_owners.get(j).copied().unwrap_or_default();
        }
    }
}

/// Credits the world's losses to the shots on it, pro rata of each shot's own
/// losses per layer (protections, non-converts, robots, industries, converts of
/// each missionary).
fn credit_world_losses(
    volley: &VolleyResult,
    world_losses: &WorldLosses,
    missionaries: &[PlayerId],
    kills: &mut [Kill],
) {
    let raw: Vec<Option<&WorldLosses>> = volley
        .shots
        .iter()
        .map(|d| match &d.effect {
            ShotEffect::World(ws) => Some(&ws.losses),
            _ => None,
        })
        .collect();
    if !raw.iter().any(Option::is_some) {
        return;
    }
    let weights_of = |f: &dyn Fn(&WorldLosses) -> u64| -> Vec<u64> {
        raw.iter().map(|l| l.map_or(0, f)).collect()
    };
    let ships = split(
        world_losses.vi + world_losses.vp,
        &weights_of(&|l| l.vi + l.vp),
    );
    let n = split(world_losses.non_converts, &weights_of(&|l| l.non_converts));
    let r = split(world_losses.robots, &weights_of(&|l| l.robots));
    let industries = split(world_losses.industries, &weights_of(&|l| l.industries));
    let converts: Vec<Vec<u64>> = world_losses
        .converts
        .iter()
        .enumerate()
        .map(|(k, &lost)| {
            split(
                lost,
                &weights_of(&|l| l.converts.get(k).copied().unwrap_or(0)),
            )
        })
        .collect();
    for (i, l) in raw.iter().enumerate() {
        if l.is_none() {
            continue;
        }
        kills[i].ships += ships[i];
        kills[i].industries += industries[i];
        kills[i].populations += n[i] + r[i];
        for (k, m) in missionaries.iter().enumerate() {
            let lost = converts.get(k).and_then(|v| v.get(i)).copied().unwrap_or(0);
            if lost > 0 {
                kills[i].populations += lost;
                kills[i].converts.push((*m, lost));
            }
        }
    }
}
