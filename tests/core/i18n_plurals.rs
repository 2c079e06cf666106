//! Every count through Fluent plurals, in both languages: wherever a noun of a
//! message depends on a count, the message selects on it (`{ $n -> [one] …
//! *[other] … }`), and the code passes it as a number, so that French says
//! "0 erreur, 1 erreur, 2 erreurs" and English "0 errors, 1 error, 2 errors".
//!
//! # The rule
//!
//! Every variable of every message of `i18n/fr/*.ftl` and `i18n/en/*.ftl` is
//! classified by its name ([`COUNTS`], [`NUMBERS`], [`TEXTS`]; a new name must be
//! added to one of them). A *count* (`$count`, `$worlds`, `$errors` …) may be
//! written `{ $var }` only where one of these holds:
//! 1. it stands inside a variant of a selector on the same variable;
//! 2. a selector on the same variable comes next (`{ $n } { $n -> [one] monde
//!    *[other] mondes }`);
//! 3. what comes next (spaces skipped, through the variants of a selector on
//!    another variable and past the end of a variant) is no word: the end of the
//!    message, punctuation (`)`, `,`, `:` …), a digit, a symbol (`%`, `×`, `/`),
//!    or another variable — so a value after a colon (`Mondes : { $worlds } ·`)
//!    or in brackets passes;
//! 4. the next word is one of [`NOT_NOUNS`]: the game's notation and units,
//!    which never take a plural mark (`{ $vc } VC`, `{ $left } UP`, `{ $max } Mo`),
//!    or a word that ends the count's noun phrase (`{ $own } à vous`,
//!    `{ $a } of { $b }`); in English, past [`ENGLISH_ADJECTIVES`], which never
//!    inflect (`{ $n } more { $n -> … }`, `{ $sent } sent`), the next word.
//!
//! A selector on a count tells one from many with `[one]`: `[1]` alone would
//! miss French 0 (singular), unless `[0]` has a variant of its own. A selector
//! that does not tell one from many (`[0]` and `*[other]`, `[all]`) leaves the
//! count in its variants to the rule. Where the rule finds a count before a
//! word that does not depend on it, [`ALLOWED`] says so, with the reason.
//!
//! *Numbers* that are no count need no plural: an ordinal or an identifier
//! (`tour { $turn }`, `ligne { $line }`, `joueur { $number }`), a level, a
//! coordinate, a size `{ $width } × { $height }`, a score.

use std::collections::{BTreeMap, BTreeSet};

use fluent_syntax::ast::{
    Entry, Expression, InlineExpression, Pattern, PatternElement, VariantKey,
};
use nebutil::i18n::{self, Lang};

/// Variables that count something: a noun beside them depends on them.
const COUNTS: &[&str] = &[
    "acknowledged",
    "addresses",
    "advised",
    "age",
    "allowed",
    "asked",
    "available",
    "capacity",
    "ceiling",
    "cost",
    "count",
    "dep",
    "done",
    "emails",
    "errors",
    "files",
    "fleets",
    "free",
    "given",
    "have",
    "industries",
    "infos",
    "invested",
    "kib",
    "left",
    "length",
    "limit",
    "lines",
    "links",
    "loss",
    "margin",
    "max",
    "megabytes",
    "messages",
    "min",
    "mp",
    "multiple",
    "n",
    "need",
    "needed",
    "onr",
    "orders",
    "own_fleets",
    "own_worlds",
    "per",
    "players",
    "population",
    "processed",
    "recognised",
    "replies",
    "rounds",
    "runs",
    "sent",
    "ships",
    "size",
    "slots",
    "steps",
    "stops",
    "total",
    "traces",
    "treasures",
    "turns",
    "unreadable",
    "vc",
    "vi",
    "voided",
    "vp",
    "vt",
    "warnings",
    "worlds",
];

/// Numbers that are no count: ordinals and identifiers (a turn, a line, a
/// player's number, a world's), levels, coordinates and sizes, scores, versions.
const NUMBERS: &[&str] = &[
    "ahead",
    "at",
    "att",
    "column",
    "connections",
    "counter",
    "def",
    "expected",
    "final",
    "first",
    "fleet",
    "from",
    "height",
    "high",
    "id",
    "initial",
    "last",
    "leg",
    "legs",
    "level",
    "line",
    "low",
    "mean",
    "next",
    "number",
    "percent",
    "previous",
    "reach",
    "round",
    "score",
    "seat",
    "shown",
    "since",
    "step",
    "supported",
    "to",
    "treasure",
    "turn",
    "version",
    "width",
    "world",
    "x",
    "y",
];

/// Variables that are text (names, lists, sentences, words chosen by the code).
const TEXTS: &[&str] = &[
    "action",
    "address",
    "adjectives",
    "ally",
    "areas",
    "att_from",
    "cargo",
    "category",
    "checksum",
    "choice",
    "class",
    "command",
    "copie",
    "cr",
    "date",
    "declaration",
    "def_from",
    "destination",
    "detail",
    "dir",
    "entity",
    "error",
    "example",
    "exclusive",
    "field",
    "file",
    "fix",
    "form",
    "found",
    "gained",
    "game",
    "goods",
    "guard",
    "hops",
    "host",
    "invalid",
    "key",
    "keys",
    "levels",
    "line_list",
    "list",
    "message",
    "missing",
    "msggen",
    "name",
    "nbt",
    "nouns",
    "option",
    "order",
    "owner",
    "password",
    "path",
    "player",
    "pseudonym",
    "reason",
    "recipients",
    "request",
    "result",
    "rules",
    "ruleset",
    "rumeur",
    "section",
    "seen_at",
    "sender",
    "series",
    "server",
    "ship",
    "shooter",
    "side",
    "sides",
    "source",
    "span",
    "spread",
    "state",
    "subject",
    "suggestion",
    "target",
    "tech",
    "text",
    "title",
    "typed",
    "value",
    "via",
    "what",
    "who",
    "words",
    "yours",
];

/// Words after a count that take no plural mark and end its noun phrase: the
/// game's notation and units, and the small words that are no noun (a
/// preposition, a conjunction, a particle: `{ $own } à vous`, `{ $a } of { $b }`).
const NOT_NOUNS: &[&str] = &[
    // The notation of the orders and the CR, and units.
    "VC", "VT", "VI", "VP", "MP", "UP", "PC", "N", "C", "R", "I", "P", "E", "T", "M", "F", "DEP",
    "ATT", "DEF", "RAD", "ALI", "CAR", "MEVA", "Mo", "MB", "Kio", "KiB",
    // French: « fois » (1 fois, 2 fois), prepositions, conjunctions.
    "fois", "à", "au", "de", "sur", "pour", "avec", "par", "et", "ou",
    // English: prepositions, conjunctions, a modal.
    "of", "on", "out", "to", "at", "with", "for", "per", "and", "or", "will",
];

/// English adjectives and participles that may stand between a count and its
/// noun and never inflect (`{ $n } more { $n -> [one] message *[other] messages }`,
/// `{ $sent } sent`): the word after them is looked at.
const ENGLISH_ADJECTIVES: &[&str] = &[
    "more",
    "yours",
    "sent",
    "voided",
    "asked",
    "available",
    "possible",
    "present",
    "carried",
    "needed",
    "unreadable",
    "left",
];

/// Messages where the rule finds a count before a word that yet does not
/// depend on it, with the reason. Keep it small.
const ALLOWED: &[(&str, &str, &str)] = &[
    (
        "gui-arbiter-confirm-counts",
        "players",
        "« { $sent } joueurs sur { $players } ont envoyé » : the verb agrees with $sent, selected",
    ),
    (
        "rules-max-below-initial",
        "max",
        "a level: « niveau maximal 9 inférieur au … », the adjective agrees with « niveau »",
    ),
    (
        "propose-route-too-far",
        "dep",
        "the DEP level: « votre DEP de 3 ne permet que … », the verb agrees with « DEP »",
    ),
];

/// A place where a count's noun does not follow it.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
struct Finding {
    lang: &'static str,
    id: String,
    var: String,
    what: String,
}

/// What follows a placeable.
enum Next {
    /// The end of the message.
    End,
    /// Text (spaces skipped).
    Text(String),
    /// A selector on this variable.
    SelectOn(String),
    /// Another variable, a reference or a function: a value, no word of ours.
    Value,
}

/// The elements after a placeable: those left in its pattern, then (past the end
/// of a variant) those after the selector in the enclosing pattern, and so on.
#[derive(Clone, Copy)]
struct Rest<'a> {
    elements: &'a [PatternElement<&'a str>],
    parent: Option<&'a Rest<'a>>,
}

fn variable(expression: &InlineExpression<&str>) -> Option<String> {
    match expression {
        InlineExpression::VariableReference { id } => Some(id.name.to_string()),
        _ => None,
    }
}

/// What may come after `rest` (each variant of a selector on another variable
/// is one possibility).
fn next(rest: Rest<'_>, found: &mut Vec<Next>) {
    for (i, element) in rest.elements.iter().enumerate() {
        let after = Rest {
            elements: rest.elements.get(i + 1..).unwrap_or_default(),
            parent: rest.parent,
        };
        match element {
            PatternElement::TextElement { value } => {
                let text = value.trim_start();
                if !text.is_empty() {
                    found.push(Next::Text(text.to_string()));
                    return;
                }
            }
            PatternElement::Placeable { expression } => match expression {
                Expression::Select { selector, variants } => {
                    if let Some(name) = variable(selector) {
                        found.push(Next::SelectOn(name));
                    }
                    for variant in variants {
                        next(
                            Rest {
                                elements: &variant.value.elements,
                                parent: Some(&after),
                            },
                            found,
                        );
                    }
                    return;
                }
                Expression::Inline(InlineExpression::StringLiteral { value }) => {
                    let text = value.trim_start();
                    if !text.is_empty() {
                        found.push(Next::Text(text.to_string()));
                        return;
                    }
                }
                Expression::Inline(_) => {
                    found.push(Next::Value);
                    return;
                }
            },
        }
    }
    match rest.parent {
        Some(parent) => next(*parent, found),
        None => found.push(Next::End),
    }
}

/// The word at the start of `text`, when it starts with a letter, and the rest.
fn first_word(text: &str) -> Option<(&str, &str)> {
    let end = text
        .char_indices()
        .find(|(_, c)| !c.is_alphabetic())
        .map_or(text.len(), |(i, _)| i);
    (end > 0).then(|| text.split_at(end))
}

/// The word of `text` (what follows a count) that may be a noun depending on
/// it: its first word, past English adjectives; `None` when the text starts
/// with no word or with a word of [`NOT_NOUNS`].
fn noun_after<'t>(lang: &str, text: &'t str) -> Option<&'t str> {
    let mut rest = text;
    loop {
        let (word, after) = first_word(rest)?;
        if NOT_NOUNS.contains(&word) {
            return None;
        }
        if lang == "en" && ENGLISH_ADJECTIVES.contains(&word) {
            rest = after.trim_start();
            continue;
        }
        return Some(word);
    }
}

fn walk(
    lang: &'static str,
    id: &str,
    rest: Rest<'_>,
    governing: &[String],
    findings: &mut Vec<Finding>,
) {
    for (i, element) in rest.elements.iter().enumerate() {
        let PatternElement::Placeable { expression } = element else {
            continue;
        };
        let after = Rest {
            elements: rest.elements.get(i + 1..).unwrap_or_default(),
            parent: rest.parent,
        };
        match expression {
            Expression::Inline(inline) => {
                let Some(name) = variable(inline) else {
                    continue;
                };
                if !COUNTS.contains(&name.as_str()) || governing.contains(&name) {
                    continue;
                }
                let mut found = Vec::new();
                next(after, &mut found);
                if found
                    .iter()
                    .any(|n| matches!(n, Next::SelectOn(on) if *on == name))
                {
                    continue;
                }
                for possible in found {
                    let word = match &possible {
                        Next::End | Next::Value | Next::SelectOn(_) => None,
                        Next::Text(text) => noun_after(lang, text),
                    };
                    if let Some(word) = word {
                        findings.push(Finding {
                            lang,
                            id: id.to_string(),
                            var: name.clone(),
                            what: format!("{{ ${name} }} {word}…"),
                        });
                    }
                }
            }
            Expression::Select { selector, variants } => {
                let on = variable(selector);
                let mut governing = governing.to_vec();
                if let Some(name) = &on
                    && COUNTS.contains(&name.as_str())
                {
                    let key = |wanted: &str| {
                        variants.iter().any(|v| match &v.key {
                            VariantKey::Identifier { name } => *name == wanted,
                            VariantKey::NumberLiteral { value } => *value == wanted,
                        })
                    };
                    // `[1]` for the singular misses French 0, unless 0 has its own.
                    if key("1") && !key("one") && !key("0") {
                        findings.push(Finding {
                            lang,
                            id: id.to_string(),
                            var: name.clone(),
                            what: "[1] without [one] (nor [0])".to_string(),
                        });
                    }
                    // A selector that tells one from many governs its variants;
                    // another (`[0]`, `[all]`) leaves them to the rule.
                    if key("one") || key("1") {
                        governing.push(name.clone());
                    }
                }
                for variant in variants {
                    walk(
                        lang,
                        id,
                        Rest {
                            elements: &variant.value.elements,
                            parent: Some(&after),
                        },
                        &governing,
                        findings,
                    );
                }
            }
        }
    }
}

/// Every variable of a pattern (selectors and placeables, at any depth).
fn variables(pattern: &Pattern<&str>, out: &mut BTreeSet<String>) {
    for element in &pattern.elements {
        if let PatternElement::Placeable { expression } = element {
            match expression {
                Expression::Inline(inline) => out.extend(variable(inline)),
                Expression::Select { selector, variants } => {
                    out.extend(variable(selector));
                    for variant in variants {
                        variables(&variant.value, out);
                    }
                }
            }
        }
    }
}

/// The messages (value and attributes) of every file of a language: (id, pattern).
fn each_pattern(lang: Lang, mut visit: impl FnMut(&str, &Pattern<&str>)) {
    for source in lang.sources() {
        let resource = match fluent_syntax::parser::parse(*source) {
            Ok(resource) => resource,
            Err((resource, _)) => resource,
        };
        for entry in &resource.body {
            if let Entry::Message(message) = entry {
                if let Some(value) = &message.value {
                    visit(message.id.name, value);
                }
                for attribute in &message.attributes {
                    visit(message.id.name, &attribute.value);
                }
            }
        }
    }
}

fn lang_code(lang: Lang) -> &'static str {
    match lang {
        Lang::Fr => "fr",
        Lang::En => "en",
    }
}

/// Every variable in use is classified, and in one class only.
#[test]
fn every_variable_is_classified() {
    let mut used = BTreeSet::new();
    for lang in Lang::ALL {
        each_pattern(lang, |_, pattern| variables(pattern, &mut used));
    }
    let mut classes: BTreeMap<&str, Vec<&str>> = BTreeMap::new();
    for (class, names) in [("COUNTS", COUNTS), ("NUMBERS", NUMBERS), ("TEXTS", TEXTS)] {
        for name in names {
            classes.entry(name).or_default().push(class);
        }
    }
    let unclassified: Vec<&String> = used
        .iter()
        .filter(|name| !classes.contains_key(name.as_str()))
        .collect();
    assert!(
        unclassified.is_empty(),
        "classify these variables (COUNTS, NUMBERS or TEXTS): {unclassified:?}"
    );
    let twice: Vec<(&&str, &Vec<&str>)> = classes.iter().filter(|(_, c)| c.len() > 1).collect();
    assert!(twice.is_empty(), "classified twice: {twice:?}");
    let unused: Vec<&&str> = classes
        .keys()
        .filter(|name| !used.contains(**name))
        .collect();
    assert!(unused.is_empty(), "no message uses {unused:?}");
}

/// The rule of the module's documentation, on every message of both languages.
#[test]
fn every_count_selects_its_plural() {
    let mut findings = Vec::new();
    for lang in Lang::ALL {
        let code = lang_code(lang);
        each_pattern(lang, |id, pattern| {
            walk(
                code,
                id,
                Rest {
                    elements: &pattern.elements,
                    parent: None,
                },
                &[],
                &mut findings,
            );
        });
    }
    findings.retain(|f| {
        !ALLOWED
            .iter()
            .any(|(id, var, _)| f.id == *id && f.var == *var)
    });
    findings.sort();
    findings.dedup();
    let lines: Vec<String> = findings
        .iter()
        .map(|f| format!("{} {}: {}", f.lang, f.id, f.what))
        .collect();
    assert!(
        lines.is_empty(),
        "{} counts without plural:\n{}",
        lines.len(),
        lines.join("\n")
    );
    // Every allowed exception is still needed (its message still has the count).
    for (id, _, why) in ALLOWED {
        assert!(i18n::has_message(Lang::Fr, id), "{id} ({why}) is gone");
    }
}

/// The code's numbers reach Fluent as numbers: [`tr_args`] and a diagnostic's
/// arguments turn a number's text into a Fluent number, so the selectors pick
/// `[one]` — French 0 and 1, English 1 — and `*[other]` for the rest.
#[test]
fn counts_render_singular_and_plural_in_both_languages() {
    use nebutil::diagnostic::{Diagnostic, Span};
    use nebutil::i18n::tr_args;
    let render = |lang, id: &str, args: &[(&str, u32)]| {
        let texts: Vec<(&str, String)> = args.iter().map(|(k, v)| (*k, v.to_string())).collect();
        let args: Vec<(&str, &str)> = texts.iter().map(|(k, v)| (*k, v.as_str())).collect();
        tr_args(lang, id, &args)
    };
    let diagnostics = |lang, n| {
        render(
            lang,
            "cli-diagnostics",
            &[("errors", n), ("warnings", n), ("infos", n)],
        )
    };
    assert_eq!(
        diagnostics(Lang::Fr, 0),
        "Diagnostics : 0 erreur, 0 avertissement, 0 information"
    );
    assert_eq!(
        diagnostics(Lang::Fr, 1),
        "Diagnostics : 1 erreur, 1 avertissement, 1 information"
    );
    assert_eq!(
        diagnostics(Lang::Fr, 2),
        "Diagnostics : 2 erreurs, 2 avertissements, 2 informations"
    );
    assert_eq!(
        diagnostics(Lang::En, 0),
        "Diagnostics: 0 errors, 0 warnings, 0 infos"
    );
    assert_eq!(
        diagnostics(Lang::En, 1),
        "Diagnostics: 1 error, 1 warning, 1 info"
    );
    assert_eq!(
        diagnostics(Lang::En, 2),
        "Diagnostics: 2 errors, 2 warnings, 2 infos"
    );

    // Messages this test made select their plural.
    let map = |lang, worlds, links| {
        render(
            lang,
            "gui-map-counts",
            &[("worlds", worlds), ("links", links)],
        )
    };
    assert_eq!(map(Lang::Fr, 1, 0), "1 monde, 0 connexion");
    assert_eq!(map(Lang::Fr, 2, 2), "2 mondes, 2 connexions");
    assert_eq!(map(Lang::En, 1, 0), "1 world, 0 connections");
    assert_eq!(map(Lang::En, 2, 1), "2 worlds, 1 connection");
    let excess = |lang, asked, available| {
        render(
            lang,
            "resolve-void-excess",
            &[("asked", asked), ("available", available)],
        )
    };
    assert!(
        excess(Lang::Fr, 1, 0).starts_with("1 demandé, seulement 0 disponible :"),
        "{}",
        excess(Lang::Fr, 1, 0)
    );
    assert!(
        excess(Lang::Fr, 2, 1).starts_with("2 demandés, seulement 1 disponible :"),
        "{}",
        excess(Lang::Fr, 2, 1)
    );
    let reminder = |lang, n| render(lang, "mail-remind-errors", &[("turn", 7), ("count", n)]);
    assert!(
        reminder(Lang::Fr, 1).ends_with("ont 1 erreur :"),
        "{}",
        reminder(Lang::Fr, 1)
    );
    assert!(
        reminder(Lang::Fr, 2).ends_with("ont 2 erreurs :"),
        "{}",
        reminder(Lang::Fr, 2)
    );
    assert!(
        reminder(Lang::En, 1).ends_with("have 1 error:"),
        "{}",
        reminder(Lang::En, 1)
    );
    assert!(
        reminder(Lang::En, 0).ends_with("have 0 errors:"),
        "{}",
        reminder(Lang::En, 0)
    );

    // Through a diagnostic's arguments (as the resolver and validator pass them).
    let robots = |lang, per: u32| {
        Diagnostic::warning("resolve-void-robots-count", Span::new(1, 1, 1))
            .arg("per", per)
            .message(lang)
    };
    assert_eq!(robots(Lang::Fr, 1), "il faut 1 robot par unité produite");
    assert_eq!(robots(Lang::Fr, 12), "il faut 12 robots par unité produite");
    assert_eq!(robots(Lang::En, 1), "1 robot is needed per unit made");
    assert_eq!(robots(Lang::En, 2), "2 robots are needed per unit made");
}
