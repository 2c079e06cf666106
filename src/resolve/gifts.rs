//! Step 17 (VIII.1 weight 17), "Cadeaux": `F_f C : j` and `M_m C : j` (VII.3.6),
//! "juste après les pillages et piratages".
//!
//! "Une flotte offerte en cadeau est automatiquement mise en paix." "Lorsqu'une
//! flotte ou un monde est offert, tout ce qui se trouve sur la flotte ou à la surface
//! du monde est offert également, notamment les trésors": cargo, treasures and the
//! bomb go with a fleet; VI, VP, MP, industries and treasures with a world (the
//! fleets above it are not on its surface and stay with their owners). A gifted
//! world's counters and production are settled at the end of the turn (G-35, G-39).

use std::collections::BTreeMap;

use super::{Step, Turn, fleet_not_owned};
use crate::model::view::{FleetEvent, WorldEvent};
use crate::model::{FleetId, PlayerId, WorldId};
use crate::orders::{OrderKind, PlayerRef};

/// Ruling G-134 (VII.3.6): a gift is executed only if the giver owns the fleet or
/// world when step 17 begins (after pillage and piracy) — so something received as
/// a gift cannot be passed on in the same turn —, to an existing non-neutral player
/// other than himself; the gifted fleet is set at peace; converts stay with their
/// missionary.
pub(super) fn run(turn: &mut Turn<'_>) {
    let orders = turn.live_orders(Step::Gifts);
    // Owners when the step begins: gifts are simultaneous.
    let mut fleet_owner: BTreeMap<FleetId, PlayerId> = BTreeMap::new();
    let mut world_owner: BTreeMap<WorldId, PlayerId> = BTreeMap::new();
    for (_, _, kind) in &orders {
        match kind {
            OrderKind::GiveFleet { fleet, .. } => {
                if let Some(f) = turn.galaxy.fleet(*fleet) {
                    fleet_owner.insert(*fleet, f.owner);
                }
            }
            OrderKind::GiveWorld { world, .. } => {
                if let Some(w) = turn.galaxy.world(*world) {
                    world_owner.insert(*world, w.owner);
                }
            }
            _ => {}
        }
    }
    for (index, player, kind) in orders {
        match kind {
            OrderKind::GiveFleet { fleet, player: to } => {
                if fleet_owner.get(&fleet) != Some(&player) {
                    turn.refuse(index, fleet_not_owned(fleet));
                    continue;
                }
                let Some(to) = receiver(turn, index, player, &to) else {
                    continue;
                };
                if !can_carry(turn, fleet, to) {
                    turn.void(
                        index,
                        "resolve-void-gift-capacity",
                        &[("fleet", fleet.to_string())],
                    );
                    continue;
                }
                turn.set_fleet_owner(fleet, to);
                if let Some(f) = turn.galaxy.fleets.get_mut(&fleet) {
                    f.at_peace = true;
                }
                turn.record.fleet_events.insert(fleet, FleetEvent::Gift);
            }
            OrderKind::GiveWorld { world, player: to } => {
                if world_owner.get(&world) != Some(&player) {
                    turn.void(
                        index,
                        "resolve-void-world-not-owned",
                        &[("world", world.to_string())],
                    );
                    continue;
                }
                let Some(to) = receiver(turn, index, player, &to) else {
                    continue;
                };
                turn.set_world_owner(world, to);
                turn.record.world_events.insert(world, WorldEvent::Gift);
            }
            _ => {}
        }
    }
}

/// True when the receiver's VT can carry the fleet's cargo (a VT carries its
/// owner's CAR level).
///
/// Applies ruling G-54 (see the ruling list): the gift of a fleet.
fn can_carry(turn: &Turn<'_>, fleet: FleetId, to: PlayerId) -> bool {
    let Some(f) = turn.galaxy.fleet(fleet) else {
        return false;
    };
    f.cargo.total() <= f.capacity(turn.car_of(to))
}

/// The player a gift goes to (G-5, G-135: never the neutral player), or the order
/// is voided.
fn receiver(
    turn: &mut Turn<'_>,
    index: usize,
    giver: PlayerId,
    to: &PlayerRef,
) -> Option<PlayerId> {
    let text = match to {
        PlayerRef::Number(id) => id.to_string(),
        PlayerRef::Name(name) => format!("\"{name}\""),
    };
    match turn.player_ref(giver, to) {
        Some(p) if p != giver => Some(p),
        Some(_) => {
            turn.void(index, "resolve-void-gift-self", &[]);
            None
        }
        None => {
            turn.void(index, "resolve-void-gift-player", &[("player", text)]);
            None
        }
    }
}
