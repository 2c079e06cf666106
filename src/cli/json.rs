//! The JSON document of `nebutil report --json`: schema `nebutil-report/1`.
//!
//! Explicit structures, not a dump of the internal types: the schema only changes
//! with its version string. Every key is always present; **unknown is `null`**
//! (a foreign fleet `[?]=24?` has `"vc": null, "vt": null, "total": 24`), never 0.
//! The README documents every key.

use serde::Serialize;

use std::cell::RefCell;
use std::collections::HashMap;
use std::io::Write;
use std::sync::mpsc::{SyncSender, sync_channel};

use crate::diagnostic::{Diagnostic, DiagnosticJson, Severity, count_severity};
use crate::i18n::Lang;
use crate::model::player::Class;
use crate::model::tech::Tech;
use crate::model::threat::{Graph, ReportSightings};
use crate::model::view::{
    CargoView, DeclarationView, FireMark, FleetEvent, FleetView, Name, Origin, PlayerRef, PopKind,
    StatValue, TraceView, TreasureSite, TreasureView, TurnView, WorldEvent, WorldView, same_text,
};
use crate::report::read::Sink;

/// The schema's name and version, the first key of the document.
pub const SCHEMA: &str = "nebutil-report/1";

/// A diagnostic and the file it is about.
pub struct FileDiagnostic<'a> {
    pub file: &'a str,
    pub diagnostic: &'a Diagnostic,
}

/// The document. Its long lists (worlds, fleets, traces, treasures,
/// diagnostics) are built one entry at a time while it is written (see
/// [`Entries`]): writing it with `serde_json::to_writer` holds no copy of them.
#[derive(Serialize)]
pub struct Report<'a> {
    pub schema: &'static str,
    pub file: String,
    pub nbt: Option<String>,
    pub game: Option<String>,
    pub turn: Option<u32>,
    pub player: Option<Me>,
    pub score: Option<i64>,
    pub score_delta: Option<i64>,
    pub galaxy_size: Option<Size>,
    pub counts: Counts,
    pub tech: Option<TechBlock>,
    pub statistics: Vec<Statistic>,
    pub known_players: Vec<KnownPlayer>,
    pub declarations: Option<Declarations>,
    pub ranking: Vec<Ranking>,
    pub orders_sent: Option<String>,
    pub worlds: Entries<'a, World>,
    pub fleets: Entries<'a, Fleet>,
    pub traces: Entries<'a, Trace>,
    pub treasures: Entries<'a, Treasure>,
    /// The fleets of other players (not allies) that could reach the player's
    /// worlds next turn, from what the reports show (`model::threat`).
    pub threats: Vec<crate::model::threat::Threat>,
    pub diagnostics: Entries<'a, DiagnosticJson>,
}

/// A list of the document serialised entry by entry: each entry built from the
/// view when it is written, or taken as a reading of the CR hands it
/// ([`Entries::streamed`]).
pub struct Entries<'a, T> {
    len: usize,
    source: EntriesSource<'a, T>,
}

enum EntriesSource<'a, T> {
    /// Entry `i` built on demand.
    Indexed(Box<dyn Fn(usize) -> Option<T> + 'a>),
    /// The entries as they come, once.
    Streamed(RefCell<Option<Box<dyn Iterator<Item = T> + 'a>>>),
}

impl<'a, T> Entries<'a, T> {
    fn new(len: usize, make: impl Fn(usize) -> Option<T> + 'a) -> Self {
        Entries {
            len,
            source: EntriesSource::Indexed(Box::new(make)),
        }
    }

    /// `len` entries that `entries` gives as they come: they can be walked
    /// once (written once).
    pub fn streamed(len: usize, entries: impl Iterator<Item = T> + 'a) -> Self {
        Entries {
            len,
            source: EntriesSource::Streamed(RefCell::new(Some(Box::new(entries)))),
        }
    }

    /// How many entries the list has.
    pub fn len(&self) -> usize {
        self.len
    }

    /// True when the list is empty.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The entries, built one at a time (streamed ones: the first time only).
    pub fn iter(&self) -> Box<dyn Iterator<Item = T> + '_> {
        match &self.source {
            EntriesSource::Indexed(make) => Box::new((0..self.len).filter_map(make)),
            EntriesSource::Streamed(entries) => match entries.borrow_mut().take() {
                Some(entries) => entries,
                None => Box::new(std::iter::empty()),
            },
        }
    }
}

impl<T: Serialize> Serialize for Entries<'_, T> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.iter())
    }
}

/// The treasures of the view by where they are (indices in `view.treasures`).
type TreasureIndex = HashMap<TreasureSite, Vec<usize>>;

fn treasure_index(view: &TurnView) -> TreasureIndex {
    let mut index: TreasureIndex = HashMap::new();
    for (i, t) in view.treasures.iter().enumerate() {
        index.entry(t.site).or_default().push(i);
    }
    index
}

#[derive(Serialize)]
pub struct Me {
    pub name: String,
    pub number: Option<u32>,
    /// `emperor`, `pirate`, `antiquarian`, `missionary`, `robotron`, `explorer`, `merchant`.
    pub class: Option<&'static str>,
}

#[derive(Serialize)]
pub struct Player {
    pub name: String,
    pub number: Option<u32>,
}

/// A player known by name, with the ATT and DEF levels the reports show of him
/// (the player's ALI, IV.3.6, G-168, or an ally's report); absent when unknown.
#[derive(Serialize)]
pub struct KnownPlayer {
    pub name: String,
    pub number: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub attack: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub defense: Option<u32>,
}

impl KnownPlayer {
    /// Fills the levels `knowledge` holds of him (the player's and his allies'
    /// reports together).
    pub fn add_levels(&mut self, knowledge: &crate::model::knowledge::Knowledge) {
        if let Some(levels) = knowledge.levels_of(&self.name) {
            self.attack = levels.attack.as_ref().map(|s| s.value).or(self.attack);
            self.defense = levels.defense.as_ref().map(|s| s.value).or(self.defense);
        }
    }
}

#[derive(Serialize)]
pub struct Size {
    pub width: u32,
    pub height: u32,
}

#[derive(Serialize)]
pub struct Counts {
    pub worlds: usize,
    pub worlds_described: usize,
    pub own_worlds: usize,
    pub fleets: usize,
    pub own_fleets: usize,
    pub traces: usize,
    pub treasures: usize,
    pub errors: usize,
    pub warnings: usize,
    pub infos: usize,
}

#[derive(Serialize)]
pub struct TechBlock {
    pub levels: Vec<TechLevel>,
    pub ca: Option<u32>,
    pub cd: Option<u32>,
}

#[derive(Serialize)]
pub struct TechLevel {
    /// `DEP`, `ATT`, `DEF`, `RAD`, `ALI`, `CAR`.
    pub tech: &'static str,
    pub level: u32,
    pub invested: u32,
    /// `null` at the maximum level.
    pub cost: Option<u32>,
}

#[derive(Serialize)]
pub struct Statistic {
    /// `mining_capacity`, `populations`, `converts`, `robots`, `cargo`, `worlds`,
    /// `fleets`, `industries`, `active_industries`, `ships`, `treasures`.
    pub kind: &'static str,
    /// The CR's label.
    pub label: &'static str,
    /// The player's own value; `null` when spied (the CR then hides it).
    pub value: Option<u64>,
    pub spy: Option<Spy>,
}

#[derive(Serialize)]
pub struct Spy {
    pub entries: Vec<SpyEntry>,
    pub mean: u64,
    pub error_percent: u32,
}

#[derive(Serialize)]
pub struct SpyEntry {
    pub rank: u32,
    pub name: Option<String>,
    pub value: u64,
}

#[derive(Serialize)]
pub struct Declarations {
    pub made: Vec<Declaration>,
    pub received: Vec<Declaration>,
}

#[derive(Serialize)]
pub struct Declaration {
    /// `A`, `C`, `CP`, `DP`, `PI`, `J`.
    pub kind: &'static str,
    pub player: Player,
    pub turn: Option<u32>,
}

#[derive(Serialize)]
pub struct Ranking {
    pub rank: u32,
    pub player: Player,
    pub score: i64,
}

#[derive(Serialize)]
pub struct Pillage {
    pub count: u32,
    /// Turns until recovered; 0 = recovered (`Pi=2`).
    pub recovery: Option<u32>,
}

#[derive(Serialize)]
pub struct Meva {
    pub count: u32,
    pub slots: Option<u32>,
}

#[derive(Serialize)]
pub struct Position {
    pub x: u32,
    pub y: u32,
    /// `false` for a radar-3 neighbour's position (from the NBT).
    pub exact: bool,
}

#[derive(Serialize)]
pub struct Death {
    pub count: u32,
    /// `N`, `C` or `R`.
    pub kind: &'static str,
}

#[derive(Serialize)]
pub struct TreasureRef {
    pub id: u32,
    pub name: String,
}

#[derive(Serialize)]
pub struct World {
    pub id: u32,
    /// `false` for a world known only by its position (NBT, radar 3).
    pub described: bool,
    pub line: Option<u32>,
    pub elided: bool,
    pub start_world: Option<bool>,
    pub bombed: Option<bool>,
    pub black_hole: Option<bool>,
    pub connections: Option<Vec<u32>>,
    /// The connections shown as black holes (`@65`, explorer view).
    pub black_hole_connections: Option<Vec<u32>>,
    /// The owner's name; `null` when neutral or unknown (see `neutral`).
    pub owner: Option<Name>,
    /// `true` neutral, `false` owned, `null` unknown.
    pub neutral: Option<bool>,
    pub previous_owner: Option<String>,
    pub owned_turns: Option<u32>,
    pub mining_counter: Option<u32>,
    /// `captured`, `gift`, `pillaged`.
    pub event: Option<&'static str>,
    pub industries: Option<u32>,
    pub active_industries: Option<u32>,
    pub vi: Option<u32>,
    pub vi_fire: Option<String>,
    pub population: Option<u32>,
    pub converts: Option<u32>,
    pub converts_owner: Option<String>,
    pub robots: Option<u32>,
    pub deaths: Vec<Death>,
    pub pop_limit: Option<u32>,
    pub vp: Option<u32>,
    pub vp_fire: Option<String>,
    pub mp: Option<u32>,
    pub mining: Option<u32>,
    pub pc: Option<u32>,
    pub pillage: Option<Pillage>,
    pub pe: Option<u32>,
    pub meva: Option<Meva>,
    /// `+Pop=+17.5%` → 175.
    pub growth_permille: Option<u32>,
    pub coords: Option<Position>,
    pub name: Option<String>,
    pub corrupted_by: Option<String>,
    pub treasures: Vec<TreasureRef>,
    /// Whose report it comes from: `null` for the player's own, else the
    /// ally's name (`--ally`).
    pub source: Option<String>,
}

#[derive(Serialize)]
pub struct Cargo {
    pub mp: u32,
    pub n: u32,
    pub c: u32,
    pub r: u32,
}

#[derive(Serialize)]
pub struct Fleet {
    pub id: u32,
    pub line: Option<u32>,
    pub owner: Option<Name>,
    pub previous_owner: Option<String>,
    pub world: Option<u32>,
    pub vc: Option<u32>,
    pub vt: Option<u32>,
    pub total: Option<u32>,
    pub cargo: Option<Cargo>,
    pub at_peace: Option<bool>,
    pub bomb: bool,
    /// `gift`, `unloaded_pc`, `pirated`, `captured`.
    pub event: Option<&'static str>,
    /// Arrived this turn (`du M_124`, `du M_?`).
    pub arrived: bool,
    /// Where it came from; `null` when it did not move or the origin is hidden.
    pub from: Option<u32>,
    pub fire: Option<String>,
    pub treasures: Vec<TreasureRef>,
    /// Whose report it comes from: `null` for the player's own, else the
    /// ally's name (`--ally`).
    pub source: Option<String>,
}

#[derive(Serialize)]
pub struct Trace {
    pub fleet: u32,
    pub owner: Option<Name>,
    pub world: Option<u32>,
    /// `departure` (`{F_57 "X" vers M_48}`) or `crossing` (`du M_12 vers M_441`).
    pub kind: &'static str,
    pub from: Option<u32>,
    pub to: u32,
    pub ambushed: bool,
    pub line: Option<u32>,
}

#[derive(Serialize)]
pub struct Treasure {
    pub id: u32,
    pub name: String,
    /// The name is one of the game's treasures.
    pub known: bool,
    pub world: Option<u32>,
    pub fleet: Option<u32>,
    pub line: Option<u32>,
}

fn line(n: u32) -> Option<u32> {
    (n != 0).then_some(n)
}

pub fn class_id(class: Class) -> &'static str {
    match class {
        Class::Emperor => "emperor",
        Class::Pirate => "pirate",
        Class::Antiquarian => "antiquarian",
        Class::Missionary => "missionary",
        Class::Robotron => "robotron",
        Class::Explorer => "explorer",
        Class::Merchant => "merchant",
    }
}

/// A fire marker in the CR's notation: `*F_43`, `*M`, …, `**`.
pub fn fire_text(mark: FireMark) -> String {
    match mark {
        FireMark::Fleet(f) => format!("*F_{f}"),
        FireMark::Protections => "*M".into(),
        FireMark::Population => "*P".into(),
        FireMark::Industries => "*I".into(),
        FireMark::NonConverts => "*N".into(),
        FireMark::Converts => "*C".into(),
        FireMark::RobotAttack => "*R".into(),
        FireMark::Bomb => "*B".into(),
        FireMark::Ambush => "**".into(),
    }
}

fn player(p: &PlayerRef) -> Player {
    Player {
        name: p.name.clone(),
        number: p.number,
    }
}

/// True when a world view is a CR description (not only an NBT position).
pub fn is_described(w: &WorldView) -> bool {
    w.line != 0 || w.connections.is_some() || w.owner.is_some() || w.black_hole
}

/// True when the owner block names `me`.
pub fn owned_by(owner: Option<&str>, me: Option<&str>) -> bool {
    matches!((owner, me), (Some(a), Some(b)) if same_text(a, b))
}

fn treasures_at(view: &TurnView, index: &TreasureIndex, site: TreasureSite) -> Vec<TreasureRef> {
    index
        .get(&site)
        .into_iter()
        .flatten()
        .filter_map(|i| view.treasures.get(*i))
        .map(|t| TreasureRef {
            id: t.id,
            name: t.name.clone(),
        })
        .collect()
}

fn world(view: &TurnView, index: &TreasureIndex, w: &WorldView) -> World {
    let described = is_described(w);
    let known = |b: bool| described.then_some(b);
    let owner = w.owner.as_ref();
    let neutral = owner.map(|o| o.name.is_none());
    World {
        id: w.id,
        described,
        line: line(w.line),
        elided: w.elided,
        start_world: known(w.start_world),
        bombed: known(w.bombed),
        black_hole: known(w.black_hole),
        connections: w
            .connections
            .as_ref()
            .map(|c| c.iter().map(|c| c.world).collect()),
        black_hole_connections: w
            .connections
            .as_ref()
            .map(|c| c.iter().filter(|c| c.black_hole).map(|c| c.world).collect()),
        owner: owner.and_then(|o| o.name.clone()),
        neutral,
        previous_owner: owner.and_then(|o| o.previous.clone()),
        owned_turns: owner.filter(|o| o.name.is_some()).map(|o| o.owned_turns),
        mining_counter: owner.and_then(|o| o.mining_counter),
        event: owner.and_then(|o| o.event).map(|e| match e {
            WorldEvent::Captured => "captured",
            WorldEvent::Gift => "gift",
            WorldEvent::Pillaged => "pillaged",
        }),
        industries: w.industries(),
        active_industries: w.active_industries(),
        vi: w.vi(),
        vi_fire: w.vi_fire().map(fire_text),
        population: w.population(),
        converts: w.converts(),
        converts_owner: w.converts_owner.clone(),
        robots: w.robots(),
        deaths: w
            .deaths()
            .iter()
            .map(|d| Death {
                count: d.count,
                kind: match d.kind {
                    PopKind::NonConverts => "N",
                    PopKind::Converts => "C",
                    PopKind::Robots => "R",
                },
            })
            .collect(),
        pop_limit: w.pop_limit(),
        vp: w.vp(),
        vp_fire: w.vp_fire().map(fire_text),
        mp: w.mp(),
        mining: w.mining(),
        pc: w.pc(),
        pillage: w.pillage_count().map(|count| Pillage {
            count,
            recovery: w.pillage_recovery(),
        }),
        pe: w.pe(),
        meva: w.meva().map(|count| Meva {
            count,
            slots: w.meva_slots(),
        }),
        growth_permille: w.growth_rate(),
        coords: w.coords.map(|c| Position {
            x: c.x,
            y: c.y,
            exact: !w.coords_approximate,
        }),
        name: w.name().map(String::from),
        corrupted_by: w.corrupted_by().map(String::from),
        treasures: treasures_at(view, index, TreasureSite::World(w.id)),
        source: None,
    }
}

fn cargo(c: &CargoView) -> Cargo {
    Cargo {
        mp: c.mp,
        n: c.n,
        c: c.c,
        r: c.r,
    }
}

fn fleet(view: &TurnView, index: &TreasureIndex, f: &FleetView) -> Fleet {
    Fleet {
        id: f.id,
        line: line(f.line),
        owner: f.owner.clone(),
        previous_owner: f.previous_owner.clone(),
        world: f.world,
        vc: f.vc,
        vt: f.vt,
        total: f.total,
        cargo: f.cargo.as_ref().map(cargo),
        at_peace: f.at_peace,
        bomb: f.bomb,
        event: f.event.map(|e| match e {
            FleetEvent::Gift => "gift",
            FleetEvent::UnloadedPc => "unloaded_pc",
            FleetEvent::Pirated => "pirated",
            FleetEvent::Captured => "captured",
        }),
        arrived: f.from.is_some(),
        from: match f.from {
            Some(Origin::World(w)) => Some(w),
            _ => None,
        },
        fire: f.fire.map(fire_text),
        treasures: treasures_at(view, index, TreasureSite::Fleet(f.id)),
        source: None,
    }
}

fn trace(t: &TraceView) -> Trace {
    Trace {
        fleet: t.fleet,
        owner: t.owner.clone(),
        world: t.world,
        kind: if t.from.is_some() {
            "crossing"
        } else {
            "departure"
        },
        from: match t.from {
            Some(Origin::World(w)) => Some(w),
            _ => None,
        },
        to: t.to,
        ambushed: t.ambushed,
        line: line(t.line),
    }
}

fn treasure(t: &TreasureView) -> Treasure {
    Treasure {
        id: t.id,
        name: t.name.clone(),
        known: t.kind.is_some(),
        world: match t.site {
            TreasureSite::World(w) => Some(w),
            _ => None,
        },
        fleet: match t.site {
            TreasureSite::Fleet(f) => Some(f),
            _ => None,
        },
        line: line(t.line),
    }
}

fn declaration(d: &DeclarationView) -> Declaration {
    Declaration {
        kind: d.kind.keyword(),
        player: player(&d.player),
        turn: d.turn,
    }
}

/// Builds the document.
///
/// `allies`: allies' reports (`--ally`): their worlds the player's report does
/// not describe, and their fleets it does not list, follow his own, each with
/// its `source` (the ally's name); on the same world or fleet, the player's own
/// line is given.
pub fn report<'a>(
    file: &str,
    nbt: Option<&str>,
    view: &'a TurnView,
    allies: &'a [TurnView],
    diagnostics: &'a [FileDiagnostic<'a>],
    lang: Lang,
) -> Report<'a> {
    let me = view.player.as_ref().map(|p| p.name.as_str());
    let count = |s: crate::diagnostic::Severity| severity_count(diagnostics, s);
    let index = std::rc::Rc::new(treasure_index(view));
    let fleet_index = std::rc::Rc::clone(&index);
    // The allies' worlds and fleets the player's own report lacks: (ally, index).
    let mut seen_worlds: std::collections::HashSet<u32> = view
        .worlds
        .iter()
        .filter(|w| is_described(w))
        .map(|w| w.id)
        .collect();
    let mut seen_fleets: std::collections::HashSet<u32> =
        view.fleets.iter().map(|f| f.id).collect();
    let mut ally_worlds = Vec::new();
    let mut ally_fleets = Vec::new();
    for (a, ally) in allies.iter().enumerate() {
        for (i, w) in ally.worlds.iter().enumerate() {
            if is_described(w) && seen_worlds.insert(w.id) {
                ally_worlds.push((a, i));
            }
        }
        for (i, f) in ally.fleets.iter().enumerate() {
            if seen_fleets.insert(f.id) {
                ally_fleets.push((a, i));
            }
        }
    }
    let ally_indexes: std::rc::Rc<Vec<TreasureIndex>> =
        std::rc::Rc::new(allies.iter().map(treasure_index).collect());
    let fleet_ally_indexes = std::rc::Rc::clone(&ally_indexes);
    let ally_name = |ally: &TurnView| ally.player.as_ref().map(|p| p.name.clone());
    Report {
        schema: SCHEMA,
        file: file.to_string(),
        nbt: nbt.map(str::to_string),
        game: view.game.clone(),
        // A stand-in turn (`cr-turn-unknown`) is unknown.
        turn: view.turn.filter(|_| !view.turn_assumed),
        player: view.player.as_ref().map(|p| Me {
            name: p.name.clone(),
            number: p.number,
            class: view.class.map(class_id),
        }),
        score: view.score,
        score_delta: view.score_delta,
        galaxy_size: view
            .galaxy_size
            .map(|(width, height)| Size { width, height }),
        counts: Counts {
            worlds: view.worlds.len(),
            worlds_described: view.worlds.iter().filter(|w| is_described(w)).count(),
            own_worlds: view
                .worlds
                .iter()
                .filter(|w| owned_by(w.owner.as_ref().and_then(|o| o.name.as_deref()), me))
                .count(),
            fleets: view.fleets.len(),
            own_fleets: view
                .fleets
                .iter()
                .filter(|f| owned_by(f.owner.as_deref(), me))
                .count(),
            traces: view.traces.len(),
            treasures: view.treasures.len(),
            errors: count(crate::diagnostic::Severity::Error),
            warnings: count(crate::diagnostic::Severity::Warning),
            infos: count(crate::diagnostic::Severity::Info),
        },
        tech: view.tech.as_ref().map(|t| TechBlock {
            levels: Tech::ALL
                .into_iter()
                .filter_map(|tech| t.line(tech))
                .map(|l| TechLevel {
                    tech: l.tech.keyword(),
                    level: l.level,
                    invested: l.invested,
                    cost: l.cost,
                })
                .collect(),
            ca: t.catt,
            cd: t.cdef,
        }),
        statistics: view
            .statistics
            .iter()
            .map(|(kind, value)| Statistic {
                kind: crate::model::series::stat_id(*kind),
                label: kind.label(),
                value: match value {
                    StatValue::Own(v) => Some(*v),
                    StatValue::Spied(_) => None,
                },
                spy: match value {
                    StatValue::Own(_) => None,
                    StatValue::Spied(s) => Some(Spy {
                        entries: s
                            .entries
                            .iter()
                            .map(|e| SpyEntry {
                                rank: e.rank,
                                name: e.name.clone(),
                                value: e.value,
                            })
                            .collect(),
                        mean: s.mean,
                        error_percent: s.error_percent,
                    }),
                },
            })
            .collect(),
        known_players: view
            .known_players
            .iter()
            .map(|p| {
                let levels = view.levels_of(&p.name);
                KnownPlayer {
                    name: p.name.clone(),
                    number: p.number,
                    attack: levels.and_then(|l| l.attack),
                    defense: levels.and_then(|l| l.defense),
                }
            })
            .collect(),
        declarations: view.declarations.as_ref().map(|d| Declarations {
            made: d.made.iter().map(declaration).collect(),
            received: d.received.iter().map(declaration).collect(),
        }),
        ranking: view
            .ranking
            .iter()
            .map(|r| Ranking {
                rank: r.rank,
                player: player(&r.player),
                score: r.score,
            })
            .collect(),
        orders_sent: view.orders_sent.clone(),
        worlds: Entries::new(view.worlds.len() + ally_worlds.len(), move |i| {
            match view.worlds.get(i) {
                Some(w) => Some(world(view, &index, w)),
                None => {
                    let (a, k) = *ally_worlds.get(i - view.worlds.len())?;
                    let ally = allies.get(a)?;
                    let mut entry = world(ally, ally_indexes.get(a)?, ally.worlds.get(k)?);
                    entry.source = ally_name(ally);
                    Some(entry)
                }
            }
        }),
        fleets: Entries::new(view.fleets.len() + ally_fleets.len(), move |i| {
            match view.fleets.get(i) {
                Some(f) => Some(fleet(view, &fleet_index, f)),
                None => {
                    let (a, k) = *ally_fleets.get(i - view.fleets.len())?;
                    let ally = allies.get(a)?;
                    let mut entry = fleet(ally, fleet_ally_indexes.get(a)?, ally.fleets.get(k)?);
                    entry.source = ally_name(ally);
                    Some(entry)
                }
            }
        }),
        traces: Entries::new(view.traces.len(), |i| view.traces.get(i).map(trace)),
        treasures: Entries::new(view.treasures.len(), |i| {
            view.treasures.get(i).map(treasure)
        }),
        threats: Vec::new(),
        diagnostics: Entries::new(diagnostics.len(), move |i| {
            diagnostics
                .get(i)
                .map(|d| DiagnosticJson::in_file(d.file, d.diagnostic, lang))
        }),
    }
}

/// How many diagnostics of `severity` the list stands for, those a summary
/// diagnostic counts included (see [`crate::diagnostic::Capped`]).
pub fn severity_count(diagnostics: &[FileDiagnostic<'_>], severity: Severity) -> usize {
    diagnostics
        .iter()
        .map(|d| count_severity(std::slice::from_ref(d.diagnostic), severity))
        .sum()
}

/// What `nebutil report --json` of a CR alone gathers while it reads it
/// streamed ([`crate::report::read_report_streamed`]): the counts of its worlds and
/// fleets, and what the threats are found from (each owned world's owner,
/// the connections, the fleets' owners and worlds). The worlds and fleets
/// themselves are not kept: [`write_streamed`] reads them again as it writes
/// them. Owners' names are kept once each.
#[derive(Debug, Default)]
pub struct Tally {
    worlds: usize,
    worlds_described: usize,
    fleets: usize,
    names: Vec<String>,
    name_index: HashMap<String, u32>,
    /// Worlds and fleets by owner (index in `names`).
    worlds_of: Vec<usize>,
    fleets_of: Vec<usize>,
    owners: Vec<(u32, u32)>,
    edges: Vec<(u32, u32)>,
    /// (fleet, owner, world, ships) of each fleet with an owner and a world.
    sightings: Vec<(u32, u32, u32, Option<u32>)>,
}

impl Tally {
    fn name(&mut self, name: &str) -> u32 {
        if let Some(&index) = self.name_index.get(name) {
            return index;
        }
        let index = self.names.len() as u32;
        self.names.push(name.to_string());
        self.name_index.insert(name.to_string(), index);
        self.worlds_of.push(0);
        self.fleets_of.push(0);
        index
    }

    /// The counts as [`report`] makes them of a view holding the worlds and
    /// fleets read.
    pub fn set_counts(&self, counts: &mut Counts, me: Option<&str>) {
        let of = |counts: &[usize]| {
            me.and_then(|me| self.name_index.get(me))
                .and_then(|&i| counts.get(i as usize).copied())
                .unwrap_or(0)
        };
        counts.worlds = self.worlds;
        counts.worlds_described = self.worlds_described;
        counts.own_worlds = of(&self.worlds_of);
        counts.fleets = self.fleets;
        counts.own_fleets = of(&self.fleets_of);
    }

    /// What the threats are found from, for the report's player (`view`: the
    /// report as read and completed). The connections are handed over, not
    /// copied.
    pub fn sightings<'t>(&'t mut self, view: &'t TurnView) -> ReportSightings<'t> {
        let edges = std::mem::take(&mut self.edges);
        let this: &'t Tally = self;
        let name = |i: u32| this.names.get(i as usize).map_or("", String::as_str);
        ReportSightings {
            me: view.player.as_ref().map(|p| p.name.as_str()),
            turn: view.turn,
            declarations: view.declarations.as_ref(),
            owners: this.owners.iter().map(|&(w, o)| (w, name(o))).collect(),
            edges,
            fleets: this
                .sightings
                .iter()
                .map(|&(f, o, w, ships)| (f, name(o), w, ships))
                .collect(),
        }
    }
}

impl Sink for Tally {
    fn world(&mut self, world: &WorldView, _: Option<&PlayerRef>) {
        self.worlds += 1;
        self.worlds_described += usize::from(is_described(world));
        if let Some(owner) = world.owner.as_ref().and_then(|o| o.name.as_deref()) {
            let index = self.name(owner);
            if let Some(count) = self.worlds_of.get_mut(index as usize) {
                *count += 1;
            }
            self.owners.push((world.id, index));
        }
        if let Some(connections) = &world.connections {
            self.edges.extend(Graph::edges_of(world.id, connections));
        }
    }

    fn fleet(&mut self, fleet: &FleetView, _: Option<&PlayerRef>) {
        self.fleets += 1;
        if let Some(owner) = &fleet.owner {
            let index = self.name(owner);
            if let Some(count) = self.fleets_of.get_mut(index as usize) {
                *count += 1;
            }
            if let Some(world) = fleet.world {
                self.sightings.push((fleet.id, index, world, fleet.total));
            }
        }
    }
}

/// Entries sent from a reading thread to the writing one, this many at a time
/// (two batches in flight: the memory stays that of a few thousand entries).
const BATCH: usize = 1024;

/// A reading's worlds (`W = true`) or fleets, made into entries and sent in
/// batches.
struct Batches<'v, T, const W: bool> {
    view: &'v TurnView,
    index: &'v TreasureIndex,
    batch: Vec<T>,
    to: SyncSender<Vec<T>>,
    /// The writer stopped (a closed pipe): nothing more is made.
    stopped: bool,
}

impl<'v, T: Send, const W: bool> Batches<'v, T, W> {
    fn new(view: &'v TurnView, index: &'v TreasureIndex, to: SyncSender<Vec<T>>) -> Self {
        Batches {
            view,
            index,
            batch: Vec::with_capacity(BATCH),
            to,
            stopped: false,
        }
    }

    fn push(&mut self, entry: T) {
        self.batch.push(entry);
        if self.batch.len() >= BATCH {
            self.send();
        }
    }

    fn send(&mut self) {
        let batch = std::mem::replace(&mut self.batch, Vec::with_capacity(BATCH));
        if !batch.is_empty() && self.to.send(batch).is_err() {
            self.stopped = true;
        }
    }
}

impl Sink for Batches<'_, World, true> {
    fn world(&mut self, w: &WorldView, _: Option<&PlayerRef>) {
        if !self.stopped {
            let entry = world(self.view, self.index, w);
            self.push(entry);
        }
    }

    fn fleet(&mut self, _: &FleetView, _: Option<&PlayerRef>) {}
}

impl Sink for Batches<'_, Fleet, false> {
    fn world(&mut self, _: &WorldView, _: Option<&PlayerRef>) {}

    fn fleet(&mut self, f: &FleetView, _: Option<&PlayerRef>) {
        if !self.stopped {
            let entry = fleet(self.view, self.index, f);
            self.push(entry);
        }
    }
}

/// Writes the document of a CR read streamed, its worlds and fleets read
/// again from `text` as they are written (two readings on their own threads,
/// each a few batches ahead of the writer): the memory is the text's and a few
/// thousand entries', however many worlds the CR has. `document` is
/// [`report`]'s of `view` (the streamed reading's, without worlds and
/// fleets), its counts set by [`Tally::set_counts`]. The same bytes as the
/// document of the view holding them all.
pub fn write_streamed(
    out: &mut dyn Write,
    mut document: Report<'_>,
    text: &str,
    view: &TurnView,
) -> std::io::Result<()> {
    let index = treasure_index(view);
    let (worlds_len, fleets_len) = (document.counts.worlds, document.counts.fleets);
    std::thread::scope(|scope| {
        let (worlds_to, worlds) = sync_channel::<Vec<World>>(2);
        let (fleets_to, fleets) = sync_channel::<Vec<Fleet>>(2);
        let index = &index;
        scope.spawn(move || {
            let mut batches = Batches::<World, true>::new(view, index, worlds_to);
            // The same text was read as a CR: it is one again.
            let _ = crate::report::read_report_streamed(text, &mut batches);
            batches.send();
        });
        scope.spawn(move || {
            let mut batches = Batches::<Fleet, false>::new(view, index, fleets_to);
            let _ = crate::report::read_report_streamed(text, &mut batches);
            batches.send();
        });
        document.worlds = Entries::streamed(worlds_len, worlds.into_iter().flatten());
        document.fleets = Entries::streamed(fleets_len, fleets.into_iter().flatten());
        let mut buffered = std::io::BufWriter::new(out);
        serde_json::to_writer_pretty(&mut buffered, &document)?;
        // The readings stop making entries once the writer is gone.
        drop(document);
        writeln!(buffered)?;
        buffered.flush()
    })
}
