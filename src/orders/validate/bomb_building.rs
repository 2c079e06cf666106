//! Step 15 (weight 15): bombs built.
//!
//! Catalog §1.3 #36: the fleet owned; 25 VC after step 14 (`order-check-bomb-vc`
//! below; `order-check-bomb-exact` at exactly 25, a warning: "prévoyez au moins
//! un vaisseau de plus"); one bomb per fleet (G-109, `order-check-bomb-already`).

use crate::model::FleetId;

use super::Focus;
use super::state::{Run, sub};

impl Run<'_, '_> {
    /// #36.
    ///
    /// Applies ruling G-109 (see the ruling list).
    pub(super) fn build_bomb(&mut self, i: usize, fleet: FleetId) {
        if !self.own_fleet(i, fleet) {
            return;
        }
        let need = self.rules.combat.bomb_vc;
        let sim = *self.fleet(fleet);
        if sim.bomb == Some(true) || sim.bomb_built {
            self.error(i, Focus::Fleet(fleet), "order-check-bomb-already")
                .add_arg("fleet", fleet);
            return;
        }
        self.fleet(fleet).bomb_built = true;
        let Some(vc) = sim.vc else {
            return;
        };
        if vc < need {
            self.error(i, Focus::Fleet(fleet), "order-check-bomb-vc")
                .add_arg("fleet", fleet)
                .add_arg("have", vc)
                .add_arg("need", need);
        } else if vc == need {
            self.warning(i, Focus::Fleet(fleet), "order-check-bomb-exact")
                .add_arg("fleet", fleet)
                .add_arg("need", need)
                .add_arg("advised", need.saturating_add(1));
        }
        sub(&mut self.fleet(fleet).vc, need);
    }
}
