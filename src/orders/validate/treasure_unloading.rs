//! Step 10 (weight 10): treasures dropped.
//!
//! Catalog §1.3 #50: the treasure on a fleet of the orderer at the start of the
//! turn \[treasure lines\] (`order-check-treasure-not-yours`,
//! `order-check-treasure-not-on-fleet`). Where it lands is remembered for the
//! loading at step 12 (G-58, `treasure_loading_and_meva`).

use crate::model::TreasureId;
use crate::model::view::TreasureSite;

use super::Focus;
use super::state::Run;

impl Run<'_, '_> {
    /// #50.
    pub(super) fn drop_treasure(&mut self, i: usize, treasure: TreasureId) {
        let site = self.ctx.treasure_site(treasure);
        match site {
            Some(TreasureSite::Fleet(fleet)) => {
                let world = self.ctx.fleet_world(fleet);
                if self.ctx.fleet_owner(fleet).is_other() {
                    self.error(
                        i,
                        Focus::Treasure(treasure),
                        "order-check-treasure-not-yours",
                    )
                    .add_arg("treasure", treasure)
                    .add_arg("fleet", fleet);
                    return;
                }
                self.dropped.insert(treasure, world);
            }
            Some(_) => {
                self.error(
                    i,
                    Focus::Treasure(treasure),
                    "order-check-treasure-not-on-fleet",
                )
                .add_arg("treasure", treasure);
            }
            None if self.ctx.complete => {
                self.error(
                    i,
                    Focus::Treasure(treasure),
                    "order-check-treasure-not-on-fleet",
                )
                .add_arg("treasure", treasure);
            }
            None => {}
        }
    }
}
