//! The order validator: a player's orders checked against what he knows (his
//! CRs, NBTs and their history, [`Knowledge`]) and the rules ([`Ruleset`]).
//!
//! [`validate`] is pure (no I/O) and never fails; [`check_orders`] parses a
//! whole order file, validates it and returns the parser's and the validator's
//! diagnostics together, sorted by position, each pointing at the offending token
//! when it can (`F_57` in `F_57 MM 48 304`, `focus`).
//!
//! # How it works
//!
//! The orders run through a small simulation of the turn in the book's phase
//! order (weight, then file order, catalog §7): the counts of the worlds and
//! fleets they touch start from the latest CR, and each order takes what it uses
//! (ships built at step 3 can move at step 14, VI transferred at step 11 come too
//! late for step 7, a VC that probes at step 2 is gone before the transfers …).
//! Two passes follow: exclusivity (§1.2) in file order, and the UP budget of each
//! world. The knowledge is indexed once ([`PlayerContext`]); every check is a few
//! map lookups: a 300-order file validates in well under a millisecond.
//!
//! # Modules
//!
//! Shared by every step: `context` (what the orderer knows, [`PlayerContext`]),
//! `state` (what is available at each step of the simulated turn: the counts,
//! clipping, research), `guards` (class, ownership, position, players named,
//! adjacency, permissions) and `focus` (the token a diagnostic points at). Then
//! one module per step, named as in the resolver (`crate::resolve`), each with
//! its catalog rows (§1.3), codes and rulings in its documentation:
//!
//! | Step | Module | Catalog §1.3 rows |
//! |---|---|---|
//! | 1 | `declarations` | #2–#16: declarations, Jihad, peace / war, `Z` |
//! | 2 | `probes` | #17–#19 |
//! | 3 (4, 6) | `construction` | #24–#28, #30–#35, #37–#43: ships, robots, spies, research, population limit, industries |
//! | 5 | `emigration` | #20–#23 emigration; #46–#49 people landing |
//! | 7 | `vi_to_industries` | #29 |
//! | 8, 9 | `unload_mp` | #44, #45; the cargo of every unloading (#44–#49) |
//! | 10 | `treasure_unloading` | #50 |
//! | 11 | `transfers` | #51–#62 |
//! | 12 | `treasure_loading_and_meva` | #68; #69, #70 |
//! | 13 | `loading` | #63–#67 |
//! | 14 | `combat_and_movement` | #71–#86 fire; #87, #88 move; #89 drop bomb; #90 robot attack |
//! | 15 | `bomb_building` | #36 |
//! | 16 | `pillage_and_naming` | #1 naming; #91 pillage |
//! | 17 | `gifts` | #92, #93 |
//! | after | `exclusivity` | §1.2 (G-7, G-76); several names for one world (#1) |
//! | after | `up_budget` | the UP of each world (G-8) |
//!
//! # Severity
//!
//! Error: the arbiter refuses or voids the order (or the order cannot do what it
//! says). Warning: legal but probably a mistake (clipped, lost, not checkable).
//! Nothing is ever an error because something is **unknown**: an unknown owner,
//! count, class, connection list or declaration downgrades the check to a warning
//! ("cannot check") or skips it.
//!
//! # Not checkable
//!
//! From a player's knowledge: a foreign fleet's or world's future (ships
//! destroyed or captured before a step runs, G-10 — orders are checked against
//! the start of the turn); other players' orders (loads competing for one stock,
//! G-52; MEVA competing for the slots); whether a foreign fleet is an
//! antiquarian's (#68 exception); conditional fire triggers; #12/#13 (`Z`) have
//! nothing to check.

mod bomb_building;
mod combat_and_movement;
mod construction;
pub mod context;
mod declarations;
mod emigration;
mod exclusivity;
mod focus;
mod gifts;
mod guards;
mod loading;
mod pillage_and_naming;
mod probes;
mod state;
mod transfers;
mod treasure_loading_and_meva;
mod treasure_unloading;
mod unload_mp;
mod up_budget;
mod vi_to_industries;

use crate::diagnostic::{Capped, Diagnostic};
use crate::model::Tech;
use crate::model::knowledge::Knowledge;
use crate::rules::Ruleset;

use super::ast::{Order, OrderKind};
use super::{OrdersFile, parse_orders};
use state::Run;

pub use construction::{construction_up, production_up};
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
    run(orders, context, ruleset, false).0
}

/// The validation of `orders`, its findings sorted by position; `capped`: only
/// those that may be among the first [`MAX_PER_FILE`](crate::diagnostic::MAX_PER_FILE) by position are kept,
/// the others counted in the second part (see `state::Findings`).
fn run(
    orders: &[Order],
    context: &PlayerContext<'_>,
    ruleset: &Ruleset,
    capped: bool,
) -> (Vec<Finding>, Capped) {
    let mut run = Run::new(orders, context, ruleset, capped);
    run.simulate();
    run.exclusivity();
    run.up_budget();
    let (mut findings, counted) = run.out.into_parts();
    findings.sort_by_key(|f| (f.diagnostic.span.line, f.diagnostic.span.column));
    (findings, counted)
}

/// Parses `text` (an order file or an orders mail), validates its orders and
/// returns every diagnostic, the validator's pointing at their token.
pub fn check_orders(text: &str, knowledge: &Knowledge, ruleset: &Ruleset) -> Checked {
    let context = PlayerContext::new(knowledge);
    check_orders_with(text, &context, ruleset)
}

/// [`check_orders`] with an already built [`PlayerContext`].
///
/// Memory: the validator keeps only the findings that may be among the first
/// [`MAX_PER_FILE`](crate::diagnostic::MAX_PER_FILE) by position and counts the others as they come; only the
/// lines of those kept are looked at again (to point at their token).
pub fn check_orders_with(text: &str, context: &PlayerContext<'_>, ruleset: &Ruleset) -> Checked {
    let file = parse_orders(text);
    let (findings, counted) = run(&file.orders, context, ruleset, true);
    let mut diagnostics = file.diagnostics.clone();
    diagnostics.reserve(findings.len());
    if !findings.is_empty() {
        let body = text.trim_start_matches('\u{feff}');
        // The findings come by line: one walk over the lines.
        let mut lines = body.lines().enumerate();
        let mut current = lines.next();
        for finding in findings {
            let mut diagnostic = finding.diagnostic;
            let span = diagnostic.span;
            if let Some(wanted) = (span.line as usize).checked_sub(1) {
                while current.is_some_and(|(i, _)| i < wanted) {
                    current = lines.next();
                }
                if let Some((i, line)) = current
                    && i == wanted
                {
                    diagnostic.span = focus::locate(line, span, finding.focus);
                }
            }
            diagnostics.push(diagnostic);
        }
    }
    diagnostics.sort_by_key(|d| (d.span.line, d.span.column));
    // The first `MAX_PER_FILE` by position kept, the others counted (those
    // the validator counted among them: they all come after the first).
    let mut capped = counted;
    capped.extend(diagnostics);
    Checked {
        file,
        diagnostics: capped.into_vec(),
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
    let mut run = Run::new(orders, context, rules, true);
    run.simulate();
    run.tech_level(tech).map(|(level, _)| level)
}

impl Run<'_, '_> {
    /// Runs the orders in the book's order: by weight, then file order (catalog
    /// §7); the ships transferred at step 11 arrive before step 12.
    fn simulate(&mut self) {
        // One pass over the orders per weight they have, lightest first (no
        // list of the whole file to sort).
        let mut present = [false; 256];
        for order in self.orders {
            if let Some(slot) = present.get_mut(usize::from(order.kind.weight())) {
                *slot = true;
            }
        }
        let mut arrivals_done = false;
        for weight in 0..=u8::MAX {
            if !present.get(usize::from(weight)).copied().unwrap_or(false) {
                continue;
            }
            for index in 0..self.orders.len() {
                if self.weight(index) != weight {
                    continue;
                }
                if weight > 11 && !arrivals_done {
                    self.arrive();
                    arrivals_done = true;
                }
                self.order(index);
            }
        }
    }

    /// Checks order `i` at its step: the class first, then the step's checks.
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
            } => self.declare(i, *declaration, player),
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
            K::GiveFleet { fleet, player } => self.give_fleet(i, *fleet, player),
            K::GiveWorld { world, player } => self.give_world(i, *world, player),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::diagnostic::{MAX_PER_FILE, cap};

    /// What [`check_orders_with`] returned when every finding was kept: all of
    /// them located, with the parser's, sorted by position, then capped.
    fn capped_at_the_end(text: &str, context: &PlayerContext<'_>, rules: &Ruleset) -> Checked {
        let file = parse_orders(text);
        let findings = validate_with(&file.orders, context, rules);
        let mut diagnostics = file.diagnostics.clone();
        let lines: Vec<&str> = text.trim_start_matches('\u{feff}').lines().collect();
        for finding in findings {
            let mut diagnostic = finding.diagnostic;
            if let Some(line) = (diagnostic.span.line as usize)
                .checked_sub(1)
                .and_then(|i| lines.get(i))
            {
                diagnostic.span = focus::locate(line, diagnostic.span, finding.focus);
            }
            diagnostics.push(diagnostic);
        }
        diagnostics.sort_by_key(|d| (d.span.line, d.span.column));
        Checked {
            file,
            diagnostics: cap(diagnostics),
        }
    }

    /// Findings made in any order (by step, then the passes after the turn:
    /// exclusivity on later lines, names replaced on earlier ones), several on
    /// one line, parser errors among them, far more than the cap: the
    /// validator keeps only those that may be among the first, and the result
    /// is the same, byte for byte, as when it kept them all; so is it with
    /// fewer than the cap.
    #[test]
    fn capped_as_they_come_is_capped_at_the_end() {
        // Nothing known: the class-only orders are warned about at their
        // step, the moves of one fleet and the names at the end.
        let knowledge = Knowledge::new();
        let context = PlayerContext::new(&knowledge);
        let rules = Ruleset::builtin_2002();
        let block = [
            "F_6 M_5",
            "M_4 C 2 R",
            "F_7 C 2 C ; des convertis",
            "M_4 = \"Terre\"",
            "M_4 T 24 R I",
            "F_6 MM 5 9",
            "X 12",
            "F_6 * F_7",
            "M_12 = \"Mars\"",
        ];
        for lines in [30, 1500] {
            let text: String = (0..lines)
                .map(|n| format!("{}\n", block[(n * 7 + n / 10) % block.len()]))
                .collect();
            let new = check_orders_with(&text, &context, &rules);
            let old = capped_at_the_end(&text, &context, &rules);
            assert_eq!(new, old, "{lines} lines");
            // The findings were made out of line order.
            let mut run = Run::new(&new.file.orders, &context, &rules, false);
            run.simulate();
            run.exclusivity();
            let (made, _) = run.out.into_parts();
            assert!(!made.is_sorted_by_key(|f| f.diagnostic.span.line));
            if lines > 100 {
                assert!(made.len() > 3 * MAX_PER_FILE, "{}", made.len());
                assert_eq!(new.diagnostics.len(), MAX_PER_FILE + 1);
            }
        }
    }
}
