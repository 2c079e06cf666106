//! Step 1 (weight 1): declarations, peace and war, no ambush.
//!
//! Catalog §1.3: #2–#9, #14–#16 declarations: the target known by name \[known
//! players\], not the orderer, not neutral (`Run::player`, G-5, G-135); #14
//! Jihad: missionary only \[class, `guards`\], and its change delay
//! (`order-check-jihad-too-soon`, G-13, `combat.jihad_change_delay`)
//! \[`Vos déclarations`, the turn shown in `J:"X":j(T)`\]; the same target again
//! is a warning (`order-check-jihad-same`). #10, #11 peace / war: fleet owned
//! \[latest CR\]. #12, #13 (`Z`): nothing to check.

use super::super::ast::{Declaration, PlayerRef};
use super::Focus;
use super::state::Run;

impl Run<'_, '_> {
    /// #2–#9, #14–#16: the player named, and for a Jihad its change delay.
    pub(super) fn declare(&mut self, i: usize, declaration: Declaration, player: &PlayerRef) {
        let target = self.player(i, player);
        if declaration == Declaration::Jihad
            && let Some(target) = target
        {
            self.jihad(i, &target);
        }
    }

    /// Applies ruling G-13 (see the ruling list): the delay d is the ruleset's
    /// `combat.jihad_change_delay`, as in the resolver.
    pub(super) fn jihad(&mut self, i: usize, target: &(Option<String>, Option<u32>)) {
        let Some(standing) = &self.ctx.jihad else {
            return;
        };
        let same_name = target.0.is_some() && target.0.as_deref() == Some(standing.name.as_str());
        let same_number = target.1.is_some() && target.1 == standing.number;
        if same_name || same_number {
            let name = standing.name.clone();
            self.warning(i, Focus::Player, "order-check-jihad-same")
                .add_arg("player", name);
            return;
        }
        let (Some(since), Some(turn)) = (standing.turn, self.ctx.turn) else {
            return;
        };
        if self.ctx.turn_assumed {
            return;
        }
        let allowed = since.saturating_add(self.rules.combat.jihad_change_delay);
        if turn < allowed {
            let name = standing.name.clone();
            self.error(i, Focus::Order, "order-check-jihad-too-soon")
                .add_arg("player", name)
                .add_arg("since", since)
                .add_arg("allowed", allowed)
                .add_arg("turn", turn);
        }
    }
}
