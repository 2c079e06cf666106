//! The game layer: what the arbiter does with whole galaxies (generation; saves and
//! turn resolution come later). It sits above `resolve` and below `cli`/`gui`, and
//! still does no file I/O of its own: callers write what it returns.

pub mod generate;
pub mod save;
