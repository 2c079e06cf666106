//! User-facing text, in French (the game's language, default) and English.
//!
//! Messages live in Fluent files, one per area and language (`i18n/fr/report.ftl`,
//! `i18n/en/report.ftl`, …), embedded at compile time (no file system at run time). The order syntax and the
//! CR notation are never translated. A test checks both files carry the same ids.

use std::sync::OnceLock;

use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::{FluentArgs, FluentResource};
use serde::{Deserialize, Serialize};

/// A language of the interface and of diagnostics.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Lang {
    /// French, the game's own language.
    #[default]
    Fr,
    En,
}

impl Lang {
    pub const ALL: [Lang; 2] = [Lang::Fr, Lang::En];

    /// `fr` or `en`.
    pub fn code(self) -> &'static str {
        match self {
            Lang::Fr => "fr",
            Lang::En => "en",
        }
    }

    /// Parses `fr`, `en`, `fr_FR.UTF-8`, `en-GB` …; `None` for anything else.
    pub fn from_code(code: &str) -> Option<Lang> {
        let lower = code.trim().to_ascii_lowercase();
        if lower.starts_with("fr") {
            Some(Lang::Fr)
        } else if lower.starts_with("en") {
            Some(Lang::En)
        } else {
            None
        }
    }

    /// The Fluent sources of this language, one per area.
    pub fn sources(self) -> &'static [&'static str] {
        macro_rules! area_files {
            ($lang:literal) => {
                &[
                    include_str!(concat!("../i18n/", $lang, "/core.ftl")),
                    include_str!(concat!("../i18n/", $lang, "/report.ftl")),
                    include_str!(concat!("../i18n/", $lang, "/rules.ftl")),
                    include_str!(concat!("../i18n/", $lang, "/nbt.ftl")),
                    include_str!(concat!("../i18n/", $lang, "/orders.ftl")),
                    include_str!(concat!("../i18n/", $lang, "/combat.ftl")),
                    include_str!(concat!("../i18n/", $lang, "/resolve.ftl")),
                    include_str!(concat!("../i18n/", $lang, "/game.ftl")),
                    include_str!(concat!("../i18n/", $lang, "/cli.ftl")),
                    include_str!(concat!("../i18n/", $lang, "/gui.ftl")),
                    include_str!(concat!("../i18n/", $lang, "/rulings.ftl")),
                    include_str!(concat!("../i18n/", $lang, "/mail.ftl")),
                ]
            };
        }
        match self {
            Lang::Fr => area_files!("fr"),
            Lang::En => area_files!("en"),
        }
    }
}

type Bundle = FluentBundle<FluentResource>;

fn bundle(lang: Lang) -> &'static Bundle {
    static FR: OnceLock<Bundle> = OnceLock::new();
    static EN: OnceLock<Bundle> = OnceLock::new();
    let cell = match lang {
        Lang::Fr => &FR,
        Lang::En => &EN,
    };
    cell.get_or_init(|| {
        let langid: unic_langid::LanguageIdentifier = lang.code().parse().unwrap_or_default();
        let mut bundle = FluentBundle::new_concurrent(vec![langid]);
        bundle.set_use_isolating(false);
        for source in lang.sources() {
            let resource = match FluentResource::try_new(source.to_string()) {
                Ok(resource) => resource,
                // A syntax error in our own file: keep what parsed (tests catch it).
                Err((resource, _errors)) => resource,
            };
            // Duplicate ids are a defect of our own files, caught by tests; keep the first.
            let _ = bundle.add_resource(resource);
        }
        bundle
    })
}

/// The message `id` without arguments.
pub fn tr(lang: Lang, id: &str) -> String {
    tr_args(lang, id, &[])
}

/// A player's number and name as prose quotes them: `7 « Miria »` in French,
/// `7 “Miria”` in English.
pub fn player_named(lang: Lang, number: u32, name: &str) -> String {
    tr_args(
        lang,
        "player-named",
        &[("number", &number.to_string()), ("name", name)],
    )
}

/// The message `id` with named arguments. A number-looking argument is passed as a
/// Fluent number (so plural selectors work). An unknown id returns the id itself.
pub fn tr_args(lang: Lang, id: &str, args: &[(&str, &str)]) -> String {
    let bundle = bundle(lang);
    let Some(pattern) = bundle.get_message(id).and_then(|m| m.value()) else {
        return id.to_string();
    };
    let mut fluent_args = FluentArgs::new();
    for (name, value) in args {
        // A number written as Rust writes it goes to Fluent as a number (its
        // plural is chosen); anything else, "+20" or "007" included, stays text.
        match value.parse::<i64>() {
            Ok(number) if number.to_string() == *value => fluent_args.set(*name, number),
            _ => fluent_args.set(*name, value.to_string()),
        }
    }
    let mut errors = Vec::new();
    bundle
        .format_pattern(pattern, Some(&fluent_args), &mut errors)
        .into_owned()
}

/// Every message id of a language's files, in file order, with the syntax errors
/// found (both must be empty of surprises: a test compares languages).
pub fn message_ids(lang: Lang) -> (Vec<String>, usize) {
    let mut ids = Vec::new();
    let mut syntax_errors = 0;
    for source in lang.sources() {
        let resource = match FluentResource::try_new(source.to_string()) {
            Ok(resource) => resource,
            Err((resource, errors)) => {
                syntax_errors += errors.len();
                resource
            }
        };
        ids.extend(resource.entries().filter_map(|entry| match entry {
            fluent_syntax::ast::Entry::Message(message) => Some(message.id.name.to_string()),
            _ => None,
        }));
    }
    (ids, syntax_errors)
}

/// True when `id` exists in the language's file.
pub fn has_message(lang: Lang, id: &str) -> bool {
    bundle(lang).has_message(id)
}
