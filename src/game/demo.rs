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
        let ships: u64 = save.galaxy.fleets_of(PlayerId(1)).map(|f| f.ships()).sum();
        assert!(ships > 0, "player 1 has ships");
        let progressed = Tech::ALL.iter().any(|t| {
            me.tech.level(*t) > crate::model::TechLevels::initial().level(*t)
                || me.tech.progress(*t) > 0
        });
        assert!(progressed, "player 1 researched");
        // They left home and took a world (whose MP they then bring home).
        let owned = save.galaxy.worlds_of(PlayerId(1)).count();
        assert!(owned >= 2, "player 1's fleets took no world");
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

    /// The computer players keep their industries fed (IV: active industries are
    /// `min(I, MP, P)`; each UP burns one MP). A world keeps
    /// `ceil(min(I, P) / 2)` MP after its constructions (`autoplay::mp_reserve`)
    /// and mines its +2 on top, so a start world ([I=30]=1, P=50 growing, 2 MP
    /// mined) has at least 15 of its 30 industries active every turn — where
    /// spending everything left it at I=2/30 from turn 2 on (the book's own
    /// example, Md_127). The MP of other worlds brought home lift it higher.
    #[test]
    fn the_computer_players_keep_their_industries_running() {
        let (save, turns) = demo_game(4);
        assert_eq!(save.galaxy.turn, 5);
        let g = &save.galaxy;
        let mut above_reserve = 0;
        for player in g.players.keys().filter(|p| !p.is_neutral()) {
            let Some(start) = g.worlds.values().find(|w| w.start_owner == Some(*player)) else {
                panic!("{player} has no start world");
            };
            assert_eq!(
                start.owner, *player,
                "the demo's start worlds are not taken"
            );
            assert!(
                start.active_industries >= 15,
                "{player}: M_{} at I={}/{} MP={}",
                start.id,
                start.active_industries,
                start.industries,
                start.mp
            );
            if start.active_industries > 17 {
                above_reserve += 1;
            }
        }
        // Supply worked somewhere: a start world above reserve + mining.
        assert!(above_reserve >= 1, "no MP brought home");
        // Player 1 sees it on every CR from turn 2 on: never "[I=2/30]".
        for t in &turns[1..] {
            assert!(
                !t.cr.1.contains("[I=2/30]"),
                "turn {}: a starved start world",
                t.turn
            );
        }
        // Turn after turn, not only at the end.
        for turns in 1..=3 {
            let (save, _) = demo_game(turns);
            let start = save
                .galaxy
                .worlds
                .values()
                .find(|w| w.start_owner == Some(PlayerId(1)))
                .map_or(0, |w| w.active_industries);
            assert!(start >= 15, "after turn {turns}: I={start}/30");
        }
    }

    /// Eight turns of the demo's computer players: the resolver voids none of
    /// their orders (builds within the UP, loads on their own worlds, routes
    /// along connections within DEP, unloads of what they carry), and every start
    /// world keeps at least half of its industries active.
    #[test]
    fn the_computer_players_orders_are_never_voided() {
        let (mut save, _) = demo_game(0);
        let mut rng = ChaCha8Rng::seed_from_u64(SEED);
        for _ in 0..8 {
            let orders = autoplay::all_orders(&save.galaxy, &save.ruleset, &mut rng);
            let Ok((next, outcome)) = crate::game::arbiter::run_turn(&save, &orders) else {
                panic!("turn {} not resolved", save.galaxy.turn);
            };
            let voided: Vec<_> = outcome.voided().collect();
            assert!(voided.is_empty(), "turn {}: {voided:?}", save.galaxy.turn);
            save = next;
            for world in save.galaxy.worlds.values() {
                if world.start_owner.is_some_and(|p| p == world.owner) {
                    assert!(
                        world.active_industries >= 15,
                        "turn {}: M_{} at I={}/{}",
                        save.galaxy.turn,
                        world.id,
                        world.active_industries,
                        world.industries
                    );
                }
            }
        }
    }

    use crate::model::Tech;
    use crate::report;
}
