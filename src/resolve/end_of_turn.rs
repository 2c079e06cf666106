//! "MiseAuPoint" (VIII.1, after the gifts): what the arbiter notes and updates once
//! every order has run, in the book's list order (ruling G-37):
//!
//! 1. contacts and new meetings (who knows whom by name);
//! 2. observations of worlds (explorers: points, the world's `E` counter) and
//!    start-world points (PE);
//! 3. localisations (explorers: points for each world first described);
//! 4. counters: possession and mining counters, mining capacity, corruption
//!    history, pillage recovery;
//! 5. growth of populations below their limit;
//! 6. MP extraction, up to the mining capacity and the idle populations;
//! 7. the active industries of the next turn;
//!
//! then the galaxy moves to the next turn.

use std::collections::{BTreeMap, BTreeSet};

use rand::RngExt;

use super::{Cause, EventKind, PeopleKind, Place, Step, Turn};
use crate::model::{Class, PlayerId, WorldId};
use crate::report::write::described_worlds_by_player;
use crate::rules::Ratio;
use crate::rules::policy::GiftWorldTurn;

pub(super) fn run(turn: &mut Turn<'_>) {
    let described = described_worlds_by_player(&turn.galaxy, &turn.record);
    contacts(turn, &described);
    observations(turn);
    localisations(turn, &described);
    let changes = owner_changes(turn);
    counters(turn, &changes);
    growth(turn, &changes);
    extraction(turn, &changes);
    next_active_industries(turn);
    turn.galaxy.turn = turn.galaxy.turn.saturating_add(1);
    let submitted = turn.submitted.clone();
    for player in turn.galaxy.players.values_mut() {
        player.missed_last_turn = !player.is_neutral() && !submitted.contains(&player.id);
    }
}

/// Applies ruling G-62 (see the ruling list): who a player knows by name.
fn contacts(turn: &mut Turn<'_>, described: &BTreeMap<PlayerId, BTreeSet<WorldId>>) {
    let mut fleet_owners: BTreeMap<WorldId, BTreeSet<PlayerId>> = BTreeMap::new();
    for fleet in turn.galaxy.fleets.values() {
        fleet_owners
            .entry(fleet.world)
            .or_default()
            .insert(fleet.owner);
    }
    let mut met: Vec<(PlayerId, PlayerId)> = Vec::new();
    for (&player, worlds) in described {
        for world in worlds {
            if let Some(w) = turn.galaxy.worlds.get(world) {
                met.push((player, w.owner));
            }
            for &owner in fleet_owners.get(world).into_iter().flatten() {
                met.push((player, owner));
            }
        }
    }
    for (player, other) in met {
        if other == player || other.is_neutral() || !turn.galaxy.players.contains_key(&other) {
            continue;
        }
        if let Some(p) = turn.galaxy.players.get_mut(&player) {
            p.known_players.insert(other);
        }
    }
}

/// The worlds where each player has at least one ship (a fleet with VC or VT) at
/// the end of the turn.
fn ships_present(turn: &Turn<'_>) -> BTreeMap<PlayerId, BTreeSet<WorldId>> {
    let mut present: BTreeMap<PlayerId, BTreeSet<WorldId>> = BTreeMap::new();
    for fleet in turn.galaxy.fleets.values() {
        if fleet.ships() > 0 && !fleet.owner.is_neutral() {
            present.entry(fleet.owner).or_default().insert(fleet.world);
        }
    }
    present
}

fn explorers(turn: &Turn<'_>) -> Vec<PlayerId> {
    turn.galaxy
        .players
        .values()
        .filter(|p| p.class == Some(Class::Explorer))
        .map(|p| p.id)
        .collect()
}

/// Explorers' observations (VI.6.1) and start-world points (VI.6, catalog §4.17).
///
/// Applies ruling G-113 (see the ruling list).
fn observations(turn: &mut Turn<'_>) {
    let present = ships_present(turn);
    let explorers = explorers(turn);
    let every_turn = start_worlds_every_turn(turn.rules);
    let mut start_world_visitors: BTreeMap<WorldId, Vec<PlayerId>> = BTreeMap::new();
    for explorer in explorers {
        let Some(worlds) = present.get(&explorer) else {
            continue;
        };
        for &world_id in worlds {
            let Some(world) = turn.galaxy.worlds.get(&world_id) else {
                continue;
            };
            if world.black_hole {
                continue;
            }
            let own_start = world.start_owner == Some(explorer);
            let first_time = turn
                .galaxy
                .players
                .get(&explorer)
                .is_some_and(|p| !p.observed.contains(&world_id));
            if let Some(owner) = world.start_owner
                && owner != explorer
                && (first_time || every_turn)
            {
                start_world_visitors
                    .entry(world_id)
                    .or_default()
                    .push(explorer);
            }
            if !first_time {
                continue;
            }
            if let Some(p) = turn.galaxy.players.get_mut(&explorer) {
                p.observed.insert(world_id);
            }
            if own_start {
                continue;
            }
            let meva_before = world.meva;
            let points = turn.rules.observation_points(meva_before);
            turn.score(explorer, points, "observation");
            if turn.rules.economy.observation_adds_to_meva_counter {
                let slots = turn.rules.meva_slots();
                if let Some(w) = turn.galaxy.worlds.get_mut(&world_id) {
                    w.meva = (w.meva + 1).min(slots.max(w.meva));
                }
            }
        }
    }
    start_worlds(turn, &start_world_visitors);
}

/// Whether an explorer scores a foreign Md every turn he is on it, or only at his
/// first observation of it.
///
/// Applies ruling G-111 (see the ruling list): policy `start_world_turns`.
fn start_worlds_every_turn(rules: &crate::rules::Ruleset) -> bool {
    matches!(
        rules.scoring.explorer.start_world,
        crate::rules::StartWorldScoring::Potential { .. }
    ) && rules.policies.start_world_turns == crate::rules::policy::StartWorldTurns::EveryTurn
}

/// Start-world (Md) points: every Md's state advances and the explorers on it
/// share what it gives (`Ruleset::start_world_points`, G-112; 1999: bonuses by
/// observation rank). Under the 2002 rules every Md gains its PE, visited or not;
/// ruling G-117 (VI.6): every Md accumulates PE, its owner never scores it, and a
/// bomb does not reset it.
fn start_worlds(turn: &mut Turn<'_>, visitors: &BTreeMap<WorldId, Vec<PlayerId>>) {
    let start_world_ids: Vec<WorldId> = turn
        .galaxy
        .worlds
        .values()
        .filter(|w| w.is_start_world())
        .map(|w| w.id)
        .collect();
    for world_id in start_world_ids {
        let Some(world) = turn.galaxy.worlds.get(&world_id) else {
            continue;
        };
        let here = visitors.get(&world_id).cloned().unwrap_or_default();
        if here.is_empty() {
            if let crate::rules::StartWorldScoring::Potential { per_turn, .. } =
                turn.rules.scoring.explorer.start_world
                && let Some(w) = turn.galaxy.worlds.get_mut(&world_id)
            {
                w.pe = w.pe.saturating_add(per_turn);
            }
            continue;
        }
        let count = u32::try_from(here.len()).unwrap_or(u32::MAX);
        let (each, state) = turn.rules.start_world_points(world.pe, count);
        if let Some(w) = turn.galaxy.worlds.get_mut(&world_id) {
            w.pe = state;
        }
        for explorer in here {
            turn.score(explorer, each, "start-world");
        }
    }
}

/// Ruling G-63 (VI.6.1): an explorer localises a world the first time it gets its
/// own line on his CR (black holes included) and scores for it once; a black hole
/// is also localised the first time it is shown with `@` in a connection list
/// (explorer view), as the player's knowledge records it.
fn localisations(turn: &mut Turn<'_>, described: &BTreeMap<PlayerId, BTreeSet<WorldId>>) {
    let points = turn.rules.scoring.explorer.localised;
    for explorer in explorers(turn) {
        let Some(worlds) = described.get(&explorer) else {
            continue;
        };
        let new: Vec<WorldId> = match turn.galaxy.players.get(&explorer) {
            Some(p) => worlds.difference(&p.localised).copied().collect(),
            None => continue,
        };
        if new.is_empty() {
            continue;
        }
        if let Some(p) = turn.galaxy.players.get_mut(&explorer) {
            p.localised.extend(new.iter().copied());
        }
        let total = points.saturating_mul(i64::try_from(new.len()).unwrap_or(i64::MAX));
        turn.score(explorer, total, "localisation");
    }
}

/// How a world's owner changed during the turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum OwnerChange {
    /// Given at step 17 (and not taken before).
    Gift,
    /// Captured, neutralised or taken back: any change other than a gift alone.
    Other,
}

/// The worlds whose owner changed during the turn, read from the log.
fn owner_changes(turn: &Turn<'_>) -> BTreeMap<WorldId, OwnerChange> {
    let mut changes: BTreeMap<WorldId, OwnerChange> = BTreeMap::new();
    for event in &turn.events {
        if let EventKind::WorldOwner { world, .. } = event.kind {
            let kind = if event.step == Step::Gifts {
                OwnerChange::Gift
            } else {
                OwnerChange::Other
            };
            changes
                .entry(world)
                .and_modify(|c| {
                    if kind == OwnerChange::Other {
                        *c = OwnerChange::Other;
                    }
                })
                .or_insert(kind);
        }
    }
    // A world taken and given back ends with its owner of the start: still a change.
    changes
}

/// Possession and mining counters (III.1.3, III.1.6, catalog §4.3), corruption
/// history and pillage recovery.
///
/// Ruling G-40 (VII.2): a capture (any change of owner but a gift) resets both
/// counters to 0 — the CR shows no counter on the turn of the capture.
/// Ruling G-39 (VII.3.6): a gifted world's new owner starts with a possession
/// counter of 0 and keeps only the mining counter not yet turned into capacity
/// (`min(c − o, c mod 7)`).
/// Ruling G-38 (III.1.6): a world of capacity 0 has no counter unless a MEVA CM
/// started it; once started both counters advance by one per turn.
fn counters(turn: &mut Turn<'_>, changes: &BTreeMap<WorldId, OwnerChange>) {
    let step = turn.rules.economy.mining_step_turns.max(1);
    let pillaged = turn.scratch.pillaged.clone();
    let rules = turn.rules;
    let start = turn.start;
    for world in turn.galaxy.worlds.values_mut() {
        match changes.get(&world.id) {
            Some(OwnerChange::Other) => {
                world.owned_turns = 0;
                world.mining_counter = 0;
            }
            Some(OwnerChange::Gift) => {
                let unused = world
                    .mining_counter
                    .saturating_sub(world.owned_turns)
                    .min(world.mining_counter % step);
                world.owned_turns = 0;
                world.mining_counter = unused;
            }
            None if world.owner.is_neutral() => {
                world.owned_turns = 0;
                world.mining_counter = 0;
            }
            None => {
                // Counters run from the turn after they start (a MEVA CM this turn
                // shows "Miranda:0:3", the next turn "Miranda:1:4").
                let started = start
                    .world(world.id)
                    .is_some_and(|w| w.mining > 0 || w.mining_counter > 0);
                if started {
                    let before = world.mining_counter;
                    world.owned_turns = world.owned_turns.saturating_add(1);
                    world.mining_counter = before.saturating_add(1);
                    world.mining =
                        rules.mining_capacity_after(world.mining, before, world.mining_counter);
                }
            }
        }
        if !world.owner.is_neutral() {
            *world.ownership_turns.entry(world.owner).or_insert(0) += 1;
        }
        if world.pillage_recovery > 0 && !pillaged.contains(&world.id) {
            world.pillage_recovery -= 1;
        }
    }
}

/// Population growth (III.1.5, catalog §4.1): a world whose human population is
/// below its limit gains `p × rate` (rate = 10 % + its MEVA P bonus): the whole part
/// surely, one more with the probability of the fraction; never above the limit.
/// No growth on a world captured this turn (a gift still grows, G-35) or pillaged
/// this turn.
///
/// Ruling G-32 (III.1.5): p' = min(p + gain, limit), no growth when p ≥ limit.
/// Ruling G-33 (VI.5): robots never grow.
/// Ruling G-34 (III.1.5): growth is in non-converts, except on a world entirely
/// converted where it goes to the converts of its (main) missionary.
fn growth(turn: &mut Turn<'_>, changes: &BTreeMap<WorldId, OwnerChange>) {
    let ids: Vec<WorldId> = turn.galaxy.worlds.keys().copied().collect();
    for id in ids {
        let Some(world) = turn.galaxy.worlds.get(&id) else {
            continue;
        };
        if world.black_hole
            || changes.get(&id) == Some(&OwnerChange::Other)
            || turn.scratch.pillaged.contains(&id)
        {
            continue;
        }
        let humans = world.population.humans();
        let limit = u64::from(world.pop_limit);
        if humans == 0 || humans >= limit {
            continue;
        }
        let kind = if world.population.non_converts == 0 {
            world
                .population
                .main_missionary()
                .map_or(PeopleKind::N, PeopleKind::C)
        } else {
            PeopleKind::N
        };
        let bonus = Ratio::new(u64::from(world.growth_bonus), 1000).unwrap_or(Ratio::ZERO);
        let rate = turn
            .rules
            .economy
            .growth
            .checked_add(bonus)
            .unwrap_or(turn.rules.economy.growth);
        let (whole, fraction) = rate.split_of(humans);
        let extra = u64::from(draw(turn, fraction));
        let room = limit - humans;
        let gain = whole.saturating_add(extra).min(room);
        let gain = i64::try_from(gain).unwrap_or(0);
        turn.change_people(Place::World(id), kind, gain, Cause::Growth);
    }
}

/// True with probability `p` (a fraction below one), drawn from the turn's
/// generator; no draw at all when `p` is 0.
fn draw(turn: &mut Turn<'_>, p: Ratio) -> bool {
    if p.num == 0 || p.den == 0 {
        return false;
    }
    if p.num >= p.den {
        return true;
    }
    turn.rng.random_range(0..p.den) < p.num
}

/// The UP spent on each world this turn (steps 3–7): every UP consumes one MP of
/// the world, so they are the MP the world lost to production and construction.
///
/// Ruling G-30 (IV): the workers of a world are the UP actually spent on it; an
/// active industry left unused employs nobody.
fn up_spent(turn: &Turn<'_>) -> BTreeMap<WorldId, u32> {
    let mut spent: BTreeMap<WorldId, u32> = BTreeMap::new();
    for event in &turn.events {
        if let EventKind::Mp {
            place: Place::World(w),
            delta,
            cause: Cause::Built | Cause::Production,
        } = event.kind
            && delta < 0
        {
            let used = u32::try_from(-delta).unwrap_or(u32::MAX);
            let slot = spent.entry(w).or_insert(0);
            *slot = slot.saturating_add(used);
        }
    }
    spent
}

/// MP extraction (III.1.6, catalog §4.2): `min(capacity, idle populations)` on
/// every owned world not captured this turn and not recovering from a pillage.
///
/// Ruling G-31 (IV): robots count as populations for mining.
/// Applies ruling G-35 (see the ruling list): policy `gift_world_turn`.
fn extraction(turn: &mut Turn<'_>, changes: &BTreeMap<WorldId, OwnerChange>) {
    let spent = up_spent(turn);
    let gift_mines = turn.rules.policies.gift_world_turn == GiftWorldTurn::GrowsAndMines;
    let mut extracted: Vec<(WorldId, u32)> = Vec::new();
    for world in turn.galaxy.worlds.values() {
        if world.owner.is_neutral() || world.black_hole || world.pillage_recovery > 0 {
            continue;
        }
        match changes.get(&world.id) {
            Some(OwnerChange::Other) => continue,
            Some(OwnerChange::Gift) if !gift_mines => continue,
            _ => {}
        }
        let workers = spent.get(&world.id).copied().unwrap_or(0);
        let idle = world
            .population
            .total()
            .saturating_sub(u64::from(workers))
            .saturating_mul(u64::from(turn.rules.economy.mining_per_population.max(1)));
        let amount = u32::try_from(u64::from(world.mining).min(idle)).unwrap_or(world.mining);
        if amount > 0 {
            extracted.push((world.id, amount));
        }
    }
    for (world, amount) in extracted {
        turn.change_mp(Place::World(world), i64::from(amount), Cause::Mining);
    }
}

/// The active industries of the next turn (`I=a/n`, catalog §4.4):
/// `a = max(0, min(I, MP, populations) − blocked)`, blocked = the enemy VC beyond
/// the owner's defence.
///
/// Ruling G-28 (IV): `a` is fixed here and is the UP budget of the next turn.
/// Ruling G-29 (IV.7): only VC of fleets at war count; enemies are every player
/// (the neutral one included) who has not declared the owner an ally; the owner
/// counts 2 × VI + VP + the VC of his own war fleets (allies' ships count on no side).
fn next_active_industries(turn: &mut Turn<'_>) {
    let mut owner_vc: BTreeMap<WorldId, u64> = BTreeMap::new();
    let mut enemy_vc: BTreeMap<WorldId, u64> = BTreeMap::new();
    for fleet in turn.galaxy.fleets.values() {
        if fleet.at_peace || fleet.vc == 0 {
            continue;
        }
        let Some(world) = turn.galaxy.worlds.get(&fleet.world) else {
            continue;
        };
        if fleet.owner == world.owner {
            *owner_vc.entry(world.id).or_insert(0) += u64::from(fleet.vc);
            continue;
        }
        let ally = turn
            .galaxy
            .players
            .get(&fleet.owner)
            .is_some_and(|p| p.declarations.allies.contains(&world.owner));
        if !ally {
            *enemy_vc.entry(world.id).or_insert(0) += u64::from(fleet.vc);
        }
    }
    for world in turn.galaxy.worlds.values_mut() {
        let defence = 2 * u64::from(world.vi)
            + u64::from(world.vp)
            + owner_vc.get(&world.id).copied().unwrap_or(0);
        let blocked = enemy_vc
            .get(&world.id)
            .copied()
            .unwrap_or(0)
            .saturating_sub(defence);
        let possible = u64::from(world.industries.min(world.mp)).min(world.population.total());
        let active = possible.saturating_sub(blocked);
        world.active_industries = u32::try_from(active).unwrap_or(0);
    }
}
