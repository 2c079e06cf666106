//! The scoring and treasure rules of a [`super::Ruleset`]: points per class, the
//! treasures' points, families and museum.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::model::Class;

/// Points of a treasure for the other classes and for the antiquarian.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ClassPoints {
    pub others: i64,
    pub antiquarian: i64,
}

impl ClassPoints {
    pub fn for_class(self, class: Class) -> i64 {
        if class == Class::Antiquarian {
            self.antiquarian
        } else {
            self.others
        }
    }
}

/// Points per turn of the 18 special treasures (III.6).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SpecialPoints {
    pub small_diamond: ClassPoints,
    pub large_diamond: ClassPoints,
    pub very_large_diamond: ClassPoints,
    pub gigantic_diamond: ClassPoints,
    pub small_point_eater: ClassPoints,
    pub large_point_eater: ClassPoints,
    pub very_large_point_eater: ClassPoints,
    pub gigantic_point_eater: ClassPoints,
    /// Each of the nine magic tomes.
    pub tome: ClassPoints,
    /// La Chose: the book gives no points (G-124: 0).
    pub the_thing: ClassPoints,
}

/// A museum (VI.3.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MuseumRules {
    /// Treasures of any kind on one world.
    pub treasures: u32,
    pub per_turn: i64,
    pub end_bonus: i64,
}

/// A family of treasures of one size (VI.3.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FamilyPoints {
    pub per_turn: i64,
    pub end_bonus: i64,
}

/// Treasures (catalog §3.8).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TreasureRules {
    /// Ruling G-126 (VI.3.1): 14 nouns × 13 adjectives (same-noun families of 13,
    /// same-adjective families of 14), following the two family statements against
    /// "13 noms et 14 adjectifs".
    pub nouns: u32,
    /// Adjectives of normal treasures (see `nouns`).
    pub adjectives: u32,
    /// Special treasures.
    pub specials: u32,
    /// Per turn: the class's most-sought treasure.
    pub most_sought: ClassPoints,
    /// Per turn: same noun or same adjective as the most-sought one.
    pub sought: ClassPoints,
    /// Per turn: any other normal treasure.
    pub unsought: ClassPoints,
    /// Per turn, added on top: a cursed ("maudite") treasure.
    pub cursed: ClassPoints,
    pub special: SpecialPoints,
    /// End of game: every treasure of one sought family (same noun or same adjective).
    pub sought_family_bonus: ClassPoints,
    /// End of game: by number of magic tomes owned (the largest entry not above the count).
    pub tome_bonus: BTreeMap<u32, ClassPoints>,
    pub museum: MuseumRules,
    /// Antiquarian families by size.
    pub families: BTreeMap<u32, FamilyPoints>,
}

/// Scoring of the classes (catalog §3.9, chapter VI).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ScoringRules {
    pub emperor: EmperorScoring,
    pub pirate: PirateScoring,
    pub antiquarian: AntiquarianScoring,
    pub missionary: MissionaryScoring,
    pub robotron: RobotronScoring,
    pub explorer: ExplorerScoring,
    pub merchant: MerchantScoring,
    /// Any non-pirate pillaging one of his worlds.
    pub non_pirate_pillage: i64,
    /// Any non-robotron using the bomb (except a missionary on his Jihad target).
    pub non_robotron_bomb: i64,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EmperorScoring {
    /// One point per turn for this many populations controlled.
    pub populations_per_point: u32,
    pub per_industry: i64,
    /// Added for an active industry (cumulative with `per_industry`).
    pub per_active_industry: i64,
    pub per_mining_capacity: i64,
    pub population_destroyed: i64,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PirateScoring {
    /// Points of the 1st, 2nd, … pillage of a world.
    pub pillage: Vec<i64>,
    /// Points of every further pillage.
    pub pillage_further: i64,
    pub per_fleet: i64,
    pub population_destroyed: i64,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AntiquarianScoring {
    pub population_destroyed: i64,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MissionaryScoring {
    pub per_world: i64,
    /// Added for a world entirely converted.
    pub converted_world: i64,
    /// One point per turn for this many converts owned.
    pub converts_per_point: u32,
    pub per_martyr: i64,
    /// Per population, ship or industry of the Jihad target destroyed.
    pub jihad_destroyed: i64,
    /// Per ship, population or industry destroyed in combat (not the Jihad target).
    pub destroyed_in_combat: i64,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RobotronScoring {
    pub population_destroyed: i64,
    pub industry_destroyed: i64,
    pub ship_destroyed: i64,
    pub bomb_dropped: i64,
    /// Per turn and per robotised world owned.
    pub robotised_world: i64,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ExplorerScoring {
    /// Per world localised.
    pub localised: i64,
    /// Per world observed, before the MEVA deduction.
    pub observed: i64,
    /// Deducted from `observed` per MEVA already done on the world.
    pub observed_less_per_meva: i64,
    pub per_meva: i64,
    /// Points for observing other players' start worlds (catalog D-6).
    pub start_world: StartWorldScoring,
    pub population_destroyed: i64,
}

/// How explorers score foreign start worlds (Md).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum StartWorldScoring {
    /// 2002: every Md gains `per_turn` PE each turn; each explorer present scores
    /// `min(cap_per_turn, PE / k)`, and the PE loses what was scored.
    Potential { per_turn: u32, cap_per_turn: u32 },
    /// 1999: the n-th observation of a Md is worth `bonuses[n-1]` (`beyond` after the
    /// list); k explorers arriving together share the sum of the next k bonuses.
    ObservationBonuses { bonuses: Vec<u32>, beyond: u32 },
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MerchantScoring {
    /// Per MP unloaded on an industrialised world not his own.
    pub per_mp: i64,
    /// Counted MP per industry of that world (the book: "le double des industries").
    pub mp_per_industry: u32,
    pub pc_not_deconverting: i64,
    pub pc_deconverting: i64,
    pub population_destroyed: i64,
}
