//! Diagnostics: what every reader, parser and validator returns beside its value.
//!
//! Readers never fail: they return `(value, Vec<Diagnostic>)` and resume at the next
//! line. A diagnostic carries a stable `code` (also the Fluent message id in
//! `i18n/*/<area>.ftl`), its arguments, a severity and a span (1-based line,
//! 1-based character columns, `end_column` exclusive).

use serde::{Deserialize, Serialize};

use crate::i18n::{self, Lang};

/// How bad a diagnostic is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Severity {
    /// The input is wrong: the arbiter refuses it, or the reader lost information.
    Error,
    /// Legal, but probably a mistake, or read with a repair (a typo the book shows).
    Warning,
    /// Worth knowing, nothing wrong.
    Info,
}

impl Severity {
    /// The lower-case English word used in `file:line:col: severity[code]: message`.
    pub fn as_str(self) -> &'static str {
        match self {
            Severity::Error => "error",
            Severity::Warning => "warning",
            Severity::Info => "info",
        }
    }
}

/// A located span of one line: 1-based line, 1-based columns counted in characters,
/// `end_column` exclusive (`end_column == column` for a point).
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize,
)]
pub struct Span {
    pub line: u32,
    pub column: u32,
    pub end_column: u32,
}

impl Span {
    pub fn new(line: u32, column: u32, end_column: u32) -> Self {
        Span {
            line,
            column,
            end_column: end_column.max(column),
        }
    }

    /// The whole of a line of `len` characters.
    pub fn line(line: u32, len: usize) -> Self {
        Span::new(line, 1, 1 + len as u32)
    }
}

/// One message about the input.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Diagnostic {
    pub span: Span,
    pub severity: Severity,
    /// Stable identifier, e.g. `cr-unknown-line`; also the Fluent message id.
    pub code: String,
    /// Named arguments of the message (Fluent variables), in order.
    pub args: Vec<(String, String)>,
    /// Arguments that are themselves messages: (variable, message id). Each is
    /// rendered in the diagnostic's language, with the plain `args`, before the
    /// message itself (e.g. `next` = `order-next-route`, "the number of the
    /// destination world"), so a diagnostic stays free of any language.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub phrases: Vec<(String, String)>,
}

impl Diagnostic {
    pub fn new(severity: Severity, code: &str, span: Span) -> Self {
        Diagnostic {
            span,
            severity,
            code: code.to_string(),
            args: Vec::new(),
            phrases: Vec::new(),
        }
    }

    pub fn error(code: &str, span: Span) -> Self {
        Self::new(Severity::Error, code, span)
    }

    pub fn warning(code: &str, span: Span) -> Self {
        Self::new(Severity::Warning, code, span)
    }

    pub fn info(code: &str, span: Span) -> Self {
        Self::new(Severity::Info, code, span)
    }

    /// Adds a named argument (builder style).
    pub fn arg(mut self, name: &str, value: impl ToString) -> Self {
        self.args.push((name.to_string(), value.to_string()));
        self
    }

    /// Adds an argument that is itself the message `id` (builder style).
    pub fn phrase(mut self, name: &str, id: &str) -> Self {
        self.phrases.push((name.to_string(), id.to_string()));
        self
    }

    /// The message in the given language.
    pub fn message(&self, lang: Lang) -> String {
        let mut args: Vec<(&str, &str)> = self
            .args
            .iter()
            .map(|(k, v)| (k.as_str(), v.as_str()))
            .collect();
        let phrases: Vec<(&str, String)> = self
            .phrases
            .iter()
            .map(|(name, id)| (name.as_str(), i18n::tr_args(lang, id, &args)))
            .collect();
        args.extend(phrases.iter().map(|(k, v)| (*k, v.as_str())));
        i18n::tr_args(lang, &self.code, &args)
    }

    /// `file:line:col: severity[code]: message`, the format of compilers and of our CLI.
    pub fn render(&self, file: &str, lang: Lang) -> String {
        format!(
            "{file}:{}:{}: {}[{}]: {}",
            self.span.line,
            self.span.column,
            self.severity.as_str(),
            self.code,
            self.message(lang)
        )
    }
}

/// True when any diagnostic is an error.
pub fn has_errors(diagnostics: &[Diagnostic]) -> bool {
    diagnostics.iter().any(|d| d.severity == Severity::Error)
}
