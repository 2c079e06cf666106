//! The order language's reference (`orders::forms`): every form of the annex,
//! its example a real order of that very form, explained in both languages.

use nebutil::i18n::Lang;
use nebutil::orders::forms::{FORMS, by_number, matching_line};
use nebutil::orders::parse::parse_order;

#[test]
fn every_form_of_the_annex_is_there_once_in_order() {
    let numbers: Vec<u8> = FORMS.iter().map(|f| f.number).collect();
    assert_eq!(numbers, (1..=93).collect::<Vec<u8>>());
    assert_eq!(by_number(38).map(|f| f.syntax), Some("M_m C x DEP"));
    assert!(by_number(94).is_none());
}

#[test]
fn each_example_is_an_order_of_its_form_explained_in_both_languages() {
    for form in &FORMS {
        let order = parse_order(form.example)
            .unwrap_or_else(|d| panic!("#{} {:?}: {d:?}", form.number, form.example));
        assert_eq!(
            order.written_form(form.example),
            form.number,
            "example of #{}",
            form.number
        );
        for lang in [Lang::Fr, Lang::En] {
            let meaning = form.meaning(lang);
            assert!(
                !meaning.is_empty() && !meaning.starts_with("order-explain"),
                "#{} {lang:?}: {meaning:?}",
                form.number
            );
            let who = form.who_text(lang);
            assert!(!who.starts_with("order-who"), "#{}: {who}", form.number);
        }
        // The example, as a line being written, finds its own form.
        assert!(
            matching_line(form.example)
                .iter()
                .any(|f| f.number == form.number),
            "#{} {:?} does not fit its own syntax {:?}",
            form.number,
            form.example,
            form.syntax
        );
    }
}

#[test]
fn class_only_forms_say_which_class() {
    let research = by_number(14).expect("J : j");
    assert_eq!(
        research.who_text(Lang::Fr),
        "tout joueur, s'il est Missionnaire (réservé à cette classe)"
    );
    let merchant = by_number(59).expect("F_f T x VC VT");
    assert_eq!(
        merchant.who_text(Lang::En),
        "the fleet's owner, if a Merchant (this class only)"
    );
    assert_eq!(
        by_number(38).map(|f| f.meaning(Lang::Fr)),
        Some(
            parse_order("M_65 C 1 DEP")
                .map(|o| nebutil::orders::explain::explain(&o, Lang::Fr))
                .unwrap_or_default()
        )
    );
}
