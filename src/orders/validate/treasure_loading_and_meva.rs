//! Step 12 (weight 12): treasures loaded, MEVA.
//!
//! Catalog §1.3 #68 treasure loading: from the fleet's world, which the orderer
//! owns (`order-check-treasure-world`), or from another fleet there
//! (antiquarian: `order-check-treasure-fleet-to-fleet`, or
//! `order-check-class-unknown` when the class is unknown; a fleet of another
//! player's: `order-check-treasure-not-yours`), or dropped this turn (G-58);
//! elsewhere: `order-check-treasure-not-here`. #69, #70 MEVA: explorer only
//! (`guards`); the VC available (G-9); the world's free slots
//! (`order-check-meva-full`, error; `order-check-meva-clipped`, warning; G-116).

use crate::model::view::TreasureSite;
use crate::model::{Class, FleetId, TreasureId};

use super::super::ast::MevaTarget;
use super::state::{Run, add, sub};
use super::{Focus, Owner};

impl Run<'_, '_> {
    /// #68.
    ///
    /// Applies ruling G-58 (see the ruling list).
    pub(super) fn load_treasure(&mut self, i: usize, treasure: TreasureId, fleet: FleetId) {
        let Some(here) = self.ctx.fleet_world(fleet) else {
            return;
        };
        let site = match self.dropped.get(&treasure) {
            Some(world) => world.map(TreasureSite::World),
            None => self.ctx.treasure_site(treasure),
        };
        let not_here = |run: &mut Self| {
            run.error(
                i,
                Focus::Treasure(treasure),
                "order-check-treasure-not-here",
            )
            .add_arg("treasure", treasure)
            .add_arg("fleet", fleet)
            .add_arg("world", here);
        };
        match site {
            Some(TreasureSite::World(world)) => {
                if world != here {
                    not_here(self);
                    return;
                }
                let owner = self.ctx.world_owner(world);
                if owner.is_other() {
                    let (state, name) = owner.describe();
                    self.error(i, Focus::Treasure(treasure), "order-check-treasure-world")
                        .add_arg("treasure", treasure)
                        .add_arg("world", world)
                        .add_arg("state", state)
                        .add_arg("owner", name);
                }
            }
            Some(TreasureSite::Fleet(carrier)) => {
                if self.ctx.fleet_world(carrier).is_some_and(|w| w != here) {
                    not_here(self);
                    return;
                }
                if self.ctx.fleet_owner(carrier).is_other() {
                    self.error(
                        i,
                        Focus::Treasure(treasure),
                        "order-check-treasure-not-yours",
                    )
                    .add_arg("treasure", treasure)
                    .add_arg("fleet", carrier);
                    return;
                }
                // Fleet to fleet: only the antiquarian, or onto an antiquarian's
                // fleet (another player's: his class is unknown).
                let antiquarian = self.ctx.class.map(|c| c == Class::Antiquarian);
                if carrier == fleet || self.ctx.fleet_owner(fleet) != Owner::Me {
                    return;
                }
                match antiquarian {
                    Some(true) => {}
                    Some(false) => {
                        self.error(
                            i,
                            Focus::Treasure(treasure),
                            "order-check-treasure-fleet-to-fleet",
                        )
                        .add_arg("treasure", treasure)
                        .add_arg("fleet", carrier);
                    }
                    // Unknown class (a CR without header): cannot be checked.
                    None => self.class_unknown(i, Class::Antiquarian),
                }
            }
            Some(TreasureSite::Unattached) => {}
            None if self.ctx.complete && self.ctx.world_now(here).is_some() => not_here(self),
            None => {}
        }
    }

    /// #69, #70.
    ///
    /// Applies ruling G-116 (see the ruling list).
    pub(super) fn meva(&mut self, i: usize, fleet: FleetId, count: u32, _target: MevaTarget) {
        if !self.own_fleet(i, fleet) {
            return;
        }
        let have = self.fleet(fleet).vc;
        let used = self
            .take(
                i,
                Focus::Count,
                &format!("F_{fleet}"),
                "VC",
                Some(count),
                have,
            )
            .unwrap_or(count);
        let Some(world) = self.ctx.fleet_world(fleet) else {
            sub(&mut self.fleet(fleet).vc, used);
            return;
        };
        let default_slots = self.rules.meva_slots();
        let sim = *self.world(world);
        let slots = sim.meva_slots.unwrap_or(default_slots);
        let mut sacrificed = used;
        if let Some(done) = sim.meva {
            let free = slots.saturating_sub(done);
            if free == 0 {
                self.error(i, Focus::Order, "order-check-meva-full")
                    .add_arg("world", world)
                    .add_arg("slots", slots);
                return;
            }
            if used > free {
                self.warning(i, Focus::Count, "order-check-meva-clipped")
                    .add_arg("world", world)
                    .add_arg("asked", used)
                    .add_arg("free", free)
                    .add_arg("slots", slots);
                sacrificed = free;
            }
        }
        add(&mut self.world(world).meva, sacrificed);
        sub(&mut self.fleet(fleet).vc, sacrificed);
    }
}
