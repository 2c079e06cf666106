//! The arbiter's galaxy: every world, fleet, player and treasure, exactly.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::ids::{FleetId, PlayerId, TreasureId, WorldId};
use super::player::Player;
use super::treasure::{Treasure, TreasureLocation};

/// Whether a field holds its default (0, `false`, `None`, empty): such a field
/// is left out of the save and read back as that default. Most of a large
/// galaxy's numbers are zeros (a neutral world has no industry, no VI, no
/// counters; a fleet usually carries nothing): written out, they made more than
/// half of a 100 000-world save, read and written whole each turn.
pub(crate) fn is_default<T: Default + PartialEq>(value: &T) -> bool {
    *value == T::default()
}

/// Radar coordinates on the torus (`[x,y]` on the CR, IV.3.4), `0 <= x < width`,
/// `0 <= y < height`.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize,
)]
pub struct Coords {
    pub x: u32,
    pub y: u32,
}

/// The populations of a world (III.1.5). Robots and human populations never
/// coexist at the end of a step; robots belong to the world's owner.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Population {
    /// N: non-converted populations.
    #[serde(default, skip_serializing_if = "is_default")]
    pub non_converts: u32,
    /// C: converts, per missionary. At the end of a turn at most one missionary
    /// holds converts on a world (G-27); during resolution several may.
    #[serde(default, skip_serializing_if = "is_default")]
    pub converts: BTreeMap<PlayerId, u32>,
    /// R: robots.
    #[serde(default, skip_serializing_if = "is_default")]
    pub robots: u32,
}

impl Population {
    /// All converts, whatever their missionary.
    /// Sums of `u32` counts are `u64`: exact whatever the counts.
    pub fn converts_total(&self) -> u64 {
        self.converts.values().map(|&n| u64::from(n)).sum()
    }

    /// N + C (the humans; robots excluded, as in the "Populations" statistic).
    pub fn humans(&self) -> u64 {
        u64::from(self.non_converts) + self.converts_total()
    }

    /// N + C + R.
    pub fn total(&self) -> u64 {
        self.humans() + u64::from(self.robots)
    }

    /// The missionary holding the most converts (lowest number on a tie).
    pub fn main_missionary(&self) -> Option<PlayerId> {
        self.converts
            .iter()
            .filter(|(_, n)| **n > 0)
            .max_by(|a, b| a.1.cmp(b.1).then(b.0.cmp(a.0)))
            .map(|(p, _)| *p)
    }
}

/// A world (III.1). In a save, only `id`, `connections`, `coords` and `owner`
/// are always written; every other field is left out at its default
/// (`is_default`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct World {
    pub id: WorldId,
    /// 1..=8 connected worlds (III.1.2), in the CR's order.
    pub connections: Vec<WorldId>,
    pub coords: Coords,
    /// [`PlayerId::NEUTRAL`] when nobody owns it.
    pub owner: PlayerId,
    /// Consecutive turns of possession (`"Maxtor:5"`).
    #[serde(default, skip_serializing_if = "is_default")]
    pub owned_turns: u32,
    /// Mining counter (`"GASKOR:2:5"`): drives capacity increases (every 7, G-36);
    /// equals `owned_turns` unless MEVA CM or a gift moved it.
    #[serde(default, skip_serializing_if = "is_default")]
    pub mining_counter: u32,
    /// Industries on the world (`I=`).
    #[serde(default, skip_serializing_if = "is_default")]
    pub industries: u32,
    /// Industries able to produce this turn (`I=a/n`), fixed at the previous
    /// turn's end (G-28).
    #[serde(default, skip_serializing_if = "is_default")]
    pub active_industries: u32,
    /// Industry protection ships.
    #[serde(default, skip_serializing_if = "is_default")]
    pub vi: u32,
    /// Population protection ships.
    #[serde(default, skip_serializing_if = "is_default")]
    pub vp: u32,
    #[serde(default, skip_serializing_if = "is_default")]
    pub population: Population,
    /// Population limit (`P=86(167)`).
    #[serde(default, skip_serializing_if = "is_default")]
    pub pop_limit: u32,
    /// Extra growth rate from MEVA P, in tenths of a percent (25 per VC: +2.5 %).
    #[serde(default, skip_serializing_if = "is_default")]
    pub growth_bonus: u32,
    /// MP in stock.
    #[serde(default, skip_serializing_if = "is_default")]
    pub mp: u32,
    /// Mining capacity (`(+c)`), at most 10.
    #[serde(default, skip_serializing_if = "is_default")]
    pub mining: u32,
    /// Times pillaged (`Pi=k`).
    #[serde(default, skip_serializing_if = "is_default")]
    pub pillage_count: u32,
    /// Turns until the world has recovered from its last pillage (`Pi=k/r`), 0 = recovered.
    #[serde(default, skip_serializing_if = "is_default")]
    pub pillage_recovery: u32,
    /// Times PC were unloaded here (`PC=n`).
    #[serde(default, skip_serializing_if = "is_default")]
    pub pc_unloads: u32,
    /// Exploration potential of a start world (`PE=`).
    #[serde(default, skip_serializing_if = "is_default")]
    pub pe: u32,
    /// MEVA counter (`E=x/8`): VC sacrificed plus first explorer observations (G-113).
    #[serde(default, skip_serializing_if = "is_default")]
    pub meva: u32,
    /// Bombed at least once (`M#`).
    #[serde(default, skip_serializing_if = "is_default")]
    pub bombed: bool,
    /// A black hole (III.3): no population, no mining, no industry.
    #[serde(default, skip_serializing_if = "is_default")]
    pub black_hole: bool,
    /// The start world of this player (`Md_`), if it is one.
    #[serde(default, skip_serializing_if = "is_default")]
    pub start_owner: Option<PlayerId>,
    /// The name given with `M_m = "Nom"`.
    #[serde(default, skip_serializing_if = "is_default")]
    pub name: Option<String>,
    /// Corruption history (VI.4, Jihad): the first player to capture the world…
    #[serde(default, skip_serializing_if = "is_default")]
    pub first_captor: Option<PlayerId>,
    /// …and, per player, the turns he owned it (not necessarily consecutive).
    #[serde(default, skip_serializing_if = "is_default")]
    pub ownership_turns: BTreeMap<PlayerId, u32>,
    /// Times each player pillaged the world (for the `PerPirate` pillage-points policy).
    #[serde(default, skip_serializing_if = "is_default")]
    pub pillages_by: BTreeMap<PlayerId, u32>,
}

impl World {
    /// An empty neutral world with the given connections.
    pub fn new(id: WorldId, connections: Vec<WorldId>, coords: Coords) -> Self {
        World {
            id,
            connections,
            coords,
            owner: PlayerId::NEUTRAL,
            owned_turns: 0,
            mining_counter: 0,
            industries: 0,
            active_industries: 0,
            vi: 0,
            vp: 0,
            population: Population::default(),
            pop_limit: 0,
            growth_bonus: 0,
            mp: 0,
            mining: 0,
            pillage_count: 0,
            pillage_recovery: 0,
            pc_unloads: 0,
            pe: 0,
            meva: 0,
            bombed: false,
            black_hole: false,
            start_owner: None,
            name: None,
            first_captor: None,
            ownership_turns: BTreeMap::new(),
            pillages_by: BTreeMap::new(),
        }
    }

    pub fn is_start_world(&self) -> bool {
        self.start_owner.is_some()
    }

    pub fn is_connected_to(&self, other: WorldId) -> bool {
        self.connections.contains(&other)
    }
}

/// What a fleet carries (III.5): MP, N, C (of one missionary) and R.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Cargo {
    #[serde(default, skip_serializing_if = "is_default")]
    pub mp: u32,
    #[serde(default, skip_serializing_if = "is_default")]
    pub n: u32,
    #[serde(default, skip_serializing_if = "is_default")]
    pub c: u32,
    /// The missionary whose converts are carried (meaningful when `c > 0`).
    #[serde(default, skip_serializing_if = "is_default")]
    pub c_missionary: Option<PlayerId>,
    #[serde(default, skip_serializing_if = "is_default")]
    pub r: u32,
}

impl Cargo {
    pub fn total(&self) -> u64 {
        u64::from(self.mp) + u64::from(self.n) + u64::from(self.c) + u64::from(self.r)
    }

    pub fn is_empty(&self) -> bool {
        self.total() == 0
    }
}

/// A fleet (III.4): indestructible, cannot be created; only its ships can die.
/// In a save, only `id`, `owner` and `world` are always written; every other
/// field is left out at its default (`is_default`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Fleet {
    pub id: FleetId,
    pub owner: PlayerId,
    pub world: WorldId,
    #[serde(default, skip_serializing_if = "is_default")]
    pub vc: u32,
    #[serde(default, skip_serializing_if = "is_default")]
    pub vt: u32,
    #[serde(default, skip_serializing_if = "is_default")]
    pub cargo: Cargo,
    /// At peace (`F_f P`, shown in parentheses `("Owner")`); neutral fleets are always at war.
    #[serde(default, skip_serializing_if = "is_default")]
    pub at_peace: bool,
    /// Carries the bomb (`F#f`).
    #[serde(default, skip_serializing_if = "is_default")]
    pub bomb: bool,
}

impl Fleet {
    pub fn new(id: FleetId, owner: PlayerId, world: WorldId) -> Self {
        Fleet {
            id,
            owner,
            world,
            vc: 0,
            vt: 0,
            cargo: Cargo::default(),
            at_peace: false,
            bomb: false,
        }
    }

    /// VC + VT.
    pub fn ships(&self) -> u64 {
        u64::from(self.vc) + u64::from(self.vt)
    }

    /// Cargo capacity with the owner's CAR level: 1 per VC, CAR per VT (III.5,
    /// IV.3.5: "Chaque VC peut transporter une cargaison de 1. Chaque VT peut
    /// transporter une cargaison égale au niveau technologique de son propriétaire
    /// en cargaison").
    pub fn capacity(&self, car_level: u32) -> u64 {
        u64::from(self.vc) + u64::from(self.vt) * u64::from(car_level)
    }
}

/// The whole galaxy, as the arbiter holds it.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Galaxy {
    /// Torus width and height in radar coordinates.
    pub width: u32,
    pub height: u32,
    /// The turn the galaxy is at: the CR of turn `turn` describes this state.
    pub turn: u32,
    /// The secret final turn (II).
    pub final_turn: u32,
    /// Each map refuses a number given twice when read (a save edited by hand):
    /// "M_12 ×2", located at the second entry.
    #[serde(deserialize_with = "unique::worlds")]
    pub worlds: BTreeMap<WorldId, World>,
    #[serde(deserialize_with = "unique::fleets")]
    pub fleets: BTreeMap<FleetId, Fleet>,
    /// Every player, the neutral player (number 0) included.
    #[serde(deserialize_with = "unique::players")]
    pub players: BTreeMap<PlayerId, Player>,
    #[serde(deserialize_with = "unique::treasures")]
    pub treasures: BTreeMap<TreasureId, Treasure>,
}

/// Maps read with every key at most once.
mod unique {
    use std::collections::BTreeMap;
    use std::fmt;
    use std::marker::PhantomData;

    use serde::de::{Deserialize, Deserializer, Error, MapAccess, Visitor};

    use super::{Fleet, Player, PlayerId, Treasure, World};

    struct Unique<K, V> {
        name: fn(&K) -> String,
        kinds: PhantomData<(K, V)>,
    }

    impl<'de, K: Deserialize<'de> + Ord, V: Deserialize<'de>> Visitor<'de> for Unique<K, V> {
        type Value = BTreeMap<K, V>;

        fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
            f.write_str("a map whose keys are all different")
        }

        fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Self::Value, A::Error> {
            let mut out = BTreeMap::new();
            while let Some((key, value)) = map.next_entry::<K, V>()? {
                if out.contains_key(&key) {
                    return Err(A::Error::custom(format!("{} ×2", (self.name)(&key))));
                }
                out.insert(key, value);
            }
            Ok(out)
        }
    }

    fn read<'de, D: Deserializer<'de>, K: Deserialize<'de> + Ord, V: Deserialize<'de>>(
        d: D,
        name: fn(&K) -> String,
    ) -> Result<BTreeMap<K, V>, D::Error> {
        d.deserialize_map(Unique {
            name,
            kinds: PhantomData,
        })
    }

    pub fn worlds<'de, D: Deserializer<'de>>(d: D) -> Result<BTreeMap<u32, World>, D::Error> {
        read(d, |k| format!("M_{k}"))
    }

    pub fn fleets<'de, D: Deserializer<'de>>(d: D) -> Result<BTreeMap<u32, Fleet>, D::Error> {
        read(d, |k| format!("F_{k}"))
    }

    pub fn players<'de, D: Deserializer<'de>>(
        d: D,
    ) -> Result<BTreeMap<PlayerId, Player>, D::Error> {
        read(d, |k: &PlayerId| format!("players[{}]", k.0))
    }

    pub fn treasures<'de, D: Deserializer<'de>>(d: D) -> Result<BTreeMap<u32, Treasure>, D::Error> {
        read(d, |k| format!("T_{k}"))
    }
}

impl Galaxy {
    pub fn world(&self, id: WorldId) -> Option<&World> {
        self.worlds.get(&id)
    }

    pub fn fleet(&self, id: FleetId) -> Option<&Fleet> {
        self.fleets.get(&id)
    }

    pub fn player(&self, id: PlayerId) -> Option<&Player> {
        self.players.get(&id)
    }

    /// The player of that exact name (names are kept verbatim).
    pub fn player_by_name(&self, name: &str) -> Option<&Player> {
        self.players
            .values()
            .find(|p| !p.is_neutral() && p.name == name)
    }

    /// The fleets on a world, by number.
    pub fn fleets_at(&self, world: WorldId) -> impl Iterator<Item = &Fleet> {
        self.fleets.values().filter(move |f| f.world == world)
    }

    /// The treasures lying on a world (not those on fleets above it).
    pub fn treasures_on_world(&self, world: WorldId) -> impl Iterator<Item = &Treasure> {
        self.treasures
            .values()
            .filter(move |t| t.location == TreasureLocation::World(world))
    }

    /// The treasures carried by a fleet.
    pub fn treasures_on_fleet(&self, fleet: FleetId) -> impl Iterator<Item = &Treasure> {
        self.treasures
            .values()
            .filter(move |t| t.location == TreasureLocation::Fleet(fleet))
    }

    /// The worlds a player owns.
    pub fn worlds_of(&self, player: PlayerId) -> impl Iterator<Item = &World> {
        self.worlds.values().filter(move |w| w.owner == player)
    }

    /// The fleets a player owns.
    pub fn fleets_of(&self, player: PlayerId) -> impl Iterator<Item = &Fleet> {
        self.fleets.values().filter(move |f| f.owner == player)
    }

    /// Shortest torus offset from `a` to `b` along one axis of length `size`.
    pub fn torus_delta(a: u32, b: u32, size: u32) -> i64 {
        if size == 0 {
            return i64::from(b) - i64::from(a);
        }
        let size = i64::from(size);
        let d = (i64::from(b) - i64::from(a)).rem_euclid(size);
        if d > size / 2 { d - size } else { d }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// III.5 / IV.3.5: a VC carries 1 whatever the CAR level, a VT its owner's CAR
    /// (the resolver's `ships_free_of_cargo` and the combat's `Cm` count the same).
    #[test]
    fn capacity_is_one_per_vc_and_car_per_vt() {
        let mut fleet = Fleet::new(1, PlayerId(1), 1);
        (fleet.vc, fleet.vt) = (3, 2);
        assert_eq!(fleet.capacity(1), 5);
        assert_eq!(fleet.capacity(3), 3 + 2 * 3);
        (fleet.vc, fleet.vt) = (4, 0);
        assert_eq!(fleet.capacity(5), 4);
        (fleet.vc, fleet.vt) = (0, 0);
        assert_eq!(fleet.capacity(5), 0);
    }
}
