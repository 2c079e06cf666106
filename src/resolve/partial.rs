//! Partial galaxies and the what-if preview: the resolver run on what one player
//! knows.
//!
//! [`galaxy_from_knowledge`] builds an arbiter [`Galaxy`] from the player's
//! [`Knowledge`] alone: the state of the latest turn loaded, the topology and
//! coordinates of every turn, and for every unknown an explicit assumption
//! ([`Assumptions`], each one used listed as an [`Assumed`] for the user to see).
//! [`preview`] resolves that galaxy with the player's draft orders only (every
//! other player sends none) and projects the result as the player's next CR would
//! show it, with a [`Change`] list against the current turn; [`preview_odds`]
//! repeats it over many seeds and counts each outcome ([`Distribution`]), integers
//! only.
//!
//! The truth is never read: nothing goes in but the knowledge, the assumptions and
//! the rules. So the preview cannot tell what the player's CRs did not
//! (`tests/resolve_partial.rs` checks it against a real game).
//!
//! Pure: no file system, no clock, no global generator (each run seeds its own).

use std::collections::{BTreeMap, BTreeSet};

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};

use crate::diagnostic::Diagnostic;
use crate::model::knowledge::{Knowledge, Seen};
use crate::model::view::{
    DeclarationKind, PlayerRef, StatValue, TreasureSite, TurnView, WorldView,
};
use crate::model::{
    Cargo, Class, Coords, Fleet, FleetId, Galaxy, Jihad, Player, PlayerId, Tech, TechLevels,
    Treasure, TreasureLocation, World, WorldId,
};
use crate::orders::Order;
use crate::report::write::{project, statistic};
use crate::rules::Ruleset;

use super::{EventKind, Submissions, resolve_turn};

/// The name an elided owner block carries (`"..."`): an unknown owner.
const ELIDED_NAME: &str = "...";

/// How the split of a fleet whose composition is hidden (`[?]=24?`, ALI 0) is
/// assumed.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum HiddenSplit {
    /// Every ship a VC (the default: the worst case for whoever meets it).
    #[default]
    AllVc,
    /// Every ship a VT.
    AllVt,
}

/// What an unknown value of a world (an elided item, or a world not described on
/// the latest turn) is assumed to be.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum UnknownValues {
    /// The last value a CR showed, whatever its age (the default); 0 when never
    /// shown.
    #[default]
    LastSeen,
    /// 0 (and neutral).
    Zero,
}

/// What the player assumes about one other player, by name.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayerAssumption {
    /// Technology levels, in [`Tech::ALL`] order (`None`: the default levels).
    pub tech: Option<[u32; 6]>,
    /// His class (`None`: unknown, no class — he then scores and acts as nobody).
    pub class: Option<Class>,
}

/// Every assumption a partial galaxy is built with. The defaults, one by one:
///
/// - `foreign_tech`: other players' technology levels are the book's starting
///   levels (DEP 3, ATT 1, DEF 1, RAD 0, ALI 0, CAR 1): no CR shows them (ALI 2
///   and 3 would tell known players' DEF and ATT, IV.3.6, but the book gives them
///   no notation and our CR prints none, G-15);
/// - `players`: per player (by name) overrides of his levels and class; none;
/// - `hidden_split`: a fleet shown `[?]=24?` holds 24 VC;
/// - `hidden_cargo_mp`: a fleet whose cargo is hidden (`[?]`) carries that many MP,
///   within its capacity; 0;
/// - `unknown_values`: an unknown world value is the last value seen (0 if never);
///   an unknown owner is neutral;
/// - `symmetric_links`: a world named in a connection list is connected back to
///   the listing world when its own list is unknown (the galaxy's links go both
///   ways); true;
/// - `final_turn`: the secret final turn; `None` = not the next turn (no final
///   scoring in the preview).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Assumptions {
    pub foreign_tech: [u32; 6],
    pub players: BTreeMap<String, PlayerAssumption>,
    pub hidden_split: HiddenSplit,
    pub hidden_cargo_mp: u32,
    pub unknown_values: UnknownValues,
    pub symmetric_links: bool,
    pub final_turn: Option<u32>,
}

impl Default for Assumptions {
    fn default() -> Self {
        Assumptions {
            foreign_tech: TechLevels::initial().level,
            players: BTreeMap::new(),
            hidden_split: HiddenSplit::default(),
            hidden_cargo_mp: 0,
            unknown_values: UnknownValues::default(),
            symmetric_links: true,
            final_turn: None,
        }
    }
}

impl Assumptions {
    /// The levels assumed for a player of that name.
    pub fn tech_of(&self, name: &str) -> [u32; 6] {
        self.players
            .get(name)
            .and_then(|p| p.tech)
            .unwrap_or(self.foreign_tech)
    }
}

/// One assumption actually used to build a partial galaxy (for the user to see
/// and change). Messages: `resolve-assumed-<kind>` (see [`Assumed::message_id`]).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Assumed {
    /// A player's technology levels (never shown on a CR).
    ForeignTech {
        player: String,
        levels: [u32; 6],
        overridden: bool,
    },
    /// A player's class, set by the user.
    ForeignClass { player: String, class: Class },
    /// A player whose number no CR gave: a number of our own.
    SyntheticNumber { player: String, number: u32 },
    /// A fleet whose composition is hidden (`[?]=24?`).
    HiddenSplit {
        fleet: FleetId,
        total: u32,
        vc: u32,
        vt: u32,
    },
    /// A fleet whose cargo is hidden (`[?]`).
    HiddenCargo { fleet: FleetId, mp: u32 },
    /// A world not described on the latest turn: its state as last seen (`turn`),
    /// or empty when `turn` is `None` ([`UnknownValues::Zero`]).
    StaleWorld { world: WorldId, turn: Option<u32> },
    /// A world described with elided items: `count` values filled.
    ElidedWorld { world: WorldId, count: u32 },
    /// A world whose owner is unknown or elided: neutral.
    UnknownOwner { world: WorldId },
    /// Worlds only named in connection lists: empty, neutral, no known links.
    NamedOnly { worlds: Vec<WorldId> },
    /// Links added back from a neighbour's list (`symmetric_links`).
    ReverseLinks { count: u32 },
    /// Worlds of unknown position: placed at `[0,0]` (never shown).
    UnknownCoords { count: u32 },
    /// The galaxy's size is unknown: the smallest holding every known position.
    GalaxySize { width: u32, height: u32 },
    /// The final turn (unknown unless assumed).
    FinalTurn { turn: Option<u32> },
    /// A treasure of a name outside the vocabulary, or seen nowhere: left out.
    TreasureLeftOut { treasure: u32 },
    /// A fleet listed under no world: left out.
    FleetLeftOut { fleet: FleetId },
    /// Own technology block missing: starting levels.
    OwnTech,
}

impl Assumed {
    /// The Fluent id of its message.
    pub fn message_id(&self) -> &'static str {
        match self {
            Assumed::ForeignTech { .. } => "resolve-assumed-foreign-tech",
            Assumed::ForeignClass { .. } => "resolve-assumed-foreign-class",
            Assumed::SyntheticNumber { .. } => "resolve-assumed-synthetic-number",
            Assumed::HiddenSplit { .. } => "resolve-assumed-hidden-split",
            Assumed::HiddenCargo { .. } => "resolve-assumed-hidden-cargo",
            Assumed::StaleWorld { turn: Some(_), .. } => "resolve-assumed-stale-world",
            Assumed::StaleWorld { turn: None, .. } => "resolve-assumed-stale-world-empty",
            Assumed::ElidedWorld { .. } => "resolve-assumed-elided-world",
            Assumed::UnknownOwner { .. } => "resolve-assumed-unknown-owner",
            Assumed::NamedOnly { .. } => "resolve-assumed-named-only",
            Assumed::ReverseLinks { .. } => "resolve-assumed-reverse-links",
            Assumed::UnknownCoords { .. } => "resolve-assumed-unknown-coords",
            Assumed::GalaxySize { .. } => "resolve-assumed-galaxy-size",
            Assumed::FinalTurn { turn: Some(_) } => "resolve-assumed-final-turn",
            Assumed::FinalTurn { turn: None } => "resolve-assumed-final-turn-unknown",
            Assumed::TreasureLeftOut { .. } => "resolve-assumed-treasure-left-out",
            Assumed::FleetLeftOut { .. } => "resolve-assumed-fleet-left-out",
            Assumed::OwnTech => "resolve-assumed-own-tech",
        }
    }

    /// The arguments of its message.
    pub fn args(&self) -> Vec<(&'static str, String)> {
        let levels = |l: &[u32; 6]| {
            Tech::ALL
                .iter()
                .map(|t| format!("{} {}", t.keyword(), l[t.index()]))
                .collect::<Vec<_>>()
                .join(", ")
        };
        match self {
            Assumed::ForeignTech {
                player, levels: l, ..
            } => vec![("player", player.clone()), ("levels", levels(l))],
            Assumed::ForeignClass { player, class } => vec![
                ("player", player.clone()),
                ("class", class.french_name().to_string()),
            ],
            Assumed::SyntheticNumber { player, number } => {
                vec![("player", player.clone()), ("number", number.to_string())]
            }
            Assumed::HiddenSplit {
                fleet,
                total,
                vc,
                vt,
            } => vec![
                ("fleet", fleet.to_string()),
                ("total", total.to_string()),
                ("vc", vc.to_string()),
                ("vt", vt.to_string()),
            ],
            Assumed::HiddenCargo { fleet, mp } => {
                vec![("fleet", fleet.to_string()), ("mp", mp.to_string())]
            }
            Assumed::StaleWorld { world, turn } => vec![
                ("world", world.to_string()),
                ("turn", turn.map(|t| t.to_string()).unwrap_or_default()),
            ],
            Assumed::ElidedWorld { world, count } => {
                vec![("world", world.to_string()), ("count", count.to_string())]
            }
            Assumed::UnknownOwner { world } => vec![("world", world.to_string())],
            Assumed::NamedOnly { worlds } => vec![
                ("count", worlds.len().to_string()),
                (
                    "worlds",
                    worlds
                        .iter()
                        .map(|w| format!("M_{w}"))
                        .collect::<Vec<_>>()
                        .join(" "),
                ),
            ],
            Assumed::ReverseLinks { count } | Assumed::UnknownCoords { count } => {
                vec![("count", count.to_string())]
            }
            Assumed::GalaxySize { width, height } => {
                vec![("width", width.to_string()), ("height", height.to_string())]
            }
            Assumed::FinalTurn { turn } => {
                vec![("turn", turn.map(|t| t.to_string()).unwrap_or_default())]
            }
            Assumed::TreasureLeftOut { treasure } => vec![("treasure", treasure.to_string())],
            Assumed::FleetLeftOut { fleet } => vec![("fleet", fleet.to_string())],
            Assumed::OwnTech => Vec::new(),
        }
    }
}

/// Names → numbers, real or synthetic.
struct Names {
    numbers: BTreeMap<String, PlayerId>,
    synthetic: BTreeSet<PlayerId>,
    next: u32,
}

impl Names {
    fn id(&self, name: &str) -> Option<PlayerId> {
        if name == ELIDED_NAME {
            return None;
        }
        self.numbers.get(name).copied()
    }

    /// Registers a name (with its number when known); a name seen without number
    /// gets one at [`Names::finish`].
    fn note(&mut self, name: &str, number: Option<u32>) {
        if name.is_empty() || name == ELIDED_NAME {
            return;
        }
        match number {
            Some(n) if n != 0 => {
                self.next = self.next.max(n.saturating_add(1));
                self.numbers.insert(name.to_string(), PlayerId(n));
            }
            _ => {
                self.numbers
                    .entry(name.to_string())
                    .or_insert(PlayerId::NEUTRAL);
            }
        }
    }

    fn finish(&mut self, assumed: &mut Vec<Assumed>) {
        let mut next = self.next.max(1);
        for (name, id) in self.numbers.iter_mut() {
            if id.is_neutral() {
                *id = PlayerId(next);
                self.synthetic.insert(*id);
                assumed.push(Assumed::SyntheticNumber {
                    player: name.clone(),
                    number: next,
                });
                next = next.saturating_add(1);
            }
        }
    }
}

fn seen_value<T: Clone>(slot: &Option<Seen<T>>) -> Option<T> {
    slot.as_ref().map(|s| s.value.clone())
}

/// Builds the arbiter's galaxy the player's knowledge describes, every unknown
/// filled by `assumptions`. Returns it, the player's number in it, and every
/// assumption used. An empty knowledge gives an empty galaxy.
///
/// The state (owners, counts, fleets, treasures, technologies, score) is the
/// latest turn's; connections and coordinates come from any turn. Other players'
/// orders are not part of a galaxy: the preview resolves it with none (ONR).
pub fn galaxy_from_knowledge(
    knowledge: &Knowledge,
    assumptions: &Assumptions,
    ruleset: &Ruleset,
) -> (Galaxy, PlayerId, Vec<Assumed>) {
    let mut assumed = Vec::new();
    let mut galaxy = Galaxy::default();
    galaxy.players.insert(PlayerId::NEUTRAL, Player::neutral());
    let Some(turn) = knowledge.latest_turn() else {
        return (galaxy, PlayerId::NEUTRAL, assumed);
    };
    let empty = TurnView::default();
    let view = knowledge.view_at(turn).unwrap_or(&empty);
    galaxy.turn = turn;
    galaxy.final_turn = assumptions.final_turn.unwrap_or(u32::MAX);
    assumed.push(Assumed::FinalTurn {
        turn: assumptions.final_turn,
    });

    // ---- players: every name the latest turn (or a stale world) shows ----
    let me_ref = knowledge.player.clone().or(view.player.clone());
    let me_name = me_ref.as_ref().map(|p| p.name.clone()).unwrap_or_default();
    let mut names = Names {
        numbers: BTreeMap::new(),
        synthetic: BTreeSet::new(),
        next: 1,
    };
    if let Some(me) = &me_ref {
        names.note(&me.name, me.number);
    }
    for (name, known) in &knowledge.known_players {
        names.note(name, known.number.as_ref().map(|n| n.value));
    }
    for known in &view.known_players {
        names.note(&known.name, known.number);
    }
    if let Some(declarations) = &view.declarations {
        for d in declarations.made.iter().chain(&declarations.received) {
            names.note(&d.player.name, d.player.number);
        }
    }
    for world in &view.worlds {
        if let Some(owner) = &world.owner {
            for name in owner.name.iter().chain(&owner.previous) {
                names.note(name, None);
            }
        }
        for name in world.converts_owner.iter().chain(&world.corrupted_by) {
            names.note(name, None);
        }
    }
    for fleet in &view.fleets {
        for name in fleet.owner.iter().chain(&fleet.previous_owner) {
            names.note(name, None);
        }
    }
    let stale_owners = assumptions.unknown_values == UnknownValues::LastSeen;
    if stale_owners {
        for world in knowledge.worlds() {
            if let Some(Some(name)) = world.owner_name() {
                names.note(name, None);
            }
        }
    }
    names.finish(&mut assumed);
    let me = names.id(&me_name).unwrap_or(PlayerId::NEUTRAL);

    for (name, &id) in &names.numbers {
        let class = if id == me {
            knowledge.class.as_ref().map(|c| c.value).or(view.class)
        } else {
            assumptions.players.get(name).and_then(|p| p.class)
        };
        let mut player = Player::new(id, name, class);
        if id != me {
            let overridden = assumptions
                .players
                .get(name)
                .is_some_and(|p| p.tech.is_some());
            player.tech.level = assumptions.tech_of(name);
            assumed.push(Assumed::ForeignTech {
                player: name.clone(),
                levels: player.tech.level,
                overridden,
            });
            if let Some(class) = class {
                assumed.push(Assumed::ForeignClass {
                    player: name.clone(),
                    class,
                });
            }
        }
        galaxy.players.insert(id, player);
    }
    let id_of = |name: &str| names.id(name);
    if let Some(player) = galaxy.players.get_mut(&me) {
        own_player(player, knowledge, view, turn, &id_of, &mut assumed);
    }
    // Declarations other players made about me.
    if let Some(declarations) = &view.declarations {
        for d in &declarations.received {
            let Some(author) = id_of(&d.player.name) else {
                continue;
            };
            if let Some(p) = galaxy.players.get_mut(&author) {
                declare(&mut p.declarations, d.kind, me, d.turn.unwrap_or(turn));
            }
        }
    }

    // ---- worlds ----
    let current: BTreeMap<WorldId, &WorldView> = view.worlds.iter().map(|w| (w.id, w)).collect();
    let mut named_only = Vec::new();
    let mut unknown_coords = 0;
    for k in knowledge.worlds() {
        let connections: Vec<WorldId> = seen_value(&k.connections)
            .map(|c| c.iter().map(|c| c.world).collect())
            .unwrap_or_default();
        let coords = k.coords().unwrap_or_else(|| {
            unknown_coords += 1;
            Coords::default()
        });
        let mut world = World::new(k.id, connections, coords);
        world.black_hole = k.black_hole.as_ref().is_some_and(|b| b.value);
        let described_now = current
            .get(&k.id)
            .is_some_and(|w| w.owner.is_some() || w.connections.is_some() || w.black_hole);
        if world.black_hole {
            galaxy.worlds.insert(k.id, world);
            continue;
        }
        if described_now {
            let Some(w) = current.get(&k.id) else {
                continue;
            };
            let filled = fill_world(&mut world, w, Some(k), assumptions, ruleset, &id_of, me);
            if filled.unknown_owner {
                assumed.push(Assumed::UnknownOwner { world: k.id });
            }
            if filled.count > 0 {
                assumed.push(Assumed::ElidedWorld {
                    world: k.id,
                    count: filled.count,
                });
            }
        } else if k.last_described.is_some() {
            match assumptions.unknown_values {
                UnknownValues::LastSeen => {
                    let stale = stale_view(k);
                    let filled =
                        fill_world(&mut world, &stale, None, assumptions, ruleset, &id_of, me);
                    if filled.unknown_owner {
                        assumed.push(Assumed::UnknownOwner { world: k.id });
                    }
                    assumed.push(Assumed::StaleWorld {
                        world: k.id,
                        turn: k.last_described,
                    });
                }
                UnknownValues::Zero => assumed.push(Assumed::StaleWorld {
                    world: k.id,
                    turn: None,
                }),
            }
        } else {
            named_only.push(k.id);
        }
        galaxy.worlds.insert(k.id, world);
    }
    if !named_only.is_empty() {
        assumed.push(Assumed::NamedOnly { worlds: named_only });
    }
    if unknown_coords > 0 {
        assumed.push(Assumed::UnknownCoords {
            count: unknown_coords,
        });
    }
    if assumptions.symmetric_links {
        let count = add_reverse_links(&mut galaxy, knowledge);
        if count > 0 {
            assumed.push(Assumed::ReverseLinks { count });
        }
    }
    match seen_value(&knowledge.galaxy_size) {
        Some((width, height)) => (galaxy.width, galaxy.height) = (width, height),
        None => {
            let width = galaxy.worlds.values().map(|w| w.coords.x + 1).max();
            let height = galaxy.worlds.values().map(|w| w.coords.y + 1).max();
            galaxy.width = width.unwrap_or(1);
            galaxy.height = height.unwrap_or(1);
            assumed.push(Assumed::GalaxySize {
                width: galaxy.width,
                height: galaxy.height,
            });
        }
    }

    // ---- fleets of the latest turn ----
    for f in &view.fleets {
        let Some(world) = f.world.filter(|w| galaxy.worlds.contains_key(w)) else {
            assumed.push(Assumed::FleetLeftOut { fleet: f.id });
            continue;
        };
        let owner = f
            .owner
            .as_deref()
            .and_then(id_of)
            .unwrap_or(PlayerId::NEUTRAL);
        let mut fleet = Fleet::new(f.id, owner, world);
        fleet.bomb = f.bomb;
        fleet.at_peace = f.at_peace.unwrap_or(false) && !owner.is_neutral();
        match (f.vc, f.vt) {
            (Some(vc), Some(vt)) => (fleet.vc, fleet.vt) = (vc, vt),
            (vc, vt) => {
                let total = f.total.unwrap_or(vc.unwrap_or(0) + vt.unwrap_or(0));
                (fleet.vc, fleet.vt) = match assumptions.hidden_split {
                    HiddenSplit::AllVc => (total, 0),
                    HiddenSplit::AllVt => (0, total),
                };
                assumed.push(Assumed::HiddenSplit {
                    fleet: f.id,
                    total,
                    vc: fleet.vc,
                    vt: fleet.vt,
                });
            }
        }
        match f.cargo {
            Some(cargo) => {
                fleet.cargo = Cargo {
                    mp: cargo.mp,
                    n: cargo.n,
                    c: cargo.c,
                    c_missionary: (cargo.c > 0).then_some(owner),
                    r: cargo.r,
                };
            }
            None => {
                let car = galaxy.player(owner).map_or(1, |p| p.tech.level(Tech::Car));
                let capacity = u32::try_from(fleet.capacity(car)).unwrap_or(u32::MAX);
                let mp = assumptions.hidden_cargo_mp.min(capacity);
                fleet.cargo.mp = mp;
                if fleet.ships() > 0 {
                    assumed.push(Assumed::HiddenCargo { fleet: f.id, mp });
                }
            }
        }
        galaxy.fleets.insert(f.id, fleet);
    }

    // ---- treasures seen on the latest turn ----
    for t in &view.treasures {
        let location = match t.site {
            TreasureSite::World(w) if galaxy.worlds.contains_key(&w) => {
                Some(TreasureLocation::World(w))
            }
            TreasureSite::Fleet(f) if galaxy.fleets.contains_key(&f) => {
                Some(TreasureLocation::Fleet(f))
            }
            _ => None,
        };
        match (location, t.kind) {
            (Some(location), Some(kind)) => {
                galaxy.treasures.insert(
                    t.id,
                    Treasure {
                        id: t.id,
                        kind,
                        location,
                    },
                );
            }
            _ => assumed.push(Assumed::TreasureLeftOut { treasure: t.id }),
        }
    }

    // Worlds observed by the player (explorers score a world's first observation).
    if let Some(player) = galaxy.players.get_mut(&me) {
        for t in knowledge.turns() {
            let Some(v) = knowledge.view_at(t) else {
                continue;
            };
            for f in &v.fleets {
                if f.owner.as_deref() == Some(me_name.as_str())
                    && let Some(w) = f.world
                {
                    player.observed.insert(w);
                }
            }
        }
        for k in knowledge.worlds() {
            if k.localised.is_some() {
                player.localised.insert(k.id);
            }
        }
    }
    (galaxy, me, assumed)
}

/// The player's own facts: class, technologies, score, declarations, players
/// known by name.
fn own_player(
    player: &mut Player,
    knowledge: &Knowledge,
    view: &TurnView,
    turn: u32,
    id_of: &dyn Fn(&str) -> Option<PlayerId>,
    assumed: &mut Vec<Assumed>,
) {
    let facts = knowledge.facts_at(turn);
    match facts.and_then(|f| f.tech.as_ref()).or(view.tech.as_ref()) {
        Some(tech) => {
            for line in &tech.lines {
                player.tech.set_level(line.tech, line.level);
                player.tech.set_progress(line.tech, line.invested);
            }
        }
        None => assumed.push(Assumed::OwnTech),
    }
    player.score = facts.and_then(|f| f.score).or(view.score).unwrap_or(0);
    player.score_last_turn = facts
        .and_then(|f| f.score_delta)
        .or(view.score_delta)
        .unwrap_or(0);
    for known in &view.known_players {
        if let Some(id) = id_of(&known.name) {
            player.known_players.insert(id);
        }
    }
    if let Some(declarations) = &view.declarations {
        for d in &declarations.made {
            if let Some(target) = id_of(&d.player.name) {
                declare(
                    &mut player.declarations,
                    d.kind,
                    target,
                    d.turn.unwrap_or(turn),
                );
            }
        }
    }
}

fn declare(
    declarations: &mut crate::model::Declarations,
    kind: DeclarationKind,
    target: PlayerId,
    turn: u32,
) {
    match kind {
        DeclarationKind::Ally => {
            declarations.allies.insert(target);
        }
        DeclarationKind::MpLoader => {
            declarations.mp_loaders.insert(target);
        }
        DeclarationKind::PopLoader => {
            declarations.pop_loaders.insert(target);
        }
        DeclarationKind::PopUnloader => {
            declarations.pop_unloaders.insert(target);
        }
        DeclarationKind::Pillager => {
            declarations.pillagers.insert(target);
        }
        DeclarationKind::Jihad => {
            declarations.jihad = Some(Jihad {
                target,
                declared_turn: turn,
            });
        }
    }
}

/// A world as last seen, each value from the turn it was last shown.
fn stale_view(k: &crate::model::knowledge::WorldKnowledge) -> WorldView {
    WorldView {
        id: k.id,
        start_world: false,
        bombed: k.bombed.as_ref().is_some_and(|b| b.value),
        owner: seen_value(&k.owner),
        industries: seen_value(&k.industries),
        active_industries: seen_value(&k.active_industries),
        vi: seen_value(&k.vi),
        population: seen_value(&k.population),
        converts: seen_value(&k.converts),
        converts_owner: seen_value(&k.converts_owner),
        robots: seen_value(&k.robots),
        pop_limit: seen_value(&k.pop_limit),
        vp: seen_value(&k.vp),
        mp: seen_value(&k.mp),
        mining: seen_value(&k.mining),
        pc: seen_value(&k.pc),
        pillage_count: seen_value(&k.pillage_count),
        pillage_recovery: seen_value(&k.pillage_recovery),
        pe: seen_value(&k.pe),
        meva: seen_value(&k.meva),
        growth_rate: seen_value(&k.growth_rate),
        name: seen_value(&k.name),
        corrupted_by: seen_value(&k.corrupted_by),
        ..WorldView::default()
    }
}

struct Filled {
    /// Values unknown on the line, filled from older turns or with 0.
    count: u32,
    unknown_owner: bool,
}

/// Fills a world's state from a world line; `older` (for an elided line of the
/// latest turn) gives the last value seen of each unknown item.
fn fill_world(
    world: &mut World,
    line: &WorldView,
    older: Option<&crate::model::knowledge::WorldKnowledge>,
    assumptions: &Assumptions,
    ruleset: &Ruleset,
    id_of: &dyn Fn(&str) -> Option<PlayerId>,
    me: PlayerId,
) -> Filled {
    let mut count = 0;
    let last_seen = assumptions.unknown_values == UnknownValues::LastSeen;
    let mut pick = |value: Option<u32>, old: Option<&Option<Seen<u32>>>| -> u32 {
        match value {
            Some(v) => v,
            None => {
                count += 1;
                if last_seen {
                    old.and_then(|o| o.as_ref()).map_or(0, |s| s.value)
                } else {
                    0
                }
            }
        }
    };
    world.industries = pick(line.industries, older.map(|k| &k.industries));
    world.active_industries =
        pick(line.active_industries, older.map(|k| &k.active_industries)).min(world.industries);
    world.vi = pick(line.vi, older.map(|k| &k.vi));
    let humans = pick(line.population, older.map(|k| &k.population));
    let converts = pick(line.converts, older.map(|k| &k.converts)).min(humans);
    world.population.robots = pick(line.robots, older.map(|k| &k.robots));
    world.pop_limit = pick(line.pop_limit, older.map(|k| &k.pop_limit));
    world.vp = pick(line.vp, older.map(|k| &k.vp));
    world.mp = pick(line.mp, older.map(|k| &k.mp));
    world.mining = pick(line.mining, older.map(|k| &k.mining));
    world.pc_unloads = pick(line.pc, older.map(|k| &k.pc));
    world.pillage_count = pick(line.pillage_count, older.map(|k| &k.pillage_count));
    world.pillage_recovery = pick(line.pillage_recovery, older.map(|k| &k.pillage_recovery));
    world.pe = pick(line.pe, older.map(|k| &k.pe));
    world.meva = pick(line.meva, older.map(|k| &k.meva));
    world.bombed = line.bombed;
    world.name.clone_from(&line.name);

    let owner_view = line.owner.clone().or_else(|| {
        older
            .and_then(|k| seen_value(&k.owner))
            .filter(|_| last_seen)
    });
    let mut unknown_owner = false;
    match &owner_view {
        Some(owner) => {
            world.owner = match owner.name.as_deref() {
                None => PlayerId::NEUTRAL,
                Some(name) => id_of(name).unwrap_or_else(|| {
                    unknown_owner = true;
                    PlayerId::NEUTRAL
                }),
            };
            world.owned_turns = owner.owned_turns;
            world.mining_counter = owner.mining_counter.unwrap_or(owner.owned_turns);
        }
        None => unknown_owner = true,
    }
    // A world of mine on an older CR that the latest one does not describe is mine
    // no more (every CR describes all its owner's worlds).
    if older.is_none() && world.owner == me && !me.is_neutral() {
        world.owner = PlayerId::NEUTRAL;
        world.owned_turns = 0;
        world.mining_counter = 0;
    }
    if !world.owner.is_neutral() && world.owned_turns > 0 {
        world.ownership_turns.insert(world.owner, world.owned_turns);
    }
    if line.start_world && !world.owner.is_neutral() {
        world.start_owner = Some(world.owner);
    }
    // Converts: of the missionary named, else of the owner; nobody's → non-converts.
    let missionary = line
        .converts_owner
        .as_deref()
        .and_then(id_of)
        .or((!world.owner.is_neutral()).then_some(world.owner));
    match missionary {
        Some(m) if converts > 0 => {
            world.population.converts.insert(m, converts);
            world.population.non_converts = humans - converts;
        }
        _ => world.population.non_converts = humans,
    }
    if let Some(rate) = line.growth_rate {
        let base = ruleset.growth_rate(0).round_half_up_of(1000);
        world.growth_bonus = u32::try_from(u64::from(rate).saturating_sub(base)).unwrap_or(0);
    }
    if let Some(corruptor) = line.corrupted_by.as_deref().and_then(id_of) {
        world.first_captor = Some(corruptor);
    }
    Filled {
        count,
        unknown_owner,
    }
}

/// Adds `a` to the connections of every world `b` that `a` lists, when `b`'s own
/// list is unknown. Returns the number of links added.
fn add_reverse_links(galaxy: &mut Galaxy, knowledge: &Knowledge) -> u32 {
    let unknown: BTreeSet<WorldId> = knowledge
        .worlds()
        .filter(|k| k.connections.is_none())
        .map(|k| k.id)
        .collect();
    let mut links: Vec<(WorldId, WorldId)> = Vec::new();
    for world in galaxy.worlds.values() {
        for &other in &world.connections {
            if unknown.contains(&other) {
                links.push((other, world.id));
            }
        }
    }
    let mut count = 0;
    for (to, from) in links {
        if let Some(world) = galaxy.worlds.get_mut(&to)
            && !world.connections.contains(&from)
            && world.connections.len() < 8
        {
            world.connections.push(from);
            count += 1;
        }
    }
    count
}

// ---------------------------------------------------------------------------
// The preview
// ---------------------------------------------------------------------------

/// What a value of the diff belongs to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Item {
    World(WorldId),
    Fleet(FleetId),
    Tech(Tech),
    /// The player himself (score).
    Player,
}

/// Which value of an item.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Field {
    /// 1 when the player owns it, 0 when not.
    Owned,
    /// Human population N + C.
    Population,
    Converts,
    Robots,
    PopLimit,
    Mp,
    Mining,
    Industries,
    ActiveIndustries,
    Vi,
    Vp,
    /// The world a fleet is on (its number).
    Position,
    Vc,
    Vt,
    CargoMp,
    CargoN,
    CargoC,
    CargoR,
    /// A technology's level.
    Level,
    /// UP invested toward its next level.
    Progress,
    /// Total score.
    Score,
}

impl Field {
    /// A stable kebab-case name (Fluent ids `gui-preview-field-<name>`).
    pub fn name(self) -> &'static str {
        match self {
            Field::Owned => "owned",
            Field::Population => "population",
            Field::Converts => "converts",
            Field::Robots => "robots",
            Field::PopLimit => "pop-limit",
            Field::Mp => "mp",
            Field::Mining => "mining",
            Field::Industries => "industries",
            Field::ActiveIndustries => "active-industries",
            Field::Vi => "vi",
            Field::Vp => "vp",
            Field::Position => "position",
            Field::Vc => "vc",
            Field::Vt => "vt",
            Field::CargoMp => "cargo-mp",
            Field::CargoN => "cargo-n",
            Field::CargoC => "cargo-c",
            Field::CargoR => "cargo-r",
            Field::Level => "level",
            Field::Progress => "progress",
            Field::Score => "score",
        }
    }
}

/// One value: an item's field.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct Key {
    pub item: Item,
    pub field: Field,
}

/// A value that changes between the current turn and the predicted one (`None`:
/// not the player's then).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Change {
    pub key: Key,
    pub before: Option<i64>,
    pub after: Option<i64>,
}

impl Change {
    /// `after − before` when both are known.
    pub fn delta(&self) -> Option<i64> {
        Some(self.after? - self.before?)
    }
}

/// One predicted next turn.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Preview {
    /// The player's number in the partial galaxy (maybe synthetic).
    pub player: PlayerId,
    /// The current turn as the partial galaxy holds it (what the CR told, with
    /// the assumptions).
    pub now: TurnView,
    /// The next turn's CR, as predicted.
    pub next: TurnView,
    /// Every own value that changes, by item then field.
    pub changes: Vec<Change>,
    /// The player's orders the resolver voided, with why.
    pub voided: Vec<Diagnostic>,
    pub assumed: Vec<Assumed>,
}

/// The own values a view shows: the player's worlds, fleets, technologies and
/// score.
pub fn own_values(view: &TurnView) -> BTreeMap<Key, i64> {
    let mut values = BTreeMap::new();
    let Some(me) = view.player.as_ref().map(|p| p.name.as_str()) else {
        return values;
    };
    let mut put = |item: Item, field: Field, value: u32| {
        values.insert(Key { item, field }, i64::from(value));
    };
    for w in &view.worlds {
        let mine = w
            .owner
            .as_ref()
            .is_some_and(|o| o.name.as_deref() == Some(me));
        if !mine {
            continue;
        }
        let item = Item::World(w.id);
        put(item, Field::Owned, 1);
        let fields = [
            (Field::Population, w.population),
            (Field::Converts, w.converts),
            (Field::Robots, w.robots),
            (Field::PopLimit, w.pop_limit),
            (Field::Mp, w.mp),
            (Field::Mining, w.mining),
            (Field::Industries, w.industries),
            (Field::ActiveIndustries, w.active_industries),
            (Field::Vi, w.vi),
            (Field::Vp, w.vp),
        ];
        for (field, value) in fields {
            if let Some(value) = value {
                put(item, field, value);
            }
        }
    }
    for f in &view.fleets {
        if f.owner.as_deref() != Some(me) {
            continue;
        }
        let item = Item::Fleet(f.id);
        put(item, Field::Owned, 1);
        if let Some(world) = f.world {
            put(item, Field::Position, world);
        }
        for (field, value) in [(Field::Vc, f.vc), (Field::Vt, f.vt)] {
            if let Some(value) = value {
                put(item, field, value);
            }
        }
        if let Some(cargo) = f.cargo {
            put(item, Field::CargoMp, cargo.mp);
            put(item, Field::CargoN, cargo.n);
            put(item, Field::CargoC, cargo.c);
            put(item, Field::CargoR, cargo.r);
        }
    }
    if let Some(tech) = &view.tech {
        for line in &tech.lines {
            put(Item::Tech(line.tech), Field::Level, line.level);
            put(Item::Tech(line.tech), Field::Progress, line.invested);
        }
    }
    if let Some(score) = view.score {
        values.insert(
            Key {
                item: Item::Player,
                field: Field::Score,
            },
            score,
        );
    }
    values
}

/// The values that differ between two value sets (an item owned on one side only
/// shows `Owned` 1 → 0 or 0 → 1 and its other values against `None`).
pub fn diff(before: &BTreeMap<Key, i64>, after: &BTreeMap<Key, i64>) -> Vec<Change> {
    let mut keys: BTreeSet<Key> = before.keys().chain(after.keys()).copied().collect();
    // An item on one side only: its ownership flips.
    let items: BTreeSet<Item> = keys.iter().map(|k| k.item).collect();
    for item in items {
        if matches!(item, Item::World(_) | Item::Fleet(_)) {
            keys.insert(Key {
                item,
                field: Field::Owned,
            });
        }
    }
    keys.into_iter()
        .filter_map(|key| {
            let owned_default = (key.field == Field::Owned).then_some(0);
            let b = before.get(&key).copied().or(owned_default);
            let a = after.get(&key).copied().or(owned_default);
            (a != b).then_some(Change {
                key,
                before: b,
                after: a,
            })
        })
        .collect()
}

/// A built partial galaxy, ready to be resolved many times.
pub struct Partial {
    pub galaxy: Galaxy,
    pub player: PlayerId,
    pub assumed: Vec<Assumed>,
    /// The numbers no CR gave.
    synthetic: BTreeSet<PlayerId>,
    /// Worlds whose position the player knows.
    positioned: BTreeSet<WorldId>,
    game: Option<String>,
}

impl Partial {
    /// Builds the partial galaxy of `knowledge` ([`galaxy_from_knowledge`]).
    pub fn new(knowledge: &Knowledge, assumptions: &Assumptions, ruleset: &Ruleset) -> Self {
        let (galaxy, player, assumed) = galaxy_from_knowledge(knowledge, assumptions, ruleset);
        let synthetic = assumed
            .iter()
            .filter_map(|a| match a {
                Assumed::SyntheticNumber { number, .. } => Some(PlayerId(*number)),
                _ => None,
            })
            .collect();
        let positioned = knowledge
            .worlds()
            .filter(|w| w.position.is_some())
            .map(|w| w.id)
            .collect();
        Partial {
            galaxy,
            player,
            assumed,
            synthetic,
            positioned,
            game: knowledge.game.clone(),
        }
    }

    /// The current turn as the player's CR shows the partial galaxy.
    pub fn now(&self, ruleset: &Ruleset) -> TurnView {
        let view = project(
            &self.galaxy,
            self.player,
            None,
            ruleset,
            self.game.as_deref(),
        );
        self.scrub(view, &self.galaxy)
    }

    /// Resolves one turn with the player's orders only (seeded) and returns the
    /// next turn's view and the voided orders.
    pub fn run(
        &self,
        orders: &[Order],
        ruleset: &Ruleset,
        seed: u64,
    ) -> (TurnView, Vec<Diagnostic>) {
        let mut submissions = Submissions::new();
        if !self.player.is_neutral() {
            submissions.insert(self.player, orders.to_vec());
        }
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let outcome = resolve_turn(&self.galaxy, &submissions, ruleset, &mut rng);
        let voided = outcome
            .events
            .iter()
            .filter_map(|e| match &e.kind {
                EventKind::Voided(v) if v.player == self.player => Some(v.diagnostic.clone()),
                _ => None,
            })
            .collect();
        let view = project(
            &outcome.galaxy,
            self.player,
            Some(&outcome.record),
            ruleset,
            self.game.as_deref(),
        );
        (self.scrub(view, &outcome.galaxy), voided)
    }

    /// Removes from a projected view what the partial galaxy made up rather than
    /// knew: synthetic player numbers, coordinates of worlds never positioned, spy
    /// rankings (computed from assumed statistics) and a final ranking.
    fn scrub(&self, mut view: TurnView, galaxy: &Galaxy) -> TurnView {
        let unnumber = |p: &mut PlayerRef| {
            if p.number
                .is_some_and(|n| self.synthetic.contains(&PlayerId(n)))
            {
                p.number = None;
            }
        };
        if let Some(me) = view.player.as_mut() {
            unnumber(me);
        }
        view.known_players.iter_mut().for_each(unnumber);
        if let Some(declarations) = view.declarations.as_mut() {
            for d in declarations
                .made
                .iter_mut()
                .chain(declarations.received.iter_mut())
            {
                unnumber(&mut d.player);
            }
        }
        view.ranking.clear();
        for world in &mut view.worlds {
            if !self.positioned.contains(&world.id) {
                world.coords = None;
            }
        }
        for (kind, value) in view.statistics.iter_mut() {
            if matches!(value, StatValue::Spied(_)) {
                *value = StatValue::Own(statistic(galaxy, self.player, *kind));
            }
        }
        view
    }
}

/// The predicted next turn of `orders`, resolved once with `seed`.
pub fn preview(
    knowledge: &Knowledge,
    orders: &[Order],
    assumptions: &Assumptions,
    ruleset: &Ruleset,
    seed: u64,
) -> Preview {
    Partial::new(knowledge, assumptions, ruleset).preview(orders, ruleset, seed)
}

impl Partial {
    /// [`preview`] on an already built partial galaxy.
    pub fn preview(&self, orders: &[Order], ruleset: &Ruleset, seed: u64) -> Preview {
        let now = self.now(ruleset);
        let (next, voided) = self.run(orders, ruleset, seed);
        let changes = diff(&own_values(&now), &own_values(&next));
        Preview {
            player: self.player,
            now,
            next,
            changes,
            voided,
            assumed: self.assumed.clone(),
        }
    }

    /// [`preview_odds`] on an already built partial galaxy.
    pub fn odds(
        &self,
        orders: &[Order],
        ruleset: &Ruleset,
        seed: u64,
        runs: u32,
        progress: &mut dyn FnMut(u32),
    ) -> Odds {
        let now = own_values(&self.now(ruleset));
        let mut odds = Odds {
            runs,
            now,
            next: BTreeMap::new(),
        };
        for run in 0..runs {
            let (next, _) = self.run(orders, ruleset, seed.wrapping_add(u64::from(run)));
            let values = own_values(&next);
            let mut keys: BTreeSet<Key> = values.keys().copied().collect();
            // Items owned now and lost in this run count as not owned.
            for key in odds.now.keys() {
                if key.field == Field::Owned {
                    keys.insert(*key);
                }
            }
            for key in keys {
                let value = values.get(&key).copied().unwrap_or(0);
                odds.next.entry(key).or_default().add(value);
            }
            progress(run + 1);
        }
        odds
    }
}

/// How often each value came out over the runs.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Distribution {
    pub min: i64,
    pub max: i64,
    /// Runs per value.
    pub counts: BTreeMap<i64, u32>,
}

impl Distribution {
    fn add(&mut self, value: i64) {
        self.add_runs(value, 1);
    }

    fn add_runs(&mut self, value: i64, runs: u32) {
        if runs == 0 {
            return;
        }
        if self.counts.is_empty() {
            (self.min, self.max) = (value, value);
        }
        self.min = self.min.min(value);
        self.max = self.max.max(value);
        *self.counts.entry(value).or_insert(0) += runs;
    }

    /// Runs that gave a value (the item may not be the player's in every run).
    pub fn runs(&self) -> u32 {
        self.counts.values().sum()
    }

    /// True when every run gave the same value.
    pub fn is_certain(&self) -> bool {
        self.counts.len() <= 1
    }

    /// The probability of `value` in percent over `runs` runs, rounded half up.
    pub fn percent(&self, value: i64, runs: u32) -> u32 {
        let count = u64::from(self.counts.get(&value).copied().unwrap_or(0));
        let runs = u64::from(runs.max(1));
        u32::try_from((count * 200 + runs) / (runs * 2)).unwrap_or(100)
    }
}

/// The Monte-Carlo odds of a preview: the current values and, per value, its
/// distribution over the runs.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Odds {
    pub runs: u32,
    pub now: BTreeMap<Key, i64>,
    pub next: BTreeMap<Key, Distribution>,
}

impl Odds {
    /// Adds the runs of `other` (the same preview run with other seeds).
    pub fn merge(&mut self, other: Odds) {
        if self.runs == 0 && self.next.is_empty() {
            *self = other;
            return;
        }
        self.runs += other.runs;
        for (key, d) in other.next {
            let mine = self.next.entry(key).or_default();
            for (value, runs) in d.counts {
                mine.add_runs(value, runs);
            }
        }
    }

    /// The values that are not certain to stay as they are now.
    pub fn changing(&self) -> impl Iterator<Item = (&Key, &Distribution)> {
        self.next.iter().filter(|(key, d)| {
            let now = self.now.get(key);
            !d.is_certain() || now != Some(&d.min) || d.runs() != self.runs
        })
    }
}

/// Resolves the preview `runs` times with seeds `seed`, `seed + 1`, … and counts
/// each value's outcomes. `progress` is told the number of runs done after each.
pub fn preview_odds(
    knowledge: &Knowledge,
    orders: &[Order],
    assumptions: &Assumptions,
    ruleset: &Ruleset,
    seed: u64,
    runs: u32,
    progress: &mut dyn FnMut(u32),
) -> Odds {
    Partial::new(knowledge, assumptions, ruleset).odds(orders, ruleset, seed, runs, progress)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn percent_rounds_half_up() {
        let mut d = Distribution::default();
        for v in [6, 6, 7] {
            d.add(v);
        }
        assert_eq!((d.min, d.max), (6, 7));
        assert_eq!(d.percent(6, 3), 67);
        assert_eq!(d.percent(7, 3), 33);
        assert_eq!(d.percent(8, 3), 0);
        assert!(!d.is_certain());
    }

    #[test]
    fn odds_merge_adds_runs() {
        let key = Key {
            item: Item::World(1),
            field: Field::Population,
        };
        let odds = |values: &[i64]| {
            let mut d = Distribution::default();
            values.iter().for_each(|v| d.add(*v));
            Odds {
                runs: values.len() as u32,
                now: BTreeMap::from([(key, 63)]),
                next: BTreeMap::from([(key, d)]),
            }
        };
        let mut total = Odds::default();
        total.merge(odds(&[69, 69]));
        total.merge(odds(&[70, 69, 71]));
        assert_eq!(total.runs, 5);
        assert_eq!(total.now.get(&key), Some(&63));
        let d = &total.next[&key];
        assert_eq!((d.min, d.max, d.runs()), (69, 71, 5));
        assert_eq!(d.counts.get(&69), Some(&3));
    }

    #[test]
    fn diff_shows_ownership_flips() {
        let key = |item, field| Key { item, field };
        let before = BTreeMap::from([
            (key(Item::World(1), Field::Owned), 1),
            (key(Item::World(1), Field::Mp), 5),
        ]);
        let after = BTreeMap::from([(key(Item::Fleet(2), Field::Owned), 1)]);
        let changes = diff(&before, &after);
        assert!(changes.contains(&Change {
            key: key(Item::World(1), Field::Owned),
            before: Some(1),
            after: Some(0),
        }));
        assert!(changes.contains(&Change {
            key: key(Item::Fleet(2), Field::Owned),
            before: Some(0),
            after: Some(1),
        }));
        assert!(changes.contains(&Change {
            key: key(Item::World(1), Field::Mp),
            before: Some(5),
            after: None,
        }));
    }

    #[test]
    fn an_empty_knowledge_gives_an_empty_galaxy() {
        let ruleset = Ruleset::builtin("2002").expect("built-in rules");
        let (galaxy, me, assumed) =
            galaxy_from_knowledge(&Knowledge::new(), &Assumptions::default(), &ruleset);
        assert!(galaxy.worlds.is_empty());
        assert!(me.is_neutral());
        assert!(assumed.is_empty());
    }
}
