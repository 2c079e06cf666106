//! Bomb drops (VII.1.4, `F_f L BOMBE`), after the fire of step 14: a fleet emptied
//! by the fire still drops its bomb ("il n'est pas possible d'empêcher une flotte de
//! larguer sa bombe même en tirant dessus").

use crate::model::record::Shooter;
use crate::model::view::FireMark;
use crate::model::{Class, PlayerId, WorldId};
use crate::resolve::{Cause, Holder, Place, ShipKind, Turn};

use super::Plan;
use crate::resolve::kills::{Kill, converts_by_missionary, corrupted_by, credit, kill_people};

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

/// Points for dropping a bomb.
///
/// Ruling G-108 (VII.1.4): a non-robotron loses 100 points per bomb, except a
/// missionary in Jihad whose bombed world is owned (or was corrupted) by his Jihad
/// target; a robotron scores 200.
///
/// Ruling G-110 (VII.1.4): what the bomb kills is destroyed by the bomber (robotron
/// +2 each, missionary +2 or −1 each, other classes −1 per population).
fn bomb_points(turn: &mut Turn<'_>, bomber: PlayerId, world: WorldId) {
    let class = turn.galaxy.player(bomber).and_then(|p| p.class);
    match class {
        Some(Class::Robotron) => {
            let points = turn.rules.scoring.robotron.bomb_dropped;
            turn.score(bomber, points, "bomb");
        }
        Some(class) => {
            let exempt = class == Class::Missionary
                && turn
                    .galaxy
                    .player(bomber)
                    .and_then(|p| p.declarations.jihad)
                    .is_some_and(|j| corrupted_by(turn, world, j.target));
            if !exempt {
                let points = turn.rules.scoring.non_robotron_bomb;
                turn.score(bomber, points, "bomb-penalty");
            }
        }
        None => {}
    }
}

/// Razes a world.
///
/// Ruling G-107 (VII.1.4): a bombed world loses every population, robot, industry,
/// VI and VP, its population limit, MP stock and mining capacity; its possession
/// and mining counters, pillage count and recovery and PC counter restart at 0; it
/// becomes neutral and is marked `M#` for ever; E, PE and the treasures stay, and
/// the fleets above it are unharmed.
fn raze(turn: &mut Turn<'_>, bomber: PlayerId, world: WorldId) {
    let Some(w) = turn.galaxy.world(world) else {
        return;
    };
    let victim = w.owner;
    let n = u64::from(w.population.non_converts);
    let converts = converts_by_missionary(&w.population);
    let r = u64::from(w.population.robots);
    let kill = Kill {
        ships: u64::from(w.vi) + u64::from(w.vp),
        populations: n + r + converts.iter().map(|(_, c)| c).sum::<u64>(),
        industries: u64::from(w.industries),
        converts: converts.clone(),
    };
    let (vi, vp, industries, mp) = (w.vi, w.vp, w.industries, w.mp);
    credit(turn, bomber, victim, Some(world), &kill);
    let place = Place::World(world);
    turn.change_ships(
        Holder::Vi(world),
        ShipKind::Guard,
        -i64::from(vi),
        Cause::Bomb,
    );
    turn.change_ships(
        Holder::Vp(world),
        ShipKind::Guard,
        -i64::from(vp),
        Cause::Bomb,
    );
    kill_people(turn, world, n, &converts, r, Cause::Bomb);
    turn.change_industries(world, -i64::from(industries), Cause::Bomb);
    turn.change_mp(place, -i64::from(mp), Cause::Bomb);
    if let Some(w) = turn.galaxy.worlds.get_mut(&world) {
        w.pop_limit = 0;
        w.growth_bonus = 0;
        w.mining = 0;
        w.owned_turns = 0;
        w.mining_counter = 0;
        w.pillage_count = 0;
        w.pillage_recovery = 0;
        w.pc_unloads = 0;
        w.active_industries = 0;
        w.bombed = true;
    }
    turn.set_world_owner(world, PlayerId::NEUTRAL);
}
