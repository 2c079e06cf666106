//! Step 2 (weight 2, "Sondages"): probes.
//!
//! Catalog §1.3 #17–#19: the prober owned; one VI / VP / VC per probe, present at
//! the start of the turn \[counts\] (`order-check-probe-no-ship`); the target
//! adjacent (G-61 for fleets) \[connections, any turn\]; a known black hole is a
//! warning (`order-check-black-hole`: the probe is lost).

use crate::model::WorldId;

use super::super::ast::{Guard, Prober};
use super::Focus;
use super::state::{Run, sub};

impl Run<'_, '_> {
    /// #17–#19.
    pub(super) fn probe(&mut self, i: usize, prober: Prober, target: WorldId) {
        let from = match prober {
            Prober::Guard(guard, world) => {
                if !self.own_world(i, world) {
                    return;
                }
                let sim = self.world(world);
                let slot = match guard {
                    Guard::Vi => &mut sim.vi,
                    Guard::Vp => &mut sim.vp,
                };
                let have = *slot;
                sub(slot, 1);
                if have == Some(0) {
                    // "No VI left on M_10", not "on VI M_10".
                    let name = format!("M_{world}");
                    self.error(i, Focus::World(world), "order-check-probe-no-ship")
                        .add_arg("subject", name)
                        .add_arg("what", guard.keyword());
                    return;
                }
                Some(world)
            }
            Prober::Fleet(fleet) => {
                if !self.own_fleet(i, fleet) {
                    return;
                }
                let sim = self.fleet(fleet);
                let have = sim.vc;
                sub(&mut sim.vc, 1);
                if have == Some(0) {
                    self.error(i, Focus::Fleet(fleet), "order-check-probe-no-ship")
                        .add_arg("subject", format!("F_{fleet}"))
                        .add_arg("what", "VC");
                    return;
                }
                self.ctx.fleet_world(fleet)
            }
        };
        if let Some(from) = from {
            self.probe_adjacent(i, from, target);
        }
        self.black_hole(i, Focus::World(target), target, "probe");
    }

    /// Applies ruling G-61 (see the ruling list).
    pub(super) fn probe_adjacent(&mut self, i: usize, from: WorldId, target: WorldId) {
        self.adjacent(i, Focus::World(target), from, target);
    }
}
