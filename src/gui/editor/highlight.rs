//! Syntax highlighting of an order text: each character gets a class from the
//! orders lexer (keywords, `M_m` / `F_f` / `T_t` references, numbers, quoted
//! names, comments, the mail envelope), and the diagnostics' spans are marked
//! with their severity (drawn underlined). [`runs`] is pure; [`layout_job`] turns
//! the runs into an egui [`LayoutJob`].

use std::ops::Range;

use egui::text::{LayoutJob, TextFormat};
use egui::{Color32, FontId, Stroke};

use crate::diagnostic::{Diagnostic, Severity};
use crate::orders::lex::{TokKind, tokenize};

/// What a character of the order text is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TokenClass {
    Plain,
    /// An order keyword (`C`, `VC`, `MM`, `DP`…).
    Keyword,
    /// `M_48`, letter and number.
    World,
    /// `F_57`.
    Fleet,
    /// `T_77`.
    Treasure,
    Number,
    /// A quoted name (`"Miria"`).
    Quoted,
    /// `:`, `*`, `?`, `=`…
    Symbol,
    /// `# …` lines and `; …` ends of lines.
    Comment,
    /// The mail's subject line (`ORDRES …`), `DEBUT` and `FIN`.
    Envelope,
}

/// A run of characters of one class and one mark, as a byte range of the text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Run {
    pub bytes: Range<usize>,
    pub class: TokenClass,
    /// The most severe diagnostic covering it.
    pub mark: Option<Severity>,
}

const MAIL_COMMANDS: [&str; 4] = ["ORDRES", "MESSAGE", "CONFIG", "INFO"];

/// The class of each character of one line (comment and envelope included).
fn line_classes(line: &str, line_no: u32, first_line: bool) -> Vec<TokenClass> {
    let count = line.chars().count();
    let mut classes = vec![TokenClass::Plain; count];
    let trimmed = line.trim();
    let upper = trimmed.to_uppercase();
    let first_word = upper.split_whitespace().next().unwrap_or("");
    if upper == "DEBUT" || upper == "FIN" || (first_line && MAIL_COMMANDS.contains(&first_word)) {
        classes.fill(TokenClass::Envelope);
        return classes;
    }
    if trimmed.starts_with('#') {
        classes.fill(TokenClass::Comment);
        return classes;
    }
    let code_chars = match line.find(';') {
        Some(at) => {
            let code_chars = line[..at].chars().count();
            classes[code_chars..].fill(TokenClass::Comment);
            code_chars
        }
        None => count,
    };
    let code: String = line.chars().take(code_chars).collect();
    match tokenize(&code, line_no) {
        Ok(tokens) => {
            let mut index = 0;
            while index < tokens.len() {
                let token = &tokens[index];
                let reference = match token.key.as_str() {
                    "M" => Some(TokenClass::World),
                    "F" => Some(TokenClass::Fleet),
                    "T" => Some(TokenClass::Treasure),
                    _ => None,
                };
                let next_is_number = tokens
                    .get(index + 1)
                    .is_some_and(|t| t.kind == TokKind::Num);
                let (class, last) = match (token.kind, reference) {
                    (TokKind::Word, Some(class)) if next_is_number => (class, index + 1),
                    (TokKind::Word, _) => (TokenClass::Keyword, index),
                    (TokKind::Num, _) => (TokenClass::Number, index),
                    (TokKind::Quoted, _) => (TokenClass::Quoted, index),
                    (TokKind::Symbol, _) => (TokenClass::Symbol, index),
                };
                let start = token.col.saturating_sub(1) as usize;
                let end = tokens
                    .get(last)
                    .map_or(start, |t| t.end.saturating_sub(1) as usize);
                if let Some(slice) = classes.get_mut(start..end.min(code_chars)) {
                    slice.fill(class);
                }
                index = last + 1;
            }
        }
        // An unterminated quote: the rest of the order from the quote is a name.
        Err(_) => {
            if let Some(quote) = code.chars().position(|c| c == '"') {
                classes[quote..code_chars].fill(TokenClass::Quoted);
            }
        }
    }
    classes
}

/// The runs of `text`, with the diagnostics' spans marked.
pub fn runs(text: &str, diagnostics: &[Diagnostic]) -> Vec<Run> {
    let mut out: Vec<Run> = Vec::new();
    // The diagnostics by line.
    let mut by_line: Vec<&Diagnostic> = diagnostics.iter().collect();
    by_line.sort_by_key(|d| d.span.line);
    let mut line_start = 0;
    let mut first_line = true;
    for (index, raw) in text.split('\n').enumerate() {
        let line_no = index as u32 + 1;
        let line = raw.strip_suffix('\r').unwrap_or(raw);
        let is_first = first_line && !line.trim().is_empty();
        let classes = line_classes(line, line_no, is_first);
        if is_first {
            first_line = false;
        }
        let mut marks: Vec<Option<Severity>> = vec![None; classes.len()];
        let first = by_line.partition_point(|d| d.span.line < line_no);
        let on_line = by_line[first..]
            .iter()
            .take_while(|d| d.span.line == line_no);
        for d in on_line {
            let len = classes.len();
            if len == 0 {
                continue;
            }
            let start = (d.span.column.max(1) as usize - 1).min(len - 1);
            let end = (d.span.end_column.max(1) as usize - 1).clamp(start + 1, len);
            for mark in &mut marks[start..end] {
                *mark = Some(match *mark {
                    Some(old) => old.min(d.severity),
                    None => d.severity,
                });
            }
        }
        let offsets: Vec<usize> = line
            .char_indices()
            .map(|(i, _)| line_start + i)
            .chain(std::iter::once(line_start + line.len()))
            .collect();
        for (i, (class, mark)) in classes.iter().zip(&marks).enumerate() {
            let bytes = offsets[i]..offsets[i + 1];
            match out.last_mut() {
                Some(last)
                    if last.class == *class
                        && last.mark == *mark
                        && last.bytes.end == bytes.start =>
                {
                    last.bytes.end = bytes.end;
                }
                _ => out.push(Run {
                    bytes,
                    class: *class,
                    mark: *mark,
                }),
            }
        }
        line_start += raw.len() + 1;
    }
    out
}

/// Colours of the classes, for a dark or a light background.
pub fn color(class: TokenClass, visuals: &egui::Visuals) -> Color32 {
    let dark = visuals.dark_mode;
    let pick = |d: (u8, u8, u8), l: (u8, u8, u8)| {
        let (r, g, b) = if dark { d } else { l };
        Color32::from_rgb(r, g, b)
    };
    match class {
        TokenClass::Plain | TokenClass::Symbol => visuals.text_color(),
        TokenClass::Keyword => pick((0xC5, 0x86, 0xC0), (0x80, 0x20, 0x90)),
        TokenClass::World => pick((0x4F, 0xC1, 0xFF), (0x00, 0x55, 0xAA)),
        TokenClass::Fleet => pick((0x4E, 0xC9, 0xB0), (0x00, 0x7A, 0x5E)),
        TokenClass::Treasure => pick((0xDC, 0xDC, 0xAA), (0x8A, 0x6D, 0x00)),
        TokenClass::Number => pick((0xB5, 0xCE, 0xA8), (0x09, 0x86, 0x58)),
        TokenClass::Quoted => pick((0xCE, 0x91, 0x78), (0xA3, 0x15, 0x15)),
        TokenClass::Comment => pick((0x6A, 0x99, 0x55), (0x3A, 0x7D, 0x2A)),
        TokenClass::Envelope => visuals.strong_text_color(),
    }
}

/// The colour of a diagnostic's underline.
pub fn mark_color(severity: Severity, visuals: &egui::Visuals) -> Color32 {
    match severity {
        Severity::Error => visuals.error_fg_color,
        Severity::Warning => visuals.warn_fg_color,
        Severity::Info => visuals.weak_text_color(),
    }
}

/// The text laid out with its colours and underlines (line breaks, outside any
/// run, in the plain format).
pub fn layout_job(
    text: &str,
    diagnostics: &[Diagnostic],
    font: FontId,
    visuals: &egui::Visuals,
) -> LayoutJob {
    let mut job = LayoutJob::default();
    let plain = TextFormat {
        font_id: font.clone(),
        color: visuals.text_color(),
        ..Default::default()
    };
    let mut at = 0;
    for run in runs(text, diagnostics) {
        if run.bytes.start > at
            && let Some(gap) = text.get(at..run.bytes.start)
        {
            job.append(gap, 0.0, plain.clone());
        }
        let underline = match run.mark {
            Some(severity) => Stroke::new(1.5, mark_color(severity, visuals)),
            None => Stroke::NONE,
        };
        let format = TextFormat {
            font_id: font.clone(),
            color: color(run.class, visuals),
            italics: run.class == TokenClass::Comment,
            underline,
            ..Default::default()
        };
        if let Some(slice) = text.get(run.bytes.clone()) {
            job.append(slice, 0.0, format);
        }
        at = run.bytes.end;
    }
    if at < text.len()
        && let Some(rest) = text.get(at..)
    {
        job.append(rest, 0.0, plain);
    }
    job
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::diagnostic::Span;

    fn classes(
        text: &str,
        diagnostics: &[Diagnostic],
    ) -> Vec<(String, TokenClass, Option<Severity>)> {
        runs(text, diagnostics)
            .into_iter()
            .map(|r| (text[r.bytes].to_string(), r.class, r.mark))
            .collect()
    }

    #[test]
    fn references_keywords_numbers_and_comments_have_their_class() {
        use TokenClass::*;
        let got = classes("M_127 C 10 VC F_57 ; renforts", &[]);
        let expected = [
            ("M_127", World),
            (" ", Plain),
            ("C", Keyword),
            (" ", Plain),
            ("10", Number),
            (" ", Plain),
            ("VC", Keyword),
            (" ", Plain),
            ("F_57", Fleet),
            (" ", Plain),
            ("; renforts", Comment),
        ];
        let got: Vec<(String, TokenClass)> = got.into_iter().map(|(t, c, _)| (t, c)).collect();
        let expected: Vec<(String, TokenClass)> =
            expected.iter().map(|(t, c)| (t.to_string(), *c)).collect();
        assert_eq!(got, expected);
    }

    #[test]
    fn envelope_quoted_names_and_comment_lines() {
        use TokenClass::*;
        let text = "ORDRES ORION 5 secret\nDEBUT\n# plan\nA:\"Miria\"\nFIN";
        let got = classes(text, &[]);
        assert!(got.contains(&("ORDRES ORION 5 secret".into(), Envelope, None)));
        assert!(got.contains(&("DEBUT".into(), Envelope, None)));
        assert!(got.contains(&("# plan".into(), Comment, None)));
        assert!(got.contains(&("\"Miria\"".into(), Quoted, None)));
        assert!(got.contains(&("FIN".into(), Envelope, None)));
        // An unterminated quote: the rest is a name.
        let open = classes("N M_4 = \"Nouv", &[]);
        assert_eq!(open.last().map(|r| r.1), Some(Quoted));
    }

    #[test]
    fn diagnostics_mark_their_span_the_worst_first() {
        let text = "M_48 C 10 VC\nF_57 MM 48";
        let diagnostics = [
            Diagnostic::warning("w", Span::new(2, 1, 5)),
            Diagnostic::error("e", Span::new(2, 3, 5)),
            // A point span marks one character.
            Diagnostic::info("i", Span::new(1, 6, 6)),
        ];
        let got = classes(text, &diagnostics);
        assert!(got.contains(&("C".into(), TokenClass::Keyword, Some(Severity::Info))));
        assert!(got.contains(&("F_".into(), TokenClass::Fleet, Some(Severity::Warning))));
        assert!(got.contains(&("57".into(), TokenClass::Fleet, Some(Severity::Error))));
        assert!(got.contains(&("MM".into(), TokenClass::Keyword, None)));
    }

    #[test]
    fn the_layout_job_keeps_the_whole_text() {
        let text = "M_48 C 10 VC\n\n# x\r\nF_57 MM 48 304\n";
        let job = layout_job(
            text,
            &[Diagnostic::error("e", Span::new(4, 1, 5))],
            FontId::monospace(12.0),
            &egui::Visuals::dark(),
        );
        assert_eq!(job.text, text);
        assert!(job.sections.iter().any(|s| s.format.underline.width > 0.0));
    }

    proptest::proptest! {
        /// Any text and any spans: no panic, the runs cover every character of
        /// every line in order, and the layout job keeps the text whole.
        #[test]
        fn any_text_and_spans_highlight_without_panic(
            text in "[ -~éÀ_\"#;:\n\r\t]{0,200}",
            spans in proptest::collection::vec((0u32..12, 0u32..40, 0u32..40), 0..8),
        ) {
            let diagnostics: Vec<Diagnostic> = spans
                .iter()
                .map(|&(line, column, end)| Diagnostic::error("e", Span::new(line, column, end)))
                .collect();
            let runs = runs(&text, &diagnostics);
            let mut at = 0;
            for run in &runs {
                proptest::prop_assert!(run.bytes.start >= at);
                proptest::prop_assert!(text.get(run.bytes.clone()).is_some());
                at = run.bytes.end;
            }
            let job = layout_job(&text, &diagnostics, FontId::monospace(12.0), &egui::Visuals::light());
            proptest::prop_assert_eq!(job.text, text);
        }
    }
}
