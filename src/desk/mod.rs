//! The arbiter's desk: what is done to a game folder on disk, written once for
//! the command line (`nebutil game …`, `nebutil mail …`) and the app alike —
//! the game-folder sequence (lock, recover, read, resolve, commit, undo:
//! [`GameFolder`]), the mail robot's runs ([`mail`]). Below `cli` and `gui`,
//! above `game` (which says what the files hold, without touching them) and
//! `storage` (how a file is written safely). No argument parsing, no printing:
//! results and [`DeskError`]s, each with its message in both languages.

pub mod error;
pub mod folder;
pub mod mail;

pub use error::DeskError;
pub use folder::{GameFolder, TurnRun, check_game_dir, read_orders, read_save_file, run_turn};
