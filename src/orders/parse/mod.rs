//! The order parser: one line at a time, never failing, never panicking.
//!
//! Each line is a blank line, a `#` comment, or one order optionally followed by a
//! `;` comment. An order that cannot be read produces one error diagnostic located
//! at the first token that could not be matched, saying in words what may come
//! there (an `order-next-…` message: "the number of the destination world"), with
//! a complete order starting as the player wrote it ("F_12 M_48") and, when one
//! keyword is close to what was written, a "did you mean". The grammar's own
//! alternatives stay in the `expected` argument. Notations copied from the CR
//! (`Md_127`, `F#48`) and literal parentheses produce an error carrying the
//! corrected order.

mod forms;
mod parser;

use crate::diagnostic::{Capped, Diagnostic, Span};
use crate::model::{PlayerId, Tech};

use super::ast::{
    Construction, Declaration, Fire, FleetTarget, FleetTransfer, Guard, GuardTransfer, LoadGoods,
    MevaTarget, Order, OrderKind, People, PlayerRef, Prober, RobotProduct, UnloadGoods, VpTarget,
};
use super::envelope::{self, Envelope};
use super::lex::{TokKind, Token, tokenize};
use super::{Comment, OrdersFile};
use parser::Parser;

/// The longest order text (before its `;` comment) that is read, in bytes; the
/// longest order of the game is under 60 characters.
pub const MAX_ORDER_BYTES: usize = 1000;

/// Marker for "the order could end here".
const END: &str = "\n";

/// What an order line may start with (for the "unknown order" message).
const LEADING: &[&str] = &[
    "M_m", "F_f", "T_t", "VI", "VP", "Z", "A", "E", "C", "N", "CP", "NCP", "DP", "NDP", "J", "PI",
    "NPI",
];

/// Parses a whole order file, or an orders mail (subject line and `DEBUT`/`FIN`
/// envelope). Never fails: what cannot be read becomes diagnostics.
pub fn parse_orders(text: &str) -> OrdersFile {
    let mut split = envelope::split_envelope(text);
    let mut file = OrdersFile {
        orders: Vec::new(),
        comments: Vec::new(),
        envelope: None,
        diagnostics: std::mem::take(&mut split.diagnostics),
    };
    if split.subject.is_some() || split.debut_line.is_some() {
        file.envelope = Some(Envelope {
            subject: split.subject.clone(),
            debut_line: split.debut_line,
            fin_line: split.fin_line,
        });
    }
    if let Some(subject) = &split.subject
        && !matches!(subject, envelope::MailSubject::Orders { .. })
    {
        let line = split.subject_line.unwrap_or(1);
        file.diagnostics.push(
            Diagnostic::error("order-mail-not-orders", Span::new(line, 1, 1))
                .arg("command", subject.command_word()),
        );
        return file;
    }
    // At most `MAX_PER_FILE` diagnostics kept, the others counted.
    let mut diagnostics = Capped::new();
    diagnostics.extend(std::mem::take(&mut file.diagnostics));
    file.orders.reserve_exact(likely_orders(
        split.body().map(|(_, line)| line),
        text.len(),
    ));
    let mut read = 0usize;
    for (line_no, line) in split.body() {
        read = read.saturating_add(line.len() + 1);
        // Once the diagnostics are full, a line's error is only counted: it is
        // not worded (no "did you mean" to look for).
        let parsed = parse_line_with(line, line_no, !diagnostics.has_room());
        if let Some(order) = parsed.order {
            make_room(&mut file.orders, read, text.len());
            file.orders.push(order);
        }
        file.comments.extend(parsed.comment);
        diagnostics.extend(parsed.diagnostics);
    }
    file.diagnostics = diagnostics.into_vec();
    file
}

/// How many orders `lines` (of a text of `total` bytes) likely hold, to
/// reserve their list at once: the lines that may be an order (one starting
/// with a letter an order starts with, [`LEADING`], not too long), at most what a list
/// four times the text's size holds. A list grown by doubling holds up to
/// twice what it needs, and three times while it is copied into a larger one.
fn likely_orders<'a>(lines: impl Iterator<Item = &'a str>, total: usize) -> usize {
    let most = total.saturating_mul(4) / std::mem::size_of::<Order>();
    let mut count = 0usize;
    for line in lines {
        let code = line.trim_start();
        let first = code.bytes().next().map(|b| b.to_ascii_uppercase());
        if code.len() <= MAX_ORDER_BYTES && LEADING.iter().any(|l| l.bytes().next() == first) {
            count += 1;
            if count >= most {
                break;
            }
        }
    }
    count
}

/// Room for one more order in `orders`, `read` bytes of the `total` read so
/// far: when it is full, its capacity grows toward what the part read
/// projects for the whole text (plus a sixteenth), at least by an eighth and
/// at most doubled. A file of a million orders does not reserve room for a
/// second million (the last doubling of a `Vec`), nor hold two lists twice
/// its size while one is copied into the other.
fn make_room(orders: &mut Vec<Order>, read: usize, total: usize) {
    let len = orders.len();
    if len < orders.capacity() {
        return;
    }
    let projected = len.saturating_mul(total).checked_div(read).unwrap_or(0);
    let projected = projected.saturating_add(projected / 16);
    let least = len.saturating_add(len / 8).saturating_add(16);
    let most = len.saturating_mul(2).saturating_add(16);
    let wanted = projected.clamp(least, most);
    orders.reserve_exact(wanted.saturating_sub(len));
}

/// What one line holds.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ParsedLine {
    pub order: Option<Order>,
    pub comment: Option<Comment>,
    pub diagnostics: Vec<Diagnostic>,
}

/// Parses one line (numbered `line_no`, 1-based) of an order file body.
///
/// Ruling G-3 (Annexe): blank lines and lines starting with `#` are ignored, and everything from the first `;` to the end of the line is a comment (order text never contains `;`).
pub fn parse_line(line: &str, line_no: u32) -> ParsedLine {
    parse_line_with(line, line_no, false)
}

/// [`parse_line`]; `brief`: an error is only located, not worded (it is counted,
/// not shown).
fn parse_line_with(line: &str, line_no: u32, brief: bool) -> ParsedLine {
    let mut out = ParsedLine::default();
    let line = line.trim_end_matches(['\r', '\n']);
    let trimmed = line.trim_start();
    if trimmed.is_empty() {
        return out;
    }
    let indent = (line.chars().count() - trimmed.chars().count()) as u32;
    if trimmed.starts_with('#') {
        out.comment = Some(Comment {
            span: Span::new(line_no, indent + 1, line.chars().count() as u32 + 1),
            text: trimmed.trim_end().to_string(),
        });
        return out;
    }
    let mut code = line;
    if let Some(at) = line.find(';') {
        code = &line[..at];
        let col = code.chars().count() as u32 + 1;
        out.comment = Some(Comment {
            span: Span::new(line_no, col, line.chars().count() as u32 + 1),
            text: line[at..].trim_end().to_string(),
        });
    }
    let mut code = code.trim_end();
    if code.trim().is_empty() {
        return out;
    }
    // No order comes near this length: such a line (pasted text, a damaged
    // file) is not split into tokens, which would cost memory in proportion.
    if code.len() > MAX_ORDER_BYTES {
        out.diagnostics.push(Diagnostic::error(
            "order-line-too-long",
            Span::new(line_no, indent + 1, indent + 2),
        ));
        return out;
    }
    // A sentence's full stop glued to an order (T-22: `F_258 * F_128.`).
    let without_period = code.trim_end_matches('.').trim_end();
    if without_period.len() < code.len() && !without_period.trim().is_empty() {
        let start = without_period.chars().count() as u32 + 1;
        out.diagnostics.push(Diagnostic::warning(
            "order-trailing-period",
            Span::new(line_no, start, code.chars().count() as u32 + 1),
        ));
        code = without_period;
    }
    let tokens = match tokenize(code, line_no) {
        Ok(tokens) => tokens,
        Err(diagnostic) => {
            out.diagnostics.push(diagnostic);
            return out;
        }
    };
    match parse_tokens(&tokens, line_no, brief) {
        Ok(kind) => {
            let start = tokens.first().map_or(1, |t| t.col);
            let end = tokens.last().map_or(1, |t| t.end);
            out.order = Some(Order {
                kind,
                span: Span::new(line_no, start, end),
            });
        }
        Err(diagnostic) => out.diagnostics.push(diagnostic),
    }
    out
}

/// Parses the text of a single order (no comment, no envelope): the order, or
/// the one error that prevents reading it.
pub fn parse_order(text: &str) -> Result<OrderKind, Diagnostic> {
    let tokens = tokenize(text, 1)?;
    parse_tokens(&tokens, 1, false)
}

/// Reads the tokens of one line as one order.
fn parse_tokens(tokens: &[Token], line: u32, brief: bool) -> Result<OrderKind, Diagnostic> {
    if let Some(problem) = notation_problem(tokens, line, brief) {
        return Err(problem);
    }
    let mut parser = Parser::new(tokens, line);
    parser.brief = brief;
    match parser.order() {
        Some(kind) if parser.fatal.is_none() => Ok(kind),
        _ => Err(parser.failure()),
    }
}

/// CR notations (`Md_m`, `F#f`, `M#m`) and the annex's `(x)` parentheses written
/// in an order: an error whose `fix` argument is the corrected order.
fn notation_problem(tokens: &[Token], line: u32, brief: bool) -> Option<Diagnostic> {
    let mut cleaned: Vec<Token> = Vec::with_capacity(tokens.len());
    let mut problem: Option<(&'static str, Span)> = None;
    let mut i = 0;
    while i < tokens.len() {
        let token = &tokens[i];
        let next = tokens.get(i + 1);
        let after = tokens.get(i + 2);
        let next_is_num = next.is_some_and(|t| t.kind == TokKind::Num);
        if token.is("MD") && next_is_num {
            problem.get_or_insert(("order-md-notation", token.span(line)));
            cleaned.push(Token {
                text: "M".into(),
                key: "M".into(),
                ..token.clone()
            });
            i += 1;
            continue;
        }
        if (token.is("M") || token.is("F"))
            && next.is_some_and(|t| t.is("#") && t.glued)
            && after.is_some_and(|t| t.kind == TokKind::Num)
        {
            let end = next.map_or(token.end, |t| t.end);
            problem.get_or_insert(("order-hash-notation", Span::new(line, token.col, end)));
            cleaned.push(token.clone());
            i += 2;
            continue;
        }
        if token.is("(") || token.is(")") {
            problem.get_or_insert(("order-parentheses", token.span(line)));
            // `(x)` copied from the annex: the placeholder goes too.
            if token.is("(") && next.is_some_and(|t| t.is("X")) && after.is_some_and(|t| t.is(")"))
            {
                i += 3;
            } else {
                i += 1;
            }
            continue;
        }
        cleaned.push(token.clone());
        i += 1;
    }
    let (code, span) = problem?;
    let mut parser = Parser::new(&cleaned, line);
    parser.brief = brief;
    match parser.order() {
        Some(kind) if parser.fatal.is_none() => {
            Some(Diagnostic::error(code, span).arg("fix", kind.to_string()))
        }
        // Wrong beyond the notation: the structural error is the one to fix first.
        _ => Some(parser.failure()),
    }
}
