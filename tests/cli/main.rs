//! The command line's tests, one binary (`cargo test --test cli`): `nebutil` run as
//! the built program (`report`, `orders`, `game`, `mail` against a real SMTP
//! server), absurd inputs refused, and the packaging files checked against the
//! program.

#[path = "../support/mod.rs"]
mod support;

mod bounded_inputs;
mod cli_combat;
mod cli_game;
mod cli_game_desk;
mod cli_game_turn;
mod cli_headerless;
mod cli_orders;
mod cli_report;
mod cli_series;
mod mail_e2e;
mod mail_hostile;
mod packaging;
