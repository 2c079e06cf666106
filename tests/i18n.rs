//! Every language carries every message, and the files are valid Fluent.

use nebutil::i18n::{self, Lang};

#[test]
fn every_language_has_the_same_messages() {
    let (french, french_errors) = i18n::message_ids(Lang::Fr);
    let (english, english_errors) = i18n::message_ids(Lang::En);
    assert_eq!(french_errors, 0, "syntax errors in i18n/fr");
    assert_eq!(english_errors, 0, "syntax errors in i18n/en");
    let mut missing = Vec::new();
    for id in &french {
        if !english.contains(id) {
            missing.push(format!("en lacks {id}"));
        }
    }
    for id in &english {
        if !french.contains(id) {
            missing.push(format!("fr lacks {id}"));
        }
    }
    assert!(missing.is_empty(), "{}", missing.join("\n"));
    let mut sorted = french.clone();
    sorted.sort();
    sorted.dedup();
    assert_eq!(sorted.len(), french.len(), "a message id is defined twice");
}

#[test]
fn messages_render_in_both_languages() {
    assert_eq!(i18n::tr(Lang::Fr, "lang-name"), "Français");
    assert_eq!(i18n::tr(Lang::En, "lang-name"), "English");
    // An unknown id comes back as itself rather than as nothing.
    assert_eq!(i18n::tr(Lang::En, "no-such-message"), "no-such-message");
}

#[test]
fn language_codes_parse() {
    assert_eq!(Lang::from_code("fr_FR.UTF-8"), Some(Lang::Fr));
    assert_eq!(Lang::from_code("en-GB"), Some(Lang::En));
    assert_eq!(Lang::from_code("de"), None);
    assert_eq!(Lang::default(), Lang::Fr);
}
