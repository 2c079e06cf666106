//! Spy rankings (IV.4): drawn once by the resolver with its random generator,
//! stored in the turn record, printed by the CR writer.

use std::collections::BTreeMap;

use rand::{Rng, RngExt};

use super::project::statistics_table;
use crate::model::view::{SpyEntry, SpyReport, StatKind};
use crate::model::{Galaxy, PlayerId};
use crate::rules::Ruleset;

/// The spy rankings of every player who bought spies this turn (`spies`: per
/// player, per category 1..=9, the number of spies; categories of several worlds
/// already added up, ruling G-122), drawn from the galaxy's end-of-turn state.
/// The resolver stores the result in `TurnRecord::spy_reports`.
pub fn spy_reports<R: Rng + ?Sized>(
    galaxy: &Galaxy,
    spies: &BTreeMap<PlayerId, BTreeMap<u8, u32>>,
    ruleset: &Ruleset,
    rng: &mut R,
) -> BTreeMap<PlayerId, BTreeMap<StatKind, SpyReport>> {
    let mut reports = BTreeMap::new();
    if spies.is_empty() {
        return reports;
    }
    let table = statistics_table(galaxy);
    for (&viewer, categories) in spies {
        let mut mine = BTreeMap::new();
        for (&category, &count) in categories {
            let Some(kind) = StatKind::from_spy_category(category) else {
                continue;
            };
            if count == 0 {
                continue;
            }
            mine.insert(
                kind,
                spy_report_with(&table, galaxy, viewer, kind, count, ruleset, rng),
            );
        }
        if !mine.is_empty() {
            reports.insert(viewer, mine);
        }
    }
    reports
}

/// Ruling G-121 (IV.4): each other player's value is shown perturbed by a uniform
/// integer percentage u ∈ [−e, e] (e = the error for that many spies), rounded
/// half up; the spying player's own value is exact; the ranking uses the shown
/// values.
fn perturbed<R: Rng + ?Sized>(value: u64, error: u32, rng: &mut R) -> u64 {
    if error == 0 {
        return value;
    }
    let error = i64::from(error.min(100));
    let u = rng.random_range(-error..=error);
    let factor = u128::try_from(100 + u).unwrap_or(0);
    let scaled = (u128::from(value) * factor * 2 + 100) / 200;
    u64::try_from(scaled).unwrap_or(u64::MAX)
}

/// One spy ranking: `1:1624 4:"TAPIMOKET":1299 … M : 1051 [Erreur=10%]`.
///
/// Entries: the spying player and every player he knows by name, named; the first
/// and the last of the ranking, unnamed when he does not know them.
pub fn spy_report<R: Rng + ?Sized>(
    galaxy: &Galaxy,
    viewer: PlayerId,
    kind: StatKind,
    spies: u32,
    ruleset: &Ruleset,
    rng: &mut R,
) -> SpyReport {
    let table = statistics_table(galaxy);
    spy_report_with(&table, galaxy, viewer, kind, spies, ruleset, rng)
}

/// [`spy_report`] with every player's statistics already computed.
fn spy_report_with<R: Rng + ?Sized>(
    table: &BTreeMap<PlayerId, BTreeMap<StatKind, u64>>,
    galaxy: &Galaxy,
    viewer: PlayerId,
    kind: StatKind,
    spies: u32,
    ruleset: &Ruleset,
    rng: &mut R,
) -> SpyReport {
    let error = ruleset.spy_error_percent(spies);
    let known = galaxy
        .player(viewer)
        .map(|p| p.known_players.clone())
        .unwrap_or_default();
    let players: Vec<PlayerId> = galaxy
        .players
        .values()
        .filter(|p| !p.is_neutral())
        .map(|p| p.id)
        .collect();

    let mut shown: Vec<(PlayerId, u64)> = players
        .iter()
        .map(|&id| {
            let value = table
                .get(&id)
                .and_then(|row| row.get(&kind))
                .copied()
                .unwrap_or(0);
            let value = if id == viewer {
                value
            } else {
                perturbed(value, error, rng)
            };
            (id, value)
        })
        .collect();
    rank(&mut shown);

    let last = shown.len().saturating_sub(1);
    let entries = shown
        .iter()
        .enumerate()
        .filter_map(|(i, &(id, value))| {
            let named = id == viewer || known.contains(&id);
            if !named && i != 0 && i != last {
                return None;
            }
            Some(SpyEntry {
                rank: i as u32 + 1,
                name: named
                    .then(|| galaxy.player(id).map(|p| p.name.clone()))
                    .flatten(),
                value,
            })
        })
        .collect();

    SpyReport {
        entries,
        mean: mean(table, &players, kind, error, rng),
        error_percent: error,
    }
}

/// Ruling G-142 (IV.4): a spy ranking orders the shown values from the highest;
/// equal shown values rank by ascending player number.
fn rank(shown: &mut [(PlayerId, u64)]) {
    shown.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
}

/// Ruling G-122 (IV.4): the mean of a spy report is over the true values of all
/// players (rounded half up), then perturbed with the same error as the others.
fn mean<R: Rng + ?Sized>(
    table: &BTreeMap<PlayerId, BTreeMap<StatKind, u64>>,
    players: &[PlayerId],
    kind: StatKind,
    error: u32,
    rng: &mut R,
) -> u64 {
    let total: u64 = players
        .iter()
        .map(|id| {
            table
                .get(id)
                .and_then(|row| row.get(&kind))
                .copied()
                .unwrap_or(0)
        })
        .sum();
    let count = players.len().max(1) as u64;
    let true_mean = (total * 2 + count) / (2 * count);
    perturbed(true_mean, error, rng)
}
