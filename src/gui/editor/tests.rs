//! The editor's drafts, positions and appended orders.

use super::*;

#[test]
fn positions_convert_between_lines_and_characters() {
    let text = "M_48 C 10 VC\nF_é7 MM 48\n";
    assert_eq!(char_index(text, 1, 1), 0);
    assert_eq!(char_index(text, 2, 1), 13);
    assert_eq!(char_index(text, 2, 5), 17);
    // Past the end of a line: its end.
    assert_eq!(char_index(text, 1, 99), 12);
    assert_eq!(line_of(text, 0), 1);
    assert_eq!(line_of(text, 13), 2);
    assert_eq!(line_of(text, 12), 1);
}

#[test]
fn appended_orders_take_a_line_of_their_own() {
    let mut state = EditorState::new(None);
    state.append_line("M_48 C 10 VC");
    state.text.push_str("F_57 P");
    state.append_line("F_57 MM 48 304\n");
    assert_eq!(state.text, "M_48 C 10 VC\nF_57 P\nF_57 MM 48 304\n");
}

#[test]
fn every_cr_has_a_stable_draft_key() {
    let mut view = TurnView {
        game: Some("ORION".into()),
        turn: Some(7),
        ..TurnView::default()
    };
    assert_eq!(draft_key(&view, None).file_name(), "ORION___t7.txt");
    view.player = Some(crate::model::view::PlayerRef {
        name: "Maxtor".into(),
        number: Some(5),
    });
    assert_eq!(draft_key(&view, None).file_name(), "ORION_5_t7.txt");
    // A game created without a name, in its game folder: the folder's name.
    view.game = None;
    let in_folder = Path::new("/parties/orion-2/players/5/turn-007.cr");
    assert_eq!(
        draft_key(&view, Some(in_folder)).file_name(),
        "orion-2_5_t7.txt"
    );
    // Elsewhere: a token drawn from the reader, the same for every file of his.
    let alone = draft_key(&view, Some(Path::new("/tmp/a/t7.txt")));
    assert!(alone.game.starts_with("sans-nom-"), "{alone:?}");
    assert_eq!(alone, draft_key(&view, Some(Path::new("/home/b/t7.txt"))));
    let mut other = view.clone();
    other.player = Some(crate::model::view::PlayerRef {
        name: "Miria".into(),
        number: Some(6),
    });
    assert_ne!(draft_key(&other, None).game, alone.game);
    // Nothing known at all: the file's folder, and turn 0.
    let blank = TurnView::default();
    let here = draft_key(&blank, Some(Path::new("/tmp/a/t.txt")));
    assert_eq!(here.turn, 0);
    assert_eq!(here, draft_key(&blank, Some(Path::new("/tmp/a/u.txt"))));
    assert_ne!(here, draft_key(&blank, Some(Path::new("/tmp/b/t.txt"))));
}

fn view(turn: u32) -> TurnView {
    TurnView {
        game: Some("ORION".into()),
        turn: Some(turn),
        player: Some(crate::model::view::PlayerRef {
            name: "Maxtor".into(),
            number: Some(5),
        }),
        ..TurnView::default()
    }
}

fn step(state: &mut EditorState, ctx: &egui::Context, view: &TurnView, knowledge: &Knowledge) {
    let context = EditorContext {
        knowledge,
        view: Some(view),
        ruleset: None,
        revision: (0, 0),
        source: None,
        lang: Lang::Fr,
    };
    state.update(ctx, &context);
}

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("nebutil-editor-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let _ = std::fs::create_dir_all(&dir);
    dir
}

#[test]
fn each_turn_has_its_draft_and_switching_back_restores_it() {
    let dir = temp_dir("switch");
    let ctx = egui::Context::default();
    let knowledge = Knowledge::new();
    let mut state = EditorState::new(Some(dir.clone()));
    step(&mut state, &ctx, &view(7), &knowledge);
    state.text = "F_57 P\n".into();
    step(&mut state, &ctx, &view(7), &knowledge);
    // Turn 6 has no draft: an empty text (turn 7's is saved).
    step(&mut state, &ctx, &view(6), &knowledge);
    assert_eq!(state.text, "");
    assert!(!state.has_pending_draft());
    step(&mut state, &ctx, &view(7), &knowledge);
    assert_eq!(state.text, "F_57 P\n");
    assert_eq!(state.checked().file.orders.len(), 1);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn text_that_could_not_be_saved_is_never_replaced_without_asking() {
    let dir = temp_dir("unsaved");
    let ctx = egui::Context::default();
    let knowledge = Knowledge::new();
    // A draft for turn 6.
    let key = draft_key(&view(6), None);
    assert!(drafts::save(&dir, &key, "F_1 P\n").is_ok());
    // The drafts folder of turn 7 cannot be written: a file stands in the way.
    let blocked = dir.join("blocked");
    let _ = std::fs::write(&blocked, "");
    let mut state = EditorState::new(Some(blocked));
    step(&mut state, &ctx, &view(7), &knowledge);
    state.text = "F_57 P\n".into();
    step(&mut state, &ctx, &view(7), &knowledge);
    assert!(state.save_error.is_some());
    // Turn 6's draft is found, in the same (now reachable) folder.
    state.data_dir = Some(dir.clone());
    step(&mut state, &ctx, &view(6), &knowledge);
    assert_eq!(state.text, "F_57 P\n");
    assert!(state.has_pending_draft());
    let _ = std::fs::remove_dir_all(&dir);
}
