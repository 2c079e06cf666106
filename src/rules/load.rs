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
use crate::model::treasure::{ADJECTIVES, NOUNS};
use crate::model::{Class, Tech};

use super::{Ratio, Ruleset, StartWorldScoring};

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
    validate(&ruleset, Some(text))?;
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

fn to_u32(n: usize) -> u32 {
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
// Validation
// ----------------------------------------------------------------------------

/// Finds the position of a field path (`["combat", "catt"]`) in the text: each key
/// is searched (as `key:` outside comments) after the previous one; a key not found
/// leaves the position of the last one found.
fn locate(text: Option<&str>, path: &[&str]) -> Span {
    let Some(text) = text else {
        return Span::default();
    };
    let mut from = 0;
    let mut found: Option<(usize, usize)> = None;
    for key in path {
        match find_key(text, key, from) {
            Some(at) => {
                found = Some((at, key.chars().count()));
                from = at + key.len();
            }
            None => break,
        }
    }
    let Some((at, len)) = found else {
        return Span::new(1, 1, 1);
    };
    let line = text[..at].matches('\n').count() + 1;
    let line_start = text[..at].rfind('\n').map_or(0, |i| i + 1);
    let column = text[line_start..at].chars().count() + 1;
    Span::new(to_u32(line), to_u32(column), to_u32(column + len))
}

fn find_key(text: &str, key: &str, from: usize) -> Option<usize> {
    let mut search = from;
    while let Some(rel) = text.get(search..)?.find(key) {
        let at = search + rel;
        search = at + key.len();
        let before_ok = text[..at]
            .chars()
            .next_back()
            .is_none_or(|c| !(c.is_alphanumeric() || c == '_'));
        let after = text[at + key.len()..].trim_start_matches([' ', '\t']);
        let line_start = text[..at].rfind('\n').map_or(0, |i| i + 1);
        let in_comment = text[line_start..at].contains("//");
        if before_ok && after.starts_with(':') && !in_comment {
            return Some(at);
        }
    }
    None
}

struct Checker<'a> {
    text: Option<&'a str>,
    found: Vec<Diagnostic>,
}

impl Checker<'_> {
    fn push(&mut self, code: &str, path: &[&str], args: &[(&str, String)]) {
        let mut diagnostic =
            Diagnostic::error(code, locate(self.text, path)).arg("field", path.join("."));
        for (name, value) in args {
            diagnostic = diagnostic.arg(name, value);
        }
        self.found.push(diagnostic);
    }

    fn positive(&mut self, value: u32, path: &[&str]) {
        if value == 0 {
            self.push("rules-zero", path, &[]);
        }
    }

    fn probability(&mut self, value: Ratio, path: &[&str]) {
        if !value.is_probability() {
            self.push(
                "rules-not-probability",
                path,
                &[("value", value.to_string())],
            );
        }
    }

    fn ratio(&mut self, value: Ratio, path: &[&str]) {
        if !value.is_valid() {
            self.push("rules-zero-denominator", path, &[]);
        }
    }

    fn monotonic(&mut self, table: &[u32], increasing: bool, path: &[&str]) {
        if table.is_empty() {
            self.push("rules-table-empty", path, &[]);
            return;
        }
        for (i, pair) in table.windows(2).enumerate() {
            let ok = if increasing {
                pair[1] > pair[0]
            } else {
                pair[1] < pair[0]
            };
            if !ok {
                let code = if increasing {
                    "rules-table-not-increasing"
                } else {
                    "rules-table-not-decreasing"
                };
                self.push(
                    code,
                    path,
                    &[
                        ("level", (i + 2).to_string()),
                        ("value", pair[1].to_string()),
                        ("previous", pair[0].to_string()),
                    ],
                );
                return;
            }
        }
    }
}

fn class_key(class: Class) -> String {
    format!("{class:?}")
}

fn tech_key(tech: Tech) -> String {
    format!("{tech:?}")
}

pub(super) fn validate(r: &Ruleset, text: Option<&str>) -> Result<(), RulesError> {
    let mut c = Checker {
        text,
        found: Vec::new(),
    };

    // Galaxy.
    let g = &r.galaxy;
    c.positive(g.min_connections, &["galaxy", "min_connections"]);
    if g.min_connections > g.max_connections {
        c.push(
            "rules-range-inverted",
            &["galaxy", "max_connections"],
            &[
                ("low", g.min_connections.to_string()),
                ("high", g.max_connections.to_string()),
            ],
        );
    }
    c.positive(g.final_turn_min, &["galaxy", "final_turn_min"]);
    if g.final_turn_min > g.final_turn_max {
        c.push(
            "rules-range-inverted",
            &["galaxy", "final_turn_max"],
            &[
                ("low", g.final_turn_min.to_string()),
                ("high", g.final_turn_max.to_string()),
            ],
        );
    }

    // Start.
    for tech in Tech::ALL {
        if !r.start.tech.contains_key(&tech) {
            c.push(
                "rules-missing-tech",
                &["start", "tech"],
                &[("tech", tech_key(tech))],
            );
        }
    }
    if r.start.mining_capacity > r.economy.mining_capacity_max {
        c.push(
            "rules-above-maximum",
            &["start", "mining_capacity"],
            &[
                ("value", r.start.mining_capacity.to_string()),
                ("max", r.economy.mining_capacity_max.to_string()),
            ],
        );
    }

    // Technologies.
    for class in Class::ALL {
        let class_name = class_key(class);
        let Some(techs) = r.technologies.get(&class) else {
            c.push(
                "rules-missing-class",
                &["technologies"],
                &[("class", class_name)],
            );
            continue;
        };
        for tech in Tech::ALL {
            let tech_name = tech_key(tech);
            let path = ["technologies", class_name.as_str(), tech_name.as_str()];
            let Some(rule) = techs.get(&tech) else {
                c.push(
                    "rules-missing-tech",
                    &path[..2],
                    &[("tech", tech_name.clone())],
                );
                continue;
            };
            c.positive(rule.cost, &path);
            let initial = r.start.tech.get(&tech).copied().unwrap_or(0);
            match rule.max {
                Some(max) if max < initial => c.push(
                    "rules-max-below-initial",
                    &path,
                    &[("max", max.to_string()), ("initial", initial.to_string())],
                ),
                None if matches!(tech, Tech::Att | Tech::Def) => {
                    c.push("rules-unbounded-combat-tech", &path, &[])
                }
                _ => {}
            }
        }
    }

    // Combat tables: ordered, and long enough for every reachable level.
    c.monotonic(&r.combat.catt, true, &["combat", "catt"]);
    c.monotonic(&r.combat.cdef, false, &["combat", "cdef"]);
    let mut att_needed = 1;
    let mut def_needed = 1;
    for class in Class::ALL {
        let att = r.tech_max(class, Tech::Att).unwrap_or(0);
        let bonus = if class == Class::Missionary {
            r.combat.jihad_att_bonus
        } else {
            0
        };
        att_needed = att_needed.max(att.saturating_add(bonus));
        def_needed = def_needed.max(r.tech_max(class, Tech::Def).unwrap_or(0));
    }
    if !r.combat.catt.is_empty() && (r.combat.catt.len() as u64) < u64::from(att_needed) {
        c.push(
            "rules-table-too-short",
            &["combat", "catt"],
            &[
                ("needed", att_needed.to_string()),
                ("found", r.combat.catt.len().to_string()),
            ],
        );
    }
    if !r.combat.cdef.is_empty() && (r.combat.cdef.len() as u64) < u64::from(def_needed) {
        c.push(
            "rules-table-too-short",
            &["combat", "cdef"],
            &[
                ("needed", def_needed.to_string()),
                ("found", r.combat.cdef.len().to_string()),
            ],
        );
    }
    c.positive(r.combat.vc_cargo, &["combat", "vc_cargo"]);
    c.positive(r.combat.ambush_multiplier, &["combat", "ambush_multiplier"]);
    c.positive(r.combat.flight_divisor, &["combat", "flight_divisor"]);
    c.positive(r.combat.piracy_ratio, &["combat", "piracy_ratio"]);

    // Production.
    for class in Class::ALL {
        let class_name = class_key(class);
        match r.production.industry.get(&class) {
            None => c.push(
                "rules-missing-class",
                &["production", "industry"],
                &[("class", class_name)],
            ),
            Some(cost) => {
                c.positive(cost.up, &["production", "industry", &class_name, "up"]);
                c.positive(cost.vi, &["production", "industry", &class_name, "vi"]);
            }
        }
    }
    let robots = &r.production.robots;
    c.positive(
        robots.per_vc_attack,
        &["production", "robots", "per_vc_attack"],
    );
    c.positive(robots.per_ship, &["production", "robots", "per_ship"]);
    c.positive(
        robots.per_industry,
        &["production", "robots", "per_industry"],
    );
    c.positive(
        robots.populations_per_robot,
        &["production", "robots", "populations_per_robot"],
    );

    // Economy.
    let e = &r.economy;
    c.ratio(e.growth, &["economy", "growth"]);
    c.ratio(e.meva_p_growth, &["economy", "meva_p_growth"]);
    c.probability(e.overpopulation_death, &["economy", "overpopulation_death"]);
    c.probability(e.pillage_loss, &["economy", "pillage_loss"]);
    c.probability(e.deconversion, &["economy", "deconversion"]);
    c.ratio(e.conversion, &["economy", "conversion"]);
    c.positive(e.mining_step_turns, &["economy", "mining_step_turns"]);
    c.positive(e.meva_slots, &["economy", "meva_slots"]);
    if e.black_hole_max_loss_percent > 100 {
        c.push(
            "rules-percent-too-large",
            &["economy", "black_hole_max_loss_percent"],
            &[("value", e.black_hole_max_loss_percent.to_string())],
        );
    }

    // Spies.
    c.positive(r.spies.categories, &["spies", "categories"]);
    if r.spies.error_percent.is_empty() {
        c.push("rules-table-empty", &["spies", "error_percent"], &[]);
    }
    if let Some(&too_big) = r.spies.error_percent.iter().find(|&&p| p > 100) {
        c.push(
            "rules-percent-too-large",
            &["spies", "error_percent"],
            &[("value", too_big.to_string())],
        );
    }
    if r.spies.error_percent.windows(2).any(|w| w[1] > w[0]) {
        c.push(
            "rules-table-not-decreasing",
            &["spies", "error_percent"],
            &[],
        );
    }

    // Treasures.
    let t = &r.treasures;
    c.positive(t.nouns, &["treasures", "nouns"]);
    c.positive(t.adjectives, &["treasures", "adjectives"]);
    if t.nouns as usize > NOUNS.len() || t.adjectives as usize > ADJECTIVES.len() {
        c.push(
            "rules-vocabulary-too-small",
            &["treasures", "nouns"],
            &[
                ("nouns", NOUNS.len().to_string()),
                ("adjectives", ADJECTIVES.len().to_string()),
            ],
        );
    }
    let largest_family = t.nouns.max(t.adjectives);
    if let Some((&size, _)) = t.families.iter().next_back()
        && size > largest_family
    {
        c.push(
            "rules-family-too-large",
            &["treasures", "families"],
            &[
                ("size", size.to_string()),
                ("max", largest_family.to_string()),
            ],
        );
    }
    if t.families.is_empty() {
        c.push("rules-table-empty", &["treasures", "families"], &[]);
    }
    c.positive(t.museum.treasures, &["treasures", "museum", "treasures"]);

    // Scoring.
    c.positive(
        r.scoring.emperor.populations_per_point,
        &["scoring", "emperor", "populations_per_point"],
    );
    c.positive(
        r.scoring.missionary.converts_per_point,
        &["scoring", "missionary", "converts_per_point"],
    );
    if let StartWorldScoring::ObservationBonuses { bonuses, .. } = &r.scoring.explorer.start_world
        && bonuses.is_empty()
    {
        c.push(
            "rules-table-empty",
            &["scoring", "explorer", "start_world"],
            &[],
        );
    }

    if c.found.is_empty() {
        Ok(())
    } else {
        Err(RulesError {
            diagnostics: c.found,
        })
    }
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
