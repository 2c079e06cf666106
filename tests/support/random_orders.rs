//! Random orders for property tests and benches: for each player, a few orders of
//! every kind drawn from the arbiter's galaxy (his worlds, his fleets, their
//! neighbours, other players). Most are valid; some are not (a route too long, a
//! fleet emptied before it moves …): the resolver must void those, never panic.

#![allow(dead_code)]

use std::collections::BTreeMap;

use rand::{Rng, RngExt};

use nebutil::diagnostic::Span;
use nebutil::model::treasure::TreasureLocation;
use nebutil::model::{Class, Galaxy, PlayerId, Tech};
use nebutil::orders::ast::{
    Construction, Declaration, Fire, FleetTarget, FleetTransfer, Guard, GuardTransfer, LoadGoods,
    MevaTarget, People, Prober, RobotProduct, UnloadGoods, VpTarget,
};
use nebutil::orders::{Order, OrderKind, PlayerRef};
use nebutil::resolve::Submissions;

fn pick<'a, T, R: Rng + ?Sized>(rng: &mut R, items: &'a [T]) -> Option<&'a T> {
    if items.is_empty() {
        None
    } else {
        Some(&items[rng.random_range(0..items.len())])
    }
}

/// Orders for every player but those skipped at random (ONR, one in ten), at most
/// `per_player` each.
pub fn random_submissions<R: Rng + ?Sized>(
    galaxy: &Galaxy,
    rng: &mut R,
    per_player: usize,
) -> Submissions {
    let mut fleets_by_owner: BTreeMap<PlayerId, Vec<u32>> = BTreeMap::new();
    for fleet in galaxy.fleets.values() {
        fleets_by_owner
            .entry(fleet.owner)
            .or_default()
            .push(fleet.id);
    }
    let mut worlds_by_owner: BTreeMap<PlayerId, Vec<u32>> = BTreeMap::new();
    for world in galaxy.worlds.values() {
        worlds_by_owner
            .entry(world.owner)
            .or_default()
            .push(world.id);
    }
    let players: Vec<PlayerId> = galaxy
        .players
        .keys()
        .copied()
        .filter(|p| !p.is_neutral())
        .collect();
    let mut submissions = Submissions::new();
    for &player in &players {
        if rng.random_ratio(1, 10) {
            continue;
        }
        let class = galaxy
            .player(player)
            .and_then(|p| p.class)
            .unwrap_or(Class::Emperor);
        let worlds = worlds_by_owner.get(&player).cloned().unwrap_or_default();
        let fleets = fleets_by_owner.get(&player).cloned().unwrap_or_default();
        let mut orders = Vec::new();
        let count = rng.random_range(0..=per_player);
        for line in 0..count {
            if let Some(kind) = random_order(galaxy, rng, player, class, &worlds, &fleets, &players)
            {
                orders.push(Order {
                    kind,
                    span: Span::line(u32::try_from(line + 1).unwrap_or(u32::MAX), 10),
                });
            }
        }
        submissions.insert(player, orders);
    }
    submissions
}

#[allow(clippy::too_many_arguments)]
fn random_order<R: Rng + ?Sized>(
    galaxy: &Galaxy,
    rng: &mut R,
    player: PlayerId,
    class: Class,
    worlds: &[u32],
    fleets: &[u32],
    players: &[PlayerId],
) -> Option<OrderKind> {
    let other = *pick(rng, players)?;
    let world = pick(rng, worlds).copied();
    // Mostly fleets with ships: most orders need some.
    let manned: Vec<u32> = fleets
        .iter()
        .copied()
        .filter(|f| galaxy.fleet(*f).is_some_and(|f| f.ships() > 0))
        .collect();
    let fleet = if manned.is_empty() || rng.random_ratio(1, 8) {
        pick(rng, fleets).copied()
    } else {
        pick(rng, &manned).copied()
    };
    // Quantities around what the world can afford.
    let budget = world
        .and_then(|w| galaxy.world(w))
        .map_or(4, |w| w.active_industries.max(1));
    let count = rng.random_range(1..=budget.clamp(1, 12));
    let kind = match rng.random_range(0..32u32) {
        0 => OrderKind::Declare {
            declaration: *pick(rng, &Declaration::ALL)?,
            player: PlayerRef::Number(other),
        },
        1 => OrderKind::Peace { fleet: fleet? },
        2 => OrderKind::War { fleet: fleet? },
        3 => OrderKind::NoAmbush { world },
        4 => {
            let w = galaxy.world(world?)?;
            OrderKind::Probe {
                prober: Prober::Guard(Guard::Vi, w.id),
                target: *pick(rng, &w.connections)?,
            }
        }
        5 => {
            let f = galaxy.fleet(fleet?)?;
            let w = galaxy.world(f.world)?;
            OrderKind::Probe {
                prober: Prober::Fleet(f.id),
                target: *pick(rng, &w.connections)?,
            }
        }
        6 => {
            let w = galaxy.world(world?)?;
            OrderKind::Emigrate {
                world: w.id,
                count,
                people: *pick(rng, &People::ALL)?,
                target: *pick(rng, &w.connections)?,
            }
        }
        7..=10 => {
            let w = world?;
            let construction = match rng.random_range(0..9u32) {
                0 | 1 => Construction::Vc(fleet?),
                2 => Construction::Vt(fleet?),
                3 => Construction::Vi,
                4 => Construction::Vp,
                5 => Construction::Industries,
                6 => Construction::PopLimit,
                7 if class == Class::Robotron => Construction::Robots,
                7 => Construction::Spies(rng.random_range(1..=9)),
                _ => Construction::Research(*pick(rng, &Tech::ALL)?),
            };
            OrderKind::Build {
                world: w,
                count,
                construction,
            }
        }
        11 => OrderKind::ViToIndustries {
            world: world?,
            count: count.min(6),
        },
        12 if class == Class::Robotron => {
            let product = match rng.random_range(0..4u32) {
                0 => RobotProduct::Industries,
                1 => RobotProduct::Vc(fleet?),
                2 => RobotProduct::Vi,
                _ => RobotProduct::Vp,
            };
            OrderKind::TransformRobots {
                world: world?,
                count: count * 2,
                product,
            }
        }
        13 => OrderKind::BuildBomb { fleet: fleet? },
        14 | 15 => {
            let goods = match rng.random_range(0..4u32) {
                0 => UnloadGoods::Mp,
                1 => UnloadGoods::Pc,
                _ => UnloadGoods::People(*pick(rng, &People::ALL)?),
            };
            OrderKind::Unload {
                fleet: fleet?,
                count: rng.random_ratio(1, 2).then_some(count),
                goods,
            }
        }
        16 => {
            let mine: Vec<u32> = galaxy
                .treasures
                .values()
                .filter(|t| match t.location {
                    TreasureLocation::Fleet(f) => fleets.contains(&f),
                    TreasureLocation::World(w) => worlds.contains(&w),
                })
                .map(|t| t.id)
                .collect();
            let treasure = *pick(rng, &mine)?;
            if rng.random_ratio(1, 2) {
                OrderKind::DropTreasure { treasure }
            } else {
                OrderKind::LoadTreasure {
                    treasure,
                    fleet: fleet?,
                }
            }
        }
        17 => {
            let w = world?;
            let to = match rng.random_range(0..3u32) {
                0 => GuardTransfer::OtherGuard,
                1 => GuardTransfer::Fleet(fleet?),
                _ if class == Class::Merchant => GuardTransfer::FleetAsVt(fleet?),
                _ => GuardTransfer::Fleet(fleet?),
            };
            OrderKind::GuardTransfer {
                world: w,
                count,
                from: if rng.random_ratio(1, 2) {
                    Guard::Vi
                } else {
                    Guard::Vp
                },
                to,
            }
        }
        18 => {
            let f = fleet?;
            let g = *pick(rng, fleets)?;
            let transfer = match rng.random_range(0..4u32) {
                0 => FleetTransfer::VcToGuard(Guard::Vp),
                1 => FleetTransfer::VcToFleet(g),
                2 => FleetTransfer::VtToFleet(g),
                _ if class == Class::Merchant => FleetTransfer::VcToVt,
                _ => FleetTransfer::VcToGuard(Guard::Vi),
            };
            OrderKind::FleetTransfer {
                fleet: f,
                count,
                transfer,
            }
        }
        19 | 20 => {
            let goods = if rng.random_ratio(1, 2) {
                LoadGoods::Mp
            } else {
                LoadGoods::People(*pick(rng, &People::ALL)?)
            };
            OrderKind::Load {
                fleet: fleet?,
                count: rng.random_ratio(1, 2).then_some(count * 3),
                goods,
            }
        }
        21 if class == Class::Explorer => OrderKind::Meva {
            fleet: fleet?,
            count: count.min(3),
            target: if rng.random_ratio(1, 2) {
                MevaTarget::Population
            } else {
                MevaTarget::Mining
            },
        },
        22 | 23 => {
            let f = galaxy.fleet(fleet?)?;
            let here: Vec<u32> = galaxy
                .fleets_at(f.world)
                .filter(|g| g.id != f.id)
                .map(|g| g.id)
                .collect();
            let target = match rng.random_range(0..4u32) {
                0 => FleetTarget::Fleet(*pick(rng, &here)?),
                1 => FleetTarget::Protections,
                2 => FleetTarget::Population,
                _ => FleetTarget::Industries,
            };
            OrderKind::Fire {
                conditional: rng.random_ratio(1, 3),
                fire: Fire::Fleet {
                    fleet: f.id,
                    target,
                },
            }
        }
        24 => {
            let w = world?;
            let here: Vec<u32> = galaxy.fleets_at(w).map(|g| g.id).collect();
            let target = *pick(rng, &here)?;
            let fire = if rng.random_ratio(1, 2) {
                Fire::Vi {
                    world: w,
                    fleet: target,
                }
            } else {
                let target = match rng.random_range(0..3u32) {
                    0 => VpTarget::Fleet(target),
                    1 => VpTarget::NonConverts,
                    _ => VpTarget::Converts,
                };
                Fire::Vp { world: w, target }
            };
            OrderKind::Fire {
                conditional: rng.random_ratio(1, 3),
                fire,
            }
        }
        25..=28 => {
            let f = galaxy.fleet(fleet?)?;
            let dep = galaxy
                .player(player)
                .map_or(1, |p| p.tech.level(Tech::Dep))
                .max(1);
            let hops = rng.random_range(1..=dep + 1);
            let mut at = f.world;
            let mut route = Vec::new();
            for _ in 0..hops {
                let w = galaxy.world(at)?;
                at = *pick(rng, &w.connections)?;
                route.push(at);
            }
            OrderKind::Move { fleet: f.id, route }
        }
        29 => OrderKind::DropBomb { fleet: fleet? },
        30 if class == Class::Robotron => OrderKind::RobotAttack {
            fleet: fleet?,
            count,
        },
        30 => OrderKind::Pillage { world: world? },
        _ => match rng.random_range(0..20u32) {
            0 => OrderKind::GiveFleet {
                fleet: fleet?,
                player: PlayerRef::Number(other),
            },
            1 if rng.random_ratio(1, 4) => OrderKind::GiveWorld {
                world: world?,
                player: PlayerRef::Number(other),
            },
            _ => OrderKind::Name {
                world: world?,
                name: format!("Monde {}", rng.random_range(1..1000u32)),
            },
        },
    };
    Some(kind)
}
