//! Reading a text file, for the command line, the app and the mail robot alike
//! (the one reading: [`read_text`]): a file far larger than any real one of its
//! kind (a hostile or damaged file, a wrong file) is refused before it is read,
//! never read whole into memory; a file with a NUL byte is no text and refused;
//! the text is UTF-8, else Windows-1252 with an info diagnostic saying so.
//!
//! The limits ([`TextKind::limit`], stated in the README) are far above any real
//! file: a CR of a 2002 game is under 100 KB, an order file a few KB.

use std::io::Read;
use std::path::Path;

use crate::diagnostic::Diagnostic;
use crate::i18n::{Lang, tr_args};

/// One mebibyte.
const MIB: u64 = 1024 * 1024;

/// What a text file is, for its size limit.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TextKind {
    /// A turn report (CR).
    Report,
    /// A `.NBT` companion file.
    Nbt,
    /// An order file or an orders mail.
    Orders,
    /// A game save (`.ron`), or a game folder's other files.
    Save,
    /// A ruleset file (RON).
    Ruleset,
    /// A combat simulator setup (RON).
    CombatSetup,
}

impl TextKind {
    /// The largest file of this kind that is read, in bytes.
    pub const fn limit(self) -> u64 {
        match self {
            TextKind::Report | TextKind::Nbt => 64 * MIB,
            TextKind::Orders | TextKind::CombatSetup => 16 * MIB,
            TextKind::Save => 256 * MIB,
            TextKind::Ruleset => 4 * MIB,
        }
    }
}

/// Why a file was not read.
#[derive(Debug)]
pub enum ReadError {
    /// The system's error (missing file, no permission …).
    Io(std::io::Error),
    /// The path is a folder.
    Directory,
    /// Not a text file (a NUL byte): [`read_text`] only.
    Binary,
    /// Larger than the limit of its kind: `bytes` is its size (at least
    /// `limit + 1` when the size could not be known beforehand, a pipe).
    TooLarge { bytes: u64, limit: u64 },
}

impl ReadError {
    /// Whole mebibytes, rounded up: the size in the "too large" messages.
    pub fn megabytes(bytes: u64) -> u64 {
        bytes.div_ceil(MIB)
    }
}

impl std::fmt::Display for ReadError {
    /// The system's message (an I/O error); the callers word the other cases.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ReadError::Io(error) => write!(f, "{error}"),
            ReadError::Directory => write!(f, "is a directory"),
            ReadError::Binary => write!(f, "is not a text file"),
            ReadError::TooLarge { bytes, limit } => write!(f, "{bytes} > {limit} bytes"),
        }
    }
}

impl From<std::io::Error> for ReadError {
    fn from(error: std::io::Error) -> Self {
        ReadError::Io(error)
    }
}

/// The bytes of `path`, refused when there are more than `limit`. Never reads
/// more than `limit + 1` bytes, whatever the file (a pipe, a growing file).
pub fn read_bytes(path: &Path, limit: u64) -> Result<Vec<u8>, ReadError> {
    if std::fs::metadata(path)?.is_dir() {
        return Err(ReadError::Directory);
    }
    let file = std::fs::File::open(path)?;
    let metadata = file.metadata()?;
    if metadata.len() > limit {
        return Err(ReadError::TooLarge {
            bytes: metadata.len(),
            limit,
        });
    }
    // The size said by the file system is a hint (0 for a pipe).
    let hint = usize::try_from(metadata.len()).unwrap_or(0);
    let mut bytes = Vec::with_capacity(hint.saturating_add(1));
    file.take(limit.saturating_add(1)).read_to_end(&mut bytes)?;
    let read = bytes.len() as u64;
    if read > limit {
        return Err(ReadError::TooLarge { bytes: read, limit });
    }
    Ok(bytes)
}

/// The text of `path` (UTF-8, a byte order mark dropped, else Windows-1252 with
/// an info diagnostic, see [`crate::text::decode_owned`]), refused when larger
/// than the limit of its `kind` or when it holds a NUL byte (no text file).
pub fn read_text(path: &Path, kind: TextKind) -> Result<(String, Option<Diagnostic>), ReadError> {
    let bytes = read_bytes(path, kind.limit())?;
    if bytes.contains(&0) {
        return Err(ReadError::Binary);
    }
    Ok(crate::text::decode_owned(bytes))
}

/// The kind of a turn's file by its name: an NBT by extension (any case),
/// else a CR.
pub fn turn_file_kind(path: &Path) -> TextKind {
    let nbt = path
        .extension()
        .and_then(|e| e.to_str())
        .is_some_and(|e| e.eq_ignore_ascii_case(crate::nbt::EXTENSION));
    if nbt { TextKind::Nbt } else { TextKind::Report }
}

/// The one sentence of a file that cannot be read (status 2): the system's
/// error, or a file too large for its kind.
pub fn cannot_read_message(lang: Lang, path: &Path, error: &ReadError) -> String {
    let file = path.display().to_string();
    match error {
        ReadError::TooLarge { bytes, limit } => tr_args(
            lang,
            "cli-file-too-large",
            &[
                ("file", &file),
                ("megabytes", &ReadError::megabytes(*bytes).to_string()),
                ("max", &ReadError::megabytes(*limit).to_string()),
            ],
        ),
        ReadError::Directory => tr_args(lang, "cli-file-is-directory", &[("file", &file)]),
        ReadError::Binary => tr_args(lang, "cli-file-binary", &[("file", &file)]),
        ReadError::Io(error) => tr_args(
            lang,
            "cli-cannot-read",
            &[
                ("file", &file),
                (
                    "error",
                    &io_error_text(lang, error.kind(), &error.to_string()),
                ),
            ],
        ),
    }
}

/// The system's error in the interface language where its kind is a common
/// one (no such file, permission denied…); else the system's own words.
pub fn io_error_text(lang: Lang, kind: std::io::ErrorKind, system: &str) -> String {
    use std::io::ErrorKind as K;
    let id = match kind {
        K::NotFound => "io-not-found",
        K::PermissionDenied => "io-permission-denied",
        K::IsADirectory => "io-is-a-directory",
        K::InvalidData => "io-invalid-data",
        K::Interrupted | K::TimedOut | K::WouldBlock => "io-interrupted",
        _ => return system.to_string(),
    };
    crate::i18n::tr(lang, id)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_file_over_the_limit_is_refused_and_one_at_the_limit_read() {
        let dir = std::env::temp_dir().join(format!("nebutil-text-file-{}", std::process::id()));
        let _ = std::fs::create_dir_all(&dir);
        let path = dir.join("t.cr");
        assert!(std::fs::write(&path, b"0123456789").is_ok());
        assert_eq!(read_bytes(&path, 10).ok(), Some(b"0123456789".to_vec()));
        assert!(matches!(
            read_bytes(&path, 9),
            Err(ReadError::TooLarge {
                bytes: 10,
                limit: 9
            })
        ));
        assert!(matches!(read_bytes(&dir, 9), Err(ReadError::Directory)));
        assert!(matches!(
            read_bytes(&dir.join("missing"), 9),
            Err(ReadError::Io(_))
        ));
        let binary = dir.join("t.nbt");
        assert!(std::fs::write(&binary, b"NEBULA\0").is_ok());
        assert!(matches!(
            read_text(&binary, turn_file_kind(&binary)),
            Err(ReadError::Binary)
        ));
        assert_eq!(turn_file_kind(&binary), TextKind::Nbt);
        assert_eq!(turn_file_kind(&path), TextKind::Report);
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn limits_are_far_above_real_files() {
        assert_eq!(TextKind::Report.limit(), 64 * MIB);
        assert!(TextKind::Ruleset.limit() >= MIB);
        assert_eq!(ReadError::megabytes(MIB + 1), 2);
    }
}
