//! Reading, checking and writing rulesets (RON).
//!
//! [`from_ron`] never panics: a broken file gives a [`RulesError`] whose
//! diagnostics carry a stable `rules-…` code, the line and column (from ron's error
//! position, or found in the text for a value that parsed but is wrong), the field
//! concerned and the allowed values.

use std::collections::BTreeMap;
use std::fmt;
use std::sync::OnceLock;

use crate::diagnostic::{Diagnostic, Span};
use crate::i18n::Lang;

use super::{Ratio, Ruleset};

const TEXT_2002: &str = include_str!("../../assets/rules/2002.ron");
const TEXT_1999: &str = include_str!("../../assets/rules/1999.ron");

/// Why a ruleset was refused: one diagnostic or more, each with a `rules-…` code
/// (also its Fluent id in `i18n/*/rules.ftl`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RulesError {
    pub diagnostics: Vec<Diagnostic>,
}

impl RulesError {
    fn one(diagnostic: Diagnostic) -> Self {
        RulesError {
            diagnostics: vec![diagnostic],
        }
    }

    /// The code of the first diagnostic.
    pub fn code(&self) -> &str {
        self.diagnostics.first().map_or("", |d| d.code.as_str())
    }

    /// `file:line:col: error[code]: message`, one line per diagnostic.
    pub fn render(&self, file: &str, lang: Lang) -> String {
        self.diagnostics
            .iter()
            .map(|d| d.render(file, lang))
            .collect::<Vec<_>>()
            .join("\n")
    }
}

impl fmt::Display for RulesError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.render("ruleset", Lang::default()))
    }
}

impl std::error::Error for RulesError {}

// ----------------------------------------------------------------------------
// Built-in rulesets
// ----------------------------------------------------------------------------

pub(super) fn builtin_text(name: &str) -> Option<&'static str> {
    match name.trim() {
        "2002" => Some(TEXT_2002),
        "1999" => Some(TEXT_1999),
        _ => None,
    }
}

fn cached(cell: &'static OnceLock<Ruleset>, text: &str, file: &str) -> Ruleset {
    cell.get_or_init(|| match from_ron(text) {
        Ok(ruleset) => ruleset,
        // The embedded assets are ours and a test parses them: this is a build defect.
        Err(error) => panic!("{}", error.render(file, Lang::En)),
    })
    .clone()
}

pub(super) fn builtin_2002() -> Ruleset {
    static CELL: OnceLock<Ruleset> = OnceLock::new();
    cached(&CELL, TEXT_2002, "assets/rules/2002.ron")
}

pub(super) fn builtin_1999() -> Ruleset {
    static CELL: OnceLock<Ruleset> = OnceLock::new();
    cached(&CELL, TEXT_1999, "assets/rules/1999.ron")
}

pub(super) fn builtin(name: &str) -> Result<Ruleset, RulesError> {
    match name.trim() {
        "2002" => Ok(builtin_2002()),
        "1999" => Ok(builtin_1999()),
        other => Err(RulesError::one(
            Diagnostic::error("rules-unknown-builtin", Span::default())
                .arg("name", other)
                .arg("allowed", Ruleset::BUILTIN_NAMES.join(", ")),
        )),
    }
}

// ----------------------------------------------------------------------------
// Reading
// ----------------------------------------------------------------------------

pub(super) fn from_ron(text: &str) -> Result<Ruleset, RulesError> {
    let ruleset: Ruleset = ron::from_str(text).map_err(|error| parse_error(text, &error))?;
    super::validate::validate(&ruleset, Some(text))?;
    Ok(ruleset)
}

/// The RON section names of our types (ron reports the Rust type name).
fn section_of(type_name: &str) -> &str {
    match type_name {
        "Ruleset" => "(top level)",
        "GalaxyRules" => "galaxy",
        "StartRules" => "start",
        "TechRule" => "technologies",
        "CombatRules" => "combat",
        "ProductionRules" => "production",
        "IndustryCost" => "production.industry",
        "RobotRules" => "production.robots",
        "EconomyRules" => "economy",
        "SpyRules" => "spies",
        "ClassPoints" => "treasures",
        "SpecialPoints" => "treasures.special",
        "MuseumRules" => "treasures.museum",
        "FamilyPoints" => "treasures.families",
        "TreasureRules" => "treasures",
        "ScoringRules" => "scoring",
        "EmperorScoring" => "scoring.emperor",
        "PirateScoring" => "scoring.pirate",
        "AntiquarianScoring" => "scoring.antiquarian",
        "MissionaryScoring" => "scoring.missionary",
        "RobotronScoring" => "scoring.robotron",
        "ExplorerScoring" => "scoring.explorer",
        "StartWorldScoring" => "scoring.explorer.start_world",
        "MerchantScoring" => "scoring.merchant",
        "MerchantScoringRules" => "scoring.merchant",
        "Policies" => "policies",
        "Class" => "class",
        "Tech" => "technology",
        other => other,
    }
}

/// The key written at the start of the error's line (`growth: …` → `growth`), or
/// the last key before the error on that line.
fn key_on_line(text: &str, line: usize, column: usize) -> Option<String> {
    let source = text.lines().nth(line.checked_sub(1)?)?;
    let before: String = source.chars().take(column.saturating_sub(1)).collect();
    let before = before.split("//").next().unwrap_or("");
    let colon = before.rfind(':')?;
    let key: String = before[..colon]
        .trim_end()
        .chars()
        .rev()
        .take_while(|c| c.is_alphanumeric() || *c == '_')
        .collect::<Vec<_>>()
        .into_iter()
        .rev()
        .collect();
    (!key.is_empty()).then_some(key)
}

/// When (`line`, `column`) is the first thing on its line, the point just after the
/// last character (comments excluded) of the nearest previous line holding something.
fn end_of_previous_content(text: &str, line: usize, column: usize) -> Option<Span> {
    let lines: Vec<&str> = text.lines().collect();
    let current = lines.get(line.checked_sub(1)?)?;
    let before: String = current.chars().take(column.saturating_sub(1)).collect();
    if !before.trim().is_empty() {
        return None;
    }
    (0..line - 1).rev().find_map(|index| {
        let content = lines[index].split("//").next().unwrap_or("").trim_end();
        (!content.is_empty()).then(|| {
            let end = to_u32(content.chars().count() + 1);
            Span::new(to_u32(index + 1), end, end)
        })
    })
}

pub(super) fn to_u32(n: usize) -> u32 {
    u32::try_from(n).unwrap_or(u32::MAX)
}

fn parse_error(text: &str, error: &ron::error::SpannedError) -> RulesError {
    use ron::error::Error as E;
    let start = error.span.start;
    let (line, column) = (start.line, start.col);
    let span = Span::new(to_u32(line), to_u32(column), to_u32(column));
    let key = key_on_line(text, line, column);
    let diagnostic = match &error.code {
        E::NoSuchStructField {
            expected,
            found,
            outer,
        } => {
            // ron points after the unknown key: show the key itself.
            let column = text
                .lines()
                .nth(line.saturating_sub(1))
                .and_then(|l| l.find(found.as_str()))
                .map_or(column, |byte| byte + 1);
            Diagnostic::error(
                "rules-unknown-field",
                Span::new(
                    to_u32(line),
                    to_u32(column),
                    to_u32(column + found.chars().count()),
                ),
            )
            .arg("field", found)
            .arg("section", section_of(outer.as_deref().unwrap_or("")))
            .arg("allowed", expected.join(", "))
        }
        E::MissingStructField { field, outer } => Diagnostic::error("rules-missing-field", span)
            .arg("field", field)
            .arg("section", section_of(outer.as_deref().unwrap_or(""))),
        E::DuplicateStructField { field, outer } => {
            Diagnostic::error("rules-duplicate-field", span)
                .arg("field", field)
                .arg("section", section_of(outer.as_deref().unwrap_or("")))
        }
        E::NoSuchEnumVariant {
            expected,
            found,
            outer,
        } => Diagnostic::error("rules-unknown-value", span)
            .arg("value", found)
            .arg(
                "field",
                key.clone()
                    .unwrap_or_else(|| section_of(outer.as_deref().unwrap_or("")).to_string()),
            )
            .arg("allowed", expected.join(", ")),
        E::InvalidValueForType { expected, found } => Diagnostic::error("rules-wrong-type", span)
            .arg("field", key.clone().unwrap_or_else(|| "?".into()))
            .arg("expected", expected)
            .arg("found", found),
        E::IntegerOutOfBounds => Diagnostic::error("rules-wrong-type", span)
            .arg("field", key.clone().unwrap_or_else(|| "?".into()))
            .arg("expected", "a whole number in range")
            .arg("found", "a number out of range"),
        E::Message(message) => Diagnostic::error("rules-invalid-value", span)
            .arg("field", key.clone().unwrap_or_else(|| "?".into()))
            .arg("detail", message),
        E::ExpectedComma => {
            // ron stops at the next item: the comma is missing at the end of the
            // previous line that holds something.
            let span = end_of_previous_content(text, line, column).unwrap_or(span);
            Diagnostic::error("rules-syntax", span).arg("detail", error.code.to_string())
        }
        other => Diagnostic::error("rules-syntax", span).arg("detail", other.to_string()),
    };
    RulesError::one(diagnostic)
}

// ----------------------------------------------------------------------------
// Writing
// ----------------------------------------------------------------------------

pub(super) fn to_ron(r: &Ruleset) -> String {
    let config = ron::ser::PrettyConfig::new()
        .depth_limit(3)
        .compact_arrays(true)
        .struct_names(false)
        .indentor("    ".to_string());
    let body = ron::ser::to_string_pretty(r, config).unwrap_or_default();
    format!(
        "// Nébutil NG ruleset \"{}\" — edit the values, keep every field.\n\
         // Fractions are strings \"num/den\"; points are signed; see assets/rules/2002.ron\n\
         // for the meaning of each field.\n{body}\n",
        r.name.replace(['\n', '\r'], " ")
    )
}

// ----------------------------------------------------------------------------
// Exact closed forms of the combat tables
// ----------------------------------------------------------------------------

/// `round_half_up(base × ratio^(L−1))` for L = 1..=levels, computed exactly
/// (`None` if an intermediate value overflows). With base 50 and ratio 11/10 it
/// gives the CAtt table of IV.3.2; with 100 and 9/10 the CDef table of IV.3.3.
/// (Rounding each step instead would give 74 at ATT 5 and 32 at DEF 12.)
pub fn geometric_table(base: u32, ratio: Ratio, levels: u32) -> Option<Vec<u32>> {
    if !ratio.is_valid() {
        return None;
    }
    let mut out = Vec::with_capacity(levels as usize);
    let mut num = u128::from(base);
    let mut den: u128 = 1;
    for _ in 0..levels {
        // round half up of num/den
        let value = (2 * num + den) / (2 * den);
        out.push(u32::try_from(value).ok()?);
        num = num.checked_mul(u128::from(ratio.num))?;
        den = den.checked_mul(u128::from(ratio.den))?;
    }
    Some(out)
}

/// The fields that differ between two rulesets, as dotted paths (`economy.meva_slots`),
/// compared on their serialised values. `name` and `description` are ignored.
pub(super) fn differing_fields(a: &Ruleset, b: &Ruleset) -> Vec<String> {
    let (Ok(a), Ok(b)) = (serde_json::to_value(a), serde_json::to_value(b)) else {
        return vec!["(unserialisable)".into()];
    };
    let mut out = Vec::new();
    diff_values("", &a, &b, &mut out);
    out.retain(|path| path != "name" && path != "description");
    out
}

fn diff_values(path: &str, a: &serde_json::Value, b: &serde_json::Value, out: &mut Vec<String>) {
    use serde_json::Value;
    let join = |key: &str| {
        if path.is_empty() {
            key.to_string()
        } else {
            format!("{path}.{key}")
        }
    };
    match (a, b) {
        // An enum whose variant changed: report the field, not each variant.
        (Value::Object(ma), Value::Object(mb))
            if ma.len() == 1 && mb.len() == 1 && ma.keys().ne(mb.keys()) =>
        {
            out.push(path.to_string());
        }
        (Value::Object(ma), Value::Object(mb)) => {
            let mut keys: BTreeMap<&str, (Option<&Value>, Option<&Value>)> = BTreeMap::new();
            for (k, v) in ma {
                keys.entry(k.as_str()).or_default().0 = Some(v);
            }
            for (k, v) in mb {
                keys.entry(k.as_str()).or_default().1 = Some(v);
            }
            for (key, pair) in keys {
                match pair {
                    (Some(va), Some(vb)) => diff_values(&join(key), va, vb, out),
                    _ => out.push(join(key)),
                }
            }
        }
        _ if a == b => {}
        _ => out.push(path.to_string()),
    }
}
