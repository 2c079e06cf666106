//! The player's knowledge over several turns: every turn's [`TurnView`] merged
//! into one base where each fact remembers the turn it was last seen.
//!
//! Merging rules (they make the result independent of the order turns are
//! loaded in):
//! - a known value seen at turn *t* replaces the value held only when that value
//!   was seen at a turn ≤ *t* — an older turn loaded after a newer one never
//!   overwrites the newer facts;
//! - unknown (`None`) never erases anything: a newer turn that does not tell a
//!   fact leaves the older value, with its older turn, so its age shows;
//! - coordinates never change in a game: an exact position is preferred to a
//!   radar-3 neighbour's position whatever their turns;
//! - loading a turn again replaces that turn (the base is rebuilt from the views);
//! - an ally's report ([`Knowledge::add_ally`]) merges by the same rules, each fact
//!   keeping its [`Source`]: the newest turn wins, and on the same turn the
//!   player's own report wins over an ally's. What only concerns the player (score,
//!   statistics, technologies, declarations, players known by name, class) comes
//!   from his own reports only.
//!
//! Worlds that only appeared as numbers in connection lists are known to exist,
//! with the world whose connections revealed them ([`WorldKnowledge::revealed_by`]).
//! Fleets keep their last known position. Traces and treasure sightings are kept
//! with their turn; statistics, technologies and score form time series per turn.
//!
//! Pure data: no I/O, no clock. The views are kept ([`Knowledge::view_at`]).

use std::borrow::Cow;
use std::collections::BTreeMap;
use std::sync::Arc;

use serde::{Deserialize, Serialize};

use crate::diagnostic::{Diagnostic, Span};

use super::galaxy::Coords;
use super::ids::{FleetId, TreasureId, WorldId};
use super::player::Class;
use super::tech::Tech;
use super::treasure::TreasureKind;
use super::view::{
    COUNTS, CargoView, Connection, Count, DeclarationsView, FleetView, Name, OwnerView, PlayerRef,
    RankingEntry, StatKind, StatValue, TechView, TraceView, TreasureSite, TreasureView, TurnView,
    WorldView,
};

/// Whose report a fact comes from: the player's own ([`Source::OWN`]) or an
/// ally's (see [`Knowledge::source_name`]).
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize,
)]
pub struct Source(pub u8);

impl Source {
    /// The player's own reports.
    pub const OWN: Source = Source(0);

    pub fn is_own(self) -> bool {
        self == Source::OWN
    }

    fn is_own_ref(source: &Source) -> bool {
        source.is_own()
    }
}

/// A fact, the turn it was last seen and whose report told it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Seen<T> {
    pub value: T,
    pub turn: u32,
    #[serde(default, skip_serializing_if = "Source::is_own_ref")]
    pub source: Source,
}

impl<T> Seen<T> {
    /// A fact of the player's own report.
    pub fn new(value: T, turn: u32) -> Self {
        Seen {
            value,
            turn,
            source: Source::OWN,
        }
    }

    /// A fact seen at `at`.
    pub fn at(value: T, at: At) -> Self {
        Seen {
            value,
            turn: at.turn,
            source: at.source,
        }
    }
}

/// When and by whom a fact was seen, as merged.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct At {
    pub turn: u32,
    pub source: Source,
}

impl At {
    /// Whether a fact seen at `self` replaces one held from `held`: a newer turn
    /// does; on the same turn, the player's own report does, and an ally's
    /// replaces an ally's (the last loaded), never the player's own.
    fn replaces(self, held_turn: u32, held_source: Source) -> bool {
        held_turn < self.turn
            || (held_turn == self.turn && (self.source.is_own() || !held_source.is_own()))
    }
}

/// Records `value` seen at `at` into `slot` unless `slot` holds a newer fact (or,
/// on the same turn, the player's own where `at` is an ally's).
fn merge<T: Clone>(slot: &mut Option<Seen<T>>, value: Option<&T>, at: At) {
    let Some(value) = value else { return };
    if slot
        .as_ref()
        .is_none_or(|held| at.replaces(held.turn, held.source))
    {
        *slot = Some(Seen::at(value.clone(), at));
    }
}

/// Records what a report's line tells of a fleet into what is known of it.
fn merge_fleet(k: &mut FleetKnowledge, fleet: &FleetView, at: At) {
    let turn = at.turn;
    if k.last_seen == 0 || at.replaces(k.last_seen, k.seen_by) {
        k.seen_by = at.source;
    }
    k.last_seen = k.last_seen.max(turn);
    if at.source.is_own() {
        k.own_seen = Some(k.own_seen.map_or(turn, |t| t.max(turn)));
    }
    merge(&mut k.world, fleet.world.as_ref(), at);
    merge(&mut k.owner, fleet.owner.as_ref(), at);
    merge(&mut k.at_peace, fleet.at_peace.as_ref(), at);
    merge_known(&mut k.bomb, &fleet.bomb, at);
    merge(&mut k.vc, fleet.vc.as_ref(), at);
    merge(&mut k.vt, fleet.vt.as_ref(), at);
    merge(&mut k.total, fleet.total.as_ref(), at);
    merge(&mut k.cargo, fleet.cargo.as_ref(), at);
}

/// Same as [`merge`] for a value known for sure (not an `Option`).
fn merge_known<T: Clone>(slot: &mut Option<Seen<T>>, value: &T, at: At) {
    merge(slot, Some(value), at);
}

/// A world's counted items ([`Count`]) as last seen, each with the turn and the
/// report that told it: one bit per item saying it was seen, beside a plain
/// array of values. When every item known was seen on one turn in one report
/// (a world described once, or on the turn it was last described: nearly every
/// world) that turn and report are held once; only a world whose items were
/// seen on different turns or reports keeps a turn and a report per item, boxed
/// (88 bytes for the 17 items, against 157 with both arrays always, 272 as an
/// `Option<Seen<u32>>` each). Serialized as the four arrays either way.
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
#[serde(from = "SeenCountsForm", into = "SeenCountsForm")]
pub struct SeenCounts {
    known: u32,
    values: [u32; COUNTS],
    /// The turn and report of every item known, unless `mixed`.
    turn: u32,
    source: Source,
    /// Each item's turn and report, when they differ.
    mixed: Option<Box<MixedSeen>>,
}

/// The turn and report of each item of a [`SeenCounts`].
#[derive(Clone, Debug, PartialEq, Eq)]
struct MixedSeen {
    turns: [u32; COUNTS],
    sources: [u8; COUNTS],
}

/// The serialized form of [`SeenCounts`]: the known items' bits, values, turns
/// and reports (0 for an item not known).
#[derive(Clone, Serialize, Deserialize)]
#[serde(rename = "SeenCounts")]
struct SeenCountsForm {
    known: u32,
    values: [u32; COUNTS],
    turns: [u32; COUNTS],
    sources: [u8; COUNTS],
}

impl From<SeenCounts> for SeenCountsForm {
    fn from(counts: SeenCounts) -> Self {
        let mut form = SeenCountsForm {
            known: counts.known,
            values: counts.values,
            turns: [0; COUNTS],
            sources: [0; COUNTS],
        };
        for i in 0..COUNTS {
            if counts.known & (1 << i) != 0 {
                let (turn, source) = counts.at(i);
                form.turns[i] = turn;
                form.sources[i] = source.0;
            }
        }
        form
    }
}

impl From<SeenCountsForm> for SeenCounts {
    fn from(form: SeenCountsForm) -> Self {
        let mut counts = SeenCounts::default();
        for i in 0..COUNTS {
            if form.known & (1 << i) != 0 {
                counts.values[i] = form.values[i];
                counts.set_at(
                    i,
                    At {
                        turn: form.turns[i],
                        source: Source(form.sources[i]),
                    },
                );
                counts.known |= 1 << i;
            }
        }
        counts
    }
}

/// Equal when the same items are known with the same values, turns and reports
/// (however their turns are held).
impl PartialEq for SeenCounts {
    fn eq(&self, other: &Self) -> bool {
        self.known == other.known
            && (0..COUNTS).all(|i| {
                self.known & (1 << i) == 0
                    || (self.values[i] == other.values[i] && self.at(i) == other.at(i))
            })
    }
}

impl Eq for SeenCounts {}

impl SeenCounts {
    /// The item as last seen.
    pub fn get(&self, count: Count) -> Option<Seen<u32>> {
        let i = count as usize;
        (self.known & (1 << i) != 0).then(|| {
            let (turn, source) = self.at(i);
            Seen {
                value: self.values[i],
                turn,
                source,
            }
        })
    }

    /// The turn and report of item `i` (meaningful when it is known).
    fn at(&self, i: usize) -> (u32, Source) {
        match &self.mixed {
            Some(mixed) => (mixed.turns[i], Source(mixed.sources[i])),
            None => (self.turn, self.source),
        }
    }

    /// Records that item `i` (known, or about to be) was seen at `at`.
    fn set_at(&mut self, i: usize, at: At) {
        let others = self.known & !(1 << i);
        match &mut self.mixed {
            None if others == 0 || (self.turn, self.source) == (at.turn, at.source) => {
                self.turn = at.turn;
                self.source = at.source;
            }
            None => {
                let mut mixed = MixedSeen {
                    turns: [self.turn; COUNTS],
                    sources: [self.source.0; COUNTS],
                };
                mixed.turns[i] = at.turn;
                mixed.sources[i] = at.source.0;
                self.mixed = Some(Box::new(mixed));
            }
            Some(mixed) => {
                mixed.turns[i] = at.turn;
                mixed.sources[i] = at.source.0;
                // Back to one turn for all when the items agree again.
                let same = (0..COUNTS)
                    .filter(|&k| others & (1 << k) != 0)
                    .all(|k| mixed.turns[k] == at.turn && mixed.sources[k] == at.source.0);
                if same {
                    self.mixed = None;
                    self.turn = at.turn;
                    self.source = at.source;
                }
            }
        }
    }

    /// As [`merge`]: records `value` seen at `at` unless a newer fact is held.
    fn merge(&mut self, count: Count, value: Option<u32>, at: At) {
        let Some(value) = value else { return };
        let i = count as usize;
        if self.known & (1 << i) != 0 {
            let (turn, source) = self.at(i);
            if !at.replaces(turn, source) {
                return;
            }
        }
        self.values[i] = value;
        self.set_at(i, at);
        self.known |= 1 << i;
    }
}

/// The accessors of a world's counted items as last seen.
macro_rules! seen_count_accessors {
    ($($count:ident $get:ident;)*) => {
        impl WorldKnowledge {
            $(
                #[doc = concat!("[`WorldView::", stringify!($get), "`] as last seen.")]
                pub fn $get(&self) -> Option<Seen<u32>> {
                    self.counts.get(Count::$count)
                }
            )*
        }
    };
}

seen_count_accessors! {
    Industries industries;
    ActiveIndustries active_industries;
    Vi vi;
    Population population;
    Converts converts;
    Robots robots;
    PopLimit pop_limit;
    Vp vp;
    Mp mp;
    Mining mining;
    Pc pc;
    PillageCount pillage_count;
    PillageRecovery pillage_recovery;
    Pe pe;
    Meva meva;
    MevaSlots meva_slots;
    GrowthRate growth_rate;
}

/// A world's position and whether it is exact (owned or seen worlds) or a radar-3
/// neighbour's position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Position {
    pub coords: Coords,
    pub exact: bool,
}

/// Everything known about one world, each fact with the turn it was last seen.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct WorldKnowledge {
    pub id: WorldId,
    /// The last turn a CR described the world (gave it a line of its own).
    pub last_described: Option<u32>,
    /// The first turn a CR described it.
    pub first_described: Option<u32>,
    /// The last turn the player's own CR described it (`None` with
    /// `last_described` set: only an ally's report did).
    pub own_described: Option<u32>,
    /// Whose report described it at `last_described` (the player's own when
    /// both did).
    #[serde(default, skip_serializing_if = "Source::is_own_ref")]
    pub described_by: Source,
    /// The turn the player localised it (G-63): its first own line, or for a black
    /// hole also its first `@` in a connection list.
    pub localised: Option<u32>,
    /// The world whose connection list named this one, most recently (on one turn,
    /// the lowest such world).
    pub revealed_by: Option<Seen<WorldId>>,
    pub start_world: Option<Seen<bool>>,
    pub bombed: Option<Seen<bool>>,
    pub black_hole: Option<Seen<bool>>,
    pub connections: Option<Seen<Vec<Connection>>>,
    /// `Some` with `name: None` = neutral.
    pub owner: Option<Seen<OwnerView>>,
    /// Industries, VI, populations, VP, MP… as last seen (read through the
    /// accessors: `industries()`…).
    pub counts: SeenCounts,
    pub position: Option<Seen<Position>>,
    /// The converts' owner, name and corrupter, as last seen: what few worlds
    /// show, apart (read through the accessors: `converts_owner()`…).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub notes: Option<Box<SeenNotes>>,
}

/// What few worlds show, kept apart from [`WorldKnowledge`] (one pointer for a
/// world without any).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeenNotes {
    pub converts_owner: Option<Seen<String>>,
    pub name: Option<Seen<String>>,
    pub corrupted_by: Option<Seen<String>>,
}

/// The notes of a world that shows none.
static NO_NOTES: SeenNotes = SeenNotes {
    converts_owner: None,
    name: None,
    corrupted_by: None,
};

/// Records `value` seen at `at` into the note `slot` picks, making the notes
/// only when there is a value.
fn merge_note(
    notes: &mut Option<Box<SeenNotes>>,
    slot: fn(&mut SeenNotes) -> &mut Option<Seen<String>>,
    value: Option<&str>,
    at: At,
) {
    let Some(value) = value else { return };
    let notes = notes.get_or_insert_with(Box::default);
    let slot = slot(notes);
    if slot
        .as_ref()
        .is_none_or(|held| at.replaces(held.turn, held.source))
    {
        *slot = Some(Seen::at(value.to_string(), at));
    }
}

impl WorldKnowledge {
    fn notes(&self) -> &SeenNotes {
        self.notes.as_deref().unwrap_or(&NO_NOTES)
    }

    /// The missionary owning the converts, as last seen.
    pub fn converts_owner(&self) -> &Option<Seen<String>> {
        &self.notes().converts_owner
    }

    /// The name its owner gave it, as last seen.
    pub fn name(&self) -> &Option<Seen<String>> {
        &self.notes().name
    }

    /// The player corrupting it, as last seen.
    pub fn corrupted_by(&self) -> &Option<Seen<String>> {
        &self.notes().corrupted_by
    }

    /// The last turn anything was learnt about the world (described, positioned,
    /// or named in a connection list).
    pub fn last_seen(&self) -> Option<u32> {
        [
            self.last_described,
            self.revealed_by.as_ref().map(|s| s.turn),
            self.position.as_ref().map(|s| s.turn),
        ]
        .into_iter()
        .flatten()
        .max()
    }

    /// Known only from connection lists or coordinates: never described.
    pub fn is_only_named(&self) -> bool {
        self.last_described.is_none()
    }

    /// Described by an ally's report only, never by the player's own.
    pub fn only_ally_saw(&self) -> bool {
        self.last_described.is_some() && self.own_described.is_none()
    }

    pub fn coords(&self) -> Option<Coords> {
        self.position.as_ref().map(|p| p.value.coords)
    }

    /// The owner's name; `Some(None)` = neutral, `None` = unknown.
    pub fn owner_name(&self) -> Option<Option<&str>> {
        self.owner.as_ref().map(|o| o.value.name.as_deref())
    }
}

/// True when a world view is a description (a line of the CR), not only a position
/// from the NBT.
fn is_description(world: &WorldView) -> bool {
    world.line != 0 || world.connections.is_some() || world.owner.is_some() || world.black_hole
}

/// Applies ruling G-63 (see the ruling list).
fn localise(world: &mut WorldKnowledge, turn: u32) {
    // An ally's description localises the world too: its report tells where it is.
    world.localised = Some(world.localised.map_or(turn, |t| t.min(turn)));
}

/// Everything known about one fleet.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct FleetKnowledge {
    pub id: FleetId,
    /// The last turn a CR listed the fleet.
    pub last_seen: u32,
    /// Whose report listed it at `last_seen` (the player's own when both did).
    #[serde(default, skip_serializing_if = "Source::is_own_ref")]
    pub seen_by: Source,
    /// The last turn the player's own CR listed it.
    pub own_seen: Option<u32>,
    /// Its last known position (the world it was listed under).
    pub world: Option<Seen<WorldId>>,
    pub owner: Option<Seen<Name>>,
    pub at_peace: Option<Seen<bool>>,
    pub bomb: Option<Seen<bool>>,
    pub vc: Option<Seen<u32>>,
    pub vt: Option<Seen<u32>>,
    pub total: Option<Seen<u32>>,
    pub cargo: Option<Seen<CargoView>>,
}

/// A treasure and where it was seen.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TreasureKnowledge {
    pub id: TreasureId,
    pub name: String,
    pub kind: Option<TreasureKind>,
    /// Every sighting, by turn (one per turn: the last line of that turn).
    pub sightings: BTreeMap<u32, TreasureSite>,
}

impl TreasureKnowledge {
    /// The latest sighting.
    pub fn last_seen(&self) -> Option<Seen<TreasureSite>> {
        self.sightings
            .iter()
            .next_back()
            .map(|(turn, site)| Seen::new(*site, *turn))
    }
}

/// A player known by name ("Vous connaissez de nom").
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct KnownPlayer {
    /// The last turn his name was listed.
    pub last_named: u32,
    /// His number, when a CR or NBT told it.
    pub number: Option<Seen<u32>>,
}

/// Another player's ATT and DEF levels as the reports show them: the player's own
/// ALI (IV.3.6, `Niveaux connus`, G-168), an ally's, or an ally's own technology
/// block; each with the turn and report that told it.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayerLevels {
    pub attack: Option<Seen<u32>>,
    pub defense: Option<Seen<u32>>,
}

/// What one turn said about the player himself: the time series.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct TurnFacts {
    pub score: Option<i64>,
    pub score_delta: Option<i64>,
    pub statistics: BTreeMap<StatKind, StatValue>,
    pub tech: Option<TechView>,
    pub declarations: Option<DeclarationsView>,
    pub orders_sent: Option<String>,
    pub ranking: Vec<RankingEntry>,
    /// Number of worlds and fleets the CR described.
    pub worlds_described: usize,
    pub fleets_listed: usize,
}

/// The player's knowledge over all the turns loaded.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Knowledge {
    pub game: Option<String>,
    /// The player, with his number when any turn told it.
    pub player: Option<PlayerRef>,
    pub class: Option<Seen<Class>>,
    pub galaxy_size: Option<Seen<(u32, u32)>>,
    /// Players known by name, by name.
    pub known_players: BTreeMap<String, KnownPlayer>,
    /// Other players' ATT and DEF levels, by name ([`Knowledge::levels_of`]).
    #[serde(default)]
    levels: BTreeMap<String, PlayerLevels>,
    /// By number, without two of one number: a plain list, each report's
    /// new worlds joined in one pass ([`Knowledge::add_worlds_of`]); no box
    /// and no map node per world (317 → 296 bytes each). Serialized as a map
    /// by number.
    #[serde(with = "worlds_by_number")]
    worlds: Vec<WorldKnowledge>,
    /// By number, without two of one number: a plain list (a map filled one
    /// fleet at a time left its nodes half full, 35 MB for 114,894 fleets, and
    /// that much memory held after), serialized as a map by number. A fleet
    /// seen on one line of one report is that line ([`FleetSlot`]).
    #[serde(with = "fleets_by_number")]
    fleets: Vec<FleetSlot>,
    traces: Vec<Seen<TraceView>>,
    treasures: BTreeMap<TreasureId, TreasureKnowledge>,
    facts: BTreeMap<u32, TurnFacts>,
    /// Shared with whoever loaded them (the app's session keeps the same
    /// views): one copy of a big turn's worlds, not two.
    views: BTreeMap<u32, Arc<TurnView>>,
    /// The allies whose reports were added, by name: ally `n` is `Source(n + 1)`.
    allies: Vec<String>,
    /// The allies' views, by turn and source.
    ally_views: BTreeMap<(u32, Source), Arc<TurnView>>,
}

/// One turn of a world's history, as one report described it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WorldTurn {
    pub turn: u32,
    /// Whose report (the player's own first on the same turn).
    pub source: Source,
    /// `Some(None)`: neutral; `None`: not told.
    pub owner: Option<Option<String>>,
    pub population: Option<u32>,
    pub industries: Option<u32>,
    pub mp: Option<u32>,
    /// The fleets the report listed there.
    pub fleets: Vec<FleetId>,
}

/// One turn of a fleet's history.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FleetTurn {
    pub turn: u32,
    pub source: Source,
    pub world: Option<WorldId>,
    pub owner: Option<String>,
    pub ships: Option<u32>,
}

/// At most this many allies' reports are merged (sources are one byte).
pub const MAX_ALLIES: usize = 200;

impl Knowledge {
    pub fn new() -> Self {
        Knowledge::default()
    }

    /// Builds the knowledge of several turns, in any order. Returns the diagnostics
    /// of [`Knowledge::add`] for the views it refused.
    pub fn from_views<V: Into<Arc<TurnView>>>(
        views: impl IntoIterator<Item = V>,
    ) -> (Self, Vec<Diagnostic>) {
        let mut knowledge = Knowledge::new();
        let mut diagnostics = Vec::new();
        for view in views {
            diagnostics.extend(knowledge.add(view));
        }
        (knowledge, diagnostics)
    }

    /// The turn of a view of this game; refused without a turn number
    /// (`knowledge-no-turn`) or for another game (`knowledge-other-game`).
    fn turn_of_this_game(&self, view: &TurnView) -> Result<u32, Diagnostic> {
        let span = Span::new(1, 1, 1);
        let Some(turn) = view.turn else {
            return Err(Diagnostic::error("knowledge-no-turn", span));
        };
        if let (Some(ours), Some(theirs)) = (&self.game, &view.game)
            && ours != theirs
        {
            return Err(Diagnostic::error("knowledge-other-game", span)
                .arg("game", theirs)
                .arg("expected", ours)
                .arg("turn", turn));
        }
        Ok(turn)
    }

    /// Adds one turn. Refused (an error diagnostic, nothing changed) when the view
    /// has no turn number (`knowledge-no-turn`), belongs to another player
    /// (`knowledge-other-player`) or another game (`knowledge-other-game`). A turn
    /// already loaded is replaced.
    pub fn add(&mut self, view: impl Into<Arc<TurnView>>) -> Vec<Diagnostic> {
        let view: Arc<TurnView> = view.into();
        let span = Span::new(1, 1, 1);
        let turn = match self.turn_of_this_game(&view) {
            Ok(turn) => turn,
            Err(refused) => return vec![refused],
        };
        if let (Some(me), Some(other)) = (&self.player, &view.player) {
            let other_name = me.name != other.name;
            let other_number = matches!((me.number, other.number), (Some(a), Some(b)) if a != b);
            if other_name || other_number {
                return vec![
                    Diagnostic::error("knowledge-other-player", span)
                        .arg("player", &other.name)
                        .arg("expected", &me.name)
                        .arg("turn", turn),
                ];
            }
        }
        if self.views.contains_key(&turn) || !self.ally_views.is_empty() {
            // The player's own turn may win over an ally's fact of the same
            // turn merged before: the base is rebuilt.
            self.views.insert(turn, view);
            self.rebuild();
        } else {
            self.merge_view(
                At {
                    turn,
                    source: Source::OWN,
                },
                &view,
            );
            self.views.insert(turn, view);
        }
        Vec::new()
    }

    /// Adds an ally's report of one turn: his worlds, fleets, connections,
    /// positions and traces join the player's knowledge, each fact with its
    /// [`Source`] (newest turn wins; same turn, the player's own wins). Refused
    /// (an error diagnostic, nothing changed) without a turn number
    /// (`knowledge-no-turn`), without a player (`knowledge-ally-no-player`), for
    /// another game (`knowledge-other-game`), for the player's own report
    /// (`knowledge-ally-is-self`: add it as his own) or past [`MAX_ALLIES`]
    /// allies. The same ally's turn loaded again replaces it.
    pub fn add_ally(&mut self, view: impl Into<Arc<TurnView>>) -> Vec<Diagnostic> {
        let view: Arc<TurnView> = view.into();
        let span = Span::new(1, 1, 1);
        let turn = match self.turn_of_this_game(&view) {
            Ok(turn) => turn,
            Err(refused) => return vec![refused],
        };
        let Some(ally) = view.player.as_ref().map(|p| p.name.clone()) else {
            return vec![Diagnostic::error("knowledge-ally-no-player", span).arg("turn", turn)];
        };
        if self.player.as_ref().is_some_and(|me| me.name == ally) {
            return vec![Diagnostic::error("knowledge-ally-is-self", span).arg("player", &ally)];
        }
        let source = match self.allies.iter().position(|a| *a == ally) {
            Some(index) => Source(index as u8 + 1),
            None if self.allies.len() < MAX_ALLIES => {
                self.allies.push(ally);
                Source(self.allies.len() as u8)
            }
            None => {
                return vec![
                    Diagnostic::error("knowledge-too-many-allies", span)
                        .arg("max", MAX_ALLIES as u64),
                ];
            }
        };
        if self.game.is_none() {
            self.game.clone_from(&view.game);
        }
        let replaced = self.ally_views.insert((turn, source), view).is_some();
        if replaced {
            self.rebuild();
        } else if let Some(view) = self.ally_views.get(&(turn, source)).cloned() {
            self.merge_view(At { turn, source }, &view);
        }
        Vec::new()
    }

    /// Each ally's newest report of turn `turn` or before, with his name, in the
    /// order the allies were added.
    pub fn ally_views_up_to(&self, turn: u32) -> Vec<(&str, &TurnView)> {
        let mut newest: BTreeMap<Source, (u32, &TurnView)> = BTreeMap::new();
        for ((seen, source), view) in &self.ally_views {
            if *seen <= turn {
                newest.insert(*source, (*seen, &**view));
            }
        }
        newest
            .into_iter()
            .filter_map(|(source, (_, view))| Some((self.source_name(source)?, view)))
            .collect()
    }

    /// Every view loaded, the player's and his allies', by turn (the player's
    /// own first on the same turn).
    fn all_views(&self) -> Vec<(At, &TurnView)> {
        let mut all: Vec<(At, &TurnView)> = self
            .views
            .iter()
            .map(|(turn, view)| {
                (
                    At {
                        turn: *turn,
                        source: Source::OWN,
                    },
                    &**view,
                )
            })
            .chain(self.ally_views.iter().map(|((turn, source), view)| {
                (
                    At {
                        turn: *turn,
                        source: *source,
                    },
                    &**view,
                )
            }))
            .collect();
        all.sort_by_key(|(at, _)| (at.turn, at.source));
        all
    }

    /// World `id`'s history: each report that described it, turn by turn.
    pub fn world_timeline(&self, id: WorldId) -> Vec<WorldTurn> {
        self.all_views()
            .into_iter()
            .filter_map(|(at, view)| {
                let world = view.world(id).filter(|w| is_description(w))?;
                Some(WorldTurn {
                    turn: at.turn,
                    source: at.source,
                    owner: world
                        .owner
                        .as_ref()
                        .map(|o| o.name.as_deref().map(str::to_string)),
                    population: world.population(),
                    industries: world.industries(),
                    mp: world.mp(),
                    fleets: view
                        .fleets
                        .iter()
                        .filter(|f| f.world == Some(id))
                        .map(|f| f.id)
                        .collect(),
                })
            })
            .collect()
    }

    /// Fleet `id`'s history: each report that listed it, turn by turn.
    pub fn fleet_timeline(&self, id: FleetId) -> Vec<FleetTurn> {
        self.all_views()
            .into_iter()
            .filter_map(|(at, view)| {
                let fleet = view.fleet(id)?;
                Some(FleetTurn {
                    turn: at.turn,
                    source: at.source,
                    world: fleet.world,
                    owner: fleet.owner.as_deref().map(str::to_string),
                    ships: fleet.total,
                })
            })
            .collect()
    }

    /// The name of the ally whose report is `source`; `None` for the player's own.
    pub fn source_name(&self, source: Source) -> Option<&str> {
        let index = usize::from(source.0).checked_sub(1)?;
        self.allies.get(index).map(String::as_str)
    }

    /// The allies whose reports were added, in the order of their sources.
    pub fn allies(&self) -> &[String] {
        &self.allies
    }

    /// The allies' turns loaded: (turn, source).
    pub fn ally_turns(&self) -> Vec<(u32, Source)> {
        self.ally_views.keys().copied().collect()
    }

    /// Removes an ally's turn; `true` when it was loaded.
    pub fn remove_ally(&mut self, turn: u32, source: Source) -> bool {
        let removed = self.ally_views.remove(&(turn, source)).is_some();
        if removed {
            self.rebuild();
        }
        removed
    }

    /// Removes a turn; `true` when it was loaded.
    pub fn remove(&mut self, turn: u32) -> bool {
        let removed = self.views.remove(&turn).is_some();
        if removed {
            self.rebuild();
        }
        removed
    }

    fn rebuild(&mut self) {
        let views = std::mem::take(&mut self.views);
        let ally_views = std::mem::take(&mut self.ally_views);
        let allies = std::mem::take(&mut self.allies);
        let game = self.game.take();
        *self = Knowledge::default();
        for (turn, view) in &views {
            self.merge_view(
                At {
                    turn: *turn,
                    source: Source::OWN,
                },
                view,
            );
        }
        if self.game.is_none() {
            self.game = game;
        }
        for ((turn, source), view) in &ally_views {
            self.merge_view(
                At {
                    turn: *turn,
                    source: *source,
                },
                view,
            );
        }
        self.views = views;
        self.ally_views = ally_views;
        self.allies = allies;
    }

    fn merge_view(&mut self, at: At, view: &Arc<TurnView>) {
        let turn = at.turn;
        let own = at.source.is_own();
        if self.game.is_none() {
            self.game.clone_from(&view.game);
        }
        if !own {
            self.merge_ally_view(at, view);
            return;
        }
        if let Some(player) = &view.player {
            match &mut self.player {
                None => self.player = Some(player.clone()),
                Some(me) => {
                    if me.number.is_none() {
                        me.number = player.number;
                    }
                }
            }
        }
        merge(&mut self.class, view.class.as_ref(), at);
        merge(&mut self.galaxy_size, view.galaxy_size.as_ref(), at);
        for known in &view.known_players {
            let slot = self
                .known_players
                .entry(known.name.clone())
                .or_insert(KnownPlayer {
                    last_named: turn,
                    number: None,
                });
            slot.last_named = slot.last_named.max(turn);
            merge(&mut slot.number, known.number.as_ref(), at);
        }
        self.merge_levels(at, view);
        self.merge_shared(at, view);
        self.facts.insert(
            turn,
            TurnFacts {
                score: view.score,
                score_delta: view.score_delta,
                statistics: view.statistics.clone(),
                tech: view.tech.clone(),
                declarations: view.declarations.clone(),
                orders_sent: view.orders_sent.clone(),
                ranking: view.ranking.clone(),
                worlds_described: view.worlds.iter().filter(|w| is_description(w)).count(),
                fleets_listed: view.fleets.len(),
            },
        );
    }

    /// What an ally's report adds: the galaxy's size, what he saw of worlds,
    /// fleets, traces and treasures — nothing of his own score, technologies or
    /// declarations.
    fn merge_ally_view(&mut self, at: At, view: &Arc<TurnView>) {
        merge(&mut self.galaxy_size, view.galaxy_size.as_ref(), at);
        self.merge_levels(at, view);
        // The ally's own levels, from his technology block.
        if let (Some(ally), Some(tech)) = (&view.player, &view.tech) {
            let slot = self.levels.entry(ally.name.clone()).or_default();
            let level = |t: Tech| tech.line(t).map(|l| l.level);
            merge(&mut slot.attack, level(Tech::Att).as_ref(), at);
            merge(&mut slot.defense, level(Tech::Def).as_ref(), at);
        }
        self.merge_shared(at, view);
    }

    /// The known players' levels a report shows (`Niveaux connus`).
    fn merge_levels(&mut self, at: At, view: &TurnView) {
        let me = self.player.as_ref().map(|p| p.name.as_str());
        for known in &view.known_levels {
            if me == Some(known.player.name.as_str()) {
                continue;
            }
            let slot = self.levels.entry(known.player.name.clone()).or_default();
            merge(&mut slot.attack, known.attack.as_ref(), at);
            merge(&mut slot.defense, known.defense.as_ref(), at);
        }
    }

    /// Every other player's ATT and DEF levels the reports show, by name.
    pub fn players_levels(&self) -> impl Iterator<Item = (&str, &PlayerLevels)> {
        self.levels
            .iter()
            .filter(|(_, l)| l.attack.is_some() || l.defense.is_some())
            .map(|(name, l)| (name.as_str(), l))
    }

    /// Player `name`'s ATT and DEF levels as the reports show them, if any did.
    pub fn levels_of(&self, name: &str) -> Option<&PlayerLevels> {
        self.levels
            .get(name)
            .filter(|l| l.attack.is_some() || l.defense.is_some())
    }

    /// The galaxy as a report shows it: worlds, fleets, traces, treasures.
    fn merge_shared(&mut self, at: At, view: &Arc<TurnView>) {
        let turn = at.turn;
        self.add_worlds_of(view);
        for world in &view.worlds {
            self.merge_world(at, world);
        }
        // Fleets already known are merged where they are; the new ones are
        // gathered, merged in the view's order (a number listed twice), and
        // joined to the list in one sort.
        let mut new: Vec<usize> = Vec::new();
        for (index, fleet) in view.fleets.iter().enumerate() {
            match self.fleets.binary_search_by_key(&fleet.id, FleetSlot::id) {
                Ok(k) => self.fleets[k].merge(fleet, at),
                Err(_) => new.push(index),
            }
        }
        // Stable: a number's lines stay in the view's order.
        new.sort_by_key(|&index| view.fleets[index].id);
        self.fleets.reserve_exact(new.len());
        for index in new {
            let fleet = &view.fleets[index];
            match self.fleets.last_mut() {
                // The same number listed twice.
                Some(last) if last.id() == fleet.id => last.merge(fleet, at),
                _ => self.fleets.push(FleetSlot::Line {
                    id: fleet.id,
                    view: Arc::clone(view),
                    index: index as u32,
                    turn: at.turn,
                    source: at.source,
                }),
            }
        }
        self.fleets.sort_unstable_by_key(FleetSlot::id);
        // The traces of this turn already known, looked up by what identifies them.
        let mut known: std::collections::HashSet<_> = self
            .traces
            .iter()
            .filter(|t| t.turn == turn)
            .map(|t| (t.value.fleet, t.value.world, t.value.to, t.value.from))
            .collect();
        for trace in &view.traces {
            if known.insert((trace.fleet, trace.world, trace.to, trace.from)) {
                self.traces.push(Seen::at(trace.clone(), at));
            }
        }
        self.traces.sort_by(|a, b| {
            (
                a.turn,
                a.value.fleet,
                a.value.world,
                a.value.to,
                a.value.line,
            )
                .cmp(&(
                    b.turn,
                    b.value.fleet,
                    b.value.world,
                    b.value.to,
                    b.value.line,
                ))
        });
        for treasure in &view.treasures {
            self.merge_treasure(at, treasure);
        }
    }

    fn merge_world(&mut self, at: At, world: &WorldView) {
        let turn = at.turn;
        let described = is_description(world);
        let k = self.world_entry(world.id);
        if described {
            if k.last_described
                .is_none_or(|held| at.replaces(held, k.described_by))
            {
                k.described_by = at.source;
            }
            k.last_described = Some(k.last_described.map_or(turn, |t| t.max(turn)));
            k.first_described = Some(k.first_described.map_or(turn, |t| t.min(turn)));
            if at.source.is_own() {
                k.own_described = Some(k.own_described.map_or(turn, |t| t.max(turn)));
            }
            localise(k, turn);
            merge_known(&mut k.start_world, &world.start_world, at);
            merge_known(&mut k.bombed, &world.bombed, at);
            merge_known(&mut k.black_hole, &world.black_hole, at);
        }
        merge(&mut k.connections, world.connections.as_ref(), at);
        merge(&mut k.owner, world.owner.as_ref(), at);
        k.counts.merge(Count::Industries, world.industries(), at);
        k.counts
            .merge(Count::ActiveIndustries, world.active_industries(), at);
        k.counts.merge(Count::Vi, world.vi(), at);
        k.counts.merge(Count::Population, world.population(), at);
        k.counts.merge(Count::Converts, world.converts(), at);
        merge_note(
            &mut k.notes,
            |n| &mut n.converts_owner,
            world.converts_owner.as_deref(),
            at,
        );
        k.counts.merge(Count::Robots, world.robots(), at);
        k.counts.merge(Count::PopLimit, world.pop_limit(), at);
        k.counts.merge(Count::Vp, world.vp(), at);
        k.counts.merge(Count::Mp, world.mp(), at);
        k.counts.merge(Count::Mining, world.mining(), at);
        k.counts.merge(Count::Pc, world.pc(), at);
        k.counts
            .merge(Count::PillageCount, world.pillage_count(), at);
        k.counts
            .merge(Count::PillageRecovery, world.pillage_recovery(), at);
        k.counts.merge(Count::Pe, world.pe(), at);
        k.counts.merge(Count::Meva, world.meva(), at);
        k.counts.merge(Count::MevaSlots, world.meva_slots(), at);
        k.counts.merge(Count::GrowthRate, world.growth_rate(), at);
        merge_note(&mut k.notes, |n| &mut n.name, world.name(), at);
        merge_note(
            &mut k.notes,
            |n| &mut n.corrupted_by,
            world.corrupted_by(),
            at,
        );
        if let Some(coords) = world.coords {
            let incoming = Position {
                coords,
                exact: !world.coords_approximate,
            };
            let replace = match &k.position {
                None => true,
                Some(held) => {
                    (incoming.exact && !held.value.exact)
                        || (incoming.exact == held.value.exact
                            && at.replaces(held.turn, held.source))
                }
            };
            if replace {
                k.position = Some(Seen::at(incoming, at));
            }
        }
        if let Some(connections) = &world.connections {
            for connection in connections {
                let other = self.world_entry(connection.world);
                let replace = match &other.revealed_by {
                    None => true,
                    Some(held) => {
                        at.replaces(held.turn, held.source)
                            && (held.turn < turn
                                || held.source != at.source
                                || world.id < held.value)
                    }
                };
                if replace {
                    other.revealed_by = Some(Seen::at(world.id, at));
                }
                if connection.black_hole {
                    merge_known(&mut other.black_hole, &true, at);
                    localise(other, turn);
                }
            }
        }
    }

    /// Adds the worlds `view` describes or names in a connection list that
    /// are not known yet, in one pass: the list stays sorted by number, with
    /// room for exactly those (inserting them one by one would move the
    /// worlds after each).
    fn add_worlds_of(&mut self, view: &TurnView) {
        let mut new: Vec<WorldId> = view
            .worlds
            .iter()
            .flat_map(|w| {
                let named = w.connections.iter().flatten().map(|c| c.world);
                std::iter::once(w.id).chain(named)
            })
            .filter(|id| self.worlds.binary_search_by_key(id, |w| w.id).is_err())
            .collect();
        if new.is_empty() {
            return;
        }
        new.sort_unstable();
        new.dedup();
        self.worlds.reserve_exact(new.len());
        self.worlds.extend(new.into_iter().map(|id| WorldKnowledge {
            id,
            ..WorldKnowledge::default()
        }));
        // Two sorted runs, merged in one pass; none to merge when the new
        // worlds all come after the known ones (the first report).
        if !self.worlds.is_sorted_by_key(|w| w.id) {
            self.worlds.sort_by_key(|w| w.id);
        }
    }

    /// World `id`, made when not known yet (after [`Knowledge::add_worlds_of`]
    /// every world of the view is).
    fn world_entry(&mut self, id: WorldId) -> &mut WorldKnowledge {
        let k = match self.worlds.binary_search_by_key(&id, |w| w.id) {
            Ok(k) => k,
            Err(k) => {
                let fresh = WorldKnowledge {
                    id,
                    ..WorldKnowledge::default()
                };
                self.worlds.insert(k, fresh);
                k
            }
        };
        &mut self.worlds[k]
    }

    fn merge_treasure(&mut self, at: At, treasure: &TreasureView) {
        let turn = at.turn;
        let k = self
            .treasures
            .entry(treasure.id)
            .or_insert_with(|| TreasureKnowledge {
                id: treasure.id,
                name: treasure.name.clone(),
                kind: treasure.kind,
                sightings: BTreeMap::new(),
            });
        if k.last_seen().is_none_or(|s| s.turn <= turn) {
            k.name.clone_from(&treasure.name);
            k.kind = treasure.kind;
        }
        // On the same turn, the player's own sighting wins over an ally's.
        if at.source.is_own() || !k.sightings.contains_key(&turn) {
            k.sightings.insert(turn, treasure.site);
        }
    }

    // ----- queries -----

    /// Everything known about world `id` (also a world only named in a connection
    /// list).
    pub fn world(&self, id: WorldId) -> Option<&WorldKnowledge> {
        let k = self.worlds.binary_search_by_key(&id, |w| w.id).ok()?;
        self.worlds.get(k)
    }

    /// Every world known, by number.
    pub fn worlds(&self) -> impl Iterator<Item = &WorldKnowledge> {
        self.worlds.iter()
    }

    /// Everything known about fleet `id`: borrowed when it was merged from
    /// several lines, made from its one report line otherwise.
    pub fn fleet(&self, id: FleetId) -> Option<Cow<'_, FleetKnowledge>> {
        let k = self.fleets.binary_search_by_key(&id, FleetSlot::id).ok()?;
        self.fleets.get(k).map(FleetSlot::knowledge)
    }

    /// Fleet `id`'s owner as last seen, borrowed (from the report line it was
    /// seen on, or its merged knowledge).
    pub fn fleet_owner(&self, id: FleetId) -> Option<Seen<&Name>> {
        let k = self.fleets.binary_search_by_key(&id, FleetSlot::id).ok()?;
        self.fleets.get(k)?.owner()
    }

    /// How many fleets were ever seen (without making what is known of each).
    pub fn fleet_count(&self) -> usize {
        self.fleets.len()
    }

    /// Every fleet ever seen, by number.
    pub fn fleets(&self) -> impl Iterator<Item = Cow<'_, FleetKnowledge>> {
        self.fleets.iter().map(FleetSlot::knowledge)
    }

    /// The fleets whose last known position is `world`.
    pub fn fleets_last_seen_at(
        &self,
        world: WorldId,
    ) -> impl Iterator<Item = Cow<'_, FleetKnowledge>> {
        self.fleets
            .iter()
            .filter(move |f| f.world() == Some(world))
            .map(FleetSlot::knowledge)
    }

    pub fn treasure(&self, id: TreasureId) -> Option<&TreasureKnowledge> {
        self.treasures.get(&id)
    }

    pub fn treasures(&self) -> impl Iterator<Item = &TreasureKnowledge> {
        self.treasures.values()
    }

    /// Every trace seen, by turn then fleet.
    pub fn traces(&self) -> &[Seen<TraceView>] {
        &self.traces
    }

    /// The traces seen on a world.
    pub fn traces_on(&self, world: WorldId) -> impl Iterator<Item = &Seen<TraceView>> {
        self.traces
            .iter()
            .filter(move |t| t.value.world == Some(world))
    }

    /// How many turns ago, seen from turn `current`, world `id` was last described;
    /// `None` when it never was. 0 = described on the current turn.
    pub fn age_of(&self, id: WorldId, current: u32) -> Option<u32> {
        self.world(id)
            .and_then(|w| w.last_described)
            .map(|t| current.saturating_sub(t))
    }

    /// How many turns ago, seen from turn `current`, fleet `id` was last listed.
    pub fn fleet_age_of(&self, id: FleetId, current: u32) -> Option<u32> {
        self.fleet(id).map(|f| current.saturating_sub(f.last_seen))
    }

    /// The turns loaded, ascending.
    pub fn turns(&self) -> Vec<u32> {
        self.views.keys().copied().collect()
    }

    pub fn latest_turn(&self) -> Option<u32> {
        self.views.keys().next_back().copied()
    }

    pub fn is_empty(&self) -> bool {
        self.views.is_empty()
    }

    /// The view of one turn exactly as loaded.
    pub fn view_at(&self, turn: u32) -> Option<&TurnView> {
        self.views.get(&turn).map(|view| &**view)
    }

    /// What one turn said about the player himself.
    pub fn facts_at(&self, turn: u32) -> Option<&TurnFacts> {
        self.facts.get(&turn)
    }

    /// The score, per turn where known.
    pub fn score_series(&self) -> Vec<(u32, i64)> {
        self.facts
            .iter()
            .filter_map(|(turn, f)| f.score.map(|s| (*turn, s)))
            .collect()
    }

    /// The player's own value of a statistic, per turn where printed (a spied
    /// statistic does not print the own value).
    pub fn statistic_series(&self, kind: StatKind) -> Vec<(u32, u64)> {
        self.facts
            .iter()
            .filter_map(|(turn, f)| match f.statistics.get(&kind) {
                Some(StatValue::Own(value)) => Some((*turn, *value)),
                _ => None,
            })
            .collect()
    }

    /// A technology's level, per turn where known.
    pub fn tech_series(&self, tech: Tech) -> Vec<(u32, u32)> {
        self.facts
            .iter()
            .filter_map(|(turn, f)| {
                f.tech
                    .as_ref()
                    .and_then(|t| t.line(tech))
                    .map(|line| (*turn, line.level))
            })
            .collect()
    }

    /// The number of a player known by name, from any turn.
    pub fn player_number(&self, name: &str) -> Option<u32> {
        if let Some(me) = &self.player
            && me.name == name
        {
            return me.number;
        }
        self.known_players
            .get(name)
            .and_then(|k| k.number.as_ref())
            .map(|n| n.value)
    }
}

/// What [`Knowledge`] holds of one fleet. Most fleets are seen on one line of
/// one report (every fleet of a single turn): what is known of them is that
/// line, read from the view the knowledge keeps anyway — 24 bytes each, not a
/// 152-byte copy of the line's facts (17.5 → 2.8 MB for 114,894 fleets). A
/// fleet seen on a second line (another turn, an ally's report, its number
/// listed twice) holds its merged knowledge.
#[derive(Clone)]
enum FleetSlot {
    /// Seen once: line `index` of `view`'s fleets, seen at `turn` by `source`.
    Line {
        id: FleetId,
        view: Arc<TurnView>,
        index: u32,
        turn: u32,
        source: Source,
    },
    Merged(Box<FleetKnowledge>),
}

impl FleetSlot {
    fn id(&self) -> FleetId {
        match self {
            FleetSlot::Line { id, .. } => *id,
            FleetSlot::Merged(k) => k.id,
        }
    }

    /// The report line of a fleet seen once.
    fn line(&self) -> Option<(&FleetView, At)> {
        match self {
            FleetSlot::Line {
                view,
                index,
                turn,
                source,
                ..
            } => {
                let at = At {
                    turn: *turn,
                    source: *source,
                };
                view.fleets.get(*index as usize).map(|fleet| (fleet, at))
            }
            FleetSlot::Merged(_) => None,
        }
    }

    /// Its last known position.
    fn world(&self) -> Option<WorldId> {
        match self {
            FleetSlot::Merged(k) => k.world.as_ref().map(|w| w.value),
            line => line.line().and_then(|(fleet, _)| fleet.world),
        }
    }

    /// Its owner as last seen, borrowed.
    fn owner(&self) -> Option<Seen<&Name>> {
        match self {
            FleetSlot::Merged(k) => k.owner.as_ref().map(|seen| Seen {
                value: &seen.value,
                turn: seen.turn,
                source: seen.source,
            }),
            line => {
                let (fleet, at) = line.line()?;
                fleet.owner.as_ref().map(|name| Seen::at(name, at))
            }
        }
    }

    /// What is known of it: its one line's facts, as merging that line alone
    /// gives them, or its merged knowledge.
    fn knowledge(&self) -> Cow<'_, FleetKnowledge> {
        match self {
            FleetSlot::Merged(k) => Cow::Borrowed(k),
            FleetSlot::Line { id, .. } => {
                let mut k = FleetKnowledge {
                    id: *id,
                    ..FleetKnowledge::default()
                };
                if let Some((fleet, at)) = self.line() {
                    merge_fleet(&mut k, fleet, at);
                }
                Cow::Owned(k)
            }
        }
    }

    /// Records another line of the fleet.
    fn merge(&mut self, fleet: &FleetView, at: At) {
        if let FleetSlot::Line { .. } = self {
            *self = FleetSlot::Merged(Box::new(self.knowledge().into_owned()));
        }
        if let FleetSlot::Merged(k) = self {
            merge_fleet(k, fleet, at);
        }
    }
}

/// Equal when what is known is (however it is held).
impl PartialEq for FleetSlot {
    fn eq(&self, other: &Self) -> bool {
        self.knowledge() == other.knowledge()
    }
}

impl Eq for FleetSlot {}

/// What is known (not the whole view a line is read from).
impl std::fmt::Debug for FleetSlot {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.knowledge().fmt(f)
    }
}

/// [`Knowledge`]'s worlds, a list by number, serialized as a map by number.
mod worlds_by_number {
    use std::collections::BTreeMap;

    use serde::{Deserialize, Deserializer, Serializer};

    use super::{WorldId, WorldKnowledge};

    pub fn serialize<S: Serializer>(worlds: &[WorldKnowledge], to: S) -> Result<S::Ok, S::Error> {
        to.collect_map(worlds.iter().map(|world| (world.id, world)))
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(
        from: D,
    ) -> Result<Vec<WorldKnowledge>, D::Error> {
        let map = BTreeMap::<WorldId, WorldKnowledge>::deserialize(from)?;
        Ok(map
            .into_iter()
            .map(|(id, world)| WorldKnowledge { id, ..world })
            .collect())
    }
}

/// [`Knowledge`]'s fleets, a list by number, serialized as a map by number of
/// what is known of each.
mod fleets_by_number {
    use std::collections::BTreeMap;

    use serde::{Deserialize, Deserializer, Serializer};

    use super::{FleetId, FleetKnowledge, FleetSlot};

    pub fn serialize<S: Serializer>(fleets: &[FleetSlot], to: S) -> Result<S::Ok, S::Error> {
        to.collect_map(fleets.iter().map(|fleet| (fleet.id(), fleet.knowledge())))
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(from: D) -> Result<Vec<FleetSlot>, D::Error> {
        let map = BTreeMap::<FleetId, FleetKnowledge>::deserialize(from)?;
        Ok(map
            .into_iter()
            .map(|(id, fleet)| FleetSlot::Merged(Box::new(FleetKnowledge { id, ..fleet })))
            .collect())
    }
}

#[cfg(all(test, target_pointer_width = "64"))]
mod size_tests {
    /// The views and the knowledge are held for every world of every turn
    /// loaded: their counted items stay compact (a bit set beside plain
    /// integers, not an `Option` each; one turn for all the items seen together;
    /// what few worlds show, apart — 368 and 576 bytes before, then 216 and 464).
    #[test]
    fn a_world_s_view_and_knowledge_stay_compact() {
        let view = std::mem::size_of::<crate::model::view::WorldView>();
        let knowledge = std::mem::size_of::<super::WorldKnowledge>();
        assert!(view <= 224, "WorldView: {view} bytes");
        assert!(knowledge <= 300, "WorldKnowledge: {knowledge} bytes");
    }

    /// A fleet seen on one line is that line (see `FleetSlot`).
    #[test]
    fn a_fleet_seen_once_is_its_line() {
        let slot = std::mem::size_of::<super::FleetSlot>();
        assert!(slot <= 24, "FleetSlot: {slot} bytes");
    }
}

#[cfg(test)]
mod seen_counts_tests {
    use super::{At, Count, SeenCounts, Source};

    fn at(turn: u32, source: u8) -> At {
        At {
            turn,
            source: Source(source),
        }
    }

    /// Items seen on different turns keep each its turn; when they agree again
    /// the counts hold one turn, and compare and serialize the same either way.
    #[test]
    fn items_seen_on_different_turns_keep_their_turns() {
        let mut counts = SeenCounts::default();
        counts.merge(Count::Industries, Some(30), at(5, 0));
        counts.merge(Count::Population, Some(80), at(5, 0));
        assert!(counts.mixed.is_none());
        // An ally's report of turn 6 tells the population only.
        counts.merge(Count::Population, Some(90), at(6, 1));
        assert!(counts.mixed.is_some());
        let industries = counts.get(Count::Industries).expect("known");
        let population = counts.get(Count::Population).expect("known");
        assert_eq!(
            (industries.value, industries.turn, industries.source),
            (30, 5, Source(0))
        );
        assert_eq!(
            (population.value, population.turn, population.source),
            (90, 6, Source(1))
        );
        // An older turn never replaces a newer item.
        counts.merge(Count::Population, Some(10), at(4, 0));
        assert_eq!(counts.get(Count::Population).map(|s| s.value), Some(90));
        assert_eq!(counts.get(Count::Vi), None);
        // The serialized form is the four arrays, and reads back equal.
        let text = ron::to_string(&counts).expect("serialized");
        assert!(text.contains("turns:"), "{text}");
        let back: SeenCounts = ron::from_str(&text).expect("read back");
        assert_eq!(back, counts);
        // Turn 6 from his own report for both: one turn again, equal to counts
        // made so directly.
        counts.merge(Count::Industries, Some(31), at(6, 0));
        counts.merge(Count::Population, Some(91), at(6, 0));
        assert!(counts.mixed.is_none());
        let mut direct = SeenCounts::default();
        direct.merge(Count::Population, Some(91), at(6, 0));
        direct.merge(Count::Industries, Some(31), at(6, 0));
        assert_eq!(counts, direct);
        assert_ne!(counts, SeenCounts::default());
    }
}
