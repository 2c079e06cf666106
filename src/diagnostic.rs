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

    /// Adds a named argument (builder style):
    /// `Diagnostic::error(code, span).arg("fleet", 57).arg("world", 10)`.
    pub fn arg(mut self, name: &str, value: impl ToString) -> Self {
        self.add_arg(name, value);
        self
    }

    /// Adds a named argument to a diagnostic already recorded (the `&mut` twin of
    /// [`Diagnostic::arg`], for a list that hands back the diagnostic it just
    /// pushed): `run.error(…).add_arg("fleet", 57).add_arg("world", 10);`.
    pub fn add_arg(&mut self, name: &str, value: impl ToString) -> &mut Self {
        self.args.push((name.to_string(), value.to_string()));
        self
    }

    /// The value of argument `name`, if the diagnostic has it.
    pub fn arg_value(&self, name: &str) -> Option<&str> {
        self.args
            .iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.as_str())
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

    /// As a window shows it: `file:line:column  message` (the severity is the
    /// line's colour, the code is for tools and the command line).
    pub fn render_plain(&self, file: &str, lang: Lang) -> String {
        format!(
            "{file}:{}:{}  {}",
            self.span.line,
            self.span.column,
            self.message(lang)
        )
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

/// A diagnostic as the JSON outputs write it: its file when the document is about
/// several (`--json` of `report`, the CRs of `orders`), its span, severity, code and
/// message in the chosen language. The field order is the JSON's.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct DiagnosticJson {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub file: Option<String>,
    pub line: u32,
    pub column: u32,
    pub end_column: u32,
    /// `error`, `warning`, `info`.
    pub severity: &'static str,
    pub code: String,
    pub message: String,
}

impl DiagnosticJson {
    /// A diagnostic of a document about one file (no `file` key).
    pub fn new(diagnostic: &Diagnostic, lang: Lang) -> Self {
        DiagnosticJson {
            file: None,
            line: diagnostic.span.line,
            column: diagnostic.span.column,
            end_column: diagnostic.span.end_column,
            severity: diagnostic.severity.as_str(),
            code: diagnostic.code.clone(),
            message: diagnostic.message(lang),
        }
    }

    /// A diagnostic of the file `file` (a `file` key first).
    pub fn in_file(file: &str, diagnostic: &Diagnostic, lang: Lang) -> Self {
        DiagnosticJson {
            file: Some(file.to_string()),
            ..DiagnosticJson::new(diagnostic, lang)
        }
    }
}

/// A message with a stable code, readable in either language: a diagnostic, or an
/// error that stopped an operation (a refused save, a turn that cannot be resolved,
/// a file that cannot be opened, a failed command). The code is also the Fluent id
/// of the message; the arguments are the values the message shows.
pub trait Localized {
    /// Stable identifier, also the Fluent message id.
    fn code(&self) -> &str;
    /// The message in `lang`, its arguments filled in.
    fn message(&self, lang: Lang) -> String;
}

impl Localized for Diagnostic {
    fn code(&self) -> &str {
        &self.code
    }

    fn message(&self, lang: Lang) -> String {
        Diagnostic::message(self, lang)
    }
}

/// True when any diagnostic is an error.
pub fn has_errors(diagnostics: &[Diagnostic]) -> bool {
    diagnostics.iter().any(|d| d.severity == Severity::Error)
}

/// How many diagnostics one file keeps: past this many, one summary diagnostic
/// [`MORE_CODE`] counts the others (a hostile or damaged file of millions of
/// unreadable lines must not make millions of messages).
pub const MAX_PER_FILE: usize = 200;

/// The code of the summary diagnostic that ends a capped list: "… and 12345
/// more, on lines 201 to 5000000". Its severity is the worst of those it counts;
/// its arguments `count`, `first`, `last` (lines), `span` (`single` or `range`)
/// and `errors`, `warnings`, `infos` (how many of each it counts).
pub const MORE_CODE: &str = "text-more-diagnostics";

/// The diagnostics of one file, at most [`MAX_PER_FILE`] of them kept; the
/// others are only counted (see [`MORE_CODE`]). Memory stays bounded whatever the
/// input.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Capped {
    kept: Vec<Diagnostic>,
    more: usize,
    first: u32,
    last: u32,
    worst: Option<Severity>,
    by_severity: [usize; 3],
}

impl Capped {
    /// An empty list.
    pub fn new() -> Self {
        Capped::default()
    }

    /// True when a new diagnostic would still be kept (a caller may skip building
    /// an expensive one that would only be counted).
    pub fn has_room(&self) -> bool {
        self.kept.len() < MAX_PER_FILE
    }

    /// Keeps `diagnostic`, or counts it when the list is full. A summary
    /// diagnostic of an earlier list ([`MORE_CODE`]) adds what it counted.
    pub fn push(&mut self, diagnostic: Diagnostic) {
        if diagnostic.code == MORE_CODE {
            self.absorb(&diagnostic);
        } else if self.has_room() {
            self.kept.push(diagnostic);
        } else {
            self.count(diagnostic.severity, diagnostic.span.line);
        }
    }

    /// Counts a diagnostic of `severity` on `line` that is not kept.
    pub fn count(&mut self, severity: Severity, line: u32) {
        if self.more == 0 {
            self.first = line;
            self.last = line;
        } else {
            self.first = self.first.min(line);
            self.last = self.last.max(line);
        }
        self.more += 1;
        self.worst = Some(self.worst.map_or(severity, |w| w.min(severity)));
        let slot = match severity {
            Severity::Error => 0,
            Severity::Warning => 1,
            Severity::Info => 2,
        };
        if let Some(n) = self.by_severity.get_mut(slot) {
            *n += 1;
        }
    }

    /// Adds every diagnostic of `diagnostics` (see [`Capped::push`]).
    pub fn extend(&mut self, diagnostics: impl IntoIterator<Item = Diagnostic>) {
        for diagnostic in diagnostics {
            self.push(diagnostic);
        }
    }

    /// The diagnostics kept so far.
    pub fn kept(&self) -> &[Diagnostic] {
        &self.kept
    }

    /// Mutable access to the kept diagnostics (to sort them, or to drop some).
    pub fn kept_mut(&mut self) -> &mut Vec<Diagnostic> {
        &mut self.kept
    }

    /// How many were counted and not kept.
    pub fn more(&self) -> usize {
        self.more
    }

    /// The kept diagnostics, then the summary diagnostic when some were not kept.
    pub fn into_vec(self) -> Vec<Diagnostic> {
        let mut out = self.kept;
        if let Some(severity) = self.worst {
            let [errors, warnings, infos] = self.by_severity;
            out.push(
                Diagnostic::new(severity, MORE_CODE, Span::new(self.first, 1, 1))
                    .arg("count", self.more)
                    .arg("first", self.first)
                    .arg("last", self.last)
                    .arg(
                        "span",
                        if self.first == self.last {
                            "single"
                        } else {
                            "range"
                        },
                    )
                    .arg("errors", errors)
                    .arg("warnings", warnings)
                    .arg("infos", infos),
            );
        }
        out
    }
}

/// `diagnostics` capped at [`MAX_PER_FILE`] (see [`Capped`]). A list already
/// ending in a summary is merged into the new one.
pub fn cap(diagnostics: impl IntoIterator<Item = Diagnostic>) -> Vec<Diagnostic> {
    let mut capped = Capped::new();
    capped.extend(diagnostics);
    capped.into_vec()
}

impl Capped {
    /// Counts what an earlier summary diagnostic counted.
    pub fn absorb(&mut self, summary: &Diagnostic) {
        let arg = |name: &str| -> u64 {
            summary
                .arg_value(name)
                .and_then(|v| v.parse().ok())
                .unwrap_or(0)
        };
        let (first, last) = (arg("first") as u32, arg("last") as u32);
        for (slot, severity) in [
            ("errors", Severity::Error),
            ("warnings", Severity::Warning),
            ("infos", Severity::Info),
        ] {
            for _ in 0..arg(slot).min(1) {
                self.count(severity, first);
            }
            let rest = arg(slot).saturating_sub(1) as usize;
            if rest > 0 {
                self.count(severity, last);
                let index = match severity {
                    Severity::Error => 0,
                    Severity::Warning => 1,
                    Severity::Info => 2,
                };
                // Counted once above; the others in bulk.
                self.more += rest - 1;
                if let Some(n) = self.by_severity.get_mut(index) {
                    *n += rest - 1;
                }
            }
        }
    }
}

/// How many diagnostics of `severity` a list stands for: those listed, plus
/// those a summary diagnostic ([`MORE_CODE`]) counts.
pub fn count_severity(diagnostics: &[Diagnostic], severity: Severity) -> usize {
    let key = match severity {
        Severity::Error => "errors",
        Severity::Warning => "warnings",
        Severity::Info => "infos",
    };
    diagnostics
        .iter()
        .map(|d| {
            if d.code == MORE_CODE {
                d.arg_value(key).and_then(|v| v.parse().ok()).unwrap_or(0)
            } else {
                usize::from(d.severity == severity)
            }
        })
        .sum()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The JSON of a diagnostic: `file` first when there is one, absent otherwise
    /// (the shapes the CLI's documents have always had).
    #[test]
    fn diagnostic_json_keeps_the_cli_shapes() {
        let diagnostic = Diagnostic::error("cr-unknown-line", Span::new(3, 2, 7));
        let alone = serde_json::to_string(&DiagnosticJson::new(&diagnostic, Lang::En));
        let message = diagnostic.message(Lang::En);
        assert_eq!(
            alone.ok(),
            Some(format!(
                r#"{{"line":3,"column":2,"end_column":7,"severity":"error","code":"cr-unknown-line","message":"{message}"}}"#
            ))
        );
        let in_file =
            serde_json::to_string(&DiagnosticJson::in_file("a.txt", &diagnostic, Lang::En));
        assert_eq!(
            in_file.ok(),
            Some(format!(
                r#"{{"file":"a.txt","line":3,"column":2,"end_column":7,"severity":"error","code":"cr-unknown-line","message":"{message}"}}"#
            ))
        );
    }
}
