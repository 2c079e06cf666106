//! The steps of a turn ([`Step`]) and the order weight each executes.

use serde::{Deserialize, Serialize};

/// The steps of a turn, in evaluation order (catalog §7).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Step {
    Initialisation,
    Declarations,
    Probes,
    Construction,
    PopulationLimit,
    Emigration,
    Industries,
    ViToIndustries,
    UnloadMp,
    UnloadPc,
    TreasureUnloading,
    Transfers,
    TreasureLoadingAndMeva,
    Loading,
    CombatAndMovement,
    BombBuilding,
    LaChose,
    Conversion,
    Capture,
    PillageAndNaming,
    Piracy,
    Gifts,
    EndOfTurn,
    Scoring,
}

impl Step {
    /// Every step, in order.
    pub const ALL: [Step; 24] = [
        Step::Initialisation,
        Step::Declarations,
        Step::Probes,
        Step::Construction,
        Step::PopulationLimit,
        Step::Emigration,
        Step::Industries,
        Step::ViToIndustries,
        Step::UnloadMp,
        Step::UnloadPc,
        Step::TreasureUnloading,
        Step::Transfers,
        Step::TreasureLoadingAndMeva,
        Step::Loading,
        Step::CombatAndMovement,
        Step::BombBuilding,
        Step::LaChose,
        Step::Conversion,
        Step::Capture,
        Step::PillageAndNaming,
        Step::Piracy,
        Step::Gifts,
        Step::EndOfTurn,
        Step::Scoring,
    ];

    /// The order weight (VIII.1) executed at this step, if any.
    pub fn weight(self) -> Option<u8> {
        Some(match self {
            Step::Declarations => 1,
            Step::Probes => 2,
            Step::Construction => 3,
            Step::PopulationLimit => 4,
            Step::Emigration => 5,
            Step::Industries => 6,
            Step::ViToIndustries => 7,
            Step::UnloadMp => 8,
            Step::UnloadPc => 9,
            Step::TreasureUnloading => 10,
            Step::Transfers => 11,
            Step::TreasureLoadingAndMeva => 12,
            Step::Loading => 13,
            Step::CombatAndMovement => 14,
            Step::BombBuilding => 15,
            Step::PillageAndNaming => 16,
            Step::Gifts => 17,
            _ => return None,
        })
    }

    /// A stable snake-case name (Fluent ids `resolve-step-<name>`).
    pub fn name(self) -> &'static str {
        match self {
            Step::Initialisation => "initialisation",
            Step::Declarations => "declarations",
            Step::Probes => "probes",
            Step::Construction => "construction",
            Step::PopulationLimit => "population-limit",
            Step::Emigration => "emigration",
            Step::Industries => "industries",
            Step::ViToIndustries => "vi-to-industries",
            Step::UnloadMp => "unload-mp",
            Step::UnloadPc => "unload-pc",
            Step::TreasureUnloading => "treasure-unloading",
            Step::Transfers => "transfers",
            Step::TreasureLoadingAndMeva => "treasure-loading-and-meva",
            Step::Loading => "loading",
            Step::CombatAndMovement => "combat-and-movement",
            Step::BombBuilding => "bomb-building",
            Step::LaChose => "la-chose",
            Step::Conversion => "conversion",
            Step::Capture => "capture",
            Step::PillageAndNaming => "pillage-and-naming",
            Step::Piracy => "piracy",
            Step::Gifts => "gifts",
            Step::EndOfTurn => "end-of-turn",
            Step::Scoring => "scoring",
        }
    }
}
