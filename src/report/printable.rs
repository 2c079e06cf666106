//! The order file and the CR made printable: a standalone HTML page (UTF-8,
//! inline CSS, a monospace body that keeps the text's lines and columns) or
//! plain text, each under a header naming the game, the turn, the player and
//! his class. Printing the page from a browser covers paper.
//!
//! Everything the page shows of the text and the header is HTML-escaped
//! ([`escape_html`]): a player named `<b>"&"</b>` prints as such.

use crate::i18n::{Lang, player_named, tr, tr_args};
use crate::model::Class;
use crate::model::view::{PlayerRef, TurnView};

/// What is printed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Document {
    /// The order file.
    Orders,
    /// The turn report (CR).
    Report,
}

impl Document {
    fn message_id(self) -> &'static str {
        match self {
            Document::Orders => "print-orders",
            Document::Report => "print-report",
        }
    }
}

/// The header: what the player's reports tell (unknown fields print as `?`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PrintHeader {
    pub game: Option<String>,
    pub turn: Option<u32>,
    pub player: Option<PlayerRef>,
    pub class: Option<Class>,
}

impl PrintHeader {
    /// The header of a turn: its game, turn, player and class as the CR (and
    /// its NBT) tell them.
    pub fn of_view(view: &TurnView) -> PrintHeader {
        PrintHeader {
            game: view.game.clone(),
            turn: view.turn,
            player: view.player.clone(),
            class: view.class,
        }
    }

    /// The header's lines: (label, value), in `lang`.
    pub fn fields(&self, lang: Lang) -> Vec<(String, String)> {
        let unknown = || "?".to_string();
        let player = self
            .player
            .as_ref()
            .map_or_else(unknown, |p| match p.number {
                Some(number) => player_named(lang, number, &p.name),
                None => p.name.clone(),
            });
        let class = self.class.map_or_else(unknown, |c| match lang {
            Lang::Fr => c.french_name().to_string(),
            Lang::En => c.english_name().to_string(),
        });
        vec![
            (
                tr(lang, "print-game"),
                self.game.clone().unwrap_or_else(unknown),
            ),
            (
                tr(lang, "print-turn"),
                self.turn.map_or_else(unknown, |t| t.to_string()),
            ),
            (tr(lang, "print-player"), player),
            (tr(lang, "print-class"), class),
        ]
    }

    /// The page's title: `Ordres — ORION, tour 7, Maxtor`.
    pub fn title(&self, document: Document, lang: Lang) -> String {
        tr_args(
            lang,
            "print-title",
            &[
                ("what", &tr(lang, document.message_id())),
                ("game", self.game.as_deref().unwrap_or("?")),
                (
                    "turn",
                    &self.turn.map_or_else(|| "?".to_string(), |t| t.to_string()),
                ),
                (
                    "player",
                    self.player.as_ref().map_or("?", |p| p.name.as_str()),
                ),
            ],
        )
    }
}

/// `text` with `&`, `<`, `>`, `"` and `'` as HTML entities.
pub fn escape_html(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            other => out.push(other),
        }
    }
    out
}

/// The page's style: black on white, a monospace body keeping the text's
/// lines (long lines wrap rather than run off the paper).
const STYLE: &str = "body { font-family: \"DejaVu Sans Mono\", \"Liberation Mono\", \"Courier New\", monospace; font-size: 10pt; color: #000; background: #fff; margin: 1.5cm; }
header { border-bottom: 1px solid #000; margin-bottom: 1em; padding-bottom: 0.5em; }
h1 { font-size: 13pt; margin: 0 0 0.4em 0; }
table.header { border-collapse: collapse; }
table.header th { text-align: left; font-weight: normal; padding: 0 1em 0 0; }
table.header td { font-weight: bold; }
pre { font: inherit; white-space: pre-wrap; overflow-wrap: anywhere; margin: 0; }
@media print { body { margin: 0; } @page { margin: 1.5cm; } }";

/// A standalone HTML page: the header, then `text` line for line.
pub fn html(document: Document, header: &PrintHeader, text: &str, lang: Lang) -> String {
    let title = escape_html(&header.title(document, lang));
    let mut rows = String::new();
    for (label, value) in header.fields(lang) {
        rows.push_str(&format!(
            "<tr><th>{}</th><td>{}</td></tr>\n",
            escape_html(&label),
            escape_html(&value)
        ));
    }
    let body = escape_html(&text.replace("\r\n", "\n"));
    format!(
        "<!DOCTYPE html>\n<html lang=\"{lang}\">\n<head>\n<meta charset=\"utf-8\">\n<title>{title}</title>\n<style>\n{STYLE}\n</style>\n</head>\n<body>\n<header>\n<h1>{what}</h1>\n<table class=\"header\">\n{rows}</table>\n</header>\n<pre>{body}</pre>\n</body>\n</html>\n",
        lang = lang.code(),
        what = escape_html(&tr(lang, document.message_id())),
    )
}

/// Plain text: the header's lines, a rule, then `text`.
pub fn plain(document: Document, header: &PrintHeader, text: &str, lang: Lang) -> String {
    let mut out = tr(lang, document.message_id());
    out.push('\n');
    for (label, value) in header.fields(lang) {
        out.push_str(&tr_args(
            lang,
            "print-field",
            &[("field", &label), ("value", &value)],
        ));
        out.push('\n');
    }
    out.push_str(&"=".repeat(60));
    out.push_str("\n\n");
    out.push_str(&text.replace("\r\n", "\n"));
    if !out.ends_with('\n') {
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn header() -> PrintHeader {
        PrintHeader {
            game: Some("ORION & <Co>".to_string()),
            turn: Some(7),
            player: Some(PlayerRef {
                name: "Max \"le\" <b>'tor'</b>".to_string(),
                number: Some(5),
            }),
            class: Some(Class::Emperor),
        }
    }

    #[test]
    fn escaping_covers_markup_ampersands_and_quotes() {
        assert_eq!(
            escape_html(r#"<a href="x">&'</a>"#),
            "&lt;a href=&quot;x&quot;&gt;&amp;&#39;&lt;/a&gt;"
        );
        assert_eq!(escape_html("F_12 M 3 < 4"), "F_12 M 3 &lt; 4");
    }

    #[test]
    fn the_page_has_the_header_and_the_text_escaped() {
        let text = "F_12 M 34\r\nM_3 C 2 E 4 ; <ici> & \"là\"\n";
        let page = html(Document::Orders, &header(), text, Lang::Fr);
        assert!(page.starts_with("<!DOCTYPE html>"));
        assert!(page.contains("<meta charset=\"utf-8\">"));
        assert!(page.contains("<html lang=\"fr\">"));
        assert!(page.contains("<h1>Ordres</h1>"));
        assert!(page.contains("<th>Partie</th><td>ORION &amp; &lt;Co&gt;</td>"));
        assert!(page.contains("<th>Tour</th><td>7</td>"));
        assert!(page.contains("Max &quot;le&quot; &lt;b&gt;&#39;tor&#39;&lt;/b&gt;"));
        assert!(page.contains("<th>Classe</th><td>Empereur</td>"));
        assert!(
            page.contains("<pre>F_12 M 34\nM_3 C 2 E 4 ; &lt;ici&gt; &amp; &quot;là&quot;\n</pre>")
        );
        // Nothing of the names or text left unescaped.
        assert!(!page.contains("<b>"));
        assert!(!page.contains("<Co>"));
        assert!(!page.contains("<ici>"));
        assert!(page.contains("font-family") && page.contains("monospace"));
        let page = html(Document::Report, &PrintHeader::default(), "x", Lang::En);
        assert!(page.contains("<h1>Turn report</h1>"));
        assert!(page.contains("<th>Game</th><td>?</td>"));
    }

    #[test]
    fn the_text_has_the_same_header() {
        let out = plain(Document::Report, &header(), "Points : 412 (+64)", Lang::Fr);
        let lines: Vec<&str> = out.lines().collect();
        assert_eq!(lines[0], "Compte rendu");
        assert_eq!(lines[1], "Partie : ORION & <Co>");
        assert_eq!(lines[2], "Tour : 7");
        assert!(lines[3].starts_with("Joueur : ") && lines[3].contains("Max \"le\""));
        assert_eq!(lines[4], "Classe : Empereur");
        assert!(out.ends_with("Points : 412 (+64)\n"));
    }
}
