//! "DecomptePoints" (VIII.1): the points every class earns for what it holds at the
//! end of the turn (catalog §3.9), the treasures everyone holds (§3.8), the spy
//! rankings bought this turn (IV.4), and at the last turn the end-of-game bonuses
//! and the final ranking.
//!
//! Points earned by acts (pillage, MEVA, merchant unloads, destruction, bombs,
//! observations) are scored where the act happens, with `Turn::score`.
//!
//! Ruling G-137 (VI): scoring reads the end-of-turn state, after MiseAuPoint: the
//! emperor's populations are floor((N + C on his worlds) / 10), his active
//! industries are the `a` just computed for the next turn, his mining capacity the
//! nominal one.

use std::collections::{BTreeMap, BTreeSet};

use super::{EventKind, Turn};
use crate::model::treasure::{TreasureKind, TreasureLocation, most_sought};
use crate::model::{Class, PlayerId, WorldId};
use crate::report::write::spy_reports;
use crate::rules::Ruleset;

pub(super) fn run(turn: &mut Turn<'_>) {
    let holdings = Holdings::of(turn);
    let players: Vec<(PlayerId, Class)> = turn
        .galaxy
        .players
        .values()
        .filter_map(|p| p.class.map(|c| (p.id, c)))
        .collect();
    let last_turn = turn.galaxy.turn >= turn.galaxy.final_turn;
    for (player, class) in players {
        let h = holdings.players.get(&player).cloned().unwrap_or_default();
        for (points, reason) in class_points(turn.rules, class, &h) {
            turn.score(player, points, reason);
        }
        for (points, reason) in treasure_points(turn.rules, class, &h, last_turn) {
            turn.score(player, points, reason);
        }
    }
    spies(turn);
    if last_turn {
        let mut ranking: Vec<(PlayerId, i64)> = turn
            .galaxy
            .players
            .values()
            .filter(|p| !p.is_neutral())
            .map(|p| (p.id, p.score))
            .collect();
        ranking.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
        turn.log(EventKind::GameOver { ranking });
    }
}

/// What one player holds at the end of the turn.
#[derive(Clone, Debug, Default)]
struct PlayerHoldings {
    worlds: u32,
    /// N + C on his worlds.
    humans: u64,
    industries: u64,
    active_industries: u64,
    mining: u64,
    fleets: u32,
    /// His worlds entirely converted to him.
    converted_worlds: u32,
    /// His converts, on any world or fleet.
    converts: u64,
    /// His worlds peopled by robots only.
    robotised_worlds: u32,
    /// Treasures on his worlds and fleets (G-130).
    treasures: Vec<TreasureKind>,
    /// Treasures on each of his worlds (museums and families: worlds only, G-130).
    treasures_by_world: BTreeMap<WorldId, Vec<TreasureKind>>,
}

struct Holdings {
    players: BTreeMap<PlayerId, PlayerHoldings>,
}

impl Holdings {
    fn of(turn: &Turn<'_>) -> Holdings {
        let g = &turn.galaxy;
        let mut players: BTreeMap<PlayerId, PlayerHoldings> = BTreeMap::new();
        for world in g.worlds.values() {
            let pop = &world.population;
            for (&missionary, &converts) in &pop.converts {
                players.entry(missionary).or_default().converts += u64::from(converts);
            }
            if world.owner.is_neutral() {
                continue;
            }
            let h = players.entry(world.owner).or_default();
            h.worlds += 1;
            h.humans += pop.humans();
            h.industries += u64::from(world.industries);
            h.active_industries += u64::from(world.active_industries);
            h.mining += u64::from(world.mining);
            let mine = pop.converts.get(&world.owner).copied().unwrap_or(0);
            if mine > 0
                && pop.non_converts == 0
                && pop.robots == 0
                && pop.converts_total() == u64::from(mine)
            {
                h.converted_world_add();
            }
            if pop.robots > 0 && pop.humans() == 0 {
                h.robotised_worlds += 1;
            }
        }
        for fleet in g.fleets.values() {
            if fleet.owner.is_neutral() {
                continue;
            }
            players.entry(fleet.owner).or_default().fleets += 1;
            if fleet.cargo.c > 0
                && let Some(missionary) = fleet.cargo.c_missionary
            {
                players.entry(missionary).or_default().converts += u64::from(fleet.cargo.c);
            }
        }
        for treasure in g.treasures.values() {
            match treasure.location {
                TreasureLocation::World(w) => {
                    let Some(world) = g.worlds.get(&w) else {
                        continue;
                    };
                    if world.owner.is_neutral() {
                        continue;
                    }
                    let h = players.entry(world.owner).or_default();
                    h.treasures.push(treasure.kind);
                    h.treasures_by_world
                        .entry(w)
                        .or_default()
                        .push(treasure.kind);
                }
                TreasureLocation::Fleet(f) => {
                    let Some(fleet) = g.fleets.get(&f) else {
                        continue;
                    };
                    if fleet.owner.is_neutral() {
                        continue;
                    }
                    players
                        .entry(fleet.owner)
                        .or_default()
                        .treasures
                        .push(treasure.kind);
                }
            }
        }
        Holdings { players }
    }
}

impl PlayerHoldings {
    fn converted_world_add(&mut self) {
        self.converted_worlds += 1;
    }
}

fn times(points: i64, count: u64) -> i64 {
    points.saturating_mul(i64::try_from(count).unwrap_or(i64::MAX))
}

/// The per-turn points of a class for what it holds (catalog §3.9).
fn class_points(rules: &Ruleset, class: Class, h: &PlayerHoldings) -> Vec<(i64, &'static str)> {
    let s = &rules.scoring;
    match class {
        Class::Emperor => {
            let e = &s.emperor;
            let per = u64::from(e.populations_per_point.max(1));
            vec![
                (times(1, h.humans / per), "emperor-populations"),
                (times(e.per_industry, h.industries), "emperor-industries"),
                (
                    times(e.per_active_industry, h.active_industries),
                    "emperor-active-industries",
                ),
                (times(e.per_mining_capacity, h.mining), "emperor-mining"),
            ]
        }
        Class::Pirate => vec![(
            times(s.pirate.per_fleet, u64::from(h.fleets)),
            "pirate-fleets",
        )],
        Class::Missionary => {
            let m = &s.missionary;
            let per = u64::from(m.converts_per_point.max(1));
            vec![
                (times(m.per_world, u64::from(h.worlds)), "missionary-worlds"),
                (
                    times(m.converted_world, u64::from(h.converted_worlds)),
                    "missionary-converted-worlds",
                ),
                (times(1, h.converts / per), "missionary-converts"),
            ]
        }
        Class::Robotron => vec![(
            times(s.robotron.robotised_world, u64::from(h.robotised_worlds)),
            "robotron-worlds",
        )],
        Class::Antiquarian | Class::Explorer | Class::Merchant => Vec::new(),
    }
}

/// Treasure points: every class scores each treasure it holds every turn (III.6);
/// antiquarians also score museums and families (VI.3.1); at the last turn the
/// end-of-game bonuses are added.
///
/// Ruling G-129 (VI.3.1): a world holds floor(treasures / 12) museums; each family
/// (same noun, or same adjective) is scored once, on the player's world holding
/// most of it, when it has at least 5 treasures; one treasure may count for a
/// museum, its noun family and its adjective family at once.
/// Ruling G-128 (III.6): "all the treasures of a sought category" means every
/// treasure of the noun family or of the adjective family of the class's
/// most-sought treasure, held on his worlds or fleets.
fn treasure_points(
    rules: &Ruleset,
    class: Class,
    h: &PlayerHoldings,
    last_turn: bool,
) -> Vec<(i64, &'static str)> {
    let mut out = Vec::new();
    let held: i64 = h
        .treasures
        .iter()
        .map(|kind| rules.treasure_points(class, *kind))
        .sum();
    out.push((held, "treasures"));
    if class == Class::Antiquarian {
        let museum = &rules.treasures.museum;
        let per_museum = museum.treasures.max(1) as usize;
        let museums: u64 = h
            .treasures_by_world
            .values()
            .map(|t| (t.len() / per_museum) as u64)
            .sum();
        out.push((times(museum.per_turn, museums), "museums"));
        if last_turn {
            out.push((times(museum.end_bonus, museums), "museums-end"));
        }
        let (per_turn, end) = families(rules, h);
        out.push((per_turn, "families"));
        if last_turn {
            out.push((end, "families-end"));
        }
    }
    if last_turn {
        let tomes = h
            .treasures
            .iter()
            .filter(|k| {
                matches!(
                    k,
                    TreasureKind::Special(crate::model::treasure::Special::Tome(_))
                )
            })
            .count();
        out.push((
            rules.tome_bonus(class, u32::try_from(tomes).unwrap_or(u32::MAX)),
            "tomes-end",
        ));
        if holds_sought_family(rules, class, h) {
            out.push((rules.sought_family_bonus(class), "sought-family-end"));
        }
    }
    out.retain(|(points, _)| *points != 0);
    out
}

/// Per-turn and end-of-game family points of an antiquarian (G-129).
fn families(rules: &Ruleset, h: &PlayerHoldings) -> (i64, i64) {
    // For each attribute, the largest count on one world.
    let mut best: BTreeMap<(bool, u8), u32> = BTreeMap::new();
    for kinds in h.treasures_by_world.values() {
        let mut here: BTreeMap<(bool, u8), BTreeSet<u8>> = BTreeMap::new();
        for kind in kinds {
            if let TreasureKind::Normal { noun, adjective } = *kind {
                here.entry((true, noun)).or_default().insert(adjective);
                here.entry((false, adjective)).or_default().insert(noun);
            }
        }
        for (attribute, members) in here {
            let size = u32::try_from(members.len()).unwrap_or(u32::MAX);
            let slot = best.entry(attribute).or_insert(0);
            *slot = (*slot).max(size);
        }
    }
    let mut per_turn = 0i64;
    let mut end = 0i64;
    for size in best.values() {
        if let Some(points) = rules.family_points(*size) {
            per_turn = per_turn.saturating_add(points.per_turn);
            end = end.saturating_add(points.end_bonus);
        }
    }
    (per_turn, end)
}

fn holds_sought_family(rules: &Ruleset, class: Class, h: &PlayerHoldings) -> bool {
    let (noun, adjective) = most_sought(class);
    let mut adjectives: BTreeSet<u8> = BTreeSet::new();
    let mut nouns: BTreeSet<u8> = BTreeSet::new();
    for kind in &h.treasures {
        if let TreasureKind::Normal {
            noun: n,
            adjective: a,
        } = *kind
        {
            if n == noun {
                adjectives.insert(a);
            }
            if a == adjective {
                nouns.insert(n);
            }
        }
    }
    let noun_family = u32::try_from(adjectives.len()).unwrap_or(0);
    let adjective_family = u32::try_from(nouns.len()).unwrap_or(0);
    noun_family >= rules.same_noun_family_size()
        || adjective_family >= rules.same_adjective_family_size()
}

/// The spy rankings bought this turn (IV.4), drawn with the turn's generator from
/// the end-of-turn state and kept in the record for the CR writer.
fn spies(turn: &mut Turn<'_>) {
    let mut bought: BTreeMap<PlayerId, BTreeMap<u8, u32>> = turn.record.spies.clone();
    for player in turn.galaxy.players.values() {
        if player.spies.is_empty() {
            continue;
        }
        let entry = bought.entry(player.id).or_default();
        for (&category, &count) in &player.spies {
            let slot = entry.entry(category).or_insert(0);
            *slot = (*slot).max(count);
        }
    }
    bought.retain(|_, categories| categories.values().any(|n| *n > 0));
    if bought.is_empty() {
        return;
    }
    let reports = spy_reports(&turn.galaxy, &bought, turn.rules, &mut turn.rng);
    turn.record.spies = bought;
    turn.record.spy_reports = reports;
}
