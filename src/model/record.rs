//! What happened during a turn, as far as reports show it: the markers of the CR
//! (fire, ambush, captures, gifts, pillages, deaths, arrivals, traces) and what each
//! player learnt (probes, emigrant destinations, black holes crossed).
//!
//! The resolver fills a [`TurnRecord`] while it runs a turn; the CR writer reads it
//! together with the galaxy after the turn. A galaxy without a record (turn 0, or a
//! save loaded alone) is written with no markers.

use std::collections::{BTreeMap, BTreeSet};

use serde::{Deserialize, Serialize};

use super::ids::{FleetId, PlayerId, WorldId};
use super::view::{Deaths, FireMark, FleetEvent, SpyReport, StatKind, WorldEvent};

/// Who fired: a fleet, or the VI or the VP of a world (separate shooters, VII.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Shooter {
    Fleet(FleetId),
    Vi(WorldId),
    Vp(WorldId),
}

/// A fleet movement seen on a world (annex: traces).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Trace {
    pub fleet: FleetId,
    /// The fleet's owner when it moved.
    pub owner: PlayerId,
    /// The world the trace is left on.
    pub world: WorldId,
    /// `None`: the fleet left this world (departure trace); `Some(m)`: it crossed
    /// this world coming from `m` (G-19).
    pub from: Option<WorldId>,
    /// The next hop (G-19).
    pub to: WorldId,
    /// The fleet was ambushed on this world (G-20).
    pub ambushed: bool,
}

/// Everything a turn leaves on the reports.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct TurnRecord {
    /// The turn that was resolved (the galaxy is now at `turn + 1`).
    pub turn: u32,
    /// Owner-block flags of worlds (`!`, `C`, `P`).
    pub world_events: BTreeMap<WorldId, WorldEvent>,
    /// The owner at the start of the turn, for worlds whose owner changed.
    pub world_previous_owner: BTreeMap<WorldId, PlayerId>,
    /// Flags after fleets' owner blocks (`C`, `D`, `P`, `!`).
    pub fleet_events: BTreeMap<FleetId, FleetEvent>,
    /// The owner at the start of the turn, for fleets whose owner changed.
    pub fleet_previous_owner: BTreeMap<FleetId, PlayerId>,
    /// Fire markers, per shooter (`*F_43`, `*M`, `**` …).
    pub fire: BTreeMap<Shooter, FireMark>,
    /// Deaths markers per world (`{-6P}`).
    pub deaths: BTreeMap<WorldId, Vec<Deaths>>,
    /// Fleets that arrived this turn, and the world they came from (`du M_124`).
    pub arrivals: BTreeMap<FleetId, WorldId>,
    /// Traces left on worlds.
    pub traces: Vec<Trace>,
    /// Worlds probed by each player this turn (described on his CR, G-62).
    pub probed: BTreeMap<PlayerId, BTreeSet<WorldId>>,
    /// Worlds that received each player's emigrants this turn (G-62, G-64).
    pub emigrated_to: BTreeMap<PlayerId, BTreeSet<WorldId>>,
    /// Black holes each player's fleets fell into this turn (G-62).
    pub black_holes_crossed: BTreeMap<PlayerId, BTreeSet<WorldId>>,
    /// Spy results bought this turn: per player, per category, the number of spies.
    pub spies: BTreeMap<PlayerId, BTreeMap<u8, u32>>,
    /// The spy rankings drawn from `spies` (noise needs the resolver's random
    /// generator: see `report::write::spy_reports`), per player and statistic,
    /// printed on his CR in place of his own value.
    #[serde(default)]
    pub spy_reports: BTreeMap<PlayerId, BTreeMap<StatKind, SpyReport>>,
}
