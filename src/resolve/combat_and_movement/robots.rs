//! 14c, "Résolution des conflits issus des attaques de robots" (VI.5.1): the robots
//! dropped by `F_f T x R` fight the world's populations and the robots of other
//! players; robots left alone on the world capture it.

use std::collections::BTreeMap;

use rand::RngExt;

use crate::combat::apply_fleet_losses as losses_of;
use crate::model::record::Shooter;
use crate::model::view::{FireMark, PopKind};
use crate::model::{FleetId, PlayerId, WorldId};
use crate::resolve::{Cause, PeopleKind, Place, Turn};
use crate::rules::RobotConflict;
use crate::rules::policy::RobotTie;

use super::Plan;
use super::fire::{apply_fleet_losses, fleet_target};
use super::kills::{Kill, add_deaths, credit, split};

/// Turns the designated VC into robots and resolves each world attacked.
///
/// Ruling G-79 (VI.5.1): a robot attack drops 2 × max(0, x/2 − VC of the fleet
/// destroyed this step) robots (the VC meant to become robots die first), resolved
/// after the fire and the moves; a successful attack transfers the world at once,
/// before conversion and captures.
///
/// Ruling G-87 (VI.5.1): converts are ordinary populations in a fight against robots
/// (1 robot for 4 populations); the converts killed are martyrs for their missionary.
pub(super) fn resolve(turn: &mut Turn<'_>, plan: &Plan, vc_destroyed: &BTreeMap<FleetId, u64>) {
    let per_vc = u64::from(turn.rules.production.robots.per_vc_attack.max(1));
    let mut drops: BTreeMap<WorldId, BTreeMap<PlayerId, u64>> = BTreeMap::new();
    for act in &plan.robot_attacks {
        turn.record
            .fire
            .insert(Shooter::Fleet(act.fleet), FireMark::RobotAttack);
        let destroyed = vc_destroyed.get(&act.fleet).copied().unwrap_or(0);
        let Some(target) = fleet_target(turn, act.fleet, false) else {
            continue;
        };
        let units = u64::from(act.vc)
            .saturating_sub(destroyed)
            .min(u64::from(target.vc));
        if units == 0 {
            continue;
        }
        let losses = losses_of(&target, units);
        apply_fleet_losses(turn, act.fleet, &losses, Cause::RobotAttack);
        let robots = units.saturating_mul(per_vc);
        let landed = turn.change_people(
            Place::World(act.world),
            PeopleKind::R,
            i64::try_from(robots).unwrap_or(i64::MAX),
            Cause::RobotAttack,
        );
        *drops
            .entry(act.world)
            .or_default()
            .entry(act.player)
            .or_insert(0) += u64::try_from(landed).unwrap_or(0);
    }
    for (world, dropped) in drops {
        fight(turn, world, &dropped);
    }
}

/// Who keeps robots on a world where several players' robots meet, and how many.
/// `totals` holds each side's robots (the owner: those present plus his own drops).
fn robot_winner(
    conflict: RobotConflict,
    tie: RobotTie,
    rng: &mut dyn rand::Rng,
    owner: PlayerId,
    totals: &BTreeMap<PlayerId, u64>,
) -> Option<(PlayerId, u64)> {
    let sum: u64 = totals.values().sum();
    if totals.len() == 1 {
        return totals.iter().next().map(|(&p, &n)| (p, n));
    }
    let winner = match conflict {
        RobotConflict::Strongest => {
            let max = totals.values().copied().max().unwrap_or(0);
            let leaders: Vec<PlayerId> = totals
                .iter()
                .filter(|(_, n)| **n == max)
                .map(|(p, _)| *p)
                .collect();
            if leaders.len() > 1 {
                return match tie {
                    RobotTie::AllDestroyed => None,
                    RobotTie::DefenderKeeps => leaders.contains(&owner).then_some((owner, 1)),
                };
            }
            leaders.first().copied()?
        }
        RobotConflict::Proportional => {
            if sum == 0 {
                return None;
            }
            let mut draw = rng.random_range(0..sum);
            let mut chosen = None;
            for (&p, &n) in totals {
                if draw < n {
                    chosen = Some(p);
                    break;
                }
                draw -= n;
            }
            chosen?
        }
    };
    let own = totals.get(&winner).copied().unwrap_or(0);
    let others = sum - own;
    Some((winner, own.saturating_sub(others).max(1)))
}

/// The robots on one world after the drops: robots against robots, then the
/// survivors against the populations.
///
/// Ruling G-82 (VII.4): robots that wipe out the population and survive capture the
/// world with its protections, whoever owned it and even with other players' war
/// fleets present.
fn fight(turn: &mut Turn<'_>, world: WorldId, dropped: &BTreeMap<PlayerId, u64>) {
    let Some(w) = turn.galaxy.world(world) else {
        return;
    };
    let owner = w.owner;
    let robots_now = u64::from(w.population.robots);
    let dropped_total: u64 = dropped.values().sum();
    let present = robots_now.saturating_sub(dropped_total);
    let n = u64::from(w.population.non_converts);
    let converts: Vec<(PlayerId, u64)> = w
        .population
        .converts
        .iter()
        .map(|(&m, &c)| (m, u64::from(c)))
        .collect();
    let mut totals: BTreeMap<PlayerId, u64> = dropped.clone();
    if present > 0 {
        *totals.entry(owner).or_insert(0) += present;
    }
    totals.retain(|_, n| *n > 0);
    if totals.is_empty() {
        return;
    }
    let winner = robot_winner(
        turn.rules.production.robots.conflict,
        turn.rules.policies.robot_tie,
        turn.rng,
        owner,
        &totals,
    );
    let humans = n + converts.iter().map(|(_, c)| c).sum::<u64>();
    let (robots_left, humans_left) = match winner {
        Some((_, kept)) => turn.rules.robots_vs_population(kept, humans),
        None => (0, humans),
    };
    let killed = humans - humans_left;
    let mut weights = vec![n];
    weights.extend(converts.iter().map(|(_, c)| *c));
    let shares = split(killed, &weights);
    let place = Place::World(world);
    let neg = |x: u64| -i64::try_from(x).unwrap_or(i64::MAX);
    let robots_lost = robots_now.saturating_sub(robots_left);
    turn.change_people(place, PeopleKind::R, neg(robots_lost), Cause::RobotConflict);
    let n_killed = shares.first().copied().unwrap_or(0);
    turn.change_people(place, PeopleKind::N, neg(n_killed), Cause::RobotConflict);
    let mut converts_killed = Vec::new();
    for (i, &(m, _)) in converts.iter().enumerate() {
        let lost = shares.get(i + 1).copied().unwrap_or(0);
        turn.change_people(place, PeopleKind::C(m), neg(lost), Cause::RobotConflict);
        if lost > 0 {
            converts_killed.push((m, lost));
        }
    }
    add_deaths(turn, world, PopKind::NonConverts, n_killed);
    add_deaths(
        turn,
        world,
        PopKind::Converts,
        converts_killed.iter().map(|(_, c)| c).sum(),
    );
    add_deaths(turn, world, PopKind::Robots, robots_lost);
    let Some((winner, _)) = winner else {
        return;
    };
    let others_robots: u64 = totals
        .iter()
        .filter(|(p, _)| **p != winner)
        .map(|(_, n)| n)
        .sum();
    let kill = Kill {
        ships: 0,
        populations: killed + others_robots,
        industries: 0,
        converts: converts_killed,
    };
    credit(turn, winner, owner, Some(world), &kill);
    if robots_left > 0 && humans_left == 0 && winner != owner {
        crate::resolve::capture::capture_world(turn, world, winner);
    }
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeMap;

    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    use super::robot_winner;
    use crate::model::PlayerId;
    use crate::rules::RobotConflict;
    use crate::rules::policy::RobotTie;

    #[test]
    fn the_strongest_keeps_the_difference_2002() {
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        let totals = BTreeMap::from([(PlayerId(1), 60), (PlayerId(2), 40)]);
        let got = robot_winner(
            RobotConflict::Strongest,
            RobotTie::AllDestroyed,
            &mut rng,
            PlayerId(2),
            &totals,
        );
        assert_eq!(got, Some((PlayerId(1), 20)));
        let tied = BTreeMap::from([(PlayerId(1), 40), (PlayerId(2), 40)]);
        let both = [RobotTie::AllDestroyed, RobotTie::DefenderKeeps]
            .map(|tie| robot_winner(RobotConflict::Strongest, tie, &mut rng, PlayerId(2), &tied));
        assert_eq!(both, [None, Some((PlayerId(2), 1))]);
    }

    /// 1999 (catalog D-7): 10 robots present, 20 dropped: the attacker wins 2 times in
    /// 3 and keeps 20 − 10 = 10; the defender keeps max(1, 10 − 20) = 1.
    #[test]
    fn proportional_odds_and_survivors_1999() {
        let mut rng = ChaCha8Rng::seed_from_u64(7);
        let totals = BTreeMap::from([(PlayerId(1), 20), (PlayerId(2), 10)]);
        let mut attacker_wins = 0;
        for _ in 0..3000 {
            match robot_winner(
                RobotConflict::Proportional,
                RobotTie::AllDestroyed,
                &mut rng,
                PlayerId(2),
                &totals,
            ) {
                Some((PlayerId(1), kept)) => {
                    assert_eq!(kept, 10);
                    attacker_wins += 1;
                }
                Some((PlayerId(2), kept)) => assert_eq!(kept, 1),
                other => panic!("unexpected {other:?}"),
            }
        }
        assert!(
            (1900..=2100).contains(&attacker_wins),
            "{attacker_wins} of 3000"
        );
    }
}
