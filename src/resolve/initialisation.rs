//! Step 0, "Initialisation" (VIII.1): "Chaque population au-delà de la limite de
//! population a une chance sur deux de mourir" (IV.6, catalog §4.11). Robots never
//! die of overpopulation. Also clears last turn's spy purchases (bought again at
//! step 3).

use crate::model::view::PopKind;

use super::kills::add_deaths;
use super::{Cause, PeopleKind, Place, Turn};
use crate::rules::draw;

pub(super) fn run(turn: &mut Turn<'_>) {
    for player in turn.galaxy.players.values_mut() {
        player.spies.clear();
    }
    overpopulation(turn);
}

/// Kills overpopulation on every world whose humans exceed the limit.
///
/// Ruling G-45 (IV.6): the book's "P−p" is read p − P: p − P excess populations are
/// drawn at random among the humans (so pro rata of N and of each missionary's C),
/// and each one dies with the ruleset's chance (1/2); robots are exempt and not
/// counted in p. Drawn as counts (ruling G-146): the dead are binomial(p − P, 1/2)
/// and, being a uniform random set of the humans, split between N and each
/// missionary's C (in that order) by hypergeometric draws.
fn overpopulation(turn: &mut Turn<'_>) {
    let crowded: Vec<_> = turn
        .galaxy
        .worlds
        .values()
        .filter(|w| w.population.humans() > u64::from(w.pop_limit))
        .map(|w| w.id)
        .collect();
    let chance = turn.rules.economy.overpopulation_death;
    for world_id in crowded {
        let Some(world) = turn.galaxy.world(world_id) else {
            continue;
        };
        let pop = &world.population;
        let excess = pop.humans().saturating_sub(u64::from(world.pop_limit));
        // Humans by kind: N first, then each missionary's converts.
        let mut kinds: Vec<(PeopleKind, u64)> = vec![(PeopleKind::N, u64::from(pop.non_converts))];
        kinds.extend(
            pop.converts
                .iter()
                .map(|(m, n)| (PeopleKind::C(*m), u64::from(*n))),
        );
        let deaths = draw::binomial(turn.rng, excess, chance);
        let counts: Vec<u64> = kinds.iter().map(|(_, n)| *n).collect();
        let dead = draw::multivariate_hypergeometric(turn.rng, &counts, deaths);
        let mut dead_n = 0u64;
        let mut dead_c = 0u64;
        for ((kind, _), count) in kinds.iter().zip(&dead) {
            if *count == 0 {
                continue;
            }
            let delta = -i64::try_from(*count).unwrap_or(i64::MAX);
            let applied =
                turn.change_people(Place::World(world_id), *kind, delta, Cause::Overpopulation);
            let applied = applied.unsigned_abs();
            match kind {
                PeopleKind::N => dead_n += applied,
                _ => dead_c += applied,
            }
        }
        add_deaths(turn, world_id, PopKind::NonConverts, dead_n);
        add_deaths(turn, world_id, PopKind::Converts, dead_c);
    }
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
        let dead_n = 1000 - u64::from(pop.non_converts);
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
        assert_eq!(marks.iter().map(|d| u64::from(d.count)).sum::<u64>(), dead);
    }
}
