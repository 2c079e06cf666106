//! The robot attack (VI.5.1, "La Robotisation et les attaques de robots"): robots
//! that land on a world fight the robots of the other players there, then the
//! survivors fight the populations, "1 robot tue 4 populations et réciproquement 4
//! populations tuent 1 robot".
//!
//! [`robot_fight`] is the whole arithmetic, values in and a detailed result out (who
//! keeps how many robots, who dies, who ends with the world); the turn resolver
//! applies it to the galaxy (steps 5* and 14c), the simulator to its world.

use std::collections::BTreeMap;

use rand::RngExt;

use super::split;

use crate::model::PlayerId;
use crate::rules::policy::RobotTie;
use crate::rules::{RobotConflict, Ruleset};

/// The robot attack on one world, with every number of the book's formulas.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RobotFight {
    /// The world's owner (the robots that were there fight for him).
    pub owner: PlayerId,
    /// Each side's robots, zero sides left out (the owner: those present plus his
    /// own arrivals).
    pub sides: BTreeMap<PlayerId, u64>,
    /// The robots on the world when the fight starts, arrivals included.
    pub robots_before: u64,
    /// The side that keeps the robots, with how many it keeps after the robot
    /// fight; `None` when a tie destroyed them all (or a draw found nobody).
    pub winner: Option<(PlayerId, u64)>,
    /// Populations per robot (4 in the book).
    pub ratio: u64,
    /// Non-converts before the fight.
    pub n: u64,
    /// Converts before the fight, per missionary.
    pub converts: Vec<(PlayerId, u64)>,
    /// Robots left after the fight against the populations.
    pub robots_left: u64,
    /// Populations (N and C) left.
    pub humans_left: u64,
    /// Non-converts killed.
    pub n_killed: u64,
    /// Converts killed, per missionary (only those who lost some).
    pub converts_killed: Vec<(PlayerId, u64)>,
    /// Robots of the world lost (arrivals included).
    pub robots_lost: u64,
}

impl RobotFight {
    /// Populations (N and C) before the fight.
    pub fn humans(&self) -> u64 {
        self.n + self.converts.iter().map(|(_, c)| c).sum::<u64>()
    }

    /// Populations (N and C) killed by the robots.
    pub fn humans_killed(&self) -> u64 {
        self.humans() - self.humans_left
    }

    /// The robots of the sides that lost the robot fight (destroyed by the winner).
    pub fn others_robots(&self) -> u64 {
        let winner = self.winner.map(|(p, _)| p);
        self.sides
            .iter()
            .filter(|(p, _)| Some(**p) != winner)
            .map(|(_, n)| n)
            .sum()
    }

    /// The robots of the winner when the robot fight starts.
    fn winner_robots(&self) -> u64 {
        self.winner
            .and_then(|(p, _)| self.sides.get(&p).copied())
            .unwrap_or(0)
    }

    /// The player who takes the world from its owner: robots that wipe out the
    /// population and survive.
    ///
    /// Ruling G-82 (VII.4): robots that wipe out the population and survive capture the
    /// world with its protections, whoever owned it and even with other players' war
    /// fleets present.
    pub fn captor(&self) -> Option<PlayerId> {
        let (winner, _) = self.winner?;
        (self.robots_left > 0 && self.humans_left == 0 && winner != self.owner).then_some(winner)
    }

    /// True when the fight leaves the world with neither robots nor populations
    /// (G-80: an empty world is neutral).
    pub fn emptied(&self) -> bool {
        self.robots_left == 0 && self.humans_left == 0
    }

    /// The robot fight with its numbers: `R = 60` (one side), `R = max(1, 60 − 40) =
    /// 20` (the strongest, or the side drawn, keeps the difference), `R = 0` (a tie
    /// that destroys everything). The notation, the same in every language.
    pub fn robots_formula(&self) -> String {
        let Some((_, kept)) = self.winner else {
            return "R = 0".into();
        };
        if self.sides.len() <= 1 {
            return format!("R = {kept}");
        }
        let own = self.winner_robots();
        let others = self.others_robots();
        if own == 0 {
            // The defender kept 1 robot on a tie without robots of his own
            // (cannot happen with robots present): say the result only.
            return format!("R = {kept}");
        }
        format!("R = max(1, {own} − {others}) = {kept}")
    }

    /// The fight against the populations with its numbers, "1 robot tue 4
    /// populations et réciproquement": `P = max(0, 100 − 20×4) = 20` and
    /// `R = max(0, 20 − ⌈100/4⌉) = 0`.
    pub fn population_formulas(&self) -> [String; 2] {
        let kept = self.winner.map_or(0, |(_, k)| k);
        let humans = self.humans();
        let ratio = self.ratio;
        [
            format!(
                "P = max(0, {humans} − {kept}×{ratio}) = {}",
                self.humans_left
            ),
            format!(
                "R = max(0, {kept} − ⌈{humans}/{ratio}⌉) = {}",
                self.robots_left
            ),
        ]
    }
}

/// Resolves the robot attack on a world owned by `owner` holding `robots_on_world`
/// robots once the robots of `arrived` (by the player they fight for) have landed,
/// `n` non-converts and `converts` (per missionary); the robots that were there
/// before fight for the owner. `None` when no side has a robot. `rng` is drawn only
/// by the 1999 proportional conflict between several sides.
///
/// Ruling G-87 (VI.5.1): converts are ordinary populations in a fight against robots
/// (1 robot for 4 populations); the converts killed are martyrs for their missionary.
pub fn robot_fight(
    rules: &Ruleset,
    rng: &mut dyn rand::Rng,
    owner: PlayerId,
    robots_on_world: u64,
    arrived: &BTreeMap<PlayerId, u64>,
    n: u64,
    converts: &[(PlayerId, u64)],
) -> Option<RobotFight> {
    let present = robots_on_world.saturating_sub(arrived.values().sum());
    let mut sides = arrived.clone();
    if present > 0 {
        *sides.entry(owner).or_insert(0) += present;
    }
    sides.retain(|_, n| *n > 0);
    if sides.is_empty() {
        return None;
    }
    let winner = robot_winner(
        rules.production.robots.conflict,
        rules.policies.robot_tie,
        rng,
        owner,
        &sides,
    );
    let humans = n + converts.iter().map(|(_, c)| c).sum::<u64>();
    let (robots_left, humans_left) = match winner {
        Some((_, kept)) => rules.robots_vs_population(kept, humans),
        None => (0, humans),
    };
    let killed = humans - humans_left;
    let mut weights = vec![n];
    weights.extend(converts.iter().map(|(_, c)| *c));
    let shares = split(killed, &weights);
    let robots_lost = robots_on_world.saturating_sub(robots_left);
    let n_killed = shares.first().copied().unwrap_or(0);
    let converts_killed: Vec<(PlayerId, u64)> = converts
        .iter()
        .zip(shares.iter().skip(1))
        .map(|(&(m, _), &lost)| (m, lost))
        .filter(|&(_, lost)| lost > 0)
        .collect();
    Some(RobotFight {
        owner,
        sides,
        robots_before: robots_on_world,
        winner,
        ratio: u64::from(rules.production.robots.populations_per_robot.max(1)),
        n,
        converts: converts.to_vec(),
        robots_left,
        humans_left,
        n_killed,
        converts_killed,
        robots_lost,
    })
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

    use super::{robot_fight, robot_winner};
    use crate::model::PlayerId;
    use crate::rules::policy::RobotTie;
    use crate::rules::{RobotConflict, Ruleset};

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

    /// 60 robots land on a world of 40 robots and 30 populations (2002): 20 survive
    /// the robots, kill 30 populations and lose ⌈30/4⌉ = 8; the world is captured.
    #[test]
    fn the_survivors_fight_the_populations() {
        let rules = Ruleset::builtin("2002").expect("builtin");
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        let arrived = BTreeMap::from([(PlayerId(1), 60)]);
        let fight = robot_fight(
            &rules,
            &mut rng,
            PlayerId(2),
            100,
            &arrived,
            20,
            &[(PlayerId(3), 10)],
        )
        .expect("a fight");
        assert_eq!(fight.winner, Some((PlayerId(1), 20)));
        assert_eq!((fight.robots_left, fight.humans_left), (12, 0));
        assert_eq!(fight.n_killed, 20);
        assert_eq!(fight.converts_killed, vec![(PlayerId(3), 10)]);
        assert_eq!(fight.robots_lost, 88);
        assert_eq!(fight.others_robots(), 40);
        assert_eq!(fight.captor(), Some(PlayerId(1)));
        assert_eq!(fight.robots_formula(), "R = max(1, 60 − 40) = 20");
        assert_eq!(
            fight.population_formulas(),
            [
                "P = max(0, 30 − 20×4) = 0".to_string(),
                "R = max(0, 20 − ⌈30/4⌉) = 12".to_string()
            ]
        );
    }
}
