//! Text files as players have them: UTF-8, or Windows-1252 as the programs of
//! 2002 (Nébutil ran under Windows) saved CRs and order files.

use crate::diagnostic::{Diagnostic, Span};

/// Bytes to text: UTF-8 (a byte order mark is dropped), else Windows-1252. In the
/// second case an info diagnostic `text-windows-1252` points at the first byte that
/// is not UTF-8.
pub fn decode(bytes: &[u8]) -> (String, Option<Diagnostic>) {
    let bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
    match std::str::from_utf8(bytes) {
        Ok(text) => (text.to_string(), None),
        Err(error) => legacy(bytes, error.valid_up_to()),
    }
}

/// [`decode`], taking the bytes: UTF-8 text reuses them (no copy).
pub fn decode_owned(mut bytes: Vec<u8>) -> (String, Option<Diagnostic>) {
    if bytes.starts_with(b"\xEF\xBB\xBF") {
        bytes.drain(..3);
    }
    match String::from_utf8(bytes) {
        Ok(text) => (text, None),
        Err(error) => {
            let valid = error.utf8_error().valid_up_to();
            legacy(error.as_bytes(), valid)
        }
    }
}

/// Windows-1252 text, and the diagnostic locating the first byte (`valid`) that
/// is not UTF-8. The text is allocated once, at its exact size.
fn legacy(bytes: &[u8], valid: usize) -> (String, Option<Diagnostic>) {
    let prefix = bytes.get(..valid).unwrap_or(bytes);
    let line = prefix.iter().filter(|b| **b == b'\n').count() + 1;
    let line_start = prefix
        .iter()
        .rposition(|b| *b == b'\n')
        .map_or(0, |i| i + 1);
    let column = String::from_utf8_lossy(prefix.get(line_start..).unwrap_or_default())
        .chars()
        .count()
        + 1;
    let to_u32 = |n: usize| u32::try_from(n).unwrap_or(u32::MAX);
    let span = Span::new(
        to_u32(line),
        to_u32(column),
        to_u32(column).saturating_add(1),
    );
    // Every byte has a character in Windows-1252 (the WHATWG table: the five
    // undefined bytes are the C1 controls of the same value, as browsers do), so
    // nothing is replaced.
    let text = encoding_rs::WINDOWS_1252
        .decode_without_bom_handling(bytes)
        .0
        .into_owned();
    (text, Some(Diagnostic::info("text-windows-1252", span)))
}

/// The eight-byte words of `bytes` (little-endian; the bytes past the last
/// whole word are left out): how the byte searches over a whole text
/// (newlines, NUL) test eight bytes at once, in code the compiler makes vector
/// code of.
pub fn words(bytes: &[u8]) -> impl Iterator<Item = u64> + '_ {
    bytes.chunks_exact(8).map(|chunk| {
        let mut word = [0u8; 8];
        word.copy_from_slice(chunk);
        u64::from_le_bytes(word)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn utf8_is_kept_and_bom_dropped() {
        let (text, diagnostic) = decode("\u{feff}Capacité minière : 34".as_bytes());
        assert_eq!(text, "Capacité minière : 34");
        assert!(diagnostic.is_none());
    }

    #[test]
    fn windows_1252_is_decoded_and_located() {
        let bytes = b"Statistiques\nCapacit\xe9 mini\xe8re : 34 \x80 \x9c";
        let (text, diagnostic) = decode(bytes);
        assert_eq!(text, "Statistiques\nCapacité minière : 34 € œ");
        let diagnostic = diagnostic.expect("the legacy encoding is reported");
        assert_eq!(diagnostic.code, "text-windows-1252");
        assert_eq!((diagnostic.span.line, diagnostic.span.column), (2, 8));
    }

    /// 0x80–0x9F are the Windows-1252 signs (the five undefined bytes the C1
    /// controls of the same value), every other byte its Latin-1 character.
    #[test]
    fn every_byte_has_its_windows_1252_character() {
        let high = "€\u{81}‚ƒ„…†‡ˆ‰Š‹Œ\u{8d}Ž\u{8f}\u{90}‘’“”•–—˜™š›œ\u{9d}žŸ";
        let bytes: Vec<u8> = (0x80..=0xff).collect();
        let (text, diagnostic) = decode(&bytes);
        assert!(diagnostic.is_some());
        let expected: String = high
            .chars()
            .chain((0xa0..=0xffu32).filter_map(char::from_u32))
            .collect();
        assert_eq!(text, expected);
    }
}
