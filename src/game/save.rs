//! The arbiter's save: everything needed to resolve the next turn, as versioned RON.
//!
//! A [`Save`] holds the format version, the game's name, the **full ruleset** (a game
//! keeps its rules even if a built-in file changes later), the game seed, the seed
//! of the next turn's resolution, the arbiter's [`Galaxy`] and the record of the
//! turn last resolved (`None` at game start). No player passwords.
//!
//! # Randomness
//!
//! The resolver never keeps a generator between runs: the seed of the resolution
//! of turn `t` (the galaxy at turn `t` becoming turn `t + 1`) is [`turn_seed`]`(seed,
//! t)` — the first 64-bit output of a ChaCha8 generator whose 32-byte key is the
//! game seed (little-endian, bytes 0–7) followed by the turn (little-endian, bytes
//! 8–11) and zeros. The save stores it as `next_turn_seed` so that the text alone
//! says which draws the next turn will use; [`Save::next_turn_rng`] builds the
//! generator from it. So (save, every player's orders) → the same next save.
//!
//! # Text
//!
//! [`Save::to_ron`] is deterministic (maps are ordered, no floats): the same save
//! gives the same bytes. It starts with one `//` comment line, then one RON struct
//! without a struct name. [`Save::from_ron`] reads the version first and refuses
//! a save written by a newer Nébutil ([`SaveError::FutureVersion`]), then reads the
//! rest and validates the ruleset. This module does no file I/O: the CLI reads and
//! writes the text.
//!
//! The text is compact but line-oriented, for a galaxy of 100 000 worlds is read,
//! written and synced whole at every turn (85 MB pretty-printed, 17 MB so):
//! - the first three levels of nesting are one item per line (the save's
//!   fields, the galaxy's and the ruleset's, the items of their maps and lists),
//!   anything deeper stays on its item's line — one line per world, fleet,
//!   player, treasure, event of the record or trace, so a turn's `diff` shows
//!   the entities that changed;
//! - a field of a world, fleet, cargo or population at its default (0, `false`,
//!   `None`, empty) is left out, and read back as that default
//!   (`model::galaxy::is_default`).
//!
//! Both are RON: an older save, pretty-printed with every field, reads the same.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};

use crate::diagnostic::Localized;
use crate::i18n::{Lang, tr_args};
use crate::model::record::TurnRecord;
use crate::model::{
    Fleet, FleetId, Galaxy, PlayerId, Treasure, TreasureId, TreasureLocation, World, WorldId,
};
use crate::rules::{RulesError, Ruleset};

/// The save format this build writes, and the newest it reads.
pub const FORMAT_VERSION: u32 = 1;

/// The first line of every save.
pub const HEADER: &str = "// Nébutil NG game save — edit with care";

/// The nesting levels written one item per line: the save's fields (1), the
/// galaxy's and the ruleset's (2), and the items of their maps and lists (3) —
/// each world, fleet, player, treasure, event or trace on one line of its own.
const TEXT_DEPTH: usize = 3;

/// One game, as the arbiter keeps it between turns.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Save {
    /// [`FORMAT_VERSION`] when written.
    pub format_version: u32,
    /// The game's name, printed in every CR header.
    pub game_name: Option<String>,
    /// The game seed (the galaxy was generated from it).
    pub seed: u64,
    /// The seed of the next resolution: [`turn_seed`]`(seed, galaxy.turn)`.
    pub next_turn_seed: u64,
    /// The rules of this game, in full.
    pub ruleset: Ruleset,
    /// The galaxy at its current turn.
    pub galaxy: Galaxy,
    /// What happened during the turn last resolved; `None` at game start.
    pub last_record: Option<TurnRecord>,
}

/// The seed of the resolution of `turn` in the game of seed `seed` (module docs).
pub fn turn_seed(seed: u64, turn: u32) -> u64 {
    let mut key = [0u8; 32];
    key[..8].copy_from_slice(&seed.to_le_bytes());
    key[8..12].copy_from_slice(&turn.to_le_bytes());
    ChaCha8Rng::from_seed(key).next_u64()
}

/// Why a save text was refused. Displayed as its English message.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
#[error("{}", self.message(Lang::En))]
pub enum SaveError {
    /// Not RON, or not the shape of a save (1-based position).
    Syntax {
        line: usize,
        column: usize,
        message: String,
    },
    /// Written by a newer Nébutil.
    FutureVersion { found: u32 },
    /// The version 0 never existed.
    BadVersion { found: u32 },
    /// The ruleset inside does not validate.
    Rules(#[source] RulesError),
    /// The galaxy cannot be right: an entity refers to one that does not exist, a
    /// count is out of range…
    Invalid(Problem),
}

/// What is wrong in a save's galaxy: the entity (`M_12`, `F_7`, `T_3`, a player's
/// number, `galaxy`), its field as the save spells it, and the offending value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Problem {
    pub kind: ProblemKind,
    pub entity: String,
    pub field: &'static str,
    pub value: String,
}

/// The kinds of impossible saves (each its own message).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ProblemKind {
    /// An entry stored under another number than its own `id`.
    KeyMismatch,
    /// A world that does not exist.
    NoWorld,
    /// A player that does not exist.
    NoPlayer,
    /// A fleet that does not exist.
    NoFleet,
    /// A connection without its way back.
    OneWayConnection,
    /// A world connected to itself.
    SelfConnection,
    /// A value outside the range the rules allow.
    OutOfRange,
}

impl ProblemKind {
    /// The Fluent id of the message.
    pub fn code(self) -> &'static str {
        match self {
            ProblemKind::KeyMismatch => "game-save-key-mismatch",
            ProblemKind::NoWorld => "game-save-no-world",
            ProblemKind::NoPlayer => "game-save-no-player",
            ProblemKind::NoFleet => "game-save-no-fleet",
            ProblemKind::OneWayConnection => "game-save-one-way-connection",
            ProblemKind::SelfConnection => "game-save-self-connection",
            ProblemKind::OutOfRange => "game-save-out-of-range",
        }
    }
}

impl SaveError {
    /// The Fluent id (in `i18n/*/game.ftl`), also a stable code.
    pub fn code(&self) -> &'static str {
        match self {
            SaveError::Syntax { .. } => "game-save-syntax",
            SaveError::FutureVersion { .. } => "game-save-future-version",
            SaveError::BadVersion { .. } => "game-save-bad-version",
            SaveError::Rules(_) => "game-save-rules",
            SaveError::Invalid(problem) => problem.kind.code(),
        }
    }

    /// The message in `lang`.
    pub fn message(&self, lang: Lang) -> String {
        match self {
            SaveError::Syntax {
                line,
                column,
                message,
            } => tr_args(
                lang,
                self.code(),
                &[
                    ("line", &line.to_string()),
                    ("column", &column.to_string()),
                    ("error", message),
                ],
            ),
            SaveError::FutureVersion { found } | SaveError::BadVersion { found } => tr_args(
                lang,
                self.code(),
                &[
                    ("found", &found.to_string()),
                    ("supported", &FORMAT_VERSION.to_string()),
                ],
            ),
            SaveError::Rules(error) => tr_args(
                lang,
                self.code(),
                &[("error", &error.render("ruleset", lang))],
            ),
            SaveError::Invalid(problem) => tr_args(
                lang,
                self.code(),
                &[
                    ("entity", &problem.entity),
                    ("field", problem.field),
                    ("value", &problem.value),
                ],
            ),
        }
    }
}

impl Localized for SaveError {
    fn code(&self) -> &str {
        SaveError::code(self)
    }

    fn message(&self, lang: Lang) -> String {
        SaveError::message(self, lang)
    }
}

fn syntax(error: &ron::error::SpannedError) -> SaveError {
    SaveError::Syntax {
        line: error.span.start.line,
        column: error.span.start.col,
        message: error.code.to_string(),
    }
}

/// Only the version, read before the rest (unknown fields ignored).
#[derive(Deserialize)]
struct VersionOnly {
    format_version: u32,
}

impl Save {
    /// A save of a new game (no record yet), at [`FORMAT_VERSION`].
    pub fn new(game_name: Option<String>, ruleset: Ruleset, seed: u64, galaxy: Galaxy) -> Save {
        Save {
            format_version: FORMAT_VERSION,
            game_name,
            seed,
            next_turn_seed: turn_seed(seed, galaxy.turn),
            ruleset,
            galaxy,
            last_record: None,
        }
    }

    /// The generator of the next resolution.
    pub fn next_turn_rng(&self) -> ChaCha8Rng {
        ChaCha8Rng::seed_from_u64(self.next_turn_seed)
    }

    /// The save as text: [`HEADER`], then RON three levels deep, one item per
    /// line (module docs, "Text"). Same save → same bytes.
    pub fn to_ron(&self) -> String {
        let config = ron::ser::PrettyConfig::new()
            .indentor("  ")
            .depth_limit(TEXT_DEPTH);
        // A save holds only integers, strings, sequences and ordered maps: the
        // serializer cannot fail on it; should it ever, the text says so and
        // reading it back refuses it.
        let body = ron::ser::to_string_pretty(self, config)
            .unwrap_or_else(|error| format!("/* cannot write: {error} */"));
        format!("{HEADER}\n{body}\n")
    }

    /// Reads a save written by [`Save::to_ron`] (this or an older format version).
    pub fn from_ron(text: &str) -> Result<Save, SaveError> {
        // One full parse (the save is large); the version alone is read only to
        // explain a file that does not parse (a newer format, say).
        let check = |found: u32| {
            if found > FORMAT_VERSION {
                Err(SaveError::FutureVersion { found })
            } else if found == 0 {
                Err(SaveError::BadVersion { found })
            } else {
                Ok(())
            }
        };
        let save: Save = match ron::from_str(text) {
            Ok(save) => save,
            Err(error) => {
                let version: VersionOnly = ron::from_str(text).map_err(|e| syntax(&e))?;
                check(version.format_version)?;
                return Err(syntax(&error));
            }
        };
        check(save.format_version)?;
        save.ruleset.validate().map_err(SaveError::Rules)?;
        check_galaxy(&save.galaxy).map_err(SaveError::Invalid)?;
        Ok(save)
    }
}

/// The galaxy of a save can be right: every reference points at an entity that
/// exists (fleets on worlds, owners, missionaries, treasures' holders), connections
/// go both ways, every entry is stored under its own number, the turn lies within
/// the game, coordinates within the torus. (Counts need no range: each is a `u32`
/// and the model adds them in `u64`.) The first problem found is returned, in the
/// order galaxy, worlds, fleets, players, treasures.
pub fn check_galaxy(galaxy: &Galaxy) -> Result<(), Problem> {
    check_frame(galaxy)?;
    for (&key, world) in &galaxy.worlds {
        check_world(galaxy, key, world)?;
    }
    for (&key, fleet) in &galaxy.fleets {
        check_fleet(galaxy, key, fleet)?;
    }
    for (&key, p) in &galaxy.players {
        let entity = Entity::Player(key);
        require(p.id == key, ProblemKind::KeyMismatch, entity, "id", p.id.0)?;
    }
    for (&key, treasure) in &galaxy.treasures {
        check_treasure(galaxy, key, treasure)?;
    }
    Ok(())
}

/// What a [`Problem`] is about. Its name (`M_12`…) is written only for a
/// problem: every load checks each world, connection and fleet, and naming
/// each beforehand made half a million strings for a 100 000-world save.
#[derive(Clone, Copy)]
enum Entity {
    Galaxy,
    World(WorldId),
    Fleet(FleetId),
    Player(PlayerId),
    Treasure(TreasureId),
}

impl std::fmt::Display for Entity {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Entity::Galaxy => f.write_str("galaxy"),
            Entity::World(id) => write!(f, "M_{id}"),
            Entity::Fleet(id) => write!(f, "F_{id}"),
            Entity::Player(id) => write!(f, "players[{}]", id.0),
            Entity::Treasure(id) => write!(f, "T_{id}"),
        }
    }
}

/// `Ok` when `holds`, else the problem `kind` of `entity`'s `field` and its
/// value (written only then: pass numbers, or `format_args!`).
fn require(
    holds: bool,
    kind: ProblemKind,
    entity: Entity,
    field: &'static str,
    value: impl std::fmt::Display,
) -> Result<(), Problem> {
    if holds {
        Ok(())
    } else {
        Err(Problem {
            kind,
            entity: entity.to_string(),
            field,
            value: value.to_string(),
        })
    }
}

/// `Ok` when player `id` exists, else [`ProblemKind::NoPlayer`].
fn require_player(
    galaxy: &Galaxy,
    id: PlayerId,
    entity: Entity,
    field: &'static str,
) -> Result<(), Problem> {
    let exists = galaxy.players.contains_key(&id);
    require(exists, ProblemKind::NoPlayer, entity, field, id.0)
}

/// The torus, the turn within the game, the neutral player.
fn check_frame(galaxy: &Galaxy) -> Result<(), Problem> {
    let range = ProblemKind::OutOfRange;
    let entity = Entity::Galaxy;
    require(galaxy.width != 0, range, entity, "width", 0)?;
    require(galaxy.height != 0, range, entity, "height", 0)?;
    let turn_ok = galaxy.turn != 0
        && galaxy.final_turn != 0
        && galaxy.turn <= galaxy.final_turn.saturating_add(1);
    let turns = format_args!("{} / {}", galaxy.turn, galaxy.final_turn);
    require(turn_ok, range, entity, "turn", turns)?;
    require_player(galaxy, PlayerId::NEUTRAL, entity, "players")
}

/// World `key`: its number, coordinates, connections (existing, both ways, not
/// to itself), owner, start owner and missionaries.
fn check_world(galaxy: &Galaxy, key: WorldId, world: &World) -> Result<(), Problem> {
    let entity = Entity::World(key);
    require(
        world.id == key,
        ProblemKind::KeyMismatch,
        entity,
        "id",
        world.id,
    )?;
    let inside = world.coords.x < galaxy.width && world.coords.y < galaxy.height;
    let coords = format_args!("[{},{}]", world.coords.x, world.coords.y);
    require(inside, ProblemKind::OutOfRange, entity, "coords", coords)?;
    for &other in &world.connections {
        require(
            other != key,
            ProblemKind::SelfConnection,
            entity,
            "connections",
            Entity::World(other),
        )?;
        let back = galaxy.worlds.get(&other);
        require(
            back.is_some(),
            ProblemKind::NoWorld,
            entity,
            "connections",
            other,
        )?;
        let both_ways = back.is_some_and(|b| b.connections.contains(&key));
        require(
            both_ways,
            ProblemKind::OneWayConnection,
            entity,
            "connections",
            other,
        )?;
    }
    require_player(galaxy, world.owner, entity, "owner")?;
    if let Some(start) = world.start_owner {
        require_player(galaxy, start, entity, "start_owner")?;
    }
    for &missionary in world.population.converts.keys() {
        require_player(galaxy, missionary, entity, "converts")?;
    }
    Ok(())
}

/// Fleet `key`: its number, its world, its owner, its converts' missionary.
fn check_fleet(galaxy: &Galaxy, key: FleetId, fleet: &Fleet) -> Result<(), Problem> {
    let entity = Entity::Fleet(key);
    require(
        fleet.id == key,
        ProblemKind::KeyMismatch,
        entity,
        "id",
        fleet.id,
    )?;
    let on_world = galaxy.worlds.contains_key(&fleet.world);
    require(on_world, ProblemKind::NoWorld, entity, "world", fleet.world)?;
    require_player(galaxy, fleet.owner, entity, "owner")?;
    if let Some(missionary) = fleet.cargo.c_missionary {
        require_player(galaxy, missionary, entity, "cargo")?;
    }
    Ok(())
}

/// Treasure `key`: its number and its holder (a world or a fleet that exists).
fn check_treasure(galaxy: &Galaxy, key: TreasureId, treasure: &Treasure) -> Result<(), Problem> {
    let entity = Entity::Treasure(key);
    require(
        treasure.id == key,
        ProblemKind::KeyMismatch,
        entity,
        "id",
        treasure.id,
    )?;
    match treasure.location {
        TreasureLocation::World(w) => {
            let exists = galaxy.worlds.contains_key(&w);
            require(exists, ProblemKind::NoWorld, entity, "location", w)
        }
        TreasureLocation::Fleet(f) => {
            let exists = galaxy.fleets.contains_key(&f);
            require(exists, ProblemKind::NoFleet, entity, "location", f)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::generate::{GeneratorParams, PlayerSetup, generate_seeded};
    use crate::model::Class;

    fn sample(seed: u64) -> Save {
        let ruleset = Ruleset::builtin_2002();
        let params = GeneratorParams::new(vec![
            PlayerSetup::new("Joueur 1", Class::Emperor),
            PlayerSetup::new("Joueur 2", Class::Pirate),
        ]);
        let galaxy = generate_seeded(&params, &ruleset, seed).expect("valid parameters");
        Save::new(Some("Essai".to_string()), ruleset, seed, galaxy)
    }

    #[test]
    fn round_trip_gives_the_same_save_and_bytes() {
        let save = sample(7);
        let text = save.to_ron();
        assert!(text.starts_with(HEADER));
        let back = Save::from_ron(&text).expect("reads back");
        assert_eq!(back, save);
        assert_eq!(back.to_ron(), text);
    }

    /// Saves of a game played by computer players (records with events,
    /// traces, captures, cargo, converts…): each reads back equal, and its text
    /// is written again byte for byte.
    #[test]
    fn played_saves_round_trip_exactly() {
        use rand::SeedableRng;
        let mut save = sample(11);
        let mut rng = ChaCha8Rng::seed_from_u64(11);
        for _ in 0..6 {
            let text = save.to_ron();
            let back = Save::from_ron(&text).expect("reads back");
            assert_eq!(back, save, "turn {}", save.galaxy.turn);
            assert_eq!(back.to_ron(), text);
            let orders = crate::game::autoplay::all_orders(&save.galaxy, &save.ruleset, &mut rng);
            save = crate::game::arbiter::run_turn(&save, &orders)
                .expect("the turn resolves")
                .0;
        }
        assert!(save.last_record.is_some());
    }

    /// One line per world and per fleet, whatever their fields.
    #[test]
    fn the_text_has_one_line_per_world_and_fleet() {
        let save = sample(12);
        let text = save.to_ron();
        let galaxy = &save.galaxy;
        for (id, world) in &galaxy.worlds {
            let start = format!("\n      {id}: (id: {id}, ");
            let at = text.find(&start).expect("the world's line");
            let line = text[at + 1..].lines().next().unwrap_or_default();
            assert!(line.ends_with("),"), "{line}");
            assert!(line.contains(&format!("connections: {:?}", world.connections)));
        }
        for id in galaxy.fleets.keys() {
            assert!(text.contains(&format!("\n      {id}: (id: {id}, owner: ")));
        }
        let lines = text.lines().count();
        let entities = galaxy.worlds.len() + galaxy.fleets.len() + galaxy.treasures.len();
        assert!(lines < entities + 250, "{lines} lines");
        // A neutral world without anything: its defaults are left out.
        assert!(!text.contains("bombed: false") && !text.contains("vc: 0,"));
    }

    /// A save written pretty-printed, every field spelled out (Nébutil before
    /// the compact text; a game of 3 computer players after 4 turns): it reads,
    /// and reads the same once written compact.
    #[test]
    fn an_older_pretty_save_still_reads() {
        let pretty = include_str!("../../tests/fixtures/game/pretty-v1.ron");
        assert!(pretty.contains("\n        bombed: false,\n"));
        let save = Save::from_ron(pretty).expect("the old save reads");
        assert_eq!(save.galaxy.turn, 5);
        let record = save.last_record.as_ref().expect("a record");
        assert!(!record.traces.is_empty() && !record.arrivals.is_empty());
        let compact = save.to_ron();
        assert!(compact.len() * 2 < pretty.len(), "{}", compact.len());
        assert_eq!(Save::from_ron(&compact), Ok(save));
    }

    #[test]
    fn same_seed_same_text_other_seed_other_text() {
        assert_eq!(sample(3).to_ron(), sample(3).to_ron());
        assert_ne!(sample(3).to_ron(), sample(4).to_ron());
    }

    #[test]
    fn turn_seeds_depend_on_seed_and_turn() {
        assert_eq!(turn_seed(1, 1), turn_seed(1, 1));
        assert_ne!(turn_seed(1, 1), turn_seed(1, 2));
        assert_ne!(turn_seed(1, 1), turn_seed(2, 1));
        let save = sample(9);
        assert_eq!(save.next_turn_seed, turn_seed(9, save.galaxy.turn));
        let mut a = save.next_turn_rng();
        let mut b = save.next_turn_rng();
        assert_eq!(a.next_u64(), b.next_u64());
    }

    #[test]
    fn future_version_is_refused() {
        let mut save = sample(1);
        save.format_version = FORMAT_VERSION + 1;
        let error = Save::from_ron(&save.to_ron()).expect_err("refused");
        assert_eq!(
            error,
            SaveError::FutureVersion {
                found: FORMAT_VERSION + 1
            }
        );
        assert!(
            error
                .message(Lang::En)
                .contains(&(FORMAT_VERSION + 1).to_string())
        );
    }

    #[test]
    fn version_zero_is_refused() {
        let mut save = sample(1);
        save.format_version = 0;
        assert_eq!(
            Save::from_ron(&save.to_ron()),
            Err(SaveError::BadVersion { found: 0 })
        );
    }

    #[test]
    fn garbage_gives_a_located_syntax_error() {
        let error =
            Save::from_ron("(\n  format_version: 1,\n  seed: oops,\n)").expect_err("refused");
        match error {
            SaveError::Syntax { line, .. } => assert!(line >= 2, "line {line}"),
            other => panic!("unexpected {other:?}"),
        }
        let no_version = Save::from_ron("(seed: 1)").expect_err("refused");
        assert_eq!(no_version.code(), "game-save-syntax");
    }

    #[test]
    fn an_invalid_ruleset_is_refused() {
        let mut save = sample(2);
        save.ruleset.technologies.clear();
        let error = Save::from_ron(&save.to_ron()).expect_err("refused");
        assert_eq!(error.code(), "game-save-rules");
    }

    /// One broken copy of a sample save per kind of problem: each refused with the
    /// entity and the field named, in both languages.
    #[test]
    fn inconsistent_galaxies_are_refused_naming_entity_and_field() {
        use crate::model::treasure::TreasureLocation;
        let good = sample(5);
        assert_eq!(check_galaxy(&good.galaxy), Ok(()));
        let fleet = *good.galaxy.fleets.keys().next().expect("a fleet");
        let world = *good.galaxy.worlds.keys().next().expect("a world");
        let other = good.galaxy.worlds[&world].connections[0];
        type Break = fn(&mut Galaxy, u32, u32, u32);
        let cases: [(Break, ProblemKind, &str, &str); 10] = [
            (
                |g, f, _, _| {
                    g.fleets
                        .get_mut(&f)
                        .into_iter()
                        .for_each(|x| x.world = 9999)
                },
                ProblemKind::NoWorld,
                "F_",
                "world",
            ),
            (
                |g, f, _, _| {
                    g.fleets
                        .get_mut(&f)
                        .into_iter()
                        .for_each(|x| x.owner = PlayerId(42))
                },
                ProblemKind::NoPlayer,
                "F_",
                "owner",
            ),
            (
                |g, f, _, _| {
                    g.fleets
                        .get_mut(&f)
                        .into_iter()
                        .for_each(|x| x.id += 100_000)
                },
                ProblemKind::KeyMismatch,
                "F_",
                "id",
            ),
            (
                |g, _, w, _| {
                    g.worlds
                        .get_mut(&w)
                        .into_iter()
                        .for_each(|x| x.owner = PlayerId(42))
                },
                ProblemKind::NoPlayer,
                "M_",
                "owner",
            ),
            (
                |g, _, w, _| {
                    g.worlds
                        .get_mut(&w)
                        .into_iter()
                        .for_each(|x| x.connections.push(9999))
                },
                ProblemKind::NoWorld,
                "M_",
                "connections",
            ),
            (
                |g, _, w, o| {
                    g.worlds
                        .get_mut(&o)
                        .into_iter()
                        .for_each(|x| x.connections.retain(|&c| c != w))
                },
                ProblemKind::OneWayConnection,
                "M_",
                "connections",
            ),
            (
                |g, _, w, _| {
                    g.worlds
                        .get_mut(&w)
                        .into_iter()
                        .for_each(|x| x.connections.push(w))
                },
                ProblemKind::SelfConnection,
                "M_",
                "connections",
            ),
            (
                |g, _, w, _| {
                    g.worlds
                        .get_mut(&w)
                        .into_iter()
                        .for_each(|x| x.coords.x = g_width())
                },
                ProblemKind::OutOfRange,
                "M_",
                "coords",
            ),
            (
                |g, _, _, _| {
                    g.treasures
                        .values_mut()
                        .take(1)
                        .for_each(|t| t.location = TreasureLocation::Fleet(999_999));
                },
                ProblemKind::NoFleet,
                "T_",
                "location",
            ),
            (
                |g, _, _, _| g.turn = g.final_turn + 2,
                ProblemKind::OutOfRange,
                "galaxy",
                "turn",
            ),
        ];
        for (breaks, kind, entity, field) in cases {
            let mut save = good.clone();
            breaks(&mut save.galaxy, fleet, world, other);
            let error = Save::from_ron(&save.to_ron()).expect_err("refused");
            let SaveError::Invalid(problem) = &error else {
                panic!("{error:?}");
            };
            assert_eq!(problem.kind, kind, "{problem:?}");
            assert!(problem.entity.starts_with(entity), "{problem:?}");
            assert_eq!(problem.field, field);
            let en = error.message(Lang::En);
            let fr = error.message(Lang::Fr);
            assert!(en.contains(&problem.entity) && en.contains(field), "{en}");
            assert!(fr.contains(&problem.entity) && fr.contains(field), "{fr}");
        }
    }

    /// Counts at `u32::MAX` are valid: the model adds them in `u64`.
    #[test]
    fn extreme_counts_are_accepted() {
        let mut save = sample(6);
        for w in save.galaxy.worlds.values_mut() {
            w.population.non_converts = u32::MAX;
            w.population.robots = u32::MAX;
        }
        for f in save.galaxy.fleets.values_mut() {
            f.vc = u32::MAX;
            f.vt = u32::MAX;
            f.cargo.mp = u32::MAX;
            f.cargo.r = u32::MAX;
        }
        let back = Save::from_ron(&save.to_ron()).expect("valid");
        let w = back.galaxy.worlds.values().next().expect("a world");
        assert_eq!(w.population.total(), 2 * u64::from(u32::MAX));
    }

    /// A world given twice in a save edited by hand: refused, located at the
    /// second entry, naming it.
    #[test]
    fn an_entry_given_twice_is_refused() {
        let save = sample(8);
        let text = save.to_ron();
        let start = text.find("    worlds: {\n").expect("worlds") + "    worlds: {\n".len();
        // One world per line.
        let end = text[start..].find('\n').expect("first world") + start;
        let first = &text[start..=end];
        assert!(first.starts_with("      1: (id: 1, "), "{first}");
        let doubled = text.replacen(first, &format!("{first}{first}"), 1);
        let error = Save::from_ron(&doubled).expect_err("refused");
        let SaveError::Syntax { line, message, .. } = &error else {
            panic!("{error:?}");
        };
        assert!(message.contains("M_1 ×2"), "{message}");
        assert!(*line > text[..end].lines().count(), "{line}");
    }

    /// Wider than any generated galaxy: a world there is out of range.
    fn g_width() -> u32 {
        100_000
    }
}
