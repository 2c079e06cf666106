//! Step 4, "Augmentation de la limite de population" (IV.6, VIII.1 weight 4):
//! `M_m C x P` raises the population limit of m by x, 1 UP each, paid by m's own
//! producing industries ("Les industries doivent se trouver sur le monde dont la
//! limite est augmentée").

use crate::orders::OrderKind;
use crate::orders::ast::Construction;

use super::construction::{afford, owns_world, spend_up};
use super::{Step, Turn};

pub(super) fn run(turn: &mut Turn<'_>) {
    for (index, player, kind) in turn.live_orders(Step::PopulationLimit) {
        let OrderKind::Build {
            world,
            count,
            construction: Construction::PopLimit,
        } = kind
        else {
            continue;
        };
        if !owns_world(turn, player, world) {
            turn.void(
                index,
                "resolve-void-build-owner",
                &[("world", world.to_string())],
            );
            continue;
        }
        let cost = turn.rules.production.population_limit_up;
        let Some(units) = afford(turn, index, world, count, cost, "resolve-void-build-up") else {
            continue;
        };
        spend_up(turn, world, units.saturating_mul(cost));
        if let Some(w) = turn.galaxy.worlds.get_mut(&world) {
            w.pop_limit = w.pop_limit.saturating_add(units);
        }
    }
}
