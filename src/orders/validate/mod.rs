//! The order validator: a player's orders checked against what he knows (his
//! CRs, NBTs and their history, [`Knowledge`]) and the rules ([`Ruleset`]).
//!
//! [`validate`] is pure (no I/O) and never fails; [`check_orders`] parses a
//! whole order file, validates it and returns the parser's and the validator's
//! diagnostics together, sorted by position, each pointing at the offending token
//! when it can (`F_57` in `F_57 MM 48 304`).
//!
//! # How it works
//!
//! The orders run through a small simulation of the turn in the book's phase
//! order (weight, then file order, catalog §7): the counts of the worlds and
//! fleets they touch start from the latest CR, and each order takes what it uses
//! (ships built at step 3 can move at step 14, VI transferred at step 11 come too
//! late for step 7, a VC that probes at step 2 is gone before the transfers …).
//! Two passes in file order follow: exclusivity (§1.2) and the UP budget of each
//! world. The knowledge is indexed once ([`PlayerContext`]); every check is a few
//! map lookups: a 300-order file validates in well under a millisecond.
//!
//! # Severity
//!
//! Error: the arbiter refuses or voids the order (or the order cannot do what it
//! says). Warning: legal but probably a mistake (clipped, lost, not checkable).
//! Nothing is ever an error because something is **unknown**: an unknown owner,
//! count, class, connection list or declaration downgrades the check to a warning
//! ("cannot check") or skips it.
//!
//! # Catalog §1.3, row by row
//!
//! Implemented (the knowledge each needs in brackets):
//! - #1 naming: world owned \[latest CR\] (checked at step 16, after captures: a
//!   warning where the player may capture it, G-14); several names for one world
//!   (warning, the last wins).
//! - #2–#9, #14–#16 declarations: target known by name \[known players\], not the
//!   orderer, not neutral (G-135); #14 missionary only \[class\], Jihad change delay
//!   (G-13, `combat.jihad_change_delay`) \[`Vos déclarations`, the turn shown in
//!   `J:"X":j(T)`\].
//! - #10, #11 peace / war: fleet owned \[latest CR\].
//! - #17–#19 probes: prober owned; one VI / VP / VC per probe present at the start
//!   of the turn \[counts\]; target adjacent (G-61 for fleets) \[connections, any
//!   turn\]; a known black hole (warning: probe lost).
//! - #20–#23 emigration: world owned; target adjacent; known black hole (warning);
//!   UP budget (G-46, G-8); quantity of that population (warning, G-9);
//!   overpopulation cap at the target (G-44, warning); no permission needed (G-47).
//! - #24–#43 constructions: world owned; UP budget per world summed over every
//!   producing order (G-8) \[active industries\]; industries at the class's cost
//!   (the cheapest class's when unknown); VC/VT built on a fleet at that world
//!   (G-60); robots and robot transformations robotron only, multiples of 2 / 12
//!   (G-42), robots available (warning); spies category 1..=9; research at the
//!   maximum level (warning, G-43) \[technology block\].
//! - #29 VI into industries: VI available at step 7, the class's rate (warning).
//! - #36 bomb: fleet owned; 25 VC after step 14 (error below, warning at exactly
//!   25: "prévoyez au moins un vaisseau de plus"); one bomb per fleet (G-109).
//! - #44–#49 unloading: fleet owned; cargo carried (warning); people on a world
//!   not owned need its owner's `DP` unless the world is empty (G-144: warning when
//!   the declarations are not shown); overpopulation cap (G-44).
//! - #50, #68 treasures: dropped from a fleet of the orderer; loaded from the
//!   fleet's world, which the orderer owns, or from another fleet there
//!   (antiquarian), or dropped this turn (G-58) \[treasure lines\].
//! - #51–#62 transfers: subject owned; ships available at step 11, transfers
//!   simultaneous and clipped in file order (G-56, warning); receiving fleet on the
//!   same world, not the same fleet; merchant-only transformations; cargo left
//!   above capacity (G-54, warning).
//! - #63–#67 loading: fleet owned; world owned or `C`/`CP` received (G-144);
//!   converts only the missionary's own (G-51); stock and free capacity
//!   VC + VT × CAR, CAR with this turn's research (warning).
//! - #69, #70 MEVA: explorer only; VC available; E below the slots (error when
//!   full, warning when clipped, G-116).
//! - #71–#86 fire: shooter owned with ships at step 14; target fleet on the same
//!   world at the start of the turn, not itself; `* M` on a world without VI/VP
//!   (warning); `VP M_m ? N` never triggers (G-70, warning).
//! - #87/#88 move: fleet owned with ships at step 14 (ships built at step 3 or
//!   transferred at step 11 count); length ≤ DEP with this turn's research
//!   (G-12); first world not the current one (G-12); every hop over a known
//!   connection (G-11: unknown connections are a warning); known black holes on
//!   the route (warning).
//! - #89 drop bomb: fleet owned carrying a bomb at the start of the turn (`F#f`).
//! - #90 robot attack: robotron; x even (G-42); x/2 VC available (warning).
//! - #91 pillage: world owned, not in recovery (G-99) \[`Pi=k/r`\]; a world not
//!   owned is a warning where the player has ships, converts or emigrants (captures
//!   come first), an error elsewhere (G-10).
//! - #92, #93 gifts: subject owned (the same warning for what captures and piracy
//!   may bring first), player known, not neutral, not the orderer.
//! - §1.2 exclusivity: one exclusive order per fleet, per VI group, per VP group
//!   and per gifted world (G-7, G-76).
//!
//! Not checkable from a player's knowledge: a foreign fleet's or world's future
//! (ships destroyed or captured before a step runs, G-10 — orders are checked
//! against the start of the turn); other players' orders (loads competing for
//! one stock, G-52; MEVA competing for the slots); whether a foreign fleet is an
//! antiquarian's (#68 exception); conditional fire triggers; #12/#13 (`Z`) have
//! nothing to check.

pub mod context;
mod focus;

use std::collections::{HashMap, HashSet};

use crate::diagnostic::{Diagnostic, Span};
use crate::model::knowledge::Knowledge;
use crate::model::view::{CargoView, DeclarationKind};
use crate::model::{Class, FleetId, Tech, TreasureId, WorldId};
use crate::rules::Ruleset;
use crate::rules::policy::ResearchOverflow;

use super::ast::{
    Construction, Declaration, Fire, FleetTarget, FleetTransfer, Guard, GuardTransfer, LoadGoods,
    MevaTarget, Order, OrderKind, People, PlayerRef, Prober, RobotProduct, Subject, UnloadGoods,
    VpTarget,
};
use super::{OrdersFile, parse_orders};

pub use context::{JihadFact, Owner, PlayerContext, TechFact};
pub use focus::Focus;

/// A diagnostic of the validator, with the order it is about and the token it
/// points at.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Finding {
    /// Index of the order in the slice given to [`validate_with`].
    pub order: usize,
    pub focus: Focus,
    /// Its span is the whole order's; [`check_orders`] narrows it to the token.
    pub diagnostic: Diagnostic,
}

/// An order file checked: what the parser read and every diagnostic (parser and
/// validator), sorted by line then column.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Checked {
    pub file: OrdersFile,
    pub diagnostics: Vec<Diagnostic>,
}

/// Validates orders against the player's knowledge. Diagnostics span whole orders
/// (use [`check_orders`] for token spans and the parser's diagnostics).
pub fn validate(orders: &[Order], knowledge: &Knowledge, ruleset: &Ruleset) -> Vec<Diagnostic> {
    let context = PlayerContext::new(knowledge);
    validate_with(orders, &context, ruleset)
        .into_iter()
        .map(|f| f.diagnostic)
        .collect()
}

/// Validates orders against an already built [`PlayerContext`] (the editor keeps
/// one per knowledge and re-validates on every keystroke).
pub fn validate_with(
    orders: &[Order],
    context: &PlayerContext<'_>,
    ruleset: &Ruleset,
) -> Vec<Finding> {
    let mut run = Run::new(orders, context, ruleset);
    run.simulate();
    run.exclusivity();
    run.up_budget();
    let mut findings = run.out;
    findings.sort_by_key(|f| (f.diagnostic.span.line, f.diagnostic.span.column));
    findings
}

/// Parses `text` (an order file or an orders mail), validates its orders and
/// returns every diagnostic, the validator's pointing at their token.
pub fn check_orders(text: &str, knowledge: &Knowledge, ruleset: &Ruleset) -> Checked {
    let context = PlayerContext::new(knowledge);
    check_orders_with(text, &context, ruleset)
}

/// [`check_orders`] with an already built [`PlayerContext`].
pub fn check_orders_with(text: &str, context: &PlayerContext<'_>, ruleset: &Ruleset) -> Checked {
    let file = parse_orders(text);
    let findings = validate_with(&file.orders, context, ruleset);
    let mut diagnostics = file.diagnostics.clone();
    diagnostics.reserve(findings.len());
    if !findings.is_empty() {
        let body = text.trim_start_matches('\u{feff}');
        let lines: Vec<&str> = body.lines().collect();
        for finding in findings {
            let mut diagnostic = finding.diagnostic;
            let span = diagnostic.span;
            if let Some(line) = (span.line as usize)
                .checked_sub(1)
                .and_then(|i| lines.get(i))
            {
                diagnostic.span = focus::locate(line, span, finding.focus);
            }
            diagnostics.push(diagnostic);
        }
    }
    diagnostics.sort_by_key(|d| (d.span.line, d.span.column));
    // The first `MAX_PER_FILE` by position kept, the others counted.
    let diagnostics = crate::diagnostic::cap(diagnostics);
    Checked { file, diagnostics }
}

/// The UP one unit of `construction` costs its world (G-8): industries at the
/// class's cost, the cheapest class's when the class is unknown (never an error
/// because the class is unknown).
pub fn construction_up(construction: Construction, class: Option<Class>, rules: &Ruleset) -> u32 {
    let p = &rules.production;
    match construction {
        Construction::Vc(_) | Construction::Vt(_) | Construction::Vi | Construction::Vp => {
            p.ship_up
        }
        Construction::Industries => match class {
            Some(class) => rules.industry_cost(class),
            None => Class::ALL
                .iter()
                .map(|c| rules.industry_cost(*c))
                .min()
                .unwrap_or(1),
        },
        Construction::PopLimit => p.population_limit_up,
        Construction::Robots => p.robot_up,
        Construction::Spies(_) => p.spy_up,
        Construction::Research(_) => 1,
    }
}

/// The world an order spends UP of and how many (constructions and emigration,
/// G-8, G-46), as the validator counts them; `None` for an order that spends none.
pub fn production_up(
    kind: &OrderKind,
    class: Option<Class>,
    rules: &Ruleset,
) -> Option<(WorldId, u32)> {
    match kind {
        OrderKind::Build {
            world,
            count,
            construction,
        } => Some((
            *world,
            count.saturating_mul(construction_up(*construction, class, rules)),
        )),
        OrderKind::Emigrate { world, count, .. } => {
            Some((*world, count.saturating_mul(rules.production.emigration_up)))
        }
        _ => None,
    }
}

/// The level of `tech` the validator uses for the orders after step 3 (DEP for
/// moves, CAR for loads): the latest level shown plus what the research orders
/// of `orders` buy, up to the class's maximum. `None` when no technology block
/// is known.
pub fn tech_level_after(
    orders: &[Order],
    context: &PlayerContext<'_>,
    rules: &Ruleset,
    tech: Tech,
) -> Option<u32> {
    let mut run = Run::new(orders, context, rules);
    run.simulate();
    run.tech_level(tech).map(|(level, _)| level)
}

/// The class identifier used in messages (`emperor`, …; Fluent selects on it).
fn class_id(class: Class) -> &'static str {
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

fn tech_index(tech: Tech) -> usize {
    match tech {
        Tech::Dep => 0,
        Tech::Att => 1,
        Tech::Def => 2,
        Tech::Rad => 3,
        Tech::Ali => 4,
        Tech::Car => 5,
    }
}

/// A world's counts during the simulated turn (`None` = unknown).
#[derive(Clone, Copy, Debug, Default)]
struct WorldSim {
    vi: Option<u32>,
    vp: Option<u32>,
    /// N + C.
    population: Option<u32>,
    converts: Option<u32>,
    /// The converts are the orderer's.
    my_converts: Option<bool>,
    robots: Option<u32>,
    limit: Option<u32>,
    mp: Option<u32>,
    meva: Option<u32>,
    meva_slots: Option<u32>,
}

/// A fleet's counts during the simulated turn.
#[derive(Clone, Copy, Debug, Default)]
struct FleetSim {
    vc: Option<u32>,
    vt: Option<u32>,
    cargo: Option<CargoView>,
    /// Carries a bomb at the start of the turn (`F#f`).
    bomb: Option<bool>,
    bomb_built: bool,
}

impl FleetSim {
    fn ships(&self) -> Option<u32> {
        Some(self.vc?.saturating_add(self.vt?))
    }
}

/// Ships moved at step 11, added once every transfer has taken its ships
/// ("tous les transferts sont simultanés").
#[derive(Clone, Copy, Debug)]
enum Arrival {
    Guard(WorldId, Guard, u32),
    Vc(FleetId, u32),
    Vt(FleetId, u32),
}

fn add(slot: &mut Option<u32>, n: u32) {
    if let Some(value) = slot {
        *value = value.saturating_add(n);
    }
}

fn sub(slot: &mut Option<u32>, n: u32) {
    if let Some(value) = slot {
        *value = value.saturating_sub(n);
    }
}

/// Everything a fleet carries (saturating: the counts come from a CR).
fn carried(cargo: &CargoView) -> u32 {
    cargo
        .mp
        .saturating_add(cargo.n)
        .saturating_add(cargo.c)
        .saturating_add(cargo.r)
}

fn guard_name(guard: Guard, world: WorldId) -> String {
    format!("{} M_{world}", guard.keyword())
}

struct Run<'a, 'k> {
    ctx: &'a PlayerContext<'k>,
    rules: &'a Ruleset,
    orders: &'a [Order],
    out: Vec<Finding>,
    worlds: HashMap<WorldId, WorldSim>,
    fleets: HashMap<FleetId, FleetSim>,
    /// Producing orders: (world, order, UP), in execution order.
    up: Vec<(WorldId, usize, u32)>,
    /// UP spent on research in this file, per technology.
    research: [u32; 6],
    /// Worlds the orderer may capture at step 5 (emigration or unloading onto a
    /// neutral or empty world): later orders on them are only warned about.
    capturable: HashSet<WorldId>,
    /// Where the orderer's moves end (step 14).
    destinations: HashSet<WorldId>,
    /// Treasures dropped at step 10, and the world they land on.
    dropped: HashMap<TreasureId, Option<WorldId>>,
    arrivals: Vec<Arrival>,
}

impl<'a, 'k> Run<'a, 'k> {
    fn new(orders: &'a [Order], ctx: &'a PlayerContext<'k>, rules: &'a Ruleset) -> Self {
        Run {
            ctx,
            rules,
            orders,
            out: Vec::new(),
            worlds: HashMap::new(),
            fleets: HashMap::new(),
            up: Vec::new(),
            research: [0; 6],
            capturable: HashSet::new(),
            destinations: HashSet::new(),
            dropped: HashMap::new(),
            arrivals: Vec::new(),
        }
    }

    /// Records a diagnostic and returns it, to add its arguments.
    fn push(&mut self, order: usize, focus: Focus, diagnostic: Diagnostic) -> &mut Diagnostic {
        let at = self.out.len();
        self.out.push(Finding {
            order,
            focus,
            diagnostic,
        });
        &mut self.out[at].diagnostic
    }

    fn error(&mut self, order: usize, focus: Focus, code: &str) -> &mut Diagnostic {
        let span = self.span(order);
        self.push(order, focus, Diagnostic::error(code, span))
    }

    fn warning(&mut self, order: usize, focus: Focus, code: &str) -> &mut Diagnostic {
        let span = self.span(order);
        self.push(order, focus, Diagnostic::warning(code, span))
    }

    fn span(&self, order: usize) -> Span {
        self.orders.get(order).map(|o| o.span).unwrap_or_default()
    }

    fn line(&self, order: usize) -> u32 {
        self.span(order).line
    }

    /// The phase weight of an order (VIII.1).
    fn weight(&self, order: usize) -> u8 {
        self.orders.get(order).map_or(0, |o| o.kind.weight())
    }

    // ----- state -----

    fn world(&mut self, id: WorldId) -> &mut WorldSim {
        let ctx = self.ctx;
        self.worlds.entry(id).or_insert_with(|| {
            let Some(k) = ctx.world_now(id) else {
                return WorldSim::default();
            };
            let me = ctx.me;
            WorldSim {
                vi: ctx.current(&k.vi).copied(),
                vp: ctx.current(&k.vp).copied(),
                population: ctx.current(&k.population).copied(),
                converts: ctx.current(&k.converts).copied(),
                my_converts: match (ctx.current(&k.converts), me) {
                    (Some(0), _) => None,
                    (Some(_), Some(me)) => ctx
                        .current(&k.converts_owner)
                        .map(|owner| owner.as_str() == me),
                    _ => None,
                },
                robots: ctx.current(&k.robots).copied(),
                limit: ctx.current(&k.pop_limit).copied(),
                mp: ctx.current(&k.mp).copied(),
                meva: ctx.current(&k.meva).copied(),
                meva_slots: ctx.current(&k.meva_slots).copied(),
            }
        })
    }

    fn fleet(&mut self, id: FleetId) -> &mut FleetSim {
        let ctx = self.ctx;
        self.fleets.entry(id).or_insert_with(|| {
            let Some(k) = ctx.fleet_now(id) else {
                return FleetSim::default();
            };
            FleetSim {
                vc: ctx.current(&k.vc).copied(),
                vt: ctx.current(&k.vt).copied(),
                cargo: ctx.current(&k.cargo).copied(),
                bomb: ctx.current(&k.bomb).copied(),
                bomb_built: false,
            }
        })
    }

    // ----- the turn -----

    fn simulate(&mut self) {
        let mut sequence: Vec<(u8, usize)> = self
            .orders
            .iter()
            .enumerate()
            .map(|(i, o)| (o.kind.weight(), i))
            .collect();
        sequence.sort_unstable();
        let mut arrivals_done = false;
        for (weight, index) in sequence {
            if weight > 11 && !arrivals_done {
                self.arrive();
                arrivals_done = true;
            }
            self.order(index);
        }
    }

    /// The end of step 11: transferred ships reach their fleet or world.
    fn arrive(&mut self) {
        for arrival in std::mem::take(&mut self.arrivals) {
            match arrival {
                Arrival::Guard(world, Guard::Vi, n) => add(&mut self.world(world).vi, n),
                Arrival::Guard(world, Guard::Vp, n) => add(&mut self.world(world).vp, n),
                Arrival::Vc(fleet, n) => add(&mut self.fleet(fleet).vc, n),
                Arrival::Vt(fleet, n) => add(&mut self.fleet(fleet).vt, n),
            }
        }
    }

    fn order(&mut self, i: usize) {
        let Some(order) = self.orders.get(i) else {
            return;
        };
        let kind = &order.kind;
        if !self.class_allows(i, kind) {
            return;
        }
        use OrderKind as K;
        match kind {
            K::Name { world, .. } => self.name_world(i, *world),
            K::Declare {
                declaration,
                player,
            } => {
                let target = self.player(i, player);
                if *declaration == Declaration::Jihad
                    && let Some(target) = target
                {
                    self.jihad(i, &target);
                }
            }
            K::Peace { fleet } | K::War { fleet } => {
                self.own_fleet(i, *fleet);
            }
            K::NoAmbush { .. } => {}
            K::Probe { prober, target } => self.probe(i, *prober, *target),
            K::Emigrate {
                world,
                count,
                people,
                target,
            } => self.emigrate(i, *world, *count, *people, *target),
            K::Build {
                world,
                count,
                construction,
            } => self.build(i, *world, *count, *construction),
            K::ViToIndustries { world, count } => self.vi_to_industries(i, *world, *count),
            K::TransformRobots {
                world,
                count,
                product,
            } => self.transform_robots(i, *world, *count, *product),
            K::BuildBomb { fleet } => self.build_bomb(i, *fleet),
            K::Unload {
                fleet,
                count,
                goods,
            } => self.unload(i, *fleet, *count, *goods),
            K::DropTreasure { treasure } => self.drop_treasure(i, *treasure),
            K::GuardTransfer {
                world,
                count,
                from,
                to,
            } => self.guard_transfer(i, *world, *count, *from, *to),
            K::FleetTransfer {
                fleet,
                count,
                transfer,
            } => self.fleet_transfer(i, *fleet, *count, *transfer),
            K::Load {
                fleet,
                count,
                goods,
            } => self.load(i, *fleet, *count, *goods),
            K::LoadTreasure { treasure, fleet } => self.load_treasure(i, *treasure, *fleet),
            K::Meva {
                fleet,
                count,
                target,
            } => self.meva(i, *fleet, *count, *target),
            K::Fire { conditional, fire } => self.fire(i, *conditional, *fire),
            K::Move { fleet, route } => self.move_fleet(i, *fleet, route),
            K::DropBomb { fleet } => self.drop_bomb(i, *fleet),
            K::RobotAttack { fleet, count } => self.robot_attack(i, *fleet, *count),
            K::Pillage { world } => self.pillage(i, *world),
            K::GiveFleet { fleet, player } => {
                self.own_fleet(i, *fleet);
                self.player(i, player);
            }
            K::GiveWorld { world, player } => {
                self.own_world(i, *world);
                self.player(i, player);
            }
        }
    }

    // ----- who may give the order -----

    /// Class-only orders (robotron, merchant, explorer, missionary): an error when
    /// the orderer's class is known to be another; nothing when it is unknown.
    fn class_allows(&mut self, i: usize, kind: &OrderKind) -> bool {
        match (kind.required_class(), self.ctx.class) {
            (Some(required), Some(class)) if required != class => {
                self.error(i, Focus::Order, "order-check-class")
                    .args
                    .extend([
                        ("class".to_string(), class_id(required).to_string()),
                        ("yours".to_string(), class_id(class).to_string()),
                    ]);
                false
            }
            _ => true,
        }
    }

    /// Checks that the orderer owns world `world` at the start of the turn.
    /// Returns false when it is known not to (the order's other checks are then
    /// skipped, to report one problem, not its consequences).
    ///
    /// Applies ruling G-10 (see the ruling list).
    /// The VI or VP group of `world` may fire: the world is ours and the group is
    /// not known to be empty (an error names the empty group otherwise).
    fn group_can_fire(&mut self, i: usize, world: WorldId, guard: Guard) -> bool {
        if !self.own_world(i, world) {
            return false;
        }
        let sim = self.world(world);
        let ships = match guard {
            Guard::Vi => sim.vi,
            Guard::Vp => sim.vp,
        };
        if ships == Some(0) {
            self.error(i, Focus::World(world), "order-check-fire-empty")
                .args
                .push(("subject".to_string(), guard_name(guard, world)));
            return false;
        }
        true
    }

    fn own_world(&mut self, i: usize, world: WorldId) -> bool {
        let weight = self.weight(i);
        let owner = self.ctx.world_owner(world);
        if !owner.is_other() {
            return true;
        }
        let (state, name) = owner.describe();
        let turn = self.ctx.turn.unwrap_or(0);
        let later = (weight >= 16 && self.may_take(world))
            || (weight > 5 && self.capturable.contains(&world));
        let code = if later {
            "order-check-world-not-yours-yet"
        } else {
            "order-check-world-not-yours"
        };
        let diagnostic = if later {
            self.warning(i, Focus::World(world), code)
        } else {
            self.error(i, Focus::World(world), code)
        };
        diagnostic.args.extend([
            ("world".to_string(), world.to_string()),
            ("state".to_string(), state.to_string()),
            ("owner".to_string(), name),
            ("turn".to_string(), turn.to_string()),
        ]);
        false
    }

    /// Checks that the orderer owns fleet `fleet` at the start of the turn (a
    /// warning for a gift: piracy at step 19 comes first, G-10).
    fn own_fleet(&mut self, i: usize, fleet: FleetId) -> bool {
        let weight = self.weight(i);
        let owner = self.ctx.fleet_owner(fleet);
        if !owner.is_other() {
            return true;
        }
        let (state, name) = owner.describe();
        let turn = self.ctx.turn.unwrap_or(0);
        let pirated = weight >= 17 && self.ctx.fleet_world(fleet).is_none_or(|w| self.may_take(w));
        let diagnostic = if pirated {
            self.warning(i, Focus::Fleet(fleet), "order-check-fleet-not-yours-yet")
        } else {
            self.error(i, Focus::Fleet(fleet), "order-check-fleet-not-yours")
        };
        diagnostic.args.extend([
            ("fleet".to_string(), fleet.to_string()),
            ("state".to_string(), state.to_string()),
            ("owner".to_string(), name),
            ("turn".to_string(), turn.to_string()),
        ]);
        false
    }

    /// True when the orderer may take world `world` (or a fleet there) before the
    /// end of the turn: he emigrates or unloads onto it, one of his fleets is there
    /// at the start of the turn or moves there, or his converts live there.
    fn may_take(&self, world: WorldId) -> bool {
        if self.capturable.contains(&world) || self.destinations.contains(&world) {
            return true;
        }
        let ctx = self.ctx;
        let Some(me) = ctx.me else {
            return true;
        };
        let Some(known) = ctx.world_now(world) else {
            return false;
        };
        if ctx
            .current(&known.converts_owner)
            .is_some_and(|owner| owner == me)
        {
            return true;
        }
        ctx.knowledge().fleets_last_seen_at(world).any(|fleet| {
            Some(fleet.last_seen) == ctx.turn
                && ctx.current(&fleet.owner).is_some_and(|owner| owner == me)
        })
    }

    /// Checks that fleet `fleet` is on world `world` at the start of the turn.
    fn fleet_here(&mut self, i: usize, fleet: FleetId, world: Option<WorldId>) -> bool {
        let Some(world) = world else {
            return true;
        };
        let at = self.ctx.fleet_world(fleet);
        let listed = self.ctx.fleet_now(fleet).is_some();
        let elsewhere = match at {
            Some(at) => at != world,
            // Not listed at all while the world is described with its fleets.
            None => !listed && self.ctx.complete && self.ctx.world_now(world).is_some(),
        };
        if elsewhere {
            self.error(i, Focus::Fleet(fleet), "order-check-fleet-not-here")
                .args
                .extend([
                    ("fleet".to_string(), fleet.to_string()),
                    ("world".to_string(), world.to_string()),
                    (
                        "at".to_string(),
                        at.map_or_else(|| "none".to_string(), |w| w.to_string()),
                    ),
                ]);
        }
        !elsewhere
    }

    /// A player named in a declaration or a gift: known by name, not neutral, not
    /// the orderer. Returns his name and number when they are known.
    ///
    /// Applies ruling G-5 (see the ruling list).
    /// Applies ruling G-135 (see the ruling list).
    fn player(&mut self, i: usize, player: &PlayerRef) -> Option<(Option<String>, Option<u32>)> {
        let ctx = self.ctx;
        ctx.me?;
        match player {
            PlayerRef::Number(id) => {
                let j = id.0;
                if id.is_neutral() {
                    self.error(i, Focus::Player, "order-check-player-neutral");
                    return None;
                }
                if ctx.number == Some(j) {
                    self.error(i, Focus::Player, "order-check-player-self");
                    return None;
                }
                if let Some(name) = ctx.name_of(j) {
                    return Some((Some(name.to_string()), Some(j)));
                }
                if ctx.has_unnumbered_players() {
                    self.warning(i, Focus::Player, "order-check-player-unchecked")
                        .args
                        .push(("player".to_string(), j.to_string()));
                    return Some((None, Some(j)));
                }
                self.error(i, Focus::Player, "order-check-player-unknown")
                    .args
                    .push(("player".to_string(), j.to_string()));
                None
            }
            PlayerRef::Name(name) => {
                if ctx.me == Some(name.as_str()) {
                    self.error(i, Focus::Player, "order-check-player-self");
                    return None;
                }
                if ctx.knows_name(name) {
                    return Some((Some(name.clone()), ctx.player_number(name)));
                }
                self.error(i, Focus::Player, "order-check-player-unknown")
                    .args
                    .push(("player".to_string(), format!("\"{name}\"")));
                None
            }
        }
    }

    /// Applies ruling G-13 (see the ruling list): the delay d is the ruleset's
    /// `combat.jihad_change_delay`, as in the resolver.
    fn jihad(&mut self, i: usize, target: &(Option<String>, Option<u32>)) {
        let Some(standing) = &self.ctx.jihad else {
            return;
        };
        let same_name = target.0.is_some() && target.0.as_deref() == Some(standing.name.as_str());
        let same_number = target.1.is_some() && target.1 == standing.number;
        if same_name || same_number {
            let name = standing.name.clone();
            self.warning(i, Focus::Player, "order-check-jihad-same")
                .args
                .push(("player".to_string(), name));
            return;
        }
        let (Some(since), Some(turn)) = (standing.turn, self.ctx.turn) else {
            return;
        };
        if self.ctx.turn_assumed {
            return;
        }
        let allowed = since.saturating_add(self.rules.combat.jihad_change_delay);
        if turn < allowed {
            let name = standing.name.clone();
            self.error(i, Focus::Order, "order-check-jihad-too-soon")
                .args
                .extend([
                    ("player".to_string(), name),
                    ("since".to_string(), since.to_string()),
                    ("allowed".to_string(), allowed.to_string()),
                    ("turn".to_string(), turn.to_string()),
                ]);
        }
    }

    // ----- helpers of the checks -----

    /// Clipping (G-9): asks `asked` of something `subject` has `have` of; a warning
    /// when more is asked. Returns what is used.
    ///
    /// Applies ruling G-9 (see the ruling list).
    fn take(
        &mut self,
        i: usize,
        focus: Focus,
        subject: &str,
        what: &str,
        asked: Option<u32>,
        have: Option<u32>,
    ) -> Option<u32> {
        let have = have?;
        match asked {
            Some(asked) if asked > have => {
                self.warning(i, focus, "order-check-clipped").args.extend([
                    ("subject".to_string(), subject.to_string()),
                    ("what".to_string(), what.to_string()),
                    ("asked".to_string(), asked.to_string()),
                    ("have".to_string(), have.to_string()),
                ]);
                Some(have)
            }
            Some(asked) => Some(asked),
            None => {
                if have == 0 {
                    self.warning(i, Focus::Order, "order-check-none-available")
                        .args
                        .extend([
                            ("subject".to_string(), subject.to_string()),
                            ("what".to_string(), what.to_string()),
                        ]);
                }
                Some(have)
            }
        }
    }

    /// World `to` is connected to world `from`: an error when `from`'s connections
    /// are known and do not list it; a warning when they are unknown. Returns
    /// `Some(true)` connected, `Some(false)` not, `None` unknown.
    ///
    /// Applies ruling G-11 (see the ruling list).
    fn adjacent(&mut self, i: usize, focus: Focus, from: WorldId, to: WorldId) -> Option<bool> {
        match self.ctx.connections(from) {
            Some(list) => {
                let ok = list.iter().any(|c| c.world == to);
                if !ok {
                    let connections = list
                        .iter()
                        .map(|c| c.world.to_string())
                        .collect::<Vec<_>>()
                        .join(", ");
                    self.error(i, focus, "order-check-not-adjacent")
                        .args
                        .extend([
                            ("from".to_string(), from.to_string()),
                            ("to".to_string(), to.to_string()),
                            ("connections".to_string(), connections),
                        ]);
                }
                Some(ok)
            }
            None => {
                self.warning(i, focus, "order-check-adjacency-unknown")
                    .args
                    .extend([
                        ("from".to_string(), from.to_string()),
                        ("to".to_string(), to.to_string()),
                    ]);
                None
            }
        }
    }

    fn black_hole(&mut self, i: usize, focus: Focus, world: WorldId, action: &str) -> bool {
        if !self.ctx.is_black_hole(world) {
            return false;
        }
        self.warning(i, focus, "order-check-black-hole")
            .args
            .extend([
                ("world".to_string(), world.to_string()),
                ("action".to_string(), action.to_string()),
            ]);
        true
    }

    fn spend(&mut self, world: WorldId, i: usize, up: u32) {
        self.up.push((world, i, up));
    }

    fn vi_per_industry(&self) -> u32 {
        match self.ctx.class {
            Some(class) => self.rules.vi_per_industry(class),
            None => Class::ALL
                .iter()
                .map(|c| self.rules.vi_per_industry(*c))
                .min()
                .unwrap_or(1),
        }
    }

    /// The level of `tech` once this file's research (step 3) is counted, and
    /// whether the level shown was the latest CR's.
    ///
    /// Technologies bought at step 3 "sont immédiatement disponibles pour la suite
    /// de l'évaluation" (VIII): the research orders of the file are added to the UP
    /// already invested, the excess carrying over (G-43 policy), up to the class's
    /// maximum, before DEP (moves, step 14) and CAR (loading, step 13) are used.
    fn tech_level(&self, tech: Tech) -> Option<(u32, TechFact)> {
        let fact = self.ctx.tech_line(tech)?;
        let spent = self.research[tech_index(tech)];
        let gained = match fact.cost {
            Some(cost) if cost > 0 => {
                let levels = fact.invested.saturating_add(spent) / cost;
                match self.rules.policies.research_overflow {
                    ResearchOverflow::CarryOver => levels,
                    ResearchOverflow::OneLevelPerTurn => levels.min(1),
                }
            }
            _ => 0,
        };
        let max = match self.ctx.class {
            Some(class) => self.rules.tech_max(class, tech),
            // Unknown class: the highest maximum (`None`, unlimited, above all).
            None => Class::ALL
                .iter()
                .map(|c| self.rules.tech_max(*c, tech))
                .try_fold(0u32, |highest, max| max.map(|m| highest.max(m))),
        };
        let level = fact.level.saturating_add(gained);
        Some((max.map_or(level, |m| level.min(m.max(fact.level))), fact))
    }

    fn capacity(&self, sim: &FleetSim) -> Option<u32> {
        let car = self.tech_level(Tech::Car)?.0;
        Some(
            sim.vc?
                .saturating_mul(self.rules.combat.vc_cargo)
                .saturating_add(sim.vt?.saturating_mul(car)),
        )
    }

    /// Applies ruling G-144 (see the ruling list).
    fn permission(&mut self, i: usize, world: WorldId, kind: DeclarationKind) {
        let owner = self.ctx.world_owner(world);
        let keyword = kind.keyword();
        let allowed = match owner {
            Owner::Me | Owner::NotListed | Owner::Unknown => return,
            Owner::Neutral => Some(false),
            Owner::Player(name) => self.ctx.received(kind, name),
        };
        let (state, name) = owner.describe();
        let code = match allowed {
            Some(true) => return,
            Some(false) => "order-check-permission",
            None => "order-check-permission-unknown",
        };
        let diagnostic = if allowed.is_some() {
            self.error(i, Focus::Order, code)
        } else {
            self.warning(i, Focus::Order, code)
        };
        diagnostic.args.extend([
            ("world".to_string(), world.to_string()),
            ("state".to_string(), state.to_string()),
            ("owner".to_string(), name),
            ("declaration".to_string(), keyword.to_string()),
        ]);
    }

    /// Applies ruling G-44 (see the ruling list).
    fn overpopulation(&mut self, i: usize, world: WorldId, arriving: u32) {
        let sim = *self.world(world);
        let (Some(population), Some(limit)) = (sim.population, sim.limit) else {
            return;
        };
        let Some(ceiling) = self.rules.population_ceiling(limit) else {
            return;
        };
        let total = population
            .saturating_add(sim.robots.unwrap_or(0))
            .saturating_add(arriving);
        if total > ceiling {
            self.warning(i, Focus::Order, "order-check-overpopulation")
                .args
                .extend([
                    ("world".to_string(), world.to_string()),
                    ("total".to_string(), total.to_string()),
                    ("ceiling".to_string(), ceiling.to_string()),
                    ("limit".to_string(), limit.to_string()),
                    (
                        "margin".to_string(),
                        ceiling.saturating_sub(limit).to_string(),
                    ),
                ]);
        }
    }

    // ----- the orders, by step -----

    /// #1.
    ///
    /// Applies ruling G-14 (see the ruling list).
    fn name_world(&mut self, i: usize, world: WorldId) {
        self.own_world(i, world);
    }

    /// #17–#19.
    fn probe(&mut self, i: usize, prober: Prober, target: WorldId) {
        let from = match prober {
            Prober::Guard(guard, world) => {
                if !self.own_world(i, world) {
                    return;
                }
                let sim = self.world(world);
                let slot = match guard {
                    Guard::Vi => &mut sim.vi,
                    Guard::Vp => &mut sim.vp,
                };
                let have = *slot;
                sub(slot, 1);
                if have == Some(0) {
                    // "No VI left on M_10", not "on VI M_10".
                    let name = format!("M_{world}");
                    self.error(i, Focus::World(world), "order-check-probe-no-ship")
                        .args
                        .extend([
                            ("subject".to_string(), name),
                            ("what".to_string(), guard.keyword().to_string()),
                        ]);
                    return;
                }
                Some(world)
            }
            Prober::Fleet(fleet) => {
                if !self.own_fleet(i, fleet) {
                    return;
                }
                let sim = self.fleet(fleet);
                let have = sim.vc;
                sub(&mut sim.vc, 1);
                if have == Some(0) {
                    self.error(i, Focus::Fleet(fleet), "order-check-probe-no-ship")
                        .args
                        .extend([
                            ("subject".to_string(), format!("F_{fleet}")),
                            ("what".to_string(), "VC".to_string()),
                        ]);
                    return;
                }
                self.ctx.fleet_world(fleet)
            }
        };
        if let Some(from) = from {
            self.probe_adjacent(i, from, target);
        }
        self.black_hole(i, Focus::World(target), target, "probe");
    }

    /// Applies ruling G-61 (see the ruling list).
    fn probe_adjacent(&mut self, i: usize, from: WorldId, target: WorldId) {
        self.adjacent(i, Focus::World(target), from, target);
    }

    /// #20–#23.
    ///
    /// Applies ruling G-46 (see the ruling list).
    /// Applies ruling G-47 (see the ruling list).
    fn emigrate(&mut self, i: usize, world: WorldId, count: u32, people: People, target: WorldId) {
        if !self.own_world(i, world) {
            return;
        }
        self.spend(
            world,
            i,
            count.saturating_mul(self.rules.production.emigration_up),
        );
        self.adjacent(i, Focus::World(target), world, target);
        let lost = self.black_hole(i, Focus::World(target), target, "emigration");
        let sim = *self.world(world);
        let (what, have) = match people {
            People::Pop => ("P", sim.population),
            People::Converts => ("C", sim.converts),
            People::NonConverts => (
                "N",
                sim.population
                    .zip(sim.converts)
                    .map(|(p, c)| p.saturating_sub(c)),
            ),
            People::Robots => ("R", sim.robots),
        };
        let used = self
            .take(
                i,
                Focus::Count,
                &format!("M_{world}"),
                what,
                Some(count),
                have,
            )
            .unwrap_or(count);
        let source = self.world(world);
        match people {
            People::Robots => sub(&mut source.robots, used),
            People::Converts => {
                sub(&mut source.converts, used);
                sub(&mut source.population, used);
            }
            People::Pop | People::NonConverts => sub(&mut source.population, used),
        }
        if lost {
            return;
        }
        if matches!(
            self.ctx.world_owner(target),
            Owner::Neutral | Owner::NotListed | Owner::Unknown
        ) {
            self.capturable.insert(target);
        }
        self.overpopulation(i, target, used);
        let destination = self.world(target);
        match people {
            People::Robots => add(&mut destination.robots, used),
            _ => add(&mut destination.population, used),
        }
    }

    /// #24–#28, #30, #31, #37–#43.
    fn build(&mut self, i: usize, world: WorldId, count: u32, construction: Construction) {
        if !self.own_world(i, world) {
            return;
        }
        let up = construction_up(construction, self.ctx.class, self.rules);
        self.spend(world, i, count.saturating_mul(up));
        match construction {
            Construction::Vc(fleet) | Construction::Vt(fleet) => {
                if self.build_on(i, world, fleet) {
                    let sim = self.fleet(fleet);
                    if matches!(construction, Construction::Vc(_)) {
                        add(&mut sim.vc, count);
                    } else {
                        add(&mut sim.vt, count);
                    }
                }
            }
            Construction::Vi => add(&mut self.world(world).vi, count),
            Construction::Vp => add(&mut self.world(world).vp, count),
            Construction::Industries => {}
            Construction::PopLimit => add(&mut self.world(world).limit, count),
            Construction::Robots => add(&mut self.world(world).robots, count),
            Construction::Spies(category) => {
                let categories = self.rules.spies.categories;
                if category == 0 || category > categories {
                    self.error(i, Focus::SecondCount, "order-check-spy-category")
                        .args
                        .extend([
                            ("category".to_string(), category.to_string()),
                            ("max".to_string(), categories.to_string()),
                        ]);
                }
            }
            Construction::Research(tech) => self.research(i, tech, count),
        }
    }

    /// Applies ruling G-60 (see the ruling list): only the fleet's position is checked.
    fn build_on(&mut self, i: usize, world: WorldId, fleet: FleetId) -> bool {
        self.fleet_here(i, fleet, Some(world))
    }

    /// Applies ruling G-43 (see the ruling list).
    fn research(&mut self, i: usize, tech: Tech, count: u32) {
        if let Some(fact) = self.ctx.tech_line(tech)
            && fact.current
        {
            let at_max = fact.cost.is_none()
                || self
                    .ctx
                    .class
                    .is_some_and(|c| self.rules.tech_at_max(c, tech, fact.level));
            if at_max {
                self.warning(i, Focus::Order, "order-check-tech-max")
                    .args
                    .extend([
                        ("tech".to_string(), tech.keyword().to_string()),
                        ("level".to_string(), fact.level.to_string()),
                    ]);
            }
        }
        let slot = &mut self.research[tech_index(tech)];
        *slot = slot.saturating_add(count);
    }

    /// #29.
    fn vi_to_industries(&mut self, i: usize, world: WorldId, count: u32) {
        if !self.own_world(i, world) {
            return;
        }
        let rate = self.vi_per_industry().max(1);
        let have = self.world(world).vi;
        let needed = count.saturating_mul(rate);
        let used = self.take(
            i,
            Focus::Count,
            &format!("M_{world}"),
            "VI",
            Some(needed),
            have,
        );
        if let Some(used) = used {
            // Whole industries only.
            sub(&mut self.world(world).vi, used / rate * rate);
        }
    }

    /// Applies ruling G-42 (see the ruling list).
    fn robot_multiple(&mut self, i: usize, count: u32, multiple: u32) -> bool {
        if multiple > 1 && !count.is_multiple_of(multiple) {
            self.error(i, Focus::Count, "order-check-robot-multiple")
                .args
                .extend([
                    ("count".to_string(), count.to_string()),
                    ("multiple".to_string(), multiple.to_string()),
                ]);
            return false;
        }
        true
    }

    /// #32–#35.
    fn transform_robots(&mut self, i: usize, world: WorldId, count: u32, product: RobotProduct) {
        if !self.own_world(i, world) {
            return;
        }
        let robots = &self.rules.production.robots;
        let per = match product {
            RobotProduct::Industries => robots.per_industry,
            _ => robots.per_ship,
        }
        .max(1);
        if !self.robot_multiple(i, count, per) {
            return;
        }
        let have = self.world(world).robots;
        let used = self
            .take(
                i,
                Focus::Count,
                &format!("M_{world}"),
                "R",
                Some(count),
                have,
            )
            .unwrap_or(count);
        sub(&mut self.world(world).robots, used);
        let made = used / per;
        match product {
            RobotProduct::Industries => {}
            RobotProduct::Vc(fleet) => {
                if self.build_on(i, world, fleet) {
                    add(&mut self.fleet(fleet).vc, made);
                }
            }
            RobotProduct::Vi => add(&mut self.world(world).vi, made),
            RobotProduct::Vp => add(&mut self.world(world).vp, made),
        }
    }

    /// #36.
    ///
    /// Applies ruling G-109 (see the ruling list).
    fn build_bomb(&mut self, i: usize, fleet: FleetId) {
        if !self.own_fleet(i, fleet) {
            return;
        }
        let need = self.rules.combat.bomb_vc;
        let sim = *self.fleet(fleet);
        if sim.bomb == Some(true) || sim.bomb_built {
            self.error(i, Focus::Fleet(fleet), "order-check-bomb-already")
                .args
                .push(("fleet".to_string(), fleet.to_string()));
            return;
        }
        self.fleet(fleet).bomb_built = true;
        let Some(vc) = sim.vc else {
            return;
        };
        if vc < need {
            self.error(i, Focus::Fleet(fleet), "order-check-bomb-vc")
                .args
                .extend([
                    ("fleet".to_string(), fleet.to_string()),
                    ("have".to_string(), vc.to_string()),
                    ("need".to_string(), need.to_string()),
                ]);
        } else if vc == need {
            self.warning(i, Focus::Fleet(fleet), "order-check-bomb-exact")
                .args
                .extend([
                    ("fleet".to_string(), fleet.to_string()),
                    ("need".to_string(), need.to_string()),
                    ("advised".to_string(), need.saturating_add(1).to_string()),
                ]);
        }
        sub(&mut self.fleet(fleet).vc, need);
    }

    /// #44–#49.
    fn unload(&mut self, i: usize, fleet: FleetId, count: Option<u32>, goods: UnloadGoods) {
        if !self.own_fleet(i, fleet) {
            return;
        }
        let world = self.ctx.fleet_world(fleet);
        let cargo = self.fleet(fleet).cargo;
        let (what, have) = match goods {
            UnloadGoods::Mp | UnloadGoods::Pc => ("MP", cargo.map(|c| c.mp)),
            UnloadGoods::People(People::Pop) => ("P", cargo.map(|c| c.n.saturating_add(c.c))),
            UnloadGoods::People(People::NonConverts) => ("N", cargo.map(|c| c.n)),
            UnloadGoods::People(People::Converts) => ("C", cargo.map(|c| c.c)),
            UnloadGoods::People(People::Robots) => ("R", cargo.map(|c| c.r)),
        };
        let used = self.take(i, Focus::Count, &format!("F_{fleet}"), what, count, have);
        if let (Some(used), Some(cargo)) = (used, &mut self.fleet(fleet).cargo) {
            match goods {
                UnloadGoods::Mp | UnloadGoods::Pc => cargo.mp -= used.min(cargo.mp),
                UnloadGoods::People(People::Pop) => {
                    let from_n = used.min(cargo.n);
                    cargo.n -= from_n;
                    cargo.c -= (used - from_n).min(cargo.c);
                }
                UnloadGoods::People(People::NonConverts) => cargo.n -= used.min(cargo.n),
                UnloadGoods::People(People::Converts) => cargo.c -= used.min(cargo.c),
                UnloadGoods::People(People::Robots) => cargo.r -= used.min(cargo.r),
            }
        }
        let (UnloadGoods::People(people), Some(world)) = (goods, world) else {
            if let (UnloadGoods::Mp, Some(world), Some(used)) = (goods, world, used) {
                add(&mut self.world(world).mp, used);
            }
            return;
        };
        let sim = *self.world(world);
        let empty = sim.population == Some(0) && sim.robots == Some(0);
        if empty {
            if self.ctx.world_owner(world) != Owner::Me {
                self.capturable.insert(world);
            }
        } else {
            self.permission(i, world, DeclarationKind::PopUnloader);
        }
        let arriving = used.unwrap_or(0);
        self.overpopulation(i, world, arriving);
        let sim = self.world(world);
        match people {
            People::Robots => add(&mut sim.robots, arriving),
            People::Converts => {
                add(&mut sim.population, arriving);
                add(&mut sim.converts, arriving);
            }
            _ => add(&mut sim.population, arriving),
        }
    }

    /// #50.
    fn drop_treasure(&mut self, i: usize, treasure: TreasureId) {
        let site = self.ctx.treasure_site(treasure);
        match site {
            Some(crate::model::view::TreasureSite::Fleet(fleet)) => {
                let world = self.ctx.fleet_world(fleet);
                if self.ctx.fleet_owner(fleet).is_other() {
                    self.error(
                        i,
                        Focus::Treasure(treasure),
                        "order-check-treasure-not-yours",
                    )
                    .args
                    .extend([
                        ("treasure".to_string(), treasure.to_string()),
                        ("fleet".to_string(), fleet.to_string()),
                    ]);
                    return;
                }
                self.dropped.insert(treasure, world);
            }
            Some(_) => {
                self.error(
                    i,
                    Focus::Treasure(treasure),
                    "order-check-treasure-not-on-fleet",
                )
                .args
                .push(("treasure".to_string(), treasure.to_string()));
            }
            None if self.ctx.complete => {
                self.error(
                    i,
                    Focus::Treasure(treasure),
                    "order-check-treasure-not-on-fleet",
                )
                .args
                .push(("treasure".to_string(), treasure.to_string()));
            }
            None => {}
        }
    }

    /// #51–#54, #61, #62.
    ///
    /// Applies ruling G-56 (see the ruling list).
    fn guard_transfer(
        &mut self,
        i: usize,
        world: WorldId,
        count: u32,
        from: Guard,
        to: GuardTransfer,
    ) {
        if !self.own_world(i, world) {
            return;
        }
        if let GuardTransfer::Fleet(fleet) | GuardTransfer::FleetAsVt(fleet) = to
            && !self.fleet_here(i, fleet, Some(world))
        {
            return;
        }
        let sim = *self.world(world);
        let have = match from {
            Guard::Vi => sim.vi,
            Guard::Vp => sim.vp,
        };
        // "M_10 has only 2 VI", not "VI M_10 has only 2 VI".
        let subject = format!("M_{world}");
        let used = self
            .take(i, Focus::Count, &subject, from.keyword(), Some(count), have)
            .unwrap_or(count);
        let sim = self.world(world);
        match from {
            Guard::Vi => sub(&mut sim.vi, used),
            Guard::Vp => sub(&mut sim.vp, used),
        }
        self.arrivals.push(match to {
            GuardTransfer::OtherGuard => Arrival::Guard(world, from.other(), used),
            GuardTransfer::Fleet(fleet) => Arrival::Vc(fleet, used),
            GuardTransfer::FleetAsVt(fleet) => Arrival::Vt(fleet, used),
        });
    }

    /// #55–#60.
    ///
    /// Applies ruling G-54 (see the ruling list).
    fn fleet_transfer(&mut self, i: usize, fleet: FleetId, count: u32, transfer: FleetTransfer) {
        if !self.own_fleet(i, fleet) {
            return;
        }
        let world = self.ctx.fleet_world(fleet);
        if let FleetTransfer::VcToFleet(target)
        | FleetTransfer::VtToFleet(target)
        | FleetTransfer::VcToVtOnFleet(target) = transfer
        {
            if target == fleet {
                self.error(i, Focus::Fleet(target), "order-check-fleet-same")
                    .args
                    .push(("fleet".to_string(), fleet.to_string()));
                return;
            }
            if !self.fleet_here(i, target, world) {
                return;
            }
        }
        let vt = matches!(transfer, FleetTransfer::VtToFleet(_));
        let sim = *self.fleet(fleet);
        let have = if vt { sim.vt } else { sim.vc };
        let what = if vt { "VT" } else { "VC" };
        let used = self
            .take(
                i,
                Focus::Count,
                &format!("F_{fleet}"),
                what,
                Some(count),
                have,
            )
            .unwrap_or(count);
        {
            let sim = self.fleet(fleet);
            if vt {
                sub(&mut sim.vt, used);
            } else {
                sub(&mut sim.vc, used);
            }
        }
        let sim = *self.fleet(fleet);
        if let (Some(capacity), Some(cargo)) = (self.capacity(&sim), sim.cargo)
            && carried(&cargo) > capacity
            && transfer != FleetTransfer::VcToVt
        {
            self.warning(i, Focus::Count, "order-check-transfer-cargo")
                .args
                .extend([
                    ("fleet".to_string(), fleet.to_string()),
                    ("cargo".to_string(), carried(&cargo).to_string()),
                    ("capacity".to_string(), capacity.to_string()),
                ]);
        }
        self.arrivals.push(match transfer {
            FleetTransfer::VcToGuard(guard) => match world {
                Some(world) => Arrival::Guard(world, guard, used),
                None => return,
            },
            FleetTransfer::VcToFleet(target) => Arrival::Vc(target, used),
            FleetTransfer::VtToFleet(target) | FleetTransfer::VcToVtOnFleet(target) => {
                Arrival::Vt(target, used)
            }
            FleetTransfer::VcToVt => Arrival::Vt(fleet, used),
        });
    }

    /// #63–#67.
    ///
    /// Applies ruling G-51 (see the ruling list).
    fn load(&mut self, i: usize, fleet: FleetId, count: Option<u32>, goods: LoadGoods) {
        if !self.own_fleet(i, fleet) {
            return;
        }
        let Some(world) = self.ctx.fleet_world(fleet) else {
            return;
        };
        match goods {
            LoadGoods::Mp => self.permission(i, world, DeclarationKind::MpLoader),
            LoadGoods::People(People::Converts) => {
                let mine = self.world(world).my_converts;
                let missionary = self.ctx.class.map(|c| c == Class::Missionary);
                if missionary == Some(false) || mine == Some(false) {
                    self.error(i, Focus::Order, "order-check-converts-not-yours")
                        .args
                        .push(("world".to_string(), world.to_string()));
                    return;
                }
            }
            LoadGoods::People(_) => self.permission(i, world, DeclarationKind::PopLoader),
        }
        let sim = *self.world(world);
        let (what, stock) = match goods {
            LoadGoods::Mp => ("MP", sim.mp),
            LoadGoods::People(People::Pop) => ("P", sim.population),
            LoadGoods::People(People::Converts) => ("C", sim.converts),
            LoadGoods::People(People::NonConverts) => (
                "N",
                sim.population
                    .zip(sim.converts)
                    .map(|(p, c)| p.saturating_sub(c)),
            ),
            LoadGoods::People(People::Robots) => ("R", sim.robots),
        };
        let mut amount = self.take(i, Focus::Count, &format!("M_{world}"), what, count, stock);
        let fleet_sim = *self.fleet(fleet);
        if let (Some(capacity), Some(cargo)) = (self.capacity(&fleet_sim), fleet_sim.cargo) {
            let free = capacity.saturating_sub(carried(&cargo));
            let wanted = amount.or(count);
            match wanted {
                Some(wanted) if wanted > free => {
                    if count.is_some() || free == 0 {
                        self.warning(i, Focus::Count, "order-check-capacity")
                            .args
                            .extend([
                                ("fleet".to_string(), fleet.to_string()),
                                ("asked".to_string(), wanted.to_string()),
                                ("free".to_string(), free.to_string()),
                                ("capacity".to_string(), capacity.to_string()),
                            ]);
                    }
                    amount = Some(free);
                }
                None if free == 0 => {
                    self.warning(i, Focus::Count, "order-check-capacity")
                        .args
                        .extend([
                            ("fleet".to_string(), fleet.to_string()),
                            ("asked".to_string(), "0".to_string()),
                            ("free".to_string(), "0".to_string()),
                            ("capacity".to_string(), capacity.to_string()),
                        ]);
                }
                _ => {}
            }
        }
        let Some(amount) = amount else {
            return;
        };
        if let Some(cargo) = &mut self.fleet(fleet).cargo {
            match goods {
                LoadGoods::Mp => cargo.mp = cargo.mp.saturating_add(amount),
                LoadGoods::People(People::Robots) => cargo.r = cargo.r.saturating_add(amount),
                LoadGoods::People(People::Converts) => cargo.c = cargo.c.saturating_add(amount),
                LoadGoods::People(_) => cargo.n = cargo.n.saturating_add(amount),
            }
        }
        let sim = self.world(world);
        match goods {
            LoadGoods::Mp => sub(&mut sim.mp, amount),
            LoadGoods::People(People::Robots) => sub(&mut sim.robots, amount),
            LoadGoods::People(People::Converts) => {
                sub(&mut sim.converts, amount);
                sub(&mut sim.population, amount);
            }
            LoadGoods::People(_) => sub(&mut sim.population, amount),
        }
    }

    /// #68.
    ///
    /// Applies ruling G-58 (see the ruling list).
    fn load_treasure(&mut self, i: usize, treasure: TreasureId, fleet: FleetId) {
        let Some(here) = self.ctx.fleet_world(fleet) else {
            return;
        };
        let site = match self.dropped.get(&treasure) {
            Some(world) => world.map(crate::model::view::TreasureSite::World),
            None => self.ctx.treasure_site(treasure),
        };
        let not_here = |run: &mut Self| {
            run.error(
                i,
                Focus::Treasure(treasure),
                "order-check-treasure-not-here",
            )
            .args
            .extend([
                ("treasure".to_string(), treasure.to_string()),
                ("fleet".to_string(), fleet.to_string()),
                ("world".to_string(), here.to_string()),
            ]);
        };
        match site {
            Some(crate::model::view::TreasureSite::World(world)) => {
                if world != here {
                    not_here(self);
                    return;
                }
                let owner = self.ctx.world_owner(world);
                if owner.is_other() {
                    let (state, name) = owner.describe();
                    self.error(i, Focus::Treasure(treasure), "order-check-treasure-world")
                        .args
                        .extend([
                            ("treasure".to_string(), treasure.to_string()),
                            ("world".to_string(), world.to_string()),
                            ("state".to_string(), state.to_string()),
                            ("owner".to_string(), name),
                        ]);
                }
            }
            Some(crate::model::view::TreasureSite::Fleet(carrier)) => {
                if self.ctx.fleet_world(carrier).is_some_and(|w| w != here) {
                    not_here(self);
                    return;
                }
                if self.ctx.fleet_owner(carrier).is_other() {
                    self.error(
                        i,
                        Focus::Treasure(treasure),
                        "order-check-treasure-not-yours",
                    )
                    .args
                    .extend([
                        ("treasure".to_string(), treasure.to_string()),
                        ("fleet".to_string(), carrier.to_string()),
                    ]);
                    return;
                }
                // Fleet to fleet: only the antiquarian, or onto an antiquarian's
                // fleet (another player's: his class is unknown).
                let antiquarian = self.ctx.class.map(|c| c == Class::Antiquarian);
                if antiquarian == Some(false)
                    && carrier != fleet
                    && self.ctx.fleet_owner(fleet) == Owner::Me
                {
                    self.error(
                        i,
                        Focus::Treasure(treasure),
                        "order-check-treasure-fleet-to-fleet",
                    )
                    .args
                    .extend([
                        ("treasure".to_string(), treasure.to_string()),
                        ("fleet".to_string(), carrier.to_string()),
                    ]);
                }
            }
            Some(crate::model::view::TreasureSite::Unattached) => {}
            None if self.ctx.complete && self.ctx.world_now(here).is_some() => not_here(self),
            None => {}
        }
    }

    /// #69, #70.
    ///
    /// Applies ruling G-116 (see the ruling list).
    fn meva(&mut self, i: usize, fleet: FleetId, count: u32, _target: MevaTarget) {
        if !self.own_fleet(i, fleet) {
            return;
        }
        let have = self.fleet(fleet).vc;
        let used = self
            .take(
                i,
                Focus::Count,
                &format!("F_{fleet}"),
                "VC",
                Some(count),
                have,
            )
            .unwrap_or(count);
        let Some(world) = self.ctx.fleet_world(fleet) else {
            sub(&mut self.fleet(fleet).vc, used);
            return;
        };
        let default_slots = self.rules.meva_slots();
        let sim = *self.world(world);
        let slots = sim.meva_slots.unwrap_or(default_slots);
        let mut sacrificed = used;
        if let Some(done) = sim.meva {
            let free = slots.saturating_sub(done);
            if free == 0 {
                self.error(i, Focus::Order, "order-check-meva-full")
                    .args
                    .extend([
                        ("world".to_string(), world.to_string()),
                        ("slots".to_string(), slots.to_string()),
                    ]);
                return;
            }
            if used > free {
                self.warning(i, Focus::Count, "order-check-meva-clipped")
                    .args
                    .extend([
                        ("world".to_string(), world.to_string()),
                        ("asked".to_string(), used.to_string()),
                        ("free".to_string(), free.to_string()),
                        ("slots".to_string(), slots.to_string()),
                    ]);
                sacrificed = free;
            }
        }
        add(&mut self.world(world).meva, sacrificed);
        sub(&mut self.fleet(fleet).vc, sacrificed);
    }

    /// #71–#86.
    ///
    /// Ruling G-70 (VII.1.3): `VP M_m ? N` (the orderer's own non-converts as the target's owner) never triggers: a warning.
    fn fire(&mut self, i: usize, conditional: bool, fire: Fire) {
        match fire {
            Fire::Fleet { fleet, target } => {
                if !self.own_fleet(i, fleet) {
                    return;
                }
                let world = self.ctx.fleet_world(fleet);
                if self.fleet(fleet).ships() == Some(0) {
                    self.error(i, Focus::Fleet(fleet), "order-check-fire-empty")
                        .args
                        .push(("subject".to_string(), format!("F_{fleet}")));
                    return;
                }
                match target {
                    FleetTarget::Fleet(target) => {
                        if target == fleet {
                            self.error(i, Focus::Fleet(target), "order-check-fleet-same")
                                .args
                                .push(("fleet".to_string(), fleet.to_string()));
                            return;
                        }
                        self.fleet_here(i, target, world);
                    }
                    FleetTarget::Protections => {
                        if let Some(world) = world {
                            let sim = *self.world(world);
                            if sim.vi == Some(0) && sim.vp == Some(0) {
                                self.warning(i, Focus::Order, "order-check-fire-no-protection")
                                    .args
                                    .push(("world".to_string(), world.to_string()));
                            }
                        }
                    }
                    FleetTarget::Population | FleetTarget::Industries => {}
                }
            }
            Fire::Vp { world, target } => {
                if !self.group_can_fire(i, world, Guard::Vp) {
                    return;
                }
                match target {
                    VpTarget::Fleet(fleet) => {
                        self.fleet_here(i, fleet, Some(world));
                    }
                    VpTarget::NonConverts if conditional => {
                        self.warning(i, Focus::Order, "order-check-conditional-never")
                            .args
                            .push(("world".to_string(), world.to_string()));
                    }
                    VpTarget::NonConverts | VpTarget::Converts => {}
                }
            }
            Fire::Vi { world, fleet } => {
                if !self.group_can_fire(i, world, Guard::Vi) {
                    return;
                }
                self.fleet_here(i, fleet, Some(world));
            }
        }
    }

    /// #87/#88.
    ///
    /// Applies ruling G-12 (see the ruling list).
    fn move_fleet(&mut self, i: usize, fleet: FleetId, route: &[WorldId]) {
        if !self.own_fleet(i, fleet) {
            return;
        }
        if let Some(&last) = route.last() {
            self.destinations.insert(last);
        }
        if self.fleet(fleet).ships() == Some(0) {
            self.error(i, Focus::Fleet(fleet), "order-check-move-empty")
                .args
                .push(("fleet".to_string(), fleet.to_string()));
            return;
        }
        if let Some((dep, fact)) = self.tech_level(Tech::Dep) {
            let length = route.len() as u32;
            if length > dep {
                let code = if fact.current {
                    "order-check-route-too-long"
                } else {
                    "order-check-route-too-long-old"
                };
                let focus = Focus::Hop(dep as usize);
                let diagnostic = if fact.current {
                    self.error(i, focus, code)
                } else {
                    self.warning(i, focus, code)
                };
                diagnostic.args.extend([
                    ("length".to_string(), length.to_string()),
                    ("dep".to_string(), dep.to_string()),
                    ("shown".to_string(), fact.level.to_string()),
                    ("turn".to_string(), fact.turn.to_string()),
                ]);
            }
        }
        let Some(start) = self.ctx.fleet_world(fleet) else {
            return;
        };
        if route.first() == Some(&start) {
            self.error(i, Focus::Hop(0), "order-check-route-starts-here")
                .args
                .extend([
                    ("fleet".to_string(), fleet.to_string()),
                    ("world".to_string(), start.to_string()),
                ]);
            return;
        }
        let mut from = start;
        for (hop, &world) in route.iter().enumerate() {
            match self.adjacent(i, Focus::Hop(hop), from, world) {
                Some(true) => {}
                // Not connected: the arbiter voids the move; unknown: the rest of
                // the route cannot be checked from here on either.
                Some(false) | None => return,
            }
            if self.black_hole(i, Focus::Hop(hop), world, "move") {
                return;
            }
            from = world;
        }
    }

    /// #89.
    fn drop_bomb(&mut self, i: usize, fleet: FleetId) {
        if !self.own_fleet(i, fleet) {
            return;
        }
        if self.fleet(fleet).bomb == Some(false) {
            self.error(i, Focus::Fleet(fleet), "order-check-bomb-none")
                .args
                .push(("fleet".to_string(), fleet.to_string()));
        }
    }

    /// #90.
    fn robot_attack(&mut self, i: usize, fleet: FleetId, count: u32) {
        if !self.own_fleet(i, fleet) {
            return;
        }
        let per = self.rules.production.robots.per_vc_attack.max(1);
        if !self.robot_multiple(i, count, per) {
            return;
        }
        let have = self.fleet(fleet).vc;
        let used = self
            .take(
                i,
                Focus::Count,
                &format!("F_{fleet}"),
                "VC",
                Some(count / per),
                have,
            )
            .unwrap_or(count / per);
        sub(&mut self.fleet(fleet).vc, used);
    }

    /// #91.
    ///
    /// Applies ruling G-99 (see the ruling list).
    fn pillage(&mut self, i: usize, world: WorldId) {
        if !self.own_world(i, world) {
            return;
        }
        let Some(k) = self.ctx.world_now(world) else {
            return;
        };
        let allowed = self.rules.policies.repillage_at_recovery;
        if let Some(&left) = self.ctx.current(&k.pillage_recovery)
            && !self.rules.can_pillage_again(left)
        {
            self.error(i, Focus::World(world), "order-check-pillage-recovery")
                .args
                .extend([
                    ("world".to_string(), world.to_string()),
                    ("left".to_string(), left.to_string()),
                    ("allowed".to_string(), allowed.to_string()),
                ]);
        }
    }

    // ----- file-order passes -----

    /// Applies ruling G-7 (see the ruling list).
    /// Applies ruling G-76 (see the ruling list).
    ///
    /// Several names for one world (#1): the last one counts, a warning on the
    /// earlier ones.
    fn exclusivity(&mut self) {
        let mut first: HashMap<Subject, usize> = HashMap::new();
        let mut named: HashMap<WorldId, usize> = HashMap::new();
        for (i, order) in self.orders.iter().enumerate() {
            if let OrderKind::Name { world, .. } = order.kind
                && let Some(earlier) = named.insert(world, i)
            {
                let line = self.line(i);
                self.warning(earlier, Focus::World(world), "order-check-name-replaced")
                    .args
                    .extend([
                        ("world".to_string(), world.to_string()),
                        ("line".to_string(), line.to_string()),
                    ]);
            }
            if !order.kind.is_exclusive() {
                continue;
            }
            let subject = order.kind.subject();
            match first.get(&subject) {
                Some(&earlier) => {
                    let line = self.line(earlier);
                    let (name, focus) = match subject {
                        Subject::Fleet(f) => (format!("F_{f}"), Focus::Fleet(f)),
                        Subject::ViGroup(m) => (guard_name(Guard::Vi, m), Focus::World(m)),
                        Subject::VpGroup(m) => (guard_name(Guard::Vp, m), Focus::World(m)),
                        Subject::World(m) => (format!("M_{m}"), Focus::World(m)),
                        Subject::Treasure(t) => (format!("T_{t}"), Focus::Treasure(t)),
                        Subject::Player => (String::new(), Focus::Order),
                    };
                    self.error(i, focus, "order-check-exclusive").args.extend([
                        ("subject".to_string(), name),
                        ("line".to_string(), line.to_string()),
                    ]);
                }
                None => {
                    first.insert(subject, i);
                }
            }
        }
    }

    /// Applies ruling G-8 (see the ruling list).
    fn up_budget(&mut self) {
        let mut by_world: HashMap<WorldId, Vec<(usize, u32)>> = HashMap::new();
        for &(world, i, up) in &self.up {
            by_world.entry(world).or_default().push((i, up));
        }
        let mut worlds: Vec<WorldId> = by_world.keys().copied().collect();
        worlds.sort_unstable();
        for world in worlds {
            let Some(orders) = by_world.get(&world) else {
                continue;
            };
            let Some(k) = self.ctx.world_now(world) else {
                continue;
            };
            let Some(&have) = self.ctx.current(&k.active_industries) else {
                continue;
            };
            let need: u32 = orders.iter().fold(0u32, |s, (_, up)| s.saturating_add(*up));
            if need <= have {
                continue;
            }
            let mut running = 0u32;
            let mut breaking = orders.first().map_or(0, |o| o.0);
            for &(i, up) in orders {
                running = running.saturating_add(up);
                if running > have {
                    breaking = i;
                    break;
                }
            }
            let mut lines: Vec<u32> = orders.iter().map(|(i, _)| self.line(*i)).collect();
            lines.sort_unstable();
            lines.dedup();
            let lines = lines
                .iter()
                .map(u32::to_string)
                .collect::<Vec<_>>()
                .join(", ");
            self.error(breaking, Focus::World(world), "order-check-up-budget")
                .args
                .extend([
                    ("world".to_string(), world.to_string()),
                    ("need".to_string(), need.to_string()),
                    ("have".to_string(), have.to_string()),
                    ("lines".to_string(), lines),
                    ("count".to_string(), orders.len().to_string()),
                ]);
        }
    }
}
