//! One round of the simulator (one turn's step 14 on the world), in the order it is
//! played: the fire orders that can be carried out, the conditional fires settled,
//! the volley, the fight's losses applied, the ambushes on the crossing fleets (first
//! round only), then the records and the departures.

use std::collections::{BTreeMap, BTreeSet};

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use crate::combat::{
    Aim, FleetTarget, LayerKind, Shooter, Shot, ShotDetail, ShotEffect, VolleyResult, WorldAim,
    WorldTarget, apply_fleet_losses, bomb_points, decimal_text, resolve_ambush_route,
    resolve_volley, robot_fight,
};
use crate::model::{Cargo, Class, PlayerId};
use crate::rules::Ruleset;

use super::conditional::{FireIntent, triggered};
use super::run::{
    BombRecord, FleetRecord, FleetState, Group, LayerRecord, RobotDrop, RobotRecord, RoundRecord,
    ShotRecord, State, WorldCounts, WorldRecord, fleet_notation, ships_per_side,
};
use super::setup::{CargoSetup, FleetSetup, Setup, Target};

/// Plays one round from `state`; returns its record and the state after it.
pub fn play_round(
    setup: &Setup,
    rules: &Ruleset,
    state: &State,
    round: u32,
) -> (RoundRecord, State) {
    let ctx = Round::new(setup, rules, state, round == 1);
    let world = ctx.world_target();
    let mut orders = ctx.fleet_fire_orders();
    orders.extend(ctx.protection_fire_orders(&world));
    let fires = ctx.fires(&orders);
    let volley = resolve_volley(
        &ctx.fleet_targets(),
        std::slice::from_ref(&world),
        &shots_fired(&orders, &fires),
    );
    let shot_records = ctx.shot_records(&orders, &fires, &volley);

    let mut next = state.clone();
    let lost_world = apply_fight_losses(&mut next, &ctx.in_fight, &volley);
    // Step 14 (G-143): the fire, then the bombs, then the moves, then the robots.
    let vc_fire_lost: Vec<u32> = state
        .fleets
        .iter()
        .zip(&next.fleets)
        .map(|(before, after)| before.vc.saturating_sub(after.vc))
        .collect();
    let bombs = if ctx.first {
        ctx.drop_bombs(&mut next)
    } else {
        Vec::new()
    };
    let mut ambushed: Vec<(u32, u32)> = vec![(0, 0); next.fleets.len()];
    let ambush_records = if ctx.first {
        ctx.ambush_crossing_fleets(&mut next, &mut ambushed)
    } else {
        Vec::new()
    };
    let robots = if ctx.first {
        ctx.robot_attack(&mut next, &vc_fire_lost)
    } else {
        None
    };
    let mut fleet_records = ctx.fleet_records_and_departures(&mut next, &shot_records, &ambushed);
    // The VC that became robots are no loss to the fire.
    for drop in robots.iter().flat_map(|r| &r.drops) {
        if let Some(f) = fleet_records.iter_mut().find(|f| f.id == drop.fleet) {
            f.vc_lost = f.vc_lost.saturating_sub(drop.vc_used);
            f.vc_robots = drop.vc_used;
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
        bombs,
        robots,
    };
    (record, next)
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

/// A round's setup, start state and lookups (built once per round).
struct Round<'a> {
    setup: &'a Setup,
    rules: &'a Ruleset,
    state: &'a State,
    first: bool,
    owner: Option<usize>,
    /// `(side index, fleet index)` in the setup, by fleet id.
    positions: BTreeMap<u32, (usize, usize)>,
    /// Index in `state.fleets`, by fleet id.
    state_index: BTreeMap<u32, usize>,
    /// The fleets in the fight (present and not crossing), as indices in `state.fleets`.
    in_fight: Vec<usize>,
    /// Index in the volley's fleets (that is, in `in_fight`), by fleet id.
    volley_positions: BTreeMap<u32, usize>,
    /// `M_463`, or `M` for a world without number.
    world_text: String,
}

impl<'a> Round<'a> {
    fn new(setup: &'a Setup, rules: &'a Ruleset, state: &'a State, first: bool) -> Round<'a> {
        let mut state_index = BTreeMap::new();
        for (i, f) in state.fleets.iter().enumerate() {
            state_index.entry(f.id).or_insert(i);
        }
        let mut round = Round {
            setup,
            rules,
            state,
            first,
            owner: state.owner,
            positions: setup.fleet_positions(),
            state_index,
            in_fight: Vec::new(),
            volley_positions: BTreeMap::new(),
            world_text: setup
                .world
                .id
                .map_or_else(|| "M".to_string(), |id| format!("M_{id}")),
        };
        round.in_fight = state
            .fleets
            .iter()
            .enumerate()
            .filter(|(_, f)| f.present && !round.crossing(f.id))
            .map(|(i, _)| i)
            .collect();
        for (position, &i) in round.in_fight.iter().enumerate() {
            if let Some(f) = state.fleets.get(i) {
                round.volley_positions.entry(f.id).or_insert(position);
            }
        }
        round
    }

    fn fleet_setup(&self, id: u32) -> Option<&'a FleetSetup> {
        let setup = self.setup;
        self.positions
            .get(&id)
            .and_then(|&(s, f)| setup.sides.get(s).and_then(|side| side.fleets.get(f)))
    }

    /// Fleeing: on the first round only.
    fn fleeing(&self, id: u32) -> bool {
        self.first && self.fleet_setup(id).is_some_and(|f| f.fleeing)
    }

    fn crossing(&self, id: u32) -> bool {
        self.fleet_setup(id).is_some_and(|f| f.crossing)
    }

    fn side_name(&self, side: usize) -> String {
        self.setup
            .sides
            .get(side)
            .map_or_else(String::new, |s| s.name.clone())
    }

    fn shooter_text(&self, group: Group) -> String {
        match group {
            Group::Fleet(id) => format!("F_{id}"),
            Group::Vi => format!("VI {}", self.world_text),
            Group::Vp => format!("VP {}", self.world_text),
        }
    }

    // --- The targets, at the start-of-round counts.

    /// The fleets in the fight, in the volley's order.
    fn fleet_targets(&self) -> Vec<FleetTarget> {
        self.in_fight
            .iter()
            .filter_map(|&i| self.state.fleets.get(i))
            .map(|f| {
                let (_, _, def, car) = levels(self.setup, Some(f.side));
                FleetTarget::new(self.rules, def, car, f.vc, f.vt, &cargo_of(f.cargo))
                    .with_fleeing(self.fleeing(f.id))
            })
            .collect()
    }

    fn world_target(&self) -> WorldTarget {
        let (_, _, owner_def, _) = levels(self.setup, self.owner);
        let counts = &self.state.world;
        let mut world = WorldTarget::new(self.rules, owner_def);
        world.vi = u32::try_from(counts.vi).unwrap_or(u32::MAX);
        world.vp = u32::try_from(counts.vp).unwrap_or(u32::MAX);
        world.non_converts = counts.n;
        world.converts = counts.converts.clone();
        world.robots = counts.robots;
        world.industries = counts.industries;
        world
    }

    // --- The fire orders that can be carried out this round.

    /// The sides a fire on `target` is an aggression against.
    fn victims_of(&self, target: Target) -> Vec<usize> {
        match target {
            Target::Fleet(id) => self
                .state_index
                .get(&id)
                .and_then(|&i| self.state.fleets.get(i))
                .map(|f| vec![f.side])
                .unwrap_or_default(),
            Target::M | Target::P | Target::I => self.owner.into_iter().collect(),
            Target::N => Vec::new(),
            Target::C => self
                .setup
                .world
                .converts
                .iter()
                .filter_map(|(name, _)| self.setup.side_index(name))
                .collect(),
        }
    }

    /// `side` fires on its Jihad target (one of `victims`).
    fn jihad_for(&self, side: usize, victims: &[usize]) -> bool {
        self.setup
            .sides
            .get(side)
            .and_then(|s| s.jihad.as_deref())
            .and_then(|j| self.setup.side_index(j))
            .is_some_and(|j| victims.contains(&j))
    }

    fn aim_for(&self, target: Target) -> Option<Aim> {
        match target {
            Target::Fleet(id) => self.volley_positions.get(&id).copied().map(Aim::Fleet),
            other => world_aim(other).map(|aim| Aim::World(0, aim)),
        }
    }

    /// The fire orders of the fleets in the fight (not fleeing, with ships, aimed at
    /// something a fleet can fire on).
    fn fleet_fire_orders(&self) -> Vec<Order> {
        let mut orders = Vec::new();
        for &i in &self.in_fight {
            let Some(f) = self.state.fleets.get(i) else {
                continue;
            };
            let Some(fs) = self.fleet_setup(f.id) else {
                continue;
            };
            let Some(target) = fs.fire else { continue };
            if fs.fleeing
                || fs.robots_or_bomb()
                || f.ships() == 0
                || matches!(target, Target::N | Target::C)
            {
                continue;
            }
            let Some(aim) = self.aim_for(target) else {
                continue;
            };
            let victims = self.victims_of(target);
            let jihad = self.jihad_for(f.side, &victims);
            let (class, att, _, _) = levels(self.setup, Some(f.side));
            orders.push(Order {
                group: Group::Fleet(f.id),
                side: f.side,
                target,
                conditional: fs.conditional,
                shooter: Shooter::fleet(self.rules, class, att, jihad, f.vc, f.vt),
                jihad,
                aim,
                victims,
            });
        }
        orders
    }

    /// The fire orders of the world's VI (on a fleet) and VP (on a fleet, `N` or `C`).
    fn protection_fire_orders(&self, world: &WorldTarget) -> Vec<Order> {
        let mut orders = Vec::new();
        let Some(owner) = self.owner else {
            return orders;
        };
        let (class, att, _, _) = levels(self.setup, Some(owner));
        let w = &self.setup.world;
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
            let Some(aim) = self.aim_for(target) else {
                continue;
            };
            let victims = self.victims_of(target);
            let jihad = self.jihad_for(owner, &victims);
            orders.push(Order {
                group,
                side: owner,
                target,
                conditional,
                shooter: Shooter::protection(self.rules, class, att, jihad, count),
                jihad,
                aim,
                victims,
            });
        }
        orders
    }

    /// Which of `orders` fire (the conditional ones settled).
    fn fires(&self, orders: &[Order]) -> Vec<bool> {
        let intents: Vec<FireIntent> = orders
            .iter()
            .map(|o| FireIntent {
                issuer: o.side,
                victims: o.victims.clone(),
                conditional: o.conditional,
            })
            .collect();
        let sides = &self.setup.sides;
        let allied =
            |a: usize, b: usize| match (sides.get(a), sides.get(b).map(|s| s.name.as_str())) {
                (Some(side), Some(name)) => side.allies.iter().any(|x| x == name),
                _ => false,
            };
        triggered(&intents, allied)
    }

    // --- The records.

    /// A fired shot's record before its numbers are filled in.
    fn shot_record(
        &self,
        group: Group,
        side: usize,
        target: String,
        shooter: &Shooter,
        jihad: bool,
    ) -> ShotRecord {
        ShotRecord {
            shooter: group,
            shooter_text: self.shooter_text(group),
            side: self.side_name(side),
            target,
            conditional: false,
            fired: true,
            ambush: false,
            jihad,
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
        }
    }

    /// Every fire order's record, the volley's numbers on those that fired.
    fn shot_records(
        &self,
        orders: &[Order],
        fires: &[bool],
        volley: &VolleyResult,
    ) -> Vec<ShotRecord> {
        let mut details = volley.shots.iter();
        let mut records = Vec::with_capacity(orders.len());
        for (order, &fired) in orders.iter().zip(fires) {
            let mut record = ShotRecord {
                conditional: order.conditional,
                fired,
                ..self.shot_record(
                    order.group,
                    order.side,
                    order.target.notation(),
                    &order.shooter,
                    order.jihad,
                )
            };
            if fired && let Some(detail) = details.next() {
                fill_shot(&mut record, detail);
            }
            records.push(record);
        }
        records
    }

    // --- Ambushes on the crossing fleets (first round only), with the counts after the fight.

    /// Ambushes every crossing fleet of `next` that has ships; returns the ambush shots
    /// and records each fleet's `(VC, VT)` lost in `ambushed`.
    fn ambush_crossing_fleets(
        &self,
        next: &mut State,
        ambushed: &mut [(u32, u32)],
    ) -> Vec<ShotRecord> {
        let mut records = Vec::new();
        for i in 0..next.fleets.len() {
            let Some(mover) = next.fleets.get(i).cloned() else {
                continue;
            };
            if !self.crossing(mover.id) || mover.ships() == 0 {
                continue;
            }
            let groups = ambushers(self.setup, self.rules, next, mover.side);
            if groups.is_empty() {
                continue;
            }
            let (_, _, def, car) = levels(self.setup, Some(mover.side));
            let target = FleetTarget::new(
                self.rules,
                def,
                car,
                mover.vc,
                mover.vt,
                &cargo_of(mover.cargo),
            );
            let shooters: Vec<Shooter> = groups.iter().map(|g| g.2).collect();
            let outcome = resolve_ambush_route(&target, &[shooters]);
            let Some(hop) = outcome.hops.first() else {
                continue;
            };
            for ((group, side, shooter, jihad), detail) in groups.iter().zip(&hop.shots) {
                let mut record = ShotRecord {
                    ambush: true,
                    ..self.shot_record(*group, *side, format!("F_{}", mover.id), shooter, *jihad)
                };
                fill_shot(&mut record, detail);
                records.push(record);
            }
            if let (Some(f), Some(a)) = (next.fleets.get_mut(i), ambushed.get_mut(i)) {
                *a = (hop.losses.vc_lost, hop.losses.vt_lost);
                f.vc = hop.losses.vc_left;
                f.vt = hop.losses.vt_left;
                f.cargo = hop.losses.cargo_left;
            }
        }
        records
    }

    // --- Bombs and robots (first round only), after the fire.

    /// The fleet carries out its bomb or robot order: on the world for the fight
    /// (neither fleeing nor crossing, which take precedence).
    fn stays_for(&self, f: &FleetState) -> Option<&'a FleetSetup> {
        let fs = self.fleet_setup(f.id)?;
        (f.present && !fs.fleeing && !fs.crossing).then_some(fs)
    }

    /// Drops the bombs (VII.1.4): "il n'est pas possible d'empêcher une flotte de
    /// larguer sa bombe même en tirant dessus", a fleet emptied by the fire drops
    /// it too. The world loses everything [`crate::combat::Razed`] lists and turns
    /// neutral.
    fn drop_bombs(&self, next: &mut State) -> Vec<BombRecord> {
        let mut records = Vec::new();
        for f in &self.state.fleets {
            let Some(fs) = self.stays_for(f) else {
                continue;
            };
            if !fs.bomb {
                continue;
            }
            let side = self.setup.sides.get(f.side);
            let owner_name = next
                .owner
                .and_then(|o| self.setup.sides.get(o))
                .map(|o| o.name.as_str());
            let jihad = side.and_then(|s| s.jihad.as_deref());
            let points = bomb_points(self.rules, side.map(|s| s.class), || {
                jihad.is_some() && jihad == owner_name
            })
            .map(|(points, _)| points);
            let razed = std::mem::take(&mut next.world);
            next.world.converts = vec![0; razed.converts.len()];
            next.owner = None;
            records.push(BombRecord {
                fleet: f.id,
                side: self.side_name(f.side),
                razed,
                mp: std::mem::take(&mut next.mp),
                points,
            });
        }
        records
    }

    /// The robot attack (VI.5.1): each fleet's `F_f T x R` turns VC into robots
    /// (G-79: the VC destroyed by the fire die first), the robots land, then
    /// [`robot_fight`] settles the fight against the world's robots and
    /// populations, as the resolver does at 14c. `vc_fire_lost` holds each fleet's
    /// VC destroyed by the fire this round.
    fn robot_attack(&self, next: &mut State, vc_fire_lost: &[u32]) -> Option<RobotRecord> {
        let per_vc = self.rules.production.robots.per_vc_attack.max(1);
        let mut drops = Vec::new();
        let mut arrived: BTreeMap<PlayerId, u64> = BTreeMap::new();
        for (i, f) in self.state.fleets.iter().enumerate() {
            let Some(fs) = self.stays_for(f) else {
                continue;
            };
            if fs.robots == 0 {
                continue;
            }
            let vc_asked = (fs.robots / per_vc).min(f.vc);
            let vc_destroyed = vc_fire_lost.get(i).copied().unwrap_or(0);
            let Some(now) = next.fleets.get_mut(i) else {
                continue;
            };
            let vc_used = vc_asked.saturating_sub(vc_destroyed).min(now.vc);
            if vc_used > 0 {
                let (_, _, def, car) = levels(self.setup, Some(now.side));
                let target =
                    FleetTarget::new(self.rules, def, car, now.vc, now.vt, &cargo_of(now.cargo));
                let losses = apply_fleet_losses(&target, u64::from(vc_used));
                now.vc = losses.vc_left;
                now.vt = losses.vt_left;
                now.cargo = losses.cargo_left;
            }
            let robots = u64::from(vc_used) * u64::from(per_vc);
            if robots > 0 {
                *arrived.entry(player_of(f.side)).or_insert(0) += robots;
                next.world.robots = next.world.robots.saturating_add(robots);
            }
            drops.push(RobotDrop {
                fleet: f.id,
                side: self.side_name(f.side),
                asked: fs.robots,
                vc_asked,
                vc_destroyed,
                vc_used,
                robots,
                formula: format!("R = {per_vc} × max(0, {vc_asked} − {vc_destroyed}) = {robots}"),
            });
        }
        if drops.is_empty() {
            return None;
        }
        let mut record = RobotRecord {
            drops,
            sides: Vec::new(),
            winner: None,
            robots_formula: String::new(),
            population_formulas: Vec::new(),
            lost: WorldCounts::default(),
            captor: None,
            emptied: false,
        };
        // The converts by missionary, in the resolver's order (by player).
        let mut converts: Vec<(PlayerId, u64, usize)> = self
            .setup
            .world
            .converts
            .iter()
            .zip(&next.world.converts)
            .enumerate()
            .filter_map(|(k, ((name, _), &c))| {
                self.setup.side_index(name).map(|s| (player_of(s), c, k))
            })
            .collect();
        converts.sort_by_key(|&(p, _, k)| (p, k));
        let by_missionary: Vec<(PlayerId, u64)> =
            converts.iter().map(|&(p, c, _)| (p, c)).collect();
        let owner = next.owner.map_or(PlayerId::NEUTRAL, player_of);
        let mut rng = ChaCha8Rng::seed_from_u64(self.setup.seed);
        let fight = robot_fight(
            self.rules,
            &mut rng,
            owner,
            next.world.robots,
            &arrived,
            next.world.n,
            &by_missionary,
        )?;
        let name_of = |p: PlayerId| side_of(p).map_or_else(String::new, |s| self.side_name(s));
        record.sides = fight.sides.iter().map(|(&p, &n)| (name_of(p), n)).collect();
        record.winner = fight.winner.map(|(p, kept)| (name_of(p), kept));
        record.robots_formula = fight.robots_formula();
        record.population_formulas = fight.population_formulas().to_vec();
        let mut lost = WorldCounts {
            converts: vec![0; next.world.converts.len()],
            ..WorldCounts::default()
        };
        lost.n = fight.n_killed;
        lost.robots = fight.robots_lost;
        for &(missionary, killed) in &fight.converts_killed {
            // Each missionary's converts, as one group: the first of his entries.
            if let Some(&(_, _, k)) = converts.iter().find(|&&(p, _, _)| p == missionary)
                && let Some(slot) = lost.converts.get_mut(k)
            {
                *slot += killed;
            }
        }
        let w = &mut next.world;
        w.n = w.n.saturating_sub(lost.n);
        w.robots = w.robots.saturating_sub(lost.robots);
        for (c, l) in w.converts.iter_mut().zip(&lost.converts) {
            *c = c.saturating_sub(*l);
        }
        record.lost = lost;
        if let Some(captor) = fight.captor() {
            next.owner = side_of(captor);
            record.captor = Some(name_of(captor));
        }
        // 14c leaves the empty world to the capture sub-phase, which makes it
        // neutral (G-95): the simulator plays both.
        if fight.emptied() {
            record.emptied = true;
            next.owner = None;
        }
        Some(record)
    }

    // --- Records, departures.

    /// Each present fleet's record over the round; a fleeing or crossing fleet with
    /// ships left leaves the world (no longer present in `next`).
    fn fleet_records_and_departures(
        &self,
        next: &mut State,
        shots: &[ShotRecord],
        ambushed: &[(u32, u32)],
    ) -> Vec<FleetRecord> {
        let fired_fleets: BTreeSet<u32> = shots
            .iter()
            .filter(|s| s.fired)
            .filter_map(|s| match s.shooter {
                Group::Fleet(id) => Some(id),
                _ => None,
            })
            .collect();
        let mut records = Vec::new();
        for (i, f) in next.fleets.iter_mut().enumerate() {
            if !f.present {
                continue;
            }
            let before = self
                .state
                .fleets
                .get(i)
                .map_or((0, 0, [0; 4]), |b| (b.vc, b.vt, b.cargo));
            let ambushed = ambushed.get(i).copied().unwrap_or((0, 0));
            let record = self.fleet_record(f, before, ambushed, fired_fleets.contains(&f.id));
            if record.leaves {
                f.present = false;
            }
            records.push(record);
        }
        records
    }

    /// Fleet `f` after the round, from its `(VC, VT, cargo)` before it and the
    /// `(VC, VT)` lost to the ambushes.
    fn fleet_record(
        &self,
        f: &FleetState,
        (vc0, vt0, cargo0): (u32, u32, [u64; 4]),
        (vc_amb, vt_amb): (u32, u32),
        fired: bool,
    ) -> FleetRecord {
        let is_fleeing = self.fleeing(f.id);
        let is_crossing = self.first && self.crossing(f.id);
        let leaves = (is_fleeing || is_crossing) && f.ships() > 0;
        let stopped = (is_fleeing || is_crossing) && f.ships() == 0;
        let fire = self.fleet_setup(f.id).and_then(|fs| {
            if fs.fleeing || fs.crossing {
                None
            } else {
                fs.fire.map(|t| (t, fs.conditional))
            }
        });
        let mut cargo_lost = [0u64; 4];
        for (k, lost) in cargo_lost.iter_mut().enumerate() {
            *lost = cargo0[k].saturating_sub(f.cargo[k]);
        }
        let side = self.side_name(f.side);
        FleetRecord {
            id: f.id,
            vc_before: vc0,
            vt_before: vt0,
            cargo_before: CargoSetup::from_array(cargo0),
            vc_lost: vc0.saturating_sub(f.vc).saturating_sub(vc_amb),
            vt_lost: vt0.saturating_sub(f.vt).saturating_sub(vt_amb),
            vc_ambushed: vc_amb,
            vt_ambushed: vt_amb,
            vc_robots: 0,
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
                &side,
                f.vc,
                f.vt,
                f.cargo,
                if fired { fire } else { None },
            ),
            side,
        }
    }
}

/// The shots of the orders that fire, in order.
fn shots_fired(orders: &[Order], fires: &[bool]) -> Vec<Shot> {
    orders
        .iter()
        .zip(fires)
        .filter(|(_, f)| **f)
        .map(|(o, _)| Shot {
            shooter: o.shooter,
            aim: o.aim,
        })
        .collect()
}

/// Applies the fight's losses to `next` (the fleets of `in_fight`, in the volley's
/// order, and the world); returns what the world lost.
fn apply_fight_losses(next: &mut State, in_fight: &[usize], volley: &VolleyResult) -> WorldCounts {
    for (slot, &i) in in_fight.iter().enumerate() {
        if let (Some(losses), Some(f)) = (volley.fleets.get(slot), next.fleets.get_mut(i)) {
            f.vc = losses.vc_left;
            f.vt = losses.vt_left;
            f.cargo = losses.cargo_left;
        }
    }
    let lost = volley
        .worlds
        .first()
        .map(|l| WorldCounts {
            vi: l.vi,
            vp: l.vp,
            n: l.non_converts,
            converts: l.converts.clone(),
            robots: l.robots,
            industries: l.industries,
        })
        .unwrap_or_default();
    let w = &mut next.world;
    w.vi = w.vi.saturating_sub(lost.vi);
    w.vp = w.vp.saturating_sub(lost.vp);
    w.n = w.n.saturating_sub(lost.n);
    w.robots = w.robots.saturating_sub(lost.robots);
    w.industries = w.industries.saturating_sub(lost.industries);
    for (c, l) in w.converts.iter_mut().zip(&lost.converts) {
        *c = c.saturating_sub(*l);
    }
    lost
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

/// The player standing for side `side` in the functions of [`crate::combat`].
fn player_of(side: usize) -> PlayerId {
    PlayerId(u32::try_from(side).map_or(u32::MAX, |s| s.saturating_add(1)))
}

/// The side of a player of [`player_of`] (`None`: neutral).
fn side_of(player: PlayerId) -> Option<usize> {
    usize::try_from(player.0).ok()?.checked_sub(1)
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
        let idle =
            fs.fire.is_none() && !fs.fleeing && !fs.crossing && !fs.peace && !fs.robots_or_bomb();
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
    let owner = state.owner;
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
                        LayerKind::Vp => "VP",
                        LayerKind::Vi => "VI",
                        LayerKind::Population => "P",
                        LayerKind::Industries => "I",
                    },
                    present: l.present,
                    lost: l.lost,
                })
                .collect();
        }
        ShotEffect::NoTarget => {}
    }
}
