//! Step 13 (weight 13): loading.
//!
//! Catalog §1.3 #63–#67: the fleet owned; the world owned, or its owner's `C` /
//! `CP` received (G-144, `order-check-permission`,
//! `order-check-permission-unknown`); converts loaded only by their missionary
//! (G-51, `order-check-converts-not-yours`); the world's stock (warning, G-9);
//! the fleet's free capacity, VC + VT × CAR with this turn's research
//! (`order-check-capacity`, warning). Other players' loads competing for the
//! same stock (G-52) cannot be seen from here.

use crate::model::view::DeclarationKind;
use crate::model::{Class, FleetId, WorldId};

use super::super::ast::{LoadGoods, People};
use super::Focus;
use super::state::{Run, carried, sub};

impl Run<'_, '_> {
    /// #63–#67.
    pub(super) fn load(&mut self, i: usize, fleet: FleetId, count: Option<u32>, goods: LoadGoods) {
        if !self.own_fleet(i, fleet) {
            return;
        }
        let Some(world) = self.ctx.fleet_world(fleet) else {
            return;
        };
        if !self.may_load(i, world, goods) {
            return;
        }
        let sim = *self.world(world);
        let (what, stock) = match goods {
            LoadGoods::Mp => ("MP", sim.mp),
            LoadGoods::People(People::Pop) => ("P", sim.population),
            LoadGoods::People(People::Converts) => ("C", sim.converts),
            LoadGoods::People(People::NonConverts) => (
                "N",
                sim.population
                    .zip(sim.converts)
                    .map(|(p, c)| p.saturating_sub(c)),
            ),
            LoadGoods::People(People::Robots) => ("R", sim.robots),
        };
        let amount = self.take(i, Focus::Count, &format!("M_{world}"), what, count, stock);
        let Some(amount) = self.clip_to_capacity(i, fleet, count, amount) else {
            return;
        };
        if let Some(cargo) = &mut self.fleet(fleet).cargo {
            match goods {
                LoadGoods::Mp => cargo.mp = cargo.mp.saturating_add(amount),
                LoadGoods::People(People::Robots) => cargo.r = cargo.r.saturating_add(amount),
                LoadGoods::People(People::Converts) => cargo.c = cargo.c.saturating_add(amount),
                LoadGoods::People(_) => cargo.n = cargo.n.saturating_add(amount),
            }
        }
        let sim = self.world(world);
        match goods {
            LoadGoods::Mp => sub(&mut sim.mp, amount),
            LoadGoods::People(People::Robots) => sub(&mut sim.robots, amount),
            LoadGoods::People(People::Converts) => {
                sub(&mut sim.converts, amount);
                sub(&mut sim.population, amount);
            }
            LoadGoods::People(_) => sub(&mut sim.population, amount),
        }
    }

    /// The world's owner lets the orderer load (G-144), and converts are loaded
    /// only by their missionary (`order-check-converts-not-yours`). False when the
    /// order is known to fail (its other checks are then skipped).
    ///
    /// Applies ruling G-51 (see the ruling list).
    fn may_load(&mut self, i: usize, world: WorldId, goods: LoadGoods) -> bool {
        match goods {
            LoadGoods::Mp => self.permission(i, world, DeclarationKind::MpLoader),
            LoadGoods::People(People::Converts) => {
                let mine = self.world(world).my_converts;
                let missionary = self.ctx.class.map(|c| c == Class::Missionary);
                if missionary == Some(false) || mine == Some(false) {
                    self.error(i, Focus::Order, "order-check-converts-not-yours")
                        .add_arg("world", world);
                    return false;
                }
                // Converts known to be his make him a missionary; else an
                // unknown class (a CR without header) cannot be checked.
                if missionary.is_none() && mine != Some(true) {
                    self.class_unknown(i, Class::Missionary);
                }
            }
            LoadGoods::People(_) => self.permission(i, world, DeclarationKind::PopLoader),
        }
        true
    }

    /// What fits in the fleet: its free capacity, VC + VT × CAR with this turn's
    /// research (`order-check-capacity`, warning). Returns what is loaded.
    fn clip_to_capacity(
        &mut self,
        i: usize,
        fleet: FleetId,
        count: Option<u32>,
        mut amount: Option<u32>,
    ) -> Option<u32> {
        let fleet_sim = *self.fleet(fleet);
        if let (Some(capacity), Some(cargo)) = (self.capacity(&fleet_sim), fleet_sim.cargo) {
            let free = capacity.saturating_sub(carried(&cargo));
            let wanted = amount.or(count);
            match wanted {
                Some(wanted) if wanted > free => {
                    if count.is_some() || free == 0 {
                        self.warning(i, Focus::Count, "order-check-capacity")
                            .add_arg("fleet", fleet)
                            .add_arg("asked", wanted)
                            .add_arg("free", free)
                            .add_arg("capacity", capacity);
                    }
                    amount = Some(free);
                }
                None if free == 0 => {
                    self.warning(i, Focus::Count, "order-check-capacity")
                        .add_arg("fleet", fleet)
                        .add_arg("asked", "0")
                        .add_arg("free", "0")
                        .add_arg("capacity", capacity);
                }
                _ => {}
            }
        }
        amount
    }
}
