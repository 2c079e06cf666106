//! The demo game the desktop application opens when it is given no file: a galaxy
//! of our own generator (fixed seed), played for a few turns by computer players
//! ([`super::autoplay`]), seen by player 1 — his CR and NBT of every turn, as the
//! arbiter would have sent them. Same seed, same bytes.

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use super::autoplay;
use super::generate::{GeneratorParams, PlayerSetup, generate_seeded};
use super::save::Save;
use crate::model::{Class, PlayerId};
use crate::rules::Ruleset;

/// The demo's seed.
pub const SEED: u64 = 1999;
/// The game's name.
pub const NAME: &str = "LYRA";

/// The demo's players: (name, class); the viewer is the first.
pub const PLAYERS: [(&str, Class); 7] = [
    ("Maxtor", Class::Emperor),
    ("Miria", Class::Merchant),
    ("Gaskor", Class::Pirate),
    ("Petipas", Class::Explorer),
    ("Frère Tuck", Class::Missionary),
    ("Robby", Class::Robotron),
    ("Indy", Class::Antiquarian),
];

/// One turn of the demo as player 1 received it.
#[derive(Clone, Debug)]
pub struct DemoTurn {
    pub turn: u32,
    /// File names (`lyra_t3.cr`, `lyra_t3.nbt`) and texts.
    pub cr: (String, String),
    pub nbt: (String, String),
}

/// The save after `turns` turns, and player 1's CR and NBT of every turn from the
/// first (turn 1) to the last.
pub fn demo_game(turns: u32) -> (Save, Vec<DemoTurn>) {
    let rules = Ruleset::builtin_2002();
    let setups = PLAYERS
        .iter()
        .map(|(name, class)| PlayerSetup::new(name, *class))
        .collect();
    let mut params = GeneratorParams::new(setups);
    params.worlds = 140;
    params.final_turn = Some(20);
    // The parameters are fixed and valid: a refusal would be a defect the tests
    // catch; the demo would then start from an empty galaxy.
    let galaxy = generate_seeded(&params, &rules, SEED).unwrap_or_default();
    let mut save = Save::new(Some(NAME.to_string()), rules, SEED, galaxy);
    let mut seen = vec![player_turn(&save)];
    let mut orders_rng = ChaCha8Rng::seed_from_u64(SEED);
    for _ in 0..turns {
        let orders = autoplay::all_orders(&save.galaxy, &save.ruleset, &mut orders_rng);
        let Ok((next, _)) = super::arbiter::run_turn(&save, &orders) else {
            break;
        };
        save = next;
        seen.push(player_turn(&save));
    }
    (save, seen)
}

fn player_turn(save: &Save) -> DemoTurn {
    let turn = save.galaxy.turn;
    // Player 1 exists in every demo galaxy; an empty galaxy gives empty files.
    let (cr, nbt) = super::folder::player_files(save, PlayerId(1)).unwrap_or_default();
    let stem = format!("lyra_t{turn}");
    DemoTurn {
        turn,
        cr: (format!("{stem}.cr"), cr),
        nbt: (format!("{stem}.nbt"), nbt),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_demo_is_alive_and_reproducible() {
        let (save, turns) = demo_game(4);
        assert_eq!(save.galaxy.turn, 5);
        assert_eq!(turns.len(), 5);
        assert_eq!(turns.first().map(|t| t.turn), Some(1));
        let (again, turns_again) = demo_game(4);
        assert_eq!(save.to_ron(), again.to_ron());
        assert_eq!(
            turns.last().map(|t| &t.cr.1),
            turns_again.last().map(|t| &t.cr.1)
        );
        // The computer players built ships, moved and researched.
        let me = save.galaxy.player(PlayerId(1)).expect("player 1");
        let ships: u32 = save.galaxy.fleets_of(PlayerId(1)).map(|f| f.ships()).sum();
        assert!(ships > 0, "player 1 has ships");
        let progressed = Tech::ALL.iter().any(|t| {
            me.tech.level(*t) > crate::model::TechLevels::initial().level(*t)
                || me.tech.progress(*t) > 0
        });
        assert!(progressed, "player 1 researched");
        let away = save.galaxy.fleets_of(PlayerId(1)).any(|f| {
            save.galaxy
                .world(f.world)
                .is_some_and(|w| w.start_owner != Some(PlayerId(1)))
        });
        assert!(away, "player 1's fleets left home");
        let owned = save.galaxy.worlds_of(PlayerId(1)).count();
        assert!(owned >= 1);
        // Every CR of the demo reads back without an error.
        for t in &turns {
            let (_, diagnostics) = report::read(&t.cr.1);
            assert!(
                !crate::diagnostic::has_errors(&diagnostics),
                "turn {}: {diagnostics:?}",
                t.turn
            );
        }
    }

    use crate::model::Tech;
    use crate::report;
}
