//! Several shots in one step (VII.1.2: "tous les tirs sont simultanés"), and the
//! ambush shots along a moving fleet's route (VII.1.5).

use super::{
    DefenceComputation, DestroyComputation, FleetLosses, FleetTarget, HitsComputation, Shooter,
    WorldAim, WorldLosses, WorldShot, WorldTarget, apply_fleet_losses, destroyed, fire_on_world,
    fleet_cd, hits, largest_remainder,
};

/// What a shot aims at: an index into the volley's fleets or worlds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Aim {
    Fleet(usize),
    World(usize, WorldAim),
}

/// One firing group and its target.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shot {
    pub shooter: Shooter,
    pub aim: Aim,
}

/// What one shot did, with every number of the formulas.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ShotEffect {
    Fleet {
        defence: DefenceComputation,
        destroy: DestroyComputation,
    },
    World(WorldShot),
    /// The aim names no fleet or world of the volley: the shot does nothing.
    NoTarget,
}

/// One shot of a volley.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ShotDetail {
    pub hits: HitsComputation,
    pub effect: ShotEffect,
}

/// A whole volley: every shot's own computation, then each target's summed losses.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VolleyResult {
    pub shots: Vec<ShotDetail>,
    /// Losses of each fleet, in the order of the volley's fleets.
    pub fleets: Vec<FleetLosses>,
    /// Losses of each world, in the order of the volley's worlds.
    pub worlds: Vec<WorldLosses>,
}

/// The defence of `target` against `shooter`.
///
/// Ruling G-72 (VII.1.6): a fleet leaving its world is fleeing for the shots it takes on that world
/// only (CD divided by 2); the ambush shots along its route see its full CD.
fn defence_against(target: &FleetTarget, shooter: &Shooter) -> DefenceComputation {
    fleet_cd(&target.with_fleeing(target.fleeing && !shooter.ambush))
}

/// Resolves `shots` simultaneously on `fleets` and `worlds`, all counted at the start
/// of the step.
///
/// Ruling G-65 (VII.1.2): each firing group (a fleet, the VI of a world, the VP of a world)
/// computes its own `n` and `Nd` from the start-of-step counts; the losses of a target are
/// summed over its shooters and capped at what it holds. The `* P` fire aims at a world's
/// population as a whole: with the other shots it kills `min(population, the other shots'
/// losses + the * P shots' kills)`, what the caps of single groups (N, each missionary's C,
/// R) left unspent going to the groups still alive, pro rata of their survivors.
pub fn resolve_volley(
    fleets: &[FleetTarget],
    worlds: &[WorldTarget],
    shots: &[Shot],
) -> VolleyResult {
    let mut fleet_nd = vec![0u64; fleets.len()];
    let mut world_losses: Vec<WorldLosses> = worlds
        .iter()
        .map(|w| fire_on_world(0, w, WorldAim::Protection).losses)
        .collect();
    // Per world: the populations the `* P` shots kill (whole, before the split
    // among N, C and R), and the losses of the other shots.
    let mut population_fire = vec![0u64; worlds.len()];
    let mut other_fire: Vec<WorldLosses> = world_losses.clone();
    let mut details = Vec::with_capacity(shots.len());
    for shot in shots {
        let computed = hits(&shot.shooter);
        let effect = match shot.aim {
            Aim::Fleet(index) => match (fleets.get(index), fleet_nd.get_mut(index)) {
                (Some(target), Some(total)) => {
                    let defence = defence_against(target, &shot.shooter);
                    let destroy =
                        destroyed(computed.n, defence.cd_num, defence.cd_den, target.ships());
                    *total = total.saturating_add(destroy.nd);
                    ShotEffect::Fleet { defence, destroy }
                }
                _ => ShotEffect::NoTarget,
            },
            Aim::World(index, aim) => match (worlds.get(index), world_losses.get_mut(index)) {
                (Some(target), Some(total)) => {
                    let world_shot = fire_on_world(computed.n, target, aim);
                    total.add(&world_shot.losses);
                    if aim == WorldAim::Population {
                        if let Some(p) = population_fire.get_mut(index) {
                            *p = p.saturating_add(world_shot.losses.population());
                        }
                    } else if let Some(other) = other_fire.get_mut(index) {
                        other.add(&world_shot.losses);
                    }
                    ShotEffect::World(world_shot)
                }
                _ => ShotEffect::NoTarget,
            },
        };
        details.push(ShotDetail {
            hits: computed,
            effect,
        });
    }
    for (((losses, target), &fire), other) in world_losses
        .iter_mut()
        .zip(worlds)
        .zip(&population_fire)
        .zip(&mut other_fire)
    {
        losses.cap(target);
        other.cap(target);
        spill_population_fire(losses, target, fire, other.population());
    }
    VolleyResult {
        shots: details,
        fleets: fleets
            .iter()
            .zip(&fleet_nd)
            .map(|(target, &nd)| apply_fleet_losses(target, nd))
            .collect(),
        worlds: world_losses,
    }
}

/// The populations under several shots: each `* P` shot splits what it kills
/// among N, each missionary's C and R pro rata, and the sums are capped group by
/// group — so a group killed whole could leave part of the fire unspent while
/// other groups live (more ships killing fewer people). What the caps left
/// unspent of `min(population, other_losses + population_fire)` goes to the
/// groups still alive, pro rata of their survivors (largest remainder); nothing
/// changes when no cap bites.
///
/// Applies ruling G-65 (see the ruling list).
fn spill_population_fire(
    losses: &mut WorldLosses,
    target: &WorldTarget,
    population_fire: u64,
    other_losses: u64,
) {
    let wanted = target
        .population()
        .min(other_losses.saturating_add(population_fire));
    let unspent = wanted.saturating_sub(losses.population());
    if unspent == 0 {
        return;
    }
    let mut survivors = vec![
        target.non_converts.saturating_sub(losses.non_converts),
        target.robots.saturating_sub(losses.robots),
    ];
    survivors.extend(
        target
            .converts
            .iter()
            .zip(&losses.converts)
            .map(|(there, lost)| there.saturating_sub(*lost)),
    );
    let shares = largest_remainder(unspent, &survivors);
    let mut shares = shares.into_iter();
    losses.non_converts = losses
        .non_converts
        .saturating_add(shares.next().unwrap_or(0));
    losses.robots = losses.robots.saturating_add(shares.next().unwrap_or(0));
    for (lost, share) in losses.converts.iter_mut().zip(shares) {
        *lost = lost.saturating_add(share);
    }
}

/// The ambush shots at one world crossed by the moving fleet.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AmbushHop {
    /// Each ambushing group's shot (its shooter already in ambush: CAtt × 2).
    pub shots: Vec<ShotDetail>,
    /// What the moving fleet lost on this world.
    pub losses: FleetLosses,
}

/// The ambushes along a route.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AmbushOutcome {
    /// One entry per crossed world processed (up to the one where the fleet died).
    pub hops: Vec<AmbushHop>,
    /// The moving fleet after the last processed world.
    pub fleet_after: FleetTarget,
    /// The index of the crossed world where the fleet lost its last ship and stops.
    pub stopped_at: Option<usize>,
}

/// Resolves the ambushes on a moving fleet: `hops[i]` are the groups able to ambush it on
/// the `i`-th world strictly inside its route, with their ship counts after the step's
/// combat; each fires once from ambush (CAtt × the ruleset's ambush multiplier: pass
/// shooters made with [`Shooter::ambush`]).
///
/// Ruling G-74 (VII.1.5): ambushes are processed world by world along the route; on each
/// crossed world every eligible group fires once at the fleet as it is when it arrives
/// there (simultaneously, losses summed as in G-65), and the fleet stops on the first world
/// where it has no ship left.
pub fn resolve_ambush_route(fleet: &FleetTarget, hops: &[Vec<Shooter>]) -> AmbushOutcome {
    let mut current = fleet.with_fleeing(false);
    let mut processed = Vec::with_capacity(hops.len());
    let mut stopped_at = None;
    for (index, shooters) in hops.iter().enumerate() {
        let shots: Vec<Shot> = shooters
            .iter()
            .map(|&shooter| Shot {
                shooter,
                aim: Aim::Fleet(0),
            })
            .collect();
        let volley = resolve_volley(std::slice::from_ref(&current), &[], &shots);
        let Some(losses) = volley.fleets.first().copied() else {
            break;
        };
        current = FleetTarget {
            vc: losses.vc_left,
            vt: losses.vt_left,
            cargo: losses.cargo_left,
            ..current
        };
        processed.push(AmbushHop {
            shots: volley.shots,
            losses,
        });
        if current.ships() == 0 {
            stopped_at = Some(index);
            break;
        }
    }
    AmbushOutcome {
        hops: processed,
        fleet_after: current,
        stopped_at,
    }
}
