//! The robot attack (VI.5.1, "La Robotisation et les attaques de robots"): robots
//! that land on a world fight the robots of the other players there, then the
//! survivors fight the populations, "1 robot tue 4 populations et réciproquement 4
//! populations tuent 1 robot".
//!
//! One fight for the two steps where robots land: 5* (robots emigrated, unloaded, or
//! built at step 3: "l'émigration de robots est traitée comme une attaque de robots",
//! IV.2 and VII.4) and 14c (robots dropped by `F_f T x R`). Both steps put the robots
//! on the world, then call [`resolve`] with who brought how many.
//!
//! The two steps differ in one thing only, what becomes of a world the fight leaves
//! without anyone ([`Emptied`]): at 5* the emigration step decides the owner of every
//! world it touched ("L'éventuel nouveau propriétaire du monde est déterminé", VIII)
//! and "Un monde capturé par émigration est immédiatement disponible pour les ordres
//! qui suivent" (IV.2), so the empty world turns neutral at once (G-80); at 14c the
//! robots are one more act of the combat step, whose empty worlds — emptied by fire
//! as well — turn neutral at the capture sub-phase 15c (G-95: "Un monde sans
//! population est toujours neutre", VII.4).

use std::collections::BTreeMap;

use rand::RngExt;

use crate::model::{PlayerId, WorldId};
use crate::rules::RobotConflict;
use crate::rules::policy::RobotTie;

use super::capture::capture_world;
use super::kills::{Kill, converts_by_missionary, credit, kill_people, split};
use super::{Cause, Turn};

/// What becomes of a world the fight leaves with neither robots nor populations.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Emptied {
    /// It turns neutral now (5*, where the owner of the world is decided).
    TurnsNeutral,
    /// It keeps its owner until the capture sub-phase (14c, 15c decides).
    LeftToCapture,
}

/// Resolves the robot attack on `world`, where the robots of `arrived` (by the
/// player they fight for) have already landed; the robots that were there before
/// fight for the world's owner. Nothing happens when the world holds no robot.
///
/// Ruling G-87 (VI.5.1): converts are ordinary populations in a fight against robots
/// (1 robot for 4 populations); the converts killed are martyrs for their missionary.
///
/// Ruling G-82 (VII.4): robots that wipe out the population and survive capture the
/// world with its protections, whoever owned it and even with other players' war
/// fleets present.
pub(super) fn resolve(
    turn: &mut Turn<'_>,
    world: WorldId,
    arrived: &BTreeMap<PlayerId, u64>,
    emptied: Emptied,
) {
    let Some(w) = turn.galaxy.world(world) else {
        return;
    };
    let owner = w.owner;
    let robots_now = u64::from(w.population.robots);
    let present = robots_now.saturating_sub(arrived.values().sum());
    let n = u64::from(w.population.non_converts);
    let converts = converts_by_missionary(&w.population);
    let mut sides = arrived.clone();
    if present > 0 {
        *sides.entry(owner).or_insert(0) += present;
    }
    sides.retain(|_, n| *n > 0);
    if sides.is_empty() {
        return;
    }
    let winner = robot_winner(
        turn.rules.production.robots.conflict,
        turn.rules.policies.robot_tie,
        turn.rng,
        owner,
        &sides,
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
    let robots_lost = robots_now.saturating_sub(robots_left);
    let n_killed = shares.first().copied().unwrap_or(0);
    let converts_killed: Vec<(PlayerId, u64)> = converts
        .iter()
        .zip(shares.iter().skip(1))
        .map(|(&(m, _), &lost)| (m, lost))
        .filter(|&(_, lost)| lost > 0)
        .collect();
    kill_people(
        turn,
        world,
        n_killed,
        &converts_killed,
        robots_lost,
        Cause::RobotConflict,
    );
    if let Some((winner, _)) = winner {
        let others_robots: u64 = sides
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
            capture_world(turn, world, winner);
        }
    }
    // Nobody left (G-80, `robots_vs_population`): an empty world is neutral, at
    // once at 5*, at 15c after 14c (see the module's text).
    if robots_left == 0
        && humans_left == 0
        && !owner.is_neutral()
        && emptied == Emptied::TurnsNeutral
    {
        capture_world(turn, world, PlayerId::NEUTRAL);
    }
}

/// The robot side that keeps the world's robots, with how many it keeps; `sides`
/// holds each side's robots (the owner: those present plus his own arrivals).
///
/// Applies ruling G-81 (see the ruling list): 2002 `Strongest`, 1999
/// `Proportional`, ties by policy `robot_tie`.
fn robot_winner(
    conflict: RobotConflict,
    tie: RobotTie,
    rng: &mut dyn rand::Rng,
    owner: PlayerId,
    sides: &BTreeMap<PlayerId, u64>,
) -> Option<(PlayerId, u64)> {
    let sum: u64 = sides.values().sum();
    if sides.len() == 1 {
        return sides.iter().next().map(|(&p, &n)| (p, n));
    }
    let winner = match conflict {
        RobotConflict::Strongest => {
            let max = sides.values().copied().max().unwrap_or(0);
            let leaders: Vec<PlayerId> = sides
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
            for (&p, &n) in sides {
                if draw < n {
                    chosen = Some(p);
                    break;
                }
                draw -= n;
            }
            chosen?
        }
    };
    let own = sides.get(&winner).copied().unwrap_or(0);
    Some((winner, own.saturating_sub(sum - own).max(1)))
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

    /// VI.5.1 example (2002): Léo drops 60 robots on INBOX's world of 40: the strongest
    /// wins and keeps 60 − 40 = 20; a tie destroys everything or leaves the defender 1.
    #[test]
    fn the_strongest_keeps_the_difference_2002() {
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        let sides = BTreeMap::from([(PlayerId(1), 60), (PlayerId(2), 40)]);
        let got = robot_winner(
            RobotConflict::Strongest,
            RobotTie::AllDestroyed,
            &mut rng,
            PlayerId(2),
            &sides,
        );
        assert_eq!(got, Some((PlayerId(1), 20)));
        let tied = BTreeMap::from([(PlayerId(1), 40), (PlayerId(2), 40)]);
        let both = [RobotTie::AllDestroyed, RobotTie::DefenderKeeps]
            .map(|tie| robot_winner(RobotConflict::Strongest, tie, &mut rng, PlayerId(2), &tied));
        assert_eq!(both, [None, Some((PlayerId(2), 1))]);
    }

    /// 1999 (001 VI.5.1, catalog D-7): 10 robots present, 20 dropped: the attacker wins
    /// 2 times in 3 and keeps 20 − 10 = 10; the defender keeps max(1, 10 − 20) = 1.
    #[test]
    fn proportional_odds_and_survivors_1999() {
        let mut rng = ChaCha8Rng::seed_from_u64(7);
        let sides = BTreeMap::from([(PlayerId(1), 20), (PlayerId(2), 10)]);
        let mut outcomes: BTreeMap<(u32, u64), u32> = BTreeMap::new();
        for _ in 0..3000 {
            let got = robot_winner(
                RobotConflict::Proportional,
                RobotTie::AllDestroyed,
                &mut rng,
                PlayerId(2),
                &sides,
            );
            let (p, kept) = got.unwrap_or((PlayerId(0), 0));
            *outcomes.entry((p.0, kept)).or_insert(0) += 1;
        }
        assert_eq!(
            outcomes.keys().copied().collect::<Vec<_>>(),
            vec![(1, 10), (2, 1)]
        );
        let wins = outcomes[&(1, 10)];
        assert!((1850..2150).contains(&wins), "attacker won {wins} of 3000");
    }

    /// A world whose only robots are the owner's (robots built at 5*, G-83, or human
    /// arrivals on a robotised world) keeps them all, with no draw.
    #[test]
    fn one_side_keeps_its_robots_without_a_draw() {
        let mut rng = ChaCha8Rng::seed_from_u64(3);
        let sides = BTreeMap::from([(PlayerId(2), 7)]);
        for conflict in [RobotConflict::Strongest, RobotConflict::Proportional] {
            let got = robot_winner(
                conflict,
                RobotTie::AllDestroyed,
                &mut rng,
                PlayerId(2),
                &sides,
            );
            assert_eq!(got, Some((PlayerId(2), 7)));
        }
    }
}
