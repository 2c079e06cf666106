//! Playing a setup: one round is one turn's step 14 on the world (fire orders,
//! conditional fire settled, all fires simultaneous on the start-of-round counts,
//! protections destroyed first then the rest, then the ambushes on the fleets
//! crossing the world); the same orders are played round after round until a side
//! has no ship left, nothing changes any more, or the round limit.
//!
//! Every number comes from [`crate::combat`] ([`crate::combat::resolve_volley`],
//! [`crate::combat::resolve_ambush_route`]), the functions the turn resolver uses.

use serde::Serialize;

use crate::rules::Ruleset;

pub use super::round::play_round;
use super::setup::{CargoSetup, Setup, Target};

/// A firing group of the world.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum Group {
    Fleet(u32),
    Vi,
    Vp,
}

/// A fleet between two rounds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FleetState {
    pub side: usize,
    pub id: u32,
    pub vc: u32,
    pub vt: u32,
    pub cargo: [u64; 4],
    /// Still on the world (a fleeing or crossing fleet is there for round 1 only).
    pub present: bool,
}

impl FleetState {
    pub fn ships(&self) -> u64 {
        u64::from(self.vc) + u64::from(self.vt)
    }
}

/// The world between two rounds.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct WorldCounts {
    pub vi: u64,
    pub vp: u64,
    pub n: u64,
    /// Converts, in the order of the setup's `converts`.
    pub converts: Vec<u64>,
    pub robots: u64,
    pub industries: u64,
}

impl WorldCounts {
    /// True when nothing is left of the world: no VI, VP, populations or industries.
    pub fn is_zero(&self) -> bool {
        self.vi == 0
            && self.vp == 0
            && self.n == 0
            && self.robots == 0
            && self.industries == 0
            && self.converts.iter().all(|&c| c == 0)
    }
}

/// The state of the fight between two rounds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct State {
    pub fleets: Vec<FleetState>,
    pub world: WorldCounts,
    /// The side owning the world (`None`: neutral): the setup's, until a bomb or
    /// robots take the world.
    pub owner: Option<usize>,
    /// MP in stock on the world.
    pub mp: u64,
}

/// One layer of the world hit by a shot.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct LayerRecord {
    /// `VP`, `VI`, `P` (populations) or `I` (industries).
    pub layer: &'static str,
    pub present: u64,
    pub lost: u64,
}

/// One shot, with the book's formulas filled with its numbers.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ShotRecord {
    pub shooter: Group,
    /// `F_128`, `VI M_463`, `VP M_463`.
    pub shooter_text: String,
    pub side: String,
    /// `F_258`, `M`, `P`, `I`, `N`, `C`.
    pub target: String,
    pub conditional: bool,
    /// False for a conditional fire that did not go off (nothing else is filled).
    pub fired: bool,
    pub ambush: bool,
    /// The missionary's +4 ATT against his Jihad target.
    pub jihad: bool,
    pub vc: u32,
    pub vt: u32,
    pub catt: u32,
    pub hits: u64,
    /// `n = ⌈(18×67)/100⌉ = ⌈12.06⌉ = 13`.
    pub hits_formula: String,
    /// `CD = (4×100 + 13×70)/17 × (1 + 12/30) = 107.882…`.
    pub cd_formula: String,
    /// `Nd = ⌈13 × 107.882…/100⌉ = ⌈14.024…⌉ = 15`.
    pub destroyed_formula: String,
    pub destroyed: u64,
    /// On a world: the layers hit, in order.
    pub layers: Vec<LayerRecord>,
    /// The target had nothing the shot could destroy: a fleet without ships, a
    /// world without what is aimed at (no VI nor VP for `* M`…). The text says
    /// it in words rather than with a formula.
    #[serde(skip)]
    pub target_empty: bool,
}

/// A fleet over one round.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct FleetRecord {
    pub id: u32,
    pub side: String,
    pub vc_before: u32,
    pub vt_before: u32,
    pub cargo_before: CargoSetup,
    /// Lost to the fire on the world (phase 2).
    pub vc_lost: u32,
    pub vt_lost: u32,
    /// Lost to the ambushes (a crossing fleet).
    pub vc_ambushed: u32,
    pub vt_ambushed: u32,
    /// Turned into robots (`F_f T x R`).
    #[serde(skip_serializing_if = "is_zero")]
    pub vc_robots: u32,
    pub cargo_lost: CargoSetup,
    pub vc_after: u32,
    pub vt_after: u32,
    pub cargo_after: CargoSetup,
    pub fleeing: bool,
    pub crossing: bool,
    /// The fleet leaves the world after this round (fled, or crossed it).
    pub leaves: bool,
    /// A fleeing or crossing fleet emptied here: it stays, immobilised.
    pub stopped: bool,
    /// The fleet's CR line after the round: `F_258 "GASKOR" [4]=2T * F_128`.
    pub notation: String,
}

impl FleetRecord {
    pub fn ships_lost(&self) -> u64 {
        u64::from(self.vc_lost)
            + u64::from(self.vt_lost)
            + u64::from(self.vc_ambushed)
            + u64::from(self.vt_ambushed)
    }
}

/// The world over one round.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct WorldRecord {
    pub before: WorldCounts,
    pub lost: WorldCounts,
    pub after: WorldCounts,
}

/// One round (one turn's step 14).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct RoundRecord {
    pub round: u32,
    /// Every fire order of the round (conditional ones that did not go off included).
    pub shots: Vec<ShotRecord>,
    /// The ambush shots, after the fight, on the fleets crossing the world.
    pub ambush: Vec<ShotRecord>,
    pub fleets: Vec<FleetRecord>,
    pub world: WorldRecord,
    /// Ships alive per side after the round (fleets wherever they are, plus the VI
    /// and VP of the world for its owner), in the order of the setup's sides.
    pub ships: Vec<u64>,
    /// The bombs dropped after the fire (first round only).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub bombs: Vec<BombRecord>,
    /// The robot attack after the fire and the moves (first round only).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub robots: Option<RobotRecord>,
}

/// A bomb dropped on the world (VII.1.4, `F_f L BOMBE`), with what it destroyed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct BombRecord {
    pub fleet: u32,
    pub side: String,
    /// What the world lost ([`crate::combat::Razed`]); converts in the order of the
    /// setup's `converts`.
    pub razed: WorldCounts,
    /// MP lost.
    pub mp: u64,
    /// The bomber's points for the drop (G-108), `None` for no points.
    pub points: Option<i64>,
}

/// A fleet turning VC into robots (`F_f T x R`, G-79).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct RobotDrop {
    pub fleet: u32,
    pub side: String,
    /// `x`, the robots asked.
    pub asked: u32,
    /// The VC meant to become robots, `x/2` capped at the fleet's VC.
    pub vc_asked: u32,
    /// Its VC destroyed by the fire this round (they die first).
    pub vc_destroyed: u32,
    /// The VC that became robots.
    pub vc_used: u32,
    /// The robots that landed.
    pub robots: u64,
    /// `R = 2 × max(0, 30 − 0) = 60`.
    pub formula: String,
}

/// A robot attack on the world (VI.5.1), with the book's formulas filled in.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct RobotRecord {
    pub drops: Vec<RobotDrop>,
    /// Robots per side when the robot fight starts (the owner: those present plus
    /// his own arrivals), by side name (`""`: neutral).
    pub sides: Vec<(String, u64)>,
    /// The side keeping the robots and how many it keeps (`None`: a tie destroyed them all).
    pub winner: Option<(String, u64)>,
    /// `R = max(1, 60 − 40) = 20`.
    pub robots_formula: String,
    /// `P = max(0, 30 − 20×4) = 0` and `R = max(0, 20 − ⌈30/4⌉) = 12`.
    pub population_formulas: Vec<String>,
    /// What the world lost to the fight (VI, VP and industries untouched).
    pub lost: WorldCounts,
    /// The side capturing the world (G-82).
    pub captor: Option<String>,
    /// The world is left with neither robots nor populations: neutral (at 15c).
    pub emptied: bool,
}

/// Why the simulation stopped.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case", tag = "reason")]
pub enum End {
    /// These sides have no ship left.
    SideGone { sides: Vec<String> },
    /// A round changed nothing: the next ones would be the same.
    Stable,
    /// The round limit.
    Limit,
}

/// A whole simulation.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SimResult {
    pub sides: Vec<String>,
    /// Ships per side before the first round.
    pub ships_start: Vec<u64>,
    pub rounds: Vec<RoundRecord>,
    pub end: End,
}

impl SimResult {
    /// Ships per side by round, round 0 first (for the chart).
    pub fn ships_by_round(&self) -> Vec<Vec<u64>> {
        std::iter::once(self.ships_start.clone())
            .chain(self.rounds.iter().map(|r| r.ships.clone()))
            .collect()
    }

    /// The state after the last round of a fleet.
    pub fn last_fleet(&self, id: u32) -> Option<&FleetRecord> {
        self.rounds
            .last()
            .and_then(|r| r.fleets.iter().find(|f| f.id == id))
    }
}

/// The starting state of `setup`.
pub fn initial_state(setup: &Setup) -> State {
    let mut fleets = Vec::new();
    for (side, s) in setup.sides.iter().enumerate() {
        for f in &s.fleets {
            fleets.push(FleetState {
                side,
                id: f.id,
                vc: f.vc,
                vt: f.vt,
                cargo: f.cargo.to_array(),
                present: true,
            });
        }
    }
    let w = &setup.world;
    State {
        owner: owner_index(setup),
        mp: w.mp,
        fleets,
        world: WorldCounts {
            vi: u64::from(w.vi),
            vp: u64::from(w.vp),
            n: w.n,
            converts: w.converts.iter().map(|(_, c)| *c).collect(),
            robots: w.robots,
            industries: w.industries,
        },
    }
}

/// Ships alive per side.
pub fn ships_per_side(setup: &Setup, state: &State) -> Vec<u64> {
    let owner = state.owner;
    (0..setup.sides.len())
        .map(|side| {
            let fleets: u64 = state
                .fleets
                .iter()
                .filter(|f| f.side == side)
                .map(FleetState::ships)
                .sum();
            if owner == Some(side) {
                fleets + state.world.vi + state.world.vp
            } else {
                fleets
            }
        })
        .collect()
}

pub(super) fn owner_index(setup: &Setup) -> Option<usize> {
    setup
        .world
        .owner
        .as_deref()
        .and_then(|o| setup.side_index(o))
}

/// Plays `setup` up to its round limit (at least one round). The 1999 robot
/// conflict between several sides is drawn (G-81) with a generator seeded by the
/// setup's `seed`.
pub fn simulate(setup: &Setup, rules: &Ruleset) -> SimResult {
    simulate_rounds(setup, rules, setup.rounds.max(1))
}

/// Plays `setup` for at most `limit` rounds (at least one).
pub fn simulate_rounds(setup: &Setup, rules: &Ruleset, limit: u32) -> SimResult {
    let mut state = initial_state(setup);
    let ships_start = ships_per_side(setup, &state);
    let mut rounds = Vec::new();
    let limit = limit.max(1);
    let end = loop {
        let number = rounds.len() as u32 + 1;
        let (record, next) = play_round(setup, rules, &state, number);
        let ships = record.ships.clone();
        rounds.push(record);
        let unchanged = next == state;
        state = next;
        let gone: Vec<String> = setup
            .sides
            .iter()
            .zip(ships_start.iter().zip(&ships))
            .filter(|(_, (start, now))| **start > 0 && **now == 0)
            .map(|(side, _)| side.name.clone())
            .collect();
        if !gone.is_empty() {
            break End::SideGone { sides: gone };
        }
        if unchanged {
            break End::Stable;
        }
        if number >= limit {
            break End::Limit;
        }
    };
    SimResult {
        sides: setup.sides.iter().map(|s| s.name.clone()).collect(),
        ships_start,
        rounds,
        end,
    }
}

fn is_zero(n: &u32) -> bool {
    *n == 0
}

/// A fleet's CR line in the book's notation: `F_258 "GASKOR" [4]=2T * F_128`,
/// cargo `[2,7N,3C,2R]`; an empty fleet has no ships block, as the book writes
/// it (`F_57 "Maxtor"`, catalog §2.2; after its fire, `F_12 "Maxtor" *M`, G-21).
pub fn fleet_notation(
    id: u32,
    owner: &str,
    vc: u32,
    vt: u32,
    cargo: [u64; 4],
    fire: Option<(Target, bool)>,
) -> String {
    let mut parts = Vec::new();
    for (value, suffix) in cargo.iter().zip(["", "N", "C", "R"]) {
        if *value > 0 {
            parts.push(format!("{value}{suffix}"));
        }
    }
    let ships = match (vc, vt) {
        (_, 0) => vc.to_string(),
        (0, _) => format!("{vt}T"),
        _ => format!("{vc}+{vt}T"),
    };
    let mut text = format!("F_{id} \"{owner}\"");
    if vc > 0 || vt > 0 || !parts.is_empty() {
        text.push_str(&format!(" [{}]={ships}", parts.join(",")));
    }
    if let Some((target, conditional)) = fire {
        let mark = if conditional { '?' } else { '*' };
        text.push_str(&format!(" {mark} {}", target.notation()));
    }
    text
}
