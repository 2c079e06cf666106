//! Pieces shared by world, fleet and trace lines: the diagnostic context, quoted
//! owner blocks, fire markers, ships/VI/VP brackets, origins and elisions.

use crate::diagnostic::{Capped, Diagnostic, Severity, Span};
use crate::model::view::{FireMark, Names, Origin};

use super::cursor::{Cursor, Parse, SYNTAX, column};

/// Where diagnostics of the current line go.
pub(super) struct Ctx<'a> {
    pub line_no: u32,
    pub line: &'a str,
    pub diags: &'a mut Capped,
    /// The owners' names, each kept once for the whole reading.
    pub names: &'a mut Names,
}

impl Ctx<'_> {
    fn span(&self, from: usize, to: usize) -> Span {
        Span::new(self.line_no, column(self.line, from), column(self.line, to))
    }

    /// A repaired typo (catalog §2.4) or a suspicious construct.
    pub fn warn(&mut self, from: usize, to: usize, code: &str) {
        if !self.diags.has_room() {
            self.diags.count(Severity::Warning, self.line_no);
            return;
        }
        let span = self.span(from, to);
        self.diags.push(Diagnostic::warning(code, span));
    }

    pub fn info(&mut self, from: usize, to: usize, code: &str) {
        if !self.diags.has_room() {
            self.diags.count(Severity::Info, self.line_no);
            return;
        }
        let span = self.span(from, to);
        self.diags.push(Diagnostic::info(code, span));
    }

    /// An unreadable line: the span starts at the first unreadable character.
    /// A line cut short (`cr-syntax` at its end) is reported as
    /// `cr-unexpected-end`.
    pub fn error(&mut self, at: usize, code: &str) {
        if !self.diags.has_room() {
            self.diags.count(Severity::Error, self.line_no);
            return;
        }
        let col = column(self.line, at);
        let found = self
            .line
            .get(at..)
            .and_then(|t| t.chars().next())
            .filter(|c| !c.is_whitespace() || at < self.line.trim_end().len());
        let code = match found {
            None if code == SYNTAX => "cr-unexpected-end",
            _ => code,
        };
        let mut diagnostic = Diagnostic::error(code, Span::new(self.line_no, col, col + 1));
        if let Some(found) = found {
            diagnostic = diagnostic.arg("found", found);
        }
        self.diags.push(diagnostic);
    }
}

/// True when the cursor stands on the start of a world, fleet or trace item:
/// used to close an unterminated quote (T-4) and to recognise a continuation
/// line (G-22).
pub(super) fn at_item_start(cur: &Cursor<'_>) -> bool {
    match cur.peek() {
        Some(b'[' | b'*') => true,
        Some(b'{') => cur.peek_at(1) == Some(b'-'),
        Some(b'+') => cur.looking_at_ci("+pop"),
        Some(_) => {
            for keyword in ["MP", "PC", "PE", "Pi", "P", "I", "E"] {
                if keyword_then_equals(cur, keyword) {
                    return true;
                }
            }
            let mut probe = *cur;
            if probe.eat_str_ci("du") && probe.at_space() {
                probe.skip_ws();
                return probe.peek().is_some_and(|b| b == b'M' || b == b'm');
            }
            let mut probe = *cur;
            probe.eat_str_ci("vers") && probe.at_space()
        }
        None => false,
    }
}

/// True when `keyword` (case-insensitive) stands at the cursor, followed by
/// optional spaces and `=`.
pub(super) fn keyword_then_equals(cur: &Cursor<'_>, keyword: &str) -> bool {
    let mut probe = *cur;
    if !probe.eat_str_ci(keyword) {
        return false;
    }
    probe.skip_ws();
    probe.peek() == Some(b'=')
}

/// Eats `keyword`, spaces, `=` and spaces (the caller checked
/// [`keyword_then_equals`]).
pub(super) fn eat_keyword_equals(cur: &mut Cursor<'_>, keyword: &str) {
    cur.eat_str_ci(keyword);
    cur.skip_ws();
    cur.eat(b'=');
    cur.skip_ws();
}

/// True when a closing quote at `q` is followed by something that may follow an
/// owner block: end of line, a space, `)`, `[`, `*`, `}`, or a one-letter flag
/// (`!`, or `C`/`D`/`P` not starting a word).
fn closing_quote_ok(cur: &Cursor<'_>, q: usize) -> bool {
    let mut after = *cur;
    after.pos = q + 1;
    if after.at_space() {
        return true;
    }
    match cur.byte_at(q + 1) {
        None => true,
        Some(b' ' | b'\t' | b')' | b'[' | b'*' | b'!' | b'}' | b'.' | b',' | b':') => true,
        Some(b'C' | b'D' | b'P') => match cur.byte_at(q + 2) {
            None => true,
            Some(b) => !(b.is_ascii_alphanumeric() || b == b'_' || b == b'=' || b >= 0x80),
        },
        _ => false,
    }
}

/// At an opening quote: returns the byte range of the quoted text and leaves the
/// cursor after the closing quote.
///
/// Ruling G-24 (annex): broken notation reads as meant, with a warning: an
/// unterminated quote closes before the next ` [`, or before the next item, or at
/// the end of the line (`"Maxtor []=10*M` reads as `"Maxtor" []=10*M`); a broken
/// ships block `[=]10`, `[=1` or `[]]=5` reads as `[]=10`, `[]=1`, `[]=5` (T-3),
/// spaces around `[`, `]` and `=` being ignored (T-2).
pub(super) fn quoted(cur: &mut Cursor<'_>, ctx: &mut Ctx<'_>) -> Parse<(usize, usize)> {
    let open = cur.pos;
    cur.expect(b'"')?;
    let start = cur.pos;
    if let Some(q) = cur.find(b'"')
        && closing_quote_ok(cur, q)
    {
        cur.pos = q + 1;
        return Ok((start, q));
    }
    // Unterminated: close before the first space followed by an item.
    let mut probe = *cur;
    let mut close = cur.end;
    while !probe.at_end() {
        if probe.at_space() {
            let space = probe.pos;
            probe.skip_ws();
            if at_item_start(&probe) {
                close = space;
                break;
            }
        } else if probe.peek() == Some(b'"') {
            // A quote that cannot close the owner: the rest belongs to items.
            close = probe.pos;
            break;
        } else {
            probe.bump();
        }
    }
    // Trailing spaces are not part of the name.
    let mut name_end = close;
    while name_end > start && matches!(cur.byte_at(name_end - 1), Some(b' ' | b'\t')) {
        name_end -= 1;
    }
    ctx.warn(open, close, "cr-unclosed-quote");
    cur.pos = close;
    Ok((start, name_end))
}

/// A quoted text without repair (player names of sections, converts owner): the
/// range inside the quotes; the cursor after the closing quote.
pub(super) fn strict_quoted(cur: &mut Cursor<'_>) -> Parse<(usize, usize)> {
    cur.expect(b'"')?;
    let start = cur.pos;
    match cur.find(b'"') {
        Some(q) => {
            cur.pos = q + 1;
            Ok((start, q))
        }
        None => {
            cur.pos = cur.end;
            cur.fail(SYNTAX)
        }
    }
}

/// An optional fire marker: spaces, `*`, spaces, then `F_43`, `M`, `P`, `I`, `N`,
/// `C`, `R`, `B` or `*` (T-8: spaces optional around `*`). The cursor is left
/// unchanged when there is none.
pub(super) fn fire_mark(cur: &mut Cursor<'_>) -> Parse<Option<FireMark>> {
    let save = cur.pos;
    cur.skip_ws();
    if !cur.eat(b'*') {
        cur.pos = save;
        return Ok(None);
    }
    if cur.eat(b'*') {
        return Ok(Some(FireMark::Ambush));
    }
    cur.skip_ws();
    let Some(letter) = cur.peek() else {
        return cur.fail(SYNTAX);
    };
    let letter = letter.to_ascii_uppercase();
    if letter == b'F' {
        let mut probe = *cur;
        probe.pos += 1;
        probe.skip_ws();
        probe.eat(b'_');
        probe.skip_ws();
        if probe.at_digit() {
            *cur = probe;
            let fleet = cur.int()?;
            return Ok(Some(FireMark::Fleet(fleet)));
        }
    }
    let mark = match letter {
        b'M' => FireMark::Protections,
        b'P' => FireMark::Population,
        b'I' => FireMark::Industries,
        b'N' => FireMark::NonConverts,
        b'C' => FireMark::Converts,
        b'R' => FireMark::RobotAttack,
        b'B' => FireMark::Bomb,
        b'*' => FireMark::Ambush,
        _ => return cur.fail(SYNTAX),
    };
    cur.pos += 1;
    if cur.at_word_char() {
        return cur.fail(SYNTAX);
    }
    Ok(Some(mark))
}

/// After the contents of a `[…]` block: the closing `]`, `=`, and spaces; the
/// count follows. `open` is the position of `[`; `empty` says the block had no
/// contents (only then are `[=]n` and `[=n` possible).
///
/// Applies ruling G-24 (see the ruling list): the broken ships block.
pub(super) fn close_bracket(
    cur: &mut Cursor<'_>,
    ctx: &mut Ctx<'_>,
    open: usize,
    empty: bool,
) -> Parse<()> {
    cur.skip_ws();
    if empty && cur.peek() == Some(b'=') {
        cur.pos += 1;
        cur.skip_ws();
        if cur.eat(b']') {
            cur.skip_ws();
            cur.eat(b'=');
        }
        ctx.warn(open, cur.pos, "cr-ships-block-repaired");
        cur.skip_ws();
        return Ok(());
    }
    cur.expect(b']')?;
    let mut repaired = false;
    while cur.eat(b']') {
        repaired = true;
    }
    cur.skip_ws();
    if !cur.eat(b'=') {
        if cur.at_digit() {
            repaired = true;
        } else {
            return cur.fail(SYNTAX);
        }
    }
    if repaired {
        ctx.warn(open, cur.pos, "cr-ships-block-repaired");
    }
    cur.skip_ws();
    Ok(())
}

/// `du M_124` / `du M_?` (the cursor on `du`).
pub(super) fn origin(cur: &mut Cursor<'_>) -> Parse<Origin> {
    if !cur.eat_str_ci("du") {
        return cur.fail(SYNTAX);
    }
    cur.skip_ws();
    world_ref(cur).map(|w| w.map_or(Origin::Unknown, Origin::World))
}

/// `M_124` (or `M_?` → `None`); `M124` and `M 124` are accepted too.
pub(super) fn world_ref(cur: &mut Cursor<'_>) -> Parse<Option<u32>> {
    if !cur.eat_ci(b'M') {
        return cur.fail(SYNTAX);
    }
    cur.eat(b'_');
    cur.skip_ws();
    if cur.eat(b'?') {
        return Ok(None);
    }
    cur.int().map(Some)
}

/// What a run of dots is.
pub(super) enum Dots {
    /// `...` or `. . .`: elided content.
    Elision,
    /// A lone `.` at the end of the line: sentence punctuation (T-22).
    Trailing,
}

/// At a `.`: an elision (`...`, `. . .`) or a trailing full stop.
pub(super) fn dots(cur: &mut Cursor<'_>, ctx: &mut Ctx<'_>) -> Parse<Dots> {
    let start = cur.pos;
    if cur.looking_at_ci("...") {
        while cur.eat(b'.') {}
        return Ok(Dots::Elision);
    }
    if cur.looking_at_ci(". . .") {
        cur.pos += 5;
        return Ok(Dots::Elision);
    }
    cur.pos += 1;
    if cur.after_ws() >= cur.end {
        cur.pos = cur.end;
        ctx.warn(start, start + 1, "cr-trailing-punctuation");
        return Ok(Dots::Trailing);
    }
    cur.pos = start;
    cur.fail(SYNTAX)
}
