//! Routes over several turns: a fleet's way to a destination (through
//! waypoints) over the connections the player knows, cut into this turn's move
//! (within DEP, the draft's research counted) and the later turns' legs
//! ([`Proposer::plan`]); and, turns later, where the plan stands given where
//! the reports show the fleet ([`RoutePlan::follow`]).
//!
//! A plan is data the app keeps with the drafts (RON): the fleet, the turn it
//! was made, its waypoints and its legs. Nothing here looks at a clock or a file.

use serde::{Deserialize, Serialize};

use crate::model::{FleetId, WorldId};
use crate::orders::ast::OrderKind;

use super::Proposer;
use super::route::shortest_route;

/// A fleet's route over several turns.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RoutePlan {
    pub fleet: FleetId,
    /// The turn whose orders carry the first leg (the plan was made on it).
    pub turn: u32,
    /// Where the fleet was at the start of that turn.
    pub start: WorldId,
    /// The worlds clicked, the last being the destination.
    pub waypoints: Vec<WorldId>,
    /// The worlds crossed, turn by turn: `legs[0]` is the move of `turn`
    /// (arriving at `turn + 1`), `legs[k]` the move of `turn + k`. Each leg
    /// is at most `dep` worlds long.
    pub legs: Vec<Vec<WorldId>>,
    /// The DEP the legs were cut with (the fleet's owner's, draft counted).
    pub dep: u32,
}

impl RoutePlan {
    /// The destination.
    pub fn destination(&self) -> WorldId {
        self.legs
            .last()
            .and_then(|leg| leg.last())
            .copied()
            .unwrap_or(self.start)
    }

    /// The turn the fleet reaches its destination (its ETA).
    pub fn arrival_turn(&self) -> u32 {
        self.turn + self.legs.len() as u32
    }

    /// Where the fleet should be at the start of turn `turn` (`None` before the
    /// plan's turn).
    pub fn expected_at(&self, turn: u32) -> Option<WorldId> {
        let done = turn.checked_sub(self.turn)? as usize;
        if done == 0 {
            return Some(self.start);
        }
        self.legs
            .get(done.min(self.legs.len()) - 1)
            .and_then(|leg| leg.last())
            .copied()
    }

    /// The move of turn `turn` (`None` outside the plan's turns).
    pub fn leg_of(&self, turn: u32) -> Option<&[WorldId]> {
        let index = turn.checked_sub(self.turn)? as usize;
        self.legs.get(index).map(Vec::as_slice)
    }

    /// Where the plan stands at the start of turn `turn`, the reports showing
    /// the fleet on `position` (`None`: not seen, or gone).
    pub fn follow(&self, turn: u32, position: Option<WorldId>) -> PlanStatus {
        let Some(expected) = self.expected_at(turn) else {
            return PlanStatus::NotYet;
        };
        match position {
            None => PlanStatus::Lost { expected },
            Some(at) if at != expected => PlanStatus::OffCourse { expected, at },
            Some(_) => match self.leg_of(turn) {
                Some(leg) => PlanStatus::OnTrack {
                    order: OrderKind::Move {
                        fleet: self.fleet,
                        route: leg.to_vec(),
                    },
                    leg: (turn - self.turn) as usize + 1,
                },
                None => PlanStatus::Arrived,
            },
        }
    }
}

/// Where a plan stands on a turn.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PlanStatus {
    /// The turn is before the plan's.
    NotYet,
    /// The fleet is where the plan expected it: `order` is the turn's leg
    /// (the `leg`-th, counted from 1).
    OnTrack { order: OrderKind, leg: usize },
    /// The fleet is at its destination: the plan is done.
    Arrived,
    /// The fleet is elsewhere than the plan expected (stopped by an ambush,
    /// another order, a move voided…).
    OffCourse { expected: WorldId, at: WorldId },
    /// The reports no longer show the fleet (destroyed, given, or out of sight).
    Lost { expected: WorldId },
}

/// Why no plan.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PlanProblem {
    /// The fleet's position at the start of the turn is not known.
    NoPosition,
    /// No waypoint, or the only one is where the fleet is.
    Nowhere,
    /// No route over the known connections from `from` to `to` (a waypoint):
    /// an unknown link, or only through a black hole.
    NoRoute { from: WorldId, to: WorldId },
    /// The fleet's owner's DEP is not known (no technology block): the turns
    /// cannot be counted.
    NoDep,
}

/// Cuts `route` (the worlds after the start) into legs of at most `dep`
/// worlds, the first being this turn's move. A DEP of 0 moves nothing: no legs.
pub fn cut_legs(route: &[WorldId], dep: u32) -> Vec<Vec<WorldId>> {
    if dep == 0 {
        return Vec::new();
    }
    route
        .chunks(dep as usize)
        .map(<[WorldId]>::to_vec)
        .collect()
}

impl Proposer<'_, '_> {
    /// Fleet `fleet`'s plan through `waypoints` (the last the destination), made
    /// on turn `turn`: the shortest known route from waypoint to waypoint (known
    /// black holes never crossed, a waypoint may be one), cut into legs by DEP
    /// (the draft's research counted; the later turns assume the same DEP).
    pub fn plan(
        &self,
        fleet: FleetId,
        waypoints: &[WorldId],
        turn: u32,
    ) -> Result<RoutePlan, PlanProblem> {
        let start = self.ctx.fleet_world(fleet).ok_or(PlanProblem::NoPosition)?;
        let dep = self.dep.ok_or(PlanProblem::NoDep)?;
        let mut route: Vec<WorldId> = Vec::new();
        let mut at = start;
        let mut kept = Vec::new();
        for &to in waypoints {
            if to == at {
                continue;
            }
            // A black hole ends everything: no way past it.
            if self.ctx.is_black_hole(at) {
                return Err(PlanProblem::NoRoute { from: at, to });
            }
            let leg = shortest_route(
                at,
                to,
                |w| self.neighbours(w),
                |w| self.ctx.is_black_hole(w),
            )
            .ok_or(PlanProblem::NoRoute { from: at, to })?;
            route.extend(leg);
            kept.push(to);
            at = to;
        }
        if route.is_empty() {
            return Err(PlanProblem::Nowhere);
        }
        Ok(RoutePlan {
            fleet,
            turn,
            start,
            waypoints: kept,
            legs: cut_legs(&route, dep),
            dep,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn plan(legs: &[&[WorldId]]) -> RoutePlan {
        RoutePlan {
            fleet: 57,
            turn: 7,
            start: 1,
            waypoints: vec![legs.last().and_then(|l| l.last()).copied().unwrap_or(1)],
            legs: legs.iter().map(|l| l.to_vec()).collect(),
            dep: 2,
        }
    }

    #[test]
    fn legs_are_cut_by_dep() {
        assert_eq!(
            cut_legs(&[2, 3, 4, 5, 6], 2),
            vec![vec![2, 3], vec![4, 5], vec![6]]
        );
        assert_eq!(cut_legs(&[2, 3], 3), vec![vec![2, 3]]);
        assert!(cut_legs(&[2, 3], 0).is_empty());
        assert!(cut_legs(&[], 3).is_empty());
    }

    #[test]
    fn the_plan_is_followed_turn_by_turn() {
        let p = plan(&[&[2, 3], &[4, 5], &[6]]);
        assert_eq!(p.destination(), 6);
        assert_eq!(p.arrival_turn(), 10);
        assert_eq!(p.follow(6, Some(1)), PlanStatus::NotYet);
        assert_eq!(
            p.follow(7, Some(1)),
            PlanStatus::OnTrack {
                order: OrderKind::Move {
                    fleet: 57,
                    route: vec![2, 3]
                },
                leg: 1
            }
        );
        assert_eq!(
            p.follow(8, Some(3)),
            PlanStatus::OnTrack {
                order: OrderKind::Move {
                    fleet: 57,
                    route: vec![4, 5]
                },
                leg: 2
            }
        );
        assert_eq!(
            p.follow(8, Some(2)),
            PlanStatus::OffCourse { expected: 3, at: 2 }
        );
        assert_eq!(p.follow(9, None), PlanStatus::Lost { expected: 5 });
        assert_eq!(p.follow(10, Some(6)), PlanStatus::Arrived);
        // Later still, it stays arrived where it stopped.
        assert_eq!(p.follow(12, Some(6)), PlanStatus::Arrived);
    }
}
