//! The galaxy generator: a new game's [`Galaxy`] from a few parameters, a ruleset
//! and a random generator passed in (never a global one), so the same seed always
//! gives the same galaxy, byte for byte.
//!
//! # Method
//!
//! 1. **Coordinates.** Worlds `M_1 … M_n` get distinct random coordinates on the
//!    torus `width × height` (`0 <= x < width`, `0 <= y < height`; II: the top
//!    joins the bottom and the left joins the right). Without explicit dimensions
//!    the torus is a square of about 5 cells per world.
//! 2. **Connections.** Distances are Euclidean on the torus (each axis takes the
//!    shorter way round). A minimum spanning tree (Prim, ties by world number,
//!    never attaching to a world already at the ruleset's `max_connections`) makes
//!    the graph connected. Every world then draws a wanted number of connections
//!    (one in eight wants a single one; most want 2–4; a few up to the maximum),
//!    and the shortest candidate pairs among each world's 12 nearest neighbours are
//!    added while both ends still want more. A leaf of the tree that wanted one
//!    connection stays a **dead end**. Worlds still below `min_connections` are
//!    finally joined to their nearest worlds with room. Connections are symmetric
//!    and listed by world number.
//! 3. **Start worlds** (one per player, never a dead end): farthest-point
//!    selection — from a random first world, repeatedly the world whose smallest
//!    torus distance to the start worlds already chosen is largest, never one
//!    connected to a chosen start world; the best of 8 random first worlds (largest
//!    minimum distance) is kept. Each gets the ruleset's start values (III.2,
//!    III.4: `[I=30]=1 [P=50 (100)]=1 MP=30 (+2)`, all industries active), its
//!    owner's empty fleets, and the owner starts with the ruleset's technologies,
//!    knowing nobody by name.
//! 4. **Black holes** (III.3): drawn among the worlds that are neither a start
//!    world nor connected to one; nothing lives or is mined there.
//! 5. **Neutral worlds**: populations 0–300 (a quarter empty), a limit above the
//!    population, 0–50 MP, mining 0–5, a few industries on one world in six (their
//!    active count `min(I, MP, P)` as at any turn's end), VI on half of the
//!    industrialised ones, VP on one populated world in six.
//! 6. **Neutral fleets** on neutral worlds (never a start world or a black hole),
//!    two in three with 1–20 VC, the others empty.
//! 7. **Treasures** (ruling G-131 below), then the **final turn** (VIII): the
//!    parameter, else the ruleset's mean of the players' requests, else the middle
//!    of the ruleset's range.
//!
//! Fleet numbers are a random permutation of `1..=F` (a player cannot count the
//! fleets from his own numbers); treasure numbers are `1..=T` in a random order of
//! kinds.
//!
//! # Scale
//!
//! Up to [`MAX_WORLDS`] worlds. Every "nearest world" question of steps 2 and 3
//! goes to a bucket grid on the torus (about two worlds per cell, rings of cells
//! wrapping round), which answers exactly what a scan of every world answers —
//! same distances, ties by world number — so the galaxies are those of the first,
//! quadratic version of this generator, byte for byte (pinned by
//! `tests/fixtures/generate/`). 100 000 worlds and 2 000 players take about a
//! second in a release build (bench `generate`; 5 000 worlds: 27 ms, where the
//! quadratic version took 390 ms).

mod connect;
mod geometry;
mod starts;
#[cfg(test)]
mod tests;

use std::collections::{BTreeMap, BTreeSet, BinaryHeap};
use std::fmt;

use rand::{Rng, RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::i18n::{self, Lang};
use crate::model::treasure::all_kinds;
use crate::model::{
    Class, Coords, Fleet, FleetId, Galaxy, Player, PlayerId, Population, Tech, Treasure,
    TreasureLocation, World, WorldId,
};
use crate::rules::Ruleset;
use connect::connect;
use geometry::{Grid, Metric, place_worlds};
use starts::{choose_black_holes, choose_starts};

/// Fewest worlds per player the generator accepts.
pub const MIN_WORLDS_PER_PLAYER: u32 = 10;
/// Worlds per player when [`GeneratorParams::worlds`] is 0.
pub const DEFAULT_WORLDS_PER_PLAYER: u32 = 25;
/// Fewest worlds in a galaxy.
pub const MIN_WORLDS: u32 = 20;
/// Most worlds in a galaxy.
pub const MAX_WORLDS: u32 = 200_000;
/// Largest torus side.
pub const MAX_SIDE: u32 = 1000;
/// Longest player name, in characters.
pub const MAX_NAME_CHARS: usize = 40;

/// One player at registration.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayerSetup {
    /// The name shown in quotes on every CR (kept verbatim).
    pub name: String,
    pub class: Class,
    /// The final turn asked for at registration (VIII), if any.
    pub final_turn_request: Option<u32>,
}

impl PlayerSetup {
    pub fn new(name: &str, class: Class) -> Self {
        PlayerSetup {
            name: name.to_string(),
            class,
            final_turn_request: None,
        }
    }
}

/// What the arbiter chooses for a new galaxy.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GeneratorParams {
    /// The players, numbered 1, 2, … in this order.
    pub players: Vec<PlayerSetup>,
    /// Worlds in the galaxy; 0 = [`DEFAULT_WORLDS_PER_PLAYER`] per player (at least
    /// [`MIN_WORLDS`]).
    pub worlds: u32,
    /// Torus width and height; 0 and 0 = derived (a square of about 5 cells per world).
    pub width: u32,
    pub height: u32,
    /// Black holes; `None` = one world in 40.
    pub black_holes: Option<u32>,
    /// Neutral fleets; `None` = one per 5 worlds.
    pub neutral_fleets: Option<u32>,
    /// Treasures placed (of the 200 kinds); `None` = all of them.
    pub treasures: Option<u32>,
    /// The secret final turn; `None` = from the players' requests (VIII).
    pub final_turn: Option<u32>,
}

impl GeneratorParams {
    /// Default parameters for these players.
    pub fn new(players: Vec<PlayerSetup>) -> Self {
        GeneratorParams {
            players,
            worlds: 0,
            width: 0,
            height: 0,
            black_holes: None,
            neutral_fleets: None,
            treasures: None,
            final_turn: None,
        }
    }

    /// The number of worlds after defaults.
    pub fn world_count(&self) -> u32 {
        if self.worlds == 0 {
            (self.players.len() as u32)
                .saturating_mul(DEFAULT_WORLDS_PER_PLAYER)
                .max(MIN_WORLDS)
        } else {
            self.worlds
        }
    }

    /// Torus width and height after defaults.
    pub fn dimensions(&self) -> (u32, u32) {
        if self.width == 0 && self.height == 0 {
            let cells = u64::from(self.world_count()) * 5;
            let side = (1..=u64::from(MAX_SIDE))
                .find(|s| s * s >= cells)
                .unwrap_or(u64::from(MAX_SIDE)) as u32;
            (side, side)
        } else {
            (self.width, self.height)
        }
    }

    pub fn black_hole_count(&self) -> u32 {
        self.black_holes.unwrap_or(self.world_count() / 40)
    }

    pub fn neutral_fleet_count(&self) -> u32 {
        self.neutral_fleets.unwrap_or(self.world_count() / 5)
    }

    pub fn treasure_count(&self) -> u32 {
        self.treasures.unwrap_or(all_kinds().len() as u32)
    }
}

/// Why parameters were refused. `code` is also the Fluent id in `i18n/*/game.ftl`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GenerateError {
    pub code: &'static str,
    pub args: Vec<(&'static str, String)>,
}

impl GenerateError {
    fn new(code: &'static str, args: &[(&'static str, String)]) -> Self {
        GenerateError {
            code,
            args: args.to_vec(),
        }
    }

    /// The message in `lang`.
    pub fn message(&self, lang: Lang) -> String {
        let args: Vec<(&str, &str)> = self.args.iter().map(|(k, v)| (*k, v.as_str())).collect();
        i18n::tr_args(lang, self.code, &args)
    }
}

impl fmt::Display for GenerateError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.code, self.message(Lang::default()))
    }
}

impl std::error::Error for GenerateError {}

/// Checks the parameters against the ruleset without generating anything.
pub fn validate(params: &GeneratorParams, ruleset: &Ruleset) -> Result<(), GenerateError> {
    if params.players.is_empty() {
        return Err(GenerateError::new("game-gen-no-players", &[]));
    }
    validate_names(params)?;
    let (low, high) = (
        ruleset.galaxy.min_connections,
        ruleset.galaxy.max_connections,
    );
    if low == 0 || high < 2 || low > high {
        return Err(GenerateError::new(
            "game-gen-connections",
            &[("min", low.to_string()), ("max", high.to_string())],
        ));
    }
    let worlds = validate_size(params)?;
    validate_contents(params, ruleset, worlds)?;
    let (first, last) = (ruleset.galaxy.final_turn_min, ruleset.galaxy.final_turn_max);
    let requests = params.players.iter().filter_map(|p| p.final_turn_request);
    for turn in params.final_turn.into_iter().chain(requests) {
        if turn < first || turn > last {
            return Err(GenerateError::new(
                "game-gen-final-turn",
                &[
                    ("turn", turn.to_string()),
                    ("min", first.to_string()),
                    ("max", last.to_string()),
                ],
            ));
        }
    }
    Ok(())
}

/// The players' names: not empty, no space around, at most [`MAX_NAME_CHARS`],
/// no quote or control character, not ending with `!` (in a CR, a `!` after an
/// owner's name marks a captured fleet: `"Bang!"` would read back as "Bang"),
/// all different (case aside).
fn validate_names(params: &GeneratorParams) -> Result<(), GenerateError> {
    let mut names = BTreeSet::new();
    for setup in &params.players {
        let name = setup.name.as_str();
        let bad = name.trim().is_empty()
            || name.trim() != name
            || name.chars().count() > MAX_NAME_CHARS
            || name.chars().any(|c| c == '"' || c.is_control())
            || name.ends_with('!');
        if bad {
            return Err(GenerateError::new(
                "game-gen-player-name",
                &[
                    ("name", name.to_string()),
                    ("max", MAX_NAME_CHARS.to_string()),
                ],
            ));
        }
        if !names.insert(name.to_lowercase()) {
            return Err(GenerateError::new(
                "game-gen-duplicate-name",
                &[("name", name.to_string())],
            ));
        }
    }
    Ok(())
}

/// The number of worlds (enough for the players, at most [`MAX_WORLDS`]) and
/// the torus (at most [`MAX_SIDE`] a side, two cells per world); the number of
/// worlds.
fn validate_size(params: &GeneratorParams) -> Result<u32, GenerateError> {
    let players = params.players.len() as u32;
    let worlds = params.world_count();
    if worlds > MAX_WORLDS {
        return Err(GenerateError::new(
            "game-gen-too-many-worlds",
            &[
                ("worlds", worlds.to_string()),
                ("max", MAX_WORLDS.to_string()),
            ],
        ));
    }
    let fewest = players
        .saturating_mul(MIN_WORLDS_PER_PLAYER)
        .max(MIN_WORLDS);
    if worlds < fewest {
        return Err(GenerateError::new(
            "game-gen-worlds",
            &[
                ("worlds", worlds.to_string()),
                ("min", fewest.to_string()),
                ("max", MAX_WORLDS.to_string()),
            ],
        ));
    }
    let (width, height) = params.dimensions();
    let cells = u64::from(width) * u64::from(height);
    if width == 0
        || height == 0
        || width > MAX_SIDE
        || height > MAX_SIDE
        || cells < 2 * u64::from(worlds)
    {
        return Err(GenerateError::new(
            "game-gen-torus",
            &[
                ("width", width.to_string()),
                ("height", height.to_string()),
                ("worlds", worlds.to_string()),
                ("max", MAX_SIDE.to_string()),
            ],
        ));
    }
    Ok(worlds)
}

/// What the galaxy holds: black holes (a tenth of the worlds at most), neutral
/// fleets, the players' start fleets, treasures (one per kind at most).
fn validate_contents(
    params: &GeneratorParams,
    ruleset: &Ruleset,
    worlds: u32,
) -> Result<(), GenerateError> {
    let black_holes = params.black_hole_count();
    if black_holes > worlds / 10 {
        return Err(GenerateError::new(
            "game-gen-black-holes",
            &[
                ("count", black_holes.to_string()),
                ("max", (worlds / 10).to_string()),
            ],
        ));
    }
    let fleets = params.neutral_fleet_count();
    if fleets > worlds {
        return Err(GenerateError::new(
            "game-gen-neutral-fleets",
            &[("count", fleets.to_string()), ("max", worlds.to_string())],
        ));
    }
    // The players' start fleets: at most as many per player as the galaxy has
    // worlds (a ruleset asking more is refused, never looped over).
    let per_player = ruleset.start.fleets;
    if per_player > worlds {
        return Err(GenerateError::new(
            "game-gen-start-fleets",
            &[
                ("count", per_player.to_string()),
                ("max", worlds.to_string()),
            ],
        ));
    }
    let kinds = all_kinds().len() as u32;
    let treasures = params.treasure_count();
    if treasures > kinds {
        return Err(GenerateError::new(
            "game-gen-treasures",
            &[("count", treasures.to_string()), ("max", kinds.to_string())],
        ));
    }
    Ok(())
}

/// [`generate`] with a ChaCha8 generator seeded from `seed`.
pub fn generate_seeded(
    params: &GeneratorParams,
    ruleset: &Ruleset,
    seed: u64,
) -> Result<Galaxy, GenerateError> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    generate(params, ruleset, &mut rng)
}

/// A new galaxy at turn 1 (see the module documentation for the method).
pub fn generate<R: Rng + ?Sized>(
    params: &GeneratorParams,
    ruleset: &Ruleset,
    rng: &mut R,
) -> Result<Galaxy, GenerateError> {
    validate(params, ruleset)?;
    let worlds = params.world_count();
    let (width, height) = params.dimensions();
    let coords = place_worlds(worlds as usize, width, height, rng);
    let metric = Metric { width, height };
    let all = Grid::new(&coords, &metric, 0..coords.len());
    let links = connect(&coords, &metric, &all, ruleset, rng);

    let starts = choose_starts(params.players.len(), &coords, &links, &metric, &all, rng)
        .ok_or_else(|| {
            GenerateError::new(
                "game-gen-no-room",
                &[
                    ("players", params.players.len().to_string()),
                    ("worlds", worlds.to_string()),
                ],
            )
        })?;
    let mut start_of = vec![None; coords.len()];
    for (player, &world) in starts.iter().enumerate() {
        start_of[world] = Some(PlayerId(player as u32 + 1));
    }
    let black_holes = choose_black_holes(params.black_hole_count(), &starts, &links, rng);

    let mut galaxy = Galaxy {
        width,
        height,
        turn: 1,
        final_turn: 0,
        ..Galaxy::default()
    };
    galaxy.players.insert(PlayerId::NEUTRAL, Player::neutral());
    for (index, setup) in params.players.iter().enumerate() {
        let id = PlayerId(index as u32 + 1);
        let mut player = Player::new(id, &setup.name, Some(setup.class));
        for tech in Tech::ALL {
            player.tech.set_level(tech, ruleset.tech_initial(tech));
            player.tech.set_progress(tech, 0);
        }
        player.final_turn_request = setup.final_turn_request;
        galaxy.players.insert(id, player);
    }

    for (index, (point, connected)) in coords.iter().zip(&links).enumerate() {
        let id = index as WorldId + 1;
        let connections = connected.iter().map(|&i| i as WorldId + 1).collect();
        let mut world = World::new(id, connections, *point);
        if let Some(player) = start_of[index] {
            make_start_world(&mut world, player, ruleset);
        } else if black_holes.contains(&index) {
            world.black_hole = true;
        } else {
            make_neutral_world(&mut world, rng);
        }
        galaxy.worlds.insert(id, world);
    }

    // Fleets: the players' start fleets, then the neutral fleets, numbered by a
    // random permutation of 1..=F.
    let per_player = ruleset.start.fleets;
    let neutral_fleets = params.neutral_fleet_count();
    let total = u32::try_from(params.players.len())
        .ok()
        .and_then(|players| per_player.checked_mul(players))
        .and_then(|fleets| fleets.checked_add(neutral_fleets))
        .ok_or_else(|| {
            GenerateError::new(
                "game-gen-start-fleets",
                &[
                    ("count", per_player.to_string()),
                    ("max", worlds.to_string()),
                ],
            )
        })?;
    let mut numbers: Vec<FleetId> = (1..=total).collect();
    shuffle(&mut numbers, rng);
    let mut numbers = numbers.into_iter();
    for (index, &start) in starts.iter().enumerate() {
        let owner = PlayerId(index as u32 + 1);
        for _ in 0..per_player {
            if let Some(id) = numbers.next() {
                let fleet = Fleet::new(id, owner, start as WorldId + 1);
                galaxy.fleets.insert(id, fleet);
            }
        }
    }
    let hosts: Vec<WorldId> = galaxy
        .worlds
        .values()
        .filter(|w| !w.is_start_world() && !w.black_hole)
        .map(|w| w.id)
        .collect();
    let mut neutral_ids = Vec::new();
    for _ in 0..neutral_fleets {
        let (Some(id), Some(&world)) = (numbers.next(), pick(&hosts, rng)) else {
            break;
        };
        let mut fleet = Fleet::new(id, PlayerId::NEUTRAL, world);
        if rng.random_ratio(2, 3) {
            fleet.vc = rng.random_range(1..=20u32);
        }
        galaxy.fleets.insert(id, fleet);
        neutral_ids.push(id);
    }
    neutral_ids.sort_unstable();

    place_treasures(
        &mut galaxy,
        params.treasure_count(),
        &hosts,
        &neutral_ids,
        rng,
    );

    galaxy.final_turn = final_turn(params, ruleset);
    Ok(galaxy)
}

/// The final turn: the parameter, else the ruleset's mean of the requests, else the
/// middle of the allowed range (same rounding).
fn final_turn(params: &GeneratorParams, ruleset: &Ruleset) -> u32 {
    if let Some(turn) = params.final_turn {
        return turn;
    }
    let requests: Vec<u32> = params
        .players
        .iter()
        .filter_map(|p| p.final_turn_request)
        .collect();
    let (low, high) = (ruleset.galaxy.final_turn_min, ruleset.galaxy.final_turn_max);
    ruleset
        .final_turn(&requests)
        .or_else(|| ruleset.final_turn(&[low, high]))
        .unwrap_or(low)
}

/// Ruling G-131 (III.6): at game start the chosen number of treasure kinds (all 200
/// by default, each kind at most once) is drawn at random and each treasure is laid
/// on a random neutral world that is neither a start world nor a black hole, or —
/// one time in five when neutral fleets exist — in the hold of a random neutral
/// fleet; never on a start world nor on a player's fleet.
fn place_treasures<R: Rng + ?Sized>(
    galaxy: &mut Galaxy,
    count: u32,
    hosts: &[WorldId],
    neutral_fleets: &[FleetId],
    rng: &mut R,
) {
    let mut kinds = all_kinds();
    shuffle(&mut kinds, rng);
    for (index, kind) in kinds.into_iter().take(count as usize).enumerate() {
        let id = index as u32 + 1;
        let on_fleet = !neutral_fleets.is_empty() && rng.random_ratio(1, 5);
        let location = if on_fleet {
            pick(neutral_fleets, rng).map(|&f| TreasureLocation::Fleet(f))
        } else {
            pick(hosts, rng).map(|&w| TreasureLocation::World(w))
        };
        if let Some(location) = location {
            galaxy.treasures.insert(id, Treasure { id, kind, location });
        }
    }
}

fn make_start_world(world: &mut World, owner: PlayerId, ruleset: &Ruleset) {
    let start = &ruleset.start;
    world.owner = owner;
    world.start_owner = Some(owner);
    world.owned_turns = start.possession_counter;
    world.mining_counter = start.possession_counter;
    world.industries = start.industries;
    world.active_industries = start.industries;
    world.vi = start.vi;
    world.vp = start.vp;
    world.population = Population {
        non_converts: start.population,
        ..Population::default()
    };
    world.pop_limit = start.population_limit;
    world.mp = start.mp;
    world.mining = start.mining_capacity;
    world.pe = start.potential;
}

fn make_neutral_world<R: Rng + ?Sized>(world: &mut World, rng: &mut R) {
    let population = if rng.random_ratio(1, 4) {
        0
    } else {
        match rng.random_range(0..10u32) {
            0..=5 => rng.random_range(1..=100u32),
            6..=8 => rng.random_range(101..=200u32),
            _ => rng.random_range(201..=300u32),
        }
    };
    world.population.non_converts = population;
    world.pop_limit = if population == 0 {
        rng.random_range(0..=150u32)
    } else {
        population + rng.random_range(10..=population.max(20))
    };
    world.mp = rng.random_range(0..=50u32);
    world.mining = rng.random_range(0..=5u32);
    if population > 0 && rng.random_ratio(1, 6) {
        world.industries = rng.random_range(1..=10u32);
        world.active_industries = world.industries.min(world.mp).min(population);
        if rng.random_ratio(1, 2) {
            world.vi = rng.random_range(1..=5u32);
        }
    }
    if population > 0 && rng.random_ratio(1, 6) {
        world.vp = rng.random_range(1..=5u32);
    }
}

fn pick<'a, T, R: Rng + ?Sized>(items: &'a [T], rng: &mut R) -> Option<&'a T> {
    if items.is_empty() {
        None
    } else {
        items.get(rng.random_range(0..items.len() as u64) as usize)
    }
}

/// Fisher–Yates with `u64` draws (portable: no `usize` sampling).
fn shuffle<T, R: Rng + ?Sized>(items: &mut [T], rng: &mut R) {
    for i in (1..items.len()).rev() {
        let j = rng.random_range(0..=i as u64) as usize;
        items.swap(i, j);
    }
}

/// Per-player summary used by tests and the arbiter's log: start world of each
/// player.
pub fn start_worlds(galaxy: &Galaxy) -> BTreeMap<PlayerId, WorldId> {
    galaxy
        .worlds
        .values()
        .filter_map(|w| w.start_owner.map(|p| (p, w.id)))
        .collect()
}
