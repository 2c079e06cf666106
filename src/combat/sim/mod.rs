//! The combat simulator (issue 5): "Nébutil dispose d'un simulateur de combat qui vous
//! permettra de faire des calculs précis" (VII.1.2).
//!
//! - [`setup`]: what is simulated — one world, its protections and populations, any
//!   number of sides with their fleets, levels and fire orders — saved as RON;
//! - [`run`]: successive rounds and their records, every shot with the book's
//!   formulas filled with its numbers;
//! - [`round`]: one round (one turn's step 14 on that world);
//! - [`search`]: "what it takes" — the smallest VC count or ATT level that empties a
//!   target within `k` rounds, and the largest loss the target takes and holds;
//! - [`conditional`]: which conditional fire orders go off;
//! - [`text`]: a simulation as readable text (French or English).
//!
//! Nothing here computes a loss itself: every number comes from the functions of
//! [`crate::combat`] the turn resolver uses.

pub mod conditional;
pub mod round;
pub mod run;
pub mod search;
pub mod setup;
pub mod text;

pub use run::{End, SimResult, simulate, simulate_rounds};
pub use setup::{CargoSetup, FleetSetup, Setup, Side, SideLevels, Target, WorldSetup, parse};
