//! The rulings window: every ruling Nébutil NG applies where the rule book is
//! silent (`/// Ruling G-n (section): …` comments gathered by the build script,
//! [`crate::rulings::all`]), searchable, with its book section, its text and the
//! place in the source that applies it — the same list as `nebutil rulings`.

use egui::RichText;

use crate::i18n::{Lang, tr, tr_args};
use crate::rulings::{self, Ruling};

/// The window's id (its layer: `Order::Middle`).
pub const WINDOW_ID: &str = "rulings-window";

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

/// The rulings matching `query` (case-insensitive, every word must appear in
/// `G-n`, the section, the text or a source file stating or applying it), by gap
/// number.
pub fn matching(query: &str) -> Vec<&'static Ruling> {
    let words: Vec<String> = query.split_whitespace().map(str::to_lowercase).collect();
    let mut found: Vec<&'static Ruling> = rulings::all()
        .iter()
        .filter(|r| {
            if words.is_empty() {
                return true;
            }
            let files: Vec<&str> = r.places().map(|(file, _)| file).collect();
            let haystack =
                format!("g-{} {} {} {}", r.id, r.section, r.text, files.join(" ")).to_lowercase();
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
    egui::Window::new(tr(lang, "gui-rulings-title"))
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
            let found = matching(&state.query);
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
                            ui.label(RichText::new(format!("({})", ruling.section)).italics());
                            ui.label(drawable(ui, ruling.text));
                        });
                        // The place stating it, then the places applying it.
                        let places: Vec<String> = ruling
                            .places()
                            .map(|(file, line)| format!("{file}:{line}"))
                            .collect();
                        ui.weak(places.join("  ·  "));
                        ui.add_space(4.0);
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
        let all = matching("");
        assert_eq!(all.len(), rulings::all().len());
        let g62 = matching("G-62");
        assert!(!g62.is_empty());
        assert!(g62.iter().all(|r| r.id == 62));
        let g6 = matching("g-6");
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
        assert!(matching(word).iter().any(|r| r == first));
        assert!(matching("zzzz-no-such-word").is_empty());
    }
}
