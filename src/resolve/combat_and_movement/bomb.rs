//! Bomb drops (VII.1.4, `F_f L BOMBE`), after the fire of step 14: a fleet emptied
//! by the fire still drops its bomb ("il n'est pas possible d'empêcher une flotte de
//! larguer sa bombe même en tirant dessus").

use crate::combat::{Razed, reset_razed_world};
use crate::model::record::Shooter;
use crate::model::view::FireMark;
use crate::model::{PlayerId, WorldId};
use crate::resolve::{Cause, Holder, Place, ShipKind, Turn};

use super::Plan;
use crate::resolve::kills::{Kill, corrupted_by, credit, kill_people};

pub(super) fn drop_bombs(turn: &mut Turn<'_>, plan: &Plan) {
    for act in &plan.bombs {
        let Some(fleet) = turn.galaxy.fleets.get_mut(&act.fleet) else {
            continue;
        };
        if !fleet.bomb {
            continue;
        }
        fleet.bomb = false;
        turn.record
            .fire
            .insert(Shooter::Fleet(act.fleet), FireMark::Bomb);
        bomb_points(turn, act.player, act.world);
        raze(turn, act.player, act.world);
    }
}

/// Points for dropping a bomb ([`crate::combat::bomb_points`]).
///
/// Ruling G-110 (VII.1.4): what the bomb kills is destroyed by the bomber (robotron
/// +2 each, missionary +2 or −1 each, other classes −1 per population).
fn bomb_points(turn: &mut Turn<'_>, bomber: PlayerId, world: WorldId) {
    let player = turn.galaxy.player(bomber);
    let class = player.and_then(|p| p.class);
    let jihad = player.and_then(|p| p.declarations.jihad);
    let points = crate::combat::bomb_points(turn.rules, class, || {
        jihad.is_some_and(|j| corrupted_by(turn, world, j.target))
    });
    if let Some((points, reason)) = points {
        turn.score(bomber, points, reason);
    }
}

/// Razes a world: everything [`Razed`] lists goes, the counters restart
/// ([`reset_razed_world`]), the world turns neutral.
fn raze(turn: &mut Turn<'_>, bomber: PlayerId, world: WorldId) {
    let Some(w) = turn.galaxy.world(world) else {
        return;
    };
    let victim = w.owner;
    let razed = Razed::of(w);
    let kill = Kill {
        ships: razed.ships(),
        populations: razed.populations(),
        industries: u64::from(razed.industries),
        converts: razed.converts.clone(),
    };
    credit(turn, bomber, victim, Some(world), &kill);
    let place = Place::World(world);
    turn.change_ships(
        Holder::Vi(world),
        ShipKind::Guard,
        -i64::from(razed.vi),
        Cause::Bomb,
    );
    turn.change_ships(
        Holder::Vp(world),
        ShipKind::Guard,
        -i64::from(razed.vp),
        Cause::Bomb,
    );
    kill_people(
        turn,
        world,
        razed.n,
        &razed.converts,
        razed.robots,
        Cause::Bomb,
    );
    turn.change_industries(world, -i64::from(razed.industries), Cause::Bomb);
    turn.change_mp(place, -i64::from(razed.mp), Cause::Bomb);
    if let Some(w) = turn.galaxy.worlds.get_mut(&world) {
        reset_razed_world(w);
    }
    turn.set_world_owner(world, PlayerId::NEUTRAL);
}
