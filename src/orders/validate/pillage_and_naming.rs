//! Step 16 (weight 16): naming and pillage, after the captures.
//!
//! Catalog §1.3 #1 naming: the world owned \[latest CR\]; a warning
//! (`order-check-world-not-yours-yet`) where the orderer may capture it first
//! (G-14: naming runs at weight 16); several names for one world are a warning
//! on the earlier ones (`order-check-name-replaced`, in `exclusivity`: the last
//! wins). #91 pillage: the world owned, not in recovery (G-99,
//! `order-check-pillage-recovery`) \[`Pi=k/r`\]; a world not owned is a warning
//! where the orderer has ships, converts or emigrants (captures come first), an
//! error elsewhere (G-10, `guards`).

use crate::model::WorldId;

use super::Focus;
use super::state::Run;

impl Run<'_, '_> {
    /// #1.
    ///
    /// Applies ruling G-14 (see the ruling list).
    pub(super) fn name_world(&mut self, i: usize, world: WorldId) {
        self.own_world(i, world);
    }

    /// #91.
    ///
    /// Applies ruling G-99 (see the ruling list).
    pub(super) fn pillage(&mut self, i: usize, world: WorldId) {
        if !self.own_world(i, world) {
            return;
        }
        let Some(k) = self.ctx.world_now(world) else {
            return;
        };
        let allowed = self.rules.policies.repillage_at_recovery;
        if let Some(&left) = self.ctx.current(&k.pillage_recovery())
            && !self.rules.can_pillage_again(left)
        {
            self.error(i, Focus::World(world), "order-check-pillage-recovery")
                .add_arg("world", world)
                .add_arg("left", left)
                .add_arg("allowed", allowed);
        }
    }
}
