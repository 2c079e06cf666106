//! Helpers shared by the test binaries (`tests/core`, `tests/cli`, `tests/app`) and
//! the benches: each includes this folder once, as `support`, and uses its part.

#![allow(dead_code)]

#[cfg(feature = "gui")]
pub mod app;
pub mod big_orders;
pub mod cli;
pub mod fresh_dir;
pub mod galaxy_strategy;
#[cfg(feature = "gui")]
pub mod keyring;
pub mod ledger;
pub mod mail;
pub mod orion;
pub mod random_orders;
pub mod received;
pub mod scenario;
pub mod view_builder;
