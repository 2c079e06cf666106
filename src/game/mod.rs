//! The game layer: what the arbiter does with whole galaxies (generation, saves,
//! turns). It sits above `resolve` and below `cli`/`gui`, and
//! still does no file I/O of its own: callers write what it returns.

pub mod arbiter;
pub mod autoplay;
pub mod demo;
pub mod folder;
pub mod generate;
pub mod mailbox;
pub mod registration;
pub mod save;
