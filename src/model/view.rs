//! One turn as one player sees it: what a CR (and its NBT) tells.
//!
//! Every field the player may not know is an `Option`: `None` means *unknown*
//! (hidden by the rules, elided, or not on this CR), never zero. A world line of
//! the CR describes the world completely, so an item absent from a full line is
//! known to be zero (`I=` absent: no industries) — only an elided line (`. . .`,
//! `(...)`, `[...]`) leaves its missing items unknown.
//!
//! Player names are kept verbatim, as strings: the CR names players, and only the
//! "Vous connaissez de nom" line (and the NBT) maps names to numbers. The owners
//! of worlds, fleets and traces are [`Name`]s: a CR names a few players
//! thousands of times, and a reading keeps one allocation per name ([`Names`]).

use std::collections::{BTreeMap, HashSet};
use std::sync::Arc;

use serde::{Deserialize, Serialize};

use super::galaxy::Coords;
use super::ids::{FleetId, TreasureId, WorldId};
use super::player::Class;
use super::tech::Tech;
use super::treasure::TreasureKind;

/// A player's name as the owner of a world, fleet or trace: shared, one
/// allocation per name for a whole reading (serialized as a plain string).
pub type Name = Arc<str>;

/// The names met while reading, each kept once: [`Names::get`] gives the same
/// allocation for the same name. A game has a few hundred players at most: past
/// [`Names::KEPT`] different names (an input made of names, not a CR) a name is
/// allocated without being kept, so the set stays small whatever the input.
#[derive(Clone, Debug, Default)]
pub struct Names {
    set: HashSet<Name>,
    /// The last names given, compared before hashing: a report names the same
    /// few players line after line (hashing every owner was 8 % of reading a
    /// 52 MB CR).
    recent: [Option<Name>; 4],
    /// Where the next name given goes in `recent`.
    next: usize,
}

impl Names {
    /// How many different names are kept.
    pub const KEPT: usize = 4096;

    /// The shared [`Name`] for `name`.
    pub fn get(&mut self, name: &str) -> Name {
        if let Some(recent) = self.recent.iter().flatten().find(|r| same_text(r, name)) {
            return Arc::clone(recent);
        }
        let name = match self.set.get(name) {
            Some(known) => Arc::clone(known),
            None => {
                let name: Name = Arc::from(name);
                if self.set.len() < Self::KEPT {
                    self.set.insert(Arc::clone(&name));
                }
                name
            }
        };
        if let Some(slot) = self.recent.get_mut(self.next) {
            *slot = Some(Arc::clone(&name));
        }
        self.next = (self.next + 1) % self.recent.len();
        name
    }
}

/// True when `a` and `b` are the same text: a short name compared in two
/// overlapping words (names are compared a few times per line of a big CR: a
/// call to compare memory would cost more than the comparison).
#[inline]
pub fn same_text(a: &str, b: &str) -> bool {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    let len = a.len();
    if len != b.len() {
        return false;
    }
    let word = |bytes: &[u8], at: usize| -> u64 {
        bytes
            .get(at..at + 8)
            .and_then(|w| <[u8; 8]>::try_from(w).ok())
            .map_or(0, u64::from_ne_bytes)
    };
    let half = |bytes: &[u8], at: usize| -> u32 {
        bytes
            .get(at..at + 4)
            .and_then(|w| <[u8; 4]>::try_from(w).ok())
            .map_or(0, u32::from_ne_bytes)
    };
    match len {
        0 => true,
        1..4 => a.iter().zip(b).all(|(x, y)| x == y),
        4..8 => half(a, 0) == half(b, 0) && half(a, len - 4) == half(b, len - 4),
        8..=16 => word(a, 0) == word(b, 0) && word(a, len - 8) == word(b, len - 8),
        _ => a == b,
    }
}

/// A player named on a CR, with his number when known (`"BOF III":7`).
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct PlayerRef {
    pub name: String,
    pub number: Option<u32>,
}

/// One connection of a world line: `65`, `65@` / `@65` (a black hole, explorer view).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct Connection {
    pub world: WorldId,
    pub black_hole: bool,
}

/// The event flag of a world's owner block.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum WorldEvent {
    /// `!` — captured this turn.
    Captured,
    /// `C` — given this turn (*cadeau*).
    Gift,
    /// `P` — pillaged this turn.
    Pillaged,
}

/// The event flag after a fleet's owner block.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum FleetEvent {
    /// `C` — given this turn (and therefore at peace).
    Gift,
    /// `D` — unloaded PC this turn.
    UnloadedPc,
    /// `P` — pirated this turn.
    Pirated,
    /// `!` — captured this turn.
    Captured,
}

/// The owner block of a world line: `"Maxtor:5"`, `"GASKOR:2:5"`, `"Miria(Maxtor) "`,
/// `" (BACKCHICHE) "`, `"Maxtor"!`. A full world line without owner block is
/// neutral: `name: None`.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct OwnerView {
    /// The owner's name; `None` = neutral.
    pub name: Option<Name>,
    /// The previous owner, when it changed this turn (`"Miria(Maxtor)"`, `" (X) "`).
    pub previous: Option<String>,
    /// Consecutive turns of possession; 0 when no counter is shown (III.1.3, T-19).
    pub owned_turns: u32,
    /// The mining counter when shown apart (`"GASKOR:2:5"` → 5).
    pub mining_counter: Option<u32>,
    pub event: Option<WorldEvent>,
}

/// What a fire marker says the ships did (annex, "Notations du compte rendu").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum FireMark {
    /// `*F_43` — fired on fleet 43.
    Fleet(FleetId),
    /// `*M` — fired on the world's protection ships.
    Protections,
    /// `*P` — fired on the population.
    Population,
    /// `*I` — fired on the industries.
    Industries,
    /// `*N` — VP executed non-converts.
    NonConverts,
    /// `*C` — VP executed converts.
    Converts,
    /// `*R` — robot attack.
    RobotAttack,
    /// `*B` — dropped the bomb.
    Bomb,
    /// `**` — made an ambush.
    Ambush,
}

/// A kind of population.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum PopKind {
    /// N (or `P` in a deaths marker).
    NonConverts,
    /// C.
    Converts,
    /// R.
    Robots,
}

/// A deaths marker `{-6P}`, `{-2C}`, `{-7R}`: died this turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Deaths {
    pub count: u32,
    pub kind: PopKind,
}

/// A world's counted items, each known or not ([`WorldView`]'s accessors).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Count {
    Industries,
    ActiveIndustries,
    Vi,
    Population,
    Converts,
    Robots,
    PopLimit,
    Vp,
    Mp,
    Mining,
    Pc,
    PillageCount,
    PillageRecovery,
    Pe,
    Meva,
    MevaSlots,
    GrowthRate,
}

impl Count {
    /// The items a full world line tells even when it does not show them (they
    /// are then 0): all but the E= slots and the growth rate.
    pub const ON_EVERY_FULL_LINE: [Count; 15] = [
        Count::Industries,
        Count::ActiveIndustries,
        Count::Vi,
        Count::Population,
        Count::Converts,
        Count::Robots,
        Count::PopLimit,
        Count::Vp,
        Count::Mp,
        Count::Mining,
        Count::Pc,
        Count::PillageCount,
        Count::PillageRecovery,
        Count::Pe,
        Count::Meva,
    ];
}

/// How many [`Count`]s a world has.
pub const COUNTS: usize = Count::GrowthRate as usize + 1;

/// The counted items of a world: one bit per item saying it is known, beside
/// its value (a plain integer; 0 when unknown). Half the size of as many
/// `Option<u32>`.
#[derive(Clone, Copy, Default, PartialEq, Eq)]
pub struct Counts {
    known: u32,
    values: [u32; COUNTS],
}

impl Counts {
    fn get(&self, count: Count) -> Option<u32> {
        let index = count as usize;
        (self.known & (1 << index) != 0).then(|| self.values[index])
    }

    fn set(&mut self, count: Count, value: Option<u32>) {
        let index = count as usize;
        match value {
            Some(value) => {
                self.known |= 1 << index;
                self.values[index] = value;
            }
            None => {
                self.known &= !(1 << index);
                self.values[index] = 0;
            }
        }
    }
}

/// A world as one CR describes it.
///
/// Compact: its counted items ([`Count`]: industries, populations, VP, MP…)
/// are read and written through accessors (`industries()`,
/// `set_industries(Some(3))`), `None` meaning *unknown* as for every other
/// field. Serialized as if each were an `Option<u32>` field of its own name
/// (the format of older files).
#[derive(Clone, Default, PartialEq, Eq)]
pub struct WorldView {
    pub id: WorldId,
    /// `Md_`: a start world (shown so on its owner's CR only, G-16).
    pub start_world: bool,
    /// `M#`: bombed at least once.
    pub bombed: bool,
    /// `M_65 * Trou noir *****`, or seen as `@` in a connection list.
    pub black_hole: bool,
    /// True when the coordinates are approximate (radar-3 neighbours, G-62) rather
    /// than exact.
    pub coords_approximate: bool,
    /// A world line with elided content (`. . .`, `(...)`, `[...]`, `"..."`).
    pub elided: bool,
    /// The 1-based CR line the world was read from (0 when not from a CR).
    pub line: u32,
    /// Industries, VI, populations, VP, MP… (read and set through the
    /// accessors; public so that `..WorldView::default()` builds one).
    pub counts: Counts,
    /// The VI's and VP's fire markers, deaths, name and corrupter: what few
    /// worlds show, apart (read and set through the accessors; `None` when
    /// none is shown; public so that `..WorldView::default()` builds one).
    pub notes: Option<Box<WorldNotes>>,
    /// `[12,7]`, or from the NBT.
    pub coords: Option<Coords>,
    /// `None` for `(...)` and for black-hole lines.
    pub connections: Option<Vec<Connection>>,
    /// `None` = unknown; `Some` with `name: None` = neutral.
    pub owner: Option<OwnerView>,
    /// The missionary owning the converts (`/12C:"Miria"`; the world owner for `/5C`
    /// and for an entirely converted `P=14C`). `None` when there are none or unknown.
    pub converts_owner: Option<String>,
}

/// What few world lines show, kept apart from [`WorldView`] (one pointer for a
/// world without any).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct WorldNotes {
    /// Fire marker of the VI (`[I=2]=3*F_12`).
    vi_fire: Option<FireMark>,
    vp_fire: Option<FireMark>,
    /// Deaths markers of this turn.
    deaths: Vec<Deaths>,
    /// The name given by its owner (`  Nom : "…"`, G-15).
    name: Option<String>,
    /// The player corrupting this world for a Jihad (`  Corrompu par : "…"`, G-15).
    corrupted_by: Option<String>,
}

/// The accessors of a world's counted items: `$get()` and `$set(value)`.
macro_rules! count_accessors {
    ($($(#[$doc:meta])* $count:ident $get:ident $set:ident;)*) => {
        impl WorldView {
            $(
                $(#[$doc])*
                pub fn $get(&self) -> Option<u32> {
                    self.counts.get(Count::$count)
                }

                #[doc = concat!("Sets [`WorldView::", stringify!($get), "`] (`None`: unknown).")]
                pub fn $set(&mut self, value: Option<u32>) {
                    self.counts.set(Count::$count, value);
                }
            )*
        }
    };
}

count_accessors! {
    /// `I=`: industries.
    Industries industries set_industries;
    /// Industries able to produce (`I=a/n` → a; `I=n` → n).
    ActiveIndustries active_industries set_active_industries;
    /// `[I=2]=3`: the world's VI.
    Vi vi set_vi;
    /// Human populations N + C (robots excluded).
    Population population set_population;
    /// Converts among `population`.
    Converts converts set_converts;
    /// Robots.
    Robots robots set_robots;
    /// The population limit (`P=21(100)` → 100).
    PopLimit pop_limit set_pop_limit;
    /// The world's VP.
    Vp vp set_vp;
    /// MP in stock.
    Mp mp set_mp;
    /// Mining capacity.
    Mining mining set_mining;
    /// `PC=n`.
    Pc pc set_pc;
    /// `Pi=k[/r]`: times pillaged.
    PillageCount pillage_count set_pillage_count;
    /// `Pi=k/r`: turns until recovered; `Some(0)` for `Pi=k` (recovered).
    PillageRecovery pillage_recovery set_pillage_recovery;
    /// `PE=`.
    Pe pe set_pe;
    /// `E=x/8`: x.
    Meva meva set_meva;
    /// `E=x/8`: 8 (2002) or 6 (1999 rules).
    MevaSlots meva_slots set_meva_slots;
    /// `+Pop=+17.5%`: total growth rate, in tenths of a percent (175).
    GrowthRate growth_rate set_growth_rate;
}

impl WorldView {
    /// Fire marker of the VI (`[I=2]=3*F_12`).
    pub fn vi_fire(&self) -> Option<FireMark> {
        self.notes.as_ref().and_then(|n| n.vi_fire)
    }

    /// Fire marker of the VP.
    pub fn vp_fire(&self) -> Option<FireMark> {
        self.notes.as_ref().and_then(|n| n.vp_fire)
    }

    /// Deaths markers of this turn.
    pub fn deaths(&self) -> &[Deaths] {
        self.notes.as_ref().map_or(&[], |n| &n.deaths)
    }

    /// The name given by its owner (`  Nom : "…"`, G-15).
    pub fn name(&self) -> Option<&str> {
        self.notes.as_ref().and_then(|n| n.name.as_deref())
    }

    /// The player corrupting this world for a Jihad (`  Corrompu par : "…"`, G-15).
    pub fn corrupted_by(&self) -> Option<&str> {
        self.notes.as_ref().and_then(|n| n.corrupted_by.as_deref())
    }

    /// Changes the notes, dropped again when nothing is left in them (a world
    /// without any compares equal however it got there).
    fn edit_notes(&mut self, edit: impl FnOnce(&mut WorldNotes)) {
        match &mut self.notes {
            Some(notes) => {
                edit(notes);
                if **notes == WorldNotes::default() {
                    self.notes = None;
                }
            }
            // Built on the stack, boxed only when something is left (the
            // reader clears the fire markers of every world line).
            None => {
                let mut notes = WorldNotes::default();
                edit(&mut notes);
                if notes != WorldNotes::default() {
                    self.notes = Some(Box::new(notes));
                }
            }
        }
    }

    /// Sets [`WorldView::vi_fire`].
    pub fn set_vi_fire(&mut self, fire: Option<FireMark>) {
        self.edit_notes(|n| n.vi_fire = fire);
    }

    /// Sets [`WorldView::vp_fire`].
    pub fn set_vp_fire(&mut self, fire: Option<FireMark>) {
        self.edit_notes(|n| n.vp_fire = fire);
    }

    /// Adds a deaths marker.
    pub fn push_death(&mut self, deaths: Deaths) {
        self.edit_notes(|n| n.deaths.push(deaths));
    }

    /// Sets [`WorldView::deaths`].
    pub fn set_deaths(&mut self, deaths: Vec<Deaths>) {
        self.edit_notes(|n| n.deaths = deaths);
    }

    /// Sets [`WorldView::name`].
    pub fn set_name(&mut self, name: Option<String>) {
        self.edit_notes(|n| n.name = name);
    }

    /// Sets [`WorldView::corrupted_by`].
    pub fn set_corrupted_by(&mut self, player: Option<String>) {
        self.edit_notes(|n| n.corrupted_by = player);
    }

    /// A world known by its number only.
    pub fn new(id: WorldId) -> Self {
        WorldView {
            id,
            ..WorldView::default()
        }
    }

    /// The world with these counted items set (`None`: unknown).
    pub fn with_counts(mut self, counts: impl IntoIterator<Item = (Count, Option<u32>)>) -> Self {
        for (count, value) in counts {
            self.set_count(count, value);
        }
        self
    }

    /// A counted item by its [`Count`].
    pub fn count(&self, count: Count) -> Option<u32> {
        self.counts.get(count)
    }

    /// Sets a counted item by its [`Count`].
    pub fn set_count(&mut self, count: Count, value: Option<u32>) {
        self.counts.set(count, value);
    }

    /// The fields in the order of the serialized form (older files').
    fn as_fields(&self) -> WorldViewFields<&Vec<Connection>, &OwnerView, &str, &[Deaths]> {
        WorldViewFields {
            id: self.id,
            start_world: self.start_world,
            bombed: self.bombed,
            black_hole: self.black_hole,
            connections: self.connections.as_ref(),
            owner: self.owner.as_ref(),
            industries: self.industries(),
            active_industries: self.active_industries(),
            vi: self.vi(),
            vi_fire: self.vi_fire(),
            population: self.population(),
            converts: self.converts(),
            converts_owner: self.converts_owner.as_deref(),
            robots: self.robots(),
            deaths: self.deaths(),
            pop_limit: self.pop_limit(),
            vp: self.vp(),
            vp_fire: self.vp_fire(),
            mp: self.mp(),
            mining: self.mining(),
            pc: self.pc(),
            pillage_count: self.pillage_count(),
            pillage_recovery: self.pillage_recovery(),
            pe: self.pe(),
            meva: self.meva(),
            meva_slots: self.meva_slots(),
            growth_rate: self.growth_rate(),
            coords: self.coords,
            coords_approximate: self.coords_approximate,
            name: self.name(),
            corrupted_by: self.corrupted_by(),
            elided: self.elided,
            line: self.line,
        }
    }
}

/// A [`WorldView`] field by field, as it was declared before it was compact:
/// its serialized form (and its `Debug`) keep that order and those names.
#[derive(Debug, Serialize, Deserialize)]
#[serde(rename = "WorldView")]
struct WorldViewFields<C, O, S, D> {
    id: WorldId,
    start_world: bool,
    bombed: bool,
    black_hole: bool,
    connections: Option<C>,
    owner: Option<O>,
    industries: Option<u32>,
    active_industries: Option<u32>,
    vi: Option<u32>,
    vi_fire: Option<FireMark>,
    population: Option<u32>,
    converts: Option<u32>,
    converts_owner: Option<S>,
    robots: Option<u32>,
    deaths: D,
    pop_limit: Option<u32>,
    vp: Option<u32>,
    vp_fire: Option<FireMark>,
    mp: Option<u32>,
    mining: Option<u32>,
    pc: Option<u32>,
    pillage_count: Option<u32>,
    pillage_recovery: Option<u32>,
    pe: Option<u32>,
    meva: Option<u32>,
    meva_slots: Option<u32>,
    growth_rate: Option<u32>,
    coords: Option<Coords>,
    coords_approximate: bool,
    name: Option<S>,
    corrupted_by: Option<S>,
    elided: bool,
    line: u32,
}

impl std::fmt::Debug for WorldView {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.as_fields().fmt(f)
    }
}

impl Serialize for WorldView {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.as_fields().serialize(serializer)
    }
}

impl<'de> Deserialize<'de> for WorldView {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let f = WorldViewFields::<Vec<Connection>, OwnerView, String, Vec<Deaths>>::deserialize(
            deserializer,
        )?;
        let mut world = WorldView {
            id: f.id,
            start_world: f.start_world,
            bombed: f.bombed,
            black_hole: f.black_hole,
            coords_approximate: f.coords_approximate,
            elided: f.elided,
            line: f.line,
            counts: Counts::default(),
            notes: None,
            coords: f.coords,
            connections: f.connections,
            owner: f.owner,
            converts_owner: f.converts_owner,
        };
        world.set_vi_fire(f.vi_fire);
        world.set_vp_fire(f.vp_fire);
        world.set_deaths(f.deaths);
        world.set_name(f.name);
        world.set_corrupted_by(f.corrupted_by);
        for (count, value) in [
            (Count::Industries, f.industries),
            (Count::ActiveIndustries, f.active_industries),
            (Count::Vi, f.vi),
            (Count::Population, f.population),
            (Count::Converts, f.converts),
            (Count::Robots, f.robots),
            (Count::PopLimit, f.pop_limit),
            (Count::Vp, f.vp),
            (Count::Mp, f.mp),
            (Count::Mining, f.mining),
            (Count::Pc, f.pc),
            (Count::PillageCount, f.pillage_count),
            (Count::PillageRecovery, f.pillage_recovery),
            (Count::Pe, f.pe),
            (Count::Meva, f.meva),
            (Count::MevaSlots, f.meva_slots),
            (Count::GrowthRate, f.growth_rate),
        ] {
            world.set_count(count, value);
        }
        Ok(world)
    }
}

/// Where a fleet or a trace came from: `du M_124` or `du M_?`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Origin {
    World(WorldId),
    Unknown,
}

/// Cargo as the owner sees it (others see `[?]`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct CargoView {
    pub mp: u32,
    pub n: u32,
    pub c: u32,
    pub r: u32,
}

impl CargoView {
    pub fn total(&self) -> u32 {
        self.mp + self.n + self.c + self.r
    }
}

/// A fleet as one CR describes it.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct FleetView {
    pub id: FleetId,
    /// The world line it is listed under (`None` when it came before any world).
    pub world: Option<WorldId>,
    /// `F#`: carries the bomb.
    pub bomb: bool,
    /// `None` when the line shows no owner (`F_12 *M`).
    pub owner: Option<Name>,
    /// `("Ishar (Maxtor) ")`: the previous owner.
    pub previous_owner: Option<String>,
    /// Parenthesised owner block = at peace. `None` when no owner block.
    pub at_peace: Option<bool>,
    pub event: Option<FleetEvent>,
    /// Combat ships; `None` when hidden (`[?]=24?`).
    pub vc: Option<u32>,
    /// Transport ships; `None` when hidden.
    pub vt: Option<u32>,
    /// VC + VT; known even when the split is hidden.
    pub total: Option<u32>,
    /// `None` when hidden (`[?]`) or elided (`[...]`).
    pub cargo: Option<CargoView>,
    /// `du M_124`: arrived this turn from there.
    pub from: Option<Origin>,
    pub fire: Option<FireMark>,
    /// The 1-based CR line (0 when not from a CR).
    pub line: u32,
}

/// A trace `{F_57 "Maxtor" vers M_48}` or `{F_9 "X" du M_12 vers M_441}`.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct TraceView {
    pub fleet: FleetId,
    pub owner: Option<Name>,
    /// The world the trace was seen on.
    pub world: Option<WorldId>,
    /// `None` for a departure trace; `Some` for a crossing (`du M_12`, `du M_?`).
    pub from: Option<Origin>,
    pub to: WorldId,
    /// A trailing `**` (G-20): the fleet was ambushed here.
    pub ambushed: bool,
    pub line: u32,
}

/// Where a treasure was seen.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize,
)]
pub enum TreasureSite {
    World(WorldId),
    Fleet(FleetId),
    /// A treasure line before any world or fleet line.
    #[default]
    Unattached,
}

/// A treasure line `T_57 <La machine perdue>`.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct TreasureView {
    pub id: TreasureId,
    /// The text between `<` and `>`, verbatim.
    pub name: String,
    /// Recognised from the vocabulary; `None` for an unknown name.
    pub kind: Option<TreasureKind>,
    pub site: TreasureSite,
    pub line: u32,
}

/// A statistic of the "Statistiques" block (IV.4).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum StatKind {
    /// "Capacité minière" — spy category 1.
    MiningCapacity,
    /// "Populations" — 2.
    Populations,
    /// "Convertis" (no spy category).
    Converts,
    /// "Robots" (no spy category).
    Robots,
    /// "Cargaison transportée" — 3.
    Cargo,
    /// "Mondes" — 4.
    Worlds,
    /// "Flottes" — 5.
    Fleets,
    /// "Industries" — 6.
    Industries,
    /// "Industries actives" — 9.
    ActiveIndustries,
    /// "Vaisseaux" — 7.
    Ships,
    /// "Trésors" — 8.
    Treasures,
}

impl StatKind {
    /// The CR's display order (IV.4).
    pub const ALL: [StatKind; 11] = [
        StatKind::MiningCapacity,
        StatKind::Populations,
        StatKind::Converts,
        StatKind::Robots,
        StatKind::Cargo,
        StatKind::Worlds,
        StatKind::Fleets,
        StatKind::Industries,
        StatKind::ActiveIndustries,
        StatKind::Ships,
        StatKind::Treasures,
    ];

    /// The label of the CR line.
    pub fn label(self) -> &'static str {
        match self {
            StatKind::MiningCapacity => "Capacité minière",
            StatKind::Populations => "Populations",
            StatKind::Converts => "Convertis",
            StatKind::Robots => "Robots",
            StatKind::Cargo => "Cargaison transportée",
            StatKind::Worlds => "Mondes",
            StatKind::Fleets => "Flottes",
            StatKind::Industries => "Industries",
            StatKind::ActiveIndustries => "Industries actives",
            StatKind::Ships => "Vaisseaux",
            StatKind::Treasures => "Trésors",
        }
    }

    /// The spy category number of the order `M_m C x E y` (IV.4), if any.
    pub fn spy_category(self) -> Option<u8> {
        match self {
            StatKind::MiningCapacity => Some(1),
            StatKind::Populations => Some(2),
            StatKind::Cargo => Some(3),
            StatKind::Worlds => Some(4),
            StatKind::Fleets => Some(5),
            StatKind::Industries => Some(6),
            StatKind::Ships => Some(7),
            StatKind::Treasures => Some(8),
            StatKind::ActiveIndustries => Some(9),
            StatKind::Converts | StatKind::Robots => None,
        }
    }

    /// The statistic spied by category `y` of `M_m C x E y`.
    pub fn from_spy_category(category: u8) -> Option<StatKind> {
        StatKind::ALL
            .into_iter()
            .find(|k| k.spy_category() == Some(category))
    }
}

/// One entry of a spy ranking: `4:"TAPIMOKET":1299` or `1:1624` (unknown player).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SpyEntry {
    pub rank: u32,
    /// The player's name when the viewer knows him by name.
    pub name: Option<String>,
    pub value: u64,
}

/// A spy ranking replacing a statistic's value (IV.4):
/// `1:1624 4:"TAPIMOKET":1299 … M : 1051 [Erreur=10%]`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SpyReport {
    pub entries: Vec<SpyEntry>,
    /// `M : 1051` — the mean over all players.
    pub mean: u64,
    /// `[Erreur=10%]`.
    pub error_percent: u32,
}

/// One line of the statistics block.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum StatValue {
    /// The player's own value.
    Own(u64),
    /// A spy ranking (the own value is then not printed).
    Spied(SpyReport),
}

/// One technology line: `DEplacement : 4 (+4/10)`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TechLine {
    pub tech: Tech,
    pub level: u32,
    /// UP already invested toward the next level (0 for `(10)`).
    pub invested: u32,
    /// UP the next level costs; `None` at the maximum level.
    pub cost: Option<u32>,
}

/// The technology block (IV.3).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct TechView {
    /// In the CR's order.
    pub lines: Vec<TechLine>,
    /// "Votre CA est de : 50".
    pub catt: Option<u32>,
    /// "Votre CD est de : 100".
    pub cdef: Option<u32>,
}

impl TechView {
    pub fn line(&self, tech: Tech) -> Option<&TechLine> {
        self.lines.iter().find(|l| l.tech == tech)
    }
}

/// A standing declaration (VII.3), as the `Déclarations` section shows it (G-144).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum DeclarationKind {
    /// `A` ally.
    Ally,
    /// `C` MP loader.
    MpLoader,
    /// `CP` population loader.
    PopLoader,
    /// `DP` population unloader.
    PopUnloader,
    /// `PI` pillager.
    Pillager,
    /// `J` Jihad.
    Jihad,
}

impl DeclarationKind {
    pub const ALL: [DeclarationKind; 6] = [
        DeclarationKind::Ally,
        DeclarationKind::MpLoader,
        DeclarationKind::PopLoader,
        DeclarationKind::PopUnloader,
        DeclarationKind::Pillager,
        DeclarationKind::Jihad,
    ];

    /// The order keyword (`A`, `C`, `CP`, `DP`, `PI`, `J`).
    pub fn keyword(self) -> &'static str {
        match self {
            DeclarationKind::Ally => "A",
            DeclarationKind::MpLoader => "C",
            DeclarationKind::PopLoader => "CP",
            DeclarationKind::PopUnloader => "DP",
            DeclarationKind::Pillager => "PI",
            DeclarationKind::Jihad => "J",
        }
    }

    pub fn from_keyword(word: &str) -> Option<DeclarationKind> {
        DeclarationKind::ALL
            .into_iter()
            .find(|k| k.keyword().eq_ignore_ascii_case(word))
    }
}

/// One standing declaration: who, what, and (for a Jihad) since which turn.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DeclarationView {
    pub kind: DeclarationKind,
    pub player: PlayerRef,
    /// The turn it was made (shown for the Jihad, for the 5-turn rule G-13).
    pub turn: Option<u32>,
}

/// The `Déclarations` section (G-144): what I declared, and what others declared
/// about me.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct DeclarationsView {
    pub made: Vec<DeclarationView>,
    pub received: Vec<DeclarationView>,
}

/// One turn as one player knows it: the facts of one CR, completed by its NBT.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct TurnView {
    /// Game name (header).
    pub game: Option<String>,
    pub turn: Option<u32>,
    /// True when `turn` is a stand-in: the CR did not tell its turn and nothing
    /// beside it did (see [`crate::report::infer`]). What only the turn number
    /// decides is then left unchecked.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub turn_assumed: bool,
    /// The player this CR is for.
    pub player: Option<PlayerRef>,
    pub class: Option<Class>,
    /// Total score (`Points : 1234`).
    pub score: Option<i64>,
    /// Points gained during the last turn (`(+56)`).
    pub score_delta: Option<i64>,
    /// Torus size (NBT).
    pub galaxy_size: Option<(u32, u32)>,
    pub worlds: Vec<WorldView>,
    pub fleets: Vec<FleetView>,
    pub traces: Vec<TraceView>,
    pub treasures: Vec<TreasureView>,
    /// The statistics block, in the order read.
    pub statistics: BTreeMap<StatKind, StatValue>,
    pub tech: Option<TechView>,
    /// "Vous connaissez de nom".
    pub known_players: Vec<PlayerRef>,
    /// The ATT and DEF levels of known players, as the player's ALI shows them
    /// (`Niveaux connus :`, IV.3.6): only the players with a level shown.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub known_levels: Vec<KnownLevels>,
    pub declarations: Option<DeclarationsView>,
    /// The orders this player sent for the previous turn, whose results this CR
    /// reports (from the NBT), verbatim.
    pub orders_sent: Option<String>,
    /// The final ranking, printed on the CR of the last turn.
    pub ranking: Vec<RankingEntry>,
}

/// What a player's ALI shows of another player's technologies (IV.3.6): his DEF
/// level from ALI 2, his ATT level from ALI 3 (`None`: not shown).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct KnownLevels {
    pub player: PlayerRef,
    pub attack: Option<u32>,
    pub defense: Option<u32>,
}

/// One line of the final ranking (`1. "Maxtor":5 3456`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RankingEntry {
    pub rank: u32,
    pub player: PlayerRef,
    pub score: i64,
}

impl TurnView {
    pub fn world(&self, id: WorldId) -> Option<&WorldView> {
        self.worlds.iter().find(|w| w.id == id)
    }

    pub fn fleet(&self, id: FleetId) -> Option<&FleetView> {
        self.fleets.iter().find(|f| f.id == id)
    }

    /// The ATT and DEF levels this view shows of the player named `name`.
    pub fn levels_of(&self, name: &str) -> Option<&KnownLevels> {
        self.known_levels.iter().find(|l| l.player.name == name)
    }

    /// The number of a player known by name (case-sensitive, names are verbatim).
    pub fn player_number(&self, name: &str) -> Option<u32> {
        if let Some(me) = &self.player
            && me.name == name
        {
            return me.number;
        }
        self.known_players
            .iter()
            .find(|p| p.name == name)
            .and_then(|p| p.number)
    }
}

#[cfg(test)]
mod names_tests {
    use std::sync::Arc;

    use super::{Names, same_text};

    #[test]
    fn texts_are_the_same_as_equal_strings_say() {
        let texts = [
            "",
            "a",
            "b",
            "ab",
            "aé",
            "abc",
            "abd",
            "Zarkan",
            "Vellia",
            "Zarkam",
            "Old Tom 2",
            "Old Tom 3",
            "Pld Tom 2",
            "K'tharr",
            "K'tharr!",
            "éléphant",
            "éléphanT",
            "quinze lettres.",
            "quinze lettreS.",
            "seize lettres ..",
            "Seize lettres ..",
            "dix-sept lettres.",
            "dix-sept lettres!",
            "un nom bien plus long que seize",
            "un nom bien plus long que seizE",
        ];
        for a in texts {
            for b in texts {
                assert_eq!(same_text(a, b), a == b, "{a:?} {b:?}");
            }
            // Each byte changed in turn.
            for at in 0..a.len() {
                let mut other = a.as_bytes().to_vec();
                if let Some(byte) = other.get_mut(at) {
                    *byte ^= 1;
                }
                if let Ok(other) = std::str::from_utf8(&other) {
                    assert!(!same_text(a, other), "{a:?} {other:?}");
                }
            }
        }
    }

    #[test]
    fn a_name_is_shared_and_the_set_stays_small() {
        let mut names = Names::default();
        let a = names.get("Maxtor");
        let b = names.get("Maxtor");
        assert!(Arc::ptr_eq(&a, &b));
        for k in 0..Names::KEPT + 10 {
            assert_eq!(&*names.get(&format!("P{k}")), format!("P{k}"));
        }
        assert_eq!(names.set.len(), Names::KEPT);
        assert!(Arc::ptr_eq(&a, &names.get("Maxtor")));
    }
}
