//! Numbers that name things. The book numbers worlds, fleets, treasures and players.

use serde::{Deserialize, Serialize};

/// World number `m` (`M_m`).
pub type WorldId = u32;
/// Fleet number `f` (`F_f`).
pub type FleetId = u32;
/// Treasure number `t` (`T_t`).
pub type TreasureId = u32;

/// Player number `j` ("le joueur numéro j"). Number 0 is the neutral player
/// (ruling G-135: the neutral player has no class, gives no orders, is never known
/// by name).
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize,
)]
#[serde(transparent)]
pub struct PlayerId(pub u32);

impl PlayerId {
    /// The neutral player (G-135).
    pub const NEUTRAL: PlayerId = PlayerId(0);

    pub fn is_neutral(self) -> bool {
        self == Self::NEUTRAL
    }
}

impl std::fmt::Display for PlayerId {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}", self.0)
    }
}
