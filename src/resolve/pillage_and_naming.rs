//! Step 16 (VIII.1 weight 16), "Pillages et nommages des mondes": `M_m P` (V.2,
//! VI.2.1, catalog §4.15) and `M_m = "Nom"`.
//!
//! "Il faut être propriétaire du monde (ou être déclaré pilleur par le nouveau
//! propriétaire). Attention, la capture a déjà eu lieu." A pillage removes a third
//! of the population (robots excluded, at least one population left), pro rata of
//! converts and non-converts; the world does not grow this turn and its mines stop
//! for 4 turns (`Pi=k/4`); it may be pillaged again once it shows `Pi=k/1`. A
//! pirate scores 80, 50, 40, 30, then 20 per pillage of the world; any other class
//! loses 40.

use std::collections::BTreeMap;

use super::{Cause, PeopleKind, Place, Step, Turn};
use crate::model::view::WorldEvent;
use crate::model::{Class, PlayerId, WorldId};
use crate::orders::OrderKind;
use crate::rules::policy::PillageCount;

pub(super) fn run(turn: &mut Turn<'_>) {
    for (index, player, kind) in turn.live_orders(Step::PillageAndNaming) {
        match kind {
            OrderKind::Pillage { world } => pillage(turn, index, player, world),
            OrderKind::Name { world, name } => {
                let owner = turn.galaxy.world(world).map(|w| w.owner);
                if owner != Some(player) {
                    turn.void(
                        index,
                        "resolve-void-world-not-owned",
                        &[("world", world.to_string())],
                    );
                    continue;
                }
                if let Some(w) = turn.galaxy.worlds.get_mut(&world) {
                    w.name = Some(name);
                }
            }
            _ => {}
        }
    }
}

/// May `player` pillage `world` now?
///
/// Ruling G-103 (VI.2.1): `M_m P` is executed for the owner of the world at step 16
/// (after this turn's captures and conversions), or for the owner at the start of
/// the turn when the owner at step 16 has a standing `PI` declaration for him.
fn may_pillage(turn: &Turn<'_>, player: PlayerId, world: WorldId) -> bool {
    let Some(w) = turn.galaxy.world(world) else {
        return false;
    };
    if w.owner == player {
        return true;
    }
    let owned_at_start = turn.start.world(world).is_some_and(|s| s.owner == player);
    owned_at_start
        && !w.owner.is_neutral()
        && turn
            .galaxy
            .player(w.owner)
            .is_some_and(|o| o.declarations.pillagers.contains(&player))
}

/// `M_m P`.
///
/// Ruling G-102 (VI.2.1): a world without human population (robots only, or empty)
/// may be pillaged: nobody disappears, but it counts as a pillage (points, `Pi`,
/// mines stopped).
///
/// Ruling G-101 (VI.2): the populations a pillage removes "disparaissent": they are
/// logged with the cause `Pillage` and are never "destroyed" populations for scoring.
fn pillage(turn: &mut Turn<'_>, index: usize, player: PlayerId, world: WorldId) {
    if !may_pillage(turn, player, world) {
        turn.void(
            index,
            "resolve-void-pillage-rights",
            &[("world", world.to_string())],
        );
        return;
    }
    let Some(w) = turn.galaxy.world(world) else {
        return;
    };
    if !turn.rules.can_pillage_again(w.pillage_recovery) {
        turn.void(
            index,
            "resolve-void-pillage-recovery",
            &[
                ("world", world.to_string()),
                ("left", w.pillage_recovery.to_string()),
            ],
        );
        return;
    }
    let converts: Vec<(PlayerId, u32)> = w
        .population
        .converts
        .iter()
        .map(|(p, n)| (*p, *n))
        .collect();
    let non_converts = w.population.non_converts;
    let humans = w.population.humans();
    let lost = turn.rules.pillage_loss(humans);
    for (kind, n) in split_loss(lost, non_converts, &converts) {
        turn.change_people(Place::World(world), kind, -i64::from(n), Cause::Pillage);
    }
    let recovery = turn.rules.economy.pillage_recovery_turns;
    let nth = {
        let Some(w) = turn.galaxy.worlds.get_mut(&world) else {
            return;
        };
        w.pillage_count = w.pillage_count.saturating_add(1);
        w.pillage_recovery = recovery;
        let by_pirate = w.pillages_by.entry(player).or_insert(0);
        *by_pirate = by_pirate.saturating_add(1);
        match turn.rules.policies.pillage_count {
            PillageCount::PerWorld => w.pillage_count,
            PillageCount::PerPirate => *by_pirate,
        }
    };
    turn.scratch.pillaged.insert(world);
    turn.record
        .world_events
        .entry(world)
        .or_insert(WorldEvent::Pillaged);
    let pirate = turn.galaxy.player(player).and_then(|p| p.class) == Some(Class::Pirate);
    if pirate {
        let points = turn.rules.pillage_points(nth);
        turn.score(player, points, "pillage");
    } else {
        let penalty = turn.rules.scoring.non_pirate_pillage;
        turn.score(player, penalty, "pillage-penalty");
    }
}

/// How the `lost` populations of a pillage split between non-converts and each
/// missionary's converts.
///
/// Applies ruling G-98 (see the ruling list).
fn split_loss(
    lost: u64,
    non_converts: u32,
    converts: &[(PlayerId, u32)],
) -> Vec<(PeopleKind, u32)> {
    let humans: u64 =
        u64::from(non_converts) + converts.iter().map(|(_, n)| u64::from(*n)).sum::<u64>();
    if lost == 0 || humans == 0 {
        return Vec::new();
    }
    let lost = lost.min(humans);
    let mut from_c: BTreeMap<PlayerId, u32> = BTreeMap::new();
    for (p, n) in converts {
        // lost ≤ humans < 2^35 and n < 2^32: the product fits in u128 always.
        let share = u128::from(lost) * u128::from(*n) / u128::from(humans);
        from_c.insert(*p, u32::try_from(share).unwrap_or(*n).min(*n));
    }
    let taken_c: u64 = from_c.values().map(|&n| u64::from(n)).sum();
    let mut rest = lost.saturating_sub(taken_c);
    let from_n = u32::try_from(rest.min(u64::from(non_converts))).unwrap_or(non_converts);
    rest -= u64::from(from_n);
    let mut by_size: Vec<(PlayerId, u32)> = converts.to_vec();
    by_size.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
    for (p, n) in by_size {
        if rest == 0 {
            break;
        }
        let slot = from_c.entry(p).or_insert(0);
        let more = u32::try_from(u64::from(n - *slot).min(rest)).unwrap_or(0);
        *slot += more;
        rest -= u64::from(more);
    }
    let mut out = Vec::new();
    if from_n > 0 {
        out.push((PeopleKind::N, from_n));
    }
    for (p, n) in from_c {
        if n > 0 {
            out.push((PeopleKind::C(p), n));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_loss_follows_the_share_of_converts() {
        // 30 people: 20 N, 10 C of player 3 → lose 10: 3 C (10·10/30 = 3.33), 7 N.
        let split = split_loss(10, 20, &[(PlayerId(3), 10)]);
        assert_eq!(
            split,
            vec![(PeopleKind::N, 7), (PeopleKind::C(PlayerId(3)), 3)]
        );
    }

    #[test]
    fn converts_pay_when_non_converts_run_short() {
        // 1 C of 2, 2 C of 3, no N, lose 1: both shares round to 0, taken from 3.
        let split = split_loss(1, 0, &[(PlayerId(2), 1), (PlayerId(3), 2)]);
        assert_eq!(split, vec![(PeopleKind::C(PlayerId(3)), 1)]);
    }
}
