//! Steps 8 and 9 (weights 8, 9): MP unloaded, as MP (#44) or as consumer goods
//! (`PC`, #45), and the cargo every unloading takes out of its fleet.
//!
//! Catalog §1.3 #44–#49: the fleet owned; the cargo carried (warning when less,
//! `order-check-clipped` / `order-check-none-available`, G-9). MP may be unloaded
//! on any world. People (#46–#49) are unloaded at step 5, with the emigrants:
//! their landing is checked in `emigration`.

use crate::model::FleetId;

use super::super::ast::{People, UnloadGoods};
use super::Focus;
use super::state::{Run, add};

impl Run<'_, '_> {
    /// #44–#49: the fleet owned, the cargo it carries (warning when less); MP
    /// land on the fleet's world, people land at step 5 (`Run::land_people`).
    pub(super) fn unload(
        &mut self,
        i: usize,
        fleet: FleetId,
        count: Option<u32>,
        goods: UnloadGoods,
    ) {
        if !self.own_fleet(i, fleet) {
            return;
        }
        let world = self.ctx.fleet_world(fleet);
        let used = self.unload_cargo(i, fleet, count, goods);
        match (goods, world) {
            (UnloadGoods::People(people), Some(world)) => self.land_people(i, world, people, used),
            (UnloadGoods::Mp, Some(world)) => {
                if let Some(used) = used {
                    add(&mut self.world(world).mp, used);
                }
            }
            _ => {}
        }
    }

    /// Takes what an unloading order asks out of the fleet's cargo (clipped,
    /// G-9); returns what is unloaded (`None` when the cargo is unknown).
    fn unload_cargo(
        &mut self,
        i: usize,
        fleet: FleetId,
        count: Option<u32>,
        goods: UnloadGoods,
    ) -> Option<u32> {
        let cargo = self.fleet(fleet).cargo;
        let (what, have) = match goods {
            UnloadGoods::Mp | UnloadGoods::Pc => ("MP", cargo.map(|c| c.mp)),
            UnloadGoods::People(People::Pop) => ("P", cargo.map(|c| c.n.saturating_add(c.c))),
            UnloadGoods::People(People::NonConverts) => ("N", cargo.map(|c| c.n)),
            UnloadGoods::People(People::Converts) => ("C", cargo.map(|c| c.c)),
            UnloadGoods::People(People::Robots) => ("R", cargo.map(|c| c.r)),
        };
        let used = self.take(i, Focus::Count, &format!("F_{fleet}"), what, count, have);
        if let (Some(used), Some(cargo)) = (used, &mut self.fleet(fleet).cargo) {
            match goods {
                UnloadGoods::Mp | UnloadGoods::Pc => cargo.mp -= used.min(cargo.mp),
                UnloadGoods::People(People::Pop) => {
                    let from_n = used.min(cargo.n);
                    cargo.n -= from_n;
                    cargo.c -= (used - from_n).min(cargo.c);
                }
                UnloadGoods::People(People::NonConverts) => cargo.n -= used.min(cargo.n),
                UnloadGoods::People(People::Converts) => cargo.c -= used.min(cargo.c),
                UnloadGoods::People(People::Robots) => cargo.r -= used.min(cargo.r),
            }
        }
        used
    }
}
