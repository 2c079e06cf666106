//! One text file as the application holds it: where it came from, its role in a
//! turn, its text decoded (UTF-8, else Windows-1252), and why a file is refused
//! ([`LoadError`], with its message in the player's language).

use std::path::{Path, PathBuf};

use crate::diagnostic::{Diagnostic, Localized};
use crate::i18n::{Lang, tr_args};
use crate::nbt;
use crate::storage::text_file::{self, ReadError, TextKind};

/// The largest CR the application opens (a CR of a 2002 game is under 100 KB);
/// an NBT has its own limit (see [`crate::storage::text_file`]).
pub const MAX_FILE_BYTES: u64 = TextKind::Report.limit();

/// Where a text came from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SourceOrigin {
    /// Embedded in the application (the demo game), by file name.
    Demo(String),
    File(PathBuf),
    /// The arbiter's report of a game's galaxy as it is, made from its save
    /// (`game::folder::arbiter_report`), by file name.
    Arbiter(String),
    /// The next turn as the preview predicts it (`resolve::partial`), shown
    /// like a turn but never one of the session's.
    Predicted(String),
}

/// Which file of a turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FileRole {
    Cr,
    Nbt,
}

/// A text file as loaded, with what its reader said about it.
#[derive(Clone, Debug)]
pub struct SourceFile {
    pub origin: SourceOrigin,
    /// The name shown to the user (the file name).
    pub name: String,
    pub text: String,
    /// Byte offset of the start of each line, in `u32` (half the memory:
    /// 1 MB for a 10 MB report's lines). Files are read up to 256 MiB; of a
    /// text past 4 GiB, only the lines starting in its first 4 GiB are found.
    line_starts: Vec<u32>,
    pub diagnostics: Vec<Diagnostic>,
}

impl SourceFile {
    pub fn new(origin: SourceOrigin, name: &str, text: String) -> Self {
        let mut line_starts = vec![0];
        line_starts.extend(
            text.bytes()
                .enumerate()
                .filter(|(_, b)| *b == b'\n')
                .map(|(i, _)| i + 1)
                .filter(|start| *start < text.len())
                .map_while(|start| u32::try_from(start).ok()),
        );
        if text.is_empty() {
            line_starts.clear();
        }
        SourceFile {
            origin,
            name: name.to_string(),
            text,
            line_starts,
            diagnostics: Vec::new(),
        }
    }

    /// The number of lines.
    pub fn line_count(&self) -> usize {
        self.line_starts.len()
    }

    /// Line `number` (1-based) without its line break; `None` past the end.
    pub fn line(&self, number: u32) -> Option<&str> {
        let index = usize::try_from(number).ok()?.checked_sub(1)?;
        let start = *self.line_starts.get(index)? as usize;
        let end = self
            .line_starts
            .get(index + 1)
            .map_or(self.text.len(), |&end| end as usize);
        let line = self.text.get(start..end)?;
        Some(line.trim_end_matches(['\n', '\r']))
    }

    pub fn path(&self) -> Option<&Path> {
        match &self.origin {
            SourceOrigin::Demo(_) | SourceOrigin::Arbiter(_) | SourceOrigin::Predicted(_) => None,
            SourceOrigin::File(path) => Some(path),
        }
    }
}

/// Why a file could not be opened. The message ids are in `gui.ftl`. Displayed
/// as its English message.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{}", Localized::message(self, Lang::En))]
pub enum LoadError {
    /// The operating system refused (missing file, no permission…).
    Io {
        path: PathBuf,
        /// The kind of the system's error (worded in the interface language).
        kind: std::io::ErrorKind,
        /// The system's own words.
        error: String,
    },
    Directory {
        path: PathBuf,
    },
    /// Over the size limit of its kind (`limit`, bytes).
    TooLarge {
        path: PathBuf,
        bytes: u64,
        limit: u64,
    },
    /// Not a text file.
    Binary {
        name: String,
    },
    /// An NBT file the NBT reader could not use, with its first error.
    NbtUnreadable {
        name: String,
        error: Option<Diagnostic>,
    },
    /// A file that is not a CR at all (empty, or nothing in it is CR notation):
    /// the reader's one refusal.
    NotReport {
        name: String,
        reason: Diagnostic,
    },
    /// A CR opened as an ally's that cannot be one (another game, the player's
    /// own, no player): the knowledge's reason.
    AllyRefused {
        name: String,
        reason: Diagnostic,
    },
}

impl LoadError {
    /// The Fluent message id.
    pub fn message_id(&self) -> &'static str {
        match self {
            LoadError::Io { .. } => "gui-error-io",
            LoadError::Directory { .. } => "gui-error-directory",
            LoadError::TooLarge { .. } => "gui-error-too-large",
            LoadError::Binary { .. } => "gui-error-binary",
            LoadError::NbtUnreadable { .. } => "gui-error-nbt",
            LoadError::NotReport { .. } => "gui-error-not-report",
            LoadError::AllyRefused { .. } => "gui-error-ally",
        }
    }

    /// The message arguments, in the language of the message.
    pub fn args(&self, lang: Lang) -> Vec<(String, String)> {
        let path = |p: &Path| ("file".to_string(), p.display().to_string());
        match self {
            LoadError::Io {
                path: p,
                kind,
                error,
            } => vec![
                path(p),
                (
                    "error".into(),
                    crate::storage::text_file::io_error_text(lang, *kind, error),
                ),
            ],
            LoadError::Directory { path: p } => vec![path(p)],
            LoadError::TooLarge {
                path: p,
                bytes,
                limit,
            } => vec![
                path(p),
                ("megabytes".into(), ReadError::megabytes(*bytes).to_string()),
                ("max".into(), ReadError::megabytes(*limit).to_string()),
            ],
            LoadError::Binary { name } => vec![("file".into(), name.clone())],
            LoadError::NbtUnreadable { name, error } => vec![
                ("file".into(), name.clone()),
                (
                    "error".into(),
                    error
                        .as_ref()
                        .map(|d| d.render(name, lang))
                        .unwrap_or_default(),
                ),
            ],
            LoadError::NotReport { name, reason } | LoadError::AllyRefused { name, reason } => {
                vec![
                    ("file".into(), name.clone()),
                    ("reason".into(), reason.message(lang)),
                ]
            }
        }
    }
}

impl Localized for LoadError {
    fn code(&self) -> &str {
        self.message_id()
    }

    fn message(&self, lang: Lang) -> String {
        let args = self.args(lang);
        let args: Vec<(&str, &str)> = args.iter().map(|(k, v)| (k.as_str(), v.as_str())).collect();
        tr_args(lang, self.message_id(), &args)
    }
}

/// True for a file the application reads as an NBT (by extension, any case).
pub fn is_nbt_path(path: &Path) -> bool {
    path.extension()
        .and_then(|e| e.to_str())
        .is_some_and(|e| e.eq_ignore_ascii_case(nbt::EXTENSION))
}

/// The name shown for a path: its file name.
pub fn display_name(path: &Path) -> String {
    path.file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| path.display().to_string())
}

/// Decodes a text file: UTF-8 (a byte order mark is dropped), else Windows-1252
/// with an info diagnostic (see [`crate::text`]). A NUL byte means binary.
pub fn decode(name: &str, bytes: &[u8]) -> Result<(String, Option<Diagnostic>), LoadError> {
    if bytes.contains(&0) {
        return Err(LoadError::Binary {
            name: name.to_string(),
        });
    }
    Ok(crate::text::decode(bytes))
}

/// Reads a file from disk and decodes it: the one reading of
/// [`text_file::read_text`] (UTF-8, else Windows-1252; no NUL byte), within the
/// size limit of its kind (an NBT by extension, else a CR:
/// [`text_file::turn_file_kind`]). The diagnostic, when present, is the info
/// that Windows-1252 was assumed.
pub fn read_text_file(path: &Path) -> Result<(String, Option<Diagnostic>), LoadError> {
    text_file::read_text(path, text_file::turn_file_kind(path))
        .map_err(|error| LoadError::from_read(path, error))
}

impl LoadError {
    /// The error of reading the file at `path` ([`text_file::read_text`]).
    pub fn from_read(path: &Path, error: ReadError) -> Self {
        match error {
            ReadError::Directory => LoadError::Directory {
                path: path.to_path_buf(),
            },
            ReadError::TooLarge { bytes, limit } => LoadError::TooLarge {
                path: path.to_path_buf(),
                bytes,
                limit,
            },
            ReadError::Binary => LoadError::Binary {
                name: display_name(path),
            },
            ReadError::Io(error) => LoadError::Io {
                path: path.to_path_buf(),
                kind: error.kind(),
                error: error.to_string(),
            },
        }
    }
}
