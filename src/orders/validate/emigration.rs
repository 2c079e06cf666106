//! Step 5 (weight 5): emigration, and the people unloaded from fleets.
//!
//! Catalog §1.3 #20–#23 emigration: the world owned; the target adjacent
//! (`order-check-not-adjacent`); a known black hole (warning,
//! `order-check-black-hole`); the UP budget (G-46, G-8, `up_budget`); the
//! quantity of that population (warning, G-9); no permission needed (G-47).
//! #46–#49 people unloaded (the cargo is taken in `unload_mp`): a world not owned
//! needs its owner's `DP` unless it is empty (G-144, `order-check-permission`);
//! an empty world not the orderer's may be captured. Both: the overpopulation
//! cap at the target (`order-check-overpopulation`, warning, G-44).

use crate::model::WorldId;
use crate::model::view::DeclarationKind;

use super::super::ast::People;
use super::state::{Run, add, sub};
use super::{Focus, Owner};

impl Run<'_, '_> {
    /// #20–#23.
    ///
    /// Applies ruling G-46 (see the ruling list).
    /// Applies ruling G-47 (see the ruling list).
    pub(super) fn emigrate(
        &mut self,
        i: usize,
        world: WorldId,
        count: u32,
        people: People,
        target: WorldId,
    ) {
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

    /// #46–#49 at step 5: people unloaded from a fleet land on `world` (weight
    /// 5, with the emigrants). An empty world not the orderer's may be captured;
    /// any other needs its owner's `DP` (G-144).
    pub(super) fn land_people(
        &mut self,
        i: usize,
        world: WorldId,
        people: People,
        used: Option<u32>,
    ) {
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

    /// Applies ruling G-44 (see the ruling list).
    pub(super) fn overpopulation(&mut self, i: usize, world: WorldId, arriving: u32) {
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
                .add_arg("world", world)
                .add_arg("total", total)
                .add_arg("ceiling", ceiling)
                .add_arg("limit", limit)
                .add_arg("margin", ceiling.saturating_sub(limit));
        }
    }
}
