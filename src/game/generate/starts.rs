//! The start worlds (farthest-point selection, never a dead end) and the black
//! holes.

use super::connect::Tournament;
use super::geometry::{Grid, Metric};
use super::*;
use std::cmp::Reverse;

/// Farthest-point selection of the start worlds (indices), best of 8 first picks.
///
/// Each trial keeps, for every world that may still be chosen, its distance to the
/// nearest chosen start world; a new start world can only lower it for worlds
/// closer to it than the distance it was chosen at (the largest of them all), so
/// only the grid cells within that distance are looked at. The next start world is
/// the largest (distance, smallest index) of a tournament over the grid cells.
pub(super) fn choose_starts<R: Rng + ?Sized>(
    players: usize,
    coords: &[Coords],
    links: &[Vec<usize>],
    metric: &Metric,
    all: &Grid<'_>,
    rng: &mut R,
) -> Option<Vec<usize>> {
    type Key = (u64, Reverse<usize>);
    let n = coords.len();
    let candidate: Vec<bool> = links.iter().map(|l| l.len() >= 2).collect();
    let candidates: Vec<usize> = (0..n).filter(|&i| candidate[i]).collect();
    let cell_of: Vec<usize> = coords.iter().map(|&p| all.cell_of(p)).collect();
    let mut tournament: Tournament<Key> = Tournament::new(all.cells.len());
    let mut best: Option<(u64, Vec<usize>)> = None;
    for _ in 0..8 {
        let first = *pick(&candidates, rng)?;
        let mut chosen = Vec::with_capacity(players);
        // A start world, or a world connected to one: never a start world.
        let mut blocked = vec![false; n];
        let mut nearest = vec![u64::MAX; n];
        // The best world of a cell that may still be chosen.
        let best_of = |cell: usize, nearest: &[u64], blocked: &[bool]| {
            all.cells[cell]
                .iter()
                .map(|&i| i as usize)
                .filter(|&i| candidate[i] && !blocked[i])
                .map(|i| (nearest[i], Reverse(i)))
                .max()
        };
        // The smallest distance between two chosen start worlds: each one's
        // distance to the nearest of those chosen before it.
        let mut spread = u64::MAX;
        let mut next = Some((first, u64::MAX));
        while let Some((world, distance)) = next {
            if !chosen.is_empty() {
                spread = spread.min(distance);
            }
            chosen.push(world);
            blocked[world] = true;
            for &other in &links[world] {
                blocked[other] = true;
            }
            let here = coords[world];
            if distance == u64::MAX {
                for (i, d) in nearest.iter_mut().enumerate() {
                    *d = metric.distance(here, coords[i]);
                }
                tournament.fill((0..all.cells.len()).map(|c| best_of(c, &nearest, &blocked)));
            } else {
                all.cells_within(here, distance, |cell| {
                    let mut changed = false;
                    for &i in &all.cells[cell] {
                        let i = i as usize;
                        let d = metric.distance(here, coords[i]);
                        if d < nearest[i] {
                            nearest[i] = d;
                            changed = true;
                        }
                    }
                    if changed {
                        tournament.set(cell, best_of(cell, &nearest, &blocked));
                    }
                });
                for &w in links[world].iter().chain([&world]) {
                    tournament.set(cell_of[w], best_of(cell_of[w], &nearest, &blocked));
                }
            }
            if chosen.len() == players {
                break;
            }
            next = tournament.max().map(|(d, Reverse(c))| (c, d));
        }
        if chosen.len() < players {
            continue;
        }
        if best.as_ref().is_none_or(|(s, _)| spread > *s) {
            best = Some((spread, chosen));
        }
    }
    best.map(|(_, chosen)| chosen)
}

pub(super) fn choose_black_holes<R: Rng + ?Sized>(
    count: u32,
    starts: &[usize],
    links: &[Vec<usize>],
    rng: &mut R,
) -> BTreeSet<usize> {
    let mut banned: BTreeSet<usize> = starts.iter().copied().collect();
    for &s in starts {
        banned.extend(links[s].iter().copied());
    }
    let mut eligible: Vec<usize> = (0..links.len()).filter(|i| !banned.contains(i)).collect();
    shuffle(&mut eligible, rng);
    eligible.into_iter().take(count as usize).collect()
}
