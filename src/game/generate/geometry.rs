//! Where the worlds are: random distinct coordinates on the torus, and a bucket
//! grid answering every "nearest world" question exactly as a scan of every
//! world would (same distances, ties by world number).

use super::*;

/// Distances on the torus.
pub(super) struct Metric {
    pub(super) width: u32,
    pub(super) height: u32,
}

impl Metric {
    /// Squared Euclidean distance, each axis the shorter way round.
    pub(super) fn distance(&self, a: Coords, b: Coords) -> u64 {
        // Coordinates lie inside the torus, so |a - b| < size: no division needed
        // (the same magnitude as `Galaxy::torus_delta`).
        let axis = |a: u32, b: u32, size: u32| {
            let d = a.abs_diff(b);
            u64::from(d.min(size.saturating_sub(d)))
        };
        let dx = axis(a.x, b.x, self.width);
        let dy = axis(a.y, b.y, self.height);
        dx * dx + dy * dy
    }
}

pub(super) fn place_worlds<R: Rng + ?Sized>(
    count: usize,
    width: u32,
    height: u32,
    rng: &mut R,
) -> Vec<Coords> {
    // One flag per cell of the torus (at most MAX_SIDE² = 10⁶).
    let mut used = vec![false; width as usize * height as usize];
    let mut coords = Vec::with_capacity(count);
    while coords.len() < count {
        let point = Coords {
            x: rng.random_range(0..width),
            y: rng.random_range(0..height),
        };
        let cell = point.y as usize * width as usize + point.x as usize;
        if let Some(flag) = used.get_mut(cell)
            && !*flag
        {
            *flag = true;
            coords.push(point);
        }
    }
    coords
}

/// A bucket grid on the torus: every world of a set in the cell of its
/// coordinates, cells visited in rings of growing (wrapping) Chebyshev distance,
/// so that a nearest-world query looks at a few cells instead of every world.
///
/// Each query answers exactly what a scan of the whole set answers: the same
/// squared distances, ties broken by world index — a ring is left only when every
/// world beyond it is strictly farther than the answer.
pub(super) struct Grid<'a> {
    pub(super) coords: &'a [Coords],
    pub(super) metric: &'a Metric,
    pub(super) cols: u32,
    pub(super) rows: u32,
    /// The narrowest cell along x and along y (cells are `width / cols` wide, or
    /// one more).
    pub(super) cell_width: u64,
    pub(super) cell_height: u64,
    pub(super) cells: Vec<Vec<u32>>,
}

/// The cell offsets along an axis of `size` cells at `level` steps from a cell
/// (each distinct cell once, wrapping round): `(offsets, how many)`.
pub(super) fn axis_level(size: u32, level: u32) -> ([u32; 2], usize) {
    if level == 0 {
        ([0, 0], 1)
    } else if 2 * level < size {
        ([level, size - level], 2)
    } else if 2 * level == size {
        ([level, 0], 1)
    } else {
        ([0, 0], 0)
    }
}

impl<'a> Grid<'a> {
    /// A grid of about two worlds per cell holding `members` (indices of `coords`).
    pub(super) fn new(
        coords: &'a [Coords],
        metric: &'a Metric,
        members: impl Iterator<Item = usize>,
    ) -> Self {
        let (width, height) = (u64::from(metric.width), u64::from(metric.height));
        let target = (2 * width * height).div_ceil(coords.len().max(1) as u64);
        let mut side = target.isqrt().max(1);
        if side * side < target {
            side += 1;
        }
        let cols = (width / side).clamp(1, width.max(1));
        let rows = (height / side).clamp(1, height.max(1));
        let mut grid = Grid {
            coords,
            metric,
            cols: cols as u32,
            rows: rows as u32,
            cell_width: (width / cols).max(1),
            cell_height: (height / rows).max(1),
            cells: vec![Vec::new(); (cols * rows) as usize],
        };
        for index in members {
            let cell = grid.cell_of(coords[index]);
            grid.cells[cell].push(index as u32);
        }
        grid
    }

    pub(super) fn column_row(&self, p: Coords) -> (u32, u32) {
        let x = u64::from(p.x) * u64::from(self.cols) / u64::from(self.metric.width.max(1));
        let y = u64::from(p.y) * u64::from(self.rows) / u64::from(self.metric.height.max(1));
        ((x as u32).min(self.cols - 1), (y as u32).min(self.rows - 1))
    }

    pub(super) fn cell_of(&self, p: Coords) -> usize {
        let (x, y) = self.column_row(p);
        y as usize * self.cols as usize + x as usize
    }

    pub(super) fn remove(&mut self, index: usize) {
        let cell = self.cell_of(self.coords[index]);
        let members = &mut self.cells[cell];
        if let Some(at) = members.iter().position(|&i| i as usize == index) {
            members.swap_remove(at);
        }
    }

    /// The cells at ring `r` around cell `(x, y)`, each once, into `out`.
    pub(super) fn ring(&self, (x, y): (u32, u32), r: u32, out: &mut Vec<usize>) {
        out.clear();
        let (cols, rows) = (self.cols, self.rows);
        let mut push = |dx: u32, dy: u32| {
            let cx = (x + dx) % cols;
            let cy = (y + dy) % rows;
            out.push(cy as usize * cols as usize + cx as usize);
        };
        let (xs, nx) = axis_level(cols, r);
        let (ys, ny) = axis_level(rows, r);
        // x at level r, y at any level up to r …
        for &dx in &xs[..nx] {
            for level in 0..=r.min(rows / 2) {
                let (dys, k) = axis_level(rows, level);
                for &dy in &dys[..k] {
                    push(dx, dy);
                }
            }
        }
        // … and x below level r, y at level r.
        for level in 0..r.min(cols / 2 + 1) {
            let (dxs, k) = axis_level(cols, level);
            for &dx in &dxs[..k] {
                for &dy in &ys[..ny] {
                    push(dx, dy);
                }
            }
        }
    }

    /// A lower bound of the squared distance from a point to any world in a cell
    /// beyond ring `r` of the point's cell, or `None` when no cell lies beyond.
    /// (A cell `L` steps away along an axis is at least `(L - 1) × narrowest + 1`
    /// away along that axis, either way round.)
    pub(super) fn beyond(&self, r: u32) -> Option<u64> {
        [(self.cols, self.cell_width), (self.rows, self.cell_height)]
            .into_iter()
            .filter(|&(size, _)| size / 2 > r)
            .map(|(_, narrowest)| {
                let d = u64::from(r) * narrowest + 1;
                d * d
            })
            .min()
    }

    /// The `k` members nearest to `p` that `keep` accepts, by (squared distance,
    /// index), nearest first — what sorting every accepted member would give.
    pub(super) fn nearest(
        &self,
        p: Coords,
        k: usize,
        keep: impl FnMut(usize) -> bool,
    ) -> Vec<(u64, usize)> {
        self.nearest_within_rings(p, k, u32::MAX, keep).0
    }

    /// [`Grid::nearest`] looking no farther than ring `last`: the answer, and
    /// `None` when it is exact, else a lower bound of the squared distance of every
    /// member not looked at (the answer then holds only members found so far).
    pub(super) fn nearest_within_rings(
        &self,
        p: Coords,
        k: usize,
        last: u32,
        mut keep: impl FnMut(usize) -> bool,
    ) -> (Vec<(u64, usize)>, Option<u64>) {
        let mut found: Vec<(u64, usize)> = Vec::with_capacity(k + 1);
        if k == 0 {
            return (found, None);
        }
        let centre = self.column_row(p);
        let mut cells = Vec::new();
        let mut r = 0;
        loop {
            self.ring(centre, r, &mut cells);
            for &cell in &cells {
                for &index in &self.cells[cell] {
                    let index = index as usize;
                    let entry = (self.metric.distance(p, self.coords[index]), index);
                    if found.len() == k && entry >= found[k - 1] {
                        continue;
                    }
                    if !keep(index) {
                        continue;
                    }
                    let at = found.partition_point(|e| *e < entry);
                    found.insert(at, entry);
                    found.truncate(k);
                }
            }
            match self.beyond(r) {
                Some(bound) if found.len() < k || found[k - 1].0 >= bound => {
                    if r >= last {
                        return (found, Some(bound));
                    }
                    r += 1;
                }
                _ => return (found, None),
            }
        }
    }

    /// Calls `visit` on every cell (index) holding a member at squared distance
    /// below `limit` from `p` (and on some cells beyond), each cell once.
    pub(super) fn cells_within(&self, p: Coords, limit: u64, mut visit: impl FnMut(usize)) {
        let centre = self.column_row(p);
        let mut cells = Vec::new();
        let mut r = 0;
        loop {
            self.ring(centre, r, &mut cells);
            for &cell in &cells {
                visit(cell);
            }
            match self.beyond(r) {
                Some(bound) if bound < limit => r += 1,
                _ => return,
            }
        }
    }

    /// Calls `visit` on every member at squared distance below `limit` from `p`
    /// (and on some beyond).
    #[cfg(test)]
    pub(super) fn within(&self, p: Coords, limit: u64, mut visit: impl FnMut(usize)) {
        self.cells_within(p, limit, |cell| {
            for &index in &self.cells[cell] {
                visit(index as usize);
            }
        });
    }
}
