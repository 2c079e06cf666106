//! "What it takes": the smallest attacking force that empties the target of its fire
//! order within `k` rounds, and the largest loss that target takes while still
//! holding. Every candidate is played with [`simulate_rounds`], the exact formulas.
//!
//! The VC count is found by an exponential then a binary search: the losses a shot
//! causes grow with the shooter's VC (the combat tests' monotonicity property), so
//! the first count that empties the target is the smallest. The ATT level is
//! searched level by level. `tests/core/combat_sim.rs` compares both with brute force.

use serde::Serialize;

use crate::rules::Ruleset;

use super::run::{SimResult, simulate_rounds};
use super::setup::{Setup, Target};

/// The answer of a search.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Found {
    /// The VC count, or the ATT level.
    pub value: u32,
    /// The simulation at that value.
    #[serde(skip)]
    pub result: SimResult,
}

/// What the target of a fleet's fire order can take.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Withstand {
    /// The largest VC count of the attacking fleet the target survives for `k` rounds.
    pub vc: u32,
    /// What the target loses then: ships for a fleet, layers (VI, VP, populations,
    /// industries) for the world.
    pub loss: u64,
}

fn target_of(setup: &Setup, attacker: u32) -> Option<Target> {
    let (s, f) = setup.fleet_position(attacker)?;
    setup.sides.get(s)?.fleets.get(f)?.fire
}

/// What remains of `target` after `result`, and what it lost.
fn remaining_and_lost(setup: &Setup, result: &SimResult, target: Target) -> (u64, u64) {
    match target {
        Target::Fleet(id) => {
            let start = setup
                .fleet_position(id)
                .and_then(|(s, f)| setup.sides.get(s)?.fleets.get(f))
                .map_or(0, |f| u64::from(f.vc) + u64::from(f.vt));
            let left = result.rounds.iter().rev().find_map(|r| {
                r.fleets
                    .iter()
                    .find(|f| f.id == id)
                    .map(|f| u64::from(f.vc_after) + u64::from(f.vt_after))
            });
            let left = left.unwrap_or(start);
            (left, start.saturating_sub(left))
        }
        other => {
            let first = result.rounds.first().map(|r| &r.world.before);
            let last = result.rounds.last().map(|r| &r.world.after);
            let (Some(first), Some(last)) = (first, last) else {
                return (0, 0);
            };
            let count = |w: &super::run::WorldCounts| -> u64 {
                let population = w
                    .converts
                    .iter()
                    .fold(w.n.saturating_add(w.robots), |s, &c| s.saturating_add(c));
                match other {
                    Target::M => w.vi + w.vp,
                    Target::P => w.vp.saturating_add(population),
                    Target::I => w.vi.saturating_add(w.industries),
                    Target::N => w.n,
                    Target::C => w.converts.iter().fold(0u64, |s, &c| s.saturating_add(c)),
                    Target::Fleet(_) => 0,
                }
            };
            let left = count(last);
            (left, count(first).saturating_sub(left))
        }
    }
}

/// True when the fire order of fleet `attacker` empties its target within `rounds`.
pub fn destroys(setup: &Setup, rules: &Ruleset, attacker: u32, rounds: u32) -> Option<bool> {
    let target = target_of(setup, attacker)?;
    let result = simulate_rounds(setup, rules, rounds);
    Some(remaining_and_lost(setup, &result, target).0 == 0)
}

fn with_vc(setup: &Setup, attacker: u32, vc: u32) -> Setup {
    let mut copy = setup.clone();
    if let Some((s, f)) = copy.fleet_position(attacker)
        && let Some(fleet) = copy
            .sides
            .get_mut(s)
            .and_then(|side| side.fleets.get_mut(f))
    {
        fleet.vc = vc;
    }
    copy
}

fn with_att(setup: &Setup, attacker: u32, att: u32) -> Setup {
    let mut copy = setup.clone();
    if let Some((s, _)) = copy.fleet_position(attacker)
        && let Some(side) = copy.sides.get_mut(s)
    {
        side.att = att;
    }
    copy
}

/// The smallest VC count of fleet `attacker` (its VT and everything else as set up)
/// that empties the target of its fire order within `rounds`, searched up to `max_vc`.
/// `None` when the fleet has no fire order or even `max_vc` VC do not suffice.
pub fn min_vc(
    setup: &Setup,
    rules: &Ruleset,
    attacker: u32,
    rounds: u32,
    max_vc: u32,
) -> Option<Found> {
    let target = target_of(setup, attacker)?;
    let play = |vc: u32| {
        let candidate = with_vc(setup, attacker, vc);
        let result = simulate_rounds(&candidate, rules, rounds);
        let done = remaining_and_lost(&candidate, &result, target).0 == 0;
        (done, result)
    };
    // Exponential search for a count that suffices, then binary search below it.
    let mut high = 1u32.min(max_vc);
    let mut low = 0u32;
    let mut found = loop {
        let (done, result) = play(high);
        if done {
            break (high, result);
        }
        if high >= max_vc {
            return None;
        }
        low = high + 1;
        high = high.saturating_mul(2).min(max_vc);
    };
    if low == 0 {
        let (done, result) = play(0);
        if done {
            return Some(Found { value: 0, result });
        }
        low = 1;
    }
    // Invariant: `found.0` suffices, every count below `low` does not.
    while low < found.0 {
        let mid = low + (found.0 - low) / 2;
        let (done, result) = play(mid);
        if done {
            found = (mid, result);
        } else {
            low = mid + 1;
        }
    }
    Some(Found {
        value: found.0,
        result: found.1,
    })
}

/// The smallest ATT level of the attacker's side (everything else as set up) that
/// empties the target of fleet `attacker`'s fire order within `rounds`: every level
/// of the ruleset's CAtt table is tried.
pub fn min_att(setup: &Setup, rules: &Ruleset, attacker: u32, rounds: u32) -> Option<Found> {
    let target = target_of(setup, attacker)?;
    let levels = u32::try_from(rules.combat.catt.len()).unwrap_or(u32::MAX);
    (1..=levels).find_map(|att| {
        let candidate = with_att(setup, attacker, att);
        let result = simulate_rounds(&candidate, rules, rounds);
        (remaining_and_lost(&candidate, &result, target).0 == 0)
            .then_some(Found { value: att, result })
    })
}

/// The largest VC count of fleet `attacker` its target survives for `rounds`, and the
/// loss the target takes then — the largest loss it can take and still hold (losses
/// grow with the attacker's VC). `None` when the target falls even to 0 VC, or
/// holds against `max_vc` (then the answer is past the search).
pub fn max_withstood(
    setup: &Setup,
    rules: &Ruleset,
    attacker: u32,
    rounds: u32,
    max_vc: u32,
) -> Option<Withstand> {
    let target = target_of(setup, attacker)?;
    let smallest = min_vc(setup, rules, attacker, rounds, max_vc)?;
    let vc = smallest.value.checked_sub(1)?;
    let candidate = with_vc(setup, attacker, vc);
    let result = simulate_rounds(&candidate, rules, rounds);
    let (_, loss) = remaining_and_lost(&candidate, &result, target);
    Some(Withstand { vc, loss })
}

/// What the target of fleet `attacker` loses with `vc` VC firing, over `rounds`, and
/// whether it is emptied (for brute-force checks and the app's table).
pub fn loss_with_vc(
    setup: &Setup,
    rules: &Ruleset,
    attacker: u32,
    rounds: u32,
    vc: u32,
) -> Option<(u64, bool)> {
    let target = target_of(setup, attacker)?;
    let candidate = with_vc(setup, attacker, vc);
    let result = simulate_rounds(&candidate, rules, rounds);
    let (left, loss) = remaining_and_lost(&candidate, &result, target);
    Some((loss, left == 0))
}
