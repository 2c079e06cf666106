//! Every diagnostic of the CR reader, the NBT reader and knowledge merge, the order
//! parser and the order validator reads as a sentence a player understands, in
//! both languages.
//!
//! Every diagnostic message (`cr-…` of `i18n/*/report.ftl`, `nbt-…` and
//! `knowledge-…` of `nbt.ftl`, `order-…` of `orders.ftl` but the explanations of
//! valid orders, `text-…` of `core.ftl` about reading a file) is rendered with
//! sample arguments, once per variant of each selector and with every number at
//! 0, 1 and 2; so are the real diagnostics of the fixtures (broken order lines,
//! CRs, NBTs, order files checked against CRs). No rendering may show:
//! - a lone placeholder letter of the grammar (`est m.`, `attendu : t`, `M_m`);
//! - a leftover Fluent variable or brace (`{`);
//! - English inside French (common English words);
//! - an internal name: a file path (`src/`, `.rs`), Rust (`Some(`, `None`, `::`),
//!   a snake_case or camelCase identifier;
//! - a number and a noun disagreeing (`1 tours`, `2 tour`).
//!
//! The English text of a third-party error (ron's, in `nbt-syntax`) is allowed
//! after "détail technique" / "technical detail" only.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use fluent_syntax::ast::{
    Entry, Expression, InlineExpression, Pattern, PatternElement, VariantKey,
};
use nebutil::diagnostic::Diagnostic;
use nebutil::i18n::{self, Lang};
use nebutil::model::knowledge::Knowledge;
use nebutil::orders::validate::check_orders;
use nebutil::rules::Ruleset;

/// The Fluent files of the four readers, each with the prefixes of its
/// diagnostics' ids.
fn sources(lang: Lang) -> Vec<(&'static str, &'static [&'static str])> {
    const REPORT: &[&str] = &["cr-"];
    const NBT: &[&str] = &["nbt-", "knowledge-"];
    const ORDERS: &[&str] = &["order-"];
    const CORE: &[&str] = &["text-"];
    match lang {
        Lang::Fr => vec![
            (include_str!("../../i18n/fr/report.ftl"), REPORT),
            (include_str!("../../i18n/fr/nbt.ftl"), NBT),
            (include_str!("../../i18n/fr/orders.ftl"), ORDERS),
            (include_str!("../../i18n/fr/core.ftl"), CORE),
        ],
        Lang::En => vec![
            (include_str!("../../i18n/en/report.ftl"), REPORT),
            (include_str!("../../i18n/en/nbt.ftl"), NBT),
            (include_str!("../../i18n/en/orders.ftl"), ORDERS),
            (include_str!("../../i18n/en/core.ftl"), CORE),
        ],
    }
}

/// The variables a message uses, and the variant keys of those it selects on.
#[derive(Default, Debug)]
struct Usage {
    variables: BTreeSet<String>,
    selectors: BTreeMap<String, BTreeSet<String>>,
}

fn walk_pattern(pattern: &Pattern<&str>, usage: &mut Usage) {
    for element in &pattern.elements {
        if let PatternElement::Placeable { expression } = element {
            walk_expression(expression, usage);
        }
    }
}

fn walk_expression(expression: &Expression<&str>, usage: &mut Usage) {
    match expression {
        Expression::Select { selector, variants } => {
            walk_inline(selector, usage);
            if let InlineExpression::VariableReference { id } = selector {
                let keys = usage.selectors.entry(id.name.to_string()).or_default();
                for variant in variants {
                    keys.insert(match &variant.key {
                        VariantKey::Identifier { name } => name.to_string(),
                        VariantKey::NumberLiteral { value } => value.to_string(),
                    });
                }
            }
            for variant in variants {
                walk_pattern(&variant.value, usage);
            }
        }
        Expression::Inline(inline) => walk_inline(inline, usage),
    }
}

fn walk_inline(inline: &InlineExpression<&str>, usage: &mut Usage) {
    match inline {
        InlineExpression::VariableReference { id } => {
            usage.variables.insert(id.name.to_string());
        }
        InlineExpression::Placeable { expression } => walk_expression(expression, usage),
        _ => {}
    }
}

/// Every diagnostic message of a language, with what it uses.
fn messages(lang: Lang) -> Vec<(String, Usage)> {
    let mut out = Vec::new();
    for (source, prefixes) in sources(lang) {
        let resource = fluent_syntax::parser::parse(source).unwrap_or_else(|(r, _)| r);
        for entry in resource.body {
            // `order-explain-…` are the sentences explaining valid orders, not
            // diagnostics (tests/core/orders_explain.rs checks them).
            if let Entry::Message(message) = entry
                && prefixes.iter().any(|p| message.id.name.starts_with(p))
                && !message.id.name.starts_with("order-explain-")
            {
                let mut usage = Usage::default();
                if let Some(value) = &message.value {
                    walk_pattern(value, &mut usage);
                }
                out.push((message.id.name.to_string(), usage));
            }
        }
    }
    out
}

/// A sample value for a text variable; `None` for a number.
fn sample_text(lang: Lang, name: &str) -> Option<String> {
    Some(match name {
        "found" => "§".to_string(),
        "suggestion" => "BOMBE".to_string(),
        "typed" => "F_12 M".to_string(),
        "example" => "F_12 M_48".to_string(),
        "text" => "bonjour".to_string(),
        "order" => "F_5 P".to_string(),
        "fix" => "M_127 C 10 VI".to_string(),
        "name" | "owner" | "player" => "Miria".to_string(),
        "game" | "expected" => "KARNAJ".to_string(),
        "command" => "ORDRES".to_string(),
        "detail" => "Expected comma but found `)`".to_string(),
        "tech" => "DEP".to_string(),
        "subject" => "F_57".to_string(),
        "connections" => "M_3, M_8".to_string(),
        // The list of lines of the UP budget.
        "line_list" => "2, 5".to_string(),
        "via" => "M_12, M_13".to_string(),
        "next" => i18n::tr(lang, "order-next-route"),
        "form" => i18n::tr_args(lang, "order-form", &[("example", "F_12 M_48")]),
        _ => return None,
    })
}

/// Plural categories, matched by numbers rather than named in samples.
const PLURAL_KEYS: [&str; 6] = ["zero", "one", "two", "few", "many", "other"];

/// Every rendering of `id`: numbers at 0, 1 and 2, and every named variant of
/// each selector (numbers at 2 meanwhile), with the numbers used.
fn renderings(lang: Lang, id: &str, usage: &Usage) -> Vec<(String, Option<u32>)> {
    let base = |number: u32| -> Vec<(String, String)> {
        usage
            .variables
            .iter()
            .map(|name| {
                let value = sample_text(lang, name).unwrap_or_else(|| number.to_string());
                (name.clone(), value)
            })
            .collect()
    };
    let render = |args: &[(String, String)]| -> String {
        let args: Vec<(&str, &str)> = args.iter().map(|(k, v)| (k.as_str(), v.as_str())).collect();
        i18n::tr_args(lang, id, &args)
    };
    let mut out = Vec::new();
    for number in [0, 1, 2] {
        out.push((render(&base(number)), Some(number)));
    }
    for (selector, keys) in &usage.selectors {
        for key in keys {
            if PLURAL_KEYS.contains(&key.as_str()) || key.parse::<i64>().is_ok() {
                continue;
            }
            let mut args = base(2);
            for (name, value) in &mut args {
                if name == selector {
                    *value = key.clone();
                }
            }
            out.push((render(&args), None));
        }
    }
    out
}

/// Common English words that have no business in a French sentence.
const ENGLISH: &[&str] = &[
    "the",
    "and",
    "of",
    "to",
    "is",
    "are",
    "was",
    "with",
    "without",
    "not",
    "for",
    "from",
    "this",
    "that",
    "which",
    "will",
    "has",
    "have",
    "turn",
    "world",
    "worlds",
    "fleet",
    "fleets",
    "player",
    "order",
    "orders",
    "number",
    "expected",
    "found",
    "error",
    "warning",
    "unknown",
    "missing",
    "unexpected",
    "should",
    "must",
    "cannot",
    "can",
    "please",
    "your",
    "you",
    "it",
    "its",
    "be",
    "by",
    "after",
    "before",
    "next",
    "here",
    "only",
    "ship",
    "ships",
    "report",
    "line",
    "skipped",
    "ignored",
    "read",
    "file",
    "an",
    "or",
    "at",
    "in",
];

/// Nouns whose number must agree with a count written just before them.
const PLURALS: &[(&str, &str)] = &[
    ("tour", "tours"),
    ("monde", "mondes"),
    ("flotte", "flottes"),
    ("ligne", "lignes"),
    ("joueur", "joueurs"),
    ("robot", "robots"),
    ("industrie", "industries"),
    ("population", "populations"),
    ("converti", "convertis"),
    ("trésor", "trésors"),
    ("vaisseau", "vaisseaux"),
    ("turn", "turns"),
    ("world", "worlds"),
    ("fleet", "fleets"),
    ("line", "lines"),
    ("player", "players"),
    ("industry", "industries"),
    ("convert", "converts"),
    ("treasure", "treasures"),
    ("ship", "ships"),
];

/// The part of a message that must be in its language: everything before a
/// third-party detail.
fn own_text(message: &str) -> &str {
    let lower = message.to_lowercase();
    let cut = ["détail technique", "technical detail"]
        .iter()
        .filter_map(|marker| lower.find(marker))
        .min()
        .unwrap_or(message.len());
    // `to_lowercase` keeps the byte offsets of these (ASCII and é) markers' text.
    message.get(..cut).unwrap_or(message)
}

/// Words of a text: runs of letters, digits and `_`, with their neighbours.
fn words(text: &str) -> Vec<(usize, &str)> {
    let mut out = Vec::new();
    let mut start = None;
    for (i, c) in text.char_indices() {
        let inside = c.is_alphanumeric() || c == '_';
        match (inside, start) {
            (true, None) => start = Some(i),
            (false, Some(s)) => {
                out.push((s, &text[s..i]));
                start = None;
            }
            _ => {}
        }
    }
    if let Some(s) = start {
        out.push((s, &text[s..]));
    }
    out
}

/// The text without what stands between French quotes « ».
fn without_quotes(text: &str) -> String {
    let mut out = String::new();
    let mut depth = 0u32;
    for c in text.chars() {
        match c {
            '«' => depth += 1,
            '»' => depth = depth.saturating_sub(1),
            _ if depth == 0 => out.push(c),
            _ => {}
        }
    }
    out
}

/// What is wrong with one rendering; empty when it reads well.
fn problems(lang: Lang, message: &str, number: Option<u32>) -> Vec<String> {
    let mut out = Vec::new();
    if message.contains('{') || message.contains('$') {
        out.push("leftover Fluent variable or brace".to_string());
    }
    let text = own_text(message);
    let chars: Vec<char> = text.chars().collect();
    // A lone lower-case letter (not an elision such as l', d', n').
    for (i, c) in chars.iter().enumerate() {
        if !c.is_ascii_lowercase() {
            continue;
        }
        let before = i.checked_sub(1).map(|p| chars[p]);
        let after = chars.get(i + 1).copied();
        // Not the `s` of an English possessive either (`the world's`).
        let bounded_before = before.is_none_or(|b| !(b.is_alphanumeric() || b == '\'' || b == '’'));
        let bounded_after = after.is_none_or(|a| !(a.is_alphanumeric() || a == '\'' || a == '’'));
        if !(bounded_before && bounded_after) {
            continue;
        }
        let allowed = *c == 'a'
            || (lang == Lang::Fr
                && *c == 'y'
                && after == Some(' ')
                && chars.get(i + 2).is_some_and(|n| n.is_alphabetic()));
        if !allowed {
            out.push(format!("lone placeholder letter “{c}”"));
        }
    }
    for internal in ["src/", ".rs", "Some(", "None", "::"] {
        if text.contains(internal) {
            out.push(format!("internal name “{internal}”"));
        }
    }
    let all_words = words(text);
    // What the player wrote, quoted back (« ORDER »), is not the message's language.
    let unquoted = without_quotes(text);
    for (at, word) in words(&unquoted) {
        // A command-line option (`--turn`) is not translated.
        let option = unquoted[..at].ends_with("--");
        if lang == Lang::Fr && !option && ENGLISH.contains(&word.to_lowercase().as_str()) {
            out.push(format!("English word “{word}”"));
        }
    }
    for (_, word) in &all_words {
        let snake = word.contains('_')
            && word.split('_').all(|part| !part.is_empty())
            && word.chars().any(|c| c.is_lowercase());
        let camel = word
            .chars()
            .zip(word.chars().skip(1))
            .any(|(a, b)| a.is_lowercase() && b.is_uppercase());
        if snake || camel {
            out.push(format!("identifier “{word}”"));
        }
    }
    if let Some(number) = number {
        let count = number.to_string();
        for pair in all_words.windows(2) {
            let ((at, first), (next_at, second)) = (pair[0], pair[1]);
            // Only a count followed by one space, as in `1 tours`.
            if first != count || text.get(at + first.len()..next_at) != Some(" ") {
                continue;
            }
            let wrong = PLURALS.iter().any(|(one, many)| {
                (number == 1 && second == *many) || (number >= 2 && second == *one)
            });
            if wrong {
                out.push(format!("“{first} {second}”: the noun does not agree"));
            }
        }
    }
    out
}

#[test]
fn every_message_renders_as_a_sentence_in_both_languages() {
    let mut failures = Vec::new();
    let mut count = 0;
    for lang in Lang::ALL {
        for (id, usage) in messages(lang) {
            for (text, number) in renderings(lang, &id, &usage) {
                count += 1;
                if text == id {
                    failures.push(format!("{}: {id}: no message", lang.code()));
                }
                for problem in problems(lang, &text, number) {
                    failures.push(format!("{} {id}: {problem}: {text}", lang.code()));
                }
            }
        }
    }
    assert!(count > 500, "only {count} renderings");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// Every code written in the readers' sources has a message in both languages.
#[test]
fn every_code_in_the_sources_has_a_message() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    for dir in ["src/report", "src/nbt", "src/orders"] {
        collect(&root.join(dir), "rs", &mut files);
    }
    files.push(root.join("src/model/knowledge.rs"));
    files.push(root.join("src/text.rs"));
    let mut codes = BTreeSet::new();
    for file in &files {
        let text = std::fs::read_to_string(file).unwrap_or_default();
        for piece in text.split('"').skip(1).step_by(2) {
            let known = ["cr-", "nbt-", "order-", "knowledge-", "text-"];
            if known.iter().any(|p| piece.starts_with(p))
                && !piece.ends_with('-')
                && piece
                    .chars()
                    .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
            {
                codes.insert(piece.to_string());
            }
        }
    }
    assert!(codes.len() > 100, "only {} codes found", codes.len());
    let missing: Vec<String> = codes
        .iter()
        .flat_map(|code| {
            Lang::ALL
                .iter()
                .filter(|lang| !i18n::has_message(**lang, code))
                .map(move |lang| format!("{}: {code}", lang.code()))
        })
        .collect();
    assert!(missing.is_empty(), "no message for {missing:?}");
}

fn collect(dir: &Path, extension: &str, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    let mut paths: Vec<PathBuf> = entries.flatten().map(|e| e.path()).collect();
    paths.sort();
    for path in paths {
        if path.is_dir() {
            collect(&path, extension, out);
        } else if path.extension().is_some_and(|e| e == extension) {
            out.push(path);
        }
    }
}

fn check_diagnostics(origin: &str, diagnostics: &[Diagnostic], failures: &mut Vec<String>) {
    for diagnostic in diagnostics {
        for lang in Lang::ALL {
            let text = diagnostic.message(lang);
            if text == diagnostic.code {
                failures.push(format!("{origin}: {}: no message", diagnostic.code));
            }
            for problem in problems(lang, &text, None) {
                failures.push(format!(
                    "{origin} {} [{}]: {problem}: {text}",
                    lang.code(),
                    diagnostic.code
                ));
            }
        }
    }
}

/// Broken order lines, one per way of going wrong: every `order-next-…` phrase
/// (what may come next) is used by one of them.
const BROKEN_ORDERS: &[&str] = &[
    "",
    "X_12 P",
    "M",
    "F",
    "T",
    "A",
    "A :",
    "Z X",
    "M_5",
    "M_5 =",
    "M_5 E",
    "M_5 E 3",
    "M_5 E 3 P",
    "M_5 C",
    "M_5 C 3",
    "M_5 C 3 VC",
    "M_5 C 3 E",
    "M_5 T",
    "M_5 T 3",
    "M_5 T 3 R",
    "M_5 T 3 VI",
    "M_5 T 3 VP",
    "M_5 T 3 VI VT",
    "M_5 T 3 VI VT X",
    "F_5",
    "F_5 S",
    "F_5 C",
    "F_5 C 3",
    "F_5 D",
    "F_5 D 3",
    "F_5 E",
    "F_5 E 3",
    "F_5 E 3 VC",
    "F_5 T",
    "F_5 T 3",
    "F_5 T 3 VC",
    "F_5 T 3 VC VT X",
    "F_5 *",
    "F_5 MM",
    "F_5 MM 4 X",
    "F_5 M",
    "F_5 M 4 X",
    "F_5 L",
    "F_48 L BOMB",
    "T_3",
    "VI",
    "VI M_5",
    "VI M_5 C",
    "VI M_5 C 3",
    "VI M_5 *",
    "VP M_5",
    "VP M_5 ?",
    "F_5 P extra",
    "M_1 = \"Terre",
    "A : Miria",
    "F_5 C 99999999999 MP",
    "M_5 C 0 I",
    "Md_127 C 10 VI",
    "F#48 L BOMBE",
    "F_5 D (x) MP",
    "F_5 M_48 304",
    "M_1 = \"Terre@2\"",
    "DPE : 3",
    "M_23 C 7 ATQ",
    "F_5 P.",
];

#[test]
fn parser_diagnostics_read_well_and_name_what_comes_next() {
    let mut failures = Vec::new();
    let mut phrases = BTreeSet::new();
    let fixture = include_str!("../fixtures/orders/errors.txt");
    let fixture_lines = fixture
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .filter_map(|l| l.split(" | ").next());
    for (i, line) in BROKEN_ORDERS
        .iter()
        .copied()
        .chain(fixture_lines)
        .enumerate()
    {
        let parsed = nebutil::orders::parse_line(line, 1);
        let mut diagnostics = parsed.diagnostics;
        if line.is_empty() {
            diagnostics.extend(nebutil::orders::parse_order(line).err());
        }
        assert!(
            !diagnostics.is_empty(),
            "line {i} `{line}` reads without error"
        );
        for diagnostic in &diagnostics {
            phrases.extend(
                diagnostic
                    .phrases
                    .iter()
                    .filter(|(name, _)| name == "next")
                    .map(|(_, id)| id.clone()),
            );
        }
        check_diagnostics(&format!("`{line}`"), &diagnostics, &mut failures);
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    let all: BTreeSet<String> = messages(Lang::Fr)
        .into_iter()
        .map(|(id, _)| id)
        .filter(|id| id.starts_with("order-next-"))
        .collect();
    let unused: Vec<&String> = all.difference(&phrases).collect();
    assert!(unused.is_empty(), "no broken order shows {unused:?}");
}

#[test]
fn an_incomplete_order_names_what_is_missing_and_shows_the_whole_order() {
    let error = nebutil::orders::parse_order("F_12 M").expect_err("incomplete");
    assert_eq!(error.code, "order-incomplete");
    assert_eq!(
        error.message(Lang::Fr),
        "Ordre incomplet : après « F_12 M », il faut le numéro du monde de destination, \
         par exemple « F_12 M_48 »."
    );
    assert_eq!(
        error.message(Lang::En),
        "Incomplete order: after “F_12 M” comes the number of the destination world, \
         for example “F_12 M_48”."
    );
    let error = nebutil::orders::parse_order("M_127 C 10 VX F_57").expect_err("wrong");
    let message = error.message(Lang::Fr);
    assert!(
        message.starts_with(
            "« VX » ne convient pas ici : après « M_127 C 10 », il faut ce que le monde construit"
        ) && message.ends_with("par exemple « M_127 C 10 VC F_57 »."),
        "{message}"
    );
}

#[test]
fn cr_and_nbt_diagnostics_read_well() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures");
    let mut failures = Vec::new();
    let mut crs = Vec::new();
    collect(&root, "cr", &mut crs);
    let mut nbts = Vec::new();
    collect(&root, "nbt", &mut nbts);
    let mut seen = BTreeSet::new();
    for path in &crs {
        let Ok(text) = std::fs::read_to_string(path) else {
            continue;
        };
        let (view, diagnostics) = nebutil::report::read(&text);
        seen.extend(diagnostics.iter().map(|d| d.code.clone()));
        check_diagnostics(&path.display().to_string(), &diagnostics, &mut failures);
        let nbt = path.with_extension("nbt");
        if let Ok(text) = std::fs::read_to_string(&nbt) {
            let (file, mut diagnostics) = nebutil::nbt::read(&text);
            if let Some(file) = file {
                let mut view = view.clone();
                nebutil::nbt::apply(&file, &mut view, &mut diagnostics);
            }
            seen.extend(diagnostics.iter().map(|d| d.code.clone()));
            check_diagnostics(&nbt.display().to_string(), &diagnostics, &mut failures);
        }
    }
    for path in &nbts {
        let Ok(text) = std::fs::read_to_string(path) else {
            continue;
        };
        let (_, diagnostics) = nebutil::nbt::read(&text);
        seen.extend(diagnostics.iter().map(|d| d.code.clone()));
        check_diagnostics(&path.display().to_string(), &diagnostics, &mut failures);
    }
    // ron's own English error, set apart after a French lead and the position.
    let (_, diagnostics) = nebutil::nbt::read("(\n    version: 1,\n    turn: 4 5,\n)\n");
    let syntax = diagnostics
        .iter()
        .find(|d| d.code == "nbt-syntax")
        .expect("nbt-syntax");
    let fr = syntax.message(Lang::Fr);
    let lead = own_text(&fr);
    assert!(
        lead.starts_with("Le fichier .NBT est mal formé à la ligne 3, colonne ")
            && fr[lead.len()..].contains("Expected"),
        "{fr}"
    );
    let en = syntax.message(Lang::En);
    assert!(
        en.contains("at line 3, column") && en.contains("Technical detail: Expected"),
        "{en}"
    );
    check_diagnostics("bad NBT", &diagnostics, &mut failures);
    assert!(seen.len() >= 5, "only {seen:?}");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn validator_diagnostics_read_well() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/orders/validate");
    let mut folders: Vec<PathBuf> = std::fs::read_dir(&root)
        .expect("fixtures")
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.is_dir() && !p.ends_with("cli"))
        .collect();
    folders.sort();
    let mut failures = Vec::new();
    let mut codes = BTreeSet::new();
    for folder in folders {
        let mut crs = Vec::new();
        collect(&folder, "cr", &mut crs);
        crs.retain(|p| p.parent() == Some(folder.as_path()));
        let mut views = Vec::new();
        for cr in &crs {
            let text = std::fs::read_to_string(cr).unwrap_or_default();
            let (mut view, _) = nebutil::report::read(&text);
            if let Ok(text) = std::fs::read_to_string(cr.with_extension("nbt"))
                && let (Some(file), mut diagnostics) = nebutil::nbt::read(&text)
            {
                nebutil::nbt::apply(&file, &mut view, &mut diagnostics);
            }
            views.push(view);
        }
        let (knowledge, _) = Knowledge::from_views(views);
        let rules = match std::fs::read_to_string(folder.join("rules")) {
            Ok(name) => Ruleset::builtin(name.trim()).expect("a built-in ruleset"),
            Err(_) => Ruleset::builtin_2002(),
        };
        let orders = std::fs::read_to_string(folder.join("bad.orders")).unwrap_or_default();
        let checked = check_orders(&orders, &knowledge, &rules);
        codes.extend(checked.diagnostics.iter().map(|d| d.code.clone()));
        check_diagnostics(
            &folder.display().to_string(),
            &checked.diagnostics,
            &mut failures,
        );
    }
    assert!(codes.len() > 40, "only {} codes: {codes:?}", codes.len());
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// The checks themselves: each catches what it is meant to, and lets good text be.
#[test]
fn the_checks_catch_what_they_are_meant_to() {
    let flagged =
        |lang: Lang, text: &str, number: Option<u32>| !problems(lang, text, number).is_empty();
    let bad_french = [
        "Ordre incomplet : la suite attendue est m.",
        "« X » inattendu ici ; attendu : t",
        "Ordre réservé : M_m C x VC F_f",
        "Ordre incomplet : expected :, next",
        "Le monde {$world} est perdu.",
        "Erreur dans src/orders/parse.rs",
        "Valeur Some(3) reçue",
        "Le type order_kind est inconnu.",
        "Sujet : ORDRES PARTIE J MotDePasse.",
        "Valeur None",
        "Chemin orders::parse",
    ];
    for text in bad_french {
        assert!(flagged(Lang::Fr, text, None), "not caught: {text}");
    }
    assert!(flagged(Lang::Fr, "encore 1 tours", Some(1)));
    assert!(flagged(Lang::Fr, "encore 2 tour de récupération", Some(2)));
    assert!(flagged(Lang::En, "a route of only 1 worlds", Some(1)));
    let good = [
        (
            Lang::Fr,
            "Il y a l'ordre « F_12 M_48 » à écrire, et il n'y a qu'un tour.",
        ),
        (
            Lang::Fr,
            "Ordre inconnu : « ORDER ». Un ordre commence par M_12.",
        ),
        (Lang::Fr, "Indiquez le tour (en ligne de commande, --turn)."),
        (
            Lang::Fr,
            "Le fichier .NBT est mal formé à la ligne 3, colonne 5. Détail technique (en anglais) : expected `,` in Some(field_name)",
        ),
        (
            Lang::En,
            "Fleet 5 fires at the world's protection ships: a turn report is not read.",
        ),
    ];
    for (lang, text) in good {
        assert_eq!(
            problems(lang, text, Some(1)),
            Vec::<String>::new(),
            "{text}"
        );
    }
}
