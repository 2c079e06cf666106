//! The bomb (VII.1.4, `F_f L BOMBE`): what a bomb dropped on a world destroys and
//! what it scores its bomber. The turn resolver applies it to the galaxy after the
//! fire of step 14, the simulator to its world.

use crate::model::{Class, PlayerId, World};
use crate::rules::Ruleset;

/// What a bomb destroys on a world.
///
/// Ruling G-107 (VII.1.4): a bombed world loses every population, robot, industry,
/// VI and VP, its population limit, MP stock and mining capacity; its possession
/// and mining counters, pillage count and recovery and PC counter restart at 0; it
/// becomes neutral and is marked `M#` for ever; E, PE and the treasures stay, and
/// the fleets above it are unharmed.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Razed {
    pub vi: u32,
    pub vp: u32,
    /// Non-converts `N`.
    pub n: u64,
    /// Converts, per missionary.
    pub converts: Vec<(PlayerId, u64)>,
    /// Robots `R`.
    pub robots: u64,
    pub industries: u32,
    pub mp: u32,
}

impl Razed {
    /// Everything a bomb destroys on `world` (see [`reset_razed_world`] for the
    /// counters that restart).
    pub fn of(world: &World) -> Razed {
        let p = &world.population;
        Razed {
            vi: world.vi,
            vp: world.vp,
            n: u64::from(p.non_converts),
            converts: p
                .converts
                .iter()
                .map(|(&m, &c)| (m, u64::from(c)))
                .collect(),
            robots: u64::from(p.robots),
            industries: world.industries,
            mp: world.mp,
        }
    }

    /// VI and VP destroyed.
    pub fn ships(&self) -> u64 {
        u64::from(self.vi) + u64::from(self.vp)
    }

    /// Populations destroyed: N, C and R (robots are one of the three kinds of
    /// population, III.1.5).
    pub fn populations(&self) -> u64 {
        self.n + self.robots + self.converts.iter().map(|(_, c)| c).sum::<u64>()
    }
}

/// The counters of a razed world that restart at 0 (G-107, see [`Razed`]), and its
/// `M#` mark. The populations, ships, industries and MP are the caller's to remove
/// (the resolver logs each change), as is the owner (neutral).
pub fn reset_razed_world(w: &mut World) {
    w.pop_limit = 0;
    w.growth_bonus = 0;
    w.mining = 0;
    w.owned_turns = 0;
    w.mining_counter = 0;
    w.pillage_count = 0;
    w.pillage_recovery = 0;
    w.pc_unloads = 0;
    w.active_industries = 0;
    w.bombed = true;
}

/// Points for dropping a bomb, with the reason of the score line (`None`: no
/// points, for a bomber without class). `jihad_exempt` says whether the bomber is a
/// missionary whose bombed world is owned (or was corrupted) by his Jihad target;
/// it matters for a missionary only.
///
/// Ruling G-108 (VII.1.4): a non-robotron loses 100 points per bomb, except a
/// missionary in Jihad whose bombed world is owned (or was corrupted) by his Jihad
/// target; a robotron scores 200.
pub fn bomb_points(
    rules: &Ruleset,
    class: Option<Class>,
    jihad_exempt: impl FnOnce() -> bool,
) -> Option<(i64, &'static str)> {
    match class? {
        Class::Robotron => Some((rules.scoring.robotron.bomb_dropped, "bomb")),
        class => {
            let exempt = class == Class::Missionary && jihad_exempt();
            (!exempt).then_some((rules.scoring.non_robotron_bomb, "bomb-penalty"))
        }
    }
}
