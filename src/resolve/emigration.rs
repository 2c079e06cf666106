//! Step 5, "Émigration et déchargements de populations", and 5*, "Résolution des
//! conflits issus de l'émigration" (IV.2, V.3, VI.5.1, VII.4; VIII.1 weight 5).
//!
//! "On note le nombre de N, C et R émigrés sur chaque monde et qui les émigre. Les
//! robots appartiennent au propriétaire du monde d'où il vient … Les populations et
//! robots déchargés par les flottes sont comptés comme des populations émigrées.
//! Les robots qui ont été construits en 3. sont également comptés comme étant
//! émigrés." Then, world by world: robots against robots, robots against the
//! populations (1 robot for 4 populations), and the new owner: a neutral or empty
//! world goes to whoever brought the most populations (a tie leaves it neutral), a
//! world whose population the robots killed goes to the robots' owner. "Un monde
//! capturé par émigration est immédiatement disponible pour les ordres qui suivent."

use std::collections::{BTreeMap, BTreeSet};

use crate::model::{PlayerId, WorldId};
use crate::orders::OrderKind;
use crate::orders::ast::{People, UnloadGoods};

use super::capture::capture_world;
use super::construction::{afford, clip_quantity, note_reduced, owns_world, spend_up};
use super::robot_attack::{self, Emptied};
use super::{Cause, PeopleKind, Place, Step, Turn};

/// People landing on a world at 5*.
#[derive(Clone, Copy, Debug)]
struct Arrival {
    /// Who they count for: the sender for N and R, the missionary for C.
    credit: PlayerId,
    kind: PeopleKind,
    count: u32,
    cause: Cause,
}

/// What step 5 collected, world by world.
#[derive(Default)]
struct Landing {
    arrivals: BTreeMap<WorldId, Vec<Arrival>>,
    /// Humans (N, C) already bound for each world this step, for the cap (G-44).
    pending_humans: BTreeMap<WorldId, u32>,
    /// Worlds with no population at all when step 5 began, where anyone may
    /// unload people (whatever the order the unloads are read in).
    empty_at_start: BTreeSet<WorldId>,
    /// Humans on each world people are sent to, when step 5 began: the room of
    /// G-44 does not depend on the order emigrations are read in.
    humans_at_start: BTreeMap<WorldId, u64>,
}

pub(super) fn run(turn: &mut Turn<'_>) {
    let mut landing = Landing::default();
    let orders = turn.live_orders(Step::Emigration);
    for (_, _, kind) in &orders {
        let target = match kind {
            OrderKind::Unload { fleet, .. } => turn.galaxy.fleet(*fleet).map(|f| f.world),
            OrderKind::Emigrate { target, .. } => Some(*target),
            _ => None,
        };
        let Some(w) = target.and_then(|t| turn.galaxy.world(t)) else {
            continue;
        };
        if w.population.total() == 0 {
            landing.empty_at_start.insert(w.id);
        }
        landing.humans_at_start.insert(w.id, w.population.humans());
    }
    for (index, player, kind) in orders {
        match kind {
            OrderKind::Emigrate {
                world,
                count,
                people,
                target,
            } => emigrate(
                turn,
                &mut landing,
                index,
                player,
                world,
                count,
                people,
                target,
            ),
            OrderKind::Unload {
                fleet,
                count,
                goods: UnloadGoods::People(people),
            } => unload(turn, &mut landing, index, player, fleet, count, people),
            _ => {}
        }
    }
    let built = std::mem::take(&mut turn.scratch.robots_built);
    for (world, count) in built {
        let Some(owner) = turn.galaxy.world(world).map(|w| w.owner) else {
            continue;
        };
        landing.arrivals.entry(world).or_default().push(Arrival {
            credit: owner,
            kind: PeopleKind::R,
            count,
            cause: Cause::Built,
        });
    }
    for (world, arrivals) in std::mem::take(&mut landing.arrivals) {
        resolve_world(turn, world, &arrivals);
    }
}

/// Room left on `world` for arriving humans under the overpopulation cap.
///
/// Applies ruling G-44 (see the ruling list).
fn room_for_humans(turn: &Turn<'_>, landing: &Landing, world: WorldId) -> u32 {
    let Some(w) = turn.galaxy.world(world) else {
        return 0;
    };
    match turn.rules.population_ceiling(w.pop_limit) {
        None => u32::MAX,
        Some(ceiling) => {
            let pending = landing.pending_humans.get(&world).copied().unwrap_or(0);
            let present = landing
                .humans_at_start
                .get(&world)
                .copied()
                .unwrap_or_else(|| w.population.humans());
            let room = u64::from(ceiling).saturating_sub(present + u64::from(pending));
            u32::try_from(room).unwrap_or(u32::MAX)
        }
    }
}

/// The kinds of people an `E x P` / `E x C` order takes from a world, split pro
/// rata.
///
/// Ruling G-48 (IV.2): `M_m E x P M_n` takes N and each missionary's C pro rata of
/// their numbers on m (converts floored, the remainder in N); `E x C` with the
/// converts of several missionaries splits them likewise, remainders to the larger
/// groups.
fn split_humans(
    n: u32,
    converts: &BTreeMap<PlayerId, u32>,
    count: u32,
    with_n: bool,
) -> Vec<(PeopleKind, u32)> {
    let c_total: u64 = converts.values().map(|c| u64::from(*c)).sum();
    let total = c_total + if with_n { u64::from(n) } else { 0 };
    if total == 0 {
        return Vec::new();
    }
    let mut parts: Vec<(PeopleKind, u32)> = converts
        .iter()
        .map(|(m, c)| {
            let share = u64::from(count) * u64::from(*c) / total;
            (PeopleKind::C(*m), u32::try_from(share).unwrap_or(0))
        })
        .collect();
    let given: u32 = parts.iter().map(|(_, k)| k).sum();
    let mut rest = count.saturating_sub(given);
    if with_n {
        let to_n = rest.min(n);
        parts.insert(0, (PeopleKind::N, to_n));
        rest -= to_n;
    }
    // Remainders (converts only, or N exhausted): the larger groups first.
    let mut order: Vec<usize> = (0..parts.len()).collect();
    order.sort_by_key(|&i| {
        let have = match parts[i].0 {
            PeopleKind::C(m) => converts.get(&m).copied().unwrap_or(0),
            _ => n,
        };
        std::cmp::Reverse(have)
    });
    while rest > 0 {
        let mut moved = false;
        for &i in &order {
            if rest == 0 {
                break;
            }
            let have = match parts[i].0 {
                PeopleKind::C(m) => converts.get(&m).copied().unwrap_or(0),
                _ => n,
            };
            if parts[i].1 < have {
                parts[i].1 += 1;
                rest -= 1;
                moved = true;
            }
        }
        if !moved {
            break;
        }
    }
    parts.retain(|(_, k)| *k > 0);
    parts
}

/// `M_m E x P|C|N|R M_n`.
///
/// Ruling G-46 (IV.2): emigration costs `emigration_up` (1) UP per emigrant from
/// the emigrating world's own budget, so only a world with producing industries
/// emigrates; emigrants sent into a black hole are lost but paid for.
///
/// Ruling G-47 (IV.2): emigrating onto another player's world needs no
/// declaration (only unloading does) and does not capture it ("il restera à son
/// ancien propriétaire"); robots are the exception: they attack.
#[allow(clippy::too_many_arguments)]
fn emigrate(
    turn: &mut Turn<'_>,
    landing: &mut Landing,
    index: usize,
    player: PlayerId,
    world: WorldId,
    count: u32,
    people: People,
    target: WorldId,
) {
    if !owns_world(turn, player, world) {
        turn.void(
            index,
            "resolve-void-emigration-owner",
            &[("world", world.to_string())],
        );
        return;
    }
    let connected = turn
        .galaxy
        .world(world)
        .is_some_and(|w| w.is_connected_to(target))
        && turn.galaxy.world(target).is_some();
    if !connected {
        turn.void(
            index,
            "resolve-void-emigration-target",
            &[("world", world.to_string()), ("target", target.to_string())],
        );
        return;
    }
    let Some(source) = turn.galaxy.world(world) else {
        return;
    };
    let pop = source.population.clone();
    // The order asks at most `u32::MAX`: more available changes nothing.
    let at_most = |n: u64| u32::try_from(n).unwrap_or(u32::MAX);
    let available = match people {
        People::Pop => at_most(pop.humans()),
        People::Converts => at_most(pop.converts_total()),
        People::NonConverts => pop.non_converts,
        People::Robots => pop.robots,
    };
    let Some(mut x) = clip_quantity(
        turn,
        index,
        count,
        available,
        "resolve-void-emigration-people",
        "resolve-void-emigration-excess",
    ) else {
        return;
    };
    let black_hole = turn.galaxy.world(target).is_some_and(|w| w.black_hole);
    if people != People::Robots && !black_hole {
        let room = room_for_humans(turn, landing, target);
        if room == 0 {
            turn.void(
                index,
                "resolve-void-emigration-room",
                &[("target", target.to_string())],
            );
            return;
        }
        note_reduced(turn, index, x, x.min(room));
        x = x.min(room);
    }
    let cost = turn.rules.production.emigration_up;
    let Some(x) = afford(turn, index, world, x, cost, "resolve-void-emigration-up") else {
        return;
    };
    spend_up(turn, world, x.saturating_mul(cost));
    let parts = match people {
        People::Pop => split_humans(pop.non_converts, &pop.converts, x, true),
        People::Converts => split_humans(0, &pop.converts, x, false),
        People::NonConverts => vec![(PeopleKind::N, x)],
        People::Robots => vec![(PeopleKind::R, x)],
    };
    let cause = if black_hole {
        Cause::EmigrationLost
    } else {
        Cause::Emigration
    };
    for (kind, k) in parts {
        let left = turn.change_people(Place::World(world), kind, -i64::from(k), cause);
        let k = u32::try_from(-left).unwrap_or(0);
        if black_hole || k == 0 {
            continue;
        }
        let credit = match kind {
            PeopleKind::C(missionary) => missionary,
            _ => player,
        };
        land(landing, target, credit, kind, k, Cause::Emigration);
    }
    if !black_hole {
        turn.record
            .emigrated_to
            .entry(player)
            .or_default()
            .insert(target);
    }
}

fn land(
    landing: &mut Landing,
    world: WorldId,
    credit: PlayerId,
    kind: PeopleKind,
    count: u32,
    cause: Cause,
) {
    if kind != PeopleKind::R {
        let pending = landing.pending_humans.entry(world).or_insert(0);
        *pending = pending.saturating_add(count);
    }
    landing.arrivals.entry(world).or_default().push(Arrival {
        credit,
        kind,
        count,
        cause,
    });
}

/// `F_f D (x) P|N|C|R`: people unloaded from a fleet, counted as emigrants (V.3):
/// on the orderer's world, on a world whose owner declared him `DP`, or on a world
/// with no population at all ("Dans ce dernier cas, le monde sera capturé").
///
/// Applies ruling G-53 (see the ruling list): `D P`.
fn unload(
    turn: &mut Turn<'_>,
    landing: &mut Landing,
    index: usize,
    player: PlayerId,
    fleet: crate::model::FleetId,
    count: Option<u32>,
    people: People,
) {
    let Some(f) = turn.owned_fleet(player, fleet) else {
        turn.void(
            index,
            "resolve-void-unload-people-owner",
            &[("fleet", fleet.to_string())],
        );
        return;
    };
    let world = f.world;
    let cargo = f.cargo.clone();
    let Some(w) = turn.galaxy.world(world) else {
        return;
    };
    let allowed = w.owner == player
        || landing.empty_at_start.contains(&world)
        || turn
            .galaxy
            .player(w.owner)
            .is_some_and(|o| !o.is_neutral() && o.declarations.pop_unloaders.contains(&player));
    if !allowed {
        turn.void(
            index,
            "resolve-void-unload-people-permission",
            &[("world", world.to_string())],
        );
        return;
    }
    let available = match people {
        People::Pop => cargo.n + cargo.c,
        People::NonConverts => cargo.n,
        People::Converts => cargo.c,
        People::Robots => cargo.r,
    };
    let Some(mut x) = clip_quantity(
        turn,
        index,
        count.unwrap_or(available),
        available,
        "resolve-void-unload-people-cargo",
        "resolve-void-unload-people-excess",
    ) else {
        return;
    };
    if people != People::Robots {
        let room = room_for_humans(turn, landing, world);
        if room == 0 {
            turn.void(
                index,
                "resolve-void-unload-people-room",
                &[("world", world.to_string())],
            );
            return;
        }
        note_reduced(turn, index, x, x.min(room));
        x = x.min(room);
    }
    let missionary = cargo.c_missionary.unwrap_or(PlayerId::NEUTRAL);
    let parts: Vec<(PeopleKind, u32)> = match people {
        People::Pop => {
            let humans = u64::from(cargo.n + cargo.c);
            let c = u32::try_from(u64::from(x) * u64::from(cargo.c) / humans.max(1)).unwrap_or(0);
            vec![(PeopleKind::C(missionary), c), (PeopleKind::N, x - c)]
        }
        People::NonConverts => vec![(PeopleKind::N, x)],
        People::Converts => vec![(PeopleKind::C(missionary), x)],
        People::Robots => vec![(PeopleKind::R, x)],
    };
    for (kind, k) in parts {
        if k == 0 {
            continue;
        }
        let taken = turn.change_people(Place::Fleet(fleet), kind, -i64::from(k), Cause::Unload);
        let k = u32::try_from(-taken).unwrap_or(0);
        let credit = match kind {
            PeopleKind::C(m) => m,
            _ => player,
        };
        if k > 0 {
            land(landing, world, credit, kind, k, Cause::Unload);
        }
    }
}

/// 5* on one world: everyone lands, robots fight robots then populations, and
/// the owner is decided.
///
/// Ruling G-49 (IV.2): robots are resolved first, as a robot attack; then, on a
/// world that was neutral, the player who brought the most N and C (emigrated or
/// unloaded; converts count for their missionary) captures it, a tie leaving it
/// neutral; a world that had an owner and keeps a population stays his.
///
/// Ruling G-50 (V.3): a world that had no population at all before the arrivals
/// is decided the same way (the most populations unloaded or emigrated wins; a tie
/// leaves it neutral), whoever owned it.
///
/// Ruling G-83 (VI.5.1): robots built at step 3 land as emigrants of the world's
/// owner and fight its own population.
///
/// Ruling G-141 (VII.4): a capture by emigration ignores the fleets present; the
/// capture sub-phase (15c) may take the world again the same turn.
fn resolve_world(turn: &mut Turn<'_>, world: WorldId, arrivals: &[Arrival]) {
    let Some(w) = turn.galaxy.world(world) else {
        return;
    };
    let owner = w.owner;
    let was_empty = w.population.total() == 0;
    let mut robots: BTreeMap<PlayerId, u64> = BTreeMap::new();
    let mut human_credit: BTreeMap<PlayerId, u64> = BTreeMap::new();
    for a in arrivals {
        let landed = turn.change_people(Place::World(world), a.kind, i64::from(a.count), a.cause);
        if a.kind == PeopleKind::R {
            *robots.entry(a.credit).or_insert(0) += u64::try_from(landed).unwrap_or(0);
        } else {
            *human_credit.entry(a.credit).or_insert(0) += u64::from(a.count);
        }
    }
    robot_attack::resolve(turn, world, &robots, Emptied::TurnsNeutral);
    let Some(w) = turn.galaxy.world(world) else {
        return;
    };
    let humans_only = w.population.robots == 0 && w.population.humans() > 0;
    if humans_only && (owner.is_neutral() || was_empty) {
        let best = human_credit.values().copied().max().unwrap_or(0);
        let leaders: Vec<PlayerId> = human_credit
            .iter()
            .filter(|(_, n)| **n == best && best > 0)
            .map(|(p, _)| *p)
            .collect();
        match leaders.as_slice() {
            [only] => capture_world(turn, world, *only),
            _ if !owner.is_neutral() => capture_world(turn, world, PlayerId::NEUTRAL),
            _ => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn e_x_p_floors_converts_and_fills_non_converts() {
        let converts: BTreeMap<PlayerId, u32> = [(PlayerId(4), 12)].into();
        // 86 N + 12 C, 10 emigrants: C = floor(10 × 12 / 98) = 1, N = 9.
        let parts = split_humans(86, &converts, 10, true);
        assert_eq!(
            parts,
            vec![(PeopleKind::N, 9), (PeopleKind::C(PlayerId(4)), 1)]
        );
    }

    #[test]
    fn e_x_c_splits_missionaries_with_remainders_to_the_larger() {
        let converts: BTreeMap<PlayerId, u32> = [(PlayerId(2), 3), (PlayerId(3), 6)].into();
        // 5 of 9: floor(5×3/9) = 1, floor(5×6/9) = 3, one left → the larger (3 → 4).
        let parts = split_humans(0, &converts, 5, false);
        assert_eq!(
            parts,
            vec![
                (PeopleKind::C(PlayerId(2)), 1),
                (PeopleKind::C(PlayerId(3)), 4)
            ]
        );
    }
}
