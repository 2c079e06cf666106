//! Checking a ruleset's values: tables ordered, every class and technology
//! present, ranges not inverted… Each problem is a diagnostic with a stable
//! `rules-…` code, located in the RON text when there is one.

use crate::diagnostic::{Diagnostic, Span};
use crate::model::treasure::{ADJECTIVES, NOUNS};
use crate::model::{Class, Tech};

use super::load::to_u32;
use super::{Ratio, RulesError, Ruleset, StartWorldScoring};

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

    c.galaxy(r);
    c.start(r);
    c.technologies(r);
    c.combat(r);
    c.production(r);
    c.economy(r);
    c.spies(r);
    c.treasures(r);
    c.scoring(r);

    if c.found.is_empty() {
        Ok(())
    } else {
        Err(RulesError {
            diagnostics: c.found,
        })
    }
}

/// The checks of each section of the ruleset, in the file's order.
impl Checker<'_> {
    /// The galaxy: connection and final-turn ranges.
    fn galaxy(&mut self, r: &Ruleset) {
        let g = &r.galaxy;
        self.positive(g.min_connections, &["galaxy", "min_connections"]);
        if g.min_connections > g.max_connections {
            self.push(
                "rules-range-inverted",
                &["galaxy", "max_connections"],
                &[
                    ("low", g.min_connections.to_string()),
                    ("high", g.max_connections.to_string()),
                ],
            );
        }
        self.positive(g.final_turn_min, &["galaxy", "final_turn_min"]);
        if g.final_turn_min > g.final_turn_max {
            self.push(
                "rules-range-inverted",
                &["galaxy", "final_turn_max"],
                &[
                    ("low", g.final_turn_min.to_string()),
                    ("high", g.final_turn_max.to_string()),
                ],
            );
        }
    }

    /// The start: every technology has a level; mining capacity within the maximum.
    fn start(&mut self, r: &Ruleset) {
        for tech in Tech::ALL {
            if !r.start.tech.contains_key(&tech) {
                self.push(
                    "rules-missing-tech",
                    &["start", "tech"],
                    &[("tech", tech_key(tech))],
                );
            }
        }
        if r.start.mining_capacity > r.economy.mining_capacity_max {
            self.push(
                "rules-above-maximum",
                &["start", "mining_capacity"],
                &[
                    ("value", r.start.mining_capacity.to_string()),
                    ("max", r.economy.mining_capacity_max.to_string()),
                ],
            );
        }
    }

    /// Technologies: every class and technology, costs positive, maxima not below
    /// the initial levels, ATT and DEF bounded.
    fn technologies(&mut self, r: &Ruleset) {
        for class in Class::ALL {
            let class_name = class_key(class);
            let Some(techs) = r.technologies.get(&class) else {
                self.push(
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
                    self.push(
                        "rules-missing-tech",
                        &path[..2],
                        &[("tech", tech_name.clone())],
                    );
                    continue;
                };
                self.positive(rule.cost, &path);
                let initial = r.start.tech.get(&tech).copied().unwrap_or(0);
                match rule.max {
                    Some(max) if max < initial => self.push(
                        "rules-max-below-initial",
                        &path,
                        &[("max", max.to_string()), ("initial", initial.to_string())],
                    ),
                    None if matches!(tech, Tech::Att | Tech::Def) => {
                        self.push("rules-unbounded-combat-tech", &path, &[])
                    }
                    _ => {}
                }
            }
        }
    }

    /// Combat tables: ordered, and long enough for every reachable level; the
    /// other combat values positive.
    fn combat(&mut self, r: &Ruleset) {
        self.monotonic(&r.combat.catt, true, &["combat", "catt"]);
        self.monotonic(&r.combat.cdef, false, &["combat", "cdef"]);
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
            self.push(
                "rules-table-too-short",
                &["combat", "catt"],
                &[
                    ("needed", att_needed.to_string()),
                    ("found", r.combat.catt.len().to_string()),
                ],
            );
        }
        if !r.combat.cdef.is_empty() && (r.combat.cdef.len() as u64) < u64::from(def_needed) {
            self.push(
                "rules-table-too-short",
                &["combat", "cdef"],
                &[
                    ("needed", def_needed.to_string()),
                    ("found", r.combat.cdef.len().to_string()),
                ],
            );
        }
        self.positive(r.combat.vc_cargo, &["combat", "vc_cargo"]);
        self.positive(r.combat.ambush_multiplier, &["combat", "ambush_multiplier"]);
        self.positive(r.combat.flight_divisor, &["combat", "flight_divisor"]);
        self.positive(r.combat.piracy_ratio, &["combat", "piracy_ratio"]);
    }

    /// Production: industry costs of every class, robot values positive.
    fn production(&mut self, r: &Ruleset) {
        for class in Class::ALL {
            let class_name = class_key(class);
            match r.production.industry.get(&class) {
                None => self.push(
                    "rules-missing-class",
                    &["production", "industry"],
                    &[("class", class_name)],
                ),
                Some(cost) => {
                    self.positive(cost.up, &["production", "industry", &class_name, "up"]);
                    self.positive(cost.vi, &["production", "industry", &class_name, "vi"]);
                }
            }
        }
        let robots = &r.production.robots;
        self.positive(
            robots.per_vc_attack,
            &["production", "robots", "per_vc_attack"],
        );
        self.positive(robots.per_ship, &["production", "robots", "per_ship"]);
        self.positive(
            robots.per_industry,
            &["production", "robots", "per_industry"],
        );
        self.positive(
            robots.populations_per_robot,
            &["production", "robots", "populations_per_robot"],
        );
    }

    /// Economy: ratios valid, probabilities within 0..1, counts positive.
    fn economy(&mut self, r: &Ruleset) {
        let e = &r.economy;
        self.ratio(e.growth, &["economy", "growth"]);
        self.ratio(e.meva_p_growth, &["economy", "meva_p_growth"]);
        self.probability(e.overpopulation_death, &["economy", "overpopulation_death"]);
        self.probability(e.pillage_loss, &["economy", "pillage_loss"]);
        self.probability(e.deconversion, &["economy", "deconversion"]);
        self.ratio(e.conversion, &["economy", "conversion"]);
        self.positive(e.mining_step_turns, &["economy", "mining_step_turns"]);
        self.positive(e.meva_slots, &["economy", "meva_slots"]);
        if e.black_hole_max_loss_percent > 100 {
            self.push(
                "rules-percent-too-large",
                &["economy", "black_hole_max_loss_percent"],
                &[("value", e.black_hole_max_loss_percent.to_string())],
            );
        }
    }

    /// Spies: categories positive, error percentages at most 100 and decreasing.
    fn spies(&mut self, r: &Ruleset) {
        self.positive(r.spies.categories, &["spies", "categories"]);
        if r.spies.error_percent.is_empty() {
            self.push("rules-table-empty", &["spies", "error_percent"], &[]);
        }
        if let Some(&too_big) = r.spies.error_percent.iter().find(|&&p| p > 100) {
            self.push(
                "rules-percent-too-large",
                &["spies", "error_percent"],
                &[("value", too_big.to_string())],
            );
        }
        if r.spies.error_percent.windows(2).any(|w| w[1] > w[0]) {
            self.push(
                "rules-table-not-decreasing",
                &["spies", "error_percent"],
                &[],
            );
        }
    }

    /// Treasures: vocabulary and families large enough.
    fn treasures(&mut self, r: &Ruleset) {
        let t = &r.treasures;
        self.positive(t.nouns, &["treasures", "nouns"]);
        self.positive(t.adjectives, &["treasures", "adjectives"]);
        if t.nouns as usize > NOUNS.len() || t.adjectives as usize > ADJECTIVES.len() {
            self.push(
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
            self.push(
                "rules-family-too-large",
                &["treasures", "families"],
                &[
                    ("size", size.to_string()),
                    ("max", largest_family.to_string()),
                ],
            );
        }
        if t.families.is_empty() {
            self.push("rules-table-empty", &["treasures", "families"], &[]);
        }
        self.positive(t.museum.treasures, &["treasures", "museum", "treasures"]);
    }

    /// Scoring: divisors positive, explorer bonuses present.
    fn scoring(&mut self, r: &Ruleset) {
        self.positive(
            r.scoring.emperor.populations_per_point,
            &["scoring", "emperor", "populations_per_point"],
        );
        self.positive(
            r.scoring.missionary.converts_per_point,
            &["scoring", "missionary", "converts_per_point"],
        );
        if let StartWorldScoring::ObservationBonuses { bonuses, .. } =
            &r.scoring.explorer.start_world
            && bonuses.is_empty()
        {
            self.push(
                "rules-table-empty",
                &["scoring", "explorer", "start_world"],
                &[],
            );
        }
    }
}
