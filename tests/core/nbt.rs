//! The `.NBT` companion file: reading (fixtures under `tests/fixtures/nbt/read`:
//! `NAME.nbt` → `NAME.expected`, one `severity code line:column` per expected
//! diagnostic, `#` comments), writing, round trip, `apply` onto a CR's view and
//! `project` from the arbiter's galaxy.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

use nebutil::diagnostic::{Diagnostic, Severity, has_errors};
use nebutil::i18n::Lang;
use nebutil::model::view::{
    DeclarationKind, DeclarationView, DeclarationsView, OwnerView, PlayerRef, TechLine, TechView,
    TurnView, WorldView,
};
use nebutil::model::{Class, Coords, Galaxy, Player, PlayerId, Tech, World};
use nebutil::nbt::{self, GalaxySize, NbtCoords, NbtFile, NbtTech, ProjectOptions};
use nebutil::rules::Ruleset;
use proptest::prelude::*;

fn fixtures() -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/nbt/read")
}

fn render(d: &Diagnostic) -> String {
    format!(
        "{} {} {}:{}",
        d.severity.as_str(),
        d.code,
        d.span.line,
        d.span.column
    )
}

#[test]
fn read_fixtures() {
    let mut checked = 0;
    let mut failures = Vec::new();
    let mut entries: Vec<_> = std::fs::read_dir(fixtures())
        .expect("fixture folder")
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == "nbt"))
        .collect();
    entries.sort();
    for path in entries {
        let text = std::fs::read_to_string(&path).expect("fixture text");
        let expected_path = path.with_extension("expected");
        let expected = std::fs::read_to_string(&expected_path)
            .unwrap_or_else(|_| panic!("missing {}", expected_path.display()));
        let expected: Vec<&str> = expected
            .lines()
            .map(str::trim)
            .filter(|l| !l.is_empty() && !l.starts_with('#'))
            .collect();
        let (file, diagnostics) = nbt::read(&text);
        let got: Vec<String> = diagnostics.iter().map(render).collect();
        if got != expected {
            failures.push(format!(
                "{}: expected {expected:?}, got {got:?}",
                path.display()
            ));
        }
        // A file is returned exactly when no error was found.
        assert_eq!(
            file.is_some(),
            !has_errors(&diagnostics),
            "{}",
            path.display()
        );
        // Every message exists in both languages.
        for d in &diagnostics {
            for lang in Lang::ALL {
                assert_ne!(d.message(lang), d.code, "{} untranslated", d.code);
            }
        }
        checked += 1;
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert!(checked >= 10, "only {checked} fixtures");
}

fn sample() -> NbtFile {
    let mut file = NbtFile::new(12, 5, "Maxtor");
    file.game = Some("KARNAJ".into());
    file.ruleset = Some("2002".into());
    file.player.class = Some(Class::Emperor);
    file.galaxy_size = Some(GalaxySize {
        width: 40,
        height: 30,
    });
    file.start_world = Some(127);
    file.coords.insert(
        15,
        NbtCoords {
            x: 10,
            y: 7,
            exact: true,
        },
    );
    file.coords.insert(
        65,
        NbtCoords {
            x: 11,
            y: 9,
            exact: false,
        },
    );
    file.tech.insert(
        Tech::Dep,
        NbtTech {
            level: 4,
            progress: 4,
            cost: Some(10),
        },
    );
    file.tech.insert(
        Tech::Rad,
        NbtTech {
            level: 3,
            progress: 0,
            cost: None,
        },
    );
    file.known_players.insert(7, "Miria".into());
    file.known_players.insert(9, "BOF III".into());
    file.orders_sent = Some("F_57 M 65\nM_15 C 5 I\n".into());
    file
}

#[test]
fn write_matches_the_documented_layout() {
    let text = nbt::write(&sample());
    let fixture = std::fs::read_to_string(fixtures().join("full.nbt")).expect("fixture");
    assert_eq!(text, fixture);
    assert_eq!(
        text.lines().next(),
        Some("// Nébutil NG .NBT companion file, format version 1")
    );
}

#[test]
fn round_trip_of_a_full_file() {
    let file = sample();
    let (back, diagnostics) = nbt::read(&nbt::write(&file));
    assert!(diagnostics.is_empty(), "{diagnostics:?}");
    assert_eq!(back, Some(file));
}

#[test]
fn minimal_file_has_empty_optional_fields() {
    let (file, diagnostics) =
        nbt::read(r#"(version: 1, turn: 3, player: (number: 2, name: "Gaskor"))"#);
    assert!(diagnostics.is_empty());
    let file = file.expect("minimal file reads");
    assert_eq!(file.turn, 3);
    assert_eq!(file.player.name, "Gaskor");
    assert_eq!(file.player.class, None);
    assert!(file.coords.is_empty() && file.tech.is_empty() && file.known_players.is_empty());
    assert_eq!(file.orders_sent, None);
}

#[test]
fn future_version_is_refused_with_a_clear_message() {
    let text = "(version: 3, turn: 1, player: (number: 1, name: \"X\"), later_field: 4)";
    let (file, diagnostics) = nbt::read(text);
    assert_eq!(file, None);
    assert_eq!(diagnostics.len(), 1);
    let d = &diagnostics[0];
    assert_eq!(d.code, "nbt-future-version");
    assert_eq!(d.severity, Severity::Error);
    let en = d.message(Lang::En);
    assert!(en.contains("newer Nébutil NG"), "{en}");
    assert!(
        en.contains("version 3") && en.contains("up to version 1"),
        "{en}"
    );
    let fr = d.message(Lang::Fr);
    assert!(fr.contains("plus récent") && fr.contains('3'), "{fr}");
}

#[test]
fn malformed_ron_is_located() {
    let text = "(\n    version: 1,\n    turn: 4,\n    player: (number: 1, name: \"X\"),\n    coords: { 3: (x: 1, y: 2 exact: true) },\n)\n";
    let (file, diagnostics) = nbt::read(text);
    assert_eq!(file, None);
    assert_eq!(diagnostics.len(), 1);
    let d = &diagnostics[0];
    assert_eq!(d.code, "nbt-syntax");
    assert_eq!(d.span.line, 5);
    assert!(d.span.column > 20, "column {}", d.span.column);
    let rendered = d.render("turn4.NBT", Lang::En);
    assert!(
        rendered.starts_with("turn4.NBT:5:"),
        "rendered as {rendered}"
    );
}

#[test]
fn writing_is_stable() {
    let first = nbt::write(&sample());
    let (file, _) = nbt::read(&first);
    let second = nbt::write(&file.expect("reads"));
    assert_eq!(first, second);
}

fn arb_file() -> impl Strategy<Value = NbtFile> {
    let text = "[ -~éèàç\"#\\\\\n\t{}()]{0,40}";
    (
        (
            0u32..100,
            proptest::option::of(text),
            0u32..50,
            text,
            proptest::option::of(prop::sample::select(Class::ALL.to_vec())),
        ),
        (
            proptest::option::of((1u32..200, 1u32..200)),
            proptest::collection::btree_map(
                0u32..2000,
                (0u32..200, 0u32..200, any::<bool>()),
                0..20,
            ),
            proptest::collection::btree_map(
                prop::sample::select(Tech::ALL.to_vec()),
                (0u32..12, 0u32..30, proptest::option::of(1u32..20)),
                0..6,
            ),
            proptest::collection::btree_map(1u32..40, text, 0..6),
            proptest::option::of(text),
            proptest::option::of(0u32..2000),
        ),
    )
        .prop_map(
            |((turn, game, number, name, class), (size, coords, tech, known, orders, start))| {
                let mut file = NbtFile::new(turn, number, &name);
                file.game = game;
                file.player.class = class;
                file.galaxy_size = size.map(|(width, height)| GalaxySize { width, height });
                file.coords = coords
                    .into_iter()
                    .map(|(id, (x, y, exact))| (id, NbtCoords { x, y, exact }))
                    .collect();
                file.tech = tech
                    .into_iter()
                    .map(|(t, (level, progress, cost))| {
                        (
                            t,
                            NbtTech {
                                level,
                                progress,
                                cost,
                            },
                        )
                    })
                    .collect();
                file.known_players = known;
                file.orders_sent = orders;
                file.start_world = start;
                file
            },
        )
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]
    #[test]
    fn round_trip_of_any_file(file in arb_file()) {
        let text = nbt::write(&file);
        let (back, diagnostics) = nbt::read(&text);
        prop_assert!(!has_errors(&diagnostics), "{:?}\n{}", diagnostics, text);
        prop_assert_eq!(back, Some(file));
    }
}

// ----- apply -----

fn cr_view() -> TurnView {
    TurnView {
        game: Some("KARNAJ".into()),
        turn: Some(12),
        player: Some(PlayerRef {
            name: "Maxtor".into(),
            number: None,
        }),
        worlds: vec![
            WorldView {
                id: 15,
                connections: Some(vec![]),
                owner: Some(OwnerView {
                    name: Some("Maxtor".into()),
                    owned_turns: 5,
                    ..OwnerView::default()
                }),
                line: 8,
                ..WorldView::default()
            },
            WorldView {
                id: 20,
                connections: Some(vec![]),
                owner: Some(OwnerView::default()),
                coords: Some(Coords { x: 3, y: 3 }),
                line: 9,
                ..WorldView::default()
            },
        ],
        known_players: vec![PlayerRef {
            name: "Miria".into(),
            number: None,
        }],
        declarations: Some(DeclarationsView {
            made: vec![DeclarationView {
                kind: DeclarationKind::Ally,
                player: PlayerRef {
                    name: "BOF III".into(),
                    number: None,
                },
                turn: None,
            }],
            received: vec![],
        }),
        ..TurnView::default()
    }
}

fn codes(diagnostics: &[Diagnostic]) -> Vec<&str> {
    diagnostics.iter().map(|d| d.code.as_str()).collect()
}

#[test]
fn apply_merges_the_facts_the_cr_lacks() {
    let mut view = cr_view();
    let mut diagnostics = Vec::new();
    let mut file = sample();
    file.coords.insert(
        20,
        NbtCoords {
            x: 3,
            y: 3,
            exact: true,
        },
    );
    nbt::apply(&file, &mut view, &mut diagnostics);
    assert!(diagnostics.is_empty(), "{diagnostics:?}");

    assert_eq!(view.player.as_ref().and_then(|p| p.number), Some(5));
    assert_eq!(view.class, Some(Class::Emperor));
    assert_eq!(view.galaxy_size, Some((40, 30)));
    // An own world gets its exact position.
    let w15 = view.world(15).expect("M_15");
    assert_eq!(w15.coords, Some(Coords { x: 10, y: 7 }));
    assert!(!w15.coords_approximate);
    assert_eq!(w15.line, 8, "the CR's world keeps its line");
    // A radar-3 neighbour the CR does not describe becomes a position-only world.
    let w65 = view.world(65).expect("M_65 added");
    assert_eq!(w65.coords, Some(Coords { x: 11, y: 9 }));
    assert!(w65.coords_approximate);
    assert_eq!(
        (w65.line, w65.owner.clone(), w65.connections.clone()),
        (0, None, None)
    );
    // Known players get numbers; the ones the CR did not list are added.
    assert_eq!(view.player_number("Miria"), Some(7));
    assert_eq!(view.player_number("BOF III"), Some(9));
    let decl = &view.declarations.as_ref().expect("declarations").made[0];
    assert_eq!(decl.player.number, Some(9));
    // Technologies: the CR had no block, the NBT gives it.
    let tech = view.tech.as_ref().expect("tech from the NBT");
    assert_eq!(
        tech.line(Tech::Dep),
        Some(&TechLine {
            tech: Tech::Dep,
            level: 4,
            invested: 4,
            cost: Some(10)
        })
    );
    assert_eq!(view.orders_sent.as_deref(), Some("F_57 M 65\nM_15 C 5 I\n"));
}

#[test]
fn apply_keeps_the_cr_and_warns_on_disagreement() {
    let mut view = cr_view();
    view.class = Some(Class::Pirate);
    view.known_players[0].number = Some(8);
    view.tech = Some(TechView {
        lines: vec![TechLine {
            tech: Tech::Dep,
            level: 3,
            invested: 0,
            cost: Some(10),
        }],
        catt: None,
        cdef: None,
    });
    let mut file = sample();
    file.coords.insert(
        20,
        NbtCoords {
            x: 4,
            y: 3,
            exact: true,
        },
    );
    let mut diagnostics = Vec::new();
    nbt::apply(&file, &mut view, &mut diagnostics);
    assert_eq!(
        codes(&diagnostics),
        vec![
            "nbt-class-mismatch",
            "nbt-coords-mismatch",
            "nbt-known-player-mismatch",
            "nbt-tech-mismatch"
        ]
    );
    assert!(diagnostics.iter().all(|d| d.severity == Severity::Warning));
    assert_eq!(view.class, Some(Class::Pirate));
    assert_eq!(
        view.world(20).and_then(|w| w.coords),
        Some(Coords { x: 3, y: 3 })
    );
    assert_eq!(view.player_number("Miria"), Some(8));
    assert_eq!(
        view.tech
            .as_ref()
            .and_then(|t| t.line(Tech::Dep))
            .map(|l| l.level),
        Some(3)
    );
}

#[test]
fn apply_of_another_turn_takes_only_lasting_facts() {
    let mut view = cr_view();
    view.turn = Some(13);
    let mut diagnostics = Vec::new();
    nbt::apply(&sample(), &mut view, &mut diagnostics);
    assert_eq!(codes(&diagnostics), vec!["nbt-turn-mismatch"]);
    assert_eq!(view.turn, Some(13));
    assert_eq!(
        view.world(15).and_then(|w| w.coords),
        Some(Coords { x: 10, y: 7 })
    );
    assert_eq!(view.player_number("Miria"), Some(7));
    assert_eq!(
        view.orders_sent, None,
        "orders of another turn are not applied"
    );
    assert_eq!(
        view.tech, None,
        "technologies of another turn are not applied"
    );
}

#[test]
fn apply_of_another_player_or_game_changes_nothing() {
    for (game, name) in [("KARNAJ", "Miria"), ("OTHER", "Maxtor")] {
        let mut view = cr_view();
        let before = view.clone();
        let mut file = sample();
        file.game = Some(game.into());
        file.player.name = name.into();
        let mut diagnostics = Vec::new();
        nbt::apply(&file, &mut view, &mut diagnostics);
        let expected = if game == "OTHER" {
            "nbt-game-mismatch"
        } else {
            "nbt-player-mismatch"
        };
        assert_eq!(codes(&diagnostics), vec![expected]);
        assert_eq!(view, before);
    }
}

#[test]
fn apply_onto_an_empty_view_gives_the_turn_and_player() {
    let mut view = TurnView::default();
    let mut diagnostics = Vec::new();
    nbt::apply(&sample(), &mut view, &mut diagnostics);
    assert!(diagnostics.is_empty());
    assert_eq!(view.turn, Some(12));
    assert_eq!(view.game.as_deref(), Some("KARNAJ"));
    assert_eq!(
        view.player,
        Some(PlayerRef {
            name: "Maxtor".into(),
            number: Some(5)
        })
    );
}

// ----- project -----

/// A chain of worlds 1 - 2 - 3 - 4 - 5 with coordinates (id, 10·id); player 1
/// owns M_1, player 2 owns M_5.
fn galaxy(rad: u32) -> Galaxy {
    let mut galaxy = Galaxy {
        width: 60,
        height: 60,
        turn: 4,
        final_turn: 20,
        ..Galaxy::default()
    };
    for id in 1..=5u32 {
        let mut connections = Vec::new();
        if id > 1 {
            connections.push(id - 1);
        }
        if id < 5 {
            connections.push(id + 1);
        }
        let world = World::new(id, connections, Coords { x: id, y: 10 * id });
        galaxy.worlds.insert(id, world);
    }
    let mut me = Player::new(PlayerId(1), "Maxtor", Some(Class::Explorer));
    me.tech.set_level(Tech::Rad, rad);
    me.tech.set_progress(Tech::Dep, 2);
    me.known_players.insert(PlayerId(2));
    me.known_players.insert(PlayerId::NEUTRAL);
    galaxy.players.insert(PlayerId(1), me);
    galaxy.players.insert(
        PlayerId(2),
        Player::new(PlayerId(2), "Miria", Some(Class::Missionary)),
    );
    galaxy.players.insert(PlayerId::NEUTRAL, Player::neutral());
    if let Some(w) = galaxy.worlds.get_mut(&1) {
        w.owner = PlayerId(1);
        w.start_owner = Some(PlayerId(1));
    }
    if let Some(w) = galaxy.worlds.get_mut(&5) {
        w.owner = PlayerId(2);
    }
    galaxy
}

fn coords_of(file: &NbtFile) -> BTreeMap<u32, bool> {
    file.coords.iter().map(|(id, c)| (*id, c.exact)).collect()
}

#[test]
fn project_gives_coordinates_by_radar_level() {
    let ruleset = Ruleset::builtin_2002();
    let options = ProjectOptions {
        ruleset: &ruleset,
        game_name: Some("KARNAJ"),
        orders_sent: Some("F_1 M 2\n"),
    };
    // The CR describes M_1 (owned) and M_3 (probed, say).
    let described: BTreeSet<u32> = [1, 3].into();
    let at = |rad| nbt::project(&galaxy(rad), PlayerId(1), &described, &options);

    assert_eq!(coords_of(&at(0)), BTreeMap::new());
    assert_eq!(coords_of(&at(1)), BTreeMap::from([(1, true)]));
    assert_eq!(coords_of(&at(2)), BTreeMap::from([(1, true), (3, true)]));
    assert_eq!(
        coords_of(&at(3)),
        BTreeMap::from([(1, true), (2, false), (3, true), (4, false)])
    );
    assert_eq!(
        at(3).coords[&4],
        NbtCoords {
            x: 4,
            y: 40,
            exact: false
        }
    );
}

#[test]
fn project_carries_identity_tech_and_known_players() {
    let ruleset = Ruleset::builtin_2002();
    let options = ProjectOptions {
        ruleset: &ruleset,
        game_name: Some("KARNAJ"),
        orders_sent: Some("F_1 M 2\n"),
    };
    let file = nbt::project(&galaxy(1), PlayerId(1), &BTreeSet::from([1]), &options);
    assert_eq!(file.version, nbt::CURRENT_VERSION);
    assert_eq!((file.turn, file.game.as_deref()), (4, Some("KARNAJ")));
    assert_eq!(file.ruleset.as_deref(), Some(ruleset.name.as_str()));
    assert_eq!(file.player.number, 1);
    assert_eq!(file.player.name, "Maxtor");
    assert_eq!(file.player.class, Some(Class::Explorer));
    assert_eq!(
        file.galaxy_size,
        Some(GalaxySize {
            width: 60,
            height: 60
        })
    );
    assert_eq!(file.start_world, Some(1));
    assert_eq!(file.orders_sent.as_deref(), Some("F_1 M 2\n"));
    // The neutral player is never known by name (G-135).
    assert_eq!(
        file.known_players,
        BTreeMap::from([(2, "Miria".to_string())])
    );
    let dep = file.tech[&Tech::Dep];
    assert_eq!((dep.level, dep.progress), (3, 2));
    assert_eq!(
        dep.cost,
        Some(ruleset.tech_cost(Class::Explorer, Tech::Dep))
    );
    assert_eq!(file.tech.len(), 6);
    // The projected file reads back, and applies to a view of that player.
    let (back, diagnostics) = nbt::read(&nbt::write(&file));
    assert!(diagnostics.is_empty());
    assert_eq!(back.as_ref(), Some(&file));
}

#[test]
fn project_at_maximum_level_has_no_cost() {
    let ruleset = Ruleset::builtin_2002();
    let options = ProjectOptions {
        ruleset: &ruleset,
        game_name: None,
        orders_sent: None,
    };
    let file = nbt::project(&galaxy(3), PlayerId(1), &BTreeSet::new(), &options);
    let rad = file.tech[&Tech::Rad];
    match ruleset.tech_max(Class::Explorer, Tech::Rad) {
        Some(max) if max <= 3 => assert_eq!(rad.cost, None),
        _ => assert_eq!(
            rad.cost,
            Some(ruleset.tech_cost(Class::Explorer, Tech::Rad))
        ),
    }
}

/// Ruling G-135 (VII.2) as the NBT applies it: even when the arbiter's data lists
/// the neutral player among the known ones, the file does not name him.
#[test]
fn ruling_g135_neutral_player_is_never_known_by_name() {
    let ruleset = Ruleset::builtin_2002();
    let options = ProjectOptions {
        ruleset: &ruleset,
        game_name: None,
        orders_sent: None,
    };
    let mut g = galaxy(0);
    if let Some(neutral) = g.players.get_mut(&PlayerId::NEUTRAL) {
        neutral.name = "Neutre".into();
    }
    let file = nbt::project(&g, PlayerId(1), &BTreeSet::new(), &options);
    assert!(!file.known_players.contains_key(&0));
    assert!(!file.known_players.values().any(|n| n == "Neutre"));
    assert_eq!(file.known_players.len(), 1);
}
