//! Computer players: plausible orders for any player of a galaxy, so that a demo
//! game, a test or a benchmark can play many turns without a human. The strategy
//! is simple and deterministic for a given generator:
//!
//! - **Economy** (IV, catalog §4.4: a world's active industries next turn are
//!   `min(I, MP stock, population)` and every UP spent burns one MP). A world never
//!   spends the MP that keeps half of its industries active next turn
//!   ([`mp_reserve`]): it spends at most its stock above that reserve. Out of that
//!   budget: industries, past the first turns, only while the MP stock could feed
//!   them; some research (DEP, ATT, DEF, CAR, RAD in turn); the rest as VC on a
//!   fleet of the world (the largest).
//! - **Supply** (III.5.3, "en rotation"): the MP of the player's other worlds feed
//!   the capital (his world with the most industries). A fleet with ships on one
//!   of his worlds holding MP beyond that world's own reserve loads them
//!   (`F_f C x MP`, step 13) and heads for the capital the same turn (step 14);
//!   a fleet carrying MP on the capital unloads them (`F_f D MP`, step 8: they
//!   feed the next turn's industries), elsewhere it keeps heading home, as many
//!   hops a turn as its owner's DEP allows, never through a black hole it knows.
//! - every other fleet with ships and no cargo moves one hop to a neighbour,
//!   preferring a neutral world with people (so that it is taken) and never a
//!   known black hole; one fleet in three stays at home to guard;
//! - fleets alone on a foreign world at war fire at its protections.
//!
//! The orders are built directly as AST values, each on its own line.

use std::collections::{BTreeMap, VecDeque};

use rand::{Rng, RngExt};

use crate::diagnostic::Span;
use crate::model::{Fleet, Galaxy, PlayerId, Tech, World, WorldId};
use crate::orders::ast::{Construction, Fire, FleetTarget, LoadGoods, UnloadGoods};
use crate::orders::{Order, OrderKind};
use crate::resolve::Submissions;
use crate::rules::Ruleset;

const RESEARCH: [Tech; 5] = [Tech::Dep, Tech::Att, Tech::Def, Tech::Car, Tech::Rad];

/// Fewest MP worth a trip to the capital.
const SMALLEST_LOAD: u32 = 5;

/// The orders of every non-neutral player.
pub fn all_orders<R: Rng + ?Sized>(galaxy: &Galaxy, rules: &Ruleset, rng: &mut R) -> Submissions {
    galaxy
        .players
        .keys()
        .filter(|p| !p.is_neutral())
        .map(|&p| (p, orders_for(galaxy, p, rules, rng)))
        .collect()
}

/// The MP a world keeps at the end of its owner's constructions: enough for half
/// of the industries its population can work to stay active next turn (the
/// mining of the turn comes on top).
pub fn mp_reserve(world: &World) -> u32 {
    let workers = u32::try_from(world.population.total()).unwrap_or(u32::MAX);
    world.industries.min(workers).div_ceil(2)
}

/// The orders of one player for the galaxy's current turn.
pub fn orders_for<R: Rng + ?Sized>(
    galaxy: &Galaxy,
    player: PlayerId,
    rules: &Ruleset,
    rng: &mut R,
) -> Vec<Order> {
    let me = galaxy.player(player);
    let level = |tech| me.map_or(0, |p| p.tech.level(tech));
    let (mut kinds, mut left) = constructions(galaxy, player, rules);
    let capital = galaxy
        .worlds_of(player)
        .max_by_key(|w| (w.industries, std::cmp::Reverse(w.id)))
        .map(|w| w.id);
    let homeward = capital.map(|c| (c, routes_to(galaxy, player, c)));
    let plan = Plan {
        galaxy,
        player,
        home: homeward.as_ref().map(|(c, routes)| (*c, routes)),
        car: level(Tech::Car),
        dep: level(Tech::Dep).max(1) as usize,
    };
    for fleet in galaxy.fleets_of(player) {
        if fleet.ships() == 0 {
            continue;
        }
        let Some(here) = galaxy.world(fleet.world) else {
            continue;
        };
        if let Some(kind) = fleet_order(&plan, fleet, here, &mut left, &mut kinds, rng) {
            kinds.push(kind);
        }
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

/// Each world's constructions: more industries when MP pile up, research, VC
/// on its biggest fleet; and the MP each world has left after them.
fn constructions(
    galaxy: &Galaxy,
    player: PlayerId,
    rules: &Ruleset,
) -> (Vec<OrderKind>, BTreeMap<WorldId, u32>) {
    let mut kinds = Vec::new();
    let class = galaxy.player(player).and_then(|p| p.class);
    let mut fleets_at: BTreeMap<WorldId, Vec<&Fleet>> = BTreeMap::new();
    for fleet in galaxy.fleets_of(player) {
        fleets_at.entry(fleet.world).or_default().push(fleet);
    }
    let mut left: BTreeMap<WorldId, u32> = BTreeMap::new();
    for world in galaxy.worlds_of(player) {
        let reserve = mp_reserve(world);
        let mut budget = world
            .active_industries
            .min(world.mp.saturating_sub(reserve));
        left.insert(world.id, world.mp - budget);
        if budget == 0 {
            continue;
        }
        let fleet = fleets_at.get(&world.id).and_then(|f| {
            f.iter()
                .max_by_key(|f| (f.ships(), std::cmp::Reverse(f.id)))
        });
        if let Some(class) = class
            && galaxy.turn > 3
            && world.mp >= 2 * world.industries.max(1)
        {
            // More MP than the industries can burn in two turns: more industries.
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
    (kinds, left)
}

/// What a player's fleets move on: the galaxy, the player, his capital and
/// each world's next step toward it (for the supply runs), CAR and DEP.
struct Plan<'a> {
    galaxy: &'a Galaxy,
    player: PlayerId,
    home: Option<(WorldId, &'a BTreeMap<WorldId, WorldId>)>,
    car: u32,
    dep: usize,
}

/// One fleet's orders: MP carried home to the capital (unload, load, move),
/// else fire at a foreign world's protections, else a move to a neighbour
/// (rather a populated neutral one). The supply orders go into `kinds`; the
/// last order is returned.
fn fleet_order<R: Rng + ?Sized>(
    plan: &Plan,
    fleet: &Fleet,
    here: &World,
    left: &mut BTreeMap<WorldId, u32>,
    kinds: &mut Vec<OrderKind>,
    rng: &mut R,
) -> Option<OrderKind> {
    let (galaxy, player) = (plan.galaxy, plan.player);
    if let Some((capital, homeward)) = plan.home {
        let mut carried = fleet.cargo.mp;
        if carried > 0 && here.id == capital {
            kinds.push(OrderKind::Unload {
                fleet: fleet.id,
                count: None,
                goods: UnloadGoods::Mp,
            });
            carried = 0;
        }
        let room = fleet.capacity(plan.car).saturating_sub(fleet.cargo.total());
        let room = u32::try_from(room).unwrap_or(u32::MAX);
        if here.owner == player && here.id != capital && room > 0 {
            let surplus = left
                .get(&here.id)
                .map_or(0, |&mp| mp.saturating_sub(mp_reserve(here)));
            let load = surplus.min(room);
            if load >= SMALLEST_LOAD {
                kinds.push(OrderKind::Load {
                    fleet: fleet.id,
                    count: Some(load),
                    goods: LoadGoods::Mp,
                });
                if let Some(entry) = left.get_mut(&here.id) {
                    *entry -= load;
                }
                carried += load;
            }
        }
        if carried > 0 {
            let route = route_home(homeward, here.id, plan.dep);
            return (!route.is_empty()).then_some(OrderKind::Move {
                fleet: fleet.id,
                route,
            });
        }
        if fleet.cargo.total() > u64::from(fleet.cargo.mp) {
            return None;
        }
    } else if !fleet.cargo.is_empty() {
        return None;
    }
    let me = galaxy.player(player);
    let foreign_owner = !here.owner.is_neutral() && here.owner != player;
    let at_war = me.is_some_and(|p| !p.declarations.allies.contains(&here.owner));
    if foreign_owner && at_war && fleet.vc > 0 && !fleet.at_peace {
        return Some(OrderKind::Fire {
            conditional: false,
            fire: Fire::Fleet {
                fleet: fleet.id,
                target: FleetTarget::Protections,
            },
        });
    }
    if here.owner == player && rng.random_ratio(1, 3) {
        return None;
    }
    let choices: Vec<_> = here
        .connections
        .iter()
        .filter_map(|id| galaxy.world(*id))
        .filter(|w| !w.black_hole || !knows_black_hole(galaxy, player, w.id))
        .collect();
    if choices.is_empty() {
        return None;
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
    Some(OrderKind::Move {
        fleet: fleet.id,
        route: vec![target],
    })
}

/// For every world that can reach `capital` (avoiding the black holes `player`
/// knows), the next world on a shortest way there (ties: lowest world number,
/// as the breadth-first walk from the capital meets them in connection order).
fn routes_to(galaxy: &Galaxy, player: PlayerId, capital: WorldId) -> BTreeMap<WorldId, WorldId> {
    let mut next = BTreeMap::new();
    let mut queue = VecDeque::from([capital]);
    next.insert(capital, capital);
    while let Some(id) = queue.pop_front() {
        let Some(world) = galaxy.world(id) else {
            continue;
        };
        for &other in &world.connections {
            if next.contains_key(&other) || knows_black_hole(galaxy, player, other) {
                continue;
            }
            // A known black hole is never crossed; one not known may be.
            next.insert(other, id);
            queue.push_back(other);
        }
    }
    next
}

/// Up to `hops` worlds from `from` towards the capital (empty when there or cut
/// off).
fn route_home(next: &BTreeMap<WorldId, WorldId>, from: WorldId, hops: usize) -> Vec<WorldId> {
    let mut route = Vec::new();
    let mut at = from;
    while route.len() < hops {
        match next.get(&at) {
            Some(&step) if step != at => {
                route.push(step);
                at = step;
            }
            _ => break,
        }
    }
    route
}

/// A computer player avoids black holes it has crossed before (it remembers the
/// worlds it localised as an explorer; others only avoid those it sees now).
fn knows_black_hole(galaxy: &Galaxy, player: PlayerId, world: u32) -> bool {
    galaxy.world(world).is_some_and(|w| w.black_hole)
        && galaxy
            .player(player)
            .is_some_and(|p| p.localised.contains(&world))
}

#[cfg(test)]
mod tests {
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    use super::*;
    use crate::model::{Class, Coords, Player, Population};

    /// M_1 – M_2 – M_3 – M_4 – M_5 in a line; player 1 holds M_1 (a start world:
    /// I=30, MP=30, P=50) and M_4 (no industry, 40 MP, 50 people).
    fn line_galaxy() -> Galaxy {
        let mut g = Galaxy {
            width: 20,
            height: 20,
            turn: 5,
            final_turn: 20,
            ..Galaxy::default()
        };
        g.players.insert(PlayerId::NEUTRAL, Player::neutral());
        let me = PlayerId(1);
        g.players
            .insert(me, Player::new(me, "Maxtor", Some(Class::Emperor)));
        for id in 1..=5u32 {
            let connections = [id - 1, id + 1]
                .into_iter()
                .filter(|c| (1..=5).contains(c))
                .collect();
            let mut world = World::new(id, connections, Coords { x: id * 3, y: 4 });
            world.population = Population {
                non_converts: 50,
                ..Population::default()
            };
            world.pop_limit = 100;
            g.worlds.insert(id, world);
        }
        if let Some(w) = g.worlds.get_mut(&1) {
            w.owner = me;
            w.start_owner = Some(me);
            (w.industries, w.active_industries, w.mp, w.mining) = (30, 30, 30, 2);
        }
        if let Some(w) = g.worlds.get_mut(&4) {
            w.owner = me;
            w.mp = 40;
        }
        g
    }

    fn orders(g: &Galaxy) -> Vec<OrderKind> {
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        orders_for(g, PlayerId(1), &Ruleset::builtin_2002(), &mut rng)
            .into_iter()
            .map(|o| o.kind)
            .collect()
    }

    fn built_on(kinds: &[OrderKind], world: WorldId) -> u32 {
        kinds
            .iter()
            .filter_map(|k| match k {
                OrderKind::Build {
                    world: w, count, ..
                } if *w == world => Some(*count),
                _ => None,
            })
            .sum()
    }

    #[test]
    fn a_world_spends_only_the_mp_above_its_reserve() {
        let mut g = line_galaxy();
        g.fleets.insert(7, Fleet::new(7, PlayerId(1), 1));
        let world = &g.worlds[&1];
        assert_eq!(mp_reserve(world), 15, "half of min(30 I, 50 P)");
        let kinds = orders(&g);
        assert_eq!(built_on(&kinds, 1), 15, "{kinds:?}");
        // Research and VC on the world's fleet; no industries while MP is short.
        assert!(kinds.iter().any(|k| matches!(
            k,
            OrderKind::Build {
                construction: Construction::Vc(7),
                ..
            }
        )));
        assert!(!kinds.iter().any(|k| matches!(
            k,
            OrderKind::Build {
                construction: Construction::Industries,
                ..
            }
        )));
        // At or under the reserve: nothing is built.
        if let Some(w) = g.worlds.get_mut(&1) {
            (w.mp, w.active_industries) = (15, 15);
        }
        assert_eq!(built_on(&orders(&g), 1), 0);
        // MP to spare for two turns of industries: some are built.
        if let Some(w) = g.worlds.get_mut(&1) {
            (w.mp, w.active_industries) = (80, 30);
        }
        let kinds = orders(&g);
        assert!(kinds.iter().any(|k| matches!(
            k,
            OrderKind::Build {
                construction: Construction::Industries,
                count: 1,
                ..
            }
        )));
        assert_eq!(
            built_on(&kinds, 1) - 1,
            30 - 4,
            "1 industry = 4 UP for an emperor"
        );
    }

    #[test]
    fn mp_go_home_to_the_capital_and_are_unloaded_there() {
        let mut g = line_galaxy();
        let me = PlayerId(1);
        let mut hauler = Fleet::new(3, me, 4);
        hauler.vc = 12;
        g.fleets.insert(3, hauler);
        let mut back = Fleet::new(5, me, 1);
        back.vc = 4;
        back.cargo.mp = 4;
        g.fleets.insert(5, back);
        let mut on_the_way = Fleet::new(6, me, 3);
        on_the_way.vc = 6;
        on_the_way.cargo.mp = 6;
        g.fleets.insert(6, on_the_way);
        let kinds = orders(&g);
        // M_4 has no industry: all its 40 MP are spare, 12 fit in F_3 (12 VC).
        assert!(kinds.contains(&OrderKind::Load {
            fleet: 3,
            count: Some(12),
            goods: LoadGoods::Mp,
        }));
        // DEP 3: three hops a turn, M_1 is three away; F_6 carries MP already.
        assert!(kinds.contains(&OrderKind::Move {
            fleet: 3,
            route: vec![3, 2, 1],
        }));
        assert!(kinds.contains(&OrderKind::Move {
            fleet: 6,
            route: vec![2, 1],
        }));
        assert!(kinds.contains(&OrderKind::Unload {
            fleet: 5,
            count: None,
            goods: UnloadGoods::Mp,
        }));
        // A world with industries keeps its reserve: I=10/10 on 50 P keeps 5.
        if let Some(w) = g.worlds.get_mut(&4) {
            (w.industries, w.active_industries, w.mp) = (10, 10, 16);
        }
        let kinds = orders(&g);
        // 16 MP, reserve 5: it spends its 10 UP; 6 MP are left, 1 above the
        // reserve.
        let spent = built_on(&kinds, 4);
        assert_eq!(spent, 10);
        assert!(
            !kinds
                .iter()
                .any(|k| matches!(k, OrderKind::Load { fleet: 3, .. })),
            "1 MP spare is not worth a trip: {kinds:?}"
        );
    }

    #[test]
    fn a_route_home_never_crosses_a_known_black_hole() {
        let mut g = line_galaxy();
        // M_2 is a black hole player 1 has localised: M_4 is cut off from M_1.
        if let Some(w) = g.worlds.get_mut(&2) {
            w.black_hole = true;
        }
        if let Some(p) = g.players.get_mut(&PlayerId(1)) {
            p.localised.insert(2);
        }
        let next = routes_to(&g, PlayerId(1), 1);
        assert_eq!(route_home(&next, 4, 3), Vec::<WorldId>::new());
        assert!(!next.contains_key(&2));
        // Not known: it may be crossed.
        if let Some(p) = g.players.get_mut(&PlayerId(1)) {
            p.localised.clear();
        }
        let next = routes_to(&g, PlayerId(1), 1);
        assert_eq!(route_home(&next, 4, 3), vec![3, 2, 1]);
        assert_eq!(route_home(&next, 4, 2), vec![3, 2]);
        assert_eq!(route_home(&next, 1, 3), Vec::<WorldId>::new());
    }
}
