//! The registration forms of a game (book VIII, "lors de votre inscription") and
//! how the arbiter serves them.
//!
//! ```text
//! Adresse : bof@example.org, bof@work.example.org
//! 1er choix :
//! Classe : Empereur
//! Pseudonyme : BOF III
//! Tour final : 19
//!
//! 2ème choix :
//! Classe : Pirate
//! Pseudonyme : Miria
//! Tour final : 15
//! ```
//!
//! A form begins at each `Adresse :` line (blank lines anywhere are ignored, so
//! forms separated by a blank line read the same); it holds up to three
//! choices, each a class, a pseudonym and a final turn. The labels are the
//! book's (accents and case optional) or English ones (`Address`, `1st choice`,
//! `Class`, `Pseudonym`, `Final turn`). The reader returns the forms and located
//! diagnostics and goes on at the next line; [`serve`] gives each player, in the
//! forms' order, his first choice whose pseudonym is still free.

use crate::diagnostic::{Diagnostic, Span};
use crate::model::Class;

/// The most choices a form holds (the book's form shows three).
pub const MAX_CHOICES: usize = 3;

/// One choice of a form.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Choice {
    /// The line of its `N choix :` header (1-based).
    pub line: u32,
    pub class: Option<Class>,
    pub pseudonym: Option<String>,
    pub final_turn: Option<u32>,
}

/// One player's form.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Form {
    /// The line of its `Adresse :` line (1-based).
    pub line: u32,
    /// The addresses, as written, comma-separated on the line.
    pub addresses: Vec<String>,
    pub choices: Vec<Choice>,
}

impl Form {
    /// How the form is named in a message: its first address, else its line.
    pub fn label(&self) -> String {
        self.addresses
            .first()
            .cloned()
            .unwrap_or_else(|| format!("#{}", self.line))
    }
}

/// What a line of a form is.
enum Label {
    Address,
    Choice(usize),
    Class,
    Pseudonym,
    FinalTurn,
}

/// Lower case, accents and `^{…}` marks off, blanks squeezed: `2^{ème} Choix`
/// → `2eme choix`.
fn fold(text: &str) -> String {
    let mut folded = String::new();
    for c in text.chars() {
        let c = match c {
            'é' | 'è' | 'ê' | 'ë' | 'É' | 'È' | 'Ê' => 'e',
            'à' | 'â' | 'À' => 'a',
            'î' | 'ï' => 'i',
            'ô' => 'o',
            'û' | 'ù' => 'u',
            'ç' => 'c',
            '^' | '{' | '}' => continue,
            c if c.is_whitespace() => ' ',
            c => c.to_ascii_lowercase(),
        };
        if c == ' ' && (folded.is_empty() || folded.ends_with(' ')) {
            continue;
        }
        folded.push(c);
    }
    folded.trim_end().to_string()
}

fn label_of(text: &str) -> Option<Label> {
    let label = fold(text);
    let choice = |n: usize| Some(Label::Choice(n));
    match label.as_str() {
        "adresse" | "adresses" | "address" | "addresses" | "e-mail" | "email" | "courriel" => {
            Some(Label::Address)
        }
        "classe" | "class" => Some(Label::Class),
        "pseudonyme" | "pseudo" | "pseudonym" | "nickname" => Some(Label::Pseudonym),
        "tour final" | "final turn" | "last turn" => Some(Label::FinalTurn),
        "1er choix" | "1ere choix" | "premier choix" | "1 choix" | "1st choice"
        | "first choice" => choice(1),
        "2e choix" | "2eme choix" | "deuxieme choix" | "2 choix" | "2nd choice"
        | "second choice" => choice(2),
        "3e choix" | "3eme choix" | "troisieme choix" | "3 choix" | "3rd choice"
        | "third choice" => choice(3),
        _ => None,
    }
}

fn span_of(line_no: u32, line: &str) -> Span {
    let indent = line.len() - line.trim_start().len();
    let width = line.trim().chars().count() as u32;
    Span::new(line_no, indent as u32 + 1, indent as u32 + 1 + width.max(1))
}

/// Reads the forms of a registration file. Unknown lines, a value missing, a
/// class or final turn that cannot be read are diagnostics, and the reading
/// goes on at the next line.
pub fn read_forms(text: &str) -> (Vec<Form>, Vec<Diagnostic>) {
    let mut forms: Vec<Form> = Vec::new();
    let mut diagnostics = Vec::new();
    for (index, raw) in text.trim_start_matches('\u{feff}').lines().enumerate() {
        let line_no = u32::try_from(index + 1).unwrap_or(u32::MAX);
        let line = raw.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let span = span_of(line_no, raw);
        let Some((label_text, value)) = line.split_once(':') else {
            diagnostics
                .push(Diagnostic::error("registration-unknown-line", span).arg("text", line));
            continue;
        };
        let value = value.trim();
        let Some(label) = label_of(label_text) else {
            diagnostics.push(
                Diagnostic::error("registration-unknown-label", span)
                    .arg("text", label_text.trim()),
            );
            continue;
        };
        if let Label::Address = label {
            let addresses: Vec<String> = value
                .split([',', ';'])
                .map(|a| a.trim().to_string())
                .filter(|a| !a.is_empty())
                .collect();
            if addresses.is_empty() {
                diagnostics.push(Diagnostic::error("registration-no-address", span));
            }
            forms.push(Form {
                line: line_no,
                addresses,
                choices: Vec::new(),
            });
            continue;
        }
        let Some(form) = forms.last_mut() else {
            diagnostics.push(Diagnostic::error("registration-before-address", span));
            continue;
        };
        if let Label::Choice(n) = label {
            if n != form.choices.len() + 1 || n > MAX_CHOICES {
                diagnostics.push(
                    Diagnostic::error("registration-choice-order", span)
                        .arg("number", n)
                        .arg("expected", form.choices.len() + 1),
                );
                continue;
            }
            form.choices.push(Choice {
                line: line_no,
                class: None,
                pseudonym: None,
                final_turn: None,
            });
            continue;
        }
        // A field before any choice header opens the first choice (a form of
        // one choice may skip its header).
        if form.choices.is_empty() {
            form.choices.push(Choice {
                line: line_no,
                class: None,
                pseudonym: None,
                final_turn: None,
            });
        }
        let Some(choice) = form.choices.last_mut() else {
            continue;
        };
        match label {
            Label::Class => match Class::from_name(value) {
                Some(class) => choice.class = Some(class),
                None => diagnostics
                    .push(Diagnostic::error("registration-bad-class", span).arg("text", value)),
            },
            Label::Pseudonym => {
                if value.is_empty() {
                    diagnostics.push(Diagnostic::error("registration-no-pseudonym", span));
                } else {
                    choice.pseudonym = Some(value.to_string());
                }
            }
            Label::FinalTurn => match value.parse::<u32>() {
                Ok(turn) => choice.final_turn = Some(turn),
                Err(_) => diagnostics
                    .push(Diagnostic::error("registration-bad-turn", span).arg("text", value)),
            },
            Label::Address | Label::Choice(_) => {}
        }
    }
    for form in &forms {
        if form.choices.is_empty() {
            diagnostics.push(
                Diagnostic::error("registration-no-choice", Span::new(form.line, 1, 1))
                    .arg("player", form.label()),
            );
        }
        for choice in &form.choices {
            if choice.class.is_none() || choice.pseudonym.is_none() {
                diagnostics.push(
                    Diagnostic::error(
                        "registration-incomplete-choice",
                        Span::new(choice.line, 1, 1),
                    )
                    .arg("player", form.label()),
                );
            }
        }
    }
    (forms, diagnostics)
}

/// The choice each form was given (its index in `form.choices`), in the forms'
/// order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Served {
    pub form: usize,
    pub choice: usize,
}

/// Ruling G-164 (VIII): the registration forms ("lors de votre inscription") are served in
/// their order; each player is given his first choice whose pseudonym no
/// player served before him holds (compared without regard to case or the
/// blanks around it); classes may repeat. A player left with no free choice is
/// an error naming him: the arbiter settles it with the players.
pub fn serve(forms: &[Form]) -> Result<Vec<Served>, String> {
    let mut taken: Vec<String> = Vec::new();
    let mut served = Vec::new();
    for (index, form) in forms.iter().enumerate() {
        let free = form.choices.iter().position(|choice| {
            choice
                .pseudonym
                .as_deref()
                .is_some_and(|p| !taken.iter().any(|t| t.eq_ignore_ascii_case(p.trim())))
                && choice.class.is_some()
        });
        let Some(choice) = free else {
            return Err(form.label());
        };
        if let Some(pseudonym) = &form.choices[choice].pseudonym {
            taken.push(pseudonym.trim().to_string());
        }
        served.push(Served {
            form: index,
            choice,
        });
    }
    Ok(served)
}

#[cfg(test)]
mod tests {
    use super::*;

    const BOOK: &str = "Adresse : bof@example.org\n\
1^{er} choix :\n\nClasse : Empereur\nPseudonyme : BOF III\nTour final : 19\n\n\
2^{ème} choix :\n\nClasse : Pirate\nPseudonyme : Miria\nTour final : 15\n\n\
3^{ème} choix :\n\nClasse : Antiquaire\nPseudonyme : B. BROTHER\nTour final : 18\n";

    #[test]
    fn the_book_s_form_reads_as_three_choices() {
        let (forms, diagnostics) = read_forms(BOOK);
        assert!(diagnostics.is_empty(), "{diagnostics:?}");
        assert_eq!(forms.len(), 1);
        let choices = &forms[0].choices;
        assert_eq!(choices.len(), 3);
        assert_eq!(choices[0].class, Some(Class::Emperor));
        assert_eq!(choices[1].pseudonym.as_deref(), Some("Miria"));
        assert_eq!(choices[2].final_turn, Some(18));
    }

    #[test]
    fn english_labels_and_forms_without_blank_lines() {
        let text = "Address: a@x.org, A2@X.org\n1st choice:\nClass: Pirate\nPseudonym: Miria\nFinal turn: 12\n\
Adresse : b@x.org\nClasse : pirate\nPseudonyme : miria\nTour final : 20\n2e choix :\nClasse : Robotron\nPseudonyme : Tik\n";
        let (forms, diagnostics) = read_forms(text);
        assert!(diagnostics.is_empty(), "{diagnostics:?}");
        assert_eq!(forms.len(), 2);
        assert_eq!(forms[0].addresses, ["a@x.org", "A2@X.org"]);
        assert_eq!(forms[1].choices.len(), 2);
        let served = serve(&forms).expect("served");
        assert_eq!(served[0].choice, 0);
        assert_eq!(served[1].choice, 1, "Miria is taken, whatever its case");
    }

    #[test]
    fn mistakes_are_located_and_the_reading_goes_on() {
        let text = "Classe : Pirate\nAdresse :\nChoix favori : x\nClasse : Boulanger\nTour final : bientôt\n4e choix :\nPseudonyme : Z\n";
        let (forms, diagnostics) = read_forms(text);
        let codes: Vec<(&str, u32)> = diagnostics
            .iter()
            .map(|d| (d.code.as_str(), d.span.line))
            .collect();
        assert_eq!(
            codes,
            [
                ("registration-before-address", 1),
                ("registration-no-address", 2),
                ("registration-unknown-label", 3),
                ("registration-bad-class", 4),
                ("registration-bad-turn", 5),
                ("registration-unknown-label", 6),
                ("registration-incomplete-choice", 4),
            ]
        );
        assert_eq!(forms.len(), 1);
    }

    #[test]
    fn a_player_without_a_free_choice_is_named() {
        let text = "Adresse : a@x.org\nClasse : Pirate\nPseudonyme : Miria\n\
Adresse : b@x.org\nClasse : Pirate\nPseudonyme : MIRIA\n";
        let (forms, _) = read_forms(text);
        assert_eq!(serve(&forms), Err("b@x.org".to_string()));
    }
}
