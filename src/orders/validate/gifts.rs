//! Step 17 (weight 17): gifts.
//!
//! Catalog §1.3 #92, #93: the subject owned (a warning,
//! `order-check-fleet-not-yours-yet` / `order-check-world-not-yours-yet`, for
//! what captures and piracy may bring first, G-10); the player known, not
//! neutral, not the orderer (`Run::player`, G-5, G-135). One gift per world
//! (G-76) is checked in `exclusivity`.

use crate::model::{FleetId, WorldId};

use super::super::ast::PlayerRef;
use super::state::Run;

impl Run<'_, '_> {
    /// #92.
    pub(super) fn give_fleet(&mut self, i: usize, fleet: FleetId, player: &PlayerRef) {
        self.own_fleet(i, fleet);
        self.player(i, player);
    }

    /// #93.
    pub(super) fn give_world(&mut self, i: usize, world: WorldId, player: &PlayerRef) {
        self.own_world(i, world);
        self.player(i, player);
    }
}
