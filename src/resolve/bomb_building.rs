//! Step 15, "Constructions des bombes" (VII.1.4, `F_f C BOMBE`): 25 VC of a fleet,
//! counted after the combat of step 14, become a bomb the fleet carries (`F#f`).

use crate::combat::{FleetTarget, apply_fleet_losses as losses_of};
use crate::model::Tech;
use crate::orders::OrderKind;

use super::{Cause, Holder, PeopleKind, Place, ShipKind, Step, Turn};

/// Builds the bombs ordered this turn.
///
/// Ruling G-109 (VII.1.4): a fleet carries at most one bomb — building one on a
/// fleet that already carries one (`F#f`), or a second one in the same turn, is
/// voided (an error for the validator); a bomb built at step 15 can be dropped from
/// the next turn on, and it goes with the fleet when the fleet changes owner.
pub(super) fn run(turn: &mut Turn<'_>) {
    let needed = turn.rules.combat.bomb_vc;
    for (index, player, kind) in turn.live_orders(Step::BombBuilding) {
        let OrderKind::BuildBomb { fleet } = kind else {
            continue;
        };
        let args = [("fleet", fleet.to_string()), ("vc", needed.to_string())];
        // The voids of this step also name the VC a bomb takes.
        let Some(f) = turn.owned_fleet(player, fleet) else {
            turn.void(index, "resolve-void-fleet-not-owned", &args);
            continue;
        };
        if f.bomb {
            turn.void(index, "resolve-void-bomb-already", &args);
            continue;
        }
        if f.vc < needed {
            turn.void(index, "resolve-void-bomb-vc", &args);
            continue;
        }
        // The VC leave the fleet: the cargo above the capacity left goes with them.
        let car = turn.car_of(player);
        let def = turn
            .galaxy
            .player(player)
            .map_or(1, |p| p.tech.level(Tech::Def));
        let target = FleetTarget::new(turn.rules, def, car, f.vc, f.vt, &f.cargo);
        let missionary = f.cargo.c_missionary.unwrap_or_default();
        let losses = losses_of(&target, u64::from(needed));
        let holder = Holder::Fleet(fleet);
        let place = Place::Fleet(fleet);
        let cause = Cause::BombBuilding;
        turn.change_ships(holder, ShipKind::Vc, -i64::from(losses.vc_lost), cause);
        let [mp, n, c, r] = losses
            .cargo_lost
            .map(|x| -i64::try_from(x).unwrap_or(i64::MAX));
        turn.change_mp(place, mp, cause);
        turn.change_people(place, PeopleKind::N, n, cause);
        turn.change_people(place, PeopleKind::C(missionary), c, cause);
        turn.change_people(place, PeopleKind::R, r, cause);
        if let Some(f) = turn.galaxy.fleets.get_mut(&fleet) {
            f.bomb = true;
        }
    }
}
