//! The galaxy and everything in it — pure data, no rules, no I/O.
//!
//! Two viewpoints share these types (see `shared/notes/architecture.md`):
//! - the **arbiter's** [`Galaxy`]: every value known and exact;
//! - a **player's** view: [`view::TurnView`] is one turn as one CR (and NBT) tells
//!   it, with `None` wherever the player cannot know (a foreign fleet `[?]=24?` has
//!   `vc: None`, never 0); [`knowledge::Knowledge`] merges several turns and
//!   remembers the turn each fact was last seen.

pub mod galaxy;
pub mod ids;
pub mod knowledge;
pub mod player;
pub mod record;
pub mod series;
pub mod tech;
pub mod threat;
pub mod treasure;
pub mod view;

pub use galaxy::{Cargo, Coords, Fleet, Galaxy, Population, World};
pub use ids::{FleetId, PlayerId, TreasureId, WorldId};
pub use player::{Class, Declarations, Jihad, Player};
pub use tech::{Tech, TechLevels};
pub use treasure::{Special, Treasure, TreasureKind, TreasureLocation};
