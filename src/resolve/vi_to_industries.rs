//! Step 7, "Transformation de VI en industries" (IV.5, VIII.1 weight 7):
//! `VI M_m C x I` turns VI of m into x industries, 4 to 6 VI each by the class of
//! the world's owner. VI built at step 3 may be used; VI transferred at step 11
//! come too late for this turn.

use crate::orders::OrderKind;

use super::construction::{clip_quantity, owns_world};
use super::{Cause, Holder, ShipKind, Step, Turn};

pub(super) fn run(turn: &mut Turn<'_>) {
    for (index, player, kind) in turn.live_orders(Step::ViToIndustries) {
        let OrderKind::ViToIndustries { world, count } = kind else {
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
        let class = turn.class_of(player);
        let rate = turn.rules.vi_per_industry(class).max(1);
        let vi = turn.galaxy.world(world).map_or(0, |w| w.vi);
        let Some(units) = clip_quantity(
            turn,
            index,
            count,
            vi / rate,
            "resolve-void-vi-industries-none",
            "resolve-void-vi-industries-excess",
        ) else {
            continue;
        };
        let used = i64::from(units) * i64::from(rate);
        turn.change_ships(
            Holder::Vi(world),
            ShipKind::Guard,
            -used,
            Cause::ViToIndustries,
        );
        turn.change_industries(world, i64::from(units), Cause::ViToIndustries);
    }
}
