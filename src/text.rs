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
        Err(error) => {
            let valid = &bytes[..error.valid_up_to()];
            let line = valid.iter().filter(|b| **b == b'\n').count() + 1;
            let line_start = valid.iter().rposition(|b| *b == b'\n').map_or(0, |i| i + 1);
            let column = String::from_utf8_lossy(&valid[line_start..])
                .chars()
                .count()
                + 1;
            let span = Span::new(line as u32, column as u32, column as u32 + 1);
            let text = bytes.iter().map(|b| windows_1252(*b)).collect();
            (text, Some(Diagnostic::info("text-windows-1252", span)))
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
}
