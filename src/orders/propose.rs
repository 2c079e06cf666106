//! The orders the app proposes for a world or a fleet: the map's right-click
//! menus and the inspector's order buttons read them, and never offer an order
//! the validator would refuse.
//!
//! A [`Proposer`] is built once from the player's knowledge ([`PlayerContext`]),
//! the ruleset and the draft being written. [`Proposer::world`],
//! [`Proposer::fleet`] and [`Proposer::send_here`] list [`Proposal`]s: the order
//! (as a value and as the line [`print`](super::print) writes), a short label for
//! the menus (a Fluent id and its arguments) and a [`Verdict`]:
//!
//! - **valid**: appended to the draft, the validator finds no new error (it may
//!   warn: the warnings come with the proposal, shown on hover — e.g. a move
//!   into a known black hole, a bomb built with exactly 25 VC, a load from a
//!   world whose owner's permissions are not shown);
//! - **disabled**, with the reason: the validator's first new error, or a
//!   warning that says the order would do nothing (nothing to load, a research
//!   already at its maximum, a fire at protections that are not there…), or a
//!   reason of our own said before validating (`propose-*` messages: no active
//!   industry, no UP left by the draft, too far for DEP, no known route…).
//!
//! What is left out instead of disabled: orders reserved to another class than
//! the player's (when his class is known), fire at the player's own fleets or
//! world, `VP M_m ? N` (never triggers, G-70), loads and unloads of N, C, R or PC when there are none (MP and P are
//! always listed), worlds and fleets that are not his (no proposal at all but
//! `Z m` and "send a fleet here").
//!
//! Quantities: constructions take the UP the draft leaves on the world (research:
//! what the next level still needs, at most that); transfers, VI into industries
//! and robot transformations take everything available (when the draft already
//! uses some, the count the validator says is left; a fleet keeps the ships its
//! cargo needs); emigration, MEVA and robot
//! attacks one unit; loads and unloads `as much as possible` (no count).
//!
//! "Send a fleet here" ([`Proposer::send_here`]) routes each of the player's
//! fleets to a world over the connections he knows ([`shortest_route`]), within
//! his DEP once the draft's research is counted.

use std::collections::{BTreeSet, HashMap, VecDeque};

use crate::diagnostic::{Diagnostic, Severity, Span};
use crate::model::view::TreasureSite;
use crate::model::{Class, FleetId, PlayerId, Tech, WorldId};
use crate::rules::Ruleset;

use super::ast::{
    Construction, Fire, FleetTarget, FleetTransfer, Guard, GuardTransfer, LoadGoods, MevaTarget,
    Order, OrderKind, People, PlayerRef, Prober, RobotProduct, UnloadGoods, VpTarget,
};
use super::parse_orders;
use super::validate::{
    Owner, PlayerContext, construction_up, production_up, tech_level_after, validate_with,
};

/// The menu a proposal goes in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Group {
    /// Ships, industries, population limit, robots (`M_m C x …`).
    Build,
    /// `M_m C x DEP` …
    Research,
    /// `M_m C x E y`.
    Spies,
    /// `M_m E x P M_n`.
    Emigrate,
    /// `F_f MM n`.
    Move,
    /// `… S M_n`.
    Probe,
    /// `… * …`.
    Fire,
    /// `… ? …`.
    ConditionalFire,
    /// Loads and unloads, treasures.
    Cargo,
    /// `… T x …`, VI into industries, robot transformations.
    Transfer,
    /// Bombs, MEVA, robot attacks.
    Special,
    /// Peace, war, pillage, no ambush.
    Stance,
    /// `… C : j`.
    Gift,
    /// "Send a fleet here": one of the player's fleets routed to a world.
    SendHere,
}

impl Group {
    /// The order the menus list the groups in.
    pub const ALL: [Group; 14] = [
        Group::Build,
        Group::Research,
        Group::Spies,
        Group::Emigrate,
        Group::Move,
        Group::Probe,
        Group::Fire,
        Group::ConditionalFire,
        Group::Cargo,
        Group::Transfer,
        Group::Special,
        Group::Stance,
        Group::Gift,
        Group::SendHere,
    ];

    /// The Fluent id of the menu's title.
    pub fn label_id(self) -> &'static str {
        match self {
            Group::Build => "propose-group-build",
            Group::Research => "propose-group-research",
            Group::Spies => "propose-group-spies",
            Group::Emigrate => "propose-group-emigrate",
            Group::Move => "propose-group-move",
            Group::Probe => "propose-group-probe",
            Group::Fire => "propose-group-fire",
            Group::ConditionalFire => "propose-group-conditional-fire",
            Group::Cargo => "propose-group-cargo",
            Group::Transfer => "propose-group-transfer",
            Group::Special => "propose-group-special",
            Group::Stance => "propose-group-stance",
            Group::Gift => "propose-group-gift",
            Group::SendHere => "propose-group-send-here",
        }
    }
}

/// Whether a proposal may be taken.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Appended to the draft, the validator finds no new error; the warnings it
    /// gives the order.
    Valid { warnings: Vec<Diagnostic> },
    /// Would be refused or would do nothing: why (a validator diagnostic or a
    /// `propose-*` message; render it with [`Diagnostic::message`]).
    Disabled { reason: Diagnostic },
}

impl Verdict {
    pub fn is_valid(&self) -> bool {
        matches!(self, Verdict::Valid { .. })
    }

    /// The reason of a disabled proposal.
    pub fn reason(&self) -> Option<&Diagnostic> {
        match self {
            Verdict::Disabled { reason } => Some(reason),
            Verdict::Valid { .. } => None,
        }
    }
}

/// One order offered to the player.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Proposal {
    pub group: Group,
    /// The Fluent id of the short label ("VI", "Vers M_304", "F_57 (M_48, 2 sauts)").
    pub label: &'static str,
    /// The label's arguments.
    pub args: Vec<(&'static str, String)>,
    /// The order, as a value (the map draws it).
    pub order: OrderKind,
    /// The order line as the canonical printer writes it.
    pub text: String,
    pub verdict: Verdict,
}

impl Proposal {
    /// The label's arguments as `tr_args` takes them.
    pub fn label_args(&self) -> Vec<(&str, &str)> {
        self.args.iter().map(|(k, v)| (*k, v.as_str())).collect()
    }
}

/// Why "send a fleet here" has no route.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RouteProblem {
    /// The fleet's position at the start of the turn is not known.
    NoPosition,
    /// The fleet is on the world already.
    AlreadyThere,
    /// No route over the connections the player knows.
    NoRoute,
    /// The shortest known route has `steps` steps; DEP allows `dep`.
    TooFar { steps: usize, dep: u32 },
}

/// The shortest route from `start` to `target` (the worlds after `start`, the
/// last being `target`) over the connections `neighbours` gives, never through a
/// world `avoid` excludes (`target` itself is never excluded). `None` when
/// `target` cannot be reached, or is `start`.
///
/// Deterministic: among the shortest routes, the one whose list of world
/// numbers is the smallest, compared world by world (breadth-first search
/// visiting each world's connections in increasing number: the first route to
/// reach a world is the smallest of its length).
pub fn shortest_route(
    start: WorldId,
    target: WorldId,
    neighbours: impl Fn(WorldId) -> Vec<WorldId>,
    avoid: impl Fn(WorldId) -> bool,
) -> Option<Vec<WorldId>> {
    if start == target {
        return None;
    }
    let mut parent: HashMap<WorldId, WorldId> = HashMap::new();
    let mut queue = VecDeque::from([start]);
    parent.insert(start, start);
    while let Some(at) = queue.pop_front() {
        let mut next = neighbours(at);
        next.sort_unstable();
        next.dedup();
        for world in next {
            if parent.contains_key(&world) || (world != target && avoid(world)) {
                continue;
            }
            parent.insert(world, at);
            if world == target {
                let mut route = vec![target];
                let mut w = target;
                while let Some(&p) = parent.get(&w) {
                    if p == start {
                        break;
                    }
                    route.push(p);
                    w = p;
                }
                route.reverse();
                return Some(route);
            }
            queue.push_back(world);
        }
    }
    None
}

/// Codes of validator warnings that mean the order would do nothing: such a
/// proposal is disabled with the warning as its reason.
const FUTILE: [&str; 7] = [
    "order-check-none-available",
    "order-check-clipped",
    "order-check-capacity",
    "order-check-fire-no-protection",
    "order-check-conditional-never",
    "order-check-tech-max",
    "order-check-meva-clipped",
];

/// A reason of our own (a `propose-*` message).
fn reason(code: &str, args: &[(&str, String)]) -> Diagnostic {
    let mut d = Diagnostic::new(Severity::Error, code, Span::default());
    d.args = args
        .iter()
        .map(|(k, v)| (k.to_string(), v.clone()))
        .collect();
    d
}

/// What proposes orders: the player's knowledge, the ruleset and the draft.
pub struct Proposer<'a, 'k> {
    ctx: &'a PlayerContext<'k>,
    rules: &'a Ruleset,
    draft: Vec<Order>,
    /// The line an appended order gets.
    next_line: u32,
    /// The validator's errors on the draft alone (order, code, arguments).
    base_errors: BTreeSet<ErrorKey>,
    /// UP the draft spends per world.
    spent: HashMap<WorldId, u32>,
    /// DEP once the draft's research is counted.
    dep: Option<u32>,
    /// CAR likewise (what a VT carries).
    car: Option<u32>,
}

impl<'a, 'k> Proposer<'a, 'k> {
    /// Reads the draft `draft` (an order file's text; unreadable lines are
    /// ignored) against what `ctx` knows.
    pub fn new(ctx: &'a PlayerContext<'k>, rules: &'a Ruleset, draft: &str) -> Self {
        let draft_orders = parse_orders(draft).orders;
        let next_line = draft
            .strip_prefix('\u{feff}')
            .unwrap_or(draft)
            .lines()
            .count() as u32
            + 1;
        Self::with_orders(ctx, rules, draft_orders, next_line)
    }

    /// [`Proposer::new`] with the draft already read.
    pub fn with_orders(
        ctx: &'a PlayerContext<'k>,
        rules: &'a Ruleset,
        draft: Vec<Order>,
        next_line: u32,
    ) -> Self {
        let base_errors = validate_with(&draft, ctx, rules)
            .into_iter()
            .filter(|f| f.diagnostic.severity == Severity::Error)
            .map(|f| (f.order, f.diagnostic.code, f.diagnostic.args))
            .collect();
        let mut spent: HashMap<WorldId, u32> = HashMap::new();
        for order in &draft {
            if let Some((world, up)) = production_up(&order.kind, ctx.class, rules) {
                let slot = spent.entry(world).or_default();
                *slot = slot.saturating_add(up);
            }
        }
        let dep = tech_level_after(&draft, ctx, rules, Tech::Dep);
        let car = tech_level_after(&draft, ctx, rules, Tech::Car);
        let next_line = draft
            .iter()
            .map(|o| o.span.line + 1)
            .max()
            .unwrap_or(1)
            .max(next_line);
        Proposer {
            ctx,
            rules,
            draft,
            next_line,
            base_errors,
            spent,
            dep,
            car,
        }
    }

    /// DEP for the moves of this turn (the draft's research counted).
    pub fn dep(&self) -> Option<u32> {
        self.dep
    }

    // ----- judging -----

    /// The verdict on `kind` appended to the draft.
    pub fn judge(&self, kind: &OrderKind) -> Verdict {
        let text = kind.to_string();
        let mut orders = self.draft.clone();
        let at = orders.len();
        orders.push(Order {
            kind: kind.clone(),
            span: Span::line(self.next_line, text.chars().count()),
        });
        let findings = validate_with(&orders, self.ctx, self.rules);
        let mut new_errors: Vec<(bool, Diagnostic)> = Vec::new();
        let mut warnings = Vec::new();
        for finding in findings {
            let ours = finding.order == at;
            let d = finding.diagnostic;
            match d.severity {
                Severity::Error => {
                    let known = !ours
                        && self.base_errors.contains(&(
                            finding.order,
                            d.code.clone(),
                            d.args.clone(),
                        ));
                    if !known {
                        new_errors.push((ours, d));
                    }
                }
                Severity::Warning if ours => warnings.push(d),
                _ => {}
            }
        }
        // The candidate's own error first, else the first one it causes.
        let new_error = new_errors
            .iter()
            .position(|(ours, _)| *ours)
            .or((!new_errors.is_empty()).then_some(0))
            .map(|i| new_errors.swap_remove(i).1);
        if let Some(reason) = new_error {
            return Verdict::Disabled { reason };
        }
        if let Some(futile) = warnings.iter().find(|w| FUTILE.contains(&w.code.as_str())) {
            return Verdict::Disabled {
                reason: futile.clone(),
            };
        }
        Verdict::Valid { warnings }
    }

    /// Judges `make(count)`; when the validator says the draft leaves fewer
    /// (`order-check-clipped`, `order-check-meva-clipped`), judges the count it
    /// says is left (`have` or `free`, divided by `per` units per count).
    fn judge_count(&self, make: &dyn Fn(u32) -> OrderKind, count: u32, per: u32) -> Proposed {
        let kind = make(count);
        let verdict = self.judge(&kind);
        if let Verdict::Disabled { reason } = &verdict
            && matches!(
                reason.code.as_str(),
                "order-check-clipped" | "order-check-meva-clipped"
            )
        {
            let left = reason
                .arg_value("have")
                .or_else(|| reason.arg_value("free"))
                .and_then(|v| v.parse::<u32>().ok())
                .map(|n| n / per.max(1));
            if let Some(left) = left.filter(|n| *n > 0 && *n < count) {
                let kind = make(left);
                let verdict = self.judge(&kind);
                return (kind, verdict);
            }
        }
        (kind, verdict)
    }

    // ----- what the player has -----

    fn is_mine_world(&self, world: WorldId) -> bool {
        self.ctx.world_owner(world) == Owner::Me
    }

    fn is_mine_fleet(&self, fleet: FleetId) -> bool {
        self.ctx.fleet_owner(fleet) == Owner::Me
    }

    /// Fleets listed on `world` by the latest CR, by number.
    fn fleets_at(&self, world: WorldId) -> Vec<FleetId> {
        let mut out: Vec<FleetId> = self
            .ctx
            .knowledge()
            .fleets_last_seen_at(world)
            .map(|f| f.id)
            .filter(|f| self.ctx.fleet_world(*f) == Some(world))
            .collect();
        out.sort_unstable();
        out
    }

    /// The worlds `world` is connected to, as far as the player knows.
    fn neighbours(&self, world: WorldId) -> Vec<WorldId> {
        let mut out: Vec<WorldId> = self
            .ctx
            .connections(world)
            .map(|list| list.iter().map(|c| c.world).collect())
            .unwrap_or_default();
        out.sort_unstable();
        out.dedup();
        out.retain(|w| *w != world);
        out
    }

    /// The players a gift can go to: known by name, with a number, not the player.
    fn gift_targets(&self) -> Vec<(u32, PlayerRef)> {
        let mut out: Vec<(u32, PlayerRef)> = self
            .ctx
            .knowledge()
            .known_players
            .iter()
            .filter(|(name, _)| Some(name.as_str()) != self.ctx.me)
            .filter_map(|(_, k)| k.number.as_ref().map(|n| n.value))
            .filter(|n| *n != 0 && Some(*n) != self.ctx.number)
            .map(|n| (n, PlayerRef::Number(PlayerId(n))))
            .collect();
        out.sort_by_key(|(n, _)| *n);
        out.dedup_by_key(|(n, _)| *n);
        out
    }

    /// The class allows an order reserved to `class` (unknown class: yes).
    fn class_is(&self, class: Class) -> bool {
        self.ctx.class.is_none_or(|c| c == class)
    }

    fn world_count(
        &self,
        world: WorldId,
        pick: impl Fn(
            &crate::model::knowledge::WorldKnowledge,
        ) -> &Option<crate::model::knowledge::Seen<u32>>,
    ) -> Option<u32> {
        let k = self.ctx.world_now(world)?;
        self.ctx.current(pick(k)).copied()
    }

    fn fleet_count(
        &self,
        fleet: FleetId,
        pick: impl Fn(
            &crate::model::knowledge::FleetKnowledge,
        ) -> &Option<crate::model::knowledge::Seen<u32>>,
    ) -> Option<u32> {
        let k = self.ctx.fleet_now(fleet)?;
        self.ctx.current(pick(k)).copied()
    }

    /// UP of `world` the draft leaves: `None` when its active industries are unknown.
    fn up_left(&self, world: WorldId) -> Option<(u32, u32)> {
        let have = self.world_count(world, |k| &k.active_industries)?;
        let spent = self.spent.get(&world).copied().unwrap_or(0);
        Some((have, have.saturating_sub(spent)))
    }

    /// How many units costing `cost` UP each the draft leaves room for on
    /// `world`, or why none (`propose-no-industry`, `propose-no-up-left`,
    /// `propose-up-short`). Unknown industries: one.
    fn affordable(&self, world: WorldId, cost: u32) -> Result<u32, Diagnostic> {
        let Some((have, left)) = self.up_left(world) else {
            return Ok(1);
        };
        let cost = cost.max(1);
        if have == 0 {
            return Err(reason(
                "propose-no-industry",
                &[("world", world.to_string())],
            ));
        }
        if left == 0 {
            return Err(reason(
                "propose-no-up-left",
                &[("world", world.to_string()), ("have", have.to_string())],
            ));
        }
        if left < cost {
            return Err(reason(
                "propose-up-short",
                &[
                    ("world", world.to_string()),
                    ("left", left.to_string()),
                    ("cost", cost.to_string()),
                ],
            ));
        }
        Ok(left / cost)
    }

    // ----- building proposals -----

    fn push(
        out: &mut Vec<Proposal>,
        group: Group,
        label: &'static str,
        args: Vec<(&'static str, String)>,
        (order, verdict): Proposed,
    ) {
        out.push(Proposal {
            group,
            label,
            args,
            text: order.to_string(),
            order,
            verdict,
        });
    }

    fn judged(&self, kind: OrderKind) -> Proposed {
        let verdict = self.judge(&kind);
        (kind, verdict)
    }

    /// A construction on `world`: as many as the UP left allow, else disabled
    /// (with one unit in the order shown).
    fn build(&self, world: WorldId, construction: Construction, limit: Option<u32>) -> Proposed {
        let cost = construction_up(construction, self.ctx.class, self.rules);
        let make = |count| OrderKind::Build {
            world,
            count,
            construction,
        };
        match self.affordable(world, cost) {
            Ok(count) => {
                let count = limit.map_or(count, |l| count.min(l.max(1)));
                self.judged(make(count))
            }
            Err(reason) => (make(1), Verdict::Disabled { reason }),
        }
    }

    /// A transfer that would leave the fleet's cargo above its capacity (the
    /// validator's `order-check-transfer-cargo`, G-54: the arbiter clips it):
    /// the same transfer keeping the ships the cargo needs, `unit` being what one
    /// ship carries, when that leaves something to transfer.
    fn keep_cargo_room(
        &self,
        make: &dyn Fn(u32) -> OrderKind,
        proposed: Proposed,
        unit: Option<u32>,
    ) -> Proposed {
        let Verdict::Valid { warnings } = &proposed.1 else {
            return proposed;
        };
        let Some(warning) = warnings
            .iter()
            .find(|w| w.code == "order-check-transfer-cargo")
        else {
            return proposed;
        };
        let arg = |name: &str| warning.arg_value(name).and_then(|v| v.parse::<u32>().ok());
        let (Some(cargo), Some(capacity), Some(unit), Some(count)) = (
            arg("cargo"),
            arg("capacity"),
            unit.filter(|u| *u > 0),
            proposed.0.count(),
        ) else {
            return proposed;
        };
        let keep = cargo.saturating_sub(capacity).div_ceil(unit);
        let fewer = count.saturating_sub(keep);
        if fewer == 0 {
            return proposed;
        }
        let kind = make(fewer);
        let verdict = self.judge(&kind);
        if verdict.is_valid() {
            (kind, verdict)
        } else {
            proposed
        }
    }

    /// `count` units available of `what` on `subject` or, with none, the order
    /// with one unit, disabled.
    fn available(
        &self,
        make: &dyn Fn(u32) -> OrderKind,
        have: Option<u32>,
        per: u32,
        subject: String,
        what: &str,
    ) -> Proposed {
        let per = per.max(1);
        match have {
            Some(have) if have / per == 0 => (
                make(1),
                Verdict::Disabled {
                    reason: reason(
                        "propose-not-enough",
                        &[
                            ("subject", subject),
                            ("what", what.to_string()),
                            ("have", have.to_string()),
                            ("need", per.to_string()),
                        ],
                    ),
                },
            ),
            Some(have) => self.judge_count(make, have / per, per),
            None => self.judged(make(1)),
        }
    }

    /// The orders proposed for world `world`: none when it is not the player's
    /// (see [`Proposer::send_here`] and `Z m` for the others).
    pub fn world(&self, world: WorldId) -> Vec<Proposal> {
        let mut out = Vec::new();
        if !self.is_mine_world(world) {
            if self.ctx.world_now(world).is_some() || self.ctx.knowledge().world(world).is_some() {
                Self::push(
                    &mut out,
                    Group::Stance,
                    "propose-no-ambush",
                    vec![],
                    self.judged(OrderKind::NoAmbush { world: Some(world) }),
                );
            }
            return out;
        }
        let w = world.to_string();
        let my_fleets: Vec<FleetId> = self
            .fleets_at(world)
            .into_iter()
            .filter(|f| self.is_mine_fleet(*f))
            .collect();
        let foreign_fleets: Vec<FleetId> = self
            .fleets_at(world)
            .into_iter()
            .filter(|f| !self.is_mine_fleet(*f))
            .collect();
        let neighbours = self.neighbours(world);

        // Constructions.
        for (construction, label) in [
            (Construction::Industries, "propose-build-industries"),
            (Construction::Vi, "propose-build-vi"),
            (Construction::Vp, "propose-build-vp"),
            (Construction::PopLimit, "propose-build-pop-limit"),
        ] {
            Self::push(
                &mut out,
                Group::Build,
                label,
                vec![],
                self.build(world, construction, None),
            );
        }
        if self.class_is(Class::Robotron) {
            Self::push(
                &mut out,
                Group::Build,
                "propose-build-robots",
                vec![],
                self.build(world, Construction::Robots, None),
            );
        }
        for &fleet in &my_fleets {
            Self::push(
                &mut out,
                Group::Build,
                "propose-build-vc",
                vec![("fleet", fleet.to_string())],
                self.build(world, Construction::Vc(fleet), None),
            );
            Self::push(
                &mut out,
                Group::Build,
                "propose-build-vt",
                vec![("fleet", fleet.to_string())],
                self.build(world, Construction::Vt(fleet), None),
            );
        }

        // Research: what the next level still needs (at most the UP left).
        for tech in Tech::ALL {
            let needed = self.ctx.tech_line(tech).and_then(|fact| {
                let cost = fact.cost?;
                let spent: u32 = self
                    .draft
                    .iter()
                    .filter_map(|o| match o.kind {
                        OrderKind::Build {
                            count,
                            construction: Construction::Research(t),
                            ..
                        } if t == tech => Some(count),
                        _ => None,
                    })
                    .fold(0u32, u32::saturating_add);
                let invested = fact.invested.saturating_add(spent) % cost.max(1);
                Some(cost.saturating_sub(invested).max(1))
            });
            Self::push(
                &mut out,
                Group::Research,
                "propose-research",
                vec![("tech", tech.keyword().to_string())],
                self.build(world, Construction::Research(tech), needed),
            );
        }

        // Spies, one entry per category.
        for category in 1..=self.rules.spies.categories {
            Self::push(
                &mut out,
                Group::Spies,
                "propose-spies",
                vec![("category", category.to_string())],
                self.build(world, Construction::Spies(category), None),
            );
        }

        // Emigration: one population to each neighbour.
        for &to in &neighbours {
            let kind = OrderKind::Emigrate {
                world,
                count: 1,
                people: People::Pop,
                target: to,
            };
            let proposed = match self.affordable(world, self.rules.production.emigration_up) {
                Ok(_) => self.judged(kind),
                Err(reason) => (kind, Verdict::Disabled { reason }),
            };
            Self::push(
                &mut out,
                Group::Emigrate,
                "propose-emigrate",
                vec![("world", to.to_string())],
                proposed,
            );
        }

        // Probes by one VI or VP.
        for &to in &neighbours {
            for guard in [Guard::Vi, Guard::Vp] {
                Self::push(
                    &mut out,
                    Group::Probe,
                    "propose-probe-guard",
                    vec![
                        ("guard", guard.keyword().to_string()),
                        ("world", to.to_string()),
                    ],
                    self.judged(OrderKind::Probe {
                        prober: Prober::Guard(guard, world),
                        target: to,
                    }),
                );
            }
        }

        // Fire of the VP and VI at the foreign fleets here; VP at the people.
        for conditional in [false, true] {
            let group = if conditional {
                Group::ConditionalFire
            } else {
                Group::Fire
            };
            for &fleet in &foreign_fleets {
                Self::push(
                    &mut out,
                    group,
                    "propose-fire-guard-fleet",
                    vec![("guard", "VP".to_string()), ("fleet", fleet.to_string())],
                    self.judged(OrderKind::Fire {
                        conditional,
                        fire: Fire::Vp {
                            world,
                            target: VpTarget::Fleet(fleet),
                        },
                    }),
                );
                Self::push(
                    &mut out,
                    group,
                    "propose-fire-guard-fleet",
                    vec![("guard", "VI".to_string()), ("fleet", fleet.to_string())],
                    self.judged(OrderKind::Fire {
                        conditional,
                        fire: Fire::Vi { world, fleet },
                    }),
                );
            }
            // `VP M_m ? N` never triggers (G-70): left out.
            let mut people = vec![(VpTarget::Converts, "propose-fire-vp-converts")];
            if !conditional {
                people.insert(0, (VpTarget::NonConverts, "propose-fire-vp-non-converts"));
            }
            for (target, label) in people {
                Self::push(
                    &mut out,
                    group,
                    label,
                    vec![],
                    self.judged(OrderKind::Fire {
                        conditional,
                        fire: Fire::Vp { world, target },
                    }),
                );
            }
        }

        // Transfers of the VI and VP.
        let vi = self.world_count(world, |k| &k.vi);
        let vp = self.world_count(world, |k| &k.vp);
        for (from, have) in [(Guard::Vi, vi), (Guard::Vp, vp)] {
            let mut targets = vec![(GuardTransfer::OtherGuard, "propose-guard-to-guard")];
            for &fleet in &my_fleets {
                targets.push((GuardTransfer::Fleet(fleet), "propose-guard-to-fleet"));
                if self.class_is(Class::Merchant) {
                    targets.push((GuardTransfer::FleetAsVt(fleet), "propose-guard-to-vt"));
                }
            }
            for (to, label) in targets {
                let fleet = match to {
                    GuardTransfer::Fleet(f) | GuardTransfer::FleetAsVt(f) => f.to_string(),
                    GuardTransfer::OtherGuard => String::new(),
                };
                let make = move |count| OrderKind::GuardTransfer {
                    world,
                    count,
                    from,
                    to,
                };
                Self::push(
                    &mut out,
                    Group::Transfer,
                    label,
                    vec![
                        ("from", from.keyword().to_string()),
                        ("to", from.other().keyword().to_string()),
                        ("fleet", fleet),
                    ],
                    self.available(&make, have, 1, format!("M_{w}"), from.keyword()),
                );
            }
        }
        let rate = match self.ctx.class {
            Some(class) => self.rules.vi_per_industry(class),
            None => Class::ALL
                .iter()
                .map(|c| self.rules.vi_per_industry(*c))
                .min()
                .unwrap_or(1),
        }
        .max(1);
        let make = move |count| OrderKind::ViToIndustries { world, count };
        Self::push(
            &mut out,
            Group::Transfer,
            "propose-vi-to-industries",
            vec![],
            self.available(&make, vi, rate, format!("M_{w}"), "VI"),
        );
        if self.class_is(Class::Robotron) {
            let robots = self.world_count(world, |k| &k.robots);
            let r = &self.rules.production.robots;
            let mut products = vec![
                (RobotProduct::Industries, r.per_industry, String::new()),
                (RobotProduct::Vi, r.per_ship, String::new()),
                (RobotProduct::Vp, r.per_ship, String::new()),
            ];
            for &fleet in &my_fleets {
                products.push((RobotProduct::Vc(fleet), r.per_ship, fleet.to_string()));
            }
            for (product, per, fleet) in products {
                let per = per.max(1);
                let make = move |count: u32| OrderKind::TransformRobots {
                    world,
                    count: count.saturating_mul(per),
                    product,
                };
                let what = match product {
                    RobotProduct::Industries => "I",
                    RobotProduct::Vi => "VI",
                    RobotProduct::Vp => "VP",
                    RobotProduct::Vc(_) => "VC",
                };
                let (label, args) = if fleet.is_empty() {
                    ("propose-robots-into", vec![("what", what.to_string())])
                } else {
                    ("propose-robots-into-vc", vec![("fleet", fleet)])
                };
                Self::push(
                    &mut out,
                    Group::Transfer,
                    label,
                    args,
                    self.available(&make, robots, per, format!("M_{w}"), "R"),
                );
            }
        }

        // Stance and gifts.
        Self::push(
            &mut out,
            Group::Stance,
            "propose-pillage",
            vec![],
            self.judged(OrderKind::Pillage { world }),
        );
        for (number, player) in self.gift_targets() {
            Self::push(
                &mut out,
                Group::Gift,
                "propose-gift",
                vec![("player", self.player_label(number))],
                self.judged(OrderKind::GiveWorld { world, player }),
            );
        }
        out
    }

    /// A known player's number and name ("7 Miria").
    fn player_label(&self, number: u32) -> String {
        match self.ctx.name_of(number) {
            Some(name) => format!("{number} « {name} »"),
            None => number.to_string(),
        }
    }

    /// The orders proposed for fleet `fleet`: none when it is not the player's
    /// or its position is unknown.
    pub fn fleet(&self, fleet: FleetId) -> Vec<Proposal> {
        let mut out = Vec::new();
        if !self.is_mine_fleet(fleet) {
            return out;
        }
        let Some(world) = self.ctx.fleet_world(fleet) else {
            return out;
        };
        let f = fleet.to_string();
        let neighbours = self.neighbours(world);
        let here = self.fleets_at(world);
        let mine_here: Vec<FleetId> = here
            .iter()
            .copied()
            .filter(|g| *g != fleet && self.is_mine_fleet(*g))
            .collect();
        let others_here: Vec<FleetId> = here
            .iter()
            .copied()
            .filter(|g| *g != fleet && !self.is_mine_fleet(*g))
            .collect();
        let world_mine = self.is_mine_world(world);
        let vc = self.fleet_count(fleet, |k| &k.vc);
        let vt = self.fleet_count(fleet, |k| &k.vt);

        // Moves to each connection, probes.
        for &to in &neighbours {
            Self::push(
                &mut out,
                Group::Move,
                "propose-move",
                vec![("world", to.to_string())],
                self.judged(OrderKind::Move {
                    fleet,
                    route: vec![to],
                }),
            );
        }
        for &to in &neighbours {
            Self::push(
                &mut out,
                Group::Probe,
                "propose-probe-fleet",
                vec![("world", to.to_string())],
                self.judged(OrderKind::Probe {
                    prober: Prober::Fleet(fleet),
                    target: to,
                }),
            );
        }

        // Fire: the other players' fleets here, and the world when not ours.
        for conditional in [false, true] {
            let group = if conditional {
                Group::ConditionalFire
            } else {
                Group::Fire
            };
            let mut targets: Vec<(FleetTarget, &'static str, String)> = others_here
                .iter()
                .map(|g| (FleetTarget::Fleet(*g), "propose-fire-fleet", g.to_string()))
                .collect();
            if !world_mine {
                targets.extend([
                    (
                        FleetTarget::Protections,
                        "propose-fire-protections",
                        String::new(),
                    ),
                    (
                        FleetTarget::Population,
                        "propose-fire-population",
                        String::new(),
                    ),
                    (
                        FleetTarget::Industries,
                        "propose-fire-industries",
                        String::new(),
                    ),
                ]);
            }
            for (target, label, arg) in targets {
                Self::push(
                    &mut out,
                    group,
                    label,
                    vec![("fleet", arg), ("world", world.to_string())],
                    self.judged(OrderKind::Fire {
                        conditional,
                        fire: Fire::Fleet { fleet, target },
                    }),
                );
            }
        }

        // Cargo: loads and unloads (as much as possible), treasures.
        for (goods, what) in [
            (LoadGoods::Mp, "MP"),
            (LoadGoods::People(People::Pop), "P"),
            (LoadGoods::People(People::NonConverts), "N"),
            (LoadGoods::People(People::Converts), "C"),
            (LoadGoods::People(People::Robots), "R"),
        ] {
            if goods == LoadGoods::People(People::Converts) && !self.class_is(Class::Missionary) {
                continue;
            }
            let proposed = self.judged(OrderKind::Load {
                fleet,
                count: None,
                goods,
            });
            if rare_and_absent(what, &proposed.1) {
                continue;
            }
            Self::push(
                &mut out,
                Group::Cargo,
                "propose-load",
                vec![("what", what.to_string())],
                proposed,
            );
        }
        for (goods, what) in [
            (UnloadGoods::Mp, "MP"),
            (UnloadGoods::Pc, "PC"),
            (UnloadGoods::People(People::Pop), "P"),
            (UnloadGoods::People(People::NonConverts), "N"),
            (UnloadGoods::People(People::Converts), "C"),
            (UnloadGoods::People(People::Robots), "R"),
        ] {
            let proposed = self.judged(OrderKind::Unload {
                fleet,
                count: None,
                goods,
            });
            if rare_and_absent(what, &proposed.1) {
                continue;
            }
            Self::push(
                &mut out,
                Group::Cargo,
                "propose-unload",
                vec![("what", what.to_string())],
                proposed,
            );
        }
        let mut treasures: Vec<(u32, TreasureSite)> = self
            .ctx
            .knowledge()
            .treasures()
            .filter_map(|t| self.ctx.treasure_site(t.id).map(|site| (t.id, site)))
            .collect();
        treasures.sort_by_key(|(t, _)| *t);
        for (treasure, site) in treasures {
            match site {
                TreasureSite::Fleet(carrier) if carrier == fleet => Self::push(
                    &mut out,
                    Group::Cargo,
                    "propose-treasure-drop",
                    vec![("treasure", treasure.to_string())],
                    self.judged(OrderKind::DropTreasure { treasure }),
                ),
                TreasureSite::World(at) if at == world => Self::push(
                    &mut out,
                    Group::Cargo,
                    "propose-treasure-load",
                    vec![("treasure", treasure.to_string())],
                    self.judged(OrderKind::LoadTreasure { treasure, fleet }),
                ),
                TreasureSite::Fleet(carrier)
                    if carrier != fleet && self.ctx.fleet_world(carrier) == Some(world) =>
                {
                    Self::push(
                        &mut out,
                        Group::Cargo,
                        "propose-treasure-load",
                        vec![("treasure", treasure.to_string())],
                        self.judged(OrderKind::LoadTreasure { treasure, fleet }),
                    )
                }
                _ => {}
            }
        }

        // Transfers of VC and VT.
        let subject = format!("F_{f}");
        let mut transfers: Vec<(FleetTransfer, &'static str, String)> = Vec::new();
        if world_mine {
            transfers.push((
                FleetTransfer::VcToGuard(Guard::Vi),
                "propose-vc-to-guard",
                "VI".to_string(),
            ));
            transfers.push((
                FleetTransfer::VcToGuard(Guard::Vp),
                "propose-vc-to-guard",
                "VP".to_string(),
            ));
        }
        for &g in &mine_here {
            transfers.push((
                FleetTransfer::VcToFleet(g),
                "propose-vc-to-fleet",
                g.to_string(),
            ));
            transfers.push((
                FleetTransfer::VtToFleet(g),
                "propose-vt-to-fleet",
                g.to_string(),
            ));
        }
        if self.class_is(Class::Merchant) {
            transfers.push((FleetTransfer::VcToVt, "propose-vc-to-vt", String::new()));
            for &g in &mine_here {
                transfers.push((
                    FleetTransfer::VcToVtOnFleet(g),
                    "propose-vc-to-vt-fleet",
                    g.to_string(),
                ));
            }
        }
        for (transfer, label, arg) in transfers {
            let (have, what) = if matches!(transfer, FleetTransfer::VtToFleet(_)) {
                (vt, "VT")
            } else {
                (vc, "VC")
            };
            let make = move |count| OrderKind::FleetTransfer {
                fleet,
                count,
                transfer,
            };
            let proposed = self.available(&make, have, 1, subject.clone(), what);
            let unit = if what == "VT" {
                self.car
            } else {
                Some(self.rules.combat.vc_cargo)
            };
            Self::push(
                &mut out,
                Group::Transfer,
                label,
                vec![("target", arg)],
                self.keep_cargo_room(&make, proposed, unit),
            );
        }

        // Bombs, MEVA, robot attacks.
        Self::push(
            &mut out,
            Group::Special,
            "propose-bomb-build",
            vec![("need", self.rules.combat.bomb_vc.to_string())],
            self.judged(OrderKind::BuildBomb { fleet }),
        );
        Self::push(
            &mut out,
            Group::Special,
            "propose-bomb-drop",
            vec![],
            self.judged(OrderKind::DropBomb { fleet }),
        );
        if self.class_is(Class::Explorer) {
            for (target, label) in [
                (MevaTarget::Population, "propose-meva-population"),
                (MevaTarget::Mining, "propose-meva-mining"),
            ] {
                let make = move |count| OrderKind::Meva {
                    fleet,
                    count,
                    target,
                };
                let have = vc.map(|n| n.min(1));
                Self::push(
                    &mut out,
                    Group::Special,
                    label,
                    vec![],
                    self.available(&make, have, 1, subject.clone(), "VC"),
                );
            }
        }
        if self.class_is(Class::Robotron) {
            let per = self.rules.production.robots.per_vc_attack.max(1);
            let make = move |count: u32| OrderKind::RobotAttack {
                fleet,
                count: count.saturating_mul(per),
            };
            Self::push(
                &mut out,
                Group::Special,
                "propose-robot-attack",
                vec![],
                self.available(&make, vc.map(|n| n.min(1)), 1, subject.clone(), "VC"),
            );
        }

        // Peace, war, gifts.
        Self::push(
            &mut out,
            Group::Stance,
            "propose-peace",
            vec![],
            self.judged(OrderKind::Peace { fleet }),
        );
        Self::push(
            &mut out,
            Group::Stance,
            "propose-war",
            vec![],
            self.judged(OrderKind::War { fleet }),
        );
        for (number, player) in self.gift_targets() {
            Self::push(
                &mut out,
                Group::Gift,
                "propose-gift",
                vec![("player", self.player_label(number))],
                self.judged(OrderKind::GiveFleet { fleet, player }),
            );
        }
        out
    }

    /// The route fleet `fleet` would take to `target` over the connections the
    /// player knows, within DEP (the draft's research counted; unknown DEP: no
    /// limit). Known black holes are never crossed (they may end the route).
    pub fn route(&self, fleet: FleetId, target: WorldId) -> Result<Vec<WorldId>, RouteProblem> {
        let start = self
            .ctx
            .fleet_world(fleet)
            .ok_or(RouteProblem::NoPosition)?;
        if start == target {
            return Err(RouteProblem::AlreadyThere);
        }
        let route = shortest_route(
            start,
            target,
            |w| self.neighbours(w),
            |w| self.ctx.is_black_hole(w),
        )
        .ok_or(RouteProblem::NoRoute)?;
        match self.dep {
            Some(dep) if route.len() > dep as usize => Err(RouteProblem::TooFar {
                steps: route.len(),
                dep,
            }),
            _ => Ok(route),
        }
    }

    /// "Send a fleet here": for each of the player's fleets (by number), the move
    /// to `target` over the shortest known route, or why there is none.
    pub fn send_here(&self, target: WorldId) -> Vec<Proposal> {
        let mut fleets: Vec<FleetId> = self
            .ctx
            .knowledge()
            .fleets()
            .map(|f| f.id)
            .filter(|f| self.is_mine_fleet(*f))
            .collect();
        fleets.sort_unstable();
        let mut out = Vec::new();
        for fleet in fleets {
            let at = self.ctx.fleet_world(fleet);
            let position = at.map_or_else(|| "?".to_string(), |w| w.to_string());
            let (proposed, steps) = match self.route(fleet, target) {
                Ok(route) => {
                    let steps = route.len();
                    (self.judged(OrderKind::Move { fleet, route }), steps)
                }
                Err(problem) => {
                    let (code, mut args) = match problem {
                        RouteProblem::NoPosition => ("propose-route-no-position", vec![]),
                        RouteProblem::AlreadyThere => ("propose-route-here", vec![]),
                        RouteProblem::NoRoute => {
                            ("propose-route-none", vec![("from", position.clone())])
                        }
                        RouteProblem::TooFar { steps, dep } => (
                            "propose-route-too-far",
                            vec![("steps", steps.to_string()), ("dep", dep.to_string())],
                        ),
                    };
                    args.push(("fleet", fleet.to_string()));
                    args.push(("world", target.to_string()));
                    (
                        (
                            OrderKind::Move {
                                fleet,
                                route: vec![target],
                            },
                            Verdict::Disabled {
                                reason: reason(code, &args),
                            },
                        ),
                        0,
                    )
                }
            };
            Self::push(
                &mut out,
                Group::SendHere,
                "propose-send-fleet",
                vec![
                    ("fleet", fleet.to_string()),
                    ("world", position),
                    ("steps", steps.to_string()),
                ],
                proposed,
            );
        }
        out
    }
}

/// Loads and unloads of what is rarely there (N, C, R, PC) are left out when
/// there is none; MP and P are always listed (disabled with the reason).
fn rare_and_absent(what: &str, verdict: &Verdict) -> bool {
    !matches!(what, "MP" | "P")
        && verdict
            .reason()
            .is_some_and(|r| r.code == "order-check-none-available")
}

/// A validator error told apart: the order's index, the code, the arguments.
type ErrorKey = (usize, String, Vec<(String, String)>);

/// An order and its verdict.
type Proposed = (OrderKind, Verdict);

#[cfg(test)]
mod tests {
    use super::*;

    /// A graph from an adjacency list.
    fn graph<'a>(edges: &'a [(WorldId, &'a [WorldId])]) -> impl Fn(WorldId) -> Vec<WorldId> + 'a {
        move |w| {
            edges
                .iter()
                .find(|(from, _)| *from == w)
                .map(|(_, to)| to.to_vec())
                .unwrap_or_default()
        }
    }

    #[test]
    fn the_shortest_route_is_found() {
        let g = [
            (1, &[2, 3][..]),
            (2, &[1, 4][..]),
            (3, &[1, 5][..]),
            (4, &[2, 6][..]),
            (5, &[3][..]),
            (6, &[4][..]),
        ];
        assert_eq!(
            shortest_route(1, 6, graph(&g), |_| false),
            Some(vec![2, 4, 6])
        );
        assert_eq!(shortest_route(1, 2, graph(&g), |_| false), Some(vec![2]));
        // Not to itself.
        assert_eq!(shortest_route(1, 1, graph(&g), |_| false), None);
    }

    #[test]
    fn unknown_connections_are_not_crossed() {
        // 4's connections are unknown: 7 (only reachable through 4) is not found,
        // but 4 itself is (1's list names it).
        let g = [(1, &[4][..]), (7, &[4][..])];
        assert_eq!(shortest_route(1, 4, graph(&g), |_| false), Some(vec![4]));
        assert_eq!(shortest_route(1, 7, graph(&g), |_| false), None);
    }

    #[test]
    fn excluded_worlds_are_avoided_but_may_end_the_route() {
        let g = [
            (1, &[2, 3][..]),
            (2, &[4][..]),
            (3, &[5][..]),
            (5, &[4][..]),
        ];
        assert_eq!(
            shortest_route(1, 4, graph(&g), |w| w == 2),
            Some(vec![3, 5, 4])
        );
        assert_eq!(shortest_route(1, 2, graph(&g), |w| w == 2), Some(vec![2]));
    }

    #[test]
    fn ties_take_the_smallest_numbers_first() {
        // Two routes of length 2 to 9, through 5 or 3: the one through 3, whatever
        // order the lists give.
        for g in [
            [(1, &[5, 3][..]), (5, &[9][..]), (3, &[9][..])],
            [(1, &[3, 5][..]), (3, &[9][..]), (5, &[9][..])],
        ] {
            assert_eq!(shortest_route(1, 9, graph(&g), |_| false), Some(vec![3, 9]));
        }
        // Lexicographic over the whole route: 1-2-8-9 beats 1-2-7-9? no: 7 < 8.
        let g = [
            (1, &[4, 2][..]),
            (2, &[8, 7][..]),
            (4, &[6][..]),
            (7, &[9][..]),
            (8, &[9][..]),
            (6, &[9][..]),
        ];
        assert_eq!(
            shortest_route(1, 9, graph(&g), |_| false),
            Some(vec![2, 7, 9])
        );
    }

    #[test]
    fn a_torus_of_connections_routes_across_the_seam() {
        // A 6×6 torus: world (x, y) = 1 + 6y + x, connected to its 4 neighbours.
        let id = |x: u32, y: u32| 1 + 6 * (y % 6) + (x % 6);
        let neighbours = move |w: WorldId| {
            let (x, y) = ((w - 1) % 6, (w - 1) / 6);
            vec![id(x + 1, y), id(x + 5, y), id(x, y + 1), id(x, y + 5)]
        };
        // From (0,0) to (5,5): two steps across both seams.
        let route = shortest_route(id(0, 0), id(5, 5), neighbours, |_| false);
        assert_eq!(route.as_ref().map(Vec::len), Some(2));
        // Smallest first: (0,5)=31 or (5,0)=6 -> 6.
        assert_eq!(route, Some(vec![id(5, 0), id(5, 5)]));
        // Farthest point: 3 + 3 steps.
        let far = shortest_route(id(0, 0), id(3, 3), neighbours, |_| false);
        assert_eq!(far.as_ref().map(Vec::len), Some(6));
        // Deterministic.
        assert_eq!(
            far,
            shortest_route(id(0, 0), id(3, 3), neighbours, |_| false)
        );
    }
}
