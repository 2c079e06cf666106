//! Reading the files named on the command line: bytes to text.
//!
//! CRs of 1999–2002 were written on Windows: a file that is not valid UTF-8 is read
//! as Windows-1252 (a superset of Latin-1) and an info diagnostic says so. A UTF-8
//! byte-order mark is dropped.

use std::path::Path;

use crate::diagnostic::Diagnostic;

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

/// Bytes to text: UTF-8 (without BOM), else Windows-1252 (see [`crate::text`]).
pub fn decode(bytes: &[u8]) -> (String, Vec<Diagnostic>) {
    let (text, diagnostic) = crate::text::decode(bytes);
    (text, diagnostic.into_iter().collect())
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
        assert_eq!(diagnostics[0].code, "text-windows-1252");
        assert_eq!(
            (diagnostics[0].span.line, diagnostics[0].span.column),
            (2, 8)
        );
    }
}
