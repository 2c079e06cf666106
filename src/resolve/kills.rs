//! Who destroyed what, and the points it gives (VI.1–VI.7, catalog §3.9): robotron
//! +2 per population, industry or ship; missionary +2 against his Jihad target and −1
//! otherwise; martyrs; −1 per population for the other classes. Used by every fight
//! of step 14 and by the robot attacks of 5* and 14c; also the deaths markers.

use crate::model::view::{Deaths, PopKind};
use crate::model::{Class, PlayerId, Population, WorldId};

use super::{Cause, PeopleKind, Place, Turn};

pub(super) use crate::combat::split;

/// What one player destroyed of one victim, in one place.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(super) struct Kill {
    /// VC, VT, VI, VP.
    pub ships: u64,
    /// N, C and R (robots are one of the three kinds of population, III.1.5).
    pub populations: u64,
    pub industries: u64,
    /// Converts among `populations`, per missionary (for martyrs).
    pub converts: Vec<(PlayerId, u64)>,
}

impl Kill {
    pub fn is_empty(&self) -> bool {
        self.ships == 0 && self.populations == 0 && self.industries == 0
    }
}

/// True when `world` is corrupted by `enemy` (VI.4.1): the enemy captured it first,
/// owns it, or owned it `combat.jihad_corruption_turns` (5) turns or more — the
/// ruleset's age, the one the CR's `Corrompu par` line reads too.
pub(super) fn corrupted_by(turn: &Turn<'_>, world: WorldId, enemy: PlayerId) -> bool {
    let age = turn.rules.combat.jihad_corruption_turns;
    turn.galaxy.world(world).is_some_and(|w| {
        w.first_captor == Some(enemy)
            || w.owner == enemy
            || w.ownership_turns.get(&enemy).copied().unwrap_or(0) >= age
    })
}

/// True when a kill by `killer` of what `victim` holds on `world` counts against the
/// killer's Jihad: the killer is a missionary whose Jihad target is the victim, or
/// the kill happens on a world that target corrupted (VI.4.1: "en détruisant des
/// vaisseaux et populations situés sur un monde ayant été corrompu par son ennemi").
pub(super) fn in_jihad(
    turn: &Turn<'_>,
    killer: PlayerId,
    victim: PlayerId,
    world: Option<WorldId>,
) -> bool {
    let Some(player) = turn.galaxy.player(killer) else {
        return false;
    };
    if player.class != Some(Class::Missionary) {
        return false;
    }
    let Some(jihad) = player.declarations.jihad else {
        return false;
    };
    jihad.target == victim || world.is_some_and(|w| corrupted_by(turn, w, jihad.target))
}

/// Scores what `killer` destroyed of `victim` on (or above) `world`.
///
/// Ruling G-90 (VI.4): a martyr is a convert killed by another player's fire, robots
/// or bomb — not by the missionary himself nor by his Jihad target; overpopulation,
/// pillage, missionary conflicts and deconversion make no martyrs (they never call this).
pub(super) fn credit(
    turn: &mut Turn<'_>,
    killer: PlayerId,
    victim: PlayerId,
    world: Option<WorldId>,
    kill: &Kill,
) {
    if kill.is_empty() {
        return;
    }
    let scoring = &turn.rules.scoring;
    let class = turn.galaxy.player(killer).and_then(|p| p.class);
    let mut lines: Vec<(PlayerId, i64, &'static str)> = Vec::new();
    let count = |n: u64| i64::try_from(n).unwrap_or(i64::MAX);
    match class {
        Some(Class::Robotron) => {
            let r = &scoring.robotron;
            let points = r
                .population_destroyed
                .saturating_mul(count(kill.populations))
                .saturating_add(r.industry_destroyed.saturating_mul(count(kill.industries)))
                .saturating_add(r.ship_destroyed.saturating_mul(count(kill.ships)));
            lines.push((killer, points, "robotron-destroyed"));
        }
        Some(Class::Missionary) => {
            let m = &scoring.missionary;
            let all = count(kill.ships)
                .saturating_add(count(kill.populations))
                .saturating_add(count(kill.industries));
            if in_jihad(turn, killer, victim, world) {
                lines.push((killer, m.jihad_destroyed.saturating_mul(all), "jihad"));
            } else {
                lines.push((
                    killer,
                    m.destroyed_in_combat.saturating_mul(all),
                    "missionary-destroyed",
                ));
            }
        }
        Some(other) => {
            let per = match other {
                Class::Emperor => scoring.emperor.population_destroyed,
                Class::Pirate => scoring.pirate.population_destroyed,
                Class::Antiquarian => scoring.antiquarian.population_destroyed,
                Class::Explorer => scoring.explorer.population_destroyed,
                Class::Merchant => scoring.merchant.population_destroyed,
                Class::Robotron | Class::Missionary => 0,
            };
            lines.push((
                killer,
                per.saturating_mul(count(kill.populations)),
                "population-destroyed",
            ));
        }
        None => {}
    }
    for &(missionary, converts) in &kill.converts {
        if converts == 0 || missionary == killer {
            continue;
        }
        let spared = turn
            .galaxy
            .player(missionary)
            .and_then(|p| p.declarations.jihad)
            .is_some_and(|j| j.target == killer);
        if !spared {
            let points = scoring
                .missionary
                .per_martyr
                .saturating_mul(count(converts));
            lines.push((missionary, points, "martyrs"));
        }
    }
    for (player, points, reason) in lines {
        turn.score(player, points, reason);
    }
}

/// The converts of a population, per missionary, as counts of the fights.
pub(super) fn converts_by_missionary(population: &Population) -> Vec<(PlayerId, u64)> {
    population
        .converts
        .iter()
        .map(|(&m, &c)| (m, u64::from(c)))
        .collect()
}

/// Takes from `world` the people a shot, a bomb or a robot attack killed (`n`
/// non-converts, each missionary's converts, `r` robots), logged with `cause`, and
/// adds the deaths markers (`{-6P}`, `{-2C}`, `{-3R}`).
pub(super) fn kill_people(
    turn: &mut Turn<'_>,
    world: WorldId,
    n: u64,
    converts: &[(PlayerId, u64)],
    r: u64,
    cause: Cause,
) {
    let place = Place::World(world);
    let neg = |x: u64| -i64::try_from(x).unwrap_or(i64::MAX);
    turn.change_people(place, PeopleKind::N, neg(n), cause);
    for &(m, c) in converts {
        turn.change_people(place, PeopleKind::C(m), neg(c), cause);
    }
    turn.change_people(place, PeopleKind::R, neg(r), cause);
    add_deaths(turn, world, PopKind::NonConverts, n);
    add_deaths(
        turn,
        world,
        PopKind::Converts,
        converts.iter().map(|(_, c)| c).sum(),
    );
    add_deaths(turn, world, PopKind::Robots, r);
}

/// Adds a deaths marker (`{-6P}`) to a world, merged with one of the same kind.
pub(super) fn add_deaths(turn: &mut Turn<'_>, world: WorldId, kind: PopKind, count: u64) {
    if count == 0 {
        return;
    }
    let count = u32::try_from(count).unwrap_or(u32::MAX);
    let marks = turn.record.deaths.entry(world).or_default();
    if let Some(mark) = marks.iter_mut().find(|d| d.kind == kind) {
        mark.count = mark.count.saturating_add(count);
    } else {
        marks.push(Deaths { count, kind });
    }
}
