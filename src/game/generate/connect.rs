//! The connections: a minimum spanning tree (Prim), then the pairs each world
//! wants among its nearest neighbours, then the worlds still below the minimum.

use super::geometry::{Grid, Metric};
use super::*;
use std::cmp::Reverse;

/// The largest key of a set of slots, kept up to date slot by slot: a complete
/// binary tree whose leaves are the slots and every node the larger of its two
/// children (`None` below every key).
pub(super) struct Tournament<K> {
    leaves: usize,
    nodes: Vec<Option<K>>,
}

impl<K: Copy + Ord> Tournament<K> {
    /// Slots `0..slots`, all empty.
    pub(super) fn new(slots: usize) -> Self {
        let leaves = slots.max(1).next_power_of_two();
        Tournament {
            leaves,
            nodes: vec![None; 2 * leaves],
        }
    }

    /// Sets every slot at once.
    pub(super) fn fill(&mut self, keys: impl Iterator<Item = Option<K>>) {
        self.nodes.fill(None);
        for (slot, key) in keys.enumerate().take(self.leaves) {
            self.nodes[self.leaves + slot] = key;
        }
        for node in (1..self.leaves).rev() {
            self.nodes[node] = self.nodes[2 * node].max(self.nodes[2 * node + 1]);
        }
    }

    /// Sets one slot (climbing only while the maxima change).
    pub(super) fn set(&mut self, slot: usize, key: Option<K>) {
        let mut node = self.leaves + slot;
        self.nodes[node] = key;
        while node > 1 {
            node /= 2;
            let best = self.nodes[2 * node].max(self.nodes[2 * node + 1]);
            if self.nodes[node] == best {
                break;
            }
            self.nodes[node] = best;
        }
    }

    pub(super) fn max(&self) -> Option<K> {
        self.nodes[1]
    }
}

/// How many connections each of `n` worlds wants (1–8, mostly 2–4), clamped to the
/// ruleset's `low..=high`: one draw per world (two for 6–8), in world order.
pub(super) fn wanted_connections<R: Rng + ?Sized>(
    rng: &mut R,
    n: usize,
    low: usize,
    high: usize,
) -> Vec<usize> {
    (0..n)
        .map(|_| {
            let w: usize = match rng.random_range(0..40u32) {
                0..=4 => 1,
                5..=12 => 2,
                13..=26 => 3,
                27..=34 => 4,
                35..=37 => 5,
                _ => rng.random_range(6..=8u32) as usize,
            };
            w.clamp(low, high)
        })
        .collect()
}

/// The connections of every world (indices), symmetric, sorted.
///
/// Every step asks the grid the questions a scan of all worlds would answer, with
/// the same ties, so the result is the same as the quadratic method's.
pub(super) fn connect<R: Rng + ?Sized>(
    coords: &[Coords],
    metric: &Metric,
    all: &Grid<'_>,
    ruleset: &Ruleset,
    rng: &mut R,
) -> Vec<Vec<usize>> {
    let n = coords.len();
    let low = ruleset.galaxy.min_connections as usize;
    let high = ruleset.galaxy.max_connections as usize;
    let mut links: Vec<Vec<usize>> = vec![Vec::new(); n];
    let link = |links: &mut Vec<Vec<usize>>, a: usize, b: usize| {
        links[a].push(b);
        links[b].push(a);
    };

    // 1. Degree-bounded minimum spanning tree (Prim): each step joins the pair
    //    (tree world with room, world outside) smallest by (distance, tree world,
    //    outside world). The heap holds one entry per tree world with room: its
    //    nearest outside world as it was when looked up — a lower bound of its
    //    true pair once that world has joined (it is then looked up again) — or,
    //    when none lay within the rings it looked at (`reach`), a lower bound of
    //    the distance to any (`NOT_FOUND`; it then looks twice as far).
    const NOT_FOUND: usize = usize::MAX;
    let mut in_tree = vec![false; n];
    let mut reach = vec![2u32; n];
    let mut outside = Grid::new(coords, metric, 1..n);
    let mut heap = BinaryHeap::new();
    let look_up = |outside: &Grid<'_>, t: usize, reach: u32| match outside.nearest_within_rings(
        coords[t],
        1,
        reach,
        |_| true,
    ) {
        (found, None) => found.first().map(|&(d, v)| Reverse((d, t, v))),
        (_, Some(bound)) => Some(Reverse((bound, t, NOT_FOUND))),
    };
    if n > 0 {
        in_tree[0] = true;
        heap.extend(look_up(&outside, 0, reach[0]));
    }
    let mut added = 1;
    while added < n {
        // Empty: every tree world is full.
        let Some(Reverse((_, t, v))) = heap.pop() else {
            break;
        };
        if links[t].len() >= high {
            continue;
        }
        if v == NOT_FOUND {
            reach[t] = reach[t].saturating_mul(2);
        } else if !in_tree[v] {
            link(&mut links, t, v);
            in_tree[v] = true;
            outside.remove(v);
            added += 1;
            if links[v].len() < high {
                heap.extend(look_up(&outside, v, reach[v]));
            }
        }
        if links[t].len() < high {
            heap.extend(look_up(&outside, t, reach[t]));
        }
    }

    // 2. Wanted connections, then the shortest candidate pairs.
    let wanted = wanted_connections(rng, n, low, high);
    let mut candidates = Vec::with_capacity(n * 12);
    for (a, &point) in coords.iter().enumerate() {
        for (d, b) in all.nearest(point, 12, |b| b != a) {
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
        let Some(missing) = low.checked_sub(links[a].len()).filter(|&m| m > 0) else {
            continue;
        };
        let near = all.nearest(coords[a], missing, |b| {
            b != a && !links[a].contains(&b) && links[b].len() < high
        });
        for (_, b) in near {
            link(&mut links, a, b);
        }
    }
    for connected in &mut links {
        connected.sort_unstable();
    }
    links
}
