//! A uniform grid over the torus for hit-testing: the world nearest to the
//! pointer in constant time whatever the galaxy's size.

use std::collections::BTreeSet;

use egui::{Pos2, Vec2};

use super::torus::Torus;

/// A uniform grid over the torus for hit-testing: square cells of at least
/// one radar unit, sized so that there are about as many cells as points (a
/// cell per radar unit made 690,000 cells for 76,596 worlds).
#[derive(Clone, Debug, Default)]
pub struct SpatialIndex {
    columns: usize,
    rows: usize,
    /// A cell's side, in radar units.
    cell: f32,
    /// Origin of the grid (the minimum corner on a plane).
    origin: Pos2,
    /// Cell `c`'s points are `points[starts[c]..starts[c + 1]]`: two flat
    /// lists (a list per cell cost 24 bytes a cell, 16 MB for a big galaxy's
    /// 690,000 cells, before any point).
    starts: Vec<u32>,
    points: Vec<u32>,
    wraps: bool,
}

impl SpatialIndex {
    /// Indexes `points` (by their index in the slice).
    pub fn new(torus: &Torus, points: &[Pos2]) -> Self {
        let (origin, extent) = if torus.wraps || points.is_empty() {
            (Pos2::ZERO, torus.size())
        } else {
            let min = points
                .iter()
                .fold(Pos2::new(f32::MAX, f32::MAX), |m, p| m.min(*p));
            let max = points
                .iter()
                .fold(Pos2::new(f32::MIN, f32::MIN), |m, p| m.max(*p));
            (min, max - min + Vec2::splat(1.0))
        };
        let per_point = extent.x.max(1.0) * extent.y.max(1.0) / points.len().max(1) as f32;
        // At most 4,096 cells a side, whatever the torus.
        let cell = per_point
            .sqrt()
            .floor()
            .max(1.0)
            .max(extent.x / 4096.0)
            .max(extent.y / 4096.0);
        let columns = ((extent.x / cell).ceil() as usize).clamp(1, 4096);
        let rows = ((extent.y / cell).ceil() as usize).clamp(1, 4096);
        let mut index = SpatialIndex {
            columns,
            rows,
            cell,
            origin,
            starts: Vec::new(),
            points: Vec::new(),
            wraps: torus.wraps,
        };
        // Each point's cell, then the points sorted by cell (by index within
        // a cell): a counting sort.
        let cell_of_point: Vec<Option<usize>> = points
            .iter()
            .map(|p| {
                let (cx, cy) = index.cell_of(*p);
                index.cell_index(cx, cy)
            })
            .collect();
        let mut starts = vec![0u32; columns * rows + 1];
        for cell in cell_of_point.iter().flatten() {
            starts[cell + 1] += 1;
        }
        for c in 1..starts.len() {
            starts[c] += starts[c - 1];
        }
        let mut next = starts.clone();
        let mut sorted = vec![0u32; starts.last().map_or(0, |&n| n as usize)];
        for (i, cell) in cell_of_point.iter().enumerate() {
            if let (Some(cell), Ok(i)) = (cell, u32::try_from(i)) {
                sorted[next[*cell] as usize] = i;
                next[*cell] += 1;
            }
        }
        index.starts = starts;
        index.points = sorted;
        index
    }

    fn cell_of(&self, p: Pos2) -> (i64, i64) {
        (
            ((p.x - self.origin.x) / self.cell).floor() as i64,
            ((p.y - self.origin.y) / self.cell).floor() as i64,
        )
    }

    fn cell_index(&self, cx: i64, cy: i64) -> Option<usize> {
        let (columns, rows) = (self.columns as i64, self.rows as i64);
        let (cx, cy) = if self.wraps {
            (cx.rem_euclid(columns), cy.rem_euclid(rows))
        } else {
            (cx.clamp(0, columns - 1), cy.clamp(0, rows - 1))
        };
        usize::try_from(cy * columns + cx).ok()
    }

    /// The index of the point nearest to `p` within `radius` (torus distance), if
    /// any. On a tie, the lowest index.
    pub fn nearest(&self, torus: &Torus, points: &[Pos2], p: Pos2, radius: f32) -> Option<usize> {
        if self.points.is_empty() {
            return None;
        }
        let p = torus.wrap(p);
        let (cx, cy) = self.cell_of(p);
        // One cell more: the last column and row of a torus may be narrower.
        let reach = (radius / self.cell).ceil().max(1.0) as i64 + 1;
        // Do not visit a cell twice when the radius spans the whole torus.
        let span_x = reach.min(self.columns as i64 / 2);
        let span_y = reach.min(self.rows as i64 / 2);
        let mut visited: BTreeSet<usize> = BTreeSet::new();
        let mut best: Option<(f32, usize)> = None;
        for dy in -span_y..=span_y {
            for dx in -span_x..=span_x {
                let Some(cell) = self.cell_index(cx + dx, cy + dy) else {
                    continue;
                };
                if !visited.insert(cell) {
                    continue;
                }
                let (Some(&from), Some(&to)) = (self.starts.get(cell), self.starts.get(cell + 1))
                else {
                    continue;
                };
                for &i in self
                    .points
                    .get(from as usize..to as usize)
                    .unwrap_or_default()
                {
                    let i = i as usize;
                    let d = torus.distance(p, points[i]);
                    if d <= radius && best.is_none_or(|(bd, bi)| d < bd || (d == bd && i < bi)) {
                        best = Some((d, i));
                    }
                }
            }
        }
        best.map(|(_, i)| i)
    }
}
