//! The recursive-descent reader of one order: its primitives (tokens, numbers,
//! identifiers, what was expected where) and the diagnostic of an order that
//! could not be read, with a complete order starting the same way and a "did you
//! mean".

use super::*;

/// A recursive-descent reader over the tokens of one line, remembering the
/// furthest position where it failed and what it expected there.
pub(super) struct Parser<'t> {
    pub(super) tokens: &'t [Token],
    pub(super) pos: usize,
    pub(super) line: u32,
    pub(super) far: usize,
    pub(super) expected: Vec<&'static str>,
    /// What may come at `far`, in words: the id of an `order-next-…` message (the
    /// first recorded there; every alternative at one position shares a context).
    pub(super) slot: Option<&'static str>,
    pub(super) fatal: Option<Diagnostic>,
    /// A failure is only located, not worded (see [`parse_line_with`]).
    pub(super) brief: bool,
}

impl<'t> Parser<'t> {
    pub(super) fn new(tokens: &'t [Token], line: u32) -> Self {
        Parser {
            tokens,
            pos: 0,
            line,
            far: 0,
            expected: Vec::new(),
            slot: None,
            fatal: None,
            brief: false,
        }
    }

    pub(super) fn peek(&self) -> Option<&'t Token> {
        self.tokens.get(self.pos)
    }

    pub(super) fn peek_at(&self, offset: usize) -> Option<&'t Token> {
        self.tokens.get(self.pos + offset)
    }

    pub(super) fn at(&self, key: &str) -> bool {
        self.peek().is_some_and(|t| t.is(key))
    }

    pub(super) fn at_num(&self) -> bool {
        self.peek().is_some_and(|t| t.kind == TokKind::Num)
    }

    /// Records that one of `alternatives` was possible at the current position;
    /// `slot` says what they are in words (an `order-next-…` message id, empty for
    /// the end of the order).
    pub(super) fn miss(&mut self, alternatives: &[&'static str], slot: &'static str) {
        if self.pos > self.far {
            self.far = self.pos;
            self.expected.clear();
            self.slot = None;
        }
        if self.pos == self.far {
            if self.slot.is_none() && !slot.is_empty() {
                self.slot = Some(slot);
            }
            for alternative in alternatives {
                if !self.expected.contains(alternative) {
                    self.expected.push(alternative);
                }
            }
        }
    }

    pub(super) fn eat(&mut self, key: &'static str, slot: &'static str) -> Option<()> {
        if self.at(key) {
            self.pos += 1;
            Some(())
        } else {
            self.miss(&[key], slot);
            None
        }
    }

    /// Takes one of the keywords `alternatives` (placeholders such as `F_f` are
    /// only listed as expected, never matched).
    pub(super) fn choose(
        &mut self,
        alternatives: &[&'static str],
        slot: &'static str,
    ) -> Option<&'static str> {
        if let Some(token) = self.peek()
            && token.kind != TokKind::Num
            && token.kind != TokKind::Quoted
            && let Some(found) = alternatives.iter().find(|a| token.key == **a)
        {
            self.pos += 1;
            return Some(*found);
        }
        self.miss(alternatives, slot);
        None
    }

    pub(super) fn end(&mut self) -> Option<()> {
        if self.pos >= self.tokens.len() {
            Some(())
        } else {
            self.miss(&[END], "");
            None
        }
    }

    pub(super) fn set_fatal(&mut self, diagnostic: Diagnostic) {
        if self.fatal.is_none() {
            self.fatal = Some(diagnostic);
        }
    }

    /// A number (an id or a quantity), `placeholder` naming it in the expected list.
    pub(super) fn number(
        &mut self,
        placeholder: &'static str,
        slot: &'static str,
    ) -> Option<(u32, Span)> {
        let Some(token) = self.peek().filter(|t| t.kind == TokKind::Num) else {
            self.miss(&[placeholder], slot);
            return None;
        };
        let span = token.span(self.line);
        match token.text.parse::<u32>() {
            Ok(value) => {
                self.pos += 1;
                Some((value, span))
            }
            Err(_) => {
                self.set_fatal(
                    Diagnostic::error("order-number-too-large", span).arg("number", &token.text),
                );
                None
            }
        }
    }

    pub(super) fn id(&mut self, placeholder: &'static str, slot: &'static str) -> Option<u32> {
        self.number(placeholder, slot).map(|(value, _)| value)
    }

    /// A quantity `x`; other possibilities at this position are `also`.
    ///
    /// Applies ruling G-9 (see the ruling list): here, a quantity of 0.
    pub(super) fn quantity(&mut self, also: &[&'static str], slot: &'static str) -> Option<u32> {
        if !self.at_num() {
            self.miss(also, slot);
        }
        let (value, span) = self.number("x", slot)?;
        if value == 0 {
            self.set_fatal(Diagnostic::error("order-zero-quantity", span));
            return None;
        }
        Some(value)
    }

    /// An optional quantity `(x)`: `Some(None)` when omitted.
    pub(super) fn optional_quantity(&mut self, slot: &'static str) -> Option<Option<u32>> {
        if self.at_num() {
            self.quantity(&[], slot).map(Some)
        } else {
            self.miss(&["x"], slot);
            Some(None)
        }
    }

    /// `M_m` (also `M m`, `M12`).
    pub(super) fn world(&mut self, slot: &'static str) -> Option<u32> {
        if !self.at("M") {
            self.miss(&["M_m"], slot);
            return None;
        }
        self.pos += 1;
        self.id("m", slot)
    }

    /// `F_f`.
    pub(super) fn fleet(&mut self, slot: &'static str) -> Option<u32> {
        if !self.at("F") {
            self.miss(&["F_f"], slot);
            return None;
        }
        self.pos += 1;
        self.id("f", slot)
    }

    /// The target `j` of a declaration or a gift.
    ///
    /// Applies ruling G-5 (see the ruling list): a quoted name is kept as a name, for
    /// the validator to map through the players known by name.
    pub(super) fn player(&mut self) -> Option<PlayerRef> {
        const SLOT: &str = "order-next-player";
        let Some(token) = self.peek() else {
            self.miss(&["j", "\"Nom\""], SLOT);
            return None;
        };
        match token.kind {
            TokKind::Num => self.id("j", SLOT).map(|n| PlayerRef::Number(PlayerId(n))),
            TokKind::Quoted if !token.text.trim().is_empty() => {
                self.pos += 1;
                Some(PlayerRef::Name(token.text.clone()))
            }
            TokKind::Word => {
                let rest = &self.tokens[self.pos..];
                let name: Vec<&str> = rest.iter().map(|t| t.text.as_str()).collect();
                let end = rest.last().map_or(token.end, |t| t.end);
                self.set_fatal(
                    Diagnostic::error(
                        "order-player-unquoted",
                        Span::new(self.line, token.col, end),
                    )
                    .arg("name", name.join(" ")),
                );
                None
            }
            _ => {
                self.miss(&["j", "\"Nom\""], SLOT);
                None
            }
        }
    }

    /// The diagnostic for an order that could not be read: what was found, what
    /// may come there in words (`next`, an `order-next-…` message), what was read
    /// before it (`typed`) and, when one exists, a complete order starting the same
    /// way (`example`, shown through the `form` phrase). `expected` keeps the grammar's
    /// alternatives (keywords, and placeholders such as `x`, `m`, `F_f`).
    pub(super) fn failure(&mut self) -> Diagnostic {
        if let Some(fatal) = self.fatal.take() {
            return fatal;
        }
        let line = self.line;
        let last_end = self.tokens.last().map_or(1, |t| t.end);
        if self.brief {
            let column = self.tokens.get(self.far).map_or(last_end, |t| t.col);
            return Diagnostic::error("order-unexpected", Span::new(line, column, column));
        }
        let expected: Vec<&str> = self
            .expected
            .iter()
            .copied()
            .filter(|e| *e != END)
            .collect();
        let next = self.slot.unwrap_or("order-next-start");
        let prefix = &self.tokens[..self.far.min(self.tokens.len())];
        let Some(token) = self.tokens.get(self.far) else {
            if self.tokens.is_empty() {
                return Diagnostic::error("order-empty", Span::new(line, 1, 1))
                    .arg("expected", expected.join(", "))
                    .phrase("next", next);
            }
            let diagnostic =
                Diagnostic::error("order-incomplete", Span::new(line, last_end, last_end))
                    .arg("expected", expected.join(", "))
                    .arg("typed", show(prefix))
                    .phrase("next", next);
            return with_example(diagnostic, complete(prefix));
        };
        if expected.is_empty() {
            let rest: Vec<&str> = self.tokens[self.far..]
                .iter()
                .map(|t| t.text.as_str())
                .collect();
            return Diagnostic::error("order-trailing", Span::new(line, token.col, last_end))
                .arg("text", rest.join(" "))
                .arg("order", show(prefix));
        }
        let found = match token.kind {
            TokKind::Quoted => format!("\"{}\"", token.text),
            _ => token.text.clone(),
        };
        let suggestion = suggest(token, &expected);
        let code = match (self.far == 0, suggestion.is_some()) {
            (true, false) => "order-unknown",
            (true, true) => "order-unknown-suggest",
            (false, false) => "order-unexpected",
            (false, true) => "order-unexpected-suggest",
        };
        let mut diagnostic = Diagnostic::error(code, token.span(line))
            .arg("found", found)
            .arg("expected", expected.join(", "))
            .arg("typed", show(prefix))
            .phrase("next", next);
        let mut example = None;
        if let Some(suggestion) = suggestion {
            let mut corrected = prefix.to_vec();
            corrected.extend(sample_tokens(&suggestion));
            example = complete(&corrected);
            diagnostic = diagnostic.arg("suggestion", suggestion);
        }
        if example.is_none() && self.far > 0 {
            example = complete(prefix);
        }
        with_example(diagnostic, example)
    }
}

/// Adds the example order (`example`, through the `form` phrase) or the empty phrase.
pub(super) fn with_example(diagnostic: Diagnostic, example: Option<String>) -> Diagnostic {
    match example {
        Some(example) => diagnostic
            .arg("example", example)
            .phrase("form", "order-form"),
        None => diagnostic.phrase("form", "order-form-none"),
    }
}

/// The tokens as an order is written: `M_12 C 10 VC`, words in capitals.
pub(super) fn show(tokens: &[Token]) -> String {
    let mut out = String::new();
    for (i, token) in tokens.iter().enumerate() {
        if let Some(previous) = i.checked_sub(1).and_then(|p| tokens.get(p)) {
            let id_prefix = previous.kind == TokKind::Word
                && (previous.key == "M" || previous.key == "F" || (previous.key == "T" && i == 1));
            out.push(if id_prefix && token.kind == TokKind::Num {
                '_'
            } else {
                ' '
            });
        }
        match token.kind {
            TokKind::Quoted => {
                out.push('"');
                out.push_str(&token.text);
                out.push('"');
            }
            TokKind::Num => out.push_str(&token.text),
            TokKind::Word | TokKind::Symbol => out.push_str(&token.key),
        }
    }
    out
}

/// The shortest complete order longer than `prefix` and starting with it, taking
/// at each step the first alternative the grammar allows (a quantity where one
/// may come), written as the player would: the example shown beside an
/// incomplete or wrong order. `None` when `prefix` is itself wrong.
pub(super) fn complete(prefix: &[Token]) -> Option<String> {
    let mut tokens = prefix.to_vec();
    for _ in 0..8 {
        let mut parser = Parser::new(&tokens, 1);
        let complete = parser.order().is_some();
        if parser.fatal.is_some() {
            return None;
        }
        if complete && tokens.len() > prefix.len() {
            return Some(show(&tokens));
        }
        if parser.far < tokens.len() {
            return complete.then(|| show(&tokens));
        }
        let mut alternatives = parser.expected.iter().copied().filter(|e| *e != END);
        let choice = if parser.expected.contains(&"x") {
            "x"
        } else {
            match alternatives.next() {
                Some(choice) => choice,
                None => return complete.then(|| show(&tokens)),
            }
        };
        // A sample number not already in the order (no `F_5 MM 48 48`, no `F_57 * F_57`).
        for mut token in sample_tokens(choice) {
            if token.kind == TokKind::Num {
                let mut value: u32 = token.text.parse().unwrap_or(1);
                while tokens
                    .iter()
                    .any(|t| t.kind == TokKind::Num && t.text == value.to_string())
                {
                    value += 1;
                }
                token.text = value.to_string();
            }
            tokens.push(token);
        }
    }
    None
}

/// Tokens standing for one expected alternative in an example: a sample number
/// for a placeholder, the keyword itself otherwise.
pub(super) fn sample_tokens(alternative: &str) -> Vec<Token> {
    let token = |kind: TokKind, text: &str| Token {
        kind,
        text: text.to_string(),
        key: match kind {
            TokKind::Word | TokKind::Symbol => text.to_uppercase(),
            TokKind::Num | TokKind::Quoted => String::new(),
        },
        col: 0,
        end: 0,
        glued: false,
    };
    let number = |text: &str| token(TokKind::Num, text);
    match alternative {
        "x" => vec![number("10")],
        "m" => vec![number("48")],
        "f" => vec![number("57")],
        "t" | "j" => vec![number("3")],
        "y" => vec![number("1")],
        "M_m" => vec![token(TokKind::Word, "M"), number("48")],
        "F_f" => vec![token(TokKind::Word, "F"), number("57")],
        "T_t" => vec![token(TokKind::Word, "T"), number("3")],
        "\"Nom\"" => vec![token(TokKind::Quoted, "Arcadia")],
        keyword if keyword.chars().all(char::is_alphabetic) => {
            vec![token(TokKind::Word, keyword)]
        }
        symbol => vec![token(TokKind::Symbol, symbol)],
    }
}

/// The one keyword of `expected` closest to a misspelt word, if it is close enough
/// and no other keyword is as close.
pub(super) fn suggest(token: &Token, expected: &[&str]) -> Option<String> {
    if token.kind != TokKind::Word {
        return None;
    }
    let word = token.key.as_str();
    let keywords = expected
        .iter()
        .filter(|e| e.chars().all(|c| c.is_ascii_uppercase()));
    let mut best: Option<(&str, usize)> = None;
    let mut tie = false;
    for keyword in keywords {
        let distance = edit_distance(word, keyword);
        match best {
            Some((_, d)) if distance > d => {}
            Some((_, d)) if distance == d => tie = true,
            _ => {
                best = Some((keyword, distance));
                tie = false;
            }
        }
    }
    let (keyword, distance) = best?;
    let limit = if word.chars().count() >= 4 { 2 } else { 1 };
    (!tie && distance >= 1 && distance <= limit && word.chars().count() >= 2)
        .then(|| keyword.to_string())
}

/// Edit distance over characters, a swap of two neighbours counting as one edit
/// (optimal string alignment: `NPC` is one edit from `NCP`).
pub(super) fn edit_distance(a: &str, b: &str) -> usize {
    let a: Vec<char> = a.chars().collect();
    let b: Vec<char> = b.chars().collect();
    let width = b.len() + 1;
    let mut d = vec![0usize; (a.len() + 1) * width];
    for i in 0..=a.len() {
        d[i * width] = i;
    }
    for (j, cell) in d.iter_mut().enumerate().take(width) {
        *cell = j;
    }
    for i in 1..=a.len() {
        for j in 1..=b.len() {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            let mut best = (d[(i - 1) * width + j] + 1)
                .min(d[i * width + j - 1] + 1)
                .min(d[(i - 1) * width + j - 1] + cost);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                best = best.min(d[(i - 2) * width + j - 2] + 1);
            }
            d[i * width + j] = best;
        }
    }
    d[a.len() * width + b.len()]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    pub(super) fn edit_distance_counts_single_edits() {
        assert_eq!(edit_distance("BOMB", "BOMBE"), 1);
        assert_eq!(edit_distance("ATQ", "ATT"), 1);
        assert_eq!(edit_distance("", "VC"), 2);
        assert_eq!(edit_distance("VC", "VC"), 0);
        assert_eq!(edit_distance("NPC", "NCP"), 1);
        assert_eq!(edit_distance("BOMEB", "BOMBE"), 1);
        assert_eq!(edit_distance("ALI", ""), 3);
    }
}
