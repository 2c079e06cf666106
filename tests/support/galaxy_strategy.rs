//! A proptest strategy generating random *valid* galaxies with a turn record.
//!
//! The strategy draws a tape of random numbers and [`build`] turns it into a
//! galaxy: every choice reads the next number of the tape (0 once the tape is
//! exhausted), and 0 always means the simplest choice (fewest worlds, no fleet,
//! no flag …), so proptest's shrinking of the tape (shorter, smaller numbers)
//! shrinks the galaxy.
//!
//! What "valid" means here: the end-of-turn invariants of the rules that the CR
//! notation relies on — robots and humans never on the same world, robots only on
//! owned worlds, an owned world has a population, black holes are neutral and
//! empty, at most one missionary's converts per world (G-27), at most one start
//! world per player, cargo within capacity, neutral fleets at war, levels within
//! the ruleset's maximum, names without the characters the notation reserves.
//!
//! Reuse: `use crate::support::galaxy_strategy;` then
//! `galaxy_strategy::galaxy_and_record(&ruleset)`.

#![allow(dead_code)]

use std::collections::{BTreeMap, BTreeSet};

use nebutil::model::record::{Shooter, Trace, TurnRecord};
use nebutil::model::tech::Tech;
use nebutil::model::treasure::{TreasureLocation, all_kinds};
use nebutil::model::view::{Deaths, FireMark, FleetEvent, PopKind, WorldEvent};
use nebutil::model::{
    Class, Coords, Fleet, Galaxy, Jihad, Player, PlayerId, Treasure, World, WorldId,
};
use nebutil::rules::Ruleset;
use proptest::prelude::*;
use rand::SeedableRng;

/// Random galaxies with a record of the turn just resolved.
pub fn galaxy_and_record(ruleset: &Ruleset) -> impl Strategy<Value = (Galaxy, TurnRecord)> {
    let ruleset = ruleset.clone();
    proptest::collection::vec(any::<u32>(), 0..1200).prop_map(move |tape| build(&tape, &ruleset))
}

/// The tape reader.
pub struct Tape<'a> {
    tape: &'a [u32],
    at: usize,
}

impl<'a> Tape<'a> {
    pub fn new(tape: &'a [u32]) -> Self {
        Tape { tape, at: 0 }
    }
    pub fn next(&mut self) -> u32 {
        let value = self.tape.get(self.at).copied().unwrap_or(0);
        self.at += 1;
        value
    }
    /// A number in `0..n` (0 when `n == 0`).
    pub fn below(&mut self, n: u32) -> u32 {
        let value = self.next();
        if n == 0 { 0 } else { value % n }
    }
    /// True with `percent` % chance (false on a zero tape).
    pub fn chance(&mut self, percent: u32) -> bool {
        self.below(100) >= 100 - percent.min(100)
    }
    pub fn pick<T: Copy>(&mut self, items: &[T]) -> Option<T> {
        if items.is_empty() {
            return None;
        }
        Some(items[self.below(items.len() as u32) as usize])
    }
}

const NAME_POOL: [&str; 12] = [
    "Maxtor",
    "Miria",
    "LE BARBARE TABATABA",
    "B. BROTHER",
    "BOF III",
    "GASKOR",
    "Backchiche",
    "Petipas",
    "Élodie d'Arc",
    "Ishar",
    "Gehowa",
    "TAPIMOKET",
];

/// Characters of generated player names (none the notation reserves inside an
/// owner block: `"`, `(`, `)`, `:`, `!`).
const NAME_CHARS: &str = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyzéèàçÉ0123456789 .-'";
/// Characters of world names: anything but `"` and `@` (III.1.1).
const WORLD_NAME_CHARS: &str =
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyzéèàçÉ0123456789 .-'()[]{}:!*,;<>?/#_=+%&";

fn word(t: &mut Tape<'_>, chars: &str, max_len: u32) -> String {
    let chars: Vec<char> = chars.chars().collect();
    let len = 1 + t.below(max_len);
    let mut text: String = (0..len)
        .map(|_| chars[t.below(chars.len() as u32) as usize])
        .collect();
    // No leading or trailing blank, no trailing full stop (a name is verbatim,
    // between quotes; keep the generated ones unambiguous to the eye too).
    text = text.trim().trim_end_matches('.').trim().to_string();
    if text.is_empty() || text == "..." {
        text = "X".into();
    }
    text
}

fn player_name(t: &mut Tape<'_>, taken: &BTreeSet<String>) -> String {
    for _ in 0..8 {
        let name = if t.chance(30) {
            word(t, NAME_CHARS, 14)
        } else {
            NAME_POOL[t.below(NAME_POOL.len() as u32) as usize].to_string()
        };
        let first_is_letter = name.chars().next().is_some_and(char::is_alphabetic);
        if first_is_letter && !taken.contains(&name) {
            return name;
        }
    }
    let mut n = taken.len();
    loop {
        let name = format!("Joueur {n}");
        if !taken.contains(&name) {
            return name;
        }
        n += 1;
    }
}

/// Builds a valid galaxy and record from a tape.
pub fn build(tape: &[u32], ruleset: &Ruleset) -> (Galaxy, TurnRecord) {
    let t = &mut Tape::new(tape);
    let mut galaxy = Galaxy {
        width: 100,
        height: 100,
        turn: 1 + t.below(30),
        ..Galaxy::default()
    };
    galaxy.final_turn = if t.chance(20) {
        galaxy.turn
    } else {
        galaxy.turn + 1 + t.below(10)
    };

    // Players.
    galaxy.players.insert(PlayerId::NEUTRAL, Player::neutral());
    let n_players = 1 + t.below(4);
    let mut names = BTreeSet::new();
    for number in 1..=n_players {
        let name = player_name(t, &names);
        names.insert(name.clone());
        let class = Class::ALL[t.below(7) as usize];
        let mut player = Player::new(PlayerId(number), &name, Some(class));
        for tech in Tech::ALL {
            let mut level = player.tech.level(tech) + t.below(5);
            if let Some(max) = ruleset.tech_max(class, tech) {
                level = level.min(max);
            }
            player.tech.set_level(tech, level);
            let cost = ruleset.tech_cost(class, tech).max(1);
            player.tech.set_progress(tech, t.below(cost));
        }
        player.score = i64::from(t.below(5000)) - 1000;
        player.score_last_turn = i64::from(t.below(400)) - 100;
        galaxy.players.insert(player.id, player);
    }
    let ids: Vec<PlayerId> = (1..=n_players).map(PlayerId).collect();
    let with_neutral: Vec<PlayerId> = (0..=n_players).map(PlayerId).collect();
    let missionaries: Vec<PlayerId> = ids
        .iter()
        .copied()
        .filter(|id| galaxy.players[id].class == Some(Class::Missionary))
        .collect();
    for &id in &ids {
        let turn = galaxy.turn;
        let others: Vec<PlayerId> = ids.iter().copied().filter(|&o| o != id).collect();
        let player = galaxy.players.get_mut(&id).expect("player just added");
        for &other in &others {
            if t.chance(50) {
                player.known_players.insert(other);
            }
            let d = &mut player.declarations;
            for set in [
                &mut d.allies,
                &mut d.mp_loaders,
                &mut d.pop_loaders,
                &mut d.pop_unloaders,
                &mut d.pillagers,
            ] {
                if t.chance(20) {
                    set.insert(other);
                }
            }
        }
        if player.class == Some(Class::Missionary)
            && t.chance(50)
            && let Some(target) = t.pick(&others)
        {
            player.declarations.jihad = Some(Jihad {
                target,
                declared_turn: t.below(turn + 1),
            });
        }
    }

    // Worlds.
    let n_worlds = 1 + t.below(10);
    let mut world_ids = Vec::new();
    let mut next_id = 1 + t.below(50);
    for _ in 0..n_worlds {
        world_ids.push(next_id);
        next_id += 1 + t.below(40);
    }
    for (index, &id) in world_ids.iter().enumerate() {
        let mut pool: Vec<WorldId> = world_ids.iter().copied().filter(|&w| w != id).collect();
        pool.extend([900 + index as u32, 950 + index as u32]);
        let count = 1 + t.below(pool.len().min(8) as u32);
        let mut connections = Vec::new();
        for _ in 0..count {
            let at = t.below(pool.len() as u32) as usize;
            connections.push(pool.remove(at));
        }
        let coords = Coords {
            x: t.below(galaxy.width),
            y: t.below(galaxy.height),
        };
        let mut world = World::new(id, connections, coords);
        if index > 0 && t.chance(10) {
            world.black_hole = true;
            galaxy.worlds.insert(id, world);
            continue;
        }
        world.owner = with_neutral[t.below(with_neutral.len() as u32) as usize];
        let owned = !world.owner.is_neutral();
        if owned && t.chance(15) {
            world.population.robots = 1 + t.below(60);
        } else {
            let humans = if owned {
                1 + t.below(300)
            } else {
                t.below(300)
            };
            let converts = match t.pick(&missionaries) {
                Some(m) if humans > 0 && t.chance(30) => {
                    let c = 1 + t.below(humans);
                    world.population.converts.insert(m, c);
                    c
                }
                _ => 0,
            };
            world.population.non_converts = humans - converts;
        }
        world.pop_limit = u32::try_from(world.population.humans()).expect("small") + t.below(200);
        if t.chance(50) {
            world.industries = t.below(40);
            world.active_industries = t.below(world.industries + 1);
        }
        if t.chance(40) {
            world.vi = t.below(6);
        }
        if t.chance(40) {
            world.vp = t.below(6);
        }
        world.mp = t.below(50);
        world.mining = t.below(11);
        if owned {
            world.owned_turns = t.below(30);
            world.mining_counter = if t.chance(20) {
                t.below(30)
            } else {
                world.owned_turns
            };
        }
        if t.chance(20) {
            world.pillage_count = 1 + t.below(4);
            world.pillage_recovery = t.below(5);
        }
        if t.chance(10) {
            world.pc_unloads = 1 + t.below(3);
        }
        if t.chance(25) {
            world.meva = t.below(ruleset.meva_slots() + 1);
            world.growth_bonus = 25 * t.below(world.meva + 1);
        }
        world.bombed = t.chance(10);
        if t.chance(30) {
            world.name = Some(word(t, WORLD_NAME_CHARS, 20));
        }
        if t.chance(30) {
            world.first_captor = t.pick(&ids);
        }
        for &p in &ids {
            if t.chance(20) {
                world.ownership_turns.insert(p, t.below(10));
            }
        }
        galaxy.worlds.insert(id, world);
    }
    let solid: Vec<WorldId> = galaxy
        .worlds
        .values()
        .filter(|w| !w.black_hole)
        .map(|w| w.id)
        .collect();
    let black_holes: Vec<WorldId> = galaxy
        .worlds
        .values()
        .filter(|w| w.black_hole)
        .map(|w| w.id)
        .collect();
    for &p in &ids {
        if t.chance(70)
            && let Some(w) = t.pick(&solid)
            && let Some(world) = galaxy.worlds.get_mut(&w)
            && world.start_owner.is_none()
        {
            world.start_owner = Some(p);
            world.pe = t.below(700);
        }
    }

    // Fleets.
    let n_fleets = t.below(12);
    let mut fleet_id = 1 + t.below(30);
    let mut fleet_ids = Vec::new();
    for _ in 0..n_fleets {
        let Some(world) = t.pick(&solid) else { break };
        let owner = with_neutral[t.below(with_neutral.len() as u32) as usize];
        let mut fleet = Fleet::new(fleet_id, owner, world);
        if t.chance(80) {
            fleet.vc = t.below(30);
            fleet.vt = t.below(20);
        }
        let car = galaxy.players[&owner].tech.level(Tech::Car);
        let mut room = u32::try_from(fleet.capacity(car)).expect("small");
        let take = |t: &mut Tape<'_>, room: &mut u32| {
            let amount = if t.chance(50) { t.below(*room + 1) } else { 0 };
            *room -= amount;
            amount
        };
        fleet.cargo.mp = take(t, &mut room);
        fleet.cargo.n = take(t, &mut room);
        if let Some(m) = t.pick(&missionaries) {
            fleet.cargo.c = take(t, &mut room);
            if fleet.cargo.c > 0 {
                fleet.cargo.c_missionary = Some(m);
            }
        }
        fleet.cargo.r = take(t, &mut room);
        fleet.at_peace = !owner.is_neutral() && t.chance(30);
        fleet.bomb = t.chance(10);
        galaxy.fleets.insert(fleet.id, fleet);
        fleet_ids.push(fleet_id);
        fleet_id += 1 + t.below(50);
    }

    // Treasures.
    let kinds = all_kinds();
    let n_treasures = t.below(6);
    let mut treasure_id = 1 + t.below(20);
    for _ in 0..n_treasures {
        let location = if t.chance(40)
            && let Some(f) = t.pick(&fleet_ids)
        {
            TreasureLocation::Fleet(f)
        } else if let Some(w) = t.pick(&solid) {
            TreasureLocation::World(w)
        } else {
            continue;
        };
        let kind = kinds[t.below(kinds.len() as u32) as usize];
        galaxy.treasures.insert(
            treasure_id,
            Treasure {
                id: treasure_id,
                kind,
                location,
            },
        );
        treasure_id += 1 + t.below(30);
    }

    let record = build_record(t, &galaxy, &ids, &solid, &black_holes, &fleet_ids, ruleset);
    (galaxy, record)
}

fn fire_mark(t: &mut Tape<'_>, fleets: &[u32]) -> FireMark {
    match t.below(9) {
        0 => FireMark::Fleet(t.pick(fleets).unwrap_or(1 + t.below(500))),
        1 => FireMark::Protections,
        2 => FireMark::Population,
        3 => FireMark::Industries,
        4 => FireMark::NonConverts,
        5 => FireMark::Converts,
        6 => FireMark::RobotAttack,
        7 => FireMark::Bomb,
        _ => FireMark::Ambush,
    }
}

fn build_record(
    t: &mut Tape<'_>,
    galaxy: &Galaxy,
    ids: &[PlayerId],
    solid: &[WorldId],
    black_holes: &[WorldId],
    fleets: &[u32],
    ruleset: &Ruleset,
) -> TurnRecord {
    let mut record = TurnRecord {
        turn: galaxy.turn.saturating_sub(1),
        ..TurnRecord::default()
    };
    let all_worlds: Vec<WorldId> = galaxy.worlds.keys().copied().collect();
    for world in galaxy.worlds.values().filter(|w| !w.black_hole) {
        if !world.owner.is_neutral() && t.chance(15) {
            let event =
                [WorldEvent::Captured, WorldEvent::Gift, WorldEvent::Pillaged][t.below(3) as usize];
            record.world_events.insert(world.id, event);
        }
        if t.chance(15)
            && let Some(previous) = t.pick(ids)
            && previous != world.owner
        {
            record.world_previous_owner.insert(world.id, previous);
        }
        if world.vi > 0 && t.chance(20) {
            record
                .fire
                .insert(Shooter::Vi(world.id), fire_mark(t, fleets));
        }
        if world.vp > 0 && t.chance(20) {
            record
                .fire
                .insert(Shooter::Vp(world.id), fire_mark(t, fleets));
        }
        if t.chance(15) {
            let kinds = [PopKind::NonConverts, PopKind::Converts, PopKind::Robots];
            let markers = (0..1 + t.below(2))
                .map(|_| Deaths {
                    count: 1 + t.below(50),
                    kind: kinds[t.below(3) as usize],
                })
                .collect();
            record.deaths.insert(world.id, markers);
        }
    }
    for fleet in galaxy.fleets.values() {
        if !fleet.owner.is_neutral() && t.chance(15) {
            let event = [
                FleetEvent::Gift,
                FleetEvent::UnloadedPc,
                FleetEvent::Pirated,
                FleetEvent::Captured,
            ][t.below(4) as usize];
            record.fleet_events.insert(fleet.id, event);
        }
        if t.chance(15)
            && let Some(previous) = t.pick(ids)
            && previous != fleet.owner
        {
            record.fleet_previous_owner.insert(fleet.id, previous);
        }
        if t.chance(20) {
            record
                .fire
                .insert(Shooter::Fleet(fleet.id), fire_mark(t, fleets));
        }
        if fleet.ships() > 0
            && t.chance(20)
            && let Some(from) = t.pick(&all_worlds)
        {
            record.arrivals.insert(fleet.id, from);
        }
    }
    let with_neutral: Vec<PlayerId> = std::iter::once(PlayerId::NEUTRAL)
        .chain(ids.iter().copied())
        .collect();
    for _ in 0..t.below(6) {
        let Some(world) = t.pick(solid) else { break };
        let fleet = t.pick(fleets).unwrap_or(1 + t.below(500));
        let owner = t.pick(&with_neutral).unwrap_or(PlayerId::NEUTRAL);
        let from = if t.chance(50) {
            t.pick(&all_worlds)
        } else {
            None
        };
        let to = t.pick(&all_worlds).unwrap_or(world);
        record.traces.push(Trace {
            fleet,
            owner,
            world,
            from,
            to,
            ambushed: t.chance(15),
        });
    }
    for &p in ids {
        let mut probed = BTreeSet::new();
        let mut emigrated = BTreeSet::new();
        let mut crossed = BTreeSet::new();
        for _ in 0..t.below(3) {
            probed.extend(t.pick(&all_worlds));
        }
        for _ in 0..t.below(3) {
            emigrated.extend(t.pick(solid));
        }
        for _ in 0..t.below(2) {
            crossed.extend(t.pick(black_holes));
        }
        if !probed.is_empty() {
            record.probed.insert(p, probed);
        }
        if !emigrated.is_empty() {
            record.emigrated_to.insert(p, emigrated);
        }
        if !crossed.is_empty() {
            record.black_holes_crossed.insert(p, crossed);
        }
        if t.chance(25) {
            let mut categories = BTreeMap::new();
            for _ in 0..1 + t.below(3) {
                categories.insert(1 + t.below(9) as u8, 1 + t.below(8));
            }
            record.spies.insert(p, categories);
        }
    }
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(u64::from(t.next()));
    record.spy_reports =
        nebutil::report::write::spy_reports(galaxy, &record.spies, ruleset, &mut rng);
    record
}
