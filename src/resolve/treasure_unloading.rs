//! Step 10 (VIII.1 weight 10), "Déchargements des trésors": `T_t M` (V.3).
//!
//! "Il est aussi possible pour une flotte de larguer un trésor qu'elle transporte
//! sur le monde où elle se trouve. Il n'est pas nécessaire d'être propriétaire du
//! monde pour cela. Il suffit juste d'être le propriétaire de la flotte."

use super::{EventKind, Step, Turn};
use crate::model::TreasureLocation;
use crate::orders::OrderKind;

pub(super) fn run(turn: &mut Turn<'_>) {
    for (index, player, kind) in turn.live_orders(Step::TreasureUnloading) {
        let OrderKind::DropTreasure { treasure } = kind else {
            continue;
        };
        let location = turn.galaxy.treasures.get(&treasure).map(|t| t.location);
        let Some(TreasureLocation::Fleet(fleet)) = location else {
            turn.void(
                index,
                "resolve-void-treasure-not-on-fleet",
                &[("treasure", treasure.to_string())],
            );
            continue;
        };
        let Some(f) = turn.galaxy.fleet(fleet) else {
            continue;
        };
        if f.owner != player {
            turn.void(
                index,
                "resolve-void-treasure-not-owned",
                &[
                    ("treasure", treasure.to_string()),
                    ("fleet", fleet.to_string()),
                ],
            );
            continue;
        }
        let world = f.world;
        if let Some(t) = turn.galaxy.treasures.get_mut(&treasure) {
            t.location = TreasureLocation::World(world);
        }
        turn.log(EventKind::TreasureMoved { treasure });
    }
}
