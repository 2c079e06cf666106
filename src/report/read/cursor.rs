//! A byte cursor over one CR line.
//!
//! Positions are byte offsets into the *original* line (before trimming and before
//! any markdown bold is stripped), so a diagnostic's column is always the column of
//! the character in the file. The cursor only ever stops on ASCII bytes it has
//! recognised or on whole characters, so every position is a char boundary.

/// Why a line could not be read: the code of the diagnostic and where.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Fail {
    pub pos: usize,
    pub code: &'static str,
}

pub(super) type Parse<T> = Result<T, Fail>;

/// The unreadable-character error.
pub(super) const SYNTAX: &str = "cr-syntax";
/// A number that does not fit.
pub(super) const TOO_LARGE: &str = "cr-number-too-large";

#[derive(Clone, Copy)]
pub(super) struct Cursor<'a> {
    pub line: &'a str,
    bytes: &'a [u8],
    pub pos: usize,
    pub end: usize,
}

impl<'a> Cursor<'a> {
    /// A cursor over `line[start..end]`.
    pub fn new(line: &'a str, start: usize, end: usize) -> Self {
        let end = end.min(line.len());
        Cursor {
            line,
            // Cut at `end`: one bounds check per byte read.
            bytes: line.as_bytes().get(..end).unwrap_or_default(),
            pos: start.min(end),
            end,
        }
    }

    #[inline]
    pub fn at_end(&self) -> bool {
        self.pos >= self.end
    }

    #[inline]
    pub fn peek(&self) -> Option<u8> {
        self.bytes.get(self.pos).copied()
    }

    #[inline]
    pub fn peek_at(&self, offset: usize) -> Option<u8> {
        self.bytes.get(self.pos.wrapping_add(offset)).copied()
    }

    /// Advances over one whole character.
    pub fn bump(&mut self) {
        if self.pos >= self.end {
            return;
        }
        self.pos += 1;
        while self.pos < self.end && self.bytes.get(self.pos).is_some_and(|b| b & 0xC0 == 0x80) {
            self.pos += 1;
        }
    }

    /// Eats the ASCII byte `b`.
    #[inline]
    pub fn eat(&mut self, b: u8) -> bool {
        if self.peek() == Some(b) {
            self.pos += 1;
            true
        } else {
            false
        }
    }

    /// Eats one of the ASCII letters, either case.
    #[inline]
    pub fn eat_ci(&mut self, b: u8) -> bool {
        match self.peek() {
            Some(c) if c.eq_ignore_ascii_case(&b) => {
                self.pos += 1;
                true
            }
            _ => false,
        }
    }

    /// True when the text at the cursor starts with `s` (ASCII, case-insensitive).
    #[inline]
    pub fn looking_at_ci(&self, s: &str) -> bool {
        let s = s.as_bytes();
        let Some(end) = self.pos.checked_add(s.len()) else {
            return false;
        };
        end <= self.end
            && self
                .bytes
                .get(self.pos..end)
                .is_some_and(|have| have.eq_ignore_ascii_case(s))
    }

    /// Eats `s` (ASCII, case-insensitive).
    #[inline]
    pub fn eat_str_ci(&mut self, s: &str) -> bool {
        if self.looking_at_ci(s) {
            self.pos += s.len();
            true
        } else {
            false
        }
    }

    /// Length in bytes of the space character at `at`, if it is one (space, tab,
    /// no-break space, narrow no-break space).
    #[inline]
    fn space_len(&self, at: usize) -> usize {
        match self.bytes.get(at) {
            Some(b' ' | b'\t') => 1,
            Some(0xC2) if self.bytes.get(at + 1) == Some(&0xA0) => 2,
            Some(0xE2)
                if self.bytes.get(at + 1) == Some(&0x80)
                    && self.bytes.get(at + 2) == Some(&0xAF) =>
            {
                3
            }
            _ => 0,
        }
    }

    #[inline]
    pub fn at_space(&self) -> bool {
        self.space_len(self.pos) > 0
    }

    /// Skips spaces; true when at least one was skipped.
    #[inline]
    pub fn skip_ws(&mut self) -> bool {
        // Fast path: most calls stand on a non-space byte.
        if !matches!(self.bytes.get(self.pos), Some(b' ' | b'\t' | 0xC2 | 0xE2)) {
            return false;
        }
        let start = self.pos;
        loop {
            let n = self.space_len(self.pos);
            if n == 0 {
                break;
            }
            self.pos += n;
        }
        self.pos > start
    }

    /// The position after the spaces at the cursor, without moving.
    pub fn after_ws(&self) -> usize {
        let mut probe = *self;
        probe.skip_ws();
        probe.pos
    }

    /// The byte at `at` (within the cursor's range).
    #[inline]
    pub fn byte_at(&self, at: usize) -> Option<u8> {
        self.bytes.get(at).copied()
    }

    pub fn fail<T>(&self, code: &'static str) -> Parse<T> {
        Err(Fail {
            pos: self.pos,
            code,
        })
    }

    /// Expects the byte `b`.
    pub fn expect(&mut self, b: u8) -> Parse<()> {
        if self.eat(b) {
            Ok(())
        } else {
            self.fail(SYNTAX)
        }
    }

    #[inline]
    pub fn at_digit(&self) -> bool {
        self.peek().is_some_and(|b| b.is_ascii_digit())
    }

    /// An unsigned integer.
    pub fn int(&mut self) -> Parse<u32> {
        let start = self.pos;
        let mut value: u32 = 0;
        while let Some(b) = self.peek() {
            if !b.is_ascii_digit() {
                break;
            }
            value = match value
                .checked_mul(10)
                .and_then(|v| v.checked_add(u32::from(b - b'0')))
            {
                Some(v) => v,
                None => {
                    return Err(Fail {
                        pos: start,
                        code: TOO_LARGE,
                    });
                }
            };
            self.pos += 1;
        }
        if self.pos == start {
            return self.fail(SYNTAX);
        }
        Ok(value)
    }

    /// An unsigned 64-bit integer.
    pub fn int64(&mut self) -> Parse<u64> {
        let start = self.pos;
        let mut value: u64 = 0;
        while let Some(b) = self.peek() {
            if !b.is_ascii_digit() {
                break;
            }
            value = match value
                .checked_mul(10)
                .and_then(|v| v.checked_add(u64::from(b - b'0')))
            {
                Some(v) => v,
                None => {
                    return Err(Fail {
                        pos: start,
                        code: TOO_LARGE,
                    });
                }
            };
            self.pos += 1;
        }
        if self.pos == start {
            return self.fail(SYNTAX);
        }
        Ok(value)
    }

    /// A signed integer (`-12`, `+5`, `7`), spaces allowed after the sign.
    pub fn signed(&mut self) -> Parse<i64> {
        let negative = if self.eat(b'-') {
            true
        } else {
            self.eat(b'+');
            false
        };
        self.skip_ws();
        let start = self.pos;
        let value = self.int64()?;
        let value = i64::try_from(value).map_err(|_| Fail {
            pos: start,
            code: TOO_LARGE,
        })?;
        Ok(if negative { -value } else { value })
    }

    /// The text between `from` and `to` (byte offsets of the line).
    pub fn slice(&self, from: usize, to: usize) -> &'a str {
        self.line.get(from..to).unwrap_or("")
    }

    /// The rest of the cursor's range.
    pub fn rest(&self) -> &'a str {
        self.slice(self.pos, self.end)
    }

    /// Finds the ASCII byte `b` at or after the cursor.
    pub fn find(&self, b: u8) -> Option<usize> {
        let tail = self.bytes.get(self.pos..)?;
        tail.iter().position(|&c| c == b).map(|i| self.pos + i)
    }

    /// True when the byte at the cursor is an ASCII letter, digit or `_`
    /// (used to tell a one-letter flag from the start of a word).
    #[inline]
    pub fn at_word_char(&self) -> bool {
        !self.at_space()
            && self
                .peek()
                .is_some_and(|b| b.is_ascii_alphanumeric() || b == b'_' || b >= 0x80)
    }
}

/// The 1-based character column of byte offset `pos` of `line`.
pub(super) fn column(line: &str, pos: usize) -> u32 {
    let bytes = line.as_bytes();
    let pos = pos.min(bytes.len());
    let chars = bytes
        .get(..pos)
        .map_or(0, |b| b.iter().filter(|&&c| c & 0xC0 != 0x80).count());
    u32::try_from(chars).unwrap_or(u32::MAX - 1) + 1
}

/// Lower-case, accents removed: how labels (`Capacité minière`, `Déclarations
/// reçues`) are compared.
pub(super) fn fold(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut last_space = false;
    for c in text.trim().chars() {
        let c = fold_char(c);
        if c == ' ' {
            if last_space {
                continue;
            }
            last_space = true;
        } else {
            last_space = false;
        }
        out.push(c);
    }
    out
}

/// `fold(&text.replace('*', ""))` written into `out` (emptied first): how the
/// label of a line is looked up, without allocating on every line.
pub(super) fn fold_label_into(text: &str, out: &mut String) {
    out.clear();
    let mut last_space = false;
    for c in text.chars().filter(|&c| c != '*') {
        if out.is_empty() && c.is_whitespace() {
            continue;
        }
        let c = fold_char(c);
        if c == ' ' {
            if last_space {
                continue;
            }
            last_space = true;
        } else {
            last_space = false;
        }
        out.push(c);
    }
    let kept = out.trim_end().len();
    out.truncate(kept);
}

/// One character as [`fold`] compares it.
fn fold_char(c: char) -> char {
    match c {
        'à' | 'â' | 'ä' | 'À' | 'Â' | 'Ä' => 'a',
        'é' | 'è' | 'ê' | 'ë' | 'É' | 'È' | 'Ê' | 'Ë' => 'e',
        'î' | 'ï' | 'Î' | 'Ï' => 'i',
        'ô' | 'ö' | 'Ô' | 'Ö' => 'o',
        'ù' | 'û' | 'ü' | 'Ù' | 'Û' | 'Ü' => 'u',
        'ç' | 'Ç' => 'c',
        '\u{a0}' | '\u{202f}' | '\t' => ' ',
        other => other.to_ascii_lowercase(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn columns_count_characters() {
        assert_eq!(column("abc", 0), 1);
        assert_eq!(column("éa", 2), 2);
        assert_eq!(column("éa", 3), 3);
    }

    #[test]
    fn fold_removes_accents_and_case() {
        assert_eq!(fold(" Capacité  minière "), "capacite miniere");
        assert_eq!(fold("Déclarations reçues"), "declarations recues");
    }

    #[test]
    fn a_label_folds_as_the_text_without_its_stars() {
        let mut out = String::from("left over");
        for text in [
            "** Tour ",
            "**Capacité  minière**",
            "Tour **",
            "\u{a0}Vos  NIVEAUX\ttechnologiques\u{2009}",
            " * * ",
            "",
            "Nom",
        ] {
            fold_label_into(text, &mut out);
            assert_eq!(out, fold(&text.replace('*', "")), "{text:?}");
        }
    }

    #[test]
    fn int_overflow_is_an_error() {
        let line = "99999999999";
        let mut c = Cursor::new(line, 0, line.len());
        assert_eq!(c.int().map_err(|f| f.code), Err(TOO_LARGE));
    }

    #[test]
    fn skips_no_break_spaces() {
        let line = "a\u{a0}\u{202f} b";
        let mut c = Cursor::new(line, 1, line.len());
        assert!(c.skip_ws());
        assert_eq!(c.peek(), Some(b'b'));
    }
}
