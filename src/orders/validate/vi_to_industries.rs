//! Step 7 (weight 7): VI into industries.
//!
//! Catalog §1.3 #29: the world owned; the VI available at step 7 (those
//! transferred at step 11 come too late), at the class's rate (the lowest rate
//! when the class is unknown); more than available is clipped (warning,
//! `order-check-clipped`, G-9).

use crate::model::{Class, WorldId};

use super::Focus;
use super::state::{Run, sub};

impl Run<'_, '_> {
    /// #29.
    pub(super) fn vi_to_industries(&mut self, i: usize, world: WorldId, count: u32) {
        if !self.own_world(i, world) {
            return;
        }
        let rate = self.vi_per_industry().max(1);
        let have = self.world(world).vi;
        let needed = count.saturating_mul(rate);
        let used = self.take(
            i,
            Focus::Count,
            &format!("M_{world}"),
            "VI",
            Some(needed),
            have,
        );
        if let Some(used) = used {
            // Whole industries only.
            sub(&mut self.world(world).vi, used / rate * rate);
        }
    }

    pub(super) fn vi_per_industry(&self) -> u32 {
        match self.ctx.class {
            Some(class) => self.rules.vi_per_industry(class),
            None => Class::ALL
                .iter()
                .map(|c| self.rules.vi_per_industry(*c))
                .min()
                .unwrap_or(1),
        }
    }
}
