//! The arbiter's view: players, the folder watched, the log.

use super::window::voided_ui;
use super::*;
use crate::game::generate::{GeneratorParams, PlayerSetup, generate_seeded};
use crate::rules::Ruleset;

fn save() -> Save {
    let players = vec![
        PlayerSetup::new("Ana", Class::Emperor),
        PlayerSetup::new("Bob", Class::Merchant),
    ];
    let ruleset = Ruleset::builtin_2002();
    let galaxy = generate_seeded(&GeneratorParams::new(players), &ruleset, 3)
        .unwrap_or_else(|e| panic!("{}", e.message(Lang::En)));
    Save::new(None, ruleset, 3, galaxy)
}

#[test]
fn players_are_listed_by_number_with_their_rank_by_score() {
    let mut save = save();
    if let Some(bob) = save.galaxy.players.get_mut(&PlayerId(2)) {
        bob.score = 50;
    }
    let mut sent = BTreeMap::new();
    sent.insert(
        PlayerId(2),
        folder::sent_from_bytes(PlayerId(2), 1, b"XX\n"),
    );
    let rows = player_rows(&save, &sent);
    let summary: Vec<(u32, usize, Option<usize>, usize)> = rows
        .iter()
        .map(|r| (r.number, r.rank, r.orders, r.unreadable))
        .collect();
    assert_eq!(summary, [(1, 2, None, 0), (2, 1, Some(0), 1)]);
}

#[test]
fn the_last_turn_resolved_shows_the_final_ranking_then_nothing_more_resolves() {
    let dir = std::env::temp_dir().join(format!("nebutil-arbiter-last-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let mut save = save();
    save.galaxy.final_turn = 2;
    for (relative, text) in folder::game_files(&save) {
        let _ = crate::storage::write_atomic_in_new_dirs(
            &dir.join(relative),
            text.as_bytes(),
            crate::storage::Durability::Synced,
        );
    }
    let mut state = ArbiterState::default();
    assert!(state.open_game(&dir, Lang::En));
    let ctx = egui::Context::default();
    let wait = |state: &mut ArbiterState| {
        for _ in 0..3000 {
            state.poll(Lang::En);
            if !state.is_running() {
                return;
            }
            std::thread::sleep(std::time::Duration::from_millis(10));
        }
        panic!("not resolved");
    };
    state.resolve(&ctx, Lang::En);
    wait(&mut state);
    let ranking: Vec<u32> = state
        .log()
        .map(|l| l.final_ranking.iter().map(|(p, _)| p.0).collect())
        .unwrap_or_default();
    assert_eq!(ranking.len(), 2, "{:?}", state.error());
    assert_eq!(state.game().map(|g| g.save.galaxy.turn), Some(2));
    // The game is over: resolving again is refused with the reason.
    state.resolve(&ctx, Lang::En);
    wait(&mut state);
    assert!(state.error().is_some());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_save_on_its_own_is_shown_but_never_resolved() {
    let dir = std::env::temp_dir().join(format!("nebutil-arbiter-alone-{}", std::process::id()));
    let _ = std::fs::create_dir_all(&dir);
    let path = dir.join("game-001.ron");
    let _ = std::fs::write(&path, save().to_ron());
    let mut state = ArbiterState::default();
    assert!(state.open_game(&path, Lang::Fr));
    let game = state.game().map(|g| (g.dir.is_none(), g.players.len()));
    assert_eq!(game, Some((true, 2)));
    // Player 2's files, the app's own text (no folder to place them in).
    let sources = state.player_sources(2).unwrap_or_default();
    let names: Vec<(&str, bool)> = sources
        .iter()
        .map(|(s, nbt)| (s.name.as_str(), *nbt))
        .collect();
    assert_eq!(names, [("turn-001.cr", false), ("turn-001.nbt", true)]);
    assert!(sources.iter().all(|(s, _)| s.path().is_none()));
    assert!(state.player_sources(0).is_none());
    state.resolve(&egui::Context::default(), Lang::En);
    assert!(!state.is_running());
    assert!(state.error().is_some_and(|e| e.contains("on its own")));
    // Not a save: refused with a message.
    let _ = std::fs::write(&path, "(nothing)");
    assert!(!state.open_game(&path, Lang::En));
    let _ = std::fs::remove_dir_all(&dir);
}

/// An inconsistent save is refused with the same message as `nebutil game show`.
#[test]
fn an_inconsistent_save_is_refused_naming_entity_and_field() {
    let dir = std::env::temp_dir().join(format!("nebutil-arbiter-bad-{}", std::process::id()));
    let _ = std::fs::create_dir_all(&dir);
    let path = dir.join("game.ron");
    let mut bad = save();
    let fleet = bad.galaxy.fleets.keys().next().copied().unwrap_or(1);
    if let Some(f) = bad.galaxy.fleets.get_mut(&fleet) {
        f.world = 999_999;
    }
    let _ = std::fs::write(&path, bad.to_ron());
    let mut state = ArbiterState::default();
    assert!(!state.open_game(&path, Lang::Fr));
    let error = state.error().unwrap_or_default().to_string();
    let expected = crate::game::save::Save::from_ron(&bad.to_ron())
        .err()
        .map(|e| e.message(Lang::Fr))
        .unwrap_or_default();
    assert!(expected.contains(&format!("F_{fleet}")), "{expected}");
    assert!(error.contains(&expected), "{error}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn only_the_voided_orders_in_view_are_laid_out() {
    use egui_kittest::kittest::Queryable;
    let text: String = (1..=3000).map(|n| format!("F_{n} M_{}\n", n + 1)).collect();
    let orders = crate::orders::parse_orders(&text).orders;
    assert_eq!(orders.len(), 3000);
    let voided: Vec<VoidedOrder> = orders
        .into_iter()
        .map(|order| VoidedOrder {
            player: PlayerId(1),
            diagnostic: crate::diagnostic::Diagnostic::error("resolve-void-class", order.span),
            order,
        })
        .collect();
    let mut sent = BTreeMap::new();
    sent.insert(
        PlayerId(1),
        folder::sent_from_bytes(PlayerId(1), 1, text.as_bytes()),
    );
    let log = TurnLog {
        turn: 1,
        next_turn: 2,
        names: BTreeMap::from([(PlayerId(1), "Ana".to_string())]),
        sent,
        onr: Vec::new(),
        voided,
        final_ranking: Vec::new(),
        text: String::new(),
        written: 0,
    };
    let name = |id: &PlayerId| format!("{} « Ana »", id.0);
    let harness = egui_kittest::Harness::builder()
        .with_size(egui::vec2(900.0, 700.0))
        .build_ui(|ui| voided_ui(ui, &log, Lang::Fr, &name));
    let file = log
        .sent
        .get(&PlayerId(1))
        .map(|s| s.file.clone())
        .unwrap_or_default();
    // The first rows are there, the last is not: a few dozen rows at most.
    harness.get_by_label(&format!("{file}:1"));
    harness.get_by_label("F_1 MM 2");
    assert!(harness.query_by_label(&format!("{file}:3000")).is_none());
    let laid_out = harness
        .query_all_by_label_contains(&format!("{file}:"))
        .count();
    assert!((5..60).contains(&laid_out), "{laid_out} rows laid out");
}

#[test]
fn game_paths_are_folders_with_a_save_or_ron_files() {
    assert!(is_game_path(Path::new("saves/game-003.ron")));
    assert!(is_game_path(Path::new("x/GAME.RON")));
    assert!(!is_game_path(Path::new("turn-003.cr")));
    // A folder without game.ron is not a game.
    assert!(!is_game_path(&std::env::temp_dir()));
}
