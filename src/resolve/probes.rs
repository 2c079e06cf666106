//! Step 2, "Sondages" (V.1, VIII.1 weight 2): `VI M_m S M_n`, `VP M_m S M_n`,
//! `F_f S M_m`. One VI, VP or VC is spent at once ("avant le transfert !"); the
//! probed world is described on the prober's CR as it is at the end of the turn
//! (`record.probed`). A probe sent into a black hole is lost and the black hole
//! revealed.

use crate::model::{PlayerId, WorldId};
use crate::orders::OrderKind;
use crate::orders::ast::{Guard, Prober};

use super::{Cause, Holder, ShipKind, Step, Turn};

pub(super) fn run(turn: &mut Turn<'_>) {
    for (index, player, kind) in turn.live_orders(Step::Probes) {
        let OrderKind::Probe { prober, target } = kind else {
            continue;
        };
        probe(turn, index, player, prober, target);
    }
}

/// One probe.
///
/// Applies ruling G-54 (see the ruling list): a fleet's probe.
///
/// Ruling G-61 (V.1): a fleet's probe, like a VI's or a VP's, reaches only a world
/// connected to the prober's world; the VI or VP must have been on the world at the
/// start of the turn (none is built before step 3), the VC on the fleet (VT never
/// probe).
fn probe(turn: &mut Turn<'_>, index: usize, player: PlayerId, prober: Prober, target: WorldId) {
    let (from, holder, kind, available, name) = match prober {
        Prober::Guard(guard, world) => {
            let Some(w) = turn.galaxy.world(world).filter(|w| w.owner == player) else {
                turn.void(
                    index,
                    "resolve-void-probe-owner",
                    &[("what", format!("M_{world}"))],
                );
                return;
            };
            let (holder, available) = match guard {
                Guard::Vi => (Holder::Vi(world), w.vi),
                Guard::Vp => (Holder::Vp(world), w.vp),
            };
            (
                world,
                holder,
                ShipKind::Guard,
                available,
                guard.keyword().to_string(),
            )
        }
        Prober::Fleet(fleet) => {
            let Some(f) = turn.owned_fleet(player, fleet) else {
                turn.void(
                    index,
                    "resolve-void-probe-owner",
                    &[("what", format!("F_{fleet}"))],
                );
                return;
            };
            (
                f.world,
                Holder::Fleet(fleet),
                ShipKind::Vc,
                f.vc,
                "VC".to_string(),
            )
        }
    };
    if available == 0 {
        turn.void(index, "resolve-void-probe-ship", &[("ship", name)]);
        return;
    }
    // Applies ruling G-54 (see the ruling list): the VC that probes must be one
    // the fleet's cargo can spare (a VC carries 1, a VT the owner's CAR).
    if let Prober::Fleet(fleet) = prober
        && turn.ships_free_of_cargo(fleet, ShipKind::Vc) == 0
    {
        turn.void(
            index,
            "resolve-void-probe-cargo",
            &[("fleet", fleet.to_string())],
        );
        return;
    }
    let connected = turn
        .galaxy
        .world(from)
        .is_some_and(|w| w.is_connected_to(target))
        && turn.galaxy.world(target).is_some();
    if !connected {
        turn.void(
            index,
            "resolve-void-probe-target",
            &[("world", target.to_string()), ("from", from.to_string())],
        );
        return;
    }
    turn.change_ships(holder, kind, -1, Cause::Probe);
    turn.record.probed.entry(player).or_default().insert(target);
    if turn.galaxy.world(target).is_some_and(|w| w.black_hole) {
        turn.record
            .black_holes_crossed
            .entry(player)
            .or_default()
            .insert(target);
    }
}
