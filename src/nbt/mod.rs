//! The `.NBT` companion file: what a turn's CR does not carry, machine-readable.
//!
//! In 2002 the arbiter mailed each player three files per turn: the CR (`.TXT`),
//! an `.AVD` and an `.NBT`, "utiles uniquement si vous utilisez Nebutil" (rule book
//! VIII). The original binary format is lost; Nébutil NG defines its own, in
//! [RON](https://github.com/ron-rs/ron), versioned. A CR alone is enough to load a
//! turn: the NBT only adds facts, through [`apply`].
//!
//! # What it carries
//!
//! - `version` — the format version ([`CURRENT_VERSION`]). A file of a newer
//!   version is refused with a clear message (`nbt-future-version`).
//! - `game`, `turn`, `ruleset` — the game's name, the turn of the CR it goes with,
//!   the name of the ruleset (`"2002"`, `"1999"`).
//! - `player` — `number`, `name` (verbatim), `class`.
//! - `galaxy_size` — the torus' `width` and `height` in radar coordinates.
//! - `start_world` — the player's start world.
//! - `coords` — world number → `(x, y, exact)`, by the player's radar level
//!   (IV.3.4): RAD ≥ 1 the worlds he owns, RAD ≥ 2 every world his CR describes
//!   (`exact: true`), RAD 3 also the worlds connected to those (`exact: false`:
//!   a neighbour's position, the world itself not described). The values are
//!   always the worlds' true positions.
//! - `tech` — per technology (`Dep`, `Att`, `Def`, `Rad`, `Ali`, `Car`): `level`,
//!   `progress` (UP invested toward the next level), `cost` (UP of the next level,
//!   `None` at the maximum).
//! - `known_players` — player number → name, the players he knows by name.
//! - `known_levels` — player number → `(attack, defense)`, the ATT and DEF levels
//!   his ALI shows of players he knows by name (IV.3.6, ruling G-168: `None` where
//!   it shows nothing); written only when it shows some.
//! - `orders_sent` — the orders this player sent for the previous turn, whose
//!   resolution this CR reports, verbatim as the arbiter received them (`None` on
//!   the first turn or when he sent none).
//!
//! Only `version`, `turn` and `player` are required; every other field may be left
//! out (empty). Unknown fields are ignored. The writer emits a first comment line
//! naming the format, fields in the order above and maps sorted by key:
//!
//! ```text
//! // Nébutil NG .NBT companion file, format version 1
//! (
//!     version: 1,
//!     game: Some("KARNAJ"),
//!     turn: 12,
//!     ruleset: Some("2002"),
//!     player: (number: 5, name: "Maxtor", class: Some(Emperor)),
//!     galaxy_size: Some((width: 40, height: 30)),
//!     start_world: Some(127),
//!     coords: {
//!         15: (x: 10, y: 7, exact: true),
//!         65: (x: 11, y: 9, exact: false),
//!     },
//!     tech: {
//!         Dep: (level: 4, progress: 4, cost: Some(10)),
//!         Rad: (level: 3, progress: 0, cost: None),
//!     },
//!     known_players: {
//!         7: "Miria",
//!         9: "BOF III",
//!     },
//!     orders_sent: Some("F_57 M 65
//! M_15 C 5 I
//! "),
//! )
//! ```
//!
//! [`project`] builds the file the arbiter sends with a player's CR;
//! [`read`] never fails (value + diagnostics); [`write`](fn@write) is its inverse.

use std::collections::{BTreeMap, BTreeSet, HashMap};

use serde::{Deserialize, Serialize};

use crate::diagnostic::{Capped, Diagnostic, MAX_PER_FILE, Severity, Span};
use crate::model::galaxy::{Coords, Galaxy};
use crate::model::ids::{PlayerId, WorldId};
use crate::model::player::Class;
use crate::model::tech::Tech;
use crate::model::view::TurnView;
use crate::rules::Ruleset;

mod merge;

pub use merge::apply;

/// The format version this build writes, and the newest it reads.
pub const CURRENT_VERSION: u32 = 1;

/// The usual file extension (upper case, as the arbiter's files were named).
pub const EXTENSION: &str = "NBT";

/// The first line [`write`](fn@write) emits.
pub fn header_line() -> String {
    format!("// Nébutil NG .NBT companion file, format version {CURRENT_VERSION}")
}

/// One `.NBT` file.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct NbtFile {
    pub version: u32,
    #[serde(default)]
    pub game: Option<String>,
    pub turn: u32,
    #[serde(default)]
    pub ruleset: Option<String>,
    pub player: NbtPlayer,
    #[serde(default)]
    pub galaxy_size: Option<GalaxySize>,
    #[serde(default)]
    pub start_world: Option<WorldId>,
    #[serde(default)]
    pub coords: BTreeMap<WorldId, NbtCoords>,
    #[serde(default)]
    pub tech: BTreeMap<Tech, NbtTech>,
    #[serde(default)]
    pub known_players: BTreeMap<u32, String>,
    #[serde(default)]
    pub known_levels: BTreeMap<u32, NbtLevels>,
    #[serde(default)]
    pub orders_sent: Option<String>,
}

/// The ATT and DEF levels ALI shows of a player known by name (`None`: not shown).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct NbtLevels {
    #[serde(default)]
    pub attack: Option<u32>,
    #[serde(default)]
    pub defense: Option<u32>,
}

/// The player the file is for.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct NbtPlayer {
    pub number: u32,
    pub name: String,
    #[serde(default)]
    pub class: Option<Class>,
}

/// The torus' size in radar coordinates.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GalaxySize {
    pub width: u32,
    pub height: u32,
}

/// A world's position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct NbtCoords {
    pub x: u32,
    pub y: u32,
    /// `true` for a world the player owns or sees (RAD 1, 2); `false` for the
    /// position of a neighbour of a seen world (RAD 3).
    pub exact: bool,
}

impl NbtCoords {
    pub fn coords(self) -> Coords {
        Coords {
            x: self.x,
            y: self.y,
        }
    }
}

/// One technology of the player.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct NbtTech {
    pub level: u32,
    /// UP invested toward the next level.
    #[serde(default)]
    pub progress: u32,
    /// UP the next level costs; `None` at the maximum level.
    #[serde(default)]
    pub cost: Option<u32>,
}

impl NbtFile {
    /// An empty file of the current version for `player` at `turn`.
    pub fn new(turn: u32, number: u32, name: &str) -> Self {
        NbtFile {
            version: CURRENT_VERSION,
            game: None,
            turn,
            ruleset: None,
            player: NbtPlayer {
                number,
                name: name.to_string(),
                class: None,
            },
            galaxy_size: None,
            start_world: None,
            coords: BTreeMap::new(),
            tech: BTreeMap::new(),
            known_players: BTreeMap::new(),
            known_levels: BTreeMap::new(),
            orders_sent: None,
        }
    }
}

/// Only the version, read first so that a newer file is refused with a clear
/// message rather than a syntax error about a field this build does not know.
#[derive(Deserialize)]
struct VersionProbe {
    version: u32,
}

/// The span of a whole file, for diagnostics not tied to one line.
pub(super) fn file_span() -> Span {
    Span::new(1, 1, 1)
}

/// ron's error position, moved past blanks so it points at the offending token.
fn ron_span(text: &str, span: &ron::error::Span) -> Span {
    let line = span.start.line.max(1);
    let mut column = span.start.col.max(1);
    if let Some(source) = text.lines().nth(line - 1) {
        let blanks = source
            .chars()
            .skip(column - 1)
            .take_while(|c| c.is_whitespace())
            .count();
        if column - 1 + blanks < source.chars().count() {
            column += blanks;
        }
    }
    let end = if span.end.line == span.start.line {
        span.end.col.max(column)
    } else {
        column
    };
    let to_u32 = |n: usize| u32::try_from(n).unwrap_or(u32::MAX);
    Span::new(to_u32(line), to_u32(column), to_u32(end))
}

/// Reads an NBT file. Never fails: `None` and an error when it cannot be used.
///
/// Errors: `nbt-syntax` (malformed RON or a wrong field, with ron's line and
/// column), `nbt-future-version` (made by a newer Nébutil NG), `nbt-bad-version`
/// (version 0). Warnings: `nbt-coords-out-of-range` (a position outside
/// `galaxy_size`, kept), `nbt-duplicate-key` (a key given twice in `coords`,
/// `tech` or `known_players`: the first entry is kept). At most
/// [`crate::diagnostic::MAX_PER_FILE`] diagnostics, then one summary.
pub fn read(text: &str) -> (Option<NbtFile>, Vec<Diagnostic>) {
    let mut diagnostics = Vec::new();
    let text = text.trim_start_matches('\u{feff}');
    let Some(raw) = parse_raw(text, &mut diagnostics) else {
        return (None, diagnostics);
    };
    // The warnings kept, to locate: (section, key as written, its occurrence);
    // past `MAX_PER_FILE`, only counted.
    let mut located: Vec<(Section, String, usize, Diagnostic)> = Vec::new();
    let mut more = 0usize;
    let mut warn = |section: Section, key: String, occurrence: usize, diagnostic: Diagnostic| {
        if located.len() < MAX_PER_FILE {
            located.push((section, key, occurrence, diagnostic));
        } else {
            more += 1;
        }
    };
    let coords = first_wins(raw.coords.0, Section::Coords, &mut warn);
    let tech = first_wins(raw.tech.0, Section::Tech, &mut warn);
    let known_players = first_wins(raw.known_players.0, Section::Known, &mut warn);
    let known_levels = first_wins(raw.known_levels.0, Section::Levels, &mut warn);
    let file = NbtFile {
        version: raw.version,
        game: raw.game,
        turn: raw.turn,
        ruleset: raw.ruleset,
        player: raw.player,
        galaxy_size: raw.galaxy_size,
        start_world: raw.start_world,
        coords,
        tech,
        known_players,
        known_levels,
        orders_sent: raw.orders_sent,
    };
    if let Some(size) = file.galaxy_size {
        for (world, c) in &file.coords {
            if c.x >= size.width || c.y >= size.height {
                warn(
                    Section::Coords,
                    world.to_string(),
                    0,
                    Diagnostic::warning("nbt-coords-out-of-range", file_span())
                        .arg("world", world)
                        .arg("x", c.x)
                        .arg("y", c.y)
                        .arg("width", size.width)
                        .arg("height", size.height),
                );
            }
        }
    }
    diagnostics.extend(locate_warnings(text, located, more));
    (Some(file), diagnostics)
}

/// The file's fields as written, or `None` with the error: a syntax error, or a
/// version this build does not read.
fn parse_raw(text: &str, diagnostics: &mut Vec<Diagnostic>) -> Option<RawNbt> {
    let raw = match ron::from_str::<RawNbt>(text) {
        Ok(raw) => raw,
        Err(error) => {
            // A newer file may not fit this version's fields: say so rather than
            // report a syntax error about a field this build does not know.
            if let Ok(probe) = ron::from_str::<VersionProbe>(text)
                && refuse_version(probe.version, diagnostics)
            {
                return None;
            }
            let span = ron_span(text, &error.span);
            diagnostics.push(
                Diagnostic::error("nbt-syntax", span)
                    .arg("line", span.line)
                    .arg("column", span.column)
                    .arg("detail", error.code.to_string()),
            );
            return None;
        }
    };
    if refuse_version(raw.version, diagnostics) {
        return None;
    }
    Some(raw)
}

/// True (with the error) for a version this build does not read: newer than
/// [`CURRENT_VERSION`], or 0.
fn refuse_version(version: u32, diagnostics: &mut Vec<Diagnostic>) -> bool {
    if version > CURRENT_VERSION {
        diagnostics.push(
            Diagnostic::error("nbt-future-version", file_span())
                .arg("version", version)
                .arg("max", CURRENT_VERSION),
        );
        true
    } else if version == 0 {
        diagnostics.push(Diagnostic::error("nbt-bad-version", file_span()));
        true
    } else {
        false
    }
}

/// The kept warnings located in one pass over the text, in line order, capped;
/// the `more` not kept are counted on the last line located.
fn locate_warnings(
    text: &str,
    located: Vec<(Section, String, usize, Diagnostic)>,
    more: usize,
) -> Vec<Diagnostic> {
    let mut wanted: HashMap<Section, HashMap<String, Vec<Span>>> = HashMap::new();
    for (section, key, ..) in &located {
        wanted
            .entry(*section)
            .or_default()
            .insert(key.clone(), Vec::new());
    }
    key_lines(text, &mut wanted);
    let mut capped = Capped::new();
    for (section, key, occurrence, mut diagnostic) in located {
        if let Some(span) = wanted
            .get(&section)
            .and_then(|keys| keys.get(&key))
            .and_then(|found| found.get(occurrence))
        {
            diagnostic.span = *span;
        }
        capped.push(diagnostic);
    }
    capped.kept_mut().sort_by_key(|d| d.span.line);
    // The others are not located: counted on the last line located.
    let last = capped.kept().last().map_or(1, |d| d.span.line);
    for _ in 0..more {
        capped.count(Severity::Warning, last);
    }
    capped.into_vec()
}

/// The three maps of an NBT file.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Section {
    Coords,
    Tech,
    Known,
    Levels,
}

/// The entries of a map, the first of each key kept; each later one is a
/// warning `nbt-duplicate-key` given to `warn` (section, key as written, its
/// occurrence, the warning).
fn first_wins<K: Ord + Serialize + Copy, V>(
    entries: Vec<(K, V)>,
    section: Section,
    warn: &mut impl FnMut(Section, String, usize, Diagnostic),
) -> BTreeMap<K, V> {
    let mut map = BTreeMap::new();
    let mut seen: BTreeMap<K, usize> = BTreeMap::new();
    for (key, value) in entries {
        let count = seen.entry(key).or_insert(0);
        *count += 1;
        if *count == 1 {
            map.insert(key, value);
        } else {
            let written = ron::to_string(&key).unwrap_or_default();
            warn(
                section,
                written.clone(),
                *count - 1,
                Diagnostic::warning("nbt-duplicate-key", file_span()).arg("key", written),
            );
        }
    }
    map
}

/// The span of each entry `key: …` of the wanted keys (the inner maps' keys),
/// filled in file order: one pass over the text (the writer puts one entry per
/// line).
fn key_lines(text: &str, wanted: &mut HashMap<Section, HashMap<String, Vec<Span>>>) {
    if wanted.is_empty() {
        return;
    }
    let mut section = None;
    for (index, line) in text.lines().enumerate() {
        let trimmed = line.trim_start();
        if trimmed.starts_with("coords") {
            section = Some(Section::Coords);
        } else if trimmed.starts_with("tech") {
            section = Some(Section::Tech);
        } else if trimmed.starts_with("known_players") {
            section = Some(Section::Known);
        } else if trimmed.starts_with("known_levels") {
            section = Some(Section::Levels);
        } else if trimmed.starts_with('}') {
            section = None;
        } else if let Some(section) = section
            && let Some((key, _)) = trimmed.split_once(':')
            && let Some(spans) = wanted
                .get_mut(&section)
                .and_then(|keys| keys.get_mut(key.trim_end()))
        {
            let column = line.chars().count() - trimmed.chars().count() + 1;
            let to_u32 = |n: usize| u32::try_from(n).unwrap_or(u32::MAX);
            spans.push(Span::new(
                to_u32(index + 1),
                to_u32(column),
                to_u32(column + trimmed.chars().count()),
            ));
        }
    }
}

/// [`NbtFile`] as read, its maps as lists of entries (to find duplicate keys).
#[derive(Deserialize)]
#[serde(rename = "NbtFile")]
struct RawNbt {
    version: u32,
    #[serde(default)]
    game: Option<String>,
    turn: u32,
    #[serde(default)]
    ruleset: Option<String>,
    player: NbtPlayer,
    #[serde(default)]
    galaxy_size: Option<GalaxySize>,
    #[serde(default)]
    start_world: Option<WorldId>,
    #[serde(default)]
    coords: Entries<WorldId, NbtCoords>,
    #[serde(default)]
    tech: Entries<Tech, NbtTech>,
    #[serde(default)]
    known_players: Entries<u32, String>,
    #[serde(default)]
    known_levels: Entries<u32, NbtLevels>,
    #[serde(default)]
    orders_sent: Option<String>,
}

/// A map read as its list of entries, in file order, duplicates included.
struct Entries<K, V>(Vec<(K, V)>);

impl<K, V> Default for Entries<K, V> {
    fn default() -> Self {
        Entries(Vec::new())
    }
}

impl<'de, K: Deserialize<'de>, V: Deserialize<'de>> Deserialize<'de> for Entries<K, V> {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct Visit<K, V>(std::marker::PhantomData<(K, V)>);
        impl<'de, K: Deserialize<'de>, V: Deserialize<'de>> serde::de::Visitor<'de> for Visit<K, V> {
            type Value = Entries<K, V>;
            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("a map")
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(
                self,
                mut map: A,
            ) -> Result<Self::Value, A::Error> {
                let mut entries = Vec::new();
                while let Some(entry) = map.next_entry()? {
                    entries.push(entry);
                }
                Ok(Entries(entries))
            }
        }
        deserializer.deserialize_map(Visit(std::marker::PhantomData))
    }
}

/// Writes an NBT file: the header comment line, then RON with fields in
/// declaration order, one field per line, one map entry per line, maps sorted by
/// key (the same file always gives the same text); the orders as a multi-line
/// string. [`read`] gives the file back.
pub fn write(file: &NbtFile) -> String {
    let mut out = header_line();
    out.push_str("\n(\n");
    let mut field = |name: &str, value: String| {
        out.push_str("    ");
        out.push_str(name);
        out.push_str(": ");
        out.push_str(&value);
        out.push_str(",\n");
    };
    field("version", value(&file.version));
    field("game", value(&file.game));
    field("turn", value(&file.turn));
    field("ruleset", value(&file.ruleset));
    field("player", value(&file.player));
    field("galaxy_size", value(&file.galaxy_size));
    field("start_world", value(&file.start_world));
    field("coords", map(&file.coords));
    field("tech", map(&file.tech));
    field("known_players", map(&file.known_players));
    if !file.known_levels.is_empty() {
        field("known_levels", map(&file.known_levels));
    }
    field("orders_sent", multiline(&file.orders_sent));
    out.push_str(")\n");
    out
}

fn compact() -> ron::ser::PrettyConfig {
    ron::ser::PrettyConfig::new()
        .compact_structs(true)
        .compact_maps(true)
        .compact_arrays(true)
}

/// One value on one line (strings escaped).
fn value<T: Serialize + ?Sized>(value: &T) -> String {
    // Serialising plain data to a String cannot fail; keep a readable trace if it did.
    ron::ser::to_string_pretty(value, compact()).unwrap_or_else(|e| format!("() /* {e} */"))
}

/// A map, one entry per line.
fn map<K: Serialize, V: Serialize>(entries: &BTreeMap<K, V>) -> String {
    if entries.is_empty() {
        return "{}".to_string();
    }
    let mut out = String::from("{\n");
    for (k, v) in entries {
        out.push_str("        ");
        out.push_str(&value(k));
        out.push_str(": ");
        out.push_str(&value(v));
        out.push_str(",\n");
    }
    out.push_str("    }");
    out
}

/// A string kept multi-line (a raw string when it holds a quote).
fn multiline(text: &Option<String>) -> String {
    ron::ser::to_string_pretty(text, compact().escape_strings(false))
        .unwrap_or_else(|e| format!("None /* {e} */"))
}

/// What [`project`] needs beside the galaxy.
pub struct ProjectOptions<'a> {
    pub ruleset: &'a Ruleset,
    pub game_name: Option<&'a str>,
    /// The orders this player sent for the turn just resolved, verbatim.
    pub orders_sent: Option<&'a str>,
}

/// The worlds a projected CR describes (every world line of the view, black-hole
/// lines included): the `described` set [`project`] wants.
pub fn described_worlds(view: &TurnView) -> BTreeSet<WorldId> {
    view.worlds.iter().map(|w| w.id).collect()
}

/// The NBT the arbiter sends to `player` with his CR of the galaxy's current turn.
/// `described` = the worlds that CR describes (the CR writer decides them, ruling
/// G-62; see [`described_worlds`]). Coordinates follow the player's radar level
/// (IV.3.4): RAD ≥ 1 owned worlds, RAD ≥ 2 described worlds (`exact`), RAD 3 also
/// the worlds connected to described worlds (`exact: false`).
///
/// One pass over the galaxy: for every player's NBT of a turn, build one
/// [`NbtIndex`] and call [`project_indexed`].
pub fn project(
    galaxy: &Galaxy,
    player: PlayerId,
    described: &BTreeSet<WorldId>,
    options: &ProjectOptions<'_>,
) -> NbtFile {
    project_indexed(galaxy, &NbtIndex::new(galaxy), player, described, options)
}

/// What [`project`] needs about the whole galaxy, computed once per turn: every
/// player's start world and owned worlds.
#[derive(Clone, Debug, Default)]
pub struct NbtIndex {
    /// Per player, the first world (by number) of which he is the start owner.
    start_worlds: BTreeMap<PlayerId, WorldId>,
    /// Per owner, his worlds by number.
    owned: BTreeMap<PlayerId, Vec<WorldId>>,
}

impl NbtIndex {
    /// The index of the galaxy as it is (its current turn).
    pub fn new(galaxy: &Galaxy) -> Self {
        let mut index = NbtIndex::default();
        for world in galaxy.worlds.values() {
            if let Some(start_owner) = world.start_owner {
                index.start_worlds.entry(start_owner).or_insert(world.id);
            }
            index.owned.entry(world.owner).or_default().push(world.id);
        }
        index
    }
}

/// [`project`] with the galaxy's [`NbtIndex`] (built from this very galaxy).
pub fn project_indexed(
    galaxy: &Galaxy,
    index: &NbtIndex,
    player: PlayerId,
    described: &BTreeSet<WorldId>,
    options: &ProjectOptions<'_>,
) -> NbtFile {
    let me = galaxy.player(player);
    let mut file = NbtFile::new(galaxy.turn, player.0, me.map_or("", |p| p.name.as_str()));
    file.game = options.game_name.map(str::to_string);
    file.ruleset = Some(options.ruleset.name.clone());
    file.galaxy_size = Some(GalaxySize {
        width: galaxy.width,
        height: galaxy.height,
    });
    file.orders_sent = options.orders_sent.map(str::to_string);
    file.start_world = index.start_worlds.get(&player).copied();
    let Some(me) = me else {
        return file;
    };
    file.player.class = me.class;

    let rad = me.tech.level(Tech::Rad);
    let mut exact: BTreeSet<WorldId> = BTreeSet::new();
    if rad >= 1 {
        exact.extend(index.owned.get(&player).into_iter().flatten().copied());
    }
    if rad >= 2 {
        exact.extend(described.iter().filter(|id| galaxy.world(**id).is_some()));
    }
    for id in &exact {
        if let Some(world) = galaxy.world(*id) {
            file.coords.insert(*id, coords_entry(world.coords, true));
        }
    }
    if rad >= 3 {
        for id in described {
            let Some(world) = galaxy.world(*id) else {
                continue;
            };
            for neighbour in &world.connections {
                if file.coords.contains_key(neighbour) {
                    continue;
                }
                if let Some(other) = galaxy.world(*neighbour) {
                    file.coords
                        .insert(*neighbour, coords_entry(other.coords, false));
                }
            }
        }
    }

    for tech in Tech::ALL {
        let level = me.tech.level(tech);
        let max = me
            .class
            .and_then(|class| options.ruleset.tech_max(class, tech));
        let cost = match (me.class, max) {
            (_, Some(max)) if level >= max => None,
            (Some(class), _) => Some(options.ruleset.tech_cost(class, tech)),
            (None, _) => None,
        };
        file.tech.insert(
            tech,
            NbtTech {
                level,
                progress: me.tech.progress(tech),
                cost,
            },
        );
    }

    for known in &me.known_players {
        if !may_be_known_by_name(*known) {
            continue;
        }
        if let Some(other) = galaxy.player(*known) {
            file.known_players.insert(known.0, other.name.clone());
            let (attack, defense) = options
                .ruleset
                .levels_seen(me.tech.level(Tech::Ali), &other.tech);
            if attack.is_some() || defense.is_some() {
                file.known_levels
                    .insert(known.0, NbtLevels { attack, defense });
            }
        }
    }
    file
}

/// Applies ruling G-135 (see the ruling list).
fn may_be_known_by_name(player: PlayerId) -> bool {
    !player.is_neutral()
}

fn coords_entry(coords: Coords, exact: bool) -> NbtCoords {
    NbtCoords {
        x: coords.x,
        y: coords.y,
        exact,
    }
}
