//! Routes over the connections the player knows: [`shortest_route`], a fleet's
//! route to a world within DEP, and "send a fleet here" for every fleet.

use std::collections::{HashMap, VecDeque};

use crate::model::{FleetId, WorldId};
use crate::orders::ast::OrderKind;

use super::{Group, Proposal, Proposer, Verdict, reason};

/// Why "send a fleet here" has no route.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RouteProblem {
    /// The fleet's position at the start of the turn is not known.
    NoPosition,
    /// The fleet is on the world already.
    AlreadyThere,
    /// No route over the connections the player knows.
    NoRoute,
    /// The shortest known route has `steps` steps; DEP allows `dep`.
    TooFar { steps: usize, dep: u32 },
}

/// The shortest route from `start` to `target` (the worlds after `start`, the
/// last being `target`) over the connections `neighbours` gives, never through a
/// world `avoid` excludes (`target` itself is never excluded). `None` when
/// `target` cannot be reached, or is `start`.
///
/// Deterministic: among the shortest routes, the one whose list of world
/// numbers is the smallest, compared world by world (breadth-first search
/// visiting each world's connections in increasing number: the first route to
/// reach a world is the smallest of its length).
pub fn shortest_route(
    start: WorldId,
    target: WorldId,
    neighbours: impl Fn(WorldId) -> Vec<WorldId>,
    avoid: impl Fn(WorldId) -> bool,
) -> Option<Vec<WorldId>> {
    if start == target {
        return None;
    }
    let mut parent: HashMap<WorldId, WorldId> = HashMap::new();
    let mut queue = VecDeque::from([start]);
    parent.insert(start, start);
    while let Some(at) = queue.pop_front() {
        let mut next = neighbours(at);
        next.sort_unstable();
        next.dedup();
        for world in next {
            if parent.contains_key(&world) || (world != target && avoid(world)) {
                continue;
            }
            parent.insert(world, at);
            if world == target {
                let mut route = vec![target];
                let mut w = target;
                while let Some(&p) = parent.get(&w) {
                    if p == start {
                        break;
                    }
                    route.push(p);
                    w = p;
                }
                route.reverse();
                return Some(route);
            }
            queue.push_back(world);
        }
    }
    None
}

impl Proposer<'_, '_> {
    /// The route fleet `fleet` would take to `target` over the connections the
    /// player knows, within DEP (the draft's research counted; unknown DEP: no
    /// limit). Known black holes are never crossed (they may end the route).
    pub fn route(&self, fleet: FleetId, target: WorldId) -> Result<Vec<WorldId>, RouteProblem> {
        let start = self
            .ctx
            .fleet_world(fleet)
            .ok_or(RouteProblem::NoPosition)?;
        if start == target {
            return Err(RouteProblem::AlreadyThere);
        }
        let route = shortest_route(
            start,
            target,
            |w| self.neighbours(w),
            |w| self.ctx.is_black_hole(w),
        )
        .ok_or(RouteProblem::NoRoute)?;
        match self.dep {
            Some(dep) if route.len() > dep as usize => Err(RouteProblem::TooFar {
                steps: route.len(),
                dep,
            }),
            _ => Ok(route),
        }
    }

    /// "Send a fleet here": for each of the player's fleets (by number), the move
    /// to `target` over the shortest known route, or why there is none.
    pub fn send_here(&self, target: WorldId) -> Vec<Proposal> {
        let mut fleets: Vec<FleetId> = self
            .ctx
            .knowledge()
            .fleets()
            .map(|f| f.id)
            .filter(|f| self.is_mine_fleet(*f))
            .collect();
        fleets.sort_unstable();
        let mut out = Vec::new();
        for fleet in fleets {
            let at = self.ctx.fleet_world(fleet);
            let position = at.map_or_else(|| "?".to_string(), |w| w.to_string());
            let (proposed, steps) = match self.route(fleet, target) {
                Ok(route) => {
                    let steps = route.len();
                    (self.judged(OrderKind::Move { fleet, route }), steps)
                }
                Err(problem) => {
                    let (code, mut args) = match problem {
                        RouteProblem::NoPosition => ("propose-route-no-position", vec![]),
                        RouteProblem::AlreadyThere => ("propose-route-here", vec![]),
                        RouteProblem::NoRoute => {
                            ("propose-route-none", vec![("from", position.clone())])
                        }
                        RouteProblem::TooFar { steps, dep } => (
                            "propose-route-too-far",
                            vec![("steps", steps.to_string()), ("dep", dep.to_string())],
                        ),
                    };
                    args.push(("fleet", fleet.to_string()));
                    args.push(("world", target.to_string()));
                    (
                        (
                            OrderKind::Move {
                                fleet,
                                route: vec![target],
                            },
                            Verdict::Disabled {
                                reason: reason(code, &args),
                            },
                        ),
                        0,
                    )
                }
            };
            Self::push(
                &mut out,
                Group::SendHere,
                "propose-send-fleet",
                vec![
                    ("fleet", fleet.to_string()),
                    ("world", position),
                    ("steps", steps.to_string()),
                ],
                proposed,
            );
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A graph from an adjacency list.
    fn graph<'a>(edges: &'a [(WorldId, &'a [WorldId])]) -> impl Fn(WorldId) -> Vec<WorldId> + 'a {
        move |w| {
            edges
                .iter()
                .find(|(from, _)| *from == w)
                .map(|(_, to)| to.to_vec())
                .unwrap_or_default()
        }
    }

    #[test]
    fn the_shortest_route_is_found() {
        let g = [
            (1, &[2, 3][..]),
            (2, &[1, 4][..]),
            (3, &[1, 5][..]),
            (4, &[2, 6][..]),
            (5, &[3][..]),
            (6, &[4][..]),
        ];
        assert_eq!(
            shortest_route(1, 6, graph(&g), |_| false),
            Some(vec![2, 4, 6])
        );
        assert_eq!(shortest_route(1, 2, graph(&g), |_| false), Some(vec![2]));
        // Not to itself.
        assert_eq!(shortest_route(1, 1, graph(&g), |_| false), None);
    }

    #[test]
    fn unknown_connections_are_not_crossed() {
        // 4's connections are unknown: 7 (only reachable through 4) is not found,
        // but 4 itself is (1's list names it).
        let g = [(1, &[4][..]), (7, &[4][..])];
        assert_eq!(shortest_route(1, 4, graph(&g), |_| false), Some(vec![4]));
        assert_eq!(shortest_route(1, 7, graph(&g), |_| false), None);
    }

    #[test]
    fn excluded_worlds_are_avoided_but_may_end_the_route() {
        let g = [
            (1, &[2, 3][..]),
            (2, &[4][..]),
            (3, &[5][..]),
            (5, &[4][..]),
        ];
        assert_eq!(
            shortest_route(1, 4, graph(&g), |w| w == 2),
            Some(vec![3, 5, 4])
        );
        assert_eq!(shortest_route(1, 2, graph(&g), |w| w == 2), Some(vec![2]));
    }

    #[test]
    fn ties_take_the_smallest_numbers_first() {
        // Two routes of length 2 to 9, through 5 or 3: the one through 3, whatever
        // order the lists give.
        for g in [
            [(1, &[5, 3][..]), (5, &[9][..]), (3, &[9][..])],
            [(1, &[3, 5][..]), (3, &[9][..]), (5, &[9][..])],
        ] {
            assert_eq!(shortest_route(1, 9, graph(&g), |_| false), Some(vec![3, 9]));
        }
        // Lexicographic over the whole route: 1-2-8-9 beats 1-2-7-9? no: 7 < 8.
        let g = [
            (1, &[4, 2][..]),
            (2, &[8, 7][..]),
            (4, &[6][..]),
            (7, &[9][..]),
            (8, &[9][..]),
            (6, &[9][..]),
        ];
        assert_eq!(
            shortest_route(1, 9, graph(&g), |_| false),
            Some(vec![2, 7, 9])
        );
    }

    #[test]
    fn a_torus_of_connections_routes_across_the_seam() {
        // A 6×6 torus: world (x, y) = 1 + 6y + x, connected to its 4 neighbours.
        let id = |x: u32, y: u32| 1 + 6 * (y % 6) + (x % 6);
        let neighbours = move |w: WorldId| {
            let (x, y) = ((w - 1) % 6, (w - 1) / 6);
            vec![id(x + 1, y), id(x + 5, y), id(x, y + 1), id(x, y + 5)]
        };
        // From (0,0) to (5,5): two steps across both seams.
        let route = shortest_route(id(0, 0), id(5, 5), neighbours, |_| false);
        assert_eq!(route.as_ref().map(Vec::len), Some(2));
        // Smallest first: (0,5)=31 or (5,0)=6 -> 6.
        assert_eq!(route, Some(vec![id(5, 0), id(5, 5)]));
        // Farthest point: 3 + 3 steps.
        let far = shortest_route(id(0, 0), id(3, 3), neighbours, |_| false);
        assert_eq!(far.as_ref().map(Vec::len), Some(6));
        // Deterministic.
        assert_eq!(
            far,
            shortest_route(id(0, 0), id(3, 3), neighbours, |_| false)
        );
    }
}
