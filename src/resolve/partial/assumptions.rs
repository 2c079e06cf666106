//! What a partial galaxy assumes: the user's [`Assumptions`] and each one used
//! ([`Assumed`]).

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::model::{Class, FleetId, Tech, TechLevels, WorldId};

/// How the split of a fleet whose composition is hidden (`[?]=24?`, ALI 0) is
/// assumed.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum HiddenSplit {
    /// Every ship a VC (the default: the worst case for whoever meets it).
    #[default]
    AllVc,
    /// Every ship a VT.
    AllVt,
}

/// What an unknown value of a world (an elided item, or a world not described on
/// the latest turn) is assumed to be.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum UnknownValues {
    /// The last value a CR showed, whatever its age (the default); 0 when never
    /// shown.
    #[default]
    LastSeen,
    /// 0 (and neutral).
    Zero,
}

/// What the player assumes about one other player, by name.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayerAssumption {
    /// Technology levels, in [`Tech::ALL`] order (`None`: the default levels).
    pub tech: Option<[u32; 6]>,
    /// His class (`None`: unknown, no class — he then scores and acts as nobody).
    pub class: Option<Class>,
}

/// Every assumption a partial galaxy is built with. The defaults, one by one:
///
/// - `foreign_tech`: other players' technology levels are the book's starting
///   levels (DEP 3, ATT 1, DEF 1, RAD 0, ALI 0, CAR 1), except the ATT and DEF
///   levels the reports show (the player's ALI 2 and 3, IV.3.6, `Niveaux connus`,
///   G-168; an ally's report): those are taken as known ([`Assumed::KnownTech`]);
/// - `players`: per player (by name) overrides of his levels and class; none;
/// - `hidden_split`: a fleet shown `[?]=24?` holds 24 VC;
/// - `hidden_cargo_mp`: a fleet whose cargo is hidden (`[?]`) carries that many MP,
///   within its capacity; 0;
/// - `unknown_values`: an unknown world value is the last value seen (0 if never);
///   an unknown owner is neutral;
/// - `symmetric_links`: a world named in a connection list is connected back to
///   the listing world when its own list is unknown (the galaxy's links go both
///   ways); true;
/// - `final_turn`: the secret final turn; `None` = not the next turn (no final
///   scoring in the preview).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Assumptions {
    pub foreign_tech: [u32; 6],
    pub players: BTreeMap<String, PlayerAssumption>,
    pub hidden_split: HiddenSplit,
    pub hidden_cargo_mp: u32,
    pub unknown_values: UnknownValues,
    pub symmetric_links: bool,
    pub final_turn: Option<u32>,
}

impl Default for Assumptions {
    fn default() -> Self {
        Assumptions {
            foreign_tech: TechLevels::initial().level,
            players: BTreeMap::new(),
            hidden_split: HiddenSplit::default(),
            hidden_cargo_mp: 0,
            unknown_values: UnknownValues::default(),
            symmetric_links: true,
            final_turn: None,
        }
    }
}

impl Assumptions {
    /// The levels assumed for a player of that name.
    pub fn tech_of(&self, name: &str) -> [u32; 6] {
        self.players
            .get(name)
            .and_then(|p| p.tech)
            .unwrap_or(self.foreign_tech)
    }
}

/// One assumption actually used to build a partial galaxy (for the user to see
/// and change). Messages: `resolve-assumed-<kind>` (see [`Assumed::message_id`]).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Assumed {
    /// A player's ATT and DEF levels as the reports show them, each with the turn
    /// of the report that told it (`None`: not shown, assumed).
    KnownTech {
        player: String,
        attack: Option<(u32, u32)>,
        defense: Option<(u32, u32)>,
    },
    /// A player's technology levels (the known ATT and DEF included).
    ForeignTech {
        player: String,
        levels: [u32; 6],
        overridden: bool,
    },
    /// A player's class, set by the user.
    ForeignClass { player: String, class: Class },
    /// A player whose number no CR gave: a number of our own.
    SyntheticNumber { player: String, number: u32 },
    /// A fleet whose composition is hidden (`[?]=24?`).
    HiddenSplit {
        fleet: FleetId,
        total: u32,
        vc: u32,
        vt: u32,
    },
    /// A fleet whose cargo is hidden (`[?]`).
    HiddenCargo { fleet: FleetId, mp: u32 },
    /// A world not described on the latest turn: its state as last seen (`turn`),
    /// or empty when `turn` is `None` ([`UnknownValues::Zero`]).
    StaleWorld { world: WorldId, turn: Option<u32> },
    /// A world described with elided items: `count` values filled.
    ElidedWorld { world: WorldId, count: u32 },
    /// A world whose owner is unknown or elided: neutral.
    UnknownOwner { world: WorldId },
    /// Worlds only named in connection lists: empty, neutral, no known links.
    NamedOnly { worlds: Vec<WorldId> },
    /// Links added back from a neighbour's list (`symmetric_links`).
    ReverseLinks { count: u32 },
    /// Worlds of unknown position: placed at `[0,0]` (never shown).
    UnknownCoords { count: u32 },
    /// The galaxy's size is unknown: the smallest holding every known position.
    GalaxySize { width: u32, height: u32 },
    /// The final turn (unknown unless assumed).
    FinalTurn { turn: Option<u32> },
    /// A treasure of a name outside the vocabulary, or seen nowhere: left out.
    TreasureLeftOut { treasure: u32 },
    /// A fleet listed under no world: left out.
    FleetLeftOut { fleet: FleetId },
    /// Own technology block missing: starting levels.
    OwnTech,
}

impl Assumed {
    /// The Fluent id of its message.
    pub fn message_id(&self) -> &'static str {
        match self {
            Assumed::KnownTech { .. } => "resolve-assumed-known-tech",
            Assumed::ForeignTech { .. } => "resolve-assumed-foreign-tech",
            Assumed::ForeignClass { .. } => "resolve-assumed-foreign-class",
            Assumed::SyntheticNumber { .. } => "resolve-assumed-synthetic-number",
            Assumed::HiddenSplit { .. } => "resolve-assumed-hidden-split",
            Assumed::HiddenCargo { .. } => "resolve-assumed-hidden-cargo",
            Assumed::StaleWorld { turn: Some(_), .. } => "resolve-assumed-stale-world",
            Assumed::StaleWorld { turn: None, .. } => "resolve-assumed-stale-world-empty",
            Assumed::ElidedWorld { .. } => "resolve-assumed-elided-world",
            Assumed::UnknownOwner { .. } => "resolve-assumed-unknown-owner",
            Assumed::NamedOnly { .. } => "resolve-assumed-named-only",
            Assumed::ReverseLinks { .. } => "resolve-assumed-reverse-links",
            Assumed::UnknownCoords { .. } => "resolve-assumed-unknown-coords",
            Assumed::GalaxySize { .. } => "resolve-assumed-galaxy-size",
            Assumed::FinalTurn { turn: Some(_) } => "resolve-assumed-final-turn",
            Assumed::FinalTurn { turn: None } => "resolve-assumed-final-turn-unknown",
            Assumed::TreasureLeftOut { .. } => "resolve-assumed-treasure-left-out",
            Assumed::FleetLeftOut { .. } => "resolve-assumed-fleet-left-out",
            Assumed::OwnTech => "resolve-assumed-own-tech",
        }
    }

    /// The arguments of its message.
    pub fn args(&self) -> Vec<(&'static str, String)> {
        let levels = |l: &[u32; 6]| {
            Tech::ALL
                .iter()
                .map(|t| format!("{} {}", t.keyword(), l[t.index()]))
                .collect::<Vec<_>>()
                .join(", ")
        };
        let known = |tech: Tech, level: &Option<(u32, u32)>| {
            level.map(|(level, _)| format!("{} {level}", tech.keyword()))
        };
        match self {
            Assumed::KnownTech {
                player,
                attack,
                defense,
            } => vec![
                ("player", player.clone()),
                (
                    "levels",
                    [known(Tech::Att, attack), known(Tech::Def, defense)]
                        .into_iter()
                        .flatten()
                        .collect::<Vec<_>>()
                        .join(", "),
                ),
                (
                    "turn",
                    attack
                        .iter()
                        .chain(defense)
                        .map(|&(_, turn)| turn)
                        .max()
                        .unwrap_or(0)
                        .to_string(),
                ),
            ],
            Assumed::ForeignTech {
                player, levels: l, ..
            } => vec![("player", player.clone()), ("levels", levels(l))],
            Assumed::ForeignClass { player, class } => vec![
                ("player", player.clone()),
                ("class", class.french_name().to_string()),
            ],
            Assumed::SyntheticNumber { player, number } => {
                vec![("player", player.clone()), ("number", number.to_string())]
            }
            Assumed::HiddenSplit {
                fleet,
                total,
                vc,
                vt,
            } => vec![
                ("fleet", fleet.to_string()),
                ("total", total.to_string()),
                ("vc", vc.to_string()),
                ("vt", vt.to_string()),
            ],
            Assumed::HiddenCargo { fleet, mp } => {
                vec![("fleet", fleet.to_string()), ("mp", mp.to_string())]
            }
            Assumed::StaleWorld { world, turn } => vec![
                ("world", world.to_string()),
                ("turn", turn.map(|t| t.to_string()).unwrap_or_default()),
            ],
            Assumed::ElidedWorld { world, count } => {
                vec![("world", world.to_string()), ("count", count.to_string())]
            }
            Assumed::UnknownOwner { world } => vec![("world", world.to_string())],
            Assumed::NamedOnly { worlds } => vec![
                ("count", worlds.len().to_string()),
                (
                    "worlds",
                    worlds
                        .iter()
                        .map(|w| format!("M_{w}"))
                        .collect::<Vec<_>>()
                        .join(" "),
                ),
            ],
            Assumed::ReverseLinks { count } | Assumed::UnknownCoords { count } => {
                vec![("count", count.to_string())]
            }
            Assumed::GalaxySize { width, height } => {
                vec![("width", width.to_string()), ("height", height.to_string())]
            }
            Assumed::FinalTurn { turn } => {
                vec![("turn", turn.map(|t| t.to_string()).unwrap_or_default())]
            }
            Assumed::TreasureLeftOut { treasure } => vec![("treasure", treasure.to_string())],
            Assumed::FleetLeftOut { fleet } => vec![("fleet", fleet.to_string())],
            Assumed::OwnTech => Vec::new(),
        }
    }
}
