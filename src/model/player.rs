//! Players, their class (rule book I and VI) and their standing declarations (VII.3).

use std::collections::{BTreeMap, BTreeSet};

use serde::{Deserialize, Serialize};

use super::ids::{PlayerId, WorldId};
use super::tech::TechLevels;

/// The seven classes of character (I; VI).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Class {
    /// *Empereur*: owns as many worlds as possible.
    Emperor,
    /// *Pirate*: pillages worlds and owns fleets.
    Pirate,
    /// *Antiquaire*: collects treasures.
    Antiquarian,
    /// *Missionnaire*: converts populations; may declare the Jihad.
    Missionary,
    /// *Robotron*: replaces life with robots.
    Robotron,
    /// *Explorateur*: knows every corner of the universe.
    Explorer,
    /// *Marchand*: carries raw materials between worlds.
    Merchant,
}

impl Class {
    pub const ALL: [Class; 7] = [
        Class::Emperor,
        Class::Pirate,
        Class::Antiquarian,
        Class::Missionary,
        Class::Robotron,
        Class::Explorer,
        Class::Merchant,
    ];

    /// The French name the book and the CR use ("Empereur", …).
    pub fn french_name(self) -> &'static str {
        match self {
            Class::Emperor => "Empereur",
            Class::Pirate => "Pirate",
            Class::Antiquarian => "Antiquaire",
            Class::Missionary => "Missionnaire",
            Class::Robotron => "Robotron",
            Class::Explorer => "Explorateur",
            Class::Merchant => "Marchand",
        }
    }

    /// The English name.
    pub fn english_name(self) -> &'static str {
        match self {
            Class::Emperor => "Emperor",
            Class::Pirate => "Pirate",
            Class::Antiquarian => "Antiquarian",
            Class::Missionary => "Missionary",
            Class::Robotron => "Robotron",
            Class::Explorer => "Explorer",
            Class::Merchant => "Merchant",
        }
    }

    /// Parses a French or English class name, case- and accent-insensitively
    /// ("empereur", "Emperor", "EXPLORATEUR" …).
    pub fn from_name(name: &str) -> Option<Class> {
        let wanted = fold(name.trim());
        Class::ALL
            .into_iter()
            .find(|c| fold(c.french_name()) == wanted || fold(c.english_name()) == wanted)
    }
}

fn fold(text: &str) -> String {
    text.chars()
        .map(|c| match c {
            'é' | 'è' | 'ê' | 'É' | 'È' => 'e',
            other => other.to_ascii_lowercase(),
        })
        .collect()
}

/// The Jihad of a missionary: its target and the turn it was declared (the target
/// may change only 5 turns later, ruling G-13).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Jihad {
    pub target: PlayerId,
    pub declared_turn: u32,
}

/// A player's standing declarations about other players (VII.3). Each set holds the
/// players the declaration was made *for*: `allies` = players this player declared
/// `A`, `mp_loaders` = declared `C`, … Enemy (`E`) is the default state: not an ally.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Declarations {
    /// `A : j` — allies (cancelled by `E : j`).
    pub allies: BTreeSet<PlayerId>,
    /// `C : j` — may load MP on my worlds (cancelled by `N : j`).
    pub mp_loaders: BTreeSet<PlayerId>,
    /// `CP : j` — may load population on my worlds (cancelled by `NCP : j`).
    pub pop_loaders: BTreeSet<PlayerId>,
    /// `DP : j` — may unload population on my worlds (cancelled by `NDP : j`).
    pub pop_unloaders: BTreeSet<PlayerId>,
    /// `PI : j` — may pillage a world he owned at the start of the turn and I now own
    /// (cancelled by `NPI : j`).
    pub pillagers: BTreeSet<PlayerId>,
    /// `J : j` — missionaries only.
    pub jihad: Option<Jihad>,
}

/// A player as the arbiter knows him.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Player {
    pub id: PlayerId,
    /// The name shown in quotes on every CR (kept verbatim, never normalised).
    pub name: String,
    /// `None` only for the neutral player.
    pub class: Option<Class>,
    pub tech: TechLevels,
    pub declarations: Declarations,
    /// Players this player knows by name ("Vous connaissez de nom"), by number.
    pub known_players: BTreeSet<PlayerId>,
    /// Total score.
    pub score: i64,
    /// Score gained during the last resolved turn.
    pub score_last_turn: i64,
    /// Spies bought this turn, per category 1..=9 (IV.4), reported on the next CR.
    pub spies: BTreeMap<u8, u32>,
    /// The final turn this player asked for at registration (10..=30), if any.
    pub final_turn_request: Option<u32>,
    /// True when the player sent no orders for the last turn (ONR).
    pub missed_last_turn: bool,
    /// Worlds that have had their own line on one of his CRs ("localisés", VI.6):
    /// explorers score the first time only.
    #[serde(default)]
    pub localised: BTreeSet<WorldId>,
    /// Worlds where one of his ships has been at the end of a turn ("observés",
    /// VI.6.1): explorers score and raise the world's `E` the first time only.
    #[serde(default)]
    pub observed: BTreeSet<WorldId>,
    /// A seat played by the computer (`nebutil game new --computer`): `game
    /// turn` writes its orders (`game::autoplay`) as a player's file.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub computer: bool,
}

impl Player {
    /// A new player with the book's starting technologies.
    pub fn new(id: PlayerId, name: &str, class: Option<Class>) -> Self {
        Player {
            id,
            name: name.to_string(),
            class,
            tech: TechLevels::initial(),
            declarations: Declarations::default(),
            known_players: BTreeSet::new(),
            score: 0,
            score_last_turn: 0,
            spies: BTreeMap::new(),
            final_turn_request: None,
            missed_last_turn: false,
            localised: BTreeSet::new(),
            observed: BTreeSet::new(),
            computer: false,
        }
    }

    /// The neutral player (number 0).
    pub fn neutral() -> Self {
        Player::new(PlayerId::NEUTRAL, "", None)
    }

    pub fn is_neutral(&self) -> bool {
        self.id.is_neutral()
    }
}
