//! One plain sentence per order form, in French and in English.

use nebutil::i18n::{self, Lang};
use nebutil::orders::explain::message;
use nebutil::orders::{explain, parse_order};

const FORMS: &str = include_str!("../fixtures/orders/forms.txt");

#[test]
fn every_form_is_explained_in_french_and_english() {
    let mut rows = 0;
    for line in FORMS
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
    {
        let fields: Vec<&str> = line.split(" | ").collect();
        let [_, input, _, french, english] = fields[..] else {
            panic!("bad fixture row {line}")
        };
        let kind = parse_order(input).unwrap_or_else(|e| panic!("{input}: {e:?}"));
        assert_eq!(explain(&kind, Lang::Fr), french, "{input}");
        assert_eq!(explain(&kind, Lang::En), english, "{input}");
        rows += 1;
    }
    assert!(rows >= 93);
}

#[test]
fn the_book_example_sentence() {
    let kind = parse_order("M_127 C 10 VC F_57").expect("valid");
    assert_eq!(
        explain(&kind, Lang::Fr),
        "Le monde 127 construit 10 VC sur la flotte 57"
    );
    assert_eq!(
        explain(&kind, Lang::En),
        "World 127 builds 10 VC on fleet 57"
    );
}

#[test]
fn quoted_player_names_and_large_numbers() {
    let kind = parse_order("A : \"BOF III\"").expect("valid");
    assert_eq!(
        explain(&kind, Lang::Fr),
        "Le joueur \"BOF III\" est déclaré allié"
    );
    let kind = parse_order("M_4000000000 C 4000000000 VI").expect("valid");
    assert_eq!(
        explain(&kind, Lang::En),
        "World 4000000000 builds 4000000000 VI"
    );
}

/// Every explanation message exists in both languages, every `order-explain-*`
/// message of the files is used by some form, and no sentence is left with an
/// unfilled variable.
#[test]
fn explanation_messages_exist_and_are_all_used() {
    let mut used = std::collections::BTreeSet::new();
    for line in FORMS
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
    {
        let input = line.split(" | ").nth(1).expect("input field");
        let kind = parse_order(input).expect("valid");
        let (id, _) = message(&kind);
        for lang in Lang::ALL {
            assert!(i18n::has_message(lang, id), "{id} missing in {lang:?}");
            let text = explain(&kind, lang);
            assert!(
                !text.contains('{') && !text.contains("order-"),
                "{id}: {text}"
            );
        }
        used.insert(id.to_string());
    }
    let (ids, _) = i18n::message_ids(Lang::Fr);
    let unused: Vec<&String> = ids
        .iter()
        .filter(|id| id.starts_with("order-explain-") && !used.contains(*id))
        .collect();
    assert!(unused.is_empty(), "unused explanations: {unused:?}");
}

/// Every diagnostic code the order parser and the mail reader emit has a message.
#[test]
fn diagnostic_codes_have_messages() {
    let source = [
        include_str!("../../src/orders/parse/mod.rs"),
        include_str!("../../src/orders/parse/parser.rs"),
        include_str!("../../src/orders/parse/forms.rs"),
        include_str!("../../src/orders/lex.rs"),
        include_str!("../../src/orders/mail.rs"),
        include_str!("../../src/orders/envelope.rs"),
    ]
    .concat();
    let mut codes = Vec::new();
    for (i, _) in source.match_indices("\"order-") {
        let rest = &source[i + 1..];
        let code: String = rest
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric() || *c == '-')
            .collect();
        if !code.ends_with('-') {
            codes.push(code);
        }
    }
    assert!(codes.len() > 20, "{codes:?}");
    for code in codes {
        for lang in Lang::ALL {
            assert!(
                i18n::has_message(lang, &code),
                "{code} has no {lang:?} message"
            );
        }
    }
}
