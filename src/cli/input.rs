//! Reading the files named on the command line: bytes to text.
//!
//! CRs of 1999–2002 were written on Windows: a file that is not valid UTF-8 is read
//! as Windows-1252 (a superset of Latin-1) and an info diagnostic says so. A UTF-8
//! byte-order mark is dropped.

use std::path::Path;

use crate::diagnostic::{Diagnostic, Span};

/// One file read as text.
pub struct Input {
    /// The path as the user wrote it (used in `file:line:col:` messages).
    pub name: String,
    pub text: String,
    /// `cli-windows-1252` when the file was not UTF-8.
    pub diagnostics: Vec<Diagnostic>,
}

/// Reads `path`; `Err` carries the system's message when it cannot be read.
pub fn read(path: &Path) -> Result<Input, std::io::Error> {
    let bytes = std::fs::read(path)?;
    let (text, diagnostics) = decode(&bytes);
    Ok(Input {
        name: path.display().to_string(),
        text,
        diagnostics,
    })
}

/// Bytes to text: UTF-8 (without BOM), else Windows-1252.
pub fn decode(bytes: &[u8]) -> (String, Vec<Diagnostic>) {
    let bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
    match std::str::from_utf8(bytes) {
        Ok(text) => (text.to_string(), Vec::new()),
        Err(error) => {
            // The first byte that is not UTF-8, located for the message.
            let valid = &bytes[..error.valid_up_to()];
            let line = valid.iter().filter(|b| **b == b'\n').count() + 1;
            let line_start = valid.iter().rposition(|b| *b == b'\n').map_or(0, |i| i + 1);
            let column = String::from_utf8_lossy(&valid[line_start..])
                .chars()
                .count()
                + 1;
            let span = Span::new(line as u32, column as u32, column as u32 + 1);
            let text = bytes.iter().map(|b| windows_1252(*b)).collect();
            (text, vec![Diagnostic::info("cli-windows-1252", span)])
        }
    }
}

/// One Windows-1252 byte as a char (0x80–0x9F differ from Latin-1; the five
/// undefined bytes map to the C1 control of the same value, as browsers do).
fn windows_1252(byte: u8) -> char {
    const HIGH: [char; 32] = [
        '€', '\u{81}', '‚', 'ƒ', '„', '…', '†', '‡', 'ˆ', '‰', 'Š', '‹', 'Œ', '\u{8d}', 'Ž',
        '\u{8f}', '\u{90}', '‘', '’', '“', '”', '•', '–', '—', '˜', '™', 'š', '›', 'œ', '\u{9d}',
        'ž', 'Ÿ',
    ];
    match byte {
        0x80..=0x9f => HIGH[usize::from(byte - 0x80)],
        _ => char::from(byte),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn utf8_is_kept_and_bom_dropped() {
        let (text, diagnostics) = decode("\u{feff}Capacité minière : 34".as_bytes());
        assert_eq!(text, "Capacité minière : 34");
        assert!(diagnostics.is_empty());
    }

    #[test]
    fn windows_1252_is_decoded_and_reported() {
        let bytes = b"Statistiques\nCapacit\xe9 mini\xe8re : 34 \x80 \x9c";
        let (text, diagnostics) = decode(bytes);
        assert_eq!(text, "Statistiques\nCapacité minière : 34 € œ");
        assert_eq!(diagnostics.len(), 1);
        assert_eq!(diagnostics[0].code, "cli-windows-1252");
        assert_eq!(
            (diagnostics[0].span.line, diagnostics[0].span.column),
            (2, 8)
        );
    }
}
