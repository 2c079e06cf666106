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
    if holds_nul(&bytes) {
        return Err(ReadError::Binary);
    }
    Ok(crate::text::decode_owned(bytes))
}

/// A big text file read a part at a time ([`crate::report::TextSource`]):
/// `nebutil report` reads a CR of 50 MB in parts, each into a buffer of the
/// thread reading it, used again part after part — the text is never in
/// memory whole, and no fresh memory is cleared for it (half the time of
/// reading it into a buffer of its size, on a virtual machine). Each part is
/// checked as [`read_text`] checks the whole: no NUL, UTF-8; on any
/// [`PartError`] the file is read whole instead, by [`read_text`], which says
/// what is wrong with it (or decodes it as Windows-1252).
pub struct FileSource {
    file: std::fs::File,
    len: usize,
}

/// Why a part of a [`FileSource`] was not read.
#[derive(Debug)]
pub enum PartError {
    /// The system's error.
    Io(std::io::Error),
    /// The file ended before the part (it changed while read).
    Changed,
    /// A NUL byte: no text file.
    Binary,
    /// Not UTF-8 (a Windows-1252 file, or no text).
    NotUtf8,
}

/// From this size a file is worth reading in parts ([`FileSource`]).
const PARTS_FROM: u64 = 4 * MIB;

impl FileSource {
    /// The file of `path` to read in parts: a regular file from 4 MiB and
    /// within the limit of its `kind`. `None` for any other (read it whole,
    /// with [`read_text`], which says why when it cannot be read).
    pub fn open(path: &Path, kind: TextKind) -> Option<FileSource> {
        let file = std::fs::File::open(path).ok()?;
        let metadata = file.metadata().ok()?;
        if !metadata.is_file() || metadata.len() < PARTS_FROM || metadata.len() > kind.limit() {
            return None;
        }
        let len = usize::try_from(metadata.len()).ok()?;
        // A platform without positioned reads reads the file whole.
        part_at(&file, &mut [], 0).ok()?;
        Some(FileSource { file, len })
    }

    /// True when the file still ends where it ended when opened (it was not
    /// cut or lengthened while read).
    pub fn unchanged(&self) -> bool {
        let mut probe = [0u8; 1];
        self.file
            .metadata()
            .is_ok_and(|m| m.len() == self.len as u64)
            && matches!(part_at(&self.file, &mut probe, self.len as u64), Ok(0))
    }
}

impl crate::report::TextSource for FileSource {
    type Error = PartError;

    fn text_len(&self) -> usize {
        self.len
    }

    fn bytes<'a>(
        &'a self,
        range: std::ops::Range<usize>,
        buffer: &'a mut Vec<u8>,
    ) -> Result<&'a [u8], PartError> {
        if range.end > self.len || range.start > range.end {
            return Err(PartError::Changed);
        }
        // The buffer keeps its bytes beyond the part: only its growth is
        // cleared, once.
        let wanted = range.end - range.start;
        if buffer.len() < wanted {
            buffer.resize(wanted, 0);
        }
        let part = buffer.get_mut(..wanted).unwrap_or_default();
        let mut filled = 0;
        while let Some(rest) = part.get_mut(filled..).filter(|rest| !rest.is_empty()) {
            match part_at(&self.file, rest, (range.start + filled) as u64) {
                Ok(0) => return Err(PartError::Changed),
                Ok(n) => filled += n,
                Err(error) if error.kind() == std::io::ErrorKind::Interrupted => {}
                Err(error) => return Err(PartError::Io(error)),
            }
        }
        let part = buffer.get(..wanted).unwrap_or_default();
        if holds_nul(part) {
            return Err(PartError::Binary);
        }
        Ok(part)
    }

    fn text<'a>(
        &'a self,
        range: std::ops::Range<usize>,
        buffer: &'a mut Vec<u8>,
    ) -> Result<&'a str, PartError> {
        std::str::from_utf8(self.bytes(range, buffer)?).map_err(|_| PartError::NotUtf8)
    }
}

/// Reads into `buffer` from `offset` of `file`, without moving its position
/// (threads read their parts at once).
#[cfg(unix)]
fn part_at(file: &std::fs::File, buffer: &mut [u8], offset: u64) -> std::io::Result<usize> {
    std::os::unix::fs::FileExt::read_at(file, buffer, offset)
}

/// See the other `part_at` (Windows: the position moves, but no reading
/// relies on it).
#[cfg(windows)]
fn part_at(file: &std::fs::File, buffer: &mut [u8], offset: u64) -> std::io::Result<usize> {
    std::os::windows::fs::FileExt::seek_read(file, buffer, offset)
}

/// See the other `part_at`: no positioned reading here.
#[cfg(not(any(unix, windows)))]
fn part_at(_: &std::fs::File, _: &mut [u8], _: u64) -> std::io::Result<usize> {
    Err(std::io::Error::from(std::io::ErrorKind::Unsupported))
}

/// True when `bytes` hold a NUL, looked for eight bytes to a word in blocks
/// (the compiler makes vector code of it: a pass over a big CR in a few
/// milliseconds).
fn holds_nul(bytes: &[u8]) -> bool {
    const ONES: u64 = 0x0101_0101_0101_0101;
    const HIGHS: u64 = 0x8080_8080_8080_8080;
    let mut blocks = bytes.chunks_exact(8 * 256);
    for block in blocks.by_ref() {
        let mut zeros = 0u64;
        for x in crate::text::words(block) {
            zeros |= x.wrapping_sub(ONES) & !x & HIGHS;
        }
        if zeros != 0 {
            return true;
        }
    }
    blocks.remainder().contains(&0)
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
    fn a_big_file_read_in_parts_is_the_text_read_whole() {
        use crate::report::TextSource;
        let dir = std::env::temp_dir().join(format!("nebutil-file-source-{}", std::process::id()));
        let _ = std::fs::create_dir_all(&dir);
        let line = "M_12 (3,4) \"Zéphyr\" [I=4]=2 P=10 MP=3(+1)\n";
        let utf8 = line.repeat(5 * 1024 * 1024 / line.len());
        let path = dir.join("utf8.cr");
        assert!(std::fs::write(&path, &utf8).is_ok());
        let Some(source) = FileSource::open(&path, TextKind::Report) else {
            panic!("a big CR is read in parts");
        };
        assert_eq!(source.text_len(), utf8.len());
        let mut buffer = Vec::new();
        // Parts at line starts, long then short: the buffer used again.
        let cut = line.len() * 1000;
        for range in [0..utf8.len(), cut..utf8.len() - line.len(), cut..cut * 2] {
            let part = source.text(range.clone(), &mut buffer).ok();
            assert_eq!(part, utf8.get(range.clone()), "{range:?}");
        }
        assert!(matches!(
            source.bytes(0..utf8.len() + 1, &mut buffer),
            Err(PartError::Changed)
        ));
        assert!(source.unchanged());
        // Cut in the middle of "é": not UTF-8.
        let e = utf8.find('é').unwrap_or(0);
        assert!(matches!(
            source.text(0..e + 1, &mut buffer),
            Err(PartError::NotUtf8)
        ));
        // "é" in Windows-1252, far down; a NUL.
        let mut legacy = utf8.clone().into_bytes();
        legacy.extend_from_slice(b"M_13 \"Z\xe9phyr\"\n");
        let mut nul = utf8.clone().into_bytes();
        nul.extend_from_slice(b"M_14\0\n");
        for (name, bytes, error) in [("legacy.cr", legacy, "NotUtf8"), ("nul.cr", nul, "Binary")] {
            let path = dir.join(name);
            assert!(std::fs::write(&path, &bytes).is_ok());
            let Some(source) = FileSource::open(&path, TextKind::Report) else {
                panic!("{name} is read in parts");
            };
            let read = source.text(0..bytes.len(), &mut buffer).map(|_| ());
            assert_eq!(format!("{:?}", read.err()), format!("Some({error})"));
        }
        // Lengthened after it was opened.
        let Some(source) = FileSource::open(&path, TextKind::Report) else {
            panic!("utf8.cr is read in parts");
        };
        assert!(std::fs::write(&path, utf8.repeat(2)).is_ok());
        assert!(!source.unchanged());
        // Small, a folder, over the limit of its kind (16 MiB for orders):
        // read whole, by `read_text`.
        let small = dir.join("small.cr");
        assert!(std::fs::write(&small, line).is_ok());
        assert!(FileSource::open(&small, TextKind::Report).is_none());
        assert!(FileSource::open(&dir, TextKind::Report).is_none());
        assert!(std::fs::write(&path, utf8.repeat(4)).is_ok());
        assert!(FileSource::open(&path, TextKind::Orders).is_none());
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn finds_a_nul_wherever_it_is() {
        for len in [0usize, 1, 7, 8, 2047, 2048, 2049, 5000] {
            let mut bytes: Vec<u8> = (0..len).map(|i| 1 + (i % 255) as u8).collect();
            assert!(!holds_nul(&bytes), "{len}");
            for at in [0, len / 2, len.saturating_sub(1)] {
                if let Some(b) = bytes.get_mut(at) {
                    let was = *b;
                    *b = 0;
                    assert!(holds_nul(&bytes), "{len} at {at}");
                    bytes[at] = was;
                }
            }
        }
        // Bytes next to zero in every way (0x80, 0x01, 0xff) are no NUL.
        assert!(!holds_nul(
            &[0x80, 0x01, 0xff, 0x81, 0x7f, 0x01, 0x80, 0x80].repeat(300)
        ));
    }

    #[test]
    fn limits_are_far_above_real_files() {
        assert_eq!(TextKind::Report.limit(), 64 * MIB);
        assert!(TextKind::Ruleset.limit() >= MIB);
        assert_eq!(ReadError::megabytes(MIB + 1), 2);
    }
}
