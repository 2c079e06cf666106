//! 14c, "Résolution des conflits issus des attaques de robots" (VI.5.1): the robots
//! dropped by `F_f T x R` land on their world, then fight the world's populations and
//! the robots of other players there, as every robot attack does
//! ([`crate::resolve::robot_attack`]); robots left alone on the world capture it.

use std::collections::BTreeMap;

use crate::combat::apply_fleet_losses as losses_of;
use crate::model::record::Shooter;
use crate::model::view::FireMark;
use crate::model::{FleetId, PlayerId, WorldId};
use crate::resolve::robot_attack::{self, Emptied};
use crate::resolve::{Cause, PeopleKind, Place, Turn};

use super::Plan;
use super::fire::{apply_fleet_losses, fleet_target};

/// Turns the designated VC into robots and resolves each world attacked.
///
/// Ruling G-79 (VI.5.1): a robot attack drops 2 × max(0, x/2 − VC of the fleet
/// destroyed this step) robots (the VC meant to become robots die first), resolved
/// after the fire and the moves; a successful attack transfers the world at once,
/// before conversion and captures.
pub(super) fn resolve(turn: &mut Turn<'_>, plan: &Plan, vc_destroyed: &BTreeMap<FleetId, u64>) {
    let per_vc = u64::from(turn.rules.production.robots.per_vc_attack.max(1));
    let mut drops: BTreeMap<WorldId, BTreeMap<PlayerId, u64>> = BTreeMap::new();
    for act in &plan.robot_attacks {
        turn.record
            .fire
            .insert(Shooter::Fleet(act.fleet), FireMark::RobotAttack);
        let destroyed = vc_destroyed.get(&act.fleet).copied().unwrap_or(0);
        let Some(target) = fleet_target(turn, act.fleet, false) else {
            continue;
        };
        let units = u64::from(act.vc)
            .saturating_sub(destroyed)
            .min(u64::from(target.vc));
        if units == 0 {
            continue;
        }
        let losses = losses_of(&target, units);
        apply_fleet_losses(turn, act.fleet, &losses, Cause::RobotAttack);
        let robots = units.saturating_mul(per_vc);
        let landed = turn.change_people(
            Place::World(act.world),
            PeopleKind::R,
            i64::try_from(robots).unwrap_or(i64::MAX),
            Cause::RobotAttack,
        );
        *drops
            .entry(act.world)
            .or_default()
            .entry(act.player)
            .or_insert(0) += u64::try_from(landed).unwrap_or(0);
    }
    for (world, dropped) in drops {
        robot_attack::resolve(turn, world, &dropped, Emptied::LeftToCapture);
    }
}
