//! Computer players: plausible orders for any player of a galaxy, so that a demo
//! game, a test or a benchmark can play many turns without a human. The strategy
//! is simple and deterministic for a given generator:
//!
//! - every world spends its active industries (its UP budget): some VC on a fleet
//!   of the world (the largest), some research (DEP, ATT, DEF, CAR, RAD in turn),
//!   and, past the first turns, industries when the budget allows;
//! - every fleet with ships and no cargo moves one hop to a neighbour, preferring a
//!   neutral world with people (so that it is taken) and never a known black hole;
//!   one fleet in three stays at home to guard;
//! - fleets alone on a foreign world at war fire at its protections.
//!
//! The orders are built directly as AST values, each on its own line.

use rand::{Rng, RngExt};

use crate::diagnostic::Span;
use crate::model::{Galaxy, PlayerId, Tech};
use crate::orders::ast::{Construction, Fire, FleetTarget};
use crate::orders::{Order, OrderKind};
use crate::resolve::Submissions;
use crate::rules::Ruleset;

const RESEARCH: [Tech; 5] = [Tech::Dep, Tech::Att, Tech::Def, Tech::Car, Tech::Rad];

/// The orders of every non-neutral player.
pub fn all_orders<R: Rng + ?Sized>(galaxy: &Galaxy, rules: &Ruleset, rng: &mut R) -> Submissions {
    galaxy
        .players
        .keys()
        .filter(|p| !p.is_neutral())
        .map(|&p| (p, orders_for(galaxy, p, rules, rng)))
        .collect()
}

/// The orders of one player for the galaxy's current turn.
pub fn orders_for<R: Rng + ?Sized>(
    galaxy: &Galaxy,
    player: PlayerId,
    rules: &Ruleset,
    rng: &mut R,
) -> Vec<Order> {
    let mut kinds = Vec::new();
    let class = galaxy.player(player).and_then(|p| p.class);
    for world in galaxy.worlds_of(player) {
        let mut budget = world.active_industries;
        if budget == 0 {
            continue;
        }
        let fleet = galaxy
            .fleets_at(world.id)
            .filter(|f| f.owner == player)
            .max_by_key(|f| (f.ships(), std::cmp::Reverse(f.id)));
        if let Some(class) = class
            && galaxy.turn > 3
        {
            let cost = rules.industry_cost(class).max(1);
            let industries = (budget / 4) / cost;
            if industries > 0 {
                kinds.push(OrderKind::Build {
                    world: world.id,
                    count: industries,
                    construction: Construction::Industries,
                });
                budget -= industries * cost;
            }
        }
        let research = budget / 3;
        if research > 0 {
            let tech = RESEARCH[(galaxy.turn as usize + world.id as usize) % RESEARCH.len()];
            kinds.push(OrderKind::Build {
                world: world.id,
                count: research,
                construction: Construction::Research(tech),
            });
            budget -= research;
        }
        if let Some(fleet) = fleet
            && budget > 0
        {
            kinds.push(OrderKind::Build {
                world: world.id,
                count: budget,
                construction: Construction::Vc(fleet.id),
            });
        }
    }
    for fleet in galaxy.fleets_of(player) {
        if fleet.ships() == 0 || !fleet.cargo.is_empty() {
            continue;
        }
        let Some(here) = galaxy.world(fleet.world) else {
            continue;
        };
        let foreign_owner = !here.owner.is_neutral() && here.owner != player;
        let at_war = galaxy
            .player(player)
            .is_some_and(|p| !p.declarations.allies.contains(&here.owner));
        if foreign_owner && at_war && fleet.vc > 0 && !fleet.at_peace {
            kinds.push(OrderKind::Fire {
                conditional: false,
                fire: Fire::Fleet {
                    fleet: fleet.id,
                    target: FleetTarget::Protections,
                },
            });
            continue;
        }
        if here.owner == player && rng.random_ratio(1, 3) {
            continue;
        }
        let choices: Vec<_> = here
            .connections
            .iter()
            .filter_map(|id| galaxy.world(*id))
            .filter(|w| !w.black_hole || !knows_black_hole(galaxy, player, w.id))
            .collect();
        if choices.is_empty() {
            continue;
        }
        let preferred: Vec<_> = choices
            .iter()
            .filter(|w| w.owner.is_neutral() && w.population.total() > 0)
            .collect();
        let target = if preferred.is_empty() || rng.random_ratio(1, 4) {
            choices[rng.random_range(0..choices.len())].id
        } else {
            preferred[rng.random_range(0..preferred.len())].id
        };
        kinds.push(OrderKind::Move {
            fleet: fleet.id,
            route: vec![target],
        });
    }
    kinds
        .into_iter()
        .enumerate()
        .map(|(i, kind)| Order {
            kind,
            span: Span::line(u32::try_from(i + 1).unwrap_or(u32::MAX), 1),
        })
        .collect()
}

/// A computer player avoids black holes it has crossed before (it remembers the
/// worlds it localised as an explorer; others only avoid those it sees now).
fn knows_black_hole(galaxy: &Galaxy, player: PlayerId, world: u32) -> bool {
    galaxy
        .player(player)
        .is_some_and(|p| p.localised.contains(&world))
}
