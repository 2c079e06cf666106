//! Aide ▸ Langage des ordres: every form of the book's annex
//! ([`crate::orders::forms`]) with its syntax, an example and what it does, who
//! may give it, whether it is exclusive and the step of the turn that carries
//! it out — searchable by words, or by the start of an order (`M_127 C`),
//! which shows the forms that line may still become. A diagnostic of the
//! editor and its completion open it on the line being written.

use egui::RichText;

use super::command::WindowId;
use crate::i18n::{Lang, tr, tr_args};
use crate::orders::forms::{FORMS, OrderForm, looks_like_order, matching_line};

/// The window's state.
#[derive(Clone, Debug, Default)]
pub struct OrderLanguageState {
    pub open: bool,
    /// The search: words, or the start of an order.
    pub query: String,
    /// The search field takes the keyboard at the next frame.
    focus_query: bool,
    /// The form whose example was copied last (said beside its button).
    copied: Option<u8>,
}

impl OrderLanguageState {
    /// Opens it on the forms `line` (an order being written) may become — as
    /// far as it fits one, when it holds a mistake.
    pub fn show_line(&mut self, line: &str) {
        self.open = true;
        self.query = crate::orders::forms::fitting_start(line);
        self.focus_query = true;
    }
}

/// Lower case without accents: "Émigration" and "emigration" meet.
fn folded(text: &str) -> String {
    text.chars()
        .flat_map(char::to_lowercase)
        .map(|c| match c {
            'é' | 'è' | 'ê' | 'ë' => 'e',
            'à' | 'â' => 'a',
            'î' | 'ï' => 'i',
            'ô' => 'o',
            'ù' | 'û' => 'u',
            'ç' => 'c',
            other => other,
        })
        .collect()
}

/// The forms matching `query`: for the start of an order, the forms it may
/// become; else those whose number, syntax, example, meaning, family or
/// "who" holds every word (accents and case aside).
pub fn matching(query: &str, lang: Lang) -> Vec<&'static OrderForm> {
    let query = query.trim();
    if looks_like_order(query) {
        return matching_line(query);
    }
    let words: Vec<String> = query.split_whitespace().map(folded).collect();
    if words.is_empty() {
        return FORMS.iter().collect();
    }
    // Each form found, with how many of the words its own text (syntax,
    // example, meaning) holds: those come first, a family's heading alone
    // matching ranks after.
    let mut found: Vec<(usize, &'static OrderForm)> = FORMS
        .iter()
        .filter_map(|form| {
            let own = folded(&format!(
                "#{} {} {} {}",
                form.number,
                form.syntax,
                form.example,
                form.meaning(lang)
            ));
            let around = folded(&format!(
                "{} {}",
                form.family.title(lang),
                form.who_text(lang)
            ));
            let mut score = 0;
            for w in &words {
                // "#38": the form numbered 38 only.
                let number = w
                    .strip_prefix('#')
                    .filter(|n| !n.is_empty() && n.chars().all(|c| c.is_ascii_digit()));
                match number {
                    Some(n) if n.parse::<u8>().is_ok_and(|n| n == form.number) => score += 1,
                    Some(_) => return None,
                    _ if own.contains(w.as_str()) => score += 1,
                    _ if around.contains(w.as_str()) => {}
                    _ => return None,
                }
            }
            Some((score, form))
        })
        .collect();
    // Families in the order of their best form; within one, best first.
    let mut family_best = std::collections::BTreeMap::new();
    for (score, form) in &found {
        let best: &mut usize = family_best.entry(form.family).or_default();
        *best = (*best).max(*score);
    }
    let family_best = |family| family_best.get(&family).copied().unwrap_or(0);
    found.sort_by_key(|(score, form)| {
        (
            std::cmp::Reverse(family_best(form.family)),
            form.family,
            std::cmp::Reverse(*score),
            form.number,
        )
    });
    found.into_iter().map(|(_, form)| form).collect()
}

/// Draws the window.
pub fn order_language_window(ctx: &egui::Context, state: &mut OrderLanguageState, lang: Lang) {
    let mut open = state.open;
    crate::gui::windows::app_window(ctx, WindowId::OrderLanguage.title(lang))
        .id(WindowId::OrderLanguage.egui_id())
        .open(&mut open)
        .default_size([620.0, 520.0])
        .show(ctx, |ui| order_language_ui(ui, state, lang));
    state.open = open;
}

fn order_language_ui(ui: &mut egui::Ui, state: &mut OrderLanguageState, lang: Lang) {
    ui.label(tr(lang, "gui-order-language-help"));
    ui.horizontal(|ui| {
        let label = ui.label(tr(lang, "gui-order-language-search"));
        let field = ui
            .add(
                egui::TextEdit::singleline(&mut state.query)
                    .desired_width(260.0)
                    .font(egui::TextStyle::Monospace),
            )
            .labelled_by(label.id);
        if std::mem::take(&mut state.focus_query) {
            field.request_focus();
        }
        if !state.query.is_empty() && ui.button(tr(lang, "gui-order-language-clear")).clicked() {
            state.query.clear();
        }
    });
    let found = matching(&state.query, lang);
    ui.weak(tr_args(
        lang,
        "gui-order-language-count",
        &[
            ("count", &found.len().to_string()),
            ("total", &FORMS.len().to_string()),
        ],
    ));
    ui.weak(tr(lang, "gui-order-language-letters"));
    ui.separator();
    // A new search starts at the top of its results.
    egui::ScrollArea::vertical()
        .id_salt(("order-forms", state.query.clone()))
        .auto_shrink([false, false])
        .show(ui, |ui| {
            let mut family = None;
            for form in found {
                if family != Some(form.family) {
                    family = Some(form.family);
                    ui.add_space(4.0);
                    ui.heading(form.family.title(lang));
                }
                form_ui(ui, form, lang, &mut state.copied);
            }
        });
}

/// One form: number and syntax, the example and what it does, who, exclusive,
/// step.
fn form_ui(ui: &mut egui::Ui, form: &OrderForm, lang: Lang, copied: &mut Option<u8>) {
    ui.horizontal_wrapped(|ui| {
        ui.label(RichText::new(format!("#{}", form.number)).weak());
        ui.label(RichText::new(form.syntax).monospace().strong());
    });
    ui.indent(("order-form", form.number), |ui| {
        ui.horizontal_wrapped(|ui| {
            ui.label(tr(lang, "gui-order-language-example"));
            ui.label(RichText::new(form.example).monospace());
            if ui
                .small_button(tr(lang, "gui-order-language-copy"))
                .on_hover_text(tr(lang, "gui-order-language-copy-hint"))
                .clicked()
            {
                ui.ctx().copy_text(form.example.to_string());
                *copied = Some(form.number);
            }
            if *copied == Some(form.number) {
                ui.weak(tr(lang, "gui-order-language-copied"));
            }
        });
        ui.label(form.meaning(lang));
        let exclusive = if form.exclusive {
            "gui-order-language-exclusive"
        } else {
            "gui-order-language-not-exclusive"
        };
        ui.weak(tr_args(
            lang,
            "gui-order-language-facts",
            &[
                ("who", &form.who_text(lang)),
                ("exclusive", &tr(lang, exclusive)),
                ("step", &form.step.to_string()),
            ],
        ));
    });
    ui.add_space(6.0);
}

#[cfg(test)]
mod tests {
    use super::*;

    fn numbers(query: &str, lang: Lang) -> Vec<u8> {
        matching(query, lang).iter().map(|f| f.number).collect()
    }

    #[test]
    fn search_by_words_in_either_language_or_by_an_order_s_start() {
        assert_eq!(numbers("", Lang::Fr).len(), 93);
        // Research, as a new player would look for it: its six forms first.
        assert_eq!(
            numbers("recherche", Lang::Fr)[..6],
            [38, 39, 40, 41, 42, 43]
        );
        assert_eq!(numbers("research", Lang::En)[..6], [38, 39, 40, 41, 42, 43]);
        assert!(numbers("DEP", Lang::Fr).contains(&38));
        // Accents and case aside.
        assert!(numbers("emigration", Lang::Fr).contains(&20));
        assert_eq!(numbers("#38", Lang::En), vec![38]);
        assert_eq!(numbers("robotron", Lang::En), vec![31, 32, 33, 34, 35, 90]);
        // The start of an order: the forms it may become.
        assert_eq!(numbers("M_65 C 1 D", Lang::Fr), vec![38, 40]);
        assert_eq!(numbers("T_3", Lang::Fr), vec![50, 68]);
    }
}
