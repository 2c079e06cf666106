//! The robot attack (VI.5.1, "La Robotisation et les attaques de robots"): robots
//! that land on a world fight the robots of the other players there, then the
//! survivors fight the populations, "1 robot tue 4 populations et réciproquement 4
//! populations tuent 1 robot".
//!
//! One fight for the two steps where robots land: 5* (robots emigrated, unloaded, or
//! built at step 3: "l'émigration de robots est traitée comme une attaque de robots",
//! IV.2 and VII.4) and 14c (robots dropped by `F_f T x R`). Both steps put the robots
//! on the world, then call [`resolve`] with who brought how many.
//!
//! The two steps differ in one thing only, what becomes of a world the fight leaves
//! without anyone ([`Emptied`]): at 5* the emigration step decides the owner of every
//! world it touched ("L'éventuel nouveau propriétaire du monde est déterminé", VIII)
//! and "Un monde capturé par émigration est immédiatement disponible pour les ordres
//! qui suivent" (IV.2), so the empty world turns neutral at once (G-80); at 14c the
//! robots are one more act of the combat step, whose empty worlds — emptied by fire
//! as well — turn neutral at the capture sub-phase 15c (G-95: "Un monde sans
//! population est toujours neutre", VII.4).

use std::collections::BTreeMap;

use crate::combat::robot_fight;
use crate::model::{PlayerId, WorldId};

use super::capture::capture_world;
use super::kills::{Kill, converts_by_missionary, credit, kill_people};
use super::{Cause, Turn};

/// What becomes of a world the fight leaves with neither robots nor populations.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Emptied {
    /// It turns neutral now (5*, where the owner of the world is decided).
    TurnsNeutral,
    /// It keeps its owner until the capture sub-phase (14c, 15c decides).
    LeftToCapture,
}

/// Resolves the robot attack on `world`, where the robots of `arrived` (by the
/// player they fight for) have already landed; the robots that were there before
/// fight for the world's owner. Nothing happens when the world holds no robot.
/// The arithmetic is [`crate::combat::robot_fight`]'s; this applies it to the turn
/// (deaths, points, captures).
pub(super) fn resolve(
    turn: &mut Turn<'_>,
    world: WorldId,
    arrived: &BTreeMap<PlayerId, u64>,
    emptied: Emptied,
) {
    let Some(w) = turn.galaxy.world(world) else {
        return;
    };
    let owner = w.owner;
    let robots_now = u64::from(w.population.robots);
    let n = u64::from(w.population.non_converts);
    let converts = converts_by_missionary(&w.population);
    let Some(fight) = robot_fight(
        turn.rules, turn.rng, owner, robots_now, arrived, n, &converts,
    ) else {
        return;
    };
    kill_people(
        turn,
        world,
        fight.n_killed,
        &fight.converts_killed,
        fight.robots_lost,
        Cause::RobotConflict,
    );
    if let Some((winner, _)) = fight.winner {
        let kill = Kill {
            ships: 0,
            populations: fight.humans_killed() + fight.others_robots(),
            industries: 0,
            converts: fight.converts_killed.clone(),
        };
        credit(turn, winner, owner, Some(world), &kill);
        if let Some(captor) = fight.captor() {
            capture_world(turn, world, captor);
        }
    }
    // Nobody left (G-80, `robots_vs_population`): an empty world is neutral, at
    // once at 5*, at 15c after 14c (see the module's text).
    if fight.emptied() && !owner.is_neutral() && emptied == Emptied::TurnsNeutral {
        capture_world(turn, world, PlayerId::NEUTRAL);
    }
}
