//! The rulings window: every ruling Nébutil NG applies where the rule book is
//! silent (`/// Ruling G-n (section): …` comments gathered by the build script,
//! [`crate::rulings::all`]), searchable, with the book's section (number and
//! title), its text in the interface language and, in words, the part of the
//! program it applies to — never a source path (`nebutil rulings` gives them).

use egui::RichText;

use super::command::WindowId;
use crate::i18n::{Lang, has_message, tr, tr_args};
use crate::rulings::{self, Ruling};

/// The window's id (its layer: `Order::Middle`).
pub const WINDOW_ID: &str = WindowId::Rulings.name();

/// The rulings window's state.
#[derive(Clone, Debug, Default)]
pub struct RulingsState {
    pub open: bool,
    /// The search text.
    pub query: String,
}

impl RulingsState {
    pub fn toggle(&mut self) {
        self.open = !self.open;
    }
}

/// The message id of a book section's title: `VII.1.2` → `book-section-vii-1-2`;
/// the annexes (`Annexe`, `annex`) → `book-section-annex`.
pub fn section_id(section: &str) -> String {
    let lower = section.trim().to_lowercase();
    if lower.starts_with("annex") {
        return "book-section-annex".to_string();
    }
    let slug: String = lower
        .chars()
        .map(|c| if c.is_ascii_alphanumeric() { c } else { '-' })
        .collect();
    format!("book-section-{}", slug.trim_matches('-'))
}

/// The section as the window shows it: `§ VII.1.2 « Résolution des tirs »`
/// (the number alone when the book has no such title).
pub fn section_text(section: &str, lang: Lang) -> String {
    let id = section_id(section);
    let number = if id == "book-section-annex" {
        tr(lang, "book-section-annex")
    } else {
        section.trim().to_string()
    };
    if has_message(lang, &id) && id != "book-section-annex" {
        tr_args(
            lang,
            "gui-rulings-section",
            &[("number", &number), ("title", &tr(lang, &id))],
        )
    } else {
        tr_args(lang, "gui-rulings-section-number", &[("number", &number)])
    }
}

/// The part of the program a source file belongs to, as a message id
/// (`ruling-area-…`): what the window says instead of the file's path.
pub fn area_id(file: &str) -> String {
    let path = file.trim_start_matches("./").trim_start_matches("src/");
    let mut parts = path.trim_end_matches(".rs").split('/');
    let top = parts.next().unwrap_or_default();
    let next = parts.next().unwrap_or_default();
    let id = match top {
        "combat" => "combat".to_string(),
        "resolve" if next.is_empty() || next == "mod" => "resolve".to_string(),
        "resolve" => format!("resolve-{}", next.replace('_', "-")),
        "orders" => match next {
            "validate" => "orders-validate".to_string(),
            "print" => "orders-print".to_string(),
            _ => "orders-read".to_string(),
        },
        "report" => match next {
            "write" => "report-write".to_string(),
            _ => "report-read".to_string(),
        },
        "nbt" => "nbt".to_string(),
        "model" => "knowledge".to_string(),
        "game" => "generate".to_string(),
        "rules" => "rules".to_string(),
        _ => "other".to_string(),
    };
    let id = format!("ruling-area-{id}");
    if has_message(Lang::Fr, &id) {
        id
    } else if top == "resolve" {
        "ruling-area-resolve".to_string()
    } else {
        "ruling-area-other".to_string()
    }
}

/// Where the ruling applies, in words, each part once (the part deciding it first).
pub fn areas(ruling: &Ruling, lang: Lang) -> Vec<String> {
    let mut ids: Vec<String> = Vec::new();
    for (file, _) in ruling.places() {
        let id = area_id(file);
        if !ids.contains(&id) {
            ids.push(id);
        }
    }
    ids.iter().map(|id| tr(lang, id)).collect()
}

/// The ruling's text in the interface language (`ruling-g-n`; the text as stated
/// in the code when there is no translation), without the code's backquotes.
pub fn ruling_text(ruling: &Ruling, lang: Lang) -> String {
    let id = format!("ruling-g-{}", ruling.id);
    let text = if has_message(lang, &id) {
        tr_args(lang, &id, &[("text", ruling.text)])
    } else {
        ruling.text.to_string()
    };
    text.replace('`', "")
}

/// The rulings matching `query` (case-insensitive, every word must appear in
/// `G-n`, the section, its title, the text in either language or where it
/// applies), by gap number.
pub fn matching(query: &str, lang: Lang) -> Vec<&'static Ruling> {
    let words: Vec<String> = query.split_whitespace().map(str::to_lowercase).collect();
    let mut found: Vec<&'static Ruling> = rulings::all()
        .iter()
        .filter(|r| {
            if words.is_empty() {
                return true;
            }
            let haystack = format!(
                "g-{} {} {} {} {} {}",
                r.id,
                r.section,
                section_text(r.section, lang),
                ruling_text(r, lang),
                r.text,
                areas(r, lang).join(" ")
            )
            .to_lowercase();
            words.iter().all(|w| {
                // "G-6" must not find G-62: a gap number is matched whole.
                match w.strip_prefix("g-") {
                    Some(n) if n.chars().all(|c| c.is_ascii_digit()) && !n.is_empty() => {
                        n.parse::<u32>().is_ok_and(|n| n == r.id)
                    }
                    _ => haystack.contains(w.as_str()),
                }
            })
        })
        .collect();
    found.sort_by_key(|r| (r.id, r.file, r.line));
    found
}

/// ASCII stand-ins for the signs the rulings use (`≥`, `∈`…), for fonts that lack
/// them.
const STAND_INS: &[(char, &str)] = &[
    ('≥', ">="),
    ('≤', "<="),
    ('≠', "!="),
    ('∈', " in "),
    ('−', "-"),
    ('→', "->"),
    ('Σ', "sum "),
    ('×', "x"),
    ('–', "-"),
    ('—', "-"),
    ('…', "..."),
];

/// `text` with every character the interface font cannot draw replaced by its
/// ASCII stand-in (else `?`).
fn drawable(ui: &egui::Ui, text: &str) -> String {
    let font = egui::TextStyle::Body.resolve(ui.style());
    ui.ctx().fonts_mut(|fonts| {
        text.chars()
            .map(|c| {
                if c.is_ascii() || fonts.has_glyph(&font, c) {
                    c.to_string()
                } else {
                    STAND_INS
                        .iter()
                        .find(|(sign, _)| *sign == c)
                        .map_or_else(|| "?".to_string(), |(_, ascii)| (*ascii).to_string())
                }
            })
            .collect()
    })
}

/// Draws the rulings window.
pub fn rulings_window(ctx: &egui::Context, state: &mut RulingsState, lang: Lang) {
    let mut open = state.open;
    crate::gui::windows::app_window(ctx, WindowId::Rulings.title(lang))
        .id(egui::Id::unique(WINDOW_ID))
        .open(&mut open)
        .default_size([640.0, 520.0])
        .show(ctx, |ui| {
            ui.label(tr(lang, "gui-rulings-help"));
            ui.horizontal(|ui| {
                let label = ui.label(tr(lang, "gui-rulings-search"));
                ui.add(egui::TextEdit::singleline(&mut state.query).desired_width(280.0))
                    .labelled_by(label.id);
            });
            let found = matching(&state.query, lang);
            ui.weak(tr_args(
                lang,
                "gui-rulings-count",
                &[
                    ("count", &found.len().to_string()),
                    ("total", &rulings::all().len().to_string()),
                ],
            ));
            ui.separator();
            egui::ScrollArea::vertical()
                .auto_shrink([false, false])
                .show(ui, |ui| {
                    for ruling in found {
                        ui.horizontal_wrapped(|ui| {
                            ui.label(RichText::new(format!("G-{}", ruling.id)).strong());
                            ui.label(RichText::new(section_text(ruling.section, lang)).italics());
                        });
                        ui.label(drawable(ui, &ruling_text(ruling, lang)));
                        ui.weak(tr_args(
                            lang,
                            "gui-rulings-applies",
                            &[("areas", &areas(ruling, lang).join(" ; "))],
                        ));
                        ui.add_space(6.0);
                    }
                });
        });
    state.open = open;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn search_finds_a_gap_by_number_whole_and_by_words() {
        let all = matching("", Lang::Fr);
        assert_eq!(all.len(), rulings::all().len());
        let g62 = matching("G-62", Lang::Fr);
        assert!(!g62.is_empty());
        assert!(g62.iter().all(|r| r.id == 62));
        let g6 = matching("g-6", Lang::En);
        assert!(g6.iter().all(|r| r.id == 6));
        // A word of a ruling's text finds it.
        let Some(first) = all.first() else {
            panic!("no ruling gathered")
        };
        let word = first
            .text
            .split_whitespace()
            .max_by_key(|w| w.len())
            .unwrap_or_default();
        assert!(matching(word, Lang::En).iter().any(|r| r == first));
        assert!(matching("zzzz-no-such-word", Lang::Fr).is_empty());
    }

    #[test]
    fn sections_and_places_are_words_never_source_paths() {
        assert_eq!(section_id("VII.1.2"), "book-section-vii-1-2");
        assert_eq!(section_id(" Annexe "), "book-section-annex");
        assert_eq!(section_id("annex"), "book-section-annex");
        assert_eq!(
            section_text("VII.1.2", Lang::Fr),
            "§ VII.1.2 « Résolution des tirs »"
        );
        assert_eq!(
            section_text("VII.1.2", Lang::En),
            "§ VII.1.2 \u{201c}Resolving fire\u{201d}"
        );
        assert_eq!(section_text("XI.9", Lang::Fr), "§ XI.9");
        assert_eq!(area_id("src/combat/sim/run.rs"), "ruling-area-combat");
        assert_eq!(
            area_id("src/resolve/combat_and_movement/fire.rs"),
            "ruling-area-resolve-combat-and-movement"
        );
        assert_eq!(area_id("src/resolve/mod.rs"), "ruling-area-resolve");
        assert_eq!(
            area_id("src/resolve/no_such_step.rs"),
            "ruling-area-resolve"
        );
        assert_eq!(
            area_id("src/orders/validate/mod.rs"),
            "ruling-area-orders-validate"
        );
        assert_eq!(area_id("src/somewhere/else.rs"), "ruling-area-other");
        for lang in Lang::ALL {
            for ruling in rulings::all() {
                // Every section is one of the book's, with its title.
                assert!(
                    has_message(lang, &section_id(ruling.section)),
                    "G-{}: no title for section {}",
                    ruling.id,
                    ruling.section
                );
                let shown = format!(
                    "{} {} {}",
                    section_text(ruling.section, lang),
                    ruling_text(ruling, lang),
                    areas(ruling, lang).join(" ")
                );
                assert!(
                    !shown.contains("src/") && !shown.contains(".rs"),
                    "G-{}: {shown}",
                    ruling.id
                );
                assert!(!areas(ruling, lang).is_empty());
            }
        }
    }

    #[test]
    fn every_ruling_reads_in_french_and_in_english_as_stated() {
        for ruling in rulings::all() {
            let id = format!("ruling-g-{}", ruling.id);
            // A ruling added in the code needs its French text in i18n/fr/rulings.ftl
            // (and `{ $text }` in i18n/en/rulings.ftl).
            assert!(
                has_message(Lang::Fr, &id),
                "no French text for G-{}",
                ruling.id
            );
            let french = ruling_text(ruling, Lang::Fr);
            let english = ruling_text(ruling, Lang::En);
            assert_eq!(english, ruling.text.replace('`', ""));
            assert_ne!(french, english, "G-{}", ruling.id);
            assert!(
                !french.contains('{') || french.contains('}'),
                "G-{}",
                ruling.id
            );
            assert!(!french.contains("$text"), "G-{}", ruling.id);
        }
        let g62 = rulings::by_id(62).next().map(|r| ruling_text(r, Lang::Fr));
        assert!(g62.is_some_and(|t| t.starts_with("Un CR décrit les mondes")));
    }
}
