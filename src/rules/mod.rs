//! Rulesets: every constant of the rule book and the policies of our rulings.
//!
//! The book warns that "les coûts et niveaux maximums de chaque technologie sont
//! susceptibles de varier d'une partie à l'autre" (IV.3): nothing the rules count is
//! hard-coded elsewhere. A [`Ruleset`] is read from a RON file (an arbiter copies
//! `assets/rules/2002.ron`, edits it and hands its text to [`Ruleset::from_ron`]);
//! two are built in: [`Ruleset::builtin_2002`] (the normative 2002 book) and
//! [`Ruleset::builtin_1999`] (the older chapter VI, catalog §5).
//!
//! Units: counts are whole numbers (UP, ships, populations, turns, levels); points
//! are signed whole numbers (`i64`, negative = lost); percentages the book gives as
//! whole percents are whole numbers of percent (`spies.error_percent`); every other
//! rate or probability is an exact [`Ratio`] written `"1/10"`.
//!
//! Combat tables are indexed by level: `combat.catt[0]` is the CAtt of ATT 1.

pub mod draw;
mod load;
pub mod policy;
mod ratio;
mod scoring;
mod validate;

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::model::treasure::{CURSED_ADJECTIVE, most_sought};
use crate::model::{Class, Special, Tech, TreasureKind};

pub use load::{RulesError, geometric_table};
pub use policy::Policies;
pub use ratio::Ratio;
pub use scoring::{
    AntiquarianScoring, ClassPoints, EmperorScoring, ExplorerScoring, FamilyPoints,
    MerchantScoring, MissionaryScoring, MuseumRules, PirateScoring, RobotronScoring, ScoringRules,
    SpecialPoints, StartWorldScoring, TreasureRules,
};

/// The constants and policies of one set of rules.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Ruleset {
    /// Short name ("2002", "1999", or the arbiter's own).
    pub name: String,
    /// Free text: where the values come from.
    pub description: String,
    pub galaxy: GalaxyRules,
    pub start: StartRules,
    /// Cost per level and maximum level of every technology, per class (IV.3).
    pub technologies: BTreeMap<Class, BTreeMap<Tech, TechRule>>,
    /// The levels at which RAD and ALI show more (IV.3.4, IV.3.6).
    pub tech_effects: TechEffects,
    pub combat: CombatRules,
    pub production: ProductionRules,
    pub economy: EconomyRules,
    pub spies: SpyRules,
    pub treasures: TreasureRules,
    pub scoring: ScoringRules,
    pub policies: Policies,
}

/// The galaxy and the game (catalog §3.1).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GalaxyRules {
    /// How the map's edges meet (II: "les mondes d'en haut sont connectés avec ceux d'en bas").
    pub topology: Topology,
    /// Fewest connections of a world (a dead end has 1).
    pub min_connections: u32,
    /// Most connections of a world.
    pub max_connections: u32,
    /// Earliest final turn a player may request (VIII).
    pub final_turn_min: u32,
    /// Latest final turn a player may request (VIII).
    pub final_turn_max: u32,
}

/// The shape of the map.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Topology {
    /// Top joins bottom, left joins right.
    Torus,
}

/// A player's start (catalog §3.2: the start CR of III.2 and III.4).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StartRules {
    /// Industries of the start world (all active on turn 1).
    pub industries: u32,
    pub vi: u32,
    pub vp: u32,
    pub population: u32,
    pub population_limit: u32,
    /// MP in stock.
    pub mp: u32,
    /// Mining capacity (`MP=30 (+2)`).
    pub mining_capacity: u32,
    /// Possession counter (0: shown without `:n`).
    pub possession_counter: u32,
    /// Empty fleets on the start world.
    pub fleets: u32,
    /// Exploration potential (PE) of every start world at game start.
    pub potential: u32,
    /// Starting level of every technology.
    pub tech: BTreeMap<Tech, u32>,
}

/// One technology for one class.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TechRule {
    /// UP per level (constant from level to level).
    pub cost: u32,
    /// Highest level; `None` = unlimited.
    pub max: Option<u32>,
}

/// What RAD and ALI levels reveal (catalog §3.3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TechEffects {
    /// RAD level showing the exact coordinates of the worlds one owns.
    pub rad_own_worlds: u32,
    /// RAD level showing the coordinates of the worlds one sees.
    pub rad_seen_worlds: u32,
    /// RAD level showing the position of worlds connected to those one sees.
    pub rad_connected_worlds: u32,
    /// ALI level showing other fleets as VC + VT (`[?]=6+18T`) instead of a total.
    pub ali_fleet_split: u32,
    /// ALI level revealing the DEF level of known players.
    pub ali_def_levels: u32,
    /// ALI level revealing the ATT level of known players.
    pub ali_att_levels: u32,
    /// ALI level from which players of strictly lower ALI no longer see one's ATT and DEF.
    pub ali_hide_levels: u32,
}

/// Combat coefficients (catalog §3.4).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CombatRules {
    /// CAtt of VC by ATT level; `catt[0]` = ATT 1. Entries beyond the highest ATT of
    /// the book are for the missionary's Jihad (+4): the book stops at 12.
    pub catt: Vec<u32>,
    /// CDef of VC by DEF level; `cdef[0]` = DEF 1.
    pub cdef: Vec<u32>,
    /// CAtt of a VT (fixed, not affected by ATT).
    pub vt_catt: u32,
    /// CDef of a VT (fixed, not affected by DEF).
    pub vt_cdef: u32,
    /// Cargo of one VC (VI and VP likewise); a VT carries the owner's CAR level.
    pub vc_cargo: u32,
    /// CAtt multiplier of ambushing ships.
    pub ambush_multiplier: u32,
    /// CDef divisor of a fleeing fleet on the world it leaves.
    pub flight_divisor: u32,
    /// ATT levels a missionary gains against his Jihad target.
    pub jihad_att_bonus: u32,
    /// Turns a missionary waits before declaring a Jihad against another target
    /// (VI.4.1: "peut changer son Jihad 5 tours après l'avoir déclaré"). A file
    /// written before this field existed gets the book's 5.
    #[serde(default = "book_jihad_change_delay")]
    pub jihad_change_delay: u32,
    /// Turns of possession (not necessarily consecutive) after which a world stays
    /// corrupted by its owner for a missionary's Jihad (VI.4.1: "L'ennemi a possédé
    /// 5 tours ou plus le monde (pas forcément consécutivement)"). Read by the
    /// resolver's Jihad scoring and by the CR's `Corrompu par` line alike. A file
    /// written before this field existed gets the book's 5.
    #[serde(default = "book_jihad_corruption_turns")]
    pub jihad_corruption_turns: u32,
    /// VC consumed to build a bomb.
    pub bomb_vc: u32,
    /// Piracy: the pirate's war VC must be at least this many times the defenders.
    pub piracy_ratio: u32,
}

/// The Jihad delay of both books (VI.4.1), for files that do not write it.
fn book_jihad_change_delay() -> u32 {
    5
}

/// The corruption age of both books (VI.4.1), for files that do not write it.
fn book_jihad_corruption_turns() -> u32 {
    5
}

/// Production costs (catalog §3.5): 1 UP = 1 active industry + 1 population + 1 MP.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ProductionRules {
    /// UP per VC, VT, VI or VP.
    pub ship_up: u32,
    /// UP per robot built (`M_m C x R`).
    pub robot_up: u32,
    /// UP per spy.
    pub spy_up: u32,
    /// UP per +1 of population limit.
    pub population_limit_up: u32,
    /// UP per emigrated population.
    pub emigration_up: u32,
    /// Industry building, per class.
    ///
    /// Ruling G-41 (IV.5): building one industry costs `up` UP (4 emperor, 5 others);
    /// the annex's "entre 4x et 6x UP" only reaches 6 through the VI route (`vi`).
    pub industry: BTreeMap<Class, IndustryCost>,
    pub robots: RobotRules,
}

/// What one industry costs a class.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct IndustryCost {
    /// UP per industry built directly (`M_m C x I`).
    pub up: u32,
    /// VI per industry (`VI M_m C x I`).
    pub vi: u32,
}

/// Robot ratios (VI.5.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RobotRules {
    /// Robots dropped per VC in a robot attack (`F_f T x R`: x/2 VC).
    pub per_vc_attack: u32,
    /// Robots per VC, VI or VP built from robots (`M_m T x R F_f|VI|VP`).
    pub per_ship: u32,
    /// Robots per industry (`M_m T x R I`).
    pub per_industry: u32,
    /// Populations one robot kills (and that kill one robot).
    pub populations_per_robot: u32,
    /// Robots of several players on one world (catalog D-7).
    pub conflict: RobotConflict,
}

/// How robots of several players fight over a world.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum RobotConflict {
    /// 2002: "celui qui a le plus de robots l'emporte", keeping the difference.
    Strongest,
    /// 1999: a draw with chances proportional to the robots; the winner keeps his
    /// robots minus the others' dropped robots, at least 1.
    Proportional,
}

/// Growth, mining, MEVA, pillage, conversion (catalog §3.6).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EconomyRules {
    /// Population growth per turn (integer part certain, fraction = chance of one more).
    pub growth: Ratio,
    /// Extra growth per VC of MEVA of population.
    pub meva_p_growth: Ratio,
    /// Population limit added per VC of MEVA of population.
    pub meva_p_limit: u32,
    /// How far unloading/emigration may push a population past its limit.
    pub overpopulation_margin: u32,
    /// Chance that each population above the limit dies at Initialisation.
    pub overpopulation_death: Ratio,
    /// MP one free population extracts (up to the capacity).
    pub mining_per_population: u32,
    /// Turns of possession (mining counter) per +1 of mining capacity.
    pub mining_step_turns: u32,
    /// Highest mining capacity.
    pub mining_capacity_max: u32,
    /// Mining-counter turns added per VC of MEVA of mining capacity.
    pub meva_cm_turns: u32,
    /// MEVA slots of a world (`E=x/8`).
    pub meva_slots: u32,
    /// Ruling G-113 (VI.6.2): the first time an explorer has a ship on a world at the
    /// end of a turn he observes it and scores `40 − 10·X` (X = the world's `E`
    /// before, G-114); his own start world counts as observed from the start (no
    /// points). The exploration counter E counts MEVA VC plus these first
    /// observations, capped at the MEVA slots, when true (2002 examples), MEVA VC
    /// only when false (1999).
    pub observation_adds_to_meva_counter: bool,
    /// Share of the population that disappears in a pillage.
    pub pillage_loss: Ratio,
    /// Turns until a pillaged world's mines produce again (`Pi=k/4`).
    pub pillage_recovery_turns: u32,
    /// Chance that one PC deconverts one convert.
    pub deconversion: Ratio,
    /// Populations converted per convert and per war VC of the missionary.
    pub conversion: Ratio,
    /// Highest share of a fleet's ships a black hole destroys, in percent.
    pub black_hole_max_loss_percent: u32,
}

/// Spies (catalog §3.7).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SpyRules {
    /// Statistic categories (numbered 1..=categories).
    pub categories: u32,
    /// Error in whole percent by number of spies: `error_percent[0]` for 1 spy; the
    /// last entry applies to every larger number.
    pub error_percent: Vec<u32>,
}

impl Ruleset {
    /// The normative 2002 rules (`assets/rules/2002.ron`).
    pub fn builtin_2002() -> Ruleset {
        load::builtin_2002()
    }

    /// The 1999 variant (`assets/rules/1999.ron`): 2002 with the older chapter VI.
    pub fn builtin_1999() -> Ruleset {
        load::builtin_1999()
    }

    /// A built-in ruleset by name: `"2002"` or `"1999"`.
    pub fn builtin(name: &str) -> Result<Ruleset, RulesError> {
        load::builtin(name)
    }

    /// The names [`Ruleset::builtin`] accepts.
    pub const BUILTIN_NAMES: [&'static str; 2] = ["2002", "1999"];

    /// The embedded text of a built-in ruleset (for "save a copy to edit").
    pub fn builtin_text(name: &str) -> Option<&'static str> {
        load::builtin_text(name)
    }

    /// Reads and validates a ruleset written in RON.
    pub fn from_ron(text: &str) -> Result<Ruleset, RulesError> {
        load::from_ron(text)
    }

    /// Writes the ruleset as RON an arbiter can edit and read back with [`Ruleset::from_ron`].
    pub fn to_ron(&self) -> String {
        load::to_ron(self)
    }

    /// Checks the values (tables ordered, every class and technology present, …).
    /// Diagnostics of an in-memory ruleset have no position (line 0).
    pub fn validate(&self) -> Result<(), RulesError> {
        validate::validate(self, None)
    }

    /// The fields whose values differ from `other`'s, as dotted paths
    /// (`economy.meva_slots`, `technologies.Pirate.Dep.cost`); name and description ignored.
    pub fn differing_fields(&self, other: &Ruleset) -> Vec<String> {
        load::differing_fields(self, other)
    }

    // ----- technologies -----

    fn tech_rule(&self, class: Class, tech: Tech) -> Option<TechRule> {
        self.technologies.get(&class)?.get(&tech).copied()
    }

    /// UP per level of `tech` for `class` (`u32::MAX`, i.e. out of reach, if the
    /// ruleset lacks the entry: a validated ruleset never does).
    pub fn tech_cost(&self, class: Class, tech: Tech) -> u32 {
        self.tech_rule(class, tech)
            .map_or(u32::MAX, |rule| rule.cost)
    }

    /// Highest level of `tech` for `class`; `None` = unlimited.
    pub fn tech_max(&self, class: Class, tech: Tech) -> Option<u32> {
        self.tech_rule(class, tech).and_then(|rule| rule.max)
    }

    /// The highest DEP any class may reach: how far a fleet whose owner's DEP
    /// is unknown may go in a turn (at least the starting level).
    pub fn highest_dep(&self) -> u32 {
        Class::ALL
            .into_iter()
            .filter_map(|class| self.tech_max(class, Tech::Dep))
            .max()
            .unwrap_or(7)
            .max(self.tech_initial(Tech::Dep))
    }

    /// Starting level of `tech`.
    pub fn tech_initial(&self, tech: Tech) -> u32 {
        self.start.tech.get(&tech).copied().unwrap_or(0)
    }

    /// True when `level` is the class's maximum (the CR shows `(max)`).
    pub fn tech_at_max(&self, class: Class, tech: Tech, level: u32) -> bool {
        self.tech_max(class, tech).is_some_and(|max| level >= max)
    }

    /// True when a player at ALI `viewer_ali` sees the ATT level (`att == true`)
    /// or DEF level of a known player at ALI `owner_ali` (IV.3.6).
    pub fn ali_reveals_level(&self, viewer_ali: u32, owner_ali: u32, att: bool) -> bool {
        let e = &self.tech_effects;
        let needed = if att {
            e.ali_att_levels
        } else {
            e.ali_def_levels
        };
        let hidden = owner_ali >= e.ali_hide_levels && viewer_ali < owner_ali;
        viewer_ali >= needed && !hidden
    }

    /// The ATT and DEF levels (in that order) a player at ALI `viewer_ali` sees
    /// of a known player of `levels` (IV.3.6); `None` where ALI does not show it.
    pub fn levels_seen(
        &self,
        viewer_ali: u32,
        levels: &crate::model::TechLevels,
    ) -> (Option<u32>, Option<u32>) {
        let owner_ali = levels.level(Tech::Ali);
        let shown = |att: bool, tech: Tech| {
            self.ali_reveals_level(viewer_ali, owner_ali, att)
                .then(|| levels.level(tech))
        };
        (shown(true, Tech::Att), shown(false, Tech::Def))
    }

    // ----- combat -----

    /// CAtt of VC at `att_level` (level 0 reads as 1; a level past the table gives
    /// its last entry: validation makes the table cover every reachable level).
    pub fn catt(&self, att_level: u32) -> u32 {
        table_at(&self.combat.catt, att_level)
    }

    /// CDef of VC at `def_level` (same conventions as [`Ruleset::catt`]).
    pub fn cdef(&self, def_level: u32) -> u32 {
        table_at(&self.combat.cdef, def_level)
    }

    /// CAtt of a class's VC, with the missionary's Jihad bonus when `jihad` (firing
    /// at his Jihad target): ATT 10 fires as ATT 14. Other classes have no bonus.
    pub fn catt_for(&self, class: Class, att_level: u32, jihad: bool) -> u32 {
        let bonus = if jihad && class == Class::Missionary {
            self.combat.jihad_att_bonus
        } else {
            0
        };
        self.catt(att_level.saturating_add(bonus))
    }

    /// CAtt of a VT (policy G-139).
    pub fn vt_catt(&self) -> u32 {
        match self.policies.vt_coefficients {
            policy::VtCoefficients::Fixed => self.combat.vt_catt,
            policy::VtCoefficients::LikeLevelOne => self.catt(1),
        }
    }

    /// CDef of a VT (policy G-139).
    pub fn vt_cdef(&self) -> u32 {
        match self.policies.vt_coefficients {
            policy::VtCoefficients::Fixed => self.combat.vt_cdef,
            policy::VtCoefficients::LikeLevelOne => self.cdef(1),
        }
    }

    // ----- production -----

    /// UP to build one industry directly.
    pub fn industry_cost(&self, class: Class) -> u32 {
        self.production
            .industry
            .get(&class)
            .map_or(u32::MAX, |cost| cost.up)
    }

    /// VI consumed per industry (`VI M_m C x I`).
    pub fn vi_per_industry(&self, class: Class) -> u32 {
        self.production
            .industry
            .get(&class)
            .map_or(u32::MAX, |cost| cost.vi)
    }

    // ----- economy -----

    /// MEVA slots of a world (8 in 2002, 6 in 1999).
    pub fn meva_slots(&self) -> u32 {
        self.economy.meva_slots
    }

    /// Growth rate of a world that received `meva_p_vc` VC of MEVA of population
    /// (10 % + 2.5 % per VC: 3 VC give 17.5 %).
    pub fn growth_rate(&self, meva_p_vc: u32) -> Ratio {
        self.economy
            .meva_p_growth
            .checked_scale(u64::from(meva_p_vc))
            .and_then(|extra| self.economy.growth.checked_add(extra))
            .unwrap_or(self.economy.growth)
    }

    /// Population limit added by `meva_p_vc` VC of MEVA of population.
    pub fn meva_limit_bonus(&self, meva_p_vc: u32) -> u32 {
        self.economy.meva_p_limit.saturating_mul(meva_p_vc)
    }

    /// Highest population unloading or emigration may reach on a world of this
    /// limit (policy G-44); `None` = no cap.
    pub fn population_ceiling(&self, limit: u32) -> Option<u32> {
        match self.policies.overpopulation_cap {
            policy::OverpopulationCap::HardCap => {
                Some(limit.saturating_add(self.economy.overpopulation_margin))
            }
            policy::OverpopulationCap::Unlimited => None,
        }
    }

    /// Mining capacity after the mining counter moves from `counter_before` to
    /// `counter_after` (by a turn of possession or a MEVA jump).
    ///
    /// Ruling G-36 (III.1.6): capacity gains 1 each time the mining counter reaches
    /// a multiple of 7 (7, 14, 21 …), a MEVA jump over several multiples counting
    /// each one, up to the maximum capacity.
    pub fn mining_capacity_after(
        &self,
        capacity: u32,
        counter_before: u32,
        counter_after: u32,
    ) -> u32 {
        let step = self.economy.mining_step_turns.max(1);
        let gained = (counter_after / step).saturating_sub(counter_before / step);
        capacity
            .saturating_add(gained)
            .min(self.economy.mining_capacity_max.max(capacity))
    }

    /// Population a pillage removes from `population` (robots excluded by the caller):
    /// the pillage share rounded by policy G-98, leaving at least one.
    pub fn pillage_loss(&self, population: u64) -> u64 {
        let lost = self
            .policies
            .pillage_rounding
            .apply(self.economy.pillage_loss, population);
        lost.min(population.saturating_sub(1))
    }

    /// True when a world whose pillage recovery counter shows `recovery_left` may
    /// be pillaged again (policy G-99: the book's `Pi=k/1`).
    pub fn can_pillage_again(&self, recovery_left: u32) -> bool {
        recovery_left <= self.policies.repillage_at_recovery
    }

    /// Robots vs populations on one world: `(robots left, populations left)`.
    ///
    /// Ruling G-80 (VI.5.1): populations left = max(0, P − 4R) and robots left =
    /// max(0, R − ceil(P/4)); when both reach 0 the world is empty (neutral).
    pub fn robots_vs_population(&self, robots: u64, populations: u64) -> (u64, u64) {
        let ratio = u64::from(self.production.robots.populations_per_robot.max(1));
        let populations_left = populations.saturating_sub(robots.saturating_mul(ratio));
        let robots_left = robots.saturating_sub(populations.div_ceil(ratio));
        (robots_left, populations_left)
    }

    // ----- spies -----

    /// Error in percent of a report by `spies` spies (0 spies: 100, no information).
    pub fn spy_error_percent(&self, spies: u32) -> u32 {
        if spies == 0 {
            return 100;
        }
        let table = &self.spies.error_percent;
        let index = (spies as usize - 1).min(table.len().saturating_sub(1));
        table.get(index).copied().unwrap_or(0)
    }

    // ----- treasures -----

    /// Points per turn of possession of a treasure for a player of `class` (III.6):
    /// most-sought / sought / unsought, plus the cursed malus on top; specials from
    /// their table.
    pub fn treasure_points(&self, class: Class, kind: TreasureKind) -> i64 {
        let t = &self.treasures;
        match kind {
            TreasureKind::Normal { noun, adjective } => {
                let (wanted_noun, wanted_adjective) = most_sought(class);
                let base = if noun == wanted_noun && adjective == wanted_adjective {
                    t.most_sought
                } else if noun == wanted_noun || adjective == wanted_adjective {
                    t.sought
                } else {
                    t.unsought
                };
                let mut points = base.for_class(class);
                if adjective == CURSED_ADJECTIVE {
                    points += t.cursed.for_class(class);
                }
                points
            }
            TreasureKind::Special(special) => {
                let s = &t.special;
                let entry = match special {
                    Special::SmallDiamond => s.small_diamond,
                    Special::LargeDiamond => s.large_diamond,
                    Special::VeryLargeDiamond => s.very_large_diamond,
                    Special::GiganticDiamond => s.gigantic_diamond,
                    Special::SmallPointEater => s.small_point_eater,
                    Special::LargePointEater => s.large_point_eater,
                    Special::VeryLargePointEater => s.very_large_point_eater,
                    Special::GiganticPointEater => s.gigantic_point_eater,
                    Special::Tome(_) => s.tome,
                    Special::TheThing => s.the_thing,
                };
                entry.for_class(class)
            }
        }
    }

    /// End-of-game bonus for owning `tomes` magic tomes (policy G-127).
    pub fn tome_bonus(&self, class: Class, tomes: u32) -> i64 {
        if class == Class::Antiquarian
            && self.policies.end_game_bonus_scope == policy::EndGameBonusScope::TomesForOthersOnly
        {
            return 0;
        }
        self.treasures
            .tome_bonus
            .range(..=tomes)
            .next_back()
            .map_or(0, |(_, points)| points.for_class(class))
    }

    /// End-of-game bonus for owning every treasure of one of the class's sought
    /// families (policy G-127).
    pub fn sought_family_bonus(&self, class: Class) -> i64 {
        match self.policies.end_game_bonus_scope {
            policy::EndGameBonusScope::TableForEveryone => {
                self.treasures.sought_family_bonus.for_class(class)
            }
            policy::EndGameBonusScope::TomesForOthersOnly => 0,
        }
    }

    /// Points of an antiquarian family of `size` treasures (`None` below the
    /// smallest size of the table; a size past the table reads as its largest).
    pub fn family_points(&self, size: u32) -> Option<FamilyPoints> {
        self.treasures
            .families
            .range(..=size)
            .next_back()
            .map(|(_, points)| *points)
    }

    /// Size of a complete same-noun family (one treasure per adjective).
    pub fn same_noun_family_size(&self) -> u32 {
        self.treasures.adjectives
    }

    /// Size of a complete same-adjective family (one treasure per noun).
    pub fn same_adjective_family_size(&self) -> u32 {
        self.treasures.nouns
    }

    /// Normal treasures the game can hold (nouns × adjectives).
    pub fn normal_treasures(&self) -> u32 {
        self.treasures
            .nouns
            .saturating_mul(self.treasures.adjectives)
    }

    // ----- scoring -----

    /// Pirate points for the `nth` pillage (1-based) of a world (80, 50, 40, 30, then 20).
    pub fn pillage_points(&self, nth: u32) -> i64 {
        if nth == 0 {
            return 0;
        }
        let table = &self.scoring.pirate.pillage;
        table
            .get(nth as usize - 1)
            .copied()
            .unwrap_or(self.scoring.pirate.pillage_further)
    }

    /// Explorer points for observing a world that had `meva_done` MEVA.
    ///
    /// Ruling G-114 (VI.6): X is the world's exploration counter before this
    /// observation and the points never go below 0 (40 − 10·X, floored at 0).
    pub fn observation_points(&self, meva_done: u32) -> i64 {
        let e = &self.scoring.explorer;
        (e.observed - e.observed_less_per_meva * i64::from(meva_done)).max(0)
    }

    /// Start-world (Md) points of each of `explorers` explorers observing one Md,
    /// and the Md's new state. The state is the PE (2002) or the number of
    /// observations already rewarded (1999).
    ///
    /// Ruling G-112 (VI.6): at MiseAuPoint every Md gains its PE increment first, then
    /// each of the k explorers present scores min(300, floor(PE / k)) and the PE loses
    /// what they scored.
    pub fn start_world_points(&self, state: u32, explorers: u32) -> (i64, u32) {
        if explorers == 0 {
            return (0, state);
        }
        let k = u64::from(explorers);
        match &self.scoring.explorer.start_world {
            StartWorldScoring::Potential {
                per_turn,
                cap_per_turn,
            } => {
                let pe = u64::from(state) + u64::from(*per_turn);
                let each = (pe / k).min(u64::from(*cap_per_turn));
                let left = pe - each * k;
                (
                    i64::try_from(each).unwrap_or(i64::MAX),
                    u32::try_from(left).unwrap_or(u32::MAX),
                )
            }
            StartWorldScoring::ObservationBonuses { bonuses, beyond } => {
                let total: u64 = (0..explorers)
                    .map(|i| {
                        let index = state as usize + i as usize;
                        u64::from(bonuses.get(index).copied().unwrap_or(*beyond))
                    })
                    .sum();
                (
                    i64::try_from(total / k).unwrap_or(i64::MAX),
                    state.saturating_add(explorers),
                )
            }
        }
    }

    /// Merchant points of the merchants who unloaded `unloads[i]` MP on one
    /// industrialised world of `industries` industries not their own, when `reloaded`
    /// MP were loaded from that world the same turn.
    ///
    /// Ruling G-118 (VI.7): eligible = min(2 × industries, max(0, Σu − reloaded)) and
    /// each merchant scores floor(rate × u × eligible / Σu); no industry, no points.
    pub fn merchant_mp_points(&self, unloads: &[u64], industries: u64, reloaded: u64) -> Vec<i64> {
        let m = &self.scoring.merchant;
        let total: u128 = unloads.iter().map(|&u| u128::from(u)).sum();
        let cap = u128::from(industries) * u128::from(m.mp_per_industry);
        let eligible = cap.min(total.saturating_sub(u128::from(reloaded)));
        unloads
            .iter()
            .map(|&u| {
                if total == 0 {
                    return 0;
                }
                // Whole numbers up to 2^64 each: the product fits an i128.
                let points =
                    i128::from(m.per_mp) * i128::from(u) * eligible as i128 / total as i128;
                i64::try_from(points).unwrap_or(if points < 0 { i64::MIN } else { i64::MAX })
            })
            .collect()
    }

    /// The final turn from the players' requests: each request clamped to
    /// `final_turn_min..=final_turn_max`, the mean rounded by policy G-136.
    /// `None` without requests.
    pub fn final_turn(&self, requests: &[u32]) -> Option<u32> {
        if requests.is_empty() {
            return None;
        }
        let (low, high) = (self.galaxy.final_turn_min, self.galaxy.final_turn_max);
        let sum: u64 = requests
            .iter()
            .map(|&r| u64::from(r.clamp(low.min(high), high.max(low))))
            .sum();
        let mean = self
            .policies
            .final_turn_rounding
            .divide(sum, requests.len() as u64);
        u32::try_from(mean).ok()
    }
}

fn table_at(table: &[u32], level: u32) -> u32 {
    let index = (level.max(1) as usize - 1).min(table.len().saturating_sub(1));
    table.get(index).copied().unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use super::Ruleset;

    /// Reads the built-in 2002 file without the line of `field` (a file written before
    /// the field existed), then with its value 5 replaced by `edited`: what `read`
    /// takes from each ruleset.
    fn older_and_edited(field: &str, edited: u32, read: fn(&Ruleset) -> u32) -> (u32, u32) {
        let text = Ruleset::builtin_text("2002").unwrap_or_default();
        let older: String = text
            .lines()
            .filter(|l| !l.trim_start().starts_with(&format!("{field}:")))
            .collect::<Vec<_>>()
            .join("\n");
        assert_ne!(older.len(), text.len(), "the built-in file writes {field}");
        let edited_text = text.replace(&format!("{field}: 5,"), &format!("{field}: {edited},"));
        let older = Ruleset::from_ron(&older).map(|r| read(&r));
        let edited = Ruleset::from_ron(&edited_text).map(|r| read(&r));
        (older.unwrap_or(0), edited.unwrap_or(0))
    }

    /// A ruleset written before `combat.jihad_change_delay` existed still loads, with
    /// the book's 5 turns; a file that writes it is read as written.
    #[test]
    fn jihad_change_delay_defaults_to_the_book_in_older_files() {
        let read = |r: &Ruleset| r.combat.jihad_change_delay;
        assert_eq!(older_and_edited("jihad_change_delay", 2, read), (5, 2));
        assert_eq!(Ruleset::builtin_1999().combat.jihad_change_delay, 5);
    }

    /// Likewise for `combat.jihad_corruption_turns` (VI.4.1: 5 turns in both books).
    #[test]
    fn jihad_corruption_turns_defaults_to_the_book_in_older_files() {
        let read = |r: &Ruleset| r.combat.jihad_corruption_turns;
        assert_eq!(older_and_edited("jihad_corruption_turns", 3, read), (5, 3));
        assert_eq!(Ruleset::builtin_1999().combat.jihad_corruption_turns, 5);
    }
}
