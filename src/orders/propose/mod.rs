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
//!
//! Files: this one holds the types and the judging (an order appended to the
//! draft, validated); `world.rs` and `fleet.rs` list the proposals, one method
//! per menu section; `route.rs` finds routes.

mod fleet;
mod plan;
mod route;
mod world;

use std::collections::{BTreeSet, HashMap};

use crate::diagnostic::{Diagnostic, Severity, Span};
use crate::model::{Class, FleetId, PlayerId, Tech, WorldId};
use crate::rules::Ruleset;

pub use plan::{PlanProblem, PlanStatus, RoutePlan, cut_legs};
pub use route::{RouteProblem, shortest_route};

use super::ast::{Construction, Order, OrderKind, PlayerRef};
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
        ) -> Option<crate::model::knowledge::Seen<u32>>,
    ) -> Option<u32> {
        let k = self.ctx.world_now(world)?;
        self.ctx.current(&pick(k)).copied()
    }

    fn fleet_count(
        &self,
        fleet: FleetId,
        pick: impl Fn(
            &crate::model::knowledge::FleetKnowledge,
        ) -> &Option<crate::model::knowledge::Seen<u32>>,
    ) -> Option<u32> {
        let k = self.ctx.fleet_now(fleet)?;
        self.ctx.current(pick(&k)).copied()
    }

    /// UP of `world` the draft leaves: `None` when its active industries are unknown.
    fn up_left(&self, world: WorldId) -> Option<(u32, u32)> {
        let have = self.world_count(world, |k| k.active_industries())?;
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

    /// The gift (`give`) to each player a gift can go to, labelled with his number
    /// and name.
    fn push_gifts(&self, out: &mut Vec<Proposal>, give: impl Fn(PlayerRef) -> OrderKind) {
        for (number, player) in self.gift_targets() {
            Self::push(
                out,
                Group::Gift,
                "propose-gift",
                vec![("player", self.player_label(number))],
                self.judged(give(player)),
            );
        }
    }

    /// A known player's number and name ("7 Miria").
    fn player_label(&self, number: u32) -> String {
        match self.ctx.name_of(number) {
            Some(name) => format!("{number} « {name} »"),
            None => number.to_string(),
        }
    }
}

/// A validator error told apart: the order's index, the code, the arguments.
type ErrorKey = (usize, String, Vec<(String, String)>);

/// An order and its verdict.
type Proposed = (OrderKind, Verdict);
