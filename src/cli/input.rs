//! Reading the files named on the command line: bytes to text, by the one
//! reading of the app and the command line ([`text_file::read_text`]).
//!
//! CRs of 1999–2002 were written on Windows: a file that is not valid UTF-8 is read
//! as Windows-1252 (a superset of Latin-1) and an info diagnostic says so. A UTF-8
//! byte-order mark is dropped; a file with a NUL byte is no text file.

use std::path::Path;

use super::error::CliError;
use crate::diagnostic::Diagnostic;
use crate::i18n::Lang;
use crate::storage::text_file::{self, ReadError, TextKind};

/// One file read as text.
pub struct Input {
    /// The path as the user wrote it (used in `file:line:col:` messages).
    pub name: String,
    pub text: String,
    /// `cli-windows-1252` when the file was not UTF-8.
    pub diagnostics: Vec<Diagnostic>,
}

impl Input {
    /// The input of `path`, read as `text` with its `diagnostic`.
    fn of(path: &Path, (text, diagnostic): (String, Option<Diagnostic>)) -> Self {
        Input {
            name: path.display().to_string(),
            text,
            diagnostics: diagnostic.into_iter().collect(),
        }
    }
}

/// Reads `path`, a file of `kind` (its size limit, see
/// [`crate::storage::text_file`]); `Err` says why it cannot be read.
pub fn read(path: &Path, kind: TextKind) -> Result<Input, ReadError> {
    Ok(Input::of(path, text_file::read_text(path, kind)?))
}

/// The one sentence of a file that cannot be read (status 2): the system's
/// error, or a file too large for its kind.
pub fn cannot_read_message(lang: Lang, path: &Path, error: &ReadError) -> String {
    text_file::cannot_read_message(lang, path, error)
}

/// A UTF-8 file of `kind` (a save, a ruleset: RON), whole; `Err` says why it
/// cannot be read.
pub fn read_utf8(path: &Path, kind: TextKind) -> Result<String, CliError> {
    let bytes = text_file::read_bytes(path, kind.limit()).map_err(|error| CliError::Read {
        file: path.to_path_buf(),
        error,
    })?;
    String::from_utf8(bytes).map_err(|_| CliError::NotUtf8 {
        file: path.to_path_buf(),
    })
}
