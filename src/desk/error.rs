//! Why the desk could not do what it was asked, with one message per case for
//! the command line and the app alike (`i18n/*/game.ftl`, `desk-…`).

use std::path::PathBuf;

use crate::diagnostic::Localized;
use crate::game::arbiter::ArbiterError;
use crate::game::save::SaveError;
use crate::i18n::{Lang, tr_args};
use crate::storage::text_file::{self, ReadError};

/// A failure of the game folder sequence. Displayed as its English message.
#[derive(Debug, thiserror::Error)]
#[error("{}", Localized::message(self, Lang::En))]
pub enum DeskError {
    /// Another program holds the game folder's lock (this file).
    Busy { lock: PathBuf },
    /// A file that cannot be read.
    Read { file: PathBuf, error: ReadError },
    /// A file or folder that cannot be written.
    Write {
        file: PathBuf,
        error: std::io::Error,
    },
    /// A save that cannot be used.
    Save { file: PathBuf, error: SaveError },
    /// A path given where a game folder is wanted is a file.
    NotAFolder { path: PathBuf },
    /// A folder without `game.ron`.
    NoSave { dir: PathBuf },
    /// The turn cannot be resolved.
    Arbiter(#[from] ArbiterError),
    /// A file of the turn to write exists already.
    TurnExists { file: PathBuf },
    /// The folder moved on since the turn was resolved (a turn finished by a
    /// recovery, or resolved by another program): the resolution is stale.
    OutOfDate,
    /// No turn to undo: the game is at its first turn.
    NothingToUndo,
    /// The save kept before the last turn is missing: it cannot be undone.
    NoKeptSave { file: PathBuf },
}

impl Localized for DeskError {
    fn code(&self) -> &str {
        match self {
            DeskError::Busy { .. } => "cli-game-busy",
            DeskError::Read { error, .. } => match error {
                ReadError::TooLarge { .. } => "cli-file-too-large",
                ReadError::Directory => "cli-file-is-directory",
                ReadError::Binary => "cli-file-binary",
                ReadError::Io(_) => "cli-cannot-read",
            },
            DeskError::Write { .. } => "cli-cannot-write",
            DeskError::Save { error, .. } => error.code(),
            DeskError::NotAFolder { .. } => "desk-not-a-folder",
            DeskError::NoSave { .. } => "desk-no-save",
            DeskError::Arbiter(error) => error.code(),
            DeskError::TurnExists { .. } => "cli-game-turn-exists",
            DeskError::OutOfDate => "desk-out-of-date",
            DeskError::NothingToUndo => "desk-nothing-to-undo",
            DeskError::NoKeptSave { .. } => "desk-no-kept-save",
        }
    }

    fn message(&self, lang: Lang) -> String {
        let show = |path: &PathBuf| path.display().to_string();
        match self {
            DeskError::Busy { lock } => tr_args(lang, self.code(), &[("file", &show(lock))]),
            DeskError::Read { file, error } => text_file::cannot_read_message(lang, file, error),
            DeskError::Write { file, error } => tr_args(
                lang,
                self.code(),
                &[("file", &show(file)), ("error", &error.to_string())],
            ),
            DeskError::Save { file, error } => {
                format!("{}: {}", file.display(), error.message(lang))
            }
            DeskError::NotAFolder { path } => tr_args(lang, self.code(), &[("path", &show(path))]),
            DeskError::NoSave { dir } => tr_args(lang, self.code(), &[("dir", &show(dir))]),
            DeskError::Arbiter(error) => error.message(lang),
            DeskError::TurnExists { file } => tr_args(lang, self.code(), &[("file", &show(file))]),
            DeskError::OutOfDate | DeskError::NothingToUndo => tr_args(lang, self.code(), &[]),
            DeskError::NoKeptSave { file } => tr_args(lang, self.code(), &[("file", &show(file))]),
        }
    }
}
