//! Step 9 and 9* (VIII.1 weight 9), "Déchargement des PC" then "Résolution des
//! déchargements de PC": `F_f D (x) PC` (V.3, VI.4.3, catalog §4.13).
//!
//! Step 9 only notes the unloads ("On note juste les déchargements. Rien ne se
//! passe."): the MP leave the fleet and are consumed by the population. At 9* each
//! PC has one chance in two (`economy.deconversion`) to deconvert one convert of
//! the world, and a merchant scores 15 per PC that deconverts, 1 per PC that does
//! not (VI.7).

use std::collections::BTreeMap;

use super::unload_mp::unloadable_mp;
use super::{Cause, PeopleKind, Place, Step, Turn};
use crate::model::view::FleetEvent;
use crate::model::{Class, PlayerId, WorldId};
use crate::orders::OrderKind;
use crate::orders::ast::UnloadGoods;
use crate::rules::draw;

/// PC unloaded on one world by one player (in queue order).
struct PcUnload {
    world: WorldId,
    player: PlayerId,
    pc: u32,
}

/// Ruling G-89 (VI.4.3): the world's `PC=n` counter gains 1 per unloading order
/// (one fleet) that unloads at least one PC.
pub(super) fn run(turn: &mut Turn<'_>) {
    let mut unloads = Vec::new();
    for (index, player, kind) in turn.live_orders(Step::UnloadPc) {
        let OrderKind::Unload {
            fleet,
            count,
            goods: UnloadGoods::Pc,
        } = kind
        else {
            continue;
        };
        let Some(amount) = unloadable_mp(turn, index, player, fleet, count, "PC") else {
            continue;
        };
        let Some(world) = turn.galaxy.fleet(fleet).map(|f| f.world) else {
            continue;
        };
        let consumed =
            -turn.change_mp(Place::Fleet(fleet), -i64::from(amount), Cause::Deconversion);
        let pc = u32::try_from(consumed).unwrap_or(0);
        if pc == 0 {
            continue;
        }
        if let Some(w) = turn.galaxy.worlds.get_mut(&world) {
            w.pc_unloads = w.pc_unloads.saturating_add(1);
        }
        turn.record
            .fleet_events
            .insert(fleet, FleetEvent::UnloadedPc);
        unloads.push(PcUnload { world, player, pc });
    }
    resolve(turn, unloads);
}

/// 9*: which PC deconvert, and the merchants' points.
///
/// Ruling G-88 (VI.4.3): on a world holding converts of several missionaries, each
/// PC that deconverts turns one convert into a non-convert, the missionary drawn pro
/// rata of the converts each holds at that moment; a PC finding no convert left
/// deconverts nothing (and is worth 1 point to a merchant, as one that fails).
fn resolve(turn: &mut Turn<'_>, unloads: Vec<PcUnload>) {
    let chance = turn.rules.economy.deconversion;
    // Per world: the converts left, and what was deconverted per missionary.
    let mut converts: BTreeMap<WorldId, BTreeMap<PlayerId, u64>> = BTreeMap::new();
    let mut deconverted: BTreeMap<WorldId, BTreeMap<PlayerId, u64>> = BTreeMap::new();
    let mut points: BTreeMap<PlayerId, (i64, i64)> = BTreeMap::new();
    for unload in &unloads {
        let left = converts.entry(unload.world).or_insert_with(|| {
            turn.galaxy
                .world(unload.world)
                .map(|w| {
                    w.population
                        .converts
                        .iter()
                        .map(|(p, n)| (*p, u64::from(*n)))
                        .collect()
                })
                .unwrap_or_default()
        });
        // Applies ruling G-146 (see the ruling list): the PC that hit are one
        // binomial count (at most the converts left), the converts they take a
        // uniform random set of them: split per missionary by hypergeometric draws.
        let total: u64 = left.values().sum();
        let hits = if total == 0 {
            0
        } else {
            draw::binomial(turn.rng, u64::from(unload.pc), chance).min(total)
        };
        let missionaries: Vec<PlayerId> = left.keys().copied().collect();
        let counts: Vec<u64> = left.values().copied().collect();
        let taken = draw::multivariate_hypergeometric(turn.rng, &counts, hits);
        for (missionary, n) in missionaries.into_iter().zip(taken) {
            if n == 0 {
                continue;
            }
            if let Some(have) = left.get_mut(&missionary) {
                *have -= n.min(*have);
            }
            *deconverted
                .entry(unload.world)
                .or_default()
                .entry(missionary)
                .or_insert(0) += n;
        }
        let success = i64::try_from(hits).unwrap_or(i64::MAX);
        let merchant =
            turn.galaxy.player(unload.player).and_then(|p| p.class) == Some(Class::Merchant);
        if merchant {
            let failed = i64::from(unload.pc) - success;
            let entry = points.entry(unload.player).or_insert((0, 0));
            entry.0 += success;
            entry.1 += failed;
        }
    }
    for (world, by_missionary) in deconverted {
        for (missionary, n) in by_missionary {
            let n = i64::try_from(n).unwrap_or(0);
            let done = -turn.change_people(
                Place::World(world),
                PeopleKind::C(missionary),
                -n,
                Cause::Deconversion,
            );
            turn.change_people(
                Place::World(world),
                PeopleKind::N,
                done,
                Cause::Deconversion,
            );
        }
    }
    let scoring = &turn.rules.scoring.merchant;
    let (per_success, per_failure) = (scoring.pc_deconverting, scoring.pc_not_deconverting);
    for (player, (success, failed)) in points {
        turn.score(
            player,
            success.saturating_mul(per_success),
            "pc-deconverting",
        );
        turn.score(
            player,
            failed.saturating_mul(per_failure),
            "pc-not-deconverting",
        );
    }
}

#[cfg(test)]
mod tests {
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    use super::*;
    use crate::model::{Galaxy, Player, World};
    use crate::resolve::{Submissions, Turn};
    use crate::rules::{Ratio, Ruleset};

    fn galaxy(converts: &[(u32, u32)]) -> Galaxy {
        let mut galaxy = Galaxy::default();
        galaxy.players.insert(PlayerId::NEUTRAL, Player::neutral());
        galaxy.players.insert(
            PlayerId(1),
            Player::new(PlayerId(1), "Hermes", Some(Class::Merchant)),
        );
        for (p, _) in converts {
            let id = PlayerId(*p);
            galaxy
                .players
                .insert(id, Player::new(id, "M", Some(Class::Missionary)));
        }
        let mut world = World::new(7, vec![], Default::default());
        for (p, n) in converts {
            world.population.converts.insert(PlayerId(*p), *n);
        }
        galaxy.worlds.insert(7, world);
        galaxy
    }

    fn points(turn: &Turn<'_>, reason: &str) -> i64 {
        turn.events
            .iter()
            .filter_map(|e| match &e.kind {
                crate::resolve::EventKind::Points {
                    points, reason: r, ..
                } if r == reason => Some(*points),
                _ => None,
            })
            .sum()
    }

    #[test]
    fn certain_pc_deconvert_every_convert_of_every_missionary_then_fail() {
        // Deconversion made certain: 10 PC on 3 + 4 converts of two missionaries
        // deconvert all 7 (G-88), the 3 others find nobody: 15 × 7 + 3 = 108.
        let start = galaxy(&[(2, 3), (3, 4)]);
        let mut rules = Ruleset::builtin_2002();
        rules.economy.deconversion = Ratio::ONE;
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        let mut turn = Turn::new(&start, &Submissions::new(), &rules, &mut rng);
        let unloads = vec![PcUnload {
            world: 7,
            player: PlayerId(1),
            pc: 10,
        }];
        resolve(&mut turn, unloads);
        let w = &turn.galaxy.worlds[&7];
        assert_eq!(w.population.converts_total(), 0);
        assert_eq!(w.population.non_converts, 7);
        assert_eq!(points(&turn, "pc-deconverting"), 105);
        assert_eq!(points(&turn, "pc-not-deconverting"), 3);
    }

    #[test]
    fn the_missionary_losing_a_convert_is_drawn_pro_rata() {
        // 100 certain PC on 900 + 100 converts: about 10 of the second missionary's.
        let start = galaxy(&[(2, 900), (3, 100)]);
        let mut rules = Ruleset::builtin_2002();
        rules.economy.deconversion = Ratio::ONE;
        let mut rng = ChaCha8Rng::seed_from_u64(7);
        let mut turn = Turn::new(&start, &Submissions::new(), &rules, &mut rng);
        let unloads = vec![PcUnload {
            world: 7,
            player: PlayerId(1),
            pc: 100,
        }];
        resolve(&mut turn, unloads);
        let c = &turn.galaxy.worlds[&7].population.converts;
        let lost_small = 100 - c.get(&PlayerId(3)).copied().unwrap_or(0);
        let lost_large = 900 - c.get(&PlayerId(2)).copied().unwrap_or(0);
        assert_eq!(lost_small + lost_large, 100);
        assert!((2..=25).contains(&lost_small), "lost {lost_small}");
    }

    #[test]
    fn half_of_the_pc_deconvert_on_average() {
        // The book's one chance in two: 400 PC on 1000 converts.
        let start = galaxy(&[(2, 1000)]);
        let rules = Ruleset::builtin_2002();
        let mut rng = ChaCha8Rng::seed_from_u64(3);
        let mut turn = Turn::new(&start, &Submissions::new(), &rules, &mut rng);
        let unloads = vec![PcUnload {
            world: 7,
            player: PlayerId(1),
            pc: 400,
        }];
        resolve(&mut turn, unloads);
        let done = 1000 - turn.galaxy.worlds[&7].population.converts_total();
        assert!((150..=250).contains(&done), "deconverted {done}");
        assert_eq!(
            points(&turn, "pc-deconverting") + points(&turn, "pc-not-deconverting"),
            15 * i64::try_from(done).expect("small") + i64::try_from(400 - done).expect("small")
        );
    }
}
