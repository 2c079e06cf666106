//! Treasures (rule book III.6): a noun and an adjective ("La machine perdue"), or one
//! of the 18 special treasures.
//!
//! The book names the count — "13 noms et 14 adjectifs" — but its family statements
//! (a same-noun family has 13 treasures, a same-adjective family 14) say the
//! opposite; ruling **G-126** follows the two family statements: **14 nouns × 13
//! adjectives = 182** normal treasures. The book only starts the vocabulary
//! (G-125): its words are kept first, in the order of III.6, and completed with
//! words of the same register, all feminine like the book's own (so every name
//! takes "La"/"L'" and feminine adjectives):
//!
//! - nouns: couronne, épée, croix, statue, machine, arche, monnaie (the seven
//!   most-sought), serpe, potion (the book's examples), then coupe, lampe, dague,
//!   clé, amulette (ours);
//! - adjectives: royale, brillante, sacrée, ancienne, noire, perdue, d'or (the
//!   seven most-sought), maudite, invisible (the book's examples), then oubliée,
//!   éternelle, céleste, brisée (ours).
//!
//! Scoring uses the indices, never the strings (G-125).

use serde::{Deserialize, Serialize};

use super::ids::{FleetId, TreasureId, WorldId};
use super::player::Class;

/// The 14 nouns, feminine, without article.
pub const NOUNS: [&str; 14] = [
    "couronne", "épée", "croix", "statue", "machine", "arche", "monnaie", "serpe", "potion",
    "coupe", "lampe", "dague", "clé", "amulette",
];

/// The 13 adjectives, feminine form.
pub const ADJECTIVES: [&str; 13] = [
    "royale",
    "brillante",
    "sacrée",
    "ancienne",
    "noire",
    "perdue",
    "d'or",
    "maudite",
    "invisible",
    "oubliée",
    "éternelle",
    "céleste",
    "brisée",
];

/// Index of the adjective "maudite" (cursed treasures, −10 points for non-antiquarians).
pub const CURSED_ADJECTIVE: u8 = 7;

/// The 18 special treasures (III.6).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Special {
    SmallDiamond,
    LargeDiamond,
    VeryLargeDiamond,
    GiganticDiamond,
    SmallPointEater,
    LargePointEater,
    VeryLargePointEater,
    GiganticPointEater,
    /// One of the nine magic tomes, numbered 1..=9.
    Tome(u8),
    /// *La Chose*, the 18th special treasure (G-124).
    TheThing,
}

const ROMAN: [&str; 9] = ["I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX"];

impl Special {
    /// All 18, in the book's order.
    pub fn all() -> Vec<Special> {
        let mut all = vec![
            Special::SmallDiamond,
            Special::LargeDiamond,
            Special::VeryLargeDiamond,
            Special::GiganticDiamond,
            Special::SmallPointEater,
            Special::LargePointEater,
            Special::VeryLargePointEater,
            Special::GiganticPointEater,
        ];
        all.extend((1..=9).map(Special::Tome));
        all.push(Special::TheThing);
        all
    }

    /// The name as the CR shows it between `<` and `>`.
    pub fn name(self) -> String {
        match self {
            Special::SmallDiamond => "Le petit diamant".into(),
            Special::LargeDiamond => "Le grand diamant".into(),
            Special::VeryLargeDiamond => "Le très grand diamant".into(),
            Special::GiganticDiamond => "Le diamant gigantesque".into(),
            Special::SmallPointEater => "Le petit mangeur de points".into(),
            Special::LargePointEater => "Le grand mangeur de points".into(),
            Special::VeryLargePointEater => "Le très grand mangeur de points".into(),
            Special::GiganticPointEater => "Le mangeur de points gigantesque".into(),
            Special::Tome(n) => {
                let roman = ROMAN.get(usize::from(n.max(1)) - 1).copied().unwrap_or("?");
                format!("Le tome magique {roman}")
            }
            Special::TheThing => "La Chose".into(),
        }
    }
}

/// What a treasure is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum TreasureKind {
    /// A normal treasure: indices into [`NOUNS`] and [`ADJECTIVES`].
    Normal {
        noun: u8,
        adjective: u8,
    },
    Special(Special),
}

impl TreasureKind {
    /// The name as the CR shows it: "La machine perdue", "L'épée brillante".
    pub fn name(self) -> String {
        match self {
            TreasureKind::Normal { noun, adjective } => {
                let noun = NOUNS.get(usize::from(noun)).copied().unwrap_or("?");
                let adjective = ADJECTIVES
                    .get(usize::from(adjective))
                    .copied()
                    .unwrap_or("?");
                let elided = noun.starts_with(['a', 'e', 'é', 'i', 'o', 'u']);
                if elided {
                    format!("L'{noun} {adjective}")
                } else {
                    format!("La {noun} {adjective}")
                }
            }
            TreasureKind::Special(special) => special.name(),
        }
    }

    /// Recognises a name written on a CR (case-insensitive, spaces trimmed).
    /// `None` for a name outside the vocabulary: the CR reader keeps its text.
    pub fn from_name(text: &str) -> Option<TreasureKind> {
        let wanted = text.trim().to_lowercase();
        let wanted = wanted.replace('’', "'");
        for special in Special::all() {
            if special.name().to_lowercase() == wanted {
                return Some(TreasureKind::Special(special));
            }
        }
        for noun in 0..NOUNS.len() as u8 {
            for adjective in 0..ADJECTIVES.len() as u8 {
                let kind = TreasureKind::Normal { noun, adjective };
                if kind.name().to_lowercase() == wanted {
                    return Some(kind);
                }
            }
        }
        None
    }

    pub fn is_cursed(self) -> bool {
        matches!(self, TreasureKind::Normal { adjective, .. } if adjective == CURSED_ADJECTIVE)
    }
}

/// The most-sought treasure of a class (III.6): noun and adjective indices.
pub fn most_sought(class: Class) -> (u8, u8) {
    match class {
        Class::Emperor => (0, 0),
        Class::Pirate => (1, 1),
        Class::Missionary => (2, 2),
        Class::Antiquarian => (3, 3),
        Class::Robotron => (4, 4),
        Class::Explorer => (5, 5),
        Class::Merchant => (6, 6),
    }
}

/// Where a treasure lies.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum TreasureLocation {
    World(WorldId),
    Fleet(FleetId),
}

/// A treasure of the arbiter's galaxy.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Treasure {
    pub id: TreasureId,
    pub kind: TreasureKind,
    pub location: TreasureLocation,
}

impl Treasure {
    pub fn name(&self) -> String {
        self.kind.name()
    }
}

/// Every treasure the game can hold: 182 normal + 18 special = 200.
pub fn all_kinds() -> Vec<TreasureKind> {
    let mut kinds = Vec::with_capacity(200);
    for noun in 0..NOUNS.len() as u8 {
        for adjective in 0..ADJECTIVES.len() as u8 {
            kinds.push(TreasureKind::Normal { noun, adjective });
        }
    }
    kinds.extend(Special::all().into_iter().map(TreasureKind::Special));
    kinds
}
