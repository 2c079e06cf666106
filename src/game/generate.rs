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

use std::cmp::Reverse;
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
    let players = params.players.len() as u32;
    if players == 0 {
        return Err(GenerateError::new("game-gen-no-players", &[]));
    }
    let mut names = BTreeSet::new();
    for setup in &params.players {
        let name = setup.name.as_str();
        let bad = name.trim().is_empty()
            || name.trim() != name
            || name.chars().count() > MAX_NAME_CHARS
            || name.chars().any(|c| c == '"' || c.is_control());
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

/// Distances on the torus.
struct Metric {
    width: u32,
    height: u32,
}

impl Metric {
    /// Squared Euclidean distance, each axis the shorter way round.
    fn distance(&self, a: Coords, b: Coords) -> u64 {
        // Coordinates lie inside the torus, so |a - b| < size: no division needed
        // (the same magnitude as `Galaxy::torus_delta`).
        let axis = |a: u32, b: u32, size: u32| {
            let d = a.abs_diff(b);
            u64::from(d.min(size.saturating_sub(d)))
        };
        let dx = axis(a.x, b.x, self.width);
        let dy = axis(a.y, b.y, self.height);
        dx * dx + dy * dy
    }
}

fn place_worlds<R: Rng + ?Sized>(
    count: usize,
    width: u32,
    height: u32,
    rng: &mut R,
) -> Vec<Coords> {
    // One flag per cell of the torus (at most MAX_SIDE² = 10⁶).
    let mut used = vec![false; width as usize * height as usize];
    let mut coords = Vec::with_capacity(count);
    while coords.len() < count {
        let point = Coords {
            x: rng.random_range(0..width),
            y: rng.random_range(0..height),
        };
        let cell = point.y as usize * width as usize + point.x as usize;
        if let Some(flag) = used.get_mut(cell)
            && !*flag
        {
            *flag = true;
            coords.push(point);
        }
    }
    coords
}

/// A bucket grid on the torus: every world of a set in the cell of its
/// coordinates, cells visited in rings of growing (wrapping) Chebyshev distance,
/// so that a nearest-world query looks at a few cells instead of every world.
///
/// Each query answers exactly what a scan of the whole set answers: the same
/// squared distances, ties broken by world index — a ring is left only when every
/// world beyond it is strictly farther than the answer.
struct Grid<'a> {
    coords: &'a [Coords],
    metric: &'a Metric,
    cols: u32,
    rows: u32,
    /// The narrowest cell along x and along y (cells are `width / cols` wide, or
    /// one more).
    cell_width: u64,
    cell_height: u64,
    cells: Vec<Vec<u32>>,
}

/// The cell offsets along an axis of `size` cells at `level` steps from a cell
/// (each distinct cell once, wrapping round): `(offsets, how many)`.
fn axis_level(size: u32, level: u32) -> ([u32; 2], usize) {
    if level == 0 {
        ([0, 0], 1)
    } else if 2 * level < size {
        ([level, size - level], 2)
    } else if 2 * level == size {
        ([level, 0], 1)
    } else {
        ([0, 0], 0)
    }
}

impl<'a> Grid<'a> {
    /// A grid of about two worlds per cell holding `members` (indices of `coords`).
    fn new(coords: &'a [Coords], metric: &'a Metric, members: impl Iterator<Item = usize>) -> Self {
        let (width, height) = (u64::from(metric.width), u64::from(metric.height));
        let target = (2 * width * height).div_ceil(coords.len().max(1) as u64);
        let mut side = target.isqrt().max(1);
        if side * side < target {
            side += 1;
        }
        let cols = (width / side).clamp(1, width.max(1));
        let rows = (height / side).clamp(1, height.max(1));
        let mut grid = Grid {
            coords,
            metric,
            cols: cols as u32,
            rows: rows as u32,
            cell_width: (width / cols).max(1),
            cell_height: (height / rows).max(1),
            cells: vec![Vec::new(); (cols * rows) as usize],
        };
        for index in members {
            let cell = grid.cell_of(coords[index]);
            grid.cells[cell].push(index as u32);
        }
        grid
    }

    fn column_row(&self, p: Coords) -> (u32, u32) {
        let x = u64::from(p.x) * u64::from(self.cols) / u64::from(self.metric.width.max(1));
        let y = u64::from(p.y) * u64::from(self.rows) / u64::from(self.metric.height.max(1));
        ((x as u32).min(self.cols - 1), (y as u32).min(self.rows - 1))
    }

    fn cell_of(&self, p: Coords) -> usize {
        let (x, y) = self.column_row(p);
        y as usize * self.cols as usize + x as usize
    }

    fn remove(&mut self, index: usize) {
        let cell = self.cell_of(self.coords[index]);
        let members = &mut self.cells[cell];
        if let Some(at) = members.iter().position(|&i| i as usize == index) {
            members.swap_remove(at);
        }
    }

    /// The cells at ring `r` around cell `(x, y)`, each once, into `out`.
    fn ring(&self, (x, y): (u32, u32), r: u32, out: &mut Vec<usize>) {
        out.clear();
        let (cols, rows) = (self.cols, self.rows);
        let mut push = |dx: u32, dy: u32| {
            let cx = (x + dx) % cols;
            let cy = (y + dy) % rows;
            out.push(cy as usize * cols as usize + cx as usize);
        };
        let (xs, nx) = axis_level(cols, r);
        let (ys, ny) = axis_level(rows, r);
        // x at level r, y at any level up to r …
        for &dx in &xs[..nx] {
            for level in 0..=r.min(rows / 2) {
                let (dys, k) = axis_level(rows, level);
                for &dy in &dys[..k] {
                    push(dx, dy);
                }
            }
        }
        // … and x below level r, y at level r.
        for level in 0..r.min(cols / 2 + 1) {
            let (dxs, k) = axis_level(cols, level);
            for &dx in &dxs[..k] {
                for &dy in &ys[..ny] {
                    push(dx, dy);
                }
            }
        }
    }

    /// A lower bound of the squared distance from a point to any world in a cell
    /// beyond ring `r` of the point's cell, or `None` when no cell lies beyond.
    /// (A cell `L` steps away along an axis is at least `(L - 1) × narrowest + 1`
    /// away along that axis, either way round.)
    fn beyond(&self, r: u32) -> Option<u64> {
        [(self.cols, self.cell_width), (self.rows, self.cell_height)]
            .into_iter()
            .filter(|&(size, _)| size / 2 > r)
            .map(|(_, narrowest)| {
                let d = u64::from(r) * narrowest + 1;
                d * d
            })
            .min()
    }

    /// The `k` members nearest to `p` that `keep` accepts, by (squared distance,
    /// index), nearest first — what sorting every accepted member would give.
    fn nearest(&self, p: Coords, k: usize, keep: impl FnMut(usize) -> bool) -> Vec<(u64, usize)> {
        self.nearest_within_rings(p, k, u32::MAX, keep).0
    }

    /// [`Grid::nearest`] looking no farther than ring `last`: the answer, and
    /// `None` when it is exact, else a lower bound of the squared distance of every
    /// member not looked at (the answer then holds only members found so far).
    fn nearest_within_rings(
        &self,
        p: Coords,
        k: usize,
        last: u32,
        mut keep: impl FnMut(usize) -> bool,
    ) -> (Vec<(u64, usize)>, Option<u64>) {
        let mut found: Vec<(u64, usize)> = Vec::with_capacity(k + 1);
        if k == 0 {
            return (found, None);
        }
        let centre = self.column_row(p);
        let mut cells = Vec::new();
        let mut r = 0;
        loop {
            self.ring(centre, r, &mut cells);
            for &cell in &cells {
                for &index in &self.cells[cell] {
                    let index = index as usize;
                    let entry = (self.metric.distance(p, self.coords[index]), index);
                    if found.len() == k && entry >= found[k - 1] {
                        continue;
                    }
                    if !keep(index) {
                        continue;
                    }
                    let at = found.partition_point(|e| *e < entry);
                    found.insert(at, entry);
                    found.truncate(k);
                }
            }
            match self.beyond(r) {
                Some(bound) if found.len() < k || found[k - 1].0 >= bound => {
                    if r >= last {
                        return (found, Some(bound));
                    }
                    r += 1;
                }
                _ => return (found, None),
            }
        }
    }

    /// Calls `visit` on every cell (index) holding a member at squared distance
    /// below `limit` from `p` (and on some cells beyond), each cell once.
    fn cells_within(&self, p: Coords, limit: u64, mut visit: impl FnMut(usize)) {
        let centre = self.column_row(p);
        let mut cells = Vec::new();
        let mut r = 0;
        loop {
            self.ring(centre, r, &mut cells);
            for &cell in &cells {
                visit(cell);
            }
            match self.beyond(r) {
                Some(bound) if bound < limit => r += 1,
                _ => return,
            }
        }
    }

    /// Calls `visit` on every member at squared distance below `limit` from `p`
    /// (and on some beyond).
    #[cfg(test)]
    fn within(&self, p: Coords, limit: u64, mut visit: impl FnMut(usize)) {
        self.cells_within(p, limit, |cell| {
            for &index in &self.cells[cell] {
                visit(index as usize);
            }
        });
    }
}

/// The largest key of a set of slots, kept up to date slot by slot: a complete
/// binary tree whose leaves are the slots and every node the larger of its two
/// children (`None` below every key).
struct Tournament<K> {
    leaves: usize,
    nodes: Vec<Option<K>>,
}

impl<K: Copy + Ord> Tournament<K> {
    /// Slots `0..slots`, all empty.
    fn new(slots: usize) -> Self {
        let leaves = slots.max(1).next_power_of_two();
        Tournament {
            leaves,
            nodes: vec![None; 2 * leaves],
        }
    }

    /// Sets every slot at once.
    fn fill(&mut self, keys: impl Iterator<Item = Option<K>>) {
        self.nodes.fill(None);
        for (slot, key) in keys.enumerate().take(self.leaves) {
            self.nodes[self.leaves + slot] = key;
        }
        for node in (1..self.leaves).rev() {
            self.nodes[node] = self.nodes[2 * node].max(self.nodes[2 * node + 1]);
        }
    }

    /// Sets one slot (climbing only while the maxima change).
    fn set(&mut self, slot: usize, key: Option<K>) {
        let mut node = self.leaves + slot;
        self.nodes[node] = key;
        while node > 1 {
            node /= 2;
            let best = self.nodes[2 * node].max(self.nodes[2 * node + 1]);
            if self.nodes[node] == best {
                break;
            }
            self.nodes[node] = best;
        }
    }

    fn max(&self) -> Option<K> {
        self.nodes[1]
    }
}

/// How many connections each of `n` worlds wants (1–8, mostly 2–4), clamped to the
/// ruleset's `low..=high`: one draw per world (two for 6–8), in world order.
fn wanted_connections<R: Rng + ?Sized>(
    rng: &mut R,
    n: usize,
    low: usize,
    high: usize,
) -> Vec<usize> {
    (0..n)
        .map(|_| {
            let w: usize = match rng.random_range(0..40u32) {
                0..=4 => 1,
                5..=12 => 2,
                13..=26 => 3,
                27..=34 => 4,
                35..=37 => 5,
                _ => rng.random_range(6..=8u32) as usize,
            };
            w.clamp(low, high)
        })
        .collect()
}

/// The connections of every world (indices), symmetric, sorted.
///
/// Every step asks the grid the questions a scan of all worlds would answer, with
/// the same ties, so the result is the same as the quadratic method's.
fn connect<R: Rng + ?Sized>(
    coords: &[Coords],
    metric: &Metric,
    all: &Grid<'_>,
    ruleset: &Ruleset,
    rng: &mut R,
) -> Vec<Vec<usize>> {
    let n = coords.len();
    let low = ruleset.galaxy.min_connections as usize;
    let high = ruleset.galaxy.max_connections as usize;
    let mut links: Vec<Vec<usize>> = vec![Vec::new(); n];
    let link = |links: &mut Vec<Vec<usize>>, a: usize, b: usize| {
        links[a].push(b);
        links[b].push(a);
    };

    // 1. Degree-bounded minimum spanning tree (Prim): each step joins the pair
    //    (tree world with room, world outside) smallest by (distance, tree world,
    //    outside world). The heap holds one entry per tree world with room: its
    //    nearest outside world as it was when looked up — a lower bound of its
    //    true pair once that world has joined (it is then looked up again) — or,
    //    when none lay within the rings it looked at (`reach`), a lower bound of
    //    the distance to any (`NOT_FOUND`; it then looks twice as far).
    const NOT_FOUND: usize = usize::MAX;
    let mut in_tree = vec![false; n];
    let mut reach = vec![2u32; n];
    let mut outside = Grid::new(coords, metric, 1..n);
    let mut heap = BinaryHeap::new();
    let look_up = |outside: &Grid<'_>, t: usize, reach: u32| match outside.nearest_within_rings(
        coords[t],
        1,
        reach,
        |_| true,
    ) {
        (found, None) => found.first().map(|&(d, v)| Reverse((d, t, v))),
        (_, Some(bound)) => Some(Reverse((bound, t, NOT_FOUND))),
    };
    if n > 0 {
        in_tree[0] = true;
        heap.extend(look_up(&outside, 0, reach[0]));
    }
    let mut added = 1;
    while added < n {
        // Empty: every tree world is full.
        let Some(Reverse((_, t, v))) = heap.pop() else {
            break;
        };
        if links[t].len() >= high {
            continue;
        }
        if v == NOT_FOUND {
            reach[t] = reach[t].saturating_mul(2);
        } else if !in_tree[v] {
            link(&mut links, t, v);
            in_tree[v] = true;
            outside.remove(v);
            added += 1;
            if links[v].len() < high {
                heap.extend(look_up(&outside, v, reach[v]));
            }
        }
        if links[t].len() < high {
            heap.extend(look_up(&outside, t, reach[t]));
        }
    }

    // 2. Wanted connections, then the shortest candidate pairs.
    let wanted = wanted_connections(rng, n, low, high);
    let mut candidates = Vec::with_capacity(n * 12);
    for (a, &point) in coords.iter().enumerate() {
        for (d, b) in all.nearest(point, 12, |b| b != a) {
            candidates.push((d, a.min(b), a.max(b)));
        }
    }
    candidates.sort_unstable();
    candidates.dedup();
    for &(_, a, b) in &candidates {
        if !links[a].contains(&b) && links[a].len() < wanted[a] && links[b].len() < wanted[b] {
            link(&mut links, a, b);
        }
    }

    // 3. Worlds still under the minimum: nearest worlds with room.
    for a in 0..n {
        let Some(missing) = low.checked_sub(links[a].len()).filter(|&m| m > 0) else {
            continue;
        };
        let near = all.nearest(coords[a], missing, |b| {
            b != a && !links[a].contains(&b) && links[b].len() < high
        });
        for (_, b) in near {
            link(&mut links, a, b);
        }
    }
    for connected in &mut links {
        connected.sort_unstable();
    }
    links
}

/// Farthest-point selection of the start worlds (indices), best of 8 first picks.
///
/// Each trial keeps, for every world that may still be chosen, its distance to the
/// nearest chosen start world; a new start world can only lower it for worlds
/// closer to it than the distance it was chosen at (the largest of them all), so
/// only the grid cells within that distance are looked at. The next start world is
/// the largest (distance, smallest index) of a tournament over the grid cells.
fn choose_starts<R: Rng + ?Sized>(
    players: usize,
    coords: &[Coords],
    links: &[Vec<usize>],
    metric: &Metric,
    all: &Grid<'_>,
    rng: &mut R,
) -> Option<Vec<usize>> {
    type Key = (u64, Reverse<usize>);
    let n = coords.len();
    let candidate: Vec<bool> = links.iter().map(|l| l.len() >= 2).collect();
    let candidates: Vec<usize> = (0..n).filter(|&i| candidate[i]).collect();
    let cell_of: Vec<usize> = coords.iter().map(|&p| all.cell_of(p)).collect();
    let mut tournament: Tournament<Key> = Tournament::new(all.cells.len());
    let mut best: Option<(u64, Vec<usize>)> = None;
    for _ in 0..8 {
        let first = *pick(&candidates, rng)?;
        let mut chosen = Vec::with_capacity(players);
        // A start world, or a world connected to one: never a start world.
        let mut blocked = vec![false; n];
        let mut nearest = vec![u64::MAX; n];
        // The best world of a cell that may still be chosen.
        let best_of = |cell: usize, nearest: &[u64], blocked: &[bool]| {
            all.cells[cell]
                .iter()
                .map(|&i| i as usize)
                .filter(|&i| candidate[i] && !blocked[i])
                .map(|i| (nearest[i], Reverse(i)))
                .max()
        };
        // The smallest distance between two chosen start worlds: each one's
        // distance to the nearest of those chosen before it.
        let mut spread = u64::MAX;
        let mut next = Some((first, u64::MAX));
        while let Some((world, distance)) = next {
            if !chosen.is_empty() {
                spread = spread.min(distance);
            }
            chosen.push(world);
            blocked[world] = true;
            for &other in &links[world] {
                blocked[other] = true;
            }
            let here = coords[world];
            if distance == u64::MAX {
                for (i, d) in nearest.iter_mut().enumerate() {
                    *d = metric.distance(here, coords[i]);
                }
                tournament.fill((0..all.cells.len()).map(|c| best_of(c, &nearest, &blocked)));
            } else {
                all.cells_within(here, distance, |cell| {
                    let mut changed = false;
                    for &i in &all.cells[cell] {
                        let i = i as usize;
                        let d = metric.distance(here, coords[i]);
                        if d < nearest[i] {
                            nearest[i] = d;
                            changed = true;
                        }
                    }
                    if changed {
                        tournament.set(cell, best_of(cell, &nearest, &blocked));
                    }
                });
                for &w in links[world].iter().chain([&world]) {
                    tournament.set(cell_of[w], best_of(cell_of[w], &nearest, &blocked));
                }
            }
            if chosen.len() == players {
                break;
            }
            next = tournament.max().map(|(d, Reverse(c))| (c, d));
        }
        if chosen.len() < players {
            continue;
        }
        if best.as_ref().is_none_or(|(s, _)| spread > *s) {
            best = Some((spread, chosen));
        }
    }
    best.map(|(_, chosen)| chosen)
}

fn choose_black_holes<R: Rng + ?Sized>(
    count: u32,
    starts: &[usize],
    links: &[Vec<usize>],
    rng: &mut R,
) -> BTreeSet<usize> {
    let mut banned: BTreeSet<usize> = starts.iter().copied().collect();
    for &s in starts {
        banned.extend(links[s].iter().copied());
    }
    let mut eligible: Vec<usize> = (0..links.len()).filter(|i| !banned.contains(i)).collect();
    shuffle(&mut eligible, rng);
    eligible.into_iter().take(count as usize).collect()
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

#[cfg(test)]
mod tests {
    use super::*;
    use rand_chacha::ChaCha8Rng;

    #[test]
    fn metric_matches_the_galaxy_torus_delta() {
        for (width, height) in [(7, 4), (8, 5), (1, 3)] {
            let metric = Metric { width, height };
            for (ax, ay, bx, by) in (0..width).flat_map(|ax| {
                (0..height).flat_map(move |ay| {
                    (0..width).flat_map(move |bx| (0..height).map(move |by| (ax, ay, bx, by)))
                })
            }) {
                let dx = Galaxy::torus_delta(ax, bx, width).unsigned_abs();
                let dy = Galaxy::torus_delta(ay, by, height).unsigned_abs();
                let (a, b) = (Coords { x: ax, y: ay }, Coords { x: bx, y: by });
                assert_eq!(metric.distance(a, b), dx * dx + dy * dy, "{a:?} {b:?}");
            }
        }
    }

    /// Every world of a small torus, in a scrambled order.
    fn scattered(width: u32, height: u32, count: usize, seed: u64) -> Vec<Coords> {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        place_worlds(count, width, height, &mut rng)
    }

    /// The grid's answers are those of a scan of every world: nearest `k` (with
    /// a filter), and every world within a distance — on square, flat, odd, even
    /// and one-cell-wide tori, dense and sparse.
    #[test]
    fn grid_queries_match_a_full_scan() {
        let shapes = [
            (10, 10, 20),
            (7, 4, 14),
            (8, 5, 20),
            (1, 60, 25),
            (60, 1, 25),
            (2, 40, 30),
            (33, 17, 100),
            (40, 40, 50),
            (100, 3, 60),
            (64, 64, 400),
        ];
        for (seed, (width, height, count)) in shapes.into_iter().enumerate() {
            let coords = scattered(width, height, count, seed as u64);
            let metric = Metric { width, height };
            // Members: every other world (a grid need not hold them all).
            let grid = Grid::new(&coords, &metric, (0..count).filter(|i| i % 3 != 1));
            let members: Vec<usize> = (0..count).filter(|i| i % 3 != 1).collect();
            for x in 0..width {
                for y in 0..height {
                    let p = Coords { x, y };
                    let mut all: Vec<(u64, usize)> = members
                        .iter()
                        .map(|&i| (metric.distance(p, coords[i]), i))
                        .collect();
                    all.sort_unstable();
                    for k in [1, 3, 12] {
                        let expected: Vec<_> = all.iter().copied().take(k).collect();
                        assert_eq!(
                            grid.nearest(p, k, |_| true),
                            expected,
                            "{width}x{height} {p:?} k={k}"
                        );
                        let odd: Vec<_> = all
                            .iter()
                            .copied()
                            .filter(|e| e.1 % 2 == 1)
                            .take(k)
                            .collect();
                        assert_eq!(grid.nearest(p, k, |i| i % 2 == 1), odd);
                    }
                    // Looking no farther than a few rings: exact, or a true bound.
                    for last in [0, 1, 2] {
                        let (partial, bound) = grid.nearest_within_rings(p, 2, last, |_| true);
                        match bound {
                            None => {
                                assert_eq!(partial, all.iter().copied().take(2).collect::<Vec<_>>())
                            }
                            Some(bound) => {
                                for e in all.iter().filter(|e| !partial.contains(e)) {
                                    assert!(e.0 >= bound, "{p:?} last={last}: {e:?} under {bound}");
                                }
                            }
                        }
                    }
                    for limit in [1, 2, 5, 17, 50, 400] {
                        let mut seen = BTreeSet::new();
                        grid.within(p, limit, |i| {
                            assert!(seen.insert(i), "{i} visited twice");
                        });
                        for &(d, i) in &all {
                            assert!(d >= limit || seen.contains(&i), "{p:?} misses {i} at {d}");
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn removed_worlds_are_no_longer_found() {
        let coords = scattered(30, 30, 200, 9);
        let metric = Metric {
            width: 30,
            height: 30,
        };
        let mut grid = Grid::new(&coords, &metric, 0..200);
        for i in (0..200).step_by(2) {
            grid.remove(i);
        }
        let p = Coords { x: 3, y: 29 };
        let found = grid.nearest(p, 200, |_| true);
        assert_eq!(found.len(), 100);
        assert!(found.iter().all(|&(_, i)| i % 2 == 1));
    }

    // ---- The quadratic version, kept as the reference ------------------------

    /// The connections of every world (indices), symmetric, sorted.
    fn reference_connect<R: Rng + ?Sized>(
        coords: &[Coords],
        metric: &Metric,
        ruleset: &Ruleset,
        rng: &mut R,
    ) -> Vec<Vec<usize>> {
        let n = coords.len();
        let low = ruleset.galaxy.min_connections as usize;
        let high = ruleset.galaxy.max_connections as usize;
        let mut links: Vec<BTreeSet<usize>> = vec![BTreeSet::new(); n];
        let link = |links: &mut Vec<BTreeSet<usize>>, a: usize, b: usize| {
            links[a].insert(b);
            links[b].insert(a);
        };

        // 1. Degree-bounded minimum spanning tree (Prim).
        let mut in_tree = vec![false; n];
        let mut best = vec![(u64::MAX, 0usize); n];
        if n > 0 {
            in_tree[0] = true;
            for v in 1..n {
                best[v] = (metric.distance(coords[0], coords[v]), 0);
            }
        }
        let mut added = 1;
        while added < n {
            let Some(v) = (0..n)
                .filter(|&v| !in_tree[v])
                .min_by_key(|&v| (best[v], v))
            else {
                break;
            };
            let (_, u) = best[v];
            if links[u].len() >= high {
                // The nearest tree world is full: look again among those with room.
                best[v] = (0..n)
                    .filter(|&t| in_tree[t] && links[t].len() < high)
                    .map(|t| (metric.distance(coords[t], coords[v]), t))
                    .min()
                    .unwrap_or((u64::MAX, u));
                if best[v].0 == u64::MAX {
                    break;
                }
                continue;
            }
            link(&mut links, u, v);
            in_tree[v] = true;
            added += 1;
            for w in 0..n {
                if !in_tree[w] {
                    let d = metric.distance(coords[v], coords[w]);
                    if (d, v) < best[w] {
                        best[w] = (d, v);
                    }
                }
            }
        }

        // 2. Wanted connections, then the shortest candidate pairs.
        let wanted = super::wanted_connections(rng, n, low, high);
        let mut candidates = Vec::new();
        for a in 0..n {
            let mut near: Vec<(u64, usize)> = (0..n)
                .filter(|&b| b != a)
                .map(|b| (metric.distance(coords[a], coords[b]), b))
                .collect();
            let k = near.len().min(12);
            if k < near.len() {
                near.select_nth_unstable(k);
            }
            near.truncate(k);
            for (d, b) in near {
                candidates.push((d, a.min(b), a.max(b)));
            }
        }
        candidates.sort_unstable();
        candidates.dedup();
        for &(_, a, b) in &candidates {
            if !links[a].contains(&b) && links[a].len() < wanted[a] && links[b].len() < wanted[b] {
                link(&mut links, a, b);
            }
        }

        // 3. Worlds still under the minimum: nearest worlds with room.
        for a in 0..n {
            if links[a].len() >= low {
                continue;
            }
            let mut near: Vec<(u64, usize)> = (0..n)
                .filter(|&b| b != a && !links[a].contains(&b) && links[b].len() < high)
                .map(|b| (metric.distance(coords[a], coords[b]), b))
                .collect();
            near.sort_unstable();
            for (_, b) in near {
                if links[a].len() >= low {
                    break;
                }
                link(&mut links, a, b);
            }
        }
        links.into_iter().map(|s| s.into_iter().collect()).collect()
    }

    /// Farthest-point selection of the start worlds (indices), best of 8 first picks.
    fn reference_choose_starts<R: Rng + ?Sized>(
        players: usize,
        coords: &[Coords],
        links: &[Vec<usize>],
        metric: &Metric,
        rng: &mut R,
    ) -> Option<Vec<usize>> {
        let candidates: Vec<usize> = (0..coords.len()).filter(|&i| links[i].len() >= 2).collect();
        let mut best: Option<(u64, Vec<usize>)> = None;
        for _ in 0..8 {
            let first = *pick(&candidates, rng)?;
            let mut chosen = Vec::with_capacity(players);
            // A start world, or a world connected to one: never a start world.
            let mut blocked = vec![false; coords.len()];
            let mut nearest = vec![u64::MAX; coords.len()];
            let mut next = Some(first);
            while let Some(world) = next {
                chosen.push(world);
                blocked[world] = true;
                for &other in &links[world] {
                    blocked[other] = true;
                }
                for (i, d) in nearest.iter_mut().enumerate() {
                    *d = (*d).min(metric.distance(coords[world], coords[i]));
                }
                if chosen.len() == players {
                    break;
                }
                next = candidates
                    .iter()
                    .copied()
                    .filter(|&c| !blocked[c])
                    .max_by_key(|&c| (nearest[c], std::cmp::Reverse(c)));
            }
            if chosen.len() < players {
                continue;
            }
            let spread = chosen
                .iter()
                .enumerate()
                .flat_map(|(i, &a)| chosen[i + 1..].iter().map(move |&b| (a, b)))
                .map(|(a, b)| metric.distance(coords[a], coords[b]))
                .min()
                .unwrap_or(u64::MAX);
            if best.as_ref().is_none_or(|(s, _)| spread > *s) {
                best = Some((spread, chosen));
            }
        }
        best.map(|(_, chosen)| chosen)
    }

    /// On random tori of every shape and rulesets of every connection range, the
    /// grid-based connections and start worlds are those of the quadratic
    /// version (same RNG draws, same ties), world for world.
    #[test]
    fn connections_and_starts_are_the_quadratic_versions() {
        let mut cases = ChaCha8Rng::seed_from_u64(2026);
        for case in 0..60u64 {
            let count = cases.random_range(20..=260usize);
            let cells = count as u32 * cases.random_range(2..=8u32);
            let width = cases.random_range(1..=cells.min(400));
            let height = cells.div_ceil(width);
            let mut rules = Ruleset::builtin_2002();
            let low = cases.random_range(1..=3u32);
            rules.galaxy.min_connections = low;
            rules.galaxy.max_connections = cases.random_range(low.max(2)..=8);
            let players = cases.random_range(1..=(count / 10).max(1));
            let coords = scattered(width, height, count, case);
            let metric = Metric { width, height };
            let all = Grid::new(&coords, &metric, 0..count);
            let mut rng = ChaCha8Rng::seed_from_u64(case);
            let mut reference_rng = ChaCha8Rng::seed_from_u64(case);
            let links = connect(&coords, &metric, &all, &rules, &mut rng);
            let expected = reference_connect(&coords, &metric, &rules, &mut reference_rng);
            assert_eq!(
                links, expected,
                "case {case}: {count} worlds on {width}x{height}"
            );
            let starts = choose_starts(players, &coords, &links, &metric, &all, &mut rng);
            let expected =
                reference_choose_starts(players, &coords, &links, &metric, &mut reference_rng);
            assert_eq!(starts, expected, "case {case}: {players} players");
            // The generator goes on from the same point of the stream.
            assert_eq!(rng.random::<u64>(), reference_rng.random::<u64>());
        }
    }
}
