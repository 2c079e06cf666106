//! Step 15b, "Conversion" (VI.4.2, 2002 rules; VIII step 16): on every world, the
//! converts and the war VC of each missionary convert non-converts; missionaries
//! meeting on one world fight for the faith; an entirely converted world passes to
//! its missionary with its protections.

use std::collections::{BTreeMap, BTreeSet};

use rand::RngExt;

use crate::model::{Class, PlayerId, WorldId};
use crate::rules::policy::MissionaryClamp;

use super::capture::capture_world;
use super::{Cause, PeopleKind, Place, Turn};

/// Converts on every world where a missionary has converts or war ships.
///
/// Ruling G-97 (VI.2.1): a world that only this turn's pillage leaves entirely
/// converted is not taken by the missionary that turn — conversion and its capture
/// run here, before the pillages of step 16 — and the normal conversion capture
/// resumes on the next turn.
pub(super) fn run(turn: &mut Turn<'_>) {
    let missionaries: BTreeSet<PlayerId> = turn
        .galaxy
        .players
        .values()
        .filter(|p| p.class == Some(Class::Missionary))
        .map(|p| p.id)
        .collect();
    if missionaries.is_empty() {
        return;
    }
    let mut war_vc: BTreeMap<WorldId, BTreeMap<PlayerId, u64>> = BTreeMap::new();
    for f in turn.galaxy.fleets.values() {
        if missionaries.contains(&f.owner) && !f.at_peace && f.vc > 0 {
            *war_vc
                .entry(f.world)
                .or_default()
                .entry(f.owner)
                .or_insert(0) += u64::from(f.vc);
        }
    }
    let worlds: Vec<WorldId> = turn
        .galaxy
        .worlds
        .values()
        .filter(|w| {
            !w.population.converts.is_empty()
                || war_vc.contains_key(&w.id)
                || (w.vp > 0 && missionaries.contains(&w.owner))
        })
        .map(|w| w.id)
        .collect();
    let none = BTreeMap::new();
    for world in worlds {
        convert(
            turn,
            world,
            war_vc.get(&world).unwrap_or(&none),
            &missionaries,
        );
    }
}

/// One missionary's potential new converts on a world, drawn: `rate × (C + W)`, the
/// fraction giving the chance of one more.
///
/// Ruling G-84 (VI.4.2): the ships that convert are the VC of the missionary's fleets
/// at war on the world and the VP of a world he owns; VI, VT, fleets at peace and
/// cargo do not.
fn potential(turn: &mut Turn<'_>, converts: u64, ships: u64) -> u64 {
    let (whole, fraction) = turn
        .rules
        .economy
        .conversion
        .split_of(converts.saturating_add(ships));
    let extra = fraction.num > 0
        && fraction.den > 0
        && turn.rng.random_range(0..fraction.den) < fraction.num;
    whole + u64::from(extra)
}

/// Conversion on one world.
///
/// Ruling G-85 (VI.4.2): in a conflict, each missionary's potential converts are his
/// converts already on the world plus his new converts computed as if alone, without
/// the population cap.
///
/// Ruling G-91 (VI.4.2): a world entirely converted passes to the missionary (with
/// its VI and VP) even when he declared its owner ally; only fleets at peace avoid it.
fn convert(
    turn: &mut Turn<'_>,
    world: WorldId,
    ships: &BTreeMap<PlayerId, u64>,
    missionaries: &BTreeSet<PlayerId>,
) {
    let Some(w) = turn.galaxy.world(world) else {
        return;
    };
    let owner = w.owner;
    let vp = u64::from(w.vp);
    let n = u64::from(w.population.non_converts);
    let current: BTreeMap<PlayerId, u64> = w
        .population
        .converts
        .iter()
        .map(|(&m, &c)| (m, u64::from(c)))
        .collect();
    let mut who: BTreeSet<PlayerId> = current.keys().copied().collect();
    who.extend(ships.keys().copied());
    if vp > 0 && missionaries.contains(&owner) {
        who.insert(owner);
    }
    let mut potentials: BTreeMap<PlayerId, u64> = BTreeMap::new();
    for &x in &who {
        let c = current.get(&x).copied().unwrap_or(0);
        let mut s = ships.get(&x).copied().unwrap_or(0);
        if x == owner {
            s += vp;
        }
        let new = potential(turn, c, s);
        potentials.insert(x, c + new);
    }
    potentials.retain(|_, c| *c > 0);
    let humans = n + current.values().sum::<u64>();
    if humans == 0 || potentials.is_empty() {
        return;
    }
    // The final converts of each missionary.
    let mut after: BTreeMap<PlayerId, u64> = BTreeMap::new();
    if potentials.len() == 1 {
        let Some((&x, &c)) = potentials.iter().next() else {
            return;
        };
        let had = current.get(&x).copied().unwrap_or(0);
        after.insert(x, had + (c - had).min(n));
    } else {
        let Some(winner) = conflict_winner(turn, &potentials) else {
            return;
        };
        let kept = potentials.get(&winner).copied().unwrap_or(0).min(humans);
        after.insert(winner, kept);
    }
    let place = Place::World(world);
    let mut n_delta: i64 = 0;
    for (&m, &had) in &current {
        let now = after.get(&m).copied().unwrap_or(0);
        let delta = i64::try_from(now).unwrap_or(i64::MAX) - i64::try_from(had).unwrap_or(i64::MAX);
        n_delta -= delta;
        if delta < 0 {
            turn.change_people(place, PeopleKind::C(m), delta, Cause::Conversion);
        }
    }
    for (&m, &now) in &after {
        if current.contains_key(&m) {
            continue;
        }
        n_delta -= i64::try_from(now).unwrap_or(i64::MAX);
    }
    // Non-converts first lose (or gain) what the converts gain (or lose).
    turn.change_people(place, PeopleKind::N, n_delta, Cause::Conversion);
    for (&m, &now) in &after {
        let had = current.get(&m).copied().unwrap_or(0);
        if now > had {
            let gain = i64::try_from(now - had).unwrap_or(i64::MAX);
            turn.change_people(place, PeopleKind::C(m), gain, Cause::Conversion);
        }
    }
    let Some(w) = turn.galaxy.world(world) else {
        return;
    };
    let p = &w.population;
    if p.non_converts == 0
        && p.robots == 0
        && p.converts.len() == 1
        && let Some((&m, _)) = p.converts.iter().next()
        && m != owner
    {
        capture_world(turn, world, m);
    }
}

/// The chance of each of `n` missionaries with `potentials` converts to keep them,
/// `P_X = ((c_X − m)·2 + m) / S` with `m = S / n`, as exact fractions over one
/// denominator: `((2n·c_X − S), n·S)` (numerators may be negative or exceed it).
fn keep_chances(potentials: &[u64]) -> (Vec<i128>, i128) {
    let n = potentials.len() as i128;
    let s: i128 = potentials.iter().map(|&c| i128::from(c)).sum();
    let nums = potentials
        .iter()
        .map(|&c| 2 * n * i128::from(c) - s)
        .collect();
    (nums, n * s)
}

/// The missionary who keeps his converts ([`keep_chances`]), clamped and drawn
/// (policy G-86).
fn conflict_winner(turn: &mut Turn<'_>, potentials: &BTreeMap<PlayerId, u64>) -> Option<PlayerId> {
    let counts: Vec<u64> = potentials.values().copied().collect();
    let (chances, den) = keep_chances(&counts);
    let nums: Vec<(PlayerId, i128)> = potentials.keys().copied().zip(chances).collect();
    if turn.rules.policies.missionary_clamp == MissionaryClamp::ClampRenormalise {
        let best = nums.iter().map(|(_, v)| *v).max().unwrap_or(0);
        if best >= den {
            return nums.iter().find(|(_, v)| *v == best).map(|(x, _)| *x);
        }
    }
    let weights: Vec<(PlayerId, u128)> = nums
        .iter()
        .map(|&(x, v)| (x, u128::try_from(v.max(0)).unwrap_or(0)))
        .collect();
    let total: u128 = weights.iter().map(|(_, w)| w).sum();
    if total == 0 {
        return None;
    }
    let mut draw = turn.rng.random_range(0..total);
    for (x, w) in weights {
        if draw < w {
            return Some(x);
        }
        draw -= w;
    }
    None
}

#[cfg(test)]
mod tests {
    use super::keep_chances;

    #[test]
    fn keep_chances_of_the_book_examples() {
        // Example 1: Gehowa 60, Jason 40 → 70 % and 30 %.
        let (nums, den) = keep_chances(&[60, 40]);
        assert_eq!(den, 200);
        assert_eq!(nums, vec![140, 60]);
        // Example 2: 10, 5, 3 → 78 %, 22 %, 0 %.
        let (nums, den) = keep_chances(&[10, 5, 3]);
        assert_eq!((nums.clone(), den), (vec![42, 12, 0], 54));
        assert_eq!(nums[0] * 100 / den, 77);
        assert_eq!((nums[1] * 100 + den / 2) / den, 22);
        // Three times more potential converts: certain.
        let (nums, den) = keep_chances(&[30, 10]);
        assert_eq!(nums[0], den);
    }
}
