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

/// A text read whole for one command ([`read_text_buffer`]): a big file's
/// bytes in a memory map of their own, in huge pages where the system has them
/// (a CR of 50 MB is 12,000 page faults in ordinary pages: half the time of
/// reading it), else a `String`.
pub struct TextBuffer {
    inner: Buffer,
}

enum Buffer {
    Text(String),
    /// Bytes checked to be UTF-8 when read (a byte order mark excluded).
    #[cfg(target_os = "linux")]
    Mapped {
        map: memmap2::MmapMut,
        text: std::ops::Range<usize>,
    },
}

impl TextBuffer {
    /// The text. A mapped buffer's bytes are checked to be UTF-8 again on
    /// each call (it costs a pass over them): take it once.
    pub fn as_str(&self) -> &str {
        match &self.inner {
            Buffer::Text(text) => text,
            #[cfg(target_os = "linux")]
            Buffer::Mapped { map, text } => map
                .get(text.clone())
                .and_then(|bytes| std::str::from_utf8(bytes).ok())
                .unwrap_or_default(),
        }
    }
}

/// From this size a file read by [`read_text_buffer`] goes to a memory map.
#[cfg(target_os = "linux")]
const MAPPED_FROM: u64 = 4 * MIB;

/// [`read_text`] into a [`TextBuffer`]: the same text, the same refusals, the
/// same diagnostic; a big file (from 4 MiB, on Linux) read into huge pages.
pub fn read_text_buffer(
    path: &Path,
    kind: TextKind,
) -> Result<(TextBuffer, Option<Diagnostic>), ReadError> {
    #[cfg(target_os = "linux")]
    if let Some(read) = read_mapped(path, kind)? {
        return Ok(read);
    }
    let (text, diagnostic) = read_text(path, kind)?;
    Ok((
        TextBuffer {
            inner: Buffer::Text(text),
        },
        diagnostic,
    ))
}

/// [`read_text_buffer`] of a big regular file; `None` when the file is small,
/// not regular, not of the size its metadata said (growing while read), or the
/// map cannot be made: then it is read as any other.
#[cfg(target_os = "linux")]
fn read_mapped(
    path: &Path,
    kind: TextKind,
) -> Result<Option<(TextBuffer, Option<Diagnostic>)>, ReadError> {
    use std::os::unix::fs::FileExt;
    let metadata = std::fs::metadata(path)?;
    if !metadata.is_file() || metadata.len() < MAPPED_FROM || metadata.len() > kind.limit() {
        return Ok(None);
    }
    let Ok(size) = usize::try_from(metadata.len()) else {
        return Ok(None);
    };
    let file = std::fs::File::open(path)?;
    let Ok(mut map) = memmap2::MmapMut::map_anon(size) else {
        return Ok(None);
    };
    // Advice only: ordinary pages when the system has no huge pages to give.
    let _ = map.advise(memmap2::Advice::HugePage);
    // Read in parts on the machine's cores: the system clears each fresh page
    // for the thread that first writes it (most of the time of reading), and
    // each part is looked over for a NUL while in the processor's cache.
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get().clamp(1, 4));
    let part_len = size.div_ceil(threads).max(1);
    let parts: Vec<std::io::Result<(usize, bool)>> = std::thread::scope(|scope| {
        let file = &file;
        let helpers: Vec<_> = map
            .chunks_mut(part_len)
            .enumerate()
            .map(|(k, part)| scope.spawn(move || read_part(file, part, k * part_len)))
            .collect();
        helpers
            .into_iter()
            .map(|helper| {
                helper
                    .join()
                    .unwrap_or_else(|_| Err(std::io::Error::other("a reading thread stopped")))
            })
            .collect()
    });
    let mut filled = 0;
    let mut nul = false;
    for part in parts {
        let (read, part_nul) = part?;
        filled += read;
        nul |= part_nul;
    }
    // Shorter or longer than said: changed while read, read as any other.
    let mut probe = [0u8; 1];
    if filled != size || !matches!(file.read_at(&mut probe, size as u64), Ok(0)) {
        return Ok(None);
    }
    if nul {
        return Err(ReadError::Binary);
    }
    let bytes = map.get(..filled).unwrap_or_default();
    let start = if bytes.starts_with(b"\xEF\xBB\xBF") {
        3
    } else {
        0
    };
    let text = bytes.get(start..).unwrap_or_default();
    if std::str::from_utf8(text).is_err() {
        let (text, diagnostic) = crate::text::decode(bytes);
        return Ok(Some((
            TextBuffer {
                inner: Buffer::Text(text),
            },
            diagnostic,
        )));
    }
    Ok(Some((
        TextBuffer {
            inner: Buffer::Mapped {
                map,
                text: start..filled,
            },
        },
        None,
    )))
}

/// Reads `part` of `file` from `offset`: how many bytes were read (short when
/// the file ended before the part) and whether they hold a NUL.
#[cfg(target_os = "linux")]
fn read_part(
    file: &std::fs::File,
    part: &mut [u8],
    offset: usize,
) -> std::io::Result<(usize, bool)> {
    use std::os::unix::fs::FileExt;
    let mut filled = 0;
    while let Some(rest) = part.get_mut(filled..).filter(|rest| !rest.is_empty()) {
        match file.read_at(rest, (offset + filled) as u64) {
            Ok(0) => break,
            Ok(n) => filled += n,
            Err(error) if error.kind() == std::io::ErrorKind::Interrupted => {}
            Err(error) => return Err(error),
        }
    }
    Ok((filled, holds_nul(part.get(..filled).unwrap_or_default())))
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
    fn a_big_file_read_into_a_buffer_is_the_text_read_otherwise() {
        let dir = std::env::temp_dir().join(format!("nebutil-text-buffer-{}", std::process::id()));
        let _ = std::fs::create_dir_all(&dir);
        let line = "M_12 (3,4) \"Zéphyr\" [I=4]=2 P=10 MP=3(+1)\n";
        let utf8 = line.repeat(5 * 1024 * 1024 / line.len());
        let mut with_bom = b"\xEF\xBB\xBF".to_vec();
        with_bom.extend_from_slice(utf8.as_bytes());
        // "é" in Windows-1252, far down.
        let mut legacy = utf8.clone().into_bytes();
        legacy.extend_from_slice(b"M_13 \"Z\xe9phyr\"\n");
        let mut nul = utf8.clone().into_bytes();
        nul.extend_from_slice(b"M_14\0\n");
        for (name, bytes) in [
            ("small.cr", line.as_bytes().to_vec()),
            ("utf8.cr", utf8.clone().into_bytes()),
            ("bom.cr", with_bom),
            ("legacy.cr", legacy),
        ] {
            let path = dir.join(name);
            assert!(std::fs::write(&path, &bytes).is_ok());
            let (text, diagnostic) = read_text(&path, TextKind::Report).expect(name);
            let (buffer, buffer_diagnostic) =
                read_text_buffer(&path, TextKind::Report).expect(name);
            assert!(buffer.as_str() == text, "{name}");
            assert_eq!(buffer_diagnostic, diagnostic, "{name}");
        }
        let path = dir.join("nul.cr");
        assert!(std::fs::write(&path, &nul).is_ok());
        assert!(matches!(
            read_text_buffer(&path, TextKind::Report),
            Err(ReadError::Binary)
        ));
        assert!(matches!(
            read_text_buffer(&dir, TextKind::Report),
            Err(ReadError::Directory)
        ));
        // Over the limit of its kind (16 MiB for orders).
        let path = dir.join("big.txt");
        assert!(std::fs::write(&path, utf8.repeat(4)).is_ok());
        assert!(matches!(
            read_text_buffer(&path, TextKind::Orders),
            Err(ReadError::TooLarge { .. })
        ));
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
