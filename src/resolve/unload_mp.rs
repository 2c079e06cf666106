//! Step 8 (VIII.1 weight 8), "Déchargement des MP": `F_f D (x) MP` (V.3).
//!
//! MP may be unloaded on any world ("Il est possible de décharger des MP sur
//! n'importe quel monde"); only the fleet's owner gives the order. They arrive too
//! late for this turn's production (step 3). A merchant's MP unloaded on an
//! industrialised world not his own are noted for his points, counted at 13*
//! (VI.7), once the MP loaded from the same world are known.

use super::construction::clip_quantity;
use super::{Cause, Place, Step, Turn};
use crate::model::{Class, FleetId, PlayerId};
use crate::orders::OrderKind;
use crate::orders::ast::UnloadGoods;

pub(super) fn run(turn: &mut Turn<'_>) {
    for (index, player, kind) in turn.live_orders(Step::UnloadMp) {
        let OrderKind::Unload {
            fleet,
            count,
            goods: UnloadGoods::Mp,
        } = kind
        else {
            continue;
        };
        let Some(amount) = unloadable_mp(turn, index, player, fleet, count, "MP") else {
            continue;
        };
        let Some(world) = turn.galaxy.fleet(fleet).map(|f| f.world) else {
            continue;
        };
        let moved = -turn.change_mp(Place::Fleet(fleet), -i64::from(amount), Cause::Unload);
        turn.change_mp(Place::World(world), moved, Cause::Unload);
        note_merchant_unload(turn, player, world, moved);
    }
}

/// The MP a `F_f D (x) MP|PC` order unloads: the fleet must be the orderer's
/// (G-10) and carry MP; `x` above the cargo is clipped or voids the order (G-9, policy
/// `excess_quantity`). `None` (the order is
/// voided) otherwise.
pub(super) fn unloadable_mp(
    turn: &mut Turn<'_>,
    index: usize,
    player: PlayerId,
    fleet: FleetId,
    count: Option<u32>,
    goods: &str,
) -> Option<u32> {
    let f = turn.owned_fleet_or_void(index, player, fleet)?;
    let carried = f.cargo.mp;
    if carried == 0 {
        turn.void(
            index,
            "resolve-void-unload-nothing",
            &[("fleet", fleet.to_string()), ("goods", goods.to_string())],
        );
        return None;
    }
    match count {
        None => Some(carried),
        Some(x) => clip_quantity(
            turn,
            index,
            x,
            carried,
            "resolve-void-unload-nothing",
            "resolve-void-excess",
        ),
    }
}

/// Notes MP a merchant unloaded, for his points at 13*.
///
/// Ruling G-119 (VI.7): "un monde industrialisé ne lui appartenant pas" is judged
/// when the MP are unloaded (step 8, after this turn's industries of steps 6–7): the
/// world has at least one industry and another owner (an ally's or a neutral world
/// counts, his own never does).
///
/// Ruling G-120 (VI.7): only merchants' unloads are noted, so the sum Σu sharing the
/// "double des industries" counts merchants' MP only.
fn note_merchant_unload(turn: &mut Turn<'_>, player: PlayerId, world: u32, amount: i64) {
    let merchant = turn.galaxy.player(player).and_then(|p| p.class) == Some(Class::Merchant);
    let Some(w) = turn.galaxy.world(world) else {
        return;
    };
    if !merchant || amount <= 0 || w.owner == player || w.industries == 0 {
        return;
    }
    let amount = u64::try_from(amount).unwrap_or(0);
    let slot = turn
        .scratch
        .merchant_mp_unloaded
        .entry(world)
        .or_default()
        .entry(player)
        .or_insert(0);
    *slot = slot.saturating_add(amount);
}
