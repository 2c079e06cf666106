//! Step 3 (weights 3, 4 and 6): constructions, robot transformations, research.
//!
//! Catalog §1.3 #24–#43: the world owned; every producing order spends UP of its
//! world (G-8, summed in `up_budget`) \[active industries\], industries at the
//! class's cost (the cheapest class's when unknown, [`construction_up`]); VC/VT
//! built on a fleet at that world (G-60, `order-check-fleet-not-here`); robots
//! and robot transformations robotron only, multiples of 2 / 12
//! (`order-check-robot-multiple`, G-42), robots available (warning, G-9); spies
//! category 1..=9 (`order-check-spy-category`); research at the maximum level
//! (`order-check-tech-max`, warning, G-43) \[technology block\], counted for DEP
//! and CAR at the later steps (`Run::tech_level`). Population limits (weight 4)
//! and industries (weight 6) are checked here too: they only spend UP.

use crate::model::{Class, FleetId, Tech, WorldId};
use crate::rules::Ruleset;

use super::super::ast::{Construction, OrderKind, RobotProduct};
use super::Focus;
use super::state::{Run, add, sub, tech_index};

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

impl Run<'_, '_> {
    /// #24–#28, #30, #31, #37–#43.
    pub(super) fn build(
        &mut self,
        i: usize,
        world: WorldId,
        count: u32,
        construction: Construction,
    ) {
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
                        .add_arg("category", category)
                        .add_arg("max", categories);
                }
            }
            Construction::Research(tech) => self.research(i, tech, count),
        }
    }

    /// Applies ruling G-60 (see the ruling list): only the fleet's position is checked.
    pub(super) fn build_on(&mut self, i: usize, world: WorldId, fleet: FleetId) -> bool {
        self.fleet_here(i, fleet, Some(world))
    }

    /// Applies ruling G-43 (see the ruling list).
    pub(super) fn research(&mut self, i: usize, tech: Tech, count: u32) {
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
                    .add_arg("tech", tech.keyword())
                    .add_arg("level", fact.level);
            }
        }
        let slot = &mut self.research[tech_index(tech)];
        *slot = slot.saturating_add(count);
    }

    /// Applies ruling G-42 (see the ruling list).
    pub(super) fn robot_multiple(&mut self, i: usize, count: u32, multiple: u32) -> bool {
        if multiple > 1 && !count.is_multiple_of(multiple) {
            self.error(i, Focus::Count, "order-check-robot-multiple")
                .add_arg("count", count)
                .add_arg("multiple", multiple);
            return false;
        }
        true
    }

    /// #32–#35.
    pub(super) fn transform_robots(
        &mut self,
        i: usize,
        world: WorldId,
        count: u32,
        product: RobotProduct,
    ) {
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
}
