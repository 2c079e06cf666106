//! Why the arbiter's window cannot open a game or resolve its turn.

use std::path::PathBuf;

use crate::diagnostic::Localized;
use crate::game::arbiter::ArbiterError;
use crate::game::save::SaveError;
use crate::i18n::{Lang, tr, tr_args};

/// Why a game could not be read or its turn resolved. Displayed as its English
/// message; the window shows [`Localized::message`] in its language.
#[derive(Debug, thiserror::Error)]
#[error("{}", Localized::message(self, Lang::En))]
pub enum GameError {
    /// The save cannot be read (the system's error).
    Read {
        file: PathBuf,
        error: std::io::Error,
    },
    /// A player's order file cannot be read (the system's error): the path and
    /// the error only, as the window has always said it.
    Orders {
        file: PathBuf,
        error: std::io::Error,
    },
    /// The save is refused.
    Save { file: PathBuf, error: SaveError },
    /// The turn cannot be resolved.
    Arbiter(#[from] ArbiterError),
    /// The background resolution ended without a result.
    Failed,
}

impl Localized for GameError {
    fn code(&self) -> &str {
        match self {
            GameError::Read { .. } | GameError::Orders { .. } => "gui-arbiter-cannot-read",
            GameError::Save { error, .. } => error.code(),
            GameError::Arbiter(error) => error.code(),
            GameError::Failed => "gui-arbiter-failed",
        }
    }

    fn message(&self, lang: Lang) -> String {
        match self {
            GameError::Read { file, error } => tr_args(
                lang,
                self.code(),
                &[
                    ("file", &file.display().to_string()),
                    ("error", &error.to_string()),
                ],
            ),
            GameError::Orders { file, error } => format!("{}: {error}", file.display()),
            GameError::Save { file, error } => {
                format!("{}: {}", file.display(), error.message(lang))
            }
            GameError::Arbiter(error) => error.message(lang),
            GameError::Failed => tr(lang, self.code()),
        }
    }
}
