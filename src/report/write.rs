//! The CR writer. (Being written: see issue 2.)

use crate::model::record::TurnRecord;
use crate::model::{Galaxy, PlayerId};
use crate::rules::Ruleset;

/// What the writer needs beside the galaxy.
pub struct WriteOptions<'a> {
    pub ruleset: &'a Ruleset,
    /// What happened during the turn just resolved (markers); `None` at game start.
    pub record: Option<&'a TurnRecord>,
    /// The game's name for the header.
    pub game_name: Option<&'a str>,
}

/// Writes the CR of `player` for the galaxy's current turn.
pub fn write(galaxy: &Galaxy, player: PlayerId, options: &WriteOptions<'_>) -> String {
    let _ = (galaxy, player, options);
    String::new()
}
