//! What is available at each step of the turn: the counts the simulated turn
//! starts from (the latest CR, through [`PlayerContext`]) and changes order by
//! order, and the [`Run`] every step file adds its checks to.
//!
//! - [`WorldSim`], [`FleetSim`]: a world's and a fleet's counts (`None` =
//!   unknown: a check that needs an unknown count is skipped or downgraded to a
//!   warning, never an error).
//! - [`Arrival`]: ships moved at step 11, added once every transfer has taken its
//!   ships (`transfers`).
//! - `Run::take`: clipping, G-9 (`order-check-clipped`,
//!   `order-check-none-available`), used by every step that takes something.
//! - `Run::tech_level`, `Run::capacity`: DEP and CAR once this file's research
//!   (step 3) is counted.
//! - `Run::spend`: the UP each producing order takes from its world, summed
//!   by `up_budget` once the turn is simulated.
//! - [`Findings`]: where the checks put their diagnostics; for
//!   [`check_orders`](super::check_orders), only those that may be among the
//!   first [`MAX_PER_FILE`] by position are kept, the others are counted as
//!   they come (a file of a million wrong orders makes no million messages).

use std::collections::{HashMap, HashSet};

use crate::diagnostic::{Capped, Diagnostic, MAX_PER_FILE, Span};
use crate::model::view::CargoView;
use crate::model::{Class, FleetId, Tech, TreasureId, WorldId};
use crate::rules::Ruleset;
use crate::rules::policy::ResearchOverflow;

use super::super::ast::{Guard, Order};
use super::{Finding, Focus, PlayerContext, TechFact};

/// The slot of `tech` in [`Run::research`].
pub(super) fn tech_index(tech: Tech) -> usize {
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
pub(super) struct WorldSim {
    pub(super) vi: Option<u32>,
    pub(super) vp: Option<u32>,
    /// N + C.
    pub(super) population: Option<u32>,
    pub(super) converts: Option<u32>,
    /// The converts are the orderer's.
    pub(super) my_converts: Option<bool>,
    pub(super) robots: Option<u32>,
    pub(super) limit: Option<u32>,
    pub(super) mp: Option<u32>,
    pub(super) meva: Option<u32>,
    pub(super) meva_slots: Option<u32>,
}

/// A fleet's counts during the simulated turn.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct FleetSim {
    pub(super) vc: Option<u32>,
    pub(super) vt: Option<u32>,
    pub(super) cargo: Option<CargoView>,
    /// Carries a bomb at the start of the turn (`F#f`).
    pub(super) bomb: Option<bool>,
    pub(super) bomb_built: bool,
}

impl FleetSim {
    pub(super) fn ships(&self) -> Option<u32> {
        Some(self.vc?.saturating_add(self.vt?))
    }
}

/// Ships moved at step 11, added once every transfer has taken its ships
/// ("tous les transferts sont simultanés").
#[derive(Clone, Copy, Debug)]
pub(super) enum Arrival {
    Guard(WorldId, Guard, u32),
    Vc(FleetId, u32),
    Vt(FleetId, u32),
}

pub(super) fn add(slot: &mut Option<u32>, n: u32) {
    if let Some(value) = slot {
        *value = value.saturating_add(n);
    }
}

pub(super) fn sub(slot: &mut Option<u32>, n: u32) {
    if let Some(value) = slot {
        *value = value.saturating_sub(n);
    }
}

/// Everything a fleet carries (saturating: the counts come from a CR).
pub(super) fn carried(cargo: &CargoView) -> u32 {
    cargo
        .mp
        .saturating_add(cargo.n)
        .saturating_add(cargo.c)
        .saturating_add(cargo.r)
}

/// The findings of one validation, in the order the checks make them: every
/// one, or (capped) those that may be among the first [`MAX_PER_FILE`] by
/// line, the others only counted.
pub(super) struct Findings {
    kept: Vec<Finding>,
    /// Keep only the first ones by line.
    capped: bool,
    /// Capped: at least [`MAX_PER_FILE`] findings are on this line or before,
    /// so that one on a later line can never be among the first by position
    /// (the line decides before the column): it is only counted.
    bound: u32,
    /// Capped: when so many are kept, the bound is lowered (twice what was
    /// kept after the last time, at least twice [`MAX_PER_FILE`]).
    tighten_at: usize,
    /// The findings not kept, counted (nothing kept in it).
    counted: Capped,
    /// Where a finding only counted receives its arguments (replaced by the
    /// next one).
    scratch: Diagnostic,
}

impl Findings {
    fn new(capped: bool) -> Self {
        Findings {
            kept: Vec::new(),
            capped,
            bound: u32::MAX,
            tighten_at: 2 * MAX_PER_FILE,
            counted: Capped::new(),
            scratch: Diagnostic::info("", Span::default()),
        }
    }

    /// Adds a finding; returns its diagnostic, to add its arguments.
    fn push(&mut self, finding: Finding) -> &mut Diagnostic {
        if self.capped && self.kept.len() >= self.tighten_at {
            self.tighten();
        }
        let line = finding.diagnostic.span.line;
        if self.capped && line > self.bound {
            self.counted.count(finding.diagnostic.severity, line);
            self.scratch = finding.diagnostic;
            return &mut self.scratch;
        }
        self.kept.push(finding);
        match self.kept.last_mut() {
            Some(last) => &mut last.diagnostic,
            None => &mut self.scratch,
        }
    }

    /// Lowers the bound to the line of the [`MAX_PER_FILE`]th finding kept by
    /// line, and counts those after it.
    fn tighten(&mut self) {
        let mut lines: Vec<u32> = self.kept.iter().map(|f| f.diagnostic.span.line).collect();
        if let Some(index) = MAX_PER_FILE.checked_sub(1)
            && index < lines.len()
        {
            let (_, nth, _) = lines.select_nth_unstable(index);
            self.bound = self.bound.min(*nth);
        }
        let bound = self.bound;
        let counted = &mut self.counted;
        self.kept.retain(|f| {
            let line = f.diagnostic.span.line;
            if line > bound {
                counted.count(f.diagnostic.severity, line);
            }
            line <= bound
        });
        self.tighten_at = self.kept.len().saturating_mul(2).max(2 * MAX_PER_FILE);
    }

    /// The findings kept, in the order they were made, and the others counted.
    pub(super) fn into_parts(self) -> (Vec<Finding>, Capped) {
        (self.kept, self.counted)
    }
}

/// One validation: the orders, what the orderer knows, and the counts as the
/// simulated turn changes them.
pub(super) struct Run<'a, 'k> {
    pub(super) ctx: &'a PlayerContext<'k>,
    pub(super) rules: &'a Ruleset,
    pub(super) orders: &'a [Order],
    pub(super) out: Findings,
    pub(super) worlds: HashMap<WorldId, WorldSim>,
    pub(super) fleets: HashMap<FleetId, FleetSim>,
    /// Producing orders: (world, order, UP), in execution order.
    pub(super) up: Vec<(WorldId, u32, u32)>,
    /// UP spent on research in this file, per technology.
    pub(super) research: [u32; 6],
    /// Worlds the orderer may capture at step 5 (emigration or unloading onto a
    /// neutral or empty world): later orders on them are only warned about.
    pub(super) capturable: HashSet<WorldId>,
    /// Where the orderer's moves end (step 14).
    pub(super) destinations: HashSet<WorldId>,
    /// Treasures dropped at step 10, and the world they land on.
    pub(super) dropped: HashMap<TreasureId, Option<WorldId>>,
    pub(super) arrivals: Vec<Arrival>,
}

impl<'a, 'k> Run<'a, 'k> {
    /// A validation of `orders`; `capped`: only the findings that may be
    /// among the first [`MAX_PER_FILE`] by position are kept (see [`Findings`]).
    pub(super) fn new(
        orders: &'a [Order],
        ctx: &'a PlayerContext<'k>,
        rules: &'a Ruleset,
        capped: bool,
    ) -> Self {
        Run {
            ctx,
            rules,
            orders,
            out: Findings::new(capped),
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
}

impl Run<'_, '_> {
    /// Records a diagnostic and returns it, to add its arguments.
    pub(super) fn push(
        &mut self,
        order: usize,
        focus: Focus,
        diagnostic: Diagnostic,
    ) -> &mut Diagnostic {
        self.out.push(Finding {
            order,
            focus,
            diagnostic,
        })
    }

    pub(super) fn error(&mut self, order: usize, focus: Focus, code: &str) -> &mut Diagnostic {
        let span = self.span(order);
        self.push(order, focus, Diagnostic::error(code, span))
    }

    pub(super) fn warning(&mut self, order: usize, focus: Focus, code: &str) -> &mut Diagnostic {
        let span = self.span(order);
        self.push(order, focus, Diagnostic::warning(code, span))
    }

    pub(super) fn span(&self, order: usize) -> Span {
        self.orders.get(order).map(|o| o.span).unwrap_or_default()
    }

    pub(super) fn line(&self, order: usize) -> u32 {
        self.span(order).line
    }

    /// The phase weight of an order (VIII.1).
    pub(super) fn weight(&self, order: usize) -> u8 {
        self.orders.get(order).map_or(0, |o| o.kind.weight())
    }

    pub(super) fn world(&mut self, id: WorldId) -> &mut WorldSim {
        let ctx = self.ctx;
        self.worlds.entry(id).or_insert_with(|| {
            let Some(k) = ctx.world_now(id) else {
                return WorldSim::default();
            };
            let me = ctx.me;
            WorldSim {
                vi: ctx.current(&k.vi()).copied(),
                vp: ctx.current(&k.vp()).copied(),
                population: ctx.current(&k.population()).copied(),
                converts: ctx.current(&k.converts()).copied(),
                my_converts: match (ctx.current(&k.converts()), me) {
                    (Some(0), _) => None,
                    (Some(_), Some(me)) => ctx
                        .current(k.converts_owner())
                        .map(|owner| owner.as_str() == me),
                    _ => None,
                },
                robots: ctx.current(&k.robots()).copied(),
                limit: ctx.current(&k.pop_limit()).copied(),
                mp: ctx.current(&k.mp()).copied(),
                meva: ctx.current(&k.meva()).copied(),
                meva_slots: ctx.current(&k.meva_slots()).copied(),
            }
        })
    }

    pub(super) fn fleet(&mut self, id: FleetId) -> &mut FleetSim {
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

    /// Clipping (G-9): asks `asked` of something `subject` has `have` of; a warning
    /// when more is asked. Returns what is used.
    ///
    /// Applies ruling G-9 (see the ruling list).
    pub(super) fn take(
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
                self.warning(i, focus, "order-check-clipped")
                    .add_arg("subject", subject)
                    .add_arg("what", what)
                    .add_arg("asked", asked)
                    .add_arg("have", have);
                Some(have)
            }
            Some(asked) => Some(asked),
            None => {
                if have == 0 {
                    self.warning(i, Focus::Order, "order-check-none-available")
                        .add_arg("subject", subject)
                        .add_arg("what", what);
                }
                Some(have)
            }
        }
    }

    pub(super) fn spend(&mut self, world: WorldId, i: usize, up: u32) {
        // An order's index fits in 32 bits (a file has fewer lines).
        self.up
            .push((world, u32::try_from(i).unwrap_or(u32::MAX), up));
    }

    /// The level of `tech` once this file's research (step 3) is counted, and
    /// whether the level shown was the latest CR's.
    ///
    /// Technologies bought at step 3 "sont immédiatement disponibles pour la suite
    /// de l'évaluation" (VIII): the research orders of the file are added to the UP
    /// already invested, the excess carrying over (G-43 policy), up to the class's
    /// maximum, before DEP (moves, step 14) and CAR (loading, step 13) are used.
    pub(super) fn tech_level(&self, tech: Tech) -> Option<(u32, TechFact)> {
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

    pub(super) fn capacity(&self, sim: &FleetSim) -> Option<u32> {
        let car = self.tech_level(Tech::Car)?.0;
        Some(
            sim.vc?
                .saturating_mul(self.rules.combat.vc_cargo)
                .saturating_add(sim.vt?.saturating_mul(car)),
        )
    }
}
