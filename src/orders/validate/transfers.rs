//! Step 11 (weight 11): transfers.
//!
//! Catalog §1.3 #51–#62: the subject owned; the ships available at step 11
//! (ships built at step 3 count, ships probing at step 2 are gone); transfers are
//! simultaneous: each takes its ships, clipped in file order (G-56, warning
//! `order-check-clipped`), and the ships arrive once every transfer is done
//! (`Run::arrive`, before step 12); the receiving fleet on the same world
//! (`order-check-fleet-not-here`), not the same fleet
//! (`order-check-fleet-same`); transformations into VT merchant only
//! (`guards`); cargo left above the fleet's capacity (G-54, warning
//! `order-check-transfer-cargo`).

use crate::model::{FleetId, WorldId};

use super::super::ast::{FleetTransfer, Guard, GuardTransfer};
use super::Focus;
use super::state::{Arrival, Run, add, carried, sub};

impl Run<'_, '_> {
    /// The end of step 11: transferred ships reach their fleet or world.
    pub(super) fn arrive(&mut self) {
        for arrival in std::mem::take(&mut self.arrivals) {
            match arrival {
                Arrival::Guard(world, Guard::Vi, n) => add(&mut self.world(world).vi, n),
                Arrival::Guard(world, Guard::Vp, n) => add(&mut self.world(world).vp, n),
                Arrival::Vc(fleet, n) => add(&mut self.fleet(fleet).vc, n),
                Arrival::Vt(fleet, n) => add(&mut self.fleet(fleet).vt, n),
            }
        }
    }

    /// #51–#54, #61, #62.
    ///
    /// Applies ruling G-56 (see the ruling list).
    pub(super) fn guard_transfer(
        &mut self,
        i: usize,
        world: WorldId,
        count: u32,
        from: Guard,
        to: GuardTransfer,
    ) {
        if !self.own_world(i, world) {
            return;
        }
        if let GuardTransfer::Fleet(fleet) | GuardTransfer::FleetAsVt(fleet) = to
            && !self.fleet_here(i, fleet, Some(world))
        {
            return;
        }
        let sim = *self.world(world);
        let have = match from {
            Guard::Vi => sim.vi,
            Guard::Vp => sim.vp,
        };
        // "M_10 has only 2 VI", not "VI M_10 has only 2 VI".
        let subject = format!("M_{world}");
        let used = self
            .take(i, Focus::Count, &subject, from.keyword(), Some(count), have)
            .unwrap_or(count);
        let sim = self.world(world);
        match from {
            Guard::Vi => sub(&mut sim.vi, used),
            Guard::Vp => sub(&mut sim.vp, used),
        }
        self.arrivals.push(match to {
            GuardTransfer::OtherGuard => Arrival::Guard(world, from.other(), used),
            GuardTransfer::Fleet(fleet) => Arrival::Vc(fleet, used),
            GuardTransfer::FleetAsVt(fleet) => Arrival::Vt(fleet, used),
        });
    }

    /// #55–#60.
    ///
    /// Applies ruling G-54 (see the ruling list).
    pub(super) fn fleet_transfer(
        &mut self,
        i: usize,
        fleet: FleetId,
        count: u32,
        transfer: FleetTransfer,
    ) {
        if !self.own_fleet(i, fleet) {
            return;
        }
        let world = self.ctx.fleet_world(fleet);
        if let FleetTransfer::VcToFleet(target)
        | FleetTransfer::VtToFleet(target)
        | FleetTransfer::VcToVtOnFleet(target) = transfer
        {
            if target == fleet {
                self.error(i, Focus::Fleet(target), "order-check-fleet-same")
                    .add_arg("fleet", fleet);
                return;
            }
            if !self.fleet_here(i, target, world) {
                return;
            }
        }
        let vt = matches!(transfer, FleetTransfer::VtToFleet(_));
        let sim = *self.fleet(fleet);
        let have = if vt { sim.vt } else { sim.vc };
        let what = if vt { "VT" } else { "VC" };
        let used = self
            .take(
                i,
                Focus::Count,
                &format!("F_{fleet}"),
                what,
                Some(count),
                have,
            )
            .unwrap_or(count);
        {
            let sim = self.fleet(fleet);
            if vt {
                sub(&mut sim.vt, used);
            } else {
                sub(&mut sim.vc, used);
            }
        }
        let sim = *self.fleet(fleet);
        if let (Some(capacity), Some(cargo)) = (self.capacity(&sim), sim.cargo)
            && carried(&cargo) > capacity
            && transfer != FleetTransfer::VcToVt
        {
            self.warning(i, Focus::Count, "order-check-transfer-cargo")
                .add_arg("fleet", fleet)
                .add_arg("cargo", carried(&cargo))
                .add_arg("capacity", capacity);
        }
        self.arrivals.push(match transfer {
            FleetTransfer::VcToGuard(guard) => match world {
                Some(world) => Arrival::Guard(world, guard, used),
                None => return,
            },
            FleetTransfer::VcToFleet(target) => Arrival::Vc(target, used),
            FleetTransfer::VtToFleet(target) | FleetTransfer::VcToVtOnFleet(target) => {
                Arrival::Vt(target, used)
            }
            FleetTransfer::VcToVt => Arrival::Vt(fleet, used),
        });
    }
}
