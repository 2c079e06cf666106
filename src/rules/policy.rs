//! Named policies: the rulings an arbiter may want to change.
//!
//! Where the rule book is silent or contradicts itself, the catalog (§6) proposes a
//! ruling. The rulings that are a matter of taste (or that the book states twice,
//! differently) are fields of [`Policies`], each with its default = the catalog's
//! proposal, so an arbiter can pick the other reading in his ruleset file. The
//! resolver reads these fields; it never hard-codes the choice.

use serde::{Deserialize, Serialize};

use super::ratio::Ratio;

/// How a fraction of a count becomes a whole number.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Rounding {
    /// Round down.
    Floor,
    /// Round up.
    Ceil,
    /// Round to the nearest, halves up.
    HalfUp,
}

impl Rounding {
    pub const NAMES: &'static [&'static str] = &["Floor", "Ceil", "HalfUp"];

    /// `n × ratio` rounded this way.
    pub fn apply(self, ratio: Ratio, n: u64) -> u64 {
        match self {
            Rounding::Floor => ratio.floor_of(n),
            Rounding::Ceil => ratio.ceil_of(n),
            Rounding::HalfUp => ratio.round_half_up_of(n),
        }
    }

    /// `num / den` rounded this way (`den == 0` gives 0).
    pub fn divide(self, num: u64, den: u64) -> u64 {
        match Ratio::new(1, den) {
            Some(ratio) => self.apply(ratio, num),
            None => 0,
        }
    }
}

/// Two exclusive orders given to one fleet or one VI/VP group (G-7).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum ExclusiveConflict {
    /// The first exclusive order in file order is kept, the others are dropped.
    KeepFirst,
    /// All the conflicting exclusive orders are void.
    VoidAll,
}

/// Production orders on one world asking more UP than it has (G-8).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum UpOvercommitment {
    /// Orders run in weight order then file order; the first that no longer fits
    /// is reduced to what is affordable (whole industries only), the rest dropped.
    ReduceInOrder,
    /// An order that does not fit entirely is dropped whole; later ones may still fit.
    DropWhole,
}

/// An order asking for more ships, cargo, robots or VI than there are (G-9).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum ExcessQuantity {
    /// Clipped to what is available when the order runs.
    Clip,
    /// The whole order is void.
    Void,
}

/// What a world given as a gift does on the turn of the gift (G-35).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum GiftWorldTurn {
    /// VII.3.6: "Un monde donné en cadeau ne produit pas de MP pendant le tour où il
    /// est offert"; its population still grows (III.1.5).
    GrowsWithoutMp,
    /// III.1.6 read literally ("sauf dans le cas d'un cadeau"): it grows and mines.
    GrowsAndMines,
}

/// Research spending beyond the cost of the next level (G-43).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum ResearchOverflow {
    /// The excess carries over, several levels may be gained in one turn.
    CarryOver,
    /// One level at most per turn; the excess is lost.
    OneLevelPerTurn,
}

/// Unloading or emigrating population beyond the limit (G-44).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum OverpopulationCap {
    /// The limit may be passed by at most `economy.overpopulation_margin`; the rest
    /// stays on the fleet (or is not emigrated and costs no UP).
    HardCap,
    /// No cap: the margin is only the book's illustration.
    Unlimited,
}

/// Several fleets loading more MP (or population) than the world holds (G-52).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum LoadConflict {
    /// Pro rata of the requests (a request without quantity = the fleet's free
    /// capacity), floored, remainders one by one by descending fraction, ties by
    /// ascending fleet number.
    ProRata,
    /// Fleets served in ascending fleet number until the stock runs out.
    FleetOrder,
}

/// A tie for the largest number of robots on one world (G-81).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum RobotTie {
    /// Every robot is destroyed, the world becomes neutral.
    AllDestroyed,
    /// The world owner keeps the world with one robot.
    DefenderKeeps,
}

/// Missionary conflict probabilities outside [0, 1] with three or more
/// missionaries (G-86).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum MissionaryClamp {
    /// Clamp each probability to [0, 1]; a value ≥ 1 wins outright, otherwise the
    /// clamped weights are renormalised and one winner is drawn.
    ClampRenormalise,
    /// Only negative values are set to 0; the weights are renormalised (no outright win).
    ZeroNegatives,
}

/// Which count gives the pirate's pillage points (G-100).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum PillageCount {
    /// The world's own pillage count (the `Pi=k` of the CR), whoever pillaged before.
    PerWorld,
    /// How many times this pirate pillaged this world.
    PerPirate,
}

/// Who receives the end-of-game treasure bonuses of III.6 (G-127).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum EndGameBonusScope {
    /// The table as printed, for every class (antiquarian column for antiquarians).
    TableForEveryone,
    /// The prose: only non-antiquarians, and only the tomes.
    TomesForOthersOnly,
}

/// The combat coefficients of VT (G-139).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum VtCoefficients {
    /// The formal definition: `combat.vt_catt` / `combat.vt_cdef` (30 / 70).
    Fixed,
    /// The informal explanation: VT count as ATT 1 / DEF 1 (first entries of the tables).
    LikeLevelOne,
}

/// When an explorer scores the start-world points of a foreign Md (G-111).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum StartWorldTurns {
    /// Every turn he has a ship on it at the end of the turn (the book's example 1).
    EveryTurn,
    /// Only the turn of his first observation (VI.6.1's definition of observing).
    FirstObservationOnly,
}

/// The rulings an arbiter may change. Every field's default is the catalog's ruling.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Policies {
    /// Ruling G-7 (V): of two exclusive orders for one fleet, one VI group, one VP
    /// group or one gifted world, the first in file order is executed and the others
    /// are voided (policy `KeepFirst`; `VoidAll` voids them all); the validator reports
    /// an error on the second, naming the first.
    pub exclusive_conflict: ExclusiveConflict,
    /// Ruling G-8 (IV): the producing orders of a world (ships, robots, spies,
    /// research, population limit, emigration, industries at the class's cost) run in
    /// weight order, then file order, on one budget, its active industries; the first
    /// that no longer fits is reduced to the whole units still affordable (policy
    /// `ReduceInOrder`; `DropWhole` drops it whole, later ones may still fit), and an
    /// order that gets nothing is voided. The validator sums their UP in execution
    /// order and reports an error on the first order that no longer fits, naming
    /// every order involved.
    pub up_overcommitment: UpOvercommitment,
    /// Ruling G-9 (V): an order asking more ships, cargo, people, robots or VI than
    /// there are when it runs is clipped to what there is (policy `Clip`; `Void` voids
    /// it whole), never below zero; the validator warns when the known counts at that
    /// point of the turn (counting what earlier steps of the same orders built, moved
    /// or used) say more is asked. A quantity of 0 is a syntax error (an omitted
    /// optional quantity means "all").
    pub excess_quantity: ExcessQuantity,
    /// Ruling G-35 (VII.3.6): a world given this turn grows but extracts no MP on the
    /// turn of the gift (policy `GrowsWithoutMp`; `GrowsAndMines` reads III.1.6
    /// literally).
    pub gift_world_turn: GiftWorldTurn,
    /// Ruling G-43 (IV.3): research beyond a level's cost carries over and may gain
    /// several levels in one turn (policy `CarryOver`; `OneLevelPerTurn` gains one and
    /// loses the excess); UP spent on a technology at its maximum level are consumed
    /// and wasted (the validator warns).
    pub research_overflow: ResearchOverflow,
    /// Ruling G-44 (IV.6): unloading and emigration may push the humans of a world at
    /// most `overpopulation_margin` (10) past its limit (policy `HardCap`; `Unlimited`
    /// sets no cap): what does not fit is not emigrated (and costs no UP) or stays on
    /// the fleet; the room is counted from the humans present when step 5 began plus
    /// those already sent this step; robots, who fight rather than settle, are not
    /// capped. The validator warns when the known counts say more would arrive.
    pub overpopulation_cap: OverpopulationCap,
    /// Ruling G-52 (VIII.1): when the load requests on one stock of a world exceed it,
    /// they share it pro rata of the amounts asked (a request without quantity asks
    /// the fleet's free capacity, at most the stock), rounded down, the units left
    /// going one by one to the largest remainders, ties to the lower fleet number
    /// (policy `ProRata`; `FleetOrder` serves fleets by ascending number instead).
    pub load_conflict: LoadConflict,
    /// Ruling G-66 (VII.1.1): populations, robots and industries take fire with this
    /// CDef (100 = one ship per hit, no DEF, no cargo factor).
    pub population_cdef: u32,
    /// Ruling G-81 (VI.5.1): robots of several players on one world (2002): the
    /// strictly largest side (the owner: robots present plus his own arrivals; the
    /// others: their arrivals) wins and keeps its robots minus all the others' (at
    /// least 1); a tie for the largest destroys every robot and the world turns
    /// neutral (policy `AllDestroyed`; `DefenderKeeps` lets the owner keep 1 robot if
    /// he is among the tied). 1999: the winner is drawn with chances proportional to
    /// each side's robots, and keeps the same.
    pub robot_tie: RobotTie,
    /// Ruling G-86 (VI.4.2): missionary probabilities are clamped to [0, 1] and renormalised.
    pub missionary_clamp: MissionaryClamp,
    /// Ruling G-98 (VI.2.1): the population lost to a pillage is the third rounded
    /// this way, at least one population always remaining; the loss is shared pro
    /// rata of converts and non-converts, each missionary's converts rounded down and
    /// the rest taken from the non-converts (if they run short, from the converts,
    /// largest first).
    pub pillage_rounding: Rounding,
    /// Ruling G-99 (VI.2.1): a world may be pillaged again once its recovery counter
    /// is at most this value (the book: "Pi=1/1"); mines produce again at 0. Before,
    /// the validator reports the order as an error.
    pub repillage_at_recovery: u32,
    /// Ruling G-100 (VI.2): pillage points follow the world's own pillage count.
    pub pillage_count: PillageCount,
    /// Ruling G-111 (VI.6): with the 2002 potential (PE) an explorer scores the
    /// start-world (Md) points every turn he has a ship on a foreign Md at the end of
    /// the turn (policy `EveryTurn`; `FirstObservationOnly` only the turn of his first
    /// observation); with the 1999 observation bonuses (800, 500, 400 …) only his
    /// first observation of it counts, whatever the policy, since the bonuses rank
    /// observations.
    pub start_world_turns: StartWorldTurns,
    /// Ruling G-115 (VI.6.2): when several explorers ask for more VC than the free
    /// slots, each loses all the VC he asked, scores the points of the free slots
    /// shared pro rata of his VC, rounded this way (floor: the remainder is lost),
    /// and the free slots' effects are drawn uniformly at random among all the asked
    /// VC.
    pub meva_share_rounding: Rounding,
    /// Ruling G-127 (III.6): the end-of-game treasure bonus table applies to every class as printed.
    pub end_game_bonus_scope: EndGameBonusScope,
    /// Ruling G-136 (VIII): the final turn is the mean of the requests rounded this way.
    pub final_turn_rounding: Rounding,
    /// Ruling G-139 (VII.1.2): VT fire and take fire with the fixed CAtt 30 / CDef 70.
    pub vt_coefficients: VtCoefficients,
}

impl Default for Policies {
    /// The catalog's rulings.
    fn default() -> Self {
        Policies {
            exclusive_conflict: ExclusiveConflict::KeepFirst,
            up_overcommitment: UpOvercommitment::ReduceInOrder,
            excess_quantity: ExcessQuantity::Clip,
            gift_world_turn: GiftWorldTurn::GrowsWithoutMp,
            research_overflow: ResearchOverflow::CarryOver,
            overpopulation_cap: OverpopulationCap::HardCap,
            load_conflict: LoadConflict::ProRata,
            population_cdef: 100,
            robot_tie: RobotTie::AllDestroyed,
            missionary_clamp: MissionaryClamp::ClampRenormalise,
            pillage_rounding: Rounding::Floor,
            repillage_at_recovery: 1,
            pillage_count: PillageCount::PerWorld,
            start_world_turns: StartWorldTurns::EveryTurn,
            meva_share_rounding: Rounding::Floor,
            end_game_bonus_scope: EndGameBonusScope::TableForEveryone,
            final_turn_rounding: Rounding::HalfUp,
            vt_coefficients: VtCoefficients::Fixed,
        }
    }
}
