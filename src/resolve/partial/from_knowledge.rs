//! [`galaxy_from_knowledge`]: the arbiter's galaxy one player's knowledge describes,
//! every unknown filled by an explicit assumption.

use std::collections::{BTreeMap, BTreeSet};

use crate::model::knowledge::{Knowledge, Seen, WorldKnowledge};
use crate::model::view::{Count, DeclarationKind, FleetView, TreasureSite, TurnView, WorldView};
use crate::model::{
    Cargo, Coords, Declarations, Fleet, Galaxy, Jihad, Player, PlayerId, Tech, Treasure,
    TreasureLocation, World, WorldId,
};
use crate::rules::Ruleset;

use super::{Assumed, Assumptions, HiddenSplit, UnknownValues};

/// The name an elided owner block carries (`"..."`): an unknown owner.
const ELIDED_NAME: &str = "...";

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
    let mut galaxy = Galaxy::default();
    galaxy.players.insert(PlayerId::NEUTRAL, Player::neutral());
    let Some(turn) = knowledge.latest_turn() else {
        return (galaxy, PlayerId::NEUTRAL, Vec::new());
    };
    let empty = TurnView::default();
    let view = knowledge.view_at(turn).unwrap_or(&empty);
    galaxy.turn = turn;
    galaxy.final_turn = assumptions.final_turn.unwrap_or(u32::MAX);
    let mut assumed = vec![Assumed::FinalTurn {
        turn: assumptions.final_turn,
    }];
    let me_name = knowledge
        .player
        .as_ref()
        .or(view.player.as_ref())
        .map(|p| p.name.clone())
        .unwrap_or_default();
    let names = player_names(knowledge, view, assumptions, &mut assumed);
    let me = names.id(&me_name).unwrap_or(PlayerId::NEUTRAL);
    let mut build = Build {
        knowledge,
        view,
        assumptions,
        ruleset,
        turn,
        names,
        me,
        galaxy,
        assumed,
    };
    build.add_players();
    build.add_worlds();
    build.add_links_and_size();
    build.add_fleets();
    build.add_treasures();
    build.note_observations(&me_name);
    (build.galaxy, me, build.assumed)
}

/// Every player name the latest turn (or a stale world) shows, with its number;
/// the names seen without a number get one of our own.
fn player_names(
    knowledge: &Knowledge,
    view: &TurnView,
    assumptions: &Assumptions,
    assumed: &mut Vec<Assumed>,
) -> Names {
    let mut names = Names {
        numbers: BTreeMap::new(),
        synthetic: BTreeSet::new(),
        next: 1,
    };
    if let Some(me) = knowledge.player.as_ref().or(view.player.as_ref()) {
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
            for name in owner
                .name
                .as_deref()
                .into_iter()
                .chain(owner.previous.as_deref())
            {
                names.note(name, None);
            }
        }
        for name in world
            .converts_owner
            .as_deref()
            .into_iter()
            .chain(world.corrupted_by())
        {
            names.note(name, None);
        }
    }
    for fleet in &view.fleets {
        for name in fleet
            .owner
            .as_deref()
            .into_iter()
            .chain(fleet.previous_owner.as_deref())
        {
            names.note(name, None);
        }
    }
    if assumptions.unknown_values == UnknownValues::LastSeen {
        for world in knowledge.worlds() {
            if let Some(Some(name)) = world.owner_name() {
                names.note(name, None);
            }
        }
    }
    names.finish(assumed);
    names
}

/// A partial galaxy being built from the latest turn's view.
struct Build<'a> {
    knowledge: &'a Knowledge,
    view: &'a TurnView,
    assumptions: &'a Assumptions,
    ruleset: &'a Ruleset,
    turn: u32,
    names: Names,
    /// The player whose knowledge it is.
    me: PlayerId,
    galaxy: Galaxy,
    assumed: Vec<Assumed>,
}

impl Build<'_> {
    /// Every player named: the others with the assumed levels and class, the
    /// player with his own facts; the declarations other players made about him.
    fn add_players(&mut self) {
        let (knowledge, view, me) = (self.knowledge, self.view, self.me);
        for (name, &id) in &self.names.numbers {
            let class = if id == me {
                knowledge.class.as_ref().map(|c| c.value).or(view.class)
            } else {
                self.assumptions.players.get(name).and_then(|p| p.class)
            };
            let mut player = Player::new(id, name, class);
            if id != me {
                let overridden = self
                    .assumptions
                    .players
                    .get(name)
                    .is_some_and(|p| p.tech.is_some());
                player.tech.level = self.assumptions.tech_of(name);
                if !overridden && let Some(levels) = knowledge.levels_of(name) {
                    let attack = levels.attack.as_ref().map(|s| (s.value, s.turn));
                    let defense = levels.defense.as_ref().map(|s| (s.value, s.turn));
                    for (tech, known) in [(Tech::Att, attack), (Tech::Def, defense)] {
                        if let Some((level, _)) = known
                            && let Some(slot) = player.tech.level.get_mut(tech.index())
                        {
                            *slot = level;
                        }
                    }
                    self.assumed.push(Assumed::KnownTech {
                        player: name.clone(),
                        attack,
                        defense,
                    });
                }
                self.assumed.push(Assumed::ForeignTech {
                    player: name.clone(),
                    levels: player.tech.level,
                    overridden,
                });
                if let Some(class) = class {
                    self.assumed.push(Assumed::ForeignClass {
                        player: name.clone(),
                        class,
                    });
                }
            }
            self.galaxy.players.insert(id, player);
        }
        let names = &self.names;
        let id_of = |name: &str| names.id(name);
        if let Some(player) = self.galaxy.players.get_mut(&me) {
            own_player(
                player,
                knowledge,
                view,
                self.turn,
                &id_of,
                &mut self.assumed,
            );
        }
        // Declarations other players made about me.
        if let Some(declarations) = &view.declarations {
            for d in &declarations.received {
                let Some(author) = id_of(&d.player.name) else {
                    continue;
                };
                if let Some(p) = self.galaxy.players.get_mut(&author) {
                    declare(&mut p.declarations, d.kind, me, d.turn.unwrap_or(self.turn));
                }
            }
        }
    }

    /// Every world known: described on the latest turn, stale (as last seen, or
    /// empty), or only named in a connection list.
    fn add_worlds(&mut self) {
        let (knowledge, view) = (self.knowledge, self.view);
        let current: BTreeMap<WorldId, &WorldView> =
            view.worlds.iter().map(|w| (w.id, w)).collect();
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
                .filter(|w| w.owner.is_some() || w.connections.is_some() || w.black_hole);
            if !world.black_hole {
                if let Some(line) = described_now {
                    self.fill_current_world(&mut world, line, k);
                } else if k.last_described.is_some() {
                    self.fill_stale_world(&mut world, k);
                } else {
                    named_only.push(k.id);
                }
            }
            self.galaxy.worlds.insert(k.id, world);
        }
        if !named_only.is_empty() {
            self.assumed.push(Assumed::NamedOnly { worlds: named_only });
        }
        if unknown_coords > 0 {
            self.assumed.push(Assumed::UnknownCoords {
                count: unknown_coords,
            });
        }
    }

    /// A world the latest turn describes: its line, elided items from older turns.
    fn fill_current_world(&mut self, world: &mut World, line: &WorldView, k: &WorldKnowledge) {
        let names = &self.names;
        let id_of = |name: &str| names.id(name);
        let filled = fill_world(
            world,
            line,
            Some(k),
            self.assumptions,
            self.ruleset,
            &id_of,
            self.me,
        );
        if filled.unknown_owner {
            self.assumed.push(Assumed::UnknownOwner { world: k.id });
        }
        if filled.count > 0 {
            self.assumed.push(Assumed::ElidedWorld {
                world: k.id,
                count: filled.count,
            });
        }
    }

    /// A world described on an older turn only: as last seen, or empty.
    fn fill_stale_world(&mut self, world: &mut World, k: &WorldKnowledge) {
        match self.assumptions.unknown_values {
            UnknownValues::LastSeen => {
                let names = &self.names;
                let id_of = |name: &str| names.id(name);
                let stale = stale_view(k);
                let filled = fill_world(
                    world,
                    &stale,
                    None,
                    self.assumptions,
                    self.ruleset,
                    &id_of,
                    self.me,
                );
                if filled.unknown_owner {
                    self.assumed.push(Assumed::UnknownOwner { world: k.id });
                }
                self.assumed.push(Assumed::StaleWorld {
                    world: k.id,
                    turn: k.last_described,
                });
            }
            UnknownValues::Zero => self.assumed.push(Assumed::StaleWorld {
                world: k.id,
                turn: None,
            }),
        }
    }

    /// The links added back (`symmetric_links`), and the galaxy's size (known, or
    /// the smallest holding every known position).
    fn add_links_and_size(&mut self) {
        let galaxy = &mut self.galaxy;
        if self.assumptions.symmetric_links {
            let count = add_reverse_links(galaxy, self.knowledge);
            if count > 0 {
                self.assumed.push(Assumed::ReverseLinks { count });
            }
        }
        match seen_value(&self.knowledge.galaxy_size) {
            Some((width, height)) => (galaxy.width, galaxy.height) = (width, height),
            None => {
                let width = galaxy.worlds.values().map(|w| w.coords.x + 1).max();
                let height = galaxy.worlds.values().map(|w| w.coords.y + 1).max();
                galaxy.width = width.unwrap_or(1);
                galaxy.height = height.unwrap_or(1);
                self.assumed.push(Assumed::GalaxySize {
                    width: galaxy.width,
                    height: galaxy.height,
                });
            }
        }
    }

    /// The fleets of the latest turn (on a world of the galaxy), hidden
    /// compositions and cargoes assumed.
    fn add_fleets(&mut self) {
        let view = self.view;
        for f in &view.fleets {
            let Some(world) = f.world.filter(|w| self.galaxy.worlds.contains_key(w)) else {
                self.assumed.push(Assumed::FleetLeftOut { fleet: f.id });
                continue;
            };
            let owner = f
                .owner
                .as_deref()
                .and_then(|name| self.names.id(name))
                .unwrap_or(PlayerId::NEUTRAL);
            let mut fleet = Fleet::new(f.id, owner, world);
            fleet.bomb = f.bomb;
            fleet.at_peace = f.at_peace.unwrap_or(false) && !owner.is_neutral();
            self.fill_ships(&mut fleet, f);
            self.fill_cargo(&mut fleet, f);
            self.galaxy.fleets.insert(f.id, fleet);
        }
    }

    /// The fleet's VC and VT: as shown, or its total split as assumed.
    fn fill_ships(&mut self, fleet: &mut Fleet, f: &FleetView) {
        match (f.vc, f.vt) {
            (Some(vc), Some(vt)) => (fleet.vc, fleet.vt) = (vc, vt),
            (vc, vt) => {
                let total = f.total.unwrap_or(vc.unwrap_or(0) + vt.unwrap_or(0));
                (fleet.vc, fleet.vt) = match self.assumptions.hidden_split {
                    HiddenSplit::AllVc => (total, 0),
                    HiddenSplit::AllVt => (0, total),
                };
                self.assumed.push(Assumed::HiddenSplit {
                    fleet: f.id,
                    total,
                    vc: fleet.vc,
                    vt: fleet.vt,
                });
            }
        }
    }

    /// The fleet's cargo: as shown, or the assumed MP within its capacity.
    fn fill_cargo(&mut self, fleet: &mut Fleet, f: &FleetView) {
        match f.cargo {
            Some(cargo) => {
                fleet.cargo = Cargo {
                    mp: cargo.mp,
                    n: cargo.n,
                    c: cargo.c,
                    c_missionary: (cargo.c > 0).then_some(fleet.owner),
                    r: cargo.r,
                };
            }
            None => {
                let car = self
                    .galaxy
                    .player(fleet.owner)
                    .map_or(1, |p| p.tech.level(Tech::Car));
                let capacity = u32::try_from(fleet.capacity(car)).unwrap_or(u32::MAX);
                let mp = self.assumptions.hidden_cargo_mp.min(capacity);
                fleet.cargo.mp = mp;
                if fleet.ships() > 0 {
                    self.assumed.push(Assumed::HiddenCargo { fleet: f.id, mp });
                }
            }
        }
    }

    /// The treasures seen on the latest turn, on a world or fleet of the galaxy.
    fn add_treasures(&mut self) {
        for t in &self.view.treasures {
            let location = match t.site {
                TreasureSite::World(w) if self.galaxy.worlds.contains_key(&w) => {
                    Some(TreasureLocation::World(w))
                }
                TreasureSite::Fleet(f) if self.galaxy.fleets.contains_key(&f) => {
                    Some(TreasureLocation::Fleet(f))
                }
                _ => None,
            };
            match (location, t.kind) {
                (Some(location), Some(kind)) => {
                    self.galaxy.treasures.insert(
                        t.id,
                        Treasure {
                            id: t.id,
                            kind,
                            location,
                        },
                    );
                }
                _ => self
                    .assumed
                    .push(Assumed::TreasureLeftOut { treasure: t.id }),
            }
        }
    }

    /// Worlds observed by the player (explorers score a world's first observation)
    /// and worlds he localised.
    fn note_observations(&mut self, me_name: &str) {
        let knowledge = self.knowledge;
        let Some(player) = self.galaxy.players.get_mut(&self.me) else {
            return;
        };
        for t in knowledge.turns() {
            let Some(v) = knowledge.view_at(t) else {
                continue;
            };
            for f in &v.fleets {
                if f.owner.as_deref() == Some(me_name)
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

fn declare(declarations: &mut Declarations, kind: DeclarationKind, target: PlayerId, turn: u32) {
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
fn stale_view(k: &WorldKnowledge) -> WorldView {
    let mut view = WorldView {
        id: k.id,
        start_world: false,
        bombed: k.bombed.as_ref().is_some_and(|b| b.value),
        owner: seen_value(&k.owner),
        converts_owner: seen_value(k.converts_owner()),
        ..WorldView::default()
    }
    .with_counts([
        (Count::Industries, seen_value(&k.industries())),
        (Count::ActiveIndustries, seen_value(&k.active_industries())),
        (Count::Vi, seen_value(&k.vi())),
        (Count::Population, seen_value(&k.population())),
        (Count::Converts, seen_value(&k.converts())),
        (Count::Robots, seen_value(&k.robots())),
        (Count::PopLimit, seen_value(&k.pop_limit())),
        (Count::Vp, seen_value(&k.vp())),
        (Count::Mp, seen_value(&k.mp())),
        (Count::Mining, seen_value(&k.mining())),
        (Count::Pc, seen_value(&k.pc())),
        (Count::PillageCount, seen_value(&k.pillage_count())),
        (Count::PillageRecovery, seen_value(&k.pillage_recovery())),
        (Count::Pe, seen_value(&k.pe())),
        (Count::Meva, seen_value(&k.meva())),
        (Count::GrowthRate, seen_value(&k.growth_rate())),
    ]);
    view.set_name(seen_value(k.name()));
    view.set_corrupted_by(seen_value(k.corrupted_by()));
    view
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
    older: Option<&WorldKnowledge>,
    assumptions: &Assumptions,
    ruleset: &Ruleset,
    id_of: &dyn Fn(&str) -> Option<PlayerId>,
    me: PlayerId,
) -> Filled {
    let mut count = 0;
    let last_seen = assumptions.unknown_values == UnknownValues::LastSeen;
    let mut pick = |value: Option<u32>, old: Option<Option<Seen<u32>>>| -> u32 {
        match value {
            Some(v) => v,
            None => {
                count += 1;
                if last_seen {
                    old.flatten().map_or(0, |s| s.value)
                } else {
                    0
                }
            }
        }
    };
    world.industries = pick(line.industries(), older.map(|k| k.industries()));
    world.active_industries = pick(
        line.active_industries(),
        older.map(|k| k.active_industries()),
    )
    .min(world.industries);
    world.vi = pick(line.vi(), older.map(|k| k.vi()));
    let humans = pick(line.population(), older.map(|k| k.population()));
    let converts = pick(line.converts(), older.map(|k| k.converts())).min(humans);
    world.population.robots = pick(line.robots(), older.map(|k| k.robots()));
    world.pop_limit = pick(line.pop_limit(), older.map(|k| k.pop_limit()));
    world.vp = pick(line.vp(), older.map(|k| k.vp()));
    world.mp = pick(line.mp(), older.map(|k| k.mp()));
    world.mining = pick(line.mining(), older.map(|k| k.mining()));
    world.pc_unloads = pick(line.pc(), older.map(|k| k.pc()));
    world.pillage_count = pick(line.pillage_count(), older.map(|k| k.pillage_count()));
    world.pillage_recovery = pick(line.pillage_recovery(), older.map(|k| k.pillage_recovery()));
    world.pe = pick(line.pe(), older.map(|k| k.pe()));
    world.meva = pick(line.meva(), older.map(|k| k.meva()));
    world.bombed = line.bombed;
    world.name = line.name().map(String::from);

    let unknown_owner = fill_owner(world, line, older, last_seen, id_of, me);
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
    if let Some(rate) = line.growth_rate() {
        let base = ruleset.growth_rate(0).round_half_up_of(1000);
        world.growth_bonus = u32::try_from(u64::from(rate).saturating_sub(base)).unwrap_or(0);
    }
    if let Some(corruptor) = line.corrupted_by().and_then(id_of) {
        world.first_captor = Some(corruptor);
    }
    Filled {
        count,
        unknown_owner,
    }
}

/// Fills a world's owner, owned turns and start owner from its line (or, values
/// last seen, from `older`); returns whether the owner is unknown (then neutral).
fn fill_owner(
    world: &mut World,
    line: &WorldView,
    older: Option<&WorldKnowledge>,
    last_seen: bool,
    id_of: &dyn Fn(&str) -> Option<PlayerId>,
    me: PlayerId,
) -> bool {
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
    unknown_owner
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
