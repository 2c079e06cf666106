//! The event log of a turn: every change of a count (ships, people, MP, industries)
//! with its cause, every score line, every voided order, and what happened besides
//! (captures, moves, fire, declarations …). The CR writer and the app's replay read
//! it; the property tests reconcile it with the galaxies before and after the turn
//! ("ships, populations and MP only disappear through a logged cause").

use serde::{Deserialize, Serialize};

use crate::diagnostic::Diagnostic;
use crate::model::record::Shooter;
use crate::model::{FleetId, PlayerId, Tech, TreasureId, WorldId};
use crate::orders::Order;

use super::Step;

/// Who holds ships.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Holder {
    Fleet(FleetId),
    /// The VI of a world.
    Vi(WorldId),
    /// The VP of a world.
    Vp(WorldId),
}

/// A ship kind held by a fleet (VC, VT) — VI and VP are the world's holders.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum ShipKind {
    Vc,
    Vt,
    /// The ships of a world's VI or VP group.
    Guard,
}

/// Where people and MP are.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Place {
    World(WorldId),
    Fleet(FleetId),
}

/// A kind of people: N, C of one missionary, R.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum PeopleKind {
    N,
    C(PlayerId),
    R,
}

/// Why a count changed. Every change of the ledger carries one.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Cause {
    /// Overpopulation deaths at initialisation (one chance in two).
    Overpopulation,
    /// Built at step 3 (or robots transformed at 3/6).
    Built,
    /// Consumed by production (MP and the robots transformed).
    Production,
    /// A VC spent by a probe (step 2).
    Probe,
    /// Emigration between worlds (step 5).
    Emigration,
    /// Emigrants lost (to a black hole, …).
    EmigrationLost,
    /// Robots against populations, robots against robots (5*, 14c).
    RobotConflict,
    /// Unloaded from a fleet (steps 5, 8, 9).
    Unload,
    /// PC unloaded and consumed (deconversion, 9*).
    Deconversion,
    /// Ships transferred (step 11), VC/VI/VP turned into VT.
    Transfer,
    /// VI turned into industries (step 7).
    ViToIndustries,
    /// VC sacrificed in a MEVA (step 12).
    Meva,
    /// Loaded on a fleet (step 13).
    Load,
    /// Destroyed by fire (step 14).
    Fire,
    /// Destroyed by an ambush (step 14b).
    Ambush,
    /// Lost in a black hole.
    BlackHole,
    /// Razed by a bomb.
    Bomb,
    /// VC used to build a bomb (step 15).
    BombBuilding,
    /// La Chose (15a).
    LaChose,
    /// Converted / deconverted by a missionary (15b).
    Conversion,
    /// Pillage (16).
    Pillage,
    /// Piracy (16a).
    Piracy,
    /// End-of-turn growth (MiseAuPoint).
    Growth,
    /// End-of-turn mining (MiseAuPoint).
    Mining,
    /// Robots transformed into something else (steps 3, 6).
    RobotTransformation,
    /// VC of a fleet turned into robots dropped on its world (robot attack, 14c).
    RobotAttack,
}

/// Why an order was not executed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct VoidedOrder {
    /// The player who gave it.
    pub player: PlayerId,
    pub order: Order,
    /// Code `resolve-void-*` (a Fluent id in `i18n/*/resolve.ftl`), the order's
    /// span and the message's arguments.
    pub diagnostic: Diagnostic,
}

/// One thing that happened during the turn.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum EventKind {
    /// Ships of a holder changed by `delta`.
    Ships {
        holder: Holder,
        kind: ShipKind,
        delta: i64,
        cause: Cause,
    },
    /// People of a place changed by `delta`.
    People {
        place: Place,
        kind: PeopleKind,
        delta: i64,
        cause: Cause,
    },
    /// MP of a place changed by `delta`.
    Mp {
        place: Place,
        delta: i64,
        cause: Cause,
    },
    /// Industries of a world changed by `delta`.
    Industries {
        world: WorldId,
        delta: i64,
        cause: Cause,
    },
    /// Points scored (or lost) by a player; `reason` is a Fluent id suffix
    /// (`resolve-points-<reason>`).
    Points {
        player: PlayerId,
        points: i64,
        reason: String,
    },
    /// An order was voided.
    Voided(VoidedOrder),
    /// Technology levels were reached by one order: from `from` to `level` (one
    /// event however many levels).
    Research {
        player: PlayerId,
        tech: Tech,
        from: u32,
        level: u32,
    },
    /// A world changed owner.
    WorldOwner {
        world: WorldId,
        from: PlayerId,
        to: PlayerId,
    },
    /// A fleet changed owner.
    FleetOwner {
        fleet: FleetId,
        from: PlayerId,
        to: PlayerId,
    },
    /// A fleet moved along these worlds (the last one is where it stopped).
    Moved { fleet: FleetId, path: Vec<WorldId> },
    /// A shooter fired at something.
    Fired { shooter: Shooter, hits: u64 },
    /// A treasure moved.
    TreasureMoved { treasure: TreasureId },
    /// The game is over (the last turn was resolved): every player by score,
    /// best first (equal scores by player number).
    GameOver { ranking: Vec<(PlayerId, i64)> },
    /// Free text for the arbiter's log (already formatted facts, not translated).
    Note { text: String },
}

/// An event with the step it happened at.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Event {
    pub step: Step,
    pub kind: EventKind,
}
