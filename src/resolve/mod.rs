//! The turn resolver: the arbiter's program. It takes the galaxy at turn `t`, every
//! player's orders and a random generator, and returns the galaxy at turn `t + 1`,
//! the [`TurnRecord`] the CR writer reads, and the event log of everything that
//! happened (with every voided order and why).
//!
//! # Phases
//!
//! The rule book gives the evaluation order twice (VIII, 20 steps; VIII.1, order
//! weights 1–17 and unweighted sub-phases); catalog §7 merges them. One module per
//! step, named after it, run in this order ([`Step`]):
//!
//! | Step | Module | Book |
//! |---|---|---|
//! | 0 | `initialisation` | VIII.1 "Initialisation": overpopulation deaths |
//! | 1 | `declarations` | weight 1 |
//! | 2 | `probes` | weight 2 "Sondages" |
//! | 3 | `construction` | weight 3: ships, robots, spies, research, robot transformations |
//! | 4 | `population_limit` | weight 4 |
//! | 5, 5* | `emigration` | weight 5 + conflicts |
//! | 6 | `industries` | weight 6 (+ robots into industries) |
//! | 7 | `vi_to_industries` | weight 7 |
//! | 8 | `unload_mp` | weight 8 |
//! | 9, 9* | `unload_pc` | weight 9 + deconversion |
//! | 10 | `treasure_unloading` | weight 10 |
//! | 11 | `transfers` | weight 11 |
//! | 12 | `treasure_loading_and_meva` | weight 12 |
//! | 13, 13* | `loading` | weight 13 + conflicts, merchant points |
//! | 14, 14a–c | `combat_and_movement` | weight 14 |
//! | 15 | `bomb_building` | weight 15 |
//! | 15a | `la_chose` | "Actions de la Chose" |
//! | 15b | `conversion` | VIII step 16 |
//! | 15c | `capture` | VIII step 17 |
//! | 16 | `pillage_and_naming` | weight 16 |
//! | 16a | `piracy` | VIII step 19 |
//! | 17 | `gifts` | weight 17 |
//! | 18 | `end_of_turn` | "MiseAuPoint" |
//! | 19 | `scoring` | "DecomptePoints", final turn and winner |
//!
//! Shared by several steps: `robot_attack`, the robot attack of VI.5.1 (robots
//! emigrated, unloaded or built at 5*, dropped at 14c: one fight), and `kills`, who
//! destroyed what and the points it gives (every fight, bomb and robot attack).
//!
//! # The ledger
//!
//! Phases never change a count directly: they call `Turn::change_ships`,
//! `Turn::change_people`, `Turn::change_mp` and `Turn::change_industries`,
//! which apply the change (never below zero) and log it with its [`Cause`]. So the
//! log reconciles the galaxy before and after the turn, count by count.
//!
//! # Orders
//!
//! Every player's orders are queued by weight (then player, then line). An order
//! that cannot be carried out when its turn comes (not the owner any more, not
//! enough ships …) is voided: `Turn::void` logs a [`VoidedOrder`] with a
//! `resolve-void-*` code. A player with no orders (ONR) simply has none.
//!
//! # Randomness
//!
//! One generator is passed in; phases draw from it in a fixed order, so the same
//! galaxy, orders and seed give the same result, byte for byte.

pub mod event;
pub mod partial;

mod bomb_building;
mod capture;
mod combat_and_movement;
mod construction;
mod conversion;
mod declarations;
mod emigration;
mod end_of_turn;
mod gifts;
mod industries;
mod initialisation;
mod kills;
mod la_chose;
mod loading;
mod pillage_and_naming;
mod piracy;
mod population_limit;
mod probes;
mod robot_attack;
mod scoring;
mod step;
mod transfers;
mod treasure_loading_and_meva;
mod treasure_unloading;
mod unload_mp;
mod unload_pc;
mod vi_to_industries;

use std::collections::{BTreeMap, BTreeSet};

use rand::Rng;
use serde::{Deserialize, Serialize};

use crate::diagnostic::Diagnostic;
use crate::model::record::TurnRecord;
use crate::model::{Class, Fleet, FleetId, Galaxy, PlayerId, WorldId};
use crate::orders::{Order, OrderKind, PlayerRef, Subject};
use crate::rules::Ruleset;
use crate::rules::policy::ExclusiveConflict;

pub use event::{Cause, Event, EventKind, Holder, PeopleKind, Place, ShipKind, VoidedOrder};
pub use step::Step;

/// Every player's orders for one turn. A player absent from the map sent no
/// orders (ONR).
pub type Submissions = BTreeMap<PlayerId, Vec<Order>>;

/// What a turn produced.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TurnOutcome {
    /// The galaxy at the next turn.
    pub galaxy: Galaxy,
    /// The CR markers of the turn.
    pub record: TurnRecord,
    /// Everything that happened, in order.
    pub events: Vec<Event>,
}

impl TurnOutcome {
    /// The orders that were voided, in the order they were met.
    pub fn voided(&self) -> impl Iterator<Item = &VoidedOrder> {
        self.events.iter().filter_map(|e| match &e.kind {
            EventKind::Voided(v) => Some(v),
            _ => None,
        })
    }
}

/// Why an order is voided: its `resolve-void-*` code and the message's arguments.
pub(crate) type Refusal = (&'static str, Vec<(&'static str, String)>);

/// The refusal of an order naming a fleet its player does not own (or that does
/// not exist).
pub(crate) fn fleet_not_owned(fleet: FleetId) -> Refusal {
    (
        "resolve-void-fleet-not-owned",
        vec![("fleet", fleet.to_string())],
    )
}

/// One queued order.
#[derive(Clone, Debug)]
pub(crate) struct Queued {
    pub player: PlayerId,
    pub order: Order,
    /// Set when the order was voided (it is then skipped by later phases).
    pub voided: bool,
}

/// The state of a turn being resolved, handed to each phase in turn.
pub(crate) struct Turn<'a> {
    /// The galaxy as it was at the start of the turn ("au début du tour").
    pub start: &'a Galaxy,
    /// The galaxy being changed.
    pub galaxy: Galaxy,
    pub rules: &'a Ruleset,
    pub rng: &'a mut dyn Rng,
    /// Every order, sorted by weight, player, line.
    pub queue: Vec<Queued>,
    /// The index range of `queue` for each weight.
    weight_ranges: BTreeMap<u8, std::ops::Range<usize>>,
    pub record: TurnRecord,
    pub events: Vec<Event>,
    /// The step being run.
    pub step: Step,
    /// Players who sent orders this turn.
    pub submitted: BTreeSet<PlayerId>,
    /// What a phase notes for a later one.
    pub scratch: Scratch,
}

/// Facts one phase leaves for a later one (each field says who writes and who
/// reads it). Add a field here rather than re-deriving facts from the log.
#[derive(Debug, Default)]
pub(crate) struct Scratch {
    /// Fleets that moved this turn (14b; read by capture, end of turn).
    pub moved: BTreeSet<FleetId>,
    /// Fleets that fled this turn (14; flight halves their CDef).
    pub fleeing: BTreeSet<FleetId>,
    /// Worlds captured this turn, with the captor (5*, 14c, 15b, 15c; read by
    /// pillage, scoring).
    pub captured: BTreeMap<WorldId, PlayerId>,
    /// Worlds pillaged this turn (16; read by piracy, end of turn, scoring).
    pub pillaged: BTreeSet<WorldId>,
    /// MP each merchant unloaded at step 8 on an industrialised world not his own,
    /// by world (8; read and emptied by 13* for the merchants' points).
    pub merchant_mp_unloaded: BTreeMap<WorldId, BTreeMap<PlayerId, u64>>,
    /// Players who gave `Z` this turn: none of their ships ambushes anywhere
    /// (1; read by combat's ambushes through [`Scratch::ambush_disabled`]).
    pub no_ambush_everywhere: BTreeSet<PlayerId>,
    /// `(player, world)` for every `Z m` this turn (1; read as above).
    pub no_ambush_on: BTreeSet<(PlayerId, WorldId)>,
    /// UP left to spend on each world this turn (3–6; a world absent from the
    /// map still has all its active industries).
    pub up_left: BTreeMap<WorldId, u32>,
    /// Robots built at step 3 on each world, landing as emigrants of the world's
    /// owner at step 5 (3 → 5).
    pub robots_built: BTreeMap<WorldId, u32>,
}

impl Scratch {
    /// True when `player` disabled his ambushes on `world` this turn (`Z` or `Z m`).
    pub fn ambush_disabled(&self, player: PlayerId, world: WorldId) -> bool {
        self.no_ambush_everywhere.contains(&player) || self.no_ambush_on.contains(&(player, world))
    }
}

/// Resolves one turn: the galaxy at `galaxy.turn` becomes the galaxy at
/// `galaxy.turn + 1`.
pub fn resolve_turn<R: Rng + ?Sized>(
    galaxy: &Galaxy,
    submissions: &Submissions,
    rules: &Ruleset,
    rng: &mut R,
) -> TurnOutcome {
    let mut rng_ref: &mut R = rng;
    let mut turn = Turn::new(galaxy, submissions, rules, &mut rng_ref);
    turn.run_all();
    turn.finish()
}

impl<'a> Turn<'a> {
    fn new(
        start: &'a Galaxy,
        submissions: &Submissions,
        rules: &'a Ruleset,
        rng: &'a mut dyn Rng,
    ) -> Self {
        let mut turn = Turn {
            start,
            galaxy: start.clone(),
            rules,
            rng,
            queue: Vec::new(),
            weight_ranges: BTreeMap::new(),
            record: TurnRecord {
                turn: start.turn,
                ..TurnRecord::default()
            },
            events: Vec::new(),
            step: Step::Initialisation,
            submitted: submissions.keys().copied().collect(),
            scratch: Scratch::default(),
        };
        for player in turn.galaxy.players.values_mut() {
            player.score_last_turn = 0;
            player.spies.clear();
        }
        turn.build_queue(submissions);
        turn
    }

    /// Queues every order by weight, voiding at once what can never be carried
    /// out: orders of unknown or neutral players, orders reserved to another
    /// class, and a second exclusive order for the same subject.
    ///
    /// Applies ruling G-7 (see the ruling list).
    fn build_queue(&mut self, submissions: &Submissions) {
        let mut queue = Vec::new();
        let mut voided = Vec::new();
        let void_all = self.rules.policies.exclusive_conflict == ExclusiveConflict::VoidAll;
        for (&player, orders) in submissions {
            let class = self.galaxy.player(player).and_then(|p| p.class);
            let Some(class) = class else {
                continue;
            };
            let mut exclusive: BTreeMap<Subject, usize> = BTreeMap::new();
            for order in orders {
                if order.kind.is_exclusive() {
                    *exclusive.entry(order.kind.subject()).or_insert(0) += 1;
                }
            }
            let mut seen: BTreeSet<Subject> = BTreeSet::new();
            for order in orders {
                if let Some(required) = order.kind.required_class()
                    && required != class
                {
                    voided.push((player, order.clone(), "resolve-void-class"));
                    continue;
                }
                if order.kind.is_exclusive() {
                    let subject = order.kind.subject();
                    let several = exclusive.get(&subject).is_some_and(|n| *n > 1);
                    if !seen.insert(subject) || (void_all && several) {
                        voided.push((player, order.clone(), "resolve-void-exclusive"));
                        continue;
                    }
                }
                queue.push(Queued {
                    player,
                    order: order.clone(),
                    voided: false,
                });
            }
        }
        queue.sort_by_key(|q| (q.order.kind.weight(), q.player, q.order.span.line));
        let mut ranges: BTreeMap<u8, std::ops::Range<usize>> = BTreeMap::new();
        for (index, queued) in queue.iter().enumerate() {
            let weight = queued.order.kind.weight();
            ranges
                .entry(weight)
                .and_modify(|r| r.end = index + 1)
                .or_insert(index..index + 1);
        }
        self.queue = queue;
        self.weight_ranges = ranges;
        self.step = Step::Declarations;
        for (player, order, code) in voided {
            let diagnostic = Diagnostic::error(code, order.span);
            self.log(EventKind::Voided(VoidedOrder {
                player,
                order,
                diagnostic,
            }));
        }
        self.step = Step::Initialisation;
    }

    fn run_all(&mut self) {
        for step in Step::ALL {
            self.step = step;
            match step {
                Step::Initialisation => initialisation::run(self),
                Step::Declarations => declarations::run(self),
                Step::Probes => probes::run(self),
                Step::Construction => construction::run(self),
                Step::PopulationLimit => population_limit::run(self),
                Step::Emigration => emigration::run(self),
                Step::Industries => industries::run(self),
                Step::ViToIndustries => vi_to_industries::run(self),
                Step::UnloadMp => unload_mp::run(self),
                Step::UnloadPc => unload_pc::run(self),
                Step::TreasureUnloading => treasure_unloading::run(self),
                Step::Transfers => transfers::run(self),
                Step::TreasureLoadingAndMeva => treasure_loading_and_meva::run(self),
                Step::Loading => loading::run(self),
                Step::CombatAndMovement => combat_and_movement::run(self),
                Step::BombBuilding => bomb_building::run(self),
                Step::LaChose => la_chose::run(self),
                Step::Conversion => conversion::run(self),
                Step::Capture => capture::run(self),
                Step::PillageAndNaming => pillage_and_naming::run(self),
                Step::Piracy => piracy::run(self),
                Step::Gifts => gifts::run(self),
                Step::EndOfTurn => end_of_turn::run(self),
                Step::Scoring => scoring::run(self),
            }
        }
    }

    fn finish(self) -> TurnOutcome {
        TurnOutcome {
            galaxy: self.galaxy,
            record: self.record,
            events: self.events,
        }
    }

    // ---- orders ---------------------------------------------------------------

    /// The queue indices of the orders of this weight (skip the voided ones).
    pub fn orders_of_weight(&self, weight: u8) -> std::ops::Range<usize> {
        self.weight_ranges.get(&weight).cloned().unwrap_or(0..0)
    }

    /// The live (not voided) orders `step` executes (of its [`Step::weight`]; none
    /// for a step without orders), as (index, player, kind) copies — phases then
    /// mutate the turn freely.
    pub fn live_orders(&self, step: Step) -> Vec<(usize, PlayerId, OrderKind)> {
        let Some(weight) = step.weight() else {
            return Vec::new();
        };
        self.orders_of_weight(weight)
            .filter_map(|i| {
                let q = &self.queue[i];
                (!q.voided).then(|| (i, q.player, q.order.kind.clone()))
            })
            .collect()
    }

    /// Voids the queued order at `index` with a `resolve-void-*` code and
    /// arguments for its message.
    pub fn void(&mut self, index: usize, code: &str, args: &[(&str, String)]) {
        let Some(queued) = self.queue.get_mut(index) else {
            return;
        };
        if queued.voided {
            return;
        }
        queued.voided = true;
        let mut diagnostic = Diagnostic::error(code, queued.order.span);
        for (name, value) in args {
            diagnostic = diagnostic.arg(name, value);
        }
        let voided = VoidedOrder {
            player: queued.player,
            order: queued.order.clone(),
            diagnostic,
        };
        self.log(EventKind::Voided(voided));
    }

    /// Voids the queued order at `index` for `refusal` (its code and arguments).
    pub fn refuse(&mut self, index: usize, (code, args): Refusal) {
        self.void(index, code, &args);
    }

    /// Fleet `fleet` when `player` owns it (a fleet that does not exist is nobody's).
    pub fn owned_fleet(&self, player: PlayerId, fleet: FleetId) -> Option<&Fleet> {
        self.galaxy.fleet(fleet).filter(|f| f.owner == player)
    }

    /// A copy of fleet `fleet` when `player` owns it; otherwise voids the order at
    /// `index` ([`fleet_not_owned`]) and returns `None`.
    pub fn owned_fleet_or_void(
        &mut self,
        index: usize,
        player: PlayerId,
        fleet: FleetId,
    ) -> Option<Fleet> {
        let owned = self.owned_fleet(player, fleet).cloned();
        if owned.is_none() {
            self.refuse(index, fleet_not_owned(fleet));
        }
        owned
    }

    /// A player's CAR level (the capacity of each of his VT); 1 for a player who
    /// does not exist.
    pub fn car_of(&self, player: PlayerId) -> u32 {
        self.galaxy
            .player(player)
            .map_or(1, |p| p.tech.level(crate::model::Tech::Car))
    }

    /// The class a player plays by: one without a class (the neutral player, a
    /// player whose class is unknown) counts as an emperor.
    pub fn class_of(&self, player: PlayerId) -> Class {
        self.galaxy
            .player(player)
            .and_then(|p| p.class)
            .unwrap_or(Class::Emperor)
    }

    /// The player a declaration or a gift names: a number of an existing,
    /// non-neutral player, or an exact name the orderer knows.
    ///
    /// Ruling G-5 (VII.3): the target j of a declaration or a gift is the player
    /// number, or a quoted exact player name; a name stands for a player only if the
    /// orderer knows that name ("Vous connaissez de nom"), and a declaration's target,
    /// by number as by name, must be known by name to the declarer ("ne peuvent être
    /// donnés que lorsque vous connaissez de nom le joueur visé") and be neither the
    /// neutral player nor the declarer himself; otherwise the order is voided, as one
    /// naming a number of a player who does not exist. The parser keeps a quoted name
    /// as a name; the validator requires it to be exactly one of the players known by
    /// name, and a number to be the number of one of them (a warning when some known
    /// players' numbers are unknown).
    pub fn player_ref(&self, orderer: PlayerId, player: &PlayerRef) -> Option<PlayerId> {
        match player {
            PlayerRef::Number(id) => self
                .galaxy
                .player(*id)
                .filter(|p| !p.is_neutral())
                .map(|p| p.id),
            PlayerRef::Name(name) => {
                let target = self.galaxy.player_by_name(name)?;
                let knows = target.id == orderer
                    || self
                        .galaxy
                        .player(orderer)
                        .is_some_and(|p| p.known_players.contains(&target.id));
                knows.then_some(target.id)
            }
        }
    }

    // ---- log and ledger -------------------------------------------------------

    /// Appends an event at the current step.
    pub fn log(&mut self, kind: EventKind) {
        self.events.push(Event {
            step: self.step,
            kind,
        });
    }

    /// Adds points to a player's score of this turn (reason: a Fluent id suffix).
    pub fn score(&mut self, player: PlayerId, points: i64, reason: &str) {
        if points == 0 || player.is_neutral() {
            return;
        }
        if let Some(p) = self.galaxy.players.get_mut(&player) {
            p.score += points;
            p.score_last_turn += points;
        }
        self.log(EventKind::Points {
            player,
            points,
            reason: reason.to_string(),
        });
    }

    /// Changes the ships of a holder by `delta` (never below zero); returns the
    /// change actually made. Unknown holders change nothing.
    pub fn change_ships(
        &mut self,
        holder: Holder,
        kind: ShipKind,
        delta: i64,
        cause: Cause,
    ) -> i64 {
        let slot: Option<&mut u32> = match (holder, kind) {
            (Holder::Fleet(f), ShipKind::Vc) => self.galaxy.fleets.get_mut(&f).map(|f| &mut f.vc),
            (Holder::Fleet(f), ShipKind::Vt) => self.galaxy.fleets.get_mut(&f).map(|f| &mut f.vt),
            (Holder::Vi(w), _) => self.galaxy.worlds.get_mut(&w).map(|w| &mut w.vi),
            (Holder::Vp(w), _) => self.galaxy.worlds.get_mut(&w).map(|w| &mut w.vp),
            (Holder::Fleet(_), ShipKind::Guard) => None,
        };
        let Some(slot) = slot else { return 0 };
        let applied = apply_delta(slot, delta);
        if applied != 0 {
            let kind = match holder {
                Holder::Fleet(_) => kind,
                _ => ShipKind::Guard,
            };
            self.log(EventKind::Ships {
                holder,
                kind,
                delta: applied,
                cause,
            });
        }
        applied
    }

    /// Changes the people of a place by `delta` (never below zero); returns the
    /// change made. Converts on a fleet belong to one missionary: loading
    /// converts of another missionary onto a fleet that carries some changes
    /// nothing (the phase must check first).
    pub fn change_people(
        &mut self,
        place: Place,
        kind: PeopleKind,
        delta: i64,
        cause: Cause,
    ) -> i64 {
        let applied = match place {
            Place::World(w) => {
                let Some(world) = self.galaxy.worlds.get_mut(&w) else {
                    return 0;
                };
                let pop = &mut world.population;
                match kind {
                    PeopleKind::N => apply_delta(&mut pop.non_converts, delta),
                    PeopleKind::R => apply_delta(&mut pop.robots, delta),
                    PeopleKind::C(missionary) => {
                        let slot = pop.converts.entry(missionary).or_insert(0);
                        let applied = apply_delta(slot, delta);
                        if *slot == 0 {
                            pop.converts.remove(&missionary);
                        }
                        applied
                    }
                }
            }
            Place::Fleet(f) => {
                let Some(fleet) = self.galaxy.fleets.get_mut(&f) else {
                    return 0;
                };
                let cargo = &mut fleet.cargo;
                match kind {
                    PeopleKind::N => apply_delta(&mut cargo.n, delta),
                    PeopleKind::R => apply_delta(&mut cargo.r, delta),
                    PeopleKind::C(missionary) => {
                        if cargo.c > 0 && cargo.c_missionary != Some(missionary) {
                            return 0;
                        }
                        let applied = apply_delta(&mut cargo.c, delta);
                        cargo.c_missionary = (cargo.c > 0).then_some(missionary);
                        applied
                    }
                }
            }
        };
        if applied != 0 {
            self.log(EventKind::People {
                place,
                kind,
                delta: applied,
                cause,
            });
        }
        applied
    }

    /// Changes the MP of a place by `delta` (never below zero); returns the change.
    pub fn change_mp(&mut self, place: Place, delta: i64, cause: Cause) -> i64 {
        let slot = match place {
            Place::World(w) => self.galaxy.worlds.get_mut(&w).map(|w| &mut w.mp),
            Place::Fleet(f) => self.galaxy.fleets.get_mut(&f).map(|f| &mut f.cargo.mp),
        };
        let Some(slot) = slot else { return 0 };
        let applied = apply_delta(slot, delta);
        if applied != 0 {
            self.log(EventKind::Mp {
                place,
                delta: applied,
                cause,
            });
        }
        applied
    }

    /// Changes the industries of a world by `delta` (never below zero; active
    /// industries never above industries); returns the change.
    pub fn change_industries(&mut self, world: WorldId, delta: i64, cause: Cause) -> i64 {
        let Some(w) = self.galaxy.worlds.get_mut(&world) else {
            return 0;
        };
        let applied = apply_delta(&mut w.industries, delta);
        w.active_industries = w.active_industries.min(w.industries);
        if applied != 0 {
            self.log(EventKind::Industries {
                world,
                delta: applied,
                cause,
            });
        }
        applied
    }

    /// How many ships of `kind` (VC or VT) fleet `fleet` can lose by its own
    /// orders (probe, transfer, MEVA, bomb building) and still carry its cargo.
    ///
    /// Ruling G-54 (V.4): an order taking ships out of a fleet (transfer, probe,
    /// MEVA, bomb building) is clipped so that the ships left can carry the cargo (a
    /// VC carries 1, a VT the owner's CAR), and an order that can take none is voided
    /// (a fleet's probe that would leave more cargo than capacity is voided); the
    /// validator warns of a transfer the arbiter will clip. Likewise a fleet whose
    /// cargo its receiver's ships could not carry (his CAR is lower than the giver's)
    /// is not given: the gift is voided rather than part of the cargo lost (VII.3.6).
    pub fn ships_free_of_cargo(&self, fleet: FleetId, kind: ShipKind) -> u32 {
        let Some(f) = self.galaxy.fleets.get(&fleet) else {
            return 0;
        };
        let car = self.car_of(f.owner);
        let spare = f.capacity(car).saturating_sub(f.cargo.total());
        let (count, each) = match kind {
            ShipKind::Vc => (f.vc, 1u64),
            ShipKind::Vt => (f.vt, u64::from(car)),
            ShipKind::Guard => return 0,
        };
        if each == 0 {
            return count;
        }
        u32::try_from((spare / each).min(u64::from(count))).unwrap_or(count)
    }

    /// Changes a world's owner (logged; the record keeps the owner at the start
    /// of the turn).
    pub fn set_world_owner(&mut self, world: WorldId, to: PlayerId) {
        let Some(w) = self.galaxy.worlds.get_mut(&world) else {
            return;
        };
        let from = w.owner;
        if from == to {
            return;
        }
        w.owner = to;
        self.record
            .world_previous_owner
            .entry(world)
            .or_insert(from);
        self.log(EventKind::WorldOwner { world, from, to });
    }

    /// Changes a fleet's owner (logged; the record keeps the owner at the start
    /// of the turn).
    pub fn set_fleet_owner(&mut self, fleet: FleetId, to: PlayerId) {
        let Some(f) = self.galaxy.fleets.get_mut(&fleet) else {
            return;
        };
        let from = f.owner;
        if from == to {
            return;
        }
        f.owner = to;
        self.record
            .fleet_previous_owner
            .entry(fleet)
            .or_insert(from);
        self.log(EventKind::FleetOwner { fleet, from, to });
    }
}

/// Adds `delta` to `slot` without going below zero or above `u32::MAX`;
/// returns the change made.
fn apply_delta(slot: &mut u32, delta: i64) -> i64 {
    let before = i64::from(*slot);
    let after = (before + delta).clamp(0, i64::from(u32::MAX));
    *slot = u32::try_from(after).unwrap_or(u32::MAX);
    after - before
}
