//! Technologies (rule book IV.3): DEP, ATT, DEF, RAD, ALI, CAR.

use serde::{Deserialize, Serialize};

/// One of the six technologies, in the order the CR lists them (IV.3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Tech {
    /// DEP, *déplacement*: how many worlds a fleet may pass through in one turn.
    Dep,
    /// ATT, *attaque*: gives the CAtt of VC.
    Att,
    /// DEF, *défense*: gives the CDef of VC.
    Def,
    /// RAD, *radar*: which coordinates the CR shows.
    Rad,
    /// ALI, *connaissance des aliens*: what one sees of other players' fleets and levels.
    Ali,
    /// CAR, *cargaison*: the cargo of one VT.
    Car,
}

impl Tech {
    /// The CR's display order (IV.3: DEplacement, ATtaque, DEfense, RADar, ALI, CARgaison).
    pub const ALL: [Tech; 6] = [
        Tech::Dep,
        Tech::Att,
        Tech::Def,
        Tech::Rad,
        Tech::Ali,
        Tech::Car,
    ];

    /// The keyword of the research order (`M_m C x DEP`).
    pub fn keyword(self) -> &'static str {
        match self {
            Tech::Dep => "DEP",
            Tech::Att => "ATT",
            Tech::Def => "DEF",
            Tech::Rad => "RAD",
            Tech::Ali => "ALI",
            Tech::Car => "CAR",
        }
    }

    /// Parses the order keyword (case-insensitive).
    pub fn from_keyword(word: &str) -> Option<Tech> {
        Tech::ALL
            .into_iter()
            .find(|t| t.keyword().eq_ignore_ascii_case(word))
    }

    /// The label of the CR's technology block, as the book prints it.
    pub fn cr_label(self) -> &'static str {
        match self {
            Tech::Dep => "DEplacement",
            Tech::Att => "ATtaque",
            Tech::Def => "DEfense",
            Tech::Rad => "RADar",
            Tech::Ali => "Connaissance des ALIens",
            Tech::Car => "CARgaison",
        }
    }

    pub fn index(self) -> usize {
        self as usize
    }
}

/// A player's level and research progress in every technology.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TechLevels {
    /// Current level, indexed by [`Tech::index`].
    pub level: [u32; 6],
    /// UP invested toward the next level, indexed by [`Tech::index`].
    pub progress: [u32; 6],
}

impl TechLevels {
    /// The starting levels of the book (III.4 / IV.3): DEP 3, ATT 1, DEF 1, RAD 0,
    /// ALI 0, CAR 1, nothing invested.
    pub fn initial() -> Self {
        let mut level = [0; 6];
        level[Tech::Dep.index()] = 3;
        level[Tech::Att.index()] = 1;
        level[Tech::Def.index()] = 1;
        level[Tech::Car.index()] = 1;
        TechLevels {
            level,
            progress: [0; 6],
        }
    }

    pub fn level(&self, tech: Tech) -> u32 {
        self.level[tech.index()]
    }

    pub fn progress(&self, tech: Tech) -> u32 {
        self.progress[tech.index()]
    }

    pub fn set_level(&mut self, tech: Tech, level: u32) {
        self.level[tech.index()] = level;
    }

    pub fn set_progress(&mut self, tech: Tech, progress: u32) {
        self.progress[tech.index()] = progress;
    }
}

impl Default for TechLevels {
    fn default() -> Self {
        Self::initial()
    }
}
