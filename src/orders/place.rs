//! Where the draft's orders happen, for drawing them on the map: each order
//! that has a place becomes a [`Placed`] mark — a move along its route with its
//! step count against DEP, fire and bombs on their target, transfers and loads
//! as short arrows, gifts, constructions — with its line in the draft and
//! whether the check found an error on that line. Pure: the map draws what
//! this returns, the editor's selection picks a line, a click on a mark gives
//! its line back.

use super::ast::{
    Construction, Fire, FleetTarget, FleetTransfer, GuardTransfer, OrderKind, Prober, VpTarget,
};
use super::validate::{Checked, PlayerContext};
use crate::diagnostic::Severity;
use crate::model::view::TreasureSite;
use crate::model::{FleetId, WorldId};

/// What an order does at its place.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Mark {
    /// A fleet moving from its world along `route`; `dep` is the player's
    /// movement range this turn when known (the route's steps are counted
    /// against it).
    Move {
        fleet: FleetId,
        from: WorldId,
        route: Vec<WorldId>,
        dep: Option<u32>,
    },
    /// Fire at a world (its VI/VP, population or industries) or at a fleet on
    /// that world, from `from` when known.
    Fire {
        from: Option<WorldId>,
        at: WorldId,
        conditional: bool,
    },
    /// A bomb built (`L BOMBE`) or dropped (`L`) at a world.
    Bomb { at: WorldId, dropped: bool },
    /// Ships, people or goods going from one place to another on the same
    /// world or to a neighbour (transfers, probes, emigration).
    Arrow { from: WorldId, to: WorldId },
    /// Something done at one world: a construction, a load or an unload, a
    /// treasure, a pillage, a naming.
    At { world: WorldId },
    /// A world or a fleet given to another player.
    Gift { at: WorldId },
}

/// One order of the draft with its place.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Placed {
    /// The order's line in the draft (1-based).
    pub line: u32,
    pub mark: Mark,
    /// The check found an error on this line: drawn in the error colour.
    pub error: bool,
}

/// Every order of `checked` that has a place the player knows. `dep`: the
/// movement range this turn (the draft's research counted), if known.
pub fn place_orders(
    checked: &Checked,
    player: &PlayerContext<'_>,
    dep: Option<u32>,
) -> Vec<Placed> {
    let error_lines: std::collections::BTreeSet<u32> = checked
        .diagnostics
        .iter()
        .filter(|d| d.severity == Severity::Error)
        .map(|d| d.span.line)
        .collect();
    checked
        .file
        .orders
        .iter()
        .filter_map(|order| {
            let mark = mark_of(&order.kind, player, dep)?;
            Some(Placed {
                line: order.span.line,
                mark,
                error: error_lines.contains(&order.span.line),
            })
        })
        .collect()
}

/// The mark of one order, when its place is known.
pub fn mark_of(kind: &OrderKind, player: &PlayerContext<'_>, dep: Option<u32>) -> Option<Mark> {
    let at_fleet = |fleet: FleetId| player.fleet_world(fleet);
    use OrderKind as K;
    match kind {
        K::Move { fleet, route } => Some(Mark::Move {
            fleet: *fleet,
            from: at_fleet(*fleet)?,
            route: route.clone(),
            dep,
        }),
        K::Fire { conditional, fire } => {
            let (from, at) = match fire {
                Fire::Fleet { fleet, target } => {
                    let here = at_fleet(*fleet);
                    match target {
                        // A fleet fires where it stands (after the moves).
                        FleetTarget::Fleet(other) => (here, at_fleet(*other).or(here)?),
                        _ => (None, here?),
                    }
                }
                Fire::Vp { world, target } => match target {
                    VpTarget::Fleet(fleet) => (Some(*world), at_fleet(*fleet).unwrap_or(*world)),
                    _ => (Some(*world), *world),
                },
                Fire::Vi { world, fleet } => (Some(*world), at_fleet(*fleet).unwrap_or(*world)),
            };
            Some(Mark::Fire {
                from: from.filter(|f| *f != at),
                at,
                conditional: *conditional,
            })
        }
        K::BuildBomb { fleet } => Some(Mark::Bomb {
            at: at_fleet(*fleet)?,
            dropped: false,
        }),
        K::DropBomb { fleet } => Some(Mark::Bomb {
            at: at_fleet(*fleet)?,
            dropped: true,
        }),
        K::Probe { prober, target } => {
            let from = match prober {
                Prober::Guard(_, world) => *world,
                Prober::Fleet(fleet) => at_fleet(*fleet)?,
            };
            Some(Mark::Arrow { from, to: *target })
        }
        K::Emigrate { world, target, .. } => Some(Mark::Arrow {
            from: *world,
            to: *target,
        }),
        K::GuardTransfer { world, to, .. } => match to {
            GuardTransfer::OtherGuard => Some(Mark::At { world: *world }),
            GuardTransfer::Fleet(fleet) | GuardTransfer::FleetAsVt(fleet) => Some(Mark::Arrow {
                from: *world,
                to: at_fleet(*fleet).unwrap_or(*world),
            }),
        },
        K::FleetTransfer {
            fleet, transfer, ..
        } => {
            let from = at_fleet(*fleet)?;
            let to = match transfer {
                FleetTransfer::VcToFleet(other)
                | FleetTransfer::VtToFleet(other)
                | FleetTransfer::VcToVtOnFleet(other) => at_fleet(*other).unwrap_or(from),
                FleetTransfer::VcToGuard(_) | FleetTransfer::VcToVt => from,
            };
            Some(if to == from {
                Mark::At { world: from }
            } else {
                Mark::Arrow { from, to }
            })
        }
        K::Build {
            world,
            construction,
            ..
        } => match construction {
            Construction::Vc(fleet) | Construction::Vt(fleet) => {
                let to = at_fleet(*fleet).unwrap_or(*world);
                Some(if to == *world {
                    Mark::At { world: *world }
                } else {
                    Mark::Arrow { from: *world, to }
                })
            }
            _ => Some(Mark::At { world: *world }),
        },
        K::ViToIndustries { world, .. }
        | K::TransformRobots { world, .. }
        | K::Name { world, .. }
        | K::Pillage { world } => Some(Mark::At { world: *world }),
        K::NoAmbush { world } => world.map(|world| Mark::At { world }),
        K::Unload { fleet, .. }
        | K::Load { fleet, .. }
        | K::Meva { fleet, .. }
        | K::RobotAttack { fleet, .. }
        | K::LoadTreasure { fleet, .. }
        | K::Peace { fleet }
        | K::War { fleet } => Some(Mark::At {
            world: at_fleet(*fleet)?,
        }),
        K::DropTreasure { treasure } => match player.treasure_site(*treasure)? {
            TreasureSite::World(world) => Some(Mark::At { world }),
            TreasureSite::Fleet(fleet) => Some(Mark::At {
                world: at_fleet(fleet)?,
            }),
            TreasureSite::Unattached => None,
        },
        K::GiveFleet { fleet, .. } => Some(Mark::Gift {
            at: at_fleet(*fleet)?,
        }),
        K::GiveWorld { world, .. } => Some(Mark::Gift { at: *world }),
        K::Declare { .. } => None,
    }
}

impl Mark {
    /// The worlds the mark touches (for hit-testing a click on the map).
    pub fn worlds(&self) -> Vec<WorldId> {
        match self {
            Mark::Move { from, route, .. } => std::iter::once(*from)
                .chain(route.iter().copied())
                .collect(),
            Mark::Fire { from, at, .. } => {
                from.iter().copied().chain(std::iter::once(*at)).collect()
            }
            Mark::Arrow { from, to } => vec![*from, *to],
            Mark::Bomb { at, .. } | Mark::Gift { at } => vec![*at],
            Mark::At { world } => vec![*world],
        }
    }

    /// For a move: the number of steps of its route and whether it stays
    /// within DEP (`None` when DEP is unknown).
    pub fn steps(&self) -> Option<(usize, Option<bool>)> {
        match self {
            Mark::Move { route, dep, .. } => {
                Some((route.len(), dep.map(|d| route.len() <= d as usize)))
            }
            _ => None,
        }
    }
}
