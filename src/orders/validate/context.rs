//! What the orderer knows, seen from the turn his orders are for: the
//! [`PlayerContext`] the validator reads instead of the raw [`Knowledge`].
//!
//! The orders answer the latest CR loaded: the CR of turn *t* describes the
//! state at the start of turn *t* (the galaxy after turn *t − 1*), and the orders
//! written after reading it are the orders of turn *t*. A fact is **current** when
//! that CR told it; an older fact is history (connections and black holes never
//! change in a game, so history is enough for them; ownership and counts are
//! not).

use crate::model::knowledge::{FleetKnowledge, Knowledge, Seen, WorldKnowledge};
use crate::model::view::TreasureSite;
use crate::model::view::{Connection, DeclarationKind, DeclarationsView, TechView};
use crate::model::{Class, FleetId, Tech, TreasureId, WorldId};
use std::borrow::Cow;

/// Who owns a world or a fleet at the start of the turn, as far as the player knows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Owner<'k> {
    /// The orderer.
    Me,
    /// Another player, by name.
    Player(&'k str),
    /// The neutral player.
    Neutral,
    /// Not on the latest CR, which lists every world and fleet of the player
    /// (G-62): not his.
    NotListed,
    /// Cannot tell (no CR loaded, player unknown, elided line, wiped-out fleet).
    Unknown,
}

impl Owner<'_> {
    /// Known not to be the orderer's.
    pub fn is_other(self) -> bool {
        matches!(self, Owner::Player(_) | Owner::Neutral | Owner::NotListed)
    }

    /// The `state` argument of the ownership messages and the owner's name.
    pub fn describe(self) -> (&'static str, String) {
        match self {
            Owner::Player(name) => ("other", name.to_string()),
            Owner::Neutral => ("neutral", String::new()),
            _ => ("unlisted", String::new()),
        }
    }
}

/// A standing Jihad, as the `Vos déclarations` section shows it (`J:"X":j(T)`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct JihadFact {
    pub name: String,
    pub number: Option<u32>,
    /// The turn it was declared; `None` when not shown.
    pub turn: Option<u32>,
}

/// The orderer's knowledge, indexed for the validator. Built once per validation:
/// every query is a map lookup (the knowledge keeps its facts in ordered maps).
#[derive(Clone, Debug)]
pub struct PlayerContext<'k> {
    knowledge: &'k Knowledge,
    /// The turn the orders are for: the latest CR's turn.
    pub turn: Option<u32>,
    /// The latest CR did not tell its turn: `turn` is a stand-in, and what only
    /// the turn number decides (a Jihad's delay) is not checked.
    pub turn_assumed: bool,
    /// The orderer's name, when a CR or NBT told it.
    pub me: Option<&'k str>,
    pub number: Option<u32>,
    pub class: Option<Class>,
    /// The latest technology block and the turn it was shown.
    pub tech: Option<(&'k TechView, u32)>,
    /// The `Déclarations` sections of the latest CR (G-144); `None` when absent.
    pub declarations: Option<&'k DeclarationsView>,
    /// The orderer's Jihad, from the latest CR showing his declarations.
    pub jihad: Option<JihadFact>,
    /// The latest CR describes worlds: a world or fleet of the player missing from
    /// it is not his.
    pub complete: bool,
}

impl<'k> PlayerContext<'k> {
    /// Indexes what `knowledge` says about the turn its latest CR describes.
    pub fn new(knowledge: &'k Knowledge) -> Self {
        let turn = knowledge.latest_turn();
        let facts = turn.and_then(|t| knowledge.facts_at(t));
        let tech = knowledge.turns().into_iter().rev().find_map(|t| {
            knowledge
                .facts_at(t)
                .and_then(|f| f.tech.as_ref())
                .map(|tech| (tech, t))
        });
        let declarations = facts.and_then(|f| f.declarations.as_ref());
        let jihad = knowledge.turns().into_iter().rev().find_map(|t| {
            let made = &knowledge.facts_at(t)?.declarations.as_ref()?.made;
            Some(
                made.iter()
                    .find(|d| d.kind == DeclarationKind::Jihad)
                    .map(|d| JihadFact {
                        name: d.player.name.clone(),
                        number: d.player.number,
                        turn: d.turn,
                    }),
            )
        });
        PlayerContext {
            knowledge,
            turn,
            turn_assumed: turn
                .and_then(|t| knowledge.view_at(t))
                .is_some_and(|v| v.turn_assumed),
            me: knowledge.player.as_ref().map(|p| p.name.as_str()),
            number: knowledge.player.as_ref().and_then(|p| p.number),
            class: knowledge.class.as_ref().map(|c| c.value),
            tech,
            declarations,
            jihad: jihad.flatten(),
            complete: facts.is_some_and(|f| f.worlds_described > 0),
        }
    }

    pub fn knowledge(&self) -> &'k Knowledge {
        self.knowledge
    }

    /// A fact's value when the latest CR told it.
    pub fn current<'a, T>(&self, slot: &'a Option<Seen<T>>) -> Option<&'a T> {
        match (slot, self.turn) {
            (Some(seen), Some(turn)) if seen.turn == turn => Some(&seen.value),
            _ => None,
        }
    }

    /// The world as the latest CR described it.
    pub fn world_now(&self, id: WorldId) -> Option<&'k WorldKnowledge> {
        let world = self.knowledge.world(id)?;
        (world.last_described.is_some() && world.last_described == self.turn).then_some(world)
    }

    /// The fleet as the latest CR listed it.
    pub fn fleet_now(&self, id: FleetId) -> Option<Cow<'k, FleetKnowledge>> {
        let fleet = self.knowledge.fleet(id)?;
        (Some(fleet.last_seen) == self.turn).then_some(fleet)
    }

    /// Who owns world `id` at the start of the turn.
    pub fn world_owner(&self, id: WorldId) -> Owner<'k> {
        let Some(me) = self.me else {
            return Owner::Unknown;
        };
        match self.world_now(id) {
            Some(world) => match self.current(&world.owner) {
                Some(owner) => match owner.name.as_deref() {
                    Some(name) if name == me => Owner::Me,
                    Some(name) => Owner::Player(name),
                    None => Owner::Neutral,
                },
                None => Owner::Unknown,
            },
            None if self.complete => Owner::NotListed,
            None => Owner::Unknown,
        }
    }

    /// Who owns fleet `id` at the start of the turn.
    pub fn fleet_owner(&self, id: FleetId) -> Owner<'k> {
        let Some(me) = self.me else {
            return Owner::Unknown;
        };
        if self.fleet_now(id).is_none() {
            return if self.complete {
                Owner::NotListed
            } else {
                Owner::Unknown
            };
        }
        match self.knowledge.fleet_owner(id) {
            Some(seen) if Some(seen.turn) == self.turn => {
                if **seen.value == *me {
                    Owner::Me
                } else {
                    Owner::Player(seen.value)
                }
            }
            _ => Owner::Unknown,
        }
    }

    /// The world fleet `id` is on at the start of the turn.
    pub fn fleet_world(&self, id: FleetId) -> Option<WorldId> {
        let fleet = self.fleet_now(id)?;
        self.current(&fleet.world).copied()
    }

    /// The connections of world `id`, from any turn (the map never changes).
    pub fn connections(&self, id: WorldId) -> Option<&'k [Connection]> {
        self.knowledge
            .world(id)?
            .connections
            .as_ref()
            .map(|c| c.value.as_slice())
    }

    /// True when world `id` is known to be a black hole.
    pub fn is_black_hole(&self, id: WorldId) -> bool {
        self.knowledge
            .world(id)
            .and_then(|w| w.black_hole.as_ref())
            .is_some_and(|b| b.value)
    }

    /// Where treasure `id` is at the start of the turn (the latest CR showed it).
    pub fn treasure_site(&self, id: TreasureId) -> Option<TreasureSite> {
        let seen = self.knowledge.treasure(id)?.last_seen()?;
        (Some(seen.turn) == self.turn).then_some(seen.value)
    }

    /// The level of `tech`, whether it is from the latest CR, the UP invested
    /// toward the next level and the cost of that level (`None` at the maximum).
    pub fn tech_line(&self, tech: Tech) -> Option<TechFact> {
        let (view, turn) = self.tech?;
        let line = view.line(tech)?;
        Some(TechFact {
            level: line.level,
            invested: line.invested,
            cost: line.cost,
            current: Some(turn) == self.turn,
            turn,
        })
    }

    /// The number of a player known by name (or the orderer himself).
    pub fn player_number(&self, name: &str) -> Option<u32> {
        self.knowledge.player_number(name)
    }

    /// True when `name` is in "Vous connaissez de nom".
    pub fn knows_name(&self, name: &str) -> bool {
        self.knowledge.known_players.contains_key(name)
    }

    /// The name of the known player numbered `number`.
    pub fn name_of(&self, number: u32) -> Option<&'k str> {
        self.knowledge
            .known_players
            .iter()
            .find(|(_, k)| k.number.as_ref().is_some_and(|n| n.value == number))
            .map(|(name, _)| name.as_str())
    }

    /// True when some player known by name has no known number.
    pub fn has_unnumbered_players(&self) -> bool {
        self.knowledge
            .known_players
            .values()
            .any(|k| k.number.is_none())
    }

    /// Whether `owner` declared the orderer `kind` (`Déclarations reçues`); `None`
    /// when the CR has no declarations section (G-144).
    pub fn received(&self, kind: DeclarationKind, owner: &str) -> Option<bool> {
        let declarations = self.declarations?;
        Some(
            declarations
                .received
                .iter()
                .any(|d| d.kind == kind && d.player.name == owner),
        )
    }
}

/// One technology as the player knows it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TechFact {
    pub level: u32,
    pub invested: u32,
    pub cost: Option<u32>,
    /// Shown on the latest CR (otherwise a lower bound: levels never go down).
    pub current: bool,
    pub turn: u32,
}
