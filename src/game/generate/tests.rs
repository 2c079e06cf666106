//! Unit tests of the generator.

use super::*;
use rand_chacha::ChaCha8Rng;

#[test]
fn metric_matches_the_galaxy_torus_delta() {
    for (width, height) in [(7, 4), (8, 5), (1, 3)] {
        let metric = Metric { width, height };
        for (ax, ay, bx, by) in (0..width).flat_map(|ax| {
            (0..height).flat_map(move |ay| {
                (0..width).flat_map(move |bx| (0..height).map(move |by| (ax, ay, bx, by)))
            })
        }) {
            let dx = Galaxy::torus_delta(ax, bx, width).unsigned_abs();
            let dy = Galaxy::torus_delta(ay, by, height).unsigned_abs();
            let (a, b) = (Coords { x: ax, y: ay }, Coords { x: bx, y: by });
            assert_eq!(metric.distance(a, b), dx * dx + dy * dy, "{a:?} {b:?}");
        }
    }
}

/// Every world of a small torus, in a scrambled order.
fn scattered(width: u32, height: u32, count: usize, seed: u64) -> Vec<Coords> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    place_worlds(count, width, height, &mut rng)
}

/// The grid's answers are those of a scan of every world: nearest `k` (with
/// a filter), and every world within a distance — on square, flat, odd, even
/// and one-cell-wide tori, dense and sparse.
#[test]
fn grid_queries_match_a_full_scan() {
    let shapes = [
        (10, 10, 20),
        (7, 4, 14),
        (8, 5, 20),
        (1, 60, 25),
        (60, 1, 25),
        (2, 40, 30),
        (33, 17, 100),
        (40, 40, 50),
        (100, 3, 60),
        (64, 64, 400),
    ];
    for (seed, (width, height, count)) in shapes.into_iter().enumerate() {
        let coords = scattered(width, height, count, seed as u64);
        let metric = Metric { width, height };
        // Members: every other world (a grid need not hold them all).
        let grid = Grid::new(&coords, &metric, (0..count).filter(|i| i % 3 != 1));
        let members: Vec<usize> = (0..count).filter(|i| i % 3 != 1).collect();
        for x in 0..width {
            for y in 0..height {
                let p = Coords { x, y };
                let mut all: Vec<(u64, usize)> = members
                    .iter()
                    .map(|&i| (metric.distance(p, coords[i]), i))
                    .collect();
                all.sort_unstable();
                for k in [1, 3, 12] {
                    let expected: Vec<_> = all.iter().copied().take(k).collect();
                    assert_eq!(
                        grid.nearest(p, k, |_| true),
                        expected,
                        "{width}x{height} {p:?} k={k}"
                    );
                    let odd: Vec<_> = all
                        .iter()
                        .copied()
                        .filter(|e| e.1 % 2 == 1)
                        .take(k)
                        .collect();
                    assert_eq!(grid.nearest(p, k, |i| i % 2 == 1), odd);
                }
                // Looking no farther than a few rings: exact, or a true bound.
                for last in [0, 1, 2] {
                    let (partial, bound) = grid.nearest_within_rings(p, 2, last, |_| true);
                    match bound {
                        None => {
                            assert_eq!(partial, all.iter().copied().take(2).collect::<Vec<_>>())
                        }
                        Some(bound) => {
                            for e in all.iter().filter(|e| !partial.contains(e)) {
                                assert!(e.0 >= bound, "{p:?} last={last}: {e:?} under {bound}");
                            }
                        }
                    }
                }
                for limit in [1, 2, 5, 17, 50, 400] {
                    let mut seen = BTreeSet::new();
                    grid.within(p, limit, |i| {
                        assert!(seen.insert(i), "{i} visited twice");
                    });
                    for &(d, i) in &all {
                        assert!(d >= limit || seen.contains(&i), "{p:?} misses {i} at {d}");
                    }
                }
            }
        }
    }
}

#[test]
fn removed_worlds_are_no_longer_found() {
    let coords = scattered(30, 30, 200, 9);
    let metric = Metric {
        width: 30,
        height: 30,
    };
    let mut grid = Grid::new(&coords, &metric, 0..200);
    for i in (0..200).step_by(2) {
        grid.remove(i);
    }
    let p = Coords { x: 3, y: 29 };
    let found = grid.nearest(p, 200, |_| true);
    assert_eq!(found.len(), 100);
    assert!(found.iter().all(|&(_, i)| i % 2 == 1));
}

// ---- The quadratic version, kept as the reference ------------------------

/// The connections of every world (indices), symmetric, sorted.
fn reference_connect<R: Rng + ?Sized>(
    coords: &[Coords],
    metric: &Metric,
    ruleset: &Ruleset,
    rng: &mut R,
) -> Vec<Vec<usize>> {
    let n = coords.len();
    let low = ruleset.galaxy.min_connections as usize;
    let high = ruleset.galaxy.max_connections as usize;
    let mut links: Vec<BTreeSet<usize>> = vec![BTreeSet::new(); n];
    let link = |links: &mut Vec<BTreeSet<usize>>, a: usize, b: usize| {
        links[a].insert(b);
        links[b].insert(a);
    };

    // 1. Degree-bounded minimum spanning tree (Prim).
    let mut in_tree = vec![false; n];
    let mut best = vec![(u64::MAX, 0usize); n];
    if n > 0 {
        in_tree[0] = true;
        for v in 1..n {
            best[v] = (metric.distance(coords[0], coords[v]), 0);
        }
    }
    let mut added = 1;
    while added < n {
        let Some(v) = (0..n)
            .filter(|&v| !in_tree[v])
            .min_by_key(|&v| (best[v], v))
        else {
            break;
        };
        let (_, u) = best[v];
        if links[u].len() >= high {
            // The nearest tree world is full: look again among those with room.
            best[v] = (0..n)
                .filter(|&t| in_tree[t] && links[t].len() < high)
                .map(|t| (metric.distance(coords[t], coords[v]), t))
                .min()
                .unwrap_or((u64::MAX, u));
            if best[v].0 == u64::MAX {
                break;
            }
            continue;
        }
        link(&mut links, u, v);
        in_tree[v] = true;
        added += 1;
        for w in 0..n {
            if !in_tree[w] {
                let d = metric.distance(coords[v], coords[w]);
                if (d, v) < best[w] {
                    best[w] = (d, v);
                }
            }
        }
    }

    // 2. Wanted connections, then the shortest candidate pairs.
    let wanted = super::connect::wanted_connections(rng, n, low, high);
    let mut candidates = Vec::new();
    for a in 0..n {
        let mut near: Vec<(u64, usize)> = (0..n)
            .filter(|&b| b != a)
            .map(|b| (metric.distance(coords[a], coords[b]), b))
            .collect();
        let k = near.len().min(12);
        if k < near.len() {
            near.select_nth_unstable(k);
        }
        near.truncate(k);
        for (d, b) in near {
            candidates.push((d, a.min(b), a.max(b)));
        }
    }
    candidates.sort_unstable();
    candidates.dedup();
    for &(_, a, b) in &candidates {
        if !links[a].contains(&b) && links[a].len() < wanted[a] && links[b].len() < wanted[b] {
            link(&mut links, a, b);
        }
    }

    // 3. Worlds still under the minimum: nearest worlds with room.
    for a in 0..n {
        if links[a].len() >= low {
            continue;
        }
        let mut near: Vec<(u64, usize)> = (0..n)
            .filter(|&b| b != a && !links[a].contains(&b) && links[b].len() < high)
            .map(|b| (metric.distance(coords[a], coords[b]), b))
            .collect();
        near.sort_unstable();
        for (_, b) in near {
            if links[a].len() >= low {
                break;
            }
            link(&mut links, a, b);
        }
    }
    links.into_iter().map(|s| s.into_iter().collect()).collect()
}

/// Farthest-point selection of the start worlds (indices), best of 8 first picks.
fn reference_choose_starts<R: Rng + ?Sized>(
    players: usize,
    coords: &[Coords],
    links: &[Vec<usize>],
    metric: &Metric,
    rng: &mut R,
) -> Option<Vec<usize>> {
    let candidates: Vec<usize> = (0..coords.len()).filter(|&i| links[i].len() >= 2).collect();
    let mut best: Option<(u64, Vec<usize>)> = None;
    for _ in 0..8 {
        let first = *pick(&candidates, rng)?;
        let mut chosen = Vec::with_capacity(players);
        // A start world, or a world connected to one: never a start world.
        let mut blocked = vec![false; coords.len()];
        let mut nearest = vec![u64::MAX; coords.len()];
        let mut next = Some(first);
        while let Some(world) = next {
            chosen.push(world);
            blocked[world] = true;
            for &other in &links[world] {
                blocked[other] = true;
            }
            for (i, d) in nearest.iter_mut().enumerate() {
                *d = (*d).min(metric.distance(coords[world], coords[i]));
            }
            if chosen.len() == players {
                break;
            }
            next = candidates
                .iter()
                .copied()
                .filter(|&c| !blocked[c])
                .max_by_key(|&c| (nearest[c], std::cmp::Reverse(c)));
        }
        if chosen.len() < players {
            continue;
        }
        let spread = chosen
            .iter()
            .enumerate()
            .flat_map(|(i, &a)| chosen[i + 1..].iter().map(move |&b| (a, b)))
            .map(|(a, b)| metric.distance(coords[a], coords[b]))
            .min()
            .unwrap_or(u64::MAX);
        if best.as_ref().is_none_or(|(s, _)| spread > *s) {
            best = Some((spread, chosen));
        }
    }
    best.map(|(_, chosen)| chosen)
}

/// On random tori of every shape and rulesets of every connection range, the
/// grid-based connections and start worlds are those of the quadratic
/// version (same RNG draws, same ties), world for world.
#[test]
fn connections_and_starts_are_the_quadratic_versions() {
    let mut cases = ChaCha8Rng::seed_from_u64(2026);
    for case in 0..60u64 {
        let count = cases.random_range(20..=260usize);
        let cells = count as u32 * cases.random_range(2..=8u32);
        let width = cases.random_range(1..=cells.min(400));
        let height = cells.div_ceil(width);
        let mut rules = Ruleset::builtin_2002();
        let low = cases.random_range(1..=3u32);
        rules.galaxy.min_connections = low;
        rules.galaxy.max_connections = cases.random_range(low.max(2)..=8);
        let players = cases.random_range(1..=(count / 10).max(1));
        let coords = scattered(width, height, count, case);
        let metric = Metric { width, height };
        let all = Grid::new(&coords, &metric, 0..count);
        let mut rng = ChaCha8Rng::seed_from_u64(case);
        let mut reference_rng = ChaCha8Rng::seed_from_u64(case);
        let links = connect(&coords, &metric, &all, &rules, &mut rng);
        let expected = reference_connect(&coords, &metric, &rules, &mut reference_rng);
        assert_eq!(
            links, expected,
            "case {case}: {count} worlds on {width}x{height}"
        );
        let starts = choose_starts(players, &coords, &links, &metric, &all, &mut rng);
        let expected =
            reference_choose_starts(players, &coords, &links, &metric, &mut reference_rng);
        assert_eq!(starts, expected, "case {case}: {players} players");
        // The generator goes on from the same point of the stream.
        assert_eq!(rng.random::<u64>(), reference_rng.random::<u64>());
    }
}
