//! The galaxy generator: determinism, the invariants of the map and of the start,
//! treasures (ruling G-131), CRs that read back, and refused parameters.

use std::collections::{BTreeMap, BTreeSet, VecDeque};

use nebutil::diagnostic::Severity;
use nebutil::game::generate::{
    GeneratorParams, PlayerSetup, generate, generate_seeded, start_worlds, validate,
};
use nebutil::i18n::{self, Lang};
use nebutil::model::treasure::all_kinds;
use nebutil::model::{Class, Galaxy, PlayerId, Tech, TreasureLocation};
use nebutil::nbt;
use nebutil::report::{self, WriteOptions};
use nebutil::rules::Ruleset;
use proptest::prelude::*;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

fn players(n: usize) -> Vec<PlayerSetup> {
    (0..n)
        .map(|i| PlayerSetup::new(&format!("Joueur {}", i + 1), Class::ALL[i % 7]))
        .collect()
}

fn galaxy(n: usize, seed: u64) -> Galaxy {
    let params = GeneratorParams::new(players(n));
    match generate_seeded(&params, &Ruleset::builtin_2002(), seed) {
        Ok(galaxy) => galaxy,
        Err(error) => panic!("generation failed: {error}"),
    }
}

fn ron(galaxy: &Galaxy) -> String {
    ron::to_string(galaxy).unwrap_or_default()
}

#[test]
fn same_seed_same_bytes_other_seed_other_galaxy() {
    let rules = Ruleset::builtin_2002();
    let params = GeneratorParams::new(players(6));
    let run = |seed| {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        generate(&params, &rules, &mut rng).map(|g| ron(&g))
    };
    let first = run(42).unwrap_or_default();
    assert!(first.len() > 1000);
    assert_eq!(Ok(first.clone()), run(42));
    assert_ne!(Ok(first), run(43));
    // generate_seeded is the same thing.
    assert_eq!(run(7), Ok(ron(&galaxy(6, 7))));
}

fn torus_distance(g: &Galaxy, a: u32, b: u32) -> u64 {
    let (wa, wb) = (&g.worlds[&a], &g.worlds[&b]);
    let dx = Galaxy::torus_delta(wa.coords.x, wb.coords.x, g.width).unsigned_abs();
    let dy = Galaxy::torus_delta(wa.coords.y, wb.coords.y, g.height).unsigned_abs();
    dx * dx + dy * dy
}

fn check_map(g: &Galaxy, rules: &Ruleset) {
    let (low, high) = (rules.galaxy.min_connections, rules.galaxy.max_connections);
    let mut coords = BTreeSet::new();
    for world in g.worlds.values() {
        assert!(world.coords.x < g.width && world.coords.y < g.height);
        assert!(
            coords.insert(world.coords),
            "M_{} shares its coordinates",
            world.id
        );
        let count = world.connections.len() as u32;
        assert!(
            (low..=high).contains(&count),
            "M_{} has {count} connections",
            world.id
        );
        let distinct: BTreeSet<_> = world.connections.iter().collect();
        assert_eq!(
            distinct.len(),
            world.connections.len(),
            "M_{} repeats",
            world.id
        );
        for other in &world.connections {
            assert_ne!(*other, world.id, "M_{} connected to itself", world.id);
            assert!(
                g.worlds[other].is_connected_to(world.id),
                "M_{} -> M_{other} is one-way",
                world.id
            );
        }
    }
    // Connected: a breadth-first walk from the first world reaches every world.
    let first = *g.worlds.keys().next().unwrap_or(&0);
    let mut seen = BTreeSet::from([first]);
    let mut queue = VecDeque::from([first]);
    while let Some(id) = queue.pop_front() {
        for next in &g.worlds[&id].connections {
            if seen.insert(*next) {
                queue.push_back(*next);
            }
        }
    }
    assert_eq!(seen.len(), g.worlds.len(), "the graph is not connected");
}

#[test]
fn the_map_is_a_connected_symmetric_torus_graph_with_dead_ends() {
    let rules = Ruleset::builtin_2002();
    for (n, seed) in [(1, 1), (3, 2), (8, 3), (20, 4)] {
        let g = galaxy(n, seed);
        assert_eq!(g.worlds.len(), (25 * n).max(20));
        assert_eq!(g.turn, 1);
        check_map(&g, &rules);
    }
    let g = galaxy(20, 4);
    let dead_ends = g
        .worlds
        .values()
        .filter(|w| w.connections.len() == 1)
        .count();
    let hubs = g
        .worlds
        .values()
        .filter(|w| w.connections.len() >= 5)
        .count();
    assert!(dead_ends >= 5, "{dead_ends} dead ends among 500 worlds");
    assert!(hubs >= 5, "{hubs} worlds with 5+ connections among 500");
    // A narrower ruleset is obeyed too.
    let mut narrow = rules.clone();
    narrow.galaxy.min_connections = 2;
    narrow.galaxy.max_connections = 3;
    let params = GeneratorParams::new(players(4));
    let g = generate_seeded(&params, &narrow, 9);
    assert!(g.is_ok());
    if let Ok(g) = g {
        check_map(&g, &narrow);
    }
}

#[test]
fn start_worlds_are_the_books() {
    let rules = Ruleset::builtin_2002();
    let g = galaxy(7, 11);
    let starts = start_worlds(&g);
    assert_eq!(starts.len(), 7);
    assert_eq!(g.players.len(), 8, "seven players and the neutral one");
    assert!(g.players[&PlayerId::NEUTRAL].class.is_none());
    for (player, world) in &starts {
        let w = &g.worlds[world];
        let p = &g.players[player];
        assert_eq!(p.class, Some(Class::ALL[(player.0 - 1) as usize]));
        assert_eq!(p.name, format!("Joueur {}", player.0));
        assert!(p.known_players.is_empty(), "nobody known by name at start");
        assert_eq!(p.tech.level(Tech::Dep), 3);
        assert_eq!(p.tech.level(Tech::Car), 1);
        assert_eq!(p.tech.level(Tech::Rad), 0);
        for tech in Tech::ALL {
            assert_eq!(p.tech.level(tech), rules.tech_initial(tech));
            assert_eq!(p.tech.progress(tech), 0);
        }
        // [I=30]=1 [P=50 (100)]=1 MP=30 (+2), all 30 industries active.
        assert_eq!(w.owner, *player);
        assert_eq!(w.start_owner, Some(*player));
        assert_eq!((w.industries, w.active_industries), (30, 30));
        assert_eq!((w.vi, w.vp), (1, 1));
        assert_eq!(w.population.non_converts, 50);
        assert_eq!(w.population.total(), 50);
        assert_eq!(w.pop_limit, 100);
        assert_eq!((w.mp, w.mining), (30, 2));
        assert_eq!((w.owned_turns, w.mining_counter, w.pe), (0, 0, 0));
        assert!(!w.black_hole);
        assert!(w.connections.len() >= 2, "a start world is no dead end");
        let fleets: Vec<_> = g.fleets_at(*world).collect();
        assert_eq!(fleets.len(), 5);
        for f in fleets {
            assert_eq!(f.owner, *player);
            assert_eq!((f.vc, f.vt), (0, 0));
            assert!(f.cargo.is_empty() && !f.bomb && !f.at_peace);
        }
        assert_eq!(g.fleets_of(*player).count(), 5);
        assert_eq!(g.worlds_of(*player).count(), 1);
        // Never next to another start world or a black hole.
        for next in &w.connections {
            let n = &g.worlds[next];
            assert!(
                !n.is_start_world(),
                "M_{world} next to start world M_{next}"
            );
            assert!(!n.black_hole, "M_{world} next to black hole M_{next}");
        }
    }
    assert!((10..=30).contains(&g.final_turn));
}

#[test]
fn start_worlds_are_spread_apart() {
    // Farthest-point selection: the closest pair of start worlds is at least
    // 1/sqrt(2) of the spacing of a regular grid (area / players per start world),
    // where 20 random worlds of 500 would typically leave a pair 2 cells apart.
    for seed in [5, 6, 7] {
        let g = galaxy(20, seed);
        let starts: Vec<u32> = start_worlds(&g).into_values().collect();
        let closest = starts
            .iter()
            .enumerate()
            .flat_map(|(i, a)| starts[i + 1..].iter().map(move |b| (*a, *b)))
            .map(|(a, b)| torus_distance(&g, a, b))
            .min()
            .unwrap_or(0);
        let per_start = u64::from(g.width) * u64::from(g.height) / 20;
        assert!(
            closest * 2 >= per_start,
            "seed {seed}: closest start worlds {closest} (squared), {per_start} cells each"
        );
    }
}

#[test]
fn neutral_worlds_black_holes_and_fleets() {
    let g = galaxy(8, 21);
    let black: Vec<_> = g.worlds.values().filter(|w| w.black_hole).collect();
    assert_eq!(black.len(), 200 / 40);
    for w in &black {
        assert_eq!(w.owner, PlayerId::NEUTRAL);
        assert_eq!((w.population.total(), w.mining, w.industries), (0, 0, 0));
        assert_eq!((w.vi, w.vp, w.mp, w.pop_limit), (0, 0, 0, 0));
        assert!(!w.is_start_world());
        assert_eq!(g.fleets_at(w.id).count(), 0);
    }
    let neutral: Vec<_> = g
        .worlds
        .values()
        .filter(|w| !w.black_hole && !w.is_start_world())
        .collect();
    assert!(neutral.iter().all(|w| w.owner == PlayerId::NEUTRAL));
    assert!(neutral.iter().all(|w| w.population.total() <= 300));
    assert!(
        neutral
            .iter()
            .all(|w| u64::from(w.pop_limit) >= w.population.total())
    );
    assert!(neutral.iter().all(|w| w.mining <= 5));
    assert!(neutral.iter().all(|w| w.active_industries <= w.industries));
    assert!(neutral.iter().any(|w| w.population.total() == 0));
    assert!(neutral.iter().any(|w| w.population.total() > 150));
    assert!(neutral.iter().any(|w| w.vi > 0 && w.industries > 0));
    assert!(neutral.iter().any(|w| w.vp > 0));
    let mining: BTreeSet<u32> = neutral.iter().map(|w| w.mining).collect();
    assert_eq!(mining.len(), 6, "mining capacities 0..=5 all appear");

    let fleets: Vec<_> = g.fleets_of(PlayerId::NEUTRAL).collect();
    assert_eq!(fleets.len(), 200 / 5);
    assert!(fleets.iter().any(|f| f.vc > 0));
    assert!(fleets.iter().any(|f| f.vc == 0));
    for f in &fleets {
        let w = &g.worlds[&f.world];
        assert!(!w.black_hole && !w.is_start_world());
    }
    // Fleet numbers are 1..=F, all used once.
    let ids: Vec<u32> = g.fleets.keys().copied().collect();
    assert_eq!(ids, (1..=(8 * 5 + 40)).collect::<Vec<u32>>());
}

#[test]
fn ruling_g131_treasures_on_neutral_worlds_and_fleets_only() {
    let g = galaxy(8, 31);
    assert_eq!(g.treasures.len(), 200);
    let kinds: BTreeSet<_> = g.treasures.values().map(|t| t.kind).collect();
    assert_eq!(kinds, all_kinds().into_iter().collect());
    let names: BTreeSet<String> = g.treasures.values().map(|t| t.name()).collect();
    assert_eq!(names.len(), 200);
    let mut on_fleets = 0;
    for t in g.treasures.values() {
        match t.location {
            TreasureLocation::World(w) => {
                let w = &g.worlds[&w];
                assert!(!w.is_start_world() && !w.black_hole);
                assert_eq!(w.owner, PlayerId::NEUTRAL);
            }
            TreasureLocation::Fleet(f) => {
                on_fleets += 1;
                assert_eq!(g.fleets[&f].owner, PlayerId::NEUTRAL);
            }
        }
    }
    assert!(
        (10..=80).contains(&on_fleets),
        "{on_fleets} of 200 on fleets"
    );
    // A fraction, and none without neutral fleets to carry them.
    let mut params = GeneratorParams::new(players(2));
    params.treasures = Some(50);
    params.neutral_fleets = Some(0);
    let g = generate_seeded(&params, &Ruleset::builtin_2002(), 3);
    let g = g.unwrap_or_default();
    assert_eq!(g.treasures.len(), 50);
    assert_eq!(g.fleets.len(), 10);
    let kinds: BTreeSet<_> = g.treasures.values().map(|t| t.kind).collect();
    assert_eq!(kinds.len(), 50);
    assert!(
        g.treasures
            .values()
            .all(|t| matches!(t.location, TreasureLocation::World(_)))
    );
}

#[test]
fn final_turn_from_parameter_or_requests() {
    let rules = Ruleset::builtin_2002();
    let mut setups = players(3);
    setups[0].final_turn_request = Some(19);
    setups[1].final_turn_request = Some(15);
    setups[2].final_turn_request = Some(18);
    let params = GeneratorParams::new(setups);
    let g = generate_seeded(&params, &rules, 1).unwrap_or_default();
    assert_eq!(g.final_turn, 17, "(19 + 15 + 18) / 3 = 17.33 → 17");
    assert_eq!(g.players[&PlayerId(2)].final_turn_request, Some(15));
    let mut params = params;
    params.final_turn = Some(25);
    let g = generate_seeded(&params, &rules, 1).unwrap_or_default();
    assert_eq!(g.final_turn, 25);
    let g = galaxy(2, 1);
    assert_eq!(g.final_turn, 20, "no request: the middle of 10..=30");
}

#[test]
fn every_players_start_cr_reads_back_without_errors() {
    let rules = Ruleset::builtin_2002();
    let g = galaxy(7, 77);
    let options = WriteOptions {
        ruleset: &rules,
        record: None,
        game_name: Some("Essai"),
    };
    for (player, world) in start_worlds(&g) {
        let text = report::write(&g, player, &options);
        assert!(text.contains(&format!("Joueur {}", player.0)));
        let (view, diagnostics) = report::read(&text);
        let errors: Vec<_> = diagnostics
            .iter()
            .filter(|d| d.severity == Severity::Error)
            .collect();
        assert!(errors.is_empty(), "player {player}: {errors:?}\n{text}");
        assert!(
            view.worlds.iter().any(|w| w.id == world),
            "player {player} does not see his start world M_{world}"
        );
    }
}

#[test]
fn every_players_start_nbt_round_trips() {
    let rules = Ruleset::builtin_2002();
    let g = galaxy(4, 12);
    let write_options = WriteOptions {
        ruleset: &rules,
        record: None,
        game_name: Some("Essai"),
    };
    let options = nbt::ProjectOptions {
        ruleset: &rules,
        game_name: Some("Essai"),
        orders_sent: None,
    };
    for (player, world) in start_worlds(&g) {
        let (view, _) = report::read(&report::write(&g, player, &write_options));
        let file = nbt::project(&g, player, &nbt::described_worlds(&view), &options);
        assert_eq!(file.start_world, Some(world));
        let (back, diagnostics) = nbt::read(&nbt::write(&file));
        assert!(
            diagnostics.iter().all(|d| d.severity != Severity::Error),
            "player {player}: {diagnostics:?}"
        );
        assert_eq!(back.as_ref().and_then(|f| f.start_world), Some(world));
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(12))]

    /// Any seed, any player count: the map invariants hold, the start worlds are
    /// apart and the treasures are where ruling G-131 puts them.
    #[test]
    fn any_seed_gives_a_valid_galaxy(seed in any::<u64>(), n in 1usize..=12) {
        let rules = Ruleset::builtin_2002();
        let g = galaxy(n, seed);
        check_map(&g, &rules);
        let starts = start_worlds(&g);
        prop_assert_eq!(starts.len(), n);
        for world in starts.values() {
            for next in &g.worlds[world].connections {
                prop_assert!(!g.worlds[next].is_start_world());
                prop_assert!(!g.worlds[next].black_hole);
            }
        }
        prop_assert_eq!(g.treasures.len(), 200);
        for t in g.treasures.values() {
            let owner = match t.location {
                TreasureLocation::World(w) => g.worlds[&w].owner,
                TreasureLocation::Fleet(f) => g.fleets[&f].owner,
            };
            prop_assert_eq!(owner, PlayerId::NEUTRAL);
        }
    }
}

fn refused(params: &GeneratorParams, rules: &Ruleset) -> &'static str {
    match validate(params, rules) {
        Ok(()) => "accepted",
        Err(error) => {
            // The code is a message in both languages.
            for lang in [Lang::Fr, Lang::En] {
                assert!(
                    i18n::has_message(lang, error.code),
                    "{} lacks text",
                    error.code
                );
                assert_ne!(error.message(lang), error.code);
            }
            let again = generate_seeded(params, rules, 0).map(|_| ());
            assert_eq!(again, Err(error.clone()));
            error.code
        }
    }
}

#[test]
fn parameters_out_of_range_are_refused_with_their_code() {
    let rules = Ruleset::builtin_2002();
    let base = GeneratorParams::new(players(4));
    assert_eq!(refused(&base, &rules), "accepted");
    let with = |f: &dyn Fn(&mut GeneratorParams)| {
        let mut p = base.clone();
        f(&mut p);
        refused(&p, &rules)
    };
    assert_eq!(with(&|p| p.players.clear()), "game-gen-no-players");
    assert_eq!(
        with(&|p| p.players[1].name = String::new()),
        "game-gen-player-name"
    );
    assert_eq!(
        with(&|p| p.players[1].name = "Le \"Roi\"".into()),
        "game-gen-player-name"
    );
    assert_eq!(
        with(&|p| p.players[1].name = " Roi".into()),
        "game-gen-player-name"
    );
    assert_eq!(
        with(&|p| p.players[1].name = "x".repeat(41)),
        "game-gen-player-name"
    );
    // A final `!` is the CR's capture mark: the name would not read back.
    assert_eq!(
        with(&|p| p.players[1].name = "Bang!".into()),
        "game-gen-player-name"
    );
    assert_eq!(
        with(&|p| p.players[1].name = "Bang! Bang".into()),
        "accepted"
    );
    assert_eq!(
        with(&|p| p.players[1].name = "JOUEUR 1".into()),
        "game-gen-duplicate-name"
    );
    assert_eq!(with(&|p| p.worlds = 39), "game-gen-worlds");
    assert_eq!(with(&|p| p.worlds = 40), "accepted");
    assert_eq!(with(&|p| p.worlds = 5001), "accepted");
    assert_eq!(with(&|p| p.worlds = 200_000), "accepted");
    assert_eq!(with(&|p| p.worlds = 200_001), "game-gen-too-many-worlds");
    assert_eq!(with(&|p| (p.width, p.height) = (10, 10)), "game-gen-torus");
    assert_eq!(with(&|p| (p.width, p.height) = (20, 10)), "accepted");
    assert_eq!(
        with(&|p| (p.width, p.height) = (1001, 100)),
        "game-gen-torus"
    );
    assert_eq!(with(&|p| (p.width, p.height) = (0, 100)), "game-gen-torus");
    assert_eq!(with(&|p| p.black_holes = Some(11)), "game-gen-black-holes");
    assert_eq!(with(&|p| p.black_holes = Some(10)), "accepted");
    assert_eq!(
        with(&|p| p.neutral_fleets = Some(101)),
        "game-gen-neutral-fleets"
    );
    assert_eq!(with(&|p| p.treasures = Some(201)), "game-gen-treasures");
    assert_eq!(with(&|p| p.final_turn = Some(9)), "game-gen-final-turn");
    assert_eq!(with(&|p| p.final_turn = Some(31)), "game-gen-final-turn");
    assert_eq!(
        with(&|p| p.players[0].final_turn_request = Some(40)),
        "game-gen-final-turn"
    );
    let mut bad = rules.clone();
    bad.galaxy.max_connections = 1;
    assert_eq!(refused(&base, &bad), "game-gen-connections");
    bad.galaxy.max_connections = 8;
    bad.galaxy.min_connections = 0;
    assert_eq!(refused(&base, &bad), "game-gen-connections");
    // Valid parameters, but a ruleset whose worlds all connect to each other
    // leaves no room for two start worlds apart.
    let mut complete = rules.clone();
    (
        complete.galaxy.min_connections,
        complete.galaxy.max_connections,
    ) = (19, 19);
    let mut two = GeneratorParams::new(players(2));
    two.worlds = 20;
    assert_eq!(validate(&two, &complete), Ok(()));
    let error = generate_seeded(&two, &complete, 1).err();
    assert_eq!(error.as_ref().map(|e| e.code), Some("game-gen-no-room"));
    let message = error.map(|e| e.message(Lang::En)).unwrap_or_default();
    assert!(
        message.contains("2 start worlds") && message.contains("20 worlds"),
        "{message}"
    );
    two.players.truncate(1);
    let g = generate_seeded(&two, &complete, 1).unwrap_or_default();
    assert!(g.worlds.values().all(|w| w.connections.len() == 19));
    // Accepted extremes generate.
    let mut dense = base.clone();
    (dense.worlds, dense.width, dense.height) = (40, 10, 8);
    dense.black_holes = Some(4);
    let g = generate_seeded(&dense, &rules, 5).unwrap_or_default();
    assert_eq!(g.worlds.len(), 40);
    check_map(&g, &rules);
}

#[test]
fn start_world_counts_follow_the_ruleset() {
    let mut rules = Ruleset::builtin_2002();
    rules.start.fleets = 3;
    rules.start.industries = 12;
    rules.start.potential = 7;
    let params = GeneratorParams::new(players(2));
    let g = generate_seeded(&params, &rules, 8).unwrap_or_default();
    let per_player: BTreeMap<PlayerId, usize> = [PlayerId(1), PlayerId(2)]
        .into_iter()
        .map(|p| (p, g.fleets_of(p).count()))
        .collect();
    assert_eq!(per_player.values().copied().collect::<Vec<_>>(), vec![3, 3]);
    for world in start_worlds(&g).values() {
        let w = &g.worlds[world];
        assert_eq!((w.industries, w.active_industries, w.pe), (12, 12, 7));
    }
}

#[test]
fn the_1999_ruleset_generates_its_own_start() {
    let rules = Ruleset::builtin_1999();
    let params = GeneratorParams::new(players(7));
    let g = generate_seeded(&params, &rules, 1999).unwrap_or_default();
    check_map(&g, &rules);
    let starts = start_worlds(&g);
    assert_eq!(starts.len(), 7);
    for (player, world) in starts {
        let w = &g.worlds[&world];
        assert_eq!(w.industries, rules.start.industries);
        assert_eq!(w.population.non_converts, rules.start.population);
        assert_eq!(w.pop_limit, rules.start.population_limit);
        assert_eq!(g.fleets_of(player).count() as u32, rules.start.fleets);
        for tech in Tech::ALL {
            assert_eq!(
                g.players[&player].tech.level(tech),
                rules.tech_initial(tech)
            );
        }
    }
}

// ---- The generator's output is pinned ---------------------------------------
//
// `tests/fixtures/generate/galaxies.txt` holds, for each case below, a hash of the
// galaxy the generator gave (FNV-1a of the canonical dump `dump`); the small cases
// also keep their whole dump (`<case>.txt`) so that a difference can be read. They
// were written by the quadratic generator (before the spatial index), and the
// indexed one must give the same galaxies: same seed, same bytes.
// `UPDATE_EXPECT=1` rewrites them (only when the output is meant to change).

/// Every value the generator sets, one line per world, fleet, treasure and player
/// (a fixed text of our own, so that a new field in the model does not move it).
fn dump(g: &Galaxy) -> String {
    use std::fmt::Write as _;
    let mut out = String::new();
    let _ = writeln!(
        out,
        "galaxy {}x{} turn {} final {}",
        g.width, g.height, g.turn, g.final_turn
    );
    for p in g.players.values() {
        let techs: Vec<String> = Tech::ALL
            .iter()
            .map(|t| format!("{}/{}", p.tech.level(*t), p.tech.progress(*t)))
            .collect();
        let _ = writeln!(
            out,
            "P{} {:?} {:?} {} req {:?}",
            p.id.0,
            p.name,
            p.class,
            techs.join(","),
            p.final_turn_request
        );
    }
    for w in g.worlds.values() {
        let _ = writeln!(
            out,
            "M{} ({},{}) {:?} owner {} start {:?} turns {}/{} I {}/{} VI {} VP {} \
             P {}/{} ({}) MP {} mine {} PE {} BH {}",
            w.id,
            w.coords.x,
            w.coords.y,
            w.connections,
            w.owner.0,
            w.start_owner.map(|p| p.0),
            w.owned_turns,
            w.mining_counter,
            w.industries,
            w.active_industries,
            w.vi,
            w.vp,
            w.population.non_converts,
            w.population.total(),
            w.pop_limit,
            w.mp,
            w.mining,
            w.pe,
            w.black_hole
        );
    }
    for f in g.fleets.values() {
        let _ = writeln!(
            out,
            "F{} owner {} at M{} VC {} VT {}",
            f.id, f.owner.0, f.world, f.vc, f.vt
        );
    }
    for t in g.treasures.values() {
        let _ = writeln!(out, "T{} {:?} {:?}", t.id, t.name(), t.location);
    }
    out
}

fn fnv1a(text: &str) -> u64 {
    text.bytes().fold(0xcbf2_9ce4_8422_2325, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)
    })
}

/// The pinned cases: name, parameters, ruleset, seed.
fn pinned_cases() -> Vec<(&'static str, GeneratorParams, Ruleset, u64)> {
    let r2002 = Ruleset::builtin_2002();
    let with = |n: usize, f: &dyn Fn(&mut GeneratorParams)| {
        let mut p = GeneratorParams::new(players(n));
        f(&mut p);
        p
    };
    let demo = {
        let mut p = GeneratorParams::new(
            nebutil::game::demo::PLAYERS
                .iter()
                .map(|(name, class)| PlayerSetup::new(name, *class))
                .collect(),
        );
        p.worlds = 140;
        p.final_turn = Some(20);
        p
    };
    let mut narrow = r2002.clone();
    (narrow.galaxy.min_connections, narrow.galaxy.max_connections) = (2, 3);
    let mut complete = r2002.clone();
    (
        complete.galaxy.min_connections,
        complete.galaxy.max_connections,
    ) = (19, 19);
    vec![
        ("demo_lyra", demo, r2002.clone(), 1999),
        ("p1_s1", with(1, &|_| {}), r2002.clone(), 1),
        ("p2_s_max", with(2, &|_| {}), r2002.clone(), u64::MAX),
        ("p3_s2", with(3, &|_| {}), r2002.clone(), 2),
        ("p6_s42", with(6, &|_| {}), r2002.clone(), 42),
        (
            "p12_s123456789",
            with(12, &|_| {}),
            r2002.clone(),
            123_456_789,
        ),
        (
            "dense_40_in_10x8",
            with(4, &|p| {
                (p.worlds, p.width, p.height) = (40, 10, 8);
                p.black_holes = Some(4);
            }),
            r2002.clone(),
            5,
        ),
        (
            "flat_20x10",
            with(4, &|p| (p.width, p.height) = (20, 10)),
            r2002.clone(),
            3,
        ),
        (
            "tall_13x40_200",
            with(5, &|p| (p.worlds, p.width, p.height) = (200, 13, 40)),
            r2002.clone(),
            17,
        ),
        (
            "few_treasures_no_fleets",
            with(2, &|p| {
                p.treasures = Some(50);
                p.neutral_fleets = Some(0);
            }),
            r2002.clone(),
            3,
        ),
        ("narrow_2_3", with(4, &|_| {}), narrow, 9),
        ("complete_19", with(1, &|p| p.worlds = 20), complete, 1),
        (
            "rules_1999",
            with(7, &|_| {}),
            Ruleset::builtin_1999(),
            1999,
        ),
        ("p20_500_s4", with(20, &|_| {}), r2002.clone(), 4),
        ("p20_500_s5", with(20, &|_| {}), r2002.clone(), 5),
        (
            "p20_1000_s42",
            with(20, &|p| p.worlds = 1000),
            r2002.clone(),
            42,
        ),
        (
            "p50_5000_s42",
            with(50, &|p| p.worlds = 5000),
            r2002.clone(),
            42,
        ),
        ("p100_5000_s43", with(100, &|p| p.worlds = 5000), r2002, 43),
    ]
}

#[test]
fn same_seed_same_bytes_as_the_quadratic_generator() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/generate");
    let update = std::env::var_os("UPDATE_EXPECT").is_some();
    let mut lines = Vec::new();
    for (name, params, rules, seed) in pinned_cases() {
        let g = match generate_seeded(&params, &rules, seed) {
            Ok(g) => g,
            Err(error) => panic!("{name}: {error}"),
        };
        let text = dump(&g);
        lines.push(format!("{name} {:016x} {}", fnv1a(&text), g.worlds.len()));
        if g.worlds.len() <= 200 {
            let path = dir.join(format!("{name}.txt"));
            if update {
                std::fs::create_dir_all(&dir).unwrap_or_default();
                std::fs::write(&path, &text).unwrap_or_default();
            }
            let expected = std::fs::read_to_string(&path).unwrap_or_default();
            if expected != text {
                let first = expected
                    .lines()
                    .zip(text.lines())
                    .find(|(a, b)| a != b)
                    .map(|(a, b)| format!("expected {a}\n     got {b}"))
                    .unwrap_or_else(|| "lengths differ".into());
                panic!("{name}: the galaxy changed\n{first}");
            }
        }
    }
    let table = lines.join("\n") + "\n";
    let path = dir.join("galaxies.txt");
    if update {
        std::fs::create_dir_all(&dir).unwrap_or_default();
        std::fs::write(&path, &table).unwrap_or_default();
    }
    let expected = std::fs::read_to_string(&path).unwrap_or_default();
    assert_eq!(expected, table, "name, hash of the dump, worlds");
}

/// Far above the quadratic generator's old cap of 5 000 worlds: every property of
/// the map, the start and the neutral population still holds.
#[test]
fn a_large_galaxy_keeps_every_property() {
    let rules = Ruleset::builtin_2002();
    let mut params = GeneratorParams::new(players(800));
    params.worlds = 20_000;
    let g = generate_seeded(&params, &rules, 2026).unwrap_or_default();
    assert_eq!(g.worlds.len(), 20_000);
    check_map(&g, &rules);
    let starts = start_worlds(&g);
    assert_eq!(starts.len(), 800);
    for world in starts.values() {
        let w = &g.worlds[world];
        assert_eq!((w.industries, w.mp, w.population.total()), (30, 30, 50));
        for next in &w.connections {
            assert!(!g.worlds[next].is_start_world() && !g.worlds[next].black_hole);
        }
    }
    let black_holes = g.worlds.values().filter(|w| w.black_hole).count();
    assert_eq!(black_holes, 20_000 / 40);
    assert_eq!(g.fleets_of(PlayerId::NEUTRAL).count(), 20_000 / 5);
    assert_eq!(g.fleets.len(), 800 * 5 + 20_000 / 5);
    assert_eq!(g.treasures.len(), 200);
    // Farthest-point selection still spreads them (see start_worlds_are_spread_apart).
    let coords: Vec<u32> = starts.into_values().collect();
    let closest = coords
        .iter()
        .enumerate()
        .flat_map(|(i, a)| coords[i + 1..].iter().map(move |b| (*a, *b)))
        .map(|(a, b)| torus_distance(&g, a, b))
        .min()
        .unwrap_or(0);
    let per_start = u64::from(g.width) * u64::from(g.height) / 800;
    assert!(
        closest * 2 >= per_start,
        "{closest} (squared), {per_start} cells each"
    );
}

/// `nebutil game new` above the generator's cap: a clear message, nothing written.
#[test]
fn game_new_refuses_more_worlds_than_the_cap() {
    let dir = std::env::temp_dir().join(format!("nebutil-generate-cap-{}", std::process::id()));
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_nebutil"))
        .args([
            "game",
            "new",
            "--players",
            "2",
            "--seed",
            "1",
            "--lang",
            "en",
        ])
        .args(["--worlds", "200001", "--out"])
        .arg(&dir)
        .output();
    let Ok(output) = output else {
        panic!("nebutil did not run");
    };
    assert!(!output.status.success());
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains("200001 worlds: the generator makes galaxies of at most 200000 worlds"),
        "{stderr}"
    );
    assert!(!dir.join("game.ron").exists());
    let _ = std::fs::remove_dir_all(&dir);
}
