//! The CR writer, in two steps:
//!
//! 1. [`project`]: what one player's CR tells, as a [`TurnView`] — visibility and
//!    hiding live there (which worlds, whose cargo, which coordinates …);
//! 2. [`print`](fn@print): a [`TurnView`] as text in the book's notation (the format in
//!    [`crate::report`]). `print` prints any view, also one with unknowns (the
//!    GUI shows a player's knowledge with it).
//!
//! [`write`](fn@write) is `print(&project(…))`. Reading the written CR gives the projected
//! view back (tests/core/report_roundtrip.rs).
//!
//! Spy rankings need randomness: the resolver draws them once with its generator
//! ([`spy_reports`]) and keeps them in the turn record; the writer only prints
//! them, so writing a CR again gives the same text.

mod print;
mod project;
mod spy;

pub use print::{fleet_line, print, trace_text, world_line};
pub use project::{
    Projection, described_worlds_by_player, own_part, project, statistic, statistics_table,
};
pub use spy::{spy_report, spy_reports};

use crate::model::record::TurnRecord;
use crate::model::view::TurnView;
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
    let view: TurnView = project(
        galaxy,
        player,
        options.record,
        options.ruleset,
        options.game_name,
    );
    print(&view)
}
