//! Playing a setup: one round is one turn's step 14 on the world (fire orders,
//! conditional fire settled, all fires simultaneous on the start-of-round counts,
//! protections destroyed first then the rest, then the ambushes on the fleets
//! crossing the world); the same orders are played round after round until a side
//! has no ship left, nothing changes any more, or the round limit.
//!
//! Every number comes from [`crate::combat`] ([`resolve_volley`],
//! [`resolve_ambush_route`]), the functions the turn resolver uses.

use serde::Serialize;

use crate::combat::{
    Aim, FleetTarget, Shooter, Shot, ShotDetail, ShotEffect, WorldAim, WorldTarget, decimal_text,
    resolve_ambush_route, resolve_volley,
};
use crate::model::{Cargo, Class};
use crate::rules::Ruleset;

use super::conditional::{FireIntent, triggered};
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
    let owner = owner_index(setup);
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

fn owner_index(setup: &Setup) -> Option<usize> {
    setup
        .world
        .owner
        .as_deref()
        .and_then(|o| setup.side_index(o))
}

/// Plays `setup` up to its round limit (at least one round).
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

/// A fire order of the round, before the volley.
struct Order {
    group: Group,
    side: usize,
    target: Target,
    conditional: bool,
    shooter: Shooter,
    jihad: bool,
    aim: Aim,
    victims: Vec<usize>,
}

fn world_aim(target: Target) -> Option<WorldAim> {
    match target {
        Target::Fleet(_) => None,
        Target::M => Some(WorldAim::Protection),
        Target::P => Some(WorldAim::Population),
        Target::I => Some(WorldAim::Industries),
        Target::N => Some(WorldAim::NonConverts),
        Target::C => Some(WorldAim::Converts),
    }
}

fn cargo_of(cargo: [u64; 4]) -> Cargo {
    let part = |i: usize| u32::try_from(cargo[i]).unwrap_or(u32::MAX);
    Cargo {
        mp: part(0),
        n: part(1),
        c: part(2),
        r: part(3),
        ..Cargo::default()
    }
}

/// Side levels: (class, ATT, DEF, CAR); a neutral owner has levels 1.
fn levels(setup: &Setup, side: Option<usize>) -> (Class, u32, u32, u32) {
    side.and_then(|s| setup.sides.get(s))
        .map_or((Class::Emperor, 1, 1, 1), |s| {
            (s.class, s.att, s.def, s.car)
        })
}

fn world_label(setup: &Setup) -> String {
    setup
        .world
        .id
        .map_or_else(|| "M".to_string(), |id| format!("M_{id}"))
}

/// Plays one round from `state`; returns its record and the state after it.
pub fn play_round(
    setup: &Setup,
    rules: &Ruleset,
    state: &State,
    round: u32,
) -> (RoundRecord, State) {
    let owner = owner_index(setup);
    let first = round == 1;
    // Lookups by fleet id, built once per round.
    let positions = setup.fleet_positions();
    let fleet_setup = |id: u32| {
        positions
            .get(&id)
            .and_then(|&(s, f)| setup.sides.get(s).and_then(|side| side.fleets.get(f)))
    };
    let mut state_index: std::collections::BTreeMap<u32, usize> = Default::default();
    for (i, f) in state.fleets.iter().enumerate() {
        state_index.entry(f.id).or_insert(i);
    }
    let fleeing = |id: u32| first && fleet_setup(id).is_some_and(|f| f.fleeing);
    let crossing = |id: u32| fleet_setup(id).is_some_and(|f| f.crossing);
    // The fleets in the fight: present and not crossing.
    let in_fight: Vec<usize> = state
        .fleets
        .iter()
        .enumerate()
        .filter(|(_, f)| f.present && !crossing(f.id))
        .map(|(i, _)| i)
        .collect();
    let mut volley_positions: std::collections::BTreeMap<u32, usize> = Default::default();
    for (position, &i) in in_fight.iter().enumerate() {
        if let Some(f) = state.fleets.get(i) {
            volley_positions.entry(f.id).or_insert(position);
        }
    }
    let volley_index = |id: u32| volley_positions.get(&id).copied();
    let targets: Vec<FleetTarget> = in_fight
        .iter()
        .filter_map(|&i| state.fleets.get(i))
        .map(|f| {
            let (_, _, def, car) = levels(setup, Some(f.side));
            FleetTarget::new(rules, def, car, f.vc, f.vt, &cargo_of(f.cargo))
                .with_fleeing(fleeing(f.id))
        })
        .collect();
    let (_, _, owner_def, _) = levels(setup, owner);
    let mut world = WorldTarget::new(rules, owner_def);
    world.vi = u32::try_from(state.world.vi).unwrap_or(u32::MAX);
    world.vp = u32::try_from(state.world.vp).unwrap_or(u32::MAX);
    world.non_converts = state.world.n;
    world.converts = state.world.converts.clone();
    world.robots = state.world.robots;
    world.industries = state.world.industries;

    let victims_of = |target: Target| -> Vec<usize> {
        match target {
            Target::Fleet(id) => state_index
                .get(&id)
                .and_then(|&i| state.fleets.get(i))
                .map(|f| vec![f.side])
                .unwrap_or_default(),
            Target::M | Target::P | Target::I => owner.into_iter().collect(),
            Target::N => Vec::new(),
            Target::C => setup
                .world
                .converts
                .iter()
                .filter_map(|(name, _)| setup.side_index(name))
                .collect(),
        }
    };
    let jihad_for = |side: usize, victims: &[usize]| {
        setup
            .sides
            .get(side)
            .and_then(|s| s.jihad.as_deref())
            .and_then(|j| setup.side_index(j))
            .is_some_and(|j| victims.contains(&j))
    };

    // The fire orders that can be carried out this round.
    let mut orders: Vec<Order> = Vec::new();
    let aim_for = |target: Target| -> Option<Aim> {
        match target {
            Target::Fleet(id) => volley_index(id).map(Aim::Fleet),
            other => world_aim(other).map(|aim| Aim::World(0, aim)),
        }
    };
    for &i in &in_fight {
        let Some(f) = state.fleets.get(i) else {
            continue;
        };
        let Some(fs) = fleet_setup(f.id) else {
            continue;
        };
        let Some(target) = fs.fire else { continue };
        if fs.fleeing || f.ships() == 0 || matches!(target, Target::N | Target::C) {
            continue;
        }
        let Some(aim) = aim_for(target) else { continue };
        let victims = victims_of(target);
        let jihad = jihad_for(f.side, &victims);
        let (class, att, _, _) = levels(setup, Some(f.side));
        orders.push(Order {
            group: Group::Fleet(f.id),
            side: f.side,
            target,
            conditional: fs.conditional,
            shooter: Shooter::fleet(rules, class, att, jihad, f.vc, f.vt),
            jihad,
            aim,
            victims,
        });
    }
    if let Some(owner) = owner {
        let (class, att, _, _) = levels(setup, Some(owner));
        let w = &setup.world;
        for (group, count, fire, conditional) in [
            (Group::Vi, world.vi, w.vi_fire, w.vi_conditional),
            (Group::Vp, world.vp, w.vp_fire, w.vp_conditional),
        ] {
            let Some(target) = fire else { continue };
            let allowed = match group {
                Group::Vi => matches!(target, Target::Fleet(_)),
                _ => matches!(target, Target::Fleet(_) | Target::N | Target::C),
            };
            if count == 0 || !allowed {
                continue;
            }
            let Some(aim) = aim_for(target) else { continue };
            let victims = victims_of(target);
            let jihad = jihad_for(owner, &victims);
            orders.push(Order {
                group,
                side: owner,
                target,
                conditional,
                shooter: Shooter::protection(rules, class, att, jihad, count),
                jihad,
                aim,
                victims,
            });
        }
    }
    let intents: Vec<FireIntent> = orders
        .iter()
        .map(|o| FireIntent {
            issuer: o.side,
            victims: o.victims.clone(),
            conditional: o.conditional,
        })
        .collect();
    let allied = |a: usize, b: usize| match (
        setup.sides.get(a),
        setup.sides.get(b).map(|s| s.name.as_str()),
    ) {
        (Some(side), Some(name)) => side.allies.iter().any(|x| x == name),
        _ => false,
    };
    let fires = triggered(&intents, allied);
    let shots: Vec<Shot> = orders
        .iter()
        .zip(&fires)
        .filter(|(_, f)| **f)
        .map(|(o, _)| Shot {
            shooter: o.shooter,
            aim: o.aim,
        })
        .collect();
    let volley = resolve_volley(&targets, std::slice::from_ref(&world), &shots);

    let world_text = world_label(setup);
    let side_name = |side: usize| {
        setup
            .sides
            .get(side)
            .map_or_else(String::new, |s| s.name.clone())
    };
    let shooter_text = |group: Group| match group {
        Group::Fleet(id) => format!("F_{id}"),
        Group::Vi => format!("VI {world_text}"),
        Group::Vp => format!("VP {world_text}"),
    };
    let mut details = volley.shots.iter();
    let mut shot_records = Vec::with_capacity(orders.len());
    for (order, &fired) in orders.iter().zip(&fires) {
        let mut record = ShotRecord {
            shooter: order.group,
            shooter_text: shooter_text(order.group),
            side: side_name(order.side),
            target: order.target.notation(),
            conditional: order.conditional,
            fired,
            ambush: false,
            jihad: order.jihad,
            vc: order.shooter.vc,
            vt: order.shooter.vt,
            catt: order.shooter.cac,
            hits: 0,
            hits_formula: String::new(),
            cd_formula: String::new(),
            destroyed_formula: String::new(),
            destroyed: 0,
            layers: Vec::new(),
            target_empty: false,
        };
        if fired && let Some(detail) = details.next() {
            fill_shot(&mut record, detail);
        }
        shot_records.push(record);
    }

    // Apply the fight's losses.
    let mut next = state.clone();
    let mut fleet_records: Vec<FleetRecord> = Vec::new();
    let before: Vec<(u32, u32, [u64; 4])> =
        state.fleets.iter().map(|f| (f.vc, f.vt, f.cargo)).collect();
    for (slot, &i) in in_fight.iter().enumerate() {
        if let (Some(losses), Some(f)) = (volley.fleets.get(slot), next.fleets.get_mut(i)) {
            f.vc = losses.vc_left;
            f.vt = losses.vt_left;
            f.cargo = losses.cargo_left;
        }
    }
    let lost_world = volley.worlds.first().map(|l| WorldCounts {
        vi: l.vi,
        vp: l.vp,
        n: l.non_converts,
        converts: l.converts.clone(),
        robots: l.robots,
        industries: l.industries,
    });
    let lost_world = lost_world.unwrap_or_default();
    {
        let w = &mut next.world;
        w.vi = w.vi.saturating_sub(lost_world.vi);
        w.vp = w.vp.saturating_sub(lost_world.vp);
        w.n = w.n.saturating_sub(lost_world.n);
        w.robots = w.robots.saturating_sub(lost_world.robots);
        w.industries = w.industries.saturating_sub(lost_world.industries);
        for (c, l) in w.converts.iter_mut().zip(&lost_world.converts) {
            *c = c.saturating_sub(*l);
        }
    }

    // Ambushes on the crossing fleets (first round only), with the counts after the fight.
    let mut ambush_records = Vec::new();
    let mut ambushed: Vec<(u32, u32)> = vec![(0, 0); next.fleets.len()];
    if first {
        for i in 0..next.fleets.len() {
            let Some(mover) = next.fleets.get(i).cloned() else {
                continue;
            };
            if !crossing(mover.id) || mover.ships() == 0 {
                continue;
            }
            let groups = ambushers(setup, rules, &next, mover.side);
            if groups.is_empty() {
                continue;
            }
            let (_, _, def, car) = levels(setup, Some(mover.side));
            let target =
                FleetTarget::new(rules, def, car, mover.vc, mover.vt, &cargo_of(mover.cargo));
            let shooters: Vec<Shooter> = groups.iter().map(|g| g.2).collect();
            let outcome = resolve_ambush_route(&target, &[shooters]);
            if let Some(hop) = outcome.hops.first() {
                for ((group, side, shooter, jihad), detail) in groups.iter().zip(&hop.shots) {
                    let mut record = ShotRecord {
                        shooter: *group,
                        shooter_text: shooter_text(*group),
                        side: side_name(*side),
                        target: format!("F_{}", mover.id),
                        conditional: false,
                        fired: true,
                        ambush: true,
                        jihad: *jihad,
                        vc: shooter.vc,
                        vt: shooter.vt,
                        catt: shooter.cac,
                        hits: 0,
                        hits_formula: String::new(),
                        cd_formula: String::new(),
                        destroyed_formula: String::new(),
                        destroyed: 0,
                        layers: Vec::new(),
                        target_empty: false,
                    };
                    fill_shot(&mut record, detail);
                    ambush_records.push(record);
                }
                if let (Some(f), Some(a)) = (next.fleets.get_mut(i), ambushed.get_mut(i)) {
                    *a = (hop.losses.vc_lost, hop.losses.vt_lost);
                    f.vc = hop.losses.vc_left;
                    f.vt = hop.losses.vt_left;
                    f.cargo = hop.losses.cargo_left;
                }
            }
        }
    }

    // Records, departures.
    let fired_fleets: std::collections::BTreeSet<u32> = shot_records
        .iter()
        .filter(|s| s.fired)
        .filter_map(|s| match s.shooter {
            Group::Fleet(id) => Some(id),
            _ => None,
        })
        .collect();
    for (i, f) in next.fleets.iter_mut().enumerate() {
        if !f.present {
            continue;
        }
        let (vc0, vt0, cargo0) = before.get(i).copied().unwrap_or((0, 0, [0; 4]));
        let (vc_amb, vt_amb) = ambushed.get(i).copied().unwrap_or((0, 0));
        let is_fleeing = fleeing(f.id);
        let is_crossing = first && crossing(f.id);
        let leaves = (is_fleeing || is_crossing) && f.ships() > 0;
        let stopped = (is_fleeing || is_crossing) && f.ships() == 0;
        let fire = fleet_setup(f.id).and_then(|fs| {
            if fs.fleeing || fs.crossing {
                None
            } else {
                fs.fire.map(|t| (t, fs.conditional))
            }
        });
        let fired = fired_fleets.contains(&f.id);
        let mut cargo_lost = [0u64; 4];
        for (k, lost) in cargo_lost.iter_mut().enumerate() {
            *lost = cargo0[k].saturating_sub(f.cargo[k]);
        }
        fleet_records.push(FleetRecord {
            id: f.id,
            side: side_name(f.side),
            vc_before: vc0,
            vt_before: vt0,
            cargo_before: CargoSetup::from_array(cargo0),
            vc_lost: vc0.saturating_sub(f.vc).saturating_sub(vc_amb),
            vt_lost: vt0.saturating_sub(f.vt).saturating_sub(vt_amb),
            vc_ambushed: vc_amb,
            vt_ambushed: vt_amb,
            cargo_lost: CargoSetup::from_array(cargo_lost),
            vc_after: f.vc,
            vt_after: f.vt,
            cargo_after: CargoSetup::from_array(f.cargo),
            fleeing: is_fleeing,
            crossing: is_crossing,
            leaves,
            stopped,
            notation: fleet_notation(
                f.id,
                &side_name(f.side),
                f.vc,
                f.vt,
                f.cargo,
                if fired { fire } else { None },
            ),
        });
        if leaves {
            f.present = false;
        }
    }
    let ships = ships_per_side(setup, &next);
    let record = RoundRecord {
        round,
        shots: shot_records,
        ambush: ambush_records,
        fleets: fleet_records,
        world: WorldRecord {
            before: state.world.clone(),
            lost: lost_world,
            after: next.world.clone(),
        },
        ships,
    };
    (record, next)
}

/// The groups able to ambush a fleet of `mover` crossing the world: fleets at war on
/// the world with no fire order (an exclusive order), of a side that declared neither
/// `Z` nor the mover allied; the VI and VP of the world likewise (a neutral world's
/// included). Each with its side and whether it fires on its Jihad target.
///
/// Applies ruling G-75 (see the ruling list), on the simulator's sides.
fn ambushers(
    setup: &Setup,
    rules: &Ruleset,
    state: &State,
    mover: usize,
) -> Vec<(Group, usize, Shooter, bool)> {
    let mover_name = setup.sides.get(mover).map(|s| s.name.as_str());
    let willing = |side: Option<usize>| match side.and_then(|s| setup.sides.get(s)) {
        Some(s) => {
            side != Some(mover)
                && !s.no_ambush
                && !s.allies.iter().any(|a| Some(a.as_str()) == mover_name)
        }
        None => true,
    };
    let jihad_for = |side: Option<usize>| {
        side.and_then(|s| setup.sides.get(s))
            .and_then(|s| s.jihad.as_deref())
            .is_some_and(|j| Some(j) == mover_name)
    };
    let mut groups = Vec::new();
    let positions = setup.fleet_positions();
    for f in &state.fleets {
        let Some(&(s, i)) = positions.get(&f.id) else {
            continue;
        };
        let Some(fs) = setup.sides.get(s).and_then(|side| side.fleets.get(i)) else {
            continue;
        };
        let idle = fs.fire.is_none() && !fs.fleeing && !fs.crossing && !fs.peace;
        if !f.present || !idle || f.ships() == 0 || !willing(Some(f.side)) {
            continue;
        }
        let (class, att, _, _) = levels(setup, Some(f.side));
        let jihad = jihad_for(Some(f.side));
        groups.push((
            Group::Fleet(f.id),
            f.side,
            Shooter::fleet(rules, class, att, jihad, f.vc, f.vt).ambush(rules),
            jihad,
        ));
    }
    let owner = owner_index(setup);
    if willing(owner) {
        let (class, att, _, _) = levels(setup, owner);
        let jihad = jihad_for(owner);
        let w = &setup.world;
        for (group, count, fire) in [
            (Group::Vi, state.world.vi, w.vi_fire),
            (Group::Vp, state.world.vp, w.vp_fire),
        ] {
            let count = u32::try_from(count).unwrap_or(u32::MAX);
            if count == 0 || fire.is_some() {
                continue;
            }
            groups.push((
                group,
                owner.unwrap_or(usize::MAX),
                Shooter::protection(rules, class, att, jihad, count).ambush(rules),
                jihad,
            ));
        }
    }
    groups
}

fn fill_shot(record: &mut ShotRecord, detail: &ShotDetail) {
    record.hits = u64::try_from(detail.hits.n).unwrap_or(u64::MAX);
    record.hits_formula = detail.hits.formula();
    match &detail.effect {
        ShotEffect::Fleet { defence, destroy } => {
            record.target_empty = defence.ships == 0;
            record.cd_formula = defence.formula();
            record.destroyed_formula = destroy.formula();
            record.destroyed = destroy.nd;
        }
        ShotEffect::World(shot) => {
            record.target_empty = shot.destroy.present == 0;
            record.cd_formula = format!(
                "CD = {}",
                decimal_text(shot.destroy.cd_num, shot.destroy.cd_den)
            );
            record.destroyed_formula = shot.destroy.formula();
            record.destroyed = shot.destroy.nd;
            record.layers = shot
                .layers
                .iter()
                .map(|l| LayerRecord {
                    layer: match l.layer {
                        crate::combat::LayerKind::Vp => "VP",
                        crate::combat::LayerKind::Vi => "VI",
                        crate::combat::LayerKind::Population => "P",
                        crate::combat::LayerKind::Industries => "I",
                    },
                    present: l.present,
                    lost: l.lost,
                })
                .collect();
        }
        ShotEffect::NoTarget => {}
    }
}

/// A fleet's CR line in the book's notation: `F_258 "GASKOR" [4]=2T * F_128`,
/// cargo `[2,7N,3C,2R]`.
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
    let mut text = format!("F_{id} \"{owner}\" [{}]={ships}", parts.join(","));
    if let Some((target, conditional)) = fire {
        let mark = if conditional { '?' } else { '*' };
        text.push_str(&format!(" {mark} {}", target.notation()));
    }
    text
}
