//! Why the arbiter's view cannot open a game or resolve its turn: the desk's
//! own errors (the same messages as the command line's), or a background
//! resolution that ended without a result.

use crate::desk::DeskError;
use crate::diagnostic::Localized;
use crate::game::arbiter::ArbiterError;
use crate::i18n::{Lang, tr};

/// Why a game could not be read or its turn resolved. Displayed as its English
/// message; the window shows [`Localized::message`] in its language.
#[derive(Debug, thiserror::Error)]
#[error("{}", Localized::message(self, Lang::En))]
pub enum GameError {
    /// The game folder's sequence failed (reading, locking, writing…).
    Desk(#[from] DeskError),
    /// The background resolution ended without a result.
    Failed,
}

impl From<ArbiterError> for GameError {
    fn from(error: ArbiterError) -> Self {
        GameError::Desk(DeskError::Arbiter(error))
    }
}

impl Localized for GameError {
    fn code(&self) -> &str {
        match self {
            GameError::Desk(error) => error.code(),
            GameError::Failed => "gui-arbiter-failed",
        }
    }

    fn message(&self, lang: Lang) -> String {
        match self {
            GameError::Desk(error) => error.message(lang),
            GameError::Failed => tr(lang, self.code()),
        }
    }
}
