//! Step 12 (VIII.1 weight 12), "Chargement des trésors et explorations (CM et
//! pop)": `T_t F_f` (V.3) and the explorer's MEVA `F_f E x VC P|CM` (VI.6.2).
//!
//! A treasure is loaded by the owner of the world (or fleet) it lies on, onto his
//! own fleet on that world; an antiquarian moves treasures from fleet to fleet, and
//! anyone may hand a treasure of his world or fleet to an antiquarian's fleet on the
//! same world.
//!
//! A MEVA sacrifices VC: each enhances 1/8 of the world (1/6 in 1999, the ruleset's
//! `meva_slots`): MEVA P adds 2.5 % growth and 5 population limit, MEVA CM advances
//! the mining counter by 3 turns; the explorer scores 20 per VC. When several
//! explorers ask for more VC than the world's free slots, every asked VC is lost,
//! the points of the free slots are shared pro rata, and the slots' effects are
//! drawn at random among the asked VC.

use std::collections::BTreeMap;

use crate::rules::draw;

use super::construction::clip_quantity;
use super::{Cause, EventKind, Holder, ShipKind, Step, Turn};
use crate::model::{Class, FleetId, PlayerId, TreasureId, TreasureLocation, WorldId};
use crate::orders::OrderKind;
use crate::orders::ast::MevaTarget;

pub(super) fn run(turn: &mut Turn<'_>) {
    let mut mevas: BTreeMap<WorldId, Vec<Meva>> = BTreeMap::new();
    for (index, player, kind) in turn.live_orders(Step::TreasureLoadingAndMeva) {
        match kind {
            OrderKind::LoadTreasure { treasure, fleet } => {
                load_treasure(turn, index, player, treasure, fleet);
            }
            OrderKind::Meva {
                fleet,
                count,
                target,
            } => {
                if let Some(meva) = meva_order(turn, index, player, fleet, count, target) {
                    mevas.entry(meva.world).or_default().push(meva);
                }
            }
            _ => {}
        }
    }
    for (world, orders) in mevas {
        resolve_meva(turn, world, orders);
    }
}

fn class_of(turn: &Turn<'_>, player: PlayerId) -> Option<Class> {
    turn.galaxy.player(player).and_then(|p| p.class)
}

/// `T_t F_f`.
///
/// Ruling G-58 (V.3): a treasure dropped at step 10 (`T_t M`) lies on the world from then on,
/// so its world's owner may load it again at step 12 of the same turn (fleets have
/// not moved yet: the fleet is on the world where it began the turn).
///
/// Ruling G-59 (V.3): an antiquarian may move a treasure from any of his fleets to
/// any fleet on the same world; anyone may put a treasure of his own world or fleet
/// onto an antiquarian's fleet on the same world; the order is always given by the
/// treasure's owner (the owner of the world or fleet it lies on).
fn load_treasure(
    turn: &mut Turn<'_>,
    index: usize,
    player: PlayerId,
    treasure: TreasureId,
    fleet: FleetId,
) {
    let Some(target) = turn.galaxy.fleet(fleet).map(|f| (f.world, f.owner)) else {
        turn.void(
            index,
            "resolve-void-treasure-not-here",
            &[
                ("treasure", treasure.to_string()),
                ("fleet", fleet.to_string()),
            ],
        );
        return;
    };
    let (here, receiver) = target;
    let Some(location) = turn.galaxy.treasures.get(&treasure).map(|t| t.location) else {
        turn.void(
            index,
            "resolve-void-treasure-not-here",
            &[
                ("treasure", treasure.to_string()),
                ("fleet", fleet.to_string()),
            ],
        );
        return;
    };
    let (site_world, holder_owner, from_fleet) = match location {
        TreasureLocation::World(w) => (Some(w), turn.galaxy.world(w).map(|w| w.owner), None),
        TreasureLocation::Fleet(g) => {
            let f = turn.galaxy.fleet(g);
            (f.map(|f| f.world), f.map(|f| f.owner), Some(g))
        }
    };
    if site_world != Some(here) || from_fleet == Some(fleet) {
        turn.void(
            index,
            "resolve-void-treasure-not-here",
            &[
                ("treasure", treasure.to_string()),
                ("fleet", fleet.to_string()),
            ],
        );
        return;
    }
    if holder_owner != Some(player) {
        turn.void(
            index,
            "resolve-void-treasure-not-owned",
            &[
                ("treasure", treasure.to_string()),
                ("fleet", fleet.to_string()),
            ],
        );
        return;
    }
    let to_antiquarian = class_of(turn, receiver) == Some(Class::Antiquarian);
    let allowed = match from_fleet {
        None => receiver == player || to_antiquarian,
        Some(_) => class_of(turn, player) == Some(Class::Antiquarian) || to_antiquarian,
    };
    if !allowed {
        turn.void(
            index,
            "resolve-void-treasure-rights",
            &[
                ("treasure", treasure.to_string()),
                ("fleet", fleet.to_string()),
            ],
        );
        return;
    }
    if let Some(t) = turn.galaxy.treasures.get_mut(&treasure) {
        t.location = TreasureLocation::Fleet(fleet);
    }
    turn.log(EventKind::TreasureMoved { treasure });
}

/// One MEVA order, its VC already taken from the fleet's count.
struct Meva {
    index: usize,
    player: PlayerId,
    fleet: FleetId,
    world: WorldId,
    vc: u32,
    target: MevaTarget,
}

/// Checks a MEVA order: the fleet is the orderer's and has VC not yet promised to
/// an earlier MEVA (G-9: a larger count is clipped or voids the order, policy
/// `excess_quantity`); VC its cargo needs stay (G-54).
fn meva_order(
    turn: &mut Turn<'_>,
    index: usize,
    player: PlayerId,
    fleet: FleetId,
    count: u32,
    target: MevaTarget,
) -> Option<Meva> {
    let f = turn.owned_fleet_or_void(index, player, fleet)?;
    let world = f.world;
    if f.vc == 0 {
        turn.void(
            index,
            "resolve-void-meva-no-vc",
            &[("fleet", fleet.to_string())],
        );
        return None;
    }
    let present = f.vc;
    let asked = clip_quantity(
        turn,
        index,
        count,
        present,
        "resolve-void-meva-no-vc",
        "resolve-void-excess",
    )?;
    let vc = asked.min(turn.ships_free_of_cargo(fleet, ShipKind::Vc));
    if vc == 0 {
        turn.void(
            index,
            "resolve-void-meva-no-vc",
            &[("fleet", fleet.to_string())],
        );
        return None;
    }
    // The VC leave the fleet now: a second MEVA of the same fleet sees the rest.
    let taken = -turn.change_ships(
        Holder::Fleet(fleet),
        ShipKind::Vc,
        -i64::from(vc),
        Cause::Meva,
    );
    Some(Meva {
        index,
        player,
        fleet,
        world,
        vc: u32::try_from(taken).unwrap_or(0),
        target,
    })
}

/// Gives back VC taken for a MEVA that does not happen.
fn give_back(turn: &mut Turn<'_>, meva: &Meva, vc: u32) {
    if vc > 0 {
        turn.change_ships(
            Holder::Fleet(meva.fleet),
            ShipKind::Vc,
            i64::from(vc),
            Cause::Meva,
        );
    }
}

/// The MEVA of one world.
///
/// Ruling G-116 (VI.6.2): a MEVA needs no ownership of the world; on a world with
/// no free slot every MEVA order is voided (no VC lost); a single explorer asking
/// more VC than the free slots sacrifices only as many VC as there are free slots
/// (his orders served in queue order). The validator warns that a MEVA asking more
/// VC than the world's free slots (`E=x/8`) is clipped, and reports one on a world
/// whose slots are all used as an error.
///
/// Applies ruling G-115 (see the ruling list): policy `meva_share_rounding`.
fn resolve_meva(turn: &mut Turn<'_>, world: WorldId, orders: Vec<Meva>) {
    let slots = turn.rules.meva_slots();
    let done = turn.galaxy.world(world).map_or(slots, |w| w.meva);
    let free = slots.saturating_sub(done);
    let asked: u64 = orders.iter().map(|m| u64::from(m.vc)).sum();
    let per_meva = turn.rules.scoring.explorer.per_meva;
    if free == 0 {
        for meva in &orders {
            give_back(turn, meva, meva.vc);
            turn.void(
                meva.index,
                "resolve-void-meva-full",
                &[("world", world.to_string())],
            );
        }
        return;
    }
    let mut explorers: Vec<PlayerId> = orders.iter().map(|m| m.player).collect();
    explorers.sort();
    explorers.dedup();
    // VC that count, for the population and for the mining capacity.
    let mut effects = (0u32, 0u32);
    if asked <= u64::from(free) || explorers.len() == 1 {
        // Everything fits, or one explorer clipped to the free slots.
        let mut room = free;
        let mut points: BTreeMap<PlayerId, i64> = BTreeMap::new();
        for meva in &orders {
            let used = meva.vc.min(room);
            room -= used;
            give_back(turn, meva, meva.vc - used);
            if used == 0 {
                turn.void(
                    meva.index,
                    "resolve-void-meva-full",
                    &[("world", world.to_string())],
                );
                continue;
            }
            add_effect(&mut effects, meva.target, used);
            *points.entry(meva.player).or_insert(0) += i64::from(used);
        }
        for (player, vc) in points {
            turn.score(player, vc.saturating_mul(per_meva), "meva");
        }
    } else {
        // Over-subscribed by several explorers: all asked VC are lost.
        let mut by_player: BTreeMap<PlayerId, u64> = BTreeMap::new();
        let mut for_population: u64 = 0;
        for meva in &orders {
            if meva.target == MevaTarget::Population {
                for_population += u64::from(meva.vc);
            }
            *by_player.entry(meva.player).or_insert(0) += u64::from(meva.vc);
        }
        // `free` VC drawn without replacement among those asked: how many of them
        // were sent for the population is hypergeometric (ruling G-146).
        let drawn_p = draw::hypergeometric(
            turn.rng,
            for_population,
            asked - for_population,
            u64::from(free),
        );
        let drawn_p = u32::try_from(drawn_p).unwrap_or(free).min(free);
        add_effect(&mut effects, MevaTarget::Population, drawn_p);
        add_effect(&mut effects, MevaTarget::Mining, free - drawn_p);
        let total_points = u64::try_from(per_meva.max(0)).unwrap_or(0) * u64::from(free);
        let rounding = turn.rules.policies.meva_share_rounding;
        for (player, vc) in by_player {
            let share = rounding.divide(total_points.saturating_mul(vc), asked);
            turn.score(player, i64::try_from(share).unwrap_or(0), "meva");
        }
    }
    apply_effects(turn, world, effects);
}

/// Counts `vc` VC sent for `target`.
fn add_effect(effects: &mut (u32, u32), target: MevaTarget, vc: u32) {
    match target {
        MevaTarget::Population => effects.0 = effects.0.saturating_add(vc),
        MevaTarget::Mining => effects.1 = effects.1.saturating_add(vc),
    }
}

/// The effects of the MEVA VC that count on a world: `(p, cm)` VC for the
/// population and for the mining capacity.
fn apply_effects(turn: &mut Turn<'_>, world: WorldId, (p, cm): (u32, u32)) {
    let rules = turn.rules;
    // Growth bonus in tenths of a percent (the model's unit): 1/40 → 25.
    let growth_per_vc = rules.economy.meva_p_growth.floor_of(1000);
    let Some(w) = turn.galaxy.worlds.get_mut(&world) else {
        return;
    };
    w.meva = w
        .meva
        .saturating_add(p + cm)
        .min(rules.meva_slots().max(w.meva));
    if p > 0 {
        w.pop_limit = w.pop_limit.saturating_add(rules.meva_limit_bonus(p));
        let bonus = growth_per_vc.saturating_mul(u64::from(p));
        w.growth_bonus = w
            .growth_bonus
            .saturating_add(u32::try_from(bonus).unwrap_or(u32::MAX));
    }
    if cm > 0 {
        let before = w.mining_counter;
        let after = before.saturating_add(rules.economy.meva_cm_turns.saturating_mul(cm));
        w.mining_counter = after;
        w.mining = rules.mining_capacity_after(w.mining, before, after);
    }
}

#[cfg(test)]
mod tests {
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    use super::*;
    use crate::model::{Fleet, Galaxy, Player, World};
    use crate::resolve::{Submissions, Turn};
    use crate::rules::Ruleset;

    #[test]
    fn contested_meva_effects_are_the_free_slots_drawn_among_the_asked_vc() {
        // The book's case: 2 MEVA done, 4 CM + 2 P + 3 CM asked: 6 effects drawn,
        // at most 2 of them P, so 4 to 6 CM; each P adds 5 to the limit and each CM
        // 3 to the mining counter.
        for seed in 0..20 {
            let mut start = Galaxy::default();
            start.players.insert(PlayerId::NEUTRAL, Player::neutral());
            for p in [1, 2] {
                let id = PlayerId(p);
                start
                    .players
                    .insert(id, Player::new(id, "E", Some(Class::Explorer)));
            }
            let mut world = World::new(50, vec![], Default::default());
            world.meva = 2;
            start.worlds.insert(50, world);
            for (id, owner) in [(50, 1), (45, 2), (75, 2)] {
                let mut f = Fleet::new(id, PlayerId(owner), 50);
                f.vc = 5;
                start.fleets.insert(id, f);
            }
            let rules = Ruleset::builtin_2002();
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            let mut turn = Turn::new(&start, &Submissions::new(), &rules, &mut rng);
            let meva = |index, player, fleet, vc, target| Meva {
                index,
                player: PlayerId(player),
                fleet,
                world: 50,
                vc,
                target,
            };
            let orders = vec![
                meva(0, 1, 50, 4, MevaTarget::Mining),
                meva(1, 2, 45, 2, MevaTarget::Population),
                meva(2, 2, 75, 3, MevaTarget::Mining),
            ];
            resolve_meva(&mut turn, 50, orders);
            let w = &turn.galaxy.worlds[&50];
            assert_eq!(w.meva, 8);
            let p = w.pop_limit / 5;
            let cm = w.mining_counter / 3;
            assert_eq!(p + cm, 6, "seed {seed}");
            assert!(
                p <= 2 && (4..=6).contains(&cm),
                "seed {seed}: {p} P, {cm} CM"
            );
            assert_eq!(w.growth_bonus, 25 * p);
        }
    }
}
