//! Splitting one order line into tokens, with 1-based character columns.
//!
//! Words are runs of letters, numbers runs of ASCII digits; a change from one to
//! the other separates tokens, so `M12` is `M` `12` and `F_57` is `F` `57`.

use crate::diagnostic::{Diagnostic, Span};

/// What a token is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum TokKind {
    /// A run of letters; `key` is its upper-case form.
    Word,
    /// A run of ASCII digits.
    Num,
    /// Text between double quotes; `text` is the content, without the quotes.
    Quoted,
    /// One other character (`:`, `*`, `?`, `=`, `#`, `(`, `)`, …); `key` is it.
    Symbol,
}

/// One token of a line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Token {
    pub kind: TokKind,
    /// As written (for quoted text: the content).
    pub text: String,
    /// Upper-case word, or the symbol itself; empty for numbers and quoted text.
    pub key: String,
    /// 1-based column of the first character.
    pub col: u32,
    /// Column just after the last character (for quoted text, after the closing quote).
    pub end: u32,
    /// No space or `_` between the previous token and this one.
    pub glued: bool,
}

impl Token {
    pub fn is(&self, key: &str) -> bool {
        self.kind != TokKind::Num && self.kind != TokKind::Quoted && self.key == key
    }

    pub fn span(&self, line: u32) -> Span {
        Span::new(line, self.col, self.end)
    }
}

/// Tokens of `text` (one line, or the order part of it), columns from 1.
///
/// Ruling G-1 (Annexe): `_` is optional and may be a space or nothing at all: `M_12`, `M 12` and `M12` are the same (likewise `F`, `T`).
pub(crate) fn tokenize(text: &str, line: u32) -> Result<Vec<Token>, Diagnostic> {
    let chars: Vec<char> = text.chars().collect();
    let mut tokens = Vec::new();
    let mut i = 0;
    let mut glued = false;
    while i < chars.len() {
        let c = chars[i];
        let col = i as u32 + 1;
        if c.is_whitespace() || c == '_' {
            glued = false;
            i += 1;
            continue;
        }
        let start = i;
        let kind;
        let mut content = None;
        if c.is_alphabetic() {
            while i < chars.len() && chars[i].is_alphabetic() {
                i += 1;
            }
            kind = TokKind::Word;
        } else if c.is_ascii_digit() {
            while i < chars.len() && chars[i].is_ascii_digit() {
                i += 1;
            }
            kind = TokKind::Num;
        } else if c == '"' {
            let Some(close) = chars[i + 1..].iter().position(|&d| d == '"') else {
                return Err(Diagnostic::error(
                    "order-unterminated-quote",
                    Span::new(line, col, chars.len() as u32 + 1),
                ));
            };
            content = Some(chars[i + 1..i + 1 + close].iter().collect::<String>());
            i += close + 2;
            kind = TokKind::Quoted;
        } else {
            i += 1;
            kind = TokKind::Symbol;
        }
        let text: String = content.unwrap_or_else(|| chars[start..i].iter().collect());
        let key = match kind {
            TokKind::Word | TokKind::Symbol => text.to_uppercase(),
            TokKind::Num | TokKind::Quoted => String::new(),
        };
        tokens.push(Token {
            kind,
            text,
            key,
            col,
            end: i as u32 + 1,
            glued,
        });
        glued = true;
    }
    Ok(tokens)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn keys(text: &str) -> Vec<String> {
        tokenize(text, 1)
            .unwrap_or_default()
            .into_iter()
            .map(|t| if t.key.is_empty() { t.text } else { t.key })
            .collect()
    }

    #[test]
    fn underscore_space_or_nothing_separate_the_same_way() {
        assert_eq!(
            keys("M_12 C 3 VC F_5"),
            ["M", "12", "C", "3", "VC", "F", "5"]
        );
        assert_eq!(keys("m12 c3vc f5"), ["M", "12", "C", "3", "VC", "F", "5"]);
        assert_eq!(keys("A:3"), ["A", ":", "3"]);
    }

    #[test]
    fn columns_are_characters_and_quotes_keep_their_content() {
        let tokens = tokenize("M_é1 = \"Nöm ; x\"", 4).unwrap_or_default();
        let cols: Vec<(u32, u32, bool)> = tokens.iter().map(|t| (t.col, t.end, t.glued)).collect();
        assert_eq!(
            cols,
            [
                (1, 2, false),
                (3, 4, false),
                (4, 5, true),
                (6, 7, false),
                (8, 17, false)
            ]
        );
        assert_eq!(tokens[1].key, "É");
        assert_eq!(tokens[4].text, "Nöm ; x");
        assert_eq!(tokens[4].kind, TokKind::Quoted);
        let error = tokenize("M_1 = \"open", 2).err();
        assert_eq!(
            error.map(|d| (d.code, d.span.column)),
            Some(("order-unterminated-quote".into(), 7))
        );
    }
}
