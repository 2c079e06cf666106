//! After the turn, per world: the UP budget (G-8).
//!
//! Every producing order of a world (constructions, robots, spies, research,
//! population limit, industries, emigration at `emigration_up` UP per emigrant,
//! G-46) spends UP of its world (`Run::spend`, in execution order); their sum
//! above the world's active industries \[latest CR\] is one error,
//! `order-check-up-budget`, on the order that goes over, listing the lines of
//! all of them (the arbiter reduces that order and voids the following ones).

use super::Focus;
use super::state::Run;

impl Run<'_, '_> {
    /// Applies ruling G-8 (see the ruling list).
    pub(super) fn up_budget(&mut self) {
        // By world, each world's in execution order (by weight, then file
        // order, as `simulate` runs them): sorted in place, no copy.
        let mut up = std::mem::take(&mut self.up);
        up.sort_unstable_by_key(|&(world, i, _)| (world, self.weight(i as usize), i));
        for orders in up.chunk_by(|a, b| a.0 == b.0) {
            let Some(&(world, _, _)) = orders.first() else {
                continue;
            };
            let Some(k) = self.ctx.world_now(world) else {
                continue;
            };
            let Some(&have) = self.ctx.current(&k.active_industries()) else {
                continue;
            };
            let need: u32 = orders
                .iter()
                .fold(0u32, |s, (_, _, up)| s.saturating_add(*up));
            if need <= have {
                continue;
            }
            let mut running = 0u32;
            let mut breaking = orders.first().map_or(0, |o| o.1);
            for &(_, i, up) in orders {
                running = running.saturating_add(up);
                if running > have {
                    breaking = i;
                    break;
                }
            }
            let mut lines: Vec<u32> = orders
                .iter()
                .map(|(_, i, _)| self.line(*i as usize))
                .collect();
            lines.sort_unstable();
            lines.dedup();
            let lines = lines
                .iter()
                .map(u32::to_string)
                .collect::<Vec<_>>()
                .join(", ");
            self.error(
                breaking as usize,
                Focus::World(world),
                "order-check-up-budget",
            )
            .add_arg("world", world)
            .add_arg("need", need)
            .add_arg("have", have)
            .add_arg("line_list", lines)
            .add_arg("count", orders.len());
        }
        self.up = up;
    }
}
