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

use rand::RngExt;

use crate::model::{Class, PlayerId, WorldId};
use crate::orders::OrderKind;
use crate::orders::ast::{People, UnloadGoods};
use crate::rules::RobotConflict;
use crate::rules::policy::RobotTie;

use super::capture::capture_world;
use super::construction::{afford, clip_quantity, note_reduced, owns_world, spend_up};
use super::initialisation::record_deaths;
use super::{Cause, PeopleKind, Place, Turn};

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
    humans_at_start: BTreeMap<WorldId, u32>,
}

pub(super) fn run(turn: &mut Turn<'_>) {
    let mut landing = Landing::default();
    let orders = turn.live_orders(5);
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
/// Ruling G-44 (IV.6): unloading and emigration may push the humans of a world at
/// most `overpopulation_margin` (10) past its limit (policy `HardCap`): what does
/// not fit is not emigrated (and costs no UP) or stays on the fleet; the room is
/// counted from the humans present when step 5 began plus those already sent this
/// step; robots, who fight rather than settle, are not capped.
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
            ceiling.saturating_sub(present.saturating_add(pending))
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
/// declaration and does not capture it ("il restera à son ancien propriétaire");
/// robots are the exception: they attack.
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
    let available = match people {
        People::Pop => pop.humans(),
        People::Converts => pop.converts_total(),
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
/// Ruling G-53 (V.3): `D P` keeps the fleet's ratio: converts floored, the rest in
/// non-converts.
fn unload(
    turn: &mut Turn<'_>,
    landing: &mut Landing,
    index: usize,
    player: PlayerId,
    fleet: crate::model::FleetId,
    count: Option<u32>,
    people: People,
) {
    let Some(f) = turn.galaxy.fleet(fleet).filter(|f| f.owner == player) else {
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
    let present_robots = u64::from(w.population.robots);
    let mut robot_sides: BTreeMap<PlayerId, u64> = BTreeMap::new();
    if present_robots > 0 {
        robot_sides.insert(owner, present_robots);
    }
    let mut human_credit: BTreeMap<PlayerId, u64> = BTreeMap::new();
    for a in arrivals {
        turn.change_people(Place::World(world), a.kind, i64::from(a.count), a.cause);
        let count = u64::from(a.count);
        if a.kind == PeopleKind::R {
            *robot_sides.entry(a.credit).or_insert(0) += count;
        } else {
            *human_credit.entry(a.credit).or_insert(0) += count;
        }
    }
    robot_sides.retain(|_, n| *n > 0);
    let winner = if robot_sides.is_empty() {
        None
    } else {
        robot_winner(turn, owner, &robot_sides)
    };
    let fight = robots_against_humans(turn, world, owner, winner, &robot_sides);
    let Some(w) = turn.galaxy.world(world) else {
        return;
    };
    let (robots_left, humans_left) = (w.population.robots, w.population.humans());
    if robots_left > 0 {
        if let Some((robot_owner, _)) = winner
            && robot_owner != owner
            && fight
        {
            capture_world(turn, world, robot_owner);
        }
    } else if humans_left > 0 {
        if owner.is_neutral() || was_empty {
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
    } else if !owner.is_neutral() {
        // Nobody left (G-80, `robots_vs_population`): an empty world is neutral.
        capture_world(turn, world, PlayerId::NEUTRAL);
    }
}

/// The robot side that keeps the world's robots, with how many it keeps.
///
/// Ruling G-81 (VI.5.1): robots of several players on one world (2002, policy
/// `Strongest`): the strictly largest side (the owner: robots present plus his own
/// arrivals; the others: their arrivals) wins and keeps its robots minus all the
/// others' (at least 1); a tie for the largest destroys every robot (policy
/// `AllDestroyed`) or lets the owner keep 1 robot if he is among the tied
/// (`DefenderKeeps`). 1999 (`Proportional`): the winner is drawn with chances
/// proportional to each side's robots, and keeps the same.
fn robot_winner(
    turn: &mut Turn<'_>,
    owner: PlayerId,
    sides: &BTreeMap<PlayerId, u64>,
) -> Option<(PlayerId, u64)> {
    let sum: u64 = sides.values().sum();
    if sides.len() == 1 {
        return sides.iter().next().map(|(&p, &n)| (p, n));
    }
    let winner = match turn.rules.production.robots.conflict {
        RobotConflict::Strongest => {
            let max = sides.values().copied().max().unwrap_or(0);
            let leaders: Vec<PlayerId> = sides
                .iter()
                .filter(|(_, n)| **n == max)
                .map(|(p, _)| *p)
                .collect();
            if leaders.len() > 1 {
                return match turn.rules.policies.robot_tie {
                    RobotTie::AllDestroyed => None,
                    RobotTie::DefenderKeeps => leaders.contains(&owner).then_some((owner, 1)),
                };
            }
            *leaders.first()?
        }
        RobotConflict::Proportional => {
            if sum == 0 {
                return None;
            }
            let mut draw = turn.rng.random_range(0..sum);
            let mut chosen = None;
            for (&p, &n) in sides {
                if draw < n {
                    chosen = Some(p);
                    break;
                }
                draw -= n;
            }
            chosen?
        }
    };
    let own = sides.get(&winner).copied().unwrap_or(0);
    Some((winner, own.saturating_sub(sum - own).max(1)))
}

/// Applies the robot conflict on a world where everyone has landed: the winning
/// robots (if any) fight every human (1 robot for 4 populations, `robots_vs_population`),
/// the losses are logged, marked and scored. Returns true when robots took part.
fn robots_against_humans(
    turn: &mut Turn<'_>,
    world: WorldId,
    owner: PlayerId,
    winner: Option<(PlayerId, u64)>,
    sides: &BTreeMap<PlayerId, u64>,
) -> bool {
    if sides.is_empty() {
        return false;
    }
    let Some(w) = turn.galaxy.world(world) else {
        return false;
    };
    let robots_now = u64::from(w.population.robots);
    let n = u64::from(w.population.non_converts);
    let converts: Vec<(PlayerId, u64)> = w
        .population
        .converts
        .iter()
        .map(|(&m, &c)| (m, u64::from(c)))
        .collect();
    let humans = n + converts.iter().map(|(_, c)| c).sum::<u64>();
    let (robots_left, humans_left) = match winner {
        Some((_, kept)) => turn.rules.robots_vs_population(kept, humans),
        None => (0, humans),
    };
    let killed = humans - humans_left;
    let mut weights = vec![n];
    weights.extend(converts.iter().map(|(_, c)| *c));
    let shares = split(killed, &weights);
    let place = Place::World(world);
    let neg = |x: u64| -i64::try_from(x).unwrap_or(i64::MAX);
    let robots_lost = robots_now.saturating_sub(robots_left);
    turn.change_people(place, PeopleKind::R, neg(robots_lost), Cause::RobotConflict);
    let n_killed = shares.first().copied().unwrap_or(0);
    turn.change_people(place, PeopleKind::N, neg(n_killed), Cause::RobotConflict);
    let mut converts_killed = Vec::new();
    for (i, &(m, _)) in converts.iter().enumerate() {
        let lost = shares.get(i + 1).copied().unwrap_or(0);
        turn.change_people(place, PeopleKind::C(m), neg(lost), Cause::RobotConflict);
        if lost > 0 {
            converts_killed.push((m, lost));
        }
    }
    let c_killed: u64 = converts_killed.iter().map(|(_, c)| c).sum();
    let to_u32 = |x: u64| u32::try_from(x).unwrap_or(u32::MAX);
    record_deaths(
        turn,
        world,
        to_u32(n_killed),
        to_u32(c_killed),
        to_u32(robots_lost),
    );
    if let Some((killer, _)) = winner {
        let others_robots: u64 = sides
            .iter()
            .filter(|(p, _)| **p != killer)
            .map(|(_, n)| n)
            .sum();
        score_kills(
            turn,
            killer,
            owner,
            world,
            killed + others_robots,
            &converts_killed,
        );
    }
    true
}

/// Points for the populations (and robots) a robot side destroyed (catalog §3.9),
/// with the same reasons as the fights of step 14.
fn score_kills(
    turn: &mut Turn<'_>,
    killer: PlayerId,
    victim: PlayerId,
    world: WorldId,
    populations: u64,
    converts: &[(PlayerId, u64)],
) {
    let scoring = &turn.rules.scoring;
    let count = |n: u64| i64::try_from(n).unwrap_or(i64::MAX);
    let player = turn.galaxy.player(killer);
    let class = player.and_then(|p| p.class);
    // VI.4.1: the Jihad counts against the target and on worlds he corrupted
    // (captured first, owns, or owned 5 turns or more).
    let in_jihad = player
        .and_then(|p| p.declarations.jihad)
        .map(|j| j.target)
        .is_some_and(|target| {
            target == victim
                || turn.galaxy.world(world).is_some_and(|w| {
                    w.first_captor == Some(target)
                        || w.owner == target
                        || w.ownership_turns.get(&target).copied().unwrap_or(0) >= 5
                })
        });
    let mut lines: Vec<(PlayerId, i64, &'static str)> = Vec::new();
    if populations > 0 {
        match class {
            Some(Class::Robotron) => lines.push((
                killer,
                scoring
                    .robotron
                    .population_destroyed
                    .saturating_mul(count(populations)),
                "robotron-destroyed",
            )),
            Some(Class::Missionary) if in_jihad => lines.push((
                killer,
                scoring
                    .missionary
                    .jihad_destroyed
                    .saturating_mul(count(populations)),
                "jihad",
            )),
            Some(Class::Missionary) => lines.push((
                killer,
                scoring
                    .missionary
                    .destroyed_in_combat
                    .saturating_mul(count(populations)),
                "missionary-destroyed",
            )),
            Some(other) => {
                let per = match other {
                    Class::Emperor => scoring.emperor.population_destroyed,
                    Class::Pirate => scoring.pirate.population_destroyed,
                    Class::Antiquarian => scoring.antiquarian.population_destroyed,
                    Class::Explorer => scoring.explorer.population_destroyed,
                    Class::Merchant => scoring.merchant.population_destroyed,
                    Class::Robotron | Class::Missionary => 0,
                };
                lines.push((
                    killer,
                    per.saturating_mul(count(populations)),
                    "population-destroyed",
                ));
            }
            None => {}
        }
    }
    for &(missionary, lost) in converts {
        if lost == 0 || missionary == killer {
            continue;
        }
        let spared = turn
            .galaxy
            .player(missionary)
            .and_then(|p| p.declarations.jihad)
            .is_some_and(|j| j.target == killer);
        if !spared {
            lines.push((
                missionary,
                scoring.missionary.per_martyr.saturating_mul(count(lost)),
                "martyrs",
            ));
        }
    }
    for (player, points, reason) in lines {
        turn.score(player, points, reason);
    }
}

/// Splits `total` pro rata of `weights` (floors, then one more to the largest
/// remainders, ties to the first).
fn split(total: u64, weights: &[u64]) -> Vec<u64> {
    let sum: u128 = weights.iter().map(|&w| u128::from(w)).sum();
    if weights.is_empty() {
        return Vec::new();
    }
    if sum == 0 {
        let mut shares = vec![0; weights.len()];
        shares[0] = total;
        return shares;
    }
    let mut shares: Vec<u64> = Vec::with_capacity(weights.len());
    let mut rests: Vec<(u128, usize)> = Vec::with_capacity(weights.len());
    for (i, &w) in weights.iter().enumerate() {
        let product = u128::from(total) * u128::from(w);
        shares.push(u64::try_from(product / sum).unwrap_or(u64::MAX));
        rests.push((product % sum, i));
    }
    let given: u128 = shares.iter().map(|&s| u128::from(s)).sum();
    let mut left = u128::from(total).saturating_sub(given);
    rests.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
    for (_, i) in rests {
        if left == 0 {
            break;
        }
        shares[i] += 1;
        left -= 1;
    }
    shares
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

    fn robot_outcomes(rules: &crate::rules::Ruleset, draws: u32) -> BTreeMap<(u32, u64), u32> {
        use rand::SeedableRng;
        let galaxy = crate::model::Galaxy::default();
        let submissions = super::super::Submissions::new();
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(7);
        let mut turn = Turn::new(&galaxy, &submissions, rules, &mut rng);
        // VI.5.1 / 001 example: player 1 drops 20 robots on the world of player 2,
        // who has 10 (2002: 60 against 40).
        let sides: BTreeMap<PlayerId, u64> = if rules.name == "1999" {
            [(PlayerId(1), 20), (PlayerId(2), 10)].into()
        } else {
            [(PlayerId(1), 60), (PlayerId(2), 40)].into()
        };
        let mut outcomes = BTreeMap::new();
        for _ in 0..draws {
            let (p, n) = robot_winner(&mut turn, PlayerId(2), &sides).unwrap_or((PlayerId(0), 0));
            *outcomes.entry((p.0, n)).or_insert(0) += 1;
        }
        outcomes
    }

    #[test]
    fn robots_1999_book_example_two_chances_in_three_keep_10_or_1() {
        let rules = crate::rules::Ruleset::builtin_1999();
        let outcomes = robot_outcomes(&rules, 3000);
        // Attacker: 20/30 chance, keeps 20 − 10 = 10; defender keeps 10 − 20 → 1.
        assert_eq!(
            outcomes.keys().copied().collect::<Vec<_>>(),
            vec![(1, 10), (2, 1)]
        );
        let wins = outcomes[&(1, 10)];
        assert!((1850..2150).contains(&wins), "attacker won {wins} of 3000");
    }

    #[test]
    fn robots_2002_book_example_leo_keeps_20() {
        let rules = crate::rules::Ruleset::builtin_2002();
        let outcomes = robot_outcomes(&rules, 10);
        assert_eq!(outcomes, [((1, 20), 10)].into());
    }

    #[test]
    fn split_is_pro_rata_with_largest_remainders() {
        assert_eq!(split(10, &[1, 3]), vec![3, 7]);
        assert_eq!(split(5, &[1, 1]), vec![3, 2]);
    }
}
