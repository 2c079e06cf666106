//! Step 11 (VIII.1 weight 11), "Transferts" (V.4, VI.7.1): VC, VI, VP and VT move
//! between a world's protections and the fleets above it; a merchant turns VC, VI
//! or VP into VT.
//!
//! "Tous les transferts sont simultanés, il est donc impossible qu'un vaisseau soit
//! transféré deux fois dans le même tour": every order takes its ships from what
//! its source holds at the start of the step (less what earlier orders took), and
//! every arrival lands once all orders have left. "Il n'y a pas besoin de posséder
//! la flotte ou le monde qui reçoit les vaisseaux": the ships then belong to the
//! receiver's owner.

use super::construction::clip_quantity;
use super::{Cause, Holder, ShipKind, Step, Turn};
use crate::model::{FleetId, PlayerId, WorldId};
use crate::orders::OrderKind;
use crate::orders::ast::{FleetTransfer, Guard, GuardTransfer};

/// Ships waiting to land at the end of the step.
type Arrival = (Holder, ShipKind, i64);

/// Ruling G-56 (V.4): transfers are simultaneous: each order takes its ships from
/// its source's count at the start of step 11 less what earlier orders (queue
/// order: player, then line) already took, clipped to what is left; arrivals land
/// after every order, so a ship is transferred at most once. The validator clips
/// likewise, in file order, with a warning.
///
/// Ruling G-57 (V.4): transferred ships belong to the owner of the receiving fleet
/// or world (VC turned VI on another player's world are his VI; on a neutral fleet
/// they are neutral).
pub(super) fn run(turn: &mut Turn<'_>) {
    let mut arrivals: Vec<Arrival> = Vec::new();
    for (index, player, kind) in turn.live_orders(Step::Transfers) {
        match kind {
            OrderKind::GuardTransfer {
                world,
                count,
                from,
                to,
            } => guard_transfer(turn, index, player, (world, count, from, to), &mut arrivals),
            OrderKind::FleetTransfer {
                fleet,
                count,
                transfer,
            } => fleet_transfer(turn, index, player, (fleet, count, transfer), &mut arrivals),
            _ => {}
        }
    }
    for (holder, kind, n) in arrivals {
        turn.change_ships(holder, kind, n, Cause::Transfer);
    }
}

fn guard_holder(guard: Guard, world: WorldId) -> Holder {
    match guard {
        Guard::Vi => Holder::Vi(world),
        Guard::Vp => Holder::Vp(world),
    }
}

/// `M_m T x VI|VP VP|VI|F_f|VT F_f`.
fn guard_transfer(
    turn: &mut Turn<'_>,
    index: usize,
    player: PlayerId,
    (world, count, from, to): (WorldId, u32, Guard, GuardTransfer),
    arrivals: &mut Vec<Arrival>,
) {
    let Some(w) = turn.galaxy.world(world) else {
        turn.void(
            index,
            "resolve-void-world-not-owned",
            &[("world", world.to_string())],
        );
        return;
    };
    if w.owner != player {
        turn.void(
            index,
            "resolve-void-world-not-owned",
            &[("world", world.to_string())],
        );
        return;
    }
    let have = match from {
        Guard::Vi => w.vi,
        Guard::Vp => w.vp,
    };
    let target = match to {
        GuardTransfer::OtherGuard => (guard_holder(from.other(), world), ShipKind::Guard),
        GuardTransfer::Fleet(fleet) | GuardTransfer::FleetAsVt(fleet) => {
            if turn.galaxy.fleet(fleet).is_none_or(|f| f.world != world) {
                turn.void(
                    index,
                    "resolve-void-transfer-target",
                    &[("fleet", fleet.to_string()), ("world", world.to_string())],
                );
                return;
            }
            let kind = if matches!(to, GuardTransfer::Fleet(_)) {
                ShipKind::Vc
            } else {
                ShipKind::Vt
            };
            (Holder::Fleet(fleet), kind)
        }
    };
    if have == 0 {
        turn.void(index, "resolve-void-transfer-nothing", &[]);
        return;
    }
    let Some(n) = clip_quantity(
        turn,
        index,
        count,
        have,
        "resolve-void-transfer-nothing",
        "resolve-void-excess",
    ) else {
        return;
    };
    let left = -turn.change_ships(
        guard_holder(from, world),
        ShipKind::Guard,
        -i64::from(n),
        Cause::Transfer,
    );
    arrivals.push((target.0, target.1, left));
}

/// `F_f T x VC|VT …`: `x` is checked against the fleet's ships (G-9), then clipped
/// so that the ships left still carry the cargo (G-54, [`Turn::ships_free_of_cargo`];
/// turning VC into VT on the same fleet never lowers the capacity).
fn fleet_transfer(
    turn: &mut Turn<'_>,
    index: usize,
    player: PlayerId,
    (fleet, count, transfer): (FleetId, u32, FleetTransfer),
    arrivals: &mut Vec<Arrival>,
) {
    let Some(f) = turn.owned_fleet_or_void(index, player, fleet) else {
        return;
    };
    let world = f.world;
    let (vc, vt) = (f.vc, f.vt);
    let target = match transfer {
        FleetTransfer::VcToGuard(guard) => Some((guard_holder(guard, world), ShipKind::Guard)),
        FleetTransfer::VcToVt => Some((Holder::Fleet(fleet), ShipKind::Vt)),
        FleetTransfer::VcToFleet(g)
        | FleetTransfer::VtToFleet(g)
        | FleetTransfer::VcToVtOnFleet(g) => {
            if g == fleet || turn.galaxy.fleet(g).is_none_or(|t| t.world != world) {
                None
            } else {
                let kind = if matches!(transfer, FleetTransfer::VcToFleet(_)) {
                    ShipKind::Vc
                } else {
                    ShipKind::Vt
                };
                Some((Holder::Fleet(g), kind))
            }
        }
    };
    let Some((holder, kind)) = target else {
        let g = match transfer {
            FleetTransfer::VcToFleet(g)
            | FleetTransfer::VtToFleet(g)
            | FleetTransfer::VcToVtOnFleet(g) => g,
            _ => fleet,
        };
        turn.void(
            index,
            "resolve-void-transfer-target",
            &[("fleet", g.to_string()), ("world", world.to_string())],
        );
        return;
    };
    let moving_vt = matches!(transfer, FleetTransfer::VtToFleet(_));
    let (present, source_kind) = if moving_vt {
        (vt, ShipKind::Vt)
    } else {
        (vc, ShipKind::Vc)
    };
    if present == 0 {
        turn.void(index, "resolve-void-transfer-nothing", &[]);
        return;
    }
    let Some(asked) = clip_quantity(
        turn,
        index,
        count,
        present,
        "resolve-void-transfer-nothing",
        "resolve-void-excess",
    ) else {
        return;
    };
    let n = if transfer == FleetTransfer::VcToVt {
        asked
    } else {
        asked.min(turn.ships_free_of_cargo(fleet, source_kind))
    };
    if n == 0 {
        turn.void(index, "resolve-void-transfer-nothing", &[]);
        return;
    }
    let left = -turn.change_ships(
        Holder::Fleet(fleet),
        source_kind,
        -i64::from(n),
        Cause::Transfer,
    );
    arrivals.push((holder, kind, left));
}
