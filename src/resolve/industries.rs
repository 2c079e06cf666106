//! Step 6, "Constructions d'industries" (IV.5, VI.5.1; VIII.1 weight 6 and VIII
//! step 6): `M_m C x I` — x industries paid in one turn by m's own UP, 4 or 5 UP
//! each by the class of the world's owner — and `M_m T x R I`, 12 robots per
//! industry. New industries produce from the next turn (the active count of this
//! turn was fixed at the previous turn's end).

use crate::orders::OrderKind;
use crate::orders::ast::{Construction, RobotProduct};

use super::construction::{afford, owns_world, spend_up, transform_robots};
use super::{Cause, Step, Turn};

pub(super) fn run(turn: &mut Turn<'_>) {
    for (index, player, kind) in turn.live_orders(Step::Industries) {
        match kind {
            OrderKind::Build {
                world,
                count,
                construction: Construction::Industries,
            } => {
                if !owns_world(turn, player, world) {
                    turn.void(
                        index,
                        "resolve-void-build-owner",
                        &[("world", world.to_string())],
                    );
                    continue;
                }
                let class = turn.class_of(player);
                let cost = turn.rules.industry_cost(class);
                let Some(units) = afford(turn, index, world, count, cost, "resolve-void-build-up")
                else {
                    continue;
                };
                spend_up(turn, world, units.saturating_mul(cost));
                turn.change_industries(world, i64::from(units), Cause::Built);
            }
            OrderKind::TransformRobots {
                world,
                count,
                product: RobotProduct::Industries,
            } => transform_robots(turn, index, player, world, count, RobotProduct::Industries),
            _ => {}
        }
    }
}
