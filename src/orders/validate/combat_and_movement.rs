//! Step 14 (weight 14): fire, moves, bombs dropped, robot attacks.
//!
//! Catalog §1.3 #71–#86 fire: the shooter owned with ships at step 14
//! (`order-check-fire-empty`); the target fleet on the same world at the start
//! of the turn (`order-check-fleet-not-here`), not itself
//! (`order-check-fleet-same`); `* M` on a world without VI/VP (warning,
//! `order-check-fire-no-protection`); `VP M_m ? N` never triggers (G-70,
//! warning `order-check-conditional-never`). #87/#88 move: the fleet owned with
//! ships at step 14 (`order-check-move-empty`; ships built at step 3 or
//! transferred at step 11 count); the length at most DEP with this turn's
//! research (`order-check-route-too-long`, `…-too-long-old` when the level
//! shown is old, G-12); the first world not the current one
//! (`order-check-route-starts-here`, G-12); every hop over a known connection
//! (G-11: unknown connections are a warning); known black holes on the route
//! (warning). #89 drop bomb: the fleet carrying a bomb at the start of the turn
//! (`F#f`, `order-check-bomb-none`). #90 robot attack: robotron (`guards`); x
//! even (G-42); x/2 VC available (warning, G-9). Conditional fire triggers
//! cannot be checked.

use crate::model::{FleetId, Tech, WorldId};

use super::super::ast::{Fire, FleetTarget, Guard, VpTarget};
use super::Focus;
use super::state::{Run, sub};

impl Run<'_, '_> {
    /// #71–#86.
    ///
    /// Ruling G-70 (VII.1.3): `VP M_m ? N` (the orderer's own non-converts as the target's owner) never triggers: a warning.
    pub(super) fn fire(&mut self, i: usize, conditional: bool, fire: Fire) {
        match fire {
            Fire::Fleet { fleet, target } => {
                if !self.own_fleet(i, fleet) {
                    return;
                }
                let world = self.ctx.fleet_world(fleet);
                if self.fleet(fleet).ships() == Some(0) {
                    self.error(i, Focus::Fleet(fleet), "order-check-fire-empty")
                        .add_arg("subject", format!("F_{fleet}"));
                    return;
                }
                match target {
                    FleetTarget::Fleet(target) => {
                        if target == fleet {
                            self.error(i, Focus::Fleet(target), "order-check-fleet-same")
                                .add_arg("fleet", fleet);
                            return;
                        }
                        self.fleet_here(i, target, world);
                    }
                    FleetTarget::Protections => {
                        if let Some(world) = world {
                            let sim = *self.world(world);
                            if sim.vi == Some(0) && sim.vp == Some(0) {
                                self.warning(i, Focus::Order, "order-check-fire-no-protection")
                                    .add_arg("world", world);
                            }
                        }
                    }
                    FleetTarget::Population | FleetTarget::Industries => {}
                }
            }
            Fire::Vp { world, target } => {
                if !self.group_can_fire(i, world, Guard::Vp) {
                    return;
                }
                match target {
                    VpTarget::Fleet(fleet) => {
                        self.fleet_here(i, fleet, Some(world));
                    }
                    VpTarget::NonConverts if conditional => {
                        self.warning(i, Focus::Order, "order-check-conditional-never")
                            .add_arg("world", world);
                    }
                    VpTarget::NonConverts | VpTarget::Converts => {}
                }
            }
            Fire::Vi { world, fleet } => {
                if !self.group_can_fire(i, world, Guard::Vi) {
                    return;
                }
                self.fleet_here(i, fleet, Some(world));
            }
        }
    }

    /// #87/#88.
    ///
    /// Applies ruling G-12 (see the ruling list).
    pub(super) fn move_fleet(&mut self, i: usize, fleet: FleetId, route: &[WorldId]) {
        if !self.own_fleet(i, fleet) {
            return;
        }
        if let Some(&last) = route.last() {
            self.destinations.insert(last);
        }
        if self.fleet(fleet).ships() == Some(0) {
            self.error(i, Focus::Fleet(fleet), "order-check-move-empty")
                .add_arg("fleet", fleet);
            return;
        }
        if let Some((dep, fact)) = self.tech_level(Tech::Dep) {
            let length = route.len() as u32;
            if length > dep {
                let code = if fact.current {
                    "order-check-route-too-long"
                } else {
                    "order-check-route-too-long-old"
                };
                let focus = Focus::Hop(dep as usize);
                let diagnostic = if fact.current {
                    self.error(i, focus, code)
                } else {
                    self.warning(i, focus, code)
                };
                diagnostic
                    .add_arg("length", length)
                    .add_arg("dep", dep)
                    .add_arg("shown", fact.level)
                    .add_arg("turn", fact.turn);
            }
        }
        let Some(start) = self.ctx.fleet_world(fleet) else {
            return;
        };
        if route.first() == Some(&start) {
            self.error(i, Focus::Hop(0), "order-check-route-starts-here")
                .add_arg("fleet", fleet)
                .add_arg("world", start);
            return;
        }
        let mut from = start;
        for (hop, &world) in route.iter().enumerate() {
            match self.adjacent(i, Focus::Hop(hop), from, world) {
                Some(true) => {}
                // Not connected: the arbiter voids the move; unknown: the rest of
                // the route cannot be checked from here on either.
                Some(false) | None => return,
            }
            if self.black_hole(i, Focus::Hop(hop), world, "move") {
                return;
            }
            from = world;
        }
    }

    /// #89.
    pub(super) fn drop_bomb(&mut self, i: usize, fleet: FleetId) {
        if !self.own_fleet(i, fleet) {
            return;
        }
        if self.fleet(fleet).bomb == Some(false) {
            self.error(i, Focus::Fleet(fleet), "order-check-bomb-none")
                .add_arg("fleet", fleet);
        }
    }

    /// #90.
    pub(super) fn robot_attack(&mut self, i: usize, fleet: FleetId, count: u32) {
        if !self.own_fleet(i, fleet) {
            return;
        }
        let per = self.rules.production.robots.per_vc_attack.max(1);
        if !self.robot_multiple(i, count, per) {
            return;
        }
        let have = self.fleet(fleet).vc;
        let used = self
            .take(
                i,
                Focus::Count,
                &format!("F_{fleet}"),
                "VC",
                Some(count / per),
                have,
            )
            .unwrap_or(count / per);
        sub(&mut self.fleet(fleet).vc, used);
    }
}
