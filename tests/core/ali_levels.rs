//! ALI 2, 3 and 4 (book IV.3.6, ruling G-168): the levels a player's ALI shows of
//! the players he knows by name, from the resolver to the CR, the NBT, the reader,
//! the knowledge, the preview and the combat simulator.

use std::collections::BTreeMap;

use nebutil::combat::sim::Setup;
use nebutil::game::generate::{GeneratorParams, PlayerSetup, generate_seeded};
use nebutil::model::knowledge::Knowledge;
use nebutil::model::view::{KnownLevels, PlayerRef, TurnView};
use nebutil::model::{Class, Galaxy, PlayerId, Tech};
use nebutil::nbt;
use nebutil::report;
use nebutil::resolve::partial::{Assumed, Assumptions, galaxy_from_knowledge};
use nebutil::resolve::{Submissions, resolve_turn};
use nebutil::rules::Ruleset;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

const GAME: &str = "ALI";

/// ATT and DEF, each with the turn that told it.
type LevelsAndTurns = (Option<(u32, u32)>, Option<(u32, u32)>);

/// A generated game of four players: player 1 knows the three others by name.
fn game() -> (Galaxy, [PlayerId; 4]) {
    let setups: Vec<PlayerSetup> = (0..4)
        .map(|i| PlayerSetup::new(&format!("Joueur {}", i + 1), Class::ALL[i % 7]))
        .collect();
    let galaxy = generate_seeded(&GeneratorParams::new(setups), &Ruleset::builtin_2002(), 25)
        .expect("the game generates");
    let ids: Vec<PlayerId> = galaxy
        .players
        .keys()
        .copied()
        .filter(|id| !id.is_neutral())
        .collect();
    let ids: [PlayerId; 4] = ids.try_into().expect("four players");
    let mut galaxy = galaxy;
    if let Some(me) = galaxy.players.get_mut(&ids[0]) {
        me.known_players.extend(&ids[1..]);
    }
    (galaxy, ids)
}

fn set(galaxy: &mut Galaxy, id: PlayerId, levels: &[(Tech, u32)]) {
    if let Some(p) = galaxy.players.get_mut(&id) {
        for &(tech, level) in levels {
            p.tech.set_level(tech, level);
        }
    }
}

fn name(galaxy: &Galaxy, id: PlayerId) -> String {
    galaxy
        .player(id)
        .map(|p| p.name.clone())
        .unwrap_or_default()
}

fn levels(galaxy: &Galaxy, id: PlayerId, attack: Option<u32>, defense: Option<u32>) -> KnownLevels {
    KnownLevels {
        player: PlayerRef {
            name: name(galaxy, id),
            number: Some(id.0),
        },
        attack,
        defense,
    }
}

/// Player `id`'s CR of the galaxy's turn, printed and read back.
fn cr_read_back(galaxy: &Galaxy, id: PlayerId) -> (String, TurnView) {
    let ruleset = Ruleset::builtin_2002();
    let text = report::write(
        galaxy,
        id,
        &report::WriteOptions {
            ruleset: &ruleset,
            record: None,
            game_name: Some(GAME),
        },
    );
    let (view, diagnostics) = report::read(&text);
    assert!(
        diagnostics.iter().all(|d| d.code != "cr-unknown-line"),
        "{diagnostics:?}"
    );
    (text, view)
}

/// One turn resolved without orders: the levels the CR of the next turn shows
/// are the players' at the end of the turn.
fn resolved(galaxy: &Galaxy) -> Galaxy {
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    resolve_turn(
        galaxy,
        &Submissions::new(),
        &Ruleset::builtin_2002(),
        &mut rng,
    )
    .galaxy
}

#[test]
fn ali_3_shows_att_and_def_ali_4_hides_from_lower() {
    let (mut galaxy, [me, p2, p3, p4]) = game();
    set(&mut galaxy, me, &[(Tech::Ali, 3)]);
    set(&mut galaxy, p2, &[(Tech::Att, 4), (Tech::Def, 2)]);
    // ALI 4 above the reader's 3: hidden.
    set(
        &mut galaxy,
        p3,
        &[(Tech::Att, 5), (Tech::Def, 6), (Tech::Ali, 4)],
    );
    // ALI 3 like the reader's: shown.
    set(
        &mut galaxy,
        p4,
        &[(Tech::Att, 2), (Tech::Def, 3), (Tech::Ali, 3)],
    );
    let galaxy = resolved(&galaxy);
    let (text, view) = cr_read_back(&galaxy, me);
    let line = format!(
        "Niveaux connus : \"{}\":{} ATT 4 DEF 2, \"{}\":{} ATT 2 DEF 3\n",
        name(&galaxy, p2),
        p2.0,
        name(&galaxy, p4),
        p4.0
    );
    assert!(text.contains(&line), "{text}");
    assert_eq!(
        view.known_levels,
        vec![
            levels(&galaxy, p2, Some(4), Some(2)),
            levels(&galaxy, p4, Some(2), Some(3)),
        ]
    );
    // The printed view and the one read back are the same.
    let projected = report::write::project(&galaxy, me, None, &Ruleset::builtin_2002(), Some(GAME));
    assert_eq!(projected.known_levels, view.known_levels);
}

#[test]
fn ali_2_shows_def_only_and_lower_ali_nothing() {
    let (mut galaxy, [me, p2, _, _]) = game();
    set(&mut galaxy, p2, &[(Tech::Att, 4), (Tech::Def, 2)]);
    for (ali, expected) in [
        (0, None),
        (1, None),
        (2, Some(levels(&galaxy, p2, None, Some(2)))),
        (3, Some(levels(&galaxy, p2, Some(4), Some(2)))),
    ] {
        set(&mut galaxy, me, &[(Tech::Ali, ali)]);
        let (text, view) = cr_read_back(&galaxy, me);
        assert_eq!(
            view.levels_of(&name(&galaxy, p2)),
            expected.as_ref(),
            "ALI {ali}"
        );
        assert_eq!(text.contains("Niveaux connus"), ali >= 2, "ALI {ali}");
    }
}

#[test]
fn ali_4_hides_only_from_strictly_lower() {
    let (mut galaxy, [me, p2, _, _]) = game();
    set(
        &mut galaxy,
        p2,
        &[(Tech::Att, 4), (Tech::Def, 2), (Tech::Ali, 5)],
    );
    for (ali, shown) in [(3, false), (4, false), (5, true), (6, true)] {
        set(&mut galaxy, me, &[(Tech::Ali, ali)]);
        let (_, view) = cr_read_back(&galaxy, me);
        assert_eq!(
            view.levels_of(&name(&galaxy, p2)).is_some(),
            shown,
            "reader ALI {ali}, his ALI 5"
        );
    }
    // A player below ALI 4 hides nothing, even from a lower ALI.
    set(&mut galaxy, p2, &[(Tech::Ali, 3)]);
    set(&mut galaxy, me, &[(Tech::Ali, 2)]);
    let (_, view) = cr_read_back(&galaxy, me);
    assert_eq!(
        view.levels_of(&name(&galaxy, p2)),
        Some(&levels(&galaxy, p2, None, Some(2)))
    );
}

#[test]
fn the_nbt_carries_the_levels_and_fills_a_cr_without_the_line() {
    let (mut galaxy, [me, p2, p3, p4]) = game();
    set(&mut galaxy, me, &[(Tech::Ali, 3)]);
    set(&mut galaxy, p2, &[(Tech::Att, 4), (Tech::Def, 2)]);
    let ruleset = Ruleset::builtin_2002();
    let file = nbt::project(
        &galaxy,
        me,
        &Default::default(),
        &nbt::ProjectOptions {
            ruleset: &ruleset,
            game_name: Some(GAME),
            orders_sent: None,
        },
    );
    let text = nbt::write(&file);
    assert!(
        text.contains(&format!(
            "known_levels: {{\n        {}: (attack: Some(4), defense: Some(2)),",
            p2.0
        )),
        "{text}"
    );
    let (read, diagnostics) = nbt::read(&text);
    assert!(diagnostics.is_empty(), "{diagnostics:?}");
    assert_eq!(read.as_ref(), Some(&file));
    // A CR without the `Niveaux connus` line gets the levels from its NBT.
    let (cr, _) = cr_read_back(&galaxy, me);
    let cut: String = cr
        .lines()
        .filter(|l| !l.starts_with("Niveaux connus"))
        .map(|l| format!("{l}\n"))
        .collect();
    let (mut view, _) = report::read(&cut);
    assert!(view.known_levels.is_empty());
    if let Some(file) = &read {
        nbt::apply(file, &mut view, &mut Vec::new());
    }
    assert_eq!(
        view.known_levels,
        vec![
            levels(&galaxy, p2, Some(4), Some(2)),
            levels(&galaxy, p3, Some(1), Some(1)),
            levels(&galaxy, p4, Some(1), Some(1)),
        ]
    );
    // Without any level shown, the NBT has no `known_levels` field at all.
    set(&mut galaxy, me, &[(Tech::Ali, 0)]);
    let file = nbt::project(
        &galaxy,
        me,
        &Default::default(),
        &nbt::ProjectOptions {
            ruleset: &ruleset,
            game_name: Some(GAME),
            orders_sent: None,
        },
    );
    assert!(!nbt::write(&file).contains("known_levels"));
}

#[test]
fn the_reader_refuses_a_malformed_levels_line() {
    for bad in [
        "Niveaux connus : \"Miria\" ATT 3",
        "Niveaux connus : \"Miria\":7",
        "Niveaux connus : \"Miria\":7 ATT 3 ATT 4",
        "Niveaux connus : \"Miria\":7 ATT",
        "Niveaux connus : \"Miria\":7 ATT 3 DEF 2 \"Bof\":9 DEF 1",
    ] {
        let (view, diagnostics) = report::read(&format!("{bad}\n"));
        assert!(view.known_levels.is_empty(), "{bad}");
        assert!(
            diagnostics
                .iter()
                .any(|d| d.severity == nebutil::diagnostic::Severity::Error && d.span.line == 1),
            "{bad}: {diagnostics:?}"
        );
    }
    let (view, diagnostics) =
        report::read("Niveaux connus : \"Miria\":7 DEF 2 ATT 3 , \"Bof\":9 def 1\n");
    assert!(diagnostics.is_empty(), "{diagnostics:?}");
    assert_eq!(view.known_levels.len(), 2);
    assert_eq!(
        view.levels_of("Miria").map(|l| (l.attack, l.defense)),
        Some((Some(3), Some(2)))
    );
    assert_eq!(
        view.levels_of("Bof").map(|l| (l.attack, l.defense)),
        Some((None, Some(1)))
    );
}

#[test]
fn knowledge_keeps_the_newest_levels_and_an_allys_own() {
    let (mut galaxy, [me, p2, p3, _]) = game();
    set(&mut galaxy, me, &[(Tech::Ali, 2)]);
    set(&mut galaxy, p2, &[(Tech::Att, 4), (Tech::Def, 2)]);
    set(&mut galaxy, p3, &[(Tech::Att, 3), (Tech::Def, 5)]);
    let (_, first) = cr_read_back(&galaxy, me);
    set(&mut galaxy, p2, &[(Tech::Def, 3)]);
    let galaxy = resolved(&galaxy);
    let (_, second) = cr_read_back(&galaxy, me);
    let mut knowledge = Knowledge::new();
    assert!(knowledge.add(second).is_empty());
    assert!(knowledge.add(first).is_empty());
    let p2_levels = knowledge.levels_of(&name(&galaxy, p2)).expect("known");
    assert_eq!(
        p2_levels.defense.as_ref().map(|s| (s.value, s.turn)),
        Some((3, 2))
    );
    assert_eq!(p2_levels.attack, None);
    // An ally's report: his own technology block tells his ATT and DEF.
    let (_, ally) = cr_read_back(&galaxy, p3);
    assert!(knowledge.add_ally(ally).is_empty());
    let p3_levels = knowledge.levels_of(&name(&galaxy, p3)).expect("known");
    assert_eq!(p3_levels.attack.as_ref().map(|s| s.value), Some(3));
    assert_eq!(p3_levels.defense.as_ref().map(|s| s.value), Some(5));
}

#[test]
fn the_preview_and_the_simulator_take_the_known_levels() {
    let (mut galaxy, [me, p2, p3, p4]) = game();
    set(&mut galaxy, me, &[(Tech::Ali, 3)]);
    set(&mut galaxy, p2, &[(Tech::Att, 4), (Tech::Def, 2)]);
    set(
        &mut galaxy,
        p3,
        &[(Tech::Att, 6), (Tech::Def, 6), (Tech::Ali, 4)],
    );
    // A fleet of each on the reader's start world.
    let home = galaxy
        .worlds
        .values()
        .find(|w| w.owner == me)
        .map(|w| w.id)
        .expect("a world of his");
    for other in [p2, p3] {
        if let Some(fleet) = galaxy.fleets.values_mut().find(|f| f.owner == other) {
            fleet.world = home;
        }
    }
    let (_, view) = cr_read_back(&galaxy, me);
    let known = |name: &str| {
        view.levels_of(name)
            .map_or((None, None), |l| (l.attack, l.defense))
    };
    let (setup, taken) = Setup::from_view(&view, home, (1, 1, 1), &known);
    let side = |n: &str| {
        setup
            .sides
            .iter()
            .find(|s| s.name == n)
            .map(|s| (s.att, s.def))
    };
    assert_eq!(side(&name(&galaxy, p2)), Some((4, 2)));
    // Hidden by his ALI 4: the levels assumed.
    assert_eq!(side(&name(&galaxy, p3)), Some((1, 1)));
    let origin = |n: &str| {
        taken
            .iter()
            .find(|l| l.side == n)
            .map(|l| (l.own, l.att_known, l.def_known))
    };
    assert_eq!(origin(&name(&galaxy, me)), Some((true, true, true)));
    assert_eq!(origin(&name(&galaxy, p2)), Some((false, true, true)));
    assert_eq!(origin(&name(&galaxy, p3)), Some((false, false, false)));

    // The preview's partial galaxy: known ATT and DEF, the rest assumed.
    let mut knowledge = Knowledge::new();
    assert!(knowledge.add(view).is_empty());
    let ruleset = Ruleset::builtin_2002();
    let (partial, _, assumed) =
        galaxy_from_knowledge(&knowledge, &Assumptions::default(), &ruleset);
    let tech_of = |n: &str| {
        partial
            .players
            .values()
            .find(|p| p.name == n)
            .map(|p| (p.tech.level(Tech::Att), p.tech.level(Tech::Def)))
    };
    assert_eq!(tech_of(&name(&galaxy, p2)), Some((4, 2)));
    assert_eq!(tech_of(&name(&galaxy, p3)), Some((1, 1)));
    let said: BTreeMap<String, LevelsAndTurns> = assumed
        .iter()
        .filter_map(|a| match a {
            Assumed::KnownTech {
                player,
                attack,
                defense,
            } => Some((player.clone(), (*attack, *defense))),
            _ => None,
        })
        .collect();
    // Player 4's start levels are shown too; player 3's are hidden.
    assert_eq!(said.len(), 2, "{said:?}");
    assert_eq!(
        said.get(&name(&galaxy, p2)),
        Some(&(Some((4, 1)), Some((2, 1))))
    );
    assert_eq!(
        said.get(&name(&galaxy, p4)),
        Some(&(Some((1, 1)), Some((1, 1))))
    );
    assert_eq!(said.get(&name(&galaxy, p3)), None);
    // A level the player sets himself wins over the reports'.
    let mut assumptions = Assumptions::default();
    assumptions.players.insert(
        name(&galaxy, p2),
        nebutil::resolve::partial::PlayerAssumption {
            tech: Some([3, 7, 7, 0, 0, 1]),
            class: None,
        },
    );
    let (partial, _, _) = galaxy_from_knowledge(&knowledge, &assumptions, &ruleset);
    let p2_tech = partial
        .players
        .values()
        .find(|p| p.name == name(&galaxy, p2))
        .map(|p| p.tech.level(Tech::Att));
    assert_eq!(p2_tech, Some(7));
}
