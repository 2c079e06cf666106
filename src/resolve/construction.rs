//! Step 3, "Constructions" (IV.1, IV.3, IV.4, VI.5.1; VIII.1 weight 3): VC, VT,
//! VI, VP, robots, spies and research bought with the UP of a world, and robots
//! transformed into VC, VI or VP. "Les technologies sont immédiatement disponibles
//! pour la suite de l'évaluation."
//!
//! Also the production helpers steps 4–6 share: a world's UP budget (its active
//! industries, fixed at the previous turn's end, G-28) and what one order may
//! spend of it (G-8); every UP consumes one MP of the world (cause `Production`,
//! which the end of turn counts as workers, G-30).

use std::collections::BTreeSet;

use crate::model::{FleetId, PlayerId, Tech, WorldId};
use crate::orders::OrderKind;
use crate::orders::ast::{Construction, RobotProduct};
use crate::rules::policy::{ExcessQuantity, ResearchOverflow, UpOvercommitment};

use super::{Cause, EventKind, Holder, PeopleKind, Place, ShipKind, Step, Turn};

pub(super) fn run(turn: &mut Turn<'_>) {
    let mut levelled: BTreeSet<(PlayerId, Tech)> = BTreeSet::new();
    for (index, player, kind) in turn.live_orders(Step::Construction) {
        match kind {
            OrderKind::Build {
                world,
                count,
                construction,
            } => build(
                turn,
                index,
                player,
                world,
                count,
                construction,
                &mut levelled,
            ),
            OrderKind::TransformRobots {
                world,
                count,
                product,
            } => transform_robots(turn, index, player, world, count, product),
            _ => {}
        }
    }
}

/// True when `player` owns `world` now.
///
/// Ruling G-10 (V): an order on a world or a fleet is carried out only if the
/// orderer owns it when its step runs (a world captured by emigration at 5* is
/// the captor's from step 6 on); otherwise it is voided. The validator reports an
/// order on a world or fleet not owned at the start of the turn as an error, except
/// (a warning) for the steps that run after a capture he may make this turn: naming
/// and pillage (step 16) and gifts (step 17) where he has ships, converts or
/// emigrants, and orders after step 5 on a world he emigrates or unloads onto.
pub(super) fn owns_world(turn: &Turn<'_>, player: PlayerId, world: WorldId) -> bool {
    turn.galaxy.world(world).is_some_and(|w| w.owner == player)
}

/// The UP a world may still spend this turn: its active industries not spent
/// yet, never more than its MP stock (each UP burns one MP).
pub(super) fn up_available(turn: &Turn<'_>, world: WorldId) -> u32 {
    let Some(w) = turn.galaxy.world(world) else {
        return 0;
    };
    let left = turn
        .scratch
        .up_left
        .get(&world)
        .copied()
        .unwrap_or(w.active_industries);
    left.min(w.mp)
}

/// Spends `up` UP of a world: the budget shrinks and as many MP are consumed.
pub(super) fn spend_up(turn: &mut Turn<'_>, world: WorldId, up: u32) {
    if up == 0 {
        return;
    }
    let available = up_available(turn, world);
    let Some(w) = turn.galaxy.world(world) else {
        return;
    };
    let left = turn
        .scratch
        .up_left
        .get(&world)
        .copied()
        .unwrap_or(w.active_industries);
    let up = up.min(available);
    turn.scratch.up_left.insert(world, left.saturating_sub(up));
    turn.change_mp(Place::World(world), -i64::from(up), Cause::Production);
}

/// Logs (for the arbiter and the replay) that an order was carried out on less
/// than it asked: `done` of `asked`.
pub(super) fn note_reduced(turn: &mut Turn<'_>, index: usize, asked: u32, done: u32) {
    if done >= asked {
        return;
    }
    let Some(queued) = turn.queue.get(index) else {
        return;
    };
    let text = format!(
        "player {} line {}: {} carried out on {done} of {asked}",
        queued.player, queued.order.span.line, queued.order.kind
    );
    turn.log(EventKind::Note { text });
}

/// How many units of `unit_cost` UP each an order asking `wanted` units gets on
/// `world`; voids the order (code `code`) when it gets none.
///
/// Applies ruling G-8 (see the ruling list).
pub(super) fn afford(
    turn: &mut Turn<'_>,
    index: usize,
    world: WorldId,
    wanted: u32,
    unit_cost: u32,
    code: &str,
) -> Option<u32> {
    let available = up_available(turn, world);
    let affordable = available.checked_div(unit_cost).unwrap_or(wanted);
    let units = match turn.rules.policies.up_overcommitment {
        UpOvercommitment::ReduceInOrder => wanted.min(affordable),
        UpOvercommitment::DropWhole if affordable >= wanted => wanted,
        UpOvercommitment::DropWhole => 0,
    };
    if units == 0 {
        turn.void(
            index,
            code,
            &[
                ("world", world.to_string()),
                ("needed", wanted.saturating_mul(unit_cost).to_string()),
                ("available", available.to_string()),
            ],
        );
        return None;
    }
    note_reduced(turn, index, wanted, units);
    Some(units)
}

/// What an order asking `wanted` of something there are `available` of gets;
/// voids it with `none_code` when there is nothing, or with `excess_code` under
/// the `Void` policy when it asks too much.
///
/// Applies ruling G-9 (see the ruling list).
pub(super) fn clip_quantity(
    turn: &mut Turn<'_>,
    index: usize,
    wanted: u32,
    available: u32,
    none_code: &str,
    excess_code: &str,
) -> Option<u32> {
    if available == 0 || wanted == 0 {
        turn.void(index, none_code, &[("available", available.to_string())]);
        return None;
    }
    if wanted > available {
        return match turn.rules.policies.excess_quantity {
            ExcessQuantity::Clip => {
                note_reduced(turn, index, wanted, available);
                Some(available)
            }
            ExcessQuantity::Void => {
                turn.void(
                    index,
                    excess_code,
                    &[
                        ("asked", wanted.to_string()),
                        ("available", available.to_string()),
                    ],
                );
                None
            }
        };
    }
    Some(wanted)
}

/// True when fleet `fleet` is on `world` now and was there at the start of the turn.
///
/// Ruling G-60 (IV.1): ships are built on any fleet (even another player's or a
/// neutral one) that is on the building world at the start of the turn; they
/// belong to the fleet's owner.
fn fleet_in_orbit(turn: &Turn<'_>, fleet: FleetId, world: WorldId) -> bool {
    turn.start.fleet(fleet).is_some_and(|f| f.world == world)
        && turn.galaxy.fleet(fleet).is_some_and(|f| f.world == world)
}

fn build(
    turn: &mut Turn<'_>,
    index: usize,
    player: PlayerId,
    world: WorldId,
    count: u32,
    construction: Construction,
    levelled: &mut BTreeSet<(PlayerId, Tech)>,
) {
    if !owns_world(turn, player, world) {
        turn.void(
            index,
            "resolve-void-build-owner",
            &[("world", world.to_string())],
        );
        return;
    }
    let production = &turn.rules.production;
    let (ship_up, robot_up, spy_up) = (production.ship_up, production.robot_up, production.spy_up);
    match construction {
        Construction::Vc(fleet) | Construction::Vt(fleet) => {
            if !fleet_in_orbit(turn, fleet, world) {
                turn.void(
                    index,
                    "resolve-void-build-fleet",
                    &[("fleet", fleet.to_string()), ("world", world.to_string())],
                );
                return;
            }
            let Some(units) = afford(turn, index, world, count, ship_up, "resolve-void-build-up")
            else {
                return;
            };
            let kind = if matches!(construction, Construction::Vc(_)) {
                ShipKind::Vc
            } else {
                ShipKind::Vt
            };
            spend_up(turn, world, units.saturating_mul(ship_up));
            turn.change_ships(Holder::Fleet(fleet), kind, i64::from(units), Cause::Built);
        }
        Construction::Vi | Construction::Vp => {
            let Some(units) = afford(turn, index, world, count, ship_up, "resolve-void-build-up")
            else {
                return;
            };
            let holder = if construction == Construction::Vi {
                Holder::Vi(world)
            } else {
                Holder::Vp(world)
            };
            spend_up(turn, world, units.saturating_mul(ship_up));
            turn.change_ships(holder, ShipKind::Guard, i64::from(units), Cause::Built);
        }
        Construction::Robots => {
            let Some(units) = afford(turn, index, world, count, robot_up, "resolve-void-build-up")
            else {
                return;
            };
            spend_up(turn, world, units.saturating_mul(robot_up));
            let built = turn.scratch.robots_built.entry(world).or_insert(0);
            *built = built.saturating_add(units);
        }
        Construction::Spies(category) => {
            let category = u8::try_from(category)
                .ok()
                .filter(|c| *c >= 1 && u32::from(*c) <= turn.rules.spies.categories);
            let Some(category) = category else {
                turn.void(
                    index,
                    "resolve-void-build-spy-category",
                    &[("max", turn.rules.spies.categories.to_string())],
                );
                return;
            };
            let Some(units) = afford(turn, index, world, count, spy_up, "resolve-void-build-up")
            else {
                return;
            };
            spend_up(turn, world, units.saturating_mul(spy_up));
            if let Some(p) = turn.galaxy.players.get_mut(&player) {
                let n = p.spies.entry(category).or_insert(0);
                *n = n.saturating_add(units);
            }
            let n = turn
                .record
                .spies
                .entry(player)
                .or_default()
                .entry(category)
                .or_insert(0);
            *n = n.saturating_add(units);
        }
        Construction::Research(tech) => research(turn, index, player, world, count, tech, levelled),
        // Weights 4 and 6: population_limit and industries.
        Construction::PopLimit | Construction::Industries => {}
    }
}

/// UP invested in a technology (IV.3, catalog §4.5): progress toward the next
/// level, levels reached at once.
///
/// Applies ruling G-43 (see the ruling list).
fn research(
    turn: &mut Turn<'_>,
    index: usize,
    player: PlayerId,
    world: WorldId,
    count: u32,
    tech: Tech,
    levelled: &mut BTreeSet<(PlayerId, Tech)>,
) {
    let Some(units) = afford(turn, index, world, count, 1, "resolve-void-build-up") else {
        return;
    };
    spend_up(turn, world, units);
    let class = turn.class_of(player);
    let cost = turn.rules.tech_cost(class, tech).max(1);
    let max = turn.rules.tech_max(class, tech);
    let one_level = turn.rules.policies.research_overflow == ResearchOverflow::OneLevelPerTurn;
    let Some(p) = turn.galaxy.players.get_mut(&player) else {
        return;
    };
    let at_max = |level: u32| max.is_some_and(|m| level >= m);
    let before = p.tech.level(tech);
    let mut level = before;
    let mut progress = p.tech.progress(tech);
    let closed = at_max(level) || (one_level && levelled.contains(&(player, tech)));
    if !closed {
        progress = progress.saturating_add(units);
        // Levels reached at once, in closed form: as many costs as the progress
        // holds, up to the maximum (one under `OneLevelPerTurn`).
        let mut gained = progress / cost;
        if let Some(m) = max {
            gained = gained.min(m.saturating_sub(level));
        }
        if one_level {
            gained = gained.min(1);
        }
        gained = gained.min(u32::MAX - level);
        progress -= gained * cost;
        level += gained;
        if gained > 0 {
            levelled.insert((player, tech));
        }
        if at_max(level) || (one_level && gained > 0) {
            progress = 0;
        }
    }
    p.tech.set_level(tech, level);
    p.tech.set_progress(tech, progress);
    if level > before {
        turn.log(EventKind::Research {
            player,
            tech,
            from: before,
            level,
        });
    }
}

/// Robots of a world turned into VC, VI, VP (step 3) or industries (step 6).
///
/// Ruling G-42 (VI.5.1): `x` robots make floor(x / 2) VC, VI or VP (floor(x / 12)
/// industries), consuming exactly 2 (12) robots per unit; an order making no whole
/// unit is voided. The validator reports a robot quantity that is not a whole
/// number of units (2 robots per VC/VI/VP and per robot-attack VC, 12 per industry)
/// as an error.
pub(super) fn transform_robots(
    turn: &mut Turn<'_>,
    index: usize,
    player: PlayerId,
    world: WorldId,
    count: u32,
    product: RobotProduct,
) {
    if !owns_world(turn, player, world) {
        turn.void(
            index,
            "resolve-void-build-owner",
            &[("world", world.to_string())],
        );
        return;
    }
    let robots_rules = &turn.rules.production.robots;
    let per = match product {
        RobotProduct::Industries => robots_rules.per_industry,
        _ => robots_rules.per_ship,
    }
    .max(1);
    if let RobotProduct::Vc(fleet) = product
        && turn.galaxy.fleet(fleet).is_none_or(|f| f.world != world)
    {
        turn.void(
            index,
            "resolve-void-build-fleet",
            &[("fleet", fleet.to_string()), ("world", world.to_string())],
        );
        return;
    }
    let wanted = count / per;
    if wanted == 0 {
        turn.void(
            index,
            "resolve-void-robots-count",
            &[("per", per.to_string())],
        );
        return;
    }
    let robots = turn.galaxy.world(world).map_or(0, |w| w.population.robots);
    let Some(units) = clip_quantity(
        turn,
        index,
        wanted,
        robots / per,
        "resolve-void-robots-none",
        "resolve-void-robots-excess",
    ) else {
        return;
    };
    let used = i64::from(units) * i64::from(per);
    turn.change_people(
        Place::World(world),
        PeopleKind::R,
        -used,
        Cause::RobotTransformation,
    );
    let units = i64::from(units);
    match product {
        RobotProduct::Vc(fleet) => {
            turn.change_ships(Holder::Fleet(fleet), ShipKind::Vc, units, Cause::Built);
        }
        RobotProduct::Vi => {
            turn.change_ships(Holder::Vi(world), ShipKind::Guard, units, Cause::Built);
        }
        RobotProduct::Vp => {
            turn.change_ships(Holder::Vp(world), ShipKind::Guard, units, Cause::Built);
        }
        RobotProduct::Industries => {
            turn.change_industries(world, units, Cause::Built);
        }
    }
}
