//! Step 0, "Initialisation" (VIII.1): "Chaque population au-delà de la limite de
//! population a une chance sur deux de mourir" (IV.6, catalog §4.11). Robots never
//! die of overpopulation. Also clears last turn's spy purchases (bought again at
//! step 3).

use rand::RngExt;

use crate::model::view::PopKind;

use super::kills::add_deaths;
use super::{Cause, PeopleKind, Place, Turn};

pub(super) fn run(turn: &mut Turn<'_>) {
    for player in turn.galaxy.players.values_mut() {
        player.spies.clear();
    }
    overpopulation(turn);
}

/// Kills overpopulation on every world whose humans exceed the limit.
///
/// Ruling G-45 (IV.6): the book's "P−p" is read p − P: the p − P excess
/// populations are drawn at random one by one among the humans (so pro rata of N
/// and of each missionary's C), and each one dies with the ruleset's chance (1/2);
/// robots are exempt and not counted in p.
fn overpopulation(turn: &mut Turn<'_>) {
    let crowded: Vec<_> = turn
        .galaxy
        .worlds
        .values()
        .filter(|w| w.population.humans() > w.pop_limit)
        .map(|w| w.id)
        .collect();
    let chance = turn.rules.economy.overpopulation_death;
    for world_id in crowded {
        let Some(world) = turn.galaxy.world(world_id) else {
            continue;
        };
        let pop = &world.population;
        let excess = pop.humans() - world.pop_limit;
        // Remaining humans by kind: N first, then each missionary's converts.
        let mut kinds: Vec<(PeopleKind, u64)> = vec![(PeopleKind::N, u64::from(pop.non_converts))];
        kinds.extend(
            pop.converts
                .iter()
                .map(|(m, n)| (PeopleKind::C(*m), u64::from(*n))),
        );
        let mut dead: Vec<u64> = vec![0; kinds.len()];
        let mut left: u64 = kinds.iter().map(|(_, n)| n).sum();
        for _ in 0..excess {
            if left == 0 {
                break;
            }
            let mut pick = turn.rng.random_range(0..left);
            let mut chosen = 0;
            for (i, (_, n)) in kinds.iter().enumerate() {
                if pick < *n {
                    chosen = i;
                    break;
                }
                pick -= n;
            }
            // The candidate is drawn without replacement, then dies or not.
            kinds[chosen].1 -= 1;
            left -= 1;
            if dies(turn, chance) {
                dead[chosen] += 1;
            }
        }
        let mut dead_n = 0u32;
        let mut dead_c = 0u32;
        for ((kind, _), count) in kinds.iter().zip(&dead) {
            if *count == 0 {
                continue;
            }
            let delta = -i64::try_from(*count).unwrap_or(i64::MAX);
            let applied =
                turn.change_people(Place::World(world_id), *kind, delta, Cause::Overpopulation);
            let applied = u32::try_from(-applied).unwrap_or(0);
            match kind {
                PeopleKind::N => dead_n += applied,
                _ => dead_c += applied,
            }
        }
        add_deaths(turn, world_id, PopKind::NonConverts, u64::from(dead_n));
        add_deaths(turn, world_id, PopKind::Converts, u64::from(dead_c));
    }
}

fn dies(turn: &mut Turn<'_>, chance: crate::rules::Ratio) -> bool {
    if chance.num == 0 || chance.den == 0 {
        return false;
    }
    if chance.num >= chance.den {
        return true;
    }
    turn.rng.random_range(0..chance.den) < chance.num
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{Coords, Galaxy, PlayerId, World};

    #[test]
    fn half_the_excess_dies_on_average_two_converts_for_one_non_convert() {
        use rand::SeedableRng;
        // IV.6: twice as many converts as non-converts ⇒ each victim is a convert
        // with probability 2/3; each of the p − P candidates dies with chance 1/2.
        let mut galaxy = Galaxy::default();
        let mut world = World::new(1, vec![], Coords::default());
        world.population.non_converts = 1000;
        world.population.converts.insert(PlayerId(3), 2000);
        world.pop_limit = 1500;
        galaxy.worlds.insert(1, world);
        let rules = crate::rules::Ruleset::builtin_2002();
        let submissions = super::super::Submissions::new();
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(11);
        let mut turn = Turn::new(&galaxy, &submissions, &rules, &mut rng);
        overpopulation(&mut turn);
        let pop = &turn.galaxy.worlds[&1].population;
        let dead_n = 1000 - pop.non_converts;
        let dead_c = 2000 - pop.converts_total();
        let dead = dead_n + dead_c;
        // Expected 750 deaths (σ ≈ 19), 500 of them converts.
        assert!((680..=820).contains(&dead), "{dead} died");
        assert!(
            (dead_c * 100 / dead).abs_diff(67) <= 5,
            "{dead_c} converts of {dead}"
        );
        assert_eq!(pop.robots, 0);
        let marks = &turn.record.deaths[&1];
        assert_eq!(marks.iter().map(|d| d.count).sum::<u32>(), dead);
    }
}
