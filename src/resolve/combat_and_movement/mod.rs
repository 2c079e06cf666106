//! Step 14, "Combats et déplacements" (VII.1, VIII.1 weight 14 and sub-phases
//! 14a–14c): fire, conditional fire, robot attacks, bomb drops and moves.
//!
//! "Pour chaque flotte et chaque monde effectuant un acte de combat … ou un
//! déplacement on le note ainsi que les dégâts potentiels (si le tir a lieu, sans
//! tenir compte du nombre de vaisseaux restant à la cible)": every act is read first,
//! checked against the galaxy as it stands when the step starts, then
//!
//! 1. conditional fire is settled ([`fire::settle`], G-69, G-71);
//! 2. every shot is computed on the start-of-step counts and its losses applied,
//!    protection ships first ("phase 1"), the rest after ("phase 2") ([`fire`]);
//! 3. bombs are dropped, even by fleets emptied by the fire ([`bomb`]);
//! 4. fleets that still have ships move, taking ambushes on the worlds they cross
//!    and falling into black holes ([`movement`]);
//! 5. the robots that were dropped fight the populations and each other, and may
//!    capture the world ([`robots`]).
//!
//! Ruling G-143 (VIII.1): step 14 runs in this order — collect every act on the
//! start-of-step counts, settle conditional fire, remove the protection ships hit,
//! apply every other loss, drop the bombs, move the fleets (flight, ambush, black
//! holes), then resolve the robot attacks and the captures they cause.

mod bomb;
mod fire;
mod movement;
mod robots;

use std::collections::{BTreeMap, BTreeSet};

use crate::model::record::Shooter;
use crate::model::{FleetId, PlayerId, Tech, World, WorldId};
use crate::orders::OrderKind;
use crate::orders::ast::{Fire, FleetTarget, VpTarget};

use super::{Refusal, Step, Turn, fleet_not_owned};

/// What a fire order aims at.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum FireAim {
    Fleet(FleetId),
    World(crate::combat::WorldAim),
}

/// A fire order that can be carried out.
#[derive(Clone, Debug)]
pub(super) struct FireAct {
    pub player: PlayerId,
    pub conditional: bool,
    pub shooter: Shooter,
    /// The world where the shooter and its target are.
    pub world: WorldId,
    pub aim: FireAim,
    /// The owners of the designated target (G-70): the fleet's owner, the world
    /// owner for `M`, `P`, `I`, the converts' missionaries for `VP * C`, nobody for
    /// `VP * N`.
    pub victims: Vec<PlayerId>,
}

/// A move that can be carried out (route checked, G-11, G-12, DEP).
#[derive(Clone, Debug)]
pub(super) struct MoveAct {
    pub fleet: FleetId,
    pub route: Vec<WorldId>,
}

/// A bomb drop that can be carried out.
#[derive(Clone, Debug)]
pub(super) struct BombAct {
    pub player: PlayerId,
    pub fleet: FleetId,
    pub world: WorldId,
}

/// A robot attack that can be carried out: `vc` VC of the fleet are to become robots.
#[derive(Clone, Debug)]
pub(super) struct RobotAct {
    pub player: PlayerId,
    pub fleet: FleetId,
    pub world: WorldId,
    pub vc: u32,
}

/// Every act of the step, checked.
#[derive(Debug, Default)]
pub(super) struct Plan {
    pub fires: Vec<FireAct>,
    pub moves: Vec<MoveAct>,
    pub bombs: Vec<BombAct>,
    pub robot_attacks: Vec<RobotAct>,
    /// Fleets, VI groups and VP groups that carry out an exclusive order this turn
    /// (they may not ambush, VII.1.5).
    pub busy: BTreeSet<Shooter>,
}

pub(super) fn run(turn: &mut Turn<'_>) {
    let plan = collect(turn);
    let firing = fire::settle(turn, &plan);
    let vc_destroyed = fire::resolve(turn, &plan, &firing);
    bomb::drop_bombs(turn, &plan);
    movement::resolve(turn, &plan);
    robots::resolve(turn, &plan, &vc_destroyed);
}

/// Reads the step's orders and checks each against the galaxy as the step starts
/// (G-10: the orderer must own what he commands), voiding what cannot be done.
fn collect(turn: &mut Turn<'_>) -> Plan {
    let mut plan = Plan::default();
    for (index, player, kind) in turn.live_orders(Step::CombatAndMovement) {
        match kind {
            OrderKind::Fire { conditional, fire } => {
                match check_fire(turn, player, conditional, fire) {
                    Ok(act) => {
                        plan.busy.insert(act.shooter);
                        plan.fires.push(act);
                    }
                    Err(refusal) => turn.refuse(index, refusal),
                }
            }
            OrderKind::Move { fleet, route } => match check_move(turn, player, fleet, &route) {
                Ok(()) => {
                    plan.busy.insert(Shooter::Fleet(fleet));
                    turn.scratch.fleeing.insert(fleet);
                    plan.moves.push(MoveAct { fleet, route });
                }
                Err(refusal) => turn.refuse(index, refusal),
            },
            OrderKind::DropBomb { fleet } => {
                let Some(f) = turn.owned_fleet_or_void(index, player, fleet) else {
                    continue;
                };
                if f.bomb {
                    plan.busy.insert(Shooter::Fleet(fleet));
                    plan.bombs.push(BombAct {
                        player,
                        fleet,
                        world: f.world,
                    });
                } else {
                    turn.void(
                        index,
                        "resolve-void-bomb-none",
                        &[("fleet", fleet.to_string())],
                    );
                }
            }
            OrderKind::RobotAttack { fleet, count } => {
                let Some(f) = turn.owned_fleet_or_void(index, player, fleet) else {
                    continue;
                };
                let per_vc = turn.rules.production.robots.per_vc_attack.max(1);
                let vc = (count / per_vc).min(f.vc);
                if vc == 0 {
                    turn.void(
                        index,
                        "resolve-void-robots-no-vc",
                        &[("fleet", fleet.to_string())],
                    );
                } else {
                    plan.busy.insert(Shooter::Fleet(fleet));
                    plan.robot_attacks.push(RobotAct {
                        player,
                        fleet,
                        world: f.world,
                        vc,
                    });
                }
            }
            _ => {}
        }
    }
    plan
}

/// Checks a fire order when step 14 starts: the shooter is the orderer's and has
/// ships, a target fleet is on the shooter's world.
///
/// Ruling G-78 (VII.1.1): firing at one's own or an ally's units is allowed, and what
/// it destroys scores as any other destruction.
fn check_fire(
    turn: &Turn<'_>,
    player: PlayerId,
    conditional: bool,
    fire: Fire,
) -> Result<FireAct, Refusal> {
    let (shooter, world, aim, victims) = match fire {
        Fire::Fleet { fleet, target } => {
            let (world, aim, victims) = fleet_fire(turn, player, fleet, target)?;
            (Shooter::Fleet(fleet), world, aim, victims)
        }
        Fire::Vp { world, target } => {
            let w = guarding_world(turn, player, world, |w| w.vp)?;
            let (aim, victims) = match target {
                VpTarget::Fleet(g) => (FireAim::Fleet(g), vec![fleet_here(turn, g, world)?]),
                VpTarget::NonConverts => (
                    FireAim::World(crate::combat::WorldAim::NonConverts),
                    Vec::new(),
                ),
                VpTarget::Converts => (
                    FireAim::World(crate::combat::WorldAim::Converts),
                    w.population.converts.keys().copied().collect(),
                ),
            };
            (Shooter::Vp(world), world, aim, victims)
        }
        Fire::Vi { world, fleet } => {
            guarding_world(turn, player, world, |w| w.vi)?;
            let victims = vec![fleet_here(turn, fleet, world)?];
            (Shooter::Vi(world), world, FireAim::Fleet(fleet), victims)
        }
    };
    Ok(FireAct {
        player,
        conditional,
        shooter,
        world,
        aim,
        victims,
    })
}

/// A fleet's fire: the orderer's fleet with ships; its world, aim and victims.
fn fleet_fire(
    turn: &Turn<'_>,
    player: PlayerId,
    fleet: FleetId,
    target: FleetTarget,
) -> Result<(WorldId, FireAim, Vec<PlayerId>), Refusal> {
    let Some(f) = turn.owned_fleet(player, fleet) else {
        return Err(fleet_not_owned(fleet));
    };
    if f.ships() == 0 {
        return Err((
            "resolve-void-fire-no-ships",
            vec![("fleet", fleet.to_string())],
        ));
    }
    let world = f.world;
    let world_owner = turn
        .galaxy
        .world(world)
        .map(|w| w.owner)
        .unwrap_or_default();
    let (aim, victims) = match target {
        FleetTarget::Fleet(g) => (FireAim::Fleet(g), vec![fleet_here(turn, g, world)?]),
        FleetTarget::Protections => (
            FireAim::World(crate::combat::WorldAim::Protection),
            vec![world_owner],
        ),
        FleetTarget::Population => (
            FireAim::World(crate::combat::WorldAim::Population),
            vec![world_owner],
        ),
        FleetTarget::Industries => (
            FireAim::World(crate::combat::WorldAim::Industries),
            vec![world_owner],
        ),
    };
    Ok((world, aim, victims))
}

/// The orderer's world whose VI or VP (`guards`) fire: it must have some.
fn guarding_world<'t>(
    turn: &'t Turn<'_>,
    player: PlayerId,
    world: WorldId,
    guards: fn(&World) -> u32,
) -> Result<&'t World, Refusal> {
    let Some(w) = turn.galaxy.world(world).filter(|w| w.owner == player) else {
        return Err((
            "resolve-void-world-not-owned",
            vec![("world", world.to_string())],
        ));
    };
    if guards(w) == 0 {
        return Err((
            "resolve-void-fire-no-guards",
            vec![("world", world.to_string())],
        ));
    }
    Ok(w)
}

/// The owner of fleet `target`, which a fire from `world` aims at: it must be there.
fn fleet_here(turn: &Turn<'_>, target: FleetId, world: WorldId) -> Result<PlayerId, Refusal> {
    match turn.galaxy.fleet(target) {
        Some(t) if t.world == world => Ok(t.owner),
        _ => Err((
            "resolve-void-fire-target-absent",
            vec![("fleet", target.to_string())],
        )),
    }
}

/// Checks a move when step 14 starts.
///
/// Ruling G-11 (V.5): a hop that is not a connection of the previous world voids the
/// whole move (the fleet stays, does not flee and may ambush); so does a route longer
/// than the owner's DEP (research bought at step 3 counts) or one whose first world
/// is the fleet's own world (G-12). The validator checks every hop over the
/// connections the player has seen (any turn: the map never changes); a hop from a
/// world whose connections he never saw is a warning "cannot check".
fn check_move(
    turn: &Turn<'_>,
    player: PlayerId,
    fleet: FleetId,
    route: &[WorldId],
) -> Result<(), Refusal> {
    let galaxy = &turn.galaxy;
    let Some(f) = turn.owned_fleet(player, fleet) else {
        return Err(fleet_not_owned(fleet));
    };
    if f.ships() == 0 {
        return Err((
            "resolve-void-move-no-ships",
            vec![("fleet", fleet.to_string())],
        ));
    }
    let dep = galaxy.player(player).map_or(0, |p| p.tech.level(Tech::Dep));
    if route.len() > dep as usize {
        return Err((
            "resolve-void-move-too-far",
            vec![
                ("fleet", fleet.to_string()),
                ("length", route.len().to_string()),
                ("dep", dep.to_string()),
            ],
        ));
    }
    let mut previous = f.world;
    for &hop in route {
        let connected = galaxy
            .world(previous)
            .is_some_and(|w| w.is_connected_to(hop))
            && galaxy.world(hop).is_some();
        if !connected {
            return Err((
                "resolve-void-move-route",
                vec![
                    ("fleet", fleet.to_string()),
                    ("from", previous.to_string()),
                    ("to", hop.to_string()),
                ],
            ));
        }
        previous = hop;
    }
    Ok(())
}

/// Fleets able to ambush on each world, after the step's fire: at war, with ships,
/// without an exclusive order this turn.
pub(super) fn ambushers_by_world(turn: &Turn<'_>, plan: &Plan) -> BTreeMap<WorldId, Vec<FleetId>> {
    let mut map: BTreeMap<WorldId, Vec<FleetId>> = BTreeMap::new();
    for f in turn.galaxy.fleets.values() {
        if (!f.at_peace || f.owner.is_neutral())
            && f.ships() > 0
            && !plan.busy.contains(&Shooter::Fleet(f.id))
        {
            map.entry(f.world).or_default().push(f.id);
        }
    }
    map
}
